//! Printing from the page: puzzle files as a PDF, one puzzle a page as `render -o x.pdf` makes
//! it, or a booklet as `shapedoku booklet` makes it. The pages are the library's
//! (`render::paper`), the PDF too (`render::pdf`); here each booklet puzzle is proved unique and
//! rated, as `rate` does, within the request's budget.

use super::budget::{self, Budget};
use super::learn::run;
use super::{DEFAULT_NAME, load_work};
use crate::api::{ApiError, PuzzleRequest, Stop};
use crate::setting::{PRINT_MAX_PUZZLES, PrintRequest, PrintResponse, PrintedPuzzle};
use base64::Engine as _;
use shapedoku::export::Meta;
use shapedoku::reason::{Board, rate};
use shapedoku::render::paper::{self, BookletOptions, Entry, Paper};
use shapedoku::render::{self, RenderOptions};
use shapedoku::{Puzzle, Verdict};

/// What the booklet says of one puzzle: its difficulty and solution, or why it has none.
struct Known {
    note: String,
    solution: Option<Vec<u8>>,
}

/// Proves the puzzle unique and rates its logical solve, as `shapedoku booklet` does; a limit
/// reached is `undecided` (and the stop is kept for the answer).
fn study(puzzle: &Puzzle, budget: &Budget, stopped: &mut Option<Stop>) -> Known {
    let undecided = |s: Stop, stopped: &mut Option<Stop>| {
        stopped.get_or_insert(s);
        Known {
            note: "undecided".into(),
            solution: None,
        }
    };
    let b = budget::count(puzzle, 2, budget);
    let solution = match b.count.verdict() {
        Verdict::Unique => b.count.solutions[0].to_vec(),
        Verdict::NoSolution => {
            return Known {
                note: "no solution".into(),
                solution: None,
            };
        }
        Verdict::Several | Verdict::AtLeastOne => {
            return Known {
                note: "several solutions".into(),
                solution: None,
            };
        }
        Verdict::Undecided => return undecided(b.stop.unwrap_or(Stop::GuessLimit), stopped),
    };
    // Booklets rate in the default order, as `shapedoku booklet` does.
    let (logical, stop) = run(
        Board::new(puzzle),
        budget,
        shapedoku::reason::Order::Default,
    );
    if let Some(s) = stop {
        return undecided(s, stopped);
    }
    let rating = rate::rate_run(puzzle.geometry(), &logical);
    Known {
        note: format!("{}, score {}", rating.level, rating.score),
        solution: Some(solution),
    }
}

/// `print`: the files' puzzles as a PDF. A file with problems, or a variant file without
/// givens, is a 422 naming which (by its place in the list).
pub fn print(req: &PrintRequest, budget: &Budget) -> Result<PrintResponse, ApiError> {
    if req.puzzles.is_empty() || req.puzzles.len() > PRINT_MAX_PUZZLES {
        return Err(ApiError::bad_request(format!(
            "puzzles: {} given; print takes 1 to {PRINT_MAX_PUZZLES}",
            req.puzzles.len()
        )));
    }
    let per_page = req.per_page.unwrap_or(2);
    if !(1..=12).contains(&per_page) {
        return Err(ApiError::bad_request(format!(
            "per_page: {per_page}; a page holds 1 to 12 puzzles"
        )));
    }
    let paper = match req.paper.as_deref() {
        None => Paper::A4,
        Some(name) => Paper::from_name(name)
            .ok_or_else(|| ApiError::bad_request(format!("paper: `{name}`; use a4 or letter")))?,
    };
    let mut works = Vec::with_capacity(req.puzzles.len());
    for (i, text) in req.puzzles.iter().enumerate() {
        let name = if req.puzzles.len() == 1 {
            DEFAULT_NAME.to_string()
        } else {
            format!("puzzle {}", i + 1)
        };
        let r = PuzzleRequest {
            toml: text.clone(),
            name: Some(name.clone()),
            ..PuzzleRequest::default()
        };
        let work = load_work(&r, false).map_err(|mut e| {
            e.error = format!("{name}: {}", e.error);
            e
        })?;
        if !work.is_puzzle {
            return Err(ApiError::unprocessable(
                format!("{name}: a variant file has no puzzle to print; give some cells first"),
                vec![],
            ));
        }
        let title = Meta::from_file(text, &work.geometry)
            .title
            .unwrap_or_else(|| work.geometry.name().to_string());
        works.push((work, title));
    }
    let mut stopped = None;
    let (pages, printed) = if req.booklet {
        let known: Vec<Known> = works
            .iter()
            .map(|(w, _)| study(&w.puzzle, budget, &mut stopped))
            .collect();
        let entries: Vec<Entry<'_>> = works
            .iter()
            .zip(&known)
            .map(|((w, title), k)| Entry {
                puzzle: &w.puzzle,
                title: title.clone(),
                note: Some(k.note.clone()),
                solution: k.solution.as_deref(),
            })
            .collect();
        let opts = BookletOptions {
            paper,
            per_page,
            solutions: req.solutions.unwrap_or(true),
            title: req.title.clone().filter(|t| !t.trim().is_empty()),
            ..BookletOptions::default()
        };
        let printed = works
            .iter()
            .zip(&known)
            .map(|((_, title), k)| PrintedPuzzle {
                title: title.clone(),
                note: Some(k.note.clone()),
            })
            .collect();
        (paper::booklet(&entries, &opts), printed)
    } else {
        let pages = works
            .iter()
            .map(|(w, title)| {
                let opts = RenderOptions {
                    title: Some(title.clone()),
                    ..RenderOptions::default()
                };
                paper::page(&w.puzzle, &opts, paper)
            })
            .collect();
        let printed = works
            .iter()
            .map(|(_, title)| PrintedPuzzle {
                title: title.clone(),
                note: None,
            })
            .collect();
        (pages, printed)
    };
    let doc_title = req
        .title
        .clone()
        .filter(|t| !t.trim().is_empty())
        .or_else(|| works.first().map(|(_, t)| t.clone()));
    let bytes =
        render::pdf(&pages, doc_title.as_deref()).map_err(|e| ApiError::internal(e.to_string()))?;
    Ok(PrintResponse {
        pdf: base64::engine::general_purpose::STANDARD.encode(bytes),
        pages: pages.len(),
        puzzles: printed,
        stopped,
        elapsed_ms: budget.used_ms(),
    })
}
