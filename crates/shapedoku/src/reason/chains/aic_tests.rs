//! Tests of the chain searches: constructed positions with exact eliminations, and the
//! memoised searches against fresh boards along solves and on boards thinned at random.

use super::*;
use crate::reason::catalogue::Technique;
use crate::reason::step::SimpleChainKind;
use crate::reason::test_util::*;

fn classic() -> (std::sync::Arc<crate::Geometry>, Board) {
    let g = crate::builtin::geometry("classic").unwrap();
    let b = empty_board(&g);
    (g, b)
}

fn nodes(s: &Step) -> &[Candidate] {
    match &s.deduction {
        Deduction::SimpleChain { nodes, .. }
        | Deduction::XChain { nodes }
        | Deduction::XyChain { nodes }
        | Deduction::Aic { nodes } => nodes,
        d => panic!("not a chain: {d:?}"),
    }
}

fn ends(s: &Step) -> Vec<(usize, u8)> {
    let nodes = nodes(s);
    let mut e: Vec<(usize, u8)> = [nodes[0], nodes[nodes.len() - 1]]
        .iter()
        .map(|n| (n.cell_index(), n.symbol_index()))
        .collect();
    e.sort_unstable();
    e
}

/// With room for one step, a chain search stops early (each start at its first chain,
/// later starts only for shorter ones) and still gives the first step a search with room
/// for many gives, at every point of a logical solve.
#[test]
fn room_for_one_gives_the_first_of_many() {
    let found = room_for_one_gives_the_first(
        "...........6.754..8....69..5.....19....8.27...9......24.7.3......1..8.3..2..57...",
        &[find_simple, find_x, find_xy, find_aic],
    );
    assert!(found > 20, "{found}");
}

/// The one-symbol memo changes nothing: along a logical solve, the simple chains and
/// X-chains found on a board that kept its memo from the earlier steps are those found on
/// a fresh board of the same state, with room for one step and for many, and the memo
/// does skip symbols.
#[test]
fn memo_changes_nothing() {
    let g = crate::builtin::geometry("classic").unwrap();
    let p = crate::Puzzle::from_line(
        g.clone(),
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    )
    .unwrap();
    let mut b = Board::new(&p);
    let (mut found, mut skipped) = (0, 0);
    while let Some(step) = crate::reason::solve::next_step(&b) {
        for limit in [1, 1000] {
            for find in [find_simple, find_x] {
                let fresh = b.clone();
                let (mut warm, mut cold) = (Finder::new(limit), Finder::new(limit));
                find(&b, &mut warm);
                find(&fresh, &mut cold);
                assert_eq!(format!("{:?}", warm.steps), format!("{:?}", cold.steps));
                found += warm.steps.len();
            }
        }
        let gr = Graph::new(&b);
        let mut memo = b.memo::<crate::reason::memo::Memo<Memo>>().lock();
        for s in 0..g.symbol_count() {
            skipped += usize::from(memo.nothing(&gr, 1, s, MAX_X));
        }
        drop(memo);
        b.apply(&step);
    }
    assert!(
        b.is_solved() && found > 10 && skipped > 50,
        "{found} {skipped}"
    );
}

