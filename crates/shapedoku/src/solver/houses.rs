//! The house path: the no-repeat rule's fast path, outside the propagator interface because it
//! runs at every node and is most of the solver's time. Naked singles go through each solved
//! cell's precomputed peers (every no-repeat shape contributes); hidden singles and missing
//! symbols through a bit-sliced once/twice scan of every house.

use super::peers::PeerLookup;
use super::propagator::Conflict;

/// Removes each queued cell's symbol (the cell is solved) from its peers, queueing peers left
/// with one candidate, until the queue is empty. A peer left with nothing is the conflict.
#[inline(always)]
pub(super) fn clear_peers<P: PeerLookup + ?Sized>(
    g: &P,
    cur: &mut [u64],
    queue: &mut Vec<u32>,
) -> Result<(), Conflict> {
    while let Some(c) = queue.pop() {
        let bit = cur[c as usize];
        for &p in g.peers_of(c as usize) {
            let x = cur[p as usize];
            if x & bit != 0 {
                let y = x ^ bit;
                if y == 0 {
                    return Err(Conflict::Peers(c, p));
                }
                cur[p as usize] = y;
                if y & (y - 1) == 0 {
                    queue.push(p);
                }
            }
        }
    }
    Ok(())
}

/// Places every hidden single (a symbol with one place left in a house), queueing the cells,
/// and fails when a house has lost every place for some symbol. Records per house whether it
/// still has an unsolved cell; returns whether any house has. A house with a symbol missing is
/// the conflict.
#[inline(always)]
pub(super) fn hidden_singles(
    house_cells: &[u32],
    all: u64,
    cur: &mut [u64],
    queue: &mut Vec<u32>,
    house_open: &mut [bool],
) -> Result<bool, Conflict> {
    let hl = all.count_ones() as usize;
    let mut any_open = false;
    for (h, cells) in house_cells.chunks_exact(hl).enumerate() {
        let (mut once, mut twice, mut solved) = (0u64, 0u64, 0u64);
        for &c in cells {
            let x = cur[c as usize];
            twice |= once & x;
            once |= x;
            if x & (x - 1) == 0 {
                solved |= x;
            }
        }
        if once != all {
            return Err(Conflict::House(h as u32));
        }
        house_open[h] = solved != all;
        any_open |= solved != all;
        let mut hs = once & !twice & !solved;
        while hs != 0 {
            let bit = hs & hs.wrapping_neg();
            hs ^= bit;
            for &c in cells {
                if cur[c as usize] & bit != 0 {
                    cur[c as usize] = bit;
                    queue.push(c);
                    break;
                }
            }
        }
    }
    Ok(any_open)
}
