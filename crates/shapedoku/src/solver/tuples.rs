//! A `relation` rule: its cells, in order, hold one of the listed value tuples
//! ([`crate::constraint::Laws::Tuples`]). Each tuple becomes one candidate mask per cell (the
//! symbols worth that value), and one pass keeps in each cell only the candidates of the
//! tuples that every cell's candidates still fit. That pass is complete for a single table:
//! a tuple that fits before it still fits after it, since it removes nothing such a tuple
//! uses.

use super::propagator::{Contradiction, Domains, Narrowed, Propagator, Why};

use crate::constraint::RELATION_MAX_CELLS as MAX_CELLS;

/// The compiled relation.
#[derive(Debug, Clone)]
pub(super) struct Tuples {
    cells: Vec<u32>,
    /// Tuple `t`'s mask for cell `i` at `masks[t * cells.len() + i]`.
    masks: Vec<u64>,
}

impl Tuples {
    /// The relation on `cells` allowing `tuples` (one value per cell), with `values[s]`
    /// symbol `s`'s value. A tuple naming a value no symbol has can never hold and is left
    /// out, as is one of the wrong length.
    pub(super) fn new(cells: Vec<u32>, tuples: &[Vec<i64>], values: &[i64]) -> Tuples {
        let n = cells.len().min(MAX_CELLS);
        let worth = |v: i64| {
            (values.iter().enumerate())
                .filter(|&(_, &x)| x == v)
                .fold(0u64, |m, (s, _)| m | 1 << s)
        };
        let mut masks = Vec::with_capacity(tuples.len() * n);
        for t in tuples.iter().filter(|t| t.len() == cells.len()) {
            let row: Vec<u64> = t.iter().take(n).map(|&v| worth(v)).collect();
            if row.iter().all(|&m| m != 0) {
                masks.extend(row);
            }
        }
        Tuples {
            cells: cells.into_iter().take(n).collect(),
            masks,
        }
    }

    /// The tuples (their indices among the kept ones) that fit every cell's candidates.
    fn fitting(&self, d: &Domains<'_>) -> Vec<u32> {
        let n = self.cells.len();
        (self.masks.chunks_exact(n).enumerate())
            .filter(|(_, row)| (row.iter().zip(&self.cells)).all(|(&m, &c)| d.get(c) & m != 0))
            .map(|(t, _)| t as u32)
            .collect()
    }
}

impl Propagator for Tuples {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        let n = self.cells.len();
        if n == 0 {
            return Ok(false);
        }
        let mut support = [0u64; MAX_CELLS];
        let mut any = false;
        for row in self.masks.chunks_exact(n) {
            if (row.iter().zip(&self.cells)).all(|(&m, &c)| d.get(c) & m != 0) {
                any = true;
                for (s, &m) in support.iter_mut().zip(row) {
                    *s |= m;
                }
            }
        }
        if !any {
            return Err(Contradiction);
        }
        let mut changed = false;
        for (i, &c) in self.cells.iter().enumerate() {
            let keep = support[i];
            if d.get(c) & keep != d.get(c) {
                // Named only for the reasoner: the search builds no reason.
                let fitting = d.explaining_now().then(|| self.fitting(d));
                changed |= d.keep_because(c, keep, move || Why::RelationTuples {
                    fitting: fitting.unwrap_or_default(),
                })?;
            }
        }
        Ok(changed)
    }
}
