//! End-to-end tests of `shapedoku export` and `generate --format fpuzzles|sudokupad`: links
//! that import back to the same puzzle, the JSON form, output files, `--solve`, and refusals
//! with their exit code.

use serde_json::Value;
use shapedoku_cli::run_in_memory;
use std::path::{Path, PathBuf};

fn temp_path(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("export_cli");
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    let _ = std::fs::remove_file(&p);
    p
}

fn repo(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(path)
        .display()
        .to_string()
}

/// The answer line `solve --format json` gives for an input.
fn solved(input: &str) -> Value {
    let (code, out, err) = run_in_memory(&["solve", input, "--format", "json"], "");
    assert_eq!(code, 0, "{out}\n{err}");
    serde_json::from_str(out.trim()).unwrap()
}

#[test]
fn a_puzzle_file_exports_to_links_that_solve_the_same() {
    let file = repo("variants/puzzles/killer.toml");
    let want = solved(&file)["solutions"].clone();
    for to in ["fpuzzles", "sudokupad"] {
        let (code, out, err) = run_in_memory(&["export", &file, "--to", to], "");
        assert_eq!(code, 0, "{err}");
        let link = out.trim();
        let prefix = match to {
            "fpuzzles" => "https://f-puzzles.com/?load=",
            _ => "https://sudokupad.app/fpuzzles",
        };
        assert!(link.starts_with(prefix), "{link}");
        assert_eq!(out.lines().count(), 1);
        assert_eq!(solved(link)["solutions"], want, "{to}");
        assert!(err.contains("note:"), "{err}");
    }
}

#[test]
fn json_output_carries_the_payload_and_notes() {
    let file = repo("variants/puzzles/classic.toml");
    let (code, out, _) = run_in_memory(
        &["export", &file, "--to", "sudokupad", "--format", "json"],
        "",
    );
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["status"], "ok");
    assert_eq!(v["target"], "sudokupad");
    assert_eq!(v["payload"]["size"], 9);
    assert!(
        v["link"]
            .as_str()
            .unwrap()
            .starts_with("https://sudokupad.app/fpuzzles")
    );
    assert!(!v["notes"].as_array().unwrap().is_empty());
}

#[test]
fn output_files_and_stdout() {
    let file = repo("variants/puzzles/4x4.toml");
    let out_path = temp_path("link.txt");
    let p = out_path.display().to_string();
    let (code, out, err) = run_in_memory(&["export", &file, "--to", "fpuzzles", "-o", &p], "");
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
    let written = std::fs::read_to_string(&out_path).unwrap();
    assert!(written.starts_with("https://f-puzzles.com/?load="));
    // An existing file is kept unless --force.
    let (code, _, err) = run_in_memory(&["export", &file, "--to", "fpuzzles", "-o", &p], "");
    assert_eq!(code, 2);
    assert!(err.contains("--force"), "{err}");
    let (code, _, _) = run_in_memory(
        &["export", &file, "--to", "fpuzzles", "-o", &p, "--force"],
        "",
    );
    assert_eq!(code, 0);
    let (code, out, _) = run_in_memory(&["export", &file, "--to", "fpuzzles", "-o", "-"], "");
    assert_eq!(code, 0);
    assert_eq!(out, written);
}

#[test]
fn a_link_exports_with_its_title_author_and_rules_text() {
    let file = repo("variants/puzzles/x-diagonal.toml");
    let (_, link, _) = run_in_memory(&["export", &file, "--to", "fpuzzles"], "");
    // Imported, the file has the header; exported again, the rules text is kept.
    let (code, toml, err) = run_in_memory(&["import", link.trim()], "");
    assert_eq!(code, 0, "{err}");
    let edited = toml.replace("# Rules:\n", "# Rules:\n#   A line of the setter's own.\n");
    let (code, out, _) =
        run_in_memory(&["export", "--to", "fpuzzles", "--format", "json"], &edited);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    let rules = v["payload"]["ruleset"].as_str().unwrap();
    assert!(
        rules.starts_with("A line of the setter's own.\n"),
        "{rules}"
    );
    // A link is read directly too.
    let (code, out, _) = run_in_memory(&["export", link.trim(), "--to", "sudokupad"], "");
    assert_eq!(code, 0);
    assert!(out.starts_with("https://sudokupad.app/fpuzzles"));
}

