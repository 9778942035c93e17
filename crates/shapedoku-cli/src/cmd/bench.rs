//! `shapedoku bench`: puzzles per second of the counting solver on files of puzzle lines,
//! single thread, one line per file.

use crate::args::BenchArgs;
use crate::input::load_variant;
use crate::{exit, Failure, Io};
use shapedoku::{Puzzle, Solver, Verdict};
use std::time::Instant;

/// Runs `bench`.
pub fn run(a: &BenchArgs, io: &mut Io<'_>) -> anyhow::Result<i32> {
    let geometry = load_variant(&a.variant)?.geometry;
    let mut solver = Solver::for_geometry(geometry.clone());
    writeln!(io.stdout, "{:<40} {:>8} {:>8} {:>8} {:>12} {:>10}", "file", "puzzles", "unique", "none", "puzzles/s", "guesses")?;
    for f in &a.files {
        let text = std::fs::read_to_string(f).map_err(|e| Failure(format!("error: cannot read {}: {e}\n", f.display())))?;
        let mut givens = Vec::new();
        for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let p = Puzzle::from_line(geometry.clone(), line)
                .map_err(|e| Failure(format!("error: {}:{}: {e}\n", f.display(), i + 1)))?;
            givens.push(p.givens().to_vec());
            if a.max.is_some_and(|m| givens.len() >= m) {
                break;
            }
        }
        let (mut unique, mut none, mut guesses) = (0usize, 0usize, 0u64);
        let start = Instant::now();
        for g in &givens {
            solver.set_givens(g);
            let c = solver.count(a.limit);
            guesses += c.stats.guesses;
            match c.verdict() {
                Verdict::Unique => unique += 1,
                Verdict::NoSolution => none += 1,
                _ => {}
            }
        }
        let secs = start.elapsed().as_secs_f64().max(1e-9);
        let name = f.file_name().map_or_else(|| f.display().to_string(), |n| n.to_string_lossy().into_owned());
        writeln!(
            io.stdout,
            "{name:<40} {:>8} {unique:>8} {none:>8} {:>12.0} {:>10.1}",
            givens.len(),
            givens.len() as f64 / secs,
            guesses as f64 / givens.len().max(1) as f64
        )?;
    }
    Ok(exit::OK)
}
