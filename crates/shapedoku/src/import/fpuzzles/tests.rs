//! The f-puzzles keys read with their exact meanings: each case counts the 4x4 grids an
//! imported puzzle allows against a filter of all 288 4x4 Sudokus written here straight from
//! the meaning f-puzzles gives the key, so a reading that differs from the format shows up as a
//! different count. Also the refusals, the settings that are no rules, and the key table.

use crate::Solver;
use crate::import::*;
use serde_json::{Value, json};

fn blank(n: usize) -> Value {
    Value::Array(vec![Value::Array(vec![json!({}); n]); n])
}

fn puzzle(key: &str, value: Value) -> Value {
    let mut j = json!({"size": 4, "grid": blank(4)});
    j[key] = value;
    j
}

/// Every 4x4 Sudoku, as values by row and column from 1.
fn all_grids() -> Vec<[[i64; 4]; 4]> {
    let l = crate::load::load_builtin("4x4").unwrap();
    let count = Solver::new(&l.puzzle).count(1000);
    assert_eq!(count.solutions.len(), 288);
    count
        .solutions
        .iter()
        .map(|s| {
            let v = s.as_indices();
            let mut g = [[0; 4]; 4];
            for (i, x) in v.iter().enumerate() {
                g[i / 4][i % 4] = i64::from(*x) + 1;
            }
            g
        })
        .collect()
}

/// How many grids the imported puzzle allows.
fn imported_count(j: &Value) -> usize {
    let got = import(&j.to_string()).unwrap_or_else(|e| panic!("{e}\n{j}"));
    Solver::new(&got.loaded.puzzle).count(1000).solutions.len()
}

fn filtered(f: impl Fn(&[[i64; 4]; 4]) -> bool) -> usize {
    all_grids().iter().filter(|g| f(g)).count()
}

/// Orthogonal neighbours of (r, c), from 0.
fn around(r: usize, c: usize) -> Vec<(usize, usize)> {
    let mut v = Vec::new();
    if r > 0 {
        v.push((r - 1, c));
    }
    if r < 3 {
        v.push((r + 1, c));
    }
    if c > 0 {
        v.push((r, c - 1));
    }
    if c < 3 {
        v.push((r, c + 1));
    }
    v
}

#[test]
fn nonconsecutive_exempts_every_dotted_pair() {
    // White dot r1c1-r1c2, black dot r2c1-r2c2, nonconsecutive and a negative ratio: no other
    // orthogonal pair is consecutive or in ratio 2.
    let mut j = puzzle("difference", json!([{"cells": ["R1C1", "R1C2"]}]));
    j["ratio"] = json!([{"cells": ["R2C1", "R2C2"]}]);
    j["nonconsecutive"] = json!(true);
    j["negative"] = json!(["ratio"]);
    let dotted = |a: (usize, usize), b: (usize, usize)| {
        let p = (a.min(b), a.max(b));
        p == ((0, 0), (0, 1)) || p == ((1, 0), (1, 1))
    };
    let want = filtered(|g| {
        (g[0][0] - g[0][1]).abs() == 1
            && (g[1][0] == 2 * g[1][1] || g[1][1] == 2 * g[1][0])
            && (0..4).all(|r| {
                (0..4).all(|c| {
                    around(r, c).into_iter().all(|(r2, c2)| {
                        let (a, b) = (g[r][c], g[r2][c2]);
                        dotted((r, c), (r2, c2)) || ((a - b).abs() != 1 && a != 2 * b && b != 2 * a)
                    })
                })
            })
    });
    assert_eq!(imported_count(&j), want);
    // Alone, `nonconsecutive` is the global rule; with white dots only, their negative.
    let j = puzzle("nonconsecutive", json!(true));
    let alone = filtered(|g| {
        (0..4).all(|r| {
            (0..4).all(|c| {
                around(r, c)
                    .iter()
                    .all(|&(r2, c2)| (g[r][c] - g[r2][c2]).abs() != 1)
            })
        })
    });
    assert_eq!(imported_count(&j), alone);
    // Nonconsecutive with black dots only would need a white-only negative: refused by name.
    let mut j = puzzle("ratio", json!([{"cells": ["R2C1", "R2C2"]}]));
    j["nonconsecutive"] = json!(true);
    let e = import(&j.to_string()).unwrap_err();
    assert_eq!(e.key.as_deref(), Some("nonconsecutive"), "{e}");
}

