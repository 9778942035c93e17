//! Rellik cages: the cage's cells hold different symbols, and no one or more of their values
//! add up to the total. The values the cage must hold (the solved cells', those of a naked
//! subset inside the cage: k cells with k values between them, and a house's values that only
//! its cells inside the cage can hold) make a set of sums (bit
//! `s` for the sum `s`); a cell cannot hold another value that, with one of those sums or
//! alone, reaches the total ([`Why::RellikSums`]), nor a solved cell's symbol
//! ([`Why::LineRepeat`]). Nothing is
//! allocated per call unless the reasoner asks for the reasons.

use super::held::Held;
use super::propagator::{Contradiction, Domains, Narrowed, Propagator, Values, Why};
use crate::Geometry;
use crate::constraint::set_rules::subset_sums;

/// A compiled rellik cage.
#[derive(Debug, Clone)]
pub(super) struct Rellik {
    cells: Vec<u32>,
    total: i64,
    values: Vec<i64>,
    /// Each house with cells in the cage: its cells outside the cage, and the positions (bits
    /// by place in `cells`) of those inside.
    houses: Vec<(Vec<u32>, u64)>,
}

impl Rellik {
    pub(super) fn new(cells: Vec<u32>, total: i64, values: &Values, g: &Geometry) -> Rellik {
        let houses = (g.houses().iter())
            .map(|&h| &g.shape(h).cells)
            .filter_map(|house| {
                let inside = (cells.iter().enumerate())
                    .filter(|&(_, &c)| house.contains(&(c as usize)))
                    .fold(0u64, |m, (j, _)| m | 1 << j);
                let outside = (house.iter())
                    .map(|&c| c as u32)
                    .filter(|c| !cells.contains(c))
                    .collect();
                (inside != 0).then_some((outside, inside))
            })
            .collect();
        Rellik {
            cells,
            total,
            values: values.all().to_vec(),
            houses,
        }
    }
}

impl Propagator for Rellik {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        // The symbols of the solved cells, with the cell holding each.
        let solved = Held::of(d, &self.cells)?;
        let held = solved.symbols;
        // No rellik cage holds a value of 0 or less.
        if (0..64).any(|s| held >> s & 1 == 1 && self.values[s] < 1) {
            return Err(Contradiction);
        }
        // The values the cage must hold: the solved cells', and those of every naked subset
        // inside the cage (k cells whose candidates together are k values, which the cells
        // hold between them, each once). The cells that force them are the reason.
        let mut forced = held;
        let mut forcing = 0u64;
        for &c in &self.cells {
            let mask = d.get(c);
            let k = mask.count_ones() as usize;
            if k < 2 || k > self.cells.len() || mask & !forced == 0 {
                continue;
            }
            let inside = (self.cells.iter().enumerate())
                .filter(|&(_, &o)| d.get(o) & !mask == 0)
                .fold(0u64, |m, (j, _)| m | 1 << j);
            if inside.count_ones() as usize == k {
                forced |= mask;
                forcing |= inside;
            }
        }
        // A house holds every symbol once: those none of its cells outside the cage can hold
        // are held by its cells inside.
        let full = match self.values.len() {
            n @ 0..64 => (1u64 << n) - 1,
            _ => u64::MAX,
        };
        for (outside, inside) in &self.houses {
            let elsewhere = outside.iter().fold(0u64, |m, &c| m | d.get(c));
            let must = full & !elsewhere & !forced;
            if must == 0 {
                continue;
            }
            forced |= must;
            forcing |= (self.cells.iter().enumerate())
                .filter(|&(j, &c)| inside >> j & 1 == 1 && d.get(c) & must != 0)
                .fold(0u64, |m, (j, _)| m | 1 << j);
        }
        let forced_values = (0..64)
            .filter(|&s| forced >> s & 1 == 1)
            .map(|s| self.values[s]);
        let sums = subset_sums(forced_values);
        let made = |t: i64| (1..=127).contains(&t) && sums >> t & 1 == 1;
        if made(self.total) {
            return Err(Contradiction);
        }
        // The symbols whose value reaches the total alone or added to a sum the forced values
        // make (a forced symbol itself excepted: it cannot be held twice); and those that are
        // not positive, which no rellik cage holds.
        let bad = (self.values.iter().enumerate())
            .filter(|&(s, &v)| {
                v < 1 || v == self.total || (forced >> s & 1 == 0 && made(self.total - v))
            })
            .fold(0u64, |m, (s, _)| m | 1 << s);
        let mut changed = false;
        for &c in &self.cells {
            let x = d.get(c);
            if x.count_ones() == 1 {
                continue;
            }
            changed |= solved.drop_from(d, c)?;
            let cells = &self.cells;
            changed |= d.keep_because(c, !bad, || Why::RellikSums {
                solved: (cells.iter().enumerate())
                    .filter(|&(j, &o)| o != c && (forcing >> j & 1 == 1 || solved.holds(o)))
                    .map(|(_, &o)| o)
                    .collect(),
            })?;
        }
        Ok(changed)
    }
}
