//! The baseline side of a CLI comparison, done with the `sudoku` crate (a JCZSolve port). Time
//! both as whole processes in the same run.
//!
//! Solving: what `shapedoku solve -j1 --count 2 FILE` does on a file of classic puzzle lines
//! (read, solve counting to 2, print the count and the first solution, line by line).
//!
//! ```sh
//! cargo build --release --example crate_baseline -p shapedoku
//! /usr/bin/time -f "%U %S" target/release/examples/crate_baseline FILE > /dev/null
//! /usr/bin/time -f "%U %S" target/release/shapedoku solve -j1 --count 2 FILE > /dev/null
//! ```
//!
//! Generating: `--generate N [--seed S] [--symmetry rotate180|none]` prints N minimal puzzles
//! made with the crate's generator, one line each. `Sudoku::generate()` is a random solution
//! grid, then cells removed in random order, half-turn orbits at a time, while the puzzle stays
//! unique (counted to 2 from scratch each time), so it is minimal for its symmetry: the same
//! thing as `shapedoku generate --symmetry rotate180` (minimal is the default). The crate's
//! own `generate()` draws from the thread's generator; here the same two calls take a seeded
//! one, so a run is repeatable. Default: seed 1, `rotate180`.
//!
//! ```sh
//! /usr/bin/time -f "%U %S" target/release/examples/crate_baseline --generate 2000 > /dev/null
//! /usr/bin/time -f "%U %S" target/release/shapedoku generate -j1 --count 2000 --seed 1 \
//!     --symmetry rotate180 > /dev/null
//! ```
use rand08::SeedableRng;
use std::io::{BufRead, BufWriter, Write};
use sudoku::Sudoku;
use sudoku::Symmetry;

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("--generate") => generate(&args[1..]),
        Some(path) if !path.starts_with('-') => solve(path),
        _ => usage(),
    }
}

fn usage() -> ! {
    eprintln!(
        "usage: crate_baseline FILE\n       crate_baseline --generate N [--seed S] [--symmetry rotate180|none]"
    );
    std::process::exit(2);
}

fn solve(path: &str) -> std::io::Result<()> {
    let file = std::io::BufReader::new(std::fs::File::open(path)?);
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for line in file.lines() {
        let line = line?;
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let Ok(s) = Sudoku::from_str_line(t) else {
            writeln!(out, "error")?;
            continue;
        };
        let mut first = [[0u8; 81]];
        match s.solutions_up_to_buffer(&mut first, 2) {
            0 => writeln!(out, "0 no solution")?,
            n => {
                let sol: String = first[0].iter().map(|&d| char::from(b'0' + d)).collect();
                let n = if n >= 2 { "2+" } else { "1" };
                writeln!(out, "{n} {sol}")?;
            }
        }
    }
    out.flush()
}

fn generate(args: &[String]) -> std::io::Result<()> {
    let Some(count) = args.first().and_then(|n| n.parse::<usize>().ok()) else {
        usage()
    };
    let mut seed = 1u64;
    let mut symmetry = Symmetry::HalfRotation;
    let mut rest = args[1..].iter();
    while let Some(flag) = rest.next() {
        let value = rest.next().unwrap_or_else(|| usage());
        match (flag.as_str(), value.as_str()) {
            ("--seed", s) => seed = s.parse().unwrap_or_else(|_| usage()),
            ("--symmetry", "rotate180") => symmetry = Symmetry::HalfRotation,
            ("--symmetry", "none") => symmetry = Symmetry::None,
            _ => usage(),
        }
    }
    let mut rng = rand08::rngs::StdRng::seed_from_u64(seed);
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut givens = 0usize;
    for _ in 0..count {
        let solved = Sudoku::generate_solved_with_rng(&mut rng);
        let puzzle = Sudoku::generate_with_symmetry_and_rng_from(solved, symmetry, &mut rng);
        givens += puzzle.n_clues() as usize;
        writeln!(out, "{}", puzzle.to_str_line())?;
    }
    out.flush()?;
    eprintln!(
        "{count} puzzles, {:.2} givens on average",
        givens as f64 / count.max(1) as f64
    );
    Ok(())
}
