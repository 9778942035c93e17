//! The search's pass over a small sum with a total, one side, whose open cells make groups of
//! at most [`MAX_GROUP`] cells that must differ and lone cells (a little killer's diagonal
//! with a few cells open: its cells inside one box see each other, the others may repeat):
//! the same removals as the listing, without its machinery.
//!
//! The listing (`listing.rs`, `sides.rs`, `narrow.rs`) is general: any number of sides,
//! groups of up to 64 cells listed as value sets level by level in scratch vectors, bit sets
//! of any width. Profiled on the generated little killers, it was over half the search's
//! time, mostly in that machinery around sums of two to five open cells. Here every set
//! fits in one word: each part (a lone cell, or a group's values all different, enumerated
//! cell by cell, at most 16 x 15 x 14 ways) gets the set of sums it can add; forward, the
//! sums the parts before each one can make; backward, the sums the parts before each one
//! must make for the rest to complete the total; a part keeps the sums that join the two,
//! and a cell the values some kept sum of its part puts in it. That is exact for one side
//! with a total, as the listing is, so each cell keeps exactly what the listing leaves it,
//! and each group needs exactly the values the listing's kept combinations all hold (checked
//! against the listing in `tests.rs`). This is what the Interactive Sudoku Solver does for
//! two or three open cells with its tables of pairwise sums (`_enforceFewRemainingCells` in
//! js/solver/sum_handler.js at e373f98), there without groups of cells that differ beyond
//! a pair.

use super::MAX_UNION;
use super::cache::OPEN_MAX;
use super::scratch::View;
use crate::solver::propagator::Values;

/// The most open cells of one group that must differ this pass enumerates.
pub(super) const MAX_GROUP: usize = 3;

/// The parts of a small sum: lone cells and groups.
#[derive(Clone, Copy, Default)]
struct Part {
    /// Its cells, a range of the view's.
    start: usize,
    end: usize,
    coef: i64,
    /// Whether its cells must differ.
    distinct: bool,
    /// Its least sum, and the sums it can add from there (bit `x` for `lo + x`).
    lo: i64,
    sums: u64,
    /// For a group: the values its ways put in each cell, and those every way holds (so
    /// that when every sum is kept the second enumeration is skipped).
    support: [u64; MAX_GROUP],
    all: u64,
}

/// What the pass found, when it applies.
pub(super) enum Small {
    /// It does not apply (see [`small`]): the listing decides.
    NotMine,
    /// No assignment meets the sum.
    Contradiction,
    /// The open cells keep `keep`, and each open cell's group needs `needed` (the listing's
    /// layout: 0 for a cell not in a group of two or more open cells).
    Listed,
}

