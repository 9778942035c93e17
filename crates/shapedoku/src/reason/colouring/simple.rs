//! Two-colouring of candidates linked in alternation, by peers and houses so it works on any
//! geometry:
//!
//! - remote pairs: bivalue cells with the same pair {x,y}, each seeing the next, alternate
//!   between x and y; a cell seeing two of them an odd number of links apart (three or more)
//!   sees an x and a y, and loses both;
//! - simple colours on one symbol: the strong links (houses with two places) join places into
//!   chains whose places alternate true and false. A cell seeing both colours loses the symbol
//!   (trap); two places of one colour in one house make that colour false (wrap).

use crate::reason::board::Board;
use crate::reason::finder::Finder;
use crate::reason::step::{Candidate, Deduction, Step};
use crate::{CellId, Symbol, SymbolSet};

/// Splits a graph (`adj` over `nodes.len()` nodes) into connected parts, each with every node's
/// colour (0 or 1) and distance from the part's first node in breadth-first order; `None` for a
/// part that cannot be two-coloured (an odd cycle, only on a broken board).
pub(super) fn colour_parts(adj: &[Vec<usize>]) -> Vec<Option<Vec<(usize, u8)>>> {
    colour_parts_with(adj.len(), |u| &adj[u], 0)
}

/// [`colour_parts`] over `n` nodes whose neighbours `nbrs` gives, in order, leaving out the
/// parts of fewer than `min` nodes.
pub(super) fn colour_parts_with<'a>(
    n: usize,
    nbrs: impl Fn(usize) -> &'a [usize],
    min: usize,
) -> Vec<Option<Vec<(usize, u8)>>> {
    let mut colour = vec![u8::MAX; n];
    let mut parts = Vec::new();
    let mut part = Vec::new();
    for start in 0..n {
        if colour[start] != u8::MAX {
            continue;
        }
        colour[start] = 0;
        part.clear();
        part.push(start);
        let mut ok = true;
        let mut i = 0;
        while i < part.len() {
            let u = part[i];
            for &v in nbrs(u) {
                if colour[v] == u8::MAX {
                    colour[v] = 1 - colour[u];
                    part.push(v);
                } else if colour[v] == colour[u] {
                    ok = false;
                }
            }
            i += 1;
        }
        if part.len() >= min {
            parts.push(ok.then(|| part.iter().map(|&u| (u, colour[u])).collect()));
        }
    }
    parts
}

/// Distances between every two nodes of a part, by breadth-first search over `adj`.
fn distances(adj: &[Vec<usize>], part: &[(usize, u8)]) -> Vec<Vec<usize>> {
    let index = |u: usize| part.iter().position(|&(v, _)| v == u);
    let mut out = vec![vec![usize::MAX; part.len()]; part.len()];
    for (i, &(s, _)) in part.iter().enumerate() {
        out[i][i] = 0;
        let mut queue = vec![s];
        let mut k = 0;
        while k < queue.len() {
            let u = queue[k];
            let du = out[i][index(u).unwrap_or(0)];
            for &v in &adj[u] {
                if let Some(j) = index(v) {
                    if out[i][j] == usize::MAX {
                        out[i][j] = du + 1;
                        queue.push(v);
                    }
                }
            }
            k += 1;
        }
    }
    out
}

/// Remote pairs.
pub(crate) fn find_remote_pairs(board: &Board, f: &mut Finder) {
    let g = board.geometry();
    let bivalue: Vec<usize> = (0..g.cell_count())
        .filter(|&c| board.value(c).is_none() && board.candidates(c).len() == 2)
        .collect();
    let mut pairs: Vec<SymbolSet> = bivalue.iter().map(|&c| board.candidates(c)).collect();
    // In the order of their symbols' lists: a pair's list is its lower symbol, then its higher
    // one (keys that allocate nothing, where the lists did per comparison).
    pairs.sort_unstable_by_key(|s| (s.first(), s.iter().last()));
    pairs.dedup();
    for pair in pairs {
        let cells: Vec<usize> = bivalue
            .iter()
            .copied()
            .filter(|&c| board.candidates(c) == pair)
            .collect();
        if cells.len() < 4 {
            continue;
        }
        let adj: Vec<Vec<usize>> = (0..cells.len())
            .map(|i| {
                (0..cells.len())
                    .filter(|&j| j != i && board.sees(cells[i], cells[j]))
                    .collect()
            })
            .collect();
        for part in colour_parts(&adj).into_iter().flatten() {
            if part.len() < 4 {
                continue;
            }
            let dist = distances(&adj, &part);
            let mut elim = Vec::new();
            for t in 0..g.cell_count() {
                let tc = board.candidates(t).intersect(pair);
                if board.value(t).is_some() || tc.is_empty() || cells.contains(&t) {
                    continue;
                }
                let seen: Vec<usize> = (0..part.len())
                    .filter(|&i| board.sees(t, cells[part[i].0]))
                    .collect();
                let far = seen
                    .iter()
                    .any(|&i| seen.iter().any(|&j| dist[i][j] >= 3 && dist[i][j] % 2 == 1));
                if far {
                    elim.extend(tc.iter().map(|v| Candidate::at(t, v)));
                }
            }
            let chain = part.iter().map(|&(i, _)| CellId::new(cells[i])).collect();
            let step = Step::eliminating(
                elim,
                Deduction::RemotePair {
                    symbols: pair,
                    cells: chain,
                },
            );
            if !f.push(step) {
                return;
            }
        }
    }
}

