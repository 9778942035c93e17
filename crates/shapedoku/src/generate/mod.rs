//! Generating proper puzzles (exactly one solution) for any geometry, reproducible by seed.
//!
//! The method: fill a random complete grid with the counting solver (values tried in a random
//! order), then remove givens one at a time (or one symmetric orbit at a time) in a random
//! order, keeping each removal only while the counting solver still proves the solution unique.
//! It stops at the target number of givens or when no given can go (minimal). When a target
//! cannot be reached from one grid, fresh grids are tried, up to [`Options::attempts`].
//! Killer puzzles get random cages too (see [`KillerOptions`]).
//!
//! ```
//! use shapedoku::generate::{generate, Options, Symmetry, Target};
//! use shapedoku::{builtin, Solver, Verdict};
//! let g = builtin::geometry("classic").unwrap();
//! let opts = Options { seed: 7, symmetry: Symmetry::Rotate180, ..Options::default() };
//! let out = generate(g, &opts).unwrap();
//! let count = Solver::new(&out.puzzle).count(2);
//! assert_eq!(count.verdict(), Verdict::Unique);
//! assert_eq!(count.solutions[0], out.solution);
//! assert!(out.puzzle.verify(&out.solution).is_ok());
//! // The same seed gives the same puzzle.
//! let again = generate(out.puzzle.geometry().clone(), &opts).unwrap();
//! assert_eq!(again.puzzle.to_line(), out.puzzle.to_line());
//! ```

mod killer;
pub mod needs;

pub use killer::KillerOptions;

use crate::Grid;
use crate::error::ModelError;
use crate::geometry::Geometry;
use crate::pos::Pos;
use crate::puzzle::Puzzle;
use crate::solver::{Budget, Solver, Stop, Verdict};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// How many givens to leave.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Target {
    /// Remove givens until no further given (no further symmetric orbit, with a symmetry) can
    /// go without losing uniqueness. The default.
    #[default]
    Minimal,
    /// Stop as soon as the puzzle has at most this many givens (0 to the cell count). Without
    /// symmetry the result has exactly this many; with a symmetry an orbit of two cells may
    /// overshoot by one when no orbit fits exactly. Counts include caller-fixed givens.
    Givens(usize),
}

/// A symmetry of the givens: the set of given cells maps onto itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Symmetry {
    /// No symmetry. The default.
    #[default]
    None,
    /// Half-turn about the canvas centre: r,c ↦ R+1−r, C+1−c.
    Rotate180,
    /// Mirror in the vertical axis: r,c ↦ r, C+1−c.
    MirrorLeftRight,
    /// Mirror in the horizontal axis: r,c ↦ R+1−r, c.
    MirrorTopBottom,
}

