//! The hand-over from the search to the clause back end ([`super::sat`]): the candidates left
//! after the search's own propagation at the root become a [`sat::Problem`], and its outcome a
//! [`Count`] like the search's, within the same [`Budget`] (its conflict limit, deadline and
//! cancellation; the guess limit is the search's).
//!
//! The encodings take a clause per pair of peers and symbol, which is quadratic in the size of
//! the houses: 2.8 million clauses for a blank 36x36, 31 million (a gigabyte) for a blank 64x64.
//! So the hand-over declines a problem past [`MAX_CLAUSES`], and the search goes on alone, in
//! memory linear in the cells.

use super::budget::Budget;
use super::count::{Count, Stats, Stop};
use super::sat;
use crate::{Geometry, Grid};
use std::sync::Arc;

/// The most binary clauses the back end takes on (about 40 bytes each in the solver, so some
/// 160 MB).
pub(crate) const MAX_CLAUSES: u64 = 4_000_000;

/// The binary clauses of a pairwise encoding: a pair per two candidates of a cell, and per
/// symbol two peers share (the rest are one per cell and per house and symbol).
fn binary_clauses(geometry: &Geometry, candidates: &[u64]) -> u64 {
    let mut total = 0u64;
    for (c, &x) in candidates.iter().enumerate() {
        let k = u64::from(x.count_ones());
        total += k * k.saturating_sub(1) / 2;
        for &p in geometry.peers(c).iter().filter(|&&p| p as usize > c) {
            total += u64::from((x & candidates[p as usize]).count_ones());
        }
    }
    total
}

/// Counts solutions up to `limit` with the clause back end from these candidates per cell
/// (bit `s` is symbol `s`). `None` when the back end cannot take the geometry (rules beyond
/// shapes), a shape (a sum too large to encode) or the size (more than [`MAX_CLAUSES`]): the
/// caller keeps its own answer.
pub(super) fn count(
    geometry: &Arc<Geometry>,
    candidates: &[u64],
    limit: usize,
    budget: &Budget,
) -> Option<Count> {
    count_within(geometry, candidates, limit, budget, MAX_CLAUSES)
}

