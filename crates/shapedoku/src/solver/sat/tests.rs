use super::*;
use crate::{GeometryBuilder, GridSpec, Pos, ShapeKind, Solver, Symbols, builtin, oracle};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::Arc;

/// Every engine built in, with every encoding.
fn all_options() -> Vec<Options> {
    let mut engines = vec![Engine::Batsat];
    if cfg!(feature = "cadical") {
        engines.push(Engine::Cadical);
    }
    let mut out = Vec::new();
    for engine in engines {
        for encoding in [Encoding::Pairwise, Encoding::Ladder, Encoding::Segments] {
            for sums in [SumEncoding::Combinations, SumEncoding::Diagram] {
                out.push(Options {
                    engine,
                    encoding,
                    sums,
                });
            }
        }
    }
    out
}

fn grids(out: &Outcome) -> Vec<Vec<u8>> {
    let mut g: Vec<Vec<u8>> = out
        .solutions
        .iter()
        .map(|s| s.iter().map(|x| x.index() as u8).collect())
        .collect();
    g.sort();
    g
}

/// The back end's solution set equals the oracle's, in every configuration (when both reach the
/// limit, they may pick different solutions: then each must be one).
fn agrees_with_oracle(p: &Puzzle, limit: usize, what: &str) {
    let mut slow = oracle::solutions(p, limit);
    slow.sort();
    let problem = Problem::from_puzzle(p);
    for options in all_options() {
        let out = count_with(&problem, limit, &Budget::default(), options).unwrap();
        let found = grids(&out);
        if slow.len() < limit {
            assert_eq!(found, slow, "{what} with {options:?}: {}", p.to_line());
        } else {
            assert_eq!(found.len(), limit, "{what} with {options:?}");
            assert!(found.iter().all(|s| p.verify(s).is_ok()), "{what}");
        }
        assert_eq!(out.exhausted, slow.len() < limit, "{what} with {options:?}");
        assert_eq!(out.stopped, None);
    }
}

/// A planted puzzle: a random full grid with a random share of the cells blanked.
fn planted(g: &Arc<crate::Geometry>, seed: u64, blank: std::ops::Range<usize>) -> Puzzle {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let full = Solver::for_geometry(g.clone())
        .random_solution(seed)
        .unwrap();
    let mut givens: Vec<Option<u8>> = full.iter().map(|&v| Some(v)).collect();
    let k = g.cell_count() * rng.random_range(blank) / 100;
    for _ in 0..k {
        givens[rng.random_range(0..g.cell_count())] = None;
    }
    Puzzle::new(g.clone(), givens).unwrap()
}

#[test]
fn agrees_with_the_oracle_on_planted_puzzles() {
    // Small grids take many blanks (several solutions); 9x9 fewer, so the oracle stays quick.
    for (name, blank, seeds) in [
        ("4x4", 40..95, 10),
        ("6x6", 40..80, 10),
        ("classic", 30..55, 6),
        ("jigsaw", 30..55, 6),
        ("x-diagonal", 30..55, 4),
    ] {
        let g = builtin::geometry(name).unwrap();
        for seed in 0..seeds {
            agrees_with_oracle(&planted(&g, seed, blank.clone()), 4, name);
        }
    }
}

