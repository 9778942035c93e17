//! The studio's one door into the library: every call into `shapedoku` (loading, checking,
//! counting, reasoning, rating, generating, drawing) is made here or in this module's files, and
//! every library result is turned into the [`crate::api`] types here.
//!
//! The library is being restructured (a per-call search budget, a resolver of built-in variants,
//! steps as serialisable data, typed ids throughout); keeping the calls in one place makes each of
//! those a local change. The seams are:
//! - [`budget::count`]: the only search, through the library's per-call budget;
//! - [`guard_variant`]: built-ins-only resolution, until the loader offers it;
//! - `learn`: steps and ratings, until they serialise themselves;
//! - the `*_view` converters below: library values to API values.

pub mod budget;
mod edit;
mod export;
pub mod folder;
mod generate;
mod learn;
mod print;
mod setting;

pub use budget::Budget;
pub use edit::edit;
pub use export::export;
pub use generate::generate;
pub use learn::{hint, rate, steps};
pub use print::print;
pub use setting::{candidates, import, layout};

use crate::api::{
    self, ApiError, BoardView, CellSymbol, CheckResponse, CountResponse, Facts, FileResponse,
    Named, PuzzleRequest, RenderResponse, SolveResponse, Stop,
};
use shapedoku::check::{self, CheckOptions};
use shapedoku::load::{self, Diagnostic};
use shapedoku::reason::Board;
use shapedoku::render::{self, RenderOptions};
use shapedoku::{CellId, Geometry, Puzzle, ShapeId, Symbol, SymbolSet, Verdict, builtin};
use std::sync::Arc;
use toml::de::{DeTable, DeValue};

/// The name a file goes by in messages when the request names none.
pub const DEFAULT_NAME: &str = "editor.toml";

/// The example puzzles shipped with the studio, one per built-in variant: (name, text).
const EXAMPLES: &[(&str, &str)] = &[
    (
        "classic",
        include_str!("../../../../variants/puzzles/classic.toml"),
    ),
    (
        "x-diagonal",
        include_str!("../../../../variants/puzzles/x-diagonal.toml"),
    ),
    (
        "windoku",
        include_str!("../../../../variants/puzzles/windoku.toml"),
    ),
    (
        "jigsaw",
        include_str!("../../../../variants/puzzles/jigsaw.toml"),
    ),
    (
        "toroidal",
        include_str!("../../../../variants/puzzles/toroidal.toml"),
    ),
    (
        "killer",
        include_str!("../../../../variants/puzzles/killer.toml"),
    ),
    (
        "samurai",
        include_str!("../../../../variants/puzzles/samurai.toml"),
    ),
    (
        "tredoku",
        include_str!("../../../../variants/puzzles/tredoku.toml"),
    ),
    ("4x4", include_str!("../../../../variants/puzzles/4x4.toml")),
    ("6x6", include_str!("../../../../variants/puzzles/6x6.toml")),
    (
        "16x16",
        include_str!("../../../../variants/puzzles/16x16.toml"),
    ),
    (
        "25x25",
        include_str!("../../../../variants/puzzles/25x25.toml"),
    ),
    (
        "letters",
        include_str!("../../../../variants/puzzles/letters.toml"),
    ),
];

/// The built-in variants and the example puzzles.
pub fn builtins() -> api::BuiltinsResponse {
    let describe = |name: &str| {
        builtin::geometry(name)
            .map(|g| g.description().to_string())
            .unwrap_or_default()
    };
    api::BuiltinsResponse {
        examples: EXAMPLES
            .iter()
            .map(|(n, _)| Named {
                name: n.to_string(),
                description: format!("an example puzzle: {}", describe(n)),
            })
            .collect(),
        variants: builtin::names()
            .into_iter()
            .map(|n| Named {
                name: n.to_string(),
                description: describe(n),
            })
            .collect(),
    }
}

/// An example puzzle's text.
pub fn example(name: &str) -> Option<FileResponse> {
    EXAMPLES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(n, t)| FileResponse {
            name: format!("{n}.toml"),
            toml: t.to_string(),
            writable: false,
        })
}

/// A built-in variant's text.
pub fn variant(name: &str) -> Option<FileResponse> {
    builtin::source(name).map(|t| FileResponse {
        name: format!("{name}.toml"),
        toml: t.to_string(),
        writable: false,
    })
}

