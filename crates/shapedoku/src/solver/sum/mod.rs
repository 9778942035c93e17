//! The sum rule, for every sum-bearing rule: Killer cages with and without repeats, little
//! killers, arrows and pill arrows, double arrows and region-sum lines. Each is a
//! [`SumFacts`]: sides whose weighted sums are equal, and equal a total when it is fixed.
//!
//! The reasoning is over the value combinations the cells can still take, not only their
//! bounds:
//!
//! 1. **Groups.** Each side's cells are split into groups of cells with one coefficient that
//!    all see each other (a cage's cells, a little killer's cells inside one box): their
//!    values differ. For each group, a pass over its cells in order lists the sets of values
//!    its first cells can hold one each (as masks over the values its cells still have, at
//!    most [`MAX_UNION`]), dropping a set whose sum cannot be completed within the bounds the
//!    rest of the sum leaves. The sets after the last cell are the group's combinations, and
//!    their sums what the group can add. A group too large for that, or a cell seeing none of
//!    the others, is reasoned about cell by cell.
//! 2. **Sides.** The sums each side can make are the sums of its parts' (a bit set, forward
//!    part by part); the values the sides can share are those every side can make (and the
//!    total, when fixed). Walking each side backwards keeps, for each part, the sums it can
//!    add that the others can complete to a shared value.
//! 3. **Cells.** A group's combinations are kept when their sum is one of those, and a cell
//!    keeps the values some kept combination puts in it (the pass over the cells, backwards):
//!    exact for each group, given the others' sums. A value every kept combination of a
//!    group contains, that only cells of the group inside one house can hold, leaves the
//!    house's other cells.
//!
//! Only sums with cells that see each other are listed (see [`lists`]); the others with one
//! side and a total, or two equal sides, are one equation for [`Linear`] (bounds and per-cell
//! supports).
//! A sum whose sides span more than [`CAP_BITS`] values falls back to bounds. Scratch space
//! is kept per thread and grows to the largest rule once, so a search node allocates nothing;
//! the search, on a sum of several parts with a total, runs only the cheap pass of `quick.rs`
//! while more than [`FEW_OPEN`] of its cells are open, and lists over the open cells only,
//! each placed cell's value folded into its side's constant, remembering per thread what a
//! listing did under the sum, its open cells, the constants and their candidates (`fold.rs`,
//! `cache.rs`), a small sum with a total and one side first through a pass in one word that
//! removes what the listing removes (`small.rs`); and the solver keeps for each sum the candidates of its cells when a call
//! last removed nothing without looking at a house's other cells, so a call on the same
//! candidates returns at once.

//!
//! # Files
//!
//! | file | job |
//! |---|---|
//! | `mod.rs` | [`SumRule`]: compiling a sum (groups, houses), which sums list combinations, the propagator and its memory |
//! | `scratch.rs` | the per-thread working space of a call, the open cells' view, the memory |
//! | `listing.rs` | one call: bounds, then each group's value sets listed level by level, over a [`Shape`] (all cells, or the open ones) |
//! | `fold.rs` | the search's call over the open cells, the placed ones folded into the constants, through the memory of listings |
//! | `small.rs` | the search's one-word pass for small sums with a total (one side, groups of at most three open cells): the listing's removals, before the memory |
//! | `cache.rs` | the memory of listings: a fixed table per thread, keyed by the sum, its open cells, constants and candidates |
//! | `sides.rs` | the sums each side can make and each part may add (bit sets, forward and back) |
//! | `quick.rs` | the search's cheap pass while many cells are open: bounds of distinct values per group |
//! | `narrow.rs` | what the kept combinations leave each cell, the cells narrowed to it, needed values out of houses, the reasons, bounds alone |
//! | `bits.rs` | bit sets of small integers with shifts |
//! | `tests.rs` | hand-worked cases and random sums against every assignment |
mod bits;
mod cache;
mod fold;
mod listing;
mod narrow;
mod quick;
mod scratch;
mod sides;
mod small;

