//! Hidden skyscrapers: seen from the clue, a cell is hidden when some cell before it is at
//! least as high, and the clue is the value of the first hidden one. Stated as an automaton
//! that reads the line's values and keeps the highest so far until the first hidden value
//! ([`super::Laws::Automaton`]), so the `sequence` propagator and check serve it unchanged.

use super::RuleKind;
use crate::CellId;
use crate::automaton::{Automaton, MAX_STATES, Transition};

impl RuleKind {
    /// A hidden skyscraper clue of `value` at `clue`, reading `cells` from the clue, over an
    /// alphabet of these `values`; `None` when the alphabet has more distinct values than the
    /// automaton has states for (one per highest value so far, a start and an end).
    ///
    /// ```
    /// use shapedoku::constraint::RuleKind;
    /// use shapedoku::CellId;
    /// let line: Vec<CellId> = (0..4).map(CellId::new).collect();
    /// let rule = RuleKind::hidden_skyscraper(line, 2, (0, 1), &[1, 2, 3, 4]);
    /// let Some(RuleKind::HiddenSkyscraper { automaton, .. }) = rule else { unreachable!() };
    /// assert!(automaton.accepts([3, 4, 2, 1])); // 3 and 4 seen, 2 the first hidden
    /// assert!(!automaton.accepts([3, 1, 2, 4])); // 1 is the first hidden
    /// assert!(!automaton.accepts([1, 2, 3, 4])); // nothing hidden
    /// ```
    pub fn hidden_skyscraper(
        cells: Vec<CellId>,
        value: i64,
        clue: (u32, u32),
        values: &[i64],
    ) -> Option<RuleKind> {
        Some(RuleKind::HiddenSkyscraper {
            cells,
            value,
            clue,
            automaton: first_hidden(value, values)?,
        })
    }
}

/// State 0 before the first cell, state 1 + i with the highest value so far the i-th of the
/// sorted distinct values, the last state once the first hidden value has been read (and was
/// `value`); every value is read there.
fn first_hidden(value: i64, values: &[i64]) -> Option<Automaton> {
    let mut d = values.to_vec();
    d.sort_unstable();
    d.dedup();
    let done = d.len() + 1;
    if done + 1 > MAX_STATES || d.is_empty() {
        return None;
    }
    let one = |v: i64| vec![(v, v)];
    let mut moves = Vec::new();
    for (i, &v) in d.iter().enumerate() {
        moves.push(Transition::new(0, 1 + i, one(v)));
        for (j, &w) in d.iter().enumerate().skip(i + 1) {
            moves.push(Transition::new(1 + i, 1 + j, one(w)));
        }
        if value <= v {
            moves.push(Transition::new(1 + i, done, one(value)));
        }
    }
    moves.push(Transition::new(done, done, vec![(d[0], d[d.len() - 1])]));
    let mut states = vec!["start".to_string()];
    states.extend(d.iter().map(|v| format!("highest {v}")));
    states.push("hidden".into());
    Automaton::new(states, 0, vec![done], moves).ok()
}
