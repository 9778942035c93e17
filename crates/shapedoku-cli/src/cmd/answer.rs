//! One puzzle's answer to `solve`: counting its solutions within the search limits, the
//! optional difficulty estimate, the exit code they give, and writing them as text or JSON.
//! Shared by a single puzzle file (`solve.rs`) and batches of lines (`stream.rs`).

use crate::args::{Format, SolveArgs};
use crate::exit;
use shapedoku::puzzle::format_canvas;
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

/// What `--estimate` asks for: how many probes, from which seed.
#[derive(Debug, Clone, Copy)]
pub(super) struct Probes {
    pub(super) probes: u64,
    pub(super) seed: u64,
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

pub(super) fn count(p: &Puzzle, limit: usize, budget: &Budget) -> Count {
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
        Some(s) => push_solution(text, s.geometry().symbols().chars(), s),
        None => text.push_str("no solution"),
    }
    text.push('\n');
}

/// Appends a solution's symbols, `?` for a value outside the alphabet. An ASCII alphabet (the
/// usual case) goes through a byte table a chunk at a time: pushed as chars, the line cost
/// about as much as the search on easy batches.
fn push_solution(text: &mut String, chars: &[char], values: &[u8]) {
    let mut table = [b'?'; 256];
    for (t, &c) in table.iter_mut().zip(chars) {
        *t = if c.is_ascii() { c as u8 } else { 0 };
    }
    // A zero marks a non-ASCII symbol: those lines take the char path.
    if chars.len() <= 256 && !table[..chars.len()].contains(&0) {
        let mut buf = [0u8; 256];
        for chunk in values.chunks(buf.len()) {
            for (b, &v) in buf.iter_mut().zip(chunk) {
                *b = table[v as usize];
            }
            // Every byte is ASCII, so this never fails.
            if let Ok(part) = std::str::from_utf8(&buf[..chunk.len()]) {
                text.push_str(part);
            }
        }
        return;
    }
    text.extend(
        values
            .iter()
            .map(|&v| chars.get(v as usize).copied().unwrap_or('?')),
    );
}
