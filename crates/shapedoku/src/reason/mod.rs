//! Human-style reasoning: techniques that work on any shapes, producing [`Step`]s as data;
//! [`solve`] applies the simplest available step until the puzzle is solved.
//!
//! The shared parts, which know no technique:
//! - [`step`]: what a step is ([`Step`], [`Deduction`]: one variant per technique, ids typed);
//! - [`catalogue`]: one row per [`Technique`]: id, name, weight, level, Sudoku Explainer value;
//! - `board` ([`Board`]: values, candidates, per-geometry tables, the searches' memos) and
//!   `finder` ([`Finder`]: what a search fills, within a limit and a budget);
//! - [`explain`]: the ways of writing a step (text, compact, teaching) and its JSON view;
//! - [`rate`]: the rating, from the steps and the catalogue.
//!
//! The techniques, one folder per family, each file a search with no words in it: `basics`
//! (singles, shape overlaps, locked and naked/hidden subsets), `rules` (sum cages, innies and
//! outies, the other rule kinds), `fish` (basic, Franken, finned, siamese, kraken), `chains`
//! (simple chains, empty rectangles, X/XY-chains and AICs, grouped chains, nice loops, forcing
//! chains), `wings` (XY, XYZ, W, WXYZ), `als` (almost locked sets, Sue de Coq), `colouring`
//! (remote pairs, simple colours, multi-colours, 3D Medusa), `uniqueness` (unique, hidden and
//! avoidable rectangles, BUG+1) and `last_resort` (templates, the guess). They depend on the
//! shared parts and on each other's helpers, never on this module.
//!
//! On top: [`registry`] (`registry.rs`), the searches in the order the solver tries them, the
//! one place that names every family's searches; and the solve itself (`solve.rs`).
//!
//! ```
//! use shapedoku::{builtin, Puzzle, reason};
//! let g = builtin::geometry("classic").unwrap();
//! let p = Puzzle::from_line(g, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").unwrap();
//! let run = reason::solve(&p);
//! assert!(run.board.is_solved());
//! assert!(run.steps.iter().all(|s| s.technique() != reason::Technique::Guess));
//! ```

mod als;
pub mod basics;
mod board;
pub mod catalogue;
mod chains;
mod colouring;
mod deduction;
pub mod explain;
mod finder;
pub mod fish;
pub mod last_resort;
mod memo;
pub mod rate;
mod registry;
mod rules;
mod solve;
pub mod step;
#[cfg(test)]
mod test_util;
#[cfg(test)]
mod tests;
mod uniqueness;
mod wings;

pub use board::Board;
pub use catalogue::{CATALOGUE, Entry, Family, Level, Se, Technique};
pub use finder::{FindFn, Finder};
pub use registry::{HODOKU_ORDER, Order, Search, registry, registry_in};
pub use solve::{
    LogicalRun, all_steps, next_step, next_step_in, next_step_within, solve, solve_board,
    solve_board_in, solve_board_within,
};
pub use step::{
    Als, Broken, Candidate, CellCandidates, ChainNode, Deduction, FishKind, MedusaClash,
    OverlapKind, RectangleKind, RuleReason, SimpleChainKind, Step,
};
pub use step::{ChainEnd, ClueSpan, RuleLink, RuleRef};
