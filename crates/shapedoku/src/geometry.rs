//! Compiled geometries: cells on a canvas, shapes with rules, and the tables the engine uses
//! (peers of each cell, shapes of each cell, houses). Build one with [`GeometryBuilder`] or load
//! one from TOML with [`crate::load`].
//!
//! ```
//! use shapedoku::{GeometryBuilder, GridSpec, Pos, Rule, ShapeKind, Symbols};
//! // A 4x4 with 2x2 boxes and one extra diagonal shape.
//! let mut b = GeometryBuilder::new("tiny", Symbols::new("1234".chars()).unwrap());
//! b.grid(GridSpec::square(Pos::new(1, 1), 4).with_boxes(2, 2));
//! b.shape("diagonal", ShapeKind::Extra, (1..=4).map(|i| Pos::new(i, i)).collect(), Rule::NoRepeat);
//! let g = b.build().unwrap();
//! assert_eq!(g.cell_count(), 16);
//! assert_eq!(g.houses().len(), 4 + 4 + 4 + 1);
//! let c = g.cell_at(Pos::new(1, 1)).unwrap();
//! assert_eq!(g.peers(c).len(), 3 + 3 + 1 + 3 - 1); // row, column, box, diagonal (r2c2 counted once)
//! ```

use crate::cellset::CellSet;
use crate::error::ModelError;
use crate::pos::Pos;
use crate::symbols::Symbols;
use crate::{CellId, ShapeId};
use std::sync::{Arc, OnceLock};

mod builder;
mod faces;
mod size;
mod tables;
pub use builder::{BuildIssue, GeometryBuilder, Part};
pub use faces::{Face, Plane, polygons_overlap, project};
pub use size::Size;
pub(crate) use tables::{OverlapPair, ShapeTables};

/// What a shape demands of its cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// No symbol twice. With as many cells as symbols this is a house: each symbol once.
    NoRepeat,
    /// The cells' values add up to `total`; with `distinct` (the default) no symbol repeats.
    Sum {
        /// The required total.
        total: i64,
        /// Whether symbols must also be distinct.
        distinct: bool,
    },
}

/// What a shape is, for naming it in explanations and drawing it; the engine treats all alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ShapeKind {
    /// A row of a grid.
    Row,
    /// A column of a grid.
    Column,
    /// A box of a grid.
    Box,
    /// The main diagonal ↘ of a grid.
    Diagonal,
    /// The anti-diagonal ↗ of a grid.
    AntiDiagonal,
    /// A region of a region map (jigsaw piece, toroidal region).
    Region,
    /// Any other no-repeat shape given by explicit cells (window, Tredoku line, ...).
    Extra,
    /// A sum cage.
    Cage,
}

/// A group of cells with a rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shape {
    /// Its name as written in the file or generated (`row 4`, `box 5`, `window 1`, `cage 15 at r1c1`).
    pub name: String,
    /// What it is.
    pub kind: ShapeKind,
    /// The grid that generated it (rows, columns, boxes, diagonals, regions), if any.
    pub grid: Option<usize>,
    /// 1-based number within its grid and kind (row 4 → 4); 0 when not numbered.
    pub number: u32,
    /// Cell indices, in the order given.
    pub cells: Vec<usize>,
    /// Its rule.
    pub rule: Rule,
}

impl Shape {
    /// Whether no symbol may repeat in it.
    pub fn is_no_repeat(&self) -> bool {
        matches!(self.rule, Rule::NoRepeat | Rule::Sum { distinct: true, .. })
    }
    /// The total of a sum shape.
    pub fn sum(&self) -> Option<i64> {
        match self.rule {
            Rule::Sum { total, .. } => Some(total),
            Rule::NoRepeat => None,
        }
    }
}

/// A square block of cells placed on the canvas, with its standard shapes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GridSpec {
    /// Optional name, used when naming its shapes (`row 4 of the top-left grid`).
    pub name: Option<String>,
    /// Top-left cell.
    pub at: Pos,
    /// Number of rows (cells from top to bottom).
    pub height: u32,
    /// Number of columns (cells from left to right); equal to `height` for a square grid.
    pub width: u32,
    /// Whether it adds one shape per row (default true).
    pub rows: bool,
    /// Whether it adds one shape per column (default true).
    pub columns: bool,
    /// Box height and width, if it has boxes.
    pub boxes: Option<(u32, u32)>,
    /// Whether both main diagonals are shapes.
    pub diagonals: bool,
    /// A region map, one character per cell row by row, each character one region; `.` is no
    /// region. Jigsaw pieces and toroidal regions.
    pub regions: Option<Vec<char>>,
    /// Whether the grid is a torus: a chess move (anti-knight, anti-king) that leaves one edge
    /// comes back on the opposite edge.
    pub wrap: bool,
}

