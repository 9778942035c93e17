//! Dynamic forcing chains, as Sudoku Explainer has them: a premise (a candidate true, or
//! false) is followed through its consequences, both ways: a candidate true removes the cell's
//! other candidates and the symbol from the cell's peers ("off" links); a candidate false can
//! leave a cell with one candidate or a house with one place for a symbol ("on" links). Each
//! link may use every candidate the links before it removed, which is what makes the chain
//! dynamic: a naked single late in the chain rests on several earlier links at once.
//!
//! The forcing chain of singles ([`super::forcing`]) assumes candidates true only; this one
//! also assumes them false, and besides contradictions it finds conclusions every premise of
//! a set agrees on:
//! - a candidate true (or false) leads to a contradiction: it is false (or true);
//! - the candidate true and the candidate false lead to the same conclusion;
//! - every candidate of a cell leads to the same conclusion (or to a contradiction);
//! - every place of a symbol in a house leads to the same conclusion (or to a contradiction).
//!
//! Among the steps found, the one whose chains are shortest comes first. The chains a step
//! shows are only the links the conclusion rests on (each link's reasons, back to the
//! premise), in the order they were found, each naming why it holds.
//!
//! The links follow the no-repeat shapes and the houses only; other rules are not read, so
//! every conclusion holds whatever the rules are (a variant puzzle loses deductions, never
//! soundness). The work is bounded: a propagation sets each of the board's candidates true or
//! false at most once, and the search looks at the caller's budget between premises.

use crate::reason::board::{Board, Tables};
use crate::reason::finder::Finder;
use crate::reason::step::{Broken, Candidate, Deduction, Step};
use crate::{CellId, Geometry, ShapeId, Symbol, SymbolSet};

/// Why a link of a dynamic forcing chain holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "type", rename_all = "snake_case")
)]
pub enum DynamicWhy {
    /// The branch's premise.
    Assumed,
    /// `by` is true and is in the same cell or sees this cell: this candidate is false.
    Excluded {
        /// The true candidate that excludes it.
        by: Candidate,
    },
    /// Every other candidate of the cell is false (earlier links): this one is true.
    NakedSingle,
    /// Every other place of the symbol in `house` is false (earlier links): this one is true.
    HiddenSingle {
        /// The house.
        house: ShapeId,
    },
}

/// One link of a dynamic forcing chain: `candidate` is true (`on`) or false, for `why`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct DynamicLink {
    /// The candidate.
    pub candidate: Candidate,
    /// Whether the link makes it true (else false).
    pub on: bool,
    /// Why.
    pub why: DynamicWhy,
}

/// One branch of a dynamic forcing chain: its premise (the first link) and the links the
/// step's conclusion, or the contradiction `broken`, rests on, in the order they follow.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct DynamicBranch {
    /// The links, the premise first.
    pub links: Vec<DynamicLink>,
    /// The contradiction the branch ends in (its premise is then impossible), or `None` when
    /// its last link is the step's conclusion.
    pub broken: Option<Broken>,
}

/// What the branches of a dynamic forcing chain start from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "type", rename_all = "snake_case")
)]
pub enum DynamicSource {
    /// One premise, a candidate true or false, that ends in a contradiction: the opposite
    /// holds.
    Contradiction,
    /// A candidate true, then false: both lead to the conclusion.
    Both {
        /// The candidate.
        candidate: Candidate,
    },
    /// Each candidate of `cell` in turn: each leads to the conclusion or to a contradiction.
    Cell {
        /// The cell.
        cell: CellId,
    },
    /// Each place of `symbol` in `house` in turn: each leads to the conclusion or to a
    /// contradiction.
    House {
        /// The house.
        house: ShapeId,
        /// The symbol.
        symbol: Symbol,
    },
}

/// No link yet.
const NONE: u32 = u32::MAX;

/// The most steps one search reports (for hints and tools; the solver takes the first).
const MAX_STEPS: usize = 16;

/// A fact: candidate `(cell, symbol)` true or false, as one number.
fn fact(n: usize, c: usize, v: u8, on: bool) -> u32 {
    (((c * n + v as usize) << 1) | usize::from(on)) as u32
}

