//! The registry: which propagator enforces each shape's rule. A new rule kind is a new file with
//! its propagator plus one arm here; the match is exhaustive, so a rule added to the model
//! without one does not compile.

use super::propagator::{Propagator, Values};
use super::relation::PairRelation;
use super::sum::SumCage;
use super::thermo::Thermo;
use crate::constraint::{Constraint, RuleKind};
use crate::{Geometry, Rule, Shape};

/// The propagator for a shape's rule, or `None` when the house path covers it: a no-repeat
/// shape is enforced through its cells' peers (naked singles) and, when it is a house, the
/// hidden-single scan; neither needs a propagator of its own.
pub(super) fn propagator(shape: &Shape, values: &Values) -> Option<Box<dyn Propagator>> {
    match shape.rule {
        Rule::NoRepeat => None,
        Rule::Sum { total, distinct } => Some(Box::new(SumCage::new(
            &shape.cells,
            total,
            distinct,
            values,
        ))),
    }
}

/// The propagator of a rule beyond shapes (see [`crate::constraint`]).
pub(super) fn constraint(c: &Constraint, g: &Geometry, values: &Values) -> Box<dyn Propagator> {
    let pairs = || {
        c.pairs(g)
            .iter()
            .map(|&(a, b)| (a.index() as u32, b.index() as u32))
            .collect()
    };
    let line = |cells: &[crate::CellId]| cells.iter().map(|c| c.index() as u32).collect();
    match &c.kind {
        RuleKind::AntiKnight | RuleKind::AntiKing => {
            Box::new(PairRelation::new(pairs(), values, |x, y| x != y))
        }
        RuleKind::Nonconsecutive => Box::new(PairRelation::new(pairs(), values, |x, y| {
            (x - y).abs() != 1
        })),
        RuleKind::Thermo { cells } => Box::new(Thermo::new(line(cells), true)),
        RuleKind::SlowThermo { cells } => Box::new(Thermo::new(line(cells), false)),
    }
}
