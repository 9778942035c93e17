//! The geometry's size while its files are gathered, against the caps: adding a part
//! (`grow`) and reading a list of cell references (`cell_refs`; `rule_cells` for one list of a
//! rule) stop, with one placed error, before anything over a cap is allocated. Shared by the
//! shape, rule and cell readers.

use super::source::{Diagnostic, Source, Text};
use super::state::{CellRef, State};
use crate::Pos;
use crate::geometry::Size;
use crate::pos::parse_cell_ref;
use std::ops::Range;
use std::sync::Arc;
use toml::Spanned;

/// Adds `more` to the geometry's size. Over a cap it reports, once, that `what` (written at
/// `span`) takes the geometry past it, and returns false: the part is not added and the
/// geometry is not built.
pub(super) fn grow(
    state: &mut State,
    src: &Arc<Source>,
    span: Range<usize>,
    what: &str,
    more: Size,
    diags: &mut Vec<Diagnostic>,
) -> bool {
    if state.over_limit {
        return false;
    }
    let next = state.size + more;
    let Some(e) = next.over(&state.limits) else {
        state.size = next;
        return true;
    };
    state.over_limit = true;
    state.cells_incomplete = true;
    diags.push(
        Diagnostic::new(
            src,
            Some(span),
            format!("{what} takes the geometry past a limit: {e}"),
        )
        .help(LIMIT_HELP),
    );
    false
}

/// The hint for a geometry over a cap.
const LIMIT_HELP: &str = "the size caps keep memory bounded (see Limits in docs/format.md); split the puzzle, or raise the cap through the library's Limits";

/// Parses a list of cell references, reporting every malformed one at its place (the first
/// few; then how many more). Expands at most `budget` positions: past it the list is reported
/// as over the cap (as `what`, counting `size(positions)`) and `None` returned, so no list can
/// allocate beyond the cap.
pub(super) fn cell_refs(
    state: &mut State,
    src: &Arc<Source>,
    text: &Text,
    (budget, size): (u64, fn(u64) -> Size),
    what: &str,
    diags: &mut Vec<Diagnostic>,
) -> Option<(Vec<CellRef>, bool)> {
    if state.over_limit {
        return None;
    }
    let mut out = Vec::new();
    let (mut bad, mut count) = (0usize, 0u64);
    // The first bad reference not reported on its own: where "and N more" points.
    let mut unshown = None;
    let s = &text.value;
    let mut start = None;
    for (i, ch) in s.char_indices().chain([(s.len(), ' ')]) {
        let sep = ch.is_whitespace() || ch == ',';
        match (sep, start) {
            (false, None) => start = Some(i),
            (true, Some(b)) => {
                start = None;
                let (item, span) = (&s[b..i], text.at(b, i - b));
                match parse_cell_ref(item) {
                    Ok(ps) => {
                        count += ps.len() as u64;
                        if count > budget {
                            grow(state, src, span, what, size(count), diags);
                            return None;
                        }
                        out.push((span, ps));
                    }
                    Err(e) => {
                        bad += 1;
                        if bad == super::givens::MAX_PER_STRING + 1 {
                            unshown = Some(span.clone());
                        }
                        if bad <= super::givens::MAX_PER_STRING {
                            diags.push(
                                Diagnostic::new(src, Some(span), format!("`{item}` is not a cell reference: {}", e.reason))
                                    .help("write cells as r3c7, or a rectangle as r1-3c4-6, separated by spaces"),
                            );
                        }
                    }
                }
            }
            _ => {}
        }
    }
    if let Some(span) = unshown {
        diags.push(Diagnostic::new(
            src,
            Some(span),
            format!(
                "and {} more bad cell references in this list",
                bad - super::givens::MAX_PER_STRING
            ),
        ));
    }
    Some((out, bad == 0))
}

/// The cells of one cell list of rule `name`, each with the span of its reference, charged
/// to the puzzle's shape-cell budget; `None` (with the problems reported) when a reference is
/// malformed or the list goes over the cap.
pub(super) fn rule_cells(
    state: &mut State,
    src: &Arc<Source>,
    c: &Spanned<String>,
    name: &str,
    diags: &mut Vec<Diagnostic>,
) -> Option<Vec<(std::ops::Range<usize>, Pos)>> {
    let text = Text::new(&src.text, c.span(), c.get_ref());
    let budget = state
        .limits
        .max_shape_cells
        .saturating_sub(state.size.shape_cells);
    let what = format!("rule `{name}`");
    let sized = (budget, Size::of_shape_cells as fn(u64) -> Size);
    let Some((refs, true)) = cell_refs(state, src, &text, sized, &what, diags) else {
        return None;
    };
    let n: usize = refs.iter().map(|(_, ps)| ps.len()).sum();
    state.size.shape_cells += n as u64;
    Some(
        refs.into_iter()
            .flat_map(|(span, ps)| ps.into_iter().map(move |p| (span.clone(), p)))
            .collect(),
    )
}
