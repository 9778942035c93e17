//! Times the advanced techniques (cages, wings, chains) on the positions where naked and hidden
//! singles get stuck, for a file of classic puzzles: microseconds per call of each technique.
//! `cargo run --release -p shapedoku --example advancedbench -- FILE`
use shapedoku::reason::{Board, Finder, registry};
use shapedoku::{Puzzle, builtin};
use std::time::Instant;

fn singles(b: &mut Board) -> bool {
    let g = b.geometry().clone();
    for c in 0..g.cell_count() {
        if let (None, Some(v)) = (b.value(c), b.candidates(c).single_value()) {
            b.place(c, v);
            return true;
        }
    }
    for &h in g.houses() {
        for v in g.symbols().all().iter() {
            if !b.has_placed(h, v) && b.places(h, v).len() == 1 {
                let c = b.places(h, v).iter().next().unwrap();
                b.place(c, v);
                return true;
            }
        }
    }
    false
}

fn main() {
    let path = std::env::args().nth(1).expect("file");
    let text = std::fs::read_to_string(&path).unwrap();
    let g = builtin::geometry("classic").unwrap();
    let mut stuck = Vec::new();
    for l in text.lines().filter(|l| l.trim().len() >= 81) {
        let mut b = Board::new(&Puzzle::from_line(g.clone(), l.trim()).unwrap());
        while singles(&mut b) {}
        if !b.is_solved() {
            stuck.push(b);
        }
    }
    println!("{path}: {} positions stuck after singles", stuck.len());
    // An optional second argument keeps only the searches with a technique id containing it.
    let only = std::env::args().nth(2).unwrap_or_default();
    for search in registry() {
        let ids: Vec<&str> = search.techniques.iter().map(|t| t.id()).collect();
        if !ids.iter().any(|id| id.contains(&only)) {
            continue;
        }
        let (t, find) = (ids.join("/"), search.find);
        // Best of five rounds: the machine may be shared.
        let mut best = f64::MAX;
        let mut hits = 0;
        for _ in 0..5 {
            let start = Instant::now();
            hits = 0;
            for b in &stuck {
                let mut f = Finder::new(1);
                find(b, &mut f);
                hits += usize::from(!f.steps.is_empty());
            }
            best = best.min(start.elapsed().as_secs_f64());
        }
        let us = best * 1e6 / stuck.len().max(1) as f64;
        println!("{t}: {us:.1} µs per call, a step in {hits} positions");
    }
}
