//! Propagation on a [`Board`]: naked singles by a bit-sliced count over the symbols' sets,
//! hidden singles by one masked look per open house of each changed symbol, to a fixed point.

use super::board::{Bits, Board, Masks, for_each_cell};

/// A board with no solution left.
#[derive(Debug)]
pub(super) struct Contradiction;

impl<const W: usize> Board<W> {
    /// Propagates to a fixed point; false on a contradiction.
    pub(super) fn settle(&mut self, m: &Masks<W>) -> bool {
        loop {
            match self.naked_singles(m) {
                Err(Contradiction) => return false,
                Ok(true) => continue,
                Ok(false) => {}
            }
            if self.dirty == 0 {
                return true;
            }
            match self.hidden_singles(m) {
                Err(Contradiction) => return false,
                Ok(true) => {}
                Ok(false) => return true,
            }
        }
    }

    /// Cells with at least one and at least two candidates among the unplaced ones.
    #[inline(always)]
    fn once_twice(&self, m: &Masks<W>) -> (Bits<W>, Bits<W>) {
        let open = self.open();
        let (mut once, mut twice) = ([0u64; W], [0u64; W]);
        for set in &self.places[..m.symbols] {
            for i in 0..W {
                let x = set[i] & open[i];
                twice[i] |= once[i] & x;
                once[i] |= x;
            }
        }
        (once, twice)
    }

    /// Places every unplaced cell with one candidate left; fails when one has none.
    fn naked_singles(&mut self, m: &Masks<W>) -> Result<bool, Contradiction> {
        let (once, twice) = self.once_twice(m);
        let open = *self.open();
        let mut singles = [0u64; W];
        let mut any = 0;
        for i in 0..W {
            if open[i] & !once[i] != 0 {
                return Err(Contradiction);
            }
            singles[i] = once[i] & !twice[i] & open[i];
            any |= singles[i];
        }
        if any == 0 {
            return Ok(false);
        }
        for s in 0..m.symbols {
            let mut mine = [0u64; W];
            for i in 0..W {
                mine[i] = self.places[s][i] & singles[i];
            }
            let mut lost = false;
            for_each_cell(&mine, |c| {
                // A single placed just before in a peer took this cell's only candidate.
                if !self.has(s, c) {
                    lost = true;
                } else if !lost {
                    self.place(m, c, s);
                }
            });
            if lost {
                return Err(Contradiction);
            }
        }
        Ok(true)
    }

    /// Scans the open houses of every changed symbol: a house with no place left for it is a
    /// contradiction, a house with one place places it there.
    fn hidden_singles(&mut self, m: &Masks<W>) -> Result<bool, Contradiction> {
        let mut todo = self.dirty;
        self.dirty = 0;
        let mut placed = false;
        while todo != 0 {
            let s = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let mut hs = self.open_houses[s];
            while hs != 0 {
                let h = hs.trailing_zeros() as usize;
                hs &= hs - 1;
                let house = &m.houses[h];
                let set = &self.places[s];
                let (mut seen, mut several, mut cell) = (0u64, false, 0usize);
                for i in 0..W {
                    let y = set[i] & house[i];
                    if y != 0 {
                        several |= seen != 0 || y & (y - 1) != 0;
                        seen |= y;
                        cell = i * 64 + y.trailing_zeros() as usize;
                    }
                }
                if seen == 0 {
                    return Err(Contradiction);
                }
                if !several {
                    self.place(m, cell, s);
                    placed = true;
                    hs &= self.open_houses[s];
                }
            }
        }
        Ok(placed)
    }
}
