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
use crate::limits::Limits;
use crate::pos::Pos;
use crate::symbols::Symbols;
use crate::{CellId, ShapeId};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

mod faces;
mod tables;
pub use faces::{Face, Plane, polygons_overlap, project};
pub(crate) use tables::ShapeTables;

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
    /// Side length (size x size cells).
    pub size: u32,
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
        GridSpec {
            name: None,
            at,
            size,
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
    /// Whether `p` lies in this grid.
    pub fn contains(&self, p: Pos) -> bool {
        p.row >= self.at.row
            && p.row < self.at.row + self.size
            && p.col >= self.at.col
            && p.col < self.at.col + self.size
    }
    /// The grid's positions, row-major.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.size).flat_map(move |r| {
            (0..self.size).map(move |c| Pos::new(self.at.row + r, self.at.col + c))
        })
    }
}

/// How large a geometry would be, counted from its parts before anything is built, so that
/// [`Limits`] can be checked before the memory they guard is allocated. Sizes add up with `+`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Size {
    /// Cells, a cell shared by several grids counted once per grid.
    pub cells: u64,
    /// The largest row used.
    pub rows: u64,
    /// The largest column used.
    pub cols: u64,
    /// Shapes.
    pub shapes: u64,
    /// Cells of all shapes added up.
    pub shape_cells: u64,
}

impl Size {
    /// The size of one grid: its cells and its standard shapes (boxes that do not tile and a
    /// region map of the wrong length count as nothing; the builder reports them).
    pub fn of_grid(g: &GridSpec) -> Size {
        let n = u64::from(g.size);
        let area = n * n;
        let mut s = Size {
            cells: area,
            rows: u64::from(g.at.row) + n.saturating_sub(1),
            cols: u64::from(g.at.col) + n.saturating_sub(1),
            ..Size::default()
        };
        let mut add = |shapes: u64, cells: u64| {
            s.shapes += shapes;
            s.shape_cells += cells;
        };
        if g.rows {
            add(n, area);
        }
        if g.columns {
            add(n, area);
        }
        if let Some((h, w)) = g
            .boxes
            .filter(|&(h, w)| h > 0 && w > 0 && g.size % h == 0 && g.size % w == 0)
        {
            add(area / (u64::from(h) * u64::from(w)), area);
        }
        if g.diagonals {
            add(2, 2 * n);
        }
        if let Some(map) = g.regions.as_ref().filter(|m| m.len() as u64 == area) {
            let mut letters: Vec<char> = map.iter().copied().filter(|&c| c != '.').collect();
            let cells = letters.len() as u64;
            letters.sort_unstable();
            letters.dedup();
            add(letters.len() as u64, cells);
        }
        s
    }

    /// The size of declared cells.
    pub fn of_cells(cells: &[Pos]) -> Size {
        Size {
            cells: cells.len() as u64,
            rows: cells.iter().map(|p| u64::from(p.row)).max().unwrap_or(0),
            cols: cells.iter().map(|p| u64::from(p.col)).max().unwrap_or(0),
            ..Size::default()
        }
    }

    /// The size of one explicit shape of `cells` cells.
    pub fn of_shape(cells: usize) -> Size {
        Size {
            shapes: 1,
            shape_cells: cells as u64,
            ..Size::default()
        }
    }

    /// The size of `n` shape cells (without the shape).
    pub fn of_shape_cells(n: u64) -> Size {
        Size {
            shape_cells: n,
            ..Size::default()
        }
    }

    /// Canvas area: rows times columns.
    pub fn canvas_area(&self) -> u64 {
        self.rows.saturating_mul(self.cols)
    }

