//! Published puzzles of the newer rule kinds with their setters' solutions
//! (`tests/data/kinds/`, each file naming its source; list in the folder's README). Each file
//! loads, which checks the stated solution against every given, shape and rule; then the
//! solver must prove the puzzle unique and find that solution.

use shapedoku::load::load_path;
use shapedoku::{Solver, Verdict};
use std::path::PathBuf;

fn corpus() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/kinds");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    v.sort();
    v
}

/// The files of one kind: their rule type appears in them.
fn of_kind(kind: &str) -> Vec<PathBuf> {
    let needle = format!("type = \"{kind}\"");
    (corpus().into_iter())
        .filter(|p| std::fs::read_to_string(p).unwrap().contains(&needle))
        .collect()
}

#[test]
fn published_puzzles_solve_uniquely_to_their_setters_solutions() {
    let files = corpus();
    assert!(!files.is_empty());
    for f in &files {
        let l = load_path(f).unwrap_or_else(|e| panic!("{e}"));
        let want = l.solution.as_deref().expect("a stated solution");
        let count = Solver::new(&l.puzzle).count(2);
        assert_eq!(count.verdict(), Verdict::Unique, "{}", f.display());
        assert_eq!(count.solutions[0].as_indices(), want, "{}", f.display());
        assert!(l.puzzle.verify(&count.solutions[0]).is_ok());
    }
}

#[test]
fn each_new_kind_has_published_puzzles() {
    // Three or more of each kind where that many were found (see the README); fewer for
    // the kinds whose search is not finished.
    for (kind, found) in [
        ("anti-taxicab", 2),
        ("sum-line", 3),
        ("rellik", 2),
        ("lockout", 2),
        ("dutch-flatmates", 2),
        ("global-entropy", 3),
        ("global-modular", 1),
        ("numbered-room", 3),
        ("counting-circles", 5),
        ("lunchbox", 3),
        ("any", 3),
        ("hidden-skyscraper", 3),
        ("same-values", 3),
        ("cage", 1),
        // The 9x9 chaos constructions with region clues are in tests/data/chaos/clues/ (the
        // solver proves them unique only with half their digits given): here the 6x6 ones.
        ("chaos-arrow", 2),
        ("chaos-count", 1),
        // One published puzzle of each found so far (see the README).
        ("equal-sum", 1),
        ("count-distinct", 1),
    ] {
        assert!(of_kind(kind).len() >= found, "{kind}");
    }
}

/// The reasoner's steps before its first guess on each published puzzle, checked against the
/// setter's solution; the rule steps say their reason in words. Within a deadline per puzzle
/// (debug builds are slow): what it reaches is checked.
#[test]
fn reasoning_on_published_puzzles_is_sound() {
    use shapedoku::reason::{self, Board, Deduction, Technique, explain};
    use shapedoku::solver::Budget;
    use std::time::{Duration, Instant};
    let mut rule_steps = 0;
    for f in corpus() {
        let l = load_path(&f).unwrap_or_else(|e| panic!("{e}"));
        let sol = l.solution.clone().expect("a stated solution");
        let g = l.puzzle.geometry();
        let budget = Budget::default().with_deadline(Instant::now() + Duration::from_secs(3));
        let run = reason::solve_board_within(Board::new(&l.puzzle), &budget);
        for step in run
            .steps
            .iter()
            .take_while(|s| s.technique() != Technique::Guess)
        {
            crate::common::assert_step_keeps(step, &sol);
            if let Deduction::RuleElimination { .. } = &step.deduction {
                rule_steps += 1;
                assert!(!explain::text(g, step).is_empty());
            }
        }
    }
    assert!(rule_steps > 0, "no rule step checked");
}
