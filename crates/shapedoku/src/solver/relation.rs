//! Pair rules (nonconsecutive, kropki and XV marks, their negative constraints, ...): a
//! relation each listed pair of cells must meet, propagated to arc consistency through per-cell
//! arc lists. A relation is a table: for each symbol of one cell, the symbols the other may then
//! hold. A pass looks at each cell once and only follows its arcs when the cell has few enough
//! candidates that some symbol of a neighbour could lose every support, so a pass costs one
//! bit count per cell plus the arcs of the narrow cells, not a visit per pair.
//!
//! Rules that only forbid the same symbol twice (anti-knight, anti-king, disjoint groups) do not
//! come here in the solver: they become extra peers of the house path (`peers.rs`).

use super::propagator::{Domains, Narrowed, Propagator, Values, support};

/// One relation as tables over symbols, in both directions.
#[derive(Debug, Clone)]
pub(super) struct Table {
    /// `forward[s]`: what the second cell may hold when the first holds symbol `s`.
    forward: Vec<u64>,
    /// `backward[t]`: what the first cell may hold when the second holds symbol `t`.
    backward: Vec<u64>,
    /// The most symbols of one side that all rule out one symbol of the other: a cell with
    /// more candidates than this supports every symbol of its neighbour.
    slack: u32,
}

impl Table {
    /// The table of `allowed(value of first, value of second)`.
    pub(super) fn new(values: &Values, allowed: impl Fn(i64, i64) -> bool) -> Table {
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
        let forward = table(&|x, y| allowed(x, y));
        let backward = table(&|y, x| allowed(x, y));
        // Symbol t of the second cell loses support when every candidate of the first is one
        // whose row excludes t: at most (symbols whose row excludes t) candidates, which is
        // the count of symbols missing from backward[t]. Likewise the other way.
        let all = crate::SymbolSet::full(v.len()).0;
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
}

/// Pairs of cells, each with a relation, as arc lists per cell.
#[derive(Debug, Clone)]
pub(super) struct PairNetwork {
    /// The cells with arcs, with where their arcs start and end in `arcs`.
    cells: Vec<(u32, u32, u32)>,
    /// Each arc: the neighbour, and the index in `rows` of the table from this cell's symbol
    /// to what the neighbour may hold.
    arcs: Vec<(u32, u32)>,
    /// Per cell of `cells`, the candidate count at or below which its arcs are followed.
    slack: Vec<u32>,
    /// The tables, one direction each: `rows[k][s]`.
    rows: Vec<Vec<u64>>,
}

impl PairNetwork {
    /// The network of `pairs`, each `(first, second, index into tables)`.
    pub(super) fn new(pairs: &[(u32, u32, usize)], tables: Vec<Table>) -> PairNetwork {
        let mut rows = Vec::with_capacity(tables.len() * 2);
        for t in &tables {
            rows.push(t.forward.clone());
            rows.push(t.backward.clone());
        }
        let mut directed: Vec<(u32, u32, u32, u32)> = Vec::with_capacity(pairs.len() * 2);
        for &(a, b, t) in pairs {
            let slack = tables[t].slack;
            directed.push((a, b, 2 * t as u32, slack));
            directed.push((b, a, 2 * t as u32 + 1, slack));
        }
        directed.sort_unstable();
        let mut net = PairNetwork {
            cells: Vec::new(),
            arcs: Vec::with_capacity(directed.len()),
            slack: Vec::new(),
            rows,
        };
        for chunk in directed.chunk_by(|x, y| x.0 == y.0) {
            let start = net.arcs.len() as u32;
            net.arcs.extend(chunk.iter().map(|&(_, b, r, _)| (b, r)));
            net.cells.push((chunk[0].0, start, net.arcs.len() as u32));
            net.slack.push(chunk.iter().map(|x| x.3).max().unwrap_or(0));
        }
        net
    }
}

impl Propagator for PairNetwork {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        let mut changed = false;
        for (k, &(a, start, end)) in self.cells.iter().enumerate() {
            let x = d.get(a);
            if x.count_ones() > self.slack[k] {
                continue;
            }
            for &(b, r) in &self.arcs[start as usize..end as usize] {
                changed |= d.keep(b, support(&self.rows[r as usize], x))?;
            }
        }
        Ok(changed)
    }
}

/// One relation over many pairs (nonconsecutive, say): `allowed(value of first, value of
/// second)` over these pairs.
pub(super) fn pair_relation(
    pairs: Vec<(u32, u32)>,
    values: &Values,
    allowed: impl Fn(i64, i64) -> bool,
) -> PairNetwork {
    let pairs: Vec<(u32, u32, usize)> = pairs.into_iter().map(|(a, b)| (a, b, 0)).collect();
    PairNetwork::new(&pairs, vec![Table::new(values, allowed)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::propagator::Contradiction;

    #[test]
    fn a_solved_cell_removes_its_neighbours_consecutive_values() {
        let values = Values::new(&(1..=9).collect::<Vec<i64>>());
        let r = pair_relation(vec![(0, 1)], &values, |x, y| (x - y).abs() != 1);
        let (mut cells, mut queue) = (vec![1 << 4, 0x1ff], Vec::new());
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(r.propagate(&mut d), Ok(true));
        assert_eq!(cells[1], 0x1ff & !(1 << 3 | 1 << 5));
        let (mut cells, mut queue) = (vec![1 << 4, 1 << 5], Vec::new());
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(r.propagate(&mut d), Err(Contradiction));
    }

    #[test]
    fn two_candidates_that_both_exclude_a_symbol_remove_it() {
        // Nonconsecutive: {3, 5} next door rules out 4 (both exclude it), but not 6.
        let values = Values::new(&(1..=9).collect::<Vec<i64>>());
        let r = pair_relation(vec![(1, 0)], &values, |x, y| (x - y).abs() != 1);
        let (mut cells, mut queue) = (vec![1 << 2 | 1 << 4, 0x1ff], Vec::new());
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(r.propagate(&mut d), Ok(true));
        assert_eq!(cells[1], 0x1ff & !(1 << 3));
    }
}
