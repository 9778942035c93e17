//! The kernel against the reference solver and the generic engine, on every geometry it serves.

use super::board::{Board, Masks, for_each_cell, word_bit};
use crate::load::load_str;
use crate::solver::{Budget, Stop, Verdict};
use crate::{Geometry, Puzzle, Solver, builtin, oracle};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// Every built-in geometry the kernel serves, with the share of cells to blank (percent) that
/// leaves the reference solver quick.
const SERVED: [(&str, std::ops::Range<usize>); 8] = [
    ("4x4", 40..95),
    ("6x6", 40..85),
    ("classic", 30..60),
    ("x-diagonal", 30..60),
    ("windoku", 30..60),
    ("jigsaw", 30..60),
    ("toroidal", 30..60),
    ("16x16", 10..25),
];

/// A random full grid with a random share of its cells blanked; with `spoil`, one given is
/// changed to another symbol (usually leaving no solution).
fn planted(g: &Arc<Geometry>, seed: u64, blank: std::ops::Range<usize>, spoil: bool) -> Puzzle {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let full = Solver::for_geometry(g.clone())
        .random_solution(seed)
        .unwrap();
    let mut givens: Vec<Option<u8>> = full.iter().map(|&v| Some(v)).collect();
    let nc = g.cell_count();
    for _ in 0..nc * rng.random_range(blank) / 100 {
        givens[rng.random_range(0..nc)] = None;
    }
    if spoil
        && let Some(c) = (0..nc)
            .map(|_| rng.random_range(0..nc))
            .find(|&c| givens[c].is_some())
    {
        let n = g.symbol_count() as u8;
        givens[c] = givens[c].map(|v| (v + rng.random_range(1..n)) % n);
    }
    Puzzle::new(g.clone(), givens).unwrap()
}

/// The kernel's solutions equal the reference solver's (each valid and the same set when
/// below the limit), and its verdict equals the generic engine's.
fn agrees(p: &Puzzle, limit: usize, what: &str) -> Verdict {
    let mut solver = Solver::new(p);
    assert!(solver.has_kernel(), "{what}: not served");
    let fast = solver.count(limit);
    let mut found: Vec<Vec<u8>> = fast.solutions.iter().map(|s| s.to_vec()).collect();
    found.sort();
    let mut slow = oracle::solutions(p, limit);
    slow.sort();
    if slow.len() < limit {
        assert_eq!(found, slow, "{what}: {}", p.to_line());
    } else {
        assert_eq!(found.len(), limit, "{what}: {}", p.to_line());
        assert!(found.iter().all(|s| p.verify(s).is_ok()), "{what}");
    }
    assert_eq!(fast.exhausted, slow.len() < limit, "{what}");
    let generic = Solver::new(p).without_kernel().count(limit);
    assert_eq!(fast.verdict(), generic.verdict(), "{what}: {}", p.to_line());
    fast.verdict()
}

#[test]
fn counts_equal_the_oracles_on_every_served_geometry() {
    for (name, blank) in SERVED {
        let g = builtin::geometry(name).unwrap();
        let mut seen = [0usize; 3];
        for seed in 0..12 {
            let spoil = seed % 3 == 2;
            let p = planted(&g, seed, blank.clone(), spoil);
            let what = format!("{name} seed {seed}");
            match agrees(&p, 3, &what) {
                Verdict::NoSolution => seen[0] += 1,
                Verdict::Unique => seen[1] += 1,
                _ => seen[2] += 1,
            }
            if !spoil {
                // The planted grid is always among the solutions.
                let c = Solver::new(&p).count(1000);
                assert!(c.solutions.iter().any(|s| p.verify(s).is_ok()), "{what}");
            }
        }
        assert!(seen[0] > 0, "{name}: no unsolvable case among {seen:?}");
    }
}

#[test]
fn multi_solution_and_blank_grids_are_counted_exactly() {
    // The blank 4x4 has 288 solutions, the blank 6x6 (2x3 boxes) 28,200,960.
    let g = builtin::geometry("4x4").unwrap();
    let c = Solver::for_geometry(g.clone()).count(1000);
    assert_eq!((c.solutions.len(), c.exhausted), (288, true));
    let mut sorted: Vec<_> = c.solutions.iter().map(|s| s.to_vec()).collect();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), 288);
    for name in ["classic", "16x16", "windoku", "toroidal"] {
        let g = builtin::geometry(name).unwrap();
        let c = Solver::for_geometry(g.clone()).count(5);
        assert_eq!(c.solutions.len(), 5, "{name}");
        let blank = Puzzle::empty(g);
        assert!(
            c.solutions.iter().all(|s| blank.verify(s).is_ok()),
            "{name}"
        );
    }
}

