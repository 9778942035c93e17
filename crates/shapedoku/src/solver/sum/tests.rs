//! Tests of the sum propagator: hand-worked cases, then random sums on random candidates
//! checked against every assignment of their cells (nothing removed that an assignment uses;
//! for a lone group, everything removed that none uses), and against a planted solution.

use super::cache::OPEN_MAX;
use super::listing::Pass;
use super::scratch::{Scratch, Work};
use super::small::{Small, small};
use super::{FEW_OPEN, Shape, SumRule};
use crate::solver::propagator::{Domains, Propagator, Removal, Values, Why};
use crate::solver::sum_facts::{SumFacts, SumOrigin, SumSide};
use crate::{Geometry, builtin};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::Arc;

fn classic() -> Arc<Geometry> {
    builtin::geometry("classic").unwrap()
}

fn digits() -> Values {
    Values::new(&(1..=9).collect::<Vec<i64>>())
}

/// The cell index of r`r`c`c` on a 9x9 grid.
fn rc(r: u32, c: u32) -> u32 {
    (r - 1) * 9 + c - 1
}

/// Candidates of 1-based digits.
fn ds(digits: &[u32]) -> u64 {
    digits.iter().fold(0, |m, d| m | 1 << (d - 1))
}

/// Runs `rule` once on a blank 9x9 board with `set` narrowed, recording reasons; the board
/// after, or `None` on a contradiction.
fn run(rule: &SumRule, set: &[(u32, u64)]) -> Option<(Vec<u64>, Vec<Removal>)> {
    let values = digits();
    let mut cells = vec![0x1ff; 81];
    for &(c, m) in set {
        cells[c as usize] = m;
    }
    let (mut queue, mut removals) = (Vec::new(), Vec::new());
    let mut d = Domains::explaining(&mut cells, &mut queue, &values, &mut removals);
    rule.propagate(&mut d).ok()?;
    Some((cells, removals))
}

#[test]
fn a_cage_keeps_its_combinations_and_matches_cells_to_values() {
    let g = classic();
    let cells = [rc(1, 1), rc(1, 2), rc(1, 3)];
    let cage = SumRule::new(SumFacts::total(SumOrigin::Shape(0), &cells, 7), &g);
    let (after, removals) = run(&cage, &[]).unwrap();
    assert!(cells.iter().all(|&c| after[c as usize] == ds(&[1, 2, 4])));
    let Why::SumCombinations {
        combos, targets, ..
    } = &removals[0].why
    else {
        panic!("{:?}", removals[0]);
    };
    assert_eq!(
        (combos.as_slice(), targets.as_slice()),
        (&[ds(&[1, 2, 4])][..], &[7][..])
    );
    // The rest of row 1 and box 1 loses 1, 2 and 4: every combination needs them.
    assert_eq!(after[rc(1, 9) as usize], ds(&[3, 5, 6, 7, 8, 9]));
    assert_eq!(after[rc(3, 3) as usize], ds(&[3, 5, 6, 7, 8, 9]));
    assert!(
        removals
            .iter()
            .any(|r| matches!(r.why, Why::SumNeeds { needed: 0b1, .. }))
    );
    // 1+2+3 = 6 with two cells on {1, 2}: the third is 3 (a union of combinations keeps 1-3).
    let cage = SumRule::new(SumFacts::total(SumOrigin::Shape(0), &cells, 6), &g);
    let (after, _) = run(&cage, &[(rc(1, 1), ds(&[1, 2])), (rc(1, 2), ds(&[1, 2]))]).unwrap();
    assert_eq!(after[rc(1, 3) as usize], ds(&[3]));
    // A solved pair that misses the total is a contradiction.
    let pair = SumRule::new(SumFacts::total(SumOrigin::Shape(0), &cells[..2], 3), &g);
    assert!(run(&pair, &[(rc(1, 1), ds(&[1])), (rc(1, 2), ds(&[1]))]).is_none());
    assert!(run(&pair, &[(rc(1, 1), ds(&[2])), (rc(1, 2), ds(&[2]))]).is_none());
}

