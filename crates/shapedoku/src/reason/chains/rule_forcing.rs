//! Forcing chains over rules: assume a candidate, then let singles AND every rule's own
//! propagation (kropki dots, thermometers, sums, lines, Killer cages...) run; if they end in a
//! contradiction (a cell without candidates, a house without a place for a symbol, a rule that
//! can no longer be met), the candidate is false.
//!
//! The classic forcing chain (`forcing.rs`) follows singles only; on setters' puzzles the
//! rules carry most of the logic, and a chain that may not use them stops where a solver
//! would go on. Each link names its reason: a single, or a rule's removal with the reason its
//! propagator states (the same reasons as the rule steps). The chains are bounded (links per
//! chain, tried shortest bound first), tried after every other logical technique and before
//! the guess, and only on geometries with rules or sum shapes: on a classic grid there is
//! nothing to add to the classic forcing chain, so its ratings do not change.

use crate::reason::board::Board;
use crate::reason::finder::Finder;
use crate::reason::rules::reasons::{ChainEnd, RuleLink, RuleReason, RuleRef};
use crate::reason::step::{Broken, Candidate, Deduction, Step};
use crate::solver::rule_chain::{RulePropagators, RuleSource};
use crate::{CellId, ShapeId, Symbol};
use std::collections::VecDeque;

/// Links a chain may take: the shortest bound is tried over every assumption first, so the
/// chains reported are short when short ones exist.
const BOUNDS: [usize; 4] = [6, 16, 40, 120];

/// Finds one forcing chain over rules, shortest bound first.
pub(crate) fn find(board: &Board, f: &mut Finder) {
    search(board, f, &BOUNDS, false);
}

/// Links a nested chain may take (an inner chain counts as one): the inner chains make each
/// assumption cost many, so the shortest bound is left out.
const NESTED_BOUNDS: [usize; 3] = [16, 40, 120];

/// Links an inner chain of a nested one may take.
const INNER_BOUND: usize = 40;

/// Finds one nested forcing chain over rules: as [`find`], but where singles, the rules and
/// locked places come to rest, one end of a strong link (a cell with two candidates left, a
/// symbol with two places left in a house) is tried with a chain of its own (from the state
/// the outer chain reached, without nesting further); when that inner chain ends in a
/// contradiction the candidate goes, the other end holds, and the outer chain goes on. It
/// finds what one assumption's propagation cannot: a human's "then this cell is 3 or 8, and
/// 3 would break the box" inside a longer argument.
pub(crate) fn find_nested(board: &Board, f: &mut Finder) {
    search(board, f, &NESTED_BOUNDS, true);
}

/// The search of [`find`] and [`find_nested`].
fn search(board: &Board, f: &mut Finder, bounds: &[usize], nest: bool) {
    let g = board.geometry();
    // Without rules or sum shapes there is nothing beyond the classic forcing chain (and
    // nothing to build).
    let sums = || {
        g.shapes()
            .iter()
            .any(|s| matches!(s.rule, crate::Rule::Sum { .. }))
    };
    if g.constraints().is_empty() && !sums() {
        return;
    }
    let props = RulePropagators::new(g);
    if props.is_empty() {
        return;
    }
    let mut cells: Vec<usize> = (0..g.cell_count())
        .filter(|&c| board.value(c).is_none())
        .collect();
    cells.sort_by_key(|&c| (board.candidates(c).len(), c));
    // Assumptions that ended without a contradiction before a bound end so at every bound.
    let n = g.symbol_count();
    let mut settled = vec![false; g.cell_count() * n];
    for &bound in bounds {
        for &c in &cells {
            for v in board.candidates(c).iter() {
                if settled[c * n + v as usize] {
                    continue;
                }
                if f.out_of_budget() {
                    return;
                }
                match chase(board, &props, (c, v), bound, false, nest) {
                    Chase::Breaks(..) => {
                        // Told again, with every link's reason.
                        let Chase::Breaks(links, end) =
                            chase(board, &props, (c, v), bound, true, nest)
                        else {
                            continue;
                        };
                        // A chain without an inner chain is the plain search's to report
                        // (under its own technique), not this one's.
                        if nest && !links.iter().any(RuleLink::is_nested) {
                            continue;
                        }
                        let assumed = Candidate::at(c, v);
                        let step = Step::eliminating(
                            vec![assumed],
                            Deduction::RuleForcingChain {
                                assumed,
                                links,
                                end,
                            },
                        );
                        f.push(step);
                        return;
                    }
                    Chase::Settles => settled[c * n + v as usize] = true,
                    Chase::Capped => {}
                }
            }
        }
    }
}