impl GridSpec {
    /// A size x size grid with rows and columns, no boxes.
    pub fn square(at: Pos, size: u32) -> Self {
        Self::rectangle(at, size, size)
    }
    /// A grid of `height` rows and `width` columns, with rows and columns, no boxes.
    pub fn rectangle(at: Pos, height: u32, width: u32) -> Self {
        GridSpec {
            name: None,
            at,
            height,
            width,
            rows: true,
            columns: true,
            boxes: None,
            diagonals: false,
            regions: None,
            wrap: false,
        }
    }
    /// With boxes of `h` rows by `w` columns.
    pub fn with_boxes(mut self, h: u32, w: u32) -> Self {
        self.boxes = Some((h, w));
        self
    }
    /// With both diagonals.
    pub fn with_diagonals(mut self) -> Self {
        self.diagonals = true;
        self
    }
    /// With a region map.
    pub fn with_regions(mut self, map: &str) -> Self {
        self.regions = Some(map.chars().filter(|c| !c.is_whitespace()).collect());
        self
    }
    /// As a torus: chess moves wrap around its edges.
    pub fn with_wrap(mut self) -> Self {
        self.wrap = true;
        self
    }
    /// With a name.
    pub fn named(mut self, name: &str) -> Self {
        self.name = Some(name.to_string());
        self
    }
    /// The side length of a square grid; `None` for a rectangle (formats and drawings that
    /// only know square grids ask this).
    pub fn side(&self) -> Option<u32> {
        (self.height == self.width).then_some(self.height)
    }
    /// The number of cells.
    pub fn cell_count(&self) -> usize {
        self.height as usize * self.width as usize
    }
    /// Whether `p` lies in this grid.
    pub fn contains(&self, p: Pos) -> bool {
        p.row >= self.at.row
            && p.row < self.at.row + self.height
            && p.col >= self.at.col
            && p.col < self.at.col + self.width
    }
    /// The grid's positions, row-major.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.height).flat_map(move |r| {
            (0..self.width).map(move |c| Pos::new(self.at.row + r, self.at.col + c))
        })
    }
}

/// A compiled geometry: cells, shapes and the lookup tables derived from them.
#[derive(Debug, Clone)]
pub struct Geometry {
    name: String,
    description: String,
    symbols: Symbols,
    grids: Vec<GridSpec>,
    cells: Vec<Pos>,
    rows: u32,
    cols: u32,
    shapes: Vec<Shape>,
    cell_shapes: Vec<Vec<u32>>,
    peer_start: Vec<u32>,
    peers: Vec<u32>,
    houses: Vec<usize>,
    /// Rules beyond shapes (anti-knight, thermometers, ...).
    constraints: Vec<crate::constraint::Constraint>,
    /// Where each face lies in space, for an isometric drawing; empty for flat geometries.
    faces: Vec<Face>,
    /// Compiled on first use: a geometry only loaded or drawn never needs them.
    tables: OnceLock<Arc<ShapeTables>>,
}

impl Geometry {
    #[allow(clippy::too_many_arguments)]
    fn compile(
        name: String,
        description: String,
        symbols: Symbols,
        grids: Vec<GridSpec>,
        cells: Vec<Pos>,
        rows: u32,
        cols: u32,
        shapes: Vec<Shape>,
    ) -> Geometry {
        let nc = cells.len();
        debug_assert!(
            cells.windows(2).all(|w| w[0] < w[1]),
            "cells in canvas order"
        );
        let mut cell_shapes = vec![Vec::new(); nc];
        for (si, s) in shapes.iter().enumerate() {
            for &c in &s.cells {
                cell_shapes[c].push(si as u32);
            }
        }
        let mut peer_start = Vec::with_capacity(nc + 1);
        // One buffer for every cell's peers: building the geometry is part of every start of
        // the command line, and a fresh growing vector per cell was a good part of it.
        let mut peers = Vec::with_capacity(nc * 3 * symbols.len());
        let mut mark = CellSet::new(nc);
        let mut mine: Vec<u32> = Vec::with_capacity(nc);
        for (c, shapes_of_c) in cell_shapes.iter().enumerate() {
            peer_start.push(peers.len() as u32);
            mine.clear();
            for &si in shapes_of_c {
                let s = &shapes[si as usize];
                if !s.is_no_repeat() {
                    continue;
                }
                for &o in &s.cells {
                    if o != c && mark.insert(o) {
                        mine.push(o as u32);
                    }
                }
            }
            for &o in &mine {
                mark.remove(o as usize);
            }
            mine.sort_unstable();
            peers.extend_from_slice(&mine);
        }
        peer_start.push(peers.len() as u32);
        let n = symbols.len();
        let houses = shapes
            .iter()
            .enumerate()
            .filter(|(_, s)| s.is_no_repeat() && s.cells.len() == n)
            .map(|(i, _)| i)
            .collect();
        Geometry {
            name,
            description,
            symbols,
            grids,
            cells,
            rows,
            cols,
            shapes,
            cell_shapes,
            peer_start,
            peers,
            houses,
            constraints: Vec::new(),
            faces: Vec::new(),
            tables: OnceLock::new(),
        }
    }

