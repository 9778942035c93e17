//! The fast counting solver: candidate bitsets, a fixed-point propagation loop over the
//! shapes' rules, most-constrained-cell branching with a preallocated state stack (no
//! allocation per search node), and a clause-learning back end for large alphabets.
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
//!
//! # Files
//!
//! | file | job |
//! |---|---|
//! | `mod.rs` | [`Solver`]: compiling, givens, [`Solver::count_with`] and the hand-over to clauses |
//! | `count.rs` | [`Count`], [`Verdict`], [`Stats`], [`Stop`]: what a count reports |
//! | `budget.rs` | [`Budget`]: the limits of one count, and the meter that spends them |
//! | `bitboard/` | the digit-major bitboard kernel: counts on geometries whose rules are all no-repeat, up to 256 cells |
//! | `search.rs` | backtracking and the choice of what to branch on (conflict weights) |
//! | `propagate.rs` | the fixed-point loop over every rule |
//! | `houses.rs` | the house path: naked singles through peers, hidden singles per house |
//! | `naked_pairs.rs`, `locked.rs` | naked pairs and locked candidates in houses |
//! | `propagator.rs` | the propagator interface: `Propagator`, `Domains`, `Values` |
//! | `rules.rs` | the registry: the propagator of each shape's rule |
//! | `derived.rs` | sums derived before search: innies and outies of houses under the cages |
//! | `sum/` | the sum rule's propagator (cages, little killers, arrows, region sums), one file per stage |
//! | `linear.rs` | a sum as one equation: per-cell supports, bounds where they do not fit |
//! | `relation.rs` | pair rules as per-cell arc lists over tables built from their [`crate::constraint::PairLaw`]s (nonconsecutive, kropki/XV/difference/ratio marks and their negative constraint) |
//! | `cell_rules.rs` | odd/even, minimum/maximum, quadruples, disjoint groups |
//! | `peers.rs` | extra peers from rules that only forbid a symbol twice (anti-knight, anti-king, disjoint groups) |
//! | `thermo.rs` | thermometers |
//! | `outside.rs` | sandwich, X-sum and skyscraper clues (a layered automaton per line), indexing |
//! | `outside_sets.rs` | sandwich and X-sum clues on full rows and columns: the places of the cells that bound the sum and the sets of values between |
//! | `probe.rs` | failed-literal probing on large alphabets |
//! | `sat/` | [`sat`]: the clause-learning back end, behind a narrow [`sat::Problem`] (no-repeat and sum shapes) |
//! | `handover.rs` | a stalled search as a [`sat::Problem`], its outcome as a [`Count`] |
//! | `candidates.rs` | [`Solver::true_candidates`]: the symbols of each cell that some solution uses |
//! | `estimate.rs` | [`Solver::estimate`]: Knuth's random-probe estimate of the solution count |
//! | `fill.rs` | [`Solver::random_solution_with`]: random solutions, restarted on Luby's schedule so no seed runs long |
//! | `oracle.rs` | [`oracle`]: a deliberately simple reference solver for tests |
//!
//! # Engines
//!
//! Counting runs on the bitboard kernel (`bitboard/`: per symbol, the cells where it can still
//! go, as a few machine words) when the geometry has no sum shape, every rule beyond shapes only
//! adds peers (anti-knight, anti-king, disjoint groups), and it has at most 256 cells, 64 houses
//! and 64 symbols; so do random solutions on those of up to 9 symbols, with locked candidates
//! at every node, which then find the generic engine's solution for the same seed. Everything
//! else runs on the generic engine below.
//!
//! # Propagation
//!
//! Candidates are one `u64` per cell (bit `s` is symbol `s`). Each search node runs one loop to
//! a fixed point:
//!
//! 1. **The house path** (`houses.rs`), the no-repeat rule's fast path, outside any interface
//!    because it is most of the solver's time: each newly solved cell's symbol leaves its
//!    peers (every no-repeat shape through it, and the cells an anti-knight, anti-king or
//!    disjoint-groups rule relates to it), then a bit-sliced scan of every house places
//!    hidden singles and finds symbols with no place left. Repeated until nothing is solved.
//! 2. **House techniques**: naked pairs (alphabets over 9) and locked candidates between
//!    overlapping houses (the pairs come from the geometry's shared tables, the same ones the
//!    reasoner uses). A change goes back to step 1.
//! 3. **Rule propagators**, one per shape whose rule the house path does not cover (a sum
//!    cage, say), in shape order. If any narrowed a cell, back to step 1; otherwise the node
//!    is at its fixed point.
//!
//! # The propagator interface
//!
//! A rule instance is a value implementing the crate-internal trait `Propagator`
//! (`propagator.rs`):
//!
//! ```text
//! trait Propagator: Debug + Send + Sync {
//!     fn propagate(&self, d: &mut Domains<'_>) -> Result<bool, Contradiction>;
//! }
//! ```
//!
//! `Domains` gives `get(cell) -> u64` (the candidates), `keep(cell, mask)` (narrow a cell; it
//! tells the house path when the cell becomes solved, and reports an empty cell as a
//! `Contradiction`) and `values()` (the symbols' values: `of_bit`, `min_max`). A propagator
//! returns `Ok(true)` when it removed something, `Ok(false)` when not, and `Err(Contradiction)`
//! when its rule cannot be met; the loop then re-runs what needs re-running (step 1 on, as
//! above). Propagators are compiled once per solver and are immutable: everything a search
//! changes is in the candidates, so backtracking needs nothing from them. A propagator must be
//! sound (never remove a candidate some solution uses), monotone (fewer candidates in, no more
//! out), must detect a violated rule once all its cells are solved, and should return quickly
//! when nothing it watches has changed; it need not deduce everything, the search does the
//! rest. It may cover any cells: a pair (a kropki dot), a line (a thermometer, a sequence
//! automaton over a path), or the whole grid (a global rule).
//!
//! # Adding a rule kind
//!
//! 1. Add the rule to the model (`Rule` in `geometry.rs`).
//! 2. Write its propagator in a new file here, with unit tests on small `Domains`.
//! 3. Register it: one arm in `rules::propagator`, which maps a shape to its propagator (the
//!    match is exhaustive, so a rule without an arm does not compile). Rules that are
//!    no-repeat at heart can instead add peers to the geometry and need no propagator.
//! 4. Teach the reference solver (`oracle.rs`) the rule, so the property tests compare the two.
//!
//! The clause back end encodes no-repeat and sum shapes; a geometry with rules beyond its shapes
//! (`crate::constraint`) stays with the search. To bring a new rule kind there too, give it an
//! encoding in `sat/` (see [`sat`]).

