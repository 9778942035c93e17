//! Marks between neighbours (kropki, XV, difference and ratio dots) and their negative
//! constraint: a relation per pair of cells, kept to arc consistency by the pair network of
//! `relation.rs`, one table per kind of mark and one for the unmarked pairs.

use super::propagator::Values;
use super::relation::{PairNetwork, Table};
use crate::constraint::Relation;

/// Every mark of one rule and its negative constraint, as one network of pair relations: the
/// marked pairs (each with its relation) and, when `negative` is not empty, the
/// unmarked pairs that must meet none of `negative`.
pub(super) fn network(
    marked: Vec<(u32, u32, Relation)>,
    unmarked: Vec<(u32, u32)>,
    negative: &[Relation],
    values: &Values,
) -> PairNetwork {
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
    PairNetwork::new(&pairs, tables)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::propagator::{Contradiction, Domains, Propagator};

    #[test]
    fn a_black_dot_leaves_only_halves_and_doubles() {
        let values = Values::new(&(1..=9).collect::<Vec<i64>>());
        let m = network(vec![(0, 1, Relation::Ratio(2))], vec![], &[], &values);
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
        let m = network(vec![], vec![(0, 1)], &neg, &values);
        // 2 next to {1, 3, 4}: 1 (ratio and difference), 3 (difference), 4 (ratio) all go.
        let (mut cells, mut queue) = (vec![0b0010, 0b1101], Vec::new());
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(m.propagate(&mut d), Err(Contradiction));
    }
}