#[test]
fn peer_rules_are_folded_into_the_kernel() {
    for rule in ["anti-knight", "anti-king"] {
        for (variant, seeds) in [("6x6", 0..6u64), ("classic", 0..3)] {
            let text = format!("variant = \"{variant}\"\n[[rule]]\ntype = \"{rule}\"\n");
            let l = load_str("t", &text, None).unwrap();
            let g = l.puzzle.geometry().clone();
            for seed in seeds {
                let Some(full) = Solver::for_geometry(g.clone()).random_solution(seed) else {
                    continue;
                };
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
                let givens = full
                    .iter()
                    .map(|&v| rng.random_bool(0.35).then_some(v))
                    .collect();
                let p = Puzzle::new(g.clone(), givens).unwrap();
                agrees(&p, 3, &format!("{variant} {rule} seed {seed}"));
            }
        }
    }
}

#[test]
fn rules_beyond_no_repeat_stay_on_the_generic_engine() {
    let killer = builtin::geometry("killer").unwrap();
    assert!(!Solver::for_geometry(killer).has_kernel());
    let l = load_str(
        "t",
        "variant = \"4x4\"\n[[rule]]\ntype = \"thermo\"\ncells = \"r1c1 r1c2\"\n",
        None,
    )
    .unwrap();
    assert!(!Solver::new(&l.puzzle).has_kernel());
    let samurai = builtin::geometry("samurai").unwrap();
    assert!(!Solver::for_geometry(samurai).has_kernel());
}

#[test]
fn budgets_stop_the_kernel_with_undecided() {
    let g = builtin::geometry("classic").unwrap();
    let mut s = Solver::for_geometry(g.clone());
    assert!(s.has_kernel());
    let c = s.count_with(2, &Budget::default().with_guesses(0));
    assert_eq!(
        (c.verdict(), c.stopped),
        (Verdict::Undecided, Some(Stop::Guesses { max: 0 }))
    );
    let past = Budget::default().with_deadline(std::time::Instant::now());
    let c = s.count_with(1_000_000, &past);
    assert_eq!(
        (c.verdict(), c.stopped),
        (Verdict::Undecided, Some(Stop::Deadline))
    );
    let cancel = Budget::default().with_cancel(Arc::new(AtomicBool::new(true)));
    let c = s.count_with(2, &cancel);
    assert_eq!(
        (c.verdict(), c.stopped),
        (Verdict::Undecided, Some(Stop::Cancelled))
    );
    // A small guess limit on hard puzzles: every answer given is the true one.
    for seed in 0..6 {
        let p = planted(&g, seed, 60..75, false);
        let truth = oracle::count(&p, 2);
        s.set_givens(p.givens()).unwrap();
        for limit in [1, 3, 10] {
            let c = s.count_with(2, &Budget::default().with_guesses(limit));
            match c.verdict() {
                Verdict::Undecided => assert_eq!(c.stopped, Some(Stop::Guesses { max: limit })),
                Verdict::Unique => assert_eq!(truth, 1),
                Verdict::Several => assert_eq!(truth, 2),
                v => panic!("seed {seed}: {v:?}"),
            }
            assert!(c.stats.guesses <= limit);
        }
    }
}

#[test]
fn out_of_range_givens_have_no_solution() {
    let g = builtin::geometry("4x4").unwrap();
    let mut givens = vec![None; 16];
    givens[0] = Some(9);
    // `set_givens` refuses it, but the solver must not misread one that gets through.
    let mut s = Solver::for_geometry(g);
    s.givens.copy_from_slice(&givens);
    assert_eq!(s.count(2).verdict(), Verdict::NoSolution);
}

/// Whether a settled board has no single left: every house still open for a symbol holds two
/// or more of its places, and every unplaced cell two or more candidates.
fn at_fixed_point(b: &Board<4>, m: &Masks<4>) -> bool {
    let count = |x: &[u64; 4]| x.iter().map(|w| w.count_ones()).sum::<u32>();
    let houses_ok = (0..m.symbols).all(|s| {
        let mut ok = true;
        for_each_cell(&[b.open_houses[s], 0, 0, 0], |h| {
            let here: [u64; 4] = std::array::from_fn(|i| b.places[s][i] & m.houses[h][i]);
            ok &= count(&here) >= 2;
        });
        ok
    });
    let mut cells_ok = true;
    for_each_cell(b.open(), |c| {
        cells_ok &= (0..m.symbols).filter(|&s| b.has(s, c)).count() >= 2;
    });
    houses_ok && cells_ok
}

