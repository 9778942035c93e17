//! Counting solutions.

use super::{Handle, snake};
use serde::Serialize;
use shapedoku::solver::Budget;
use shapedoku::{Grid, Puzzle, Solver};

/// Search statistics.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct StatsOut {
    /// Search nodes visited.
    pub nodes: u64,
    /// Guesses made.
    pub guesses: u64,
}

/// A solution count.
#[derive(Debug, Clone, Serialize)]
pub struct CountOut {
    /// `no_solution`, `unique`, `several`, `at_least_one` or `undecided`.
    pub verdict: String,
    /// The solutions found (up to the limit), as lines.
    pub solutions: Vec<String>,
    /// Whether the search space was exhausted, so the count is exact.
    pub exact: bool,
    /// Search statistics.
    pub stats: StatsOut,
}

/// The count of a puzzle known to have no solution, found without a search.
fn no_solution() -> shapedoku::Count {
    shapedoku::Count {
        solutions: Vec::new(),
        exhausted: true,
        stopped: None,
        stats: Default::default(),
    }
}

/// Counts with a compiled solver for the puzzle's geometry (reused across a batch).
pub(super) fn count_with(
    solver: &mut Solver,
    p: &Puzzle,
    limit: usize,
    guesses: Option<u64>,
) -> CountOut {
    let c = if p.clashes().is_empty() {
        let budget = match guesses {
            Some(max) => Budget::unlimited().with_guesses(max),
            None => Budget::unlimited(),
        };
        match solver.set_givens(p.givens()) {
            Ok(()) => solver.count_with(limit, &budget),
            // Givens the solver refuses cannot be completed either.
            Err(_) => no_solution(),
        }
    } else {
        // Givens that already break a shape: no solution, and no search.
        no_solution()
    };
    CountOut {
        verdict: snake(c.verdict()),
        solutions: c.solutions.iter().map(Grid::to_line).collect(),
        exact: c.exhausted,
        stats: StatsOut {
            nodes: c.stats.nodes,
            guesses: c.stats.guesses,
        },
    }
}

impl Handle {
    /// Counts solutions up to `limit`, stopping after `guesses` guesses when given.
    pub fn count(&self, limit: usize, guesses: Option<u64>) -> CountOut {
        let mut solver = Solver::for_geometry(self.g().clone());
        count_with(&mut solver, &self.puzzle, limit.max(1), guesses)
    }
}
