//! The last resort: a guess. When no technique applies, the cell with the fewest candidates
//! (the first such cell) gets the value the puzzle's solution has there, found by the counting
//! solver. The step says plainly that it is a guess; logic then continues from it.
//!
//! ```
//! use shapedoku::{builtin, Puzzle, reason::{Board, Finder, last_resort::guess, Technique}};
//! let g = builtin::geometry("classic").unwrap();
//! let p = Puzzle::from_line(g, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").unwrap();
//! let mut f = Finder::new(1);
//! guess::find(&Board::new(&p), &mut f);
//! assert_eq!(f.steps[0].technique(), Technique::Guess);
//! ```

use crate::reason::board::Board;
use crate::reason::finder::Finder;
use crate::reason::step::{Candidate, Deduction, Step};
use crate::{CellId, Puzzle, Solver};

/// Guesses one cell's value (the solution's), if the board still has a solution.
pub fn find(board: &Board, f: &mut Finder) {
    let g = board.geometry();
    let Some(cell) = (0..g.cell_count())
        .filter(|&c| board.value(c).is_none())
        .min_by_key(|&c| (board.candidates(c).len(), c))
    else {
        return;
    };
    let Ok(mut puzzle) = Puzzle::new(g.clone(), board.values().to_vec()) else {
        return;
    };
    let mut count = Solver::new(&puzzle).count_with(1, f.budget());
    let fits = |s: &[u8]| {
        (0..s.len()).all(|c| board.value(c).is_some() || board.candidates(c).contains(s[c]))
    };
    if count.solutions.first().is_some_and(|s| !fits(s)) {
        // A solution of the placed values that leaves the board's candidates (a puzzle's
        // narrowed cells) may not be the puzzle's: search again within them.
        let open = (0..g.cell_count()).filter(|&c| board.value(c).is_none());
        for c in open {
            if puzzle
                .set_candidates(CellId::new(c), board.candidates(c))
                .is_err()
            {
                return;
            }
        }
        count = Solver::new(&puzzle).count_with(1, f.budget());
    }
    if let Some(why) = count.stopped {
        f.stop(why);
    }
    let Some(solution) = count.solutions.into_iter().next() else {
        return;
    };
    let v = solution[cell];
    if !board.candidates(cell).contains(v) {
        return; // the pencil marks contradict the search: refuse to guess
    }
    f.push(Step::placing(
        Candidate::at(cell, v),
        Deduction::Guess {
            cell: CellId::new(cell),
            options: board.candidates(cell),
        },
    ));
}
