//! The basic steps in words: singles, shape overlaps (locked candidates), locked pairs and
//! triples, naked and hidden subsets. The searches hold no words; these are the text, compact
//! and teaching forms of their deductions (see `explain`).

use crate::reason::explain::phrases::{
    and_list, article, cell, cells, compress_cells, label, shapes_label, short, sym, symbol_list,
    syms,
};
use crate::reason::step::{Deduction, OverlapKind, Step};
use crate::{CellId, Geometry, ShapeId, Symbol, SymbolSet};

/// The reason part of the text form.
pub(crate) fn reason(g: &Geometry, step: &Step) -> Option<String> {
    Some(match &step.deduction {
        Deduction::FullHouse { house } => {
            format!("full house, the last empty cell of {}", label(g, *house))
        }
        Deduction::HiddenSingle { house } => single(g, step, Some(*house)),
        Deduction::NakedSingle => single(g, step, None),
        Deduction::ShapeOverlap {
            symbol,
            source,
            target,
            kind,
        } => overlap(g, Some(*kind), *symbol, *source, *target),
        Deduction::NakedSubset {
            shape,
            cells: cs,
            symbols,
        } => subset(g, "naked", &label(g, *shape), cs, *symbols),
        Deduction::LockedSubset {
            shapes,
            cells: cs,
            symbols,
        } => subset(g, "locked", &shapes_label(g, shapes), cs, *symbols),
        Deduction::HiddenSubset {
            house,
            cells: cs,
            symbols,
        } => subset(g, "hidden", &label(g, *house), cs, *symbols),
        _ => return None,
    })
}

/// What the compact form names between the technique and the results (`None` inside: nothing,
/// the results say it all).
pub(crate) fn compact(g: &Geometry, d: &Deduction) -> Option<Option<String>> {
    Some(Some(match d {
        Deduction::FullHouse { .. } | Deduction::HiddenSingle { .. } | Deduction::NakedSingle => {
            return Some(None);
        }
        Deduction::ShapeOverlap {
            symbol,
            source,
            target,
            kind: OverlapKind::Other,
        } => format!(
            "{} in {} ∩ {}",
            sym(g, *symbol),
            short(g, *source),
            short(g, *target)
        ),
        Deduction::ShapeOverlap { symbol, source, .. } => {
            format!("{} in {}", sym(g, *symbol), short(g, *source))
        }
        Deduction::NakedSubset { cells, symbols, .. }
        | Deduction::HiddenSubset { cells, symbols, .. }
        | Deduction::LockedSubset { cells, symbols, .. } => {
            format!("{} in {}", syms(g, *symbols, ","), compress_cells(g, cells))
        }
        _ => return None,
    }))
}

/// Why the step holds (the teaching form).
pub(crate) fn why(g: &Geometry, step: &Step) -> Option<String> {
    let placed = step.placements.first().map(|p| (p.cell, p.symbol));
    Some(match &step.deduction {
        Deduction::FullHouse { house } => full_house(g, *house, placed),
        Deduction::HiddenSingle { house } => hidden_single(g, *house, placed),
        Deduction::NakedSingle => naked_single(g, placed),
        Deduction::ShapeOverlap {
            symbol,
            source,
            target,
            ..
        } => overlap_why(g, *symbol, *source, *target),
        Deduction::NakedSubset {
            shape,
            cells: cs,
            symbols,
        } => naked_subset(g, *shape, cs, *symbols),
        Deduction::LockedSubset {
            shapes,
            cells: cs,
            symbols,
        } => locked_subset(g, *shapes, cs, *symbols),
        Deduction::HiddenSubset {
            house,
            cells: cs,
            symbols,
        } => hidden_subset(g, *house, cs, *symbols),
        _ => return None,
    })
}

/// `hidden single, 8 fits nowhere else in box 2` (with the house), `naked single, 7 is the only
/// candidate left` (without).
fn single(g: &Geometry, step: &Step, house: Option<ShapeId>) -> String {
    let Some(v) = step.placements.first().map(|p| sym(g, p.symbol)) else {
        return "single".into();
    };
    match house {
        Some(h) => format!("hidden single, {v} fits nowhere else in {}", label(g, h)),
        None => format!("naked single, {v} is the only candidate left"),
    }
}

