//! True candidates: per cell, the symbols that appear in at least one solution, as setters use
//! them to see where a puzzle is still ambiguous.
//!
//! Enumerating every solution would take as long as there are solutions. Instead each cell and
//! symbol not yet seen in a solution is asked about once: the solver looks for one solution
//! with that symbol placed there. A solution found marks every cell's symbol in it at once, so
//! most questions are answered before they are asked; the others end in a proof that the
//! symbol cannot go there. At most one question per cell and symbol, each a single search.

use super::{Budget, Solver, Stop};
use crate::{Grid, SymbolSet};

/// The true candidates of a puzzle ([`Solver::true_candidates`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrueCandidates {
    /// Per cell, the symbols seen in a solution.
    pub possible: Vec<SymbolSet>,
    /// Per cell, the symbols neither seen in a solution nor ruled out, because a limit stopped
    /// their search or the solution cap was reached first. Empty sets when the answer is
    /// complete.
    pub undecided: Vec<SymbolSet>,
    /// The distinct solutions found on the way (each question that found one found a new one).
    pub solutions: Vec<Grid>,
    /// Whether the solution cap stopped the work.
    pub capped: bool,
    /// The limit of the budget that stopped a search, if one did.
    pub stopped: Option<Stop>,
}

impl TrueCandidates {
    /// Whether every cell and symbol was decided.
    pub fn is_complete(&self) -> bool {
        self.undecided.iter().all(|s| s.is_empty())
    }
    /// Whether the puzzle was shown to have no solution.
    pub fn no_solution(&self) -> bool {
        self.is_complete() && self.solutions.is_empty()
    }
}

impl Solver {
    /// The true candidates of the solver's puzzle, finding at most `max_solutions` (at least 1)
    /// solutions. Each search runs within `budget`'s guess limit, and all of them before its
    /// deadline. The givens are left as they were.
    ///
    /// ```
    /// use shapedoku::{builtin, Puzzle, Solver, SymbolSet};
    /// let g = builtin::geometry("4x4").unwrap();
    /// // Two solutions: the 1s and 2s of columns 3 and 4 can be swapped.
    /// let p = Puzzle::from_line(g, "1234 34.. 21.. 43..").unwrap();
    /// let tc = Solver::new(&p).true_candidates(100, &Default::default());
    /// assert!(tc.is_complete());
    /// assert_eq!(tc.solutions.len(), 2);
    /// assert_eq!(tc.possible[0], SymbolSet::single(0));
    /// assert_eq!(tc.possible[6], SymbolSet::single(0).with(1));
    /// ```
    pub fn true_candidates(&mut self, max_solutions: usize, budget: &Budget) -> TrueCandidates {
        let n = self.geometry.cell_count();
        let given = self.givens.clone();
        let mut out = TrueCandidates {
            possible: vec![SymbolSet::default(); n],
            undecided: vec![SymbolSet::default(); n],
            solutions: Vec::new(),
            capped: false,
            stopped: None,
        };
        // Propagation alone rules out most pairs; what it leaves is asked about.
        let Some(open) = self.engine.root_candidates(&given) else {
            return out;
        };
        let max = max_solutions.max(1);
        for (cell, &cands) in open[..n].iter().enumerate() {
            for s in SymbolSet(cands).iter() {
                if out.possible[cell].contains(s) {
                    continue;
                }
                if out.capped
                    || out.stopped == Some(Stop::Deadline)
                    || out.stopped == Some(Stop::Cancelled)
                {
                    out.undecided[cell] = out.undecided[cell].with(s);
                    continue;
                }
                self.givens.clone_from(&given);
                self.givens[cell] = Some(s);
                let count = self.count_with(1, budget);
                match count.solutions.into_iter().next() {
                    Some(sol) => {
                        for (c, &v) in sol.as_indices().iter().enumerate() {
                            out.possible[c] = out.possible[c].with(v);
                        }
                        out.solutions.push(sol);
                        out.capped = out.solutions.len() >= max;
                    }
                    None if count.stopped.is_some() => {
                        out.undecided[cell] = out.undecided[cell].with(s);
                        out.stopped = count.stopped;
                    }
                    None => {}
                }
            }
        }
        self.givens = given;
        // A pair asked about before the cap was met may be seen in a later solution.
        for (u, p) in out.undecided.iter_mut().zip(&out.possible) {
            *u = u.minus(*p);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::{Puzzle, Solver, SymbolSet, builtin, oracle};

    /// The union over every solution, by the reference solver.
    fn union(p: &Puzzle) -> Vec<SymbolSet> {
        let mut u = vec![SymbolSet::default(); p.geometry().cell_count()];
        for s in oracle::solutions(p, usize::MAX) {
            for (c, &v) in s.iter().enumerate() {
                u[c] = u[c].with(v);
            }
        }
        u
    }

    #[test]
    fn true_candidates_are_the_union_over_all_solutions() {
        let cases = [
            ("4x4", "1... .... .... ...."),
            ("4x4", "12.. .... .... ...4"),
            ("4x4", "11.. .... .... ...."),
            ("6x6", "123... ...... ..4... ...... 5..... .....6"),
            ("6x6", "1.2.3. ...... ...... ...... ...... ......"),
        ];
        for (variant, line) in cases {
            let p = Puzzle::from_line(builtin::geometry(variant).unwrap(), line).unwrap();
            let tc = Solver::new(&p).true_candidates(1_000_000, &Default::default());
            assert!(tc.is_complete() && !tc.capped);
            assert_eq!(tc.possible, union(&p), "{variant} {line}");
            assert!(
                tc.solutions
                    .iter()
                    .all(|s| p.verify(s.as_indices()).is_ok())
            );
        }
    }

    #[test]
    fn rules_beyond_shapes_count_too() {
        let text = "variant = \"6x6\"\ngivens = \"1..... ...... ...... ...... ...... ......\"\n[[rule]]\ntype = \"thermo\"\ncells = \"r2c2 r3c3 r4c4\"\n[[rule]]\ntype = \"anti-king\"\n";
        let p = crate::load::load_str("t.toml", text, None).unwrap().puzzle;
        let tc = Solver::new(&p).true_candidates(1_000_000, &Default::default());
        assert_eq!(tc.possible, union(&p));
    }

    #[test]
    fn the_cap_and_the_budget_leave_the_rest_undecided() {
        let p = Puzzle::empty(builtin::geometry("6x6").unwrap());
        let tc = Solver::new(&p).true_candidates(2, &Default::default());
        assert!(tc.capped && !tc.is_complete());
        assert_eq!(tc.solutions.len(), 2);
        // Found or undecided, never lost: together they are every symbol of every cell.
        let full = SymbolSet::full(6);
        assert!(
            tc.possible
                .iter()
                .zip(&tc.undecided)
                .all(|(p, u)| p.union(*u) == full)
        );
        let past = crate::solver::Budget::default().with_deadline(std::time::Instant::now());
        let tc = Solver::new(&p).true_candidates(100, &past.with_guesses(0));
        assert!(tc.stopped.is_some() && !tc.is_complete());
    }
}
