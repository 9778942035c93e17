//! Rules beyond shapes, end to end: TOML `[[rule]]` tables loaded, counted by the fast solver
//! and checked against the reference solver.

use proptest::prelude::*;
use shapedoku::load::load_str;
use shapedoku::{Solver, Verdict, oracle};

fn load(text: &str) -> shapedoku::load::Loaded {
    load_str("test", text, None).unwrap_or_else(|e| panic!("{e}"))
}

const MIRACLE: &str = "variant = \"classic\"\n[[rule]]\ntype = \"anti-king\"\n[[rule]]\ntype = \"anti-knight\"\n[[rule]]\ntype = \"nonconsecutive\"\n";

#[test]
fn a_blank_miracle_grid_has_72_solutions() {
    let l = load(MIRACLE);
    let count = Solver::new(&l.puzzle).count(100);
    assert_eq!(count.solutions.len(), 72);
    for s in &count.solutions {
        assert!(l.puzzle.verify(s).is_ok());
    }
}

#[test]
fn the_miracle_with_two_givens_is_unique() {
    let givens = format!("{}{}{}", ".".repeat(38), "1", ".".repeat(42));
    let mut g: Vec<char> = givens.chars().collect();
    // r5c3 = 1, r6c7 = 2 (0-based indices 38 and 51).
    g[38] = '1';
    g[51] = '2';
    let text = format!("givens = \"{}\"\n{MIRACLE}", g.iter().collect::<String>());
    let l = load(&text);
    let count = Solver::new(&l.puzzle).count(2);
    assert_eq!(count.verdict(), Verdict::Unique);
    assert!(l.puzzle.verify(&count.solutions[0]).is_ok());
}

#[test]
fn a_broken_rule_fails_verify() {
    let l = load("variant = \"4x4\"\n[[rule]]\ntype = \"thermo\"\ncells = \"r1c1 r1c2\"\n");
    // Row 1 = 2 1 ...: the thermometer falls.
    let grid: Vec<u8> = [1, 0, 2, 3, 2, 3, 0, 1, 0, 1, 3, 2, 3, 2, 1, 0].to_vec();
    assert!(l.puzzle.verify(&grid).is_err());
}

fn error_of(text: &str) -> (String, (usize, usize)) {
    let Err(e) = load_str("test", text, None) else {
        panic!("no error for {text}")
    };
    let d = &e.diagnostics[0];
    (d.message.clone(), d.line_col().expect("a place"))
}

#[test]
fn rule_errors_name_the_place_and_the_cells() {
    let (m, at) =
        error_of("variant = \"4x4\"\n[[rule]]\ntype = \"thermo\"\ncells = \"r1c1 r3c3\"\n");
    assert!(m.contains("r3c3 does not touch r1c1"), "{m}");
    assert_eq!(at, (4, 15));
    let (m, at) = error_of(
        "variant = \"4x4\"\n[[rule]]\ntype = \"thermo\"\ncells = \"r1c1 r1c2 r1c3 r1c4 r2c4\"\n",
    );
    assert!(m.contains("only 4 values"), "{m}");
    assert_eq!(at.0, 2);
    let (m, at) = error_of("variant = \"4x4\"\n[[rule]]\ntype = \"termo\"\n");
    assert!(m.contains("`termo` is not a rule type"), "{m}");
    assert_eq!(at, (3, 8));
    let (m, _) =
        error_of("variant = \"4x4\"\n[[rule]]\ntype = \"thermo\"\ncells = \"r1c1 r5c1\"\n");
    assert!(m.contains("r5c1 is not a cell"), "{m}");
    let (m, _) = error_of("variant = \"4x4\"\n[[rule]]\ntype = \"anti-king\"\ncells = \"r1c1\"\n");
    assert!(m.contains("takes no `cells`"), "{m}");
}