mod bitboard;
mod budget;
mod candidates;
mod cell_rules;
mod chaos;
mod chaos_clues;
mod count;
pub(crate) mod derived;
mod estimate;
mod fill;
mod handover;
mod houses;
mod locked;
mod naked_pairs;
pub mod oracle;
mod peers;
mod probe;
mod propagate;
mod propagator;
mod relation;
pub(crate) mod rule_chain;
mod rules;
pub mod sat;
mod search;
mod sum;
pub(crate) mod sum_facts;
mod thermo;
mod tuples;
pub(crate) mod why;
// Sum, line and copy rules.
mod between;
mod circles;
mod class_windows;
mod composite;
mod count_distinct;
mod count_regions;
mod flatmates;
mod held;
#[cfg(test)]
mod line_soundness;
mod linear;
mod lockout;
mod lunchbox;
mod outside;
mod outside_sets;
#[cfg(test)]
mod outside_tests;
mod pair_chain;
mod rellik;
mod renban;
mod rooms;
mod same_values;
pub(crate) mod sequence;
mod sight;
mod skyscraper;
mod squares;
mod zipper;

pub use budget::{Budget, POLL_NODES};
pub use candidates::TrueCandidates;
pub use count::{Count, Stats, Stop, Verdict};
pub use estimate::{Estimate, Magnitude, Reading};
pub use fill::RESTART_GUESSES_PER_CELL;
pub(crate) use rules::explain_rule;

use crate::{CellId, Geometry, Grid, Pos, Puzzle, SymbolSet};
use propagate::Propagation;
use rand_xoshiro::Xoshiro256PlusPlus;
use search::Search;
use std::sync::Arc;

