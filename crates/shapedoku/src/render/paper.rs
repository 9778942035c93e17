//! Puzzles laid out on paper: one drawing fitted on a page, or a booklet of many (several to a
//! page, each with its number, title and difficulty, solutions at the back). Every page is an
//! SVG document measured in PostScript points (1/72 inch), ready for `render::pdf` (the `pdf`
//! feature) or for printing from a browser.
//!
//! ```
//! use shapedoku::{builtin, render, Puzzle};
//! use shapedoku::render::paper::{self, BookletOptions, Entry, Paper};
//! let g = builtin::geometry("4x4").unwrap();
//! let p = Puzzle::from_line(g, "1... ..2. .3.. ...4").unwrap();
//! let solution = [0, 1, 2, 3, 2, 3, 1, 0, 3, 2, 0, 1, 1, 0, 3, 2];
//! let entries: Vec<Entry> = (0..5)
//!     .map(|i| Entry {
//!         puzzle: &p,
//!         title: format!("4x4 no. {}", i + 1),
//!         note: Some("easy".into()),
//!         solution: Some(&solution),
//!     })
//!     .collect();
//! let opts = BookletOptions { per_page: 4, solutions_per_page: 6, ..Default::default() };
//! // Five puzzles at four a page, then one page holding the five solutions.
//! let pages = paper::booklet(&entries, &opts);
//! assert_eq!(pages.len(), 3);
//! assert!(pages[0].contains(r#"width="595.28""#)); // A4 in points
//! assert!(pages[2].contains(">Solutions</text>"));
//! ```

use super::page::{document_size, esc, num};
use super::{Colors, RenderOptions};
use crate::puzzle::Puzzle;
use std::fmt::Write;

/// A paper size in PostScript points.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Paper {
    /// Width in points.
    pub width: f64,
    /// Height in points.
    pub height: f64,
}

impl Paper {
    /// ISO A4, 210 x 297 mm.
    pub const A4: Paper = Paper {
        width: 595.28,
        height: 841.89,
    };
    /// US Letter, 8.5 x 11 in.
    pub const LETTER: Paper = Paper {
        width: 612.0,
        height: 792.0,
    };

    /// The paper of a name: `a4` or `letter` (any case).
    pub fn from_name(name: &str) -> Option<Paper> {
        match name.to_ascii_lowercase().as_str() {
            "a4" => Some(Paper::A4),
            "letter" => Some(Paper::LETTER),
            _ => None,
        }
    }
}

impl Default for Paper {
    fn default() -> Self {
        Paper::A4
    }
}

/// The page margin, in points (half an inch).
const MARGIN: f64 = 36.0;
/// The band of a page heading (the booklet's title, or "Solutions").
const HEADING: f64 = 28.0;
/// The band of a page number at the foot of a booklet page.
const FOOTER: f64 = 20.0;
/// The band of a puzzle's caption (number, title, difficulty) above its drawing.
const CAPTION: f64 = 18.0;
/// The space between two drawings.
const GUTTER: f64 = 18.0;
/// The cell size the drawings are made at before they are scaled onto the page; any size
/// gives the same picture, this one keeps line widths and text in proportion.
const CELL: u32 = 48;

/// One puzzle of a booklet.
#[derive(Debug, Clone)]
pub struct Entry<'a> {
    /// The puzzle.
    pub puzzle: &'a Puzzle,
    /// Its title; the booklet writes its number before it.
    pub title: String,
    /// A note written after the title, such as the difficulty (`hard, score 1234`).
    pub note: Option<String>,
    /// Its solution (a symbol index per cell), drawn on the solution pages. Without one, the
    /// solution pages show the puzzle as it is and say that no solution is known.
    pub solution: Option<&'a [u8]>,
}

/// How a booklet is laid out.
#[derive(Debug, Clone, PartialEq)]
pub struct BookletOptions {
    /// The paper.
    pub paper: Paper,
    /// Puzzles on one page (at least 1). They are set in the rows and columns that draw them
    /// largest.
    pub per_page: usize,
    /// Solutions on one page of the solutions at the back (at least 1).
    pub solutions_per_page: usize,
    /// Whether the solutions follow the puzzles.
    pub solutions: bool,
    /// A heading on every page of puzzles.
    pub title: Option<String>,
    /// Colours of the drawings.
    pub colors: Colors,
}

impl Default for BookletOptions {
    fn default() -> Self {
        BookletOptions {
            paper: Paper::A4,
            per_page: 2,
            solutions_per_page: 6,
            solutions: true,
            title: None,
            colors: Colors::default(),
        }
    }
}

/// One puzzle drawn as large as fits on one page, centred, with the drawing's own title (if
/// `opts` has one) above it. `opts.cell_size` does not matter: the drawing is scaled to the page.
pub fn page(puzzle: &Puzzle, opts: &RenderOptions<'_>, paper: Paper) -> String {
    let drawing = super::svg(puzzle, opts);
    let mut s = String::new();
    open_page(&mut s, paper, opts.title.as_deref().unwrap_or("puzzle"));
    let area = Area {
        x: MARGIN,
        y: MARGIN,
        w: paper.width - 2.0 * MARGIN,
        h: paper.height - 2.0 * MARGIN,
    };
    place(&mut s, &drawing, area, true);
    s.push_str("</svg>\n");
    s
}

