//! Human-style reasoning: techniques that work on any shapes, each in its own file, producing
//! [`Step`]s as data; [`solve`] applies the simplest available step until the puzzle is solved.
//!
//! - [`step`]: what a step is ([`Step`], [`Deduction`]: one variant per technique, ids typed);
//! - [`catalogue`]: one row per [`Technique`]: id, name, weight, level, Sudoku Explainer value;
//! - [`registry`] (here): the searches, simplest first, and which techniques each one finds;
//! - [`explain`]: every word a step is written in (text, compact) and its JSON view;
//! - [`rate`]: the rating, from the steps and the catalogue;
//! - one file per technique (`singles`, `locked_subsets`, `overlap`, `subsets`, `cages`,
//!   `cage_overlap`, `innies`, `fish`, `finned_fish`, `finned_franken`, `siamese_fish`, `kraken_fish`, `empty_rectangle`, `dual` (dual kites
//!   and empty rectangles), `uniqueness`, `bug`,
//!   `colouring`, `multi_colours`, `medusa`, `chains`,
//!   `w_wing`, `wings`, `wxyz_wing`, `sue_de_coq`, `als_xz`, `als_xy_wing`, `als_xy_chain` and
//!   `death_blossom` over the almost locked sets of `als`, `forcing`, `templates`, `guess`,
//!   `rules` for the rules beyond shapes), with no words in them.
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
pub mod fish;
pub mod last_resort;
mod memo;
pub mod rate;
mod rules;
pub mod step;
#[cfg(test)]
mod test_util;
#[cfg(test)]
mod tests;
mod uniqueness;
mod wings;

pub use board::Board;
pub(crate) use board::Tables;
pub use catalogue::{CATALOGUE, Entry, Level, Se, Technique};
pub use step::{
    Als, Broken, Candidate, CellCandidates, ChainNode, Deduction, FishKind, MedusaClash,
    OverlapKind, RectangleKind, SimpleChainKind, Step,
};

use crate::puzzle::Puzzle;
use crate::solver::{Budget, Stop};

/// Collects the steps a technique finds, up to a limit, within a budget: the long searches
/// (forcing chains, the guess's count) look at [`Finder::out_of_budget`] as they go, so one
/// step cannot outlive the caller's deadline.
#[derive(Debug)]
pub struct Finder {
    /// Steps found so far.
    pub steps: Vec<Step>,
    limit: usize,
    budget: Budget,
    stopped: Option<Stop>,
    /// Calls of [`Finder::out_of_budget`] so far: the clock is read on every
    /// [`CLOCK_EVERY`]th, since reading it costs more than a chain search's step.
    polls: u32,
}

/// How often [`Finder::out_of_budget`] reads the clock: on its first call and every this many
/// calls after. The loops that call it do at least a propagation per call, so this keeps a
/// deadline within milliseconds while the clock stays out of the profile.
const CLOCK_EVERY: u32 = 16;