#[test]
fn touching_minimum_cells_are_not_compared() {
    let j = puzzle("minimum", json!([{"cell": "R1C1"}, {"cell": "R1C2"}]));
    let mins = [(0, 0), (0, 1)];
    let want = filtered(|g| {
        mins.iter().all(|&(r, c)| {
            around(r, c)
                .into_iter()
                .filter(|x| !mins.contains(x))
                .all(|(r2, c2)| g[r][c] < g[r2][c2])
        })
    });
    assert!(want > 0);
    assert_eq!(imported_count(&j), want);
    let got = import(&j.to_string()).unwrap();
    assert!(
        got.readings
            .iter()
            .any(|r| r.contains("2-cell thermometer"))
    );
    // Old files write a maximum in the grid cell itself.
    let mut j = puzzle("maximum", json!([{"cell": "R4C4"}]));
    j["grid"][3][2] = json!({"extreme": "Maximum"});
    let maxs = [(3, 3), (3, 2)];
    let want = filtered(|g| {
        maxs.iter().all(|&(r, c)| {
            around(r, c)
                .into_iter()
                .filter(|x| !maxs.contains(x))
                .all(|(r2, c2)| g[r][c] > g[r2][c2])
        })
    });
    assert_eq!(imported_count(&j), want);
}

#[test]
fn a_killer_cage_without_a_value_only_forbids_repeats() {
    let j = puzzle(
        "killercage",
        json!([{"cells": ["R1C1", "R2C2"]}, {"cells": ["R3C1", "R4C2"], "value": ""}]),
    );
    let want = filtered(|g| g[0][0] != g[1][1] && g[2][0] != g[3][1]);
    assert_eq!(imported_count(&j), want);
    assert!(
        import(&j.to_string())
            .unwrap()
            .toml
            .contains("[[cage]]   # `killercage` 1\ncells = \"r1c1 r2c2\"")
    );
}

#[test]
fn slow_thermometers_may_repeat_and_outgrow_the_alphabet() {
    // Five cells on a 4x4, zig-zagging across the boxes so that neighbours may be equal.
    let j = puzzle(
        "slowthermometer",
        json!([{"lines": [["R2C1", "R3C2", "R2C3", "R3C4", "R4C3"]]}]),
    );
    let line = [(1, 0), (2, 1), (1, 2), (2, 3), (3, 2)];
    let want = filtered(|g| {
        line.windows(2)
            .all(|w| g[w[0].0][w[0].1] <= g[w[1].0][w[1].1])
    });
    assert!(want > 0);
    assert_eq!(imported_count(&j), want);
}

#[test]
fn line_keys_the_engine_has_are_read() {
    let line = json!([{"lines": [["R1C1", "R1C2", "R2C3", "R2C4"]]}]);
    let cells = [(0, 0), (0, 1), (1, 2), (1, 3)];
    let v = |g: &[[i64; 4]; 4], i: usize| g[cells[i].0][cells[i].1];
    type Check = fn(&[[i64; 4]; 4], &dyn Fn(&[[i64; 4]; 4], usize) -> i64) -> bool;
    let cases: [(&str, Check); 4] = [
        // Each box's run adds up alike: r1c1+r1c2 (box 1) = r2c3+r2c4 (box 2).
        ("regionsumline", |g, v| {
            v(g, 0) + v(g, 1) == v(g, 2) + v(g, 3)
        }),
        ("zipperline", |g, v| v(g, 0) + v(g, 3) == v(g, 1) + v(g, 2)),
        ("doublearrow", |g, v| v(g, 0) + v(g, 3) == v(g, 1) + v(g, 2)),
        ("modularline", |g, v| {
            (0..2).all(|i| {
                let m = [v(g, i) % 3, v(g, i + 1) % 3, v(g, i + 2) % 3];
                m[0] != m[1] && m[1] != m[2] && m[0] != m[2]
            })
        }),
    ];
    for (key, check) in cases {
        let want = filtered(|g| check(g, &v));
        assert_eq!(imported_count(&puzzle(key, line.clone())), want, "{key}");
    }
    // Whispers with the difference written, and without it half the size rounded up.
    let want = filtered(|g| (0..3).all(|i| (v(g, i) - v(g, i + 1)).abs() >= 3));
    let j = puzzle(
        "whispers",
        json!([{"lines": [["R1C1", "R1C2", "R2C3", "R2C4"]], "value": "3"}]),
    );
    assert_eq!(imported_count(&j), want);
    let want = filtered(|g| (0..3).all(|i| (v(g, i) - v(g, i + 1)).abs() >= 2));
    assert_eq!(imported_count(&puzzle("whispers", line.clone())), want);
    // An entropic line needs thirds: refused on a 4x4, by name.
    let e = import(&puzzle("entropicline", line).to_string()).unwrap_err();
    assert_eq!(e.key.as_deref(), Some("entropicline"));
}

