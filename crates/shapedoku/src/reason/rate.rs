//! Difficulty rating from a logical solve. Each step adds its technique's weight to a score
//! (the weights are HoDoKu's, extended to the variant techniques and scaled by cell count); the
//! level is the level of the hardest technique used, raised one level for every band of score
//! past that level's ceiling, much as HoDoKu does. For classic 9x9 puzzles there is also an
//! estimate on Sudoku Explainer's scale (1.0–11.9): the largest, over the steps, of the easiest
//! SE value that makes progress at that point (a naked single counts 2.3 only where no hidden
//! single was there; a W-wing where an XY-wing was counts halfway between the two), plus a
//! little for each further step near the hardest. Weights, levels and SE values are read from the [`super::catalogue`]; the method is documented in
//! `docs/techniques.md`.
//!
//! ```
//! use shapedoku::{builtin, Puzzle, reason::{Technique, rate::{self, Level}}};
//! let g = builtin::geometry("classic").unwrap();
//! let p = Puzzle::from_line(g, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").unwrap();
//! let r = rate::rate(&p);
//! assert_eq!(r.level, Level::Easy);
//! assert!(r.se.unwrap() <= 2.3);
//! assert_eq!(r.guesses, 0);
//! assert_eq!(r.hardest, Some(Technique::NakedSingle));
//! ```

use super::board::Board;
pub use super::catalogue::Level;
use super::catalogue::{Se, Technique};
use super::finder::Finder;
use super::registry::{Order, Search, registry_in};
use super::solve::LogicalRun;
use super::step::Step;
use crate::geometry::{Geometry, ShapeKind};
use crate::puzzle::Puzzle;

/// The score ceiling of a level on a 81-cell grid (HoDoKu's bands); beyond it the puzzle is
/// raised a level.
fn ceiling(level: Level) -> u64 {
    match level {
        Level::Easy => 800,
        Level::Medium => 1000,
        Level::Hard => 1600,
        Level::Expert => 1800,
        Level::Extreme => u64::MAX,
    }
}

fn up(level: Level) -> Level {
    match level {
        Level::Easy => Level::Medium,
        Level::Medium => Level::Hard,
        Level::Hard => Level::Expert,
        _ => Level::Extreme,
    }
}

/// A puzzle's rating.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Rating {
    /// The level.
    pub level: Level,
    /// Sum of the steps' weights.
    pub score: u64,
    /// Sudoku Explainer scale estimate, for classic 9x9 puzzles only.
    pub se: Option<f64>,
    /// The technique of the first step with the largest weight (none when no step was needed).
    pub hardest: Option<Technique>,
    /// Number of steps.
    pub steps: usize,
    /// Number of guesses among them.
    pub guesses: usize,
    /// Whether the run reached a full grid.
    pub solved: bool,
}

/// A step's weight, from the catalogue.
pub fn weight(step: &Step) -> u64 {
    step.technique().weight()
}

