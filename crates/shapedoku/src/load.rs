//! Loading TOML variant and puzzle files into geometries and puzzles, with errors that point at
//! the file, line and column.
//!
//! ```
//! let text = r#"
//! variant = "4x4"
//! givens = "1... ..2. .3.. ...4"
//! "#;
//! let loaded = shapedoku::load::load_str("inline.toml", text, None).unwrap();
//! assert_eq!(loaded.puzzle.given_count(), 4);
//!
//! let bad = shapedoku::load::load_str("bad.toml", "variant = \"4x4\"\ngivns = \"\"", None).unwrap_err();
//! let d = &bad.diagnostics[0];
//! assert_eq!(d.line_col(), Some((2, 1)));
//! ```

use crate::builtin;
use crate::definition::{FileDef, GivensDef};
use crate::error::ModelError;
use crate::geometry::{Geometry, GeometryBuilder, GridSpec, Part, Rule, ShapeKind};
use crate::pos::{parse_cell_list, Pos, PosError};
use crate::puzzle::Puzzle;
use crate::symbols::Symbols;
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

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
        let offset = offset.min(self.text.len());
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
}

impl Diagnostic {
    fn new(source: &Arc<Source>, span: Option<Range<usize>>, message: impl Into<String>) -> Self {
        Diagnostic {
            source: source.clone(),
            span,
            message: message.into(),
            help: None,
        }
    }
    fn help(mut self, h: impl Into<String>) -> Self {
        self.help = Some(h.into());
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
    /// The problems, in the order found.
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

/// Loads a variant or puzzle file from disk.
pub fn load_path(path: &Path) -> Result<Loaded, LoadError> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        Diagnostic::new(
            &Arc::new(Source {
                name: path.display().to_string(),
                text: String::new(),
            }),
            None,
            format!("cannot read the file: {e}"),
        )
    })?;
    load_str(&path.display().to_string(), &text, path.parent())
}

