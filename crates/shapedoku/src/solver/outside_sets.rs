//! Sandwich and X-sum clues on a line that holds each value once (a full row or column of a
//! Sudoku), reasoned over the places of the cells that bound the sum and the sets of values
//! between them.
//!
//! The layered automaton of `outside.rs` reads the line cell by cell and knows only bounds of
//! what distinct values can add up to, so it cannot see that a value between the crusts is not
//! also outside them. Here every placement of the bounding cells is tried (a sandwich's two
//! crusts, the alphabet's least and greatest values, at places `a < b`; an X-sum's first cell
//! holding X) with every set of distinct values the cells between can hold that adds up to the
//! clue, listed once when the clue is compiled. A set fits when every cell between has a
//! candidate in it and the cells between can cover it, and the cells outside can still hold
//! the values left (each has one of them, and together they cover them: the line holds every
//! value once). A candidate stays when some fitting placement and set puts it in its cell;
//! everything else goes, with the placements left as the reason.

use super::propagator::{Domains, Narrowed, Values, Why};
use super::why::Span;
use crate::constraint::RuleKind;

/// The most symbols (and cells) of a line the sets are listed for: a sandwich lists the
/// subsets of the middle values, an X-sum those of every value but X, at most 2^11 of each.
pub(super) const MAX_SYMBOLS: usize = 12;

/// The sets of values the cells a clue bounds can hold, by placement.
#[derive(Debug, Clone)]
pub(super) enum Sets {
    /// A sandwich: `lo` and `hi` are the crusts' symbols (one bit each); `between[k]` the
    /// sets of middle values (candidate masks) of `k` cells that add up to the clue.
    Sandwich {
        /// The least value's symbol.
        lo: u64,
        /// The greatest value's symbol.
        hi: u64,
        /// The sets adding up to the clue, by their size.
        between: Vec<Vec<u64>>,
    },
    /// An X-sum: for each symbol the first cell can hold, its bit, X (its value) and the sets
    /// of `X - 1` other values that add up to the clue less X.
    XSum {
        /// `(symbol bit, X, sets of the X - 1 cells after the first)`.
        first: Vec<(u64, usize, Vec<u64>)>,
    },
}

impl Sets {
    /// The sets of a clue on a line of `len` cells, when the line holds each value once
    /// (`house`) and the alphabet is small enough to list them; `None` otherwise.
    pub(super) fn new(kind: &RuleKind, values: &Values, len: usize, house: bool) -> Option<Sets> {
        let v = values.all();
        let n = v.len();
        if !house || n != len || !(3..=MAX_SYMBOLS).contains(&n) {
            return None;
        }
        let all = (1u64 << n) - 1;
        let sum = |m: u64| -> i64 { (0..n).filter(|s| m >> s & 1 == 1).map(|s| v[s]).sum() };
        match kind {
            RuleKind::Sandwich { total, .. } => {
                let lo_v = *v.iter().min()?;
                let hi_v = *v.iter().max()?;
                let only = |x: i64| -> Option<u64> {
                    let mut at = v.iter().enumerate().filter(|e| *e.1 == x).map(|e| e.0);
                    match (at.next(), at.next()) {
                        (Some(s), None) => Some(1 << s),
                        _ => None,
                    }
                };
                // With the least or the greatest value twice the clue never holds: the
                // automaton says so, nothing to list.
                let (lo, hi) = (only(lo_v)?, only(hi_v)?);
                if lo == hi {
                    return None;
                }
                let middle = all & !lo & !hi;
                let mut between = vec![Vec::new(); n - 1];
                let mut m = middle;
                // Every subset of the middle values, by the usual walk of submasks.
                loop {
                    if sum(m) == *total {
                        between[m.count_ones() as usize].push(m);
                    }
                    if m == 0 {
                        break;
                    }
                    m = (m - 1) & middle;
                }
                for b in &mut between {
                    b.sort_unstable();
                }
                Some(Sets::Sandwich { lo, hi, between })
            }
            RuleKind::XSum { total, .. } => {
                let mut first = Vec::new();
                for (s, &x) in v.iter().enumerate() {
                    if x < 1 || x > n as i64 {
                        continue;
                    }
                    let others = all & !(1 << s);
                    let mut sets = Vec::new();
                    let mut m = others;
                    loop {
                        if m.count_ones() as i64 == x - 1 && sum(m) == total - x {
                            sets.push(m);
                        }
                        if m == 0 {
                            break;
                        }
                        m = (m - 1) & others;
                    }
                    sets.sort_unstable();
                    first.push((1u64 << s, x as usize, sets));
                }
                Some(Sets::XSum { first })
            }
            _ => None,
        }
    }

