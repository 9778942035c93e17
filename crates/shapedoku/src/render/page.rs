//! Where the flat drawing sits on the page, and how numbers and text are written into SVG:
//! shared by every layer of every drawing.

use crate::geometry::Geometry;

/// Where the grid sits on the page: canvas column c's left edge is at `ox + c * cs`.
pub(super) struct Frame {
    pub(super) ox: f64,
    pub(super) oy: f64,
    pub(super) cs: f64,
}

impl Frame {
    /// Canvas x of a column edge (column c's left edge is at `x(c - 1)`).
    pub(super) fn x(&self, c: f64) -> f64 {
        self.ox + c * self.cs
    }

    /// Canvas y of a row edge.
    pub(super) fn y(&self, r: f64) -> f64 {
        self.oy + r * self.cs
    }

    /// Top-left corner of a cell.
    pub(super) fn corner(&self, g: &Geometry, cell: usize) -> (f64, f64) {
        let p = g.pos(cell);
        (
            self.ox + (p.col - 1) as f64 * self.cs,
            self.oy + (p.row - 1) as f64 * self.cs,
        )
    }
}

/// A number with at most two decimals, no trailing zeros, no `-0`.
pub(super) fn num(v: f64) -> String {
    let r = (v * 100.0).round() / 100.0;
    let r = if r == 0.0 { 0.0 } else { r };
    let s = format!("{r:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

/// Escapes text for XML content and attribute values.
pub(super) fn esc(t: &str) -> String {
    let mut o = String::with_capacity(t.len());
    for ch in t.chars() {
        match ch {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&apos;"),
            // Characters XML 1.0 forbids are replaced so the document always parses.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => o.push('\u{fffd}'),
            c => o.push(c),
        }
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(num(3.0), "3");
        assert_eq!(num(2.5), "2.5");
        assert_eq!(num(1.0 / 3.0), "0.33");
        assert_eq!(num(-0.001), "0");
    }

    #[test]
    fn escapes_markup() {
        assert_eq!(esc("a<b>&\"'"), "a&lt;b&gt;&amp;&quot;&apos;");
    }
}
