//! Outside clues (sandwich, X-sum, skyscraper) and indexing end to end: loaded from
//! `[[rule]]` tables, counted by the fast solver, checked against the reference solver on random
//! small puzzles and on puzzles built around a planted solution, refused with a placed error
//! when written wrong, explained and drawn.

use crate::common;

use common::{count, fast_agrees_with_oracle, load, planted, rule};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use shapedoku::load::load_str;
use shapedoku::{Solver, Verdict, oracle};

/// 4x4 Sudoku has 288 grids; each clue below keeps a count worked out by hand (each row or
/// column is a permutation, every one equally often).
#[test]
fn small_puzzles_have_the_counts_worked_out_by_hand() {
    // Four visible from above column 1: it reads 1 2 3 4 down, one permutation of 24.
    let sky = |at: &str, n| format!("type = \"skyscraper\"\nat = {at}\ncount = {n}");
    assert_eq!(count(&rule("4x4", &sky("[0, 1]", 4))), 288 / 24);
    // One visible from the left of row 1: r1c1 is 4.
    assert_eq!(count(&rule("4x4", &sky("[1, 0]", 1))), 288 / 4);
    // Read from the right instead: r1c4 is 4.
    let p = load(&rule("4x4", &sky("[1, 5]", 1)));
    let sols = Solver::new(&p.puzzle).count(1000).solutions;
    assert_eq!(sols.len(), 72);
    assert!(sols.iter().all(|g| g.as_indices()[3] == 3));
    // X-sum 10 from the left of row 1: only X = 4 (the whole row) reaches 10.
    let xs = "type = \"x-sum\"\nat = [1, 0]\ntotal = 10";
    assert_eq!(count(&rule("4x4", xs)), 288 / 4);
    // Sandwich 5 in row 1: 2 and 3 both lie between 1 and 4, which are at the ends: 4 of 24.
    let sw = |t| format!("type = \"sandwich\"\nat = [1, 0]\ntotal = {t}");
    assert_eq!(count(&rule("4x4", &sw(5))), 288 * 4 / 24);
    // Sandwich 0: 1 and 4 side by side, 12 of 24 permutations.
    assert_eq!(count(&rule("4x4", &sw(0))), 288 * 12 / 24);
    // A single indexing cell r1c1: holding k puts 1 in column k of row 1. Half the
    // permutations of a row have 1 and r1c1 in a cycle of length 1 or 2.
    let ix = "type = \"indexing\"\ncells = \"r1c1\"\nindexes = \"column\"";
    assert_eq!(count(&rule("4x4", ix)), 288 / 2);
}

/// The kinds, with the body of a clue at a random place with a random number.
const KINDS: [&str; 6] = [
    "sandwich",
    "x-sum",
    "skyscraper",
    "indexing",
    "numbered-room",
    "hidden-skyscraper",
];

