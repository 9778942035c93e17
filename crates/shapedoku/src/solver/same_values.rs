//! Same-value sets: the cells split into sets of `size` cells, and every set holds the same
//! multiset of symbols. Two deductions, as the Interactive Sudoku Solver's `SameValues`
//! handler makes them (github.com/sigh/Interactive-Sudoku-Solver, `js/solver/handlers.js`):
//!
//! - **Values.** A symbol no cell of some set can hold is in no set: every cell keeps only the
//!   symbols every set can hold somewhere ([`Why::SameValuesAbsent`]).
//! - **Counts.** Each symbol appears as often in every set. A set whose cells are solved to it
//!   k times holds it at least k times, and a set with only k cells that can hold it at most k
//!   times; when the two meet, every set holds it exactly k times, so a set with k solved to it
//!   loses it elsewhere and a set with exactly k places fills them
//!   ([`Why::SameValuesCount`]). Counts beyond the places, or needed counts beyond a set's
//!   size, are a contradiction.
//!
//! Nothing is allocated per call unless the reasoner asks for the reasons.

use super::propagator::{Contradiction, Domains, Narrowed, Propagator, Why};
use crate::constraint::SAME_VALUES_MAX_SETS;

/// A compiled same-values rule.
#[derive(Debug, Clone)]
pub(super) struct SameValues {
    /// The sets' cells, one set after another.
    cells: Vec<u32>,
    /// The cells of each set.
    size: usize,
}

impl SameValues {
    pub(super) fn new(cells: Vec<u32>, size: usize) -> SameValues {
        SameValues { cells, size }
    }

    fn sets(&self) -> std::slice::Chunks<'_, u32> {
        self.cells.chunks(self.size)
    }

    /// The cells of the sets whose bits are set in `which`.
    fn cells_of(&self, which: u64) -> Vec<u32> {
        (self.sets().enumerate())
            .filter(|&(k, _)| which >> k & 1 == 1)
            .flat_map(|(_, s)| s.iter().copied())
            .collect()
    }
}

impl Propagator for SameValues {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        let sets = self.cells.len() / self.size;
        if self.size == 0 || sets > SAME_VALUES_MAX_SETS {
            return Err(Contradiction);
        }
        // Each set's symbols, and those every set has.
        let mut unions = [0u64; SAME_VALUES_MAX_SETS];
        let mut common = u64::MAX;
        let mut any = 0u64;
        for (k, set) in self.sets().enumerate() {
            unions[k] = set.iter().fold(0, |m, &c| m | d.get(c));
            common &= unions[k];
            any |= unions[k];
        }
        let mut changed = false;
        if any != common {
            for &c in &self.cells {
                let removed = d.get(c) & !common;
                if removed == 0 {
                    continue;
                }
                // The sets that lack one of the removed symbols.
                let lacking = (0..sets)
                    .filter(|&k| unions[k] & removed != removed)
                    .fold(0u64, |m, k| m | 1 << k);
                changed |= d.keep_because(c, common, || Why::SameValuesAbsent {
                    cells: self.cells_of(lacking),
                })?;
            }
        }
        // Counts, symbol by symbol.
        let (mut least_places, mut most_solved) = (0usize, 0usize);
        let mut rest = common;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest ^= bit;
            // The fewest places a set has for the symbol, and the most cells a set has
            // solved to it, with a set of each.
            let (mut places, mut solved) = (usize::MAX, 0usize);
            let (mut at_most, mut at_least) = (0usize, 0usize);
            for (k, set) in self.sets().enumerate() {
                let p = set.iter().filter(|&&c| d.get(c) & bit != 0).count();
                let s = set.iter().filter(|&&c| d.get(c) == bit).count();
                if p < places {
                    (places, at_most) = (p, k);
                }
                if s > solved {
                    (solved, at_least) = (s, k);
                }
            }
            if solved > places {
                return Err(Contradiction);
            }
            least_places += places;
            most_solved += solved;
            if solved != places || solved == 0 {
                continue;
            }
            // Every set holds the symbol exactly `solved` times.
            let why = || Why::SameValuesCount {
                count: solved as u32,
                held: self.cells_of(1 << at_least),
                places: self.cells_of(1 << at_most),
            };
            for set in self.sets() {
                let p = set.iter().filter(|&&c| d.get(c) & bit != 0).count();
                let s = set.iter().filter(|&&c| d.get(c) == bit).count();
                for &c in set {
                    let x = d.get(c);
                    if x & bit == 0 || x == bit {
                        continue;
                    }
                    if s == solved {
                        changed |= d.keep_because(c, !bit, why)?;
                    } else if p == solved {
                        changed |= d.keep_because(c, bit, why)?;
                    }
                }
            }
        }
        // The symbols' counts must fill a set and fit in it.
        if least_places < self.size || most_solved > self.size {
            return Err(Contradiction);
        }
        Ok(changed)
    }
}
