//! Difficulty rating from a logical solve. Each step adds its technique's weight to a score
//! (the weights are HoDoKu's, extended to the variant techniques and scaled by cell count); the
//! level is the level of the hardest technique used, raised one level for every band of score
//! past that level's ceiling, much as HoDoKu does. For classic 9x9 puzzles there is also an
//! estimate on Sudoku Explainer's scale (1.0–11.9): the largest SE value of a step. The
//! weights and the method are documented in `docs/techniques.md`.
//!
//! ```
//! use shapedoku::{builtin, Puzzle, reason::rate::{self, Level}};
//! let g = builtin::geometry("classic").unwrap();
//! let p = Puzzle::from_line(g, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").unwrap();
//! let r = rate::rate(&p);
//! assert_eq!(r.level, Level::Easy);
//! assert!(r.se.unwrap() <= 2.3);
//! assert_eq!(r.guesses, 0);
//! ```

use super::{Detail, LogicalRun, Step, Technique, explain};
use crate::geometry::{Geometry, ShapeKind};
use crate::puzzle::Puzzle;
use std::fmt;

/// Difficulty levels, easiest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Singles only.
    Easy,
    /// Shape overlaps, pairs, simple cage work.
    Medium,
    /// Triples, quads, fish, wings, innies and simple chains.
    Hard,
    /// Chains.
    Expert,
    /// Needs a guess.
    Extreme,
}