/// [`count`] with a cap of `max_clauses`.
fn count_within(
    geometry: &Arc<Geometry>,
    candidates: &[u64],
    limit: usize,
    budget: &Budget,
    max_clauses: u64,
) -> Option<Count> {
    if binary_clauses(geometry, candidates) > max_clauses {
        return None;
    }
    let problem = sat::Problem::for_geometry(geometry, candidates)?;
    let limits = sat::Budget {
        conflicts: budget.conflicts,
        deadline: budget.deadline,
        cancel: budget.cancel.as_deref(),
    };
    let out = sat::count(&problem, limit, &limits).ok()?;
    let stopped = out.stopped.map(|why| match why {
        sat::Stop::Conflicts => Stop::Conflicts {
            max: budget.conflicts.unwrap_or(0),
        },
        sat::Stop::Deadline => Stop::Deadline,
        sat::Stop::Cancelled => Stop::Cancelled,
    });
    let solutions = out
        .solutions
        .iter()
        .map(|s| {
            Grid::from_solver(
                geometry.clone(),
                s.iter().map(|x| x.index() as u8).collect(),
            )
        })
        .collect();
    Some(Count {
        solutions,
        exhausted: out.exhausted,
        stopped,
        stats: Stats {
            nodes: out.stats.decisions,
            guesses: out.stats.conflicts,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Puzzle, Solver, builtin};
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// The givens as candidates, with no propagation: the hand-over must not rely on it.
    fn candidates(p: &Puzzle) -> Vec<u64> {
        let all = crate::SymbolSet::full(p.geometry().symbol_count()).0;
        p.givens()
            .iter()
            .map(|g| g.map_or(all, |s| 1 << s))
            .collect()
    }

    /// The hand-over and the search find the same solutions, cages included, on puzzles planted
    /// from a random grid with many cells blanked (some with one solution, some with several).
    #[test]
    fn the_clauses_agree_with_the_search_cages_included() {
        for name in ["4x4", "classic", "jigsaw", "killer", "samurai"] {
            let g = builtin::geometry(name).unwrap();
            for seed in 0..6u64 {
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
                let full = Solver::for_geometry(g.clone())
                    .random_solution(seed)
                    .unwrap();
                let mut givens: Vec<Option<u8>> = full.iter().map(|&v| Some(v)).collect();
                for _ in 0..g.cell_count() * rng.random_range(40..80) / 100 {
                    givens[rng.random_range(0..g.cell_count())] = None;
                }
                let p = Puzzle::new(g.clone(), givens).unwrap();
                let searched = Solver::new(&p).count(3);
                let cands = candidates(&p);
                let clauses = count(&g, &cands, 3, &Budget::default()).unwrap();
                let key = |c: &Count| {
                    let mut s: Vec<Vec<u8>> = c.solutions.iter().map(|g| g.to_vec()).collect();
                    s.sort();
                    s
                };
                assert_eq!(searched.exhausted, clauses.exhausted, "{name} seed {seed}");
                assert!(clauses.solutions.iter().all(|s| p.verify(s).is_ok()));
                if searched.exhausted {
                    assert_eq!(key(&searched), key(&clauses), "{name} seed {seed}");
                }
            }
        }
    }

    /// Geometries whose rules are all pairs, which the counting solver hands over early
    /// (`PAIR_RULES_STALL_WORK`): the clauses find exactly the oracle's solutions on 6x6
    /// grids with nonconsecutive (alone, and with anti-king) planted from a random solution
    /// with many cells blanked.
    #[test]
    fn the_clauses_agree_with_the_oracle_on_pair_rules() {
        use crate::constraint::{Constraint, RuleKind};
        let six = builtin::geometry("6x6").unwrap();
        let kinds = [
            vec![RuleKind::Nonconsecutive],
            vec![RuleKind::Nonconsecutive, RuleKind::AntiKing],
        ];
        for (k, kinds) in kinds.into_iter().enumerate() {
            let rules = (kinds.into_iter().enumerate())
                .map(|(i, kind)| Constraint::new(&format!("rule {i}"), kind));
            let g = Arc::new(
                Arc::unwrap_or_clone(six.clone())
                    .with_constraints(rules)
                    .unwrap(),
            );
            for seed in 0..8u64 {
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
                // A grid with no solution at all (nonconsecutive with anti-king on 6x6) is
                // compared blank: both must find none.
                let full = Solver::for_geometry(g.clone()).random_solution(seed);
                let mut givens: Vec<Option<u8>> = match &full {
                    Some(full) => full.iter().map(|&v| Some(v)).collect(),
                    None => vec![None; g.cell_count()],
                };
                for _ in 0..g.cell_count() * rng.random_range(60..95) / 100 {
                    givens[rng.random_range(0..g.cell_count())] = None;
                }
                let p = Puzzle::new(g.clone(), givens).unwrap();
                let mut want = crate::oracle::solutions(&p, 3);
                want.sort();
                let got = count(&g, &candidates(&p), 3, &Budget::default()).unwrap();
                let mut got: Vec<Vec<u8>> = got
                    .solutions
                    .iter()
                    .map(|s| s.as_indices().to_vec())
                    .collect();
                got.sort();
                let at = format!("rules {k} seed {seed}");
                assert!(got.iter().all(|s| p.verify(s).is_ok()), "{at}");
                if want.len() < 3 {
                    assert_eq!(got, want, "{at}");
                } else {
                    assert_eq!(got.len(), 3, "{at}");
                }
            }
        }
    }

    #[test]
    fn problems_past_the_clause_cap_are_declined() {
        let classic = builtin::geometry("classic").unwrap();
        let cands = candidates(&Puzzle::empty(classic.clone()));
        // 81 cells with 36 pairs of candidates each, and 810 pairs of peers on 9 symbols.
        let n = 81 * 36 + 810 * 9;
        assert_eq!(binary_clauses(&classic, &cands), n);
        let b = Budget::default();
        assert!(count_within(&classic, &cands, 2, &b, n).is_some());
        assert!(count_within(&classic, &cands, 2, &b, n - 1).is_none());
    }

    #[test]
    fn limits_stop_the_clauses_and_say_which() {
        let g = builtin::geometry("classic").unwrap();
        let cands = candidates(&Puzzle::empty(g.clone()));
        let c = count(&g, &cands, 2, &Budget::default().with_conflicts(0)).unwrap();
        assert_eq!(c.stopped, Some(Stop::Conflicts { max: 0 }));
        assert_eq!(c.verdict(), crate::Verdict::Undecided);
        let cancel = Arc::new(std::sync::atomic::AtomicBool::new(true));
        let c = count(&g, &cands, 1000, &Budget::default().with_cancel(cancel)).unwrap();
        assert_eq!(c.stopped, Some(Stop::Cancelled));
    }
}
