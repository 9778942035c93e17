//! The cost of compiling a solver (`Solver::new`) on rule-heavy published puzzles: every
//! puzzle of `tests/data/fpuzzles/corpus.jsonl` the importer reads, each compiled `REPS`
//! times. Prints the CPU time of the thread per puzzle (best of 3 rounds) for the ten puzzles
//! with the most rules, and the total over all puzzles. The count of each solver is not run:
//! this is the compile work alone, which the reasoner, the generator and `check` pay each time
//! they build a solver.
//!
//! `cargo run --release -p shapedoku --example buildbench [REPS]` (default 200)

use cpu_time::ThreadTime;
use serde_json::Value;
use shapedoku::{Puzzle, Solver, import};

fn main() {
    let reps: usize = (std::env::args().nth(1))
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let corpus = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/fpuzzles/corpus.jsonl"
    );
    let text = std::fs::read_to_string(corpus).expect("the f-puzzles corpus");
    let mut puzzles: Vec<(String, Puzzle)> = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).expect("a JSON line");
        let payload = case["payload"].as_str().unwrap_or_default();
        if let Ok(i) = import::import(payload) {
            let id = case["id"].as_str().unwrap_or("?").to_string();
            puzzles.push((id, i.loaded.puzzle));
        }
    }
    let mut rows: Vec<(usize, String, f64)> = puzzles
        .iter()
        .map(|(id, p)| {
            let best = (0..3)
                .map(|_| {
                    let t = ThreadTime::now();
                    for _ in 0..reps {
                        std::hint::black_box(Solver::new(std::hint::black_box(p)));
                    }
                    t.elapsed().as_secs_f64() * 1e6 / reps as f64
                })
                .fold(f64::INFINITY, f64::min);
            (p.geometry().constraints().len(), id.clone(), best)
        })
        .collect();
    let total: f64 = rows.iter().map(|r| r.2).sum();
    rows.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    println!("{:<40} rules  us_per_build", "puzzle");
    for (rules, id, us) in rows.iter().take(10) {
        println!("{id:<40} {rules:>5}  {us:>12.1}");
    }
    println!(
        "total over {} puzzles: {total:.1} us per build of each",
        rows.len()
    );
}
