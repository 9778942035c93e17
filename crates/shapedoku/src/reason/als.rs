//! Almost locked sets (ALS) for the ALS techniques (`als_xz`, `als_xy_wing`, `als_xy_chain`,
//! `death_blossom`): n empty cells of one no-repeat shape holding n + 1 symbols between them.
//! They are listed, with the pairs joined by restricted common symbols, once per candidate
//! state for all the techniques, as
//! bitsets over cells, so that the tests the techniques repeat (do two sets overlap, does every
//! place of x in one see every place of x in the other, which cells see all places of z) are a
//! few word operations each.

use super::{Als, Board, Candidate};
use crate::symbols::SymbolSet;
use crate::{CellId, ShapeId};
use std::collections::HashSet;
use std::sync::{Arc, Mutex};

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
    pub(super) links: Vec<Vec<(usize, SymbolSet)>>,
}

impl Table {
    pub(super) fn new(board: &Board) -> Table {
        let list = List::new(board);
        Table {
            values: board.values().to_vec(),
            cands: board.candidate_grid().to_vec(),
            links: list.links(),
            list,
        }
    }
}

/// The table of the last candidate state the ALS searches saw on a board's line of play.
/// Never changes what is found: a table is reused only for the very state it was made on.
#[derive(Default)]
pub(crate) struct Memo(Mutex<Option<Arc<Table>>>);

/// A copy starts empty: boards are cloned to try assumptions, and an empty memo is always right.
impl Clone for Memo {
    fn clone(&self) -> Self {
        Memo::default()
    }
}

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Memo")
    }
}

/// The sets and links of `board`, from its memo when its state has not changed.
pub(super) fn table(board: &Board) -> Arc<Table> {
    let mut memo = board.als_memo.0.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(t) = memo.as_ref()
        && t.values == board.values()
        && t.cands == board.candidate_grid()
    {
        return t.clone();
    }
    let t = Arc::new(Table::new(board));
    *memo = Some(t.clone());
    t
}

/// One almost locked set with the bitsets the searches read.
#[derive(Debug)]
pub(super) struct Set {
    pub(super) shape: usize,
    pub(super) cells: Vec<u32>,
    pub(super) cands: SymbolSet,
    /// Where this set's bitsets start in [`List::bits`]: the cells, then for each candidate
    /// (in symbol order) its places and the cells that see all of them.
    start: usize,
}

/// Every almost locked set of a board.
#[derive(Debug)]
pub(super) struct List {
    pub(super) sets: Vec<Set>,
    words: usize,
    bits: Vec<u64>,
}

impl List {
    /// The almost locked sets of every no-repeat shape, each set of cells once.
    pub(super) fn new(board: &Board) -> List {
        let g = board.geometry();
        let words = g.cell_count().div_ceil(64);
        let cap = if g.symbol_count() <= 9 {
            MAX_CELLS
        } else {
            MAX_CELLS_BIG
        };
        let mut list = List {
            sets: Vec::new(),
            words,
            bits: Vec::new(),
        };
        let mut seen: HashSet<Vec<u32>> = HashSet::new();
        let mut empty: Vec<u32> = Vec::new();
        let mut pick: Vec<u32> = Vec::new();
        for &s in &board.tables().no_repeat {
            empty.clear();
            empty.extend(board.empty_cells(s).map(|c| c as u32));
            empty.sort_unstable();
            let cap = cap.min(empty.len().saturating_sub(1)).max(1);
            let mut found = Vec::new();
            grow(
                board,
                &empty,
                0,
                SymbolSet::EMPTY,
                cap,
                &mut pick,
                &mut found,
            );
            for (cells, cands) in found {
                if list.sets.len() >= MAX_SETS {
                    return list;
                }
                if seen.insert(cells.clone()) {
                    list.push(board, s, cells, cands);
                }
            }
        }
        list
    }

