//! Sue de Coq, over any two houses that meet in two or more cells (a row and a box, a diagonal
//! and a box, two jigsaw regions...). Take `core` cells where houses P and Q meet, holding
//! symbols V, at least two more than cells; cells D of P outside Q, holding VD; cells E of Q
//! outside P, holding VE; VD and VE disjoint. When the cells number as many as the symbols of
//! V ∪ VD ∪ VE, every symbol fills one of them: each symbol is confined to one house (or to
//! both), so it appears at most once, and the cells need them all. A symbol of V or VD that E
//! lacks is confined to P, so the rest of P loses it; likewise for Q.

use super::{Board, Candidate, Deduction, Finder, Step};
use crate::symbols::SymbolSet;
use crate::{CellId, ShapeId};

/// The most cells on one side (D or E): HoDoKu's patterns have a few, and the subsets of a
/// large house's cells grow fast.
const MAX_SIDE: usize = 4;

/// Cells of one house outside the other, with their candidates and how many more cells than
/// non-core symbols they bring (their *surplus*, which must be at least one).
/// The cells sit in a fixed array: sides are built by the thousand and most never match.
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
    let mut memo = board.sue_de_coq_memo.lock();
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
    let Scratch { held, ds, es } = scratch;
    // No side in the first house, no pattern: the second's sides need not be built.
    sides(board, rest[0], v, k, held, ds);
    if ds.is_empty() {
        return true;
    }
    sides(board, rest[1], v, k, held, es);
    for d in ds.iter() {
        for e in es.iter().filter(|e| e.surplus + d.surplus == k) {
            if d.cands.intersect(e.cands) != SymbolSet::EMPTY {
                continue;
            }
            let mut elim = Vec::new();
            let used: Vec<usize> = core
                .iter()
                .chain(d.cells())
                .chain(e.cells())
                .copied()
                .collect();
            let a_gone = v.union(d.cands).minus(e.cands);
            let b_gone = v.union(e.cands).minus(d.cands);
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