/// Hidden singles look again only at the houses that changed since the last pass, so a missed
/// change would not give a wrong count (the search would branch instead) but a weaker kernel.
/// Guesses and the search's alternatives (one candidate taken out of a settled board) are
/// followed by settling, and the fixed point must hold each time.
#[test]
fn settling_leaves_no_single_after_guesses_and_alternatives() {
    let mut settled = 0;
    for (name, _) in SERVED {
        let g = builtin::geometry(name).unwrap();
        let m = Masks::<4>::new(&g, &[]).unwrap();
        // From the blank grid: random guesses reach many different boards before one fails.
        for seed in 0..12 {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut b = Board::new(&m);
            b.reset(&m);
            let mut ok = b.settle_with(&m, false);
            while ok && b.open().iter().any(|&w| w != 0) {
                assert!(at_fixed_point(&b, &m), "{name} seed {seed}");
                settled += 1;
                let open: Vec<usize> = {
                    let mut v = Vec::new();
                    for_each_cell(b.open(), |c| v.push(c));
                    v
                };
                let c = open[rng.random_range(0..open.len())];
                let cands: Vec<usize> = (0..m.symbols).filter(|&s| b.has(s, c)).collect();
                let s = cands[rng.random_range(0..cands.len())];
                if rng.random_bool(0.5) {
                    b.place(&m, c, s);
                } else {
                    let (w, bit) = word_bit(c);
                    b.places[s][w] &= !bit;
                    b.taken_out(&m, c, s);
                }
                ok = b.settle_with(&m, false);
            }
        }
    }
    assert!(settled > 100, "too few settled boards: {settled}");
}

/// Loading the givens all at once gives the board that placing them one by one gives, and
/// refuses exactly the givens where one lands on a peer holding its symbol.
#[test]
fn load_equals_placing_givens_one_by_one() {
    let mut compared = 0;
    for (name, blank) in SERVED {
        let g = builtin::geometry(name).unwrap();
        let m = Masks::<4>::new(&g, &[]).unwrap();
        let mut search = super::search::Search::new(&m);
        for seed in 0..20 {
            let p = planted(&g, seed, blank.clone(), seed % 2 == 1);
            let mut b = Board::new(&m);
            b.reset(&m);
            let mut placed = true;
            for (c, v) in p.givens().iter().enumerate() {
                if let Some(s) = *v {
                    let s = s as usize;
                    if !b.has(s, c) {
                        placed = false;
                        break;
                    }
                    b.place(&m, c, s);
                }
            }
            let loaded = search.load_for_test(&m, p.givens());
            assert_eq!(loaded.is_some(), placed, "{name} seed {seed}");
            if let Some(l) = loaded {
                assert_eq!(l.places, b.places, "{name} seed {seed}");
                assert_eq!(l.open_houses, b.open_houses, "{name} seed {seed}");
                compared += 1;
            }
        }
    }
    assert!(compared > 50, "too few loads compared: {compared}");
}

/// Random solutions on the kernel are the generic engine's, seed for seed (the generator's
/// puzzles depend on it): from the blank grid and from partial and spoiled givens, on every
/// served geometry of up to 9 symbols, with the same guesses.
#[test]
fn random_solutions_equal_the_generic_engines() {
    let mut compared = 0;
    for (name, blank) in SERVED {
        let g = builtin::geometry(name).unwrap();
        if g.symbol_count() > 9 {
            continue;
        }
        for seed in 0..40 {
            let p = if seed < 10 {
                Puzzle::empty(g.clone())
            } else {
                planted(&g, seed, blank.end..blank.end + 30, seed % 3 == 0)
            };
            let mut fast = Solver::new(&p);
            assert!(
                fast.kernel_fills,
                "{name}: random solutions not on the kernel"
            );
            let mut slow = Solver::new(&p).without_kernel();
            let (a, b) = (
                fast.random_solution_with(seed, &Budget::default()),
                slow.random_solution_with(seed, &Budget::default()),
            );
            let (sa, sb): (Vec<Vec<u8>>, Vec<Vec<u8>>) = (
                a.solutions.iter().map(|s| s.to_vec()).collect(),
                b.solutions.iter().map(|s| s.to_vec()).collect(),
            );
            assert_eq!(sa, sb, "{name} seed {seed}: {}", p.to_line());
            assert_eq!(a.stats.guesses, b.stats.guesses, "{name} seed {seed}");
            assert_eq!(a.exhausted, b.exhausted, "{name} seed {seed}");
            compared += 1;
        }
    }
    assert!(compared > 200, "too few compared: {compared}");
}
