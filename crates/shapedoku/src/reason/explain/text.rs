//! The text form: sentences for people, conclusion first. Every English word of an explanation
//! is in this file and its two parts, `text/chains.rs` and `text/als.rs`.

mod als;
mod chains;

pub(super) use als::chain_ends;
use als::{als_chain, als_xy_wing, als_xz, death_blossom, sue_de_coq, wxyz_wing};
pub(super) use chains::chain;
use chains::{chain_said, forcing, grouped_said, nice_loop, walk};

use super::{cell, cells, sym, syms};
use crate::reason::step::{
    Candidate, Deduction, FishKind, MedusaClash, OverlapKind, RectangleKind, SimpleChainKind, Step,
};
use crate::{CellId, Geometry, ShapeId, ShapeKind, Symbol, SymbolSet};

/// `a`, `a and b`, `a, b and c`.
pub(super) fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [a] => a.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// `a`, `a or b`, `a, b or c`.
pub(super) fn or_list(items: &[String]) -> String {
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

pub(super) fn label(g: &Geometry, s: ShapeId) -> String {
    g.shape_label(s.index())
}

/// Names a group of shapes: `rows 5 and 8` when they are numbered shapes of one kind and grid,
/// else their labels one by one.
pub fn shapes_label(g: &Geometry, ids: &[ShapeId]) -> String {
    if let Some(&first) = ids.first() {
        let s0 = g.shape(first.index());
        let same = ids.iter().all(|&i| {
            let s = g.shape(i.index());
            s.kind == s0.kind && s.grid == s0.grid && s.number > 0
        });
        if let (true, Some(p), true) = (same, plural(s0.kind), ids.len() > 1) {
            let nums: Vec<String> = ids
                .iter()
                .map(|&i| g.shape(i.index()).number.to_string())
                .collect();
            let first_label = label(g, first);
            let suffix = &first_label[s0.name.len().min(first_label.len())..];
            if s0.kind != ShapeKind::Region {
                return format!("{p} {}{suffix}", and_list(&nums));
            }
        }
    }
    and_list(&ids.iter().map(|&i| label(g, i)).collect::<Vec<_>>())
}

/// The conclusion part of the text: `r4c6 = 7`, `r6c6, r7c6 ≠ 3; r4c6 ≠ 4`.
pub fn conclusion(g: &Geometry, step: &Step) -> String {
    let mut parts: Vec<String> = step
        .placements
        .iter()
        .map(|p| format!("{} = {}", cell(g, p.cell), sym(g, p.symbol)))
        .collect();
    for (cs, vs) in by_cells(&step.eliminations) {
        parts.push(format!(
            "{} ≠ {}",
            cells(g, &cs).join(", "),
            syms(g, vs, ", ")
        ));
    }
    parts.join("; ")
}

/// Eliminations grouped for reading: each cell with the symbols it loses, and cells that lose
/// the same symbols together (`r1c1, r1c2 ≠ 1, 2`), in the order of their first cell.
fn by_cells(list: &[Candidate]) -> Vec<(Vec<CellId>, SymbolSet)> {
    let mut per_cell: Vec<(CellId, SymbolSet)> = Vec::new();
    let mut sorted = list.to_vec();
    sorted.sort_unstable();
    for e in sorted {
        let v = e.symbol.index() as u8;
        match per_cell.last_mut() {
            Some((c, s)) if *c == e.cell => *s = s.with(v),
            _ => per_cell.push((e.cell, SymbolSet::single(v))),
        }
    }
    let mut groups: Vec<(Vec<CellId>, SymbolSet)> = Vec::new();
    for (c, s) in per_cell {
        match groups.iter_mut().find(|(_, gs)| *gs == s) {
            Some((cs, _)) => cs.push(c),
            None => groups.push((vec![c], s)),
        }
    }
    groups
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

/// `guess: no technique applies; r2c5 could be 1 or 4 and takes the value the solution has (a
/// guess, not logic)`.
fn guess(g: &Geometry, c: CellId, options: SymbolSet) -> String {
    format!(
        "guess: no technique applies; {} could be {} and takes the value the solution has (a guess, not logic)",
        cell(g, c),
        or_list(&symbol_list(g, options))
    )
}

/// The reason part of the text, without the conclusion.
pub fn reason(g: &Geometry, step: &Step) -> String {
    match &step.deduction {
        Deduction::FullHouse { house } => {
            format!("full house, the last empty cell of {}", label(g, *house))
        }
        Deduction::HiddenSingle { house } => single(g, step, Some(*house)),
        Deduction::NakedSingle => single(g, step, None),
        Deduction::RuleElimination { rule, cells } => super::rule_part(g, *rule, cells),
        Deduction::ShapeOverlap {
            symbol,
            source,
            target,
            kind,
        } => overlap(g, Some(*kind), *symbol, *source, *target),
        Deduction::CageOverlap {
            symbol,
            source,
            target,
        } => overlap(g, None, *symbol, *source, *target),
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
        Deduction::Fish {
            symbol,
            base,
            cover,
            kind,
        } => fish(g, *kind, *symbol, base, cover),
        Deduction::FinnedFrankenFish {
            symbol,
            base,
            cover,
            fins,
            mutant,
        } => {
            let kind = if *mutant {
                "finned mutant"
            } else {
                "finned Franken"
            };
            finned(g, kind, *symbol, [base, cover], fins)
        }
        Deduction::FinnedFish {
            symbol,
            base,
            cover,
            fins,
            sashimi,
        } => {
            let kind = if *sashimi { "sashimi" } else { "finned" };
            finned(g, kind, *symbol, [base, cover], fins)
        }
        Deduction::KrakenFish {
            symbol,
            base,
            cover,
            fins,
            house,
            chains,
        } => kraken(g, *symbol, [base, cover], fins, *house, chains),
        Deduction::Dual { parts } => format!(
            "dual: {}",
            parts
                .iter()
                .map(|d| reason(g, &Step::eliminating(Vec::new(), d.clone())))
                .collect::<Vec<_>>()
                .join("; and ")
        ),
        Deduction::EmptyRectangle {
            symbol,
            house,
            lines,
            link,
            link_house,
        } => format!(
            "empty rectangle on {v}: in {} it lies in {} or {}; the {v} of {} is at {} or {}, and {} sees {}'s places, so were {} not {v}, {} would hold it; a cell seeing {} and {}'s places loses {v}",
            label(g, *house),
            label(g, lines[0]),
            label(g, lines[1]),
            label(g, *link_house),
            cell(g, link[0]),
            cell(g, link[1]),
            cell(g, link[0]),
            label(g, lines[0]),
            cell(g, link[1]),
            label(g, lines[1]),
            cell(g, link[1]),
            label(g, lines[1]),
            v = sym(g, *symbol),
        ),
        Deduction::UniqueRectangle {
            kind,
            cells: cs,
            symbols,
            subset,
            house,
        } => rectangle(g, *kind, cs, *symbols, subset, *house),
        Deduction::BugPlusOne { cell: c, symbol } => format!(
            "BUG+1: every other empty cell has two candidates and every symbol two places per house but {v}, which has three in the houses of {}; without {v} there the puzzle would have no solution or two",
            cell(g, *c),
            v = sym(g, *symbol),
        ),
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
        Deduction::SimpleChain { kind, nodes } => {
            format!("{}: {}", simple_chain_name(*kind), chain_said(g, nodes))
        }
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
        Deduction::RemotePair { symbols, cells: cs } => format!(
            "remote pair {}: {} hold only {} and alternate along the chain, so a cell seeing two of them an odd number of links apart sees both values",
            syms(g, *symbols, "/"),
            and_list(&cells(g, cs)),
            and_list(&symbol_list(g, *symbols)),
        ),
        Deduction::SimpleColours {
            symbol,
            colours,
            wrap,
        } => colouring(g, *symbol, colours, *wrap),
        Deduction::MultiColours {
            symbol,
            networks,
            both_seen,
        } => multi_colours(g, *symbol, networks, *both_seen),
        Deduction::Medusa { colours, clash } => medusa(g, colours, clash.as_ref()),
        Deduction::XChain { nodes } => format!("X-chain: {}", chain_said(g, nodes)),
        Deduction::XyChain { nodes } => format!("XY-chain: {}", chain_said(g, nodes)),
        Deduction::Aic { nodes } => format!("AIC: {}", chain_said(g, nodes)),
        Deduction::GroupedXChain { nodes } => {
            format!("grouped X-chain: {}", grouped_said(g, nodes))
        }
        Deduction::GroupedAic { nodes } => format!("grouped AIC: {}", grouped_said(g, nodes)),
        Deduction::NiceLoop {
            nodes,
            first_strong,
            continuous,
        } => nice_loop(g, nodes, *first_strong, *continuous),
        Deduction::CageCombination { cage, combos } => combinations(g, *cage, combos),
        Deduction::Innies {
            houses,
            cages,
            cells: cs,
            total,
        } => innies(g, houses, cages, cs, *total),
        Deduction::WxyzWing {
            pivot,
            wings,
            symbol,
        } => wxyz_wing(g, pivot, wings, *symbol),
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
        Deduction::Template {
            symbol,
            templates,
            placing,
        } => template(g, *symbol, *templates, *placing),
        Deduction::ForcingChain {
            assumed,
            implied,
            broken,
        } => format!("forcing chain, {}", forcing(g, *assumed, implied, *broken)),
        Deduction::Guess { cell: c, options } => guess(g, *c, *options),
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

pub(super) fn symbol_list(g: &Geometry, s: SymbolSet) -> Vec<String> {
    s.iter().map(|v| g.symbols().char(v).to_string()).collect()
}

/// `pointing, in box 1 the 3 can only go where it meets row 1`. Without a kind (a cage
/// overlap), the word follows the shapes' kinds.
fn overlap(
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

/// A fish with fins, `kind` naming it (finned, sashimi, finned Franken, finned mutant): what
/// the cover loses whichever way the fins fall.
fn finned(
    g: &Geometry,
    kind: &str,
    symbol: Symbol,
    [base, cover]: [&[ShapeId]; 2],
    fins: &[CellId],
) -> String {
    format!(
        "{kind} {} on {} in {}, {}, with fins {}: were no fin {v}, the cover would lose {v} outside the base; were one {v}, its peers would; cells of the cover seeing every fin lose it either way",
        fish_name(FishKind::Basic, base.len()),
        sym(g, symbol),
        shapes_label(g, base),
        shapes_label(g, cover),
        and_list(&cells(g, fins)),
        v = sym(g, symbol),
    )
}

/// A kraken fish: the finned fish, which of its parts one must be true, and each part's chain.
fn kraken(
    g: &Geometry,
    symbol: Symbol,
    [base, cover]: [&[ShapeId]; 2],
    fins: &[CellId],
    house: Option<ShapeId>,
    chains: &[Vec<crate::reason::step::ChainNode>],
) -> String {
    let v = sym(g, symbol);
    let one_of = match house {
        None => format!(
            "either the fish holds (and the cover loses {v} outside the base) or a fin is {v}"
        ),
        Some(h) => format!(
            "one of {}'s places in the base or a fin is {v}",
            label(g, h)
        ),
    };
    format!(
        "kraken {} on {v} in {}, {}, with fins {}: {one_of}; {}",
        fish_name(FishKind::Basic, base.len()),
        shapes_label(g, base),
        shapes_label(g, cover),
        and_list(&cells(g, fins)),
        chains
            .iter()
            .map(|c| walk(g, c, false))
            .collect::<Vec<_>>()
            .join("; ")
    )
}

/// `X-wing on 3 in rows 5 and 8, columns 6 and 8`.
fn fish(
    g: &Geometry,
    kind: FishKind,
    symbol: Symbol,
    base: &[ShapeId],
    cover: &[ShapeId],
) -> String {
    format!(
        "{} on {} in {}, {}",
        fish_name(kind, base.len()),
        sym(g, symbol),
        shapes_label(g, base),
        shapes_label(g, cover)
    )
}

/// `unique rectangle type 1 on 4/7 at r1c1, r1c4, r3c1 and r3c4: ...`: the corners, the pair
/// and the way out that avoids a second solution.
fn rectangle(
    g: &Geometry,
    kind: RectangleKind,
    cs: &[CellId; 4],
    [x, y]: [Symbol; 2],
    subset: &[CellId],
    house: Option<ShapeId>,
) -> String {
    let (x, y) = (sym(g, x), sym(g, y));
    let head = |name: &str| {
        format!(
            "{name} on {x}/{y} at {}: were they to hold only {x} and {y}, swapping them would give a second solution",
            and_list(&cells(g, cs))
        )
    };
    let shape = house.map_or_else(String::new, |h| label(g, h));
    match kind {
        RectangleKind::Type1 => format!(
            "{}, so the corner with more candidates is neither",
            head("unique rectangle type 1")
        ),
        RectangleKind::Type2 => format!(
            "{}, so one of the two corners with more candidates holds its extra symbol, which every cell seeing both loses",
            head("unique rectangle type 2")
        ),
        RectangleKind::Type3 => format!(
            "{}, so the extra symbols of the two corners with more act as one cell, a naked subset with {} in {shape}",
            head("unique rectangle type 3"),
            and_list(&cells(g, subset))
        ),
        RectangleKind::Type4 => format!(
            "{}, so one of the two corners with more is {y}; {x} must go in one of them ({shape} has no other place for it), so they are not {y}",
            head("unique rectangle type 4")
        ),
        RectangleKind::Hidden => format!(
            "{}; {x} has only two places in each side through the corner opposite the bivalue one, so were that corner {y} the rest would follow into the pattern",
            head("hidden rectangle")
        ),
        RectangleKind::Type5 => format!(
            "{}, so one of the corners with more candidates holds their one extra symbol, which every cell seeing them all loses",
            head("unique rectangle type 5")
        ),
        RectangleKind::Type6 => format!(
            "{}; the other two corners see the two that hold only {x} and {y}, and a side through each has no other place for {x}, so were either {x} the rest would follow into the pattern: they are not {x}",
            head("unique rectangle type 6")
        ),
        RectangleKind::Avoidable1 => format!(
            "{} (none of them is a given), so the empty corner is not {x}",
            head("avoidable rectangle type 1")
        ),
        RectangleKind::Avoidable2 => format!(
            "{} (none of them is a given), so one of the two empty corners holds their one extra symbol, which every cell seeing both loses",
            head("avoidable rectangle type 2")
        ),
    }
}

pub(super) fn simple_chain_name(kind: SimpleChainKind) -> &'static str {
    match kind {
        SimpleChainKind::Skyscraper => "skyscraper",
        SimpleChainKind::TwoStringKite => "2-string kite",
        SimpleChainKind::TurbotFish => "turbot fish",
    }
}

pub(super) fn fish_name(kind: FishKind, size: usize) -> String {
    let name = match size {
        2 => "X-wing",
        3 => "swordfish",
        4 => "jellyfish",
        _ => "fish",
    };
    match kind {
        FishKind::Basic => name.to_string(),
        FishKind::Franken => format!("franken {name}"),
    }
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

/// `simple colours on 5: strong links split its places into r1c1, r6c5 and r1c5, r4c4, ...`.
fn colouring(g: &Geometry, symbol: Symbol, colours: &[Vec<CellId>; 2], wrap: bool) -> String {
    let v = sym(g, symbol);
    let (a, b) = (
        and_list(&cells(g, &colours[0])),
        and_list(&cells(g, &colours[1])),
    );
    let tail = if wrap {
        format!("one side puts {v} twice in a house, so none of its cells is {v}")
    } else {
        format!("one side is {v}, so a cell seeing both sides loses it")
    };
    format!(
        "simple colours on {v}: strong links split its places into {a} and {b}, which alternate; {tail}"
    )
}

/// `multi colours on 5: strong links split its places into r1c1 | r1c5 and into r2c2 | r8c2;
/// where a side of one sees a side of the other ...`.
fn multi_colours(
    g: &Geometry,
    symbol: Symbol,
    networks: &[[Vec<CellId>; 2]; 2],
    both_seen: bool,
) -> String {
    let v = sym(g, symbol);
    let side = |k: usize, c: usize| and_list(&cells(g, &networks[k][c]));
    let tail = if both_seen {
        format!(
            "{} sees both sides of the second, so it is not {v}",
            side(0, 0)
        )
    } else {
        format!(
            "where a side of one sees a side of the other (as {} sees {}), the two are not both {v}, so one of the sides opposite them is, and a cell seeing both of those loses {v}",
            side(0, 0),
            side(1, 0)
        )
    };
    format!(
        "multi colours on {v}: strong links split its places into {} | {} and into {} | {}; {tail}",
        side(0, 0),
        side(0, 1),
        side(1, 0),
        side(1, 1)
    )
}

/// `1 in r1c1, 2 in r8c1 and 5 in r8c6`.
pub(super) fn candidates_said(g: &Geometry, list: &[Candidate]) -> String {
    and_list(
        &list
            .iter()
            .map(|c| format!("{} in {}", sym(g, c.symbol), cell(g, c.cell)))
            .collect::<Vec<_>>(),
    )
}

/// Why a colour of a 3D Medusa is false: `puts 1 in r1c1 and r1c6, which see each other`.
pub(super) fn medusa_clash(g: &Geometry, clash: &MedusaClash) -> String {
    match clash {
        MedusaClash::Cell { cell: c } => {
            format!("puts two of its candidates in {}", cell(g, *c))
        }
        MedusaClash::Sight {
            cells: [a, b],
            symbol,
        } => format!(
            "puts {} in both {} and {}, which see each other",
            sym(g, *symbol),
            cell(g, *a),
            cell(g, *b)
        ),
        MedusaClash::Emptied { cell: c } => {
            format!("would leave {} without a candidate", cell(g, *c))
        }
    }
}

/// `3D Medusa: strong links split 1 in r1c1, ... from 2 in r1c1, ...; ...`.
fn medusa(g: &Geometry, colours: &[Vec<Candidate>; 2], clash: Option<&MedusaClash>) -> String {
    let (a, b) = (
        candidates_said(g, &colours[0]),
        candidates_said(g, &colours[1]),
    );
    let tail = match clash {
        Some(why) => format!("the first side {}, so it is false", medusa_clash(g, why)),
        None => "one side is true, so a candidate that either side would remove goes".into(),
    };
    format!(
        "3D Medusa: strong links in houses and cells split {a} from {b}, which alternate; {tail}"
    )
}

/// `template set on 1: every one of its 12 templates uses these cells`.
fn template(g: &Geometry, v: Symbol, templates: usize, placing: bool) -> String {
    let what = if placing {
        "every one uses these cells"
    } else {
        "none uses these cells"
    };
    format!(
        "template {} on {}: of its {templates} templates (one cell in every house, none seeing another, on cells that allow it) {what}",
        if placing { "set" } else { "delete" },
        sym(g, v)
    )
}