/// Guesses after which [`Solver::count_with`] hands a large-alphabet search (over 16 symbols)
/// to the clause-learning back end: easy large puzzles finish well within it, hard ones show it
/// at once. Kept small because each guess there costs milliseconds of probing: at 64 the 36x36
/// puzzles spent over a second before the hand-over, at 8 they are decided in under 0.2 s.
pub const STALL_GUESSES: u64 = 8;

/// Search work, in guesses times cells times symbols, after which a search on an alphabet of
/// up to 16 symbols is handed to the clause back end (at least [`STALL_GUESSES`] guesses). A
/// guess costs about that much work, so the hand-over comes after a few milliseconds whatever
/// the size: about 2,700 guesses on a classic grid, more than all but the hardest classic
/// puzzles need, and about 200 on a three-grid 16-symbol geometry with cages, where the search
/// alone ran for minutes and the clauses decide in a few dozen conflicts.
pub const STALL_WORK: u64 = 2_000_000;

/// How many times [`STALL_WORK`] a search on a geometry with rules beyond shapes may do before
/// the hand-over (about 11,000 guesses on a 9x9).
pub const RULES_STALL_FACTOR: u64 = 4;

/// How many times the usual search work a search may do before the hand-over when the clause
/// back end would take one of the geometry's sums as a diagram over single cells
/// (`sat::has_sums_by_cells`: little killers along diagonals, long sum lines), where a
/// conflict costs about 70 µs and knows less than the search's listed combinations. Measured
/// on the generated little killers (issbench, docs/performance.md): they need 15,000 to 31,000
/// guesses of the search alone, in 0.6 to 1.8 s, against 2.4 to 5.8 s handed over at 11,000.
pub const SUMS_BY_CELLS_STALL_FACTOR: u64 = 4;

/// The search work after which a search is handed to the clause back end when every rule
/// beyond shapes relates two cells or narrows one (nonconsecutive, marks, thermometers,
/// whispers, palindromes, odd/even, ...; no sum anywhere): a fifth of [`STALL_WORK`], about
/// 550 guesses on a 9x9, where rules otherwise wait for about 11,000. There the search
/// propagates no more than the clauses' unit propagation does (arc consistency on each
/// pair), so its guesses learn nothing the clauses would not, while a conflict of the back
/// end (binary clauses, no sums) costs 10 to 20 µs and teaches a clause. Measured on the
/// generated minimal nonconsecutive puzzles (issbench, docs/performance.md): the back end
/// decides them in 1,700 to 7,600 conflicts from the root's candidates whenever it takes
/// over, while the search alone needs 7,500 to 100,000 guesses. Not earlier: a slow
/// thermometer puzzle (`dclamage-37`) that the search decides in 111 guesses took the
/// clauses 469 conflicts, eight times the time, when handed over at 110.
pub const PAIR_RULES_STALL_WORK: u64 = STALL_WORK / 5;

/// Givens the solver cannot take.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolverError {
    /// Not one given (or `None`) per cell.
    #[error("{found} givens for a geometry of {expected} cells")]
    GivensLength {
        /// Givens passed.
        found: usize,
        /// Cells of the geometry.
        expected: usize,
    },
    /// Not one set of candidates per cell.
    #[error("{found} sets of candidates for a geometry of {expected} cells")]
    CandidatesLength {
        /// Sets passed.
        found: usize,
        /// Cells of the geometry.
        expected: usize,
    },
    /// A given that is not a symbol of the alphabet.
    #[error("the given at {pos} is symbol {symbol}, but the alphabet has {symbols} symbols")]
    NoSuchSymbol {
        /// The cell.
        cell: CellId,
        /// Its position.
        pos: Pos,
        /// The symbol index given.
        symbol: usize,
        /// The size of the alphabet.
        symbols: usize,
    },
}

