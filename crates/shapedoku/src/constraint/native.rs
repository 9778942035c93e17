//! The rules whose meaning is no pair, cell, sum or automaton law ([`super::Laws::Native`]): each has
//! a check of its own here, dispatched by one exhaustive match, so a new kind does not compile
//! until it says whether it is well formed and how it is checked.

use super::{Constraint, RuleKind, global_rules, line_rules, outside, set_rules};
use crate::{CellId, Geometry};

impl Constraint {
    /// Whether a rule built by hand has the parts its kind needs (the loader only builds such
    /// rules): an arrow 1-3 circle cells and a body, a clone two halves of equal length, a
    /// double arrow or between line two ends, any other line a cell, an indexing rule one line
    /// per indexing cell holding it. A rule that is not never holds.
    pub fn well_formed(&self) -> bool {
        match &self.kind {
            RuleKind::Arrow { cells, circle } => (1..=3).contains(circle) && *circle < cells.len(),
            RuleKind::Clone { cells, half } => *half > 0 && cells.len() == 2 * half,
            RuleKind::SameValues { cells, size } => {
                *size > 0
                    && cells.len() % size == 0
                    && (2..=super::SAME_VALUES_MAX_SETS).contains(&(cells.len() / size))
            }
            RuleKind::EqualSum { cells, sets } => {
                (2..=super::COUNTED_MAX_CELLS).contains(&sets.len())
                    && sets.iter().all(|s| !s.is_empty())
                    && sets.iter().flatten().all(|c| cells.contains(c))
            }
            RuleKind::CountDistinct {
                cells,
                counts_itself,
            }
            | RuleKind::CountRegions {
                cells,
                counts_itself,
            } => {
                let counted = cells.len() - 1 + usize::from(*counts_itself);
                !cells.is_empty() && (1..=super::COUNTED_MAX_CELLS).contains(&counted)
            }
            RuleKind::DoubleArrow { cells } | RuleKind::Between { cells } => cells.len() >= 2,
            RuleKind::LittleKiller { cells, .. }
            | RuleKind::Renban { cells }
            | RuleKind::Whispers { cells, .. }
            | RuleKind::Palindrome { cells }
            | RuleKind::RegionSum { cells }
            | RuleKind::Entropic { cells }
            | RuleKind::Modular { cells }
            | RuleKind::Zipper { cells }
            | RuleKind::Sequence { cells, .. }
            | RuleKind::SumLine { cells, .. }
            | RuleKind::Sandwich { cells, .. }
            | RuleKind::XSum { cells, .. }
            | RuleKind::Skyscraper { cells, .. }
            | RuleKind::HiddenSkyscraper { cells, .. }
            | RuleKind::Rellik { cells, .. }
            | RuleKind::Cage { cells, .. }
            | RuleKind::NumberedRoom { cells, .. }
            | RuleKind::CountingCircles { cells } => !cells.is_empty(),
            RuleKind::Lockout { cells, .. } | RuleKind::Lunchbox { cells, .. } => cells.len() >= 2,
            RuleKind::Relation { cells, allowed } => {
                (1..=super::RELATION_MAX_CELLS).contains(&cells.len())
                    && allowed.iter().all(|t| t.len() == cells.len())
            }
            RuleKind::Indexing { cells, lines } => {
                cells.len() == lines.len() && cells.iter().zip(lines).all(|(c, l)| l.contains(c))
            }
            RuleKind::Any { rules, .. } | RuleKind::All { rules, .. } => {
                !rules.is_empty() && rules.iter().all(Constraint::well_formed)
            }
            RuleKind::ChaosArrow { cells, arms } => {
                !arms.is_empty()
                    && arms.iter().all(|&a| a > 0)
                    && cells.len() == 1 + arms.iter().sum::<usize>()
            }
            RuleKind::ChaosCount { cells } => !cells.is_empty(),
            RuleKind::AntiKnight
            | RuleKind::AntiKing
            | RuleKind::Nonconsecutive
            | RuleKind::AntiTaxicab
            | RuleKind::Thermo { .. }
            | RuleKind::SlowThermo { .. }
            | RuleKind::Marks { .. }
            | RuleKind::Odd { .. }
            | RuleKind::Even { .. }
            | RuleKind::Minimum { .. }
            | RuleKind::Maximum { .. }
            | RuleKind::Quadruple { .. }
            | RuleKind::DisjointGroups { .. }
            | RuleKind::DutchFlatmates
            | RuleKind::GlobalEntropy
            | RuleKind::GlobalModular
            | RuleKind::Chaos { .. } => true,
        }
    }
}