impl Level {
    /// The level's name in lower case.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Extreme => "extreme",
        }
    }
    /// The score ceiling of the level on a 81-cell grid (HoDoKu's bands); beyond it the
    /// puzzle is raised a level.
    fn ceiling(self) -> u64 {
        match self {
            Level::Easy => 800,
            Level::Medium => 1000,
            Level::Hard => 1600,
            Level::Expert => 1800,
            Level::Extreme => u64::MAX,
        }
    }
    fn up(self) -> Level {
        match self {
            Level::Easy => Level::Medium,
            Level::Medium => Level::Hard,
            Level::Hard => Level::Expert,
            _ => Level::Extreme,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A puzzle's rating.
#[derive(Debug, Clone, PartialEq)]
pub struct Rating {
    /// Sum of the steps' weights.
    pub score: u64,
    /// The level.
    pub level: Level,
    /// The technique of the hardest step, in HoDoKu's words (empty when no step was needed).
    pub hardest: String,
    /// Sudoku Explainer scale estimate, for classic 9x9 puzzles only.
    pub se: Option<f64>,
    /// Number of steps.
    pub steps: usize,
    /// Number of guesses among them.
    pub guesses: usize,
    /// Whether the run reached a full grid.
    pub solved: bool,
}

fn subset_size(step: &Step) -> usize {
    match &step.detail {
        Detail::Subset { cells, .. } => cells.len(),
        Detail::Fish { base, .. } => base.len(),
        _ => 0,
    }
}

/// A step's weight (HoDoKu's scores for the classic techniques).
pub fn weight(step: &Step) -> u64 {
    let k = subset_size(step);
    match step.technique {
        Technique::FullHouse | Technique::NakedSingle => 4,
        Technique::HiddenSingle => 14,
        Technique::ShapeOverlap => 50,
        Technique::NakedSubset => [60, 80, 120][k.clamp(2, 4) - 2],
        Technique::HiddenSubset => [70, 100, 150][k.clamp(2, 4) - 2],
        Technique::CageCombination => 40,
        Technique::CageOverlap => 50,
        Technique::Innies => 80,
        Technique::Fish => [140, 150, 160][k.clamp(2, 4) - 2],
        Technique::SimpleChain => 150,
        Technique::XyWing => 160,
        Technique::XyzWing => 180,
        Technique::XChain => 260,
        Technique::XyChain => 260,
        Technique::Aic => 280,
        Technique::ForcingChain => 500,
        Technique::Guess => 1000,
    }
}

/// The level a technique belongs to.
pub fn level_of(step: &Step) -> Level {
    let k = subset_size(step);
    match step.technique {
        Technique::FullHouse | Technique::NakedSingle | Technique::HiddenSingle => Level::Easy,
        Technique::ShapeOverlap | Technique::CageCombination | Technique::CageOverlap => {
            Level::Medium
        }
        Technique::NakedSubset | Technique::HiddenSubset if k <= 2 => Level::Medium,
        Technique::NakedSubset
        | Technique::HiddenSubset
        | Technique::Innies
        | Technique::Fish
        | Technique::SimpleChain
        | Technique::XyWing
        | Technique::XyzWing => Level::Hard,
        Technique::XChain | Technique::XyChain | Technique::Aic => Level::Expert,
        Technique::ForcingChain | Technique::Guess => Level::Extreme,
    }
}

/// Whether the geometry is the classic 9x9 with rows, columns and boxes (the SE scale's home).
pub fn is_classic(g: &Geometry) -> bool {
    g.is_single_grid()
        && g.symbol_count() == 9
        && g.shapes().len() == 27
        && g.shapes()
            .iter()
            .all(|s| matches!(s.kind, ShapeKind::Row | ShapeKind::Column | ShapeKind::Box))
}

/// A step's value on Sudoku Explainer's scale (classic techniques; guesses are valued by the
/// caller from how many were needed).
pub fn se_value(g: &Geometry, step: &Step) -> f64 {
    let k = subset_size(step);
    let boxy = |s: usize| matches!(g.shape(s).kind, ShapeKind::Box | ShapeKind::Region);
    match (&step.technique, &step.detail) {
        (Technique::FullHouse, _) => 1.0,
        (Technique::HiddenSingle, Detail::Single { shape: Some(h) }) if boxy(*h) => 1.2,
        (Technique::HiddenSingle, _) => 1.5,
        (Technique::NakedSingle, _) => 2.3,
        (Technique::ShapeOverlap, Detail::Overlap { source, .. }) if boxy(*source) => 2.6,
        (Technique::ShapeOverlap, _) => 2.8,
        (Technique::NakedSubset, _) => [3.0, 3.6, 5.0][k.clamp(2, 4) - 2],
        (Technique::HiddenSubset, _) => [3.4, 4.0, 5.4][k.clamp(2, 4) - 2],
        (Technique::Fish, _) => [3.2, 3.8, 5.2][k.clamp(2, 4) - 2],
        (Technique::XyWing, _) => 4.2,
        (Technique::XyzWing, _) => 4.4,
        (Technique::SimpleChain | Technique::XChain, _) => 6.6,
        (Technique::XyChain, _) => 6.8,
        (Technique::Aic, _) => 7.0,
        (Technique::CageCombination | Technique::CageOverlap | Technique::Innies, _) => 2.8,
        // Sudoku Explainer values forcing chains from 7.5 up, more for longer chains.
        (Technique::ForcingChain, Detail::Forcing { implied, .. }) => {
            7.5 + 0.05 * implied.len().min(20) as f64
        }
        (Technique::ForcingChain, _) => 7.5,
        (Technique::Guess, _) => 7.5,
    }
}

/// Rates a puzzle by solving it logically.
pub fn rate(puzzle: &Puzzle) -> Rating {
    let run = super::solve(puzzle);
    rate_run(puzzle.geometry(), &run)
}

/// Rates a finished logical run.
pub fn rate_run(g: &Geometry, run: &LogicalRun) -> Rating {
    let mut score = 0u64;
    let mut hardest: Option<&Step> = None;
    let mut level = Level::Easy;
    let mut se: f64 = 1.0;
    let mut guesses = 0;
    for s in &run.steps {
        score += weight(s);
        level = level.max(level_of(s));
        if hardest.is_none_or(|h| weight(s) > weight(h)) {
            hardest = Some(s);
        }
        if s.technique == Technique::Guess {
            guesses += 1;
        } else {
            se = se.max(se_value(g, s));
        }
    }
    // Bands are for 81 cells; bigger grids need more steps for the same difficulty.
    let scale = g.cell_count().max(1) as f64 / 81.0;
    let scaled = (score as f64 / scale) as u64;
    while level < Level::Extreme && scaled > level.ceiling() {
        level = level.up();
    }
    if guesses > 0 {
        // Each guess stands for work logic could not do; SE puts such puzzles from about 7.5
        // up, and the hardest known near 11-12.
        se = se.max((7.1 + 0.45 * guesses as f64).min(11.9));
    }
    Rating {
        score,
        level,
        hardest: hardest
            .map(|s| explain::technique_name(g, s))
            .unwrap_or_default(),
        se: is_classic(g).then_some((se * 10.0).round() / 10.0),
        steps: run.steps.len(),
        guesses,
        solved: run.board.is_solved(),
    }
}
