//! The sum rule (Killer cages): the values in a shape add up to its total. With distinct symbols
//! (the default) the precomputed combinations of symbols that reach the total prune first; then
//! value bounds: each cell's value must leave the rest of the cage able to reach the total.
//! The no-repeat half of a distinct cage is the house path's (peers), not this file's.

use super::propagator::{Contradiction, Domains, Narrowed, Propagator, Values};

/// Combination lists longer than this are not kept; bounds alone prune such cages.
const MAX_COMBOS: usize = 1 << 14;

/// One sum shape.
#[derive(Debug, Clone)]
pub(super) struct SumCage {
    cells: Vec<u32>,
    total: i64,
    /// Every set of distinct symbols that adds up to `total`, when there are few enough.
    combos: Option<Vec<u64>>,
}

impl SumCage {
    pub(super) fn new(cells: &[usize], total: i64, distinct: bool, values: &Values) -> SumCage {
        SumCage {
            cells: cells.iter().map(|&c| c as u32).collect(),
            total,
            combos: if distinct {
                combos(values.all(), cells.len(), total)
            } else {
                None
            },
        }
    }

    /// The symbols the combinations still allow, given the candidates' union and the symbols
    /// already placed in the cage.
    fn allowed(&self, union: u64, must: u64) -> Result<u64, Contradiction> {
        let Some(combos) = &self.combos else {
            return Ok(union);
        };
        let mut allowed = 0;
        for &m in combos {
            if m & !union == 0 && m & must == must {
                allowed |= m;
            }
        }
        if allowed == 0 {
            return Err(Contradiction);
        }
        Ok(allowed)
    }
}

impl Propagator for SumCage {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        let mut union = 0u64;
        let mut must = 0u64;
        for &c in &self.cells {
            let x = d.get(c);
            union |= x;
            if x & (x - 1) == 0 {
                must |= x;
            }
        }
        let allowed = self.allowed(union, must)?;
        let (mut lo_sum, mut hi_sum) = (0i64, 0i64);
        for &c in &self.cells {
            let x = d.get(c) & allowed;
            if x == 0 {
                return Err(Contradiction);
            }
            let (lo, hi) = d.values().min_max(x);
            lo_sum += lo;
            hi_sum += hi;
        }
        if self.total < lo_sum || self.total > hi_sum {
            return Err(Contradiction);
        }
        let mut changed = false;
        for &c in &self.cells {
            let mut y = d.get(c) & allowed;
            let (lo, hi) = d.values().min_max(y);
            let (min_v, max_v) = (self.total - (hi_sum - hi), self.total - (lo_sum - lo));
            if lo < min_v || hi > max_v {
                let mut m = y;
                while m != 0 {
                    let b = m & m.wrapping_neg();
                    m ^= b;
                    let v = d.values().of_bit(b);
                    if v < min_v || v > max_v {
                        y &= !b;
                    }
                }
            }
            changed |= d.keep(c, y)?;
        }
        Ok(changed)
    }
}

/// Every set of `k` distinct symbols whose values add up to `total`, as masks; `None` when
/// there would be more than [`MAX_COMBOS`] (bounds pruning alone is used then).
fn combos(values: &[i64], k: usize, total: i64) -> Option<Vec<u64>> {
    fn rec(
        values: &[i64],
        start: usize,
        k: usize,
        total: i64,
        mask: u64,
        out: &mut Vec<u64>,
    ) -> bool {
        if k == 0 {
            if total == 0 {
                out.push(mask);
                if out.len() > MAX_COMBOS {
                    return false;
                }
            }
            return true;
        }
        for i in start..values.len() {
            if values.len() - i < k {
                break;
            }
            if !rec(
                values,
                i + 1,
                k - 1,
                total - values[i],
                mask | (1u64 << i),
                out,
            ) {
                return false;
            }
        }
        true
    }
    if k > values.len() || k > 12 && values.len() > 24 {
        return None;
    }
    let mut out = Vec::new();
    rec(values, 0, k, total, 0, &mut out).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combos_lists_every_distinct_set() {
        let values: Vec<i64> = (1..=9).collect();
        // 3 cells summing to 7: only {1,2,4}.
        assert_eq!(combos(&values, 3, 7), Some(vec![0b1011]));
        assert_eq!(combos(&values, 2, 17), Some(vec![0b1_1000_0000]));
        assert_eq!(combos(&values, 2, 18), Some(vec![]));
    }

    #[test]
    fn a_cage_narrows_to_its_combinations_and_bounds() {
        let values = Values::new(&(1..=9).collect::<Vec<i64>>());
        // Two cells adding to 3: only {1, 2}.
        let cage = SumCage::new(&[0, 1], 3, true, &values);
        let mut cells = vec![0x1ff, 0x1ff];
        let mut queue = Vec::new();
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(cage.propagate(&mut d), Ok(true));
        assert_eq!(cells, vec![0b11, 0b11]);
        // A solved cell forces the other; a wrong pair is a contradiction.
        let mut cells = vec![0b1, 0x1ff];
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(cage.propagate(&mut d), Ok(true));
        assert_eq!(cells, vec![0b1, 0b10]);
        let mut cells = vec![0b1, 0b1];
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(cage.propagate(&mut d), Err(Contradiction));
    }
}