/// What the propagation of an assumption came to.
enum Chase {
    /// A contradiction, after these links (empty unless told).
    Breaks(Vec<RuleLink>, ChainEnd),
    /// Nothing more follows, without a contradiction.
    Settles,
    /// The bound on links stopped it.
    Capped,
}

/// Assumes `v` at `start` and propagates singles and the rules until a contradiction, a fixed
/// point or `bound` links; with `tell`, the links are recorded with their reasons; with
/// `nest`, inner chains go on where the rest comes to a fixed point.
fn chase(
    board: &Board,
    props: &RulePropagators,
    start: (usize, u8),
    bound: usize,
    tell: bool,
    nest: bool,
) -> Chase {
    let masks: Vec<u64> = (0..board.geometry().cell_count())
        .map(|c| match board.value(c) {
            Some(x) => 1u64 << x,
            None => board.candidates(c).0,
        })
        .collect();
    let placed: Vec<bool> = (0..board.geometry().cell_count())
        .map(|c| board.value(c).is_some())
        .collect();
    chase_from(board, props, masks, placed, start, bound, tell, nest)
}

/// [`chase`] from the candidates `masks` (one mask per cell) with the cells `placed` placed.
#[allow(clippy::too_many_arguments)]
fn chase_from(
    board: &Board,
    props: &RulePropagators,
    mut masks: Vec<u64>,
    mut placed: Vec<bool>,
    (start, v): (usize, u8),
    bound: usize,
    tell: bool,
    nest: bool,
) -> Chase {
    let g = board.geometry();
    let t = board.tables();
    let n = g.symbol_count();
    let pw = t.peer_words;
    let mut links: Vec<RuleLink> = Vec::new();
    let mut count = 0usize;
    let mut queue: VecDeque<usize> = VecDeque::new();
    masks[start] = 1 << v;
    queue.push_back(start);
    let mut removals = Vec::new();
    loop {
        // Singles: each placed cell's peers lose its value; a cell left with one candidate
        // is placed.
        while let Some(p) = queue.pop_front() {
            placed[p] = true;
            let bit = masks[p];
            for i in 0..pw {
                let mut m = t.peer_bits[p * pw + i];
                while m != 0 {
                    let q = i * 64 + m.trailing_zeros() as usize;
                    m &= m - 1;
                    if masks[q] & bit == 0 {
                        continue;
                    }
                    masks[q] &= !bit;
                    if masks[q] == 0 {
                        return Chase::Breaks(links, ChainEnd::Broken(Broken::cell(q)));
                    }
                    if masks[q].count_ones() == 1 && !placed[q] {
                        count += 1;
                        if count > bound {
                            return Chase::Capped;
                        }
                        if tell {
                            links.push(RuleLink::NakedSingle {
                                cell: CellId::new(q),
                                symbol: Symbol::new(masks[q].trailing_zeros() as usize),
                            });
                        }
                        placed[q] = true;
                        queue.push_back(q);
                    }
                }
            }
        }
        // Hidden singles, and houses without a place for a symbol.
        for (h, house) in t.house_cells.chunks(n).enumerate() {
            for s in 0..n {
                let bit = 1u64 << s;
                let mut holders = house.iter().filter(|&&c| masks[c as usize] & bit != 0);
                let Some(&first) = holders.next() else {
                    return Chase::Breaks(
                        links,
                        ChainEnd::Broken(Broken::house(t.houses[h], s as u8)),
                    );
                };
                let first = first as usize;
                if holders.next().is_some() || placed[first] {
                    continue;
                }
                count += 1;
                if count > bound {
                    return Chase::Capped;
                }
                if tell {
                    links.push(RuleLink::HiddenSingle {
                        cell: CellId::new(first),
                        symbol: Symbol::new(s),
                        house: ShapeId::new(t.houses[h]),
                    });
                }
                masks[first] = bit;
                placed[first] = true;
                queue.push_back(first);
            }
            if !queue.is_empty() {
                break;
            }
        }
        if !queue.is_empty() {
            continue;
        }
        // The rules, one pass each, until one removes something.
        let mut changed = false;
        for i in 0..props.len() {
            let rule = match props.source(i) {
                RuleSource::Rule(r) => RuleRef::Rule(r),
                RuleSource::Shape(s) => RuleRef::Cage(ShapeId::new(s)),
            };
            removals.clear();
            let sink = if tell { Some(&mut removals) } else { None };
            match props.run(i, &mut masks, sink) {
                None => return Chase::Breaks(links, ChainEnd::Rule(rule)),
                Some(false) => continue,
                Some(true) => {}
            }
            changed = true;
            count += 1;
            if count > bound {
                return Chase::Capped;
            }
            if tell {
                for group in removals.chunk_by(|a, b| a.why == b.why) {
                    let mut eliminations = Vec::new();
                    for r in group {
                        let mut gone = r.removed;
                        while gone != 0 {
                            let s = gone.trailing_zeros() as u8;
                            gone &= gone - 1;
                            eliminations.push(Candidate::at(r.cell as usize, s));
                        }
                    }
                    links.push(RuleLink::Rule {
                        rule,
                        eliminations,
                        reason: RuleReason::of(&group[0].why),
                    });
                }
            }
            // The cells the rule left with one candidate are placed (their peers to clear).
            for (c, &m) in masks.iter().enumerate() {
                if m == 0 {
                    return Chase::Breaks(links, ChainEnd::Broken(Broken::cell(c)));
                }
                if !placed[c] && m.count_ones() == 1 {
                    placed[c] = true;
                    queue.push_back(c);
                }
            }
            break;
        }
        if !changed {
            // Singles and the rules are done: a symbol whose places in a house all see other
            // cells leaves them (pointing and claiming, and their like for any house and
            // peer), then singles and the rules go on.
            match locked(t, n, &mut masks, &placed, tell) {
                Locked::Broken(q) => {
                    return Chase::Breaks(links, ChainEnd::Broken(Broken::cell(q)));
                }
                Locked::Nothing if !nest => return Chase::Settles,
                Locked::Nothing => {
                    let Some((q, w, inner)) = inner(board, props, &masks, &placed, tell) else {
                        return Chase::Settles;
                    };
                    count += 1;
                    if count > bound {
                        return Chase::Capped;
                    }
                    masks[q] &= !(1u64 << w);
                    if let Some((inner_links, inner_end)) = inner {
                        links.push(RuleLink::Nested {
                            assumed: Candidate::at(q, w),
                            links: inner_links,
                            end: inner_end,
                        });
                    }
                    if masks[q] == 0 {
                        return Chase::Breaks(links, ChainEnd::Broken(Broken::cell(q)));
                    }
                    if !placed[q] && masks[q].count_ones() == 1 {
                        placed[q] = true;
                        queue.push_back(q);
                    }
                }
                Locked::Removed(house, symbol, eliminations) => {
                    count += 1;
                    if count > bound {
                        return Chase::Capped;
                    }
                    if tell {
                        links.push(RuleLink::Locked {
                            house: ShapeId::new(t.houses[house]),
                            symbol: Symbol::new(symbol),
                            eliminations,
                        });
                    }
                    for (c, &m) in masks.iter().enumerate() {
                        if !placed[c] && m.count_ones() == 1 {
                            placed[c] = true;
                            queue.push_back(c);
                        }
                    }
                }
            }
        }
    }
}

