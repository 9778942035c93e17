//! `shapedoku hint`: the next step only, the simplest available.

use crate::args::{ExplainStyle, Format, HintArgs};
use crate::input;
use crate::{Io, exit};
use serde_json::json;
use shapedoku::reason::{self, Board, explain};

/// Maps the CLI style to the library's.
pub fn style(s: ExplainStyle) -> explain::Style {
    match s {
        ExplainStyle::Text => explain::Style::Text,
        ExplainStyle::Compact => explain::Style::Compact,
    }
}

/// Runs `hint`.
pub fn run(a: &HintArgs, io: &mut Io<'_>) -> anyhow::Result<i32> {
    let input = input::read(&a.input, io)?;
    let puzzles = input.puzzles();
    let results = super::batch(&puzzles, a.threads, io.progress, |(_, p)| {
        let p = p.as_ref().map_err(Clone::clone)?;
        if let Some(e) = p.check_clashes().err() {
            return Err(format!("no solution: {e}"));
        }
        let board = Board::new(p);
        if board.is_solved() {
            return Ok(None);
        }
        Ok(Some(reason::next_step(&board).ok_or_else(|| {
            "no step applies: the puzzle has no solution".to_string()
        })?))
    });
    let mut code = exit::OK;
    for ((label, p), r) in puzzles.iter().zip(&results) {
        match (p, r) {
            (Ok(p), Ok(step)) => {
                let g = p.geometry();
                match (a.format, step) {
                    (Format::Text, Some(s)) => {
                        writeln!(io.stdout, "{}", explain::render(g, s, style(a.style)))?
                    }
                    (Format::Text, None) => writeln!(io.stdout, "solved: nothing left to do")?,
                    (Format::Json, Some(s)) => writeln!(
                        io.stdout,
                        "{}",
                        json!({"input": label, "status": "step", "step": explain::json(g, s)})
                    )?,
                    (Format::Json, None) => {
                        writeln!(io.stdout, "{}", json!({"input": label, "status": "solved"}))?
                    }
                }
            }
            (_, Err(e)) | (Err(e), _) => {
                // A puzzle line that cannot be read is an error; one without a solution a
                // negative answer.
                let bad_input = p.is_err();
                code = code.max(if bad_input {
                    exit::ERROR
                } else {
                    exit::NEGATIVE
                });
                writeln!(io.stderr, "{label}: {e}")?;
                match a.format {
                    Format::Text => {
                        writeln!(io.stdout, "{}", if bad_input { "error" } else { "no step" })?
                    }
                    Format::Json => writeln!(
                        io.stdout,
                        "{}",
                        json!({"input": label, "status": if bad_input { "error" } else { "stuck" }, "error": e})
                    )?,
                }
            }
        }
    }
    Ok(code)
}
