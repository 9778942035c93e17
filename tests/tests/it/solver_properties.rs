//! Property tests of the counting solver with planted solutions: fill a grid with
//! `Solver::random_solution`, blank random cells, and check that every reported solution
//! satisfies every shape, that the planted grid is found, and that the fast solver's count
//! agrees with the deliberately simple reference solver in `shapedoku::oracle`.

use proptest::prelude::*;
use shapedoku::{
    CellId, Geometry, GeometryBuilder, GridSpec, Pos, Puzzle, Rule, ShapeKind, Solver, SymbolSet,
    Symbols, Verdict, oracle,
};
use std::sync::Arc;

/// A tiny deterministic generator (splitmix64), so the test needs no extra dependency and a
/// proptest seed reproduces the same puzzle.
struct Mix(u64);
impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn symbols(n: usize) -> Symbols {
    Symbols::new("123456789ABCDEFGHIJKLMNOP".chars().take(n)).unwrap()
}

fn square(name: &str, size: u32, boxes: Option<(u32, u32)>, diagonals: bool) -> Arc<Geometry> {
    let mut spec = GridSpec::square(Pos::new(1, 1), size);
    if let Some((h, w)) = boxes {
        spec = spec.with_boxes(h, w);
    }
    if diagonals {
        spec = spec.with_diagonals();
    }
    let mut b = GeometryBuilder::new(name, symbols(size as usize));
    b.grid(spec);
    Arc::new(b.build().unwrap())
}

/// A 6x6 jigsaw: rows, columns and six irregular regions.
fn jigsaw6() -> Arc<Geometry> {
    let map = "AAABBB
               ACAABB
               CCCDBD
               CECDDD
               EEDFFF
               EEEFFF";
    let mut b = GeometryBuilder::new("jigsaw6", symbols(6));
    b.grid(GridSpec::square(Pos::new(1, 1), 6).with_regions(map));
    Arc::new(b.build().unwrap())
}

/// The geometries under test, by index.
fn geometry(kind: usize) -> Arc<Geometry> {
    match kind {
        0 => square("4x4", 4, Some((2, 2)), false),
        1 => square("6x6", 6, Some((2, 3)), false),
        2 => square("classic", 9, Some((3, 3)), false),
        3 => square("x6", 6, Some((2, 3)), true),
        4 => square("x9", 9, Some((3, 3)), true),
        5 => jigsaw6(),
        // Larger alphabets switch on naked pairs and two-place branching (16) and probing (25).
        6 => square("16x16", 16, Some((4, 4)), false),
        _ => square("25x25", 25, Some((5, 5)), false),
    }
}

/// A killer geometry on a `size` grid: the base grid plus random cages cut from the planted
/// grid (no symbol twice in a cage), each with the sum of its planted values.
fn killer(size: u32, boxes: (u32, u32), planted: &[u8], rng: &mut Mix) -> Arc<Geometry> {
    let n = size as usize;
    let mut b = GeometryBuilder::new("killer", symbols(n));
    b.grid(GridSpec::square(Pos::new(1, 1), size).with_boxes(boxes.0, boxes.1));
    let mut used = vec![false; n * n];
    for start in 0..n * n {
        if used[start] {
            continue;
        }
        let want = 1 + rng.below(4) as usize;
        let mut cells = vec![start];
        used[start] = true;
        // Grow to orthogonal neighbours whose planted symbol is new to the cage.
        while cells.len() < want {
            let &c = &cells[rng.below(cells.len() as u64) as usize];
            let (r, col) = (c / n, c % n);
            let options: Vec<usize> = [
                (r + 1, col),
                (r, col + 1),
                (r.wrapping_sub(1), col),
                (r, col.wrapping_sub(1)),
            ]
            .into_iter()
            .filter(|&(r, c)| r < n && c < n)
            .map(|(r, c)| r * n + c)
            .filter(|&o| !used[o] && cells.iter().all(|&x| planted[x] != planted[o]))
            .collect();
            if options.is_empty() {
                break;
            }
            let o = options[rng.below(options.len() as u64) as usize];
            used[o] = true;
            cells.push(o);
        }
        let total: i64 = cells.iter().map(|&c| planted[c] as i64 + 1).sum();
        let pos = cells
            .iter()
            .map(|&c| Pos::new((c / n) as u32 + 1, (c % n) as u32 + 1))
            .collect();
        b.shape(
            &format!("cage at {start}"),
            ShapeKind::Cage,
            pos,
            Rule::Sum {
                total,
                distinct: true,
            },
        );
    }
    Arc::new(b.build().unwrap())
}