#[test]
fn cells_that_may_repeat_are_summed_one_by_one() {
    let g = classic();
    // A little killer down the main diagonal's first two cells (box 1: they differ) and r4c4
    // (box 5): 1 + 2 + 1 = 4 is the least.
    let cells = [rc(1, 1), rc(2, 2), rc(4, 4)];
    let lk = SumRule::new(SumFacts::total(SumOrigin::Rule, &cells, 4), &g);
    let (after, _) = run(&lk, &[]).unwrap();
    assert_eq!(after[rc(1, 1) as usize], ds(&[1, 2]));
    assert_eq!(after[rc(4, 4) as usize], ds(&[1]));
    let lk = SumRule::new(SumFacts::total(SumOrigin::Rule, &cells, 3), &g);
    assert!(run(&lk, &[]).is_none());
}

#[test]
fn arrows_pills_and_region_sums_propagate_both_ways() {
    let g = classic();
    let arrow = |circle: &[u32], body: &[u32]| {
        let pill = SumSide {
            terms: (circle.iter().enumerate())
                .map(|(i, &c)| (c, 10i64.pow((circle.len() - 1 - i) as u32)))
                .collect(),
            constant: 0,
        };
        SumRule::new(
            SumFacts::equal(SumOrigin::Rule, vec![pill, SumSide::plain(body)]),
            &g,
        )
    };
    // A circle of 3 over two cells of one row: they are 1 and 2.
    let a = arrow(&[rc(1, 1)], &[rc(1, 2), rc(1, 3)]);
    let (after, _) = run(&a, &[(rc(1, 1), ds(&[3]))]).unwrap();
    assert_eq!(after[rc(1, 2) as usize], ds(&[1, 2]));
    // Backwards: a body of 8 and 9 makes the circle 17: too much for one digit.
    assert!(run(&a, &[(rc(1, 2), ds(&[8])), (rc(1, 3), ds(&[9]))]).is_none());
    // A pill of two digits over three cells of one row: at most 9+8+7 = 24, at least 6.
    let p = arrow(&[rc(5, 1), rc(5, 2)], &[rc(6, 4), rc(6, 5), rc(6, 6)]);
    let (after, _) = run(&p, &[]).unwrap();
    assert_eq!(after[rc(5, 1) as usize], ds(&[1, 2]));
    // With tens digit 2 the pill is at most 24, the body's cells differing (one equation
    // would allow 27): its units digit is 1..=4.
    let (after, _) = run(&p, &[(rc(5, 1), ds(&[2]))]).unwrap();
    assert_eq!(after[rc(5, 2) as usize], ds(&[1, 2, 3, 4]));
    // Three cells of a box on an arrow: at least 1 + 2 + 3 = 6 in the circle, each cell at
    // most 9 - 1 - 2 = 6 (one equation, taking them as free to repeat, would allow 3 and 7).
    let b = arrow(&[rc(5, 4)], &[rc(6, 3), rc(5, 2), rc(4, 3)]);
    let (after, removals) = run(&b, &[]).unwrap();
    assert_eq!(after[rc(5, 4) as usize], ds(&[6, 7, 8, 9]));
    assert_eq!(after[rc(5, 2) as usize], ds(&[1, 2, 3, 4, 5, 6]));
    assert!((removals.iter()).all(|r| matches!(r.why, Why::SumCombinations { .. })));
    // A region-sum line: one cell against two cells of a row (which differ): 3..=9.
    let rs = SumRule::new(
        SumFacts::equal(
            SumOrigin::Rule,
            vec![
                SumSide::plain(&[rc(1, 3)]),
                SumSide::plain(&[rc(1, 4), rc(1, 5)]),
            ],
        ),
        &g,
    );
    // The two cells of the row differ, so the one cell is 3..=9 and they are at most 8.
    let (after, removals) = run(&rs, &[]).unwrap();
    assert_eq!(after[rc(1, 3) as usize], ds(&[3, 4, 5, 6, 7, 8, 9]));
    assert_eq!(after[rc(1, 4) as usize], ds(&[1, 2, 3, 4, 5, 6, 7, 8]));
    assert!(
        removals
            .iter()
            .all(|r| matches!(r.why, Why::SumCombinations { .. } | Why::SumBounds { .. }))
    );
}

