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

use super::memo::changed_since;
use super::{Board, Candidate, Deduction, Finder, FishKind, Step};
use crate::symbols::SymbolSet;
use crate::{ShapeId, Symbol};

/// Per symbol and size (2 to 4), its places when a search of that size on it last ran to the
/// end without finding anything: a later search on fewer places looks only at bases with a
/// house whose places changed since (see [`super::memo`]). Never changes what is found.
pub(crate) type Memo = super::memo::Memo<Vec<[Option<Vec<u64>>; 3]>>;

/// Finds fish of sizes 2, 3 and 4, smallest first.
pub fn find(board: &Board, f: &mut Finder) {
    let places = Places::new(board);
    let houses = places.placed.len();
    let mut memo = board.fish_memo.lock();
    memo.resize_with(places.n, Default::default);
    let keys: Vec<Vec<u64>> = (0..places.n as u8).map(|v| places.key(v)).collect();
    let mut units = Vec::new();
    let mut changed = vec![Vec::new(); places.n];
    for k in 2..=4 {
        for (v, ch) in changed.iter_mut().enumerate() {
            changed_since(memo[v][k - 2].as_deref(), &keys[v], &mut units);
            // A house changed if its places did or whether the symbol is placed there did.
            ch.clear();
            ch.extend((0..houses).map(|i| units[i] || units[houses + i]));
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

/// Finds fish with `k` base and `k` cover houses.
pub fn find_size(board: &Board, f: &mut Finder, k: usize) {
    let places = Places::new(board);
    let all = vec![true; places.placed.len()];
    search_size(board, &places, f, k, &vec![all; places.n]);
}

/// Every house's places for every symbol, computed once per search (not once per size).
struct Places {
    n: usize,
    /// `masks[i * n + v]`: the places for `v` in house i, over the house's cell positions.
    masks: Vec<u64>,
    /// Symbols placed in each house.
    placed: Vec<SymbolSet>,
}

impl Places {
    fn new(board: &Board) -> Places {
        let t = board.tables();
        let n = board.geometry().symbol_count();
        let mut masks = vec![0u64; t.houses.len() * n];
        let mut placed = Vec::with_capacity(t.houses.len());
        let mut buf = [0u64; 64];
        for (i, &h) in t.houses.iter().enumerate() {
            placed.push(board.place_masks(h, &mut buf));
            masks[i * n..(i + 1) * n].copy_from_slice(&buf[..n]);
        }
        Places { n, masks, placed }
    }
    /// The memo key of a symbol: its places in every house, then whether each house may be a
    /// base (1 where the symbol is not placed), so that placing it only takes away.
    fn key(&self, v: u8) -> Vec<u64> {
        let mut out: Vec<u64> = (0..self.placed.len()).map(|i| self.mask(i, v)).collect();
        out.extend(self.placed.iter().map(|p| u64::from(!p.contains(v))));
        out
    }
    fn mask(&self, house: usize, v: u8) -> u64 {
        self.masks[house * self.n + v as usize]
    }
}

/// Searches size `k` on every symbol, each only for bases with a house marked in its
/// `changed` (by house index; the others are known to hold no fish with their base in
/// unchanged houses); returns, per symbol, whether its search ran to the end and found nothing.
fn search_size(
    board: &Board,
    places: &Places,
    f: &mut Finder,
    k: usize,
    changed: &[Vec<bool>],
) -> Vec<bool> {
    let t = board.tables();
    let mut clean = vec![false; places.n];
    let mut cand: Vec<(usize, u64)> = Vec::new();
    let (mut dis, mut allowed, mut fresh) = (Vec::new(), Vec::new(), Vec::new());
    for v in 0..places.n as u8 {
        let ch = &changed[v as usize];
        cand.clear();
        for i in 0..t.houses.len() {
            if places.placed[i].contains(v) {
                continue;
            }
            let m = places.mask(i, v);
            if (2..=k).contains(&(m.count_ones() as usize)) {
                cand.push((i, m));
            }
        }
        if cand.len() < k || !cand.iter().any(|&(i, _)| ch[i]) {
            clean[v as usize] = true;
            continue;
        }
        // Which later candidates each one is disjoint from, as bits over candidate indices, so
        // the base search walks only houses that can join the base.
        let words = cand.len().div_ceil(64);
        dis.clear();
        dis.resize(cand.len() * words, 0);
        for (j, &(a, _)) in cand.iter().enumerate() {
            for (i, &(b, _)) in cand.iter().enumerate().skip(j + 1) {
                if t.disjoint(a, b) {
                    dis[j * words + i / 64] |= 1 << (i % 64);
                }
            }
        }
        allowed.clear();
        allowed.resize((k + 1) * words, 0);
        fresh.clear();
        fresh.resize(words, 0);
        for (i, &(h, _)) in cand.iter().enumerate() {
            allowed[i / 64] |= 1 << (i % 64);
            if ch[h] {
                fresh[i / 64] |= 1 << (i % 64);
            }
        }
        let mut s = Search {
            board,
            words,
            dis: &dis,
            allowed: &mut allowed,
            fresh: &fresh,
            nfresh: 0,
            places,
            v,
            k,
            base: [0; 4],
            base_mask: [0; 4],
            covered: [0; 4],
            nb: 0,
            covers: [0; 4],
            nc: 0,
        };
        let before = f.steps.len();
        let go = s.bases(f, &cand, 0);
        clean[v as usize] = go && f.steps.len() == before;
        if !go {
            break;
        }
    }
    clean
}

/// The search state, in fixed arrays (k is at most 4) so that the inner loop allocates nothing.
/// Which base places are covered is kept per base house as a mask over its cell positions,
/// updated from [`super::Tables::inside`] as covers come and go.
struct Search<'a> {
    board: &'a Board,
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
    places: &'a Places,
    v: u8,
    k: usize,
    /// Chosen base house indices (into `Tables::houses`), in the order chosen.
    base: [usize; 4],
    /// Each base house's places for the symbol.
    base_mask: [u64; 4],
    /// Each base house's positions lying in a chosen cover.
    covered: [u64; 4],
    nb: usize,
    /// Chosen cover house indices.
    covers: [usize; 4],
    nc: usize,
}

impl Search<'_> {
    fn disjoint(&self, a: usize, b: usize) -> bool {
        self.board.tables().disjoint(a, b)
    }

    /// Chooses base houses from `cand[from..]`, covering each one's places as it is added so
    /// that a base needing more than k covers is cut at once; returns false when the finder is
    /// full.
    fn bases(&mut self, f: &mut Finder, cand: &[(usize, u64)], from: usize) -> bool {
        if self.nb == self.k {
            // Fewer than k covers holding k base symbols would be a contradiction: skip.
            return self.nc < self.k || self.emit(f);
        }
        if self.nc == self.k {
            // The covers are complete, so every base still to come lies inside them and brings
            // at least two places of its own: if that leaves no cover place outside the base,
            // nothing below can eliminate anything.
            let cover_places: usize = self.covers[..self.nc]
                .iter()
                .map(|&p| self.places.mask(p, self.v).count_ones() as usize)
                .sum();
            let base_places: usize = self.base_mask[..self.nb]
                .iter()
                .map(|m| m.count_ones() as usize)
                .sum();
            if cover_places <= base_places + 2 * (self.k - self.nb) {
                return true;
            }
        }
        let t = self.board.tables();
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
                let (h, m) = cand[j];
                if self.covers[..self.nc].contains(&h) {
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
                let covered = self.covers[..self.nc]
                    .iter()
                    .fold(0, |a, &p| a | t.inside(h, p));
                self.base[self.nb] = h;
                self.base_mask[self.nb] = m;
                self.covered[self.nb] = covered;
                self.nb += 1;
                self.nfresh += usize::from(is_fresh);
                let go = self.cover(f, cand, j + 1);
                self.nfresh -= usize::from(is_fresh);
                self.nb -= 1;
                if !go {
                    return false;
                }
            }
        }
        true
    }

    /// Adds cover houses until every base place is covered (at most k of them), then goes on
    /// choosing bases. The first base place not yet covered (bases in the order chosen, places
    /// in cell order) must lie in one of the cover houses, so only its houses are tried: each
    /// (base, cover) pair is met exactly once.
    fn cover(&mut self, f: &mut Finder, cand: &[(usize, u64)], next: usize) -> bool {
        let t = self.board.tables();
        let Some(b) = (0..self.nb).find(|&b| self.base_mask[b] & !self.covered[b] != 0) else {
            return self.bases(f, cand, next);
        };
        if self.nc == self.k {
            return true;
        }
        let pos = (self.base_mask[b] & !self.covered[b]).trailing_zeros() as usize;
        let c = self.board.geometry().shape(t.houses[self.base[b]]).cells[pos];
        for &h in &t.cell_houses[c] {
            let h = h as usize;
            if self.base[..self.nb].contains(&h)
                || self.covers[..self.nc].iter().any(|&p| !self.disjoint(p, h))
            {
                continue;
            }
            let saved = self.covered;
            for i in 0..self.nb {
                self.covered[i] |= t.inside(self.base[i], h);
            }
            self.covers[self.nc] = h;
            self.nc += 1;
            let go = self.cover(f, cand, next);
            self.nc -= 1;
            self.covered = saved;
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
        let cover_places: u32 = self.covers[..self.nc]
            .iter()
            .map(|&p| self.places.mask(p, v).count_ones())
            .sum();
        let base_places: u32 = self.base_mask[..self.nb]
            .iter()
            .map(|m| m.count_ones())
            .sum();
        if cover_places <= base_places {
            return true;
        }
        let t = self.board.tables();
        let g = self.board.geometry();
        let base = &self.base[..self.nb];
        let mut eliminations = Vec::new();
        for &p in &self.covers[..self.nc] {
            for &c in &g.shape(t.houses[p]).cells {
                let in_base = t.cell_houses[c]
                    .iter()
                    .any(|&h| base.contains(&(h as usize)));
                if !in_base && self.board.value(c).is_none() && self.board.candidates(c).contains(v)
                {
                    eliminations.push(Candidate::at(c, v));
                }
            }
        }
        if eliminations.is_empty() {
            return true;
        }
        eliminations.sort_unstable();
        eliminations.dedup();
        let base: Vec<ShapeId> = base.iter().map(|&b| ShapeId::new(t.houses[b])).collect();
        let mut cover: Vec<ShapeId> = self.covers[..self.nc]
            .iter()
            .map(|&p| ShapeId::new(t.houses[p]))
            .collect();
        cover.sort_unstable();
        let kind = FishKind::of(g, &base, &cover);
        f.push(Step::eliminating(
            eliminations,
            Deduction::Fish {
                symbol: Symbol::new(v as usize),
                base,
                cover,
                kind,
            },
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
}
