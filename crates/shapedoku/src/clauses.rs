//! A clause-learning back end for the counting solver: the puzzle's no-repeat rules as a SAT
//! problem over (cell, symbol) pairs, solved by a CDCL solver. Plain backtracking can stall for
//! a long time on sparse puzzles with large alphabets (25x25, 36x36) because it forgets why a
//! branch failed; a clause-learning solver remembers, and decides those puzzles in a fraction of
//! a second. [`crate::Solver::count`] switches to it by itself when its search stalls, so callers
//! never need this module directly.
//!
//! The encoding is exact: every solution of the clauses is a grid that satisfies every
//! no-repeat shape and agrees with the candidates it starts from (which propagation only ever
//! narrows soundly), and every such grid satisfies the clauses. Uniqueness is proved the usual
//! way: after a solution, a clause forbidding exactly that grid is added, and the solver must
//! answer "unsatisfiable".
//!
//! ```
//! use shapedoku::{builtin, Puzzle, Solver, Verdict};
//! let g = builtin::geometry("4x4").unwrap();
//! let p = Puzzle::from_line(g, "12.. 3... ...2 ..1.").unwrap();
//! let c = shapedoku::clauses::count(&Solver::new(&p), 2, None).expect("no sum shapes");
//! assert_eq!(c.verdict(), Verdict::Unique);
//! assert!(p.verify(&c.solutions[0]).is_ok());
//! ```

use crate::solver::{Count, Solver, Stats};
use batsat::{Callbacks, ClauseKind, Lit, SolverInterface, SolverOpts, Var, lbool};
use std::cell::Cell;

/// Stops the SAT search after a number of conflicts (the analogue of the search's guess limit).
struct Budget {
    conflicts: Cell<u64>,
    limit: Option<u64>,
}

impl Callbacks for Budget {
    fn on_new_clause(&mut self, _c: &[Lit], kind: ClauseKind) {
        if kind == ClauseKind::Learnt {
            self.conflicts.set(self.conflicts.get() + 1);
        }
    }
    fn stop(&self) -> bool {
        self.limit.is_some_and(|l| self.conflicts.get() >= l)
    }
}