impl Symmetry {
    /// Its name as the command line writes it.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate180 => "rotate180",
            Symmetry::MirrorLeftRight => "mirror",
            Symmetry::MirrorTopBottom => "mirror-tb",
        }
    }

    fn map(self, p: Pos, rows: u32, cols: u32) -> Pos {
        match self {
            Symmetry::None => p,
            Symmetry::Rotate180 => Pos::new(rows + 1 - p.row, cols + 1 - p.col),
            Symmetry::MirrorLeftRight => Pos::new(p.row, cols + 1 - p.col),
            Symmetry::MirrorTopBottom => Pos::new(rows + 1 - p.row, p.col),
        }
    }

    /// The orbits of the geometry's cells under this symmetry (each one or two cells), in cell
    /// order. Fails when the map sends a cell where the geometry has none.
    pub fn orbits(self, g: &Geometry) -> Result<Vec<Vec<usize>>, GenerateError> {
        let nc = g.cell_count();
        let mut seen = vec![false; nc];
        let mut out = Vec::new();
        for c in 0..nc {
            if seen[c] {
                continue;
            }
            let p = g.pos(c);
            let q = self.map(p, g.rows(), g.cols());
            let Some(d) = g.cell_at(q) else {
                return Err(GenerateError::Symmetry {
                    symmetry: self.name(),
                    from: p,
                    to: q,
                });
            };
            seen[c] = true;
            seen[d] = true;
            out.push(if d == c { vec![c] } else { vec![c, d] });
        }
        Ok(out)
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What to generate. Build with struct update syntax from [`Options::default`].
#[derive(Clone)]
pub struct Options<'a> {
    /// Seed of every random choice: the same seed, geometry and options give the same puzzle.
    /// Any `u64`. Default 0.
    pub seed: u64,
    /// How many givens to leave. Default [`Target::Minimal`].
    pub target: Target,
    /// Symmetry of the given cells; the geometry must map cells to cells under it. Default
    /// [`Symmetry::None`].
    pub symmetry: Symmetry,
    /// Givens fixed by the caller, one entry per cell (`None`: free), as in a classic starting
    /// pattern: the solution agrees with them and they are never removed. Empty (the default)
    /// means none. With a symmetry, the orbits of fixed cells stay given too.
    pub fixed: Vec<Option<u8>>,
    /// Cells (indices) that must stay givens, with whatever value the solution has there.
    /// Default: none.
    pub required: Vec<usize>,
    /// Generate a Killer: random cages over the solution, then as few givens as the target
    /// allows (`Target::Givens(0)`: cages only). Default `None` (no cages).
    pub killer: Option<KillerOptions>,
    /// Fresh solution grids to try before giving up on the target (or the filter, or a unique
    /// cages-only Killer). Default 50; at least 1 is used.
    pub attempts: usize,
    /// Guesses allowed per uniqueness check (`None`: unlimited). A check stopped by the limit
    /// counts as "not unique", so a removal is only kept when uniqueness was proved; "minimal"
    /// then means no given can be removed with uniqueness proved within the limit. Raising it
    /// tenfold changed nothing on classic (2,000 seeds) and little on Samurai (93.2 instead of
    /// 93.5 givens on average) at 2.5 times the cost. Filling a grid gets 1,000 times this;
    /// a cages-only Killer search up to 256 times. Default `Some(2_000)`.
    pub guess_limit: Option<u64>,
    /// Optional filter on finished puzzles (a difficulty rating, say): a puzzle it rejects
    /// costs one attempt and a fresh grid is tried. Default `None` (accept all).
    pub accept: Option<&'a (dyn Fn(&Puzzle) -> bool + Sync)>,
    /// Keep only puzzles that need this technique: their logical solution uses it and nothing
    /// of larger weight ([`needs`]). A technique that cannot occur on the geometry is refused
    /// at once ([`GenerateError::Unavailable`]); a puzzle that does not need it costs one
    /// attempt, like one the filter rejects. Default `None`.
    pub needs: Option<crate::reason::Technique>,
    /// When to give up on the whole generation (`None`: never). Every search checks it, so a
    /// run ends soon after it passes, with [`GenerateError::Stopped`]: a puzzle whose checks
    /// were cut short is never returned, since its minimality would not be proved.
    pub deadline: Option<Instant>,
    /// Raised by another thread to stop the generation (`None`: not cancellable); answered
    /// like the deadline.
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Default for Options<'_> {
    fn default() -> Self {
        Options {
            seed: 0,
            target: Target::Minimal,
            symmetry: Symmetry::None,
            fixed: Vec::new(),
            required: Vec::new(),
            killer: None,
            attempts: 50,
            guess_limit: Some(2_000),
            accept: None,
            needs: None,
            deadline: None,
            cancel: None,
        }
    }
}

impl fmt::Debug for Options<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Options")
            .field("seed", &self.seed)
            .field("target", &self.target)
            .field("symmetry", &self.symmetry)
            .field("fixed", &self.fixed.iter().filter(|v| v.is_some()).count())
            .field("required", &self.required)
            .field("killer", &self.killer)
            .field("attempts", &self.attempts)
            .field("guess_limit", &self.guess_limit)
            .field("accept", &self.accept.is_some())
            .field("needs", &self.needs.map(|t| t.id()))
            .field("deadline", &self.deadline)
            .field("cancel", &self.cancel.is_some())
            .finish()
    }
}

