//! Empty rectangle, by peers so it holds on any geometry with boxes (or jigsaw regions) and
//! lines. The places of a symbol in a box all lie in a row and a column through it; split them
//! into those on the first line and the rest (on the second). A strong link p–q elsewhere whose
//! end p sees every place on the first line: were a cell t seeing q and every other place of
//! the box to hold the symbol, q would not, p would, the first line's places would not, and
//! the box would have no place left. So t loses the symbol.

use crate::reason::board::Board;
use crate::reason::finder::Finder;
use crate::reason::step::{Candidate, Deduction, Step};
use crate::symbols::SymbolSet;
use crate::{CellId, ShapeId, ShapeKind, Symbol};

/// Every strong link on every symbol of `symbols`, found once per search: `links[v]` holds
/// (link house, end, end) in house order. Each box filters out the links touching it, so it
/// gets the links a per-box scan of the houses would give, in the same order.
fn all_links(board: &Board, symbols: SymbolSet) -> Vec<Vec<(usize, usize, usize)>> {
    let g = board.geometry();
    let n = g.symbol_count();
    let mut out = vec![Vec::new(); n];
    let mut masks = [0u64; 64];
    for &h in &board.tables().houses {
        let placed = board.place_masks(h, &mut masks);
        let cells = &g.shape(h).cells;
        for (v, links) in out.iter_mut().enumerate() {
            let m = masks[v];
            if m.count_ones() != 2 || placed.contains(v as u8) || !symbols.contains(v as u8) {
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
    /// The rows, then the columns, through the box, each with its cells in the box as bits
    /// over the box's cell positions; rows and columns each by shape index.
    lines: Vec<(usize, u64)>,
    /// How many of `lines` are rows.
    rows: usize,
    on: Vec<usize>,
    off: Vec<usize>,
    seen: Vec<usize>,
    /// The symbol's strong links clear of the box, filtered once per box and symbol rather
    /// than once per pair of lines.
    links: Vec<(usize, usize, usize)>,
}

impl Scratch {
    /// The rows and columns through box `bx`, into `lines` (rows first).
    fn lines_through(&mut self, board: &Board, bx: usize) {
        let g = board.geometry();
        self.lines.clear();
        for kind in [ShapeKind::Row, ShapeKind::Column] {
            let from = self.lines.len();
            for (i, &c) in g.shape(bx).cells.iter().enumerate().take(64) {
                for &s in g.shapes_of(c) {
                    let s = s as usize;
                    if g.shape(s).kind != kind {
                        continue;
                    }
                    match self.lines[from..].iter_mut().find(|l| l.0 == s) {
                        Some(l) => l.1 |= 1 << i,
                        None => self.lines.push((s, 1 << i)),
                    }
                }
            }
            self.lines[from..].sort_unstable();
            if kind == ShapeKind::Row {
                self.rows = self.lines.len();
            }
        }
    }
}

/// Empty rectangles.
#[cfg(test)]
pub(crate) fn find(board: &Board, f: &mut Finder) {
    find_symbols(board, f, board.geometry().symbols().all());
}

/// Empty rectangles on the symbols of `symbols`: those [`find`] gives on them, in the same
/// order (a symbol's steps read only its own places, so leaving others out changes nothing
/// else).
pub(crate) fn find_symbols(board: &Board, f: &mut Finder, symbols: SymbolSet) {
    let g = board.geometry();
    let t = board.tables();
    let links = all_links(board, symbols);
    let mut masks = [0u64; 64];
    let mut sc = Scratch::default();
    for (hi, &bx) in t.houses.iter().enumerate() {
        if !matches!(g.shape(bx).kind, ShapeKind::Box | ShapeKind::Region) {
            continue;
        }
        let placed = board.place_masks(bx, &mut masks);
        let box_bits = t.house_bits(hi);
        let in_bx = |c: usize| box_bits[c / 64] >> (c % 64) & 1 == 1;
        let mut lines_known = false;
        for v in symbols.iter() {
            if placed.contains(v) {
                continue;
            }
            let m = masks[v as usize];
            // Five places at most fit in a row and a column of a 3x3 box.
            if !(2..=5).contains(&m.count_ones()) {
                continue;
            }
            // Without a strong link clear of the box there is nothing to look for.
            sc.links.clear();
            sc.links.extend(
                links[v as usize]
                    .iter()
                    .filter(|&&(h, p, q)| h != bx && !in_bx(p) && !in_bx(q)),
            );
            if sc.links.is_empty() {
                continue;
            }
            if !lines_known {
                sc.lines_through(board, bx);
                lines_known = true;
            }
            if !in_box(board, f, bx, v, m, &mut sc) {
                return;
            }
        }
    }
}

/// Tries every row/column pair through the box (whose places of `v` are `m`, as bits over
/// its cells) holding all its places.
fn in_box(board: &Board, f: &mut Finder, bx: usize, v: u8, m: u64, sc: &mut Scratch) -> bool {
    let cells = &board.geometry().shape(bx).cells;
    let links = std::mem::take(&mut sc.links);
    let lines = std::mem::take(&mut sc.lines);
    let (rows, cols) = lines.split_at(sc.rows);
    let mut go = true;
    'lines: for &r in rows.iter().filter(|l| l.1 & m != 0) {
        for &c in cols.iter().filter(|l| l.1 & m != 0) {
            for ((first, on_first), (second, on_second)) in [(r, c), (c, r)] {
                let (on, off) = (m & on_first, m & !on_first);
                if off == 0 || off & !on_second != 0 {
                    continue;
                }
                // Places only on the first line off the second: else the box points.
                if on & !on_second == 0 {
                    continue;
                }
                let at = |bits: u64| {
                    (0..64)
                        .filter(move |i| bits >> i & 1 == 1)
                        .map(|i| cells[i])
                };
                sc.on.clear();
                sc.on.extend(at(on));
                sc.off.clear();
                sc.off.extend(at(off));
                if !with_links(board, f, bx, v, [first, second], &links, sc) {
                    go = false;
                    break 'lines;
                }
            }
        }
    }
    (sc.lines, sc.links) = (lines, links);
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
            if !crate::reason::wings::xy::any_common_target(board, &sc.seen, v, &[p]) {
                continue;
            }
            let elims: Vec<Candidate> =
                crate::reason::wings::xy::common_targets(board, &sc.seen, v)
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
