//! The fuzz targets on stable: every file of `fuzz/corpus/` and `fuzz/regressions/` through its
//! target (so the targets compile without nightly and every crash found stays fixed), and
//! property tests that feed mutated built-in and example files and random puzzle lines to the
//! loader, generated regular expressions to the regex compiler (checked against a reference
//! matcher) and mutated f-puzzles and SudokuPad payloads to the importer: a result or
//! diagnostics, never a panic, and quickly. Long runs under libFuzzer: docs/fuzzing.md.

#[path = "../../../fuzz/src/lib.rs"]
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
    let targets: [(&str, Target); 6] = [
        ("load_toml", targets::load_toml),
        ("puzzle_line", targets::puzzle_line),
        ("batch_lines", targets::batch_lines),
        ("regex", targets::regex),
        ("import_json", targets::import_json),
        ("import_lz", targets::import_lz),
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

/// A regular expression over the symbols `1`, `2`, `3`, as generated: written out by
/// [`Re::text`] and matched by [`Re::ends`], the reference the compiled automaton must agree
/// with.
#[derive(Debug, Clone)]
enum Re {
    Sym(u8),
    Any,
    /// A class: the symbols in the mask, or (negated) those not in it.
    Class(u8, bool),
    Cat(Vec<Re>),
    Alt(Vec<Re>),
    /// A run of `*`, `+` and `?` (stacked ones collapse into one in the compiler).
    Ops(Box<Re>, Vec<char>),
    Count(Box<Re>, u32, Option<u32>),
}

impl Re {
    fn text(&self) -> String {
        match self {
            Re::Sym(s) => (s + 1).to_string(),
            Re::Any => ".".into(),
            Re::Class(mask, neg) => {
                let inside: String = (0..3)
                    .filter(|b| mask >> b & 1 == 1)
                    .map(|b| (b + 1).to_string())
                    .collect();
                format!("[{}{inside}]", if *neg { "^" } else { "" })
            }
            Re::Cat(v) => v.iter().map(|r| format!("({})", r.text())).collect(),
            Re::Alt(v) => v
                .iter()
                .map(|r| format!("({})", r.text()))
                .collect::<Vec<_>>()
                .join(" | "),
            Re::Ops(r, ops) => format!("({}){}", r.text(), ops.iter().collect::<String>()),
            Re::Count(r, m, n) => match n {
                Some(n) if n == m => format!("({}){{{m}}}", r.text()),
                Some(n) => format!("({}){{{m},{n}}}", r.text()),
                None => format!("({}){{{m},}}", r.text()),
            },
        }
    }

    /// Every end position of a match of `self` in `word` starting at `from`.
    fn ends(&self, word: &[u8], from: usize) -> std::collections::BTreeSet<usize> {
        use std::collections::BTreeSet;
        let one = |ok: bool| -> BTreeSet<usize> {
            if ok {
                BTreeSet::from([from + 1])
            } else {
                BTreeSet::new()
            }
        };
        // Ends after `k` copies for every `k` from `least` up to `most` (or without end: the
        // sets of ends after k copies then repeat, as there are finitely many).
        let repeat = |r: &Re, least: u32, most: Option<u32>| {
            let mut out = BTreeSet::new();
            let mut cur = BTreeSet::from([from]);
            let mut seen = BTreeSet::new();
            for k in 0u32.. {
                if k >= least {
                    out.extend(cur.iter().copied());
                }
                if most.is_some_and(|m| k >= m) || cur.is_empty() {
                    break;
                }
                if k >= least && !seen.insert(cur.clone()) {
                    break;
                }
                cur = cur.iter().flat_map(|&p| r.ends(word, p)).collect();
            }
            out
        };
        match self {
            Re::Sym(s) => one(word.get(from) == Some(s)),
            Re::Any => one(from < word.len()),
            Re::Class(mask, neg) => one(word
                .get(from)
                .is_some_and(|&v| (mask >> v & 1 == 1) != *neg)),
            Re::Cat(v) => v.iter().fold(BTreeSet::from([from]), |at, r| {
                at.iter().flat_map(|&p| r.ends(word, p)).collect()
            }),
            Re::Alt(v) => v.iter().flat_map(|r| r.ends(word, from)).collect(),
            Re::Ops(r, ops) => {
                // The language of a run of operators: `?`s alone are optional, `+`s alone at
                // least once, any other mix any number of times.
                let (least, most) = if ops.iter().all(|&o| o == '?') {
                    (0, Some(1))
                } else if ops.iter().all(|&o| o == '+') {
                    (1, None)
                } else {
                    (0, None)
                };
                repeat(r, least, most)
            }
            Re::Count(r, m, n) => repeat(r, *m, *n),
        }
    }
}

fn re_strategy() -> impl Strategy<Value = Re> {
    let leaf = prop_oneof![
        (0u8..3).prop_map(Re::Sym),
        Just(Re::Any),
        (1u8..8, any::<bool>()).prop_map(|(m, n)| Re::Class(m, n)),
    ];
    leaf.prop_recursive(4, 24, 3, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..3).prop_map(Re::Cat),
            prop::collection::vec(inner.clone(), 1..3).prop_map(Re::Alt),
            (
                inner.clone(),
                prop::collection::vec(prop::sample::select(vec!['*', '+', '?']), 1..6)
            )
                .prop_map(|(r, ops)| Re::Ops(Box::new(r), ops)),
            (inner, 0u32..3, prop::option::of(0u32..3))
                .prop_map(|(r, m, n)| { Re::Count(Box::new(r), m, n.map(|n| n.max(m))) }),
        ]
    })
}