/// A random rule of `kind` on a `size`x`size` grid; the rule may be unsatisfiable (or
/// refused at load, when its number no values reach).
fn random_body(kind: &str, size: u32, side: u8, line: u32, number: i64, cells: &[u32]) -> String {
    let at = match side % 4 {
        0 => format!("[0, {line}]"),
        1 => format!("[{}, {line}]", size + 1),
        2 => format!("[{line}, 0]"),
        _ => format!("[{line}, {}]", size + 1),
    };
    match kind {
        "skyscraper" => format!(
            "type = \"skyscraper\"\nat = {at}\ncount = {}\n",
            number.rem_euclid(size as i64 + 1)
        ),
        "numbered-room" | "hidden-skyscraper" => format!(
            "type = \"{kind}\"\nat = {at}\nvalue = {}\n",
            number.rem_euclid(size as i64) + 1
        ),
        "indexing" => {
            let cells: Vec<String> = cells
                .iter()
                .map(|&c| format!("r{}c{}", c / size + 1, c % size + 1))
                .collect();
            let mut cells = cells;
            cells.sort();
            cells.dedup();
            let along = ["column", "row", "box"][side as usize % 3];
            format!(
                "type = \"indexing\"\ncells = \"{}\"\nindexes = \"{along}\"\n",
                cells.join(" ")
            )
        }
        _ => {
            let most = i64::from(size * (size + 1) / 2);
            format!(
                "type = \"{kind}\"\nat = {at}\ntotal = {}\n",
                number.rem_euclid(most + 1)
            )
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn fast_counts_equal_the_oracles(
        kind in prop::sample::select(KINDS.to_vec()),
        six in any::<bool>(),
        clues in prop::collection::vec((0u8..4, 1u32..=6, 0i64..60), 1..4),
        cells in prop::collection::vec(0u32..36, 1..4),
        givens in prop::collection::vec(prop::option::weighted(0.12, 1u8..=6), 36),
    ) {
        let size: u32 = if six { 6 } else { 4 };
        let n = (size * size) as usize;
        let g: String = givens[..n]
            .iter()
            .map(|v| v.filter(|&d| u32::from(d) <= size).map_or('.', |d| char::from(b'0' + d)))
            .collect();
        let cells: Vec<u32> = cells.iter().map(|c| c % (size * size)).collect();
        let mut text = format!("variant = \"{size}x{size}\"\ngivens = \"{g}\"\n");
        for &(side, line, number) in &clues {
            let line = (line - 1) % size + 1;
            text += "[[rule]]\n";
            text += &random_body(kind, size, side, line, number, &cells);
        }
        // Givens that break a house, or a clue no values reach, are refused at load.
        let Ok(l) = load_str("p", &text, None) else { return Ok(()) };
        fast_agrees_with_oracle(&l, &text)?;
    }
}

/// The clue of `kind` read off the 6x6 solution `sol` from `side` of `line`.
fn planted_clue(kind: &str, sol: &[u8], side: u8, line: u32) -> String {
    let l = line as usize - 1;
    let mut vals: Vec<i64> = (0..6)
        .map(|i| match side {
            0 | 1 => sol[i * 6 + l],
            _ => sol[l * 6 + i],
        })
        .map(|d| i64::from(d) + 1)
        .collect();
    if side % 2 == 1 {
        vals.reverse();
    }
    let at = match side {
        0 => format!("[0, {line}]"),
        1 => format!("[7, {line}]"),
        2 => format!("[{line}, 0]"),
        _ => format!("[{line}, 7]"),
    };
    let number = match kind {
        "sandwich" => {
            let a = vals.iter().position(|&v| v == 1).unwrap();
            let b = vals.iter().position(|&v| v == 6).unwrap();
            vals[a.min(b) + 1..a.max(b)].iter().sum::<i64>()
        }
        "x-sum" => vals[..vals[0] as usize].iter().sum(),
        "numbered-room" => vals[vals[0] as usize - 1],
        // The first value not above all before it (a row of 1 to 6 hides one unless sorted).
        "hidden-skyscraper" => (1..vals.len())
            .find(|&i| vals[..i].iter().any(|&b| b >= vals[i]))
            .map_or(1, |i| vals[i]),
        _ => {
            let mut best = 0;
            vals.iter()
                .filter(|&&v| {
                    v > best && {
                        best = v;
                        true
                    }
                })
                .count() as i64
        }
    };
    let key = match kind {
        "skyscraper" => "count",
        "numbered-room" | "hidden-skyscraper" => "value",
        _ => "total",
    };
    format!("[[rule]]\ntype = \"{kind}\"\nat = {at}\n{key} = {number}\n")
}

/// Clues read off a planted solution, with random givens: the planted solution is among the
/// fast solver's, and its count is the oracle's.
#[test]
fn planted_solutions_are_found_for_every_clue_kind() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
    for kind in [
        "sandwich",
        "x-sum",
        "skyscraper",
        "numbered-room",
        "hidden-skyscraper",
    ] {
        for _ in 0..8 {
            let sol = planted(&mut rng);
            let givens: String = sol
                .iter()
                .map(|&d| {
                    if rng.random_bool(0.3) {
                        char::from(b'1' + d)
                    } else {
                        '.'
                    }
                })
                .collect();
            let mut text = format!("variant = \"6x6\"\ngivens = \"{givens}\"\n");
            for _ in 0..rng.random_range(1..5) {
                text += &planted_clue(kind, &sol, rng.random_range(0..4), rng.random_range(1..=6));
            }
            let l = load(&text);
            let fast = Solver::new(&l.puzzle).count(500).solutions;
            assert_eq!(fast.len(), oracle::count(&l.puzzle, 500), "{text}");
            assert!(
                fast.len() == 500 || fast.iter().any(|g| g.as_indices() == sol.as_slice()),
                "planted solution lost\n{text}"
            );
        }
    }
}

/// A classic puzzle given only by clues from every side: the clues alone decide it.
#[test]
fn a_classic_grid_is_decided_by_its_skyscraper_and_x_sum_clues() {
    // A classic solution; its clues are read off it.
    let sol = "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
    let v: Vec<i64> = sol.bytes().map(|b| i64::from(b - b'0')).collect();
    let line = |side: u8, i: usize| -> Vec<i64> {
        let mut l: Vec<i64> = (0..9)
            .map(|k| if side < 2 { v[k * 9 + i] } else { v[i * 9 + k] })
            .collect();
        if side % 2 == 1 {
            l.reverse();
        }
        l
    };
    let mut text = String::from("variant = \"classic\"\n");
    for side in 0..4u8 {
        for i in 0..9 {
            let l = line(side, i);
            let at = match side {
                0 => format!("[0, {}]", i + 1),
                1 => format!("[10, {}]", i + 1),
                2 => format!("[{}, 0]", i + 1),
                _ => format!("[{}, 10]", i + 1),
            };
            let mut best = 0;
            let seen = l
                .iter()
                .filter(|&&x| {
                    x > best && {
                        best = x;
                        true
                    }
                })
                .count();
            let xs: i64 = l[..l[0] as usize].iter().sum();
            text += &format!("[[rule]]\ntype = \"skyscraper\"\nat = {at}\ncount = {seen}\n");
            text += &format!("[[rule]]\ntype = \"x-sum\"\nat = {at}\ntotal = {xs}\n");
        }
    }
    let p = load(&text).puzzle;
    let c = Solver::new(&p).count(2);
    assert_eq!(c.verdict(), Verdict::Unique, "{text}");
    let got: String = c.solutions[0]
        .as_indices()
        .iter()
        .map(|&s| char::from(b'1' + s))
        .collect();
    assert_eq!(got, sol);
}

/// Column-1 indexing on a classic grid with a solution it holds in: the rule removes
/// solutions, and the one left agrees with the rule.
#[test]
fn indexing_keeps_only_grids_it_holds_in() {
    // Row r of this grid holds in column 1 the column where 1 sits: the rows start 1, or
    // start k with 1 in column k.
    let sol = "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
    let mut givens: Vec<u8> = sol.bytes().collect();
    // Without r1c1 and r1c2 the row could also be 2 1 ...; indexing r1c1 = 2 would need 1 in
    // column 2, which holds; both grids hold. Blank two cells of another row whose swap
    // breaks the rule instead: r4c1 = 2 and r4c2 = 1 hold; r4c1 = 1, r4c2 = 2 hold as well.
    for c in [27usize, 28, 33, 34] {
        givens[c] = b'.';
    }
    let g: String = givens.iter().map(|&b| char::from(b)).collect();
    let plain = format!("variant = \"classic\"\ngivens = \"{g}\"\n");
    let with = format!("{plain}[[rule]]\ntype = \"indexing\"\ncells = \"r1-9c1\"\n");
    let (a, b) = (count(&plain), count(&with));
    let l = load(&with);
    assert_eq!(b, oracle::count(&l.puzzle, 100));
    assert!(a >= b, "{a} {b}");
}

fn error_of(text: &str) -> (String, String, (usize, usize)) {
    let Err(e) = load_str("test", text, None) else {
        panic!("no error for {text}")
    };
    let d = &e.diagnostics[0];
    let help = d.help.clone().unwrap_or_default();
    (d.message.clone(), help, d.line_col().expect("a place"))
}

#[test]
fn bad_clues_are_errors_at_their_place() {
    let cases: [(&str, &str, (usize, usize)); 8] = [
        (
            "type = \"sandwich\"\nat = [1, 1]\ntotal = 5",
            "must lie outside the cells",
            (4, 6),
        ),
        (
            "type = \"sandwich\"\nat = [0, 0]\ntotal = 5",
            "not next to any cell",
            (4, 6),
        ),
        (
            "type = \"sandwich\"\nat = [0, 1]\ntotal = 1",
            "no values along the down line from the clue give total 1",
            (5, 9),
        ),
        (
            "type = \"x-sum\"\nat = [1, 5]\ntotal = 7",
            "give total 7",
            (5, 9),
        ),
        (
            "type = \"skyscraper\"\nat = [5, 2]\ncount = 5",
            "give count 5",
            (5, 9),
        ),
        (
            "type = \"skyscraper\"\nat = [5, 2]\ntotal = 2",
            "needs `count` and `at`",
            (2, 1),
        ),
        (
            "type = \"x-sum\"\nat = [0, 2]\ndirection = \"left\"\ntotal = 3",
            "does not enter the grid",
            (5, 13),
        ),
        (
            "type = \"indexing\"\ncells = \"r1c1 r2c2\"\ntotal = 3",
            "say what the cells index",
            (2, 1),
        ),
    ];
    for (body, want, at) in cases {
        let (m, _, got) = error_of(&rule("4x4", body));
        assert!(m.contains(want), "{m}\n{body}");
        assert_eq!(got, at, "{m}\n{body}");
    }
    // The help lists what the line can meet: on 1-4, a sandwich holds 0, 2, 3 or 5.
    let (_, help, _) = error_of(&rule("4x4", "type = \"sandwich\"\nat = [0, 1]\ntotal = 4"));
    assert!(help.contains("0, 2-3, 5"), "{help}");
    // An indexing cell whose position is no value of the alphabet.
    let shifted = "symbols = \"ABCD\"\nvalues = [2, 3, 4, 5]\n[[grid]]\nsize = 4\nbox = [2, 2]\n[[rule]]\ntype = \"indexing\"\ncells = \"r1c1 r2c1\"\n";
    let (m, _, _) = error_of(shifted);
    assert!(m.contains("no symbol has the value 1"), "{m}");
    // Clues read values: letters without `values` have none.
    let letters = "symbols = \"ABCD\"\n[[grid]]\nsize = 4\nbox = [2, 2]\n[[rule]]\ntype = \"skyscraper\"\nat = [0, 1]\ncount = 2\n";
    let (m, _, _) = error_of(letters);
    assert!(m.contains("has no `values`"), "{m}");
}

#[test]
fn clues_are_drawn_and_explained() {
    let text = rule(
        "4x4",
        "type = \"skyscraper\"\nat = [0, 1]\ncount = 4\n[[rule]]\ntype = \"sandwich\"\nat = [2, 5]\ntotal = 5\n[[rule]]\ntype = \"indexing\"\ncells = \"r3c1 r4c1\"",
    );
    let l = load(&text);
    let svg = shapedoku::render::svg(&l.puzzle, &Default::default());
    assert!(svg.contains("class=\"skyscraper\""), "{svg}");
    assert!(svg.contains(">4</text>"), "the skyscraper's count");
    assert!(svg.contains("class=\"sandwich\""), "{svg}");
    assert!(svg.contains("class=\"indexing\""), "{svg}");
    // The reasoner names the clue as setters do: a skyscraper of 4 fixes column 1.
    use shapedoku::reason::{self, Board, Technique, explain};
    let board = Board::new(&l.puzzle);
    let steps = reason::all_steps(&board, Some(Technique::RuleElimination), 10);
    let line: Vec<String> = steps
        .iter()
        .map(|s| explain::text(l.puzzle.geometry(), s))
        .collect();
    assert!(
        line.iter()
            .any(|t| t.contains("skyscraper 4 above c1") && t.contains("r1c1 ≠")),
        "{line:?}"
    );
}

/// The reasoner on the generated sandwich, X-sum-free and skyscraper puzzles of the ISS
/// benchmark (`tests/data/issbench/generated/`, solutions stated in the files): every step
/// before the first guess keeps the stated solution, and sandwich steps say where the crusts
/// can go, or which totals and counts the line could give, instead of "the rule".
#[test]
fn outside_clue_steps_are_sound_and_say_why() {
    use shapedoku::reason::{self, Board, Deduction, RuleReason, Technique, explain};
    use shapedoku::solver::Budget;
    use std::time::{Duration, Instant};
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/issbench/generated"
    );
    let (mut spans, mut numbers, mut checked) = (0, 0, 0);
    for family in ["sandwich", "skyscraper"] {
        for i in 1..=4 {
            let text = std::fs::read_to_string(format!("{dir}/{family}/0{i}.toml")).unwrap();
            let l = load(&text);
            let sol = l.solution.clone().expect("a stated solution");
            let g = l.puzzle.geometry();
            let budget = Budget::default().with_deadline(Instant::now() + Duration::from_secs(2));
            let run = reason::solve_board_within(Board::new(&l.puzzle), &budget);
            for step in run
                .steps
                .iter()
                .take_while(|s| s.technique() != Technique::Guess)
            {
                common::assert_step_keeps(step, &sol);
                checked += 1;
                if let Deduction::RuleElimination { reason, .. } = &step.deduction {
                    let words = explain::text(g, step);
                    match reason {
                        RuleReason::SandwichSpans { .. } => {
                            assert!(words.contains("the crusts can only be"), "{words}");
                            spans += 1;
                        }
                        RuleReason::ClueNumbers { .. } => {
                            assert!(words.contains("the line could"), "{words}");
                            numbers += 1;
                        }
                        _ => {}
                    }
                    for c in reason.cells() {
                        assert!(words.contains(&g.pos(c.index()).to_string()), "{words}");
                    }
                }
            }
        }
    }
    assert!(checked > 50, "only {checked} steps");
    assert!(
        spans > 0 && numbers > 0,
        "{spans} span steps, {numbers} number steps"
    );
}

