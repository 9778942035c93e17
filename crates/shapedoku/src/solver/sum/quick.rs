//! The search's cheap pass over a sum of several parts while many of its cells are open:
//! bounds per group, each distinct group bounded by the least and greatest values its cells
//! can take all different (the `k` smallest and largest of the values they still have between
//! them), and each cell's value kept when the rest of its group, at its least or greatest
//! different values, and the rest of its side can still meet the shared value.
//!
//! It removes a subset of what the listing removes (a bound on distinct values is met by some
//! set of values, not always by one the cells can take one each) at a small part of its cost;
//! the listing takes over once few cells are open (see [`SumRule::quick`]).

use super::listing::side_bounds;
use super::scratch::{Quick, Scratch};
use super::{SumRule, div_ceil, div_floor};
use crate::solver::propagator::{Contradiction, Domains};

impl SumRule {
    /// The cheap pass, when the sum has more than `few` open cells: `Some` of what it did;
    /// `None` when few enough are open for the listing, which the caller then runs.
    pub(super) fn quick(
        &self,
        d: &mut Domains<'_>,
        s: &mut Scratch,
        few: usize,
    ) -> Result<Option<bool>, Contradiction> {
        let mut free = 0usize;
        for &c in &self.cells {
            let x = d.get(c);
            free += usize::from(x & (x - 1) != 0);
        }
        if free <= few {
            return Ok(None);
        }
        let values = d.values();
        s.quick.clear();
        let (t_lo, t_hi) = side_bounds(self.facts.total, &self.sides, &self.groups, s, |s, gr| {
            let cells = &self.cells[gr.start as usize..gr.end as usize];
            let q = group_bounds(d, cells, gr.distinct)?;
            s.quick.push(q);
            Ok((q.lo, q.hi))
        })?;
        let mut changed = false;
        for (si, &(g0, g1, _)) in self.sides.iter().enumerate() {
            for gi in g0 as usize..g1 as usize {
                let gr = &self.groups[gi];
                let q = s.quick[gi];
                let k = gr.coef;
                // What the group may add, in values before the coefficient.
                let p_lo = div_ceil(t_lo - (s.side_hi[si] - k * q.hi), k);
                let p_hi = div_floor(t_hi.saturating_sub(s.side_lo[si] - k * q.lo), k);
                if p_lo <= q.lo && q.hi <= p_hi {
                    continue;
                }
                for &c in &self.cells[gr.start as usize..gr.end as usize] {
                    let x = d.get(c);
                    let (c_lo, c_hi) = values.min_max(x);
                    let mut keep = 0u64;
                    let mut m = x;
                    while m != 0 {
                        let b = m & m.wrapping_neg();
                        m ^= b;
                        let v = values.of_bit(b);
                        // The least and greatest the rest of the group adds with `v` here.
                        let (rest_lo, rest_hi) = if gr.distinct {
                            (
                                if q.low & b != 0 { q.lo - v } else { q.lo_less },
                                if q.high & b != 0 { q.hi - v } else { q.hi_less },
                            )
                        } else {
                            (q.lo - c_lo, q.hi - c_hi)
                        };
                        if v + rest_lo <= p_hi && v + rest_hi >= p_lo {
                            keep |= b;
                        }
                    }
                    changed |= d.keep(c, keep)?;
                }
            }
        }
        Ok(Some(changed))
    }
}

/// The bounds of a group's sum: for a distinct group, of its values all different.
fn group_bounds(d: &Domains<'_>, cells: &[u32], distinct: bool) -> Result<Quick, Contradiction> {
    let values = d.values();
    if !distinct {
        let (lo, hi) = cells.iter().fold((0, 0), |(l, h), &c| {
            let (a, b) = values.min_max(d.get(c));
            (l + a, h + b)
        });
        return Ok(Quick {
            lo,
            hi,
            lo_less: 0,
            hi_less: 0,
            low: 0,
            high: 0,
        });
    }
    let union = cells.iter().fold(0u64, |u, &c| u | d.get(c));
    let (n, k) = (union.count_ones() as usize, cells.len());
    if n < k {
        // Fewer values than cells that must all differ.
        return Err(Contradiction);
    }
    // The union's symbols by value, smallest first (at most 64; insertion into a small array).
    let mut order = [(0i64, 0u64); 64];
    let mut u = union;
    let mut len = 0;
    while u != 0 {
        let b = u & u.wrapping_neg();
        u ^= b;
        let v = values.of_bit(b);
        let mut i = len;
        while i > 0 && order[i - 1].0 > v {
            order[i] = order[i - 1];
            i -= 1;
        }
        order[i] = (v, b);
        len += 1;
    }
    let sorted = &order[..n];
    let mut q = Quick {
        lo: 0,
        hi: 0,
        lo_less: 0,
        hi_less: 0,
        low: 0,
        high: 0,
    };
    for (i, &(v, b)) in sorted[..k].iter().enumerate() {
        q.lo += v;
        q.low |= b;
        if i + 1 < k {
            q.lo_less += v;
        }
    }
    for (i, &(v, b)) in sorted[n - k..].iter().rev().enumerate() {
        q.hi += v;
        q.high |= b;
        if i + 1 < k {
            q.hi_less += v;
        }
    }
    Ok(q)
}
