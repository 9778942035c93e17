//! Almost locked sets (ALS) for the ALS techniques (`als_xz`, `als_xy_wing`, `als_xy_chain`,
//! `death_blossom`): n empty cells of one no-repeat shape holding n + 1 symbols between them.
//! They are listed, with the pairs joined by restricted common symbols, once per candidate
//! state for all the techniques, as
//! bitsets over cells, so that the tests the techniques repeat (do two sets overlap, does every
//! place of x in one see every place of x in the other, which cells see all places of z) are a
//! few word operations each.

use crate::reason::board::Board;
use crate::reason::step::{Als, Candidate};
use crate::symbols::SymbolSet;
use crate::{CellId, ShapeId};
use std::sync::{Arc, Mutex};

#[path = "links.rs"]
mod links;

/// The most cells of an ALS on grids of up to nine symbols; larger grids take fewer, since the
/// number of cell subsets of a house grows as two to the house's size.
const MAX_CELLS: usize = 7;
/// The most cells of an ALS on grids of more than nine symbols.
const MAX_CELLS_BIG: usize = 4;
/// The most sets listed: a bound on the quadratic pair searches on very large geometries.
const MAX_SETS: usize = 4000;

/// The sets of a board with their links, which every ALS technique reads: the solver and the
/// rating run them on the same board one after the other.
#[derive(Debug)]
pub(super) struct Table {
    values: Vec<Option<u8>>,
    cands: Vec<SymbolSet>,
    pub(super) list: List,
    /// [`List::links`] of `list`.
    pub(super) links: Links,
}

/// For every set, the sets it is joined to by restricted common symbols, with those symbols,
/// each list in set order. The lists lie one after the other in one array, so that building
/// them allocates twice, not once per set, and a search reading them walks contiguous memory.
#[derive(Debug)]
pub(super) struct Links {
    /// Set `a`'s links are `entries[start[a]..start[a + 1]]`.
    start: Vec<u32>,
    entries: Vec<(usize, SymbolSet)>,
}

impl Links {
    /// How many sets there are.
    pub(super) fn sets(&self) -> usize {
        self.start.len() - 1
    }

    /// The links of set `a`.
    #[inline]
    pub(super) fn of(&self, a: usize) -> &[(usize, SymbolSet)] {
        &self.entries[self.start[a] as usize..self.start[a + 1] as usize]
    }
}

impl Table {
    #[cfg(test)]
    pub(super) fn new(board: &Board) -> Table {
        Table::build(board, None)
    }

    /// The table of `board`, taking from `prev` (a table of the same board, at another
    /// state) the sets of the shapes [`List::build`] may copy, and the links between them
    /// ([`List::links_from`]).
    fn build(board: &Board, prev: Option<&Table>) -> Table {
        let mut origin = Vec::new();
        let mut list = List::build(board, prev, &mut origin);
        let links = match prev {
            Some(p) if origin.iter().any(|&o| o != FRESH) => list.links_from(&p.links, &origin),
            _ => list.links(),
        };
        Table {
            values: board.values().to_vec(),
            cands: board.candidate_grid().to_vec(),
            links,
            list,
        }
    }
}

/// The table of the last candidate state the ALS searches saw on a board's line of play.
/// Never changes what is found: a table is reused only for the very state it was made on,
/// and lends the next state's table only the sets of shapes that did not change (see
/// `List::build`).
#[derive(Default)]
pub(crate) struct Memo(Mutex<Option<Arc<Table>>>);

/// A copy of the board starts it empty: boards are cloned to try assumptions, and an empty
/// memo is always right.
impl crate::reason::memo::Memory for Memo {}

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Memo")
    }
}

/// The sets and links of `board`, from its memo when its state has not changed.
pub(super) fn table(board: &Board) -> Arc<Table> {
    let mut memo = board
        .memo::<Memo>()
        .0
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some(t) = memo.as_ref()
        && t.values == board.values()
        && t.cands == board.candidate_grid()
    {
        return t.clone();
    }
    let t = Arc::new(Table::build(board, memo.as_deref()));
    *memo = Some(t.clone());
    t
}

