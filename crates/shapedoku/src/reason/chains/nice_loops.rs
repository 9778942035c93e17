//! Nice loops, plain and grouped (over the links of `chain_graph`): a loop of alternating
//! links through a candidate.
//!
//! - *Continuous*: strong and weak links alternate all the way round. Then every node is true
//!   or false in turn, so each weak link has exactly one true end: whatever sees both ends of a
//!   weak link goes (on a house link, the symbol from cells seeing both; on a cell link, the
//!   cell's other candidates).
//! - *Discontinuous*: the alternation breaks at the start. Two strong links there make it true
//!   (its cell loses every other candidate); two weak links make it false; a strong link out
//!   and a weak link back on another candidate of the start's cell make that candidate false.
//!
//! Every discontinuous loop's conclusion is one an AIC also gives (an AIC gives more), so the
//! loops are searched after the AICs and find what the AIC search's length limit left out, or,
//! grouped, what a group node makes possible. Loops start and close on candidates, as HoDoKu's
//! do; group nodes lie inside them. Shortest loops first; the first length that proves
//! something ends the search.

use super::graph::{Bfs, ChainGraph};
use super::grouped::chain_nodes;
use crate::reason::board::Board;
use crate::reason::finder::Finder;
use crate::reason::step::{Candidate, Deduction, Step};

/// Longest loops searched, in links.
const MAX_LINKS: usize = 12;

/// A loop found: its length in links, its nodes, whether its first link is strong, whether it
/// is continuous, and what it eliminates.
#[derive(Debug, PartialEq)]
struct Found {
    links: usize,
    nodes: Vec<u32>,
    first_strong: bool,
    continuous: bool,
    elim: Vec<(usize, u8)>,
}