    /// The first cap this size is over, as an error naming it.
    pub fn over(&self, limits: &Limits) -> Option<ModelError> {
        let too_large = |what, found, limit| ModelError::TooLarge { what, found, limit };
        if self.cells > limits.max_cells {
            Some(too_large("cells", self.cells, limits.max_cells))
        } else if self.canvas_area() > limits.max_canvas_area {
            Some(too_large(
                "canvas positions",
                self.canvas_area(),
                limits.max_canvas_area,
            ))
        } else if self.shapes > limits.max_shapes {
            Some(too_large("shapes", self.shapes, limits.max_shapes))
        } else if self.shape_cells > limits.max_shape_cells {
            Some(too_large(
                "shape cells",
                self.shape_cells,
                limits.max_shape_cells,
            ))
        } else {
            None
        }
    }
}

impl std::ops::Add for Size {
    type Output = Size;
    fn add(self, o: Size) -> Size {
        Size {
            cells: self.cells.saturating_add(o.cells),
            rows: self.rows.max(o.rows),
            cols: self.cols.max(o.cols),
            shapes: self.shapes.saturating_add(o.shapes),
            shape_cells: self.shape_cells.saturating_add(o.shape_cells),
        }
    }
}

impl std::ops::AddAssign for Size {
    fn add_assign(&mut self, o: Size) {
        *self = *self + o;
    }
}

/// Which part of a builder's input an error is about, so loaders can point at the source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The geometry as a whole.
    Whole,
    /// The n-th grid (0-based, in the order added).
    Grid(usize),
    /// The n-th explicit shape (0-based, in the order added).
    Shape(usize),
}

/// An error found while building, with the part it is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuildIssue {
    /// Where.
    pub part: Part,
    /// What.
    pub error: ModelError,
}

/// Collects grids, cells and shapes, then compiles them into a [`Geometry`].
#[derive(Debug, Clone)]
pub struct GeometryBuilder {
    name: String,
    description: String,
    symbols: Symbols,
    grids: Vec<GridSpec>,
    cells: Vec<Pos>,
    shapes: Vec<(String, ShapeKind, Vec<Pos>, Rule)>,
    limits: Limits,
}

impl GeometryBuilder {
    /// A builder for a geometry with this name and alphabet.
    pub fn new(name: &str, symbols: Symbols) -> Self {
        GeometryBuilder {
            name: name.to_string(),
            description: String::new(),
            symbols,
            grids: Vec::new(),
            cells: Vec::new(),
            shapes: Vec::new(),
            limits: Limits::DEFAULT,
        }
    }
    /// Sets the size caps checked before compiling (default [`Limits::DEFAULT`]); a geometry
    /// over one is [`ModelError::TooLarge`].
    pub fn limits(&mut self, limits: Limits) -> &mut Self {
        self.limits = limits;
        self
    }
    /// Sets the description.
    pub fn description(&mut self, d: &str) -> &mut Self {
        self.description = d.to_string();
        self
    }
    /// Renames the geometry.
    pub fn rename(&mut self, name: &str) -> &mut Self {
        self.name = name.to_string();
        self
    }
    /// Replaces the alphabet.
    pub fn symbols(&mut self, s: Symbols) -> &mut Self {
        self.symbols = s;
        self
    }
    /// Adds a grid (its cells and standard shapes).
    pub fn grid(&mut self, g: GridSpec) -> &mut Self {
        self.grids.push(g);
        self
    }
    /// Adds cells that belong to no grid (for layouts such as Tredoku).
    pub fn cells(&mut self, cells: impl IntoIterator<Item = Pos>) -> &mut Self {
        self.cells.extend(cells);
        self
    }
    /// Adds a shape over existing cells.
    pub fn shape(&mut self, name: &str, kind: ShapeKind, cells: Vec<Pos>, rule: Rule) -> &mut Self {
        self.shapes.push((name.to_string(), kind, cells, rule));
        self
    }
    /// How large the geometry would be (see [`Size`]), counted without building it.
    pub fn size(&self) -> Size {
        let mut s = Size::of_cells(&self.cells);
        for g in &self.grids {
            s += Size::of_grid(g);
        }
        for (_, _, cells, _) in &self.shapes {
            s += Size::of_shape(cells.len());
        }
        s
    }
    /// Number of explicit shapes added so far (the index the next one will get in [`Part::Shape`]).
    pub fn shape_count(&self) -> usize {
        self.shapes.len()
    }