#[test]
fn an_arrow_whose_cells_may_repeat_states_bounds_within_the_digits() {
    // Three cells of three boxes (no two see each other): one equation, each at most 7, the
    // circle at least 3; the bound said is 1 to 7, not the equation's -15 to 7.
    let g = classic();
    let body = [rc(3, 2), rc(4, 3), rc(5, 4)];
    let facts = SumFacts::equal(
        SumOrigin::Rule,
        vec![SumSide::plain(&[rc(2, 1)]), SumSide::plain(&body)],
    );
    let arrow = SumRule::compile(facts, &g);
    let values = digits();
    let mut cells = vec![0x1ff; 81];
    let (mut queue, mut removals) = (Vec::new(), Vec::new());
    let mut d = Domains::explaining(&mut cells, &mut queue, &values, &mut removals);
    assert_eq!(arrow.propagate(&mut d), Ok(true));
    assert_eq!(cells[rc(2, 1) as usize], ds(&[3, 4, 5, 6, 7, 8, 9]));
    for &c in &body {
        assert_eq!(cells[c as usize], ds(&[1, 2, 3, 4, 5, 6, 7]));
        let why = (removals.iter().find(|r| r.cell == c)).map(|r| &r.why);
        assert!(
            matches!(
                why,
                Some(Why::SumBounds {
                    low: 1,
                    high: 7,
                    ..
                })
            ),
            "{why:?}"
        );
    }
}

/// A random sum over a few cells of the top left of a 9x9 grid: a cage (one side, a total) or
/// two or three equal sides, some cells weighted 10 (a pill's tens digit).
fn random_sum(rng: &mut Xoshiro256PlusPlus, sol: &[u8]) -> Arc<SumFacts> {
    let mut pool: Vec<u32> = (1..=4)
        .flat_map(|r| (1..=4).map(move |c| rc(r, c)))
        .collect();
    for i in (1..pool.len()).rev() {
        pool.swap(i, rng.random_range(0..=i));
    }
    let nsides = rng.random_range(1..=3);
    let mut sides = Vec::new();
    let mut at = 0;
    for _ in 0..nsides {
        let len = rng.random_range(1..=[5, 3, 2][nsides - 1]);
        let terms = pool[at..at + len]
            .iter()
            .map(|&c| (c, if rng.random_bool(0.15) { 10 } else { 1 }))
            .collect();
        at += len;
        sides.push(SumSide {
            terms,
            constant: rng.random_range(-2..=2),
        });
    }
    let value = |s: &SumSide| -> i64 {
        s.constant
            + s.terms
                .iter()
                .map(|&(c, k)| k * (i64::from(sol[c as usize]) + 1))
                .sum::<i64>()
    };
    if nsides == 1 || rng.random_bool(0.3) {
        // A total the planted solution meets on its first side, when the sides agree.
        let total = value(&sides[0]);
        let facts = SumFacts {
            origin: SumOrigin::Rule,
            sides,
            total: Some(total),
        };
        return Arc::new(facts);
    }
    Arc::new(SumFacts {
        origin: SumOrigin::Rule,
        sides,
        total: None,
    })
}

/// The sum's cells (sorted) and every assignment of them within `board` (a symbol per cell)
/// that meets the sum and gives peers different values.
fn assignments(facts: &SumFacts, g: &Geometry, board: &[u64]) -> (Vec<u32>, Vec<Vec<u8>>) {
    let mut cells: Vec<u32> = facts.cells().collect();
    cells.sort_unstable();
    cells.dedup();
    let mut out = Vec::new();
    let mut cur = vec![0u8; cells.len()];
    fn rec(
        i: usize,
        cells: &[u32],
        cur: &mut Vec<u8>,
        facts: &SumFacts,
        g: &Geometry,
        board: &[u64],
        out: &mut Vec<Vec<u8>>,
    ) {
        if i == cells.len() {
            let val = |c: u32| i64::from(cur[cells.iter().position(|&x| x == c).unwrap()]) + 1;
            let sums: Vec<i64> = (facts.sides.iter())
                .map(|s| s.constant + s.terms.iter().map(|&(c, k)| k * val(c)).sum::<i64>())
                .collect();
            let equal = sums.windows(2).all(|w| w[0] == w[1]);
            if equal && facts.total.is_none_or(|t| sums[0] == t) {
                out.push(cur.clone());
            }
            return;
        }
        let mut x = board[cells[i] as usize];
        while x != 0 {
            let s = x.trailing_zeros() as u8;
            x &= x - 1;
            let clash =
                (0..i).any(|j| cur[j] == s && g.are_peers(cells[i] as usize, cells[j] as usize));
            if !clash {
                cur[i] = s;
                rec(i + 1, cells, cur, facts, g, board, out);
            }
        }
    }
    rec(0, &cells, &mut cur, facts, g, board, &mut out);
    (cells, out)
}

