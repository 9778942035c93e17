//! SudokuPad's drawing conventions on puzzles written here as SudokuPad and Sudoku Maker
//! draw them: each convention read, its reading listed, the rules text deciding, and the
//! refusals. (The real puzzles are in `tests/tests/it/sudokupad_corpus.rs`.)

use crate::constraint::RuleKind;
use crate::import::*;
use serde_json::{Value, json};

/// A blank 4x4 SudokuPad puzzle with 2x2 regions, `rules` as its rules text and `extra` keys.
fn pad(rules: &str, extra: Value) -> Value {
    let regions: Vec<Value> = (0..4)
        .map(|b| {
            let (r0, c0) = (b / 2 * 2, b % 2 * 2);
            json!([[r0, c0], [r0, c0 + 1], [r0 + 1, c0], [r0 + 1, c0 + 1]])
        })
        .collect();
    let mut p = json!({
        "cells": vec![vec![json!({}); 4]; 4],
        "regions": regions,
        "metadata": {"title": "T", "rules": rules},
    });
    for (k, v) in extra.as_object().unwrap() {
        p[k] = v.clone();
    }
    p
}

fn read(p: &Value) -> Imported {
    import(&p.to_string()).unwrap_or_else(|e| panic!("{e}"))
}

fn kinds(got: &Imported) -> Vec<String> {
    got.loaded
        .geometry
        .constraints()
        .iter()
        .map(|c| c.name.clone())
        .collect()
}

/// Sudoku Maker's thermometer: a grey bulb underlay and a thick grey line.
fn thermo(points: Value) -> Value {
    json!({"wayPoints": points, "color": "#cccf", "thickness": 19})
}

fn bulb(y: f64, x: f64) -> Value {
    json!({"center": [y, x], "width": 0.8, "height": 0.8, "rounded": true, "backgroundColor": "#cccf"})
}

#[test]
fn thermometers_branch_from_their_bulb_and_slow_ones_are_read_from_the_text() {
    // One bulb at r1c1 with two branches, drawn as two lines from the bulb.
    let lines = json!([
        thermo(json!([[0.5, 0.5], [0.5, 2.5]])),
        thermo(json!([[0.5, 0.5], [2.5, 0.5]]))
    ]);
    let p = pad(
        "Normal rules. Digits increase from the bulb.",
        json!({"lines": lines, "underlays": [bulb(0.5, 0.5)]}),
    );
    let got = read(&p);
    let thermos: Vec<&RuleKind> = got
        .loaded
        .geometry
        .constraints()
        .iter()
        .map(|c| &c.kind)
        .collect();
    assert_eq!(thermos.len(), 2, "{}", got.toml);
    assert!(
        got.toml.contains("cells = \"r1c1 r1c2 r1c3\""),
        "{}",
        got.toml
    );
    assert!(
        got.toml.contains("cells = \"r1c1 r2c1 r3c1\""),
        "{}",
        got.toml
    );
    assert!(got.readings.iter().all(|r| r.contains("a thermometer")));
    // "Increase or stay the same": slow thermometers.
    let p = pad(
        "Digits along a thermometer must increase or stay the same from the bulb.",
        json!({"lines": [thermo(json!([[0.5, 0.5], [0.5, 3.5]]))], "underlays": [bulb(0.5, 0.5)]}),
    );
    let got = read(&p);
    assert!(got.toml.contains("type = \"slow-thermo\""), "{}", got.toml);
}

#[test]
fn a_line_touching_a_hollow_circle_is_no_thermometer() {
    // A purple renban line from a white circle with a border: not a bulb (not filled).
    let p = pad(
        "Digits on a purple line are consecutive, in any order.",
        json!({
            "lines": [{"wayPoints": [[0.5, 0.5], [0.5, 2.5]], "color": "#f067f0ff", "thickness": 9.6}],
            "overlays": [{"center": [0.5, 0.5], "width": 0.82, "height": 0.82, "rounded": true, "backgroundColor": "#FFFFFF", "borderColor": "#000000"}]
        }),
    );
    let e = import(&p.to_string()).unwrap_err();
    assert!(e.message.contains("overlay 1 (r1c1)"), "{e}");
    let mut p = p;
    p.as_object_mut().unwrap().remove("overlays");
    let got = read(&p);
    assert!(got.toml.contains("type = \"renban\""), "{}", got.toml);
    assert!(!got.toml.contains("thermo"));
}

