//! Why a rule removed candidates, as data. A propagator states the reason of each removal
//! through [`Domains::keep_because`](super::propagator::Domains::keep_because); the search never
//! builds it (no sink), the reasoner records it and words it (`reason/`), so a rule's
//! deductions are written once and serve both.
//!
//! A variant carries exactly what explains the removal (the cells it rests on, the values or
//! combinations involved), in the solver's own indices (cells as `u32`, symbols as candidate
//! masks); no prose here. A propagator that does not state a reason removes for [`Why::Rule`].

use std::sync::Arc;

pub(crate) use super::sum_facts::SumFacts;

/// One removal with its reason: the candidates `removed` (a mask, bit `s` for symbol `s`) from
/// `cell`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Removal {
    /// The cell narrowed.
    pub(crate) cell: u32,
    /// The candidates it lost.
    pub(crate) removed: u64,
    /// Why.
    pub(crate) why: Why,
}

/// The reason for a removal.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub(crate) enum Why {
    /// The rule as a whole allows nothing else in the cell, for a reason its propagator does
    /// not spell out.
    Rule,
    /// Sum combinations: the cells `group` of the sum `sum` can take only the value sets
    /// `combos`, and none of them puts the removed candidates in this cell.
    ///
    /// A group is a set of the sum's cells on one side with one coefficient that all see each
    /// other (a cage's cells, a little killer's cells inside one box: their values differ), or
    /// a single cell. Each combination is a set of distinct values (a candidate mask) that the
    /// group's cells can hold one each, within their candidates, and that adds up to one of
    /// `group_sums`; a single cell's combinations are its values left, one bit each.
    SumCombinations {
        /// The sum (its cells, coefficients, total and origin).
        sum: Arc<SumFacts>,
        /// The group's cells (one cell, or cells that see each other).
        group: Vec<u32>,
        /// The values every side of the sum can still add up to: the total when it is fixed,
        /// otherwise the common values left (a circle's, a region-sum line's runs').
        targets: Vec<i64>,
        /// The sums of the group's values (before its coefficient) that leave the rest of its
        /// side able to reach one of `targets`, in increasing order.
        group_sums: Vec<i64>,
        /// The value sets the group can still take (candidate masks), in increasing order.
        combos: Vec<u64>,
    },
    /// A needed value: every combination left to the cells `group` of the sum `sum` contains
    /// the value `needed` (one candidate bit), and the cells of the group that can hold it,
    /// `holders`, all lie in the house `house`; so no other cell of that house holds it.
    SumNeeds {
        /// The sum.
        sum: Arc<SumFacts>,
        /// The group's cells, as in [`Why::SumCombinations`].
        group: Vec<u32>,
        /// The value every combination of the group contains (one candidate bit).
        needed: u64,
        /// The group's cells that can still hold it.
        holders: Vec<u32>,
        /// The house holding all of them (a shape index of the geometry).
        house: u32,
    },
    /// Sum bounds: the cell's value, times its coefficient in the sum `sum`, must lie between
    /// `low` and `high`, because the other terms of its side can add up only to values between
    /// the side's target range less those (the search falls back to bounds when a sum's values
    /// span too wide a range to list its combinations).
    SumBounds {
        /// The sum.
        sum: Arc<SumFacts>,
        /// The least value the cell may hold.
        low: i64,
        /// The greatest value the cell may hold.
        high: i64,
    },
}
