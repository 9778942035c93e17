//! The one definition of the command line: help, man page and completions come from it.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::{Path, PathBuf};

/// The file an `-o PATH` option names: `None` when it is absent or `-`, which both mean
/// standard output (no file named `-` is ever written).
pub fn output_file(output: &Option<PathBuf>) -> Option<&Path> {
    output.as_deref().filter(|p| *p != Path::new("-"))
}

/// Solve, explain, rate, generate, check and render Sudoku variants defined by cells and shapes.
#[derive(Debug, Parser)]
#[command(name = "shapedoku", version, about, after_help = crate::exit::HELP)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
    /// The most bytes read from one file or from standard input (a TOML file, a variant it
    /// names, a file of puzzle lines): a larger or endless input is an error. A number of
    /// bytes, or with a suffix K, M or G (powers of 1024); 0 for no cap. Each puzzle line may
    /// also hold at most 1 MiB, and a geometry at most 16,384 cells (see docs/format.md#limits).
    #[arg(long, global = true, value_name = "SIZE", default_value = "64M", value_parser = parse_size)]
    pub max_input: u64,
    /// Stop each search after N guesses (N conflicts for the clause back end of large
    /// alphabets), 0 for no limit. The answer is then "undecided" (exit 3).
    #[arg(long, global = true, value_name = "N", default_value_t = 200_000)]
    pub limit: u64,
    /// Stop each puzzle's search after SECS seconds (decimals allowed), 0 for no limit. The
    /// answer is then "undecided" (exit 3). Default 10; for `generate`, 300 per puzzle (a
    /// minimal 25x25 takes about 40 s of CPU).
    #[arg(long, global = true, value_name = "SECS", value_parser = parse_secs)]
    pub timeout: Option<f64>,
    /// Show no progress. Progress (a bar for a batch, a spinner for one long job) is drawn on
    /// stderr only when it is a terminal, once the work has taken a second
    /// (SHAPEDOKU_PROGRESS_AFTER seconds), and never on a pipe or in a file.
    #[arg(long, short = 'q', global = true)]
    pub quiet: bool,
}

/// Seconds: a number, 0 or more, decimals allowed.
pub fn parse_secs(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && (0.0..1e9).contains(&x) => Ok(x),
        _ => Err(format!("`{s}` is not a number of seconds (0 for no limit)")),
    }
}

/// A byte count: digits with an optional K, M or G (KiB, MiB, GiB also read); 0 means no cap.
pub fn parse_size(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let lower = t.to_ascii_lowercase();
    let num = lower.trim_end_matches("ib").trim_end_matches('b');
    let (digits, shift) = match num.chars().last() {
        Some('k') => (&num[..num.len() - 1], 10),
        Some('m') => (&num[..num.len() - 1], 20),
        Some('g') => (&num[..num.len() - 1], 30),
        _ => (num, 0),
    };
    let n: u64 = digits
        .trim()
        .parse()
        .map_err(|_| format!("`{t}` is not a size: write bytes, or a number with K, M or G"))?;
    match n.checked_mul(1 << shift) {
        Some(0) => Ok(u64::MAX),
        Some(b) => Ok(b),
        None => Err(format!("`{t}` is too large")),
    }
}