/// The cell, symbol and truth of a fact.
fn parts(n: usize, f: u32) -> (usize, u8, bool) {
    let k = (f >> 1) as usize;
    (k / n, (k % n) as u8, f & 1 == 1)
}

/// Why a link holds, as the engine keeps it.
#[derive(Debug, Clone, Copy)]
enum Raw {
    Assumed,
    Excluded(u32),
    Naked,
    Hidden(u16),
}

/// A link found: its fact, why, and the facts it rests on (`parents[from..to]`).
#[derive(Debug, Clone, Copy)]
struct Found {
    fact: u32,
    why: Raw,
    from: u32,
    to: u32,
}

/// The propagation's scratch state, reused across premises.
struct Engine<'a> {
    g: &'a Geometry,
    t: &'a Tables,
    n: usize,
    /// The board's candidates (of the empty cells; a placed cell's are not read).
    base: &'a [SymbolSet],
    empty: Vec<bool>,
    /// Per house, the symbols placed in it on the board.
    placed_in: Vec<SymbolSet>,
    /// The candidates left under the premise.
    cands: Vec<SymbolSet>,
    /// Per fact, its link (index into `links`), or [`NONE`].
    how: Vec<u32>,
    links: Vec<Found>,
    parents: Vec<u32>,
    /// The contradiction met, and the facts it rests on.
    broken: Option<Broken>,
    broken_parents: Vec<u32>,
}

