//! `solve --explain`, `hint` and `rate` end to end, in-process.

use shapedoku_cli::run_in_memory;

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";

#[test]
fn explain_teach_says_why_each_step_works() {
    let naked = "r5c5 = 5: naked single, 5 is the only candidate left. Why: Every other symbol \
                 is already ruled out in r5c5, by a cell it shares a shape with or by an earlier \
                 step, so 5 is all it can hold.";
    let (code, out, err) = run_in_memory(&["solve", "--explain=teach"], EASY);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().nth(1), Some(naked));
    let (code, out, err) = run_in_memory(&["hint", "--style", "teach"], EASY);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim_end(), naked);
    // JSON carries the why-text whatever the style.
    let (code, out, _) = run_in_memory(&["hint", "--format", "json"], EASY);
    assert_eq!(code, 0);
    assert!(
        out.contains("\"why\":\"Every other symbol is already ruled out in r5c5"),
        "{out}"
    );
}

#[test]
fn explain_text_and_compact() {
    let (code, out, err) = run_in_memory(&["solve", "--explain"], EASY);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    // Singles go as in HoDoKu: a naked single before a hidden one.
    assert_eq!(
        lines[1],
        "r5c5 = 5: naked single, 5 is the only candidate left"
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
    assert_eq!(out.lines().nth(1), Some("Naked Single: r5c5=5"));
}

#[test]
fn explain_json_keeps_placements_and_eliminations_apart() {
    let (code, out, _) = run_in_memory(&["solve", "--explain", "--format", "json"], EASY);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(v["status"], "solved");
    let steps = v["steps"].as_array().unwrap();
    assert_eq!(steps[0]["placements"][0]["cell"], "r5c5");
    assert_eq!(steps[0]["placements"][0]["symbol"], "5");
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
        "r5c5 = 5: naked single, 5 is the only candidate left\n"
    );
    let (code, out, _) = run_in_memory(&["hint", "--style", "compact", "--format", "json"], EASY);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["step"]["compact"], "Naked Single: r5c5=5");
    // Techniques are named by their stable catalogue ids in JSON.
    assert_eq!(v["step"]["technique"], "naked_single");
    assert_eq!(v["step"]["name"], "Naked Single");
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
    // Naked singles alone solve it, yet the SE estimate takes the hidden singles available.
    assert_eq!(v["hardest"], "naked_single");
    assert_eq!(v["se"], 1.2);
    assert_eq!(v["solved"], true);
}

#[test]
fn candidate_grids_in_every_form_are_read_back() {
    // The position a hint is taken in, written in each form, reads back.
    let grid_of = |out: &str| -> String {
        out.lines()
            .filter(|l| !l.contains(" = "))
            .map(|l| format!("{l}\n"))
            .collect()
    };
    for form in ["table", "tokens", "line"] {
        let flag = format!("--candidates={form}");
        let (code, out, err) = run_in_memory(&["hint", &flag], EASY);
        assert_eq!(code, 0, "{err}");
        let grid = grid_of(&out);
        assert!(
            out.ends_with("naked single, 5 is the only candidate left\n"),
            "{out}"
        );
        let (code, again, err) = run_in_memory(&["hint", &flag], &grid);
        assert_eq!(code, 0, "{form}: {err}\n{grid}");
        // Cells with one candidate read back as placed values (which clear their peers), so
        // the grid printed again has the same form and size, with no more candidates.
        let placed = grid_of(&again);
        assert_eq!(placed.lines().count(), grid.lines().count(), "{form}");
        assert!(placed.matches(char::is_numeric).count() <= grid.matches(char::is_numeric).count());
        let (code, rated, err) = run_in_memory(&["rate"], &grid);
        assert_eq!(code, 0, "{form}: {err}");
        assert!(rated.starts_with("easy"), "{rated}");
    }
    let (_, table, _) = run_in_memory(&["hint", "--candidates"], EASY);
    assert!(table.starts_with(".---"), "{table}");
    // A candidate that is not a symbol: the error names its line and column.
    let bad: String = table
        .lines()
        .filter(|l| !l.contains(" = "))
        .collect::<Vec<_>>()
        .join("\n")
        .replacen("124", "1x4", 1);
    let (code, _, err) = run_in_memory(&["rate"], &bad);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("line 2, column 18: `x` is not a symbol"),
        "{err}"
    );
    // Candidates that rule out the solution are refused (r1c3 is 4).
    let plain: Vec<&str> = table.lines().filter(|l| !l.contains(" = ")).collect();
    let wrong = plain.join("\n").replacen("124 ", "12  ", 1);
    let (code, _, err) = run_in_memory(&["rate"], &wrong);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("the candidates of r1c3 rule out 4"), "{err}");
}

