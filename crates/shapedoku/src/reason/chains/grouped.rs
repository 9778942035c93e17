//! Grouped X-chains and grouped alternating inference chains: chains as in `chains`, through
//! group nodes as well as candidates (see `chain_graph`). A chain starting and ending with a
//! strong link proves one of its ends true, so every candidate that either end would rule out
//! goes: a cell seeing all of both ends' cells on their symbol, or, for ends on different
//! symbols, the other end's symbol in a candidate end's cell.
//!
//! Only chains with a group node are reported: the rest are plain chains. The search runs after
//! the plain chains, shortest chains first, stopping at the first length that proves something.

use super::graph::{Bfs, ChainGraph};
use crate::reason::finder::Finder;
use crate::reason::step::{Candidate, ChainNode, Deduction, Step};
use crate::{CellId, Symbol};

/// Longest chains searched, in links.
const MAX_LINKS: usize = 11;

/// A chain found, before it becomes a step.
struct Found {
    links: usize,
    nodes: Vec<u32>,
    elim: Vec<(usize, u8)>,
}

/// A chain found: its length in links, its nodes and its eliminations.
pub(crate) type Chain = (usize, Vec<u32>, Vec<(usize, u8)>);

/// The step's nodes from the graph's.
pub(crate) fn chain_nodes(g: &ChainGraph, nodes: &[u32]) -> Vec<ChainNode> {
    nodes
        .iter()
        .map(|&x| ChainNode {
            symbol: Symbol::new(g.symbol(x) as usize),
            cells: g
                .cells(x)
                .iter()
                .map(|&c| CellId::new(c as usize))
                .collect(),
        })
        .collect()
}

/// Pushes the chains of the shortest length found, each conclusion once, in the order found.
pub(crate) fn push_shortest(
    g: &ChainGraph,
    f: &mut Finder,
    mut found: Vec<Chain>,
    make: impl Fn(Vec<ChainNode>) -> Deduction,
) {
    let Some(shortest) = found.iter().map(|x| x.0).min() else {
        return;
    };
    found.retain(|x| x.0 == shortest);
    let mut seen: Vec<Vec<(usize, u8)>> = Vec::new();
    for (_, nodes, elim) in found {
        if seen.contains(&elim) {
            continue;
        }
        let eliminations = elim.iter().map(|&(c, v)| Candidate::at(c, v)).collect();
        let step = Step::eliminating(eliminations, make(chain_nodes(g, &nodes)));
        seen.push(elim);
        if !f.push(step) {
            return;
        }
    }
}

/// Grouped chains on one symbol (`x`) or on all links, from every start, shortest first.
///
/// X-chains skip the starts of a symbol known to give nothing (the board's memo, see
/// [`ChainGraph::x_nothing`]). Why it is exact: with house links only, a search from a start
/// on symbol `v` meets only `v`'s nodes, and its groups, links (in the order they are met),
/// and conclusions are read from `v`'s places alone, so on equal places it goes the same
/// way, whatever the other symbols' candidates. A breadth-first search that finds nothing up
/// to some number of links finds nothing up to fewer, and the bound only falls as the
/// search goes; so the memo answers for a start whenever the bound is no more than the
/// links recorded, and a start that finds nothing leaves the search's state as it was.
fn search(g: &ChainGraph, f: &mut Finder, x: bool) -> Vec<Found> {
    let mut bfs = Bfs::new(g.len());
    let mut found = Vec::new();
    let mut cap = MAX_LINKS;
    let known = if x { g.x_nothing() } else { Vec::new() };
    // Per symbol, the least bound up to which each of its starts found nothing, searched or
    // known (`u8::MAX`: none seen), and whether it found a chain.
    let mut looked = vec![u8::MAX; known.len()];
    let mut gave = vec![false; known.len()];
    let mut stopped = false;
    for start in 0..g.len() as u32 {
        if f.out_of_budget() {
            stopped = true;
            break;
        }
        if !g.has_strong(start, !x) {
            continue;
        }
        let v = g.symbol(start) as usize;
        if x {
            let skip = cap <= known[v] as usize;
            looked[v] = looked[v].min(if skip { known[v] } else { cap as u8 });
            if skip {
                continue;
            }
        }
        let before = found.len();
        bfs.explore(g, start, true, !x, true, cap);
        for &st in &bfs.queue {
            let links = bfs.depth(st);
            // An odd number of links from a strong start ends on a strong link.
            if links < 3 || links % 2 == 0 || links > cap || st / 2 == start {
                continue;
            }
            // Chains without a group node are plain ones, left to `chains`; the cheap tests
            // go first, the chain and its eliminations are built only for the few that pass.
            if !bfs.through_group(st) || !g.kills_any(start, st / 2) {
                continue;
            }
            let Some(nodes) = bfs.path(g, st) else {
                continue;
            };
            let elim = g.killed_by_both(start, st / 2);
            cap = links;
            found.push(Found { links, nodes, elim });
        }
        if x && found.len() > before {
            gave[v] = true;
        }
    }
    if x && !stopped {
        for (d, gave) in looked.iter_mut().zip(gave) {
            if gave || *d == u8::MAX {
                *d = 0;
            }
        }
        g.record_x_nothing(&looked);
    }
    found
}