/// Loads a built-in variant (or built-in puzzle such as `killer`) by name.
pub fn load_builtin(name: &str) -> Result<Loaded, LoadError> {
    match builtin::source(name) {
        Some(text) => load_str(&format!("builtin:{name}"), text, None),
        None => Err(Diagnostic::new(
            &Arc::new(Source { name: name.into(), text: String::new() }),
            None,
            format!("`{name}` is not a built-in variant"),
        )
        .help(format!("built-in variants: {}", builtin::names().join(", ")))
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
/// `variant` path.
pub fn load_str(name: &str, text: &str, base_dir: Option<&Path>) -> Result<Loaded, LoadError> {
    let mut ctx = Ctx::default();
    let src = Arc::new(Source {
        name: name.to_string(),
        text: text.to_string(),
    });
    let state = ctx.read(&src, base_dir, 0);
    let Some(mut state) = state else {
        return Err(LoadError { diagnostics: ctx.diags });
    };
    let geometry = match state.builder.build_checked() {
        Ok(g) => Arc::new(g),
        Err(issues) => {
            for i in issues {
                let (s, span) = match i.part {
                    Part::Whole => (state.whole.0.clone(), state.whole.1.clone()),
                    Part::Grid(k) => state.grid_spans[k].clone(),
                    Part::Shape(k) => state.shape_spans[k].clone(),
                };
                let help = model_help(&i.error);
                let mut d = Diagnostic::new(&s, span, i.error.to_string());
                d.help = help;
                ctx.diags.push(d);
            }
            return Err(LoadError { diagnostics: ctx.diags });
        }
    };
    let mut puzzle = Puzzle::empty(geometry.clone());
    if let Some((s, span, def)) = state.givens.take() {
        match read_givens(&geometry, &def, true) {
            Ok(g) => {
                puzzle = Puzzle::new(geometry.clone(), g).expect("givens were read against this geometry");
                for (shape, a, b) in puzzle.clashes() {
                    let sym = geometry.symbols().char(puzzle.givens()[a].unwrap_or(0));
                    ctx.diags.push(
                        Diagnostic::new(
                            &s,
                            Some(span.clone()),
                            format!(
                                "givens break {}: `{sym}` at both {} and {}",
                                geometry.shape_label(shape),
                                geometry.pos(a),
                                geometry.pos(b)
                            ),
                        )
                        .help("a no-repeat shape holds each symbol at most once; fix one of the two givens"),
                    );
                }
            }
            Err(e) => ctx.diags.push(Diagnostic::new(&s, Some(span), e.to_string()).help(givens_help(&geometry))),
        }
    }
    let mut solution = None;
    if let Some((s, span, def)) = state.solution.take() {
        match read_givens(&geometry, &def, false) {
            Ok(g) => {
                let grid: Vec<u8> = g.iter().map(|v| v.unwrap_or(0)).collect();
                if let Some(c) = g.iter().position(Option::is_none) {
                    ctx.diags.push(Diagnostic::new(&s, Some(span), format!("the solution leaves {} empty", geometry.pos(c))));
                } else if let Err(v) = puzzle.verify(&grid) {
                    ctx.diags.push(Diagnostic::new(&s, Some(span), format!("the solution is wrong: {v}")));
                } else {
                    solution = Some(grid);
                }
            }
            Err(e) => ctx.diags.push(Diagnostic::new(&s, Some(span), e.to_string()).help(givens_help(&geometry))),
        }
    }
    if !ctx.diags.is_empty() {
        return Err(LoadError { diagnostics: ctx.diags });
    }
    Ok(Loaded {
        geometry,
        puzzle,
        solution,
        is_puzzle: state.is_puzzle,
    })
}

fn givens_help(g: &Geometry) -> String {
    format!(
        "write {} characters in row-major cell order (`.` for empty, whitespace ignored), or one string per grid",
        g.cell_count()
    )
}

fn model_help(e: &ModelError) -> Option<String> {
    Some(
        match e {
            ModelError::NoSuchCell { .. } => "add a [[grid]] covering it, or list it in the top-level `cells` key",
            ModelError::RepeatedCell { .. } => "list each cell once",
            ModelError::ShapeTooLarge { .. } => "split the shape or add symbols",
            ModelError::ImpossibleSum { .. } => "check the total and the cells of the cage",
            ModelError::DuplicateSymbol(_) => "each symbol must be a different character",
            ModelError::SymbolCount(_) => "use 1 to 64 characters in `symbols`",
            _ => return None,
        }
        .to_string(),
    )
}

/// Reads givens (or a solution) against a geometry.
pub fn read_givens(g: &Arc<Geometry>, def: &GivensDef, allow_clash: bool) -> Result<Vec<Option<u8>>, ModelError> {
    let _ = allow_clash;
    match def {
        GivensDef::All(s) => Ok(Puzzle::from_line(g.clone(), s)?.givens().to_vec()),
        GivensDef::PerGrid(list) => {
            if list.len() != g.grids().len() {
                return Err(ModelError::GivensLength {
                    found: list.len(),
                    expected: format!("one string per grid, and there are {} grids", g.grids().len()),
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
                            return Err(ModelError::UnknownSymbol { ch, pos: p, symbols: g.symbols().as_string() });
                        }
                    };
                    let cell = g.cell_at(p).expect("grid positions are cells");
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

type Spot = (Arc<Source>, Option<Range<usize>>);

struct State {
    builder: GeometryBuilder,
    whole: Spot,
    grid_spans: Vec<Spot>,
    shape_spans: Vec<Spot>,
    givens: Option<(Arc<Source>, Range<usize>, GivensDef)>,
    solution: Option<(Arc<Source>, Range<usize>, GivensDef)>,
    is_puzzle: bool,
    cage_count: usize,
}

#[derive(Default)]
struct Ctx {
    diags: Vec<Diagnostic>,
}

impl Ctx {
    fn read(&mut self, src: &Arc<Source>, base_dir: Option<&Path>, depth: usize) -> Option<State> {
        let def: FileDef = match toml::from_str(&src.text) {
            Ok(d) => d,
            Err(e) => {
                let msg = e.message().to_string();
                let help = if msg.contains("unknown field") {
                    Some("see docs/format.md for every key a file may use")
                } else {
                    None
                };
                let mut d = Diagnostic::new(src, e.span(), msg);
                d.help = help.map(String::from);
                self.diags.push(d);
                return None;
            }
        };
        let errs_before = self.diags.len();
        // The base variant, if any, gives the starting builder.
        let mut state = match &def.variant {
            Some(v) if depth >= 8 => {
                self.diags.push(Diagnostic::new(src, Some(v.span()), "variants nest too deeply (a cycle?)"));
                return None;
            }
            Some(v) => {
                let name = v.get_ref();
                let (bsrc, bdir): (Arc<Source>, Option<PathBuf>) = if let Some(text) = builtin::source(name) {
                    (Arc::new(Source { name: format!("builtin:{name}"), text: text.to_string() }), None)
                } else {
                    let path = base_dir.map_or_else(|| PathBuf::from(name), |d| d.join(name));
                    match std::fs::read_to_string(&path) {
                        Ok(text) => (
                            Arc::new(Source { name: path.display().to_string(), text }),
                            path.parent().map(Path::to_path_buf),
                        ),
                        Err(e) => {
                            self.diags.push(
                                Diagnostic::new(src, Some(v.span()), format!("variant `{name}` is neither a built-in nor a readable file ({}: {e})", path.display()))
                                    .help(format!("built-in variants: {}", builtin::names().join(", "))),
                            );
                            return None;
                        }
                    }
                };
                let mut st = self.read(&bsrc, bdir.as_deref(), depth + 1)?;
                // A base's own example givens do not carry over to the puzzle.
                st.givens = None;
                st.solution = None;
                st.is_puzzle = true;
                st
            }
            None => {
                let Some(sym) = &def.symbols else {
                    self.diags.push(
                        Diagnostic::new(src, Some(0..0), "the file has neither `symbols` nor `variant`")
                            .help("a variant file needs `symbols = \"123456789\"`; a puzzle file needs `variant = \"classic\"`"),
                    );
                    return None;
                };
                let _ = sym;
                State {
                    builder: GeometryBuilder::new("", Symbols::new("1".chars()).expect("one symbol")),
                    whole: (src.clone(), None),
                    grid_spans: Vec::new(),
                    shape_spans: Vec::new(),
                    givens: None,
                    solution: None,
                    is_puzzle: false,
                    cage_count: 0,
                }
            }
        };
        if let Some(n) = &def.name {
            state.builder.rename(n.get_ref());
        } else if def.variant.is_none() {
            let stem = src.name.rsplit(['/', '\\', ':']).next().unwrap_or("").trim_end_matches(".toml");
            state.builder.rename(stem);
        }
        if let Some(d) = &def.description {
            state.builder.description(d);
        }
        if let Some(sym) = &def.symbols {
            let chars: Vec<char> = sym.get_ref().chars().collect();
            let res = match &def.values {
                Some(v) => Symbols::with_values(chars, v.get_ref().clone()),
                None => Symbols::new(chars),
            };
            match res {
                Ok(s) => {
                    state.builder.symbols(s);
                }
                Err(e) => {
                    let span = match (&e, &def.values) {
                        (ModelError::SymbolValues { .. }, Some(v)) => v.span(),
                        _ => sym.span(),
                    };
                    let help = model_help(&e);
                    let mut d = Diagnostic::new(src, Some(span), e.to_string());
                    d.help = help;
                    self.diags.push(d);
                }
            }
        } else if let Some(v) = &def.values {
            self.diags.push(Diagnostic::new(src, Some(v.span()), "`values` needs `symbols` in the same file"));
        }
        if let Some(cells) = &def.cells {
            match parse_cell_list(cells.get_ref()) {
                Ok(c) => {
                    state.builder.cells(c);
                }
                Err(e) => self.cell_error(src, cells, &e),
            }
        }
        for g in &def.grid {
            let gd = g.get_ref();
            let mut spec = GridSpec::square(Pos::new(gd.at[0], gd.at[1]), gd.size);
            spec.name = gd.name.clone();
            spec.rows = gd.rows;
            spec.columns = gd.columns;
            spec.diagonals = gd.diagonals;
            spec.boxes = gd.boxes.map(|[h, w]| (h, w));
            if let Some(r) = &gd.regions {
                spec = spec.with_regions(r.get_ref());
            }
            let span = gd.regions.as_ref().filter(|_| false).map_or(g.span(), |r| r.span());
            state.grid_spans.push((src.clone(), Some(span)));
            state.builder.grid(spec);
        }
        for (k, s) in def.shape.iter().enumerate() {
            let sd = s.get_ref();
            let name = sd.name.clone().unwrap_or_else(|| format!("shape {}", k + 1));
            let rule = match sd.sum {
                Some(total) => Rule::Sum { total, distinct: !sd.repeats },
                None => {
                    if sd.repeats {
                        self.diags.push(Diagnostic::new(src, Some(s.span()), format!("shape `{name}`: `repeats` only makes sense with `sum`")));
                    }
                    Rule::NoRepeat
                }
            };
            let kind = if sd.sum.is_some() { ShapeKind::Cage } else { ShapeKind::Extra };
            match parse_cell_list(sd.cells.get_ref()) {
                Ok(cells) => {
                    state.shape_spans.push((src.clone(), Some(sd.cells.span())));
                    state.builder.shape(&name, kind, cells, rule);
                }
                Err(e) => self.cell_error(src, &sd.cells, &e),
            }
        }
        for c in &def.cage {
            let cd = c.get_ref();
            state.cage_count += 1;
            match parse_cell_list(cd.cells.get_ref()) {
                Ok(cells) => {
                    let name = cd.name.clone().unwrap_or_else(|| match cells.first() {
                        Some(p) => format!("cage {} at {p}", cd.sum),
                        None => format!("cage {}", state.cage_count),
                    });
                    state.shape_spans.push((src.clone(), Some(cd.cells.span())));
                    state.builder.shape(&name, ShapeKind::Cage, cells, Rule::Sum { total: cd.sum, distinct: !cd.repeats });
                }
                Err(e) => self.cell_error(src, &cd.cells, &e),
            }
        }
        if !def.cage.is_empty() || def.givens.is_some() {
            state.is_puzzle = true;
        }
        if let Some(gv) = &def.givens {
            state.givens = Some((src.clone(), gv.span(), gv.get_ref().clone()));
        }
        if let Some(sol) = &def.solution {
            state.solution = Some((src.clone(), sol.span(), sol.get_ref().clone()));
        }
        state.whole = (src.clone(), None);
        (self.diags.len() == errs_before).then_some(state)
    }

    fn cell_error(&mut self, src: &Arc<Source>, cells: &toml::Spanned<String>, e: &PosError) {
        // Point at the reference itself: the span covers the quoted string, so skip the quote.
        let start = cells.span().start + 1 + e.offset;
        let end = (start + e.text.len()).min(cells.span().end);
        self.diags.push(
            Diagnostic::new(src, Some(start..end), format!("`{}` is not a cell reference: {}", e.text, e.reason))
                .help("write cells as r3c7, or a rectangle as r1-3c4-6, separated by spaces"),
        );
    }
}
