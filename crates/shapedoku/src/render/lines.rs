//! Drawing the sum, line and copy rules the way setters print them: an arrow's circle (or pill)
//! and a line ending in an arrowhead; coloured thick lines through cell centres (renban purple,
//! whispers green, palindrome grey, region sum blue, entropic orange, modular teal, zipper
//! pink, a sequence brown); a between line thin with a circle at each end; a double arrow with
//! a circle at each end; clones as shaded cells; a little killer's total outside the grid with
//! a small arrow along its diagonal. The colours are the conventional ones, not themable
//! (`drawing.rs` picks them).

use super::drawing::{Drawing, Line, drawing, drawn};
use super::page::{esc, num};
use crate::{CellId, Geometry};
use std::fmt::Write;

/// Where the grid is drawn: the offset of canvas position (0, 0)'s corner and the cell size.
pub(super) struct Place {
    /// x of the left edge of column 1.
    pub ox: f64,
    /// y of the top edge of row 1.
    pub oy: f64,
    /// The side of a cell.
    pub cs: f64,
    /// Cell centres by cell index, when the cells are not drawn on the flat canvas (faces in
    /// space): rules through cells then follow the drawn cells.
    pub centres: Option<Vec<(f64, f64)>>,
}

impl Place {
    /// The centre of canvas position (row, col), 1-based; row or column 0 is just outside.
    fn at(&self, row: f64, col: f64) -> (f64, f64) {
        (
            self.ox + (col - 0.5) * self.cs,
            self.oy + (row - 0.5) * self.cs,
        )
    }
    fn centre(&self, g: &Geometry, c: CellId) -> (f64, f64) {
        if let Some(&p) = self.centres.as_ref().and_then(|v| v.get(c.index())) {
            return p;
        }
        let p = g.pos(c.index());
        self.at(f64::from(p.row), f64::from(p.col))
    }
}

/// Writes the layer of these rules (nothing when the geometry has none).
pub(super) fn draw(s: &mut String, g: &Geometry, at: &Place) {
    let mut out = String::new();
    let cs = at.cs;
    for c in drawn(g) {
        let centres = |cells: &[CellId]| -> Vec<(f64, f64)> {
            cells.iter().map(|&x| at.centre(g, x)).collect()
        };
        let Drawing::Line(d) = drawing(c) else {
            continue;
        };
        match d {
            Line::Coloured { cells, colour } => {
                polyline(&mut out, &centres(cells), colour, cs * 0.3, false);
            }
            Line::Thin {
                cells,
                colour,
                closed,
            } => {
                polyline(&mut out, &centres(cells), colour, cs * 0.2, closed);
            }
            Line::Labelled {
                cells,
                colour,
                label,
                closed,
            } => {
                polyline(&mut out, &centres(cells), colour, cs * 0.2, closed);
                // The total in the first cell's top-left corner, as a cage's sum is written.
                if let Some(&first) = cells.first() {
                    let (x, y) = at.centre(g, first);
                    let _ = writeln!(
                        out,
                        r##"<text x="{}" y="{}" font-size="{}" fill="#000000">{label}</text>"##,
                        num(x - cs * 0.45),
                        num(y - cs * 0.22),
                        num(cs * 0.22)
                    );
                }
            }
            Line::Between(cells) => {
                let p = centres(cells);
                polyline(&mut out, &p, "#a8a8a8", cs * 0.08, false);
                for end in [p[0], p[p.len() - 1]] {
                    circle(&mut out, end, cs * 0.4, "#a8a8a8", cs);
                }
            }
            Line::Lockout(cells) => {
                let p = centres(cells);
                polyline(&mut out, &p, "#c8c8ff", cs * 0.12, false);
                for (x, y) in [p[0], p[p.len() - 1]] {
                    let r = cs * 0.38;
                    let _ = writeln!(
                        out,
                        r##"<path class="lockout-end" d="M{} {}L{} {}L{} {}L{} {}z" fill="#ffffff" stroke="#8080c0" stroke-width="{}"/>"##,
                        num(x),
                        num(y - r),
                        num(x + r),
                        num(y),
                        num(x),
                        num(y + r),
                        num(x - r),
                        num(y),
                        num(cs * 0.05)
                    );
                }
            }
            Line::DoubleArrow(cells) => {
                let p = centres(cells);
                polyline(
                    &mut out,
                    &shorten(&p, cs * 0.4),
                    "#a8a8a8",
                    cs * 0.05,
                    false,
                );
                for end in [p[0], p[p.len() - 1]] {
                    circle(&mut out, end, cs * 0.4, "#a8a8a8", cs);
                }
            }
            Line::Arrow { cells, circle: k } => arrow(&mut out, &centres(cells), k, cs),
            Line::RegionArrows { cells, arms } => {
                let p = centres(cells);
                let grey = "#a0a0a0";
                circle(&mut out, p[0], cs * 0.4, grey, cs);
                // One arrowhead per arm, just outside the circle, pointing along the arm.
                let mut first = 1;
                for &len in arms {
                    if let Some(&next) = p.get(first) {
                        let tip = towards(p[0], next, cs * 0.48);
                        head(&mut out, p[0], tip, cs * 0.12, grey, cs * 0.05);
                    }
                    first += len;
                }
            }
            Line::Shaded(cells) => {
                for &x in cells {
                    let (cx, cy) = at.centre(g, x);
                    let _ = writeln!(
                        out,
                        r##"<rect x="{}" y="{}" width="{}" height="{}" fill="#c8c8c8" fill-opacity="0.5"/>"##,
                        num(cx - cs / 2.0),
                        num(cy - cs / 2.0),
                        num(cs),
                        num(cs)
                    );
                }
            }
            Line::LittleKiller {
                total,
                clue,
                direction,
                ..
            } => {
                // A clue outside the canvas has no place beside faces in space (the
                // projected drawing writes it beside its first cell).
                if at.centres.is_none() {
                    little_killer(&mut out, at, clue, direction, total);
                }
            }
        }
    }
    if !out.is_empty() {
        let _ = writeln!(s, "<g class=\"rules\">\n{out}</g>");
    }
}

