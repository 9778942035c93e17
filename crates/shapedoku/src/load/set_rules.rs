//! Stage 3 for the rules on a set of cells and over the whole grid with checks of their own
//! (`rellik`, `lunchbox`, `counting-circles`, `dutch-flatmates`, `global-entropy`,
//! `global-modular`):
//! their keys read into a [`RuleKind`] once the geometry is built, with the checks each needs
//! on the alphabet (a middle value, values that split in thirds, one symbol per value) and on
//! its numbers. Every problem points at the key or the table.

use super::source::Diagnostic;
use super::state::RuleIn;
use crate::constraint::global_rules::{middle_and_ends, square_classes};
use crate::constraint::set_rules::RELLIK_MAX_TOTAL;
use crate::constraint::{Constraint, RuleKind};
use crate::{CellId, Geometry};
use std::ops::Range;

/// The most circles one `counting-circles` rule may have (the solver keeps its sums as bits).
const MAX_CIRCLES: usize = 127;

/// The types this file reads.
pub(super) fn handles(kind: &str) -> bool {
    matches!(
        kind,
        "rellik"
            | "lunchbox"
            | "counting-circles"
            | "dutch-flatmates"
            | "global-entropy"
            | "global-modular"
    )
}

/// The rule `r` (one of the types above; `cells` already checked), or `None` with its
/// problems in `diags`.
pub(super) fn compile(
    r: &RuleIn,
    g: &Geometry,
    cells: Vec<CellId>,
    diags: &mut Vec<Diagnostic>,
) -> Option<Constraint> {
    let error =
        |diags: &mut Vec<Diagnostic>, span: Option<Range<usize>>, message: String, help: &str| {
            let span = span.unwrap_or_else(|| r.span.clone());
            let mut d = Diagnostic::new(
                &r.src,
                Some(span),
                format!("{} `{}`: {message}", r.kind, r.name),
            );
            if !help.is_empty() {
                d = d.help(help.to_string());
            }
            diags.push(d);
        };
    if !g.symbols().has_numeric_values() {
        let symbols = g.symbols().as_string();
        error(
            diags,
            None,
            format!("this rule reads values, but the alphabet `{symbols}` has no `values`"),
            "give the symbols values, e.g. `values = [1, 2, 3, 4]`",
        );
        return None;
    }
    let values = g.symbols().values();
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    // Rules that read which value is which (a count, the smallest and the largest) need each
    // symbol to have its own.
    let shared_value = sorted.windows(2).any(|w| w[0] == w[1]);
    // The total a rule cannot do without; `None` when it is missing (said here) or unreadable
    // (said where it was read).
    let required_total = |diags: &mut Vec<Diagnostic>, need: &str, example: &str| {
        let total = &r.def.total;
        if total.value().is_none() && !total.is_invalid() {
            error(diags, None, need.into(), example);
        }
        total.value().copied()
    };
    let kind = match r.kind.as_str() {
        "rellik" => {
            let t = required_total(diags, "a rellik cage needs `total`", "e.g. `total = 10`")?;
            if !(1..=RELLIK_MAX_TOTAL).contains(&t) {
                error(
                    diags,
                    r.def.total.span(),
                    format!(
                        "a rellik cage's total must lie between 1 and {RELLIK_MAX_TOTAL}, not {t}"
                    ),
                    "",
                );
                return None;
            }
            if cells.len() > values.len() {
                error(
                    diags,
                    None,
                    format!(
                        "the cage has {} cells, but its symbols may not repeat and the alphabet has only {}",
                        cells.len(),
                        values.len()
                    ),
                    "",
                );
                return None;
            }
            RuleKind::Rellik { cells, total: t }
        }
        "lunchbox" => {
            let t = required_total(
                diags,
                "a lunchbox needs `total`, what the cells between its smallest and largest value add up to",
                "e.g. `total = 10` (0 when they are next to each other)",
            )?;
            // The most the cells between can add up to: every value but the smallest and the
            // largest (35 on 1 to 9, as for a sandwich).
            let inner = sorted.iter().skip(1).take(sorted.len().saturating_sub(2));
            let most: i64 = inner.filter(|&&v| v > 0).sum();
            if !(0..=most).contains(&t) {
                error(
                    diags,
                    r.def.total.span(),
                    format!("a lunchbox's total must lie between 0 and {most}, not {t}"),
                    "",
                );
                return None;
            }
            if shared_value {
                error(
                    diags,
                    None,
                    "a lunchbox reads its smallest and largest value, so no two symbols may share a value".into(),
                    "give each symbol its own value",
                );
                return None;
            }
            if cells.len() < 2 || cells.len() > values.len() {
                error(
                    diags,
                    None,
                    format!(
                        "a lunchbox needs 2 to {} cells (its symbols may not repeat), not {}",
                        values.len(),
                        cells.len()
                    ),
                    "",
                );
                return None;
            }
            RuleKind::Lunchbox { cells, total: t }
        }
        "counting-circles" => {
            if shared_value {
                error(
                    diags,
                    None,
                    "counting circles count values, so no two symbols may share a value".into(),
                    "give each symbol its own value",
                );
                return None;
            }
            if cells.len() > MAX_CIRCLES {
                error(
                    diags,
                    None,
                    format!(
                        "{} circles; at most {MAX_CIRCLES} are supported",
                        cells.len()
                    ),
                    "",
                );
                return None;
            }
            RuleKind::CountingCircles { cells }
        }
        "dutch-flatmates" => {
            if middle_and_ends(values).is_none() {
                error(
                    diags,
                    None,
                    "Dutch flatmates need a middle value, but the alphabet has an even number of distinct values".into(),
                    "use an alphabet with an odd number of values, such as 1-9 (middle 5)",
                );
                return None;
            }
            RuleKind::DutchFlatmates
        }
        "global-entropy" | "global-modular" => {
            let kind = match r.kind.as_str() {
                "global-entropy" => RuleKind::GlobalEntropy,
                _ => RuleKind::GlobalModular,
            };
            if square_classes(&kind, values).is_none() {
                error(
                    diags,
                    None,
                    "the values must split in three equal thirds (low, middle, high), but their number is not a multiple of 3".into(),
                    "use an alphabet of 3, 6, 9, ... distinct values",
                );
                return None;
            }
            kind
        }
        _ => return None,
    };
    Some(Constraint::new(&r.name, kind))
}
