//! The digit-major bitboard kernel: the counting solver's engine for geometries whose rules
//! are all "no symbol twice" (houses, smaller no-repeat shapes, anti-knight, anti-king,
//! disjoint groups) on up to 256 cells, which covers classic, X, windoku, jigsaw, toroidal and
//! 4x4 to 16x16.
//!
//! # Design
//!
//! The generic engine keeps one candidate mask per cell and walks cell lists. The fastest
//! classic solvers turn that around: for each symbol, the set of cells where it can still go.
//! Nothing in that is specific to 9x9 rows, columns and boxes, so here every cell's peers and
//! every house are compiled once per geometry to sets of `W` machine words (`W = 1, 2, 4`: up
//! to 64, 128, 256 cells), and the whole search works on those sets with word operations.
//!
//! - **Placement** (`board.rs`): placing symbol `s` in cell `c` clears `c`'s peer set from
//!   `s`'s places, clears `c` from every other symbol's places, and closes `c`'s houses for
//!   `s` (a house mask per symbol records where it is not yet placed).
//! - **Naked singles** (`propagate.rs`): one pass over the symbols accumulates, bit-sliced,
//!   the unplaced cells seen once and seen twice; once-but-not-twice cells have one candidate,
//!   never-seen cells none (a contradiction).
//! - **Hidden singles**: for each symbol whose places changed, each house still open for it
//!   and changed since the last pass is one masked look: no place left is a contradiction,
//!   one place is a placement. A placement takes its cell from the other symbols, so for
//!   them only the houses of the cells placed since the last pass are looked at again.
//! - **Locked candidates** (pairs of houses sharing cells): at the root only when counting.
//!   Measured in and out, at every node they cut guesses but cost more than they saved on the
//!   hard classic lists; at the root they decide most easy puzzles without a guess, for one
//!   scan. A random solution (a generator's fill) has them at every node, as the generic
//!   engine does, so that both reach the same fixed point after every node.
//! - **Search** (`search.rs`): branch on an unplaced cell with fewest candidates (counted with
//!   the same bit-slicing, up to eight), lowest symbol first; the alternative is a copy of the
//!   board (20 words on a 9x9) on a stack allocated once per solver.
//!
//! - **Random solutions** (`search.rs`): branch on the first unplaced cell with fewest
//!   candidates and a candidate drawn from the seeded generator, the generic engine's choice;
//!   with the same fixed points, the same tree and solution, seed for seed (so generated
//!   puzzles did not change when fills moved here, about four times faster on classic).
//!
//! The kernel counts exactly what the generic engine counts, fills the same [`Count`] and
//! spends the same [`crate::solver::Budget`] (guesses checked at every guess, the clock every
//! [`crate::solver::POLL_NODES`] nodes); its node and guess numbers are its own.

// Word loops run over several parallel `[u64; W]` arrays at once; one index reads clearer than
// nested zips and compiles to the same unrolled code.
#![allow(clippy::needless_range_loop)]

mod board;
mod propagate;
mod search;
#[cfg(test)]
mod tests;

use super::budget::Meter;
use super::count::Count;
use super::rules;
use crate::Geometry;
use crate::constraint::Laws;
use board::Masks;
use rand_xoshiro::Xoshiro256PlusPlus;
use search::Search;
use std::sync::Arc;

/// The kernel compiled for one geometry, in the narrowest word count that holds its cells.
#[derive(Debug, Clone)]
pub(super) enum Kernel {
    /// Up to 64 cells.
    W1(Engine<1>),
    /// Up to 128 cells.
    W2(Engine<2>),
    /// Up to 256 cells.
    W4(Engine<4>),
}

/// The compiled masks (shared between clones of a solver) and one search's buffers.
#[derive(Debug, Clone)]
pub(super) struct Engine<const W: usize> {
    masks: Arc<Masks<W>>,
    search: Box<Search<W>>,
}

impl<const W: usize> Engine<W> {
    fn new(g: &Geometry, extra: &[(u32, u32)]) -> Option<Engine<W>> {
        let masks = Masks::new(g, extra)?;
        Some(Engine {
            search: Box::new(Search::new(&masks)),
            masks: Arc::new(masks),
        })
    }
}

impl Kernel {
    /// The kernel for `g`, or `None` when it does not serve it: a sum shape, a rule beyond
    /// shapes that is more than extra peers, more than 256 cells, 64 houses or 64 symbols.
    /// `laws` are the laws of the geometry's rules, one per rule in order.
    pub(super) fn new(g: &Geometry, laws: &[Laws<'_>]) -> Option<Kernel> {
        if g.shapes().iter().any(|s| s.sum().is_some()) {
            return None;
        }
        let mut extra = Vec::new();
        for laws in laws {
            extra.extend(rules::peer_pairs(laws)?);
        }
        match g.cell_count() {
            0..=64 => Engine::new(g, &extra).map(Kernel::W1),
            65..=128 => Engine::new(g, &extra).map(Kernel::W2),
            129..=256 => Engine::new(g, &extra).map(Kernel::W4),
            _ => None,
        }
    }

    /// Counts solutions up to `limit` from the givens, within the meter's budget; with `rng`,
    /// finds one at random, branching as the generic engine does.
    pub(super) fn count(
        &mut self,
        geometry: &Arc<Geometry>,
        givens: &[Option<u8>],
        limit: usize,
        meter: &mut Meter<'_>,
        rng: Option<&mut Xoshiro256PlusPlus>,
    ) -> Count {
        match self {
            Kernel::W1(e) => e.search.run(&e.masks, geometry, givens, limit, meter, rng),
            Kernel::W2(e) => e.search.run(&e.masks, geometry, givens, limit, meter, rng),
            Kernel::W4(e) => e.search.run(&e.masks, geometry, givens, limit, meter, rng),
        }
    }

    /// Whether the last count placed every given without one landing on a peer's symbol.
    pub(super) fn givens_loaded(&self) -> bool {
        match self {
            Kernel::W1(e) => e.search.loaded,
            Kernel::W2(e) => e.search.loaded,
            Kernel::W4(e) => e.search.loaded,
        }
    }
}
