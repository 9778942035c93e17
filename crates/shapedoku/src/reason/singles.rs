//! Singles: full house (the last empty cell of a house), naked single (a cell with one
//! candidate), hidden single (a symbol with one place left in a house). Houses are any shapes
//! with as many cells as symbols, so these work on every geometry.
//!
//! ```
//! use shapedoku::{builtin, Puzzle, reason::{self, Board, Finder, Technique}};
//! let g = builtin::geometry("classic").unwrap();
//! let p = Puzzle::from_line(g, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").unwrap();
//! let mut f = Finder::new(1);
//! reason::singles::hidden_single(&Board::new(&p), &mut f);
//! assert_eq!(f.steps[0].technique(), Technique::HiddenSingle);
//! assert_eq!(f.steps[0].placements.len(), 1);
//! ```

use super::{Board, Candidate, Deduction, Finder, Step};
use crate::{ShapeId, ShapeKind};

/// Full house: a house with one empty cell gets the one symbol it lacks.
pub fn full_house(board: &Board, f: &mut Finder) {
    let g = board.geometry();
    let t = board.tables();
    let all = g.symbols().all();
    // The empty cells as bits: a house with other than one empty cell is passed over with a
    // few word operations, as nearly every house is, without reading its cells.
    let mut empties = [0u64; 4];
    let words = t.peer_words;
    let wide = words > empties.len();
    if !wide {
        for (c, v) in board.values().iter().enumerate() {
            if v.is_none() {
                empties[c / 64] |= 1 << (c % 64);
            }
        }
    }
    for (i, &h) in t.houses.iter().enumerate() {
        if !wide {
            let bits = t.house_bits(i);
            let n: u32 = (0..words)
                .map(|w| (bits[w] & empties[w]).count_ones())
                .sum();
            if n != 1 {
                continue;
            }
        }
        let mut empty = None;
        let mut count = 0;
        let mut placed = crate::SymbolSet::EMPTY;
        for &c in &g.shape(h).cells {
            match board.value(c) {
                Some(v) => placed = placed.with(v),
                None => {
                    count += 1;
                    empty = Some(c);
                }
            }
        }
        let (1, Some(c)) = (count, empty) else {
            continue;
        };
        let Some(v) = all.minus(placed).single_value() else {
            continue;
        };
        if !board.candidates(c).contains(v) {
            continue; // contradictory board: leave it to the caller
        }
        let step = Step::placing(
            Candidate::at(c, v),
            Deduction::FullHouse {
                house: ShapeId::new(h),
            },
        );
        if !f.push(step) {
            return;
        }
    }
}

/// Naked single: an empty cell with one candidate left.
pub fn naked_single(board: &Board, f: &mut Finder) {
    for c in 0..board.geometry().cell_count() {
        if board.value(c).is_some() {
            continue;
        }
        if let Some(v) = board.candidates(c).single_value() {
            let step = Step::placing(Candidate::at(c, v), Deduction::NakedSingle);
            if !f.push(step) {
                return;
            }
        }
    }
}

/// Hidden single: a symbol not yet placed in a house with exactly one place left there.
/// Boxes and regions are searched first, as people scan them first.
pub fn hidden_single(board: &Board, f: &mut Finder) {
    let g = board.geometry();
    let n = g.symbol_count();
    let mut masks = [0u64; 64];
    let boxy = |h: usize| matches!(g.shape(h).kind, ShapeKind::Box | ShapeKind::Region);
    let houses = &board.tables().houses;
    let order = houses
        .iter()
        .filter(|&&h| boxy(h))
        .chain(houses.iter().filter(|&&h| !boxy(h)));
    for &h in order {
        let placed = board.place_masks(h, &mut masks);
        for v in 0..n as u8 {
            let m = masks[v as usize];
            if placed.contains(v) || m.count_ones() != 1 {
                continue;
            }
            let placement = Candidate::at(g.shape(h).cells[m.trailing_zeros() as usize], v);
            if f.steps.iter().any(|s| s.placements[0] == placement) {
                continue; // the same placement seen from another house
            }
            let step = Step::placing(
                placement,
                Deduction::HiddenSingle {
                    house: ShapeId::new(h),
                },
            );
            if !f.push(step) {
                return;
            }
        }
    }
}
