//! Dutch flatmates: a cell holding the middle value needs the smallest value directly above
//! it or the largest directly below it. A cell neither of whose places can hold its flatmate
//! loses the middle value ([`Why::FlatmateNone`]); a cell holding the middle value with one
//! place left fixes its flatmate there ([`Why::FlatmateNeeded`]).

use super::propagator::{Domains, Narrowed, Propagator, Why};

/// Dutch flatmates over the whole grid.
#[derive(Debug, Clone)]
pub(super) struct Flatmates {
    /// Each cell with the cell above and the cell below it (`u32::MAX` where there is none).
    places: Vec<[u32; 3]>,
    /// The symbols worth the middle, the smallest and the largest value.
    middle: u64,
    low: u64,
    high: u64,
}

impl Flatmates {
    pub(super) fn new(places: Vec<[u32; 3]>, middle: u64, low: u64, high: u64) -> Flatmates {
        Flatmates {
            places,
            middle,
            low,
            high,
        }
    }
}

impl Propagator for Flatmates {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        let mut changed = false;
        for &[c, above, below] in &self.places {
            if d.get(c) & self.middle == 0 {
                continue;
            }
            let can = |d: &Domains<'_>, n: u32, want: u64| n != u32::MAX && d.get(n) & want != 0;
            let (up, down) = (can(d, above, self.low), can(d, below, self.high));
            if !up && !down {
                changed |= d.keep_because(c, !self.middle, || Why::FlatmateNone)?;
            } else if d.get(c) & !self.middle == 0 && up != down {
                let (n, want) = if up {
                    (above, self.low)
                } else {
                    (below, self.high)
                };
                changed |= d.keep_because(n, want, || Why::FlatmateNeeded { middle: c })?;
            }
        }
        Ok(changed)
    }
}
