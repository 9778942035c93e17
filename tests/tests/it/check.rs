//! `shapedoku check`: one bad file per kind of problem (tests/data/check/), each problem reported
//! at the right line and column; several problems in one file all reported; exit codes; facts.

use proptest::prelude::*;
use shapedoku::Verdict;
use shapedoku::check::{CheckOptions, check_path, check_str};
use shapedoku_cli::run_in_memory;
use std::path::PathBuf;

fn data(name: &str) -> String {
    let p: PathBuf = [env!("CARGO_MANIFEST_DIR"), "data", "check", name]
        .iter()
        .collect();
    p.display().to_string()
}

/// Runs `check FILE` and returns (exit code, stdout, stderr).
fn check(name: &str) -> (i32, String, String) {
    run_in_memory(&["check", &data(name)], "")
}

/// Asserts that stderr reports `file:line:col: ...needle...`.
#[track_caller]
fn reports(name: &str, line: usize, col: usize, needle: &str) {
    let (code, _out, err) = check(name);
    assert_eq!(code, 2, "{name} should fail the check:\n{err}");
    let at = format!("{}:{line}:{col}: ", data(name));
    let found = err.lines().any(|l| l.contains(&at) && l.contains(needle));
    assert!(found, "expected `{at}...{needle}` in:\n{err}");
}

#[test]
fn unknown_keys_all_of_them() {
    reports(
        "unknown-keys.toml",
        4,
        1,
        "unknown key `descripton` in the top level",
    );
    reports("unknown-keys.toml", 8, 1, "unknown key `boxes` in [[grid]]");
    reports(
        "unknown-keys.toml",
        9,
        1,
        "unknown key `givens` in [[grid]]",
    );
    let (_, _, err) = check("unknown-keys.toml");
    assert!(err.contains("did you mean `description`?"), "{err}");
    assert!(err.contains("did you mean `box`?"), "{err}");
    assert!(err.contains("`givens` is a top-level key"), "{err}");
}

#[test]
fn malformed_cell_references() {
    reports("bad-cell-ref.toml", 5, 20, "`r3x3` is not a cell reference");
    reports("bad-cell-ref.toml", 9, 16, "`c1r2` is not a cell reference");
}

#[test]
fn cell_outside_every_grid() {
    reports("outside.toml", 5, 20, "r5c5 is outside every grid");
}

#[test]
fn repeated_cell() {
    reports(
        "repeated-cell.toml",
        5,
        20,
        "shape `twice` lists r1c1 twice",
    );
}

#[test]
fn no_repeat_shape_larger_than_the_symbols() {
    reports(
        "too-large.toml",
        5,
        9,
        "shape `long` has 5 cells but there are only 4 symbols",
    );
}

#[test]
fn unreachable_cage_total() {
    reports(
        "impossible-cage.toml",
        4,
        7,
        "no 2 distinct symbols can add up to 9",
    );
    let (_, _, err) = check("impossible-cage.toml");
    assert!(err.contains("between 3 and 7"), "{err}");
}

#[test]
fn givens_of_the_wrong_length() {
    reports(
        "givens-length.toml",
        2,
        31,
        "givens have 17 symbols but the puzzle has 16 cells",
    );
}

#[test]
fn givens_with_an_unknown_symbol() {
    reports(
        "givens-symbol.toml",
        4,
        3,
        "`x` at r2c3 is not a symbol of this puzzle",
    );
}

#[test]
fn givens_that_break_a_shape() {
    reports(
        "givens-clash.toml",
        3,
        4,
        "givens break row 1: `1` at both r1c1 and r1c4",
    );
}

#[test]
fn overlapping_grids_that_disagree() {
    reports(
        "overlap.toml",
        3,
        35,
        "overlapping grids disagree at r4c4: `2` in an earlier grid, `3` in grid 2",
    );
}

#[test]
fn wrong_solution() {
    reports(
        "bad-solution.toml",
        7,
        3,
        "r4c3 is given as `1` but the solution has `4`",
    );
    reports(
        "bad-solution.toml",
        7,
        3,
        "`4` repeats in column 3 at r1c3 and r4c3",
    );
    reports(
        "bad-solution.toml",
        7,
        4,
        "`1` repeats in column 4 at r2c4 and r4c4",
    );
}

#[test]
fn puzzle_without_a_solution() {
    reports("no-solution.toml", 2, 10, "the puzzle has no solution");
}

