//! What a sum says, as data: parts whose weighted sums are equal (and equal a total when it is
//! fixed), and where the sum comes from. The sum propagator (`sum/`) is compiled from it, and
//! every reason a sum gives ([`Why`](super::why::Why)) carries it, so the wording can name the
//! cells, the total and, for a derived sum, the houses and rules it was derived from.
//!
//! Every sum-bearing rule is one of these:
//!
//! | rule | sides | total |
//! |---|---|---|
//! | Killer cage (with or without repeats) | the cage's cells | its total |
//! | little killer | the diagonal's cells | its total |
//! | arrow (circle or pill) | the circle's digits, weighted 1, 10, 100 from the last; the body | none: the two are equal |
//! | double arrow | the two ends; the cells between | none |
//! | region-sum line | each run of the line inside one box | none: all equal |
//! | equal sums | each set | none: all equal |
//!
use std::sync::Arc;

/// One sum: every side adds up to the same value, which is `total` when that is fixed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SumFacts {
    /// Where the sum comes from.
    pub(crate) origin: SumOrigin,
    /// The parts whose sums are equal; one side when the total is fixed and nothing else is
    /// compared.
    pub(crate) sides: Vec<SumSide>,
    /// The value every side adds up to, when it is fixed (a cage's total, a little killer's
    /// clue); `None` when the sides are only equal to each other (an arrow, a region-sum line).
    pub(crate) total: Option<i64>,
}

/// One side of a sum: `constant + Σ coefficient × value(cell)`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct SumSide {
    /// Each term's cell (solver index) and its coefficient (positive: 1 for a cage's cell, 10
    /// for a pill's tens digit). A cell may appear on one side only once.
    pub(crate) terms: Vec<(u32, i64)>,
    /// A constant added to the side (an innie/outie sum's difference of totals).
    pub(crate) constant: i64,
}

/// Where a sum comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum SumOrigin {
    /// A sum shape (a Killer cage): the shape's index in the geometry.
    Shape(u32),
    /// The rule whose propagator states it (a little killer, an arrow, a double arrow, a
    /// region-sum line): the one the caller ran.
    Rule,
    /// Derived before search from houses and the sums laid over them (innies and outies,
    /// `solver/derived.rs`): how it follows.
    Derived(Arc<super::derived::Derivation>),
}

impl SumFacts {
    /// A sum of `cells` (each weighted 1) to `total`.
    pub(crate) fn total(origin: SumOrigin, cells: &[u32], total: i64) -> Arc<SumFacts> {
        Arc::new(SumFacts {
            origin,
            sides: vec![SumSide {
                terms: cells.iter().map(|&c| (c, 1)).collect(),
                constant: 0,
            }],
            total: Some(total),
        })
    }

    /// Sides (each a list of cells weighted 1) that add up to the same value.
    pub(crate) fn equal(origin: SumOrigin, sides: Vec<SumSide>) -> Arc<SumFacts> {
        Arc::new(SumFacts {
            origin,
            sides,
            total: None,
        })
    }

    /// Every cell of the sum, side after side.
    #[cfg(test)]
    pub(crate) fn cells(&self) -> impl Iterator<Item = u32> + '_ {
        self.sides.iter().flat_map(|s| s.terms.iter().map(|t| t.0))
    }
}

impl SumSide {
    /// A side of `cells`, each weighted 1.
    pub(crate) fn plain(cells: &[u32]) -> SumSide {
        SumSide {
            terms: cells.iter().map(|&c| (c, 1)).collect(),
            constant: 0,
        }
    }
}

/// The sum a rule beyond shapes states, when it states one: a little killer's diagonal to its
/// total, an arrow's circle (a pill read as a number) equal to its body, a double arrow's ends
/// equal to the cells between them, a region-sum line's runs equal to each other, and the sets
/// of an equal-sum rule.
pub(crate) fn of_rule(
    kind: &crate::constraint::RuleKind,
    g: &crate::Geometry,
    origin: SumOrigin,
) -> Option<Arc<SumFacts>> {
    use crate::constraint::{RuleKind, line_rules};
    let ids =
        |cells: &[crate::CellId]| -> Vec<u32> { cells.iter().map(|c| c.index() as u32).collect() };
    Some(match kind {
        RuleKind::LittleKiller { cells, total, .. } => SumFacts::total(origin, &ids(cells), *total),
        RuleKind::Arrow { cells, circle } => {
            let circle = *circle;
            let pill = SumSide {
                terms: (cells[..circle].iter().enumerate())
                    .map(|(i, c)| (c.index() as u32, 10i64.pow((circle - 1 - i) as u32)))
                    .collect(),
                constant: 0,
            };
            SumFacts::equal(origin, vec![pill, SumSide::plain(&ids(&cells[circle..]))])
        }
        RuleKind::DoubleArrow { cells } => {
            let n = cells.len();
            let ends = ids(&[cells[0], cells[n - 1]]);
            SumFacts::equal(
                origin,
                vec![
                    SumSide::plain(&ends),
                    SumSide::plain(&ids(&cells[1..n - 1])),
                ],
            )
        }
        // A region-sum line is equal sums whose sets are its runs through the boxes.
        RuleKind::RegionSum { cells } => SumFacts::equal(
            origin,
            (line_rules::segments(g, cells).into_iter())
                .map(|r| SumSide::plain(&ids(&cells[r])))
                .collect(),
        ),
        RuleKind::EqualSum { sets, .. } => SumFacts::equal(
            origin,
            sets.iter().map(|s| SumSide::plain(&ids(s))).collect(),
        ),
        _ => return None,
    })
}