/// A solver compiled for one geometry; givens can be changed between searches.
#[derive(Debug, Clone)]
pub struct Solver {
    geometry: Arc<Geometry>,
    givens: Vec<Option<u8>>,
    engine: Propagation,
    search: Search,
    /// The bitboard kernel, when the geometry's rules are all no-repeat and it fits; it
    /// counts, and the generic engine does everything else (candidates, estimates, random
    /// solutions unless `kernel_fills`).
    kernel: Option<bitboard::Kernel>,
    /// Whether random solutions run on the kernel too: where its propagation with locked
    /// candidates at every node reaches the generic engine's fixed point (no rule beyond
    /// no-repeat shapes, no naked pairs or probing: at most 9 symbols), so that it finds the
    /// same solution for the same seed, several times faster (a generator's fills).
    kernel_fills: bool,
    /// Whether the last count placed every given on the kernel's board without one landing
    /// on a peer's symbol: then no two givens clash.
    givens_clean: bool,
    /// Whether the clause back end takes every rule ([`sat::covers`]), read once: it reads
    /// each rule's laws, which is compile work, not per-count work.
    sat_covers: bool,
    /// [`sat::has_sums_by_cells`], read at the first count that may hand over.
    sums_by_cells: Option<bool>,
    /// Whether the rules beyond shapes are all relations between two cells or laws on single
    /// cells, with some propagator beyond the house path and no sum shape: the search then
    /// hands over after [`PAIR_RULES_STALL_WORK`].
    pair_rules_only: bool,
}

impl Solver {
    /// Compiles a solver for a puzzle (its geometry and givens).
    pub fn new(puzzle: &Puzzle) -> Self {
        Self::new_with(puzzle, derived::DerivedSums::On)
    }

    /// [`Solver::new`], deriving sums before search or not (`derived.rs`).
    pub(crate) fn new_with(puzzle: &Puzzle, derive: derived::DerivedSums) -> Self {
        let mut s = Self::for_geometry_with(puzzle.geometry().clone(), derive);
        // A puzzle's givens are in range by construction; should one not be, the search
        // reports "no solution" for it rather than misreading it (see `load_givens`).
        s.givens.copy_from_slice(puzzle.givens());
        s.set_narrowed(puzzle.narrowed());
        s
    }

    /// Narrows the starting candidates of the cells (one set per cell, as
    /// [`Puzzle::narrowed`] gives them), or lifts every narrowing with `None`; the givens are
    /// kept, and stay in force across [`Solver::set_givens`]. [`Solver::new`] takes a
    /// puzzle's own. Fails, changing nothing, when there is not one set per cell.
    ///
    /// ```
    /// use shapedoku::{builtin, Puzzle, Solver, SymbolSet, Verdict};
    /// let p = Puzzle::from_line(builtin::geometry("4x4").unwrap(), "12.. .... .... ....").unwrap();
    /// let mut s = Solver::new(&p);
    /// assert_eq!(s.count(100).solutions.len(), 24);
    /// let mut sets = vec![SymbolSet::full(4); 16];
    /// sets[4] = SymbolSet::single(2); // r2c1 is 3
    /// s.set_candidates(Some(&sets)).unwrap();
    /// assert_eq!(s.count(100).solutions.len(), 12);
    /// ```
    pub fn set_candidates(&mut self, sets: Option<&[SymbolSet]>) -> Result<(), SolverError> {
        if let Some(sets) = sets.filter(|s| s.len() != self.geometry.cell_count()) {
            return Err(SolverError::CandidatesLength {
                found: sets.len(),
                expected: self.geometry.cell_count(),
            });
        }
        self.set_narrowed(sets);
        Ok(())
    }

    /// [`Solver::set_candidates`] on sets of the right length.
    fn set_narrowed(&mut self, sets: Option<&[SymbolSet]>) {
        let all = self.engine.all;
        self.engine.narrowed = sets.map(|s| s.iter().map(|m| m.0 & all).collect());
        self.givens_clean = false;
    }

    /// Compiles a solver for a geometry with no givens.
    pub fn for_geometry(geometry: Arc<Geometry>) -> Self {
        Self::for_geometry_with(geometry, derived::DerivedSums::On)
    }

