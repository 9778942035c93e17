//! Renban lines: the values are distinct and form a run of consecutive values, in any order.
//! Propagated to the line's fixed point, each stage with its reason:
//!
//! 1. a solved cell's value leaves the other cells ([`Why::LineRepeat`]);
//! 2. the runs that still fit (a window of as many consecutive values as the line has cells,
//!    every cell with a candidate in it and every value of it with a cell that can hold it):
//!    the cells keep the values of those runs ([`Why::RenbanRuns`]);
//! 3. a value every run left contains must be on the line: when one cell of the line can hold
//!    it, it is placed there, and every cell that sees all the line's cells that can hold it
//!    loses it ([`Why::RenbanNeeds`]);
//! 4. when those are quiet, each run left is checked as a whole (lines of up to [`MAX_DP`]
//!    cells): the line's cells must take the run's values one each, so a value stays in a cell
//!    only when the other cells can take the rest of some run ([`Why::RenbanNoRoom`]). This is
//!    exact for the line on its own.

use super::propagator::{Contradiction, Domains, Narrowed, Propagator, Values, Why};
use super::sight::Sight;
use crate::Geometry;

/// The longest line checked run by run (stage 4): bit masks of `u32` and arrays on the stack.
const MAX_DP: usize = 10;

/// One renban line.
#[derive(Debug, Clone)]
pub(super) struct Renban {
    cells: Vec<u32>,
    /// Each run: the symbols whose value is in it, its values' masks in `value_masks`, and
    /// the symbols worth its smallest value.
    windows: Vec<Window>,
    /// For each window, one mask per value: the symbols with that value.
    value_masks: Vec<u64>,
    /// `same[s]`: the symbols with the value of symbol `s`.
    same: Vec<u64>,
    sight: Sight,
}

#[derive(Debug, Clone)]
struct Window {
    all: u64,
    range: std::ops::Range<usize>,
    start: u64,
}

