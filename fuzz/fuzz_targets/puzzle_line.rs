//! `cargo fuzz run puzzle_line`: see docs/fuzzing.md. The body is `shapedoku_fuzz::puzzle_line`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| shapedoku_fuzz::puzzle_line(data));