/// A jigsaw whose r9c9 may only be 2 or 9 (docs/format.md, Candidates).
const JIGSAW: &str = "variant = \"jigsaw\"\ngivens = \"\"\"\n....94...\n....3..2.\n.....7.4.\n..862....\n3.9.....6\n.........\n51.......\n....1....\n...2.....\n\"\"\"\n";

#[test]
fn a_variants_candidates_are_where_hint_and_rate_start() {
    let narrowed = format!("{JIGSAW}candidates = {{ r9c9 = \"29\", r1-2c1 = \"6789\" }}\n");
    let (code, out, err) = run_in_memory(&["hint"], &narrowed);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "r9c9 = 9: naked single, 9 is the only candidate left\n"
    );
    // Without them the first step is elsewhere: the hint comes from the candidates alone.
    let (code, out, _) = run_in_memory(&["hint"], JIGSAW);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "r6c1 = 1: hidden single, 1 fits nowhere else in region D\n"
    );
    let (code, out, _) = run_in_memory(&["solve", "--explain"], &narrowed);
    assert_eq!(code, 0);
    assert_eq!(
        out.lines().next(),
        Some("r9c9 = 9: naked single, 9 is the only candidate left")
    );
    // The position printed back as a puzzle file's table holds the narrowed cells.
    let (code, out, _) = run_in_memory(&["hint", "--candidates=toml"], &narrowed);
    assert_eq!(code, 0);
    assert!(out.starts_with("[candidates]\n"), "{out}");
    assert!(out.contains("\nr9c9 = \"9\"\n"), "{out}");
    assert!(out.contains("\nr1c1 = \"678\"\n"), "{out}");
    // ... and reads back as the same position.
    let table = out.lines().filter(|l| !l.contains(':')).collect::<Vec<_>>();
    let back = format!("{JIGSAW}{}\n", table.join("\n"));
    let (code, again, err) = run_in_memory(&["hint", "--candidates=toml"], &back);
    assert_eq!(code, 0, "{err}");
    assert_eq!(again, out);
    let (code, _, err) = run_in_memory(&["rate"], &narrowed);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn solve_and_rate_count_only_solutions_within_the_candidates() {
    let four = "variant = \"4x4\"\ngivens = \"12.. .... .... ....\"\n";
    let (_, out, _) = run_in_memory(&["solve", "--count", "100"], four);
    assert_eq!(out.lines().last(), Some("24 solutions"));
    let narrowed = format!("{four}candidates = {{ r2c1 = \"3\" }}\n");
    let (_, out, _) = run_in_memory(&["solve", "--count", "100"], &narrowed);
    assert_eq!(out.lines().last(), Some("12 solutions"));
    // Candidates that leave out the solution's value: no solution, and nothing to rate.
    let wrong = format!("{JIGSAW}candidates = {{ r9c9 = \"12\" }}\n");
    let (code, _, err) = run_in_memory(&["solve"], JIGSAW);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = run_in_memory(&["solve"], &wrong);
    assert_ne!(code, 0, "{out}");
    assert!(format!("{out}{err}").contains("no solution"), "{out}{err}");
    let (code, out, err) = run_in_memory(&["rate"], &wrong);
    assert_ne!(code, 0, "{out}");
    assert!(format!("{out}{err}").contains("no solution"), "{out}{err}");
}
