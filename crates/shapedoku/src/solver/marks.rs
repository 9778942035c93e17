//! Marks between neighbours (kropki, XV, difference and ratio dots) and their negative
//! constraint: a relation per pair of cells, kept to arc consistency. Each relation is a table
//! (for each symbol of one cell, the symbols the other may hold); a pair is only looked at when
//! one side has few enough candidates that some symbol of the other could lose all support.

use super::propagator::{Domains, Narrowed, Propagator, Values};
use crate::constraint::Relation;

/// One relation as tables over symbols.
#[derive(Debug, Clone)]
pub(super) struct Table {
    /// `forward[s]`: what the second cell may hold when the first holds symbol `s`.
    forward: Vec<u64>,
    /// `backward[t]`: what the first cell may hold when the second holds symbol `t`.
    backward: Vec<u64>,
    /// The most symbols one symbol rules out on the other side: with more candidates than
    /// this on both sides every candidate has support, so the pair can be skipped.
    slack: u32,
}

impl Table {
    /// The table of `allowed(value of first, value of second)`.
    pub(super) fn new(values: &Values, allowed: impl Fn(i64, i64) -> bool) -> Table {
        let v = values.all();
        let all = crate::SymbolSet::full(v.len()).0;
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
        let forward = table(&|x, y| allowed(x, y));
        let backward = table(&|y, x| allowed(x, y));
        let slack = forward
            .iter()
            .chain(&backward)
            .map(|m| (all & !m).count_ones())
            .max()
            .unwrap_or(0);
        Table {
            forward,
            backward,
            slack,
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

    /// Narrows cells `a` and `b` to the candidates the other supports.
    #[inline]
    pub(super) fn revise(&self, d: &mut Domains<'_>, a: u32, b: u32) -> Narrowed {
        let (x, y) = (d.get(a), d.get(b));
        if x.count_ones() > self.slack && y.count_ones() > self.slack {
            return Ok(false);
        }
        let mut changed = d.keep(b, Self::support(&self.forward, x))?;
        let y = d.get(b);
        changed |= d.keep(a, Self::support(&self.backward, y))?;
        Ok(changed)
    }
}

/// Every mark of one rule and its negative constraint.
#[derive(Debug, Clone)]
pub(super) struct Marks {
    /// Each constrained pair with the index of its table.
    pairs: Vec<(u32, u32, usize)>,
    tables: Vec<Table>,
}

impl Marks {
    /// The marked pairs (each with its relation) and, when `negative` is not empty, the
    /// unmarked pairs that must meet none of `negative`.
    pub(super) fn new(
        marked: Vec<(u32, u32, Relation)>,
        unmarked: Vec<(u32, u32)>,
        negative: &[Relation],
        values: &Values,
    ) -> Marks {
        let mut kinds: Vec<Relation> = Vec::new();
        let mut tables = Vec::new();
        let mut pairs = Vec::with_capacity(marked.len() + unmarked.len());
        for (a, b, r) in marked {
            let t = match kinds.iter().position(|&k| k == r) {
                Some(t) => t,
                None => {
                    kinds.push(r);
                    tables.push(Table::new(values, |x, y| r.holds(x, y)));
                    tables.len() - 1
                }
            };
            pairs.push((a, b, t));
        }
        if !negative.is_empty() {
            let neg = negative.to_vec();
            tables.push(Table::new(values, move |x, y| {
                neg.iter().all(|r| !r.holds(x, y))
            }));
            let t = tables.len() - 1;
            pairs.extend(unmarked.into_iter().map(|(a, b)| (a, b, t)));
        }
        Marks { pairs, tables }
    }
}

impl Propagator for Marks {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        let mut changed = false;
        for &(a, b, t) in &self.pairs {
            changed |= self.tables[t].revise(d, a, b)?;
        }
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::propagator::Contradiction;

    #[test]
    fn a_black_dot_leaves_only_halves_and_doubles() {
        let values = Values::new(&(1..=9).collect::<Vec<i64>>());
        let m = Marks::new(vec![(0, 1, Relation::Ratio(2))], vec![], &[], &values);
        let (mut cells, mut queue) = (vec![0x1ff, 0x1ff], Vec::new());
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(m.propagate(&mut d), Ok(true));
        // 1 2 3 4 6 8 have a half or a double within 1..9; 5 7 9 have neither.
        let keep = [1, 2, 3, 4, 6, 8].iter().fold(0, |m, v| m | 1 << (v - 1));
        assert_eq!(cells, vec![keep, keep]);
    }

    #[test]
    fn the_negative_constraint_bans_both_relations_on_unmarked_pairs() {
        let values = Values::new(&[1, 2, 3, 4]);
        let neg = [Relation::Difference(1), Relation::Ratio(2)];
        let m = Marks::new(vec![], vec![(0, 1)], &neg, &values);
        // 2 next to {1, 3, 4}: 1 (ratio and difference), 3 (difference), 4 (ratio) all go.
        let (mut cells, mut queue) = (vec![0b0010, 0b1101], Vec::new());
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(m.propagate(&mut d), Err(Contradiction));
    }
}
