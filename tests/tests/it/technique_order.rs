//! The HoDoKu order (`Order::Hodoku`): on real positions, the step the solver takes is of the
//! first technique of `HODOKU_ORDER` (HoDoKu's default step configuration) that has a step
//! there. What has a step is asked of every search by technique (`all_steps`, in the default
//! registry), so the test checks the HoDoKu registry against the order list, not against
//! expectations written by hand.

use shapedoku::reason::{self, Board, HODOKU_ORDER, Order, Technique};
use shapedoku::solver::Budget;
use shapedoku::{Puzzle, Solver, Verdict, builtin};

/// The first technique of HoDoKu's order with a step on `board`.
fn first_in_order(board: &Board) -> Option<Technique> {
    HODOKU_ORDER
        .iter()
        .copied()
        .find(|&t| !reason::all_steps(board, Some(t), 10_000).is_empty())
}

/// Checks the HoDoKu step on `board`; returns its technique.
fn check(board: &Board, what: &str) -> Option<Technique> {
    let got = reason::next_step_in(board, Order::Hodoku, &Budget::default())
        .expect("no budget limit")
        .map(|s| s.technique());
    assert_eq!(got, first_in_order(board), "{what}");
    got
}

/// Puzzles of the repository's rating set (SE 2.5-4.8, from a public puzzle bank), every 40th:
/// along their HoDoKu-order solves every step is checked. Their steps run from singles and
/// subsets through fish, simple chains, wings and uniqueness to the occasional chain, where
/// the two orders differ most.
#[test]
fn hodoku_order_along_solves() {
    let text = include_str!("../../data/rating/se_sukaku_2.5-4.8.tsv");
    let g = builtin::geometry("classic").unwrap();
    let mut seen = std::collections::BTreeSet::new();
    let mut steps = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')).step_by(40) {
        let givens = line.split('\t').next().unwrap();
        let p = Puzzle::from_line(g.clone(), givens).unwrap();
        let mut board = Board::new(&p);
        board.set_known_unique(Solver::new(&p).count(2).verdict() == Verdict::Unique);
        while !board.is_solved() {
            let step = reason::next_step_in(&board, Order::Hodoku, &Budget::default())
                .unwrap()
                .expect("a step, at worst a guess");
            let t = check(&board, givens).unwrap();
            assert_eq!(step.technique(), t);
            seen.insert(t);
            steps += 1;
            board.apply(&step);
        }
    }
    eprintln!("{steps} steps, techniques: {seen:?}");
    assert!(seen.len() >= 10, "too few techniques seen: {seen:?}");
}

/// The positions of HoDoKu's regression library (shared data; skipped when absent), each
/// made for one technique: the HoDoKu-order step there is the first technique of the order
/// list that has one.
#[test]
fn hodoku_order_on_reglib_positions() {
    let path = std::env::var("SHAPEDOKU_SHARED_DATA").map_or_else(
        |_| {
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../shared/data/technique/reglib.tsv"
            )
            .to_string()
        },
        |d| format!("{d}/technique/reglib.tsv"),
    );
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("note: {path} not found; skipping");
        return;
    };
    let g = builtin::geometry("classic").unwrap();
    let mut count = 0;
    for (ln, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#'))
    {
        let f: Vec<&str> = line.split('\t').collect();
        let puzzle = Puzzle::from_line(g.clone(), f[0]).unwrap();
        let mut board = Board::new(&puzzle);
        board.set_known_unique(true);
        for t in f[8].split_whitespace() {
            let b = t.as_bytes();
            let (d, r, c) = (b[0] - b'1', (b[1] - b'1') as usize, (b[2] - b'1') as usize);
            board.eliminate(r * 9 + c, d);
        }
        check(&board, &format!("line {}", ln + 1));
        count += 1;
    }
    assert!(count > 1000, "only {count} positions read");
}