/// What a continuous loop eliminates: for each weak link (odd-to-even nodes, and the closing
/// link), what both its ends rule out.
fn continuous_elims(g: &ChainGraph, nodes: &[u32]) -> Vec<(usize, u8)> {
    let k = nodes.len();
    let mut out: Vec<(usize, u8)> = (1..k)
        .step_by(2)
        .flat_map(|i| g.killed_by_both(nodes[i], nodes[(i + 1) % k]))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The start of the loops searched, and the nodes a weak link (house or cell) joins to it,
/// which are where a loop can close on it: as bits over nodes, or, for the plain search the
/// test compares with, asked of the graph each time.
struct Back {
    start: u32,
    bits: Option<Vec<u64>>,
}

impl Back {
    /// For `start`, listing its weak links once (`g.weak_nodes`) when `listed`.
    fn new(g: &ChainGraph, start: u32, listed: bool, mut bits: Vec<u64>) -> Self {
        let bits = listed.then(|| {
            g.weak_nodes(start, &mut bits);
            bits
        });
        Back { start, bits }
    }

    /// Whether `m` and the start are weakly linked.
    fn linked(&self, g: &ChainGraph, m: u32) -> bool {
        match &self.bits {
            Some(b) => b[m as usize / 64] >> (m % 64) & 1 == 1,
            None => g.weak_linked(m, self.start, true),
        }
    }
}

/// Loops leaving `start` by a strong link: continuous loops, and discontinuous ones whose start
/// is true or that take another candidate from the start's cell.
fn strong_first(g: &ChainGraph, bfs: &Bfs, back: &Back, cap: usize, found: &mut Vec<Found>) {
    let start = back.start;
    let cell = g.cells(start)[0] as usize;
    for &st in &bfs.queue {
        let links = bfs.depth(st);
        // Reached by a strong link: the next link is weak.
        if st % 2 == 0 || links + 1 > cap {
            continue;
        }
        let m = st / 2;
        if m == start {
            if links < 3 {
                continue;
            }
            let Some(mut nodes) = bfs.path(g, bfs.parent(st)) else {
                continue;
            };
            nodes.push(start);
            let elim: Vec<(usize, u8)> = g
                .board_candidates(cell)
                .filter(|&v| v != g.symbol(start))
                .map(|v| (cell, v))
                .collect();
            found.push(Found {
                links,
                nodes,
                first_strong: true,
                continuous: false,
                elim,
            });
        } else if links >= 3 && back.linked(g, m) {
            let Some(nodes) = bfs.path(g, st) else {
                continue;
            };
            let elim = continuous_elims(g, &nodes);
            found.push(Found {
                links: links + 1,
                nodes,
                first_strong: true,
                continuous: true,
                elim,
            });
        } else if links >= 2 && !g.cells(m).contains(&(cell as u32)) {
            for v in g.board_candidates(cell).filter(|&v| v != g.symbol(start)) {
                let Some(q) = g.single(cell, v) else {
                    continue;
                };
                if !g.weak_linked(m, q, false) {
                    continue;
                }
                let Some(mut nodes) = bfs.path(g, st) else {
                    break;
                };
                nodes.push(q);
                found.push(Found {
                    links: links + 1,
                    nodes,
                    first_strong: true,
                    continuous: false,
                    elim: vec![(cell, v)],
                });
            }
        }
    }
}

/// Loops leaving `start` by a weak link and coming back by one: the start is false.
fn weak_first(g: &ChainGraph, bfs: &Bfs, back: &Back, cap: usize, found: &mut Vec<Found>) {
    let start = back.start;
    let cell = g.cells(start)[0] as usize;
    for &st in &bfs.queue {
        let links = bfs.depth(st);
        if st % 2 == 0 || links < 2 || links + 1 > cap || st / 2 == start {
            continue;
        }
        if !back.linked(g, st / 2) {
            continue;
        }
        let Some(mut nodes) = bfs.path(g, st) else {
            continue;
        };
        nodes.push(start);
        found.push(Found {
            links: links + 1,
            nodes,
            first_strong: false,
            continuous: false,
            elim: vec![(cell, g.symbol(start))],
        });
    }
}

/// Nice loops, with and without group nodes, over one graph (the technique says which).
pub(crate) fn find(board: &Board, f: &mut Finder) {
    let g = ChainGraph::new(board);
    let found = search(&g, f, true);
    let mut seen: Vec<Vec<(usize, u8)>> = Vec::new();
    for x in found {
        if seen.contains(&x.elim) {
            continue;
        }
        let eliminations = x.elim.iter().map(|&(c, v)| Candidate::at(c, v)).collect();
        let deduction = Deduction::NiceLoop {
            nodes: chain_nodes(&g, &x.nodes),
            first_strong: x.first_strong,
            continuous: x.continuous,
        };
        seen.push(x.elim);
        if !f.push(Step::eliminating(eliminations, deduction)) {
            return;
        }
    }
}

/// The loops of the shortest length found, in the order found. With `trim`, each search
/// stops where no state can close a loop, and the nodes that close one on the start are
/// listed once per start (the test compares it with the search without).
fn search(g: &ChainGraph, f: &mut Finder, trim: bool) -> Vec<Found> {
    let mut bfs = Bfs::new(g.len());
    let mut bits = vec![0u64; g.len().div_ceil(64)];
    let mut found: Vec<Found> = Vec::new();
    let mut cap = MAX_LINKS;
    // With room for one step only (the rating's replay asks so), that step is the first loop
    // found of the shortest length: once one of `cap` links is found, a later pass can only
    // come before it with a shorter loop, so it looks no further than `cap - 1` links. A
    // breadth-first search meets the states of a depth in the same order however deep it
    // goes, so the shorter loops it finds, and their order, are those of a deeper search.
    let one = f.room() <= 1;
    for start in 0..g.singles as u32 {
        if f.out_of_budget() {
            break;
        }
        let back = Back::new(g, start, trim, std::mem::take(&mut bits));
        for first_strong in [true, false] {
            let before = found.len();
            let look = if one && !found.is_empty() {
                cap - 1
            } else {
                cap
            };
            // A state reached in `look` links closes no loop of `look` links or fewer (see
            // `strong_first` and `weak_first`), so the search stops a link short of it; and
            // only the states reached by a strong link close a loop. Links alternate, so
            // those lie at odd depths from a strong first link and at even ones from a weak
            // one: the search stops at the deepest such depth, as the states one deeper
            // close nothing.
            if trim {
                let deepest = look - 1;
                let max = if (deepest % 2 == 1) == first_strong {
                    deepest
                } else {
                    deepest - 1
                };
                bfs.explore(g, start, first_strong, true, true, max);
            } else {
                bfs.explore(g, start, first_strong, true, false, look);
            }
            if first_strong {
                strong_first(g, &bfs, &back, look, &mut found);
            } else {
                weak_first(g, &bfs, &back, look, &mut found);
            }
            found.retain(|x| !x.elim.is_empty());
            for x in &found[before.min(found.len())..] {
                cap = cap.min(x.links);
            }
        }
        bits = back.bits.unwrap_or(bits);
    }
    found.retain(|x| x.links == cap);
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::catalogue::Technique;
    use crate::reason::test_util::*;

    /// Digit `d` in each of `cells`.
    fn line_but(g: &crate::Geometry, cells: &[(u32, u32)], d: u8) -> Vec<Candidate> {
        cells.iter().map(|&(r, c)| cand(g, r, c, d)).collect()
    }

    /// The chain graph read back from the board's memo (built there by the grouped chains on
    /// the same state) gives the loops a graph built anew gives, at every point of a solve.
    #[test]
    fn memo_changes_nothing() {
        let g = crate::builtin::geometry("classic").unwrap();
        let p = crate::Puzzle::from_line(
            g,
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        )
        .unwrap();
        let mut b = Board::new(&p);
        let mut steps = Vec::new();
        let mut found = 0;
        while let Some(step) = crate::reason::solve::next_step(&b) {
            super::super::grouped::find(&b, &mut Finder::new(50));
            let mut warm = Finder::new(50);
            find(&b, &mut warm);
            // A board made anew has a memo of its own, empty.
            let mut fresh = Board::new(&p);
            for s in &steps {
                fresh.apply(s);
            }
            let mut cold = Finder::new(50);
            find(&fresh, &mut cold);
            assert_eq!(format!("{:?}", warm.steps), format!("{:?}", cold.steps));
            found += warm.steps.len();
            b.apply(&step);
            steps.push(step);
        }
        assert!(b.is_solved() && found > 0, "{found}");
    }

    /// The trimmed search finds the loops the full one finds on `b`, with room for one step
    /// or many; returns how many.
    fn trimmed_as_full(b: &Board) -> usize {
        let gr = ChainGraph::new(b);
        let mut found = 0;
        for limit in [1, 1000] {
            let trimmed = search(&gr, &mut Finder::new(limit), true);
            assert_eq!(trimmed, search(&gr, &mut Finder::new(limit), false));
            found += trimmed.len();
        }
        found
    }

    /// The searches that stop where no state can close a loop (a link short of the length
    /// looked for, and at the last depth of the right parity), leave out the states that no
    /// link leaves, and read the nodes closing a loop from bits, find the loops the full
    /// searches find, with room for one step or many, at every point of logical solves and
    /// on boards thinned at random from them.
    #[test]
    fn trimmed_searches_find_what_full_ones_find() {
        let g = crate::builtin::geometry("classic").unwrap();
        let mut rng = XorShift(0x3c6e_f372_fe94_f82bu64);
        let (mut found, mut thinned) = (0, 0);
        for line in HARD_PAIR {
            let p = crate::Puzzle::from_line(g.clone(), line).unwrap();
            let mut b = Board::new(&p);
            while let Some(step) = crate::reason::solve::next_step(&b) {
                found += trimmed_as_full(&b);
                if rng.below(3) == 0 {
                    let mut t = b.clone();
                    for _ in 0..12 {
                        let c = rng.below(g.cell_count());
                        if t.value(c).is_none() && t.candidates(c).len() > 2 {
                            t.eliminate(c, rng.below(9) as u8);
                        }
                    }
                    thinned += trimmed_as_full(&t);
                }
                b.apply(&step);
            }
            assert!(b.is_solved());
        }
        assert!(found > 10 && thinned > 10, "{found} {thinned}");
    }

    /// With room for one step (later passes look only for shorter loops), the step is the
    /// first of those a search with room for many gives, at every point of a logical solve.
    #[test]
    fn room_for_one_gives_the_first_of_many() {
        let found = room_for_one_gives_the_first(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            &[find],
        );
        assert!(found > 10, "{found}");
    }

    #[test]
    fn continuous_loop_of_bivalue_cells() {
        // r1c1 {1,2}, r1c5 {2,3}, r5c5 {3,4}, r5c1 {4,1}: (1)r1c1=(2)r1c1-(2)r1c5=(3)r1c5-
        // (3)r5c5=(4)r5c5-(4)r5c1=(1)r5c1-(1)r1c1. Each weak link has one true end, so row 1
        // loses 2, column 5 loses 3, row 5 loses 4 and column 1 loses 1 outside the loop.
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        b.set_candidates(cell(&g, 1, 1), set(&[1, 2]));
        b.set_candidates(cell(&g, 1, 5), set(&[2, 3]));
        b.set_candidates(cell(&g, 5, 5), set(&[3, 4]));
        b.set_candidates(cell(&g, 5, 1), set(&[1, 4]));
        let mut f = Finder::new(20);
        find(&b, &mut f);
        assert_eq!(f.steps.len(), 1, "{:?}", f.steps);
        let s = &f.steps[0];
        assert_eq!(s.technique(), Technique::ContinuousNiceLoop);
        let others = |fixed: u32, row: bool, d: u8| -> Vec<Candidate> {
            let cells: Vec<(u32, u32)> = (1..=9)
                .filter(|&k| k != 1 && k != 5)
                .map(|k| if row { (fixed, k) } else { (k, fixed) })
                .collect();
            line_but(&g, &cells, d)
        };
        let mut want: Vec<Candidate> = [
            others(1, true, 2),
            others(5, false, 3),
            others(5, true, 4),
            others(1, false, 1),
        ]
        .concat();
        want.sort_unstable();
        assert_eq!(s.eliminations, want);
        assert_eq!(s.deduction.length(), 8);
    }

    #[test]
    fn grouped_continuous_loop() {
        // Row 1 holds 1 at r1c1 r1c7 r1c8, row 3 at r3c2 r3c9: (1)r1c1 = (1)r1c78 [row 1] -
        // (1)r3c9 [box 3] = (1)r3c2 [row 3] - (1)r1c1 [box 1]. Boxes 1 and 3 each get their 1 in
        // row 1 or 3, so row 2 loses it in both.
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        confine(&mut b, "row 1", 1, &[(1, 1), (1, 7), (1, 8)]);
        confine(&mut b, "row 3", 1, &[(3, 2), (3, 9)]);
        let mut f = Finder::new(20);
        find(&b, &mut f);
        assert_eq!(f.steps.len(), 1, "{:?}", f.steps);
        let s = &f.steps[0];
        assert_eq!(
            s.eliminations,
            elims(&g, "r2c1<>1 r2c2<>1 r2c3<>1 r2c7<>1 r2c8<>1 r2c9<>1")
        );
        assert_eq!(s.technique(), Technique::GroupedContinuousNiceLoop);
        assert_eq!(s.deduction.length(), 4);
    }

    #[test]
    fn discontinuous_loop_two_strong_links_make_the_start_true() {
        // (1)r1c1 = (1)r1c78 [row 1] - (1)r2c9 [box 3] = (1)r6c9 [column 9] - (1)r6c1 [row 6]
        // = (1)r1c1 [column 1]: two strong links meet at r1c1, so it is 1 and loses the rest.
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        confine(&mut b, "row 1", 1, &[(1, 1), (1, 7), (1, 8)]);
        confine(&mut b, "box 3", 1, &[(1, 7), (1, 8), (2, 9)]);
        confine(&mut b, "column 9", 1, &[(2, 9), (6, 9)]);
        confine(&mut b, "column 1", 1, &[(6, 1), (1, 1)]);
        let mut f = Finder::new(20);
        find(&b, &mut f);
        let want: Vec<Candidate> = (2..=9).map(|d| cand(&g, 1, 1, d)).collect();
        let s = f
            .steps
            .iter()
            .find(|s| s.eliminations == want)
            .unwrap_or_else(|| panic!("{:?}", f.steps));
        assert_eq!(s.technique(), Technique::GroupedDiscontinuousNiceLoop);
    }
}
