//! Random solutions (a generator's fills) with restarts, so that no seed is unlucky for long.
//!
//! A random fill is one depth-first search whose guesses try values in a random order. Most
//! seeds fill a blank 25x25 in about 500 guesses, but a few wander into a subtree without a
//! solution near the top of the tree and spend minutes there (seeds 9133284679170082593 and
//! 13339356320099245831 ran past 240 s where the median is 0.14 s): the time of one search
//! is heavy-tailed. Restarting from the root with a fresh random order after a guess budget
//! cuts the tail. The budgets follow Luby's sequence (1, 1, 2, 1, 1, 2, 4, 1, ...) times a base
//! of [`RESTART_GUESSES_PER_CELL`] guesses a cell, which is within a log factor of the best
//! fixed schedule for any distribution of run lengths (Luby, Sinclair and Zuckerman, "Optimal
//! speedup of Las Vegas algorithms", 1993) and grows without bound, so a fill that needs a
//! long search still gets one and a search without a solution still ends in a proof. Run `k`
//! is seeded from the caller's seed and `k`, so a seed gives the same fill every time.

use super::budget::Budget;
use super::{Count, Solver, Stats, Stop};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// The guesses of a first run, per cell of the geometry (625 on a blank 25x25, whose median
/// fill takes about 470): the unit of the restart schedule.
pub const RESTART_GUESSES_PER_CELL: u64 = 1;

/// The least budget of a run, for small geometries.
const MIN_RUN_GUESSES: u64 = 64;

/// The `i`-th term of Luby's sequence (from 1): 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ...
pub(super) fn luby(i: u64) -> u64 {
    let mut i = u128::from(i.max(1));
    loop {
        // The smallest k with i <= 2^k - 1.
        let k = 128 - i.leading_zeros();
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

/// The seed of run `run` of a fill seeded with `seed`: run 0 uses the seed itself.
fn run_seed(seed: u64, run: u64) -> u64 {
    if run == 0 {
        seed
    } else {
        crate::seed::derive_seed(seed ^ 0x4c75_6279, run)
    }
}

impl Solver {
    /// [`Solver::random_solution`] within a budget, as a count with at most one solution (so a
    /// failure says whether there is no solution or the budget ran out). The search restarts
    /// with a derived seed after a guess budget that grows by Luby's sequence (see
    /// [`RESTART_GUESSES_PER_CELL`]), so every fill ends quickly and the same seed gives the
    /// same solution; the statistics add up every run, and `budget` bounds them all together.
    ///
    /// ```
    /// use shapedoku::{builtin, Puzzle, Solver, Verdict};
    /// let g = builtin::geometry("16x16").unwrap();
    /// let c = Solver::for_geometry(g.clone()).random_solution_with(7, &Default::default());
    /// assert_eq!(c.verdict(), Verdict::AtLeastOne);
    /// assert!(Puzzle::empty(g).verify(&c.solutions[0]).is_ok());
    /// ```
    pub fn random_solution_with(&mut self, seed: u64, budget: &Budget) -> Count {
        let unit = (self.geometry.cell_count() as u64)
            .saturating_mul(RESTART_GUESSES_PER_CELL)
            .max(MIN_RUN_GUESSES);
        let mut stats = Stats::default();
        let mut run_budget = budget.clone();
        for run in 0u64.. {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(run_seed(seed, run));
            let cap = unit.saturating_mul(luby(run + 1));
            let left = budget.guesses.map(|g| g.saturating_sub(stats.guesses));
            run_budget.guesses = left;
            let mut c = self.search(1, &run_budget, Some(cap), Some(&mut rng));
            stats.nodes += c.stats.nodes;
            stats.guesses += c.stats.guesses;
            if let Some(Stop::Guesses { .. }) = c.stopped {
                match (left, budget.guesses) {
                    // The run's own cap: start again.
                    (None, _) => continue,
                    (Some(l), _) if cap < l => continue,
                    // The caller's limit, over every run together.
                    (_, Some(max)) => c.stopped = Some(Stop::Guesses { max }),
                    (_, None) => {}
                }
            }
            c.stats = stats;
            return c;
        }
        unreachable!("the runs end with a solution, a proof or a limit")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GeometryBuilder, GridSpec, Pos, Puzzle, Symbols, Verdict, builtin};
    use std::sync::Arc;

    #[test]
    fn luby_sequence() {
        let first: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
        assert_eq!(luby((1 << 40) - 1), 1 << 39);
        assert_eq!(luby(u64::MAX), 1 << 63);
    }

    fn blank25() -> Arc<crate::Geometry> {
        let syms = Symbols::new("123456789ABCDEFGHIJKLMNOP".chars()).unwrap();
        let mut b = GeometryBuilder::new("25", syms);
        b.grid(GridSpec::square(Pos::new(1, 1), 25).with_boxes(5, 5));
        Arc::new(b.build().unwrap())
    }

    /// The seeds that ran past 240 s (and 30 s) before restarts fill at once, and the same
    /// seed gives the same grid. Guesses, not time, are checked: they are the same on every
    /// machine.
    #[test]
    fn the_unlucky_seeds_fill_within_a_few_runs() {
        let g = blank25();
        for seed in [9133284679170082593, 13339356320099245831] {
            let c = Solver::for_geometry(g.clone()).random_solution_with(seed, &Budget::default());
            assert_eq!(c.verdict(), Verdict::AtLeastOne, "seed {seed}");
            assert!(Puzzle::empty(g.clone()).verify(&c.solutions[0]).is_ok());
            // Before, 49,906 and 12,665 guesses had not found one.
            assert!(c.stats.guesses < 8 * 625, "seed {seed}: {:?}", c.stats);
            let again =
                Solver::for_geometry(g.clone()).random_solution_with(seed, &Budget::default());
            assert_eq!(again.solutions, c.solutions);
            assert_eq!(again.stats, c.stats);
        }
    }

    /// The caller's guess limit bounds every run together, and is the one reported.
    #[test]
    fn the_callers_limit_spans_the_runs() {
        let g = blank25();
        let c = Solver::for_geometry(g)
            .random_solution_with(9133284679170082593, &Budget::default().with_guesses(1000));
        assert_eq!(c.verdict(), Verdict::Undecided);
        assert_eq!(c.stopped, Some(Stop::Guesses { max: 1000 }));
        assert_eq!(c.stats.guesses, 1000);
    }

    /// A puzzle without a solution is still proved so, by a run that exhausts its tree (this
    /// one needs a search to show it).
    #[test]
    fn no_solution_is_still_proved() {
        let g = builtin::geometry("classic").unwrap();
        let line = include_str!("../../../../tests/data/repro/no-solution-needs-search.txt");
        let p = Puzzle::from_line(g, line.trim()).unwrap();
        let c = Solver::new(&p).random_solution_with(1, &Budget::default());
        assert_eq!(c.verdict(), Verdict::NoSolution);
        assert!(c.stats.guesses > 0);
    }
}