#[test]
fn arrows_kropki_xv_and_little_killers() {
    let p = pad(
        "Arrows sum to their circle. White dots: consecutive. Black dots: ratio 2. X sums to 10, V to 5. Numbers outside give the sum along the diagonal.",
        json!({
            "arrows": [
                {"wayPoints": [[0.782, 0.782], [1.5, 1.5], [1.5, 3.5]], "headLength": 0.35, "color": "#aaaf", "thickness": 3},
                {"wayPoints": [[-0.266, -0.266], [-0.068, -0.068]], "headLength": 0.18, "color": "#000000", "thickness": 3}
            ],
            "overlays": [
                {"center": [0.5, 0.5], "width": 0.82, "height": 0.82, "rounded": true, "backgroundColor": "#FFFFFF", "borderColor": "#aaaf"},
                {"center": [3, 0.5], "width": 0.34, "height": 0.34, "rounded": true, "backgroundColor": "#FFFFFF", "borderColor": "#000000"},
                {"center": [3.5, 2], "width": 0.33, "height": 0.33, "rounded": true, "backgroundColor": "#000000"},
                {"center": [2.5, 1], "width": 0.35, "height": 0.35, "rounded": true, "backgroundColor": "#FFFFFF", "text": "X"},
                {"center": [2, 3.5], "width": 0.35, "height": 0.35, "rounded": true, "backgroundColor": "#FFFFFF", "text": "v"},
                {"center": [-0.5, -0.5], "width": 1, "height": 1, "rounded": true, "text": 10, "color": "#000"}
            ]
        }),
    );
    let got = read(&p);
    let t = &got.toml;
    for want in [
        "type = \"arrow\"\ncells = \"r2c2 r2c3 r2c4\"\ncircle = \"r1c1\"",
        "pairs = [\"r3c1 r4c1\"]",
        "pairs = [\"r4c2 r4c3\"]",
        "x = [\"r3c1 r3c2\"]\nv = [\"r2c4 r3c4\"]",
        "at = [0, 0]\ndirection = \"down-right\"\ntotal = 10",
    ] {
        assert!(t.contains(want), "missing {want:?} in\n{t}");
    }
    assert_eq!(kinds(&got).len(), 5, "{t}");
    assert!(!t.contains("negative"));
}

#[test]
fn negative_constraints_come_from_the_text() {
    let dots = json!({"overlays": [
        {"center": [3, 0.5], "width": 0.34, "height": 0.34, "rounded": true, "backgroundColor": "#FFFFFF", "borderColor": "#000000"}
    ]});
    let got = read(&pad(
        "White dots join consecutive digits. All possible dots are given.",
        dots.clone(),
    ));
    assert!(got.toml.contains("negative = true"), "{}", got.toml);
    let got = read(&pad(
        "White dots join consecutive digits. Not all possible dots are given.",
        dots,
    ));
    assert!(!got.toml.contains("negative"), "{}", got.toml);
    // The engine has no negative constraint for V alone.
    let vs = json!({"overlays": [
        {"center": [2, 3.5], "width": 0.35, "height": 0.35, "rounded": true, "text": "V"}
    ]});
    let e = import(
        &pad(
            "Digits joined by a V sum to 5. All such pairs are given.",
            vs,
        )
        .to_string(),
    )
    .unwrap_err();
    assert!(e.message.contains("Vs are given"), "{e}");
}

#[test]
fn lines_are_read_by_the_rule_and_colour_the_text_names() {
    let line = |c: &str, pts: Value| json!({"wayPoints": pts, "color": c, "thickness": 10});
    let lines = json!([
        line("#67f067ff", json!([[0.5, 0.5], [0.5, 1.5]])),
        line("#f067f0ff", json!([[1.5, 0.5], [1.5, 2.5]])),
        line("#2ecbffff", json!([[3.5, 0.5], [3.5, 3.5]])),
    ]);
    let text = "Adjacent digits on a green line differ by at least 2.\nPurple lines hold consecutive digits in any order.\nDigits on a blue line have the same sum in each box.";
    let got = read(&pad(text, json!({"lines": lines.clone()})));
    let t = &got.toml;
    for want in [
        "type = \"whispers\"\ncells = \"r1c1 r1c2\"\ndifference = 2",
        "type = \"renban\"\ncells = \"r2c1 r2c2 r2c3\"",
        "type = \"region-sum\"\ncells = \"r4c1 r4c2 r4c3 r4c4\"",
    ] {
        assert!(t.contains(want), "missing {want:?} in\n{t}");
    }
    // A paragraph naming several rules for one colour decides nothing: refused, named.
    let e = import(
        &pad(
            "Each line is either a German whisper, a renban, or a region sum line.",
            json!({"lines": lines}),
        )
        .to_string(),
    )
    .unwrap_err();
    assert_eq!(e.key.as_deref(), Some("drawing"), "{e}");
    assert!(e.message.contains("line 1 (r1c1 r1c2), green"), "{e}");
}

