//! The JSON the studio's API reads and writes, in one place (docs/studio.md documents it).
//!
//! These are the server's own types for now; as the library's results gain `serde::Serialize`
//! (steps, counts, ratings, diagnostics), the response types here are to be replaced by the
//! library's serialised types, which is why nothing outside this module builds JSON by hand.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::ops::RangeInclusive;

/// The most solutions `count` counts up to.
pub const MAX_COUNT: usize = 1000;
/// The sizes of a cell `render` draws, in pixels.
pub const CELL_SIZES: RangeInclusive<u32> = 8..=200;
/// The largest seed a JSON number may carry: JavaScript's numbers hold every integer up to
/// here exactly (`Number.MAX_SAFE_INTEGER`), and round beyond it, so a larger number may
/// already have been rounded by the client. Larger seeds travel as strings.
pub const MAX_NUMBER_SEED: u64 = (1 << 53) - 1;

/// The request body of `check`, `count`, `solve`, `hint`, `steps`, `rate` and `render`.
///
/// Every endpoint reads `toml`; the others are optional and each endpoint reads the ones its
/// section of docs/studio.md names. Unknown fields are refused, so a typo is an error rather
/// than silently ignored.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleRequest {
    /// The text of the puzzle or variant file being edited.
    pub toml: String,
    /// How to name the file in messages (default `editor.toml`).
    #[serde(default)]
    pub name: Option<String>,
    /// A name for a stream of requests (the page uses `editor`): a new request on a channel
    /// cancels the one still running on it.
    #[serde(default)]
    pub channel: Option<String>,
    /// Lowers the server's guess limit for this request.
    #[serde(default)]
    pub guess_limit: Option<u64>,
    /// Lowers the server's time limit for this request, in milliseconds.
    #[serde(default)]
    pub time_limit_ms: Option<u64>,
    /// `count`: count solutions up to this many (default 2, at most 1000).
    #[serde(default)]
    pub limit: Option<usize>,
    /// A solver's values, one character per cell in cell order (`.` empty), givens included.
    #[serde(default)]
    pub values: Option<String>,
    /// A solver's candidates per cell (`null`: not tracked, the cell's own candidates apply).
    #[serde(default)]
    pub candidates: Option<Vec<Option<String>>>,
    /// `render`: what to pick out on the drawing.
    #[serde(default)]
    pub highlight: Option<Highlight>,
    /// `render`: also draw the solution (found within the budget).
    #[serde(default)]
    pub solution: bool,
    /// `render`: draw every cell's candidates, computed from the givens, values and candidates.
    #[serde(default)]
    pub fill_candidates: bool,
    /// `render`: side of a cell in pixels (default 48, 8 to 200).
    #[serde(default)]
    pub cell_size: Option<u32>,
    /// `hint`, `steps`, `rate`: the order the logical solver tries the techniques in,
    /// `default` (shapedoku's) or `hodoku` (HoDoKu's, as `--order hodoku` on the command line).
    #[serde(default)]
    pub order: Option<String>,
}

impl PuzzleRequest {
    /// Refuses values out of their documented range, rather than quietly working with others.
    pub fn validate(&self) -> Result<(), ApiError> {
        if let Some(n) = self.limit {
            if !(1..=MAX_COUNT).contains(&n) {
                return Err(ApiError::bad_request(format!(
                    "limit: {n} is out of range; count up to 1 to {MAX_COUNT} solutions"
                )));
            }
        }
        self.technique_order()?;
        if let Some(size) = self.cell_size {
            if !CELL_SIZES.contains(&size) {
                return Err(ApiError::bad_request(format!(
                    "cell_size: {size} is out of range; a cell is {} to {} pixels",
                    CELL_SIZES.start(),
                    CELL_SIZES.end()
                )));
            }
        }
        Ok(())
    }
}

impl PuzzleRequest {
    /// The technique order asked for (`default` when none); an unknown name is a 400.
    pub fn technique_order(&self) -> Result<shapedoku::reason::Order, ApiError> {
        use shapedoku::reason::Order;
        match self.order.as_deref() {
            None => Ok(Order::Default),
            Some(name) => Order::ALL
                .into_iter()
                .find(|o| o.name() == name)
                .ok_or_else(|| {
                    ApiError::bad_request(format!("order: `{name}`; use default or hodoku"))
                }),
        }
    }
}

/// What a drawing picks out (`render` requests; `hint` answers use the same form).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Highlight {
    /// Cell ids to shade.
    #[serde(default)]
    pub cells: Vec<u32>,
    /// Shape ids to shade lightly.
    #[serde(default)]
    pub shapes: Vec<u32>,
    /// Candidates a step places.
    #[serde(default)]
    pub placements: Vec<CellSymbol>,
    /// Candidates a step eliminates.
    #[serde(default)]
    pub eliminations: Vec<CellSymbol>,
}

