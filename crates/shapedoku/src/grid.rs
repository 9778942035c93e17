//! A full assignment: one symbol in every cell of a geometry, such as a solution.
//!
//! A [`Grid`] is checked against its geometry when it is made (one entry per cell, every entry
//! a symbol of the alphabet), so it can always be written out. It reads as a slice of symbol
//! indices (`grid[c]`, `&grid[..]`) for code that works on raw cells, and as [`Symbol`]s through
//! [`Grid::get`] and [`Grid::symbols`].
//!
//! ```
//! use shapedoku::{builtin, CellId, Grid, Symbol};
//! let g = builtin::geometry("4x4").unwrap();
//! let grid = Grid::from_line(g.clone(), "1234 3412 2143 4321").unwrap();
//! assert_eq!(grid.get(CellId::new(1)), Some(Symbol::new(1)));
//! assert_eq!(grid.to_line(), "1234341221434321");
//! assert!(Grid::from_line(g.clone(), "1234").is_err());
//! assert!(Grid::new(g, vec![Symbol::new(9); 16]).is_err());
//! ```

use crate::error::ModelError;
use crate::puzzle::format_line;
use crate::{CellId, Geometry, Symbol};
use std::fmt;
use std::sync::Arc;

/// One symbol per cell of a geometry (see the module documentation). Two grids are equal when
/// they hold the same symbols cell by cell.
#[derive(Clone)]
pub struct Grid {
    geometry: Arc<Geometry>,
    values: Vec<u8>,
}

impl Grid {
    /// A grid from one symbol per cell, in cell order. Fails on a wrong length or a symbol
    /// outside the alphabet.
    pub fn new(geometry: Arc<Geometry>, symbols: Vec<Symbol>) -> Result<Grid, ModelError> {
        let values = symbols.iter().map(|s| s.index().min(255) as u8).collect();
        Grid::from_indices(geometry, values)
    }

    /// A grid from one symbol index per cell, in cell order. Fails on a wrong length or an
    /// index outside the alphabet.
    pub fn from_indices(geometry: Arc<Geometry>, values: Vec<u8>) -> Result<Grid, ModelError> {
        if values.len() != geometry.cell_count() {
            return Err(ModelError::GivensLength {
                found: values.len(),
                expected: format!("the geometry has {} cells", geometry.cell_count()),
            });
        }
        let n = geometry.symbol_count();
        if let Some(c) = values.iter().position(|&v| v as usize >= n) {
            return Err(ModelError::NoSuchSymbol {
                pos: geometry.pos(c),
                symbol: values[c] as usize,
                symbols: n,
            });
        }
        Ok(Grid { geometry, values })
    }

    /// Reads a grid written in cell order, one symbol character per cell, whitespace ignored.
    /// Fails when a cell is empty or holds no symbol, or on a wrong length.
    pub fn from_line(geometry: Arc<Geometry>, text: &str) -> Result<Grid, ModelError> {
        let puzzle = crate::Puzzle::from_line(geometry, text)?;
        let g = puzzle.geometry().clone();
        let mut values = Vec::with_capacity(g.cell_count());
        for (c, v) in puzzle.givens().iter().enumerate() {
            match v {
                Some(v) => values.push(*v),
                None => {
                    return Err(ModelError::UnknownSymbol {
                        ch: '.',
                        pos: g.pos(c),
                        symbols: g.symbols().as_string(),
                    });
                }
            }
        }
        Ok(Grid {
            geometry: g,
            values,
        })
    }

    /// A grid the solver found: one in-range index per cell by construction.
    pub(crate) fn from_solver(geometry: Arc<Geometry>, values: Vec<u8>) -> Grid {
        debug_assert_eq!(values.len(), geometry.cell_count());
        Grid { geometry, values }
    }

    /// The geometry this grid fills.
    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    /// The symbol in one cell, or `None` for a cell not in the geometry.
    pub fn get(&self, cell: CellId) -> Option<Symbol> {
        self.values
            .get(cell.index())
            .map(|&v| Symbol::new(v as usize))
    }

    /// The symbols cell by cell.
    pub fn symbols(&self) -> impl Iterator<Item = Symbol> + '_ {
        self.values.iter().map(|&v| Symbol::new(v as usize))
    }

    /// The symbol indices cell by cell.
    pub fn as_indices(&self) -> &[u8] {
        &self.values
    }

    /// The symbol indices, giving up the grid.
    pub fn into_indices(self) -> Vec<u8> {
        self.values
    }

    /// The grid as one line of symbol characters in cell order.
    pub fn to_line(&self) -> String {
        let values: Vec<Option<u8>> = self.values.iter().map(|&v| Some(v)).collect();
        format_line(&self.geometry, &values)
    }
}

impl std::ops::Deref for Grid {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.values
    }
}

impl PartialEq for Grid {
    fn eq(&self, other: &Grid) -> bool {
        self.values == other.values
    }
}

impl Eq for Grid {}

impl PartialEq<[u8]> for Grid {
    fn eq(&self, other: &[u8]) -> bool {
        self.values == other
    }
}

impl PartialEq<Vec<u8>> for Grid {
    fn eq(&self, other: &Vec<u8>) -> bool {
        &self.values == other
    }
}

impl PartialOrd for Grid {
    fn partial_cmp(&self, other: &Grid) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Grid {
    fn cmp(&self, other: &Grid) -> std::cmp::Ordering {
        self.values.cmp(&other.values)
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.to_line())
    }
}

/// A grid serialises as its line of symbol characters, as the command line writes solutions.
#[cfg(feature = "serde")]
impl serde::Serialize for Grid {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_line())
    }
}
