//! Rule eliminations: each rule beyond shapes (a kropki dot, a thermometer, anti-knight, ...)
//! narrows the candidates on its own, by the same propagation the solver runs. A rule made of
//! separate parts is tried part by part (each mark, each minimum cell, ...) so a step names the
//! part that does the work; the removals and their reasons come from the kind's propagator, so
//! a new kind only says here how it splits into parts (`parts`, an exhaustive match).

use crate::CellId;
use crate::constraint::{Constraint, RuleKind};
use crate::reason::board::Board;
use crate::reason::catalogue::Technique;
use crate::reason::finder::Finder;
use crate::reason::rules::reasons::RuleReason;
use crate::reason::step::{Candidate, Deduction, Step};

/// The steps of every rule part whose reason is a single law, bound or repeat
/// ([`Technique::RuleElimination`]).
pub(crate) fn find(board: &Board, f: &mut Finder) {
    find_of(board, f, Technique::RuleElimination);
}

/// The steps whose reason is the combinations, runs or classes left
/// ([`Technique::RuleCombination`]).
pub(crate) fn find_combinations(board: &Board, f: &mut Finder) {
    find_of(board, f, Technique::RuleCombination);
}

/// The steps whose reason is a set argument ([`Technique::RuleSet`]).
pub(crate) fn find_sets(board: &Board, f: &mut Finder) {
    find_of(board, f, Technique::RuleSet);
}

/// The steps of the rule parts whose first reason is of the technique `want`. A part's
/// propagation records its removals in order, each with its reason, and a removal may rest on
/// the ones before it; so a step takes the removals from the first on that share its reason,
/// which all hold on the board as it is, and the rest wait for the next step.
fn find_of(board: &Board, f: &mut Finder, want: Technique) {
    let g = board.geometry();
    // Nothing to do (and nothing to copy) without rules: classic puzzles pay nothing.
    if g.constraints().is_empty() {
        return;
    }
    let before: Vec<u64> = (0..g.cell_count()).map(|c| board.candidates(c).0).collect();
    for (i, c) in g.constraints().iter().enumerate() {
        for (cells, part) in parts(c) {
            let mut after = before.clone();
            // A rule broken on the board (a contradiction) is not a step: the guess and the
            // forcing chains deal with boards that cannot be solved.
            let Some(removals) = crate::solver::explain_rule(&part, g, &mut after) else {
                continue;
            };
            let Some(first) = removals.first() else {
                continue;
            };
            let reason = RuleReason::of(&first.why);
            if reason.technique() != want {
                continue;
            }
            let mut eliminations = Vec::new();
            for r in removals.iter().take_while(|r| r.why == first.why) {
                let mut gone = r.removed;
                while gone != 0 {
                    let s = gone.trailing_zeros() as u8;
                    gone &= gone - 1;
                    eliminations.push(Candidate::at(r.cell as usize, s));
                }
            }
            eliminations.sort_unstable();
            eliminations.dedup();
            let deduction = Deduction::RuleElimination {
                rule: i,
                cells,
                reason,
            };
            if !f.push(Step::eliminating(eliminations, deduction)) {
                return;
            }
        }
    }
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
        | RuleKind::AntiTaxicab
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
        | RuleKind::SameValues { .. }
        | RuleKind::EqualSum { .. }
        | RuleKind::CountDistinct { .. }
        | RuleKind::Sequence { .. }
        | RuleKind::Relation { .. }
        | RuleKind::SumLine { .. }
        | RuleKind::Sandwich { .. }
        | RuleKind::XSum { .. }
        | RuleKind::Skyscraper { .. }
        | RuleKind::HiddenSkyscraper { .. }
        | RuleKind::Indexing { .. }
        | RuleKind::Rellik { .. }
        | RuleKind::Cage { .. }
        | RuleKind::Lunchbox { .. }
        | RuleKind::Lockout { .. }
        | RuleKind::DutchFlatmates
        | RuleKind::GlobalEntropy
        | RuleKind::GlobalModular
        | RuleKind::NumberedRoom { .. }
        | RuleKind::CountingCircles { .. }
        | RuleKind::Chaos { .. }
        | RuleKind::ChaosArrow { .. }
        | RuleKind::ChaosCount { .. }
        | RuleKind::CountRegions { .. }
        | RuleKind::Any { .. }
        | RuleKind::All { .. } => vec![whole()],
    }
}

fn one_per_cell(
    cells: &[CellId],
    part: impl Fn(Vec<CellId>) -> Constraint,
) -> Vec<(Vec<CellId>, Constraint)> {
    cells.iter().map(|&c| (vec![c], part(vec![c]))).collect()
}
