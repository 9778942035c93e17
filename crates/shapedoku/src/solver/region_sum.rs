//! Region sum lines: the line's run inside each box adds up to the same total. The common total
//! lies within every run's bounds; each cell then keeps the values that leave its run able to
//! reach that range.

use super::linear::mask_where;
use super::propagator::{Contradiction, Domains, Narrowed, Propagator};
use std::ops::Range;

/// One region sum line: its cells and its runs (index ranges into `cells`).
#[derive(Debug, Clone)]
pub(super) struct RegionSum {
    cells: Vec<u32>,
    runs: Vec<Range<usize>>,
}

impl RegionSum {
    pub(super) fn new(cells: Vec<u32>, runs: Vec<Range<usize>>) -> RegionSum {
        RegionSum { cells, runs }
    }

    fn run_bounds(&self, d: &Domains<'_>, r: &Range<usize>) -> (i64, i64) {
        self.cells[r.clone()].iter().fold((0, 0), |(lo, hi), &c| {
            let (a, b) = d.values().min_max(d.get(c));
            (lo + a, hi + b)
        })
    }
}

impl Propagator for RegionSum {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        if self.runs.len() < 2 {
            return Ok(false);
        }
        let (mut t_lo, mut t_hi) = (i64::MIN, i64::MAX);
        for r in &self.runs {
            let (lo, hi) = self.run_bounds(d, r);
            t_lo = t_lo.max(lo);
            t_hi = t_hi.min(hi);
        }
        if t_lo > t_hi {
            return Err(Contradiction);
        }
        let mut changed = false;
        for r in &self.runs {
            let (lo, hi) = self.run_bounds(d, r);
            for &c in &self.cells[r.clone()] {
                let x = d.get(c);
                let (a, b) = d.values().min_max(x);
                // The rest of the run adds between lo - a and hi - b.
                let (min_v, max_v) = (t_lo - (hi - b), t_hi - (lo - a));
                if a < min_v || b > max_v {
                    changed |= d.keep(c, mask_where(d, x, |v| (min_v..=max_v).contains(&v)))?;
                }
            }
        }
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::propagator::Values;

    #[test]
    fn a_single_cell_run_of_two_caps_a_two_cell_run() {
        let values = Values::new(&(1..=9).collect::<Vec<i64>>());
        let l = RegionSum::new(vec![0, 1, 2], vec![0..1, 1..3]);
        let (mut cells, mut queue) = (vec![0x1ff, 0x1ff, 0x1ff], Vec::new());
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(l.propagate(&mut d), Ok(true));
        // The single cell is at least 2; each of the pair at most 8.
        assert_eq!(cells, vec![0x1fe, 0xff, 0xff]);
    }
}
