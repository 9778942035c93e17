//! `cargo fuzz run load_toml`: see docs/fuzzing.md. The body is `shapedoku_fuzz::load_toml`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| shapedoku_fuzz::load_toml(data));
