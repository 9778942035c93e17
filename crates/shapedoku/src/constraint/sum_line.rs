//! Sum lines: a line split into runs of consecutive cells, each adding up to the same total.
//! Where the runs end is part of the solution, so the rule is stated as an automaton that
//! reads the line's values and keeps the sum of the run still open
//! ([`super::Laws::Automaton`]); the `sequence` propagator and check then serve it unchanged.

use super::RuleKind;
use crate::CellId;
use crate::automaton::{Automaton, MAX_STATES, Transition};

impl RuleKind {
    /// A sum line through `cells` whose runs each add up to `total`, or `None` when `total`
    /// is not between 1 and [`MAX_STATES`] (the automaton has one state per open sum, 0 to
    /// `total - 1`).
    ///
    /// ```
    /// use shapedoku::constraint::RuleKind;
    /// use shapedoku::CellId;
    /// let line: Vec<CellId> = (0..4).map(CellId::new).collect();
    /// let Some(RuleKind::SumLine { automaton, .. }) = RuleKind::sum_line(line, 10) else {
    ///     unreachable!()
    /// };
    /// assert!(automaton.accepts([3, 7, 2, 8])); // 3+7 | 2+8
    /// assert!(automaton.accepts([1, 2, 3, 4])); // one run
    /// assert!(!automaton.accepts([3, 7, 2, 9])); // the last run adds up to 11
    /// ```
    pub fn sum_line(cells: Vec<CellId>, total: i64) -> Option<RuleKind> {
        Some(RuleKind::SumLine {
            cells,
            total,
            automaton: runs_of(total)?,
        })
    }
}

/// The automaton of runs adding up to `total`: state `s` is the sum of the open run; reading
/// `v` moves to `s + v` below the total, and back to 0 (the run closed) on reaching it.
fn runs_of(total: i64) -> Option<Automaton> {
    let n = usize::try_from(total)
        .ok()
        .filter(|n| (1..=MAX_STATES).contains(n))?;
    let mut moves = Vec::with_capacity(n * (n + 1) / 2);
    for s in 0..n {
        for t in s..n {
            let v = (t - s) as i64;
            moves.push(Transition::new(s, t, vec![(v, v)]));
        }
        let close = (n - s) as i64;
        moves.push(Transition::new(s, 0, vec![(close, close)]));
    }
    let states = (0..n).map(|s| s.to_string()).collect();
    Automaton::new(states, 0, vec![0], moves).ok()
}