    /// Compiles, stopping at the first problem.
    pub fn build(&self) -> Result<Geometry, ModelError> {
        self.build_checked().map_err(|mut v| v.swap_remove(0).error)
    }

    /// Compiles, reporting every problem found (each with the part it is about).
    pub fn build_checked(&self) -> Result<Geometry, Vec<BuildIssue>> {
        if let Some(error) = self.size().over(&self.limits) {
            return Err(vec![BuildIssue {
                part: Part::Whole,
                error,
            }]);
        }
        let mut issues = Vec::new();
        let n = self.symbols.len();
        // Cells: every grid position plus declared cells, in canvas (row-major) order.
        let mut all: Vec<Pos> = self.cells.clone();
        for (gi, g) in self.grids.iter().enumerate() {
            if g.size == 0 || g.size > 1024 || g.at.row == 0 || g.at.col == 0 {
                issues.push(BuildIssue {
                    part: Part::Grid(gi),
                    error: ModelError::BadGrid {
                        grid: gi + 1,
                        reason: "size must be 1 to 1024 and `at` 1-based".into(),
                    },
                });
                continue;
            }
            all.extend(g.positions());
        }
        all.sort_unstable();
        all.dedup();
        if all.is_empty() {
            issues.push(BuildIssue {
                part: Part::Whole,
                error: ModelError::NoCells,
            });
            return Err(issues);
        }
        let rows = all.iter().map(|p| p.row).max().unwrap_or(0);
        let cols = all.iter().map(|p| p.col).max().unwrap_or(0);
        let index: HashMap<Pos, usize> = all.iter().enumerate().map(|(i, &p)| (p, i)).collect();

        let mut shapes: Vec<Shape> = Vec::new();
        let multi = self.grids.len() > 1;
        for (gi, g) in self.grids.iter().enumerate() {
            if g.size == 0 || g.size > 1024 || g.at.row == 0 || g.at.col == 0 {
                continue;
            }
            let cell = |r: u32, c: u32| index[&Pos::new(g.at.row + r, g.at.col + c)];
            let mut push = |name: String, kind, number, cells: Vec<usize>| {
                shapes.push(Shape {
                    name,
                    kind,
                    grid: multi.then_some(gi),
                    number,
                    cells,
                    rule: Rule::NoRepeat,
                })
            };
            if g.rows {
                for r in 0..g.size {
                    push(
                        format!("row {}", r + 1),
                        ShapeKind::Row,
                        r + 1,
                        (0..g.size).map(|c| cell(r, c)).collect(),
                    );
                }
            }
            if g.columns {
                for c in 0..g.size {
                    push(
                        format!("column {}", c + 1),
                        ShapeKind::Column,
                        c + 1,
                        (0..g.size).map(|r| cell(r, c)).collect(),
                    );
                }
            }
            if let Some((h, w)) = g.boxes {
                if h == 0 || w == 0 || g.size % h != 0 || g.size % w != 0 {
                    issues.push(BuildIssue {
                        part: Part::Grid(gi),
                        error: ModelError::BadGrid {
                            grid: gi + 1,
                            reason: format!("boxes of {h}x{w} do not tile a {0}x{0} grid", g.size),
                        },
                    });
                } else {
                    let per_row = g.size / w;
                    for b in 0..(g.size / h) * per_row {
                        let (br, bc) = (b / per_row * h, b % per_row * w);
                        let cells = (0..h).flat_map(|r| (0..w).map(move |c| (br + r, bc + c)));
                        push(
                            format!("box {}", b + 1),
                            ShapeKind::Box,
                            b + 1,
                            cells.map(|(r, c)| cell(r, c)).collect(),
                        );
                    }
                }
            }
            if g.diagonals {
                push(
                    "diagonal ↘".into(),
                    ShapeKind::Diagonal,
                    1,
                    (0..g.size).map(|i| cell(i, i)).collect(),
                );
                push(
                    "diagonal ↗".into(),
                    ShapeKind::AntiDiagonal,
                    2,
                    (0..g.size).map(|i| cell(g.size - 1 - i, i)).collect(),
                );
            }
            if let Some(map) = &g.regions {
                let want = (g.size * g.size) as usize;
                if map.len() != want {
                    issues.push(BuildIssue {
                        part: Part::Grid(gi),
                        error: ModelError::BadGrid {
                            grid: gi + 1,
                            reason: format!(
                                "the region map has {} letters but the grid has {want} cells",
                                map.len()
                            ),
                        },
                    });
                } else {
                    let mut letters: Vec<char> = Vec::new();
                    for &ch in map {
                        if ch != '.' && !letters.contains(&ch) {
                            letters.push(ch);
                        }
                    }
                    for (k, &ch) in letters.iter().enumerate() {
                        let cells = map
                            .iter()
                            .enumerate()
                            .filter(|&(_, &x)| x == ch)
                            .map(|(i, _)| cell(i as u32 / g.size, i as u32 % g.size))
                            .collect();
                        push(
                            format!("region {ch}"),
                            ShapeKind::Region,
                            k as u32 + 1,
                            cells,
                        );
                    }
                }
            }
        }
        let first_explicit = shapes.len();
        // One set for every shape, emptied after each: a set per shape would cost shapes x cells.
        let mut seen = CellSet::new(all.len());
        let mut sums = SumCheck::new(self.symbols.values());
        for (si, (name, kind, poss, rule)) in self.shapes.iter().enumerate() {
            let mut cells = Vec::with_capacity(poss.len());
            let mut ok = true;
            if poss.is_empty() {
                issues.push(BuildIssue {
                    part: Part::Shape(si),
                    error: ModelError::EmptyShape {
                        shape: name.clone(),
                    },
                });
                continue;
            }
            for &p in poss {
                match index.get(&p) {
                    None => {
                        issues.push(BuildIssue {
                            part: Part::Shape(si),
                            error: ModelError::NoSuchCell {
                                shape: name.clone(),
                                pos: p,
                            },
                        });
                        ok = false;
                    }
                    Some(&c) => {
                        if !seen.insert(c) {
                            issues.push(BuildIssue {
                                part: Part::Shape(si),
                                error: ModelError::RepeatedCell {
                                    shape: name.clone(),
                                    pos: p,
                                },
                            });
                            ok = false;
                        }
                        cells.push(c);
                    }
                }
            }
            for &c in &cells {
                seen.remove(c);
            }
            if let Rule::Sum { total, distinct } = *rule {
                if !sums.reachable(cells.len(), total, distinct) {
                    issues.push(BuildIssue {
                        part: Part::Shape(si),
                        error: ModelError::ImpossibleSum {
                            shape: name.clone(),
                            cells: cells.len(),
                            kind: if distinct {
                                "distinct symbols"
                            } else {
                                "symbols"
                            },
                            total,
                        },
                    });
                    ok = false;
                }
            }
            if ok {
                shapes.push(Shape {
                    name: name.clone(),
                    kind: *kind,
                    grid: None,
                    number: si as u32 + 1,
                    cells,
                    rule: *rule,
                });
            }
        }
        for (i, s) in shapes.iter().enumerate() {
            if s.is_no_repeat() && s.cells.len() > n {
                // Explicit shapes come after every grid's shapes and keep their 1-based builder
                // index in `number`.
                let part = if i >= first_explicit {
                    Part::Shape(s.number as usize - 1)
                } else {
                    match s.grid {
                        Some(g) => Part::Grid(g),
                        None if self.grids.len() == 1 => Part::Grid(0),
                        None => Part::Whole,
                    }
                };
                issues.push(BuildIssue {
                    part,
                    error: ModelError::ShapeTooLarge {
                        shape: s.name.clone(),
                        cells: s.cells.len(),
                        symbols: n,
                    },
                });
            }
        }
        if !issues.is_empty() {
            return Err(issues);
        }
        Ok(Geometry::compile(
            self.name.clone(),
            self.description.clone(),
            self.symbols.clone(),
            self.grids.clone(),
            all,
            rows,
            cols,
            shapes,
        ))
    }
}

