//! Explanations rendered from [`Step`] data: text for people (conclusion first, then the
//! reason, shapes named as people name them), a compact form in the notation HoDoKu made
//! standard, and JSON values for tools. Placements read `r4c6 = 7`, eliminations `r4c5 ≠ 8`
//! (compact: `r4c6=7`, `r4c5<>8`), so the two are never confused.
//!
//! ```
//! use shapedoku::{builtin, Puzzle, reason::{self, explain, Board}};
//! let g = builtin::geometry("classic").unwrap();
//! let p = Puzzle::from_line(g.clone(), "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").unwrap();
//! let step = reason::next_step(&Board::new(&p)).unwrap();
//! assert_eq!(explain::text(&g, &step), "r1c6 = 8: hidden single, 8 fits nowhere else in box 2");
//! assert_eq!(explain::compact(&g, &step), "Hidden Single: r1c6=8");
//! assert_eq!(explain::json(&g, &step)["placements"][0]["cell"], "r1c6");
//! ```

use super::{Detail, Step, Technique};
use crate::geometry::{Geometry, ShapeKind};
use crate::symbols::SymbolSet;
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// How steps are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Sentences for people.
    Text,
    /// HoDoKu-style notation.
    Compact,
}

/// Renders a step in a style.
pub fn render(g: &Geometry, step: &Step, style: Style) -> String {
    match style {
        Style::Text => text(g, step),
        Style::Compact => compact(g, step),
    }
}

fn cell(g: &Geometry, c: usize) -> String {
    g.pos(c).to_string()
}

fn sym(g: &Geometry, v: u8) -> char {
    g.symbols().char(v)
}

fn syms(g: &Geometry, s: SymbolSet, sep: &str) -> String {
    s.iter()
        .map(|v| sym(g, v).to_string())
        .collect::<Vec<_>>()
        .join(sep)
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [a] => a.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// `a`, `a or b`, `a, b or c`.
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [a] => a.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

fn plural(kind: ShapeKind) -> Option<&'static str> {
    Some(match kind {
        ShapeKind::Row => "rows",
        ShapeKind::Column => "columns",
        ShapeKind::Box => "boxes",
        ShapeKind::Region => "regions",
        _ => return None,
    })
}

/// Names a group of shapes: `rows 5 and 8` when they are numbered shapes of one kind and grid,
/// else their labels one by one.
pub fn shapes_label(g: &Geometry, ids: &[usize]) -> String {
    if let Some(&first) = ids.first() {
        let s0 = g.shape(first);
        let same = ids.iter().all(|&i| {
            let s = g.shape(i);
            s.kind == s0.kind && s.grid == s0.grid && s.number > 0
        });
        if let (true, Some(p), true) = (same, plural(s0.kind), ids.len() > 1) {
            let nums: Vec<String> = ids.iter().map(|&i| g.shape(i).number.to_string()).collect();
            let label = g.shape_label(first);
            let suffix = &label[s0.name.len().min(label.len())..];
            if s0.kind != ShapeKind::Region {
                return format!("{p} {}{suffix}", and_list(&nums));
            }
        }
    }
    and_list(&ids.iter().map(|&i| g.shape_label(i)).collect::<Vec<_>>())
}

