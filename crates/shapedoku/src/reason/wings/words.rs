//! Wings in words: XY-, XYZ-, W- and WXYZ-wings, each naming its pivot and wings with their
//! candidates. The searches hold no words; these are the text, compact and teaching forms of
//! their deductions (see `explain`).

use crate::reason::explain::phrases::{
    and_list, cell, cells, compress_cells, label, marked, sym, syms,
};
use crate::reason::step::{CellCandidates, Deduction, Step};
use crate::{CellId, Geometry, ShapeId, Symbol, SymbolSet};

/// The reason part of the text form.
pub(crate) fn reason(g: &Geometry, step: &Step) -> Option<String> {
    Some(match &step.deduction {
        Deduction::XyWing {
            pivot,
            pincers,
            symbol,
            candidates,
        } => wing(g, "XY-Wing", *pivot, pincers, *symbol, candidates),
        Deduction::XyzWing {
            pivot,
            pincers,
            symbol,
            candidates,
        } => wing(g, "XYZ-Wing", *pivot, pincers, *symbol, candidates),
        Deduction::WWing {
            cells: cs,
            link,
            house,
            symbols: [x, y],
        } => format!(
            "W-wing: {} hold only {x} and {y}, and the {x} of {} is at {} or {}, which see them; so one of them is {y}, which every cell seeing both loses",
            and_list(
                &cells(g, cs)
                    .iter()
                    .map(|c| format!("{c} {{{},{}}}", sym(g, *x), sym(g, *y)))
                    .collect::<Vec<_>>()
            ),
            label(g, *house),
            cell(g, link[0]),
            cell(g, link[1]),
            x = sym(g, *x),
            y = sym(g, *y),
        ),
        Deduction::WxyzWing {
            pivot,
            wings,
            symbol,
        } => wxyz_wing(g, pivot, wings, *symbol),
        _ => return None,
    })
}

/// What the compact form names between the technique and the results.
pub(crate) fn compact(g: &Geometry, d: &Deduction) -> Option<Option<String>> {
    Some(Some(match d {
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
        _ => return None,
    }))
}

/// Why the step holds (the teaching form).
pub(crate) fn why(g: &Geometry, step: &Step) -> Option<String> {
    Some(match &step.deduction {
        Deduction::XyWing {
            pivot,
            pincers,
            symbol,
            candidates: cands,
        } => xy_wing_why(g, *pivot, pincers, *symbol, cands),
        Deduction::XyzWing {
            pivot,
            pincers,
            symbol,
            candidates: cands,
        } => xyz_wing_why(g, *pivot, pincers, *symbol, cands),
        Deduction::WWing {
            cells: cs,
            link,
            house,
            symbols,
        } => w_wing_why(g, cs, link, *house, *symbols),
        Deduction::WxyzWing {
            pivot,
            wings,
            symbol,
        } => wxyz_wing_why(g, pivot, wings, *symbol),
        _ => return None,
    })
}

/// `XY-Wing with pivot r1c1 {1,2} and pincers r1c5 {1,3} and r2c2 {2,3}: ...`.
fn wing(
    g: &Geometry,
    name: &str,
    pivot: CellId,
    pincers: &[CellId; 2],
    z: Symbol,
    candidates: &[SymbolSet; 3],
) -> String {
    let named = |c: CellId, s: SymbolSet| format!("{} {{{}}}", cell(g, c), syms(g, s, ","));
    format!(
        "{name} with pivot {} and pincers {} and {}: one of them is {}, which every cell seeing all of them loses",
        named(pivot, candidates[0]),
        named(pincers[0], candidates[1]),
        named(pincers[1], candidates[2]),
        sym(g, z)
    )
}

/// `WXYZ-wing with pivot r1c1 {1,2,3,4} and wings r1c5 {1,4}, ...: ...`.
fn wxyz_wing(g: &Geometry, pivot: &CellCandidates, wings: &[CellCandidates], z: Symbol) -> String {
    let named: Vec<String> = wings.iter().map(|w| marked(g, w.cell, w.symbols)).collect();
    format!(
        "WXYZ-wing with pivot {} and wings {}: every other symbol fits at most once among them, so one of them is {z}, which every cell seeing all their {z}s loses",
        marked(g, pivot.cell, pivot.symbols),
        and_list(&named),
        z = sym(g, z)
    )
}

fn xy_wing_why(
    g: &Geometry,
    pivot: CellId,
    pincers: &[CellId; 2],
    z: Symbol,
    cands: &[SymbolSet; 3],
) -> String {
    let zs = SymbolSet::single(z.index() as u8);
    let (x, y) = (cands[1].minus(zs), cands[2].minus(zs));
    format!(
        "The pivot {} is {} or {}: if {}, the pincer {} (which sees it) is left with {z}; if {}, the pincer {} is. Either way one pincer is {z}, so a cell seeing both pincers cannot be {z}.",
        marked(g, pivot, cands[0]),
        syms(g, x, ","),
        syms(g, y, ","),
        syms(g, x, ","),
        marked(g, pincers[0], cands[1]),
        syms(g, y, ","),
        marked(g, pincers[1], cands[2]),
        z = sym(g, z)
    )
}

fn xyz_wing_why(
    g: &Geometry,
    pivot: CellId,
    pincers: &[CellId; 2],
    z: Symbol,
    cands: &[SymbolSet; 3],
) -> String {
    let zs = SymbolSet::single(z.index() as u8);
    let (x, y) = (cands[1].minus(zs), cands[2].minus(zs));
    format!(
        "The pivot {} is {z}, {} or {}: if {}, the pincer {} is {z}; if {}, the pincer {} is {z}. So one of the three cells is {z}, and a cell seeing all three cannot be {z}.",
        marked(g, pivot, cands[0]),
        syms(g, x, ","),
        syms(g, y, ","),
        syms(g, x, ","),
        marked(g, pincers[0], cands[1]),
        syms(g, y, ","),
        marked(g, pincers[1], cands[2]),
        z = sym(g, z)
    )
}

fn w_wing_why(
    g: &Geometry,
    cs: &[CellId; 2],
    link: &[CellId; 2],
    house: ShapeId,
    [x, y]: [Symbol; 2],
) -> String {
    format!(
        "{h} has its {x} at {l0} or {l1}. If at {l0}, {c0} (which sees it) cannot be {x} and holds {y}; if at {l1}, {c1} holds {y}. Either way {c0} or {c1} is {y}, so a cell seeing both cannot be {y}.",
        h = label(g, house),
        l0 = cell(g, link[0]),
        l1 = cell(g, link[1]),
        c0 = cell(g, cs[0]),
        c1 = cell(g, cs[1]),
        x = sym(g, x),
        y = sym(g, y)
    )
}

fn wxyz_wing_why(
    g: &Geometry,
    pivot: &CellCandidates,
    wings: &[CellCandidates],
    z: Symbol,
) -> String {
    let all: Vec<String> = std::iter::once(pivot)
        .chain(wings)
        .map(|w| marked(g, w.cell, w.symbols))
        .collect();
    let n = all.len();
    format!(
        "The {n} cells {} hold {n} symbols between them, and every symbol but {z} has all its places among them in one shape, so it fits at most once; were none of them {z}, {n} cells would share {} symbols. So one of them is {z}, and a cell seeing every {z} among them cannot be {z}.",
        and_list(&all),
        n - 1,
        z = sym(g, z)
    )
}