/// Whether `k` symbols with some values (distinct or not) can add up to a total, for
/// authoring errors (a cage whose sum cannot be made). Exact while the sets of reachable sums
/// stay small, bounds beyond; what it learns is kept for the next cage, so a file with
/// thousands of cages costs one search, not one per cage.
pub(crate) struct SumCheck<'v> {
    values: &'v [i64],
    /// Every reachable (count, sum) of distinct values; `None` until needed, and empty when
    /// there were too many to list (bounds are used then).
    distinct: Option<std::collections::HashSet<(usize, i64)>>,
    /// Sums of exactly `k` values with repetition, for k = 0, 1, ... as far as computed.
    repeated: Vec<std::collections::BTreeSet<i64>>,
    /// Work left for listing repeated sums (sums tried); past it, bounds are used.
    budget: usize,
}

impl<'v> SumCheck<'v> {
    /// Most (count, sum) states listed for distinct values.
    const DISTINCT_STATES: usize = 1 << 18;
    /// Most sums tried while listing sums with repetition, over every count together.
    const REPEATED_SUMS: usize = 1 << 22;

    pub(crate) fn new(values: &'v [i64]) -> Self {
        SumCheck {
            values,
            distinct: None,
            repeated: vec![[0].into()],
            budget: Self::REPEATED_SUMS,
        }
    }