/// A 6x6 with random cages over a planted grid: distinct and repeating sums, cages of one to
/// four cells, some totals lowered by one so that some puzzles have no solution.
fn caged(seed: u64) -> Puzzle {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let syms = Symbols::new("123456".chars()).unwrap();
    let mut b = GeometryBuilder::new("k", syms.clone());
    b.grid(GridSpec::square(Pos::new(1, 1), 6).with_boxes(2, 3));
    let plain = Arc::new(b.build().unwrap());
    let full = Solver::for_geometry(plain.clone())
        .random_solution(seed)
        .unwrap();
    // Cages: runs along rows, or down columns, of random length.
    let mut taken = [false; 36];
    for start in 0..36usize {
        if taken[start] || rng.random_bool(0.3) {
            continue;
        }
        let down = rng.random_bool(0.5);
        let len = rng.random_range(1..=4usize);
        let step = if down { 6 } else { 1 };
        let mut cells = vec![start];
        while cells.len() < len {
            let next = cells[cells.len() - 1] + step;
            if next >= 36 || (!down && next % 6 == 0) || taken[next] {
                break;
            }
            cells.push(next);
        }
        for &c in &cells {
            taken[c] = true;
        }
        let mut total: i64 = cells.iter().map(|&c| full[c] as i64 + 1).sum();
        let distinct = rng.random_bool(0.6);
        let k = cells.len() as i64;
        let least = if distinct { k * (k + 1) / 2 } else { k };
        if total > least && rng.random_bool(0.1) {
            total -= 1;
        }
        let pos = cells
            .iter()
            .map(|&c| Pos::new(c as u32 / 6 + 1, c as u32 % 6 + 1))
            .collect();
        b.shape("cage", ShapeKind::Cage, pos, Rule::Sum { total, distinct });
    }
    let g = Arc::new(b.build().unwrap());
    let mut givens: Vec<Option<u8>> = vec![None; 36];
    for _ in 0..rng.random_range(0..8) {
        let c = rng.random_range(0..36);
        givens[c] = Some(full[c]);
    }
    Puzzle::new(g, givens).unwrap()
}

#[test]
fn agrees_with_the_oracle_on_sum_cages() {
    let mut none = 0;
    for seed in 0..24 {
        let p = caged(seed);
        none += usize::from(oracle::count(&p, 1) == 0);
        agrees_with_oracle(&p, 3, "caged 6x6");
    }
    // The nudged totals make some puzzles unsolvable: both kinds are covered.
    assert!(none > 0 && none < 24, "{none} of 24 without solution");
}