/// Output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum Format {
    /// Text for people (a grid drawn on its canvas; one line per puzzle in batches).
    #[default]
    Text,
    /// JSON (JSON Lines for batches: one object per input puzzle).
    Json,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve a puzzle file, or a file of puzzle lines for a single-grid variant.
    #[command(after_help = crate::exit::HELP)]
    Solve(SolveArgs),
    /// Generate puzzles with exactly one solution (minimal, or to a number of givens; Killer
    /// cages too), reproducible by seed.
    #[command(after_help = crate::exit::GENERATE_HELP)]
    Generate(GenerateArgs),
    /// Print the next logical step (the simplest available), for apps and learners.
    #[command(after_help = crate::exit::HELP)]
    Hint(HintArgs),
    /// Rate difficulty: level, score and (classic) a Sudoku Explainer estimate, one line per
    /// puzzle.
    #[command(after_help = crate::exit::HELP)]
    Rate(RateArgs),
    /// List the built-in variants, or print one's TOML.
    Variants(VariantsArgs),
    /// Check variant or puzzle files: every problem with file:line:column and a fix hint, then
    /// what each file describes and how many solutions its puzzle has.
    #[command(after_help = crate::exit::CHECK_HELP)]
    Check(CheckArgs),
    /// Draw a puzzle or variant as SVG, PNG or a PDF page, ready to print.
    #[command(after_help = crate::exit::HELP)]
    Render(RenderArgs),
    /// Print puzzles as a PDF booklet: several to a page, each with its number, title and
    /// difficulty, the solutions at the back.
    #[command(after_help = crate::exit::BOOKLET_HELP)]
    Booklet(BookletArgs),
    /// Time the solver on files of puzzle lines (counting to 2), printing puzzles per second.
    Bench(BenchArgs),
    /// Import an f-puzzles or SudokuPad puzzle (a link, its payload or the JSON) as a
    /// commented puzzle file. Elements that are only drawn are listed in the file and on
    /// stderr; a constraint shapedoku does not know is an error that names it.
    Import(ImportArgs),
    /// Export a puzzle as an f-puzzles or SudokuPad link, with its title, author, rules text
    /// and (when known) its solution. What the app cannot hold (several grids, a `sequence`
    /// rule, a rule whose meaning would change) is refused by name.
    #[command(after_help = crate::exit::EXPORT_HELP)]
    Export(ExportArgs),
    /// True candidates: per cell, the values that appear in at least one solution.
    #[command(after_help = crate::exit::HELP)]
    Candidates(CandidatesArgs),
    /// Serve the studio: a local web page to write, check, solve and generate puzzles, on
    /// 127.0.0.1 by default. FILE is loaded into the page and is the only file it saves to.
    Studio(StudioArgs),
    /// Print shell completions.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff).
    Man,
}

/// Where puzzles come from: a TOML puzzle file, or lines for `--variant`.
#[derive(Debug, Args, Clone)]
pub struct InputArgs {
    /// Variant for puzzle lines: a built-in name or a TOML path. Default: classic. Not needed
    /// for TOML puzzle files, which name their variant.
    #[arg(long, short = 'v', value_name = "NAME|PATH")]
    pub variant: Option<String>,
    /// TOML puzzle files, or text files with one puzzle per line, answered one after the
    /// other; `-` or nothing reads stdin. An f-puzzles or SudokuPad link (or a file holding
    /// one, or the puzzle's JSON) is imported first, as `shapedoku import` does. A line may be a
    /// candidate grid (729 characters, or 81 tokens such as `1249`), and a file may hold one
    /// grid as rows (framed as HoDoKu prints it, or a row of tokens per line).
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Set when several files are read, so that labels name the file.
    #[arg(skip)]
    pub several: bool,
}

/// `solve` options.
#[derive(Debug, Args, Clone)]
pub struct SolveArgs {
    /// Input.
    #[command(flatten)]
    pub input: InputArgs,
    /// Count solutions up to N (at least 1) and report how many exist: 2 tells a unique
    /// puzzle from one with several solutions.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub count: Option<u64>,
    /// Exit 1 unless every puzzle has exactly one solution.
    #[arg(long)]
    pub unique: bool,
    /// With --count: when a puzzle has at least N solutions, estimate how many it has by
    /// random probes of the search tree (Knuth's estimator), with the standard error.
    #[arg(long, requires = "count")]
    pub estimate: bool,
    /// Probes for --estimate: more probes, a smaller error.
    #[arg(long, value_name = "N", default_value_t = 1000, requires = "estimate", value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub probes: u64,
    /// Seed for --estimate (default: taken from the clock and printed); the same seed gives
    /// the same estimate.
    #[arg(long, value_name = "S", requires = "estimate")]
    pub seed: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// Worker threads for batches (default: all cores; output order is always input order).
    #[arg(long, short = 'j', value_name = "N")]
    pub threads: Option<usize>,
    /// Solve step by step with human techniques and print each step (`text`, the default,
    /// `compact` HoDoKu notation, or `teach`: each sentence followed by why the step works);
    /// with `--format json` the steps are data.
    #[arg(long, value_enum, num_args = 0..=1, require_equals = true, default_missing_value = "text", value_name = "STYLE")]
    pub explain: Option<ExplainStyle>,
    /// The order techniques are tried in (with `--explain`): `default`, or `hodoku` for
    /// HoDoKu's default step configuration (docs/techniques.md lists both).
    #[arg(long, value_enum, default_value_t, requires = "explain")]
    pub order: TechniqueOrder,
    /// Candidate-grid output (with `--explain`).
    #[command(flatten)]
    pub grid: GridArgs,
}