#[test]
fn puzzle_lines_give_one_link_each_and_solve_adds_the_solution() {
    let lines = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n\
                 not a puzzle\n";
    let (code, out, err) = run_in_memory(&["export", "--to", "sudokupad", "--solve"], lines);
    assert_eq!(code, 2, "{err}");
    let got: Vec<&str> = out.lines().collect();
    assert_eq!(got.len(), 2, "{out}");
    assert!(got[0].starts_with("https://sudokupad.app/fpuzzles"));
    assert_eq!(got[1], "error");
    assert!(err.contains("line 2"), "{err}");
    let (code, toml, _) = run_in_memory(&["import", got[0]], "");
    assert_eq!(code, 0);
    assert!(toml.contains("solution = "), "{toml}");
    // Without a unique solution, --solve exports nothing.
    let (code, out, err) = run_in_memory(
        &["export", "--variant", "4x4", "--to", "fpuzzles", "--solve"],
        "1...............\n",
    );
    assert_eq!((code, out.as_str()), (1, "error\n"), "{err}");
    assert!(err.contains("not unique"), "{err}");
    // --variant is for puzzle lines; a file names its own.
    let (code, _, err) = run_in_memory(
        &[
            "export",
            "--variant",
            "4x4",
            "--to",
            "fpuzzles",
            &repo("variants/puzzles/4x4.toml"),
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("drop --variant"), "{err}");
}

#[test]
fn refusals_name_what_is_refused_and_exit_2() {
    let (code, out, err) = run_in_memory(
        &[
            "export",
            &repo("variants/puzzles/samurai.toml"),
            "--to",
            "fpuzzles",
        ],
        "",
    );
    assert_eq!(code, 2);
    assert_eq!(out, "error\n");
    assert!(err.contains("f-puzzles cannot hold this puzzle"), "{err}");
    assert!(err.contains("the layout: it has 5 grids"), "{err}");
    let seq = "variant = \"4x4\"\n[[rule]]\ntype = \"sequence\"\nname = \"steps\"\ncells = \"r1c1 r1c2\"\nregex = \"12|34\"\n";
    let (code, out, err) = run_in_memory(&["export", "--to", "sudokupad", "--format", "json"], seq);
    assert_eq!(code, 2);
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["status"], "error");
    assert_eq!(v["refused"][0]["what"], "`steps`");
    assert!(err.contains("SudokuPad cannot hold this puzzle"), "{err}");
}

#[test]
fn generate_writes_links_that_import_to_the_generated_puzzle() {
    for (to, prefix) in [
        ("fpuzzles", "https://f-puzzles.com/?load="),
        ("sudokupad", "https://sudokupad.app/fpuzzles"),
    ] {
        let (code, out, err) = run_in_memory(
            &[
                "generate", "-v", "6x6", "--seed", "7", "-n", "2", "--format", to,
            ],
            "",
        );
        assert_eq!(code, 0, "{err}");
        let links: Vec<&str> = out.lines().collect();
        assert_eq!(links.len(), 2);
        let (_, toml_out, _) = run_in_memory(
            &["generate", "-v", "6x6", "--seed", "7", "--format", "toml"],
            "",
        );
        let line = toml_out
            .lines()
            .find_map(|l| l.strip_prefix("givens = \""))
            .unwrap()
            .trim_end_matches('"')
            .to_string();
        assert!(links[0].starts_with(prefix));
        let (code, toml, err) = run_in_memory(&["import", links[0]], "");
        assert_eq!(code, 0, "{err}");
        assert!(toml.contains("name = \"6x6, seed 7\""), "{toml}");
        assert!(toml.contains("solution = "), "{toml}");
        let givens: String = toml
            .split("givens = \"\"\"\n")
            .nth(1)
            .unwrap()
            .split("\"\"\"")
            .next()
            .unwrap()
            .split_whitespace()
            .collect();
        assert_eq!(givens, line);
    }
    // A variant the app cannot hold is refused before any puzzle is made.
    let (code, out, err) = run_in_memory(
        &[
            "generate",
            "-v",
            "samurai",
            "--seed",
            "1",
            "--format",
            "sudokupad",
        ],
        "",
    );
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("5 grids"), "{err}");
}

/// A puzzle file that quotes its source link in a comment (as the published puzzles under
/// tests/data do) is still the file, for `export` as for `solve`; and f-puzzles JSON printed
/// over many lines (some opening with `[`) is still JSON.
#[test]
fn a_file_quoting_a_link_is_the_file_and_printed_json_is_json() {
    let file = repo("variants/puzzles/x-diagonal.toml");
    let text = std::fs::read_to_string(&file).unwrap();
    let quoted = format!("# Source: https://sudokupad.app/QbPRdNNRMH\n{text}");
    let want = solved(&file)["solutions"].clone();
    let (code, link, err) = run_in_memory(&["export", "-", "--to", "fpuzzles"], &quoted);
    assert_eq!(code, 0, "{err}");
    assert_eq!(solved(link.trim())["solutions"], want);
    let (code, out, err) = run_in_memory(&["solve", "--format", "json"], &quoted);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["solutions"], want);

    let (code, out, err) = run_in_memory(
        &["export", &file, "--to", "fpuzzles", "--format", "json"],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    let printed = serde_json::to_string_pretty(&v["payload"]).unwrap();
    assert!(printed.lines().any(|l| l.trim_start().starts_with('[')));
    for cmd in ["export", "solve"] {
        let args: &[&str] = match cmd {
            "export" => &["export", "-", "--to", "fpuzzles"],
            _ => &["solve", "-", "--format", "json"],
        };
        let (code, out, err) = run_in_memory(args, &printed);
        assert_eq!(code, 0, "{cmd}: {err}");
        let got = match cmd {
            "export" => solved(out.trim())["solutions"].clone(),
            _ => serde_json::from_str::<Value>(out.trim()).unwrap()["solutions"].clone(),
        };
        assert_eq!(got, want, "{cmd}");
    }
}
