//! The sum, line and copy rules end to end: loaded from `[[rule]]` tables, counted by the fast
//! solver, checked against the reference solver on random small puzzles and on puzzles built
//! around a planted solution, refused with a placed error when written wrong, and drawn.

use crate::common;

use common::{cells, count, fast_agrees_with_oracle, load, planted, rule, walk};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use shapedoku::load::load_str;
use shapedoku::{Solver, oracle};

/// 4x4 Sudoku has 288 grids; each rule below keeps a number one can work out by hand.
#[test]
fn small_puzzles_have_the_counts_worked_out_by_hand() {
    // A renban over a whole row asks nothing more of it.
    assert_eq!(
        count(&rule("4x4", "type = \"renban\"\ncells = \"r1c1-4\"")),
        288
    );
    // A palindrome along a row needs r1c1 = r1c4: impossible.
    assert_eq!(
        count(&rule("4x4", "type = \"palindrome\"\ncells = \"r1c1-4\"")),
        0
    );
    // A clone of row 1 onto row 2 repeats every column.
    assert_eq!(
        count(&rule(
            "4x4",
            "type = \"clone\"\ncells = \"r1c1-4\"\ncopy = \"r2c1-4\""
        )),
        0
    );
    // Whispers of 3 on 1-4: the pair is 1 and 4, in either order; a quarter of the grids.
    assert_eq!(
        count(&rule(
            "4x4",
            "type = \"whispers\"\ndifference = 3\ncells = \"r1c1 r1c2\""
        )),
        288 / 6
    );
    // A little killer over the main diagonal: its two cells in box 1 differ, as do its two in
    // box 4, so 6 is the least total, made of 1 and 2 in each box.
    let lk = |t| {
        format!("type = \"little-killer\"\nat = [0, 0]\ndirection = \"down-right\"\ntotal = {t}")
    };
    assert_eq!(count(&rule("4x4", &lk(5))), 0);
    let pairs = "variant = \"4x4\"\n[[cage]]\nsum = 3\ncells = \"r1c1 r2c2\"\n[[cage]]\nsum = 3\ncells = \"r3c3 r4c4\"\n";
    assert_eq!(count(&rule("4x4", &lk(6))), count(pairs));
    // An arrow from a 3 into two cells: they are 1 and 2.
    let arrow = "type = \"arrow\"\ncircle = \"r1c1\"\ncells = \"r1c2 r1c3\"";
    let text = format!("givens = \"3... .... .... ....\"\n{}", rule("4x4", arrow));
    let three = "variant = \"4x4\"\ngivens = \"3... .... .... ....\"\n";
    // Of the grids with r1c1 = 3, those with r1c4 = 4 (so r1c2, r1c3 are 1 and 2).
    let with_four = "variant = \"4x4\"\ngivens = \"3..4 .... .... ....\"\n";
    assert_eq!(count(&text), count(with_four));
    assert!(count(&text) < count(three));
    // A cage without a total is a no-repeat group: the diagonal then holds 1-4.
    let cage = "variant = \"4x4\"\n[[cage]]\ncells = \"r1c1 r2c2 r3c3 r4c4\"\n";
    let diag = "variant = \"4x4\"\n[[shape]]\ncells = \"r1c1 r2c2 r3c3 r4c4\"\n";
    assert_eq!(count(cage), count(diag));
    assert!(count(cage) < 288);
}

/// The `[[rule]]` body of a rule of `kind` over `line` (the first cell is an arrow's circle,
/// the second half of the line a clone's copy); `param` sets a total, a difference or a clue.
pub(crate) fn rule_body(kind: &str, line: &[(u32, u32)], param: i64, size: u32) -> String {
    let mut t = format!("type = \"{kind}\"\n");
    match kind {
        "little-killer" => {
            // A clue on the top edge, pointing down one way or the other.
            let col = (param.unsigned_abs() as u32 % size) + 1;
            let dir = if param % 2 == 0 {
                "down-right"
            } else {
                "down-left"
            };
            let total = param.abs() % (2 * i64::from(size)) + 2;
            t += &format!("at = [0, {col}]\ndirection = \"{dir}\"\ntotal = {total}\n");
        }
        "arrow" => {
            t += &format!(
                "circle = \"{}\"\ncells = \"{}\"\n",
                cells(&line[..1]),
                cells(&line[1..])
            )
        }
        "clone" => {
            let h = line.len() / 2;
            t += &format!(
                "cells = \"{}\"\ncopy = \"{}\"\n",
                cells(&line[..h]),
                cells(&line[h..2 * h])
            )
        }
        "sum-line" => {
            t += &format!(
                "total = {}\ncells = \"{}\"\n",
                param.abs() % 8 + 3,
                cells(line)
            )
        }
        "lockout" => {
            t += &format!(
                "difference = {}\ncells = \"{}\"\n",
                param.abs() % 3 + 1,
                cells(line)
            )
        }
        "rellik" => {
            t += &format!(
                "total = {}\ncells = \"{}\"\n",
                param.abs() % 14 + 1,
                cells(line)
            )
        }
        "lunchbox" => {
            // On 1 to 4 the cells between the extremes add up to 0 (none), 2, 3 or 5.
            t += &format!("total = {}\ncells = \"{}\"\n", param.abs() % 6, cells(line))
        }
        "whispers" => {
            t += &format!(
                "difference = {}\ncells = \"{}\"\n",
                param.abs() % 3 + 1,
                cells(line)
            )
        }
        _ => t += &format!("cells = \"{}\"\n", cells(line)),
    }
    t
}

