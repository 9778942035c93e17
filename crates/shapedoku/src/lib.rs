//! shapedoku: Sudoku and its variants from one model, cells and shapes.
//!
//! A geometry is a set of cells on a canvas plus shapes (no-repeat groups and sum cages). Load
//! one from TOML or build it in code, add givens to make a [`Puzzle`], then solve, count, explain,
//! rate, generate or render it.
//!
//! ```
//! use shapedoku::{load, Solver, Verdict};
//! let loaded = load::load_str("p.toml", r#"
//! variant = "classic"
//! givens = """
//! 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
//! """
//! "#, None).unwrap();
//! let count = Solver::new(&loaded.puzzle).count(2);
//! assert_eq!(count.verdict(), Verdict::Unique);
//! assert!(loaded.puzzle.verify(&count.solutions[0]).is_ok());
//! ```
#![deny(missing_docs)]

pub mod automaton;
pub mod builtin;
pub mod candidates;
pub mod cellset;
pub mod check;
pub mod constraint;
mod embedded;
pub mod error;
pub mod export;
pub mod generate;
pub mod geometry;
pub mod grid;
pub mod ids;
pub mod import;
pub mod limits;
pub mod load;
pub mod pos;
pub mod puzzle;
pub mod reason;
pub mod render;
mod seed;
pub mod solver;
pub mod symbols;

pub use cellset::CellSet;
pub use check::CheckReport;
pub use error::ModelError;
pub use generate::Generated;
pub use geometry::{Geometry, GeometryBuilder, GridSpec, Rule, Shape, ShapeKind};
pub use grid::Grid;
pub use ids::{CellId, ShapeId, Symbol};
pub use limits::Limits;
pub use pos::Pos;
pub use puzzle::{Puzzle, Violation};
pub use reason::rate::Rating;
pub use reason::{Board, Step};
pub use render::RenderOptions;
pub use solver::oracle;
pub use solver::{Count, Solver, Stats, Verdict};
pub use symbols::{SymbolSet, Symbols};

// The library guide's examples run as doc tests, so the guide cannot drift from the code.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/library.md")]
pub struct LibraryGuide;