impl Finder {
    /// A finder that stops after `limit` steps, with no limit on the work.
    pub fn new(limit: usize) -> Self {
        Finder::within(limit, &Budget::default())
    }
    /// A finder that stops after `limit` steps or when `budget` runs out.
    pub fn within(limit: usize, budget: &Budget) -> Self {
        Finder {
            steps: Vec::new(),
            limit: limit.max(1),
            budget: budget.clone(),
            stopped: None,
            polls: 0,
        }
    }
    /// The budget the search runs under (a technique that counts solutions passes it on).
    pub fn budget(&self) -> &Budget {
        &self.budget
    }
    /// Whether the budget's deadline has passed or its flag is raised; once it has, the
    /// finder remembers why ([`Finder::stopped`]) and the technique should return. The clock
    /// is read on the first call and every 16th call after.
    pub fn out_of_budget(&mut self) -> bool {
        if self.stopped.is_none() && self.polls % CLOCK_EVERY == 0 {
            self.stopped = self.budget.expired();
        }
        self.polls = self.polls.wrapping_add(1);
        self.stopped.is_some()
    }
    /// Records that a limit stopped the search (for example a count run out of guesses).
    pub fn stop(&mut self, why: Stop) {
        self.stopped.get_or_insert(why);
    }
    /// The limit that stopped the search, if one did.
    pub fn stopped(&self) -> Option<Stop> {
        self.stopped
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

/// One search of the [`registry`]: a function and the techniques its steps can be (a family
/// found in one pass, such as finned fish of every size, is one search).
#[derive(Debug, Clone, Copy)]
pub struct Search {
    /// The techniques of the steps it finds.
    pub techniques: &'static [Technique],
    /// The search.
    pub find: FindFn,
    /// How many instances the solver looks at before choosing the one that eliminates most
    /// (1: the first found is taken, for singles, whose steps are all worth one placement, and
    /// for the chain searches, where looking further costs more than the choice gains).
    pub choose_among: usize,
}

/// How many instances of a cheap technique [`next_step`] compares: enough to hold every
/// instance on a 9x9 board in practice, bounded so a big geometry cannot make it quadratic.
const CHOOSE_AMONG: usize = 64;

/// Every search, simplest first. The logical solver runs them in this order and applies a step
/// of the first search that finds one. Singles go as in HoDoKu's default order: full house,
/// naked single, hidden single; subsets go by size, pairs before triples.
pub fn registry() -> &'static [Search] {
    use Technique as T;
    const fn s(techniques: &'static [Technique], find: FindFn) -> Search {
        Search {
            techniques,
            find,
            choose_among: CHOOSE_AMONG,
        }
    }
    const fn first(techniques: &'static [Technique], find: FindFn) -> Search {
        Search {
            techniques,
            find,
            choose_among: 1,
        }
    }
    const OVERLAPS: &[Technique] = &[
        T::LockedCandidatesPointing,
        T::LockedCandidatesClaiming,
        T::ShapeOverlap,
    ];
    // Fish go by size, as subsets do: a size that finds something spares the larger ones,
    // and the solver chooses among the first technique found, of the smallest size, anyway.
    const X_WINGS: &[Technique] = &[T::XWing, T::FrankenXWing];
    const SWORDFISH: &[Technique] = &[T::Swordfish, T::FrankenSwordfish];
    const JELLYFISH: &[Technique] = &[T::Jellyfish, T::FrankenJellyfish];
    const SIMPLE_CHAINS: &[Technique] = &[
        T::Skyscraper,
        T::TwoStringKite,
        T::DualTwoStringKite,
        T::TurbotFish,
    ];
    const COLOURS: &[Technique] = &[T::SimpleColorsTrap, T::SimpleColorsWrap];
    const MULTI_COLOURS: &[Technique] = &[T::MultiColors1, T::MultiColors2];
    const UNIQUENESS: &[Technique] = &[
        T::UniqueRectangle1,
        T::UniqueRectangle2,
        T::UniqueRectangle3,
        T::UniqueRectangle4,
        T::UniqueRectangle5,
        T::UniqueRectangle6,
        T::HiddenRectangle,
        T::AvoidableRectangle1,
        T::AvoidableRectangle2,
        T::BugPlusOne,
    ];
    const FINNED_FISH: &[Technique] = &[
        T::FinnedXWing,
        T::SashimiXWing,
        T::FinnedSwordfish,
        T::SashimiSwordfish,
        T::FinnedJellyfish,
        T::SashimiJellyfish,
    ];
    const FINNED_FRANKEN: &[Technique] = &[
        T::FinnedFrankenXWing,
        T::FinnedFrankenSwordfish,
        T::FinnedFrankenJellyfish,
        T::FinnedMutantXWing,
        T::FinnedMutantSwordfish,
        T::FinnedMutantJellyfish,
    ];
    const GROUPED_CHAINS: &[Technique] = &[T::GroupedXChain, T::GroupedAic];
    const NICE_LOOPS: &[Technique] = &[
        T::ContinuousNiceLoop,
        T::DiscontinuousNiceLoop,
        T::GroupedContinuousNiceLoop,
        T::GroupedDiscontinuousNiceLoop,
    ];
    const REGISTRY: &[Search] = &[
        first(&[T::FullHouse], basics::singles::full_house),
        first(&[T::NakedSingle], basics::singles::naked_single),
        first(&[T::HiddenSingle], basics::singles::hidden_single),
        s(&[T::RuleElimination], rules::elimination::find),
        s(&[T::LockedPair], basics::locked_subsets::locked_pairs),
        s(&[T::LockedTriple], basics::locked_subsets::locked_triples),
        s(OVERLAPS, basics::overlap::find),
        s(&[T::NakedPair], basics::subsets::naked_pairs),
        s(&[T::HiddenPair], basics::subsets::hidden_pairs),
        s(&[T::NakedTriple], basics::subsets::naked_triples),
        s(&[T::HiddenTriple], basics::subsets::hidden_triples),
        s(&[T::NakedQuad], basics::subsets::naked_quads),
        s(&[T::HiddenQuad], basics::subsets::hidden_quads),
        s(&[T::CageCombination], rules::cages::find_combinations),
        s(&[T::InniesOuties], rules::innies::find),
        s(&[T::CageOverlap], rules::cage_overlap::find),
        s(X_WINGS, fish::basic::find_x_wings),
        s(SWORDFISH, fish::basic::find_swordfish),
        s(JELLYFISH, fish::basic::find_jellyfish),
        s(&[T::RemotePair], colouring::simple::find_remote_pairs),
        s(SIMPLE_CHAINS, chains::dual::find_simple_chains),
        s(
            &[T::EmptyRectangle, T::DualEmptyRectangle],
            chains::dual::find_empty_rectangles,
        ),
        s(&[T::WWing], wings::w_wing::find),
        s(&[T::XyWing], wings::xy::find_xy),
        s(&[T::XyzWing], wings::xy::find_xyz),
        s(&[T::WxyzWing], wings::wxyz::find),
        s(UNIQUENESS, uniqueness::rectangles::find),
        s(FINNED_FISH, fish::finned::find),
        // Pairs of the finned fish: runs only where they found none, so finds none (see the
        // module); for hints and tools.
        s(FINNED_FISH, fish::siamese::find),
        s(COLOURS, colouring::simple::find_simple_colours),
        s(MULTI_COLOURS, colouring::multi::find),
        s(&[T::Medusa3d], colouring::medusa::find),
        s(&[T::SueDeCoq], als::sue_de_coq::find),
        first(&[T::XChain], chains::aic::find_x),
        first(&[T::XyChain], chains::aic::find_xy),
        first(&[T::Aic], chains::aic::find_aic),
        s(GROUPED_CHAINS, chains::grouped::find),
        s(&[T::AlsXz], als::xz::find),
        s(&[T::AlsXyWing], als::xy_wing::find),
        s(&[T::AlsXyChain], als::xy_chain::find),
        s(&[T::DeathBlossom], als::death_blossom::find),
        first(&[T::ForcingChain], chains::forcing::find),
        s(NICE_LOOPS, chains::nice_loops::find),
        s(FINNED_FRANKEN, fish::franken::find),
        first(
            &[T::KrakenFishType1, T::KrakenFishType2],
            fish::kraken::find,
        ),
        s(
            &[T::TemplateSet, T::TemplateDelete],
            last_resort::templates::find,
        ),
        first(&[T::Guess], last_resort::guess::find),
    ];
    REGISTRY
}

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
    // The clock is read once here, not before every search: most steps are found by the
    // first, cheap searches, and a long search watches the clock itself.
    if let Some(why) = budget.expired() {
        return Err(why);
    }
    for search in registry() {
        let mut f = Finder::within(search.choose_among, budget);
        f.polls = 1;
        (search.find)(board, &mut f);
        let stopped = f.stopped;
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
pub fn solve_board_within(mut board: Board, budget: &Budget) -> LogicalRun {
    let start = board.clone();
    let mut steps = Vec::new();
    let mut stopped = None;
    while !board.is_solved() && !board.is_broken() {
        match next_step_within(&board, budget) {
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
    }
}