#[test]
fn several_problems_in_one_file_are_all_reported() {
    let r = check_path(&PathBuf::from(data("many.toml")), &CheckOptions::default());
    let got: Vec<(usize, usize)> = r
        .diagnostics
        .iter()
        .map(|d| d.line_col().unwrap())
        .collect();
    assert_eq!(
        got,
        vec![(3, 1), (7, 15), (7, 20), (8, 1), (11, 7), (16, 15)],
        "{:#?}",
        r.diagnostics
    );
    let (code, out, err) = check("many.toml");
    assert_eq!(code, 2);
    assert!(out.contains("many.toml: 6 problems"), "{out}");
    assert_eq!(err.matches("error: ").count(), 6, "{err}");
    // Rendered with the offending source line and a hint.
    assert!(err.contains("cells = \"r1c1 r1c1 r9c9\""), "{err}");
    assert!(err.contains("help: did you mean `givens`?"), "{err}");
}

#[test]
fn clean_file_exits_0_and_reports_facts() {
    let (code, out, err) = check("good.toml");
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "{err}");
    assert!(out.contains("good.toml: ok"), "{out}");
    assert!(
        out.contains("16 cells on a 4x4 canvas, 1 grid, symbols 1234"),
        "{out}"
    );
    assert!(
        out.contains("12 shapes: 4 rows, 4 columns, 4 boxes; 12 houses"),
        "{out}"
    );
    assert!(
        out.contains("5 givens, stated solution correct; unique solution"),
        "{out}"
    );
    assert!(out.contains("matches the stated solution"), "{out}");
}

#[test]
fn several_solutions_is_a_fact_unless_unique_is_required() {
    let (code, out, _) = check("several.toml");
    assert_eq!(code, 0);
    assert!(out.contains("several solutions (at least 2)"), "{out}");
    let (code, out, _) = run_in_memory(&["check", "--count", "1000", &data("several.toml")], "");
    assert_eq!(code, 0);
    assert!(out.contains("; 24 solutions"), "{out}");
    let (code, _, err) = run_in_memory(&["check", "--unique", &data("several.toml")], "");
    assert_eq!(code, 2);
    assert!(err.contains("the puzzle has at least 2 solutions"), "{err}");
}

#[test]
fn every_file_is_checked_even_when_one_fails() {
    let files = [
        data("outside.toml"),
        data("good.toml"),
        data("missing.toml"),
        data("overlap.toml"),
    ];
    let mut args = vec!["check"];
    args.extend(files.iter().map(String::as_str));
    let (code, out, err) = run_in_memory(&args, "");
    assert_eq!(code, 2);
    assert!(out.contains("good.toml: ok"), "{out}");
    assert!(out.contains("outside.toml: 1 problem"), "{out}");
    assert!(out.contains("overlap.toml: 1 problem"), "{out}");
    assert!(
        out.contains("checked 4 files: 1 clean, 3 with problems"),
        "{out}"
    );
    assert!(err.contains("missing.toml: cannot read the file"), "{err}");
}

#[test]
fn stdin_is_checked_as_a_file_named_dash() {
    let (code, out, err) =
        run_in_memory(&["check", "-"], "variant = \"4x4\"\ngivens = \"1234 1\"\n");
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("-:2:10: givens have 5 symbols"), "{err}");
}

#[test]
fn json_output_has_places_and_facts() {
    let (code, out, _) = run_in_memory(
        &[
            "check",
            "--format",
            "json",
            &data("givens-clash.toml"),
            &data("good.toml"),
        ],
        "",
    );
    assert_eq!(code, 2);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["ok"], false);
    assert_eq!(lines[0]["problems"][0]["line"], 3);
    assert_eq!(lines[0]["problems"][0]["column"], 4);
    assert_eq!(lines[0]["problems"][0]["related"][0]["column"], 1);
    assert_eq!(lines[0]["problems"][0]["related"][0]["note"], "`1` at r1c1");
    assert_eq!(lines[1]["ok"], true);
    assert_eq!(lines[1]["facts"]["houses"], 12);
    assert_eq!(lines[1]["facts"]["shapes_by_kind"]["box"], 4);
    assert_eq!(lines[1]["facts"]["solutions"]["status"], "unique");
}

#[test]
fn variant_files_are_checked_for_a_filling() {
    let r = check_str(
        "v.toml",
        "symbols = \"123456\"\n[[grid]]\nsize = 6\nbox = [2, 3]\ndiagonals = true\n",
        None,
        &CheckOptions::default(),
    );
    assert!(r.is_clean(), "{:?}", r.diagnostics);
    let f = r.facts.unwrap();
    assert!(!f.is_puzzle);
    assert_eq!(
        f.by_kind,
        vec![("row", 6), ("column", 6), ("box", 6), ("diagonal", 2)]
    );
    assert_eq!(f.search.unwrap().verdict, Verdict::AtLeastOne);
    // A 2x2 Latin square whose main diagonal must also differ: no filling exists.
    let r = check_str(
        "v.toml",
        "symbols = \"12\"\n[[grid]]\nsize = 2\n[[shape]]\ncells = \"r1c1 r2c2\"\n",
        None,
        &CheckOptions::default(),
    );
    assert_eq!(r.diagnostics.len(), 1, "{:?}", r.diagnostics);
    assert!(
        r.diagnostics[0]
            .message
            .contains("no way to fill this geometry")
    );
}

