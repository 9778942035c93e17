//! The [`Finder`]: what a search fills with the steps it finds, within a limit and a budget.
//! Every technique's search takes one; it knows nothing of the techniques.

use super::board::Board;
use super::step::Step;
use crate::solver::{Budget, Stop};

/// Collects the steps a technique finds, up to a limit, within a budget: the long searches
/// (forcing chains, the guess's count) look at [`Finder::out_of_budget`] as they go, so one
/// step cannot outlive the caller's deadline.
#[derive(Debug)]
pub struct Finder {
    /// Steps found so far.
    pub steps: Vec<Step>,
    limit: usize,
    budget: Budget,
    stopped: Option<Stop>,
    /// Calls of [`Finder::out_of_budget`] so far: the clock is read on every
    /// [`CLOCK_EVERY`]th, since reading it costs more than a chain search's step.
    polls: u32,
}

/// How often [`Finder::out_of_budget`] reads the clock: on its first call and every this many
/// calls after. The loops that call it do at least a propagation per call, so this keeps a
/// deadline within milliseconds while the clock stays out of the profile.
const CLOCK_EVERY: u32 = 16;

impl Finder {
    /// A finder that stops after `limit` steps, with no limit on the work.
    pub fn new(limit: usize) -> Self {
        Finder::within(limit, &Budget::default())
    }
    /// A finder that stops after `limit` steps or when `budget` runs out.
    pub fn within(limit: usize, budget: &Budget) -> Self {
        Finder {
            steps: Vec::new(),
            limit: limit.max(1),
            budget: budget.clone(),
            stopped: None,
            polls: 0,
        }
    }
    /// [`Finder::within`] for a caller that has just read the budget's clock: the first
    /// [`Finder::out_of_budget`] does not read it again.
    pub(crate) fn after_clock(limit: usize, budget: &Budget) -> Self {
        Finder {
            polls: 1,
            ..Finder::within(limit, budget)
        }
    }
    /// The budget the search runs under (a technique that counts solutions passes it on).
    pub fn budget(&self) -> &Budget {
        &self.budget
    }
    /// Whether the budget's deadline has passed or its flag is raised; once it has, the
    /// finder remembers why ([`Finder::stopped`]) and the technique should return. The clock
    /// is read on the first call and every 16th call after.
    pub fn out_of_budget(&mut self) -> bool {
        if self.stopped.is_none() && self.polls % CLOCK_EVERY == 0 {
            self.stopped = self.budget.expired();
        }
        self.polls = self.polls.wrapping_add(1);
        self.stopped.is_some()
    }
    /// Records that a limit stopped the search (for example a count run out of guesses).
    pub fn stop(&mut self, why: Stop) {
        self.stopped.get_or_insert(why);
    }
    /// The limit that stopped the search, if one did.
    pub fn stopped(&self) -> Option<Stop> {
        self.stopped
    }
    /// Records a step (empty steps are dropped); returns whether the technique should go on
    /// looking.
    pub fn push(&mut self, step: Step) -> bool {
        if !step.is_empty() {
            self.steps.push(step);
        }
        self.steps.len() < self.limit
    }
    /// How many more steps the limit allows.
    pub(crate) fn room(&self) -> usize {
        self.limit.saturating_sub(self.steps.len())
    }
    /// Whether the limit is reached.
    pub fn is_full(&self) -> bool {
        self.steps.len() >= self.limit
    }
}

/// A technique's search function: finds steps on a board.
pub type FindFn = fn(&Board, &mut Finder);
