//! The search's listing pass over a sum's open cells only: each placed cell's value goes into
//! its side's constant (the remaining total), and out of the candidates of the open cells of
//! its group, which must differ from it; the listing then runs over the open cells, and what
//! it concludes is kept in the thread's memory (`cache.rs`) under the sum, its open cells,
//! the sides' constants and the open cells' candidates, so a search reaching the same open
//! cells with the same candidates and remaining total again applies the result without
//! listing.
//!
//! Taking a placed value out of its group's other cells is what the listing over all cells
//! does (a group's value sets hold each value once), so the result is the same as the pass
//! over all cells; with one open cell or fewer (bounds, which do not read the groups) or sums
//! too wide to list, that pass runs instead.

use super::cache::{OPEN_MAX, Outcome};
use super::listing::Pass;
use super::scratch::{View, Work};
use super::small::{Small, small};
use super::{Group, Shape, SumRule};
use crate::solver::propagator::{Contradiction, Domains, Narrowed};

/// Whether the search tries the pass of `small.rs` before its memory and the listing.
const SMALL_FIRST: bool = true;

impl SumRule {
    /// The listing pass over the open cells, from the thread's memory when `cached` and it
    /// holds the call; `None` when the pass over all cells decides (see the module's
    /// documentation), which the caller then runs: nothing is changed then. `house_read` and
    /// `settled` as for [`SumRule::run`].
    pub(super) fn run_folded(
        &self,
        d: &mut Domains<'_>,
        w: &mut Work,
        house_read: &mut bool,
        settled: &mut bool,
        cached: bool,
    ) -> Option<Narrowed> {
        let values = d.values();
        let Work { s, view, cache } = w;
        let open_bits = match self.fold_view(d, view) {
            Ok(Some(bits)) => bits,
            Ok(None) => return None,
            Err(e) => return Some(Err(e)),
        };
        let n = view.cells.len();
        // A small sum with a total: the same result as the listing, at a small part of its
        // cost and of the memory's (`small.rs`).
        if SMALL_FIRST {
            let (mut keep, mut needed) = ([0u64; OPEN_MAX], [0u64; OPEN_MAX]);
            match small(view, self.facts.total, values, &mut keep, &mut needed) {
                Small::NotMine => {}
                Small::Contradiction => return Some(Err(Contradiction)),
                Small::Listed => {
                    *settled = true;
                    return Some(self.apply_folded(d, view, &keep[..n], &needed[..n], house_read));
                }
            }
        }
        let keyed = cached && n <= OPEN_MAX && {
            cache.start();
            cache.push(self.id)
                && cache.push(open_bits)
                && view.sides.iter().all(|&(_, _, k)| cache.push(k as u64))
                && view.masks.iter().all(|&x| cache.push(x))
        };
        if let Some(e) = if keyed { cache.get() } else { None } {
            return match e.outcome {
                Outcome::Contradiction => Some(Err(Contradiction)),
                Outcome::Plain => None,
                Outcome::Listed => {
                    *settled = true;
                    Some(self.apply_folded(d, view, &e.keep[..n], &e.needed[..n], house_read))
                }
            };
        }
        let sh = Shape {
            cells: &view.cells,
            masks: &view.masks,
            groups: &view.groups,
            sides: &view.sides,
            total: self.facts.total,
            combos: self.combos,
            values,
        };
        match sh.compute(s) {
            Err(e) => {
                if keyed {
                    cache.put(Outcome::Contradiction, &[], &[]);
                }
                Some(Err(e))
            }
            Ok(Pass::Bounds { .. }) => {
                if keyed {
                    cache.put(Outcome::Plain, &[], &[]);
                }
                None
            }
            Ok(Pass::Listed { .. }) => {
                // What each open cell's group needs, by cell (the cache's layout).
                view.needed.resize(n, 0);
                for r in &s.runs {
                    let gr = &view.groups[r.group as usize];
                    view.needed[gr.start as usize..gr.end as usize].fill(r.needed);
                }
                if keyed {
                    cache.put(Outcome::Listed, &s.keep[..n], &view.needed);
                }
                *settled = true;
                Some(self.apply_folded(d, view, &s.keep[..n], &view.needed, house_read))
            }
        }
    }

    /// The sum as the search's pass sees it, into `view`: its open cells, each with its
    /// candidates less the values placed in its group, and each side's constant plus what its
    /// placed cells add; the open cells' positions as bits, or `None` with one open cell or
    /// fewer (the pass over all cells decides then).
    pub(super) fn fold_view(
        &self,
        d: &Domains<'_>,
        view: &mut View,
    ) -> Result<Option<u64>, Contradiction> {
        let values = d.values();
        let open = (self.cells.iter())
            .filter(|&&c| {
                let x = d.get(c);
                x & x.wrapping_sub(1) != 0
            })
            .count();
        if open <= 1 {
            return Ok(None);
        }
        for v in [&mut view.masks, &mut view.needed] {
            v.clear();
        }
        view.cells.clear();
        view.groups.clear();
        view.orig.clear();
        view.sides.clear();
        let mut open_bits = 0u64;
        for &(g0, g1, constant) in &self.sides {
            let first = view.groups.len() as u32;
            let mut rest = constant;
            for gi in g0..g1 {
                let gr = &self.groups[gi as usize];
                let (a, b) = (gr.start as usize, gr.end as usize);
                let mut placed = 0u64;
                for &c in &self.cells[a..b] {
                    let x = d.get(c);
                    if x == 0 {
                        return Err(Contradiction);
                    }
                    if x & (x - 1) == 0 {
                        // Two cells that must differ, placed alike.
                        if gr.distinct && placed & x != 0 {
                            return Err(Contradiction);
                        }
                        placed |= x;
                        rest += gr.coef * values.of_bit(x);
                    }
                }
                let start = view.cells.len() as u32;
                for (i, &c) in (a..b).zip(&self.cells[a..b]) {
                    let x = d.get(c);
                    if x & (x - 1) != 0 {
                        let y = if gr.distinct { x & !placed } else { x };
                        if y == 0 {
                            return Err(Contradiction);
                        }
                        view.cells.push(c);
                        view.masks.push(y);
                        open_bits |= 1 << i;
                    }
                }
                let end = view.cells.len() as u32;
                if end > start {
                    view.groups.push(Group {
                        start,
                        end,
                        coef: gr.coef,
                        distinct: gr.distinct && end - start > 1,
                    });
                    view.orig.push(gi);
                }
            }
            view.sides.push((first, view.groups.len() as u32, rest));
        }
        Ok(Some(open_bits))
    }

    /// Narrows the open cells of `view` to `keep` (one mask each), then removes from the
    /// houses what their groups need (`needed`, by open cell).
    fn apply_folded(
        &self,
        d: &mut Domains<'_>,
        view: &View,
        keep: &[u64],
        needed: &[u64],
        house_read: &mut bool,
    ) -> Narrowed {
        let mut changed = false;
        for (&c, &k) in view.cells.iter().zip(keep) {
            changed |= d.keep(c, k)?;
        }
        let of_group = |g: u32| {
            (view.orig.iter().position(|&o| o == g))
                .map_or(0, |vg| needed[view.groups[vg].start as usize])
        };
        changed |= self.houses(d, of_group, house_read)?;
        Ok(changed)
    }
}
