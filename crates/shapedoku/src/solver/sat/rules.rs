//! Rules beyond shapes as the back end's input. Most rules setters use between two cells are a
//! relation on their values, so they become [`PairRule`]s (binary clauses): chess moves and
//! disjoint groups (different symbols), nonconsecutive, marks and their negative constraint,
//! each step of a thermometer, a minimum or maximum cell against each neighbour, whispers,
//! palindromes and clones. Odd and even cells narrow candidates; a little killer is a sum with
//! repeats. The rest (arrows, renban, outside clues, ...) are not encoded, and a geometry with
//! any of them stays with the search.

use super::{PairRule, Problem, SumShape};
use crate::constraint::{Constraint, PairLaw, RuleKind};
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
/// [`encodable`] refuses. The pair rules' clauses come from [`Constraint::pair_laws`], the
/// one statement of what each allows.
pub(super) fn add(c: &Constraint, g: &Geometry, p: &mut Problem) {
    if let Some(laws) = c.pair_laws(g) {
        // One table per run of pairs under the same law (the laws come grouped).
        for run in laws.chunk_by(|x, y| x.2 == y.2) {
            let law = &run[0].2;
            relate(p, run.iter().map(|&(a, b, _)| (a, b)), law);
        }
        return;
    }
    match &c.kind {
        RuleKind::Odd { cells } => parity(p, cells, 1),
        RuleKind::Even { cells } => parity(p, cells, 0),
        RuleKind::LittleKiller { cells, total, .. } => p.sums.push(SumShape {
            cells: cells.clone(),
            total: *total,
            distinct: false,
        }),
        _ => {}
    }
}

/// One law on the symbols of each pair's cells.
fn relate(p: &mut Problem, pairs: impl Iterator<Item = (CellId, CellId)>, law: &PairLaw) {
    let v = &p.values;
    let n = v.len() as u8;
    let table: Vec<SymbolSet> = (0..n)
        .map(|x| (0..n).filter(|&y| law.allows(v, x, y)).collect())
        .collect();
    p.pairs.extend(pairs.map(|(a, b)| PairRule {
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
