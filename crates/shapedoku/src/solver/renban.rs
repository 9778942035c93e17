//! Renban lines: the values are distinct and form a run of consecutive values, in any order.
//! Each possible run (a window of `n` consecutive values the alphabet has) is kept while every
//! cell can take a value in it and every value of it is still a candidate somewhere; the cells
//! keep only values of the windows left. A solved cell's value leaves the other cells.

use super::propagator::{Contradiction, Domains, Narrowed, Propagator, Values};

/// One renban line.
#[derive(Debug, Clone)]
pub(super) struct Renban {
    cells: Vec<u32>,
    /// Each window: the symbols whose value is in it, and its values' masks in `value_masks`.
    windows: Vec<(u64, std::ops::Range<usize>)>,
    /// For each window, one mask per value: the symbols with that value.
    value_masks: Vec<u64>,
    /// `same[s]`: the symbols with the value of symbol `s`.
    same: Vec<u64>,
}

impl Renban {
    pub(super) fn new(cells: Vec<u32>, values: &Values) -> Renban {
        let v = values.all();
        let mask_of = |x: i64| {
            v.iter()
                .enumerate()
                .filter(|&(_, &y)| y == x)
                .fold(0u64, |m, (s, _)| m | 1 << s)
        };
        let mut starts = v.to_vec();
        starts.sort_unstable();
        starts.dedup();
        let n = cells.len() as i64;
        let (mut windows, mut value_masks) = (Vec::new(), Vec::new());
        for &s in &starts {
            let masks: Vec<u64> = (s..s + n).map(mask_of).collect();
            if masks.contains(&0) {
                continue;
            }
            let all = masks.iter().fold(0, |m, x| m | x);
            let at = value_masks.len();
            value_masks.extend(masks);
            windows.push((all, at..value_masks.len()));
        }
        Renban {
            cells,
            windows,
            value_masks,
            same: v.iter().map(|&x| mask_of(x)).collect(),
        }
    }
}

impl Propagator for Renban {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        let mut changed = false;
        // Distinct: a solved cell's value leaves the others.
        for &c in &self.cells {
            let x = d.get(c);
            if x & (x - 1) == 0 {
                let other = !self.same[x.trailing_zeros() as usize];
                for &o in &self.cells {
                    if o != c {
                        changed |= d.keep(o, other)?;
                    }
                }
            }
        }
        let union = self.cells.iter().fold(0, |m, &c| m | d.get(c));
        let mut allowed = 0u64;
        for (w, range) in &self.windows {
            let covers = self.value_masks[range.clone()]
                .iter()
                .all(|&m| m & union != 0);
            if covers && self.cells.iter().all(|&c| d.get(c) & w != 0) {
                allowed |= w;
            }
        }
        if allowed == 0 {
            return Err(Contradiction);
        }
        for &c in &self.cells {
            changed |= d.keep(c, allowed)?;
        }
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_renban_with_a_nine_and_a_seven_keeps_five_to_nine() {
        let values = Values::new(&(1..=9).collect::<Vec<i64>>());
        let r = Renban::new(vec![0, 1, 2], &values);
        let (mut cells, mut queue) = (vec![1 << 8, 0x1ff, 1 << 6], Vec::new());
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(r.propagate(&mut d), Ok(true));
        assert_eq!(cells[1], 1 << 7);
    }
}
