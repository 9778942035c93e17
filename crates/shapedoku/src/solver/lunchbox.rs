//! Lunchboxes: the cells, read in order, hold different symbols, and the values strictly
//! between the cell of the smallest value and the cell of the largest add up to the total.
//!
//! A sandwich (`outside_sets.rs`) whose crusts are the line's own extremes: every pair of crust
//! values (`lo` below `hi`) is tried at every pair of places, with every set of distinct values
//! strictly between `lo` and `hi` that adds up to the total and has as many values as there are
//! cells between the places; the sets are listed once, when the rule is compiled. A placement
//! fits when the cells between have a candidate in the set and together cover it, and every
//! cell outside has a candidate strictly between `lo` and `hi` and not in the set, with enough
//! such values for all of them. A candidate stays when some fitting placement puts it in its
//! cell ([`Why::LunchboxSpans`] names the placements left); a solved cell's symbol goes from
//! the others ([`Why::LineRepeat`]). On an alphabet too large to list the sets, the rule is
//! only checked once every cell is solved. Nothing is allocated per call unless the reasoner
//! asks for the reasons.

use super::held::Held;
use super::propagator::{Contradiction, Domains, Narrowed, Propagator, Values, Why};
use super::why::Span;
use crate::constraint::set_rules::lunchbox_sum;

/// The most symbols the sets are listed for (at most 2^10 subsets of the values between two
/// crusts, for each of at most 66 pairs of crusts).
const MAX_SYMBOLS: usize = 12;

/// One pair of crusts and what may lie between them.
#[derive(Debug, Clone)]
struct Crusts {
    /// The smallest value's symbol (a bit).
    lo: u64,
    /// The largest value's symbol (a bit).
    hi: u64,
    /// The symbols of the values strictly between (a mask): every cell but the crusts holds
    /// one of them.
    range: u64,
    /// The sets of values in `range` that add up to the total, by their size.
    between: Vec<Vec<u64>>,
}

/// A compiled lunchbox.
#[derive(Debug, Clone)]
pub(super) struct Lunchbox {
    cells: Vec<u32>,
    total: i64,
    values: Vec<i64>,
    /// Every pair of crusts some placement could use; `None` when the alphabet is too large
    /// to list the sets (the rule is then checked on solved cells only).
    crusts: Option<Vec<Crusts>>,
}

impl Lunchbox {
    pub(super) fn new(cells: Vec<u32>, total: i64, values: &Values) -> Lunchbox {
        let v = values.all();
        let n = v.len();
        let k = cells.len();
        let crusts = (n <= MAX_SYMBOLS).then(|| {
            let mut out = Vec::new();
            for lo in 0..n {
                for hi in 0..n {
                    if v[lo] >= v[hi] {
                        continue;
                    }
                    let range = (0..n)
                        .filter(|&s| v[lo] < v[s] && v[s] < v[hi])
                        .fold(0u64, |m, s| m | 1 << s);
                    if (range.count_ones() as usize) + 2 < k {
                        continue;
                    }
                    let mut between = vec![Vec::new(); k - 1];
                    let mut m = range;
                    // Every subset of the values between, by the usual walk of submasks.
                    loop {
                        let size = m.count_ones() as usize;
                        let sum: i64 = (0..n).filter(|s| m >> s & 1 == 1).map(|s| v[s]).sum();
                        if size + 2 <= k && sum == total {
                            between[size].push(m);
                        }
                        if m == 0 {
                            break;
                        }
                        m = (m - 1) & range;
                    }
                    if between.iter().any(|b| !b.is_empty()) {
                        for b in &mut between {
                            b.sort_unstable();
                        }
                        out.push(Crusts {
                            lo: 1 << lo,
                            hi: 1 << hi,
                            range,
                            between,
                        });
                    }
                }
            }
            out
        });
        Lunchbox {
            cells,
            total,
            values: v.to_vec(),
            crusts,
        }
    }
}

impl Propagator for Lunchbox {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        // Different symbols: a solved cell's symbol goes from the others.
        let held = Held::of(d, &self.cells)?;
        let mut changed = false;
        for &c in &self.cells {
            if d.get(c).count_ones() > 1 {
                changed |= held.drop_from(d, c)?;
            }
        }
        let Some(crusts) = &self.crusts else {
            // Too large an alphabet to list: the rule is checked once every cell is solved.
            if held.count() == self.cells.len() {
                // At most 64 cells: each holds its own symbol of at most 64.
                let mut values = [0i64; 64];
                for (v, &c) in values.iter_mut().zip(&self.cells) {
                    *v = self.values[d.get(c).trailing_zeros() as usize];
                }
                if lunchbox_sum(&values[..self.cells.len()]) != self.total {
                    return Err(Contradiction);
                }
            }
            return Ok(changed);
        };
        let n = self.cells.len();
        let mut cand = [0u64; MAX_SYMBOLS];
        for (x, &c) in cand.iter_mut().zip(&self.cells) {
            *x = d.get(c);
        }
        let mut supp = [0u64; MAX_SYMBOLS];
        let explaining = d.explaining_now();
        let mut spans: Vec<Span> = Vec::new();
        for cr in crusts {
            let crust = cr.lo | cr.hi;
            for a in 0..n {
                let ca = cand[a] & crust;
                if ca == 0 {
                    continue;
                }
                for b in a + 1..n {
                    let cb = cand[b] & crust;
                    // Which crust can be at a with the other at b.
                    let (mut at_a, mut at_b) = (0, 0);
                    if ca & cr.lo != 0 && cb & cr.hi != 0 {
                        (at_a, at_b) = (cr.lo, cr.hi);
                    }
                    if ca & cr.hi != 0 && cb & cr.lo != 0 {
                        (at_a, at_b) = (at_a | cr.hi, at_b | cr.lo);
                    }
                    let sets = &cr.between[b - a - 1];
                    if at_a == 0 || sets.is_empty() {
                        continue;
                    }
                    let inner = &cand[a + 1..b];
                    let union = inner.iter().fold(0u64, |u, &x| u | x);
                    let outer = || cand[..a].iter().chain(&cand[b + 1..n]);
                    let outside = n - (b - a + 1);
                    let outer_union = outer().fold(0u64, |u, &x| u | x);
                    let (mut inner_s, mut outer_s, mut found) = (0u64, 0u64, false);
                    for &set in sets {
                        let rest = cr.range & !set;
                        if set & !union != 0
                            || inner.iter().any(|&x| x & set == 0)
                            || outer().any(|&x| x & rest == 0)
                            || ((outer_union & rest).count_ones() as usize) < outside
                        {
                            continue;
                        }
                        found = true;
                        inner_s |= set;
                        outer_s |= rest;
                        if explaining {
                            spans.push(Span {
                                ends: [self.cells[a], self.cells[b]],
                                ends_hold: at_a | at_b,
                                inside: set,
                            });
                        }
                    }
                    if !found {
                        continue;
                    }
                    supp[a] |= at_a;
                    supp[b] |= at_b;
                    for x in &mut supp[a + 1..b] {
                        *x |= inner_s;
                    }
                    let (head, tail) = supp.split_at_mut(b + 1);
                    for x in head[..a].iter_mut().chain(&mut tail[..n - b - 1]) {
                        *x |= outer_s;
                    }
                }
            }
        }
        for (i, &c) in self.cells.iter().enumerate() {
            changed |= d.keep_because(c, supp[i], || Why::LunchboxSpans {
                spans: spans.clone(),
            })?;
        }
        Ok(changed)
    }
}
