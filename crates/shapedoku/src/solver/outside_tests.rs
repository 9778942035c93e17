//! Soundness of the outside clues' propagation (`outside.rs`, `outside_sets.rs`): on one line
//! against every permutation that meets the clue, and on small grids against the oracle's
//! solutions.

use super::outside_sets::Sets;
use super::propagator::{Domains, Values};
use super::rules;
use crate::CellId;
use crate::constraint::RuleKind;
use crate::constraint::outside::line_holds;
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Every permutation of `0..n`, in lexicographic order.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut p: Vec<usize> = (0..n).collect();
    loop {
        out.push(p.clone());
        // The next permutation: the usual pivot and suffix reversal.
        let Some(i) = (0..n.saturating_sub(1)).rev().find(|&i| p[i] < p[i + 1]) else {
            return out;
        };
        let j = (i + 1..n).rev().find(|&j| p[j] > p[i]).unwrap_or(i);
        p.swap(i, j);
        p[i + 1..].reverse();
    }
}

/// The clue of `kind` (0 sandwich, 1 X-sum, 2 skyscraper) read off the values `line`.
fn clue_of(kind: u8, line: &[i64]) -> RuleKind {
    let cells: Vec<CellId> = (0..line.len()).map(CellId::new).collect();
    let n = line.len() as i64;
    match kind {
        0 => {
            let a = line.iter().position(|&v| v == 1).unwrap_or(0);
            let b = line.iter().position(|&v| v == n).unwrap_or(0);
            RuleKind::Sandwich {
                cells,
                total: line[a.min(b) + 1..a.max(b)].iter().sum(),
                clue: (0, 1),
            }
        }
        1 => RuleKind::XSum {
            cells,
            total: line[..line[0] as usize].iter().sum(),
            clue: (0, 1),
        },
        _ => {
            let (mut best, mut count) = (0, 0);
            for &v in line {
                if v > best {
                    (best, count) = (v, count + 1);
                }
            }
            RuleKind::Skyscraper {
                cells,
                count,
                clue: (0, 1),
            }
        }
    }
}

/// On one line holding each value once, with random candidates around a planted
/// permutation: the set pass and the whole clue keep every value of every permutation that
/// fits the candidates and meets the clue (not only the planted one), and the set pass
/// removes something on some lines (so the test can fail).
#[test]
fn a_clue_keeps_every_value_of_every_permutation_that_meets_it() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(30);
    let mut removed_by_sets = 0;
    for n in 4..=7usize {
        let perms = permutations(n);
        let values = Values::new(&(1..=n as i64).collect::<Vec<_>>());
        for round in 0..150 {
            let kind = (round % 3) as u8;
            let planted = &perms[rng.random_range(0..perms.len())];
            let line: Vec<i64> = planted.iter().map(|&s| s as i64 + 1).collect();
            let clue = clue_of(kind, &line);
            let keep = 0.2 + 0.6 * rng.random::<f64>();
            let board: Vec<u64> = planted
                .iter()
                .map(|&s| {
                    (0..n)
                        .filter(|_| rng.random_bool(keep))
                        .fold(1u64 << s, |m, t| m | 1 << t)
                })
                .collect();
            // What the clue allows exactly, given the candidates: the union per cell.
            let mut exact = vec![0u64; n];
            for p in &perms {
                let vals: Vec<i64> = p.iter().map(|&s| s as i64 + 1).collect();
                if p.iter().zip(&board).all(|(&s, &b)| b >> s & 1 == 1)
                    && line_holds(&clue, values.all(), &vals)
                {
                    for (e, &s) in exact.iter_mut().zip(p) {
                        *e |= 1 << s;
                    }
                }
            }
            let ids: Vec<u32> = (0..n as u32).collect();
            if let Some(sets) = Sets::new(&clue, &values, n, true) {
                let (mut cells, mut queue) = (board.clone(), Vec::new());
                let mut d = Domains::new(&mut cells, &mut queue, &values);
                assert!(sets.propagate(&ids, &mut d).is_ok(), "{clue:?} {board:?}");
                for i in 0..n {
                    assert_eq!(
                        cells[i] & exact[i],
                        exact[i],
                        "{clue:?} {board:?} {cells:?}"
                    );
                    removed_by_sets += (board[i] & !cells[i]).count_ones();
                }
            }
            // The whole clue as the solver compiles it: the automaton with the sets.
            let l = crate::constraint::outside::layers(&clue, values.all(), true, 4096).unwrap();
            let whole = super::outside::Clue::new(ids.clone(), l).with_clue(&clue, &values, true);
            let (mut cells, mut queue) = (board.clone(), Vec::new());
            let mut d = Domains::new(&mut cells, &mut queue, &values);
            use super::propagator::Propagator;
            assert!(whole.propagate(&mut d).is_ok(), "{clue:?} {board:?}");
            for i in 0..n {
                assert_eq!(
                    cells[i] & exact[i],
                    exact[i],
                    "{clue:?} {board:?} {cells:?}"
                );
            }
        }
    }
    assert!(removed_by_sets > 200, "only {removed_by_sets} removals");
}

