//! Times the solver on classic-size puzzles with sum and line rules, per rule family.
//!
//! For each family it builds puzzles around a random classic solution: rules of the family that
//! hold in the solution (found on random lines), then givens removed one by one, in random
//! order, while the puzzle stays unique. It then times proving each puzzle unique (counting to
//! 2, best of 3 runs) and prints the median and worst time and guesses per family.
//!
//! `cargo run --release -p shapedoku --example linebench [PUZZLES_PER_FAMILY]`

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use shapedoku::automaton::{Automaton, Transition};
use shapedoku::constraint::{Constraint, RuleKind};
use shapedoku::{CellId, Geometry, Pos, Puzzle, Solver, Verdict, builtin};
use std::sync::Arc;
use std::time::Instant;

const FAMILIES: [&str; 13] = [
    "little-killer",
    "arrow",
    "double-arrow",
    "renban",
    "whispers",
    "palindrome",
    "between",
    "region-sum",
    "entropic",
    "modular",
    "zipper",
    "clone",
    "sequence",
];

/// One puzzle's milliseconds, guesses, rules and givens.
type Row = (f64, u64, usize, usize);

fn main() {
    let per: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(10);
    let classic = builtin::geometry("classic").expect("classic is built in");
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2026);
    println!(
        "family         puzzles  rules  givens  median_ms  worst_ms  median_guesses  worst_guesses"
    );
    for family in FAMILIES {
        let mut rows = Vec::new();
        for _ in 0..per {
            let sol = solution(&mut rng);
            let rules = rules_for(family, &classic, &sol, &mut rng);
            let g = Arc::new(
                (*classic)
                    .clone()
                    .with_constraints(rules.clone())
                    .expect("rules on classic cells"),
            );
            let givens = minimise(&g, &sol, &mut rng);
            let p = Puzzle::new(g, givens).expect("givens of the solution");
            let (ms, guesses) = time(&p);
            rows.push((ms, guesses, rules.len(), p.given_count()));
        }
        let mut ms: Vec<f64> = rows.iter().map(|r| r.0).collect();
        let mut gs: Vec<u64> = rows.iter().map(|r| r.1).collect();
        ms.sort_by(f64::total_cmp);
        gs.sort_unstable();
        let avg =
            |f: fn(&Row) -> usize| rows.iter().map(f).sum::<usize>() as f64 / rows.len() as f64;
        println!(
            "{family:<14} {:>7}  {:>5.1}  {:>6.1}  {:>9.3}  {:>8.3}  {:>14}  {:>13}",
            rows.len(),
            avg(|r| r.2),
            avg(|r| r.3),
            ms[ms.len() / 2],
            ms[ms.len() - 1],
            gs[gs.len() / 2],
            gs[gs.len() - 1]
        );
    }
}

/// Milliseconds to prove uniqueness (best of 3) and the guesses it took.
fn time(p: &Puzzle) -> (f64, u64) {
    let mut best = f64::MAX;
    let mut guesses = 0;
    for _ in 0..3 {
        let t = Instant::now();
        let c = Solver::new(p).count(2);
        best = best.min(t.elapsed().as_secs_f64() * 1000.0);
        assert_eq!(c.verdict(), Verdict::Unique);
        guesses = c.stats.guesses;
    }
    (best, guesses)
}

/// A random classic solution: a fixed grid with digits relabelled and rows and columns shuffled
/// within their bands and stacks, bands and stacks shuffled too.
fn solution(rng: &mut Xoshiro256PlusPlus) -> Vec<u8> {
    let base = |r: usize, c: usize| ((r % 3) * 3 + r / 3 + c) % 9;
    let shuffled = |rng: &mut Xoshiro256PlusPlus| {
        let mut out = Vec::new();
        let mut bands = [0usize, 1, 2];
        shuffle(&mut bands, rng);
        for b in bands {
            let mut rows = [3 * b, 3 * b + 1, 3 * b + 2];
            shuffle(&mut rows, rng);
            out.extend(rows);
        }
        out
    };
    let (rows, cols) = (shuffled(rng), shuffled(rng));
    let mut digits: Vec<u8> = (0..9).collect();
    shuffle(&mut digits, rng);
    (0..81)
        .map(|i| digits[base(rows[i / 9], cols[i % 9])])
        .collect()
}

fn shuffle<T>(v: &mut [T], rng: &mut Xoshiro256PlusPlus) {
    for i in (1..v.len()).rev() {
        v.swap(i, rng.random_range(0..=i));
    }
}

/// Rules of `family` that hold in `sol`, on cells no earlier rule uses.
fn rules_for(
    family: &str,
    g: &Geometry,
    sol: &[u8],
    rng: &mut Xoshiro256PlusPlus,
) -> Vec<Constraint> {
    let want = match family {
        "little-killer" => 6,
        "clone" => 3,
        _ => 8,
    };
    let mut used = [false; 81];
    let mut out = Vec::new();
    for _ in 0..20_000 {
        if out.len() == want {
            break;
        }
        let len = rng.random_range(2..=7);
        let line = walk(rng, len);
        let Some(kind) = kind_for(family, &line, rng) else {
            continue;
        };
        let c = Constraint::new(&format!("{family} {}", out.len() + 1), kind);
        if c.cells().iter().any(|x| used[x.index()]) {
            continue;
        }
        if c.holds(g, &|x| Some(sol[x.index()])) {
            for x in c.cells() {
                used[x.index()] = true;
            }
            out.push(c);
        }
    }
    out
}

