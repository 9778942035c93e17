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
//!
//! A probe's weight is a product of as many factors as the search makes guesses, past what an
//! `f64` holds on a blank 25x25 (where it once printed `inf`), so weights are kept and summed as logarithms ([`Magnitude`]) and never overflow. A probe stopped by a limit
//! counts for nothing; one probe gives no standard error; the number found by a search is a
//! lower bound that [`Estimate::against`] weighs the estimate against.

use super::budget::Meter;
use super::search::min_cell;
use super::{Budget, Solver, Stats, Stop};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::fmt;

/// A non-negative number of any size, kept as its natural logarithm: the weights of Knuth's
/// probes and their mean, which overflow an `f64` on large grids.
///
/// ```
/// use shapedoku::solver::Magnitude;
/// let big = Magnitude::from_ln(1000.0 * std::f64::consts::LN_10);
/// assert_eq!(big.to_string(), "1.000e1000");
/// assert_eq!(big.to_f64(), f64::INFINITY);
/// assert_eq!(Magnitude::from_f64(288.0).to_string(), "288.0");
/// assert_eq!(Magnitude::ZERO.to_string(), "0");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct Magnitude {
    /// The natural logarithm; minus infinity for zero.
    ln: f64,
}

impl Magnitude {
    /// Zero.
    pub const ZERO: Magnitude = Magnitude {
        ln: f64::NEG_INFINITY,
    };

    /// The number whose natural logarithm is `ln` (minus infinity for zero).
    pub fn from_ln(ln: f64) -> Magnitude {
        Magnitude { ln }
    }

    /// The number `x` (negative numbers and NaN are read as zero).
    pub fn from_f64(x: f64) -> Magnitude {
        Magnitude {
            ln: if x > 0.0 { x.ln() } else { f64::NEG_INFINITY },
        }
    }

    /// Whether this is zero.
    pub fn is_zero(self) -> bool {
        self.ln == f64::NEG_INFINITY
    }

    /// The natural logarithm (minus infinity for zero).
    pub fn ln(self) -> f64 {
        self.ln
    }

    /// The base-10 logarithm (minus infinity for zero): the number of digits, less one.
    pub fn log10(self) -> f64 {
        self.ln / std::f64::consts::LN_10
    }

    /// The number as an `f64`: infinite past about 1.8e308.
    pub fn to_f64(self) -> f64 {
        self.ln.exp()
    }

    /// The number in scientific notation: a mantissa in `[1, 10)` and a power of ten (zero is
    /// `(0.0, 0)`).
    pub fn scientific(self) -> (f64, i64) {
        if self.is_zero() {
            return (0.0, 0);
        }
        let l = self.log10();
        let mut exponent = l.floor();
        let mut mantissa = 10f64.powf(l - exponent);
        // Rounding can land the mantissa on 10.
        if mantissa >= 10.0 {
            mantissa /= 10.0;
            exponent += 1.0;
        }
        (mantissa, exponent as i64)
    }
}

/// Below a million, one decimal (`288.0`); above, four significant digits and the power of ten
/// (`4.290e305`), however large.
impl fmt::Display for Magnitude {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_zero() {
            return write!(f, "0");
        }
        if self.log10() < 6.0 {
            return write!(f, "{:.1}", self.to_f64());
        }
        let (m, e) = self.scientific();
        // Rounded to the digits shown first, so that 9.9996e6 reads 1.000e7, not 10.000e6.
        let m = (m * 1000.0).round() / 1000.0;
        let (m, e) = if m >= 10.0 { (m / 10.0, e + 1) } else { (m, e) };
        write!(f, "{m:.3}e{e}")
    }
}

