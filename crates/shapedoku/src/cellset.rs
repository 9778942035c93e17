//! Sets of cells of one geometry, as bitsets over cell indices.
//!
//! ```
//! use shapedoku::CellSet;
//! let mut a = CellSet::new(100);
//! a.insert(3);
//! a.insert(70);
//! let b = CellSet::from_cells(100, [70, 71]);
//! assert_eq!(a.intersection(&b).iter().collect::<Vec<_>>(), vec![70]);
//! assert!(!a.is_subset(&b));
//! ```

use std::fmt;

/// A set of cell indices (`0..capacity`) of one geometry.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct CellSet {
    words: Vec<u64>,
}

impl CellSet {
    /// An empty set able to hold cells `0..capacity`.
    pub fn new(capacity: usize) -> Self {
        CellSet {
            words: vec![0; capacity.div_ceil(64).max(1)],
        }
    }
    /// A set holding the given cells.
    pub fn from_cells(capacity: usize, cells: impl IntoIterator<Item = usize>) -> Self {
        let mut s = Self::new(capacity);
        for c in cells {
            s.insert(c);
        }
        s
    }
    /// Adds a cell; returns whether it was new.
    pub fn insert(&mut self, c: usize) -> bool {
        let (w, b) = (c / 64, 1u64 << (c % 64));
        let new = self.words[w] & b == 0;
        self.words[w] |= b;
        new
    }
    /// Removes a cell; returns whether it was present.
    pub fn remove(&mut self, c: usize) -> bool {
        let (w, b) = (c / 64, 1u64 << (c % 64));
        let had = self.words[w] & b != 0;
        self.words[w] &= !b;
        had
    }
    /// Whether the cell is in the set.
    pub fn contains(&self, c: usize) -> bool {
        self.words
            .get(c / 64)
            .is_some_and(|w| w & (1u64 << (c % 64)) != 0)
    }
    /// Number of cells.
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }
    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }
    /// Cells in both sets.
    pub fn intersection(&self, o: &CellSet) -> CellSet {
        CellSet {
            words: self
                .words
                .iter()
                .zip(&o.words)
                .map(|(a, b)| a & b)
                .collect(),
        }
    }
    /// Cells in either set.
    pub fn union(&self, o: &CellSet) -> CellSet {
        CellSet {
            words: self
                .words
                .iter()
                .zip(&o.words)
                .map(|(a, b)| a | b)
                .collect(),
        }
    }
    /// Cells of `self` not in `o`.
    pub fn difference(&self, o: &CellSet) -> CellSet {
        CellSet {
            words: self
                .words
                .iter()
                .zip(&o.words)
                .map(|(a, b)| a & !b)
                .collect(),
        }
    }
    /// Adds every cell of `o`.
    pub fn union_with(&mut self, o: &CellSet) {
        for (a, b) in self.words.iter_mut().zip(&o.words) {
            *a |= b;
        }
    }
    /// Whether every cell of `self` is in `o`.
    pub fn is_subset(&self, o: &CellSet) -> bool {
        self.words.iter().zip(&o.words).all(|(a, b)| a & !b == 0)
    }
    /// Whether the sets share a cell.
    pub fn intersects(&self, o: &CellSet) -> bool {
        self.words.iter().zip(&o.words).any(|(a, b)| a & b != 0)
    }
    /// The cells in increasing index order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let t = w.trailing_zeros() as usize;
                w &= w - 1;
                Some(i * 64 + t)
            })
        })
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}