/// Printing a position as a candidate grid (`--candidates`), shared by `hint` and
/// `solve --explain`.
#[derive(Debug, Args, Clone)]
pub struct GridArgs {
    /// Also print the position's candidates as a grid: `table` (the default, framed as HoDoKu
    /// and Sudoku Explainer print it), `tokens` (one token such as `1249` per cell, a row per
    /// line), `line` (one character per cell and symbol, `.` where not a candidate) or `toml`
    /// (a puzzle file's `[candidates]` table, for any variant). Each form is also read as
    /// input (`toml` as part of a puzzle file). `hint` prints the position the step is taken in, `solve
    /// --explain` the position it starts from.
    #[arg(long, value_enum, num_args = 0..=1, require_equals = true, default_missing_value = "table", value_name = "FORM")]
    pub candidates: Option<CandidateForm>,
}

/// The written forms of a candidate grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CandidateForm {
    /// Tokens framed by box borders.
    Table,
    /// One token of candidates per cell, a row per line.
    Tokens,
    /// One character per cell and symbol on one line (729 for a 9x9).
    Line,
    /// A puzzle file's `[candidates]` table (any geometry): a `r1c3 = "34"` line per cell
    /// not open to every symbol.
    Toml,
}

/// How explained steps are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum ExplainStyle {
    /// Sentences: `r4c6 = 7: hidden single, 7 fits nowhere else in box 5`.
    #[default]
    Text,
    /// HoDoKu notation: `Hidden Single: r4c6=7`.
    Compact,
    /// Sentences for learners: each step's sentence, then why it works (`... Why: 7 must go
    /// somewhere in box 5, ...`).
    Teach,
}

/// The order the logical solver tries the techniques in (`--order`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum TechniqueOrder {
    /// shapedoku's order, which the SE estimate was fitted on (docs/techniques.md).
    #[default]
    Default,
    /// HoDoKu's default step configuration: naked triples before hidden pairs, BUG+1 before
    /// the simple chains, WXYZ-wing and 3D Medusa only after the forcing chains, ...
    Hodoku,
}

impl TechniqueOrder {
    /// The library's order.
    pub fn order(self) -> shapedoku::reason::Order {
        match self {
            TechniqueOrder::Default => shapedoku::reason::Order::Default,
            TechniqueOrder::Hodoku => shapedoku::reason::Order::Hodoku,
        }
    }
}

/// `hint` options.
#[derive(Debug, Args, Clone)]
pub struct HintArgs {
    /// Input.
    #[command(flatten)]
    pub input: InputArgs,
    /// How to write the step.
    #[arg(long, value_enum, default_value_t)]
    pub style: ExplainStyle,
    /// The order techniques are tried in: `default`, or `hodoku` for HoDoKu's default step
    /// configuration (docs/techniques.md lists both).
    #[arg(long, value_enum, default_value_t)]
    pub order: TechniqueOrder,
    /// Candidate-grid output.
    #[command(flatten)]
    pub grid: GridArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// Worker threads for batches.
    #[arg(long, short = 'j', value_name = "N")]
    pub threads: Option<usize>,
}

/// `rate` options.
#[derive(Debug, Args, Clone)]
pub struct RateArgs {
    /// Input.
    #[command(flatten)]
    pub input: InputArgs,
    /// The order techniques are tried in: `default`, or `hodoku` for HoDoKu's default step
    /// configuration (docs/techniques.md lists both; the SE estimate was fitted on the
    /// default).
    #[arg(long, value_enum, default_value_t)]
    pub order: TechniqueOrder,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// Worker threads for batches (default: all cores; output order is always input order).
    #[arg(long, short = 'j', value_name = "N")]
    pub threads: Option<usize>,
}