/// Refuses a file whose `variant` is not a built-in name, before the loader could read a path
/// from the server's disk. Reads the file with the same recovering TOML parser the loader uses,
/// and looks at every top-level `variant` key (the loader reads the first).
pub fn guard_variant(name: &str, text: &str) -> Result<(), Box<api::Diagnostic>> {
    let (root, _) = DeTable::parse_recoverable(text);
    for (k, v) in root.get_ref().iter() {
        if k.get_ref().as_ref() != "variant" {
            continue;
        }
        if let DeValue::String(s) = v.get_ref() {
            let beside = folder::current().is_some() && folder::is_plain_file_name(s);
            if builtin::source(s).is_none() && !beside {
                let source = load::Source {
                    name: name.to_string(),
                    text: text.to_string(),
                };
                let span = v.span();
                let (line, column) = source.line_col(span.start);
                let (end_line, end_column) = source.line_col(span.end);
                return Err(Box::new(api::Diagnostic {
                    file: name.to_string(),
                    line: Some(line),
                    column: Some(column),
                    end_line: Some(end_line),
                    end_column: Some(end_column),
                    message: match folder::current() {
                        None => format!(
                            "variant `{s}` is not a built-in: the studio resolves variants among the built-ins only, never as a path"
                        ),
                        Some(_) => format!(
                            "variant `{s}` is not a built-in: the studio reads no path, only the built-ins and files beside the file it was started on, by their plain name"
                        ),
                    },
                    help: Some(match folder::current() {
                        None => format!(
                            "use one of {}, or paste the variant's grids and shapes into this file",
                            builtin::names().join(", ")
                        ),
                        Some(f) => format!(
                            "use one of {}, or put the variant file in {} and write its file name",
                            builtin::names().join(", "),
                            f.display()
                        ),
                    }),
                    related: Vec::new(),
                }));
            }
        }
    }
    Ok(())
}

/// A library diagnostic with its places as lines and columns.
pub fn diagnostic_view(d: &Diagnostic) -> api::Diagnostic {
    let start = d.span.as_ref().map(|s| d.source.line_col(s.start));
    let end = d.span.as_ref().map(|s| d.source.line_col(s.end));
    api::Diagnostic {
        file: d.source.name.clone(),
        line: start.map(|p| p.0),
        column: start.map(|p| p.1),
        end_line: end.map(|p| p.0),
        end_column: end.map(|p| p.1),
        message: d.message.clone(),
        help: d.help.clone(),
        related: d
            .related
            .iter()
            .map(|(span, note)| {
                let (line, column) = d.source.line_col(span.start);
                api::Related {
                    line,
                    column,
                    note: note.clone(),
                }
            })
            .collect(),
    }
}

fn name_of(req: &PuzzleRequest) -> String {
    req.name
        .clone()
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| DEFAULT_NAME.to_string())
}

/// `check`: every problem in the file and what it describes. No search: `count` does that.
pub fn check(req: &PuzzleRequest) -> CheckResponse {
    let name = name_of(req);
    if let Err(d) = guard_variant(&name, &req.toml) {
        return CheckResponse {
            clean: false,
            diagnostics: vec![*d],
            facts: None,
        };
    }
    let opts = CheckOptions {
        solve: false,
        ..CheckOptions::default()
    };
    let report = check::check_str_with(&name, &req.toml, &opts, &folder::resolver());
    CheckResponse {
        clean: report.is_clean(),
        diagnostics: report.diagnostics.iter().map(diagnostic_view).collect(),
        facts: report.facts.map(|f| Facts {
            name: f.name,
            is_puzzle: f.is_puzzle,
            cells: f.cells,
            rows: f.canvas.0,
            cols: f.canvas.1,
            symbols: f.symbols,
            shapes: f.shapes,
            houses: f.houses,
            givens: f.givens,
            by_kind: f
                .by_kind
                .into_iter()
                .map(|(k, n)| (k.to_string(), n))
                .collect(),
        }),
    }
}

/// A file loaded for work: the puzzle with the request's values placed, and the solver's
/// candidates.
pub(crate) struct Work {
    pub geometry: Arc<Geometry>,
    /// The file's own puzzle (its givens).
    pub puzzle: Puzzle,
    pub is_puzzle: bool,
    /// Values per cell: givens, then the request's values.
    pub values: Vec<Option<u8>>,
    /// The request's candidates per cell, where given.
    pub candidates: Vec<Option<SymbolSet>>,
    /// Whether the file had problems (only `render` goes on then).
    pub partial: bool,
}