/// Each symbol's places (empty cells holding it), then the cells where it is placed, as bits
/// over cells: `2 * words` words per symbol, `words` the board's words per cell set. One pass
/// over the cells serves every symbol, and a symbol's words are all a one-symbol search of
/// this file reads of the board (the memo's key).
pub(crate) fn symbol_bits(board: &Board, out: &mut Vec<u64>) {
    let w = board.tables().peer_words;
    out.clear();
    out.resize(2 * w * board.geometry().symbol_count(), 0);
    for (c, value) in board.values().iter().enumerate() {
        let (i, bit) = (c / 64, 1u64 << (c % 64));
        match value {
            Some(v) => out[(2 * *v as usize + 1) * w + i] |= bit,
            None => {
                for v in board.candidates(c).iter() {
                    out[2 * v as usize * w + i] |= bit;
                }
            }
        }
    }
}

/// The places of one symbol joined by strong links, as a graph: (places, neighbours of each),
/// from the symbol's words of [`symbol_bits`]. A strong link is a house where the symbol is not
/// placed and has two places, the place first in the house's order first; places are numbered
/// as the houses meet them. (A house has as many cells as there are symbols, at most 64, so the
/// bits see every cell that a house's place mask sees.)
pub(super) fn conjugate_graph(board: &Board, key: &[u64]) -> (Vec<usize>, Vec<Vec<usize>>) {
    let mut nodes: Vec<usize> = Vec::new();
    let mut adj: Vec<Vec<usize>> = Vec::new();
    let node = |c: usize, nodes: &mut Vec<usize>, adj: &mut Vec<Vec<usize>>| {
        nodes.iter().position(|&n| n == c).unwrap_or_else(|| {
            nodes.push(c);
            adj.push(Vec::new());
            nodes.len() - 1
        })
    };
    let mut pairs = Vec::new();
    conjugate_pairs(board, key, &mut pairs);
    for [a, b] in pairs {
        let (i, j) = (node(a, &mut nodes, &mut adj), node(b, &mut nodes, &mut adj));
        if !adj[i].contains(&j) {
            adj[i].push(j);
            adj[j].push(i);
        }
    }
    (nodes, adj)
}

/// The strong links of one symbol (`key` its words of [`symbol_bits`]), house by house in the
/// tables' order, each as its two places, the first in the house's order first, into `out`
/// (cleared first). A house gives one when the symbol is not placed in it and has two places
/// there; two houses may give the same link.
pub(super) fn conjugate_pairs(board: &Board, key: &[u64], out: &mut Vec<[usize; 2]>) {
    let t = board.tables();
    let w = t.peer_words;
    let (places, placed) = key.split_at(w);
    out.clear();
    for (h, &shape) in t.houses.iter().enumerate() {
        let bits = t.house_bits(h);
        // The places counted up to 3 a word (enough to tell two), without a population count,
        // which the build lacks.
        let (mut count, mut blocked) = (0, false);
        for k in 0..w {
            let m = bits[k] & places[k];
            let (m1, m2) = (
                m & m.wrapping_sub(1),
                m & m.wrapping_sub(1) & (m & m.wrapping_sub(1)).wrapping_sub(1),
            );
            count += u32::from(m != 0) + u32::from(m1 != 0) + u32::from(m2 != 0);
            blocked |= bits[k] & placed[k] != 0;
        }
        if blocked || count != 2 {
            continue;
        }
        let mut two = [0usize; 2];
        let mut j = 0;
        for k in 0..w {
            let mut m = bits[k] & places[k];
            while m != 0 {
                two[j] = k * 64 + m.trailing_zeros() as usize;
                j += 1;
                m &= m - 1;
            }
        }
        let cells = &board.geometry().shape(shape).cells;
        if !t.house_sorted[h] {
            // The house's own order decides which place comes first.
            let at = |c: usize| cells.iter().position(|&x| x == c);
            if at(two[1]) < at(two[0]) {
                two.swap(0, 1);
            }
        }
        out.push(two);
    }
}