/// A cage the generator made: its cells (cell indices, in cell order) and total.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cage {
    /// Cell indices, increasing.
    pub cells: Vec<usize>,
    /// The sum of the solution's values in the cells.
    pub sum: i64,
}

/// A generated puzzle.
#[derive(Debug, Clone)]
pub struct Generated {
    /// The puzzle; for a Killer its geometry is the input geometry plus the cages.
    pub puzzle: Puzzle,
    /// Its unique solution.
    pub solution: Grid,
    /// The seed it was generated from ([`Options::seed`]).
    pub seed: u64,
    /// Solution grids used, counting the successful one (1 = first try).
    pub attempts: usize,
    /// The cages added (empty unless a Killer was asked for), in the geometry's shape order.
    pub cages: Vec<Cage>,
}

/// A generated puzzle serialises as the command line writes it: the seed, the givens and the
/// solution as lines, the number of givens and attempts, and the generated cages with their
/// cells as positions (`r1c1 r1c2`).
#[cfg(feature = "serde")]
impl serde::Serialize for Generated {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        #[derive(serde::Serialize)]
        struct CageOut {
            sum: i64,
            cells: String,
        }
        let g = self.puzzle.geometry();
        let cages: Vec<CageOut> = self
            .cages
            .iter()
            .map(|c| CageOut {
                sum: c.sum,
                cells: c
                    .cells
                    .iter()
                    .map(|&x| g.pos(x).to_string())
                    .collect::<Vec<_>>()
                    .join(" "),
            })
            .collect();
        let mut st = s.serialize_struct("Generated", 6)?;
        st.serialize_field("seed", &self.seed)?;
        st.serialize_field("givens", &self.puzzle.to_line())?;
        st.serialize_field("given_count", &self.puzzle.given_count())?;
        st.serialize_field("solution", &self.solution)?;
        st.serialize_field("attempts", &self.attempts)?;
        st.serialize_field("cages", &cages)?;
        st.end()
    }
}

/// Why no puzzle was generated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// The symmetry does not map the geometry onto itself.
    #[error(
        "symmetry `{symmetry}` does not fit this geometry: it maps {from} to {to}, where there is no cell"
    )]
    Symmetry {
        /// The symmetry's name.
        symmetry: &'static str,
        /// A cell.
        from: Pos,
        /// Where the symmetry sends it.
        to: Pos,
    },
    /// The starting pattern is malformed.
    #[error("starting pattern: {0}")]
    Pattern(String),
    /// The starting pattern breaks a rule of the geometry.
    #[error("starting pattern: {0}")]
    PatternClash(ModelError),
    /// The geometry with the fixed givens has no solution at all.
    #[error(
        "there is no solution grid to start from: the geometry with the fixed givens has no solution"
    )]
    NoSolution,
    /// Killer options out of range.
    #[error("killer options: {0}")]
    Killer(String),
    /// Building the Killer geometry failed (a bug, reported rather than panicking).
    #[error("killer geometry: {0}")]
    Model(ModelError),
    /// The target could not be reached within the attempt limit.
    #[error(
        "could not reach {target} givens in {attempts} attempts (fewest reached: {best}); raise the attempt limit or the target"
    )]
    TargetNotReached {
        /// The target.
        target: usize,
        /// Fewest givens reached in a unique puzzle.
        best: usize,
        /// Attempts made.
        attempts: usize,
    },
    /// No cages-only Killer was proved unique within the limits.
    #[error(
        "no unique cages-only Killer within {attempts} attempts of {refinements} cage refinements each; raise the limits or allow some givens"
    )]
    KillerNotUnique {
        /// Attempts made.
        attempts: usize,
        /// Refinements per attempt.
        refinements: usize,
    },
    /// No grid could be cut into cages of the allowed sizes.
    #[error(
        "could not cut a grid into connected cages of {min} to {max} distinct values in {attempts} attempts; widen the cage sizes"
    )]
    NoPartition {
        /// Smallest cage size asked for.
        min: usize,
        /// Largest cage size asked for (after capping at the symbol count).
        max: usize,
        /// Attempts made.
        attempts: usize,
    },
    /// Every finished puzzle was rejected by the filter.
    #[error(
        "all {attempts} puzzles generated were rejected by the filter; raise the attempt limit"
    )]
    Rejected {
        /// Attempts made.
        attempts: usize,
    },
    /// No puzzle generated needed the technique ([`Options::needs`]).
    #[error(
        "none of the {attempts} puzzles generated needed {technique} (used it, and nothing harder); raise the attempt limit"
    )]
    NotNeeded {
        /// The technique's id.
        technique: &'static str,
        /// Attempts made.
        attempts: usize,
    },
    /// The technique asked for ([`Options::needs`]) cannot occur on the geometry.
    #[error("{technique} cannot occur on this geometry: {reason}")]
    Unavailable {
        /// The technique's id.
        technique: &'static str,
        /// Why.
        reason: String,
    },
    /// No complete grid could be filled within the guess limit.
    #[error("could not fill a solution grid within the guess limit in {attempts} attempts")]
    FillFailed {
        /// Attempts made.
        attempts: usize,
    },
    /// The deadline passed or the cancellation flag was raised ([`Options::deadline`],
    /// [`Options::cancel`]) before a puzzle was finished.
    #[error("stopped: {stop} during attempt {attempt}")]
    Stopped {
        /// What stopped it: [`Stop::Deadline`] or [`Stop::Cancelled`].
        stop: Stop,
        /// The attempt under way (1 = the first).
        attempt: usize,
    },
}

