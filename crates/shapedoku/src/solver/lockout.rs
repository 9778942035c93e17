//! Lockout lines: for each pair of values the two ends can hold, at least the difference
//! apart, the cells between may only hold values outside the range from one end to the
//! other. A pair is kept when every cell between still has such a value; each end keeps the
//! values of some kept pair, and each cell between the values outside some kept pair's range
//! ([`Why::LockoutRange`]). The cells between are independent once the ends are fixed, so
//! this is exact for the line taken alone. Nothing is allocated per call.

use super::propagator::{Contradiction, Domains, Narrowed, Propagator, Values, Why};

/// A compiled lockout line.
#[derive(Debug, Clone)]
pub(super) struct Lockout {
    ends: [u32; 2],
    between: Vec<u32>,
    difference: i64,
    values: Vec<i64>,
    /// `outside[a * n + b]`: the symbols whose values lie below both or above both of the
    /// values of symbols `a` and `b`.
    outside: Vec<u64>,
}

impl Lockout {
    /// The line `cells` (at least two) whose ends differ by at least `difference`.
    pub(super) fn new(cells: &[u32], difference: i64, values: &Values) -> Lockout {
        let v = values.all().to_vec();
        let n = v.len();
        let mut outside = vec![0u64; n * n];
        for a in 0..n {
            for b in 0..n {
                let (lo, hi) = (v[a].min(v[b]), v[a].max(v[b]));
                outside[a * n + b] = (v.iter().enumerate())
                    .filter(|&(_, &x)| x < lo || x > hi)
                    .fold(0u64, |m, (s, _)| m | 1 << s);
            }
        }
        Lockout {
            ends: [cells[0], cells[cells.len() - 1]],
            between: cells[1..cells.len() - 1].to_vec(),
            difference,
            values: v,
            outside,
        }
    }
}

impl Propagator for Lockout {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        let n = self.values.len();
        let (m0, m1) = (d.get(self.ends[0]), d.get(self.ends[1]));
        let (mut keep0, mut keep1, mut free) = (0u64, 0u64, 0u64);
        let mut a = m0;
        while a != 0 {
            let s = a.trailing_zeros() as usize;
            a &= a - 1;
            let mut b = m1;
            while b != 0 {
                let t = b.trailing_zeros() as usize;
                b &= b - 1;
                if (self.values[s] - self.values[t]).abs() < self.difference {
                    continue;
                }
                let out = self.outside[s * n + t];
                if self.between.iter().all(|&c| d.get(c) & out != 0) {
                    keep0 |= 1 << s;
                    keep1 |= 1 << t;
                    free |= out;
                }
            }
        }
        if keep0 == 0 {
            return Err(Contradiction);
        }
        let ends = self.ends;
        let why = || Why::LockoutRange { ends };
        let mut changed = d.keep_because(ends[0], keep0, why)?;
        changed |= d.keep_because(ends[1], keep1, why)?;
        for &c in &self.between {
            changed |= d.keep_because(c, free, why)?;
        }
        Ok(changed)
    }
}
