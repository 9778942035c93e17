//! Fish (X-wing, swordfish, jellyfish) over any houses. Take k pairwise disjoint houses as the
//! base and k pairwise disjoint houses as the cover. Each base house holds the symbol once, so
//! the base holds it k times; if every place for it in the base lies in the cover, and the
//! cover (k disjoint houses) holds it exactly k times, those are all of the cover's, and the
//! symbol goes from the cover's other cells. Nothing here knows about rows or columns: rows and
//! columns give the classic fish, boxes mixed in give the "Franken" ones, and the same code runs
//! on Samurai, jigsaw or 16x16 grids.
//!
//! ```
//! use shapedoku::{builtin, Puzzle, reason::{Board, Finder, fish, Deduction}};
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

use super::{Board, Candidate, Deduction, Finder, FishKind, Step};
use crate::{ShapeId, Symbol};

/// Per symbol and size (2 to 4), its places and placements when a search of that size on it
/// last ran to the end without finding anything ([`Places::key`]): a later search on fewer
/// places looks only at bases with a house whose places changed since (see [`super::memo`]).
/// Never changes what is found.
pub(crate) type Memo = super::memo::Memo<State>;

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
    let mut state = board.fish_memo.lock();
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
    for k in sizes {
        for (v, ch) in changed.iter_mut().enumerate() {
            *ch = !0;
            let (pv, free) = keys[v];
            // A house changed if its places did or the symbol was placed in it since.
            if let Some((old_pv, old_free)) = small[v][k - 2]
                && pv & !old_pv == 0
                && free & !old_free == 0
            {
                let diff = (pv ^ old_pv) | (free ^ old_free);
                *ch = (tables.houses.iter().enumerate())
                    .fold(0, |m, (h, &hb)| m | u64::from(hb & diff != 0) << h);
            }
        }
        let clean = search_small(board, tables, places, f, k, &changed);
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
            let clean = search_small(board, &tables, places, f, k, &masks);
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

/// A board's houses for [`search_small`]: their cells, and which are disjoint.
pub(crate) struct SmallTables {
    /// Every house's cells.
    houses: Vec<u128>,
    /// `disjoint[h]`: the houses after h that are disjoint from it.
    disjoint: Vec<u64>,
    /// `apart[h]`: every house disjoint from h (for a probe's first base).
    apart: Vec<u64>,
}

impl SmallTables {
    fn new(board: &Board) -> SmallTables {
        let t = board.tables();
        let nh = t.houses.len();
        let houses: Vec<u128> = (0..nh).map(|h| wide(t.house_bits(h))).collect();
        let apart: Vec<u64> = (0..nh)
            .map(|a| {
                (0..nh)
                    .filter(|&b| houses[a] & houses[b] == 0)
                    .fold(0, |d, b| d | 1 << b)
            })
            .collect();
        // Bits above a within 64 houses: shifting 2 left by a never overflows for a < 64.
        let disjoint = (0..nh).map(|a| apart[a] & !((2u64 << a) - 1)).collect();
        SmallTables {
            houses,
            disjoint,
            apart,
        }
    }
}

/// [`search_size`] on a board of at most 128 cells and 64 houses: sets of cells are one u128
/// and sets of houses one u64 (a candidate base house is named by its house index, so which
/// houses can join a base is read from one table per board, not worked out per symbol). It
/// walks the tree [`search_words`] walks, in the same order (candidates in house order), with
/// the same cuts (the tests compare the two), so it finds the same fish in the same order and
/// stops at the same one when the finder fills.
///
/// `changed[v]`: as bits over house indices, the houses changed for symbol v. Returns the
/// symbols whose search ran to the end and found nothing, as bits (callers pass at most 64
/// symbols).
fn search_small(
    board: &Board,
    tables: &SmallTables,
    places: &Places,
    f: &mut Finder,
    k: usize,
    changed: &[u64],
) -> u64 {
    let houses = &tables.houses;
    let mut clean = 0u64;
    for v in 0..places.n as u8 {
        let (pv, placed) = (wide(places.of(v)), wide(places.placed_of(v)));
        let mut cands = 0u64;
        for (i, &hb) in houses.iter().enumerate() {
            let m = hb & pv;
            if hb & placed == 0 && (2..=k as u32).contains(&m.count_ones()) {
                cands |= 1 << i;
            }
        }
        let fresh = cands & changed[v as usize];
        if (cands.count_ones() as usize) < k || fresh == 0 {
            clean |= 1 << v;
            continue;
        }
        let mut s = Small {
            board,
            houses,
            disjoint: &tables.disjoint,
            fresh,
            pv,
            v,
            k,
            allowed: [cands, 0, 0, 0, 0],
            nfresh: 0,
            base: [0; 4],
            base_houses: 0,
            nb: 0,
            covers: [0; 4],
            cover_houses: 0,
            nc: 0,
            covered: [0; 5],
            based: [0; 5],
            probe: false,
        };
        if !s.exists(f, &tables.apart) {
            clean |= 1 << v;
            continue;
        }
        let before = f.steps.len();
        let go = s.bases(f, 0);
        if go && f.steps.len() == before {
            clean |= 1 << v;
        }
        if !go {
            break;
        }
    }
    clean
}

/// [`Search`] with sets of cells as u128 and sets of houses as u64.
struct Small<'a> {
    board: &'a Board,
    /// Every house's cells.
    houses: &'a [u128],
    /// `disjoint[h]`: the houses after h that are disjoint from it.
    disjoint: &'a [u64],
    /// The candidate houses whose places changed since the symbol's last search found nothing.
    fresh: u64,
    pv: u128,
    v: u8,
    k: usize,
    /// `allowed[nb]`: the candidate houses disjoint from the nb bases chosen so far.
    allowed: [u64; 5],
    nfresh: usize,
    /// Chosen base houses in the order chosen, and as bits.
    base: [usize; 4],
    base_houses: u64,
    nb: usize,
    /// Chosen cover houses in the order chosen, and as bits.
    covers: [usize; 4],
    cover_houses: u64,
    nc: usize,
    covered: [u128; 5],
    based: [u128; 5],
    /// Set while [`Small::exists`] runs: a fish with eliminations stops the walk instead of
    /// being pushed.
    probe: bool,
}

