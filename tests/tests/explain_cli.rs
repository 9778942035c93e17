//! `solve --explain`, `hint` and `rate` end to end, in-process.

use shapedoku_cli::run_in_memory;

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";

#[test]
fn explain_text_and_compact() {
    let (code, out, err) = run_in_memory(&["solve", "--explain"], EASY);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[1],
        "r1c6 = 8: hidden single, 8 fits nowhere else in box 2"
    );
    assert!(
        lines
            .last()
            .unwrap()
            .starts_with("solved by logic in 51 steps (easy"),
        "{out}"
    );
    let (code, out, _) = run_in_memory(&["solve", "--explain=compact"], EASY);
    assert_eq!(code, 0);
    assert_eq!(out.lines().nth(1), Some("Hidden Single: r1c6=8"));
}

#[test]
fn explain_json_keeps_placements_and_eliminations_apart() {
    let (code, out, _) = run_in_memory(&["solve", "--explain", "--format", "json"], EASY);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(v["status"], "solved");
    let steps = v["steps"].as_array().unwrap();
    assert_eq!(steps[0]["placements"][0]["cell"], "r1c6");
    assert_eq!(steps[0]["placements"][0]["symbol"], "8");
    assert!(
        steps
            .iter()
            .all(|s| s["placements"].as_array().unwrap().is_empty()
                != s["eliminations"].as_array().unwrap().is_empty())
    );
    assert_eq!(v["solution"].as_str().unwrap().len(), 81);
}

#[test]
fn hint_gives_one_step() {
    let (code, out, _) = run_in_memory(&["hint"], EASY);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "r1c6 = 8: hidden single, 8 fits nowhere else in box 2\n"
    );
    let (code, out, _) = run_in_memory(&["hint", "--style", "compact", "--format", "json"], EASY);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["step"]["compact"], "Hidden Single: r1c6=8");
    // Techniques are named by their stable catalogue ids in JSON.
    assert_eq!(v["step"]["technique"], "hidden_single");
    assert_eq!(v["step"]["name"], "Hidden Single");
    // A solved grid has nothing left; clashing givens are an error in a line as in a file (exit 2).
    let solved =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179\n";
    assert_eq!(
        run_in_memory(&["hint"], solved).1,
        "solved: nothing left to do\n"
    );
    let clash = format!("55{}\n", &EASY[2..81]);
    assert_eq!(run_in_memory(&["hint"], &clash).0, 2);
}

#[test]
fn rate_batches_keep_going_after_bad_lines() {
    let input = format!("{EASY}not a puzzle\n{EASY}");
    let (code, out, err) = run_in_memory(&["rate", "-j", "1"], &input);
    assert_eq!(code, 2, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(
        lines[0].starts_with("easy ")
            && (lines[0].contains("se=1.2") || lines[0].contains("se=1.5")),
        "{out}"
    );
    assert_eq!(lines[1], "error");
    assert_eq!(lines[0], lines[2]);
    assert!(err.contains("line 2"), "{err}");
    let (code, out, _) = run_in_memory(&["rate", "--format", "json"], EASY);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["level"], "easy");
    assert_eq!(v["guesses"], 0);
    assert_eq!(v["hardest"], "hidden_single");
    assert_eq!(v["solved"], true);
}