/// The places of `x` joined by strong links, read house by house from the board: the oracle
/// [`conjugate_graph`] is checked against (houses of up to 64 cells, as `place_mask` reads).
#[cfg(test)]
pub(super) fn conjugate_graph_scan(board: &Board, x: u8) -> (Vec<usize>, Vec<Vec<usize>>) {
    let g = board.geometry();
    let mut nodes: Vec<usize> = Vec::new();
    let mut adj: Vec<Vec<usize>> = Vec::new();
    let node = |c: usize, nodes: &mut Vec<usize>, adj: &mut Vec<Vec<usize>>| {
        nodes.iter().position(|&n| n == c).unwrap_or_else(|| {
            nodes.push(c);
            adj.push(Vec::new());
            nodes.len() - 1
        })
    };
    for &h in &board.tables().houses {
        if board.has_placed(h, x) {
            continue;
        }
        let m = board.place_mask(h, x);
        if m.count_ones() != 2 {
            continue;
        }
        let cs = &g.shape(h).cells;
        let (a, b) = (
            cs[m.trailing_zeros() as usize],
            cs[63 - m.leading_zeros() as usize],
        );
        let (i, j) = (node(a, &mut nodes, &mut adj), node(b, &mut nodes, &mut adj));
        if !adj[i].contains(&j) {
            adj[i].push(j);
            adj[j].push(i);
        }
    }
    (nodes, adj)
}

/// What simple colours and multi-colours found nothing at on a board's line of play: per
/// search and symbol, the symbol's words of [`symbol_bits`] then.
///
/// Why it is exact: each search takes the symbols one by one, and on symbol `x` it reads only
/// `x`'s places and the cells where `x` is placed (its strong links, its colours' places and
/// the cells they see holding `x`), with the board's fixed tables. So on equal words it finds
/// the same, here nothing; and a symbol giving nothing leaves the finder as it was, so skipping
/// it leaves every later symbol's steps, and their order, unchanged.
#[derive(Default)]
pub(crate) struct Memo {
    /// The words of the board searched now ([`symbol_bits`]), kept to spare an allocation.
    now: Vec<u64>,
    /// Per search and symbol, its words when it gave nothing.
    keys: Vec<u64>,
    /// Per search and symbol, whether `keys` holds such words.
    known: Vec<bool>,
}

/// The searches [`Memo`] keeps apart.
#[derive(Clone, Copy)]
pub(super) enum Family {
    /// Simple colours.
    Simple = 0,
    /// Multi-colours.
    Multi = 1,
}

impl Memo {
    /// Runs `search` on every symbol of `board` in order that `family` did not prove empty at
    /// its present words, until it returns false (the finder is full); records the symbols that
    /// were searched to the end and pushed nothing.
    pub(super) fn each_symbol(
        &mut self,
        board: &Board,
        family: Family,
        f: &mut Finder,
        mut search: impl FnMut(&Board, &[u64], u8, &mut Finder) -> bool,
    ) {
        let n = board.geometry().symbol_count();
        symbol_bits(board, &mut self.now);
        let span = self.now.len() / n.max(1);
        if self.known.len() != 2 * n || self.keys.len() != 2 * self.now.len() {
            self.known = vec![false; 2 * n];
            self.keys = vec![0; 2 * self.now.len()];
        }
        for x in 0..n {
            let slot = family as usize * n + x;
            let key = &self.now[x * span..(x + 1) * span];
            let stored = &mut self.keys[slot * span..(slot + 1) * span];
            if self.known[slot] && stored == key {
                continue;
            }
            let before = f.steps.len();
            if !search(board, key, x as u8, f) {
                return;
            }
            self.known[slot] = f.steps.len() == before;
            stored.copy_from_slice(key);
        }
    }
}

