//! Fish (X-wing, swordfish, jellyfish) over any houses. Take k pairwise disjoint houses as the
//! base and k pairwise disjoint houses as the cover. Each base house holds the symbol once, so
//! the base holds it k times; if every place for it in the base lies in the cover, and the
//! cover (k disjoint houses) holds it exactly k times, those are all of the cover's, and the
//! symbol goes from the cover's other cells. Nothing here knows about rows or columns: rows and
//! columns give the classic fish, boxes mixed in give the "Franken" ones, and the same code runs
//! on Samurai, jigsaw or 16x16 grids.
//!
//! ```
//! use shapedoku::{builtin, Puzzle, reason::{Board, Finder, fish::basic as fish, Deduction}};
//! let g = builtin::geometry("classic").unwrap();
//! let p = Puzzle::from_line(g, &".".repeat(81)).unwrap();
//! let mut b = Board::new(&p);
//! // Symbol 0 (digit 1) only in columns 1 and 5 of rows 1 and 9: an X-wing.
//! for r in [0, 8] {
//!     for c in 0..9 {
//!         if c != 0 && c != 4 {
//!             b.eliminate(r * 9 + c, 0);
//!         }
//!     }
//! }
//! let mut f = Finder::new(1);
//! fish::find(&b, &mut f);
//! let Deduction::Fish { base, cover, .. } = &f.steps[0].deduction else { panic!() };
//! assert_eq!((base.len(), cover.len()), (2, 2));
//! assert_eq!(f.steps[0].eliminations.len(), 2 * 7);
//! ```

use crate::reason::board::Board;
use crate::reason::finder::Finder;
use crate::reason::step::{Candidate, Deduction, FishKind, Step};
use crate::{ShapeId, Symbol};

/// Per symbol and size (2 to 4), its places and placements when a search of that size on it
/// last ran to the end without finding anything ([`Places::key`]): a later search on fewer
/// places looks only at bases with a house whose places changed since (see [`crate::reason::memo`]).
/// Never changes what is found.
pub(crate) type Memo = crate::reason::memo::Memo<State>;

/// What [`Memo`] holds.
#[derive(Default)]
pub(crate) struct State {
    /// Boards of more than 128 cells or 64 houses: per symbol and size, the key.
    keys: Vec<[Option<Vec<u64>>; 3]>,
    /// Boards of at most 128 cells and 64 houses: per symbol and size, its places and the
    /// cells not holding it (the same key, in two words).
    small: Vec<[Option<(u128, u128)>; 3]>,
    /// The board's houses as [`search_small`] wants them, made on its first search.
    tables: Option<SmallTables>,
}

/// Finds fish of sizes 2, 3 and 4, smallest first.
pub fn find(board: &Board, f: &mut Finder) {
    find_sizes(board, f, 2..=4);
}

/// Finds X-wings: fish of size 2. The solver asks for each size apart, so that a size that
/// finds something spares it the larger ones.
pub fn find_x_wings(board: &Board, f: &mut Finder) {
    find_sizes(board, f, 2..=2);
}

/// Finds swordfish: fish of size 3.
pub fn find_swordfish(board: &Board, f: &mut Finder) {
    find_sizes(board, f, 3..=3);
}

/// Finds jellyfish: fish of size 4.
pub fn find_jellyfish(board: &Board, f: &mut Finder) {
    find_sizes(board, f, 4..=4);
}

/// Finds fish of the given sizes, smallest first, narrowed by the board's memo.
fn find_sizes(board: &Board, f: &mut Finder, sizes: std::ops::RangeInclusive<usize>) {
    let places = Places::new(board);
    let t = board.tables();
    let houses = t.houses.len();
    let mut state = board.memo::<Memo>().lock();
    if places.words <= 2 && houses <= 64 && places.n <= 64 {
        return find_small(board, &places, f, sizes, &mut state);
    }
    let memo = &mut state.keys;
    memo.resize_with(places.n, Default::default);
    let keys: Vec<Vec<u64>> = (0..places.n as u8).map(|v| places.key(v)).collect();
    let mut changed = vec![vec![true; houses]; places.n];
    let mut diff = Vec::new();
    for k in sizes {
        for (v, ch) in changed.iter_mut().enumerate() {
            ch.fill(true);
            // A house changed if its places did or the symbol was placed in it since.
            if let Some(old) = memo[v][k - 2].as_deref()
                && old.len() == keys[v].len()
                && keys[v].iter().zip(old).all(|(n, o)| n & !o == 0)
            {
                diff.clear();
                let w = places.words;
                diff.extend((0..w).map(|i| (keys[v][i] ^ old[i]) | (keys[v][w + i] ^ old[w + i])));
                for (h, c) in ch.iter_mut().enumerate() {
                    *c = t.house_bits(h).iter().zip(&diff).any(|(a, d)| a & d != 0);
                }
            }
        }
        let clean = search_size(board, &places, f, k, &changed);
        for (v, c) in clean.into_iter().enumerate() {
            if c {
                memo[v][k - 2] = Some(keys[v].clone());
            }
        }
        if f.is_full() {
            return;
        }
    }
}