/// As its text (`"4.290e305"`, `"288.0"`): JSON numbers cannot hold most of these.
#[cfg(feature = "serde")]
impl serde::Serialize for Magnitude {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// An estimate of a puzzle's number of solutions ([`Solver::estimate`]).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Estimate {
    /// The estimated number of solutions: the mean of the probes' weights; `None` when no
    /// probe finished. Zero when no probe reached a solution, which says only that the
    /// probes missed them (see [`Estimate::against`]).
    pub solutions: Option<Magnitude>,
    /// The standard error of that mean (the probes' standard deviation over the square root
    /// of their number); about 95 % of such estimates fall within two of it of the truth when
    /// the probes see the tree's heavy branches. `None` with fewer than two probes, which
    /// give no spread to measure.
    pub std_error: Option<Magnitude>,
    /// The probes completed.
    pub probes: u64,
    /// The probes that ended in a solution.
    pub hits: u64,
    /// The seed of the random choices: the same seed gives the same estimate.
    pub seed: u64,
    /// The limit that stopped the probes early, if one did (the estimate is then over the
    /// probes completed; the probe it stopped counts for nothing).
    pub stopped: Option<Stop>,
}

/// What an estimate says beside the solutions a search found ([`Estimate::against`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Reading {
    /// No probe finished: there is no estimate.
    NoProbe,
    /// No probe reached a solution, though the search found some: the probes missed them,
    /// and only the search's count stands.
    NoHit,
    /// The estimate is below what the search found: too few probes hit, and only the
    /// search's count stands.
    BelowFound {
        /// The probes' estimate, which the search's count contradicts.
        solutions: Magnitude,
    },
    /// The estimate, at or above what the search found.
    Estimated {
        /// The estimated number of solutions.
        solutions: Magnitude,
        /// Its standard error; `None` from a single probe.
        std_error: Option<Magnitude>,
    },
}

impl Estimate {
    /// How the estimate reads beside the `found` solutions a search found (at least that many
    /// exist): an estimate that says fewer, or that no probe reached, is not one to give.
    ///
    /// ```
    /// use shapedoku::solver::{Estimate, Magnitude, Reading};
    /// let e = Estimate { solutions: Some(Magnitude::ZERO), std_error: None, probes: 1,
    ///     hits: 0, seed: 1, stopped: None };
    /// assert_eq!(e.against(5), Reading::NoHit);
    /// ```
    pub fn against(&self, found: u64) -> Reading {
        match self.solutions {
            None => Reading::NoProbe,
            Some(_) if self.hits == 0 && found > 0 => Reading::NoHit,
            Some(s) if s < Magnitude::from_f64(found as f64) => {
                Reading::BelowFound { solutions: s }
            }
            Some(s) => Reading::Estimated {
                solutions: s,
                std_error: self.std_error,
            },
        }
    }
}

/// The sums of the probes' weights and of their squares, scaled by the largest weight so far
/// so that they stay within an `f64` whatever the weights' size.
#[derive(Debug, Default)]
struct Sums {
    /// The natural logarithm of the scale, once a probe has reached a solution.
    scale: Option<f64>,
    /// The weights over the scale, added up.
    sum: f64,
    /// Their squares over the scale's square, added up.
    sum_sq: f64,
}

impl Sums {
    fn add(&mut self, ln_weight: f64) {
        let scale = match self.scale {
            Some(s) if s >= ln_weight => s,
            Some(s) => {
                // A new largest weight: rescale what is summed so far.
                let r = (s - ln_weight).exp();
                self.sum *= r;
                self.sum_sq *= r * r;
                self.scale = Some(ln_weight);
                ln_weight
            }
            None => {
                self.scale = Some(ln_weight);
                ln_weight
            }
        };
        let x = (ln_weight - scale).exp();
        self.sum += x;
        self.sum_sq += x * x;
    }

