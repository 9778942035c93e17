//! The budget every request runs under (guesses, a deadline, a cancellation flag) and the one
//! bounded count the studio makes.
//!
//! [`count`] passes the request's limits to the library's per-call budget
//! ([`shapedoku::solver::Budget`]), which reads the clock and the flag as the search goes.

use crate::api::{Limits, Stop};
use shapedoku::{Count, Puzzle, Solver, Stats, solver};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Limits on one request's work.
#[derive(Debug, Clone)]
pub struct Budget {
    /// Guesses allowed to each search.
    pub guess_limit: u64,
    /// The time allowed, from the budget's making to its deadline.
    pub time_limit: Duration,
    /// When the request came in: waiting for a turn counts against the time limit, so the
    /// time a request reports as used counts from here too.
    pub started: Instant,
    /// When the request must answer.
    pub deadline: Instant,
    /// Set when a newer request replaces this one, or its client goes away.
    pub cancel: Arc<AtomicBool>,
}

impl Budget {
    /// A budget of `guess_limit` guesses and `time` from now, not cancelled.
    pub fn new(guess_limit: u64, time: Duration) -> Self {
        Self::resumed(guess_limit, time, Duration::ZERO)
    }

    /// A budget of `guess_limit` guesses and `time` in all, of which `used` is already spent
    /// (a worker process takes over a request this way: instants do not cross processes).
    pub fn resumed(guess_limit: u64, time: Duration, used: Duration) -> Self {
        let now = Instant::now();
        let started = now.checked_sub(used).unwrap_or(now);
        Budget {
            guess_limit,
            time_limit: time,
            started,
            deadline: now + time.saturating_sub(used),
            cancel: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The limits it was made with, as the API reports them: the whole time limit, not what is
    /// left of it.
    pub fn limits(&self) -> Limits {
        Limits {
            guess_limit: self.guess_limit,
            time_limit_ms: u64::try_from(self.time_limit.as_millis()).unwrap_or(u64::MAX),
        }
    }

    /// The time used since the request came in.
    pub fn used(&self) -> Duration {
        self.started.elapsed()
    }

    /// The time used, in milliseconds to a tenth, as the API reports it.
    pub fn used_ms(&self) -> f64 {
        (self.used().as_secs_f64() * 10_000.0).round() / 10.0
    }

    /// Why work must stop now, if it must: cancellation first, then the deadline.
    pub fn check(&self) -> Result<(), Stop> {
        if self.cancel.load(Ordering::Relaxed) {
            Err(Stop::Cancelled)
        } else if Instant::now() >= self.deadline {
            Err(Stop::TimeLimit)
        } else {
            Ok(())
        }
    }
}

/// A count made under a budget.
#[derive(Debug, Clone)]
pub struct Bounded {
    /// The last search's result (its verdict is `Undecided` when the budget stopped it).
    pub count: Count,
    /// Why the count stopped before deciding, if it did.
    pub stop: Option<Stop>,
    /// Work done.
    pub total: Stats,
}

/// Counts the puzzle's solutions up to `limit` within the budget: one search, which reads the
/// clock and the flag as it goes. A budget already spent stops before the search starts.
pub fn count(puzzle: &Puzzle, limit: usize, budget: &Budget) -> Bounded {
    if let Err(stop) = budget.check() {
        let count = Count {
            solutions: Vec::new(),
            exhausted: false,
            stopped: Some(match stop {
                Stop::Cancelled => solver::Stop::Cancelled,
                _ => solver::Stop::Deadline,
            }),
            stats: Stats::default(),
        };
        return Bounded {
            count,
            stop: Some(stop),
            total: Stats::default(),
        };
    }
    let limits = solver::Budget {
        guesses: Some(budget.guess_limit),
        // A stalled large-alphabet search goes to the clause back end: its conflicts get the
        // same allowance as guesses.
        conflicts: Some(budget.guess_limit),
        deadline: Some(budget.deadline),
        cancel: Some(budget.cancel.clone()),
    };
    let count = Solver::new(puzzle).count_with(limit, &limits);
    let stop = count.stopped.map(|s| match s {
        solver::Stop::Guesses { .. } | solver::Stop::Conflicts { .. } => Stop::GuessLimit,
        solver::Stop::Deadline => Stop::TimeLimit,
        solver::Stop::Cancelled => Stop::Cancelled,
    });
    Bounded {
        total: count.stats,
        count,
        stop,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shapedoku::{Verdict, builtin};

    fn blank(name: &str) -> Puzzle {
        Puzzle::empty(builtin::geometry(name).unwrap())
    }

    #[test]
    fn an_easy_count_finishes() {
        let b = Budget::new(200_000, Duration::from_secs(10));
        let r = count(&blank("4x4"), 2, &b);
        assert_eq!(r.count.verdict(), Verdict::Several);
        assert_eq!(r.stop, None);
    }

    #[test]
    fn a_cancelled_budget_stops_before_searching() {
        let b = Budget::new(200_000, Duration::from_secs(10));
        b.cancel.store(true, Ordering::Relaxed);
        let r = count(&blank("classic"), 2, &b);
        assert_eq!(r.stop, Some(Stop::Cancelled));
        assert_eq!(r.count.verdict(), Verdict::Undecided);
        assert_eq!(r.total.nodes, 0);
    }

    #[test]
    fn a_passed_deadline_stops_the_count() {
        let b = Budget::new(200_000, Duration::ZERO);
        let r = count(&blank("classic"), 2, &b);
        assert_eq!(r.stop, Some(Stop::TimeLimit));
    }

    #[test]
    fn the_guess_limit_stops_a_long_count_and_says_so() {
        // Counting 6x6 fillings to 100,000 needs far more than 50 guesses.
        let b = Budget::new(50, Duration::from_secs(10));
        let r = count(&blank("6x6"), 100_000, &b);
        assert_eq!(r.stop, Some(Stop::GuessLimit));
        assert!(r.count.stats.guesses <= 51, "{:?}", r.count.stats);
    }

    #[test]
    fn cancelling_from_another_thread_stops_a_running_count() {
        // 6x6 has 28 million fillings: counting a million takes seconds, far longer than the
        // 50 ms after which the flag is set.
        let b = Budget::new(u64::MAX, Duration::from_secs(60));
        let flag = b.cancel.clone();
        let t = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            flag.store(true, Ordering::Relaxed);
        });
        let start = Instant::now();
        let r = count(&blank("6x6"), 1_000_000, &b);
        t.join().unwrap();
        assert_eq!(r.stop, Some(Stop::Cancelled));
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "{:?}",
            start.elapsed()
        );
    }
}
