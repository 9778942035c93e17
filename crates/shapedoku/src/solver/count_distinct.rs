//! Count-distinct: the control cell's value is how many different symbols the counted cells
//! hold (the NValue constraint; the Interactive Sudoku Solver's `CountDistinct`,
//! github.com/sigh/Interactive-Sudoku-Solver, `js/solver/handler_docs/count_distinct.md`).
//! The loader refuses two symbols of one value, so a symbol is a value here.
//!
//! The counts the counted cells can reach form an interval (changing one cell moves the count
//! by at most one), so the control cell keeps the values between a least and a greatest count
//! ([`Why::CountDistinctRange`]):
//!
//! - **Greatest**, exact: the symbols already solved, plus a largest matching of the open
//!   cells to symbols not yet solved (each such cell can add one new symbol, no two the same).
//! - **Least**, a sound bound (the exact least is NP-hard): the solved symbols plus open cells
//!   that can hold none of them and no symbol in common with each other; or, for a house, its
//!   counted cells (which all differ) plus the solved symbols none of them can hold.
//!
//! Then the cells: a symbol that would push the least count past the control's largest value
//! leaves the cell ([`Why::CountDistinctMost`]), and when the control needs the greatest count,
//! a symbol after which no matching reaches it leaves the cell ([`Why::CountDistinctLeast`]).
//! The cells are at most [`MAX_COUNTED`], and everything is kept on the stack: a call
//! allocates nothing unless the reasoner asks for the reasons.

use super::propagator::{Domains, Narrowed, Propagator, Values, Why};
use crate::Geometry;

/// The most counted cells one rule may have (a rule with more is not well formed, and never
/// holds): per-call state is kept in fixed arrays.
const MAX_COUNTED: usize = crate::constraint::COUNTED_MAX_CELLS;

/// A compiled count-distinct rule.
#[derive(Debug, Clone)]
pub(super) struct CountDistinct {
    /// The control cell.
    control: u32,
    /// The counted cells (the control among them when it counts itself), each once.
    counted: Vec<u32>,
    /// Each symbol's value, by symbol.
    values: Vec<i64>,
    /// Counted cells that share a house, as bits by position in `counted` (two or more).
    cliques: Vec<u64>,
}

impl CountDistinct {
    /// `cells` is the control cell, then the other counted cells; the control is counted too
    /// when it `counts_itself`.
    pub(super) fn new(
        cells: &[u32],
        counts_itself: bool,
        values: &Values,
        g: &Geometry,
    ) -> CountDistinct {
        let control = cells[0];
        let counted: Vec<u32> = if counts_itself {
            cells.to_vec()
        } else {
            cells[1..].to_vec()
        };
        let mut cliques: Vec<u64> = (g.houses().iter())
            .map(|&h| {
                let shape = &g.shape(h).cells;
                (counted.iter().enumerate())
                    .filter(|&(i, &c)| i < MAX_COUNTED && shape.contains(&(c as usize)))
                    .fold(0u64, |m, (i, _)| m | 1 << i)
            })
            .filter(|m| m.count_ones() >= 2)
            .collect();
        cliques.sort_unstable();
        cliques.dedup();
        CountDistinct {
            control,
            counted,
            values: values.all().to_vec(),
            cliques,
        }
    }

    /// The least number of different symbols the cells can hold (see [`least`]).
    fn least(&self, doms: &[u64]) -> u32 {
        least(doms, &self.cliques)
    }

    /// The greatest number of different symbols the cells can hold (see [`greatest`]).
    fn greatest(doms: &[u64]) -> u32 {
        greatest(doms)
    }

    /// The symbols of the control cell whose values lie from `lo` to `hi`.
    fn counts_between(&self, lo: u32, hi: u32) -> u64 {
        counts_between(&self.values, lo, hi)
    }

    /// Tries each symbol of `tried(x)` alone in each open counted cell (`doms` their
    /// candidates, kept up to date) and removes those with which the cells `fail`, for `why`.
    fn drop_symbols(
        &self,
        d: &mut Domains<'_>,
        doms: &mut [u64],
        tried: impl Fn(u64) -> u64,
        fail: impl Fn(&[u64]) -> bool,
        why: impl Fn() -> Why + Copy,
    ) -> Narrowed {
        drop_alone(
            d,
            doms,
            |i| self.counted[i],
            tried,
            fail,
            |d, var, keep| d.keep_because(var, keep, why),
        )
    }
}

/// The symbols whose `values` lie from `lo` to `hi`: the control cell's counts between them.
pub(super) fn counts_between(values: &[i64], lo: u32, hi: u32) -> u64 {
    (values.iter().enumerate())
        .filter(|&(_, &v)| (i64::from(lo)..=i64::from(hi)).contains(&v))
        .fold(0u64, |m, (s, _)| m | 1 << s)
}

