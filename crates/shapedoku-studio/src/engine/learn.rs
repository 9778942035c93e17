//! Solving as a learner: the next step from a solver's board (`hint`), every step to the end
//! (`steps`) and the rating (`rate`), each within the request's budget.
//!
//! The logical solver is run one step at a time here, checking the budget between steps, since
//! the library's reasoner has no budget of its own yet. A guess step calls the counting solver
//! without limits; it is only reached on a board whose one solution the budgeted count has
//! already found, where that search is short.

use super::budget::Budget;
use super::{Work, board_view, cell_symbol, draw, load_work, unique_solution};
use crate::api::{
    self, ApiError, HintResponse, Mistake, PuzzleRequest, RateResponse, StepView, StepsResponse,
    Stop,
};
use shapedoku::reason::explain;
use shapedoku::reason::rate::{self, Rating};
use shapedoku::reason::{self, Board, Candidate, Deduction, LogicalRun, Step};
use shapedoku::render;
use shapedoku::{CellId, Geometry, ShapeId, Symbol};

/// The cells and shapes a step rests on, and its placements and eliminations, as a highlight.
/// A forcing chain shows the cells it assumes and forces too.
fn highlight(step: &Step) -> api::Highlight {
    let mut cells: Vec<CellId> = step.placements.iter().map(|p| p.cell).collect();
    cells.extend(step.deduction.cells());
    if let Deduction::ForcingChain {
        assumed, implied, ..
    } = &step.deduction
    {
        cells.push(assumed.cell);
        cells.extend(implied.iter().map(|p| p.cell));
    }
    cells.sort_unstable();
    cells.dedup();
    api::Highlight {
        cells: cells.into_iter().map(|c| c.index() as u32).collect(),
        shapes: step
            .deduction
            .shapes()
            .into_iter()
            .map(|s| s.index() as u32)
            .collect(),
        placements: Vec::new(),
        eliminations: Vec::new(),
    }
}

/// A step as the API shows it.
fn step_view(g: &Geometry, step: &Step) -> StepView {
    let pairs = |list: &[Candidate]| {
        list.iter()
            .map(|p| cell_symbol(g, p.cell.index(), p.symbol.index() as u8))
            .collect()
    };
    let placements: Vec<api::CellSymbol> = pairs(&step.placements);
    let eliminations: Vec<api::CellSymbol> = pairs(&step.eliminations);
    let mut h = highlight(step);
    h.placements.clone_from(&placements);
    h.eliminations.clone_from(&eliminations);
    let technique = step.technique();
    StepView {
        technique: technique.id().to_string(),
        name: technique.name().to_string(),
        text: explain::text(g, step),
        compact: explain::compact(g, step),
        why: explain::why(g, step),
        level: technique.level().name().to_string(),
        placements,
        eliminations,
        highlight: h,
    }
}

/// The renderer's form of an API highlight made from a step (ids already valid).
fn render_highlight(h: &api::Highlight, g: &Geometry) -> render::Highlight {
    let pair = |p: &api::CellSymbol| {
        let v = p
            .symbol
            .chars()
            .next()
            .and_then(|ch| g.symbols().index_of(ch))
            .unwrap_or(0);
        (CellId::new(p.cell as usize), Symbol::new(v as usize))
    };
    render::Highlight {
        cells: h.cells.iter().map(|&c| CellId::new(c as usize)).collect(),
        shapes: h.shapes.iter().map(|&s| ShapeId::new(s as usize)).collect(),
        placements: h.placements.iter().map(pair).collect(),
        eliminations: h.eliminations.iter().map(pair).collect(),
    }
}

/// Entries and candidate lists that contradict the solution.
fn mistakes(work: &Work, solution: &[u8]) -> Vec<Mistake> {
    let g = &work.geometry;
    let mut out = Vec::new();
    for (c, &right) in solution.iter().enumerate().take(g.cell_count()) {
        if work.puzzle.givens()[c].is_some() {
            continue;
        }
        let name = g.pos(c).to_string();
        if let Some(v) = work.values[c] {
            if v != right {
                out.push(Mistake {
                    cell: c as u32,
                    text: format!(
                        "{name} = {} is not the solution's value",
                        g.symbols().char(v)
                    ),
                    name,
                });
            }
        } else if let Some(set) = work.candidates[c] {
            if !set.contains(right) {
                out.push(Mistake {
                    cell: c as u32,
                    text: format!("{name}: the candidates leave out the solution's value"),
                    name,
                });
            }
        }
    }
    out
}

fn stopped_hint(stop: Stop) -> HintResponse {
    HintResponse {
        outcome: "stopped".into(),
        step: None,
        mistakes: Vec::new(),
        after: None,
        svg: None,
        stopped: Some(stop),
    }
}

