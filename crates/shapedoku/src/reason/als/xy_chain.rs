//! ALS-XY-chains over almost locked sets of any no-repeat shapes (see `als_xz` for the terms):
//! sets A1, A2, ..., An (four or more), each joined to the next by restricted common symbols,
//! the symbols used by consecutive links differing. Were a symbol z of both A1 and An (not a
//! symbol of the first link in A1, nor of the last in An) in neither, A1 would be locked
//! without z and hold the first link's symbol, so A2 would lack it and be locked, holding the
//! second link's symbol, and so on until An, locked without the last link's symbol, holds z
//! after all. So z is in A1 or in An, and every cell seeing all its places in both loses it.
//!
//! A set may come back in a chain (each implication holds on its own), so the chains from one
//! start are a search over states (set, symbol the link into it used; links of two symbols
//! share one state per set), each state visited once, breadth first: the chain kept for a
//! state is a shortest one. Starts with no cell seeing all places of one of their symbols are
//! skipped. Ends of two or three sets
//! are ALS-XZ and ALS-XY-wing, found before; [`MAX_SETS`] and [`MAX_STATES`] bound the search on
//! large geometries. Of the chains with the same eliminations the one with fewest cells is kept.

use super::sets::{List, Table, table, tidy};
use crate::reason::board::Board;
use crate::reason::finder::Finder;
use crate::reason::step::{Candidate, Deduction, Step};
use crate::symbols::SymbolSet;
use std::collections::BTreeMap;

/// The most sets in a chain.
const MAX_SETS: usize = 8;
/// The most states the search visits from one start.
const MAX_STATES: usize = 4_000;
/// The most states the search visits on one board, over all starts.
const MAX_TOTAL: usize = 150_000;

/// ALS-XY-chains.
pub(crate) fn find(board: &Board, f: &mut Finder) {
    search(board, &table(board), f, MAX_TOTAL);
}

/// One state of the search: a set, the symbols of the link into it, and where it came from.
#[derive(Clone, Copy)]
struct Node {
    set: usize,
    used: SymbolSet,
    /// The node before (index into the search's nodes), `usize::MAX` at the start.
    parent: usize,
    /// Sets in the chain up to here.
    len: usize,
}