/// Linking only the searched symbols changes nothing: along logical solves of hard
/// puzzles and on copies thinned at random, X-chains, XY-chains and AICs found on the
/// running board (memo warm) are those found on a fresh copy and those found with every
/// symbol's house links and every dead end searched, with room for one step and for many;
/// and the XY-chain memo (checked by the fresh copies, whose memo is empty) does skip
/// searches.
#[test]
fn linking_searched_symbols_changes_nothing() {
    let g = crate::builtin::geometry("classic").unwrap();
    let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
    let (found, skipped) = (&mut 0, &mut 0);
    let check = |board: &Board, found: &mut usize, skipped: &mut usize| {
        let fresh = board.clone();
        let gr = Graph::new(board);
        *skipped += usize::from(
            board
                .memo::<crate::reason::memo::Memo<Memo>>()
                .lock()
                .xy_nothing(&gr, MAX_XY),
        );
        drop(gr);
        let searches: [(MakeFn, Vec<Mode>, (usize, usize)); 3] = [
            (
                |_, nodes| Deduction::XChain { nodes },
                x_modes(board),
                (5, MAX_X),
            ),
            (
                |_, nodes| Deduction::XyChain { nodes },
                vec![Mode::Xy],
                (5, MAX_XY),
            ),
            (
                |_, nodes| Deduction::Aic { nodes },
                vec![Mode::Aic],
                (3, MAX_AIC),
            ),
        ];
        for limit in [1, 1000] {
            for (make, modes, bounds) in &searches {
                let mut warm = Finder::new(limit);
                run(board, &mut warm, *make, modes, *bounds);
                let mut cold = Finder::new(limit);
                run(&fresh, &mut cold, *make, modes, *bounds);
                let mut all = Finder::new(limit);
                run_linking(&board.clone(), &mut all, *make, modes, *bounds, true);
                let w = format!("{:?}", warm.steps);
                assert_eq!(w, format!("{:?}", cold.steps));
                assert_eq!(w, format!("{:?}", all.steps));
                *found += warm.steps.len();
            }
        }
    };
    for line in HARD_PAIR {
        let p = crate::Puzzle::from_line(g.clone(), line).unwrap();
        let mut b = Board::new(&p);
        let mut thin = b.clone();
        while let Some(step) = crate::reason::solve::next_step(&b) {
            check(&b, found, skipped);
            for _ in 0..2 {
                check(&thin, found, skipped);
                for _ in 0..6 {
                    let c = rng.below(81);
                    if thin.candidates(c).len() > 2 {
                        thin.eliminate(c, rng.below(9) as u8);
                    }
                }
            }
            b.apply(&step);
        }
    }
    assert!(*found > 100 && *skipped > 20, "{found} {skipped}");
}

#[test]
fn skyscraper() {
    // 1 in column 1 only at r1c1 r7c1, in column 4 only at r2c4 r7c4 (base row 7): r1c1 or
    // r2c4 is 1, so cells seeing both lose it.
    let (g, mut b) = classic();
    confine(&mut b, "column 1", 1, &[(1, 1), (7, 1)]);
    confine(&mut b, "column 4", 1, &[(2, 4), (7, 4)]);
    let mut f = Finder::new(20);
    find_simple(&b, &mut f);
    assert_eq!(f.steps.len(), 1, "{:?}", f.steps);
    let s = &f.steps[0];
    assert_eq!(s.technique(), Technique::Skyscraper);
    assert_eq!(s.eliminations, elims(&g, "r1c5<>1 r1c6<>1 r2c2<>1 r2c3<>1"));
    assert_eq!(ends(s), vec![(cell(&g, 1, 1), 0), (cell(&g, 2, 4), 0)]);
    assert_eq!(nodes(s).len(), 4);
}

#[test]
fn two_string_kite() {
    // Row 1 holds 1 only at r1c2 r1c6, column 1 only at r3c1 r8c1; r1c2 and r3c1 share box 1,
    // so r1c6 or r8c1 is 1 and r8c6 loses it.
    let (g, mut b) = classic();
    confine(&mut b, "row 1", 1, &[(1, 2), (1, 6)]);
    confine(&mut b, "column 1", 1, &[(3, 1), (8, 1)]);
    let mut f = Finder::new(20);
    find_simple(&b, &mut f);
    assert_eq!(f.steps.len(), 1, "{:?}", f.steps);
    assert_eq!(f.steps[0].eliminations, elims(&g, "r8c6<>1"));
    assert_eq!(f.steps[0].technique(), Technique::TwoStringKite);
    assert_eq!(
        ends(&f.steps[0]),
        vec![(cell(&g, 1, 6), 0), (cell(&g, 8, 1), 0)]
    );
}