    fn bounds(&self, k: usize, total: i64) -> bool {
        let k = k as i128;
        let lo = k * self.values.iter().min().copied().unwrap_or(0) as i128;
        let hi = k * self.values.iter().max().copied().unwrap_or(0) as i128;
        (lo..=hi).contains(&(total as i128))
    }

    pub(crate) fn reachable(&mut self, k: usize, total: i64, distinct: bool) -> bool {
        if k == 0 {
            return total == 0;
        }
        if !distinct {
            while self.repeated.len() <= k {
                let last = &self.repeated[self.repeated.len() - 1];
                let work = last.len().saturating_mul(self.values.len());
                if work > self.budget {
                    break;
                }
                self.budget -= work;
                let next = last
                    .iter()
                    .flat_map(|s| self.values.iter().map(move |v| s.saturating_add(*v)))
                    .collect();
                self.repeated.push(next);
            }
            return match self.repeated.get(k) {
                Some(set) => set.contains(&total),
                None => self.bounds(k, total),
            };
        }
        if k > self.values.len() {
            return false;
        }
        let values = self.values;
        let states = self.distinct.get_or_insert_with(|| {
            let mut states: std::collections::HashSet<(usize, i64)> = [(0, 0)].into();
            for &v in values {
                let add: Vec<(usize, i64)> = states
                    .iter()
                    .map(|&(c, s)| (c + 1, s.saturating_add(v)))
                    .collect();
                states.extend(add);
                if states.len() > Self::DISTINCT_STATES {
                    return Default::default();
                }
            }
            states
        });
        if states.is_empty() {
            return self.bounds(k, total);
        }
        states.contains(&(k, total))
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
    /// True when the geometry is one square grid whose top-left is r1c1 (so a puzzle is one
    /// line of size*size characters).
    pub fn is_single_grid(&self) -> bool {
        self.grids.len() == 1
            && self.grids[0].at == Pos::new(1, 1)
            && self.cells.len() == (self.grids[0].size * self.grids[0].size) as usize
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
    use super::*;

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
