//! Checking a variant or puzzle file as an author would: every problem in it (see
//! [`crate::load`]), then what it describes: cells, shapes by kind, houses, and whether the
//! puzzle has no, one or several solutions. `shapedoku check` prints this report.
//!
//! ```
//! use shapedoku::check::{check_str, CheckOptions};
//! use shapedoku::Verdict;
//! let report = check_str("p.toml", r#"
//! variant = "4x4"
//! givens = "12.. 3... ...2 ..1."
//! "#, None, &CheckOptions::default());
//! assert!(report.is_clean());
//! let facts = report.facts.unwrap();
//! assert_eq!((facts.cells, facts.houses, facts.givens), (16, 12, Some(5)));
//! assert_eq!(facts.search.unwrap().verdict, Verdict::Unique);
//!
//! let bad = check_str("bad.toml", "variant = \"4x4\"\ngivens = \"11.. .... .... ....\"\n", None, &CheckOptions::default());
//! assert!(!bad.is_clean());
//! assert!(bad.diagnostics[0].message.contains("r1c1 and r1c2"));
//! ```

use crate::geometry::ShapeKind;
use crate::load::{self, Analysis, Diagnostic};
use crate::solver::{Solver, Verdict};
use std::path::Path;

/// How hard `check` looks for solutions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckOptions {
    /// Count puzzle solutions up to this many (2 is enough to tell one from several).
    pub limit: usize,
    /// Give up the search after this many guesses, so a check never hangs; the answer is then
    /// "undecided".
    pub guess_limit: u64,
    /// Whether to search at all.
    pub solve: bool,
    /// Treat a puzzle with several solutions (or an undecided search) as a problem.
    pub require_unique: bool,
}

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions {
            limit: 2,
            guess_limit: 200_000,
            solve: true,
            require_unique: false,
        }
    }
}

/// What a search for solutions found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchFacts {
    /// What it proves. For a variant file (no givens) the search stops at the first filling.
    pub verdict: Verdict,
    /// Solutions found (at most the limit).
    pub found: usize,
    /// Whether the search space was exhausted (so `found` is exact).
    pub exact: bool,
    /// The limit searched up to.
    pub limit: usize,
    /// Search nodes.
    pub nodes: u64,
    /// Guesses.
    pub guesses: u64,
    /// For a unique puzzle with a stated solution: whether they agree.
    pub matches_solution: Option<bool>,
}

/// What a clean (or partly clean) file describes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Facts {
    /// Variant or puzzle name.
    pub name: String,
    /// Whether the file is a puzzle (rather than a variant).
    pub is_puzzle: bool,
    /// Number of cells.
    pub cells: usize,
    /// Canvas height and width.
    pub canvas: (u32, u32),
    /// Number of `[[grid]]`s.
    pub grids: usize,
    /// The alphabet.
    pub symbols: String,
    /// Whether symbols have explicit values.
    pub custom_values: bool,
    /// Number of shapes.
    pub shapes: usize,
    /// Shapes by kind, in a fixed order, kinds with none left out: (`row`, 9), ...
    pub by_kind: Vec<(&'static str, usize)>,
    /// Number of houses (no-repeat shapes with exactly N cells).
    pub houses: usize,
    /// Number of givens (`None` when they could not be read).
    pub givens: Option<usize>,
    /// Whether the file states a solution (and it is correct).
    pub stated_solution: bool,
    /// The search, when one was run.
    pub search: Option<SearchFacts>,
}

/// The report on one file.
#[derive(Debug, Clone)]
pub struct CheckReport {
    /// The file's name as given.
    pub file: String,
    /// Every problem, in file order. Empty when the file is clean.
    pub diagnostics: Vec<Diagnostic>,
    /// What the file describes, when its geometry compiled.
    pub facts: Option<Facts>,
}

impl CheckReport {
    /// Whether no problem was found.
    pub fn is_clean(&self) -> bool {
        self.diagnostics.is_empty()
    }
}

/// Name of a shape kind as `check` reports it.
pub fn kind_name(k: ShapeKind) -> &'static str {
    match k {
        ShapeKind::Row => "row",
        ShapeKind::Column => "column",
        ShapeKind::Box => "box",
        ShapeKind::Diagonal | ShapeKind::AntiDiagonal => "diagonal",
        ShapeKind::Region => "region",
        ShapeKind::Extra => "extra",
        ShapeKind::Cage => "cage",
    }
}