/// A symbol in a cell: `{"cell": 5, "name": "r1c6", "symbol": "8"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellSymbol {
    /// The cell id (0-based, cell order).
    pub cell: u32,
    /// The cell's name, `r1c6` (ignored in requests).
    #[serde(default)]
    pub name: String,
    /// The symbol as written.
    pub symbol: String,
}

/// The request body of `generate`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GenerateRequest {
    /// A built-in variant's name. Exactly one of `variant` and `toml` is given.
    #[serde(default)]
    pub variant: Option<String>,
    /// The edited file: its geometry is used, and the result is this text with new `givens`
    /// and `solution`.
    #[serde(default)]
    pub toml: Option<String>,
    /// `none` (default), `rotate180`, `mirror` or `mirror-tb`.
    #[serde(default)]
    pub symmetry: Option<String>,
    /// `easy`, `medium`, `hard`, `expert` or `extreme`; none: any.
    #[serde(default)]
    pub difficulty: Option<String>,
    /// The seed (default: from the clock): a string of decimal digits (`"13339356320099245831"`,
    /// any `u64`), or a JSON number up to [`MAX_NUMBER_SEED`].
    #[serde(default, deserialize_with = "seed_in")]
    pub seed: Option<u64>,
    /// Stop at this many givens instead of a minimal puzzle.
    #[serde(default)]
    pub givens: Option<usize>,
    /// See [`PuzzleRequest::channel`].
    #[serde(default)]
    pub channel: Option<String>,
    /// See [`PuzzleRequest::time_limit_ms`].
    #[serde(default)]
    pub time_limit_ms: Option<u64>,
}

/// Reads a seed: a string of decimal digits, or a number small enough that no JavaScript
/// client can have rounded it.
fn seed_in<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    use serde::de::Error;
    use serde_json::Value;
    let bad = |what: String| {
        D::Error::custom(format!(
            "seed: {what}; send a seed as a string of decimal digits, 0 to {}",
            u64::MAX
        ))
    };
    match Value::deserialize(d)? {
        Value::Null => Ok(None),
        Value::String(t) => {
            if t.is_empty() || t.len() > 20 || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad(format!(
                    "`{}` is not a decimal number",
                    t.escape_debug()
                )));
            }
            t.parse()
                .map(Some)
                .map_err(|_| bad(format!("{t} is larger than the largest seed")))
        }
        Value::Number(n) => match n.as_u64() {
            Some(v) if v <= MAX_NUMBER_SEED => Ok(Some(v)),
            Some(v) => Err(bad(format!(
                "the number {v} is above 2^53, where JavaScript numbers round (it may not be the seed meant)"
            ))),
            None => Err(bad(format!("{n} is not a whole number from 0 up"))),
        },
        other => Err(bad(format!("{other} is not a seed"))),
    }
}

/// Writes a seed as a string of decimal digits.
fn seed_out<S: Serializer>(seed: &u64, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(seed)
}

/// The body of `PUT /api/file`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveRequest {
    /// The new text of the file.
    pub toml: String,
}

/// Why a search stopped before it was done.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stop {
    /// It used up its guesses.
    GuessLimit,
    /// It ran out of time.
    TimeLimit,
    /// A newer request on the same channel replaced it, or its client went away.
    Cancelled,
}

/// The limits a request ran under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Limits {
    /// Guesses allowed to each search.
    pub guess_limit: u64,
    /// Wall-clock time allowed to the request, in milliseconds.
    pub time_limit_ms: u64,
}

/// One problem in a file, with where it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// The file it is in (the edited file's name, or `builtin:NAME` for its base variant).
    pub file: String,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// 1-based column in characters, when known.
    pub column: Option<usize>,
    /// Where the offending text ends (line), when known.
    pub end_line: Option<usize>,
    /// Where the offending text ends (column), when known.
    pub end_column: Option<usize>,
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub help: Option<String>,
    /// Other places that explain it.
    pub related: Vec<Related>,
}

/// A place in the file that explains a diagnostic.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Related {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is there.
    pub note: String,
}

/// An error answer: HTTP status, message and, for a file with problems, every problem.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ApiError {
    /// The HTTP status (not serialised).
    #[serde(skip)]
    pub status: u16,
    /// What went wrong.
    pub error: String,
    /// The file's problems, when that is what went wrong.
    pub diagnostics: Vec<Diagnostic>,
    /// When a limit stopped the request before it could answer (HTTP 503): which.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<Stop>,
    /// With `stopped`: the limits the request ran under.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limits: Option<Limits>,
    /// With `stopped`: the time the request used, in milliseconds (waiting its turn included).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub elapsed_ms: Option<f64>,
}

