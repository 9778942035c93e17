//! Linear sums with coefficients: `Σ coef · value = total` over distinct cells. Arrows (the
//! circle's digits weighted 100, 10, 1 against the body's -1), double arrows (ends +1, cells
//! between -1) and little killer diagonals (all +1) are this one rule. Bounds first: each
//! term's contribution must leave the others able to reach the total; then, for short sums,
//! every candidate is checked for a support by enumeration, which finds what bounds miss
//! (a 2-cell arrow summing to a 3 in its circle: the body is 1 and 2, never 3 and 0).

use super::propagator::{Contradiction, Domains, Narrowed, Propagator};

/// The most terms whose supports are computed exactly; longer sums are pruned by bounds.
const MAX_TERMS: usize = 64;

/// One linear sum.
#[derive(Debug, Clone)]
pub(super) struct Linear {
    terms: Vec<(u32, i64)>,
    total: i64,
}

impl Linear {
    /// `Σ coef · value(cell) = total` over `terms` (each cell once).
    pub(super) fn new(terms: Vec<(u32, i64)>, total: i64) -> Linear {
        Linear { terms, total }
    }

    /// The smallest and largest contribution of a term with candidates `x`.
    fn range(d: &Domains<'_>, x: u64, coef: i64) -> (i64, i64) {
        let (lo, hi) = d.values().min_max(x);
        if coef >= 0 {
            (coef * lo, coef * hi)
        } else {
            (coef * hi, coef * lo)
        }
    }

    fn bounds(&self, d: &mut Domains<'_>) -> Narrowed {
        let (mut lo_sum, mut hi_sum) = (0i64, 0i64);
        for &(c, k) in &self.terms {
            let (lo, hi) = Self::range(d, d.get(c), k);
            lo_sum += lo;
            hi_sum += hi;
        }
        if self.total < lo_sum || self.total > hi_sum {
            return Err(Contradiction);
        }
        let mut changed = false;
        for &(c, k) in &self.terms {
            let x = d.get(c);
            let (lo, hi) = Self::range(d, x, k);
            let (min_c, max_c) = (self.total - (hi_sum - hi), self.total - (lo_sum - lo));
            if lo >= min_c && hi <= max_c {
                continue;
            }
            let keep = mask_where(d, x, |v| (min_c..=max_c).contains(&(k * v)));
            changed |= d.keep(c, keep)?;
            // The sums are stale now; the loop runs the propagator again.
        }
        Ok(changed)
    }

    /// Keeps the candidates some full assignment of the terms supports (distinctness aside),
    /// by the partial sums each prefix can reach (forward) and from which the total can still
    /// be reached (backward), each a bit set over a window of 128 sums. `None` when the sums
    /// do not fit the window or there are too many terms: bounds alone prune then.
    fn supports(&self, d: &mut Domains<'_>) -> Option<Narrowed> {
        let n = self.terms.len();
        if n > MAX_TERMS {
            return None;
        }
        // The lowest and highest partial sum any prefix can reach: the window's ends.
        let (mut lo, mut hi, mut base, mut top) = (0i64, 0i64, 0i64, 0i64);
        for &(c, k) in &self.terms {
            let (a, b) = Self::range(d, d.get(c), k);
            lo += a;
            hi += b;
            base = base.min(lo);
            top = top.max(hi);
        }
        if top - base >= 128 || self.total < base || self.total > top {
            return None;
        }
        let shift = |set: u128, by: i64| -> u128 {
            match by {
                0 => set,
                1..=127 => set << by,
                -127..=-1 => set >> -by,
                _ => 0,
            }
        };
        let mut fwd = [0u128; MAX_TERMS + 1];
        fwd[0] = 1 << (-base);
        for (i, &(c, k)) in self.terms.iter().enumerate() {
            let mut xs = d.get(c);
            let mut out = 0;
            while xs != 0 {
                let b = xs & xs.wrapping_neg();
                xs ^= b;
                out |= shift(fwd[i], k * d.values().of_bit(b));
            }
            fwd[i + 1] = out;
        }
        let mut back: u128 = 1 << (self.total - base);
        if fwd[n] & back == 0 {
            return Some(Err(Contradiction));
        }
        let mut changed = false;
        for i in (0..n).rev() {
            let (c, k) = self.terms[i];
            let (mut keep, mut before) = (0u64, 0u128);
            let mut xs = d.get(c);
            while xs != 0 {
                let b = xs & xs.wrapping_neg();
                xs ^= b;
                let step = k * d.values().of_bit(b);
                if shift(fwd[i], step) & back != 0 {
                    keep |= b;
                    before |= shift(back, -step);
                }
            }
            match d.keep(c, keep) {
                Ok(ch) => changed |= ch,
                Err(e) => return Some(Err(e)),
            }
            back = before & fwd[i];
        }
        Some(Ok(changed))
    }
}

impl Propagator for Linear {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        let changed = self.bounds(d)?;
        match self.supports(d) {
            Some(r) => Ok(r? | changed),
            None => Ok(changed),
        }
    }
}

/// The candidates of `x` whose value passes `ok`.
pub(super) fn mask_where(d: &Domains<'_>, x: u64, ok: impl Fn(i64) -> bool) -> u64 {
    let mut m = x;
    let mut out = 0;
    while m != 0 {
        let b = m & m.wrapping_neg();
        m ^= b;
        if ok(d.values().of_bit(b)) {
            out |= b;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::propagator::Values;

    #[test]
    fn an_arrow_into_a_three_leaves_one_and_two() {
        let values = Values::new(&(1..=9).collect::<Vec<i64>>());
        // circle = a + b, circle narrowed to 3.
        let arrow = Linear::new(vec![(0, 1), (1, -1), (2, -1)], 0);
        let (mut cells, mut queue) = (vec![0b100, 0x1ff, 0x1ff], Vec::new());
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(arrow.propagate(&mut d), Ok(true));
        assert_eq!(cells, vec![0b100, 0b11, 0b11]);
        let (mut cells, mut queue) = (vec![0b1, 0x1ff, 0x1ff], Vec::new());
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(arrow.propagate(&mut d), Err(Contradiction));
    }
}
