//! Drawing puzzles as people print them: an SVG of any geometry (one grid, overlapping grids,
//! loose cells), with box and region borders derived from the shapes, shaded extra regions,
//! diagonals, Killer cages, givens and an optional solution. For interactive use a drawing can
//! also carry a solver's entries, candidates (pencil marks), highlighted cells, shapes and
//! candidates (a hint), and a transparent hit area per cell that names its cell id. With the
//! `png` feature the SVG can also be rasterised (`render::png`). [`paper`] lays drawings out on
//! printed pages (one puzzle, or a booklet with solutions at the back), and with the `pdf`
//! feature such pages become a PDF (`render::pdf`).
//!
//! ```
//! use shapedoku::{builtin, render, Puzzle};
//! let g = builtin::geometry("4x4").unwrap();
//! let p = Puzzle::from_line(g, "1... ..2. .3.. ...4").unwrap();
//! let svg = render::svg(&p, &render::RenderOptions::default());
//! assert!(svg.starts_with("<svg"));
//! assert!(svg.contains(">1</text>"));
//!
//! // The border logic is available on its own: a 4x4 with 2x2 boxes has thick lines on the
//! // outline (16 unit edges) and between the boxes (8 unit edges).
//! let edges = render::edges(p.geometry());
//! assert_eq!(edges.iter().filter(|e| e.thick).count(), 16 + 8);
//! ```

mod cell_layers;
mod chaos;
mod drawing;
mod iso;
mod lines;
mod outside;
mod page;
pub mod paper;
#[cfg(feature = "pdf")]
mod pdf;
#[cfg(feature = "png")]
mod png;
mod rules;
mod svg;

#[cfg(feature = "pdf")]
pub use pdf::{PdfError, pdf};
#[cfg(feature = "png")]
pub use png::{PngError, png};
pub use svg::svg;

use crate::geometry::{Geometry, ShapeKind};
use crate::pos::Pos;
use crate::{CellId, ShapeId, Symbol, SymbolSet};

/// The colours of a drawing, as SVG colour strings (`#rrggbb` or names).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Colors {
    /// Page background (also the fill of every cell).
    pub background: String,
    /// Thin cell lines.
    pub thin_line: String,
    /// Thick box, region and outer lines.
    pub thick_line: String,
    /// Diagonal lines.
    pub diagonal: String,
    /// Killer cage outlines and sums.
    pub cage: String,
    /// Givens.
    pub given: String,
    /// Solution digits (cells without a given).
    pub solution: String,
    /// Title text.
    pub title: String,
    /// Fills for regions (jigsaw pieces, toroidal regions); neighbouring regions get different
    /// entries.
    pub region_fills: Vec<String>,
    /// Fills for extra no-repeat shapes (windows, explicit shapes), drawn half-transparent so
    /// overlaps show; touching shapes get different entries.
    pub extra_fills: Vec<String>,
    /// Entered values (a solver's progress).
    pub entry: String,
    /// Candidates (pencil marks).
    pub candidate: String,
    /// Fill of highlighted cells.
    pub highlight_cell: String,
    /// Fill of highlighted shapes (drawn half-transparent).
    pub highlight_shape: String,
    /// Highlighted candidates that a step places.
    pub placement: String,
    /// Highlighted candidates that a step eliminates.
    pub elimination: String,
}

impl Default for Colors {
    fn default() -> Self {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect();
        Colors {
            background: "#ffffff".into(),
            thin_line: "#808080".into(),
            thick_line: "#000000".into(),
            diagonal: "#7a8fb8".into(),
            cage: "#333333".into(),
            given: "#000000".into(),
            solution: "#3a6fc4".into(),
            title: "#000000".into(),
            region_fills: s(&[
                "#fde2e4", "#dfe7fd", "#e2f0cb", "#fff1c1", "#e8dff5", "#cdeff2", "#fce1c8",
                "#d8f3dc", "#f1e0d6", "#e4e4e4",
            ]),
            extra_fills: s(&[
                "#bdbdbd", "#9ec5f0", "#f0b89e", "#b5dca5", "#e0b0e8", "#f0e08e",
            ]),
            entry: "#1f5fbf".into(),
            candidate: "#555555".into(),
            highlight_cell: "#fff3a8".into(),
            highlight_shape: "#a8d4ff".into(),
            placement: "#1e8c3a".into(),
            elimination: "#d12f2f".into(),
        }
    }
}

