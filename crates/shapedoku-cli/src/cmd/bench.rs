//! `shapedoku bench`: puzzles per second of the counting solver on files of puzzle lines,
//! single thread, one line per file, after a baseline row of puzzles generated on the spot so
//! figures from different runs or machines can be quoted as ratios.
//!
//! Built with the `sudoku-baseline` feature, on classic puzzles each set (the generated one
//! included) is first solved by the `sudoku` crate (a JCZSolve port, the fastest classic solver
//! in Rust), in a row of its own, and the ratio column is then ours over its rate on the same
//! puzzles in the same run.
//!
//! Rates are per second of the thread's CPU time where the system reports it (Linux), else of
//! wall time.

use crate::args::BenchArgs;
use crate::input::load_variant;
use crate::{Io, exit};
use shapedoku::{Geometry, Puzzle, Solver, Verdict};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A clock for one thread's work: its CPU time where the system tells it (Linux's
/// `/proc/thread-self/schedstat`), so figures hold on a machine busy with other work; wall
/// time elsewhere.
struct Clock {
    cpu: Option<Duration>,
    wall: Instant,
}

impl Clock {
    fn start() -> Clock {
        Clock {
            cpu: thread_cpu(),
            wall: Instant::now(),
        }
    }
    /// Seconds since the start.
    fn secs(&self) -> f64 {
        match (self.cpu, thread_cpu()) {
            (Some(a), Some(b)) => b.saturating_sub(a).as_secs_f64(),
            _ => self.wall.elapsed().as_secs_f64(),
        }
    }
}

/// The calling thread's CPU time so far, if the system says.
fn thread_cpu() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// Puzzles in the baseline row.
const BASELINE: u64 = 200;

/// The least time one row is measured over: a set solved faster is solved again until this
/// much has passed, so the clock's granularity (a few milliseconds for CPU time) does not show.
const MIN_SECS: f64 = 0.2;

/// Runs `bench`.
pub fn run(a: &BenchArgs, io: &mut Io<'_>) -> anyhow::Result<i32> {
    let geometry = load_variant(&a.variant, &io.limits)?.geometry;
    let mut solver = Solver::for_geometry(geometry.clone());
    let mut code = exit::OK;
    writeln!(
        io.stdout,
        "{:<48} {:>8} {:>8} {:>8} {:>12} {:>8} {:>10}",
        "file", "puzzles", "unique", "none", "puzzles/s", "ratio", "guesses"
    )?;
    let reference = a.variant == "classic" && geometry.symbols().as_string() == "123456789";
    let base_puzzles = baseline(&geometry, &mut solver);
    let base = compare(
        io,
        "(baseline: generated, half blank)",
        &mut solver,
        &base_puzzles,
        a.count as usize,
        reference,
        None,
    )?;
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
        compare(
            io,
            &name,
            &mut solver,
            &givens,
            a.count as usize,
            reference,
            Some(base),
        )?;
    }
    Ok(code)
}

/// Measures one set of puzzles and writes its rows: the `sudoku` crate's first when it is
/// built in and the puzzles are classic (`reference`), then ours, whose ratio is to the crate's
/// rate on the same puzzles if there is one, else to the generated baseline's (`base`, or its
/// own when this is the baseline). Returns our rate.
fn compare(
    io: &mut Io<'_>,
    name: &str,
    solver: &mut Solver,
    puzzles: &[Vec<Option<u8>>],
    limit: usize,
    reference: bool,
    base: Option<f64>,
) -> anyhow::Result<f64> {
    let theirs = reference.then(|| crate_rate(puzzles, limit)).flatten();
    if let Some(t) = &theirs {
        row(io, &format!("{name} [sudoku crate]"), t, t.rate)?;
    }
    let ours = measure(solver, puzzles, limit);
    let to = theirs.map_or(base.unwrap_or(ours.rate), |t| t.rate);
    row(io, name, &ours, to)?;
    Ok(ours.rate)
}

/// The `sudoku` crate's rate on classic puzzles (symbol `s` is digit `s + 1`), counting to
/// `limit` and keeping the first solution, as ours does.
#[cfg(feature = "sudoku-baseline")]
fn crate_rate(puzzles: &[Vec<Option<u8>>], limit: usize) -> Option<Run> {
    let boards: Vec<sudoku::Sudoku> = puzzles
        .iter()
        .map(|g| {
            let mut bytes = [0u8; 81];
            for (b, v) in bytes.iter_mut().zip(g) {
                *b = v.map_or(0, |s| s + 1);
            }
            sudoku::Sudoku::from_bytes(bytes).ok()
        })
        .collect::<Option<_>>()?;
    let mut counts = (0, 0);
    let clock = Clock::start();
    let mut solved = 0usize;
    for round in 0.. {
        for b in &boards {
            let mut first = [[0u8; 81]];
            let n = b.solutions_up_to_buffer(&mut first, limit);
            if round == 0 {
                match n {
                    0 => counts.1 += 1,
                    1 => counts.0 += 1,
                    _ => {}
                }
            }
            std::hint::black_box(&first);
        }
        solved += boards.len();
        if boards.is_empty() || clock.secs() >= MIN_SECS {
            break;
        }
    }
    let secs = clock.secs().max(1e-9);
    Some(Run {
        puzzles: boards.len(),
        unique: counts.0,
        none: counts.1,
        rate: solved as f64 / secs,
        guesses: None,
    })
}

/// Without the `sudoku-baseline` feature there is no reference solver.
#[cfg(not(feature = "sudoku-baseline"))]
fn crate_rate(_: &[Vec<Option<u8>>], _: usize) -> Option<Run> {
    None
}

/// What one row reports.
struct Run {
    puzzles: usize,
    unique: usize,
    none: usize,
    rate: f64,
    /// Guesses per puzzle (`None` for the reference solver, which does not say).
    guesses: Option<f64>,
}

fn measure(solver: &mut Solver, puzzles: &[Vec<Option<u8>>], limit: usize) -> Run {
    let (mut unique, mut none, mut guesses) = (0usize, 0usize, 0u64);
    let clock = Clock::start();
    let mut solved = 0usize;
    for round in 0.. {
        for g in puzzles {
            // Read through `Puzzle::from_line`, so always accepted.
            if solver.set_givens(g).is_err() {
                continue;
            }
            let c = solver.count(limit);
            if round == 0 {
                guesses += c.stats.guesses;
                match c.verdict() {
                    Verdict::Unique => unique += 1,
                    Verdict::NoSolution => none += 1,
                    _ => {}
                }
            }
        }
        solved += puzzles.len();
        if puzzles.is_empty() || clock.secs() >= MIN_SECS {
            break;
        }
    }
    let secs = clock.secs().max(1e-9);
    Run {
        puzzles: puzzles.len(),
        unique,
        none,
        rate: solved as f64 / secs,
        guesses: Some(guesses as f64 / puzzles.len().max(1) as f64),
    }
}

fn row(io: &mut Io<'_>, name: &str, r: &Run, base: f64) -> anyhow::Result<()> {
    writeln!(
        io.stdout,
        "{name:<48} {:>8} {:>8} {:>8} {:>12.0} {:>8.2} {:>10}",
        r.puzzles,
        r.unique,
        r.none,
        r.rate,
        r.rate / base.max(1e-9),
        r.guesses.map_or("-".to_string(), |g| format!("{g:.1}"))
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