impl ApiError {
    /// A 400: the request itself is wrong.
    pub fn bad_request(msg: impl Into<String>) -> Self {
        ApiError {
            status: 400,
            error: msg.into(),
            diagnostics: Vec::new(),
            stopped: None,
            limits: None,
            elapsed_ms: None,
        }
    }
    /// A 404.
    pub fn not_found(msg: impl Into<String>) -> Self {
        ApiError {
            status: 404,
            error: msg.into(),
            diagnostics: Vec::new(),
            stopped: None,
            limits: None,
            elapsed_ms: None,
        }
    }
    /// A 422: the file has problems, or the puzzle cannot be worked on (no solution, ...).
    pub fn unprocessable(msg: impl Into<String>, diagnostics: Vec<Diagnostic>) -> Self {
        ApiError {
            status: 422,
            error: msg.into(),
            diagnostics,
            stopped: None,
            limits: None,
            elapsed_ms: None,
        }
    }
    /// A 503: a limit stopped the request before it could answer, after `elapsed_ms`.
    pub fn stopped(stop: Stop, limits: Limits, elapsed_ms: f64) -> Self {
        let why = match stop {
            Stop::GuessLimit => format!("the guess limit ({}) was reached", limits.guess_limit),
            Stop::TimeLimit => format!(
                "the time limit ({} ms) was reached after {elapsed_ms} ms",
                limits.time_limit_ms
            ),
            Stop::Cancelled => "a newer request replaced it".to_string(),
        };
        ApiError {
            status: 503,
            error: format!("stopped before answering: {why}"),
            diagnostics: Vec::new(),
            stopped: Some(stop),
            limits: Some(limits),
            elapsed_ms: Some(elapsed_ms),
        }
    }
    /// A 500.
    pub fn internal(msg: impl Into<String>) -> Self {
        ApiError {
            status: 500,
            error: msg.into(),
            diagnostics: Vec::new(),
            stopped: None,
            limits: None,
            elapsed_ms: None,
        }
    }
}

/// `check`: every problem, and what the file describes.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CheckResponse {
    /// Whether there is no problem.
    pub clean: bool,
    /// Every problem, in file order.
    pub diagnostics: Vec<Diagnostic>,
    /// What the file describes, when its geometry compiled.
    pub facts: Option<Facts>,
}

/// What a file describes.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Facts {
    /// Variant or puzzle name.
    pub name: String,
    /// Whether it is a puzzle rather than a variant.
    pub is_puzzle: bool,
    /// Number of cells.
    pub cells: usize,
    /// Canvas rows.
    pub rows: u32,
    /// Canvas columns.
    pub cols: u32,
    /// The alphabet.
    pub symbols: String,
    /// Number of shapes.
    pub shapes: usize,
    /// Number of houses.
    pub houses: usize,
    /// Number of givens, when they could be read.
    pub givens: Option<usize>,
    /// Shapes by kind: `[["row", 9], ...]`.
    pub by_kind: Vec<(String, usize)>,
}

/// `count`: how many solutions, how sure, how long.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CountResponse {
    /// `none`, `unique`, `several`, `found` (limit 1) or `undecided` (a limit stopped it).
    pub status: String,
    /// Solutions found (at most `limit`).
    pub found: usize,
    /// Whether the search was exhaustive, so `found` is exact.
    pub exact: bool,
    /// The limit counted up to.
    pub limit: usize,
    /// Why the search stopped early, if it did.
    pub stopped: Option<Stop>,
    /// Guesses made.
    pub guesses: u64,
    /// Search nodes.
    pub nodes: u64,
    /// Wall-clock time, milliseconds.
    pub elapsed_ms: f64,
    /// The limits it ran under.
    pub limits: Limits,
}

/// `solve`: the count, and a solution with its drawing when one was found.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SolveResponse {
    /// The count (up to 2).
    #[serde(flatten)]
    pub count: CountResponse,
    /// The first solution, one symbol per cell in cell order.
    pub solution: Option<String>,
    /// The puzzle drawn with that solution.
    pub svg: Option<String>,
}

/// `render`: the drawing and what a page needs to work with it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RenderResponse {
    /// The SVG (every cell carries its id in a `data-cell` hit area).
    pub svg: String,
    /// Cell names in cell order (`r1c1`, ...).
    pub cell_names: Vec<String>,
    /// The alphabet.
    pub symbols: String,
    /// The givens, one character per cell (`.` empty).
    pub givens: String,
    /// With `fill_candidates`: the board the candidates came from.
    pub board: Option<BoardView>,
    /// Whether the file had problems (the drawing then shows what could be built).
    pub partial: bool,
    /// Why the solution is missing, when `solution` was asked and the search stopped.
    pub stopped: Option<Stop>,
}

/// A solver's board: values and candidates per cell.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardView {
    /// One character per cell, `.` empty.
    pub values: String,
    /// Candidates of each cell (the value alone for a filled cell).
    pub candidates: Vec<String>,
}