#[test]
fn turbot_fish() {
    // Box 1 holds 1 only at r1c2 r3c1; column 5 only at r3c5 r8c5 (r3c1 - r3c5 in row 3): r1c2
    // or r8c5 is 1, so r8c2 (column 2, row 8) loses it.
    let (g, mut b) = classic();
    confine(&mut b, "box 1", 1, &[(1, 2), (3, 1)]);
    confine(&mut b, "column 5", 1, &[(3, 5), (8, 5)]);
    let mut f = Finder::new(20);
    find_simple(&b, &mut f);
    let want = elims(&g, "r8c2<>1");
    let s = f
        .steps
        .iter()
        .find(|s| s.eliminations == want)
        .expect("turbot fish");
    assert_eq!(s.technique(), Technique::TurbotFish);
    assert_eq!(
        SimpleChainKind::of(&g, nodes(s)),
        SimpleChainKind::TurbotFish
    );
}

#[test]
fn x_chain_three_strong_links() {
    // Columns 1, 5, 8 hold 1 in two places each: r1c1=r5c1 - r5c5=r9c5 - r9c8=r2c8. No
    // three-link chain concludes anything; the five-link chain clears r1c7 r1c9 r2c2 r2c3.
    let (g, mut b) = classic();
    confine(&mut b, "column 1", 1, &[(1, 1), (5, 1)]);
    confine(&mut b, "column 5", 1, &[(5, 5), (9, 5)]);
    confine(&mut b, "column 8", 1, &[(9, 8), (2, 8)]);
    let mut f = Finder::new(20);
    find_simple(&b, &mut f);
    assert!(f.steps.is_empty(), "{:?}", f.steps);
    find_x(&b, &mut f);
    assert_eq!(f.steps.len(), 1, "{:?}", f.steps);
    assert_eq!(f.steps[0].technique(), Technique::XChain);
    assert_eq!(
        f.steps[0].eliminations,
        elims(&g, "r1c7<>1 r1c9<>1 r2c2<>1 r2c3<>1")
    );
    assert_eq!(nodes(&f.steps[0]).len(), 6);
}

#[test]
fn xy_chain_four_cells() {
    // r1c1 {1,2} - r1c5 {2,3} - r5c5 {3,4} - r5c9 {4,1}: r1c1 or r5c9 is 1, so 1 goes from
    // r1c9 and r5c1.
    let (g, mut b) = classic();
    b.set_candidates(cell(&g, 1, 1), set(&[1, 2]));
    b.set_candidates(cell(&g, 1, 5), set(&[2, 3]));
    b.set_candidates(cell(&g, 5, 5), set(&[3, 4]));
    b.set_candidates(cell(&g, 5, 9), set(&[1, 4]));
    let mut f = Finder::new(20);
    find_xy(&b, &mut f);
    let want = elims(&g, "r1c9<>1 r5c1<>1");
    let s = f
        .steps
        .iter()
        .find(|s| s.eliminations == want)
        .expect("xy-chain");
    assert_eq!(ends(s), vec![(cell(&g, 1, 1), 0), (cell(&g, 5, 9), 0)]);
    assert_eq!(nodes(s).len(), 8);
    assert_eq!(s.technique(), Technique::XyChain);
    // Every chain found here has four cells and ends on one symbol.
    for s in &f.steps {
        let e = ends(s);
        assert_eq!(e[0].1, e[1].1);
    }
}

#[test]
fn aic_ends_in_one_cell() {
    // 1 and 2 each have only r1c1 and r1c9 in row 1: (r1c1,1)=(r1c9,1)-(r1c9,2)=(r1c1,2), so
    // r1c1 is 1 or 2 and loses everything else (and symmetrically r1c9).
    let (g, mut b) = classic();
    confine(&mut b, "row 1", 1, &[(1, 1), (1, 9)]);
    confine(&mut b, "row 1", 2, &[(1, 1), (1, 9)]);
    let mut f = Finder::new(20);
    find_aic(&b, &mut f);
    assert_eq!(f.steps.len(), 2, "{:?}", f.steps);
    let a: Vec<Candidate> = (3..=9).map(|d| cand(&g, 1, 1, d)).collect();
    let z: Vec<Candidate> = (3..=9).map(|d| cand(&g, 1, 9, d)).collect();
    assert!(f.steps.iter().any(|s| s.eliminations == a));
    assert!(f.steps.iter().any(|s| s.eliminations == z));
    assert!(f.steps.iter().all(|s| s.technique() == Technique::Aic));
}

