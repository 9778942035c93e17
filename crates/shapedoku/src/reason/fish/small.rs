//! The fish walk on boards of at most 128 cells and 64 houses ([`super::search_size`]'s fast
//! case): sets of cells in one u128, sets of houses in one u64, and a probe for a fish before
//! the walk that must meet fish in house order.

use super::{Board, Candidate, Finder, Places, fish_step, wide};

/// A board's houses for [`search_small`]: their cells, and which are disjoint.
pub(super) struct SmallTables {
    /// Every house's cells.
    pub(super) houses: Vec<u128>,
    /// `disjoint[h]`: the houses after h that are disjoint from it.
    disjoint: Vec<u64>,
    /// `apart[h]`: every house disjoint from h (for a probe's first base).
    pub(super) apart: Vec<u64>,
    /// `meets[h]`: every house sharing a cell with h (h too), which no cover beside h can be.
    meets: Vec<u64>,
    /// `of_cell[c]`: the houses holding cell c.
    of_cell: Vec<u64>,
}

impl SmallTables {
    pub(super) fn new(board: &Board) -> SmallTables {
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
        let all = u64::MAX >> (64 - nh.max(1));
        let meets = apart.iter().map(|&a| all & !a).collect();
        let of_cell = (t.cell_houses.iter())
            .map(|hs| hs.iter().fold(0, |m, &h| m | 1u64 << h))
            .collect();
        SmallTables {
            houses,
            disjoint,
            apart,
            meets,
            of_cell,
        }
    }
}