impl Work {
    /// The puzzle whose givens are the current values.
    pub fn current(&self) -> Result<Puzzle, ApiError> {
        Puzzle::new(self.geometry.clone(), self.values.clone())
            .map_err(|e| ApiError::bad_request(format!("values: {e}")))
    }
    /// The board of the current values, narrowed to the request's candidates.
    pub fn board(&self) -> Result<Board, ApiError> {
        let mut board = Board::new(&self.puzzle);
        for (c, v) in self.values.iter().enumerate() {
            if let (Some(v), None) = (*v, self.puzzle.givens()[c]) {
                board.place(c, v);
            }
        }
        for (c, set) in self.candidates.iter().enumerate() {
            if let (Some(set), None) = (set, board.value(c)) {
                board.set_candidates(c, board.candidates(c).intersect(*set));
            }
        }
        Ok(board)
    }
}

/// Loads the request's file: refuses options out of range and non-built-in variants, then
/// every problem is a 422 unless `partial` allows drawing what could be built.
pub(crate) fn load_work(req: &PuzzleRequest, partial: bool) -> Result<Work, ApiError> {
    req.validate()?;
    let name = name_of(req);
    guard_variant(&name, &req.toml).map_err(|d| {
        ApiError::unprocessable("the file names a variant that is not built in", vec![*d])
    })?;
    let a = folder::analyze(&name, &req.toml);
    let problems: Vec<api::Diagnostic> = a.diagnostics.iter().map(diagnostic_view).collect();
    let fail = |msg: &str| ApiError::unprocessable(msg.to_string(), problems.clone());
    if !problems.is_empty() && !partial {
        return Err(fail("the file has problems"));
    }
    let geometry = a
        .geometry
        .ok_or_else(|| fail("the file describes no geometry"))?;
    let puzzle = a.puzzle.unwrap_or_else(|| Puzzle::empty(geometry.clone()));
    let (values, candidates) = read_state(&puzzle, req)?;
    Ok(Work {
        geometry,
        puzzle,
        is_puzzle: a.is_puzzle,
        values,
        candidates,
        partial: !problems.is_empty(),
    })
}

type State = (Vec<Option<u8>>, Vec<Option<SymbolSet>>);

/// Reads the request's values and candidates against the puzzle.
fn read_state(puzzle: &Puzzle, req: &PuzzleRequest) -> Result<State, ApiError> {
    let g = puzzle.geometry();
    let n = g.cell_count();
    let sym = g.symbols();
    let mut values = puzzle.givens().to_vec();
    if let Some(text) = &req.values {
        let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        if chars.len() != n {
            return Err(ApiError::bad_request(format!(
                "values: {} characters, but the puzzle has {n} cells",
                chars.len()
            )));
        }
        for (c, &ch) in chars.iter().enumerate() {
            let v = match sym.index_of(ch) {
                Some(v) => Some(v),
                None if ch == '.' => None,
                None => {
                    return Err(ApiError::bad_request(format!(
                        "values: `{ch}` at {} is not one of the symbols {}",
                        g.pos(c),
                        sym.as_string()
                    )));
                }
            };
            match (puzzle.givens()[c], v) {
                (Some(a), Some(b)) if a != b => {
                    return Err(ApiError::bad_request(format!(
                        "values: {} is a given ({}), not {}",
                        g.pos(c),
                        sym.char(a),
                        sym.char(b)
                    )));
                }
                (None, v) => values[c] = v,
                _ => {}
            }
        }
    }
    let mut candidates = vec![None; n];
    if let Some(list) = &req.candidates {
        if list.len() != n {
            return Err(ApiError::bad_request(format!(
                "candidates: {} entries, but the puzzle has {n} cells",
                list.len()
            )));
        }
        for (c, entry) in list.iter().enumerate() {
            if let Some(text) = entry {
                candidates[c] = Some(symbol_set(g, text).map_err(|ch| {
                    ApiError::bad_request(format!(
                        "candidates: `{ch}` at {} is not one of the symbols {}",
                        g.pos(c),
                        sym.as_string()
                    ))
                })?);
            }
        }
    }
    Ok((values, candidates))
}

fn symbol_set(g: &Geometry, text: &str) -> Result<SymbolSet, char> {
    let mut set = SymbolSet::default();
    for ch in text.chars().filter(|c| !c.is_whitespace() && *c != ',') {
        set = set.with(g.symbols().index_of(ch).ok_or(ch)?);
    }
    Ok(set)
}

/// A board's values and candidates as text.
pub(crate) fn board_view(board: &Board) -> BoardView {
    let g = board.geometry();
    let syms = |s: SymbolSet| s.iter().map(|v| g.symbols().char(v)).collect::<String>();
    BoardView {
        values: shapedoku::puzzle::format_line(g, board.values()),
        candidates: (0..g.cell_count())
            .map(|c| syms(board.candidates(c)))
            .collect(),
    }
}