/// The inner chain of a nested one: the first candidate at one end of a strong link (a cell
/// with two candidates left, in cell order; then a symbol with two places left in a house, in
/// house and symbol order) whose own chain from `masks` ends in a contradiction, with that
/// chain's links and end when `tell`. Only the ends of strong links are tried: the other end
/// then holds, and trying every candidate would cost a chain per candidate at every rest.
#[allow(clippy::type_complexity)]
fn inner(
    board: &Board,
    props: &RulePropagators,
    masks: &[u64],
    placed: &[bool],
    tell: bool,
) -> Option<(usize, u8, Option<(Vec<RuleLink>, ChainEnd)>)> {
    let t = board.tables();
    let n = board.geometry().symbol_count();
    let mut tries: Vec<(usize, u8)> = Vec::new();
    for (q, &m) in masks.iter().enumerate() {
        if !placed[q] && m.count_ones() == 2 {
            tries.push((q, m.trailing_zeros() as u8));
            tries.push((q, (63 - m.leading_zeros()) as u8));
        }
    }
    for house in t.house_cells.chunks(n) {
        for s in 0..n {
            let bit = 1u64 << s;
            let mut places = house
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| masks[c] & bit != 0);
            let (Some(a), Some(b), None) = (places.next(), places.next(), places.next()) else {
                continue;
            };
            for c in [a, b] {
                if !placed[c] && !tries.contains(&(c, s as u8)) {
                    tries.push((c, s as u8));
                }
            }
        }
    }
    for (q, w) in tries {
        let from = || (masks.to_vec(), placed.to_vec());
        let (a, b) = from();
        if let Chase::Breaks(..) = chase_from(board, props, a, b, (q, w), INNER_BOUND, false, false)
        {
            if !tell {
                return Some((q, w, None));
            }
            let (a, b) = from();
            if let Chase::Breaks(links, end) =
                chase_from(board, props, a, b, (q, w), INNER_BOUND, true, false)
            {
                return Some((q, w, Some((links, end))));
            }
        }
    }
    None
}

