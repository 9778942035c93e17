//! Forcing chains by contradiction: assume a candidate is true, let naked and hidden singles run;
//! if they end in a contradiction (a cell with no candidate, or a house with no place for a
//! symbol), the candidate is false.
//!
//! This is the last logical technique before a guess. Unlike a guess it proves what it removes:
//! the step lists the assumption, every placement the singles forced, in order, and the
//! contradiction. Candidates of bivalue cells are tried first, then cells with few candidates, and
//! among the contradictions found the one reached in the fewest placements is reported.

use super::{Board, Broken, Candidate, Deduction, Finder, Step};
use crate::symbols::SymbolSet;

/// Passes by the most forced placements a chain may take: short chains are found (and
/// explained) first and cost less; chains beyond the last bound are not reported.
const BOUNDS: [usize; 4] = [2, 6, 15, 40];

/// Work lists for [`propagate`], reused across assumptions.
struct Work {
    /// Houses that may hold a hidden single, as bits over house indices, so the first one (in
    /// house order) is found a word at a time.
    dirty: Vec<u64>,
    cells: Vec<usize>,
    implied: Vec<(usize, u8)>,
    capped: bool,
}

impl Work {
    /// After a placement at `c`: its peers may have become singles or empty, and the houses
    /// through them may have hidden singles.
    fn touched(&mut self, g: &crate::Geometry, t: &super::Tables, c: usize) {
        self.cells.extend(g.peers(c).iter().map(|&p| p as usize));
        let w = t.house_words;
        for (d, &m) in self
            .dirty
            .iter_mut()
            .zip(&t.peer_houses[c * w..(c + 1) * w])
        {
            *d |= m;
        }
    }
}

/// Having placed the assumption at `start`, places singles (only around what changed) until none
/// is left, a contradiction appears, or more than `bound` placements were needed. Placements go
/// to `w.implied`. `w.capped` says whether it stopped at the bound (else a larger bound would
/// end the same way).
fn propagate(
    b: &mut Board,
    t: &super::Tables,
    start: usize,
    w: &mut Work,
    bound: usize,
) -> Option<Broken> {
    w.capped = false;
    let g = b.geometry().clone();
    w.cells.clear();
    w.implied.clear();
    w.dirty.iter_mut().for_each(|d| *d = 0);
    w.touched(&g, t, start);
    loop {
        // First in, first out: cells are examined in the order the placements touched them.
        let mut head = 0;
        while head < w.cells.len() {
            let p = w.cells[head];
            head += 1;
            if b.value(p).is_some() {
                continue;
            }
            let cs = b.candidates(p);
            if cs.is_empty() {
                return Some(Broken::cell(p));
            }
            if let Some(v) = cs.single_value() {
                if w.implied.len() == bound {
                    w.capped = true;
                    return None;
                }
                b.place(p, v);
                w.implied.push((p, v));
                w.touched(&g, t, p);
            }
        }
        w.cells.clear();
        // Nothing left to look at: no contradiction.
        let (word, bits) = w.dirty.iter_mut().enumerate().find(|(_, d)| **d != 0)?;
        let i = word * 64 + bits.trailing_zeros() as usize;
        *bits &= *bits - 1;
        let h = g.houses()[i];
        let mut seen = SymbolSet::EMPTY;
        let mut once = SymbolSet::EMPTY;
        let mut placed = SymbolSet::EMPTY;
        for &c in &g.shape(h).cells {
            let cs = match b.value(c) {
                Some(v) => {
                    placed = placed.with(v);
                    SymbolSet::single(v)
                }
                None => b.candidates(c),
            };
            once = once.minus(cs.intersect(seen)).union(cs.minus(seen));
            seen = seen.union(cs);
        }
        if let Some(v) = g.symbols().all().minus(seen).first() {
            return Some(Broken::house(h, v));
        }
        for v in once.minus(placed).iter() {
            // The one cell of the house holding v (a placement above may have taken it).
            let Some(c) = g
                .shape(h)
                .cells
                .iter()
                .copied()
                .find(|&c| b.value(c).is_none() && b.candidates(c).contains(v))
            else {
                continue;
            };
            if w.implied.len() == bound {
                w.capped = true;
                return None;
            }
            b.place(c, v);
            w.implied.push((c, v));
            w.touched(&g, t, c);
        }
    }
}

