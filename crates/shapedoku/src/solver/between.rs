//! Between lines: every cell strictly between the two ends holds a value strictly between the
//! ends' values. Each pair of end values is kept while every middle cell has a candidate
//! between them and every group of middle cells that see each other (in one house, so they
//! hold different values) has as many candidates between them as it has cells; the ends keep
//! the values of pairs left ([`Why::BetweenEnd`]), the middle cells the values between some
//! pair left ([`Why::BetweenRange`]). This works both ways: the ends bound the middle, and the
//! middle's candidates (their lowest and highest, and how many different values a group
//! needs) bound the ends. One pass is the line's fixed point: narrowing the middle to the
//! values between the pairs left keeps every one of those pairs.

use super::propagator::{Contradiction, Domains, Narrowed, Propagator, Values, Why};
use super::sight::{Sight, short_group};
use crate::Geometry;

/// One between line.
#[derive(Debug, Clone)]
pub(super) struct Between {
    cells: Vec<u32>,
    /// `above[s]`: the symbols worth more than symbol `s`; `below[s]`: worth less.
    above: Vec<u64>,
    below: Vec<u64>,
    /// Groups of middle cells in one house, as masks of places in the middle.
    groups: Vec<u64>,
}

impl Between {
    pub(super) fn new(cells: Vec<u32>, values: &Values, g: &Geometry) -> Between {
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
        let middle = if cells.len() >= 3 {
            &cells[1..cells.len() - 1]
        } else {
            &[]
        };
        let groups = Sight::new(g, middle).groups().to_vec();
        Between {
            above: table(&|x, y| y > x),
            below: table(&|x, y| y < x),
            groups,
            cells,
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
                if between != 0
                    && middle.iter().all(|&c| d.get(c) & between != 0)
                    && short_group(&self.groups, between, |i| d.get(middle[i])).is_none()
                {
                    keep_a |= 1 << x;
                    keep_b |= 1 << y;
                    inner |= between;
                }
            }
        }
        if keep_a == 0 {
            return Err(Contradiction);
        }
        let mut changed = d.keep_because(a, keep_a, || Why::BetweenEnd { other: b })?;
        changed |= d.keep_because(b, keep_b, || Why::BetweenEnd { other: a })?;
        for &c in middle {
            changed |= d.keep_because(c, inner, || Why::BetweenRange { ends: [a, b] })?;
        }
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ends_one_and_four_leave_two_and_three_between() {
        let g = crate::builtin::geometry("classic").unwrap();
        let values = Values::new(&(1..=9).collect::<Vec<i64>>());
        let l = Between::new(vec![0, 1, 2], &values, &g);
        let (mut cells, mut queue) = (vec![0x1ff; 81], Vec::new());
        cells[0] = 1;
        cells[2] = 1 << 3;
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(l.propagate(&mut d), Ok(true));
        assert_eq!(cells[1], 0b110);
        let (mut cells, mut queue) = (vec![0x1ff; 81], Vec::new());
        cells[0] = 1;
        cells[2] = 1 << 1;
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(l.propagate(&mut d), Err(Contradiction));
    }

    #[test]
    fn three_middle_cells_in_one_row_push_the_ends_four_apart() {
        // r1c1 .. r1c5: three middle cells in row 1 need three different values between
        // the ends, so the ends differ by 4 or more: an end 5 leaves 1 or 9 for the other.
        let g = crate::builtin::geometry("classic").unwrap();
        let values = Values::new(&(1..=9).collect::<Vec<i64>>());
        let l = Between::new(vec![0, 1, 2, 3, 4], &values, &g);
        let (mut cells, mut queue) = (vec![0x1ff; 81], Vec::new());
        cells[0] = 1 << 4;
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(l.propagate(&mut d), Ok(true));
        assert_eq!(cells[4], 1 | 1 << 8);
    }
}
