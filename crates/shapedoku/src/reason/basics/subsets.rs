//! Naked and hidden subsets. Naked: k cells of a no-repeat shape whose candidates together are
//! only k symbols take those symbols, so the symbols leave the shape's other cells (any
//! no-repeat shape will do, even one smaller than a house). Hidden: k symbols of a house whose
//! places together are only k cells fill those cells, so the cells lose every other candidate
//! (this needs a house, where every symbol must appear).
//!
//! ```
//! use shapedoku::{builtin, Puzzle, SymbolSet, reason::{Board, Finder, basics::subsets}};
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

use crate::reason::board::Board;
use crate::reason::finder::Finder;
use crate::reason::step::{Candidate, Deduction, Step};
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

/// What the subset searches found nothing in on a board's line of play, so that the next
/// search skips those shapes while their cells are as they were.
///
/// A search's steps in a shape depend only on the shape's cells (which are placed, and the
/// candidates of the others): the naked search reads the shape's empty cells, the hidden
/// one the places of each symbol in the house. So a shape whose cells are as they were when
/// the same search found nothing there gives nothing again, and skipping it leaves the steps
/// and their order as they were.
#[derive(Default)]
pub(crate) struct Memo {
    /// Per search (naked pairs, triples, quads, then hidden) and shape, the [`key`]s of the
    /// shape's cells when that search last went through it and found nothing; empty when
    /// it has not.
    nothing: Vec<Vec<u64>>,
}

/// The searches a [`Memo`] keeps: naked and hidden, of sizes 2 to 4.
const SEARCHES: usize = 6;

/// A cell as the searches read it: its candidates and, in a bit above every symbol, whether it
/// is placed (a placed cell keeps its value as its one candidate).
fn key(board: &Board, c: usize) -> u64 {
    board.candidates(c).0 | u64::from(board.value(c).is_some()) << 63
}

impl Memo {
    /// Whether search `slot` found nothing in shape `s` when its cells were as they are.
    fn unchanged(&mut self, board: &Board, slot: usize, s: usize) -> bool {
        let g = board.geometry();
        // With 64 symbols the placed bit would be a symbol's: no memo then.
        if g.symbol_count() >= 64 {
            return false;
        }
        let shapes = g.shapes().len();
        if self.nothing.len() != SEARCHES * shapes {
            self.nothing = vec![Vec::new(); SEARCHES * shapes];
        }
        let keys = &self.nothing[slot * shapes + s];
        let cells = &g.shape(s).cells;
        keys.len() == cells.len() && cells.iter().zip(keys).all(|(&c, &k)| key(board, c) == k)
    }

    /// Records that search `slot` found nothing in shape `s` as its cells are now.
    fn found_nothing(&mut self, board: &Board, slot: usize, s: usize) {
        let g = board.geometry();
        if g.symbol_count() >= 64 {
            return;
        }
        let keys = &mut self.nothing[slot * g.shapes().len() + s];
        keys.clear();
        keys.extend(g.shape(s).cells.iter().map(|&c| key(board, c)));
    }
}

/// Runs `search` on every shape of `shapes` the memo does not know to give nothing, and
/// records those where it found nothing; `search` returns whether to go on.
fn over_shapes(
    board: &Board,
    f: &mut Finder,
    (shapes, slot): (&[usize], usize),
    mut search: impl FnMut(&mut Finder, usize) -> bool,
) {
    let mut memo = board.memo::<crate::reason::memo::Memo<Memo>>().lock();
    for &s in shapes {
        if memo.unchanged(board, slot, s) {
            continue;
        }
        let before = f.steps.len();
        if !search(f, s) {
            return;
        }
        if f.steps.len() == before {
            memo.found_nothing(board, slot, s);
        }
    }
}

fn naked(board: &Board, f: &mut Finder, k: usize) {
    let mut pick = Vec::with_capacity(k);
    let mut cells: Vec<usize> = Vec::new();
    let mut sets: Vec<u64> = Vec::new();
    let shapes = &board.tables().no_repeat;
    over_shapes(board, f, (shapes, k - 2), |f, s| {
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
            return true;
        }
        tight(&sets, k, 0, &mut pick, &mut |idx, union| {
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
        })
    });
}

fn hidden(board: &Board, f: &mut Finder, k: usize) {
    let g = board.geometry();
    let n = g.symbol_count();
    let mut masks = [0u64; 64];
    let mut pick = Vec::with_capacity(k);
    let mut syms: Vec<u8> = Vec::new();
    let mut places: Vec<u64> = Vec::new();
    let houses = &board.tables().houses;
    over_shapes(board, f, (houses, k + 1), |f, h| {
        let placed = board.place_masks(h, &mut masks);
        if n - placed.len() as usize <= k {
            return true;
        }
        syms.clear();
        syms.extend((0..n as u8).filter(|&v| {
            !placed.contains(v) && (2..=k).contains(&(masks[v as usize].count_ones() as usize))
        }));
        if syms.len() < k {
            return true;
        }
        places.clear();
        places.extend(syms.iter().map(|&v| masks[v as usize]));
        let shape_cells = &g.shape(h).cells;
        tight(&places, k, 0, &mut pick, &mut |idx, union| {
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
        })
    });
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

#[cfg(test)]
mod memo_tests {
    use super::*;

    /// A board carried along many positions (its memo warm from the ones before) finds what
    /// a fresh copy of each position (its memo empty) finds, step for step, for every size.
    #[test]
    fn memo_finds_what_a_fresh_search_finds() {
        let searches: [crate::reason::finder::FindFn; SEARCHES] = [
            naked_pairs,
            naked_triples,
            naked_quads,
            hidden_pairs,
            hidden_triples,
            hidden_quads,
        ];
        let positions = crate::reason::basics::singles::tests::positions();
        let mut warm = positions[0].clone();
        let (mut found, mut remembered) = (0, 0);
        for b in &positions {
            if std::sync::Arc::ptr_eq(b.geometry(), warm.geometry()) {
                warm.copy_from(b);
            } else {
                warm = b.clone();
            }
            for search in searches {
                for limit in [1, 1000] {
                    let (mut w, mut fresh) = (Finder::new(limit), Finder::new(limit));
                    search(&warm, &mut w);
                    search(&b.clone(), &mut fresh);
                    assert_eq!(format!("{:?}", w.steps), format!("{:?}", fresh.steps));
                    found += w.steps.len();
                }
            }
            let memo = warm.memo::<crate::reason::memo::Memo<Memo>>().lock();
            remembered += memo.nothing.iter().filter(|k| !k.is_empty()).count();
        }
        assert!(found > 1000, "{found}");
        assert!(remembered > 10_000, "{remembered}");
    }
}
