//! The f-puzzles keys that become engine rules: each element written here by hand, imported,
//! and the file loaded; for some, the solutions counted against the same rules written directly.

use super::*;
use crate::Solver;
use crate::load::load_str;
use serde_json::{Value, json};

fn blank(n: usize) -> Value {
    Value::Array(vec![Value::Array(vec![json!({}); n]); n])
}

fn with(key: &str, value: Value) -> Value {
    let mut j = json!({"size": 4, "grid": blank(4)});
    j[key] = value;
    j
}

#[test]
fn every_rule_key_becomes_its_rule() {
    let cases = [
        (
            "renban",
            json!([{"lines": [["R1C1", "R1C2", "R1C3"]]}]),
            "type = \"renban\"\ncells = \"r1c1 r1c2 r1c3\"",
        ),
        (
            "whispers",
            json!([{"lines": [["R1C1", "R2C1"]]}]),
            "type = \"whispers\"\ncells = \"r1c1 r2c1\"\ndifference = 2",
        ),
        (
            "palindrome",
            json!([{"lines": [["R1C1", "R2C2", "R3C3"]]}]),
            "type = \"palindrome\"\ncells = \"r1c1 r2c2 r3c3\"",
        ),
        (
            "betweenline",
            json!([{"lines": [["R1C1", "R1C2", "R1C3"]]}]),
            "type = \"between\"\ncells = \"r1c1 r1c2 r1c3\"",
        ),
        (
            "arrow",
            json!([{"cells": ["R1C1"], "lines": [["R1C1", "R2C1", "R3C1"], ["R1C1", "R1C2"]]}]),
            "type = \"arrow\"\ncells = \"r2c1 r3c1\"\ncircle = \"r1c1\"",
        ),
        (
            "odd",
            json!([{"cell": "R2C2"}]),
            "type = \"odd\"\ncells = \"r2c2\"",
        ),
        (
            "even",
            json!([{"cell": "R2C3"}]),
            "type = \"even\"\ncells = \"r2c3\"",
        ),
        (
            "minimum",
            json!([{"cell": "R1C1"}]),
            "type = \"minimum\"\ncells = \"r1c1\"",
        ),
        (
            "maximum",
            json!([{"cell": "R4C4"}]),
            "type = \"maximum\"\ncells = \"r4c4\"",
        ),
        (
            "difference",
            json!([{"cells": ["R1C1", "R1C2"]}, {"cells": ["R3C1", "R3C2"], "value": "2"}]),
            "type = \"difference\"\npairs = [\"r1c1 r1c2\"]",
        ),
        (
            "ratio",
            json!([{"cells": ["R1C1", "R2C1"]}, {"cells": ["R3C3", "R3C4"], "value": 3}]),
            "type = \"ratio\"\npairs = [\"r3c3 r3c4\"]\nvalue = 3",
        ),
        (
            "xv",
            json!([{"cells": ["R1C1", "R1C2"], "value": "V"}, {"cells": ["R4C1", "R4C2"], "value": "X"}]),
            "type = \"xv\"\nx = [\"r4c1 r4c2\"]\nv = [\"r1c1 r1c2\"]",
        ),
        (
            "quadruple",
            json!([{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [1, 4]}]),
            "type = \"quadruple\"\ncells = \"r1c1 r1c2 r2c1 r2c2\"\nsymbols = \"14\"",
        ),
        ("disjointgroups", json!(true), "type = \"disjoint-groups\""),
        (
            "littlekillersum",
            json!([{"cell": "R0C1", "direction": "DR", "value": "10"}]),
            "type = \"little-killer\"\nat = [0, 1]\ndirection = \"down-right\"\ntotal = 10",
        ),
        (
            "sandwichsum",
            json!([{"cell": "R0C2", "value": "5"}, {"cell": "R3C0"}]),
            "type = \"sandwich\"\nat = [0, 2]\ntotal = 5",
        ),
        (
            "xsum",
            json!([{"cell": "R2C5", "value": 6}]),
            "type = \"x-sum\"\nat = [2, 5]\ntotal = 6",
        ),
        (
            "skyscraper",
            json!([{"cell": "R5C3", "value": "2"}]),
            "type = \"skyscraper\"\nat = [5, 3]\ncount = 2",
        ),
        (
            "clone",
            json!([{"cells": ["R1C1", "R1C2"], "cloneCells": ["R4C3", "R4C4"]}]),
            "type = \"clone\"\ncells = \"r1c1 r1c2\"\ncopy = \"r4c3 r4c4\"",
        ),
    ];
    for (key, value, want) in cases {
        let got = import(&with(key, value).to_string()).unwrap_or_else(|e| panic!("{key}: {e}"));
        assert!(
            got.toml.contains(want),
            "{key}: missing {want:?} in\n{}",
            got.toml
        );
        assert!(
            !got.loaded.geometry.constraints().is_empty(),
            "{key}: no rule"
        );
    }
}