/// One almost locked set with the bitsets the searches read.
#[derive(Debug)]
pub(super) struct Set {
    pub(super) shape: usize,
    pub(super) cands: SymbolSet,
    /// Where this set's cells start in [`List::cell_list`], and how many there are.
    first: u32,
    len: u32,
    /// Where this set's bitsets start in [`List::bits`].
    start: u32,
}

/// Every almost locked set of a board.
#[derive(Debug)]
pub(super) struct List {
    pub(super) sets: Vec<Set>,
    words: usize,
    /// Symbols of the geometry: the stride of `slots`.
    top: usize,
    /// Each set's bitsets: its cells, then for each candidate (in symbol order) its places
    /// and the cells that see all of them.
    bits: Vec<u64>,
    /// The cells of every set, one after the other.
    cell_list: Vec<u32>,
    /// For set `a` and symbol `v`, where the places of `v` in `a` start in `bits` (`slots[a *
    /// top + v]`; the cells seeing them follow): a load where counting the set's symbols below
    /// `v` is a dozen operations without a population-count instruction.
    slots: Vec<u32>,
    /// Each symbol's places on the board (the empty cells holding it), `words` words per
    /// symbol: where eliminations can be.
    places: Vec<u64>,
    /// Each shape's cap (the most cells of its sets), in the tables' order.
    caps: Vec<usize>,
    /// For each shape whose listing was completed (all but those after [`MAX_SETS`] was
    /// reached), the range of `sets` listed from it.
    from_shape: Vec<(usize, usize)>,
    /// For each set, its symbols with a cell outside it that holds the symbol and sees all
    /// its places there: the only symbols an elimination from the set can take (a cell must
    /// see every place of the symbol in each set of the pattern). Made for the board, never
    /// copied: the places change when the set does not. Filled by [`List::links`], whose
    /// search computes the very cells this needs.
    live: Vec<SymbolSet>,
}

/// A slot of a symbol a set lacks.
const NO_SLOT: u32 = u32::MAX;
/// The origin of a set listed anew, not copied (see [`List::build`]).
const FRESH: u32 = u32::MAX;

/// The subset enumeration of one shape's empty cells (see [`List::grow`]).
struct Pick<'a> {
    board: &'a Board,
    shape: usize,
    /// The shape's empty cells, in increasing order.
    empty: &'a [u32],
    cap: usize,
    cells: Vec<u32>,
    /// Earlier shapes that meet this one, with their caps and cells as bits: a set of cells
    /// that one of them holds, within its cap, was listed from it already.
    earlier: &'a [(usize, &'a [u64])],
}

impl List {
    /// The almost locked sets of every no-repeat shape, each set of cells once (from the first
    /// shape, in the tables' order, that lists it).
    #[cfg(test)]
    pub(super) fn new(board: &Board) -> List {
        List::build(board, None, &mut Vec::new())
    }

