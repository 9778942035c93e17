//! Numbered rooms: the first cell from the clue holds N, and the N-th cell holds the clue's
//! value. The first cell keeps the values N whose N-th cell can still hold the clue
//! ([`Why::RoomNoClue`]); once every value it can hold names one cell, that cell holds the
//! clue ([`Why::RoomTarget`]). That is exact for the clue taken alone.

use super::propagator::{Domains, Narrowed, Propagator, Values, Why};

/// A compiled numbered room clue.
#[derive(Debug, Clone)]
pub(super) struct Room {
    cells: Vec<u32>,
    /// The symbols worth the clue's value.
    clue: u64,
    /// For each symbol the first cell may hold, the index on the line of the cell its value
    /// names (0 for the value 1 when the clue is 1: the first cell names itself);
    /// `u32::MAX` for a value naming no cell that can hold the clue (below 1, beyond the
    /// line, or 1 when the clue is not 1).
    target: Vec<u32>,
}

impl Room {
    pub(super) fn new(cells: Vec<u32>, clue: i64, values: &Values) -> Room {
        let len = cells.len() as i64;
        let target = (values.all().iter())
            .map(|&n| match n {
                1 if clue == 1 => 0,
                2.. if n <= len => (n - 1) as u32,
                _ => u32::MAX,
            })
            .collect();
        let clue = (values.all().iter().enumerate())
            .filter(|&(_, &v)| v == clue)
            .fold(0u64, |m, (s, _)| m | 1 << s);
        Room {
            cells,
            clue,
            target,
        }
    }
}

impl Propagator for Room {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        let first = self.cells[0];
        let mut keep = 0u64;
        let mut named = u32::MAX;
        let mut one = true;
        let mut m = d.get(first);
        while m != 0 {
            let s = m.trailing_zeros() as usize;
            m &= m - 1;
            let t = self.target[s];
            if t != u32::MAX && d.get(self.cells[t as usize]) & self.clue != 0 {
                keep |= 1 << s;
                one &= named == u32::MAX || named == t;
                named = t;
            }
        }
        let mut changed = d.keep_because(first, keep, || Why::RoomNoClue)?;
        if one && named != u32::MAX && named != 0 {
            let c = self.cells[named as usize];
            changed |= d.keep_because(c, self.clue, || Why::RoomTarget { first })?;
        }
        Ok(changed)
    }
}