/// A random clue of `kind` at a random side and line of a `size`x`size` grid.
fn clue_text(kind: u8, size: u32, side: u8, line: u32, number: i64) -> String {
    let at = match side % 4 {
        0 => format!("[0, {line}]"),
        1 => format!("[{}, {line}]", size + 1),
        2 => format!("[{line}, 0]"),
        _ => format!("[{line}, {}]", size + 1),
    };
    match kind {
        2 => format!(
            "[[rule]]\ntype = \"skyscraper\"\nat = {at}\ncount = {}\n",
            number.rem_euclid(i64::from(size)) + 1
        ),
        k => format!(
            "[[rule]]\ntype = \"{}\"\nat = {at}\ntotal = {}\n",
            ["sandwich", "x-sum"][k as usize],
            number.rem_euclid(i64::from(size * (size + 1) / 2) + 1)
        ),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Small grids with random sandwich, X-sum and skyscraper clues: on boards of
    /// candidates built around some of the oracle's solutions (their values plus random
    /// others), every clue's propagator keeps every value of those solutions.
    #[test]
    fn propagators_keep_every_solution_the_oracle_finds(
        six in any::<bool>(),
        clues in prop::collection::vec((0u8..3, 0u8..4, 1u32..=6, 0i64..40), 1..4),
        givens in prop::collection::vec(prop::option::weighted(0.15, 1u8..=6), 36),
        seed in any::<u64>(),
    ) {
        let size: u32 = if six { 6 } else { 4 };
        let n = (size * size) as usize;
        let g: String = givens[..n]
            .iter()
            .map(|v| v.filter(|&d| u32::from(d) <= size).map_or('.', |d| char::from(b'0' + d)))
            .collect();
        let mut text = format!("variant = \"{size}x{size}\"\ngivens = \"{g}\"\n");
        for &(kind, side, line, number) in &clues {
            text += &clue_text(kind, size, side, (line - 1) % size + 1, number);
        }
        let Ok(l) = crate::load::load_str("p", &text, None) else { return Ok(()) };
        let sols = crate::solver::oracle::solutions(&l.puzzle, 64);
        let geo = &l.geometry;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        for _ in 0..6 {
            if sols.is_empty() {
                break;
            }
            let mut some: Vec<&Vec<u8>> = sols.iter().collect();
            some.shuffle(&mut rng);
            some.truncate(rng.random_range(1..=3));
            let board: Vec<u64> = (0..n)
                .map(|c| {
                    let extra = (0..size).filter(|_| rng.random_bool(0.3)).fold(0u64, |m, s| m | 1 << s);
                    some.iter().fold(extra, |m, s| m | 1 << s[c])
                })
                .collect();
            for c in geo.constraints() {
                let mut cells = board.clone();
                let narrowed = rules::narrow_by_rule(c, geo, &mut cells);
                prop_assert!(narrowed.is_some(), "{} failed\n{text}", c.name);
                for s in &some {
                    for (i, &v) in s.iter().enumerate() {
                        prop_assert!(cells[i] >> v & 1 == 1, "{} removed a solution's value at cell {i}\n{text}", c.name);
                    }
                }
            }
        }
    }
}

/// Counts on 6x6 grids with sandwich, X-sum and skyscraper clues on full rows and columns,
/// read off a random solution, and a few givens: the set pass stands alone for sandwiches
/// and X-sums there (no automaton), and the search also branches on a value's two places
/// in a house. The same solutions as the oracle (up to 40), exhaustion exactly when fewer
/// exist, and branches on places taken in some counts (so the test reaches them).
#[test]
fn counts_with_outside_clues_on_full_lines_match_the_oracle() {
    use super::budget::{Budget, Meter};
    use super::propagate::Propagation;
    use super::search::Search;
    use std::sync::Arc;
    let base = crate::builtin::geometry("6x6").unwrap();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(31);
    let (mut placed, mut compared) = (0u64, 0);
    for seed in 0..40u64 {
        let full = crate::Solver::for_geometry(base.clone())
            .random_solution(seed)
            .unwrap();
        let sol = full.as_indices().to_vec();
        // Rows and columns, forwards or backwards, each with a clue of a random kind.
        let mut rules = Vec::new();
        for i in 0..rng.random_range(2..=5) {
            let k = rng.random_range(0..6u32);
            let mut cells: Vec<usize> = match rng.random_bool(0.5) {
                true => (0..6).map(|c| (k * 6 + c) as usize).collect(),
                false => (0..6).map(|r| (r * 6 + k) as usize).collect(),
            };
            if rng.random_bool(0.5) {
                cells.reverse();
            }
            let line: Vec<i64> = cells.iter().map(|&c| i64::from(sol[c]) + 1).collect();
            let kind = clue_of(rng.random_range(0..3), &line);
            let ids: Vec<CellId> = cells.iter().map(|&c| CellId::new(c)).collect();
            let kind = match kind {
                RuleKind::Sandwich { total, clue, .. } => RuleKind::Sandwich {
                    cells: ids,
                    total,
                    clue,
                },
                RuleKind::XSum { total, clue, .. } => RuleKind::XSum {
                    cells: ids,
                    total,
                    clue,
                },
                RuleKind::Skyscraper { count, clue, .. } => RuleKind::Skyscraper {
                    cells: ids,
                    count,
                    clue,
                },
                other => other,
            };
            rules.push(crate::constraint::Constraint::new(
                &format!("clue {i}"),
                kind,
            ));
        }
        let g = Arc::new(
            Arc::unwrap_or_clone(base.clone())
                .with_constraints(rules)
                .unwrap(),
        );
        let givens: Vec<Option<u8>> = (0..36)
            .map(|c| rng.random_bool(0.08).then_some(sol[c]))
            .collect();
        let p = crate::Puzzle::new(g.clone(), givens).unwrap();
        let limit = 40;
        let Some(mut want) = crate::oracle::solutions_within(&p, limit, 4_000_000) else {
            continue;
        };
        want.sort();
        let mut engine = Propagation::new(g.clone());
        assert!(engine.place_branching, "seed {seed}");
        let mut search = Search::new(36, 6);
        let budget = Budget::default();
        let mut meter = Meter::new(&budget, None);
        let c = search.run(&mut engine, p.givens(), limit, &mut meter, None);
        placed += search.place_guesses;
        compared += 1;
        let mut got: Vec<Vec<u8>> = c
            .solutions
            .iter()
            .map(|s| s.as_indices().to_vec())
            .collect();
        got.sort();
        got.dedup();
        assert_eq!(
            got.len(),
            c.solutions.len(),
            "a solution twice, seed {seed}"
        );
        // With `limit` or more solutions the two may find different ones: each must hold.
        assert!(got.iter().all(|s| p.verify(s).is_ok()), "seed {seed}");
        assert_eq!(c.exhausted, want.len() < limit, "seed {seed}");
        if want.len() < limit {
            assert_eq!(got, want, "seed {seed}");
        } else {
            assert_eq!(got.len(), limit, "seed {seed}");
        }
    }
    assert!(compared >= 30, "only {compared} puzzles compared");
    assert!(placed > 0, "no branch on places taken");
}

/// Every solved line of 4 to 7 cells against every sandwich and X-sum clue number: the
/// set pass alone accepts it exactly when the clue holds, so a sandwich or X-sum on a full
/// line needs no automaton to decide a solution.
#[test]
fn the_set_pass_alone_decides_a_solved_line() {
    let mut checked = 0;
    for n in 4..=7usize {
        let values = Values::new(&(1..=n as i64).collect::<Vec<_>>());
        let ids: Vec<u32> = (0..n as u32).collect();
        for p in permutations(n) {
            let line: Vec<i64> = p.iter().map(|&s| s as i64 + 1).collect();
            let top = (n * (n + 1) / 2) as i64;
            for kind in 0..2u8 {
                for total in 0..=top {
                    let clue = match clue_of(kind, &line) {
                        RuleKind::Sandwich { cells, clue, .. } => {
                            RuleKind::Sandwich { cells, total, clue }
                        }
                        RuleKind::XSum { cells, clue, .. } => RuleKind::XSum { cells, total, clue },
                        other => other,
                    };
                    let sets = Sets::new(&clue, &values, n, true).unwrap();
                    let (mut cells, mut queue) =
                        (p.iter().map(|&s| 1u64 << s).collect::<Vec<_>>(), Vec::new());
                    let mut d = Domains::new(&mut cells, &mut queue, &values);
                    let ok = sets.propagate(&ids, &mut d).is_ok();
                    assert_eq!(
                        ok,
                        line_holds(&clue, values.all(), &line),
                        "{clue:?} {line:?}"
                    );
                    checked += usize::from(ok);
                }
            }
        }
    }
    assert!(checked > 1000, "only {checked} lines met their clue");
}

/// A skyscraper's bit sets (`skyscraper.rs`) against its automaton and against brute force,
/// on random candidates over lines of 1 to 7 cells, every clue count: lines that hold each
/// value once (the automaton's permutation bound) and lines of a larger alphabet that may
/// repeat values. Both passes must fail together or leave the same candidates; on lines that
/// may repeat, what is left must be exactly the values of the lines that meet the clue; on
/// lines of each value once, at least every value of every permutation that meets it.
#[test]
fn the_skyscraper_bit_sets_remove_exactly_what_the_automaton_removes() {
    use super::propagator::Propagator;
    use super::skyscraper::Sky;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(32);
    let (mut removed, mut failed, mut compared) = (0u32, 0, 0);
    for n in 1..=7usize {
        for extra in [0usize, 1, 2] {
            let house = extra == 0;
            let ns = n + extra;
            // Alphabets starting at 0 or 1: a building of height 0 is still a building.
            let first = rng.random_range(0..2i64);
            let values = Values::new(&(first..first + ns as i64).collect::<Vec<_>>());
            let ids: Vec<u32> = (0..n as u32).collect();
            // Every line of values the cells could hold: the permutations, or every tuple
            // (up to 6^5 of them, so only for short lines).
            let lines: Vec<Vec<usize>> = match house {
                true => permutations(n),
                false if n <= 5 => (0..ns.pow(n as u32))
                    .map(|mut t| {
                        (0..n)
                            .map(|_| {
                                let s = t % ns;
                                t /= ns;
                                s
                            })
                            .collect()
                    })
                    .collect(),
                false => Vec::new(),
            };
            for round in 0..120 {
                let count = 1 + round % n;
                let clue = RuleKind::Skyscraper {
                    cells: (0..n).map(CellId::new).collect(),
                    count: count as i64,
                    clue: (0, 1),
                };
                let keep = 0.3 + 0.6 * rng.random::<f64>();
                let board: Vec<u64> = (0..n)
                    .map(|_| {
                        let m = (0..ns)
                            .filter(|_| rng.random_bool(keep))
                            .fold(0u64, |m, t| m | 1 << t);
                        if m == 0 {
                            1 << rng.random_range(0..ns)
                        } else {
                            m
                        }
                    })
                    .collect();
                let sky = Sky::new(count as i64, n, &values, house).unwrap();
                let fast = super::outside::Clue::sky(ids.clone(), sky, ns)
                    .with_clue(&clue, &values, house);
                let l =
                    crate::constraint::outside::layers(&clue, values.all(), house, 4096).unwrap();
                let slow =
                    super::outside::Clue::new(ids.clone(), l).with_clue(&clue, &values, house);
                let (mut a, mut qa) = (board.clone(), Vec::new());
                let ra = fast.propagate(&mut Domains::new(&mut a, &mut qa, &values));
                let (mut b, mut qb) = (board.clone(), Vec::new());
                let rb = slow.propagate(&mut Domains::new(&mut b, &mut qb, &values));
                assert_eq!(ra.is_ok(), rb.is_ok(), "{clue:?} {board:?}");
                compared += 1;
                let mut exact = vec![0u64; n];
                for line in &lines {
                    let vals: Vec<i64> = line.iter().map(|&s| values.all()[s]).collect();
                    if line.iter().zip(&board).all(|(&s, &m)| m >> s & 1 == 1)
                        && line_holds(&clue, values.all(), &vals)
                    {
                        for (e, &s) in exact.iter_mut().zip(line) {
                            *e |= 1 << s;
                        }
                    }
                }
                if ra.is_err() {
                    failed += 1;
                    assert!(exact.iter().all(|&e| e == 0), "{clue:?} {board:?}");
                    continue;
                }
                assert_eq!(ra, rb, "{clue:?} {board:?}");
                assert_eq!(a, b, "{clue:?} {board:?}");
                removed += board
                    .iter()
                    .zip(&a)
                    .map(|(x, y)| (x & !y).count_ones())
                    .sum::<u32>();
                if !lines.is_empty() {
                    for i in 0..n {
                        match house {
                            true => assert_eq!(a[i] & exact[i], exact[i], "{clue:?} {board:?}"),
                            false => assert_eq!(a[i], exact[i], "{clue:?} {board:?}"),
                        }
                    }
                }
            }
        }
    }
    assert!(
        compared > 2000 && failed > 50 && removed > 2000,
        "{compared} {failed} {removed}"
    );
}