/// [`super::search_size`] on a board of at most 128 cells and 64 houses: sets of cells are one u128
/// and sets of houses one u64 (a candidate base house is named by its house index, so which
/// houses can join a base is read from one table per board, not worked out per symbol). It
/// walks the tree [`super::search_words`] walks, in the same order (candidates in house order), with
/// the same cuts (the tests compare the two), so it finds the same fish in the same order and
/// stops at the same one when the finder fills.
///
/// `changed[v]`: as bits over house indices, the houses changed for symbol v since the search
/// that found nothing at the key `olds[v]` (None: every house counts as changed). Returns the
/// symbols whose search ran to the end and found nothing, as bits (callers pass at most 64
/// symbols).
pub(super) fn search_small(
    board: &Board,
    tables: &SmallTables,
    places: &Places,
    f: &mut Finder,
    k: usize,
    changed: &[u64],
    olds: &[Option<(u128, u128)>],
) -> u64 {
    let houses = &tables.houses;
    let mut clean = 0u64;
    for v in 0..places.n as u8 {
        let (pv, placed) = (wide(places.of(v)), wide(places.placed_of(v)));
        let cands = candidates(houses, pv, placed, k);
        let fresh = cands & changed[v as usize];
        if (cands.count_ones() as usize) < k || fresh == 0 {
            clean |= 1 << v;
            continue;
        }
        let mut s = Small::new(board, tables, (pv, v), k, cands, fresh);
        if !s.exists(&tables.apart, olds[v as usize]) {
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

/// The houses that can be base houses of a fish of size `k` on a symbol with places `pv`,
/// placed at `placed`: 2 to k places, and the symbol not placed in them.
pub(super) fn candidates(houses: &[u128], pv: u128, placed: u128, k: usize) -> u64 {
    let mut cands = 0u64;
    for (i, &hb) in houses.iter().enumerate() {
        if hb & placed == 0 && (2..=k as u32).contains(&(hb & pv).count_ones()) {
            cands |= 1 << i;
        }
    }
    cands
}

/// [`super::Search`] with sets of cells as u128 and sets of houses as u64.
pub(super) struct Small<'a> {
    board: &'a Board,
    /// Every house's cells.
    houses: &'a [u128],
    /// `disjoint[h]`: the houses after h that are disjoint from it.
    disjoint: &'a [u64],
    /// [`SmallTables::meets`] and [`SmallTables::of_cell`].
    meets: &'a [u64],
    of_cell: &'a [u64],
    /// `blocked[nc]`: the houses sharing a cell with one of the first nc covers.
    blocked: [u64; 5],
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
    /// While [`Small::exists`] runs: every house's places (the probe reads them at each
    /// node; the walk, which runs only after a probe found a fish, works them out).
    cp: [u128; 64],
    /// While a probe runs from a house that was a candidate at the memo's key: the places it
    /// lost since; covers holding all of them end the branch (0: no such condition).
    lost: u128,
}

impl<'a> Small<'a> {
    /// The search of size `k` on symbol `v` with places `pv`, from the candidate base houses
    /// `cands`, needing one of `fresh` in its base.
    pub(super) fn new(
        board: &'a Board,
        tables: &'a SmallTables,
        (pv, v): (u128, u8),
        k: usize,
        cands: u64,
        fresh: u64,
    ) -> Small<'a> {
        Small {
            board,
            houses: &tables.houses,
            disjoint: &tables.disjoint,
            meets: &tables.meets,
            of_cell: &tables.of_cell,
            blocked: [0; 5],
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
            cp: [0; 64],
            lost: 0,
        }
    }

    /// Whether the walk from [`Small::bases`] would push anything, found by a walk in another
    /// order: fish are rare, and a walk that starts from each fresh house in turn as the first
    /// base is much smaller than one that must reach a fresh house in house order. It meets
    /// the same fish: which covers a base set gets does not depend on the order of its bases
    /// (the first place not yet covered lies in exactly one cover of any disjoint cover set
    /// holding all base places, so the walk follows each such set, and every cover holding a
    /// base place is added), and the cuts only drop branches that push nothing.
    ///
    /// With the key `old` (places, cells not holding the symbol) of the search that found
    /// nothing, a fish is new only through a fresh base house that was no candidate then
    /// (`new` below), or through one that was (`kept`) and lost a place outside the covers:
    /// if every fresh base house was a candidate and lost only places inside the covers, the
    /// same bases and covers made a fish then, with every elimination it makes now (a place
    /// of a cover off the base now was one then, and was off the base then, as a base place
    /// lost is no place now), and that search found nothing. So the houses of `new` are
    /// probed first, each leaving out the earlier ones (their fish were met from them), and
    /// then those of `kept`, each only for covers leaving out one of its lost places and
    /// leaving out every house of `new`. `apart[h]`: every house disjoint from house h.
    /// Leaves the state as it found it.
    pub(super) fn exists(&mut self, apart: &[u64], old: Option<(u128, u128)>) -> bool {
        let cands = self.allowed[0];
        let fresh = cands & self.fresh;
        let (old_pv, old_free) = old.unwrap_or((0, 0));
        let kept = (0..self.houses.len())
            .filter(|&h| {
                let hb = self.houses[h];
                old.is_some()
                    && hb & !old_free == 0
                    && (2..=self.k as u32).contains(&(hb & old_pv).count_ones())
            })
            .fold(0u64, |m, h| m | 1 << h)
            & fresh;
        let new = fresh & !kept;
        for (cp, &hb) in self.cp.iter_mut().zip(self.houses) {
            *cp = hb & self.pv;
        }
        let mut hit = false;
        let mut left = fresh;
        while left != 0 && !hit {
            // The houses of `new` in order, then those of `kept`.
            let h = match left & new {
                0 => left.trailing_zeros() as usize,
                m => m.trailing_zeros() as usize,
            };
            left &= !(1 << h);
            let is_new = new >> h & 1 == 1;
            let (skip, lost) = if is_new {
                (new & ((1u64 << h) - 1), 0)
            } else {
                (new, self.houses[h] & old_pv & !self.pv)
            };
            self.lost = lost;
            self.allowed[1] = cands & apart[h] & !skip;
            if ((self.allowed[1].count_ones() + 1) as usize) < self.k {
                continue;
            }
            self.based[1] = self.pv & self.houses[h];
            self.base[0] = h;
            self.base_houses = 1 << h;
            self.nb = 1;
            self.nfresh = 1;
            hit = self.probe_cover(0);
        }
        (self.nb, self.nfresh, self.base_houses, self.lost) = (0, 0, 0, 0);
        hit
    }

    /// The probe's [`Small::cover`]: whether covering the newest base's places and going on
    /// from there meets a fish with eliminations. It may cover any base place not yet covered
    /// first (a fish's covers are disjoint, so exactly one of them holds that place, and every
    /// cover set is still met), so it takes the one with the fewest houses that can still
    /// cover it, and ends the branch when one has none.
    fn probe_cover(&mut self, next: usize) -> bool {
        let out = self.cp[self.base[self.nb - 1]] & !self.covered[self.nc];
        if out == 0 {
            if self.nb == self.k {
                // Fewer than k covers holding k base symbols would be a contradiction.
                return self.nc == self.k
                    && self.pv & self.covered[self.nc] & !self.based[self.nb] != 0;
            }
            if self.nc == self.k {
                return self.fill(next);
            }
            return self.probe_bases(next);
        }
        if self.nc == self.k {
            return false;
        }
        // The houses that can still be covers: no base, none sharing a cell with a cover.
        let free = !self.base_houses & !self.blocked[self.nc];
        let options = if self.nc + 1 == self.k {
            // The last cover must take every place still outside.
            let mut common = free;
            let mut left = out;
            while left != 0 {
                common &= self.of_cell[left.trailing_zeros() as usize];
                left &= left - 1;
            }
            common
        } else {
            // The place with the fewest houses left to cover it.
            let mut fewest = u64::MAX;
            let mut left = out;
            while left != 0 {
                let o = self.of_cell[left.trailing_zeros() as usize] & free;
                if o.count_ones() < fewest.count_ones() {
                    fewest = o;
                }
                left &= left - 1;
            }
            fewest
        };
        let covered = self.covered[self.nc];
        let mut bits = options;
        while bits != 0 {
            let h = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            self.covered[self.nc + 1] = covered | self.houses[h];
            if self.lost != 0 && self.lost & !self.covered[self.nc + 1] == 0 {
                continue;
            }
            self.blocked[self.nc + 1] = self.blocked[self.nc] | self.meets[h];
            self.cover_houses |= 1 << h;
            self.nc += 1;
            let hit = self.probe_cover(next);
            self.nc -= 1;
            self.cover_houses &= !(1 << h);
            if hit {
                return true;
            }
        }
        false
    }

    /// The probe's [`Small::bases`] while the covers are not all chosen: every candidate
    /// disjoint from the bases (from house `from` on) may join, and its places are covered.
    fn probe_bases(&mut self, from: usize) -> bool {
        let avail = self.allowed[self.nb] & u64::MAX.checked_shl(from as u32).unwrap_or(0);
        if (avail.count_ones() as usize) < self.k - self.nb {
            return false;
        }
        let mut bits = avail & !self.cover_houses;
        while bits != 0 {
            let h = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let next = self.allowed[self.nb] & self.disjoint[h];
            // The bases still to come after this one are among `next`, and no cover can be
            // one (the covers only grow).
            if ((next & !self.cover_houses).count_ones() as usize) + 1 < self.k - self.nb {
                continue;
            }
            self.allowed[self.nb + 1] = next;
            self.based[self.nb + 1] = self.based[self.nb] | self.cp[h];
            self.base[self.nb] = h;
            self.base_houses |= 1 << h;
            self.nb += 1;
            let hit = self.probe_cover(h + 1);
            self.nb -= 1;
            self.base_houses &= !(1 << h);
            if hit {
                return true;
            }
        }
        false
    }

    /// The probe with every cover chosen: whether the bases can be completed (from house
    /// `from` on) by candidates lying inside the covers (any other would need one more
    /// cover) that leave a cover place off the bases, an elimination.
    fn fill(&self, from: usize) -> bool {
        let covered = self.covered[self.nc];
        let avail = self.allowed[self.nb] & u64::MAX.checked_shl(from as u32).unwrap_or(0);
        let mut inside = 0u64;
        let mut bits = avail & !self.cover_houses;
        while bits != 0 {
            let h = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if self.cp[h] & !covered == 0 {
                inside |= 1 << h;
            }
        }
        self.fill_from(
            inside,
            self.k - self.nb,
            self.based[self.nb],
            self.pv & covered,
        )
    }

    /// Whether `need` pairwise disjoint houses of `inside` leave a place of `targets` off
    /// `absorbed` and their places. Adding a base only takes places away from what is left,
    /// so a house that leaves none ends its branch.
    fn fill_from(&self, inside: u64, need: usize, absorbed: u128, targets: u128) -> bool {
        if (inside.count_ones() as usize) < need {
            return false;
        }
        let mut bits = inside;
        while bits != 0 {
            let h = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let a = absorbed | self.cp[h];
            let rest = inside & self.disjoint[h];
            if targets & !a == 0 || (rest.count_ones() as usize) + 1 < need {
                continue;
            }
            if need == 1 || self.fill_from(rest, need - 1, a, targets) {
                return true;
            }
        }
        false
    }

    /// [`super::Search::bases`].
    pub(super) fn bases(&mut self, f: &mut Finder, from: usize) -> bool {
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

    /// [`super::Search::cover`]. Only the newest base can have places outside the covers: each
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
