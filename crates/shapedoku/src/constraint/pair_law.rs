//! What a two-cell rule requires of its pair's values ([`PairLaw::allows`]); which pairs a
//! rule relates is its [`super::Laws::Pairs`]. [`super::Constraint::holds`], the solver's pair
//! propagators (tables built from [`PairLaw::allows`] when the rule is compiled) and the
//! clause back end's pair clauses all read this, so a rule's meaning cannot drift between
//! them.

use super::Relation;

/// What a rule requires of the values of two of its cells, the first and the second of a
/// pair as [`super::Constraint::pair_laws`] lists it.
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
/// // Anti-taxicab at distance 3: not both 3, anything else.
/// assert!(!PairLaw::NotBoth(3).allows(&values, 2, 2) && PairLaw::NotBoth(3).allows(&values, 3, 3));
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
    /// Not both this value (anti-taxicab: two cells N apart never both hold N).
    NotBoth(i64),
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
            PairLaw::NotBoth(v) => a != *v || b != *v,
        }
    }
}
