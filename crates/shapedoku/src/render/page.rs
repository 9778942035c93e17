//! The page every drawing shares: where the flat grid sits, the document's opening and title,
//! cage totals, and how numbers and text are written into SVG.

use super::RenderOptions;
use crate::geometry::Geometry;
use std::fmt::Write;

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

/// A cage's total at `at` (its top-left corner), on a background patch that keeps the cage's
/// dashes from crossing the number.
pub(super) fn cage_total(s: &mut String, at: (f64, f64), fs: f64, sum: i64, background: &str) {
    let label = sum.to_string();
    let w = fs * 0.62 * label.chars().count() as f64 + fs * 0.3;
    let (lx, ly) = at;
    let _ = writeln!(
        s,
        r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{}" stroke="none"/><text x="{}" y="{}">{}</text>"#,
        num(lx),
        num(ly),
        num(w),
        num(fs * 1.1),
        esc(background),
        num(lx + fs * 0.15),
        num(ly + fs * 0.9),
        esc(&label)
    );
}

/// The entries to draw, one per cell: only in cells without a given, only symbols of the
/// alphabet.
/// The title band's height and the page width a title needs: a long title widens the page
/// (estimated at 0.6 em per character) and the drawing is centred under it.
pub(super) fn title_size(opts: &RenderOptions<'_>, cs: f64) -> (f64, f64) {
    match &opts.title {
        Some(t) => (
            (cs * 0.8).round(),
            (t.chars().count() as f64 * cs * 0.5 * 0.6).ceil(),
        ),
        None => (0.0, 0.0),
    }
}

/// The document's opening, the same for every drawing: the `svg` element, its title, the
/// background and the title text centred at `title_y`.
pub(super) fn open_document(
    s: &mut String,
    g: &Geometry,
    opts: &RenderOptions<'_>,
    (width, height): (f64, f64),
    title_y: f64,
    cs: f64,
) {
    let col = &opts.colors;
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">"#,
        w = num(width),
        h = num(height)
    );
    let name = opts.title.clone().unwrap_or_else(|| g.name().to_string());
    let _ = writeln!(s, "<title>{}</title>", esc(&name));
    let _ = writeln!(
        s,
        r#"<rect width="{}" height="{}" fill="{}"/>"#,
        num(width),
        num(height),
        esc(&col.background)
    );
    if let Some(t) = &opts.title {
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" font-size="{}" text-anchor="middle" fill="{}">{}</text>"#,
            num(width / 2.0),
            num(title_y),
            num(cs * 0.5),
            esc(&col.title),
            esc(t)
        );
    }
}

/// The width and height [`open_document`] wrote at the start of a drawing, so a page can place
/// it (`(1, 1)` for text that does not start so, which cannot come from this module).
pub(super) fn document_size(svg: &str) -> (f64, f64) {
    let head = svg.split('>').next().unwrap_or_default();
    let attr = |name: &str| -> Option<f64> {
        let at = head.find(&format!(" {name}=\""))? + name.len() + 3;
        head[at..].split('"').next()?.parse().ok()
    };
    (attr("width").unwrap_or(1.0), attr("height").unwrap_or(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_document_size_is_read_back() {
        let mut s = String::new();
        let g = crate::builtin::geometry("4x4").unwrap();
        open_document(
            &mut s,
            &g,
            &RenderOptions::default(),
            (123.5, 77.0),
            0.0,
            48.0,
        );
        assert_eq!(document_size(&s), (123.5, 77.0));
        assert_eq!(document_size("<g/>"), (1.0, 1.0));
    }

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
