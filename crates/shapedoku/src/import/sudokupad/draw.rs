//! SudokuPad's drawing as data: every line, arrow, overlay and underlay of a puzzle as one
//! [`Element`] with its points, size, colours and text, and the geometry the conventions ask
//! of them (which cell a point is in, whether it sits on an edge between two cells, the cells
//! a path visits). Colours are read from the forms SudokuPad and Sudoku Maker write (`#cccf`,
//! `#67f067ff`, `rgba(...)`) and named by family, since setters and rules texts speak of
//! "the purple line", not of `#f067f0`.

use crate::import::draft::{Rc, cell_list};
use serde_json::Value;

/// A point `(y, x)` in cell units: `(0, 0)` is the grid's top left corner.
pub(in crate::import) type Pt = (f64, f64);

/// How far a point may stray from where a convention puts it (Sudoku Maker rounds to
/// thousandths, and hand-drawn elements are placed on a snapping grid).
const SLACK: f64 = 0.06;

/// A colour, each channel from 0 to 1.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(in crate::import) struct Colour {
    r: f64,
    g: f64,
    b: f64,
    a: f64,
}

/// The name a rules text would use for a colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(in crate::import) enum Family {
    White,
    Black,
    Grey,
    Red,
    Orange,
    Yellow,
    Green,
    Blue,
    Purple,
}

impl Family {
    /// The words a rules text uses for the family.
    pub(in crate::import) const WORDS: &'static [(&'static str, Family)] = &[
        ("white", Family::White),
        ("black", Family::Black),
        ("grey", Family::Grey),
        ("gray", Family::Grey),
        ("silver", Family::Grey),
        ("red", Family::Red),
        ("orange", Family::Orange),
        ("peach", Family::Orange),
        ("brown", Family::Orange),
        ("tan", Family::Orange),
        ("beige", Family::Orange),
        ("yellow", Family::Yellow),
        ("gold", Family::Yellow),
        ("green", Family::Green),
        ("blue", Family::Blue),
        ("cyan", Family::Blue),
        ("turquoise", Family::Blue),
        ("teal", Family::Blue),
        ("aqua", Family::Blue),
        ("purple", Family::Purple),
        ("pink", Family::Purple),
        ("magenta", Family::Purple),
        ("violet", Family::Purple),
        ("lavender", Family::Purple),
        ("lilac", Family::Purple),
    ];

    pub(in crate::import) fn name(self) -> &'static str {
        match self {
            Family::White => "white",
            Family::Black => "black",
            Family::Grey => "grey",
            Family::Red => "red",
            Family::Orange => "orange",
            Family::Yellow => "yellow",
            Family::Green => "green",
            Family::Blue => "blue",
            Family::Purple => "purple",
        }
    }
}

impl Colour {
    /// `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb(...)`, `rgba(...)`, `white`, `black`,
    /// `none`/`transparent` (fully transparent); `None` for anything else.
    pub(in crate::import) fn parse(s: &str) -> Option<Colour> {
        let s = s.trim().to_ascii_lowercase();
        let opaque = |r: f64, g: f64, b: f64| Colour { r, g, b, a: 1.0 };
        match s.as_str() {
            "none" | "transparent" => {
                return Some(Colour {
                    a: 0.0,
                    ..opaque(0.0, 0.0, 0.0)
                });
            }
            "white" => return Some(opaque(1.0, 1.0, 1.0)),
            "black" => return Some(opaque(0.0, 0.0, 0.0)),
            _ => {}
        }
        if let Some(hex) = s.strip_prefix('#') {
            let digits: Option<Vec<f64>> = match hex.len() {
                3 | 4 => hex
                    .chars()
                    .map(|c| c.to_digit(16).map(|d| f64::from(d * 17) / 255.0))
                    .collect(),
                6 | 8 => (0..hex.len() / 2)
                    .map(|i| {
                        u8::from_str_radix(hex.get(2 * i..2 * i + 2)?, 16)
                            .ok()
                            .map(|d| f64::from(d) / 255.0)
                    })
                    .collect(),
                _ => None,
            };
            let d = digits?;
            return Some(Colour {
                r: d[0],
                g: d[1],
                b: d[2],
                a: d.get(3).copied().unwrap_or(1.0),
            });
        }
        let inner = s
            .strip_prefix("rgba(")
            .or_else(|| s.strip_prefix("rgb("))?
            .strip_suffix(')')?;
        let parts: Vec<f64> = inner
            .split(',')
            .map(|p| p.trim().parse::<f64>().ok())
            .collect::<Option<_>>()?;
        if !(3..=4).contains(&parts.len()) {
            return None;
        }
        Some(Colour {
            r: parts[0] / 255.0,
            g: parts[1] / 255.0,
            b: parts[2] / 255.0,
            a: parts.get(3).copied().unwrap_or(1.0),
        })
    }

