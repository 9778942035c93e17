//! The `sequence` rule: the values along the cells spell a word an automaton accepts. A
//! forward pass over the automaton collects the states reachable before each cell, a backward
//! pass the states from which the rest of the cells can still reach acceptance; a candidate
//! stays when some reachable state reads it into a state that can still accept
//! ([`Why::SequenceStates`]). On a line one pass each way is exact. Around a loop the first
//! cell is read twice (first and last), each reading pruned on its own, so the passes repeat
//! until nothing changes. The passes use arrays on the stack: nothing is allocated per call.

use super::propagator::{Contradiction, Domains, Narrowed, Propagator, Values, Why};
use crate::automaton::Automaton;
use std::sync::Arc;

/// The names of an automaton's states, worth saying in a reason: `None` when every name is a
/// number, as a compiled regular expression's are.
fn named(a: &Automaton) -> Option<Arc<[String]>> {
    let numbered = a.states().iter().all(|s| s.parse::<u64>().is_ok());
    (!numbered).then(|| a.states().to_vec().into())
}

/// The longest word a sequence rule reads (its cells, plus one around a loop).
pub(crate) const MAX_LEN: usize = 256;

/// One sequence rule, compiled to symbol tables.
#[derive(Debug, Clone)]
pub(super) struct Sequence {
    /// The cells in reading order (the first again at the end around a loop).
    word: Vec<u32>,
    states: usize,
    start: u64,
    accepting: u64,
    /// `next[s * states + q]`: the states symbol `s` leads to from state `q`.
    next: Vec<u64>,
    /// Whether the states are a sum line's open sums (its removals then say so,
    /// [`Why::RunSums`]), not a `sequence` rule's own states.
    runs: bool,
    /// The states' names, unless they are only numbers (a regular expression's states).
    names: Option<Arc<[String]>>,
}

impl Sequence {
    pub(super) fn new(cells: &[u32], closed: bool, a: &Automaton, values: &Values) -> Sequence {
        let states = a.states().len();
        let mut word = cells.to_vec();
        if closed && !cells.is_empty() {
            word.push(cells[0]);
        }
        word.truncate(MAX_LEN);
        let mut next = vec![0u64; values.all().len() * states];
        for (s, &v) in values.all().iter().enumerate() {
            for q in 0..states {
                next[s * states + q] = a.step(1 << q, v);
            }
        }
        Sequence {
            word,
            states,
            start: 1 << a.start(),
            accepting: a.accepting_mask(),
            next,
            runs: false,
            names: named(a),
        }
    }

    /// A sum line's automaton (its states the open run's sum, `RuleKind::sum_line`): the
    /// same passes, its removals worded as sums ([`Why::RunSums`]).
    pub(super) fn sum_line(cells: &[u32], a: &Automaton, values: &Values) -> Sequence {
        Sequence {
            runs: true,
            ..Sequence::new(cells, false, a, values)
        }
    }

    /// The word's first cell appears again at its end (a loop).
    fn closed(&self) -> bool {
        self.word.len() > 1 && self.word.first() == self.word.last()
    }

    /// The states symbol `s` leads to from any state in `from`.
    #[inline]
    fn image(&self, from: u64, s: usize) -> u64 {
        let row = &self.next[s * self.states..(s + 1) * self.states];
        let mut m = from;
        let mut out = 0;
        while m != 0 {
            out |= row[m.trailing_zeros() as usize];
            m &= m - 1;
        }
        out
    }
}

impl Propagator for Sequence {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        let mut changed = false;
        loop {
            let round = self.passes(d)?;
            changed |= round;
            if !round || !self.closed() {
                return Ok(changed);
            }
        }
    }
}

impl Sequence {
    /// One forward and one backward pass.
    fn passes(&self, d: &mut Domains<'_>) -> Narrowed {
        let n = self.word.len();
        let mut fwd = [0u64; MAX_LEN + 1];
        fwd[0] = self.start;
        for (i, &c) in self.word.iter().enumerate() {
            let mut xs = d.get(c);
            let mut out = 0;
            while xs != 0 {
                out |= self.image(fwd[i], xs.trailing_zeros() as usize);
                xs &= xs - 1;
            }
            if out == 0 {
                return Err(Contradiction);
            }
            fwd[i + 1] = out;
        }
        let mut back = self.accepting & fwd[n];
        if back == 0 {
            return Err(Contradiction);
        }
        let mut changed = false;
        for i in (0..n).rev() {
            let c = self.word[i];
            let (mut keep, mut before) = (0u64, 0u64);
            let mut xs = d.get(c);
            while xs != 0 {
                let s = xs.trailing_zeros() as usize;
                xs &= xs - 1;
                let row = &self.next[s * self.states..(s + 1) * self.states];
                let mut qs = fwd[i];
                while qs != 0 {
                    let q = qs.trailing_zeros() as usize;
                    qs &= qs - 1;
                    if row[q] & back != 0 {
                        keep |= 1 << s;
                        before |= 1 << q;
                    }
                }
            }
            let (reach, after) = (fwd[i], back);
            let runs = self.runs;
            let names = &self.names;
            changed |= d.keep_because(c, keep, || match runs {
                true => Why::RunSums {
                    before: reach,
                    after,
                },
                false => Why::SequenceStates {
                    before: reach,
                    after,
                    names: names.clone(),
                },
            })?;
            back = before;
        }
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::automaton::Transition;

    #[test]
    fn an_alternating_automaton_prunes_like_whispers() {
        let values = Values::new(&(1..=9).collect::<Vec<i64>>());
        let a = Automaton::new(
            vec!["s".into(), "lo".into(), "hi".into()],
            0,
            vec![1, 2],
            vec![
                Transition::new(0, 1, vec![(1, 4)]),
                Transition::new(0, 2, vec![(6, 9)]),
                Transition::new(1, 2, vec![(6, 9)]),
                Transition::new(2, 1, vec![(1, 4)]),
            ],
        )
        .unwrap();
        let seq = Sequence::new(&[0, 1, 2], false, &a, &values);
        let (mut cells, mut queue) = (vec![0x1ff, 0x1ff, 1], Vec::new());
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(seq.propagate(&mut d), Ok(true));
        assert_eq!(cells, vec![0b1111, 0b1_1110_0000, 1]);
    }
}
