//! `cargo fuzz run import_json`: see docs/fuzzing.md. The body is `shapedoku_fuzz::import_json`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| shapedoku_fuzz::import_json(data));