pub(super) fn path_of(points: &[(f64, f64)]) -> String {
    let mut d = String::new();
    for (i, &(x, y)) in points.iter().enumerate() {
        let _ = write!(d, "{}{} {}", if i == 0 { 'M' } else { 'L' }, num(x), num(y));
    }
    d
}

fn polyline(out: &mut String, points: &[(f64, f64)], colour: &str, width: f64, closed: bool) {
    let mut d = path_of(points);
    if closed {
        d.push('z');
    }
    let _ = writeln!(
        out,
        r#"<path d="{d}" fill="none" stroke="{}" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round" stroke-opacity="0.8"/>"#,
        esc(colour),
        num(width)
    );
}

fn circle(out: &mut String, (x, y): (f64, f64), r: f64, colour: &str, cs: f64) {
    let _ = writeln!(
        out,
        r##"<circle cx="{}" cy="{}" r="{}" fill="#ffffff" stroke="{}" stroke-width="{}"/>"##,
        num(x),
        num(y),
        num(r),
        esc(colour),
        num(cs * 0.05)
    );
}

/// The line with its first and last points moved `by` towards their neighbours, so it starts
/// and ends at the edge of a circle.
fn shorten(p: &[(f64, f64)], by: f64) -> Vec<(f64, f64)> {
    let mut q = p.to_vec();
    let n = q.len();
    if n >= 2 {
        q[0] = towards(p[0], p[1], by);
        q[n - 1] = towards(p[n - 1], p[n - 2], by);
    }
    q
}

fn towards(a: (f64, f64), b: (f64, f64), by: f64) -> (f64, f64) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-9);
    (a.0 + dx / len * by, a.1 + dy / len * by)
}

/// An arrowhead at `tip`, pointing away from `from`.
pub(super) fn head(
    out: &mut String,
    from: (f64, f64),
    tip: (f64, f64),
    size: f64,
    colour: &str,
    w: f64,
) {
    let (dx, dy) = (tip.0 - from.0, tip.1 - from.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (ux, uy) = (dx / len, dy / len);
    let wing = |sign: f64| {
        (
            tip.0 - size * (ux - sign * uy * 0.7),
            tip.1 - size * (uy + sign * ux * 0.7),
        )
    };
    let _ = writeln!(
        out,
        r#"<path d="{}" fill="none" stroke="{}" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round"/>"#,
        path_of(&[wing(1.0), tip, wing(-1.0)]),
        esc(colour),
        num(w)
    );
}

fn arrow(out: &mut String, p: &[(f64, f64)], k: usize, cs: f64) {
    let grey = "#a0a0a0";
    let w = cs * 0.05;
    let (pill, body) = p.split_at(k);
    if k == 1 {
        circle(out, pill[0], cs * 0.4, grey, cs);
    } else {
        // A pill: a thick rounded stroke through the circle's cells, hollowed out.
        let d = path_of(pill);
        let _ = writeln!(
            out,
            r##"<path d="{d}" fill="none" stroke="{grey}" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round"/><path d="{d}" fill="none" stroke="#ffffff" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round"/>"##,
            num(cs * 0.8 + 2.0 * w),
            num(cs * 0.8)
        );
    }
    let Some(&first) = body.first() else { return };
    // The arrow leaves the circle cell nearest its first cell, from the circle's edge.
    let from = pill
        .iter()
        .copied()
        .min_by(|a, b| dist(*a, first).total_cmp(&dist(*b, first)))
        .unwrap_or(pill[0]);
    let mut line = vec![towards(from, first, cs * 0.4)];
    line.extend_from_slice(body);
    let n = line.len();
    let tip = towards(line[n - 1], line[n - 2], -cs * 0.3);
    line[n - 1] = tip;
    let _ = writeln!(
        out,
        r#"<path d="{}" fill="none" stroke="{grey}" stroke-width="{}" stroke-linejoin="round"/>"#,
        path_of(&line),
        num(w)
    );
    head(out, line[n - 2], tip, cs * 0.22, grey, w);
}

fn dist(a: (f64, f64), b: (f64, f64)) -> f64 {
    (a.0 - b.0).hypot(a.1 - b.1)
}

fn little_killer(out: &mut String, at: &Place, clue: (u32, u32), dir: (i32, i32), total: i64) {
    let cs = at.cs;
    let c = at.at(f64::from(clue.0), f64::from(clue.1));
    let (dx, dy) = (f64::from(dir.1), f64::from(dir.0));
    // The total sits back from the corner; the arrow points from it into the diagonal.
    let text = (c.0 - dx * cs * 0.1, c.1 - dy * cs * 0.1);
    let from = (c.0 + dx * cs * 0.2, c.1 + dy * cs * 0.2);
    let tip = (c.0 + dx * cs * 0.42, c.1 + dy * cs * 0.42);
    let fs = cs * 0.3;
    let _ = writeln!(
        out,
        r##"<text x="{}" y="{}" font-size="{}" text-anchor="middle" fill="#000000">{total}</text>"##,
        num(text.0),
        num(text.1 + fs * 0.35),
        num(fs)
    );
    let _ = writeln!(
        out,
        r##"<path d="{}" stroke="#000000" stroke-width="{}"/>"##,
        path_of(&[from, tip]),
        num(cs * 0.03)
    );
    head(out, from, tip, cs * 0.1, "#000000", cs * 0.03);
}
