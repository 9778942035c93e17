//! Stage 4: givens and the stated solution, read against the compiled geometry. Every bad
//! character is reported where it is written (up to [`MAX_PER_STRING`] per string), then the
//! givens are checked against the rules (two equal givens in a no-repeat shape, a fully given
//! cage that does not add up) and the solution against the givens, every shape and every
//! `[[rule]]`, each broken one named where it is written.

use super::definition::GivensDef;
use super::source::{Diagnostic, Source, Text};
use super::state::{Given, RuleIn, State};
use crate::{Geometry, GridSpec, ModelError, Pos, Puzzle, Rule};
use std::ops::Range;
use std::sync::Arc;

/// At most this many character-level problems are listed per givens string; the rest are counted.
pub const MAX_PER_STRING: usize = 8;

/// What the givens and solution of a file come to.
#[derive(Debug, Default)]
pub(crate) struct Checked {
    /// The puzzle, when the givens could be read (the empty puzzle without givens).
    pub puzzle: Option<Puzzle>,
    /// The solution, when stated and correct.
    pub solution: Option<Vec<u8>>,
}

/// Reads and checks the givens, the candidates and the solution against the geometry.
pub(crate) fn check(g: &Arc<Geometry>, state: &State, diags: &mut Vec<Diagnostic>) -> Checked {
    let (givens, solution) = (state.givens.as_ref(), state.solution.as_ref());
    let mut puzzle = Puzzle::empty(g.clone());
    let mut givens_ok = true;
    let mut given_spans = None;
    if let Some(gv) = givens {
        let gv = Located::new(gv);
        match Values::read(g, &gv, "givens", true, diags) {
            Some((vals, spans)) => {
                puzzle = match Puzzle::new(g.clone(), vals) {
                    Ok(p) => p,
                    Err(_) => return Checked::default(),
                };
                clashes(g, &puzzle, &gv, &spans, diags);
                full_sums(g, &puzzle, &gv, &spans, diags);
                given_spans = Some((gv.src, spans));
            }
            None => givens_ok = false,
        }
    }
    if let (Some(cands), true) = (&state.candidates, givens_ok) {
        let at = given_spans.as_ref().map(|(src, spans)| (src, &spans[..]));
        super::candidates::apply(g, &mut puzzle, cands, at, diags);
    }
    let mut out = Checked::default();
    if let Some(sol) = solution {
        let sol = Located::new(sol);
        if let Some((vals, spans)) = Values::read(g, &sol, "solution", false, diags) {
            if vals.iter().all(Option::is_some) {
                let grid: Vec<u8> = vals.iter().map(|v| v.unwrap_or(0)).collect();
                let known = givens_ok.then_some(&puzzle);
                let at = Located2 {
                    sol: &sol,
                    spans: &spans,
                    rules: &state.rules,
                };
                if check_solution(g, known, &at, &grid, diags) {
                    out.solution = Some(grid);
                }
            }
        }
    }
    out.puzzle = givens_ok.then_some(puzzle);
    out
}

/// Reads givens (or a solution) against a geometry, stopping at the first problem.
pub fn read_givens(g: &Arc<Geometry>, def: &GivensDef) -> Result<Vec<Option<u8>>, ModelError> {
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
                read_grid_string(g, grid, text.get_ref(), &mut out)?;
            }
            Ok(out)
        }
    }
}

