//! Chains in words: simple chains, empty rectangles, X-chains, XY-chains and AICs (grouped or
//! not), nice loops and forcing chains: the notation of a chain followed by what it says ("if
//! r1c1 is not 5, then ..."). The searches hold no words; these are the text, compact and
//! teaching forms of their deductions (see `explain`).

use crate::reason::explain::notation::{
    chain, chain_compact, chain_said, linked, node, node_is, node_name, walk,
};
use crate::reason::explain::phrases::{
    and_list, article, candidates, cell, compress_cells, label, short, sym,
};
use crate::reason::step::{Broken, Candidate, ChainNode, Deduction, SimpleChainKind, Step};
use crate::{CellId, Geometry, ShapeId, Symbol};

/// The reason part of the text form.
pub(crate) fn reason(g: &Geometry, step: &Step) -> Option<String> {
    Some(match &step.deduction {
        Deduction::SimpleChain { kind, nodes } => {
            format!("{}: {}", simple_chain_name(*kind), chain_said(g, nodes))
        }
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
        Deduction::ForcingChain {
            assumed,
            implied,
            broken,
        } => format!("forcing chain, {}", forcing(g, *assumed, implied, *broken)),
        _ => return super::dynamic_words::reason(g, step),
    })
}

/// What the compact form names between the technique and the results.
pub(crate) fn compact(g: &Geometry, d: &Deduction) -> Option<Option<String>> {
    Some(Some(match d {
        Deduction::SimpleChain { nodes, .. }
        | Deduction::XChain { nodes }
        | Deduction::XyChain { nodes }
        | Deduction::Aic { nodes } => chain_compact(g, nodes),
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
        Deduction::ForcingChain {
            assumed,
            implied,
            broken,
        } => forcing_compact(g, *assumed, implied, *broken),
        _ => return super::dynamic_words::compact(g, d),
    }))
}

/// Why the step holds (the teaching form).
pub(crate) fn why(g: &Geometry, step: &Step) -> Option<String> {
    Some(match &step.deduction {
        Deduction::SimpleChain { kind, nodes } => simple_chain(g, simple_chain_name(*kind), nodes),
        Deduction::EmptyRectangle {
            symbol,
            house,
            lines,
            link,
            link_house,
        } => empty_rectangle(g, *symbol, *house, lines, link, *link_house),
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
        } => forcing_why(g, *assumed, implied, *broken),
        _ => return super::dynamic_words::why(g, step),
    })
}

fn simple_chain_name(kind: SimpleChainKind) -> &'static str {
    match kind {
        SimpleChainKind::Skyscraper => "skyscraper",
        SimpleChainKind::TwoStringKite => "2-string kite",
        SimpleChainKind::TurbotFish => "turbot fish",
    }
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

/// `r1c1=1 -> r1c2=3 -> r1c3 empty`: the assumption and what singles make of it, up to the
/// contradiction (the compact form's `=> r1c1<>1` is the step's result).
fn forcing_compact(
    g: &Geometry,
    assumed: Candidate,
    implied: &[Candidate],
    broken: Broken,
) -> String {
    let mut out = format!("{}={}", cell(g, assumed.cell), sym(g, assumed.symbol));
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
    out
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
        are(step)
    )
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

fn forcing_why(g: &Geometry, assumed: Candidate, implied: &[Candidate], broken: Broken) -> String {
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
