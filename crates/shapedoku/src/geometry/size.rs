//! How large a geometry would be, counted before it is built, so limits are checked before the
//! memory they guard is allocated.

use super::GridSpec;
use crate::error::ModelError;
use crate::limits::Limits;
use crate::pos::Pos;

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
        let (height, width) = (u64::from(g.height), u64::from(g.width));
        let area = height * width;
        let mut s = Size {
            cells: area,
            rows: u64::from(g.at.row) + height.saturating_sub(1),
            cols: u64::from(g.at.col) + width.saturating_sub(1),
            ..Size::default()
        };
        let mut add = |shapes: u64, cells: u64| {
            s.shapes += shapes;
            s.shape_cells += cells;
        };
        if g.rows {
            add(height, area);
        }
        if g.columns {
            add(width, area);
        }
        if let Some((h, w)) = g
            .boxes
            .filter(|&(h, w)| h > 0 && w > 0 && g.height % h == 0 && g.width % w == 0)
        {
            add(area / (u64::from(h) * u64::from(w)), area);
        }
        if let Some(n) = g.side().filter(|_| g.diagonals) {
            let n = u64::from(n);
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
