//! Region clues of a chaos construction (`chaos-arrow`, `chaos-count`): the clue cell's value
//! is what its region reads, the run along the arms from it or how many counted cells share it
//! (see [`Clue`]). The propagator reads the region labels the chaos construction keeps beyond
//! the cells (`solver/chaos.rs`, label of cell `c` is variable `base + c`).
//!
//! What it removes:
//! - **Range** (cells only, so the reasoner too): the clue reads its own cell and at most the
//!   cells it names, and never more than a region's size; when every orthogonal neighbour of
//!   the clue cell is read (an arm's first cell, a counted cell), a region of two or more cells
//!   reaches one of them, so it reads at least 2 ([`Why::ChaosClueRange`]).
//! - **Support** (with the labels): for each region `k` the clue cell may be in, the readings
//!   the labels still allow (a count between the cells fixed to `k` and those that may be; per
//!   arm, the run lengths whose cells may all be `k` and whose next cell is not fixed to `k`,
//!   added up over the arms). The clue cell keeps the values some region allows and the
//!   regions that allow one of its values; a read cell keeps `k` only if some allowed reading
//!   puts it in `k` (or leaves it unread), and its other labels only if some reading leaves it
//!   out (as the Interactive Sudoku Solver's `ChaosArrow` and `ChaosCount` handlers do).

use super::propagator::{Domains, Narrowed, Propagator, Values, Why};
use crate::Geometry;
use crate::constraint::chaos::{Clue, Layout};
use crate::constraint::{Constraint, RuleKind};
use std::cell::RefCell;

/// The propagator of a region clue; one that never holds when the geometry has no chaos
/// construction (the loader refuses such a clue).
pub(super) fn compile(c: &Constraint, g: &Geometry, values: &Values) -> Box<dyn Propagator> {
    let chaos = g
        .constraints()
        .iter()
        .find(|c| matches!(c.kind, RuleKind::Chaos { .. }))
        .and_then(|ch| Layout::new(g, &ch.kind));
    match (chaos, Clue::of(&c.kind)) {
        (Some(layout), Some(clue)) => Box::new(RegionClue::new(clue, &layout, values)),
        _ => Box::new(super::linear::Linear::new(Vec::new(), 1)),
    }
}

/// One region clue.
#[derive(Debug)]
pub(crate) struct RegionClue {
    clue: Clue,
    /// The first label variable (the label of cell `c` is `base + c`).
    base: u32,
    /// Cells in the grid: the labels run from `base` to `base + cells`.
    cells: usize,
    /// The least reading (1, or 2 when every orthogonal neighbour is read).
    lo: i64,
    /// The greatest reading (the cells read, at most a region's size).
    hi: i64,
    /// Each symbol's value.
    values: Vec<i64>,
}

impl RegionClue {
    fn new(clue: Clue, layout: &Layout, values: &Values) -> RegionClue {
        let cells = layout.order.len();
        let read: Vec<u32> = match &clue {
            Clue::Arrow { arms, .. } => arms.iter().flatten().copied().collect(),
            Clue::Count { counted, .. } => counted.clone(),
        };
        let first: Vec<u32> = match &clue {
            Clue::Arrow { arms, .. } => arms.iter().filter_map(|a| a.first().copied()).collect(),
            Clue::Count { counted, .. } => counted.clone(),
        };
        let neighbours = &layout.neighbours[clue.cell() as usize];
        let enclosed = layout.size >= 2 && neighbours.iter().all(|n| first.contains(n));
        RegionClue {
            base: cells as u32,
            cells,
            lo: if enclosed { 2 } else { 1 },
            hi: (1 + read.len()).min(layout.size) as i64,
            values: values.all().to_vec(),
            clue,
        }
    }

    /// The symbols whose value lies in `lo..=hi`.
    fn symbols_between(&self, lo: i64, hi: i64) -> u64 {
        (self.values.iter().enumerate())
            .filter(|&(_, &v)| lo <= v && v <= hi)
            .fold(0, |m, (s, _)| m | 1 << s)
    }

    fn label(&self, d: &Domains<'_>, c: u32) -> u64 {
        d.get(self.base + c)
    }

