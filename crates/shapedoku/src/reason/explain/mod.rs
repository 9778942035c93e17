//! Explanations rendered from [`Step`] data: text for people (conclusion first, then the
//! reason, shapes named as people name them), a compact form in the notation HoDoKu made
//! standard, and a JSON view for tools. Placements read `r4c6 = 7`, eliminations `r4c5 ≠ 8`
//! (compact: `r4c6=7`, `r4c5<>8`), so the two are never confused.
//!
//! The techniques' searches only produce data. Each family folder has its words (`words.rs`:
//! the text, compact and teaching forms of its deductions); this module has what every form
//! shares (`phrases.rs`: cells, symbols, shapes, lists; `notation.rs`: chains), the parts of a
//! step that do not depend on its technique (the conclusion, the results), and the dispatch to
//! the technique's family, which the catalogue names (`families.rs`). Each way of writing a step is a
//! [`Formatter`]: [`Text`], [`Compact`], [`Teach`] and [`Json`] (whose [`StepView`] serialises
//! with serde, with cells named `r1c6` and symbols as characters). Implement [`Formatter`] to
//! write steps another way.
//!
//! ```
//! use shapedoku::{builtin, Puzzle, reason::{self, explain, Board}};
//! let g = builtin::geometry("classic").unwrap();
//! let p = Puzzle::from_line(g.clone(), "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").unwrap();
//! let step = reason::next_step(&Board::new(&p)).unwrap();
//! assert_eq!(explain::text(&g, &step), "r5c5 = 5: naked single, 5 is the only candidate left");
//! assert_eq!(explain::compact(&g, &step), "Naked Single: r5c5=5");
//! let view = explain::view(&g, &step);
//! assert_eq!((view.technique.id(), view.placements[0].cell.as_str()), ("naked_single", "r5c5"));
//! ```

mod compact;
mod families;
pub(crate) mod notation;
pub(crate) mod phrases;
mod teach;
#[cfg(test)]
mod teach_tests;
mod text;
mod view;

pub use phrases::{compress_cells, shapes_label};
pub use teach::why;
pub use text::{conclusion, reason};
pub use view::{CandidateView, StepView};

use super::step::Step;
use crate::Geometry;

/// A way of writing steps.
pub trait Formatter {
    /// What a step becomes.
    type Output;
    /// Writes one step of a puzzle of geometry `g`.
    fn format(&self, g: &Geometry, step: &Step) -> Self::Output;
}

/// Sentences for people: `r5c5 = 5: naked single, 5 is the only candidate left`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Text;

/// HoDoKu-style notation: `Hidden Single: r1c6=8`, `X-Wing: 3 r58 c68 => r679c6<>3`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Compact;

/// Sentences for learners: the [`Text`] sentence, then why the step works in the step's own
/// cells, shapes and symbols (`... Why: Candidate 3 must go once in each of row 5 and row 8,
/// ...`).
#[derive(Debug, Clone, Copy, Default)]
pub struct Teach;

/// Data for tools: a [`StepView`].
#[derive(Debug, Clone, Copy, Default)]
pub struct Json;

impl Formatter for Text {
    type Output = String;
    fn format(&self, g: &Geometry, step: &Step) -> String {
        format!("{}: {}", conclusion(g, step), reason(g, step))
    }
}

impl Formatter for Compact {
    type Output = String;
    fn format(&self, g: &Geometry, step: &Step) -> String {
        compact::step(g, step)
    }
}

impl Formatter for Teach {
    type Output = String;
    fn format(&self, g: &Geometry, step: &Step) -> String {
        format!("{}. Why: {}", Text.format(g, step), why(g, step))
    }
}

impl Formatter for Json {
    type Output = StepView;
    fn format(&self, g: &Geometry, step: &Step) -> StepView {
        view::step(g, step)
    }
}

/// How steps are written as a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Sentences for people.
    Text,
    /// HoDoKu-style notation.
    Compact,
    /// Sentences, each followed by why the step works.
    Teach,
}

/// Renders a step in a style.
pub fn render(g: &Geometry, step: &Step, style: Style) -> String {
    match style {
        Style::Text => text(g, step),
        Style::Compact => compact(g, step),
        Style::Teach => teach(g, step),
    }
}

/// One line for people: conclusion first, then the reason.
pub fn text(g: &Geometry, step: &Step) -> String {
    Text.format(g, step)
}

/// The text line followed by why the step works: `r6c6 ≠ 3: X-wing on 3 in rows 5 and 8,
/// columns 6 and 8. Why: Candidate 3 must go once in each of row 5 and row 8, ...`.
pub fn teach(g: &Geometry, step: &Step) -> String {
    Teach.format(g, step)
}

/// The compact form: `X-Wing: 3 r58 c68 => r679c6<>3`, `Hidden Single: r4c6=7`.
pub fn compact(g: &Geometry, step: &Step) -> String {
    Compact.format(g, step)
}

/// The step as data for tools, with both renderings.
pub fn view(g: &Geometry, step: &Step) -> StepView {
    Json.format(g, step)
}
