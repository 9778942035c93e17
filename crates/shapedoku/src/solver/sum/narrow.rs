//! Narrowing: each cell keeps the values some kept combination puts in it, a value every
//! combination of a group needs leaves the other cells of a house holding all its places, the
//! reasons given for both, and bounds alone where the sums span too much to list.

use super::scratch::{Item, Scratch};
use super::{Shape, SumRule, bits, div_ceil, div_floor};
use crate::solver::linear::mask_where;
use crate::solver::propagator::{Contradiction, Domains, Narrowed, Why};
use crate::solver::sum_facts::SumFacts;
use std::sync::Arc;

impl Shape<'_> {
    /// What each cell keeps (into `keep`): for a listed group, the values some combination
    /// with an allowed sum puts in it (and what they all need into its run); for a cell on
    /// its own, the values whose term is allowed.
    pub(super) fn supports(&self, s: &mut Scratch, w: usize) -> Result<(), Contradiction> {
        s.keep.clear();
        s.keep.resize(self.cells.len(), 0);
        for ii in 0..s.items.len() {
            let it = s.items[ii];
            if it.group {
                self.back_pass(s, ii, w)?;
            } else {
                let i = it.at as usize;
                let allowed = &s.allowed[ii * w..(ii + 1) * w];
                let mut x = self.masks[i];
                let mut keep = 0;
                while x != 0 {
                    let b = x & x.wrapping_neg();
                    x ^= b;
                    if bits::has(allowed, (it.coef * self.values.of_bit(b) - it.lo) as usize) {
                        keep |= b;
                    }
                }
                s.keep[i] = keep;
            }
        }
        Ok(())
    }

    /// The cells of an item, as a range of positions in `cells`.
    pub(super) fn item_cells(&self, s: &Scratch, it: &Item) -> (usize, usize) {
        if it.group {
            let gr = &self.groups[s.runs[it.at as usize].group as usize];
            (gr.start as usize, gr.end as usize)
        } else {
            (it.at as usize, it.at as usize + 1)
        }
    }

    /// The backward pass over a listed group: the combinations whose sum is allowed, and the
    /// values of each cell some of them use (into `keep`); what they all need into the run.
    pub(super) fn back_pass(
        &self,
        s: &mut Scratch,
        ii: usize,
        w: usize,
    ) -> Result<(), Contradiction> {
        let it = s.items[ii];
        let ri = it.at as usize;
        let run = s.runs[ri];
        let gr = &self.groups[run.group as usize];
        let k = (gr.end - gr.start) as usize;
        let ub = run.ubits as usize..run.ubits as usize + run.nbits as usize;
        let mark = s.fresh(run.nbits as usize);
        let lv = run.levels as usize;
        let mut needed = u16::MAX;
        for idx in s.levels[lv + k] as usize..s.levels[lv + k + 1] as usize {
            let x = (it.coef * s.sums[idx] - it.lo) as usize;
            if bits::has(&s.allowed[ii * w..(ii + 1) * w], x) {
                s.stamp[s.states[idx] as usize] = mark;
                needed &= s.states[idx];
            }
        }
        for i in (0..k).rev() {
            let x = s.xs[run.xs as usize + i];
            let mut support = 0u16;
            for idx in s.levels[lv + i] as usize..s.levels[lv + i + 1] as usize {
                let m = s.states[idx];
                let mut avail = x & !m;
                let mut alive = false;
                while avail != 0 {
                    let j = avail.trailing_zeros();
                    avail &= avail - 1;
                    if s.stamp[(m | 1 << j) as usize] == mark {
                        support |= 1 << j;
                        alive = true;
                    }
                }
                if alive {
                    s.stamp[m as usize] = mark;
                }
            }
            if support == 0 {
                return Err(Contradiction);
            }
            s.keep[gr.start as usize + i] = expand(support, &s.ubits[ub.clone()]);
        }
        s.runs[ri].needed = expand(needed, &s.ubits[ub]);
        Ok(())
    }

    /// Why a cell of item `ii` keeps only what it keeps: the item's combinations left.
    pub(super) fn combinations(
        &self,
        facts: &Arc<SumFacts>,
        s: &Scratch,
        ii: usize,
        w: usize,
        t_lo: i64,
    ) -> Why {
        let it = s.items[ii];
        let allowed = &s.allowed[ii * w..(ii + 1) * w];
        let group_sums = bits::members(allowed)
            .map(|x| (it.lo + x as i64) / it.coef)
            .collect();
        let (a, b) = self.item_cells(s, &it);
        let combos = if it.group {
            let run = s.runs[it.at as usize];
            let lv = run.levels as usize + (b - a);
            let ub = &s.ubits[run.ubits as usize..run.ubits as usize + run.nbits as usize];
            let mut combos: Vec<u64> = (s.levels[lv] as usize..s.levels[lv + 1] as usize)
                .filter(|&idx| bits::has(allowed, (it.coef * s.sums[idx] - it.lo) as usize))
                .map(|idx| expand(s.states[idx], ub))
                .collect();
            combos.sort_unstable();
            combos
        } else {
            let mut x = s.keep[a];
            std::iter::from_fn(|| {
                (x != 0).then(|| {
                    let b = x & x.wrapping_neg();
                    x ^= b;
                    b
                })
            })
            .collect()
        };
        Why::SumCombinations {
            sum: facts.clone(),
            group: self.cells[a..b].to_vec(),
            targets: bits::members(&s.target).map(|x| t_lo + x as i64).collect(),
            group_sums,
            combos,
        }
    }
}

