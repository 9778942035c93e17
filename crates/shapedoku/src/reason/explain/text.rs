//! The text form: sentences for people, conclusion first. Every English word of an explanation
//! is in this file.

use super::compact::{linked, node};
use super::{cell, cells, sym, syms};
use crate::reason::{
    Als, Broken, Candidate, CellCandidates, ChainNode, Deduction, FishKind, MedusaClash,
    OverlapKind, RectangleKind, SimpleChainKind, Step,
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
        } => format!(
            "finned {} {} on {} in {}, {}, with fins {}: were no fin {v}, the cover would lose {v} outside the base; were one {v}, its peers would; cells of the cover seeing every fin lose it either way",
            if *mutant { "mutant" } else { "Franken" },
            fish_name(FishKind::Basic, base.len()),
            sym(g, *symbol),
            shapes_label(g, base),
            shapes_label(g, cover),
            and_list(&cells(g, fins)),
            v = sym(g, *symbol),
        ),
        Deduction::FinnedFish {
            symbol,
            base,
            cover,
            fins,
            sashimi,
        } => format!(
            "{} {} on {} in {}, {}, with fins {}: were no fin {v}, the cover would lose {v} outside the base; were one {v}, its peers would; cells of the cover seeing every fin lose it either way",
            if *sashimi { "sashimi" } else { "finned" },
            fish_name(FishKind::Basic, base.len()),
            sym(g, *symbol),
            shapes_label(g, base),
            shapes_label(g, cover),
            and_list(&cells(g, fins)),
            v = sym(g, *symbol),
        ),
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

/// The notation of a chain followed by it in words: `(1)r1c1=(1)r7c1-(1)r7c4=(1)r2c4: if r1c1
/// is not 1, then r7c1 is 1, so r7c4 is not 1, then r2c4 is 1; either way r1c1 is 1 or r2c4 is
/// 1`.
fn chain_said(g: &Geometry, nodes: &[Candidate]) -> String {
    let (Some(first), Some(last)) = (nodes.first(), nodes.last()) else {
        return String::new();
    };
    let is = |n: &Candidate| format!("{} is {}", cell(g, n.cell), sym(g, n.symbol));
    let mut words = format!("if {} is not {}", cell(g, first.cell), sym(g, first.symbol));
    for (i, n) in nodes.iter().enumerate().skip(1) {
        if i % 2 == 1 {
            words.push_str(&format!(", then {}", is(n)));
        } else {
            words.push_str(&format!(
                ", so {} is not {}",
                cell(g, n.cell),
                sym(g, n.symbol)
            ));
        }
    }
    format!(
        "{}: {words}; either way {} or {}",
        chain(g, nodes),
        is(first),
        is(last)
    )
}

/// `r1c1 is 1`, `r1c7 or r1c8 is 1`; negated: `r1c1 is not 1`, `neither r1c7 nor r1c8 is 1`.
fn node_is(g: &Geometry, n: &ChainNode, true_: bool) -> String {
    let v = sym(g, n.symbol);
    let names = cells(g, &n.cells);
    match (names.as_slice(), true_) {
        ([one], true) => format!("{one} is {v}"),
        ([one], false) => format!("{one} is not {v}"),
        ([a, b], false) => format!("neither {a} nor {b} is {v}"),
        (_, true) => format!("{} is {v}", or_list(&names)),
        (_, false) => format!("none of {} is {v}", names.join(", ")),
    }
}

/// The links followed from the start's assumed value: `if r1c1 is not 1, then r1c78 has it,
/// so ...`. A strong link makes the next node true after a false one, a weak link the next
/// false after a true one.
fn walk(g: &Geometry, nodes: &[ChainNode], first_strong: bool) -> String {
    let Some(first) = nodes.first() else {
        return String::new();
    };
    let mut words = format!("if {}", node_is(g, first, !first_strong));
    for (i, n) in nodes.iter().enumerate().skip(1) {
        let now_true = (i % 2 == 1) == first_strong;
        let joint = if now_true { "then" } else { "so" };
        words.push_str(&format!(", {joint} {}", node_is(g, n, now_true)));
    }
    words
}

