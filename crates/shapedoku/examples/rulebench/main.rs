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
mod solutions;

use cpu_time::ThreadTime;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use shapedoku::{Puzzle, Solver, Verdict, builtin};
use solutions::minimise;
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
