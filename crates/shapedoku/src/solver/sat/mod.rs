//! A clause-learning back end: a puzzle's rules as a SAT problem over (cell, symbol) pairs,
//! decided by a CDCL solver. Backtracking with propagation forgets why a branch failed and can
//! stall for minutes on sparse large-alphabet puzzles (36x36) or cage-heavy geometries; a
//! clause-learning solver keeps what each failure taught it.
//!
//! The interface is independent of the counting solver: a [`Problem`] holds the symbol values,
//! each cell's candidates (typically after the caller's own propagation), the no-repeat shapes
//! and the sum shapes; [`count`] returns up to `limit` solutions and whether the search was
//! exhausted, within a [`Budget`] (conflicts, deadline, cancel flag). Uniqueness is proved the
//! usual way: after each solution a clause forbidding exactly that grid is added and the solver
//! asked again, until it answers "unsatisfiable" or the limit is reached.
//!
//! The encoding is exact in both directions: every model is a grid that satisfies every shape
//! and agrees with the candidates, and every such grid is a model. One variable per remaining
//! candidate (after naked and hidden singles, which the back end runs itself); cells and
//! no-repeat shapes in one of three encodings ([`Encoding`]); sums as combinations or as a
//! diagram of partial sums ([`SumEncoding`]). The defaults (pairwise clauses, combinations,
//! batsat) were measured fastest overall on the 25x25, 36x36 and Killer puzzles: the compact
//! encodings use fewer clauses but do not need fewer conflicts, and CaDiCaL only pays on the
//! hardest searches (about 2.5 times fewer CPU seconds there, a few milliseconds more on easy
//! ones).
//!
//! **Adding a rule kind** (thermometer, arrow, kropki, ...): give [`Problem`] a field listing
//! its instances and write one `Encoder` method, in its own file, that adds clauses over the
//! candidate literals (`Encoder::lit(cell, symbol)`, fresh variables for anything auxiliary),
//! exact in both directions; call it from `count_with` beside the sum shapes. Rules that are
//! relations between two cells (chess moves, nonconsecutive, marks, thermometer steps, ...)
//! need no new method: `rules.rs` lists them as [`PairRule`]s, which become binary clauses
//! between candidates. Arithmetic rules (arrows, sandwiches) would be diagrams like sums.
//!
//! ```
//! use shapedoku::{builtin, Puzzle, Verdict};
//! use shapedoku::solver::sat::{self, Budget, Problem};
//! let g = builtin::geometry("4x4").unwrap();
//! let p = Puzzle::from_line(g, "12.. 3... ...2 ..1.").unwrap();
//! let out = sat::count(&Problem::from_puzzle(&p), 2, &Budget::default()).unwrap();
//! assert_eq!(out.verdict(), Verdict::Unique);
//! let grid: Vec<u8> = out.solutions[0].iter().map(|s| s.index() as u8).collect();
//! assert!(p.verify(&grid).is_ok());
//! ```

mod backend;
#[cfg(feature = "cadical")]
mod cadical;
mod encode;
mod prepare;
mod rules;
mod sums;
#[cfg(test)]
mod tests;

use crate::{CellId, Geometry, Puzzle, Rule, Symbol, SymbolSet, Verdict};
use backend::{Answer, Backend};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// A sum shape: its cells' values add up to `total`; with `distinct`, no symbol repeats.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SumShape {
    /// The cells.
    pub cells: Vec<CellId>,
    /// The required total.
    pub total: i64,
    /// Whether symbols must also be distinct.
    pub distinct: bool,
}

/// Two cells whose values must meet a relation: one pair of a rule beyond shapes
/// (nonconsecutive neighbours, a kropki dot, two steps of a thermometer, ...).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairRule {
    /// The two cells, in the order `allowed` reads them.
    pub cells: [CellId; 2],
    /// `allowed[s]`: the symbols the second cell may hold when the first holds symbol `s`
    /// (symbols past the end of the list allow nothing).
    pub allowed: Vec<SymbolSet>,
}

