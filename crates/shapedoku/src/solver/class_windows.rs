//! Entropic and modular lines: any three cells in a row along the line hold one value of each
//! of three classes (low/middle/high, or remainder 0/1/2 mod 3). So cells three apart share a
//! class, and the three places mod 3 take the three classes in some order. Propagated to the
//! line's fixed point:
//!
//! - the classes each place can still take are the classes every one of its cells can take;
//!   cells of one place in one house hold different values, so a class with fewer values left
//!   among their candidates than they are is not that place's ([`Why::ClassShort`]);
//! - the orders of the three classes that fit those are kept, and each cell keeps the values
//!   of its place's classes ([`Why::LineClasses`]).
//!
//! Short lines (one or two cells) only need different classes.

use super::pair_chain::{places, positions};
use super::propagator::{Contradiction, Domains, Narrowed, Propagator, Why};
use super::sight::{Sight, short_group};
use crate::Geometry;

/// One entropic or modular line.
#[derive(Debug, Clone)]
pub(super) struct ClassWindows {
    cells: Vec<u32>,
    /// The symbols of each class.
    class: [u64; 3],
    /// Groups of cells of one place (mod 3) inside one house: (the place, the cells as a mask
    /// of places along the line).
    groups: Vec<(u8, u64)>,
}

impl ClassWindows {
    /// A line whose symbol `s` has class `classes[s]` (0, 1 or 2).
    pub(super) fn new(cells: Vec<u32>, classes: &[u8], g: &Geometry) -> ClassWindows {
        let mut class = [0u64; 3];
        for (s, &k) in classes.iter().enumerate() {
            class[usize::from(k.min(2))] |= 1 << s;
        }
        let n = cells.len();
        let mut groups = Vec::new();
        if n >= 4 {
            for &group in Sight::new(g, &cells).groups() {
                for p in 0..3u8 {
                    let m = group & places(n, 3, p);
                    if m.count_ones() >= 2 && !groups.contains(&(p, m)) {
                        groups.push((p, m));
                    }
                }
            }
        }
        ClassWindows {
            cells,
            class,
            groups,
        }
    }

    /// The classes (3 bits) present in candidates `x`.
    fn classes_of(&self, x: u64) -> u8 {
        (0..3).fold(0, |m, k| m | (u8::from(x & self.class[k] != 0) << k))
    }

    /// Removes from a place's cells a class that cells of the place in one house cannot all
    /// take.
    fn short_classes(&self, d: &mut Domains<'_>) -> Narrowed {
        let mut changed = false;
        for &(p, group) in &self.groups {
            for &class in &self.class {
                let Some(short) = short_group(&[group], class, |i| d.get(self.cells[i])) else {
                    continue;
                };
                for i in positions(places(self.cells.len(), 3, p)) {
                    changed |= d.keep_because(self.cells[i], !class, || Why::ClassShort {
                        class,
                        cells: positions(short).map(|q| self.cells[q]).collect(),
                    })?;
                }
            }
        }
        Ok(changed)
    }

    /// The orders of the classes that fit each place's classes; each cell keeps its place's.
    fn orders(&self, d: &mut Domains<'_>) -> Narrowed {
        let k = self.cells.len().min(3);
        let mut dom = [0b111u8; 3];
        for (i, &c) in self.cells.iter().enumerate() {
            dom[i % 3] &= self.classes_of(d.get(c));
        }
        // Every injective choice of classes for the k places that fits their domains.
        let mut supp = [0u8; 3];
        for a in 0..3u8 {
            for b in 0..3u8 {
                for c in 0..3u8 {
                    let pick = [a, b, c];
                    let distinct = a != b && a != c && b != c;
                    let fits = (0..k).all(|i| dom[i] >> pick[i] & 1 == 1);
                    if fits && (distinct || k < 3 && (k < 2 || a != b)) {
                        for i in 0..k {
                            supp[i] |= 1 << pick[i];
                        }
                    }
                }
            }
        }
        if supp[0] == 0 {
            return Err(Contradiction);
        }
        let mut changed = false;
        for (i, &c) in self.cells.iter().enumerate() {
            let keep = (0..3)
                .filter(|&j| supp[i % 3] >> j & 1 == 1)
                .fold(0, |m, j| m | self.class[j]);
            changed |= d.keep_because(c, keep, || Why::LineClasses {
                classes: supp,
                position: (i % 3) as u8,
            })?;
        }
        Ok(changed)
    }
}

impl Propagator for ClassWindows {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        let mut changed = false;
        loop {
            let round = self.short_classes(d)? | self.orders(d)?;
            if !round {
                return Ok(changed);
            }
            changed = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::propagator::Values;

    #[test]
    fn a_low_and_a_high_leave_a_middle() {
        let g = crate::builtin::geometry("classic").unwrap();
        let values = Values::new(&(1..=9).collect::<Vec<i64>>());
        let classes: Vec<u8> = (0..9).map(|s| s / 3).collect();
        // r1c1 r2c1 r3c1 r4c1: down column 1.
        let l = ClassWindows::new(vec![0, 9, 18, 27], &classes, &g);
        let (mut cells, mut queue) = (vec![0x1ff; 81], Vec::new());
        cells[0] = 1;
        cells[18] = 1 << 8;
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(l.propagate(&mut d), Ok(true));
        assert_eq!(
            [cells[0], cells[9], cells[18], cells[27]],
            [1, 0b111_000, 1 << 8, 0b111]
        );
    }

    #[test]
    fn four_cells_of_one_place_in_a_row_cannot_share_a_class_of_three() {
        // Row 1, then r2c9: places 0, 3, 6 and 9 hold one class. r1c1, r1c4 and r1c7 share
        // row 1, so they hold three different values of it; none of them can hold 1, which
        // leaves two low values (2 and 3) for three cells: place 0 is not low.
        let g = crate::builtin::geometry("classic").unwrap();
        let values = Values::new(&(1..=9).collect::<Vec<i64>>());
        let classes: Vec<u8> = (0..9).map(|s| s / 3).collect();
        let line: Vec<u32> = (0..9).chain([17]).collect();
        let l = ClassWindows::new(line, &classes, &g);
        let (mut cells, mut queue) = (vec![0x1ff; 81], Vec::new());
        cells[0] = 0x1ff & !1; // r1c1: no 1
        cells[3] = 0x1ff & !1;
        cells[6] = 0x1ff & !1;
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(l.propagate(&mut d), Ok(true));
        assert_eq!(cells[0] & 0b111, 0);
        assert_eq!(cells[17] & 0b111, 0, "r2c9 is at place 9");
    }
}
