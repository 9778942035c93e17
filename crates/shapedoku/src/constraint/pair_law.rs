//! The two-cell rules, each stated once: which pairs of cells a rule relates and what their
//! values may be ([`Constraint::pair_laws`], [`PairLaw::allows`]). [`Constraint::holds`], the
//! solver's pair propagators (tables built from [`PairLaw::allows`] when the rule is
//! compiled) and the clause back end's pair clauses all read this, so a rule's meaning cannot
//! drift between them.

use super::local::{orthogonal_neighbours, unmarked_pairs};
use super::{Constraint, Relation, RuleKind};
use crate::{CellId, Geometry};

/// What a rule requires of the values of two of its cells, the first and the second of a
/// pair as [`Constraint::pair_laws`] lists it.
///
/// ```
/// use shapedoku::constraint::{PairLaw, Relation};
/// let values: Vec<i64> = (1..=9).collect(); // symbol s has value s + 1
/// assert!(PairLaw::Below.allows(&values, 2, 3) && !PairLaw::Below.allows(&values, 3, 3));
/// assert!(PairLaw::Apart(5).allows(&values, 0, 5) && !PairLaw::Apart(5).allows(&values, 1, 5));
/// let negative = PairLaw::NoneOf(vec![Relation::Difference(1), Relation::Ratio(2)]);
/// assert!(negative.allows(&values, 2, 4) && !negative.allows(&values, 2, 5));
/// // Two symbols may share a value: they differ as symbols, not as values.
/// assert!(PairLaw::Different.allows(&[1, 1], 0, 1) && !PairLaw::Equal.allows(&[1, 2], 0, 1));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum PairLaw {
    /// Different values (chess moves, disjoint groups).
    Different,
    /// Values that are not one apart (nonconsecutive).
    NotConsecutive,
    /// The first below the second (a thermometer's step; a minimum cell and a neighbour).
    Below,
    /// The first at most the second (a slow thermometer's step).
    AtMost,
    /// The first above the second (a maximum cell and a neighbour).
    Above,
    /// Values at least this far apart (German whispers: 5).
    Apart(i64),
    /// Equal values (palindromes, clones).
    Equal,
    /// A mark's relation (kropki, XV, difference and ratio marks).
    Mark(Relation),
    /// None of these relations: the negative constraint on unmarked neighbours.
    NoneOf(Vec<Relation>),
}

impl PairLaw {
    /// Whether the first cell may hold symbol `a` while the second holds symbol `b`, where
    /// `values[s]` is symbol `s`'s value (the alphabet's [`crate::Symbols::values`]). Only
    /// [`PairLaw::Different`] compares symbols; the rest compare values. Symbols outside
    /// `values` are never allowed.
    #[inline]
    pub fn allows(&self, values: &[i64], a: u8, b: u8) -> bool {
        let (Some(&x), Some(&y)) = (values.get(a as usize), values.get(b as usize)) else {
            return false;
        };
        match self {
            PairLaw::Different => a != b,
            _ => self.allows_values(x, y),
        }
    }

    /// [`PairLaw::allows`] on values, for every law but [`PairLaw::Different`] (which is about
    /// symbols: two symbols may share a value).
    #[inline]
    fn allows_values(&self, a: i64, b: i64) -> bool {
        match self {
            PairLaw::Different => a != b,
            PairLaw::NotConsecutive => a.checked_sub(b).map(i64::abs) != Some(1),
            PairLaw::Below => a < b,
            PairLaw::AtMost => a <= b,
            PairLaw::Above => a > b,
            PairLaw::Apart(d) => a.checked_sub(b).is_none_or(|x| x.abs() >= *d),
            PairLaw::Equal => a == b,
            PairLaw::Mark(r) => r.holds(a, b),
            PairLaw::NoneOf(rs) => rs.iter().all(|r| !r.holds(a, b)),
        }
    }
}

/// Consecutive cells of a line, in order.
fn steps(cells: &[CellId]) -> impl Iterator<Item = (CellId, CellId)> + '_ {
    cells.windows(2).map(|w| (w[0], w[1]))
}

