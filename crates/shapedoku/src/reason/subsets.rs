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

/// Calls `visit` with every k-subset of `masks` (as indices, increasing, in lexicographic
/// order) whose masks together have exactly k bits, and that union, until it returns false.
/// A partial pick whose union already has more than k bits is cut, since adding to it cannot
/// shrink it: the subsets visited, and their order, are those of trying every k-subset.
/// Returns false when stopped.
fn tight<F: FnMut(&[usize], u64) -> bool>(
    masks: &[u64],
    k: usize,
    union: u64,
    pick: &mut Vec<usize>,
    visit: &mut F,
) -> bool {
    if pick.len() == k {
        return union.count_ones() as usize != k || visit(pick, union);
    }
    let start = pick.last().map_or(0, |&l| l + 1);
    for i in start..masks.len() {
        if masks.len() - i < k - pick.len() {
            break;
        }
        let u = union | masks[i];
        if u.count_ones() as usize > k {
            continue;
        }
        pick.push(i);
        let go = tight(masks, k, u, pick, visit);
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
    let mut sets: Vec<u64> = Vec::new();
    for &s in &board.tables().no_repeat {
        cells.clear();
        sets.clear();
        let mut empty = 0;
        for c in board.empty_cells(s) {
            empty += 1;
            let n = board.candidates(c).len() as usize;
            if (2..=k).contains(&n) {
                cells.push(c);
                sets.push(board.candidates(c).0);
            }
        }
        if empty <= k || cells.len() < k {
            continue;
        }
        let go = tight(&sets, k, 0, &mut pick, &mut |idx, union| {
            let union = SymbolSet(union);
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
    let mut places: Vec<u64> = Vec::new();
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
        places.clear();
        places.extend(syms.iter().map(|&v| masks[v as usize]));
        let shape_cells = &g.shape(h).cells;
        let go = tight(&places, k, 0, &mut pick, &mut |idx, union| {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every k-subset of 0..n in lexicographic order, the way the search went before it cut.
    fn all_subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for bits in 0u32..1 << n {
            if bits.count_ones() as usize == k {
                out.push((0..n).filter(|i| bits >> i & 1 == 1).collect::<Vec<_>>());
            }
        }
        out.sort();
        out
    }

    #[test]
    fn cutting_visits_what_trying_every_subset_finds() {
        // Pseudo-random masks of two to four bits out of nine, as cells' candidates are.
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut found = 0;
        for round in 0..300 {
            let n = 4 + round % 6;
            let masks: Vec<u64> = (0..n)
                .map(|_| {
                    loop {
                        let m = next() & 0x1ff & next();
                        if (2..=4).contains(&m.count_ones()) {
                            break m;
                        }
                    }
                })
                .collect();
            for k in 2..=4 {
                let want: Vec<(Vec<usize>, u64)> = all_subsets(n, k)
                    .into_iter()
                    .map(|p| {
                        let u = p.iter().fold(0, |u, &i| u | masks[i]);
                        (p, u)
                    })
                    .filter(|(_, u)| u.count_ones() as usize == k)
                    .collect();
                let mut got = Vec::new();
                let mut pick = Vec::new();
                assert!(tight(&masks, k, 0, &mut pick, &mut |p, u| {
                    got.push((p.to_vec(), u));
                    true
                }));
                assert_eq!(got, want, "{masks:?} k={k}");
                found += got.len();
            }
        }
        // The rounds must have had subsets to find, or the comparison says nothing.
        assert!(found > 100, "{found}");
    }
}
