//! Part of stage 3: what the geometry builder found wrong ([`BuildIssue`]s, which name a grid or
//! a shape by number), turned into diagnostics at the places in the files, with a hint each.
//! Issues of one kind are grouped: an oversized grid is one problem per kind of shape, not one
//! per row, and a shape's cells outside every grid are one problem per reference.

use super::source::{Diagnostic, Source};
use super::state::{GridSrc, State};
use crate::geometry::{BuildIssue, Part};
use crate::{ModelError, Pos};
use std::collections::HashSet;
use std::ops::Range;
use std::sync::Arc;

/// A grid's standard shapes that have more cells than there are symbols, one entry per grid
/// and kind: how many, and the first one's name.
struct TooLarge {
    grid: usize,
    kind: String,
    cells: usize,
    count: usize,
    first: String,
    symbols: usize,
}

/// Reports the issues. Returns the explicit shapes to leave out for a second build, or `None`
/// when a grid or the whole geometry is at fault.
pub(crate) fn report(
    state: &State,
    issues: &[BuildIssue],
    diags: &mut Vec<Diagnostic>,
) -> Option<Vec<usize>> {
    let mut skip = Vec::new();
    let mut whole_broken = false;
    let mut too_large: Vec<TooLarge> = Vec::new();
    let mut outside: Vec<(usize, Pos)> = Vec::new();
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
                match too_large.iter_mut().find(|t| t.grid == k && t.kind == kind) {
                    Some(t) => t.count += 1,
                    None => too_large.push(TooLarge {
                        grid: k,
                        kind,
                        cells: *cells,
                        count: 1,
                        first: shape.clone(),
                        symbols: *symbols,
                    }),
                }
            }
            (Part::Shape(k), e) if k < state.shapes.len() => {
                if !skip.contains(&k) {
                    skip.push(k);
                }
                match e {
                    ModelError::NoSuchCell { pos, .. } if !state.cells_incomplete => {
                        outside.push((k, *pos));
                    }
                    ModelError::NoSuchCell { .. } => {}
                    e => diags.push(shape_issue(state, k, e)),
                }
            }
            (part, e) => {
                whole_broken = true;
                diags.push(whole_issue(state, part, e));
            }
        }
    }
    for (k, span, ps) in group_outside(state, &outside) {
        diags.push(outside_issue(state, k, span, &ps));
    }
    for t in too_large {
        diags.push(too_large_issue(state, &t));
    }
    (!whole_broken).then_some(skip)
}

/// Groups cells outside every grid by the reference that lists them: (shape, span of the
/// reference, its cells outside). One pass over each shape's references, so a shape of
/// thousands of such cells costs no more than listing them.
fn group_outside(state: &State, outside: &[(usize, Pos)]) -> Vec<(usize, Range<usize>, Vec<Pos>)> {
    let mut out = Vec::new();
    // The builder reports a shape's cells together, shape after shape.
    for run in outside.chunk_by(|a, b| a.0 == b.0) {
        let k = run[0].0;
        let s = &state.shapes[k];
        let mut left: HashSet<Pos> = run.iter().map(|o| o.1).collect();
        for (span, ps) in &s.refs {
            let here: Vec<Pos> = ps.iter().copied().filter(|p| left.remove(p)).collect();
            if !here.is_empty() {
                out.push((k, span.clone(), here));
            }
        }
        if !left.is_empty() {
            out.push((k, s.cells_text.span.clone(), left.into_iter().collect()));
        }
    }
    out
}

fn outside_issue(state: &State, k: usize, span: Range<usize>, ps: &[Pos]) -> Diagnostic {
    let s = &state.shapes[k];
    let what = if ps.len() == 1 {
        format!("{} is", ps[0])
    } else {
        format!("{} cells ({}, ...) are", ps.len(), ps[0])
    };
    Diagnostic::new(
        &s.src,
        Some(span),
        format!(
            "shape `{}`: {what} outside every grid and every declared cell",
            s.name
        ),
    )
    .help("fix the reference, add a [[grid]] covering it, or list it in the top-level `cells` key")
}

/// A problem with one explicit shape, pointed at its cells (or its sum).
fn shape_issue(state: &State, k: usize, e: &ModelError) -> Diagnostic {
    let s = &state.shapes[k];
    let mut d = Diagnostic::new(&s.src, Some(s.cells_text.span.clone()), e.to_string());
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
                d.help = Some(sum_help(sym.values(), *cells, *kind == "distinct symbols"));
            }
        }
        _ => {}
    }
    d
}

/// A problem with a grid or the geometry as a whole.
fn whole_issue(state: &State, part: Part, e: &ModelError) -> Diagnostic {
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
                .unwrap_or_else(|| Arc::new(Source::new(state.name.clone(), ""))),
            None,
        ),
    };
    let mut d = Diagnostic::new(&src, span, e.to_string());
    d.help = model_help(e);
    d
}

fn too_large_issue(state: &State, t: &TooLarge) -> Diagnostic {
    let (shape, symbols) = (&t.first, t.symbols);
    let g: &GridSrc = &state.grids[t.grid.min(state.grids.len().saturating_sub(1))].1;
    let (span, help) = match t.kind.as_str() {
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
        "region" => (
            region_span(g, shape),
            format!("a region may have at most {symbols} cells"),
        ),
        _ => (g.whole.clone(), "split the shape or add symbols".into()),
    };
    let more = if t.count > 1 {
        format!(" (and {} more like it)", t.count - 1)
    } else {
        String::new()
    };
    Diagnostic::new(
        &g.src,
        Some(span),
        format!("grid {}: `{shape}` has {} cells but there are only {symbols} symbols, so it cannot be filled without a repeat{more}", t.grid + 1, t.cells),
    )
    .help(help)
}

/// The first letter of region `region X` in the region map.
fn region_span(g: &GridSrc, shape: &str) -> Range<usize> {
    let letter = shape.chars().nth(7);
    match (&g.regions, letter) {
        (Some(r), Some(l)) => r
            .chars()
            .into_iter()
            .find(|(c, _)| *c == l)
            .map_or(r.span.clone(), |x| x.1),
        (Some(r), None) => r.span.clone(),
        _ => g.whole.clone(),
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

/// A hint for a model error, when there is a useful one.
pub(crate) fn model_help(e: &ModelError) -> Option<String> {
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
            ModelError::InvisibleSymbol(..) => {
                "pick a character that shows as itself (a letter, a digit, a sign, an emoji); the file may have been pasted with hidden characters"
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
    use crate::load::tests::{has, problems};

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
}
