//! Finned Franken and mutant fish: finned fish whose base and cover houses may be any houses
//! (boxes, jigsaw regions, diagonals as well as lines), not only rows against columns. Take k
//! pairwise disjoint houses as the base and k pairwise disjoint houses as the cover; the base
//! places outside the cover are the fins. Were no fin the symbol, the base's k symbols would
//! lie in the cover and fill it, so the cover would lose the symbol outside the base; were a
//! fin the symbol, every cell seeing it would lose it. So a cover cell outside the base that
//! sees every fin loses the symbol.
//!
//! Franken when one side uses rows (and other houses) and the other columns (and other
//! houses); mutant otherwise. Fish of rows against columns only are `finned_fish`'s, fish
//! without fins `fish`'s. HoDoKu leaves finned Franken jellyfish and every mutant fish out of
//! its default solve and tries finned Franken X-wings and swordfish after the almost locked
//! sets; the search here is costly (every base of up to four houses), so the solver tries it
//! after the forcing chains and nice loops, as it does templates. Grids of up to 128 cells.

use crate::reason::board::Board;
use crate::reason::finder::Finder;
use crate::reason::step::{Candidate, Deduction, Step};
use crate::{CellId, ShapeId, ShapeKind, Symbol};

/// The largest fish looked for.
const MAX_SIZE: usize = 4;

/// No house (in [`Search::index_of`]).
const NONE: u16 = u16::MAX;

/// One house that can take part, with its cells and its places for the symbol as bits.
#[derive(Clone, Copy)]
struct House {
    shape: usize,
    kind: ShapeKind,
    cells: u128,
    places: u128,
}

/// The search state for one symbol and size: house choices in fixed arrays, buffers reused
/// from base to base, so that the inner loops allocate nothing.
struct Search<'a> {
    x: u8,
    k: usize,
    /// The houses that can take part: without the symbol placed, with a place for it.
    houses: &'a [House],
    /// Each house's index in `houses` by its index in `Tables::houses` ([`NONE`]: none).
    index_of: &'a [u16],
    /// For each cell, the indices (into `Tables::houses`) of its houses.
    cell_houses: &'a [Vec<u16>],
    /// Each cell's peers as bits.
    peers: &'a [u128],
    /// The chosen bases (indices into `houses`), increasing.
    base: [usize; MAX_SIZE],
    nb: usize,
    /// The cells of the chosen bases.
    base_cells: u128,
    /// The covers chosen so far on the way to one set of covers, in the order chosen.
    cover: [usize; MAX_SIZE],
    nc: usize,
    /// The cover sets of the current base that make a step, each sorted, with its targets.
    found: &'a mut Vec<([usize; MAX_SIZE], u128)>,
    /// Remembers eliminations already reported, so one elimination set is reported once.
    seen: &'a mut Vec<u128>,
}

/// Finned Franken and mutant fish of sizes 2 to 4 on every symbol, smallest first.
pub(crate) fn find(board: &Board, f: &mut Finder) {
    let g = board.geometry();
    if g.cell_count() > 128 {
        return;
    }
    let t = board.tables();
    let w = t.peer_words;
    let peers: Vec<u128> = (0..g.cell_count())
        .map(|c| {
            let p = &t.peer_bits[c * w..(c + 1) * w];
            p[0] as u128 | p.get(1).map_or(0, |&h| (h as u128) << 64)
        })
        .collect();
    let bits = |cs: &mut dyn Iterator<Item = usize>| cs.fold(0u128, |m, c| m | 1 << c);
    let (mut found, mut seen) = (Vec::new(), Vec::new());
    let mut index_of = vec![NONE; t.houses.len()];
    let mut houses = Vec::with_capacity(t.houses.len());
    for k in 2..=MAX_SIZE {
        for x in 0..g.symbol_count() as u8 {
            let holds = bits(
                &mut (0..g.cell_count())
                    .filter(|&c| board.value(c).is_none() && board.candidates(c).contains(x)),
            );
            houses.clear();
            for (i, &h) in t.houses.iter().enumerate() {
                index_of[i] = NONE;
                if board.has_placed(h, x) {
                    continue;
                }
                let cells = bits(&mut g.shape(h).cells.iter().copied());
                if cells & holds != 0 {
                    index_of[i] = houses.len() as u16;
                    houses.push(House {
                        shape: h,
                        kind: g.shape(h).kind,
                        cells,
                        places: cells & holds,
                    });
                }
            }
            seen.clear();
            let mut s = Search {
                x,
                k,
                houses: &houses,
                index_of: &index_of,
                cell_houses: &t.cell_houses,
                peers: &peers,
                base: [0; MAX_SIZE],
                nb: 0,
                base_cells: 0,
                cover: [0; MAX_SIZE],
                nc: 0,
                found: &mut found,
                seen: &mut seen,
            };
            if !s.bases(f, 0, 0, holds) {
                return;
            }
        }
    }
}

