//! Rules composed of rules (`any`, `all`): counts worked out by hand, the fast solver against
//! the reference solver on random compositions of the line rules, steps checked against a
//! planted solution, and placed errors for compositions written wrong.

use crate::common;
use crate::line_rules::{KINDS, rule_body};

use common::{count, fast_agrees_with_oracle, walk};
use proptest::prelude::*;
use shapedoku::load::load_str;

/// `[[rule]]` body of an `any` or `all` over these part bodies (each a `[[rule]]` body).
fn composite(kind: &str, parts: &[String]) -> String {
    let mut t = format!("type = \"{kind}\"\n");
    for p in parts {
        t += "[[rule.of]]\n";
        // A part's own parts go one level deeper.
        t += &p.replace("[[rule.of", "[[rule.of.of");
    }
    t
}

fn given(cell: &str, digit: u8) -> String {
    format!("type = \"relation\"\ncells = \"{cell}\"\nallowed = [\"{digit}\"]\n")
}

fn puzzle(body: &str) -> String {
    format!("variant = \"4x4\"\n[[rule]]\n{body}")
}

#[test]
fn counts_worked_out_by_hand() {
    // 4x4 Sudoku has 288 grids, a quarter with each digit in r1c1.
    let one = composite("any", &[given("r1c1", 1)]);
    assert_eq!(count(&puzzle(&one)), 72);
    let either = composite("any", &[given("r1c1", 1), given("r1c1", 2)]);
    assert_eq!(count(&puzzle(&either)), 144);
    // r1c1 is 1 or r1c2 is 1: two disjoint quarters.
    let two_cells = composite("any", &[given("r1c1", 1), given("r1c2", 1)]);
    assert_eq!(count(&puzzle(&two_cells)), 144);
    // Both at once cannot be; either of two that cannot be neither.
    let both = composite("all", &[given("r1c1", 1), given("r1c2", 1)]);
    assert_eq!(count(&puzzle(&both)), 0);
    let never = composite("any", &[both.clone(), both.clone()]);
    assert_eq!(count(&puzzle(&never)), 0);
    // (r1c1 = 1 and r2c3 = 1) or r1c1 = 2: a quarter of the 1s, plus a quarter.
    let group = composite("all", &[given("r1c1", 1), given("r2c3", 1)]);
    let nested = composite("any", &[group, given("r1c1", 2)]);
    // With r1c1 = 1, the 1 of row 2 is in c3 or c4 by symmetry: half of 72.
    assert_eq!(count(&puzzle(&nested)), 36 + 72);
}

/// Line rules a composition is tried with (those whose random bodies load on most lines).
const PARTS: [&str; 8] = [
    "arrow",
    "renban",
    "whispers",
    "palindrome",
    "between",
    "zipper",
    "thermo",
    "lunchbox",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// An `any` or `all` of two or three line rules on 4x4 counts what the reference solver
    /// counts, each solution meeting every rule.
    #[test]
    fn compositions_count_what_the_oracle_counts(
        any in any::<bool>(),
        parts in prop::collection::vec(
            (prop::sample::select(PARTS.to_vec()), (1u32..=4, 1u32..=4),
             prop::collection::vec(0u8..8, 1..4), -40i64..40),
            2..4),
        givens in prop::collection::vec(prop::option::weighted(0.15, 1u8..=4), 16),
    ) {
        debug_assert!(PARTS.iter().all(|p| KINDS.contains(p) || *p == "thermo"));
        let g: String = givens
            .iter()
            .map(|v| v.map_or('.', |d| char::from(b'0' + d)))
            .collect();
        let bodies: Vec<String> = parts
            .iter()
            .map(|(kind, start, turns, param)| rule_body(kind, &walk(4, *start, turns), *param, 4))
            .collect();
        let body = composite(if any { "any" } else { "all" }, &bodies);
        let text = format!("variant = \"4x4\"\ngivens = \"{g}\"\n[[rule]]\n{body}");
        let Ok(l) = load_str("p", &text, None) else { return Ok(()) };
        fast_agrees_with_oracle(&l, &text)?;
    }
}