    /// Whether it shows at all.
    pub(in crate::import) fn visible(self) -> bool {
        self.a > 0.05
    }

    /// The colour as it shows on a white page: translucent colours are paler.
    fn on_white(self) -> (f64, f64, f64) {
        let mix = |c: f64| c * self.a + (1.0 - self.a);
        (mix(self.r), mix(self.g), mix(self.b))
    }

    /// The same colour as `other`, as seen (a bulb and its thermometer's line are drawn in
    /// one colour, sometimes with different opacity).
    pub(in crate::import) fn same_hue(self, other: Colour) -> bool {
        let close = |a: f64, b: f64| (a - b).abs() < 0.09;
        close(self.r, other.r) && close(self.g, other.g) && close(self.b, other.b)
    }

    /// The family a reader would name it by.
    pub(in crate::import) fn family(self) -> Family {
        let (r, g, b) = self.on_white();
        let max = r.max(g).max(b);
        let min = r.min(g).min(b);
        let saturation = if max > 0.0 { (max - min) / max } else { 0.0 };
        if saturation < 0.15 {
            return if max > 0.93 {
                Family::White
            } else if max < 0.2 {
                Family::Black
            } else {
                Family::Grey
            };
        }
        let d = max - min;
        let hue = if max == r {
            60.0 * ((g - b) / d).rem_euclid(6.0)
        } else if max == g {
            60.0 * ((b - r) / d + 2.0)
        } else {
            60.0 * ((r - g) / d + 4.0)
        };
        match hue {
            h if !(15.0..345.0).contains(&h) => Family::Red,
            h if h < 45.0 => Family::Orange,
            h if h < 70.0 => Family::Yellow,
            h if h < 165.0 => Family::Green,
            h if h < 250.0 => Family::Blue,
            _ => Family::Purple,
        }
    }
}

/// Which list of the puzzle an element came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::import) enum Layer {
    Line,
    Arrow,
    Overlay,
    Underlay,
}

impl Layer {
    fn name(self) -> &'static str {
        match self {
            Layer::Line => "line",
            Layer::Arrow => "arrow",
            Layer::Overlay => "overlay",
            Layer::Underlay => "underlay",
        }
    }
}

/// One drawn element.
#[derive(Debug, Clone)]
pub(in crate::import) struct Element {
    pub layer: Layer,
    /// 1-based among its layer, as the puzzle lists them.
    pub number: usize,
    /// A line's or arrow's way points.
    pub points: Vec<Pt>,
    /// A shape's centre.
    pub center: Option<Pt>,
    pub width: f64,
    pub height: f64,
    pub rounded: bool,
    /// A shape's fill, a line's or arrow's colour.
    pub fill: Option<Colour>,
    pub border: Option<Colour>,
    pub thickness: f64,
    /// An arrow's head length (0 without a head).
    pub head: f64,
    /// Its text, trimmed (a number is written as text).
    pub text: String,
    /// Whether a convention has read it.
    pub used: bool,
    /// What the puzzle calls its list, for messages: the layer's name, or the f-puzzles key
    /// it was drawn from.
    pub source: &'static str,
}

