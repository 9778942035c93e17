//! The reasoner on grids whose lines are not all houses: rectangles (6x8, 8x6, 4x7, 5x10, 9x8),
//! where the short lines hold each symbol at most once, and square grids with more symbols
//! than a line has cells (7x7 with the digits 1 to 9, 9x9 with 0 to 9). Techniques written for
//! classic grids assume every row and column holds every symbol; on these grids that is wrong,
//! and a step that assumes it removes a value of the solution (a finned fish on two rows of 7
//! once did, on a published 7x7). Every step the reasoner takes before its first guess, and at
//! each position every step any technique finds, is checked against the known solution: on
//! random unique puzzles of each grid, on random puzzles with rules planted in a known
//! solution, and on the published ones in `tests/data/kinds/` whose grids are of this sort.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use shapedoku::load::{Loaded, load_path, load_str};
use shapedoku::reason::{self, Board, Family, Technique};
use shapedoku::solver::Budget;
use shapedoku::{Puzzle, Solver, Verdict};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The grids: a name, the symbols, and the file text after `symbols` (grids and shapes).
fn grids() -> Vec<(&'static str, &'static str, String)> {
    let squish: String = [1, 3, 5]
        .iter()
        .flat_map(|&r| [1, 3, 5].map(|c| (r, c)))
        .map(|(r, c)| format!("[[shape]]\ncells = \"r{r}-{}c{c}-{}\"\n", r + 2, c + 2))
        .collect();
    vec![
        (
            "6x8",
            "12345678",
            "[[grid]]\nsize = [6, 8]\nbox = [2, 4]\n".into(),
        ),
        (
            "8x6",
            "12345678",
            "[[grid]]\nsize = [8, 6]\nbox = [4, 2]\n".into(),
        ),
        ("4x7", "1234567", "[[grid]]\nsize = [4, 7]\n".into()),
        (
            "5x10",
            "0123456789",
            "[[grid]]\nsize = [5, 10]\nbox = [5, 2]\n".into(),
        ),
        ("9x8", "123456789", "[[grid]]\nsize = [9, 8]\n".into()),
        (
            "7x7 squishdoku",
            "123456789",
            format!("[[grid]]\nsize = 7\n{squish}"),
        ),
        ("7x7", "123456789", "[[grid]]\nsize = 7\n".into()),
        (
            "9x9 0-9",
            "0123456789",
            "[[grid]]\nsize = 9\nbox = [3, 3]\n".into(),
        ),
    ]
}