/// Random sums on random candidates around a planted solution: the propagator never removes
/// the planted values, never removes a value some assignment of its cells uses, removes from
/// a house's other cells only a value every assignment puts in that house, and, on a sum
/// with a single group (a cage), keeps exactly the values some assignment uses.
#[test]
fn random_sums_remove_only_what_no_assignment_uses() {
    let g = classic();
    let values = digits();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(30);
    let sol = crate::Solver::for_geometry(g.clone())
        .random_solution(30)
        .unwrap();
    let sol: Vec<u8> = sol.as_indices().to_vec();
    let (mut narrowed, mut failed) = (0, 0);
    for round in 0..600 {
        let facts = random_sum(&mut rng, &sol);
        let rule = SumRule::new(facts.clone(), &g);
        let keep = 0.3 + 0.6 * f64::from(round % 7) / 7.0;
        let board: Vec<u64> = (0..81)
            .map(|c| {
                let m = (0..9)
                    .filter(|_| rng.random_bool(keep))
                    .fold(0u64, |m, s| m | 1 << s);
                m | 1 << sol[c]
            })
            .collect();
        let (cells, all) = assignments(&facts, &g, &board);
        let mut after = board.clone();
        let (mut queue, mut removals) = (Vec::new(), Vec::new());
        let mut d = Domains::explaining(&mut after, &mut queue, &values, &mut removals);
        let planted_holds = all
            .iter()
            .any(|a| cells.iter().zip(a).all(|(&c, &s)| sol[c as usize] == s));
        let explained = rule.propagate(&mut d);
        // The explained path run to its fixed point: a sum of several sides narrowed on one
        // side narrows the others on the next call, and may only then find no assignment.
        let mut fixed = after.clone();
        let fixed_out = match explained {
            Err(e) => Err(e),
            Ok(_) => {
                let (mut q, mut sink) = (Vec::new(), Vec::new());
                loop {
                    let mut d = Domains::explaining(&mut fixed, &mut q, &values, &mut sink);
                    match rule.propagate(&mut d) {
                        Ok(true) => {}
                        other => break other,
                    }
                }
            }
        };
        // The search's path (no reasons recorded; a sum that is one equation runs its supports
        // without the bounds pass first), through the solver's memory, narrows alike: the same
        // candidates, or a contradiction on both. Called again on the same candidates, it
        // remembers the quiet call and still does what a fresh call does.
        let compiled = SumRule::compile(facts.clone(), &g);
        let mut memo = vec![0; compiled.memo_words()];
        for _ in 0..2 {
            let mut searched = board.clone();
            let mut queue = Vec::new();
            let mut d = Domains::new(&mut searched, &mut queue, &values);
            let mut out = compiled.propagate_memo(&mut d, &mut memo);
            while out == Ok(true) {
                // The loop calls again until the sum removes nothing.
                let mut d = Domains::new(&mut searched, &mut queue, &values);
                out = compiled.propagate_memo(&mut d, &mut memo);
            }
            // While more than `FEW_OPEN` of its cells are open, a sum of several parts with a
            // total runs the cheap pass in the search: its fixed point keeps at least what
            // the listing's keeps (and then the same, once few cells are open); a
            // contradiction it finds the listing finds too.
            let open = cells
                .iter()
                .filter(|&&c| searched[c as usize].count_ones() > 1)
                .count();
            let cheap = rule.quick_first && open > FEW_OPEN;
            match (&fixed_out, out) {
                (Err(_), Err(_)) => {}
                (Ok(_), Ok(_)) if cheap => {
                    for c in 0..81 {
                        assert_eq!(
                            searched[c] & fixed[c],
                            fixed[c],
                            "the cheap pass removed what the listing keeps at {c}: {facts:?}"
                        );
                    }
                    let mut d = Domains::new(&mut searched, &mut queue, &values);
                    assert_eq!(compiled.propagate_memo(&mut d, &mut memo), Ok(false));
                }
                (Err(_), Ok(_)) if cheap => {}
                (Ok(_), Ok(_)) => {
                    assert_eq!(searched, fixed, "the search's path differs: {facts:?}");
                    // At its fixed point the memory answers: nothing to remove.
                    let mut d = Domains::new(&mut searched, &mut queue, &values);
                    assert_eq!(compiled.propagate_memo(&mut d, &mut memo), Ok(false));
                }
                (e, o) => panic!("explained {e:?}, searched {o:?}: {facts:?}"),
            }
        }
        let (Ok(_), Ok(_)) = (explained, fixed_out) else {
            assert!(
                all.is_empty(),
                "a contradiction with assignments left: {facts:?}"
            );
            failed += 1;
            continue;
        };
        if !planted_holds {
            continue;
        }
        for c in 0..81 {
            assert_ne!(
                after[c] & 1 << sol[c],
                0,
                "planted value lost at {c}: {facts:?}"
            );
        }
        for (i, &c) in cells.iter().enumerate() {
            let used = all.iter().fold(0u64, |m, a| m | 1 << a[i]);
            assert_eq!(
                after[c as usize] & used,
                used,
                "cell {c} lost a used value: {facts:?}"
            );
            let peers = |a: u32, b: u32| a == b || g.are_peers(a as usize, b as usize);
            let lone = facts.sides.len() == 1
                && facts.sides[0].terms.iter().all(|t| t.1 == 1)
                && cells.iter().all(|&a| cells.iter().all(|&b| peers(a, b)));
            if lone {
                assert_eq!(
                    after[c as usize], used,
                    "a cage keeps exactly what it uses: {facts:?}"
                );
            }
        }
        for r in &removals {
            if cells.contains(&r.cell) {
                continue;
            }
            // A house elimination: every assignment holds the value at a peer of the cell.
            let Why::SumNeeds { needed, .. } = r.why else {
                panic!("{r:?}")
            };
            let s = needed.trailing_zeros() as u8;
            for a in &all {
                assert!(
                    cells
                        .iter()
                        .zip(a)
                        .any(|(&c, &x)| x == s && g.are_peers(c as usize, r.cell as usize))
                );
            }
        }
        narrowed += removals.len();
    }
    assert!(
        narrowed > 300 && failed > 10,
        "too few cases exercised: {narrowed} removals, {failed} contradictions"
    );
}