    /// The geometry's name.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// Its description.
    pub fn description(&self) -> &str {
        &self.description
    }
    /// The alphabet.
    pub fn symbols(&self) -> &Symbols {
        &self.symbols
    }
    /// Number of symbols, N.
    pub fn symbol_count(&self) -> usize {
        self.symbols.len()
    }
    /// The grids it was built from.
    pub fn grids(&self) -> &[GridSpec] {
        &self.grids
    }
    /// Number of cells.
    pub fn cell_count(&self) -> usize {
        self.cells.len()
    }
    /// Positions of all cells, in cell-index (row-major) order.
    pub fn cells(&self) -> &[Pos] {
        &self.cells
    }
    /// The position of a cell, by raw index (the fast path for code holding indices it got
    /// from this geometry).
    ///
    /// # Panics
    /// When `cell` is not below [`Geometry::cell_count`]; [`Geometry::cell_pos`] is the
    /// checked form.
    pub fn pos(&self, cell: usize) -> Pos {
        self.cells[cell]
    }
    /// Canvas height: the largest row used.
    pub fn rows(&self) -> u32 {
        self.rows
    }
    /// Canvas width: the largest column used.
    pub fn cols(&self) -> u32 {
        self.cols
    }
    /// The cell at a position, if there is one.
    pub fn cell_at(&self, p: Pos) -> Option<usize> {
        // Cells are in canvas order, so a search finds one without a table as large as the
        // canvas (which may be mostly empty).
        self.cells.binary_search(&p).ok()
    }
    /// All shapes.
    pub fn shapes(&self) -> &[Shape] {
        &self.shapes
    }
    /// One shape, by raw index (the fast path for code holding indices it got from this
    /// geometry).
    ///
    /// # Panics
    /// When `id` is not below the number of shapes; [`Geometry::get_shape`] is the checked
    /// form.
    pub(crate) fn shape(&self, id: usize) -> &Shape {
        &self.shapes[id]
    }
    /// One shape, or `None` when the geometry has no shape `id`.
    ///
    /// ```
    /// use shapedoku::{builtin, ShapeId};
    /// let g = builtin::geometry("classic").unwrap();
    /// assert_eq!(g.get_shape(ShapeId::new(0)).map(|s| s.cells.len()), Some(9));
    /// assert!(g.get_shape(ShapeId::new(999)).is_none());
    /// ```
    pub fn get_shape(&self, id: ShapeId) -> Option<&Shape> {
        self.shapes.get(id.index())
    }
    /// The position of a cell, or `None` when the geometry has no cell `cell`.
    pub fn cell_pos(&self, cell: CellId) -> Option<Pos> {
        self.cells.get(cell.index()).copied()
    }
    /// Shape ids containing a cell.
    ///
    /// # Panics
    /// When `cell` is not below [`Geometry::cell_count`].
    pub fn shapes_of(&self, cell: usize) -> &[u32] {
        &self.cell_shapes[cell]
    }
    /// Cells that may not share a symbol with `cell` (sorted cell indices).
    ///
    /// # Panics
    /// When `cell` is not below [`Geometry::cell_count`].
    pub fn peers(&self, cell: usize) -> &[u32] {
        &self.peers[self.peer_start[cell] as usize..self.peer_start[cell + 1] as usize]
    }
    /// Whether two cells are peers.
    ///
    /// # Panics
    /// When `a` is not below [`Geometry::cell_count`].
    pub(crate) fn are_peers(&self, a: usize, b: usize) -> bool {
        self.peers(a).binary_search(&(b as u32)).is_ok()
    }
    /// Shape ids of the houses (no-repeat shapes with exactly N cells).
    pub fn houses(&self) -> &[usize] {
        &self.houses
    }
    /// The tables about houses and overlapping shapes, compiled once for this geometry and
    /// shared by every solver and reasoning board built on it.
    pub(crate) fn tables(&self) -> &Arc<ShapeTables> {
        self.tables.get_or_init(|| Arc::new(ShapeTables::new(self)))
    }
    /// The cells of a shape as a set.
    ///
    /// # Panics
    /// When `id` is not a shape index of this geometry.
    pub(crate) fn shape_set(&self, id: usize) -> CellSet {
        CellSet::from_cells(self.cell_count(), self.shapes[id].cells.iter().copied())
    }
    /// True when the geometry is one grid whose top-left is r1c1 and nothing else (so a puzzle
    /// is one line of height*width characters, row by row).
    pub fn is_single_grid(&self) -> bool {
        self.grids.len() == 1
            && self.grids[0].at == Pos::new(1, 1)
            && self.cells.len() == self.grids[0].cell_count()
    }
    /// This geometry with more shapes appended (Killer cages made by the generator, say),
    /// recompiled. Fails when a shape is empty, names a cell index out of range or twice, or is
    /// a no-repeat shape with more cells than symbols.
    pub fn with_shapes(
        &self,
        extra: impl IntoIterator<Item = Shape>,
    ) -> Result<Geometry, ModelError> {
        let nc = self.cells.len();
        let n = self.symbols.len();
        let mut shapes = self.shapes.clone();
        let mut seen = CellSet::new(nc);
        for s in extra {
            if s.cells.is_empty() {
                return Err(ModelError::EmptyShape { shape: s.name });
            }
            for &c in &s.cells {
                if c >= nc {
                    return Err(ModelError::NoSuchCell {
                        shape: s.name,
                        pos: Pos::new(0, 0),
                    });
                }
                if !seen.insert(c) {
                    return Err(ModelError::RepeatedCell {
                        shape: s.name,
                        pos: self.cells[c],
                    });
                }
            }
            for &c in &s.cells {
                seen.remove(c);
            }
            if s.is_no_repeat() && s.cells.len() > n {
                return Err(ModelError::ShapeTooLarge {
                    cells: s.cells.len(),
                    symbols: n,
                    shape: s.name,
                });
            }
            shapes.push(s);
        }
        let mut g = Geometry::compile(
            self.name.clone(),
            self.description.clone(),
            self.symbols.clone(),
            self.grids.clone(),
            self.cells.clone(),
            self.rows,
            self.cols,
            shapes,
        );
        g.constraints = self.constraints.clone();
        g.faces = self.faces.clone();
        Ok(g)
    }

