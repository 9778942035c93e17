//! The reasoning state: placed values and pencil-mark candidates per cell.

use crate::cellset::CellSet;
use crate::geometry::Geometry;
use crate::puzzle::Puzzle;
use crate::symbols::SymbolSet;
use std::sync::Arc;

/// Values placed so far and the candidates left in every cell. Placing a value removes it from
/// the cell's peers at once (as people do with pencil marks); every other change is a
/// [`super::Step`].
#[derive(Debug, Clone)]
pub struct Board {
    geometry: Arc<Geometry>,
    values: Vec<Option<u8>>,
    cands: Vec<SymbolSet>,
}

impl Board {
    /// The board of a puzzle: givens placed, candidates of every other cell filled in.
    pub fn new(puzzle: &Puzzle) -> Self {
        let g = puzzle.geometry().clone();
        let all = g.symbols().all();
        let mut b = Board {
            values: vec![None; g.cell_count()],
            cands: vec![all; g.cell_count()],
            geometry: g,
        };
        for (c, v) in puzzle.givens().iter().enumerate() {
            if let Some(v) = *v {
                b.place(c, v);
            }
        }
        b
    }

    /// The geometry.
    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }
    /// The placed value of a cell.
    pub fn value(&self, cell: usize) -> Option<u8> {
        self.values[cell]
    }
    /// All placed values.
    pub fn values(&self) -> &[Option<u8>] {
        &self.values
    }
    /// Candidates of a cell (the placed value alone for a placed cell).
    pub fn candidates(&self, cell: usize) -> SymbolSet {
        self.cands[cell]
    }
    /// Whether every cell has a value.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(Option::is_some)
    }
    /// Whether some empty cell has no candidate left (the board is contradictory).
    pub fn is_broken(&self) -> bool {
        self.values
            .iter()
            .zip(&self.cands)
            .any(|(v, c)| v.is_none() && c.is_empty())
    }
    /// Number of empty cells.
    pub fn empty_count(&self) -> usize {
        self.values.iter().filter(|v| v.is_none()).count()
    }

    /// Places a value and removes it from the candidates of the cell's peers.
    pub fn place(&mut self, cell: usize, v: u8) {
        self.values[cell] = Some(v);
        self.cands[cell] = SymbolSet::single(v);
        let g = self.geometry.clone();
        for &p in g.peers(cell) {
            self.cands[p as usize] = self.cands[p as usize].without(v);
        }
    }

    /// Removes a candidate; returns whether it was there.
    pub fn eliminate(&mut self, cell: usize, v: u8) -> bool {
        let had = self.cands[cell].contains(v) && self.values[cell].is_none();
        if had {
            self.cands[cell] = self.cands[cell].without(v);
        }
        had
    }

    /// Sets a cell's candidates directly (for loading positions with pencil marks removed).
    pub fn set_candidates(&mut self, cell: usize, s: SymbolSet) {
        self.cands[cell] = s;
    }

    /// Applies a step's placements and eliminations.
    pub fn apply(&mut self, step: &super::Step) {
        for &(c, v) in &step.eliminations {
            self.eliminate(c, v);
        }
        for &(c, v) in &step.placements {
            if self.values[c].is_none() {
                self.place(c, v);
            }
        }
    }

    /// Empty cells of a shape that still have `v` as a candidate.
    pub fn places(&self, shape: usize, v: u8) -> CellSet {
        let g = &self.geometry;
        CellSet::from_cells(
            g.cell_count(),
            g.shape(shape)
                .cells
                .iter()
                .copied()
                .filter(|&c| self.values[c].is_none() && self.cands[c].contains(v)),
        )
    }

    /// Whether `v` is already placed somewhere in a shape.
    pub fn has_placed(&self, shape: usize, v: u8) -> bool {
        self.geometry.shape(shape).cells.iter().any(|&c| self.values[c] == Some(v))
    }

    /// Empty cells of a shape.
    pub fn empty_cells(&self, shape: usize) -> impl Iterator<Item = usize> + '_ {
        self.geometry
            .shape(shape)
            .cells
            .iter()
            .copied()
            .filter(|&c| self.values[c].is_none())
    }
}
