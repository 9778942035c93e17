//! The isometric drawing of a geometry whose shapes are faces in space (Tredoku): every cell is
//! drawn as the projection of its unit square, so top faces show as rhombi and upright faces
//! as parallelograms sheared one way or the other, and lines run on across the folds. Values
//! and candidates are written upright at the projected places.
//!
//! Rules through cells (lines, thermometers, marks between cells) are drawn through the
//! projected cell centres, upright. Killer cages are dashed outlines inset in each cell's own
//! face, running on across folds, with their totals upright in the corner of the first cell.
//! Clues outside the cells (little killers, sandwich, X-sum and skyscraper clues) are written
//! where their canvas position falls in the plane of the first cell they read.

use super::page::{cage_total, esc, num, open_document, title_size};

use super::drawing::{Clue, Drawing, Outside, drawing, drawn};
use super::{RenderOptions, color_shapes};
use crate::geometry::{Geometry, ShapeKind};
use crate::pos::Pos;
use crate::puzzle::Puzzle;
use crate::{Rule, SymbolSet};
use std::fmt::Write;

/// Page placement of the projected drawing: a point (x, y) in cell units lands at
/// `(ox + (x - min_x) * cs, oy + (y - min_y) * cs)`.
struct Page<'g> {
    g: &'g Geometry,
    /// The face of each cell.
    face: Vec<usize>,
    min: (f64, f64),
    ox: f64,
    oy: f64,
    cs: f64,
}

impl Page<'_> {
    /// The page point `u` of the way across cell `c` and `v` of the way down.
    fn at(&self, c: usize, u: f64, v: f64) -> (f64, f64) {
        let f = &self.g.faces()[self.face[c]];
        self.place(f.project_in_cell(self.g.pos(c), u, v))
    }
    /// The page point of a projected point (in cell units).
    fn place(&self, (x, y): (f64, f64)) -> (f64, f64) {
        (
            self.ox + (x - self.min.0) * self.cs,
            self.oy + (y - self.min.1) * self.cs,
        )
    }
    /// Path data of cell `c`'s parallelogram.
    fn cell_path(&self, c: usize) -> String {
        let mut d = String::new();
        for (k, (u, v)) in [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
            .into_iter()
            .enumerate()
        {
            let (x, y) = self.at(c, u, v);
            let _ = write!(d, "{}{} {}", if k == 0 { 'M' } else { 'L' }, num(x), num(y));
        }
        d.push('z');
        d
    }
    /// The segment from (u0, v0) to (u1, v1) in cell `c`, as path data.
    fn segment(&self, c: usize, a: (f64, f64), b: (f64, f64)) -> String {
        let (ax, ay) = self.at(c, a.0, a.1);
        let (bx, by) = self.at(c, b.0, b.1);
        format!("M{} {}L{} {}", num(ax), num(ay), num(bx), num(by))
    }
}