    /// [`Solver::for_geometry`], deriving sums before search or not (`derived.rs`): tests
    /// compare the two.
    pub(crate) fn for_geometry_with(geometry: Arc<Geometry>, derive: derived::DerivedSums) -> Self {
        let nc = geometry.cell_count();
        // Each rule's laws, stated once and read by every stage below.
        let laws: Vec<crate::constraint::Laws<'_>> = (geometry.constraints().iter())
            .map(|c| c.laws(&geometry))
            .collect();
        let engine = Propagation::with_laws(geometry.clone(), &laws, derive);
        // The cells, then a chaos construction's region labels.
        let vars = engine.vars();
        let kernel = bitboard::Kernel::new(&geometry, &laws);
        let sat_covers = sat::covers_laws(&laws);
        // Chess moves alone only add peers (the house path takes them); a pair network or a
        // cell rule is what makes the search's propagation no stronger than the clauses'.
        let pair_rules_only = !laws.is_empty()
            && !engine.only_no_repeat()
            && geometry.shapes().iter().all(|s| s.sum().is_none())
            && laws.iter().all(|l| {
                matches!(
                    l,
                    crate::constraint::Laws::Pairs(_) | crate::constraint::Laws::Cells { .. }
                )
            });
        drop(laws);
        let kernel_fills = kernel.is_some()
            && (2..=9).contains(&geometry.symbol_count())
            && engine.only_no_repeat();
        Solver {
            givens: vec![None; nc],
            sat_covers,
            sums_by_cells: None,
            pair_rules_only,
            engine,
            search: Search::new(vars, geometry.symbol_count()),
            kernel,
            kernel_fills,
            givens_clean: false,
            geometry,
        }
    }

    /// This solver without the bitboard kernel: every count on the generic engine (to compare
    /// the two).
    #[cfg(test)]
    pub(crate) fn without_kernel(mut self) -> Self {
        self.kernel = None;
        self.kernel_fills = false;
        self
    }

    /// Whether counts run on the bitboard kernel.
    #[cfg(test)]
    pub(crate) fn has_kernel(&self) -> bool {
        self.kernel.is_some()
    }

    /// The geometry.
    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    /// Replaces the givens (same geometry), so one compiled solver serves many puzzles. Fails,
    /// leaving the givens as they were, when there is not one entry per cell or an entry is
    /// not a symbol index of the alphabet.
    ///
    /// ```
    /// use shapedoku::{builtin, Solver, solver::SolverError};
    /// let mut s = Solver::for_geometry(builtin::geometry("4x4").unwrap());
    /// assert!(s.set_givens(&[None; 16]).is_ok());
    /// assert!(matches!(s.set_givens(&[None; 15]), Err(SolverError::GivensLength { found: 15, .. })));
    /// ```
    pub fn set_givens(&mut self, givens: &[Option<u8>]) -> Result<(), SolverError> {
        let g = &self.geometry;
        if givens.len() != g.cell_count() {
            return Err(SolverError::GivensLength {
                found: givens.len(),
                expected: g.cell_count(),
            });
        }
        let n = g.symbol_count();
        if let Some((c, s)) = givens
            .iter()
            .enumerate()
            .find_map(|(c, v)| v.filter(|&s| s as usize >= n).map(|s| (c, s)))
        {
            return Err(SolverError::NoSuchSymbol {
                cell: CellId::new(c),
                pos: g.pos(c),
                symbol: s as usize,
                symbols: n,
            });
        }
        self.givens.copy_from_slice(givens);
        self.givens_clean = false;
        Ok(())
    }

    /// False when the last count of these givens placed each of them without meeting a peer
    /// (a cell of a shared no-repeat shape or rule) with the same symbol, so
    /// [`Puzzle::check_clashes`] would find nothing; true when they may clash or no count has
    /// said. Lets a batch skip looking for clashes on most lines that have no solution.
    ///
    /// ```
    /// use shapedoku::{builtin, Solver};
    /// let mut s = Solver::for_geometry(builtin::geometry("4x4").unwrap());
    /// let mut givens = [None; 16];
    /// givens[0] = Some(0);
    /// givens[1] = Some(0);
    /// s.set_givens(&givens).unwrap();
    /// assert!(s.count(2).solutions.is_empty());
    /// assert!(s.givens_may_clash());
    /// givens[1] = Some(1);
    /// s.set_givens(&givens).unwrap();
    /// s.count(2);
    /// assert!(!s.givens_may_clash());
    /// ```
    pub fn givens_may_clash(&self) -> bool {
        !self.givens_clean
    }

