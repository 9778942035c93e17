//! One call of a sum: each cell's bounds and each side's, then the parts of every side, a
//! distinct group's value sets listed level by level (one level per cell) within the bounds
//! the rest of its side leaves.

use super::scratch::{Item, Run, Scratch, Work};
use super::{CAP_BITS, Group, MAX_STATES, MAX_UNION, Shape, SumRule, bits, div_ceil, div_floor};
use crate::solver::propagator::{Contradiction, Domains, Narrowed};

/// What [`Shape::compute`] found.
#[derive(Debug, Clone, Copy)]
pub(super) enum Pass {
    /// Bounds only (one open cell, or sums too wide to list), within `t_lo..=t_hi`.
    Bounds { t_lo: i64, t_hi: i64 },
    /// The listing ran: `Scratch::keep` holds what each cell keeps, the runs what their
    /// groups need; the sides' bit sets are `w` words from `t_lo`.
    Listed { w: usize, t_lo: i64 },
}

/// Each side's least and greatest sum into `s.side_lo` and `s.side_hi` (its constant plus
/// each group's least and greatest from `group`, times its coefficient), and the bounds of
/// the value the sides share (the total, when fixed); a contradiction when there is none.
pub(super) fn side_bounds(
    total: Option<i64>,
    sides: &[(u32, u32, i64)],
    groups: &[Group],
    s: &mut Scratch,
    mut group: impl FnMut(&mut Scratch, &Group) -> Result<(i64, i64), Contradiction>,
) -> Result<(i64, i64), Contradiction> {
    s.side_lo.clear();
    s.side_hi.clear();
    let (mut t_lo, mut t_hi) = total.map_or((i64::MIN, i64::MAX), |t| (t, t));
    for &(g0, g1, constant) in sides {
        let (mut lo, mut hi) = (constant, constant);
        for gr in &groups[g0 as usize..g1 as usize] {
            let (a, b) = group(s, gr)?;
            lo += gr.coef * a;
            hi += gr.coef * b;
        }
        s.side_lo.push(lo);
        s.side_hi.push(hi);
        t_lo = t_lo.max(lo);
        t_hi = t_hi.min(hi);
    }
    if t_lo > t_hi {
        return Err(Contradiction);
    }
    Ok((t_lo, t_hi))
}

