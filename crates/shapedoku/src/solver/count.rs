//! What a search reports: the solutions found, whether the space was exhausted, what stopped
//! it early, and how much work it took.

use crate::Grid;
use std::fmt;

/// Search statistics.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Stats {
    /// Propagation rounds run (one per search node). For a count decided by the clause back
    /// end: its decisions.
    pub nodes: u64,
    /// Guesses made (branches taken). For a count decided by the clause back end: its
    /// conflicts.
    pub guesses: u64,
}

/// What a count established.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum Verdict {
    /// The search proved there is no solution.
    #[cfg_attr(feature = "serde", serde(rename = "none"))]
    NoSolution,
    /// The search proved there is exactly one solution.
    Unique,
    /// At least two solutions exist.
    Several,
    /// One solution was found and the search stopped (a limit of 1 was asked for).
    #[cfg_attr(feature = "serde", serde(rename = "found"))]
    AtLeastOne,
    /// A limit of the [`crate::solver::Budget`] stopped the search before it decided;
    /// [`Count::stopped`] says which.
    Undecided,
}

/// Which limit of a [`crate::solver::Budget`] stopped a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case", tag = "limit")
)]
pub enum Stop {
    /// The search made as many guesses as the budget allows.
    Guesses {
        /// The guess limit.
        max: u64,
    },
    /// The clause back end met as many conflicts as the budget allows.
    Conflicts {
        /// The conflict limit.
        max: u64,
    },
    /// The deadline passed.
    Deadline,
    /// The cancellation flag was raised.
    Cancelled,
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stop::Guesses { max } => write!(f, "limit of {max} guesses reached"),
            Stop::Conflicts { max } => write!(f, "limit of {max} conflicts reached"),
            Stop::Deadline => write!(f, "time limit reached"),
            Stop::Cancelled => write!(f, "cancelled"),
        }
    }
}

/// The result of a count ([`crate::Solver::count`]).
#[derive(Debug, Clone)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Count {
    /// The solutions found (up to the limit), each a symbol index per cell.
    pub solutions: Vec<Grid>,
    /// Whether the whole search space was explored (so the count is exact).
    pub exhausted: bool,
    /// The limit that stopped the search early, if one did.
    pub stopped: Option<Stop>,
    /// Search statistics.
    pub stats: Stats,
}

impl Count {
    /// A count that proved there is no solution without searching.
    pub fn no_solution() -> Count {
        Count {
            solutions: Vec::new(),
            exhausted: true,
            stopped: None,
            stats: Stats::default(),
        }
    }

    /// What the count proves.
    pub fn verdict(&self) -> Verdict {
        match (self.solutions.len(), self.exhausted, self.stopped.is_some()) {
            (0, _, true) | (1, _, true) => Verdict::Undecided,
            (0, _, false) => Verdict::NoSolution,
            (1, true, _) => Verdict::Unique,
            (1, false, _) => Verdict::AtLeastOne,
            _ => Verdict::Several,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stop_reads_as_a_sentence() {
        assert_eq!(
            Stop::Guesses { max: 2000 }.to_string(),
            "limit of 2000 guesses reached"
        );
        assert_eq!(Stop::Deadline.to_string(), "time limit reached");
    }
}