/// Blanks each cell of `planted` with probability `blank_pct`%, but keeps at most
/// `max_blanks` blanks so the reference solver stays fast.
fn puzzle(
    g: Arc<Geometry>,
    planted: &[u8],
    rng: &mut Mix,
    blank_pct: u64,
    max_blanks: usize,
) -> Puzzle {
    let mut givens: Vec<Option<u8>> = planted.iter().map(|&v| Some(v)).collect();
    let mut blanks = 0;
    let mut order: Vec<usize> = (0..givens.len()).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i as u64 + 1) as usize);
    }
    for c in order {
        if blanks < max_blanks && rng.below(100) < blank_pct {
            givens[c] = None;
            blanks += 1;
        }
    }
    Puzzle::new(g, givens).unwrap()
}

/// Narrows about `pct` % of the empty cells to random candidates that keep the planted value
/// (a puzzle file's `candidates`).
fn narrow(p: &mut Puzzle, planted: &[u8], rng: &mut Mix, pct: u64) {
    let n = p.geometry().symbol_count() as u8;
    for (c, &v) in planted.iter().enumerate() {
        if p.givens()[c].is_none() && rng.below(100) < pct {
            let set = (0..n)
                .filter(|_| rng.below(3) == 0)
                .fold(SymbolSet::single(v), SymbolSet::with);
            p.set_candidates(CellId::new(c), set).unwrap();
        }
    }
}

/// The checks every case runs: solutions are valid, the planted grid is found, and the fast
/// count agrees with the oracle's (same solutions when both finished).
fn check(p: &Puzzle, planted: &[u8], limit: usize) -> Result<(), TestCaseError> {
    let mut solver = Solver::new(p);
    let fast = solver.count(limit);
    for s in &fast.solutions {
        prop_assert!(p.verify(s).is_ok(), "invalid solution: {:?}", p.verify(s));
    }
    prop_assert!(
        !fast.solutions.is_empty(),
        "a planted puzzle has a solution"
    );
    let slow = oracle::solutions(p, limit);
    prop_assert_eq!(
        fast.solutions.len(),
        slow.len(),
        "fast and reference counts differ for {}",
        p.to_line()
    );
    if fast.solutions.len() < limit {
        prop_assert!(fast.exhausted);
        prop_assert!(
            fast.solutions.iter().any(|g| *g == planted[..]),
            "planted grid missing"
        );
        let (mut a, mut b) = (fast.solutions.clone(), slow);
        a.sort();
        b.sort();
        prop_assert_eq!(a, b);
        let want = if fast.solutions.len() == 1 {
            Verdict::Unique
        } else {
            Verdict::Several
        };
        prop_assert_eq!(fast.verdict(), want);
    }
    // Counting further must reach the planted grid (the space is small enough here).
    let all = solver.count(5_000);
    if all.exhausted {
        prop_assert!(
            all.solutions.iter().any(|g| *g == planted[..]),
            "planted grid missing from all solutions"
        );
    }
    Ok(())
}