/// How to draw a puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderOptions<'a> {
    /// A full grid (symbol index per cell) whose values are drawn, in the lighter solution
    /// style, in every cell without a given. Entries beyond the geometry's cells or outside the
    /// alphabet are ignored.
    pub solution: Option<&'a [u8]>,
    /// Side of one cell in SVG user units (pixels). Clamped to at least 8.
    pub cell_size: u32,
    /// Colours.
    pub colors: Colors,
    /// A title drawn above the grid (and put in the SVG's `<title>`), if any.
    pub title: Option<String>,
    /// Values a solver has entered, one entry per cell, drawn in the entry colour in cells
    /// without a given. Entries beyond the geometry's cells or outside the alphabet are ignored;
    /// where a solution value is drawn too, the entry wins.
    pub entries: Option<&'a [Option<Symbol>]>,
    /// Candidates (pencil marks) per cell, each symbol drawn small in its own place in the cell
    /// (symbol k in row k / w, column k % w of a w-wide block), in cells that show no value.
    pub candidates: Option<&'a [SymbolSet]>,
    /// Cells, shapes and candidates to pick out, as a hint shows the step it explains.
    pub highlight: Highlight,
    /// Whether to put a transparent square over every cell carrying its cell id
    /// (`data-cell="17"`), on top of everything, so a page can map clicks to cells.
    pub cell_ids: bool,
}

impl Default for RenderOptions<'_> {
    fn default() -> Self {
        RenderOptions {
            solution: None,
            cell_size: 48,
            colors: Colors::default(),
            title: None,
            entries: None,
            candidates: None,
            highlight: Highlight::default(),
            cell_ids: false,
        }
    }
}

/// What a drawing picks out, as a hint does: the cells and shapes a step rests on, the
/// candidate it places and the candidates it eliminates. Ids outside the geometry or the
/// alphabet are ignored.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Highlight {
    /// Cells shaded as the focus.
    pub cells: Vec<CellId>,
    /// Shapes shaded more lightly, under the cells.
    pub shapes: Vec<ShapeId>,
    /// Candidates ringed in the placement colour: (cell, symbol).
    pub placements: Vec<(CellId, Symbol)>,
    /// Candidates drawn in the elimination colour and struck through: (cell, symbol).
    pub eliminations: Vec<(CellId, Symbol)>,
}

impl Highlight {
    /// Whether nothing is highlighted.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
            && self.shapes.is_empty()
            && self.placements.is_empty()
            && self.eliminations.is_empty()
    }

    /// The highlighted cells that exist in `g`, each once, in index order (ids from a client
    /// may be stale or repeated).
    pub(crate) fn cells_in(&self, g: &Geometry) -> Vec<usize> {
        let mut cells: Vec<usize> = self
            .cells
            .iter()
            .map(|c| c.index())
            .filter(|&c| c < g.cell_count())
            .collect();
        cells.sort_unstable();
        cells.dedup();
        cells
    }
}

/// Which way a unit edge runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Orientation {
    /// Along a row boundary.
    Horizontal,
    /// Along a column boundary.
    Vertical,
}

/// One unit segment of the drawing's lines, one cell long.
///
/// A horizontal edge at (`line`, `span`) lies between canvas rows `line` and `line + 1`
/// (row 0 is above the canvas), under column `span`. A vertical edge at (`line`, `span`) lies
/// between columns `line` and `line + 1`, beside row `span`. Rows and columns are 1-based, as in
/// [`Pos`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Edge {
    /// Horizontal or vertical.
    pub orientation: Orientation,
    /// The boundary it lies on: a row boundary for horizontal edges, a column boundary for
    /// vertical ones (0 to rows/cols).
    pub line: u32,
    /// The column (horizontal) or row (vertical) it spans.
    pub span: u32,
    /// Whether it is drawn thick.
    pub thick: bool,
}

impl Edge {
    /// The positions on either side (above/below or left/right); a side may lie off the canvas
    /// (row or column 0) or hold no cell.
    pub fn sides(&self) -> (Pos, Pos) {
        match self.orientation {
            Orientation::Horizontal => (
                Pos::new(self.line, self.span),
                Pos::new(self.line + 1, self.span),
            ),
            Orientation::Vertical => (
                Pos::new(self.span, self.line),
                Pos::new(self.span, self.line + 1),
            ),
        }
    }
}