/// What to decide: cells with candidates, and the shapes over them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The value of each symbol, in symbol order (1 to 64 symbols).
    pub values: Vec<i64>,
    /// The candidates of each cell (one entry per cell; a single candidate is a solved cell).
    pub candidates: Vec<SymbolSet>,
    /// No-repeat shapes; those with as many cells as there are symbols are houses (each symbol
    /// exactly once).
    pub no_repeat: Vec<Vec<CellId>>,
    /// Sum shapes.
    pub sums: Vec<SumShape>,
    /// Relations between two cells, from the rules beyond shapes.
    pub pairs: Vec<PairRule>,
}

impl Problem {
    /// The puzzle's rules and givens as a problem (candidates: the givens, every symbol
    /// elsewhere). Rules beyond shapes that the back end does not encode are left out: check
    /// [`covers`] first, or use [`Problem::for_geometry`], which refuses them.
    pub fn from_puzzle(puzzle: &Puzzle) -> Problem {
        let g = puzzle.geometry();
        let all = g.symbols().all();
        let mut p = Problem::shapes_of(g);
        p.candidates = puzzle
            .givens()
            .iter()
            .map(|v| v.map_or(all, SymbolSet::single))
            .collect();
        for c in g.constraints() {
            rules::add(c, g, &mut p);
        }
        p
    }

    /// A geometry's shapes with these candidates per cell (bit `s` is symbol `s`), as the
    /// counting solver hands over a search after its own propagation; `None` when the
    /// geometry has rules beyond its shapes (see [`crate::constraint`]), which this back end
    /// does not encode.
    pub fn for_geometry(geometry: &Geometry, candidates: &[u64]) -> Option<Problem> {
        if !covers(geometry) {
            return None;
        }
        let mut p = Problem::shapes_of(geometry);
        p.candidates = candidates.iter().map(|&m| SymbolSet(m)).collect();
        for c in geometry.constraints() {
            rules::add(c, geometry, &mut p);
        }
        Some(p)
    }

    /// The geometry's values and shapes, with no cells' candidates yet.
    fn shapes_of(g: &Geometry) -> Problem {
        let ids = |cells: &[usize]| cells.iter().map(|&c| CellId::new(c)).collect();
        let mut no_repeat = Vec::new();
        let mut sums = Vec::new();
        for shape in g.shapes() {
            match shape.rule {
                Rule::NoRepeat => no_repeat.push(ids(&shape.cells)),
                Rule::Sum { total, distinct } => sums.push(SumShape {
                    cells: ids(&shape.cells),
                    total,
                    distinct,
                }),
            }
        }
        Problem {
            values: g.symbols().values().to_vec(),
            candidates: Vec::new(),
            no_repeat,
            sums,
            pairs: Vec::new(),
        }
    }
}

/// Whether the back end takes every rule of the geometry: its shapes and the rules beyond
/// shapes whose laws ([`crate::constraint::Constraint::laws`]) are relations between two
/// cells (chess moves, nonconsecutive, marks, thermometers, minimum and maximum cells,
/// whispers, palindromes, clones), on single cells (odd, even) or sums of unit weights with
/// repeats (little killers).
pub fn covers(geometry: &Geometry) -> bool {
    geometry
        .constraints()
        .iter()
        .all(|c| rules::encodable(&c.laws(geometry)))
}

/// [`covers`] from the laws of the geometry's rules, already stated (the solver states them
/// once).
pub(crate) fn covers_laws(laws: &[crate::constraint::Laws<'_>]) -> bool {
    laws.iter().all(rules::encodable)
}

/// Whether the geometry has a sum with repeats that the clauses take as a diagram over its
/// single cells (its cells that must differ lie in small groups: a little killer along a
/// diagonal, a long sum line). Each conflict costs more there and unit propagation knows less
/// than the search's sums, which list each group's combinations: the counting solver hands
/// such geometries over later (see [`crate::solver::Solver::count_with`]).
pub(crate) fn has_sums_by_cells(geometry: &Geometry) -> bool {
    let has_sum = |p: &Problem| p.sums.iter().any(|s| !s.distinct);
    let mut problem = Problem::shapes_of(geometry);
    if !has_sum(&problem) && geometry.constraints().is_empty() {
        return false;
    }
    for c in geometry.constraints() {
        rules::add(c, geometry, &mut problem);
    }
    if !has_sum(&problem) {
        return false;
    }
    let all = geometry.symbols().all().0;
    problem.candidates = vec![SymbolSet(all); geometry.cell_count()];
    match prepare::prepare(&problem) {
        Ok(Some(p)) => p.sums.iter().any(sums::by_cells),
        _ => false,
    }
}

/// Limits on one [`count`]; the default has none.
#[derive(Debug, Clone, Copy, Default)]
pub struct Budget<'a> {
    /// Stop after this many conflicts in all.
    pub conflicts: Option<u64>,
    /// Stop at this time.
    pub deadline: Option<Instant>,
    /// Stop when this flag becomes true (checked often while solving).
    pub cancel: Option<&'a AtomicBool>,
}

