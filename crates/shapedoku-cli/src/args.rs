//! The one definition of the command line: help, man page and completions come from it.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// Solve, explain, rate, generate, check and render Sudoku variants defined by cells and shapes.
#[derive(Debug, Parser)]
#[command(name = "shapedoku", version, about, after_help = crate::exit::HELP)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
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
    /// Print the next logical step (the simplest available), for apps and learners.
    #[command(after_help = crate::exit::HELP)]
    Hint(HintArgs),
    /// Rate difficulty: level, score and (classic) a Sudoku Explainer estimate, one line per
    /// puzzle.
    #[command(after_help = crate::exit::HELP)]
    Rate(RateArgs),
    /// List the built-in variants, or print one's TOML.
    Variants(VariantsArgs),
    /// Time the solver on files of puzzle lines (counting to 2), printing puzzles per second.
    Bench(BenchArgs),
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
    /// A TOML puzzle file, or a text file with one puzzle per line; `-` or nothing reads stdin.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
}

/// `solve` options.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Input.
    #[command(flatten)]
    pub input: InputArgs,
    /// Count solutions up to N and report how many exist (1 means unique).
    #[arg(long, value_name = "N")]
    pub count: Option<usize>,
    /// Exit 1 unless every puzzle has exactly one solution.
    #[arg(long)]
    pub unique: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// Worker threads for batches (default: all cores; output order is always input order).
    #[arg(long, short = 'j', value_name = "N")]
    pub threads: Option<usize>,
    /// Solve step by step with human techniques and print each step (`text`, the default, or
    /// `compact` HoDoKu notation); with `--format json` the steps are data.
    #[arg(long, value_enum, num_args = 0..=1, require_equals = true, default_missing_value = "text", value_name = "STYLE")]
    pub explain: Option<ExplainStyle>,
}

/// How explained steps are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum ExplainStyle {
    /// Sentences: `r4c6 = 7: hidden single, 7 fits nowhere else in box 5`.
    #[default]
    Text,
    /// HoDoKu notation: `Hidden Single: r4c6=7`.
    Compact,
}

/// `hint` options.
#[derive(Debug, Args)]
pub struct HintArgs {
    /// Input.
    #[command(flatten)]
    pub input: InputArgs,
    /// How to write the step.
    #[arg(long, value_enum, default_value_t)]
    pub style: ExplainStyle,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// Worker threads for batches.
    #[arg(long, short = 'j', value_name = "N")]
    pub threads: Option<usize>,
}

/// `rate` options.
#[derive(Debug, Args)]
pub struct RateArgs {
    /// Input.
    #[command(flatten)]
    pub input: InputArgs,
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
    #[arg(long, default_value_t = 2)]
    pub limit: usize,
    /// Stop each file after this many puzzles.
    #[arg(long)]
    pub max: Option<usize>,
}
