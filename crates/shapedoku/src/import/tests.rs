//! The importers on puzzles written here in each format's JSON, every supported key and
//! metadata field, and the refusals.

use super::*;
use crate::constraint::RuleKind;
use crate::{Solver, oracle};
use serde_json::{Value, json};

fn blank(n: usize) -> Value {
    Value::Array(vec![Value::Array(vec![json!({}); n]); n])
}

/// A 4x4 X-Sudoku with every supported key; solution 1234 3412 4321 2143.
fn every_key() -> Value {
    let mut grid = blank(4);
    grid[0][0] = json!({"value": 1, "given": true});
    grid[3][3] = json!({"value": 3, "given": true, "c": "#FFA0A0"});
    // A solver's entry and pencil marks are progress, not puzzle.
    grid[1][1] = json!({"value": 4, "centerPencilMarks": [1, 2], "cornerPencilMarks": [3]});
    json!({
        "size": 4,
        "title": "Tiny X",
        "author": "Tester",
        "ruleset": "Normal sudoku rules apply.\nDigits on the thermometer increase from the bulb.",
        "grid": grid,
        "solution": [1, 2, 3, 4, 3, 4, 1, 2, 4, 3, 2, 1, 2, 1, 4, 3],
        "diagonal+": true,
        "diagonal-": true,
        "killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"}],
        "thermometer": [{"lines": [["R4C2", "R3C2", "R2C2"]]}],
        "extraregion": [{"cells": ["R2C2", "R2C3", "R3C2", "R3C3"]}],
        "line": [{"lines": [["R1C1", "R1C2", "R1C3"]], "outlineC": "#000", "width": 0.2}],
        "circle": [{"cells": ["R2C4"], "baseC": "#fff", "outlineC": "#000", "fontC": "#000", "width": 0.5, "height": 0.5}],
        "rectangle": [{"cells": ["R3C3", "R3C4"], "baseC": "#fff", "outlineC": "#000", "fontC": "#000", "width": 0.3, "height": 0.3}],
        "text": [{"cells": ["R4C1"], "value": "!", "fontC": "#000", "size": 1}],
        "cage": [
            {"cells": ["R1C3", "R1C4"], "value": "7", "outlineC": "#000", "fontC": "#000"},
            {"cells": [], "value": "msgcorrect: Well done", "outlineC": "#0000", "fontC": "#0000"}
        ],
        "disabledlogic": ["x"],
        "truecandidatesoptions": ["colored"],
        "negative": []
    })
}

#[test]
fn f_puzzles_every_supported_key_and_metadata_field() {
    let got = import(&every_key().to_string()).unwrap();
    assert_eq!(got.format, Format::FPuzzles);
    let t = &got.toml;
    for want in [
        "name = \"Tiny X\"",
        "description = \"by Tester\"",
        "# Title: Tiny X",
        "# Author: Tester",
        "#   Normal sudoku rules apply.\n#   Digits on the thermometer increase from the bulb.",
        "symbols = \"1234\"",
        "givens = \"\"\"\n1...\n....\n....\n...3\n\"\"\"",
        "solution = \"\"\"\n1234\n3412\n4321\n2143\n\"\"\"",
        "box = [2, 2]",
        "diagonals = true",
        "[[cage]]   # `killercage` 1\nsum = 3\ncells = \"r1c1 r1c2\"",
        "[[rule]]   # `thermometer` 1\ntype = \"thermo\"\ncells = \"r4c2 r3c2 r2c2\"",
        "[[shape]]   # `extraregion` 1\ncells = \"r2c2 r2c3 r3c2 r3c3\"",
    ] {
        assert!(t.contains(want), "missing {want:?} in\n{t}");
    }
    let l = &got.loaded;
    assert_eq!(l.puzzle.given_count(), 2);
    assert_eq!(
        l.solution.as_deref(),
        Some(&[0, 1, 2, 3, 2, 3, 0, 1, 3, 2, 1, 0, 1, 0, 3, 2][..])
    );
    // Every element drawn only is listed, by key, number and cells, in the file and the list.
    for want in [
        "`line` 1 (r1c1 r1c2 r1c3)",
        "`circle` 1 (r2c4)",
        "`rectangle` 1 (r3c3 r3c4)",
        "`text` 1 (r4c1) reading `!`",
        "`cage` 1 (r1c3 r1c4) reading `7`",
        "`cage` 2: the metadata `msgcorrect`",
        "1 coloured cells (r4c4)",
    ] {
        assert!(
            got.left_out.iter().any(|x| x == want),
            "{want:?} not in {:?}",
            got.left_out
        );
        assert!(t.contains(&format!("#   - {want}")), "{want:?} not in\n{t}");
    }
    assert_eq!(got.left_out.len(), 7);
    // The rules hold in the stated solution, and the solver agrees with the reference.
    let count = Solver::new(&l.puzzle).count(100);
    assert_eq!(count.solutions.len(), oracle::count(&l.puzzle, 100));
    assert!(
        count
            .solutions
            .iter()
            .any(|s| Some(s.as_indices()) == l.solution.as_deref())
    );
}

