//! The `chaos` rule (chaos construction: the regions are part of the solution): its own keys,
//! `same` (groups of cells in one region) and `different` (groups of cells in pairwise
//! different regions, such as the two cells of a drawn border), read as the table is gathered;
//! then, once the geometry is built, the checks that it can be split into regions (its cells a
//! multiple of the alphabet's size, at most 64 regions, one chaos rule per puzzle).

use super::definition::RuleDef;
use super::source::{Diagnostic, Source};
use super::state::{RuleIn, State};
use crate::constraint::{Constraint, RuleKind};
use crate::{CellId, Geometry, Pos};
use std::sync::Arc;
use toml::Spanned;

/// Reads `same` and `different` into `rule.groups`, or reports them on a rule of another type;
/// false (with the problem reported) when the table cannot be used.
pub(super) fn gather(
    state: &mut State,
    src: &Arc<Source>,
    r: &RuleDef,
    rule: &mut RuleIn,
    diags: &mut Vec<Diagnostic>,
) -> bool {
    let mut ok = true;
    for (key, field, same) in [("same", &r.same, true), ("different", &r.different, false)] {
        if field.is_invalid() {
            ok = false;
            continue;
        }
        let Some(items) = field.value() else { continue };
        if rule.kind != "chaos" {
            let span = field.span();
            diags.push(
                Diagnostic::new(
                    src,
                    span,
                    format!("`{key}` does not belong in a `{}` rule", rule.kind),
                )
                .help("`same` and `different` are keys of a `chaos` rule"),
            );
            ok = false;
            continue;
        }
        for item in items {
            ok &= add_group(state, src, item, same, rule, diags);
        }
    }
    ok && gather_arms(state, src, r, rule, diags)
}

/// Reads `arms` into `rule.arms` for a `chaos-arrow` rule, or reports it on a rule of another
/// type; false (with the problem reported) when it cannot be used. An arrow whose arms are
/// listed here has the clue cell alone in `cells` (checked against the geometry in
/// [`clue`]).
fn gather_arms(
    state: &mut State,
    src: &Arc<Source>,
    r: &RuleDef,
    rule: &mut RuleIn,
    diags: &mut Vec<Diagnostic>,
) -> bool {
    let field = &r.arms;
    if field.is_invalid() {
        return false;
    }
    let Some(arms) = field.value() else {
        return true;
    };
    if rule.kind != "chaos-arrow" {
        diags.push(
            Diagnostic::new(
                src,
                field.span(),
                format!("`arms` does not belong in a `{}` rule", rule.kind),
            )
            .help("`arms` is a key of a `chaos-arrow` rule"),
        );
        return false;
    }
    if arms.is_empty() {
        diags.push(
            Diagnostic::new(
                src,
                field.span(),
                format!("rule `{}`: `arms` lists no arm", rule.name),
            )
            .help("write each arm as a string of cells from the clue outwards, e.g. `arms = [\"r2c5 r3c5\", \"r1c4 r1c3\"]`, or leave `arms` out to read the four straight arms"),
        );
        return false;
    }
    let mut ok = true;
    for arm in arms {
        match super::growth::rule_cells(state, src, arm, &rule.name, diags) {
            Some(cells) if cells.is_empty() => {
                diags.push(
                    Diagnostic::new(
                        src,
                        Some(arm.span()),
                        format!("rule `{}`: an arm names no cell", rule.name),
                    )
                    .help("an arm lists its cells from the clue outwards; leave out an arm that reads nothing"),
                );
                ok = false;
            }
            Some(cells) => rule.arms.push(cells),
            None => ok = false,
        }
    }
    ok
}

/// One group of cells: at least two, each reference readable.
fn add_group(
    state: &mut State,
    src: &Arc<Source>,
    item: &Spanned<String>,
    same: bool,
    rule: &mut RuleIn,
    diags: &mut Vec<Diagnostic>,
) -> bool {
    let Some(cells) = super::growth::rule_cells(state, src, item, &rule.name, diags) else {
        return false;
    };
    if cells.len() < 2 {
        diags.push(
            Diagnostic::new(
                src,
                Some(item.span()),
                format!(
                    "rule `{}`: a group names two cells or more, and `{}` names {}",
                    rule.name,
                    item.get_ref(),
                    cells.len()
                ),
            )
            .help("write the cells of one region, or two cells on either side of a border, e.g. \"r1c1 r1c2\""),
        );
        return false;
    }
    rule.groups.push((same, cells));
    true
}

/// The chaos rule of `r` against the built geometry; `None` (with the problem reported) when a
/// cell does not exist, a cell is named twice in a `different` group, or the grid cannot be
/// split into regions of the alphabet's size.
pub(super) fn compile(r: &RuleIn, g: &Geometry, diags: &mut Vec<Diagnostic>) -> Option<Constraint> {
    let at = |span: &std::ops::Range<usize>, message: String| {
        Diagnostic::new(&r.src, Some(span.clone()), message)
    };
    let before = diags.len();
    let (mut same, mut different) = (Vec::new(), Vec::new());
    for (is_same, cells) in &r.groups {
        let mut group = Vec::new();
        for (span, p) in cells {
            match g.cell_at(*p) {
                None => diags.push(at(
                    span,
                    format!("rule `{}`: {p} is not a cell of the grid", r.name),
                )),
                Some(c) if !is_same && group.contains(&CellId::new(c)) => diags.push(at(
                    span,
                    format!(
                        "rule `{}`: {p} is listed twice in a group of different regions",
                        r.name
                    ),
                )),
                Some(c) => group.push(CellId::new(c)),
            }
        }
        if *is_same {
            same.push(group);
        } else {
            different.push(group);
        }
    }
    let (n, size) = (g.cell_count(), g.symbol_count());
    if n % size != 0 || n / size > 64 {
        diags.push(
            at(
                &r.span,
                format!(
                    "rule `{}`: a chaos construction splits the {n} cells into regions of {size} (the alphabet's size), and {}",
                    r.name,
                    if n % size != 0 {
                        format!("{n} is not a multiple of {size}")
                    } else {
                        format!("that makes {} regions, more than 64", n / size)
                    }
                ),
            )
            .help("a chaos construction needs as many cells in each region as there are symbols"),
        );
    }
    (diags.len() == before).then(|| Constraint::new(&r.name, RuleKind::Chaos { same, different }))
}