/// Checks a file on disk.
pub fn check_path(path: &Path, opts: &CheckOptions) -> CheckReport {
    finish(path.display().to_string(), load::analyze_path(path), opts)
}

/// Checks a file from its text (`base_dir` resolves a relative `variant` path).
pub fn check_str(
    name: &str,
    text: &str,
    base_dir: Option<&Path>,
    opts: &CheckOptions,
) -> CheckReport {
    finish(
        name.to_string(),
        load::analyze_str(name, text, base_dir),
        opts,
    )
}

fn finish(file: String, a: Analysis, opts: &CheckOptions) -> CheckReport {
    let mut diagnostics = a.diagnostics;
    let Some(g) = a.geometry else {
        return CheckReport {
            file,
            diagnostics,
            facts: None,
        };
    };
    let mut by_kind: Vec<(&'static str, usize)> = Vec::new();
    for name in [
        "row", "column", "box", "diagonal", "region", "extra", "cage",
    ] {
        let n = g
            .shapes()
            .iter()
            .filter(|s| kind_name(s.kind) == name)
            .count();
        if n > 0 {
            by_kind.push((name, n));
        }
    }
    let mut facts = Facts {
        name: g.name().to_string(),
        is_puzzle: a.is_puzzle,
        cells: g.cell_count(),
        canvas: (g.rows(), g.cols()),
        grids: g.grids().len(),
        symbols: g.symbols().as_string(),
        custom_values: !g.symbols().has_default_values(),
        shapes: g.shapes().len(),
        by_kind,
        houses: g.houses().len(),
        givens: a.puzzle.as_ref().map(|p| p.given_count()),
        stated_solution: a.solution.is_some(),
        search: None,
    };
    let clean = diagnostics.is_empty();
    if let (true, true, Some(puzzle)) = (clean, opts.solve, &a.puzzle) {
        let mut solver = Solver::new(puzzle);
        solver.set_guess_limit(Some(opts.guess_limit));
        // An empty variant has countless fillings: one is enough to show it can be filled.
        let limit = if a.is_puzzle { opts.limit.max(1) } else { 1 };
        let count = solver.count(limit);
        let verdict = count.verdict();
        let matches_solution = match (&a.solution, verdict) {
            (Some(s), Verdict::Unique) => Some(count.solutions.first() == Some(s)),
            _ => None,
        };
        let mut problem = |msg: String, help: &str| {
            diagnostics.push(Diagnostic {
                source: a.source.clone(),
                span: a.givens_span.clone(),
                message: msg,
                help: Some(help.to_string()),
                related: Vec::new(),
            });
        };
        match verdict {
            Verdict::NoSolution if a.is_puzzle => problem(
                "the puzzle has no solution".into(),
                "some givens contradict each other through the shapes; compare them with a known solution",
            ),
            Verdict::NoSolution => problem(
                "no way to fill this geometry exists".into(),
                "its shapes contradict each other (for example a region and a box that cannot both hold every symbol)",
            ),
            Verdict::Several | Verdict::AtLeastOne if a.is_puzzle && opts.require_unique => {
                problem(
                    format!(
                        "the puzzle has {} solutions",
                        if count.exhausted {
                            count.solutions.len().to_string()
                        } else {
                            format!("at least {}", count.solutions.len())
                        }
                    ),
                    "add givens until exactly one solution remains",
                )
            }
            Verdict::Undecided if opts.require_unique => problem(
                format!(
                    "the search gave up after {} guesses without deciding uniqueness",
                    opts.guess_limit
                ),
                "raise --guess-limit",
            ),
            _ => {}
        }
        if matches_solution == Some(false) {
            problem(
                "the stated solution differs from the puzzle's only solution".into(),
                "the stated solution breaks no rule, so this should be impossible; please report it",
            );
        }
        facts.search = Some(SearchFacts {
            verdict,
            found: count.solutions.len(),
            exact: count.exhausted,
            limit,
            nodes: count.stats.nodes,
            guesses: count.stats.guesses,
            matches_solution,
        });
    }
    CheckReport {
        file,
        diagnostics,
        facts: Some(facts),
    }
}