/// [`Constraint::holds`] for the rules whose laws are [`super::Laws::Native`]: whether the placed
/// symbols (`symbol`) and their values (`value`) break the rule nowhere. `true` for the other
/// kinds, whose laws say it.
pub(super) fn holds(
    kind: &RuleKind,
    g: &Geometry,
    symbol: &dyn Fn(CellId) -> Option<u8>,
    value: &dyn Fn(CellId) -> Option<i64>,
) -> bool {
    match kind {
        RuleKind::Quadruple { cells, symbols } => {
            let symbols: Vec<u8> = symbols.iter().map(|s| s.index() as u8).collect();
            quadruple_holds(cells, &symbols, symbol)
        }
        RuleKind::Renban { .. }
        | RuleKind::Between { .. }
        | RuleKind::RegionSum { .. }
        | RuleKind::Entropic { .. }
        | RuleKind::Modular { .. }
        | RuleKind::Zipper { .. }
        | RuleKind::Lockout { .. } => line_rules::holds(kind, g, value),
        RuleKind::Sandwich { .. }
        | RuleKind::XSum { .. }
        | RuleKind::Skyscraper { .. }
        | RuleKind::Indexing { .. }
        | RuleKind::NumberedRoom { .. } => outside::holds(kind, g, value),
        RuleKind::Rellik { cells, total } => set_rules::rellik_holds(cells, *total, symbol, value),
        RuleKind::Cage { cells, total } => set_rules::cage_holds(cells, *total, symbol, value),
        RuleKind::Lunchbox { cells, total } => {
            set_rules::lunchbox_holds(cells, *total, symbol, value)
        }
        RuleKind::CountingCircles { cells } => set_rules::circles_hold(cells, value),
        RuleKind::SameValues { cells, size } => set_rules::same_values_hold(cells, *size, symbol),
        RuleKind::EqualSum { sets, .. } => set_rules::equal_sums_hold(sets, value),
        RuleKind::CountDistinct {
            cells,
            counts_itself,
        } => set_rules::count_distinct_holds(g, cells, *counts_itself, value),
        RuleKind::DutchFlatmates => global_rules::flatmates_hold(g, value),
        RuleKind::GlobalEntropy | RuleKind::GlobalModular => {
            global_rules::squares_hold(kind, g, value)
        }
        RuleKind::Chaos { .. } => super::chaos::holds(kind, g, symbol),
        // A region clue holds when some partition fits the chaos construction and every clue.
        RuleKind::ChaosArrow { .. }
        | RuleKind::ChaosCount { .. }
        | RuleKind::CountRegions { .. } => g
            .constraints()
            .iter()
            .find(|c| matches!(c.kind, RuleKind::Chaos { .. }))
            .is_some_and(|c| super::chaos::holds(&c.kind, g, symbol)),
        RuleKind::SumLine {
            cells,
            automaton,
            closed: true,
            ..
        } => super::sum_line::loop_holds(cells, automaton, g, value),
        RuleKind::Any { .. } | RuleKind::All { .. } => super::composite::holds(kind, g, symbol),
        // Stated by their laws (`laws.rs`).
        RuleKind::AntiKnight
        | RuleKind::AntiKing
        | RuleKind::Nonconsecutive
        | RuleKind::AntiTaxicab
        | RuleKind::Thermo { .. }
        | RuleKind::SlowThermo { .. }
        | RuleKind::Marks { .. }
        | RuleKind::Odd { .. }
        | RuleKind::Even { .. }
        | RuleKind::Minimum { .. }
        | RuleKind::Maximum { .. }
        | RuleKind::DisjointGroups { .. }
        | RuleKind::LittleKiller { .. }
        | RuleKind::Arrow { .. }
        | RuleKind::DoubleArrow { .. }
        | RuleKind::Whispers { .. }
        | RuleKind::Palindrome { .. }
        | RuleKind::Clone { .. }
        | RuleKind::Sequence { .. }
        | RuleKind::SumLine { .. }
        | RuleKind::HiddenSkyscraper { .. }
        | RuleKind::Relation { .. } => true,
    }
}

/// Whether every symbol of `symbols` can still appear among the cells as often as listed:
/// only a full set of cells can be missing a symbol; until then, only too many required
/// symbols for the cells still empty breaks it.
fn quadruple_holds(
    cells: &[CellId],
    symbols: &[u8],
    symbol: &dyn Fn(CellId) -> Option<u8>,
) -> bool {
    let placed: Vec<u8> = cells.iter().filter_map(|&c| symbol(c)).collect();
    let empty = cells.len() - placed.len();
    let mut missing = 0;
    let mut counted: Vec<u8> = Vec::new();
    for &s in symbols {
        let need = counted.iter().filter(|&&t| t == s).count() + 1;
        counted.push(s);
        if placed.iter().filter(|&&t| t == s).count() < need {
            missing += 1;
        }
    }
    missing <= empty
}
