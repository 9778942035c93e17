//! End-to-end tests of `shapedoku import` and `candidates`, links given to `solve`, `hint`,
//! `rate` and `render`, and `solve --count --estimate`, with puzzles written here in the
//! f-puzzles and SudokuPad JSON forms (no network).

use serde_json::{Value, json};
use shapedoku_cli::run_in_memory;
use std::path::{Path, PathBuf};

fn temp_path(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("import_cli");
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    let _ = std::fs::remove_file(&p);
    p
}

/// An f-puzzles puzzle of `size` with the givens of `line` (`.` for none) and `extra` keys.
fn fpuzzle(size: usize, line: &str, extra: Value) -> Value {
    let digits: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
    let grid: Vec<Vec<Value>> = (0..size)
        .map(|r| {
            (0..size)
                .map(|c| match digits[r * size + c].to_digit(17) {
                    Some(v) => json!({"value": v, "given": true}),
                    None => json!({}),
                })
                .collect()
        })
        .collect();
    let mut p = json!({"size": size, "grid": grid, "title": "Test", "author": "Us"});
    for (k, v) in extra.as_object().unwrap() {
        p[k] = v.clone();
    }
    p
}

fn f_link(p: &Value) -> String {
    format!(
        "https://www.f-puzzles.com/?load={}",
        lz_str::compress_to_base64(p.to_string().as_str())
    )
}

const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// The count `solve --count N --format json` reports for an input.
fn count(input: &str) -> (i32, u64, bool) {
    let (code, out, err) =
        run_in_memory(&["solve", input, "--count", "1000", "--format", "json"], "");
    let v: Value = serde_json::from_str(out.trim()).unwrap_or_else(|_| panic!("{out}\n{err}"));
    (
        code,
        v["count"].as_u64().unwrap(),
        v["exact"].as_bool().unwrap(),
    )
}

#[test]
fn import_then_solve_counts_what_solving_the_link_counts() {
    // A 6x6 with a cage, a thermometer, anti-king and a cosmetic circle: several solutions.
    let p = fpuzzle(
        6,
        "1..... ...... ...... ...... ...... .....2",
        json!({
            "killercage": [{"cells": ["R2C1", "R2C2"], "value": "9"}],
            "thermometer": [{"lines": [["R6C1", "R5C1", "R4C1"]]}],
            "antiking": true,
            "circle": [{"cells": ["R3C3"], "baseC": "#fff", "outlineC": "#000", "fontC": "#000", "width": 0.6, "height": 0.6}]
        }),
    );
    let link = f_link(&p);
    let (code, direct, exact) = count(&link);
    assert_eq!(code, 0);
    assert!(exact && direct > 1, "{direct}");
    let file = temp_path("six.toml");
    let f = file.to_str().unwrap();
    let (code, out, err) = run_in_memory(&["import", &link, "-o", f], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.is_empty());
    assert!(
        err.contains("`circle` 1 (r3c3)") && err.contains("drawn only"),
        "{err}"
    );
    assert!(err.contains(&format!("wrote {f}")), "{err}");
    assert_eq!(count(f), (0, direct, true));
    // The link in a file, and the JSON in a file, read the same.
    let in_file = temp_path("link.txt");
    std::fs::write(&in_file, format!("{link}\n")).unwrap();
    assert_eq!(count(in_file.to_str().unwrap()), (0, direct, true));
    let json_file = temp_path("puzzle.json");
    std::fs::write(&json_file, serde_json::to_string_pretty(&p).unwrap()).unwrap();
    assert_eq!(count(json_file.to_str().unwrap()), (0, direct, true));
    // An existing output file is kept unless --force.
    let (code, _, err) = run_in_memory(&["import", &link, "-o", f], "");
    assert_eq!(code, 2);
    assert!(err.contains("--force"), "{err}");
    assert_eq!(
        run_in_memory(&["import", &link, "-o", f, "--force"], "").0,
        0
    );
    // From standard input, to standard output.
    let (code, out, _) = run_in_memory(&["import"], &link);
    assert_eq!(code, 0);
    assert!(
        out.contains("type = \"anti-king\"") && out.contains("name = \"Test\""),
        "{out}"
    );
}

