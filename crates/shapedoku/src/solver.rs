//! The fast counting solver: candidate bitsets, propagation of naked singles, hidden singles in
//! houses and sum-cage pruning, most-constrained-cell branching, and a preallocated state
//! stack (no allocation per search node).
//!
//! ```
//! use shapedoku::{builtin, Puzzle, Solver, Verdict};
//! let g = builtin::geometry("4x4").unwrap();
//! let p = Puzzle::from_line(g, "1... .... .... ....").unwrap();
//! let count = Solver::new(&p).count(2);
//! assert_eq!(count.verdict(), Verdict::Several);
//! let p = Puzzle::from_line(p.geometry().clone(), "12.. 3... ...2 ..1.").unwrap();
//! let count = Solver::new(&p).count(2);
//! assert_eq!(count.verdict(), Verdict::Unique);
//! assert!(p.verify(&count.solutions[0]).is_ok());
//! ```

use crate::geometry::{Geometry, Rule};
use crate::puzzle::Puzzle;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::Arc;

/// Search statistics.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Propagation rounds run (one per search node).
    pub nodes: u64,
    /// Guesses made (branches taken).
    pub guesses: u64,
}

/// What a count established.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The search proved there is no solution.
    NoSolution,
    /// The search proved there is exactly one solution.
    Unique,
    /// At least two solutions exist.
    Several,
    /// One solution was found and the search stopped (a limit of 1 was asked for).
    AtLeastOne,
    /// The search was stopped by its guess limit before deciding.
    Undecided,
}

/// The result of [`Solver::count`].
#[derive(Debug, Clone)]
pub struct Count {
    /// The solutions found (up to the limit), each a symbol index per cell.
    pub solutions: Vec<Vec<u8>>,
    /// Whether the whole search space was explored (so the count is exact).
    pub exhausted: bool,
    /// Whether the guess limit stopped the search.
    pub aborted: bool,
    /// Search statistics.
    pub stats: Stats,
}

impl Count {
    /// What the count proves.
    pub fn verdict(&self) -> Verdict {
        match (self.solutions.len(), self.exhausted, self.aborted) {
            (0, _, true) | (1, _, true) => Verdict::Undecided,
            (0, _, false) => Verdict::NoSolution,
            (1, true, _) => Verdict::Unique,
            (1, false, _) => Verdict::AtLeastOne,
            _ => Verdict::Several,
        }
    }
}

#[derive(Debug, Clone)]
struct Cage {
    cells: Vec<u32>,
    total: i64,
    /// Every set of distinct symbols that adds up to `total`, when there are few enough.
    combos: Option<Vec<u64>>,
}

/// A solver compiled for one geometry; givens can be changed between searches.
#[derive(Debug, Clone)]
pub struct Solver {
    geometry: Arc<Geometry>,
    n: usize,
    all: u64,
    givens: Vec<Option<u8>>,
    peer_start: Vec<u32>,
    peers: Vec<u32>,
    house_cells: Vec<u32>,
    house_len: usize,
    houses: usize,
    /// Houses with other sizes would need their own length; houses all have N cells.
    cages: Vec<Cage>,
    /// Pairs of houses sharing two or more cells, for locked candidates: each entry is
    /// (start, cells only in A, cells only in B, shared cells) into `pair_cells`, which holds
    /// the A-only cells, then the B-only cells, then the shared ones.
    pairs: Vec<HousePair>,
    /// Per house, whether it had an unsolved cell at the last hidden-single scan.
    house_open: Vec<bool>,
    pair_cells: Vec<u32>,
    /// Whether locked candidates run (they pay on grids with overlapping houses).
    locked: bool,
    /// Whether bivalue cells are probed before branching (see [`Solver::probe`]).
    probing: bool,
    scratch: Vec<u64>,
    /// Whether naked pairs run (two cells of a house with the same two candidates).
    naked_pairs: bool,
    /// Whether branching may pick a symbol with few places in a house instead of a cell.
    house_branch: bool,
    values: Vec<i64>,
    monotonic: bool,
    guess_limit: Option<u64>,
    rng: Option<Xoshiro256PlusPlus>,
    // Reused buffers.
    stack: Vec<u64>,
    branch_cells: Vec<u32>,
    queue: Vec<u32>,
    cur: Vec<u64>,
}

