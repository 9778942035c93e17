//! What the flat drawing writes into cells: values (givens, solution, entries), candidates,
//! highlighted candidates and marks, highlighted cells and shapes, cell ids.

use super::RenderOptions;
use super::page::{Frame, esc, num};
use crate::SymbolSet;
use crate::geometry::Geometry;
use crate::puzzle::Puzzle;
use std::fmt::Write;

/// Values (givens bold, solution values lighter, entries), then candidates. The baseline sits
/// 0.35 em below the centre so digits look vertically centred without relying on
/// dominant-baseline support. With cages, values are a little smaller and lower so they clear
/// the sums in the corners.
pub(super) fn value_layers(
    s: &mut String,
    puzzle: &Puzzle,
    opts: &RenderOptions<'_>,
    f: &Frame,
    caged: bool,
) {
    let g = puzzle.geometry();
    let (cs, col, sym) = (f.cs, &opts.colors, g.symbols());
    let (fs, drop) = if caged {
        ((cs * 0.5).round(), (cs * 0.06).round())
    } else {
        ((cs * 0.6).round(), 0.0)
    };
    let text_at = |cell: usize, v: u8| {
        let p = g.pos(cell);
        format!(
            r#"<text x="{}" y="{}">{}</text>"#,
            num(f.x(p.col as f64 - 0.5)),
            num(f.y(p.row as f64 - 0.5) + fs * 0.35 + drop),
            esc(&sym.char(v).to_string())
        )
    };
    let givens: Vec<String> = puzzle
        .givens()
        .iter()
        .enumerate()
        .filter_map(|(c, v)| v.map(|v| text_at(c, v)))
        .collect();
    let attrs = format!(
        r#"class="givens" font-size="{}" font-weight="bold""#,
        num(fs)
    );
    text_group(s, &givens, &attrs, &col.given);
    let entries = entries(puzzle, opts);
    if let Some(sol) = opts.solution {
        let vals: Vec<String> = sol
            .iter()
            .enumerate()
            .take(g.cell_count())
            .filter(|&(c, &v)| {
                puzzle.givens()[c].is_none() && entries[c].is_none() && (v as usize) < sym.len()
            })
            .map(|(c, &v)| text_at(c, v))
            .collect();
        let attrs = format!(r#"class="solution" font-size="{}""#, num(fs));
        text_group(s, &vals, &attrs, &col.solution);
    }
    let vals: Vec<String> = entries
        .iter()
        .enumerate()
        .filter_map(|(c, v)| v.map(|v| text_at(c, v)))
        .collect();
    let attrs = format!(r#"class="entries" font-size="{}""#, num(fs));
    text_group(s, &vals, &attrs, &col.entry);
    let showing = |c: usize| {
        puzzle.givens()[c].is_some()
            || entries[c].is_some()
            || opts
                .solution
                .and_then(|sol| sol.get(c))
                .is_some_and(|&v| (v as usize) < sym.len())
    };
    let slots = Slots::new(sym.len(), cs, caged);
    candidate_layers(s, g, f, &slots, opts, &showing);
}

/// A group of centred texts (nothing when there are none).
fn text_group(s: &mut String, texts: &[String], attrs: &str, fill: &str) {
    if texts.is_empty() {
        return;
    }
    let _ = writeln!(
        s,
        r#"<g {attrs} text-anchor="middle" fill="{}">"#,
        esc(fill)
    );
    for t in texts {
        let _ = writeln!(s, "{t}");
    }
    let _ = writeln!(s, "</g>");
}

fn entries(puzzle: &Puzzle, opts: &RenderOptions<'_>) -> Vec<Option<u8>> {
    let g = puzzle.geometry();
    let mut out = vec![None; g.cell_count()];
    if let Some(list) = opts.entries {
        for (c, v) in list.iter().enumerate().take(g.cell_count()) {
            if let Some(v) = v.filter(|v| v.index() < g.symbols().len()) {
                if puzzle.givens()[c].is_none() {
                    out[c] = Some(v.index() as u8);
                }
            }
        }
    }
    out
}

/// The highlighted shapes (half-transparent) and cells, under the lines.
pub(super) fn highlight_fills(s: &mut String, g: &Geometry, f: &Frame, opts: &RenderOptions<'_>) {
    let h = &opts.highlight;
    let square = |d: &mut String, c: usize| {
        let (x, y) = f.corner(g, c);
        let _ = write!(
            d,
            "M{} {}h{}v{}h-{}z",
            num(x),
            num(y),
            num(f.cs),
            num(f.cs),
            num(f.cs)
        );
    };
    let mut shapes = String::new();
    for id in h.shapes.iter().filter(|id| id.index() < g.shapes().len()) {
        for &c in &g.shape(id.index()).cells {
            square(&mut shapes, c);
        }
    }
    if !shapes.is_empty() {
        let _ = writeln!(
            s,
            r#"<path class="highlight-shapes" d="{shapes}" fill="{}" fill-opacity="0.35"/>"#,
            esc(&opts.colors.highlight_shape)
        );
    }
    let cells = h.cells_in(g);
    if !cells.is_empty() {
        let _ = writeln!(
            s,
            r#"<g class="highlight-cells" fill="{}">"#,
            esc(&opts.colors.highlight_cell)
        );
        for c in cells {
            cell_rect(s, g, f, c);
        }
        let _ = writeln!(s, "</g>");
    }
}

/// The place of each symbol's candidate inside a cell: a block `w` symbols wide, below a band
/// kept free for cage totals when the drawing has cages.
struct Slots {
    w: usize,
    sub_w: f64,
    sub_h: f64,
    left: f64,
    top: f64,
    font: f64,
}

impl Slots {
    fn new(symbols: usize, cs: f64, cages: bool) -> Self {
        let w = (1..=8).find(|w| w * w >= symbols).unwrap_or(8);
        let h = symbols.div_ceil(w).max(1);
        let left = cs * 0.06;
        let top = if cages { cs * 0.26 } else { cs * 0.06 };
        let sub_w = (cs - 2.0 * left) / w as f64;
        let sub_h = (cs - top - left) / h as f64;
        Slots {
            w,
            sub_w,
            sub_h,
            left,
            top,
            font: (sub_w.min(sub_h) * 0.8).max(2.0),
        }
    }
    /// Centre of symbol `v`'s slot in a cell whose top-left corner is (x, y).
    fn centre(&self, x: f64, y: f64, v: u8) -> (f64, f64) {
        let (r, c) = (v as usize / self.w, v as usize % self.w);
        (
            x + self.left + (c as f64 + 0.5) * self.sub_w,
            y + self.top + (r as f64 + 0.5) * self.sub_h,
        )
    }
}

/// Candidates in cells that show no value, then the highlighted placements (ringed) and
/// eliminations (struck through), drawn in their slots whether or not candidates are shown.
fn candidate_layers(
    s: &mut String,
    g: &Geometry,
    f: &Frame,
    slots: &Slots,
    opts: &RenderOptions<'_>,
    showing: &dyn Fn(usize) -> bool,
) {
    let sym = g.symbols();
    let col = &opts.colors;
    let text = |c: usize, v: u8| {
        let (x, y) = f.corner(g, c);
        let (cx, cy) = slots.centre(x, y, v);
        format!(
            r#"<text x="{}" y="{}">{}</text>"#,
            num(cx),
            num(cy + slots.font * 0.35),
            esc(&sym.char(v).to_string())
        )
    };
    let mut body = String::new();
    for (c, set) in opts.candidates.unwrap_or(&[]).iter().enumerate() {
        if c >= g.cell_count() || showing(c) {
            continue;
        }
        for v in set.intersect(SymbolSet::full(sym.len())).iter() {
            body.push_str(&text(c, v));
            body.push('\n');
        }
    }
    if !body.is_empty() {
        let _ = write!(
            s,
            "<g class=\"candidates\" font-size=\"{}\" text-anchor=\"middle\" fill=\"{}\">\n{body}</g>\n",
            num(slots.font),
            esc(&col.candidate)
        );
    }
    mark_layers(s, g, f, slots, opts, showing, &text);
}

/// The highlighted placements (ringed) and eliminations (struck through), in their candidate
/// slots, in cells that show no value.
fn mark_layers(
    s: &mut String,
    g: &Geometry,
    f: &Frame,
    slots: &Slots,
    opts: &RenderOptions<'_>,
    showing: &dyn Fn(usize) -> bool,
    text: &dyn Fn(usize, u8) -> String,
) {
    let sym = g.symbols();
    let col = &opts.colors;
    let marks = |list: &[(crate::CellId, crate::Symbol)]| -> Vec<(usize, u8)> {
        list.iter()
            .map(|&(c, v)| (c.index(), v.index()))
            .filter(|&(c, v)| c < g.cell_count() && v < sym.len() && !showing(c))
            .map(|(c, v)| (c, v as u8))
            .collect()
    };
    let r = slots.sub_w.min(slots.sub_h) * 0.48;
    let placed = marks(&opts.highlight.placements);
    if !placed.is_empty() {
        let _ = writeln!(
            s,
            r#"<g class="placements" font-size="{}" font-weight="bold" text-anchor="middle" fill="{}">"#,
            num(slots.font),
            esc(&col.placement)
        );
        for (c, v) in placed {
            let (x, y) = f.corner(g, c);
            let (cx, cy) = slots.centre(x, y, v);
            let _ = writeln!(
                s,
                r#"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="{}" stroke-width="{}"/>{}"#,
                num(cx),
                num(cy),
                num(r),
                esc(&col.placement),
                num((f.cs / 40.0).max(0.8)),
                text(c, v)
            );
        }
        let _ = writeln!(s, "</g>");
    }
    let gone = marks(&opts.highlight.eliminations);
    if !gone.is_empty() {
        let _ = writeln!(
            s,
            r#"<g class="eliminations" font-size="{}" text-anchor="middle" fill="{}" stroke="{}" stroke-width="{}">"#,
            num(slots.font),
            esc(&col.elimination),
            esc(&col.elimination),
            num((f.cs / 40.0).max(0.8))
        );
        for (c, v) in gone {
            let (x, y) = f.corner(g, c);
            let (cx, cy) = slots.centre(x, y, v);
            let _ = writeln!(
                s,
                r#"<g data-cell="{c}">{}<path d="M{} {}L{} {}"/></g>"#,
                text(c, v).replacen("<text", r#"<text stroke="none""#, 1),
                num(cx - r),
                num(cy + r),
                num(cx + r),
                num(cy - r)
            );
        }
        let _ = writeln!(s, "</g>");
    }
}

/// A transparent square per cell carrying its id, on top, for mapping clicks to cells.
pub(super) fn cell_id_layer(s: &mut String, g: &Geometry, f: &Frame) {
    let _ = writeln!(s, r##"<g class="cell-ids" fill="#000" fill-opacity="0">"##);
    for c in 0..g.cell_count() {
        cell_rect(s, g, f, c);
    }
    let _ = writeln!(s, "</g>");
}

/// A cell's square carrying its id.
fn cell_rect(s: &mut String, g: &Geometry, f: &Frame, c: usize) {
    let (x, y) = f.corner(g, c);
    let _ = writeln!(
        s,
        r#"<rect data-cell="{c}" x="{}" y="{}" width="{}" height="{}"/>"#,
        num(x),
        num(y),
        num(f.cs),
        num(f.cs)
    );
}