/// Every word over 1..=3 of up to 4 symbols.
fn short_words() -> Vec<Vec<u8>> {
    let mut all = vec![Vec::new()];
    let mut last = vec![Vec::new()];
    for _ in 0..4 {
        last = last
            .iter()
            .flat_map(|w: &Vec<u8>| (0..3u8).map(move |s| [w.clone(), vec![s]].concat()))
            .collect();
        all.extend(last.iter().cloned());
    }
    all
}

/// Pieces of f-puzzles and SudokuPad JSON that mutations insert.
const JSON_TOKENS: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ",",
    ",,,,",
    ":",
    "\"",
    "'",
    "\\",
    "0",
    "9",
    "-1",
    "1e999",
    "4294967296",
    "true",
    "null",
    "t",
    "f",
    "#0",
    "FFFFFF",
    "{}",
    "[]",
    "[[",
    "]]",
    "\"R1C1\"",
    "\"R9C9\"",
    "\"R0C0\"",
    "\"value\":",
    "\"cells\":",
    "\"grid\":",
    "\"size\":",
    "ce:",
    "v:",
    "re:",
    "ca:",
    "l:",
    "wp:",
    "\"killercage\":",
    "\"thermometer\":",
    "\"lines\":",
    "🍎",
    "\\u0000",
];

/// The JSON of the corpus: mutations start from these.
fn json_seeds() -> Vec<String> {
    inputs("import_json")
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect()
}

proptest! {
    // Fixed seeds: the same cases on every run, so a failure reproduces and CI time is steady.
    #![proptest_config(ProptestConfig {
        cases: 400,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x7e9e_c0de),
        ..ProptestConfig::default()
    })]

    /// Generated expressions compile to the automaton the reference matcher describes, or to an
    /// error about their size; stacked operators and any nesting included.
    #[test]
    fn generated_regexes_match_the_reference(re in re_strategy()) {
        let symbols = shapedoku::Symbols::new("123".chars()).unwrap();
        let text = re.text();
        timed("a regex", targets::regex, &[&[0u8][..], text.as_bytes()].concat());
        match shapedoku::automaton::regex::compile(&text, &symbols) {
            Ok(a) => {
                for w in short_words() {
                    let want = re.ends(&w, 0).contains(&w.len());
                    let got = a.accepts(w.iter().map(|&v| i64::from(v) + 1));
                    prop_assert_eq!(got, want, "{} on {:?}", text, w);
                }
            }
            Err(e) => {
                let m = &e.message;
                prop_assert!(
                    m.contains("states") || m.contains("matches no sequence") || m.contains("limit"),
                    "{}: {}", text, m
                );
                // An expression that matches nothing is refused only when nothing matches.
                if m.contains("matches no sequence") {
                    prop_assert!(short_words().iter().all(|w| !re.ends(w, 0).contains(&w.len())));
                }
            }
        }
    }

    /// Mutated f-puzzles and SudokuPad JSON, as text and as compressed links: a puzzle or an
    /// error, quickly.
    #[test]
    fn mutated_payloads_import_or_report(
        seed in any::<prop::sample::Index>(),
        edits in prop::collection::vec((any::<usize>(), 0usize..12, any::<usize>()), 1..8),
        form in 0u8..4,
    ) {
        let seeds = json_seeds();
        let mut text = seeds[seed.index(seeds.len())].clone();
        for &(at, del, tok) in &edits {
            let mut at = at % (text.len() + 1);
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            let mut end = (at + del).min(text.len());
            while !text.is_char_boundary(end) {
                end += 1;
            }
            text.replace_range(at..end, JSON_TOKENS[tok % JSON_TOKENS.len()]);
        }
        timed("a JSON payload", targets::import_json, text.as_bytes());
        let packed = lz_str::compress_to_base64(&text);
        timed("an LZ payload", targets::import_lz, &[&[form][..], packed.as_bytes()].concat());
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 300,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x1a_b0b),
        ..ProptestConfig::default()
    })]

    /// Random bytes as LZ payloads and as regexes: every one reaches the decoder or the
    /// parser, and ends in a result or an error.
    #[test]
    fn random_payloads_and_expressions_end(data in prop::collection::vec(any::<u8>(), 0..4000)) {
        timed("random LZ", targets::import_lz, &data);
        timed("random regex", targets::regex, &data);
        let ops: Vec<u8> = data.iter().map(|b| b"?*+(){}1,|"[*b as usize % 10]).collect();
        timed("operators", targets::regex, &ops);
    }
}