/// Runs the cheap pass (with any open cell counted as many) on `board` to its fixed point;
/// `None` on a contradiction.
fn quick(rule: &SumRule, board: &mut [u64]) -> Option<()> {
    let values = digits();
    let mut scratch = Scratch::default();
    loop {
        let mut queue = Vec::new();
        let mut d = Domains::new(board, &mut queue, &values);
        match rule.quick(&mut d, &mut scratch, 0).ok()? {
            Some(true) => {}
            // Every cell fixed: nothing for the cheap pass (the listing's case in the search).
            Some(false) | None => return Some(()),
        }
    }
}

#[test]
fn the_cheap_pass_bounds_each_group_by_distinct_values() {
    let g = classic();
    // r1c1 and r1c2 see each other (at least 1 + 2), r5c5 sees neither: a total of 4 leaves
    // r5c5 a 1 and the pair 1 and 2, where bounds per cell would allow 1 to 2 for each.
    let facts = Arc::new(SumFacts {
        origin: SumOrigin::Rule,
        sides: vec![SumSide {
            terms: vec![(rc(1, 1), 1), (rc(1, 2), 1), (rc(5, 5), 1)],
            constant: 0,
        }],
        total: Some(4),
    });
    let rule = SumRule::new(facts, &g);
    assert!(rule.quick_first);
    let mut board = vec![0x1ff; 81];
    quick(&rule, &mut board).unwrap();
    assert_eq!(board[rc(1, 1) as usize], ds(&[1, 2]));
    assert_eq!(board[rc(1, 2) as usize], ds(&[1, 2]));
    assert_eq!(board[rc(5, 5) as usize], ds(&[1]));
    // The greatest distinct values: the pair adds at most 9 + 8 and the lone cell at most 9,
    // so a total of 25 leaves the lone cell 8 or 9 and each of the pair 7 to 9.
    let facts = Arc::new(SumFacts {
        origin: SumOrigin::Rule,
        sides: vec![SumSide {
            terms: vec![(rc(1, 1), 1), (rc(1, 2), 1), (rc(5, 5), 1)],
            constant: 0,
        }],
        total: Some(25),
    });
    let rule = SumRule::new(facts, &g);
    let mut board = vec![0x1ff; 81];
    quick(&rule, &mut board).unwrap();
    assert_eq!(board[rc(1, 1) as usize], ds(&[7, 8, 9]));
    assert_eq!(board[rc(1, 2) as usize], ds(&[7, 8, 9]));
    assert_eq!(board[rc(5, 5) as usize], ds(&[8, 9]));
    // No assignment: the pair adds at least 1 + 2, the lone cell at least 1, above 3.
    let facts = Arc::new(SumFacts {
        origin: SumOrigin::Rule,
        sides: vec![SumSide {
            terms: vec![(rc(1, 1), 1), (rc(1, 2), 1), (rc(5, 5), 1)],
            constant: 0,
        }],
        total: Some(3),
    });
    let rule = SumRule::new(facts, &g);
    assert!(quick(&rule, &mut vec![0x1ff; 81]).is_none());
    // Two cells that must differ with one value between them.
    let facts = Arc::new(SumFacts {
        origin: SumOrigin::Rule,
        sides: vec![SumSide {
            terms: vec![(rc(1, 1), 1), (rc(1, 2), 1), (rc(5, 5), 1)],
            constant: 0,
        }],
        total: Some(12),
    });
    let rule = SumRule::new(facts, &g);
    let mut board = vec![0x1ff; 81];
    board[rc(1, 1) as usize] = ds(&[4]);
    board[rc(1, 2) as usize] = ds(&[4]);
    assert!(quick(&rule, &mut board).is_none());
}

