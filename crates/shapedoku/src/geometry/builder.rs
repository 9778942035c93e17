//! [`GeometryBuilder`]: grids, cells and shapes collected, checked (every problem reported with
//! the part it is about) and compiled into a [`Geometry`].

use super::{Geometry, GridSpec, Rule, Shape, ShapeKind, Size};
use crate::cellset::CellSet;
use crate::error::ModelError;
use crate::limits::Limits;
use crate::pos::Pos;
use crate::symbols::Symbols;
use std::collections::HashMap;

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
        let all = self.canvas_cells(&mut issues);
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
        for (gi, g) in self.grids.iter().enumerate() {
            if grid_is_valid(g) {
                self.grid_shapes(gi, g, &index, &mut shapes, &mut issues);
            }
        }
        let first_explicit = shapes.len();
        // One set for every shape, emptied after each: a set per shape would cost shapes x cells.
        let mut seen = CellSet::new(all.len());
        let mut sums = SumCheck::new(self.symbols.values());
        for si in 0..self.shapes.len() {
            let shape = self.explicit_shape(si, &index, &mut seen, &mut sums, &mut issues);
            shapes.extend(shape);
        }
        self.check_shape_sizes(&shapes, first_explicit, &mut issues);
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

    /// Every grid position plus declared cells, in canvas (row-major) order; a grid with a bad
    /// size or position is reported and left out.
    fn canvas_cells(&self, issues: &mut Vec<BuildIssue>) -> Vec<Pos> {
        let mut all: Vec<Pos> = self.cells.clone();
        for (gi, g) in self.grids.iter().enumerate() {
            if !grid_is_valid(g) {
                issues.push(bad_grid(
                    gi,
                    "size must be 1 to 1024 and `at` 1-based".into(),
                ));
                continue;
            }
            all.extend(g.positions());
        }
        all.sort_unstable();
        all.dedup();
        all
    }

    /// A grid's own shapes: rows, columns, boxes, diagonals, regions, in that order.
    fn grid_shapes(
        &self,
        gi: usize,
        g: &GridSpec,
        index: &HashMap<Pos, usize>,
        shapes: &mut Vec<Shape>,
        issues: &mut Vec<BuildIssue>,
    ) {
        let multi = self.grids.len() > 1;
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
        let (height, width) = (g.height, g.width);
        if g.rows {
            for r in 0..height {
                let cells = (0..width).map(|c| cell(r, c)).collect();
                push(format!("row {}", r + 1), ShapeKind::Row, r + 1, cells);
            }
        }
        if g.columns {
            for c in 0..width {
                let cells = (0..height).map(|r| cell(r, c)).collect();
                push(format!("column {}", c + 1), ShapeKind::Column, c + 1, cells);
            }
        }
        if let Some((h, w)) = g.boxes {
            if h == 0 || w == 0 || height % h != 0 || width % w != 0 {
                let reason = format!("boxes of {h}x{w} do not tile a {height}x{width} grid");
                issues.push(bad_grid(gi, reason));
            } else {
                let per_row = width / w;
                for b in 0..(height / h) * per_row {
                    let (br, bc) = (b / per_row * h, b % per_row * w);
                    let cells = (0..h).flat_map(|r| (0..w).map(move |c| (br + r, bc + c)));
                    let cells = cells.map(|(r, c)| cell(r, c)).collect();
                    push(format!("box {}", b + 1), ShapeKind::Box, b + 1, cells);
                }
            }
        }
        if g.diagonals {
            match g.side() {
                Some(n) => {
                    let down = (0..n).map(|i| cell(i, i)).collect();
                    push("diagonal ↘".into(), ShapeKind::Diagonal, 1, down);
                    let up = (0..n).map(|i| cell(n - 1 - i, i)).collect();
                    push("diagonal ↗".into(), ShapeKind::AntiDiagonal, 2, up);
                }
                None => {
                    let reason = format!("a {height}x{width} grid has no main diagonals");
                    issues.push(bad_grid(gi, reason));
                }
            }
        }
        if let Some(map) = &g.regions {
            let want = g.cell_count();
            if map.len() != want {
                let reason = format!(
                    "the region map has {} letters but the grid has {want} cells",
                    map.len()
                );
                issues.push(bad_grid(gi, reason));
                return;
            }
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
                    .map(|(i, _)| cell(i as u32 / width, i as u32 % width))
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

    /// The `si`-th explicit shape, or `None` after reporting what is wrong with it (no cells,
    /// a cell off the canvas or repeated, a total its cells cannot make). `seen` comes in
    /// empty and goes out empty.
    fn explicit_shape(
        &self,
        si: usize,
        index: &HashMap<Pos, usize>,
        seen: &mut CellSet,
        sums: &mut SumCheck<'_>,
        issues: &mut Vec<BuildIssue>,
    ) -> Option<Shape> {
        let (name, kind, poss, rule) = &self.shapes[si];
        let mut report = |error| {
            issues.push(BuildIssue {
                part: Part::Shape(si),
                error,
            })
        };
        if poss.is_empty() {
            report(ModelError::EmptyShape {
                shape: name.clone(),
            });
            return None;
        }
        let mut cells = Vec::with_capacity(poss.len());
        let mut ok = true;
        for &p in poss {
            let Some(&c) = index.get(&p) else {
                report(ModelError::NoSuchCell {
                    shape: name.clone(),
                    pos: p,
                });
                ok = false;
                continue;
            };
            if !seen.insert(c) {
                report(ModelError::RepeatedCell {
                    shape: name.clone(),
                    pos: p,
                });
                ok = false;
            }
            cells.push(c);
        }
        for &c in &cells {
            seen.remove(c);
        }
        if let Rule::Sum { total, distinct } = *rule {
            if !sums.reachable(cells.len(), total, distinct) {
                report(ModelError::ImpossibleSum {
                    shape: name.clone(),
                    cells: cells.len(),
                    kind: if distinct {
                        "distinct symbols"
                    } else {
                        "symbols"
                    },
                    total,
                });
                ok = false;
            }
        }
        ok.then(|| Shape {
            name: name.clone(),
            kind: *kind,
            grid: None,
            number: si as u32 + 1,
            cells,
            rule: *rule,
        })
    }

    /// A no-repeat shape with more cells than symbols can never be filled.
    fn check_shape_sizes(
        &self,
        shapes: &[Shape],
        first_explicit: usize,
        issues: &mut Vec<BuildIssue>,
    ) {
        let n = self.symbols.len();
        for (i, s) in shapes.iter().enumerate() {
            if !s.is_no_repeat() || s.cells.len() <= n {
                continue;
            }
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
}

/// Whether a grid's size and position can be built at all.
fn grid_is_valid(g: &GridSpec) -> bool {
    let side_ok = |n: u32| n != 0 && n <= 1024;
    side_ok(g.height) && side_ok(g.width) && g.at.row != 0 && g.at.col != 0
}

/// An error about the `gi`-th grid.
fn bad_grid(gi: usize, reason: String) -> BuildIssue {
    BuildIssue {
        part: Part::Grid(gi),
        error: ModelError::BadGrid {
            grid: gi + 1,
            reason,
        },
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
