//! Loading TOML variant and puzzle files into geometries and puzzles, with errors that point at
//! the file, line and column.
//!
//! Loading reports every problem it can find in one go. It runs in stages, one file each:
//!
//! 1. `source`: a file's text, and [`Diagnostic`]s that point into it.
//! 2. `read`: TOML text → [`definition::FileDef`], checking every key and value on its own.
//! 3. [`resolve`]: `variant = "NAME"` → the base file, through a [`Resolve`] (built-ins, then
//!    files), following the chain of bases.
//! 4. `compile` (with `issues`): the chain of definitions → a [`Geometry`]; the parts that are
//!    sound are still compiled, so problems in shapes, givens and the solution are found even
//!    when some other part of the file is broken.
//! 5. `givens`: givens and solution, read and checked against the geometry.
//!
//! ```
//! let text = r#"
//! variant = "4x4"
//! givens = "1... ..2. .3.. ...4"
//! "#;
//! let loaded = shapedoku::load::load_str("inline.toml", text, None).unwrap();
//! assert_eq!(loaded.puzzle.given_count(), 4);
//!
//! let bad = shapedoku::load::load_str("bad.toml", "variant = \"4x4\"\ngivns = \"\"\nsise = 4", None).unwrap_err();
//! assert_eq!(bad.diagnostics.len(), 2); // both unknown keys
//! let d = &bad.diagnostics[0];
//! assert_eq!(d.line_col(), Some((2, 1)));
//! assert!(d.message.contains("givns"));
//! ```

pub mod definition;
pub mod resolve;

mod compile;
mod givens;
mod issues;
mod read;
mod source;
mod state;

pub use definition::{MAX_CANVAS, MAX_VALUE};
pub use givens::read_givens;
pub use read::top_level_spans;
pub use resolve::{BuiltinsOnly, BuiltinsThenFiles, Resolve};
pub use source::{Diagnostic, LoadError, Source};

use crate::embedded;
use crate::{Geometry, Puzzle};
use std::ops::Range;
use std::path::Path;
use std::sync::Arc;

/// A loaded file: its geometry, its puzzle (empty for a variant file) and its known solution.
#[derive(Debug, Clone)]
pub struct Loaded {
    /// The compiled geometry (variant plus any shapes the file adds, such as cages).
    pub geometry: Arc<Geometry>,
    /// The puzzle: the givens, none for a variant file.
    pub puzzle: Puzzle,
    /// The known solution, when the file gives one (already checked against every shape).
    pub solution: Option<Vec<u8>>,
    /// Whether the file is a puzzle (has a `variant` key, givens or cages) rather than a variant.
    pub is_puzzle: bool,
}

/// Everything learned from a file, problems included: what [`load_str`] returns on success, and
/// what `shapedoku check` reports.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// Every problem found, in file order: files in the order their first problem was met
    /// (a file's header, then its base variants, then the rest of it), then by position.
    /// Empty when the file is clean.
    pub diagnostics: Vec<Diagnostic>,
    /// The geometry, when one could be compiled. With problems in shapes this is the geometry
    /// without the broken shapes; with problems in grids or symbols there is none.
    pub geometry: Option<Arc<Geometry>>,
    /// The puzzle, when the geometry compiled and the givens could be read.
    pub puzzle: Option<Puzzle>,
    /// The stated solution, when present and correct.
    pub solution: Option<Vec<u8>>,
    /// Whether the file is a puzzle rather than a variant.
    pub is_puzzle: bool,
    /// The file itself.
    pub source: Arc<Source>,
    /// Where the file's `givens` are, if it has any.
    pub givens_span: Option<Range<usize>>,
}

impl Analysis {
    fn empty(source: Arc<Source>) -> Self {
        Analysis {
            diagnostics: Vec::new(),
            geometry: None,
            puzzle: None,
            solution: None,
            is_puzzle: false,
            source,
            givens_span: None,
        }
    }

