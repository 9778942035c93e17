//! Stage 3, `[[rule]]` tables: each is checked on its own as it is gathered (a known type,
//! `cells` where the type needs them, readable references), then, once the geometry is built,
//! against it (every cell exists, a line's cells follow each other, a thermometer fits the
//! alphabet) and attached to it as [`Constraint`]s. Every problem points at the table or at the
//! cell reference concerned.

use super::definition::{Field, RuleDef};
use super::line_rules::next_to;
use super::source::{Diagnostic, Source};
use super::state::{RuleIn, State};
use crate::constraint::{Constraint, RuleKind};
use crate::{CellId, Geometry};
use std::sync::Arc;
use toml::Spanned;

/// Gathers the `number`-th (1-based) `[[rule]]` of a file, if it can be used.
pub(super) fn add_rule(
    state: &mut State,
    src: &Arc<Source>,
    item: &Spanned<RuleDef>,
    number: usize,
    diags: &mut Vec<Diagnostic>,
) {
    if let Some(rule) = gather(state, src, item, number, diags) {
        state.rules.push(rule);
    }
}

/// The most rules an `any` may choose between (the solver keeps one bit per alternative).
const MAX_ALTERNATIVES: usize = 64;

/// A rule table gathered, if it can be used: a `[[rule]]`, or a part of a composite.
fn gather(
    state: &mut State,
    src: &Arc<Source>,
    item: &Spanned<RuleDef>,
    number: usize,
    diags: &mut Vec<Diagnostic>,
) -> Option<RuleIn> {
    let r = item.get_ref();
    let kind = r.kind.value()?;
    let &(_, line) = RuleDef::TYPES.iter().find(|t| t.0 == kind)?;
    let name = r.name.value().cloned().unwrap_or_else(|| {
        // An outside clue gets a name saying where it is once its line is known; until then,
        // like a line, its number in the file.
        if line
            || super::outside_rules::handles(kind)
            || matches!(kind.as_str(), "any" | "all" | "same-values" | "equal-sum")
        {
            format!("{kind} {number}")
        } else {
            kind.clone()
        }
    });
    let mut rule = RuleIn {
        name,
        kind: kind.clone(),
        src: src.clone(),
        span: item.span(),
        cells: Vec::new(),
        local: Default::default(),
        def: r.clone(),
        extra: Vec::new(),
        groups: Vec::new(),
        arms: Vec::new(),
        parts: Vec::new(),
        alternative: false,
    };
    if !super::local_rules::gather(state, src, r, &mut rule, diags)
        || !super::chaos_rules::gather(state, src, r, &mut rule, diags)
        || !super::set_rules::gather_sets(state, src, item, &mut rule, diags)
        || !super::set_rules::gather_counts(src, r, &rule, diags)
        || !gather_parts(state, src, item, &mut rule, diags)
    {
        return None;
    }
    match (&r.cells, line) {
        (Field::Invalid, _) => return None,
        (Field::Absent, false) => {}
        (Field::Valid(c), false) => {
            let what = match kind.as_str() {
                "little-killer" => "runs from its clue (`at`, `direction`)",
                "sandwich" | "x-sum" | "skyscraper" => {
                    "reads the row or column from its clue (`at`)"
                }
                "any" | "all" => "takes its cells from its rules (`[[rule.of]]`)",
                "same-values" | "equal-sum" => "takes its cells from `sets`",
                _ => "covers the whole grid",
            };
            diags.push(
                Diagnostic::new(
                    src,
                    Some(c.span()),
                    format!("a `{kind}` rule {what} and takes no `cells`"),
                )
                .help("remove `cells`"),
            );
            return None;
        }
        (Field::Absent, true) => {
            diags.push(
                Diagnostic::new(
                    src,
                    Some(item.span()),
                    format!("this `{kind}` rule has no `cells`"),
                )
                .help("list the line's cells in order, e.g. `cells = \"r1c1 r1c2 r1c3\"`"),
            );
            return None;
        }
        (Field::Valid(c), true) => {
            let cells = super::growth::rule_cells(state, src, c, &rule.name, diags)?;
            rule.cells = cells;
        }
    }
    // The second cell list of an arrow or a clone.
    if let Some(c) = r.circle.valid().or(r.copy.valid()) {
        let cells = super::growth::rule_cells(state, src, c, &rule.name, diags)?;
        rule.extra = cells;
    }
    Some(rule)
}

