//! Backtracking search and the choice of what to branch on. An open guess keeps a copy of
//! every cell's candidates while the copies fit in [`SNAPSHOT_WORDS`] (always on a 9x9: a copy
//! is the cheapest restore); deeper guesses keep a trail of the changes made since them
//! instead, so the memory of a search stays linear in the cells (a copy per open guess would be
//! cells times depth: 2 GB on a blank 128x128). A search node allocates nothing once the
//! buffers have grown (only a found solution is copied out).
//!
//! On geometries with rules beyond houses and peers, branching is conflict-weighted (dom/wdeg:
//! the cell with the most weight per candidate, a cell's weight growing with every conflict
//! blamed on a shape or rule naming it). A count does not restart: without learnt clauses a
//! restart only redoes work, and restarts on a Luby schedule (tried until the first solution)
//! took 2 to 4 times the guesses on little killers and sum lines and twice the time on the real
//! corpus; measured in docs/performance.md.

use super::budget::Meter;
use super::count::{Count, Stats};
use super::probe::probe;
use super::propagate::Propagation;
use super::propagator::Conflict;
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
    /// Copies of the candidates at the open guesses that keep one, with the guessed symbol
    /// removed (the alternative), outermost first.
    stack: Vec<u64>,
    /// The candidates before the current guess or alternative, to find what it changed.
    before: Vec<u64>,
    /// Every change since the first open guess, oldest first: a cell and its candidates
    /// before the change. Each open guess without a copy owns the changes from its `mark` on.
    trail: Vec<(u32, u64)>,
    /// The open guesses, innermost last.
    branches: Vec<Branch>,
    /// Whether branching may pick a symbol with few places in a house instead of a cell.
    house_branch: bool,
    /// Whether bivalue cells are probed before branching (see [`probe`]).
    probing: bool,
    /// The most words of copies on `stack` ([`SNAPSHOT_WORDS`]; tests lower it).
    snapshot_words: usize,
    /// Whether this count branches on conflict weights (see [`Search::run`]).
    weighted: bool,
    /// Per cell, its degree (the shapes and rules naming it) plus one for every conflict
    /// blamed on a shape or rule naming it since the count started: dom/wdeg with the
    /// constraints' weights summed onto their cells when they grow, so choosing reads one
    /// number per cell.
    weights: Vec<u32>,
    /// Guesses on a symbol's two places in a house taken by the last count (tests read it).
    pub(super) place_guesses: u64,
}

/// The most words of candidate copies the open guesses keep (8 MB); past it, guesses keep a
/// trail of changes. A 9x9 needs at most 81 copies of 81 words.
const SNAPSHOT_WORDS: usize = 1 << 20;

/// One open guess: what was guessed and how to return to it.
#[derive(Debug, Clone, Copy)]
struct Branch {
    cell: u32,
    /// The guessed symbol (one bit); the alternative is the cell without it.
    bit: u64,
    /// Where its changes start on the trail.
    mark: usize,
    /// Whether it keeps a copy on `stack` (its changes are then not on the trail).
    copied: bool,
}

impl Search {
    pub(super) fn new(cells: usize, symbols: usize) -> Search {
        Search {
            cur: vec![0; cells],
            scratch: vec![0; cells],
            stack: Vec::new(),
            before: vec![0; cells],
            trail: Vec::new(),
            branches: Vec::new(),
            // On 9x9 the extra scan costs about what it saves; on larger alphabets cells have
            // many candidates and a two-place symbol is the much narrower branch.
            house_branch: symbols > 9,
            // Probing costs a propagation per candidate of every bivalue cell at every node;
            // measured, it pays only on the largest grids (25x25 and up), where singles notice
            // wrong guesses very late.
            probing: symbols > 16,
            snapshot_words: SNAPSHOT_WORDS,
            weighted: false,
            weights: vec![0; cells],
            place_guesses: 0,
        }
    }

