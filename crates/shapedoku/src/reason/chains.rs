//! Chains: simple chains (skyscraper, 2-string kite, turbot fish), X-chains, XY-chains and
//! alternating inference chains (AIC), over links defined by shapes and peers.
//!
//! A node is a candidate (cell, symbol). A *strong* link means "at least one is true": a symbol
//! with exactly two places left in a house, or the two candidates of a bivalue cell. A *weak* link
//! means "not both": two peers with the same candidate, or two candidates of one cell. A chain
//! that starts and ends with a strong link and alternates proves that one of its ends is true, so:
//! - ends with the same symbol: it goes from every cell that sees both ends;
//! - (AIC) ends with different symbols in peer cells: each end's symbol goes from the other cell;
//! - (AIC) ends in the same cell: every other candidate of that cell goes.
//!
//! Chains are searched breadth first from every start, so the shortest chains come first, and
//! are bounded in length so the search stays cheap.

use super::{Board, Detail, Finder, Step, Technique};

/// Which links a chain family may use.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// One symbol: house strong links, peer weak links.
    X(u8),
    /// Bivalue cells: in-cell strong links, same-symbol peer weak links between bivalue cells.
    Xy,
    /// Everything.
    Aic,
}

/// Longest chains searched, in links.
const MAX_X: usize = 9;
const MAX_XY: usize = 13;
const MAX_AIC: usize = 11;

struct Graph<'a> {
    board: &'a Board,
    n: usize,
    strong_start: Vec<u32>,
    strong_to: Vec<u32>,
    // BFS buffers, reused across starts.
    stamp: Vec<u32>,
    epoch: u32,
    parent: Vec<u32>,
    depth: Vec<u8>,
    queue: Vec<u32>,
}

/// A chain found, before it becomes a step.
struct Found {
    len: usize,
    nodes: Vec<(usize, u8)>,
    elim: Vec<(usize, u8)>,
}

