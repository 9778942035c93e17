//! Generator benchmarks, single thread: `cargo bench -p shapedoku --bench generate`.
//!
//! Each iteration generates one puzzle from a fresh seed, so the figures are averages over
//! seeds. `fill_classic` (one random complete grid) is the baseline to quote ratios against.

use shapedoku::generate::{KillerOptions, Options, Target, generate};
use shapedoku::{Geometry, GeometryBuilder, GridSpec, Pos, Solver, Symbols, Verdict, builtin};
use std::sync::Arc;

fn main() {
    divan::main();
}

fn samurai() -> Arc<Geometry> {
    let mut b = GeometryBuilder::new("samurai", Symbols::new("123456789".chars()).unwrap());
    for (r, c) in [(1, 1), (1, 13), (7, 7), (13, 1), (13, 13)] {
        b.grid(GridSpec::square(Pos::new(r, c), 9).with_boxes(3, 3));
    }
    Arc::new(b.build().unwrap())
}

/// Baseline: one random complete classic grid.
#[divan::bench]
fn fill_classic(bencher: divan::Bencher) {
    let mut solver = Solver::for_geometry(builtin::geometry("classic").unwrap());
    let mut seed = 0u64;
    bencher.bench_local(|| {
        seed += 1;
        solver.random_solution(seed)
    });
}

fn bench_generate(bencher: divan::Bencher, g: Arc<Geometry>, opts: Options<'static>) {
    let mut seed = 0u64;
    bencher.bench_local(|| {
        seed += 1;
        generate(
            g.clone(),
            &Options {
                seed,
                ..opts.clone()
            },
        )
        .unwrap()
    });
}

/// A minimal unique classic puzzle.
#[divan::bench]
fn classic_minimal(bencher: divan::Bencher) {
    bench_generate(
        bencher,
        builtin::geometry("classic").unwrap(),
        Options::default(),
    );
}

/// A unique classic puzzle with 30 givens.
#[divan::bench]
fn classic_30_givens(bencher: divan::Bencher) {
    bench_generate(
        bencher,
        builtin::geometry("classic").unwrap(),
        Options {
            target: Target::Givens(30),
            ..Options::default()
        },
    );
}

/// A minimal unique Samurai (five overlapping 9x9 grids, 369 cells).
#[divan::bench(sample_count = 10, sample_size = 1)]
fn samurai_minimal(bencher: divan::Bencher) {
    bench_generate(bencher, samurai(), Options::default());
}

/// A cages-only unique classic Killer (cage sizes 1..5, no givens).
#[divan::bench(sample_count = 20, sample_size = 1)]
fn killer_cages_only(bencher: divan::Bencher) {
    let opts = Options {
        killer: Some(KillerOptions::default()),
        target: Target::Givens(0),
        ..Options::default()
    };
    bench_generate(bencher, builtin::geometry("classic").unwrap(), opts);
}

/// A classic Killer with minimal givens on top of its cages.
#[divan::bench(sample_count = 20, sample_size = 1)]
fn killer_minimal_givens(bencher: divan::Bencher) {
    let opts = Options {
        killer: Some(KillerOptions::default()),
        ..Options::default()
    };
    bench_generate(bencher, builtin::geometry("classic").unwrap(), opts);
}

/// Reference for the check the generator uses: the same fill and removal, but each removal
/// checked by counting to two (cells in a fixed pseudo-random order).
#[divan::bench]
fn classic_minimal_count_to_two(bencher: divan::Bencher) {
    let g = builtin::geometry("classic").unwrap();
    let mut solver = Solver::for_geometry(g);
    let mut seed = 0u64;
    bencher.bench_local(|| {
        seed += 1;
        solver.set_givens(&[None; 81]).unwrap();
        let solution = solver.random_solution(seed).unwrap();
        let mut givens: Vec<Option<u8>> = solution.iter().map(|&v| Some(v)).collect();
        for k in 0..81 {
            let c = (k * 37 + seed as usize * 11) % 81;
            givens[c] = None;
            solver.set_givens(&givens).unwrap();
            if solver.count(2).verdict() != Verdict::Unique {
                givens[c] = Some(solution[c]);
            }
        }
        givens
    });
}