/// The level of a step's technique, from the catalogue.
pub fn level_of(step: &Step) -> Level {
    step.technique().level()
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

/// A step's value on Sudoku Explainer's scale, from the catalogue; `None` for a guess (the
/// rating values guesses by how many a solve needed).
pub fn se_value(g: &Geometry, step: &Step) -> Option<f64> {
    Some(match step.technique().entry().se {
        Se::Fixed(v) => v,
        Se::ByHouse { boxed, other } => match step.deduction.house() {
            Some(h) if matches!(g.shape(h.index()).kind, ShapeKind::Box | ShapeKind::Region) => {
                boxed
            }
            _ => other,
        },
        Se::ByLength { base, per, cap } => base + per * step.deduction.length().min(cap) as f64,
        Se::Guess => return None,
    })
}

/// The least SE value a step of `t` can have.
fn se_floor(t: Technique) -> Option<f64> {
    match t.entry().se {
        Se::Fixed(v) => Some(v),
        Se::ByHouse { boxed, other } => Some(boxed.min(other)),
        Se::ByLength { base, .. } => Some(base),
        Se::Guess => None,
    }
}

/// The SE estimate of a run: the largest, over its steps, of the easiest SE value that makes
/// progress at that point. The solver goes in HoDoKu's order (a naked single before a hidden
/// one, a W-wing before an XY-wing), but Sudoku Explainer rates each point by the easiest step
/// there, so where a step's value is above the largest so far, the searches after it whose
/// techniques are cheaper on SE's scale are run on the board of that point, and the cheapest
/// step they find counts halfway to the step's own value. Each further hard step adds a
/// little ([`hard_steps_bonus`]). Guesses count apart.
fn replayed_se(g: &Geometry, run: &LogicalRun) -> f64 {
    let mut board = run.start.clone();
    let mut se: f64 = 1.0;
    let mut values = Vec::with_capacity(run.steps.len());
    for s in &run.steps {
        if let Some(v) = se_value(g, s) {
            let best = if v > se {
                let cheap = easiest_at(g, &board, s, v, run.order);
                if is_single(s.technique()) {
                    // Any single places a digit: the cheaper one makes the same progress.
                    cheap
                } else {
                    // A cheaper elimination rarely makes the same progress, so the solve still
                    // needs part of the harder one's work: count halfway between them.
                    cheap + REPLAY_SHARE * (v - cheap)
                }
            } else {
                v
            };
            se = se.max(best);
            values.push(best);
        }
        board.apply(s);
    }
    se + hard_steps_bonus(se, &values)
}

fn is_single(t: Technique) -> bool {
    matches!(
        t,
        Technique::FullHouse | Technique::NakedSingle | Technique::HiddenSingle
    )
}

/// How much of the gap between the step taken and the cheapest one at that point counts.
const REPLAY_SHARE: f64 = 0.5;

/// What each further hard step adds to the SE estimate, and how many count.
const HARD_STEP_BONUS: f64 = 0.05;
const HARD_STEP_CAP: usize = 6;

/// Sudoku Explainer's value is its hardest step, but a puzzle that needs that step many times
/// leaves it fewer easy ways round, and its published ratings run higher: each step after the
/// first within 0.3 of the hardest (and at least 6.0, the chains and beyond) adds
/// [`HARD_STEP_BONUS`], at most [`HARD_STEP_CAP`] times.
fn hard_steps_bonus(se: f64, values: &[f64]) -> f64 {
    let hard = values
        .iter()
        .filter(|&&x| x >= se - 0.3 && x >= 6.0)
        .count();
    HARD_STEP_BONUS * hard.saturating_sub(1).min(HARD_STEP_CAP) as f64
}

/// The cheapest SE value of a step available on `board` where the solver took `step` (of SE
/// value `v`), looking only at the searches after the step's own in the run's `order` (the
/// earlier ones found nothing there).
fn easiest_at(g: &Geometry, board: &Board, step: &Step, v: f64, order: Order) -> f64 {
    let mut best = v;
    let floor = |search: &Search| {
        search
            .techniques
            .iter()
            .filter_map(|&t| se_floor(t))
            .fold(f64::MAX, f64::min)
    };
    let mut later: Vec<(f64, &Search)> = registry_in(order)
        .iter()
        .skip_while(|x| !x.techniques.contains(&step.technique()))
        .skip(1)
        .map(|x| (floor(x), x))
        .collect();
    // The answer is a minimum, so the order of the searches does not change it; cheapest
    // floor first lets one found step rule out every search whose floor is above it, and
    // the costly searches (chains, loops) come late in both orders.
    later.sort_by(|a, b| a.0.total_cmp(&b.0));
    for (floor, search) in later {
        if floor >= best {
            break;
        }
        let mut f = Finder::new(1);
        (search.find)(board, &mut f);
        if let Some(w) = f.steps.first().and_then(|o| se_value(g, o)) {
            best = best.min(w);
        }
    }
    best
}

/// Rates a puzzle by solving it logically.
pub fn rate(puzzle: &Puzzle) -> Rating {
    let run = super::solve(puzzle);
    rate_run(puzzle.geometry(), &run)
}

/// Rates a finished logical run.
pub fn rate_run(g: &Geometry, run: &LogicalRun) -> Rating {
    let mut score = 0u64;
    let mut hardest: Option<Technique> = None;
    let mut level = Level::Easy;
    let mut se: f64 = 1.0;
    let mut guesses = 0;
    for s in &run.steps {
        let t = s.technique();
        score += t.weight();
        level = level.max(t.level());
        if hardest.is_none_or(|h| t.weight() > h.weight()) {
            hardest = Some(t);
        }
        if t == Technique::Guess {
            guesses += 1;
        }
    }
    if is_classic(g) {
        se = replayed_se(g, run);
    }
    // Bands are for 81 cells; bigger grids need more steps for the same difficulty.
    let scale = g.cell_count().max(1) as f64 / 81.0;
    let scaled = (score as f64 / scale) as u64;
    while level < Level::Extreme && scaled > ceiling(level) {
        level = up(level);
    }
    if guesses > 0 {
        // Each guess stands for work logic could not do; SE puts such puzzles from about 7.5
        // up, and the hardest known near 11-12.
        se = se.max((7.1 + 0.45 * guesses as f64).min(11.9));
    }
    Rating {
        level,
        score,
        se: is_classic(g).then_some((se * 10.0).round() / 10.0),
        hardest,
        steps: run.steps.len(),
        guesses,
        solved: run.board.is_solved(),
    }
}