impl Constraint {
    /// Each pair of cells the rule relates, with the law their values must meet, for the rules
    /// that say nothing beyond such pairs: chess moves, nonconsecutive, thermometers (each
    /// step), marks and their negative constraint, minimum and maximum cells (each against
    /// each neighbour), whispers, palindromes, clones and disjoint groups. `None` for every
    /// other rule. Pairs with the same law come together, so a caller can build one table per
    /// run of them.
    ///
    /// ```
    /// use shapedoku::constraint::{Constraint, PairLaw, RuleKind};
    /// use shapedoku::{builtin, CellId};
    /// let g = builtin::geometry("4x4").unwrap();
    /// let line = vec![CellId::new(0), CellId::new(1), CellId::new(2)];
    /// let thermo = Constraint::new("t", RuleKind::Thermo { cells: line.clone() });
    /// assert_eq!(thermo.pair_laws(&g).unwrap(), [
    ///     (CellId::new(0), CellId::new(1), PairLaw::Below),
    ///     (CellId::new(1), CellId::new(2), PairLaw::Below),
    /// ]);
    /// assert!(Constraint::new("r", RuleKind::Renban { cells: line }).pair_laws(&g).is_none());
    /// ```
    pub fn pair_laws(&self, g: &Geometry) -> Option<Vec<(CellId, CellId, PairLaw)>> {
        let with = |pairs: Vec<(CellId, CellId)>, law: PairLaw| {
            pairs
                .into_iter()
                .map(|(a, b)| (a, b, law.clone()))
                .collect()
        };
        let line = |pairs: &mut dyn Iterator<Item = (CellId, CellId)>, law: PairLaw| {
            pairs.map(|(a, b)| (a, b, law.clone())).collect()
        };
        Some(match &self.kind {
            RuleKind::AntiKnight | RuleKind::AntiKing | RuleKind::DisjointGroups { .. } => {
                with(self.pairs(g), PairLaw::Different)
            }
            RuleKind::Nonconsecutive => with(self.pairs(g), PairLaw::NotConsecutive),
            RuleKind::Thermo { cells } => line(&mut steps(cells), PairLaw::Below),
            RuleKind::SlowThermo { cells } => line(&mut steps(cells), PairLaw::AtMost),
            RuleKind::Marks { marks, negative } => {
                let mut out: Vec<_> = (marks.iter())
                    .map(|m| (m.cells[0], m.cells[1], PairLaw::Mark(m.relation)))
                    .collect();
                if !negative.is_empty() {
                    let law = PairLaw::NoneOf(negative.clone());
                    out.extend(with(unmarked_pairs(g, marks), law));
                }
                out
            }
            RuleKind::Minimum { cells } | RuleKind::Maximum { cells } => {
                let law = match self.kind {
                    RuleKind::Minimum { .. } => PairLaw::Below,
                    _ => PairLaw::Above,
                };
                let mut around = cells
                    .iter()
                    .flat_map(|&a| orthogonal_neighbours(g, a).into_iter().map(move |b| (a, b)));
                line(&mut around, law)
            }
            RuleKind::Whispers { cells, difference } => {
                line(&mut steps(cells), PairLaw::Apart(*difference))
            }
            RuleKind::Palindrome { cells } => {
                let n = cells.len();
                line(
                    &mut (0..n / 2).map(|i| (cells[i], cells[n - 1 - i])),
                    PairLaw::Equal,
                )
            }
            RuleKind::Clone { cells, half } => {
                let half = (*half).min(cells.len() / 2);
                line(
                    &mut (0..half).map(|i| (cells[i], cells[half + i])),
                    PairLaw::Equal,
                )
            }
            _ => return None,
        })
    }

    /// [`Constraint::holds`] for the rules [`Constraint::pair_laws`] covers: every pair with
    /// both cells filled meets its law. `None` for other rules.
    pub(super) fn pairs_hold(
        &self,
        g: &Geometry,
        value: &dyn Fn(CellId) -> Option<u8>,
    ) -> Option<bool> {
        let laws = self.pair_laws(g)?;
        let values = g.symbols().values();
        Some(laws.iter().all(|(a, b, law)| match (value(*a), value(*b)) {
            (Some(x), Some(y)) => law.allows(values, x, y),
            _ => true,
        }))
    }
}