/// The search, stopping once it has read `total` links on the board ([`MAX_TOTAL`]; a
/// parameter for the test of the bound).
fn search(board: &Board, table: &Table, f: &mut Finder, total: usize) {
    // By eliminations: the fewest cells of a chain making them, and the step.
    let mut found: BTreeMap<Vec<Candidate>, (usize, Step)> = BTreeMap::new();
    let mut nodes: Vec<Node> = Vec::new();
    // States met from the current start, by (set, symbol of the link into it); links of two
    // symbols share one mark per set, which may leave a chain out, never makes a wrong one.
    // One slot per symbol and one for links of two, per set: the marks stay small enough to
    // stay in cache, as the search reads them at every link.
    let (n, top) = (
        board.geometry().cell_count(),
        board.geometry().symbol_count(),
    );
    let mut marks: Vec<u32> = vec![0; table.links.sets() * (top + 1)];
    let mut stamp = 0u32;
    let mut visited = 0usize;
    let words = n.div_ceil(64);
    // Per symbol of the current start, where a chain from it can eliminate the symbol.
    let mut targets = vec![0u64; top * words];
    'starts: for a in 0..table.links.sets() {
        if f.out_of_budget() {
            break;
        }
        let firsts = table
            .links
            .of(a)
            .iter()
            .fold(SymbolSet::EMPTY, |u, &(_, r)| u.union(r));
        // For each symbol z of the start, the cells holding z that see all its places there:
        // where a chain from it can eliminate z. A start with none makes nothing.
        let list = &table.list;
        // The symbols of the start with such cells: a chain eliminates only those.
        let mut useful = SymbolSet::EMPTY;
        for z in list.sets[a].cands.iter() {
            let held = list.places(z);
            let reach = &mut targets[z as usize * words..][..words];
            let mut any = 0;
            for ((r, &s), &p) in reach.iter_mut().zip(list.seen(a, z)).zip(held) {
                *r = s & p;
                any |= *r;
            }
            if any != 0 {
                useful = useful.with(z);
            }
        }
        if useful.is_empty() {
            continue;
        }
        // A doubly linked first pair is tried with each symbol: A1 must hold the one used.
        for x in firsts.iter() {
            nodes.clear();
            stamp += 1;
            nodes.push(Node {
                set: a,
                used: SymbolSet::single(x),
                parent: usize::MAX,
                len: 1,
            });
            let (mut head, from) = (0, visited);
            while head < nodes.len() && visited - from < MAX_STATES {
                let node = nodes[head];
                head += 1;
                if node.len >= MAX_SETS {
                    continue;
                }
                // The set lacks (at most) one of the symbols the link into it used, so it
                // holds every other symbol it shares with the next set: a link uses its symbols
                // other than those. The first link uses x alone: A1 lacks z, not x.
                let keep = if node.parent == usize::MAX {
                    1u64 << x
                } else {
                    !node.used.0
                };
                let links = table.links.of(node.set);
                // Every link read counts towards the bound on the board, the last one read
                // included: past the bound the search stops before reading another.
                let room = total - visited;
                let (links, over) = if links.len() > room {
                    (&links[..room], true)
                } else {
                    (links, false)
                };
                visited += links.len();
                for &(c, rcc) in links {
                    let used = SymbolSet(rcc.0 & keep);
                    if used.is_empty() {
                        continue;
                    }
                    // One slot per symbol for a link of one (a set bit alone), one for two.
                    let one = used.0 & (used.0 - 1) == 0;
                    let key = c * (top + 1)
                        + if one {
                            used.0.trailing_zeros() as usize
                        } else {
                            top
                        };
                    if marks[key] == stamp {
                        continue;
                    }
                    marks[key] = stamp;
                    let next = Node {
                        set: c,
                        used,
                        parent: head - 1,
                        len: node.len + 1,
                    };
                    nodes.push(next);
                    // Most chains eliminate nothing: `ends` tells that from a few word
                    // operations before `record` builds anything.
                    if next.len >= 4
                        && c != a
                        && ends(list, &targets, words, useful.without(x).minus(used), c)
                    {
                        record(table, &targets, words, &nodes, x, &mut found);
                    }
                }
                if over {
                    break 'starts;
                }
            }
        }
    }
    let mut steps: Vec<(usize, Step)> = found.into_values().collect();
    // Most eliminations first, so the solver's choice among the first found is the best one.
    steps.sort_by_key(|(_, s)| std::cmp::Reverse(s.eliminations.len()));
    for (_, step) in steps {
        if !f.push(step) {
            return;
        }
    }
}

/// Whether a chain ending at set `end` can eliminate one of `zs` (symbols of the start, with
/// `targets` its cells seeing all their places there): the first test of [`record`].
#[inline]
fn ends(list: &List, targets: &[u64], words: usize, zs: SymbolSet, end: usize) -> bool {
    let zs = zs.intersect(list.sets[end].cands);
    zs.iter().any(|z| {
        list.seen(end, z)
            .iter()
            .zip(&targets[z as usize * words..][..words])
            .any(|(x, y)| x & y != 0)
    })
}

