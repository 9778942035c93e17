//! Rules beyond shapes as the back end's input. Most rules setters use between two cells are a
//! relation on their values, so they become [`PairRule`]s (binary clauses): chess moves and
//! disjoint groups (different symbols), nonconsecutive, marks and their negative constraint,
//! each step of a thermometer, a minimum or maximum cell against each neighbour, whispers,
//! palindromes and clones. Odd and even cells narrow candidates; a little killer is a sum with
//! repeats. The rest (arrows, renban, outside clues, ...) are not encoded, and a geometry with
//! any of them stays with the search.

use super::{PairRule, Problem, SumShape};
use crate::constraint::{Constraint, RuleKind, orthogonal_neighbours, unmarked_pairs};
use crate::{CellId, Geometry, SymbolSet};

/// Whether [`add`] takes rules of this kind.
pub(super) fn encodable(kind: &RuleKind) -> bool {
    matches!(
        kind,
        RuleKind::AntiKnight
            | RuleKind::AntiKing
            | RuleKind::DisjointGroups { .. }
            | RuleKind::Nonconsecutive
            | RuleKind::Thermo { .. }
            | RuleKind::SlowThermo { .. }
            | RuleKind::Marks { .. }
            | RuleKind::Odd { .. }
            | RuleKind::Even { .. }
            | RuleKind::Minimum { .. }
            | RuleKind::Maximum { .. }
            | RuleKind::Whispers { .. }
            | RuleKind::Palindrome { .. }
            | RuleKind::Clone { .. }
            | RuleKind::LittleKiller { .. }
    )
}

/// Adds the rule to the problem (its pairs, sums or narrower candidates); nothing for a kind
/// [`encodable`] refuses.
pub(super) fn add(c: &Constraint, g: &Geometry, p: &mut Problem) {
    let steps = |cells: &[CellId]| -> Vec<(CellId, CellId)> {
        cells.windows(2).map(|w| (w[0], w[1])).collect()
    };
    match &c.kind {
        RuleKind::AntiKnight | RuleKind::AntiKing | RuleKind::DisjointGroups { .. } => {
            relate(p, c.pairs(g), |x, y| x != y)
        }
        RuleKind::Nonconsecutive => relate(p, c.pairs(g), |x, y| (x - y).abs() != 1),
        RuleKind::Thermo { cells } => relate(p, steps(cells), |x, y| x < y),
        RuleKind::SlowThermo { cells } => relate(p, steps(cells), |x, y| x <= y),
        RuleKind::Marks { marks, negative } => {
            for m in marks {
                relate(p, vec![(m.cells[0], m.cells[1])], |x, y| {
                    m.relation.holds(x, y)
                });
            }
            if !negative.is_empty() {
                relate(p, unmarked_pairs(g, marks), |x, y| {
                    negative.iter().all(|r| !r.holds(x, y))
                });
            }
        }
        RuleKind::Odd { cells } => parity(p, cells, 1),
        RuleKind::Even { cells } => parity(p, cells, 0),
        RuleKind::Minimum { cells } | RuleKind::Maximum { cells } => {
            let below = matches!(c.kind, RuleKind::Minimum { .. });
            let pairs = cells
                .iter()
                .flat_map(|&a| orthogonal_neighbours(g, a).into_iter().map(move |b| (a, b)));
            relate(p, pairs.collect(), |x, y| (x < y) == below && x != y);
        }
        RuleKind::Whispers { cells, difference } => {
            relate(p, steps(cells), |x, y| (x - y).abs() >= *difference)
        }
        RuleKind::Palindrome { cells } => {
            let n = cells.len();
            relate(
                p,
                (0..n / 2).map(|i| (cells[i], cells[n - 1 - i])).collect(),
                |x, y| x == y,
            )
        }
        RuleKind::Clone { cells, half } => relate(
            p,
            (0..*half).map(|i| (cells[i], cells[half + i])).collect(),
            |x, y| x == y,
        ),
        RuleKind::LittleKiller { cells, total, .. } => p.sums.push(SumShape {
            cells: cells.clone(),
            total: *total,
            distinct: false,
        }),
        _ => {}
    }
}

/// One relation on the values of each pair's cells.
fn relate(p: &mut Problem, pairs: Vec<(CellId, CellId)>, allowed: impl Fn(i64, i64) -> bool) {
    let v = &p.values;
    let table: Vec<SymbolSet> = v
        .iter()
        .map(|&x| {
            let row = v.iter().enumerate().filter(|&(_, &y)| allowed(x, y));
            SymbolSet(row.fold(0u64, |m, (t, _)| m | 1 << t))
        })
        .collect();
    p.pairs.extend(pairs.into_iter().map(|(a, b)| PairRule {
        cells: [a, b],
        allowed: table.clone(),
    }));
}

/// Keeps only the candidates whose value has this remainder mod 2.
fn parity(p: &mut Problem, cells: &[CellId], odd: i64) {
    let keep = p
        .values
        .iter()
        .enumerate()
        .filter(|&(_, &x)| x.rem_euclid(2) == odd)
        .fold(0u64, |m, (s, _)| m | 1 << s);
    for c in cells {
        if let Some(m) = p.candidates.get_mut(c.index()) {
            m.0 &= keep;
        }
    }
}
