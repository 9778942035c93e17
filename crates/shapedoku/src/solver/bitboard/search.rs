//! Backtracking over a [`Board`]: branch on a cell with fewest candidates (a bivalue cell when
//! there is one), trying its lowest symbol first; the alternative (the cell without it) is a
//! copy of the board kept on a stack that is allocated once, so a search node allocates
//! nothing (only a found solution is copied out).

use super::board::{Bits, Board, Masks, for_each_cell, word_bit};
use crate::solver::budget::Meter;
use crate::solver::count::{Count, Stats};
use crate::{Geometry, Grid};
use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::Arc;

/// The most candidate counts the branching tells apart; cells with more count as this many.
const LEVELS: usize = 8;

/// A search's reusable buffers.
#[derive(Debug, Clone)]
pub(super) struct Search<const W: usize> {
    board: Board<W>,
    /// The places of every open alternative, outermost first (`symbols + 1` sets each).
    stack: Vec<Bits<W>>,
    /// The open houses of every open alternative (`symbols` each).
    stack_houses: Vec<u64>,
    /// The cell and symbol each open alternative took out: its only change.
    removed: Vec<(u32, u32)>,
    /// Whether the last load placed every given.
    pub(super) loaded: bool,
    /// Scratch of the load, per symbol: its given cells.
    given_cells: Vec<Bits<W>>,
    /// Scratch of the load, per symbol: the peers of its given cells.
    given_peers: Vec<Bits<W>>,
}

impl<const W: usize> Search<W> {
    pub(super) fn new(m: &Masks<W>) -> Search<W> {
        // A guess places a cell, so there are never more open guesses than cells.
        let depth = m.cells + 1;
        Search {
            board: Board::new(m),
            stack: Vec::with_capacity(depth * (m.symbols + 1)),
            stack_houses: Vec::with_capacity(depth * m.symbols),
            removed: Vec::with_capacity(depth),
            loaded: false,
            given_cells: vec![[0; W]; m.symbols],
            given_peers: vec![[0; W]; m.symbols],
        }
    }

    /// Places the givens on a fresh board; false when two clash or one is not a symbol.
    ///
    /// All at once rather than one [`Board::place`] each: a symbol's places are every cell
    /// but its givens' peers and the other givens, and the pass that follows looks at every
    /// house of every symbol anyway, so the per-placement bookkeeping (which symbols and
    /// houses changed) would be thrown away. Same board as placing them one by one; on lines
    /// decided at the root, these placements were a tenth of the kernel's instructions.
    fn load(&mut self, m: &Masks<W>, givens: &[Option<u8>]) -> bool {
        let n = m.symbols;
        let board = &mut self.board;
        board.reset(m);
        // Per symbol, its given cells (`mine`) and their peers (`banned`).
        let (mine, banned) = (&mut self.given_cells, &mut self.given_peers);
        mine.fill([0; W]);
        banned.fill([0; W]);
        let mut given = [0u64; W];
        for (c, g) in givens.iter().enumerate() {
            if let Some(s) = *g {
                let s = s as usize;
                if s >= n {
                    return false;
                }
                let (w, b) = word_bit(c);
                mine[s][w] |= b;
                given[w] |= b;
                let peers = &m.peers[c];
                for i in 0..W {
                    banned[s][i] |= peers[i];
                }
                board.open_houses[s] &= !m.cell_houses[c];
            }
        }
        let mut clash = 0;
        for s in 0..n {
            for i in 0..W {
                // Peers are symmetric: a given on a peer of its own symbol is a clash.
                clash |= mine[s][i] & banned[s][i];
                board.places[s][i] = m.all_cells[i] & !banned[s][i] & !given[i] | mine[s][i];
            }
        }
        for i in 0..W {
            board.places[n][i] = m.all_cells[i] & !given[i];
        }
        clash == 0
    }

    /// Counts solutions up to `limit` from the givens, within the meter's budget. With `rng`,
    /// finds one solution at random as the generic engine does (see [`Search::choose_random`]).
    pub(super) fn run(
        &mut self,
        m: &Masks<W>,
        geometry: &Arc<Geometry>,
        givens: &[Option<u8>],
        limit: usize,
        meter: &mut Meter<'_>,
        mut rng: Option<&mut Xoshiro256PlusPlus>,
    ) -> Count {
        let mut stats = Stats::default();
        let mut solutions = Vec::new();
        let mut stopped = None;
        self.stack.clear();
        self.stack_houses.clear();
        self.removed.clear();
        stats.nodes += 1;
        // Counting: locked candidates at the root only; there they decide most easy puzzles
        // without a guess, at every node they cost more than the guesses they save on hard
        // ones. A random solution has them at every node, as the generic engine does.
        let every_node = rng.is_some();
        self.loaded = self.load(m, givens);
        let mut ok = self.loaded && self.board.settle_locked(m);
        let exhausted = loop {
            if ok {
                let pick = match rng.as_deref_mut() {
                    None => self.choose(m),
                    Some(rng) => self.choose_random(m, rng),
                };
                match pick {
                    None => {
                        solutions.push(Grid::from_solver(geometry.clone(), self.grid(m)));
                        if solutions.len() >= limit {
                            break false;
                        }
                    }
                    Some((c, s)) => {
                        stopped = meter.before_guess(&stats);
                        if stopped.is_some() {
                            break false;
                        }
                        stats.guesses += 1;
                        stats.nodes += 1;
                        self.push_alternative(c, s);
                        self.board.place(m, c, s);
                        ok = self.board.settle_with(m, every_node);
                        continue;
                    }
                }
            }
            let Some((c, s)) = self.removed.pop() else {
                break true;
            };
            self.pop_alternative(m, c as usize, s as usize);
            stats.nodes += 1;
            ok = self.board.settle_with(m, every_node);
        };
        Count {
            solutions,
            exhausted,
            stopped,
            stats,
        }
    }

