//! Rellik cages: the cage's cells hold different symbols, and no one or more of their values
//! add up to the total. The solved cells' values make a set of sums (bit `s` for the sum `s`);
//! an open cell cannot hold a value that, with one of those sums or alone, reaches the total
//! ([`Why::RellikSums`]), nor a solved cell's symbol ([`Why::LineRepeat`]). Nothing is
//! allocated per call unless the reasoner asks for the reasons.

use super::propagator::{Contradiction, Domains, Narrowed, Propagator, Values, Why};
use crate::constraint::set_rules::subset_sums;

/// A compiled rellik cage.
#[derive(Debug, Clone)]
pub(super) struct Rellik {
    cells: Vec<u32>,
    total: i64,
    values: Vec<i64>,
}

impl Rellik {
    pub(super) fn new(cells: Vec<u32>, total: i64, values: &Values) -> Rellik {
        Rellik {
            cells,
            total,
            values: values.all().to_vec(),
        }
    }
}

impl Propagator for Rellik {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        // The symbols of the solved cells, with the cell holding each.
        let mut held = 0u64;
        let mut holder = [0u32; 64];
        for &c in &self.cells {
            let x = d.get(c);
            if x.count_ones() == 1 {
                if held & x != 0 {
                    return Err(Contradiction);
                }
                if self.values[x.trailing_zeros() as usize] < 1 {
                    // No rellik cage holds a value of 0 or less.
                    return Err(Contradiction);
                }
                held |= x;
                holder[x.trailing_zeros() as usize] = c;
            }
        }
        let solved_values = (0..64)
            .filter(|&s| held >> s & 1 == 1)
            .map(|s| self.values[s]);
        let sums = subset_sums(solved_values);
        let made = |t: i64| (1..=127).contains(&t) && sums >> t & 1 == 1;
        if made(self.total) {
            return Err(Contradiction);
        }
        // The symbols whose value reaches the total alone or added to a sum the solved cells
        // make; and those that are not positive, which no rellik cage holds.
        let bad = (self.values.iter().enumerate())
            .filter(|&(_, &v)| v < 1 || v == self.total || made(self.total - v))
            .fold(0u64, |m, (s, _)| m | 1 << s);
        let mut changed = false;
        for &c in &self.cells {
            let x = d.get(c);
            if x.count_ones() == 1 {
                continue;
            }
            let mut repeats = x & held;
            while repeats != 0 {
                let s = repeats.trailing_zeros() as usize;
                repeats &= repeats - 1;
                let cell = holder[s];
                changed |= d.keep_because(c, !(1u64 << s), || Why::LineRepeat { cell })?;
            }
            let cells = &self.cells;
            changed |= d.keep_because(c, !bad, || Why::RellikSums {
                solved: (cells.iter().copied())
                    .filter(|&o| o != c && holds_one(held, o, &holder))
                    .collect(),
            })?;
        }
        Ok(changed)
    }
}

/// Whether `cell` is the holder of one of the solved symbols `held`.
fn holds_one(held: u64, cell: u32, holder: &[u32; 64]) -> bool {
    (0..64).any(|s| held >> s & 1 == 1 && holder[s] == cell)
}
