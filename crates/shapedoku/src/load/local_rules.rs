//! `[[rule]]` tables for marks between neighbours (`kropki`, `xv`, `difference`, `ratio`) and
//! for rules on single cells (`odd`, `even`, `minimum`, `maximum`, `quadruple`,
//! `disjoint-groups`): their own keys are checked as the table is gathered (each mark joins two
//! orthogonally adjacent cells, a key belongs to the type it is written with), and the rule is
//! built once the geometry is (every cell exists, the alphabet has values where the rule
//! compares them, a quadruple's symbols are symbols).

use super::definition::{Field, RuleDef};
use super::source::{Diagnostic, Source, Text};
use super::state::{RuleIn, State};
use crate::constraint::{Mark, Relation, RuleKind};
use crate::{CellId, Geometry, Pos, ShapeKind, Symbol};
use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::Arc;
use toml::Spanned;

/// The types this file reads: marks between neighbours and rules on single cells.
pub(super) fn handles(kind: &str) -> bool {
    matches!(
        kind,
        "kropki" | "xv" | "difference" | "ratio" | "disjoint-groups"
    ) || is_cell_list(kind)
}

/// Whether a rule of this type lists cells that need not form a line.
pub(super) fn is_cell_list(kind: &str) -> bool {
    matches!(kind, "odd" | "even" | "minimum" | "maximum" | "quadruple")
}

/// The keys each of these types takes beyond `type`, `name` and `cells`.
fn own_keys(kind: &str) -> &'static [&'static str] {
    match kind {
        "kropki" => &["white", "black", "negative"],
        "xv" => &["x", "v", "negative"],
        "difference" | "ratio" => &["pairs", "value", "negative"],
        "quadruple" => &["symbols"],
        // The value the clue's N-th cell holds (read in `outside_rules.rs`).
        "numbered-room" | "hidden-skyscraper" => &["value"],
        _ => &[],
    }
}

/// Reads the keys of a mark or cell rule into `rule.local`; false (with the problem reported)
/// when the table cannot be used.
pub(super) fn gather(
    state: &mut State,
    src: &Arc<Source>,
    r: &RuleDef,
    rule: &mut RuleIn,
    diags: &mut Vec<Diagnostic>,
) -> bool {
    let kind = rule.kind.clone();
    let own = own_keys(&kind);
    let keys: [(&str, Option<Range<usize>>, bool); 8] = [
        ("white", r.white.span(), r.white.is_invalid()),
        ("black", r.black.span(), r.black.is_invalid()),
        ("x", r.x.span(), r.x.is_invalid()),
        ("v", r.v.span(), r.v.is_invalid()),
        ("pairs", r.pairs.span(), r.pairs.is_invalid()),
        ("value", r.value.span(), r.value.is_invalid()),
        ("negative", r.negative.span(), r.negative.is_invalid()),
        ("symbols", r.symbols.span(), r.symbols.is_invalid()),
    ];
    let mut ok = true;
    for (key, span, invalid) in keys {
        ok &= !invalid;
        match span {
            Some(span) if !own.contains(&key) => {
                let help = match own.is_empty() {
                    true => format!("a `{kind}` rule takes no `{key}`"),
                    false => format!("keys of a `{kind}` rule: {}", own.join(", ")),
                };
                diags.push(
                    Diagnostic::new(
                        src,
                        Some(span),
                        format!("`{key}` does not belong in a `{kind}` rule"),
                    )
                    .help(help),
                );
                ok = false;
            }
            _ => {}
        }
    }
    if !ok {
        return false;
    }
    let n = r.value.value().copied();
    let lists: Vec<(&Field<Vec<Spanned<String>>>, Relation)> = match kind.as_str() {
        "kropki" => vec![
            (&r.white, Relation::Difference(1)),
            (&r.black, Relation::Ratio(2)),
        ],
        "xv" => vec![(&r.x, Relation::Sum(10)), (&r.v, Relation::Sum(5))],
        "difference" => vec![(&r.pairs, Relation::Difference(n.unwrap_or(1)))],
        "ratio" => vec![(&r.pairs, Relation::Ratio(n.unwrap_or(2)))],
        _ => Vec::new(),
    };
    if r.negative.value() == Some(&true) {
        rule.local.negative = lists.iter().map(|l| l.1).collect();
    }
    for (field, relation) in lists {
        for item in field.value().into_iter().flatten() {
            ok &= add_mark(state, src, item, relation, rule, diags);
        }
    }
    rule.local.symbols = r.symbols.valid().cloned();
    if kind == "quadruple" && rule.local.symbols.is_none() {
        diags.push(
            Diagnostic::new(
                src,
                Some(rule.span.clone()),
                "this `quadruple` has no `symbols`",
            )
            .help("list the symbols its cells must hold, e.g. `symbols = \"139\"`"),
        );
        ok = false;
    }
    ok
}

/// Reads one mark, `"r1c1 r1c2"`: two cells side by side.
fn add_mark(
    state: &mut State,
    src: &Arc<Source>,
    item: &Spanned<String>,
    relation: Relation,
    rule: &mut RuleIn,
    diags: &mut Vec<Diagnostic>,
) -> bool {
    let Some(cells) = super::growth::rule_cells(state, src, item, &rule.name, diags) else {
        return false;
    };
    let cells: Vec<Pos> = cells.into_iter().map(|(_, p)| p).collect();
    let message = match cells[..] {
        [a, b] if a.row.abs_diff(b.row) + a.col.abs_diff(b.col) == 1 => {
            rule.local.marks.push((item.span(), a, b, relation));
            return true;
        }
        [a, b] => format!(
            "rule `{}`: {a} and {b} are not side by side, so no mark can join them",
            rule.name
        ),
        _ => format!(
            "rule `{}`: a mark joins two cells, and `{}` names {}",
            rule.name,
            item.get_ref(),
            cells.len()
        ),
    };
    diags.push(
        Diagnostic::new(src, Some(item.span()), message)
            .help("write each mark as the two cells it sits between, e.g. \"r1c1 r1c2\""),
    );
    false
}

