//! The integration tests, one module per subject, in one test binary: each binary links the
//! whole library, so one binary instead of several saves most of the tests' build time.

mod common;

mod chaos;
mod chaos_clues;
mod composite_rules;
mod export_roundtrip;
mod kinds_corpus;
mod line_rules;
mod odd_grids;
mod outside_rules;
mod relation_rules;
mod rules;
mod set_counts;