/// A region clue (`chaos-arrow`, `chaos-count`) from its checked cells, the clue cell first.
/// An arrow with `arms` reads them (`cells` is then the clue cell alone); with the clue cell
/// alone, an arrow reads the four straight arms to the grid's edges (left, right, up, down) and
/// a count the cells around it; otherwise an arrow's arm is the cells after the clue (a line,
/// checked as one), a count's counted cells those after it.
pub(super) fn clue(
    r: &RuleIn,
    g: &Geometry,
    cells: Vec<CellId>,
    diags: &mut Vec<Diagnostic>,
) -> Option<Constraint> {
    let &first = cells.first()?;
    let p = g.pos(first.index());
    let at = |dr: i64, dc: i64| -> Option<CellId> {
        let (row, col) = (i64::from(p.row) + dr, i64::from(p.col) + dc);
        let (row, col) = (u32::try_from(row).ok()?, u32::try_from(col).ok()?);
        g.cell_at(Pos::new(row, col)).map(CellId::new)
    };
    let kind = if r.kind == "chaos-arrow" {
        if !r.arms.is_empty() {
            RuleKind::ChaosArrow {
                arms: r.arms.iter().map(Vec::len).collect(),
                cells: listed_arms(r, g, first, diags)?,
            }
        } else if cells.len() > 1 {
            let arms = vec![cells.len() - 1];
            RuleKind::ChaosArrow { cells, arms }
        } else {
            let (mut all, mut arms) = (vec![first], Vec::new());
            for (dr, dc) in [(0, -1), (0, 1), (-1, 0), (1, 0)] {
                let arm: Vec<CellId> = (1..).map_while(|k| at(dr * k, dc * k)).collect();
                if !arm.is_empty() {
                    arms.push(arm.len());
                    all.extend(arm);
                }
            }
            RuleKind::ChaosArrow { cells: all, arms }
        }
    } else if cells.len() > 1 {
        RuleKind::ChaosCount { cells }
    } else {
        let mut all = vec![first];
        for dr in -1..=1 {
            for dc in -1..=1 {
                all.extend(at(dr, dc).filter(|&c| c != first));
            }
        }
        RuleKind::ChaosCount { cells: all }
    };
    let c = Constraint::new(&r.name, kind);
    if c.cells().len() < 2 {
        diags.push(
            Diagnostic::new(
                &r.src,
                Some(r.span.clone()),
                format!(
                    "rule `{}`: the clue at {p} has no other cell to read",
                    r.name
                ),
            )
            .help("list the clue cell first, then the cells it reads"),
        );
        return None;
    }
    Some(c)
}

/// The clue cell and the cells of the arms written in `arms`, in order; `None` (with every
/// problem reported at its reference) when `cells` names more than the clue cell, or an arm's
/// cell is not in the grid, does not touch the cell before it (the clue cell, for an arm's
/// first) or is named twice (the clue cell included).
fn listed_arms(
    r: &RuleIn,
    g: &Geometry,
    first: CellId,
    diags: &mut Vec<Diagnostic>,
) -> Option<Vec<CellId>> {
    let at = |span: &std::ops::Range<usize>, message: String| {
        Diagnostic::new(&r.src, Some(span.clone()), message)
    };
    let before = diags.len();
    if let Some((span, p)) = r.cells.get(1) {
        diags.push(
            at(
                span,
                format!(
                    "rule `{}`: with `arms`, `cells` names the clue cell alone, and {p} follows it",
                    r.name
                ),
            )
            .help("write every arm in `arms`, or leave `arms` out and list one arm after the clue in `cells`"),
        );
    }
    let clue = g.pos(first.index());
    let mut all = vec![first];
    for arm in &r.arms {
        let mut prev = clue;
        for (span, p) in arm {
            let Some(c) = g.cell_at(*p).map(CellId::new) else {
                diags.push(at(
                    span,
                    format!("rule `{}`: {p} is not a cell of the grid", r.name),
                ));
                prev = *p;
                continue;
            };
            if all.contains(&c) {
                let d = at(span, format!("rule `{}`: {p} is listed twice", r.name));
                diags.push(if c == first {
                    d.help("an arm starts at the cell after the clue: the clue cell is read once, by itself")
                } else {
                    d.help("arms do not share cells")
                });
            } else if !super::line_rules::next_to(prev, *p) {
                let what = if prev == clue {
                    format!("the clue cell {prev}")
                } else {
                    format!("{prev}, the cell before it on the arm")
                };
                diags.push(
                    at(
                        span,
                        format!("rule `{}`: {p} does not touch {what}", r.name),
                    )
                    .help("an arm runs from the clue through cells that touch, orthogonally or diagonally"),
                );
            }
            all.push(c);
            prev = *p;
        }
    }
    (diags.len() == before).then_some(all)
}

/// Whether `c` is a chaos rule and `before` has one already.
pub(super) fn second(c: &Constraint, before: &[Constraint]) -> bool {
    let chaos = |c: &Constraint| matches!(c.kind, RuleKind::Chaos { .. });
    chaos(c) && before.iter().any(chaos)
}
