//! Pair rules (anti-knight, anti-king, nonconsecutive): a relation every listed pair of cells
//! must meet, propagated to arc consistency. The relation is a table: for each symbol `s` of the
//! first cell, the symbols the second cell may then hold; a symbol of one cell stays only while
//! some candidate of the other supports it.

use super::propagator::{Domains, Narrowed, Propagator, Values};

/// Every pair of a pair rule and the rule's table.
#[derive(Debug, Clone)]
pub(super) struct PairRelation {
    pairs: Vec<(u32, u32)>,
    /// `forward[s]`: what the second cell may hold when the first holds symbol `s`.
    forward: Vec<u64>,
    /// `backward[t]`: what the first cell may hold when the second holds symbol `t`.
    backward: Vec<u64>,
}

impl PairRelation {
    /// The relation `allowed(value of first, value of second)` over these pairs.
    pub(super) fn new(
        pairs: Vec<(u32, u32)>,
        values: &Values,
        allowed: impl Fn(i64, i64) -> bool,
    ) -> PairRelation {
        let v = values.all();
        let table = |f: &dyn Fn(i64, i64) -> bool| -> Vec<u64> {
            v.iter()
                .map(|&x| {
                    v.iter()
                        .enumerate()
                        .filter(|&(_, &y)| f(x, y))
                        .fold(0u64, |m, (t, _)| m | 1 << t)
                })
                .collect()
        };
        PairRelation {
            pairs,
            forward: table(&|x, y| allowed(x, y)),
            backward: table(&|y, x| allowed(x, y)),
        }
    }

    /// The union of `table[s]` over the candidates `s` in `x`.
    #[inline]
    fn support(table: &[u64], mut x: u64) -> u64 {
        let mut out = 0;
        while x != 0 {
            out |= table[x.trailing_zeros() as usize];
            x &= x - 1;
        }
        out
    }
}

impl Propagator for PairRelation {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        let mut changed = false;
        for &(a, b) in &self.pairs {
            let (x, y) = (d.get(a), d.get(b));
            // With several candidates on both sides every symbol is almost always supported;
            // the tables only narrow once a side is down to one or two.
            if x.count_ones() > 2 && y.count_ones() > 2 {
                continue;
            }
            changed |= d.keep(b, Self::support(&self.forward, x))?;
            let y = d.get(b);
            changed |= d.keep(a, Self::support(&self.backward, y))?;
        }
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::propagator::Contradiction;

    #[test]
    fn a_solved_cell_removes_its_neighbours_consecutive_values() {
        let values = Values::new(&(1..=9).collect::<Vec<i64>>());
        let r = PairRelation::new(vec![(0, 1)], &values, |x, y| (x - y).abs() != 1);
        let (mut cells, mut queue) = (vec![1 << 4, 0x1ff], Vec::new());
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(r.propagate(&mut d), Ok(true));
        assert_eq!(cells[1], 0x1ff & !(1 << 3 | 1 << 5));
        let (mut cells, mut queue) = (vec![1 << 4, 1 << 5], Vec::new());
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(r.propagate(&mut d), Err(Contradiction));
    }
}
