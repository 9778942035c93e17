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

use super::{Board, Candidate, Deduction, Finder, Step};
use crate::{CellId, ShapeId, ShapeKind, Symbol};

/// The largest fish looked for.
const MAX_SIZE: usize = 4;

/// One house that can take part, with its cells and its places for the symbol as bits.
#[derive(Clone, Copy)]
struct House {
    shape: usize,
    kind: ShapeKind,
    cells: u128,
    places: u128,
}

/// The search state for one symbol and size.
struct Search<'a> {
    x: u8,
    k: usize,
    houses: &'a [House],
    /// Bits of the cells holding the symbol.
    holds: u128,
    /// Each cell's peers as bits.
    peers: &'a [u128],
    base: Vec<usize>,
    cover: Vec<usize>,
    /// Remembers eliminations already reported, so one elimination set is reported once.
    seen: Vec<u128>,
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
                    House {
                        shape: h,
                        kind: g.shape(h).kind,
                        cells,
                        places: cells & holds,
                    }
                })
                .filter(|h| h.places != 0)
                .collect();
            let mut s = Search {
                x,
                k,
                houses: &houses,
                holds,
                peers: &peers,
                base: Vec::new(),
                cover: Vec::new(),
                seen: Vec::new(),
            };
            if !s.bases(f, 0, 0, 0) {
                return;
            }
        }
    }
}

impl Search<'_> {
    /// Chooses base houses from `from` on, pairwise disjoint (`used`: their cells, `places`:
    /// their places); returns false when the finder is full.
    fn bases(&mut self, f: &mut Finder, from: usize, used: u128, places: u128) -> bool {
        if self.base.len() == self.k {
            return self.covers(f, 0, 0, places, 0);
        }
        for i in from..self.houses.len() {
            let h = self.houses[i];
            if h.cells & used != 0 {
                continue;
            }
            self.base.push(i);
            let go = self.bases(f, i + 1, used | h.cells, places | h.places);
            self.base.pop();
            if !go {
                return false;
            }
        }
        true
    }

    /// Chooses cover houses from `from` on, pairwise disjoint, not in the base, each holding a
    /// base place not yet covered; at k covers, reports the fish if a cover cell outside the
    /// base sees every fin.
    fn covers(&mut self, f: &mut Finder, from: usize, used: u128, base: u128, done: u128) -> bool {
        if self.cover.len() == self.k {
            return self.emit(f, used, base, done);
        }
        for i in from..self.houses.len() {
            let h = self.houses[i];
            if h.cells & used != 0 || self.base.contains(&i) || h.places & base & !done == 0 {
                continue;
            }
            self.cover.push(i);
            let go = self.covers(f, i + 1, used | h.cells, base, done | (h.places & base));
            self.cover.pop();
            if !go {
                return false;
            }
        }
        true
    }

    /// The step of the chosen base and cover, if it has fins, is not rows against columns, and
    /// removes something not reported yet.
    fn emit(&mut self, f: &mut Finder, cover: u128, base: u128, done: u128) -> bool {
        let fins = base & !done;
        if fins == 0 {
            return true;
        }
        let base_cells = self.base.iter().fold(0, |m, &i| m | self.houses[i].cells);
        let mut targets = cover & !base_cells & self.holds;
        let mut rest = fins;
        while rest != 0 && targets != 0 {
            let c = rest.trailing_zeros() as usize;
            targets &= self.peers[c];
            rest &= rest - 1;
        }
        if targets == 0 || self.seen.contains(&targets) {
            return true;
        }
        let kinds = |side: &[usize]| {
            side.iter()
                .map(|&i| self.houses[i].kind)
                .collect::<Vec<_>>()
        };
        let Some(mutant) = classify(&kinds(&self.base), &kinds(&self.cover)) else {
            return true;
        };
        self.seen.push(targets);
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
                base: ids(&self.base),
                cover: ids(&self.cover),
                fins: cells(fins).map(CellId::new).collect(),
                mutant,
            },
        );
        f.push(step)
    }
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
    use crate::reason::Technique;
    use crate::reason::test_util::*;

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
