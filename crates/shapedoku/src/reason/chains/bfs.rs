//! The breadth-first search over a [`ChainGraph`] that grouped chains, nice loops and kraken
//! fish share: alternating links from one start, shortest paths kept, buffers reused.

use super::ChainGraph;

/// What a [`Bfs`] knows of one state, together, as the search reads it all at once.
#[derive(Clone, Copy, Default)]
struct Mark {
    /// The search that last reached the state ([`Bfs::epoch`]).
    stamp: u32,
    parent: u32,
    depth: u8,
    /// Whether the path to the state passes through a group node (its start included).
    grouped: bool,
}

/// A breadth-first search over a [`ChainGraph`], its buffers reused from start to start. A
/// state is a node and the kind of link that must leave it next (`node * 2 + 1` when weak).
pub(crate) struct Bfs {
    marks: Vec<Mark>,
    epoch: u32,
    /// The states reached by the last search, in the order reached (so by depth).
    pub(crate) queue: Vec<u32>,
    start: u32,
}

impl Bfs {
    /// Buffers for a graph of `nodes` nodes.
    pub(crate) fn new(nodes: usize) -> Self {
        Bfs {
            marks: vec![Mark::default(); nodes * 2],
            epoch: 0,
            queue: Vec::with_capacity(nodes * 2),
            start: 0,
        }
    }

    /// Explores from `start`, its first link strong or weak, by alternating links, up to `max`
    /// links; in-cell links only when `cell_links`. The states reached are in
    /// [`Bfs::queue`], each with its shortest path.
    ///
    /// With `live`, a state reached by a weak link whose node has no strong link (of the kind
    /// allowed) is left out: no link leaves it, so it is the parent of no state, and every
    /// other state is reached at the same depth, from the same parent, in the same order as
    /// without `live`. For the searches that only read the states reached by a strong link.
    pub(crate) fn explore(
        &mut self,
        g: &ChainGraph,
        start: u32,
        first_strong: bool,
        cell_links: bool,
        live: bool,
        max: usize,
    ) {
        self.epoch += 1;
        let epoch = self.epoch;
        let s0 = start * 2 + u32::from(!first_strong);
        self.start = s0;
        self.marks[s0 as usize] = Mark {
            stamp: epoch,
            parent: 0,
            depth: 0,
            grouped: g.is_group(start),
        };
        // Worked on as locals, which the loop can keep at hand.
        let mut queue = std::mem::take(&mut self.queue);
        let marks = &mut self.marks[..];
        queue.clear();
        queue.push(s0);
        let kind = usize::from(cell_links);
        // The strong links, and the weak ones with `live`, read straight (as
        // `for_each_link` would give them).
        let strong = g.strong_list(kind);
        let weak = live.then(|| g.live_weak(g.board, kind));
        let singles = g.singles as u32;
        let mut head = 0;
        while head < queue.len() {
            let st = queue[head];
            head += 1;
            let Mark { depth, grouped, .. } = marks[st as usize];
            // States are queued by depth, so none after this one is shallower: none of them
            // is left a link to take either.
            if depth as usize >= max {
                break;
            }
            let want_strong = st % 2 == 0;
            let mut reach = |m: u32| {
                let ns = m * 2 + u32::from(want_strong);
                let mark = &mut marks[ns as usize];
                if mark.stamp != epoch {
                    *mark = Mark {
                        stamp: epoch,
                        parent: st,
                        depth: depth + 1,
                        grouped: grouped || m >= singles,
                    };
                    queue.push(ns);
                }
            };
            let x = (st / 2) as usize;
            let list = match weak {
                _ if want_strong => strong,
                Some((start, to)) => (&start[..], &to[..]),
                None => {
                    g.for_each_link(st / 2, false, cell_links, false, reach);
                    continue;
                }
            };
            let (start, to) = list;
            to[start[x] as usize..start[x + 1] as usize]
                .iter()
                .for_each(|&m| reach(m));
        }
        self.queue = queue;
    }

    /// The number of links to a state reached.
    pub(crate) fn depth(&self, state: u32) -> usize {
        self.marks[state as usize].depth as usize
    }

    /// Whether the path to a state reached ([`Bfs::path`]) has a group node.
    pub(crate) fn through_group(&self, state: u32) -> bool {
        self.marks[state as usize].grouped
    }

    /// The state `state` was reached from.
    pub(crate) fn parent(&self, state: u32) -> u32 {
        self.marks[state as usize].parent
    }

    /// The nodes from the start to `state`'s node, or `None` when two of them clash (the same
    /// node twice, or two nodes of one symbol sharing a cell), which would not read as a chain.
    pub(crate) fn path(&self, g: &ChainGraph, state: u32) -> Option<Vec<u32>> {
        let mut nodes = vec![state / 2];
        let mut st = state;
        while st != self.start {
            st = self.marks[st as usize].parent;
            nodes.push(st / 2);
        }
        nodes.reverse();
        for (i, &x) in nodes.iter().enumerate() {
            if nodes[..i].iter().any(|&y| g.clash(x, y)) {
                return None;
            }
        }
        Some(nodes)
    }
}
