//! One puzzle's answer to `solve`: counting its solutions within the search limits, the
//! optional difficulty estimate, the exit code they give, and writing them as text or JSON.
//! Shared by a single puzzle file (`solve.rs`) and batches of lines (`stream.rs`).

use crate::args::{Format, SolveArgs};
use crate::exit;
use shapedoku::puzzle::format_canvas;
use shapedoku::solver::{Budget, Estimate, Magnitude, Reading, Stop};
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

/// Says on stderr, for a batch line in text (whose count column has room for a number only),
/// why its estimate is not shown or is partial: no probe finished or hit, the count's lower
/// bound stands, one probe gave no error, or a limit stopped the probes (exit 3).
pub(super) fn note_estimate(
    err: &mut dyn std::io::Write,
    label: &str,
    c: &Count,
    e: Option<&Estimate>,
) -> anyhow::Result<()> {
    let Some(e) = e else { return Ok(()) };
    let found = c.solutions.len() as u64;
    let full = matches!(
        e.against(found),
        Reading::Estimated {
            std_error: Some(_),
            ..
        }
    );
    if !full || e.stopped.is_some() {
        writeln!(err, "{label}: {}", describe_estimate(e, found))?;
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

/// An estimate for people, weighed against the `found` solutions the count found: the mean,
/// its standard error, the probes and the seed; or why there is no estimate to give.
fn describe_estimate(e: &Estimate, found: u64) -> String {
    let probes = format!("{} probe{}", e.probes, if e.probes == 1 { "" } else { "s" });
    let mut s = match e.against(found) {
        Reading::NoProbe => "no estimate: no probe finished".to_string(),
        Reading::NoHit => format!(
            "no estimate: {} a solution; at least {found} solutions (seed {}; raise --probes)",
            if e.probes == 1 {
                "the only probe did not reach".to_string()
            } else {
                format!("none of the {probes} reached")
            },
            e.seed
        ),
        Reading::BelowFound { solutions } => format!(
            "at least {found} solutions: the estimate from {probes}, {solutions}, is below what the search found (seed {}; raise --probes)",
            e.seed
        ),
        Reading::Estimated {
            solutions,
            std_error: Some(se),
        } => format!(
            "estimated {solutions} solutions, standard error {se} over {probes} (seed {}; about 95 % of such estimates fall within two standard errors)",
            e.seed
        ),
        Reading::Estimated {
            solutions,
            std_error: None,
        } => format!(
            "estimated {solutions} solutions from {probes}, which gives no standard error (seed {}; raise --probes)",
            e.seed
        ),
    };
    if let Some(stop) = e.stopped {
        s.push_str(&format!(
            "; probes stopped early: {}",
            crate::undecided(stop)
        ));
    }
    s
}

/// `--estimate` in JSON: the estimate only where it does not contradict the count (`status`
/// says which case it is), with each number as text (`"4.290e305"`, as a JSON number cannot
/// hold most of them) and as its base-10 logarithm.
#[derive(serde::Serialize)]
struct EstimateJson {
    status: &'static str,
    at_least: u64,
    solutions: Option<Magnitude>,
    log10_solutions: Option<f64>,
    std_error: Option<Magnitude>,
    log10_std_error: Option<f64>,
    probes: u64,
    hits: u64,
    seed: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped: Option<Stop>,
}

impl EstimateJson {
    fn new(e: &Estimate, found: u64) -> EstimateJson {
        let (status, solutions, std_error) = match e.against(found) {
            Reading::NoProbe => ("no_probe", None, None),
            Reading::NoHit => ("no_hit", None, None),
            Reading::BelowFound { .. } => ("below_found", None, None),
            Reading::Estimated {
                solutions,
                std_error,
            } => ("estimated", Some(solutions), std_error),
        };
        let log10 = |m: Option<Magnitude>| m.map(Magnitude::log10).filter(|l| l.is_finite());
        EstimateJson {
            status,
            at_least: found,
            solutions,
            log10_solutions: log10(solutions),
            std_error,
            log10_std_error: log10(std_error),
            probes: e.probes,
            hits: e.hits,
            seed: e.seed,
            stopped: e.stopped,
        }
    }
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
    estimate: Option<EstimateJson>,
    /// For a puzzle that states its solution (a file's `solution`, a link's): whether the
    /// count proved it the only one. `false` means what was read is not the setter's puzzle.
    #[serde(skip_serializing_if = "Option::is_none")]
    stated_solution_unique: Option<bool>,
}

/// Whether a puzzle stating its solution was proved to have only that one: `None` when it
/// states none or the count did not decide.
pub(super) fn stated_solution_unique(states_solution: bool, c: &Count) -> Option<bool> {
    match c.verdict() {
        _ if !states_solution => None,
        Verdict::Unique => Some(true),
        Verdict::Several => Some(false),
        _ => None,
    }
}

/// Writes one answer: for one file (`puzzle` given) a drawing in text, for a batch line its
/// solution line; a JSON line either way. With the answer: the estimate, if one was made, and
/// whether a stated solution was proved the only one.
pub(super) fn write_result(
    out: &mut dyn std::io::Write,
    err: &mut dyn std::io::Write,
    a: &SolveArgs,
    puzzle: Option<&Puzzle>,
    label: &str,
    c: &Count,
    (estimate, stated_unique): (Option<&Estimate>, Option<bool>),
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
                estimate: estimate.map(|e| EstimateJson::new(e, c.solutions.len() as u64)),
                stated_solution_unique: stated_unique,
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
                writeln!(out, "{}", describe_estimate(e, c.solutions.len() as u64))?;
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
        let found = c.solutions.len() as u64;
        let reading = estimate.map(|e| e.against(found));
        let _ = match reading {
            _ if c.exhausted => write!(text, "{found} "),
            Some(Reading::Estimated {
                solutions,
                std_error: Some(se),
            }) => write!(text, "~{solutions}±{se} "),
            // One probe: no spread to give.
            Some(Reading::Estimated {
                solutions,
                std_error: None,
            }) => write!(text, "~{solutions}±? "),
            // No estimate to give: what the count found stands.
            _ => write!(text, "{limit}+ "),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn estimate(
        solutions: Option<f64>,
        std_error: Option<f64>,
        probes: u64,
        hits: u64,
    ) -> Estimate {
        Estimate {
            solutions: solutions.map(Magnitude::from_f64),
            std_error: std_error.map(Magnitude::from_f64),
            probes,
            hits,
            seed: 7,
            stopped: None,
        }
    }

    /// Each way an estimate can read beside the count's 5 solutions, in text and JSON: never a
    /// 0 beside a found solution, never `inf`, never a standard error from one probe.
    #[test]
    fn every_reading_in_text_and_json() {
        let ln = 742.3 * std::f64::consts::LN_10;
        let huge = Estimate {
            solutions: Some(Magnitude::from_ln(ln)),
            std_error: Some(Magnitude::from_ln(ln - 2.0)),
            ..estimate(None, None, 3, 3)
        };
        let cases = [
            (
                estimate(None, None, 0, 0),
                "no estimate: no probe finished",
                "no_probe",
            ),
            (
                estimate(Some(0.0), Some(0.0), 3, 0),
                "no estimate: none of the 3 probes reached a solution; at least 5 solutions",
                "no_hit",
            ),
            (
                estimate(Some(2.0), Some(1.0), 4, 1),
                "at least 5 solutions: the estimate from 4 probes, 2.0, is below",
                "below_found",
            ),
            (
                estimate(Some(3.2e9), None, 1, 1),
                "estimated 3.200e9 solutions from 1 probe, which gives no standard error",
                "estimated",
            ),
            (
                huge,
                "estimated 1.995e742 solutions, standard error 2.700e741 over 3 probes",
                "estimated",
            ),
        ];
        for (e, text, status) in cases {
            let said = describe_estimate(&e, 5);
            assert!(said.starts_with(text), "{said}");
            assert!(!said.contains("inf") && !said.contains("NaN"), "{said}");
            let v = serde_json::to_value(EstimateJson::new(&e, 5)).unwrap();
            assert_eq!(v["status"], status, "{v}");
            assert_eq!(v["at_least"], 5);
            if status != "estimated" {
                assert!(v["solutions"].is_null() && v["std_error"].is_null(), "{v}");
            }
        }
        let v = serde_json::to_value(EstimateJson::new(&huge, 5)).unwrap();
        assert_eq!(v["solutions"], "1.995e742");
        assert!((v["log10_solutions"].as_f64().unwrap() - 742.3).abs() < 1e-9);
        let one =
            serde_json::to_value(EstimateJson::new(&estimate(Some(3.2e9), None, 1, 1), 5)).unwrap();
        assert!(
            one["std_error"].is_null() && one["log10_std_error"].is_null(),
            "{one}"
        );
    }

    /// A batch line's count column: the estimate only where it stands, else the count's `N+`.
    #[test]
    fn the_count_column_of_a_batch_line() {
        let args = <crate::args::Cli as clap::Parser>::try_parse_from([
            "shapedoku",
            "solve",
            "--count",
            "5",
            "--estimate",
            "-v",
            "4x4",
        ])
        .unwrap();
        let crate::args::Command::Solve(a) = args.command else {
            unreachable!()
        };
        let p = Puzzle::empty(shapedoku::builtin::geometry("4x4").unwrap());
        let c = Solver::new(&p).count(5);
        let line = |e: &Estimate| {
            let mut text = String::new();
            answer_line(&mut text, &a, &c, Some(e));
            text.split(' ').next().unwrap().to_string()
        };
        assert_eq!(
            line(&estimate(Some(288.0), Some(3.5), 100, 100)),
            "~288.0±3.5"
        );
        assert_eq!(line(&estimate(Some(288.0), None, 1, 1)), "~288.0±?");
        assert_eq!(line(&estimate(Some(0.0), Some(0.0), 2, 0)), "5+");
        assert_eq!(line(&estimate(None, None, 0, 0)), "5+");
        assert_eq!(line(&estimate(Some(2.0), Some(1.0), 9, 1)), "5+");
    }
}
