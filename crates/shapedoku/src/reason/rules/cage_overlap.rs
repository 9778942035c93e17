//! Cage overlap links a sum cage with the other no-repeat shapes:
//! - forward: a symbol every surviving combination of a cage contains must go in the cage; if all
//!   its places in the cage lie in one shape, it is eliminated from the rest of that shape;
//! - reverse: if every place of a symbol in a house lies inside a cage, the cage contains it, so
//!   combinations without it die.

use super::cages::{analyse, eliminations};
use crate::geometry::Rule;
use crate::reason::board::Board;
use crate::reason::finder::Finder;
use crate::reason::step::{Candidate, Deduction, Step};
use crate::symbols::SymbolSet;
use crate::{ShapeId, Symbol};

fn step(eliminations: Vec<Candidate>, symbol: u8, source: usize, target: usize) -> Step {
    Step::eliminating(
        eliminations,
        Deduction::CageOverlap {
            symbol: Symbol::new(symbol as usize),
            source: ShapeId::new(source),
            target: ShapeId::new(target),
        },
    )
}

/// Cage/house overlap, forward then reverse.
pub(crate) fn find(board: &Board, f: &mut Finder) {
    let g = board.geometry();
    let nshapes = g.shapes().len();
    let cages: Vec<usize> = (0..nshapes)
        .filter(|&s| matches!(g.shape(s).rule, Rule::Sum { distinct: true, .. }))
        .collect();
    if cages.is_empty() || !forward(board, f, &cages) {
        return;
    }
    reverse(board, f);
}

/// A symbol the cage must contain, confined to one shape within the cage, leaves the rest of
/// that shape. Returns whether to go on.
fn forward(board: &Board, f: &mut Finder, cages: &[usize]) -> bool {
    let g = board.geometry();
    for &cage in cages {
        let Some(fit) = analyse(board, cage, SymbolSet::EMPTY) else {
            continue;
        };
        let Some(&first) = fit.combos.first() else {
            continue;
        };
        let must = fit.combos.iter().fold(first, |a, &c| a.intersect(c));
        for v in must.iter() {
            let places: Vec<usize> = fit
                .cells
                .iter()
                .copied()
                .filter(|&c| board.candidates(c).contains(v))
                .collect();
            let Some(&p0) = places.first() else { continue };
            for &t in g.shapes_of(p0) {
                let t = t as usize;
                let ts = g.shape(t);
                if t == cage || !ts.is_no_repeat() || !places.iter().all(|p| ts.cells.contains(p)) {
                    continue;
                }
                let cage_cells = &g.shape(cage).cells;
                let elim: Vec<Candidate> = ts
                    .cells
                    .iter()
                    .copied()
                    .filter(|c| {
                        !cage_cells.contains(c)
                            && board.value(*c).is_none()
                            && board.candidates(*c).contains(v)
                    })
                    .map(|c| Candidate::at(c, v))
                    .collect();
                if elim.is_empty() {
                    continue;
                }
                if !f.push(step(elim, v, cage, t)) {
                    return false;
                }
            }
        }
    }
    true
}

/// A house confines a symbol to one cage, so the cage's combinations must hold it.
fn reverse(board: &Board, f: &mut Finder) {
    let g = board.geometry();
    for &h in g.houses() {
        for v in g.symbols().all().iter() {
            if board.has_placed(h, v) {
                continue;
            }
            let places: Vec<usize> = board
                .empty_cells(h)
                .filter(|&c| board.candidates(c).contains(v))
                .collect();
            let Some(&p0) = places.first() else { continue };
            for &cage in g.shapes_of(p0) {
                let cage = cage as usize;
                if cage == h
                    || !matches!(g.shape(cage).rule, Rule::Sum { distinct: true, .. })
                    || !places.iter().all(|p| g.shape(cage).cells.contains(p))
                {
                    continue;
                }
                let Some(fit) = analyse(board, cage, SymbolSet::single(v)) else {
                    continue;
                };
                if fit.combos.is_empty() {
                    // Contradictory board; combination elimination reports it more plainly.
                    continue;
                }
                let elim = eliminations(board, &fit);
                if elim.is_empty() {
                    continue;
                }
                if !f.push(step(elim, v, h, cage)) {
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::test_util::*;

    #[test]
    fn forward_overlap_clears_the_row() {
        // Cage 3 = {1,2} over r1c1 r1c2, both in row 1: 1 and 2 leave the rest of row 1 (and of
        // box 1).
        let (g, cage) = killer_4cells(&["r1c1 r1c2"], &[3]);
        let mut b = empty_board(&g);
        b.set_candidates(cell(&g, 1, 1), set(&[1, 2]));
        b.set_candidates(cell(&g, 1, 2), set(&[1, 2]));
        let mut f = Finder::new(100);
        find(&b, &mut f);
        let row1 = shape_id(&g, "row 1");
        let s = f
            .steps
            .iter()
            .find(|s| {
                s.deduction
                    == Deduction::CageOverlap {
                        symbol: symbol(1),
                        source: ShapeId::new(cage[0]),
                        target: row1,
                    }
            })
            .expect("overlap on row 1");
        let want: Vec<Candidate> = (3..=9).map(|c| cand(&g, 1, c, 1)).collect();
        assert_eq!(s.eliminations, want);
    }

    #[test]
    fn reverse_overlap_forces_the_symbol_into_the_cage() {
        // Cage 10 over r1c1 r1c2 r1c3. Row 1 confines 7 to r1c1..r1c3 (the cage), so the cage
        // holds 7: only {1,2,7} survives.
        let (g, cage) = killer_4cells(&["r1c1 r1c2 r1c3"], &[10]);
        let mut b = empty_board(&g);
        for c in 4..=9 {
            b.eliminate(cell(&g, 1, c), sym(7));
        }
        let mut f = Finder::new(100);
        find(&b, &mut f);
        let row1 = shape_id(&g, "row 1");
        let s = f
            .steps
            .iter()
            .find(|s| {
                s.deduction
                    == Deduction::CageOverlap {
                        symbol: symbol(7),
                        source: row1,
                        target: ShapeId::new(cage[0]),
                    }
            })
            .expect("reverse overlap");
        for &c in &g.shape(cage[0]).cells {
            let left = SymbolSet(b.candidates(c).0).minus(
                s.eliminations
                    .iter()
                    .filter(|e| e.cell_index() == c)
                    .map(|e| e.symbol_index())
                    .collect(),
            );
            assert_eq!(left, set(&[1, 2, 7]));
        }
    }
}
