//! Times the solver on classic-size puzzles with extra rules, one row per rule family: every
//! rule kind of docs/format.md, alone, on a 9x9.
//!
//! For each family it builds puzzles around a random classic solution (or, for rules most
//! grids break, the solver's first solution under the rules and a few random givens): rules
//! of the family that hold in that solution, then givens removed one by one, in random order,
//! while the puzzle stays unique. It then times proving each puzzle unique (counting to 2,
//! best of 3 runs, CPU time of the thread) and prints, per family, the mean rule and given counts and the median and
//! worst time and guess count. The seed is fixed, so every run builds the same puzzles.
//!
//! `cargo run --release -p shapedoku --example rulebench [PUZZLES_PER_FAMILY] [FAMILY...]`

mod families;

use cpu_time::ThreadTime;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use shapedoku::{Geometry, Puzzle, Solver, Verdict, builtin};
use std::sync::Arc;

/// One puzzle's milliseconds, guesses, rules and givens.
type Row = (f64, u64, usize, usize);

fn main() {
    let mut args = std::env::args().skip(1);
    let per: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(10);
    let only: Vec<String> = args.collect();
    let classic = builtin::geometry("classic").expect("classic is built in");
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2026);
    println!(
        "{:<16} puzzles  rules  givens  median_ms  worst_ms  median_guesses  worst_guesses",
        "family"
    );
    for family in families::ALL {
        if !only.is_empty() && !only.iter().any(|f| f == family) {
            continue;
        }
        let rows: Vec<Row> = (0..per)
            .map(|_| {
                let (g, sol, rules) = families::build(family, &classic, &mut rng);
                let g = Arc::new(g);
                let givens = minimise(&g, &sol, &mut rng);
                let p = Puzzle::new(g, givens).expect("givens of the solution");
                let (ms, guesses) = time(&p);
                (ms, guesses, rules, p.given_count())
            })
            .collect();
        print_row(family, &rows);
    }
}

fn print_row(family: &str, rows: &[Row]) {
    let mut ms: Vec<f64> = rows.iter().map(|r| r.0).collect();
    let mut gs: Vec<u64> = rows.iter().map(|r| r.1).collect();
    ms.sort_by(f64::total_cmp);
    gs.sort_unstable();
    let avg = |f: fn(&Row) -> usize| rows.iter().map(f).sum::<usize>() as f64 / rows.len() as f64;
    println!(
        "{family:<16} {:>7}  {:>5.1}  {:>6.1}  {:>9.3}  {:>8.3}  {:>14}  {:>13}",
        rows.len(),
        avg(|r| r.2),
        avg(|r| r.3),
        ms[ms.len() / 2],
        ms[ms.len() - 1],
        gs[gs.len() / 2],
        gs[gs.len() - 1]
    );
}

/// CPU milliseconds of this thread to prove uniqueness (best of 3) and the guesses it took.
fn time(p: &Puzzle) -> (f64, u64) {
    let mut best = f64::MAX;
    let mut guesses = 0;
    for _ in 0..3 {
        let t = ThreadTime::now();
        let c = Solver::new(p).count(2);
        best = best.min(t.elapsed().as_secs_f64() * 1000.0);
        assert_eq!(c.verdict(), Verdict::Unique);
        guesses = c.stats.guesses;
    }
    (best, guesses)
}

/// A random classic solution: a fixed grid with digits relabelled and rows and columns shuffled
/// within their bands and stacks, bands and stacks shuffled too. Symbol indices, 0-based.
pub fn solution(rng: &mut Xoshiro256PlusPlus) -> Vec<u8> {
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

/// A random solution of `g` (whose rules most classic grids break): the solver's first
/// solution under a few random givens.
pub fn solution_of(g: &Arc<Geometry>, rng: &mut Xoshiro256PlusPlus) -> Vec<u8> {
    loop {
        let mut givens = vec![None; g.cell_count()];
        for _ in 0..6 {
            givens[rng.random_range(0..g.cell_count())] = Some(rng.random_range(0..9u8));
        }
        let Ok(p) = Puzzle::new(g.clone(), givens) else {
            continue;
        };
        if let Some(s) = Solver::new(&p).count(1).solutions.first() {
            return s.as_indices().to_vec();
        }
    }
}

pub fn shuffle<T>(v: &mut [T], rng: &mut Xoshiro256PlusPlus) {
    for i in (1..v.len()).rev() {
        v.swap(i, rng.random_range(0..=i));
    }
}

/// Givens of `sol` removed one by one in random order while the puzzle stays unique.
fn minimise(g: &Arc<Geometry>, sol: &[u8], rng: &mut Xoshiro256PlusPlus) -> Vec<Option<u8>> {
    let mut givens: Vec<Option<u8>> = sol.iter().map(|&s| Some(s)).collect();
    let mut order: Vec<usize> = (0..givens.len()).collect();
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
