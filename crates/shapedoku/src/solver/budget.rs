//! Limits for one count, passed with the call ([`crate::Solver::count_with`]) instead of kept
//! in the solver: a guess limit for the backtracking search, a conflict limit for the clause
//! back end, a wall-clock deadline and a cancellation flag.
//!
//! The search checks the guess limit at every guess, and the clock and the flag only every
//! [`POLL_NODES`] nodes, so an unlimited budget costs one comparison per guess.

use super::count::{Stats, Stop};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Nodes between two looks at the clock and the cancellation flag. A classic-size node takes
/// about a microsecond, but a node of a 64x64 grid tens of milliseconds: at 1024 nodes a time
/// limit of 10 s was noticed after 30 s there. Reading the clock costs tens of nanoseconds, so
/// one look per 32 nodes is free on small grids and keeps large ones within a second.
pub const POLL_NODES: u64 = 32;

/// What one count may spend. The default is unlimited.
///
/// ```
/// use shapedoku::{builtin, solver::{Budget, Stop}, Puzzle, Solver, Verdict};
/// use std::sync::{Arc, atomic::AtomicBool};
/// use std::time::Duration;
/// let g = builtin::geometry("classic").unwrap();
/// let mut solver = Solver::for_geometry(g);
/// // A blank grid needs guesses: with none allowed the answer is "undecided", and says why.
/// let c = solver.count_with(2, &Budget::default().with_guesses(0));
/// assert_eq!(c.verdict(), Verdict::Undecided);
/// assert_eq!(c.stopped, Some(Stop::Guesses { max: 0 }));
/// // A web server cancels a count when a newer edit arrives.
/// let cancel = Arc::new(AtomicBool::new(true));
/// let budget = Budget::default().with_cancel(cancel.clone()).with_timeout(Duration::from_secs(5));
/// assert_eq!(solver.count_with(2, &budget).stopped, Some(Stop::Cancelled));
/// ```
#[derive(Debug, Clone, Default)]
pub struct Budget {
    /// Guesses the backtracking search may make (`None`: no limit).
    pub guesses: Option<u64>,
    /// Conflicts the clause back end may meet (`None`: no limit). The back end decides
    /// large-alphabet puzzles whose search stalls; a conflict there is a dead end found, as a
    /// failed guess is in the search.
    pub conflicts: Option<u64>,
    /// The moment to give up (`None`: never).
    pub deadline: Option<Instant>,
    /// Raised by another thread to stop the count (`None`: not cancellable).
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Budget {
    /// No limit at all (the same as [`Budget::default`]).
    pub fn unlimited() -> Budget {
        Budget::default()
    }
    /// This budget with a guess limit.
    pub fn with_guesses(mut self, max: u64) -> Budget {
        self.guesses = Some(max);
        self
    }
    /// This budget with a conflict limit for the clause back end.
    pub fn with_conflicts(mut self, max: u64) -> Budget {
        self.conflicts = Some(max);
        self
    }
    /// This budget with a deadline.
    pub fn with_deadline(mut self, deadline: Instant) -> Budget {
        self.deadline = Some(deadline);
        self
    }
    /// This budget with a deadline `timeout` from now.
    pub fn with_timeout(self, timeout: Duration) -> Budget {
        self.with_deadline(Instant::now() + timeout)
    }
    /// This budget with a cancellation flag: the count stops soon after the flag is raised.
    pub fn with_cancel(mut self, flag: Arc<AtomicBool>) -> Budget {
        self.cancel = Some(flag);
        self
    }

    /// Whether the deadline has passed or the flag is raised, and which (the guess and
    /// conflict limits are counted by the searches themselves).
    pub fn expired(&self) -> Option<Stop> {
        if self
            .cancel
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
        {
            return Some(Stop::Cancelled);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Some(Stop::Deadline);
        }
        None
    }

    /// Whether the clock or the flag need watching at all.
    fn polled(&self) -> bool {
        self.deadline.is_some() || self.cancel.is_some()
    }
}

/// A budget being spent by one search: the guess limit in force (the caller's, or a lower one
/// the solver sets for a first try) and when to look at the clock next.
#[derive(Debug)]
pub(crate) struct Meter<'a> {
    budget: &'a Budget,
    guesses: Option<u64>,
    next_poll: u64,
}

impl<'a> Meter<'a> {
    /// A meter for `budget`, with the guess limit lowered to `cap` if that is lower.
    pub(crate) fn new(budget: &'a Budget, cap: Option<u64>) -> Meter<'a> {
        let guesses = match (budget.guesses, cap) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Meter {
            budget,
            guesses,
            next_poll: if budget.polled() { 0 } else { u64::MAX },
        }
    }

    /// Called before each guess: the limit that stops the search now, if any.
    #[inline]
    pub(crate) fn before_guess(&mut self, stats: &Stats) -> Option<Stop> {
        if let Some(max) = self.guesses.filter(|&l| stats.guesses >= l) {
            return Some(Stop::Guesses { max });
        }
        if stats.nodes >= self.next_poll {
            self.next_poll = stats.nodes + POLL_NODES;
            return self.budget.expired();
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lower_guess_limit_wins_and_the_clock_is_polled() {
        let b = Budget::default().with_guesses(5);
        let mut m = Meter::new(&b, Some(8));
        let mut s = Stats::default();
        assert_eq!(m.before_guess(&s), None);
        s.guesses = 5;
        assert_eq!(m.before_guess(&s), Some(Stop::Guesses { max: 5 }));
        let late = Budget::default().with_deadline(Instant::now());
        let mut m = Meter::new(&late, Some(8));
        assert_eq!(m.before_guess(&Stats::default()), Some(Stop::Deadline));
        let unlimited = Budget::default();
        let mut m = Meter::new(&unlimited, None);
        s.guesses = u64::MAX - 1;
        assert_eq!(m.before_guess(&s), None);
    }
}
