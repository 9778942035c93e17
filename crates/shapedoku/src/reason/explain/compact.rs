//! The compact form, in the notation HoDoKu made standard: `X-Wing: 3 r58 c68 => r679c6<>3`.
//! Technique names are the catalogue's.

use super::{by_symbol, cell, digits, sym, syms};
use crate::reason::step::{Als, Broken, Candidate, ChainNode, Deduction, OverlapKind, Step};
use crate::{CellId, Geometry, ShapeId, ShapeKind};
use std::collections::BTreeMap;

/// Cells in HoDoKu's compressed form: `r679c6`, `r4c48`, groups joined by commas.
pub fn compress_cells(g: &Geometry, cells: &[CellId]) -> String {
    let mut by_col: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    for &c in cells {
        let p = g.pos(c.index());
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

/// A numbered row, column or box of a single grid, as its letter and number (`r`, 4).
fn numbered(g: &Geometry, id: ShapeId) -> Option<(char, u32)> {
    let s = g.shape(id.index());
    let letter = match s.kind {
        ShapeKind::Row => 'r',
        ShapeKind::Column => 'c',
        ShapeKind::Box => 'b',
        _ => return None,
    };
    (s.grid.is_none() && s.number > 0).then_some((letter, s.number))
}

/// A shape's short name: `r4`, `c6`, `b5` on a single grid; else its label.
fn short(g: &Geometry, id: ShapeId) -> String {
    match numbered(g, id) {
        Some((letter, n)) => format!("{letter}{n}"),
        None => g.shape_label(id.index()),
    }
}

/// Shapes in compact form: `r58` when all are numbered of one kind, else short names joined.
fn shorts(g: &Geometry, ids: &[ShapeId]) -> String {
    let numbered: Option<Vec<(char, u32)>> = ids.iter().map(|&i| numbered(g, i)).collect();
    match numbered.as_deref() {
        Some(all @ [(letter, _), ..]) if all.iter().all(|(l, _)| l == letter) => {
            let nums: Vec<u32> = all.iter().map(|&(_, n)| n).collect();
            format!("{letter}{}", digits(&nums))
        }
        _ => ids
            .iter()
            .map(|&i| short(g, i))
            .collect::<Vec<_>>()
            .join(","),
    }
}

/// `r1c1(1)=r7c1(1)-r7c4(1)=r2c4(1)`: links alternate, strong first.
fn chain(g: &Geometry, nodes: &[Candidate]) -> String {
    let mut s = String::new();
    for (i, n) in nodes.iter().enumerate() {
        if i > 0 {
            s.push(if i % 2 == 1 { '=' } else { '-' });
        }
        s.push_str(&format!("{}({})", cell(g, n.cell), sym(g, n.symbol)));
    }
    s
}

/// `Forcing Chain: r1c1=1 -> r1c2=3 -> r1c3 empty => r1c1<>1`.
fn forcing(
    g: &Geometry,
    name: &str,
    assumed: Candidate,
    implied: &[Candidate],
    broken: Broken,
) -> String {
    let (a, v) = (cell(g, assumed.cell), sym(g, assumed.symbol));
    let mut out = format!("{name}: {a}={v}");
    for p in implied {
        out.push_str(&format!(" -> {}={}", cell(g, p.cell), sym(g, p.symbol)));
    }
    match broken {
        Broken::Cell { cell: c } => out.push_str(&format!(" -> {} empty", cell(g, c))),
        Broken::House { house, symbol } => out.push_str(&format!(
            " -> no {} in {}",
            sym(g, symbol),
            g.shape_label(house.index())
        )),
    }
    out.push_str(&format!(" => {a}<>{v}"));
    out
}

/// The compact form of a step.
pub(super) fn step(g: &Geometry, step: &Step) -> String {
    let name = step.technique().name();
    let mut results: Vec<String> = step
        .placements
        .iter()
        .map(|p| format!("{}={}", cell(g, p.cell), sym(g, p.symbol)))
        .collect();
    for (v, cells) in by_symbol(&step.eliminations) {
        results.push(format!("{}<>{}", compress_cells(g, &cells), sym(g, v)));
    }
    let results = results.join(", ");
    match &step.deduction {
        Deduction::ForcingChain {
            assumed,
            implied,
            broken,
        } => forcing(g, name, *assumed, implied, *broken),
        d => match what(g, d) {
            Some(what) => format!("{name}: {what} => {results}"),
            None => format!("{name}: {results}"),
        },
    }
}

/// What the step rests on, between its name and its results (nothing for singles and guesses,
/// whose results say it all). Each family of techniques has its own function.
fn what(g: &Geometry, d: &Deduction) -> Option<String> {
    // Every variant is named here, so a new deduction must be given its family.
    match d {
        Deduction::FullHouse { .. }
        | Deduction::HiddenSingle { .. }
        | Deduction::NakedSingle
        | Deduction::Guess { .. }
        | Deduction::ForcingChain { .. }
        | Deduction::BugPlusOne { .. } => None,
        Deduction::Dual { parts } => Some(
            parts
                .iter()
                .filter_map(|d| what(g, d))
                .collect::<Vec<_>>()
                .join(" + "),
        ),
        Deduction::ShapeOverlap { .. }
        | Deduction::CageOverlap { .. }
        | Deduction::NakedSubset { .. }
        | Deduction::HiddenSubset { .. }
        | Deduction::LockedSubset { .. }
        | Deduction::CageCombination { .. }
        | Deduction::Innies { .. }
        | Deduction::RuleElimination { .. }
        | Deduction::Template { .. } => basic(g, d),
        Deduction::Fish { .. }
        | Deduction::FinnedFish { .. }
        | Deduction::FinnedFrankenFish { .. }
        | Deduction::KrakenFish { .. }
        | Deduction::XyWing { .. }
        | Deduction::XyzWing { .. }
        | Deduction::WxyzWing { .. }
        | Deduction::WWing { .. }
        | Deduction::EmptyRectangle { .. }
        | Deduction::UniqueRectangle { .. }
        | Deduction::SueDeCoq { .. } => pattern(g, d),
        Deduction::RemotePair { .. }
        | Deduction::SimpleColours { .. }
        | Deduction::MultiColours { .. }
        | Deduction::Medusa { .. }
        | Deduction::SimpleChain { .. }
        | Deduction::XChain { .. }
        | Deduction::XyChain { .. }
        | Deduction::Aic { .. }
        | Deduction::GroupedXChain { .. }
        | Deduction::GroupedAic { .. }
        | Deduction::NiceLoop { .. } => chains(g, d),
        Deduction::AlsXz { .. }
        | Deduction::AlsXyWing { .. }
        | Deduction::AlsChain { .. }
        | Deduction::DeathBlossom { .. } => als_step(g, d),
    }
}

/// Overlaps, subsets, cages, rules and templates.
fn basic(g: &Geometry, d: &Deduction) -> Option<String> {
    Some(match d {
        Deduction::ShapeOverlap {
            symbol,
            source,
            target,
            kind: OverlapKind::Other,
        }
        | Deduction::CageOverlap {
            symbol,
            source,
            target,
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
        Deduction::RuleElimination { rule, cells } => super::rule_part(g, *rule, cells),
        Deduction::Template {
            symbol, templates, ..
        } => format!("{}: {templates} templates", sym(g, *symbol)),
        _ => return None,
    })
}

/// Fish, wings and rectangles: the shapes or cells the pattern is made of.
fn pattern(g: &Geometry, d: &Deduction) -> Option<String> {
    Some(match d {
        Deduction::Fish {
            symbol,
            base,
            cover,
            ..
        } => format!(
            "{} {} {}",
            sym(g, *symbol),
            shorts(g, base),
            shorts(g, cover)
        ),
        Deduction::FinnedFish {
            symbol,
            base,
            cover,
            fins,
            ..
        }
        | Deduction::FinnedFrankenFish {
            symbol,
            base,
            cover,
            fins,
            ..
        } => format!(
            "{} {} {} fr{}",
            sym(g, *symbol),
            shorts(g, base),
            shorts(g, cover),
            compress_cells(g, fins).trim_start_matches('r')
        ),
        Deduction::KrakenFish {
            symbol,
            base,
            cover,
            fins,
            chains,
            ..
        } => format!(
            "{} {} {} fr{}: {}",
            sym(g, *symbol),
            shorts(g, base),
            shorts(g, cover),
            compress_cells(g, fins).trim_start_matches('r'),
            chains
                .iter()
                .map(|c| linked(g, c, false))
                .collect::<Vec<_>>()
                .join(" | ")
        ),
        Deduction::XyWing {
            pivot,
            pincers,
            symbol,
            ..
        }
        | Deduction::XyzWing {
            pivot,
            pincers,
            symbol,
            ..
        } => {
            let cells: Vec<String> = std::iter::once(pivot)
                .chain(pincers)
                .map(|&c| cell(g, c))
                .collect();
            format!("{} in {}", sym(g, *symbol), cells.join(","))
        }
        Deduction::WxyzWing {
            pivot,
            wings,
            symbol,
        } => {
            let cells: Vec<String> = std::iter::once(pivot)
                .chain(wings)
                .map(|w| format!("{}{{{}}}", cell(g, w.cell), syms(g, w.symbols, "")))
                .collect();
            format!("{} in {}", sym(g, *symbol), cells.join(","))
        }
        Deduction::WWing {
            cells,
            link,
            symbols: [x, y],
            ..
        } => format!(
            "{}/{} in {} connected by {} in {}",
            sym(g, *x),
            sym(g, *y),
            compress_cells(g, cells),
            sym(g, *x),
            compress_cells(g, link)
        ),
        Deduction::EmptyRectangle {
            symbol,
            house,
            link,
            ..
        } => format!(
            "{} in {} ({})",
            sym(g, *symbol),
            short(g, *house),
            compress_cells(g, link)
        ),
        Deduction::UniqueRectangle {
            cells,
            symbols: [x, y],
            ..
        } => format!(
            "{}/{} in {}",
            sym(g, *x),
            sym(g, *y),
            compress_cells(g, cells)
        ),
        Deduction::SueDeCoq {
            core,
            core_symbols,
            sides,
            side_symbols,
            ..
        } => format!(
            "{} - {{{}}} ({} - {{{}}}, {} - {{{}}})",
            compress_cells(g, core),
            syms(g, *core_symbols, ""),
            compress_cells(g, &sides[0]),
            syms(g, side_symbols[0], ""),
            compress_cells(g, &sides[1]),
            syms(g, side_symbols[1], "")
        ),
        _ => return None,
    })
}

/// Colourings and chains: the colours or the chain in Eureka notation.
fn chains(g: &Geometry, d: &Deduction) -> Option<String> {
    Some(match d {
        Deduction::RemotePair { symbols, cells } => format!(
            "{} {}",
            syms(g, *symbols, "/"),
            cells
                .iter()
                .map(|&c| cell(g, c))
                .collect::<Vec<_>>()
                .join(" -")
        ),
        Deduction::SimpleColours {
            symbol, colours, ..
        } => format!(
            "{} ({}) / ({})",
            sym(g, *symbol),
            compress_cells(g, &colours[0]),
            compress_cells(g, &colours[1])
        ),
        Deduction::MultiColours {
            symbol, networks, ..
        } => format!(
            "{} ({}) / ({}), ({}) / ({})",
            sym(g, *symbol),
            compress_cells(g, &networks[0][0]),
            compress_cells(g, &networks[0][1]),
            compress_cells(g, &networks[1][0]),
            compress_cells(g, &networks[1][1])
        ),
        Deduction::Medusa { colours, .. } => {
            let side = |cs: &[Candidate]| {
                cs.iter()
                    .map(|c| format!("({}){}", sym(g, c.symbol), cell(g, c.cell)))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            format!("{} / {}", side(&colours[0]), side(&colours[1]))
        }
        Deduction::SimpleChain { nodes, .. }
        | Deduction::XChain { nodes }
        | Deduction::XyChain { nodes }
        | Deduction::Aic { nodes } => chain(g, nodes),
        Deduction::GroupedXChain { nodes } | Deduction::GroupedAic { nodes } => {
            linked(g, nodes, true)
        }
        Deduction::NiceLoop {
            nodes,
            first_strong,
            continuous: true,
        } => format!(
            "{}-{}",
            linked(g, nodes, *first_strong),
            nodes.first().map_or(String::new(), |n| node(g, n))
        ),
        Deduction::NiceLoop {
            nodes,
            first_strong,
            ..
        } => linked(g, nodes, *first_strong),
        _ => return None,
    })
}

/// Almost locked sets: each set with its symbols, and the restricted commons between them.
fn als_step(g: &Geometry, d: &Deduction) -> Option<String> {
    Some(match d {
        Deduction::AlsXz { sets, restricted } => {
            let x: Vec<String> = restricted.iter().map(|&x| sym(g, x).to_string()).collect();
            format!(
                "A={}, B={}, X={}",
                als(g, &sets[0]),
                als(g, &sets[1]),
                x.join(",")
            )
        }
        Deduction::AlsXyWing {
            sets,
            restricted: [x, y],
        } => format!(
            "A={}, B={}, C={}, X,Y={},{}",
            als(g, &sets[0]),
            als(g, &sets[1]),
            als(g, &sets[2]),
            syms(g, *x, ""),
            syms(g, *y, "")
        ),
        Deduction::AlsChain { sets, restricted } => {
            let mut out = als(g, &sets[0]);
            for (a, x) in sets[1..].iter().zip(restricted) {
                out.push_str(&format!(" -{}- {}", syms(g, *x, ""), als(g, a)));
            }
            out
        }
        Deduction::DeathBlossom { stem, petals } => {
            let named: Vec<String> = petals
                .iter()
                .zip(stem.symbols.iter())
                .map(|(a, v)| format!("{}: {}", sym(g, crate::Symbol::new(v as usize)), als(g, a)))
                .collect();
            format!(
                "{} {{{}}} - {}",
                cell(g, stem.cell),
                syms(g, stem.symbols, ""),
                named.join(", ")
            )
        }
        _ => return None,
    })
}

/// `r1c4,r2c4 {123}`.
fn als(g: &Geometry, a: &Als) -> String {
    format!(
        "{} {{{}}}",
        compress_cells(g, &a.cells),
        syms(g, a.symbols, "")
    )
}

/// `(1)r1c78` (a group node names its cells together).
pub(super) fn node(g: &Geometry, n: &ChainNode) -> String {
    format!("({}){}", sym(g, n.symbol), compress_cells(g, &n.cells))
}

/// `(1)r1c1=(1)r1c78-(1)r2c9`: links alternate, the first strong when `first_strong`.
pub(super) fn linked(g: &Geometry, nodes: &[ChainNode], first_strong: bool) -> String {
    let mut s = String::new();
    for (i, n) in nodes.iter().enumerate() {
        if i > 0 {
            s.push(if (i % 2 == 1) == first_strong {
                '='
            } else {
                '-'
            });
        }
        s.push_str(&node(g, n));
    }
    s
}