impl Search<'_> {
    /// Chooses base houses from `from` on, pairwise disjoint (`places`: their places), and
    /// reports the steps of each base of k houses; returns false when the finder is full.
    /// `targets`: the cells holding the symbol outside the chosen houses.
    fn bases(&mut self, f: &mut Finder, from: usize, places: u128, targets: u128) -> bool {
        if self.nb == self.k {
            return self.base_steps(f, places, targets);
        }
        for i in from..self.houses.len() {
            let h = self.houses[i];
            if h.cells & self.base_cells != 0 {
                continue;
            }
            self.base[self.nb] = i;
            self.nb += 1;
            self.base_cells |= h.cells;
            let go = self.bases(f, i + 1, places | h.places, targets & !h.cells);
            self.base_cells &= !h.cells;
            self.nb -= 1;
            if !go {
                return false;
            }
        }
        true
    }

    /// The steps of the chosen base (places `places`): its sets of k covers are found by
    /// [`Search::covers`] in any order, then reported in the order of their houses, as a walk
    /// over the houses in order would meet them (so `seen` keeps the same first step of each
    /// elimination set).
    fn base_steps(&mut self, f: &mut Finder, places: u128, cands: u128) -> bool {
        self.found.clear();
        // Bounding the targets first cuts most bases at once, and then the covers search
        // decides the places that cannot be fins first.
        let targets = self.possible_targets(places, cands);
        if targets == 0 {
            return true;
        }
        self.covers(0, places, 0, targets);
        self.found.sort_unstable_by_key(|&(c, _)| c);
        for n in 0..self.found.len() {
            let (cover, targets) = self.found[n];
            if !self.emit(f, &cover[..self.k], places, targets) {
                return false;
            }
        }
        true
    }

    /// The cells of `cands` that some choice of covers could make a target of a base holding
    /// the places `places`. A target sees every fin, so the covers hold it and every base
    /// place it does not see; cells of those that share no house (are not peers) lie in
    /// different covers, so if more than k of them do, no choice of k covers makes the cell a
    /// target. (Cells are taken greedily, lowest first: any such set bounds the covers.)
    fn possible_targets(&self, places: u128, cands: u128) -> u128 {
        let (mut out, mut rest) = (0u128, cands);
        while rest != 0 {
            let z = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let mut need = (places & !self.peers[z]) | 1 << z;
            let mut apart = 0;
            while need != 0 && apart <= self.k {
                need &= !self.peers[need.trailing_zeros() as usize];
                need &= need - 1;
                apart += 1;
            }
            if apart <= self.k {
                out |= 1 << z;
            }
        }
        out
    }

    /// Finds every set of k pairwise disjoint cover houses, none a base, each holding a base
    /// place, that leaves fins (base places outside it) and a cover cell outside the base
    /// seeing every fin. It decides the base places one by one, lowest cell first: each is a
    /// fin or lies in exactly one cover (covers are disjoint), so every cover set is met once,
    /// and a branch stops once no cell can see its fins. `used`: the cells of the covers so
    /// far; `open`: the places not decided yet; `t`: the cells that can still be targets
    /// ([`Search::possible_targets`] of the base, seeing every fin so far).
    fn covers(&mut self, used: u128, open: u128, fins: u128, t: u128) {
        if self.nc == self.k {
            // Every place left is a fin.
            let (mut t, mut rest) = (t & used, open);
            while rest != 0 && t != 0 {
                t &= self.peers[rest.trailing_zeros() as usize];
                rest &= rest - 1;
            }
            if t != 0 && fins | open != 0 {
                let mut c = self.cover;
                c[..self.k].sort_unstable();
                self.found.push((c, t));
            }
            return;
        }
        // Each further cover takes a place still open.
        if !at_least(open, self.k - self.nc) {
            return;
        }
        // An open place seeing no cell that can still be a target cannot be a fin: it is
        // decided first, with no fin branch.
        let (mut seeing, mut rest) = (0u128, t);
        while rest != 0 {
            seeing |= self.peers[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        let forced = open & !seeing;
        let may_fin = forced == 0;
        let p = if may_fin { open } else { forced }.trailing_zeros() as usize;
        let bit = 1u128 << p;
        let tf = t & self.peers[p];
        if may_fin && tf != 0 {
            self.covers(used, open & !bit, fins | bit, tf);
        }
        let cell_houses = self.cell_houses;
        for &h in &cell_houses[p] {
            let i = self.index_of[h as usize];
            if i == NONE {
                continue;
            }
            let i = i as usize;
            let cells = self.houses[i].cells;
            if cells & (used | fins) != 0 || self.base[..self.nb].contains(&i) {
                continue;
            }
            self.cover[self.nc] = i;
            self.nc += 1;
            self.covers(used | cells, open & !cells, fins, t);
            self.nc -= 1;
        }
    }

    /// The step of the chosen base and `cover` (eliminating `targets`), if it is not rows
    /// against columns and removes something not reported yet.
    fn emit(&mut self, f: &mut Finder, cover: &[usize], base: u128, targets: u128) -> bool {
        if self.seen.contains(&targets) {
            return true;
        }
        let kinds = |side: &[usize]| {
            side.iter()
                .map(|&i| self.houses[i].kind)
                .collect::<Vec<_>>()
        };
        let Some(mutant) = classify(&kinds(&self.base[..self.nb]), &kinds(cover)) else {
            return true;
        };
        self.seen.push(targets);
        let cover_cells = cover.iter().fold(0, |m, &i| m | self.houses[i].cells);
        let fins = base & !cover_cells;
        let cells = |m: u128| (0..128).filter(move |&c| m >> c & 1 == 1);
        let ids = |side: &[usize]| {
            let mut v: Vec<ShapeId> = side
                .iter()
                .map(|&i| ShapeId::new(self.houses[i].shape))
                .collect();
            v.sort_unstable();
            v
        };
        let step = Step::eliminating(
            cells(targets).map(|c| Candidate::at(c, self.x)).collect(),
            Deduction::FinnedFrankenFish {
                symbol: Symbol::new(self.x as usize),
                base: ids(&self.base[..self.nb]),
                cover: ids(cover),
                fins: cells(fins).map(CellId::new).collect(),
                mutant,
            },
        );
        f.push(step)
    }
}

/// Whether `m` has at least `n` bits set (n >= 1), without a population count, which
/// x86-64's baseline lacks.
fn at_least(mut m: u128, n: usize) -> bool {
    for _ in 1..n {
        m &= m.wrapping_sub(1);
    }
    m != 0
}

/// Whether a fish of these base and cover kinds is mutant (`Some(true)`), Franken
/// (`Some(false)`) or basic, rows against columns (`None`, `finned_fish`'s): Franken when one
/// side has no columns and the other no rows.
fn classify(base: &[ShapeKind], cover: &[ShapeKind]) -> Option<bool> {
    let only = |side: &[ShapeKind], k: ShapeKind| side.iter().all(|&s| s == k);
    let lacks = |side: &[ShapeKind], k: ShapeKind| side.iter().all(|&s| s != k);
    let (row, col) = (ShapeKind::Row, ShapeKind::Column);
    if (only(base, row) && only(cover, col)) || (only(base, col) && only(cover, row)) {
        return None;
    }
    let franken =
        (lacks(base, col) && lacks(cover, row)) || (lacks(base, row) && lacks(cover, col));
    Some(!franken)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::catalogue::Technique;
    use crate::reason::test_util::*;

    /// The plain search the covers search must match: every base, every set of k covers (each
    /// holding a base place) in house order, a step where a cover cell outside the base sees
    /// every fin, each elimination set once.
    fn walk(board: &Board) -> Vec<Step> {
        let g = board.geometry();
        let t = board.tables();
        let bits = |cs: &mut dyn Iterator<Item = usize>| cs.fold(0u128, |m, c| m | 1 << c);
        let peers: Vec<u128> = (0..g.cell_count())
            .map(|c| bits(&mut g.peers(c).iter().map(|&p| p as usize)))
            .collect();
        let mut out = Vec::new();
        for k in 2..=MAX_SIZE {
            for x in 0..g.symbol_count() as u8 {
                let holds = bits(
                    &mut (0..g.cell_count())
                        .filter(|&c| board.value(c).is_none() && board.candidates(c).contains(x)),
                );
                let houses: Vec<House> = t
                    .houses
                    .iter()
                    .filter(|&&h| !board.has_placed(h, x))
                    .map(|&h| {
                        let cells = bits(&mut g.shape(h).cells.iter().copied());
                        let kind = g.shape(h).kind;
                        let places = cells & holds;
                        House {
                            shape: h,
                            kind,
                            cells,
                            places,
                        }
                    })
                    .filter(|h| h.places != 0)
                    .collect();
                let disjoint = |s: &[usize]| {
                    s.iter().enumerate().all(|(a, &i)| {
                        s[..a]
                            .iter()
                            .all(|&j| houses[i].cells & houses[j].cells == 0)
                    })
                };
                let sets: Vec<Vec<usize>> =
                    combos(houses.len(), k).filter(|s| disjoint(s)).collect();
                let mut seen = Vec::new();
                for base in &sets {
                    let bc = base.iter().fold(0, |m, &i| m | houses[i].cells);
                    let base = &base[..];
                    let bp = bc & holds;
                    for cover in &sets {
                        if cover
                            .iter()
                            .any(|i| base.contains(i) || houses[*i].places & bp == 0)
                        {
                            continue;
                        }
                        let cc = cover.iter().fold(0, |m, &i| m | houses[i].cells);
                        let fins = bp & !cc;
                        let targets = (0..128)
                            .filter(|&f| fins >> f & 1 == 1)
                            .fold(cc & !bc & holds, |m, f| m & peers[f]);
                        let kinds =
                            |s: &[usize]| s.iter().map(|&i| houses[i].kind).collect::<Vec<_>>();
                        if fins == 0 || targets == 0 || seen.contains(&targets) {
                            continue;
                        }
                        let Some(mutant) = classify(&kinds(base), &kinds(cover)) else {
                            continue;
                        };
                        seen.push(targets);
                        let cells = |m: u128| (0..128).filter(move |&c| m >> c & 1 == 1);
                        let ids = |s: &[usize]| {
                            let mut v: Vec<ShapeId> =
                                s.iter().map(|&i| ShapeId::new(houses[i].shape)).collect();
                            v.sort_unstable();
                            v
                        };
                        out.push(Step::eliminating(
                            cells(targets).map(|c| Candidate::at(c, x)).collect(),
                            Deduction::FinnedFrankenFish {
                                symbol: Symbol::new(x as usize),
                                base: ids(base),
                                cover: ids(cover),
                                fins: cells(fins).map(CellId::new).collect(),
                                mutant,
                            },
                        ));
                    }
                }
            }
        }
        out
    }

    /// The sets of k of 0..n, increasing, in lexicographic order.
    fn combos(n: usize, k: usize) -> impl Iterator<Item = Vec<usize>> {
        let mut next = (k <= n).then(|| (0..k).collect::<Vec<usize>>());
        std::iter::from_fn(move || {
            let cur = next.take()?;
            let mut c = cur.clone();
            if let Some(i) = (0..k).rev().find(|&i| c[i] < n - k + i) {
                c[i] += 1;
                for j in i + 1..k {
                    c[j] = c[j - 1] + 1;
                }
                next = Some(c);
            }
            Some(cur)
        })
    }

    /// The covers search and its bounds find what the plain walk finds, in the same order,
    /// along a solve of a hard puzzle (where finned Franken and mutant fish abound).
    #[test]
    fn matches_the_plain_walk() {
        let g = crate::builtin::geometry("classic").unwrap();
        // A hard puzzle of the public benchmarks: its solve needs forcing chains.
        let p = crate::Puzzle::from_line(
            g,
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        )
        .unwrap();
        let mut b = Board::new(&p);
        let (mut positions, mut steps) = (0, 0);
        while let Some(step) = crate::reason::solve::next_step(&b) {
            if positions % 8 == 0 {
                let mut f = Finder::new(100_000);
                find(&b, &mut f);
                let want = walk(&b);
                assert_eq!(format!("{:?}", f.steps), format!("{want:?}"));
                steps += want.len();
            }
            positions += 1;
            b.apply(&step);
        }
        assert!(steps > 20, "{steps}");
    }

    #[test]
    fn finned_franken_x_wing() {
        // Base row 1 and box 9, cover box 1 and column 8: row 1's 7 lies in r1c2 (box 1),
        // r1c8 (column 8) and r1c9, the fin; box 9's in r8c8 and r9c8 (column 8). Column 8's
        // cells outside the base that see the fin, r2c8 and r3c8 (box 3), lose 7.
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        confine(&mut b, "row 1", 7, &[(1, 2), (1, 8), (1, 9)]);
        confine(&mut b, "box 9", 7, &[(8, 8), (9, 8)]);
        let mut f = Finder::new(1000);
        find(&b, &mut f);
        let want = elims(&g, "r2c8<>7 r3c8<>7");
        let s: Vec<&Step> = f
            .steps
            .iter()
            .filter(|s| s.eliminations == want && s.technique() == Technique::FinnedFrankenXWing)
            .collect();
        assert!(!s.is_empty(), "{:?}", f.steps);
        assert!(matches!(
            &s[0].deduction,
            Deduction::FinnedFrankenFish { fins, mutant: false, .. } if *fins == vec![cell_id(&g, 1, 9)]
        ));
    }

    #[test]
    fn kinds() {
        use ShapeKind::{Box, Column, Row};
        assert_eq!(classify(&[Row, Row], &[Column, Column]), None);
        assert_eq!(classify(&[Row, Box], &[Column, Box]), Some(false));
        assert_eq!(classify(&[Row, Column], &[Box, Box]), Some(true));
        assert_eq!(classify(&[Box, Box], &[Row, Column]), Some(true));
    }
}
