//! Random solutions and minimal givens, shared by the rule benchmarks (`rulebench`, and
//! `issbench`, which includes this file): a classic solution by relabelling and shuffling a fixed
//! grid, a solution of a geometry whose rules most grids break, and givens removed while the
//! puzzle stays unique.

use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;
use shapedoku::{Geometry, Puzzle, Solver, Verdict};
use std::sync::Arc;

/// A random classic solution: a fixed grid with digits relabelled and rows and columns shuffled
/// within their bands and stacks, bands and stacks shuffled too. Symbol indices, 0-based.
pub fn solution(rng: &mut Xoshiro256PlusPlus) -> Vec<u8> {
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

/// A random solution of `g` (whose rules most classic grids break): the solver's first
/// solution under a few random givens.
pub fn solution_of(g: &Arc<Geometry>, rng: &mut Xoshiro256PlusPlus) -> Vec<u8> {
    loop {
        let mut givens = vec![None; g.cell_count()];
        for _ in 0..6 {
            givens[rng.random_range(0..g.cell_count())] = Some(rng.random_range(0..9u8));
        }
        let Ok(p) = Puzzle::new(g.clone(), givens) else {
            continue;
        };
        if let Some(s) = Solver::new(&p).count(1).solutions.first() {
            return s.as_indices().to_vec();
        }
    }
}

pub fn shuffle<T>(v: &mut [T], rng: &mut Xoshiro256PlusPlus) {
    for i in (1..v.len()).rev() {
        v.swap(i, rng.random_range(0..=i));
    }
}

/// Givens of `sol` removed one by one in random order while the puzzle stays unique.
pub fn minimise(g: &Arc<Geometry>, sol: &[u8], rng: &mut Xoshiro256PlusPlus) -> Vec<Option<u8>> {
    let mut givens: Vec<Option<u8>> = sol.iter().map(|&s| Some(s)).collect();
    let mut order: Vec<usize> = (0..givens.len()).collect();
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