    /// Keeps the board with `s` taken out of `c`, to try when placing it there fails.
    fn push_alternative(&mut self, c: usize, s: usize) {
        let base = self.stack.len();
        self.stack.extend_from_slice(&self.board.places);
        let (w, b) = word_bit(c);
        self.stack[base + s][w] &= !b;
        self.stack_houses.extend_from_slice(&self.board.open_houses);
        self.removed.push((c as u32, s as u32));
    }

    /// Returns to the innermost alternative, which took `s` out of `c`.
    fn pop_alternative(&mut self, m: &Masks<W>, c: usize, s: usize) {
        let base = self.stack.len() - (m.symbols + 1);
        self.board.places.copy_from_slice(&self.stack[base..]);
        self.stack.truncate(base);
        let base = self.stack_houses.len() - m.symbols;
        self.board
            .open_houses
            .copy_from_slice(&self.stack_houses[base..]);
        self.stack_houses.truncate(base);
        self.board.taken_out(m, c, s);
    }

    /// The solved board as a symbol per cell.
    fn grid(&self, m: &Masks<W>) -> Vec<u8> {
        let mut g = vec![0u8; m.cells];
        for (s, set) in self.board.places[..m.symbols].iter().enumerate() {
            for_each_cell(set, |c| g[c] = s as u8);
        }
        g
    }

    /// What to branch on: an unplaced cell with fewest candidates and its lowest symbol;
    /// `None` when every cell is placed.
    fn choose(&self, m: &Masks<W>) -> Option<(usize, usize)> {
        let open = self.board.open();
        if open.iter().all(|&w| w == 0) {
            return None;
        }
        // Most nodes have a bivalue cell: three bit-sliced counters find one.
        let c = match first(&self.at_least::<3>(m)) {
            Some(c) => c,
            None => self.fewest::<{ LEVELS + 1 }>(m),
        };
        Some((c, self.board.first_symbol(m, c)?))
    }

    /// `at_least[k]`: the unplaced cells with at least `k + 1` candidates, for `k` up to `L`;
    /// the last entry also has the cells with exactly `L` (`at_least[L-2] & !at_least[L-1]`).
    /// For `L = 3` the first set is the bivalue cells.
    #[inline(always)]
    fn at_least<const L: usize>(&self, m: &Masks<W>) -> Bits<W> {
        let open = self.board.open();
        let mut ge = [[0u64; W]; L];
        for set in &self.board.places[..m.symbols] {
            for k in (0..L).rev() {
                for i in 0..W {
                    let below = if k == 0 { open[i] } else { ge[k - 1][i] };
                    ge[k][i] |= below & set[i];
                }
            }
        }
        std::array::from_fn(|i| ge[L - 2][i] & !ge[L - 1][i])
    }

    /// What a random solution branches on, the generic engine's choice exactly: the first
    /// unplaced cell with fewest candidates, and its `k`-th candidate for `k` drawn from `rng`
    /// below their number. With the same fixed point after every node (singles and locked
    /// candidates on the same houses and pairs) and these choices, the search tree and so
    /// the solution found are the generic engine's, seed for seed; it is only used where that
    /// holds (see `Solver::kernel_fills`). `None` when every cell is placed.
    fn choose_random(&self, m: &Masks<W>, rng: &mut Xoshiro256PlusPlus) -> Option<(usize, usize)> {
        if self.board.open().iter().all(|&w| w == 0) {
            return None;
        }
        // Exact counts up to the alphabet: cells with 8 and 9 candidates must differ.
        let c = match first(&self.at_least::<3>(m)) {
            Some(c) => c,
            None if m.symbols <= 9 => self.fewest::<10>(m),
            None => self.fewest::<{ LEVELS + 1 }>(m),
        };
        let mut cands = 0u64;
        for s in 0..m.symbols {
            cands |= (self.board.has(s, c) as u64) << s;
        }
        let mut x = cands;
        for _ in 0..rng.random_range(0..cands.count_ones()) {
            x &= x - 1;
        }
        Some((c, x.trailing_zeros() as usize))
    }

    /// The first unplaced cell with fewest candidates, counting up to `N - 1` (cells with
    /// more count as that many).
    fn fewest<const N: usize>(&self, m: &Masks<W>) -> usize {
        let open = self.board.open();
        // `ge[k]`: the unplaced cells with at least `k` candidates.
        let mut ge = [[0u64; W]; N];
        ge[0] = *open;
        for set in &self.board.places[..m.symbols] {
            for k in (1..N).rev() {
                for i in 0..W {
                    ge[k][i] |= ge[k - 1][i] & set[i];
                }
            }
        }
        for k in 3..N - 1 {
            let exact: Bits<W> = std::array::from_fn(|i| ge[k][i] & !ge[k + 1][i]);
            if let Some(c) = first(&exact) {
                return c;
            }
        }
        first(&ge[N - 1]).or_else(|| first(open)).unwrap_or(0)
    }
}

/// The lowest cell of a set.
#[inline(always)]
fn first<const W: usize>(bits: &Bits<W>) -> Option<usize> {
    let i = bits.iter().position(|&w| w != 0)?;
    Some(i * 64 + bits[i].trailing_zeros() as usize)
}

#[cfg(test)]
impl<const W: usize> Search<W> {
    /// The board [`Search::load`] makes from `givens`, or `None` when it refuses them.
    pub(super) fn load_for_test(
        &mut self,
        m: &Masks<W>,
        givens: &[Option<u8>],
    ) -> Option<&Board<W>> {
        self.load(m, givens).then_some(&self.board)
    }
}
