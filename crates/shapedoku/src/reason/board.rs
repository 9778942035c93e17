//! The reasoning state: placed values and pencil-mark candidates per cell.

use super::memo::{Memory, Memos};
use crate::candidates::CandidateGrid;
use crate::cellset::CellSet;
use crate::geometry::{Geometry, ShapeTables};
use crate::puzzle::Puzzle;
use crate::symbols::SymbolSet;
use std::sync::Arc;

/// Tables the techniques share, computed once per geometry when a board is made (never per
/// step). The houses, no-repeat shapes, shape-overlap pairs and houses of each cell come from
/// the geometry's shared [`ShapeTables`] (reached through `Deref`, so `tables.overlaps` works);
/// the rest are the reasoner's own.
#[derive(Debug)]
pub(crate) struct Tables {
    shared: Arc<ShapeTables>,
    /// Peers of each cell as bitsets over cells (`cell_count().div_ceil(64)` words per cell),
    /// for chains.
    pub(crate) peer_bits: Vec<u64>,
    /// Words per cell in `peer_bits`.
    pub(crate) peer_words: usize,
    /// Words per cell in `peer_houses`.
    pub(crate) house_words: usize,
    /// For each cell, the houses through its peers, as bits over house indices
    /// (`house_words` words per cell): where a placement may make a hidden single.
    pub(crate) peer_houses: Vec<u64>,
    /// Each house's cells as bits over the cells (`peer_words` words per house, by house
    /// index): unions and overlaps of houses in a few word operations, for the fish search.
    pub(crate) house_bits: Vec<u64>,
    /// Whether each house lists its cells in increasing order (then its first cell in a set
    /// is the set's lowest bit).
    pub(crate) house_sorted: Vec<bool>,
}

impl std::ops::Deref for Tables {
    type Target = ShapeTables;
    fn deref(&self) -> &ShapeTables {
        &self.shared
    }
}

impl Tables {
    /// Whether cells `a` and `b` are peers (one bit of `peer_bits`: the geometry's sorted
    /// peer lists answer the same by a search, and the techniques ask this in their inner
    /// loops).
    #[inline]
    pub(crate) fn sees(&self, a: usize, b: usize) -> bool {
        self.peer_bits[a * self.peer_words + b / 64] >> (b % 64) & 1 == 1
    }

    fn new(g: &Geometry) -> Tables {
        let shared = g.tables().clone();
        let houses = &shared.houses;
        let cell_houses = &shared.cell_houses;
        let nc = g.cell_count();
        let h = houses.len();
        let peer_words = nc.div_ceil(64);
        let mut peer_bits = vec![0u64; nc * peer_words];
        for c in 0..nc {
            for &p in g.peers(c) {
                peer_bits[c * peer_words + p as usize / 64] |= 1 << (p % 64);
            }
        }
        let house_words = h.div_ceil(64);
        let mut peer_houses = vec![0u64; nc * house_words];
        for c in 0..nc {
            for &p in g.peers(c) {
                for &i in &cell_houses[p as usize] {
                    peer_houses[c * house_words + i as usize / 64] |= 1 << (i % 64);
                }
            }
        }
        let mut house_bits = vec![0u64; h * peer_words];
        let mut house_sorted = Vec::with_capacity(h);
        for (i, &a) in houses.iter().enumerate() {
            let cells = &g.shape(a).cells;
            for &c in cells {
                house_bits[i * peer_words + c / 64] |= 1 << (c % 64);
            }
            house_sorted.push(cells.is_sorted());
        }
        Tables {
            shared,
            peer_bits,
            peer_words,
            house_words,
            peer_houses,
            house_bits,
            house_sorted,
        }
    }

    /// House `i`'s cells as bits over the cells.
    #[inline]
    pub(crate) fn house_bits(&self, i: usize) -> &[u64] {
        &self.house_bits[i * self.peer_words..(i + 1) * self.peer_words]
    }
}