    /// `List::new`, copying from `prev` (of the same board, at another state) the sets of
    /// each shape whose listing depends on nothing that changed: what [`List::grow`] lists
    /// from a shape is a function of its empty cells, their candidates, its cap, the caps of
    /// the earlier shapes meeting it (for [`List::listed_before`]) and how many sets come
    /// before (for [`MAX_SETS`]); each set's bitsets, of its cells and their candidates. Along
    /// a solve most shapes keep all of these from one ALS search to the next. `origin` gets,
    /// for each set, its index in `prev` where it was copied, [`FRESH`] where listed anew.
    fn build(board: &Board, prev: Option<&Table>, origin: &mut Vec<u32>) -> List {
        let g = board.geometry();
        let words = g.cell_count().div_ceil(64);
        let top = g.symbol_count();
        let cap = if top <= 9 { MAX_CELLS } else { MAX_CELLS_BIG };
        let mut list = List {
            sets: Vec::new(),
            words,
            top,
            bits: Vec::new(),
            cell_list: Vec::new(),
            slots: Vec::new(),
            places: places(board),
            caps: Vec::new(),
            from_shape: Vec::new(),
            live: Vec::new(),
        };
        let shapes = &board.tables().no_repeat;
        // Each shape's empty cells (sorted), cap and cells as bits.
        let mut empty: Vec<u32> = Vec::new();
        let mut ranges = Vec::with_capacity(shapes.len());
        let mut shape_bits = vec![0u64; shapes.len() * words];
        for (i, &s) in shapes.iter().enumerate() {
            let at = empty.len();
            for &c in &g.shape(s).cells {
                shape_bits[i * words + c / 64] |= 1 << (c % 64);
                if board.value(c).is_none() {
                    empty.push(c as u32);
                }
            }
            empty[at..].sort_unstable();
            let n = empty.len() - at;
            ranges.push((at, n, cap.min(n.saturating_sub(1)).max(1)));
        }
        list.caps.extend(ranges.iter().map(|r| r.2));
        // The earlier table, if it is of the same shapes and cells.
        let prev = prev.filter(|p| {
            p.list.caps.len() == shapes.len() && p.values.len() == board.values().len()
        });
        let mut earlier: Vec<(usize, &[u64])> = Vec::new();
        for (i, &s) in shapes.iter().enumerate() {
            let (at, n, cap) = ranges[i];
            let mine = &shape_bits[i * words..][..words];
            earlier.clear();
            let mut same_caps = true;
            for j in 0..i {
                let theirs = &shape_bits[j * words..][..words];
                if mine.iter().zip(theirs).any(|(x, y)| x & y != 0) {
                    earlier.push((ranges[j].2, theirs));
                    same_caps &= prev.is_some_and(|p| p.list.caps[j] == ranges[j].2);
                }
            }
            if let Some(p) = prev
                && same_caps
                && let Some(&(lo, hi)) = p.list.from_shape.get(i)
                && list.sets.len() + (hi - lo) <= MAX_SETS
                && g.shape(s)
                    .cells
                    .iter()
                    .all(|&c| p.values[c] == board.value(c) && p.cands[c] == board.candidates(c))
            {
                let first = list.sets.len();
                list.copy_sets(&p.list, lo, hi);
                list.from_shape.push((first, list.sets.len()));
                origin.extend(lo as u32..hi as u32);
                continue;
            }
            let mut pick = Pick {
                board,
                shape: s,
                empty: &empty[at..at + n],
                cap,
                cells: Vec::with_capacity(cap),
                earlier: &earlier,
            };
            let first = list.sets.len();
            let more = list.grow(&mut pick, 0, SymbolSet::EMPTY);
            origin.resize(list.sets.len(), FRESH);
            if !more {
                break;
            }
            list.from_shape.push((first, list.sets.len()));
        }
        list
    }

    /// Extends `pick` with cells of its shape from `from` on, listing every pick of up to its
    /// cap whose candidates number one more than its cells, in the order of a depth-first
    /// search (the order the searches' steps follow). The union only grows, so a pick that can
    /// no longer come down to one more symbol than cells is not extended. Returns false once
    /// [`MAX_SETS`] are listed.
    fn grow(&mut self, pick: &mut Pick, from: usize, union: SymbolSet) -> bool {
        let empty = pick.empty;
        for i in from..empty.len() {
            let u = union.union(pick.board.candidates(empty[i] as usize));
            let k = u.len() as usize;
            // The cells this branch can still reach: the pick, this cell and the rest.
            let reach = (pick.cells.len() + empty.len() - i).min(pick.cap);
            if k > reach + 1 {
                continue;
            }
            pick.cells.push(empty[i]);
            if k == pick.cells.len() + 1 && !self.listed_before(pick) {
                if self.sets.len() >= MAX_SETS {
                    return false;
                }
                self.push(pick.board, pick.shape, &pick.cells, u);
            }
            if pick.cells.len() < pick.cap && !self.grow(pick, i + 1, u) {
                return false;
            }
            pick.cells.pop();
        }
        true
    }

