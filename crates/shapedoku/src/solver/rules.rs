//! The registry: which propagator enforces each shape's rule. A new rule kind is a new file with
//! its propagator plus one arm here; the match is exhaustive, so a rule added to the model
//! without one does not compile.

use super::propagator::{Propagator, Values};
use super::sum::SumCage;
use crate::{Rule, Shape};

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