#[test]
fn f_puzzles_global_rules_become_rules() {
    for (key, kind) in [
        ("antiknight", RuleKind::AntiKnight),
        ("antiking", RuleKind::AntiKing),
        ("nonconsecutive", RuleKind::Nonconsecutive),
    ] {
        let j = json!({"size": 6, "grid": blank(6), key: true});
        let got = import(&j.to_string()).unwrap();
        let g = &got.loaded.geometry;
        assert_eq!(
            g.constraints()
                .iter()
                .map(|c| c.kind.clone())
                .collect::<Vec<_>>(),
            [kind]
        );
        assert!(got.toml.contains("box = [2, 3]"), "{}", got.toml);
        // `false` adds nothing.
        let off = import(&json!({"size": 6, "grid": blank(6), key: false}).to_string()).unwrap();
        assert!(off.loaded.geometry.constraints().is_empty());
    }
}

#[test]
fn f_puzzles_jigsaw_regions_and_large_alphabets() {
    let mut grid = blank(4);
    let map = ["AAAB", "ACBB", "CCDB", "CDDD"];
    for (r, row) in map.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            grid[r][c] = json!({"region": ch as u32 - 'A' as u32});
        }
    }
    let got = import(&json!({"size": 4, "grid": grid}).to_string()).unwrap();
    assert!(
        got.toml
            .contains("regions = \"\"\"\nAAAB\nACBB\nCCDB\nCDDD\n\"\"\""),
        "{}",
        got.toml
    );
    assert!(!got.toml.contains("box ="));
    // Regions that are the standard boxes are written as boxes.
    let mut grid = blank(4);
    grid[0][0] = json!({"region": 0});
    let got = import(&json!({"size": 4, "grid": grid}).to_string()).unwrap();
    assert!(got.toml.contains("box = [2, 2]") && !got.toml.contains("regions"));

    let mut grid = blank(16);
    grid[0][0] = json!({"value": 16, "given": true});
    grid[0][1] = json!({"value": 10, "given": true});
    let got = import(&json!({"size": 16, "grid": grid}).to_string()).unwrap();
    assert!(
        got.toml.contains("symbols = \"123456789ABCDEFG\"")
            && got.toml.contains("GA..............")
    );
    assert!(got.toml.contains("box = [4, 4]"));
}

#[test]
fn unknown_and_unsupported_elements_are_refused_by_name() {
    let base = || json!({"size": 4, "grid": blank(4)});
    let mut j = base();
    j["sparkle"] = json!(["R1C1"]);
    let e = import(&j.to_string()).unwrap_err();
    assert_eq!(e.key.as_deref(), Some("sparkle"));
    assert!(e.message.contains("`sparkle` (an unknown key)"), "{e}");
    j["nabner"] = json!([]);
    let e = import(&j.to_string()).unwrap_err();
    assert!(e.message.contains("`nabner` (no two cells"), "{e}");
    assert!(e.message.contains("`sparkle` (an unknown key)"), "{e}");

    let mut j = base();
    j["grid"][2][1] = json!({"value": 2, "given": true, "sparkle": true});
    let e = import(&j.to_string()).unwrap_err();
    assert_eq!(e.key.as_deref(), Some("sparkle"));
    assert!(e.message.contains("r3c2"), "{e}");

    let mut j = base();
    j["negative"] = json!(["sandwichsum"]);
    assert_eq!(
        import(&j.to_string()).unwrap_err().key.as_deref(),
        Some("negative")
    );
    let mut j = base();
    j["thermometer"] = json!([{"lines": [["R1C1", "R5C1"]]}]);
    assert!(
        import(&j.to_string())
            .unwrap_err()
            .message
            .contains("inside the 4x4 grid")
    );
    let mut j = base();
    j["size"] = json!(17);
    assert!(import(&j.to_string()).is_err());
    // A thermometer whose cells do not touch loads badly: the error names the element.
    let mut j = base();
    j["thermometer"] = json!([{"lines": [["R1C1", "R3C1"]]}]);
    let e = import(&j.to_string()).unwrap_err();
    assert!(e.message.contains("`thermometer` 1"), "{e}");
}