/// Two overlapping houses: (start in `pair_cells`, A-only cells, B-only cells, shared cells,
/// house A, house B).
type HousePair = (u32, u16, u16, u16, u32, u32);

const MAX_COMBOS: usize = 1 << 14;

/// Guesses after which [`Solver::count`] hands a large-alphabet search to the clause-learning
/// back end: easy large puzzles finish well within it, hard ones show it at once. Kept small
/// because each guess there costs milliseconds of probing: at 64 the 36x36 puzzles spent over a
/// second before the hand-over, at 8 they are decided in under 0.2 s.
pub const STALL_GUESSES: u64 = 8;

impl Solver {
    /// Compiles a solver for a puzzle (its geometry and givens).
    pub fn new(puzzle: &Puzzle) -> Self {
        let mut s = Self::for_geometry(puzzle.geometry().clone());
        s.givens = puzzle.givens().to_vec();
        s
    }

    /// Compiles a solver for a geometry with no givens.
    pub fn for_geometry(geometry: Arc<Geometry>) -> Self {
        let g = &geometry;
        let n = g.symbol_count();
        let nc = g.cell_count();
        let mut peer_start = Vec::with_capacity(nc + 1);
        let mut peers = Vec::new();
        for c in 0..nc {
            peer_start.push(peers.len() as u32);
            peers.extend_from_slice(g.peers(c));
        }
        peer_start.push(peers.len() as u32);
        let mut house_cells = Vec::new();
        for &h in g.houses() {
            house_cells.extend(g.shape(h).cells.iter().map(|&c| c as u32));
        }
        let values = g.symbols().values().to_vec();
        let monotonic = values.windows(2).all(|w| w[0] <= w[1]);
        let cages = g
            .shapes()
            .iter()
            .filter_map(|s| match s.rule {
                Rule::Sum { total, distinct } => Some(Cage {
                    cells: s.cells.iter().map(|&c| c as u32).collect(),
                    total,
                    combos: if distinct {
                        combos(&values, s.cells.len(), total)
                    } else {
                        None
                    },
                }),
                Rule::NoRepeat => None,
            })
            .collect();
        let (pairs, pair_cells) = house_pairs(g);
        Solver {
            locked: !pairs.is_empty(),
            house_open: vec![true; g.houses().len()],
            // On 9x9 the extra scan costs about what it saves; on larger alphabets cells have
            // many candidates and a two-place symbol is the much narrower branch.
            house_branch: n > 9,
            // Cells with two candidates are common on large grids; on 9x9 the scan rarely pays.
            naked_pairs: n > 9,
            // Probing costs a propagation per candidate of every bivalue cell at every node;
            // measured, it pays only on the largest grids (25x25 and up), where singles notice
            // wrong guesses very late.
            probing: n > 16,
            scratch: vec![0; nc],
            pairs,
            pair_cells,
            n,
            all: crate::SymbolSet::full(n).0,
            givens: vec![None; nc],
            peer_start,
            peers,
            houses: g.houses().len(),
            house_len: n,
            house_cells,
            cages,
            values,
            monotonic,
            guess_limit: None,
            rng: None,
            stack: Vec::new(),
            branch_cells: Vec::new(),
            queue: Vec::with_capacity(nc * 2),
            cur: vec![0; nc],
            geometry,
        }
    }

    /// The geometry.
    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    /// Replaces the givens (same geometry), so one compiled solver serves many puzzles.
    pub fn set_givens(&mut self, givens: &[Option<u8>]) {
        self.givens.clear();
        self.givens.extend_from_slice(givens);
    }

    /// Stops a search after this many guesses (`None`: no limit). A stopped count is
    /// [`Verdict::Undecided`].
    pub fn set_guess_limit(&mut self, limit: Option<u64>) {
        self.guess_limit = limit;
    }

