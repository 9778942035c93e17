//! The SVG writer. Output is deterministic: elements come in a fixed layer order, shapes and
//! cells in index order, and every number is written with at most two decimals.

use super::cell_layers::{cell_id_layer, highlight_fills, value_layers};
use super::page::{Frame, cage_total, esc, num, open_document, title_size};
use super::{Colors, Edge, Orientation, RenderOptions, color_shapes, edges};
use crate::geometry::{Geometry, Rule, ShapeKind};
use crate::pos::Pos;
use crate::puzzle::Puzzle;
use std::collections::BTreeMap;
use std::fmt::Write;

/// Draws a puzzle as a standalone SVG document (UTF-8 text, ending in a newline).
///
/// Layers, bottom to top: cell backgrounds, region fills, extra-shape fills, highlighted shapes
/// and cells, rules drawn under the lines (thermometers, odd/even cells, minimum/maximum
/// chevrons), thin cell lines, diagonals, thick lines, marks (kropki dots, XV letters,
/// quadruples), cage outlines, cage sums, rules beyond shapes (arrows, coloured lines, little
/// killer, sandwich, X-sum and skyscraper clues, indexing cells), givens (bold),
/// solution values (lighter), entries, candidates, highlighted candidates, cell hit areas. The
/// layers after the solution's, and the highlights, appear only when their options ask for them.
pub fn svg(puzzle: &Puzzle, opts: &RenderOptions<'_>) -> String {
    let g = puzzle.geometry();
    if !g.faces().is_empty() {
        return super::iso::svg(puzzle, opts);
    }
    let cs = opts.cell_size.max(8) as f64;
    let col = &opts.colors;
    // A clue outside the grid (a little killer's) needs a whole cell of margin.
    let margin = if super::outside::draws_outside(g) {
        cs
    } else {
        (cs / 2.0).round()
    };
    let (title_h, title_w) = title_size(opts, cs);
    let grid_w = g.cols() as f64 * cs;
    let width = grid_w.max(title_w) + 2.0 * margin;
    let height = g.rows() as f64 * cs + 2.0 * margin + title_h;
    let frame = Frame {
        ox: ((width - grid_w) / 2.0).round(),
        oy: margin + title_h,
        cs,
    };
    // Canvas position (1-based) of a cell corner: column c's left edge is at x(c - 1).
    let x = |c: f64| frame.x(c);
    let y = |r: f64| frame.y(r);

    let mut s = String::new();
    open_document(
        &mut s,
        g,
        opts,
        (width, height),
        margin + title_h * 0.55,
        cs,
    );
    cell_backgrounds(&mut s, g, &frame, col);
    shape_fills(&mut s, g, &frame, col);
    highlight_fills(&mut s, g, &frame, opts);

    // Rules beyond shapes drawn under the lines: thermometers, odd and even cells, chevrons.
    let place = super::rules::Place {
        x: &x,
        y: &y,
        cs,
        centres: None,
    };
    super::rules::draw_under(&mut s, g, &place, col);
    grid_lines(&mut s, g, &frame, col, opts.solution);
    // Marks on the edges (dots, letters) and corners (quadruples) over the lines.
    super::rules::draw_over(&mut s, g, &place, col);
    let caged = cage_layers(&mut s, g, &frame, col);

    let at = super::lines::Place {
        ox: frame.ox,
        oy: frame.oy,
        cs,
        centres: None,
    };
    super::lines::draw(&mut s, g, &at);
    super::outside::draw(&mut s, g, &at);
    value_layers(&mut s, puzzle, opts, &frame, caged);
    if opts.cell_ids {
        cell_id_layer(&mut s, g, &frame);
    }
    s.push_str("</svg>\n");
    s
}

/// Stroke widths of the thin and thick lines for a cell size.
fn line_widths(cs: f64) -> (f64, f64) {
    ((cs / 48.0).max(0.5), (cs / 16.0).max(1.5))
}

