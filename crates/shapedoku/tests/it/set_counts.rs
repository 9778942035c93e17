//! Equal sums (`equal-sum`) and count-distinct (`count-distinct`): loaded from TOML, counted by
//! the fast solver and checked against the reference solver on random and planted 4x4s, the
//! reasoner's steps checked against a planted solution, the checks on partly filled grids, and
//! the loader's errors at line and column.

use crate::common;

use common::{count, load};
use proptest::prelude::*;
use shapedoku::load::load_str;
use shapedoku::reason::{self, Technique};
use shapedoku::{Solver, oracle};

/// Every solution of a blank 4x4, as digits row by row.
fn all_4x4() -> Vec<Vec<u8>> {
    let l = load("variant = \"4x4\"\n");
    oracle::solutions(&l.puzzle, 1000)
        .into_iter()
        .map(|s| s.iter().map(|&x| x + 1).collect())
        .collect()
}

fn rc(i: usize) -> String {
    format!("r{}c{}", i / 4 + 1, i % 4 + 1)
}

fn list(cells: &[usize]) -> String {
    cells.iter().map(|&c| rc(c)).collect::<Vec<_>>().join(" ")
}

/// Givens of `sol` (planted) or random digits where `givens` has one.
fn givens_of(sol: &[u8], givens: &[Option<u8>], plant: bool) -> String {
    (0..16)
        .map(|i| match givens[i] {
            Some(_) if plant => char::from(b'0' + sol[i]),
            Some(d) => char::from(b'0' + d),
            None => '.',
        })
        .collect()
}