/// Gathers the parts of an `any` or `all` rule (`of`), each numbered from 1 within it; a
/// part that cannot be used is reported and makes the whole rule unusable.
fn gather_parts(
    state: &mut State,
    src: &Arc<Source>,
    item: &Spanned<RuleDef>,
    rule: &mut RuleIn,
    diags: &mut Vec<Diagnostic>,
) -> bool {
    let r = item.get_ref();
    let composite = matches!(rule.kind.as_str(), "any" | "all");
    if !composite {
        if r.of.present {
            diags.push(
                Diagnostic::new(
                    src,
                    Some(item.span()),
                    format!("a `{}` rule takes no `of`", rule.kind),
                )
                .help("only `any` and `all` rules combine other rules"),
            );
            return false;
        }
        return true;
    }
    if r.of.malformed {
        return false;
    }
    let count = r.of.items.len();
    if count == 0 || (rule.kind == "any" && count > MAX_ALTERNATIVES) {
        let what = if count == 0 {
            format!("an `{}` rule needs at least one rule to combine", rule.kind)
        } else {
            format!(
                "an `any` rule may choose between at most {MAX_ALTERNATIVES} rules, not {count}"
            )
        };
        diags.push(Diagnostic::new(src, Some(item.span()), what).help(
            "write each rule after the `[[rule]]` line as `[[rule.of]]` with its own `type`",
        ));
        return false;
    }
    let mut ok = true;
    for (k, part) in r.of.items.iter().enumerate() {
        let Some(part) = part.valid() else {
            ok = false;
            continue;
        };
        match gather(state, src, part, k + 1, diags) {
            Some(p) if p.kind.starts_with("chaos") || super::set_rules::counts_regions(&p) => {
                diags.push(
                    Diagnostic::new(
                        src,
                        Some(part.span()),
                        format!(
                            "a chaos construction and its clues cannot be one of several rules (a `{}` rule here)",
                            p.kind
                        ),
                    )
                    .help(format!("write `{}` as a `[[rule]]` of its own", p.kind)),
                );
                ok = false;
            }
            Some(mut p) => {
                if part.get_ref().name.value().is_none() {
                    p.name = format!("{}, {}", rule.name, p.name);
                }
                if rule.kind == "any" {
                    mark_alternative(&mut p);
                }
                rule.parts.push(p);
            }
            None => ok = false,
        }
    }
    ok
}

/// Marks a rule and its parts as (inside) an alternative of an `any`.
fn mark_alternative(rule: &mut RuleIn) {
    rule.alternative = true;
    rule.parts.iter_mut().for_each(mark_alternative);
}

/// The rules of `state` checked against the built geometry and attached to it; `None` (with
/// every problem reported) when one does not fit.
pub(super) fn attach(state: &State, g: Geometry, diags: &mut Vec<Diagnostic>) -> Option<Geometry> {
    let mut out = Vec::new();
    let before = diags.len();
    let chaos = state.rules.iter().any(|r| r.kind == "chaos");
    for r in &state.rules {
        if !chaos && (r.kind.starts_with("chaos-") || super::set_rules::counts_regions(r)) {
            diags.push(
                Diagnostic::new(
                    &r.src,
                    Some(r.span.clone()),
                    format!(
                        "rule `{}`: a `{}` {} reads the regions of a chaos construction, and the puzzle has none",
                        r.name, r.kind, if r.kind.starts_with("chaos-") { "clue" } else { "rule counting regions" }
                    ),
                )
                .help("add a `[[rule]]` with `type = \"chaos\"`"),
            );
            continue;
        }
        if let Some(c) = compile_rule(r, &g, state.values_given, diags) {
            if super::chaos_rules::second(&c, &out) {
                diags.push(Diagnostic::new(
                    &r.src,
                    Some(r.span.clone()),
                    format!(
                        "rule `{}`: a puzzle has at most one chaos construction",
                        r.name
                    ),
                ));
            }
            out.push(c);
        }
    }
    if diags.len() > before {
        return None;
    }
    g.with_constraints(out).ok()
}

