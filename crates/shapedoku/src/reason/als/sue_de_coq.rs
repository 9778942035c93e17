//! Sue de Coq, over any two houses that meet in two or more cells (a row and a box, a diagonal
//! and a box, two jigsaw regions...). Take `core` cells where houses P and Q meet, holding
//! symbols V, at least two more than cells; cells D of P outside Q, holding VD; cells E of Q
//! outside P, holding VE; VD and VE disjoint. When the cells number as many as the symbols of
//! V ∪ VD ∪ VE, every symbol fills one of them: each symbol is confined to one house (or to
//! both), so it appears at most once, and the cells need them all. A symbol of V or VD that E
//! lacks is confined to P, so the rest of P loses it; likewise for Q.

use crate::reason::board::Board;
use crate::reason::finder::Finder;
use crate::reason::step::{Candidate, Deduction, Step};
use crate::symbols::SymbolSet;
use crate::{CellId, ShapeId};
use std::sync::OnceLock;

/// The most cells on one side (D or E): HoDoKu's patterns have a few, and the subsets of a
/// large house's cells grow fast.
const MAX_SIDE: usize = 4;

/// Cells of one house outside the other, with their candidates and how many more cells than
/// non-core symbols they bring (their *surplus*, which must be at least one).
/// The cells sit in a fixed array: sides are built by the thousand and most never match.
#[derive(Clone, Copy)]
struct Side {
    held: [usize; MAX_SIDE],
    len: usize,
    cands: SymbolSet,
    surplus: usize,
}

impl Side {
    fn cells(&self) -> &[usize] {
        &self.held[..self.len]
    }
}

/// The subsets of `cells` (each holding a symbol of `v`) of up to [`MAX_SIDE`] cells whose
/// surplus over `v` is between 1 and `k - 1`, into `out` (cleared first); `held` is a buffer.
fn sides(
    board: &Board,
    cells: &[usize],
    v: SymbolSet,
    k: usize,
    held: &mut Vec<usize>,
    out: &mut Vec<Side>,
) {
    held.clear();
    held.extend(
        cells
            .iter()
            .copied()
            .filter(|&c| board.candidates(c).intersect(v) != SymbolSet::EMPTY),
    );
    out.clear();
    let mut pick = Vec::with_capacity(MAX_SIDE);
    grow(board, held, 0, SymbolSet::EMPTY, v, k, &mut pick, out);
}

#[allow(clippy::too_many_arguments)]
fn grow(
    board: &Board,
    cells: &[usize],
    from: usize,
    cands: SymbolSet,
    v: SymbolSet,
    k: usize,
    pick: &mut Vec<usize>,
    out: &mut Vec<Side>,
) {
    for i in from..cells.len() {
        let u = cands.union(board.candidates(cells[i]));
        let extra = u.minus(v).len() as usize;
        // Each cell adds one to the surplus at most: more extra symbols than the largest side
        // can absorb never comes right.
        if extra + 1 > MAX_SIDE {
            continue;
        }
        pick.push(cells[i]);
        let n = pick.len();
        if n > extra && n - extra < k {
            let mut held = [0; MAX_SIDE];
            held[..n].copy_from_slice(pick);
            out.push(Side {
                held,
                len: n,
                cands: u,
                surplus: n - extra,
            });
        }
        if n < MAX_SIDE {
            grow(board, cells, i + 1, u, v, k, pick, out);
        }
        pick.pop();
    }
}

/// The most cells on one side of a pair whose subsets are read from a table of unions made
/// once for all its cores (2^8 entries); a larger side is searched per core by [`grow`].
const LISTED: usize = 8;

/// For `n` cells (`n <= LISTED`), every subset of up to [`MAX_SIDE`] of them as a bit mask and
/// its size, in the order [`grow`] meets them: a cell, then the subsets extending it.
fn subset_order(n: usize) -> &'static [(u8, u8)] {
    static ORDERS: OnceLock<Vec<Vec<(u8, u8)>>> = OnceLock::new();
    fn rec(n: usize, from: usize, mask: u8, len: u8, out: &mut Vec<(u8, u8)>) {
        for i in from..n {
            let next = mask | 1 << i;
            out.push((next, len + 1));
            if (len + 1) < MAX_SIDE as u8 {
                rec(n, i + 1, next, len + 1, out);
            }
        }
    }
    &ORDERS.get_or_init(|| {
        (0..=LISTED)
            .map(|n| {
                let mut out = Vec::new();
                rec(n, 0, 0, 0, &mut out);
                out
            })
            .collect()
    })[n]
}