impl Renban {
    pub(super) fn new(cells: Vec<u32>, values: &Values, g: &Geometry) -> Renban {
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
            windows.push(Window {
                all,
                range: at..value_masks.len(),
                start: mask_of(s),
            });
        }
        Renban {
            sight: Sight::new(g, &cells),
            cells,
            windows,
            value_masks,
            same: v.iter().map(|&x| mask_of(x)).collect(),
        }
    }

    /// Stage 1: a solved cell's value leaves the others.
    fn distinct(&self, d: &mut Domains<'_>) -> Narrowed {
        let mut changed = false;
        for &c in &self.cells {
            let x = d.get(c);
            if x & (x - 1) == 0 {
                let other = !self.same[x.trailing_zeros() as usize];
                for &o in &self.cells {
                    if o != c {
                        changed |= d.keep_because(o, other, || Why::LineRepeat { cell: c })?;
                    }
                }
            }
        }
        Ok(changed)
    }

    /// The runs that fit the candidates (stage 2's test), as a mask over `windows`.
    fn fitting(&self, d: &Domains<'_>) -> u64 {
        let union = self.cells.iter().fold(0, |m, &c| m | d.get(c));
        let mut fit = 0u64;
        for (k, w) in self.windows.iter().enumerate().take(64) {
            let covers = self.value_masks[w.range.clone()]
                .iter()
                .all(|&m| m & union != 0);
            if covers && self.cells.iter().all(|&c| d.get(c) & w.all != 0) {
                fit |= 1 << k;
            }
        }
        fit
    }

    /// The symbols worth the smallest values of the runs in `fit`.
    fn runs(&self, fit: u64) -> u64 {
        self.windows_in(fit).fold(0, |m, w| m | w.start)
    }

    fn windows_in(&self, fit: u64) -> impl Iterator<Item = &Window> {
        self.windows
            .iter()
            .enumerate()
            .filter(move |&(k, _)| k < 64 && fit >> k & 1 == 1)
            .map(|(_, w)| w)
    }

    /// Stages 2 and 3 for the runs in `fit`.
    fn runs_and_needs(&self, d: &mut Domains<'_>, fit: u64) -> Narrowed {
        let (mut allowed, mut required) = (0u64, u64::MAX);
        for w in self.windows_in(fit) {
            allowed |= w.all;
            required &= w.all;
        }
        let mut changed = false;
        for &c in &self.cells {
            changed |= d.keep_because(c, allowed, || Why::RenbanRuns {
                runs: self.runs(fit),
            })?;
        }
        let mut todo = required;
        while todo != 0 {
            let value = self.same[todo.trailing_zeros() as usize] & required;
            todo &= !value;
            let mut holders = 0u64;
            let mut last = 0;
            for (i, &c) in self.cells.iter().enumerate().take(64) {
                if d.get(c) & value != 0 {
                    holders |= 1 << i;
                    last = c;
                }
            }
            let why = || Why::RenbanNeeds {
                value,
                runs: self.runs(fit),
                holders: (0..self.cells.len())
                    .filter(|&i| i < 64 && holders >> i & 1 == 1)
                    .map(|i| self.cells[i])
                    .collect(),
            };
            match holders.count_ones() {
                0 => return Err(Contradiction),
                1 => changed |= d.keep_because(last, value, why)?,
                _ => {}
            }
            changed |= self
                .sight
                .seen_by_all(holders, |x| d.keep_because(x, !value, why))?;
        }
        Ok(changed)
    }

    /// Stage 4: for each run in `fit`, the values each cell can take in some assignment of
    /// the run's values to the cells, one each; the cells keep the union.
    fn matching(&self, d: &mut Domains<'_>, fit: u64) -> Narrowed {
        let n = self.cells.len();
        let mut keep = [0u64; MAX_DP];
        let mut any = false;
        for w in self.windows_in(fit) {
            let masks = &self.value_masks[w.range.clone()];
            // Each cell's candidates as values of the run, bit k for its k-th value.
            let mut dom = [0u32; MAX_DP];
            for (i, &c) in self.cells.iter().enumerate() {
                let x = d.get(c);
                dom[i] = (masks.iter().enumerate())
                    .filter(|&(_, &m)| x & m != 0)
                    .fold(0, |b, (k, _)| b | 1 << k);
            }
            let Some(support) = assignments(&dom[..n]) else {
                continue;
            };
            any = true;
            for (i, &c) in self.cells.iter().enumerate() {
                let x = d.get(c);
                keep[i] |= (masks.iter().enumerate())
                    .filter(|&(k, _)| support[i] >> k & 1 == 1)
                    .fold(0, |m, (_, &vm)| m | (vm & x));
            }
        }
        if !any {
            return Err(Contradiction);
        }
        let mut changed = false;
        for (i, &c) in self.cells.iter().enumerate() {
            changed |= d.keep_because(c, keep[i], || Why::RenbanNoRoom {
                runs: self.runs(fit),
            })?;
        }
        Ok(changed)
    }
}