/// A line of `len` cells wandering from `start` through touching cells of a 4x4 grid, without
/// revisiting one; `turns` picks each next step.
fn walk(start: (u32, u32), turns: &[u8]) -> Vec<(u32, u32)> {
    let mut line = vec![start];
    for &t in turns {
        let &(r, c) = line.last().unwrap();
        let next = (0..8u8).map(|k| (t + k) % 8).find_map(|k| {
            let (dr, dc) = [
                (0, 1),
                (1, 1),
                (1, 0),
                (1, -1),
                (0, -1),
                (-1, -1),
                (-1, 0),
                (-1, 1),
            ][k as usize];
            let (nr, nc) = (r as i32 + dr, c as i32 + dc);
            let p = (nr as u32, nc as u32);
            ((1..=4).contains(&nr) && (1..=4).contains(&nc) && !line.contains(&p)).then_some(p)
        });
        match next {
            Some(p) => line.push(p),
            None => break,
        }
    }
    line
}

fn cells(line: &[(u32, u32)]) -> String {
    line.iter()
        .map(|(r, c)| format!("r{r}c{c}"))
        .collect::<Vec<_>>()
        .join(" ")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn fast_counts_equal_the_oracles(
        kind in prop::sample::select(vec!["thermo", "slow-thermo", "anti-knight", "anti-king", "nonconsecutive"]),
        start in (1u32..=4, 1u32..=4),
        turns in prop::collection::vec(0u8..8, 1..4),
        givens in prop::collection::vec(prop::option::weighted(0.15, 1u8..=4), 16),
    ) {
        let line = matches!(kind, "thermo" | "slow-thermo");
        let g: String = givens.iter().map(|v| v.map_or('.', |d| char::from(b'0' + d))).collect();
        let mut text = format!("variant = \"4x4\"\ngivens = \"{g}\"\n[[rule]]\ntype = \"{kind}\"\n");
        if line {
            text += &format!("cells = \"{}\"\n", cells(&walk(start, &turns)));
        }
        // Givens that break a house are refused at load (and only then): nothing to compare.
        let l = match load_str("p", &text, None) {
            Ok(l) => l,
            Err(e) => {
                prop_assert!(e.to_string().contains("given"), "{}\n{}", text, e);
                return Ok(());
            }
        };
        let fast = Solver::new(&l.puzzle).count(1000).solutions.len();
        prop_assert_eq!(fast, oracle::count(&l.puzzle, 1000), "{}", text);
    }
}

/// Every logical step before the first guess, checked against every solution: a placement
/// must be in all of them, an elimination in none. The reasoner's techniques assume house
/// rules only; extra rules only remove solutions, so what they deduce must stay true.
fn assert_reasoning_sound(text: &str) -> usize {
    use shapedoku::reason::{self, Technique};
    let l = load(text);
    let solutions = Solver::new(&l.puzzle).count(5000).solutions;
    assert!(solutions.len() < 5000, "{text}");
    let run = reason::solve(&l.puzzle);
    let mut checked = 0;
    for step in run
        .steps
        .iter()
        .take_while(|s| s.technique() != Technique::Guess)
    {
        for p in &step.placements {
            let ok = solutions
                .iter()
                .all(|s| usize::from(s[p.cell.index()]) == p.symbol.index());
            assert!(ok, "{step:?} places what some solution lacks\n{text}");
        }
        for e in &step.eliminations {
            let ok = solutions
                .iter()
                .all(|s| usize::from(s[e.cell.index()]) != e.symbol.index());
            assert!(ok, "{step:?} removes what some solution uses\n{text}");
        }
        checked += 1;
    }
    checked
}

#[test]
fn reasoning_stays_sound_with_every_rule_kind() {
    // Anti-king has no 4x4 solution: a 6x6 instead.
    let mut checked = assert_reasoning_sound(
        "variant = \"6x6\"\ngivens = \"1..... ..3... ...... ...... ...... ......\"\n[[rule]]\ntype = \"anti-king\"\n",
    );
    for rule in [
        "type = \"anti-knight\"",
        "type = \"nonconsecutive\"",
        "type = \"thermo\"\ncells = \"r1c2 r2c2 r3c3 r4c4\"",
        "type = \"slow-thermo\"\ncells = \"r1c2 r2c2 r3c3\"",
    ] {
        checked += assert_reasoning_sound(&format!(
            "variant = \"4x4\"\ngivens = \"1... ..3. .... ....\"\n[[rule]]\n{rule}\n"
        ));
    }
    assert!(checked > 0, "no logical step was checked");
}
