//! The generated families: for each, rules of one kind that hold in a random classic solution,
//! as many as fit, then (in random order) givens added until the puzzle is unique, rules
//! removed while it stays unique, and givens removed while it stays unique. So a puzzle keeps
//! only the rules and givens it needs, which makes it hard: a sandwich puzzle keeps a few of its
//! eighteen clues and no given when those decide it. Each family's puzzles are written as
//! puzzle files, then one given that no solution has is added to some of them for the
//! zero-solution family.

use crate::families::{cell, clue, col, lines_of, marks, row, walk};
use crate::solutions::{shuffle, solution, solution_of};
use crate::toml_out::puzzle_file;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use shapedoku::constraint::{Constraint, RuleKind};
use shapedoku::solver::Budget;
use shapedoku::{CellId, Geometry, Puzzle, Rule, Shape, ShapeKind, Solver, Verdict, builtin};
use std::path::Path;
use std::sync::Arc;

/// The generated families.
pub const FAMILIES: [&str; 13] = [
    "killer",
    "sandwich",
    "little-killer",
    "skyscraper",
    "renban",
    "arrow",
    "whispers",
    "zipper",
    "region-sum",
    "thermo",
    "kropki",
    "nonconsecutive",
    // Last, so that the families before it keep their seeds.
    "sum-line",
];

/// Work a uniqueness check may do while generating (guesses, and conflicts once handed to
/// clauses): a puzzle needing more to prove unique is not made.
const CHECK_WORK: u64 = 50_000;

/// Random walks tried for a family's lines: zipper and region-sum lines rarely hold on a random
/// walk, so far more than rulebench's 20,000 are needed to find a dozen.
const LINE_TRIES: usize = 2_000_000;

/// Generated puzzles of each family with no solution: from the first two of each family.
const ZERO_PER_FAMILY: usize = 2;

/// The seed every puzzle's own seed is made from.
const SEED: u64 = 30;

/// A rule of the puzzle: a rule beyond shapes or a sum cage.
#[derive(Clone)]
enum Item {
    Rule(Constraint),
    Cage(Shape),
}

/// Writes `per` puzzles of each family (all of them when `only` is empty), and the
/// zero-solution ones, under `dir`, skipping puzzles whose files are there already. Each puzzle
/// has a seed of its own (from its family and number), so families can be made apart, in any
/// order, and a run that stopped can be resumed.
pub fn all(dir: &Path, per: usize, only: &[String]) {
    let classic = builtin::geometry("classic").expect("classic is built in");
    for (f, family) in FAMILIES.iter().enumerate() {
        if !only.is_empty() && !only.iter().any(|o| o == family) {
            continue;
        }
        for k in 1..=per {
            let main = dir.join(family).join(format!("{k:02}.toml"));
            let zero = dir.join("zero-solution").join(format!("{family}-{k}.toml"));
            if main.exists() && (k > ZERO_PER_FAMILY || zero.exists()) {
                continue;
            }
            let seed = SEED * 10_000 + f as u64 * 100 + k as u64;
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let (p, sol) = one(family, &classic, &mut rng);
            let header = format!(
                "{family} {k}: made by `issbench generate` (seed {seed}), {} rules and cages, {} givens",
                p.geometry().constraints().len() + cages(p.geometry()),
                p.given_count()
            );
            write(&main, &header, &p, Some(&sol));
            eprintln!("{header}");
            if k > ZERO_PER_FAMILY {
                continue;
            }
            if let Some(q) = without_solution(&p, &sol, &mut rng) {
                let header = format!(
                    "zero-solution {family}-{k}: {family} {k} with one given no solution has (issbench generate, seed {seed})"
                );
                write(&zero, &header, &q, None);
                eprintln!("{header}");
            }
        }
    }
}

fn cages(g: &Geometry) -> usize {
    g.shapes().iter().filter(|s| s.sum().is_some()).count()
}