impl<'a> Engine<'a> {
    fn new(board: &'a Board) -> Engine<'a> {
        let g: &Geometry = board.geometry();
        let t = board.tables();
        let n = g.symbol_count();
        let empty: Vec<bool> = (0..g.cell_count())
            .map(|c| board.value(c).is_none())
            .collect();
        let placed_in = (0..t.houses.len())
            .map(|i| {
                t.house_cells[i * n..(i + 1) * n]
                    .iter()
                    .filter_map(|&c| board.value(c as usize))
                    .fold(SymbolSet::EMPTY, SymbolSet::with)
            })
            .collect();
        Engine {
            g,
            t,
            n,
            base: board.candidate_grid(),
            empty,
            placed_in,
            cands: board.candidate_grid().to_vec(),
            how: vec![NONE; g.cell_count() * n * 2],
            links: Vec::new(),
            parents: Vec::new(),
            broken: None,
            broken_parents: Vec::new(),
        }
    }

    /// Whether fact `f` holds under the premise.
    fn has(&self, f: u32) -> bool {
        self.how[f as usize] != NONE
    }

    /// Records fact `f` (if new) for `why`, resting on `parents`; a candidate made false
    /// leaves its cell at once. A fact whose opposite holds is a contradiction: the cell
    /// would have to hold the symbol and could not.
    fn set(&mut self, f: u32, why: Raw, parents: &[u32]) {
        if self.has(f) || self.broken.is_some() {
            return;
        }
        let from = self.parents.len() as u32;
        self.parents.extend_from_slice(parents);
        self.how[f as usize] = self.links.len() as u32;
        self.links.push(Found {
            fact: f,
            why,
            from,
            to: self.parents.len() as u32,
        });
        let (c, v, on) = parts(self.n, f);
        if !on {
            self.cands[c] = self.cands[c].without(v);
        }
        if self.has(f ^ 1) {
            self.broken = Some(Broken::cell(c));
            self.broken_parents.clear();
            self.broken_parents.extend([f ^ 1, f]);
        }
    }

    /// Follows `premises` (set together) to the end, or to a contradiction.
    fn propagate(&mut self, premises: &[u32]) {
        for l in &self.links {
            self.how[l.fact as usize] = NONE;
        }
        self.links.clear();
        self.parents.clear();
        self.broken = None;
        self.cands.copy_from_slice(self.base);
        for &p in premises {
            self.set(p, Raw::Assumed, &[]);
        }
        let mut head = 0;
        let mut scratch = Vec::new();
        while head < self.links.len() && self.broken.is_none() {
            let f = self.links[head].fact;
            head += 1;
            let (c, v, on) = parts(self.n, f);
            if on {
                for u in self.base[c].without(v).iter() {
                    self.set(fact(self.n, c, u, false), Raw::Excluded(f), &[f]);
                }
                for &p in self.g.peers(c) {
                    let p = p as usize;
                    if self.empty[p] && self.cands[p].contains(v) {
                        self.set(fact(self.n, p, v, false), Raw::Excluded(f), &[f]);
                    }
                }
                continue;
            }
            // The cell lost `v`: it may be left empty, or with one candidate.
            let left = self.cands[c];
            scratch.clear();
            scratch.extend(
                self.base[c]
                    .minus(left)
                    .iter()
                    .map(|u| fact(self.n, c, u, false)),
            );
            if left.is_empty() {
                self.broken = Some(Broken::cell(c));
                self.broken_parents.clone_from(&scratch);
                break;
            }
            if let Some(u) = left.single_value() {
                self.set(fact(self.n, c, u, true), Raw::Naked, &scratch);
            }
            // Each house of the cell lost a place for `v`.
            for &h in &self.t.cell_houses[c] {
                let h = h as usize;
                if self.placed_in[h].contains(v) || self.broken.is_some() {
                    continue;
                }
                let cells = &self.t.house_cells[h * self.n..(h + 1) * self.n];
                let mut places = cells
                    .iter()
                    .map(|&p| p as usize)
                    .filter(|&p| self.empty[p] && self.cands[p].contains(v));
                let (first, second) = (places.next(), places.next());
                if second.is_some() {
                    continue;
                }
                scratch.clear();
                scratch.extend(
                    cells
                        .iter()
                        .map(|&p| p as usize)
                        .filter(|&p| self.empty[p] && self.base[p].contains(v) && Some(p) != first)
                        .map(|p| fact(self.n, p, v, false)),
                );
                match first {
                    None => {
                        self.broken = Some(Broken::house(self.g.houses()[h], v));
                        self.broken_parents.clone_from(&scratch);
                    }
                    Some(q) => {
                        self.set(fact(self.n, q, v, true), Raw::Hidden(h as u16), &scratch);
                    }
                }
            }
        }
    }

    /// The links `targets` rest on, back to the premises, in the order found.
    fn chain(&self, targets: &[u32]) -> Vec<DynamicLink> {
        let mut keep = vec![false; self.links.len()];
        let mut stack: Vec<u32> = targets.to_vec();
        while let Some(f) = stack.pop() {
            let i = self.how[f as usize];
            if i == NONE || keep[i as usize] {
                continue;
            }
            keep[i as usize] = true;
            let l = self.links[i as usize];
            stack.extend_from_slice(&self.parents[l.from as usize..l.to as usize]);
        }
        self.links
            .iter()
            .zip(&keep)
            .filter(|(_, k)| **k)
            .map(|(l, _)| {
                let (c, v, on) = parts(self.n, l.fact);
                let why = match l.why {
                    Raw::Assumed => DynamicWhy::Assumed,
                    Raw::Excluded(by) => {
                        let (b, u, _) = parts(self.n, by);
                        DynamicWhy::Excluded {
                            by: Candidate::at(b, u),
                        }
                    }
                    Raw::Naked => DynamicWhy::NakedSingle,
                    Raw::Hidden(h) => DynamicWhy::HiddenSingle {
                        house: ShapeId::new(self.g.houses()[h as usize]),
                    },
                };
                DynamicLink {
                    candidate: Candidate::at(c, v),
                    on,
                    why,
                }
            })
            .collect()
    }

    /// The branch of one premise, propagated, toward `target` (or its contradiction).
    fn branch(&mut self, premise: u32, target: Option<u32>) -> DynamicBranch {
        self.propagate(&[premise]);
        match (self.broken, target) {
            (Some(broken), _) => {
                let parents = self.broken_parents.clone();
                DynamicBranch {
                    links: self.chain(&parents),
                    broken: Some(broken),
                }
            }
            (None, Some(t)) => DynamicBranch {
                links: self.chain(&[t]),
                broken: None,
            },
            (None, None) => DynamicBranch {
                links: self.chain(&[premise]),
                broken: None,
            },
        }
    }
}

/// A step found, before its chains are written out: how long its chains were when found
/// (to report the shortest first), its source and premises, and its conclusion (`None`: the
/// opposite of the one premise).
struct Found2 {
    cost: usize,
    order: usize,
    source: DynamicSource,
    premises: Vec<u32>,
    target: Option<u32>,
}

/// What the premises of one source agree on: each premise is followed in turn; those that
/// end in a contradiction say nothing; of the facts every other one reaches, the one found
/// earliest (summed over the premises) is the conclusion. `None` when they agree on nothing
/// or every premise breaks.
fn agree(
    e: &mut Engine,
    premises: &[u32],
    hits: &mut [u16],
    cost: &mut [u32],
) -> Option<(u32, usize)> {
    let mut alive = 0u16;
    let mut touched: Vec<u32> = Vec::new();
    for &p in premises {
        e.propagate(&[p]);
        if e.broken.is_some() {
            continue;
        }
        for (i, l) in e.links.iter().enumerate() {
            let f = l.fact as usize;
            if hits[f] == alive {
                if alive == 0 {
                    touched.push(l.fact);
                }
                hits[f] += 1;
                cost[f] += i as u32;
            }
        }
        alive += 1;
    }
    let mut best: Option<(u32, usize)> = None;
    for &f in &touched {
        let i = f as usize;
        if alive > 0
            && hits[i] == alive
            && !premises.contains(&f)
            && best.is_none_or(|(_, c)| (cost[i] as usize) < c)
        {
            best = Some((f, cost[i] as usize));
        }
        hits[i] = 0;
        cost[i] = 0;
    }
    best
}

/// Finds dynamic forcing chains, shortest first.
pub(crate) fn find(board: &Board, f: &mut Finder) {
    let g = board.geometry();
    let n = g.symbol_count();
    let t = board.tables();
    let mut e = Engine::new(board);
    let mut cells: Vec<usize> = (0..g.cell_count())
        .filter(|&c| board.value(c).is_none())
        .collect();
    cells.sort_by_key(|&c| (board.candidates(c).len(), c));
    let mut found: Vec<Found2> = Vec::new();
    let mut hits = vec![0u16; g.cell_count() * n * 2];
    let mut cost = vec![0u32; g.cell_count() * n * 2];
    // A candidate true, a candidate false, and both.
    for &c in &cells {
        if f.out_of_budget() {
            return;
        }
        for v in board.candidates(c).iter() {
            let both = [fact(n, c, v, true), fact(n, c, v, false)];
            let mut broke = false;
            for &p in &both {
                e.propagate(&[p]);
                if e.broken.is_some() {
                    broke = true;
                    found.push(Found2 {
                        cost: e.links.len(),
                        order: found.len(),
                        source: DynamicSource::Contradiction,
                        premises: vec![p],
                        target: None,
                    });
                }
            }
            if broke {
                continue;
            }
            if let Some((target, k)) = agree(&mut e, &both, &mut hits, &mut cost) {
                found.push(Found2 {
                    cost: k,
                    order: found.len(),
                    source: DynamicSource::Both {
                        candidate: Candidate::at(c, v),
                    },
                    premises: both.to_vec(),
                    target: Some(target),
                });
            }
        }
    }
    // Every candidate of a cell.
    for &c in &cells {
        if f.out_of_budget() {
            return;
        }
        let premises: Vec<u32> = board
            .candidates(c)
            .iter()
            .map(|v| fact(n, c, v, true))
            .collect();
        if premises.len() < 2 {
            continue;
        }
        if let Some((target, k)) = agree(&mut e, &premises, &mut hits, &mut cost) {
            found.push(Found2 {
                cost: k,
                order: found.len(),
                source: DynamicSource::Cell {
                    cell: CellId::new(c),
                },
                premises,
                target: Some(target),
            });
        }
    }
    // Every place of a symbol in a house.
    for h in 0..t.houses.len() {
        if f.out_of_budget() {
            return;
        }
        for v in 0..n as u8 {
            if e.placed_in[h].contains(v) {
                continue;
            }
            let premises: Vec<u32> = t.house_cells[h * n..(h + 1) * n]
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| board.value(c).is_none() && board.candidates(c).contains(v))
                .map(|c| fact(n, c, v, true))
                .collect();
            if premises.len() < 2 {
                continue;
            }
            if let Some((target, k)) = agree(&mut e, &premises, &mut hits, &mut cost) {
                found.push(Found2 {
                    cost: k,
                    order: found.len(),
                    source: DynamicSource::House {
                        house: ShapeId::new(g.houses()[h]),
                        symbol: Symbol::new(v as usize),
                    },
                    premises,
                    target: Some(target),
                });
            }
        }
    }
    found.sort_by_key(|x| (x.cost, x.order));
    // Write out the cheapest few, then report them by the length of what they show.
    let mut steps: Vec<(usize, usize, Step)> = found
        .iter()
        .take(MAX_STEPS.min(f.room().max(1)))
        .enumerate()
        .map(|(i, x)| {
            let branches: Vec<DynamicBranch> =
                x.premises.iter().map(|&p| e.branch(p, x.target)).collect();
            let length = branches.iter().map(|b| b.links.len()).sum();
            let deduction = Deduction::DynamicForcingChain {
                source: x.source,
                branches,
            };
            let target = x.target.unwrap_or(x.premises[0] ^ 1);
            let (c, v, on) = parts(n, target);
            let step = if on {
                Step::placing(Candidate::at(c, v), deduction)
            } else {
                Step::eliminating(vec![Candidate::at(c, v)], deduction)
            };
            (length, i, step)
        })
        .collect();
    steps.sort_by_key(|s| (s.0, s.1));
    for (_, _, step) in steps {
        if !f.push(step) {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::catalogue::Technique;
    use crate::reason::explain;

    /// Checks a step link by link on `board`, without the engine: each link follows from the
    /// links before it in its branch (or is its premise), each branch ends in its
    /// contradiction or in the step's conclusion, and the premises are all the cases of the
    /// source; so the step is proved from its data alone.
    pub(crate) fn verify(board: &Board, step: &Step) {
        let g = board.geometry();
        let t = board.tables();
        let n = g.symbol_count();
        let Deduction::DynamicForcingChain { source, branches } = &step.deduction else {
            panic!("not a dynamic forcing chain: {step:?}");
        };
        let conclusion = match (&step.placements[..], &step.eliminations[..]) {
            ([p], []) => (*p, true),
            ([], [e]) => (*e, false),
            _ => panic!("one conclusion: {step:?}"),
        };
        let premises: Vec<(Candidate, bool)> = branches
            .iter()
            .map(|b| (b.links[0].candidate, b.links[0].on))
            .collect();
        for b in branches {
            assert_eq!(b.links[0].why, DynamicWhy::Assumed);
            let mut on = std::collections::HashSet::new();
            let mut off = std::collections::HashSet::new();
            for (i, l) in b.links.iter().enumerate() {
                let (c, v) = (l.candidate.cell_index(), l.candidate.symbol_index());
                assert!(board.value(c).is_none() && board.candidates(c).contains(v));
                match l.why {
                    DynamicWhy::Assumed => assert_eq!(i, 0),
                    DynamicWhy::Excluded { by } => {
                        assert!(
                            !l.on && on.contains(&by) && by.symbol_index() == v
                                || by.cell == l.candidate.cell && on.contains(&by)
                        );
                        assert!(
                            by.cell == l.candidate.cell
                                || by.symbol_index() == v
                                    && g.peers(c).contains(&(by.cell_index() as u32))
                        );
                    }
                    DynamicWhy::NakedSingle => {
                        assert!(l.on);
                        for u in board.candidates(c).without(v).iter() {
                            assert!(off.contains(&Candidate::at(c, u)), "{l:?}");
                        }
                    }
                    DynamicWhy::HiddenSingle { house } => {
                        assert!(l.on);
                        let h = t.houses.iter().position(|&s| s == house.index()).unwrap();
                        for &p in &t.house_cells[h * n..(h + 1) * n] {
                            let p = p as usize;
                            if p != c && board.value(p).is_none() && board.candidates(p).contains(v)
                            {
                                assert!(off.contains(&Candidate::at(p, v)), "{l:?}");
                            }
                        }
                    }
                }
                if l.on {
                    on.insert(l.candidate);
                } else {
                    off.insert(l.candidate);
                }
            }
            match b.broken {
                Some(Broken::Cell { cell }) => {
                    let c = cell.index();
                    let all_off = board
                        .candidates(c)
                        .iter()
                        .all(|u| off.contains(&Candidate::at(c, u)));
                    let both = board.candidates(c).iter().any(|u| {
                        on.contains(&Candidate::at(c, u)) && off.contains(&Candidate::at(c, u))
                    });
                    assert!(all_off || both, "{b:?}");
                }
                Some(Broken::House { house, symbol }) => {
                    let h = t.houses.iter().position(|&s| s == house.index()).unwrap();
                    let v = symbol.index() as u8;
                    for &p in &t.house_cells[h * n..(h + 1) * n] {
                        let p = p as usize;
                        assert!(board.value(p) != Some(v));
                        if board.value(p).is_none() && board.candidates(p).contains(v) {
                            assert!(off.contains(&Candidate::at(p, v)), "{b:?}");
                        }
                    }
                }
                None => {
                    let last = b.links.last().unwrap();
                    assert_eq!((last.candidate, last.on), conclusion, "{b:?}");
                }
            }
        }
        assert!(
            branches.iter().any(|b| b.broken.is_none()) || *source == DynamicSource::Contradiction
        );
        match *source {
            DynamicSource::Contradiction => {
                assert_eq!(branches.len(), 1);
                assert!(branches[0].broken.is_some());
                let (c, on) = premises[0];
                assert_eq!(conclusion, (c, !on));
            }
            DynamicSource::Both { candidate } => {
                assert_eq!(premises, vec![(candidate, true), (candidate, false)]);
            }
            DynamicSource::Cell { cell } => {
                let want: Vec<(Candidate, bool)> = board
                    .candidates(cell.index())
                    .iter()
                    .map(|v| (Candidate::at(cell.index(), v), true))
                    .collect();
                assert_eq!(premises, want);
            }
            DynamicSource::House { house, symbol } => {
                let v = symbol.index() as u8;
                let want: Vec<(Candidate, bool)> = g
                    .shape(house.index())
                    .cells
                    .iter()
                    .filter(|&&c| board.value(c).is_none() && board.candidates(c).contains(v))
                    .map(|&c| (Candidate::at(c, v), true))
                    .collect();
                let mut got = premises.clone();
                got.sort();
                let mut want = want;
                want.sort();
                assert_eq!(got, want);
            }
        }
    }

    /// Published puzzles the forcing chain of singles and the techniques before it leave to a
    /// guess: the first lines of the forum's hardest list (`forum_hardest_1905_11plus`,
    /// rated 11 or more by Sudoku Explainer), the second of magictour's top 1465, and lines 249
    /// and 312 of the forum's hardest list of 2011 (`forum_hardest_1106`).
    pub(crate) const HARDEST: [&str; 5] = [
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
        "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2",
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
        "1..4..7....71.9...6...7....2......5...1.6.4.....3....8..6.4.9..5......2..8......3",
        "1..4......5...92......7..14..6.9.....3...59.........67......8..5.2..8....8.93....",
    ];

    /// Along the solves of the hardest puzzles, every dynamic forcing chain is proved from its
    /// own data and true of the puzzle's solution (a guess places the solution's value, so
    /// every board of the solve agrees with it), every form has words for it, and a second
    /// solve gives the same steps.
    #[test]
    fn every_dynamic_step_is_proved_and_true() {
        let g = crate::builtin::geometry("classic").unwrap();
        let mut dynamic = 0;
        for line in HARDEST {
            let p = crate::Puzzle::from_line(g.clone(), line).unwrap();
            let solution = crate::Solver::new(&p).count(2).solutions.remove(0);
            let run = crate::reason::solve(&p);
            let mut b = run.start.clone();
            for step in &run.steps {
                for e in &step.eliminations {
                    assert_ne!(
                        solution[e.cell_index()],
                        e.symbol_index(),
                        "{line} {step:?}"
                    );
                }
                for q in &step.placements {
                    assert_eq!(
                        solution[q.cell_index()],
                        q.symbol_index(),
                        "{line} {step:?}"
                    );
                }
                if step.technique() == Technique::DynamicForcingChain {
                    verify(&b, step);
                    assert!(explain::text(&g, step).contains("dynamic forcing chain"));
                    assert!(explain::compact(&g, step).starts_with("Dynamic Forcing Chain: "));
                    assert!(explain::teach(&g, step).contains("dynamic"));
                    dynamic += 1;
                }
                b.apply(step);
            }
            assert!(b.is_solved());
            assert_eq!(crate::reason::solve(&p).steps, run.steps, "{line}");
        }
        assert!(dynamic >= 10, "{dynamic}");
    }
}
