//! `shapedoku hint`: the next step only, the simplest available.

use super::{Failed, json_line};
use crate::args::{ExplainStyle, Format, HintArgs};
use crate::input;
use crate::{Io, exit};
use serde::Serialize;
use shapedoku::reason::{self, Board, explain};

/// The JSON line of a hint: the puzzle's label, `step` or `solved`, and the step's view.
#[derive(Debug, Serialize)]
struct Hint<'a> {
    input: &'a str,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    step: Option<explain::StepView>,
}

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
                    (Format::Json, Some(s)) => json_line(
                        io,
                        &Hint {
                            input: label,
                            status: "step",
                            step: Some(explain::view(g, s)),
                        },
                    )?,
                    (Format::Json, None) => json_line(
                        io,
                        &Hint {
                            input: label,
                            status: "solved",
                            step: None,
                        },
                    )?,
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
                    Format::Json => json_line(
                        io,
                        &Failed {
                            input: label,
                            status: if bad_input { "error" } else { "stuck" },
                            error: e,
                        },
                    )?,
                }
            }
        }
    }
    Ok(code)
}