/// `hint`: the simplest next step from the solver's board, drawn on the board before it.
pub fn hint(req: &PuzzleRequest, budget: &Budget) -> Result<HintResponse, ApiError> {
    let work = load_work(req, false)?;
    let g = work.geometry.clone();
    let solution = match unique_solution(&work, budget)? {
        Ok(s) => s,
        Err(stop) => return Ok(stopped_hint(stop)),
    };
    let board = work.board()?;
    // The drawing shows the candidates the solver keeps, not the board's own: a hint should
    // not fill in pencil marks nobody asked for.
    let cands: Vec<_> = work
        .candidates
        .iter()
        .map(|c| c.unwrap_or_default())
        .collect();
    let wrong = mistakes(&work, &solution);
    if !wrong.is_empty() {
        let h = render::Highlight {
            cells: wrong.iter().map(|m| CellId::new(m.cell as usize)).collect(),
            ..render::Highlight::default()
        };
        return Ok(HintResponse {
            outcome: "mistakes".into(),
            step: None,
            mistakes: wrong,
            after: None,
            svg: Some(draw(&work, Some(&cands), h, None, 48)),
            stopped: None,
        });
    }
    let mut outcome = HintResponse {
        outcome: "solved".into(),
        step: None,
        mistakes: Vec::new(),
        after: Some(board_view(&board)),
        svg: None,
        stopped: None,
    };
    if board.is_solved() {
        return Ok(outcome);
    }
    if let Err(stop) = budget.check() {
        return Ok(stopped_hint(stop));
    }
    let Some(step) = next_step(&board, req.technique_order()?) else {
        outcome.outcome = "stuck".into();
        return Ok(outcome);
    };
    let view = step_view(&g, &step);
    let svg = draw(
        &work,
        Some(&cands),
        render_highlight(&view.highlight, &g),
        None,
        48,
    );
    let mut after = board;
    after.apply(&step);
    Ok(HintResponse {
        outcome: "step".into(),
        step: Some(view),
        mistakes: Vec::new(),
        after: Some(board_view(&after)),
        svg: Some(svg),
        stopped: None,
    })
}

/// The simplest next step in `order`. The searches run without limits of their own: the budget
/// is checked between steps (see the module's note).
fn next_step(board: &Board, order: reason::Order) -> Option<Step> {
    reason::next_step_in(board, order, &shapedoku::solver::Budget::default()).unwrap_or(None)
}

/// Runs the logical solver from a board, one step at a time in `order`, until solved, stuck or
/// stopped, checking the budget between steps.
pub(super) fn run(
    mut board: Board,
    budget: &Budget,
    order: reason::Order,
) -> (LogicalRun, Option<Stop>) {
    let start = board.clone();
    let mut steps = Vec::new();
    let mut stop = None;
    while !board.is_solved() && !board.is_broken() {
        if let Err(s) = budget.check() {
            stop = Some(s);
            break;
        }
        let Some(step) = next_step(&board, order) else {
            break;
        };
        board.apply(&step);
        steps.push(step);
    }
    (
        LogicalRun {
            start,
            steps,
            board,
            stopped: None,
            order,
        },
        stop,
    )
}

fn rating_view(r: &Rating, stop: Option<Stop>, budget: &Budget) -> RateResponse {
    RateResponse {
        score: r.score,
        level: r.level.name().to_string(),
        hardest: r.hardest.map(|t| t.name().to_string()).unwrap_or_default(),
        se: r.se,
        steps: r.steps,
        guesses: r.guesses,
        solved: r.solved,
        stopped: stop,
        elapsed_ms: budget.used_ms(),
    }
}

fn stopped_rating(stop: Stop, budget: &Budget) -> RateResponse {
    RateResponse {
        score: 0,
        level: String::new(),
        hardest: String::new(),
        se: None,
        steps: 0,
        guesses: 0,
        solved: false,
        stopped: Some(stop),
        elapsed_ms: budget.used_ms(),
    }
}

/// `steps`: every step from the solver's board to the end, with the rating of that run.
pub fn steps(req: &PuzzleRequest, budget: &Budget) -> Result<StepsResponse, ApiError> {
    let work = load_work(req, false)?;
    let g = work.geometry.clone();
    let solution = match unique_solution(&work, budget)? {
        Ok(s) => s,
        Err(stop) => {
            return Ok(StepsResponse {
                steps: Vec::new(),
                solved: false,
                rating: None,
                stopped: Some(stop),
                elapsed_ms: budget.used_ms(),
            });
        }
    };
    let wrong = mistakes(&work, &solution);
    if let Some(m) = wrong.first() {
        let more = match wrong.len() {
            1 => String::new(),
            n => format!(" (and {} more)", n - 1),
        };
        return Err(ApiError::unprocessable(
            format!("{}{more}; fix the entries first", m.text),
            vec![],
        ));
    }
    let (run, stop) = run(work.board()?, budget, req.technique_order()?);
    let rating = rate::rate_run(&g, &run);
    Ok(StepsResponse {
        steps: run.steps.iter().map(|s| step_view(&g, s)).collect(),
        solved: run.board.is_solved(),
        rating: stop.is_none().then(|| rating_view(&rating, None, budget)),
        stopped: stop,
        elapsed_ms: budget.used_ms(),
    })
}

/// `rate`: the difficulty of the file's puzzle (values and candidates are not used).
pub fn rate(req: &PuzzleRequest, budget: &Budget) -> Result<RateResponse, ApiError> {
    let work = load_work(req, false)?;
    if let Err(stop) = unique_solution(&work, budget)? {
        return Ok(stopped_rating(stop, budget));
    }
    let (run, stop) = run(Board::new(&work.puzzle), budget, req.technique_order()?);
    match stop {
        Some(s) => Ok(stopped_rating(s, budget)),
        None => Ok(rating_view(
            &rate::rate_run(&work.geometry, &run),
            None,
            budget,
        )),
    }
}