/// Grouped X-chains (one symbol, three links or more), then, if there are none, grouped AICs
/// (house and cell links), each through a group node, over one graph.
pub(crate) fn find(board: &crate::reason::board::Board, f: &mut Finder) {
    let g = ChainGraph::new(board);
    if g.len() == g.singles {
        return;
    }
    for x in [true, false] {
        let found: Vec<_> = search(&g, f, x)
            .into_iter()
            .map(|c| (c.links, c.nodes, c.elim))
            .collect();
        if found.is_empty() {
            continue;
        }
        if x {
            push_shortest(&g, f, found, |nodes| Deduction::GroupedXChain { nodes });
        } else {
            push_shortest(&g, f, found, |nodes| Deduction::GroupedAic { nodes });
        }
        return;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::catalogue::Technique;
    use crate::reason::test_util::*;

    /// Grouped chains on a board whose memo has seen the earlier points of its line of play
    /// (the X-chain search skips the symbols known to give nothing) find what they find on a
    /// board made anew, with an empty memo, at every point of logical solves, searched twice
    /// (the second time from the memo the first left).
    #[test]
    fn x_memo_changes_nothing() {
        let g = crate::builtin::geometry("classic").unwrap();
        let mut skipped = 0;
        for line in [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
        ] {
            let p = crate::Puzzle::from_line(g.clone(), line).unwrap();
            let mut b = crate::reason::board::Board::new(&p);
            let mut steps = Vec::new();
            while let Some(step) = crate::reason::solve::next_step(&b) {
                let mut fresh = crate::reason::board::Board::new(&p);
                for s in &steps {
                    fresh.apply(s);
                }
                let mut cold = Finder::new(50);
                find(&fresh, &mut cold);
                for _ in 0..2 {
                    let mut warm = Finder::new(50);
                    find(&b, &mut warm);
                    assert_eq!(format!("{:?}", warm.steps), format!("{:?}", cold.steps));
                }
                let known = ChainGraph::new(&b).x_nothing();
                skipped += known.iter().filter(|&&d| d > 0).count();
                b.apply(&step);
                steps.push(step);
            }
            assert!(b.is_solved());
        }
        assert!(skipped > 100, "{skipped}");
    }

    #[test]
    fn grouped_x_chain_through_a_box_row_group() {
        // 1 lies in row 1 at r1c1 r1c7 r1c8, in box 3 at r1c7 r1c8 r2c9, in column 9 at r2c9
        // r6c9: (1)r1c1 = (1)r1c78 [row 1] - (1)r2c9 [box 3] = (1)r6c9 [column 9], so r1c1 or
        // r6c9 is 1 and r6c1 loses it.
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        confine(&mut b, "row 1", 1, &[(1, 1), (1, 7), (1, 8)]);
        confine(&mut b, "box 3", 1, &[(1, 7), (1, 8), (2, 9)]);
        confine(&mut b, "column 9", 1, &[(2, 9), (6, 9)]);
        let mut f = Finder::new(50);
        find(&b, &mut f);
        let want = elims(&g, "r6c1<>1");
        let s = f
            .steps
            .iter()
            .find(|s| s.eliminations == want)
            .unwrap_or_else(|| panic!("{:?}", f.steps));
        assert_eq!(s.technique(), Technique::GroupedXChain);
        let Deduction::GroupedXChain { nodes } = &s.deduction else {
            panic!()
        };
        assert_eq!(nodes.len(), 4);
        assert!(nodes.iter().any(ChainNode::is_group));
    }
}