/// The union of the candidates of every subset of `cells` (at most [`LISTED`]), indexed by
/// the subset's bit mask over `cells`, into `out` (cleared first).
fn list_unions(board: &Board, cells: &[usize], out: &mut Vec<SymbolSet>) {
    out.clear();
    out.push(SymbolSet::EMPTY);
    for m in 1usize..1 << cells.len() {
        let low = m.trailing_zeros() as usize;
        let u = out[m & (m - 1)].union(board.candidates(cells[low]));
        out.push(u);
    }
}

/// [`sides`] read from the side's subset unions ([`list_unions`]): the subsets in
/// [`subset_order`] whose cells all hold a symbol of `v` (the cells [`grow`] walks) with a
/// surplus between 1 and `k - 1`, which is [`grow`]'s order on those cells. [`grow`] passes
/// over a cell that leaves `MAX_SIDE` extra symbols or more, and the subsets through it, but
/// none of those has a surplus.
fn sides_listed(
    board: &Board,
    cells: &[usize],
    unions: &[SymbolSet],
    v: SymbolSet,
    k: usize,
    out: &mut Vec<Side>,
) {
    let holds = cells
        .iter()
        .enumerate()
        .filter(|&(_, &c)| board.candidates(c).intersect(v) != SymbolSet::EMPTY)
        .fold(0u8, |m, (i, _)| m | 1 << i);
    out.clear();
    for &(mask, len) in subset_order(cells.len()) {
        if mask & !holds != 0 {
            continue;
        }
        let cands = unions[mask as usize];
        let len = len as usize;
        // The extra symbols, counted only up to `len`: a side with as many has no surplus.
        let (mut rest, mut extra) = (cands.minus(v).0, 0);
        while rest != 0 && extra < len {
            rest &= rest - 1;
            extra += 1;
        }
        if rest == 0 && len > extra && len - extra < k {
            let mut side = Side {
                held: [0; MAX_SIDE],
                len,
                cands,
                surplus: len - extra,
            };
            let mut m = mask;
            for h in &mut side.held[..len] {
                *h = cells[m.trailing_zeros() as usize];
                m &= m - 1;
            }
            out.push(side);
        }
    }
}

/// What earlier searches on a board's line of play found nothing in: for each pair of houses,
/// the state of its cells when a search last found no pattern in it. A pattern, and what it
/// eliminates, lies in the two houses of its pair, so a pair whose cells are all as they were
/// then holds none now either, and is skipped.
#[derive(Default)]
pub(crate) struct Memo {
    /// Parallel to the tables' `pair_cells`: each cell's value and candidates.
    cells: Vec<(Option<u8>, SymbolSet)>,
    /// Per pair: whether `cells` holds a state in which the pair has no pattern.
    empty: Vec<bool>,
}

/// Buffers the search reuses from core to core.
#[derive(Default)]
struct Scratch {
    held: Vec<usize>,
    ds: Vec<Side>,
    es: Vec<Side>,
    /// The subset unions of the pair's two sides ([`list_unions`]), once listed.
    listed: [Vec<SymbolSet>; 2],
    /// Whether `listed` holds the unions of the present pair's sides.
    ready: [bool; 2],
}

impl Scratch {
    /// Side `which`'s sides (cells `cells`) for the core symbols `v` and surplus `k`, into
    /// `ds` (side 0) or `es` (side 1): from the pair's subset unions when the side is small.
    fn sides(&mut self, board: &Board, which: usize, cells: &[usize], v: SymbolSet, k: usize) {
        let out = if which == 0 {
            &mut self.ds
        } else {
            &mut self.es
        };
        if cells.len() > LISTED {
            sides(board, cells, v, k, &mut self.held, out);
            return;
        }
        if !self.ready[which] {
            list_unions(board, cells, &mut self.listed[which]);
            self.ready[which] = true;
        }
        sides_listed(board, cells, &self.listed[which], v, k, out);
    }
}

