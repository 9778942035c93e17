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
//! 5. `givens`: givens and solution, read and checked against the geometry; `candidates`:
//!    the cells whose starting candidates the puzzle narrows.
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

mod candidates;
mod chaos_rules;
mod compile;
mod faces;
mod givens;
mod growth;
mod issues;
mod line_rules;
mod local_rules;
mod outside_rules;
mod read;
mod rules;
mod set_rules;
mod source;
mod state;

pub use definition::{MAX_CANVAS, MAX_VALUE};
pub use givens::read_givens;
pub use read::top_level_spans;
pub use resolve::{BuiltinsOnly, BuiltinsThenFiles, Resolve};
pub use source::{Diagnostic, LoadError, Source};

/// `s` as a TOML basic string (quoted, with `"`, `\\` and control characters escaped), for
/// writers of puzzle files such as `generate` and the bindings.
///
/// ```
/// assert_eq!(shapedoku::load::toml_string("a\"b"), r#""a\"b""#);
/// ```
pub fn toml_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

use crate::embedded;
use crate::{Geometry, Limits, Puzzle};
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
    /// Problems found beyond [`Limits::max_diagnostics`] and left out of `diagnostics`, whose
    /// last entry then says how many (0 when every problem is listed).
    pub omitted: usize,
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
            omitted: 0,
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

/// How files are loaded: the caps on input and geometry size ([`Limits`]) and how `variant`
/// names are found ([`Resolve`]). The free functions of this module use
/// `Loader::default()`: [`Limits::DEFAULT`], built-ins then files.
///
/// ```
/// use shapedoku::{Limits, load::Loader};
/// let tiny = Limits { max_cells: 16, ..Limits::default() };
/// let err = Loader::new().limits(tiny).load_str("big.toml", "variant = \"classic\"", None).unwrap_err();
/// assert!(err.diagnostics[0].message.contains("more than the limit of 16"), "{err}");
/// assert!(Loader::new().limits(tiny).load_builtin("4x4").is_ok());
/// ```
#[derive(Clone, Copy, Default)]
pub struct Loader<'r> {
    limits: Limits,
    resolver: Option<&'r dyn Resolve>,
}

impl std::fmt::Debug for Loader<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Loader")
            .field("limits", &self.limits)
            .field("resolver", &self.resolver.map(|_| "custom"))
            .finish()
    }
}