#[test]
fn sudokupad_links_round_trip_too() {
    let scl = "{ce:[[{v:1},,,],[,,,],[,,,],[,,,]],re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],ca:[{ce:[[3,2],[3,3]],v:7},{v:'title: Pad'}]}";
    let link = format!(
        "https://sudokupad.app/scl{}",
        lz_str::compress_to_base64(scl)
    );
    let (code, direct, exact) = count(&link);
    assert!(code == 0 && exact && direct > 1);
    let file = temp_path("pad.toml");
    let f = file.to_str().unwrap();
    assert_eq!(run_in_memory(&["import", &link, "-o", f], "").0, 0);
    assert_eq!(count(f), (0, direct, true));
}

#[test]
fn unknown_constraints_are_refused_by_name() {
    // Nabner lines: a constraint f-puzzles has and the engine cannot state, refused by name.
    let p = fpuzzle(
        4,
        "1... .... .... ....",
        json!({"nabner": [{"lines": [["R1C1", "R1C2"]]}]}),
    );
    let link = f_link(&p);
    for args in [vec!["import", link.as_str()], vec!["solve", link.as_str()]] {
        let (code, out, err) = run_in_memory(&args, "");
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty() || out.trim() == "error", "{out}");
        assert!(
            err.contains("cannot import") && err.contains("`nabner`"),
            "{err}"
        );
    }
    let (code, _, err) = run_in_memory(&["import", "https://sudokupad.app/abc123"], "");
    assert_eq!(code, 2);
    assert!(err.contains("short puzzle id"), "{err}");
    let (code, _, err) = run_in_memory(&["import", "no-such-file.toml"], "");
    assert_eq!(code, 2);
    assert!(err.contains("no such file"), "{err}");
}

#[test]
fn hint_rate_and_render_take_links() {
    let link = f_link(&fpuzzle(9, CLASSIC, json!({})));
    let (code, out, err) = run_in_memory(&["hint", &link], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("single"), "{out}");
    let (code, out, _) = run_in_memory(&["rate", &link], "");
    assert_eq!(code, 0);
    assert!(!out.trim().is_empty());
    let (code, out, _) = run_in_memory(&["render", &link], "");
    assert_eq!(code, 0);
    assert!(out.starts_with("<svg"));
}

#[test]
fn candidates_lists_every_value_some_solution_uses() {
    // The 1s and 2s of columns 3 and 4 can be swapped: two solutions.
    let file = temp_path("two.toml");
    std::fs::write(
        &file,
        "variant = \"4x4\"\ngivens = \"1234 34.. 21.. 43..\"\n",
    )
    .unwrap();
    let f = file.to_str().unwrap();
    let (code, out, err) = run_in_memory(&["candidates", f], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "1  2  3  4\n3  4  12 12\n2  1  4  3\n4  3  12 12\n12 cells with one candidate, 4 with several; 2 solutions found\n"
    );
    let (_, out, _) = run_in_memory(&["candidates", f, "--format", "json"], "");
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["status"], "complete");
    assert_eq!(
        v["cells"][6],
        json!({"cell": "r2c3", "candidates": "12", "undecided": ""})
    );
    assert_eq!(v["solutions_found"], 2);
    // The cap, said when reached: exit 3, and the cells it leaves open are marked.
    let (code, out, _) = run_in_memory(&["candidates", "--max-solutions", "1", f], "");
    assert_eq!(code, 3);
    assert!(out.contains("1? ") || out.contains("2? "), "{out}");
    assert!(out.contains("solution cap of 1 reached"), "{out}");
    let (code, out, _) = run_in_memory(&["candidates", "-v", "4x4"], "123. ...4 .... ....\n");
    assert_eq!(code, 1);
    assert!(out.ends_with("no solution\n"), "{out}");
    let (code, with, _) = run_in_memory(&["render", "--candidates", f], "");
    assert_eq!(code, 0);
    let (_, without, _) = run_in_memory(&["render", f], "");
    // Two candidates in each of four empty cells, one in each of the other two.
    assert_eq!(
        with.matches("<text").count(),
        without.matches("<text").count() + 10
    );
}