fn write(path: &Path, header: &str, p: &Puzzle, sol: Option<&[u8]>) {
    std::fs::create_dir_all(path.parent().expect("a folder")).expect("the output folder");
    let text = puzzle_file(header, p, sol);
    std::fs::write(path, &text).expect("the puzzle file");
    // The file must load back to the same puzzle.
    let loaded = shapedoku::load::load_path(path).expect("a puzzle file that loads");
    assert_eq!(loaded.puzzle.givens(), p.givens(), "{}", path.display());
    assert_eq!(
        loaded.geometry.constraints().len(),
        p.geometry().constraints().len(),
        "{}",
        path.display()
    );
}

/// One puzzle of `family` and its solution.
fn one(family: &str, classic: &Geometry, rng: &mut Xoshiro256PlusPlus) -> (Puzzle, Vec<u8>) {
    let rule = |kind| Item::Rule(Constraint::new(family, kind));
    let (sol, items): (Vec<u8>, Vec<Item>) = match family {
        "nonconsecutive" => {
            let g = Arc::new(build(classic, &[rule(RuleKind::Nonconsecutive)]));
            (solution_of(&g, rng), vec![rule(RuleKind::Nonconsecutive)])
        }
        _ => {
            let sol = solution(rng);
            let g = classic;
            let items = match family {
                "killer" => killer_cages(&sol, rng)
                    .into_iter()
                    .map(Item::Cage)
                    .collect(),
                "sandwich" => (1..=9u32)
                    .flat_map(|i| {
                        [
                            clue(family, (i, 0), row(i), &sol),
                            clue(family, (0, i), col(i), &sol),
                        ]
                    })
                    .map(Item::Rule)
                    .collect(),
                "skyscraper" => skyscrapers(&sol).into_iter().map(Item::Rule).collect(),
                "little-killer" => little_killers(&sol).into_iter().map(Item::Rule).collect(),
                "kropki" => vec![Item::Rule(marks(family, &sol, rng))],
                "sum-line" => sum_lines(&sol, rng).into_iter().map(Item::Cage).collect(),
                "region-sum" | "zipper" => lines_of(family, g, &sol, rng, 14, 3..=9, LINE_TRIES)
                    .into_iter()
                    .map(Item::Rule)
                    .collect(),
                _ => lines_of(family, g, &sol, rng, 14, 2..=7, LINE_TRIES)
                    .into_iter()
                    .map(Item::Rule)
                    .collect(),
            };
            (sol, items)
        }
    };
    let (items, givens) = minimal(classic, items, &sol, rng);
    let g = Arc::new(build(classic, &items));
    (Puzzle::new(g, givens).expect("givens of the solution"), sol)
}

/// The geometry of classic with these cages and rules.
fn build(classic: &Geometry, items: &[Item]) -> Geometry {
    let shapes = items.iter().filter_map(|i| match i {
        Item::Cage(s) => Some(s.clone()),
        Item::Rule(_) => None,
    });
    let rules = items.iter().filter_map(|i| match i {
        Item::Rule(r) => Some(r.clone()),
        Item::Cage(_) => None,
    });
    classic
        .with_shapes(shapes)
        .and_then(|g| g.with_constraints(rules))
        .expect("rules on classic cells")
}

/// Whether the puzzle is unique, within [`CHECK_WORK`].
fn unique(g: &Arc<Geometry>, givens: &[Option<u8>]) -> bool {
    let p = Puzzle::new(g.clone(), givens.to_vec()).expect("givens in range");
    let budget = Budget::default()
        .with_guesses(CHECK_WORK)
        .with_conflicts(CHECK_WORK);
    Solver::new(&p).count_with(2, &budget).verdict() == Verdict::Unique
}

