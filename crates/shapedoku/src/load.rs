//! Loading TOML variant and puzzle files into geometries and puzzles, with errors that point at
//! the file, line and column.
//!
//! Loading reports every problem it can find in one go: the text is first parsed into a spanned
//! TOML table, every table is checked against its known keys (all unknown keys are reported, not
//! just the first), each value is read on its own, and the parts that are sound are still
//! compiled so that problems in shapes, givens and the solution are found even when some other
//! part of the file is broken.
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

use crate::builtin;
use crate::definition::{CAGE_KEYS, FILE_KEYS, GRID_KEYS, GivensDef, SHAPE_KEYS};
use crate::error::ModelError;
use crate::geometry::{BuildIssue, Geometry, GeometryBuilder, GridSpec, Part, Rule, ShapeKind};
use crate::pos::{Pos, parse_cell_ref};
use crate::puzzle::Puzzle;
use crate::symbols::Symbols;
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// The largest row or column a cell may have. Keeps the canvas lookup table bounded.
pub const MAX_CANVAS: u32 = 1024;
/// The largest magnitude of a symbol value or a cage total.
pub const MAX_VALUE: i64 = 1_000_000_000;
/// At most this many character-level problems are listed per givens string; the rest are counted.
const MAX_PER_STRING: usize = 8;

/// The text of one file, kept so errors can show the offending line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    /// How to name the file in messages (a path, or `builtin:NAME`).
    pub name: String,
    /// Its full text.
    pub text: String,
}

impl Source {
    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, col)
    }
    /// The text of a 1-based line.
    pub fn line_text(&self, line: usize) -> &str {
        self.text.lines().nth(line.saturating_sub(1)).unwrap_or("")
    }
}

/// One problem found in a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file it is in.
    pub source: Arc<Source>,
    /// Byte range of the offending text, when known.
    pub span: Option<Range<usize>>,
    /// What is wrong.
    pub message: String,
    /// How to fix it, when there is something useful to say.
    pub help: Option<String>,
    /// Other places in the same file that explain the problem (the first of two clashing
    /// givens, the first listing of a repeated cell), each with a short note.
    pub related: Vec<(Range<usize>, String)>,
}

impl Diagnostic {
    fn new(source: &Arc<Source>, span: Option<Range<usize>>, message: impl Into<String>) -> Self {
        Diagnostic {
            source: source.clone(),
            span,
            message: message.into(),
            help: None,
            related: Vec::new(),
        }
    }
    fn help(mut self, h: impl Into<String>) -> Self {
        self.help = Some(h.into());
        self
    }
    fn related(mut self, span: Range<usize>, note: impl Into<String>) -> Self {
        self.related.push((span, note.into()));
        self
    }
    /// 1-based line and column where the problem starts, when known.
    pub fn line_col(&self) -> Option<(usize, usize)> {
        self.span.as_ref().map(|s| self.source.line_col(s.start))
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line_col() {
            Some((l, c)) => write!(f, "{}:{l}:{c}: {}", self.source.name, self.message)?,
            None => write!(f, "{}: {}", self.source.name, self.message)?,
        }
        if let Some(h) = &self.help {
            write!(f, " (help: {h})")?;
        }
        Ok(())
    }
}

/// Every problem found while loading a file. Never empty.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadError {
    /// The problems, in file order.
    pub diagnostics: Vec<Diagnostic>,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.diagnostics.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}
impl std::error::Error for LoadError {}

impl From<Diagnostic> for LoadError {
    fn from(d: Diagnostic) -> Self {
        LoadError {
            diagnostics: vec![d],
        }
    }
}

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
    /// Every problem found, in file order (base-variant files first). Empty when the file is clean.
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
    /// The loaded file when there were no problems, else every problem.
    pub fn into_result(self) -> Result<Loaded, LoadError> {
        match (self.diagnostics.is_empty(), self.geometry, self.puzzle) {
            (true, Some(geometry), Some(puzzle)) => Ok(Loaded {
                geometry,
                puzzle,
                solution: self.solution,
                is_puzzle: self.is_puzzle,
            }),
            (true, _, _) => Err(LoadError {
                // Every path that leaves these out reports why; this is a safety net.
                diagnostics: vec![Diagnostic::new(
                    &Arc::new(Source {
                        name: String::new(),
                        text: String::new(),
                    }),
                    None,
                    "the file could not be compiled",
                )],
            }),
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
            let source = Arc::new(Source {
                name: path.display().to_string(),
                text: String::new(),
            });
            Analysis {
                diagnostics: vec![Diagnostic::new(
                    &source,
                    None,
                    format!("cannot read the file: {e}"),
                )],
                geometry: None,
                puzzle: None,
                solution: None,
                is_puzzle: false,
                source,
                givens_span: None,
            }
        }
    }
}

/// Loads a built-in variant (or built-in puzzle such as `killer`) by name.
pub fn load_builtin(name: &str) -> Result<Loaded, LoadError> {
    match builtin::source(name) {
        Some(text) => load_str(&format!("builtin:{name}"), text, None),
        None => Err(Diagnostic::new(
            &Arc::new(Source {
                name: name.into(),
                text: String::new(),
            }),
            None,
            format!("`{name}` is not a built-in variant"),
        )
        .help(format!(
            "built-in variants: {}",
            builtin::names().join(", ")
        ))
        .into()),
    }
}

/// Loads a variant by built-in name or path (`--variant` on the command line).
pub fn load_variant(name_or_path: &str) -> Result<Loaded, LoadError> {
    if builtin::source(name_or_path).is_some() {
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
    let src = Arc::new(Source {
        name: name.to_string(),
        text: text.to_string(),
    });
    let mut ctx = Ctx::default();
    let mut out = Analysis {
        diagnostics: Vec::new(),
        geometry: None,
        puzzle: None,
        solution: None,
        is_puzzle: false,
        source: src.clone(),
        givens_span: None,
    };
    if let Some(state) = ctx.read(&src, base_dir, 0) {
        out.is_puzzle = state.is_puzzle;
        out.givens_span = state.givens.as_ref().map(|g| g.span.clone());
        ctx.finish(state, &mut out);
    }
    // File order: base files first (in the order they were met), then by position.
    let mut order: Vec<*const Source> = Vec::new();
    for d in &ctx.diags {
        let p = Arc::as_ptr(&d.source);
        if !order.contains(&p) {
            order.push(p);
        }
    }
    ctx.diags.sort_by_key(|d| {
        let file = order
            .iter()
            .position(|&p| p == Arc::as_ptr(&d.source))
            .unwrap_or(0);
        (file, d.span.as_ref().map_or(usize::MAX, |s| s.start))
    });
    ctx.diags.dedup_by(|a, b| {
        a.span == b.span && a.message == b.message && Arc::ptr_eq(&a.source, &b.source)
    });
    out.diagnostics = ctx.diags;
    out
}

/// Each top-level `key = value` of a file with the byte range from the key to the end of the
/// value (tables such as `[[grid]]` left out), for tools that edit files as text. Empty when the
/// text is not valid TOML.
pub fn top_level_spans(text: &str) -> Vec<(String, Range<usize>)> {
    let Ok(root) = DeTable::parse(text) else {
        return Vec::new();
    };
    let mut out: Vec<(String, Range<usize>)> = root
        .get_ref()
        .iter()
        .filter(|(_, v)| !matches!(v.get_ref(), DeValue::Table(_)))
        .filter(|(_, v)| !matches!(v.get_ref(), DeValue::Array(a) if a.iter().any(|t| t.get_ref().is_table())))
        .map(|(k, v)| (k.get_ref().to_string(), k.span().start..v.span().end))
        .collect();
    out.sort_by_key(|(_, r)| r.start);
    out
}

/// Reads givens (or a solution) against a geometry, stopping at the first problem.
pub fn read_givens(
    g: &Arc<Geometry>,
    def: &GivensDef,
    allow_clash: bool,
) -> Result<Vec<Option<u8>>, ModelError> {
    let _ = allow_clash;
    match def {
        GivensDef::All(s) => Ok(Puzzle::from_line(g.clone(), s)?.givens().to_vec()),
        GivensDef::PerGrid(list) => {
            if list.len() != g.grids().len() {
                return Err(ModelError::GivensLength {
                    found: list.len(),
                    expected: format!(
                        "one string per grid, and there are {} grids",
                        g.grids().len()
                    ),
                });
            }
            let mut out: Vec<Option<u8>> = vec![None; g.cell_count()];
            for (grid, text) in g.grids().iter().zip(list) {
                let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
                let want = (grid.size * grid.size) as usize;
                if chars.len() != want {
                    return Err(ModelError::GivensLength {
                        found: chars.len(),
                        expected: format!("a grid of size {} has {want} cells", grid.size),
                    });
                }
                for (p, &ch) in grid.positions().zip(&chars) {
                    let v = match g.symbols().index_of(ch) {
                        Some(v) => Some(v),
                        None if ch == '.' || ch == '0' => None,
                        None => {
                            return Err(ModelError::UnknownSymbol {
                                ch,
                                pos: p,
                                symbols: g.symbols().as_string(),
                            });
                        }
                    };
                    let Some(cell) = g.cell_at(p) else { continue };
                    match (out[cell], v) {
                        (Some(a), Some(b)) if a != b => {
                            return Err(ModelError::GivensDisagree {
                                pos: p,
                                a: g.symbols().char(a),
                                b: g.symbols().char(b),
                            });
                        }
                        (None, Some(b)) => out[cell] = Some(b),
                        _ => {}
                    }
                }
            }
            Ok(out)
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Source text helpers

/// A string value and where its characters are in the source.
#[derive(Debug, Clone)]
struct Text {
    value: String,
    /// The whole value, quotes included.
    span: Range<usize>,
    /// Source offset of the value's first byte when the value is written verbatim (no escapes),
    /// so any byte of the value maps to a byte of the source.
    content_start: Option<usize>,
}

impl Text {
    fn new(source: &str, span: Range<usize>, value: &str) -> Text {
        let raw = source.get(span.clone()).unwrap_or("");
        let mut content_start = None;
        for q in ["\"\"\"", "'''", "\"", "'"] {
            if raw.len() >= 2 * q.len() && raw.starts_with(q) && raw.ends_with(q) {
                let inner = &raw[q.len()..raw.len() - q.len()];
                // A newline right after an opening triple quote is not part of the value.
                let skip = if q.len() == 3 {
                    if inner.starts_with("\r\n") {
                        2
                    } else if inner.starts_with('\n') {
                        1
                    } else {
                        0
                    }
                } else {
                    0
                };
                if &inner[skip..] == value {
                    content_start = Some(span.start + q.len() + skip);
                }
                break;
            }
        }
        Text {
            value: value.to_string(),
            span,
            content_start,
        }
    }
    /// Source span of `len` bytes at byte `at` of the value (the whole value when unknown).
    fn at(&self, at: usize, len: usize) -> Range<usize> {
        match self.content_start {
            Some(s) => s + at..s + at + len,
            None => self.span.clone(),
        }
    }
    /// Non-whitespace characters with their source spans.
    fn chars(&self) -> Vec<(char, Range<usize>)> {
        self.value
            .char_indices()
            .filter(|(_, c)| !c.is_whitespace())
            .map(|(i, c)| (c, self.at(i, c.len_utf8())))
            .collect()
    }
}

fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut cur = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
        }
        prev = cur;
    }
    prev[b.len()]
}

fn closest<'k>(key: &str, known: &[&'k str]) -> Option<&'k str> {
    let lower = key.to_lowercase();
    known
        .iter()
        .map(|k| (edit_distance(&lower, k), *k))
        .filter(|&(d, k)| d <= 2.min(k.len().saturating_sub(1)) || lower.trim_end_matches('s') == k)
        .min()
        .map(|(_, k)| k)
}

