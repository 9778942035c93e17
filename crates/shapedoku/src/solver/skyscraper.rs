//! A skyscraper clue as bit sets: the states of its automaton (how many buildings are seen so
//! far, and the tallest so far) kept as one mask of tallest heights per count seen.
//!
//! This is the automaton `constraint::outside::layers` builds for a skyscraper (the same
//! states, the same bound on lines that hold each value once), read with word operations
//! instead of state by state: after `m` cells, `F[m][c]` is the set of tallest heights with
//! `c` buildings seen that the candidates can reach, and a backward sweep keeps those from
//! which the rest of the line can still end at the clue. A cell keeps a value when it leads
//! from a reachable state to one that can still finish, so it removes exactly what the
//! automaton removes (checked against it in `outside_tests.rs`), at a cost of a few word
//! operations per cell and count instead of one table look-up per state and candidate. On the
//! generated skyscrapers the automaton was three fifths of the solver's time
//! (docs/performance.md). ISS's `Skyscraper` handler keeps the same masks
//! (sigh/Interactive-Sudoku-Solver, js/solver/handlers.js at e373f98); this pass is exact
//! where that one keeps a value seen from any state of its count.
//!
//! Bit `s` must be the `s`-th smallest value: [`Sky::new`] refuses other alphabets.

use super::propagator::{Contradiction, Domains, Narrowed, Values, Why};

/// The most words of forward states (cells times the clue) kept on the stack; a larger clue
/// keeps its automaton.
const MAX_WORDS: usize = 1024;
/// The forward states of a 9x9 clue fit in this many words: a smaller buffer to clear.
const SMALL_WORDS: usize = 96;

/// One skyscraper clue over a line of `n` cells.
#[derive(Debug, Clone)]
pub(super) struct Sky {
    n: usize,
    /// The number of buildings seen.
    count: usize,
    /// Every symbol.
    all: u64,
    /// Whether the line holds each value once: after `m` cells the tallest is then at least
    /// the `m`-th smallest value, and the tallest at the end is the largest.
    house: bool,
}

impl Sky {
    /// The clue `count` over `n` cells, or `None` when the alphabet's values do not rise with
    /// the symbol index (bit order is height order here), or the clue is out of range, or its
    /// states would not fit on the stack: the caller keeps the automaton then.
    pub(super) fn new(count: i64, n: usize, values: &Values, house: bool) -> Option<Sky> {
        let ns = values.all().len();
        let rising = values.all().windows(2).all(|w| w[0] < w[1]);
        let count = usize::try_from(count).ok()?;
        if !rising || ns == 0 || ns > 64 || n == 0 || count == 0 || count > n.min(64) {
            return None;
        }
        if n * count > MAX_WORDS {
            return None;
        }
        let all = if ns == 64 { !0 } else { (1u64 << ns) - 1 };
        Some(Sky {
            n,
            count,
            all,
            house,
        })
    }

    /// Narrows the line `cells` to what the clue allows; `why(line, i, removed)` says why
    /// `removed` goes from the `i`-th cell, `line` being the candidates the pass started from
    /// (read only when the reasoner asks).
    pub(super) fn propagate(
        &self,
        cells: &[u32],
        d: &mut Domains<'_>,
        why: impl Fn(&[u64], usize, u64) -> Why,
    ) -> Narrowed {
        if self.n * self.count <= SMALL_WORDS {
            self.run(cells, d, &mut [0u64; SMALL_WORDS], why)
        } else {
            self.run(cells, d, &mut [0u64; MAX_WORDS], why)
        }
    }

    /// The tallest heights possible after `m` cells (one or more): with each value once, at
    /// least the `m`-th smallest.
    #[inline]
    fn floor(&self, m: usize) -> u64 {
        match self.house {
            true => self.all & !((1u64 << (m - 1)) - 1),
            false => self.all,
        }
    }

