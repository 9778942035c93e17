//! Human-style reasoning: techniques that work on any shapes, each in its own file, producing
//! [`Step`]s as data; [`solve`] applies the simplest available step until the puzzle is solved.
//!
//! ```
//! use shapedoku::{builtin, Puzzle, reason};
//! let g = builtin::geometry("classic").unwrap();
//! let p = Puzzle::from_line(g, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").unwrap();
//! let run = reason::solve(&p);
//! assert!(run.board.is_solved());
//! assert!(run.steps.iter().all(|s| s.technique != reason::Technique::Guess));
//! ```

mod board;
mod cages;
mod chains;
pub mod explain;
pub mod fish;
mod forcing;
pub mod guess;
mod innies;
pub mod overlap;
pub mod rate;
pub mod singles;
mod step;
pub mod subsets;
#[cfg(test)]
mod test_util;
#[cfg(test)]
mod tests;
mod wings;

pub use board::{Board, OverlapPair, Tables};
pub use step::{Broken, Detail, Step, Technique};

use crate::puzzle::Puzzle;

/// Collects the steps a technique finds, up to a limit.
#[derive(Debug)]
pub struct Finder {
    /// Steps found so far.
    pub steps: Vec<Step>,
    limit: usize,
}

impl Finder {
    /// A finder that stops after `limit` steps.
    pub fn new(limit: usize) -> Self {
        Finder {
            steps: Vec::new(),
            limit: limit.max(1),
        }
    }
    /// Records a step (empty steps are dropped); returns whether the technique should go on
    /// looking.
    pub fn push(&mut self, step: Step) -> bool {
        if !step.is_empty() {
            self.steps.push(step);
        }
        self.steps.len() < self.limit
    }
    /// Whether the limit is reached.
    pub fn is_full(&self) -> bool {
        self.steps.len() >= self.limit
    }
}

/// A technique's search function: finds steps on a board.
pub type FindFn = fn(&Board, &mut Finder);

/// Every technique's search function, simplest first. The logical solver tries them in this
/// order and applies the first step found. Hidden singles come before naked singles, as in
/// Sudoku Explainer (people spot them first); subsets go by size, pairs before triples.
pub fn techniques() -> &'static [(Technique, FindFn)] {
    &[
        (Technique::FullHouse, singles::full_house),
        (Technique::HiddenSingle, singles::hidden_single),
        (Technique::NakedSingle, singles::naked_single),
        (Technique::ShapeOverlap, overlap::find),
        (Technique::NakedSubset, subsets::naked_pairs),
        (Technique::HiddenSubset, subsets::hidden_pairs),
        (Technique::NakedSubset, subsets::naked_triples),
        (Technique::HiddenSubset, subsets::hidden_triples),
        (Technique::NakedSubset, subsets::naked_quads),
        (Technique::HiddenSubset, subsets::hidden_quads),
        (Technique::CageCombination, cages::find_combinations),
        (Technique::Innies, innies::find),
        (Technique::CageOverlap, cages::find_overlap),
        (Technique::Fish, fish::find),
        (Technique::SimpleChain, chains::find_simple),
        (Technique::XyWing, wings::find_xy),
        (Technique::XyzWing, wings::find_xyz),
        (Technique::XChain, chains::find_x),
        (Technique::XyChain, chains::find_xy),
        (Technique::Aic, chains::find_aic),
        (Technique::ForcingChain, forcing::find),
        (Technique::Guess, guess::find),
    ]
}

/// Every step the techniques find on a board, up to `limit` per technique entry, in
/// [`techniques`] order. For tests, hints that list alternatives, and tools.
pub fn all_steps(board: &Board, technique: Option<Technique>, limit: usize) -> Vec<Step> {
    let mut out = Vec::new();
    for &(t, find) in techniques() {
        if technique.is_some_and(|x| x != t) {
            continue;
        }
        let mut f = Finder::new(limit);
        find(board, &mut f);
        out.append(&mut f.steps);
    }
    out
}

/// The result of a logical solve.
#[derive(Debug, Clone)]
pub struct LogicalRun {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The final board.
    pub board: Board,
}

/// The simplest step available on a board, if any technique applies.
pub fn next_step(board: &Board) -> Option<Step> {
    for &(_, find) in techniques() {
        let mut f = Finder::new(1);
        find(board, &mut f);
        if let Some(s) = f.steps.into_iter().next() {
            return Some(s);
        }
    }
    None
}

/// Solves a puzzle step by step with the simplest technique available each time.
pub fn solve(puzzle: &Puzzle) -> LogicalRun {
    solve_board(Board::new(puzzle))
}

/// Solves from a board (for example one made with [`Board::with_puzzle`] to reuse tables).
pub fn solve_board(mut board: Board) -> LogicalRun {
    let mut steps = Vec::new();
    while !board.is_solved() && !board.is_broken() {
        let Some(step) = next_step(&board) else { break };
        board.apply(&step);
        steps.push(step);
    }
    LogicalRun { steps, board }
}
