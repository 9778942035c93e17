//! The solver's peers when rules beyond shapes add some: anti-knight, anti-king and disjoint
//! groups only forbid a symbol twice between two cells, which is what a peer is, so the house
//! path's naked singles enforce them at the cost of one more peer each, and no propagator has
//! to scan the grid for them.

use crate::Geometry;

/// Where the house path finds a cell's peers.
pub(super) trait PeerLookup {
    /// The peers of `cell`.
    fn peers_of(&self, cell: usize) -> &[u32];
}

impl PeerLookup for Geometry {
    #[inline(always)]
    fn peers_of(&self, cell: usize) -> &[u32] {
        self.peers(cell)
    }
}

/// The geometry's peers and the extra pairs, each cell's list sorted and without repeats.
#[derive(Debug, Clone)]
pub(super) struct Peers {
    start: Vec<u32>,
    list: Vec<u32>,
}

impl Peers {
    pub(super) fn new(g: &Geometry, extra: &[(u32, u32)]) -> Peers {
        let n = g.cell_count();
        let mut per: Vec<Vec<u32>> = (0..n).map(|c| g.peers(c).to_vec()).collect();
        for &(a, b) in extra {
            if a != b && (a as usize) < n && (b as usize) < n {
                per[a as usize].push(b);
                per[b as usize].push(a);
            }
        }
        let mut start = Vec::with_capacity(n + 1);
        let mut list = Vec::new();
        for mut p in per {
            p.sort_unstable();
            p.dedup();
            start.push(list.len() as u32);
            list.extend(p);
        }
        start.push(list.len() as u32);
        Peers { start, list }
    }
}

impl PeerLookup for Peers {
    #[inline(always)]
    fn peers_of(&self, cell: usize) -> &[u32] {
        &self.list[self.start[cell] as usize..self.start[cell + 1] as usize]
    }
}