use super::linear::Linear;
use super::propagator::{Domains, Narrowed, Propagator, Values};
use super::sum_facts::SumFacts;
use crate::Geometry;
use scratch::WORK;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// The next sum's number, its name in the search's memory of listings (`cache.rs`): unique
/// in the process, so that no two sums, of one solver or of several, share an entry.
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// The widest range of sums a side may span for the combinations to be listed.
const CAP_BITS: usize = 1024;
/// The most distinct values a group's cells may have between them for its combinations to be
/// listed (its value sets are masks over them).
const MAX_UNION: usize = 16;
/// The most value sets listed for one group; past this it is reasoned about cell by cell.
const MAX_STATES: usize = 4096;
/// The most open cells a sum of several parts with a total may have for the search to list
/// its combinations; with more, the search runs the cheap pass of `quick.rs` (bounds of
/// distinct values per group), which removes less at a small part of the cost. The reasoner
/// always lists.
///
/// Measured on the generated little killers and sum lines (docs/performance.md, "A cheaper
/// pass for sums while many cells are open"): at 5 the guesses stay within 10 % of the
/// listing's and the time falls by a quarter to a third; at 3 or 4 the guesses grow up to
/// three times (and one little killer reaches the hand-over to clauses), at 6 the time
/// hardly falls.
const FEW_OPEN: usize = 5;

/// One sum, compiled.
#[derive(Debug)]
pub(super) struct SumRule {
    facts: Arc<SumFacts>,
    /// Every term's cell, group after group.
    cells: Vec<u32>,
    groups: Vec<Group>,
    /// Each side: its groups (a range into `groups`) and its constant.
    sides: Vec<(u32, u32, i64)>,
    /// Houses holding two or more cells of a group: where needed values are removed.
    houses: Vec<HouseRef>,
    /// The other cells of those houses, house after house.
    others: Vec<u32>,
    /// The sum's cells, sorted, once each: the key of the solver's memory of a quiet call.
    watch: Vec<u32>,
    /// Whether the combinations are listed at all (see [`SumRule::lists`]); bounds otherwise.
    combos: bool,
    /// The sum as one equation, for a sum whose combinations are not listed.
    linear: Option<Linear>,
    /// Whether the search runs the cheap pass (`quick.rs`) while more than [`FEW_OPEN`] of its
    /// cells are open.
    quick_first: bool,
    /// Whether the search lists over the open cells only, through the memory of listings
    /// (`fold.rs`): for sums naming each cell once, at most 64 cells.
    folds: bool,
    /// The sum's number in that memory.
    id: u64,
}

/// What a listing pass reasons over: the compiled sum's cells, groups and sides, or its open
/// cells only with the placed ones folded into the sides' constants (`fold.rs`); the cells'
/// candidates as the pass reads them, and the symbols' values.
#[derive(Debug, Clone, Copy)]
pub(super) struct Shape<'a> {
    cells: &'a [u32],
    masks: &'a [u64],
    groups: &'a [Group],
    sides: &'a [(u32, u32, i64)],
    total: Option<i64>,
    combos: bool,
    values: &'a Values,
}

/// Cells of one side with one coefficient; `distinct` when they all see each other.
#[derive(Debug, Clone)]
struct Group {
    start: u32,
    end: u32,
    coef: i64,
    distinct: bool,
}

/// A house holding two or more cells of a distinct group.
#[derive(Debug, Clone)]
struct HouseRef {
    group: u32,
    /// The group's cells inside it, as bits by position in the group.
    inside: u64,
    /// Its other cells: a range of `SumRule::others`.
    others: (u32, u32),
    /// The house's shape index.
    shape: u32,
}

