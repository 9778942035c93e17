//! Generates COUNT puzzles of one KIND from seeds 0.. and prints averages, for whole-process
//! timing: `cargo build --release -p shapedoku --example generate_stats`, then
//! `perf stat -e task-clock target/release/examples/generate_stats minimal 3000`.
//! KIND: minimal (classic), samurai (minimal), k15 / k35 (cages-only classic Killer, cage sizes
//! 1-5 / 3-5). BUDGET: guesses per check (default 2000).
use shapedoku::generate::{KillerOptions, Options, Target, generate};
use shapedoku::{Geometry, GeometryBuilder, GridSpec, Pos, Symbols, builtin};
use std::sync::Arc;
use std::time::Instant;
fn samurai() -> Arc<Geometry> {
    let mut b = GeometryBuilder::new("samurai", Symbols::new("123456789".chars()).unwrap());
    for (r, c) in [(1, 1), (1, 13), (7, 7), (13, 1), (13, 13)] {
        b.grid(GridSpec::square(Pos::new(r, c), 9).with_boxes(3, 3));
    }
    Arc::new(b.build().unwrap())
}
fn main() {
    let what = std::env::args().nth(1).unwrap();
    let n: u64 = std::env::args().nth(2).unwrap().parse().unwrap();
    let limit: u64 = std::env::args().nth(3).map_or(2000, |s| s.parse().unwrap());
    let g = if what == "samurai" {
        samurai()
    } else {
        builtin::geometry("classic").unwrap()
    };
    let t = Instant::now();
    let (mut cages, mut singles, mut att, mut givens) = (0, 0, 0, 0);
    for seed in 0..n {
        let opts = match what.as_str() {
            "minimal" | "samurai" => Options {
                seed,
                ..Options::default()
            },
            "k15" => Options {
                seed,
                killer: Some(KillerOptions::default()),
                target: Target::Givens(0),
                ..Options::default()
            },
            "k35" => Options {
                seed,
                killer: Some(KillerOptions {
                    min_cage: 3,
                    max_cage: 5,
                    ..KillerOptions::default()
                }),
                target: Target::Givens(0),
                ..Options::default()
            },
            _ => panic!(),
        };
        let out = generate(
            g.clone(),
            &Options {
                guess_limit: Some(limit),
                ..opts
            },
        )
        .unwrap();
        cages += out.cages.len();
        singles += out.cages.iter().filter(|c| c.cells.len() == 1).count();
        att += out.attempts;
        givens += out.puzzle.given_count();
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "{what} limit {limit}: {n} puzzles in {s:.3}s wall = {:.4}s/puzzle ({:.0}/s), givens {:.1}, cages {:.1}, singletons {:.1}, attempts {:.2}",
        s / n as f64,
        n as f64 / s,
        givens as f64 / n as f64,
        cages as f64 / n as f64,
        singles as f64 / n as f64,
        att as f64 / n as f64
    );
}
