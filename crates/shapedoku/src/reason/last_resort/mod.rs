//! The last resorts: templates, and a guess.

pub mod guess;
pub(crate) mod templates;
pub(crate) mod words;
