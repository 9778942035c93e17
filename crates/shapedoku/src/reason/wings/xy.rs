//! XY-wing and XYZ-wing, defined by peers so they work on any geometry (a pincer may see the
//! pivot through a row, a jigsaw region, a diagonal, a cage or a Samurai's shared box).
//!
//! - XY-wing: a pivot with candidates {x,y} sees pincers {x,z} and {y,z}. Whatever the pivot
//!   takes, one pincer is z, so z goes from every cell that sees both pincers.
//! - XYZ-wing: the pivot is {x,y,z}; then z is in the pivot or a pincer, so it goes from every
//!   cell that sees all three.

use crate::reason::board::Board;
use crate::reason::finder::Finder;
use crate::reason::step::{Candidate, Deduction, Step};
use crate::symbols::SymbolSet;
use crate::{CellId, Symbol};

/// Cells that see every cell in `seen` and hold candidate `z` (not themselves in `seen`), in
/// cell order: the AND of the cells' peer bitsets.
pub(crate) fn common_targets(board: &Board, seen: &[usize], z: u8) -> Vec<Candidate> {
    let mut out = Vec::new();
    each_common_target(board, seen, z, |p| {
        out.push(Candidate::at(p, z));
        true
    });
    out
}

/// Whether some cell outside `not`, seeing every cell in `seen` (and not in it), holds `z`: a
/// test that allocates nothing, for searches whose candidates mostly eliminate nothing.
pub(crate) fn any_common_target(board: &Board, seen: &[usize], z: u8, not: &[usize]) -> bool {
    !each_common_target(board, seen, z, |p| not.contains(&p))
}

/// Calls `f` on every cell seeing every cell in `seen` (not in it) that holds `z`, in cell
/// order, while `f` returns true; returns false when `f` stopped it.
fn each_common_target(
    board: &Board,
    seen: &[usize],
    z: u8,
    mut f: impl FnMut(usize) -> bool,
) -> bool {
    let t = board.tables();
    let w = t.peer_words;
    let row = |c: usize| &t.peer_bits[c * w..(c + 1) * w];
    for i in 0..w {
        let mut m = seen.iter().fold(!0u64, |m, &s| m & row(s)[i]);
        while m != 0 {
            let p = i * 64 + m.trailing_zeros() as usize;
            m &= m - 1;
            if !seen.contains(&p)
                && board.value(p).is_none()
                && board.candidates(p).contains(z)
                && !f(p)
            {
                return false;
            }
        }
    }
    true
}

fn search(board: &Board, f: &mut Finder, xyz: bool) {
    let g = board.geometry();
    let pivot_size = if xyz { 3 } else { 2 };
    for pivot in 0..g.cell_count() {
        let pc = board.candidates(pivot);
        if board.value(pivot).is_some() || pc.len() != pivot_size {
            continue;
        }
        // Bivalue peers that share exactly one candidate with the pivot (XY), or are a 2-subset
        // of it (XYZ).
        let wings: Vec<(usize, SymbolSet)> = g
            .peers(pivot)
            .iter()
            .map(|&p| p as usize)
            .filter(|&p| board.value(p).is_none())
            .map(|p| (p, board.candidates(p)))
            .filter(|&(_, c)| {
                c.len() == 2
                    && if xyz {
                        c.is_subset(pc)
                    } else {
                        c.intersect(pc).len() == 1
                    }
            })
            .collect();
        for (i, &(a, ca)) in wings.iter().enumerate() {
            for &(b, cb) in &wings[i + 1..] {
                let (z, seen) = if xyz {
                    // {x,z} and {y,z}: distinct pairs sharing z.
                    let z = ca.intersect(cb);
                    if ca == cb || z.len() != 1 {
                        continue;
                    }
                    (z.first().unwrap_or(0), vec![pivot, a, b])
                } else {
                    // {x,z}, {y,z} with x != y from the pivot and z outside it.
                    let z = ca.intersect(cb);
                    if z.len() != 1 || z.intersect(pc) != SymbolSet::EMPTY {
                        continue;
                    }
                    if ca.intersect(pc) == cb.intersect(pc) {
                        continue;
                    }
                    (z.first().unwrap_or(0), vec![a, b])
                };
                let elim = common_targets(board, &seen, z);
                if elim.is_empty() {
                    continue;
                }
                let (hinge, pincers, symbol) = (
                    CellId::new(pivot),
                    [CellId::new(a), CellId::new(b)],
                    Symbol::new(z as usize),
                );
                let candidates = [pc, ca, cb];
                let deduction = if xyz {
                    Deduction::XyzWing {
                        pivot: hinge,
                        pincers,
                        symbol,
                        candidates,
                    }
                } else {
                    Deduction::XyWing {
                        pivot: hinge,
                        pincers,
                        symbol,
                        candidates,
                    }
                };
                let step = Step::eliminating(elim, deduction);
                if !f.push(step) {
                    return;
                }
            }
        }
    }
}

/// XY-wings.
pub(crate) fn find_xy(board: &Board, f: &mut Finder) {
    search(board, f, false);
}

/// XYZ-wings.
pub(crate) fn find_xyz(board: &Board, f: &mut Finder) {
    search(board, f, true);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::test_util::*;

    #[test]
    fn xy_wing_constructed() {
        // Pivot r1c1 {1,2}, pincers r1c5 {1,3} (row) and r2c2 {2,3} (box): r1c2, r1c3 (row 1,
        // box 1) and r2c4..r2c6 (row 2, box 2) see both pincers, so 3 goes from there.
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        b.set_candidates(cell(&g, 1, 1), set(&[1, 2]));
        b.set_candidates(cell(&g, 1, 5), set(&[1, 3]));
        b.set_candidates(cell(&g, 2, 2), set(&[2, 3]));
        let mut f = Finder::new(10);
        find_xy(&b, &mut f);
        assert_eq!(f.steps.len(), 1);
        let s = &f.steps[0];
        assert_eq!(
            s.eliminations,
            elims(&g, "r1c2<>3 r1c3<>3 r2c4<>3 r2c5<>3 r2c6<>3")
        );
        assert_eq!(
            s.deduction,
            Deduction::XyWing {
                pivot: cell_id(&g, 1, 1),
                pincers: [cell_id(&g, 1, 5), cell_id(&g, 2, 2)],
                symbol: symbol(3),
                candidates: [set(&[1, 2]), set(&[1, 3]), set(&[2, 3])],
            }
        );
    }

    #[test]
    fn xyz_wing_constructed() {
        // Pivot r1c1 {1,2,3}, pincers r1c2 {1,3} and r1c7 {2,3}: cells seeing all three are the
        // rest of row 1 outside the pincers.
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        b.set_candidates(cell(&g, 1, 1), set(&[1, 2, 3]));
        b.set_candidates(cell(&g, 1, 2), set(&[1, 3]));
        b.set_candidates(cell(&g, 1, 7), set(&[2, 3]));
        let mut f = Finder::new(10);
        find_xyz(&b, &mut f);
        assert_eq!(f.steps.len(), 1);
        assert_eq!(
            f.steps[0].eliminations,
            elims(&g, "r1c3<>3 r1c4<>3 r1c5<>3 r1c6<>3 r1c8<>3 r1c9<>3")
        );
    }
}
