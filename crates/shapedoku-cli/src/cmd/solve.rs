//! `shapedoku solve`: solutions and solution counts, for one puzzle file or a batch of lines.

use crate::args::{Format, SolveArgs};
use crate::input::{self, Input};
use crate::{Io, exit};
use shapedoku::puzzle::{format_canvas, format_line};
use shapedoku::solver::{Budget, Stop};
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
    let input = input::read(&a.input, io)?;
    let limit = a.count.unwrap_or(2).max(1) as usize;
    let puzzles = input.puzzles();
    let search = io.search;
    let results = super::batch(&puzzles, a.threads, io.progress, |(_, p)| match p {
        Ok(p) => Ok(count(p, limit, &search.budget())),
        Err(e) => Err(e.clone()),
    });
    let mut code = exit::OK;
    let single = matches!(input, Input::File { .. });
    for ((label, p), r) in puzzles.iter().zip(&results) {
        match (p, r) {
            (Ok(p), Ok(c)) => {
                let v = c.verdict();
                if v == Verdict::Undecided {
                    code = exit::worst(code, exit::LIMIT);
                    // Text for one file says it with the answer; otherwise stderr does.
                    if !single || a.format == Format::Json {
                        if let Some(why) = c.stopped {
                            writeln!(io.stderr, "{label}: {}", crate::undecided(why))?;
                        }
                    }
                } else if v == Verdict::NoSolution || (a.unique && v != Verdict::Unique) {
                    code = exit::worst(code, exit::NEGATIVE);
                }
                write_result(io, a, single, label, p, c, limit)?;
            }
            (_, Err(e)) | (Err(e), _) => {
                code = exit::worst(code, exit::ERROR);
                writeln!(io.stderr, "error: {e}")?;
                match a.format {
                    Format::Text => writeln!(io.stdout, "error")?,
                    Format::Json => writeln!(
                        io.stdout,
                        "{}",
                        serde_json::to_value(Failed {
                            input: label,
                            status: "error",
                            error: e.to_string(),
                        })?
                    )?,
                }
            }
        }
    }
    Ok(code)
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
}

fn write_result(
    io: &mut Io<'_>,
    a: &SolveArgs,
    single: bool,
    label: &str,
    p: &Puzzle,
    c: &Count,
    limit: usize,
) -> anyhow::Result<()> {
    let g = p.geometry();
    let line = |s: &Grid| s.to_line();
    match a.format {
        Format::Json => {
            let answer = Answer {
                input: label,
                status: c.verdict(),
                count: c.solutions.len(),
                exact: c.exhausted,
                solutions: &c.solutions,
                stats: c.stats,
                stopped: c.stopped,
            };
            // Through a JSON value, whose keys are sorted, as every other object printed.
            writeln!(io.stdout, "{}", serde_json::to_value(&answer)?)?;
        }
        Format::Text if single => {
            if let Some(s) = c.solutions.first() {
                let vals: Vec<Option<u8>> = s.iter().map(|&v| Some(v)).collect();
                write!(io.stdout, "{}", format_canvas(g, &vals))?;
            }
            writeln!(io.stdout, "{}", describe(c, limit))?;
            if let Some(clash) = p.check_clashes().err() {
                writeln!(io.stderr, "note: {clash}")?;
            }
        }
        Format::Text if c.verdict() == Verdict::Undecided => writeln!(io.stdout, "undecided")?,
        Format::Text => {
            let sol = c
                .solutions
                .first()
                .map_or_else(|| "no solution".to_string(), line);
            if a.count.is_some() {
                let n = if c.exhausted {
                    c.solutions.len().to_string()
                } else {
                    format!("{limit}+")
                };
                writeln!(io.stdout, "{n} {sol}")?;
            } else {
                writeln!(io.stdout, "{sol}")?;
            }
        }
    }
    Ok(())
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