/// [`find_sizes`] on a board of at most 128 cells, 64 houses and 64 symbols, with sets of
/// cells in one u128 and sets of houses in one u64; its tables are made once per board.
fn find_small(
    board: &Board,
    places: &Places,
    f: &mut Finder,
    sizes: std::ops::RangeInclusive<usize>,
    state: &mut State,
) {
    let State { small, tables, .. } = state;
    let tables = tables.get_or_insert_with(|| SmallTables::new(board));
    small.resize_with(places.n, Default::default);
    let keys: Vec<(u128, u128)> = (0..places.n as u8)
        .map(|v| (wide(places.of(v)), !wide(places.placed_of(v))))
        .collect();
    let mut changed = vec![0u64; places.n];
    let mut olds = vec![None; places.n];
    for k in sizes {
        for (v, ch) in changed.iter_mut().enumerate() {
            (*ch, olds[v]) = (!0, None);
            let (pv, free) = keys[v];
            // A house changed if its places did or the symbol was placed in it since.
            if let Some((old_pv, old_free)) = small[v][k - 2]
                && pv & !old_pv == 0
                && free & !old_free == 0
            {
                let diff = (pv ^ old_pv) | (free ^ old_free);
                *ch = (tables.houses.iter().enumerate())
                    .fold(0, |m, (h, &hb)| m | u64::from(hb & diff != 0) << h);
                olds[v] = small[v][k - 2];
            }
        }
        let clean = search_small(board, tables, places, f, k, &changed, &olds);
        for (v, &key) in keys.iter().enumerate() {
            if clean >> v & 1 == 1 {
                small[v][k - 2] = Some(key);
            }
        }
        if f.is_full() {
            return;
        }
    }
}

/// Finds fish with `k` base and `k` cover houses.
pub fn find_size(board: &Board, f: &mut Finder, k: usize) {
    let places = Places::new(board);
    let all = vec![true; board.tables().houses.len()];
    search_size(board, &places, f, k, &vec![all; places.n]);
}

/// Every symbol's places and placements as bits over the cells, computed once per search (not
/// once per size).
struct Places {
    n: usize,
    /// Words per set of cells.
    words: usize,
    /// `places[v * words..]`: the empty cells with `v` as a candidate.
    places: Vec<u64>,
    /// `placed[v * words..]`: the cells holding `v`.
    placed: Vec<u64>,
}

impl Places {
    fn new(board: &Board) -> Places {
        let n = board.geometry().symbol_count();
        let words = board.tables().peer_words;
        let mut places = vec![0u64; n * words];
        let mut placed = vec![0u64; n * words];
        for (c, value) in board.values().iter().enumerate() {
            let bit = 1u64 << (c % 64);
            match value {
                Some(v) => placed[*v as usize * words + c / 64] |= bit,
                None => {
                    for v in board.candidates(c).iter() {
                        places[v as usize * words + c / 64] |= bit;
                    }
                }
            }
        }
        Places {
            n,
            words,
            places,
            placed,
        }
    }
    /// The memo key of a symbol: its places, then the cells not holding it, so that a
    /// placement, like an elimination, only takes bits away.
    fn key(&self, v: u8) -> Vec<u64> {
        let mut out = self.of(v).to_vec();
        out.extend(self.placed_of(v).iter().map(|w| !w));
        out
    }
    fn of(&self, v: u8) -> &[u64] {
        &self.places[v as usize * self.words..(v as usize + 1) * self.words]
    }
    fn placed_of(&self, v: u8) -> &[u64] {
        &self.placed[v as usize * self.words..(v as usize + 1) * self.words]
    }
}

/// The number of bits set in a set of cells.
fn count<const W: usize>(bits: &[u64; W]) -> u32 {
    bits.iter().map(|w| w.count_ones()).sum()
}

fn and<const W: usize>(a: &[u64; W], b: &[u64; W]) -> [u64; W] {
    std::array::from_fn(|i| a[i] & b[i])
}

fn or<const W: usize>(a: &[u64; W], b: &[u64; W]) -> [u64; W] {
    std::array::from_fn(|i| a[i] | b[i])
}

