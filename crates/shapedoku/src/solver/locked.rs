//! Locked candidates between two overlapping houses A and B (box and line on a classic grid,
//! but also jigsaw regions, windows, diagonals, Samurai overlaps): a symbol that A can only
//! place in the shared cells is removed from the rest of B, and the other way round. The pairs
//! come from the geometry's shared tables.

use super::propagator::{Narrowed, keep_only};
use crate::geometry::ShapeTables;

/// Applies locked candidates to every house pair once; whether anything changed.
pub(super) fn locked_candidates(
    t: &ShapeTables,
    house_open: &[bool],
    cur: &mut [u64],
    queue: &mut Vec<u32>,
) -> Narrowed {
    let mut changed = false;
    for pair in &t.house_pairs {
        // A solved house has nothing to give or take: its symbols are gone from its peers.
        if !house_open[pair.a as usize] || !house_open[pair.b as usize] {
            continue;
        }
        let (a, b, i) = pair.cells(&t.pair_cells);
        let (mut ua, mut ub, mut ui) = (0u64, 0u64, 0u64);
        // Candidates of the unsolved shared cells; solved ones are already gone from peers.
        for &c in i {
            let x = cur[c as usize];
            if x & (x - 1) != 0 {
                ui |= x;
            }
        }
        if ui == 0 {
            continue;
        }
        for &c in a {
            ua |= cur[c as usize];
        }
        for &c in b {
            ub |= cur[c as usize];
        }
        // Symbols A (or B) can place only in the shared cells, less those already solved
        // there (their peers have dropped them anyway).
        let only_a = ui & !ua & ub;
        let only_b = ui & !ub & ua;
        for (cells, remove) in [(b, only_a), (a, only_b)] {
            if remove == 0 {
                continue;
            }
            for &c in cells {
                changed |= keep_only(cur, queue, c, !remove)?;
            }
        }
    }
    Ok(changed)
}