/// A 6x6 over a planted grid with two to four sums, overlapping freely, whose cells lie mostly
/// in one house (a row, column or box) and the rest anywhere: repeats allowed (as little killers
/// and sum lines, which the encoding reads as groups of cells that must differ, each taking a
/// set of symbols) or forbidden when the planted cells differ (as a killer cage across boxes);
/// totals from the planted grid, a third nudged by one; some planted givens, which leave solved
/// cells inside the groups.
fn summed_across(seed: u64) -> Puzzle {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let syms = Symbols::new("123456".chars()).unwrap();
    let mut b = GeometryBuilder::new("sums", syms);
    b.grid(GridSpec::square(Pos::new(1, 1), 6).with_boxes(2, 3));
    let plain = Arc::new(b.build().unwrap());
    let full = Solver::for_geometry(plain.clone())
        .random_solution(seed)
        .unwrap();
    let houses: Vec<Vec<usize>> = plain.shapes().iter().map(|s| s.cells.clone()).collect();
    for _ in 0..rng.random_range(2..=4usize) {
        let house = &houses[rng.random_range(0..houses.len())];
        let len = rng.random_range(2..=6usize);
        let mut cells: Vec<usize> = Vec::new();
        while cells.len() < len / 2 + 1 {
            let c = house[rng.random_range(0..house.len())];
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
        while cells.len() < len {
            let c = rng.random_range(0..36);
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
        let values: Vec<i64> = cells.iter().map(|&c| full[c] as i64 + 1).collect();
        let differ = (0..len).all(|i| !values[i + 1..].contains(&values[i]));
        let distinct = differ && rng.random_bool(0.3);
        let mut total: i64 = values.iter().sum();
        let k = len as i64;
        let (least, most) = if distinct {
            (k * (k + 1) / 2, k * (13 - k) / 2)
        } else {
            (k, 6 * k)
        };
        // Within the totals the cells can make (others are refused as bad input).
        if least < most && rng.random_bool(0.35) {
            let up = total < most && (total == least || rng.random_bool(0.5));
            total += if up { 1 } else { -1 };
        }
        let pos = cells
            .iter()
            .map(|&c| Pos::new(c as u32 / 6 + 1, c as u32 % 6 + 1))
            .collect();
        b.shape("sum", ShapeKind::Cage, pos, Rule::Sum { total, distinct });
    }
    let g = Arc::new(b.build().unwrap());
    let mut givens: Vec<Option<u8>> = vec![None; 36];
    for _ in 0..rng.random_range(3..14) {
        let c = rng.random_range(0..36);
        givens[c] = Some(full[c]);
    }
    Puzzle::new(g, givens).unwrap()
}

/// Sums over cells mostly in one house, with and without repeats, keep exactly the oracle's
/// solutions in every encoding, solvable or not. A sum with repeats here always has a group of
/// more than half its cells, so the diagram over the groups' symbol sets is what is checked.
#[test]
fn agrees_with_the_oracle_on_sums_across_houses() {
    let (mut none, mut grouped, mut distinct) = (0, 0, 0);
    for seed in 0..32 {
        let p = summed_across(seed);
        let problem = Problem::from_puzzle(&p);
        if let Some(prepared) = prepare::prepare(&problem).unwrap() {
            for sum in &prepared.sums {
                let largest = sum.groups.iter().map(Vec::len).max().unwrap_or(0);
                if sum.distinct {
                    distinct += 1;
                } else {
                    assert!(largest > 1 && 2 * largest > sum.cells.len(), "seed {seed}");
                    grouped += 1;
                }
            }
        }
        none += usize::from(oracle::count(&p, 1) == 0);
        agrees_with_oracle(&p, 3, &format!("sums across houses 6x6, seed {seed}"));
    }
    // Both verdicts, and both kinds of sum, are covered.
    assert!(none > 0 && none < 32, "{none} of 32 without solution");
    assert!(
        grouped > 20 && distinct > 5,
        "{grouped} grouped, {distinct} distinct sums"
    );
}

#[test]
fn a_large_cage_with_repeats_is_a_diagram() {
    // One 8-cell cage allowing repeats, over a 4x4: too many combinations to list anyway.
    let g = builtin::geometry("4x4").unwrap();
    let cells: Vec<CellId> = (0..8).map(CellId::new).collect();
    let mut problem = Problem::from_puzzle(&Puzzle::empty(g.clone()));
    problem.sums.push(SumShape {
        cells,
        total: 20,
        distinct: false,
    });
    // The first two rows of a 4x4 hold 1..4 twice: 20 always, so every grid counts.
    let all = count(&problem, 1000, &Budget::default()).unwrap();
    assert_eq!(all.solutions.len(), 288);
    problem.sums[0].total = 21;
    let none = count(&problem, 2, &Budget::default()).unwrap();
    assert_eq!(none.verdict(), Verdict::NoSolution);
}

/// The same problem gives the same clauses in the same order, so the engine does the same work:
/// a sum's layered diagram once went out in a hash map's order, which changes from map to map,
/// and the conflict counts of little-killer puzzles changed from run to run.
#[test]
fn the_same_problem_is_encoded_and_solved_the_same_way_every_time() {
    let g = builtin::geometry("4x4").unwrap();
    let mut problem = Problem::from_puzzle(&Puzzle::empty(g.clone()));
    problem.sums.push(SumShape {
        cells: (0..8).map(CellId::new).collect(),
        total: 20,
        distinct: false,
    });
    problem.sums.push(SumShape {
        cells: [0, 5, 10, 15, 14, 13].map(CellId::new).to_vec(),
        total: 14,
        distinct: false,
    });
    // Three cells of the first row and one below: a diagram over the row's value sets.
    problem.sums.push(SumShape {
        cells: [0, 1, 2, 4].map(CellId::new).to_vec(),
        total: 9,
        distinct: false,
    });
    let first = count(&problem, 50, &Budget::default()).unwrap();
    for _ in 0..8 {
        assert_eq!(count(&problem, 50, &Budget::default()).unwrap(), first);
    }
}

#[test]
fn contradictions_and_trivial_problems() {
    let g = builtin::geometry("4x4").unwrap();
    let clash = Puzzle::from_line(g.clone(), "11.. .... .... ....").unwrap();
    let out = count(&Problem::from_puzzle(&clash), 2, &Budget::default()).unwrap();
    assert_eq!(out.verdict(), Verdict::NoSolution);
    // Random givens that clash only deeper down: no solution, found by search.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let mut found = 0;
    while found < 6 {
        let mut givens = vec![None; 16];
        for _ in 0..5 {
            givens[rng.random_range(0..16)] = Some(rng.random_range(0..4u8));
        }
        let Ok(p) = Puzzle::new(g.clone(), givens) else {
            continue;
        };
        if p.check_clashes().is_ok() && oracle::count(&p, 1) == 0 {
            agrees_with_oracle(&p, 2, "unsolvable 4x4");
            found += 1;
        }
    }
    // A 1x1 grid: one cell, one symbol.
    let mut b = GeometryBuilder::new("one", Symbols::new("1".chars()).unwrap());
    b.grid(GridSpec::square(Pos::new(1, 1), 1));
    let one = Puzzle::empty(Arc::new(b.build().unwrap()));
    let out = count(&Problem::from_puzzle(&one), 2, &Budget::default()).unwrap();
    assert_eq!(out.verdict(), Verdict::Unique);
}

/// A stopped search is undecided or, if it finished first, right: never a wrong verdict.
#[test]
fn budgets_stop_with_undecided_never_a_wrong_verdict() {
    let g = builtin::geometry("classic").unwrap();
    let empty = Problem::from_puzzle(&Puzzle::empty(g.clone()));
    let cancel = AtomicBool::new(true);
    let past = Instant::now() - std::time::Duration::from_millis(1);
    for options in all_options() {
        let stops = [
            (
                Budget {
                    cancel: Some(&cancel),
                    ..Budget::default()
                },
                Stop::Cancelled,
            ),
            (
                Budget {
                    deadline: Some(past),
                    ..Budget::default()
                },
                Stop::Deadline,
            ),
        ];
        for (budget, why) in stops {
            let out = count_with(&empty, 2, &budget, options).unwrap();
            assert_eq!(out.stopped, Some(why), "{options:?}");
            assert_eq!(out.verdict(), Verdict::Undecided);
        }
        // Conflict limits: every answer given is the true one.
        for seed in 0..4 {
            let p = planted(&g, seed, 55..70);
            let truth = oracle::count(&p, 2).min(2);
            for limit in [0, 1, 3, 10] {
                let budget = Budget {
                    conflicts: Some(limit),
                    ..Budget::default()
                };
                let out = count_with(&Problem::from_puzzle(&p), 2, &budget, options).unwrap();
                match out.verdict() {
                    Verdict::Undecided => assert_eq!(out.stopped, Some(Stop::Conflicts)),
                    Verdict::Unique => assert_eq!(truth, 1),
                    Verdict::Several => assert_eq!(truth, 2),
                    Verdict::NoSolution => assert_eq!(truth, 0),
                    Verdict::AtLeastOne => panic!("asked for two"),
                }
                assert!(grids(&out).iter().all(|s| p.verify(s).is_ok()));
            }
        }
    }
}

#[test]
fn bad_problems_are_errors() {
    let g = builtin::geometry("4x4").unwrap();
    let good = Problem::from_puzzle(&Puzzle::empty(g));
    let b = Budget::default();
    let mut p = good.clone();
    p.values.clear();
    assert_eq!(count(&p, 2, &b), Err(SatError::SymbolCount(0)));
    let mut p = good.clone();
    p.candidates[3] = SymbolSet(1 << 4);
    assert!(matches!(
        count(&p, 2, &b),
        Err(SatError::CandidateOutOfRange { cell }) if cell == CellId::new(3)
    ));
    let mut p = good.clone();
    p.no_repeat[1].push(CellId::new(99));
    assert!(matches!(
        count(&p, 2, &b),
        Err(SatError::NoSuchCell { shape: 1, .. })
    ));
    let mut p = good.clone();
    let first = p.no_repeat[0][0];
    p.no_repeat[0].push(first);
    assert!(matches!(
        count(&p, 2, &b),
        Err(SatError::RepeatedCell { shape: 0, .. })
    ));
    let mut p = good.clone();
    p.sums.push(SumShape {
        cells: Vec::new(),
        total: 3,
        distinct: true,
    });
    assert!(matches!(
        count(&p, 2, &b),
        Err(SatError::EmptyShape { kind: "sum", .. })
    ));
    let mut p = good.clone();
    p.pairs.push(PairRule {
        cells: [CellId::new(0), CellId::new(16)],
        allowed: Vec::new(),
    });
    assert!(matches!(
        count(&p, 2, &b),
        Err(SatError::NoSuchCell {
            kind: "pair",
            shape: 0,
            ..
        })
    ));
    let engine = count_with(
        &good,
        2,
        &b,
        Options {
            engine: Engine::Cadical,
            ..Options::default()
        },
    );
    assert_eq!(
        engine.is_err(),
        cfg!(not(feature = "cadical")),
        "{engine:?}"
    );
}

/// Each rule the back end encodes, alone on a blank 4x4 (288 grids before the rule): the back
/// end finds exactly the oracle's solutions, with every encoding.
#[test]
fn agrees_with_the_oracle_on_every_encoded_rule() {
    use crate::constraint::{Constraint, Mark, Relation, RuleKind};
    let ids = |v: &[usize]| v.iter().map(|&c| CellId::new(c)).collect::<Vec<_>>();
    let rules = vec![
        RuleKind::AntiKnight,
        RuleKind::AntiKing,
        RuleKind::Nonconsecutive,
        RuleKind::DisjointGroups {
            groups: vec![ids(&[0, 2, 8, 10]), ids(&[5, 7, 13, 15])],
        },
        RuleKind::Thermo {
            cells: ids(&[0, 5, 10]),
        },
        RuleKind::SlowThermo {
            cells: ids(&[4, 9, 14]),
        },
        RuleKind::Marks {
            marks: vec![
                Mark {
                    cells: [CellId::new(0), CellId::new(1)],
                    relation: Relation::Difference(1),
                },
                Mark {
                    cells: [CellId::new(4), CellId::new(8)],
                    relation: Relation::Ratio(2),
                },
            ],
            negative: vec![Relation::Sum(5)],
        },
        RuleKind::Odd {
            cells: ids(&[0, 5]),
        },
        RuleKind::Even { cells: ids(&[10]) },
        RuleKind::Minimum { cells: ids(&[5]) },
        RuleKind::Maximum {
            cells: ids(&[10, 3]),
        },
        RuleKind::Whispers {
            cells: ids(&[0, 1, 6]),
            difference: 2,
        },
        RuleKind::Palindrome {
            cells: ids(&[0, 5, 10, 15]),
        },
        RuleKind::Clone {
            cells: ids(&[0, 1, 10, 11]),
            half: 2,
        },
        RuleKind::LittleKiller {
            cells: ids(&[0, 5, 10, 15]),
            total: 9,
            clue: (0, 0),
            direction: (1, 1),
        },
    ];
    let g4 = builtin::geometry("4x4").unwrap();
    for kind in rules {
        let what = format!("{kind:?}");
        assert!(
            rules::encodable(&Constraint::new("r", kind.clone()).laws(&g4)),
            "{what}"
        );
        let g = Arc::new(
            (*g4)
                .clone()
                .with_constraints(vec![Constraint::new("r", kind)])
                .unwrap(),
        );
        let p = Puzzle::new(g.clone(), vec![None; 16]).unwrap();
        assert!(covers(&g), "{what}");
        agrees_with_oracle(&p, 300, &what);
    }
}
