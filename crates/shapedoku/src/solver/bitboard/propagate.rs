//! Propagation on a [`Board`]: naked singles by a bit-sliced count over the symbols' sets,
//! hidden singles by one masked look per open house of each changed symbol, to a fixed point.

use super::board::{Bits, Board, Masks, for_each_cell};

/// A board with no solution left.
#[derive(Debug)]
pub(super) struct Contradiction;

impl<const W: usize> Board<W> {
    /// Propagates singles to a fixed point; false on a contradiction.
    pub(super) fn settle(&mut self, m: &Masks<W>) -> bool {
        self.settle_with(m, false)
    }

    /// Propagates singles and locked candidates to a fixed point; false on a contradiction.
    pub(super) fn settle_locked(&mut self, m: &Masks<W>) -> bool {
        self.settle_with(m, true)
    }

    fn settle_with(&mut self, m: &Masks<W>, locked: bool) -> bool {
        loop {
            match self.naked_singles(m) {
                Err(Contradiction) => return false,
                Ok(true) => continue,
                Ok(false) => {}
            }
            if self.dirty != 0 {
                match self.hidden_singles(m) {
                    Err(Contradiction) => return false,
                    Ok(true) => continue,
                    Ok(false) => {}
                }
            }
            if !locked || self.lock_dirty == 0 || !self.locked_candidates(m) {
                return true;
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
        self.lock_dirty |= todo;
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

    /// Locked candidates for every symbol changed since the last scan: in each pair of houses
    /// still open for it, places confined to the shared cells in one house clear it from the
    /// other house's cells outside them. Returns whether anything was removed (the changed
    /// symbols are then dirty for hidden singles).
    fn locked_candidates(&mut self, m: &Masks<W>) -> bool {
        let mut todo = self.lock_dirty;
        self.lock_dirty = 0;
        while todo != 0 {
            let s = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let open = self.open_houses[s];
            let set = &mut self.places[s];
            let mut changed = false;
            for p in &m.pairs {
                if open & p.both != p.both {
                    continue;
                }
                let (mut in_a, mut in_b) = (0u64, 0u64);
                for i in 0..W {
                    in_a |= set[i] & p.a_only[i];
                    in_b |= set[i] & p.b_only[i];
                }
                if (in_a == 0) != (in_b == 0) {
                    let clear = if in_a == 0 { &p.b_only } else { &p.a_only };
                    for i in 0..W {
                        set[i] &= !clear[i];
                    }
                    changed = true;
                }
            }
            if changed {
                self.dirty |= 1 << s;
            }
        }
        self.dirty != 0
    }
}