    /// Counts solutions up to `limit` (at least 1). `count(2)` is the uniqueness test.
    ///
    /// On alphabets over 16 symbols without sum shapes, a search that needs more than
    /// [`STALL_GUESSES`] guesses and has found at most one solution by then is handed to the
    /// clause-learning back end ([`crate::clauses`]),
    /// which decides sparse 25x25 and 36x36 puzzles that plain backtracking cannot; the guess
    /// limit then bounds its conflicts instead. Either way the answer is exact.
    pub fn count(&mut self, limit: usize) -> Count {
        self.rng = None;
        let limit = limit.max(1);
        if self.n <= 16 || self.has_sums() {
            return self.search(limit);
        }
        let asked = self.guess_limit;
        self.guess_limit = Some(asked.map_or(STALL_GUESSES, |l| l.min(STALL_GUESSES)));
        let first = self.search(limit);
        self.guess_limit = asked;
        if !first.aborted || asked.is_some_and(|l| l <= STALL_GUESSES) {
            return first;
        }
        if first.solutions.len() >= 2 {
            // Not stalled: the search is finding solutions (a puzzle with many), which it
            // enumerates far faster than clauses that must forbid each one in turn.
            return self.search(limit);
        }
        crate::clauses::count(self, limit, asked).unwrap_or(first)
    }

    /// Whether the geometry has sum shapes (cages).
    pub fn has_sums(&self) -> bool {
        !self.cages.is_empty()
    }

    /// Places the givens in `cur` (every other cell gets every symbol) and queues them for
    /// propagation; false when two givens contradict at once.
    fn load_givens(&mut self, cur: &mut [u64]) -> bool {
        self.queue.clear();
        cur.fill(self.all);
        for (c, given) in self.givens.iter().enumerate() {
            if let Some(v) = *given {
                let b = 1u64 << v;
                if cur[c] & b == 0 {
                    return false;
                }
                cur[c] = b;
                self.queue.push(c as u32);
            }
        }
        if self.n == 1 {
            self.queue.extend(0..cur.len() as u32);
        }
        true
    }

    /// The candidates after propagating the givens (no guess), or `None` on a contradiction.
    pub(crate) fn root_candidates(&mut self) -> Option<Vec<u64>> {
        let mut cur = vec![0; self.cur.len()];
        (self.load_givens(&mut cur) && self.propagate(&mut cur)).then_some(cur)
    }

    /// One solution, if any.
    pub fn solve(&mut self) -> Option<Vec<u8>> {
        self.count(1).solutions.pop()
    }

    /// A solution chosen at random (guesses try values in a random order), reproducible by seed.
    /// This is how a generator fills a complete grid.
    pub fn random_solution(&mut self, seed: u64) -> Option<Vec<u8>> {
        self.rng = Some(Xoshiro256PlusPlus::seed_from_u64(seed));
        let r = self.search(1);
        self.rng = None;
        r.solutions.into_iter().next()
    }