fn number(v: Option<&Value>) -> Option<f64> {
    match v? {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

fn point(v: &Value) -> Option<Pt> {
    let a = v.as_array().filter(|a| a.len() == 2)?;
    Some((a[0].as_f64()?, a[1].as_f64()?))
}

fn colour(v: Option<&Value>) -> Option<Colour> {
    v.and_then(Value::as_str).and_then(Colour::parse)
}

impl Element {
    /// Reads one element of `layer`; numbers and colours it cannot read are left unset.
    pub(in crate::import) fn read(layer: Layer, number_in_layer: usize, v: &Value) -> Element {
        let points = v
            .get("wayPoints")
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(point).collect())
            .unwrap_or_default();
        let line_like = matches!(layer, Layer::Line | Layer::Arrow);
        let fill = if line_like {
            // SudokuPad draws a line or arrow without a colour in its default dark grey.
            colour(v.get("color")).or(Some(Colour {
                r: 0.3,
                g: 0.3,
                b: 0.3,
                a: 1.0,
            }))
        } else {
            colour(v.get("backgroundColor"))
        };
        let text = match v.get("text") {
            Some(Value::String(s)) => s.trim().to_string(),
            Some(Value::Number(n)) => n.to_string(),
            _ => String::new(),
        };
        Element {
            layer,
            number: number_in_layer,
            points,
            center: v.get("center").and_then(point),
            width: number(v.get("width")).unwrap_or(0.0),
            height: number(v.get("height")).unwrap_or(0.0),
            rounded: matches!(v.get("rounded"), Some(Value::Bool(true)))
                || number(v.get("rounded")).is_some_and(|x| x > 0.0),
            fill,
            border: colour(v.get("borderColor")),
            thickness: number(v.get("thickness")).unwrap_or(if line_like { 1.0 } else { 0.0 }),
            head: number(v.get("headLength")).unwrap_or(0.0),
            text,
            used: false,
            source: layer.name(),
        }
    }

    pub(in crate::import) fn filled(&self) -> bool {
        self.fill.is_some_and(Colour::visible)
    }

    pub(in crate::import) fn bordered(&self) -> bool {
        self.border.is_some_and(Colour::visible)
    }

    /// Whether anything of it shows: a visible fill, border or line, or text.
    pub(in crate::import) fn visible(&self) -> bool {
        let size = self.width.max(self.height) > 0.0 || !self.points.is_empty();
        !self.text.is_empty() || (size && (self.filled() || self.bordered()))
    }

    /// The colour that names it: a shape's fill, else its border.
    pub(in crate::import) fn main_colour(&self) -> Option<Colour> {
        self.fill
            .filter(|c| c.visible())
            .or(self.border.filter(|c| c.visible()))
    }

    /// `line 3 (r1c1 r1c2), purple`: the element, where it is and what it looks like.
    pub(in crate::import) fn describe(&self, size: u32) -> String {
        let mut cells: Vec<Rc> = Vec::new();
        let mut outside = false;
        for p in self.points.iter().chain(self.center.iter()) {
            match cell_at(*p, size) {
                Some(rc) if !cells.contains(&rc) => cells.push(rc),
                Some(_) => {}
                None => outside = true,
            }
        }
        let mut s = format!("{} {}", self.source, self.number);
        if !cells.is_empty() {
            s += &format!(" ({})", cell_list(&cells));
        } else if outside {
            s += " (outside the grid)";
        }
        if let Some(c) = self.main_colour() {
            s += &format!(", {}", c.family().name());
        }
        if !self.text.is_empty() {
            s += &format!(", reading `{}`", self.text);
        }
        s
    }
}

/// The cell holding a point strictly inside it (not on its border), within the grid.
pub(in crate::import) fn cell_at(p: Pt, size: u32) -> Option<Rc> {
    let n = f64::from(size);
    let inside = |v: f64| (0.0..n).contains(&v);
    (inside(p.0) && inside(p.1)).then(|| (p.0.floor() as u32 + 1, p.1.floor() as u32 + 1))
}

/// The cell (possibly outside the grid: row or column 0 or N+1) a point lies in, 1-based.
pub(in crate::import) fn cell_anywhere(p: Pt) -> (i64, i64) {
    (p.0.floor() as i64 + 1, p.1.floor() as i64 + 1)
}

/// Whether a point is outside the grid.
pub(in crate::import) fn outside(p: Pt, size: u32) -> bool {
    cell_at(p, size).is_none()
}

fn near(a: f64, b: f64) -> bool {
    (a - b).abs() <= SLACK
}

/// The cell whose centre a point is, within the grid.
pub(in crate::import) fn centre_cell(p: Pt, size: u32) -> Option<Rc> {
    let rc = cell_at(p, size)?;
    (near(p.0.fract(), 0.5) && near(p.1.fract(), 0.5)).then_some(rc)
}

/// The two orthogonally adjacent cells a point sits between, on the middle of their shared
/// edge.
pub(in crate::import) fn edge_cells(p: Pt, size: u32) -> Option<(Rc, Rc)> {
    let on_line = |v: f64| near(v, v.round());
    let mid = |v: f64| near(v.fract().abs(), 0.5);
    let n = i64::from(size);
    let (a, b) = if on_line(p.0) && mid(p.1) {
        let r = p.0.round() as i64;
        let c = p.1.floor() as i64 + 1;
        ((r, c), (r + 1, c))
    } else if on_line(p.1) && mid(p.0) {
        let c = p.1.round() as i64;
        let r = p.0.floor() as i64 + 1;
        ((r, c), (r, c + 1))
    } else {
        return None;
    };
    let ok = |(r, c): (i64, i64)| (1..=n).contains(&r) && (1..=n).contains(&c);
    (ok(a) && ok(b)).then_some(((a.0 as u32, a.1 as u32), (b.0 as u32, b.1 as u32)))
}

/// How far a line's way point may be from a cell centre and still stand for the cell: hand
/// drawn lines end at a circle's rim or round their corners a little.
const PATH_SLACK: f64 = 0.3;

/// The cells a path through cell centres visits, in order, with the cells a straight
/// (orthogonal or diagonal) segment passes filled in; `None` when a point is not near a cell
/// centre or a segment is not straight.
pub(in crate::import) fn path_cells(pts: &[Pt], size: u32) -> Option<Vec<Rc>> {
    let mut cells: Vec<(i64, i64)> = Vec::new();
    for &p in pts {
        let (r, c) = cell_at(p, size)?;
        let off = |v: f64| (v.fract() - 0.5).abs();
        if off(p.0) > PATH_SLACK || off(p.1) > PATH_SLACK {
            return None;
        }
        let next = (i64::from(r), i64::from(c));
        if let Some(&(pr, pc)) = cells.last() {
            let (dr, dc) = (next.0 - pr, next.1 - pc);
            if dr != 0 && dc != 0 && dr.abs() != dc.abs() {
                return None;
            }
            let steps = dr.abs().max(dc.abs());
            for k in 1..steps {
                cells.push((pr + dr.signum() * k, pc + dc.signum() * k));
            }
            if steps == 0 {
                continue;
            }
        }
        cells.push(next);
    }
    Some(
        cells
            .into_iter()
            .map(|(r, c)| (r as u32, c as u32))
            .collect(),
    )
}

/// Reads every element of the four drawing lists.
pub(in crate::import) fn elements(obj: &serde_json::Map<String, Value>) -> Vec<Element> {
    let mut out = Vec::new();
    for (key, layer) in [
        ("lines", Layer::Line),
        ("arrows", Layer::Arrow),
        ("overlays", Layer::Overlay),
        ("underlays", Layer::Underlay),
    ] {
        if let Some(list) = obj.get(key).and_then(Value::as_array) {
            for (i, v) in list.iter().enumerate() {
                out.push(Element::read(layer, i + 1, v));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_are_read_and_named() {
        let fam = |s: &str| Colour::parse(s).unwrap().family();
        assert_eq!(fam("#cccf"), Family::Grey);
        assert_eq!(fam("#CFCFCF"), Family::Grey);
        assert_eq!(fam("#67f067ff"), Family::Green);
        assert_eq!(fam("#f067f0ff"), Family::Purple);
        assert_eq!(fam("#D23BE7"), Family::Purple);
        assert_eq!(fam("#2ecbffff"), Family::Blue);
        assert_eq!(fam("#fcaf"), Family::Orange);
        assert_eq!(fam("#ff9504fc"), Family::Orange);
        assert_eq!(fam("#000000"), Family::Black);
        assert_eq!(fam("#FFFFFF"), Family::White);
        // A translucent purple looks grey on the page.
        assert_eq!(fam("#46386c45"), Family::Grey);
        assert_eq!(fam("rgba(207, 207, 207, 0.95)"), Family::Grey);
        assert!(!Colour::parse("#FFFFFF00").unwrap().visible());
        assert!(
            Colour::parse("#cccf")
                .unwrap()
                .same_hue(Colour::parse("#CCCCCC80").unwrap())
        );
        assert!(Colour::parse("nonsense").is_none());
    }

    #[test]
    fn points_find_their_cells_and_edges() {
        assert_eq!(centre_cell((0.5, 2.5), 9), Some((1, 3)));
        assert_eq!(centre_cell((0.5, 2.2), 9), None);
        assert_eq!(edge_cells((1.0, 2.5), 9), Some(((1, 3), (2, 3))));
        assert_eq!(edge_cells((0.5, 2.0), 9), Some(((1, 2), (1, 3))));
        assert_eq!(edge_cells((0.0, 2.5), 9), None);
        assert_eq!(edge_cells((1.0, 2.0), 9), None);
        assert_eq!(
            path_cells(&[(0.5, 0.5), (0.5, 2.5), (2.5, 0.5)], 9),
            Some(vec![(1, 1), (1, 2), (1, 3), (2, 2), (3, 1)])
        );
        assert_eq!(path_cells(&[(0.5, 0.5), (1.5, 2.5)], 9), None);
        // A hand-drawn corner rounded off near a centre still stands for the cell.
        assert_eq!(
            path_cells(&[(0.5, 0.7), (0.5, 1.3), (0.7, 1.5), (1.5, 1.5)], 9),
            Some(vec![(1, 1), (1, 2), (2, 2)])
        );
        assert_eq!(path_cells(&[(0.0, 0.5), (0.0, 2.5)], 9), None);
        assert_eq!(cell_anywhere((5.7, -0.3)), (6, 0));
    }
}