    /// The passes, with `f` a buffer of at least `n * count` words: `f[(m - 1) * count + c - 1]`
    /// holds `F[m][c]`, then, going back, the states of `F[m]` that can still finish.
    fn run(
        &self,
        cells: &[u32],
        d: &mut Domains<'_>,
        f: &mut [u64],
        why: impl Fn(&[u64], usize, u64) -> Why,
    ) -> Narrowed {
        let k = self.count;
        // On a line of each value once, nothing after the last place the largest value can
        // take changes a state (every later building is hidden behind it), so the passes stop
        // there, as ISS's handler does.
        let top = self.all & !(self.all >> 1);
        let n = match self.house {
            true => match cells[..self.n].iter().rposition(|&c| d.get(c) & top != 0) {
                Some(p) => p + 1,
                None => return Err(Contradiction),
            },
            false => self.n,
        };
        // After the first cell: one building seen, as tall as the cell.
        f[0] = d.get(cells[0]) & self.all;
        f[1..k].fill(0);
        for m in 1..n {
            // Reading cell m: F[m] (row m - 1) to F[m + 1] (row m).
            let x = d.get(cells[m]);
            // A hidden building leaves the tallest as it is, if some candidate is not above it.
            let not_below_min = !(lowest(x).wrapping_sub(1));
            let fl = self.floor(m + 1);
            let (prev, next) = f[(m - 1) * k..(m + 1) * k].split_at_mut(k);
            let mut any = 0;
            for c in 0..k {
                let mut s = prev[c] & not_below_min;
                // A seen building is taller than every tallest before it that it passes.
                if c > 0 && prev[c - 1] != 0 {
                    s |= x & above(lowest(prev[c - 1]));
                }
                s &= fl;
                next[c] = s;
                any |= s;
            }
            if any == 0 {
                return Err(Contradiction);
            }
        }
        // The line's candidates as the pass found them, kept only to say why (the reasoner).
        let line: Vec<u64> = match d.explaining_now() {
            true => cells[..self.n].iter().map(|&c| d.get(c)).collect(),
            false => Vec::new(),
        };
        // The end: the clue's count, and on a line of each value once, the largest value.
        let end = match self.house {
            true => top,
            false => self.all,
        };
        let last = &mut f[(n - 1) * k..n * k];
        last[..k - 1].fill(0);
        last[k - 1] &= end;
        if last[k - 1] == 0 {
            return Err(Contradiction);
        }
        let mut changed = false;
        for m in (1..n).rev() {
            // `back`: the states after cell m that can finish (already narrowed in place).
            let x = d.get(cells[m]);
            let (prev, back) = f[(m - 1) * k..(m + 1) * k].split_at_mut(k);
            let not_below_min = !(lowest(x).wrapping_sub(1));
            let mut keep = 0u64;
            for c in 0..k {
                let from = prev[c];
                if from == 0 {
                    continue;
                }
                // Hidden: a value not above some tallest that can finish at this count.
                let stay = from & back[c];
                if stay != 0 {
                    keep |= x & up_to(highest(stay));
                }
                // Seen: a value that can finish one count up, above some tallest before it.
                let up = if c + 1 < k { x & back[c + 1] } else { 0 };
                let mut on = back[c] & not_below_min;
                if up != 0 {
                    keep |= up & above(lowest(from));
                    on |= highest(up) - 1;
                }
                // The states before this cell that lead on to one that can finish.
                prev[c] = from & on;
            }
            changed |= d.keep_because(cells[m], keep, || why(&line, m, x & !keep))?;
        }
        // The first cell is the first building seen: what can finish from one seen.
        let x = d.get(cells[0]);
        let keep = x & f[0];
        changed |= d.keep_because(cells[0], keep, || why(&line, 0, x & !keep))?;
        Ok(changed)
    }
}

/// The lowest bit of `x` (0 for none).
#[inline]
fn lowest(x: u64) -> u64 {
    x & x.wrapping_neg()
}

/// The highest bit of `x` (not 0).
#[inline]
fn highest(x: u64) -> u64 {
    1 << (63 - x.leading_zeros())
}

/// The bits above the single bit `b` (none for 0: nothing is seen over an empty set).
#[inline]
fn above(b: u64) -> u64 {
    match b {
        0 => 0,
        _ => !((b << 1).wrapping_sub(1)),
    }
}

/// The bits up to and with the single bit `b`.
#[inline]
fn up_to(b: u64) -> u64 {
    (b - 1) | b
}