    /// Whether an earlier shape holding all the picked cells listed them already.
    fn listed_before(&self, pick: &Pick) -> bool {
        let n = pick.cells.len();
        pick.earlier.iter().any(|&(cap, bits)| {
            n <= cap
                && pick
                    .cells
                    .iter()
                    .all(|&c| bits[c as usize / 64] >> (c % 64) & 1 == 1)
        })
    }

    fn push(&mut self, board: &Board, shape: usize, cells: &[u32], cands: SymbolSet) {
        let w = self.words;
        let start = self.bits.len();
        self.bits
            .resize(start + w * (1 + 2 * cands.len() as usize), 0);
        for &c in cells {
            self.bits[start + c as usize / 64] |= 1 << (c % 64);
        }
        let peers = &board.tables().peer_bits;
        let slots = self.slots.len();
        self.slots.resize(slots + self.top, NO_SLOT);
        for (k, v) in cands.iter().enumerate() {
            let (with, seen) = (start + w * (1 + 2 * k), start + w * (2 + 2 * k));
            self.slots[slots + v as usize] = with as u32;
            self.bits[seen..seen + w].fill(u64::MAX);
            for &c in cells
                .iter()
                .filter(|&&c| board.candidates(c as usize).contains(v))
            {
                let c = c as usize;
                self.bits[with + c / 64] |= 1 << (c % 64);
                for i in 0..w {
                    self.bits[seen + i] &= peers[c * w + i];
                }
            }
        }
        self.sets.push(Set {
            shape,
            cands,
            first: self.cell_list.len() as u32,
            len: cells.len() as u32,
            start: start as u32,
        });
        self.cell_list.extend_from_slice(cells);
    }

    /// Appends the sets `lo..hi` of `from` (a list of the same board), whose bitsets, cells
    /// and slots lie in one block each there, moving their offsets by where the blocks land.
    fn copy_sets(&mut self, from: &List, lo: usize, hi: usize) {
        if lo == hi {
            return;
        }
        let top = self.top;
        let bits_lo = from.sets[lo].start as usize;
        let bits_hi = from
            .sets
            .get(hi)
            .map_or(from.bits.len(), |s| s.start as usize);
        let last = &from.sets[hi - 1];
        let cells_lo = from.sets[lo].first as usize;
        let cells_hi = (last.first + last.len) as usize;
        // Every offset of the block moves by the same amount (either way: u32 arithmetic
        // modulo 2^32 lands on the new offset).
        let db = (self.bits.len() as u32).wrapping_sub(bits_lo as u32);
        let dc = (self.cell_list.len() as u32).wrapping_sub(cells_lo as u32);
        self.bits.extend_from_slice(&from.bits[bits_lo..bits_hi]);
        self.cell_list
            .extend_from_slice(&from.cell_list[cells_lo..cells_hi]);
        self.slots.extend(
            from.slots[lo * top..hi * top]
                .iter()
                .map(|&x| if x == NO_SLOT { x } else { x.wrapping_add(db) }),
        );
        self.sets.extend(from.sets[lo..hi].iter().map(|s| Set {
            shape: s.shape,
            cands: s.cands,
            first: s.first.wrapping_add(dc),
            len: s.len,
            start: s.start.wrapping_add(db),
        }));
    }

    /// The cells of set `a`, in increasing order.
    pub(super) fn set_cells(&self, a: usize) -> &[u32] {
        let s = &self.sets[a];
        &self.cell_list[s.first as usize..][..s.len as usize]
    }

    #[inline]
    fn slot(&self, a: usize, v: u8) -> usize {
        self.slots[a * self.top + v as usize] as usize
    }
    /// The cells of set `a` as bits.
    #[inline]
    pub(super) fn cells(&self, a: usize) -> &[u64] {
        let s = self.sets[a].start as usize;
        &self.bits[s..s + self.words]
    }
    /// The places of `v` in set `a` (which must hold it).
    #[inline]
    fn with(&self, a: usize, v: u8) -> &[u64] {
        let s = self.slot(a, v);
        &self.bits[s..s + self.words]
    }
    /// The cells that see every place of `v` in set `a`.
    #[inline]
    pub(super) fn seen(&self, a: usize, v: u8) -> &[u64] {
        let s = self.slot(a, v) + self.words;
        &self.bits[s..s + self.words]
    }

