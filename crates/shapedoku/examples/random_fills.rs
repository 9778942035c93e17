//! The distribution of random fills (`Solver::random_solution_with`) over many seeds on a
//! blank grid: median, 90th and 99th percentiles and maximum of the thread's CPU time and of
//! the guesses, so a heavy tail shows. Seeds are `0..N` after the ones given with `--seed`.
//!
//! `cargo run --release -p shapedoku --example random_fills -- [N] [SIZE] [--seed S]...
//! [--timeout SECS]` (default: 1000 seeds on a blank 25x25 with 5x5 boxes, 60 s a fill; SIZE
//! must be a square, up to 64). A fill the timeout stops is counted apart and in the figures
//! with the time it ran.
use cpu_time::ThreadTime;
use shapedoku::solver::Budget;
use shapedoku::{GeometryBuilder, GridSpec, Pos, Puzzle, Solver, Symbols};
use std::sync::Arc;

const CHARS: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@$+";

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

fn summary(name: &str, mut xs: Vec<f64>) {
    xs.sort_by(f64::total_cmp);
    println!(
        "{name:>8}: median {:>9.1}  p90 {:>9.1}  p99 {:>9.1}  max {:>9.1}  mean {:>9.1}",
        percentile(&xs, 0.5),
        percentile(&xs, 0.9),
        percentile(&xs, 0.99),
        xs[xs.len() - 1],
        xs.iter().sum::<f64>() / xs.len() as f64
    );
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut positional = Vec::new();
    let mut extra = Vec::new();
    let mut timeout = 60.0;
    while let Some(a) = args.next() {
        if a == "--seed" {
            extra.push(
                args.next()
                    .and_then(|s| s.parse::<u64>().ok())
                    .expect("--seed S"),
            );
        } else if a == "--timeout" {
            timeout = args
                .next()
                .and_then(|s| s.parse::<f64>().ok())
                .expect("--timeout SECS");
        } else {
            positional.push(a);
        }
    }
    let n: u64 = positional.first().map_or(1000, |s| s.parse().expect("N"));
    let size: u32 = positional.get(1).map_or(25, |s| s.parse().expect("SIZE"));
    let b = (size as f64).sqrt() as u32;
    assert!(
        b * b == size && size <= 64,
        "SIZE must be a square up to 64"
    );
    let syms = Symbols::new(CHARS.chars().take(size as usize)).unwrap();
    let mut builder = GeometryBuilder::new("blank", syms);
    builder.grid(GridSpec::square(Pos::new(1, 1), size).with_boxes(b, b));
    let g = Arc::new(builder.build().unwrap());
    let mut solver = Solver::for_geometry(g.clone());
    let (mut ms, mut guesses) = (Vec::new(), Vec::new());
    let mut worst = (0.0, 0);
    let mut stopped = Vec::new();
    for seed in extra.iter().copied().chain(0..n) {
        let budget = Budget::default().with_timeout(std::time::Duration::from_secs_f64(timeout));
        let t = ThreadTime::now();
        let c = solver.random_solution_with(seed, &budget);
        let cpu = t.elapsed().as_secs_f64() * 1000.0;
        match c.solutions.first() {
            Some(sol) => assert!(Puzzle::empty(g.clone()).verify(sol).is_ok(), "seed {seed}"),
            None => stopped.push(seed),
        }
        if extra.contains(&seed) {
            println!("seed {seed}: {cpu:.1} ms CPU, {} guesses", c.stats.guesses);
        }
        if cpu > worst.0 {
            worst = (cpu, seed);
        }
        ms.push(cpu);
        guesses.push(c.stats.guesses as f64);
    }
    println!(
        "{} fills of a blank {size}x{size} ({} seeds):",
        ms.len(),
        ms.len()
    );
    summary("CPU ms", ms);
    summary("guesses", guesses);
    println!("slowest: seed {} ({:.1} ms CPU)", worst.1, worst.0);
    println!(
        "stopped by the {timeout} s timeout: {} {stopped:?}",
        stopped.len()
    );
}
