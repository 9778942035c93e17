//! The hand-over from the search to the clause back end ([`super::sat`]): the candidates left
//! after the search's own propagation at the root become a [`sat::Problem`], and its outcome a
//! [`Count`] like the search's, within the same [`Budget`] (its conflict limit, deadline and
//! cancellation; the guess limit is the search's).

use super::budget::Budget;
use super::count::{Count, Stats, Stop};
use super::sat;
use crate::{Geometry, Grid};
use std::sync::Arc;

/// Counts solutions up to `limit` with the clause back end from these candidates per cell
/// (bit `s` is symbol `s`). `None` when the back end cannot take the geometry (rules beyond
/// shapes) or a shape (a sum too large to encode): the caller keeps its own answer.
pub(super) fn count(
    geometry: &Arc<Geometry>,
    candidates: &[u64],
    limit: usize,
    budget: &Budget,
) -> Option<Count> {
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