/// Every unit edge of a geometry's cells, thin or thick, in a stable order (horizontal edges
/// row boundary by row boundary, then vertical ones).
///
/// An edge exists where at least one side is a cell. It is thick when
/// - only one side is a cell (the outline of the cell area, holes included), or
/// - some grid holds exactly one of the two cells (every grid's outline, also where grids
///   overlap), or
/// - some box or region holds exactly one of the two cells (box borders, jigsaw and toroidal
///   region borders, the edge of a region map's `.` area).
///
/// Rows, columns, diagonals, extra shapes and cages never make an edge thick: they are drawn
/// in other ways.
pub fn edges(g: &Geometry) -> Vec<Edge> {
    // For each cell, the box/region shapes holding it, sorted: two cells are split by a box or
    // region border exactly when these lists differ.
    let mut parts: Vec<Vec<u32>> = vec![Vec::new(); g.cell_count()];
    for (si, s) in g.shapes().iter().enumerate() {
        if matches!(s.kind, ShapeKind::Box | ShapeKind::Region) {
            for &c in &s.cells {
                parts[c].push(si as u32);
            }
        }
    }
    let grids = g.grids();
    let thick = |a: Pos, b: Pos| -> Option<bool> {
        match (g.cell_at(a), g.cell_at(b)) {
            (None, None) => None,
            (Some(_), None) | (None, Some(_)) => Some(true),
            (Some(x), Some(y)) => Some(
                grids.iter().any(|gr| gr.contains(a) != gr.contains(b)) || parts[x] != parts[y],
            ),
        }
    };
    let mut out = Vec::new();
    // Horizontal edges lie between rows and run along columns; vertical ones the other way.
    for (orientation, lines, spans) in [
        (Orientation::Horizontal, g.rows(), g.cols()),
        (Orientation::Vertical, g.cols(), g.rows()),
    ] {
        for line in 0..=lines {
            for span in 1..=spans {
                let e = Edge {
                    orientation,
                    line,
                    span,
                    thick: false,
                };
                let (a, b) = e.sides();
                if let Some(t) = thick(a, b) {
                    out.push(Edge { thick: t, ..e });
                }
            }
        }
    }
    out
}