/// Which limit stopped a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum Stop {
    /// The conflict limit.
    Conflicts,
    /// The deadline.
    Deadline,
    /// The cancel flag.
    Cancelled,
}

/// Size of the encoding and work done.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SatStats {
    /// Variables created.
    pub variables: u64,
    /// Clauses added (blocking clauses included).
    pub clauses: u64,
    /// Conflicts over every call to the engine.
    pub conflicts: u64,
    /// Conflicts until the first solution was found.
    pub first_conflicts: u64,
    /// Decisions (0 when the engine does not report them).
    pub decisions: u64,
    /// Calls to the engine (one per solution found, plus the last).
    pub calls: u32,
}

/// The result of [`count`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Outcome {
    /// The solutions found (up to the limit), each a symbol per cell.
    pub solutions: Vec<Vec<Symbol>>,
    /// Whether every solution was found (so the count is exact).
    pub exhausted: bool,
    /// The limit that stopped the search, if one did.
    pub stopped: Option<Stop>,
    /// Size and work.
    pub stats: SatStats,
}

impl Outcome {
    /// What the outcome proves, in the counting solver's terms.
    pub fn verdict(&self) -> Verdict {
        match (self.solutions.len(), self.exhausted, self.stopped) {
            (0 | 1, _, Some(_)) => Verdict::Undecided,
            (0, _, None) => Verdict::NoSolution,
            (1, true, None) => Verdict::Unique,
            (1, false, None) => Verdict::AtLeastOne,
            _ => Verdict::Several,
        }
    }
}

/// The SAT engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Engine {
    /// batsat, a MiniSat port in pure Rust.
    #[default]
    Batsat,
    /// CaDiCaL (C++), with the `cadical` feature.
    Cadical,
}

/// How cells and no-repeat shapes become clauses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Encoding {
    /// Pairwise: at most one candidate per cell and one binary clause per pair of peers and
    /// common candidate, plus "somewhere" per house and symbol.
    #[default]
    Pairwise,
    /// Exactly one per cell and per house and symbol, at most one per other shape and symbol,
    /// with a sequential counter for groups over six literals.
    Ladder,
    /// As `Ladder`, but each house is written over its intersections with other houses
    /// (commander variables per segment and symbol), so unit propagation finds locked
    /// candidates.
    Segments,
}

/// How sum shapes become clauses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SumEncoding {
    /// Distinct sums by their value combinations when there are few; sums with repeats whose
    /// cells are mostly in one house as a diagram over the value sets of the cells that must
    /// differ; others as a diagram over single cells.
    #[default]
    Combinations,
    /// Every sum as a diagram of partial sums.
    Diagram,
}

/// Engine and encodings for [`count_with`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Options {
    /// The SAT engine.
    pub engine: Engine,
    /// Cells and no-repeat shapes.
    pub encoding: Encoding,
    /// Sum shapes.
    pub sums: SumEncoding,
}

