//! `shapedoku rate`: difficulty of each puzzle (level, score, Sudoku Explainer estimate).

use super::{Failed, Refusal, json_line};
use crate::args::{Format, RateArgs};
use crate::input::{self, Position};
use crate::{Io, exit};
use serde::Serialize;
use shapedoku::Puzzle;
use shapedoku::reason::{self, Board, rate::Rating};
use shapedoku::solver::Budget;

/// Rates one position within `budget`, once its solution is proved unique, reusing a template
/// board's per-geometry tables when it fits.
pub fn rate_one(
    template: Option<&Board>,
    p: &Position,
    budget: &Budget,
    order: reason::Order,
) -> Result<Rating, Refusal> {
    let run = reason_unique(template, p, budget, order)?;
    Ok(reason::rate::rate_run(p.geometry(), &run))
}

/// The logical solve of a position proved unique, within `budget` (the proof and the solve
/// share its deadline), the techniques tried in `order`.
pub fn reason_unique(
    template: Option<&Board>,
    p: &Position,
    budget: &Budget,
    order: reason::Order,
) -> Result<reason::LogicalRun, Refusal> {
    super::prove_position(p, budget)?;
    let mut board = p.board(template);
    board.set_known_unique(true);
    let run = reason::solve_board_in(board, order, budget);
    if let Some(why) = run.stopped {
        return Err(Refusal::undecided(why));
    }
    if !run.board.is_solved() {
        // A unique puzzle is always solved: the guess step follows the solver. A stuck run
        // means the guess's own search was stopped.
        return Err(Refusal::undecided(shapedoku::solver::Stop::Deadline));
    }
    Ok(run)
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
    let search = io.search;
    let results = super::batch(&puzzles, a.threads, io.progress, |(_, p)| match p {
        Ok(p) => rate_one(template.as_ref(), p, &search.budget(), a.order.order()),
        Err(e) => Err(Refusal::error(e)),
    });
    let mut code = exit::OK;
    for ((label, _), r) in puzzles.iter().zip(&results) {
        match r {
            Ok(r) => match a.format {
                Format::Text => writeln!(io.stdout, "{}", line(r))?,
                Format::Json => json_line(io, &Rated::new(label, r))?,
            },
            Err(refusal) => {
                code = exit::worst(code, refusal.code);
                write_refusal(io, a.format, label, refusal)?;
            }
        }
    }
    Ok(code)
}

/// Writes why a puzzle got no answer: the reason on stderr (labelled, unless the message of
/// bad input already names its line), its status word on stdout, or a JSON line.
pub fn write_refusal(
    io: &mut Io<'_>,
    format: Format,
    label: &str,
    r: &Refusal,
) -> anyhow::Result<()> {
    if r.code == exit::ERROR && r.message.starts_with(label) {
        writeln!(io.stderr, "{}", r.message)?;
    } else {
        writeln!(io.stderr, "{label}: {}", r.message)?;
    }
    match format {
        Format::Text => {
            let word = match r.status {
                "unsolvable" => "no solution",
                "not_unique" => "not unique",
                other => other,
            };
            writeln!(io.stdout, "{word}")?;
        }
        Format::Json => json_line(
            io,
            &Failed {
                input: label,
                status: r.status,
                error: &r.message,
            },
        )?,
    }
    Ok(())
}
