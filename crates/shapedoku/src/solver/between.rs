//! Between lines: every cell strictly between the two ends holds a value strictly between the
//! ends' values. Each pair of end values is kept while every middle cell has a candidate
//! between them; the ends keep the values of pairs left, the middle cells the values between
//! some pair left. The middle cells are independent given the ends, so this is exact.

use super::propagator::{Contradiction, Domains, Narrowed, Propagator, Values};

/// One between line.
#[derive(Debug, Clone)]
pub(super) struct Between {
    cells: Vec<u32>,
    /// `above[s]`: the symbols worth more than symbol `s`; `below[s]`: worth less.
    above: Vec<u64>,
    below: Vec<u64>,
}

impl Between {
    pub(super) fn new(cells: Vec<u32>, values: &Values) -> Between {
        let v = values.all();
        let table = |f: &dyn Fn(i64, i64) -> bool| -> Vec<u64> {
            v.iter()
                .map(|&x| {
                    v.iter()
                        .enumerate()
                        .filter(|&(_, &y)| f(x, y))
                        .fold(0u64, |m, (t, _)| m | 1 << t)
                })
                .collect()
        };
        Between {
            cells,
            above: table(&|x, y| y > x),
            below: table(&|x, y| y < x),
        }
    }
}

impl Propagator for Between {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        let n = self.cells.len();
        if n < 3 {
            return Ok(false);
        }
        let (a, b) = (self.cells[0], self.cells[n - 1]);
        let middle = &self.cells[1..n - 1];
        let (mut keep_a, mut keep_b, mut inner) = (0u64, 0u64, 0u64);
        let mut xs = d.get(a);
        while xs != 0 {
            let x = xs.trailing_zeros() as usize;
            xs &= xs - 1;
            let mut ys = d.get(b);
            while ys != 0 {
                let y = ys.trailing_zeros() as usize;
                ys &= ys - 1;
                // Strictly between x and y, whichever is larger.
                let between = (self.above[x] & self.below[y]) | (self.above[y] & self.below[x]);
                if between != 0 && middle.iter().all(|&c| d.get(c) & between != 0) {
                    keep_a |= 1 << x;
                    keep_b |= 1 << y;
                    inner |= between;
                }
            }
        }
        if keep_a == 0 {
            return Err(Contradiction);
        }
        let mut changed = d.keep(a, keep_a)?;
        changed |= d.keep(b, keep_b)?;
        for &c in middle {
            changed |= d.keep(c, inner)?;
        }
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ends_one_and_four_leave_two_and_three_between() {
        let values = Values::new(&(1..=9).collect::<Vec<i64>>());
        let l = Between::new(vec![0, 1, 2], &values);
        let (mut cells, mut queue) = (vec![1, 0x1ff, 1 << 3], Vec::new());
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(l.propagate(&mut d), Ok(true));
        assert_eq!(cells[1], 0b110);
        let (mut cells, mut queue) = (vec![1, 0x1ff, 1 << 1], Vec::new());
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(l.propagate(&mut d), Err(Contradiction));
    }
}
