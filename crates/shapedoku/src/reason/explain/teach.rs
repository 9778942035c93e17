//! The teaching form: after a step's sentence, one or two sentences on *why* it works, in the
//! step's own cells, shapes and symbols (the way SudokuWiki explains a technique next to its
//! example). Shapes are named as the text form names them, so a jigsaw region, a diagonal or a
//! Samurai's shared box read as such. The argument comes from the step's family's words.

use super::families;
use crate::Geometry;
use crate::reason::step::{Deduction, Step};

/// Why the step holds, in one or two sentences naming its cells, shapes and symbols.
pub fn why(g: &Geometry, step: &Step) -> String {
    let text = argument(g, step);
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => text,
    }
}

fn argument(g: &Geometry, step: &Step) -> String {
    match &step.deduction {
        Deduction::Dual { parts } => format!(
            "Two patterns share their cells here, so one look finds both. {}",
            parts
                .iter()
                .map(|d| argument(g, &Step::eliminating(Vec::new(), d.clone())))
                .collect::<Vec<_>>()
                .join(" And: ")
        ),
        _ => families::why(g, step).unwrap_or_default(),
    }
}
