//! Almost locked sets and the patterns built on them in words: Sue de Coq, ALS-XZ,
//! ALS-XY-wing, ALS chains and death blossoms. The searches hold no words; these are the text,
//! compact and teaching forms of their deductions (see `explain`).

use crate::reason::explain::phrases::{
    and_list, cell, cells, compress_cells, count, label, marked, or_list, set, sym, symbol_list,
    syms,
};
use crate::reason::step::{Als, CellCandidates, Deduction, Step};
use crate::{CellId, Geometry, ShapeId, Symbol, SymbolSet};

/// The reason part of the text form.
pub(crate) fn reason(g: &Geometry, step: &Step) -> Option<String> {
    Some(match &step.deduction {
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
        _ => return None,
    })
}

/// What the compact form names between the technique and the results: each set with its
/// symbols, and the restricted commons between them.
pub(crate) fn compact(g: &Geometry, d: &Deduction) -> Option<Option<String>> {
    Some(Some(match d {
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
        Deduction::AlsXz { sets, restricted } => {
            let x: Vec<String> = restricted.iter().map(|&x| sym(g, x).to_string()).collect();
            format!(
                "A={}, B={}, X={}",
                als_compact(g, &sets[0]),
                als_compact(g, &sets[1]),
                x.join(",")
            )
        }
        Deduction::AlsXyWing {
            sets,
            restricted: [x, y],
        } => format!(
            "A={}, B={}, C={}, X,Y={},{}",
            als_compact(g, &sets[0]),
            als_compact(g, &sets[1]),
            als_compact(g, &sets[2]),
            syms(g, *x, ""),
            syms(g, *y, "")
        ),
        Deduction::AlsChain { sets, restricted } => {
            let mut out = als_compact(g, &sets[0]);
            for (a, x) in sets[1..].iter().zip(restricted) {
                out.push_str(&format!(" -{}- {}", syms(g, *x, ""), als_compact(g, a)));
            }
            out
        }
        Deduction::DeathBlossom { stem, petals } => {
            let named: Vec<String> = petals
                .iter()
                .zip(stem.symbols.iter())
                .map(|(a, v)| format!("{}: {}", sym(g, Symbol::new(v as usize)), als_compact(g, a)))
                .collect();
            format!(
                "{} {{{}}} - {}",
                cell(g, stem.cell),
                syms(g, stem.symbols, ""),
                named.join(", ")
            )
        }
        _ => return None,
    }))
}

/// Why the step holds (the teaching form).
pub(crate) fn why(g: &Geometry, step: &Step) -> Option<String> {
    Some(match &step.deduction {
        Deduction::SueDeCoq {
            shapes,
            core,
            core_symbols,
            sides,
            side_symbols,
        } => sue_de_coq_why(g, *shapes, core, *core_symbols, sides, *side_symbols),
        Deduction::AlsXz { sets, restricted } => als_xz_why(g, sets, restricted),
        Deduction::AlsXyWing { sets, restricted } => als_xy_wing_why(g, sets, *restricted),
        Deduction::AlsChain { sets, restricted } => als_chain_why(g, sets, restricted),
        Deduction::DeathBlossom { stem, petals } => death_blossom_why(g, stem, petals),
        _ => return None,
    })
}

/// `r1c4, r2c4 {1,2,3}`: cells and the symbols they hold between them.
fn marked_cells(g: &Geometry, cs: &[CellId], s: SymbolSet) -> String {
    format!("{} {}", cells(g, cs).join(", "), set(g, s))
}

/// `r1c4, r2c4 {1,2,3} in column 4`.
fn als(g: &Geometry, a: &Als) -> String {
    format!(
        "{} in {}",
        marked_cells(g, &a.cells, a.symbols),
        label(g, a.shape)
    )
}

/// `r1c4,r2c4 {123}`.
fn als_compact(g: &Geometry, a: &Als) -> String {
    format!(
        "{} {{{}}}",
        compress_cells(g, &a.cells),
        syms(g, a.symbols, "")
    )
}

