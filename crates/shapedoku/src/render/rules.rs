//! Drawing the rules beyond shapes as setters print them: thermometers (a grey bulb and a
//! line), odd cells (grey circles), even cells (grey squares), kropki dots (white or black, on
//! the edge between the cells), X and V letters (on the edge), difference and ratio dots (with
//! their number), minimum and maximum cells (small chevrons pointing to the smaller side) and
//! quadruples (a circle on the corner with small symbols). Global relations (anti-knight, ...)
//! have nothing to draw.

use super::Colors;
use super::drawing::{Drawing, Over, Under, drawing, drawn};
use crate::constraint::Relation;
use crate::{CellId, Geometry};
use std::fmt::Write;

/// Grey of the shapes drawn under the digits (thermometers, odd circles, even squares).
const GREY: &str = "#cfcfcf";

/// Where a cell's centre is on the page, and how big a cell is.
pub(super) struct Place<'a> {
    /// The page position of canvas column (or row) `c`'s left (or top) edge, 0-based.
    pub x: &'a dyn Fn(f64) -> f64,
    pub y: &'a dyn Fn(f64) -> f64,
    pub cs: f64,
    /// Cell centres by cell index when cells are not on the flat canvas (faces in space).
    pub centres: Option<&'a [(f64, f64)]>,
}

impl Place<'_> {
    fn centre(&self, g: &Geometry, c: CellId) -> (f64, f64) {
        if let Some(&p) = self.centres.and_then(|v| v.get(c.index())) {
            return p;
        }
        let p = g.pos(c.index());
        ((self.x)(p.col as f64 - 0.5), (self.y)(p.row as f64 - 0.5))
    }
}

