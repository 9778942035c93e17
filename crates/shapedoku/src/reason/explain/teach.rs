//! The teaching form: after a step's sentence, one or two sentences on *why* it works, in the
//! step's own cells, shapes and symbols (the way SudokuWiki explains a technique next to its
//! example). Shapes are named as the text form names them, so a jigsaw region, a diagonal or a
//! Samurai's shared box read as such.

mod als;
mod chains;

use super::text::{and_list, fish_name, label, or_list, symbol_list};
use super::{cell, cells, sym, syms};
use crate::reason::step::{Candidate, CellCandidates, Deduction, FishKind, RectangleKind, Step};
use crate::{CellId, Geometry, ShapeId, Symbol, SymbolSet};

/// Why the step holds, in one or two sentences naming its cells, shapes and symbols.
pub fn why(g: &Geometry, step: &Step) -> String {
    let text = argument(g, step);
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => text,
    }
}

/// `a 5`, `an 8`, `an F`: the article a symbol takes when read aloud.
fn article(v: char) -> String {
    let vowel_sound = matches!(
        v.to_ascii_uppercase(),
        '8' | 'A' | 'E' | 'F' | 'H' | 'I' | 'L' | 'M' | 'N' | 'O' | 'R' | 'S' | 'X'
    );
    format!("{} {v}", if vowel_sound { "an" } else { "a" })
}

/// `two`, `three`, `four`: sizes read better in words.
fn count(n: usize) -> String {
    match n {
        2 => "two".into(),
        3 => "three".into(),
        4 => "four".into(),
        _ => n.to_string(),
    }
}

fn argument(g: &Geometry, step: &Step) -> String {
    let placed = step.placements.first().map(|p| (p.cell, p.symbol));
    match &step.deduction {
        Deduction::FullHouse { house } => full_house(g, *house, placed),
        Deduction::HiddenSingle { house } => hidden_single(g, *house, placed),
        Deduction::NakedSingle => naked_single(g, placed),
        Deduction::RuleElimination { rule, cells } => format!(
            "The rule {} allows no placement that uses {}: with the candidates its cells have left, each would break it, so they go.",
            super::rule_part(g, *rule, cells),
            and_list(&candidates(g, &step.eliminations))
        ),
        Deduction::ShapeOverlap {
            symbol,
            source,
            target,
            ..
        } => overlap(g, *symbol, *source, *target),
        Deduction::CageOverlap {
            symbol,
            source,
            target,
        } => cage_overlap(g, step, *symbol, *source, *target),
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
        Deduction::CageCombination { cage, combos } => combinations(g, *cage, combos),
        Deduction::Innies {
            houses,
            cages,
            cells: cs,
            total,
        } => innies(g, houses, cages, cs, *total),
        Deduction::Fish { .. }
        | Deduction::FinnedFish { .. }
        | Deduction::FinnedFrankenFish { .. }
        | Deduction::KrakenFish { .. }
        | Deduction::XyWing { .. }
        | Deduction::XyzWing { .. }
        | Deduction::WWing { .. }
        | Deduction::WxyzWing { .. }
        | Deduction::EmptyRectangle { .. }
        | Deduction::UniqueRectangle { .. } => pattern(g, step),
        Deduction::Dual { parts } => format!(
            "Two patterns share their cells here, so one look finds both. {}",
            parts
                .iter()
                .map(|d| argument(g, &Step::eliminating(Vec::new(), d.clone())))
                .collect::<Vec<_>>()
                .join(" And: ")
        ),
        Deduction::BugPlusOne { cell: c, symbol } => format!(
            "Were {c} not {v}, every empty cell would hold exactly two candidates and every symbol would have exactly two places in each house; such a position (a bivalue universal grave) has no solution or at least two, and this puzzle has exactly one, so {c} must be {v}.",
            c = cell(g, *c),
            v = sym(g, *symbol)
        ),
        Deduction::Template {
            symbol,
            templates,
            placing,
        } => template(g, step, *symbol, *templates, *placing),
        Deduction::SimpleChain { .. }
        | Deduction::RemotePair { .. }
        | Deduction::SimpleColours { .. }
        | Deduction::MultiColours { .. }
        | Deduction::Medusa { .. }
        | Deduction::XChain { .. }
        | Deduction::XyChain { .. }
        | Deduction::Aic { .. }
        | Deduction::GroupedXChain { .. }
        | Deduction::GroupedAic { .. }
        | Deduction::NiceLoop { .. }
        | Deduction::ForcingChain { .. } => chains::argument(g, step),
        Deduction::SueDeCoq { .. }
        | Deduction::AlsXz { .. }
        | Deduction::AlsXyWing { .. }
        | Deduction::AlsChain { .. }
        | Deduction::DeathBlossom { .. } => als::argument(g, step),
        Deduction::Guess { cell: c, .. } => format!(
            "This is not logic: none of the techniques applies here, so the solver takes, in the cell with the fewest candidates ({}), the value the solution has; a person would try one candidate and go back if it led to a contradiction.",
            cell(g, *c)
        ),
    }
}

