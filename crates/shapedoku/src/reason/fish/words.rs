//! Fish in words: basic and Franken fish, finned and sashimi fish, finned Franken and mutant
//! fish, kraken fish. The searches hold no words; these are the text, compact and teaching
//! forms of their deductions (see `explain`).

use crate::reason::explain::notation::{linked, walk};
use crate::reason::explain::phrases::{
    and_list, cells, compress_cells, count, label, or_list, shapes_label, shorts, sym,
};
use crate::reason::step::{ChainNode, Deduction, FishKind, Step};
use crate::{CellId, Geometry, ShapeId, Symbol};

/// The reason part of the text form.
pub(crate) fn reason(g: &Geometry, step: &Step) -> Option<String> {
    Some(match &step.deduction {
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
        _ => return None,
    })
}

/// What the compact form names between the technique and the results.
pub(crate) fn compact(g: &Geometry, d: &Deduction) -> Option<Option<String>> {
    Some(Some(match d {
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
        _ => return None,
    }))
}

/// Why the step holds (the teaching form).
pub(crate) fn why(g: &Geometry, step: &Step) -> Option<String> {
    Some(match &step.deduction {
        Deduction::Fish {
            symbol,
            base,
            cover,
            kind,
        } => fish_why(g, *kind, *symbol, base, cover),
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
        } => finned_why(g, *symbol, base, cover, fins),
        Deduction::KrakenFish {
            symbol,
            base,
            cover,
            fins,
            ..
        } => format!(
            "{} Here the fins see nothing to remove, but each chain starts at a fin or at a base place of one cover house, one of which must be true, and ends with the removed candidate false, so it goes whichever is true.",
            finned_why(g, *symbol, base, cover, fins)
        ),
        _ => return None,
    })
}

/// `X-wing`, `franken swordfish`: a fish's name by its kind and size.
fn fish_name(kind: FishKind, size: usize) -> String {
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
    chains: &[Vec<ChainNode>],
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

fn fish_why(
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

fn finned_why(
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