/// The rules drawn under the grid lines: thermometers, odd and even cells, chevrons.
pub(super) fn draw_under(s: &mut String, g: &Geometry, at: &Place<'_>, col: &Colors) {
    if g.constraints().is_empty() {
        return;
    }
    let _ = writeln!(s, r#"<g class="rules-under">"#);
    for c in drawn(g) {
        let Drawing::Under(d) = drawing(c) else {
            continue;
        };
        match d {
            Under::Thermo { cells, slow } => thermo(s, g, at, cells, slow),
            Under::Circles(cells) => each(s, g, at, cells, |s, (cx, cy), cs| {
                let _ = writeln!(
                    s,
                    r#"<circle cx="{}" cy="{}" r="{}" fill="{GREY}"/>"#,
                    num(cx),
                    num(cy),
                    num(cs * 0.4)
                );
            }),
            Under::Squares(cells) => each(s, g, at, cells, |s, (cx, cy), cs| {
                let h = cs * 0.38;
                let _ = writeln!(
                    s,
                    r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{GREY}"/>"#,
                    num(cx - h),
                    num(cy - h),
                    num(2.0 * h),
                    num(2.0 * h)
                );
            }),
            Under::Framed(cells) => each(s, g, at, cells, |s, centre, cs| {
                dashed_frame(s, "relation", GREY, centre, cs);
            }),
            Under::FramedTotal {
                cells,
                total,
                class,
            } => {
                each(s, g, at, cells, |s, centre, cs| {
                    dashed_frame(s, class, GREY, centre, cs);
                });
                // The total in the first cell's top-left corner, as a cage's sum is written.
                if let (Some(&first), Some(total)) = (cells.first(), total) {
                    let ((x, y), cs) = (at.centre(g, first), at.cs);
                    let _ = writeln!(
                        s,
                        r##"<text class="{class}-total" x="{}" y="{}" font-size="{}" fill="#000000">{total}</text>"##,
                        num(x - cs * 0.45),
                        num(y - cs * 0.22),
                        num(cs * 0.22)
                    );
                }
            }
            Under::Sets { cells, size } => {
                for (k, set) in cells.chunks(size.max(1)).enumerate() {
                    for &cell in set {
                        let ((cx, cy), cs) = (at.centre(g, cell), at.cs);
                        dashed_frame(s, "same-values", "#7a9cc6", (cx, cy), cs);
                        // The set's number, so the reader sees which cells belong together.
                        let _ = writeln!(
                            s,
                            r##"<text class="same-values-set" x="{}" y="{}" font-size="{}" fill="#4a6c96">{}</text>"##,
                            num(cx - cs * 0.45),
                            num(cy - cs * 0.22),
                            num(cs * 0.22),
                            k + 1
                        );
                    }
                }
            }
            Under::EqualSums(sets) => {
                let mut seen: Vec<CellId> = Vec::new();
                for &cell in sets.iter().flatten() {
                    if seen.contains(&cell) {
                        continue;
                    }
                    seen.push(cell);
                    let ((cx, cy), cs) = (at.centre(g, cell), at.cs);
                    dashed_frame(s, "equal-sum", "#6aa86a", (cx, cy), cs);
                    // The numbers of the sets the cell is in (a magic square's middle is in
                    // four), so the reader sees which cells add up together.
                    let numbers: Vec<String> = (sets.iter().enumerate())
                        .filter(|(_, set)| set.contains(&cell))
                        .map(|(k, _)| (k + 1).to_string())
                        .collect();
                    let _ = writeln!(
                        s,
                        r##"<text class="equal-sum-set" x="{}" y="{}" font-size="{}" fill="#3f7a3f">{}</text>"##,
                        num(cx - cs * 0.45),
                        num(cy - cs * 0.22),
                        num(cs * 0.2),
                        numbers.join(",")
                    );
                }
            }
            Under::CountDistinct(cells) | Under::CountRegions(cells) => {
                let Some((&control, counted)) = cells.split_first() else {
                    continue;
                };
                let ((cx, cy), cs) = (at.centre(g, control), at.cs);
                let h = cs * 0.4;
                // Regions are counted with a dashed square, values with a solid one.
                let (class, dash) = match d {
                    Under::CountRegions(_) => (
                        "count-regions",
                        format!(r#" stroke-dasharray="{}""#, num(cs * 0.08)),
                    ),
                    _ => ("count-distinct", String::new()),
                };
                let _ = writeln!(
                    s,
                    r##"<rect class="{class}" x="{}" y="{}" width="{}" height="{}" rx="{}" fill="none" stroke="#808080" stroke-width="{}"{dash}/>"##,
                    num(cx - h),
                    num(cy - h),
                    num(2.0 * h),
                    num(2.0 * h),
                    num(h * 0.5),
                    num(cs * 0.04)
                );
                if !around(g, control, counted) {
                    each(s, g, at, counted, |s, centre, cs| {
                        dashed_frame(s, "count-distinct-cell", GREY, centre, cs);
                    });
                }
            }
            Under::Rings(cells) => each(s, g, at, cells, |s, (cx, cy), cs| {
                let _ = writeln!(
                    s,
                    r##"<circle class="counting-circle" cx="{}" cy="{}" r="{}" fill="none" stroke="#808080" stroke-width="{}"/>"##,
                    num(cx),
                    num(cy),
                    num(cs * 0.4),
                    num(cs * 0.04)
                );
            }),
            Under::RegionCount(cells) => {
                let Some((&clue, counted)) = cells.split_first() else {
                    continue;
                };
                let ((cx, cy), cs) = (at.centre(g, clue), at.cs);
                let h = cs * 0.4;
                let _ = writeln!(
                    s,
                    r##"<rect class="chaos-count" x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#808080" stroke-width="{}"/>"##,
                    num(cx - h),
                    num(cy - h),
                    num(2.0 * h),
                    num(2.0 * h),
                    num(cs * 0.04)
                );
                // The cells counted, unless they are the usual ones: the cells around it.
                if !around(g, clue, counted) {
                    each(s, g, at, counted, |s, centre, cs| {
                        dashed_frame(s, "chaos-count-cell", GREY, centre, cs);
                    });
                }
            }
            Under::Chevrons { cells, min } => {
                for &cell in cells {
                    chevrons(s, g, at, cell, min, col);
                }
            }
        }
    }
    let _ = writeln!(s, "</g>");
}

/// Whether `cells` are exactly the cells of the grid around `clue` (orthogonally and
/// diagonally next to it).
fn around(g: &Geometry, clue: CellId, cells: &[CellId]) -> bool {
    let p = g.pos(clue.index());
    let mut near = Vec::new();
    for dr in -1i64..=1 {
        for dc in -1i64..=1 {
            let (r, c) = (i64::from(p.row) + dr, i64::from(p.col) + dc);
            if (dr, dc) == (0, 0) {
                continue;
            }
            if let (Ok(r), Ok(c)) = (u32::try_from(r), u32::try_from(c)) {
                if let Some(b) = g.cell_at(crate::Pos::new(r, c)) {
                    near.push(b);
                }
            }
        }
    }
    let mut listed: Vec<usize> = cells.iter().map(|c| c.index()).collect();
    near.sort_unstable();
    listed.sort_unstable();
    near == listed
}

/// A dashed square inside a cell of size `cs` centred at `(cx, cy)`, named `class` in the page:
/// how the cells of a relation, a rellik cage, a cage rule and same-value sets are marked.
fn dashed_frame(s: &mut String, class: &str, stroke: &str, (cx, cy): (f64, f64), cs: f64) {
    let h = cs * 0.42;
    let _ = writeln!(
        s,
        r#"<rect class="{class}" x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{stroke}" stroke-width="{}" stroke-dasharray="{}"/>"#,
        num(cx - h),
        num(cy - h),
        num(2.0 * h),
        num(2.0 * h),
        num(cs * 0.03),
        num(cs * 0.08)
    );
}

/// The marks drawn over the grid lines: dots and letters on edges, quadruple circles.
pub(super) fn draw_over(s: &mut String, g: &Geometry, at: &Place<'_>, col: &Colors) {
    if g.constraints().is_empty() {
        return;
    }
    let _ = writeln!(s, r#"<g class="rules-over">"#);
    for c in drawn(g) {
        let Drawing::Over(d) = drawing(c) else {
            continue;
        };
        match d {
            Over::Marks(marks) => {
                for m in marks {
                    mark(s, g, at, m.cells, m.relation, col);
                }
            }
            Over::Quadruple { cells, symbols } => {
                let chars: String = symbols
                    .iter()
                    .map(|s| g.symbols().char(s.index() as u8))
                    .collect();
                quadruple(s, g, at, cells, &chars, col);
            }
        }
    }
    let _ = writeln!(s, "</g>");
}

fn each(
    s: &mut String,
    g: &Geometry,
    at: &Place<'_>,
    cells: &[CellId],
    f: impl Fn(&mut String, (f64, f64), f64),
) {
    for &c in cells {
        f(s, at.centre(g, c), at.cs);
    }
}

/// A bulb on the first cell and a thick rounded line through the rest; a slow thermometer's
/// line is dashed across its cells so it reads apart from a plain one.
fn thermo(s: &mut String, g: &Geometry, at: &Place<'_>, cells: &[CellId], slow: bool) {
    let Some(&first) = cells.first() else { return };
    let (bx, by) = at.centre(g, first);
    let mut d = format!("M{} {}", num(bx), num(by));
    for &c in &cells[1..] {
        let (cx, cy) = at.centre(g, c);
        let _ = write!(d, "L{} {}", num(cx), num(cy));
    }
    let dash = if slow {
        format!(
            r#" stroke-dasharray="{} {}""#,
            num(at.cs * 0.5),
            num(at.cs * 0.08)
        )
    } else {
        String::new()
    };
    let _ = writeln!(
        s,
        r#"<path d="{d}" fill="none" stroke="{GREY}" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round"{dash}/><circle cx="{}" cy="{}" r="{}" fill="{GREY}"/>"#,
        num(at.cs * 0.3),
        num(bx),
        num(by),
        num(at.cs * 0.38)
    );
}

/// A mark on the edge between two cells: a kropki dot, an X or V, or a dot with its number.
fn mark(
    s: &mut String,
    g: &Geometry,
    at: &Place<'_>,
    cells: [CellId; 2],
    relation: Relation,
    col: &Colors,
) {
    let (ax, ay) = at.centre(g, cells[0]);
    let (bx, by) = at.centre(g, cells[1]);
    let (mx, my) = ((ax + bx) / 2.0, (ay + by) / 2.0);
    let r = at.cs * 0.11;
    let ink = super::page::esc(&col.thick_line);
    let paper = super::page::esc(&col.background);
    let text = |s: &mut String, t: &str, size: f64| {
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" font-size="{}" font-weight="bold" text-anchor="middle" fill="{ink}">{t}</text>"#,
            num(mx),
            num(my + size * 0.35),
            num(size)
        );
    };
    match relation {
        Relation::Difference(1) | Relation::Ratio(2) => {
            let fill = if relation == Relation::Ratio(2) {
                &ink
            } else {
                &paper
            };
            let _ = writeln!(
                s,
                r#"<circle cx="{}" cy="{}" r="{}" fill="{fill}" stroke="{ink}" stroke-width="{}"/>"#,
                num(mx),
                num(my),
                num(r),
                num((at.cs / 40.0).max(0.8))
            );
        }
        Relation::Sum(10) | Relation::Sum(5) => {
            let t = if relation == Relation::Sum(10) {
                "X"
            } else {
                "V"
            };
            let size = at.cs * 0.32;
            let _ = writeln!(
                s,
                r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{paper}"/>"#,
                num(mx - size * 0.4),
                num(my - size * 0.45),
                num(size * 0.8),
                num(size * 0.9)
            );
            text(s, t, size);
        }
        Relation::Difference(n) | Relation::Ratio(n) | Relation::Sum(n) => {
            // A ratio dot is black with a white number; the others white with a black one.
            let black = matches!(relation, Relation::Ratio(_));
            let (fill, ink2) = if black {
                (&ink, &paper)
            } else {
                (&paper, &ink)
            };
            let size = at.cs * 0.2;
            let _ = writeln!(
                s,
                r#"<circle cx="{}" cy="{}" r="{}" fill="{fill}" stroke="{ink}" stroke-width="{}"/><text x="{}" y="{}" font-size="{}" text-anchor="middle" fill="{ink2}">{n}</text>"#,
                num(mx),
                num(my),
                num(at.cs * 0.15),
                num((at.cs / 40.0).max(0.8)),
                num(mx),
                num(my + size * 0.35),
                num(size)
            );
        }
    }
}

/// Small chevrons inside a cell, by each side with a neighbour, pointing to the smaller cell:
/// inwards for a minimum, outwards for a maximum.
fn chevrons(s: &mut String, g: &Geometry, at: &Place<'_>, cell: CellId, min: bool, col: &Colors) {
    let (cx, cy) = at.centre(g, cell);
    let (near, far) = (at.cs * 0.3, at.cs * 0.42);
    let w = at.cs * 0.1;
    let mut d = String::new();
    for n in crate::constraint::orthogonal_neighbours(g, cell) {
        let (nx, ny) = at.centre(g, n);
        let (ux, uy) = ((nx - cx) / at.cs, (ny - cy) / at.cs);
        // The tip towards the smaller side: the cell's own centre for a minimum.
        let (tip, base) = if min { (near, far) } else { (far, near) };
        let (tx, ty) = (cx + ux * tip, cy + uy * tip);
        let (bx, by) = (cx + ux * base, cy + uy * base);
        let _ = write!(
            d,
            "M{} {}L{} {}L{} {}",
            num(bx - uy * w),
            num(by + ux * w),
            num(tx),
            num(ty),
            num(bx + uy * w),
            num(by - ux * w)
        );
    }
    let _ = writeln!(
        s,
        r#"<path d="{d}" fill="none" stroke="{}" stroke-width="{}"/>"#,
        super::page::esc(&col.thick_line),
        num((at.cs / 30.0).max(0.8))
    );
}

/// A white circle where the cells meet (their centre), with the symbols in small type.
fn quadruple(
    s: &mut String,
    g: &Geometry,
    at: &Place<'_>,
    cells: &[CellId],
    chars: &str,
    col: &Colors,
) {
    if cells.is_empty() {
        return;
    }
    let n = cells.len() as f64;
    let (sx, sy) = cells.iter().fold((0.0, 0.0), |(a, b), &c| {
        let (x, y) = at.centre(g, c);
        (a + x, b + y)
    });
    let (mx, my) = (sx / n, sy / n);
    let size = at.cs
        * if chars.chars().count() > 2 {
            0.14
        } else {
            0.18
        };
    let (top, bottom) = chars.split_at(chars.char_indices().nth(2).map_or(chars.len(), |(i, _)| i));
    let ink = super::page::esc(&col.thick_line);
    let _ = writeln!(
        s,
        r#"<circle cx="{}" cy="{}" r="{}" fill="{}" stroke="{ink}" stroke-width="{}"/>"#,
        num(mx),
        num(my),
        num(at.cs * 0.22),
        super::page::esc(&col.background),
        num((at.cs / 40.0).max(0.8))
    );
    for (line, dy) in [
        (top, if bottom.is_empty() { 0.35 } else { -0.1 }),
        (bottom, 0.85),
    ] {
        if line.is_empty() {
            continue;
        }
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" font-size="{}" text-anchor="middle" letter-spacing="{}" fill="{ink}">{}</text>"#,
            num(mx),
            num(my + size * dy),
            num(size),
            num(size * 0.15),
            super::page::esc(line)
        );
    }
}

fn num(v: f64) -> String {
    super::page::num(v)
}
