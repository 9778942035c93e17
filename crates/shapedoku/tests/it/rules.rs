//! Rules beyond shapes, end to end: TOML `[[rule]]` tables loaded, counted by the fast solver
//! and checked against the reference solver.

use crate::common;

use common::{cells, count_up_to, load, walk};
use proptest::prelude::*;
use shapedoku::load::load_str;
use shapedoku::{Solver, Verdict, oracle};

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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn fast_counts_equal_the_oracles(
        kind in prop::sample::select(vec!["thermo", "slow-thermo", "anti-knight", "anti-king", "nonconsecutive", "anti-taxicab"]),
        start in (1u32..=4, 1u32..=4),
        turns in prop::collection::vec(0u8..8, 1..4),
        givens in prop::collection::vec(prop::option::weighted(0.15, 1u8..=4), 16),
    ) {
        let line = matches!(kind, "thermo" | "slow-thermo");
        let g: String = givens.iter().map(|v| v.map_or('.', |d| char::from(b'0' + d))).collect();
        let mut text = format!("variant = \"4x4\"\ngivens = \"{g}\"\n[[rule]]\ntype = \"{kind}\"\n");
        if line {
            text += &format!("cells = \"{}\"\n", cells(&walk(4, start, &turns)));
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

/// A Latin square of `n` (rows and columns, no boxes) whose grid is a torus, with `rule`.
fn torus(n: u32, rule: &str, givens: &str) -> String {
    let symbols: String = (1..=n).map(|d| char::from(b'0' + d as u8)).collect();
    format!(
        "symbols = \"{symbols}\"\ngivens = \"{givens}\"\n[[grid]]\nsize = {n}\nwrap = true\n[[rule]]\ntype = \"{rule}\"\n"
    )
}

#[test]
fn chess_moves_wrap_around_a_torus() {
    let pairs = |text: &str| {
        let g = load(text).puzzle.geometry().clone();
        g.constraints()
            .iter()
            .map(|c| c.pairs(&g).len())
            .sum::<usize>()
    };
    let blank = ".".repeat(16);
    // On a flat 4x4 a knight has 24 moves and a king 42 (12 across, 12 down, 18 diagonal);
    // on a 4x4 torus every cell has 4 knight targets (+-2 columns is one column) and 8 king
    // targets: 16 * 4 / 2 and 16 * 8 / 2.
    for (rule, flat, wrapped) in [("anti-knight", 24, 32), ("anti-king", 42, 64)] {
        let t = torus(4, rule, &blank);
        assert_eq!(
            pairs(&t.replace("wrap = true", "wrap = false")),
            flat,
            "{rule}"
        );
        assert_eq!(pairs(&t), wrapped, "{rule}");
    }
    // The built-in toroidal grid wraps: 81 * 8 / 2 king pairs, against 272 on a flat 9x9.
    let toroidal = "variant = \"toroidal\"\n[[rule]]\ntype = \"anti-king\"\n";
    assert_eq!(pairs(toroidal), 324);
    assert_eq!(pairs(&toroidal.replace("toroidal", "classic")), 272);
    // Orthogonal neighbours do not wrap: nonconsecutive is about the flat grid.
    let t = torus(4, "nonconsecutive", &blank);
    assert_eq!(pairs(&t), 24);
}

#[test]
fn a_king_on_a_torus_leaves_two_latin_squares_per_first_row() {
    // Around a 5-torus each row is the one above shifted two columns, all the same way (a mixed
    // shift is not a permutation, and five steps must come back to the start): 2 * 5! squares.
    let text = torus(5, "anti-king", &".".repeat(25));
    let l = load(&text);
    assert_eq!(Solver::new(&l.puzzle).count(1000).solutions.len(), 240);
    assert_eq!(oracle::count(&l.puzzle, 1000), 240);
    // Each row of a 4-torus would have to be the one above shifted by two, repeating a column.
    let text = torus(4, "anti-king", &".".repeat(16));
    assert_eq!(
        Solver::new(&load(&text).puzzle).count(10).solutions.len(),
        0
    );
    // On a 6x6 the wrap cuts solutions: 17,280 on the torus, more than 20,000 flat.
    let text = torus(6, "anti-king", &".".repeat(36));
    let count = |t: &str| Solver::new(&load(t).puzzle).count(20_001).solutions.len();
    assert_eq!(count(&text), 17_280);
    assert_eq!(count(&text.replace("wrap = true", "")), 20_001);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Givens taken from a random solution of the torus, so every case has solutions to count.
    #[test]
    fn wrapped_chess_counts_equal_the_oracles(
        kind in prop::sample::select(vec!["anti-knight", "anti-king"]),
        n in 5u32..=6,
        seed in 0u64..1000,
        pick in prop::collection::vec(prop::bool::weighted(0.25), 36),
    ) {
        let blank = load(&torus(n, kind, &".".repeat((n * n) as usize)));
        let Some(sol) = Solver::new(&blank.puzzle).random_solution(seed) else {
            return Err(TestCaseError::fail(format!("no solution for {kind} on {n}")));
        };
        let g: String = sol
            .to_line()
            .chars()
            .zip(&pick)
            .map(|(c, &p)| if p { c } else { '.' })
            .collect();
        let l = load(&torus(n, kind, &g));
        let fast = Solver::new(&l.puzzle).count(1000).solutions.len();
        prop_assert!(fast >= 1);
        prop_assert_eq!(fast, oracle::count(&l.puzzle, 1000), "{}", g);
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
        for s in &solutions {
            let broken = step.breaks(s);
            assert!(
                broken.is_none(),
                "{step:?} disagrees with a solution at {broken:?}\n{text}"
            );
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
        "type = \"sum-line\"\ntotal = 5\ncells = \"r1c1 r1c2 r1c3 r1c4 r2c4\"",
        "type = \"thermo\"\ncells = \"r1c2 r2c2 r3c3 r4c4\"",
        "type = \"slow-thermo\"\ncells = \"r1c2 r2c2 r3c3\"",
    ] {
        checked += assert_reasoning_sound(&format!(
            "variant = \"4x4\"\ngivens = \"1... ..3. .... ....\"\n[[rule]]\n{rule}\n"
        ));
    }
    assert!(checked > 0, "no logical step was checked");
}

// Marks between neighbours and rules on single cells.

/// Every solution of a blank 4x4, as digits row by row.
fn all_4x4() -> Vec<Vec<u8>> {
    let l = load("variant = \"4x4\"\n");
    oracle::solutions(&l.puzzle, 1000)
        .into_iter()
        .map(|s| s.iter().map(|&x| x + 1).collect())
        .collect()
}

fn rc(i: usize) -> String {
    format!("r{}c{}", i / 4 + 1, i % 4 + 1)
}

/// Every orthogonally adjacent pair of a 4x4, as cell indices.
fn adjacent_4x4() -> Vec<(usize, usize)> {
    (0..16)
        .flat_map(|i| {
            let right = (i % 4 < 3).then_some((i, i + 1));
            let down = (i < 12).then_some((i, i + 4));
            right.into_iter().chain(down)
        })
        .collect()
}

/// A rule table planted in `sol`: each rule kind gets the cells or marks that `sol` meets,
/// thinned by `pick` (one flag per candidate place), so `sol` is always a solution.
fn planted(kind: &str, sol: &[u8], pick: &[bool], negative: bool) -> String {
    let on = |k: usize| pick[k % pick.len()];
    let pair = |&(a, b): &(usize, usize)| format!("\"{} {}\"", rc(a), rc(b));
    let marks = |f: &dyn Fn(i64, i64) -> bool| {
        let all: Vec<_> = adjacent_4x4()
            .into_iter()
            .filter(|&(a, b)| f(sol[a].into(), sol[b].into()))
            .collect();
        // With the negative constraint every mark must be written, or it would ban its pair.
        let kept: Vec<String> = (all.iter().enumerate())
            .filter(|&(k, _)| negative || on(k))
            .map(|(_, p)| pair(p))
            .collect();
        format!("[{}]", kept.join(", "))
    };
    let cells = |f: &dyn Fn(usize) -> bool| {
        let mut c: Vec<String> = (0..16).filter(|&i| f(i) && on(i)).map(rc).collect();
        if c.is_empty() {
            c.extend((0..16).filter(|&i| f(i)).map(rc).take(1));
        }
        format!("cells = \"{}\"", c.join(" "))
    };
    let neg = if negative { "negative = true\n" } else { "" };
    let around = |i: usize| {
        adjacent_4x4()
            .into_iter()
            .filter_map(move |(a, b)| (a == i).then_some(b).or((b == i).then_some(a)))
    };
    match kind {
        "kropki" => format!(
            "white = {}\nblack = {}\n{neg}",
            marks(&|x, y| (x - y).abs() == 1),
            marks(&|x, y| x == 2 * y || y == 2 * x)
        ),
        "xv" => format!(
            "x = {}\nv = {}\n{neg}",
            marks(&|x, y| x + y == 10),
            marks(&|x, y| x + y == 5)
        ),
        "difference" => format!(
            "value = 2\npairs = {}\n{neg}",
            marks(&|x, y| (x - y).abs() == 2)
        ),
        "ratio" => format!(
            "value = 3\npairs = {}\n{neg}",
            marks(&|x, y| x == 3 * y || y == 3 * x)
        ),
        "odd" => cells(&|i| sol[i] % 2 == 1),
        "even" => cells(&|i| sol[i] % 2 == 0),
        "minimum" => {
            let c: Vec<String> = (0..16)
                .filter(|&i| around(i).all(|n| sol[i] < sol[n]))
                .map(rc)
                .collect();
            format!("cells = \"{}\"", c.join(" "))
        }
        "maximum" => {
            let c: Vec<String> = (0..16)
                .filter(|&i| around(i).all(|n| sol[i] > sol[n]))
                .map(rc)
                .collect();
            format!("cells = \"{}\"", c.join(" "))
        }
        "quadruple" => {
            let corner = pick.iter().position(|&b| b).unwrap_or(0) % 3;
            let top = [0, 1, 2, 4, 5, 6, 8, 9, 10][corner * 3 % 9];
            let four = [top, top + 1, top + 4, top + 5];
            let s: String = four
                .iter()
                .filter(|&&c| on(c))
                .map(|&c| char::from(b'0' + sol[c]))
                .collect();
            let s = if s.is_empty() {
                char::from(b'0' + sol[top]).to_string()
            } else {
                s
            };
            format!(
                "cells = \"{}\"\nsymbols = \"{s}\"\n",
                four.iter().map(|&c| rc(c)).collect::<Vec<_>>().join(" ")
            )
        }
        _ => String::new(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// A rule planted in a known solution: the fast solver and the oracle count the same,
    /// and the planted solution is among them.
    #[test]
    fn planted_rules_keep_their_solution_and_counts_agree(
        kind in prop::sample::select(vec!["kropki", "xv", "difference", "ratio", "odd", "even", "minimum", "maximum", "quadruple", "disjoint-groups"]),
        which in 0usize..288,
        pick in prop::collection::vec(any::<bool>(), 24),
        negative in any::<bool>(),
        givens in prop::collection::vec(any::<bool>(), 16),
    ) {
        let all = all_4x4();
        let sol = &all[which % all.len()];
        let g: String = (0..16)
            .map(|i| if givens[i] && i % 5 == 0 { char::from(b'0' + sol[i]) } else { '.' })
            .collect();
        let text = format!(
            "variant = \"4x4\"\ngivens = \"{g}\"\n[[rule]]\ntype = \"{kind}\"\n{}",
            planted(kind, sol, &pick, negative)
        );
        let l = match load_str("p", &text, None) {
            Ok(l) => l,
            // Minimum and maximum cells may have none to list in this solution.
            Err(e) => {
                prop_assert!(e.to_string().contains("no `cells`") || e.to_string().contains("`cells`"), "{}\n{}", text, e);
                return Ok(());
            }
        };
        let fast = Solver::new(&l.puzzle).count(1000).solutions;
        let slow = oracle::solutions(&l.puzzle, 1000);
        prop_assert_eq!(fast.len(), slow.len(), "{}", text);
        let planted: Vec<u8> = sol.iter().map(|&x| x - 1).collect();
        // Disjoint groups take no cells to plant: a random solution may break them.
        prop_assert!(kind == "disjoint-groups" || slow.contains(&planted), "{}", text);
        for s in &fast {
            prop_assert!(l.puzzle.verify(s).is_ok(), "{}", text);
        }
    }
}

/// Counts up to 100,000: the blank 4x4 with a rule has hundreds of grids.
fn count_of(text: &str) -> usize {
    count_up_to(text, 100_000)
}

#[test]
fn each_local_rule_cuts_the_blank_4x4_as_expected() {
    let blank = "variant = \"4x4\"\n[[rule]]\n";
    assert_eq!(count_of("variant = \"4x4\"\n"), 288);
    // A white dot: the pair differs by one; counted against the oracle on the same file.
    for rule in [
        "type = \"kropki\"\nwhite = [\"r1c1 r1c2\"]\nblack = [\"r2c1 r2c2\"]",
        "type = \"xv\"\nv = [\"r1c1 r1c2\", \"r3c2 r3c3\"]",
        "type = \"ratio\"\nvalue = 3\npairs = []\nnegative = true",
        "type = \"difference\"\nvalue = 3\npairs = [\"r1c1 r2c1\"]",
        "type = \"ratio\"\nvalue = 3\npairs = [\"r1c1 r2c1\"]",
        "type = \"odd\"\ncells = \"r1c1 r2c3\"",
        "type = \"even\"\ncells = \"r1c1 r4c4\"",
        "type = \"minimum\"\ncells = \"r2c2\"",
        "type = \"maximum\"\ncells = \"r1c1 r4c4\"",
        "type = \"quadruple\"\ncells = \"r2-3c2-3\"\nsymbols = \"11\"",
        "type = \"disjoint-groups\"",
    ] {
        let text = format!("{blank}{rule}\n");
        let l = load(&text);
        let fast = count_of(&text);
        assert_eq!(fast, oracle::count(&l.puzzle, 1000), "{text}");
        assert!(fast > 0 && fast < 288, "{text}: {fast}");
    }
    // Values by hand: an X on 1..4 (no two sum to 10) has no solution; a V only 1+4 and 2+3.
    assert_eq!(
        count_of(&format!("{blank}type = \"xv\"\nx = [\"r1c1 r1c2\"]\n")),
        0
    );
    // Both r1c1 and r1c2 odd on a 4x4 row: 1 and 3 in either order.
    let odd = count_of(&format!("{blank}type = \"odd\"\ncells = \"r1c1 r1c2\"\n"));
    assert_eq!(
        odd * 6,
        288,
        "two of the 4! / 2 pairs of values in r1c1 r1c2 are odd-odd"
    );
}

#[test]
fn a_kropki_miracle_of_dots_is_counted_in_the_classic_grid() {
    // Negative kropki with no dots at all: no neighbours consecutive or in ratio 2. With
    // 1..9 this is a known-hard empty grid; count a little and check every solution.
    let text = "variant = \"classic\"\ngivens = \"123456789........................................................................\"\n[[rule]]\ntype = \"kropki\"\nnegative = true\n";
    let l = load(text);
    let count = Solver::new(&l.puzzle).count(2);
    assert_eq!(count.solutions.len(), 0, "r1 has 1 next to 2");
}

#[test]
fn local_rule_errors_name_the_place() {
    let (m, at) =
        error_of("variant = \"4x4\"\n[[rule]]\ntype = \"kropki\"\nwhite = [\"r1c1 r2c2\"]\n");
    assert!(m.contains("not side by side"), "{m}");
    assert_eq!(at, (4, 10));
    let (m, _) =
        error_of("variant = \"4x4\"\n[[rule]]\ntype = \"kropki\"\nwhite = [\"r1c1 r1c2 r1c3\"]\n");
    assert!(m.contains("a mark joins two cells"), "{m}");
    let (m, at) = error_of("variant = \"4x4\"\n[[rule]]\ntype = \"kropki\"\nx = [\"r1c1 r1c2\"]\n");
    assert!(m.contains("`x` does not belong in a `kropki` rule"), "{m}");
    assert_eq!(at, (4, 5));
    let (m, _) =
        error_of("variant = \"4x4\"\n[[rule]]\ntype = \"kropki\"\nwhite = [\"r4c4 r4c5\"]\n");
    assert!(m.contains("r4c5 is not a cell"), "{m}");
    let (m, _) = error_of(
        "variant = \"4x4\"\n[[rule]]\ntype = \"quadruple\"\ncells = \"r1-2c1-2\"\nsymbols = \"15\"\n",
    );
    assert!(m.contains("`5` is not a symbol"), "{m}");
    let (m, _) = error_of(
        "variant = \"4x4\"\n[[rule]]\ntype = \"quadruple\"\ncells = \"r1c1\"\nsymbols = \"12\"\n",
    );
    assert!(m.contains("2 symbols for 1 cells"), "{m}");
    let (m, _) = error_of("variant = \"4x4\"\n[[rule]]\ntype = \"quadruple\"\ncells = \"r1c1\"\n");
    assert!(m.contains("no `symbols`"), "{m}");
    let (m, _) = error_of(
        "symbols = \"ABCD\"\n[[grid]]\nsize = 4\nbox = [2, 2]\n[[rule]]\ntype = \"odd\"\ncells = \"r1c1\"\n",
    );
    assert!(
        m.contains("compares values, but the alphabet `ABCD` has none"),
        "{m}"
    );
    let (m, _) =
        error_of("symbols = \"1234\"\n[[grid]]\nsize = 4\n[[rule]]\ntype = \"disjoint-groups\"\n");
    assert!(m.contains("no boxes"), "{m}");
    let (m, _) = error_of(
        "variant = \"4x4\"\n[[rule]]\ntype = \"kropki\"\nwhite = [\"r1c1 r1c2\", \"r1c2 r1c1\"]\n",
    );
    assert!(m.contains("same mark twice"), "{m}");
}

#[test]
fn values_make_letters_comparable() {
    let text = "symbols = \"ABCD\"\nvalues = [1, 2, 3, 4]\n[[grid]]\nsize = 4\nbox = [2, 2]\n[[rule]]\ntype = \"odd\"\ncells = \"r1c1 r1c2\"\n";
    assert_eq!(count_of(text) * 6, 288);
}

#[test]
fn rules_are_drawn_where_setters_put_them() {
    use shapedoku::{RenderOptions, render};
    let text = "variant = \"4x4\"\n[[rule]]\ntype = \"thermo\"\ncells = \"r1c1 r1c2 r1c3\"\n[[rule]]\ntype = \"kropki\"\nwhite = [\"r2c1 r2c2\"]\nblack = [\"r3c1 r4c1\"]\n[[rule]]\ntype = \"xv\"\nx = [\"r4c3 r4c4\"]\n[[rule]]\ntype = \"odd\"\ncells = \"r3c3\"\n[[rule]]\ntype = \"even\"\ncells = \"r3c4\"\n[[rule]]\ntype = \"quadruple\"\ncells = \"r1-2c3-4\"\nsymbols = \"12\"\n";
    let svg = render::svg(&load(text).puzzle, &RenderOptions::default());
    let over = &svg[svg.find("rules-over").expect("marks are drawn")..];
    let under = &svg[svg.find("rules-under").expect("lines and cells are drawn")..];
    // Thermometer: one line and the bulb; odd: a circle; even: a square (under the lines).
    assert_eq!(
        under[..under.find("</g>").unwrap()]
            .matches("<circle")
            .count(),
        2
    );
    assert_eq!(
        under[..under.find("</g>").unwrap()]
            .matches("<rect")
            .count(),
        1
    );
    // Two kropki dots and the quadruple's circle, the X, the quadruple's symbols (over them).
    let over = &over[..over.find("</g>").unwrap()];
    assert_eq!(over.matches("<circle").count(), 3);
    assert!(
        over.contains(">X</text>") && over.contains(">12</text>"),
        "{over}"
    );
    let plain = render::svg(
        &load("variant = \"4x4\"\n").puzzle,
        &RenderOptions::default(),
    );
    assert!(!plain.contains("rules-"));
}

#[test]
fn reasoning_stays_sound_with_marks_and_cell_rules() {
    let mut checked = 0;
    for rule in [
        "type = \"kropki\"\nwhite = [\"r1c2 r1c3\", \"r3c1 r4c1\"]\nblack = [\"r2c3 r2c4\"]",
        "type = \"kropki\"\nwhite = [\"r1c1 r1c2\"]\nblack = [\"r4c3 r4c4\"]\nnegative = true",
        "type = \"xv\"\nv = [\"r2c2 r3c2\"]\nx = []",
        "type = \"difference\"\nvalue = 2\npairs = [\"r2c1 r2c2\", \"r4c2 r4c3\"]",
        "type = \"ratio\"\nvalue = 3\npairs = [\"r3c3 r3c4\"]",
        "type = \"odd\"\ncells = \"r2c2 r3c4\"",
        "type = \"even\"\ncells = \"r2c1 r4c4\"",
        "type = \"minimum\"\ncells = \"r3c3\"",
        "type = \"maximum\"\ncells = \"r2c2 r4c1\"",
        "type = \"quadruple\"\ncells = \"r2-3c2-3\"\nsymbols = \"24\"",
        "type = \"disjoint-groups\"",
    ] {
        checked += assert_reasoning_sound(&format!(
            "variant = \"4x4\"\ngivens = \"1... .... .... ....\"\n[[rule]]\n{rule}\n"
        ));
    }
    assert!(checked > 0, "no logical step was checked");
}

#[test]
fn the_reasoner_explains_a_rule_elimination_by_its_mark() {
    use shapedoku::reason::{self, Board, Technique, explain};
    let text = "variant = \"classic\"\ngivens = \"5........ ......... ......... ......... ......... ......... ......... ......... .........\"\n[[rule]]\ntype = \"kropki\"\nwhite = [\"r1c1 r1c2\"]\n";
    let l = load(text);
    let board = Board::new(&l.puzzle);
    let steps = reason::all_steps(&board, Some(Technique::RuleElimination), 10);
    let step = steps
        .first()
        .expect("the white dot next to a 5 rules out all but 4 and 6");
    let g = l.puzzle.geometry();
    let line = explain::text(g, step);
    assert!(line.contains("kropki r1c1–r1c2 (white)"), "{line}");
    assert!(line.contains("r1c2 ≠"), "{line}");
    // 4 and 6 stay; every other symbol the white dot rules out goes.
    let gone: Vec<usize> = step
        .eliminations
        .iter()
        .map(|e| e.symbol.index() + 1)
        .collect();
    for v in [1, 2, 3, 7, 8, 9] {
        assert!(gone.contains(&v), "{line}");
    }
    assert!(!gone.contains(&4) && !gone.contains(&6), "{line}");
    assert!(explain::compact(g, step).starts_with("Rule Elimination: kropki r1c1–r1c2 (white)"));
    // The reason: the dot's other cell, named in the words and among the cells drawn.
    let r1c1 = shapedoku::CellId::new(0);
    match &step.deduction {
        reason::Deduction::RuleElimination { reason, .. } => {
            assert_eq!(*reason, reason::RuleReason::Partner { partner: r1c1 })
        }
        d => panic!("{d:?}"),
    }
    assert!(
        line.contains("no candidate of r1c1 goes with them"),
        "{line}"
    );
    assert!(step.deduction.cells().contains(&r1c1));
}

#[test]
fn a_thermometer_step_names_the_cell_before_and_the_floor() {
    use shapedoku::reason::{self, Board, Deduction, RuleReason, Technique, explain};
    let text = "variant = \"4x4\"\n[[rule]]\ntype = \"thermo\"\ncells = \"r1c1 r1c2 r1c3\"\n";
    let l = load(text);
    let g = l.puzzle.geometry();
    let steps = reason::all_steps(&Board::new(&l.puzzle), Some(Technique::RuleElimination), 1);
    let step = steps.first().expect("the thermometer narrows its cells");
    // One reason per step: the second cell loses 1, because it follows the bulb.
    assert_eq!(
        step.deduction,
        Deduction::RuleElimination {
            rule: 0,
            cells: Vec::new(),
            reason: RuleReason::ThermoFloor {
                previous: shapedoku::CellId::new(0),
                floor: 2
            }
        }
    );
    assert_eq!(step.eliminations.len(), 1);
    let line = explain::text(g, step);
    assert!(
        line.contains("after r1c1 on the thermometer, so it is at least 2"),
        "{line}"
    );
}

#[test]
fn a_bulb_under_two_tips_in_one_row_is_counted_below_both() {
    // r3c5 is the bulb of two thermometers whose tips r2c4 and r2c5 share row 2: they hold
    // two different values above it, the lesser at most 8, so r3c5 is at most 7.
    use shapedoku::reason::{self, Board, Deduction, RuleReason, Technique, explain};
    let text = "variant = \"classic\"\n[[rule]]\ntype = \"thermo\"\ncells = \"r3c5 r2c4\"\n\
                [[rule]]\ntype = \"thermo\"\ncells = \"r3c5 r2c5\"\n";
    let l = load(text);
    let g = l.puzzle.geometry();
    // The thermometers' own bounds first (r2c4 and r2c5 lose 1, r3c5 loses 9): then the
    // count of the two tips is the rule's first reason.
    let mut board = Board::new(&l.puzzle);
    while let Some(s) = reason::all_steps(&board, Some(Technique::RuleElimination), 1).pop() {
        board.apply(&s);
    }
    let steps = reason::all_steps(&board, Some(Technique::RuleCombination), 8);
    let step = (steps.iter())
        .find(|s| {
            matches!(
                &s.deduction,
                Deduction::RuleElimination {
                    reason: RuleReason::OrderCeiling { .. },
                    ..
                }
            )
        })
        .expect("the two thermometers are counted together");
    let (r2c4, r2c5, r3c5) = (
        shapedoku::CellId::new(12),
        shapedoku::CellId::new(13),
        shapedoku::CellId::new(22),
    );
    match &step.deduction {
        Deduction::RuleElimination { reason, .. } => assert_eq!(
            *reason,
            RuleReason::OrderCeiling {
                above: vec![r2c4, r2c5],
                least: 8
            }
        ),
        d => panic!("{d:?}"),
    }
    assert!(step.eliminations.iter().all(|c| c.cell == r3c5));
    assert!(step.deduction.cells().contains(&r2c5));
    let line = explain::text(g, step);
    assert!(
        line.contains("it is below r2c4 and r2c5 on the thermometers, which all hold different values, so the least of them is at most 8"),
        "{line}"
    );
}

#[test]
fn the_miracle_is_solved_by_logic_with_rule_eliminations() {
    use shapedoku::reason::{self, Technique};
    let mut g: Vec<char> = ".".repeat(81).chars().collect();
    g[38] = '1';
    g[51] = '2';
    let text = format!("givens = \"{}\"\n{MIRACLE}", g.iter().collect::<String>());
    let l = load(&text);
    let run = reason::solve(&l.puzzle);
    assert!(run.board.is_solved());
    let uses_rules = run
        .steps
        .iter()
        .any(|s| s.technique() == Technique::RuleElimination);
    assert!(uses_rules);
    let solution: Vec<u8> = run.board.values().iter().map(|v| v.unwrap()).collect();
    assert!(l.puzzle.verify(&solution).is_ok());
}

#[test]
fn anti_taxicab_forbids_n_at_distance_n_only() {
    use shapedoku::constraint::{Constraint, RuleKind};
    let g = shapedoku::builtin::geometry("4x4").unwrap();
    let rule = Constraint::new("anti-taxicab", RuleKind::AntiTaxicab);
    // r1c1 and r2c3 are 1 + 2 = 3 apart: two 3s there break it, two 2s do not.
    let at = |s: u8| move |c: shapedoku::CellId| [0usize, 6].contains(&c.index()).then_some(s);
    assert!(!rule.holds(&g, &at(2)));
    assert!(rule.holds(&g, &at(1)));
    // A 1 beside a 1 breaks it; a 2 two steps away from a 2 (r1c1, r2c2) too.
    let ones = |c: shapedoku::CellId| [0usize, 1].contains(&c.index()).then_some(0u8);
    assert!(!rule.holds(&g, &ones));
    let twos = |c: shapedoku::CellId| [0usize, 5].contains(&c.index()).then_some(1u8);
    assert!(!rule.holds(&g, &twos));
    // No blank 4x4 keeps it; on blank 4x4 and 6x6 grids the oracle agrees with the solver.
    for (variant, limit) in [("4x4", 1000), ("6x6", 5)] {
        let l = load(&format!(
            "variant = \"{variant}\"\n[[rule]]\ntype = \"anti-taxicab\"\n"
        ));
        let n = Solver::new(&l.puzzle).count(limit).solutions.len();
        assert_eq!(n, shapedoku::oracle::count(&l.puzzle, limit), "{variant}");
        if variant == "4x4" {
            assert_eq!(n, 0);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Dutch flatmates on a 5x5 Latin square (an odd alphabet, middle 3), global entropy and
    /// global modular on a 6x6, counting circles on random cells of a 4x4: the fast solver
    /// finds as many solutions as the oracle, each keeping every rule.
    #[test]
    fn global_rules_and_counting_circles_count_like_the_oracle(
        kind in prop::sample::select(vec!["dutch-flatmates", "global-entropy", "global-modular", "counting-circles"]),
        circles in prop::collection::vec(0u32..16, 1..7),
        givens in prop::collection::vec(prop::option::weighted(0.3, 1u8..=6), 36),
    ) {
        let (head, size) = match kind {
            "dutch-flatmates" => ("symbols = \"12345\"\n[[grid]]\nsize = 5\n".to_string(), 5u8),
            "counting-circles" => ("variant = \"4x4\"\n".to_string(), 4),
            _ => ("variant = \"6x6\"\n".to_string(), 6),
        };
        let n = usize::from(size) * usize::from(size);
        let g: String = givens[..n]
            .iter()
            .map(|v| v.filter(|&d| d <= size).map_or('.', |d| char::from(b'0' + d)))
            .collect();
        let mut text = format!("givens = \"{g}\"\n{head}[[rule]]\ntype = \"{kind}\"\n");
        if kind == "counting-circles" {
            let mut cs: Vec<String> = circles.iter().map(|c| format!("r{}c{}", c / 4 + 1, c % 4 + 1)).collect();
            cs.sort();
            cs.dedup();
            text += &format!("cells = \"{}\"\n", cs.join(" "));
        }
        let Ok(l) = load_str("p", &text, None) else { return Ok(()) };
        let fast = Solver::new(&l.puzzle).count(300).solutions;
        for s in &fast {
            prop_assert!(l.puzzle.verify(s).is_ok(), "{}", text);
        }
        prop_assert_eq!(fast.len(), oracle::count(&l.puzzle, 300), "{}", text);
    }
}

#[test]
fn global_rules_and_counting_circles_keep_what_they_say() {
    use shapedoku::constraint::{Constraint, RuleKind};
    use shapedoku::{CellId, builtin};
    let g = builtin::geometry("classic").unwrap();
    let at = |cells: &'static [(usize, u8)]| {
        move |c: CellId| cells.iter().find(|x| x.0 == c.index()).map(|x| x.1)
    };
    // A 5 (symbol 4) in r2c1 with a 1 above it, or a 9 below it, or neither.
    let flat = Constraint::new("f", RuleKind::DutchFlatmates);
    assert!(flat.holds(&g, &at(&[(9, 4), (0, 0)])));
    assert!(flat.holds(&g, &at(&[(9, 4), (18, 8)])));
    assert!(!flat.holds(&g, &at(&[(9, 4), (0, 1), (18, 7)])));
    // A 5 in the top row needs the 9 below it.
    assert!(!flat.holds(&g, &at(&[(0, 4), (9, 7)])));
    // The 2x2 r1c1 r1c2 r2c1 r2c2 holding 1 2 4 7: every class; 1 2 3 4: no high value.
    let ent = Constraint::new("e", RuleKind::GlobalEntropy);
    assert!(ent.holds(&g, &at(&[(0, 0), (1, 1), (9, 3), (10, 6)])));
    assert!(!ent.holds(&g, &at(&[(0, 0), (1, 1), (9, 2), (10, 3)])));
    // Mod 3: 1 4 7 2 lacks a multiple of 3.
    let m = Constraint::new("m", RuleKind::GlobalModular);
    assert!(!m.holds(&g, &at(&[(0, 0), (1, 3), (9, 6), (10, 1)])));
    // Circles r1c1 r1c2 r2c1: 2 2 1 holds, 2 1 1 does not, 3 3 3 does.
    let cells = vec![CellId::new(0), CellId::new(1), CellId::new(9)];
    let circ = Constraint::new("c", RuleKind::CountingCircles { cells });
    assert!(circ.holds(&g, &at(&[(0, 1), (1, 1), (9, 0)])));
    assert!(!circ.holds(&g, &at(&[(0, 1), (1, 0), (9, 0)])));
    assert!(circ.holds(&g, &at(&[(0, 2), (1, 2), (9, 2)])));
}

// Same-value sets.

/// Same-value sets on a 4x4 from a shuffle of its cells: the first `size` cells are the first
/// set, and each next set either the next `size` cells (random sets) or, when `plant` is set,
/// cells holding the first set's values in the planted solution (so it keeps the rule).
fn same_value_sets(sol: &[u8], order: &[usize], sets: usize, size: usize, plant: bool) -> String {
    let first: Vec<usize> = order[..size].to_vec();
    let mut used = first.clone();
    let mut out = vec![first.clone()];
    for k in 1..sets {
        let set: Vec<usize> = if plant {
            let mut set = Vec::new();
            for &c in &first {
                if let Some(&o) = order
                    .iter()
                    .find(|&&o| sol[o] == sol[c] && !used.contains(&o))
                {
                    used.push(o);
                    set.push(o);
                }
            }
            set
        } else {
            order[k * size..(k + 1) * size].to_vec()
        };
        out.push(set);
    }
    let sets: Vec<String> = (out.iter())
        .map(|s| {
            format!(
                "\"{}\"",
                s.iter().map(|&c| rc(c)).collect::<Vec<_>>().join(" ")
            )
        })
        .collect();
    format!("type = \"same-values\"\nsets = [{}]\n", sets.join(", "))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Same-value sets of 1 to 4 cells, 2 to 4 sets, random or planted in a known solution,
    /// with a few givens: the fast solver finds as many solutions as the oracle, each keeping
    /// the rule, and a planted solution among them.
    #[test]
    fn same_value_sets_count_like_the_oracle(
        which in 0usize..288,
        order in Just((0usize..16).collect::<Vec<_>>()).prop_shuffle(),
        sets in 2usize..=4,
        size in 1usize..=4,
        plant in any::<bool>(),
        givens in prop::collection::vec(prop::option::weighted(0.15, 1u8..=4), 16),
    ) {
        let size = size.min(16 / sets);
        let all = all_4x4();
        let sol = &all[which % all.len()];
        let g: String = (0..16)
            .map(|i| match givens[i] {
                Some(_) if plant => char::from(b'0' + sol[i]),
                Some(d) => char::from(b'0' + d),
                None => '.',
            })
            .collect();
        let text = format!(
            "variant = \"4x4\"\ngivens = \"{g}\"\n[[rule]]\n{}",
            same_value_sets(sol, &order, sets, size, plant)
        );
        // A planted set may come out short (no unused cell with the value left), and random
        // givens may clash: those files are refused, which is not what is tested here.
        let Ok(l) = load_str("p", &text, None) else { return Ok(()) };
        let fast = Solver::new(&l.puzzle).count(1000).solutions;
        let slow = oracle::solutions(&l.puzzle, 1000);
        prop_assert_eq!(fast.len(), slow.len(), "{}", text);
        for s in &fast {
            prop_assert!(l.puzzle.verify(s).is_ok(), "{}", text);
        }
        if plant {
            let planted: Vec<u8> = sol.iter().map(|&x| x - 1).collect();
            prop_assert!(slow.contains(&planted), "{}", text);
        }
    }
}

#[test]
fn same_value_sets_keep_their_multisets() {
    use shapedoku::constraint::{Constraint, RuleKind};
    use shapedoku::{CellId, builtin};
    let g = builtin::geometry("classic").unwrap();
    let at = |cells: &'static [(usize, u8)]| {
        move |c: CellId| cells.iter().find(|x| x.0 == c.index()).map(|x| x.1)
    };
    // Sets r1c1 r1c2 r2c1 and r9c7 r9c8 r9c9 (cells 0 1 9, 78 79 80).
    let cells = [0, 1, 9, 78, 79, 80].map(CellId::new).to_vec();
    let rule = Constraint::new("s", RuleKind::SameValues { cells, size: 3 });
    // 1 2 1 and 1 1 2: the same multiset in another order.
    assert!(rule.holds(
        &g,
        &at(&[(0, 0), (1, 1), (9, 0), (78, 0), (79, 0), (80, 1)])
    ));
    // 1 2 1 and 1 2 2: as many symbols, but not as often.
    assert!(!rule.holds(
        &g,
        &at(&[(0, 0), (1, 1), (9, 0), (78, 0), (79, 1), (80, 1)])
    ));
    // Partly filled: 1 2 _ and 3 _ _ can still meet (1 2 3), 1 2 _ and 3 4 _ cannot.
    assert!(rule.holds(&g, &at(&[(0, 0), (1, 1), (78, 2)])));
    assert!(!rule.holds(&g, &at(&[(0, 0), (1, 1), (78, 2), (79, 3)])));
    // The two rows of a 4x4's first box would hold the same pair, which the box forbids.
    let box_rows = "variant = \"4x4\"\n[[rule]]\ntype = \"same-values\"\nsets = [\"r1c1 r1c2\", \"r2c1 r2c2\"]\n";
    assert_eq!(count_of(box_rows), 0);
    // Row 1's first half and row 2's second half: each 4x4 with r2c3 r2c4 a permutation of
    // r1c1 r1c2, which the box rule already makes true of every grid.
    let halves = "variant = \"4x4\"\n[[rule]]\ntype = \"same-values\"\nsets = [\"r1c1 r1c2\", \"r2c3 r2c4\"]\n";
    assert_eq!(count_of(halves), 288);
}

#[test]
fn same_value_set_errors_name_the_place() {
    let cases = [
        (
            "variant = \"4x4\"\n[[rule]]\ntype = \"same-values\"\nsets = [\"r1c1 r1c2\", \"r3c3\"]\n",
            "this set has 1 cells and the first has 2",
            (4, 23),
        ),
        (
            "variant = \"4x4\"\n[[rule]]\ntype = \"same-values\"\nsets = [\"r1c1 r1c2\"]\n",
            "needs 2 to 64 sets, not 1",
            (2, 1),
        ),
        (
            "variant = \"4x4\"\n[[rule]]\ntype = \"same-values\"\nsets = [\"r1c1\", \"r1c1\"]\n",
            "r1c1 is listed twice",
            (4, 18),
        ),
        (
            "variant = \"4x4\"\n[[rule]]\ntype = \"same-values\"\nsets = [\"r1c1\", \"r5c1\"]\n",
            "r5c1 is not a cell of the grid",
            (4, 18),
        ),
        (
            "variant = \"4x4\"\n[[rule]]\ntype = \"same-values\"\ncells = \"r1c1\"\nsets = [\"r1c1\", \"r2c2\"]\n",
            "takes its cells from `sets`",
            (4, 9),
        ),
        (
            "variant = \"4x4\"\n[[rule]]\ntype = \"same-values\"\n",
            "needs `sets`",
            (2, 1),
        ),
        (
            "variant = \"4x4\"\n[[rule]]\ntype = \"thermo\"\ncells = \"r1c1 r1c2\"\nsets = [\"r1c1\", \"r2c2\"]\n",
            "`sets` does not belong in a `thermo` rule",
            (5, 8),
        ),
    ];
    for (text, message, place) in cases {
        let (e, at) = error_of(text);
        assert!(e.contains(message), "{e}");
        assert_eq!(at, place, "{e}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A `cage` rule (different symbols, and a total when given) on random cells of a 4x4, on
    /// its own or as one alternative of an `any` beside a lunchbox on the same cells: the fast
    /// solver finds as many solutions as the oracle, each keeping the rules.
    #[test]
    fn cage_rules_count_like_the_oracle(
        order in Just((0usize..16).collect::<Vec<_>>()).prop_shuffle(),
        size in 1usize..=4,
        total in prop::option::of(1i64..=12),
        alternative in any::<bool>(),
        givens in prop::collection::vec(prop::option::weighted(0.12, 1u8..=4), 16),
    ) {
        let g: String = givens.iter().map(|v| v.map_or('.', |d| char::from(b'0' + d))).collect();
        let cells: Vec<String> = order[..size].iter().map(|&c| rc(c)).collect();
        let cells = cells.join(" ");
        let sum = total.map_or(String::new(), |t| format!("total = {t}\n"));
        let text = if alternative {
            format!(
                "variant = \"4x4\"\ngivens = \"{g}\"\n[[rule]]\ntype = \"any\"\n[[rule.of]]\ntype = \"cage\"\ncells = \"{cells}\"\n{sum}[[rule.of]]\ntype = \"lunchbox\"\ncells = \"{cells}\"\ntotal = {}\n",
                total.unwrap_or(0) % 6
            )
        } else {
            format!("variant = \"4x4\"\ngivens = \"{g}\"\n[[rule]]\ntype = \"cage\"\ncells = \"{cells}\"\n{sum}")
        };
        // A total no cells can make, a lunchbox of one cell or clashing givens are refused.
        let Ok(l) = load_str("p", &text, None) else { return Ok(()) };
        let fast = Solver::new(&l.puzzle).count(1000).solutions;
        prop_assert_eq!(fast.len(), oracle::count(&l.puzzle, 1000), "{}", text);
        for s in &fast {
            prop_assert!(l.puzzle.verify(s).is_ok(), "{}", text);
        }
    }
}

#[test]
fn cage_rules_count_as_worked_out_and_errors_name_the_place() {
    // r1c1 r2c2 (in one box: different anyway) adding up to 3: a 1 and a 2, in either order,
    // with 288 grids shared evenly among the 12 ordered pairs of the box's diagonal.
    let cage = "variant = \"4x4\"\n[[rule]]\ntype = \"cage\"\ncells = \"r1c1 r2c2\"\ntotal = 3\n";
    assert_eq!(count_of(cage), 288 * 2 / 12);
    // Without a total, r1c1 and r3c3 (no shared house) may no longer repeat.
    let apart = "variant = \"4x4\"\n[[rule]]\ntype = \"cage\"\ncells = \"r1c1 r3c3\"\n";
    let same = "variant = \"4x4\"\n[[rule]]\ntype = \"relation\"\ncells = \"r1c1 r3c3\"\nallowed = [\"1 1\", \"2 2\", \"3 3\", \"4 4\"]\n";
    assert_eq!(count_of(apart) + count_of(same), 288);
    let cases = [
        (
            "variant = \"4x4\"\n[[rule]]\ntype = \"cage\"\ncells = \"r1c1 r1c2\"\ntotal = 9\n",
            "2 different values add up to 3 to 7, never 9",
            (5, 9),
        ),
        (
            "variant = \"4x4\"\n[[rule]]\ntype = \"cage\"\ncells = \"r1c1 r1c2 r2c1 r2c2 r3c3\"\n",
            "the cage has 5 cells",
            (2, 1),
        ),
    ];
    for (text, message, place) in cases {
        let (e, at) = error_of(text);
        assert!(e.contains(message), "{e}");
        assert_eq!(at, place, "{e}");
    }
    // Inside an `any`, a total no cells can make is an alternative that never holds.
    let any = "variant = \"4x4\"\n[[rule]]\ntype = \"any\"\n[[rule.of]]\ntype = \"cage\"\ncells = \"r1c1 r1c2\"\ntotal = 9\n[[rule.of]]\ntype = \"cage\"\ncells = \"r1c1 r1c2\"\ntotal = 3\n";
    assert_eq!(
        count_of(any),
        count_of(
            "variant = \"4x4\"\n[[rule]]\ntype = \"cage\"\ncells = \"r1c1 r1c2\"\ntotal = 3\n"
        )
    );
}
