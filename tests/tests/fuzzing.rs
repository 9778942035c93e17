//! The fuzz targets on stable: every file of `fuzz/corpus/` and `fuzz/regressions/` through its
//! target (so the targets compile without nightly and every crash found stays fixed), and
//! property tests that feed mutated built-in and example files and random puzzle lines to the
//! loader: a result or diagnostics, never a panic, and quickly. Long runs under libFuzzer:
//! docs/fuzzing.md.

#[path = "../../fuzz/src/lib.rs"]
mod targets;

use proptest::prelude::*;
use shapedoku::builtin;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz")
}

/// Every file of a target's corpus and regressions.
fn inputs(target: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for dir in ["corpus", "regressions"] {
        let Ok(entries) = std::fs::read_dir(fuzz_dir().join(dir).join(target)) else {
            continue;
        };
        out.extend(entries.filter_map(Result::ok).map(|e| e.path()));
    }
    out.retain(|p| p.is_file() && p.file_name().is_some_and(|n| n != ".gitkeep"));
    out.sort();
    out
}

/// A fuzz target's body.
type Target = fn(&[u8]);

/// Runs a target on one input and fails when it takes long: a slow input is a finding too.
fn timed(name: &str, run: Target, data: &[u8]) {
    let t = Instant::now();
    run(data);
    assert!(
        t.elapsed() < Duration::from_secs(5),
        "{name} took {:?}",
        t.elapsed()
    );
}

#[test]
fn every_corpus_and_regression_file_passes_its_target() {
    let targets: [(&str, Target); 3] = [
        ("load_toml", targets::load_toml),
        ("puzzle_line", targets::puzzle_line),
        ("batch_lines", targets::batch_lines),
    ];
    for (target, run) in targets {
        let files = inputs(target);
        assert!(!files.is_empty(), "no corpus for {target}");
        for f in files {
            timed(&f.display().to_string(), run, &std::fs::read(&f).unwrap());
        }
    }
}

/// Every built-in and every example puzzle, the texts mutations start from.
fn seeds() -> Vec<String> {
    let mut out: Vec<String> = builtin::BUILTINS
        .iter()
        .map(|(_, t)| t.to_string())
        .collect();
    for dir in ["../variants/puzzles", "data/check", "data/repro"] {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
        for e in std::fs::read_dir(dir).unwrap().filter_map(Result::ok) {
            out.push(std::fs::read_to_string(e.path()).unwrap());
        }
    }
    out
}

/// Pieces of TOML and of the format that mutations insert.
const TOKENS: &[&str] = &[
    "\"",
    "'",
    "\"\"\"",
    "[",
    "]",
    "[[grid]]\n",
    "[[shape]]\n",
    "[[cage]]\n",
    "=",
    "\n",
    ",",
    "r",
    "c",
    "-",
    "0",
    "1",
    "9",
    "1024",
    "99999",
    "4294967295",
    "-1",
    "true",
    "{",
    "}",
    ".",
    "#",
    "🍎",
    "\\",
    "size = ",
    "at = [",
    "box = [",
    "cells = \"",
    "sum = ",
    "regions = \"",
    "variant = \"killer\"\n",
    "givens = \"",
    "solution = \"",
    "values = [",
    "repeats = true\n",
    "diagonals = true\n",
    "rows = false\n",
    "r1-1024c1-1024 ",
    "r1-9c1-9 ",
    "é",
];

/// Applies edits (place, bytes to delete, token to insert) to a text, at character boundaries.
fn mutate(text: &str, edits: &[(usize, usize, usize)]) -> String {
    let mut text = text.to_string();
    for &(at, del, tok) in edits {
        let mut at = at % (text.len() + 1);
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let mut end = (at + del).min(text.len());
        while !text.is_char_boundary(end) {
            end += 1;
        }
        text.replace_range(at..end, TOKENS[tok % TOKENS.len()]);
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn mutated_builtin_and_example_files_load_or_report(
        seed in any::<prop::sample::Index>(),
        edits in prop::collection::vec((any::<usize>(), 0usize..12, any::<usize>()), 1..8),
    ) {
        let seeds = seeds();
        let text = mutate(&seeds[seed.index(seeds.len())], &edits);
        timed("a mutated file", targets::load_toml, text.as_bytes());
    }

    #[test]
    fn random_text_loads_or_reports(text in "(\\PC|\n){0,300}") {
        timed("random text", targets::load_toml, text.as_bytes());
    }

    #[test]
    fn random_puzzle_lines_read_or_report(
        pick in any::<u8>(),
        line in "[.0-9A-Fa-z#🍎 \t]{0,500}",
    ) {
        let mut data = vec![pick];
        data.extend(line.as_bytes());
        timed("a puzzle line", targets::puzzle_line, &data);
    }

    #[test]
    fn random_batches_read_line_by_line(data in prop::collection::vec(any::<u8>(), 0..3000)) {
        timed("a batch", targets::batch_lines, &data);
    }
}