fn meets<const W: usize>(a: &[u64; W], b: &[u64; W]) -> bool {
    (0..W).any(|i| a[i] & b[i] != 0)
}

/// A set of cells in W words, from the first words of `bits` (the rest zero).
fn widen<const W: usize>(bits: &[u64]) -> [u64; W] {
    std::array::from_fn(|i| bits.get(i).copied().unwrap_or(0))
}

/// Searches size `k` on every symbol, each only for bases with a house marked in its
/// `changed` (by house index; the others are known to hold no fish with their base in
/// unchanged houses); returns, per symbol, whether its search ran to the end and found nothing.
/// The sets of cells take a fixed number of words, the least of 2, 4, 8 and 256 that holds
/// the board's cells, so that their operations unroll. A board of more than 16,384 cells (the
/// default limit; only a caller lifting the limits makes one) is not searched: nothing is found
/// there, rather than a fish on a partial view of its houses.
fn search_size(
    board: &Board,
    places: &Places,
    f: &mut Finder,
    k: usize,
    changed: &[Vec<bool>],
) -> Vec<bool> {
    match places.words {
        0..=2 if board.tables().houses.len() <= 64 && places.n <= 64 => {
            let tables = SmallTables::new(board);
            let masks: Vec<u64> = (changed.iter())
                .map(|ch| ch.iter().rev().fold(0, |m, &c| m << 1 | u64::from(c)))
                .collect();
            let olds = vec![None; places.n];
            let clean = search_small(board, &tables, places, f, k, &masks, &olds);
            (0..places.n).map(|v| clean >> v & 1 == 1).collect()
        }
        0..=2 => search_words::<2>(board, places, f, k, changed),
        3..=4 => search_words::<4>(board, places, f, k, changed),
        5..=8 => search_words::<8>(board, places, f, k, changed),
        9..=256 => search_words::<256>(board, places, f, k, changed),
        _ => vec![false; places.n],
    }
}

/// [`search_size`] with sets of cells in W words.
fn search_words<const W: usize>(
    board: &Board,
    places: &Places,
    f: &mut Finder,
    k: usize,
    changed: &[Vec<bool>],
) -> Vec<bool> {
    let t = board.tables();
    let houses: Vec<[u64; W]> = (0..t.houses.len())
        .map(|h| widen(t.house_bits(h)))
        .collect();
    let mut clean = vec![false; places.n];
    let mut cand: Vec<usize> = Vec::new();
    let mut cand_bits: Vec<[u64; W]> = Vec::new();
    let (mut dis, mut allowed, mut fresh) = (Vec::new(), Vec::new(), Vec::new());
    for v in 0..places.n as u8 {
        let ch = &changed[v as usize];
        let (pv, placed) = (widen::<W>(places.of(v)), widen::<W>(places.placed_of(v)));
        cand.clear();
        cand_bits.clear();
        for (i, hb) in houses.iter().enumerate() {
            if meets(hb, &placed) {
                continue;
            }
            let m = and(hb, &pv);
            if (2..=k as u32).contains(&count(&m)) {
                cand.push(i);
                cand_bits.push(m);
            }
        }
        if cand.len() < k || !cand.iter().any(|&i| ch[i]) {
            clean[v as usize] = true;
            continue;
        }
        // Which later candidates each one is disjoint from, as bits over candidate indices, so
        // the base search walks only houses that can join the base.
        let words = cand.len().div_ceil(64);
        dis.clear();
        dis.resize(cand.len() * words, 0);
        for (j, &a) in cand.iter().enumerate() {
            for (i, &b) in cand.iter().enumerate().skip(j + 1) {
                if !meets(&houses[a], &houses[b]) {
                    dis[j * words + i / 64] |= 1 << (i % 64);
                }
            }
        }
        allowed.clear();
        allowed.resize((k + 1) * words, 0);
        fresh.clear();
        fresh.resize(words, 0);
        for (i, &h) in cand.iter().enumerate() {
            allowed[i / 64] |= 1 << (i % 64);
            if ch[h] {
                fresh[i / 64] |= 1 << (i % 64);
            }
        }
        let mut s = Search {
            board,
            houses: &houses,
            words,
            dis: &dis,
            allowed: &mut allowed,
            fresh: &fresh,
            nfresh: 0,
            pv,
            cand: &cand,
            cand_bits: &cand_bits,
            v,
            k,
            base: [0; 4],
            nb: 0,
            covers: [0; 4],
            nc: 0,
            covered: [[0; W]; 5],
            based: [[0; W]; 5],
        };
        let before = f.steps.len();
        let go = s.bases(f, 0);
        clean[v as usize] = go && f.steps.len() == before;
        if !go {
            break;
        }
    }
    clean
}