#[test]
fn links_payloads_and_json_read_alike() {
    let json = every_key().to_string();
    let payload = lz_str::compress_to_base64(json.as_str());
    let want = import(&json).unwrap().toml;
    let encoded = payload
        .replace('+', "%2B")
        .replace('/', "%2F")
        .replace('=', "%3D");
    for input in [
        payload.clone(),
        format!("https://www.f-puzzles.com/?load={encoded}"),
        format!("  https://www.f-puzzles.com/?load={payload}&x=1\n"),
        format!("https://sudokupad.app/fpuzzles{payload}"),
        format!("https://sudokupad.app/?puzzleid=fpuz{encoded}"),
        format!("fpuz{payload}"),
    ] {
        assert_eq!(import(&input).unwrap().toml, want, "{input}");
        assert!(looks_importable(&input) || input == payload, "{input}");
    }
    assert!(!looks_importable("puzzles/killer.toml"));
    let e = import("https://sudokupad.app/psxczr0jpr").unwrap_err();
    assert!(e.message.contains("short puzzle id"), "{e}");
    assert!(import("hello world").is_err());
    assert!(
        import("{\"x\": 1}")
            .unwrap_err()
            .message
            .contains("neither")
    );
}

/// SudokuPad's zipped form of a 4x4 X-Sudoku with a cage, a thermometer and metadata, as
/// SudokuPad writes it (short keys, bare colours, empty cells left out).
const SCL: &str = "{id:'t',cellSize:50,ce:[[{v:1},,,],[,,,],[,,,],[,,,{v:3}]],\
re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],\
ca:[{ce:[[0,0],[0,1]],v:3,unique:t},{v:'title: Zipped'},{v:'author: Someone\\'s'},{v:'rules: Normal rules.'},{v:'solution: 1234341243212143'}],\
l:[{wp:[[0,0],[4,4]],c:'#34BBE6',th:2},{wp:[[0,4],[4,0]],c:'#34BBE6',th:2},{wp:[[3.5,1.5],[1.5,1.5]],c:CFCFCF,th:21}],\
u:[{c1:CFCFCF,c2:CFCFCF,ct:[3.5,1.5],r:t,w:0.85,h:0.85},{c2:'#FFFFFF00',ct:[0.5,3.5],w:1,h:1}]}";

#[test]
fn sudokupad_scl_payloads() {
    let payload = format!("scl{}", lz_str::compress_to_base64(SCL));
    let got = import(&format!("https://sudokupad.app/{payload}?setting-nogrid=1")).unwrap();
    assert_eq!(got.format, Format::SudokuPad);
    let t = &got.toml;
    for want in [
        "name = \"Zipped\"",
        "description = \"by Someone's\"",
        "#   Normal rules.",
        "box = [2, 2]",
        "diagonals = true",
        "sum = 3\ncells = \"r1c1 r1c2\"",
        "type = \"thermo\"\ncells = \"r4c2 r3c2 r2c2\"",
        "solution = \"\"\"\n1234\n3412\n4321\n2143\n\"\"\"",
    ] {
        assert!(t.contains(want), "missing {want:?} in\n{t}");
    }
    assert_eq!(got.readings.len(), 3, "{:?}", got.readings);
    assert!(got.readings[2].contains("thermometer (r4c2 r3c2 r2c2)"));
    // An invisible element is passed over, said so.
    assert_eq!(got.left_out, ["underlay 2 (r1c4) (not visible)"]);
    assert_eq!(got.loaded.puzzle.given_count(), 2);
    // The same puzzle as plain JSON, and uncompressed.
    let plain = zipped::parse(SCL).unwrap().to_string();
    assert_eq!(import(&plain).unwrap().toml, got.toml);
    assert_eq!(import(&format!("scl{SCL}")).unwrap().toml, got.toml);
}

#[test]
fn sudokupad_refusals_name_the_element() {
    let with = |extra: &str| format!("{{ce:[[,,,],[,,,],[,,,],[,,,]],{extra}}}");
    let e = import(&format!("scl{}", with("foglight:[[0,0]]"))).unwrap_err();
    assert_eq!(e.key.as_deref(), Some("foglight"));
    let e = import(&format!("scl{}", with("ca:[{ce:[[1,1],[1,2]]}]"))).unwrap_err();
    assert!(e.message.contains("cage 1 (r2c2 r2c3) has no total"), "{e}");
    // Drawn elements no convention reads make the rules undetermined, each one named.
    let e = import(&format!(
        "scl{}",
        with("l:[{wp:[[0.5,0.5],[0.5,2.5]],c:FF0000,th:5}],o:[{ct:[1,2],te:'5',w:0.25,h:0.25}],a:[{wp:[[0.5,0.5],[0.5,2.5]],hl:0.3}]")
    ))
    .unwrap_err();
    assert_eq!(e.key.as_deref(), Some("drawing"));
    for part in [
        "line 1 (r1c1 r1c3), red",
        "arrow 1 (r1c1 r1c3), grey",
        "overlay 1 (r2c3), reading `5`",
    ] {
        assert!(e.message.contains(part), "{part} in {e}");
    }
    // No regions: the grid has none, so only rows and columns.
    let got = import(&format!("scl{}", with("id:'x'"))).unwrap();
    assert!(
        got.toml.contains("regions = \"\"\"\n....\n"),
        "{}",
        got.toml
    );
    assert_eq!(
        Solver::new(&got.loaded.puzzle).count(1000).solutions.len(),
        576
    );
}
