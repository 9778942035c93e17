//! A rule written as data: a small automaton over values, for the `sequence` rule. The
//! automaton reads the values along a line one by one; the line is allowed when some run ends
//! in an accepting state. A setter's new line type then needs no engine code at all.
//!
//! ```
//! use shapedoku::automaton::{Automaton, Transition};
//! // Alternating low (1-4) and high (6-9), starting with either.
//! let a = Automaton::new(
//!     vec!["start".into(), "low".into(), "high".into()],
//!     0,
//!     vec![1, 2],
//!     vec![
//!         Transition::new(0, 1, vec![(1, 4)]),
//!         Transition::new(0, 2, vec![(6, 9)]),
//!         Transition::new(1, 2, vec![(6, 9)]),
//!         Transition::new(2, 1, vec![(1, 4)]),
//!     ],
//! )
//! .unwrap();
//! assert!(a.accepts([1, 7, 2, 9]));
//! assert!(!a.accepts([1, 2]));
//! ```

pub mod regex;

/// The most states an automaton may have: the solver keeps a set of states in one word.
pub const MAX_STATES: usize = 64;

/// One move of an [`Automaton`]: from state `from`, reading a value in one of the ranges, to
/// state `to`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Transition {
    /// The state it leaves.
    pub from: usize,
    /// The state it enters.
    pub to: usize,
    /// The values it reads: inclusive ranges `(low, high)`.
    pub values: Vec<(i64, i64)>,
}

impl Transition {
    /// A move from `from` to `to` on any value in `values` (inclusive ranges).
    pub fn new(from: usize, to: usize, values: Vec<(i64, i64)>) -> Transition {
        Transition { from, to, values }
    }

    /// Whether it reads `v`.
    pub fn reads(&self, v: i64) -> bool {
        self.values.iter().any(|&(lo, hi)| lo <= v && v <= hi)
    }
}

/// An automaton that cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AutomatonError {
    /// No states, or more than [`MAX_STATES`].
    #[error("an automaton has 1 to {MAX_STATES} states, not {0}")]
    StateCount(usize),
    /// A state number (start, accepting or in a transition) that is not a state.
    #[error("state {0} does not exist")]
    NoSuchState(usize),
}

/// A nondeterministic finite automaton over values (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Automaton {
    states: Vec<String>,
    start: usize,
    accepting: Vec<usize>,
    transitions: Vec<Transition>,
}

impl Automaton {
    /// An automaton with these named states (by index), start state, accepting states and
    /// moves. Fails when a state index is out of range or there are no states or too many.
    pub fn new(
        states: Vec<String>,
        start: usize,
        accepting: Vec<usize>,
        transitions: Vec<Transition>,
    ) -> Result<Automaton, AutomatonError> {
        let n = states.len();
        if n == 0 || n > MAX_STATES {
            return Err(AutomatonError::StateCount(n));
        }
        let used = std::iter::once(start)
            .chain(accepting.iter().copied())
            .chain(transitions.iter().flat_map(|t| [t.from, t.to]));
        if let Some(bad) = used.into_iter().find(|&s| s >= n) {
            return Err(AutomatonError::NoSuchState(bad));
        }
        Ok(Automaton {
            states,
            start,
            accepting,
            transitions,
        })
    }

    /// The states' names, by index.
    pub fn states(&self) -> &[String] {
        &self.states
    }
    /// The start state.
    pub fn start(&self) -> usize {
        self.start
    }
    /// The accepting states.
    pub fn accepting(&self) -> &[usize] {
        &self.accepting
    }
    /// The moves.
    pub fn transitions(&self) -> &[Transition] {
        &self.transitions
    }

    /// The states reachable from those in `from` (a bit per state) by reading `v`.
    pub fn step(&self, from: u64, v: i64) -> u64 {
        self.transitions
            .iter()
            .filter(|t| from >> t.from & 1 == 1 && t.reads(v))
            .fold(0, |m, t| m | 1 << t.to)
    }

    /// The accepting states as a bit set.
    pub fn accepting_mask(&self) -> u64 {
        self.accepting.iter().fold(0, |m, &s| m | 1 << s)
    }

    /// Whether the automaton accepts this sequence of values.
    pub fn accepts(&self, values: impl IntoIterator<Item = i64>) -> bool {
        let mut cur = 1u64 << self.start;
        for v in values {
            cur = self.step(cur, v);
            if cur == 0 {
                return false;
            }
        }
        cur & self.accepting_mask() != 0
    }

    /// Whether some accepted sequence starts with these values (each `None` stands for any
    /// value in `alphabet`) and goes on for `rest` more values from `alphabet`.
    pub fn can_complete(&self, prefix: &[Option<i64>], rest: usize, alphabet: &[i64]) -> bool {
        let any = |cur: u64| alphabet.iter().fold(0, |m, &v| m | self.step(cur, v));
        let mut cur = 1u64 << self.start;
        for v in prefix {
            cur = match v {
                Some(v) => self.step(cur, *v),
                None => any(cur),
            };
        }
        for _ in 0..rest {
            cur = any(cur);
        }
        cur & self.accepting_mask() != 0
    }
}