/// Sue de Coq steps.
pub(crate) fn find(board: &Board, f: &mut Finder) {
    let t = board.tables();
    let empty = |cs: &[u32], out: &mut Vec<usize>| {
        out.clear();
        out.extend(
            cs.iter()
                .map(|&c| c as usize)
                .filter(|&c| board.value(c).is_none()),
        );
    };
    let mut memo = board.memo::<crate::reason::memo::Memo<Memo>>().lock();
    if memo.empty.len() != t.house_pairs.len() || memo.cells.len() != t.pair_cells.len() {
        memo.empty = vec![false; t.house_pairs.len()];
        memo.cells = vec![(None, SymbolSet::EMPTY); t.pair_cells.len()];
    }
    let state = |c: u32| (board.value(c as usize), board.candidates(c as usize));
    let mut core: Vec<usize> = Vec::new();
    let (mut meet, mut a_rest, mut b_rest) = (Vec::new(), Vec::new(), Vec::new());
    let mut scratch = Scratch::default();
    for (p, pair) in t.house_pairs.iter().enumerate() {
        let (a_cells, b_cells, i_cells) = pair.cells(&t.pair_cells);
        let span = pair.start as usize
            ..pair.start as usize + a_cells.len() + b_cells.len() + i_cells.len();
        if memo.empty[p]
            && t.pair_cells[span.clone()]
                .iter()
                .zip(&memo.cells[span.clone()])
                .all(|(&c, &was)| state(c) == was)
        {
            continue;
        }
        memo.empty[p] = false;
        let before = f.steps.len();
        scratch.ready = [false; 2];
        empty(i_cells, &mut meet);
        if meet.len() >= 2 {
            empty(a_cells, &mut a_rest);
            empty(b_cells, &mut b_rest);
            let shapes = [t.houses[pair.a as usize], t.houses[pair.b as usize]];
            // Every core of two cells or more, as a mask over `meet`.
            for mask in 1u32..(1 << meet.len().min(8)) {
                if mask.count_ones() < 2 {
                    continue;
                }
                core.clear();
                core.extend(
                    (0..meet.len())
                        .filter(|&i| mask >> i & 1 == 1)
                        .map(|i| meet[i]),
                );
                let rest = [&a_rest[..], &b_rest[..]];
                if !try_core(board, f, shapes, &meet, &core, rest, &mut scratch) {
                    return;
                }
            }
        }
        if f.steps.len() == before {
            memo.empty[p] = true;
            for j in span {
                memo.cells[j] = state(t.pair_cells[j]);
            }
        }
    }
}

/// Looks for the sides that complete a core; returns false when the finder is full.
fn try_core(
    board: &Board,
    f: &mut Finder,
    shapes: [usize; 2],
    meet: &[usize],
    core: &[usize],
    rest: [&[usize]; 2],
    scratch: &mut Scratch,
) -> bool {
    let v = core
        .iter()
        .fold(SymbolSet::EMPTY, |u, &c| u.union(board.candidates(c)));
    let Some(k) = (v.len() as usize)
        .checked_sub(core.len())
        .filter(|&k| k >= 2)
    else {
        return true;
    };
    // No side in the first house, no pattern: the second's sides need not be built.
    scratch.sides(board, 0, rest[0], v, k);
    if scratch.ds.is_empty() {
        return true;
    }
    scratch.sides(board, 1, rest[1], v, k);
    let Scratch { ds, es, .. } = scratch;
    for d in ds.iter() {
        for e in es.iter().filter(|e| e.surplus + d.surplus == k) {
            if d.cands.intersect(e.cands) != SymbolSet::EMPTY {
                continue;
            }
            let a_gone = v.union(d.cands).minus(e.cands);
            let b_gone = v.union(e.cands).minus(d.cands);
            let mut elim = Vec::new();
            let used: Vec<usize> = core
                .iter()
                .chain(d.cells())
                .chain(e.cells())
                .copied()
                .collect();
            for c in rest[0].iter().chain(meet) {
                clear(board, *c, a_gone, &used, &mut elim);
            }
            for c in rest[1].iter().chain(meet) {
                clear(board, *c, b_gone, &used, &mut elim);
            }
            if elim.is_empty() {
                continue;
            }
            elim.sort_unstable();
            elim.dedup();
            let ids = |cs: &[usize]| cs.iter().map(|&c| CellId::new(c)).collect::<Vec<_>>();
            let step = Step::eliminating(
                elim,
                Deduction::SueDeCoq {
                    shapes: shapes.map(ShapeId::new),
                    core: ids(core),
                    core_symbols: v,
                    sides: [ids(d.cells()), ids(e.cells())],
                    side_symbols: [d.cands, e.cands],
                },
            );
            if !f.push(step) {
                return false;
            }
        }
    }
    true
}