/// A (cell, symbol) pair as the API writes it.
pub(crate) fn cell_symbol(g: &Geometry, cell: usize, v: u8) -> CellSymbol {
    CellSymbol {
        cell: cell as u32,
        name: g.pos(cell).to_string(),
        symbol: g.symbols().char(v).to_string(),
    }
}

/// An API highlight as the renderer's; a cell or shape the puzzle does not have is a 400 (the
/// renderer would skip it, and a page that sent it has a bug worth hearing about).
fn highlight_from(g: &Geometry, h: &api::Highlight) -> Result<render::Highlight, ApiError> {
    let cell = |c: u32| -> Result<CellId, ApiError> {
        if (c as usize) < g.cell_count() {
            Ok(CellId::new(c as usize))
        } else {
            Err(ApiError::bad_request(format!(
                "highlight: cell {c} is not a cell; the puzzle has cells 0 to {}",
                g.cell_count().saturating_sub(1)
            )))
        }
    };
    let shape = |s: u32| -> Result<ShapeId, ApiError> {
        if (s as usize) < g.shapes().len() {
            Ok(ShapeId::new(s as usize))
        } else {
            Err(ApiError::bad_request(format!(
                "highlight: shape {s} is not a shape; the puzzle has {} shapes, from 0",
                g.shapes().len()
            )))
        }
    };
    let pairs = |list: &[CellSymbol]| -> Result<Vec<(CellId, Symbol)>, ApiError> {
        list.iter()
            .map(|p| {
                let mut chars = p.symbol.chars();
                let v = match (chars.next(), chars.next()) {
                    (Some(ch), None) => g.symbols().index_of(ch),
                    _ => None,
                };
                let v = v.ok_or_else(|| {
                    ApiError::bad_request(format!("highlight: `{}` is not a symbol", p.symbol))
                })?;
                Ok((cell(p.cell)?, Symbol::new(v as usize)))
            })
            .collect()
    };
    Ok(render::Highlight {
        cells: h.cells.iter().map(|&c| cell(c)).collect::<Result<_, _>>()?,
        shapes: h
            .shapes
            .iter()
            .map(|&s| shape(s))
            .collect::<Result<_, _>>()?,
        placements: pairs(&h.placements)?,
        eliminations: pairs(&h.eliminations)?,
    })
}

/// Draws a board for the page: givens, the other values as entries, candidates where asked.
pub(crate) fn draw(
    work: &Work,
    candidates: Option<&[SymbolSet]>,
    highlight: render::Highlight,
    solution: Option<&[u8]>,
    cell_size: u32,
) -> String {
    let entries: Vec<Option<Symbol>> = work
        .values
        .iter()
        .zip(work.puzzle.givens())
        .map(|(v, given)| match given {
            Some(_) => None,
            None => v.map(|v| Symbol::new(v as usize)),
        })
        .collect();
    render::svg(
        &work.puzzle,
        &RenderOptions {
            solution,
            cell_size,
            entries: Some(&entries),
            candidates,
            highlight,
            cell_ids: true,
            ..RenderOptions::default()
        },
    )
}

/// `render`: the drawing of whatever the file describes, even with problems elsewhere in it.
pub fn render(req: &PuzzleRequest, budget: &Budget) -> Result<RenderResponse, ApiError> {
    let work = load_work(req, true)?;
    let g = work.geometry.clone();
    let highlight = match &req.highlight {
        Some(h) => highlight_from(&g, h)?,
        None => render::Highlight::default(),
    };
    let mut stopped = None;
    let solution = if req.solution {
        let found = budget::count(&work.current()?, 1, budget);
        stopped = found.stop;
        found.count.solutions.into_iter().next()
    } else {
        None
    };
    let mut board = None;
    let cands: Vec<SymbolSet> = if req.fill_candidates {
        let b = work.board()?;
        let all = (0..g.cell_count()).map(|c| b.candidates(c)).collect();
        board = Some(board_view(&b));
        all
    } else {
        work.candidates
            .iter()
            .map(|c| c.unwrap_or_default())
            .collect()
    };
    // The request was validated: a size out of range is a 400, not quietly another size.
    let cell_size = req.cell_size.unwrap_or(48);
    let svg = draw(
        &work,
        Some(&cands),
        highlight,
        solution.as_deref(),
        cell_size,
    );
    Ok(RenderResponse {
        svg,
        cell_names: (0..g.cell_count()).map(|c| g.pos(c).to_string()).collect(),
        symbols: g.symbols().as_string(),
        givens: work.puzzle.to_line(),
        board,
        partial: work.partial,
        stopped,
    })
}