    /// Whether sets `a` and `b` share a cell.
    #[inline]
    pub(super) fn overlap(&self, a: usize, b: usize) -> bool {
        !disjoint(self.cells(a), self.cells(b))
    }

    /// Eliminations of `v` from the cells holding it that see all its places in every set of
    /// `sets` (each must hold `v`), appended to `out`.
    pub(super) fn targets(&self, sets: &[usize], v: u8, out: &mut Vec<Candidate>) {
        let held = self.places(v);
        let mut push = |i: usize, mut m: u64| {
            while m != 0 {
                out.push(Candidate::at(i * 64 + m.trailing_zeros() as usize, v));
                m &= m - 1;
            }
        };
        // Two sets (ALS-XZ, the wing, the chain's ends) and one are nearly every call: their
        // bitsets are looked up once, not once per word.
        match *sets {
            [a] => {
                for (i, (&p, &x)) in held.iter().zip(self.seen(a, v)).enumerate() {
                    push(i, p & x);
                }
            }
            [a, b] => {
                let (sa, sb) = (self.seen(a, v), self.seen(b, v));
                for (i, ((&p, &x), &y)) in held.iter().zip(sa).zip(sb).enumerate() {
                    push(i, p & x & y);
                }
            }
            _ => {
                for (i, &p) in held.iter().enumerate() {
                    push(i, sets.iter().fold(p, |m, &a| m & self.seen(a, v)[i]));
                }
            }
        }
    }

    /// The symbols of set `a` an elimination from it can take: those with a cell that holds
    /// the symbol and sees all its places in the set. [`List::targets`] of any sets finds
    /// nothing for a symbol one of them lacks here.
    #[inline]
    pub(super) fn live(&self, a: usize) -> SymbolSet {
        self.live[a]
    }

    /// Whether [`List::targets`] of sets `a` and `b` (both holding `v`) finds anything: a
    /// few word operations, without building a list, for the many pairs that eliminate
    /// nothing.
    #[inline]
    pub(super) fn hits(&self, a: usize, b: usize, v: u8) -> bool {
        let (sa, sb) = (self.seen(a, v), self.seen(b, v));
        self.places(v)
            .iter()
            .zip(sa)
            .zip(sb)
            .any(|((&p, &x), &y)| p & x & y != 0)
    }

    /// The places of `v` on the board (the empty cells holding it) as bits.
    #[inline]
    pub(super) fn places(&self, v: u8) -> &[u64] {
        &self.places[v as usize * self.words..][..self.words]
    }

    /// For every set, the sets it is joined to by restricted common symbols, with those
    /// symbols, each list in set order. A set `b` has `v` restricted with `a` only if all its
    /// places of `v` see every place of `v` in `a`, so its first place does: the sets are
    /// indexed by symbol and first place, and each set meets only those whose first place of
    /// a shared symbol is among the cells that hold `v` and see all of its own places of it,
    /// not every set.
    pub(super) fn links(&mut self) -> Links {
        // The joined pairs `(a, b, symbols)` with `a < b`, in order of `a` then `b`.
        let mut pairs: Vec<(u32, u32, SymbolSet)> = Vec::new();
        self.live = self.meet(|a, found| {
            for (j, &(b, v)) in found.iter().enumerate() {
                if j > 0 && found[j - 1].0 == b {
                    // The same set again, through another symbol: one link with both.
                    let rcc = &mut pairs.last_mut().expect("a pair before").2;
                    *rcc = SymbolSet(rcc.0 | 1 << v);
                } else {
                    pairs.push((a as u32, b as u32, SymbolSet(1 << v)));
                }
            }
        });
        Links::from_pairs(self.sets.len(), &pairs)
    }