/// Removes `gone` from cell `c` unless it is one of the pattern's cells.
fn clear(board: &Board, c: usize, gone: SymbolSet, used: &[usize], out: &mut Vec<Candidate>) {
    if used.contains(&c) {
        return;
    }
    for v in board.candidates(c).intersect(gone).iter() {
        out.push(Candidate::at(c, v));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::test_util::*;

    /// The sides read from a pair's listed subsets are those [`grow`] builds, in order, for
    /// every core of every house pair, on boards along logical solves, each also thinned by a
    /// fixed pseudo-random run of eliminations.
    #[test]
    fn listed_sides_match_grown() {
        let view = |ss: &[Side]| -> Vec<(Vec<usize>, SymbolSet, usize)> {
            ss.iter()
                .map(|s| (s.cells().to_vec(), s.cands, s.surplus))
                .collect()
        };
        let (mut compared, mut sides_found) = (0, 0);
        let seed = 0x6a09_e667_f3bc_c908u64;
        along_thinned_solves(
            &HARD_PAIR,
            seed,
            3,
            |_| 10,
            |thin, _| {
                let t = thin.tables();
                let empty = |cs: &[u32]| -> Vec<usize> {
                    cs.iter()
                        .map(|&c| c as usize)
                        .filter(|&c| thin.value(c).is_none())
                        .collect()
                };
                for pair in &t.house_pairs {
                    let (a, b2, i) = pair.cells(&t.pair_cells);
                    let meet = empty(i);
                    let mut listed = Vec::new();
                    for rest in [empty(a), empty(b2)] {
                        assert!(rest.len() <= LISTED);
                        list_unions(thin, &rest, &mut listed);
                        for mask in 3u32..1 << meet.len() {
                            let v = (0..meet.len())
                                .filter(|&j| mask >> j & 1 == 1)
                                .fold(SymbolSet::EMPTY, |u, j| u.union(thin.candidates(meet[j])));
                            for k in 2..5 {
                                let (mut grown, mut read) = (Vec::new(), Vec::new());
                                sides(thin, &rest, v, k, &mut Vec::new(), &mut grown);
                                sides_listed(thin, &rest, &listed, v, k, &mut read);
                                assert_eq!(view(&grown), view(&read));
                                compared += 1;
                                sides_found += grown.len();
                            }
                        }
                    }
                }
            },
        );
        assert!(
            compared > 1000 && sides_found > 1000,
            "{compared} {sides_found}"
        );
    }

    #[test]
    fn sue_de_coq_constructed() {
        // Row 1 meets box 1 in r1c1..r1c3. Core r1c1 {1,2,3}, r1c2 {1,2,4} (V = {1,2,3,4}, two
        // more than cells); r1c7 {1,2} in row 1 and r2c1 {3,4} in box 1. Four cells, four
        // symbols: 1 and 2 are confined to row 1, 3 and 4 to box 1. The rest of row 1 (r1c3
        // too) loses 1 and 2; the rest of box 1 loses 3 and 4.
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        b.set_candidates(cell(&g, 1, 1), set(&[1, 2, 3]));
        b.set_candidates(cell(&g, 1, 2), set(&[1, 2, 4]));
        b.set_candidates(cell(&g, 1, 7), set(&[1, 2]));
        b.set_candidates(cell(&g, 2, 1), set(&[3, 4]));
        let mut f = Finder::new(100);
        find(&b, &mut f);
        let step = f
            .steps
            .iter()
            .find(|s| {
                matches!(&s.deduction, Deduction::SueDeCoq { core, sides, .. }
                    if core == &[cell_id(&g, 1, 1), cell_id(&g, 1, 2)]
                        && sides == &[vec![cell_id(&g, 1, 7)], vec![cell_id(&g, 2, 1)]])
            })
            .expect("the Sue de Coq is found");
        let mut want = String::new();
        for c in [3, 4, 5, 6, 8, 9] {
            want.push_str(&format!("r1c{c}<>1 r1c{c}<>2 "));
        }
        for (r, c) in [(1, 3), (2, 2), (2, 3), (3, 1), (3, 2), (3, 3)] {
            want.push_str(&format!("r{r}c{c}<>3 r{r}c{c}<>4 "));
        }
        assert_eq!(step.eliminations, elims(&g, &want));
    }
}