/// The rule a mark or cell-rule table describes, checked against the geometry; `None` (with
/// the problem reported) when it does not fit, or when `r` is not one of these types.
pub(super) fn kind(
    r: &RuleIn,
    cells: Vec<CellId>,
    g: &Geometry,
    values_given: bool,
    diags: &mut Vec<Diagnostic>,
) -> Option<RuleKind> {
    let at =
        |span: &Range<usize>, message: String| Diagnostic::new(&r.src, Some(span.clone()), message);
    let numeric = matches!(
        r.kind.as_str(),
        "kropki" | "xv" | "difference" | "ratio" | "odd" | "even" | "minimum" | "maximum"
    );
    if numeric && !values_given && !g.symbols().has_numeric_values() {
        diags.push(
            at(
                &r.span,
                format!(
                    "a `{}` rule compares values, but the alphabet `{}` has none",
                    r.kind,
                    g.symbols().as_string()
                ),
            )
            .help("give each symbol a value with `values = [...]` next to `symbols`"),
        );
        return None;
    }
    let kind = match r.kind.as_str() {
        "kropki" | "xv" | "difference" | "ratio" => marks(r, g, diags)?,
        "odd" => RuleKind::Odd { cells },
        "even" => RuleKind::Even { cells },
        "minimum" => RuleKind::Minimum { cells },
        "maximum" => RuleKind::Maximum { cells },
        "quadruple" => quadruple(r, cells, g, diags)?,
        "disjoint-groups" => disjoint_groups(r, g, diags)?,
        _ => return None,
    };
    Some(kind)
}

fn marks(r: &RuleIn, g: &Geometry, diags: &mut Vec<Diagnostic>) -> Option<RuleKind> {
    let mut out = Vec::new();
    let mut ok = true;
    for (span, a, b, relation) in &r.local.marks {
        let (Some(x), Some(y)) = (g.cell_at(*a), g.cell_at(*b)) else {
            let p = if g.cell_at(*a).is_none() { a } else { b };
            let message = format!("rule `{}`: {p} is not a cell of the grid", r.name);
            diags.push(Diagnostic::new(&r.src, Some(span.clone()), message));
            ok = false;
            continue;
        };
        let cells = [CellId::new(x), CellId::new(y)];
        let twin = |m: &Mark| m.cells == cells || m.cells == [cells[1], cells[0]];
        if out.iter().any(|m| twin(m) && m.relation == *relation) {
            let message = format!("rule `{}`: {a} and {b} have the same mark twice", r.name);
            diags.push(Diagnostic::new(&r.src, Some(span.clone()), message));
            ok = false;
        }
        out.push(Mark {
            cells,
            relation: *relation,
        });
    }
    let negative = r.local.negative.clone();
    ok.then_some(RuleKind::Marks {
        marks: out,
        negative,
    })
}

fn quadruple(
    r: &RuleIn,
    cells: Vec<CellId>,
    g: &Geometry,
    diags: &mut Vec<Diagnostic>,
) -> Option<RuleKind> {
    let written = r.local.symbols.as_ref()?;
    let text = Text::new(&r.src.text, written.span(), written.get_ref());
    let mut symbols = Vec::new();
    for (i, ch) in written.get_ref().char_indices() {
        if ch.is_whitespace() || ch == ',' {
            continue;
        }
        match g.symbols().index_of(ch) {
            Some(s) => symbols.push(Symbol::new(s.into())),
            None => {
                let message = format!("quadruple `{}`: `{ch}` is not a symbol", r.name);
                diags.push(Diagnostic::new(
                    &r.src,
                    Some(text.at(i, ch.len_utf8())),
                    message,
                ));
                return None;
            }
        }
    }
    if symbols.is_empty() || symbols.len() > cells.len() {
        let message = format!(
            "quadruple `{}` lists {} symbols for {} cells",
            r.name,
            symbols.len(),
            cells.len()
        );
        diags.push(
            Diagnostic::new(&r.src, Some(written.span()), message)
                .help("a quadruple lists between one symbol and one per cell"),
        );
        return None;
    }
    Some(RuleKind::Quadruple { cells, symbols })
}

/// The groups of cells at the same place within each box of a grid.
fn disjoint_groups(r: &RuleIn, g: &Geometry, diags: &mut Vec<Diagnostic>) -> Option<RuleKind> {
    let mut groups: BTreeMap<(Option<usize>, u32, u32), Vec<CellId>> = BTreeMap::new();
    for s in g.shapes().iter().filter(|s| s.kind == ShapeKind::Box) {
        let ps: Vec<Pos> = s.cells.iter().map(|&c| g.pos(c)).collect();
        let top = ps.iter().map(|p| p.row).min().unwrap_or(0);
        let left = ps.iter().map(|p| p.col).min().unwrap_or(0);
        for (&c, p) in s.cells.iter().zip(&ps) {
            let key = (s.grid, p.row - top, p.col - left);
            groups.entry(key).or_default().push(CellId::new(c));
        }
    }
    if groups.is_empty() {
        diags.push(
            Diagnostic::new(
                &r.src,
                Some(r.span.clone()),
                format!("`{}`: the grid has no boxes to take the groups from", r.name),
            )
            .help("disjoint groups are the cells at the same place in each box; give the grid `box = [H, W]`"),
        );
        return None;
    }
    let groups = groups.into_values().filter(|grp| grp.len() > 1).collect();
    Some(RuleKind::DisjointGroups { groups })
}