#[test]
fn odd_and_even_shading_and_cages_follow_the_text() {
    let shading = json!({"underlays": [
        {"center": [0.5, 0.5], "width": 0.7, "height": 0.7, "rounded": true, "backgroundColor": "#d4da31e6"},
        {"center": [0.5, 1.5], "width": 0.7, "height": 0.7, "backgroundColor": "#d4da31e6"}
    ], "cages": [{"cells": [[3, 0], [3, 1]], "unique": true}]});
    let got = read(&pad(
        "Yellow circles contain odd digits. Yellow squares contain even digits.\nDigits cannot repeat within a cage.",
        shading.clone(),
    ));
    let t = &got.toml;
    assert!(t.contains("type = \"odd\"\ncells = \"r1c1\""), "{t}");
    assert!(t.contains("type = \"even\"\ncells = \"r1c2\""), "{t}");
    assert!(
        t.contains("[[shape]]   # cage 1\ncells = \"r4c1 r4c2\""),
        "{t}"
    );
    // Without the text, shading and a cage without a total are not rules anyone can read.
    let e = import(&pad("Normal rules.", shading.clone()).to_string()).unwrap_err();
    assert!(e.message.contains("has no total"), "{e}");
    let e = import(&pad("Digits in a cage may repeat.", shading).to_string()).unwrap_err();
    assert!(
        e.message.contains("may repeat") || e.message.contains("repeat in cages"),
        "{e}"
    );
}

#[test]
fn a_stated_digit_set_other_than_one_to_n_is_refused() {
    let e = import(
        &pad(
            "Fill the grid with the digits 1-9 so that no digit repeats.",
            json!({}),
        )
        .to_string(),
    )
    .unwrap_err();
    assert_eq!(e.key.as_deref(), Some("rules"));
    assert!(e.message.contains("digits 1 to 9"), "{e}");
    assert!(import(&pad("Place the digits 1 to 4 once each.", json!({})).to_string()).is_ok());
}

#[test]
fn a_solution_breaking_a_reading_is_refused_with_the_rule_named() {
    // The thermometer r1c1 → r1c2 read, but the setter's solution decreases along it.
    let mut p = pad(
        "Normal rules.",
        json!({"lines": [thermo(json!([[0.5, 0.5], [0.5, 1.5]]))], "underlays": [bulb(0.5, 0.5)]}),
    );
    p["metadata"]["solution"] = json!("2143341243211234");
    let e = import(&p.to_string()).unwrap_err();
    assert_eq!(e.key.as_deref(), Some("solution"), "{e}");
    assert!(e.message.contains("breaks rule `thermo 1`"), "{e}");
    p["metadata"]["solution"] = json!("1234341243212143");
    read(&p);
}

#[test]
fn global_rules_of_the_f_puzzles_conversion() {
    let got = read(&pad("Normal rules.", json!({"global": ["antiknight"]})));
    assert!(got.toml.contains("type = \"anti-knight\""), "{}", got.toml);
    let e = import(&pad("", json!({"global": ["antifoo"]})).to_string()).unwrap_err();
    assert_eq!(e.key.as_deref(), Some("global"));
}

#[test]
fn numbers_outside_are_the_clues_the_text_names() {
    let clue =
        json!({"overlays": [{"center": [-0.5, 1.5], "width": 0.6, "height": 0.6, "text": "5"}]});
    let got = read(&pad(
        "Numbers outside the grid are sandwich sums: the digits between 1 and 4.",
        clue.clone(),
    ));
    assert!(
        got.toml
            .contains("type = \"sandwich\"\nat = [0, 2]\ntotal = 5"),
        "{}",
        got.toml
    );
    // Without a named kind, the number is refused, named.
    let e = import(&pad("Normal rules.", clue).to_string()).unwrap_err();
    assert!(
        e.message
            .contains("overlay 1 (outside the grid), reading `5`"),
        "{e}"
    );
}

#[test]
fn loops_and_background_images() {
    // A closed entropic loop: the loop, and the windows across its start as a second line.
    let loop_line = json!({"wayPoints": [[0.5, 0.5], [0.5, 2.5], [1.5, 2.5], [1.5, 0.5], [0.5, 0.5]], "color": "#fcaf", "thickness": 10});
    let mut p = pad(
        "Every three cells along a peach entropic line hold a low, middle and high digit.",
        json!({"lines": [loop_line]}),
    );
    // On a 9x9 without regions, where digits split in thirds.
    p["cells"] = json!(vec![vec![json!({}); 9]; 9]);
    p.as_object_mut().unwrap().remove("regions");
    let got = read(&p);
    assert!(
        got.toml
            .contains("cells = \"r1c1 r1c2 r1c3 r2c3 r2c2 r2c1\""),
        "{}",
        got.toml
    );
    assert!(
        got.toml.contains("cells = \"r2c2 r2c1 r1c1 r1c2\""),
        "{}",
        got.toml
    );
    // Part of the puzzle drawn in a background image cannot be read.
    let mut p = pad("Normal rules.", json!({}));
    p["metadata"]["bgimage"] = json!("https://example.org/lines.png");
    let e = import(&p.to_string()).unwrap_err();
    assert!(e.message.contains("background image"), "{e}");
}