impl SumRule {
    /// Compiles `facts` on `g`: groups of terms that see each other (peers in `g`), and the
    /// houses holding two or more cells of a group.
    pub(super) fn new(facts: Arc<SumFacts>, g: &Geometry) -> SumRule {
        let mut cells = Vec::new();
        let mut groups = Vec::new();
        let mut sides = Vec::new();
        for side in &facts.sides {
            let first = groups.len() as u32;
            let mut mine: Vec<Vec<u32>> = Vec::new();
            let mut coefs: Vec<i64> = Vec::new();
            for &(c, k) in &side.terms {
                debug_assert!(k > 0, "sum coefficients are positive");
                let cc = c as usize;
                let fits =
                    |gr: &Vec<u32>| gr.iter().all(|&o| o != c && g.are_peers(cc, o as usize));
                match (0..mine.len()).find(|&i| coefs[i] == k && fits(&mine[i])) {
                    Some(i) => mine[i].push(c),
                    None => {
                        mine.push(vec![c]);
                        coefs.push(k);
                    }
                }
            }
            for (gr, k) in mine.into_iter().zip(coefs) {
                let start = cells.len() as u32;
                cells.extend(&gr);
                groups.push(Group {
                    start,
                    end: cells.len() as u32,
                    coef: k,
                    distinct: gr.len() > 1 && gr.len() <= 64,
                });
            }
            sides.push((first, groups.len() as u32, side.constant));
        }
        let combos = lists(&groups);
        let linear = if combos {
            None
        } else {
            Linear::of_facts(&facts)
        };
        // Houses matter only to listed combinations.
        let (houses, others) = if linear.is_some() {
            (Vec::new(), Vec::new())
        } else {
            houses_of(&cells, &groups, g)
        };
        let mut watch = cells.clone();
        watch.sort_unstable();
        watch.dedup();
        // The cheap pass is for sums of several parts with a total (little killers, sum lines,
        // cages with repeats), each cell named once; a cage is one group, whose listing is the
        // combinations a human reads, and arrows measured no faster with it.
        let quick_first = facts.total.is_some() && groups.len() > 1 && watch.len() == cells.len();
        let folds = watch.len() == cells.len() && cells.len() <= 64;
        SumRule {
            folds,
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            quick_first,
            combos,
            linear,
            facts,
            cells,
            groups,
            sides,
            houses,
            others,
            watch,
        }
    }

    /// The propagator for `facts` on `g`: the sum's equation alone when its combinations are
    /// not listed (see [`lists`]), so the search pays nothing for the rest.
    pub(super) fn compile(facts: Arc<SumFacts>, g: &Geometry) -> Box<dyn Propagator> {
        let rule = SumRule::new(facts, g);
        match rule.linear {
            Some(linear) => Box::new(linear),
            None => Box::new(rule),
        }
    }

    /// Whether the sum says nothing: one side and no total (a region-sum line in one box).
    fn is_idle(&self) -> bool {
        self.sides.len() < 2 && self.facts.total.is_none()
    }
}

/// Whether a sum's combinations are listed rather than left to the bounds and per-cell
/// supports of [`Linear`], which take every cell as free to repeat.
///
/// Every sum with cells that see each other is listed: their values differ, so three cells of
/// a box on an arrow add up to at least 1 + 2 + 3 = 6 and each is at most 9 - 1 - 2 = 6,
/// where one equation allows 3 and 7. That is the deduction a human opens an arrow puzzle
/// with, and the reasoner's steps and chains are only as strong as this propagator. Sums
/// whose cells all may repeat (an arrow along a diagonal crossing boxes, a single cell
/// against a circle) keep the equation: listing adds nothing there.
///
/// Measured before (`rulebench 10`, CPU ms median, base bounds-and-supports vs listing every
/// sum): cages with repeats on 2..5-cell walks (mostly one group) 2.75 -> 0.67, little
/// killers (diagonals of 3..9 cells, one group per box) 2.73 -> 3.37, arrows 0.33 -> 0.40,
/// double arrows 1.80 -> 2.59: listing costs more per search node where the cells split into
/// small groups, but a search node is not what a solver that explains its steps pays for.
fn lists(groups: &[Group]) -> bool {
    groups.iter().any(|g| g.distinct)
}

