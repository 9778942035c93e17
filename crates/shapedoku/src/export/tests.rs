//! The exporter on puzzles written here: what each rule becomes in the f-puzzles JSON, the
//! negative constraints checked against f-puzzles' meaning, and every refusal naming what it
//! refuses. (Round trips through the importer are the property test in
//! `crates/shapedoku/tests/it/export_roundtrip.rs`.)

use super::*;
use crate::load::{Loaded, load_str};
use serde_json::Value;

fn load(text: &str) -> Loaded {
    load_str("t.toml", text, None).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn exported(text: &str, target: Target) -> Exported {
    let l = load(text);
    let meta = Meta::from_geometry(&l.geometry);
    export(&l.puzzle, l.solution.as_deref(), &meta, target)
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn json(text: &str) -> Value {
    serde_json::from_str(&exported(text, Target::FPuzzles).json).unwrap()
}

fn refused(text: &str) -> Vec<Refused> {
    let l = load(text);
    let meta = Meta::from_geometry(&l.geometry);
    match export(&l.puzzle, None, &meta, Target::FPuzzles) {
        Ok(e) => panic!("exported {}\n{text}", e.json),
        Err(e) => {
            assert_eq!(e.target, Target::FPuzzles);
            let shown = e.to_string();
            for r in &e.refused {
                assert!(shown.contains(&r.what) && shown.contains(&r.why), "{shown}");
            }
            e.refused
        }
    }
}

/// The one refusal of `text`, which must name `what` and say `why`.
fn refuses(text: &str, what: &str, why: &str) {
    let r = refused(text);
    assert_eq!(r.len(), 1, "{r:?}");
    assert!(r[0].what.contains(what), "{:?} does not name {what}", r[0]);
    assert!(r[0].why.contains(why), "{:?} does not say {why}", r[0]);
}

const SOLVED_4X4: &str = "variant = \"4x4\"\nname = \"Tiny\"\ndescription = \"by Tester\"\ngivens = \"1... .... .... ...3\"\nsolution = \"1234 3412 4321 2143\"\n";

#[test]
fn the_grid_givens_solution_and_metadata() {
    let v = json(SOLVED_4X4);
    assert_eq!(v["size"], 4);
    assert_eq!(v["title"], "Tiny");
    assert_eq!(v["author"], "Tester");
    assert_eq!(
        v["grid"][0][0],
        serde_json::json!({"value": 1, "given": true})
    );
    assert_eq!(v["grid"][0][1], serde_json::json!({}));
    assert_eq!(
        v["grid"][3][3],
        serde_json::json!({"value": 3, "given": true})
    );
    let sol: Vec<u64> = (v["solution"].as_array().unwrap().iter())
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert_eq!(sol, [1, 2, 3, 4, 3, 4, 1, 2, 4, 3, 2, 1, 2, 1, 4, 3]);
    let rules = v["ruleset"].as_str().unwrap();
    assert!(rules.starts_with("Normal sudoku rules apply"), "{rules}");
    let e = exported(SOLVED_4X4, Target::SudokuPad);
    assert!(e.link.starts_with("https://sudokupad.app/fpuzzles"));
    assert!(e.link.ends_with(&e.payload));
    assert_eq!(
        lz_str::decompress_from_base64(&e.payload).map(|u| String::from_utf16(&u).unwrap()),
        Some(e.json)
    );
}

#[test]
fn regions_other_than_the_default_boxes_are_numbered_cell_by_cell() {
    // The docs' 6x6 jigsaw, and a 6x6 without boxes.
    let jigsaw = json(
        "name = \"j\"\nsymbols = \"123456\"\n[[grid]]\nsize = 6\nregions = \"\"\"\nAAABBB\nACABBB\nACCCDD\nECDDDF\nECEDFF\nEEEFFF\n\"\"\"\n",
    );
    let region = |r: usize, c: usize| jigsaw["grid"][r][c]["region"].clone();
    assert_eq!(region(0, 0), 0);
    assert_eq!(region(1, 1), 2);
    assert_eq!(region(5, 5), 5);
    let plain = json("name = \"p\"\nsymbols = \"123456\"\n[[grid]]\nsize = 6\n");
    assert_eq!(plain["grid"][2][3]["region"], Value::Null);
    assert!(plain["grid"][2][3].get("region").is_some());
    // The default boxes write nothing.
    assert!(json(SOLVED_4X4)["grid"][1][2].get("region").is_none());
}

#[test]
fn shapes_become_diagonals_extra_regions_and_killer_cages() {
    let v = json(
        "variant = \"classic\"\n[[shape]]\nname = \"d\"\ncells = \"r1c9 r2c8 r3c7 r4c6 r5c5 r6c4 r7c3 r8c2 r9c1\"\n[[shape]]\nname = \"w\"\ncells = \"r2-4c2-4\"\n[[cage]]\nsum = 10\ncells = \"r1c1 r1c2\"\n[[cage]]\ncells = \"r9c8 r9c9\"\n",
    );
    assert_eq!(v["diagonal+"], true);
    assert!(v.get("diagonal-").is_none());
    assert_eq!(v["extraregion"][0]["cells"][0], "R2C2");
    assert_eq!(
        v["killercage"][0],
        serde_json::json!({"cells": ["R1C1", "R1C2"], "value": "10"})
    );
    // A cage without a total has no `value`: its digits only may not repeat.
    assert_eq!(
        v["killercage"][1],
        serde_json::json!({"cells": ["R9C8", "R9C9"]})
    );
}

#[test]
fn line_and_cell_rules_keep_their_meaning() {
    let v = json(
        "variant = \"classic\"\n\
         [[rule]]\ntype = \"arrow\"\ncircle = \"r3c5 r3c6\"\ncells = \"r4c6 r5c7\"\n\
         [[rule]]\ntype = \"arrow\"\ncircle = \"r3c5 r3c6\"\ncells = \"r2c4 r1c3\"\n\
         [[rule]]\ntype = \"little-killer\"\nat = [10, 3]\ndirection = \"up-right\"\ntotal = 30\n\
         [[rule]]\ntype = \"whispers\"\ncells = \"r7c1 r7c2\"\n\
         [[rule]]\ntype = \"quadruple\"\ncells = \"r5c2 r4c1 r4c2 r5c1\"\nsymbols = \"93\"\n\
         [[rule]]\ntype = \"x-sum\"\nat = [4, 10]\ntotal = 23\n\
         [[rule]]\ntype = \"indexing\"\ncells = \"r1-9c5\"\nindexes = \"row\"\n",
    );
    // Arrows from one circle share an entry; each line starts in the circle.
    assert_eq!(
        v["arrow"],
        serde_json::json!([{"cells": ["R3C5", "R3C6"], "lines": [["R3C5", "R4C6", "R5C7"], ["R3C5", "R2C4", "R1C3"]]}])
    );
    assert_eq!(
        v["littlekillersum"][0],
        serde_json::json!({"cell": "R10C3", "cells": ["R9C4", "R8C5", "R7C6", "R6C7", "R5C8", "R4C9"], "direction": "UR", "value": "30"})
    );
    assert_eq!(
        v["whispers"][0],
        serde_json::json!({"lines": [["R7C1", "R7C2"]], "value": "5"})
    );
    assert_eq!(
        v["quadruple"][0],
        serde_json::json!({"cells": ["R4C1", "R4C2", "R5C1", "R5C2"], "values": [3, 9]})
    );
    assert_eq!(
        v["xsum"][0],
        serde_json::json!({"cell": "R4C10", "value": "23"})
    );
    // A cell of column 5 indexing the rows is a row indexer.
    assert_eq!(v["rowindexer"][0]["cells"][8], "R9C5");
    // The rules SudokuPad does not draw carry the editor's drawing of them.
    let drawn: Vec<&str> = (v["line"].as_array().unwrap().iter())
        .chain(v["text"].as_array().unwrap())
        .chain(v["cage"].as_array().unwrap())
        .map(|x| x["fromConstraint"].as_str().unwrap())
        .collect();
    assert_eq!(drawn, ["German Whispers", "X Sum", "X Sum", "Row Indexer"]);
}

#[test]
fn nonconsecutive_without_dots_is_f_puzzles_nonconsecutive() {
    let v = json("variant = \"classic\"\n[[rule]]\ntype = \"nonconsecutive\"\n");
    assert_eq!(v["nonconsecutive"], true);
    assert!(v.get("difference").is_none());
}

#[test]
fn negative_kropki_is_nonconsecutive_and_negative_ratio() {
    let v = json(
        "variant = \"classic\"\n[[rule]]\ntype = \"kropki\"\nwhite = [\"r1c1 r1c2\"]\nblack = [\"r2c1 r2c2\"]\nnegative = true\n[[rule]]\ntype = \"xv\"\nx = [\"r5c5 r5c6\"]\nnegative = true\n",
    );
    assert_eq!(v["nonconsecutive"], true);
    assert_eq!(v["negative"], serde_json::json!(["ratio", "xv"]));
    assert_eq!(
        v["difference"],
        serde_json::json!([{"cells": ["R1C1", "R1C2"]}])
    );
    assert_eq!(v["ratio"], serde_json::json!([{"cells": ["R2C1", "R2C2"]}]));
    assert_eq!(
        v["xv"],
        serde_json::json!([{"cells": ["R5C5", "R5C6"], "value": "X"}])
    );
    // Dots of other values are written with them; the negative XV alone needs no marks.
    let v = json(
        "variant = \"classic\"\n[[rule]]\ntype = \"difference\"\nvalue = 3\npairs = [\"r1c1 r2c1\"]\n[[rule]]\ntype = \"xv\"\nnegative = true\n",
    );
    assert_eq!(
        v["difference"],
        serde_json::json!([{"cells": ["R1C1", "R2C1"], "value": "3"}])
    );
    assert_eq!(v["xv"], serde_json::json!([]));
    assert_eq!(v["negative"], serde_json::json!(["xv"]));
}

#[test]
fn negative_constraints_f_puzzles_means_otherwise_are_refused() {
    // shapedoku's nonconsecutive covers the black dot's pair too; f-puzzles' exempts it.
    refuses(
        "variant = \"classic\"\n[[rule]]\ntype = \"nonconsecutive\"\n[[rule]]\ntype = \"kropki\"\nblack = [\"r1c1 r1c2\"]\n",
        "`nonconsecutive`",
        "r1c1 = 1 and r1c2 = 2",
    );
    // The negative ratio of a `ratio` rule does not exempt white dots; f-puzzles' does.
    refuses(
        "variant = \"classic\"\n[[rule]]\ntype = \"ratio\"\nname = \"black\"\npairs = [\"r1c1 r1c2\"]\nnegative = true\n[[rule]]\ntype = \"kropki\"\nwhite = [\"r5c5 r5c6\"]\n",
        "`black`",
        "r5c5 = 1 and r5c6 = 2",
    );
    // f-puzzles negates differences of 1 only.
    refuses(
        "variant = \"classic\"\n[[rule]]\ntype = \"difference\"\nname = \"apart 2\"\nvalue = 2\npairs = [\"r1c1 r1c2\"]\nnegative = true\n",
        "`apart 2`",
        "negative",
    );
}

#[test]
fn each_refusal_names_what_it_refuses() {
    refuses("variant = \"samurai\"\n", "the layout", "5 grids");
    refuses("variant = \"tredoku\"\n", "the layout", "Tredoku");
    refuses("variant = \"25x25\"\n", "the grid", "25x25");
    refuses(
        "name = \"hex\"\nsymbols = \"0123\"\nvalues = [0, 1, 2, 3]\n[[grid]]\nsize = 4\nbox = [2, 2]\n",
        "the symbols",
        "values are 0, 1, 2, 3",
    );
    refuses(
        "name = \"s\"\nsymbols = \"123456789\"\n[[grid]]\nsize = 6\n",
        "the symbols",
        "9 symbols on a 6x6 grid",
    );
    refuses(
        "name = \"c\"\nsymbols = \"1234\"\ncells = \"r6c6\"\n[[grid]]\nsize = 4\n",
        "the layout",
        "outside its grid such as r6c6",
    );
    refuses(
        "variant = \"4x4\"\n[[rule]]\ntype = \"sequence\"\nname = \"steps\"\ncells = \"r1c1 r1c2\"\nregex = \"12|34\"\n",
        "`steps`",
        "`sequence`",
    );
    refuses(
        "variant = \"classic\"\n[[cage]]\nname = \"pair\"\nsum = 4\nrepeats = true\ncells = \"r1c1 r2c2\"\n",
        "`pair`",
        "may repeat",
    );
    refuses(
        "variant = \"classic\"\n[[rule]]\ntype = \"whispers\"\nname = \"w3\"\ndifference = 3\ncells = \"r1c1 r1c2\"\n",
        "`w3`",
        "at least 3",
    );
    refuses(
        "variant = \"classic\"\n[[rule]]\ntype = \"minimum\"\nname = \"low\"\ncells = \"r1c1 r1c2\"\n",
        "`low`",
        "r1c1 and r1c2 are neighbours",
    );
    refuses(
        "variant = \"classic\"\n[[rule]]\ntype = \"quadruple\"\nname = \"q\"\ncells = \"r1c1 r1c2 r1c3\"\nsymbols = \"1\"\n",
        "`q`",
        "2x2",
    );
    refuses(
        "variant = \"toroidal\"\n[[rule]]\ntype = \"anti-king\"\n",
        "`anti-king`",
        "torus",
    );
    refuses(
        "variant = \"classic\"\n[[rule]]\ntype = \"kropki\"\nname = \"k\"\nwhite = [\"r1c1 r1c2\"]\n[[rule]]\ntype = \"difference\"\nvalue = 2\npairs = [\"r1c2 r1c1\"]\n",
        "`difference`",
        "two difference marks",
    );
    refuses(
        "variant = \"4x4\"\ncandidates = { r1c1 = \"12\" }\n",
        "the starting candidates",
        "`candidates`",
    );
    // Several refusals are all listed, in the order of the puzzle.
    let r = refused(
        "variant = \"classic\"\n[[cage]]\nname = \"a\"\nsum = 4\nrepeats = true\ncells = \"r1c1 r2c2\"\n[[rule]]\ntype = \"sequence\"\nname = \"b\"\ncells = \"r5c1 r5c2\"\nregex = \"12\"\n",
    );
    let names: Vec<&str> = r.iter().map(|x| x.what.as_str()).collect();
    assert_eq!(names, ["`a`", "`b`"]);
}

#[test]
fn sudokupad_leaves_out_a_solution_it_cannot_read() {
    let text = "variant = \"16x16\"\n";
    let l = load(text);
    let sol = crate::Solver::new(&l.puzzle).random_solution(1).unwrap();
    let meta = Meta::default();
    let e = export(&l.puzzle, Some(sol.as_indices()), &meta, Target::SudokuPad).unwrap();
    assert!(!e.json.contains("\"solution\""));
    assert!(
        e.notes.iter().any(|n| n.contains("solution is left out")),
        "{:?}",
        e.notes
    );
    assert!(
        e.notes.iter().any(|n| n.contains("0123456789ABCDEF")),
        "{:?}",
        e.notes
    );
    let e = export(&l.puzzle, Some(sol.as_indices()), &meta, Target::FPuzzles).unwrap();
    assert!(
        e.json.contains("\"solution\":[") && e.notes.len() == 2,
        "{:?}",
        e.notes
    );
}

#[test]
fn meta_comes_from_the_header_import_writes() {
    let text = "# Imported from f-puzzles by `shapedoku import`.\n# Title: Tiny X\n# Author: Tester\n# Rules:\n#   Normal sudoku rules apply.\n#   Digits on the thermometer increase.\n#\n# Not imported: ...\n\nname = \"Tiny X\"\ndescription = \"by Tester\"\nsymbols = \"1234\"\n[[grid]]\nsize = 4\nbox = [2, 2]\n";
    let l = load(text);
    let m = Meta::from_file(text, &l.geometry);
    assert_eq!(m.title.as_deref(), Some("Tiny X"));
    assert_eq!(m.author.as_deref(), Some("Tester"));
    assert_eq!(
        m.rules.as_deref(),
        Some("Normal sudoku rules apply.\nDigits on the thermometer increase.")
    );
    let e = export(&l.puzzle, None, &m, Target::FPuzzles).unwrap();
    assert!(e.json.contains(
        "\"ruleset\":\"Normal sudoku rules apply.\\nDigits on the thermometer increase.\""
    ));
    assert!(!e.notes.iter().any(|n| n.contains("rules text")));
    // Without the header: the name and a description reading `by NAME`.
    let m = Meta::from_file(SOLVED_4X4, &load(SOLVED_4X4).geometry);
    assert_eq!(
        (m.title.as_deref(), m.author.as_deref(), m.rules),
        (Some("Tiny"), Some("Tester"), None)
    );
}
