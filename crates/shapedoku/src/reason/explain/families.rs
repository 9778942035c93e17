//! The words of a step come from its technique's family, which the catalogue names: each
//! family folder's `words.rs` writes the text, compact and teaching forms of its deductions.
//! A new technique needs no arm here, only its family's words.

use crate::Geometry;
use crate::reason::catalogue::{Family, Technique};
use crate::reason::step::{Deduction, Step};
use crate::reason::{als, basics, chains, colouring, fish, last_resort, rules, uniqueness, wings};

/// The reason part of the text form, from the family's words (`None` if they have no arm for
/// the deduction, which the teaching test rules out).
pub(super) fn reason(g: &Geometry, step: &Step) -> Option<String> {
    match step.technique().family() {
        Family::Basics => basics::words::reason(g, step),
        Family::Rules => rules::words::reason(g, step),
        Family::Fish => fish::words::reason(g, step),
        Family::Chains => chains::words::reason(g, step),
        Family::Wings => wings::words::reason(g, step),
        Family::Als => als::words::reason(g, step),
        Family::Colouring => colouring::words::reason(g, step),
        Family::Uniqueness => uniqueness::words::reason(g, step),
        Family::LastResort => last_resort::words::reason(g, step),
    }
}

/// What the compact form names between the technique and the results (`Some(None)`: nothing,
/// the results say it all).
pub(super) fn compact(g: &Geometry, d: &Deduction) -> Option<Option<String>> {
    match d.technique().family() {
        Family::Basics => basics::words::compact(g, d),
        Family::Rules => rules::words::compact(g, d),
        Family::Fish => fish::words::compact(g, d),
        Family::Chains => chains::words::compact(g, d),
        Family::Wings => wings::words::compact(g, d),
        Family::Als => als::words::compact(g, d),
        Family::Colouring => colouring::words::compact(g, d),
        Family::Uniqueness => uniqueness::words::compact(g, d),
        Family::LastResort => last_resort::words::compact(g, d),
    }
}

/// Why the step holds (the teaching form).
pub(super) fn why(g: &Geometry, step: &Step) -> Option<String> {
    match step.technique().family() {
        Family::Basics => basics::words::why(g, step),
        Family::Rules => rules::words::why(g, step),
        Family::Fish => fish::words::why(g, step),
        Family::Chains => chains::words::why(g, step),
        Family::Wings => wings::words::why(g, step),
        Family::Als => als::words::why(g, step),
        Family::Colouring => colouring::words::why(g, step),
        Family::Uniqueness => uniqueness::words::why(g, step),
        Family::LastResort => last_resort::words::why(g, step),
    }
}

/// What a form says of a deduction its family's words have no arm for: the technique's name.
pub(super) fn unwritten(t: Technique) -> String {
    t.name().to_string()
}
