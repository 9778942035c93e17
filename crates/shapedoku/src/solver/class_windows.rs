//! Entropic and modular lines: any three cells in a row along the line hold one value of each
//! of three classes (low/middle/high, or remainder 0/1/2 mod 3). So cells three apart share a
//! class, and the three positions mod 3 take the three classes in some order. The classes each
//! position can still take are the classes every one of its cells can take; the orders of the
//! three classes that fit those are kept, and each cell keeps the values of its position's
//! classes. Short lines (one or two cells) only need different classes.

use super::propagator::{Contradiction, Domains, Narrowed, Propagator};

/// One entropic or modular line.
#[derive(Debug, Clone)]
pub(super) struct ClassWindows {
    cells: Vec<u32>,
    /// The symbols of each class.
    class: [u64; 3],
}

impl ClassWindows {
    /// A line whose symbol `s` has class `classes[s]` (0, 1 or 2).
    pub(super) fn new(cells: Vec<u32>, classes: &[u8]) -> ClassWindows {
        let mut class = [0u64; 3];
        for (s, &k) in classes.iter().enumerate() {
            class[usize::from(k.min(2))] |= 1 << s;
        }
        ClassWindows { cells, class }
    }

    /// The classes (3 bits) present in candidates `x`.
    fn classes_of(&self, x: u64) -> u8 {
        (0..3).fold(0, |m, k| m | (u8::from(x & self.class[k] != 0) << k))
    }
}

impl Propagator for ClassWindows {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        let k = self.cells.len().min(3);
        let mut dom = [0b111u8; 3];
        for (i, &c) in self.cells.iter().enumerate() {
            dom[i % 3] &= self.classes_of(d.get(c));
        }
        // Every injective choice of classes for the k positions that fits their domains.
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
            changed |= d.keep(c, keep)?;
        }
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::propagator::Values;

    #[test]
    fn a_low_and_a_high_leave_a_middle() {
        let values = Values::new(&(1..=9).collect::<Vec<i64>>());
        let classes: Vec<u8> = (0..9).map(|s| s / 3).collect();
        let l = ClassWindows::new(vec![0, 1, 2, 3], &classes);
        let (mut cells, mut queue) = (vec![1, 0x1ff, 1 << 8, 0x1ff], Vec::new());
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(l.propagate(&mut d), Ok(true));
        assert_eq!(cells, vec![1, 0b111_000, 1 << 8, 0b111]);
    }
}
