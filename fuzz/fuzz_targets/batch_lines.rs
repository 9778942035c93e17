//! `cargo fuzz run batch_lines`: see docs/fuzzing.md. The body is `shapedoku_fuzz::batch_lines`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| shapedoku_fuzz::batch_lines(data));
