//! Linear sums with coefficients: `Σ coef · value = total` over distinct cells. Arrows (the
//! circle's digits weighted 100, 10, 1 against the body's -1), double arrows (ends +1, cells
//! between -1) and little killer diagonals (all +1) are this one rule. Bounds first: each
//! term's contribution must leave the others able to reach the total; then, for short sums,
//! every candidate is checked for a support by enumeration, which finds what bounds miss
//! (a 2-cell arrow summing to a 3 in its circle: the body is 1 and 2, never 3 and 0).

use super::propagator::{Contradiction, Domains, Narrowed, Propagator};

/// Enumerate supports when the product of the domain sizes is at most this.
const MAX_ENUMERATION: u64 = 4096;

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

    /// Keeps the candidates some full assignment of the terms supports; `None` when the
    /// domains are too large to enumerate.
    fn enumerate(&self, d: &mut Domains<'_>) -> Option<Narrowed> {
        let mut product = 1u64;
        for &(c, _) in &self.terms {
            product = product.saturating_mul(u64::from(d.get(c).count_ones()));
        }
        if product > MAX_ENUMERATION || self.terms.len() > 16 {
            return None;
        }
        let mut seen = [0u64; 16];
        let mut pick = [0u64; 16];
        self.walk(d, 0, 0, &mut pick, &mut seen);
        let mut changed = false;
        for (i, &(c, _)) in self.terms.iter().enumerate() {
            match d.keep(c, seen[i]) {
                Ok(ch) => changed |= ch,
                Err(e) => return Some(Err(e)),
            }
        }
        Some(Ok(changed))
    }

    fn walk(
        &self,
        d: &Domains<'_>,
        i: usize,
        sum: i64,
        pick: &mut [u64; 16],
        seen: &mut [u64; 16],
    ) {
        let Some(&(c, k)) = self.terms.get(i) else {
            if sum == self.total {
                for j in 0..self.terms.len() {
                    seen[j] |= pick[j];
                }
            }
            return;
        };
        let mut m = d.get(c);
        while m != 0 {
            let b = m & m.wrapping_neg();
            m ^= b;
            pick[i] = b;
            self.walk(d, i + 1, sum + k * d.values().of_bit(b), pick, seen);
        }
    }
}

impl Propagator for Linear {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        let changed = self.bounds(d)?;
        match self.enumerate(d) {
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