/// For cells whose candidates are `dom[i]` (bit k: the k-th value of a run as long as the
/// cells), the values each cell takes in some assignment of every value to one cell, or `None`
/// when there is none. One assignment is found by augmenting paths; another value `v` of cell
/// `i` is in some assignment exactly when the cell holding `v` in the one found reaches `i` by
/// steps "cell `j` can take the value cell `k` holds" (the swaps along that cycle free `v` for
/// `i`). Quadratic in the line's length: the search calls it at every node.
fn assignments(dom: &[u32]) -> Option<[u32; MAX_DP]> {
    let n = dom.len();
    // Nothing goes unless some k cells of the m left have at most k values between them
    // (Hall), which needs k cells of at most k values each: when the k-th smallest cell has
    // more than k values for every k < m, every value of every cell stays (the search's usual
    // case). Left out of the m: solved cells whose value no other cell can take.
    let full = (1u32 << n) - 1;
    let (mut once, mut twice) = (0u32, 0u32);
    for &x in dom {
        twice |= once & x & full;
        once |= x & full;
    }
    if once == full {
        let mut at_most = [0usize; MAX_DP + 1];
        let mut m = 0;
        for &x in dom {
            let k = (x & full).count_ones() as usize;
            if !(k == 1 && x & full & twice == 0) {
                at_most[k] += 1;
                m += 1;
            }
        }
        let mut cells = 0;
        let mut hall_free = true;
        for (k, &c) in at_most.iter().enumerate().take(m) {
            cells += c;
            hall_free &= cells < k.max(1);
        }
        if hall_free {
            let mut all = [0u32; MAX_DP];
            for (a, &x) in all.iter_mut().zip(dom) {
                *a = x & full;
            }
            return Some(all);
        }
    }
    // `holder[v]`: the cell given value `v`, or `NONE`.
    const NONE: usize = usize::MAX;
    let mut holder = [NONE; MAX_DP];
    for i in 0..n {
        let mut seen = 0u32;
        if !augment(i, dom, &mut holder, &mut seen) {
            return None;
        }
    }
    let mut value = [0usize; MAX_DP];
    for (v, &c) in holder.iter().enumerate().take(n) {
        value[c] = v;
    }
    // `step[j]`: the cells whose value cell `j` can take.
    let mut step = [0u32; MAX_DP];
    for (j, st) in step.iter_mut().enumerate().take(n) {
        let mut m = dom[j] & !(1 << value[j]);
        while m != 0 {
            let v = m.trailing_zeros() as usize;
            m &= m - 1;
            *st |= 1 << holder[v];
        }
    }
    // `reach[j]`: the cells reached from `j` in one step or more.
    let mut reach = step;
    loop {
        let mut grew = false;
        for r in reach.iter_mut().take(n) {
            let mut m = *r;
            let mut next = *r;
            while m != 0 {
                let k = m.trailing_zeros() as usize;
                m &= m - 1;
                next |= step[k];
            }
            grew |= next != *r;
            *r = next;
        }
        if !grew {
            break;
        }
    }
    let mut support = [0u32; MAX_DP];
    for i in 0..n {
        support[i] = 1 << value[i];
        let mut m = dom[i] & !(1 << value[i]);
        while m != 0 {
            let v = m.trailing_zeros() as usize;
            m &= m - 1;
            if reach[holder[v]] >> i & 1 == 1 {
                support[i] |= 1 << v;
            }
        }
    }
    Some(support)
}

/// Kuhn's augmenting path from cell `i`: true when `i` gets a value, reassigning others.
fn augment(i: usize, dom: &[u32], holder: &mut [usize; MAX_DP], seen: &mut u32) -> bool {
    let mut m = dom[i] & ((1u32 << dom.len()) - 1);
    while m != 0 {
        let v = m.trailing_zeros() as usize;
        m &= m - 1;
        if *seen >> v & 1 == 1 {
            continue;
        }
        *seen |= 1 << v;
        if holder[v] == usize::MAX || augment(holder[v], dom, holder, seen) {
            holder[v] = i;
            return true;
        }
    }
    false
}

