//! Failed-literal probing: each candidate of every cell with two candidates is tried on a
//! scratch copy; a candidate whose propagation fails is removed for real. This finds dead ends
//! before branching into them, which keeps the search tree small on large grids, where singles
//! notice contradictions late. It costs a propagation per candidate of every bivalue cell at
//! every node, so the solver runs it only on the largest alphabets.

use super::count::Stats;
use super::propagate::Propagation;

/// Probes every bivalue cell of `cur` until none fails; false on a contradiction. Each probe
/// counts as a node.
pub(super) fn probe(
    engine: &mut Propagation,
    cur: &mut [u64],
    scratch: &mut [u64],
    stats: &mut Stats,
) -> bool {
    'again: loop {
        for c in 0..cur.len() {
            let x = cur[c];
            if x.count_ones() != 2 {
                continue;
            }
            for bit in [x & x.wrapping_neg(), x & (x - 1)] {
                scratch.copy_from_slice(cur);
                scratch[c] = bit;
                engine.restart_from(c as u32, scratch);
                stats.nodes += 1;
                if !engine.run(scratch) {
                    // This candidate leads to a contradiction: the other one holds.
                    cur[c] = x & !bit;
                    engine.restart_from(c as u32, cur);
                    if !engine.run(cur) {
                        return false;
                    }
                    continue 'again;
                }
            }
        }
        return true;
    }
}
