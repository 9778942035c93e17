//! `cargo fuzz run import_lz`: see docs/fuzzing.md. The body is `shapedoku_fuzz::import_lz`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| shapedoku_fuzz::import_lz(data));