/// Random sums on random candidates around a planted solution, through the cheap pass alone
/// to its fixed point: it never removes a value some assignment of the sum's cells uses, and
/// finds a contradiction only where there is no assignment.
#[test]
fn the_cheap_pass_removes_only_what_no_assignment_uses() {
    let g = classic();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(31);
    let sol = crate::Solver::for_geometry(g.clone())
        .random_solution(31)
        .unwrap();
    let sol: Vec<u8> = sol.as_indices().to_vec();
    let (mut narrowed, mut failed, mut empty) = (0, 0, 0);
    for round in 0..600 {
        let facts = random_sum(&mut rng, &sol);
        let rule = SumRule::new(facts.clone(), &g);
        let keep = 0.3 + 0.6 * f64::from(round % 7) / 7.0;
        let board: Vec<u64> = (0..81)
            .map(|c| {
                let m = (0..9)
                    .filter(|_| rng.random_bool(keep))
                    .fold(0u64, |m, s| m | 1 << s);
                // Now and then a board without the planted value: zero-solution cases.
                if rng.random_bool(0.9) {
                    m | 1 << sol[c]
                } else {
                    m.max(1)
                }
            })
            .collect();
        let (cells, all) = assignments(&facts, &g, &board);
        empty += usize::from(all.is_empty());
        let mut after = board.clone();
        if quick(&rule, &mut after).is_none() {
            assert!(
                all.is_empty(),
                "a contradiction with assignments left: {facts:?}"
            );
            failed += 1;
            continue;
        }
        for (i, &c) in cells.iter().enumerate() {
            let used = all.iter().fold(0u64, |m, a| m | 1 << a[i]);
            assert_eq!(
                after[c as usize] & used,
                used,
                "cell {c} lost a used value: {facts:?}"
            );
            narrowed += (board[c as usize] & !after[c as usize]).count_ones();
        }
        // Only the sum's cells are touched.
        for c in (0..81).filter(|c| !cells.contains(&(*c as u32))) {
            assert_eq!(after[c], board[c]);
        }
    }
    assert!(
        narrowed > 300 && failed > 10,
        "too few cases exercised: {narrowed} removals, {failed} of {empty} without assignments"
    );
}

/// What one pass did: its answer, the board after it (when it did not fail), whether it went
/// through the listed combinations and whether it read a house.
type PassResult = (Result<bool, ()>, Option<Vec<u64>>, bool, bool);

