//! The seam between the Python binding and the shapedoku library: **every call into the library
//! is in this file**. It takes and returns plain Rust data (strings, numbers, and `Serialize`
//! records that `lib.rs` turns into Python objects generically, with pythonize), so when the
//! library's API changes (typed ids, a per-call search budget, steps as typed data), this file is
//! the one to adapt; `lib.rs` and the Python package do not name a library type.

use serde::Serialize;
use serde_json::Value;
use shapedoku::generate::{self, KillerOptions, Options, Symmetry, Target};
use shapedoku::load::{self, LoadError};
use shapedoku::puzzle::{format_canvas, format_line};
use shapedoku::reason::{self, Board, explain, rate};
use shapedoku::render::{self, RenderOptions};
use shapedoku::solver::Budget;
use shapedoku::{Geometry, Grid, ModelError, Pos, Puzzle, Solver, builtin};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// What went wrong, sorted by the Python exception it becomes.
#[derive(Debug)]
pub enum Problem {
    /// A file or TOML text that does not load: every diagnostic, in file order.
    Load(Vec<Diag>),
    /// Givens that do not fit the variant; `column` is 1-based in the text given, when a
    /// character is to blame.
    Puzzle {
        /// What is wrong.
        message: String,
        /// Where in the line.
        column: Option<usize>,
    },
    /// The puzzle has no solution, and the request needs one.
    Unsolvable(String),
    /// The generator could not make what was asked.
    Generate(String),
    /// An argument the caller can fix (an unknown symmetry or level, say).
    Argument(String),
    /// A file that cannot be read.
    Io(std::io::Error),
}

/// One problem in a file, with its place.
#[derive(Debug, Clone, Serialize)]
pub struct Diag {
    /// The file (a path, `builtin:NAME`, or the name given to TOML text).
    pub file: String,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// 1-based column in characters, when known.
    pub column: Option<usize>,
    /// What is wrong.
    pub message: String,
    /// How to fix it, when there is something useful to say.
    pub help: Option<String>,
    /// The whole diagnostic as the command line prints its first line.
    pub text: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Problem::Load(diags) => {
                let lines: Vec<&str> = diags.iter().map(|d| d.text.as_str()).collect();
                f.write_str(&lines.join("\n"))
            }
            Problem::Puzzle { message, column } => match column {
                Some(c) => write!(f, "column {c}: {message}"),
                None => f.write_str(message),
            },
            Problem::Unsolvable(m) | Problem::Generate(m) | Problem::Argument(m) => f.write_str(m),
            Problem::Io(e) => write!(f, "{e}"),
        }
    }
}

impl From<LoadError> for Problem {
    fn from(e: LoadError) -> Self {
        Problem::Load(
            e.diagnostics
                .iter()
                .map(|d| {
                    let lc = d.line_col();
                    Diag {
                        file: d.source.name.clone(),
                        line: lc.map(|p| p.0),
                        column: lc.map(|p| p.1),
                        message: d.message.clone(),
                        help: d.help.clone(),
                        text: d.to_string(),
                    }
                })
                .collect(),
        )
    }
}

/// A puzzle and what it takes to write it back as a file.
#[derive(Debug, Clone)]
pub struct Handle {
    puzzle: Puzzle,
    solution: Option<Vec<u8>>,
    origin: Origin,
}

#[derive(Debug, Clone)]
enum Origin {
    /// Read from TOML text: that text describes this very puzzle (puzzles are immutable here).
    Source {
        name: String,
        text: String,
        base_dir: Option<PathBuf>,
    },
    /// Givens on a variant named by a built-in name or an absolute path.
    Variant(String),
}