impl<'r> Loader<'r> {
    /// The default loader: [`Limits::DEFAULT`], built-ins then files.
    pub fn new() -> Self {
        Self::default()
    }
    /// With these caps (the input cap also bounds every base variant file that is read).
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }
    /// Finding base variants with `resolver` (for example [`BuiltinsOnly`], which never reads
    /// a file) instead of [`BuiltinsThenFiles`].
    pub fn resolver(mut self, resolver: &'r dyn Resolve) -> Self {
        self.resolver = Some(resolver);
        self
    }
    /// The caps in force.
    pub fn caps(&self) -> &Limits {
        &self.limits
    }

    /// Loads a variant or puzzle file from disk.
    pub fn load_path(&self, path: &Path) -> Result<Loaded, LoadError> {
        self.analyze_path(path).into_result()
    }

    /// Analyzes a file on disk (see [`Loader::analyze_str`]); a file that cannot be read, or
    /// is larger than the input cap, is one diagnostic.
    pub fn analyze_path(&self, path: &Path) -> Analysis {
        match crate::limits::read_file(path, self.limits.max_input_bytes) {
            Ok(text) => self.analyze_str(&path.display().to_string(), &text, path.parent()),
            Err(e) => {
                let source = Arc::new(Source::new(path.display().to_string(), ""));
                let mut d = Diagnostic::new(&source, None, format!("cannot read the file: {e}"));
                if crate::limits::is_too_large(&e) {
                    d = d.help(INPUT_CAP_HELP);
                }
                let mut a = Analysis::empty(source);
                a.diagnostics.push(d);
                a
            }
        }
    }

    /// Loads a built-in variant (or built-in puzzle such as `killer`) by name.
    pub fn load_builtin(&self, name: &str) -> Result<Loaded, LoadError> {
        match embedded::source(name) {
            Some(text) => {
                self.resolver(&BuiltinsOnly)
                    .load_str(&format!("builtin:{name}"), text, None)
            }
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
    pub fn load_variant(&self, name_or_path: &str) -> Result<Loaded, LoadError> {
        if embedded::source(name_or_path).is_some() {
            self.load_builtin(name_or_path)
        } else if Path::new(name_or_path).exists() {
            self.load_path(Path::new(name_or_path))
        } else {
            self.load_builtin(name_or_path)
        }
    }

    /// Loads a file from its text. `name` names it in messages; `base_dir` resolves a relative
    /// `variant` path. On failure the error lists every problem found.
    pub fn load_str(
        &self,
        name: &str,
        text: &str,
        base_dir: Option<&Path>,
    ) -> Result<Loaded, LoadError> {
        self.analyze_str(name, text, base_dir).into_result()
    }

    /// Reads a file as far as it can and returns every problem found along with whatever
    /// could be built. Never panics, whatever the text; a geometry over a cap is reported
    /// before it is built.
    pub fn analyze_str(&self, name: &str, text: &str, base_dir: Option<&Path>) -> Analysis {
        let files = BuiltinsThenFiles {
            max_input_bytes: self.limits.max_input_bytes,
        };
        let resolver = self.resolver.unwrap_or(&files);
        let src = Arc::new(Source::new(name, text));
        let mut out = Analysis::empty(src.clone());
        let diags = &mut out.diagnostics;
        let dir = base_dir.map(Path::to_path_buf);
        let state = resolve::chain(src, dir, resolver, &self.limits, diags)
            .and_then(|l| compile::gather(l, &self.limits, diags));
        if let Some(state) = state {
            out.is_puzzle = state.is_puzzle;
            out.givens_span = state.givens.as_ref().map(|g| g.def.span());
            if let Some(g) = compile::build(&state, diags) {
                let given = givens::check(&g, &state, diags);
                out.geometry = Some(g);
                out.puzzle = given.puzzle;
                out.solution = given.solution;
            }
        }
        source::file_order(&mut out.diagnostics);
        out.omitted = source::keep_first(&mut out.diagnostics, self.limits.max_diagnostics);
        out
    }
}

/// The hint for an input over its cap.
pub(crate) const INPUT_CAP_HELP: &str =
    "files are read up to a size cap (64 MiB unless raised; see Limits in docs/format.md)";

/// Loads a variant or puzzle file from disk.
pub fn load_path(path: &Path) -> Result<Loaded, LoadError> {
    Loader::new().load_path(path)
}

/// Analyzes a file on disk (see [`analyze_str`]); an unreadable file is one diagnostic.
pub fn analyze_path(path: &Path) -> Analysis {
    Loader::new().analyze_path(path)
}

/// Loads a built-in variant (or built-in puzzle such as `killer`) by name.
pub fn load_builtin(name: &str) -> Result<Loaded, LoadError> {
    Loader::new().load_builtin(name)
}

/// Loads a variant by built-in name or path (`--variant` on the command line).
pub fn load_variant(name_or_path: &str) -> Result<Loaded, LoadError> {
    Loader::new().load_variant(name_or_path)
}

/// Loads a file from its text. `name` names it in messages; `base_dir` resolves a relative
/// `variant` path. On failure the error lists every problem found.
pub fn load_str(name: &str, text: &str, base_dir: Option<&Path>) -> Result<Loaded, LoadError> {
    Loader::new().load_str(name, text, base_dir)
}

/// Reads a file as far as it can and returns every problem found along with whatever could be
/// built. Never panics, whatever the text.
pub fn analyze_str(name: &str, text: &str, base_dir: Option<&Path>) -> Analysis {
    Loader::new().analyze_str(name, text, base_dir)
}

/// [`load_str`], finding base variants with `resolver` (for example [`BuiltinsOnly`], which
/// never reads a file).
pub fn load_with(
    name: &str,
    text: &str,
    base_dir: Option<&Path>,
    resolver: &dyn Resolve,
) -> Result<Loaded, LoadError> {
    Loader::new()
        .resolver(resolver)
        .load_str(name, text, base_dir)
}

/// [`analyze_str`], finding base variants with `resolver`.
pub fn analyze_with(
    name: &str,
    text: &str,
    base_dir: Option<&Path>,
    resolver: &dyn Resolve,
) -> Analysis {
    Loader::new()
        .resolver(resolver)
        .analyze_str(name, text, base_dir)
}

#[cfg(test)]
mod tests;
