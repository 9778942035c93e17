//! The steps of sum cages and other rules in words: rule eliminations, cage combinations, cage
//! overlaps, innies and outies. The searches hold no words; these are the text, compact and
//! teaching forms of their deductions (see `explain`).

use crate::reason::basics::words::overlap;
use crate::reason::explain::phrases::{
    and_list, article, candidates, cells, compress_cells, label, or_list, set, shapes_label, short,
    sym, syms,
};
use crate::reason::step::{Deduction, Step};
use crate::{CellId, Geometry, ShapeId, Symbol, SymbolSet};

/// The reason part of the text form.
pub(crate) fn reason(g: &Geometry, step: &Step) -> Option<String> {
    Some(match &step.deduction {
        Deduction::RuleElimination { rule, cells } => rule_part(g, *rule, cells),
        Deduction::CageOverlap {
            symbol,
            source,
            target,
        } => overlap(g, None, *symbol, *source, *target),
        Deduction::CageCombination { cage, combos } => combinations(g, *cage, combos),
        Deduction::Innies {
            houses,
            cages,
            cells: cs,
            total,
        } => innies(g, houses, cages, cs, *total),
        _ => return None,
    })
}

/// What the compact form names between the technique and the results.
pub(crate) fn compact(g: &Geometry, d: &Deduction) -> Option<Option<String>> {
    Some(Some(match d {
        Deduction::CageOverlap {
            symbol,
            source,
            target,
        } => format!(
            "{} in {} ∩ {}",
            sym(g, *symbol),
            short(g, *source),
            short(g, *target)
        ),
        Deduction::CageCombination { cage, combos } => format!(
            "{}: {}",
            short(g, *cage),
            combos
                .iter()
                .map(|s| syms(g, *s, ""))
                .collect::<Vec<_>>()
                .join("|")
        ),
        Deduction::Innies { cells, total, .. } => {
            format!("{} = {total}", compress_cells(g, cells))
        }
        Deduction::RuleElimination { rule, cells } => rule_part(g, *rule, cells),
        _ => return None,
    }))
}

/// Why the step holds (the teaching form).
pub(crate) fn why(g: &Geometry, step: &Step) -> Option<String> {
    Some(match &step.deduction {
        Deduction::RuleElimination { rule, cells } => format!(
            "The rule {} allows no placement that uses {}: with the candidates its cells have left, each would break it, so they go.",
            rule_part(g, *rule, cells),
            and_list(&candidates(g, &step.eliminations))
        ),
        Deduction::CageOverlap {
            symbol,
            source,
            target,
        } => cage_overlap(g, step, *symbol, *source, *target),
        Deduction::CageCombination { cage, combos } => combinations_why(g, *cage, combos),
        Deduction::Innies {
            houses,
            cages,
            cells: cs,
            total,
        } => innies_why(g, houses, cages, cs, *total),
        _ => return None,
    })
}

/// The part of a rule a step rests on, as setters say it: `kropki r1c1–r1c2 (white)`,
/// `minimum r5c5`, `thermo 2`, `anti-knight`.
fn rule_part(g: &Geometry, rule: usize, cs: &[CellId]) -> String {
    use crate::constraint::RuleKind;
    let Some(c) = g.constraints().get(rule) else {
        return format!("rule {}", rule + 1);
    };
    if cs.is_empty() {
        return c.name.clone();
    }
    let mark = match &c.kind {
        RuleKind::Marks { marks, .. } => marks
            .iter()
            .find(|m| m.cells[..] == *cs)
            .map(|m| format!(" ({})", m.relation.label())),
        _ => None,
    };
    format!(
        "{} {}{}",
        c.name,
        cells(g, cs).join("–"),
        mark.unwrap_or_default()
    )
}

/// `cage combinations, cage 10 at r1c1 can only be {1,2,7}`.
fn combinations(g: &Geometry, cage: ShapeId, combos: &[SymbolSet]) -> String {
    let combos: Vec<String> = combos
        .iter()
        .map(|s| format!("{{{}}}", syms(g, *s, ",")))
        .collect();
    format!(
        "cage combinations, {} can only be {}",
        label(g, cage),
        combos.join(" or ")
    )
}

/// `innies and outies, row 1 less cage 10 at r1c1 leaves r1c9 adding up to 6`.
fn innies(
    g: &Geometry,
    houses: &[ShapeId],
    cages: &[ShapeId],
    cs: &[CellId],
    total: i64,
) -> String {
    let less = if cages.is_empty() {
        "nothing".to_string()
    } else {
        shapes_label(g, cages)
    };
    format!(
        "innies and outies, {} less {less} leaves {} adding up to {total}",
        shapes_label(g, houses),
        cells(g, cs).join(", ")
    )
}

/// Forward (the cage must hold the symbol, inside another shape) or reverse (a house's places
/// for the symbol all lie in the cage): the eliminations say which, lying in the cage or not.
fn cage_overlap(
    g: &Geometry,
    step: &Step,
    symbol: Symbol,
    source: ShapeId,
    target: ShapeId,
) -> String {
    let inside = &g.shape(target.index()).cells;
    let reverse = step
        .eliminations
        .iter()
        .all(|e| inside.contains(&e.cell.index()));
    let (s, t, v) = (label(g, source), label(g, target), sym(g, symbol));
    let av = article(v);
    if reverse {
        format!(
            "{s} must hold {av} and all its places for {v} lie in {t}, so {t} holds {av}: a combination of {t} without {v} cannot be completed, and the candidates only such combinations use go."
        )
    } else {
        format!(
            "Every combination left for {s} contains {v}, and all its places for {v} lie in {t}; so {t} gets its {v} from {s}, and no other cell of {t} can be {v}."
        )
    }
}

fn combinations_why(g: &Geometry, cage: ShapeId, combos: &[SymbolSet]) -> String {
    let sets: Vec<String> = combos.iter().map(|s| set(g, *s)).collect();
    format!(
        "The cells of {c} add up to its sum without repeating a symbol; of the sets of symbols that do, only {} fit the candidates its cells have left, so a candidate in none of them cannot be used.",
        or_list(&sets),
        c = label(g, cage)
    )
}

fn innies_why(
    g: &Geometry,
    houses: &[ShapeId],
    cages: &[ShapeId],
    cs: &[CellId],
    total: i64,
) -> String {
    let names: Vec<String> = houses.iter().map(|&h| label(g, h)).collect();
    let cage_names: Vec<String> = cages.iter().map(|&c| label(g, c)).collect();
    let cages = if cage_names.is_empty() {
        "no cage".to_string()
    } else {
        and_list(&cage_names)
    };
    format!(
        "Each house holds every symbol once, so {} add up to a known total, and {cages} add up to their sums; the difference is what {} hold (less what is already placed there): {total}, so a candidate that cannot be part of that sum goes.",
        and_list(&names),
        and_list(&cells(g, cs))
    )
}
