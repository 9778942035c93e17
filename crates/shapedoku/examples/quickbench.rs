//! Solves a file of classic puzzles counting to 2 and prints puzzles per second.
use shapedoku::{builtin, Puzzle, Solver};
use std::time::Instant;
fn main() {
    let path = std::env::args().nth(1).expect("file");
    let text = std::fs::read_to_string(&path).unwrap();
    let g = builtin::geometry("classic").unwrap();
    let mut solver = Solver::for_geometry(g.clone());
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let puzzles: Vec<Vec<Option<u8>>> = lines.iter().map(|l| Puzzle::from_line(g.clone(), l).unwrap().givens().to_vec()).collect();
    let t = Instant::now();
    let (mut u, mut guesses) = (0, 0);
    for p in &puzzles {
        solver.set_givens(p);
        let c = solver.count(2);
        guesses += c.stats.guesses;
        if c.solutions.len() == 1 { u += 1; }
    }
    let s = t.elapsed().as_secs_f64();
    println!("{path}: {} puzzles, {u} unique, {:.0}/s, {:.1} guesses/puzzle", puzzles.len(), puzzles.len() as f64 / s, guesses as f64 / puzzles.len() as f64);
}
