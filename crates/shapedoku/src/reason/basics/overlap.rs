//! Shape overlap, the generalised locked candidates: when every place for a symbol in a house
//! lies inside another no-repeat shape, the symbol must sit in that overlap, so it goes from
//! the rest of the other shape. Classic pointing (box → row/column) and claiming (row/column →
//! box) are the special cases; the same rule covers diagonals, windows, jigsaw regions, the
//! shared boxes of a Samurai and cages. The pairs of shapes are computed once per geometry.
//!
//! ```
//! use shapedoku::{builtin, Puzzle, reason::{self, Board, Finder, Deduction}};
//! let g = builtin::geometry("classic").unwrap();
//! // Box 1 holds 1..6 in its top two rows, so 7, 8, 9 are locked into row 3 of box 1.
//! let p = Puzzle::from_line(g, &format!("123......456......{}", ".".repeat(63))).unwrap();
//! let mut f = Finder::new(1);
//! reason::basics::overlap::find(&Board::new(&p), &mut f);
//! let s = &f.steps[0];
//! assert!(matches!(s.deduction, Deduction::ShapeOverlap { .. }));
//! assert!(s.eliminations.iter().all(|e| e.cell.index() / 9 == 2 && e.cell.index() % 9 >= 3));
//! ```

use crate::geometry::OverlapPair;
use crate::reason::board::Board;
use crate::reason::finder::Finder;
use crate::reason::step::{Candidate, Deduction, OverlapKind, Step};
use crate::{ShapeId, Symbol};

/// Finds shape overlaps.
pub fn find(board: &Board, f: &mut Finder) {
    let g = board.geometry();
    // Per source house, its empty cells' candidates by position (placed cells hold none),
    // the symbols placed there and those with a place: a pair confines the symbols with a
    // place in the house but none outside the shared cells, so one union over the cells
    // outside the overlap finds them all, where a mask per symbol was built and read before.
    let mut cands = [0u64; 64];
    let (mut placed, mut live, mut within) = (0u64, 0u64, 0u64);
    let mut current = usize::MAX;
    for pair in &board.tables().overlaps {
        if pair.source != current {
            current = pair.source;
            (placed, live) = (0, 0);
            let cells = &g.shape(current).cells;
            for (i, &c) in cells.iter().enumerate().take(64) {
                cands[i] = match board.value(c) {
                    Some(v) => {
                        placed |= 1 << v;
                        0
                    }
                    None => board.candidates(c).0,
                };
                live |= cands[i];
            }
            within = u64::MAX >> (64 - cells.len().clamp(1, 64));
        }
        let mut out = 0u64;
        let mut rest = !pair.inside & within;
        while rest != 0 {
            out |= cands[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        for v in crate::SymbolSet(live & !out & !placed).iter() {
            if !push_overlap(board, pair, v, f) {
                return;
            }
        }
    }
}

/// Pushes the step of `pair` for symbol `v`, confined to the overlap: `v` goes from the target
/// shape's cells outside it. None when there is nothing to remove; whether the finder wants
/// more.
fn push_overlap(board: &Board, pair: &OverlapPair, v: u8, f: &mut Finder) -> bool {
    let eliminations: Vec<Candidate> = pair
        .outside
        .iter()
        .filter(|&&c| board.value(c).is_none() && board.candidates(c).contains(v))
        .map(|&c| Candidate::at(c, v))
        .collect();
    if eliminations.is_empty() {
        return true;
    }
    let (source, target) = (ShapeId::new(pair.source), ShapeId::new(pair.target));
    f.push(Step::eliminating(
        eliminations,
        Deduction::ShapeOverlap {
            symbol: Symbol::new(v as usize),
            source,
            target,
            kind: OverlapKind::of(board.geometry(), source, target),
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The search before the union over the cells outside the overlap, word for word: the
    /// reference the faster one must match step for step.
    fn find_before(board: &Board, f: &mut Finder) {
        let g = board.geometry();
        let n = g.symbol_count();
        let mut masks = [0u64; 64];
        let mut placed = crate::SymbolSet::EMPTY;
        let mut current = usize::MAX;
        for pair in &board.tables().overlaps {
            if pair.source != current {
                current = pair.source;
                placed = board.place_masks(current, &mut masks);
            }
            for v in 0..n as u8 {
                let m = masks[v as usize];
                if placed.contains(v) || m == 0 || m & !pair.inside != 0 {
                    continue;
                }
                if !push_overlap(board, pair, v, f) {
                    return;
                }
            }
        }
    }

    #[test]
    fn matches_the_one_before() {
        let found = crate::reason::basics::singles::tests::same_steps(find, find_before);
        assert!(found > 1000, "{found}");
    }
}