fn read_grid_string(
    g: &Geometry,
    grid: &GridSpec,
    text: &str,
    out: &mut [Option<u8>],
) -> Result<(), ModelError> {
    let count = text.chars().filter(|c| !c.is_whitespace()).count();
    let want = grid.cell_count();
    if count != want {
        return Err(ModelError::GivensLength {
            found: count,
            expected: format!("a {}x{} grid has {want} cells", grid.height, grid.width),
        });
    }
    for (p, ch) in grid
        .positions()
        .zip(text.chars().filter(|c| !c.is_whitespace()))
    {
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
    Ok(())
}

/// Givens or a solution with the places of their characters.
struct Located {
    src: Arc<Source>,
    span: Range<usize>,
    form: Form,
}

enum Form {
    All(Text),
    PerGrid(Vec<Text>),
}

impl Located {
    fn new(given: &Given) -> Self {
        let text = &given.src.text;
        let form = match given.def.get_ref() {
            GivensDef::All(s) => Form::All(Text::new(text, given.def.span(), s)),
            GivensDef::PerGrid(list) => Form::PerGrid(
                list.iter()
                    .map(|s| Text::new(text, s.span(), s.get_ref()))
                    .collect(),
            ),
        };
        Located {
            src: given.src.clone(),
            span: given.def.span(),
            form,
        }
    }
}

/// Per cell, where its symbol is written.
type Spans = Vec<Option<Range<usize>>>;

/// Reads the characters of givens or a solution into values, reporting each bad one.
struct Values<'a> {
    g: &'a Geometry,
    at: &'a Located,
    key: &'a str,
    /// Whether `.` (an empty cell) is allowed: in givens, not in a solution.
    blanks: bool,
    diags: &'a mut Vec<Diagnostic>,
    vals: Vec<Option<u8>>,
    spans: Spans,
    bad_symbols: usize,
}

impl<'a> Values<'a> {
    /// Values and, per cell, where its symbol is written; `None` after any problem (reported).
    fn read(
        g: &'a Geometry,
        at: &'a Located,
        key: &'a str,
        blanks: bool,
        diags: &'a mut Vec<Diagnostic>,
    ) -> Option<(Vec<Option<u8>>, Spans)> {
        let before = diags.len();
        let n = g.cell_count();
        let mut r = Values {
            g,
            at,
            key,
            blanks,
            diags,
            vals: vec![None; n],
            spans: vec![None; n],
            bad_symbols: 0,
        };
        match &at.form {
            Form::All(text) => r.all(text),
            Form::PerGrid(list) => r.per_grid(list)?,
        }
        if r.bad_symbols > MAX_PER_STRING {
            r.diags.push(Diagnostic::new(
                &at.src,
                Some(at.span.clone()),
                format!(
                    "... and {} more bad symbols in the {key}",
                    r.bad_symbols - MAX_PER_STRING
                ),
            ));
        }
        let Values {
            vals, spans, diags, ..
        } = r;
        (diags.len() == before).then_some((vals, spans))
    }

    /// The value of `ch` at `p`: `Some(None)` for a blank, `None` when it is not a symbol.
    fn symbol_at(&mut self, ch: char, span: &Range<usize>, p: Pos) -> Option<Option<u8>> {
        let sym = self.g.symbols();
        if let Some(v) = sym.index_of(ch) {
            return Some(Some(v));
        }
        let blank = ch == '.' || (ch == '0' && sym.index_of('0').is_none());
        if blank && self.blanks {
            return Some(None);
        }
        self.bad_symbols += 1;
        if self.bad_symbols <= MAX_PER_STRING {
            let d = if blank {
                Diagnostic::new(
                    &self.at.src,
                    Some(span.clone()),
                    format!("the {} leaves {p} empty", self.key),
                )
                .help("a solution fills every cell with a symbol")
            } else {
                Diagnostic::new(
                    &self.at.src,
                    Some(span.clone()),
                    format!("`{ch}` at {p} is not a symbol of this puzzle"),
                )
                .help(format!(
                    "symbols are `{}`; `.` is an empty cell",
                    sym.as_string()
                ))
            };
            self.diags.push(d);
        }
        blank.then_some(None)
    }

