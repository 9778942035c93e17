//! The compact form, in the notation HoDoKu made standard: `X-Wing: 3 r58 c68 => r679c6<>3`.
//! Technique names are the catalogue's; what a step rests on, between its name and its
//! results, comes from its family's words.

use super::families;
use super::phrases::{by_symbol, cell, compress_cells, sym};
use crate::Geometry;
use crate::reason::step::{Deduction, Step};

/// The compact form of a step.
pub(super) fn step(g: &Geometry, step: &Step) -> String {
    let name = step.technique().name();
    let mut results: Vec<String> = step
        .placements
        .iter()
        .map(|p| format!("{}={}", cell(g, p.cell), sym(g, p.symbol)))
        .collect();
    for (v, cells) in by_symbol(&step.eliminations) {
        results.push(format!("{}<>{}", compress_cells(g, &cells), sym(g, v)));
    }
    let results = results.join(", ");
    match what(g, &step.deduction) {
        Some(what) => format!("{name}: {what} => {results}"),
        None => format!("{name}: {results}"),
    }
}

/// What the step rests on, between its name and its results (nothing for singles and guesses,
/// whose results say it all).
fn what(g: &Geometry, d: &Deduction) -> Option<String> {
    match d {
        Deduction::Dual { parts } => Some(
            parts
                .iter()
                .filter_map(|d| what(g, d))
                .collect::<Vec<_>>()
                .join(" + "),
        ),
        _ => families::compact(g, d).flatten(),
    }
}