    /// The mean and the standard error of the mean over `n` probes (the zero weights count in
    /// `n` though they add nothing).
    fn mean_and_error(&self, n: u64) -> (Option<Magnitude>, Option<Magnitude>) {
        if n == 0 {
            return (None, None);
        }
        let Some(scale) = self.scale else {
            let zero = (n > 1).then_some(Magnitude::ZERO);
            return (Some(Magnitude::ZERO), zero);
        };
        let nf = n as f64;
        let mean = self.sum / nf;
        let at = |x: f64| Magnitude::from_ln(x.ln() + scale);
        let error = (n > 1).then(|| {
            let var = ((self.sum_sq - self.sum * mean) / (nf - 1.0)).max(0.0);
            if var == 0.0 {
                Magnitude::ZERO
            } else {
                at((var / nf).sqrt())
            }
        });
        (Some(at(mean)), error)
    }
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
    /// let (mean, error) = (e.solutions.unwrap().to_f64(), e.std_error.unwrap().to_f64());
    /// assert!((mean - 288.0).abs() < 4.0 * error.max(1.0));
    /// ```
    pub fn estimate(&mut self, probes: u64, seed: u64, budget: &Budget) -> Estimate {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut meter = Meter::new(budget, None);
        let mut stats = Stats::default();
        let mut sums = Sums::default();
        let (mut done, mut hits) = (0u64, 0u64);
        let mut stopped = None;
        let root = self.engine.root_candidates(&self.givens);
        'probes: while done < probes {
            let Some(root) = &root else {
                // No solution at all: every probe is zero.
                done = probes;
                break;
            };
            let mut cur = root.clone();
            // The weight's natural logarithm: a sum where the weight is a product.
            let mut ln_weight = 0.0f64;
            let reached = loop {
                let Some((cell, _)) = min_cell(&cur) else {
                    break true;
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
                    break false;
                }
                ln_weight += (children.len() as f64).ln();
                let k = rng.random_range(0..children.len());
                cur = children.swap_remove(k);
            };
            if reached {
                hits += 1;
                sums.add(ln_weight);
            }
            done += 1;
        }
        let (solutions, std_error) = sums.mean_and_error(done);
        Estimate {
            solutions,
            std_error,
            probes: done,
            hits,
            seed,
            stopped,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Magnitude, Reading};
    use crate::solver::{Budget, Stop};
    use crate::{GeometryBuilder, GridSpec, Pos, Puzzle, Solver, Symbols, builtin, oracle};
    use std::sync::Arc;

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
            let (mean, error) = (e.solutions.unwrap().to_f64(), e.std_error.unwrap().to_f64());
            // Three standard errors: a fixed seed makes this a fixed check, not a flaky one.
            assert!(
                (mean - truth).abs() <= 3.0 * error + 1e-9,
                "{variant} {line}: {mean} ± {error} vs {truth}"
            );
            assert!(error < truth * 0.2, "{e:?}");
            assert!(matches!(
                e.against(1),
                Reading::Estimated {
                    std_error: Some(_),
                    ..
                }
            ));
        }
    }

    #[test]
    fn exact_cases_and_limits() {
        let g = builtin::geometry("4x4").unwrap();
        let unique = Puzzle::from_line(g.clone(), "12.. 3... ...2 ..1.").unwrap();
        let e = Solver::new(&unique).estimate(50, 1, &Default::default());
        assert_eq!(
            (e.solutions, e.std_error),
            (Some(Magnitude::from_f64(1.0)), Some(Magnitude::ZERO))
        );
        let none = Puzzle::from_line(g.clone(), "11.. .... .... ....").unwrap();
        let e = Solver::new(&none).estimate(50, 1, &Default::default());
        assert_eq!(
            (e.solutions, e.probes, e.hits),
            (Some(Magnitude::ZERO), 50, 0)
        );
        assert_eq!(
            e.against(0),
            Reading::Estimated {
                solutions: Magnitude::ZERO,
                std_error: Some(Magnitude::ZERO)
            }
        );
        let blank = Puzzle::empty(g);
        let e = Solver::new(&blank).estimate(50, 1, &Budget::default().with_guesses(10));
        assert_eq!(e.stopped, Some(Stop::Guesses { max: 10 }));
        assert!(e.probes < 50);
        let again = Solver::new(&blank).estimate(50, 1, &Default::default());
        assert_eq!(
            again,
            Solver::new(&blank).estimate(50, 1, &Default::default())
        );
    }

    /// One probe: an estimate with no standard error; none: no estimate at all.
    #[test]
    fn one_probe_gives_no_error_and_none_gives_no_estimate() {
        let blank = Puzzle::empty(builtin::geometry("classic").unwrap());
        let e = Solver::new(&blank).estimate(1, 3, &Default::default());
        assert_eq!((e.probes, e.std_error), (1, None));
        if e.hits == 1 {
            assert!(matches!(
                e.against(2),
                Reading::Estimated {
                    std_error: None,
                    ..
                }
            ));
        }
        let e = Solver::new(&blank).estimate(10, 3, &Budget::default().with_guesses(0));
        assert_eq!((e.probes, e.solutions, e.std_error), (0, None, None));
        assert_eq!(e.against(2), Reading::NoProbe);
    }

    /// A blank 25x25's probes weigh 1e300 to 1e306, and their sum and squares overflowed an
    /// `f64` (the estimate printed `inf`, and 4.29e305 with an error of 0): in logarithms they
    /// stay finite, with a real spread.
    #[test]
    fn weights_near_and_past_an_f64_stay_finite() {
        let syms = Symbols::new("123456789ABCDEFGHIJKLMNOP".chars()).unwrap();
        let mut b = GeometryBuilder::new("25", syms);
        b.grid(GridSpec::square(Pos::new(1, 1), 25).with_boxes(5, 5));
        let g = Arc::new(b.build().unwrap());
        let e = Solver::for_geometry(g).estimate(3, 1, &Default::default());
        assert_eq!(e.probes, 3);
        let (mean, error) = (e.solutions.unwrap(), e.std_error.unwrap());
        assert!(mean.log10().is_finite() && mean.log10() > 154.0, "{mean}");
        assert!(error.log10().is_finite() && !error.is_zero(), "{error}");
        // Weights of 10^1000 and more, summed: the mean and error of a known sample.
        let mut sums = super::Sums::default();
        let ten = std::f64::consts::LN_10;
        for k in [1000.0, 1000.0, 1001.0] {
            sums.add(k * ten);
        }
        // Weights 1e1000, 1e1000, 1e1001 and one dead end: mean 3e1000.
        let (mean, error) = sums.mean_and_error(4);
        let (m, exp) = mean.unwrap().scientific();
        assert!((m - 3.0).abs() < 1e-9 && exp == 1000, "{m}e{exp}");
        // Sample deviation of (1, 1, 10, 0)e1000 over the square root of 4.
        let (m, exp) = error.unwrap().scientific();
        assert_eq!(exp, 1000);
        let want = ((4.0 + 4.0 + 49.0 + 9.0) / 3.0f64).sqrt() / 2.0;
        assert!((m - want).abs() < 1e-9, "{m} vs {want}");
    }

    #[test]
    fn an_estimate_below_the_found_solutions_is_not_given() {
        let two = super::Estimate {
            solutions: Some(Magnitude::from_f64(2.0)),
            std_error: Some(Magnitude::from_f64(1.0)),
            probes: 4,
            hits: 1,
            seed: 0,
            stopped: None,
        };
        assert_eq!(
            two.against(5),
            Reading::BelowFound {
                solutions: Magnitude::from_f64(2.0)
            }
        );
        assert!(matches!(two.against(2), Reading::Estimated { .. }));
        let missed = super::Estimate {
            hits: 0,
            solutions: Some(Magnitude::ZERO),
            ..two
        };
        assert_eq!(missed.against(1), Reading::NoHit);
    }

    #[test]
    fn magnitudes_print_at_any_size() {
        assert_eq!(Magnitude::from_f64(123_456.0).to_string(), "123456.0");
        assert_eq!(Magnitude::from_f64(4.29e305).to_string(), "4.290e305");
        let huge = Magnitude::from_ln(7000.0 * std::f64::consts::LN_10 + 2f64.ln());
        assert_eq!(huge.to_string(), "2.000e7000");
        assert_eq!(Magnitude::from_f64(9.9996e6).to_string(), "1.000e7");
        assert_eq!(Magnitude::from_f64(0.0), Magnitude::ZERO);
        assert!(Magnitude::ZERO < Magnitude::from_f64(1e-300));
    }
}
