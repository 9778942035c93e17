//! Linear sums with coefficients: `Σ coef · value = total` over distinct cells. Arrows (the
//! circle's digits weighted 100, 10, 1 against the body's -1), double arrows (ends +1, cells
//! between -1) and little killer diagonals (all +1) are this one rule. Bounds first: each
//! term's contribution must leave the others able to reach the total; then, for short sums,
//! every candidate is checked for a support by enumeration, which finds what bounds miss
//! (a 2-cell arrow summing to a 3 in its circle: the body is 1 and 2, never 3 and 0).

use super::propagator::{Contradiction, Domains, Narrowed, Propagator, Values, Why};
use super::sum_facts::SumFacts;
use std::sync::Arc;

/// The most terms whose supports are computed exactly; longer sums are pruned by bounds.
const MAX_TERMS: usize = 64;

/// One linear sum.
#[derive(Debug, Clone)]
pub(super) struct Linear {
    terms: Vec<(u32, i64)>,
    total: i64,
    /// The sum this equation states, when it comes from one ([`Linear::of_facts`]): every
    /// removal then says why, as sum bounds or the values a cell keeps.
    facts: Option<Arc<SumFacts>>,
    /// The first side's constant, to state the sides' common values in the sum's terms.
    c0: i64,
}

impl Linear {
    /// `Σ coef · value(cell) = total` over `terms` (each cell once).
    pub(super) fn new(terms: Vec<(u32, i64)>, total: i64) -> Linear {
        Linear {
            terms,
            total,
            facts: None,
            c0: 0,
        }
    }

    /// The equation of a sum with one side and a fixed total, or two sides and none (the
    /// first side's terms positive, the second's negative); `None` for other sums.
    pub(super) fn of_facts(facts: &Arc<SumFacts>) -> Option<Linear> {
        let sides = &facts.sides;
        let (terms, total) = match (sides.len(), facts.total) {
            (1, Some(t)) => (sides[0].terms.clone(), t - sides[0].constant),
            (2, None) => {
                let mut terms = sides[0].terms.clone();
                terms.extend(sides[1].terms.iter().map(|&(c, k)| (c, -k)));
                (terms, sides[1].constant - sides[0].constant)
            }
            _ => return None,
        };
        Some(Linear {
            terms,
            total,
            facts: Some(facts.clone()),
            c0: sides[0].constant,
        })
    }

    /// Why `cell` keeps only `keep`, whose values times `k` must lie in `min_c..=max_c`;
    /// `least..=most` are the cell's own candidates' bounds. The range stated is the one the
    /// sum allows within those: a body cell of an arrow (weighted -1 against the circle) may
    /// be "at most 7" by the sum, and saying "-15 to 7" would be true but no help.
    fn bounds_why(&self, k: i64, min_c: i64, max_c: i64, (least, most): (i64, i64)) -> Why {
        let (low, high) = if k > 0 {
            (-(-min_c).div_euclid(k), max_c.div_euclid(k))
        } else {
            (-(max_c.div_euclid(-k)), (-min_c).div_euclid(-k))
        };
        match &self.facts {
            Some(sum) => Why::SumBounds {
                sum: sum.clone(),
                low: low.max(least),
                high: high.min(most),
            },
            None => Why::Rule,
        }
    }

    /// Why `cell` keeps only `keep`: the values some assignment of the other terms completes
    /// to the total (`targets`: the total, or the values the two sides can both reach by
    /// bounds).
    fn support_why(&self, values: &Values, cell: u32, keep: u64, targets: (i64, i64)) -> Why {
        let Some(sum) = &self.facts else {
            return Why::Rule;
        };
        let mut combos = Vec::new();
        let mut x = keep;
        while x != 0 {
            let b = x & x.wrapping_neg();
            x ^= b;
            combos.push(b);
        }
        let mut group_sums: Vec<i64> = combos.iter().map(|&b| values.of_bit(b)).collect();
        group_sums.sort_unstable();
        Why::SumCombinations {
            sum: sum.clone(),
            group: vec![cell],
            targets: (targets.0..=targets.1).collect(),
            group_sums,
            combos,
        }
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
            changed |= if self.facts.is_some() {
                let own = d.values().min_max(x);
                d.keep_because(c, keep, || self.bounds_why(k, min_c, max_c, own))?
            } else {
                d.keep(c, keep)?
            };
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
        // The positive terms' least and greatest sum (the first side's, for a reason).
        let (mut p_lo, mut p_hi) = (0i64, 0i64);
        for &(c, k) in &self.terms {
            let (a, b) = Self::range(d, d.get(c), k);
            if k > 0 {
                p_lo += a;
                p_hi += b;
            }
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
            // The values both sides can reach by bounds: the first side's range, and the
            // second's (the total less the negative terms, in the sum's own terms).
            let c1 = self.total + self.c0;
            let targets = (
                (p_lo + self.c0).max(c1 - (hi - p_hi)),
                (p_hi + self.c0).min(c1 - (lo - p_lo)),
            );
            let values = d.values();
            match d.keep_because(c, keep, || self.support_why(values, c, keep, targets)) {
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
        if d.explaining_now() {
            // The reasoner states a bound as a bound: bounds first, then the supports.
            let changed = self.bounds(d)?;
            return match self.supports(d) {
                Some(r) => Ok(r? | changed),
                None => Ok(changed),
            };
        }
        // The supports keep exactly the values some assignment of the terms uses, which
        // bounds never narrow further: bounds alone only where the supports do not fit.
        match self.supports(d) {
            Some(r) => r,
            None => self.bounds(d),
        }
    }

    fn memo_words(&self) -> usize {
        self.terms.len()
    }

    fn propagate_memo(&self, d: &mut Domains<'_>, memo: &mut [u64]) -> Narrowed {
        // The candidates of the terms when the last call removed nothing: what this sum
        // removes depends on them alone, so the same candidates again remove nothing again.
        // Most calls of a sum in the fixed-point loop come after changes elsewhere.
        if memo.is_empty() || memo.len() != self.terms.len() {
            return self.propagate(d);
        }
        if self
            .terms
            .iter()
            .zip(&*memo)
            .all(|(&(c, _), &m)| d.get(c) == m)
        {
            return Ok(false);
        }
        let changed = self.propagate(d)?;
        if !changed {
            for (m, &(c, _)) in memo.iter_mut().zip(&self.terms) {
                *m = d.get(c);
            }
        }
        Ok(changed)
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