#[test]
fn indexers_arrows_and_given_pencil_marks() {
    // Column 1 indexes the columns of its row: r c1 holding k says r ck holds 1.
    let j = puzzle(
        "columnindexer",
        json!([{"cells": ["R1C1", "R2C1", "R3C1", "R4C1"]}]),
    );
    let want = filtered(|g| (0..4).all(|r| g[r][g[r][0] as usize - 1] == 1));
    assert_eq!(imported_count(&j), want);
    let j = puzzle(
        "rowindexer",
        json!([{"cells": ["R1C2"]}, {"cells": ["R3C2"]}]),
    );
    let want = filtered(|g| {
        [0, 2]
            .iter()
            .all(|&r| g[g[r][1] as usize - 1][1] == r as i64 + 1)
    });
    assert_eq!(imported_count(&j), want);
    // An arrow's line starts on its circle: the rest sums to the circle.
    let j = puzzle(
        "arrow",
        json!([{"cells": ["R1C1"], "lines": [["R1C1", "R2C2", "R3C2"]]}]),
    );
    let want = filtered(|g| g[0][0] == g[1][1] + g[2][1]);
    assert_eq!(imported_count(&j), want);
    // Given pencil marks narrow a cell; a solver's pencil marks do not.
    let mut j = json!({"size": 4, "grid": blank(4)});
    j["grid"][0][0] = json!({"givenPencilMarks": [1, 2]});
    j["grid"][0][1] = json!({"centerPencilMarks": [1]});
    let want = filtered(|g| g[0][0] <= 2);
    assert_eq!(imported_count(&j), want);
}

#[test]
fn settings_are_no_rules_and_refusals_name_the_key() {
    let mut j = json!({"size": 4, "grid": blank(4)});
    for key in [
        "highlightConflicts",
        "disabledlogic",
        "truecandidatesoptions",
        "fogofwar",
        "successMessage",
    ] {
        j[key] = json!(false);
    }
    assert_eq!(imported_count(&j), 288);
    for (key, value) in [
        ("nabner", json!([{"lines": [["R1C1", "R1C2"]]}])),
        ("lockout", json!([{"lines": [["R1C1", "R1C2"]]}])),
        (
            "betweenline",
            json!([{"lines": [["R1C1", "R1C2", "R1C3"], ["R1C3", "R2C3"]]}]),
        ),
        ("xv", json!([{"cells": ["R1C1", "R1C2"], "value": "x"}])),
    ] {
        let e = import(&puzzle(key, value).to_string()).unwrap_err();
        assert_eq!(e.key.as_deref(), Some(key), "{e}");
    }
}

