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
use crate::constraint::{Constraint, RuleKind, SAME_VALUES_MAX_SETS};
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

/// Reads `sets` into `rule.groups` for a `same-values` rule (each set a `same` group), or
/// reports it on a rule of another type, or its absence on a `same-values` rule; false (with
/// the problem reported) when the table cannot be used.
pub(super) fn gather_sets(
    state: &mut super::state::State,
    src: &std::sync::Arc<super::source::Source>,
    item: &toml::Spanned<super::definition::RuleDef>,
    rule: &mut RuleIn,
    diags: &mut Vec<Diagnostic>,
) -> bool {
    let field = &item.get_ref().sets;
    if field.is_invalid() {
        return false;
    }
    let ours = matches!(rule.kind.as_str(), "same-values" | "equal-sum");
    let Some(sets) = field.value() else {
        if ours {
            diags.push(
                Diagnostic::new(
                    src,
                    Some(item.span()),
                    format!("rule `{}`: a `{}` rule needs `sets`", rule.name, rule.kind),
                )
                .help("list the sets, each a string of cells: `sets = [\"r1c1 r1c2\", \"r5c5 r6c6\"]`"),
            );
        }
        return !ours;
    };
    if !ours {
        diags.push(
            Diagnostic::new(
                src,
                field.span(),
                format!("`sets` does not belong in a `{}` rule", rule.kind),
            )
            .help("`sets` is a key of `same-values` and `equal-sum` rules"),
        );
        return false;
    }
    let mut ok = true;
    for set in sets {
        match super::growth::rule_cells(state, src, set, &rule.name, diags) {
            Some(cells) => rule.groups.push((true, cells)),
            None => ok = false,
        }
    }
    ok
}

/// Checks `counts` (what a `count-distinct` rule counts): `values` or `regions`, and on no
/// other type; false (with the problem at the key) otherwise.
pub(super) fn gather_counts(
    src: &std::sync::Arc<super::source::Source>,
    r: &super::definition::RuleDef,
    rule: &RuleIn,
    diags: &mut Vec<Diagnostic>,
) -> bool {
    let field = &r.counts;
    if field.is_invalid() {
        return false;
    }
    let Some(counts) = field.value() else {
        return true;
    };
    let problem = if rule.kind != "count-distinct" {
        Some((
            format!("`counts` does not belong in a `{}` rule", rule.kind),
            "`counts` is a key of a `count-distinct` rule",
        ))
    } else if !matches!(counts.as_str(), "values" | "regions") {
        Some((
            format!(
                "rule `{}`: `counts` is \"values\" or \"regions\", not \"{counts}\"",
                rule.name
            ),
            "`counts = \"regions\"` counts the regions of a chaos construction; leave it out to count values",
        ))
    } else {
        None
    };
    match problem {
        Some((message, help)) => {
            diags.push(Diagnostic::new(src, field.span(), message).help(help));
            false
        }
        None => true,
    }
}

/// Whether `r` is a `count-distinct` rule counting regions (`counts = "regions"`).
pub(super) fn counts_regions(r: &RuleIn) -> bool {
    r.kind == "count-distinct" && r.def.counts.value().is_some_and(|c| c == "regions")
}

/// A `same-values` rule against the built geometry: at least two sets, at most
/// [`SAME_VALUES_MAX_SETS`], all of the first set's size, every cell in the grid and in one
/// set only. `None`, with each problem at the cell reference or the table, otherwise.
pub(super) fn same_values(
    r: &RuleIn,
    g: &Geometry,
    diags: &mut Vec<Diagnostic>,
) -> Option<Constraint> {
    let before = diags.len();
    let sets = &r.groups;
    if !(2..=SAME_VALUES_MAX_SETS).contains(&sets.len()) {
        diags.push(
            r.problem(
                None,
                format!(
                    "a `same-values` rule needs 2 to {SAME_VALUES_MAX_SETS} sets, not {}",
                    sets.len()
                ),
            )
            .help("each string of `sets` is one set of cells"),
        );
        return None;
    }
    let size = sets[0].1.len();
    let mut cells: Vec<CellId> = Vec::with_capacity(size * sets.len());
    for (_, set) in sets {
        if set.len() != size {
            let span = match (set.first(), set.last()) {
                (Some(a), Some(b)) => a.0.start..b.0.end,
                _ => r.span.clone(),
            };
            diags.push(
                r.problem(
                    Some(span),
                    format!(
                        "this set has {} cells and the first has {size}; every set has as many",
                        set.len()
                    ),
                )
                .help("the sets hold the same values as often each, so they are the same size"),
            );
        }
        for (span, p) in set {
            match g.cell_at(*p) {
                None => diags
                    .push(r.problem(Some(span.clone()), format!("{p} is not a cell of the grid"))),
                Some(c) if cells.contains(&CellId::new(c)) => {
                    diags.push(r.problem(Some(span.clone()), format!("{p} is listed twice")));
                }
                Some(c) => cells.push(CellId::new(c)),
            }
        }
    }
    (diags.len() == before).then(|| Constraint::new(&r.name, RuleKind::SameValues { cells, size }))
}

/// The most sets an `equal-sum` rule may have, and the most cells a `count-distinct` rule
/// may count.
const EQUAL_SUM_MAX_SETS: usize = crate::constraint::COUNTED_MAX_CELLS;

