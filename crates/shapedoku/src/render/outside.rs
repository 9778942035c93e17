//! Drawing the outside clues and indexing as setters print them: a sandwich, X-sum or
//! skyscraper clue is its number in the margin next to the row or column it reads; indexing
//! cells are tinted (red, the usual colour for an indexing column or row).

use super::drawing::{Drawing, Outside, drawing, drawn};
use super::lines::Place;
use super::page::num;
use crate::Geometry;
use std::fmt::Write;

/// Whether some rule writes a clue outside the cells (an outside number, a little killer's
/// total), so the page needs a margin of a whole cell.
pub(super) fn draws_outside(g: &Geometry) -> bool {
    drawn(g)
        .into_iter()
        .any(|c| drawing(c).outside_clue().is_some())
}

/// Writes the layer of these rules (nothing when the geometry has none).
pub(super) fn draw(s: &mut String, g: &Geometry, at: &Place) {
    let mut out = String::new();
    let cs = at.cs;
    for c in drawn(g) {
        let Drawing::Outside(d) = drawing(c) else {
            continue;
        };
        let (clue, number, class) = match d {
            Outside::Number {
                number,
                clue,
                class,
                ..
            } => (clue, number, class),
            Outside::Tinted(cells) => {
                for &x in cells {
                    let p = g.pos(x.index());
                    let _ = writeln!(
                        out,
                        r##"<rect class="indexing" x="{}" y="{}" width="{}" height="{}" fill="#f08080" fill-opacity="0.35"/>"##,
                        num(at.ox + f64::from(p.col - 1) * cs),
                        num(at.oy + f64::from(p.row - 1) * cs),
                        num(cs),
                        num(cs)
                    );
                }
                continue;
            }
        };
        // Canvas position (row, col), 1-based, row or column 0 just outside: its centre.
        let x = at.ox + (f64::from(clue.1) - 0.5) * cs;
        let y = at.oy + (f64::from(clue.0) - 0.5) * cs;
        let fs = cs * 0.45;
        let _ = writeln!(
            out,
            r##"<text class="{class}" x="{}" y="{}" font-size="{}" text-anchor="middle" fill="#000000">{number}</text>"##,
            num(x),
            num(y + fs * 0.35),
            num(fs)
        );
    }
    if !out.is_empty() {
        let _ = writeln!(s, "<g class=\"outside-clues\">\n{out}</g>");
    }
}
