//! Chaos construction's propagator: the regions are variables. Each cell `c` has a region label,
//! variable `base + c` beyond the cells (see [`Propagation`](super::propagate)), whose candidate
//! bit `k` says "region k". Labels are canonical (the region of the first cell in reading order
//! is 0; a region's number is one more than the largest number before its first cell), so a
//! count enumerates each (values, partition) pair once.
//!
//! What it removes, every step sound for any solution with canonical labels:
//! - **Order**: a cell's label is at most one more than the largest label any earlier cell
//!   (reading order) can still have; the first cell is region 0. And precedence: a cell whose
//!   label is at least `j` needs every label before `j` among the earlier cells (each region
//!   starts before the next), so a label with one earlier place left takes it.
//! - **Links**: cells of a `same` group share their labels' candidates; a cell of a `different`
//!   pair loses the other's label once that is fixed.
//! - **Sizes**: a region with exactly `size` cells left that may hold it takes them all; one
//!   with `size` cells fixed is closed to every other cell; fewer places or more fixed cells
//!   is a contradiction.
//! - **Symbols**: a symbol placed in a cell fixed to region k leaves the other cells fixed to k,
//!   and a cell holding a symbol region k already has cannot be in k; a symbol with one place
//!   left in region k (one cell that may be in k and may hold it) goes there, with its label.
//! - **Connectivity**: a region's cells are reachable from each of its fixed cells through cells
//!   that may be in it, within `size - 1` steps; cells farther away lose the label, and a fixed
//!   cell out of reach, or fewer than `size` cells in reach, is a contradiction. With no cell
//!   fixed yet, a connected area of possible cells smaller than `size` loses the label.

use super::propagator::{Contradiction, Domains, Narrowed, Propagator};
use crate::Geometry;
use crate::constraint::Constraint;
use crate::constraint::chaos::Layout;
use std::cell::RefCell;

/// The propagator of a chaos rule, its label variables right after the cells (a geometry has
/// at most one chaos rule: the loader refuses a second); a rule whose cells cannot be split
/// into regions never holds.
pub(super) fn compile(c: &Constraint, g: &Geometry) -> Box<dyn Propagator> {
    match Layout::new(g, &c.kind) {
        Some(l) => Box::new(Chaos::new(l, g.cell_count() as u32)),
        None => Box::new(super::linear::Linear::new(Vec::new(), 1)),
    }
}

/// The starting candidates of the variables beyond the cells: a chaos rule's labels, or none.
pub(super) fn extra_vars(g: &Geometry) -> Vec<u64> {
    g.constraints()
        .iter()
        .find_map(|c| Layout::new(g, &c.kind))
        .map(|l| Chaos::new(l, g.cell_count() as u32).initial())
        .unwrap_or_default()
}

/// The propagator of one chaos rule.
#[derive(Debug)]
pub(crate) struct Chaos {
    layout: Layout,
    /// The first label variable (label of cell `c` is `base + c`).
    base: u32,
    /// Every label: `count` bits.
    all: u64,
}

impl Chaos {
    pub(crate) fn new(layout: Layout, base: u32) -> Chaos {
        let all = if layout.count >= 64 {
            u64::MAX
        } else {
            (1u64 << layout.count) - 1
        };
        Chaos { layout, base, all }
    }

    /// The label variables' starting candidates, by cell: every label, but region 0 for the
    /// first cell in reading order.
    pub(crate) fn initial(&self) -> Vec<u64> {
        let mut out = vec![self.all; self.layout.order.len()];
        if let Some(&first) = self.layout.order.first() {
            out[first as usize] = 1;
        }
        out
    }

    /// How many label variables it keeps (one per cell).
    pub(crate) fn vars(&self) -> usize {
        self.layout.order.len()
    }

    fn label(&self, d: &Domains<'_>, c: u32) -> u64 {
        d.get(self.base + c)
    }

    fn order(&self, d: &mut Domains<'_>) -> Narrowed {
        let mut changed = false;
        // The largest label an earlier cell can have, plus one: how many labels are open.
        let mut open: u32 = 0;
        for &c in &self.layout.order {
            // Labels 0..=open: open + 1 bits.
            let keep = 1u64.checked_shl(open + 1).map_or(u64::MAX, |b| b - 1);
            changed |= d.keep_aux(self.base + c, keep & self.all)?;
            let x = self.label(d, c);
            open = open.max(64 - x.leading_zeros());
        }
        changed |= self.precede(d)?;
        Ok(changed)
    }