    /// One string: in cell order, or a picture of the whole canvas.
    fn all(&mut self, text: &Text) {
        let g = self.g;
        let count = text.chars().count();
        let (nc, canvas) = (g.cell_count(), (g.rows() as usize) * (g.cols() as usize));
        if count == nc {
            for (i, (ch, span)) in text.chars().enumerate() {
                if let Some(v) = self.symbol_at(ch, &span, g.pos(i)) {
                    self.vals[i] = v;
                }
                self.spans[i] = Some(span);
            }
        } else if count == canvas {
            for (i, (ch, span)) in text.chars().enumerate() {
                let p = Pos::new(i as u32 / g.cols() + 1, i as u32 % g.cols() + 1);
                match g.cell_at(p) {
                    Some(c) => {
                        if let Some(v) = self.symbol_at(ch, &span, p) {
                            self.vals[c] = v;
                        }
                        self.spans[c] = Some(span);
                    }
                    None if ch == '#' || ch == '.' || ch == '0' => {}
                    None => self.diags.push(
                        Diagnostic::new(
                            &self.at.src,
                            Some(span.clone()),
                            format!("`{ch}` at {p}, where the canvas has no cell"),
                        )
                        .help("in a canvas picture write `#` (or `.`) where there is no cell"),
                    ),
                }
            }
        } else {
            self.wrong_length(text, count);
        }
    }

    /// Givens (or a solution) of `count` symbols, neither one per cell nor one per canvas
    /// position.
    fn wrong_length(&mut self, text: &Text, count: usize) {
        let g = self.g;
        let (nc, canvas) = (g.cell_count(), (g.rows() as usize) * (g.cols() as usize));
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
        let first_extra = if count > limit {
            Some(limit)
        } else if count > nc && canvas == nc {
            Some(nc)
        } else {
            None
        };
        let span = first_extra
            .and_then(|i| text.chars().nth(i))
            .map_or(text.span.clone(), |(_, span)| span);
        let extra = if first_extra.is_some() {
            " (the first extra one is here)"
        } else {
            ""
        };
        let message = format!("{} have {count} symbols but {expected}{extra}", self.key,);
        self.diags
            .push(Diagnostic::new(&self.at.src, Some(span), message).help(givens_help(g)));
    }

    /// One string per grid; `None` when the number of strings is wrong (reported).
    fn per_grid(&mut self, list: &[Text]) -> Option<()> {
        let g = self.g;
        if list.len() != g.grids().len() {
            self.diags.push(
                Diagnostic::new(
                    &self.at.src,
                    Some(self.at.span.clone()),
                    format!(
                        "{} list {} strings but there are {} grids",
                        self.key,
                        list.len(),
                        g.grids().len()
                    ),
                )
                .help("write one string per [[grid]], in the order the grids are listed"),
            );
            return None;
        }
        for (gi, (grid, text)) in g.grids().iter().zip(list).enumerate() {
            self.one_grid(gi, grid, text);
        }
        Some(())
    }

    fn one_grid(&mut self, gi: usize, grid: &GridSpec, text: &Text) {
        let g = self.g;
        let count = text.chars().count();
        let want = grid.cell_count();
        if count != want {
            let span = match text.chars().nth(want) {
                Some((_, span)) => span,
                None => text.span.clone(),
            };
            let message = format!(
                "{} for grid {} have {count} symbols but the grid has {want} cells",
                self.key,
                gi + 1,
            );
            let help = format!(
                "write {} rows of {} symbols, `.` for an empty cell",
                grid.height, grid.width
            );
            self.diags
                .push(Diagnostic::new(&self.at.src, Some(span), message).help(help));
            return;
        }
        for (p, (ch, span)) in grid.positions().zip(text.chars()) {
            let Some(c) = g.cell_at(p) else { continue };
            let Some(v) = self.symbol_at(ch, &span, p) else {
                continue;
            };
            match (self.vals[c], v) {
                (Some(a), Some(b)) if a != b => self.disagree(c, p, (a, b), gi, &span),
                (None, Some(b)) => {
                    self.vals[c] = Some(b);
                    self.spans[c] = Some(span);
                }
                _ => {
                    if self.spans[c].is_none() {
                        self.spans[c] = Some(span);
                    }
                }
            }
        }
    }