    /// Counts solutions up to `limit` (at least 1) with no limit on the work; `count(2)` is
    /// the uniqueness test. See [`Solver::count_with`].
    pub fn count(&mut self, limit: usize) -> Count {
        self.count_with(limit, &Budget::default())
    }

    /// Counts solutions up to `limit` (at least 1) within `budget`; a count the budget stops
    /// is [`Verdict::Undecided`] and [`Count::stopped`] says which limit stopped it.
    ///
    /// A search that needs more than [`STALL_GUESSES`] guesses (over 16 symbols) or
    /// [`STALL_WORK`] worth of them (up to 16; [`RULES_STALL_FACTOR`] times that with rules
    /// beyond shapes, [`PAIR_RULES_STALL_WORK`] when those rules are all pairs of cells or laws
    /// on single cells) and has found at most one solution by then is handed to
    /// the clause-learning back end ([`sat`]), which decides sparse 25x25 and 36x36 puzzles and
    /// cage-heavy geometries that plain backtracking cannot; the budget's conflict limit (not
    /// its guess limit) bounds it. Geometries with rules the back end does not encode
    /// ([`sat::covers`]), and problems whose
    /// clauses would take more than about 160 MB, stay with the search. Either way the answer
    /// is exact.
    pub fn count_with(&mut self, limit: usize, budget: &Budget) -> Count {
        let limit = limit.max(1);
        if !self.sat_covers {
            return self.search(limit, budget, None, None);
        }
        let (cells, symbols) = (self.geometry.cell_count(), self.geometry.symbol_count());
        // Rules beyond shapes make each guess prune more and their clauses cost the back end
        // more per conflict: on 9x9 puzzles with them, searches under about 10,000 guesses
        // finish sooner than the hand-over would.
        let mut work = if self.geometry.constraints().is_empty() {
            STALL_WORK
        } else if self.pair_rules_only {
            PAIR_RULES_STALL_WORK
        } else {
            STALL_WORK * RULES_STALL_FACTOR
        };
        let geometry = &self.geometry;
        if *(self.sums_by_cells).get_or_insert_with(|| sat::has_sums_by_cells(geometry)) {
            work *= SUMS_BY_CELLS_STALL_FACTOR;
        }
        let stall = if symbols > 16 {
            STALL_GUESSES
        } else {
            (work / (cells * symbols).max(1) as u64).max(STALL_GUESSES)
        };
        let first = self.search(limit, budget, Some(stall), None);
        let caller_limit = budget.guesses.is_some_and(|l| l <= stall);
        if !matches!(first.stopped, Some(Stop::Guesses { .. })) || caller_limit {
            return first;
        }
        if first.solutions.len() >= 2 {
            // Not stalled: the search is finding solutions (a puzzle with many), which it
            // enumerates far faster than clauses that must forbid each one in turn.
            return self.search(limit, budget, None, None);
        }
        let Some(cands) = self.engine.root_candidates(&self.givens) else {
            return Count::no_solution();
        };
        handover::count(&self.geometry, &cands, limit, budget)
            .unwrap_or_else(|| self.search(limit, budget, None, None))
    }

    /// Whether the geometry has sum shapes (cages).
    pub fn has_sums(&self) -> bool {
        self.geometry.shapes().iter().any(|s| s.sum().is_some())
    }

    /// One solution, if any.
    pub fn solve(&mut self) -> Option<Grid> {
        self.count(1).solutions.pop()
    }

    /// A solution chosen at random (guesses try values in a random order), reproducible by seed.
    /// This is how a generator fills a complete grid.
    pub fn random_solution(&mut self, seed: u64) -> Option<Grid> {
        self.random_solution_with(seed, &Budget::default())
            .solutions
            .pop()
    }