#[test]
fn numbered_rooms_count_as_worked_out() {
    // 4 from above column 1: r1c1 holds N and the N-th cell down holds 4. N = 4 (r4c1 is 4:
    // impossible, r1c1 is 4 already), so N is 2 or 3 with a 4 there: two of the four values
    // of r1c1, each with the 4 in one of the three other cells: 2 * (1/3) of the columns
    // whose r1c1 is 2 or 3. By symmetry a quarter of the grids per value of r1c1.
    let room = |v: i64| format!("type = \"numbered-room\"\nat = [0, 1]\nvalue = {v}");
    assert_eq!(count(&rule("4x4", &room(4))), 2 * (288 / 4) / 3);
    // 1: r1c1 holds 1 (naming itself), or N in 2-4 with a 1 there: every column has its 1
    // somewhere, so r1c1 = 1 or r1c1 = the row of the 1 (1/3 of the others).
    assert_eq!(count(&rule("4x4", &room(1))), 288 / 4 + 3 * (288 / 4) / 3);
    let (m, at) = {
        let text =
            "variant = \"4x4\"\n[[rule]]\ntype = \"numbered-room\"\nat = [0, 1]\nvalue = 7\n";
        let e = load_str("p", text, None).unwrap_err();
        let d = &e.diagnostics[0];
        (d.message.clone(), d.line_col().unwrap())
    };
    assert!(m.contains("no values"), "{m}");
    assert_eq!(at, (5, 9));
}

