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
//! Only sums where listing pays are listed (see [`lists`]); the others with one side and a
//! total, or two equal sides, are one equation for [`Linear`] (bounds and per-cell supports).
//! A sum whose sides span more than [`CAP_BITS`] values falls back to bounds. Scratch space
//! is kept per thread and grows to the largest rule once, so a search node allocates nothing;
//! and the solver keeps for each sum the candidates of its cells when a call last removed
//! nothing without looking at a house's other cells, so a call on the same candidates returns
//! at once.

use super::linear::{Linear, mask_where};
use super::propagator::{Contradiction, Domains, Narrowed, Propagator, Why};
use super::sum_bits as bits;
use super::sum_facts::SumFacts;
use crate::Geometry;
use std::cell::RefCell;
use std::sync::Arc;

/// The widest range of sums a side may span for the combinations to be listed.
const CAP_BITS: usize = 1024;
/// The most distinct values a group's cells may have between them for its combinations to be
/// listed (its value sets are masks over them).
const MAX_UNION: usize = 16;
/// The most value sets listed for one group; past this it is reasoned about cell by cell.
const MAX_STATES: usize = 4096;

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
        let combos = lists(&facts, &cells, &groups);
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
        SumRule {
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

/// Whether listing combinations pays for a sum: one side with a fixed total (a cage, a
/// little killer) whose largest group of cells that see each other holds more than half its
/// cells. Measured (`rulebench 10`, CPU ms median, base bounds-and-supports vs listing every
/// sum): cages with repeats on 2..5-cell walks (mostly one group) 2.75 -> 0.67, little
/// killers (diagonals of 3..9 cells, one group per box) 2.73 -> 3.37, arrows 0.33 -> 0.40,
/// double arrows 1.80 -> 2.59: listing costs more per node than it saves in guesses when the
/// cells split into small groups or the sides are only equal to each other. The others keep
/// the bounds and per-cell supports of [`Linear`].
fn lists(facts: &SumFacts, cells: &[u32], groups: &[Group]) -> bool {
    let largest = (groups.iter().filter(|g| g.distinct))
        .map(|g| (g.end - g.start) as usize)
        .max()
        .unwrap_or(0);
    facts.sides.len() == 1 && facts.total.is_some() && 2 * largest > cells.len()
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
        SCRATCH.with(|s| self.run(d, &mut s.borrow_mut(), &mut false))
    }

    fn memo_words(&self) -> usize {
        if self.is_idle() || self.linear.is_some() {
            0
        } else {
            self.watch.len()
        }
    }

    fn propagate_memo(&self, d: &mut Domains<'_>, memo: &mut [u64]) -> Narrowed {
        // The candidates of the sum's cells, when the last call removed nothing and no needed
        // value was confined to a house (so the houses' other cells did not matter): the same
        // candidates again remove nothing again.
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
        let mut house_read = false;
        let changed = SCRATCH.with(|s| self.run(d, &mut s.borrow_mut(), &mut house_read))?;
        if !changed && !house_read && memo.len() == self.watch.len() {
            for (m, &c) in memo.iter_mut().zip(&self.watch) {
                *m = d.get(c);
            }
        }
        Ok(changed)
    }
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// The working space of one call, kept per thread so that calls allocate nothing once it has
/// grown to the largest sum.
#[derive(Debug, Default)]
struct Scratch {
    /// Each cell's least and greatest value, by position in `SumRule::cells`.
    lo: Vec<i64>,
    hi: Vec<i64>,
    /// Each side's least and greatest sum (with its constant).
    side_lo: Vec<i64>,
    side_hi: Vec<i64>,
    /// The parts of the sides, side after side.
    items: Vec<Item>,
    /// Where each side's items start (one more entry than sides).
    side_items: Vec<usize>,
    /// Per item, `w` words each: the sums it can add (from its least), the sums of the items
    /// before it on its side (from their least), the sums it may add.
    sets: Vec<u64>,
    fwd: Vec<u64>,
    allowed: Vec<u64>,
    /// The values the sides can share (from `t_lo`), and two working sets.
    target: Vec<u64>,
    back: Vec<u64>,
    next: Vec<u64>,
    /// The groups' value sets, level after level: a mask over the group's values and its sum.
    states: Vec<u16>,
    sums: Vec<i64>,
    levels: Vec<u32>,
    /// Marks over masks: `stamp[m] == mark` when set in the current pass.
    stamp: Vec<u32>,
    mark: u32,
    /// Per group run: the symbol of each mask bit, and each cell's candidates as a mask.
    ubits: Vec<u8>,
    xs: Vec<u16>,
    vals: Vec<i64>,
    runs: Vec<Run>,
    /// Bounds of the rest of a group's cells, by position from the end.
    suf_lo: Vec<i64>,
    suf_hi: Vec<i64>,
    /// Per cell (by position), what the combinations allow, and per group what they all need.
    keep: Vec<u64>,
}

/// One part of a side: a cell, or a distinct group whose combinations were listed.
#[derive(Debug, Clone, Copy)]
struct Item {
    /// The cell's position in `SumRule::cells`, or the run's index.
    at: u32,
    group: bool,
    coef: i64,
    /// The least and greatest it adds (coefficient applied).
    lo: i64,
    hi: i64,
}

/// The listed value sets of one distinct group.
#[derive(Debug, Clone, Copy)]
struct Run {
    group: u32,
    /// Where its levels start in `Scratch::levels` (k + 2 entries: each level's start, then
    /// the end of the last).
    levels: u32,
    /// Where its symbols start in `Scratch::ubits` and `vals`, how many there are, and where
    /// its cells' masks start in `xs`.
    ubits: u32,
    nbits: u8,
    xs: u32,
    /// What the group still needs and may hold, after the backward pass (candidate masks).
    needed: u64,
}

impl Scratch {
    /// A fresh mark for `stamp` over masks of `bits` bits.
    fn fresh(&mut self, bits: usize) -> u32 {
        if self.stamp.len() < 1 << bits {
            self.stamp.resize(1 << bits, 0);
        }
        if self.mark == u32::MAX {
            self.stamp.fill(0);
            self.mark = 0;
        }
        self.mark += 1;
        self.mark
    }
}

/// `⌈a / b⌉` and `⌊a / b⌋` for `b > 0`.
fn div_ceil(a: i64, b: i64) -> i64 {
    -(-a).div_euclid(b)
}
fn div_floor(a: i64, b: i64) -> i64 {
    a.div_euclid(b)
}

impl SumRule {
    /// One pass; `house_read` is set when a needed value was confined to a house, so what the
    /// pass removes depends on the house's other cells too.
    fn run(&self, d: &mut Domains<'_>, s: &mut Scratch, house_read: &mut bool) -> Narrowed {
        s.lo.clear();
        s.hi.clear();
        let mut free = 0usize;
        for &c in &self.cells {
            let x = d.get(c);
            if x == 0 {
                return Err(Contradiction);
            }
            free += usize::from(x & (x - 1) != 0);
            let (a, b) = d.values().min_max(x);
            s.lo.push(a);
            s.hi.push(b);
        }
        // Bounds of each side, and of the value they share.
        s.side_lo.clear();
        s.side_hi.clear();
        let (mut t_lo, mut t_hi) = self.facts.total.map_or((i64::MIN, i64::MAX), |t| (t, t));
        for &(g0, g1, constant) in &self.sides {
            let (mut lo, mut hi) = (constant, constant);
            for gr in &self.groups[g0 as usize..g1 as usize] {
                for i in gr.start as usize..gr.end as usize {
                    lo += gr.coef * s.lo[i];
                    hi += gr.coef * s.hi[i];
                }
            }
            s.side_lo.push(lo);
            s.side_hi.push(hi);
            t_lo = t_lo.max(lo);
            t_hi = t_hi.min(hi);
        }
        if t_lo > t_hi {
            return Err(Contradiction);
        }
        // With one cell left open the bounds are exact; and where listing does not pay.
        if free <= 1 {
            return self.bounds(d, s, t_lo, t_hi);
        }
        self.parts(d, s, t_lo, t_hi)?;
        // Each side's span; too wide a span falls back to bounds. The shared value lies within
        // every side's sums.
        let mut widest = 0usize;
        for (si, &(_, _, constant)) in self.sides.iter().enumerate() {
            let items = &s.items[s.side_items[si]..s.side_items[si + 1]];
            let base = constant + items.iter().map(|it| it.lo).sum::<i64>();
            let span: i64 = items.iter().map(|it| it.hi - it.lo).sum();
            if !(0..CAP_BITS as i64).contains(&span) {
                return self.bounds(d, s, t_lo, t_hi);
            }
            widest = widest.max(span as usize);
            t_lo = t_lo.max(base);
            t_hi = t_hi.min(base + span);
        }
        if t_lo > t_hi {
            return Err(Contradiction);
        }
        let w = bits::words_for(widest);
        self.sides_pass(d, s, w, t_lo, t_hi)?;
        self.narrow(d, s, w, t_lo, house_read)
    }

    /// The parts of every side: each distinct group's combinations listed, within the bounds
    /// the rest of its side leaves it; other cells one by one.
    fn parts(
        &self,
        d: &Domains<'_>,
        s: &mut Scratch,
        t_lo: i64,
        t_hi: i64,
    ) -> Result<(), Contradiction> {
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
                    if let Some(run) = self.list(d, s, gi, p_lo, p_hi)? {
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
    fn list(
        &self,
        d: &Domains<'_>,
        s: &mut Scratch,
        gi: u32,
        p_lo: i64,
        p_hi: i64,
    ) -> Result<Option<Run>, Contradiction> {
        let gr = &self.groups[gi as usize];
        let (a, b) = (gr.start as usize, gr.end as usize);
        let k = b - a;
        let cells = &self.cells[a..b];
        let union = cells.iter().fold(0u64, |u, &c| u | d.get(c));
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
            s.vals.push(d.values().all()[sym as usize]);
        }
        for &c in cells {
            s.xs.push(compress(d.get(c), &s.ubits[ub0..]));
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

    /// The values the sides can share (`target`, from `t_lo`), and for each item the sums it
    /// may add (`allowed`): those the rest of its side can complete to a shared value.
    fn sides_pass(
        &self,
        d: &Domains<'_>,
        s: &mut Scratch,
        w: usize,
        t_lo: i64,
        t_hi: i64,
    ) -> Result<(), Contradiction> {
        let ni = s.items.len();
        for v in [&mut s.sets, &mut s.fwd, &mut s.allowed] {
            v.clear();
            v.resize(ni * w, 0);
        }
        // What each item can add, from its least.
        for (ii, it) in s.items.iter().enumerate() {
            let set = &mut s.sets[ii * w..(ii + 1) * w];
            if it.group {
                let run = &s.runs[it.at as usize];
                let lv = run.levels as usize + self.group_len(run.group);
                for idx in s.levels[lv] as usize..s.levels[lv + 1] as usize {
                    bits::add(set, (it.coef * s.sums[idx] - it.lo) as usize);
                }
            } else {
                let mut x = d.get(self.cells[it.at as usize]);
                while x != 0 {
                    let b = x & x.wrapping_neg();
                    x ^= b;
                    bits::add(set, (it.coef * d.values().of_bit(b) - it.lo) as usize);
                }
            }
        }
        // Forward per side, and the values every side can reach.
        let tw = bits::words_for((t_hi - t_lo) as usize);
        s.target.clear();
        s.target.resize(tw, 0);
        s.back.clear();
        s.back.resize(w, 0);
        s.next.clear();
        s.next.resize(w.max(tw), 0);
        for (si, &(_, _, constant)) in self.sides.iter().enumerate() {
            let (i0, i1) = (s.side_items[si], s.side_items[si + 1]);
            s.back.fill(0);
            bits::add(&mut s.back, 0);
            for ii in i0..i1 {
                s.fwd[ii * w..(ii + 1) * w].copy_from_slice(&s.back);
                let next = &mut s.next[..w];
                next.fill(0);
                for x in bits::members(&s.sets[ii * w..(ii + 1) * w]) {
                    bits::or_shl(next, &s.fwd[ii * w..(ii + 1) * w], x);
                }
                s.back.copy_from_slice(next);
            }
            // The side's sums, seen from `t_lo`.
            let base = constant + s.items[i0..i1].iter().map(|it| it.lo).sum::<i64>();
            let seen = &mut s.next[..tw];
            seen.fill(0);
            bits::or_shr(seen, &s.back, (t_lo - base) as usize);
            if si == 0 {
                s.target.copy_from_slice(seen);
            } else {
                for (t, &x) in s.target.iter_mut().zip(seen.iter()) {
                    *t &= x;
                }
            }
        }
        // Only values within `t_lo..=t_hi`.
        let top = (t_hi - t_lo) as usize;
        for (i, t) in s.target.iter_mut().enumerate() {
            let from = i * 64;
            if from > top {
                *t = 0;
            } else if top - from < 63 {
                *t &= (1u64 << (top - from + 1)) - 1;
            }
        }
        if bits::is_empty(&s.target) {
            return Err(Contradiction);
        }
        // Backward per side: what each item may add.
        for (si, &(_, _, constant)) in self.sides.iter().enumerate() {
            let (i0, i1) = (s.side_items[si], s.side_items[si + 1]);
            let base = constant + s.items[i0..i1].iter().map(|it| it.lo).sum::<i64>();
            s.back.fill(0);
            bits::or_shl(&mut s.back, &s.target, (t_lo - base) as usize);
            for ii in (i0..i1).rev() {
                let next = &mut s.next[..w];
                next.fill(0);
                let (fwd, back) = (&s.fwd[ii * w..(ii + 1) * w], &s.back);
                let allowed = &mut s.allowed[ii * w..(ii + 1) * w];
                for x in bits::members(&s.sets[ii * w..(ii + 1) * w]) {
                    if bits::meets_shl(fwd, x, back) {
                        bits::add(allowed, x);
                        bits::or_shr(next, back, x);
                    }
                }
                if bits::is_empty(allowed) {
                    return Err(Contradiction);
                }
                for (nx, &f) in next.iter_mut().zip(fwd) {
                    *nx &= f;
                }
                s.back.copy_from_slice(next);
            }
        }
        Ok(())
    }

    fn group_len(&self, gi: u32) -> usize {
        let gr = &self.groups[gi as usize];
        (gr.end - gr.start) as usize
    }

    /// Narrows the cells to what the allowed sums keep, then removes needed values from the
    /// houses holding all their places in a group.
    fn narrow(
        &self,
        d: &mut Domains<'_>,
        s: &mut Scratch,
        w: usize,
        t_lo: i64,
        house_read: &mut bool,
    ) -> Narrowed {
        s.keep.clear();
        s.keep.resize(self.cells.len(), 0);
        for ii in 0..s.items.len() {
            let it = s.items[ii];
            if it.group {
                self.back_pass(s, ii, w)?;
            } else {
                let i = it.at as usize;
                let allowed = &s.allowed[ii * w..(ii + 1) * w];
                let mut x = d.get(self.cells[i]);
                let mut keep = 0;
                while x != 0 {
                    let b = x & x.wrapping_neg();
                    x ^= b;
                    if bits::has(allowed, (it.coef * d.values().of_bit(b) - it.lo) as usize) {
                        keep |= b;
                    }
                }
                s.keep[i] = keep;
            }
        }
        let s = &*s;
        let mut changed = false;
        for (ii, it) in s.items.iter().enumerate() {
            let (a, b) = self.item_cells(s, it);
            for i in a..b {
                changed |= d.keep_because(self.cells[i], s.keep[i], || {
                    self.combinations(s, ii, w, t_lo)
                })?;
            }
        }
        // Needed values: a value every combination of a group has, whose places in the group
        // all lie in one house, leaves the house's other cells.
        for h in &self.houses {
            let Some(run) = s.runs.iter().find(|r| r.group == h.group) else {
                continue;
            };
            let gr = &self.groups[h.group as usize];
            let mine = &self.cells[gr.start as usize..gr.end as usize];
            let mut needed = run.needed;
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

    /// The cells of an item, as a range of positions in `cells`.
    fn item_cells(&self, s: &Scratch, it: &Item) -> (usize, usize) {
        if it.group {
            let gr = &self.groups[s.runs[it.at as usize].group as usize];
            (gr.start as usize, gr.end as usize)
        } else {
            (it.at as usize, it.at as usize + 1)
        }
    }

    /// The backward pass over a listed group: the combinations whose sum is allowed, and the
    /// values of each cell some of them use (into `keep`); what they all need into the run.
    fn back_pass(&self, s: &mut Scratch, ii: usize, w: usize) -> Result<(), Contradiction> {
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
    fn combinations(&self, s: &Scratch, ii: usize, w: usize, t_lo: i64) -> Why {
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
            sum: self.facts.clone(),
            group: self.cells[a..b].to_vec(),
            targets: bits::members(&s.target).map(|x| t_lo + x as i64).collect(),
            group_sums,
            combos,
        }
    }

    /// Bounds only, for sums spanning too many values to list: each term must leave the rest
    /// of its side able to reach the shared value.
    fn bounds(&self, d: &mut Domains<'_>, s: &Scratch, t_lo: i64, t_hi: i64) -> Narrowed {
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

/// The candidates of `x` as a mask over `ubits` (bit `j` for symbol `ubits[j]`).
#[inline]
fn compress(x: u64, ubits: &[u8]) -> u16 {
    (ubits.iter().enumerate())
        .filter(|&(_, &sym)| x >> sym & 1 != 0)
        .fold(0, |m, (j, _)| m | 1 << j)
}

/// A mask over `ubits` back as candidates.
#[inline]
fn expand(m: u16, ubits: &[u8]) -> u64 {
    (ubits.iter().enumerate())
        .filter(|&(j, _)| m >> j & 1 != 0)
        .fold(0, |x, (_, &sym)| x | 1 << sym)
}

#[cfg(test)]
#[path = "sum_tests.rs"]
mod tests;