pub use crate::seed::derive_seed;
use crate::seed::splitmix64;

/// Fisher–Yates with our own generator, so orders never depend on a library's shuffle.
pub(crate) fn shuffle<T>(v: &mut [T], rng: &mut Xoshiro256PlusPlus) {
    for i in (1..v.len()).rev() {
        let j = rng.random_range(0..=i);
        v.swap(i, j);
    }
}

/// How many times a uniqueness check's guesses filling a grid may take. A fill is one search
/// per attempt, against hundreds of checks per puzzle, so it can afford far more; its limit
/// only keeps a geometry that is very hard to fill (or cannot be filled at all, which an
/// unlimited count then proves) from running on.
const FILL_FACTOR: u64 = 1_000;

/// How far a cages-only Killer search may escalate, as a multiple of a check's guesses: when
/// the cages cannot be split further and no second solution is known, the search is retried
/// with four times the budget, up to this.
pub(crate) const KILLER_ESCALATION: u64 = 256;

/// The budgets the generator derives from [`Options::guess_limit`], named for what they bound,
/// and the clock of the whole run that every one of them carries.
#[derive(Debug, Clone)]
pub(crate) struct Budgets {
    /// Guesses for one uniqueness check, all its searches together (`None`: unlimited).
    pub(crate) check: Option<u64>,
    /// Filling a solution grid: [`FILL_FACTOR`] times a check.
    pub(crate) fill: Budget,
    /// The most a cages-only Killer search escalates to: [`KILLER_ESCALATION`] times a check.
    pub(crate) killer_ceiling: u64,
    /// The run's deadline and cancellation flag, without a guess limit.
    pub(crate) clock: Budget,
}

impl Budgets {
    fn new(opts: &Options<'_>) -> Budgets {
        let guess_limit = opts.guess_limit;
        let clock = Budget {
            deadline: opts.deadline,
            cancel: opts.cancel.clone(),
            ..Budget::default()
        };
        Budgets {
            check: guess_limit,
            fill: Budget {
                guesses: guess_limit.map(|l| l.saturating_mul(FILL_FACTOR)),
                ..clock.clone()
            },
            killer_ceiling: guess_limit.unwrap_or(0).saturating_mul(KILLER_ESCALATION),
            clock,
        }
    }

    /// The budget of a check with `guesses` left. On large alphabets a stalled search is
    /// handed to the clause back end, whose conflicts count as the check's guesses (its
    /// statistics report them so), so both get the same allowance.
    pub(crate) fn check_budget(&self, guesses: Option<u64>) -> Budget {
        Budget {
            guesses,
            conflicts: guesses,
            ..self.clock.clone()
        }
    }

