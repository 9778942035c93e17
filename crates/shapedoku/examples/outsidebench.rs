//! Times the solver on classic-size puzzles with outside clues and indexing, per rule family.
//!
//! For each family it builds puzzles around a random classic solution: every clue of the
//! family read off the solution (sandwich from the left of each row and above each column;
//! X-sum and skyscraper from all four sides; column-1 and row-1 indexing), then givens removed
//! one by one, in random order, while the puzzle stays unique. It times proving each puzzle
//! unique (counting to 2, best of 3 runs) and prints the median and worst time and guesses.
//!
//! `cargo run --release -p shapedoku --example outsidebench [PUZZLES_PER_FAMILY]`

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use shapedoku::constraint::{Constraint, RuleKind};
use shapedoku::{CellId, Geometry, Puzzle, Solver, Verdict, builtin};
use std::sync::Arc;
use std::time::Instant;

const FAMILIES: [&str; 4] = ["sandwich", "x-sum", "skyscraper", "indexing"];

fn main() {
    let per: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(10);
    let classic = builtin::geometry("classic").expect("classic is built in");
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2026);
    println!(
        "family       puzzles  rules  givens  median_ms  worst_ms  median_guesses  worst_guesses"
    );
    for family in FAMILIES {
        let mut rows: Vec<(f64, u64, usize, usize)> = Vec::new();
        for _ in 0..per {
            let mut sol = solution(&mut rng);
            if family == "indexing" {
                sol = indexed_solution(&classic, &mut rng);
            }
            let rules = rules_for(family, &sol);
            let g = Arc::new(
                (*classic)
                    .clone()
                    .with_constraints(rules.clone())
                    .expect("rules on classic cells"),
            );
            let givens = minimise(&g, &sol, &mut rng);
            let p = Puzzle::new(g, givens).expect("givens of the solution");
            let (ms, guesses) = time(&p);
            rows.push((ms, guesses, rules.len(), p.given_count()));
        }
        let mut ms: Vec<f64> = rows.iter().map(|r| r.0).collect();
        let mut gs: Vec<u64> = rows.iter().map(|r| r.1).collect();
        ms.sort_by(f64::total_cmp);
        gs.sort_unstable();
        let n = rows.len() as f64;
        println!(
            "{family:<12} {:>7}  {:>5.1}  {:>6.1}  {:>9.3}  {:>8.3}  {:>14}  {:>13}",
            rows.len(),
            rows.iter().map(|r| r.2).sum::<usize>() as f64 / n,
            rows.iter().map(|r| r.3).sum::<usize>() as f64 / n,
            ms[ms.len() / 2],
            ms[ms.len() - 1],
            gs[gs.len() / 2],
            gs[gs.len() - 1]
        );
    }
}

/// Milliseconds to prove uniqueness (best of 3) and the guesses it took.
fn time(p: &Puzzle) -> (f64, u64) {
    let mut best = f64::MAX;
    let mut guesses = 0;
    for _ in 0..3 {
        let t = Instant::now();
        let c = Solver::new(p).count(2);
        best = best.min(t.elapsed().as_secs_f64() * 1000.0);
        assert_eq!(c.verdict(), Verdict::Unique);
        guesses = c.stats.guesses;
    }
    (best, guesses)
}

fn cell(r: u32, c: u32) -> CellId {
    CellId::new(((r - 1) * 9 + c - 1) as usize)
}

/// The clue at `at` reading the line `cells` (nearest first), its number read off `sol`.
fn clue(family: &str, at: (u32, u32), cells: Vec<CellId>, sol: &[u8]) -> Constraint {
    let v: Vec<i64> = cells
        .iter()
        .map(|c| i64::from(sol[c.index()]) + 1)
        .collect();
    let kind = match family {
        "sandwich" => {
            let a = v.iter().position(|&x| x == 1).expect("a 1");
            let b = v.iter().position(|&x| x == 9).expect("a 9");
            let total = v[a.min(b) + 1..a.max(b)].iter().sum();
            RuleKind::Sandwich {
                cells,
                total,
                clue: at,
            }
        }
        "x-sum" => {
            let total = v[..v[0] as usize].iter().sum();
            RuleKind::XSum {
                cells,
                total,
                clue: at,
            }
        }
        _ => {
            let mut best = 0;
            let mut count = 0;
            for &x in &v {
                if x > best {
                    best = x;
                    count += 1;
                }
            }
            RuleKind::Skyscraper {
                cells,
                count,
                clue: at,
            }
        }
    };
    Constraint::new(&format!("{family} {at:?}"), kind)
}