fn compile_rule(
    r: &RuleIn,
    g: &Geometry,
    values_given: bool,
    diags: &mut Vec<Diagnostic>,
) -> Option<Constraint> {
    let at = |span: &std::ops::Range<usize>, message: String| {
        Diagnostic::new(&r.src, Some(span.clone()), message)
    };
    let mut cells = Vec::with_capacity(r.cells.len());
    let mut ok = true;
    for (i, (span, p)) in r.cells.iter().enumerate() {
        let Some(c) = g.cell_at(*p) else {
            diags.push(at(
                span,
                format!("rule `{}`: {p} is not a cell of the grid", r.name),
            ));
            ok = false;
            continue;
        };
        // Marks and single-cell rules list cells; a clone's shapes and a sequence's cell list
        // need not be lines either.
        let line = !super::local_rules::is_cell_list(&r.kind)
            && !matches!(
                r.kind.as_str(),
                "clone"
                    | "sequence"
                    | "relation"
                    | "indexing"
                    | "rellik"
                    | "cage"
                    | "lunchbox"
                    | "counting-circles"
                    | "chaos-count"
                    | "count-distinct"
            );
        if let Some(prev) = i.checked_sub(1).map(|j| r.cells[j].1).filter(|_| line) {
            if !next_to(prev, *p) {
                diags.push(
                    at(
                        span,
                        format!(
                            "rule `{}`: {p} does not touch {prev}, the cell before it on the line",
                            r.name
                        ),
                    )
                    .help("a line runs through cells that touch, orthogonally or diagonally"),
                );
                ok = false;
            }
        }
        // A count-distinct control cell listed again among the cells it counts counts itself.
        let counts_itself = r.kind == "count-distinct"
            && i > 0
            && cells.first() == Some(&CellId::new(c))
            && !cells[1..].contains(&CellId::new(c));
        if cells.contains(&CellId::new(c)) && !counts_itself {
            diags.push(at(span, format!("rule `{}`: {p} is listed twice", r.name)));
            ok = false;
        }
        cells.push(CellId::new(c));
    }
    let kind = match r.kind.as_str() {
        "anti-knight" => RuleKind::AntiKnight,
        "anti-king" => RuleKind::AntiKing,
        "nonconsecutive" => RuleKind::Nonconsecutive,
        "anti-taxicab" => RuleKind::AntiTaxicab,
        "thermo" => RuleKind::Thermo { cells },
        "slow-thermo" => RuleKind::SlowThermo { cells },
        // Marks between neighbours and rules on single cells.
        k if super::local_rules::handles(k) => {
            let kind = super::local_rules::kind(r, cells, g, values_given, diags);
            return kind.filter(|_| ok).map(|k| Constraint::new(&r.name, k));
        }
        // A killer cage as a rule (one an `any` can hold).
        "cage" => return super::set_rules::cage(r, g, cells, diags).filter(|_| ok),
        // Sets of cells holding the same values.
        "same-values" => return super::set_rules::same_values(r, g, diags).filter(|_| ok),
        // Sets of cells adding up to the same total.
        "equal-sum" => return super::set_rules::equal_sum(r, g, diags).filter(|_| ok),
        // Its cells already reported: counting what is left would only add a wrong count.
        "count-distinct" if !ok => return None,
        "count-distinct" => return super::set_rules::count_distinct(r, g, cells, diags),
        // Chaos construction: regions as part of the solution.
        "chaos" => return super::chaos_rules::compile(r, g, diags).filter(|_| ok),
        "chaos-arrow" | "chaos-count" => {
            return super::chaos_rules::clue(r, g, cells, diags).filter(|_| ok);
        }
        // Rules composed of rules: each part compiled as a rule of its own.
        "any" | "all" => {
            let parts: Vec<Option<Constraint>> = (r.parts.iter())
                .map(|p| compile_rule(p, g, values_given, diags))
                .collect();
            let rules: Vec<Constraint> = parts.into_iter().collect::<Option<_>>()?;
            let cells = RuleKind::composite_cells(&rules, g);
            let kind = if r.kind == "any" {
                RuleKind::Any { cells, rules }
            } else {
                RuleKind::All { cells, rules }
            };
            return ok.then(|| Constraint::new(&r.name, kind));
        }
        // Outside clues and indexing.
        k if super::outside_rules::handles(k) => {
            return super::outside_rules::compile(r, g, cells, diags).filter(|_| ok);
        }
        // Rules on sets of cells and over the whole grid with checks of their own.
        k if super::set_rules::handles(k) => {
            return super::set_rules::compile(r, g, cells, diags).filter(|_| ok);
        }
        // Sum, line and copy rules.
        _ if !ok => return None,
        _ => {
            let kind = super::line_rules::compile(r, g, cells, diags)?;
            return Some(Constraint::new(&r.name, kind));
        }
    };
    if let RuleKind::Thermo { cells } = &kind {
        let mut values = g.symbols().values().to_vec();
        values.sort_unstable();
        values.dedup();
        if cells.len() > values.len() {
            diags.push(at(&r.span, format!(
                "thermo `{}` has {} cells, but its values must strictly increase and the alphabet has only {} values",
                r.name,
                cells.len(),
                values.len()
            )).help("shorten the thermometer, or use `slow-thermo` if values may repeat"));
            ok = false;
        }
    }
    ok.then(|| Constraint::new(&r.name, kind))
}