/// Cell backgrounds: one rectangle per run of consecutive cells in a row.
fn cell_backgrounds(s: &mut String, g: &Geometry, f: &Frame, col: &Colors) {
    let mut bg = String::new();
    for r in 1..=g.rows() {
        let mut c = 1;
        while c <= g.cols() {
            if g.cell_at(Pos::new(r, c)).is_none() {
                c += 1;
                continue;
            }
            let start = c;
            while c <= g.cols() && g.cell_at(Pos::new(r, c)).is_some() {
                c += 1;
            }
            let _ = write!(
                bg,
                "M{} {}h{}v{}h-{}z",
                num(f.x((start - 1) as f64)),
                num(f.y((r - 1) as f64)),
                num((c - start) as f64 * f.cs),
                num(f.cs),
                num((c - start) as f64 * f.cs)
            );
        }
    }
    let _ = writeln!(
        s,
        r#"<path class="cells" d="{bg}" fill="{}"/>"#,
        esc(&col.background)
    );
}

/// Region fills, then extra no-repeat shapes half transparent, coloured so that neighbours
/// differ.
fn shape_fills(s: &mut String, g: &Geometry, f: &Frame, col: &Colors) {
    let regions: Vec<usize> = (0..g.shapes().len())
        .filter(|&i| g.shape(i).kind == ShapeKind::Region)
        .collect();
    fill_group(s, g, f, &regions, &col.region_fills, r#"class="regions""#);
    let extras: Vec<usize> = (0..g.shapes().len())
        .filter(|&i| g.shape(i).kind == ShapeKind::Extra && g.shape(i).rule == Rule::NoRepeat)
        .collect();
    let attrs = r#"class="extra-shapes" fill-opacity="0.5""#;
    fill_group(s, g, f, &extras, &col.extra_fills, attrs);
}

/// One group of filled shapes (nothing when there are no shapes or no colours).
fn fill_group(
    s: &mut String,
    g: &Geometry,
    f: &Frame,
    shapes: &[usize],
    fills: &[String],
    attrs: &str,
) {
    if shapes.is_empty() || fills.is_empty() {
        return;
    }
    let colors = color_shapes(g, shapes, fills.len());
    let _ = writeln!(s, "<g {attrs}>");
    for (k, &si) in shapes.iter().enumerate() {
        let _ = writeln!(
            s,
            r#"<path d="{}" fill="{}"/>"#,
            cell_squares(g, f, &g.shape(si).cells),
            esc(&fills[colors[k]])
        );
    }
    let _ = writeln!(s, "</g>");
}

/// A path of the cells' squares, in canvas order.
fn cell_squares(g: &Geometry, f: &Frame, cells: &[usize]) -> String {
    let mut sorted: Vec<Pos> = cells.iter().map(|&c| g.pos(c)).collect();
    sorted.sort_unstable();
    let mut d = String::new();
    for p in sorted {
        let _ = write!(
            d,
            "M{} {}h{}v{}h-{}z",
            num(f.x((p.col - 1) as f64)),
            num(f.y((p.row - 1) as f64)),
            num(f.cs),
            num(f.cs),
            num(f.cs)
        );
    }
    d
}

/// Thin lines, diagonals, thick lines: thin first so thick ones cover them where they meet.
fn grid_lines(s: &mut String, g: &Geometry, f: &Frame, col: &Colors, solution: Option<&[u8]>) {
    let (thin_w, thick_w) = line_widths(f.cs);
    let (x, y) = (|c: f64| f.x(c), |r: f64| f.y(r));
    let mut es = edges(g);
    // A chaos construction's regions: drawn borders, and those of the solution shown.
    super::chaos::thicken(g, solution, &mut es);
    let thin = line_path(&es, false, &x, &y);
    let thick = line_path(&es, true, &x, &y);
    let _ = writeln!(
        s,
        r#"<path class="thin" d="{thin}" fill="none" stroke="{}" stroke-width="{}"/>"#,
        esc(&col.thin_line),
        num(thin_w)
    );
    let diag = diagonal_path(g, f);
    if !diag.is_empty() {
        let _ = writeln!(
            s,
            r#"<path class="diagonals" d="{diag}" fill="none" stroke="{}" stroke-width="{}"/>"#,
            esc(&col.diagonal),
            num(thin_w * 2.0)
        );
    }
    let _ = writeln!(
        s,
        r#"<path class="thick" d="{thick}" fill="none" stroke="{}" stroke-width="{}" stroke-linecap="square"/>"#,
        esc(&col.thick_line),
        num(thick_w)
    );
}

/// Each diagonal shape from the outer corner of its first cell to that of its last one.
fn diagonal_path(g: &Geometry, f: &Frame) -> String {
    let mut diag = String::new();
    for sh in g.shapes() {
        if !matches!(sh.kind, ShapeKind::Diagonal | ShapeKind::AntiDiagonal) || sh.cells.is_empty()
        {
            continue;
        }
        let a = g.pos(sh.cells[0]);
        let b = g.pos(*sh.cells.last().unwrap_or(&sh.cells[0]));
        let dr = (b.row as f64 - a.row as f64).signum();
        let dc = (b.col as f64 - a.col as f64).signum();
        let (ax, ay) = (
            f.x(a.col as f64 - 0.5 - dc / 2.0),
            f.y(a.row as f64 - 0.5 - dr / 2.0),
        );
        let (bx, by) = (
            f.x(b.col as f64 - 0.5 + dc / 2.0),
            f.y(b.row as f64 - 0.5 + dr / 2.0),
        );
        let _ = write!(diag, "M{} {}L{} {}", num(ax), num(ay), num(bx), num(by));
    }
    diag
}

/// Cages: dashed outlines inset inside their cells, and the sum in the top-left cell.
/// Whether there were any (values then make room for the sums).
fn cage_layers(s: &mut String, g: &Geometry, f: &Frame, col: &Colors) -> bool {
    let cages: Vec<usize> = (0..g.shapes().len())
        .filter(|&i| {
            g.shape(i).kind == ShapeKind::Cage || matches!(g.shape(i).rule, Rule::Sum { .. })
        })
        .collect();
    if cages.is_empty() {
        return false;
    }
    let cs = f.cs;
    let (x, y) = (|c: f64| f.x(c), |r: f64| f.y(r));
    let inset = (cs * 0.09).round().max(2.0);
    let dash = num((cs / 12.0).max(2.0));
    let _ = writeln!(
        s,
        r#"<g class="cages" fill="none" stroke="{}" stroke-width="{}" stroke-dasharray="{dash} {dash}">"#,
        esc(&col.cage),
        num(line_widths(cs).0 * 1.5)
    );
    for &si in &cages {
        let _ = writeln!(
            s,
            r#"<path d="{}"/>"#,
            cage_outline(g, &g.shape(si).cells, cs, inset, &x, &y)
        );
    }
    let _ = writeln!(s, "</g>");
    let fs = (cs * 0.25).round();
    let _ = writeln!(
        s,
        r#"<g class="cage-sums" font-size="{}" fill="{}">"#,
        num(fs),
        esc(&col.cage)
    );
    for &si in &cages {
        let sh = g.shape(si);
        // A cage without a total has no label.
        let (Some(tl), Some(sum)) = (sh.cells.iter().map(|&c| g.pos(c)).min(), sh.sum()) else {
            continue;
        };
        let at = (
            x(tl.col as f64 - 1.0) + inset * 0.5,
            y(tl.row as f64 - 1.0) + inset * 0.5,
        );
        cage_total(s, at, fs, sum, &col.background);
    }
    let _ = writeln!(s, "</g>");
    true
}

/// Merges unit edges of one weight into maximal straight runs, as path data.
fn line_path(es: &[Edge], thick: bool, x: &dyn Fn(f64) -> f64, y: &dyn Fn(f64) -> f64) -> String {
    // Edges arrive grouped by (orientation, line) with span increasing; consecutive spans merge.
    let mut d = String::new();
    let mut run: Option<(Orientation, u32, u32, u32)> = None;
    let flush = |d: &mut String, r: (Orientation, u32, u32, u32)| {
        let (o, line, a, b) = r;
        match o {
            Orientation::Horizontal => {
                let _ = write!(
                    d,
                    "M{} {}H{}",
                    num(x(a as f64 - 1.0)),
                    num(y(line as f64)),
                    num(x(b as f64))
                );
            }
            Orientation::Vertical => {
                let _ = write!(
                    d,
                    "M{} {}V{}",
                    num(x(line as f64)),
                    num(y(a as f64 - 1.0)),
                    num(y(b as f64))
                );
            }
        }
    };
    for e in es.iter().filter(|e| e.thick == thick) {
        run = match run {
            Some((o, l, a, b)) if o == e.orientation && l == e.line && b + 1 == e.span => {
                Some((o, l, a, e.span))
            }
            Some(r) => {
                flush(&mut d, r);
                Some((e.orientation, e.line, e.span, e.span))
            }
            None => Some((e.orientation, e.line, e.span, e.span)),
        };
    }
    if let Some(r) = run {
        flush(&mut d, r);
    }
    d
}

/// The outline of a cage inset by `inset` inside its cells, as closed path data.
///
/// Each cell side facing a cell outside the cage gives one segment, shortened or lengthened at
/// each end so the segments meet: at a convex corner it stops `inset` short of the cell corner,
/// along a straight stretch it reaches the corner, and at a concave corner it runs `inset`
/// past it into the neighbouring cell. The segments are then chained into closed loops.
fn cage_outline(
    g: &Geometry,
    cells: &[usize],
    cs: f64,
    inset: f64,
    x: &dyn Fn(f64) -> f64,
    y: &dyn Fn(f64) -> f64,
) -> String {
    let segs = outline_segments(g, cells, cs, inset, x, y);
    let mut d = String::new();
    let pt = |p: Point| format!("{} {}", num(p.0 as f64 / 100.0), num(p.1 as f64 / 100.0));
    for (pts, closed) in outline_loops(&segs) {
        // Keep only the corners: a point in line with both neighbours adds nothing.
        let n = pts.len();
        let corner = |k: usize| {
            if !closed && (k == 0 || k + 1 == n) {
                return true;
            }
            let (p, c, q) = (pts[(k + n - 1) % n], pts[k], pts[(k + 1) % n]);
            !((p.0 == c.0 && c.0 == q.0) || (p.1 == c.1 && c.1 == q.1))
        };
        let keep = (0..n).filter(|&k| corner(k)).map(|k| pts[k]);
        for (k, p) in keep.enumerate() {
            let _ = write!(d, "{}{}", if k == 0 { 'M' } else { 'L' }, pt(p));
        }
        if closed {
            d.push('z');
        }
    }
    d
}

/// A point in units of 1/100 px, so that segment ends compare exactly.
type Point = (i64, i64);

/// The outline's pieces, inset from each outer cell side: one per side with no cage cell
/// beyond it, its ends pushed in at convex corners and out at concave ones.
fn outline_segments(
    g: &Geometry,
    cells: &[usize],
    cs: f64,
    inset: f64,
    x: &dyn Fn(f64) -> f64,
    y: &dyn Fn(f64) -> f64,
) -> Vec<(Point, Point)> {
    let mut inside: Vec<Pos> = cells.iter().map(|&c| g.pos(c)).collect();
    inside.sort_unstable();
    let has = |r: i64, c: i64| {
        r >= 1 && c >= 1 && inside.binary_search(&Pos::new(r as u32, c as u32)).is_ok()
    };
    let q = |v: f64| (v * 100.0).round() as i64;
    let mut segs = Vec::new();
    for p in &inside {
        let (r, c) = (p.row as i64, p.col as i64);
        let (left, top) = (x(c as f64 - 1.0), y(r as f64 - 1.0));
        let (right, bottom) = (left + cs, top + cs);
        // Offset of a segment end: + inset (convex), 0 (straight), - inset (concave).
        let end = |side: bool, diag: bool| {
            if !side {
                inset
            } else if !diag {
                0.0
            } else {
                -inset
            }
        };
        // (outside neighbour, the two along-side neighbours with their outside diagonals).
        if !has(r - 1, c) {
            let a = left + end(has(r, c - 1), has(r - 1, c - 1));
            let b = right - end(has(r, c + 1), has(r - 1, c + 1));
            segs.push(((q(a), q(top + inset)), (q(b), q(top + inset))));
        }
        if !has(r + 1, c) {
            let a = left + end(has(r, c - 1), has(r + 1, c - 1));
            let b = right - end(has(r, c + 1), has(r + 1, c + 1));
            segs.push(((q(a), q(bottom - inset)), (q(b), q(bottom - inset))));
        }
        if !has(r, c - 1) {
            let a = top + end(has(r - 1, c), has(r - 1, c - 1));
            let b = bottom - end(has(r + 1, c), has(r + 1, c - 1));
            segs.push(((q(left + inset), q(a)), (q(left + inset), q(b))));
        }
        if !has(r, c + 1) {
            let a = top + end(has(r - 1, c), has(r - 1, c + 1));
            let b = bottom - end(has(r + 1, c), has(r + 1, c + 1));
            segs.push(((q(right - inset), q(a)), (q(right - inset), q(b))));
        }
    }
    segs
}

/// Chains the segments into paths, each with whether it closes: every end point is shared by
/// exactly two segments on a closed outline.
fn outline_loops(segs: &[(Point, Point)]) -> Vec<(Vec<Point>, bool)> {
    let mut at: BTreeMap<Point, Vec<usize>> = BTreeMap::new();
    for (i, (a, b)) in segs.iter().enumerate() {
        at.entry(*a).or_default().push(i);
        at.entry(*b).or_default().push(i);
    }
    let mut used = vec![false; segs.len()];
    let mut loops = Vec::new();
    for start in 0..segs.len() {
        if used[start] {
            continue;
        }
        used[start] = true;
        let (first, mut cur) = segs[start];
        let mut pts = vec![first];
        loop {
            pts.push(cur);
            let next = at
                .get(&cur)
                .and_then(|v| v.iter().copied().find(|&i| !used[i]));
            let Some(i) = next else { break };
            used[i] = true;
            cur = if segs[i].0 == cur {
                segs[i].1
            } else {
                segs[i].0
            };
        }
        let closed = pts.len() > 2 && pts.last() == pts.first();
        if closed {
            pts.pop();
        }
        loops.push((pts, closed));
    }
    loops
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GeometryBuilder, GridSpec, Symbols};

    #[test]
    fn cage_outline_of_an_l_is_one_closed_loop_with_six_corners() {
        let mut b = GeometryBuilder::new("t", Symbols::new("1234".chars()).unwrap());
        b.grid(GridSpec::square(Pos::new(1, 1), 4));
        let g = b.build().unwrap();
        let cells: Vec<usize> = [Pos::new(1, 1), Pos::new(2, 1), Pos::new(2, 2)]
            .iter()
            .map(|&p| g.cell_at(p).unwrap())
            .collect();
        let scale = |v: f64| v * 10.0;
        let d = cage_outline(&g, &cells, 10.0, 1.0, &scale, &scale);
        assert_eq!(d.matches('M').count(), 1, "{d}");
        assert_eq!(
            d.matches('L').count(),
            5,
            "six corners, no points in between: {d}"
        );
        assert!(d.ends_with('z'), "{d}");
        // The concave corner sits `inset` past the inner cell corner (10, 10), inside the cage.
        assert!(d.contains("9 11"), "{d}");
        // Convex corners sit inset inside the outer corners.
        for corner in ["1 1", "9 1", "1 19", "19 19", "19 11"] {
            assert!(d.contains(corner), "{corner} missing in {d}");
        }
    }
}
