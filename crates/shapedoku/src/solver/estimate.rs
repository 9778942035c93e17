//! Estimating how many solutions a puzzle has when there are too many to count, by Knuth's
//! random probes of the search tree (D. E. Knuth, "Estimating the efficiency of backtrack
//! programs", 1975).
//!
//! A probe walks from the root to a leaf: at each node it branches on the cell the search would
//! pick, keeps the children that survive propagation, multiplies a weight by their number and
//! follows one of them at random. A leaf that is a solution contributes its weight, a dead end
//! zero. The weight's expectation is exactly the number of solutions, so the mean over many
//! probes estimates it, and the probes' spread gives its standard error. The tree's sizes can
//! be very uneven, so a few probes may matter a lot: the standard error says how far to trust
//! the mean, and it can itself be underestimated when rare heavy branches were never visited.

use super::budget::Meter;
use super::search::min_cell;
use super::{Budget, Solver, Stats, Stop};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// An estimate of a puzzle's number of solutions ([`Solver::estimate`]).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Estimate {
    /// The estimated number of solutions: the mean of the probes' weights.
    pub solutions: f64,
    /// The standard error of that mean (the probes' standard deviation over the square root
    /// of their number); about 95 % of such estimates fall within two of it of the truth when
    /// the probes see the tree's heavy branches.
    pub std_error: f64,
    /// The probes run.
    pub probes: u64,
    /// The probes that ended in a solution.
    pub hits: u64,
    /// The seed of the random choices: the same seed gives the same estimate.
    pub seed: u64,
    /// The limit that stopped the probes early, if one did (the estimate is then over the
    /// probes completed).
    pub stopped: Option<Stop>,
}

impl Solver {
    /// Estimates the number of solutions of the solver's puzzle by `probes` random probes
    /// seeded by `seed`, within `budget` (each step of a probe counts as a guess).
    ///
    /// ```
    /// use shapedoku::{builtin, Puzzle, Solver};
    /// let p = Puzzle::empty(builtin::geometry("4x4").unwrap());
    /// let e = Solver::new(&p).estimate(2000, 7, &Default::default());
    /// // The empty 4x4 has 288 solutions.
    /// assert!((e.solutions - 288.0).abs() < 4.0 * e.std_error.max(1.0));
    /// ```
    pub fn estimate(&mut self, probes: u64, seed: u64, budget: &Budget) -> Estimate {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut meter = Meter::new(budget, None);
        let mut stats = Stats::default();
        let (mut sum, mut sum_sq, mut done, mut hits) = (0.0f64, 0.0f64, 0u64, 0u64);
        let mut stopped = None;
        let root = self.engine.root_candidates(&self.givens);
        'probes: while done < probes {
            let Some(root) = &root else {
                // No solution at all: every probe is zero.
                done = probes;
                break;
            };
            let mut cur = root.clone();
            let mut weight = 1.0f64;
            let value = loop {
                let Some((cell, _)) = min_cell(&cur) else {
                    break weight;
                };
                if let Some(why) = meter.before_guess(&stats) {
                    stopped = Some(why);
                    break 'probes;
                }
                stats.guesses += 1;
                let mut children = Vec::new();
                for bit in crate::SymbolSet(cur[cell]).iter() {
                    let mut child = cur.clone();
                    child[cell] = 1 << bit;
                    self.engine.restart_from(cell as u32, &child);
                    stats.nodes += 1;
                    if self.engine.run(&mut child) {
                        children.push(child);
                    }
                }
                if children.is_empty() {
                    break 0.0;
                }
                weight *= children.len() as f64;
                let k = rng.random_range(0..children.len());
                cur = children.swap_remove(k);
            };
            hits += u64::from(value > 0.0);
            sum += value;
            sum_sq += value * value;
            done += 1;
        }
        let mean = if done > 0 { sum / done as f64 } else { 0.0 };
        let var = if done > 1 {
            ((sum_sq - sum * mean) / (done - 1) as f64).max(0.0)
        } else {
            0.0
        };
        Estimate {
            solutions: mean,
            std_error: (var / done.max(1) as f64).sqrt(),
            probes: done,
            hits,
            seed,
            stopped,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{Puzzle, Solver, builtin, oracle};

    #[test]
    fn the_estimate_is_within_its_stated_error_of_known_counts() {
        let cases = [
            ("4x4", "........ ........"),
            ("4x4", "1....... ........"),
            ("6x6", "123456 ...... ...... ...... ...... ......"),
            ("6x6", "1..... ...... ..2... ...... ....3. ......"),
        ];
        for (i, (variant, line)) in cases.iter().enumerate() {
            let p = Puzzle::from_line(builtin::geometry(variant).unwrap(), line).unwrap();
            let truth = oracle::count(&p, usize::MAX) as f64;
            let e = Solver::new(&p).estimate(4000, i as u64, &Default::default());
            assert_eq!((e.probes, e.stopped), (4000, None));
            // Three standard errors: a fixed seed makes this a fixed check, not a flaky one.
            assert!(
                (e.solutions - truth).abs() <= 3.0 * e.std_error + 1e-9,
                "{variant} {line}: {} ± {} vs {truth}",
                e.solutions,
                e.std_error
            );
            assert!(e.std_error < truth * 0.2, "{e:?}");
        }
    }

    #[test]
    fn exact_cases_and_limits() {
        let g = builtin::geometry("4x4").unwrap();
        let unique = Puzzle::from_line(g.clone(), "12.. 3... ...2 ..1.").unwrap();
        let e = Solver::new(&unique).estimate(50, 1, &Default::default());
        assert_eq!((e.solutions, e.std_error), (1.0, 0.0));
        let none = Puzzle::from_line(g.clone(), "11.. .... .... ....").unwrap();
        let e = Solver::new(&none).estimate(50, 1, &Default::default());
        assert_eq!((e.solutions, e.probes, e.hits), (0.0, 50, 0));
        let blank = Puzzle::empty(g);
        let e =
            Solver::new(&blank).estimate(50, 1, &crate::solver::Budget::default().with_guesses(10));
        assert_eq!(e.stopped, Some(crate::solver::Stop::Guesses { max: 10 }));
        assert!(e.probes < 50);
        let again = Solver::new(&blank).estimate(50, 1, &Default::default());
        assert_eq!(
            again,
            Solver::new(&blank).estimate(50, 1, &Default::default())
        );
    }
}
