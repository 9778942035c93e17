//! Solver benchmarks (divan): counting to 2, as the uniqueness test does.
//!
//! - `baseline`: 200 classic puzzles generated here from fixed seeds (31 givens each), so
//!   figures from different machines or runs can be quoted as ratios against it.
//! - `bench_file`: the first puzzles of each `../shared/data/bench/*.txt` file (skipped with a
//!   note when the folder is absent). Set `SHAPEDOKU_SHARED_DATA` to another copy's `data` folder.
//!
//! Run with `cargo bench -p shapedoku --bench solver`; divan prints items (puzzles) per second.
use divan::Bencher;
use divan::counter::ItemsCount;
use shapedoku::{Puzzle, Solver, builtin};
use std::hint::black_box;
use std::path::PathBuf;

fn main() {
    divan::main();
}

/// How many puzzles of each file one sample solves; enough to average over, small enough that
/// the hardest file takes well under a second per sample.
const PER_FILE: usize = 400;

const FILES: &[&str] = &[
    "17_clue",
    "forum_hardest_1905_11plus",
    "magictour_top1465",
    "serg_benchmark",
    "forum_hardest_1106",
    "17_clue_plus1_mostly_invalid",
    "unbiased_first1000",
];

fn bench_dir() -> Option<PathBuf> {
    let candidates = [
        std::env::var_os("SHAPEDOKU_SHARED_DATA").map(PathBuf::from),
        Some(PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/data"
        ))),
        // A worktree one level deeper than the main clone.
        Some(PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../../shared/data"
        ))),
    ];
    candidates
        .into_iter()
        .flatten()
        .map(|d| d.join("bench"))
        .find(|d| d.is_dir())
}

/// Solves every puzzle once per iteration, counting to 2.
fn run(bencher: Bencher, puzzles: Vec<Vec<Option<u8>>>) {
    let mut solver =
        Solver::for_geometry(builtin::geometry("classic").expect("classic is built in"));
    bencher
        .counter(ItemsCount::new(puzzles.len()))
        .bench_local(|| {
            for p in &puzzles {
                solver.set_givens(p).unwrap();
                black_box(solver.count(2));
            }
        });
}

#[divan::bench(sample_count = 20, sample_size = 1)]
fn baseline(bencher: Bencher) {
    let g = builtin::geometry("classic").expect("classic is built in");
    let mut solver = Solver::for_geometry(g);
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        // xorshift64: a fixed, dependency-free sequence for choosing blanks.
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let puzzles: Vec<Vec<Option<u8>>> = (0..200)
        .map(|seed| {
            let full = solver
                .random_solution(seed)
                .expect("an empty grid has solutions");
            let mut givens: Vec<Option<u8>> = full.iter().map(|&v| Some(v)).collect();
            let mut blanks = 0;
            while blanks < 50 {
                let c = (next() % 81) as usize;
                if givens[c].take().is_some() {
                    blanks += 1;
                }
            }
            givens
        })
        .collect();
    run(bencher, puzzles);
}

#[divan::bench(args = FILES, sample_count = 10, sample_size = 1)]
fn bench_file(bencher: Bencher, name: &str) {
    let Some(dir) = bench_dir() else {
        eprintln!("note: ../shared/data/bench not found; skipping {name}");
        return;
    };
    let path = dir.join(format!("{name}.txt"));
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("note: {} not found; skipping", path.display());
        return;
    };
    let g = builtin::geometry("classic").expect("classic is built in");
    let puzzles = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(PER_FILE)
        .map(|l| {
            Puzzle::from_line(g.clone(), l)
                .expect("a bench line is a classic puzzle")
                .givens()
                .to_vec()
        })
        .collect();
    run(bencher, puzzles);
}
