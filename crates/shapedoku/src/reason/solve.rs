//! The logical solve: the simplest step available, applied until the puzzle is solved, and
//! every step of a board for hints and tools.

use super::board::Board;
use super::catalogue::Technique;
use super::finder::Finder;
use super::registry::{Order, registry, registry_in};
use super::step::Step;
use crate::puzzle::Puzzle;
use crate::solver::{Budget, Stop};

/// Every step the searches find on a board, up to `limit` per search, in [`registry`] order;
/// with a technique, only the steps of that technique (from the searches that can find it).
/// For tests, hints that list alternatives, and tools.
pub fn all_steps(board: &Board, technique: Option<Technique>, limit: usize) -> Vec<Step> {
    let mut out = Vec::new();
    for search in registry() {
        if technique.is_some_and(|t| !search.techniques.contains(&t)) {
            continue;
        }
        let mut f = Finder::new(limit);
        (search.find)(board, &mut f);
        out.extend(
            f.steps
                .into_iter()
                .filter(|s| technique.is_none_or(|t| s.technique() == t)),
        );
    }
    out
}

/// The result of a logical solve.
#[derive(Debug, Clone)]
pub struct LogicalRun {
    /// The board the run started from (the rating replays the steps on it).
    pub start: Board,
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The final board.
    pub board: Board,
    /// The limit of the budget that stopped the solve before it ended, if one did.
    pub stopped: Option<Stop>,
    /// The order the techniques were tried in (the rating looks at the searches after a
    /// step's own in this order).
    pub order: Order,
}

/// The simplest step available on a board, if any technique applies: from the first search
/// that finds a step, the instance of the first-found technique that eliminates most (as
/// HoDoKu chooses), the earliest found on a tie.
pub fn next_step(board: &Board) -> Option<Step> {
    next_step_within(board, &Budget::default()).unwrap_or(None)
}

/// The simplest step available on a board within `budget`: `Err` with the limit that ran out
/// when the searches were stopped before one found a step.
pub fn next_step_within(board: &Board, budget: &Budget) -> Result<Option<Step>, Stop> {
    next_step_in(board, Order::Default, budget)
}

/// [`next_step_within`] with the techniques tried in `order`.
///
/// ```
/// use shapedoku::{builtin, Puzzle, reason::{self, Board, Order}, solver::Budget};
/// let g = builtin::geometry("classic").unwrap();
/// let p = Puzzle::from_line(g, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").unwrap();
/// let step = reason::next_step_in(&Board::new(&p), Order::Hodoku, &Budget::default());
/// assert_eq!(step.unwrap().unwrap().technique(), reason::Technique::NakedSingle);
/// ```
pub fn next_step_in(board: &Board, order: Order, budget: &Budget) -> Result<Option<Step>, Stop> {
    // The clock is read once here, not before every search: most steps are found by the
    // first, cheap searches, and a long search watches the clock itself.
    if let Some(why) = budget.expired() {
        return Err(why);
    }
    for search in registry_in(order) {
        let mut f = Finder::after_clock(search.choose_among, budget);
        (search.find)(board, &mut f);
        let stopped = f.stopped();
        if let Some(s) = choose(f.steps) {
            return Ok(Some(s));
        }
        if let Some(why) = stopped {
            return Err(why);
        }
    }
    Ok(None)
}

/// The step a search's instances offer: of the first instance's technique, the one that
/// changes most, the earliest on a tie (so the choice is deterministic).
fn choose(steps: Vec<Step>) -> Option<Step> {
    let technique = steps.first()?.technique();
    let size = |s: &Step| s.eliminations.len() + s.placements.len();
    let mut best: Option<Step> = None;
    for s in steps.into_iter().filter(|s| s.technique() == technique) {
        if best.as_ref().is_none_or(|b| size(&s) > size(b)) {
            best = Some(s);
        }
    }
    best
}

/// Solves a puzzle step by step with the simplest technique available each time. The
/// uniqueness techniques take part when the puzzle is proved to have one solution first.
pub fn solve(puzzle: &Puzzle) -> LogicalRun {
    let mut board = Board::new(puzzle);
    let unique = crate::Solver::new(puzzle).count(2).verdict() == crate::Verdict::Unique;
    board.set_known_unique(unique);
    solve_board(board)
}

/// Solves from a board (for example one made with [`Board::with_puzzle`] to reuse tables).
pub fn solve_board(board: Board) -> LogicalRun {
    solve_board_within(board, &Budget::default())
}

/// [`solve_board`] within a budget: when its deadline passes, its flag is raised or a guess's
/// count runs out of guesses, the run ends there with [`LogicalRun::stopped`] saying why.
///
/// ```
/// use shapedoku::{builtin, Puzzle, reason::{self, Board}, solver::{Budget, Stop}};
/// use std::time::Instant;
/// let g = builtin::geometry("classic").unwrap();
/// let run = reason::solve_board_within(Board::new(&Puzzle::empty(g)), &Budget::default().with_deadline(Instant::now()));
/// assert_eq!(run.stopped, Some(Stop::Deadline));
/// assert!(!run.board.is_solved());
/// ```
pub fn solve_board_within(board: Board, budget: &Budget) -> LogicalRun {
    solve_board_in(board, Order::Default, budget)
}

/// [`solve_board_within`] with the techniques tried in `order`.
pub fn solve_board_in(mut board: Board, order: Order, budget: &Budget) -> LogicalRun {
    let start = board.clone();
    let mut steps = Vec::new();
    let mut stopped = None;
    while !board.is_solved() && !board.is_broken() {
        match next_step_in(&board, order, budget) {
            Ok(Some(step)) => {
                board.apply(&step);
                steps.push(step);
            }
            Ok(None) => break,
            Err(why) => {
                stopped = Some(why);
                break;
            }
        }
    }
    LogicalRun {
        start,
        steps,
        board,
        stopped,
        order,
    }
}