/// Enum variant names as Python sees them: `NoSolution` → `no_solution`. The library's
/// `Debug` names are its stable identifiers until it serialises them itself.
fn snake(name: impl std::fmt::Debug) -> String {
    let mut out = String::new();
    for (i, ch) in format!("{name:?}").chars().enumerate() {
        if ch.is_ascii_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.push(ch.to_ascii_lowercase());
        } else {
            out.push(ch);
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Loading

/// The built-in variants, in listing order.
pub fn builtin_names() -> Vec<String> {
    builtin::names().into_iter().map(String::from).collect()
}

fn handle(loaded: load::Loaded, origin: Origin) -> Handle {
    Handle {
        puzzle: loaded.puzzle,
        solution: loaded.solution,
        origin,
    }
}

/// Loads TOML text; `name` names it in messages, `base_dir` resolves a relative `variant`.
pub fn load_text(name: &str, text: &str, base_dir: Option<&Path>) -> Result<Handle, Problem> {
    let loaded = load::load_str(name, text, base_dir)?;
    Ok(handle(
        loaded,
        Origin::Source {
            name: name.into(),
            text: text.into(),
            base_dir: base_dir.map(Path::to_path_buf),
        },
    ))
}

/// Loads a puzzle or variant file.
pub fn load_path(path: &Path) -> Result<Handle, Problem> {
    let text = std::fs::read_to_string(path).map_err(Problem::Io)?;
    load_text(&path.display().to_string(), &text, path.parent())
}

/// A built-in variant (with its example givens, if it has any) or built-in puzzle.
pub fn load_builtin(name: &str) -> Result<Handle, Problem> {
    let loaded = load::load_builtin(name)?;
    let text = builtin::source(name).unwrap_or_default();
    Ok(handle(
        loaded,
        Origin::Source {
            name: format!("builtin:{name}"),
            text: text.into(),
            base_dir: None,
        },
    ))
}

/// A variant by built-in name or path, as (geometry, the name a puzzle file writes for it).
/// Built-ins are compiled once per process: batches and `from_line` loops ask for them often.
fn variant(name_or_path: &str) -> Result<(Arc<Geometry>, String), Problem> {
    static CACHE: OnceLock<Mutex<HashMap<String, Arc<Geometry>>>> = OnceLock::new();
    let is_builtin = builtin::source(name_or_path).is_some();
    let cache = CACHE.get_or_init(Default::default);
    if is_builtin {
        if let Some(g) = cache.lock().ok().and_then(|c| c.get(name_or_path).cloned()) {
            return Ok((g, name_or_path.into()));
        }
    }
    let geometry = load::load_variant(name_or_path)?.geometry;
    let key = if is_builtin {
        if let Ok(mut c) = cache.lock() {
            c.insert(name_or_path.into(), geometry.clone());
        }
        name_or_path.to_string()
    } else {
        std::fs::canonicalize(name_or_path)
            .map_or_else(|_| name_or_path.to_string(), |p| p.display().to_string())
    };
    Ok((geometry, key))
}

/// The 1-based column of the character for `pos` in `text` (cell order or canvas picture,
/// whitespace ignored), so an error can point at it.
fn column_of(g: &Geometry, text: &str, pos: Pos) -> Option<usize> {
    let cells: Vec<usize> = text
        .char_indices()
        .filter(|(_, c)| !c.is_whitespace())
        .map(|(i, _)| i)
        .collect();
    let index = if cells.len() == g.cell_count() {
        g.cell_at(pos)?
    } else {
        ((pos.row - 1) * g.cols() + (pos.col - 1)) as usize
    };
    let byte = *cells.get(index)?;
    Some(text[..byte].chars().count() + 1)
}

fn puzzle_problem(g: &Geometry, text: &str, e: &ModelError) -> Problem {
    let at = match e {
        ModelError::UnknownSymbol { pos, .. } | ModelError::GivensDisagree { pos, .. } => {
            Some(*pos)
        }
        ModelError::GivensClash { b, .. } => Some(*b),
        _ => None,
    };
    Problem::Puzzle {
        message: e.to_string(),
        column: at.and_then(|p| column_of(g, text, p)),
    }
}

fn read_line(g: &Arc<Geometry>, line: &str) -> Result<Puzzle, Problem> {
    Puzzle::from_line(g.clone(), line).map_err(|e| puzzle_problem(g, line, &e))
}

/// A puzzle from one line of givens on a variant (built-in name or path).
pub fn from_line(line: &str, variant_name: &str) -> Result<Handle, Problem> {
    let (g, key) = variant(variant_name)?;
    Ok(Handle {
        puzzle: read_line(&g, line)?,
        solution: None,
        origin: Origin::Variant(key),
    })
}

// ---------------------------------------------------------------------------------------------
// What a puzzle is

impl Handle {
    fn g(&self) -> &Arc<Geometry> {
        self.puzzle.geometry()
    }
    /// The variant's name.
    pub fn variant(&self) -> String {
        self.g().name().to_string()
    }
    /// The givens as one line in cell order, `.` for empty.
    pub fn line(&self) -> String {
        self.puzzle.to_line()
    }
    /// The known solution (from the file, or the generator), as a line.
    pub fn solution(&self) -> Option<String> {
        self.solution.as_deref().map(|s| self.grid_line(s))
    }
    /// The symbols, in value order.
    pub fn symbols(&self) -> String {
        self.g().symbols().as_string()
    }
    /// Cell names (`r3c7`) in cell order: the order of every line.
    pub fn cell_names(&self) -> Vec<String> {
        self.g().cells().iter().map(ToString::to_string).collect()
    }
    /// How many cells are given.
    pub fn given_count(&self) -> usize {
        self.puzzle.given_count()
    }
    /// The givens drawn on the canvas as text.
    pub fn canvas(&self) -> String {
        format_canvas(self.g(), self.puzzle.givens())
    }
    fn grid_line(&self, grid: &[u8]) -> String {
        let values: Vec<Option<u8>> = grid.iter().map(|&v| Some(v)).collect();
        format_line(self.g(), &values)
    }

    /// A TOML file that loads back to this puzzle: the text it was read from, or the variant,
    /// givens and known solution.
    pub fn to_toml(&self) -> String {
        match &self.origin {
            Origin::Source { text, .. } => text.clone(),
            Origin::Variant(key) => {
                let mut out = format!(
                    "variant = {}\ngivens = {}\n",
                    shapedoku::load::toml_string(key),
                    shapedoku::load::toml_string(&self.line())
                );
                if let Some(s) = self.solution() {
                    out.push_str(&format!(
                        "solution = {}\n",
                        shapedoku::load::toml_string(&s)
                    ));
                }
                out
            }
        }
    }

    /// (name, TOML text, base directory): enough to load the same puzzle in another process.
    pub fn state(&self) -> (String, String, Option<String>) {
        match &self.origin {
            Origin::Source {
                name,
                text,
                base_dir,
            } => (
                name.clone(),
                text.clone(),
                base_dir.as_ref().map(|d| d.display().to_string()),
            ),
            Origin::Variant(_) => ("<puzzle>".into(), self.to_toml(), None),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Counting

/// Search statistics.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct StatsOut {
    /// Search nodes visited.
    pub nodes: u64,
    /// Guesses made.
    pub guesses: u64,
}

/// A solution count.
#[derive(Debug, Clone, Serialize)]
pub struct CountOut {
    /// `no_solution`, `unique`, `several`, `at_least_one` or `undecided`.
    pub verdict: String,
    /// The solutions found (up to the limit), as lines.
    pub solutions: Vec<String>,
    /// Whether the search space was exhausted, so the count is exact.
    pub exact: bool,
    /// Search statistics.
    pub stats: StatsOut,
}

/// The count of a puzzle known to have no solution, found without a search.
fn no_solution() -> shapedoku::Count {
    shapedoku::Count {
        solutions: Vec::new(),
        exhausted: true,
        stopped: None,
        stats: Default::default(),
    }
}

/// Counts with a compiled solver for the puzzle's geometry (reused across a batch).
fn count_with(solver: &mut Solver, p: &Puzzle, limit: usize, guesses: Option<u64>) -> CountOut {
    let c = if p.clashes().is_empty() {
        let budget = match guesses {
            Some(max) => Budget::unlimited().with_guesses(max),
            None => Budget::unlimited(),
        };
        match solver.set_givens(p.givens()) {
            Ok(()) => solver.count_with(limit, &budget),
            // Givens the solver refuses cannot be completed either.
            Err(_) => no_solution(),
        }
    } else {
        // Givens that already break a shape: no solution, and no search.
        no_solution()
    };
    CountOut {
        verdict: snake(c.verdict()),
        solutions: c.solutions.iter().map(Grid::to_line).collect(),
        exact: c.exhausted,
        stats: StatsOut {
            nodes: c.stats.nodes,
            guesses: c.stats.guesses,
        },
    }
}

impl Handle {
    /// Counts solutions up to `limit`, stopping after `guesses` guesses when given.
    pub fn count(&self, limit: usize, guesses: Option<u64>) -> CountOut {
        let mut solver = Solver::for_geometry(self.g().clone());
        count_with(&mut solver, &self.puzzle, limit.max(1), guesses)
    }
}

// ---------------------------------------------------------------------------------------------
// Reasoning

/// A logical step, as the library's view of it (the technique by its catalogue id, the same the
/// CLI prints) with each placement and elimination also carrying its cell index.
fn step_out(p: &Puzzle, step: &reason::Step) -> Value {
    let g = p.geometry();
    let mut v = serde_json::to_value(explain::view(g, step)).unwrap_or(Value::Null);
    let index = |list: &[reason::Candidate], key: &str, v: &mut Value| {
        if let Some(items) = v[key].as_array_mut() {
            for (item, c) in items.iter_mut().zip(list) {
                item["index"] = Value::from(c.cell.index());
            }
        }
    };
    index(&step.placements, "placements", &mut v);
    index(&step.eliminations, "eliminations", &mut v);
    v
}

fn check_solvable(p: &Puzzle) -> Result<(), Problem> {
    p.check_clashes()
        .map_err(|e| Problem::Unsolvable(format!("no solution: {e}")))
}

impl Handle {
    /// The next, simplest step; `None` when the puzzle is already solved.
    pub fn hint(&self) -> Result<Option<Value>, Problem> {
        check_solvable(&self.puzzle)?;
        let board = Board::new(&self.puzzle);
        if board.is_solved() {
            return Ok(None);
        }
        let step = reason::next_step(&board).ok_or_else(|| {
            Problem::Unsolvable("no step applies: the puzzle has no solution".into())
        })?;
        Ok(Some(step_out(&self.puzzle, &step)))
    }

    /// Every step of a logical solve, simplest technique first (a guess when nothing else
    /// applies).
    pub fn steps(&self) -> Result<Vec<Value>, Problem> {
        check_solvable(&self.puzzle)?;
        let run = reason::solve(&self.puzzle);
        if !run.board.is_solved() {
            return Err(Problem::Unsolvable(format!(
                "stuck after {} steps: the puzzle has no solution",
                run.steps.len()
            )));
        }
        Ok(run
            .steps
            .iter()
            .map(|s| step_out(&self.puzzle, s))
            .collect())
    }

    /// The difficulty rating.
    pub fn rate(&self) -> Result<RatingOut, Problem> {
        rate_with(None, &self.puzzle)
    }
}

/// A difficulty rating.
#[derive(Debug, Clone, Serialize)]
pub struct RatingOut {
    /// `easy`, `medium`, `hard`, `expert` or `extreme`.
    pub level: String,
    /// Sum of the steps' weights.
    pub score: u64,
    /// Sudoku Explainer estimate (classic 9x9 only).
    pub se: Option<f64>,
    /// The hardest technique used, by its catalogue id (`None` when no step was needed).
    pub hardest: Option<&'static str>,
    /// Number of steps.
    pub steps: usize,
    /// Number of guesses among them.
    pub guesses: usize,
}

/// Rates a puzzle, reusing a template board's per-geometry tables when it fits.
fn rate_with(template: Option<&Board>, p: &Puzzle) -> Result<RatingOut, Problem> {
    check_solvable(p)?;
    let board = match template {
        Some(t) if Arc::ptr_eq(t.geometry(), p.geometry()) => t.with_puzzle(p),
        _ => Board::new(p),
    };
    let run = reason::solve_board(board);
    if !run.board.is_solved() {
        return Err(Problem::Unsolvable("no solution".into()));
    }
    let r = rate::rate_run(p.geometry(), &run);
    Ok(RatingOut {
        level: r.level.name().into(),
        score: r.score,
        se: r.se,
        hardest: r.hardest.map(|t| t.id()),
        steps: r.steps,
        guesses: r.guesses,
    })
}

// ---------------------------------------------------------------------------------------------
// Drawing

impl Handle {
    /// The puzzle as SVG; with `solution`, the solution drawn in (the known one, else the first
    /// the solver finds).
    pub fn render_svg(
        &self,
        solution: bool,
        cell_size: Option<u32>,
        title: Option<String>,
    ) -> Result<String, Problem> {
        let grid = if solution {
            match &self.solution {
                Some(s) => Some(s.clone()),
                None if self.puzzle.clashes().is_empty() => {
                    Solver::new(&self.puzzle).solve().map(Grid::into_indices)
                }
                None => None,
            }
            .map(Some)
            .ok_or_else(|| Problem::Unsolvable("the puzzle has no solution to draw".into()))?
        } else {
            None
        };
        let defaults = RenderOptions::default();
        let opts = RenderOptions {
            solution: grid.as_deref(),
            cell_size: cell_size.unwrap_or(defaults.cell_size),
            title,
            ..defaults
        };
        Ok(render::svg(&self.puzzle, &opts))
    }
}

// ---------------------------------------------------------------------------------------------
// Generating

const SYMMETRIES: [Symmetry; 4] = [
    Symmetry::None,
    Symmetry::Rotate180,
    Symmetry::MirrorLeftRight,
    Symmetry::MirrorTopBottom,
];
const LEVELS: [rate::Level; 5] = [
    rate::Level::Easy,
    rate::Level::Medium,
    rate::Level::Hard,
    rate::Level::Expert,
    rate::Level::Extreme,
];

/// The names `generate` accepts for a symmetry, as the command line writes them.
pub fn symmetry_names() -> Vec<&'static str> {
    SYMMETRIES.iter().map(|s| s.name()).collect()
}

/// What to generate.
#[derive(Debug, Clone)]
pub struct GenerateRequest {
    /// Built-in name or path.
    pub variant: String,
    /// The seed: the same seed and request give the same puzzle.
    pub seed: u64,
    /// A symmetry name (see [`symmetry_names`]).
    pub symmetry: String,
    /// A level name to accept only puzzles of that level.
    pub difficulty: Option<String>,
    /// How many givens to leave (`None`: as few as possible).
    pub givens: Option<usize>,
    /// Fresh grids to try before giving up (`None`: the library's default).
    pub attempts: Option<usize>,
    /// Make a Killer: random cages (distinct values, given sums) over the solution, as
    /// `generate --killer` does; the sizes of the cages as (smallest, largest).
    pub killer: Option<(usize, usize)>,
    /// A starting pattern in cell order or as a canvas picture (whitespace ignored): a symbol
    /// is a given fixed at that value, `*` a cell that must be a given, `.` a free cell
    /// (`generate --pattern`).
    pub pattern: Option<String>,
}

/// Reads a starting pattern: fixed givens (symbols) and required cells (`*`), as
/// `generate --pattern` does.
fn pattern(g: &Arc<Geometry>, text: &str) -> Result<(Vec<Option<u8>>, Vec<usize>), Problem> {
    let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let plain: String = chars
        .iter()
        .map(|&c| if c == '*' { '.' } else { c })
        .collect();
    let p = Puzzle::from_line(g.clone(), &plain).map_err(|e| Problem::Puzzle {
        message: format!("pattern: {e} (use `*` for a cell that must be a given)"),
        column: None,
    })?;
    p.check_clashes().map_err(|e| Problem::Puzzle {
        message: format!("pattern: {e}"),
        column: None,
    })?;
    let canvas = chars.len() != g.cell_count();
    let cols = g.cols() as usize;
    let required = chars
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c == '*')
        .filter_map(|(i, _)| {
            if canvas {
                g.cell_at(Pos::new((i / cols) as u32 + 1, (i % cols) as u32 + 1))
            } else {
                Some(i)
            }
        })
        .collect();
    Ok((p.givens().to_vec(), required))
}

/// Generates a puzzle with exactly one solution.
pub fn generate(req: &GenerateRequest) -> Result<Handle, Problem> {
    let (g, key) = variant(&req.variant)?;
    let symmetry = *SYMMETRIES
        .iter()
        .find(|s| s.name() == req.symmetry)
        .ok_or_else(|| {
            Problem::Argument(format!(
                "unknown symmetry `{}`: use one of {}",
                req.symmetry,
                symmetry_names().join(", ")
            ))
        })?;
    let wanted = match &req.difficulty {
        None => None,
        Some(d) => Some(*LEVELS.iter().find(|l| l.name() == d).ok_or_else(|| {
            let names: Vec<_> = LEVELS.iter().map(|l| l.name()).collect();
            Problem::Argument(format!(
                "unknown difficulty `{d}`: use one of {}",
                names.join(", ")
            ))
        })?),
    };
    let filter = move |p: &Puzzle| wanted.is_none_or(|w| rate::rate(p).level == w);
    let (fixed, required) = match &req.pattern {
        Some(p) => pattern(&g, p)?,
        None => (Vec::new(), Vec::new()),
    };
    let killer = req.killer.map(|(min_cage, max_cage)| KillerOptions {
        min_cage,
        max_cage,
        ..KillerOptions::default()
    });
    // As `generate --killer`: without a given count, a Killer keeps no givens (cages only).
    let target = match (req.givens, killer.is_some()) {
        (Some(n), _) => Target::Givens(n),
        (None, false) => Target::Minimal,
        (None, true) => Target::Givens(0),
    };
    let defaults = Options::default();
    let opts = Options {
        seed: req.seed,
        target,
        symmetry,
        fixed,
        required,
        killer,
        attempts: req.attempts.unwrap_or(defaults.attempts),
        accept: wanted.map(|_| &filter as &(dyn Fn(&Puzzle) -> bool + Sync)),
        ..defaults
    };
    let out = generate::generate(g, &opts).map_err(|e| match e {
        generate::GenerateError::Symmetry { .. }
        | generate::GenerateError::Pattern(_)
        | generate::GenerateError::PatternClash(_)
        | generate::GenerateError::Killer(_) => Problem::Argument(e.to_string()),
        e => Problem::Generate(e.to_string()),
    })?;
    if out.cages.is_empty() {
        return Ok(Handle {
            puzzle: out.puzzle,
            solution: Some(out.solution.into_indices()),
            origin: Origin::Variant(key),
        });
    }
    // Generated cages are not part of the variant: the puzzle is the file that adds them,
    // loaded back, so counting, rating, drawing and `to_toml` all see the cages.
    let geo = out.puzzle.geometry();
    let names = |cells: &[usize]| {
        cells
            .iter()
            .map(|&c| geo.pos(c).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut text = format!(
        "# Generated by shapedoku (Python): seed {}, {} cages.\nvariant = {}\ngivens = {}\nsolution = {}\n",
        out.seed,
        out.cages.len(),
        load::toml_string(&key),
        load::toml_string(&out.puzzle.to_line()),
        load::toml_string(&out.solution.to_line()),
    );
    for cage in &out.cages {
        text.push_str(&format!(
            "\n[[cage]]\nsum = {}\ncells = {}\n",
            cage.sum,
            load::toml_string(&names(&cage.cells))
        ));
    }
    load_text("<generated>", &text, None)
}

// ---------------------------------------------------------------------------------------------
// Batches

/// One line of a `count_many` batch: the count flattened, or the reason there is none.
#[derive(Debug, Clone, Serialize)]
pub struct CountRow {
    /// The line as given.
    pub puzzle: String,
    /// The verdict (see [`CountOut::verdict`]), or `error` for a line that is not a puzzle.
    pub status: String,
    /// The solutions found, as lines.
    pub solutions: Vec<String>,
    /// Whether the count is exact.
    pub exact: Option<bool>,
    /// Search nodes.
    pub nodes: Option<u64>,
    /// Guesses.
    pub guesses: Option<u64>,
    /// Why the line could not be read.
    pub error: Option<String>,
}

/// One line of a `rate_many` batch.
#[derive(Debug, Clone, Serialize)]
pub struct RateRow {
    /// The line as given.
    pub puzzle: String,
    /// `rated`, `unsolvable` or `error` (a line that is not a puzzle).
    pub status: String,
    /// The rating's fields (see [`RatingOut`]); `None` unless rated.
    pub level: Option<String>,
    /// Score.
    pub score: Option<u64>,
    /// Sudoku Explainer estimate.
    pub se: Option<f64>,
    /// The hardest technique, by its catalogue id.
    pub hardest: Option<String>,
    /// Steps.
    pub steps: Option<usize>,
    /// Guesses.
    pub guesses: Option<usize>,
    /// Why there is no rating.
    pub error: Option<String>,
}

/// Runs `work` over items on `threads` threads (all cores when `None`), results in input
/// order. `init` makes per-worker state (a compiled solver), reused across that worker's items.
fn parallel<T: Sync, S, R: Send>(
    items: &[T],
    threads: Option<usize>,
    init: impl Fn() -> S + Sync + Send,
    work: impl Fn(&mut S, &T) -> R + Sync + Send,
) -> Vec<R> {
    use rayon::prelude::*;
    let run = || items.par_iter().map_init(&init, &work).collect::<Vec<R>>();
    match threads {
        Some(n) => match rayon::ThreadPoolBuilder::new()
            .num_threads(n.max(1))
            .build()
        {
            Ok(pool) => pool.install(run),
            Err(_) => run(),
        },
        None => run(),
    }
}

fn line_error(i: usize, e: &Problem) -> String {
    format!("line {}: {e}", i + 1)
}

/// Counts each line's solutions on all cores; one row per line, in order.
pub fn count_many(
    lines: &[String],
    variant_name: &str,
    limit: usize,
    guesses: Option<u64>,
    threads: Option<usize>,
) -> Result<Vec<CountRow>, Problem> {
    let (g, _) = variant(variant_name)?;
    let items: Vec<(usize, &String)> = lines.iter().enumerate().collect();
    Ok(parallel(
        &items,
        threads,
        || Solver::for_geometry(g.clone()),
        |solver, &(i, line)| match read_line(&g, line) {
            Ok(p) => {
                let c = count_with(solver, &p, limit.max(1), guesses);
                CountRow {
                    puzzle: line.clone(),
                    status: c.verdict,
                    solutions: c.solutions,
                    exact: Some(c.exact),
                    nodes: Some(c.stats.nodes),
                    guesses: Some(c.stats.guesses),
                    error: None,
                }
            }
            Err(e) => CountRow {
                puzzle: line.clone(),
                status: "error".into(),
                solutions: Vec::new(),
                exact: None,
                nodes: None,
                guesses: None,
                error: Some(line_error(i, &e)),
            },
        },
    ))
}

/// Rates each line on all cores; one row per line, in order.
pub fn rate_many(
    lines: &[String],
    variant_name: &str,
    threads: Option<usize>,
) -> Result<Vec<RateRow>, Problem> {
    let (g, _) = variant(variant_name)?;
    let template = Board::new(&Puzzle::empty(g.clone()));
    let items: Vec<(usize, &String)> = lines.iter().enumerate().collect();
    Ok(parallel(
        &items,
        threads,
        || (),
        |_, &(i, line)| {
            let empty = RateRow {
                puzzle: line.clone(),
                status: "error".into(),
                level: None,
                score: None,
                se: None,
                hardest: None,
                steps: None,
                guesses: None,
                error: None,
            };
            let p = match read_line(&g, line) {
                Ok(p) => p,
                Err(e) => {
                    return RateRow {
                        error: Some(line_error(i, &e)),
                        ..empty
                    };
                }
            };
            match rate_with(Some(&template), &p) {
                Ok(r) => RateRow {
                    status: "rated".into(),
                    level: Some(r.level),
                    score: Some(r.score),
                    se: r.se,
                    hardest: r.hardest.map(String::from),
                    steps: Some(r.steps),
                    guesses: Some(r.guesses),
                    ..empty
                },
                Err(e) => RateRow {
                    status: "unsolvable".into(),
                    error: Some(e.to_string()),
                    ..empty
                },
            }
        },
    ))
}

// ---------------------------------------------------------------------------------------------
// True candidates, import and export links

/// The true candidates of a puzzle: per cell, the symbols some solution puts there.
#[derive(Debug, Clone, Serialize)]
pub struct CandidatesOut {
    /// The cells' names, in cell order.
    pub cells: Vec<String>,
    /// Per cell, the symbols found in a solution.
    pub possible: Vec<String>,
    /// Per cell, symbols neither found nor ruled out before a limit stopped the search.
    pub undecided: Vec<String>,
    /// Whether every candidate is decided (no limit or solution cap stopped the search).
    pub complete: bool,
    /// Solutions found on the way.
    pub solutions_found: usize,
    /// Whether the solution cap stopped the search.
    pub capped: bool,
}

impl Handle {
    /// The true candidates, as `shapedoku candidates` finds them: at most `max_solutions`
    /// solutions are enumerated, each search under `guesses` (`None`: unlimited).
    pub fn candidates(&self, max_solutions: usize, guesses: Option<u64>) -> CandidatesOut {
        let g = self.g();
        let sym = g.symbols();
        let budget = Budget {
            guesses,
            ..Budget::default()
        };
        let tc = Solver::new(&self.puzzle).true_candidates(max_solutions, &budget);
        let text = |s: &shapedoku::SymbolSet| s.iter().map(|v| sym.char(v)).collect::<String>();
        CandidatesOut {
            cells: (0..g.cell_count()).map(|c| g.pos(c).to_string()).collect(),
            possible: tc.possible.iter().map(text).collect(),
            undecided: tc.undecided.iter().map(text).collect(),
            complete: tc.is_complete(),
            solutions_found: tc.solutions.len(),
            capped: tc.capped,
        }
    }

    /// The puzzle as an f-puzzles (`fpuzzles`) or SudokuPad (`sudokupad`) link, as
    /// `shapedoku export` writes it: the title, author and rules text of the file's header and
    /// the known solution go with it. What the app cannot hold is an `Argument` problem naming
    /// each part.
    pub fn export(&self, target: &str) -> Result<ExportOut, Problem> {
        let (target, id) = match target {
            "fpuzzles" | "f-puzzles" => (shapedoku::export::Target::FPuzzles, "fpuzzles"),
            "sudokupad" => (shapedoku::export::Target::SudokuPad, "sudokupad"),
            t => {
                return Err(Problem::Argument(format!(
                    "unknown export target `{t}`: use fpuzzles or sudokupad"
                )));
            }
        };
        let meta = match &self.origin {
            Origin::Source { text, .. } => shapedoku::export::Meta::from_file(text, self.g()),
            Origin::Variant(_) => shapedoku::export::Meta::from_geometry(self.g()),
        };
        let out = shapedoku::export::export(&self.puzzle, self.solution.as_deref(), &meta, target)
            .map_err(|e| Problem::Argument(format!("cannot export: {e}")))?;
        Ok(ExportOut {
            link: out.link,
            target: id.to_string(),
            with_solution: self.solution.is_some(),
            notes: out.notes,
        })
    }
}

/// A puzzle exported as a link.
#[derive(Debug, Clone, Serialize)]
pub struct ExportOut {
    /// The link.
    pub link: String,
    /// `fpuzzles` or `sudokupad`.
    pub target: String,
    /// Whether the puzzle's solution is in the link (SudokuPad then checks answers).
    pub with_solution: bool,
    /// What the reader should know about the link.
    pub notes: Vec<String>,
}

/// What an imported link brought besides the puzzle.
#[derive(Debug, Clone, Serialize)]
pub struct ImportOut {
    /// `f-puzzles` or `SudokuPad`: the format read.
    pub format: String,
    /// Elements only drawn, not rules, left out of the file (listed in its header too).
    pub left_out: Vec<String>,
    /// Elements read as rules that the reader should check against the rules text.
    pub readings: Vec<String>,
}

/// An f-puzzles or SudokuPad link (or its payload or JSON) as a puzzle: the commented file
/// `shapedoku import` writes, loaded. A link that cannot be imported is an `Argument` problem
/// saying why.
pub fn import_link(link: &str) -> Result<(Handle, ImportOut), Problem> {
    let imported = shapedoku::import::import(link)
        .map_err(|e| Problem::Argument(format!("cannot import: {e}")))?;
    let handle = load_text("<imported>", &imported.toml, None)?;
    Ok((
        handle,
        ImportOut {
            format: imported.format.name().to_string(),
            left_out: imported.left_out,
            readings: imported.readings,
        },
    ))
}