fn type_name(v: &DeValue<'_>) -> &'static str {
    match v {
        DeValue::String(_) => "a string",
        DeValue::Integer(_) => "an integer",
        DeValue::Float(_) => "a float",
        DeValue::Boolean(_) => "a boolean",
        DeValue::Datetime(_) => "a date",
        DeValue::Array(_) => "an array",
        DeValue::Table(_) => "a table",
    }
}

fn int_of(v: &DeValue<'_>) -> Option<i128> {
    let i = v.as_integer()?;
    i128::from_str_radix(i.as_str(), i.radix()).ok()
}

// ---------------------------------------------------------------------------------------------
// What the files say, after reading

#[derive(Debug, Clone)]
struct GridSrc {
    src: Arc<Source>,
    whole: Range<usize>,
    size: Range<usize>,
    boxes: Option<Range<usize>>,
    diagonals: Option<Range<usize>>,
    regions: Option<Text>,
}

/// One cell reference as written: its source span and the positions it stands for.
type CellRef = (Range<usize>, Vec<Pos>);

#[derive(Debug, Clone)]
struct ShapeIn {
    name: String,
    kind: ShapeKind,
    cells: Vec<Pos>,
    rule: Rule,
    src: Arc<Source>,
    cells_text: Text,
    /// Each reference: its source span and its positions.
    refs: Vec<CellRef>,
    sum_span: Option<Range<usize>>,
}

#[derive(Debug, Clone)]
enum GivensForm {
    All(Text),
    PerGrid(Vec<Text>),
}

#[derive(Debug, Clone)]
struct GivensIn {
    src: Arc<Source>,
    span: Range<usize>,
    form: GivensForm,
}

#[derive(Debug, Clone)]
struct State {
    name: String,
    description: String,
    symbols: Option<Symbols>,
    /// The symbols could not be read: checks that depend on them are skipped.
    symbols_broken: bool,
    grids: Vec<(GridSpec, GridSrc)>,
    cells: Vec<Pos>,
    /// Some grid or declared cell could not be read, so cells may be missing: checks that
    /// depend on the full set of cells are skipped to avoid false alarms.
    cells_incomplete: bool,
    shapes: Vec<ShapeIn>,
    givens: Option<GivensIn>,
    solution: Option<GivensIn>,
    is_puzzle: bool,
    cage_count: usize,
    /// The TOML itself is broken: only key and syntax problems are reported.
    syntax_broken: bool,
}

#[derive(Default)]
struct Ctx {
    diags: Vec<Diagnostic>,
}

/// Reads the values of one table, reporting wrong types and unknown keys.
struct TableReader<'t, 'i> {
    src: Arc<Source>,
    table: &'t DeTable<'i>,
}

impl<'t, 'i> TableReader<'t, 'i> {
    fn get(&self, key: &str) -> Option<&'t Spanned<DeValue<'i>>> {
        self.table
            .iter()
            .find(|(k, _)| k.get_ref().as_ref() == key)
            .map(|(_, v)| v)
    }
    fn wrong(&self, ctx: &mut Ctx, key: &str, v: &Spanned<DeValue<'_>>, want: &str, example: &str) {
        ctx.diags.push(
            Diagnostic::new(
                &self.src,
                Some(v.span()),
                format!("`{key}` must be {want}, not {}", type_name(v.get_ref())),
            )
            .help(format!("for example `{key} = {example}`")),
        );
    }
    fn text(&self, ctx: &mut Ctx, key: &str, example: &str) -> Option<Text> {
        let v = self.get(key)?;
        match v.get_ref().as_str() {
            Some(s) => Some(Text::new(&self.src.text, v.span(), s)),
            None => {
                self.wrong(ctx, key, v, "a string", example);
                None
            }
        }
    }
    fn int(
        &self,
        ctx: &mut Ctx,
        key: &str,
        range: std::ops::RangeInclusive<i64>,
        example: &str,
    ) -> Option<Spanned<i64>> {
        let v = self.get(key)?;
        match int_of(v.get_ref()) {
            Some(i) if (*range.start() as i128..=*range.end() as i128).contains(&i) => {
                Some(Spanned::new(v.span(), i as i64))
            }
            Some(i) => {
                ctx.diags.push(
                    Diagnostic::new(
                        &self.src,
                        Some(v.span()),
                        format!(
                            "`{key}` is {i}, outside {}..={}",
                            range.start(),
                            range.end()
                        ),
                    )
                    .help(format!("for example `{key} = {example}`")),
                );
                None
            }
            None => {
                self.wrong(ctx, key, v, "an integer", example);
                None
            }
        }
    }
    fn boolean(&self, ctx: &mut Ctx, key: &str) -> Option<Spanned<bool>> {
        let v = self.get(key)?;
        match v.get_ref().as_bool() {
            Some(b) => Some(Spanned::new(v.span(), b)),
            None => {
                self.wrong(ctx, key, v, "true or false", "true");
                None
            }
        }
    }
    /// An array of integers within a range; `len` fixes its length.
    fn ints(
        &self,
        ctx: &mut Ctx,
        key: &str,
        len: Option<usize>,
        range: std::ops::RangeInclusive<i64>,
        example: &str,
    ) -> Option<Spanned<Vec<i64>>> {
        let v = self.get(key)?;
        let Some(arr) = v.get_ref().as_array() else {
            self.wrong(ctx, key, v, "an array of integers", example);
            return None;
        };
        if let Some(n) = len {
            if arr.len() != n {
                ctx.diags.push(
                    Diagnostic::new(
                        &self.src,
                        Some(v.span()),
                        format!("`{key}` needs {n} numbers, not {}", arr.len()),
                    )
                    .help(format!("for example `{key} = {example}`")),
                );
                return None;
            }
        }
        let mut out = Vec::new();
        let mut ok = true;
        for item in arr.iter() {
            match int_of(item.get_ref()) {
                Some(i) if (*range.start() as i128..=*range.end() as i128).contains(&i) => {
                    out.push(i as i64)
                }
                Some(i) => {
                    ctx.diags.push(
                        Diagnostic::new(
                            &self.src,
                            Some(item.span()),
                            format!(
                                "{i} is outside {}..={} in `{key}`",
                                range.start(),
                                range.end()
                            ),
                        )
                        .help(format!("for example `{key} = {example}`")),
                    );
                    ok = false;
                }
                None => {
                    ctx.diags.push(
                        Diagnostic::new(
                            &self.src,
                            Some(item.span()),
                            format!(
                                "`{key}` holds {}, where a number belongs",
                                type_name(item.get_ref())
                            ),
                        )
                        .help(format!("for example `{key} = {example}`")),
                    );
                    ok = false;
                }
            }
        }
        ok.then(|| Spanned::new(v.span(), out))
    }
    fn givens(&self, ctx: &mut Ctx, key: &str) -> Option<GivensIn> {
        let v = self.get(key)?;
        let form = match v.get_ref() {
            DeValue::String(s) => GivensForm::All(Text::new(&self.src.text, v.span(), s)),
            DeValue::Array(arr) => {
                let mut list = Vec::new();
                for item in arr.iter() {
                    match item.get_ref().as_str() {
                        Some(s) => list.push(Text::new(&self.src.text, item.span(), s)),
                        None => {
                            ctx.diags.push(
                                Diagnostic::new(
                                    &self.src,
                                    Some(item.span()),
                                    format!(
                                        "`{key}` lists {}, where a string for one grid belongs",
                                        type_name(item.get_ref())
                                    ),
                                )
                                .help("write one string per grid: `givens = [\"...\", \"...\"]`"),
                            );
                            return None;
                        }
                    }
                }
                GivensForm::PerGrid(list)
            }
            other => {
                ctx.diags.push(
                    Diagnostic::new(&self.src, Some(v.span()), format!("`{key}` must be a string or an array of strings, not {}", type_name(other)))
                        .help(format!("for example `{key} = \"\"\"` followed by one row of symbols per line and `\"\"\"`")),
                );
                return None;
            }
        };
        Some(GivensIn {
            src: self.src.clone(),
            span: v.span(),
            form,
        })
    }
    /// The tables of an array of tables (`[[grid]]`).
    fn tables(&self, ctx: &mut Ctx, key: &str) -> Vec<(Range<usize>, &'t DeTable<'i>)> {
        let Some(v) = self.get(key) else {
            return Vec::new();
        };
        let arr = match v.get_ref() {
            DeValue::Array(a) => a,
            DeValue::Table(_) => {
                ctx.diags.push(
                    Diagnostic::new(&self.src, Some(v.span()), format!("`[{key}]` is a single table, but a file may have several: write `[[{key}]]`"))
                        .help(format!("use double brackets: [[{key}]]")),
                );
                return Vec::new();
            }
            other => {
                ctx.diags.push(
                    Diagnostic::new(
                        &self.src,
                        Some(v.span()),
                        format!(
                            "`{key}` must be tables written `[[{key}]]`, not {}",
                            type_name(other)
                        ),
                    )
                    .help(format!("start each one with a `[[{key}]]` line")),
                );
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for item in arr.iter() {
            match item.get_ref().as_table() {
                Some(t) => out.push((item.span(), t)),
                None => ctx.diags.push(
                    Diagnostic::new(
                        &self.src,
                        Some(item.span()),
                        format!(
                            "`{key}` lists {}, where a table belongs",
                            type_name(item.get_ref())
                        ),
                    )
                    .help(format!("start each one with a `[[{key}]]` line")),
                ),
            }
        }
        out
    }
    /// Reports every key not in `known`.
    fn unknown_keys(&self, ctx: &mut Ctx, known: &[&str], table: &str) {
        let mut keys: Vec<_> = self.table.iter().map(|(k, _)| k).collect();
        keys.sort_by_key(|k| k.span().start);
        for k in keys {
            let key = k.get_ref().as_ref();
            if known.contains(&key) {
                continue;
            }
            let mut d = Diagnostic::new(
                &self.src,
                Some(k.span()),
                format!("unknown key `{key}` in {table}"),
            );
            let misplaced = |list: &[&str]| list.contains(&key);
            d = if let Some(s) = closest(key, known) {
                d.help(format!("did you mean `{s}`?"))
            } else if table != "the top level" && misplaced(FILE_KEYS) {
                d.help(format!(
                    "`{key}` is a top-level key: move it above the first [[...]] header (keys after a header belong to that table)"
                ))
            } else if misplaced(GRID_KEYS) && table != "[[grid]]" {
                d.help(format!("`{key}` belongs in a [[grid]] table"))
            } else if misplaced(SHAPE_KEYS) && table == "the top level" {
                d.help(format!("`{key}` belongs in a [[shape]] or [[cage]] table"))
            } else {
                d.help(format!(
                    "keys here: {}; see docs/format.md",
                    known.join(", ")
                ))
            };
            ctx.diags.push(d);
        }
    }
}

impl Ctx {
    fn push(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    /// Reads one file (and, first, its base variant) into a state.
    fn read(&mut self, src: &Arc<Source>, base_dir: Option<&Path>, depth: usize) -> Option<State> {
        let (root, errors) = DeTable::parse_recoverable(&src.text);
        let syntax_broken = !errors.is_empty();
        for e in &errors {
            let span = e
                .span()
                .map(|s| s.start.min(src.text.len())..s.end.min(src.text.len()));
            self.push(
                Diagnostic::new(src, span, format!("TOML syntax: {}", e.message().trim()))
                    .help("see docs/format.md for the TOML this file uses; strings need quotes, tables `[[grid]]`"),
            );
        }
        let top = TableReader {
            src: src.clone(),
            table: root.get_ref(),
        };
        top.unknown_keys(self, FILE_KEYS, "the top level");

        let variant = top.text(self, "variant", "\"classic\"");
        let mut state = match &variant {
            Some(v) if depth >= 8 => {
                self.push(Diagnostic::new(
                    src,
                    Some(v.span.clone()),
                    "variants nest too deeply (a cycle?)",
                ));
                return None;
            }
            Some(v) => {
                let name = v.value.as_str();
                let (bsrc, bdir): (Arc<Source>, Option<PathBuf>) = if let Some(text) =
                    builtin::source(name)
                {
                    (
                        Arc::new(Source {
                            name: format!("builtin:{name}"),
                            text: text.to_string(),
                        }),
                        None,
                    )
                } else {
                    let path = base_dir.map_or_else(|| PathBuf::from(name), |d| d.join(name));
                    match std::fs::read_to_string(&path) {
                        Ok(text) => (
                            Arc::new(Source {
                                name: path.display().to_string(),
                                text,
                            }),
                            path.parent().map(Path::to_path_buf),
                        ),
                        Err(e) => {
                            let mut d = Diagnostic::new(
                                src,
                                Some(v.span.clone()),
                                format!(
                                    "variant `{name}` is neither a built-in nor a readable file ({}: {e})",
                                    path.display()
                                ),
                            );
                            d = match closest(name, &builtin::names()) {
                                Some(s) => d.help(format!("did you mean `{s}`?")),
                                None => d.help(format!(
                                    "built-in variants: {}; a path is relative to this file",
                                    builtin::names().join(", ")
                                )),
                            };
                            self.push(d);
                            return None;
                        }
                    }
                };
                let before = self.diags.len();
                let mut st = self.read(&bsrc, bdir.as_deref(), depth + 1)?;
                if self.diags.len() > before {
                    self.push(
                        Diagnostic::new(
                            src,
                            Some(v.span.clone()),
                            format!("the variant `{name}` has problems (listed above)"),
                        )
                        .help("fix the variant file first"),
                    );
                    return None;
                }
                // A base's own example givens do not carry over to the puzzle.
                st.givens = None;
                st.solution = None;
                st.is_puzzle = true;
                st
            }
            None => {
                if top.get("symbols").is_none() && !syntax_broken {
                    self.push(
                        Diagnostic::new(src, Some(0..0), "the file has neither `symbols` nor `variant`")
                            .help("a variant file needs `symbols = \"123456789\"`; a puzzle file needs `variant = \"classic\"`"),
                    );
                }
                State {
                    name: String::new(),
                    description: String::new(),
                    symbols: None,
                    symbols_broken: false,
                    grids: Vec::new(),
                    cells: Vec::new(),
                    cells_incomplete: false,
                    shapes: Vec::new(),
                    givens: None,
                    solution: None,
                    is_puzzle: false,
                    cage_count: 0,
                    syntax_broken: false,
                }
            }
        };
        state.syntax_broken |= syntax_broken;

        if let Some(n) = top.text(self, "name", "\"my variant\"") {
            state.name = n.value;
        } else if variant.is_none() {
            let stem = src
                .name
                .rsplit(['/', '\\', ':'])
                .next()
                .unwrap_or("")
                .trim_end_matches(".toml");
            state.name = stem.to_string();
        }
        if let Some(d) = top.text(self, "description", "\"Classic 9x9\"") {
            state.description = d.value;
        }
        let values = top.ints(self, "values", None, -MAX_VALUE..=MAX_VALUE, "[1, 2, 3, 4]");
        match top.text(self, "symbols", "\"123456789\"") {
            Some(sym) => {
                let chars: Vec<char> = sym.value.chars().collect();
                let res = match &values {
                    Some(v) => Symbols::with_values(chars.clone(), v.get_ref().clone()),
                    None => Symbols::new(chars.clone()),
                };
                match res {
                    Ok(s) => state.symbols = Some(s),
                    Err(e) => {
                        state.symbols_broken = true;
                        self.symbol_error(src, &sym, values.as_ref(), &e);
                    }
                }
            }
            None if top.get("symbols").is_some() => state.symbols_broken = true,
            None => {
                if let Some(v) = &values {
                    self.push(
                        Diagnostic::new(
                            src,
                            Some(v.span()),
                            "`values` needs `symbols` in the same file",
                        )
                        .help(
                            "repeat the variant's `symbols` above `values`, one value per symbol",
                        ),
                    );
                }
                if top.get("values").is_some() {
                    state.symbols_broken = true;
                }
            }
        }
        if top.get("values").is_some() && values.is_none() {
            state.symbols_broken = true;
        }
        if top.get("cells").is_some() {
            match top.text(self, "cells", "\"r1c1 r1-3c4-6\"") {
                Some(cells) => {
                    let (refs, ok) = self.cell_refs(src, &cells);
                    state.cells_incomplete |= !ok;
                    for (_, ps) in refs {
                        for p in ps {
                            if p.row > MAX_CANVAS || p.col > MAX_CANVAS {
                                state.cells_incomplete = true;
                            } else {
                                state.cells.push(p);
                            }
                        }
                    }
                    if state.cells_incomplete && ok {
                        self.push(
                            Diagnostic::new(
                                src,
                                Some(cells.span.clone()),
                                format!("`cells` lists a cell beyond row or column {MAX_CANVAS}"),
                            )
                            .help(format!("the canvas is at most {MAX_CANVAS}x{MAX_CANVAS}")),
                        );
                    }
                }
                None => state.cells_incomplete = true,
            }
        }
        let before_grids = self.diags.len();
        let grid_tables = top.tables(self, "grid");
        if self.diags.len() > before_grids {
            state.cells_incomplete = true;
        }
        for (span, t) in grid_tables {
            match self.read_grid(src, span, t, state.grids.len()) {
                Some(g) => state.grids.push(g),
                None => state.cells_incomplete = true,
            }
        }
        for (k, (span, t)) in top.tables(self, "shape").into_iter().enumerate() {
            let r = TableReader {
                src: src.clone(),
                table: t,
            };
            r.unknown_keys(self, SHAPE_KEYS, "[[shape]]");
            let name = r
                .text(self, "name", "\"window 1\"")
                .map_or_else(|| format!("shape {}", k + 1), |t| t.value);
            let sum = r.int(self, "sum", -MAX_VALUE..=MAX_VALUE, "15");
            let repeats = r.boolean(self, "repeats");
            let rule = match &sum {
                Some(total) => Rule::Sum {
                    total: *total.get_ref(),
                    distinct: !repeats.as_ref().is_some_and(|r| *r.get_ref()),
                },
                None => {
                    if let Some(rp) = &repeats {
                        if *rp.get_ref() {
                            self.push(
                                Diagnostic::new(src, Some(rp.span()), format!("shape `{name}`: `repeats` only makes sense with `sum`"))
                                    .help("a shape without `sum` is a no-repeat shape; remove `repeats` or add `sum`"),
                            );
                        }
                    }
                    Rule::NoRepeat
                }
            };
            if r.get("sum").is_some() && sum.is_none() {
                continue;
            }
            let kind = match r.text(self, "kind", "\"box\"") {
                None if sum.is_some() => ShapeKind::Cage,
                None => ShapeKind::Extra,
                Some(t) => match (t.value.as_str(), sum.is_some()) {
                    ("box", false) => ShapeKind::Box,
                    ("region", false) => ShapeKind::Region,
                    ("extra", false) => ShapeKind::Extra,
                    (other, _) => {
                        let r_span = r.get("kind").map(|v| v.span());
                        self.push(
                            Diagnostic::new(
                                src,
                                r_span,
                                if sum.is_some() {
                                    format!("shape `{name}`: a shape with `sum` is a cage and takes no `kind` (found `{other}`)")
                                } else {
                                    format!("shape `{name}`: unknown kind `{other}`")
                                },
                            )
                                .help(if sum.is_some() {
                                    "a shape with `sum` is a cage; remove `kind`"
                                } else {
                                    "write kind = \"box\", \"region\" or \"extra\""
                                }),
                        );
                        continue;
                    }
                },
            };
            self.read_shape(
                src,
                &r,
                span,
                name,
                kind,
                rule,
                sum.map(|s| s.span()),
                &mut state,
            );
        }
        for (span, t) in top.tables(self, "cage") {
            let r = TableReader {
                src: src.clone(),
                table: t,
            };
            r.unknown_keys(self, CAGE_KEYS, "[[cage]]");
            state.cage_count += 1;
            let sum = r.int(self, "sum", -MAX_VALUE..=MAX_VALUE, "15");
            let repeats = r.boolean(self, "repeats").is_some_and(|r| *r.get_ref());
            let name = r.text(self, "name", "\"cage 1\"").map(|t| t.value);
            let Some(sum) = sum else {
                if r.get("sum").is_none() {
                    self.push(
                        Diagnostic::new(src, Some(span.clone()), "this [[cage]] has no `sum`")
                            .help("add `sum = TOTAL`; for a no-repeat group without a total use [[shape]]"),
                    );
                }
                continue;
            };
            let total = *sum.get_ref();
            let name = name.unwrap_or_else(|| {
                let first = r
                    .get("cells")
                    .and_then(|v| v.get_ref().as_str())
                    .and_then(|s| {
                        s.split([' ', ',', '\t', '\n'])
                            .find(|x| !x.is_empty())
                            .map(str::to_string)
                    });
                match first {
                    Some(f) => format!("cage {total} at {f}"),
                    None => format!("cage {}", state.cage_count),
                }
            });
            let rule = Rule::Sum {
                total,
                distinct: !repeats,
            };
            self.read_shape(
                src,
                &r,
                span,
                name,
                ShapeKind::Cage,
                rule,
                Some(sum.span()),
                &mut state,
            );
        }
        if top.get("cage").is_some() || top.get("givens").is_some() {
            state.is_puzzle = true;
        }
        if let Some(g) = top.givens(self, "givens") {
            state.givens = Some(g);
        }
        if let Some(g) = top.givens(self, "solution") {
            state.solution = Some(g);
        }
        Some(state)
    }

    fn symbol_error(
        &mut self,
        src: &Arc<Source>,
        sym: &Text,
        values: Option<&Spanned<Vec<i64>>>,
        e: &ModelError,
    ) {
        let span = match e {
            ModelError::SymbolValues { .. } => values.map_or(sym.span.clone(), |v| v.span()),
            ModelError::DuplicateSymbol(c) | ModelError::ReservedSymbol(c) => {
                // Point at the offending occurrence (the second one for a duplicate).
                let mut hits = sym.value.char_indices().filter(|(_, x)| x == c);
                let hit = if matches!(e, ModelError::DuplicateSymbol(_)) {
                    hits.nth(1)
                } else {
                    hits.next()
                };
                hit.map_or(sym.span.clone(), |(i, c)| sym.at(i, c.len_utf8()))
            }
            _ => sym.span.clone(),
        };
        let mut d = Diagnostic::new(src, Some(span), e.to_string());
        d.help = model_help(e);
        self.push(d);
    }

    fn read_grid(
        &mut self,
        src: &Arc<Source>,
        span: Range<usize>,
        t: &DeTable<'_>,
        index: usize,
    ) -> Option<(GridSpec, GridSrc)> {
        let r = TableReader {
            src: src.clone(),
            table: t,
        };
        r.unknown_keys(self, GRID_KEYS, "[[grid]]");
        let before = self.diags.len();
        let name = r.text(self, "name", "\"top-left\"").map(|t| t.value);
        let size = r.int(self, "size", 1..=MAX_CANVAS as i64, "9");
        let at = r.ints(self, "at", Some(2), 1..=MAX_CANVAS as i64, "[1, 1]");
        let boxes = r.ints(self, "box", Some(2), 1..=MAX_CANVAS as i64, "[3, 3]");
        let diagonals = r.boolean(self, "diagonals");
        let rows = r.boolean(self, "rows");
        let columns = r.boolean(self, "columns");
        let regions = r.text(self, "regions", "\"AAABBB...\"");
        if r.get("size").is_none() {
            self.push(
                Diagnostic::new(
                    src,
                    Some(span.clone()),
                    format!("grid {} has no `size`", index + 1),
                )
                .help("add `size = 9` (the grid is size x size cells)"),
            );
        }
        let size_v = size.as_ref().map(|s| *s.get_ref() as u32);
        let at_v = at
            .as_ref()
            .map_or([1, 1], |a| [a.get_ref()[0] as u32, a.get_ref()[1] as u32]);
        if let (Some(n), Some(a)) = (size_v, &at) {
            if at_v[0] + n - 1 > MAX_CANVAS || at_v[1] + n - 1 > MAX_CANVAS {
                self.push(
                    Diagnostic::new(
                        src,
                        Some(a.span()),
                        format!(
                            "grid {} reaches beyond row or column {MAX_CANVAS}",
                            index + 1
                        ),
                    )
                    .help(format!("the canvas is at most {MAX_CANVAS}x{MAX_CANVAS}")),
                );
            }
        }
        let mut boxes_v = None;
        if let (Some(b), Some(n)) = (&boxes, size_v) {
            let (h, w) = (b.get_ref()[0] as u32, b.get_ref()[1] as u32);
            // The model only needs boxes that tile the grid (they need not hold N cells).
            if n % h != 0 || n % w != 0 {
                self.push(
                    Diagnostic::new(src, Some(b.span()), format!("boxes of {h}x{w} do not tile a {n}x{n} grid"))
                        .help(format!("box height and width must divide the size {n}, e.g. [3, 3] for 9 or [2, 3] for 6")),
                );
            } else {
                boxes_v = Some((h, w));
            }
        }
        if let (Some(reg), Some(n)) = (&regions, size_v) {
            let chars = reg.chars();
            let want = (n as usize) * (n as usize);
            if chars.len() != want {
                let span = if chars.len() > want {
                    chars[want].1.clone()
                } else {
                    reg.span.clone()
                };
                self.push(
                    Diagnostic::new(
                        src,
                        Some(span),
                        format!(
                            "the region map has {} letters but grid {} has {want} cells",
                            chars.len(),
                            index + 1
                        ),
                    )
                    .help(format!(
                        "write {n} rows of {n} letters, one letter per cell (`.` for no region)"
                    )),
                );
            }
        }
        if self.diags.len() > before {
            return None;
        }
        let n = size_v?;
        let mut spec = GridSpec::square(Pos::new(at_v[0], at_v[1]), n);
        spec.name = name;
        spec.rows = rows.as_ref().is_none_or(|r| *r.get_ref());
        spec.columns = columns.as_ref().is_none_or(|c| *c.get_ref());
        spec.diagonals = diagonals.as_ref().is_some_and(|d| *d.get_ref());
        spec.boxes = boxes_v;
        if let Some(reg) = &regions {
            spec = spec.with_regions(&reg.value);
        }
        let gsrc = GridSrc {
            src: src.clone(),
            whole: span,
            size: size.map_or(0..0, |s| s.span()),
            boxes: boxes.map(|b| b.span()),
            diagonals: diagonals.map(|d| d.span()),
            regions,
        };
        Some((spec, gsrc))
    }

    #[allow(clippy::too_many_arguments)]
    fn read_shape(
        &mut self,
        src: &Arc<Source>,
        r: &TableReader<'_, '_>,
        span: Range<usize>,
        name: String,
        kind: ShapeKind,
        rule: Rule,
        sum_span: Option<Range<usize>>,
        state: &mut State,
    ) {
        let table = if r.table.iter().any(|(k, _)| k.get_ref() == "sum") && kind == ShapeKind::Cage
        {
            "cage"
        } else {
            "shape"
        };
        let Some(cells) = r.text(self, "cells", "\"r1c1 r1c2 r2c1\"") else {
            if r.get("cells").is_none() {
                self.push(
                    Diagnostic::new(src, Some(span), format!("{table} `{name}` has no `cells`"))
                        .help("add `cells = \"r1c1 r1c2\"` (or a rectangle such as r1-3c1-3)"),
                );
            }
            return;
        };
        let (refs, ok) = self.cell_refs(src, &cells);
        if !ok {
            return;
        }
        state.shapes.push(ShapeIn {
            name,
            kind,
            cells: refs.iter().flat_map(|(_, ps)| ps.iter().copied()).collect(),
            rule,
            src: src.clone(),
            cells_text: cells,
            refs,
            sum_span,
        });
    }

    /// Parses a list of cell references, reporting every malformed one at its place.
    fn cell_refs(&mut self, src: &Arc<Source>, text: &Text) -> (Vec<CellRef>, bool) {
        let mut out = Vec::new();
        let mut ok = true;
        let s = &text.value;
        let mut start = None;
        for (i, ch) in s.char_indices().chain([(s.len(), ' ')]) {
            let sep = ch.is_whitespace() || ch == ',';
            match (sep, start) {
                (false, None) => start = Some(i),
                (true, Some(b)) => {
                    let item = &s[b..i];
                    let span = text.at(b, i - b);
                    match parse_cell_ref(item) {
                        Ok(ps) => out.push((span, ps)),
                        Err(e) => {
                            ok = false;
                            self.push(
                                Diagnostic::new(src, Some(span), format!("`{item}` is not a cell reference: {}", e.reason))
                                    .help("write cells as r3c7, or a rectangle as r1-3c4-6, separated by spaces"),
                            );
                        }
                    }
                    start = None;
                }
                _ => {}
            }
        }
        (out, ok)
    }

    /// Compiles what was read and checks givens and solution against it.
    fn finish(&mut self, state: State, out: &mut Analysis) {
        if state.syntax_broken {
            return;
        }
        let Some(symbols) = state.symbols.clone().filter(|_| !state.symbols_broken) else {
            return;
        };
        let build = |skip: &[usize]| {
            let mut b = GeometryBuilder::new(&state.name, symbols.clone());
            b.description(&state.description);
            b.cells(state.cells.iter().copied());
            for (g, _) in &state.grids {
                b.grid(g.clone());
            }
            for (k, s) in state.shapes.iter().enumerate() {
                if !skip.contains(&k) {
                    b.shape(&s.name, s.kind, s.cells.clone(), s.rule);
                }
            }
            b.build_checked()
        };
        let mut geometry = match build(&[]) {
            Ok(g) => Some(g),
            Err(issues) => {
                let skip = self.build_issues(&state, &issues);
                match skip {
                    Some(skip) if !state.cells_incomplete => {
                        // Without the broken shapes the rest may compile; givens are still
                        // worth checking against it.
                        build(&skip).ok()
                    }
                    _ => None,
                }
            }
        };
        if state.cells_incomplete {
            geometry = None;
        }
        let Some(geometry) = geometry.map(Arc::new) else {
            return;
        };
        out.geometry = Some(geometry.clone());
        let mut puzzle = Puzzle::empty(geometry.clone());
        // Where each cell's given is written, for pointing at clashes.
        let mut given_spans: Vec<Option<Range<usize>>> = vec![None; geometry.cell_count()];
        let mut givens_ok = true;
        if let Some(gv) = &state.givens {
            match self.read_values(&geometry, gv, true, "givens") {
                Some((vals, spans)) => {
                    given_spans = spans;
                    puzzle = match Puzzle::new(geometry.clone(), vals) {
                        Ok(p) => p,
                        Err(_) => return,
                    };
                    self.clashes(&geometry, &puzzle, gv, &given_spans);
                    self.full_sums(&geometry, &puzzle, gv, &given_spans);
                }
                None => givens_ok = false,
            }
        }
        if let Some(sol) = &state.solution {
            if let Some((vals, spans)) = self.read_values(&geometry, sol, false, "solution") {
                if vals.iter().all(Option::is_some) {
                    let grid: Vec<u8> = vals.iter().map(|v| v.unwrap_or(0)).collect();
                    if self.check_solution(&geometry, &puzzle, sol, &grid, &spans, givens_ok) {
                        out.solution = Some(grid);
                    }
                }
            }
        }
        if givens_ok {
            out.puzzle = Some(puzzle);
        }
    }

    /// Turns builder issues into diagnostics at their places. Returns the explicit shapes to
    /// leave out for a second build, or `None` when a grid or the whole geometry is at fault.
    fn build_issues(&mut self, state: &State, issues: &[BuildIssue]) -> Option<Vec<usize>> {
        let mut skip = Vec::new();
        let mut whole_broken = false;
        // Oversized standard shapes of one grid are reported once per kind, not once per row.
        let mut too_large: Vec<(usize, String, usize, usize, String)> = Vec::new();
        let mut outside: Vec<(usize, Range<usize>, Vec<Pos>)> = Vec::new();
        for issue in issues {
            match (issue.part, &issue.error) {
                (
                    Part::Grid(k),
                    ModelError::ShapeTooLarge {
                        shape,
                        cells,
                        symbols,
                    },
                ) => {
                    whole_broken = true;
                    // Rows and columns share one message: both come from `size`.
                    let kind = match shape.split(' ').next().unwrap_or("") {
                        "column" => "row".to_string(),
                        k => k.to_string(),
                    };
                    match too_large.iter_mut().find(|t| t.0 == k && t.1 == kind) {
                        Some(t) => t.3 += 1,
                        None => too_large.push((k, kind, *cells, 1, format!("{shape}|{symbols}"))),
                    }
                }
                (Part::Shape(k), ModelError::NoSuchCell { pos, .. }) if k < state.shapes.len() => {
                    if !skip.contains(&k) {
                        skip.push(k);
                    }
                    if state.cells_incomplete {
                        continue;
                    }
                    let s = &state.shapes[k];
                    let span = s
                        .refs
                        .iter()
                        .find(|(_, ps)| ps.contains(pos))
                        .map_or(s.cells_text.span.clone(), |r| r.0.clone());
                    match outside.iter_mut().find(|o| o.0 == k && o.1 == span) {
                        Some(o) => o.2.push(*pos),
                        None => outside.push((k, span, vec![*pos])),
                    }
                }
                (Part::Shape(k), e) if k < state.shapes.len() => {
                    if !skip.contains(&k) {
                        skip.push(k);
                    }
                    let s = &state.shapes[k];
                    let mut d =
                        Diagnostic::new(&s.src, Some(s.cells_text.span.clone()), e.to_string());
                    d.help = model_help(e);
                    match e {
                        ModelError::RepeatedCell { pos, .. } => {
                            let hits: Vec<&Range<usize>> = s
                                .refs
                                .iter()
                                .filter(|(_, ps)| ps.contains(pos))
                                .map(|r| &r.0)
                                .collect();
                            if hits.len() >= 2 {
                                d.span = Some(hits[1].clone());
                                d = d.related(hits[0].clone(), "first listed here");
                            } else if let Some(h) = hits.first() {
                                d.span = Some((*h).clone());
                            }
                        }
                        ModelError::ImpossibleSum { cells, kind, .. } => {
                            if let Some(sp) = &s.sum_span {
                                d.span = Some(sp.clone());
                            }
                            if let Some(sym) = &state.symbols {
                                d.help = Some(sum_help(
                                    sym.values(),
                                    *cells,
                                    *kind == "distinct symbols",
                                ));
                            }
                        }
                        _ => {}
                    }
                    self.push(d);
                }
                (part, e) => {
                    whole_broken = true;
                    let (src, span) = match part {
                        Part::Grid(k) if k < state.grids.len() => (
                            state.grids[k].1.src.clone(),
                            Some(state.grids[k].1.whole.clone()),
                        ),
                        _ => (
                            state
                                .grids
                                .first()
                                .map(|g| g.1.src.clone())
                                .or_else(|| state.shapes.first().map(|s| s.src.clone()))
                                .unwrap_or_else(|| {
                                    Arc::new(Source {
                                        name: state.name.clone(),
                                        text: String::new(),
                                    })
                                }),
                            None,
                        ),
                    };
                    let mut d = Diagnostic::new(&src, span, e.to_string());
                    d.help = model_help(e);
                    self.push(d);
                }
            }
        }
        for (k, span, ps) in outside {
            let s = &state.shapes[k];
            let what = if ps.len() == 1 {
                format!("{} is", ps[0])
            } else {
                format!("{} cells ({}, ...) are", ps.len(), ps[0])
            };
            self.push(
                Diagnostic::new(&s.src, Some(span), format!("shape `{}`: {what} outside every grid and every declared cell", s.name))
                    .help("fix the reference, add a [[grid]] covering it, or list it in the top-level `cells` key"),
            );
        }
        for (k, kind, cells, count, first) in too_large {
            let (shape, symbols) = first.split_once('|').unwrap_or((&first, "?"));
            let g = &state.grids[k.min(state.grids.len().saturating_sub(1))].1;
            let (span, help) = match kind.as_str() {
                "row" | "column" => (
                    g.size.clone(),
                    format!("use `size` of at most {symbols}, or add symbols"),
                ),
                "box" => (
                    g.boxes.clone().unwrap_or(g.whole.clone()),
                    format!("use boxes of at most {symbols} cells, or add symbols"),
                ),
                "diagonal" => (
                    g.diagonals.clone().unwrap_or(g.whole.clone()),
                    "a diagonal has `size` cells; drop `diagonals` or add symbols".into(),
                ),
                "region" => {
                    let letter = shape.chars().nth(7);
                    let span = match (&g.regions, letter) {
                        (Some(r), Some(l)) => r
                            .chars()
                            .into_iter()
                            .find(|(c, _)| *c == l)
                            .map_or(r.span.clone(), |x| x.1),
                        (Some(r), None) => r.span.clone(),
                        _ => g.whole.clone(),
                    };
                    (span, format!("a region may have at most {symbols} cells"))
                }
                _ => (g.whole.clone(), "split the shape or add symbols".into()),
            };
            let more = if count > 1 {
                format!(" (and {} more like it)", count - 1)
            } else {
                String::new()
            };
            self.push(
                Diagnostic::new(
                    &g.src,
                    Some(span),
                    format!("grid {}: `{shape}` has {cells} cells but there are only {symbols} symbols, so it cannot be filled without a repeat{more}", k + 1),
                )
                .help(help),
            );
        }
        (!whole_broken).then_some(skip)
    }

    /// Reads givens or a solution, reporting every problem. Returns values and, per cell, where
    /// its symbol is written.
    #[allow(clippy::type_complexity)]
    fn read_values(
        &mut self,
        g: &Geometry,
        gv: &GivensIn,
        blanks: bool,
        key: &str,
    ) -> Option<(Vec<Option<u8>>, Vec<Option<Range<usize>>>)> {
        let nc = g.cell_count();
        let sym = g.symbols();
        let mut vals: Vec<Option<u8>> = vec![None; nc];
        let mut spans: Vec<Option<Range<usize>>> = vec![None; nc];
        let before = self.diags.len();
        let mut bad_symbols = 0usize;
        let blank = |ch: char| ch == '.' || (ch == '0' && sym.index_of('0').is_none());
        let mut symbol_at = |this: &mut Ctx,
                             ch: char,
                             span: &Range<usize>,
                             p: Pos,
                             src: &Arc<Source>|
         -> Option<Option<u8>> {
            if let Some(v) = sym.index_of(ch) {
                return Some(Some(v));
            }
            if blank(ch) {
                if !blanks {
                    bad_symbols += 1;
                    if bad_symbols <= MAX_PER_STRING {
                        this.push(
                            Diagnostic::new(
                                src,
                                Some(span.clone()),
                                format!("the {key} leaves {p} empty"),
                            )
                            .help("a solution fills every cell with a symbol"),
                        );
                    }
                }
                return Some(None);
            }
            bad_symbols += 1;
            if bad_symbols <= MAX_PER_STRING {
                this.push(
                    Diagnostic::new(
                        src,
                        Some(span.clone()),
                        format!("`{ch}` at {p} is not a symbol of this puzzle"),
                    )
                    .help(format!(
                        "symbols are `{}`; `.` is an empty cell",
                        sym.as_string()
                    )),
                );
            }
            None
        };
        match &gv.form {
            GivensForm::All(text) => {
                let chars = text.chars();
                let canvas = (g.rows() as usize) * (g.cols() as usize);
                if chars.len() == nc {
                    for (i, (ch, span)) in chars.iter().enumerate() {
                        if let Some(v) = symbol_at(self, *ch, span, g.pos(i), &gv.src) {
                            vals[i] = v;
                        }
                        spans[i] = Some(span.clone());
                    }
                } else if chars.len() == canvas {
                    for (i, (ch, span)) in chars.iter().enumerate() {
                        let p = Pos::new(i as u32 / g.cols() + 1, i as u32 % g.cols() + 1);
                        match g.cell_at(p) {
                            Some(c) => {
                                if let Some(v) = symbol_at(self, *ch, span, p, &gv.src) {
                                    vals[c] = v;
                                }
                                spans[c] = Some(span.clone());
                            }
                            None if *ch == '#' || *ch == '.' || *ch == '0' => {}
                            None => self.push(
                                Diagnostic::new(
                                    &gv.src,
                                    Some(span.clone()),
                                    format!("`{ch}` at {p}, where the canvas has no cell"),
                                )
                                .help(
                                    "in a canvas picture write `#` (or `.`) where there is no cell",
                                ),
                            ),
                        }
                    }
                } else {
                    let expected = if canvas == nc {
                        format!("the puzzle has {nc} cells")
                    } else {
                        format!(
                            "the puzzle has {nc} cells (or {canvas} for a canvas picture of {}x{})",
                            g.rows(),
                            g.cols()
                        )
                    };
                    // Point at the first extra symbol when that is unambiguous.
                    let limit = canvas.max(nc);
                    let first_extra = if chars.len() > limit {
                        Some(limit)
                    } else if chars.len() > nc && canvas == nc {
                        Some(nc)
                    } else {
                        None
                    };
                    let span = first_extra.map_or(text.span.clone(), |i| chars[i].1.clone());
                    let extra = if first_extra.is_some() {
                        " (the first extra one is here)"
                    } else {
                        ""
                    };
                    self.push(
                        Diagnostic::new(
                            &gv.src,
                            Some(span),
                            format!("{key} have {} symbols but {expected}{extra}", chars.len()),
                        )
                        .help(givens_help(g)),
                    );
                }
            }
            GivensForm::PerGrid(list) => {
                if list.len() != g.grids().len() {
                    self.push(
                        Diagnostic::new(
                            &gv.src,
                            Some(gv.span.clone()),
                            format!(
                                "{key} list {} strings but there are {} grids",
                                list.len(),
                                g.grids().len()
                            ),
                        )
                        .help("write one string per [[grid]], in the order the grids are listed"),
                    );
                    return None;
                }
                for (gi, (grid, text)) in g.grids().iter().zip(list).enumerate() {
                    let chars = text.chars();
                    let want = (grid.size * grid.size) as usize;
                    if chars.len() != want {
                        let span = if chars.len() > want {
                            chars[want].1.clone()
                        } else {
                            text.span.clone()
                        };
                        self.push(
                            Diagnostic::new(&gv.src, Some(span), format!("{key} for grid {} have {} symbols but the grid has {want} cells", gi + 1, chars.len()))
                                .help(format!("write {} rows of {} symbols, `.` for an empty cell", grid.size, grid.size)),
                        );
                        continue;
                    }
                    for (p, (ch, span)) in grid.positions().zip(&chars) {
                        let Some(c) = g.cell_at(p) else { continue };
                        let Some(v) = symbol_at(self, *ch, span, p, &gv.src) else {
                            continue;
                        };
                        match (vals[c], v) {
                            (Some(a), Some(b)) if a != b => {
                                let mut d = Diagnostic::new(
                                    &gv.src,
                                    Some(span.clone()),
                                    format!(
                                        "overlapping grids disagree at {p}: `{}` in an earlier grid, `{}` in grid {}",
                                        sym.char(a),
                                        sym.char(b),
                                        gi + 1
                                    ),
                                )
                                .help("a shared cell is one cell: write the same symbol (or `.`) in every grid that covers it");
                                if let Some(first) = &spans[c] {
                                    d = d.related(first.clone(), "the earlier grid's symbol");
                                }
                                self.push(d);
                            }
                            (None, Some(b)) => {
                                vals[c] = Some(b);
                                spans[c] = Some(span.clone());
                            }
                            _ => {
                                if spans[c].is_none() {
                                    spans[c] = Some(span.clone());
                                }
                            }
                        }
                    }
                }
            }
        }
        if bad_symbols > MAX_PER_STRING {
            self.push(Diagnostic::new(
                &gv.src,
                Some(gv.span.clone()),
                format!(
                    "... and {} more bad symbols in the {key}",
                    bad_symbols - MAX_PER_STRING
                ),
            ));
        }
        (self.diags.len() == before).then_some((vals, spans))
    }

    /// Reports givens that already break a no-repeat shape, once per pair of cells.
    fn clashes(
        &mut self,
        g: &Geometry,
        puzzle: &Puzzle,
        gv: &GivensIn,
        spans: &[Option<Range<usize>>],
    ) {
        let mut pairs: Vec<((usize, usize), Vec<String>)> = Vec::new();
        for (shape, a, b) in puzzle.clashes() {
            match pairs.iter_mut().find(|(p, _)| *p == (a, b)) {
                Some((_, names)) => names.push(g.shape_label(shape)),
                None => pairs.push(((a, b), vec![g.shape_label(shape)])),
            }
        }
        for ((a, b), names) in pairs {
            let symbol = g.symbols().char(puzzle.givens()[a].unwrap_or(0));
            let mut d = Diagnostic::new(
                &gv.src,
                Some(spans[b].clone().unwrap_or(gv.span.clone())),
                format!(
                    "givens break {}: `{symbol}` at both {} and {}",
                    names.join(" and "),
                    g.pos(a),
                    g.pos(b)
                ),
            )
            .help("a no-repeat shape holds each symbol at most once; fix one of the two givens");
            if let Some(sa) = &spans[a] {
                d = d.related(sa.clone(), format!("`{symbol}` at {}", g.pos(a)));
            }
            self.push(d);
        }
    }

    /// Reports sum shapes whose cells are all given but do not add up.
    fn full_sums(
        &mut self,
        g: &Geometry,
        puzzle: &Puzzle,
        gv: &GivensIn,
        spans: &[Option<Range<usize>>],
    ) {
        for (si, s) in g.shapes().iter().enumerate() {
            let Rule::Sum { total, .. } = s.rule else {
                continue;
            };
            let vals: Option<Vec<u8>> = s.cells.iter().map(|&c| puzzle.givens()[c]).collect();
            let Some(vals) = vals else { continue };
            let found: i64 = vals.iter().map(|&v| g.symbols().value(v)).sum();
            if found != total {
                let last = *s.cells.last().unwrap_or(&0);
                self.push(
                    Diagnostic::new(
                        &gv.src,
                        Some(spans[last].clone().unwrap_or(gv.span.clone())),
                        format!("givens break {}: its cells are all given and add up to {found}, not {total}", g.shape_label(si)),
                    )
                    .help("fix one of its givens, or the total"),
                );
            }
        }
    }

    /// Checks a full solution against the givens and every shape; reports each broken rule.
    fn check_solution(
        &mut self,
        g: &Geometry,
        puzzle: &Puzzle,
        sol: &GivensIn,
        grid: &[u8],
        spans: &[Option<Range<usize>>],
        givens_ok: bool,
    ) -> bool {
        let sym = g.symbols();
        let at = |c: usize| spans[c].clone().unwrap_or(sol.span.clone());
        let mut problems = 0usize;
        let mut report = |this: &mut Ctx, d: Diagnostic| {
            problems += 1;
            if problems <= MAX_PER_STRING {
                this.push(d);
            }
        };
        if givens_ok {
            for (c, gv) in puzzle.givens().iter().enumerate() {
                if let Some(v) = *gv {
                    if v != grid[c] {
                        report(
                            self,
                            Diagnostic::new(
                                &sol.src,
                                Some(at(c)),
                                format!("the solution is wrong: {} is given as `{}` but the solution has `{}`", g.pos(c), sym.char(v), sym.char(grid[c])),
                            )
                            .help("the solution must keep every given"),
                        );
                    }
                }
            }
        }
        for (si, s) in g.shapes().iter().enumerate() {
            if s.is_no_repeat() {
                let mut first: Vec<Option<usize>> = vec![None; sym.len()];
                for &c in &s.cells {
                    let v = grid[c] as usize;
                    if let Some(a) = first[v] {
                        report(
                            self,
                            Diagnostic::new(
                                &sol.src,
                                Some(at(c)),
                                format!(
                                    "the solution is wrong: `{}` repeats in {} at {} and {}",
                                    sym.char(grid[c]),
                                    g.shape_label(si),
                                    g.pos(a),
                                    g.pos(c)
                                ),
                            )
                            .related(at(a), format!("first `{}` here", sym.char(grid[c])))
                            .help("each symbol appears at most once in a no-repeat shape"),
                        );
                        break;
                    }
                    first[v] = Some(c);
                }
            }
            if let Rule::Sum { total, .. } = s.rule {
                let found: i64 = s.cells.iter().map(|&c| sym.value(grid[c])).sum();
                if found != total {
                    report(
                        self,
                        Diagnostic::new(
                            &sol.src,
                            Some(at(s.cells[0])),
                            format!(
                                "the solution is wrong: {} adds up to {found}, not {total}",
                                g.shape_label(si)
                            ),
                        )
                        .help("the cells of a sum shape add up to its total"),
                    );
                }
            }
        }
        if problems > MAX_PER_STRING {
            self.push(Diagnostic::new(
                &sol.src,
                Some(sol.span.clone()),
                format!(
                    "... and {} more broken rules in the solution",
                    problems - MAX_PER_STRING
                ),
            ));
        }
        problems == 0
    }
}

fn sum_help(values: &[i64], cells: usize, distinct: bool) -> String {
    let mut v = values.to_vec();
    v.sort_unstable();
    if distinct {
        if cells > v.len() {
            return format!(
                "{cells} cells cannot hold distinct symbols: there are only {} symbols",
                v.len()
            );
        }
        let lo: i64 = v[..cells].iter().sum();
        let hi: i64 = v[v.len() - cells..].iter().sum();
        format!(
            "{cells} distinct symbols add up to between {lo} and {hi} (and not every total in between may be reachable); check the total and the cells"
        )
    } else {
        let (lo, hi) = (v[0] * cells as i64, v[v.len() - 1] * cells as i64);
        format!("{cells} symbols add up to between {lo} and {hi}; check the total and the cells")
    }
}

fn givens_help(g: &Geometry) -> String {
    if g.grids().len() > 1 {
        format!(
            "write {} characters in row-major cell order (`.` for empty, whitespace ignored), a canvas picture of {} rows of {} with `#` where there is no cell, or one string per grid",
            g.cell_count(),
            g.rows(),
            g.cols()
        )
    } else {
        format!(
            "write {} characters in row-major cell order (`.` for empty, whitespace ignored)",
            g.cell_count()
        )
    }
}

fn model_help(e: &ModelError) -> Option<String> {
    Some(
        match e {
            ModelError::NoSuchCell { .. } => {
                "add a [[grid]] covering it, or list it in the top-level `cells` key"
            }
            ModelError::RepeatedCell { .. } => "list each cell once",
            ModelError::EmptyShape { .. } => "list at least one cell",
            ModelError::ShapeTooLarge { .. } => "split the shape or add symbols",
            ModelError::ImpossibleSum { .. } => "check the total and the cells of the cage",
            ModelError::DuplicateSymbol(_) => "each symbol must be a different character",
            ModelError::ReservedSymbol(_) => {
                "`.` and whitespace mean an empty cell; pick another character"
            }
            ModelError::SymbolCount(_) => "use 1 to 64 characters in `symbols`",
            ModelError::SymbolValues { .. } => "give exactly one value per symbol, in symbol order",
            ModelError::NoCells => "add a [[grid]] with a `size`, or a top-level `cells` list",
            _ => return None,
        }
        .to_string(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (line, column, message) of every diagnostic.
    fn problems(text: &str) -> Vec<(usize, usize, String)> {
        let a = analyze_str("t.toml", text, None);
        a.diagnostics
            .iter()
            .map(|d| {
                let (l, c) = d.line_col().unwrap_or((0, 0));
                (l, c, d.message.clone())
            })
            .collect()
    }

    fn has(p: &[(usize, usize, String)], line: usize, col: usize, needle: &str) -> bool {
        p.iter()
            .any(|(l, c, m)| *l == line && *c == col && m.contains(needle))
    }

    #[test]
    fn shape_kind_sets_how_a_shape_is_drawn_and_rejects_unknown_kinds() {
        let text = "symbols = \"1234\"\ncells = \"r1-2c1-2\"\n[[shape]]\nname = \"face\"\nkind = \"box\"\ncells = \"r1-2c1-2\"\n";
        let l = load_str("t.toml", text, None).unwrap();
        assert_eq!(l.geometry.shape(0).kind, ShapeKind::Box);
        let p = problems(&text.replace("\"box\"", "\"circle\""));
        assert!(has(&p, 5, 8, "unknown kind `circle`"), "{p:?}");
        let p = problems(
            "symbols = \"1234\"\ncells = \"r1c1-2\"\n[[shape]]\nsum = 3\nkind = \"box\"\ncells = \"r1c1-2\"\n",
        );
        assert!(has(&p, 5, 8, "takes no `kind`"), "{p:?}");
    }

    #[test]
    fn every_unknown_key_is_reported_where_it_is() {
        let p = problems(
            "symbols = \"1234\"\nsymbol = \"x\"\n[[grid]]\nsize = 4\nbox = [2, 2]\ndiagonal = true\n[[shape]]\ncell = \"r1c1\"\ncells = \"r1c1\"\n",
        );
        assert!(has(&p, 2, 1, "unknown key `symbol`"), "{p:?}");
        assert!(has(&p, 6, 1, "unknown key `diagonal`"), "{p:?}");
        assert!(has(&p, 8, 1, "unknown key `cell`"), "{p:?}");
        assert_eq!(p.len(), 3, "{p:?}");
        let a = analyze_str("t.toml", "variant = \"4x4\"\nsymbol = 1\n", None);
        assert_eq!(
            a.diagnostics[0].help.as_deref(),
            Some("did you mean `symbols`?")
        );
    }

    #[test]
    fn wrong_types_are_reported_and_the_rest_still_checked() {
        let p = problems(
            "symbols = \"1234\"\n[[grid]]\nsize = \"four\"\n[[grid]]\nsize = 4\nbox = [2, 3]\nrows = 1\n",
        );
        assert!(
            has(&p, 3, 8, "`size` must be an integer, not a string"),
            "{p:?}"
        );
        assert!(
            has(&p, 6, 7, "boxes of 2x3 do not tile a 4x4 grid"),
            "{p:?}"
        );
        assert!(has(&p, 7, 8, "`rows` must be true or false"), "{p:?}");
    }

    #[test]
    fn cell_references_are_pointed_at_inside_multiline_strings() {
        let text = "variant = \"4x4\"\n[[shape]]\ncells = \"\"\"\nr1c1 r1c2\n  r2c2 rc3\"\"\"\n[[cage]]\nsum = 3\ncells = 'r4c1 r4-c2'\n";
        let p = problems(text);
        assert!(has(&p, 5, 8, "`rc3` is not a cell reference"), "{p:?}");
        assert!(has(&p, 8, 15, "`r4-c2` is not a cell reference"), "{p:?}");
    }

    #[test]
    fn escaped_strings_fall_back_to_the_whole_value() {
        // With an escape the characters cannot be mapped one to one: point at the whole string.
        let p = problems("variant = \"4x4\"\n[[shape]]\ncells = \"r1c1\\u0020rXc1\"\n");
        assert!(has(&p, 3, 9, "`rXc1` is not a cell reference"), "{p:?}");
    }

    #[test]
    fn givens_point_at_the_character() {
        let text = "name = \"e\"\nsymbols = \"🍎🍐🍊🍋\"\n[[grid]]\nsize = 4\nbox = [2, 2]\n[[grid]]\nsize = 1\nat = [9, 9]\nrows = false\ncolumns = false\n";
        let ok = format!("{text}givens = \"🍎... .... .... ...🍋 .\"\n");
        // `givens` after a table header belongs to the table: reported as such.
        let p = problems(&ok);
        assert!(
            p.iter()
                .any(|(_, _, m)| m.contains("unknown key `givens` in [[grid]]")),
            "{p:?}"
        );
        let text = "givens = \"🍎... .x.. .... ...🍋 .\"\nname = \"e\"\nsymbols = \"🍎🍐🍊🍋\"\n[[grid]]\nsize = 4\nbox = [2, 2]\n[[grid]]\nsize = 1\nat = [9, 9]\nrows = false\ncolumns = false\n";
        let p = problems(text);
        assert!(has(&p, 1, 17, "`x` at r2c2 is not a symbol"), "{p:?}");
        assert_eq!(p.len(), 1, "{p:?}");
    }

    #[test]
    fn givens_clash_names_shape_and_both_cells_once() {
        let p = problems("variant = \"4x4\"\ngivens = \"1... 1... .... ....\"\n");
        assert_eq!(p.len(), 1, "{p:?}");
        assert!(
            has(
                &p,
                2,
                16,
                "givens break column 1 and box 1: `1` at both r1c1 and r2c1"
            ),
            "{p:?}"
        );
    }

    #[test]
    fn symbols_problems_point_at_the_character() {
        let p = problems("symbols = \"12342\"\n[[grid]]\nsize = 4\n");
        assert!(has(&p, 1, 16, "symbol `2` appears twice"), "{p:?}");
        let p = problems("symbols = \"12\"\nvalues = [1]\n[[grid]]\nsize = 2\n");
        assert!(has(&p, 2, 10, "2 symbols but 1 values"), "{p:?}");
    }

    #[test]
    fn oversized_grid_shapes_are_one_problem_per_kind() {
        let p = problems("symbols = \"1234\"\n[[grid]]\nsize = 6\nbox = [2, 3]\n");
        assert_eq!(p.len(), 2, "{p:?}");
        assert!(
            has(&p, 3, 8, "`row 1` has 6 cells but there are only 4 symbols"),
            "{p:?}"
        );
        assert!(p[0].2.contains("and 11 more"), "{p:?}");
        assert!(has(&p, 4, 7, "`box 1` has 6 cells"), "{p:?}");
        let p = problems(
            "symbols = \"1234\"\n[[grid]]\nsize = 4\nregions = \"\"\"\nAAAB\nAABB\nCCDD\nCCDD\"\"\"\n",
        );
        assert!(has(&p, 5, 1, "`region A` has 5 cells"), "{p:?}");
        let p = problems("symbols = \"1234\"\n[[grid]]\nsize = 2\nregions = \"ABCDE\"\n");
        assert!(
            has(
                &p,
                4,
                16,
                "the region map has 5 letters but grid 1 has 4 cells"
            ),
            "{p:?}"
        );
    }

    #[test]
    fn syntax_errors_have_a_place() {
        let p = problems("variant = \"4x4\"\ngivens = \"1...\n");
        assert!(!p.is_empty());
        assert!(
            p.iter()
                .all(|(l, _, m)| *l == 2 && m.starts_with("TOML syntax")),
            "{p:?}"
        );
    }

    #[test]
    fn a_missing_variant_suggests_a_builtin() {
        let a = analyze_str(
            "t.toml",
            "variant = \"clasic\"\n",
            Some(Path::new("/nonexistent")),
        );
        assert_eq!(a.diagnostics.len(), 1);
        assert_eq!(
            a.diagnostics[0].help.as_deref(),
            Some("did you mean `classic`?")
        );
        assert_eq!(a.diagnostics[0].line_col(), Some((1, 11)));
    }

    #[test]
    fn huge_coordinates_are_refused_not_allocated() {
        let p = problems("symbols = \"1\"\ncells = \"r4000000000c1 r1c1\"\n");
        assert!(has(&p, 2, 9, "beyond row or column 1024"), "{p:?}");
        let p = problems("symbols = \"1\"\n[[grid]]\nsize = 1\nat = [99999, 1]\n");
        assert!(has(&p, 4, 7, "outside 1..=1024"), "{p:?}");
        let p = problems("symbols = \"12\"\nvalues = [1, 99999999999999]\n[[grid]]\nsize = 2\n");
        assert!(has(&p, 2, 14, "outside"), "{p:?}");
    }

    #[test]
    fn canvas_pictures_need_a_blank_where_there_is_no_cell() {
        let variant = "symbols = \"12\"\n[[grid]]\nsize = 2\n[[grid]]\nat = [2, 2]\nsize = 2\n";
        // 3x3 canvas, 7 cells: r1c3 and r3c1 are not cells.
        let ok = format!("givens = \"1.# ... #..\"\n{variant}");
        assert!(load_str("t.toml", &ok, None).is_ok());
        let p = problems(&format!("givens = \"1.2 ... #..\"\n{variant}"));
        assert!(
            has(&p, 1, 13, "`2` at r1c3, where the canvas has no cell"),
            "{p:?}"
        );
        let p = problems(&format!("givens = \"1.\"\n{variant}"));
        assert!(
            has(
                &p,
                1,
                10,
                "givens have 2 symbols but the puzzle has 7 cells (or 9 for a canvas picture of 3x3)"
            ),
            "{p:?}"
        );
    }

    #[test]
    fn top_level_spans_cover_key_and_value() {
        let text = "name = \"x\"\ngivens = \"\"\"\n12\n\"\"\"\n[[grid]]\nsize = 2\n";
        let spans = top_level_spans(text);
        let keys: Vec<&str> = spans.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["name", "givens"]);
        assert_eq!(&text[spans[1].1.clone()], "givens = \"\"\"\n12\n\"\"\"");
    }

    #[test]
    fn fully_given_cages_must_add_up() {
        let p = problems(
            "variant = \"4x4\"\ngivens = \"12.. .... .... ....\"\n[[cage]]\nsum = 4\ncells = \"r1c1 r1c2\"\n",
        );
        assert!(
            has(
                &p,
                2,
                12,
                "givens break cage 4 at r1c1: its cells are all given and add up to 3, not 4"
            ),
            "{p:?}"
        );
        assert!(load_str("t.toml", "variant = \"4x4\"\ngivens = \"12.. .... .... ....\"\n[[cage]]\nsum = 3\ncells = \"r1c1 r1c2\"\n", None).is_ok());
    }

    #[test]
    fn a_clean_file_loads() {
        let l = load_str("t.toml", "variant = \"4x4\"\ngivens = \"12.. 3... ...2 ..1.\"\nsolution = \"1243 3421 4132 2314\"\n", None).unwrap();
        assert!(l.is_puzzle);
        assert_eq!(l.solution.as_ref().map(Vec::len), Some(16));
    }

    mod fuzz {
        use super::super::*;
        use proptest::prelude::*;

        const SEED: &str = "name = \"f\"\nsymbols = \"1234\"\ngivens = [\"1... .... .... ...2\", \"2...\"]\nsolution = \"\"\"\n1234\n\"\"\"\n[[grid]]\nat = [1, 1]\nsize = 4\nbox = [2, 2]\nregions = \"AABB AABB CCDD CCDD\"\n[[grid]]\nat = [4, 4]\nsize = 2\n[[shape]]\nname = \"s\"\ncells = \"r1c1 r2-3c2-3\"\nsum = 10\nrepeats = true\n[[cage]]\nsum = 3\ncells = \"r4c1 r4c2\"\n";
        const TOKENS: &[&str] = &[
            "\"",
            "'",
            "\"\"\"",
            "[",
            "]",
            "[[",
            "]]",
            "=",
            "\n",
            ",",
            "r",
            "c",
            "-",
            "0",
            "1",
            "9",
            "99999",
            "4294967295",
            "-1",
            "true",
            "{",
            "}",
            ".",
            "#",
            "🍎",
            "\\",
            "size",
            "at",
            "box",
            "cells",
            "sum",
            "variant = \"4x4\"",
            "givens",
            "é",
        ];

        proptest! {
            #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

            #[test]
            fn arbitrary_text_never_panics(text in ".{0,200}") {
                let _ = analyze_str("f.toml", &text, None);
            }

            #[test]
            fn mutated_files_never_panic(edits in proptest::collection::vec((0usize..400, 0usize..6, 0usize..TOKENS.len()), 1..6)) {
                let mut text = SEED.to_string();
                for (at, del, tok) in edits {
                    let mut at = at.min(text.len());
                    while !text.is_char_boundary(at) { at -= 1; }
                    let mut end = (at + del).min(text.len());
                    while !text.is_char_boundary(end) { end += 1; }
                    text.replace_range(at..end, TOKENS[tok]);
                }
                let a = analyze_str("f.toml", &text, None);
                for d in &a.diagnostics {
                    // Every span lies inside its file, so it can be shown.
                    if let Some(s) = &d.span {
                        prop_assert!(s.start <= s.end && s.end <= d.source.text.len(), "{d:?}");
                    }
                    let _ = d.to_string();
                }
            }
        }
    }
}
