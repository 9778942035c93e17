//! The JSON view of a step: what tools read. Cells are named as people name them (`r1c6`) and
//! symbols are their characters, since raw ids mean nothing outside one geometry.

use super::phrases::{cell, sym};
use super::{Compact, Formatter, Text};
use crate::Geometry;
use crate::reason::catalogue::Technique;
use crate::reason::step::{Candidate, Step};

/// A placement or elimination, by name.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CandidateView {
    /// The cell, `r1c6`.
    pub cell: String,
    /// The symbol's character.
    pub symbol: char,
}

/// A step for tools: the technique (serialised as its id), its name, what it places and removes,
/// the shapes and cells it rests on, both renderings and why it works.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct StepView {
    /// The technique (its id in JSON, e.g. `hidden_single`).
    pub technique: Technique,
    /// The technique's display name.
    pub name: &'static str,
    /// Values placed.
    pub placements: Vec<CandidateView>,
    /// Candidates removed.
    pub eliminations: Vec<CandidateView>,
    /// The shapes the step names, as labels.
    pub shapes: Vec<String>,
    /// The cells it rests on (subset, wing, chain cells), as names.
    pub cells: Vec<String>,
    /// The text rendering.
    pub text: String,
    /// The compact rendering.
    pub compact: String,
    /// Why the step works, in its own cells, shapes and symbols (what the teaching style adds
    /// after the text).
    pub why: String,
}

pub(super) fn step(g: &Geometry, step: &Step) -> StepView {
    let named = |list: &[Candidate]| {
        list.iter()
            .map(|c| CandidateView {
                cell: cell(g, c.cell),
                symbol: sym(g, c.symbol),
            })
            .collect()
    };
    StepView {
        technique: step.technique(),
        name: step.technique().name(),
        placements: named(&step.placements),
        eliminations: named(&step.eliminations),
        shapes: step
            .deduction
            .shapes()
            .iter()
            .map(|s| g.shape_label(s.index()))
            .collect(),
        cells: step.deduction.cells().iter().map(|&c| cell(g, c)).collect(),
        text: Text.format(g, step),
        compact: Compact.format(g, step),
        why: super::why(g, step),
    }
}
