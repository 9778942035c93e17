//! Why a rule removed candidates, as data. A propagator states the reason of each removal
//! through [`Domains::keep_because`](super::propagator::Domains::keep_because); the search never
//! builds it (no sink), the reasoner records it and words it (`reason/`), so a rule's
//! deductions are written once and serve both.
//!
//! A variant carries exactly what explains the removal (the cells it rests on, the values or
//! combinations involved), in the solver's own indices (cells as `u32`, symbols as candidate
//! masks); no prose here. A propagator that does not state a reason removes for [`Why::Rule`].

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
}
