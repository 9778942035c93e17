//! `shapedoku rate`: difficulty of each puzzle (level, score, Sudoku Explainer estimate).

use super::{Failed, json_line};
use crate::args::{Format, RateArgs};
use crate::input;
use crate::{Io, exit};
use serde::Serialize;
use shapedoku::Puzzle;
use shapedoku::reason::{self, Board, rate::Rating};

/// Rates one puzzle, reusing a template board's per-geometry tables when it fits.
pub fn rate_one(template: Option<&Board>, p: &Puzzle) -> Result<Rating, String> {
    if let Some(e) = p.check_clashes().err() {
        return Err(e.to_string());
    }
    let board = match template {
        Some(t) if std::sync::Arc::ptr_eq(t.geometry(), p.geometry()) => t.with_puzzle(p),
        _ => Board::new(p),
    };
    let run = reason::solve_board(board);
    if !run.board.is_solved() {
        return Err("no solution".into());
    }
    Ok(reason::rate::rate_run(p.geometry(), &run))
}

/// One line of text for a rating.
pub fn line(r: &Rating) -> String {
    let se = r.se.map_or_else(|| "-".to_string(), |s| format!("{s:.1}"));
    let hardest = r.hardest.map_or("none", |t| t.name());
    format!(
        "{} {} se={se} guesses={} steps={} hardest={hardest}",
        r.level, r.score, r.guesses, r.steps
    )
}

/// The JSON line of a rated puzzle: its label, then the library's rating.
#[derive(Debug, Serialize)]
pub struct Rated<'a> {
    /// The puzzle's label.
    pub input: &'a str,
    /// Always `rated`.
    pub status: &'static str,
    /// The rating's fields.
    #[serde(flatten)]
    pub rating: &'a Rating,
}

impl<'a> Rated<'a> {
    /// The line for `rating` of the puzzle labelled `input`.
    pub fn new(input: &'a str, rating: &'a Rating) -> Self {
        Rated {
            input,
            status: "rated",
            rating,
        }
    }
}

/// Runs `rate`.
pub fn run(a: &RateArgs, io: &mut Io<'_>) -> anyhow::Result<i32> {
    let input = input::read(&a.input, io)?;
    let puzzles = input.puzzles();
    let template = puzzles
        .iter()
        .find_map(|(_, p)| p.as_ref().ok())
        .map(|p| Board::new(&Puzzle::empty(p.geometry().clone())));
    let results = super::batch(&puzzles, a.threads, io.progress, |(_, p)| match p {
        Ok(p) => rate_one(template.as_ref(), p).map_err(|e| (e, false)),
        Err(e) => Err((e.clone(), true)),
    });
    let mut code = exit::OK;
    for ((label, _), r) in puzzles.iter().zip(&results) {
        match r {
            Ok(r) => match a.format {
                Format::Text => writeln!(io.stdout, "{}", line(r))?,
                Format::Json => json_line(io, &Rated::new(label, r))?,
            },
            Err((e, bad_input)) => {
                code = code.max(if *bad_input {
                    exit::ERROR
                } else {
                    exit::NEGATIVE
                });
                writeln!(io.stderr, "{}: {e}", label)?;
                match a.format {
                    Format::Text => writeln!(
                        io.stdout,
                        "{}",
                        if *bad_input { "error" } else { "unsolvable" }
                    )?,
                    Format::Json => json_line(
                        io,
                        &Failed {
                            input: label,
                            status: if *bad_input { "error" } else { "unsolvable" },
                            error: e,
                        },
                    )?,
                }
            }
        }
    }
    Ok(code)
}