    fn search(&mut self, limit: usize) -> Count {
        let nc = self.cur.len();
        let mut stats = Stats::default();
        let mut solutions = Vec::new();
        self.stack.clear();
        self.branch_cells.clear();
        let mut cur = std::mem::take(&mut self.cur);
        let mut ok = self.load_givens(&mut cur);
        let mut aborted = false;
        let mut exhausted = false;
        stats.nodes += 1;
        ok = ok && self.propagate(&mut cur) && self.probe(&mut cur, &mut stats);
        'outer: loop {
            if ok {
                match self.choose(&cur) {
                    None => {
                        solutions.push(cur.iter().map(|&x| x.trailing_zeros() as u8).collect());
                        if solutions.len() >= limit {
                            break 'outer;
                        }
                    }
                    Some((cell, pick)) => {
                        if self.guess_limit.is_some_and(|l| stats.guesses >= l) {
                            aborted = true;
                            break 'outer;
                        }
                        stats.guesses += 1;
                        let x = cur[cell];
                        let bit = match &mut self.rng {
                            _ if pick != 0 => pick,
                            None => x & x.wrapping_neg(),
                            Some(rng) => {
                                let k = rng.random_range(0..x.count_ones());
                                nth_bit(x, k)
                            }
                        };
                        let base = self.stack.len();
                        self.stack.extend_from_slice(&cur);
                        self.stack[base + cell] &= !bit;
                        self.branch_cells.push(cell as u32);
                        cur[cell] = bit;
                        self.queue.clear();
                        self.queue.push(cell as u32);
                        stats.nodes += 1;
                        ok = self.propagate(&mut cur) && self.probe(&mut cur, &mut stats);
                        continue;
                    }
                }
            }
            // Backtrack to the most recent alternative.
            loop {
                let Some(cell) = self.branch_cells.pop() else {
                    exhausted = true;
                    break 'outer;
                };
                let base = self.stack.len() - nc;
                cur.copy_from_slice(&self.stack[base..]);
                self.stack.truncate(base);
                let x = cur[cell as usize];
                self.queue.clear();
                if x & (x - 1) == 0 {
                    self.queue.push(cell);
                }
                stats.nodes += 1;
                if self.propagate(&mut cur) && self.probe(&mut cur, &mut stats) {
                    ok = true;
                    break;
                }
            }
        }
        self.cur = cur;
        Count {
            solutions,
            exhausted,
            aborted,
            stats,
        }
    }

    /// Failed-literal probing: tries each candidate of every cell with two candidates on a
    /// scratch copy; a candidate whose propagation fails is removed for real. This detects dead
    /// ends before branching into them, which keeps the search tree small on large grids where
    /// singles alone notice contradictions late. False on a contradiction.
    fn probe(&mut self, cur: &mut [u64], stats: &mut Stats) -> bool {
        if !self.probing {
            return true;
        }
        let mut scratch = std::mem::take(&mut self.scratch);
        let mut ok = true;
        'again: loop {
            for c in 0..cur.len() {
                let x = cur[c];
                if x.count_ones() != 2 {
                    continue;
                }
                for bit in [x & x.wrapping_neg(), x & (x - 1)] {
                    scratch.copy_from_slice(cur);
                    scratch[c] = bit;
                    self.queue.clear();
                    self.queue.push(c as u32);
                    stats.nodes += 1;
                    if !self.propagate(&mut scratch) {
                        // This candidate leads to a contradiction: the other one holds.
                        cur[c] = x & !bit;
                        self.queue.clear();
                        self.queue.push(c as u32);
                        if !self.propagate(cur) {
                            ok = false;
                            break 'again;
                        }
                        continue 'again;
                    }
                }
            }
            break;
        }
        self.queue.clear();
        self.scratch = scratch;
        ok
    }

    /// What to branch on: a cell and the symbol to try first (0: any). The unsolved cell with
    /// fewest candidates, unless it has more than two and some house has a symbol with only
    /// two places left: then a binary branch on that symbol. `None` when every cell is solved.
    fn choose(&self, cur: &[u64]) -> Option<(usize, u64)> {
        let (cell, k) = self.min_cell(cur)?;
        if k == 2 || self.rng.is_some() || !self.house_branch {
            return Some((cell, 0));
        }
        let hl = self.house_len;
        let mut best: Option<(usize, u64)> = None;
        let mut best_k = k;
        for h in 0..self.houses {
            let cells = &self.house_cells[h * hl..(h + 1) * hl];
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
        if let Some(b) = best {
            return Some(b);
        }
        Some((cell, 0))
    }

    /// The unsolved cell with fewest candidates and their number.
    fn min_cell(&self, cur: &[u64]) -> Option<(usize, u32)> {
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

    /// Runs all propagation to a fixed point; false on a contradiction.
    fn propagate(&mut self, cur: &mut [u64]) -> bool {
        let all = self.all;
        loop {
            while let Some(c) = self.queue.pop() {
                let bit = cur[c as usize];
                let (s, e) = (
                    self.peer_start[c as usize] as usize,
                    self.peer_start[c as usize + 1] as usize,
                );
                for &p in &self.peers[s..e] {
                    let x = cur[p as usize];
                    if x & bit != 0 {
                        let y = x ^ bit;
                        if y == 0 {
                            return false;
                        }
                        cur[p as usize] = y;
                        if y & (y - 1) == 0 {
                            self.queue.push(p);
                        }
                    }
                }
            }
            // Hidden singles and missing symbols in houses.
            let hl = self.house_len;
            let mut any_open = false;
            for h in 0..self.houses {
                let cells = &self.house_cells[h * hl..(h + 1) * hl];
                let (mut once, mut twice, mut solved) = (0u64, 0u64, 0u64);
                for &c in cells {
                    let x = cur[c as usize];
                    twice |= once & x;
                    once |= x;
                    if x & (x - 1) == 0 {
                        solved |= x;
                    }
                }
                if once != all {
                    return false;
                }
                self.house_open[h] = solved != all;
                any_open |= solved != all;
                let mut hs = once & !twice & !solved;
                while hs != 0 {
                    let bit = hs & hs.wrapping_neg();
                    hs ^= bit;
                    for &c in cells {
                        if cur[c as usize] & bit != 0 {
                            cur[c as usize] = bit;
                            self.queue.push(c);
                            break;
                        }
                    }
                }
            }
            if !self.queue.is_empty() {
                continue;
            }
            // Pairs and locked candidates only concern houses: nothing to do once all are solved.
            if self.naked_pairs && any_open {
                match self.naked_pairs(cur) {
                    None => return false,
                    Some(true) => continue,
                    Some(false) => {}
                }
            }
            if self.locked && any_open {
                match self.locked_candidates(cur) {
                    None => return false,
                    Some(true) => continue,
                    Some(false) => {}
                }
            }
            if self.cages.is_empty() {
                return true;
            }
            match self.prune_cages(cur) {
                None => return false,
                Some(false) => return true,
                // Narrowed cells may make singles or hidden singles: go round again.
                Some(true) => {}
            }
        }
    }

    /// Naked pairs: when two cells of a house have the same two candidates, no other cell of the
    /// house can hold either. `None` on a contradiction, otherwise whether anything changed.
    fn naked_pairs(&mut self, cur: &mut [u64]) -> Option<bool> {
        let hl = self.house_len;
        let mut changed = false;
        for h in 0..self.houses {
            let cells = &self.house_cells[h * hl..(h + 1) * hl];
            for (i, &a) in cells.iter().enumerate() {
                let m = cur[a as usize];
                if m.count_ones() != 2 {
                    continue;
                }
                let Some(&b) = cells[i + 1..].iter().find(|&&b| cur[b as usize] == m) else {
                    continue;
                };
                for &c in cells {
                    if c != a && c != b {
                        changed |= keep_only(cur, &mut self.queue, c, !m)?;
                    }
                }
            }
        }
        Some(changed)
    }

    /// Locked candidates between two overlapping houses A and B: a symbol that A can only place
    /// in the shared cells is removed from the rest of B, and the other way round. `None` on a
    /// contradiction, otherwise whether anything changed.
    fn locked_candidates(&mut self, cur: &mut [u64]) -> Option<bool> {
        let mut changed = false;
        for &(start, na, nb, ni, ha, hb) in &self.pairs {
            // A solved house has nothing to give or take: its symbols are gone from its peers.
            if !self.house_open[ha as usize] || !self.house_open[hb as usize] {
                continue;
            }
            let start = start as usize;
            let (na, nb, ni) = (na as usize, nb as usize, ni as usize);
            let a = &self.pair_cells[start..start + na];
            let b = &self.pair_cells[start + na..start + na + nb];
            let i = &self.pair_cells[start + na + nb..start + na + nb + ni];
            let (mut ua, mut ub, mut ui) = (0u64, 0u64, 0u64);
            // Candidates of the unsolved shared cells; solved ones are already gone from peers.
            for &c in i {
                let x = cur[c as usize];
                if x & (x - 1) != 0 {
                    ui |= x;
                }
            }
            if ui == 0 {
                continue;
            }
            for &c in a {
                ua |= cur[c as usize];
            }
            for &c in b {
                ub |= cur[c as usize];
            }
            // Symbols A (or B) can place only in the shared cells, less those already solved
            // there (their peers have dropped them anyway).
            let only_a = ui & !ua & ub;
            let only_b = ui & !ub & ua;
            for (cells, remove) in [(b, only_a), (a, only_b)] {
                if remove == 0 {
                    continue;
                }
                for &c in cells {
                    changed |= keep_only(cur, &mut self.queue, c, !remove)?;
                }
            }
        }
        Some(changed)
    }

    /// Narrows cage cells to what their totals allow. `None` on a contradiction, otherwise
    /// whether anything changed.
    fn prune_cages(&mut self, cur: &mut [u64]) -> Option<bool> {
        let mut changed = false;
        for cage in &self.cages {
            let mut union = 0u64;
            let mut must = 0u64;
            for &c in &cage.cells {
                let x = cur[c as usize];
                union |= x;
                if x & (x - 1) == 0 {
                    must |= x;
                }
            }
            let mut allowed = union;
            if let Some(combos) = &cage.combos {
                allowed = 0;
                for &m in combos {
                    if m & !union == 0 && m & must == must {
                        allowed |= m;
                    }
                }
                if allowed == 0 {
                    return None;
                }
            }
            // Bounds: each cell's value must leave the rest of the cage able to reach the total.
            let (mut lo_sum, mut hi_sum) = (0i64, 0i64);
            for &c in &cage.cells {
                let x = cur[c as usize] & allowed;
                if x == 0 {
                    return None;
                }
                let (lo, hi) = self.min_max(x);
                lo_sum += lo;
                hi_sum += hi;
            }
            if cage.total < lo_sum || cage.total > hi_sum {
                return None;
            }
            for &c in &cage.cells {
                let x = cur[c as usize];
                let mut y = x & allowed;
                let (lo, hi) = self.min_max(y);
                let (min_v, max_v) = (cage.total - (hi_sum - hi), cage.total - (lo_sum - lo));
                if lo < min_v || hi > max_v {
                    let mut m = y;
                    while m != 0 {
                        let b = m & m.wrapping_neg();
                        m ^= b;
                        let v = self.values[b.trailing_zeros() as usize];
                        if v < min_v || v > max_v {
                            y &= !b;
                        }
                    }
                }
                changed |= keep_only(cur, &mut self.queue, c, y)?;
            }
        }
        Some(changed)
    }

    #[inline]
    fn min_max(&self, x: u64) -> (i64, i64) {
        if self.monotonic {
            (
                self.values[x.trailing_zeros() as usize],
                self.values[63 - x.leading_zeros() as usize],
            )
        } else {
            let mut m = x;
            let (mut lo, mut hi) = (i64::MAX, i64::MIN);
            while m != 0 {
                let v = self.values[m.trailing_zeros() as usize];
                m &= m - 1;
                lo = lo.min(v);
                hi = hi.max(v);
            }
            (lo, hi)
        }
    }
}

/// Pairs of houses that share at least two cells (and each have cells outside the other), as
/// used by [`Solver::locked_candidates`].
fn house_pairs(g: &Geometry) -> (Vec<HousePair>, Vec<u32>) {
    let nc = g.cell_count();
    let houses = g.houses();
    // Houses of each cell, to find overlapping pairs without comparing every pair.
    let mut of_cell: Vec<Vec<usize>> = vec![Vec::new(); nc];
    for (k, &h) in houses.iter().enumerate() {
        for &c in &g.shape(h).cells {
            of_cell[c].push(k);
        }
    }
    let mut pairs = Vec::new();
    let mut cells = Vec::new();
    let mut in_b = vec![false; nc];
    for (ka, &ha) in houses.iter().enumerate() {
        let mut partners: Vec<usize> = g
            .shape(ha)
            .cells
            .iter()
            .flat_map(|&c| of_cell[c].iter().copied())
            .filter(|&kb| kb > ka)
            .collect();
        partners.sort_unstable();
        // A partner listed twice or more shares at least two cells.
        let mut i = 0;
        while i < partners.len() {
            let kb = partners[i];
            let mut j = i;
            while j < partners.len() && partners[j] == kb {
                j += 1;
            }
            if j - i >= 2 {
                let (a, b) = (&g.shape(ha).cells, &g.shape(houses[kb]).cells);
                for &c in b {
                    in_b[c] = true;
                }
                let a_only: Vec<u32> = a.iter().filter(|&&c| !in_b[c]).map(|&c| c as u32).collect();
                let shared: Vec<u32> = a.iter().filter(|&&c| in_b[c]).map(|&c| c as u32).collect();
                for &c in b {
                    in_b[c] = false;
                }
                let b_only: Vec<u32> = b
                    .iter()
                    .filter(|&&c| !shared.contains(&(c as u32)))
                    .map(|&c| c as u32)
                    .collect();
                if !a_only.is_empty() && !b_only.is_empty() {
                    pairs.push((
                        cells.len() as u32,
                        a_only.len() as u16,
                        b_only.len() as u16,
                        shared.len() as u16,
                        ka as u32,
                        kb as u32,
                    ));
                    cells.extend(a_only);
                    cells.extend(b_only);
                    cells.extend(shared);
                }
            }
            i = j;
        }
    }
    (pairs, cells)
}

/// Narrows cell `c` to the candidates in `keep`, queueing it when it becomes a single.
/// `None` when nothing is left (a contradiction), otherwise whether anything changed.
#[inline(always)]
fn keep_only(cur: &mut [u64], queue: &mut Vec<u32>, c: u32, keep: u64) -> Option<bool> {
    let x = cur[c as usize];
    let y = x & keep;
    if y == x {
        return Some(false);
    }
    if y == 0 {
        return None;
    }
    cur[c as usize] = y;
    if y & (y - 1) == 0 {
        queue.push(c);
    }
    Some(true)
}

fn nth_bit(mut x: u64, k: u32) -> u64 {
    for _ in 0..k {
        x &= x - 1;
    }
    x & x.wrapping_neg()
}

/// Every set of `k` distinct symbols whose values add up to `total`, as masks; `None` when
/// there would be more than [`MAX_COMBOS`] (bounds pruning alone is used then).
fn combos(values: &[i64], k: usize, total: i64) -> Option<Vec<u64>> {
    fn rec(
        values: &[i64],
        start: usize,
        k: usize,
        total: i64,
        mask: u64,
        out: &mut Vec<u64>,
    ) -> bool {
        if k == 0 {
            if total == 0 {
                out.push(mask);
                if out.len() > MAX_COMBOS {
                    return false;
                }
            }
            return true;
        }
        for i in start..values.len() {
            if values.len() - i < k {
                break;
            }
            if !rec(
                values,
                i + 1,
                k - 1,
                total - values[i],
                mask | (1u64 << i),
                out,
            ) {
                return false;
            }
        }
        true
    }
    if k > values.len() || k > 12 && values.len() > 24 {
        return None;
    }
    let mut out = Vec::new();
    rec(values, 0, k, total, 0, &mut out).then_some(out)
}

/// Counts solutions of a puzzle up to `limit`.
pub fn count(puzzle: &Puzzle, limit: usize) -> Count {
    Solver::new(puzzle).count(limit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GeometryBuilder, GridSpec, Pos, Symbols};

    fn grid(n: u32, boxes: Option<(u32, u32)>) -> Arc<Geometry> {
        let syms = Symbols::new("123456789ABCDEFG".chars().take(n as usize)).unwrap();
        let mut b = GeometryBuilder::new("t", syms);
        let mut spec = GridSpec::square(Pos::new(1, 1), n);
        if let Some((h, w)) = boxes {
            spec = spec.with_boxes(h, w);
        }
        b.grid(spec);
        Arc::new(b.build().unwrap())
    }

    #[test]
    fn clashing_givens_have_no_solution() {
        let g = grid(4, Some((2, 2)));
        let p = Puzzle::from_line(g, "11.. .... .... ....").unwrap();
        let c = Solver::new(&p).count(2);
        assert_eq!(c.verdict(), Verdict::NoSolution);
        assert!(c.exhausted && c.solutions.is_empty());
    }

    #[test]
    fn one_symbol_alphabet() {
        let g = grid(1, None);
        let c = Solver::new(&Puzzle::empty(g.clone())).count(2);
        assert_eq!(c.verdict(), Verdict::Unique);
        assert_eq!(c.solutions, vec![vec![0]]);
        let p = Puzzle::new(g, vec![Some(0)]).unwrap();
        assert_eq!(Solver::new(&p).count(2).verdict(), Verdict::Unique);
    }

    #[test]
    fn guess_limit_stops_the_search() {
        let g = grid(9, Some((3, 3)));
        let mut s = Solver::for_geometry(g);
        s.set_guess_limit(Some(0));
        let c = s.count(2);
        assert_eq!(c.verdict(), Verdict::Undecided);
        assert!(c.aborted && !c.exhausted);
        s.set_guess_limit(None);
        assert_eq!(s.count(2).verdict(), Verdict::Several);
    }

    #[test]
    fn set_givens_reuses_the_solver() {
        let g = grid(4, Some((2, 2)));
        let mut s = Solver::for_geometry(g.clone());
        let unique = Puzzle::from_line(g.clone(), "12.. 3... ...2 ..1.").unwrap();
        let clash = Puzzle::from_line(g.clone(), "1..1 .... .... ....").unwrap();
        for _ in 0..3 {
            s.set_givens(unique.givens());
            let c = s.count(2);
            assert_eq!(c.verdict(), Verdict::Unique);
            assert!(unique.verify(&c.solutions[0]).is_ok());
            s.set_givens(clash.givens());
            assert_eq!(s.count(2).verdict(), Verdict::NoSolution);
            s.set_givens(&[None; 16]);
            assert_eq!(s.count(3).solutions.len(), 3);
        }
        // The empty 4x4 has 288 solutions; counting them all exhausts the search.
        let all = s.count(1000);
        assert_eq!(all.solutions.len(), 288);
        assert!(all.exhausted);
    }

    #[test]
    fn sum_cages_and_locked_candidates_agree_with_the_reference() {
        // A 6x6 with one cage per row pair: propagation of every kind runs here.
        let g = grid(6, Some((2, 3)));
        let planted = Solver::for_geometry(g.clone()).random_solution(7).unwrap();
        let syms = g.symbols().clone();
        let mut b = GeometryBuilder::new("k", syms);
        b.grid(GridSpec::square(Pos::new(1, 1), 6).with_boxes(2, 3));
        for r in 0..6u32 {
            let cells: Vec<Pos> = (1..=2).map(|c| Pos::new(r + 1, c)).collect();
            let total = (0..2)
                .map(|c| planted[(r * 6 + c) as usize] as i64 + 1)
                .sum();
            b.shape(
                "cage",
                crate::ShapeKind::Cage,
                cells,
                Rule::Sum {
                    total,
                    distinct: true,
                },
            );
        }
        let k = Arc::new(b.build().unwrap());
        let mut givens: Vec<Option<u8>> = planted.iter().map(|&v| Some(v)).collect();
        for c in (0..36).step_by(2) {
            givens[c] = None;
        }
        let p = Puzzle::new(k, givens).unwrap();
        let fast = Solver::new(&p).count(3);
        let slow = crate::oracle::solutions(&p, 3);
        assert_eq!(fast.solutions.len(), slow.len());
        assert!(fast.solutions.contains(&planted));
    }

    #[test]
    fn combos_lists_every_distinct_set() {
        let values: Vec<i64> = (1..=9).collect();
        // 3 cells summing to 7: only {1,2,4}.
        assert_eq!(combos(&values, 3, 7), Some(vec![0b1011]));
        assert_eq!(combos(&values, 2, 17), Some(vec![0b1_1000_0000]));
        assert_eq!(combos(&values, 2, 18), Some(vec![]));
    }
}
