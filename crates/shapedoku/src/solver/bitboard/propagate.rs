//! Propagation on a [`Board`]: naked singles by a bit-sliced count over the symbols' sets,
//! hidden singles by one masked look per open house of each changed symbol, to a fixed point.

use super::board::{Bits, Board, HousePair, Masks, for_each_cell};

/// A board with no solution left.
#[derive(Debug)]
pub(super) struct Contradiction;

impl<const W: usize> Board<W> {
    /// Propagates singles and locked candidates to a fixed point; false on a contradiction.
    pub(super) fn settle_locked(&mut self, m: &Masks<W>) -> bool {
        self.settle_with(m, true)
    }

    /// Propagates singles, and locked candidates when `locked`, to a fixed point; false on a
    /// contradiction.
    pub(super) fn settle_with(&mut self, m: &Masks<W>, locked: bool) -> bool {
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
        // Singles are few: find each one's symbol rather than sweep every symbol's set.
        let mut lost = false;
        for_each_cell(&singles, |c| {
            if lost {
                return;
            }
            match (0..m.symbols).find(|&s| self.has(s, c)) {
                // Once, not twice: no other symbol's set holds `c`, and placements only
                // take places away.
                Some(s) => self.place_single(m, c, s),
                // A single placed just before in a peer took this cell's only candidate.
                None => lost = true,
            }
        });
        if lost {
            return Err(Contradiction);
        }
        Ok(true)
    }

    /// Scans the open houses of every changed symbol: a house with no place left for it is a
    /// contradiction, a house with one place places it there.
    fn hidden_singles(&mut self, m: &Masks<W>) -> Result<bool, Contradiction> {
        let mut todo = self.dirty;
        self.lock_dirty |= todo;
        self.dirty = 0;
        // Placements from here on are in the next pass's `recent`, with their symbols dirty.
        let recent = std::mem::take(&mut self.recent);
        let mut placed = false;
        while todo != 0 {
            let s = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let mut hs = self.open_houses[s] & (self.touched[s] | recent);
            self.touched[s] = 0;
            self.lock_houses[s] |= hs;
            while hs != 0 {
                let h = hs.trailing_zeros() as usize;
                hs &= hs - 1;
                let house = &m.houses[h];
                let set = &self.places[s];
                // Branch-free over the words: most looks find several places.
                let (mut any, mut multi, mut words) = (0u64, 0u64, 0u32);
                for i in 0..W {
                    let y = set[i] & house[i];
                    any |= y;
                    multi |= y & y.wrapping_sub(1);
                    words += (y != 0) as u32;
                }
                if any == 0 {
                    return Err(Contradiction);
                }
                // One test, not two branches: `multi` alone is a coin toss.
                if multi | (words ^ 1) as u64 == 0 {
                    let i = (0..W).position(|i| set[i] & house[i] != 0).unwrap_or(0);
                    let cell = i * 64 + (set[i] & house[i]).trailing_zeros() as usize;
                    self.place(m, cell, s);
                    placed = true;
                    hs &= self.open_houses[s];
                }
            }
        }
        Ok(placed)
    }

    /// Locked candidates for every symbol changed since the last scan: in each pair of houses
    /// still open for it, one of which changed for it, places confined to the shared cells in
    /// one house clear it from the other house's cells outside them. Returns whether anything
    /// was removed (the changed symbols are then dirty for hidden singles).
    fn locked_candidates(&mut self, m: &Masks<W>) -> bool {
        let mut todo = self.lock_dirty;
        self.lock_dirty = 0;
        while todo != 0 {
            let s = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let open = self.open_houses[s];
            // A pair neither of whose houses lost a place since its last scan is as it was.
            let changed = std::mem::take(&mut self.lock_houses[s]);
            let set = &mut self.places[s];
            let mut cleared = 0u64;
            if m.house_pairs.is_empty() {
                for p in &m.pairs {
                    if open & p.both == p.both && changed & p.both != 0 {
                        cleared |= lock_pair(set, p);
                    }
                }
            } else {
                // The pairs with a changed house, less those with a house already closed.
                let (mut want, mut closed) = (0u64, 0u64);
                for_each_bit(changed & open, |h| want |= m.house_pairs[h]);
                for_each_bit(m.all_houses & !open, |h| closed |= m.house_pairs[h]);
                for_each_bit(want & !closed, |i| cleared |= lock_pair(set, &m.pairs[i]));
            }
            if cleared != 0 {
                self.dirty |= 1 << s;
                self.touched[s] |= cleared;
            }
        }
        self.dirty != 0
    }
}

/// Locked candidates in one pair for one symbol's places: when they lie in the shared cells in
/// one house, they leave the other house's cells outside them. Returns the houses that lost
/// places.
#[inline(always)]
fn lock_pair<const W: usize>(set: &mut Bits<W>, p: &HousePair<W>) -> u64 {
    let (mut in_a, mut in_b) = (0u64, 0u64);
    for i in 0..W {
        in_a |= set[i] & p.a_only[i];
        in_b |= set[i] & p.b_only[i];
    }
    if (in_a == 0) == (in_b == 0) {
        return 0;
    }
    let (clear, houses) = if in_a == 0 {
        (&p.b_only, p.b_houses)
    } else {
        (&p.a_only, p.a_houses)
    };
    for i in 0..W {
        set[i] &= !clear[i];
    }
    houses
}

/// The set bits of a mask, lowest first.
#[inline(always)]
fn for_each_bit(mut x: u64, mut f: impl FnMut(usize)) {
    while x != 0 {
        f(x.trailing_zeros() as usize);
        x &= x - 1;
    }
}