    /// Keeps in each cell of the line (`cells`, read from the clue) only the candidates some
    /// fitting placement and set puts there.
    pub(super) fn propagate(&self, cells: &[u32], d: &mut Domains<'_>) -> Narrowed {
        let n = cells.len();
        debug_assert!(n <= MAX_SYMBOLS);
        let mut cand = [0u64; MAX_SYMBOLS];
        for (x, &c) in cand.iter_mut().zip(cells) {
            *x = d.get(c);
        }
        // The union of the candidates before each place (`pre[i]`: cells 0..i) and from it on
        // (`suf[i]`: cells i..n).
        let (mut pre, mut suf) = ([0u64; MAX_SYMBOLS + 1], [0u64; MAX_SYMBOLS + 1]);
        for i in 0..n {
            pre[i + 1] = pre[i] | cand[i];
            suf[n - 1 - i] = suf[n - i] | cand[n - 1 - i];
        }
        let all = (1u64 << n) - 1;
        let mut supp = [0u64; MAX_SYMBOLS];
        // The placements that fit, only when the reasoner asks why (no allocation otherwise).
        let explaining = d.explaining_now();
        let mut spans: Vec<Span> = Vec::new();
        // One placement: the cells `ends` hold the symbols with them, cells `inner` (a range)
        // hold one of `sets` between them, and the cells outside (before `out.0` and from
        // `out.1` on) hold the values of `outside` the set leaves, every one of them.
        let mut place = |ends: &[(usize, u64)],
                         inner: std::ops::Range<usize>,
                         out: (usize, usize),
                         sets: &[u64],
                         outside: u64| {
            let (cin, before, after) = (&cand[inner.clone()], &cand[..out.0], &cand[out.1..n]);
            let union = cin.iter().fold(0u64, |u, &x| u | x);
            let outer_union = pre[out.0] | suf[out.1];
            // The placement's last cell: the second crust, or an X-sum's X-th cell.
            let last = ends[ends.len() - 1].0.max(inner.end.saturating_sub(1));
            let (mut inner_s, mut outer_s, mut found) = (0u64, 0u64, false);
            for &set in sets {
                let rest = outside & !set;
                if set & !union != 0
                    || rest & !outer_union != 0
                    || cin.iter().any(|&x| x & set == 0)
                    || before.iter().chain(after).any(|&x| x & rest == 0)
                {
                    continue;
                }
                found = true;
                inner_s |= set;
                outer_s |= rest;
                if explaining {
                    spans.push(Span {
                        ends: [cells[ends[0].0], cells[last]],
                        ends_hold: ends.iter().fold(0, |m, e| m | e.1),
                        inside: set,
                    });
                }
            }
            if !found {
                return;
            }
            for &(e, hold) in ends {
                supp[e] |= hold;
            }
            for x in &mut supp[inner] {
                *x |= inner_s;
            }
            let (head, tail) = supp.split_at_mut(out.1);
            for x in head[..out.0].iter_mut().chain(tail[..n - out.1].iter_mut()) {
                *x |= outer_s;
            }
        };
        let why: fn(Vec<Span>) -> Why;
        match self {
            Sets::Sandwich { lo, hi, between } => {
                let (lo, hi) = (*lo, *hi);
                let crust = lo | hi;
                let middle = all & !crust;
                for a in 0..n {
                    let ca = cand[a] & crust;
                    if ca == 0 {
                        continue;
                    }
                    for b in a + 1..n {
                        let cb = cand[b] & crust;
                        // Which crust can be at a with the other at b.
                        let (mut at_a, mut at_b) = (0, 0);
                        if ca & lo != 0 && cb & hi != 0 {
                            (at_a, at_b) = (lo, hi);
                        }
                        if ca & hi != 0 && cb & lo != 0 {
                            (at_a, at_b) = (at_a | hi, at_b | lo);
                        }
                        let sets = &between[b - a - 1];
                        if at_a == 0 || sets.is_empty() {
                            continue;
                        }
                        place(&[(a, at_a), (b, at_b)], a + 1..b, (a, b + 1), sets, middle);
                    }
                }
                why = |spans| Why::SandwichSpans { spans };
            }
            Sets::XSum { first } => {
                // The first cell holds X, the X - 1 cells after it one of the sets, the rest
                // of the line the other values.
                for (bit, x, sets) in first {
                    if cand[0] & bit == 0 || sets.is_empty() {
                        continue;
                    }
                    place(&[(0, *bit)], 1..*x, (0, *x), sets, all & !bit);
                }
                why = |spans| Why::XSumSpans { spans };
            }
        }
        let mut changed = false;
        for (i, &c) in cells.iter().enumerate() {
            changed |= d.keep_because(c, supp[i], || why(spans.clone()))?;
        }
        Ok(changed)
    }
}