fn kind_for(family: &str, line: &[CellId], rng: &mut Xoshiro256PlusPlus) -> Option<RuleKind> {
    let cells = line.to_vec();
    Some(match family {
        "little-killer" => {
            // A clue above the grid or left of it, pointing down-right or down-left.
            let k = rng.random_range(1..=9u32);
            let (clue, dir) = match rng.random_range(0..3) {
                0 => ((0, k), (1, 1)),
                1 => ((0, k), (1, -1)),
                _ => ((k, 0), (1, 1)),
            };
            let mut cells = Vec::new();
            let (mut r, mut c) = (clue.0 as i32 + dir.0, clue.1 as i32 + dir.1);
            while (1..=9).contains(&r) && (1..=9).contains(&c) {
                cells.push(CellId::new(((r - 1) * 9 + c - 1) as usize));
                r += dir.0;
                c += dir.1;
            }
            if cells.len() < 3 {
                return None;
            }
            // The total is found by trying them all: the caller keeps the one that holds.
            let total = rng.random_range(cells.len() as i64..=9 * cells.len() as i64);
            RuleKind::LittleKiller {
                cells,
                total,
                clue,
                direction: dir,
            }
        }
        "arrow" => RuleKind::Arrow { cells, circle: 1 },
        "double-arrow" => RuleKind::DoubleArrow { cells },
        "renban" => RuleKind::Renban { cells },
        "whispers" => RuleKind::Whispers {
            cells,
            difference: 5,
        },
        "palindrome" => RuleKind::Palindrome { cells },
        "between" => RuleKind::Between { cells },
        "region-sum" => RuleKind::RegionSum { cells },
        "entropic" => RuleKind::Entropic { cells },
        "modular" => RuleKind::Modular { cells },
        "zipper" => RuleKind::Zipper { cells },
        "clone" => {
            // The copy: the same cells moved by a random offset.
            let (dr, dc) = (rng.random_range(-8..=8i32), rng.random_range(-8..=8i32));
            let mut all = cells.clone();
            for c in &cells {
                let (r, k) = ((c.index() / 9) as i32 + dr, (c.index() % 9) as i32 + dc);
                if !(0..9).contains(&r) || !(0..9).contains(&k) || (dr, dc) == (0, 0) {
                    return None;
                }
                all.push(CellId::new((r * 9 + k) as usize));
            }
            RuleKind::Clone {
                cells: all,
                half: cells.len(),
            }
        }
        _ => RuleKind::Sequence {
            cells,
            automaton: alternating(),
            closed: false,
        },
    })
}

/// Values alternating low (1-4) and high (6-9), a line type written as data.
fn alternating() -> Automaton {
    Automaton::new(
        vec!["s".into(), "low".into(), "high".into()],
        0,
        vec![1, 2],
        vec![
            Transition::new(0, 1, vec![(1, 4)]),
            Transition::new(0, 2, vec![(6, 9)]),
            Transition::new(1, 2, vec![(6, 9)]),
            Transition::new(2, 1, vec![(1, 4)]),
        ],
    )
    .expect("a valid automaton")
}

/// A random line of up to `len` cells, each touching the one before.
fn walk(rng: &mut Xoshiro256PlusPlus, len: usize) -> Vec<CellId> {
    let mut line = vec![Pos::new(rng.random_range(1..=9), rng.random_range(1..=9))];
    while line.len() < len {
        let p = line[line.len() - 1];
        let (r, c) = (
            p.row as i32 + rng.random_range(-1..=1),
            p.col as i32 + rng.random_range(-1..=1),
        );
        if !(1..=9).contains(&r) || !(1..=9).contains(&c) {
            continue;
        }
        let q = Pos::new(r as u32, c as u32);
        if line.contains(&q) {
            if rng.random_bool(0.2) {
                break;
            }
            continue;
        }
        line.push(q);
    }
    line.iter()
        .map(|p| CellId::new(((p.row - 1) * 9 + p.col - 1) as usize))
        .collect()
}

/// Givens of `sol` removed one by one in random order while the puzzle stays unique.
fn minimise(g: &Arc<Geometry>, sol: &[u8], rng: &mut Xoshiro256PlusPlus) -> Vec<Option<u8>> {
    let mut givens: Vec<Option<u8>> = sol.iter().map(|&s| Some(s)).collect();
    let mut order: Vec<usize> = (0..81).collect();
    shuffle(&mut order, rng);
    let mut solver = Solver::for_geometry(g.clone());
    for c in order {
        let keep = givens[c].take();
        solver.set_givens(&givens).expect("givens in range");
        if solver.count(2).verdict() != Verdict::Unique {
            givens[c] = keep;
        }
    }
    givens
}
