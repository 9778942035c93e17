//! Naked and hidden subsets. Naked: k cells of a no-repeat shape whose candidates together are
//! only k symbols take those symbols, so the symbols leave the shape's other cells (any
//! no-repeat shape will do, even one smaller than a house). Hidden: k symbols of a house whose
//! places together are only k cells fill those cells, so the cells lose every other candidate
//! (this needs a house, where every symbol must appear).
//!
//! ```
//! use shapedoku::{builtin, Puzzle, SymbolSet, reason::{Board, Finder, subsets}};
//! let g = builtin::geometry("classic").unwrap();
//! let p = Puzzle::from_line(g, &".".repeat(81)).unwrap();
//! let mut b = Board::new(&p);
//! // r1c1 and r1c2 can only be 1 or 2: a naked pair in row 1 and box 1.
//! b.set_candidates(0, SymbolSet::single(0).with(1));
//! b.set_candidates(1, SymbolSet::single(0).with(1));
//! let mut f = Finder::new(1);
//! subsets::naked_pairs(&b, &mut f);
//! assert_eq!(f.steps[0].eliminations.len(), 2 * 7);
//! ```

use super::{Board, Candidate, Deduction, Finder, Step};
use crate::symbols::SymbolSet;
use crate::{CellId, ShapeId};

/// Naked pairs in every no-repeat shape.
pub fn naked_pairs(board: &Board, f: &mut Finder) {
    naked(board, f, 2);
}
/// Naked triples.
pub fn naked_triples(board: &Board, f: &mut Finder) {
    naked(board, f, 3);
}
/// Naked quads.
pub fn naked_quads(board: &Board, f: &mut Finder) {
    naked(board, f, 4);
}
/// Hidden pairs in every house.
pub fn hidden_pairs(board: &Board, f: &mut Finder) {
    hidden(board, f, 2);
}
/// Hidden triples.
pub fn hidden_triples(board: &Board, f: &mut Finder) {
    hidden(board, f, 3);
}
/// Hidden quads.
pub fn hidden_quads(board: &Board, f: &mut Finder) {
    hidden(board, f, 4);
}

/// Calls `visit` with every k-subset of `0..items` (as indices, increasing) until it returns
/// false; `ok(partial)` prunes. Returns false when stopped.
fn combos(
    items: usize,
    k: usize,
    pick: &mut Vec<usize>,
    visit: &mut dyn FnMut(&[usize]) -> bool,
) -> bool {
    if pick.len() == k {
        return visit(pick);
    }
    let start = pick.last().map_or(0, |&l| l + 1);
    for i in start..items {
        if items - i < k - pick.len() {
            break;
        }
        pick.push(i);
        let go = combos(items, k, pick, visit);
        pick.pop();
        if !go {
            return false;
        }
    }
    true
}

fn naked(board: &Board, f: &mut Finder, k: usize) {
    let mut pick = Vec::with_capacity(k);
    let mut cells: Vec<usize> = Vec::new();
    for &s in &board.tables().no_repeat {
        cells.clear();
        let mut empty = 0;
        for c in board.empty_cells(s) {
            empty += 1;
            let n = board.candidates(c).len() as usize;
            if (2..=k).contains(&n) {
                cells.push(c);
            }
        }
        if empty <= k || cells.len() < k {
            continue;
        }
        let go = combos(cells.len(), k, &mut pick, &mut |idx| {
            let union = idx.iter().fold(SymbolSet::EMPTY, |u, &i| {
                u.union(board.candidates(cells[i]))
            });
            if union.len() as usize != k {
                return true;
            }
            let chosen: Vec<usize> = idx.iter().map(|&i| cells[i]).collect();
            let mut eliminations = Vec::new();
            for c in board.empty_cells(s) {
                if !chosen.contains(&c) {
                    for v in board.candidates(c).intersect(union).iter() {
                        eliminations.push(Candidate::at(c, v));
                    }
                }
            }
            f.push(Step::eliminating(
                eliminations,
                Deduction::NakedSubset {
                    shape: ShapeId::new(s),
                    cells: chosen.into_iter().map(CellId::new).collect(),
                    symbols: union,
                },
            ))
        });
        if !go {
            return;
        }
    }
}

fn hidden(board: &Board, f: &mut Finder, k: usize) {
    let g = board.geometry();
    let n = g.symbol_count();
    let mut masks = [0u64; 64];
    let mut pick = Vec::with_capacity(k);
    let mut syms: Vec<u8> = Vec::new();
    for &h in &board.tables().houses {
        let placed = board.place_masks(h, &mut masks);
        if n - placed.len() as usize <= k {
            continue;
        }
        syms.clear();
        syms.extend((0..n as u8).filter(|&v| {
            !placed.contains(v) && (2..=k).contains(&(masks[v as usize].count_ones() as usize))
        }));
        if syms.len() < k {
            continue;
        }
        let shape_cells = &g.shape(h).cells;
        let go = combos(syms.len(), k, &mut pick, &mut |idx| {
            let union = idx.iter().fold(0u64, |u, &i| u | masks[syms[i] as usize]);
            if union.count_ones() as usize != k {
                return true;
            }
            let symbols: SymbolSet = idx.iter().map(|&i| syms[i]).collect();
            let mut cells = Vec::with_capacity(k);
            let mut eliminations = Vec::new();
            let mut m = union;
            while m != 0 {
                let c = shape_cells[m.trailing_zeros() as usize];
                m &= m - 1;
                cells.push(CellId::new(c));
                for v in board.candidates(c).minus(symbols).iter() {
                    eliminations.push(Candidate::at(c, v));
                }
            }
            cells.sort_unstable();
            eliminations.sort_unstable();
            f.push(Step::eliminating(
                eliminations,
                Deduction::HiddenSubset {
                    house: ShapeId::new(h),
                    cells,
                    symbols,
                },
            ))
        });
        if !go {
            return;
        }
    }
}
