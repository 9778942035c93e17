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
            closed: false,
        })
    }

    /// A sum line around a loop through `cells` (the last cell followed by the first), whose
    /// runs each add up to `total` and may wrap past the first cell; `None` as for
    /// [`RuleKind::sum_line`].
    ///
    /// ```
    /// use shapedoku::constraint::{Constraint, RuleKind};
    /// use shapedoku::{builtin, CellId};
    /// let g = builtin::geometry("classic").unwrap();
    /// // r1c1 r1c2 r2c2 r2c1 around a loop holding 3 5 5 7 (symbols are values less one):
    /// // 5 5 | 7 3 is two runs of 10, the second wrapping past r1c1.
    /// let cells = [0, 1, 10, 9].map(CellId::new).to_vec();
    /// let rule = Constraint::new("loop", RuleKind::sum_loop(cells, 10).unwrap());
    /// let holding = |v: [u8; 4]| move |c: CellId| [0, 1, 10, 9].iter().position(|&i| i == c.index()).map(|k| v[k] - 1);
    /// assert!(rule.holds(&g, &holding([3, 5, 5, 7])));
    /// assert!(!rule.holds(&g, &holding([3, 5, 5, 8])));
    /// ```
    pub fn sum_loop(cells: Vec<CellId>, total: i64) -> Option<RuleKind> {
        Some(RuleKind::SumLine {
            cells,
            total,
            automaton: runs_of(total)?,
            closed: true,
        })
    }
}

/// The loop `cells` read from each of its cells in turn: the line from `cells[k]` round to
/// `cells[k - 1]`, for every `k`. A loop's runs start somewhere, so it holds when one of
/// these lines splits into runs.
pub(crate) fn rotations(cells: &[CellId]) -> impl Iterator<Item = Vec<CellId>> + '_ {
    (0..cells.len()).map(|k| cells[k..].iter().chain(&cells[..k]).copied().collect())
}

/// A sum line around a loop: the filled values, read from some cell round the loop, can
/// still be completed into runs of the total.
pub(super) fn loop_holds(
    cells: &[CellId],
    automaton: &Automaton,
    g: &crate::Geometry,
    value: &dyn Fn(CellId) -> Option<i64>,
) -> bool {
    rotations(cells).any(|line| {
        let word: Vec<Option<i64>> = line.iter().map(|&c| value(c)).collect();
        automaton.can_complete(&word, 0, g.symbols().values())
    })
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