impl Shape<'_> {
    /// One pass's reasoning, the candidates left as they are: the bounds of cells and sides,
    /// then (with two or more open cells, and sums narrow enough) each group's combinations
    /// listed, the sides' sums, and what each cell keeps (see [`Pass`]).
    pub(super) fn compute(&self, s: &mut Scratch) -> Result<Pass, Contradiction> {
        s.lo.clear();
        s.hi.clear();
        let mut free = 0usize;
        for &x in self.masks {
            if x == 0 {
                return Err(Contradiction);
            }
            free += usize::from(x & (x - 1) != 0);
            let (a, b) = self.values.min_max(x);
            s.lo.push(a);
            s.hi.push(b);
        }
        // Bounds of each side, and of the value they share.
        let (mut t_lo, mut t_hi) = side_bounds(self.total, self.sides, self.groups, s, |s, gr| {
            let cells = gr.start as usize..gr.end as usize;
            Ok(cells.fold((0, 0), |(l, h), i| (l + s.lo[i], h + s.hi[i])))
        })?;
        // With one cell left open the bounds are exact; and where listing does not pay.
        if free <= 1 {
            return Ok(Pass::Bounds { t_lo, t_hi });
        }
        self.parts(s, t_lo, t_hi)?;
        // Each side's span; too wide a span falls back to bounds. The shared value lies within
        // every side's sums.
        let mut widest = 0usize;
        for (si, &(_, _, constant)) in self.sides.iter().enumerate() {
            let items = &s.items[s.side_items[si]..s.side_items[si + 1]];
            let base = constant + items.iter().map(|it| it.lo).sum::<i64>();
            let span: i64 = items.iter().map(|it| it.hi - it.lo).sum();
            if !(0..CAP_BITS as i64).contains(&span) {
                return Ok(Pass::Bounds { t_lo, t_hi });
            }
            widest = widest.max(span as usize);
            t_lo = t_lo.max(base);
            t_hi = t_hi.min(base + span);
        }
        if t_lo > t_hi {
            return Err(Contradiction);
        }
        let w = bits::words_for(widest);
        self.sides_pass(s, w, t_lo, t_hi)?;
        self.supports(s, w)?;
        Ok(Pass::Listed { w, t_lo })
    }

    /// The parts of every side: each distinct group's combinations listed, within the bounds
    /// the rest of its side leaves it; other cells one by one.
    pub(super) fn parts(&self, s: &mut Scratch, t_lo: i64, t_hi: i64) -> Result<(), Contradiction> {
        s.items.clear();
        s.side_items.clear();
        s.runs.clear();
        s.states.clear();
        s.sums.clear();
        s.levels.clear();
        s.ubits.clear();
        s.vals.clear();
        s.xs.clear();
        for (si, &(g0, g1, _)) in self.sides.iter().enumerate() {
            s.side_items.push(s.items.len());
            for gi in g0..g1 {
                let gr = &self.groups[gi as usize];
                let (a, b) = (gr.start as usize, gr.end as usize);
                let k = gr.coef;
                if gr.distinct && self.combos {
                    let (g_lo, g_hi) = (a..b).fold((0, 0), |(l, h), i| (l + s.lo[i], h + s.hi[i]));
                    // What the group may add: the shared value less what the rest can add.
                    let add_lo = t_lo - (s.side_hi[si] - k * g_hi);
                    let add_hi = t_hi.saturating_sub(s.side_lo[si] - k * g_lo);
                    let (p_lo, p_hi) = (div_ceil(add_lo, k), div_floor(add_hi, k));
                    if let Some(run) = self.list(s, gi, p_lo, p_hi)? {
                        let lv = run.levels as usize + (b - a);
                        let (from, to) = (s.levels[lv] as usize, s.levels[lv + 1] as usize);
                        let (lo, hi) = (s.sums[from..to].iter())
                            .fold((i64::MAX, i64::MIN), |(l, h), &p| (l.min(p), h.max(p)));
                        s.items.push(Item {
                            at: s.runs.len() as u32,
                            group: true,
                            coef: k,
                            lo: k * lo,
                            hi: k * hi,
                        });
                        s.runs.push(run);
                        continue;
                    }
                }
                for i in a..b {
                    s.items.push(Item {
                        at: i as u32,
                        group: false,
                        coef: k,
                        lo: k * s.lo[i],
                        hi: k * s.hi[i],
                    });
                }
            }
        }
        s.side_items.push(s.items.len());
        Ok(())
    }

    /// Lists the value sets of group `gi`'s cells whose sum may lie within `p_lo..=p_hi`
    /// (values before the coefficient), level after level in the scratch space; `None` when
    /// the group is too large to list (reasoned about cell by cell then).
    pub(super) fn list(
        &self,
        s: &mut Scratch,
        gi: u32,
        p_lo: i64,
        p_hi: i64,
    ) -> Result<Option<Run>, Contradiction> {
        let gr = &self.groups[gi as usize];
        let (a, b) = (gr.start as usize, gr.end as usize);
        let k = b - a;
        let masks = &self.masks[a..b];
        let union = masks.iter().fold(0u64, |u, &x| u | x);
        let nb = union.count_ones() as usize;
        if nb < k {
            // Fewer values than cells that must all differ.
            return Err(Contradiction);
        }
        if nb > MAX_UNION {
            return Ok(None);
        }
        let (ub0, states0, levels0, xs0) =
            (s.ubits.len(), s.states.len(), s.levels.len(), s.xs.len());
        let run = Run {
            group: gi,
            levels: levels0 as u32,
            ubits: ub0 as u32,
            nbits: nb as u8,
            xs: xs0 as u32,
            needed: 0,
        };
        let mut u = union;
        while u != 0 {
            let sym = u.trailing_zeros();
            u &= u - 1;
            s.ubits.push(sym as u8);
            s.vals.push(self.values.all()[sym as usize]);
        }
        for &x in masks {
            s.xs.push(compress(x, &s.ubits[ub0..]));
        }
        // Bounds of the cells after each one.
        s.suf_lo.clear();
        s.suf_hi.clear();
        s.suf_lo.resize(k + 1, 0);
        s.suf_hi.resize(k + 1, 0);
        for i in (0..k).rev() {
            s.suf_lo[i] = s.suf_lo[i + 1] + s.lo[a + i];
            s.suf_hi[i] = s.suf_hi[i + 1] + s.hi[a + i];
        }
        let mark = s.fresh(nb);
        s.levels.push(s.states.len() as u32);
        s.states.push(0);
        s.sums.push(0);
        for i in 0..k {
            let (start, end) = (s.levels[levels0 + i] as usize, s.states.len());
            s.levels.push(end as u32);
            let x = s.xs[xs0 + i];
            for idx in start..end {
                let (m, p) = (s.states[idx], s.sums[idx]);
                let mut avail = x & !m;
                while avail != 0 {
                    let j = avail.trailing_zeros() as usize;
                    avail &= avail - 1;
                    let p2 = p + s.vals[ub0 + j];
                    if p2 + s.suf_lo[i + 1] > p_hi || p2 + s.suf_hi[i + 1] < p_lo {
                        continue;
                    }
                    let m2 = m | 1 << j;
                    if s.stamp[m2 as usize] == mark {
                        continue;
                    }
                    s.stamp[m2 as usize] = mark;
                    s.states.push(m2);
                    s.sums.push(p2);
                }
            }
            if s.states.len() == end {
                return Err(Contradiction);
            }
            if s.states.len() - states0 > MAX_STATES {
                s.states.truncate(states0);
                s.sums.truncate(states0);
                s.levels.truncate(levels0);
                s.ubits.truncate(ub0);
                s.vals.truncate(ub0);
                s.xs.truncate(xs0);
                return Ok(None);
            }
        }
        s.levels.push(s.states.len() as u32);
        Ok(Some(run))
    }
}

