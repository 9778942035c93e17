//! `shapedoku solve`: solutions and solution counts, for one puzzle file or a batch of lines.

use crate::args::{Format, SolveArgs};
use crate::input::{self, Input, Opened};
use crate::{Io, exit};
use shapedoku::puzzle::{format_canvas, format_line};
use shapedoku::solver::{Budget, Estimate, Stop};
use shapedoku::{Count, Grid, Puzzle, Solver, Stats, Verdict};

fn describe(c: &Count, limit: usize) -> String {
    if let (Verdict::Undecided, Some(why)) = (c.verdict(), c.stopped) {
        let found = if c.solutions.is_empty() {
            String::new()
        } else {
            " (a solution was found; its uniqueness was not decided)".to_string()
        };
        return format!("{}{found}", crate::undecided(why));
    }
    match c.verdict() {
        Verdict::NoSolution => "no solution".into(),
        Verdict::Unique => "unique solution".into(),
        Verdict::Several if c.exhausted => format!("{} solutions", c.solutions.len()),
        Verdict::Several => format!("at least {limit} solutions (showing the first)"),
        Verdict::AtLeastOne => "a solution (uniqueness not checked)".into(),
        Verdict::Undecided => "undecided".into(),
    }
}

/// Runs `solve`.
pub fn run(a: &SolveArgs, io: &mut Io<'_>) -> anyhow::Result<i32> {
    if let Some(style) = a.explain {
        return explain(a, super::hint::style(style), io);
    }
    let limit = a.count.unwrap_or(2).max(1) as usize;
    let estimate = a.estimate.then(|| Probes {
        probes: a.probes,
        seed: a.seed.unwrap_or_else(clock_seed),
    });
    if let (Some(e), None) = (estimate, a.seed) {
        // Batch lines have no room for it, and it is what reproduces the estimates.
        let seed = e.seed;
        writeln!(
            io.stderr,
            "estimate seed: {seed} (--seed {seed} reproduces it)"
        )?;
    }
    match input::open(&a.input, io)? {
        Opened::File { name, loaded } => {
            let p = &loaded.puzzle;
            let budget = io.search.budget();
            let c = count(p, limit, &budget);
            let e = estimate.and_then(|e| e.run(&mut Solver::new(p), &c, &budget));
            let code = exit::worst(verdict_code(a, &c), estimate_code(e.as_ref()));
            let (out, err) = (&mut *io.stdout, &mut *io.stderr);
            if a.format == Format::Json {
                note_undecided(err, &name, &c)?;
            }
            write_result(out, err, a, Some(p), &name, &c, e.as_ref())?;
            Ok(code)
        }
        Opened::Lines {
            geometry,
            source,
            name,
        } => super::stream::solve_lines(a, io, &geometry, source, name.as_deref(), limit, estimate),
    }
}

/// What `--estimate` asks for: how many probes, from which seed.
#[derive(Debug, Clone, Copy)]
pub(super) struct Probes {
    probes: u64,
    seed: u64,
}

impl Probes {
    /// The estimate for a puzzle whose count `c` reached its limit; `None` when the count is
    /// exact (or undecided), as then there is nothing to estimate.
    pub(super) fn run(self, solver: &mut Solver, c: &Count, budget: &Budget) -> Option<Estimate> {
        (c.verdict() == Verdict::Several && !c.exhausted)
            .then(|| solver.estimate(self.probes, self.seed, budget))
    }
}

/// The exit code an estimate adds: probes stopped by a limit leave it undecided.
pub(super) fn estimate_code(e: Option<&Estimate>) -> i32 {
    if e.is_some_and(|e| e.stopped.is_some()) {
        exit::LIMIT
    } else {
        exit::OK
    }
}

/// The exit code one count earns.
pub(super) fn verdict_code(a: &SolveArgs, c: &Count) -> i32 {
    match c.verdict() {
        Verdict::Undecided => exit::LIMIT,
        Verdict::NoSolution => exit::NEGATIVE,
        v if a.unique && v != Verdict::Unique => exit::NEGATIVE,
        _ => exit::OK,
    }
}

/// Says on stderr why a count is undecided (text for one file says it with the answer).
pub(super) fn note_undecided(
    err: &mut dyn std::io::Write,
    label: &str,
    c: &Count,
) -> anyhow::Result<()> {
    if let (Verdict::Undecided, Some(why)) = (c.verdict(), c.stopped) {
        writeln!(err, "{label}: {}", crate::undecided(why))?;
    }
    Ok(())
}

