//! The text form: sentences for people, conclusion first. The reason part comes from the
//! step's family's words; this file writes what every step shares.

use super::families::{self, unwritten};
use super::phrases::{cell, cells, sym, syms};
use crate::reason::step::{Candidate, Deduction, Step};
use crate::{CellId, Geometry, SymbolSet};

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

/// The reason part of the text, without the conclusion.
pub fn reason(g: &Geometry, step: &Step) -> String {
    match &step.deduction {
        Deduction::Dual { parts } => format!(
            "dual: {}",
            parts
                .iter()
                .map(|d| reason(g, &Step::eliminating(Vec::new(), d.clone())))
                .collect::<Vec<_>>()
                .join("; and ")
        ),
        _ => families::reason(g, step).unwrap_or_else(|| unwritten(step.technique())),
    }
}