pub(crate) const KINDS: [&str; 17] = [
    "little-killer",
    "arrow",
    "double-arrow",
    "renban",
    "whispers",
    "palindrome",
    "between",
    "region-sum",
    "entropic",
    "modular",
    "zipper",
    "clone",
    "sequence",
    "sum-line",
    "rellik",
    "lockout",
    "lunchbox",
];

/// A sequence rule that says "no value twice in a row, at most 3 after a 1": something an
/// automaton can say and no built-in line does.
const SEQUENCE_KEYS: &str =
    "start = \"s\"\naccept = \"s one\"\ntransitions = [\"s 1 one\", \"s 2-9 s\", \"one 2-3 s\"]\n";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn fast_counts_equal_the_oracles(
        kind in prop::sample::select(KINDS.to_vec()),
        start in (1u32..=4, 1u32..=4),
        turns in prop::collection::vec(0u8..8, 1..5),
        param in -40i64..40,
        givens in prop::collection::vec(prop::option::weighted(0.2, 1u8..=6), 36),
    ) {
        // Entropic lines need a multiple of 3 values: those run on 6x6.
        let size = if kind == "entropic" { 6 } else { 4 };
        let n = (size * size) as usize;
        let g: String = givens[..n]
            .iter()
            .map(|v| v.filter(|&d| u32::from(d) <= size).map_or('.', |d| char::from(b'0' + d)))
            .collect();
        let line = walk(size, start, &turns);
        let mut body = rule_body(kind, &line, param, size);
        if kind == "sequence" {
            body += SEQUENCE_KEYS;
        }
        let text = format!("variant = \"{size}x{size}\"\ngivens = \"{g}\"\n[[rule]]\n{body}");
        // Givens that break a house, or a rule that cannot fit this line, are refused at load:
        // nothing to compare.
        let Ok(l) = load_str("p", &text, None) else { return Ok(()) };
        fast_agrees_with_oracle(&l, &text)?;
    }
}

/// For each kind, puzzles built around a planted solution that the rule holds in (the first
/// piece of a random line where it does): the planted solution is among the fast solver's,
/// and its count is the oracle's.
#[test]
fn planted_solutions_are_found_for_every_kind() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
    for kind in KINDS {
        let mut held = 0;
        for _ in 0..400 {
            if held == 6 {
                break;
            }
            let sol = planted(&mut rng);
            let turns: Vec<u8> = (0..rng.random_range(2..6))
                .map(|_| rng.random_range(0..8))
                .collect();
            let line = walk(
                6,
                (rng.random_range(1..=6), rng.random_range(1..=6)),
                &turns,
            );
            let givens: String = sol
                .iter()
                .map(|&d| {
                    if rng.random_bool(0.35) {
                        char::from(b'1' + d)
                    } else {
                        '.'
                    }
                })
                .collect();
            let param = rng.random_range(-40..40);
            // A little killer's total is read off the solution.
            let lk = planted_little_killer(&sol, rng.random_range(1..=6), rng.random_bool(0.5));
            let Some(text) = (2..=line.len()).find_map(|len| {
                let mut body = match kind {
                    "little-killer" => lk.clone(),
                    _ => rule_body(kind, &line[..len], param, 6),
                };
                if kind == "sequence" {
                    body += SEQUENCE_KEYS;
                }
                let text = format!("variant = \"6x6\"\ngivens = \"{givens}\"\n[[rule]]\n{body}");
                let l = load_str("p", &text, None).ok()?;
                l.puzzle.verify(&sol).is_ok().then_some(text)
            }) else {
                continue;
            };
            let l = load(&text);
            let fast = Solver::new(&l.puzzle).count(500).solutions;
            assert_eq!(fast.len(), oracle::count(&l.puzzle, 500), "{text}");
            assert!(
                fast.len() == 500 || fast.iter().any(|g| g.as_indices() == sol.as_slice()),
                "planted solution lost\n{text}"
            );
            held += 1;
        }
        assert_eq!(
            held, 6,
            "{kind}: too few random rules hold in their planted solution"
        );
    }
}

/// A little killer from above column `col` of the 6x6 solution, down-right or down-left,
/// with the total the solution holds on its diagonal.
fn planted_little_killer(sol: &[u8], col: i64, right: bool) -> String {
    let dc = if right { 1 } else { -1 };
    let (mut r, mut c, mut sum) = (1i64, col + dc, 0i64);
    while (1..=6).contains(&c) && r <= 6 {
        sum += i64::from(sol[((r - 1) * 6 + c - 1) as usize]) + 1;
        r += 1;
        c += dc;
    }
    let dir = if right { "down-right" } else { "down-left" };
    format!("type = \"little-killer\"\nat = [0, {col}]\ndirection = \"{dir}\"\ntotal = {sum}\n")
}

