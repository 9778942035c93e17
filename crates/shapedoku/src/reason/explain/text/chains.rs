//! Chains in words: the notation of a chain, an AIC, a grouped chain or a nice loop followed by
//! what it says ("if r1c1 is not 5, then ..."), and forcing chains.

use super::super::compact::{linked, node};
use super::super::{cell, cells, sym};
use super::{label, or_list};
use crate::Geometry;
use crate::reason::step::{Broken, Candidate, ChainNode};

/// The notation of a chain followed by it in words: `(1)r1c1=(1)r7c1-(1)r7c4=(1)r2c4: if r1c1
/// is not 1, then r7c1 is 1, so r7c4 is not 1, then r2c4 is 1; either way r1c1 is 1 or r2c4 is
/// 1`.
pub(super) fn chain_said(g: &Geometry, nodes: &[Candidate]) -> String {
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
pub(super) fn node_is(g: &Geometry, n: &ChainNode, true_: bool) -> String {
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
pub(super) fn walk(g: &Geometry, nodes: &[ChainNode], first_strong: bool) -> String {
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
pub(super) fn grouped_said(g: &Geometry, nodes: &[ChainNode]) -> String {
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
pub(super) fn nice_loop(
    g: &Geometry,
    nodes: &[ChainNode],
    first_strong: bool,
    continuous: bool,
) -> String {
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
pub(in super::super) fn chain(g: &Geometry, nodes: &[Candidate]) -> String {
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
pub(super) fn forcing(
    g: &Geometry,
    assumed: Candidate,
    implied: &[Candidate],
    broken: Broken,
) -> String {
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
