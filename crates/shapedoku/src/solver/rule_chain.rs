//! The propagators of every rule beyond houses (the geometry's rules and its sum shapes),
//! compiled once for the reasoner's chains over rules: a chain propagates an assumption
//! through singles and these, many times per search, so building the propagators for each
//! pass (as [`explain_rule`](super::rules::explain_rule) does for one rule step) would cost
//! more than the propagation. A pass runs without recording reasons while the chain is
//! searched, and with them when the chain found is told.

use super::propagator::{Domains, Propagator, Removal, Values};
use super::rules::{constraint, propagator};
use crate::Geometry;

/// Which rule a propagator enforces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RuleSource {
    /// The rule at this index of [`Geometry::constraints`].
    Rule(usize),
    /// The sum of the shape at this index (a Killer cage).
    Shape(usize),
}

/// Every rule's propagator, built once.
pub(crate) struct RulePropagators {
    props: Vec<(RuleSource, Box<dyn Propagator>)>,
    values: Values,
}

impl RulePropagators {
    /// The propagators of `g`'s rules, then of its sum shapes.
    pub(crate) fn new(g: &Geometry) -> RulePropagators {
        let values = Values::new(g.symbols().values());
        let mut props: Vec<(RuleSource, Box<dyn Propagator>)> = g
            .constraints()
            .iter()
            .enumerate()
            .map(|(i, c)| (RuleSource::Rule(i), constraint(c, g, &values)))
            .collect();
        for i in 0..g.shapes().len() {
            if let Some(p) = propagator(i, g) {
                props.push((RuleSource::Shape(i), p));
            }
        }
        RulePropagators { props, values }
    }

    /// How many propagators there are.
    pub(crate) fn len(&self) -> usize {
        self.props.len()
    }

    /// Whether there are none (no rules, no sum shapes).
    pub(crate) fn is_empty(&self) -> bool {
        self.props.is_empty()
    }

    /// Which rule propagator `i` enforces.
    pub(crate) fn source(&self, i: usize) -> RuleSource {
        self.props[i].0
    }

    /// One pass of propagator `i` over `cells` (a candidate mask per cell): whether it
    /// removed anything, or `None` when the rule cannot be met. With `sink`, every removal is
    /// recorded there with its reason.
    pub(crate) fn run(
        &self,
        i: usize,
        cells: &mut [u64],
        sink: Option<&mut Vec<Removal>>,
    ) -> Option<bool> {
        let mut queue = Vec::new();
        let mut d = match sink {
            Some(s) => Domains::explaining(cells, &mut queue, &self.values, s),
            None => Domains::new(cells, &mut queue, &self.values),
        };
        self.props[i].1.propagate(&mut d).ok()
    }
}