    /// Sets every cell's weight to its degree: the shapes and the rules naming it.
    fn reset_weights(&mut self, engine: &Propagation) {
        let g = engine.geometry();
        let nc = g.cell_count();
        for (c, w) in self.weights.iter_mut().enumerate() {
            *w = if c < nc {
                g.shapes_of(c).len() as u32
            } else {
                0
            };
        }
        let mut i = 0;
        while i < engine.rule_count() {
            for &c in engine.scope(i as u32) {
                self.weights[c as usize] += 1;
            }
            i += 1;
        }
    }

    /// A propagation after a guess on `cell` (or the alternative left) failed: the shape or
    /// rule that found the contradiction gains a weight, added to each of its cells. A rule
    /// over the whole grid names no cells, so the guessed cell takes the blame.
    fn blame(&mut self, engine: &Propagation, cell: u32) {
        if !self.weighted {
            return;
        }
        let w = &mut self.weights;
        match engine.conflict {
            Conflict::Peers(a, b) => {
                w[a as usize] = w[a as usize].saturating_add(1);
                w[b as usize] = w[b as usize].saturating_add(1);
            }
            Conflict::House(h) => {
                let hl = engine.all.count_ones() as usize;
                let at = h as usize * hl;
                for &c in &engine.house_cells()[at..at + hl] {
                    w[c as usize] = w[c as usize].saturating_add(1);
                }
            }
            Conflict::Rule(i) => {
                let scope = engine.scope(i);
                if scope.is_empty() {
                    w[cell as usize] = w[cell as usize].saturating_add(1);
                }
                for &c in scope {
                    w[c as usize] = w[c as usize].saturating_add(1);
                }
            }
        }
    }

    /// Propagates, then probes when probing is on; false on a contradiction.
    fn settle(&mut self, engine: &mut Propagation, stats: &mut Stats) -> bool {
        engine.run(&mut self.cur)
            && (!self.probing || probe(engine, &mut self.cur, &mut self.scratch, stats))
    }

    /// Whether the innermost open guess keeps its changes on the trail.
    fn trailing(&self) -> bool {
        self.branches.last().is_some_and(|b| !b.copied)
    }

