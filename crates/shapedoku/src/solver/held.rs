//! The solved cells of a set whose cells hold different symbols (a rellik cage, a lunchbox):
//! the symbols they hold, each with its cell, and the removal of those symbols from the set's
//! other cells, each because its holder holds it ([`Why::LineRepeat`]).

use super::propagator::{Contradiction, Domains, Narrowed, Why};

/// The symbols the solved cells hold (a mask), with the cell holding each.
pub(super) struct Held {
    /// The symbols held.
    pub(super) symbols: u64,
    /// The cell holding each symbol of `symbols`.
    holder: [u32; 64],
}

impl Held {
    /// The solved cells of `cells`; a contradiction when a cell has no candidate left or two
    /// solved cells hold the same symbol.
    pub(super) fn of(d: &Domains<'_>, cells: &[u32]) -> Result<Held, Contradiction> {
        let mut held = Held {
            symbols: 0,
            holder: [0; 64],
        };
        for &c in cells {
            let x = d.get(c);
            if x == 0 || (x.count_ones() == 1 && held.symbols & x != 0) {
                return Err(Contradiction);
            }
            if x.count_ones() == 1 {
                held.symbols |= x;
                held.holder[x.trailing_zeros() as usize] = c;
            }
        }
        Ok(held)
    }

    /// How many cells are solved.
    pub(super) fn count(&self) -> usize {
        self.symbols.count_ones() as usize
    }

    /// Whether `cell` holds one of the symbols.
    pub(super) fn holds(&self, cell: u32) -> bool {
        (0..64).any(|s| self.symbols >> s & 1 == 1 && self.holder[s] == cell)
    }

    /// Removes the held symbols from the unsolved cell `c`.
    pub(super) fn drop_from(&self, d: &mut Domains<'_>, c: u32) -> Narrowed {
        let mut repeats = d.get(c) & self.symbols;
        let mut changed = false;
        while repeats != 0 {
            let s = repeats.trailing_zeros() as usize;
            repeats &= repeats - 1;
            let cell = self.holder[s];
            changed |= d.keep_because(c, !(1u64 << s), || Why::LineRepeat { cell })?;
        }
        Ok(changed)
    }
}