    /// [`GenerateError::Stopped`] if the run's clock or flag says stop. Checked after each
    /// stage: a check the clock cut short kept its given, so the stage's result is not
    /// minimal and must not be returned.
    pub(crate) fn stopped(&self, attempt: usize) -> Result<(), GenerateError> {
        match self.clock.expired() {
            Some(stop) => Err(GenerateError::Stopped {
                stop,
                attempt: attempt + 1,
            }),
            None => Ok(()),
        }
    }
}

/// What a generation run fixes before its first attempt: the pattern's givens, the symmetry's
/// orbits, the cells that never lose their given, and the fitted Killer options.
struct Plan {
    fixed: Vec<Option<u8>>,
    pattern: Puzzle,
    orbits: Vec<Vec<usize>>,
    locked: Vec<bool>,
    killer: Option<KillerOptions>,
}

/// Why attempts failed, counted so the final error names the cause that applies.
#[derive(Default)]
struct Misses {
    best: Option<usize>,
    rejected: usize,
    fill_failed: usize,
    killer_failed: usize,
    no_partition: usize,
}

/// Generates a puzzle with exactly one solution. See the module documentation.
pub fn generate(geometry: Arc<Geometry>, opts: &Options<'_>) -> Result<Generated, GenerateError> {
    let plan = plan(&geometry, opts)?;
    let attempts = opts.attempts.max(1);
    let budgets = Budgets::new(opts);
    // One compiled solver fills every grid and, on the plain geometry, makes every uniqueness
    // check (compiling a second one cost 2 % of a minimal classic puzzle).
    let mut filler = Solver::new(&plan.pattern);
    let mut misses = Misses::default();
    for attempt in 0..attempts {
        budgets.stopped(attempt)?;
        if attempt > 0 && plan.killer.is_none() {
            // The checks of the last attempt left their givens; the fill starts from the pattern.
            filler
                .set_givens(&plan.fixed)
                .map_err(|e| GenerateError::Pattern(e.to_string()))?;
        }
        let aseed = splitmix64(opts.seed ^ splitmix64(0x5EED ^ (attempt as u64) << 20));
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(splitmix64(aseed));
        let Some(solution) = filler
            .random_solution_with(aseed, &budgets.fill)
            .solutions
            .pop()
        else {
            // Out of budget or no grid at all: only a count without a guess limit tells which.
            budgets.stopped(attempt)?;
            let count = filler.count_with(1, &budgets.clock);
            budgets.stopped(attempt)?;
            if count.verdict() == Verdict::NoSolution {
                return Err(GenerateError::NoSolution);
            }
            misses.fill_failed += 1;
            continue;
        };
        let (geom, givens, cages) = match &plan.killer {
            None => {
                let givens = remove_givens(
                    &mut filler,
                    &solution,
                    &plan.orbits,
                    &plan.locked,
                    opts.target,
                    &budgets,
                    &mut rng,
                );
                (geometry.clone(), givens, Vec::new())
            }
            Some(k) => match killer::make(
                &geometry,
                &solution,
                &plan.fixed,
                &plan.orbits,
                &plan.locked,
                opts,
                &budgets,
                k,
                &mut rng,
            )? {
                Ok(r) => r,
                Err(killer::Miss::Partition) => {
                    misses.no_partition += 1;
                    continue;
                }
                Err(killer::Miss::NotUnique) => {
                    misses.killer_failed += 1;
                    continue;
                }
            },
        };
        budgets.stopped(attempt)?;
        let count = givens.iter().filter(|g| g.is_some()).count();
        misses.best = Some(misses.best.map_or(count, |b| b.min(count)));
        if let Target::Givens(n) = opts.target {
            if count > n {
                continue;
            }
        }
        let puzzle = Puzzle::new(geom, givens).map_err(GenerateError::Model)?;
        if opts.needs.is_some_and(|t| !needs::puzzle_needs(&puzzle, t))
            || opts.accept.is_some_and(|accept| !accept(&puzzle))
        {
            misses.rejected += 1;
            continue;
        }
        // For a Killer the puzzle's geometry has the cages; the solution fills that geometry.
        let solution = Grid::from_solver(puzzle.geometry().clone(), solution.into_indices());
        return Ok(Generated {
            puzzle,
            solution,
            seed: opts.seed,
            attempts: attempt + 1,
            cages,
        });
    }
    Err(failure(&misses, attempts, opts, plan.killer.as_ref()))
}

