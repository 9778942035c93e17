//! Rates a file of classic puzzles on one thread and prints puzzles per second, the share
//! solved without guessing, the mean SE estimate and the levels, next to the counting solver's
//! time on the same puzzles in the same run (the baseline).
//!
//! `cargo run --release -p shapedoku --example ratebench -- FILE [MAX]`
use shapedoku::reason::{self, Board, rate};
use shapedoku::{Puzzle, Solver, builtin};
use std::collections::BTreeMap;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: ratebench FILE [MAX]");
    let max: usize = args
        .next()
        .map_or(usize::MAX, |m| m.parse().expect("MAX is a number"));
    let text = std::fs::read_to_string(&path).expect("readable file");
    let g = builtin::geometry("classic").unwrap();
    let puzzles: Vec<Puzzle> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(max)
        .map(|l| Puzzle::from_line(g.clone(), l).expect("a classic puzzle line"))
        .collect();
    let mut solver = Solver::for_geometry(g.clone());
    let t = Instant::now();
    for p in &puzzles {
        solver.set_givens(p.givens()).unwrap();
        solver.count(2);
    }
    let base = t.elapsed().as_secs_f64();
    let template = Board::new(&Puzzle::empty(g.clone()));
    let t = Instant::now();
    let ratings: Vec<rate::Rating> = puzzles
        .iter()
        .map(|p| rate::rate_run(&g, &reason::solve_board(template.with_puzzle(p))))
        .collect();
    let secs = t.elapsed().as_secs_f64();
    let n = puzzles.len() as f64;
    let no_guess = ratings.iter().filter(|r| r.guesses == 0).count();
    let se: f64 = ratings.iter().filter_map(|r| r.se).sum::<f64>() / n;
    let mut levels: BTreeMap<rate::Level, usize> = BTreeMap::new();
    for r in &ratings {
        *levels.entry(r.level).or_default() += 1;
    }
    println!(
        "{path}: {} puzzles rated in {secs:.3} s ({:.0}/s, {:.0}x the counting solver's {base:.3} s); \
         {no_guess} ({:.1}%) without guessing; mean SE estimate {se:.2}; levels {levels:?}",
        puzzles.len(),
        n / secs,
        secs / base,
        100.0 * no_guess as f64 / n,
    );
}