/// Counts the solutions of the solver's puzzle up to `limit` with the clause-learning back end,
/// stopping after `conflict_limit` learnt clauses if given. `None` when the geometry has sum
/// shapes, which this encoding does not cover.
pub fn count(solver: &Solver, limit: usize, conflict_limit: Option<u64>) -> Option<Count> {
    if solver.has_sums() {
        return None;
    }
    let limit = limit.max(1);
    let g = solver.geometry().clone();
    let Some(cands) = solver.clone().root_candidates() else {
        return Some(Count {
            solutions: Vec::new(),
            exhausted: true,
            aborted: false,
            stats: Stats::default(),
        });
    };
    let n = g.symbol_count();
    let nc = g.cell_count();
    let mut sat = batsat::Solver::new(
        SolverOpts::default(),
        Budget {
            conflicts: Cell::new(0),
            limit: conflict_limit,
        },
    );
    // One variable per remaining candidate; `var[c * n + s]` is None where s was ruled out.
    let mut var: Vec<Option<Var>> = vec![None; nc * n];
    for c in 0..nc {
        let mut m = cands[c];
        while m != 0 {
            let s = m.trailing_zeros() as usize;
            m &= m - 1;
            var[c * n + s] = Some(sat.new_var_default());
        }
    }
    let lit = |c: usize, s: usize, positive: bool| var[c * n + s].map(|v| Lit::new(v, positive));
    let mut clause: Vec<Lit> = Vec::new();
    let mut ok = true;
    for c in 0..nc {
        // Each cell holds one of its candidates, and at most one.
        clause.clear();
        clause.extend((0..n).filter_map(|s| lit(c, s, true)));
        let here = clause.clone();
        ok &= sat.add_clause_reuse(&mut clause);
        for i in 0..here.len() {
            for j in i + 1..here.len() {
                clause.clear();
                clause.extend([!here[i], !here[j]]);
                ok &= sat.add_clause_reuse(&mut clause);
            }
        }
        // Peers never share a symbol.
        for &p in g.peers(c) {
            let p = p as usize;
            if p <= c {
                continue;
            }
            let mut both = cands[c] & cands[p];
            while both != 0 {
                let s = both.trailing_zeros() as usize;
                both &= both - 1;
                if let (Some(a), Some(b)) = (lit(c, s, false), lit(p, s, false)) {
                    clause.clear();
                    clause.extend([a, b]);
                    ok &= sat.add_clause_reuse(&mut clause);
                }
            }
        }
    }
    // Every house holds every symbol somewhere (redundant given the above, but it lets the
    // solver see hidden singles at once).
    for &h in g.houses() {
        for s in 0..n {
            clause.clear();
            clause.extend(g.shape(h).cells.iter().filter_map(|&c| lit(c, s, true)));
            ok &= sat.add_clause_reuse(&mut clause);
        }
    }
    let mut solutions: Vec<Vec<u8>> = Vec::new();
    let mut exhausted = false;
    let mut aborted = false;
    while ok {
        match sat.solve_limited(&[]) {
            r if r == lbool::TRUE => {
                let grid: Vec<u8> = (0..nc)
                    .map(|c| {
                        (0..n)
                            .find(|&s| {
                                var[c * n + s].is_some_and(|v| sat.value_var(v) == lbool::TRUE)
                            })
                            .map_or(0, |s| s as u8)
                    })
                    .collect();
                // Forbid exactly this grid, then ask again.
                clause.clear();
                clause.extend(
                    (0..nc)
                        .filter(|&c| cands[c].count_ones() > 1)
                        .filter_map(|c| lit(c, grid[c] as usize, false)),
                );
                solutions.push(grid);
                if solutions.len() >= limit {
                    break;
                }
                ok = sat.add_clause_reuse(&mut clause);
            }
            r if r == lbool::FALSE => {
                exhausted = true;
                break;
            }
            _ => {
                aborted = true;
                break;
            }
        }
    }
    if !ok {
        exhausted = true;
    }
    Some(Count {
        solutions,
        exhausted,
        aborted,
        stats: Stats {
            nodes: sat.num_decisions(),
            guesses: sat.num_conflicts(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Puzzle, builtin};
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// The clause back end and the search agree on every solution set, on puzzles planted from a
    /// random grid with many cells blanked (so some have several solutions, some one).
    #[test]
    fn clauses_agree_with_the_search() {
        for name in ["4x4", "6x6", "classic", "x-diagonal", "jigsaw"] {
            let g = builtin::geometry(name).unwrap();
            for seed in 0..12u64 {
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
                let full = Solver::for_geometry(g.clone())
                    .random_solution(seed)
                    .unwrap();
                let blank = g.cell_count() * rng.random_range(40..75) / 100;
                let mut givens: Vec<Option<u8>> = full.iter().map(|&v| Some(v)).collect();
                for _ in 0..blank {
                    let c = rng.random_range(0..g.cell_count());
                    givens[c] = None;
                }
                let p = Puzzle::new(g.clone(), givens).unwrap();
                let mut solver = Solver::new(&p);
                let mut fast = solver.count(4).solutions;
                let mut sat = count(&solver, 4, None).unwrap();
                assert!(sat.solutions.iter().all(|s| p.verify(s).is_ok()));
                assert_eq!(sat.solutions.len() < 4, sat.exhausted, "{name} seed {seed}");
                fast.sort();
                sat.solutions.sort();
                assert_eq!(fast, sat.solutions, "{name} seed {seed}: {}", p.to_line());
            }
        }
    }

    #[test]
    fn contradictory_givens_have_no_solution_and_sums_are_declined() {
        let g = builtin::geometry("4x4").unwrap();
        let p = Puzzle::from_line(g, "11.. .... .... ....").unwrap();
        let c = count(&Solver::new(&p), 2, None).unwrap();
        assert_eq!(c.verdict(), crate::Verdict::NoSolution);
        let killer = builtin::geometry("killer").unwrap();
        assert!(count(&Solver::for_geometry(killer), 2, None).is_none());
    }
}
