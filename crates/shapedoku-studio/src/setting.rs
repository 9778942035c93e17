//! The JSON of the setting endpoints (`edit`, `layout`, `candidates`, `import`, `export`): what
//! the page's drawing tools send and what they read back. docs/studio.md documents them.

use serde::{Deserialize, Serialize};

/// The body of `edit`: the file's text and one change to make to it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EditRequest {
    /// The text of the file being edited.
    pub toml: String,
    /// How to name the file in diagnostics (default `editor.toml`).
    #[serde(default)]
    pub name: Option<String>,
    /// The change.
    pub edit: Edit,
}

/// One change to a file, as a drawing tool makes it. Cells are written as in the file
/// (`r3c4`). Every change keeps the rest of the text as it was: comments, order, layout.
#[derive(Debug, Clone, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
pub enum Edit {
    /// Appends a `[[rule]]`, `[[cage]]` or `[[shape]]` table after the last one of its kind
    /// (at the end of the file when it is the first).
    Add {
        /// `rule`, `cage` or `shape`.
        array: String,
        /// The table's keys: strings, integers, booleans, or arrays of them.
        table: serde_json::Map<String, serde_json::Value>,
    },
    /// Puts a mark on the edge between two cells, or takes it away when it is there: the
    /// first `[[rule]]` of `rule`'s type (with the same `value`, when given) gets the pair in
    /// its `key` array; without such a rule one is added.
    ToggleMark {
        /// `kropki`, `xv`, `difference` or `ratio`.
        rule: String,
        /// `white`, `black` (kropki), `x`, `v` (xv) or `pairs` (difference, ratio).
        key: String,
        /// The two cells.
        pair: [String; 2],
        /// `difference` and `ratio`: the rule's `value`.
        #[serde(default)]
        value: Option<i64>,
    },
    /// Marks cells with a per-cell rule (`odd`, `even`, `minimum`, `maximum`): the cells join
    /// the first rule of that type, or, when all are in it already, leave it.
    ToggleCells {
        /// The rule's type.
        rule: String,
        /// The cells.
        cells: Vec<String>,
    },
    /// Takes away what was drawn last at a place: with `cell`, the last rule, cage or shape
    /// whose cells include it (a per-cell rule loses only that cell); with `pair`, the marks on
    /// that edge; with `at`, the outside clues written there.
    Erase {
        /// A cell.
        #[serde(default)]
        cell: Option<String>,
        /// An edge between two cells.
        #[serde(default)]
        pair: Option<[String; 2]>,
        /// A place outside the cells, `[row, col]`.
        #[serde(default)]
        at: Option<[i64; 2]>,
    },
    /// Sets or clears givens: each cell's character in the `givens` string is replaced where
    /// it stands (`.` clears); a file without `givens` gets them, laid out as the canvas.
    SetGivens {
        /// Cell → symbol (`.` to clear).
        cells: Vec<(String, String)>,
    },
    /// Paints cells into a region: in the file's own `[[grid]]`, its `regions` map (added, in
    /// place of boxes, when missing); on a built-in's grid, a `[[shape]]` of kind `region`
    /// named `piece X`. `.` takes the cells out of every region.
    PaintRegion {
        /// The cells.
        cells: Vec<String>,
        /// The region's character.
        region: String,
    },
}

/// The answer to `edit`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EditResponse {
    /// The file's new text.
    pub toml: String,
    /// Whether the text changed.
    pub changed: bool,
    /// A sentence on what was done, when there is more to say than the text shows.
    pub note: Option<String>,
}

/// The answer to `layout`: what the page needs to draw on and check a board without asking.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LayoutResponse {
    /// Cells in cell order.
    pub cells: Vec<LayoutCell>,
    /// Canvas rows and columns.
    pub rows: u32,
    /// Canvas columns.
    pub cols: u32,
    /// The alphabet.
    pub symbols: String,
    /// The symbols' values, in alphabet order.
    pub values: Vec<i64>,
    /// Whether the drawing is flat (no faces in space): the drawing tools need a flat one.
    pub flat: bool,
    /// The grids: where each sits and its size.
    pub grids: Vec<LayoutGrid>,
    /// Every shape: its cells, whether symbols may repeat in it, its total.
    pub shapes: Vec<LayoutShape>,
    /// The givens, one character per cell (`.` empty).
    pub givens: String,
    /// Whether the file had problems (the layout is then what could be built).
    pub partial: bool,
}

/// A cell of a layout.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LayoutCell {
    /// `r1c1`.
    pub name: String,
    /// Canvas row, from 1.
    pub row: u32,
    /// Canvas column, from 1.
    pub col: u32,
}

/// A grid of a layout.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LayoutGrid {
    /// Its top-left cell, `[row, col]`.
    pub at: [u32; 2],
    /// Its side, for a square grid (the TOML's `size = 9`); absent for a rectangle.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<u32>,
    /// Its number of rows.
    pub height: u32,
    /// Its number of columns.
    pub width: u32,
}

/// A shape of a layout.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LayoutShape {
    /// Its name.
    pub name: String,
    /// Cell ids.
    pub cells: Vec<u32>,
    /// Whether no symbol may repeat in it.
    pub no_repeat: bool,
    /// Its total, for a sum shape.
    pub sum: Option<i64>,
}

