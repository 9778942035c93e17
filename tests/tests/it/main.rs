//! The end-to-end tests, one module per subject, in one test binary: each binary links the
//! whole library, so one binary instead of two dozen saves most of the tests' build time.

mod common;

mod bounds;
mod builtin_variants;
mod check;
mod cli_solve;
mod corpus;
mod crash_proof;
mod explain_cli;
mod export_cli;
mod format_docs;
mod fpuzzles_corpus;
mod fuzzing;
mod generate;
mod import_cli;
mod issbench_data;
mod labelled;
mod rating_agreement;
mod readings;
mod relation_corpus;
mod render;
mod solver_properties;
mod step_sequence;
mod sudokupad_corpus;
mod sum_determinism;
mod technique_order;
mod techniques;
mod techniques_advanced;
mod variant_steps;