/// The houses holding two or more cells of a distinct group, and their other cells.
fn houses_of(cells: &[u32], groups: &[Group], g: &Geometry) -> (Vec<HouseRef>, Vec<u32>) {
    let t = g.tables();
    let n = g.symbol_count();
    let (mut houses, mut others) = (Vec::new(), Vec::new());
    for (gi, gr) in groups.iter().enumerate().filter(|(_, gr)| gr.distinct) {
        let mine = &cells[gr.start as usize..gr.end as usize];
        let mut seen: Vec<u16> = mine
            .iter()
            .flat_map(|&c| t.cell_houses[c as usize].iter().copied())
            .collect();
        seen.sort_unstable();
        seen.dedup();
        for h in seen {
            let hc = &t.house_cells[h as usize * n..(h as usize + 1) * n];
            let inside = (mine.iter().enumerate())
                .filter(|&(_, c)| hc.contains(c))
                .fold(0u64, |m, (i, _)| m | 1 << i);
            if inside.count_ones() < 2 {
                continue;
            }
            let start = others.len() as u32;
            others.extend(hc.iter().filter(|c| !mine.contains(c)));
            houses.push(HouseRef {
                group: gi as u32,
                inside,
                others: (start, others.len() as u32),
                shape: t.houses[h as usize] as u32,
            });
        }
    }
    (houses, others)
}

impl Propagator for SumRule {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        if self.is_idle() {
            return Ok(false);
        }
        if let Some(linear) = &self.linear {
            return linear.propagate(d);
        }
        WORK.with(|w| self.run(d, &mut w.borrow_mut(), &mut false, &mut false))
    }

    fn memo_words(&self) -> usize {
        if self.is_idle() || self.linear.is_some() {
            0
        } else {
            self.watch.len()
        }
    }

    fn propagate_memo(&self, d: &mut Domains<'_>, memo: &mut [u64]) -> Narrowed {
        // The candidates of the sum's cells, when the last call removed nothing, or went
        // through the listed combinations (see below), and no needed value was confined to a
        // house (so the houses' other cells did not matter): the same candidates again remove
        // nothing again.
        if self.is_idle() {
            return Ok(false);
        }
        if let Some(linear) = &self.linear {
            return linear.propagate(d);
        }
        if memo.len() == self.watch.len()
            && self.watch.iter().zip(&*memo).all(|(&c, &m)| d.get(c) == m)
        {
            return Ok(false);
        }
        if self.quick_first {
            // While many cells are open, the bounds of distinct values instead of the listing
            // (see [`FEW_OPEN`]); a quiet cheap pass is remembered like a quiet listing.
            let quick = WORK.with(|w| self.quick(d, &mut w.borrow_mut().s, FEW_OPEN))?;
            if let Some(changed) = quick {
                if !changed {
                    for (m, &c) in memo.iter_mut().zip(&self.watch) {
                        *m = d.get(c);
                    }
                }
                return Ok(changed);
            }
        }
        let (mut house_read, mut settled) = (false, false);
        // The search lists over the open cells, through its memory of listings (`fold.rs`).
        let changed = WORK.with(|w| {
            let w = &mut *w.borrow_mut();
            if self.folds && !d.explaining_now() {
                let folded = self.run_folded(d, w, &mut house_read, &mut settled, true);
                if let Some(out) = folded {
                    return out;
                }
            }
            self.run(d, w, &mut house_read, &mut settled)
        })?;
        // A pass through the listed combinations leaves each cell the values of combinations
        // whose sums the other parts complete with values that are kept too (exact per group
        // and per side), so a second pass on its result removes nothing: remembering it saves
        // the call the fixed-point loop makes after every change (measured in
        // docs/performance.md; the property test runs the search's path to its fixed point
        // through this memory against the explained path).
        // A cell named twice is narrowed by both of its places at once, which the pass does
        // not see as one: only sums naming each cell once count as settled.
        let settled = settled && self.watch.len() == self.cells.len();
        if (!changed || settled) && !house_read && memo.len() == self.watch.len() {
            for (m, &c) in memo.iter_mut().zip(&self.watch) {
                *m = d.get(c);
            }
        }
        Ok(changed)
    }
}

/// `⌈a / b⌉` and `⌊a / b⌋` for `b > 0`.
pub(super) fn div_ceil(a: i64, b: i64) -> i64 {
    -(-a).div_euclid(b)
}
pub(super) fn div_floor(a: i64, b: i64) -> i64 {
    a.div_euclid(b)
}

#[cfg(test)]
mod tests;
