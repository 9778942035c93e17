//! Empty rectangle, by peers so it holds on any geometry with boxes (or jigsaw regions) and
//! lines. The places of a symbol in a box all lie in a row and a column through it; split them
//! into those on the first line and the rest (on the second). A strong link p–q elsewhere whose
//! end p sees every place on the first line: were a cell t seeing q and every other place of
//! the box to hold the symbol, q would not, p would, the first line's places would not, and
//! the box would have no place left. So t loses the symbol.

use super::{Board, Candidate, Deduction, Finder, Step};
use crate::{CellId, ShapeId, ShapeKind, Symbol};

/// Every strong link on every symbol, found once per search: `links[v]` holds (link house,
/// end, end) in house order. Each box filters out the links touching it, so it gets the links
/// a per-box scan of the houses would give, in the same order.
fn all_links(board: &Board) -> Vec<Vec<(usize, usize, usize)>> {
    let g = board.geometry();
    let n = g.symbol_count();
    let mut out = vec![Vec::new(); n];
    let mut masks = [0u64; 64];
    for &h in &board.tables().houses {
        let placed = board.place_masks(h, &mut masks);
        let cells = &g.shape(h).cells;
        for (v, links) in out.iter_mut().enumerate() {
            let m = masks[v];
            if m.count_ones() != 2 || placed.contains(v as u8) {
                continue;
            }
            links.push((
                h,
                cells[m.trailing_zeros() as usize],
                cells[63 - m.leading_zeros() as usize],
            ));
        }
    }
    out
}

/// Buffers one search reuses for every box and symbol, so a box allocates nothing.
#[derive(Default)]
struct Scratch {
    places: Vec<usize>,
    rows: Vec<usize>,
    cols: Vec<usize>,
    on: Vec<usize>,
    off: Vec<usize>,
    seen: Vec<usize>,
    /// The symbol's strong links clear of the box, filtered once per box and symbol rather
    /// than once per pair of lines.
    links: Vec<(usize, usize, usize)>,
}

/// Empty rectangles.
pub(crate) fn find(board: &Board, f: &mut Finder) {
    let g = board.geometry();
    let t = board.tables();
    let links = all_links(board);
    let mut masks = [0u64; 64];
    let mut sc = Scratch::default();
    for &bx in &t.houses {
        if !matches!(g.shape(bx).kind, ShapeKind::Box | ShapeKind::Region) {
            continue;
        }
        let placed = board.place_masks(bx, &mut masks);
        for v in g.symbols().all().iter() {
            if placed.contains(v) {
                continue;
            }
            let m = masks[v as usize];
            // Five places at most fit in a row and a column of a 3x3 box.
            if !(2..=5).contains(&m.count_ones()) {
                continue;
            }
            // Without a strong link clear of the box there is nothing to look for.
            let in_bx = |c: usize| g.shapes_of(c).contains(&(bx as u32));
            sc.links.clear();
            sc.links.extend(
                links[v as usize]
                    .iter()
                    .filter(|&&(h, p, q)| h != bx && !in_bx(p) && !in_bx(q)),
            );
            if sc.links.is_empty() {
                continue;
            }
            let cells = &g.shape(bx).cells;
            sc.places.clear();
            sc.places
                .extend((0..64).filter(|i| m >> i & 1 == 1).map(|i| cells[i]));
            if !in_box(board, f, bx, v, &mut sc) {
                return;
            }
        }
    }
}

/// The lines of `kind` through any of `places`, sorted, into `out`.
fn lines_of(board: &Board, places: &[usize], kind: ShapeKind, out: &mut Vec<usize>) {
    let g = board.geometry();
    out.clear();
    out.extend(
        places
            .iter()
            .flat_map(|&c| g.shapes_of(c).iter().map(|&s| s as usize))
            .filter(|&s| g.shape(s).kind == kind),
    );
    out.sort_unstable();
    out.dedup();
}

/// Tries every row/column pair through the box holding all its places.
fn in_box(board: &Board, f: &mut Finder, bx: usize, v: u8, sc: &mut Scratch) -> bool {
    let g = board.geometry();
    let links = std::mem::take(&mut sc.links);
    let mut rows = std::mem::take(&mut sc.rows);
    let mut cols = std::mem::take(&mut sc.cols);
    lines_of(board, &sc.places, ShapeKind::Row, &mut rows);
    lines_of(board, &sc.places, ShapeKind::Column, &mut cols);
    let mut go = true;
    'lines: for &r in &rows {
        for &c in &cols {
            for (first, second) in [(r, c), (c, r)] {
                let (fc, sc2) = (&g.shape(first).cells, &g.shape(second).cells);
                sc.on.clear();
                sc.off.clear();
                for &p in &sc.places {
                    if fc.contains(&p) {
                        sc.on.push(p);
                    } else {
                        sc.off.push(p);
                    }
                }
                if sc.off.is_empty() || sc.off.iter().any(|p| !sc2.contains(p)) {
                    continue;
                }
                // Places only on the first line off the second: else the box points.
                if sc.on.iter().all(|p| sc2.contains(p)) {
                    continue;
                }
                if !with_links(board, f, bx, v, [first, second], &links, sc) {
                    go = false;
                    break 'lines;
                }
            }
        }
    }
    (sc.rows, sc.cols, sc.links) = (rows, cols, links);
    go
}

/// The steps of one box and pair of lines (`sc.on` on the first, `sc.off` on the second) with
/// the symbol's strong links clear of the box (`links`).
fn with_links(
    board: &Board,
    f: &mut Finder,
    bx: usize,
    v: u8,
    lines: [usize; 2],
    links: &[(usize, usize, usize)],
    sc: &mut Scratch,
) -> bool {
    for &(h, e1, e2) in links {
        for (p, q) in [(e1, e2), (e2, e1)] {
            if !sc.on.iter().all(|&o| board.sees(p, o)) {
                continue;
            }
            sc.seen.clear();
            sc.seen.extend_from_slice(&sc.off);
            sc.seen.push(q);
            // Most pairs eliminate nothing: the bitsets say so without building the step.
            if !super::wings::any_common_target(board, &sc.seen, v, &[p]) {
                continue;
            }
            let elims: Vec<Candidate> = super::wings::common_targets(board, &sc.seen, v)
                .into_iter()
                .filter(|e| e.cell_index() != p)
                .collect();
            let step = Step::eliminating(
                elims,
                Deduction::EmptyRectangle {
                    symbol: Symbol::new(v as usize),
                    house: ShapeId::new(bx),
                    lines: lines.map(ShapeId::new),
                    link: [CellId::new(p), CellId::new(q)],
                    link_house: ShapeId::new(h),
                },
            );
            if !f.push(step) {
                return false;
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