impl Small<'_> {
    /// Whether the walk from [`Small::bases`] would push anything, found by a walk in another
    /// order: fish are rare, and a walk that starts from each fresh house in turn as the first
    /// base is much smaller than one that must reach a fresh house in house order. It meets
    /// the same fish: which covers a base set gets does not depend on the order of its bases
    /// (the first place not yet covered lies in exactly one cover of any disjoint cover set
    /// holding all base places, so the walk follows each such set, and every cover holding a
    /// base place is added), and the cuts only drop branches that push nothing. Fish whose
    /// base holds an earlier fresh house were met from that one, so it is left out.
    /// `apart[h]`: every house disjoint from house h. Leaves the state as it found it, and
    /// pushes nothing to `f`.
    fn exists(&mut self, f: &mut Finder, apart: &[u64]) -> bool {
        let cands = self.allowed[0];
        let mut fresh = cands & self.fresh;
        let mut hit = false;
        self.probe = true;
        while fresh != 0 && !hit {
            let h = fresh.trailing_zeros() as usize;
            fresh &= fresh - 1;
            let earlier_fresh = self.fresh & ((1u64 << h) - 1);
            self.allowed[1] = cands & apart[h] & !earlier_fresh;
            if ((self.allowed[1].count_ones() + 1) as usize) < self.k {
                continue;
            }
            self.based[1] = self.pv & self.houses[h];
            self.base[0] = h;
            self.base_houses = 1 << h;
            self.nb = 1;
            self.nfresh = 1;
            hit = !self.cover(f, 0);
        }
        self.probe = false;
        (self.nb, self.nfresh, self.base_houses) = (0, 0, 0);
        hit
    }

    /// [`Search::bases`].
    fn bases(&mut self, f: &mut Finder, from: usize) -> bool {
        if self.nb == self.k {
            return self.nc < self.k || self.emit(f);
        }
        let full = self.nc == self.k;
        if full {
            let base_places = self.based[self.nb].count_ones() as usize;
            let cover_places = (self.pv & self.covered[self.nc]).count_ones() as usize;
            if cover_places <= base_places + 2 * (self.k - self.nb) {
                return true;
            }
        }
        let avail = self.allowed[self.nb] & u64::MAX.checked_shl(from as u32).unwrap_or(0);
        let mut left = avail.count_ones() as usize;
        let need_fresh = self.nfresh == 0;
        let last_fresh = match avail & self.fresh {
            0 if need_fresh => return true,
            0 => usize::MAX,
            b => 63 - b.leading_zeros() as usize,
        };
        let mut bits = avail;
        while bits != 0 {
            let h = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if left < self.k - self.nb || (need_fresh && h > last_fresh) {
                return true;
            }
            left -= 1;
            if self.cover_houses >> h & 1 == 1 {
                continue;
            }
            let places = self.pv & self.houses[h];
            if full && places & !self.covered[self.nc] != 0 {
                continue;
            }
            let next = self.allowed[self.nb] & self.disjoint[h];
            self.allowed[self.nb + 1] = next;
            let is_fresh = self.fresh >> h & 1 == 1;
            if need_fresh && !is_fresh && (self.nb + 1 == self.k || next & self.fresh == 0) {
                continue;
            }
            self.based[self.nb + 1] = self.based[self.nb] | places;
            self.base[self.nb] = h;
            self.base_houses |= 1 << h;
            self.nb += 1;
            self.nfresh += usize::from(is_fresh);
            let go = self.cover(f, h + 1);
            self.nfresh -= usize::from(is_fresh);
            self.nb -= 1;
            self.base_houses &= !(1 << h);
            if !go {
                return false;
            }
        }
        true
    }

    /// [`Search::cover`]. Only the newest base can have places outside the covers: each
    /// earlier one was covered whole before the next was chosen, so the first uncovered base
    /// place is the newest base's first one outside them.
    fn cover(&mut self, f: &mut Finder, next: usize) -> bool {
        let h = self.base[self.nb - 1];
        let out = self.pv & self.houses[h] & !self.covered[self.nc];
        if out == 0 {
            return self.bases(f, next);
        }
        if self.nc == self.k {
            return true;
        }
        let t = self.board.tables();
        let c = if t.house_sorted[h] {
            out.trailing_zeros() as usize
        } else {
            let cells = &self.board.geometry().shape(t.houses[h]).cells;
            let first = cells.iter().find(|&&c| out >> c & 1 == 1);
            *first.expect("a place outside the covers is a cell of its house")
        };
        // The last cover must take every place still outside: one that leaves some would end
        // its branch at once with the covers full.
        let last = self.nc + 1 == self.k;
        for &h in &t.cell_houses[c] {
            let h = h as usize;
            let hb = self.houses[h];
            if self.base_houses >> h & 1 == 1
                || hb & self.covered[self.nc] != 0
                || (last && out & !hb != 0)
            {
                continue;
            }
            self.covered[self.nc + 1] = self.covered[self.nc] | hb;
            self.covers[self.nc] = h;
            self.cover_houses |= 1 << h;
            self.nc += 1;
            let go = self.cover(f, next);
            self.nc -= 1;
            self.cover_houses &= !(1 << h);
            if !go {
                return false;
            }
        }
        true
    }

    fn emit(&mut self, f: &mut Finder) -> bool {
        let (covered, based) = (self.covered[self.nc], self.based[self.nb]);
        if (self.pv & covered).count_ones() <= based.count_ones() {
            return true;
        }
        if self.probe {
            return false;
        }
        let mut bits = self.pv & covered & !based;
        let mut eliminations = Vec::with_capacity(bits.count_ones() as usize);
        while bits != 0 {
            eliminations.push(Candidate::at(bits.trailing_zeros() as usize, self.v));
            bits &= bits - 1;
        }
        f.push(fish_step(
            self.board,
            self.v,
            eliminations,
            self.base[..self.nb].iter().copied(),
            &self.covers[..self.nc],
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Puzzle, builtin};

    /// The memo never changes what is found: along a whole logical solve, the fish found on the
    /// running board (its memo warm from the earlier steps) are those found on a fresh copy (a
    /// copy starts with an empty memo), for every size and with room for many finds.
    #[test]
    fn memo_changes_nothing() {
        let g = builtin::geometry("classic").unwrap();
        // Our generator's (seed 7, first puzzle): X-wings, chains and AICs on the way.
        let p = Puzzle::from_line(
            g,
            "...........6.754..8....69..5.....19....8.27...9......24.7.3......1..8.3..2..57...",
        )
        .unwrap();
        let mut b = Board::new(&p);
        let mut searched = 0;
        while let Some(step) = crate::reason::next_step(&b) {
            for limit in [1, 50] {
                let (mut warm, mut cold) = (Finder::new(limit), Finder::new(limit));
                find(&b, &mut warm);
                find(&b.clone(), &mut cold);
                assert_eq!(format!("{:?}", warm.steps), format!("{:?}", cold.steps));
            }
            searched += 1;
            b.apply(&step);
        }
        assert!(b.is_solved() && searched > 50);
    }

    /// The small-board search finds what the general one finds, in the same order, with the
    /// same verdicts for the memo: at every position along logical solves, for every size,
    /// with every house changed and with some only, with room for one fish and for many.
    #[test]
    fn small_search_matches_general() {
        let g = builtin::geometry("classic").unwrap();
        let mut found = 0;
        for line in crate::reason::test_util::FISHY {
            let p = Puzzle::from_line(g.clone(), line).unwrap();
            let mut b = Board::new(&p);
            b.set_known_unique(true);
            let houses = b.tables().houses.len();
            let mut searched = 0;
            while let Some(step) = crate::reason::next_step(&b) {
                let places = Places::new(&b);
                for (k, limit, every) in [2, 3, 4]
                    .iter()
                    .flat_map(|&k| [(1, 1), (1000, 1), (1000, 3), (1, 4)].map(|(l, e)| (k, l, e)))
                {
                    // Each symbol marks every `every`th house changed, from its own start.
                    let changed: Vec<Vec<bool>> = (0..places.n)
                        .map(|v| {
                            (0..houses)
                                .map(|h| (h + v + searched) % every == 0)
                                .collect()
                        })
                        .collect();
                    let (mut small, mut general) = (Finder::new(limit), Finder::new(limit));
                    let masks: Vec<u64> = (changed.iter())
                        .map(|ch| (0..houses).fold(0, |m, h| m | u64::from(ch[h]) << h))
                        .collect();
                    let tables = SmallTables::new(&b);
                    let a = search_small(&b, &tables, &places, &mut small, k, &masks);
                    let o = search_words::<2>(&b, &places, &mut general, k, &changed);
                    assert_eq!(
                        (0..places.n).map(|v| a >> v & 1 == 1).collect::<Vec<_>>(),
                        o
                    );
                    assert_eq!(format!("{:?}", small.steps), format!("{:?}", general.steps));
                    found += small.steps.len();
                }
                searched += 1;
                b.apply(&step);
            }
            assert!(b.is_solved());
        }
        assert!(found > 100, "{found}");
    }
}