/// Writes the answer for an input that could not be read or solved: the message on stderr,
/// `error` (or its JSON line) on stdout.
pub(super) fn write_failure(
    out: &mut dyn std::io::Write,
    err: &mut dyn std::io::Write,
    format: Format,
    label: &str,
    e: &str,
) -> anyhow::Result<()> {
    writeln!(err, "error: {e}")?;
    match format {
        Format::Text => writeln!(out, "error")?,
        Format::Json => writeln!(
            out,
            "{}",
            serde_json::to_value(Failed {
                input: label,
                status: "error",
                error: e.to_string(),
            })?
        )?,
    }
    Ok(())
}

/// A seed from the clock, for runs that do not name one (they print it).
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
}

/// An estimate for people: the mean, its standard error, the probes and the seed.
fn describe_estimate(e: &Estimate) -> String {
    let num = |x: f64| {
        if x.abs() >= 1e6 {
            format!("{x:.3e}")
        } else {
            format!("{x:.1}")
        }
    };
    let mut s = format!(
        "estimated {} solutions, standard error {} over {} probes (seed {}; about 95 % of such estimates fall within two standard errors)",
        num(e.solutions),
        num(e.std_error),
        e.probes,
        e.seed
    );
    if let Some(stop) = e.stopped {
        s.push_str(&format!(
            "; probes stopped early: {}",
            crate::undecided(stop)
        ));
    }
    s
}

fn count(p: &Puzzle, limit: usize, budget: &Budget) -> Count {
    if !p.clashes().is_empty() {
        return Count::no_solution();
    }
    Solver::new(p).count_with(limit, budget)
}

/// The answer of `solve --format json` for an input that could not be read.
#[derive(serde::Serialize)]
struct Failed<'a> {
    input: &'a str,
    status: &'static str,
    error: String,
}

/// One answer of `solve --format json`: the count's data as the library serializes it
/// (verdict, statistics, stop reason), with the solutions written as puzzle lines.
#[derive(serde::Serialize)]
struct Answer<'a> {
    input: &'a str,
    status: Verdict,
    count: usize,
    exact: bool,
    solutions: &'a [Grid],
    #[serde(flatten)]
    stats: Stats,
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped: Option<Stop>,
    #[serde(skip_serializing_if = "Option::is_none")]
    estimate: Option<&'a Estimate>,
}

/// Writes one answer: for one file (`puzzle` given) a drawing in text, for a batch line its
/// solution line; a JSON line either way.
pub(super) fn write_result(
    out: &mut dyn std::io::Write,
    err: &mut dyn std::io::Write,
    a: &SolveArgs,
    puzzle: Option<&Puzzle>,
    label: &str,
    c: &Count,
    estimate: Option<&Estimate>,
) -> anyhow::Result<()> {
    let limit = a.count.unwrap_or(2).max(1) as usize;
    match (a.format, puzzle) {
        (Format::Json, _) => {
            let answer = Answer {
                input: label,
                status: c.verdict(),
                count: c.solutions.len(),
                exact: c.exhausted,
                solutions: &c.solutions,
                stats: c.stats,
                stopped: c.stopped,
                estimate,
            };
            // Through a JSON value, whose keys are sorted, as every other object printed.
            writeln!(out, "{}", serde_json::to_value(&answer)?)?;
        }
        (Format::Text, Some(p)) => {
            if let Some(s) = c.solutions.first() {
                let vals: Vec<Option<u8>> = s.iter().map(|&v| Some(v)).collect();
                write!(out, "{}", format_canvas(p.geometry(), &vals))?;
            }
            writeln!(out, "{}", describe(c, limit))?;
            if let Some(e) = estimate {
                writeln!(out, "{}", describe_estimate(e))?;
            }
            if let Some(clash) = p.check_clashes().err() {
                writeln!(err, "note: {clash}")?;
            }
        }
        (Format::Text, None) if c.verdict() == Verdict::Undecided => writeln!(out, "undecided")?,
        (Format::Text, None) => {
            let mut text = String::new();
            answer_line(&mut text, a, c, estimate);
            out.write_all(text.as_bytes())?;
        }
    }
    Ok(())
}