/// The fast solver finds as many solutions as the oracle, each keeping every rule; the
/// planted solution, when there is one, is among them, and every step the reasoner takes
/// before its first guess keeps it.
fn agrees(text: &str, planted: Option<&[u8]>) -> Result<(), TestCaseError> {
    // Random givens may clash, a planted rule may come out empty: refused files are not
    // what is tested here.
    let Ok(l) = load_str("p", text, None) else {
        return Ok(());
    };
    let fast = Solver::new(&l.puzzle).count(1000).solutions;
    let slow = oracle::solutions(&l.puzzle, 1000);
    prop_assert_eq!(fast.len(), slow.len(), "{}", text);
    for s in &fast {
        prop_assert!(l.puzzle.verify(s).is_ok(), "{}", text);
    }
    if let Some(sol) = planted {
        let sol: Vec<u8> = sol.iter().map(|&x| x - 1).collect();
        prop_assert!(slow.contains(&sol), "{}", text);
        let run = reason::solve(&l.puzzle);
        for step in (run.steps.iter()).take_while(|s| s.technique() != Technique::Guess) {
            prop_assert!(step.breaks(&sol).is_none(), "{:?}\n{}", step, text);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Two to four sets of one to four cells, from two shuffles of the 4x4 (so sets may share
    /// cells), random or, planted, the sets of a known solution with the most common sum.
    #[test]
    fn equal_sums_count_like_the_oracle(
        which in 0usize..288,
        a in Just((0usize..16).collect::<Vec<_>>()).prop_shuffle(),
        b in Just((0usize..16).collect::<Vec<_>>()).prop_shuffle(),
        sizes in prop::collection::vec(1usize..=4, 2..=8),
        plant in any::<bool>(),
        givens in prop::collection::vec(prop::option::weighted(0.12, 1u8..=4), 16),
    ) {
        let all = all_4x4();
        let sol = &all[which % all.len()];
        // Candidate sets: windows of the two shuffles.
        let mut candidates: Vec<Vec<usize>> = Vec::new();
        let (mut i, mut j) = (0, 0);
        for (k, &n) in sizes.iter().enumerate() {
            let (order, at) = if k % 2 == 0 { (&a, &mut i) } else { (&b, &mut j) };
            if *at + n <= 16 {
                candidates.push(order[*at..*at + n].to_vec());
                *at += n;
            }
        }
        let sets: Vec<Vec<usize>> = if plant {
            let sum = |s: &Vec<usize>| s.iter().map(|&c| u32::from(sol[c])).sum::<u32>();
            let best = (candidates.iter().map(sum))
                .max_by_key(|t| candidates.iter().filter(|s| sum(s) == *t).count());
            candidates.iter().filter(|s| Some(sum(s)) == best).cloned().collect()
        } else {
            candidates.into_iter().take(4).collect()
        };
        if sets.len() < 2 {
            return Ok(());
        }
        let sets: Vec<String> = sets.iter().map(|s| format!("\"{}\"", list(s))).collect();
        let text = format!(
            "variant = \"4x4\"\ngivens = \"{}\"\n[[rule]]\ntype = \"equal-sum\"\nsets = [{}]\n",
            givens_of(sol, &givens, plant),
            sets.join(", ")
        );
        agrees(&text, plant.then_some(sol.as_slice()))?;
    }

    /// A control cell counting one to seven cells (itself among them or not), random or,
    /// planted, a control cell whose digit in a known solution is the count.
    #[test]
    fn count_distinct_counts_like_the_oracle(
        which in 0usize..288,
        order in Just((0usize..16).collect::<Vec<_>>()).prop_shuffle(),
        size in 1usize..=7,
        itself in any::<bool>(),
        plant in any::<bool>(),
        givens in prop::collection::vec(prop::option::weighted(0.12, 1u8..=4), 16),
    ) {
        let all = all_4x4();
        let sol = &all[which % all.len()];
        let counted = &order[1..=size];
        let mut control = order[0];
        if plant {
            let mut digits: Vec<u8> = counted.iter().map(|&c| sol[c]).collect();
            digits.sort_unstable();
            digits.dedup();
            let k = digits.len() as u8;
            // A cell outside the counted ones holding the count (counting itself, it adds
            // its own digit, which must already be among them).
            match order[size + 1..].iter().find(|&&c| sol[c] == k && (!itself || digits.contains(&k))) {
                Some(&c) => control = c,
                None => return Ok(()),
            }
        }
        let mut cells = vec![control];
        if itself {
            cells.push(control);
        }
        cells.extend(counted);
        let text = format!(
            "variant = \"4x4\"\ngivens = \"{}\"\n[[rule]]\ntype = \"count-distinct\"\ncells = \"{}\"\n",
            givens_of(sol, &givens, plant),
            list(&cells)
        );
        agrees(&text, plant.then_some(sol.as_slice()))?;
    }
}

#[test]
fn equal_sums_and_counts_hold_as_worked_out() {
    use shapedoku::constraint::{Constraint, RuleKind};
    use shapedoku::{CellId, builtin};
    let g = builtin::geometry("classic").unwrap();
    let at = |cells: &'static [(usize, u8)]| {
        move |c: CellId| cells.iter().find(|x| x.0 == c.index()).map(|x| x.1)
    };
    // Sets r1c1 r1c2 (cells 0 1) and r9c9 (80); symbol s has value s + 1.
    let sets = vec![vec![CellId::new(0), CellId::new(1)], vec![CellId::new(80)]];
    let cells = vec![CellId::new(0), CellId::new(1), CellId::new(80)];
    let eq = Constraint::new("e", RuleKind::EqualSum { cells, sets });
    // 1 + 2 = 3: equal; 1 + 3 and 3: not; a set not yet full says nothing.
    assert!(eq.holds(&g, &at(&[(0, 0), (1, 1), (80, 2)])));
    assert!(!eq.holds(&g, &at(&[(0, 0), (1, 2), (80, 2)])));
    assert!(eq.holds(&g, &at(&[(0, 8), (80, 0)])));
    // r1c1 counts r1c2 r1c3 r1c4 (cells 1 2 3).
    let cd = Constraint::new(
        "c",
        RuleKind::CountDistinct {
            cells: [0, 1, 2, 3].map(CellId::new).to_vec(),
            counts_itself: false,
        },
    );
    // 2 over 5 5 7; not 3 over 5 5 7; 1 over 5 and two empty cells may still be 1 to 3.
    assert!(cd.holds(&g, &at(&[(0, 1), (1, 4), (2, 4), (3, 6)])));
    assert!(!cd.holds(&g, &at(&[(0, 2), (1, 4), (2, 4), (3, 6)])));
    assert!(cd.holds(&g, &at(&[(0, 2), (1, 4)])));
    assert!(!cd.holds(&g, &at(&[(0, 3), (1, 4)])));
    // Counting itself, 2 over 2 2 2 7 is 2 (the control's own 2 among them).
    let own = Constraint::new(
        "o",
        RuleKind::CountDistinct {
            cells: [0, 1, 2, 3].map(CellId::new).to_vec(),
            counts_itself: true,
        },
    );
    assert!(own.holds(&g, &at(&[(0, 1), (1, 1), (2, 1), (3, 6)])));
    assert!(!cd.holds(&g, &at(&[(0, 1), (1, 1), (2, 1), (3, 1)])));
}

#[test]
fn equal_sums_and_counts_cut_the_blank_4x4_as_worked_out() {
    // Row 1's first two cells and its last two always add up alike only when both are 5:
    // {1,4} and {2,3}, in either order each and either side: 8 of the 24 first rows, and each
    // first row leaves 12 grids.
    let halves = "variant = \"4x4\"\n[[rule]]\ntype = \"equal-sum\"\nsets = [\"r1c1 r1c2\", \"r1c3 r1c4\"]\n";
    assert_eq!(count(halves), 8 * 12);
    // A cell counting the other three of its row sees three different digits: only a 3.
    let row =
        "variant = \"4x4\"\n[[rule]]\ntype = \"count-distinct\"\ncells = \"r1c1 r1c2 r1c3 r1c4\"\n";
    assert_eq!(count(row), 288 / 4);
    // Counting itself too, the whole row: four different digits, so a 4.
    let all = "variant = \"4x4\"\n[[rule]]\ntype = \"count-distinct\"\ncells = \"r1c1 r1c1 r1c2 r1c3 r1c4\"\n";
    assert_eq!(count(all), 288 / 4);
    // A 2 counting the other cells of its box and row 2's last two: those hold three
    // or four different digits, never two.
    let none = "variant = \"4x4\"\ngivens = \"2...............\"\n[[rule]]\ntype = \"count-distinct\"\ncells = \"r1c1 r1c2 r2c1 r2c2 r2c3 r2c4\"\n";
    assert_eq!(count(none), 0);
}

fn error_of(text: &str) -> (String, (usize, usize)) {
    let Err(e) = load_str("test", text, None) else {
        panic!("no error for {text}")
    };
    let d = &e.diagnostics[0];
    (d.message.clone(), d.line_col().expect("a place"))
}

#[test]
fn equal_sum_and_count_distinct_errors_name_the_place() {
    let cases = [
        (
            "variant = \"4x4\"\n[[rule]]\ntype = \"equal-sum\"\nsets = [\"r1c1 r1c2\"]\n",
            "needs 2 to 64 sets, not 1",
            (2, 1),
        ),
        (
            "variant = \"4x4\"\n[[rule]]\ntype = \"equal-sum\"\nsets = [\"r1c1 r1c1\", \"r2c2\"]\n",
            "r1c1 is listed twice in this set",
            (4, 15),
        ),
        (
            "variant = \"4x4\"\n[[rule]]\ntype = \"equal-sum\"\nsets = [\"r1c1\", \"r5c1\"]\n",
            "r5c1 is not a cell of the grid",
            (4, 18),
        ),
        (
            "variant = \"4x4\"\n[[rule]]\ntype = \"equal-sum\"\ncells = \"r1c1\"\nsets = [\"r1c1\", \"r2c2\"]\n",
            "takes its cells from `sets`",
            (4, 9),
        ),
        (
            "variant = \"4x4\"\n[[rule]]\ntype = \"equal-sum\"\n",
            "a `equal-sum` rule needs `sets`",
            (2, 1),
        ),
        (
            "symbols = \"ABCD\"\n[[grid]]\nsize = 4\nbox = [2, 2]\n[[rule]]\ntype = \"equal-sum\"\nsets = [\"r1c1\", \"r2c2\"]\n",
            "equal sums add values",
            (5, 1),
        ),
        (
            "variant = \"4x4\"\n[[rule]]\ntype = \"count-distinct\"\ncells = \"r1c1 r1c2 r1c2\"\n",
            "r1c2 is listed twice",
            (4, 20),
        ),
        (
            "variant = \"4x4\"\n[[rule]]\ntype = \"count-distinct\"\ncells = \"r1c1 r1c2 r1c1 r1c1\"\n",
            "r1c1 is listed twice",
            (4, 25),
        ),
        (
            "variant = \"4x4\"\n[[rule]]\ntype = \"count-distinct\"\ncells = \"r1c1\"\n",
            "counts 1 to 64 cells, not 0",
            (2, 1),
        ),
        (
            "variant = \"4x4\"\n[[rule]]\ntype = \"count-distinct\"\ncells = \"r1c1 r9c9\"\n",
            "r9c9 is not a cell of the grid",
            (4, 15),
        ),
    ];
    for (text, message, place) in cases {
        let (e, at) = error_of(text);
        assert!(e.contains(message), "{e}");
        assert_eq!(at, place, "{e}");
    }
}