impl SumRule {
    /// Narrows the cells of `sh` (the compiled sum's own) to what a listing pass keeps, with
    /// the combinations left as the reason, then removes needed values from the houses.
    pub(super) fn apply_listed(
        &self,
        d: &mut Domains<'_>,
        s: &Scratch,
        sh: &Shape<'_>,
        (w, t_lo): (usize, i64),
        house_read: &mut bool,
    ) -> Narrowed {
        let mut changed = false;
        for (ii, it) in s.items.iter().enumerate() {
            let (a, b) = sh.item_cells(s, it);
            for i in a..b {
                changed |= d.keep_because(sh.cells[i], s.keep[i], || {
                    sh.combinations(&self.facts, s, ii, w, t_lo)
                })?;
            }
        }
        let needed = |g: u32| s.runs.iter().find(|r| r.group == g).map_or(0, |r| r.needed);
        changed |= self.houses(d, needed, house_read)?;
        Ok(changed)
    }

    /// Needed values: a value every combination of a group has (`needed` of the group's
    /// index), whose places in the group all lie in one house, leaves the house's other cells.
    pub(super) fn houses(
        &self,
        d: &mut Domains<'_>,
        needed: impl Fn(u32) -> u64,
        house_read: &mut bool,
    ) -> Narrowed {
        let mut changed = false;
        for h in &self.houses {
            let mut needed = needed(h.group);
            if needed == 0 {
                continue;
            }
            let gr = &self.groups[h.group as usize];
            let mine = &self.cells[gr.start as usize..gr.end as usize];
            while needed != 0 {
                let v = needed & needed.wrapping_neg();
                needed ^= v;
                let holders = (mine.iter().enumerate())
                    .filter(|&(_, &c)| d.get(c) & v != 0)
                    .fold(0u64, |m, (i, _)| m | 1 << i);
                if holders.count_ones() < 2 || holders & !h.inside != 0 {
                    continue;
                }
                *house_read = true;
                for &o in &self.others[h.others.0 as usize..h.others.1 as usize] {
                    changed |= d.keep_because(o, !v, || Why::SumNeeds {
                        sum: self.facts.clone(),
                        group: mine.to_vec(),
                        needed: v,
                        holders: (mine.iter().enumerate())
                            .filter(|&(i, _)| holders >> i & 1 != 0)
                            .map(|(_, &c)| c)
                            .collect(),
                        house: h.shape,
                    })?;
                }
            }
        }
        Ok(changed)
    }

    /// Bounds only, for sums spanning too many values to list: each term must leave the rest
    /// of its side able to reach the shared value.
    pub(super) fn bounds(
        &self,
        d: &mut Domains<'_>,
        s: &Scratch,
        t_lo: i64,
        t_hi: i64,
    ) -> Narrowed {
        let mut changed = false;
        for (si, &(g0, g1, _)) in self.sides.iter().enumerate() {
            for gr in &self.groups[g0 as usize..g1 as usize] {
                let k = gr.coef;
                for i in gr.start as usize..gr.end as usize {
                    let rest_lo = s.side_lo[si] - k * s.lo[i];
                    let rest_hi = s.side_hi[si] - k * s.hi[i];
                    let low = div_ceil(t_lo - rest_hi, k);
                    let high = div_floor(t_hi.saturating_sub(rest_lo), k);
                    if s.lo[i] >= low && s.hi[i] <= high {
                        continue;
                    }
                    let c = self.cells[i];
                    let keep = mask_where(d, d.get(c), |v| (low..=high).contains(&v));
                    changed |= d.keep_because(c, keep, || Why::SumBounds {
                        sum: self.facts.clone(),
                        low,
                        high,
                    })?;
                }
            }
        }
        Ok(changed)
    }
}

/// A mask over `ubits` back as candidates.
#[inline]
fn expand(m: u16, ubits: &[u8]) -> u64 {
    (ubits.iter().enumerate())
        .filter(|&(j, _)| m >> j & 1 != 0)
        .fold(0, |x, (_, &sym)| x | 1 << sym)
}
