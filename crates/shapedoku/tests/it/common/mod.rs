//! What the rule test files share: loading a puzzle text, counting it, writing a rule, a line
//! wandering through a grid, a random planted 6x6 solution, and the fast-vs-reference check.

// Each test file uses its own part of this module.
#![allow(dead_code)]

use proptest::prelude::*;
use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;
use shapedoku::load::{Loaded, load_str};
use shapedoku::reason::Step;
use shapedoku::{Solver, oracle};

/// Loads a puzzle text, failing the test with the error and the text.
pub fn load(text: &str) -> Loaded {
    load_str("test", text, None).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// The number of solutions of a puzzle text (up to `cap`).
pub fn count_up_to(text: &str, cap: usize) -> usize {
    Solver::new(&load(text).puzzle).count(cap).solutions.len()
}

/// The number of solutions of a puzzle text (up to 10,000).
pub fn count(text: &str) -> usize {
    count_up_to(text, 10_000)
}

/// A puzzle of `variant` with one `[[rule]]` of this body.
pub fn rule(variant: &str, body: &str) -> String {
    format!("variant = \"{variant}\"\n[[rule]]\n{body}\n")
}

/// A line of cells wandering from `start` through touching cells of a `size` grid, without
/// revisiting one; `turns` picks each next step.
pub fn walk(size: u32, start: (u32, u32), turns: &[u8]) -> Vec<(u32, u32)> {
    const STEPS: [(i32, i32); 8] = [
        (0, 1),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
        (-1, 0),
        (-1, 1),
    ];
    let mut line = vec![start];
    for &t in turns {
        let &(r, c) = line.last().unwrap();
        let next = (0..8u8).map(|k| (t + k) % 8).find_map(|k| {
            let (dr, dc) = STEPS[k as usize];
            let (nr, nc) = (r as i32 + dr, c as i32 + dc);
            let p = (nr as u32, nc as u32);
            let inside = (1..=size as i32).contains(&nr) && (1..=size as i32).contains(&nc);
            (inside && !line.contains(&p)).then_some(p)
        });
        match next {
            Some(p) => line.push(p),
            None => break,
        }
    }
    line
}

/// The cells of a line as the files write them (`r1c1 r1c2 ...`).
pub fn cells(line: &[(u32, u32)]) -> String {
    line.iter()
        .map(|(r, c)| format!("r{r}c{c}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A random 6x6 solution: a fixed grid with its digits relabelled and rows shuffled within
/// their bands and bands among themselves.
pub fn planted(rng: &mut Xoshiro256PlusPlus) -> Vec<u8> {
    const BASE: [[u8; 6]; 6] = [
        [0, 1, 2, 3, 4, 5],
        [3, 4, 5, 0, 1, 2],
        [1, 2, 0, 4, 5, 3],
        [4, 5, 3, 1, 2, 0],
        [2, 0, 1, 5, 3, 4],
        [5, 3, 4, 2, 0, 1],
    ];
    let mut digits: Vec<u8> = (0..6).collect();
    for i in (1..6).rev() {
        digits.swap(i, rng.random_range(0..=i));
    }
    let mut rows: Vec<usize> = Vec::new();
    let mut bands = [0usize, 1, 2];
    for i in (1..3).rev() {
        bands.swap(i, rng.random_range(0..=i));
    }
    for b in bands {
        let flip = rng.random_bool(0.5);
        rows.extend(if flip {
            [2 * b + 1, 2 * b]
        } else {
            [2 * b, 2 * b + 1]
        });
    }
    rows.iter()
        .flat_map(|&r| BASE[r].iter().map(|&d| digits[usize::from(d)]))
        .collect()
}

/// Placements the reference search may try in [`fast_agrees_with_oracle`].
const ORACLE_TRIES: u64 = 4_000_000;

/// Every solution the fast solver finds (up to 300) satisfies every rule, and it finds as many
/// as the reference solver; `text` is what a failure shows.
pub fn fast_agrees_with_oracle(l: &Loaded, text: &str) -> Result<(), TestCaseError> {
    let fast = Solver::new(&l.puzzle).count(300).solutions;
    for s in &fast {
        prop_assert!(l.puzzle.verify(s).is_ok(), "{}", text);
    }
    // The reference search is plain backtracking: refuting a near-empty 6x6 grid takes it up to
    // minutes (and a CI run once 226 s), so a case it cannot finish in this many placements
    // (about a second) is set aside; the fast solver's solutions were still checked above.
    let Some(count) = oracle::count_within(&l.puzzle, 300, ORACLE_TRIES) else {
        return Ok(());
    };
    prop_assert_eq!(fast.len(), count, "{}", text);
    Ok(())
}

/// Fails the test unless `step` keeps `solution` (symbol indices by cell): each placement is
/// the solution's symbol there, and no elimination removes it.
pub fn assert_step_keeps(step: &Step, solution: &[u8]) {
    if let Some(c) = step.breaks(solution) {
        panic!("{step:?} disagrees with the solution at {c:?}");
    }
}