/// `Sue de Coq: r1c1, r1c2 {1,2,3,4} where row 1 meets box 1, with r1c7 {1,2} in row 1 and
/// r2c1 {3,4} in box 1: ...`.
fn sue_de_coq(
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
fn als_xz(g: &Geometry, sets: &[Als; 2], restricted: &[Symbol]) -> String {
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
fn als_xy_wing(g: &Geometry, sets: &[Als; 3], [x, y]: [SymbolSet; 2]) -> String {
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
fn chain_ends(sets: &[Als], restricted: &[SymbolSet]) -> SymbolSet {
    let (first, last) = (&sets[0], &sets[sets.len() - 1]);
    let used = restricted[0].union(restricted[restricted.len() - 1]);
    first.symbols.intersect(last.symbols).minus(used)
}

/// `ALS-XY-chain: r1c1 {1,2} in row 1 -2- r1c5 {2,3} in row 1 -3- ...: ...`.
fn als_chain(g: &Geometry, sets: &[Als], restricted: &[SymbolSet]) -> String {
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

/// The symbols every petal of a death blossom holds besides the stem's.
fn petals_common(stem: &CellCandidates, petals: &[Als]) -> SymbolSet {
    petals
        .iter()
        .fold(SymbolSet(u64::MAX), |m, a| m.intersect(a.symbols))
        .minus(stem.symbols)
}

/// `death blossom: stem r5c5 {1,2} with petals ... (for 1) and ... (for 2): ...`.
fn death_blossom(g: &Geometry, stem: &CellCandidates, petals: &[Als]) -> String {
    let named: Vec<String> = petals
        .iter()
        .zip(stem.symbols.iter())
        .map(|(a, s)| format!("{} (for {})", als(g, a), sym(g, Symbol::new(s as usize))))
        .collect();
    format!(
        "death blossom with stem {} and petals {}: whichever symbol the stem takes, its petal loses it and is locked, so one of the petals holds {}, which every cell seeing all its places in every petal loses",
        marked(g, stem.cell, stem.symbols),
        and_list(&named),
        or_list(&symbol_list(g, petals_common(stem, petals)))
    )
}

fn sue_de_coq_why(
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

fn als_xz_why(g: &Geometry, sets: &[Als; 2], restricted: &[Symbol]) -> String {
    let rcc: Vec<String> = restricted.iter().map(|&x| sym(g, x).to_string()).collect();
    format!(
        "An almost locked set is n cells of one shape with n+1 candidates: should it lose one, the rest are locked in it. A = {} and B = {} cannot both hold {} (each of A's places for it sees each of B's), so one of them is locked without it, and the symbols they share besides go from every cell seeing all their places in both.",
        als(g, &sets[0]),
        als(g, &sets[1]),
        or_list(&rcc)
    )
}

fn als_xy_wing_why(g: &Geometry, sets: &[Als; 3], [x, y]: [SymbolSet; 2]) -> String {
    let (x, y) = (syms(g, x, ","), syms(g, y, ","));
    format!(
        "The pivot set C = {} has one candidate more than cells, so it lacks at most one symbol and holds {x} or {y}. If it holds {x}, A = {} (whose {x}s all see C's) loses {x} and is locked; if {y}, B = {} is. Either way the symbol A and B share besides is in A or in B, so a cell seeing all its places in both cannot hold it.",
        als(g, &sets[2]),
        als(g, &sets[0]),
        als(g, &sets[1])
    )
}

fn als_chain_why(g: &Geometry, sets: &[Als], restricted: &[SymbolSet]) -> String {
    let z = or_list(&symbol_list(g, chain_ends(sets, restricted)));
    format!(
        "An almost locked set that loses one of its symbols is locked with the rest. Were {z} in neither end, A1 = {} would be locked and hold {}; each next set, whose places of the link symbol all see the last set's, would lose it and be locked, holding the next link's symbol, until the last set, {}, held {z} after all. So {z} is in one of the two ends, and a cell seeing all its places in both cannot hold it.",
        als(g, &sets[0]),
        syms(g, restricted[0], ","),
        als(g, &sets[sets.len() - 1])
    )
}

fn death_blossom_why(g: &Geometry, stem: &CellCandidates, petals: &[Als]) -> String {
    let z = or_list(&symbol_list(g, petals_common(stem, petals)));
    format!(
        "The stem {} is one of {}. Whichever it is, the petal for that symbol (whose places of it all see the stem) loses it and, an almost locked set, is locked with every other symbol, {z} among them; so {z} is in one of the {} petals, and a cell seeing all its places in every petal cannot hold it.",
        cell(g, stem.cell),
        or_list(&symbol_list(g, stem.symbols)),
        count(petals.len())
    )
}