/// One pass of `rule` on a copy of `board` without reasons: the pass over all cells, or the
/// search's pass over the open cells (`fold`: `Some(cached)`), which hands over to the pass
/// over all cells when it does not decide.
fn one_pass(rule: &SumRule, board: &[u64], work: &mut Work, fold: Option<bool>) -> PassResult {
    let values = digits();
    let mut after = board.to_vec();
    let mut queue = Vec::new();
    let mut d = Domains::new(&mut after, &mut queue, &values);
    let (mut house_read, mut settled) = (false, false);
    let folded = fold
        .and_then(|cached| rule.run_folded(&mut d, work, &mut house_read, &mut settled, cached));
    let out = folded.unwrap_or_else(|| rule.run(&mut d, work, &mut house_read, &mut settled));
    let out = out.map_err(|_| ());
    let board = out.is_ok().then_some(after);
    (out, board, settled, house_read)
}

/// The search's pass over the open cells (placed cells folded into the sides' constants and
/// out of their groups' other cells) does exactly what the pass over all cells does, and so
/// does a call answered from the memory of listings: random sums on boards drawn from a few
/// candidates per cell (so that keys repeat, with other placed values behind the same
/// remaining total too), each board's result compared field by field.
#[test]
fn the_folded_pass_and_its_memory_do_what_the_full_pass_does() {
    let g = classic();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(31);
    let mut work = Work::default();
    let (mut folded_calls, mut listed) = (0, 0);
    for _ in 0..500 {
        // Any values will do: the boards need not hold a solution.
        let sol: Vec<u8> = (0..81).map(|_| rng.random_range(0..9)).collect();
        let facts = random_sum(&mut rng, &sol);
        let rule = SumRule::new(facts.clone(), &g);
        if !rule.folds {
            continue;
        }
        // Per cell: a few candidate sets to draw from, singles among them.
        let palette: Vec<[u64; 3]> = (0..81)
            .map(|_| {
                let one = 1u64 << rng.random_range(0..9);
                let wide = (0..9)
                    .filter(|_| rng.random_bool(0.5))
                    .fold(one, |m, s| m | 1 << s);
                [
                    wide,
                    1 << rng.random_range(0..9),
                    1 << rng.random_range(0..9),
                ]
            })
            .collect();
        for _ in 0..40 {
            let board: Vec<u64> = (0..81)
                .map(|c| palette[c][rng.random_range(0..3)])
                .collect();
            let full = one_pass(&rule, &board, &mut work, None);
            let fresh = one_pass(&rule, &board, &mut work, Some(false));
            assert_eq!(
                fresh, full,
                "the folded pass differs: {facts:?} on {board:?}"
            );
            let hits = work.cache.hits;
            let cached = one_pass(&rule, &board, &mut work, Some(true));
            assert_eq!(cached, full, "the memory differs: {facts:?} on {board:?}");
            folded_calls += usize::from(work.cache.hits > hits);
            listed += usize::from(full.2);
        }
    }
    // Enough calls answered from memory, and enough of them listings.
    assert!(
        folded_calls > 1000 && listed > 1000,
        "too few cases: {folded_calls} answered from memory, {listed} listed"
    );
}

/// A little killer's cells: the diagonal of a 9x9 grid from r`r`c`c` in direction
/// (`dr`, `dc`), to the grid's edge.
fn diagonal(r: i32, c: i32, dr: i32, dc: i32) -> Vec<u32> {
    let (mut r, mut c) = (r, c);
    let mut out = Vec::new();
    while (1..=9).contains(&r) && (1..=9).contains(&c) {
        out.push(rc(r as u32, c as u32));
        r += dr;
        c += dc;
    }
    out
}

