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

use crate::load::{self, Analysis, Diagnostic};
use crate::solver::Budget;
use crate::{Geometry, Puzzle, ShapeKind, Solver, Verdict};
use std::path::Path;

/// How hard `check` looks for solutions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckOptions {
    /// Count puzzle solutions up to this many (2 is enough to tell one from several).
    pub limit: usize,
    /// Give up the search after this many guesses, so a check never hangs; the answer is then
    /// "undecided".
    pub guess_limit: u64,
    /// Give up the search after this long (`None`: no time limit); the answer is then
    /// "undecided".
    pub timeout: Option<std::time::Duration>,
    /// Whether to search at all.
    pub solve: bool,
    /// Treat a puzzle with several solutions (or an undecided search) as a problem.
    pub require_unique: bool,
    /// The caps on input and geometry size.
    pub limits: crate::Limits,
}

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions {
            limit: 2,
            guess_limit: 200_000,
            timeout: None,
            solve: true,
            require_unique: false,
            limits: crate::Limits::DEFAULT,
        }
    }
}

/// What a search for solutions found. As JSON the verdict is `status` (see [`status_name`])
/// and `matches_solution` is `matches_stated`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SearchFacts {
    /// What it proves. For a variant file (no givens) the search stops at the first filling.
    #[cfg_attr(
        feature = "serde",
        serde(rename = "status", serialize_with = "json::status")
    )]
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
    #[cfg_attr(feature = "serde", serde(rename = "matches_stated"))]
    pub matches_solution: Option<bool>,
}

/// What a clean (or partly clean) file describes. As JSON `is_puzzle` is `kind` (`"puzzle"` or
/// `"variant"`), `by_kind` is `shapes_by_kind` (an object), `search` is `solutions`, and
/// `custom_values` is left out.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Facts {
    /// Variant or puzzle name.
    pub name: String,
    /// Whether the file is a puzzle (rather than a variant).
    #[cfg_attr(
        feature = "serde",
        serde(rename = "kind", serialize_with = "json::file_kind")
    )]
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
    #[cfg_attr(feature = "serde", serde(skip))]
    pub custom_values: bool,
    /// Number of shapes.
    pub shapes: usize,
    /// Shapes by kind, in a fixed order, kinds with none left out: (`row`, 9), ...
    #[cfg_attr(
        feature = "serde",
        serde(rename = "shapes_by_kind", serialize_with = "json::by_kind")
    )]
    pub by_kind: Vec<(&'static str, usize)>,
    /// Number of houses (no-repeat shapes with exactly N cells).
    pub houses: usize,
    /// Number of givens (`None` when they could not be read).
    pub givens: Option<usize>,
    /// Whether the file states a solution (and it is correct).
    pub stated_solution: bool,
    /// The search, when one was run.
    #[cfg_attr(feature = "serde", serde(rename = "solutions"))]
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
    /// Problems left out of `diagnostics` (see [`Analysis::omitted`]).
    pub omitted: usize,
}

impl CheckReport {
    /// Whether no problem was found.
    pub fn is_clean(&self) -> bool {
        self.diagnostics.is_empty()
    }
    /// How many problems were found, those left out of `diagnostics` included (the entry
    /// that says how many were left out is not one).
    pub fn problem_count(&self) -> usize {
        match self.omitted {
            0 => self.diagnostics.len(),
            n => self.diagnostics.len() - 1 + n,
        }
    }
}

/// As JSON: `{"file", "ok", "problems", "facts"}`, `ok` being [`CheckReport::is_clean`] and each
/// problem a [`Diagnostic`] with its line and column.
#[cfg(feature = "serde")]
impl serde::Serialize for CheckReport {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("CheckReport", 4)?;
        st.serialize_field("file", &self.file)?;
        st.serialize_field("ok", &self.is_clean())?;
        st.serialize_field("problems", &self.diagnostics)?;
        st.serialize_field("facts", &self.facts)?;
        st.end()
    }
}

/// How a verdict is named in `check`'s JSON: `none`, `unique`, `several`, `found` (a
/// solution, uniqueness not asked) or `undecided`.
pub fn status_name(v: Verdict) -> &'static str {
    match v {
        Verdict::NoSolution => "none",
        Verdict::Unique => "unique",
        Verdict::Several => "several",
        Verdict::AtLeastOne => "found",
        Verdict::Undecided => "undecided",
    }
}

/// The JSON forms of the report's fields that are not plain data.
#[cfg(feature = "serde")]
mod json {
    use super::Verdict;
    use serde::Serializer;
    use serde::ser::SerializeMap;