fn load(text: &str) -> Loaded {
    load_str("test", text, None).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// A random solution of the puzzle's geometry and a puzzle made from it by removing givens in
/// a seeded order while the solution stays unique (each removal proved within a budget).
fn unique_puzzle(p: &Puzzle, seed: u64) -> (Puzzle, Vec<u8>) {
    let g = p.geometry().clone();
    let mut solver = Solver::for_geometry(g.clone());
    let solution = solver.random_solution(seed).expect("a solution");
    let mut givens: Vec<Option<u8>> = solution.iter().map(|&v| Some(v)).collect();
    let mut order: Vec<usize> = (0..g.cell_count()).collect();
    order.shuffle(&mut Xoshiro256PlusPlus::seed_from_u64(seed));
    let budget = Budget::default().with_guesses(2_000);
    for c in order {
        let keep = givens[c].take();
        solver.set_givens(&givens).unwrap();
        if solver.count_with(2, &budget).verdict() != Verdict::Unique {
            givens[c] = keep;
        }
    }
    (Puzzle::new(g, givens).unwrap(), solution.into_indices())
}

/// Fails unless `step` keeps `solution`: each placement is the solution's symbol there, no
/// elimination removes it, and every elimination was a candidate.
fn check(step: &reason::Step, solution: &[u8], board: &Board, what: &str) {
    if let Some(c) = step.breaks(solution) {
        panic!("{what}: {step:?} disagrees with the solution at {c:?}");
    }
    for e in &step.eliminations {
        let c = e.cell.index();
        assert!(
            board.value(c).is_none() && board.candidates(c).contains(e.symbol.index() as u8),
            "{what}: not a candidate: {step:?}"
        );
    }
}

/// Steps the reasoner until its first guess (or `deadline`), checking each step it takes and,
/// at each position, the first `all` steps every technique finds. Counts the steps checked by
/// technique into `seen`; returns whether the board was solved without a guess.
fn run_checked(
    board: Board,
    solution: &[u8],
    all: usize,
    deadline: Instant,
    what: &str,
    seen: &mut BTreeMap<Technique, usize>,
) -> bool {
    let mut board = board;
    while !board.is_solved() && Instant::now() < deadline {
        assert!(!board.is_broken(), "{what}: the board broke");
        if all > 0 {
            for s in reason::all_steps(&board, None, all) {
                if s.technique() != Technique::Guess {
                    check(&s, solution, &board, what);
                    *seen.entry(s.technique()).or_default() += 1;
                }
            }
        }
        let budget = Budget::default().with_deadline(deadline);
        let Ok(Some(step)) = reason::next_step_within(&board, &budget) else {
            return false;
        };
        if step.technique() == Technique::Guess {
            return false;
        }
        check(&step, solution, &board, what);
        *seen.entry(step.technique()).or_default() += 1;
        board.apply(&step);
    }
    board.is_solved()
}

#[test]
fn reasoning_on_unique_puzzles_of_odd_grids_keeps_the_solution() {
    let mut seen = BTreeMap::new();
    for (name, symbols, body) in grids() {
        let base = load(&format!("symbols = \"{symbols}\"\n{body}"));
        for seed in 0..4 {
            let (p, sol) = unique_puzzle(&base.puzzle, seed);
            let mut board = Board::new(&p);
            // Made unique above: the uniqueness techniques take part too.
            board.set_known_unique(true);
            let deadline = Instant::now() + Duration::from_secs(10);
            let what = format!("{name} seed {seed}");
            run_checked(board, &sol, 8, deadline, &what, &mut seen);
        }
    }
    eprintln!("steps checked: {seen:?}");
    // The sample must reach past singles, or it proves little about the techniques that
    // read lines as houses.
    let beyond: usize = (seen.iter())
        .filter(|(t, _)| {
            !matches!(
                t,
                Technique::NakedSingle | Technique::HiddenSingle | Technique::FullHouse
            )
        })
        .map(|(_, n)| n)
        .sum();
    assert!(beyond > 50, "{seen:?}");
}

/// Cells next to each other (right or below), as index pairs, in a rows x cols grid.
fn neighbours(rows: usize, cols: usize) -> Vec<(usize, usize)> {
    (0..rows * cols)
        .flat_map(|i| {
            let right = (i % cols + 1 < cols).then_some((i, i + 1));
            let down = (i + cols < rows * cols).then_some((i, i + cols));
            right.into_iter().chain(down)
        })
        .collect()
}

/// Rules planted in `sol` (symbol indices; `values` their values) on a rows x cols grid:
/// killer cages of two to four touching cells with distinct values, kropki dots on some pairs
/// that are consecutive or in ratio 2, and thermometers that climb through touching cells.
fn planted_rules(
    sol: &[u8],
    values: &[i64],
    rows: usize,
    cols: usize,
    rng: &mut Xoshiro256PlusPlus,
) -> String {
    let rc = |i: usize| format!("r{}c{}", i / cols + 1, i % cols + 1);
    let v = |i: usize| values[usize::from(sol[i])];
    let next_to = |i: usize| {
        neighbours(rows, cols)
            .into_iter()
            .filter_map(move |(a, b)| (a == i).then_some(b).or((b == i).then_some(a)))
    };
    let mut out = String::new();
    let mut used = vec![false; rows * cols];
    for _ in 0..rows * cols / 6 {
        let start = rng.random_range(0..rows * cols);
        if used[start] {
            continue;
        }
        let mut cage = vec![start];
        let want = rng.random_range(2..=4);
        while cage.len() < want {
            let options: Vec<usize> = (cage.iter())
                .flat_map(|&c| next_to(c))
                .filter(|&n| !used[n] && !cage.contains(&n))
                .filter(|&n| cage.iter().all(|&c| sol[c] != sol[n]))
                .collect();
            let Some(&n) = options.get(rng.random_range(0..options.len().max(1))) else {
                break;
            };
            cage.push(n);
        }
        if cage.len() < 2 {
            continue;
        }
        for &c in &cage {
            used[c] = true;
        }
        let sum: i64 = cage.iter().map(|&c| v(c)).sum();
        let cells: Vec<String> = cage.iter().map(|&c| rc(c)).collect();
        out += &format!("[[cage]]\nsum = {sum}\ncells = \"{}\"\n", cells.join(" "));
    }
    let (mut white, mut black) = (Vec::new(), Vec::new());
    for (a, b) in neighbours(rows, cols) {
        if !rng.random_bool(0.3) {
            continue;
        }
        let pair = format!("\"{} {}\"", rc(a), rc(b));
        if (v(a) - v(b)).abs() == 1 {
            white.push(pair);
        } else if v(a) != 0 && (v(a) == 2 * v(b) || v(b) == 2 * v(a)) {
            black.push(pair);
        }
    }
    out += &format!(
        "[[rule]]\ntype = \"kropki\"\nwhite = [{}]\nblack = [{}]\n",
        white.join(", "),
        black.join(", ")
    );
    for _ in 0..2 {
        let mut line = vec![rng.random_range(0..rows * cols)];
        loop {
            let last = *line.last().unwrap();
            let up: Vec<usize> = next_to(last)
                .filter(|&n| v(n) > v(last) && !line.contains(&n))
                .collect();
            let Some(&n) = up.get(rng.random_range(0..up.len().max(1))) else {
                break;
            };
            line.push(n);
        }
        if line.len() >= 3 {
            let cells: Vec<String> = line.iter().map(|&c| rc(c)).collect();
            out += &format!(
                "[[rule]]\ntype = \"thermo\"\ncells = \"{}\"\n",
                cells.join(" ")
            );
        }
    }
    out + &planted_outside_clues(sol, values, rows, cols, rng)
}

/// A cell or a clue's place as (row, column).
type Cell = (usize, usize);

/// Clues outside the grid planted in `sol`, on some of its rows and columns read from each
/// side (lines that may miss some symbols): skyscrapers, X-sums where the first value is a
/// count of cells the line has, sandwiches where the line holds the smallest and the largest
/// value, and little killers down the diagonals from above.
fn planted_outside_clues(
    sol: &[u8],
    values: &[i64],
    rows: usize,
    cols: usize,
    rng: &mut Xoshiro256PlusPlus,
) -> String {
    let v = |(r, c): (usize, usize)| values[usize::from(sol[r * cols + c])];
    // Each line: where its clue is written and its cells read from there (0-based cells).
    let mut lines: Vec<(Cell, Vec<Cell>)> = Vec::new();
    for r in 0..rows {
        let cells: Vec<_> = (0..cols).map(|c| (r, c)).collect();
        lines.push(((r + 1, 0), cells.clone()));
        lines.push(((r + 1, cols + 1), cells.into_iter().rev().collect()));
    }
    for c in 0..cols {
        let cells: Vec<_> = (0..rows).map(|r| (r, c)).collect();
        lines.push(((0, c + 1), cells.clone()));
        lines.push(((rows + 1, c + 1), cells.into_iter().rev().collect()));
    }
    let (low, high) = (values.iter().min().unwrap(), values.iter().max().unwrap());
    let mut out = String::new();
    for ((ar, ac), cells) in lines {
        let at = format!("at = [{ar}, {ac}]");
        let vals: Vec<i64> = cells.iter().map(|&p| v(p)).collect();
        match rng.random_range(0..8) {
            0 => {
                let mut top = i64::MIN;
                let mut count = 0;
                for &x in &vals {
                    if x > top {
                        (top, count) = (x, count + 1);
                    }
                }
                out += &format!("[[rule]]\ntype = \"skyscraper\"\n{at}\ncount = {count}\n");
            }
            1 if vals[0] >= 1 && vals[0] as usize <= vals.len() => {
                let total: i64 = vals[..vals[0] as usize].iter().sum();
                out += &format!("[[rule]]\ntype = \"x-sum\"\n{at}\ntotal = {total}\n");
            }
            2 => {
                let (Some(i), Some(j)) = (
                    vals.iter().position(|x| x == low),
                    vals.iter().position(|x| x == high),
                ) else {
                    continue;
                };
                let total: i64 = vals[i.min(j) + 1..i.max(j)].iter().sum();
                out += &format!("[[rule]]\ntype = \"sandwich\"\n{at}\ntotal = {total}\n");
            }
            _ => {}
        }
    }
    for c in 0..cols {
        let diagonal: Vec<(usize, usize)> = (0..rows.min(cols - c)).map(|k| (k, c + k)).collect();
        if diagonal.len() >= 2 && rng.random_bool(0.3) {
            let total: i64 = diagonal.iter().map(|&p| v(p)).sum();
            out += &format!(
                "[[rule]]\ntype = \"little-killer\"\nat = [0, {c}]\ndirection = \"down-right\"\ntotal = {total}\n"
            );
        }
    }
    out
}

#[test]
fn reasoning_with_rules_planted_on_odd_grids_keeps_the_solution() {
    let mut seen: BTreeMap<Technique, usize> = BTreeMap::new();
    let mut rule_steps = 0;
    for (name, symbols, body) in grids() {
        let base = load(&format!("symbols = \"{symbols}\"\n{body}"));
        let g = base.puzzle.geometry().clone();
        let (rows, cols) = (g.rows() as usize, g.cols() as usize);
        assert_eq!(rows * cols, g.cell_count(), "{name}");
        let values: Vec<i64> = symbols
            .chars()
            .map(|c| i64::from(c.to_digit(10).unwrap()))
            .collect();
        for seed in 0..4u64 {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let sol = Solver::for_geometry(g.clone())
                .random_solution(seed + 50)
                .expect("a solution")
                .into_indices();
            // A few givens: the rules must carry the rest, as far as the reasoner gets.
            let givens: String = (0..sol.len())
                .map(|i| {
                    if rng.random_bool(0.15) {
                        symbols.chars().nth(usize::from(sol[i])).unwrap()
                    } else {
                        '.'
                    }
                })
                .collect();
            let rules = planted_rules(&sol, &values, rows, cols, &mut rng);
            let text = format!("symbols = \"{symbols}\"\ngivens = \"{givens}\"\n{body}{rules}");
            let l = load(&text);
            assert!(l.puzzle.verify(&sol).is_ok(), "{text}");
            let deadline = Instant::now() + Duration::from_secs(5);
            let what = format!("{name} seed {seed}\n{text}");
            let mut steps = BTreeMap::new();
            run_checked(Board::new(&l.puzzle), &sol, 4, deadline, &what, &mut steps);
            rule_steps += (steps.iter())
                .filter(|(t, _)| t.family() == Family::Rules)
                .map(|(_, n)| n)
                .sum::<usize>();
            for (t, n) in steps {
                *seen.entry(t).or_default() += n;
            }
        }
    }
    eprintln!("steps checked: {seen:?}");
    assert!(rule_steps > 20, "{seen:?}");
}

/// The published puzzles of `tests/data/kinds/` on grids whose lines are not all houses (a
/// 7x7 with the digits 1 to 9, any rectangle): every step any technique finds, at each
/// position before the first guess, keeps the setter's solution.
#[test]
fn reasoning_on_published_odd_grids_keeps_the_setters_solution() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/kinds");
    let mut checked = 0;
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    for f in files {
        let l = load_path(&f).unwrap_or_else(|e| panic!("{e}"));
        let g = l.puzzle.geometry();
        let n = g.symbols().len();
        let odd = (g.rows() as usize != n) || (g.cols() as usize != n);
        if !odd {
            continue;
        }
        let sol = l.solution.clone().expect("a stated solution");
        let mut board = Board::new(&l.puzzle);
        board.set_known_unique(true);
        let mut seen = BTreeMap::new();
        let deadline = Instant::now() + Duration::from_secs(60);
        run_checked(
            board,
            &sol,
            8,
            deadline,
            &f.display().to_string(),
            &mut seen,
        );
        checked += seen.values().sum::<usize>();
    }
    assert!(
        checked > 0,
        "no published puzzle on such a grid was checked"
    );
}
