//! Relations on listed pairs of cells, kept arc consistent on every pair: German whispers
//! (neighbours along the line), palindromes and clones (cells that must be equal). Unlike the
//! global pair rules, these pairs are few, so every pair is revised every time: a whisper's 5
//! goes at once, before either cell is nearly solved.

use super::propagator::{Domains, Narrowed, Propagator, Values, support};
use super::relation::law_rows;
use crate::constraint::PairLaw;

/// Pairs and the relation's tables.
#[derive(Debug, Clone)]
pub(super) struct PairChain {
    pairs: Vec<(u32, u32)>,
    /// `forward[s]`: what the second cell may hold when the first holds symbol `s`.
    forward: Vec<u64>,
    /// `backward[t]`: what the first cell may hold when the second holds symbol `t`.
    backward: Vec<u64>,
}

impl PairChain {
    /// One law on every pair (its tables built from [`PairLaw::allows`]).
    pub(super) fn new(pairs: Vec<(u32, u32)>, values: &Values, law: &PairLaw) -> PairChain {
        let (forward, backward) = law_rows(values, law);
        PairChain {
            pairs,
            forward,
            backward,
        }
    }
}

impl Propagator for PairChain {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        let mut changed = false;
        for &(a, b) in &self.pairs {
            changed |= d.keep(b, support(&self.forward, d.get(a)))?;
            changed |= d.keep(a, support(&self.backward, d.get(b)))?;
        }
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whispers_remove_five_at_once() {
        let values = Values::new(&(1..=9).collect::<Vec<i64>>());
        let w = PairChain::new(vec![(0, 1)], &values, &PairLaw::Apart(5));
        let (mut cells, mut queue) = (vec![0x1ff, 0x1ff], Vec::new());
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(w.propagate(&mut d), Ok(true));
        assert_eq!(cells, vec![0x1ff & !(1 << 4); 2]);
    }
}
