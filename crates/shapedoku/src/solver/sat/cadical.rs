//! The CaDiCaL engine (C++, built from source by the `cadical` crate), behind the `cadical`
//! feature.

use super::backend::{Answer, Backend, Lit};
use super::{Budget, Stop};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// CaDiCaL's hooks: counts learnt clauses (one per conflict) and asks the budget whether to stop.
struct Hooks<'a> {
    learnt: u64,
    deadline: Option<Instant>,
    cancel: Option<&'a AtomicBool>,
    stopped: Option<Stop>,
}

impl cadical::Callbacks for Hooks<'_> {
    fn terminate(&mut self) -> bool {
        if self.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            self.stopped = Some(Stop::Cancelled);
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stopped = Some(Stop::Deadline);
        }
        self.stopped.is_some()
    }
    fn max_length(&self) -> i32 {
        i32::MAX
    }
    fn learn(&mut self, _clause: &[i32]) {
        self.learnt += 1;
    }
}

/// The CaDiCaL engine.
pub(super) struct Cadical<'a> {
    sat: cadical::Solver<Hooks<'a>>,
    vars: i32,
}

impl<'a> Cadical<'a> {
    pub(super) fn new(budget: &Budget<'a>) -> Self {
        let mut sat = cadical::Solver::new();
        sat.set_callbacks(Some(Hooks {
            learnt: 0,
            deadline: budget.deadline,
            cancel: budget.cancel,
            stopped: None,
        }));
        Cadical { sat, vars: 0 }
    }

    fn hooks(&mut self) -> &mut Hooks<'a> {
        self.sat
            .get_callbacks()
            .expect("the hooks are installed at construction")
    }
}

impl Backend for Cadical<'_> {
    fn new_var(&mut self) -> Lit {
        self.vars += 1;
        Lit(self.vars)
    }

    fn add_clause(&mut self, lits: &[Lit]) {
        self.sat.add_clause(lits.iter().map(|l| l.0));
    }

    fn solve(&mut self, budget: &Budget, conflicts: Option<u64>) -> Answer {
        if budget.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return Answer::Stopped(Stop::Cancelled);
        }
        if budget.deadline.is_some_and(|d| Instant::now() >= d) {
            return Answer::Stopped(Stop::Deadline);
        }
        // The limit holds for one call only; -1 means none.
        let limit = conflicts.map_or(-1, |c| c.min(i32::MAX as u64) as i32);
        self.sat
            .set_limit("conflicts", limit)
            .expect("CaDiCaL knows the conflicts limit");
        self.hooks().stopped = None;
        match self.sat.solve() {
            Some(true) => Answer::Sat,
            Some(false) => Answer::Unsat,
            None => Answer::Stopped(self.hooks().stopped.unwrap_or(Stop::Conflicts)),
        }
    }

    fn value(&self, lit: Lit) -> bool {
        self.sat.value(lit.0) == Some(true)
    }

    fn conflicts(&mut self) -> u64 {
        self.hooks().learnt
    }

    fn decisions(&self) -> u64 {
        0
    }
}