/// A problem the back end cannot take.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SatError {
    /// No symbols, or more than 64.
    #[error("a problem needs 1 to 64 symbol values, this one has {0}")]
    SymbolCount(usize),
    /// A candidate beyond the alphabet.
    #[error("cell {cell:?} has a candidate beyond the alphabet")]
    CandidateOutOfRange {
        /// The cell.
        cell: CellId,
    },
    /// A shape without cells.
    #[error("{kind} shape {shape} has no cells")]
    EmptyShape {
        /// `no-repeat` or `sum`.
        kind: &'static str,
        /// Its index in the problem's list.
        shape: usize,
    },
    /// A shape names a cell the problem does not have.
    #[error("{kind} shape {shape} names {cell:?}, which is not a cell of the problem")]
    NoSuchCell {
        /// `no-repeat`, `sum` or `pair`.
        kind: &'static str,
        /// Its index in the problem's list.
        shape: usize,
        /// The cell.
        cell: CellId,
    },
    /// A shape lists a cell twice.
    #[error("{kind} shape {shape} lists {cell:?} twice")]
    RepeatedCell {
        /// `no-repeat` or `sum`.
        kind: &'static str,
        /// Its index in the problem's list.
        shape: usize,
        /// The cell.
        cell: CellId,
    },
    /// A sum shape whose encoding would be too large (too many cells and values).
    #[error("sum shape {0} is too large to encode as clauses")]
    SumTooLarge(usize),
    /// The engine was asked for but not built in.
    #[error("the {0:?} engine is not built in (enable its feature)")]
    EngineUnavailable(Engine),
}

/// Counts the problem's solutions up to `limit` (at least 1) with the default engine and
/// encodings. `count(p, 2, ..)` is the uniqueness test.
pub fn count(problem: &Problem, limit: usize, budget: &Budget) -> Result<Outcome, SatError> {
    count_with(problem, limit, budget, Options::default())
}

/// [`count`] with a chosen engine and encodings (to compare them).
pub fn count_with(
    problem: &Problem,
    limit: usize,
    budget: &Budget,
    options: Options,
) -> Result<Outcome, SatError> {
    let Some(prepared) = prepare::prepare(problem)? else {
        return Ok(Outcome {
            solutions: Vec::new(),
            exhausted: true,
            stopped: None,
            stats: SatStats::default(),
        });
    };
    let mut sat: Box<dyn Backend + '_> = match options.engine {
        Engine::Batsat => Box::new(backend::Batsat::new(budget)),
        #[cfg(feature = "cadical")]
        Engine::Cadical => Box::new(cadical::Cadical::new(budget)),
        #[cfg(not(feature = "cadical"))]
        Engine::Cadical => return Err(SatError::EngineUnavailable(Engine::Cadical)),
    };
    let n = problem.values.len();
    let mut enc = encode::Encoder::new(&mut *sat, n, &prepared.cands);
    enc.no_repeat(&prepared, options.encoding);
    for (i, sum) in prepared.sums.iter().enumerate() {
        enc.sum(sum, &problem.values, options.sums)
            .map_err(|_| SatError::SumTooLarge(i))?;
    }
    enc.pair_rules(&prepared.pairs);
    Ok(enumerate(enc, limit.max(1), budget))
}

/// Solves, forbids the solution found, and solves again, up to `limit` solutions.
fn enumerate(mut enc: encode::Encoder, limit: usize, budget: &Budget) -> Outcome {
    let nc = enc.cands.len();
    let mut out = Outcome {
        solutions: Vec::new(),
        exhausted: false,
        stopped: None,
        stats: SatStats::default(),
    };
    let mut block = Vec::new();
    loop {
        let left = budget
            .conflicts
            .map(|l| l.saturating_sub(enc.sat.conflicts()));
        out.stats.calls += 1;
        match enc.sat.solve(budget, left) {
            Answer::Sat => {
                let grid: Vec<Symbol> = (0..nc)
                    .map(|c| {
                        let m = enc.cands[c];
                        let s = prepare::bits(m)
                            .find(|&s| m.count_ones() == 1 || enc.sat_value(c, s))
                            .expect("a model gives every cell a candidate");
                        Symbol::new(s)
                    })
                    .collect();
                block.clear();
                block.extend((0..nc).filter_map(|c| enc.free(c, grid[c].index()).map(|l| !l)));
                out.solutions.push(grid);
                if out.solutions.len() == 1 {
                    out.stats.first_conflicts = enc.sat.conflicts();
                }
                if out.solutions.len() >= limit {
                    break;
                }
                if block.is_empty() {
                    out.exhausted = true;
                    break;
                }
                enc.clause(&block);
            }
            Answer::Unsat => {
                out.exhausted = true;
                break;
            }
            Answer::Stopped(why) => {
                out.stopped = Some(why);
                break;
            }
        }
    }
    out.stats.variables = enc.vars;
    out.stats.clauses = enc.clauses;
    out.stats.conflicts = enc.sat.conflicts();
    out.stats.decisions = enc.sat.decisions();
    out
}