/// `naked pair 4,8: r4c4 and r4c8 hold only 4 and 8 between them in row 4`, `hidden pair 1,2: 1
/// and 2 fit only in r1c1 and r1c2 in row 1`.
fn subset(g: &Geometry, kind: &str, within: &str, cs: &[CellId], symbols: SymbolSet) -> String {
    let size = match cs.len() {
        2 => "pair",
        3 => "triple",
        4 => "quad",
        _ => "subset",
    };
    let (names, values) = (and_list(&cells(g, cs)), and_list(&symbol_list(g, symbols)));
    let what = if kind == "hidden" {
        format!("{values} fit only in {names}")
    } else {
        format!("{names} hold only {values} between them")
    };
    format!(
        "{kind} {size} {}: {what} in {within}",
        syms(g, symbols, ",")
    )
}

/// `pointing, in box 1 the 3 can only go where it meets row 1`. Without a kind (a cage
/// overlap), the word follows the shapes' kinds.
pub(crate) fn overlap(
    g: &Geometry,
    kind: Option<OverlapKind>,
    symbol: Symbol,
    source: ShapeId,
    target: ShapeId,
) -> String {
    let word = match kind.unwrap_or_else(|| OverlapKind::of(g, source, target)) {
        OverlapKind::Pointing => "pointing",
        OverlapKind::Claiming => "claiming",
        OverlapKind::Other => "shape overlap",
    };
    format!(
        "{word}, in {} the {} can only go where it meets {}",
        label(g, source),
        sym(g, symbol),
        label(g, target)
    )
}

fn full_house(g: &Geometry, house: ShapeId, placed: Option<(CellId, Symbol)>) -> String {
    let Some((c, v)) = placed else {
        return String::new();
    };
    format!(
        "{h} holds every symbol exactly once and {c} is its only empty cell, so {c} takes the one symbol {h} still lacks, {v}.",
        h = label(g, house),
        c = cell(g, c),
        v = sym(g, v)
    )
}

fn hidden_single(g: &Geometry, house: ShapeId, placed: Option<(CellId, Symbol)>) -> String {
    let Some((c, v)) = placed else {
        return String::new();
    };
    format!(
        "{h} must hold {av} somewhere, and each of its other cells is filled or sees {av} (or has lost {v} to an earlier step), so {c} is the only place left for it.",
        h = label(g, house),
        c = cell(g, c),
        v = sym(g, v),
        av = article(sym(g, v))
    )
}

fn naked_single(g: &Geometry, placed: Option<(CellId, Symbol)>) -> String {
    let Some((c, v)) = placed else {
        return String::new();
    };
    format!(
        "Every other symbol is already ruled out in {c}, by a cell it shares a shape with or by an earlier step, so {v} is all it can hold.",
        c = cell(g, c),
        v = sym(g, v)
    )
}

fn overlap_why(g: &Geometry, symbol: Symbol, source: ShapeId, target: ShapeId) -> String {
    format!(
        "{s} must hold {av}, and all its places for {v} lie where it meets {t}; whichever of them takes it, {t} gets its {v} there, and as {t} holds {v} at most once, none of its other cells can be {v}.",
        s = label(g, source),
        t = label(g, target),
        v = sym(g, symbol),
        av = article(sym(g, symbol))
    )
}

fn naked_subset(g: &Geometry, shape: ShapeId, cs: &[CellId], symbols: SymbolSet) -> String {
    let n = cs.len();
    format!(
        "The {n} cells {} have only the {n} candidates {} between them, so they take exactly these symbols, one each; any other cell of {} that took one of them would leave one of the {n} cells empty, so none can.",
        and_list(&cells(g, cs)),
        and_list(&symbol_list(g, symbols)),
        label(g, shape)
    )
}

fn locked_subset(g: &Geometry, shapes: [ShapeId; 2], cs: &[CellId], symbols: SymbolSet) -> String {
    let n = cs.len();
    format!(
        "The {n} cells {} lie in both {a} and {b} and have only the {n} candidates {} between them, so they take exactly these symbols, one each; every other cell of {a} and of {b} sees all {n} of them, so none can take one of these symbols.",
        and_list(&cells(g, cs)),
        and_list(&symbol_list(g, symbols)),
        a = label(g, shapes[0]),
        b = label(g, shapes[1])
    )
}

fn hidden_subset(g: &Geometry, house: ShapeId, cs: &[CellId], symbols: SymbolSet) -> String {
    let n = cs.len();
    format!(
        "{h} must hold each of {} once, and they have only the {n} cells {} to go to; {n} symbols fill these {n} cells, which leaves no room in them for any other candidate.",
        and_list(&symbol_list(g, symbols)),
        and_list(&cells(g, cs)),
        h = label(g, house)
    )
}