/// A booklet: the puzzles `per_page` to a page, each captioned with its number, title and
/// note, then (with `solutions`) the solutions `solutions_per_page` to a page under the heading
/// "Solutions", numbered as their puzzles. Pages are numbered at the foot. No entries, no pages.
pub fn booklet(entries: &[Entry<'_>], opts: &BookletOptions) -> Vec<String> {
    let mut pages = Vec::new();
    let per = opts.per_page.max(1);
    let numbered: Vec<(usize, &Entry<'_>)> = entries.iter().enumerate().collect();
    for chunk in numbered.chunks(per) {
        pages.push((opts.title.as_deref(), chunk, false, per));
    }
    if opts.solutions {
        let per = opts.solutions_per_page.max(1);
        for chunk in numbered.chunks(per) {
            pages.push((Some("Solutions"), chunk, true, per));
        }
    }
    let total = pages.len();
    pages
        .into_iter()
        .enumerate()
        .map(|(i, (heading, chunk, solved, per))| {
            booklet_page(opts, heading, chunk, solved, per, (i + 1, total))
        })
        .collect()
}

/// One page of a booklet: a heading, the captioned drawings in their slots, the page number.
fn booklet_page(
    opts: &BookletOptions,
    heading: Option<&str>,
    entries: &[(usize, &Entry<'_>)],
    solved: bool,
    per: usize,
    (number, total): (usize, usize),
) -> String {
    let paper = opts.paper;
    let mut s = String::new();
    open_page(&mut s, paper, heading.unwrap_or("puzzles"));
    let mut top = MARGIN;
    if let Some(h) = heading {
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" font-size="16" font-weight="bold" text-anchor="middle" fill="{}">{}</text>"#,
            num(paper.width / 2.0),
            num(top + 16.0),
            esc(&opts.colors.title),
            esc(h)
        );
        top += HEADING;
    }
    let _ = writeln!(
        s,
        r##"<text x="{}" y="{}" font-size="9" text-anchor="middle" fill="#666666">{number} / {total}</text>"##,
        num(paper.width / 2.0),
        num(paper.height - MARGIN + 12.0),
    );
    let drawings: Vec<String> = entries
        .iter()
        .map(|(_, e)| {
            let ro = RenderOptions {
                cell_size: CELL,
                colors: opts.colors.clone(),
                solution: if solved { e.solution } else { None },
                ..RenderOptions::default()
            };
            super::svg(e.puzzle, &ro)
        })
        .collect();
    // Every slot of the page is laid out for the widest and tallest drawing, so the slots of
    // one page line up; the arrangement is the one that draws that drawing largest.
    let (dw, dh) = drawings
        .iter()
        .map(|d| document_size(d))
        .fold((1.0f64, 1.0f64), |(w, h), (a, b)| (w.max(a), h.max(b)));
    let area = Area {
        x: MARGIN,
        y: top,
        w: paper.width - 2.0 * MARGIN,
        h: paper.height - MARGIN - FOOTER - top,
    };
    let (cols, rows) = arrangement(per, area, (dw, dh));
    let slot_w = (area.w - GUTTER * (cols - 1) as f64) / cols as f64;
    let slot_h = (area.h - GUTTER * (rows - 1) as f64) / rows as f64;
    for (k, ((i, e), drawing)) in entries.iter().zip(&drawings).enumerate() {
        let (c, r) = (k % cols, k / cols);
        let x = area.x + c as f64 * (slot_w + GUTTER);
        let y = area.y + r as f64 * (slot_h + GUTTER);
        let note = match (solved, e.solution) {
            (true, None) => Some("no solution known"),
            (true, Some(_)) => None,
            (false, _) => e.note.as_deref(),
        };
        caption(&mut s, (x, y + 12.0), slot_w, *i + 1, &e.title, note, opts);
        let slot = Area {
            x,
            y: y + CAPTION,
            w: slot_w,
            h: slot_h - CAPTION,
        };
        place(&mut s, drawing, slot, false);
    }
    s.push_str("</svg>\n");
    s
}

/// A rectangle of the page, in points.
#[derive(Debug, Clone, Copy)]
struct Area {
    x: f64,
    y: f64,
    w: f64,
    h: f64,
}

/// The columns and rows for `n` drawings of size `d` in `area` that draw them largest (fewer
/// columns first among equals, so two drawings on a portrait page stack).
fn arrangement(n: usize, area: Area, (dw, dh): (f64, f64)) -> (usize, usize) {
    let mut best = (1, n, 0.0);
    for cols in 1..=n {
        let rows = n.div_ceil(cols);
        let w = (area.w - GUTTER * (cols - 1) as f64) / cols as f64;
        let h = (area.h - GUTTER * (rows - 1) as f64) / rows as f64 - CAPTION;
        let scale = (w / dw).min(h / dh);
        if scale > best.2 + 1e-9 {
            best = (cols, rows, scale);
        }
    }
    (best.0, best.1)
}

/// The page's `svg` element, its title and a white background.
fn open_page(s: &mut String, paper: Paper, title: &str) {
    let (w, h) = (num(paper.width), num(paper.height));
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">"#
    );
    let _ = writeln!(s, "<title>{}</title>", esc(title));
    let _ = writeln!(s, r##"<rect width="{w}" height="{h}" fill="#ffffff"/>"##);
}

/// A drawing scaled to fit `area`, centred across it, and down it when `centre` (else at its
/// top). The drawing is nested whole: an `svg` element inside a scaled group.
fn place(s: &mut String, drawing: &str, area: Area, centre: bool) {
    let (dw, dh) = document_size(drawing);
    let scale = (area.w / dw).min(area.h / dh).max(0.0);
    let x = area.x + (area.w - dw * scale) / 2.0;
    let y = if centre {
        area.y + (area.h - dh * scale) / 2.0
    } else {
        area.y
    };
    // Four decimals for the scale: two would move a large grid's far edge by a point.
    let _ = writeln!(
        s,
        r#"<g transform="translate({} {}) scale({:.4})">"#,
        num(x),
        num(y),
        scale
    );
    s.push_str(drawing);
    s.push_str("</g>\n");
}

/// A caption: the puzzle's number and title on the left, the note on the right.
fn caption(
    s: &mut String,
    (x, y): (f64, f64),
    width: f64,
    number: usize,
    title: &str,
    note: Option<&str>,
    opts: &BookletOptions,
) {
    let _ = write!(
        s,
        r#"<text x="{}" y="{}" font-size="11" fill="{}"><tspan font-weight="bold">{number}</tspan>"#,
        num(x),
        num(y),
        esc(&opts.colors.title),
    );
    if !title.is_empty() {
        let _ = write!(s, "  {}", esc(title));
    }
    s.push_str("</text>\n");
    if let Some(n) = note {
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="10" text-anchor="end" fill="#555555">{}</text>"##,
            num(x + width),
            num(y),
            esc(n)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtin;

    fn classic() -> Puzzle {
        Puzzle::from_line(builtin::geometry("classic").unwrap(), &".".repeat(81)).unwrap()
    }

    #[test]
    fn two_square_drawings_on_a_portrait_page_stack() {
        let area = Area {
            x: 0.0,
            y: 0.0,
            w: 523.0,
            h: 740.0,
        };
        assert_eq!(arrangement(2, area, (100.0, 100.0)), (1, 2));
        assert_eq!(arrangement(4, area, (100.0, 100.0)), (2, 2));
        assert_eq!(arrangement(6, area, (100.0, 100.0)), (2, 3));
        assert_eq!(arrangement(1, area, (100.0, 100.0)), (1, 1));
        // A wide drawing (a Samurai is square; three grids in a row are not) goes one a row.
        assert_eq!(arrangement(3, area, (300.0, 100.0)), (1, 3));
    }

    #[test]
    fn booklet_pages_count_puzzles_then_solutions() {
        let p = classic();
        let entries: Vec<Entry<'_>> = (0..7)
            .map(|i| Entry {
                puzzle: &p,
                title: format!("t{i}"),
                note: None,
                solution: None,
            })
            .collect();
        let opts = BookletOptions {
            per_page: 3,
            solutions_per_page: 4,
            ..Default::default()
        };
        let pages = booklet(&entries, &opts);
        // ceil(7 / 3) = 3 pages of puzzles, ceil(7 / 4) = 2 of solutions.
        assert_eq!(pages.len(), 5);
        assert!(pages[4].contains(">5 / 5</text>"));
        assert!(pages[3].contains("no solution known"));
        // Every puzzle is numbered once among the puzzles and once among the solutions.
        for n in 1..=7 {
            let tag = format!(r#"<tspan font-weight="bold">{n}</tspan>"#);
            let count: usize = pages.iter().map(|p| p.matches(&tag).count()).sum();
            assert_eq!(count, 2, "puzzle {n}");
        }
        let none = BookletOptions {
            solutions: false,
            ..opts
        };
        assert_eq!(booklet(&entries, &none).len(), 3);
        assert!(booklet(&[], &BookletOptions::default()).is_empty());
    }

    #[test]
    fn a_page_fits_the_drawing_inside_the_margins() {
        let p = classic();
        let s = page(&p, &RenderOptions::default(), Paper::LETTER);
        assert_eq!(document_size(&s), (612.0, 792.0));
        // The classic drawing is 9 cells plus half a cell each side: 480 units, scaled to the
        // 540 points between the margins.
        assert!(s.contains("scale(1.1250)"), "{}", &s[..400]);
    }
}
