//! The setter's help: the layout the page draws on, the true candidates with the cells still
//! open and a suggested next given, and importing f-puzzles and SudokuPad links.

use super::budget::Budget;
use super::load_work;
use crate::api::{ApiError, PuzzleRequest, Stop};
use crate::setting::{
    CandidatesResponse, ImportRequest, ImportResponse, LayoutCell, LayoutGrid, LayoutResponse,
    LayoutShape, Suggestion,
};
use shapedoku::{Solver, SymbolSet, solver};

/// The most solutions the true candidates collect: enough to weigh a suggested given, few
/// enough to keep the answer small.
const MAX_SOLUTIONS: usize = 200;

/// `layout`: cells, grids and shapes, even when the file has problems elsewhere.
pub fn layout(req: &PuzzleRequest) -> Result<LayoutResponse, ApiError> {
    let work = load_work(req, true)?;
    let g = &work.geometry;
    let sym = g.symbols();
    Ok(LayoutResponse {
        cells: (0..g.cell_count())
            .map(|c| {
                let p = g.pos(c);
                LayoutCell {
                    name: p.to_string(),
                    row: p.row,
                    col: p.col,
                }
            })
            .collect(),
        rows: g.rows(),
        cols: g.cols(),
        symbols: sym.as_string(),
        values: sym.values().to_vec(),
        flat: g.faces().is_empty(),
        grids: g
            .grids()
            .iter()
            .map(|gr| LayoutGrid {
                at: [gr.at.row, gr.at.col],
                size: gr.side(),
                height: gr.height,
                width: gr.width,
            })
            .collect(),
        shapes: g
            .shapes()
            .iter()
            .map(|s| LayoutShape {
                name: s.name.clone(),
                cells: s.cells.iter().map(|&c| c as u32).collect(),
                no_repeat: s.is_no_repeat(),
                sum: s.sum(),
            })
            .collect(),
        givens: work.puzzle.to_line(),
        partial: work.partial,
    })
}

fn stop_of(s: solver::Stop) -> Stop {
    match s {
        solver::Stop::Guesses { .. } | solver::Stop::Conflicts { .. } => Stop::GuessLimit,
        solver::Stop::Deadline => Stop::TimeLimit,
        solver::Stop::Cancelled => Stop::Cancelled,
    }
}

/// `candidates`: per cell the symbols of some solution, the cells still open, and the given
/// that keeps the fewest of the solutions found (at least one, so the puzzle stays solvable).
pub fn candidates(req: &PuzzleRequest, budget: &Budget) -> Result<CandidatesResponse, ApiError> {
    let work = load_work(req, false)?;
    let puzzle = work.current()?;
    let g = &work.geometry;
    let sym = g.symbols();
    let limits = solver::Budget {
        guesses: Some(budget.guess_limit),
        conflicts: Some(budget.guess_limit),
        deadline: Some(budget.deadline),
        cancel: Some(budget.cancel.clone()),
    };
    let tc = Solver::new(&puzzle).true_candidates(MAX_SOLUTIONS, &limits);
    let text = |s: SymbolSet| s.iter().map(|v| sym.char(v)).collect::<String>();
    let open: Vec<u32> = (0..g.cell_count())
        .filter(|&c| {
            puzzle.givens()[c].is_none()
                && (tc.possible[c].len() > 1 || !tc.undecided[c].is_empty())
        })
        .map(|c| c as u32)
        .collect();
    // How many of the solutions found keep each open cell's symbols: the fewest wins, ties to
    // the cell with the most symbols open, then the first cell.
    let n = tc.solutions.len();
    let mut suggestion: Option<(usize, usize, usize, u8)> = None;
    if n > 1 {
        for &c in &open {
            let c = c as usize;
            let mut counts = vec![0usize; sym.len()];
            for s in &tc.solutions {
                counts[s.as_indices()[c] as usize] += 1;
            }
            let width = tc.possible[c].len() as usize;
            for (v, &k) in counts.iter().enumerate() {
                if k == 0 || k == n {
                    continue;
                }
                let better =
                    suggestion.is_none_or(|(bk, bw, _, _)| k < bk || (k == bk && width > bw));
                if better {
                    suggestion = Some((k, width, c, v as u8));
                }
            }
        }
    }
    Ok(CandidatesResponse {
        possible: tc.possible.iter().map(|&s| text(s)).collect(),
        undecided: tc.undecided.iter().map(|&s| text(s)).collect(),
        complete: tc.is_complete(),
        open,
        solutions_found: n,
        capped: tc.capped,
        suggestion: suggestion.map(|(keeps, _, c, v)| Suggestion {
            cell: c as u32,
            name: g.pos(c).to_string(),
            symbol: sym.char(v).to_string(),
            keeps,
            of: n,
        }),
        stopped: tc.stopped.map(stop_of),
        elapsed_ms: budget.used_ms(),
    })
}

/// `import`: an f-puzzles or SudokuPad link as a puzzle file.
pub fn import(req: &ImportRequest) -> Result<ImportResponse, ApiError> {
    let imported = shapedoku::import::import(&req.link)
        .map_err(|e| ApiError::unprocessable(format!("cannot import: {e}"), vec![]))?;
    Ok(ImportResponse {
        toml: imported.toml,
        format: imported.format.name().to_string(),
        left_out: imported.left_out,
        readings: imported.readings,
    })
}
