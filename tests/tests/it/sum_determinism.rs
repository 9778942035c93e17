//! The same puzzle counted twice gives the same work, whatever else ran before it: in one
//! solver instance and in a fresh one, in the same process. A little-killer-only puzzle of the
//! issbench set (`tests/data/issbench/generated/little-killer/01.toml`) took 49,340 guesses in
//! one benchmark run and 52,410 in the next; its count went through the sum propagators, the
//! conflict-weighted search and, once the search stalled, the clause back end, so each stage
//! is compared: the search alone (a guess limit keeps the count there) and the clause back
//! end on the puzzle (a conflict limit stops it early). The counting solver now decides this
//! puzzle before its hand-over (`SUMS_BY_CELLS_STALL_FACTOR`), so the back end is called
//! directly.

use shapedoku::solver::Budget;
use shapedoku::solver::sat;
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
    {
        // The search alone: a caller's guess limit is never handed over.
        let budget = Budget::default().with_guesses(2_000);
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
    // The clause back end, its sums encoded afresh each time, stopped after some conflicts.
    let budget = sat::Budget {
        conflicts: Some(1_500),
        ..sat::Budget::default()
    };
    let run = || sat::count(&sat::Problem::from_puzzle(&p), 2, &budget).unwrap();
    let (a, b) = (run(), run());
    assert_eq!(a, b, "the clause back end counted twice");
    assert!(a.stopped.is_some(), "the limit must stop the count: {a:?}");
}
