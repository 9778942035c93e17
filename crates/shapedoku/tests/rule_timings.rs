//! Time to prove uniqueness, per rule family, on puzzles built here: for each family a random
//! 9x9 solution (one that keeps the rule, for the global rules), the family's clues read off
//! it, and givens removed in random order while the puzzle stays unique. The fast test checks
//! that a few such puzzles are made and proved unique. The figures (median and worst time of
//! the final uniqueness proof per family, wall clock) come from
//! `cargo test -p shapedoku --test rule_timings -- --ignored --nocapture`; the test profile is
//! optimised.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use shapedoku::load::load_str;
use shapedoku::solver::Budget;
use shapedoku::{Solver, Verdict};
use std::time::{Duration, Instant};

const FAMILIES: [&str; 13] = [
    "anti-knight",
    "anti-king",
    "nonconsecutive",
    "thermo",
    "kropki",
    "xv",
    "whispers",
    "little-killer",
    "sandwich",
    "x-sum",
    "skyscraper",
    "sequence",
    "killer",
];

type Sol = Vec<Vec<i64>>;

fn rc(r: usize, c: usize) -> String {
    format!("r{}c{}", r + 1, c + 1)
}

/// The `[[rule]]`s (and cages) of `family` read off the solution `s`.
fn clues(family: &str, s: &Sol, rng: &mut Xoshiro256PlusPlus) -> String {
    match family {
        "anti-knight" | "anti-king" | "nonconsecutive" => {
            format!("[[rule]]\ntype = \"{family}\"\n")
        }
        "thermo" | "sequence" | "whispers" => {
            let ok = |a: i64, b: i64| match family {
                "whispers" => (a - b).abs() >= 5,
                _ => b > a,
            };
            let mut out = String::new();
            for _ in 0..6 {
                let line = walk(s, rng, &ok);
                if line.len() < 3 {
                    continue;
                }
                let cells: Vec<String> = line.iter().map(|&(r, c)| rc(r, c)).collect();
                let body = match family {
                    "sequence" => "type = \"sequence\"\nregex = \"1?2?3?4?5?6?7?8?9?\"".into(),
                    f => format!("type = \"{f}\""),
                };
                out += &format!("[[rule]]\n{body}\ncells = \"{}\"\n", cells.join(" "));
            }
            out
        }
        "kropki" | "xv" => {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            for (r, c, r2, c2) in adjacent() {
                let (x, y) = (s[r][c], s[r2][c2]);
                let pair = format!("\"{} {}\"", rc(r, c), rc(r2, c2));
                let (first, second) = if family == "kropki" {
                    ((x - y).abs() == 1, x == 2 * y || y == 2 * x)
                } else {
                    (x + y == 10, x + y == 5)
                };
                if first {
                    a.push(pair);
                } else if second {
                    b.push(pair);
                }
            }
            let (ka, kb) = if family == "kropki" {
                ("white", "black")
            } else {
                ("x", "v")
            };
            format!(
                "[[rule]]\ntype = \"{family}\"\nnegative = true\n{ka} = [{}]\n{kb} = [{}]\n",
                a.join(", "),
                b.join(", ")
            )
        }
        "little-killer" => {
            let mut out = String::new();
            for k in 1..8 {
                let total: i64 = (0..9 - k).map(|i| s[i][i + k]).sum();
                out += &format!(
                    "[[rule]]\ntype = \"little-killer\"\nat = [0, {k}]\ndirection = \"down-right\"\ntotal = {total}\n"
                );
            }
            out
        }
        "sandwich" | "x-sum" | "skyscraper" => {
            let mut out = String::new();
            for (i, row) in s.iter().enumerate() {
                for (at, line) in [
                    ([0, i + 1], s.iter().map(|r| r[i]).collect::<Vec<_>>()),
                    ([i + 1, 0], row.clone()),
                ] {
                    let (key, n) = outside_number(family, &line);
                    out += &format!(
                        "[[rule]]\ntype = \"{family}\"\nat = [{}, {}]\n{key} = {n}\n",
                        at[0], at[1]
                    );
                }
            }
            out
        }
        _ => {
            // killer: dominoes and triples by a random partition of the grid.
            let mut out = String::new();
            let mut used = [[false; 9]; 9];
            for r in 0..9 {
                for c in 0..9 {
                    if used[r][c] {
                        continue;
                    }
                    let mut cells = vec![(r, c)];
                    used[r][c] = true;
                    for _ in 0..rng.random_range(1..3) {
                        let &(lr, lc) = cells.last().unwrap_or(&(r, c));
                        let next = [(lr, lc + 1), (lr + 1, lc)]
                            .into_iter()
                            .filter(|&(a, b)| a < 9 && b < 9 && !used[a][b])
                            .find(|&(a, b)| cells.iter().all(|&(x, y)| s[x][y] != s[a][b]));
                        if let Some((a, b)) = next {
                            used[a][b] = true;
                            cells.push((a, b));
                        }
                    }
                    let sum: i64 = cells.iter().map(|&(a, b)| s[a][b]).sum();
                    let list: Vec<String> = cells.iter().map(|&(a, b)| rc(a, b)).collect();
                    out += &format!("[[cage]]\nsum = {sum}\ncells = \"{}\"\n", list.join(" "));
                }
            }
            out
        }
    }
}

