//! Why chains hold: simple chains and remote pairs, colouring and 3D Medusa, X-chains, XY-chains
//! and AICs (grouped or not), nice loops and forcing chains.

use super::super::compact::linked;
use super::super::text::{
    and_list, candidates_said, chain, label, medusa_clash, or_list, simple_chain_name, symbol_list,
};
use super::super::{cell, cells, sym};
use super::{article, candidates};
use crate::reason::step::{Broken, Candidate, ChainNode, Deduction, MedusaClash, Step};
use crate::{CellId, Geometry, ShapeId, Symbol, SymbolSet};

/// Why a chain, colouring or forcing step holds.
pub(super) fn argument(g: &Geometry, step: &Step) -> String {
    match &step.deduction {
        Deduction::SimpleChain { kind, nodes } => simple_chain(g, simple_chain_name(*kind), nodes),
        Deduction::RemotePair { symbols, cells: cs } => remote_pair(g, *symbols, cs),
        Deduction::SimpleColours {
            symbol,
            colours,
            wrap,
        } => colours_why(g, *symbol, colours, *wrap),
        Deduction::MultiColours {
            symbol,
            networks,
            both_seen,
        } => multi_colours_why(g, *symbol, networks, *both_seen),
        Deduction::Medusa { colours, clash } => medusa_why(g, colours, clash.as_ref()),
        Deduction::XChain { nodes } => chain_why(g, "X-chain", nodes, step),
        Deduction::XyChain { nodes } => chain_why(g, "XY-chain", nodes, step),
        Deduction::Aic { nodes } => chain_why(g, "alternating inference chain", nodes, step),
        Deduction::GroupedXChain { nodes } => grouped_why(g, "grouped X-chain", nodes, step),
        Deduction::GroupedAic { nodes } => {
            grouped_why(g, "grouped alternating inference chain", nodes, step)
        }
        Deduction::NiceLoop {
            nodes,
            first_strong,
            continuous,
        } => nice_loop_why(g, nodes, *first_strong, *continuous, step),
        Deduction::ForcingChain {
            assumed,
            implied,
            broken,
        } => forcing(g, *assumed, implied, *broken),
        // The caller sends only the steps above here.
        _ => String::new(),
    }
}

/// The house two cells of a strong link share (a row or column first, as the chain's name
/// reads), for saying where the link is.
fn shared_house(g: &Geometry, a: CellId, b: CellId) -> Option<ShapeId> {
    let shared: Vec<usize> = g
        .shapes_of(a.index())
        .iter()
        .map(|&s| s as usize)
        .filter(|&s| g.shape(s).cells.contains(&b.index()) && g.shape(s).is_no_repeat())
        .collect();
    let line = shared.iter().copied().find(|&s| {
        matches!(
            g.shape(s).kind,
            crate::ShapeKind::Row | crate::ShapeKind::Column
        )
    });
    line.or_else(|| shared.first().copied()).map(ShapeId::new)
}

fn link_place(g: &Geometry, a: CellId, b: CellId) -> String {
    shared_house(g, a, b).map_or_else(String::new, |h| format!(" in {}", label(g, h)))
}

fn simple_chain(g: &Geometry, name: &str, nodes: &[Candidate]) -> String {
    let [a, b, c, d] = nodes else {
        return String::new();
    };
    format!(
        "{v} has only two places{}, {} and {}, and only two{}, {} and {}; {} and {} see each other, so at most one of them is {v}, which makes {} or {} {av}: a cell seeing both cannot be {v} (the {name}).",
        link_place(g, a.cell, b.cell),
        cell(g, a.cell),
        cell(g, b.cell),
        link_place(g, c.cell, d.cell),
        cell(g, d.cell),
        cell(g, c.cell),
        cell(g, b.cell),
        cell(g, c.cell),
        cell(g, a.cell),
        cell(g, d.cell),
        v = sym(g, a.symbol),
        av = article(sym(g, a.symbol))
    )
}

fn remote_pair(g: &Geometry, symbols: SymbolSet, cs: &[CellId]) -> String {
    let vs = symbol_list(g, symbols);
    format!(
        "{} all hold only {} and each sees the next, so along the chain they alternate; two of them an odd number of links apart hold one {} each, so a cell seeing both can be neither.",
        and_list(&cells(g, cs)),
        and_list(&vs),
        and_list(&vs)
    )
}

fn colours_why(g: &Geometry, symbol: Symbol, colours: &[Vec<CellId>; 2], wrap: bool) -> String {
    let v = sym(g, symbol);
    let av = article(v);
    let (a, b) = (
        and_list(&cells(g, &colours[0])),
        and_list(&cells(g, &colours[1])),
    );
    let head = format!(
        "Strong links (houses with only two places for {v}) join {a} and {b}, and along them {v} alternates: either every cell of the first colour is {v} or every cell of the second."
    );
    if wrap {
        format!(
            "{head} One colour puts {v} twice in one house, so it cannot be the true one: its cells lose {v}."
        )
    } else {
        format!(
            "{head} A cell that sees cells of both colours sees {av} either way, so it is not {v}."
        )
    }
}

