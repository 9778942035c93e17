//! Global entropy and global modular: every 2x2 square holds a value of each of three classes.
//! Each cell's candidates give it a set of classes; the ways of giving the square's four cells
//! one class each, from those sets, that use all three classes are the square's patterns. A
//! cell keeps the classes some pattern gives it ([`Why::SquareClasses`]), which is exact for
//! one square taken alone. Nothing is allocated per call.

use super::propagator::{Contradiction, Domains, Narrowed, Propagator, Why};

/// Every square of a global entropy or modular rule.
#[derive(Debug, Clone)]
pub(super) struct Squares {
    squares: Vec<[u32; 4]>,
    /// The symbols of each class.
    class: [u64; 3],
    /// The class patterns that use all three classes, each class a number 0 to 2.
    patterns: Vec<[u8; 4]>,
}

impl Squares {
    /// The squares, with `classes[s]` the class of symbol `s`.
    pub(super) fn new(squares: Vec<[u32; 4]>, classes: &[u8]) -> Squares {
        let mut class = [0u64; 3];
        for (s, &k) in classes.iter().enumerate() {
            class[usize::from(k.min(2))] |= 1 << s;
        }
        let mut patterns = Vec::new();
        for code in 0..81u32 {
            let p = [0, 1, 2, 3].map(|i| (code / 3u32.pow(i) % 3) as u8);
            if (0..3).all(|k| p.contains(&k)) {
                patterns.push(p);
            }
        }
        Squares {
            squares,
            class,
            patterns,
        }
    }
}

impl Propagator for Squares {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        let mut changed = false;
        for &square in &self.squares {
            let has = square
                .map(|c| (0..3).fold(0u8, |m, k| m | u8::from(d.get(c) & self.class[k] != 0) << k));
            let mut support = [0u8; 4];
            for p in &self.patterns {
                if has.iter().zip(p).all(|(&h, &k)| h >> k & 1 == 1) {
                    for (s, &k) in support.iter_mut().zip(p) {
                        *s |= 1 << k;
                    }
                }
            }
            if support[0] == 0 {
                return Err(Contradiction);
            }
            for (i, &c) in square.iter().enumerate() {
                let keep = (0..3)
                    .filter(|&k| support[i] >> k & 1 == 1)
                    .fold(0u64, |m, k| m | self.class[k]);
                changed |= d.keep_because(c, keep, || Why::SquareClasses { square })?;
            }
        }
        Ok(changed)
    }
}