#[test]
fn hidden_skyscrapers_count_as_worked_out() {
    // Each order of column 1 is in 288 / 24 = 12 grids (relabelling the digits). Of the 24
    // orders of 1-4, the first value not above all before it is 1 in 10 (x-1-.. for x = 2, 3,
    // 4: 6; 2-3-1-4, 2-4-1-3, 3-4-1-2, 2-3-4-1: 4), 2 in 8, 3 in 5, and never 4, which
    // nothing before it can be as high as.
    let hidden = |v: i64| format!("type = \"hidden-skyscraper\"\nat = [0, 1]\nvalue = {v}");
    for (v, orders) in [(1, 10), (2, 8), (3, 5), (4, 0)] {
        assert_eq!(count(&rule("4x4", &hidden(v))), orders * 12, "{v}");
    }
}

#[test]
fn hidden_skyscraper_steps_name_the_highest_value_seen() {
    // A hidden 1 above column 1: r1c1 holds 2 to 4 (a 1 there hides nothing after it in its
    // column), so a 2 in r2c1 would be the first hidden value, and not 1. The reason names
    // the automaton's states by the highest value seen so far.
    let text = rule(
        "4x4",
        "type = \"hidden-skyscraper\"\nat = [0, 1]\nvalue = 1",
    );
    let l = load(&text);
    let svg = shapedoku::render::svg(&l.puzzle, &Default::default());
    assert!(svg.contains("class=\"hidden-skyscraper\""), "{svg}");
    use shapedoku::reason::{self, Board, explain};
    let run = reason::solve_board(Board::new(&l.puzzle));
    let steps = &run.steps;
    let line: Vec<String> = steps
        .iter()
        .map(|s| explain::text(l.puzzle.geometry(), s))
        .collect();
    assert!(
        line.iter()
            .any(|t| t.contains("r2c1 ≠ 2: hidden-skyscraper 1 above c1")
                && t.contains("(highest 2, highest 3, highest 4)")),
        "{line:?}"
    );
}