    /// Two grids give a shared cell different symbols.
    fn disagree(&mut self, c: usize, p: Pos, (a, b): (u8, u8), gi: usize, span: &Range<usize>) {
        let sym = self.g.symbols();
        let mut d = Diagnostic::new(
            &self.at.src,
            Some(span.clone()),
            format!(
                "overlapping grids disagree at {p}: `{}` in an earlier grid, `{}` in grid {}",
                sym.char(a),
                sym.char(b),
                gi + 1
            ),
        )
        .help("a shared cell is one cell: write the same symbol (or `.`) in every grid that covers it");
        if let Some(first) = &self.spans[c] {
            d = d.related(first.clone(), "the earlier grid's symbol");
        }
        self.diags.push(d);
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

/// Reports givens that already break a no-repeat shape, once per pair of cells.
fn clashes(
    g: &Geometry,
    puzzle: &Puzzle,
    gv: &Located,
    spans: &Spans,
    diags: &mut Vec<Diagnostic>,
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
        diags.push(d);
    }
}

/// Reports sum shapes whose cells are all given but do not add up.
fn full_sums(
    g: &Geometry,
    puzzle: &Puzzle,
    gv: &Located,
    spans: &Spans,
    diags: &mut Vec<Diagnostic>,
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
            diags.push(
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

/// Where a solution's parts are written: its characters, and the `[[rule]]` tables the
/// geometry's rules were compiled from (in the same order, one rule each).
struct Located2<'a> {
    sol: &'a Located,
    spans: &'a Spans,
    rules: &'a [RuleIn],
}

/// Checks a full solution against the givens (when they could be read), every shape and every
/// rule; reports each broken one. Whether it is correct.
fn check_solution(
    g: &Geometry,
    givens: Option<&Puzzle>,
    loc: &Located2<'_>,
    grid: &[u8],
    diags: &mut Vec<Diagnostic>,
) -> bool {
    let sol = loc.sol;
    let spans = loc.spans;
    let at = |c: usize| spans[c].clone().unwrap_or(sol.span.clone());
    let mut local: Vec<InSolution> = Vec::new();
    if let Some(p) = givens {
        changed_givens(g, p, grid, &at, &mut local);
        left_candidates(g, p, grid, &at, &mut local);
    }
    let mut found: Vec<Broken> = Vec::new();
    for (si, s) in g.shapes().iter().enumerate() {
        if s.is_no_repeat() {
            repeats(g, si, grid, &at, &mut local);
        }
        if let Rule::Sum { total, .. } = s.rule {
            let sum: i64 = s.cells.iter().map(|&c| g.symbols().value(grid[c])).sum();
            if sum != total {
                found.push(Broken::at(
                    sol,
                    at(s.cells[0]),
                    g.shape_label(si),
                    format!(
                        "the solution is wrong: {} adds up to {sum}, not {total}",
                        g.shape_label(si)
                    ),
                    "the cells of a sum shape add up to its total",
                ));
            }
        }
    }
    let mut found: Vec<Broken> = local
        .into_iter()
        .map(|(span, what, message, related, help)| Broken {
            src: sol.src.clone(),
            span,
            message,
            related,
            help,
            what,
        })
        .chain(found)
        .collect();
    broken_rules(g, loc, grid, &mut found);
    let problems = found.len();
    let mut rest = Vec::new();
    for (i, b) in found.into_iter().enumerate() {
        if i >= MAX_PER_STRING {
            rest.push(b.what);
            continue;
        }
        let mut d = Diagnostic::new(&b.src, Some(b.span), b.message);
        if let Some((r, note)) = b.related {
            d = d.related(r, note);
        }
        diags.push(d.help(b.help));
    }
    if !rest.is_empty() {
        // Every broken shape and rule is named, even past the detailed ones.
        diags.push(Diagnostic::new(
            &sol.src,
            Some(sol.span.clone()),
            format!(
                "... and {} more broken in the solution: {}",
                rest.len(),
                rest.join(", ")
            ),
        ));
    }
    problems == 0
}

/// Each `[[rule]]` the solution breaks, at the table that states it, named by its name and
/// type and numbered among the file's rules.
fn broken_rules(g: &Geometry, loc: &Located2<'_>, grid: &[u8], found: &mut Vec<Broken>) {
    let value = |c: crate::CellId| grid.get(c.index()).copied();
    // The loader attaches one rule per table, in order; anything else (a geometry built by
    // hand) still has its rules checked, pointed at the solution.
    let tables = (loc.rules.len() == g.constraints().len()).then_some(loc.rules);
    for (i, rule) in g.constraints().iter().enumerate() {
        if rule.holds(g, &value) {
            continue;
        }
        let what = format!("rule `{}`", rule.name);
        let b = match tables.map(|t| &t[i]) {
            Some(r) => Broken {
                src: r.src.clone(),
                span: r.span.clone(),
                message: format!(
                    "the solution is wrong: it breaks rule `{}` (type `{}`, [[rule]] {} in {})",
                    rule.name,
                    r.kind,
                    loc.rules[..=i]
                        .iter()
                        .filter(|x| Arc::ptr_eq(&x.src, &r.src))
                        .count(),
                    r.src.name
                ),
                related: None,
                help: "the stated solution must meet every rule; fix the solution or the rule",
                what,
            },
            None => Broken::at(
                loc.sol,
                loc.sol.span.clone(),
                what,
                format!("the solution is wrong: it breaks rule `{}`", rule.name),
                "the stated solution must meet every rule; fix the solution or the rule",
            ),
        };
        found.push(b);
    }
}

/// A problem in the solution's own file: where, what to call it in a list, the message,
/// another place that explains it, and a hint.
type InSolution = (
    Range<usize>,
    String,
    String,
    Option<(Range<usize>, String)>,
    &'static str,
);

/// A broken rule of a solution: where, what, another place that explains it, a hint, and
/// what to call it in a list.
struct Broken {
    src: Arc<Source>,
    span: Range<usize>,
    message: String,
    related: Option<(Range<usize>, String)>,
    help: &'static str,
    what: String,
}

impl Broken {
    /// A problem written in the solution's file.
    fn at(
        sol: &Located,
        span: Range<usize>,
        what: String,
        message: String,
        help: &'static str,
    ) -> Broken {
        Broken {
            src: sol.src.clone(),
            span,
            message,
            related: None,
            help,
            what,
        }
    }
}

fn changed_givens(
    g: &Geometry,
    givens: &Puzzle,
    grid: &[u8],
    at: &dyn Fn(usize) -> Range<usize>,
    found: &mut Vec<InSolution>,
) {
    let sym = g.symbols();
    for (c, gv) in givens.givens().iter().enumerate() {
        match *gv {
            Some(v) if v != grid[c] => found.push((
                at(c),
                format!("the given at {}", g.pos(c)),
                format!(
                    "the solution is wrong: {} is given as `{}` but the solution has `{}`",
                    g.pos(c),
                    sym.char(v),
                    sym.char(grid[c])
                ),
                None,
                "the solution must keep every given",
            )),
            _ => {}
        }
    }
}

/// Each cell where the solution leaves the puzzle's narrowed candidates.
fn left_candidates(
    g: &Geometry,
    puzzle: &Puzzle,
    grid: &[u8],
    at: &dyn Fn(usize) -> Range<usize>,
    found: &mut Vec<InSolution>,
) {
    let Some(sets) = puzzle.narrowed() else {
        return;
    };
    let sym = g.symbols();
    for (c, set) in sets.iter().enumerate() {
        if !set.contains(grid[c]) {
            found.push((
                at(c),
                format!("the candidates of {}", g.pos(c)),
                format!(
                    "the solution is wrong: it has `{}` at {}, which its candidates `{}` leave out",
                    sym.char(grid[c]),
                    g.pos(c),
                    sym.write_set(*set)
                ),
                None,
                "the solution must keep to every cell's candidates",
            ));
        }
    }
}

/// The first repeated symbol of a no-repeat shape, if any.
fn repeats(
    g: &Geometry,
    si: usize,
    grid: &[u8],
    at: &dyn Fn(usize) -> Range<usize>,
    found: &mut Vec<InSolution>,
) {
    let sym = g.symbols();
    let mut first: Vec<Option<usize>> = vec![None; sym.len()];
    for &c in &g.shapes()[si].cells {
        let v = grid[c] as usize;
        if let Some(a) = first[v] {
            let ch = sym.char(grid[c]);
            found.push((
                at(c),
                g.shape_label(si),
                format!(
                    "the solution is wrong: `{ch}` repeats in {} at {} and {}",
                    g.shape_label(si),
                    g.pos(a),
                    g.pos(c)
                ),
                Some((at(a), format!("first `{ch}` here"))),
                "each symbol appears at most once in a no-repeat shape",
            ));
            return;
        }
        first[v] = Some(c);
    }
}

#[cfg(test)]
mod tests {
    use crate::load::load_str;
    use crate::load::tests::{has, problems};

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
    fn a_solution_is_checked_against_every_rule_named_where_written() {
        // 1243 3421 4132 2314 keeps every shape, but r1c1 1 -> r1c2 2 -> r1c3 4 rises and
        // r1c4 3 < r1c3 4 falls: the second thermometer is broken, the first holds.
        let text = "variant = \"4x4\"\nsolution = \"1243 3421 4132 2314\"\n\n[[rule]]\ntype = \"thermo\"\ncells = \"r1c1 r1c2 r1c3\"\n\n[[rule]]\nname = \"falling\"\ntype = \"thermo\"\ncells = \"r1c3 r1c4\"\n";
        let p = problems(text);
        assert_eq!(p.len(), 1, "{p:?}");
        assert!(
            has(
                &p,
                8,
                1,
                "the solution is wrong: it breaks rule `falling` (type `thermo`, [[rule]] 2 in t.toml)"
            ),
            "{p:?}"
        );
        let fixed = text.replace("r1c3 r1c4", "r1c2 r1c3");
        assert!(load_str("t.toml", &fixed, None).is_ok());
    }

    #[test]
    fn every_broken_rule_is_named_past_the_detailed_ones() {
        // Past the detailed problems, the rest are still named one by one.
        let mut text = String::from("variant = \"4x4\"\nsolution = \"1234 3412 2143 4321\"\n");
        for i in 0..12 {
            text.push_str(&format!(
                "[[rule]]\nname = \"t{i}\"\ntype = \"thermo\"\ncells = \"r1c2 r1c1\"\n"
            ));
        }
        let p = problems(&text);
        assert!(
            has(
                &p,
                2,
                12,
                "... and 4 more broken in the solution: rule `t8`, rule `t9`, rule `t10`, rule `t11`"
            ),
            "{p:?}"
        );
        assert!(has(
            &p,
            31,
            1,
            "it breaks rule `t7` (type `thermo`, [[rule]] 8 in t.toml)"
        ));
    }

    #[test]
    fn a_clean_file_loads() {
        let l = load_str(
            "t.toml",
            "variant = \"4x4\"\ngivens = \"12.. 3... ...2 ..1.\"\nsolution = \"1243 3421 4132 2314\"\n",
            None,
        )
        .unwrap();
        assert!(l.is_puzzle);
        assert_eq!(l.solution.as_ref().map(Vec::len), Some(16));
    }
}