/// Givens added until unique, then removed while it stays unique, then rules removed while it
/// stays unique (those the givens left redundant): the puzzle leans on its rules as much as it
/// can, keeping only the ones it needs.
fn minimal(
    classic: &Geometry,
    mut items: Vec<Item>,
    sol: &[u8],
    rng: &mut Xoshiro256PlusPlus,
) -> (Vec<Item>, Vec<Option<u8>>) {
    let mut givens = vec![None; 81];
    let mut order: Vec<usize> = (0..81).collect();
    shuffle(&mut order, rng);
    let g = Arc::new(build(classic, &items));
    let mut next = order.iter();
    while !unique(&g, &givens) {
        let &c = next.next().expect("the full grid is unique");
        givens[c] = Some(sol[c]);
    }
    shuffle(&mut order, rng);
    for &c in &order {
        if let Some(v) = givens[c].take() {
            if !unique(&g, &givens) {
                givens[c] = Some(v);
            }
        }
    }
    let mut i_order: Vec<usize> = (0..items.len()).collect();
    shuffle(&mut i_order, rng);
    let mut keep = vec![true; items.len()];
    for i in i_order {
        keep[i] = false;
        let trial: Vec<Item> = (0..items.len())
            .filter(|&j| keep[j])
            .map(|j| items[j].clone())
            .collect();
        if !unique(&Arc::new(build(classic, &trial)), &givens) {
            keep[i] = true;
        }
    }
    let mut k = keep.iter();
    items.retain(|_| *k.next().expect("one flag per item"));
    (items, givens)
}

/// Cages covering the grid: grown from the cells in random order to a random size of 2 to 5,
/// each next cell a free orthogonal neighbour whose value the cage lacks; a cell left alone
/// stays uncaged. Totals from the solution.
fn killer_cages(sol: &[u8], rng: &mut Xoshiro256PlusPlus) -> Vec<Shape> {
    let mut free = [true; 81];
    let mut order: Vec<usize> = (0..81).collect();
    shuffle(&mut order, rng);
    let mut out = Vec::new();
    for start in order {
        if !free[start] {
            continue;
        }
        let size = rng.random_range(2..=5);
        let mut cage = vec![start];
        free[start] = false;
        while cage.len() < size {
            let mut next: Vec<usize> = cage
                .iter()
                .flat_map(|&c| neighbours(c))
                .filter(|&n| free[n] && !cage.iter().any(|&x| sol[x] == sol[n]))
                .collect();
            next.sort_unstable();
            next.dedup();
            if next.is_empty() {
                break;
            }
            let n = next[rng.random_range(0..next.len())];
            free[n] = false;
            cage.push(n);
        }
        if cage.len() < 2 {
            free[start] = true;
            continue;
        }
        let total = cage.iter().map(|&c| i64::from(sol[c]) + 1).sum();
        out.push(Shape {
            name: format!("cage {}", out.len() + 1),
            kind: ShapeKind::Cage,
            grid: None,
            number: 0,
            cells: cage,
            rule: Rule::Sum {
                total,
                distinct: true,
            },
        });
    }
    out
}

/// Long sum lines: up to ten disjoint random walks of 5 to 9 cells (steps to any of the eight
/// neighbours), each a sum shape whose values may repeat, its total from the solution.
fn sum_lines(sol: &[u8], rng: &mut Xoshiro256PlusPlus) -> Vec<Shape> {
    let mut used = [false; 81];
    let mut out = Vec::new();
    for _ in 0..LINE_TRIES {
        if out.len() == 10 {
            break;
        }
        let len = rng.random_range(5..=9);
        let line = walk(rng, len, |_, _| true);
        if line.len() < 5 || line.iter().any(|c| used[c.index()]) {
            continue;
        }
        let cells: Vec<usize> = line.iter().map(|c| c.index()).collect();
        for &c in &cells {
            used[c] = true;
        }
        let total = cells.iter().map(|&c| i64::from(sol[c]) + 1).sum();
        out.push(Shape {
            name: format!("sum line {}", out.len() + 1),
            kind: ShapeKind::Cage,
            grid: None,
            number: 0,
            cells,
            rule: Rule::Sum {
                total,
                distinct: false,
            },
        });
    }
    out
}