    /// Where the faces of a 3-D layout lie in space (see [`Face`]); empty for a flat geometry.
    pub fn faces(&self) -> &[Face] {
        &self.faces
    }

    /// The face each cell lies on, by cell index, when the geometry has faces.
    pub fn face_of_cells(&self) -> Vec<Option<usize>> {
        let mut out = vec![None; self.cells.len()];
        for (k, f) in self.faces.iter().enumerate() {
            if let Some(s) = self.shapes.get(f.shape.index()) {
                for &c in &s.cells {
                    out[c] = Some(k);
                }
            }
        }
        out
    }

    /// This geometry placed in space: each face a shape whose cells fill a canvas rectangle.
    /// Fails (naming the face) when a face's shape does not exist or is not a filled
    /// rectangle, when a cell lies on two faces or on none, or when two faces overlap on the
    /// page.
    pub fn with_faces(mut self, faces: Vec<Face>) -> Result<Geometry, (usize, String)> {
        let mut on = vec![None; self.cells.len()];
        for (k, f) in faces.iter().enumerate() {
            let Some(s) = self.shapes.get(f.shape.index()) else {
                return Err((k, "no such shape".into()));
            };
            let filled = s.cells.len() as u64 == f.rows as u64 * f.cols as u64
                && s.cells.iter().all(|&c| f.contains(self.cells[c]));
            if !filled {
                return Err((k, format!("shape `{}` does not fill a rectangle", s.name)));
            }
            for &c in &s.cells {
                if let Some(other) = on[c].replace(k) {
                    let name = &self.shapes[faces[other].shape.index()].name;
                    return Err((
                        k,
                        format!("cell {} is also on face `{name}`", self.cells[c]),
                    ));
                }
            }
            for (j, g) in faces[..k].iter().enumerate() {
                if polygons_overlap(&f.outline(), &g.outline()) {
                    let name = &self.shapes[faces[j].shape.index()].name;
                    return Err((k, format!("it overlaps face `{name}` in the drawing")));
                }
            }
        }
        if let Some(c) = on.iter().position(|f| f.is_none()) {
            if !faces.is_empty() {
                let last = faces.len() - 1;
                return Err((last, format!("cell {} lies on no face", self.cells[c])));
            }
        }
        self.faces = faces;
        Ok(self)
    }