/// An `equal-sum` rule against the built geometry: values to add up, two to
/// [`EQUAL_SUM_MAX_SETS`] sets, each cell in the grid and once in its set (sets may share
/// cells: a magic square's middle is in four). `None`, with each problem at the cell reference
/// or the table, otherwise.
pub(super) fn equal_sum(
    r: &RuleIn,
    g: &Geometry,
    diags: &mut Vec<Diagnostic>,
) -> Option<Constraint> {
    if !g.symbols().has_numeric_values() {
        diags.push(
            r.problem(
                None,
                format!(
                    "equal sums add values, but the alphabet `{}` has no `values`",
                    g.symbols().as_string()
                ),
            )
            .help("give the symbols values, e.g. `values = [1, 2, 3, 4]`"),
        );
        return None;
    }
    let before = diags.len();
    if !(2..=EQUAL_SUM_MAX_SETS).contains(&r.groups.len()) {
        diags.push(
            r.problem(
                None,
                format!(
                    "an `equal-sum` rule needs 2 to {EQUAL_SUM_MAX_SETS} sets, not {}",
                    r.groups.len()
                ),
            )
            .help("each string of `sets` is one set of cells; all add up to the same total"),
        );
        return None;
    }
    let mut all: Vec<CellId> = Vec::new();
    let mut sets: Vec<Vec<CellId>> = Vec::with_capacity(r.groups.len());
    for (_, set) in &r.groups {
        let mut cells: Vec<CellId> = Vec::with_capacity(set.len());
        for (span, p) in set {
            match g.cell_at(*p) {
                None => diags
                    .push(r.problem(Some(span.clone()), format!("{p} is not a cell of the grid"))),
                Some(c) if cells.contains(&CellId::new(c)) => {
                    diags.push(r.problem(
                        Some(span.clone()),
                        format!("{p} is listed twice in this set"),
                    ));
                }
                Some(c) => cells.push(CellId::new(c)),
            }
        }
        for &c in &cells {
            if !all.contains(&c) {
                all.push(c);
            }
        }
        sets.push(cells);
    }
    (diags.len() == before)
        .then(|| Constraint::new(&r.name, RuleKind::EqualSum { cells: all, sets }))
}

/// A `count-distinct` rule from its checked cells (the control cell first; listed again
/// among the others, it counts itself): values that tell the symbols apart, at least one
/// counted cell, at most [`EQUAL_SUM_MAX_SETS`]. `None`, with the problem at the table,
/// otherwise.
pub(super) fn count_distinct(
    r: &RuleIn,
    g: &Geometry,
    mut cells: Vec<CellId>,
    diags: &mut Vec<Diagnostic>,
) -> Option<Constraint> {
    let mut values = g.symbols().values().to_vec();
    values.sort_unstable();
    if !g.symbols().has_numeric_values() || values.windows(2).any(|w| w[0] == w[1]) {
        diags.push(
            r.problem(
                None,
                "the control cell's value is a count, so every symbol needs a value of its own",
            )
            .help("give the symbols values, e.g. `values = [1, 2, 3, 4]`"),
        );
        return None;
    }
    let counts_itself = cells.len() > 1 && cells[1..].contains(&cells[0]);
    if counts_itself {
        let control = cells[0];
        let mut first = true;
        cells.retain(|&c| c != control || std::mem::take(&mut first));
    }
    let counted = cells.len() - 1 + usize::from(counts_itself);
    if counted == 0 || counted > EQUAL_SUM_MAX_SETS {
        diags.push(
            r.problem(
                None,
                format!("a `count-distinct` rule counts 1 to {EQUAL_SUM_MAX_SETS} cells, not {counted}"),
            )
            .help("list the control cell, then the cells it counts (the control cell again if it counts itself)"),
        );
        return None;
    }
    let kind = if counts_regions(r) {
        RuleKind::CountRegions {
            cells,
            counts_itself,
        }
    } else {
        RuleKind::CountDistinct {
            cells,
            counts_itself,
        }
    };
    Some(Constraint::new(&r.name, kind))
}

/// A `cage` rule (a killer cage an `any` can hold): at most as many cells as the alphabet
/// has symbols, and a `total`, if given, that as many different values can make (a total none
/// can make is no error inside an `any`, where that alternative just never holds). `None`,
/// with each problem at its key or the table, otherwise.
pub(super) fn cage(
    r: &RuleIn,
    g: &Geometry,
    cells: Vec<CellId>,
    diags: &mut Vec<Diagnostic>,
) -> Option<Constraint> {
    let symbols = g.symbol_count();
    if cells.len() > symbols {
        diags.push(r.problem(
            None,
            format!(
                "the cage has {} cells, but its symbols may not repeat and the alphabet has only {symbols}",
                cells.len()
            ),
        ));
        return None;
    }
    if r.def.total.is_invalid() {
        return None;
    }
    let total = r.def.total.value().copied();
    if let Some(t) = total {
        if !g.symbols().has_numeric_values() {
            diags.push(
                r.problem(
                    r.def.total.span(),
                    format!(
                        "a cage's total reads values, but the alphabet `{}` has no `values`",
                        g.symbols().as_string()
                    ),
                )
                .help("give the symbols values, e.g. `values = [1, 2, 3, 4]`"),
            );
            return None;
        }
        let mut values = g.symbols().values().to_vec();
        values.sort_unstable();
        let k = cells.len();
        let (least, most): (i64, i64) =
            (values[..k].iter().sum(), values[symbols - k..].iter().sum());
        if !(least..=most).contains(&t) && !r.alternative {
            diags.push(
                r.problem(
                    r.def.total.span(),
                    format!("{k} different values add up to {least} to {most}, never {t}"),
                )
                .help("check the total and the cells"),
            );
            return None;
        }
    }
    Some(Constraint::new(&r.name, RuleKind::Cage { cells, total }))
}