fn multi_colours_why(
    g: &Geometry,
    symbol: Symbol,
    networks: &[[Vec<CellId>; 2]; 2],
    both_seen: bool,
) -> String {
    let v = sym(g, symbol);
    let net = |n: &[Vec<CellId>; 2]| {
        format!(
            "{} against {}",
            and_list(&cells(g, &n[0])),
            and_list(&cells(g, &n[1]))
        )
    };
    let head = format!(
        "Two separate networks of strong links on {v} each split into two colours, one of which holds every {v} of its network: {} in the first, {} in the second.",
        net(&networks[0]),
        net(&networks[1])
    );
    if both_seen {
        format!(
            "{head} A colour of the first network sees both colours of the second, one of which is true, so that colour cannot be true: its cells lose {v}."
        )
    } else {
        format!(
            "{head} A colour of each network see each other, so at most one of them is true and the other colour of one network is; a cell that sees both of those other colours is not {v}."
        )
    }
}

fn medusa_why(g: &Geometry, colours: &[Vec<Candidate>; 2], clash: Option<&MedusaClash>) -> String {
    let head = format!(
        "Strong links join candidates where a house has only two places for a symbol (one of them is it) and where a cell has only two candidates (one of them is its value); along them truth alternates, so either {} are all true or {} are.",
        candidates_said(g, &colours[0]),
        candidates_said(g, &colours[1])
    );
    match clash {
        Some(why) => format!(
            "{head} The first colour {}, which no solution allows, so it is the false one and its candidates go.",
            medusa_clash(g, why)
        ),
        None => format!(
            "{head} A candidate that sees a candidate of each colour on its symbol, or shares its cell with one colour and sees the other, or shares it with both, is removed whichever colour is true."
        ),
    }
}

fn chain_why(g: &Geometry, name: &str, nodes: &[Candidate], step: &Step) -> String {
    let (Some(first), Some(last)) = (nodes.first(), nodes.last()) else {
        return String::new();
    };
    format!(
        "In the {name} {} a strong link (=) means at least one of its two candidates is true and a weak link (-) at most one; so were {} not {}, the links would force {} to be {}. One of the two ends is true either way, and {} would clash with both, so {} false.",
        chain(g, nodes),
        cell(g, first.cell),
        sym(g, first.symbol),
        cell(g, last.cell),
        sym(g, last.symbol),
        and_list(&candidates(g, &step.eliminations)),
        if step.eliminations.len() == 1 {
            "it is"
        } else {
            "they are"
        }
    )
}

/// `5 in r1c1`, `5 in r1c7 or r1c8`.
fn node_name(g: &Geometry, n: &ChainNode) -> String {
    format!("{} in {}", sym(g, n.symbol), or_list(&cells(g, &n.cells)))
}

/// `they are` or `it is`, for a list of eliminations.
fn are(step: &Step) -> &'static str {
    if step.eliminations.len() == 1 {
        "it is"
    } else {
        "they are"
    }
}

fn grouped_why(g: &Geometry, name: &str, nodes: &[ChainNode], step: &Step) -> String {
    let (Some(first), Some(last)) = (nodes.first(), nodes.last()) else {
        return String::new();
    };
    format!(
        "In the {name} {} a group node such as {} stands for one symbol in any of its cells (they share a house, so at most one holds it); a strong link (=) means at least one end is true, a weak link (-) at most one. Were {} false, the links would make {} true, so one end is true either way, and {} would clash with both, so {} false.",
        linked(g, nodes, true),
        nodes
            .iter()
            .find(|n| n.is_group())
            .map_or_else(|| node_name(g, first), |n| node_name(g, n)),
        node_name(g, first),
        node_name(g, last),
        and_list(&candidates(g, &step.eliminations)),
        are(step)
    )
}

fn nice_loop_why(
    g: &Geometry,
    nodes: &[ChainNode],
    first_strong: bool,
    continuous: bool,
    step: &Step,
) -> String {
    let (Some(first), Some(last)) = (nodes.first(), nodes.last()) else {
        return String::new();
    };
    let elims = and_list(&candidates(g, &step.eliminations));
    let notation = linked(g, nodes, first_strong);
    if continuous {
        return format!(
            "The loop {notation} closes with a weak link back to {}, and its strong (=) and weak (-) links alternate all the way round, so its nodes are true and false in turn: each weak link has exactly one true end, and {elims} would clash with both ends of one, so {} false.",
            node_name(g, first),
            are(step)
        );
    }
    let start = node_name(g, first);
    let breaks = if !first_strong {
        format!(
            "Were {start} true, the links would lead round to a node that rules it out, so it is false, and {elims} goes."
        )
    } else if first == last {
        format!(
            "Were {start} false, the links would lead round to make it true, so it is true, and {elims} {}.",
            if step.eliminations.len() == 1 {
                "goes"
            } else {
                "go"
            }
        )
    } else {
        format!(
            "Were {start} false, the links would lead round to rule out {}; were it true, its cell could not hold {} either, so {elims} goes.",
            node_name(g, last),
            sym(g, last.symbol)
        )
    };
    format!(
        "The loop {notation} starts and ends in one cell, its links alternating strong (=) and weak (-) but for the start, where two links of one kind meet or the loop comes back on another candidate. {breaks}"
    )
}

fn forcing(g: &Geometry, assumed: Candidate, implied: &[Candidate], broken: Broken) -> String {
    let what = match broken {
        Broken::Cell { cell: c } => format!("{} would have no candidate left", cell(g, c)),
        Broken::House { house, symbol } => format!(
            "{} would have no place for {}",
            label(g, house),
            sym(g, symbol)
        ),
    };
    format!(
        "Were {c} {v}, singles alone would follow ({} placements) until {what}; an assumption that ends in a contradiction is false, so {c} is not {v}.",
        implied.len(),
        c = cell(g, assumed.cell),
        v = sym(g, assumed.symbol)
    )
}