/// Why a fish, a wing or a rectangle holds.
fn pattern(g: &Geometry, step: &Step) -> String {
    match &step.deduction {
        Deduction::Fish {
            symbol,
            base,
            cover,
            kind,
        } => fish(g, *kind, *symbol, base, cover),
        Deduction::FinnedFish {
            symbol,
            base,
            cover,
            fins,
            ..
        } => finned_fish(g, *symbol, base, cover, fins),
        Deduction::FinnedFrankenFish {
            symbol,
            base,
            cover,
            fins,
            ..
        } => finned_fish(g, *symbol, base, cover, fins),
        Deduction::XyWing {
            pivot,
            pincers,
            symbol,
            candidates: cands,
        } => xy_wing(g, *pivot, pincers, *symbol, cands),
        Deduction::XyzWing {
            pivot,
            pincers,
            symbol,
            candidates: cands,
        } => xyz_wing(g, *pivot, pincers, *symbol, cands),
        Deduction::WWing {
            cells: cs,
            link,
            house,
            symbols,
        } => w_wing(g, cs, link, *house, *symbols),
        Deduction::WxyzWing {
            pivot,
            wings,
            symbol,
        } => wxyz_wing(g, pivot, wings, *symbol),
        Deduction::KrakenFish {
            symbol,
            base,
            cover,
            fins,
            ..
        } => format!(
            "{} Here the fins see nothing to remove, but each chain starts at a fin or at a base place of one cover house, one of which must be true, and ends with the removed candidate false, so it goes whichever is true.",
            finned_fish(g, *symbol, base, cover, fins)
        ),
        Deduction::EmptyRectangle {
            symbol,
            house,
            lines,
            link,
            link_house,
        } => empty_rectangle(g, *symbol, *house, lines, link, *link_house),
        Deduction::UniqueRectangle {
            kind,
            cells: cs,
            symbols,
            subset,
            house,
        } => rectangle(g, step, *kind, cs, *symbols, subset, *house),
        // `argument` sends only the steps above here.
        _ => String::new(),
    }
}

/// `r1c1 ≠ 5`-style names of candidates: `5 in r1c1`.
fn candidates(g: &Geometry, list: &[Candidate]) -> Vec<String> {
    list.iter()
        .map(|c| format!("{} in {}", sym(g, c.symbol), cell(g, c.cell)))
        .collect()
}

fn set(g: &Geometry, s: SymbolSet) -> String {
    format!("{{{}}}", syms(g, s, ","))
}