fn rules_for(family: &str, sol: &[u8]) -> Vec<Constraint> {
    let row = |r: u32| (1..=9).map(|c| cell(r, c)).collect::<Vec<_>>();
    let col = |c: u32| (1..=9).map(|r| cell(r, c)).collect::<Vec<_>>();
    if family == "indexing" {
        let (cells, lines): (Vec<CellId>, Vec<Vec<CellId>>) =
            (1..=9).map(|r| (cell(r, 1), row(r))).unzip();
        let (cells2, lines2): (Vec<CellId>, Vec<Vec<CellId>>) =
            (1..=9).map(|c| (cell(1, c), col(c))).unzip();
        return vec![
            Constraint::new("column 1 indexing", RuleKind::Indexing { cells, lines }),
            Constraint::new(
                "row 1 indexing",
                RuleKind::Indexing {
                    cells: cells2,
                    lines: lines2,
                },
            ),
        ];
    }
    let mut out = Vec::new();
    for i in 1..=9u32 {
        out.push(clue(family, (i, 0), row(i), sol));
        out.push(clue(family, (0, i), col(i), sol));
        if family != "sandwich" {
            let mut r = row(i);
            r.reverse();
            out.push(clue(family, (i, 10), r, sol));
            let mut c = col(i);
            c.reverse();
            out.push(clue(family, (10, i), c, sol));
        }
    }
    out
}

/// A random classic solution that column-1 and row-1 indexing hold in: the solver's first
/// solution under a few random givens.
fn indexed_solution(classic: &Geometry, rng: &mut Xoshiro256PlusPlus) -> Vec<u8> {
    let g = Arc::new(
        classic
            .clone()
            .with_constraints(rules_for("indexing", &[0; 81]))
            .expect("rules on classic cells"),
    );
    loop {
        let mut givens = vec![None; 81];
        for _ in 0..6 {
            givens[rng.random_range(0..81)] = Some(rng.random_range(0..9u8));
        }
        let Ok(p) = Puzzle::new(g.clone(), givens) else {
            continue;
        };
        if let Some(s) = Solver::new(&p).count(1).solutions.first() {
            return s.as_indices().to_vec();
        }
    }
}

/// A random classic solution.
fn solution(rng: &mut Xoshiro256PlusPlus) -> Vec<u8> {
    let base = |r: usize, c: usize| ((r % 3) * 3 + r / 3 + c) % 9;
    let shuffled = |rng: &mut Xoshiro256PlusPlus| {
        let mut out = Vec::new();
        let mut bands = [0usize, 1, 2];
        shuffle(&mut bands, rng);
        for b in bands {
            let mut rows = [3 * b, 3 * b + 1, 3 * b + 2];
            shuffle(&mut rows, rng);
            out.extend(rows);
        }
        out
    };
    let (rows, cols) = (shuffled(rng), shuffled(rng));
    let mut digits: Vec<u8> = (0..9).collect();
    shuffle(&mut digits, rng);
    (0..81)
        .map(|i| digits[base(rows[i / 9], cols[i % 9])])
        .collect()
}

fn shuffle<T>(v: &mut [T], rng: &mut Xoshiro256PlusPlus) {
    for i in (1..v.len()).rev() {
        v.swap(i, rng.random_range(0..=i));
    }
}

/// Givens of `sol` removed one by one in random order while the puzzle stays unique.
fn minimise(g: &Arc<Geometry>, sol: &[u8], rng: &mut Xoshiro256PlusPlus) -> Vec<Option<u8>> {
    let mut givens: Vec<Option<u8>> = sol.iter().map(|&s| Some(s)).collect();
    let mut order: Vec<usize> = (0..81).collect();
    shuffle(&mut order, rng);
    let mut solver = Solver::for_geometry(g.clone());
    for c in order {
        let keep = givens[c].take();
        solver.set_givens(&givens).expect("givens in range");
        if solver.count(2).verdict() != Verdict::Unique {
            givens[c] = keep;
        }
    }
    givens
}
