//! A deliberately simple reference solver, used to cross-check the fast [`crate::Solver`].
//!
//! It fills empty cells in index order, tries every symbol the puzzle allows there, and after each placement checks
//! every shape that contains the cell: no symbol twice in a no-repeat shape, a complete sum
//! shape adds up to its total, and every rule beyond shapes holds between the filled cells. No propagation, no heuristics: slow, but easy to trust. Use it
//! only on small puzzles (a few dozen empty cells).
//!
//! ```
//! use shapedoku::{builtin, oracle, Puzzle};
//! let g = builtin::geometry("4x4").unwrap();
//! let p = Puzzle::from_line(g, "12.. 3... ...2 ..1.").unwrap();
//! let solutions = oracle::solutions(&p, 2);
//! assert_eq!(solutions.len(), 1);
//! assert!(p.verify(&solutions[0]).is_ok());
//! ```

use crate::geometry::Rule;
use crate::puzzle::Puzzle;

/// Up to `limit` solutions of `puzzle` (each a symbol index per cell), found by plain
/// backtracking. Fewer than `limit` means these are all the solutions.
pub fn solutions(puzzle: &Puzzle, limit: usize) -> Vec<Vec<u8>> {
    solutions_within(puzzle, limit, u64::MAX).expect("an unbounded search always finishes")
}

/// As [`solutions`], but giving up (`None`) after trying `max_tries` placements. A property
/// test that draws near-empty grids meets puzzles whose refutation takes this plain search
/// millions of placements (a 6x6 grid with no solution and a few givens: up to minutes, where
/// the fast solver takes microseconds), so it bounds the reference's work, in placements
/// rather than time so that the verdict is the same on every machine.
///
/// ```
/// use shapedoku::{builtin, oracle, Puzzle};
/// let g = builtin::geometry("4x4").unwrap();
/// let p = Puzzle::from_line(g, "12.. 3... ...2 ..1.").unwrap();
/// assert_eq!(oracle::solutions_within(&p, 2, 1_000_000).map(|s| s.len()), Some(1));
/// assert_eq!(oracle::solutions_within(&p, 2, 3), None);
/// ```
pub fn solutions_within(puzzle: &Puzzle, limit: usize, max_tries: u64) -> Option<Vec<Vec<u8>>> {
    let g = puzzle.geometry();
    let n = g.symbol_count() as u8;
    let mut grid: Vec<Option<u8>> = puzzle.givens().to_vec();
    let mut out = Vec::new();
    // Givens must already be consistent: check each shape once with all givens in place.
    let consistent = (0..g.cell_count()).all(|c| grid[c].is_none() || fits(puzzle, &grid, c));
    if consistent && limit > 0 {
        let empty: Vec<usize> = (0..g.cell_count()).filter(|&c| grid[c].is_none()).collect();
        let mut tries = max_tries;
        fill(puzzle, &mut grid, &empty, 0, n, limit, &mut out, &mut tries);
        if tries == 0 {
            return None;
        }
    }
    Some(out)
}

/// Number of solutions, counting no further than `limit`.
pub fn count(puzzle: &Puzzle, limit: usize) -> usize {
    solutions(puzzle, limit).len()
}

/// As [`count`], but `None` once `max_tries` placements are tried ([`solutions_within`]).
pub fn count_within(puzzle: &Puzzle, limit: usize, max_tries: u64) -> Option<usize> {
    solutions_within(puzzle, limit, max_tries).map(|s| s.len())
}

// One recursive walk: its state is passed down rather than bundled, to keep the reference plain.
#[allow(clippy::too_many_arguments)]
fn fill(
    puzzle: &Puzzle,
    grid: &mut Vec<Option<u8>>,
    empty: &[usize],
    k: usize,
    n: u8,
    limit: usize,
    out: &mut Vec<Vec<u8>>,
    tries: &mut u64,
) {
    let Some(&cell) = empty.get(k) else {
        out.push(
            grid.iter()
                .map(|v| v.expect("every cell is filled"))
                .collect(),
        );
        return;
    };
    let allowed = puzzle.candidates(crate::CellId::new(cell));
    for s in (0..n).filter(|&s| allowed.contains(s)) {
        if *tries == 0 {
            break;
        }
        *tries -= 1;
        grid[cell] = Some(s);
        if fits(puzzle, grid, cell) {
            fill(puzzle, grid, empty, k + 1, n, limit, out, tries);
            if out.len() >= limit || *tries == 0 {
                break;
            }
        }
    }
    grid[cell] = None;
}

/// Whether every shape through `cell` is still satisfiable as far as the filled cells show.
fn fits(puzzle: &Puzzle, grid: &[Option<u8>], cell: usize) -> bool {
    let g = puzzle.geometry();
    let v = grid[cell].expect("cell is filled");
    for &si in g.shapes_of(cell) {
        let shape = g.shape(si as usize);
        if shape.is_no_repeat() && shape.cells.iter().any(|&o| o != cell && grid[o] == Some(v)) {
            return false;
        }
        if let Rule::Sum { total, .. } = shape.rule {
            let filled: Option<Vec<u8>> = shape.cells.iter().map(|&o| grid[o]).collect();
            if let Some(vals) = filled {
                let sum: i64 = vals.iter().map(|&x| g.symbols().value(x)).sum();
                if sum != total {
                    return false;
                }
            }
        }
    }
    let value = |c: crate::CellId| grid[c.index()];
    g.constraints().iter().all(|r| r.holds(g, &value))
}