/// `variants` options.
#[derive(Debug, Args)]
pub struct VariantsArgs {
    /// What to do; nothing lists the built-ins.
    #[command(subcommand)]
    pub action: Option<VariantsAction>,
}

/// `variants` actions.
#[derive(Debug, Subcommand)]
pub enum VariantsAction {
    /// List the built-ins with their descriptions.
    List,
    /// Print a built-in's TOML, a starting point for authoring.
    Show {
        /// Built-in name.
        name: String,
    },
    /// Write a commented starting file for a new variant, based on a built-in (or a file).
    New {
        /// Name of the new variant; the file is NAME.toml unless -o is given.
        name: String,
        /// The variant to start from: a built-in name or a TOML path.
        #[arg(long, value_name = "NAME|PATH", default_value = "classic")]
        from: String,
        /// Where to write (`-` for stdout). Default: NAME.toml.
        #[arg(long, short = 'o', value_name = "PATH")]
        output: Option<PathBuf>,
        /// Overwrite an existing file.
        #[arg(long)]
        force: bool,
    },
}

/// `check` options.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Variant or puzzle files (TOML); `-` reads one from stdin (a relative `variant` path is
    /// then resolved from the current directory).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Count a puzzle's solutions up to N (2 tells one from several). The search stops at
    /// `--limit` guesses or `--timeout` seconds (the answer is then "undecided").
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub count: u64,
    /// Do not search for solutions.
    #[arg(long)]
    pub no_solve: bool,
    /// Count a puzzle without exactly one solution as a problem.
    #[arg(long)]
    pub unique: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

/// `studio` options.
#[derive(Debug, Args)]
pub struct StudioArgs {
    /// A puzzle or variant file to edit; the page saves to it (and to no other file). It is
    /// created on the first save when it does not exist yet.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Port to listen on (0, the default: a free port).
    #[arg(long, default_value_t = 0)]
    pub port: u16,
    /// Address to listen on. Anything but a loopback address lets other machines use the
    /// studio, and save to FILE.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    pub bind: std::net::IpAddr,
}

/// `import` options.
#[derive(Debug, Args)]
pub struct ImportArgs {
    /// An f-puzzles link (`https://www.f-puzzles.com/?load=...`) or its payload, a SudokuPad
    /// link (`https://sudokupad.app/scl...`, `.../fpuzzles...`) or payload, the puzzle's
    /// JSON, or a file holding any of these; `-` or nothing reads stdin.
    #[arg(value_name = "LINK|FILE")]
    pub input: Option<String>,
    /// Write the puzzle file here instead of stdout (`-`: stdout).
    #[arg(long, short = 'o', value_name = "PATH")]
    pub output: Option<PathBuf>,
    /// Overwrite an existing output file.
    #[arg(long)]
    pub force: bool,
}

/// The app `export` writes a link for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ExportTarget {
    /// f-puzzles: `https://f-puzzles.com/?load=...`.
    Fpuzzles,
    /// SudokuPad: `https://sudokupad.app/fpuzzles...` (the same payload, which SudokuPad
    /// opens and checks answers with).
    Sudokupad,
}

/// `export` options.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// A TOML puzzle file, an f-puzzles or SudokuPad link, or (with --variant) a file of
    /// puzzle lines, one link each; `-` or nothing reads stdin.
    #[command(flatten)]
    pub input: InputArgs,
    /// The app the link is for.
    #[arg(long, value_enum)]
    pub to: ExportTarget,
    /// Text prints the link; JSON prints one object per puzzle with the link, the f-puzzles
    /// JSON it carries and the notes.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// Write to this file instead of stdout (`-` for stdout).
    #[arg(long, short = 'o', value_name = "PATH")]
    pub output: Option<PathBuf>,
    /// Overwrite an existing output file.
    #[arg(long)]
    pub force: bool,
    /// When the puzzle states no solution, solve it (within --limit and --timeout) and put
    /// its solution in the link, so SudokuPad checks answers; a puzzle without exactly one
    /// solution is then not exported (exit 1, or 3 when a limit stopped the search).
    #[arg(long)]
    pub solve: bool,
}