/// The keys of a sequence rule spelling a built-in line over values 1..=n: the state is what
/// the line rule needs to remember (the last value, or the last two classes).
fn automaton_for(kind: &str, n: i64) -> String {
    let mut moves = Vec::new();
    let mut accept = Vec::new();
    match kind {
        "thermo" | "whispers" => {
            let ok = |a: i64, b: i64| {
                if kind == "thermo" {
                    b > a
                } else {
                    (a - b).abs() >= 2
                }
            };
            for b in 1..=n {
                moves.push(format!("s {b} v{b}"));
                accept.push(format!("v{b}"));
                for a in 1..=n {
                    if ok(a, b) {
                        moves.push(format!("v{a} {b} v{b}"));
                    }
                }
            }
        }
        _ => {
            let class = |v: i64| {
                if kind == "modular" {
                    v % 3
                } else {
                    (v - 1) * 3 / n
                }
            };
            for v in 1..=n {
                let c = class(v);
                moves.push(format!("s {v} c{c}"));
                for x in (0..3).filter(|&x| x != c) {
                    moves.push(format!("c{x} {v} c{x}{c}"));
                    for y in (0..3).filter(|&y| y != c && y != x) {
                        moves.push(format!("c{x}{y} {v} c{y}{c}"));
                    }
                }
            }
            accept = (0..3).map(|x| format!("c{x}")).collect();
            for x in 0..3 {
                accept.extend((0..3).filter(|&y| y != x).map(|y| format!("c{x}{y}")));
            }
        }
    }
    let moves: Vec<String> = moves.iter().map(|m| format!("\"{m}\"")).collect();
    format!(
        "start = \"s\"\naccept = \"{}\"\ntransitions = [{}]\n",
        accept.join(" "),
        moves.join(", ")
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Where a built-in line can be written as an automaton, both give the same counts.
    #[test]
    fn sequence_rules_count_like_the_lines_they_spell(
        kind in prop::sample::select(vec!["thermo", "whispers", "entropic", "modular"]),
        start in (1u32..=6, 1u32..=6),
        turns in prop::collection::vec(0u8..8, 1..6),
        givens in prop::collection::vec(prop::option::weighted(0.15, 1u8..=6), 36),
    ) {
        let size: u32 = if matches!(kind, "entropic" | "modular") { 6 } else { 4 };
        let n = (size * size) as usize;
        let g: String = givens[..n]
            .iter()
            .map(|v| v.filter(|&d| u32::from(d) <= size).map_or('.', |d| char::from(b'0' + d)))
            .collect();
        let start = ((start.0 - 1) % size + 1, (start.1 - 1) % size + 1);
        let line = cells(&walk(size, start, &turns));
        let head = format!("variant = \"{size}x{size}\"\ngivens = \"{g}\"\n[[rule]]\n");
        let extra = if kind == "whispers" { "difference = 2\n" } else { "" };
        let builtin = format!("{head}type = \"{kind}\"\ncells = \"{line}\"\n{extra}");
        let sequence = format!(
            "{head}type = \"sequence\"\ncells = \"{line}\"\n{}",
            automaton_for(kind, i64::from(size))
        );
        let (Ok(a), Ok(b)) = (load_str("a", &builtin, None), load_str("b", &sequence, None)) else {
            return Ok(());
        };
        let ca = Solver::new(&a.puzzle).count(2000).solutions.len();
        let cb = Solver::new(&b.puzzle).count(2000).solutions.len();
        prop_assert_eq!(ca, cb, "{}", sequence);
    }
}

/// A regular expression over the digits 1..=n spelling a built-in line of `len` cells.
fn regex_for(kind: &str, len: usize, n: u8) -> String {
    let digits: Vec<String> = (1..=n).map(|d| d.to_string()).collect();
    match kind {
        "thermo" => digits.iter().map(|d| format!("{d}?")).collect(),
        "slow-thermo" => digits.iter().map(|d| format!("{d}*")).collect(),
        "palindrome" => {
            // Built from the middle out: `.` or nothing, then each symbol on both sides.
            let mut inner = if len % 2 == 1 {
                ".".to_string()
            } else {
                String::new()
            };
            for _ in 0..len / 2 {
                let alts: Vec<String> = digits.iter().map(|d| format!("{d}{inner}{d}")).collect();
                inner = format!("({})", alts.join("|"));
            }
            inner
        }
        _ => {
            // renban: every ordering of every run of `len` consecutive values.
            let mut words = Vec::new();
            for lo in 1..=(n as usize + 1).saturating_sub(len) {
                let run: Vec<usize> = (lo..lo + len).collect();
                permutations(&run, &mut Vec::new(), &mut words);
            }
            words.join("|")
        }
    }
}

fn permutations(rest: &[usize], prefix: &mut Vec<usize>, out: &mut Vec<String>) {
    if rest.is_empty() {
        out.push(prefix.iter().map(usize::to_string).collect());
    }
    for i in 0..rest.len() {
        let mut others = rest.to_vec();
        prefix.push(others.remove(i));
        permutations(&others, prefix, out);
        prefix.pop();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Where a built-in line can be written as a regular expression, both give the same counts.
    #[test]
    fn regex_sequences_count_like_the_lines_they_spell(
        kind in prop::sample::select(vec!["thermo", "slow-thermo", "palindrome", "renban"]),
        start in (1u32..=4, 1u32..=4),
        turns in prop::collection::vec(0u8..8, 1..4),
        givens in prop::collection::vec(prop::option::weighted(0.15, 1u8..=4), 16),
    ) {
        let g: String = givens.iter().map(|v| v.map_or('.', |d| char::from(b'0' + d))).collect();
        let path = walk(4, start, &turns);
        let line = cells(&path);
        let head = format!("variant = \"4x4\"\ngivens = \"{g}\"\n[[rule]]\n");
        if load_str("g", &head.replace("[[rule]]", ""), None).is_err() {
            return Ok(()); // givens that clash on their own
        }
        let builtin = format!("{head}type = \"{kind}\"\ncells = \"{line}\"\n");
        let regex = regex_for(kind, path.len(), 4);
        let sequence = format!("{head}type = \"sequence\"\ncells = \"{line}\"\nregex = \"{regex}\"\n");
        let b = load_str("b", &sequence, None).unwrap_or_else(|e| panic!("{e}\n{sequence}"));
        // A built-in line may be refused (a thermometer longer than the alphabet); its regex
        // then allows no word of the line's length.
        let cb = Solver::new(&b.puzzle).count(2000).solutions.len();
        let ca = load_str("a", &builtin, None).map_or(0, |a| Solver::new(&a.puzzle).count(2000).solutions.len());
        prop_assert_eq!(ca, cb, "{}", sequence);
        prop_assert_eq!(cb, oracle::count(&b.puzzle, 2000), "{}", sequence);
    }
}

#[test]
fn a_regex_thermometer_counts_like_the_thermometer() {
    // The documented 4x4 example: the diagonal thermometer forces 1 2 3 4.
    let line = "cells = \"r1c1 r2c2 r3c3 r4c4\"";
    let thermo = count(&rule("4x4", &format!("type = \"thermo\"\n{line}")));
    let re = count(&rule(
        "4x4",
        &format!("type = \"sequence\"\n{line}\nregex = \"1?2?3?4?\""),
    ));
    assert_eq!((thermo, re), (thermo, thermo));
    assert!(thermo > 0 && thermo < 288);
}

#[test]
fn bad_regexes_are_errors_at_their_place() {
    let cases = [
        ("regex = \"1(2\"", "never closed", (5, 11)),
        ("regex = \"15\"", "`5` is not a symbol", (5, 11)),
        ("regex = \"1{3,2}\"", "not a count", (5, 11)),
        ("regex = \"[4-2]\"", "runs backwards", (5, 11)),
        ("regex = \".{70}\"", "more than 64 states", (5, 10)),
        (
            "start = \"s\"\nregex = \"1\"",
            "already has a `regex`",
            (5, 9),
        ),
    ];
    for (keys, want, at) in cases {
        let body = format!("type = \"sequence\"\ncells = \"r1c1 r1c2\"\n{keys}");
        let (m, got) = error_of(&rule("4x4", &body));
        assert!(m.contains(want), "{m}\n{body}");
        assert_eq!(got, at, "{m}\n{body}");
    }
}

#[test]
fn a_sequence_around_a_loop_reads_its_first_cell_again() {
    // Strictly increasing around a loop is impossible; along the same cells as a line it is not.
    let keys = automaton_for("thermo", 4);
    let line = format!("type = \"sequence\"\ncells = \"r1c1 r1c2 r2c2\"\n{keys}");
    assert!(count(&rule("4x4", &line)) > 0);
    assert_eq!(count(&rule("4x4", &format!("{line}loop = true"))), 0);
}

fn error_of(text: &str) -> (String, (usize, usize)) {
    let Err(e) = load_str("test", text, None) else {
        panic!("no error for {text}")
    };
    let d = &e.diagnostics[0];
    (d.message.clone(), d.line_col().expect("a place"))
}

#[test]
fn bad_rules_are_errors_at_their_place() {
    let cases: [(&str, &str, (usize, usize)); 14] = [
        (
            "type = \"little-killer\"\nat = [0, 1]\ndirection = \"down\"\ntotal = 5",
            "`down` is not a direction",
            (5, 13),
        ),
        (
            "type = \"little-killer\"\nat = [1, 1]\ndirection = \"down-right\"\ntotal = 5",
            "is a cell",
            (4, 6),
        ),
        (
            "type = \"little-killer\"\nat = [0, 1]\ndirection = \"up-right\"\ntotal = 5",
            "does not enter the grid",
            (5, 13),
        ),
        (
            "type = \"little-killer\"\nat = [0, 0]\ndirection = \"down-right\"\ntotal = 30",
            "cannot add up to 30",
            (6, 9),
        ),
        (
            "type = \"little-killer\"\nat = [0, 0]",
            "needs `total`, `at` and `direction`",
            (2, 1),
        ),
        (
            "type = \"arrow\"\ncells = \"r1c2 r1c3\"",
            "needs its `circle`",
            (2, 1),
        ),
        (
            "type = \"arrow\"\ncircle = \"r3c3\"\ncells = \"r1c2 r1c3\"",
            "must start next to the circle",
            (4, 10),
        ),
        (
            "type = \"arrow\"\ncircle = \"r1c1 r1c2 r1c3 r1c4\"\ncells = \"r2c4\"",
            "at most 3",
            (4, 10),
        ),
        (
            "type = \"clone\"\ncells = \"r1c1 r1c2\"\ncopy = \"r3c3 r4c3\"",
            "same arrangement",
            (5, 8),
        ),
        (
            "type = \"whispers\"\ndifference = 4\ncells = \"r1c1 r1c2\"",
            "no two values differ by 4",
            (4, 14),
        ),
        (
            "type = \"entropic\"\ncells = \"r1c1 r1c2 r1c3\"",
            "multiple of 3",
            (2, 1),
        ),
        (
            "type = \"renban\"\ncells = \"r1c1 r1c2 r1c3 r1c4 r2c4\"",
            "no 5 consecutive values",
            (2, 1),
        ),
        (
            "type = \"sequence\"\ncells = \"r1c1 r1c2\"\nstart = \"s\"\naccept = \"s\"\ntransitions = [\"s 1-9\"]",
            "not a move",
            (7, 16),
        ),
        (
            "type = \"sequence\"\ncells = \"r1c1 r1c2\"\nstates = \"s\"\nstart = \"s\"\naccept = \"t\"\ntransitions = [\"s * s\"]",
            "`t` is not one of the `states`",
            (7, 10),
        ),
    ];
    for (body, want, at) in cases {
        let (m, got) = error_of(&rule("4x4", body));
        assert!(m.contains(want), "{m}\n{body}");
        assert_eq!(got, at, "{m}\n{body}");
    }
    // Arithmetic needs values: letters without `values` have none.
    let letters = "symbols = \"ABCD\"\n[[grid]]\nsize = 4\nbox = [2, 2]\n[[rule]]\ntype = \"arrow\"\ncircle = \"r1c1\"\ncells = \"r1c2\"\n";
    let (m, _) = error_of(letters);
    assert!(m.contains("has no `values`"), "{m}");
    // A palindrome needs none.
    let letters = letters.replace(
        "arrow\"\ncircle = \"r1c1\"\ncells = \"r1c2\"",
        "palindrome\"\ncells = \"r1c1 r2c2\"",
    );
    assert!(load_str("t", &letters, None).is_ok(), "{letters}");
}

#[test]
fn the_rules_are_drawn() {
    let text = rule(
        "4x4",
        "type = \"little-killer\"\nat = [0, 0]\ndirection = \"down-right\"\ntotal = 10\n[[rule]]\ntype = \"renban\"\ncells = \"r2c1 r2c2\"\n[[rule]]\ntype = \"arrow\"\ncircle = \"r3c1\"\ncells = \"r3c2 r3c3\"\n[[cage]]\ncells = \"r4c3 r4c4\"",
    );
    let svg = shapedoku::render::svg(&load(&text).puzzle, &Default::default());
    assert!(svg.contains("<g class=\"rules\">"), "{svg}");
    assert!(svg.contains(">10</text>"), "the little killer's total");
    assert!(svg.contains("#c36ef0"), "the renban's purple");
    assert!(svg.contains("<circle"), "the arrow's circle");
    // The cage without a total is outlined, with no number.
    assert!(svg.contains("class=\"cages\""));
    assert!(!svg.contains("class=\"cage-sums\"><rect"));
}

/// The line kinds whose propagators reason over the whole line and the houses it crosses.
const WHOLE_LINES: [&str; 7] = [
    "renban",
    "whispers",
    "between",
    "zipper",
    "entropic",
    "modular",
    "palindrome",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Long lines on 6x6 (up to 12 cells, crossing rows, columns and boxes, so the houses'
    /// "each symbol once" comes into play) around a planted solution: the longest piece of
    /// the line that holds in the solution is the rule, with about a third of the solution
    /// given. The fast solver keeps the planted solution and counts like the oracle.
    #[test]
    fn long_lines_keep_their_planted_solution(
        kind in prop::sample::select(WHOLE_LINES.to_vec()),
        seed in any::<u64>(),
        turns in prop::collection::vec(0u8..8, 4..12),
        param in -40i64..40,
    ) {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let sol = planted(&mut rng);
        let line = walk(6, (rng.random_range(1..=6), rng.random_range(1..=6)), &turns);
        let givens: String = sol
            .iter()
            .map(|&d| if rng.random_bool(0.3) { char::from(b'1' + d) } else { '.' })
            .collect();
        let found = (2..=line.len()).rev().find_map(|len| {
            let body = rule_body(kind, &line[..len], param, 6);
            let text = format!("variant = \"6x6\"\ngivens = \"{givens}\"\n[[rule]]\n{body}");
            let l = load_str("p", &text, None).ok()?;
            l.puzzle.verify(&sol).is_ok().then_some((l, text))
        });
        let Some((l, text)) = found else { return Ok(()) };
        let fast = Solver::new(&l.puzzle).count(300).solutions;
        prop_assert_eq!(fast.len(), oracle::count(&l.puzzle, 300), "{}", text);
        prop_assert!(
            fast.len() == 300 || fast.iter().any(|g| g.as_indices() == sol.as_slice()),
            "planted solution lost\n{}", text
        );
    }
}

/// Random Killer cages on a planted 6x6 solution: the grid cut into cages grown from random
/// cells (a few cells left out), each cage's total read off the solution, repeats allowed in
/// some cages (and wherever the solution repeats), plus an arrow and a little killer that the
/// solution holds and a few givens. Cages that nearly fill rows, columns and boxes are what
/// the innies and outies the solver derives before the search come from; the fast count must
/// be the reference solver's, and the planted solution among the fast solver's.
#[test]
fn planted_killers_count_like_the_oracle() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(45);
    let mut checked = 0;
    for _ in 0..40 {
        let sol = planted(&mut rng);
        let mut owner = [usize::MAX; 36];
        let mut text = String::from("variant = \"6x6\"\n");
        let givens: String = (sol.iter())
            .map(|&d| {
                if rng.random_bool(0.06) {
                    char::from(b'1' + d)
                } else {
                    '.'
                }
            })
            .collect();
        text += &format!("givens = \"{givens}\"\n");
        let mut order: Vec<usize> = (0..36).collect();
        for i in (1..36).rev() {
            order.swap(i, rng.random_range(0..=i));
        }
        for (n, &start) in order.iter().enumerate() {
            if owner[start] != usize::MAX || rng.random_bool(0.12) {
                continue;
            }
            let mut cage = vec![start];
            owner[start] = n;
            let size = rng.random_range(1..=6);
            while cage.len() < size {
                let at = cage[rng.random_range(0..cage.len())];
                let (r, c) = (at / 6, at % 6);
                let next = [(0, 1), (2, 1), (1, 0), (1, 2)]
                    .map(|(dr, dc)| (r + dr, c + dc))
                    .into_iter()
                    .filter(|&(r, c)| (1..=6).contains(&r) && (1..=6).contains(&c))
                    .map(|(r, c)| (r - 1) * 6 + c - 1)
                    .find(|&x| owner[x] == usize::MAX && rng.random_bool(0.7));
                let Some(x) = next else { break };
                owner[x] = n;
                cage.push(x);
            }
            let values: Vec<u8> = cage.iter().map(|&x| sol[x]).collect();
            let repeats =
                rng.random_bool(0.2) || (1..values.len()).any(|i| values[..i].contains(&values[i]));
            let sum: i64 = values.iter().map(|&v| i64::from(v) + 1).sum();
            let line: Vec<(u32, u32)> = (cage.iter())
                .map(|&x| (x as u32 / 6 + 1, x as u32 % 6 + 1))
                .collect();
            text += &format!("[[cage]]\nsum = {sum}\ncells = \"{}\"\n", cells(&line));
            if repeats {
                text += "repeats = true\n";
            }
        }
        // From above columns 2-5 a diagonal enters the grid either way.
        let lk = planted_little_killer(&sol, rng.random_range(2..=5), rng.random_bool(0.5));
        text += &format!("[[rule]]\n{lk}");
        // An arrow along a random line, cut where the solution holds it.
        let turns: Vec<u8> = (0..4).map(|_| rng.random_range(0..8)).collect();
        let line = walk(
            6,
            (rng.random_range(1..=6), rng.random_range(1..=6)),
            &turns,
        );
        let with_arrow = (2..=line.len()).find_map(|len| {
            let t = format!("{text}[[rule]]\n{}", rule_body("arrow", &line[..len], 0, 6));
            let l = load_str("p", &t, None).ok()?;
            l.puzzle.verify(&sol).is_ok().then_some(t)
        });
        let text = with_arrow.unwrap_or(text);
        let l = load(&text);
        assert!(l.puzzle.verify(&sol).is_ok(), "{text}");
        let fast = Solver::new(&l.puzzle).count(300).solutions;
        assert_eq!(fast.len(), oracle::count(&l.puzzle, 300), "{text}");
        assert!(
            fast.len() == 300 || fast.iter().any(|g| g.as_indices() == sol.as_slice()),
            "planted solution lost\n{text}"
        );
        checked += 1;
    }
    assert_eq!(checked, 40);
}

#[test]
fn sum_lines_split_into_runs_of_their_total() {
    // r1c1 r1c2 r1c3 r1c4 on a 4x4 holds 1-4 once: a 10 line is one run (1+2+3+4), a 5 line
    // two runs (1+4 | 2+3 or 4+1 | 3+2, ...), a 4 line never (no split of 10 into 4s).
    let count = |total: i64| {
        let text = format!(
            "variant = \"4x4\"\n[[rule]]\ntype = \"sum-line\"\ntotal = {total}\ncells = \"r1c1 r1c2 r1c3 r1c4\"\n"
        );
        let l = load(&text);
        let n = Solver::new(&l.puzzle).count(1000).solutions.len();
        assert_eq!(n, oracle::count(&l.puzzle, 1000), "{text}");
        n
    };
    assert_eq!(count(10), 288);
    assert_eq!(count(4), 0);
    // Row 1 as 1 4 | 2 3, 4 1 | 2 3, ... : 8 orders of the row, each with 12 grids.
    assert_eq!(count(5), 8 * 12);
}

#[test]
fn bad_sum_lines_are_errors_at_their_key() {
    let base = "variant = \"4x4\"\n[[rule]]\ntype = \"sum-line\"\ncells = \"r1c1 r1c2\"\n";
    let (m, at) = error_of(&format!("{base}total = 0\n"));
    assert!(m.contains("between 1 and 64"), "{m}");
    assert_eq!(at, (5, 9));
    let (m, at) = error_of(&format!("{base}loop = true\n"));
    assert!(m.contains("loop"), "{m}");
    assert_eq!(at, (5, 8));
}

#[test]
fn a_sum_line_is_drawn_with_its_total() {
    let text = rule(
        "4x4",
        "type = \"sum-line\"\ntotal = 7\ncells = \"r1c1 r1c2 r2c2\"",
    );
    let svg = shapedoku::render::svg(&load(&text).puzzle, &Default::default());
    assert!(svg.contains("#64c864"), "the line's green");
    assert!(svg.contains(">7</text>"), "the total");
}

#[test]
fn rellik_cages_and_lockout_lines_count_as_worked_out() {
    // A rellik cage of total 3 on r1c1 r1c2 (a 4x4): neither cell is 3, and not 1 and 2.
    // Row 1's first two cells are then 1 4, 4 1, 2 4, 4 2: 4 of the 12 ordered pairs.
    let rellik = "type = \"rellik\"\ntotal = 3\ncells = \"r1c1 r1c2\"";
    assert_eq!(count(&rule("4x4", rellik)), 288 * 4 / 12);
    // A lockout line r1c1 r1c2 r1c3 with ends at least 2 apart: the middle is outside the
    // ends' range: (1,4,3), (3,4,1), (4,1,2), (2,1,4): 4 of the 24 ordered triples.
    let lockout = "type = \"lockout\"\ndifference = 2\ncells = \"r1c1 r1c2 r1c3\"";
    assert_eq!(count(&rule("4x4", lockout)), 288 * 4 / 24);
    for text in [rule("4x4", rellik), rule("4x4", lockout)] {
        let l = load(&text);
        assert_eq!(
            Solver::new(&l.puzzle).count(1000).solutions.len(),
            oracle::count(&l.puzzle, 1000)
        );
    }
}

#[test]
fn bad_rellik_cages_and_lockout_lines_are_errors_at_their_key() {
    let (m, at) = error_of(
        "variant = \"4x4\"\n[[rule]]\ntype = \"rellik\"\ncells = \"r1c1 r1c2\"\ntotal = 0\n",
    );
    assert!(m.contains("between 1 and 127"), "{m}");
    assert_eq!(at, (5, 9));
    let (m, _) =
        error_of("variant = \"4x4\"\n[[rule]]\ntype = \"rellik\"\ncells = \"r1c1 r1c2\"\n");
    assert!(m.contains("needs `total`"), "{m}");
    let (m, at) = error_of(
        "variant = \"4x4\"\n[[rule]]\ntype = \"lockout\"\ncells = \"r1c1 r1c2\"\ndifference = 4\n",
    );
    assert!(m.contains("differ by at least 1"), "{m}");
    assert_eq!(at, (5, 14));
}

#[test]
fn rellik_cages_and_lockout_lines_are_drawn() {
    let text = rule(
        "4x4",
        "type = \"rellik\"\ntotal = 9\ncells = \"r1c1 r2c2\"\n[[rule]]\ntype = \"lockout\"\ndifference = 2\ncells = \"r3c1 r3c2 r3c3\"",
    );
    let svg = shapedoku::render::svg(&load(&text).puzzle, &Default::default());
    assert!(svg.contains("class=\"rellik\""), "the cage's frames");
    assert!(svg.contains(">9</text>"), "the cage's total");
    assert_eq!(
        svg.matches("lockout-end").count(),
        2,
        "a diamond at each end"
    );
}

#[test]
fn lunchboxes_count_as_worked_out() {
    // A lunchbox on row 1 of a 4x4 with total 0: the 1 and the 4 are next to each other, in
    // 12 of the 24 orders of the row.
    let row = "type = \"lunchbox\"\ntotal = 0\ncells = \"r1c1 r1c2 r1c3 r1c4\"";
    assert_eq!(count(&rule("4x4", row)), 288 * 12 / 24);
    // On r1c1 r1c2 r1c3 with total 2: the middle cell holds 2 between its line's smallest
    // and largest, 1 and 3 or 1 and 4 at the ends: (1,2,3), (3,2,1), (1,2,4), (4,2,1), 4 of
    // the 24 ordered triples of different values.
    let part = "type = \"lunchbox\"\ntotal = 2\ncells = \"r1c1 r1c2 r1c3\"";
    assert_eq!(count(&rule("4x4", part)), 288 * 4 / 24);
    for text in [rule("4x4", row), rule("4x4", part)] {
        let l = load(&text);
        assert_eq!(
            Solver::new(&l.puzzle).count(1000).solutions.len(),
            oracle::count(&l.puzzle, 1000)
        );
    }
}

#[test]
fn bad_lunchboxes_are_errors_at_their_key() {
    let (m, at) = error_of(
        "variant = \"4x4\"\n[[rule]]\ntype = \"lunchbox\"\ncells = \"r1c1 r1c2\"\ntotal = 6\n",
    );
    assert!(m.contains("between 0 and 5"), "{m}");
    assert_eq!(at, (5, 9));
    let (m, _) =
        error_of("variant = \"4x4\"\n[[rule]]\ntype = \"lunchbox\"\ncells = \"r1c1 r1c2\"\n");
    assert!(m.contains("needs `total`"), "{m}");
    let (m, _) =
        error_of("variant = \"4x4\"\n[[rule]]\ntype = \"lunchbox\"\ncells = \"r1c1\"\ntotal = 0\n");
    assert!(m.contains("2 to 4 cells"), "{m}");
}

#[test]
fn a_lunchbox_is_drawn_with_its_total() {
    let text = rule(
        "4x4",
        "type = \"lunchbox\"\ntotal = 5\ncells = \"r2c1 r2c2 r2c3 r2c4\"",
    );
    let svg = shapedoku::render::svg(&load(&text).puzzle, &Default::default());
    assert!(svg.contains("#b48c50"), "the line's colour");
    assert!(svg.contains(">5</text>"), "the total");
}

/// Loops on a 4x4, each cell touching the next and the last the first: a box, a 2x3
/// ring and the outer ring.
const LOOPS_4X4: [&str; 3] = [
    "r1c1 r1c2 r2c2 r2c1",
    "r2c2 r2c3 r2c4 r3c4 r3c3 r3c2",
    "r1c1 r1c2 r1c3 r1c4 r2c4 r3c4 r4c4 r4c3 r4c2 r4c1 r3c1 r2c1",
];

#[test]
fn a_sum_loop_splits_into_runs_that_may_wrap() {
    let count = |cells: &str, closed: bool| {
        let text = format!(
            "variant = \"4x4\"\n[[rule]]\ntype = \"sum-line\"\ntotal = 5\ncells = \"{cells}\"\nloop = {closed}\n"
        );
        let l = load(&text);
        let n = Solver::new(&l.puzzle).count(1000).solutions.len();
        assert_eq!(n, oracle::count(&l.puzzle, 1000), "{text}");
        n
    };
    // Box 1 holds 1-4 around the loop r1c1 r1c2 r2c2 r2c1: as a line, r1c1+r1c2 and
    // r2c2+r2c1 are 5 (8 of the 24 orders); around the loop r1c2+r2c2 and r2c1+r1c1 may be
    // the runs instead: 8 more orders, none shared (it would make r1c1 equal r2c2).
    let (line, ring) = (count(LOOPS_4X4[0], false), count(LOOPS_4X4[0], true));
    assert_eq!(line, 8 * 12);
    assert_eq!(ring, 16 * 12);
    // A loop must close: its last cell touches its first.
    let open = "variant = \"4x4\"\n[[rule]]\ntype = \"sum-line\"\ncells = \"r1c1 r1c2 r1c3\"\nloop = true\n";
    let (m, at) = error_of(open);
    assert!(m.contains("r1c3 does not touch r1c1"), "{m}");
    assert_eq!(at, (5, 8));
    // Drawn closed: the polyline ends where it starts.
    let text = format!(
        "variant = \"4x4\"\n[[rule]]\ntype = \"sum-line\"\ntotal = 5\ncells = \"{}\"\nloop = true\n",
        LOOPS_4X4[0]
    );
    let svg = shapedoku::render::svg(&load(&text).puzzle, &Default::default());
    assert!(svg.contains("#64c864"), "the line's green");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// A sum line around a loop, of a random total, with a few random givens: the fast
    /// solver (the loop read from each cell, as alternatives) finds as many solutions as the
    /// oracle (the loop's check), each keeping the rule.
    #[test]
    fn sum_loops_count_like_the_oracle(
        which in 0usize..3,
        total in 1i64..=12,
        givens in prop::collection::vec(prop::option::weighted(0.12, 1u8..=4), 16),
    ) {
        let g: String = givens.iter().map(|v| v.map_or('.', |d| char::from(b'0' + d))).collect();
        let text = format!(
            "variant = \"4x4\"\ngivens = \"{g}\"\n[[rule]]\ntype = \"sum-line\"\ntotal = {total}\ncells = \"{}\"\nloop = true\n",
            LOOPS_4X4[which]
        );
        let Ok(l) = load_str("p", &text, None) else { return Ok(()) };
        let fast = Solver::new(&l.puzzle).count(1000).solutions;
        prop_assert_eq!(fast.len(), oracle::count(&l.puzzle, 1000), "{}", text);
        for s in &fast {
            prop_assert!(l.puzzle.verify(s).is_ok(), "{}", text);
        }
    }
}

#[test]
fn loop_steps_say_where_runs_can_no_longer_start() {
    // Logic Masters' "10 Lines" (0009MN), published with its solution: one of its eleven sum
    // lines is a loop of four cells. Every step the reasoner takes from the loop names its
    // readings in the loop's own words, and removes no value of the setter's solution.
    use shapedoku::reason::{self, Deduction, RuleReason, explain};
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/kinds/10-lines.toml");
    let l = shapedoku::load::load_path(&path).unwrap_or_else(|e| panic!("{e}"));
    let want = l.solution.clone().expect("a stated solution");
    let g = l.puzzle.geometry();
    let run = reason::solve(&l.puzzle);
    let loop_steps: Vec<_> = (run.steps.iter())
        .filter(|s| {
            matches!(
                &s.deduction,
                Deduction::RuleElimination {
                    reason: RuleReason::LoopCuts { .. },
                    ..
                }
            )
        })
        .collect();
    assert!(
        !loop_steps.is_empty(),
        "the loop is used by the logical solve"
    );
    for s in loop_steps {
        for c in &s.eliminations {
            assert_ne!(
                want[c.cell.index()] as usize,
                c.symbol.index(),
                "{}",
                explain::text(g, s)
            );
        }
        let line = explain::text(g, s);
        assert!(line.contains("way of cutting the loop into runs"), "{line}");
        assert!(!line.contains("alternatives"), "{line}");
    }
}