    /// The count clue's support (see the module documentation).
    fn count(
        &self,
        d: &mut Domains<'_>,
        cell: u32,
        counted: &[u32],
        k_sup: &mut Scratch,
    ) -> Narrowed {
        let clue = d.get(cell);
        let mut values = 0u64;
        let mut regions = 0u64;
        // Per region: whether a counted cell may be in it, or out of it.
        let mut rest = self.label(d, cell);
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let (mut fixed, mut possible) = (1i64, 1i64);
            for &c in counted {
                let l = self.label(d, c);
                fixed += i64::from(l == bit);
                possible += i64::from(l & bit != 0);
            }
            let fits = clue & self.symbols_between(fixed, possible);
            if fits == 0 {
                continue;
            }
            values |= fits;
            regions |= bit;
            let (least, most) = min_max(&self.values, fits);
            k_sup.regions.push((bit, most > fixed, least < possible));
        }
        let mut changed = d.keep(cell, values)?;
        changed |= d.keep_aux(self.base + cell, regions)?;
        for &c in counted {
            let l = self.label(d, c);
            let mut keep = 0u64;
            for &(bit, include, exclude) in &k_sup.regions {
                if l == bit {
                    keep |= bit;
                    continue;
                }
                if exclude || l & bit == 0 {
                    keep |= l & !bit;
                }
                if include {
                    keep |= l & bit;
                }
            }
            changed |= d.keep_aux(self.base + c, keep)?;
        }
        Ok(changed)
    }

    /// The arrow clue's support (see the module documentation).
    fn arrow(
        &self,
        d: &mut Domains<'_>,
        cell: u32,
        arms: &[Vec<u32>],
        s: &mut Scratch,
    ) -> Narrowed {
        let clue = d.get(cell);
        let (mut values, mut regions) = (0u64, 0u64);
        s.keep.clear();
        s.keep.resize(arms.iter().map(Vec::len).sum(), 0);
        let mut rest = self.label(d, cell);
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            // Each arm's possible runs, as bits by length.
            s.runs.clear();
            for arm in arms {
                let mut runs = 0u64;
                for r in 0..=arm.len().min(63) {
                    if r > 0 && self.label(d, arm[r - 1]) & bit == 0 {
                        break;
                    }
                    if r < arm.len() && self.label(d, arm[r]) == bit {
                        continue;
                    }
                    runs |= 1 << r;
                }
                s.runs.push(runs);
            }
            // The readings: 1 + the runs added up (bit t: a total of t past the clue cell).
            let all = sums(&s.runs, usize::MAX);
            let fits = (0..self.values.len())
                .filter(|&sym| clue >> sym & 1 != 0)
                .filter(|&sym| {
                    let t = self.values[sym] - 1;
                    (0..64).contains(&t) && all >> t & 1 != 0
                })
                .fold(0u64, |m, sym| m | 1 << sym);
            if fits == 0 {
                continue;
            }
            values |= fits;
            regions |= bit;
            // Per arm, the runs some fitting value allows with the other arms' runs.
            let mut at = 0;
            for (a, arm) in arms.iter().enumerate() {
                let others = sums(&s.runs, a);
                let mut kept = 0u64;
                let mut runs = s.runs[a];
                while runs != 0 {
                    let r = runs.trailing_zeros() as i64;
                    runs &= runs - 1;
                    let ok = (0..self.values.len()).any(|sym| {
                        let t = self.values[sym] - 1 - r;
                        fits >> sym & 1 != 0 && (0..64).contains(&t) && others >> t & 1 != 0
                    });
                    if ok {
                        kept |= 1 << r;
                    }
                }
                for (i, &c) in arm.iter().enumerate() {
                    let l = self.label(d, c);
                    let at_i = if i < 64 { 1u64 << i } else { 0 };
                    let upto_i = if i < 63 { (2u64 << i) - 1 } else { u64::MAX };
                    // In the region: read (a longer run) or past a shorter run's end.
                    if kept & !at_i != 0 {
                        s.keep[at + i] |= l & bit;
                    }
                    // Elsewhere: where a run ends, or past it.
                    if kept & upto_i != 0 {
                        s.keep[at + i] |= l & !bit;
                    }
                }
                at += arm.len();
            }
        }
        let mut changed = d.keep(cell, values)?;
        changed |= d.keep_aux(self.base + cell, regions)?;
        let mut at = 0;
        for arm in arms {
            for &c in arm {
                changed |= d.keep_aux(self.base + c, s.keep[at])?;
                at += 1;
            }
        }
        Ok(changed)
    }
}

/// The totals the runs (bits by length) can add up to, leaving out arm `skip`; totals past 63
/// are dropped (no region reads that far).
fn sums(runs: &[u64], skip: usize) -> u64 {
    let mut acc = 1u64;
    for (a, &r) in runs.iter().enumerate() {
        if a == skip {
            continue;
        }
        let mut next = 0u64;
        let mut rest = r;
        while rest != 0 {
            let len = rest.trailing_zeros();
            rest &= rest - 1;
            next |= acc << len;
        }
        acc = next;
    }
    acc
}

/// The least and greatest value of the symbols in `mask`.
fn min_max(values: &[i64], mask: u64) -> (i64, i64) {
    (values.iter().enumerate())
        .filter(|&(s, _)| mask >> s & 1 != 0)
        .fold((i64::MAX, i64::MIN), |(lo, hi), (_, &v)| {
            (lo.min(v), hi.max(v))
        })
}

/// Buffers of one call.
#[derive(Debug, Default)]
struct Scratch {
    /// Count: per supported region, its bit and whether a counted cell may be in, or out.
    regions: Vec<(u64, bool, bool)>,
    /// Arrow: each arm's possible runs for the region at hand.
    runs: Vec<u64>,
    /// Arrow: the labels each arm cell keeps.
    keep: Vec<u64>,
}

thread_local! {
    /// The buffers, kept per thread so that a search node allocates nothing once they have
    /// grown (propagators are shared between threads and immutable).
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

impl Propagator for RegionClue {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        let cell = self.clue.cell();
        let (lo, hi) = (self.lo, self.hi);
        let mut changed = d.keep_because(cell, self.symbols_between(lo, hi), || {
            Why::ChaosClueRange { lo, hi }
        })?;
        // The reasoner's board has no label variables: the range is all it can use.
        if d.len() < self.base as usize + self.cells {
            return Ok(changed);
        }
        SCRATCH.with(|s| {
            let mut s = s.borrow_mut();
            s.regions.clear();
            changed |= match &self.clue {
                Clue::Count { counted, .. } => self.count(d, cell, counted, &mut s)?,
                Clue::Arrow { arms, .. } => self.arrow(d, cell, arms, &mut s)?,
            };
            Ok(changed)
        })
    }
}
