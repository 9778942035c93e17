//! Steps, hints and ratings.

use super::{Handle, Problem};
use serde::Serialize;
use serde_json::Value;
use shapedoku::Puzzle;
use shapedoku::reason::{self, Board, explain, rate};
use std::sync::Arc;

/// A logical step, as the library's view of it (the technique by its catalogue id, the same the
/// CLI prints) with each placement and elimination also carrying its cell index.
fn step_out(p: &Puzzle, step: &reason::Step) -> Value {
    let g = p.geometry();
    let mut v = serde_json::to_value(explain::view(g, step)).unwrap_or(Value::Null);
    let index = |list: &[reason::Candidate], key: &str, v: &mut Value| {
        if let Some(items) = v[key].as_array_mut() {
            for (item, c) in items.iter_mut().zip(list) {
                item["index"] = Value::from(c.cell.index());
            }
        }
    };
    index(&step.placements, "placements", &mut v);
    index(&step.eliminations, "eliminations", &mut v);
    v
}

fn check_solvable(p: &Puzzle) -> Result<(), Problem> {
    p.check_clashes()
        .map_err(|e| Problem::Unsolvable(format!("no solution: {e}")))
}

impl Handle {
    /// The next, simplest step; `None` when the puzzle is already solved.
    pub fn hint(&self) -> Result<Option<Value>, Problem> {
        check_solvable(&self.puzzle)?;
        let board = Board::new(&self.puzzle);
        if board.is_solved() {
            return Ok(None);
        }
        let step = reason::next_step(&board).ok_or_else(|| {
            Problem::Unsolvable("no step applies: the puzzle has no solution".into())
        })?;
        Ok(Some(step_out(&self.puzzle, &step)))
    }

    /// Every step of a logical solve, simplest technique first (a guess when nothing else
    /// applies).
    pub fn steps(&self) -> Result<Vec<Value>, Problem> {
        check_solvable(&self.puzzle)?;
        let run = reason::solve(&self.puzzle);
        if !run.board.is_solved() {
            return Err(Problem::Unsolvable(format!(
                "stuck after {} steps: the puzzle has no solution",
                run.steps.len()
            )));
        }
        Ok(run
            .steps
            .iter()
            .map(|s| step_out(&self.puzzle, s))
            .collect())
    }

    /// The difficulty rating.
    pub fn rate(&self) -> Result<RatingOut, Problem> {
        rate_with(None, &self.puzzle)
    }
}

/// A difficulty rating.
#[derive(Debug, Clone, Serialize)]
pub struct RatingOut {
    /// `easy`, `medium`, `hard`, `expert` or `extreme`.
    pub level: String,
    /// Sum of the steps' weights.
    pub score: u64,
    /// Sudoku Explainer estimate (classic 9x9 only).
    pub se: Option<f64>,
    /// The hardest technique used, by its catalogue id (`None` when no step was needed).
    pub hardest: Option<&'static str>,
    /// Number of steps.
    pub steps: usize,
    /// Number of guesses among them.
    pub guesses: usize,
}

/// Rates a puzzle, reusing a template board's per-geometry tables when it fits.
pub(super) fn rate_with(template: Option<&Board>, p: &Puzzle) -> Result<RatingOut, Problem> {
    check_solvable(p)?;
    let board = match template {
        Some(t) if Arc::ptr_eq(t.geometry(), p.geometry()) => t.with_puzzle(p),
        _ => Board::new(p),
    };
    let run = reason::solve_board(board);
    if !run.board.is_solved() {
        return Err(Problem::Unsolvable("no solution".into()));
    }
    let r = rate::rate_run(p.geometry(), &run);
    Ok(RatingOut {
        level: r.level.name().into(),
        score: r.score,
        se: r.se,
        hardest: r.hardest.map(|t| t.id()),
        steps: r.steps,
        guesses: r.guesses,
    })
}