/// The search state: house choices in fixed arrays (k is at most 4), sets of cells in stacks
/// by depth, so that the inner loop allocates nothing.
struct Search<'a, const W: usize> {
    board: &'a Board,
    /// Every house's cells.
    houses: &'a [[u64; W]],
    /// Words per bitset over candidate indices.
    words: usize,
    /// `dis[j * words..]`: the candidates after j that are disjoint from it.
    dis: &'a [u64],
    /// `allowed[nb * words..]`: the candidates disjoint from the nb bases chosen so far.
    allowed: &'a mut Vec<u64>,
    /// The candidates whose places changed since the symbol's last search found nothing: a
    /// base needs one of them.
    fresh: &'a [u64],
    /// How many of the chosen bases are fresh.
    nfresh: usize,
    /// The symbol's places.
    pv: [u64; W],
    /// The candidate base houses (indices into `Tables::houses`).
    cand: &'a [usize],
    /// Each candidate's places.
    cand_bits: &'a [[u64; W]],
    v: u8,
    k: usize,
    /// Chosen base candidates (indices into `cand`), in the order chosen.
    base: [usize; 4],
    nb: usize,
    /// Chosen cover house indices.
    covers: [usize; 4],
    nc: usize,
    /// `covered[nc]`: the cells of the first nc covers.
    covered: [[u64; W]; 5],
    /// `based[nb]`: the places of the first nb bases.
    based: [[u64; W]; 5],
}

