//! A clause-learning back end for the counting solver: the puzzle's no-repeat rules as a SAT
//! problem over (cell, symbol) pairs, solved by a CDCL solver. Plain backtracking can stall for
//! a long time on sparse puzzles with large alphabets (25x25, 36x36) because it forgets why a
//! branch failed; a clause-learning solver remembers, and decides those puzzles in a fraction of
//! a second. The solver switches to it by itself when its search stalls.
//!
//! The back end sees the puzzle only as a [`Problem`]: cells with candidate masks, the symbols,
//! and the shapes' rules (peers and houses today). It knows nothing of the search, so another
//! back end (a stronger SAT solver, another encoding) can take its place behind the same
//! interface.
//!
//! The encoding is exact: every solution of the clauses is a grid that satisfies every
//! no-repeat shape and agrees with the candidates it starts from (which propagation only ever
//! narrows soundly), and every such grid satisfies the clauses. Uniqueness is proved the usual
//! way: after a solution, a clause forbidding exactly that grid is added, and the solver must
//! answer "unsatisfiable".
//!

use super::budget::Budget;
use super::count::{Count, Stats, Stop};
use crate::{Geometry, Grid};
use batsat::{Callbacks, ClauseKind, Lit, SolverInterface, SolverOpts, Var, lbool};
use std::cell::Cell;
use std::sync::Arc;

/// Calls of [`Callbacks::stop`] (one per decision) between two looks at the clock.
const POLL_CALLS: u32 = 1024;

/// A puzzle as a clause back end sees it: the candidates left after propagation at the root,
/// and the rules of the shapes, nothing of the search.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Problem<'a> {
    geometry: &'a Arc<Geometry>,
    candidates: &'a [u64],
}

impl<'a> Problem<'a> {
    /// The problem of a compiled geometry (its peers and shared house tables) with these
    /// candidates per cell (bit `s` is symbol `s`), typically the root candidates.
    pub(crate) fn new(geometry: &'a Arc<Geometry>, candidates: &'a [u64]) -> Problem<'a> {
        Problem {
            geometry,
            candidates,
        }
    }
    /// Number of cells.
    fn cells(&self) -> usize {
        self.candidates.len()
    }
    /// Number of symbols.
    fn symbols(&self) -> usize {
        self.geometry.symbol_count()
    }
    /// Cells that may not share a symbol with `cell` (every no-repeat shape through it), sorted.
    fn peers(&self, cell: usize) -> &'a [u32] {
        self.geometry.peers(cell)
    }
    /// The cells of each house (a no-repeat shape holding every symbol once), from the
    /// geometry's shared tables, as the search reads them.
    fn houses(&self) -> std::slice::ChunksExact<'a, u32> {
        let g = self.geometry;
        g.tables().house_cells.chunks_exact(g.symbol_count().max(1))
    }
    /// Whether some shape's rule is not a no-repeat rule (this encoding covers no other).
    fn other_rules(&self) -> bool {
        self.geometry
            .shapes()
            .iter()
            .any(|s| s.rule != crate::Rule::NoRepeat)
            || !self.geometry.constraints().is_empty()
    }
}

/// Stops the SAT search at the budget's conflict limit, deadline or cancellation.
struct Limits<'a> {
    conflicts: Cell<u64>,
    budget: &'a Budget,
    calls: Cell<u32>,
    stopped: Cell<Option<Stop>>,
}

impl Callbacks for Limits<'_> {
    fn on_new_clause(&mut self, _c: &[Lit], kind: ClauseKind) {
        if kind == ClauseKind::Learnt {
            self.conflicts.set(self.conflicts.get() + 1);
        }
    }
    fn stop(&self) -> bool {
        // Once stopped, stay stopped: the solver asks again before it gives up.
        if self.stopped.get().is_some() {
            return true;
        }
        if let Some(max) = self.budget.conflicts.filter(|&l| self.conflicts.get() >= l) {
            self.stopped.set(Some(Stop::Conflicts { max }));
            return true;
        }
        let calls = self.calls.get().wrapping_add(1);
        self.calls.set(calls);
        if calls % POLL_CALLS == 0 {
            if let Some(stop) = self.budget.expired() {
                self.stopped.set(Some(stop));
                return true;
            }
        }
        false
    }
}