/// A grouped chain's notation and words: `... either way r1c1 is 1 or r6c9 is 1`.
fn grouped_said(g: &Geometry, nodes: &[ChainNode]) -> String {
    let (Some(first), Some(last)) = (nodes.first(), nodes.last()) else {
        return String::new();
    };
    format!(
        "{}: {}; either way {} or {}",
        linked(g, nodes, true),
        walk(g, nodes, true),
        node_is(g, first, true),
        node_is(g, last, true)
    )
}

/// A nice loop's notation and what breaks (or closes) it.
fn nice_loop(g: &Geometry, nodes: &[ChainNode], first_strong: bool, continuous: bool) -> String {
    let (Some(first), Some(last)) = (nodes.first(), nodes.last()) else {
        return String::new();
    };
    if continuous {
        return format!(
            "continuous nice loop: {}-{}: strong and weak links alternate all the way round, so each weak link has exactly one true end and whatever sees both ends of one goes",
            linked(g, nodes, true),
            node(g, first)
        );
    }
    let tail = if !first_strong {
        format!("so {} cannot be true", node_is(g, first, true))
    } else if first == last {
        format!("so {}", node_is(g, first, true))
    } else {
        format!(
            "and were {} it would not be {} either, so {}",
            node_is(g, first, true),
            sym(g, last.symbol),
            node_is(g, last, false)
        )
    };
    format!(
        "discontinuous nice loop: {}: {}; {tail}",
        linked(g, nodes, first_strong),
        walk(g, nodes, first_strong)
    )
}

/// `(1)r1c1=(1)r7c1-(1)r7c4=(1)r2c4`: links alternate, strong first.
pub(super) fn chain(g: &Geometry, nodes: &[Candidate]) -> String {
    let mut s = String::new();
    for (i, n) in nodes.iter().enumerate() {
        if i > 0 {
            s.push(if i % 2 == 1 { '=' } else { '-' });
        }
        s.push_str(&format!("({}){}", sym(g, n.symbol), cell(g, n.cell)));
    }
    s
}

/// `if r1c1 were 1, singles would give r1c2 = 3, and r1c3 would have no candidate left`.
fn forcing(g: &Geometry, assumed: Candidate, implied: &[Candidate], broken: Broken) -> String {
    let mut out = format!(
        "if {} were {}",
        cell(g, assumed.cell),
        sym(g, assumed.symbol)
    );
    if !implied.is_empty() {
        let list: Vec<String> = implied
            .iter()
            .map(|p| format!("{} = {}", cell(g, p.cell), sym(g, p.symbol)))
            .collect();
        out.push_str(&format!(", singles would give {}", list.join(", ")));
    }
    match broken {
        Broken::Cell { cell: c } => out.push_str(&format!(
            ", and {} would have no candidate left",
            cell(g, c)
        )),
        Broken::House { house, symbol } => out.push_str(&format!(
            ", and {} would have no place for {}",
            label(g, house),
            sym(g, symbol)
        )),
    }
    out
}

/// `r1c1 {1,2,3}`.
fn marked(g: &Geometry, c: &CellCandidates) -> String {
    format!("{} {{{}}}", cell(g, c.cell), syms(g, c.symbols, ","))
}

/// `r1c4, r2c4 {1,2,3} in column 4`.
fn als(g: &Geometry, a: &Als) -> String {
    format!(
        "{} {{{}}} in {}",
        cells(g, &a.cells).join(", "),
        syms(g, a.symbols, ","),
        label(g, a.shape)
    )
}

/// `WXYZ-wing with pivot r1c1 {1,2,3,4} and wings r1c5 {1,4}, ...: ...`.
fn wxyz_wing(g: &Geometry, pivot: &CellCandidates, wings: &[CellCandidates], z: Symbol) -> String {
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
pub(super) fn chain_ends(sets: &[Als], restricted: &[SymbolSet]) -> SymbolSet {
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

/// `death blossom: stem r5c5 {1,2} with petals ... (for 1) and ... (for 2): ...`.
fn death_blossom(g: &Geometry, stem: &CellCandidates, petals: &[Als]) -> String {
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
