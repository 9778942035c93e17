//! Batches of puzzles counted or rated on several threads.

use super::Problem;
use super::count::count_with;
use super::loading::{read_line, variant};
use super::reasoning::rate_with;
use serde::Serialize;
use shapedoku::reason::Board;
use shapedoku::{Puzzle, Solver};

/// One line of a `count_many` batch: the count flattened, or the reason there is none.
#[derive(Debug, Clone, Serialize)]
pub struct CountRow {
    /// The line as given.
    pub puzzle: String,
    /// The verdict (see [`CountOut::verdict`]), or `error` for a line that is not a puzzle.
    pub status: String,
    /// The solutions found, as lines.
    pub solutions: Vec<String>,
    /// Whether the count is exact.
    pub exact: Option<bool>,
    /// Search nodes.
    pub nodes: Option<u64>,
    /// Guesses.
    pub guesses: Option<u64>,
    /// Why the line could not be read.
    pub error: Option<String>,
}

/// One line of a `rate_many` batch.
#[derive(Debug, Clone, Serialize)]
pub struct RateRow {
    /// The line as given.
    pub puzzle: String,
    /// `rated`, `unsolvable` or `error` (a line that is not a puzzle).
    pub status: String,
    /// The rating's fields (see [`RatingOut`]); `None` unless rated.
    pub level: Option<String>,
    /// Score.
    pub score: Option<u64>,
    /// Sudoku Explainer estimate.
    pub se: Option<f64>,
    /// The hardest technique, by its catalogue id.
    pub hardest: Option<String>,
    /// Steps.
    pub steps: Option<usize>,
    /// Guesses.
    pub guesses: Option<usize>,
    /// Why there is no rating.
    pub error: Option<String>,
}

/// Runs `work` over items on `threads` threads (all cores when `None`), results in input
/// order. `init` makes per-worker state (a compiled solver), reused across that worker's items.
fn parallel<T: Sync, S, R: Send>(
    items: &[T],
    threads: Option<usize>,
    init: impl Fn() -> S + Sync + Send,
    work: impl Fn(&mut S, &T) -> R + Sync + Send,
) -> Vec<R> {
    use rayon::prelude::*;
    let run = || items.par_iter().map_init(&init, &work).collect::<Vec<R>>();
    match threads {
        Some(n) => match rayon::ThreadPoolBuilder::new()
            .num_threads(n.max(1))
            .build()
        {
            Ok(pool) => pool.install(run),
            Err(_) => run(),
        },
        None => run(),
    }
}

fn line_error(i: usize, e: &Problem) -> String {
    format!("line {}: {e}", i + 1)
}

/// Counts each line's solutions on all cores; one row per line, in order.
pub fn count_many(
    lines: &[String],
    variant_name: &str,
    limit: usize,
    guesses: Option<u64>,
    threads: Option<usize>,
) -> Result<Vec<CountRow>, Problem> {
    let (g, _) = variant(variant_name)?;
    let items: Vec<(usize, &String)> = lines.iter().enumerate().collect();
    Ok(parallel(
        &items,
        threads,
        || Solver::for_geometry(g.clone()),
        |solver, &(i, line)| match read_line(&g, line) {
            Ok(p) => {
                let c = count_with(solver, &p, limit.max(1), guesses);
                CountRow {
                    puzzle: line.clone(),
                    status: c.verdict,
                    solutions: c.solutions,
                    exact: Some(c.exact),
                    nodes: Some(c.stats.nodes),
                    guesses: Some(c.stats.guesses),
                    error: None,
                }
            }
            Err(e) => CountRow {
                puzzle: line.clone(),
                status: "error".into(),
                solutions: Vec::new(),
                exact: None,
                nodes: None,
                guesses: None,
                error: Some(line_error(i, &e)),
            },
        },
    ))
}

/// Rates each line on all cores; one row per line, in order.
pub fn rate_many(
    lines: &[String],
    variant_name: &str,
    threads: Option<usize>,
) -> Result<Vec<RateRow>, Problem> {
    let (g, _) = variant(variant_name)?;
    let template = Board::new(&Puzzle::empty(g.clone()));
    let items: Vec<(usize, &String)> = lines.iter().enumerate().collect();
    Ok(parallel(
        &items,
        threads,
        || (),
        |_, &(i, line)| {
            let empty = RateRow {
                puzzle: line.clone(),
                status: "error".into(),
                level: None,
                score: None,
                se: None,
                hardest: None,
                steps: None,
                guesses: None,
                error: None,
            };
            let p = match read_line(&g, line) {
                Ok(p) => p,
                Err(e) => {
                    return RateRow {
                        error: Some(line_error(i, &e)),
                        ..empty
                    };
                }
            };
            match rate_with(Some(&template), &p) {
                Ok(r) => RateRow {
                    status: "rated".into(),
                    level: Some(r.level),
                    score: Some(r.score),
                    se: r.se,
                    hardest: r.hardest.map(String::from),
                    steps: Some(r.steps),
                    guesses: Some(r.guesses),
                    ..empty
                },
                Err(e) => RateRow {
                    status: "unsolvable".into(),
                    error: Some(e.to_string()),
                    ..empty
                },
            }
        },
    ))
}