/// A logical step.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StepView {
    /// The technique's stable id in the catalogue (`hidden_single`, `x_wing`, ...).
    pub technique: String,
    /// Its name as people say it (`Hidden Single`, `X-Wing`).
    pub name: String,
    /// The explanation, conclusion first.
    pub text: String,
    /// The compact notation.
    pub compact: String,
    /// Why the step works, in a sentence or two for learners (the teaching style's addition).
    pub why: String,
    /// The level this step alone asks for.
    pub level: String,
    /// What it places.
    pub placements: Vec<CellSymbol>,
    /// What it eliminates.
    pub eliminations: Vec<CellSymbol>,
    /// The highlight that shows it.
    pub highlight: Highlight,
}

/// An entry that disagrees with the solution.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Mistake {
    /// The cell id.
    pub cell: u32,
    /// Its name.
    pub name: String,
    /// What is wrong, in words.
    pub text: String,
}

/// `hint`: the next step from a solver's board, without applying it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HintResponse {
    /// `step`, `mistakes` (an entry or candidate list contradicts the solution), `solved`,
    /// `stuck` (no technique applies) or `stopped` (a limit).
    pub outcome: String,
    /// The step, for `step`.
    pub step: Option<StepView>,
    /// The mistakes, for `mistakes`.
    pub mistakes: Vec<Mistake>,
    /// The board after the step ("step" applies it by taking this).
    pub after: Option<BoardView>,
    /// The board before the step, drawn with the step highlighted.
    pub svg: Option<String>,
    /// Why it stopped, for `stopped`.
    pub stopped: Option<Stop>,
}

/// `steps`: every step from a solver's board to the end, and the rating of that run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StepsResponse {
    /// The steps, in order.
    pub steps: Vec<StepView>,
    /// Whether they reach a full grid.
    pub solved: bool,
    /// The rating of the run.
    pub rating: Option<RateResponse>,
    /// Why the run stopped early, if it did.
    pub stopped: Option<Stop>,
    /// Wall-clock time, milliseconds.
    pub elapsed_ms: f64,
}

/// `rate`: difficulty.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RateResponse {
    /// Sum of the step weights.
    pub score: u64,
    /// `easy`, `medium`, `hard`, `expert` or `extreme`.
    pub level: String,
    /// The name of the hardest technique used (`X-Wing`; empty when no step was needed).
    pub hardest: String,
    /// Sudoku Explainer estimate (classic 9x9 only).
    pub se: Option<f64>,
    /// Steps taken.
    pub steps: usize,
    /// Guesses among them.
    pub guesses: usize,
    /// Whether logic reached a full grid.
    pub solved: bool,
    /// Why the rating stopped early, if it did (the other fields are then absent from the page).
    pub stopped: Option<Stop>,
    /// Wall-clock time, milliseconds.
    pub elapsed_ms: f64,
}

/// `generate`: a new puzzle file.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GenerateResponse {
    /// The puzzle file's text, ready for the editor.
    pub toml: String,
    /// The seed of the puzzle, written as a string of decimal digits so that no JSON reader
    /// rounds it.
    #[serde(serialize_with = "seed_out")]
    pub seed: u64,
    /// Number of givens.
    pub givens: usize,
    /// The rated level.
    pub level: String,
    /// Solution grids tried.
    pub attempts: usize,
    /// Why it stopped without a puzzle, if it did (then `toml` is empty).
    pub stopped: Option<Stop>,
    /// Wall-clock time, milliseconds.
    pub elapsed_ms: f64,
}

/// `GET /api/builtins`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BuiltinsResponse {
    /// Example puzzles, one per built-in variant.
    pub examples: Vec<Named>,
    /// The built-in variants.
    pub variants: Vec<Named>,
}

/// A name and a description.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Named {
    /// The name.
    pub name: String,
    /// One line about it.
    pub description: String,
}

/// `GET /api/examples/NAME`, `GET /api/variants/NAME`, `GET /api/file`: a file's text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FileResponse {
    /// Its name (the path, for the command line's file).
    pub name: String,
    /// Its text (empty for a file that does not exist yet).
    pub toml: String,
    /// Whether the page may save back to it (only the command line's file).
    pub writable: bool,
}

/// `PUT /api/file`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SaveResponse {
    /// The file written.
    pub name: String,
    /// Bytes written.
    pub bytes: usize,
}

/// `GET /api/info`: the server's limits, for the page to show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct InfoResponse {
    /// The limits of every request.
    pub limits: Limits,
    /// The time limit of `generate`, milliseconds.
    pub generate_time_limit_ms: u64,
    /// The largest request body, bytes.
    pub body_limit: usize,
    /// The command line's file, if one was given.
    pub file: Option<String>,
    /// Whether `import` (f-puzzles and SudokuPad links) is available.
    pub import: bool,
}