/// Colours shapes so that touching ones differ: greedy in shape order, each shape taking the
/// smallest palette index not used by an already coloured neighbour (wrapping when the
/// palette runs out). Two shapes touch when they share a cell or have edge-adjacent cells.
pub(crate) fn color_shapes(g: &Geometry, shapes: &[usize], palette_len: usize) -> Vec<usize> {
    let n = g.cell_count();
    let mut owner: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (k, &si) in shapes.iter().enumerate() {
        for &c in &g.shape(si).cells {
            owner[c].push(k);
        }
    }
    let mut colors: Vec<usize> = Vec::with_capacity(shapes.len());
    for (k, &si) in shapes.iter().enumerate() {
        let mut used: Vec<usize> = Vec::new();
        for &c in &g.shape(si).cells {
            let p = g.pos(c);
            let mut near = vec![c];
            for q in [
                Pos::new(p.row.wrapping_sub(1), p.col),
                Pos::new(p.row + 1, p.col),
                Pos::new(p.row, p.col.wrapping_sub(1)),
                Pos::new(p.row, p.col + 1),
            ] {
                if let Some(d) = g.cell_at(q) {
                    near.push(d);
                }
            }
            for d in near {
                for &o in &owner[d] {
                    if o < k && !used.contains(&colors[o]) {
                        used.push(colors[o]);
                    }
                }
            }
        }
        let pick = (0..palette_len.max(1))
            .find(|i| !used.contains(i))
            .unwrap_or(k % palette_len.max(1));
        colors.push(pick);
    }
    colors
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GeometryBuilder, GridSpec, Rule, Symbols};
    use std::collections::BTreeSet;

    // Every piece has nine connected cells; pieces trade cells across the box lines so that
    // drawing box lines would be wrong.
    const JIGSAW: &str = "
        AAABBBCCC
        AAABBBCCC
        AADBBECCC
        ADDBEEFFF
        DDDEEEFFF
        DDDEEHFFI
        GGGEHHFII
        GGGHHHIII
        GGGHHHIII";

    fn nine() -> Symbols {
        Symbols::new("123456789".chars()).unwrap()
    }

    fn thick_set(g: &Geometry) -> BTreeSet<(Orientation, u32, u32)> {
        edges(g)
            .into_iter()
            .filter(|e| e.thick)
            .map(|e| (e.orientation, e.line, e.span))
            .collect()
    }

    #[test]
    fn jigsaw_thick_edges_are_exactly_the_region_boundaries() {
        let mut b = GeometryBuilder::new("jig", nine());
        b.grid(GridSpec::square(Pos::new(1, 1), 9).with_regions(JIGSAW));
        let g = b.build().unwrap();
        let map: Vec<Vec<char>> = JIGSAW
            .split_whitespace()
            .map(|l| l.chars().collect())
            .collect();
        let at = |r: u32, c: u32| -> Option<char> {
            (1..=9).contains(&r).then_some(())?;
            (1..=9).contains(&c).then_some(())?;
            Some(map[r as usize - 1][c as usize - 1])
        };
        let mut want = BTreeSet::new();
        for line in 0..=9 {
            for span in 1..=9 {
                if at(line, span) != at(line + 1, span) {
                    want.insert((Orientation::Horizontal, line, span));
                }
                if at(span, line) != at(span, line + 1) {
                    want.insert((Orientation::Vertical, line, span));
                }
            }
        }
        assert_eq!(thick_set(&g), want);
        // Every unit edge of the 9x9 is drawn once: 10 lines of 9 each way.
        assert_eq!(edges(&g).len(), 2 * 10 * 9);
    }

    #[test]
    fn classic_thick_edges_are_box_lines_and_outline() {
        let mut b = GeometryBuilder::new("classic", nine());
        b.grid(GridSpec::square(Pos::new(1, 1), 9).with_boxes(3, 3));
        let g = b.build().unwrap();
        for e in edges(&g) {
            assert_eq!(e.thick, e.line % 3 == 0, "{e:?}");
        }
    }

    #[test]
    fn diagonals_windows_and_cages_do_not_thicken_lines() {
        let mut b = GeometryBuilder::new("x", Symbols::new("1234".chars()).unwrap());
        b.grid(
            GridSpec::square(Pos::new(1, 1), 4)
                .with_boxes(2, 2)
                .with_diagonals(),
        );
        b.shape(
            "window",
            ShapeKind::Extra,
            vec![
                Pos::new(2, 2),
                Pos::new(2, 3),
                Pos::new(3, 2),
                Pos::new(3, 3),
            ],
            Rule::NoRepeat,
        );
        b.shape(
            "cage",
            ShapeKind::Cage,
            vec![Pos::new(1, 1), Pos::new(1, 2)],
            Rule::Sum {
                total: 3,
                distinct: true,
            },
        );
        let g = b.build().unwrap();
        for e in edges(&g) {
            assert_eq!(e.thick, e.line % 2 == 0, "{e:?}");
        }
    }

    #[test]
    fn samurai_draws_every_grid_outline_and_no_edges_in_holes() {
        let mut b = GeometryBuilder::new("samurai", nine());
        for (r, c) in [(1, 1), (1, 13), (7, 7), (13, 1), (13, 13)] {
            b.grid(GridSpec::square(Pos::new(r, c), 9).with_boxes(3, 3));
        }
        let g = b.build().unwrap();
        let es = edges(&g);
        for e in &es {
            let (a, b2) = e.sides();
            assert!(
                g.cell_at(a).is_some() || g.cell_at(b2).is_some(),
                "edge without a cell {e:?}"
            );
            // Box borders of all five grids are the multiples of 3 relative to each grid's
            // origin; with these offsets (0, 6, 12) they are the canvas lines ≡ 0 mod 3.
            assert_eq!(e.thick, e.line % 3 == 0, "{e:?}");
        }
        // The gap r1-6c10-12 holds no cells, so no edge runs strictly inside it.
        assert!(!es.iter().any(|e| e.orientation == Orientation::Vertical
            && (10..=11).contains(&e.line)
            && e.span <= 6));
        // The centre grid's top outline (row boundary 6, columns 7-15) is thick throughout.
        for span in 7..=15 {
            let e = es
                .iter()
                .find(|e| e.orientation == Orientation::Horizontal && e.line == 6 && e.span == span)
                .unwrap();
            assert!(e.thick);
        }
    }

    #[test]
    fn overlapping_grids_off_the_box_lines_get_their_outline() {
        // The second grid starts at column 8, inside the first grid's third box column: its
        // left outline (column boundary 7) is thick although no box of the first grid ends there.
        let mut b = GeometryBuilder::new("twodoku", nine());
        b.grid(GridSpec::square(Pos::new(1, 1), 9).with_boxes(3, 3));
        b.grid(GridSpec::square(Pos::new(1, 8), 9).with_boxes(3, 3));
        let g = b.build().unwrap();
        let es = edges(&g);
        let v7 = es
            .iter()
            .filter(|e| e.orientation == Orientation::Vertical && e.line == 7)
            .collect::<Vec<_>>();
        assert_eq!(v7.len(), 9);
        assert!(v7.iter().all(|e| e.thick));
    }

    #[test]
    fn touching_regions_get_different_colours() {
        let mut b = GeometryBuilder::new("jig", nine());
        b.grid(GridSpec::square(Pos::new(1, 1), 9).with_regions(JIGSAW));
        let g = b.build().unwrap();
        let regions: Vec<usize> = (0..g.shapes().len())
            .filter(|&i| g.shape(i).kind == ShapeKind::Region)
            .collect();
        let colors = color_shapes(&g, &regions, 10);
        for e in edges(&g) {
            let (a, b2) = e.sides();
            let (Some(x), Some(y)) = (g.cell_at(a), g.cell_at(b2)) else {
                continue;
            };
            let rx = regions
                .iter()
                .position(|&s| g.shape(s).cells.contains(&x))
                .unwrap();
            let ry = regions
                .iter()
                .position(|&s| g.shape(s).cells.contains(&y))
                .unwrap();
            if rx != ry {
                assert_ne!(colors[rx], colors[ry]);
            }
        }
    }
}