proptest! {
    // A fixed seed: the same 96 cases on every run, so a failure reproduces. Drawn afresh, a
    // rare case once made a CI run take an hour: a 25x25 random fill whose depth-first search
    // wandered into a subtree without a solution. Fills now restart on Luby's schedule with a
    // derived seed (solver/fill.rs), so every fill of a blank 25x25 ends within about two
    // thousand guesses (at most 1,104 over 1,000 seeds, `--example random_fills`), whatever
    // the seed; the fixed seed is for reproducibility, not to hide a slow case.
    #![proptest_config(ProptestConfig {
        cases: 96,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x5eed_5d0c),
        ..ProptestConfig::default()
    })]

    #[test]
    fn planted_plain_geometries(kind in 0usize..8, seed in any::<u64>(), blank_pct in 20u64..95, limit in 2usize..=3) {
        let g = geometry(kind);
        let planted = Solver::for_geometry(g.clone()).random_solution(seed).expect("empty grid has a solution");
        prop_assert!(Puzzle::empty(g.clone()).verify(&planted).is_ok());
        let mut rng = Mix(seed);
        // The reference solver fills cells in order without propagation: keep 9x9 cases small.
        let max_blanks = match g.cell_count() {
            0..=36 => 36,
            37..=81 => 28,
            _ => 40,
        };
        let p = puzzle(g, &planted, &mut rng, blank_pct, max_blanks);
        check(&p, &planted, limit)?;
    }

    #[test]
    fn planted_killer(big in any::<bool>(), seed in any::<u64>(), blank_pct in 50u64..=100, limit in 2usize..=3) {
        let (size, boxes) = if big { (6, (2, 3)) } else { (4, (2, 2)) };
        let base = geometry(if big { 1 } else { 0 });
        let planted = Solver::for_geometry(base).random_solution(seed).expect("solution");
        let mut rng = Mix(seed ^ 0x5151);
        let g = killer(size, boxes, &planted, &mut rng);
        let max_blanks = if big { 24 } else { 16 };
        let p = puzzle(g, &planted, &mut rng, blank_pct, max_blanks);
        check(&p, &planted, limit)?;
    }

    #[test]
    fn planted_with_narrowed_candidates(kind in 0usize..8, seed in any::<u64>(), blank_pct in 40u64..95, narrow_pct in 10u64..80, limit in 2usize..=3) {
        let g = geometry(kind);
        let planted = Solver::for_geometry(g.clone()).random_solution(seed).expect("solution");
        let mut rng = Mix(seed ^ 0xca4d);
        let max_blanks = match g.cell_count() {
            0..=36 => 36,
            37..=81 => 32,
            _ => 44,
        };
        let mut p = puzzle(g, &planted, &mut rng, blank_pct, max_blanks);
        narrow(&mut p, &planted, &mut rng, narrow_pct);
        check(&p, &planted, limit)?;
    }

    #[test]
    fn random_solutions_are_valid_and_reproducible(kind in 0usize..8, seed in any::<u64>()) {
        let g = geometry(kind);
        let a = Solver::for_geometry(g.clone()).random_solution(seed).expect("solution");
        let b = Solver::for_geometry(g.clone()).random_solution(seed).expect("solution");
        prop_assert_eq!(&a, &b);
        prop_assert!(Puzzle::empty(g).verify(&a).is_ok());
    }
}

/// Killer cages with no givens at all on 4x4: the oracle explores everything.
#[test]
fn killer_without_givens_matches_oracle() {
    for seed in 0..40u64 {
        let planted = Solver::for_geometry(geometry(0))
            .random_solution(seed)
            .unwrap();
        let mut rng = Mix(seed);
        let g = killer(4, (2, 2), &planted, &mut rng);
        let p = Puzzle::empty(g);
        let fast = Solver::new(&p).count(50);
        let slow = oracle::solutions(&p, 50);
        assert_eq!(fast.solutions.len(), slow.len(), "seed {seed}");
        assert!(fast.solutions.contains(&planted), "seed {seed}");
        for s in &fast.solutions {
            assert!(p.verify(s).is_ok());
        }
    }
}