/// The small pass of `small.rs` against the listing over the same open cells, and against
/// every assignment: little killers (diagonals, whose groups are exactly their cells inside
/// one box, so both passes are exact) around a planted solution, and the random sums of
/// [`random_sum`] (several sides, weights of 10, constants), on boards with placed cells and
/// a tenth of the candidate sets without the planted value. Where the small pass applies it
/// must give the listing's answer cell by cell and need for need, and on a diagonal keep
/// exactly the values some assignment of the whole sum uses (none: a contradiction).
#[test]
fn the_small_pass_keeps_what_the_listing_and_every_assignment_keep() {
    let g = classic();
    let values = digits();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(32);
    let sol = crate::Solver::for_geometry(g.clone())
        .random_solution(32)
        .unwrap();
    let sol: Vec<u8> = sol.as_indices().to_vec();
    let mut work = Work::default();
    let (mut listed, mut failed, mut exact) = (0, 0, 0);
    for round in 0..3000 {
        let little_killer = round % 2 == 0;
        let facts = if little_killer {
            let (dr, dc) = [(1, 1), (1, -1), (-1, 1), (-1, -1)][rng.random_range(0..4)];
            let cells = diagonal(rng.random_range(1..=9), rng.random_range(1..=9), dr, dc);
            let total = cells.iter().map(|&c| i64::from(sol[c as usize]) + 1).sum();
            Arc::new(SumFacts {
                origin: SumOrigin::Rule,
                sides: vec![SumSide {
                    terms: cells.iter().map(|&c| (c, 1)).collect(),
                    constant: 0,
                }],
                total: Some(total),
            })
        } else {
            random_sum(&mut rng, &sol)
        };
        let rule = SumRule::new(facts.clone(), &g);
        if !rule.folds || rule.linear.is_some() {
            continue;
        }
        let board: Vec<u64> = (0..81)
            .map(|c| {
                let planted = 1u64 << sol[c];
                if rng.random_bool(0.35) {
                    return planted;
                }
                let m = (0..9)
                    .filter(|_| rng.random_bool(0.4))
                    .fold(0u64, |m, s| m | 1 << s);
                if rng.random_bool(0.1) {
                    (m & !planted).max(1 << rng.random_range(0..9))
                } else {
                    m | planted
                }
            })
            .collect();
        let mut cells = board.clone();
        let mut queue = Vec::new();
        let d = Domains::new(&mut cells, &mut queue, &values);
        let view = &mut work.view;
        let Ok(Some(_)) = rule.fold_view(&d, view) else {
            continue;
        };
        let (mut keep, mut needed) = ([0u64; OPEN_MAX], [0u64; OPEN_MAX]);
        let small = small(view, facts.total, &values, &mut keep, &mut needed);
        if matches!(small, Small::NotMine) {
            continue;
        }
        // The listing over the same open cells.
        let sh = Shape {
            cells: &view.cells,
            masks: &view.masks,
            groups: &view.groups,
            sides: &view.sides,
            total: facts.total,
            combos: rule.combos,
            values: &values,
        };
        let n = view.cells.len();
        let s = &mut work.s;
        match (sh.compute(s), &small) {
            (Err(_), Small::Contradiction) => failed += 1,
            (Ok(Pass::Listed { .. }), Small::Listed) => {
                let mut by_cell = vec![0u64; n];
                for r in &s.runs {
                    let gr = &view.groups[r.group as usize];
                    by_cell[gr.start as usize..gr.end as usize].fill(r.needed);
                }
                assert_eq!(keep[..n], s.keep[..n], "kept: {facts:?} on {board:?}");
                assert_eq!(needed[..n], by_cell[..], "needed: {facts:?} on {board:?}");
                listed += 1;
            }
            (listing, _) => panic!(
                "the passes disagree ({:?} against {}): {facts:?} on {board:?}",
                listing.map(|p| matches!(p, Pass::Listed { .. })),
                matches!(small, Small::Listed)
            ),
        }
        if little_killer {
            let (all, found) = assignments(&facts, &g, &board);
            if found.is_empty() {
                assert!(
                    matches!(small, Small::Contradiction),
                    "{facts:?} on {board:?}"
                );
            } else {
                assert!(matches!(small, Small::Listed), "{facts:?} on {board:?}");
                for (i, &c) in view.cells.iter().enumerate() {
                    let j = all.iter().position(|&x| x == c).unwrap();
                    let used = found.iter().fold(0u64, |m, a| m | 1 << a[j]);
                    assert_eq!(keep[i], used, "cell {c}: {facts:?} on {board:?}");
                }
            }
            exact += 1;
        }
    }
    assert!(
        listed > 500 && failed > 40 && exact > 500,
        "too few cases: {listed} listed, {failed} contradictions, {exact} on diagonals"
    );
}