/// What one look for locked places found.
enum Locked {
    /// No symbol's places in a house see a cell that still has it.
    Nothing,
    /// The places of the symbol (second) in the house (third, an index of the houses) see
    /// cells that had it: removed from them (the candidates, when told).
    Removed(usize, usize, Vec<Candidate>),
    /// A cell lost its last candidate.
    Broken(usize),
}

/// The first house and symbol (in house order, then symbol order) whose places, two or
/// more and none of them placed, all see a cell that still has the symbol: the symbol leaves
/// every such cell, since one of the places holds it. A placed symbol's peers are cleared by
/// the singles already.
fn locked(
    t: &crate::reason::board::Tables,
    n: usize,
    masks: &mut [u64],
    placed: &[bool],
    tell: bool,
) -> Locked {
    let pw = t.peer_words;
    // The peers every place sees, on the stack for boards up to 1,024 cells.
    let mut acc = [0u64; 16];
    if pw > acc.len() {
        return Locked::Nothing;
    }
    for (h, house) in t.house_cells.chunks(n).enumerate() {
        for s in 0..n {
            let bit = 1u64 << s;
            acc[..pw].fill(u64::MAX);
            let mut places = 0;
            for &c in house {
                let c = c as usize;
                if masks[c] & bit == 0 {
                    continue;
                }
                if placed[c] {
                    places = 0;
                    break;
                }
                places += 1;
                for (a, &m) in acc.iter_mut().zip(&t.peer_bits[c * pw..(c + 1) * pw]) {
                    *a &= m;
                }
            }
            if places < 2 {
                continue;
            }
            let mut gone = Vec::new();
            let mut hit = false;
            for (i, &w) in acc[..pw].iter().enumerate() {
                let mut m = w;
                while m != 0 {
                    let q = i * 64 + m.trailing_zeros() as usize;
                    m &= m - 1;
                    if masks[q] & bit == 0 {
                        continue;
                    }
                    masks[q] &= !bit;
                    hit = true;
                    if tell {
                        gone.push(Candidate::at(q, s as u8));
                    }
                    if masks[q] == 0 {
                        return Locked::Broken(q);
                    }
                }
            }
            if hit {
                return Locked::Removed(h, s, gone);
            }
        }
    }
    Locked::Nothing
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Puzzle, builtin};

    #[test]
    fn places_in_a_house_that_all_see_some_cells_take_the_symbol_from_them() {
        let g = builtin::geometry("classic").unwrap();
        let board = Board::new(&Puzzle::empty(g));
        // 1 has two places left in row 1, r1c1 and r1c2, both in box 1: the rest of the box
        // loses it, and nothing else does.
        let mut masks = vec![0x1ffu64; 81];
        for m in &mut masks[2..9] {
            *m &= !1;
        }
        let placed = vec![false; 81];
        let Locked::Removed(_, 0, gone) = locked(board.tables(), 9, &mut masks, &placed, true)
        else {
            panic!("no locked places found");
        };
        let cells: Vec<usize> = gone.iter().map(|c| c.cell.index()).collect();
        assert_eq!(cells, vec![9, 10, 11, 18, 19, 20]);
        assert!(gone.iter().all(|c| c.symbol.index() == 0));
        assert!(cells.iter().all(|&c| masks[c] == 0x1fe));
        assert_eq!(masks[27], 0x1ff);
    }
}