    /// Precedence: a cell whose label is at least `j` comes after the first cell of every
    /// region before `j` (canonical labels), so each of those labels has a place among the
    /// earlier cells; a label with one such place takes it.
    fn precede(&self, d: &mut Domains<'_>) -> Narrowed {
        let mut changed = false;
        // Per label: how many earlier cells may have it (0, 1, or 2 for more), and the last.
        let mut places = [0u8; 64];
        let mut only = [0u32; 64];
        let mut seen = 0u64;
        for &c in &self.layout.order {
            let x = self.label(d, c);
            let needed = (1u64 << x.trailing_zeros().min(63)) - 1;
            if needed & !seen != 0 {
                return Err(Contradiction);
            }
            let mut single = needed;
            while single != 0 {
                let i = single.trailing_zeros() as usize;
                single &= single - 1;
                if places[i] == 1 && self.label(d, only[i]) != 1 << i {
                    changed |= d.keep_aux(self.base + only[i], 1 << i)?;
                }
            }
            let x = self.label(d, c);
            seen |= x;
            let mut rest = x;
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                places[i] = places[i].saturating_add(1).min(2);
                only[i] = c;
            }
        }
        Ok(changed)
    }

    fn links(&self, d: &mut Domains<'_>) -> Narrowed {
        let mut changed = false;
        for &(a, b) in &self.layout.same {
            let both = self.label(d, a) & self.label(d, b);
            changed |= d.keep_aux(self.base + a, both)?;
            changed |= d.keep_aux(self.base + b, both)?;
        }
        for &(a, b) in &self.layout.different {
            for (x, y) in [(a, b), (b, a)] {
                let l = self.label(d, x);
                if l & (l - 1) == 0 {
                    changed |= d.keep_aux(self.base + y, !l)?;
                }
            }
        }
        Ok(changed)
    }

    /// Sizes, symbols and connectivity of region `k`.
    fn region(&self, d: &mut Domains<'_>, k: usize, scratch: &mut Scratch) -> Narrowed {
        let bit = 1u64 << k;
        let n = self.layout.order.len();
        let size = self.layout.size;
        let mut changed = false;
        scratch.possible.clear();
        scratch.fixed.clear();
        for c in 0..n as u32 {
            let l = self.label(d, c);
            if l & bit != 0 {
                scratch.possible.push(c);
                if l == bit {
                    scratch.fixed.push(c);
                }
            }
        }
        if scratch.possible.len() < size || scratch.fixed.len() > size {
            return Err(Contradiction);
        }
        if scratch.possible.len() == size {
            for &c in &scratch.possible {
                changed |= d.keep_aux(self.base + c, bit)?;
            }
            scratch.fixed.clone_from(&scratch.possible);
        } else if scratch.fixed.len() == size {
            for &c in &scratch.possible {
                if !scratch.fixed.contains(&c) {
                    changed |= d.keep_aux(self.base + c, !bit)?;
                }
            }
            scratch.possible.clone_from(&scratch.fixed);
        }
        // Symbols: those placed in the region, each once.
        let mut placed = 0u64;
        for &c in &scratch.fixed {
            let x = d.get(c);
            if x & (x - 1) == 0 {
                if placed & x != 0 {
                    return Err(Contradiction);
                }
                placed |= x;
            }
        }
        if placed != 0 {
            for &c in &scratch.possible {
                let x = d.get(c);
                let solved = x & (x - 1) == 0;
                if self.label(d, c) == bit {
                    if !solved {
                        changed |= d.keep(c, !placed)?;
                    }
                } else if solved && placed & x != 0 {
                    changed |= d.keep_aux(self.base + c, !bit)?;
                }
            }
        }
        // Hidden singles: each symbol has a place in the region.
        let symbols = (0..size).fold(0u64, |m, s| m | 1u64 << s);
        let (mut once, mut twice) = (0u64, 0u64);
        for &c in &scratch.possible {
            if self.label(d, c) & bit == 0 {
                continue;
            }
            let x = d.get(c);
            twice |= once & x;
            once |= x;
        }
        if once & symbols != symbols {
            return Err(Contradiction);
        }
        let single = once & !twice & !placed;
        if single != 0 {
            for &c in &scratch.possible {
                let x = d.get(c);
                let s = x & single;
                if s != 0 && self.label(d, c) & bit != 0 {
                    if s & (s - 1) != 0 {
                        // Two symbols whose only place is this cell.
                        return Err(Contradiction);
                    }
                    changed |= d.keep_aux(self.base + c, bit)?;
                    changed |= d.keep(c, s)?;
                }
            }
        }
        changed |= self.connect(d, bit, scratch)?;
        Ok(changed)
    }

    /// Connectivity of the region with label `bit` (see the module documentation).
    fn connect(&self, d: &mut Domains<'_>, bit: u64, scratch: &mut Scratch) -> Narrowed {
        let n = self.layout.order.len();
        let size = self.layout.size;
        let mut changed = false;
        scratch
            .possible
            .retain(|&c| d.get(self.base + c) & bit != 0);
        scratch.fixed.retain(|&c| d.get(self.base + c) == bit);
        scratch.dist.clear();
        scratch.dist.resize(n, u32::MAX);
        if scratch.fixed.is_empty() {
            // Areas of possible cells too small for a region lose the label.
            let mut area_of = std::mem::take(&mut scratch.dist);
            for &start in &scratch.possible {
                if area_of[start as usize] != u32::MAX {
                    continue;
                }
                scratch.queue.clear();
                scratch.queue.push(start);
                area_of[start as usize] = 0;
                let mut i = 0;
                while i < scratch.queue.len() {
                    let c = scratch.queue[i];
                    i += 1;
                    for &b in &self.layout.neighbours[c as usize] {
                        if area_of[b as usize] == u32::MAX && d.get(self.base + b) & bit != 0 {
                            area_of[b as usize] = 0;
                            scratch.queue.push(b);
                        }
                    }
                }
                if scratch.queue.len() < size {
                    for &c in &scratch.queue {
                        changed |= d.keep_aux(self.base + c, !bit)?;
                    }
                }
            }
            scratch.dist = area_of;
            return Ok(changed);
        }
        // From each fixed cell: every other fixed cell within reach, every possible cell
        // within size - 1 steps, at least `size` cells in reach.
        let fixed = std::mem::take(&mut scratch.fixed);
        let mut reach = std::mem::take(&mut scratch.reach);
        reach.clear();
        reach.resize(n, true);
        for &s in &fixed {
            scratch.dist.fill(u32::MAX);
            scratch.queue.clear();
            scratch.queue.push(s);
            scratch.dist[s as usize] = 0;
            let mut i = 0;
            while i < scratch.queue.len() {
                let c = scratch.queue[i];
                i += 1;
                let dc = scratch.dist[c as usize];
                if dc + 1 >= size as u32 {
                    continue;
                }
                for &b in &self.layout.neighbours[c as usize] {
                    if scratch.dist[b as usize] == u32::MAX && d.get(self.base + b) & bit != 0 {
                        scratch.dist[b as usize] = dc + 1;
                        scratch.queue.push(b);
                    }
                }
            }
            if scratch.queue.len() < size
                || fixed.iter().any(|&f| scratch.dist[f as usize] == u32::MAX)
            {
                scratch.fixed = fixed;
                scratch.reach = reach;
                return Err(Contradiction);
            }
            for (c, r) in reach.iter_mut().enumerate() {
                *r &= scratch.dist[c] != u32::MAX;
            }
        }
        for &c in &scratch.possible {
            if !reach[c as usize] {
                changed |= d.keep_aux(self.base + c, !bit)?;
            }
        }
        scratch.fixed = fixed;
        scratch.reach = reach;
        Ok(changed)
    }
}

/// Buffers of one call.
#[derive(Debug, Default)]
struct Scratch {
    possible: Vec<u32>,
    fixed: Vec<u32>,
    dist: Vec<u32>,
    queue: Vec<u32>,
    reach: Vec<bool>,
}

thread_local! {
    /// The buffers, kept per thread so that a search node allocates nothing once they have
    /// grown (propagators are shared between threads and immutable).
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

impl Propagator for Chaos {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        // The reasoner's board has no label variables: nothing to narrow there.
        if d.len() < self.base as usize + self.vars() {
            return Ok(false);
        }
        let mut changed = self.order(d)?;
        changed |= self.links(d)?;
        SCRATCH.with(|scratch| {
            let mut scratch = scratch.borrow_mut();
            for k in 0..self.layout.count {
                changed |= self.region(d, k, &mut scratch)?;
            }
            Ok(changed)
        })
    }
}
