//! The `relation` rule end to end: tables of allowed values loaded from TOML, counted by the
//! fast solver and checked against the reference solver; errors that point at the row.

use crate::common;

use common::load;
use proptest::prelude::*;
use shapedoku::load::load_str;
use shapedoku::{Solver, oracle};

fn rc(i: usize) -> String {
    format!("r{}c{}", i / 4 + 1, i % 4 + 1)
}

fn error_of(text: &str) -> (String, (usize, usize)) {
    let Err(e) = load_str("test", text, None) else {
        panic!("no error for {text}")
    };
    let d = &e.diagnostics[0];
    (d.message.clone(), d.line_col().expect("a place"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A random table on two to four random cells of a 4x4: the fast solver and the oracle
    /// count the same grids, and each grid the fast solver finds meets every rule.
    #[test]
    fn relation_counts_equal_the_oracles(
        picks in prop::collection::vec(0usize..16, 2..=4),
        rows in prop::collection::vec(prop::collection::vec(1u8..=4, 4), 1..12),
        ranged in any::<bool>(),
        givens in prop::collection::vec(prop::option::weighted(0.1, 1u8..=4), 16),
    ) {
        let mut cells = picks.clone();
        cells.sort_unstable();
        cells.dedup();
        prop_assume!(cells.len() >= 2);
        let n = cells.len();
        // Rows of values, and with `ranged` the first entry of each row a range from it up.
        let allowed: Vec<String> = rows
            .iter()
            .map(|r| {
                let mut e: Vec<String> = r[..n].iter().map(u8::to_string).collect();
                if ranged {
                    e[0] = format!("{}-4", r[0]);
                }
                format!("\"{}\"", e.join(" "))
            })
            .collect();
        let g: String = givens.iter().map(|v| v.map_or('.', |d| char::from(b'0' + d))).collect();
        let names: Vec<String> = cells.iter().map(|&c| rc(c)).collect();
        let text = format!(
            "variant = \"4x4\"\ngivens = \"{g}\"\n[[rule]]\ntype = \"relation\"\ncells = \"{}\"\nallowed = [{}]\n",
            names.join(" "),
            allowed.join(", ")
        );
        let l = match load_str("p", &text, None) {
            Ok(l) => l,
            Err(e) => {
                prop_assert!(e.to_string().contains("given"), "{}\n{}", text, e);
                return Ok(());
            }
        };
        let fast = Solver::new(&l.puzzle).count(1000).solutions;
        prop_assert_eq!(fast.len(), oracle::count(&l.puzzle, 1000), "{}", text);
        for s in &fast {
            prop_assert!(l.puzzle.verify(s).is_ok(), "{}", text);
        }
    }
}

#[test]
fn a_relation_restates_a_rule_as_data() {
    // A thermometer down the diagonal, as the one tuple a 4x4 diagonal thermometer allows.
    let thermo =
        "variant = \"4x4\"\n[[rule]]\ntype = \"thermo\"\ncells = \"r1c1 r2c2 r3c3 r4c4\"\n";
    let table = "variant = \"4x4\"\n[[rule]]\ntype = \"relation\"\ncells = \"r1c1 r2c2 r3c3 r4c4\"\nallowed = [\"1 2 3 4\"]\n";
    let count = |t: &str| Solver::new(&load(t).puzzle).count(1000).solutions;
    assert_eq!(count(thermo), count(table));
    // Two relations over the same cells both hold; the rows of one are alternatives.
    let both = "variant = \"4x4\"\n[[rule]]\ntype = \"relation\"\ncells = \"r1c1 r1c2\"\nallowed = [\"1 *\", \"2 *\"]\n[[rule]]\ntype = \"relation\"\ncells = \"r1c1 r1c2\"\nallowed = [\"* 3-4\"]\n";
    for s in count(both) {
        assert!(s[0] < 2 && s[1] >= 2, "{s:?}");
    }
}

#[test]
fn relation_errors_point_at_the_row() {
    let head = "variant = \"4x4\"\n[[rule]]\ntype = \"relation\"\ncells = \"r1c1 r1c2\"\n";
    let (m, at) = error_of(&format!("{head}allowed = [\"1 2\", \"1 2 3\"]\n"));
    assert!(m.contains("`1 2 3` has 3 values for 2 cells"), "{m}");
    assert_eq!(at, (5, 19));
    let (m, at) = error_of(&format!("{head}allowed = [\"1 x\"]\n"));
    assert!(m.contains("`x` is not a value"), "{m}");
    assert_eq!(at, (5, 12));
    let (m, _) = error_of(&format!("{head}allowed = [\"1 7\"]\n"));
    assert!(m.contains("`7` names no value of the alphabet"), "{m}");
    let (m, _) = error_of(head);
    assert!(m.contains("needs `allowed`"), "{m}");
    let (m, _) = error_of(&format!("{head}allowed = []\n"));
    assert!(m.contains("lists no tuple"), "{m}");
    // The cells need not touch, but may not repeat.
    let (m, _) = error_of(
        "variant = \"4x4\"\n[[rule]]\ntype = \"relation\"\ncells = \"r1c1 r1c1\"\nallowed = [\"1 1\"]\n",
    );
    assert!(m.contains("listed twice"), "{m}");
}

#[test]
fn relation_cells_are_framed_when_drawn() {
    let l = load(
        "variant = \"4x4\"\n[[rule]]\ntype = \"relation\"\ncells = \"r1c1 r4c4\"\nallowed = [\"1 4\"]\n",
    );
    let svg = shapedoku::render::svg(&l.puzzle, &Default::default());
    assert_eq!(svg.matches("class=\"relation\"").count(), 2, "{svg}");
}