/// Values placed so far and the candidates left in every cell. Placing a value removes it from
/// the cell's peers at once (as people do with pencil marks); every other change is a
/// [`super::step::Step`].
///
/// The methods that take a raw cell index, shape index or symbol index are the techniques'
/// fast path and panic on one outside the board's geometry; a board made from a [`Puzzle`]
/// hands out only valid ones.
#[derive(Debug, Clone)]
pub struct Board {
    geometry: Arc<Geometry>,
    tables: Arc<Tables>,
    values: Vec<Option<u8>>,
    cands: Vec<SymbolSet>,
    /// What the searches remember on this board's line of play (see [`Memos`]).
    memos: Memos,
    /// Whether the puzzle is known to have exactly one solution (what the uniqueness
    /// techniques rest on).
    known_unique: bool,
    /// The puzzle's givens, one bit per cell: a value placed later may be swapped in an
    /// avoidable rectangle, a given may not. Shared, since it never changes along a solve.
    givens: Arc<[u64]>,
}

/// The givens of a puzzle as bits over its cells.
fn given_bits(puzzle: &Puzzle) -> Arc<[u64]> {
    let mut bits = vec![0u64; puzzle.givens().len().div_ceil(64)];
    for (c, v) in puzzle.givens().iter().enumerate() {
        if v.is_some() {
            bits[c / 64] |= 1 << (c % 64);
        }
    }
    bits.into()
}

impl Board {
    /// The board of a puzzle: givens placed, candidates of every other cell filled in.
    pub fn new(puzzle: &Puzzle) -> Self {
        let g = puzzle.geometry().clone();
        let all = g.symbols().all();
        let mut b = Board {
            values: vec![None; g.cell_count()],
            cands: vec![all; g.cell_count()],
            tables: Arc::new(Tables::new(&g)),
            geometry: g,
            known_unique: false,
            givens: given_bits(puzzle),
            memos: Memos::default(),
        };
        b.place_givens(puzzle);
        b
    }

    /// Places a puzzle's givens and narrows the other cells to the puzzle's starting
    /// candidates.
    fn place_givens(&mut self, puzzle: &Puzzle) {
        for (c, v) in puzzle.givens().iter().enumerate() {
            if let Some(v) = *v {
                self.place(c, v);
            }
        }
        if let Some(sets) = puzzle.narrowed() {
            for (c, &s) in sets.iter().enumerate() {
                if self.values[c].is_none() {
                    self.cands[c] = self.cands[c].intersect(s);
                }
            }
        }
    }

    /// The board of a candidate grid: its placed values, and every other cell's candidates as
    /// written, less those a placed peer rules out.
    pub fn from_candidates(grid: &CandidateGrid) -> Self {
        let mut b = Board::new(&grid.puzzle);
        for (c, &s) in grid.candidates.iter().enumerate() {
            if b.values[c].is_none() {
                b.cands[c] = b.cands[c].intersect(s);
            }
        }
        b
    }

    /// Every cell's candidates, a placed cell holding its value alone (what
    /// [`crate::candidates::write`] takes).
    pub fn candidate_sets(&self) -> Vec<SymbolSet> {
        self.values
            .iter()
            .zip(&self.cands)
            .map(|(v, &s)| v.map_or(s, SymbolSet::single))
            .collect()
    }

