//! Tests of the chain graph and its search: closed forms and faster builds against the plain
//! ways, at every point of logical solves.

use super::*;
use crate::Geometry;

/// The boards along a logical solve of `line` (at most 60 steps): a classic puzzle that
/// needs chains, and a Windoku, whose windows meet boxes and lines in shorter overlaps.
fn positions() -> Vec<Board> {
    let puzzles: [(Arc<Geometry>, &str); 2] = [
        (
            crate::builtin::geometry("classic").unwrap(),
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        ),
        (
            crate::reason::tests::windoku(),
            "..6.7..3..1783...6..3..............1..8....9.6...2............4.....6.5.........8",
        ),
    ];
    let mut out = Vec::new();
    for (g, line) in puzzles {
        let mut b = Board::new(&crate::Puzzle::from_line(g, line).unwrap());
        for _ in 0..60 {
            out.push(b.clone());
            let Some(step) = crate::reason::solve::next_step(&b) else {
                break;
            };
            b.apply(&step);
        }
    }
    out
}

/// The group nodes as first made: the places of each symbol in every overlap, sorted by
/// symbol and bits over the whole list, then each once.
fn groups_by_one_sort(b: &Board) -> Vec<(u8, Vec<u32>)> {
    let g = b.geometry();
    let w = g.cell_count().div_ceil(64);
    let mut keys: Vec<(u8, Vec<u64>)> = Vec::new();
    for o in &b.tables().overlaps {
        let mut inter = vec![0u64; w];
        for (i, &c) in g.shape(o.source).cells.iter().enumerate().take(64) {
            if o.inside >> i & 1 == 1 {
                inter[c / 64] |= 1 << (c % 64);
            }
        }
        for v in 0..g.symbol_count() as u8 {
            let bits: Vec<u64> = (0..w)
                .map(|i| {
                    let cells = (i * 64..(i * 64 + 64).min(g.cell_count()))
                        .filter(|&c| b.value(c).is_none() && b.candidates(c).contains(v));
                    inter[i] & cells.fold(0u64, |m, c| m | 1 << (c % 64))
                })
                .collect();
            if bits.iter().map(|m| m.count_ones()).sum::<u32>() >= 2 {
                keys.push((v, bits));
            }
        }
    }
    keys.sort_unstable();
    keys.dedup();
    let cells = |bits: &[u64]| -> Vec<u32> {
        (0..w * 64)
            .filter(|&c| bits[c / 64] >> (c % 64) & 1 == 1)
            .map(|c| c as u32)
            .collect()
    };
    keys.iter().map(|(v, bits)| (*v, cells(bits))).collect()
}

/// The groups made symbol by symbol from the distinct overlaps are those of one sort over
/// every overlap, in the same order (node numbers, and so every search's order, follow
/// it).
#[test]
fn groups_are_those_of_one_sort_over_every_overlap() {
    let mut groups = 0;
    for b in positions() {
        let gr = ChainGraph::new(&b);
        let got: Vec<(u8, Vec<u32>)> = (gr.singles as u32..gr.len() as u32)
            .map(|x| (gr.symbol(x), gr.cells(x).to_vec()))
            .collect();
        assert_eq!(got, groups_by_one_sort(&b));
        groups += got.len();
    }
    assert!(groups > 1000, "{groups}");
}

/// A search that leaves out the states no link leaves reaches every other state of the
/// full search at the same depth, from the same parent, through a group or not alike, in
/// the same order; and the nodes with a strong link are those listing one.
#[test]
fn live_search_is_the_full_search_without_dead_ends() {
    let mut left_out = 0;
    for b in positions() {
        let gr = ChainGraph::new(&b);
        let (mut full, mut live) = (Bfs::new(gr.len()), Bfs::new(gr.len()));
        for x in 0..gr.len() as u32 {
            for cell_links in [false, true] {
                let listed = gr.listed(x, true).any(|e| cell_links || e & 1 == 0);
                assert_eq!(gr.has_strong(x, cell_links), listed);
                for first_strong in [true, false] {
                    full.explore(&gr, x, first_strong, cell_links, false, MAX_TEST_LINKS);
                    live.explore(&gr, x, first_strong, cell_links, true, MAX_TEST_LINKS);
                    let start = full.queue[0];
                    let want: Vec<u32> = (full.queue.iter().copied())
                        .filter(|&st| {
                            st == start || st % 2 == 1 || gr.has_strong(st / 2, cell_links)
                        })
                        .collect();
                    assert_eq!(live.queue, want);
                    for &st in &want {
                        let mark = |s: &Bfs| (s.depth(st), s.parent(st), s.through_group(st));
                        assert_eq!(mark(&live), mark(&full));
                    }
                    left_out += full.queue.len() - want.len();
                }
            }
        }
    }
    assert!(left_out > 10_000, "{left_out}");
}

/// The longest searches the tests run.
const MAX_TEST_LINKS: usize = 12;

/// The closed form of `kills_any` agrees with the eliminations listed, for every pair of
/// nodes, at every point of a logical solve of a hard puzzle (grouped nodes included).
#[test]
fn kills_any_is_killed_by_both_not_empty() {
    let g = crate::builtin::geometry("classic").unwrap();
    let p = crate::Puzzle::from_line(
        g,
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    )
    .unwrap();
    let mut b = Board::new(&p);
    let mut checked = 0;
    for _ in 0..40 {
        let Some(step) = crate::reason::solve::next_step(&b) else {
            break;
        };
        let gr = ChainGraph::new(&b);
        assert!(gr.len() > gr.singles);
        for x in 0..gr.len() as u32 {
            for y in 0..gr.len() as u32 {
                if x != y {
                    let want = !gr.killed_by_both(x, y).is_empty();
                    assert_eq!(gr.kills_any(x, y), want, "{x} {y}");
                    checked += usize::from(want);
                }
            }
        }
        b.apply(&step);
    }
    assert!(checked > 1000, "{checked}");
}

