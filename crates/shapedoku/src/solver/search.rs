//! Backtracking search and the choice of what to branch on. The candidates are copied onto a
//! preallocated stack at each guess and restored from it on backtracking, so a search node
//! allocates nothing (only a found solution is copied out).

use super::budget::Meter;
use super::count::{Count, Stats};
use super::probe::probe;
use super::propagate::Propagation;
use crate::Grid;
use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// The search's reusable buffers and its branching settings.
#[derive(Debug, Clone)]
pub(super) struct Search {
    /// Candidates of every cell at the current node.
    cur: Vec<u64>,
    /// Scratch candidates for probing.
    scratch: Vec<u64>,
    /// The candidates at each open guess, with the guessed symbol removed (the alternative).
    stack: Vec<u64>,
    /// The cell of each open guess.
    branch_cells: Vec<u32>,
    /// Whether branching may pick a symbol with few places in a house instead of a cell.
    house_branch: bool,
    /// Whether bivalue cells are probed before branching (see [`probe`]).
    probing: bool,
}

impl Search {
    pub(super) fn new(cells: usize, symbols: usize) -> Search {
        Search {
            cur: vec![0; cells],
            scratch: vec![0; cells],
            stack: Vec::new(),
            branch_cells: Vec::new(),
            // On 9x9 the extra scan costs about what it saves; on larger alphabets cells have
            // many candidates and a two-place symbol is the much narrower branch.
            house_branch: symbols > 9,
            // Probing costs a propagation per candidate of every bivalue cell at every node;
            // measured, it pays only on the largest grids (25x25 and up), where singles notice
            // wrong guesses very late.
            probing: symbols > 16,
        }
    }

    /// Propagates, then probes when probing is on; false on a contradiction.
    fn settle(&mut self, engine: &mut Propagation, stats: &mut Stats) -> bool {
        engine.run(&mut self.cur)
            && (!self.probing || probe(engine, &mut self.cur, &mut self.scratch, stats))
    }

    /// Counts solutions up to `limit` from the givens, within the meter's budget; with `rng`,
    /// guesses try values in a random order.
    pub(super) fn run(
        &mut self,
        engine: &mut Propagation,
        givens: &[Option<u8>],
        limit: usize,
        meter: &mut Meter<'_>,
        mut rng: Option<&mut Xoshiro256PlusPlus>,
    ) -> Count {
        let mut stats = Stats::default();
        let mut solutions = Vec::new();
        let mut stopped = None;
        self.stack.clear();
        self.branch_cells.clear();
        stats.nodes += 1;
        let mut ok = engine.load_givens(givens, &mut self.cur) && self.settle(engine, &mut stats);
        let exhausted = loop {
            if ok {
                match self.choose(engine, rng.is_some()) {
                    None => {
                        let grid = self.cur.iter().map(|&x| x.trailing_zeros() as u8).collect();
                        solutions.push(Grid::from_solver(engine.geometry().clone(), grid));
                        if solutions.len() >= limit {
                            break false;
                        }
                    }
                    Some((cell, pick)) => {
                        stopped = meter.before_guess(&stats);
                        if stopped.is_some() {
                            break false;
                        }
                        self.guess(engine, cell, pick, rng.as_deref_mut(), &mut stats);
                        ok = self.settle(engine, &mut stats);
                        continue;
                    }
                }
            }
            if !self.backtrack(engine, &mut stats) {
                break true;
            }
            ok = true;
        };
        Count {
            solutions,
            exhausted,
            stopped,
            stats,
        }
    }

    /// Guesses a symbol for `cell` (`pick`, or when 0 the first candidate or a random one),
    /// keeping the other candidates on the stack as the alternative.
    fn guess(
        &mut self,
        engine: &mut Propagation,
        cell: usize,
        pick: u64,
        rng: Option<&mut Xoshiro256PlusPlus>,
        stats: &mut Stats,
    ) {
        stats.guesses += 1;
        let x = self.cur[cell];
        let bit = match rng {
            _ if pick != 0 => pick,
            None => x & x.wrapping_neg(),
            Some(rng) => {
                let k = rng.random_range(0..x.count_ones());
                nth_bit(x, k)
            }
        };
        let base = self.stack.len();
        self.stack.extend_from_slice(&self.cur);
        self.stack[base + cell] &= !bit;
        self.branch_cells.push(cell as u32);
        self.cur[cell] = bit;
        engine.restart_from(cell as u32, &self.cur);
        stats.nodes += 1;
    }

    /// Returns to the most recent alternative that survives propagation; false when none is
    /// left (the search space is exhausted).
    fn backtrack(&mut self, engine: &mut Propagation, stats: &mut Stats) -> bool {
        let nc = self.cur.len();
        while let Some(cell) = self.branch_cells.pop() {
            let base = self.stack.len() - nc;
            self.cur.copy_from_slice(&self.stack[base..]);
            self.stack.truncate(base);
            engine.restart_from(cell, &self.cur);
            stats.nodes += 1;
            if self.settle(engine, stats) {
                return true;
            }
        }
        false
    }

    /// What to branch on: a cell and the symbol to try first (0: any). The unsolved cell with
    /// fewest candidates, unless it has more than two and some house has a symbol with only
    /// two places left: then a binary branch on that symbol. `None` when every cell is solved.
    fn choose(&self, engine: &Propagation, random: bool) -> Option<(usize, u64)> {
        let cur = &self.cur;
        let (cell, k) = min_cell(cur)?;
        if k == 2 || random || !self.house_branch {
            return Some((cell, 0));
        }
        let hl = engine.all.count_ones() as usize;
        let mut best: Option<(usize, u64)> = None;
        let mut best_k = k;
        for cells in engine.house_cells().chunks_exact(hl) {
            // Bit-sliced counts of each symbol's places: at least 1, 2, 3, 4.
            let (mut c1, mut c2, mut c3, mut c4) = (0u64, 0u64, 0u64, 0u64);
            for &c in cells {
                let x = cur[c as usize];
                c4 |= c3 & x;
                c3 |= c2 & x;
                c2 |= c1 & x;
                c1 |= x;
            }
            let (two, three) = (c2 & !c3, c3 & !c4);
            let (bits, kk) = if two != 0 { (two, 2) } else { (three, 3) };
            if bits != 0 && kk < best_k {
                let bit = bits & bits.wrapping_neg();
                // The first unsolved cell holding it (a solved one would leave it fewer places).
                if let Some(&c) = cells
                    .iter()
                    .find(|&&c| cur[c as usize] & bit != 0 && cur[c as usize] != bit)
                {
                    best = Some((c as usize, bit));
                    best_k = kk;
                    if kk == 2 {
                        break;
                    }
                }
            }
        }
        Some(best.unwrap_or((cell, 0)))
    }
}

/// The unsolved cell with fewest candidates and their number.
fn min_cell(cur: &[u64]) -> Option<(usize, u32)> {
    let mut best = None;
    let mut best_n = u32::MAX;
    for (c, &x) in cur.iter().enumerate() {
        let k = x.count_ones();
        if k > 1 && k < best_n {
            best_n = k;
            best = Some((c, k));
            if k == 2 {
                break;
            }
        }
    }
    best
}

/// The `k`-th lowest set bit of `x`.
fn nth_bit(mut x: u64, k: u32) -> u64 {
    for _ in 0..k {
        x &= x - 1;
    }
    x & x.wrapping_neg()
}
