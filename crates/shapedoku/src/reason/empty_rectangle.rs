//! Empty rectangle, by peers so it holds on any geometry with boxes (or jigsaw regions) and
//! lines. The places of a symbol in a box all lie in a row and a column through it; split them
//! into those on the first line and the rest (on the second). A strong link p–q elsewhere whose
//! end p sees every place on the first line: were a cell t seeing q and every other place of
//! the box to hold the symbol, q would not, p would, the first line's places would not, and
//! the box would have no place left. So t loses the symbol.

use super::{Board, Candidate, Deduction, Finder, Step};
use crate::{CellId, ShapeId, ShapeKind, Symbol};

/// The strong links on `v` outside `house`: (link house, end, end).
fn links(board: &Board, v: u8, house: usize) -> Vec<(usize, usize, usize)> {
    let g = board.geometry();
    let inside = &g.shape(house).cells;
    let mut out = Vec::new();
    for &h in &board.tables().houses {
        if h == house || board.has_placed(h, v) {
            continue;
        }
        let m = board.place_mask(h, v);
        if m.count_ones() != 2 {
            continue;
        }
        let cells = &g.shape(h).cells;
        let (p, q) = (
            cells[m.trailing_zeros() as usize],
            cells[63 - m.leading_zeros() as usize],
        );
        if !inside.contains(&p) && !inside.contains(&q) {
            out.push((h, p, q));
        }
    }
    out
}

/// Empty rectangles.
pub(crate) fn find(board: &Board, f: &mut Finder) {
    let g = board.geometry();
    let t = board.tables();
    for &bx in &t.houses {
        if !matches!(g.shape(bx).kind, ShapeKind::Box | ShapeKind::Region) {
            continue;
        }
        for v in g.symbols().all().iter() {
            if board.has_placed(bx, v) {
                continue;
            }
            let m = board.place_mask(bx, v);
            // Five places at most fit in a row and a column of a 3x3 box.
            if !(2..=5).contains(&m.count_ones()) {
                continue;
            }
            let cells = &g.shape(bx).cells;
            let places: Vec<usize> = (0..64)
                .filter(|i| m >> i & 1 == 1)
                .map(|i| cells[i])
                .collect();
            if !in_box(board, f, bx, v, &places) {
                return;
            }
        }
    }
}

/// Tries every row/column pair through the box holding all its places.
fn in_box(board: &Board, f: &mut Finder, bx: usize, v: u8, places: &[usize]) -> bool {
    let g = board.geometry();
    let lines_of = |kind: ShapeKind| -> Vec<usize> {
        let mut ls: Vec<usize> = places
            .iter()
            .flat_map(|&c| g.shapes_of(c).iter().map(|&s| s as usize))
            .filter(|&s| g.shape(s).kind == kind)
            .collect();
        ls.sort_unstable();
        ls.dedup();
        ls
    };
    let (rows, cols) = (lines_of(ShapeKind::Row), lines_of(ShapeKind::Column));
    let mut ls: Option<Vec<(usize, usize, usize)>> = None;
    for &r in &rows {
        for &c in &cols {
            for (first, second) in [(r, c), (c, r)] {
                let in_first = |p: &usize| g.shape(first).cells.contains(p);
                let (on, off): (Vec<usize>, Vec<usize>) =
                    places.iter().copied().partition(in_first);
                if off.is_empty() || off.iter().any(|p| !g.shape(second).cells.contains(p)) {
                    continue;
                }
                // Places only on the first line off the second: else the box points.
                if on.iter().all(|p| g.shape(second).cells.contains(p)) {
                    continue;
                }
                let ls = ls.get_or_insert_with(|| links(board, v, bx));
                for &(h, e1, e2) in ls.iter() {
                    for (p, q) in [(e1, e2), (e2, e1)] {
                        if !on.iter().all(|&o| g.are_peers(p, o)) {
                            continue;
                        }
                        let mut seen = off.clone();
                        seen.push(q);
                        let elims: Vec<Candidate> = super::wings::common_targets(board, &seen, v)
                            .into_iter()
                            .filter(|e| e.cell_index() != p)
                            .collect();
                        let step = Step::eliminating(
                            elims,
                            Deduction::EmptyRectangle {
                                symbol: Symbol::new(v as usize),
                                house: ShapeId::new(bx),
                                lines: [ShapeId::new(first), ShapeId::new(second)],
                                link: [CellId::new(p), CellId::new(q)],
                                link_house: ShapeId::new(h),
                            },
                        );
                        if !f.push(step) {
                            return false;
                        }
                    }
                }
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::test_util::*;

    #[test]
    fn box_and_link() {
        // Box 5 has 3 only in row 5 and column 5 (not the centre); column 8 has it only at r5c8
        // and r1c8. r5c8 sees row 5's places, so were r1c8 not 3, box 5's 3 would be in
        // column 5: r1c5, seeing both, loses 3.
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        for (r, c) in [(4, 4), (4, 6), (6, 4), (6, 6), (5, 5)] {
            b.eliminate(cell(&g, r, c), sym(3));
        }
        for r in [2, 3, 4, 6, 7, 8, 9] {
            b.eliminate(cell(&g, r, 8), sym(3));
        }
        let mut f = Finder::new(100);
        find(&b, &mut f);
        assert_eq!(f.steps.len(), 1, "{:?}", f.steps);
        let s = &f.steps[0];
        assert_eq!(s.eliminations, elims(&g, "r1c5<>3"));
        assert_eq!(
            s.deduction,
            Deduction::EmptyRectangle {
                symbol: symbol(3),
                house: shape_id(&g, "box 5"),
                lines: [shape_id(&g, "row 5"), shape_id(&g, "column 5")],
                link: [cell_id(&g, 5, 8), cell_id(&g, 1, 8)],
                link_house: shape_id(&g, "column 8"),
            }
        );
    }
}
