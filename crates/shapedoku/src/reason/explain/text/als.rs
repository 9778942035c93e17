//! Almost locked sets and the patterns built on them in words: WXYZ-wing, Sue de Coq, ALS-XZ,
//! ALS-XY-wing, ALS chains and death blossoms.

use super::super::{cell, cells, sym, syms};
use super::{and_list, label, or_list, symbol_list};
use crate::reason::step::{Als, CellCandidates};
use crate::{CellId, Geometry, ShapeId, Symbol, SymbolSet};

/// `r1c1 {1,2,3}`.
pub(super) fn marked(g: &Geometry, c: &CellCandidates) -> String {
    format!("{} {{{}}}", cell(g, c.cell), syms(g, c.symbols, ","))
}

/// `r1c4, r2c4 {1,2,3} in column 4`.
pub(super) fn als(g: &Geometry, a: &Als) -> String {
    format!(
        "{} {{{}}} in {}",
        cells(g, &a.cells).join(", "),
        syms(g, a.symbols, ","),
        label(g, a.shape)
    )
}

/// `WXYZ-wing with pivot r1c1 {1,2,3,4} and wings r1c5 {1,4}, ...: ...`.
pub(super) fn wxyz_wing(
    g: &Geometry,
    pivot: &CellCandidates,
    wings: &[CellCandidates],
    z: Symbol,
) -> String {
    let named: Vec<String> = wings.iter().map(|w| marked(g, w)).collect();
    format!(
        "WXYZ-wing with pivot {} and wings {}: every other symbol fits at most once among them, so one of them is {z}, which every cell seeing all their {z}s loses",
        marked(g, pivot),
        and_list(&named),
        z = sym(g, z)
    )
}

/// `Sue de Coq: r1c1, r1c2 {1,2,3,4} where row 1 meets box 1, with r1c7 {1,2} in row 1 and
/// r2c1 {3,4} in box 1: ...`.
pub(super) fn sue_de_coq(
    g: &Geometry,
    shapes: [ShapeId; 2],
    core: &[CellId],
    v: SymbolSet,
    sides: &[Vec<CellId>; 2],
    side_symbols: [SymbolSet; 2],
) -> String {
    let side = |i: usize| {
        format!(
            "{} {{{}}} in {}",
            cells(g, &sides[i]).join(", "),
            syms(g, side_symbols[i], ","),
            label(g, shapes[i])
        )
    };
    let gone = |i: usize| v.union(side_symbols[i]).minus(side_symbols[1 - i]);
    let n = core.len() + sides[0].len() + sides[1].len();
    format!(
        "Sue de Coq: {} {{{}}} where {} meets {}, with {} and {}: {n} cells holding {n} symbols, each at most once, so the rest of {} loses {} and the rest of {} loses {}",
        cells(g, core).join(", "),
        syms(g, v, ","),
        label(g, shapes[0]),
        label(g, shapes[1]),
        side(0),
        side(1),
        label(g, shapes[0]),
        and_list(&symbol_list(g, gone(0))),
        label(g, shapes[1]),
        and_list(&symbol_list(g, gone(1))),
    )
}

/// `ALS-XZ: A = r1c1 {1,2} in row 1 and B = ... share 1 as a restricted common symbol: ...`.
pub(super) fn als_xz(g: &Geometry, sets: &[Als; 2], restricted: &[Symbol]) -> String {
    let rcc: Vec<String> = restricted.iter().map(|&x| sym(g, x).to_string()).collect();
    let head = format!(
        "ALS-XZ: almost locked sets A = {} and B = {}",
        als(g, &sets[0]),
        als(g, &sets[1])
    );
    if let [x] = rcc.as_slice() {
        let zs: SymbolSet = sets[0]
            .symbols
            .intersect(sets[1].symbols)
            .minus(SymbolSet::single(restricted[0].index() as u8));
        format!(
            "{head} share the restricted common {x} (every {x} of A sees every {x} of B), so one of them lacks {x} and is locked; {} is then in A or in B, and every cell seeing all its places in both loses it",
            or_list(&symbol_list(g, zs))
        )
    } else {
        format!(
            "{head} share the restricted commons {} (doubly linked), so both are locked: each symbol goes from every cell seeing all its places in them",
            and_list(&rcc)
        )
    }
}

/// `ALS-XY-wing: pivot set C = ... is joined to A = ... by 1 and to B = ... by 2: ...`.
pub(super) fn als_xy_wing(g: &Geometry, sets: &[Als; 3], [x, y]: [SymbolSet; 2]) -> String {
    let zs = sets[0].symbols.intersect(sets[1].symbols).minus(x.union(y));
    format!(
        "ALS-XY-wing: pivot set C = {} is joined to A = {} by the restricted common {} and to B = {} by {}; C holds one of them, so A or B is locked and holds {}, which every cell seeing all its places in both loses",
        als(g, &sets[2]),
        als(g, &sets[0]),
        and_list(&symbol_list(g, x)),
        als(g, &sets[1]),
        and_list(&symbol_list(g, y)),
        or_list(&symbol_list(g, zs))
    )
}

/// The symbols of both end sets a chain's eliminations come from: those of both ends that
/// neither end link uses.
pub(in super::super) fn chain_ends(sets: &[Als], restricted: &[SymbolSet]) -> SymbolSet {
    let (first, last) = (&sets[0], &sets[sets.len() - 1]);
    let used = restricted[0].union(restricted[restricted.len() - 1]);
    first.symbols.intersect(last.symbols).minus(used)
}

/// `ALS-XY-chain: r1c1 {1,2} in row 1 -2- r1c5 {2,3} in row 1 -3- ...: ...`.
pub(super) fn als_chain(g: &Geometry, sets: &[Als], restricted: &[SymbolSet]) -> String {
    let mut said = als(g, &sets[0]);
    for (a, x) in sets[1..].iter().zip(restricted) {
        said.push_str(&format!(" -{}- {}", syms(g, *x, ","), als(g, a)));
    }
    format!(
        "ALS-XY-chain {said}: each set is joined to the next by a restricted common symbol; were {} in neither end, the first set would be locked and hold {}, and each set after it would lose the symbol of the link before and hold that of the link after, until the last held it after all; so it is in one of the ends, and every cell seeing all its places in both loses it",
        or_list(&symbol_list(g, chain_ends(sets, restricted))),
        and_list(&symbol_list(g, restricted[0]))
    )
}

/// `death blossom: stem r5c5 {1,2} with petals ... (for 1) and ... (for 2): ...`.
pub(super) fn death_blossom(g: &Geometry, stem: &CellCandidates, petals: &[Als]) -> String {
    let named: Vec<String> = petals
        .iter()
        .zip(stem.symbols.iter())
        .map(|(a, s)| format!("{} (for {})", als(g, a), sym(g, Symbol::new(s as usize))))
        .collect();
    let common = petals
        .iter()
        .fold(SymbolSet(u64::MAX), |m, a| m.intersect(a.symbols))
        .minus(stem.symbols);
    format!(
        "death blossom with stem {} and petals {}: whichever symbol the stem takes, its petal loses it and is locked, so one of the petals holds {}, which every cell seeing all its places in every petal loses",
        marked(g, stem),
        and_list(&named),
        or_list(&symbol_list(g, common))
    )
}