#[test]
fn negative_turns_on_the_negative_constraint() {
    // Both kropki negatives (`nonconsecutive` and a negative ratio): one kropki rule holding
    // every dot, so a dotted pair of either colour is exempt, as f-puzzles exempts it.
    let mut j = with("difference", json!([{"cells": ["R1C1", "R1C2"]}]));
    j["nonconsecutive"] = json!(true);
    j["negative"] = json!(["ratio", "xv"]);
    let got = import(&j.to_string()).unwrap();
    for want in [
        "type = \"kropki\"\nwhite = [\"r1c1 r1c2\"]\nblack = []\nnegative = true",
        "type = \"xv\"\nx = []\nv = []\nnegative = true",
    ] {
        assert!(got.toml.contains(want), "missing {want:?} in\n{}", got.toml);
    }
    // `difference` is no negative constraint f-puzzles has; unknown names are refused.
    for name in ["difference", "sparkle"] {
        let mut j = with("negative", json!([name]));
        j["size"] = json!(4);
        assert_eq!(
            import(&j.to_string()).unwrap_err().key.as_deref(),
            Some("negative")
        );
    }
}

fn count(text: &str) -> usize {
    let l = load_str("direct.toml", text, None).unwrap();
    Solver::new(&l.puzzle).count(1000).solutions.len()
}

#[test]
fn imported_rules_count_like_the_same_rules_written_directly() {
    let mut j = json!({"size": 4, "grid": blank(4)});
    j["arrow"] = json!([{"cells": ["R1C1"], "lines": [["R1C1", "R2C2", "R3C1"]]}]);
    j["difference"] = json!([{"cells": ["R4C1", "R4C2"]}]);
    j["xv"] = json!([{"cells": ["R1C3", "R1C4"], "value": "V"}]);
    j["odd"] = json!([{"cell": "R2C4"}]);
    let got = import(&j.to_string()).unwrap();
    let direct = r#"
symbols = "1234"
[[grid]]
size = 4
box = [2, 2]
[[rule]]
type = "arrow"
circle = "r1c1"
cells = "r2c2 r3c1"
[[rule]]
type = "difference"
pairs = ["r4c1 r4c2"]
[[rule]]
type = "xv"
v = ["r1c3 r1c4"]
[[rule]]
type = "odd"
cells = "r2c4"
"#;
    let n = count(direct);
    assert!(n > 0 && n < 288, "{n}");
    assert_eq!(
        Solver::new(&got.loaded.puzzle).count(1000).solutions.len(),
        n
    );

    let mut j = json!({"size": 4, "grid": blank(4)});
    j["littlekillersum"] = json!([{"cell": "R0C1", "direction": "DR", "value": 7}]);
    j["renban"] = json!([{"lines": [["R4C1", "R4C2", "R4C3"]]}]);
    j["clone"] = json!([{"cells": ["R1C2"], "cloneCells": ["R3C3"]}]);
    let got = import(&j.to_string()).unwrap();
    let direct = r#"
symbols = "1234"
[[grid]]
size = 4
box = [2, 2]
[[rule]]
type = "little-killer"
at = [0, 1]
direction = "down-right"
total = 7
[[rule]]
type = "renban"
cells = "r4c1 r4c2 r4c3"
[[rule]]
type = "clone"
cells = "r1c2"
copy = "r3c3"
"#;
    let n = count(direct);
    assert!(n > 0 && n < 288, "{n}");
    assert_eq!(
        Solver::new(&got.loaded.puzzle).count(1000).solutions.len(),
        n
    );
}

#[test]
fn malformed_rule_elements_are_refused_by_key() {
    for (key, value) in [
        (
            "arrow",
            json!([{"cells": ["R1C1", "R1C2"], "lines": [["R1C1", "R1C2"]]}]),
        ),
        ("difference", json!([{"cells": ["R1C1"]}])),
        ("xv", json!([{"cells": ["R1C1", "R1C2"], "value": "Y"}])),
        ("quadruple", json!([{"cells": ["R1C1"], "values": [7]}])),
        (
            "littlekillersum",
            json!([{"cell": "R0C1", "direction": "XX", "value": "3"}]),
        ),
        (
            "clone",
            json!([{"cells": ["R1C1"], "cloneCells": ["R9C9"]}]),
        ),
    ] {
        let e = import(&with(key, value).to_string()).unwrap_err();
        assert_eq!(e.key.as_deref(), Some(key), "{e}");
    }
}