/// `candidates` options.
#[derive(Debug, Args, Clone)]
pub struct CandidatesArgs {
    /// A puzzle: a TOML file, an f-puzzles or SudokuPad link, or (with --variant) a file
    /// holding one puzzle line; `-` or nothing reads stdin.
    #[command(flatten)]
    pub input: InputArgs,
    /// Stop after finding this many distinct solutions; the candidates not yet decided are
    /// then reported as undecided.
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub max_solutions: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

/// `bench` options.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Files of puzzle lines.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Variant of the puzzle lines.
    #[arg(long, short = 'v', default_value = "classic")]
    pub variant: String,
    /// Count solutions up to this many.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub count: u64,
    /// Stop each file after this many puzzles.
    #[arg(long)]
    pub max: Option<usize>,
}

/// `render` options.
#[derive(Debug, Args)]
pub struct RenderArgs {
    /// A TOML puzzle or variant file (`-` reads stdin), or a file of puzzle lines with
    /// --variant (holding exactly one puzzle). Leave it out with --variant for an empty grid.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Variant: a built-in name or a TOML path. Alone, draws its empty grid; with FILE, reads
    /// FILE as a puzzle line of this variant.
    #[arg(long, short = 'v', value_name = "NAME|PATH")]
    pub variant: Option<String>,
    /// Also draw the solution (lighter) in the empty cells: the file's `solution` if it has
    /// one, otherwise the solver's (exit 1 when there is none).
    #[arg(long)]
    pub solution: bool,
    /// Write to this file instead of stdout (`-`: stdout); a `.png` name writes PNG, a `.pdf`
    /// name a PDF page.
    #[arg(long, short = 'o', value_name = "PATH")]
    pub output: Option<PathBuf>,
    /// Write PNG instead of SVG.
    #[arg(long, conflicts_with = "pdf")]
    pub png: bool,
    /// Write a PDF instead of SVG: one page of `--paper`, the drawing as large as the margins
    /// allow, vector lines and selectable text.
    #[arg(long)]
    pub pdf: bool,
    /// The PDF's paper.
    #[arg(long, value_enum, default_value_t)]
    pub paper: PaperArg,
    /// Side of one cell in pixels (SVG units).
    #[arg(long, value_name = "N", default_value_t = 48, value_parser = clap::value_parser!(u32).range(8..=1000))]
    pub cell_size: u32,
    /// A title drawn above the grid.
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,
    /// Draw each empty cell's true candidates (the values some solution puts there) as
    /// small digits, as `shapedoku candidates` finds them (up to 1000 solutions). The
    /// drawing is written either way; the exit code is `candidates`' (3 when a limit left some
    /// undecided, 1 when there is no solution).
    #[arg(long, conflicts_with = "solution")]
    pub candidates: bool,
}

/// Paper sizes for PDF output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum PaperArg {
    /// ISO A4 (210 x 297 mm).
    #[default]
    A4,
    /// US Letter (8.5 x 11 in).
    Letter,
}

/// `booklet` options.
#[derive(Debug, Args, Clone)]
pub struct BookletArgs {
    /// Puzzles: TOML puzzle files, links, or files of puzzle lines with --variant (every line
    /// a puzzle), in booklet order; `-` or nothing reads stdin.
    #[command(flatten)]
    pub input: InputArgs,
    /// Write the PDF here (default: stdout).
    #[arg(long, short = 'o', value_name = "PATH")]
    pub output: Option<PathBuf>,
    /// Puzzles on one page, set in the rows and columns that draw them largest.
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=30))]
    pub per_page: u64,
    /// Solutions on one page at the back.
    #[arg(long, value_name = "N", default_value_t = 6, value_parser = clap::value_parser!(u64).range(1..=30))]
    pub solutions_per_page: u64,
    /// Leave the solutions out.
    #[arg(long)]
    pub no_solutions: bool,
    /// A heading on every page of puzzles (and the PDF's title).
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,
    /// The paper.
    #[arg(long, value_enum, default_value_t)]
    pub paper: PaperArg,
    /// Worker threads for solving and rating the puzzles (default: all cores).
    #[arg(long, short = 'j', value_name = "N")]
    pub threads: Option<usize>,
}