/// The reasoner's `any` steps keep a planted solution: on 4x4 grids with a composite clue
/// whose first alternative holds in the solution, every step before a first guess keeps it.
#[test]
fn steps_keep_the_solution() {
    use shapedoku::reason::{self, Board};
    const SOLUTION: &str = "1234341221434321";
    let sol: Vec<u8> = SOLUTION.bytes().map(|b| b - b'1').collect();
    let mut checked = 0;
    for (a, b) in [("r1c1", 1), ("r2c2", 4), ("r3c4", 3)] {
        for wrong in 1..=4u8 {
            let other = if b == wrong { continue } else { wrong };
            let body = composite("any", &[given(a, b), given("r4c4", other)]);
            let text = format!(
                "variant = \"4x4\"\ngivens = \"..3. .... .... ....\"\nsolution = \"{SOLUTION}\"\n[[rule]]\n{body}"
            );
            let l = common::load(&text);
            let run = reason::solve_board(Board::new(&l.puzzle));
            let logic = (run.steps.iter())
                .take_while(|s| !matches!(s.deduction, reason::Deduction::Guess { .. }));
            for step in logic {
                common::assert_step_keeps(step, &sol);
                checked += 1;
            }
        }
    }
    assert!(checked > 0);
}

#[test]
fn steps_name_the_alternatives_ruled_out() {
    use shapedoku::reason::{self, Board, explain};
    // r1c1 is 1 or r4c4 is 2; with r4c4 given 3, only the first is left.
    let xs = composite("any", &[given("r1c1", 1), given("r4c4", 2)]);
    let xs = xs.replacen("[[rule.of]]\n", "[[rule.of]]\nname = \"the corner 1\"\n", 1);
    let xs = xs.replacen(
        "[[rule.of]]\ntype",
        "[[rule.of]]\nname = \"the far 2\"\ntype",
        1,
    );
    let text = format!("variant = \"4x4\"\ngivens = \"...............3\"\n[[rule]]\n{xs}");
    let l = common::load(&text);
    let run = reason::solve_board(Board::new(&l.puzzle));
    let said: Vec<String> = (run.steps.iter())
        .map(|s| explain::text(l.puzzle.geometry(), s))
        .collect();
    assert!(
        said.iter()
            .any(|t| t.contains("r1c1 ≠") && t.contains("the far 2 can no longer hold")),
        "{said:?}"
    );
}

#[test]
fn compositions_written_wrong_are_placed_errors() {
    let err = |body: &str| {
        let text = puzzle(body);
        match load_str("p.toml", &text, None) {
            Ok(_) => panic!("loaded:\n{text}"),
            Err(e) => e.to_string(),
        }
    };
    let e = err("type = \"any\"\n");
    assert!(e.contains("needs at least one rule"), "{e}");
    assert!(e.contains("p.toml:2:1"), "{e}");
    let e = err(&format!(
        "{}[[rule.of]]\n{}",
        given("r1c1", 1),
        given("r1c2", 1)
    ));
    assert!(e.contains("a `relation` rule takes no `of`"), "{e}");
    let e = err("type = \"any\"\ncells = \"r1c1\"\n[[rule.of]]\ntype = \"anti-knight\"\n");
    assert!(e.contains("takes its cells from its rules"), "{e}");
    let e = err("type = \"any\"\n[[rule.of]]\ntype = \"chaos\"\n");
    assert!(
        e.contains("chaos construction and its clues cannot be one of several"),
        "{e}"
    );
    let e = err("type = \"any\"\n[[rule.of]]\ntype = \"thermo\"\ncells = \"r1c1 r3c3\"\n");
    assert!(e.contains("r3c3 does not touch r1c1"), "{e}");
    let mut deep = String::from("type = \"any\"\n");
    let mut table = String::from("rule");
    for _ in 0..5 {
        table += ".of";
        deep += &format!("[[{table}]]\ntype = \"any\"\n");
    }
    let e = err(&deep);
    assert!(e.contains("composed more than 4 deep"), "{e}");
}

#[test]
fn a_clue_no_values_meet_is_an_alternative_that_never_holds() {
    // Alone, an X-sum of 2 is refused (no values give it); as one alternative it only never
    // holds, and the other decides.
    let xsum = "type = \"x-sum\"\nat = [1, 0]\ntotal = 2\n".to_string();
    assert!(load_str("p", &puzzle(&xsum), None).is_err());
    let body = composite("any", &[xsum, given("r1c1", 3)]);
    assert_eq!(count(&puzzle(&body)), 72);
}