/// The answer to `candidates`: the true candidates of the file's puzzle (with the request's
/// values placed), and help toward a unique puzzle.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CandidatesResponse {
    /// Per cell, the symbols seen in some solution.
    pub possible: Vec<String>,
    /// Per cell, symbols neither seen nor ruled out (a limit stopped their search).
    pub undecided: Vec<String>,
    /// Whether every cell and symbol was decided.
    pub complete: bool,
    /// Cells not given whose value is still open: more than one possible symbol, or some
    /// undecided.
    pub open: Vec<u32>,
    /// The distinct solutions found on the way.
    pub solutions_found: usize,
    /// Whether the cap on solutions stopped the work before every pair was decided.
    pub capped: bool,
    /// The given that rules out the most of the solutions found, when there are several.
    pub suggestion: Option<Suggestion>,
    /// Why the work stopped early, if it did.
    pub stopped: Option<crate::api::Stop>,
    /// The time the request used from its arrival (waiting its turn included), milliseconds.
    pub elapsed_ms: f64,
}

/// A suggested next given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Suggestion {
    /// The cell id.
    pub cell: u32,
    /// Its name.
    pub name: String,
    /// The symbol to give.
    pub symbol: String,
    /// How many of the solutions found keep it.
    pub keeps: usize,
    /// Of how many found.
    pub of: usize,
}

/// The body of `import`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImportRequest {
    /// An f-puzzles or SudokuPad link, its payload, or the JSON.
    pub link: String,
}

/// The answer to `import`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ImportResponse {
    /// The puzzle file.
    pub toml: String,
    /// `f-puzzles` or `SudokuPad`.
    pub format: String,
    /// Elements only drawn, so not imported.
    pub left_out: Vec<String>,
    /// Drawn elements read as rules, to check against the rules text.
    pub readings: Vec<String>,
}

/// The app an exported link is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ExportTarget {
    /// f-puzzles (`https://f-puzzles.com/?load=...`).
    Fpuzzles,
    /// SudokuPad (`https://sudokupad.app/fpuzzles...`).
    Sudokupad,
}

/// The body of `export`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExportRequest {
    /// The text of the puzzle or variant file.
    pub toml: String,
    /// How to name the file in diagnostics (default `editor.toml`).
    #[serde(default)]
    pub name: Option<String>,
    /// `fpuzzles` or `sudokupad`.
    pub target: ExportTarget,
}

/// The answer to `export`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ExportResponse {
    /// The link.
    pub link: String,
    /// `f-puzzles` or `SudokuPad`.
    pub target: String,
    /// Whether the file's stated solution went into the link (SudokuPad then checks answers).
    pub with_solution: bool,
    /// What the reader should know about the link: symbols written as other digits, a
    /// solution left out, a rules text written for the puzzle.
    pub notes: Vec<String>,
}

/// The body of `print`: puzzle files printed as a PDF, one puzzle a page, or as a booklet.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrintRequest {
    /// The texts of the puzzle files, in print order (1 to [`PRINT_MAX_PUZZLES`]).
    pub puzzles: Vec<String>,
    /// `false`: each puzzle as large as fits on a page of its own (`render -o x.pdf`);
    /// `true`: a booklet as `shapedoku booklet` makes it (`per_page` a page, each with its
    /// number, title and difficulty, the solutions at the back).
    #[serde(default)]
    pub booklet: bool,
    /// Booklet: puzzles on one page (1 to 12, default 2).
    #[serde(default)]
    pub per_page: Option<usize>,
    /// Booklet: whether the solutions follow the puzzles (default true).
    #[serde(default)]
    pub solutions: Option<bool>,
    /// Booklet: a heading on every page of puzzles, and the document's title.
    #[serde(default)]
    pub title: Option<String>,
    /// `a4` (default) or `letter`.
    #[serde(default)]
    pub paper: Option<String>,
    /// A name for a stream of requests: a new request on a channel cancels the one running.
    #[serde(default)]
    pub channel: Option<String>,
}

/// The most puzzles one `print` request takes: each is proved unique and rated within the
/// request's one time limit.
pub const PRINT_MAX_PUZZLES: usize = 48;

/// The answer of `print`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PrintResponse {
    /// The PDF, base64-encoded (standard alphabet, padded).
    pub pdf: String,
    /// Its pages.
    pub pages: usize,
    /// Each puzzle as printed, in order.
    pub puzzles: Vec<PrintedPuzzle>,
    /// The limit that stopped a proof or rating, when one did (those puzzles are printed
    /// with `undecided` as their note and no solution).
    pub stopped: Option<crate::api::Stop>,
    /// Time used, in milliseconds.
    pub elapsed_ms: f64,
}

/// One puzzle of a `print` answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PrintedPuzzle {
    /// The title printed (the file header's title, else the variant's name).
    pub title: String,
    /// Booklet: the note after the title: the difficulty (`hard, score 1234`), or why the
    /// puzzle has no solution printed (`no solution`, `several solutions`, `undecided`).
    pub note: Option<String>,
}