/// Draws a puzzle whose geometry has faces (see [`Geometry::faces`]) in isometric projection.
///
/// Layers, bottom to top: cells, region and extra-shape fills, highlighted shapes and cells,
/// thin cell lines, thick lines (face outlines and box or region borders within a face),
/// givens, solution values, entries, candidates, cell hit areas.
pub(super) fn svg(puzzle: &Puzzle, opts: &RenderOptions<'_>) -> String {
    let g = puzzle.geometry();
    let cs = opts.cell_size.max(8) as f64;
    let col = &opts.colors;
    let face: Vec<usize> = g
        .face_of_cells()
        .into_iter()
        .map(|f| f.unwrap_or(0))
        .collect();
    let mut min = (f64::INFINITY, f64::INFINITY);
    let mut max = (f64::NEG_INFINITY, f64::NEG_INFINITY);
    let clues = clue_anchors(g);
    let anchors = clues.iter().flat_map(|a| {
        // Half a cell round each clue, so its number fits on the page.
        let f = &g.faces()[face[a.cell]];
        [(0.0, 0.0), (1.0, 1.0)]
            .map(|(du, dv)| f.project_in_cell(g.pos(a.cell), a.u + du, a.v + dv))
    });
    for (x, y) in g.faces().iter().flat_map(|f| f.outline()).chain(anchors) {
        min = (min.0.min(x), min.1.min(y));
        max = (max.0.max(x), max.1.max(y));
    }
    let margin = (cs / 2.0).round();
    let (title_h, title_w) = title_size(opts, cs);
    let draw_w = ((max.0 - min.0) * cs).ceil();
    let width = draw_w.max(title_w) + 2.0 * margin;
    let height = ((max.1 - min.1) * cs).ceil() + 2.0 * margin + title_h;
    let page = Page {
        g,
        face,
        min,
        ox: ((width - draw_w) / 2.0).round(),
        oy: margin + title_h,
        cs,
    };
    let thin_w = (cs / 48.0).max(0.5);
    let thick_w = (cs / 16.0).max(1.5);

    let mut s = String::new();
    open_document(
        &mut s,
        g,
        opts,
        (width, height),
        margin + title_h * 0.55,
        cs,
    );
    let _ = writeln!(
        s,
        r#"<g class="cells" fill="{}" stroke="none">"#,
        esc(&col.background)
    );
    for c in 0..g.cell_count() {
        let _ = writeln!(s, r#"<path data-cell="{c}" d="{}"/>"#, page.cell_path(c));
    }
    let _ = writeln!(s, "</g>");
    fills(&mut s, &page, opts);
    // Rules through cells follow the drawn cells: each cell's centre is its projected centre.
    // Their marks stay upright rather than lying in the face's plane.
    let centres: Vec<(f64, f64)> = (0..g.cell_count()).map(|c| page.at(c, 0.5, 0.5)).collect();
    let flat = |v: f64| v * cs;
    let place = super::rules::Place {
        x: &flat,
        y: &flat,
        cs,
        centres: Some(&centres),
    };
    super::rules::draw_under(&mut s, g, &place, col);
    lines(&mut s, &page, opts, thin_w, thick_w);
    super::rules::draw_over(&mut s, g, &place, col);
    cages(&mut s, &page, opts, thin_w);
    let at = super::lines::Place {
        ox: 0.0,
        oy: 0.0,
        cs,
        centres: Some(centres.clone()),
    };
    super::lines::draw(&mut s, g, &at);
    outside_clues(&mut s, &page, &clues);
    values(&mut s, puzzle, &page, opts);
    if opts.cell_ids {
        let _ = writeln!(s, r##"<g class="cell-ids" fill="#000" fill-opacity="0">"##);
        for c in 0..g.cell_count() {
            let _ = writeln!(s, r#"<path data-cell="{c}" d="{}"/>"#, page.cell_path(c));
        }
        let _ = writeln!(s, "</g>");
    }
    s.push_str("</svg>\n");
    s
}

/// Region and extra-shape fills, then highlighted shapes and cells.
fn fills(s: &mut String, page: &Page<'_>, opts: &RenderOptions<'_>) {
    let g = page.g;
    let col = &opts.colors;
    let shape_path =
        |cells: &[usize]| -> String { cells.iter().map(|&c| page.cell_path(c)).collect() };
    let layers = [
        (
            "regions",
            "1",
            &col.region_fills,
            (0..g.shapes().len())
                .filter(|&i| g.shape(i).kind == ShapeKind::Region)
                .collect::<Vec<_>>(),
        ),
        (
            "extra-shapes",
            "0.5",
            &col.extra_fills,
            (0..g.shapes().len())
                .filter(|&i| {
                    g.shape(i).kind == ShapeKind::Extra && g.shape(i).rule == Rule::NoRepeat
                })
                .collect(),
        ),
    ];
    for (class, opacity, palette, list) in layers {
        if list.is_empty() || palette.is_empty() {
            continue;
        }
        let colors = color_shapes(g, &list, palette.len());
        let _ = writeln!(s, r#"<g class="{class}" fill-opacity="{opacity}">"#);
        for (k, &si) in list.iter().enumerate() {
            let _ = writeln!(
                s,
                r#"<path d="{}" fill="{}"/>"#,
                shape_path(&g.shape(si).cells),
                esc(&palette[colors[k]])
            );
        }
        let _ = writeln!(s, "</g>");
    }
    let h = &opts.highlight;
    let shapes: String = h
        .shapes
        .iter()
        .filter(|id| id.index() < g.shapes().len())
        .map(|id| shape_path(&g.shape(id.index()).cells))
        .collect();
    if !shapes.is_empty() {
        let _ = writeln!(
            s,
            r#"<path class="highlight-shapes" d="{shapes}" fill="{}" fill-opacity="0.35"/>"#,
            esc(&col.highlight_shape)
        );
    }
    let cells = h.cells_in(g);
    if !cells.is_empty() {
        let _ = writeln!(
            s,
            r#"<g class="highlight-cells" fill="{}">"#,
            esc(&col.highlight_cell)
        );
        for c in cells {
            let _ = writeln!(s, r#"<path data-cell="{c}" d="{}"/>"#, page.cell_path(c));
        }
        let _ = writeln!(s, "</g>");
    }
}

/// Thin lines round every cell, then thick face outlines and the borders between cells of one
/// face that lie in different boxes or regions.
fn lines(s: &mut String, page: &Page<'_>, opts: &RenderOptions<'_>, thin_w: f64, thick_w: f64) {
    let g = page.g;
    let col = &opts.colors;
    let thin: String = (0..g.cell_count()).map(|c| page.cell_path(c)).collect();
    let _ = writeln!(
        s,
        r#"<path class="thin" d="{thin}" fill="none" stroke="{}" stroke-width="{}"/>"#,
        esc(&col.thin_line),
        num(thin_w)
    );
    let mut parts: Vec<Vec<usize>> = vec![Vec::new(); g.cell_count()];
    for (si, sh) in g.shapes().iter().enumerate() {
        if matches!(sh.kind, ShapeKind::Box | ShapeKind::Region) {
            for &c in &sh.cells {
                parts[c].push(si);
            }
        }
    }
    let mut thick = String::new();
    for (k, f) in g.faces().iter().enumerate() {
        for (i, p) in f.outline().into_iter().enumerate() {
            let (x, y) = page.place(p);
            let _ = write!(
                thick,
                "{}{} {}",
                if i == 0 { 'M' } else { 'L' },
                num(x),
                num(y)
            );
        }
        thick.push('z');
        // Inner borders: the right and lower side of each cell whose neighbour on the same
        // face belongs to other boxes or regions.
        for &c in &g.shape(f.shape.index()).cells {
            let p = g.pos(c);
            for (q, a, b) in [
                (Pos::new(p.row, p.col + 1), (1.0, 0.0), (1.0, 1.0)),
                (Pos::new(p.row + 1, p.col), (0.0, 1.0), (1.0, 1.0)),
            ] {
                let Some(d) = g.cell_at(q) else { continue };
                if page.face[d] == k && parts[c] != parts[d] {
                    thick.push_str(&page.segment(c, a, b));
                }
            }
        }
    }
    let _ = writeln!(
        s,
        r#"<path class="thick" d="{thick}" fill="none" stroke="{}" stroke-width="{}" stroke-linejoin="round"/>"#,
        esc(&col.thick_line),
        num(thick_w)
    );
}

/// Killer cages (and any shape with a total): outlines, then totals.
fn cages(s: &mut String, page: &Page<'_>, opts: &RenderOptions<'_>, thin_w: f64) {
    let g = page.g;
    let col = &opts.colors;
    let list: Vec<usize> = (0..g.shapes().len())
        .filter(|&i| {
            g.shape(i).kind == ShapeKind::Cage || matches!(g.shape(i).rule, Rule::Sum { .. })
        })
        .collect();
    if list.is_empty() {
        return;
    }
    const INSET: f64 = 0.09;
    let dash = num((page.cs / 12.0).max(2.0));
    let _ = writeln!(
        s,
        r#"<g class="cages" fill="none" stroke="{}" stroke-width="{}" stroke-dasharray="{dash} {dash}">"#,
        esc(&col.cage),
        num(thin_w * 1.5)
    );
    for &si in &list {
        let d = cage_outline(page, &g.shape(si).cells, INSET);
        let _ = writeln!(s, r#"<path d="{d}"/>"#);
    }
    let _ = writeln!(s, "</g>");
    let fs = (page.cs * 0.25).round();
    let _ = writeln!(
        s,
        r#"<g class="cage-sums" font-size="{}" fill="{}">"#,
        num(fs),
        esc(&col.cage)
    );
    for &si in &list {
        let sh = g.shape(si);
        let first = sh.cells.iter().copied().min_by_key(|&c| g.pos(c));
        let (Some(c), Some(sum)) = (first, sh.sum()) else {
            continue;
        };
        cage_total(
            s,
            page.at(c, INSET * 0.5, INSET * 0.5),
            fs,
            sum,
            &col.background,
        );
    }
    let _ = writeln!(s, "</g>");
}

/// A cage's outline inset by `inset` (in cell units) inside its cells. A cell side is on the
/// outline when no other cell of the cage has the same side on the page, so sides shared
/// across a fold count as inside. Each outline side is drawn in its cell's face, reaching the
/// corner where the outline runs straight on and `inset` past it at a concave corner (found
/// within the face), so the dashes join.
fn cage_outline(page: &Page<'_>, cells: &[usize], inset: f64) -> String {
    type Side = ((f64, f64), (f64, f64));
    const SIDES: [Side; 4] = [
        ((0.0, 0.0), (1.0, 0.0)),
        ((0.0, 1.0), (1.0, 1.0)),
        ((0.0, 0.0), (0.0, 1.0)),
        ((1.0, 0.0), (1.0, 1.0)),
    ];
    let g = page.g;
    let key = |c: usize, (a, b): Side| {
        let q = |(x, y): (f64, f64)| ((x * 100.0).round() as i64, (y * 100.0).round() as i64);
        let (p, r) = (q(page.at(c, a.0, a.1)), q(page.at(c, b.0, b.1)));
        (p.min(r), p.max(r))
    };
    let mut seen: std::collections::HashMap<_, usize> = std::collections::HashMap::new();
    for &c in cells {
        for side in SIDES {
            *seen.entry(key(c, side)).or_default() += 1;
        }
    }
    let mut d = String::new();
    for &c in cells {
        let [top, bottom, left, right] = SIDES.map(|side| seen[&key(c, side)] > 1);
        let p = g.pos(c);
        // The cell `dr` rows and `dc` columns away on the same face, in the cage.
        let diag = |dr: i64, dc: i64| {
            let (r, k) = (i64::from(p.row) + dr, i64::from(p.col) + dc);
            let at = (u32::try_from(r).ok()).zip(u32::try_from(k).ok());
            at.and_then(|(r, k)| g.cell_at(Pos::new(r, k)))
                .is_some_and(|e| page.face[e] == page.face[c] && cells.contains(&e))
        };
        let end = |side: bool, corner: bool| match (side, corner) {
            (false, _) => inset,
            (true, false) => 0.0,
            (true, true) => -inset,
        };
        if !top {
            let (a, b) = (end(left, diag(-1, -1)), end(right, diag(-1, 1)));
            d.push_str(&page.segment(c, (a, inset), (1.0 - b, inset)));
        }
        if !bottom {
            let (a, b) = (end(left, diag(1, -1)), end(right, diag(1, 1)));
            d.push_str(&page.segment(c, (a, 1.0 - inset), (1.0 - b, 1.0 - inset)));
        }
        if !left {
            let (a, b) = (end(top, diag(-1, -1)), end(bottom, diag(1, -1)));
            d.push_str(&page.segment(c, (inset, a), (inset, 1.0 - b)));
        }
        if !right {
            let (a, b) = (end(top, diag(-1, 1)), end(bottom, diag(1, 1)));
            d.push_str(&page.segment(c, (1.0 - inset, a), (1.0 - inset, 1.0 - b)));
        }
    }
    d
}

/// Where a clue outside the cells is written: its canvas position, seen from the first cell it
/// reads (`u`, `v` of the way across and down that cell, beyond 0..1), so it lies in that
/// cell's face, next to it.
struct Anchor {
    rule: usize,
    cell: usize,
    u: f64,
    v: f64,
}

/// The anchors of the clues written outside the cells (little killer, sandwich, X-sum and
/// skyscraper).
fn clue_anchors(g: &Geometry) -> Vec<Anchor> {
    let mut out = Vec::new();
    for (rule, c) in drawn(g).into_iter().enumerate() {
        let Some(Clue { cells, clue, .. }) = drawing(c).outside_clue() else {
            continue;
        };
        let Some(first) = cells.first() else { continue };
        let p = g.pos(first.index());
        out.push(Anchor {
            rule,
            cell: first.index(),
            u: 0.5 + f64::from(clue.1) - f64::from(p.col),
            v: 0.5 + f64::from(clue.0) - f64::from(p.row),
        });
    }
    out
}

/// Clues outside the cells, upright at their anchors (a little killer's arrow points to the
/// first cell of its diagonal), and indexing cells tinted.
fn outside_clues(s: &mut String, page: &Page<'_>, clues: &[Anchor]) {
    let g = page.g;
    let cs = page.cs;
    let mut out = String::new();
    for c in drawn(g) {
        if let Drawing::Outside(Outside::Tinted(cells)) = drawing(c) {
            for x in cells {
                let d = page.cell_path(x.index());
                let _ = writeln!(
                    out,
                    r##"<path class="indexing" d="{d}" fill="#f08080" fill-opacity="0.35"/>"##
                );
            }
        }
    }
    let rules = drawn(g);
    for a in clues {
        let Some(Clue { number, class, .. }) =
            rules.get(a.rule).and_then(|c| drawing(c).outside_clue())
        else {
            continue;
        };
        let at = page.at(a.cell, a.u, a.v);
        let killer = class == "little-killer";
        let fs = cs * if killer { 0.3 } else { 0.45 };
        let _ = writeln!(
            out,
            r##"<text class="{class}" x="{}" y="{}" font-size="{}" text-anchor="middle" fill="#000000">{number}</text>"##,
            num(at.0),
            num(at.1 + fs * 0.35),
            num(fs)
        );
        if killer {
            let centre = page.at(a.cell, 0.5, 0.5);
            let (dx, dy) = (centre.0 - at.0, centre.1 - at.1);
            let len = (dx * dx + dy * dy).sqrt().max(1e-9);
            let (ux, uy) = (dx / len * cs, dy / len * cs);
            let from = (at.0 + ux * 0.25, at.1 + uy * 0.25);
            let tip = (at.0 + ux * 0.5, at.1 + uy * 0.5);
            let _ = writeln!(
                out,
                r##"<path d="{}" stroke="#000000" stroke-width="{}"/>"##,
                super::lines::path_of(&[from, tip]),
                num(cs * 0.03)
            );
            super::lines::head(&mut out, from, tip, cs * 0.1, "#000000", cs * 0.03);
        }
    }
    if !out.is_empty() {
        let _ = writeln!(s, "<g class=\"outside-clues\">\n{out}</g>");
    }
}

/// Givens (bold), solution values, entries and candidates, upright at the projected places.
fn values(s: &mut String, puzzle: &Puzzle, page: &Page<'_>, opts: &RenderOptions<'_>) {
    let g = page.g;
    let sym = g.symbols();
    let col = &opts.colors;
    let fs = (page.cs * 0.5).round();
    let text_at = |c: usize, v: u8, u: f64, w: f64, size: f64| {
        let (x, y) = page.at(c, u, w);
        format!(
            r#"<text x="{}" y="{}">{}</text>"#,
            num(x),
            num(y + size * 0.35),
            esc(&sym.char(v).to_string())
        )
    };
    let n = g.cell_count();
    let mut shown: Vec<Option<(u8, usize)>> = vec![None; n];
    for (c, v) in puzzle.givens().iter().enumerate() {
        if let Some(v) = v {
            shown[c] = Some((*v, 0));
        }
    }
    for (c, v) in opts.entries.unwrap_or(&[]).iter().enumerate().take(n) {
        if let Some(v) = v.filter(|v| v.index() < sym.len()) {
            if shown[c].is_none() {
                shown[c] = Some((v.index() as u8, 2));
            }
        }
    }
    for (c, &v) in opts.solution.unwrap_or(&[]).iter().enumerate().take(n) {
        if shown[c].is_none() && (v as usize) < sym.len() {
            shown[c] = Some((v, 1));
        }
    }
    let layers = [
        ("givens", r#" font-weight="bold""#, &col.given),
        ("solution", "", &col.solution),
        ("entries", "", &col.entry),
    ];
    for (k, (class, weight, fill)) in layers.into_iter().enumerate() {
        let body: String = (0..n)
            .filter_map(|c| shown[c].filter(|s| s.1 == k).map(|s| (c, s.0)))
            .map(|(c, v)| text_at(c, v, 0.5, 0.5, fs) + "\n")
            .collect();
        if !body.is_empty() {
            let _ = write!(
                s,
                "<g class=\"{class}\" font-size=\"{}\"{weight} text-anchor=\"middle\" fill=\"{}\">\n{body}</g>\n",
                num(fs),
                esc(fill)
            );
        }
    }
    // Candidates sit in a block `w` symbols wide, symbol k in row k / w, column k % w.
    let w = (1..=8).find(|w| w * w >= sym.len()).unwrap_or(8);
    let h = sym.len().div_ceil(w).max(1);
    let small = (page.cs * 0.8 / w.max(h) as f64 * 0.8).max(2.0);
    let mut body = String::new();
    for (c, set) in opts.candidates.unwrap_or(&[]).iter().enumerate().take(n) {
        if shown[c].is_some() {
            continue;
        }
        for v in set.intersect(SymbolSet::full(sym.len())).iter() {
            let (r, k) = (v as usize / w, v as usize % w);
            let u = 0.1 + 0.8 * (k as f64 + 0.5) / w as f64;
            let t = 0.1 + 0.8 * (r as f64 + 0.5) / h as f64;
            body.push_str(&text_at(c, v, u, t, small));
            body.push('\n');
        }
    }
    if !body.is_empty() {
        let _ = write!(
            s,
            "<g class=\"candidates\" font-size=\"{}\" text-anchor=\"middle\" fill=\"{}\">\n{body}</g>\n",
            num(small),
            esc(&col.candidate)
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::geometry::polygons_overlap;
    use crate::{Puzzle, RenderOptions};

    /// The corners of each `<path data-cell=..>` of the cell layer.
    fn cell_polygons(svg: &str) -> Vec<Vec<(f64, f64)>> {
        let layer = svg
            .split(r#"<g class="cells""#)
            .nth(1)
            .and_then(|s| s.split("</g>").next())
            .unwrap_or("");
        layer
            .lines()
            .filter_map(|l| l.split(" d=\"").nth(1))
            .map(|d| {
                d.trim_end_matches("z\"/>")
                    .split(['M', 'L'])
                    .filter(|p| !p.is_empty())
                    .map(|p| {
                        let (x, y) = p.split_once(' ').unwrap();
                        (x.parse().unwrap(), y.parse().unwrap())
                    })
                    .collect()
            })
            .collect()
    }

    fn tredoku() -> Puzzle {
        let l = crate::load::load_builtin("tredoku").unwrap();
        Puzzle::new(l.geometry.clone(), vec![None; l.geometry.cell_count()]).unwrap()
    }

    #[test]
    fn tredoku_cells_are_projected_parallelograms_that_do_not_overlap() {
        let p = tredoku();
        let svg = crate::render::svg(&p, &RenderOptions::default());
        let polys = cell_polygons(&svg);
        assert_eq!(polys.len(), 63);
        for (i, a) in polys.iter().enumerate() {
            assert_eq!(a.len(), 4, "{a:?}");
            // A parallelogram: opposite sides are equal vectors.
            let side = |k: usize| (a[k + 1].0 - a[k].0, a[k + 1].1 - a[k].1);
            let far = (a[3].0 - a[2].0, a[3].1 - a[2].1);
            assert!((side(0).0 + far.0).abs() < 0.02 && (side(0).1 + far.1).abs() < 0.02);
            for b in &polys[i + 1..] {
                assert!(!polygons_overlap(a, b), "{a:?} overlaps {b:?}");
            }
        }
        // Not the flat drawing: every cell has sides that are not axis-parallel (top faces are
        // rhombi, upright faces have their horizontal sides sheared), and the three planes give
        // three side directions besides the vertical.
        let slants: std::collections::BTreeSet<i64> = polys
            .iter()
            .flat_map(|a| (0..4).map(move |k| (a[k], a[(k + 1) % 4])))
            .filter(|(p, q)| (p.0 - q.0).abs() > 0.01)
            .map(|(p, q)| ((q.1 - p.1) / (q.0 - p.0) * 10.0).round() as i64)
            .collect();
        assert_eq!(slants.into_iter().collect::<Vec<_>>(), vec![-6, 6]);
        assert!(polys.iter().all(|a| (a[1].1 - a[0].1).abs() > 1.0));
        // One thick outline per face.
        let thick = svg.split(r#"class="thick" d=""#).nth(1).unwrap();
        assert_eq!(thick.split('"').next().unwrap().matches('z').count(), 7);
    }

    #[test]
    fn values_are_centred_in_their_parallelograms() {
        let p = tredoku();
        let sol: Vec<u8> = (0..63).map(|c| (c % 9) as u8).collect();
        let opts = RenderOptions {
            solution: Some(&sol),
            ..RenderOptions::default()
        };
        let svg = crate::render::svg(&p, &opts);
        let polys = cell_polygons(&svg);
        let texts: Vec<(f64, f64)> = svg
            .split(r#"<g class="solution""#)
            .nth(1)
            .unwrap()
            .lines()
            .skip(1)
            .take_while(|l| l.starts_with("<text"))
            .map(|l| {
                let at = |k: &str| -> f64 {
                    l.split(&format!("{k}=\""))
                        .nth(1)
                        .unwrap()
                        .split('"')
                        .next()
                        .unwrap()
                        .parse()
                        .unwrap()
                };
                (at("x"), at("y"))
            })
            .collect();
        assert_eq!(texts.len(), 63);
        let fs = 24.0;
        for (a, t) in polys.iter().zip(&texts) {
            let cx = a.iter().map(|p| p.0).sum::<f64>() / 4.0;
            let cy = a.iter().map(|p| p.1).sum::<f64>() / 4.0;
            assert!(
                (t.0 - cx).abs() < 0.02 && (t.1 - fs * 0.35 - cy).abs() < 0.02,
                "{t:?} {a:?}"
            );
        }
    }

    /// Whether `p` lies strictly inside the convex polygon `a`.
    fn inside(a: &[(f64, f64)], p: (f64, f64)) -> bool {
        let n = a.len();
        let cross = |k: usize| {
            let (s, e) = (a[k], a[(k + 1) % n]);
            (e.0 - s.0) * (p.1 - s.1) - (e.1 - s.1) * (p.0 - s.0)
        };
        (0..n).all(|k| cross(k) > 0.01) || (0..n).all(|k| cross(k) < -0.01)
    }

    #[test]
    fn a_cage_across_a_fold_is_solved_and_drawn_on_both_faces() {
        // r9c1 ends the lower step's top, r10c1 starts its front: neighbours across the fold,
        // holding 7 and 5 in the example's solution.
        let base = include_str!("../../../../variants/puzzles/tredoku.toml");
        let with = |sum: i64| format!("{base}\n[[cage]]\nsum = {sum}\ncells = \"r9c1 r10c1\"\n");
        let load = |t: &str| crate::load::load_str("tredoku-killer", t, None).unwrap();
        let l = load(&with(12));
        assert_eq!(crate::Solver::new(&l.puzzle).count(2).solutions.len(), 1);
        // Another total breaks the stated solution; without it, the givens admit none.
        let givens = base.split("solution =").next().unwrap();
        let wrong = format!("{givens}[[cage]]\nsum = 13\ncells = \"r9c1 r10c1\"\n");
        let wrong = load(&wrong);
        assert_eq!(
            crate::Solver::new(&wrong.puzzle).count(2).solutions.len(),
            0
        );

        let g = l.geometry.clone();
        let svg = crate::render::svg(&l.puzzle, &RenderOptions::default());
        let polys = cell_polygons(&svg);
        let cage = svg.split(r#"<g class="cages""#).nth(1).unwrap();
        let d = cage.lines().nth(1).unwrap().split("d=\"").nth(1).unwrap();
        let d = d.split('"').next().unwrap();
        // Three outside sides in each cell; the side they share on the fold is not drawn.
        assert_eq!(d.matches('M').count(), 6, "{d}");
        let points: Vec<(f64, f64)> = d
            .split(['M', 'L'])
            .filter(|p| !p.is_empty())
            .map(|p| {
                let (x, y) = p.split_once(' ').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect();
        let cell = |r, c| &polys[g.cell_at(crate::Pos::new(r, c)).unwrap()];
        let (top, front) = (cell(9, 1), cell(10, 1));
        assert!(
            points.iter().all(|&p| inside(top, p) || inside(front, p)),
            "{d}"
        );
        assert_eq!(points.iter().filter(|&&p| inside(top, p)).count(), 6);
        // The total, upright, in the corner of the first cell.
        let sums = svg.split(r#"<g class="cage-sums""#).nth(1).unwrap();
        assert!(
            sums.lines().nth(1).unwrap().ends_with(">12</text>"),
            "{sums}"
        );
    }

    #[test]
    fn clues_outside_the_cells_are_written_beside_their_first_cell() {
        // Above r1c1 a little killer down the top face's diagonal (7 + 8 + 4 in the example's
        // solution), above r1c2 an X-sum (r1c2 holds 1, so the total is 1).
        let base = include_str!("../../../../variants/puzzles/tredoku.toml");
        let text = format!(
            "{base}\n[[rule]]\ntype = \"little-killer\"\nat = [0, 0]\ndirection = \"down-right\"\ntotal = 19\n[[rule]]\ntype = \"x-sum\"\nat = [0, 2]\ntotal = 1\n"
        );
        let l = crate::load::load_str("tredoku-clues", &text, None).unwrap();
        assert_eq!(crate::Solver::new(&l.puzzle).count(2).solutions.len(), 1);
        let svg = crate::render::svg(&l.puzzle, &RenderOptions::default());
        let polys = cell_polygons(&svg);
        let dim = |k: &str| -> f64 {
            let v = svg.split(&format!(" {k}=\"")).nth(1).unwrap();
            v.split('"').next().unwrap().parse().unwrap()
        };
        let (w, h) = (dim("width"), dim("height"));
        let layer = svg.split(r#"<g class="outside-clues">"#).nth(1).unwrap();
        let layer = layer.split("</g>").next().unwrap();
        let mut numbers = Vec::new();
        for line in layer.lines().filter(|l| l.starts_with("<text")) {
            let at = |k: &str| -> f64 {
                let v = line.split(&format!(" {k}=\"")).nth(1).unwrap();
                v.split('"').next().unwrap().parse().unwrap()
            };
            let (x, y) = (at("x"), at("y"));
            assert!(x > 0.0 && x < w && y > 0.0 && y < h, "{line} off the page");
            assert!(polys.iter().all(|a| !inside(a, (x, y))), "{line} on a cell");
            numbers.push(
                line.split('>')
                    .nth(1)
                    .unwrap()
                    .trim_end_matches("</text")
                    .to_string(),
            );
        }
        assert_eq!(numbers, ["19", "1"]);
        // The little killer's arrow points into its diagonal.
        assert!(layer.contains("<path d="), "{layer}");
    }

    #[test]
    fn a_line_rule_runs_through_the_projected_cell_centres() {
        let text = "symbols = \"1234\"\ncells = \"r1-2c1-2 r3-4c1-4\"\n[[shape]]\ncells = \"r1-2c1-2\"\nplane = \"top\"\norigin = [0, 2, 2]\n[[shape]]\ncells = \"r3-4c1-2\"\nplane = \"front\"\norigin = [0, 0, 2]\n[[shape]]\ncells = \"r3-4c3-4\"\nplane = \"side\"\norigin = [2, 0, 2]\n[[rule]]\ntype = \"renban\"\ncells = \"r2c2 r3c2 r3c3\"\n";
        let l = crate::load::load_str("cube", text, None).unwrap();
        let g = l.geometry.clone();
        let p = Puzzle::new(g.clone(), vec![None; g.cell_count()]).unwrap();
        let svg = crate::render::svg(&p, &RenderOptions::default());
        let polys = cell_polygons(&svg);
        let centre = |pos: crate::Pos| {
            let a = &polys[g.cell_at(pos).unwrap()];
            let x = a.iter().map(|p| p.0).sum::<f64>() / 4.0;
            let y = a.iter().map(|p| p.1).sum::<f64>() / 4.0;
            (x, y)
        };
        let rules = svg.split(r#"<g class="rules">"#).nth(1).unwrap();
        let line = rules.lines().nth(1).unwrap();
        let d = line
            .split("d=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        let points: Vec<(f64, f64)> = d
            .split(['M', 'L'])
            .filter(|p| !p.is_empty())
            .map(|p| {
                let (x, y) = p.split_once(' ').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect();
        // The line crosses the fold: from the top face onto the front face and round onto the
        // side face, through each cell's drawn centre.
        for pos in [
            crate::Pos::new(2, 2),
            crate::Pos::new(3, 2),
            crate::Pos::new(3, 3),
        ] {
            let (x, y) = centre(pos);
            assert!(
                points
                    .iter()
                    .any(|p| (p.0 - x).abs() < 0.02 && (p.1 - y).abs() < 0.02),
                "{x} {y} not in {line}"
            );
        }
    }
}
