//! The registry: which propagator enforces each shape's rule. A new rule kind is a new file with
//! its propagator plus one arm here; the match is exhaustive, so a rule added to the model
//! without one does not compile.

use super::propagator::{Domains, Propagator, Values};
use super::relation::pair_relation;
use super::sum::SumCage;
use super::thermo::Thermo;
// Marks between neighbours and rules on single cells.
use super::cell_rules::{AllDifferent, Allowed, Extremum, Quadruple};
use super::marks;
use crate::CellId;
use crate::constraint::{Constraint, RuleKind};
use crate::constraint::{Mark, Relation, orthogonal_neighbours, unmarked_pairs};
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

/// The pairs of cells a rule beyond shapes only forbids to hold the same symbol, when that is
/// all it says: the solver makes them peers instead of running the rule's propagator.
pub(super) fn peer_pairs(c: &Constraint, g: &Geometry) -> Option<Vec<(u32, u32)>> {
    match &c.kind {
        RuleKind::AntiKnight | RuleKind::AntiKing | RuleKind::DisjointGroups { .. } => Some(
            c.pairs(g)
                .iter()
                .map(|&(a, b)| (a.index() as u32, b.index() as u32))
                .collect(),
        ),
        _ => None,
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
            Box::new(pair_relation(pairs(), values, |x, y| x != y))
        }
        RuleKind::Nonconsecutive => {
            Box::new(pair_relation(pairs(), values, |x, y| (x - y).abs() != 1))
        }
        RuleKind::Thermo { cells } => Box::new(Thermo::new(line(cells), true)),
        RuleKind::SlowThermo { cells } => Box::new(Thermo::new(line(cells), false)),
        // Marks between neighbours and rules on single cells.
        RuleKind::Marks { marks, negative } => marks_propagator(marks, negative, g, values),
        RuleKind::Odd { cells } => parity(cells, true, values),
        RuleKind::Even { cells } => parity(cells, false, values),
        RuleKind::Minimum { cells } => extremum(cells, true, g),
        RuleKind::Maximum { cells } => extremum(cells, false, g),
        RuleKind::Quadruple { cells, symbols } => {
            let symbols: Vec<u8> = symbols.iter().map(|s| s.index() as u8).collect();
            Box::new(Quadruple::new(ids(cells), &symbols))
        }
        RuleKind::DisjointGroups { groups } => {
            let all = crate::SymbolSet::full(values.all().len()).0;
            Box::new(AllDifferent::new(
                groups.iter().map(|g| ids(g)).collect(),
                all,
            ))
        }
    }
}

fn ids(cells: &[CellId]) -> Vec<u32> {
    cells.iter().map(|c| c.index() as u32).collect()
}

/// Marks and, with a negative constraint, every unmarked orthogonal pair.
fn marks_propagator(
    marks: &[Mark],
    negative: &[Relation],
    g: &Geometry,
    values: &Values,
) -> Box<dyn Propagator> {
    let idx = |c: CellId| c.index() as u32;
    let marked = (marks.iter())
        .map(|m| (idx(m.cells[0]), idx(m.cells[1]), m.relation))
        .collect();
    let unmarked = match negative.is_empty() {
        true => Vec::new(),
        false => (unmarked_pairs(g, marks).iter())
            .map(|&(a, b)| (idx(a), idx(b)))
            .collect(),
    };
    Box::new(marks::network(marked, unmarked, negative, values))
}

/// Odd (or even) cells: the symbols whose value is odd (or even).
fn parity(cells: &[CellId], odd: bool, values: &Values) -> Box<dyn Propagator> {
    let mask = (values.all().iter().enumerate())
        .filter(|&(_, v)| (v % 2 != 0) == odd)
        .fold(0u64, |m, (s, _)| m | 1 << s);
    Box::new(Allowed::new(ids(cells), mask))
}

/// Minimum (or maximum) cells against their orthogonal neighbours.
fn extremum(cells: &[CellId], below: bool, g: &Geometry) -> Box<dyn Propagator> {
    let around = (cells.iter())
        .map(|&c| (c.index() as u32, ids(&orthogonal_neighbours(g, c))))
        .collect();
    Box::new(Extremum::new(around, below))
}

/// One pass of a rule's propagator over `cells` (one candidate mask per cell, bit `s` for
/// symbol `s`), for the reasoner's rule eliminations: `Some(true)` when it removed something,
/// `Some(false)` when not, `None` when the rule cannot be met.
pub(crate) fn narrow_by_rule(c: &Constraint, g: &Geometry, cells: &mut [u64]) -> Option<bool> {
    if cells.len() != g.cell_count() {
        return None;
    }
    let values = Values::new(g.symbols().values());
    let p = constraint(c, g, &values);
    let mut queue = Vec::new();
    let mut d = Domains::new(cells, &mut queue, &values);
    p.propagate(&mut d).ok()
}
