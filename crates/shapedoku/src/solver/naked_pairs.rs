//! Naked pairs: when two cells of a house have the same two candidates, no other cell of the
//! house can hold either. Pays on alphabets over 9 symbols, where cells keep many candidates.

use super::propagator::{Narrowed, keep_only};

/// Applies every naked pair of every house once; whether anything changed.
pub(super) fn naked_pairs(
    house_cells: &[u32],
    hl: usize,
    cur: &mut [u64],
    queue: &mut Vec<u32>,
) -> Narrowed {
    let mut changed = false;
    for cells in house_cells.chunks_exact(hl) {
        for (i, &a) in cells.iter().enumerate() {
            let m = cur[a as usize];
            if m.count_ones() != 2 {
                continue;
            }
            let Some(&b) = cells[i + 1..].iter().find(|&&b| cur[b as usize] == m) else {
                continue;
            };
            for &c in cells {
                if c != a && c != b {
                    changed |= keep_only(cur, queue, c, !m)?;
                }
            }
        }
    }
    Ok(changed)
}