    /// [`Search::settle`] after a guess or an alternative, with every cell it changed since
    /// `before` put on the trail when the innermost open guess keeps one.
    fn settle_on_trail(&mut self, engine: &mut Propagation, stats: &mut Stats) -> bool {
        let ok = self.settle(engine, stats);
        if self.trailing() {
            // One pass over the cells, as the copy it replaces was; only changes are kept.
            for (c, (&now, &was)) in self.cur.iter().zip(&self.before).enumerate() {
                if now != was {
                    self.trail.push((c as u32, was));
                }
            }
        }
        ok
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
        self.trail.clear();
        self.stack.clear();
        self.branches.clear();
        self.place_guesses = 0;
        // Conflict weights pay where rules beyond houses make the conflicts
        // (see docs/performance.md); houses alone keep the plain order, as do random fills
        // (their order is the seed's).
        self.weighted = rng.is_none() && !engine.only_no_repeat();
        if self.weighted {
            self.reset_weights(engine);
        }
        stats.nodes += 1;
        let mut ok = engine.load_givens(givens, &mut self.cur) && self.settle(engine, &mut stats);
        let exhausted = loop {
            if ok {
                match self.choose(engine, rng.is_some()) {
                    None => {
                        let nc = engine.geometry().cell_count();
                        let grid = self.cur[..nc]
                            .iter()
                            .map(|&x| x.trailing_zeros() as u8)
                            .collect();
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
                        self.place_guesses += u64::from(pick != 0);
                        self.guess(engine, cell, pick, rng.as_deref_mut(), &mut stats);
                        ok = self.settle_on_trail(engine, &mut stats);
                        if !ok {
                            self.blame(engine, cell as u32);
                        }
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
    /// opening a branch whose alternative is the other candidates.
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
        let nc = self.cur.len();
        let copied = self.stack.len() + nc <= self.snapshot_words;
        if copied {
            let base = self.stack.len();
            self.stack.extend_from_slice(&self.cur);
            self.stack[base + cell] &= !bit;
        } else {
            self.before.copy_from_slice(&self.cur);
        }
        self.branches.push(Branch {
            cell: cell as u32,
            bit,
            mark: self.trail.len(),
            copied,
        });
        self.cur[cell] = bit;
        engine.restart_from(cell as u32, &self.cur);
        stats.nodes += 1;
    }

    /// Returns to the most recent alternative that survives propagation; false when none is
    /// left (the search space is exhausted).
    fn backtrack(&mut self, engine: &mut Propagation, stats: &mut Stats) -> bool {
        let nc = self.cur.len();
        while let Some(b) = self.branches.pop() {
            if b.copied {
                let base = self.stack.len() - nc;
                self.cur.copy_from_slice(&self.stack[base..]);
                self.stack.truncate(base);
            } else {
                // Newest first, so a cell changed twice ends with its oldest value.
                for &(c, was) in self.trail[b.mark..].iter().rev() {
                    self.cur[c as usize] = was;
                }
                self.trail.truncate(b.mark);
                if self.trailing() {
                    self.before.copy_from_slice(&self.cur);
                }
                self.cur[b.cell as usize] &= !b.bit;
            }
            engine.restart_from(b.cell, &self.cur);
            stats.nodes += 1;
            if self.settle_on_trail(engine, stats) {
                return true;
            }
            self.blame(engine, b.cell);
        }
        false
    }

    /// What to branch on: a cell and the symbol to try first (0: any). The unsolved cell with
    /// fewest candidates, unless it has more than two and some house has a symbol with only
    /// two places left: then a binary branch on that symbol. `None` when every cell is solved.
    fn choose(&self, engine: &Propagation, random: bool) -> Option<(usize, u64)> {
        let cur = &self.cur;
        let (cell, k) = if self.weighted {
            weighted_cell(cur, &self.weights)?
        } else {
            min_cell(cur)?
        };
        if self.weighted && engine.place_branching && k > 2 {
            return Some(weighted_place(engine, cur, &self.weights, cell, k).unwrap_or((cell, 0)));
        }
        if k == 2 || random || !self.house_branch {
            return Some((cell, 0));
        }
        let hl = engine.all.count_ones() as usize;
        let mut best: Option<(usize, u64)> = None;
        let mut best_k = k;
        for cells in engine.house_cells().chunks_exact(hl) {
            let (two, three) = two_and_three_places(cells, cur);
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
pub(super) fn min_cell(cur: &[u64]) -> Option<(usize, u32)> {
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

/// The unsolved cell with the most weight per candidate (dom/wdeg), ties to the lower cell,
/// and its number of candidates.
fn weighted_cell(cur: &[u64], weights: &[u32]) -> Option<(usize, u32)> {
    let mut best: Option<(usize, u32)> = None;
    let mut best_w = 0u64;
    for (c, (&x, &w)) in cur.iter().zip(weights).enumerate() {
        let k = x.count_ones();
        if k <= 1 {
            continue;
        }
        let w = u64::from(w) + 1;
        // w / k against best_w / best_k, without dividing.
        if best.is_none_or(|(_, bk)| w * u64::from(bk) > best_w * u64::from(k)) {
            best = Some((c, k));
            best_w = w;
        }
    }
    best
}

/// The symbols with exactly two places left among a house's `cells`, and those with exactly
/// three, from bit-sliced counts (at least 1, 2, 3, 4 places).
fn two_and_three_places(cells: &[u32], cur: &[u64]) -> (u64, u64) {
    let (mut c1, mut c2, mut c3, mut c4) = (0u64, 0u64, 0u64, 0u64);
    for &c in cells {
        let x = cur[c as usize];
        c4 |= c3 & x;
        c3 |= c2 & x;
        c2 |= c1 & x;
        c1 |= x;
    }
    (c2 & !c3, c3 & !c4)
}

/// A binary branch on a symbol with two places left in a house, when the hotter of the two
/// places weighs at least twice the chosen cell's weight per candidate (`cell`, `k`
/// candidates): its first unsolved place and the symbol. The hottest such pair wins, ties to
/// the first house and the lowest symbol. This is the Interactive Sudoku Solver's choice
/// (`CandidateFinders.House` in js/solver/candidate_selector.js at e373f98: a house's value
/// with two places scores half the larger conflict score of its cells, against the cell's
/// score over its count). Taken only where rules place values in houses (outside clues on
/// full lines): measured on the generated skyscrapers it takes 2,652 guesses where cells
/// alone take 12,545, but long sum lines and little killers take 1.1 to 3 times their
/// guesses with it (docs/performance.md).
fn weighted_place(
    engine: &Propagation,
    cur: &[u64],
    weights: &[u32],
    cell: usize,
    k: u32,
) -> Option<(usize, u64)> {
    let wc = u64::from(weights[cell]) + 1;
    let hl = engine.all.count_ones() as usize;
    let mut best: Option<(usize, u64)> = None;
    let mut best_w = 0u64;
    for cells in engine.house_cells().chunks_exact(hl) {
        let mut two = two_and_three_places(cells, cur).0;
        while two != 0 {
            let bit = two & two.wrapping_neg();
            two &= two - 1;
            let (mut hot, mut first) = (0u64, None);
            for &c in cells {
                let x = cur[c as usize];
                if x & bit != 0 {
                    hot = hot.max(u64::from(weights[c as usize]) + 1);
                    if x != bit && first.is_none() {
                        first = Some(c as usize);
                    }
                }
            }
            // A solved place leaves the symbol nothing to branch on.
            let Some(f) = first else { continue };
            // hot / 2 >= wc / k, without dividing.
            if hot * u64::from(k) >= 2 * wc && hot > best_w {
                best_w = hot;
                best = Some((f, bit));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::budget::Budget;
    use crate::{Puzzle, Solver, builtin};
    use std::sync::Arc;

    /// Counts with copies only, with the trail only, and with copies for the first 3 guesses
    /// then the trail: the same solutions, in the same order, with the same work.
    #[test]
    fn the_trail_restores_what_copies_restore() {
        for (name, seeds) in [("classic", 0..8u64), ("jigsaw", 0..4), ("16x16", 0..2)] {
            let g = builtin::geometry(name).unwrap();
            let nc = g.cell_count();
            for seed in seeds {
                let full = Solver::for_geometry(g.clone())
                    .random_solution(seed)
                    .unwrap();
                let keep = if seed % 2 == 0 { 3 } else { 5 };
                let givens = full
                    .iter()
                    .enumerate()
                    .map(|(c, &v)| (c as u64 * 7 + seed).is_multiple_of(keep).then_some(v))
                    .collect();
                let p = Puzzle::new(g.clone(), givens).unwrap();
                let run = |words: usize| {
                    let mut engine = Propagation::new(g.clone());
                    let mut search = Search::new(nc, g.symbol_count());
                    search.snapshot_words = words;
                    let budget = Budget::default().with_guesses(20_000);
                    let mut meter = Meter::new(&budget, None);
                    let c = search.run(&mut engine, p.givens(), 50, &mut meter, None);
                    (c.solutions, c.exhausted, c.stats.nodes, c.stats.guesses)
                };
                let copies = run(usize::MAX);
                assert_eq!(copies, run(0), "{name} seed {seed}");
                assert_eq!(copies, run(3 * nc), "{name} seed {seed}");
            }
        }
    }

    /// A geometry with rules beyond shapes, so that counts branch on conflict weights.
    fn with_rules(name: &str, kinds: &[crate::constraint::RuleKind]) -> Arc<crate::Geometry> {
        let g = builtin::geometry(name).unwrap();
        let rules = kinds
            .iter()
            .enumerate()
            .map(|(i, k)| crate::constraint::Constraint::new(&format!("rule {i}"), k.clone()));
        Arc::new(Arc::unwrap_or_clone(g).with_constraints(rules).unwrap())
    }

    /// Counts steered by conflict weights against the reference solver on 6x6 grids whose
    /// rules make guesses fail often: the same solutions (as a set) up to each limit, none twice, exhausted exactly when
    /// fewer than the limit exist; and the same work when counted twice.
    #[test]
    fn weighted_branching_keeps_counts_exact() {
        use crate::constraint::RuleKind::{AntiKing, AntiKnight, Nonconsecutive};
        let geometries = [
            with_rules("6x6", &[Nonconsecutive, AntiKnight]),
            with_rules("6x6", &[Nonconsecutive, AntiKing]),
            with_rules("6x6", &[Nonconsecutive]),
        ];
        for (k, g) in geometries.iter().enumerate() {
            for seed in 0..6u64 {
                // Seed 0 blank, then one or two givens at places and values of the seed.
                let mut givens = vec![None; 36];
                for i in 0..(seed % 3) {
                    let c = ((seed * 13 + i * 7) % 36) as usize;
                    givens[c] = Some(((seed + i * 5) % 6) as u8);
                }
                let Ok(p) = Puzzle::new(g.clone(), givens) else {
                    continue;
                };
                for limit in [1, 2, 50] {
                    let mut want = crate::oracle::solutions(&p, limit);
                    want.sort();
                    let run = || {
                        let mut engine = Propagation::new(g.clone());
                        let mut search = Search::new(36, 6);
                        let budget = Budget::default();
                        let mut meter = Meter::new(&budget, None);
                        let c = search.run(&mut engine, p.givens(), limit, &mut meter, None);
                        assert!(search.weighted);
                        c
                    };
                    let c = run();
                    let at = format!("geometry {k} seed {seed} limit {limit}");
                    let mut got: Vec<Vec<u8>> = c
                        .solutions
                        .iter()
                        .map(|s| s.as_indices().to_vec())
                        .collect();
                    assert!(got.iter().all(|s| p.verify(s).is_ok()), "{at}");
                    got.sort();
                    got.dedup();
                    assert_eq!(got.len(), c.solutions.len(), "a solution twice: {at}");
                    if want.len() < limit {
                        assert_eq!(got, want, "{at}");
                        assert!(c.exhausted, "{at}");
                    } else {
                        assert_eq!(got.len(), limit, "{at}");
                        assert!(got.iter().all(|s| want.contains(s)) || limit < 50, "{at}");
                    }
                    let again = run();
                    assert_eq!(again.solutions, c.solutions, "{at}");
                    assert_eq!(again.stats.guesses, c.stats.guesses, "{at}");
                }
            }
        }
    }

    /// Random fills and counts on houses alone keep the plain order: no weights.
    #[test]
    fn weights_only_where_rules_make_the_conflicts() {
        let rules = with_rules("6x6", &[crate::constraint::RuleKind::Nonconsecutive]);
        let mut engine = Propagation::new(rules.clone());
        let mut search = Search::new(36, 6);
        let budget = Budget::default();
        let mut meter = Meter::new(&budget, None);
        let mut rng = <Xoshiro256PlusPlus as rand::SeedableRng>::seed_from_u64(7);
        let c = search.run(&mut engine, &[None; 36], 1, &mut meter, Some(&mut rng));
        assert_eq!(c.solutions.len(), 1);
        assert!(!search.weighted);
        let plain = builtin::geometry("6x6").unwrap();
        let mut engine = Propagation::new(plain);
        search.run(&mut engine, &[None; 36], 1, &mut meter, None);
        assert!(!search.weighted);
    }
}
