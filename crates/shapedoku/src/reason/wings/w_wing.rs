//! W-wing, by peers and houses so it works on any geometry: two bivalue cells with the same
//! candidates {x,y} that do not see each other, and a strong link on x (a house with only two
//! places for x) whose ends see one cell each. One end of the link is x, so the cell it sees is
//! y, or else the other end is x and the other cell is y: either way one of the two cells is y,
//! and every cell seeing both loses y.

use super::xy::{any_common_target, common_targets};
use crate::reason::board::Board;
use crate::reason::finder::Finder;
use crate::reason::step::{Deduction, Step};
use crate::{CellId, ShapeId, Symbol};

/// The strong links on one symbol: (house, end, end).
fn strong_links(board: &Board, x: u8) -> Vec<(usize, usize, usize)> {
    let g = board.geometry();
    let mut out = Vec::new();
    for &h in &board.tables().houses {
        if board.has_placed(h, x) {
            continue;
        }
        let m = board.place_mask(h, x);
        if m.count_ones() == 2 {
            let cells = &g.shape(h).cells;
            let (i, j) = (m.trailing_zeros(), 63 - m.leading_zeros());
            out.push((h, cells[i as usize], cells[j as usize]));
        }
    }
    out
}

/// W-wings.
pub(crate) fn find(board: &Board, f: &mut Finder) {
    let g = board.geometry();
    let bivalue: Vec<usize> = (0..g.cell_count())
        .filter(|&c| board.value(c).is_none() && board.candidates(c).len() == 2)
        .collect();
    let mut links: Vec<Option<Vec<(usize, usize, usize)>>> = vec![None; g.symbol_count()];
    for (i, &a) in bivalue.iter().enumerate() {
        let pair = board.candidates(a);
        for &b in &bivalue[i + 1..] {
            if board.candidates(b) != pair || board.sees(a, b) {
                continue;
            }
            for x in pair.iter() {
                let y = pair.without(x).first().unwrap_or(x);
                // Most pairs see no common cell holding y: the bitsets say so without a list.
                if !any_common_target(board, &[a, b], y, &[]) {
                    continue;
                }
                let xl = links[x as usize].get_or_insert_with(|| strong_links(board, x));
                let sees = |p: usize, c: usize| p != c && board.sees(p, c);
                let link = xl.iter().find_map(|&(h, p, q)| {
                    if [p, q].iter().any(|e| *e == a || *e == b) {
                        None
                    } else if sees(p, a) && sees(q, b) {
                        Some((h, p, q))
                    } else if sees(q, a) && sees(p, b) {
                        Some((h, q, p))
                    } else {
                        None
                    }
                });
                let Some((h, p, q)) = link else { continue };
                let elim = common_targets(board, &[a, b], y);
                let step = Step::eliminating(
                    elim,
                    Deduction::WWing {
                        cells: [CellId::new(a), CellId::new(b)],
                        link: [CellId::new(p), CellId::new(q)],
                        house: ShapeId::new(h),
                        symbols: [Symbol::new(x as usize), Symbol::new(y as usize)],
                    },
                );
                if !f.push(step) {
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
    fn w_wing_constructed() {
        // r1c1 and r5c2 are {4,7}; the strong link on 4 is row 9 with places r9c1 (sees r1c1)
        // and r9c2 (sees r5c2): one of r1c1, r5c2 is 7.
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        b.set_candidates(cell(&g, 1, 1), set(&[4, 7]));
        b.set_candidates(cell(&g, 5, 2), set(&[4, 7]));
        for c in 3..=9 {
            b.eliminate(cell(&g, 9, c), sym(4));
        }
        let mut f = Finder::new(10);
        find(&b, &mut f);
        let s = &f.steps[0];
        // Cells seeing r1c1 and r5c2: r1c2, r2c2, r3c2 (box 1 and column 2) and r4c1..r6c1.
        assert_eq!(
            s.eliminations,
            elims(&g, "r1c2<>7 r2c2<>7 r3c2<>7 r4c1<>7 r5c1<>7 r6c1<>7")
        );
        assert_eq!(
            s.deduction,
            Deduction::WWing {
                cells: [cell_id(&g, 1, 1), cell_id(&g, 5, 2)],
                link: [cell_id(&g, 9, 1), cell_id(&g, 9, 2)],
                house: shape_id(&g, "row 9"),
                symbols: [symbol(4), symbol(7)],
            }
        );
    }
}