#[test]
fn estimates_state_their_error_and_come_close() {
    // The blank 4x4 has 288 solutions.
    let (code, out, err) = run_in_memory(
        &[
            "solve",
            "-v",
            "4x4",
            "--count",
            "10",
            "--estimate",
            "--seed",
            "5",
            "--probes",
            "3000",
            "--format",
            "json",
        ],
        "................\n",
    );
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    let e = &v["estimate"];
    // Numbers as text (a JSON number cannot hold the large ones), and as logarithms.
    let number = |key: &str| e[key].as_str().unwrap().parse::<f64>().unwrap();
    let (mean, se) = (number("solutions"), number("std_error"));
    assert_eq!(e["status"], "estimated");
    assert!(
        (e["log10_solutions"].as_f64().unwrap() - mean.log10()).abs() < 1e-3,
        "{e}"
    );
    assert!(
        (mean - 288.0).abs() <= 3.0 * se && se > 0.0 && se < 30.0,
        "{e}"
    );
    assert_eq!(
        (e["probes"].as_u64(), e["seed"].as_u64()),
        (Some(3000), Some(5))
    );
    // Text for one file names the estimate, its error, the probes and the seed.
    let file = temp_path("blank.toml");
    std::fs::write(&file, "variant = \"4x4\"\n").unwrap();
    let (code, out, _) = run_in_memory(
        &[
            "solve",
            file.to_str().unwrap(),
            "--count",
            "2",
            "--estimate",
            "--seed",
            "9",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert!(
        out.contains("estimated") && out.contains("standard error") && out.contains("seed 9"),
        "{out}"
    );
    // Below the count there is nothing to estimate: the count is exact.
    let (_, out, _) = run_in_memory(
        &["solve", "-v", "4x4", "--count", "1000", "--estimate"],
        "................\n",
    );
    assert!(out.starts_with("288 "), "{out}");
    // --estimate needs --count.
    assert_eq!(
        run_in_memory(&["solve", "--estimate", file.to_str().unwrap()], "").0,
        2
    );
}

/// A link that states its solution but reads with several says the reading is probably
/// incomplete, on standard error and in the JSON answer; one proved unique says so too.
#[test]
fn a_stated_solution_with_others_is_reported_as_an_incomplete_reading() {
    // An empty 4x4 whose rules text speaks of a rule nothing in the payload carries.
    let mut p = fpuzzle(4, &".".repeat(16), json!({}));
    p["ruleset"] = json!("Every clue is a lie.");
    p["solution"] = json!([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
    let (_, out, err) = run_in_memory(&["solve", &f_link(&p), "--format", "json"], "");
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["status"], "several", "{out}");
    assert_eq!(v["stated_solution_unique"], false, "{out}");
    assert!(err.contains("probably incomplete"), "{err}");
    // The givens of the solution but one make it unique: proved, and said.
    let line = "1234341221434321";
    let givens: String = line
        .chars()
        .enumerate()
        .map(|(i, c)| if i == 0 { '.' } else { c })
        .collect();
    let mut p = fpuzzle(4, &givens, json!({}));
    p["solution"] = json!([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
    let (_, out, err) = run_in_memory(&["solve", &f_link(&p), "--format", "json"], "");
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["stated_solution_unique"], true, "{out}");
    assert!(!err.contains("probably incomplete"), "{err}");
}
