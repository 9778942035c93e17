//! Rule eliminations: each rule beyond shapes (a kropki dot, a thermometer, anti-knight, ...)
//! narrows the candidates on its own, by the same propagation the solver runs. A rule made of
//! separate parts is tried part by part (each mark, each minimum cell, ...) so a step names the
//! part that does the work; the removals and their reasons come from the kind's propagator, so
//! a new kind only says here how it splits into parts (`parts`, an exhaustive match).

use crate::constraint::{Constraint, RuleKind};
use crate::reason::board::Board;
use crate::reason::finder::Finder;
use crate::reason::step::{Candidate, Deduction, Step};
use crate::{CellId, Geometry};

/// Finds the steps of every rule part that removes candidates.
pub(crate) fn find(board: &Board, f: &mut Finder) {
    let g = board.geometry();
    let before: Vec<u64> = (0..g.cell_count()).map(|c| board.candidates(c).0).collect();
    for (i, c) in g.constraints().iter().enumerate() {
        for (cells, part) in parts(c) {
            let mut after = before.clone();
            // A rule broken on the board (a contradiction) is not a step: the guess and the
            // forcing chains deal with boards that cannot be solved.
            let Some(removals) = crate::solver::explain_rule(&part, g, &mut after) else {
                continue;
            };
            if removals.is_empty() {
                continue;
            }
            let eliminations = removed(g, &before, &after);
            let deduction = Deduction::RuleElimination { rule: i, cells };
            if !f.push(Step::eliminating(eliminations, deduction)) {
                return;
            }
        }
    }
}

/// The candidates in `before` that are not in `after`.
fn removed(g: &Geometry, before: &[u64], after: &[u64]) -> Vec<Candidate> {
    let mut out = Vec::new();
    for c in 0..g.cell_count() {
        let mut gone = before[c] & !after[c];
        while gone != 0 {
            let s = gone.trailing_zeros() as u8;
            gone &= gone - 1;
            out.push(Candidate::at(c, s));
        }
    }
    out
}

/// The parts of a rule, each with the cells that name it: one per mark (then the whole rule,
/// for its negative constraint), one per listed cell of a cell rule, or the whole rule. The
/// match is exhaustive: a new kind says how its steps are told apart.
fn parts(c: &Constraint) -> Vec<(Vec<CellId>, Constraint)> {
    let part = |kind: RuleKind| Constraint::new(&c.name, kind);
    let whole = || (Vec::new(), c.clone());
    match &c.kind {
        RuleKind::Marks { marks, negative } => {
            let mut out: Vec<_> = marks
                .iter()
                .map(|m| {
                    let kind = RuleKind::Marks {
                        marks: vec![*m],
                        negative: Vec::new(),
                    };
                    (m.cells.to_vec(), part(kind))
                })
                .collect();
            if !negative.is_empty() {
                out.push(whole());
            }
            out
        }
        RuleKind::Odd { cells } => one_per_cell(cells, |c| part(RuleKind::Odd { cells: c })),
        RuleKind::Even { cells } => one_per_cell(cells, |c| part(RuleKind::Even { cells: c })),
        RuleKind::Minimum { cells } => {
            one_per_cell(cells, |c| part(RuleKind::Minimum { cells: c }))
        }
        RuleKind::Maximum { cells } => {
            one_per_cell(cells, |c| part(RuleKind::Maximum { cells: c }))
        }
        RuleKind::AntiKnight
        | RuleKind::AntiKing
        | RuleKind::Nonconsecutive
        | RuleKind::Thermo { .. }
        | RuleKind::SlowThermo { .. }
        | RuleKind::Quadruple { .. }
        | RuleKind::DisjointGroups { .. }
        | RuleKind::LittleKiller { .. }
        | RuleKind::Arrow { .. }
        | RuleKind::DoubleArrow { .. }
        | RuleKind::Renban { .. }
        | RuleKind::Whispers { .. }
        | RuleKind::Palindrome { .. }
        | RuleKind::Between { .. }
        | RuleKind::RegionSum { .. }
        | RuleKind::Entropic { .. }
        | RuleKind::Modular { .. }
        | RuleKind::Zipper { .. }
        | RuleKind::Clone { .. }
        | RuleKind::Sequence { .. }
        | RuleKind::Relation { .. }
        | RuleKind::Sandwich { .. }
        | RuleKind::XSum { .. }
        | RuleKind::Skyscraper { .. }
        | RuleKind::Indexing { .. } => vec![whole()],
    }
}

fn one_per_cell(
    cells: &[CellId],
    part: impl Fn(Vec<CellId>) -> Constraint,
) -> Vec<(Vec<CellId>, Constraint)> {
    cells.iter().map(|&c| (vec![c], part(vec![c]))).collect()
}
