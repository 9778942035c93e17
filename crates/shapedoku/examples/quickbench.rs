//! A quick timing tool for the counting solver, without the bench harness:
//!
//! - `quickbench FILE.txt ...`: classic puzzles, one per line, counted to 2; prints puzzles/s.
//! - `quickbench DIR|FILE.json ...`: variant puzzles in the corpus JSON format
//!   (`../shared/data/variants/`), each counted to 2 and timed; prints the slowest.
//!
//! Run with `cargo run --release --example quickbench -- PATH...`.

#[path = "common/variants.rs"]
mod variants;

use shapedoku::solver::Budget;
use shapedoku::{Puzzle, Solver, builtin};
use std::path::{Path, PathBuf};
use std::time::Instant;
use variants::load_json;

fn main() {
    let mut json = Vec::new();
    let limit: Option<u64> = std::env::var("GUESS_LIMIT")
        .ok()
        .and_then(|s| s.parse().ok());
    for arg in std::env::args().skip(1) {
        let p = PathBuf::from(&arg);
        if p.is_dir() {
            collect(&p, &mut json);
        } else if p.extension().is_some_and(|x| x == "json") {
            json.push(p);
        } else {
            lines(&arg);
        }
    }
    if !json.is_empty() {
        corpus(&json, limit);
    }
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|x| x == "json") {
            out.push(p);
        }
    }
}

fn lines(path: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    let g = builtin::geometry("classic").unwrap();
    let mut solver = Solver::for_geometry(g.clone());
    let puzzles: Vec<Vec<Option<u8>>> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| Puzzle::from_line(g.clone(), l).unwrap().givens().to_vec())
        .collect();
    let t = Instant::now();
    let (mut unique, mut guesses) = (0, 0);
    for p in &puzzles {
        solver.set_givens(p).unwrap();
        let c = solver.count(2);
        guesses += c.stats.guesses;
        if c.solutions.len() == 1 {
            unique += 1;
        }
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "{path}: {} puzzles, {unique} unique, {:.0}/s, {:.1} guesses/puzzle",
        puzzles.len(),
        puzzles.len() as f64 / s,
        guesses as f64 / puzzles.len() as f64
    );
}

fn corpus(files: &[PathBuf], limit: Option<u64>) {
    let mut times = Vec::new();
    for f in files {
        let (id, puzzle, solution) = load_json(f);
        let t = Instant::now();
        let budget = Budget {
            guesses: limit,
            conflicts: limit,
            ..Budget::default()
        };
        let c = Solver::new(&puzzle).count_with(2, &budget);
        let s = t.elapsed().as_secs_f64();
        let ok = c.solutions.iter().all(|x| puzzle.verify(x).is_ok())
            && c.solutions.iter().any(|g| *g == solution);
        times.push((
            s,
            id,
            format!("{:?}/{}", c.verdict(), c.solutions.len()),
            c.stats.guesses,
            ok,
        ));
    }
    let total: f64 = times.iter().map(|t| t.0).sum();
    times.sort_by(|a, b| b.0.total_cmp(&a.0));
    println!("{} puzzles in {total:.3} s; slowest:", times.len());
    for (s, id, v, g, ok) in times.iter().take(15) {
        println!(
            "  {:>9.3} ms  {v:<10} {g:>9} guesses  {}  {id}",
            s * 1e3,
            if *ok { "ok" } else { "WRONG" }
        );
    }
}
