//! `shapedoku bench`: puzzles per second of the counting solver on files of puzzle lines,
//! single thread, one line per file, after a baseline row of puzzles generated on the spot so
//! figures from different runs or machines can be quoted as ratios.

use crate::args::BenchArgs;
use crate::input::load_variant;
use crate::{Io, exit};
use shapedoku::{Geometry, Puzzle, Solver, Verdict};
use std::sync::Arc;
use std::time::Instant;

/// Puzzles in the baseline row.
const BASELINE: u64 = 200;

/// Runs `bench`.
pub fn run(a: &BenchArgs, io: &mut Io<'_>) -> anyhow::Result<i32> {
    let geometry = load_variant(&a.variant, &io.limits)?.geometry;
    let mut solver = Solver::for_geometry(geometry.clone());
    let mut code = exit::OK;
    writeln!(
        io.stdout,
        "{:<40} {:>8} {:>8} {:>8} {:>12} {:>8} {:>10}",
        "file", "puzzles", "unique", "none", "puzzles/s", "ratio", "guesses"
    )?;
    let base_puzzles = baseline(&geometry, &mut solver);
    let base = measure(&mut solver, &base_puzzles, a.count as usize);
    row(io, "(baseline: generated, half blank)", &base, base.rate)?;
    for f in &a.files {
        let name = f.file_name().map_or_else(
            || f.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let text = match shapedoku::limits::read_file(f, io.limits.max_input_bytes) {
            Ok(t) => t,
            Err(e) => {
                // One unreadable file must not lose the others' figures.
                let e = crate::input::read_error(&f.display().to_string(), &e);
                write!(io.stderr, "{e}")?;
                code = exit::ERROR;
                continue;
            }
        };
        let mut givens = Vec::new();
        for (i, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            match Puzzle::from_line(geometry.clone(), line) {
                Ok(p) => givens.push(p.givens().to_vec()),
                Err(e) => {
                    writeln!(
                        io.stderr,
                        "error: {}:{}: {e} (line skipped)",
                        f.display(),
                        i + 1
                    )?;
                    code = exit::ERROR;
                }
            }
            if a.max.is_some_and(|m| givens.len() >= m) {
                break;
            }
        }
        let r = measure(&mut solver, &givens, a.count as usize);
        row(io, &name, &r, base.rate)?;
    }
    Ok(code)
}

/// What one row reports.
struct Run {
    puzzles: usize,
    unique: usize,
    none: usize,
    rate: f64,
    guesses: f64,
}

fn measure(solver: &mut Solver, puzzles: &[Vec<Option<u8>>], limit: usize) -> Run {
    let (mut unique, mut none, mut guesses) = (0usize, 0usize, 0u64);
    let start = Instant::now();
    for g in puzzles {
        // Read through `Puzzle::from_line`, so always accepted.
        if solver.set_givens(g).is_err() {
            continue;
        }
        let c = solver.count(limit);
        guesses += c.stats.guesses;
        match c.verdict() {
            Verdict::Unique => unique += 1,
            Verdict::NoSolution => none += 1,
            _ => {}
        }
    }
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    Run {
        puzzles: puzzles.len(),
        unique,
        none,
        rate: puzzles.len() as f64 / secs,
        guesses: guesses as f64 / puzzles.len().max(1) as f64,
    }
}

fn row(io: &mut Io<'_>, name: &str, r: &Run, base: f64) -> anyhow::Result<()> {
    writeln!(
        io.stdout,
        "{name:<40} {:>8} {:>8} {:>8} {:>12.0} {:>8.2} {:>10.1}",
        r.puzzles,
        r.unique,
        r.none,
        r.rate,
        r.rate / base.max(1e-9),
        r.guesses
    )?;
    Ok(())
}

/// Puzzles generated from fixed seeds: a random full grid with every other cell (in a fixed
/// shuffled order) blanked. The same on every run for a given variant.
fn baseline(geometry: &Arc<Geometry>, solver: &mut Solver) -> Vec<Vec<Option<u8>>> {
    let nc = geometry.cell_count();
    let mut out = Vec::new();
    for seed in 0..BASELINE {
        let Some(full) = solver.random_solution(seed) else {
            break;
        };
        let mut givens: Vec<Option<u8>> = full.iter().map(|&v| Some(v)).collect();
        // Blank cells chosen by a fixed xorshift sequence, half of them.
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut blanks = 0;
        while blanks < nc / 2 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            if givens[(x % nc as u64) as usize].take().is_some() {
                blanks += 1;
            }
        }
        out.push(givens);
    }
    out
}
