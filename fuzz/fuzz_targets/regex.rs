//! `cargo fuzz run regex`: see docs/fuzzing.md. The body is `shapedoku_fuzz::regex`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| shapedoku_fuzz::regex(data));
