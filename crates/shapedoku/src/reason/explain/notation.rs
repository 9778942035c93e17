//! Chains as the forms write them: the notation (`(1)r1c1=(1)r7c1-...`, HoDoKu's
//! `r1c1(1)=r7c1(1)-...`, group nodes `(1)r1c78`) and the reading in words (`if r1c1 is not 1,
//! then r7c1 is 1, so ...`). The chain families, the kraken fish and the colourings use them.

use super::phrases::{cell, cells, compress_cells, or_list, sym};
use crate::Geometry;
use crate::reason::step::{Candidate, ChainNode};

/// `(1)r1c1=(1)r7c1-(1)r7c4=(1)r2c4`: links alternate, strong first.
pub(crate) fn chain(g: &Geometry, nodes: &[Candidate]) -> String {
    let mut s = String::new();
    for (i, n) in nodes.iter().enumerate() {
        if i > 0 {
            s.push(if i % 2 == 1 { '=' } else { '-' });
        }
        s.push_str(&format!("({}){}", sym(g, n.symbol), cell(g, n.cell)));
    }
    s
}

/// `r1c1(1)=r7c1(1)-r7c4(1)=r2c4(1)`, as HoDoKu writes it: links alternate, strong first.
pub(crate) fn chain_compact(g: &Geometry, nodes: &[Candidate]) -> String {
    let mut s = String::new();
    for (i, n) in nodes.iter().enumerate() {
        if i > 0 {
            s.push(if i % 2 == 1 { '=' } else { '-' });
        }
        s.push_str(&format!("{}({})", cell(g, n.cell), sym(g, n.symbol)));
    }
    s
}

/// `(1)r1c78` (a group node names its cells together).
pub(crate) fn node(g: &Geometry, n: &ChainNode) -> String {
    format!("({}){}", sym(g, n.symbol), compress_cells(g, &n.cells))
}

/// `(1)r1c1=(1)r1c78-(1)r2c9`: links alternate, the first strong when `first_strong`.
pub(crate) fn linked(g: &Geometry, nodes: &[ChainNode], first_strong: bool) -> String {
    let mut s = String::new();
    for (i, n) in nodes.iter().enumerate() {
        if i > 0 {
            s.push(if (i % 2 == 1) == first_strong {
                '='
            } else {
                '-'
            });
        }
        s.push_str(&node(g, n));
    }
    s
}

/// The notation of a chain followed by it in words: `(1)r1c1=(1)r7c1-(1)r7c4=(1)r2c4: if r1c1
/// is not 1, then r7c1 is 1, so r7c4 is not 1, then r2c4 is 1; either way r1c1 is 1 or r2c4 is
/// 1`.
pub(crate) fn chain_said(g: &Geometry, nodes: &[Candidate]) -> String {
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
pub(crate) fn node_is(g: &Geometry, n: &ChainNode, true_: bool) -> String {
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
pub(crate) fn walk(g: &Geometry, nodes: &[ChainNode], first_strong: bool) -> String {
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

/// `5 in r1c1`, `5 in r1c7 or r1c8`.
pub(crate) fn node_name(g: &Geometry, n: &ChainNode) -> String {
    format!("{} in {}", sym(g, n.symbol), or_list(&cells(g, &n.cells)))
}