/// [`ChainGraph::for_each_link`] as first written: the full lists read, the entries the
/// flags skip skipped one by one.
fn for_each_link_plain(
    gr: &ChainGraph,
    x: u32,
    strong: bool,
    cell_links: bool,
    live: bool,
    f: &mut impl FnMut(u32),
) {
    let kind = usize::from(cell_links);
    let alive = |y: u32| !live || gr.strong_nodes[kind][y as usize / 64] >> (y % 64) & 1 == 1;
    for e in gr.listed(x, strong) {
        if (cell_links || e & 1 == 0) && (strong || alive(e >> 1)) {
            f(e >> 1);
        }
    }
    if strong || gr.is_group(x) {
        return;
    }
    let (w, n) = (gr.words, gr.symbols);
    let v = gr.sym[x as usize] as usize;
    let seen = &gr.seen[x as usize * w..][..w];
    let cand = &gr.cand_bits[v * w..][..w];
    let live_cells = &gr.strong_cells[kind][v * w..][..w];
    for i in 0..w {
        let mut m = seen[i] & cand[i];
        if live {
            m &= live_cells[i];
        }
        while m != 0 {
            let c = i * 64 + m.trailing_zeros() as usize;
            m &= m - 1;
            f(gr.single_of[c * n + v]);
        }
    }
    if cell_links {
        let c = gr.cells(x)[0] as usize;
        for u in gr.board.candidates(c).without(v as u8).iter() {
            let y = gr.single_of[c * n + u as usize];
            if alive(y) {
                f(y);
            }
        }
    }
}

/// The links read from the filtered lists are those the full lists give once the entries
/// the flags skip are skipped, in the same order, for every node and every way of asking,
/// at every point of the solves of `positions` (Windoku included).
#[test]
fn filtered_lists_give_the_links_of_the_full_ones() {
    let (mut links, mut skipped) = (0, 0);
    for b in positions() {
        let gr = ChainGraph::new(&b);
        let (mut fast, mut plain) = (Vec::new(), Vec::new());
        for x in 0..gr.len() as u32 {
            for strong in [false, true] {
                for cell_links in [false, true] {
                    for live in [false, true] {
                        fast.clear();
                        plain.clear();
                        gr.for_each_link(x, strong, cell_links, live, |y| fast.push(y));
                        for_each_link_plain(&gr, x, strong, cell_links, live, &mut |y| {
                            plain.push(y)
                        });
                        assert_eq!(fast, plain, "{x} {strong} {cell_links} {live}");
                        links += fast.len();
                        let skips = |e: u32| {
                            !(cell_links || e & 1 == 0)
                                || (!strong && live && !gr.has_strong(e >> 1, cell_links))
                        };
                        skipped += gr.listed(x, strong).filter(|&e| skips(e)).count();
                    }
                }
            }
        }
    }
    assert!(links > 100_000 && skipped > 1000, "{links} {skipped}");
}

/// [`Links::house_links`] as first written: every pair of nodes inside a house tested for
/// being disjoint and covering the symbol's places there.
fn house_links_plain(gr: &Links, b: &Board) -> Vec<(u32, u32)> {
    let t = b.tables();
    let w = gr.words;
    let size = |x: u32| (gr.cell_start[x as usize + 1] - gr.cell_start[x as usize]) as usize;
    let mut strong: Vec<(u32, u32)> = Vec::new();
    let n = gr.symbols;
    for (h, cells) in t.house_cells.chunks(n).enumerate() {
        let hb = t.house_bits(h);
        for v in 0..n {
            let places = (0..w)
                .map(|i| (hb[i] & gr.cand_bits[v * w + i]).count_ones())
                .sum::<u32>();
            if places < 2 {
                continue;
            }
            let mut inside: Vec<u32> = (cells.iter())
                .filter_map(|&c| gr.single(c as usize, v as u8))
                .collect();
            inside.extend((gr.singles as u32..gr.len() as u32).filter(|&y| {
                let o = &gr.own[y as usize * w..][..w];
                gr.sym[y as usize] as usize == v && (0..w).all(|k| o[k] & !hb[k] == 0)
            }));
            for (i, &x) in inside.iter().enumerate() {
                for &y in &inside[i + 1..] {
                    if size(x) + size(y) == places as usize && gr.disjoint(x, y) {
                        strong.push((x << 1, y << 1));
                        strong.push((y << 1, x << 1));
                    }
                }
            }
        }
    }
    strong
}

/// The house links found by each node's complement are those of the test of every pair, in
/// the same order, along the solves of `positions` (Windoku included) and along thinned
/// solves of hard puzzles.
#[test]
fn house_links_are_those_of_every_pair() {
    let mut links = 0;
    let mut check = |b: &Board| {
        let gr = ChainGraph::new(b);
        let got = gr.house_links(b);
        assert_eq!(got, house_links_plain(&gr, b));
        links += got.len();
    };
    for b in positions() {
        check(&b);
    }
    crate::reason::test_util::along_thinned_solves(
        &crate::reason::test_util::HARD_PAIR,
        0x9e37_79b9_7f4a_7c15,
        3,
        |round| 4 + 4 * round,
        |b, _| check(b),
    );
    assert!(links > 50_000, "{links}");
}
