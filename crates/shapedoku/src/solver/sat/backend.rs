//! The engines behind [`super::count`]: one small trait, so the encoding is written once and any
//! incremental CDCL solver can run it. Literals are DIMACS-style integers (variable `v` is `v`,
//! its negation `-v`), which every engine understands or maps cheaply.

use super::{Budget, Stop};
use batsat::{Callbacks, ClauseKind, SolverInterface, SolverOpts, lbool};
use std::cell::Cell;
use std::sync::atomic::Ordering;
use std::time::Instant;

/// A literal: variable index (from 1) with a sign, as in DIMACS.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct Lit(pub(super) i32);

impl std::ops::Not for Lit {
    type Output = Lit;
    fn not(self) -> Lit {
        Lit(-self.0)
    }
}

/// What one call to an engine established.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Answer {
    Sat,
    Unsat,
    Stopped(Stop),
}

/// An incremental clause-learning SAT solver.
pub(super) trait Backend {
    /// A fresh variable, as its positive literal.
    fn new_var(&mut self) -> Lit;
    /// A fresh variable the engine should try true first when it decides on it (a candidate:
    /// "this cell holds this symbol"); by default, as [`Backend::new_var`].
    fn new_choice(&mut self) -> Lit {
        self.new_var()
    }
    /// Adds a clause (an empty one makes the problem unsatisfiable).
    fn add_clause(&mut self, lits: &[Lit]);
    /// Solves under the budget; `conflicts` is what is left of the conflict limit.
    fn solve(&mut self, budget: &Budget, conflicts: Option<u64>) -> Answer;
    /// The value of a literal in the last model.
    fn value(&self, lit: Lit) -> bool;
    /// Conflicts so far, over every call.
    fn conflicts(&mut self) -> u64;
    /// Decisions so far (0 when the engine does not say).
    fn decisions(&self) -> u64;
}

/// Why a budget says stop, if it does: the cancel flag, then the deadline.
fn out_of_time(budget: &Budget) -> Option<Stop> {
    if budget.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
        return Some(Stop::Cancelled);
    }
    if budget.deadline.is_some_and(|d| Instant::now() >= d) {
        return Some(Stop::Deadline);
    }
    None
}

/// The batsat engine (a MiniSat port in pure Rust).
pub(super) struct Batsat<'a> {
    sat: batsat::Solver<Watch<'a>>,
    clause: Vec<batsat::Lit>,
}

/// batsat's hook into the search: counts conflicts and asks the budget whether to stop.
struct Watch<'a> {
    conflicts: Cell<u64>,
    limit: Option<u64>,
    deadline: Option<Instant>,
    cancel: Option<&'a std::sync::atomic::AtomicBool>,
    /// Calls to `stop`, to read the clock only every 16th (it is asked at most once per
    /// decision).
    ticks: Cell<u32>,
    stopped: Cell<Option<Stop>>,
}

impl Callbacks for Watch<'_> {
    fn on_new_clause(&mut self, _c: &[batsat::Lit], kind: ClauseKind) {
        if kind == ClauseKind::Learnt {
            self.conflicts.set(self.conflicts.get() + 1);
        }
    }
    fn stop(&self) -> bool {
        // batsat asks again after a stopped restart: the answer must stay "stop".
        if self.stopped.get().is_some() {
            return true;
        }
        if self.limit.is_some_and(|l| self.conflicts.get() >= l) {
            self.stopped.set(Some(Stop::Conflicts));
            return true;
        }
        let t = self.ticks.get().wrapping_add(1);
        self.ticks.set(t);
        if t % 16 == 0 {
            let budget = Budget {
                conflicts: None,
                deadline: self.deadline,
                cancel: self.cancel,
            };
            if let Some(why) = out_of_time(&budget) {
                self.stopped.set(Some(why));
                return true;
            }
        }
        false
    }
}

impl<'a> Batsat<'a> {
    pub(super) fn new(budget: &Budget<'a>) -> Self {
        let watch = Watch {
            conflicts: Cell::new(0),
            limit: None,
            deadline: budget.deadline,
            cancel: budget.cancel,
            ticks: Cell::new(0),
            stopped: Cell::new(None),
        };
        Batsat {
            sat: batsat::Solver::new(SolverOpts::default(), watch),
            clause: Vec::new(),
        }
    }

    fn lit(l: Lit) -> batsat::Lit {
        batsat::Lit::new(
            batsat::Var::unsafe_from_idx(l.0.unsigned_abs() - 1),
            l.0 > 0,
        )
    }
}

impl Backend for Batsat<'_> {
    fn new_var(&mut self) -> Lit {
        Lit(self.sat.new_var_default().idx() as i32 + 1)
    }

    /// Deciding a candidate false only takes one symbol from one cell, which unit propagation
    /// rarely follows up; deciding it true places the symbol, clearing it from the cell's peers
    /// and the cell's other candidates, as a search's guess does. On the hardest 36x36 puzzle
    /// that cut conflicts by a sixth and CPU time by more than half (MiniSat's default, kept for
    /// the other variables, decides false first and then reuses the last value).
    fn new_choice(&mut self) -> Lit {
        Lit(self.sat.new_var(lbool::TRUE, true).idx() as i32 + 1)
    }

    fn add_clause(&mut self, lits: &[Lit]) {
        self.clause.clear();
        self.clause.extend(lits.iter().map(|&l| Self::lit(l)));
        // `false` means the clauses are already contradictory; the next solve reports it.
        let _ = self.sat.add_clause_reuse(&mut self.clause);
    }

    fn solve(&mut self, budget: &Budget, conflicts: Option<u64>) -> Answer {
        if let Some(why) = out_of_time(budget) {
            return Answer::Stopped(why);
        }
        let start = self.sat.cb().conflicts.get();
        {
            let watch = self.sat.cb_mut();
            watch.limit = conflicts.map(|c| start.saturating_add(c));
            watch.stopped.set(None);
        }
        let r = self.sat.solve_limited(&[]);
        if r == lbool::TRUE {
            Answer::Sat
        } else if r == lbool::FALSE {
            Answer::Unsat
        } else {
            Answer::Stopped(self.sat.cb().stopped.get().unwrap_or(Stop::Conflicts))
        }
    }

    fn value(&self, lit: Lit) -> bool {
        self.sat.value_lit(Self::lit(lit)) == lbool::TRUE
    }

    fn conflicts(&mut self) -> u64 {
        self.sat.num_conflicts()
    }

    fn decisions(&self) -> u64 {
        self.sat.num_decisions()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// With nothing to force them, a choice is decided true and a plain variable false.
    #[test]
    fn choices_are_decided_true_first() {
        let budget = Budget::default();
        let mut sat = Batsat::new(&budget);
        let (plain, choice) = (sat.new_var(), sat.new_choice());
        sat.add_clause(&[plain, !plain, choice, !choice]);
        assert_eq!(sat.solve(&budget, None), Answer::Sat);
        assert!(sat.value(choice));
        assert!(!sat.value(plain));
    }
}