    /// Records whether the puzzle is known to have exactly one solution. The uniqueness
    /// techniques (unique rectangles, BUG+1) run only on a board marked so: on a puzzle with
    /// several solutions their premise is false and they would remove true candidates. Mark a
    /// board only after proving uniqueness (as [`super::solve`] and the command line do).
    pub fn set_known_unique(&mut self, unique: bool) {
        self.known_unique = unique;
    }
    /// Whether the puzzle is known to have exactly one solution.
    pub fn is_known_unique(&self) -> bool {
        self.known_unique
    }
    /// Whether `cell` holds one of the puzzle's givens (a value placed since, by a step or
    /// [`Board::place`], is not one; on a board made from a candidate grid every placed
    /// value counts as given).
    pub fn is_given(&self, cell: usize) -> bool {
        self.givens[cell / 64] >> (cell % 64) & 1 == 1
    }
    /// The geometry.
    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }
    /// The memo of type `T` on this board, made empty on first use: what a search remembers
    /// between calls on this board's line of play.
    pub(crate) fn memo<T: Memory>(&self) -> &T {
        self.memos.get()
    }
    /// The per-geometry tables the techniques use.
    pub(crate) fn tables(&self) -> &Tables {
        &self.tables
    }
    /// A board for another puzzle of the same geometry, reusing this board's tables (so a batch
    /// computes them once).
    pub fn with_puzzle(&self, puzzle: &Puzzle) -> Board {
        let all = self.geometry.symbols().all();
        let mut b = Board {
            geometry: self.geometry.clone(),
            tables: self.tables.clone(),
            values: vec![None; self.geometry.cell_count()],
            cands: vec![all; self.geometry.cell_count()],
            known_unique: false,
            givens: given_bits(puzzle),
            memos: Memos::default(),
        };
        b.place_givens(puzzle);
        b
    }
    /// Makes this board a copy of `other` (same geometry) without allocating, for trying
    /// assumptions on a scratch board.
    pub fn copy_from(&mut self, other: &Board) {
        self.values.clone_from(&other.values);
        self.cands.clone_from(&other.cands);
        self.known_unique = other.known_unique;
        self.givens = other.givens.clone();
    }
    /// The placed value of a cell.
    pub fn value(&self, cell: usize) -> Option<u8> {
        self.values[cell]
    }
    /// All placed values.
    pub fn values(&self) -> &[Option<u8>] {
        &self.values
    }
    /// Every cell's candidates, in cell order (with the values, a key for what a search found
    /// on this state).
    pub(crate) fn candidate_grid(&self) -> &[SymbolSet] {
        &self.cands
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
        // The geometry and the candidates are separate fields: borrowing both, rather than
        // cloning the `Arc`, spares an atomic count on every placement (forcing chains make
        // many).
        for &p in self.geometry.peers(cell) {
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
    pub fn apply(&mut self, step: &super::step::Step) {
        for e in &step.eliminations {
            self.eliminate(e.cell_index(), e.symbol_index());
        }
        for p in &step.placements {
            if self.values[p.cell_index()].is_none() {
                self.place(p.cell_index(), p.symbol_index());
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

    /// The places for `v` in a shape as a mask over the shape's cell positions (bit i is
    /// `shape.cells[i]`): empty cells that still have `v`. Shapes have at most 64 cells here.
    pub fn place_mask(&self, shape: usize, v: u8) -> u64 {
        let mut m = 0u64;
        for (i, &c) in self.geometry.shape(shape).cells.iter().enumerate().take(64) {
            if self.values[c].is_none() && self.cands[c].contains(v) {
                m |= 1 << i;
            }
        }
        m
    }

    /// Every symbol's place mask in a shape at once (see [`Board::place_mask`]): `out[v]` for
    /// each symbol; also returns the set of symbols placed in the shape.
    pub fn place_masks(&self, shape: usize, out: &mut [u64; 64]) -> SymbolSet {
        let n = self.geometry.symbol_count();
        out[..n].fill(0);
        let mut placed = SymbolSet::EMPTY;
        for (i, &c) in self.geometry.shape(shape).cells.iter().enumerate().take(64) {
            match self.values[c] {
                Some(v) => placed = placed.with(v),
                None => {
                    for v in self.cands[c].iter() {
                        out[v as usize] |= 1 << i;
                    }
                }
            }
        }
        placed
    }

    /// Whether cells `a` and `b` are peers, from the board's tables (a bit test, where
    /// `Geometry` searches a sorted list).
    #[inline]
    pub(crate) fn sees(&self, a: usize, b: usize) -> bool {
        self.tables().sees(a, b)
    }

    /// Whether `v` is already placed somewhere in a shape.
    pub fn has_placed(&self, shape: usize, v: u8) -> bool {
        self.geometry
            .shape(shape)
            .cells
            .iter()
            .any(|&c| self.values[c] == Some(v))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtin;

    /// A house's bits are its cells, and a house's cells are sorted exactly when it says so.
    #[test]
    fn house_bits_are_the_houses_cells() {
        for name in ["classic", "samurai", "jigsaw", "x-diagonal", "16x16"] {
            let g = builtin::geometry(name).unwrap();
            let t = Tables::new(&g);
            for (i, &h) in t.houses.iter().enumerate() {
                let cells = &g.shape(h).cells;
                let bits = t.house_bits(i);
                let listed: Vec<usize> = (0..g.cell_count())
                    .filter(|&c| bits[c / 64] >> (c % 64) & 1 == 1)
                    .collect();
                let mut sorted = cells.clone();
                sorted.sort_unstable();
                assert_eq!(listed, sorted, "{name} {i}");
                assert_eq!(t.house_sorted[i], *cells == sorted, "{name} {i}");
            }
        }
    }
}