/// Tries each candidate of `tried(x)` alone in each open counted cell (`doms` their
/// candidates, variable `var(i)`, kept up to date) and, through `keep`, removes those with
/// which the cells `fail`: count-distinct's pass over digits and its pass over region labels.
pub(super) fn drop_alone(
    d: &mut Domains<'_>,
    doms: &mut [u64],
    var: impl Fn(usize) -> u32,
    tried: impl Fn(u64) -> u64,
    fail: impl Fn(&[u64]) -> bool,
    mut keep: impl FnMut(&mut Domains<'_>, u32, u64) -> Narrowed,
) -> Narrowed {
    let mut changed = false;
    for i in 0..doms.len() {
        let x = doms[i];
        if x.count_ones() < 2 {
            continue;
        }
        let mut kept = x;
        for s in bits(tried(x)) {
            doms[i] = 1 << s;
            if fail(doms) {
                kept &= !(1 << s);
            }
        }
        doms[i] = x;
        if kept != x {
            changed |= keep(d, var(i), kept)?;
            doms[i] = d.get(var(i));
        }
    }
    Ok(changed)
}

/// The least number of different symbols cells with candidates `doms` can hold: a sound
/// bound, at least the symbols already solved. `cliques` are sets of cells (bits by position
/// in `doms`) known to hold different symbols.
pub(super) fn least(doms: &[u64], cliques: &[u64]) -> u32 {
    let solved = solved_symbols(doms);
    let mut taken = 0u64;
    let mut new = 0;
    for &x in doms {
        if x.count_ones() > 1 && x & solved == 0 && x & taken == 0 {
            // This cell holds a symbol no cell counted so far holds.
            taken |= x;
            new += 1;
        }
    }
    let mut least = solved.count_ones() + new;
    for &q in cliques {
        let union = bits(q).fold(0u64, |m, i| m | doms[i]);
        least = least.max(q.count_ones() + (solved & !union).count_ones());
    }
    if !doms.is_empty() {
        least = least.max(1);
    }
    least
}

/// The greatest number of different symbols cells with candidates `doms` can hold: the
/// solved symbols and a largest matching of the other cells to the symbols not solved.
pub(super) fn greatest(doms: &[u64]) -> u32 {
    let solved = solved_symbols(doms);
    let mut owner = [u8::MAX; 64];
    let mut matched = 0;
    for (i, &x) in doms.iter().enumerate() {
        if x.count_ones() > 1 && augment(doms, solved, i, &mut 0, &mut owner) {
            matched += 1;
        }
    }
    solved.count_ones() + matched
}

/// The symbols of the solved cells.
pub(super) fn solved_symbols(doms: &[u64]) -> u64 {
    (doms.iter())
        .filter(|x| x.count_ones() == 1)
        .fold(0, |m, &x| m | x)
}

/// The positions of the set bits of `m`.
pub(super) fn bits(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            i
        })
    })
}

/// Kuhn's augmenting path from open cell `i` to a symbol outside `solved`: `owner[s]` is the
/// cell matched to symbol `s`; `seen` the symbols visited on this search.
fn augment(doms: &[u64], solved: u64, i: usize, seen: &mut u64, owner: &mut [u8; 64]) -> bool {
    let mut free = doms[i] & !solved & !*seen;
    while free != 0 {
        let s = free.trailing_zeros() as usize;
        free &= free - 1;
        *seen |= 1 << s;
        let o = owner[s];
        if o == u8::MAX || augment(doms, solved, o as usize, seen, owner) {
            owner[s] = i as u8;
            return true;
        }
    }
    false
}

impl Propagator for CountDistinct {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        let m = self.counted.len().min(MAX_COUNTED);
        let mut doms = [0u64; MAX_COUNTED];
        for (x, &c) in doms.iter_mut().zip(&self.counted[..m]) {
            *x = d.get(c);
        }
        let doms = &mut doms[..m];
        let (lo, hi) = (self.least(doms), Self::greatest(doms));
        let mut changed = d.keep_because(self.control, self.counts_between(lo, hi), || {
            Why::CountDistinctRange {
                lo: i64::from(lo),
                hi: i64::from(hi),
            }
        })?;
        let (want_lo, want_hi) = d.values().min_max(d.get(self.control));
        let solved = solved_symbols(doms);
        // Too many: a symbol that makes the least count exceed the control's greatest value.
        if want_hi <= i64::from(lo) + 1 {
            changed |= self.drop_symbols(
                d,
                doms,
                |x| x & !solved,
                |doms| i64::from(self.least(doms)) > want_hi,
                || Why::CountDistinctMost { most: want_hi },
            )?;
        }
        // Too few: the control needs the greatest count, and a symbol after which no matching
        // reaches it leaves the cell.
        if want_lo >= i64::from(hi) {
            changed |= self.drop_symbols(
                d,
                doms,
                |x| x,
                |doms| i64::from(Self::greatest(doms)) < want_lo,
                || Why::CountDistinctLeast { least: want_lo },
            )?;
        }
        Ok(changed)
    }
}