fn marked(g: &Geometry, c: CellId, s: SymbolSet) -> String {
    format!("{} {}", cell(g, c), set(g, s))
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

fn overlap(g: &Geometry, symbol: Symbol, source: ShapeId, target: ShapeId) -> String {
    format!(
        "{s} must hold {av}, and all its places for {v} lie where it meets {t}; whichever of them takes it, {t} gets its {v} there, and as {t} holds {v} at most once, none of its other cells can be {v}.",
        s = label(g, source),
        t = label(g, target),
        v = sym(g, symbol),
        av = article(sym(g, symbol))
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

fn combinations(g: &Geometry, cage: ShapeId, combos: &[SymbolSet]) -> String {
    let sets: Vec<String> = combos.iter().map(|s| set(g, *s)).collect();
    format!(
        "The cells of {c} add up to its sum without repeating a symbol; of the sets of symbols that do, only {} fit the candidates its cells have left, so a candidate in none of them cannot be used.",
        or_list(&sets),
        c = label(g, cage)
    )
}

fn innies(
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

fn fish(
    g: &Geometry,
    kind: FishKind,
    symbol: Symbol,
    base: &[ShapeId],
    cover: &[ShapeId],
) -> String {
    let base_names: Vec<String> = base.iter().map(|&h| label(g, h)).collect();
    let cover_names: Vec<String> = cover.iter().map(|&h| label(g, h)).collect();
    format!(
        "Candidate {v} must go once in each of {}, and all its places there lie in {}; whichever way round, these {n} {v}s are all the {v}s those {n} houses can hold (one each), so no other cell of {} can be {v} (the {}).",
        and_list(&base_names),
        and_list(&cover_names),
        or_list(&cover_names),
        fish_name(kind, base.len()),
        n = count(base.len()),
        v = sym(g, symbol)
    )
}

fn finned_fish(
    g: &Geometry,
    symbol: Symbol,
    base: &[ShapeId],
    cover: &[ShapeId],
    fins: &[CellId],
) -> String {
    let base_names: Vec<String> = base.iter().map(|&h| label(g, h)).collect();
    let cover_names: Vec<String> = cover.iter().map(|&h| label(g, h)).collect();
    format!(
        "If no fin ({}) is {v}, the {v}s of {} all lie in {} and form a {}, which clears {v} from the rest of {}; if a fin is {v}, every cell it sees loses {v}. Either way, the cells of {} outside the base that see every fin cannot be {v}.",
        or_list(&cells(g, fins)),
        and_list(&base_names),
        and_list(&cover_names),
        fish_name(FishKind::of(g, base, cover), base.len()),
        and_list(&cover_names),
        and_list(&cover_names),
        v = sym(g, symbol)
    )
}

fn xy_wing(
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

fn xyz_wing(
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

fn w_wing(
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

fn wxyz_wing(g: &Geometry, pivot: &CellCandidates, wings: &[CellCandidates], z: Symbol) -> String {
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

fn empty_rectangle(
    g: &Geometry,
    symbol: Symbol,
    house: ShapeId,
    lines: &[ShapeId; 2],
    link: &[CellId; 2],
    link_house: ShapeId,
) -> String {
    format!(
        "{b}'s {v} lies in {l0} or {l1}, and {lh}'s {v} is at {p} or {q}. A cell seeing {q} and {b}'s places in {l1}, were it {v}, would take {v} from {q}, putting it at {p}, which sees {b}'s places in {l0}: {b} would have no {v} left, so that cell is not {v}.",
        b = label(g, house),
        l0 = label(g, lines[0]),
        l1 = label(g, lines[1]),
        lh = label(g, link_house),
        p = cell(g, link[0]),
        q = cell(g, link[1]),
        v = sym(g, symbol)
    )
}

fn rectangle(
    g: &Geometry,
    step: &Step,
    kind: RectangleKind,
    cs: &[CellId; 4],
    [x, y]: [Symbol; 2],
    subset: &[CellId],
    house: Option<ShapeId>,
) -> String {
    let (x, y) = (sym(g, x), sym(g, y));
    let head = format!(
        "If {} ended up holding only {x} and {y}, the two could be swapped in all four corners and the puzzle would have a second solution; a proper puzzle has one",
        and_list(&cells(g, cs))
    );
    let shape = house.map_or_else(String::new, |h| label(g, h));
    let gone = and_list(&candidates(g, &step.eliminations));
    let tail = match kind {
        RectangleKind::Type1 => {
            "so the one corner with more candidates must take one of its others".to_string()
        }
        RectangleKind::Type2 => format!(
            "so one of the two corners with an extra candidate holds it, and {gone} (which see both) cannot be true"
        ),
        RectangleKind::Type3 => format!(
            "so the extra candidates of the two corners act as one cell, which makes a naked subset with {} in {shape}: {gone} go",
            and_list(&cells(g, subset))
        ),
        RectangleKind::Type4 => format!(
            "so the two corners with extras cannot both be {x}/{y}; {x} must go in one of them ({shape} has no other place for it), so neither can be {y}"
        ),
        RectangleKind::Type5 => format!(
            "so one of the corners with the extra candidate holds it, and {gone} (which see all of them) cannot be true"
        ),
        RectangleKind::Type6 => format!(
            "and {x} has only two places on a side through each of the two corners with extras; were either of them {x}, the links would make the other one {x} and the bivalue corners {y}, leaving only {x} and {y} in all four, so neither is {x}"
        ),
        RectangleKind::Avoidable1 | RectangleKind::Avoidable2 => format!(
            "and since its filled corners were placed while solving, not given, the swap would give a second solution there too; the open corners must not complete the pattern, so {gone} go"
        ),
        RectangleKind::Hidden => format!(
            "and {x} has only two places in each side through the corner opposite the bivalue one; were that corner {y}, those links would fill the rectangle with {x} and {y}, so it is not {y}"
        ),
    };
    format!("{head}, {tail}.")
}

fn template(g: &Geometry, step: &Step, v: Symbol, templates: usize, placing: bool) -> String {
    let v = sym(g, v);
    let changed: Vec<CellId> = step
        .placements
        .iter()
        .chain(&step.eliminations)
        .map(|c| c.cell)
        .collect();
    let at = and_list(&cells(g, &changed));
    let end = if placing {
        format!("every one of them uses {at}, so each holds {v}")
    } else {
        format!("none of them uses {at}, so none can hold {v}")
    };
    format!(
        "Every house holds {v} once, so the cells of {v} in the solution form a template: one cell in each house, no two seeing each other, each still allowing {v}. Of the {templates} templates the candidates leave, {end}."
    )
}