#[test]
fn the_guess_limit_stops_a_search() {
    let opts = CheckOptions {
        guess_limit: 1,
        ..CheckOptions::default()
    };
    let r = check_str(
        "p.toml",
        "variant = \"classic\"\ngivens = \"1\"\n",
        None,
        &opts,
    );
    // 1 symbol for 81 cells: a length problem, no search.
    assert!(!r.is_clean());
    let empty = format!("variant = \"classic\"\ngivens = \"{}\"\n", ".".repeat(81));
    let r = check_str("p.toml", &empty, None, &opts);
    assert!(r.is_clean());
    let s = r.facts.unwrap().search.unwrap();
    assert_eq!(s.verdict, Verdict::Undecided, "{s:?}");
}

#[test]
fn variants_new_writes_a_commented_file_that_checks() {
    let dir = std::env::temp_dir().join(format!("shapedoku-new-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mine.toml");
    let p = path.display().to_string();
    let _ = std::fs::remove_file(&path);
    let (code, out, err) = run_in_memory(
        &["variants", "new", "mine", "--from", "classic", "-o", &p],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("wrote"), "{out}");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("name = \"mine\""), "{text}");
    assert!(
        text.lines().filter(|l| l.starts_with('#')).count() > 10,
        "{text}"
    );
    let (code, out, err) = run_in_memory(&["check", &p], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("variant `mine`: 81 cells"), "{out}");
    // Uncommenting the example givens gives a loadable (empty) puzzle.
    let uncommented: String = text
        .lines()
        .map(|l| {
            if l.starts_with("# givens") || l.starts_with("# .") || l == "# \"\"\"" {
                &l[2..]
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        shapedoku::load::load_str("u.toml", &uncommented, None).is_ok(),
        "{uncommented}"
    );
    // No overwrite without --force.
    let (code, _, err) = run_in_memory(&["variants", "new", "mine", "-o", &p], "");
    assert_eq!(code, 2);
    assert!(err.contains("already exists; pass --force"), "{err}");
    let (code, _, err) = run_in_memory(
        &[
            "variants", "new", "mine", "--from", "4x4", "-o", &p, "--force",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        std::fs::read_to_string(&path)
            .unwrap()
            .contains("symbols = \"1234\"")
    );
    let (code, _, err) =
        run_in_memory(&["variants", "new", "x", "--from", "nosuch", "-o", "-"], "");
    assert_eq!(code, 2);
    assert!(err.contains("neither a built-in"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

const SEEDS: &[&str] = &[
    "variant = \"4x4\"\ngivens = \"12.. 3... ...2 ..1.\"\nsolution = \"1243 3421 4132 2314\"\n[[cage]]\nsum = 5\ncells = \"r1c3 r1c4\"\n",
    "symbols = \"1234\"\ngivens = [\"1... .... .... ...2\", \"2... .... .... ....\"]\n[[grid]]\nsize = 4\nbox = [2, 2]\n[[grid]]\nat = [4, 4]\nsize = 4\nregions = \"AABB AABB CCDD CCDD\"\n[[shape]]\ncells = \"r1c1 r2c2 r3c3 r4c4\"\n",
];
const TOKENS: &[&str] = &[
    "\"", "[", "]", "=", "\n", "r", "c", "-", "0", "1", "2", "5", "9", "true", ".", "#", "size",
    "sum", "cells",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    /// Check (loader plus solver) never panics on mutated files, and its report is consistent.
    #[test]
    fn check_never_panics(
        seed in 0usize..SEEDS.len(),
        edits in proptest::collection::vec((0usize..300, 0usize..4, 0usize..TOKENS.len()), 1..4),
    ) {
        let mut text = SEEDS[seed].to_string();
        for (at, del, tok) in edits {
            let at = at.min(text.len());
            let end = (at + del).min(text.len());
            text.replace_range(at..end, TOKENS[tok]);
        }
        let opts = CheckOptions { guess_limit: 2_000, ..CheckOptions::default() };
        let r = check_str("f.toml", &text, None, &opts);
        if r.is_clean() {
            prop_assert!(r.facts.is_some());
        }
        for d in &r.diagnostics {
            let _ = shapedoku_cli::report::render_diagnostic(d);
        }
    }
}