/// Appends a batch line's text answer, end of line included: the count (with `--count`) and
/// the first solution as a puzzle line. Built in one buffer a batch reuses, as it is written
/// for every line.
pub(super) fn answer_line(
    text: &mut String,
    a: &SolveArgs,
    c: &Count,
    estimate: Option<&Estimate>,
) {
    use std::fmt::Write;
    if a.count.is_some() {
        let limit = a.count.unwrap_or(2).max(1) as usize;
        // Writing to a String cannot fail.
        let _ = match estimate {
            _ if c.exhausted => write!(text, "{} ", c.solutions.len()),
            Some(e) => write!(text, "~{:.3e}±{:.1e} ", e.solutions, e.std_error),
            None => write!(text, "{limit}+ "),
        };
    }
    match c.solutions.first() {
        Some(s) => {
            let chars = s.geometry().symbols().chars();
            text.extend(
                s.iter()
                    .map(|&v| chars.get(v as usize).copied().unwrap_or('?')),
            );
        }
        None => text.push_str("no solution"),
    }
    text.push('\n');
}

/// The JSON line of `solve --explain`: the puzzle's label, `solved` or `stuck`, every step's
/// view, the solution and the rating (as `rate` prints it).
#[derive(Debug, serde::Serialize)]
struct Explained<'a> {
    input: &'a str,
    status: &'static str,
    steps: Vec<shapedoku::reason::explain::StepView>,
    solution: Option<String>,
    rating: super::rate::Rated<'a>,
    /// The starting position as a candidate grid, with `--candidates`.
    #[serde(skip_serializing_if = "Option::is_none")]
    candidates: Option<String>,
}

/// `solve --explain`: a logical solve, step by step.
fn explain(
    a: &SolveArgs,
    style: shapedoku::reason::explain::Style,
    io: &mut Io<'_>,
) -> anyhow::Result<i32> {
    use shapedoku::reason::{self, explain, rate};
    let input = input::read(&a.input, io)?;
    let puzzles = input.puzzles();
    let single = matches!(input, Input::File { .. });
    // One board's per-geometry tables serve the whole batch.
    let template = puzzles
        .iter()
        .find_map(|(_, p)| p.as_ref().ok())
        .map(|p| reason::Board::new(&shapedoku::Puzzle::empty(p.geometry().clone())));
    let search = io.search;
    let results = super::batch(&puzzles, a.threads, io.progress, |(_, p)| {
        let p = p.as_ref().map_err(|e| super::Refusal::error(e))?;
        super::rate::reason_unique(template.as_ref(), p, &search.budget())
    });
    let mut code = exit::OK;
    for (i, ((label, p), r)) in puzzles.iter().zip(&results).enumerate() {
        let (p, run) = match (p, r) {
            (Ok(p), Ok(run)) => (p, run),
            (_, Err(refusal)) => {
                code = exit::worst(code, refusal.code);
                super::rate::write_refusal(io, a.format, label, refusal)?;
                continue;
            }
            (Err(e), Ok(_)) => {
                code = exit::worst(code, exit::ERROR);
                writeln!(io.stderr, "{e}")?;
                continue;
            }
        };
        let g = p.geometry();
        let solved = run.board.is_solved();
        if !solved {
            code = exit::worst(code, exit::NEGATIVE);
        }
        let rating = rate::rate_run(g, run);
        let summary = if !solved {
            "stuck: no solution".to_string()
        } else if rating.guesses == 0 {
            format!(
                "solved by logic in {} steps ({})",
                run.steps.len(),
                super::rate::line(&rating)
            )
        } else {
            format!(
                "solved in {} steps with {} guesses ({})",
                run.steps.len(),
                rating.guesses,
                super::rate::line(&rating)
            )
        };
        let grid = a
            .grid
            .candidates
            .map(|f| super::candidate_grid(&run.start, f));
        match a.format {
            Format::Json => super::json_line(
                io,
                &Explained {
                    input: label,
                    status: if solved { "solved" } else { "stuck" },
                    steps: run.steps.iter().map(|s| explain::view(g, s)).collect(),
                    solution: solved.then(|| format_line(g, run.board.values())),
                    rating: super::rate::Rated::new(label, &rating),
                    candidates: grid,
                },
            )?,
            Format::Text => {
                if !single {
                    if i > 0 {
                        writeln!(io.stdout)?;
                    }
                    writeln!(io.stdout, "{label}:")?;
                }
                if let Some(grid) = grid {
                    write!(io.stdout, "{grid}")?;
                }
                for s in &run.steps {
                    writeln!(io.stdout, "{}", explain::render(g, s, style))?;
                }
                if single && solved {
                    write!(io.stdout, "{}", format_canvas(g, run.board.values()))?;
                }
                writeln!(io.stdout, "{summary}")?;
            }
        }
    }
    Ok(code)
}