/// Counts the solutions of a problem up to `limit` with the clause-learning back end, within
/// the budget's conflict limit, deadline and cancellation (its guess limit is the search's, not
/// this back end's). `None` when some rule is not a no-repeat rule: this encoding covers no
/// other.
pub(crate) fn count(problem: &Problem<'_>, limit: usize, budget: &Budget) -> Option<Count> {
    if problem.other_rules() {
        return None;
    }
    let limits = Limits {
        conflicts: Cell::new(0),
        budget,
        calls: Cell::new(0),
        stopped: Cell::new(None),
    };
    let mut sat = batsat::Solver::new(SolverOpts::default(), limits);
    let (var, ok) = encode(problem, &mut sat);
    Some(enumerate(problem, &mut sat, &var, ok, limit.max(1)))
}

/// One variable per candidate left, `var[c * n + s]` (`None` where `s` was ruled out), and the
/// clauses; false when they are contradictory at once.
fn encode(problem: &Problem<'_>, sat: &mut batsat::Solver<Limits<'_>>) -> (Vec<Option<Var>>, bool) {
    let (nc, n) = (problem.cells(), problem.symbols());
    let cands = problem.candidates;
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
        for &p in problem.peers(c) {
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
    for cells in problem.houses() {
        for s in 0..n {
            clause.clear();
            clause.extend(cells.iter().filter_map(|&c| lit(c as usize, s, true)));
            ok &= sat.add_clause_reuse(&mut clause);
        }
    }
    (var, ok)
}

/// Asks for solutions until `limit`, "unsatisfiable" or a stop, forbidding each one found.
fn enumerate(
    problem: &Problem<'_>,
    sat: &mut batsat::Solver<Limits<'_>>,
    var: &[Option<Var>],
    mut ok: bool,
    limit: usize,
) -> Count {
    let (nc, n) = (problem.cells(), problem.symbols());
    let mut solutions: Vec<Grid> = Vec::new();
    let mut exhausted = false;
    let mut stopped = None;
    let mut clause: Vec<Lit> = Vec::new();
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
                        .filter(|&c| problem.candidates[c].count_ones() > 1)
                        .filter_map(|c| var[c * n + grid[c] as usize].map(|v| Lit::new(v, false))),
                );
                solutions.push(Grid::from_solver(problem.geometry.clone(), grid));
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
                // The budget's own reason; batsat stops only when asked to.
                stopped = Some(sat.cb().stopped.get().unwrap_or(Stop::Cancelled));
                break;
            }
        }
    }
    if !ok {
        exhausted = true;
    }
    Count {
        solutions,
        exhausted,
        stopped,
        stats: Stats {
            nodes: sat.num_decisions(),
            guesses: sat.num_conflicts(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Puzzle, Solver, builtin};
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// The givens as candidates, without any propagation: the encoding must not rely on it.
    fn candidates(p: &Puzzle) -> Vec<u64> {
        let all = crate::SymbolSet::full(p.geometry().symbol_count()).0;
        p.givens()
            .iter()
            .map(|g| g.map_or(all, |s| 1 << s))
            .collect()
    }

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
                let mut fast = Solver::new(&p).count(4).solutions;
                let cands = candidates(&p);
                let problem = Problem::new(&g, &cands);
                let mut sat = count(&problem, 4, &Budget::default()).unwrap();
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
        let p = Puzzle::from_line(g.clone(), "11.. .... .... ....").unwrap();
        let cands = candidates(&p);
        let c = count(&Problem::new(&g, &cands), 2, &Budget::default()).unwrap();
        assert_eq!(c.verdict(), crate::Verdict::NoSolution);
        let killer = builtin::geometry("killer").unwrap();
        let cands = candidates(&Puzzle::empty(killer.clone()));
        assert!(count(&Problem::new(&killer, &cands), 2, &Budget::default()).is_none());
    }

    #[test]
    fn the_budget_stops_the_clauses() {
        let g = builtin::geometry("classic").unwrap();
        let cands = candidates(&Puzzle::empty(g.clone()));
        let problem = Problem::new(&g, &cands);
        let none = Budget::default().with_conflicts(0);
        let c = count(&problem, 2, &none).unwrap();
        assert_eq!(c.stopped, Some(Stop::Conflicts { max: 0 }));
        assert_eq!(c.verdict(), crate::Verdict::Undecided);
        // Cancelled: noticed at a poll, after many decisions of a long enumeration.
        let cancel = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        let c = count(&problem, 1_000_000, &Budget::default().with_cancel(cancel)).unwrap();
        assert_eq!(c.stopped, Some(Stop::Cancelled));
    }
}
