//! The same puzzle counted twice gives the same work, whatever else ran before it: in one
//! solver instance and in a fresh one, in the same process. A little-killer-only puzzle of the
//! issbench set (`tests/data/issbench/generated/little-killer/01.toml`) took 49,340 guesses in
//! one benchmark run and 52,410 in the next; its count goes through the sum propagators, the
//! conflict-weighted search with restarts and, once the search stalls, the clause back end,
//! so each stage is compared: the search alone (a guess limit keeps the count there) and the
//! search handed over to clauses (a conflict limit stops the clauses early).

use shapedoku::solver::Budget;
use shapedoku::{Count, Puzzle, Solver};
use std::path::Path;

fn little_killer() -> Puzzle {
    let f =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("data/issbench/generated/little-killer/01.toml");
    shapedoku::load::load_path(&f).unwrap().puzzle
}

/// What a count did, to compare: verdict, solutions, work and which limit stopped it.
fn outcome(c: &Count) -> String {
    format!(
        "{:?} {:?} {:?} {:?}",
        c.verdict(),
        c.solutions
            .iter()
            .map(|g| g.as_indices().to_vec())
            .collect::<Vec<_>>(),
        c.stats,
        c.stopped.map(|s| format!("{s:?}")),
    )
}

#[test]
fn a_little_killer_count_does_the_same_work_every_time() {
    let p = little_killer();
    for budget in [
        // The search alone: a caller's guess limit is never handed over.
        Budget::default().with_guesses(2_000),
        // The search to its stall, then the clause back end, stopped after some conflicts.
        Budget::default().with_conflicts(1_500),
    ] {
        let mut first = Solver::new(&p);
        let a = outcome(&first.count_with(2, &budget));
        // The same instance again: its propagators' memories are warm now.
        let b = outcome(&first.count_with(2, &budget));
        // A fresh instance, after the other's counts (thread-local scratch space is warm).
        let c = outcome(&Solver::new(&p).count_with(2, &budget));
        assert_eq!(a, b, "the same solver counted twice: {budget:?}");
        assert_eq!(a, c, "two solvers: {budget:?}");
        assert!(a.contains("Some"), "the limit must stop the count: {a}");
    }
}
