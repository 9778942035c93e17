//! Zipper lines: cells the same distance from the middle add up to the same total, the middle
//! cell's value when the line has one. With a middle cell every pair is made arc consistent
//! with it (a pair's two values and the middle); without one, the common total is kept within
//! every pair's bounds and each cell keeps the values that reach it.

use super::linear::mask_where;
use super::propagator::{Contradiction, Domains, Narrowed, Propagator, Values};

/// One zipper line.
#[derive(Debug, Clone)]
pub(super) struct Zipper {
    cells: Vec<u32>,
    /// Every value with the symbols worth it, sorted by value.
    by_value: Vec<(i64, u64)>,
}

impl Zipper {
    pub(super) fn new(cells: Vec<u32>, values: &Values) -> Zipper {
        let mut by_value: Vec<(i64, u64)> = Vec::new();
        for (s, &v) in values.all().iter().enumerate() {
            match by_value.iter_mut().find(|e| e.0 == v) {
                Some(e) => e.1 |= 1 << s,
                None => by_value.push((v, 1 << s)),
            }
        }
        by_value.sort_unstable();
        Zipper { cells, by_value }
    }

    fn symbols_worth(&self, v: i64) -> u64 {
        self.by_value
            .binary_search_by_key(&v, |e| e.0)
            .map_or(0, |i| self.by_value[i].1)
    }

    fn pairs(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        let n = self.cells.len();
        (0..n / 2).map(move |i| (self.cells[i], self.cells[n - 1 - i]))
    }

    fn with_middle(&self, d: &mut Domains<'_>, mid: u32) -> Narrowed {
        let mut changed = false;
        for (a, b) in self.pairs() {
            let (mut ka, mut kb, mut km) = (0u64, 0u64, 0u64);
            let mut xs = d.get(a);
            while xs != 0 {
                let x = xs & xs.wrapping_neg();
                xs ^= x;
                let vx = d.values().of_bit(x);
                let mut ys = d.get(b);
                while ys != 0 {
                    let y = ys & ys.wrapping_neg();
                    ys ^= y;
                    let m = self.symbols_worth(vx + d.values().of_bit(y)) & d.get(mid);
                    if m != 0 {
                        ka |= x;
                        kb |= y;
                        km |= m;
                    }
                }
            }
            changed |= d.keep(mid, km)?;
            changed |= d.keep(a, ka)?;
            changed |= d.keep(b, kb)?;
        }
        Ok(changed)
    }

    fn without_middle(&self, d: &mut Domains<'_>) -> Narrowed {
        let (mut t_lo, mut t_hi) = (i64::MIN, i64::MAX);
        for (a, b) in self.pairs() {
            let ((a0, a1), (b0, b1)) = (d.values().min_max(d.get(a)), d.values().min_max(d.get(b)));
            t_lo = t_lo.max(a0 + b0);
            t_hi = t_hi.min(a1 + b1);
        }
        if t_lo > t_hi {
            return Err(Contradiction);
        }
        let mut changed = false;
        for (a, b) in self.pairs() {
            for (c, o) in [(a, b), (b, a)] {
                let (o0, o1) = d.values().min_max(d.get(o));
                let keep = mask_where(d, d.get(c), |v| v + o1 >= t_lo && v + o0 <= t_hi);
                changed |= d.keep(c, keep)?;
            }
        }
        Ok(changed)
    }
}

impl Propagator for Zipper {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        let n = self.cells.len();
        if n % 2 == 1 {
            self.with_middle(d, self.cells[n / 2])
        } else {
            self.without_middle(d)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_middle_three_leaves_one_and_two_around_it() {
        let values = Values::new(&(1..=9).collect::<Vec<i64>>());
        let z = Zipper::new(vec![0, 1, 2], &values);
        let (mut cells, mut queue) = (vec![0x1ff, 1 << 2, 0x1ff], Vec::new());
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(z.propagate(&mut d), Ok(true));
        assert_eq!(cells, vec![0b11, 1 << 2, 0b11]);
        let z = Zipper::new(vec![0, 1, 2, 3], &values);
        let (mut cells, mut queue) = (vec![1, 1, 1, 1 << 8], Vec::new());
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(z.propagate(&mut d), Err(Contradiction));
    }
}