    /// Calls `each(a, found)` for every set `a` in order, `found` holding the later sets `b`
    /// disjoint from `a` with a symbol `v` restricted between them, as `(b, v)` sorted by `b`.
    /// Returns each set's symbols for [`List::live`]: the cells it tests are those.
    fn meet(&self, mut each: impl FnMut(usize, &[(usize, u8)])) -> Vec<SymbolSet> {
        let n = self.sets.len();
        let w = self.words;
        let cells = w * 64;
        let (start, items) = self.by_first_place();
        let places = &self.places;
        // Per bucket, the first of its sets not yet met: the sets are taken in order, and a
        // set meets only later ones, so each bucket is read from where the last set left it.
        let mut cursor = start.clone();
        let mut found: Vec<(usize, u8)> = Vec::new();
        let mut live = Vec::with_capacity(n);
        for a in 0..n {
            found.clear();
            let mine = self.cells(a);
            let mut mask = SymbolSet::EMPTY;
            for v in self.sets[a].cands.iter() {
                let held = &places[v as usize * w..][..w];
                // What every later set is tested against: looked up once per symbol.
                let seen = self.seen(a, v);
                for (i, (&s, &p)) in seen.iter().zip(held).enumerate() {
                    let mut m = s & p;
                    if m != 0 {
                        mask = mask.with(v);
                    }
                    while m != 0 {
                        let k = v as usize * cells + i * 64 + m.trailing_zeros() as usize;
                        m &= m - 1;
                        let (mut at, end) = (cursor[k] as usize, start[k + 1] as usize);
                        while at < end && items[at] as usize <= a {
                            at += 1;
                        }
                        cursor[k] = at as u32;
                        for &b in &items[at..end] {
                            let b = b as usize;
                            // `v` is restricted (every place of it in `b` sees every place
                            // of it in `a`) and the sets are disjoint.
                            if within(self.with(b, v), seen) && disjoint(self.cells(b), mine) {
                                found.push((b, v));
                            }
                        }
                    }
                }
            }
            found.sort_unstable_by_key(|&(b, _)| b);
            each(a, &found);
            live.push(mask);
        }
        live
    }

    /// The links as separate lists, built the way [`List::links`] was before its lists were
    /// packed into one array: the oracle of the test that the packing changes nothing.
    #[cfg(test)]
    fn links_nested(&self) -> Vec<Vec<(usize, SymbolSet)>> {
        let mut out: Vec<Vec<(usize, SymbolSet)>> = vec![Vec::new(); self.sets.len()];
        self.meet(|a, found| {
            let before = out[a].len();
            for (j, &(b, v)) in found.iter().enumerate() {
                if j > 0 && found[j - 1].0 == b {
                    let last = out[a].len() - 1;
                    let rcc: &mut SymbolSet = &mut out[a][last].1;
                    *rcc = SymbolSet(rcc.0 | 1 << v);
                } else {
                    out[a].push((b, SymbolSet(1 << v)));
                }
            }
            for j in before..out[a].len() {
                let (b, rcc) = out[a][j];
                out[b].push((a, rcc));
            }
        });
        out
    }