fn digits(nums: &[u32]) -> String {
    if nums.iter().all(|&n| n < 10) {
        nums.iter().map(u32::to_string).collect()
    } else {
        nums.iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// Cells in HoDoKu's compressed form: `r679c6`, `r4c48`, groups joined by commas.
pub fn compress_cells(g: &Geometry, cells: &[usize]) -> String {
    let mut by_col: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    for &c in cells {
        let p = g.pos(c);
        by_col.entry(p.col).or_default().push(p.row);
    }
    let mut groups: Vec<(Vec<u32>, Vec<u32>)> = Vec::new();
    for (col, mut rows) in by_col {
        rows.sort_unstable();
        rows.dedup();
        match groups.iter_mut().find(|(r, _)| *r == rows) {
            Some((_, cols)) => cols.push(col),
            None => groups.push((rows, vec![col])),
        }
    }
    groups.sort();
    groups
        .iter()
        .map(|(r, c)| format!("r{}c{}", digits(r), digits(c)))
        .collect::<Vec<_>>()
        .join(",")
}

/// Groups (cell, symbol) pairs by symbol, ordered by each group's first cell.
fn by_symbol(list: &[(usize, u8)]) -> Vec<(u8, Vec<usize>)> {
    let mut groups: Vec<(u8, Vec<usize>)> = Vec::new();
    let mut sorted = list.to_vec();
    sorted.sort_unstable();
    for (c, v) in sorted {
        match groups.iter_mut().find(|(x, _)| *x == v) {
            Some((_, cells)) => cells.push(c),
            None => groups.push((v, vec![c])),
        }
    }
    groups
}

/// The technique's name in HoDoKu's words (`Hidden Single`, `X-Wing`, `Naked Pair`).
pub fn technique_name(g: &Geometry, step: &Step) -> String {
    let size = |n: usize| match n {
        1 => "Single",
        2 => "Pair",
        3 => "Triple",
        _ => "Quadruple",
    };
    match (&step.technique, &step.detail) {
        (Technique::FullHouse, _) => "Full House".into(),
        (Technique::NakedSingle, _) => "Naked Single".into(),
        (Technique::HiddenSingle, _) => "Hidden Single".into(),
        (Technique::ShapeOverlap, Detail::Overlap { source, target, .. }) => {
            match overlap_kind(g, *source, *target) {
                "pointing" => "Locked Candidates Type 1 (Pointing)".into(),
                "claiming" => "Locked Candidates Type 2 (Claiming)".into(),
                _ => "Shape Overlap".into(),
            }
        }
        (Technique::NakedSubset, Detail::Subset { cells, .. }) => {
            format!("Naked {}", size(cells.len()))
        }
        (Technique::HiddenSubset, Detail::Subset { cells, .. }) => {
            format!("Hidden {}", size(cells.len()))
        }
        (Technique::Fish, Detail::Fish { base, cover, .. }) => {
            let name = match base.len() {
                2 => "X-Wing",
                3 => "Swordfish",
                4 => "Jellyfish",
                _ => "Fish",
            };
            let line = |&s: &usize| matches!(g.shape(s).kind, ShapeKind::Row | ShapeKind::Column);
            if base.iter().chain(cover).all(line) {
                name.into()
            } else {
                format!("Franken {name}")
            }
        }
        (Technique::SimpleChain, Detail::Chain { nodes, .. }) => {
            super::chains::simple_chain_name(g, nodes).into()
        }
        (t, _) => match t {
            Technique::ForcingChain => "Forcing Chain",
            Technique::ShapeOverlap => "Shape Overlap",
            Technique::NakedSubset => "Naked Subset",
            Technique::HiddenSubset => "Hidden Subset",
            Technique::CageCombination => "Cage Combination",
            Technique::Innies => "Innies/Outies",
            Technique::CageOverlap => "Cage Overlap",
            Technique::Fish => "Fish",
            Technique::SimpleChain => "Turbot Fish",
            Technique::XyWing => "XY-Wing",
            Technique::XyzWing => "XYZ-Wing",
            Technique::XChain => "X-Chain",
            Technique::XyChain => "XY-Chain",
            Technique::Aic => "AIC",
            Technique::Guess => "Guess",
            Technique::FullHouse | Technique::NakedSingle | Technique::HiddenSingle => "Single",
        }
        .into(),
    }
}

/// `pointing`, `claiming` or `shape overlap`, by the kinds of the two shapes.
fn overlap_kind(g: &Geometry, source: usize, target: usize) -> &'static str {
    let boxy = |s: usize| matches!(g.shape(s).kind, ShapeKind::Box | ShapeKind::Region);
    let line = |s: usize| matches!(g.shape(s).kind, ShapeKind::Row | ShapeKind::Column);
    if boxy(source) && line(target) {
        "pointing"
    } else if line(source) && boxy(target) {
        "claiming"
    } else {
        "shape overlap"
    }
}

/// The conclusion part of the text: `r4c6 = 7`, `r6c6, r7c6 ≠ 3; r4c6 ≠ 4`.
pub fn conclusion(g: &Geometry, step: &Step) -> String {
    let mut parts: Vec<String> = step
        .placements
        .iter()
        .map(|&(c, v)| format!("{} = {}", cell(g, c), sym(g, v)))
        .collect();
    for (v, cells) in by_symbol(&step.eliminations) {
        let names: Vec<String> = cells.iter().map(|&c| cell(g, c)).collect();
        parts.push(format!("{} ≠ {}", names.join(", "), sym(g, v)));
    }
    parts.join("; ")
}

fn cell_list(g: &Geometry, cells: &[usize]) -> String {
    cells
        .iter()
        .map(|&c| cell(g, c))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The reason part of the text, without the conclusion.
pub fn reason(g: &Geometry, step: &Step) -> String {
    let size = |n: usize| match n {
        2 => "pair",
        3 => "triple",
        4 => "quad",
        _ => "subset",
    };
    match &step.detail {
        Detail::Forcing {
            assumed,
            implied,
            broken,
        } => format!(
            "forcing chain, {}",
            super::forcing::describe(g, *assumed, implied, *broken)
        ),
        Detail::Single { shape } => match (step.technique, shape, step.placements.first()) {
            (Technique::FullHouse, Some(h), _) => {
                format!("full house, the last empty cell of {}", g.shape_label(*h))
            }
            (Technique::HiddenSingle, Some(h), Some(&(_, v))) => {
                format!(
                    "hidden single, {} fits nowhere else in {}",
                    sym(g, v),
                    g.shape_label(*h)
                )
            }
            (_, _, Some(&(_, v))) => {
                format!("naked single, {} is the only candidate left", sym(g, v))
            }
            _ => "single".into(),
        },
        Detail::Overlap {
            symbol,
            source,
            target,
        } => format!(
            "{}, in {} the {} can only go where it meets {}",
            overlap_kind(g, *source, *target),
            g.shape_label(*source),
            sym(g, *symbol),
            g.shape_label(*target)
        ),
        Detail::Subset {
            shape,
            cells,
            symbols,
        } => {
            let kind = if step.technique == Technique::HiddenSubset {
                "hidden"
            } else {
                "naked"
            };
            let names: Vec<String> = cells.iter().map(|&c| cell(g, c)).collect();
            let values: Vec<String> = symbols.iter().map(|v| sym(g, v).to_string()).collect();
            let what = if kind == "hidden" {
                format!(
                    "{} fit only in {} in {}",
                    and_list(&values),
                    and_list(&names),
                    g.shape_label(*shape)
                )
            } else {
                format!(
                    "{} hold only {} between them in {}",
                    and_list(&names),
                    and_list(&values),
                    g.shape_label(*shape)
                )
            };
            format!(
                "{kind} {} {}: {what}",
                size(cells.len()),
                syms(g, *symbols, ",")
            )
        }
        Detail::Fish {
            symbol,
            base,
            cover,
        } => {
            let name = technique_name(g, step)
                .replace("X-Wing", "X-wing")
                .to_lowercase()
                .replace("x-wing", "X-wing");
            format!(
                "{name} on {} in {}, {}",
                sym(g, *symbol),
                shapes_label(g, base),
                shapes_label(g, cover)
            )
        }
        Detail::Wing {
            pivot,
            pincers,
            symbol,
        } => format!(
            "{} with pivot {} and pincers {}: one of them is {}, which every cell seeing all of them loses",
            technique_name(g, step),
            cell(g, *pivot),
            and_list(&pincers.iter().map(|&c| cell(g, c)).collect::<Vec<_>>()),
            sym(g, *symbol)
        ),
        Detail::Chain { nodes, strong } => {
            format!(
                "{}: {}",
                technique_name(g, step)
                    .to_lowercase()
                    .replace("xy", "XY")
                    .replace("x-", "X-")
                    .replace("aic", "AIC"),
                chain(g, nodes, strong, false)
            )
        }
        Detail::Cage { shape, combos } => format!(
            "cage combinations, {} can only be {}",
            g.shape_label(*shape),
            combos
                .iter()
                .map(|s| format!("{{{}}}", syms(g, *s, ",")))
                .collect::<Vec<_>>()
                .join(" or ")
        ),
        Detail::Innies {
            houses,
            cages,
            cells,
            total,
        } => format!(
            "innies and outies, {} less {} leaves {} adding up to {total}",
            shapes_label(g, houses),
            if cages.is_empty() {
                "nothing".to_string()
            } else {
                shapes_label(g, cages)
            },
            cell_list(g, cells)
        ),
        Detail::Guess { cell: c, options } => format!(
            "guess: no technique applies; {} could be {} and takes the value the solution has (a guess, not logic)",
            cell(g, *c),
            or_list(
                &options
                    .iter()
                    .map(|v| sym(g, v).to_string())
                    .collect::<Vec<_>>()
            )
        ),
    }
}

fn chain(g: &Geometry, nodes: &[(usize, u8)], strong: &[bool], compact: bool) -> String {
    let mut s = String::new();
    for (i, &(c, v)) in nodes.iter().enumerate() {
        if i > 0 {
            s.push_str(if strong.get(i - 1).copied().unwrap_or(false) {
                "="
            } else {
                "-"
            });
        }
        if compact {
            s.push_str(&format!("{}({})", cell(g, c), sym(g, v)));
        } else {
            s.push_str(&format!("({}){}", sym(g, v), cell(g, c)));
        }
    }
    s
}

/// One line for people: conclusion first, then the reason.
pub fn text(g: &Geometry, step: &Step) -> String {
    format!("{}: {}", conclusion(g, step), reason(g, step))
}

/// A shape's short name for the compact form: `r4`, `c6`, `b5` on a single grid; else its
/// label.
fn short(g: &Geometry, id: usize) -> String {
    let s = g.shape(id);
    let letter = match s.kind {
        ShapeKind::Row => "r",
        ShapeKind::Column => "c",
        ShapeKind::Box => "b",
        _ => "",
    };
    if s.grid.is_none() && !letter.is_empty() && s.number > 0 {
        format!("{letter}{}", s.number)
    } else {
        g.shape_label(id)
    }
}

/// Shapes in compact form: `r58` when all are numbered of one kind, else short names joined.
fn shorts(g: &Geometry, ids: &[usize]) -> String {
    let names: Vec<String> = ids.iter().map(|&i| short(g, i)).collect();
    let first = names.first().and_then(|n| n.chars().next()).unwrap_or(' ');
    let simple = names.iter().all(|n| {
        n.len() >= 2
            && n.starts_with(first)
            && "rcb".contains(first)
            && n[1..].chars().all(|c| c.is_ascii_digit())
    });
    if simple && !names.is_empty() {
        let nums: Vec<u32> = names.iter().filter_map(|n| n[1..].parse().ok()).collect();
        format!("{first}{}", digits(&nums))
    } else {
        names.join(",")
    }
}

/// The compact form: `X-Wing: 3 r58 c68 => r679c6<>3`, `Hidden Single: r4c6=7`.
pub fn compact(g: &Geometry, step: &Step) -> String {
    let name = technique_name(g, step);
    let mut results: Vec<String> = step
        .placements
        .iter()
        .map(|&(c, v)| format!("{}={}", cell(g, c), sym(g, v)))
        .collect();
    for (v, cells) in by_symbol(&step.eliminations) {
        results.push(format!("{}<>{}", compress_cells(g, &cells), sym(g, v)));
    }
    let results = results.join(", ");
    let what = match &step.detail {
        Detail::Single { .. } | Detail::Guess { .. } => return format!("{name}: {results}"),
        Detail::Forcing {
            assumed,
            implied,
            broken,
        } => return super::forcing::compact(g, *assumed, implied, *broken),
        Detail::Overlap {
            symbol,
            source,
            target,
        } => {
            if name.starts_with("Locked") {
                format!("{} in {}", sym(g, *symbol), short(g, *source))
            } else {
                format!(
                    "{} in {} ∩ {}",
                    sym(g, *symbol),
                    short(g, *source),
                    short(g, *target)
                )
            }
        }
        Detail::Subset { cells, symbols, .. } => {
            format!("{} in {}", syms(g, *symbols, ","), compress_cells(g, cells))
        }
        Detail::Fish {
            symbol,
            base,
            cover,
        } => {
            format!(
                "{} {} {}",
                sym(g, *symbol),
                shorts(g, base),
                shorts(g, cover)
            )
        }
        Detail::Wing {
            pivot,
            pincers,
            symbol,
        } => {
            let mut cells = vec![*pivot];
            cells.extend(pincers);
            format!(
                "{} in {}",
                sym(g, *symbol),
                cells
                    .iter()
                    .map(|&c| cell(g, c))
                    .collect::<Vec<_>>()
                    .join(",")
            )
        }
        Detail::Chain { nodes, strong } => chain(g, nodes, strong, true),
        Detail::Cage { shape, combos } => format!(
            "{}: {}",
            short(g, *shape),
            combos
                .iter()
                .map(|s| syms(g, *s, ""))
                .collect::<Vec<_>>()
                .join("|")
        ),
        Detail::Innies { cells, total, .. } => format!("{} = {total}", compress_cells(g, cells)),
    };
    format!("{name}: {what} => {results}")
}

/// The shapes a step names, as labels.
pub fn shapes(g: &Geometry, step: &Step) -> Vec<String> {
    let ids: Vec<usize> = match &step.detail {
        Detail::Single { shape } => shape.iter().copied().collect(),
        Detail::Overlap { source, target, .. } => vec![*source, *target],
        Detail::Subset { shape, .. } | Detail::Cage { shape, .. } => vec![*shape],
        Detail::Fish { base, cover, .. } => base.iter().chain(cover).copied().collect(),
        Detail::Innies { houses, cages, .. } => houses.iter().chain(cages).copied().collect(),
        _ => vec![],
    };
    ids.iter().map(|&i| g.shape_label(i)).collect()
}

/// The cells a step rests on (subset cells, wing cells, chain cells), as names.
fn support_cells(g: &Geometry, step: &Step) -> Vec<String> {
    let cells: Vec<usize> = match &step.detail {
        Detail::Subset { cells, .. } | Detail::Innies { cells, .. } => cells.clone(),
        Detail::Wing { pivot, pincers, .. } => std::iter::once(*pivot)
            .chain(pincers.iter().copied())
            .collect(),
        Detail::Chain { nodes, .. } => nodes.iter().map(|n| n.0).collect(),
        Detail::Guess { cell, .. } => vec![*cell],
        _ => vec![],
    };
    cells.iter().map(|&c| cell(g, c)).collect()
}

/// A step as a JSON value: technique, placements and eliminations by cell name, shapes, cells
/// and both renderings.
pub fn json(g: &Geometry, step: &Step) -> Value {
    let pair = |&(c, v): &(usize, u8)| json!({"cell": cell(g, c), "symbol": sym(g, v).to_string()});
    json!({
        "technique": format!("{:?}", step.technique),
        "name": technique_name(g, step),
        "placements": step.placements.iter().map(pair).collect::<Vec<_>>(),
        "eliminations": step.eliminations.iter().map(pair).collect::<Vec<_>>(),
        "shapes": shapes(g, step),
        "cells": support_cells(g, step),
        "text": text(g, step),
        "compact": compact(g, step),
    })
}
