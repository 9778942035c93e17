//! Fish (X-wing, swordfish, jellyfish) over any houses. Take k pairwise disjoint houses as the
//! base and k pairwise disjoint houses as the cover. Each base house holds the symbol once, so
//! the base holds it k times; if every place for it in the base lies in the cover, and the
//! cover (k disjoint houses) holds it exactly k times, those are all of the cover's, and the
//! symbol goes from the cover's other cells. Nothing here knows about rows or columns: rows and
//! columns give the classic fish, boxes mixed in give the "Franken" ones, and the same code runs
//! on Samurai, jigsaw or 16x16 grids.
//!
//! ```
//! use shapedoku::{builtin, Puzzle, reason::{Board, Finder, fish, Detail}};
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
//! let Detail::Fish { base, cover, .. } = &f.steps[0].detail else { panic!() };
//! assert_eq!((base.len(), cover.len()), (2, 2));
//! assert_eq!(f.steps[0].eliminations.len(), 2 * 7);
//! ```

use super::{Board, Detail, Finder, Step, Technique};

/// Finds fish of sizes 2, 3 and 4, smallest first.
pub fn find(board: &Board, f: &mut Finder) {
    for k in 2..=4 {
        find_size(board, f, k);
        if f.is_full() {
            return;
        }
    }
}

/// Finds fish with `k` base and `k` cover houses.
pub fn find_size(board: &Board, f: &mut Finder, k: usize) {
    let g = board.geometry();
    let t = board.tables();
    let mut cand: Vec<(usize, u64)> = Vec::new();
    let mut s = Search {
        board,
        k,
        base: Vec::new(),
        cells: Vec::new(),
        covers: Vec::new(),
    };
    for v in 0..g.symbol_count() as u8 {
        cand.clear();
        for (i, &h) in t.houses.iter().enumerate() {
            if board.has_placed(h, v) {
                continue;
            }
            let m = board.place_mask(h, v);
            if (2..=k).contains(&(m.count_ones() as usize)) {
                cand.push((i, m));
            }
        }
        if cand.len() < k {
            continue;
        }
        s.covers.clear();
        if !s.bases(f, v, &cand, 0) {
            return;
        }
    }
}

struct Search<'a> {
    board: &'a Board,
    k: usize,
    /// Chosen base house indices (into `Tables::houses`).
    base: Vec<usize>,
    /// The base's places for the symbol.
    cells: Vec<usize>,
    /// Chosen cover house indices.
    covers: Vec<usize>,
}

impl Search<'_> {
    fn disjoint(&self, a: usize, b: usize) -> bool {
        let t = self.board.tables();
        t.disjoint[a * t.houses.len() + b]
    }

    /// Chooses base houses from `cand[from..]`, covering each one's places as it is added so
    /// that a base needing more than k covers is cut at once; returns false when the finder is
    /// full.
    fn bases(&mut self, f: &mut Finder, v: u8, cand: &[(usize, u64)], from: usize) -> bool {
        if self.base.len() == self.k {
            // Fewer than k covers holding k base symbols would be a contradiction: skip.
            return self.covers.len() < self.k || self.emit(f, v);
        }
        for j in from..cand.len() {
            if cand.len() - j < self.k - self.base.len() {
                break;
            }
            let (h, m) = cand[j];
            if self.covers.contains(&h) || self.base.iter().any(|&b| !self.disjoint(b, h)) {
                continue;
            }
            let before = self.cells.len();
            let cells = &self
                .board
                .geometry()
                .shape(self.board.tables().houses[h])
                .cells;
            let mut mm = m;
            while mm != 0 {
                self.cells.push(cells[mm.trailing_zeros() as usize]);
                mm &= mm - 1;
            }
            self.base.push(h);
            let go = self.cover(f, v, cand, j + 1);
            self.base.pop();
            self.cells.truncate(before);
            if !go {
                return false;
            }
        }
        true
    }

    /// Adds cover houses until every base place is covered (at most k of them), then goes on
    /// choosing bases. The first base place not yet covered must lie in one of the cover
    /// houses, so only its houses are tried: each (base, cover) pair is met exactly once.
    fn cover(&mut self, f: &mut Finder, v: u8, cand: &[(usize, u64)], next: usize) -> bool {
        let t = self.board.tables();
        let uncovered = self.cells.iter().copied().find(|&c| {
            !t.cell_houses[c]
                .iter()
                .any(|&h| self.covers.contains(&(h as usize)))
        });
        let Some(c) = uncovered else {
            return self.bases(f, v, cand, next);
        };
        if self.covers.len() == self.k {
            return true;
        }
        for &h in &t.cell_houses[c] {
            let h = h as usize;
            if self.base.contains(&h) || self.covers.iter().any(|&p| !self.disjoint(p, h)) {
                continue;
            }
            self.covers.push(h);
            let go = self.cover(f, v, cand, next);
            self.covers.pop();
            if !go {
                return false;
            }
        }
        true
    }

    fn emit(&mut self, f: &mut Finder, v: u8) -> bool {
        let t = self.board.tables();
        let g = self.board.geometry();
        let mut eliminations = Vec::new();
        for &p in &self.covers {
            for &c in &g.shape(t.houses[p]).cells {
                let in_base = t.cell_houses[c]
                    .iter()
                    .any(|&h| self.base.contains(&(h as usize)));
                if !in_base && self.board.value(c).is_none() && self.board.candidates(c).contains(v)
                {
                    eliminations.push((c, v));
                }
            }
        }
        if eliminations.is_empty() {
            return true;
        }
        eliminations.sort_unstable();
        eliminations.dedup();
        let base = self.base.iter().map(|&b| t.houses[b]).collect();
        let mut cover: Vec<usize> = self.covers.iter().map(|&p| t.houses[p]).collect();
        cover.sort_unstable();
        f.push(Step {
            technique: Technique::Fish,
            placements: vec![],
            eliminations,
            detail: Detail::Fish {
                symbol: v,
                base,
                cover,
            },
        })
    }
}