fn neighbours(c: usize) -> impl Iterator<Item = usize> {
    let (r, k) = ((c / 9) as i32, (c % 9) as i32);
    [(r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1)]
        .into_iter()
        .filter(|&(r, k)| (0..9).contains(&r) && (0..9).contains(&k))
        .map(|(r, k)| (r * 9 + k) as usize)
}

/// Skyscraper clues on all four sides of every row and column.
fn skyscrapers(sol: &[u8]) -> Vec<Constraint> {
    let mut out = Vec::new();
    for i in 1..=9u32 {
        let (mut r, mut c) = (row(i), col(i));
        out.push(clue("skyscraper", (i, 0), r.clone(), sol));
        out.push(clue("skyscraper", (0, i), c.clone(), sol));
        r.reverse();
        c.reverse();
        out.push(clue("skyscraper", (i, 10), r, sol));
        out.push(clue("skyscraper", (10, i), c, sol));
    }
    out
}

/// A little killer on every diagonal of two or more cells (each once, read from its end on the
/// left, right, top or bottom), its total from the solution.
fn little_killers(sol: &[u8]) -> Vec<Constraint> {
    let mut starts: Vec<(i32, i32, i32, i32)> = Vec::new();
    starts.extend((1..=8).map(|r| (r, 1, 1, 1)));
    starts.extend((2..=8).map(|r| (r, 9, -1, -1)));
    starts.extend((2..=9).map(|c| (1, c, 1, -1)));
    starts.extend((2..=8).map(|c| (9, c, -1, 1)));
    let mut out = Vec::new();
    let mut seen: Vec<Vec<CellId>> = Vec::new();
    for (r0, c0, dr, dc) in starts {
        let (mut r, mut c) = (r0, c0);
        let mut cells = Vec::new();
        while (1..=9).contains(&r) && (1..=9).contains(&c) {
            cells.push(cell(r as u32, c as u32));
            r += dr;
            c += dc;
        }
        let mut key = cells.clone();
        key.sort();
        if cells.len() < 2 || seen.contains(&key) {
            continue;
        }
        seen.push(key);
        let total = cells.iter().map(|c| i64::from(sol[c.index()]) + 1).sum();
        out.push(Constraint::new(
            "little-killer",
            RuleKind::LittleKiller {
                cells,
                total,
                clue: ((r0 - dr) as u32, (c0 - dc) as u32),
                direction: (dr, dc),
            },
        ));
    }
    out
}

/// `p` with one more given that no solution has: of a few tries (an empty cell, a value other
/// than the solution's that no given peer holds), the one whose proof takes the most guesses.
fn without_solution(p: &Puzzle, sol: &[u8], rng: &mut Xoshiro256PlusPlus) -> Option<Puzzle> {
    let g = p.geometry();
    let mut cells: Vec<usize> = (0..81).filter(|&c| p.givens()[c].is_none()).collect();
    shuffle(&mut cells, rng);
    let mut best: Option<(u64, Puzzle)> = None;
    for c in cells.into_iter().take(6) {
        let taken: Vec<u8> = g
            .peers(c)
            .iter()
            .filter_map(|&q| p.givens()[q as usize])
            .collect();
        let values: Vec<u8> = (0..9)
            .filter(|&v| v != sol[c] && !taken.contains(&v))
            .collect();
        if values.is_empty() {
            continue;
        }
        let mut givens = p.givens().to_vec();
        givens[c] = Some(values[rng.random_range(0..values.len())]);
        let q = Puzzle::new(g.clone(), givens).expect("givens in range");
        let budget = Budget::default()
            .with_guesses(CHECK_WORK)
            .with_conflicts(CHECK_WORK);
        let count = Solver::new(&q).count_with(2, &budget);
        if count.verdict() == Verdict::NoSolution
            && best.as_ref().is_none_or(|b| count.stats.guesses > b.0)
        {
            best = Some((count.stats.guesses, q));
        }
    }
    best.map(|b| b.1)
}