#[test]
fn an_embedded_solution_that_breaks_a_rule_refuses_the_import() {
    // 1234 3412 2143 4321 has r1c2 (2) after r1c1 (1): a thermometer the other way breaks it.
    let mut j = puzzle("thermometer", json!([{"lines": [["R1C2", "R1C1"]]}]));
    j["solution"] = json!([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
    let e = import(&j.to_string()).unwrap_err();
    assert!(e.message.contains("breaks rule `thermo"), "{e}");
    assert!(e.message.contains("`thermometer` 1"), "{e}");
}

#[test]
fn a_solution_written_as_strings_is_read_and_checked() {
    // Real payloads (SudokuPad's `fpuz` links among them) write the values as strings.
    let strings: Vec<String> = "1234341221434321".chars().map(String::from).collect();
    let mut j = puzzle("thermometer", json!([{"lines": [["R1C1", "R1C2"]]}]));
    j["solution"] = json!(strings);
    let got = import(&j.to_string()).unwrap();
    assert_eq!(got.loaded.solution.as_ref().map(Vec::len), Some(16));
    j["thermometer"] = json!([{"lines": [["R1C2", "R1C1"]]}]);
    let e = import(&j.to_string()).unwrap_err();
    assert!(e.message.contains("breaks rule `thermo"), "{e}");
    // Not values at all: said, not dropped silently.
    j["thermometer"] = json!([]);
    j["solution"] = json!(vec!["?"; 16]);
    let got = import(&j.to_string()).unwrap();
    assert!(
        got.left_out.iter().any(|x| x.contains("the solution")),
        "{:?}",
        got.left_out
    );
}

#[test]
fn the_key_table_in_the_docs_lists_every_key() {
    let doc = include_str!("../../../../../docs/import-export.md");
    for (key, _, meaning) in fpuzzles::KEYS {
        let row = format!("| `{key}` |");
        let line = doc
            .lines()
            .find(|l| l.starts_with(&row))
            .unwrap_or_else(|| panic!("docs/import-export.md has no row for `{key}`"));
        assert!(
            line.contains(meaning),
            "the row of `{key}` differs from KEYS:\n{line}\n{meaning}"
        );
    }
}

/// A cosmetic line and circle, as setters draw a rule with no key of its own.
fn drawn(ruleset: &str, line: Value, circle: Value) -> Value {
    let mut j = puzzle("line", line);
    j["circle"] = circle;
    j["ruleset"] = json!(ruleset);
    j
}

#[test]
fn drawn_elements_are_read_by_the_rules_text_as_sudokupad_reads_them() {
    let grey_line =
        json!([{"lines": [["R1C1", "R1C2", "R1C3"]], "outlineC": "#BFBFBF", "width": 0.5}]);
    let bulb = json!([{"cells": ["R1C1"], "baseC": "#BFBFBF", "outlineC": "#BFBFBF", "width": 0.7, "height": 0.7}]);
    // A grey bulb and line: a thermometer, slow when the text says digits may repeat.
    let j = drawn(
        "Digits along a gray thermometer increase from the bulb.",
        grey_line.clone(),
        bulb.clone(),
    );
    assert_eq!(
        imported_count(&j),
        filtered(|g| g[0][0] < g[0][1] && g[0][1] < g[0][2])
    );
    let got = import(&j.to_string()).unwrap();
    assert!(got.left_out.is_empty(), "{:?}", got.left_out);
    assert!(got.readings.iter().any(|r| r.contains("thermometer")));
    // A green line the text names German whispers (at least 3 apart on a 4x4: half rounded
    // up is 2, the text says 3).
    let green =
        json!([{"lines": [["R2C1", "R2C2", "R3C2"]], "outlineC": "#56FF00", "width": 0.25}]);
    let j = drawn(
        "Adjacent digits along a green line differ by at least 3.",
        green.clone(),
        json!([]),
    );
    assert_eq!(
        imported_count(&j),
        filtered(|g| (g[1][0] - g[1][1]).abs() >= 3 && (g[1][1] - g[2][1]).abs() >= 3)
    );
    // The same line with a text that says nothing of it stays drawn only.
    let j = drawn("Normal sudoku rules apply.", green.clone(), json!([]));
    assert_eq!(imported_count(&j), 288);
    let got = import(&j.to_string()).unwrap();
    assert_eq!(got.left_out.len(), 1, "{:?}", got.left_out);
    // A drawing the constraint plug-in made of a constraint it holds is not read again.
    let mut copy = green.clone();
    copy[0]["fromConstraint"] = json!("Renban");
    let j = drawn(
        "Digits along a green line are consecutive, in any order.",
        copy,
        json!([]),
    );
    assert_eq!(imported_count(&j), 288);
    // Anti-knight stated only in the text.
    let mut j = puzzle(
        "ruleset",
        json!("Digits separated by a knight's move may not repeat."),
    );
    j["size"] = json!(4);
    let knight = |g: &[[i64; 4]; 4]| {
        (0..4usize).all(|r| {
            (0..4usize).all(|c| {
                [(1i64, 2i64), (2, 1), (-1, 2), (-2, 1)]
                    .iter()
                    .all(|&(dr, dc)| {
                        let (r2, c2) = (r as i64 + dr, c as i64 + dc);
                        !(0..4).contains(&r2)
                            || !(0..4).contains(&c2)
                            || g[r][c] != g[r2 as usize][c2 as usize]
                    })
            })
        })
    };
    assert_eq!(imported_count(&j), filtered(knight));
}