/// The pass over `view` (its cells, candidates, groups and one side) with the sum's `total`,
/// into `keep` and `needed` (one word per open cell). It applies to one side with a total, at
/// most [`OPEN_MAX`] open cells, two or more of them with more than one candidate (with one,
/// the listing does not run either), groups of at most [`MAX_GROUP`] open cells with at most
/// [`MAX_UNION`] values between them (the listing's own limit), and sums spanning at most 63
/// values.
pub(super) fn small(
    view: &View,
    total: Option<i64>,
    values: &Values,
    keep: &mut [u64; OPEN_MAX],
    needed: &mut [u64; OPEN_MAX],
) -> Small {
    let (Some(total), [(g0, g1, constant)]) = (total, view.sides.as_slice()) else {
        return Small::NotMine;
    };
    let n = view.cells.len();
    if n > OPEN_MAX {
        return Small::NotMine;
    }
    let masks = &view.masks[..];
    let free = masks
        .iter()
        .filter(|&&x| x & x.wrapping_sub(1) != 0)
        .count();
    if free <= 1 {
        return Small::NotMine;
    }
    let mut parts = [Part::default(); OPEN_MAX];
    let mut np = 0;
    let mut span = 0i64;
    for gr in &view.groups[*g0 as usize..*g1 as usize] {
        let (a, b) = (gr.start as usize, gr.end as usize);
        let k = gr.coef;
        if gr.distinct {
            let union = masks[a..b].iter().fold(0u64, |u, &x| u | x);
            if b - a > MAX_GROUP || union.count_ones() as usize > MAX_UNION {
                return Small::NotMine;
            }
            let lo = k * (a..b).map(|i| values.min_max(masks[i]).0).sum::<i64>();
            let hi = k * (a..b).map(|i| values.min_max(masks[i]).1).sum::<i64>();
            span += hi - lo;
            if span > 63 {
                return Small::NotMine;
            }
            let (mut sums, mut support, mut all) = (0u64, [0u64; MAX_GROUP], u64::MAX);
            each_tuple(&masks[a..b], values, |picked, v| {
                sums |= 1 << (k * v - lo);
                all &= tally(&mut support, picked);
            });
            parts[np] = Part {
                start: a,
                end: b,
                coef: k,
                distinct: true,
                lo,
                sums,
                support,
                all,
            };
            np += 1;
        } else {
            for (i, &x) in (a..b).zip(&masks[a..b]) {
                let (lo, hi) = values.min_max(x);
                span += k * (hi - lo);
                if span > 63 {
                    return Small::NotMine;
                }
                let mut sums = 0u64;
                for_bits(x, |bit| sums |= 1 << (k * (values.of_bit(bit) - lo)));
                parts[np] = Part {
                    start: i,
                    end: i + 1,
                    coef: k,
                    distinct: false,
                    lo: k * lo,
                    sums,
                    ..Part::default()
                };
                np += 1;
            }
        }
    }
    let parts = &parts[..np];
    // What the parts must add together, from their least.
    let r = total - constant - parts.iter().map(|p| p.lo).sum::<i64>();
    if !(0..=span).contains(&r) {
        return Small::Contradiction;
    }
    // Forward: `fwd[i]`, the sums the parts before `i` can make; backward: `back[i]`, the sums
    // the parts before `i` must make for the parts from `i` on to complete `r`.
    let mut fwd = [0u64; OPEN_MAX + 1];
    let mut back = [0u64; OPEN_MAX + 1];
    fwd[0] = 1;
    for (i, p) in parts.iter().enumerate() {
        let mut next = 0;
        for_bits(p.sums, |b| next |= fwd[i] << b.trailing_zeros());
        fwd[i + 1] = next;
    }
    back[np] = 1 << r;
    for (i, p) in parts.iter().enumerate().rev() {
        let mut next = 0;
        for_bits(p.sums, |b| next |= back[i + 1] >> b.trailing_zeros());
        back[i] = next & fwd[i];
    }
    if back[0] & 1 == 0 {
        return Small::Contradiction;
    }
    for (i, p) in parts.iter().enumerate() {
        // The sums part `i` keeps: those joining a sum the parts before can make to one the
        // parts after can complete.
        let mut allowed = 0u64;
        for_bits(p.sums, |b| {
            if fwd[i] << b.trailing_zeros() & back[i + 1] != 0 {
                allowed |= b;
            }
        });
        if p.distinct {
            let (a, b) = (p.start, p.end);
            let (mut support, mut all) = (p.support, p.all);
            if allowed != p.sums {
                (support, all) = ([0u64; MAX_GROUP], u64::MAX);
                each_tuple(&masks[a..b], values, |picked, v| {
                    if allowed >> (p.coef * v - p.lo) & 1 != 0 {
                        all &= tally(&mut support, picked);
                    }
                });
            }
            keep[a..b].copy_from_slice(&support[..b - a]);
            needed[a..b].fill(all);
        } else {
            let mut kept = 0;
            for_bits(masks[p.start], |bit| {
                if allowed >> (p.coef * values.of_bit(bit) - p.lo) & 1 != 0 {
                    kept |= bit;
                }
            });
            keep[p.start] = kept;
            needed[p.start] = 0;
        }
    }
    Small::Listed
}

/// Adds one way's picked bits to each cell's `support`; the values it holds.
#[inline]
fn tally(support: &mut [u64; MAX_GROUP], picked: &[u64]) -> u64 {
    let mut used = 0;
    for (s, &bit) in support.iter_mut().zip(picked) {
        *s |= bit;
        used |= bit;
    }
    used
}

/// Calls `f` on each candidate bit of `x`, lowest first.
#[inline]
fn for_bits(mut x: u64, mut f: impl FnMut(u64)) {
    while x != 0 {
        let b = x & x.wrapping_neg();
        x ^= b;
        f(b);
    }
}

/// Calls `f` on every way to give the cells of `masks` (at most [`MAX_GROUP`]) different
/// candidates, with the candidate bits picked per cell and the sum of their values.
#[inline]
fn each_tuple(masks: &[u64], values: &Values, mut f: impl FnMut(&[u64], i64)) {
    let mut picked = [0u64; MAX_GROUP];
    match masks {
        [x0, x1] => for_bits(*x0, |b0| {
            let v0 = values.of_bit(b0);
            picked[0] = b0;
            for_bits(x1 & !b0, |b1| {
                picked[1] = b1;
                f(&picked[..2], v0 + values.of_bit(b1));
            });
        }),
        [x0, x1, x2] => for_bits(*x0, |b0| {
            let v0 = values.of_bit(b0);
            picked[0] = b0;
            for_bits(x1 & !b0, |b1| {
                let v1 = v0 + values.of_bit(b1);
                picked[1] = b1;
                for_bits(x2 & !(b0 | b1), |b2| {
                    picked[2] = b2;
                    f(&picked[..3], v1 + values.of_bit(b2));
                });
            });
        }),
        _ => unreachable!("groups of two or three open cells only"),
    }
}