    /// The rules beyond shapes (see [`crate::constraint`]).
    pub fn constraints(&self) -> &[crate::constraint::Constraint] {
        &self.constraints
    }

    /// This geometry with these rules beyond shapes added. Fails when a rule names a cell the
    /// geometry does not have.
    pub fn with_constraints(
        mut self,
        more: impl IntoIterator<Item = crate::constraint::Constraint>,
    ) -> Result<Geometry, ModelError> {
        for c in more {
            if let Some(&bad) = c
                .named_cells()
                .iter()
                .find(|c| c.index() >= self.cells.len())
            {
                return Err(ModelError::NoSuchCell {
                    shape: c.name,
                    pos: Pos::new(0, bad.index() as u32),
                });
            }
            self.constraints.push(c);
        }
        Ok(self)
    }

    /// A name for a shape as people say it: `row 4`, or `row 4 of the top-left grid` when the
    /// geometry has several grids.
    ///
    /// # Panics
    /// When `id` is not a shape index of this geometry.
    pub(crate) fn shape_label(&self, id: usize) -> String {
        let s = &self.shapes[id];
        match s.grid {
            Some(g) => match &self.grids[g].name {
                Some(n) => format!("{} of the {n} grid", s.name),
                None => format!("{} of grid {}", s.name, g + 1),
            },
            None => s.name.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::builder::SumCheck;
    use super::*;
    use crate::limits::Limits;

    #[test]
    fn a_builder_over_a_cap_fails_before_building() {
        let sym = Symbols::new("1234".chars()).unwrap();
        let mut b = GeometryBuilder::new("big", sym);
        b.grid(GridSpec::square(Pos::new(1, 1), 1024));
        assert_eq!(
            b.build().unwrap_err().to_string(),
            "the geometry has 1048576 cells, more than the limit of 16384"
        );
        // Coordinates far out are a canvas over its cap, not an overflow.
        let mut b = GeometryBuilder::new("far", Symbols::new("1".chars()).unwrap());
        b.cells([Pos::new(u32::MAX, u32::MAX)]);
        assert!(matches!(
            b.build(),
            Err(ModelError::TooLarge {
                what: "canvas positions",
                ..
            })
        ));
        let mut b = GeometryBuilder::new("ok", Symbols::new("1234".chars()).unwrap());
        b.grid(GridSpec::square(Pos::new(1, 1), 4).with_boxes(2, 2));
        assert_eq!(
            b.size(),
            Size {
                cells: 16,
                rows: 4,
                cols: 4,
                shapes: 12,
                shape_cells: 48
            }
        );
        b.limits(Limits {
            max_shapes: 11,
            ..Limits::DEFAULT
        });
        assert!(matches!(
            b.build(),
            Err(ModelError::TooLarge {
                what: "shapes",
                found: 12,
                limit: 11
            })
        ));
    }

    #[test]
    fn cells_are_found_without_a_canvas_table() {
        let mut b = GeometryBuilder::new("sparse", Symbols::new("12".chars()).unwrap());
        b.cells([Pos::new(1, 1), Pos::new(500, 500)]);
        let g = b.build().unwrap();
        assert_eq!(g.cell_at(Pos::new(500, 500)), Some(1));
        assert_eq!(g.cell_at(Pos::new(499, 500)), None);
        assert_eq!(g.cell_at(Pos::new(0, 0)), None);
        assert_eq!((g.rows(), g.cols()), (500, 500));
    }

    #[test]
    fn repeated_sums_beyond_what_can_be_listed_fall_back_to_bounds() {
        let values: Vec<i64> = (0..64).map(|i| 1 + i * i * 1009).collect();
        let mut sums = SumCheck::new(&values);
        // Far too many sums to list for 500 values: bounds decide, at once.
        assert!(sums.reachable(500, 500 * 2000, false));
        assert!(!sums.reachable(500, 499, false));
        assert!(sums.reachable(2, 2, false));
        assert!(!sums.reachable(2, 3, false));
        let mut small = SumCheck::new(&[1, 2, 3]);
        assert!(small.reachable(2, 5, true) && !small.reachable(2, 6, true));
        assert!(small.reachable(3, 9, false) && !small.reachable(4, 13, false));
    }
}