/// The candidates of `x` as a mask over `ubits` (bit `j` for symbol `ubits[j]`).
#[inline]
fn compress(x: u64, ubits: &[u8]) -> u16 {
    (ubits.iter().enumerate())
        .filter(|&(_, &sym)| x >> sym & 1 != 0)
        .fold(0, |m, (j, _)| m | 1 << j)
}

impl SumRule {
    /// One pass over all the sum's cells; `house_read` is set when a needed value was
    /// confined to a house, so what the pass removes depends on the house's other cells too;
    /// `settled` when the pass went through the listed combinations, whose result a second
    /// pass would leave as it is.
    pub(super) fn run(
        &self,
        d: &mut Domains<'_>,
        w: &mut Work,
        house_read: &mut bool,
        settled: &mut bool,
    ) -> Narrowed {
        let (s, view) = (&mut w.s, &mut w.view);
        view.masks.clear();
        view.masks.extend(self.cells.iter().map(|&c| d.get(c)));
        let sh = Shape {
            cells: &self.cells,
            masks: &view.masks,
            groups: &self.groups,
            sides: &self.sides,
            total: self.facts.total,
            combos: self.combos,
            values: d.values(),
        };
        match sh.compute(s)? {
            Pass::Bounds { t_lo, t_hi } => self.bounds(d, s, t_lo, t_hi),
            Pass::Listed { w, t_lo } => {
                *settled = true;
                self.apply_listed(d, s, &sh, (w, t_lo), house_read)
            }
        }
    }
}
