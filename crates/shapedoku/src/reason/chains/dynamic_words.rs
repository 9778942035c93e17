//! Dynamic forcing chains in words: each branch as its links, each link with its reason
//! (`r2c1 ≠ 5 (r1c1 = 5)`, `r3c2 = 4 (naked single)`, `r3c5 = 4 (hidden single in row 3)`),
//! then the contradiction or the conclusion the branches share. The search holds no words;
//! these are the text, compact and teaching forms of its deduction (see `explain`).

use super::dynamic::{DynamicBranch, DynamicLink, DynamicSource, DynamicWhy};
use crate::Geometry;
use crate::reason::explain::phrases::{cell, label, short, sym};
use crate::reason::step::{Broken, Candidate, Deduction, Step};

/// The reason part of the text form.
pub(super) fn reason(g: &Geometry, step: &Step) -> Option<String> {
    let Deduction::DynamicForcingChain { source, branches } = &step.deduction else {
        return None;
    };
    let said: Vec<String> = branches.iter().map(|b| branch(g, b)).collect();
    Some(match source {
        DynamicSource::Contradiction => {
            format!("dynamic forcing chain, {}", said.join("; "))
        }
        DynamicSource::Both { candidate } => format!(
            "dynamic forcing chain, {} true or false leads to it either way: {}",
            candidate_is(g, *candidate, true),
            said.join("; ")
        ),
        DynamicSource::Cell { cell: c } => format!(
            "dynamic forcing chain, every candidate of {} leads to it (or to a contradiction): {}",
            cell(g, *c),
            said.join("; ")
        ),
        DynamicSource::House { house, symbol } => format!(
            "dynamic forcing chain, every place of {} in {} leads to it (or to a contradiction): {}",
            sym(g, *symbol),
            label(g, *house),
            said.join("; ")
        ),
    })
}

/// What the compact form names between the technique and the results: the branches in
/// notation, `|` between them.
pub(super) fn compact(g: &Geometry, d: &Deduction) -> Option<Option<String>> {
    let Deduction::DynamicForcingChain { branches, .. } = d else {
        return None;
    };
    let said: Vec<String> = branches.iter().map(|b| branch_compact(g, b)).collect();
    Some(Some(said.join(" | ")))
}

/// Why the step holds (the teaching form).
pub(super) fn why(g: &Geometry, step: &Step) -> Option<String> {
    let Deduction::DynamicForcingChain { source, branches } = &step.deduction else {
        return None;
    };
    let start = match source {
        DynamicSource::Contradiction => match branches.first().and_then(|b| b.links.first()) {
            Some(p) => format!(
                "Were {} so, the chain would end in a contradiction, so {}.",
                candidate_is(g, p.candidate, p.on),
                candidate_is(g, p.candidate, !p.on)
            ),
            None => String::new(),
        },
        DynamicSource::Both { candidate } => format!(
            "{} is either true or false, and both lead to the conclusion, so it holds.",
            candidate_is(g, *candidate, true)
        ),
        DynamicSource::Cell { cell: c } => format!(
            "{} must take one of its candidates; each leads to the conclusion or to a contradiction, so the conclusion holds.",
            cell(g, *c)
        ),
        DynamicSource::House { house, symbol } => format!(
            "{} must hold {} in one of its places; each leads to the conclusion or to a contradiction, so the conclusion holds.",
            label(g, *house),
            sym(g, *symbol)
        ),
    };
    Some(format!(
        "{start} Each link follows from the links before it: a true candidate removes the other candidates of its cell and its symbol from the cells it sees; a cell left with one candidate holds it (naked single), and a house left with one place for a symbol holds it there (hidden single). The chain is dynamic: a link may rest on several earlier ones at once."
    ))
}

/// `r1c1 = 5` or `r1c1 ≠ 5`.
fn candidate_is(g: &Geometry, c: Candidate, on: bool) -> String {
    format!(
        "{} {} {}",
        cell(g, c.cell),
        if on { "=" } else { "≠" },
        sym(g, c.symbol)
    )
}

/// `if r1c1 were 5, r2c1 ≠ 5 (r1c1 = 5), ..., and r3c3 would have no candidate left`.
fn branch(g: &Geometry, b: &DynamicBranch) -> String {
    let Some((premise, rest)) = b.links.split_first() else {
        return String::new();
    };
    let mut out = format!(
        "if {} were {}{}",
        cell(g, premise.candidate.cell),
        if premise.on { "" } else { "not " },
        sym(g, premise.candidate.symbol)
    );
    if !rest.is_empty() {
        let list: Vec<String> = rest.iter().map(|l| link(g, l)).collect();
        out.push_str(&format!(", then {}", list.join(", ")));
    }
    match b.broken {
        Some(Broken::Cell { cell: c }) => out.push_str(&format!(
            ", and {} would have no candidate left",
            cell(g, c)
        )),
        Some(Broken::House { house, symbol }) => out.push_str(&format!(
            ", and {} would have no place for {}",
            label(g, house),
            sym(g, symbol)
        )),
        None => {}
    }
    out
}

/// `r2c1 ≠ 5 (r1c1 = 5)`.
fn link(g: &Geometry, l: &DynamicLink) -> String {
    let what = candidate_is(g, l.candidate, l.on);
    match l.why {
        DynamicWhy::Assumed => what,
        DynamicWhy::Excluded { by } => format!("{what} ({})", candidate_is(g, by, true)),
        DynamicWhy::NakedSingle => format!("{what} (naked single)"),
        DynamicWhy::HiddenSingle { house } => {
            format!("{what} (hidden single in {})", label(g, house))
        }
    }
}

/// `r1c1=5 -> r2c1<>5 -> r3c2=4[b1] -> r3c3 empty`.
fn branch_compact(g: &Geometry, b: &DynamicBranch) -> String {
    let said: Vec<String> = b
        .links
        .iter()
        .map(|l| {
            let at = format!(
                "{}{}{}",
                cell(g, l.candidate.cell),
                if l.on { "=" } else { "<>" },
                sym(g, l.candidate.symbol)
            );
            match l.why {
                DynamicWhy::HiddenSingle { house } => format!("{at}[{}]", short(g, house)),
                _ => at,
            }
        })
        .collect();
    let mut out = said.join(" -> ");
    match b.broken {
        Some(Broken::Cell { cell: c }) => out.push_str(&format!(" -> {} empty", cell(g, c))),
        Some(Broken::House { house, symbol }) => {
            out.push_str(&format!(" -> no {} in {}", sym(g, symbol), short(g, house)))
        }
        None => {}
    }
    out
}