/// Checks the options against the geometry and works out what every attempt shares.
fn plan(geometry: &Arc<Geometry>, opts: &Options<'_>) -> Result<Plan, GenerateError> {
    if let Some(t) = opts.needs {
        if let Some(reason) = needs::unavailable(geometry, t, opts.killer.is_some()) {
            let technique = t.id();
            return Err(GenerateError::Unavailable { technique, reason });
        }
    }
    let nc = geometry.cell_count();
    let fixed: Vec<Option<u8>> = if opts.fixed.is_empty() {
        vec![None; nc]
    } else if opts.fixed.len() != nc {
        return Err(GenerateError::Pattern(format!(
            "{} fixed entries but the geometry has {nc} cells",
            opts.fixed.len()
        )));
    } else {
        opts.fixed.clone()
    };
    let pattern =
        Puzzle::new(geometry.clone(), fixed.clone()).map_err(GenerateError::PatternClash)?;
    pattern
        .check_clashes()
        .map_err(GenerateError::PatternClash)?;
    if let Some(&c) = opts.required.iter().find(|&&c| c >= nc) {
        return Err(GenerateError::Pattern(format!(
            "required cell {c} is out of range (0..{nc})"
        )));
    }
    let orbits = opts.symmetry.orbits(geometry)?;
    let locked = locked_cells(&fixed, &opts.required, &orbits);
    let locked_count = locked.iter().filter(|&&l| l).count();
    if let Target::Givens(n) = opts.target {
        if n < locked_count {
            return Err(GenerateError::Pattern(format!(
                "the pattern keeps {locked_count} givens, more than the target of {n}"
            )));
        }
    }
    let killer = opts
        .killer
        .as_ref()
        .map(|k| k.fitted(geometry.symbol_count()))
        .transpose()?;
    Ok(Plan {
        fixed,
        pattern,
        orbits,
        locked,
        killer,
    })
}

/// Cells that never lose their given: fixed and required ones, closed under the symmetry.
fn locked_cells(fixed: &[Option<u8>], required: &[usize], orbits: &[Vec<usize>]) -> Vec<bool> {
    let mut locked: Vec<bool> = fixed.iter().map(|v| v.is_some()).collect();
    for &c in required {
        locked[c] = true;
    }
    for o in orbits {
        if o.iter().any(|&c| locked[c]) {
            for &c in o {
                locked[c] = true;
            }
        }
    }
    locked
}

/// The error for a run whose attempts all missed, naming the cause that applies.
fn failure(
    misses: &Misses,
    attempts: usize,
    opts: &Options<'_>,
    killer: Option<&KillerOptions>,
) -> GenerateError {
    if misses.no_partition == attempts {
        let (min, max) = killer.map_or((0, 0), |k| (k.min_cage, k.max_cage));
        return GenerateError::NoPartition { min, max, attempts };
    }
    if misses.killer_failed > 0 && misses.best.is_none() {
        let refinements = opts.killer.as_ref().map_or(0, |k| k.refinements);
        return GenerateError::KillerNotUnique {
            attempts,
            refinements,
        };
    }
    if misses.fill_failed == attempts {
        return GenerateError::FillFailed { attempts };
    }
    if let (true, Some(t)) = (misses.rejected > 0, opts.needs) {
        let technique = t.id();
        return GenerateError::NotNeeded {
            technique,
            attempts,
        };
    }
    if misses.rejected > 0 {
        return GenerateError::Rejected { attempts };
    }
    GenerateError::TargetNotReached {
        target: match opts.target {
            Target::Givens(n) => n,
            Target::Minimal => 0,
        },
        best: misses.best.unwrap_or(usize::MAX),
        attempts,
    }
}