#[test]
fn aic_different_symbols_in_peers() {
    // Ends (r4c7,2) and (r4c1,1) are peers with different symbols: each loses the other's.
    let (g, b) = classic();
    let gr = Graph::new(&b);
    let a = gr.node(cell(&g, 4, 7), 1);
    let z = gr.node(cell(&g, 4, 1), 0);
    assert_eq!(
        gr.conclusions(a, z, Mode::Aic),
        vec![(cell(&g, 4, 1), sym(2)), (cell(&g, 4, 7), sym(1))]
    );
    // X and XY chains only conclude from equal symbols.
    assert!(gr.conclusions(a, z, Mode::Xy).is_empty());
}

/// A chain found, as the oracle gives it: length, nodes, eliminations.
type Chain = (usize, Vec<(usize, u8)>, Vec<(usize, u8)>);

/// The breadth-first search as it was before [`Graph::bfs`] followed the links of a state as
/// they are met: the house links from a sorted, deduplicated table of every house's pair, the
/// live candidates by testing each node's links, and each state's links listed before they
/// are walked. The test oracle of the graph's tables and of its search.
struct Oracle {
    /// Per node, where its links start in `to` (one more entry than nodes).
    start: Vec<u32>,
    to: Vec<u32>,
    live: Vec<u64>,
}