/// Finds forcing-chain eliminations, shortest chains first.
pub(crate) fn find(board: &Board, f: &mut Finder) {
    let g = board.geometry();
    let mut cells: Vec<usize> = (0..g.cell_count())
        .filter(|&c| board.value(c).is_none())
        .collect();
    cells.sort_by_key(|&c| (board.candidates(c).len(), c));
    let mut w = Work {
        dirty: vec![0; g.houses().len().div_ceil(64)],
        cells: Vec::new(),
        implied: Vec::new(),
        capped: false,
    };
    // A candidate proved false in an earlier pass is not tried again (a flag per candidate,
    // not a list searched each time, which was quadratic on large boards).
    let n = g.symbol_count();
    let mut done = vec![false; g.cell_count() * n];
    let mut found = false;
    // Assumptions whose singles ran out before the bound: a larger bound ends the same way.
    let mut settled = vec![false; g.cell_count() * n];
    let mut b = board.clone();
    for bound in BOUNDS {
        for &c in &cells {
            // Each assumption propagates over the whole board: on a large one the pass can
            // outlive the caller's deadline unless it looks at the clock between cells.
            if f.out_of_budget() {
                return;
            }
            for v in board.candidates(c).iter() {
                if done[c * n + v as usize] || settled[c * n + v as usize] {
                    continue;
                }
                b.copy_from(board);
                b.place(c, v);
                let Some(broken) = propagate(&mut b, board.tables(), c, &mut w, bound) else {
                    if !w.capped {
                        settled[c * n + v as usize] = true;
                    }
                    continue;
                };
                done[c * n + v as usize] = true;
                found = true;
                let assumed = Candidate::at(c, v);
                let step = Step::eliminating(
                    vec![assumed],
                    Deduction::ForcingChain {
                        assumed,
                        implied: w
                            .implied
                            .iter()
                            .map(|&(c, v)| Candidate::at(c, v))
                            .collect(),
                        broken,
                    },
                );
                if !f.push(step) {
                    return;
                }
            }
        }
        if found {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::test_util::*;
    use crate::reason::{Technique, explain};

    #[test]
    fn contradiction_in_a_row() {
        // r1c1 {1,2}, r1c2 {1,3}, r1c3 {1,3}: assuming r1c1 = 1 leaves r1c2 = 3 and then r1c3
        // with nothing. That is the first step (bivalue cells first, shortest chains first);
        // others follow (a 1 or 3 elsewhere in row 1 or box 1, a 2 elsewhere in column 1...).
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        b.set_candidates(cell(&g, 1, 1), set(&[1, 2]));
        b.set_candidates(cell(&g, 1, 2), set(&[1, 3]));
        b.set_candidates(cell(&g, 1, 3), set(&[1, 3]));
        let mut f = Finder::new(100);
        find(&b, &mut f);
        assert!(f.steps.len() > 1);
        let s = &f.steps[0];
        assert_eq!(s.technique(), Technique::ForcingChain);
        assert_eq!(s.eliminations, vec![cand(&g, 1, 1, 1)]);
        assert_eq!(
            s.deduction,
            Deduction::ForcingChain {
                assumed: cand(&g, 1, 1, 1),
                implied: vec![cand(&g, 1, 2, 3)],
                broken: Broken::Cell {
                    cell: cell_id(&g, 1, 3)
                },
            }
        );
        assert_eq!(
            explain::compact(&g, s),
            "Forcing Chain: r1c1=1 -> r1c2=3 -> r1c3 empty => r1c1<>1"
        );
        assert_eq!(
            explain::text(&g, s),
            "r1c1 ≠ 1: forcing chain, if r1c1 were 1, singles would give r1c2 = 3, and r1c3 would \
             have no candidate left"
        );
        // r1c1 = 2 breaks nothing, so 2 never leaves r1c1.
        assert!(
            f.steps
                .iter()
                .all(|s| s.eliminations != vec![cand(&g, 1, 1, 2)])
        );
    }

    #[test]
    fn contradiction_in_a_house() {
        // Row 1 has 9 only at r1c9; assuming r2c9 = 9 (column 9) leaves row 1 without a 9.
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        for c in 1..=8 {
            b.eliminate(cell(&g, 1, c), sym(9));
        }
        let mut f = Finder::new(100);
        find(&b, &mut f);
        let s = f
            .steps
            .iter()
            .find(|s| s.eliminations == vec![cand(&g, 2, 9, 9)])
            .expect("r2c9<>9");
        let Deduction::ForcingChain {
            implied, broken, ..
        } = &s.deduction
        else {
            panic!()
        };
        assert!(implied.is_empty());
        assert_eq!(
            *broken,
            Broken::House {
                house: shape_id(&g, "row 1"),
                symbol: symbol(9)
            }
        );
        assert_eq!(
            explain::compact(&g, s),
            "Forcing Chain: r2c9=9 -> no 9 in row 1 => r2c9<>9"
        );
    }
}