impl Propagator for Renban {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        let mut changed = false;
        loop {
            let mut round = self.distinct(d)?;
            let fit = self.fitting(d);
            if fit == 0 {
                return Err(Contradiction);
            }
            round |= self.runs_and_needs(d, fit)?;
            if !round && self.cells.len() <= MAX_DP {
                round = self.matching(d, fit)?;
            }
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

    fn classic() -> std::sync::Arc<Geometry> {
        crate::builtin::geometry("classic").unwrap()
    }

    #[test]
    fn a_renban_with_a_nine_and_a_seven_keeps_five_to_nine() {
        let values = Values::new(&(1..=9).collect::<Vec<i64>>());
        let r = Renban::new(vec![0, 1, 2], &values, &classic());
        let (mut cells, mut queue) = (vec![0x1ff; 81], Vec::new());
        cells[0] = 1 << 8;
        cells[2] = 1 << 6;
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(r.propagate(&mut d), Ok(true));
        assert_eq!(cells[1], 1 << 7);
    }

    #[test]
    fn a_value_every_run_needs_leaves_the_cells_that_see_its_places() {
        // r1c1 r1c2 r1c3 r2c3: 4 cells with candidates 3..7 have runs 3-6 and 4-7, both
        // needing 4, 5 and 6. If only r1c1 and r1c2 can hold 5, row 1 loses 5 elsewhere.
        let values = Values::new(&(1..=9).collect::<Vec<i64>>());
        let r = Renban::new(vec![0, 1, 2, 11], &values, &classic());
        let (mut cells, mut queue) = (vec![0x1ff; 81], Vec::new());
        let mid = 0b111_1100; // 3..7
        cells[0] = mid;
        cells[1] = mid;
        cells[2] = mid & !(1 << 4);
        cells[11] = mid & !(1 << 4);
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(r.propagate(&mut d), Ok(true));
        assert!((3..9).all(|c| cells[c] & 1 << 4 == 0), "row 1 keeps no 5");
        assert!(
            [9, 10, 18, 19, 20].iter().all(|&c| cells[c] & 1 << 4 == 0),
            "box 1"
        );
        assert_eq!(cells[27] & 1 << 4, 1 << 4, "r4c1 sees only r1c1");
    }

    #[test]
    fn two_cells_that_share_two_values_leave_the_rest_of_the_run() {
        // A line of 3 whose only run left is 1-3, two cells {1, 2}: the third is 3.
        let values = Values::new(&(1..=9).collect::<Vec<i64>>());
        let r = Renban::new(vec![0, 10, 20], &values, &classic());
        let (mut cells, mut queue) = (vec![0x1ff; 81], Vec::new());
        cells[0] = 0b11;
        cells[10] = 0b11;
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(r.propagate(&mut d), Ok(true));
        assert_eq!(cells[20], 0b100);
    }

    #[test]
    fn assignments_find_each_cells_values() {
        // Cells {0,1}, {0,1}, {0,1,2}: the third must take value 2.
        let s = assignments(&[0b011, 0b011, 0b111]).unwrap();
        assert_eq!(&s[..3], &[0b011, 0b011, 0b100]);
        assert!(assignments(&[0b01, 0b01]).is_none());
    }

    const WORDS: usize = (1 << MAX_DP) / 64;

    /// The exhaustive check by subsets of values, to compare the matching with.
    fn by_subsets(dom: &[u32]) -> Option<[u32; MAX_DP]> {
        let n = dom.len();
        let full = (1usize << n) - 1;
        let (mut fwd, mut back) = ([0u64; WORDS], [0u64; WORDS]);
        let get = |b: &[u64; WORDS], s: usize| b[s / 64] >> (s % 64) & 1 == 1;
        let set = |b: &mut [u64; WORDS], s: usize| b[s / 64] |= 1 << (s % 64);
        set(&mut fwd, 0);
        set(&mut back, 0);
        for s in 0..full {
            let i = s.count_ones() as usize;
            if get(&fwd, s) {
                let mut avail = dom[i] as usize & !s & full;
                while avail != 0 {
                    let k = avail & avail.wrapping_neg();
                    avail ^= k;
                    set(&mut fwd, s | k);
                }
            }
            if get(&back, s) {
                let mut avail = dom[n - 1 - i] as usize & !s & full;
                while avail != 0 {
                    let k = avail & avail.wrapping_neg();
                    avail ^= k;
                    set(&mut back, s | k);
                }
            }
        }
        if !get(&fwd, full) {
            return None;
        }
        let mut support = [0u32; MAX_DP];
        for s in 0..full {
            if !get(&fwd, s) {
                continue;
            }
            let i = s.count_ones() as usize;
            let mut avail = dom[i] as usize & !s & full;
            while avail != 0 {
                let k = avail & avail.wrapping_neg();
                avail ^= k;
                if get(&back, full & !s & !k) {
                    support[i] |= k as u32;
                }
            }
        }
        Some(support)
    }

    #[test]
    fn the_matching_agrees_with_the_check_by_subsets() {
        // Deterministic pseudo-random domains of every length up to MAX_DP.
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let n = 1 + (x % MAX_DP as u64) as usize;
            let full = (1u32 << n) - 1;
            let dom: Vec<u32> = (0..n)
                .map(|i| {
                    let r = (x.rotate_left(7 * i as u32) ^ x >> (3 * i)) as u32;
                    r & (r >> 3 | r >> 11) & full
                })
                .collect();
            assert_eq!(assignments(&dom), by_subsets(&dom), "{dom:?}");
        }
    }
}