impl Oracle {
    fn new(gr: &Graph, mode: Mode) -> Oracle {
        let (b, g) = (gr.board, gr.board.geometry());
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        for &h in g.houses() {
            for v in 0..g.symbol_count() as u8 {
                let cells = &g.shape(h).cells;
                if cells.iter().any(|&c| b.value(c) == Some(v)) {
                    continue;
                }
                let at: Vec<usize> = cells
                    .iter()
                    .copied()
                    .filter(|&c| b.value(c).is_none() && b.candidates(c).contains(v))
                    .collect();
                if let [x, y] = at[..] {
                    pairs.push((gr.node(x, v), gr.node(y, v)));
                    pairs.push((gr.node(y, v), gr.node(x, v)));
                }
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        let mut start = vec![0u32; gr.strong_len.len() + 1];
        for &(a, _) in &pairs {
            start[a as usize + 1] += 1;
        }
        for i in 0..gr.strong_len.len() {
            start[i + 1] += start[i];
        }
        let to = pairs.iter().map(|&(_, b)| b).collect();
        let mut o = Oracle {
            start,
            to,
            live: vec![0; gr.cand_bits.len()],
        };
        let w = gr.words;
        for c in 0..g.cell_count() {
            for v in 0..g.symbol_count() as u8 {
                let cand = b.value(c).is_none() && b.candidates(c).contains(v);
                let pair = !matches!(mode, Mode::X(_)) && gr.bivalue(c);
                let house = mode != Mode::Xy && o.has_house_link(gr.node(c, v));
                if cand && (pair || house) {
                    o.live[v as usize * w + c / 64] |= 1 << (c % 64);
                }
            }
        }
        o
    }

    fn has_house_link(&self, node: u32) -> bool {
        self.start[node as usize] < self.start[node as usize + 1]
    }

    /// Calls `f` for every strong-link partner of `node`.
    fn strong(&self, gr: &Graph, node: u32, mode: Mode, mut f: impl FnMut(u32)) {
        let (c, v) = gr.cell_sym(node);
        if matches!(mode, Mode::X(_) | Mode::Aic) {
            let (a, b) = (self.start[node as usize], self.start[node as usize + 1]);
            for &m in &self.to[a as usize..b as usize] {
                f(m);
            }
        }
        if matches!(mode, Mode::Xy | Mode::Aic) && gr.bivalue(c) {
            let w = gr.board.candidates(c).without(v).first().unwrap_or(v);
            f(gr.node(c, w));
        }
    }

    /// Calls `f` for every weak-link partner of `node`.
    fn weak(&self, gr: &Graph, node: u32, mode: Mode, mut f: impl FnMut(u32)) {
        let (c, v) = gr.cell_sym(node);
        let w = gr.words;
        // The geometry's peer lists are sorted.
        for &p in gr.board.geometry().peers(c) {
            let p = p as usize;
            if self.live[v as usize * w + p / 64] >> (p % 64) & 1 == 1 {
                f(gr.node(p, v));
            }
        }
        if mode == Mode::Aic {
            for u in gr.board.candidates(c).without(v).iter() {
                if self.live[u as usize * w + c / 64] >> (c % 64) & 1 == 1 {
                    f(gr.node(c, u));
                }
            }
        }
    }

    /// The chains [`Graph::bfs`] finds from `start`: (length, nodes, eliminations).
    fn bfs(
        &self,
        gr: &Graph,
        start: u32,
        mode: Mode,
        (min, max): (usize, usize),
        first: bool,
    ) -> Vec<Chain> {
        let states = gr.strong_len.len() * 2;
        let (mut seen, mut parent, mut depth) = (
            vec![false; states],
            vec![0u32; states],
            vec![0usize; states],
        );
        let s0 = start * 2;
        seen[s0 as usize] = true;
        let mut queue = std::collections::VecDeque::from([s0]);
        let mut out = Vec::new();
        let mut next = Vec::new();
        while let Some(st) = queue.pop_front() {
            if first && !out.is_empty() {
                break;
            }
            let d = depth[st as usize];
            if d >= max {
                continue;
            }
            let want_strong = st % 2 == 0;
            next.clear();
            if want_strong {
                self.strong(gr, st / 2, mode, |m| next.push(m));
            } else {
                self.weak(gr, st / 2, mode, |m| next.push(m));
            }
            let len = d + 1;
            for &m in &next {
                let ns = m * 2 + u32::from(want_strong);
                if std::mem::replace(&mut seen[ns as usize], true) {
                    continue;
                }
                depth[ns as usize] = len;
                parent[ns as usize] = st;
                queue.push_back(ns);
                if len >= min && (len - min) % 2 == 0 && m != start {
                    let elim = gr.conclusions(start, m, mode);
                    if elim.is_empty() {
                        continue;
                    }
                    if let Some(nodes) = gr.path(&parent, ns, s0) {
                        out.push((len, nodes, elim));
                        if first {
                            break;
                        }
                    }
                }
            }
        }
        out
    }
}

/// The graph's tables (house links, live candidates) and its breadth-first search agree with
/// [`Oracle`] from every start, in every mode, with and without stopping at the first chain,
/// along logical solves of hard puzzles and on boards thinned at random.
#[test]
fn bfs_matches_the_oracle() {
    let mut found = 0;
    along_thinned_solves(
        &HARD_PAIR,
        0x9e37_79b9_7f4a_7c15,
        3,
        |r| 4 + 6 * r,
        |b, _| {
            let mut gr = Graph::new(b);
            let g = b.geometry();
            let modes = [Mode::Aic, Mode::Xy, Mode::X(0), Mode::X(4), Mode::X(8)];
            for mode in modes {
                gr.set_live(mode, false);
                let o = Oracle::new(&gr, mode);
                assert_eq!(gr.live_bits, o.live, "{mode:?}");
                let bounds = match mode {
                    Mode::Aic => (3, MAX_AIC),
                    Mode::Xy => (5, MAX_XY),
                    Mode::X(_) => (3, MAX_X),
                };
                for c in (0..g.cell_count()).filter(|&c| b.value(c).is_none()) {
                    for v in b.candidates(c).iter() {
                        let start = gr.node(c, v);
                        assert_eq!(gr.has_house_link(start), o.has_house_link(start));
                        for first in [false, true] {
                            let mut got = Vec::new();
                            gr.bfs(start, mode, bounds, first, &mut got);
                            let got: Vec<_> = got
                                .into_iter()
                                .map(|(len, fd)| (len, fd.nodes, fd.elim))
                                .collect();
                            assert_eq!(got, o.bfs(&gr, start, mode, bounds, first));
                            found += got.len();
                        }
                    }
                }
            }
        },
    );
    assert!(found > 1000, "{found}");
}
