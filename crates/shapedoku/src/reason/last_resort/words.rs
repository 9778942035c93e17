//! The last resorts in words: templates, and the guess, which says plainly that it is not
//! logic. The searches hold no words; these are the text, compact and teaching forms of their
//! deductions (see `explain`).

use crate::reason::explain::phrases::{and_list, cell, cells, or_list, sym, symbol_list};
use crate::reason::step::{Deduction, Step};
use crate::{CellId, Geometry, Symbol, SymbolSet};

/// The reason part of the text form.
pub(crate) fn reason(g: &Geometry, step: &Step) -> Option<String> {
    Some(match &step.deduction {
        Deduction::Template {
            symbol,
            templates,
            placing,
        } => template(g, *symbol, *templates, *placing),
        Deduction::Guess { cell: c, options } => guess(g, *c, *options),
        _ => return None,
    })
}

/// What the compact form names between the technique and the results.
pub(crate) fn compact(g: &Geometry, d: &Deduction) -> Option<Option<String>> {
    Some(Some(match d {
        Deduction::Template {
            symbol, templates, ..
        } => format!("{}: {templates} templates", sym(g, *symbol)),
        Deduction::Guess { .. } => return Some(None),
        _ => return None,
    }))
}

/// Why the step holds (the teaching form).
pub(crate) fn why(g: &Geometry, step: &Step) -> Option<String> {
    Some(match &step.deduction {
        Deduction::Template {
            symbol,
            templates,
            placing,
        } => template_why(g, step, *symbol, *templates, *placing),
        Deduction::Guess { cell: c, .. } => format!(
            "This is not logic: none of the techniques applies here, so the solver takes, in the cell with the fewest candidates ({}), the value the solution has; a person would try one candidate and go back if it led to a contradiction.",
            cell(g, *c)
        ),
        _ => return None,
    })
}

/// `guess: no technique applies; r2c5 could be 1 or 4 and takes the value the solution has (a
/// guess, not logic)`.
fn guess(g: &Geometry, c: CellId, options: SymbolSet) -> String {
    format!(
        "guess: no technique applies; {} could be {} and takes the value the solution has (a guess, not logic)",
        cell(g, c),
        or_list(&symbol_list(g, options))
    )
}

/// `template set on 1: every one of its 12 templates uses these cells`.
fn template(g: &Geometry, v: Symbol, templates: usize, placing: bool) -> String {
    let what = if placing {
        "every one uses these cells"
    } else {
        "none uses these cells"
    };
    format!(
        "template {} on {}: of its {templates} templates (one cell in every house, none seeing another, on cells that allow it) {what}",
        if placing { "set" } else { "delete" },
        sym(g, v)
    )
}

fn template_why(g: &Geometry, step: &Step, v: Symbol, templates: usize, placing: bool) -> String {
    let v = sym(g, v);
    let changed: Vec<CellId> = step
        .placements
        .iter()
        .chain(&step.eliminations)
        .map(|c| c.cell)
        .collect();
    let at = and_list(&cells(g, &changed));
    let end = if placing {
        format!("every one of them uses {at}, so each holds {v}")
    } else {
        format!("none of them uses {at}, so none can hold {v}")
    };
    format!(
        "Every house holds {v} once, so the cells of {v} in the solution form a template: one cell in each house, no two seeing each other, each still allowing {v}. Of the {templates} templates the candidates leave, {end}."
    )
}