fn status(v: Verdict) -> &'static str {
    match v {
        Verdict::NoSolution => "none",
        Verdict::Unique => "unique",
        Verdict::Several => "several",
        Verdict::AtLeastOne => "found",
        Verdict::Undecided => "undecided",
    }
}

/// The API's view of a bounded count.
fn count_view(b: &budget::Bounded, limit: usize, budget: &Budget) -> CountResponse {
    CountResponse {
        status: status(b.count.verdict()).to_string(),
        found: b.count.solutions.len(),
        exact: b.count.exhausted,
        limit,
        stopped: b.stop,
        guesses: b.total.guesses,
        nodes: b.total.nodes,
        elapsed_ms: budget.used_ms(),
        limits: budget.limits(),
    }
}

/// `count`: solutions of the current values up to the limit (a variant file: whether it has a
/// filling at all, so a limit of 1).
pub fn count(req: &PuzzleRequest, budget: &Budget) -> Result<CountResponse, ApiError> {
    let work = load_work(req, false)?;
    let limit = if work.is_puzzle {
        // Validated to 1..=MAX_COUNT.
        req.limit.unwrap_or(2)
    } else {
        1
    };
    let b = budget::count(&work.current()?, limit, budget);
    Ok(count_view(&b, limit, budget))
}

/// `solve`: the count up to 2, and the first solution drawn.
pub fn solve(req: &PuzzleRequest, budget: &Budget) -> Result<SolveResponse, ApiError> {
    let work = load_work(req, false)?;
    let b = budget::count(&work.current()?, 2, budget);
    let first = b.count.solutions.first().cloned();
    let svg = first
        .as_deref()
        .map(|s| draw(&work, None, render::Highlight::default(), Some(s), 48));
    Ok(SolveResponse {
        count: count_view(&b, 2, budget),
        solution: first.map(|s| {
            let vals: Vec<Option<u8>> = s.iter().map(|&v| Some(v)).collect();
            shapedoku::puzzle::format_line(&work.geometry, &vals)
        }),
        svg,
    })
}

/// The one solution of the file's puzzle, or why there is none to work with.
pub(crate) fn unique_solution(
    work: &Work,
    budget: &Budget,
) -> Result<Result<Vec<u8>, Stop>, ApiError> {
    let b = budget::count(&work.puzzle, 2, budget);
    match b.count.verdict() {
        Verdict::Unique => Ok(Ok(b.count.solutions[0].to_vec())),
        Verdict::NoSolution => Err(ApiError::unprocessable(
            "the puzzle has no solution",
            vec![],
        )),
        Verdict::Several | Verdict::AtLeastOne => Err(ApiError::unprocessable(
            "the puzzle has more than one solution; hints, explanations and ratings need exactly one",
            vec![],
        )),
        Verdict::Undecided => Ok(Err(b.stop.unwrap_or(Stop::GuessLimit))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_variant_has_an_example_that_loads_clean() {
        let names: Vec<&str> = EXAMPLES.iter().map(|(n, _)| *n).collect();
        assert_eq!(names, builtin::names());
        for (n, text) in EXAMPLES {
            let req = PuzzleRequest {
                toml: text.to_string(),
                ..PuzzleRequest::default()
            };
            let r = check(&req);
            assert!(r.clean, "{n}: {:?}", r.diagnostics);
        }
    }

    #[test]
    fn the_guard_passes_builtins_and_refuses_paths_wherever_the_key_is_written() {
        assert!(guard_variant("a", "variant = \"classic\"").is_ok());
        assert!(guard_variant("a", "symbols = \"1234\"").is_ok());
        for text in [
            "variant = \"../variants/classic.toml\"",
            "variant = \"/etc/passwd\"",
            "\"variant\" = 'samurai.toml'",
            "# comment\nvariant = \"\"\"classic.toml\"\"\"",
            // Broken TOML still goes through the loader's recovering parser.
            "variant = \"x.toml\"\ngivens = \"\"\"\n[[[",
        ] {
            let Err(d) = guard_variant("p.toml", text) else {
                panic!("not refused: {text}");
            };
            assert!(d.message.contains("not a built-in"), "{text}: {d:?}");
            assert!(d.line.is_some(), "{text}");
        }
        // A repeated key: the parser keeps the first, as the loader's does, and the file is an
        // error either way.
        let twice = "variant = \"classic\"\nvariant = \"x.toml\"\n";
        assert!(guard_variant("p.toml", twice).is_ok());
        assert!(
            !load::analyze_str("p.toml", twice, None)
                .diagnostics
                .is_empty()
        );
    }
}
