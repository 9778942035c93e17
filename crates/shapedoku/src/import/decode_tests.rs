//! The decoding layer's bounds: payloads that decompress or parse to far more than a puzzle
//! holds are refused while they are read, before they take memory out of proportion.

use super::*;

fn refused(input: &str, want: &str) {
    let e = import(input).unwrap_err();
    assert!(e.message.contains(want), "{}", e.message);
}

#[test]
fn a_zipped_comma_bomb_is_refused_by_its_item_count() {
    // `{ce:[,,,...]}`: every comma an empty object once parsed (60 MiB of them took 2 GB).
    let bomb = format!("{{ce:[{}]}}", ",".repeat(10 << 20));
    refused(&bomb, "more than 1048576 items");
    // Plain JSON is counted the same way.
    let plain = format!("{{\"cells\":[{}{{}}]}}", "{},".repeat(2 << 20));
    refused(&plain, "more than 1048576 items");
}

// Links that decompress past the text cap or to millions of items take the reference encoder
// seconds to make: they are fuzz regressions (fuzz/regressions/import_lz/), imported end to
// end by tests/tests/it/crash_proof.rs; `lz.rs` tests the cap itself on small texts.