    pub fn status<S: Serializer>(v: &Verdict, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(super::status_name(*v))
    }
    pub fn file_kind<S: Serializer>(is_puzzle: &bool, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(if *is_puzzle { "puzzle" } else { "variant" })
    }
    pub fn by_kind<S: Serializer>(v: &[(&'static str, usize)], s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(v.len()))?;
        for (k, n) in v {
            m.serialize_entry(k, n)?;
        }
        m.end()
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
    let loader = load::Loader::new().limits(opts.limits);
    finish(path.display().to_string(), loader.analyze_path(path), opts)
}

/// [`check_str`], finding base variants with `resolver` (for example
/// [`load::resolve::BuiltinsOnly`], which never reads a file, or one confined to a folder).
pub fn check_str_with(
    name: &str,
    text: &str,
    opts: &CheckOptions,
    resolver: &dyn load::resolve::Resolve,
) -> CheckReport {
    finish(
        name.to_string(),
        load::Loader::new()
            .limits(opts.limits)
            .resolver(resolver)
            .analyze_str(name, text, None),
        opts,
    )
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
        load::Loader::new()
            .limits(opts.limits)
            .analyze_str(name, text, base_dir),
        opts,
    )
}

fn finish(file: String, mut a: Analysis, opts: &CheckOptions) -> CheckReport {
    let mut diagnostics = std::mem::take(&mut a.diagnostics);
    let omitted = a.omitted;
    let Some(g) = &a.geometry else {
        return CheckReport {
            file,
            diagnostics,
            facts: None,
            omitted,
        };
    };
    let mut facts = describe(g, &a);
    if let (true, true, Some(puzzle)) = (diagnostics.is_empty(), opts.solve, &a.puzzle) {
        facts.search = Some(search(puzzle, &a, opts, &mut diagnostics));
    }
    CheckReport {
        file,
        diagnostics,
        facts: Some(facts),
        omitted,
    }
}

/// What the file describes, before any search.
fn describe(g: &Geometry, a: &Analysis) -> Facts {
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
    Facts {
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
    }
}

/// Searches a clean file for solutions; what the search proves against the options (no
/// solution, or several when one is required) is added to `diagnostics`.
fn search(
    puzzle: &Puzzle,
    a: &Analysis,
    opts: &CheckOptions,
    diagnostics: &mut Vec<Diagnostic>,
) -> SearchFacts {
    // The one limit of a check bounds the search's guesses and, when a large-alphabet search
    // stalls and goes to the clause back end, that back end's conflicts.
    let mut budget = Budget::default()
        .with_guesses(opts.guess_limit)
        .with_conflicts(opts.guess_limit);
    if let Some(t) = opts.timeout {
        budget = budget.with_timeout(t);
    }
    // An empty variant has countless fillings: one is enough to show it can be filled.
    let limit = if a.is_puzzle { opts.limit.max(1) } else { 1 };
    let count = Solver::new(puzzle).count_with(limit, &budget);
    let verdict = count.verdict();
    let matches_solution = match (&a.solution, verdict) {
        (Some(s), Verdict::Unique) => {
            Some(count.solutions.first().map(|g| g.as_indices()) == Some(s.as_slice()))
        }
        _ => None,
    };
    let found = count.solutions.len();
    let mut problem = |msg: String, help: &str| {
        diagnostics.push(Diagnostic::new(&a.source, a.givens_span.clone(), msg).help(help));
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
            let how_many = if count.exhausted {
                found.to_string()
            } else {
                format!("at least {found}")
            };
            problem(
                format!("the puzzle has {how_many} solutions"),
                "add givens until exactly one solution remains",
            )
        }
        Verdict::Undecided if opts.require_unique => problem(
            match count.stopped {
                Some(why) => format!("the search stopped without deciding uniqueness: {why}"),
                None => "the search stopped without deciding uniqueness".into(),
            },
            "raise the limit (--limit for guesses, --timeout for time)",
        ),
        _ => {}
    }
    if matches_solution == Some(false) {
        problem(
            "the stated solution differs from the puzzle's only solution".into(),
            "the stated solution breaks no rule, so this should be impossible; please report it",
        );
    }
    SearchFacts {
        verdict,
        found,
        exact: count.exhausted,
        limit,
        nodes: count.stats.nodes,
        guesses: count.stats.guesses,
        matches_solution,
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::*;

    fn keys(v: &serde_json::Value) -> Vec<&str> {
        v.as_object().unwrap().keys().map(String::as_str).collect()
    }

    /// `shapedoku check --format json` prints this serialization: its keys are an interface.
    #[test]
    fn the_report_serializes_with_the_documented_keys() {
        let r = check_str(
            "p.toml",
            "variant = \"4x4\"\ngivens = \"11.. .... .... ....\"\n",
            None,
            &CheckOptions::default(),
        );
        let v = serde_json::to_value(&r).unwrap();
        assert_eq!(keys(&v), ["facts", "file", "ok", "problems"]);
        assert_eq!(v["ok"], false);
        let p = &v["problems"][0];
        assert_eq!(
            keys(p),
            ["column", "file", "help", "line", "message", "related"]
        );
        assert_eq!((&p["line"], &p["column"]), (&2.into(), &12.into()));
        assert_eq!(keys(&p["related"][0]), ["column", "line", "note"]);
        let r = check_str(
            "p.toml",
            "variant = \"4x4\"\n",
            None,
            &CheckOptions::default(),
        );
        let f = &serde_json::to_value(&r).unwrap()["facts"];
        assert_eq!(
            keys(f),
            [
                "canvas",
                "cells",
                "givens",
                "grids",
                "houses",
                "kind",
                "name",
                "shapes",
                "shapes_by_kind",
                "solutions",
                "stated_solution",
                "symbols"
            ]
        );
        assert_eq!(f["kind"], "puzzle");
        assert_eq!(f["shapes_by_kind"]["box"], 4);
        assert_eq!(f["solutions"]["status"], "several");
        assert_eq!(
            keys(&f["solutions"]),
            [
                "exact",
                "found",
                "guesses",
                "limit",
                "matches_stated",
                "nodes",
                "status"
            ]
        );
    }
}