impl<'a> Graph<'a> {
    fn new(board: &'a Board) -> Self {
        let g = board.geometry();
        let n = g.symbol_count();
        let nodes = g.cell_count() * n;
        // House strong links (conjugate pairs), as a sorted, deduplicated adjacency table.
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        for &h in g.houses() {
            for v in g.symbols().all().iter() {
                let mut two = [usize::MAX; 2];
                let mut k = 0;
                for &c in &g.shape(h).cells {
                    if board.value(c) == Some(v) {
                        k = 3;
                        break;
                    }
                    if board.value(c).is_none() && board.candidates(c).contains(v) {
                        if k < 2 {
                            two[k] = c;
                        }
                        k += 1;
                    }
                }
                if k == 2 {
                    let (a, b) = (
                        (two[0] * n) as u32 + v as u32,
                        (two[1] * n) as u32 + v as u32,
                    );
                    pairs.push((a, b));
                    pairs.push((b, a));
                }
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        let mut strong_start = vec![0u32; nodes + 1];
        for &(a, _) in &pairs {
            strong_start[a as usize + 1] += 1;
        }
        for i in 0..nodes {
            strong_start[i + 1] += strong_start[i];
        }
        let strong_to = pairs.iter().map(|&(_, b)| b).collect();
        Graph {
            board,
            n,
            strong_start,
            strong_to,
            stamp: vec![0; nodes * 2],
            epoch: 0,
            parent: vec![0; nodes * 2],
            depth: vec![0; nodes * 2],
            queue: Vec::with_capacity(nodes * 2),
        }
    }

    fn cell_sym(&self, node: u32) -> (usize, u8) {
        (node as usize / self.n, (node as usize % self.n) as u8)
    }

    fn bivalue(&self, cell: usize) -> bool {
        self.board.value(cell).is_none() && self.board.candidates(cell).len() == 2
    }

    fn has_house_link(&self, node: u32) -> bool {
        self.strong_start[node as usize] < self.strong_start[node as usize + 1]
    }

    /// Calls `f` for every strong-link partner of `node`.
    fn strong(&self, node: u32, mode: Mode, mut f: impl FnMut(u32)) {
        let (c, v) = self.cell_sym(node);
        if matches!(mode, Mode::X(_) | Mode::Aic) {
            for &m in &self.strong_to[self.strong_start[node as usize] as usize
                ..self.strong_start[node as usize + 1] as usize]
            {
                f(m);
            }
        }
        if matches!(mode, Mode::Xy | Mode::Aic) && self.bivalue(c) {
            let w = self.board.candidates(c).without(v).first().unwrap_or(v);
            f((c * self.n) as u32 + w as u32);
        }
    }

    /// Calls `f` for every weak-link partner of `node`.
    fn weak(&self, node: u32, mode: Mode, mut f: impl FnMut(u32)) {
        let (c, v) = self.cell_sym(node);
        let b = self.board;
        for &p in b.geometry().peers(c) {
            let p = p as usize;
            if b.value(p).is_none()
                && b.candidates(p).contains(v)
                && (mode != Mode::Xy || self.bivalue(p))
            {
                f((p * self.n) as u32 + v as u32);
            }
        }
        if mode == Mode::Aic {
            for w in b.candidates(c).without(v).iter() {
                f((c * self.n) as u32 + w as u32);
            }
        }
    }

    /// Eliminations proved by "start or end is true".
    fn conclusions(&self, start: u32, end: u32, mode: Mode) -> Vec<(usize, u8)> {
        let (ca, sa) = self.cell_sym(start);
        let (cb, sb) = self.cell_sym(end);
        let b = self.board;
        let g = b.geometry();
        let mut out = Vec::new();
        if sa == sb && ca != cb {
            for &p in g.peers(ca) {
                let p = p as usize;
                if p != cb
                    && b.value(p).is_none()
                    && b.candidates(p).contains(sa)
                    && g.are_peers(p, cb)
                {
                    out.push((p, sa));
                }
            }
        } else if mode == Mode::Aic && sa != sb {
            if ca == cb {
                for w in b.candidates(ca).without(sa).without(sb).iter() {
                    out.push((ca, w));
                }
            } else if g.are_peers(ca, cb) {
                if b.candidates(ca).contains(sb) {
                    out.push((ca, sb));
                }
                if b.candidates(cb).contains(sa) {
                    out.push((cb, sa));
                }
                out.sort_unstable();
            }
        }
        out
    }

    /// Breadth-first search from `start` (first link strong) for chains of `min..=bound` links
    /// that prove something; appends them to `found` and returns the shortest length seen.
    fn bfs(
        &mut self,
        start: u32,
        mode: Mode,
        min: usize,
        bound: usize,
        found: &mut Vec<Found>,
    ) -> Option<usize> {
        self.epoch += 1;
        let epoch = self.epoch;
        let s0 = start * 2;
        self.stamp[s0 as usize] = epoch;
        self.depth[s0 as usize] = 0;
        self.queue.clear();
        self.queue.push(s0);
        let mut head = 0;
        let mut best = None;
        let mut next = Vec::new();
        while head < self.queue.len() {
            let st = self.queue[head];
            head += 1;
            let d = self.depth[st as usize] as usize;
            if d >= bound {
                continue;
            }
            let node = st / 2;
            let want_strong = st % 2 == 0;
            next.clear();
            if want_strong {
                self.strong(node, mode, |m| next.push(m));
            } else {
                self.weak(node, mode, |m| next.push(m));
            }
            for &m in &next {
                let ns = m * 2 + u32::from(want_strong);
                if self.stamp[ns as usize] == epoch {
                    continue;
                }
                self.stamp[ns as usize] = epoch;
                self.depth[ns as usize] = (d + 1) as u8;
                self.parent[ns as usize] = st;
                self.queue.push(ns);
                if want_strong && d + 1 >= min && m != start {
                    let elim = self.conclusions(start, m, mode);
                    if elim.is_empty() {
                        continue;
                    }
                    if let Some(nodes) = self.path(ns, s0) {
                        found.push(Found {
                            len: d + 1,
                            nodes,
                            elim,
                        });
                        best = Some(best.map_or(d + 1, |b: usize| b.min(d + 1)));
                    }
                }
            }
        }
        best
    }

    /// The chain's nodes from start to `end`, or `None` if it passes a candidate twice (a lasso
    /// is still sound, but does not read as a chain).
    fn path(&self, end: u32, s0: u32) -> Option<Vec<(usize, u8)>> {
        let mut states = vec![end];
        let mut st = end;
        while st != s0 {
            st = self.parent[st as usize];
            states.push(st);
        }
        states.reverse();
        let mut nodes: Vec<u32> = states.iter().map(|s| s / 2).collect();
        let k = nodes.len();
        nodes.sort_unstable();
        nodes.dedup();
        if nodes.len() != k {
            return None;
        }
        Some(states.iter().map(|s| self.cell_sym(s / 2)).collect())
    }
}

/// Runs the searches of one family and pushes the shortest chains' steps.
fn run(
    board: &Board,
    f: &mut Finder,
    technique: Technique,
    modes: &[Mode],
    min: usize,
    max: usize,
) {
    let mut gr = Graph::new(board);
    let mut found = Vec::new();
    let mut bound = max;
    for &mode in modes {
        let nodes = gr.strong_start.len() - 1;
        for start in 0..nodes as u32 {
            let (c, v) = gr.cell_sym(start);
            if board.value(c).is_some() || !board.candidates(c).contains(v) {
                continue;
            }
            let ok = match mode {
                Mode::X(s) => v == s && gr.has_house_link(start),
                Mode::Xy => gr.bivalue(c),
                Mode::Aic => gr.has_house_link(start) || gr.bivalue(c),
            };
            if !ok {
                continue;
            }
            if let Some(l) = gr.bfs(start, mode, min, bound, &mut found) {
                bound = bound.min(l);
            }
        }
    }
    // Only the shortest chains, each conclusion once (a chain and its reverse prove the same).
    let mut seen: Vec<&Vec<(usize, u8)>> = Vec::new();
    for fd in found.iter().filter(|fd| fd.len == bound) {
        if seen.contains(&&fd.elim) {
            continue;
        }
        seen.push(&fd.elim);
        let strong = (0..fd.len).map(|i| i % 2 == 0).collect();
        let step = Step {
            technique,
            placements: Vec::new(),
            eliminations: fd.elim.clone(),
            detail: Detail::Chain {
                nodes: fd.nodes.clone(),
                strong,
            },
        };
        if !f.push(step) {
            return;
        }
    }
}

fn x_modes(board: &Board) -> Vec<Mode> {
    board
        .geometry()
        .symbols()
        .all()
        .iter()
        .map(Mode::X)
        .collect()
}

/// Simple chains: three links on one symbol (skyscraper, 2-string kite, turbot fish).
pub(crate) fn find_simple(board: &Board, f: &mut Finder) {
    run(board, f, Technique::SimpleChain, &x_modes(board), 3, 3);
}

/// X-chains of five or more links (three-link ones are simple chains).
pub(crate) fn find_x(board: &Board, f: &mut Finder) {
    run(board, f, Technique::XChain, &x_modes(board), 5, MAX_X);
}

/// XY-chains through bivalue cells (at least three cells).
pub(crate) fn find_xy(board: &Board, f: &mut Finder) {
    run(board, f, Technique::XyChain, &[Mode::Xy], 5, MAX_XY);
}

/// Alternating inference chains mixing house and cell links.
pub(crate) fn find_aic(board: &Board, f: &mut Finder) {
    run(board, f, Technique::Aic, &[Mode::Aic], 3, MAX_AIC);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::test_util::*;

    /// A classic board with digit `d` removed from every cell of `shape` except `keep`.
    fn confine(b: &mut Board, shape: &str, d: u8, keep: &[(u32, u32)]) {
        let g = b.geometry().clone();
        for &c in &g.shape(shape_named(&g, shape)).cells {
            let p = g.pos(c);
            if !keep.contains(&(p.row, p.col)) {
                b.eliminate(c, sym(d));
            }
        }
    }

    fn classic() -> (std::sync::Arc<crate::Geometry>, Board) {
        let g = crate::builtin::geometry("classic").unwrap();
        let b = empty_board(&g);
        (g, b)
    }

    fn ends(s: &Step) -> Vec<(usize, u8)> {
        let Detail::Chain { nodes, .. } = &s.detail else {
            panic!("not a chain")
        };
        let mut e = vec![nodes[0], nodes[nodes.len() - 1]];
        e.sort_unstable();
        e
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
        assert_eq!(s.technique, Technique::SimpleChain);
        assert_eq!(s.eliminations, elims(&g, "r1c5<>1 r1c6<>1 r2c2<>1 r2c3<>1"));
        assert_eq!(ends(s), vec![(cell(&g, 1, 1), 0), (cell(&g, 2, 4), 0)]);
        let Detail::Chain { strong, .. } = &s.detail else {
            panic!()
        };
        assert_eq!(strong, &vec![true, false, true]);
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
        assert_eq!(
            ends(&f.steps[0]),
            vec![(cell(&g, 1, 6), 0), (cell(&g, 8, 1), 0)]
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
        assert_eq!(f.steps[0].technique, Technique::XChain);
        assert_eq!(
            f.steps[0].eliminations,
            elims(&g, "r1c7<>1 r1c9<>1 r2c2<>1 r2c3<>1")
        );
        let Detail::Chain { nodes, strong } = &f.steps[0].detail else {
            panic!()
        };
        assert_eq!(nodes.len(), 6);
        assert_eq!(strong, &vec![true, false, true, false, true]);
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
        let Detail::Chain { nodes, strong } = &s.detail else {
            panic!()
        };
        assert_eq!(nodes.len(), 8);
        assert_eq!(strong.len(), 7);
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
        let a: Vec<(usize, u8)> = (3..=9).map(|d| (cell(&g, 1, 1), sym(d))).collect();
        let z: Vec<(usize, u8)> = (3..=9).map(|d| (cell(&g, 1, 9), sym(d))).collect();
        assert!(f.steps.iter().any(|s| s.eliminations == a));
        assert!(f.steps.iter().any(|s| s.eliminations == z));
        assert!(f.steps.iter().all(|s| s.technique == Technique::Aic));
    }

    #[test]
    fn aic_different_symbols_in_peers() {
        // Ends (r4c7,2) and (r4c1,1) are peers with different symbols: each loses the other's.
        let (g, b) = classic();
        let gr = Graph::new(&b);
        let a = cell(&g, 4, 7) as u32 * 9 + 1;
        let z = cell(&g, 4, 1) as u32 * 9;
        assert_eq!(
            gr.conclusions(a, z, Mode::Aic),
            vec![(cell(&g, 4, 1), sym(2)), (cell(&g, 4, 7), sym(1))]
        );
        // X and XY chains only conclude from equal symbols.
        assert!(gr.conclusions(a, z, Mode::Xy).is_empty());
    }
}
