//! Soundness of the line propagators against a known solution: on a solved 9x9 grid, lines
//! that hold in it (random walks cut to the longest piece where the rule holds) are propagated
//! from candidates that keep the solution's value in every cell and random others. No
//! propagator may fail, remove a solution value, or remove anything without a reason of its
//! own (every removal is recorded with its `Why`, which must not be the catch-all
//! `Why::Rule`).

use super::between::Between;
use super::class_windows::ClassWindows;
use super::pair_chain::PairChain;
use super::propagator::{Domains, Propagator, Values, Why};
use super::renban::Renban;
use crate::constraint::PairLaw;

/// A small deterministic generator (xorshift64*), so the test needs no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A solved classic grid (symbols 0-8): the band pattern with its digits relabelled.
fn solution(rng: &mut Rng) -> Vec<u8> {
    let mut digits: Vec<u8> = (0..9).collect();
    for i in (1..9).rev() {
        digits.swap(i, rng.below(i as u64 + 1) as usize);
    }
    (0..81)
        .map(|i| {
            let (r, c) = (i / 9, i % 9);
            digits[(r * 3 + r / 3 + c) % 9]
        })
        .collect()
}

/// A self-avoiding walk of king steps on the 9x9 grid, up to `len` cells.
fn walk(rng: &mut Rng, len: usize) -> Vec<u32> {
    let mut line = vec![rng.below(81) as u32];
    while line.len() < len {
        let c = *line.last().unwrap() as i32;
        let (r, col) = (c / 9, c % 9);
        let next: Vec<u32> = (-1..=1)
            .flat_map(|dr| (-1..=1).map(move |dc| (r + dr, col + dc)))
            .filter(|&(nr, nc)| (0..9).contains(&nr) && (0..9).contains(&nc))
            .map(|(nr, nc)| (nr * 9 + nc) as u32)
            .filter(|p| !line.contains(p))
            .collect();
        if next.is_empty() {
            break;
        }
        line.push(next[rng.below(next.len() as u64) as usize]);
    }
    line
}

/// Whether the rule `kind` holds on `line` with the values `v` (1-9) of its cells.
fn holds(kind: &str, v: &[i64]) -> bool {
    let n = v.len();
    match kind {
        "renban" => {
            let mut s = v.to_vec();
            s.sort_unstable();
            s.dedup();
            s.len() == n && s[n - 1] - s[0] == n as i64 - 1
        }
        "whispers" => v.windows(2).all(|w| (w[0] - w[1]).abs() >= 5),
        "between" => {
            let (lo, hi) = (v[0].min(v[n - 1]), v[0].max(v[n - 1]));
            n >= 3 && v[1..n - 1].iter().all(|&x| lo < x && x < hi)
        }
        "entropic" => {
            v.windows(3).all(|w| {
                let k: Vec<i64> = w.iter().map(|x| (x - 1) / 3).collect();
                k[0] != k[1] && k[1] != k[2] && k[0] != k[2]
            }) && v.windows(2).all(|w| (w[0] - 1) / 3 != (w[1] - 1) / 3)
        }
        "modular" => {
            v.windows(3)
                .all(|w| w[0] % 3 != w[1] % 3 && w[1] % 3 != w[2] % 3 && w[0] % 3 != w[2] % 3)
                && v.windows(2).all(|w| w[0] % 3 != w[1] % 3)
        }
        _ => unreachable!(),
    }
}

fn propagator(kind: &str, line: Vec<u32>, values: &Values) -> Box<dyn Propagator> {
    let g = crate::builtin::geometry("classic").unwrap();
    match kind {
        "renban" => Box::new(Renban::new(line, values, &g)),
        "whispers" => Box::new(PairChain::line(line, values, &PairLaw::Apart(5), &g)),
        "between" => Box::new(Between::new(line, values, &g)),
        "entropic" => {
            let classes: Vec<u8> = (0..9).map(|s| s / 3).collect();
            Box::new(ClassWindows::new(line, &classes, &g))
        }
        "modular" => {
            let classes: Vec<u8> = (0..9).map(|s| ((s + 1) % 3) as u8).collect();
            Box::new(ClassWindows::new(line, &classes, &g))
        }
        _ => unreachable!(),
    }
}

#[test]
fn line_removals_keep_the_solution_and_state_their_reasons() {
    let values = Values::new(&(1..=9).collect::<Vec<i64>>());
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for kind in ["renban", "whispers", "between", "entropic", "modular"] {
        let (mut lines, mut removals) = (0, 0);
        for _ in 0..4000 {
            let sol = solution(&mut rng);
            let len = 2 + rng.below(10) as usize;
            let walk = walk(&mut rng, len);
            let value = |c: &u32| i64::from(sol[*c as usize]) + 1;
            let Some(len) = (2..=walk.len())
                .rev()
                .find(|&len| holds(kind, &walk[..len].iter().map(value).collect::<Vec<_>>()))
            else {
                continue;
            };
            let line = walk[..len].to_vec();
            let p = propagator(kind, line.clone(), &values);
            // Each cell keeps its solution value; others stay with probability 1/2 (on the
            // line, 3/4), so the line's rules and the houses both have work.
            let mut cells: Vec<u64> = (0..81)
                .map(|i| {
                    let r = if line.contains(&(i as u32)) {
                        rng.next() | rng.next()
                    } else {
                        rng.next()
                    };
                    r & 0x1ff | 1 << sol[i]
                })
                .collect();
            let (mut queue, mut sink) = (Vec::new(), Vec::new());
            let mut d = Domains::explaining(&mut cells, &mut queue, &values, &mut sink);
            assert!(
                p.propagate(&mut d).is_ok(),
                "{kind} {line:?} failed on its solution"
            );
            for r in &sink {
                assert_eq!(
                    r.removed >> sol[r.cell as usize] & 1,
                    0,
                    "{kind} {line:?}: {r:?}"
                );
                assert_ne!(r.why, Why::Rule, "{kind} {line:?}: {r:?}");
            }
            lines += 1;
            removals += sink.len();
        }
        assert!(
            lines >= 200 && removals >= 20,
            "{kind}: {lines} lines, {removals} removals"
        );
    }
}
