//! Stage 5, after the givens: a puzzle's `candidates`, read against the compiled geometry and
//! the givens, each problem reported where it is written and naming the cell.

use super::source::{Diagnostic, Source, Text};
use super::state::CandidatesIn;
use crate::pos::parse_cell_ref;
use crate::{CellId, Geometry, ModelError, Puzzle, SymbolSet};
use std::ops::Range;
use std::sync::Arc;

/// Where the givens are written: their file, and per cell the span of its symbol.
pub(crate) type GivenSpans<'a> = (&'a Arc<Source>, &'a [Option<Range<usize>>]);

/// Narrows `puzzle`'s cells to the candidates written, reporting every problem; whether there
/// were none.
pub(crate) fn apply(
    g: &Geometry,
    puzzle: &mut Puzzle,
    cands: &CandidatesIn,
    givens: Option<GivenSpans<'_>>,
    diags: &mut Vec<Diagnostic>,
) -> bool {
    let before = diags.len();
    let src = &cands.src;
    // Per cell, where its candidates were first written (a cell may be named twice, by two
    // spellings or overlapping rectangles).
    let mut first: Vec<Option<Range<usize>>> = vec![None; g.cell_count()];
    for (key, value) in &cands.def.get_ref().entries {
        let Some(cells) = cells_of(g, src, key.get_ref(), key.span(), diags) else {
            continue;
        };
        let text = Text::new(&src.text, value.span(), value.get_ref());
        let Some(set) = symbols_of(g, src, &text, g.pos(cells[0]), diags) else {
            continue;
        };
        for c in cells {
            if let Some(earlier) = &first[c] {
                diags.push(
                    Diagnostic::new(
                        src,
                        Some(key.span()),
                        format!("{} is listed twice in `candidates`", g.pos(c)),
                    )
                    .related(earlier.clone(), "first listed here")
                    .help("give each cell its candidates once"),
                );
                continue;
            }
            first[c] = Some(key.span());
            if let Err(e) = puzzle.set_candidates(CellId::new(c), set) {
                let mut d = Diagnostic::new(src, Some(value.span()), e.to_string());
                if let (ModelError::CandidatesExcludeGiven { .. }, Some((gsrc, spans))) =
                    (&e, givens)
                {
                    if let Some(at) = spans[c].clone().filter(|_| Arc::ptr_eq(gsrc, src)) {
                        d = d.related(at, "the given");
                    }
                    d = d.help("list the given among the candidates, or leave the cell out");
                }
                diags.push(d);
            }
        }
    }
    diags.len() == before
}

/// The cells a key names; `None` when it is not a cell reference or names a position that is
/// not a cell (reported at the key).
fn cells_of(
    g: &Geometry,
    src: &Arc<Source>,
    key: &str,
    span: Range<usize>,
    diags: &mut Vec<Diagnostic>,
) -> Option<Vec<usize>> {
    let positions = match parse_cell_ref(key.trim()) {
        Ok(ps) => ps,
        Err(e) => {
            diags.push(
                Diagnostic::new(
                    src,
                    Some(span),
                    format!("`{key}` is not a cell reference: {}", e.reason),
                )
                .help("name cells as r3c7, or a rectangle as r1-3c4-6: `candidates = { r3c7 = \"125\" }`"),
            );
            return None;
        }
    };
    let mut cells = Vec::with_capacity(positions.len());
    for p in positions {
        match g.cell_at(p) {
            Some(c) => cells.push(c),
            None => {
                diags.push(
                    Diagnostic::new(
                        src,
                        Some(span),
                        format!("`candidates` names {p}, which is not a cell of this puzzle"),
                    )
                    .help("rows and columns count from 1 at the top left of the whole canvas"),
                );
                return None;
            }
        }
    }
    Some(cells)
}

/// The symbols of a value; `None` when one is not a symbol or there are none (reported at the
/// character, or at the value).
fn symbols_of(
    g: &Geometry,
    src: &Arc<Source>,
    text: &Text,
    p: crate::Pos,
    diags: &mut Vec<Diagnostic>,
) -> Option<SymbolSet> {
    let sym = g.symbols();
    let mut set = SymbolSet::EMPTY;
    let mut ok = true;
    for (ch, span) in text.chars() {
        match sym.index_of(ch) {
            Some(v) => set = set.with(v),
            None => {
                ok = false;
                diags.push(
                    Diagnostic::new(
                        src,
                        Some(span),
                        format!("`{ch}` in the candidates of {p} is not a symbol of this puzzle"),
                    )
                    .help(format!("symbols are `{}`", sym.as_string())),
                );
            }
        }
    }
    if ok && set.is_empty() {
        diags.push(
            Diagnostic::new(
                src,
                Some(text.span.clone()),
                format!("{p} has no candidate"),
            )
            .help("list at least one symbol, or leave the cell out of `candidates`"),
        );
        return None;
    }
    ok.then_some(set)
}