impl<const W: usize> Search<'_, W> {
    /// The symbol's places in the chosen covers.
    fn cover_places(&self) -> u32 {
        count(&and(&self.pv, &self.covered[self.nc]))
    }

    /// Chooses base houses from the candidates at or after `from`, covering each one's places
    /// as it is added so that a base needing more than k covers is cut at once; returns false
    /// when the finder is full.
    fn bases(&mut self, f: &mut Finder, from: usize) -> bool {
        if self.nb == self.k {
            // Fewer than k covers holding k base symbols would be a contradiction: skip.
            return self.nc < self.k || self.emit(f);
        }
        let full = self.nc == self.k;
        if full {
            // The covers are complete, so every base still to come lies inside them and brings
            // at least two places of its own: if that leaves no cover place outside the base,
            // nothing below can eliminate anything.
            let base_places = count(&self.based[self.nb]) as usize;
            if self.cover_places() as usize <= base_places + 2 * (self.k - self.nb) {
                return true;
            }
        }
        let w = self.words;
        let lvl = self.nb * w;
        // Candidates at or after `from` that can still join (disjoint from every base).
        let from_mask = |i: usize| match (from / 64).cmp(&i) {
            std::cmp::Ordering::Less => !0u64,
            std::cmp::Ordering::Equal => !0u64 << (from % 64),
            std::cmp::Ordering::Greater => 0,
        };
        let mut left: usize = (0..w)
            .map(|i| (self.allowed[lvl + i] & from_mask(i)).count_ones() as usize)
            .sum();
        // Without a fresh base so far, the walk ends past the last fresh candidate.
        let need_fresh = self.nfresh == 0;
        let last_fresh = (0..w).rev().find_map(|i| {
            let b = self.allowed[lvl + i] & from_mask(i) & self.fresh[i];
            (b != 0).then(|| i * 64 + 63 - b.leading_zeros() as usize)
        });
        let Some(last_fresh) = last_fresh.or((!need_fresh).then_some(usize::MAX)) else {
            return true;
        };
        for wi in from / 64..w {
            let mut bits = self.allowed[lvl + wi] & from_mask(wi);
            while bits != 0 {
                let j = wi * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if left < self.k - self.nb || (need_fresh && j > last_fresh) {
                    return true;
                }
                left -= 1;
                let h = self.cand[j];
                if self.covers[..self.nc].contains(&h) {
                    continue;
                }
                let places = self.cand_bits[j];
                // With the covers complete, a base with a place outside them needs one more.
                if full && (0..W).any(|i| places[i] & !self.covered[self.nc][i] != 0) {
                    continue;
                }
                for i in 0..w {
                    self.allowed[lvl + w + i] = self.allowed[lvl + i] & self.dis[j * w + i];
                }
                let is_fresh = self.fresh[j / 64] >> (j % 64) & 1 == 1;
                if need_fresh
                    && !is_fresh
                    && (self.nb + 1 == self.k
                        || (0..w).all(|i| self.allowed[lvl + w + i] & self.fresh[i] == 0))
                {
                    continue;
                }
                self.based[self.nb + 1] = or(&self.based[self.nb], &places);
                self.base[self.nb] = j;
                self.nb += 1;
                self.nfresh += usize::from(is_fresh);
                let go = self.cover(f, j + 1);
                self.nfresh -= usize::from(is_fresh);
                self.nb -= 1;
                if !go {
                    return false;
                }
            }
        }
        true
    }

    /// The first base place outside the covers (bases in the order chosen, places in the
    /// order of the base house's cells), if any.
    fn first_uncovered(&self) -> Option<usize> {
        let t = self.board.tables();
        let covered = &self.covered[self.nc];
        for &j in &self.base[..self.nb] {
            let bits = &self.cand_bits[j];
            let Some(wi) = (0..W).find(|&i| bits[i] & !covered[i] != 0) else {
                continue;
            };
            let h = self.cand[j];
            if t.house_sorted[h] {
                return Some(wi * 64 + (bits[wi] & !covered[wi]).trailing_zeros() as usize);
            }
            let g = self.board.geometry();
            return g.shape(t.houses[h]).cells.iter().copied().find(|&c| {
                bits[c / 64] >> (c % 64) & 1 == 1 && covered[c / 64] >> (c % 64) & 1 == 0
            });
        }
        None
    }

    /// Adds cover houses until every base place is covered (at most k of them), then goes on
    /// choosing bases. The first base place not yet covered (bases in the order chosen, places
    /// in cell order) must lie in one of the cover houses, so only its houses are tried: each
    /// (base, cover) pair is met exactly once.
    fn cover(&mut self, f: &mut Finder, next: usize) -> bool {
        let t = self.board.tables();
        let Some(c) = self.first_uncovered() else {
            return self.bases(f, next);
        };
        if self.nc == self.k {
            return true;
        }
        for &h in &t.cell_houses[c] {
            let h = h as usize;
            let hb = &self.houses[h];
            if self.base[..self.nb].iter().any(|&j| self.cand[j] == h)
                || meets(hb, &self.covered[self.nc])
            {
                continue;
            }
            self.covered[self.nc + 1] = or(&self.covered[self.nc], hb);
            self.covers[self.nc] = h;
            self.nc += 1;
            let go = self.cover(f, next);
            self.nc -= 1;
            if !go {
                return false;
            }
        }
        true
    }

    fn emit(&mut self, f: &mut Finder) -> bool {
        let v = self.v;
        // The covers are disjoint and hold every base place, so they eliminate exactly their
        // places beyond the base's: count before building anything.
        if self.cover_places() <= count(&self.based[self.nb]) {
            return true;
        }
        let (covered, based) = (&self.covered[self.nc], &self.based[self.nb]);
        let mut eliminations = Vec::new();
        for i in 0..W {
            let mut bits = self.pv[i] & covered[i] & !based[i];
            while bits != 0 {
                eliminations.push(Candidate::at(i * 64 + bits.trailing_zeros() as usize, v));
                bits &= bits - 1;
            }
        }
        let base = self.base[..self.nb].iter().map(|&j| self.cand[j]);
        f.push(fish_step(
            self.board,
            v,
            eliminations,
            base,
            &self.covers[..self.nc],
        ))
    }
}

/// The step of a fish on `v` with these base and cover houses (indices into
/// `Tables::houses`, the base in the order chosen) and eliminations.
fn fish_step(
    board: &Board,
    v: u8,
    eliminations: Vec<Candidate>,
    base: impl Iterator<Item = usize>,
    covers: &[usize],
) -> Step {
    let t = board.tables();
    let base: Vec<ShapeId> = base.map(|h| ShapeId::new(t.houses[h])).collect();
    let mut cover: Vec<ShapeId> = covers.iter().map(|&h| ShapeId::new(t.houses[h])).collect();
    cover.sort_unstable();
    let kind = FishKind::of(board.geometry(), &base, &cover);
    Step::eliminating(
        eliminations,
        Deduction::Fish {
            symbol: Symbol::new(v as usize),
            base,
            cover,
            kind,
        },
    )
}

/// A set of at most 128 cells as one word, from the first two words of `bits`.
fn wide(bits: &[u64]) -> u128 {
    let at = |i: usize| u128::from(bits.get(i).copied().unwrap_or(0));
    at(0) | at(1) << 64
}

#[path = "small.rs"]
mod small;
use small::{SmallTables, search_small};

#[cfg(test)]
#[path = "basic_tests.rs"]
mod tests;
