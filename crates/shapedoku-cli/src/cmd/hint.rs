//! `shapedoku hint`: the next step only, the simplest available.

use super::{Refusal, json_line};
use crate::args::{ExplainStyle, Format, HintArgs};
use crate::input;
use crate::{Io, exit};
use serde::Serialize;
use shapedoku::reason::{self, explain};

/// The JSON line of a hint: the puzzle's label, `step` or `solved`, and the step's view.
#[derive(Debug, Serialize)]
struct Hint<'a> {
    input: &'a str,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    step: Option<explain::StepView>,
    /// The position as a candidate grid, with `--candidates`.
    #[serde(skip_serializing_if = "Option::is_none")]
    candidates: Option<String>,
}

/// Maps the CLI style to the library's.
pub fn style(s: ExplainStyle) -> explain::Style {
    match s {
        ExplainStyle::Text => explain::Style::Text,
        ExplainStyle::Compact => explain::Style::Compact,
        ExplainStyle::Teach => explain::Style::Teach,
    }
}

/// Runs `hint`.
pub fn run(a: &HintArgs, io: &mut Io<'_>) -> anyhow::Result<i32> {
    let input = input::read(&a.input, io)?;
    let puzzles = input.puzzles();
    let search = io.search;
    let results = super::batch(&puzzles, a.threads, io.progress, |(_, p)| {
        let p = p.as_ref().map_err(|e| Refusal::error(e))?;
        let budget = search.budget();
        // A hint on a puzzle without exactly one solution would lead nowhere, or to one of
        // several endings: say so instead.
        super::prove_position(p, &budget)?;
        let mut board = p.board(None);
        board.set_known_unique(true);
        let grid = a.grid.candidates.map(|f| super::candidate_grid(&board, f));
        if board.is_solved() {
            return Ok((p.geometry().clone(), None, grid));
        }
        match reason::next_step_in(&board, a.order.order(), &budget) {
            Ok(Some(step)) => Ok((p.geometry().clone(), Some(step), grid)),
            Ok(None) => Err(Refusal::undecided(shapedoku::solver::Stop::Deadline)),
            Err(why) => Err(Refusal::undecided(why)),
        }
    });
    let mut code = exit::OK;
    for ((label, _), r) in puzzles.iter().zip(&results) {
        match r {
            Ok((g, step, grid)) => match (a.format, step) {
                (Format::Text, Some(s)) => {
                    if let Some(grid) = grid {
                        write!(io.stdout, "{grid}")?;
                    }
                    writeln!(io.stdout, "{}", explain::render(g, s, style(a.style)))?
                }
                (Format::Text, None) => writeln!(io.stdout, "solved: nothing left to do")?,
                (Format::Json, Some(s)) => json_line(
                    io,
                    &Hint {
                        input: label,
                        status: "step",
                        step: Some(explain::view(g, s)),
                        candidates: grid.clone(),
                    },
                )?,
                (Format::Json, None) => json_line(
                    io,
                    &Hint {
                        input: label,
                        status: "solved",
                        step: None,
                        candidates: grid.clone(),
                    },
                )?,
            },
            Err(refusal) => {
                code = exit::worst(code, refusal.code);
                super::rate::write_refusal(io, a.format, label, refusal)?;
            }
        }
    }
    Ok(code)
}