    /// The sets indexed by each of their symbols' first place (key `v * 64 * words + cell`):
    /// the bucket of key `k` is `items[start[k]..start[k + 1]]`, in set order.
    fn by_first_place(&self) -> (Vec<u32>, Vec<u32>) {
        let cells = self.words * 64;
        let top = self
            .sets
            .iter()
            .map(|s| 64 - s.cands.0.leading_zeros() as usize)
            .max()
            .unwrap_or(0);
        // Each (set, symbol)'s key, in the order of both passes below: found once.
        let mut keys: Vec<u32> = Vec::new();
        let mut start = vec![0u32; top * cells + 1];
        for (b, set) in self.sets.iter().enumerate() {
            for v in set.cands.iter() {
                let first = self
                    .with(b, v)
                    .iter()
                    .enumerate()
                    .find(|&(_, &w)| w != 0)
                    .map_or(0, |(i, &w)| i * 64 + w.trailing_zeros() as usize);
                let k = v as usize * cells + first;
                keys.push(k as u32);
                start[k + 1] += 1;
            }
        }
        for k in 1..start.len() {
            start[k] += start[k - 1];
        }
        let mut fill = start.clone();
        let mut items = vec![0u32; start[start.len() - 1] as usize];
        let mut keys = keys.iter();
        for (b, set) in self.sets.iter().enumerate() {
            for _ in set.cands.iter() {
                let k = *keys.next().expect("a key per set and symbol") as usize;
                items[fill[k] as usize] = b as u32;
                fill[k] += 1;
            }
        }
        (start, items)
    }

    /// The set as a step names it.
    pub(super) fn named(&self, a: usize) -> Als {
        let s = &self.sets[a];
        Als {
            shape: ShapeId::new(s.shape),
            cells: self
                .set_cells(a)
                .iter()
                .map(|&c| CellId::new(c as usize))
                .collect(),
            symbols: s.cands,
        }
    }
}

/// Whether every bit of `x` is in `y` (bitsets of the same length). Grids of up to 128 cells
/// (two words) take the first arm, without a loop.
#[inline]
fn within(x: &[u64], y: &[u64]) -> bool {
    match (x, y) {
        ([x0, x1], [y0, y1]) => (x0 & !y0) | (x1 & !y1) == 0,
        _ => x.iter().zip(y).all(|(a, b)| a & !b == 0),
    }
}

/// Whether bitsets `x` and `y` (of the same length) share no bit; two words without a loop.
#[inline]
fn disjoint(x: &[u64], y: &[u64]) -> bool {
    match (x, y) {
        ([x0, x1], [y0, y1]) => (x0 & y0) | (x1 & y1) == 0,
        _ => x.iter().zip(y).all(|(a, b)| a & b == 0),
    }
}

/// Each symbol's places (the empty cells holding it) as bits over the cells, `words` words
/// per symbol.
fn places(board: &Board) -> Vec<u64> {
    let g = board.geometry();
    let w = g.cell_count().div_ceil(64);
    let mut out = vec![0u64; g.symbol_count() * w];
    for c in (0..g.cell_count()).filter(|&c| board.value(c).is_none()) {
        for v in board.candidates(c).iter() {
            out[v as usize * w + c / 64] |= 1 << (c % 64);
        }
    }
    out
}

