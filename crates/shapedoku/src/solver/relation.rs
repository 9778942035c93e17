//! Pair rules (nonconsecutive, kropki and XV marks, their negative constraints, ...): a
//! law each listed pair of cells must meet ([`PairLaw`], from the rule's
//! [`crate::constraint::Constraint::pair_laws`]), propagated to arc consistency through per-cell
//! arc lists. A relation is a table: for each symbol of one cell, the symbols the other may then
//! hold. A pass looks at each cell once and only follows its arcs when the cell has few enough
//! candidates that some symbol of a neighbour could lose every support, so a pass costs one
//! bit count per cell plus the arcs of the narrow cells, not a visit per pair.
//!
//! Rules that only forbid the same symbol twice (anti-knight, anti-king, disjoint groups) do not
//! come here in the solver: they become extra peers of the house path (`peers.rs`).

use super::propagator::{Domains, Narrowed, Propagator, Values, support};
use super::why::Why;
use crate::constraint::PairLaw;

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
    /// The table of a law, built from [`PairLaw::allows`] once, when the rule is compiled.
    pub(super) fn new(values: &Values, law: &PairLaw) -> Table {
        let (forward, backward) = law_rows(values, law);
        // Symbol t of the second cell loses support when every candidate of the first is one
        // whose row excludes t: at most (symbols whose row excludes t) candidates, which is
        // the count of symbols missing from backward[t]. Likewise the other way.
        let all = crate::SymbolSet::full(values.all().len()).0;
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

/// A law's rows over the alphabet, both ways: `forward[s]` what the second cell may hold when
/// the first holds symbol `s`, `backward[t]` what the first may hold when the second holds `t`.
pub(super) fn law_rows(values: &Values, law: &PairLaw) -> (Vec<u64>, Vec<u64>) {
    let v = values.all();
    let n = v.len();
    // One pass over every pair of symbols fills both directions.
    let mut backward = vec![0u64; n];
    let forward = (0..n)
        .map(|x| {
            let mut row = 0u64;
            for (y, back) in backward.iter_mut().enumerate() {
                if law.allows(v, x as u8, y as u8) {
                    row |= 1 << y;
                    *back |= 1 << x;
                }
            }
            row
        })
        .collect();
    (forward, backward)
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
                let keep = support(&self.rows[r as usize], x);
                changed |= d.keep_because(b, keep, || Why::Partner { partner: a })?;
            }
        }
        Ok(changed)
    }
}

/// A rule's pairs under their laws (from [`crate::constraint::Constraint::pair_laws`]) as
/// one network, with one table per distinct law.
pub(super) fn law_network(laws: &[(u32, u32, PairLaw)], values: &Values) -> PairNetwork {
    let mut kinds: Vec<&PairLaw> = Vec::new();
    let mut tables = Vec::new();
    let mut pairs = Vec::with_capacity(laws.len());
    for (a, b, law) in laws {
        let t = match kinds.iter().position(|&k| k == law) {
            Some(t) => t,
            None => {
                kinds.push(law);
                tables.push(Table::new(values, law));
                tables.len() - 1
            }
        };
        pairs.push((*a, *b, t));
    }
    PairNetwork::new(&pairs, tables)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constraint::Relation;
    use crate::solver::propagator::Contradiction;

    #[test]
    fn a_solved_cell_removes_its_neighbours_consecutive_values() {
        let values = Values::new(&(1..=9).collect::<Vec<i64>>());
        let r = law_network(&[(0, 1, PairLaw::NotConsecutive)], &values);
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
        let r = law_network(&[(1, 0, PairLaw::NotConsecutive)], &values);
        let (mut cells, mut queue) = (vec![1 << 2 | 1 << 4, 0x1ff], Vec::new());
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(r.propagate(&mut d), Ok(true));
        assert_eq!(cells[1], 0x1ff & !(1 << 3));
    }

    #[test]
    fn a_black_dot_leaves_only_halves_and_doubles() {
        let values = Values::new(&(1..=9).collect::<Vec<i64>>());
        let m = law_network(&[(0, 1, PairLaw::Mark(Relation::Ratio(2)))], &values);
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
        let neg = PairLaw::NoneOf(vec![Relation::Difference(1), Relation::Ratio(2)]);
        let m = law_network(&[(0, 1, neg)], &values);
        // 2 next to {1, 3, 4}: 1 (ratio and difference), 3 (difference), 4 (ratio) all go.
        let (mut cells, mut queue) = (vec![0b0010, 0b1101], Vec::new());
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(m.propagate(&mut d), Err(Contradiction));
    }
}