/// Simple colours: traps and wraps on each symbol.
pub(crate) fn find_simple_colours(board: &Board, f: &mut Finder) {
    board
        .memo::<crate::reason::memo::Memo<Memo>>()
        .lock()
        .each_symbol(board, Family::Simple, f, simple_colours);
}

/// Simple colours on symbol `x` (`key` its words of [`symbol_bits`]); false when the finder is
/// full.
fn simple_colours(board: &Board, key: &[u64], x: u8, f: &mut Finder) -> bool {
    let g = board.geometry();
    let (nodes, adj) = conjugate_graph(board, key);
    for part in colour_parts(&adj).into_iter().flatten() {
        if part.len() < 3 {
            continue;
        }
        let side = |k: u8| -> Vec<usize> {
            part.iter()
                .filter(|p| p.1 == k)
                .map(|p| nodes[p.0])
                .collect()
        };
        let colours = [side(0), side(1)];
        let clash = |cs: &[usize]| {
            cs.iter()
                .enumerate()
                .any(|(i, &a)| cs[i + 1..].iter().any(|&b| board.sees(a, b)))
        };
        // A wrap and a trap can come from one network: each is its own step.
        // The cells seeing some cell of each colour, as bitsets over cells.
        let tables = board.tables();
        let w = tables.peer_words;
        let sight = |cs: &[usize]| {
            cs.iter().fold(vec![0u64; w], |mut m, &c| {
                for (a, b) in m.iter_mut().zip(&tables.peer_bits[c * w..(c + 1) * w]) {
                    *a |= b;
                }
                m
            })
        };
        let (see0, see1) = (sight(&colours[0]), sight(&colours[1]));
        let sees_both = |t: usize| (see0[t / 64] & see1[t / 64]) >> (t % 64) & 1 == 1;
        let trap: Vec<Candidate> = (0..g.cell_count())
            .filter(|&t| {
                sees_both(t)
                    && board.value(t).is_none()
                    && board.candidates(t).contains(x)
                    && !colours.iter().any(|cs| cs.contains(&t))
            })
            .map(|t| Candidate::at(t, x))
            .collect();
        let mut steps = vec![(trap, false)];
        if let Some(k) = (0..2).find(|&k| clash(&colours[k])) {
            let mut e: Vec<Candidate> = colours[k].iter().map(|&c| Candidate::at(c, x)).collect();
            e.sort_unstable();
            steps.push((e, true));
        }
        let ids = |cs: &[usize]| cs.iter().map(|&c| CellId::new(c)).collect();
        for (elim, wrap) in steps {
            let step = Step::eliminating(
                elim,
                Deduction::SimpleColours {
                    symbol: Symbol::new(x as usize),
                    colours: [ids(&colours[0]), ids(&colours[1])],
                    wrap,
                },
            );
            if !f.push(step) {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::test_util::*;

    /// The graph from the symbol bits is the graph read house by house, node numbers and
    /// neighbour order included, on boards of several geometries (some with houses not in cell
    /// order) thinned by a fixed pseudo-random run of placements and eliminations.
    #[test]
    fn conjugate_graph_matches_scan() {
        let mut rng = XorShift(0x9e37_79b9_7f4a_7c15u64);
        let mut next = |m: usize| rng.below(m);
        let mut edges = 0;
        for name in ["classic", "jigsaw", "x-diagonal", "samurai", "16x16"] {
            let g = crate::builtin::geometry(name).unwrap();
            let n = g.symbol_count();
            let mut b = empty_board(&g);
            let mut bits = Vec::new();
            for round in 0..60 {
                for _ in 0..g.cell_count() / 4 {
                    let c = next(g.cell_count());
                    let v = next(n) as u8;
                    if round % 7 == 3 && b.value(c).is_none() {
                        b.place(c, v);
                    } else {
                        b.eliminate(c, v);
                    }
                }
                symbol_bits(&b, &mut bits);
                let span = bits.len() / n;
                for x in 0..n {
                    let fast = conjugate_graph(&b, &bits[x * span..(x + 1) * span]);
                    assert_eq!(
                        fast,
                        conjugate_graph_scan(&b, x as u8),
                        "{name} {round} {x}"
                    );
                    edges += fast.1.iter().map(Vec::len).sum::<usize>();
                }
            }
        }
        assert!(edges > 1000, "{edges}");
    }

    /// The memo changes nothing: along logical solves, simple colours and multi-colours found
    /// on the running board (memo warm from the earlier states) are those found on a fresh copy,
    /// with room for one step and for many, and the memo does skip symbols.
    #[test]
    fn memo_changes_nothing() {
        let g = crate::builtin::geometry("classic").unwrap();
        let (mut found, mut skipped) = (0, 0);
        for line in [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "...........6.754..8....69..5.....19....8.27...9......24.7.3......1..8.3..2..57...",
            "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
        ] {
            let p = crate::Puzzle::from_line(g.clone(), line).unwrap();
            let mut b = Board::new(&p);
            while let Some(step) = crate::reason::solve::next_step(&b) {
                // The symbols the memo will skip on this state.
                let memo = b.memo::<crate::reason::memo::Memo<Memo>>().lock();
                let mut now = Vec::new();
                symbol_bits(&b, &mut now);
                let span = now.len() / 9;
                skipped += (0..memo.known.len())
                    .filter(|&s| {
                        memo.known[s]
                            && memo.keys[s * span..(s + 1) * span] == now[s % 9 * span..][..span]
                    })
                    .count();
                drop(memo);
                for limit in [1, 1000] {
                    for find in [find_simple_colours, crate::reason::colouring::multi::find] {
                        let fresh = b.clone();
                        let (mut warm, mut cold) = (Finder::new(limit), Finder::new(limit));
                        find(&b, &mut warm);
                        find(&fresh, &mut cold);
                        assert_eq!(format!("{:?}", warm.steps), format!("{:?}", cold.steps));
                        found += warm.steps.len();
                    }
                }
                b.apply(&step);
            }
        }
        assert!(found > 20 && skipped > 100, "{found} {skipped}");
    }

    #[test]
    fn remote_pair_constructed() {
        // r1c1 - r1c7 - r3c9 - r8c9 all {2,7}: r1c1 and r8c9 are three links apart, so r8c1
        // (seeing both) loses 2 and 7; r1c1 and r1c7 are one link apart (a pair, not counted).
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        for (r, c) in [(1, 1), (1, 7), (3, 9), (8, 9)] {
            b.set_candidates(cell(&g, r, c), set(&[2, 7]));
        }
        let mut f = Finder::new(10);
        find_remote_pairs(&b, &mut f);
        assert_eq!(f.steps.len(), 1);
        assert_eq!(
            f.steps[0].eliminations,
            elims(&g, "r1c9<>2 r1c9<>7 r8c1<>2 r8c1<>7")
        );
    }

    #[test]
    fn simple_colours_trap_and_wrap() {
        let g = crate::builtin::geometry("classic").unwrap();
        // 5 only at r1c1, r1c5 in row 1; r1c5, r6c5 in column 5; r6c5, r4c4 in box 5. Colours
        // {r1c1, r6c5} and {r1c5, r4c4}: r4c1 sees r1c1 and r4c4, one of which is 5.
        let mut b = empty_board(&g);
        for c in [2, 3, 4, 6, 7, 8, 9] {
            b.eliminate(cell(&g, 1, c), sym(5));
        }
        for r in [2, 3, 4, 5, 7, 8, 9] {
            b.eliminate(cell(&g, r, 5), sym(5));
        }
        for (r, c) in [(4, 6), (5, 4), (5, 6), (6, 4), (6, 6)] {
            b.eliminate(cell(&g, r, c), sym(5));
        }
        let mut f = Finder::new(10);
        find_simple_colours(&b, &mut f);
        assert_eq!(f.steps.len(), 1);
        let s = &f.steps[0];
        assert_eq!(s.eliminations, elims(&g, "r4c1<>5"));
        assert!(matches!(
            s.deduction,
            Deduction::SimpleColours { wrap: false, .. }
        ));
        // Make r4c1 r1c1's partner in column 1: it takes the colour of r1c5 and r4c4, and shares
        // row 4 with r4c4, so that colour is false (a wrap).
        for r in [2, 3, 5, 6, 7, 8, 9] {
            b.eliminate(cell(&g, r, 1), sym(5));
        }
        let mut f = Finder::new(10);
        find_simple_colours(&b, &mut f);
        let wraps: Vec<&Step> = f
            .steps
            .iter()
            .filter(|s| matches!(s.deduction, Deduction::SimpleColours { wrap: true, .. }))
            .collect();
        assert_eq!(wraps.len(), 1);
        assert_eq!(wraps[0].eliminations, elims(&g, "r1c5<>5 r4c1<>5 r4c4<>5"));
    }
}