/// Sorts and deduplicates eliminations (a cell may be reached through several symbols' sets).
pub(super) fn tidy(mut elims: Vec<Candidate>) -> Vec<Candidate> {
    elims.sort_unstable();
    elims.dedup();
    elims
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Packing the links into one array changes nothing: along a logical solve of a hard
    /// puzzle, every set's links are those the separate lists held, in the same order.
    #[test]
    fn packed_links_match_lists() {
        let g = crate::builtin::geometry("classic").unwrap();
        let p = crate::Puzzle::from_line(
            g,
            "...........6.754..8....69..5.....19....8.27...9......24.7.3......1..8.3..2..57...",
        )
        .unwrap();
        let mut b = Board::new(&p);
        let (mut positions, mut linked) = (0, 0);
        while let Some(step) = crate::reason::solve::next_step(&b) {
            let mut list = List::new(&b);
            let (packed, nested) = (list.links(), list.links_nested());
            assert_eq!(packed.sets(), nested.len());
            for (a, want) in nested.iter().enumerate() {
                assert_eq!(packed.of(a), &want[..]);
                linked += want.len();
            }
            positions += 1;
            b.apply(&step);
        }
        assert!(b.is_solved() && positions > 50 && linked > 1000);
    }

    /// The links by their definition, every pair of sets tested: set `a`'s list holds each
    /// other set `b` disjoint from it, in set order, with the common symbols whose places in
    /// `b` all see every place of it in `a` (and so the other way round), if any.
    fn links_by_pairs(list: &List) -> Vec<Vec<(usize, SymbolSet)>> {
        let n = list.sets.len();
        let mut out = vec![Vec::new(); n];
        for (a, links) in out.iter_mut().enumerate() {
            for b in (0..n).filter(|&b| b != a && !list.overlap(a, b)) {
                let common = list.sets[a].cands.intersect(list.sets[b].cands);
                let rcc = common.iter().fold(SymbolSet::EMPTY, |r, v| {
                    let (x, y) = (list.with(b, v), list.seen(a, v));
                    if x.iter().zip(y).all(|(x, y)| x & !y == 0) {
                        r.with(v)
                    } else {
                        r
                    }
                });
                if !rcc.is_empty() {
                    links.push((b, rcc));
                }
            }
        }
        out
    }

    /// The bucketed search of [`List::links`] finds every link and no other: along logical
    /// solves of hard puzzles, each position also thinned by a seeded run of eliminations,
    /// its lists are those of testing every pair of sets, and the symbols it leaves in
    /// [`List::live`] are those of the definition, cell by cell.
    #[test]
    fn links_match_pairs() {
        use crate::reason::test_util::{HARD_PAIR, along_thinned_solves};
        let (mut tables, mut linked) = (0, 0);
        along_thinned_solves(
            &HARD_PAIR,
            0x5851_f42d_4c95_7f2d,
            3,
            |r| 6 + r * 10,
            |b, _| {
                let mut list = List::new(b);
                let (links, want) = (list.links(), links_by_pairs(&list));
                assert_eq!(links.sets(), want.len());
                for (a, want) in want.iter().enumerate() {
                    assert_eq!(links.of(a), &want[..]);
                    linked += want.len();
                    // The symbols with a cell holding them that sees all their places in `a`.
                    let live = list.sets[a].cands.iter().filter(|&v| {
                        let seen = list.seen(a, v);
                        (0..81).any(|c| {
                            b.value(c).is_none()
                                && b.candidates(c).contains(v)
                                && seen[c / 64] >> (c % 64) & 1 == 1
                        })
                    });
                    let want = live.fold(SymbolSet::EMPTY, |m, v| m.with(v));
                    assert_eq!(list.live(a), want);
                }
                tables += 1;
            },
        );
        assert!(tables > 100 && linked > 10_000, "{tables} {linked}");
    }

    /// Copying the sets of unchanged shapes from the table of another state changes nothing:
    /// along logical solves of hard puzzles, each position also thinned by a seeded run of
    /// eliminations, the table built from the previous one (of the position before, or of
    /// another thinning) is the fresh one, field for field, links (copied between copied
    /// sets, searched for the others) and their live symbols included.
    #[test]
    fn copied_sets_match_fresh() {
        use crate::reason::test_util::{HARD_PAIR, along_thinned_solves};
        let g = crate::builtin::geometry("classic").unwrap();
        let (mut tables, mut copied, mut shapes) = (0, 0, 0);
        let mut prev: Option<Table> = None;
        let seed = 0x9e37_79b9_7f4a_7c15u64;
        along_thinned_solves(
            &HARD_PAIR,
            seed,
            3,
            |r| 4 + r * 8,
            |thin, _| {
                let fresh = Table::build(thin, None);
                let built = Table::build(thin, prev.as_ref());
                assert_eq!(format!("{built:?}"), format!("{fresh:?}"));
                if let Some(p) = &prev {
                    // Shapes whose cells kept their candidates: where copying happens.
                    let same = thin.tables().no_repeat.iter().filter(|&&s| {
                        g.shape(s).cells.iter().all(|&c| {
                            p.values[c] == thin.value(c) && p.cands[c] == thin.candidates(c)
                        })
                    });
                    copied += same.count();
                }
                shapes += fresh.list.caps.len();
                tables += 1;
                prev = Some(built);
            },
        );
        assert!(tables > 100 && copied > 1000 && copied < shapes, "{copied}");
    }
}