    fn push(&mut self, board: &Board, shape: usize, cells: Vec<u32>, cands: SymbolSet) {
        let w = self.words;
        let start = self.bits.len();
        self.bits
            .resize(start + w * (1 + 2 * cands.len() as usize), 0);
        for &c in &cells {
            self.bits[start + c as usize / 64] |= 1 << (c % 64);
        }
        let peers = &board.tables().peer_bits;
        for (k, v) in cands.iter().enumerate() {
            let (with, seen) = (start + w * (1 + 2 * k), start + w * (2 + 2 * k));
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
            cells,
            cands,
            start,
        });
    }

    fn slot(&self, a: usize, v: u8) -> usize {
        let set = &self.sets[a];
        let k = SymbolSet(set.cands.0 & ((1u64 << v) - 1)).len() as usize;
        set.start + self.words * (1 + 2 * k)
    }
    /// The cells of set `a`.
    pub(super) fn cells(&self, a: usize) -> &[u64] {
        let s = self.sets[a].start;
        &self.bits[s..s + self.words]
    }
    /// The places of `v` in set `a` (which must hold it).
    fn with(&self, a: usize, v: u8) -> &[u64] {
        let s = self.slot(a, v);
        &self.bits[s..s + self.words]
    }
    /// The cells that see every place of `v` in set `a`.
    pub(super) fn seen(&self, a: usize, v: u8) -> &[u64] {
        let s = self.slot(a, v) + self.words;
        &self.bits[s..s + self.words]
    }

    /// Whether sets `a` and `b` share a cell.
    pub(super) fn overlap(&self, a: usize, b: usize) -> bool {
        self.cells(a)
            .iter()
            .zip(self.cells(b))
            .any(|(x, y)| x & y != 0)
    }

    /// Whether `v`, a candidate of both (disjoint) sets, is a restricted common symbol: every
    /// place of it in `a` sees every place of it in `b`.
    pub(super) fn restricted(&self, a: usize, b: usize, v: u8) -> bool {
        self.with(b, v)
            .iter()
            .zip(self.seen(a, v))
            .all(|(w, s)| w & !s == 0)
    }

    /// Eliminations of `v` from the cells holding it that see all its places in every set of
    /// `sets` (each must hold `v`), appended to `out`.
    pub(super) fn targets(&self, board: &Board, sets: &[usize], v: u8, out: &mut Vec<Candidate>) {
        for i in 0..self.words {
            let mut m = sets.iter().fold(u64::MAX, |m, &a| m & self.seen(a, v)[i]);
            while m != 0 {
                let c = i * 64 + m.trailing_zeros() as usize;
                m &= m - 1;
                if board.value(c).is_none() && board.candidates(c).contains(v) {
                    out.push(Candidate::at(c, v));
                }
            }
        }
    }

    /// Whether [`List::targets`] would find an elimination of `v` for sets `a` and `b`, given
    /// `places`, the empty cells holding `v`: a test without allocation, for the searches that
    /// try many pairs of which few eliminate anything.
    pub(super) fn any_target(&self, a: usize, b: usize, v: u8, places: &[u64]) -> bool {
        self.seen(a, v)
            .iter()
            .zip(self.seen(b, v))
            .zip(places)
            .any(|((x, y), p)| x & y & p != 0)
    }

    /// For every set, the sets it is joined to by restricted common symbols, with those
    /// symbols, each list in set order. A set `b` has `v` restricted with `a` only if all its
    /// places of `v` see every place of `v` in `a`, so its first place does: the sets are
    /// indexed by symbol and first place, and each set meets only those whose first place of
    /// a shared symbol is among the cells that see all of its own places of it, not every set.
    pub(super) fn links(&self) -> Vec<Vec<(usize, SymbolSet)>> {
        let n = self.sets.len();
        let cells = self.words * 64;
        let (start, items) = self.by_first_place();
        let mut out: Vec<Vec<(usize, SymbolSet)>> = vec![Vec::new(); n];
        let mut found: Vec<(usize, u8)> = Vec::new();
        for a in 0..n {
            found.clear();
            for v in self.sets[a].cands.iter() {
                for (i, &w) in self.seen(a, v).iter().enumerate() {
                    let mut m = w;
                    while m != 0 {
                        let k = v as usize * cells + i * 64 + m.trailing_zeros() as usize;
                        m &= m - 1;
                        let bucket = &items[start[k] as usize..start[k + 1] as usize];
                        let later = bucket.partition_point(|&b| b as usize <= a);
                        for &b in &bucket[later..] {
                            let b = b as usize;
                            if self.restricted(a, b, v) && !self.overlap(a, b) {
                                found.push((b, v));
                            }
                        }
                    }
                }
            }
            found.sort_unstable_by_key(|&(b, _)| b);
            let before = out[a].len();
            for (j, &(b, v)) in found.iter().enumerate() {
                if j > 0 && found[j - 1].0 == b {
                    // The same set again, through another symbol: one link with both.
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
        }
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
        let key = |b: usize, v: u8| {
            let first = self
                .with(b, v)
                .iter()
                .enumerate()
                .find(|&(_, &w)| w != 0)
                .map_or(0, |(i, &w)| i * 64 + w.trailing_zeros() as usize);
            v as usize * cells + first
        };
        let mut start = vec![0u32; top * cells + 1];
        for (b, set) in self.sets.iter().enumerate() {
            for v in set.cands.iter() {
                start[key(b, v) + 1] += 1;
            }
        }
        for k in 1..start.len() {
            start[k] += start[k - 1];
        }
        let mut fill = start.clone();
        let mut items = vec![0u32; start[start.len() - 1] as usize];
        for (b, set) in self.sets.iter().enumerate() {
            for v in set.cands.iter() {
                let k = key(b, v);
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
            cells: s.cells.iter().map(|&c| CellId::new(c as usize)).collect(),
            symbols: s.cands,
        }
    }
}

/// Extends `pick` with cells of `empty` from `from` on, recording every pick of up to `cap`
/// cells whose candidates number one more than its cells. The union only grows, so a pick
/// with more than `cap + 1` candidates is not extended.
fn grow(
    board: &Board,
    empty: &[u32],
    from: usize,
    union: SymbolSet,
    cap: usize,
    pick: &mut Vec<u32>,
    found: &mut Vec<(Vec<u32>, SymbolSet)>,
) {
    for i in from..empty.len() {
        let u = union.union(board.candidates(empty[i] as usize));
        if u.len() as usize > cap + 1 {
            continue;
        }
        pick.push(empty[i]);
        if u.len() as usize == pick.len() + 1 {
            found.push((pick.clone(), u));
        }
        if pick.len() < cap {
            grow(board, empty, i + 1, u, cap, pick, found);
        }
        pick.pop();
    }
}

/// Sorts and deduplicates eliminations (a cell may be reached through several symbols' sets).
pub(super) fn tidy(mut elims: Vec<Candidate>) -> Vec<Candidate> {
    elims.sort_unstable();
    elims.dedup();
    elims
}
