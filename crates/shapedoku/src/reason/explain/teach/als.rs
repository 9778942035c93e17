//! Why almost-locked-set steps hold: Sue de Coq, ALS-XZ, ALS-XY-wing, ALS chains and death
//! blossom.

use super::super::text::{and_list, chain_ends, label, or_list, symbol_list};
use super::super::{cell, cells, sym, syms};
use super::{count, set};
use crate::reason::step::{Als, CellCandidates, Deduction, Step};
use crate::{CellId, Geometry, ShapeId, Symbol, SymbolSet};

/// Why an almost-locked-set step holds.
pub(super) fn argument(g: &Geometry, step: &Step) -> String {
    match &step.deduction {
        Deduction::SueDeCoq {
            shapes,
            core,
            core_symbols,
            sides,
            side_symbols,
        } => sue_de_coq(g, *shapes, core, *core_symbols, sides, *side_symbols),
        Deduction::AlsXz { sets, restricted } => als_xz(g, sets, restricted),
        Deduction::AlsXyWing { sets, restricted } => als_xy_wing(g, sets, *restricted),
        Deduction::AlsChain { sets, restricted } => als_chain(g, sets, restricted),
        Deduction::DeathBlossom { stem, petals } => death_blossom(g, stem, petals),
        // The caller sends only the steps above here.
        _ => String::new(),
    }
}

fn sue_de_coq(
    g: &Geometry,
    shapes: [ShapeId; 2],
    core: &[CellId],
    v: SymbolSet,
    sides: &[Vec<CellId>; 2],
    side_symbols: [SymbolSet; 2],
) -> String {
    let n = core.len() + sides[0].len() + sides[1].len();
    format!(
        "Where {a} meets {b}, {} hold {}. With {} from {a} and {} from {b}, {n} cells share {n} symbols, and no symbol can be in both sides (they see the core and only one shape each), so each symbol is placed once among them: the rest of {a} loses the core's and its side's symbols, the rest of {b} likewise.",
        and_list(&cells(g, core)),
        set(g, v),
        marked_cells(g, &sides[0], side_symbols[0]),
        marked_cells(g, &sides[1], side_symbols[1]),
        a = label(g, shapes[0]),
        b = label(g, shapes[1])
    )
}

fn marked_cells(g: &Geometry, cs: &[CellId], s: SymbolSet) -> String {
    format!("{} {}", cells(g, cs).join(", "), set(g, s))
}

fn als(g: &Geometry, a: &Als) -> String {
    format!(
        "{} in {}",
        marked_cells(g, &a.cells, a.symbols),
        label(g, a.shape)
    )
}

fn als_xz(g: &Geometry, sets: &[Als; 2], restricted: &[Symbol]) -> String {
    let rcc: Vec<String> = restricted.iter().map(|&x| sym(g, x).to_string()).collect();
    format!(
        "An almost locked set is n cells of one shape with n+1 candidates: should it lose one, the rest are locked in it. A = {} and B = {} cannot both hold {} (each of A's places for it sees each of B's), so one of them is locked without it, and the symbols they share besides go from every cell seeing all their places in both.",
        als(g, &sets[0]),
        als(g, &sets[1]),
        or_list(&rcc)
    )
}

fn als_xy_wing(g: &Geometry, sets: &[Als; 3], [x, y]: [SymbolSet; 2]) -> String {
    let (x, y) = (syms(g, x, ","), syms(g, y, ","));
    format!(
        "The pivot set C = {} has one candidate more than cells, so it lacks at most one symbol and holds {x} or {y}. If it holds {x}, A = {} (whose {x}s all see C's) loses {x} and is locked; if {y}, B = {} is. Either way the symbol A and B share besides is in A or in B, so a cell seeing all its places in both cannot hold it.",
        als(g, &sets[2]),
        als(g, &sets[0]),
        als(g, &sets[1])
    )
}

fn als_chain(g: &Geometry, sets: &[Als], restricted: &[SymbolSet]) -> String {
    let z = or_list(&symbol_list(g, chain_ends(sets, restricted)));
    format!(
        "An almost locked set that loses one of its symbols is locked with the rest. Were {z} in neither end, A1 = {} would be locked and hold {}; each next set, whose places of the link symbol all see the last set's, would lose it and be locked, holding the next link's symbol, until the last set, {}, held {z} after all. So {z} is in one of the two ends, and a cell seeing all its places in both cannot hold it.",
        als(g, &sets[0]),
        syms(g, restricted[0], ","),
        als(g, &sets[sets.len() - 1])
    )
}

fn death_blossom(g: &Geometry, stem: &CellCandidates, petals: &[Als]) -> String {
    let common = petals
        .iter()
        .fold(SymbolSet(u64::MAX), |m, a| m.intersect(a.symbols))
        .minus(stem.symbols);
    let z = or_list(&symbol_list(g, common));
    format!(
        "The stem {} is one of {}. Whichever it is, the petal for that symbol (whose places of it all see the stem) loses it and, an almost locked set, is locked with every other symbol, {z} among them; so {z} is in one of the {} petals, and a cell seeing all its places in every petal cannot hold it.",
        cell(g, stem.cell),
        or_list(&symbol_list(g, stem.symbols)),
        count(petals.len())
    )
}