fn adjacent() -> impl Iterator<Item = (usize, usize, usize, usize)> {
    (0..9).flat_map(|r| {
        (0..9).flat_map(move |c| {
            [(r, c + 1), (r + 1, c)]
                .into_iter()
                .filter(|&(a, b)| a < 9 && b < 9)
                .map(move |(a, b)| (r, c, a, b))
        })
    })
}

/// A line from a random cell, each step to a touching cell whose value `ok` allows after the
/// last, at most 6 cells.
fn walk(
    s: &Sol,
    rng: &mut Xoshiro256PlusPlus,
    ok: &dyn Fn(i64, i64) -> bool,
) -> Vec<(usize, usize)> {
    let mut line = vec![(rng.random_range(0..9), rng.random_range(0..9))];
    while line.len() < 6 {
        let (r, c) = line[line.len() - 1];
        let mut next: Vec<(usize, usize)> = (-1i64..=1)
            .flat_map(|dr| (-1i64..=1).map(move |dc| (r as i64 + dr, c as i64 + dc)))
            .filter(|&(a, b)| (0..9).contains(&a) && (0..9).contains(&b))
            .map(|(a, b)| (a as usize, b as usize))
            .filter(|p| !line.contains(p) && ok(s[r][c], s[p.0][p.1]))
            .collect();
        next.shuffle(rng);
        match next.first() {
            Some(&p) => line.push(p),
            None => break,
        }
    }
    line
}

/// The key and number of an outside clue on `line`, read from the clue's side.
fn outside_number(family: &str, line: &[i64]) -> (&'static str, i64) {
    match family {
        "sandwich" => {
            let i = line.iter().position(|&v| v == 1).unwrap_or(0);
            let j = line.iter().position(|&v| v == 9).unwrap_or(0);
            let (a, b) = (i.min(j), i.max(j));
            ("total", line[a + 1..b].iter().sum())
        }
        "x-sum" => ("total", line[..line[0] as usize].iter().sum()),
        _ => {
            let mut top = 0;
            let seen = line.iter().filter(|&&v| {
                let visible = v > top;
                top = top.max(v);
                visible
            });
            ("count", seen.count() as i64)
        }
    }
}

/// A unique puzzle of `family` from `seed`, the time to prove it unique and its givens.
fn make(family: &str, seed: u64) -> Option<(String, Duration, usize)> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let global = matches!(family, "anti-knight" | "anti-king" | "nonconsecutive");
    let head = "variant = \"classic\"\n";
    let base = if global {
        clues(family, &Vec::new(), &mut rng)
    } else {
        String::new()
    };
    let blank = load_str("blank", &format!("{head}{base}"), None).ok()?;
    let sol = Solver::new(&blank.puzzle).random_solution(seed)?;
    let values: Vec<i64> = sol.to_line().bytes().map(|b| i64::from(b - b'0')).collect();
    let s: Sol = values.chunks(9).map(<[i64]>::to_vec).collect();
    let rules = if global {
        base
    } else {
        clues(family, &s, &mut rng)
    };
    let text = format!("{head}{rules}");
    let l = load_str(family, &text, None).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let mut solver = Solver::new(&l.puzzle);
    let budget = || Budget::default().with_timeout(Duration::from_secs(5));
    let mut givens: Vec<Option<u8>> = sol.as_indices().iter().map(|&v| Some(v)).collect();
    let mut order: Vec<usize> = (0..81).collect();
    order.shuffle(&mut rng);
    for i in order {
        let keep = givens[i].take();
        solver.set_givens(&givens).ok()?;
        if solver.count_with(2, &budget()).verdict() != Verdict::Unique {
            givens[i] = keep;
        }
    }
    solver.set_givens(&givens).ok()?;
    let start = Instant::now();
    let verdict = solver.count_with(2, &budget()).verdict();
    let took = start.elapsed();
    (verdict == Verdict::Unique).then(|| {
        let g: String = givens
            .iter()
            .map(|v| v.map_or('.', |v| char::from(b'1' + v)))
            .collect();
        let n = givens.iter().flatten().count();
        (format!("{head}givens = \"{g}\"\n{rules}"), took, n)
    })
}

#[test]
fn puzzles_of_each_family_are_made_and_proved_unique() {
    for family in ["thermo", "kropki", "sandwich", "sequence", "anti-king"] {
        let (text, _, _) = make(family, 1).unwrap_or_else(|| panic!("{family}"));
        // The file as written loads and is unique on its own.
        let l = load_str(family, &text, None).unwrap();
        assert_eq!(
            Solver::new(&l.puzzle).count(2).verdict(),
            Verdict::Unique,
            "{text}"
        );
    }
}

#[test]
#[ignore = "timings; run with --ignored --nocapture"]
fn uniqueness_times_per_family() {
    println!(
        "{:<16} {:>3} {:>10} {:>10} {:>7}",
        "family", "n", "median", "worst", "givens"
    );
    for family in FAMILIES {
        let mut times = Vec::new();
        let mut givens = 0;
        for seed in 0..12 {
            if let Some((_, t, n)) = make(family, seed) {
                times.push(t);
                givens += n;
            }
        }
        times.sort();
        let n = times.len();
        if n == 0 {
            println!("{family:<16}   0");
            continue;
        }
        println!(
            "{family:<16} {n:>3} {:>8.2}ms {:>8.2}ms {:>7.1}",
            times[n / 2].as_secs_f64() * 1e3,
            times[n - 1].as_secs_f64() * 1e3,
            givens as f64 / n as f64
        );
    }
}