    /// The loaded file when there were no problems, else every problem.
    pub fn into_result(self) -> Result<Loaded, LoadError> {
        match (self.diagnostics.is_empty(), self.geometry, self.puzzle) {
            (true, Some(geometry), Some(puzzle)) => Ok(Loaded {
                geometry,
                puzzle,
                solution: self.solution,
                is_puzzle: self.is_puzzle,
            }),
            // Every path that leaves these out reports why; this is a safety net.
            (true, _, _) => Err(Diagnostic::new(
                &Arc::new(Source::new("", "")),
                None,
                "the file could not be compiled",
            )
            .into()),
            (false, _, _) => Err(LoadError {
                diagnostics: self.diagnostics,
            }),
        }
    }
}

/// Loads a variant or puzzle file from disk.
pub fn load_path(path: &Path) -> Result<Loaded, LoadError> {
    analyze_path(path).into_result()
}

/// Analyzes a file on disk (see [`analyze_str`]); an unreadable file is one diagnostic.
pub fn analyze_path(path: &Path) -> Analysis {
    match std::fs::read_to_string(path) {
        Ok(text) => analyze_str(&path.display().to_string(), &text, path.parent()),
        Err(e) => {
            let source = Arc::new(Source::new(path.display().to_string(), ""));
            let d = Diagnostic::new(&source, None, format!("cannot read the file: {e}"));
            let mut a = Analysis::empty(source);
            a.diagnostics.push(d);
            a
        }
    }
}

/// Loads a built-in variant (or built-in puzzle such as `killer`) by name.
pub fn load_builtin(name: &str) -> Result<Loaded, LoadError> {
    match embedded::source(name) {
        Some(text) => load_with(&format!("builtin:{name}"), text, None, &BuiltinsOnly),
        None => Err(Diagnostic::new(
            &Arc::new(Source::new(name, "")),
            None,
            format!("`{name}` is not a built-in variant"),
        )
        .help(format!(
            "built-in variants: {}",
            embedded::names().join(", ")
        ))
        .into()),
    }
}

/// Loads a variant by built-in name or path (`--variant` on the command line).
pub fn load_variant(name_or_path: &str) -> Result<Loaded, LoadError> {
    if embedded::source(name_or_path).is_some() {
        load_builtin(name_or_path)
    } else if Path::new(name_or_path).exists() {
        load_path(Path::new(name_or_path))
    } else {
        load_builtin(name_or_path)
    }
}

/// Loads a file from its text. `name` names it in messages; `base_dir` resolves a relative
/// `variant` path. On failure the error lists every problem found.
pub fn load_str(name: &str, text: &str, base_dir: Option<&Path>) -> Result<Loaded, LoadError> {
    analyze_str(name, text, base_dir).into_result()
}

/// Reads a file as far as it can and returns every problem found along with whatever could be
/// built. Never panics, whatever the text.
pub fn analyze_str(name: &str, text: &str, base_dir: Option<&Path>) -> Analysis {
    analyze_with(name, text, base_dir, &BuiltinsThenFiles)
}

/// [`load_str`], finding base variants with `resolver` (for example [`BuiltinsOnly`], which
/// never reads a file).
pub fn load_with(
    name: &str,
    text: &str,
    base_dir: Option<&Path>,
    resolver: &dyn Resolve,
) -> Result<Loaded, LoadError> {
    analyze_with(name, text, base_dir, resolver).into_result()
}

/// [`analyze_str`], finding base variants with `resolver`.
pub fn analyze_with(
    name: &str,
    text: &str,
    base_dir: Option<&Path>,
    resolver: &dyn Resolve,
) -> Analysis {
    let src = Arc::new(Source::new(name, text));
    let mut out = Analysis::empty(src.clone());
    let diags = &mut out.diagnostics;
    let dir = base_dir.map(Path::to_path_buf);
    let state = resolve::chain(src, dir, resolver, diags).and_then(|l| compile::gather(l, diags));
    if let Some(state) = state {
        out.is_puzzle = state.is_puzzle;
        out.givens_span = state.givens.as_ref().map(|g| g.def.span());
        if let Some(g) = compile::build(&state, diags) {
            let given = givens::check(&g, state.givens.as_ref(), state.solution.as_ref(), diags);
            out.geometry = Some(g);
            out.puzzle = given.puzzle;
            out.solution = given.solution;
        }
    }
    source::file_order(&mut out.diagnostics);
    out
}

#[cfg(test)]
mod tests;