/// Records the eliminations of the chain ending at the last node, if it makes any.
fn record(
    table: &Table,
    targets: &[u64],
    words: usize,
    nodes: &[Node],
    x: u8,
    found: &mut BTreeMap<Vec<Candidate>, (usize, Step)>,
) {
    let list = &table.list;
    let end = nodes[nodes.len() - 1];
    let a = nodes[0].set;
    let zs = list.sets[a]
        .cands
        .intersect(list.sets[end.set].cands)
        .without(x)
        .minus(end.used);
    // Most chains eliminate nothing: test that before building anything.
    if !zs.iter().any(|z| {
        list.seen(end.set, z)
            .iter()
            .zip(&targets[z as usize * words..][..words])
            .any(|(x, y)| x & y != 0)
    }) {
        return;
    }
    let mut chain = vec![end];
    while chain[chain.len() - 1].parent != usize::MAX {
        chain.push(nodes[chain[chain.len() - 1].parent]);
    }
    chain.reverse();
    let mut elim = Vec::new();
    for z in zs.iter() {
        list.targets(&[a, end.set], z, &mut elim);
    }
    if elim.is_empty() {
        return;
    }
    let elim = tidy(elim);
    let size: usize = chain.iter().map(|n| list.set_cells(n.set).len()).sum();
    if found.get(&elim).is_some_and(|(best, _)| *best <= size) {
        return;
    }
    let step = Step::eliminating(
        elim.clone(),
        Deduction::AlsChain {
            sets: chain.iter().map(|n| list.named(n.set)).collect(),
            restricted: chain[1..].iter().map(|n| n.used).collect(),
        },
    );
    found.insert(elim, (size, step));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::test_util::*;

    #[test]
    fn als_xy_chain_constructed() {
        // A1 = r1c1 {1,2}; A2 = r2c2 {2,5}, r2c6 {3,5} (row 2), joined by 2 (r1c1 and r2c2
        // share box 1); A3 = r6c6 {3,7}, r6c8 {4,7} (row 6), joined by 3 (column 6); A4 =
        // r8c8 {1,4}, joined by 4 (column 8). Were r1c1 not 1 it is 2, A2 is locked without 2 and
        // holds 3, A3 holds 4 and r8c8 is 1: one of the ends is 1, and r1c8 and r8c1, which
        // see both, lose it.
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        for (r, c, s) in [
            (1, 1, [1, 2]),
            (2, 2, [2, 5]),
            (2, 6, [3, 5]),
            (6, 6, [3, 7]),
            (6, 8, [4, 7]),
            (8, 8, [1, 4]),
        ] {
            b.set_candidates(cell(&g, r, c), set(&s));
        }
        let mut f = Finder::new(1000);
        search(&b, &Table::new(&b), &mut f, MAX_TOTAL);
        // Other sets make chains with the same eliminations (r2c6, r6c6 in column 6 as the
        // third set, say): the one with fewest cells is shown, the first found on a tie.
        assert!(f.steps.iter().any(|s| {
            matches!(&s.deduction, Deduction::AlsChain { sets, restricted }
                if sets.len() >= 4
                    && restricted.len() + 1 == sets.len()
                    && sets[0].cells == [cell_id(&g, 1, 1)])
                && s.eliminations == elims(&g, "r1c8<>1 r8c1<>1")
        }));
    }

    /// The search as it read links one by one, counting each against the bound: the oracle
    /// of the search reading a node's links as one slice.
    fn old_search(board: &Board, table: &Table, f: &mut Finder, total: usize) {
        // By eliminations: the fewest cells of a chain making them, and the step.
        let mut found: BTreeMap<Vec<Candidate>, (usize, Step)> = BTreeMap::new();
        let mut nodes: Vec<Node> = Vec::new();
        // States met from the current start, by (set, symbol of the link into it); links of two
        // symbols share one mark per set, which may leave a chain out, never makes a wrong one.
        // One slot per symbol and one for links of two, per set: the marks stay small enough to
        // stay in cache, as the search reads them at every link.
        let (n, top) = (
            board.geometry().cell_count(),
            board.geometry().symbol_count(),
        );
        let mut marks: Vec<u32> = vec![0; table.links.sets() * (top + 1)];
        let mut stamp = 0u32;
        let mut visited = 0usize;
        let words = n.div_ceil(64);
        // Per symbol of the current start, where a chain from it can eliminate the symbol.
        let mut targets = vec![0u64; top * words];
        'starts: for a in 0..table.links.sets() {
            if f.out_of_budget() {
                break;
            }
            let firsts = table
                .links
                .of(a)
                .iter()
                .fold(SymbolSet::EMPTY, |u, &(_, r)| u.union(r));
            // For each symbol z of the start, the cells holding z that see all its places there:
            // where a chain from it can eliminate z. A start with none makes nothing.
            let list = &table.list;
            let mut useful = false;
            for z in list.sets[a].cands.iter() {
                let held = list.places(z);
                let reach = &mut targets[z as usize * words..][..words];
                for ((r, &s), &p) in reach.iter_mut().zip(list.seen(a, z)).zip(held) {
                    *r = s & p;
                    useful |= *r != 0;
                }
            }
            if !useful {
                continue;
            }
            // A doubly linked first pair is tried with each symbol: A1 must hold the one used.
            for x in firsts.iter() {
                nodes.clear();
                stamp += 1;
                nodes.push(Node {
                    set: a,
                    used: SymbolSet::single(x),
                    parent: usize::MAX,
                    len: 1,
                });
                let (mut head, from) = (0, visited);
                while head < nodes.len() && visited - from < MAX_STATES {
                    let node = nodes[head];
                    head += 1;
                    if node.len >= MAX_SETS {
                        continue;
                    }
                    for &(c, rcc) in table.links.of(node.set) {
                        visited += 1;
                        if visited > total {
                            break 'starts;
                        }
                        // The set lacks (at most) one of the symbols the link into it used, so it
                        // holds every other symbol it shares with the next set. The first link uses
                        // x alone: A1 lacks z, not x.
                        let used = if node.parent == usize::MAX {
                            if !rcc.contains(x) {
                                continue;
                            }
                            SymbolSet::single(x)
                        } else {
                            rcc.minus(node.used)
                        };
                        if used.is_empty() {
                            continue;
                        }
                        // One slot per symbol for a link of one (a set bit alone), one for two.
                        let one = used.0 & (used.0 - 1) == 0;
                        let key = c * (top + 1)
                            + if one {
                                used.0.trailing_zeros() as usize
                            } else {
                                top
                            };
                        if marks[key] == stamp {
                            continue;
                        }
                        marks[key] = stamp;
                        let next = Node {
                            set: c,
                            used,
                            parent: head - 1,
                            len: node.len + 1,
                        };
                        nodes.push(next);
                        if next.len >= 4 && c != a {
                            record(table, &targets, words, &nodes, x, &mut found);
                        }
                    }
                }
            }
        }
        let mut steps: Vec<(usize, Step)> = found.into_values().collect();
        // Most eliminations first, so the solver's choice among the first found is the best one.
        steps.sort_by_key(|(_, s)| std::cmp::Reverse(s.eliminations.len()));
        for (_, step) in steps {
            if !f.push(step) {
                return;
            }
        }
    }

    /// Reading a node's links as one slice changes nothing, the bound on links read
    /// included: along a logical solve of a hard puzzle, with bounds that stop the search
    /// part way and the production one, the chains found are the oracle's, in its order.
    #[test]
    fn slice_reading_matches_link_by_link() {
        let g = crate::builtin::geometry("classic").unwrap();
        let p = crate::Puzzle::from_line(
            g,
            "...........6.754..8....69..5.....19....8.27...9......24.7.3......1..8.3..2..57...",
        )
        .unwrap();
        let mut b = Board::new(&p);
        let (mut positions, mut chains) = (0, 0);
        while let Some(step) = crate::reason::solve::next_step(&b) {
            let table = Table::new(&b);
            for total in [0, 1, 37, 500, 4_001, MAX_TOTAL] {
                let (mut new, mut old) = (Finder::new(1000), Finder::new(1000));
                search(&b, &table, &mut new, total);
                old_search(&b, &table, &mut old, total);
                assert_eq!(format!("{:?}", new.steps), format!("{:?}", old.steps));
                chains += new.steps.len();
            }
            positions += 1;
            b.apply(&step);
        }
        assert!(b.is_solved() && positions > 50 && chains > 20, "{chains}");
    }
}