    fn search(
        &mut self,
        limit: usize,
        budget: &Budget,
        guess_cap: Option<u64>,
        rng: Option<&mut Xoshiro256PlusPlus>,
    ) -> Count {
        let mut meter = budget::Meter::new(budget, guess_cap);
        // The kernel starts from givens alone: narrowed candidates go to the generic engine.
        if let (Some(k), None) = (&mut self.kernel, &self.engine.narrowed) {
            if rng.is_none() {
                let c = k.count(&self.geometry, &self.givens, limit, &mut meter, None);
                self.givens_clean = k.givens_loaded();
                return c;
            }
            if self.kernel_fills {
                return k.count(&self.geometry, &self.givens, limit, &mut meter, rng);
            }
        }
        self.search
            .run(&mut self.engine, &self.givens, limit, &mut meter, rng)
    }
}

/// Counts solutions of a puzzle up to `limit`.
pub fn count(puzzle: &Puzzle, limit: usize) -> Count {
    Solver::new(puzzle).count(limit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GeometryBuilder, GridSpec, Rule, Symbols};

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

    /// A geometry whose rules are all pairs hands over to the clauses after about 550
    /// guesses on a 9x9: a minimal nonconsecutive puzzle that the search alone takes some
    /// 7,500 guesses for is decided within a limit of 1,000 (the limit binds the search, not
    /// the clauses), with the file's solution; at the usual point (about 11,000 guesses) the
    /// limit would stop it undecided. Chess moves alone (peers) and rules with sums keep the
    /// usual point.
    #[test]
    fn pair_rules_hand_over_early() {
        let text = include_str!("../../../../tests/data/issbench/generated/nonconsecutive/06.toml");
        let l = crate::load::load_str("nonconsecutive-06", text, None).unwrap();
        let mut s = Solver::new(&l.puzzle);
        assert!(s.pair_rules_only);
        let c = s.count_with(2, &Budget::default().with_guesses(1_000));
        assert_eq!(c.verdict(), Verdict::Unique);
        assert_eq!(Some(c.solutions[0].as_indices().to_vec()), l.solution);
        let g = crate::builtin::geometry("classic").unwrap();
        let with = |kinds: Vec<crate::constraint::RuleKind>| {
            let rules = (kinds.into_iter().enumerate())
                .map(|(i, k)| crate::constraint::Constraint::new(&format!("rule {i}"), k));
            Arc::new(
                Arc::unwrap_or_clone(g.clone())
                    .with_constraints(rules)
                    .unwrap(),
            )
        };
        use crate::constraint::RuleKind::{AntiKnight, Nonconsecutive};
        assert!(Solver::for_geometry(with(vec![Nonconsecutive, AntiKnight])).pair_rules_only);
        assert!(!Solver::for_geometry(with(vec![AntiKnight])).pair_rules_only);
        assert!(!Solver::for_geometry(g.clone()).pair_rules_only);
        let killer = crate::builtin::geometry("killer").unwrap();
        let killer = (Arc::unwrap_or_clone(killer))
            .with_constraints([crate::constraint::Constraint::new("n", Nonconsecutive)])
            .unwrap();
        assert!(!Solver::for_geometry(Arc::new(killer)).pair_rules_only);
    }

    #[test]
    fn clashing_givens_have_no_solution() {
        let g = grid(4, Some((2, 2)));
        let p = Puzzle::from_line(g, "11.. .... .... ....").unwrap();
        let c = Solver::new(&p).count(2);
        assert_eq!(c.verdict(), Verdict::NoSolution);
        assert!(c.exhausted && c.solutions.is_empty());
    }

    /// Geometries far past the built-ins, in memory linear in their size: a blank 64x64 with
    /// 8x8 boxes (too large for the clause back end, so the search decides it alone) and a
    /// 128x128 with no shapes at all (16,384 open guesses deep).
    #[test]
    fn large_blank_geometries_have_several_solutions() {
        let chars = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@$";
        let mut b = GeometryBuilder::new("64", Symbols::new(chars.chars()).unwrap());
        b.grid(GridSpec::square(Pos::new(1, 1), 64).with_boxes(8, 8));
        let g = Arc::new(b.build().unwrap());
        let c = Solver::for_geometry(g.clone()).count(2);
        assert_eq!(c.verdict(), Verdict::Several);
        assert!(
            c.solutions
                .iter()
                .all(|s| Puzzle::empty(g.clone()).verify(s).is_ok())
        );
        let mut b = GeometryBuilder::new("128", Symbols::new("123456789".chars()).unwrap());
        b.grid(GridSpec {
            rows: false,
            columns: false,
            ..GridSpec::square(Pos::new(1, 1), 128)
        });
        let g = Arc::new(b.build().unwrap());
        assert_eq!(g.shapes().len(), 0);
        let c = Solver::for_geometry(g.clone()).count(2);
        assert_eq!(c.verdict(), Verdict::Several);
        // Every cell filled: whichever back end answered went through all 16,384 cells.
        assert!(
            c.solutions
                .iter()
                .all(|s| Puzzle::empty(g.clone()).verify(s).is_ok())
        );
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
        let c = s.count_with(2, &Budget::default().with_guesses(0));
        assert_eq!(c.verdict(), Verdict::Undecided);
        assert_eq!(c.stopped, Some(Stop::Guesses { max: 0 }));
        assert!(!c.exhausted);
        // The limit was the call's, not the solver's: the next count has none.
        assert_eq!(s.count(2).verdict(), Verdict::Several);
    }

    #[test]
    fn deadline_and_cancellation_stop_the_search() {
        let g = grid(9, Some((3, 3)));
        let mut s = Solver::for_geometry(g);
        let past = Budget::default().with_deadline(std::time::Instant::now());
        // The clock is read at the first guess, before any solution of the blank grid.
        let c = s.count_with(1_000_000, &past);
        assert_eq!(
            (c.verdict(), c.stopped),
            (Verdict::Undecided, Some(Stop::Deadline))
        );
        let flag = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let budget = Budget::default().with_cancel(flag.clone());
        assert_eq!(s.count_with(2, &budget).stopped, None);
        flag.store(true, std::sync::atomic::Ordering::Relaxed);
        let c = s.count_with(2, &budget);
        assert_eq!(
            (c.verdict(), c.stopped),
            (Verdict::Undecided, Some(Stop::Cancelled))
        );
        let c = s.random_solution_with(1, &budget);
        assert_eq!(
            (c.verdict(), c.stopped),
            (Verdict::Undecided, Some(Stop::Cancelled))
        );
    }

    #[test]
    fn misused_givens_are_errors() {
        let g = grid(4, Some((2, 2)));
        let mut s = Solver::for_geometry(g.clone());
        let unique = Puzzle::from_line(g, "12.. 3... ...2 ..1.").unwrap();
        s.set_givens(unique.givens()).unwrap();
        assert_eq!(
            s.set_givens(&[None; 17]),
            Err(SolverError::GivensLength {
                found: 17,
                expected: 16
            })
        );
        assert!(s.set_givens(&[]).is_err());
        let mut bad = vec![None; 16];
        bad[5] = Some(4);
        let err = s.set_givens(&bad).unwrap_err();
        assert_eq!(
            err,
            SolverError::NoSuchSymbol {
                cell: CellId::new(5),
                pos: Pos::new(2, 2),
                symbol: 4,
                symbols: 4
            }
        );
        assert_eq!(
            err.to_string(),
            "the given at r2c2 is symbol 4, but the alphabet has 4 symbols"
        );
        bad[5] = Some(200);
        assert!(s.set_givens(&bad).is_err());
        // A refused call leaves the givens as they were.
        assert_eq!(s.count(2).verdict(), Verdict::Unique);
    }

    #[test]
    fn set_givens_reuses_the_solver() {
        let g = grid(4, Some((2, 2)));
        let mut s = Solver::for_geometry(g.clone());
        let unique = Puzzle::from_line(g.clone(), "12.. 3... ...2 ..1.").unwrap();
        let clash = Puzzle::from_line(g.clone(), "1..1 .... .... ....").unwrap();
        for _ in 0..3 {
            s.set_givens(unique.givens()).unwrap();
            let c = s.count(2);
            assert_eq!(c.verdict(), Verdict::Unique);
            assert!(unique.verify(&c.solutions[0]).is_ok());
            s.set_givens(clash.givens()).unwrap();
            assert_eq!(s.count(2).verdict(), Verdict::NoSolution);
            s.set_givens(&[None; 16]).unwrap();
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
}