/// Whether the puzzle stays unique when the cells of `orbit` lose their givens, given that it
/// is unique now. Every solution other than `solution` differs from it in some orbit cell, so
/// instead of counting to two this asks, for each orbit cell in turn (earlier cells kept at
/// their solution value), whether any other value there has a solution. Values already held
/// by a given peer are skipped without a search, and most of the rest die in propagation.
fn unique_without(
    solver: &mut Solver,
    geometry: &Geometry,
    givens: &mut [Option<u8>],
    orbit: &[usize],
    solution: &[u8],
    budgets: &Budgets,
) -> bool {
    let all = crate::SymbolSet::full(geometry.symbol_count()).0;
    let mut unique = true;
    // The guess budget covers the whole check, not each search in it.
    let mut left = budgets.check;
    for &c in orbit {
        givens[c] = None;
    }
    'cells: for &c in orbit {
        let mut cand = all & !(1u64 << solution[c]);
        for &p in geometry.peers(c) {
            if let Some(v) = givens[p as usize] {
                cand &= !(1u64 << v);
            }
        }
        while cand != 0 {
            let w = cand.trailing_zeros() as u8;
            cand &= cand - 1;
            givens[c] = Some(w);
            // Every value comes from a solution of this geometry, so the givens are accepted;
            // were they not, "found" keeps the given, the safe answer.
            let found = solver.set_givens(givens).is_err() || {
                let count = solver.count_with(1, &budgets.check_budget(left));
                left = left.map(|l| l.saturating_sub(count.stats.guesses));
                // A search stopped by the budget proves nothing, so the given stays.
                count.verdict() != Verdict::NoSolution
            };
            givens[c] = None;
            if found {
                unique = false;
                break 'cells;
            }
        }
        // Later cells are searched with this one at its solution value.
        givens[c] = Some(solution[c]);
    }
    for &c in orbit {
        givens[c] = None;
    }
    unique
}

/// Starting from the full solution, removes orbits in random order while the solution stays
/// unique; stops at the target. Returns the givens.
pub(crate) fn remove_givens(
    solver: &mut Solver,
    solution: &[u8],
    orbits: &[Vec<usize>],
    locked: &[bool],
    target: Target,
    budgets: &Budgets,
    rng: &mut Xoshiro256PlusPlus,
) -> Vec<Option<u8>> {
    let mut givens: Vec<Option<u8>> = solution.iter().map(|&v| Some(v)).collect();
    let mut count = givens.len();
    let mut order: Vec<usize> = (0..orbits.len())
        .filter(|&o| !orbits[o].iter().any(|&c| locked[c]))
        .collect();
    shuffle(&mut order, rng);
    let limit = match target {
        Target::Minimal => 0,
        Target::Givens(n) => n,
    };
    let geometry = solver.geometry().clone();
    let mut try_remove = |o: usize, givens: &mut Vec<Option<u8>>, count: &mut usize| {
        if unique_without(solver, &geometry, givens, &orbits[o], solution, budgets) {
            *count -= orbits[o].len();
        } else {
            for &c in &orbits[o] {
                givens[c] = Some(solution[c]);
            }
        }
    };
    // Orbits that would overshoot the target wait until nothing fits exactly. Once the clock
    // or the flag says stop, every further check would stop at its first node, after a
    // propagation that costs milliseconds on a large grid: the caller reports the stop.
    let mut deferred = Vec::new();
    for &o in &order {
        if count <= limit || budgets.clock.expired().is_some() {
            return givens;
        }
        if count - orbits[o].len() < limit {
            deferred.push(o);
            continue;
        }
        try_remove(o, &mut givens, &mut count);
    }
    for o in deferred {
        if count <= limit || budgets.clock.expired().is_some() {
            break;
        }
        try_remove(o, &mut givens, &mut count);
    }
    givens
}

#[cfg(test)]
mod tests;