/// `generate` output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum GenerateFormat {
    /// A `#` comment with the seed, then the givens as one line (readable by `solve --variant`).
    #[default]
    Text,
    /// A TOML puzzle file (variant, givens, cages, solution) that `solve` reads back.
    Toml,
    /// JSON Lines: one object per puzzle.
    Json,
    /// An f-puzzles link per puzzle, with its solution.
    Fpuzzles,
    /// A SudokuPad link per puzzle, with its solution (SudokuPad checks answers with it).
    Sudokupad,
}

/// `generate --symmetry` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum SymmetryArg {
    /// No symmetry.
    #[default]
    None,
    /// Half-turn about the centre.
    Rotate180,
    /// Mirror left-right.
    Mirror,
    /// Mirror top-bottom.
    MirrorTb,
}

/// A difficulty level for `generate --difficulty`, as `shapedoku rate` reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DifficultyArg {
    /// Singles only.
    Easy,
    /// Shape overlaps, pairs, simple cage work.
    Medium,
    /// Triples, quads, fish, wings, innies, simple chains.
    Hard,
    /// Chains.
    Expert,
    /// Forcing chains or guesses.
    Extreme,
}

/// `generate` options.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// The variant: a built-in name or a TOML path.
    #[arg(long, short = 'v', value_name = "NAME|PATH", default_value = "classic")]
    pub variant: String,
    /// How many puzzles; they are made in parallel and puzzle i's seed is derived from the run
    /// seed and i, so the output is the same whatever the thread count.
    #[arg(long, short = 'n', value_name = "K", default_value_t = 1)]
    pub count: usize,
    /// Run seed (default: taken from the clock and printed). Puzzle 1 uses it as is, so the
    /// seed printed beside any puzzle reproduces it alone.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Stop at this many givens (default: minimal; with --killer: 0, cages only).
    #[arg(long, value_name = "N", conflicts_with = "minimal")]
    pub givens: Option<usize>,
    /// Remove givens until none can go without losing uniqueness (the default without --killer).
    #[arg(long)]
    pub minimal: bool,
    /// Symmetry of the given cells; the geometry must map cells to cells under it.
    #[arg(long, value_enum, default_value_t)]
    pub symmetry: SymmetryArg,
    /// Make a Killer: random cages (distinct values, given sums) over the solution.
    #[arg(long)]
    pub killer: bool,
    /// Killer cage sizes as MIN-MAX (or one number); the maximum is capped at 8 and at the
    /// symbol count.
    #[arg(
        long,
        value_name = "MIN-MAX",
        default_value = "1-5",
        requires = "killer"
    )]
    pub cage_sizes: String,
    /// A starting pattern in cell order (whitespace ignored): a symbol is a given fixed at
    /// that value, `*` a cell that must be a given, `.` a free cell.
    #[arg(long, value_name = "LINE")]
    pub pattern: Option<String>,
    /// Keep only puzzles the logical solver rates at this level (see `shapedoku rate`); each
    /// rejected puzzle costs one attempt.
    #[arg(long, value_enum, value_name = "LEVEL")]
    pub difficulty: Option<DifficultyArg>,
    /// Keep only puzzles that need this technique (an id from `docs/techniques.md`, such as
    /// `x_wing`): their logical solution uses it and nothing of larger weight. Each other
    /// puzzle costs one attempt; attempts are unlimited unless `--attempts` is given, so
    /// `--timeout` bounds the search.
    #[arg(long, value_name = "TECHNIQUE")]
    pub needs: Option<String>,
    /// Fresh solution grids to try per puzzle before giving up (default 50; unlimited with
    /// `--needs`).
    #[arg(long, value_name = "N")]
    pub attempts: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: GenerateFormat,
    /// Write each puzzle to its own file in this directory (puzzle-001.toml, ...) instead of
    /// standard output (`-`: standard output).
    #[arg(long, short = 'o', value_name = "DIR")]
    pub output: Option<PathBuf>,
    /// Worker threads (default: all cores); the output does not depend on it.
    #[arg(long, short = 'j', value_name = "N")]
    pub threads: Option<usize>,
}
