//! `shapedoku candidates`: true candidates, the values of each cell that appear in at least
//! one solution.

use crate::args::{CandidatesArgs, Format};
use crate::input::{self, Input};
use crate::{Failure, Io, exit};
use shapedoku::solver::TrueCandidates;
use shapedoku::{Geometry, Pos, Puzzle, Solver, SymbolSet};

/// Runs `candidates`.
pub fn run(a: &CandidatesArgs, io: &mut Io<'_>) -> anyhow::Result<i32> {
    if a.input.files.len() > 1 {
        return Err(Failure(
            "error: candidates works on one puzzle; give one FILE or LINK\n".into(),
        )
        .into());
    }
    let input = input::read(&a.input, io)?;
    let (label, puzzle) = one_puzzle(input)?;
    let tc = compute(&puzzle, a.max_solutions as usize, io);
    let g = puzzle.geometry();
    let (status, code) = status(&tc);
    match a.format {
        Format::Text => {
            write!(io.stdout, "{}", table(g, &tc))?;
            writeln!(io.stdout, "{}", summary(g, &tc, a.max_solutions))?;
        }
        Format::Json => {
            let cell = |sets: &[SymbolSet], c: usize| -> String {
                sets[c].iter().map(|s| g.symbols().char(s)).collect()
            };
            let cells: Vec<serde_json::Value> = (0..g.cell_count())
                .map(|c| {
                    serde_json::json!({
                        "cell": g.pos(c).to_string(),
                        "candidates": cell(&tc.possible, c),
                        "undecided": cell(&tc.undecided, c),
                    })
                })
                .collect();
            let mut v = serde_json::json!({
                "input": label,
                "status": status,
                "cells": cells,
                "solutions_found": tc.solutions.len(),
                "capped": tc.capped,
            });
            if let Some(stop) = tc.stopped {
                v["stopped"] = serde_json::to_value(stop)?;
            }
            super::json_line(io, &v)?;
        }
    }
    Ok(code)
}

/// The one puzzle of the input (a file, a link, or a single puzzle line).
pub fn one_puzzle(input: Input) -> anyhow::Result<(String, Puzzle)> {
    let puzzles = input.puzzles();
    match <[_; 1]>::try_from(puzzles) {
        // A candidate grid counts by its placed values: true candidates are the solutions'.
        Ok([(label, p)]) => Ok((
            label,
            p.map_err(|e| Failure(format!("error: {e}\n")))?.puzzle,
        )),
        Err(v) => Err(Failure(format!(
            "error: candidates works on one puzzle, and the input has {}\n",
            v.len()
        ))
        .into()),
    }
}

/// The true candidates within the command line's budget (clashing givens: none).
pub fn compute(p: &Puzzle, max_solutions: usize, io: &Io<'_>) -> TrueCandidates {
    if p.check_clashes().is_err() {
        let n = p.geometry().cell_count();
        return TrueCandidates {
            possible: vec![SymbolSet::default(); n],
            undecided: vec![SymbolSet::default(); n],
            solutions: Vec::new(),
            capped: false,
            stopped: None,
        };
    }
    let _shown = crate::progress::Progress::spinner(io.progress, "finding true candidates");
    Solver::new(p).true_candidates(max_solutions, &io.search.budget())
}

/// The JSON status and the exit code (`render --candidates` exits with the same code).
pub(super) fn status(tc: &TrueCandidates) -> (&'static str, i32) {
    if !tc.is_complete() {
        ("undecided", exit::LIMIT)
    } else if tc.solutions.is_empty() {
        ("none", exit::NEGATIVE)
    } else {
        ("complete", exit::OK)
    }
}

/// The candidates laid out on the canvas, each cell padded to the widest; `?` after a cell's
/// values means some of its values are undecided.
fn table(g: &Geometry, tc: &TrueCandidates) -> String {
    let text = |c: usize| -> String {
        let mut s: String = tc.possible[c].iter().map(|v| g.symbols().char(v)).collect();
        if !tc.undecided[c].is_empty() {
            s.push('?');
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    };
    let texts: Vec<String> = (0..g.cell_count()).map(text).collect();
    let w = texts.iter().map(|t| t.chars().count()).max().unwrap_or(1);
    let mut out = String::new();
    for r in 1..=g.rows() {
        let mut line = String::new();
        for c in 1..=g.cols() {
            let t = g.cell_at(Pos::new(r, c)).map_or("", |i| texts[i].as_str());
            line.push_str(&format!("{t:<w$} "));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn summary(g: &Geometry, tc: &TrueCandidates, cap: u64) -> String {
    if tc.no_solution() {
        return "no solution".into();
    }
    let fixed = tc
        .possible
        .iter()
        .zip(&tc.undecided)
        .filter(|(p, u)| p.len() == 1 && u.is_empty())
        .count();
    let open = g.cell_count() - fixed;
    let mut s = if tc.is_complete() && open == 0 {
        "unique solution: every cell has one candidate".to_string()
    } else {
        format!(
            "{fixed} cells with one candidate, {open} with several; {} solutions found",
            tc.solutions.len()
        )
    };
    if tc.capped {
        s.push_str(&format!(
            "\nundecided: solution cap of {cap} reached; cells marked ? may have more candidates (raise it with --max-solutions)"
        ));
    } else if let Some(stop) = tc.stopped {
        s.push_str(&format!(
            "\n{}; cells marked ? may have more candidates",
            crate::undecided(stop)
        ));
    }
    s
}
