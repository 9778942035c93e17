//! 3D Medusa: simple colours over every symbol at once. Candidates are joined by strong links of
//! two kinds, a house with two places left for a symbol and a cell with two candidates left;
//! a connected network splits into two colours of which exactly one is true. Cells "see" each
//! other when they share a no-repeat shape, so the search works on any geometry.
//!
//! Were a colour true, its candidates would be values and every candidate seeing one of them on
//! the same symbol, or sharing a cell with one, would be false. So:
//!
//! - a colour that puts two of its candidates in one cell, the same symbol twice in sight, or
//!   that would leave some cell with no candidate, is false: its candidates go;
//! - otherwise an uncoloured candidate that each colour, were it true, would remove goes (one
//!   colour in its cell and the other seeing it, both colours seeing it, or both in its cell).
//!
//! A network on one symbol only is simple colouring, found before; this search takes the
//! networks that join two symbols or more.

#[cfg(test)]
use super::simple::conjugate_graph;
#[cfg(test)]
use super::simple::conjugate_pairs;
use super::simple::{colour_parts_with, symbol_bits};
use crate::CellId;
use crate::reason::board::Board;
use crate::reason::finder::Finder;
use crate::reason::step::{Candidate, Deduction, MedusaClash, Step};
use crate::symbols::SymbolSet;

/// One network's colouring as bit sets over cells: per colour and symbol, the cells holding
/// that candidate in the colour and the cells seeing one of them.
struct Colouring {
    words: usize,
    symbols: usize,
    /// `has[(k * symbols + x) * words..]`: cells whose candidate x is of colour k.
    has: Vec<u64>,
    /// `seen[(k * symbols + x) * words..]`: cells seeing a candidate x of colour k.
    seen: Vec<u64>,
    /// `in_cell[k * words..]`: cells with some candidate of colour k.
    in_cell: Vec<u64>,
}

#[cfg(test)]
impl Colouring {
    fn bit(v: &[u64], c: usize) -> bool {
        v[c / 64] >> (c % 64) & 1 == 1
    }
    fn has(&self, k: usize, x: usize, c: usize) -> bool {
        Self::bit(&self.has[(k * self.symbols + x) * self.words..], c)
    }
    fn seen(&self, k: usize, x: usize, c: usize) -> bool {
        Self::bit(&self.seen[(k * self.symbols + x) * self.words..], c)
    }
    fn in_cell(&self, k: usize, c: usize) -> bool {
        Self::bit(&self.in_cell[k * self.words..], c)
    }
    /// Whether colour `k`, were it true, would remove the uncoloured candidate `x` of `c`.
    fn kills(&self, k: usize, c: usize, x: usize) -> bool {
        self.seen(k, x, c) || self.in_cell(k, c)
    }
}

/// The strong-link graph over the candidates that have a strong link: each node's candidate
/// (`cell * symbols + symbol`) and neighbours, in the order [`graph_reference`] makes them.
struct Graph {
    nodes: Vec<usize>,
    /// Node `i`'s neighbours are `to[start[i]..start[i + 1]]`.
    start: Vec<usize>,
    to: Vec<usize>,
}

impl Graph {
    /// The graph of `links` in order, each joining two candidates: nodes numbered as the links
    /// meet them, each node's neighbours in the order of its links. No link repeats: the
    /// links of one symbol are its conjugate graph's edges, and a cell link joins two symbols
    /// of one cell, which no house link does.
    fn new(candidates: usize, links: &[(usize, usize)]) -> Graph {
        let mut index = vec![u32::MAX; candidates];
        let mut nodes: Vec<usize> = Vec::new();
        let mut ends = Vec::with_capacity(links.len());
        let mut degree: Vec<usize> = Vec::new();
        for &(a, b) in links {
            let mut at = |u: usize| {
                if index[u] == u32::MAX {
                    index[u] = nodes.len() as u32;
                    nodes.push(u);
                    degree.push(0);
                }
                index[u] as usize
            };
            let (i, j) = (at(a), at(b));
            degree[i] += 1;
            degree[j] += 1;
            ends.push((i, j));
        }
        let mut start = Vec::with_capacity(nodes.len() + 1);
        start.push(0);
        for d in &degree {
            start.push(start[start.len() - 1] + d);
        }
        let mut fill = start[..nodes.len()].to_vec();
        let mut to = vec![0; start[nodes.len()]];
        for (i, j) in ends {
            to[fill[i]] = j;
            fill[i] += 1;
            to[fill[j]] = i;
            fill[j] += 1;
        }
        Graph { nodes, start, to }
    }

    fn neighbours(&self, i: usize) -> &[usize] {
        &self.to[self.start[i]..self.start[i + 1]]
    }
}

/// The strong links in the order [`graph_reference`] makes them: per symbol, its conjugate
/// graph's edges by the first place (places numbered as the houses meet them) then that
/// place's neighbours in order, later places only; then the bivalue cells. House links come
/// from the houses with two places, cell links from the bivalue cells.
fn graph(board: &Board) -> Graph {
    let g = board.geometry();
    let n = g.symbol_count();
    let mut links = Vec::new();
    let (mut all, mut places, mut adj) = (Vec::new(), Vec::new(), Vec::<Vec<usize>>::new());
    all_conjugate_pairs(board, &mut all);
    let mut local = vec![u32::MAX; g.cell_count()];
    for (x, pairs) in all.iter().enumerate() {
        places.clear();
        for &[a, b] in pairs {
            let mut at = |c: usize| {
                if local[c] == u32::MAX {
                    local[c] = places.len() as u32;
                    if adj.len() == places.len() {
                        adj.push(Vec::new());
                    }
                    adj[places.len()].clear();
                    places.push(c);
                }
                local[c] as usize
            };
            let (i, j) = (at(a), at(b));
            if !adj[i].contains(&j) {
                adj[i].push(j);
                adj[j].push(i);
            }
        }
        for (i, &c) in places.iter().enumerate() {
            for &j in adj[i].iter().filter(|&&j| j > i) {
                links.push((c * n + x, places[j] * n + x));
            }
        }
        for &c in &places {
            local[c] = u32::MAX;
        }
    }
    for c in 0..g.cell_count() {
        let cs = board.candidates(c);
        if board.value(c).is_none() && cs.len() == 2 {
            let mut v = cs.iter();
            if let (Some(a), Some(b)) = (v.next(), v.next()) {
                links.push((c * n + a as usize, c * n + b as usize));
            }
        }
    }
    Graph::new(g.cell_count() * n, &links)
}

/// Every symbol's house links, into `out[x]` for symbol `x`: what [`conjugate_pairs`] gives on
/// the symbol's [`symbol_bits`] (per house in the tables' order, one link when the symbol is
/// not placed there and has two places, the first in the house's order first), from one pass
/// over each house's cells for all the symbols instead of one per symbol.
fn all_conjugate_pairs(board: &Board, out: &mut Vec<Vec<[usize; 2]>>) {
    let g = board.geometry();
    let n = g.symbol_count();
    out.resize_with(n, Vec::new);
    out.iter_mut().for_each(Vec::clear);
    let (mut count, mut two) = (vec![0u8; n], vec![[0usize; 2]; n]);
    for &shape in &board.tables().houses {
        count.fill(0);
        let mut placed = SymbolSet::EMPTY;
        // The house's cells in its own order: the first two places met are the link's ends.
        for &c in &g.shape(shape).cells {
            match board.value(c) {
                Some(v) => placed = placed.with(v),
                None => {
                    for x in board.candidates(c).iter() {
                        let k = &mut count[x as usize];
                        if *k < 2 {
                            two[x as usize][*k as usize] = c;
                        }
                        *k = (*k + 1).min(3);
                    }
                }
            }
        }
        for (x, o) in out.iter_mut().enumerate() {
            if count[x] == 2 && !placed.contains(x as u8) {
                o.push(two[x]);
            }
        }
    }
}

/// The strong-link graph as first written, from each symbol's conjugate graph: the oracle of
/// [`graph`].
#[cfg(test)]
fn graph_reference(board: &Board, bits: &[u64]) -> Graph {
    let g = board.geometry();
    let n = g.symbol_count();
    let mut index = vec![u32::MAX; g.cell_count() * n];
    let mut nodes: Vec<usize> = Vec::new();
    let mut adj: Vec<Vec<usize>> = Vec::new();
    let mut link = |a: usize, b: usize| {
        let mut at = |u: usize| {
            if index[u] == u32::MAX {
                index[u] = nodes.len() as u32;
                nodes.push(u);
                adj.push(Vec::new());
            }
            index[u] as usize
        };
        let (i, j) = (at(a), at(b));
        if !adj[i].contains(&j) {
            adj[i].push(j);
            adj[j].push(i);
        }
    };
    let span = bits.len() / n.max(1);
    for x in 0..n {
        let (places, pairs) = conjugate_graph(board, &bits[x * span..(x + 1) * span]);
        for (i, ns) in pairs.iter().enumerate() {
            for &j in ns.iter().filter(|&&j| j > i) {
                link(places[i] * n + x, places[j] * n + x);
            }
        }
    }
    for c in 0..g.cell_count() {
        let cs = board.candidates(c);
        if board.value(c).is_none() && cs.len() == 2 {
            let mut v = cs.iter();
            if let (Some(a), Some(b)) = (v.next(), v.next()) {
                link(c * n + a as usize, c * n + b as usize);
            }
        }
    }
    let mut start = vec![0];
    for a in &adj {
        start.push(start[start.len() - 1] + a.len());
    }
    Graph {
        nodes,
        start,
        to: adj.concat(),
    }
}

/// 3D Medusa on every network of two symbols or more: a contradiction step when a colour is
/// false, else one step with every candidate both colours remove.
pub(crate) fn find(board: &Board, f: &mut Finder) {
    let mut bits = Vec::new();
    symbol_bits(board, &mut bits);
    let empty = empty_cells(board, &bits);
    for colours in networks(board, graph(board)) {
        let col = colouring(board, &colours);
        let clashes = [0, 1].map(|k| clash(board, &col, &colours, k, (&bits, &empty)));
        let Some(step) = network_step(colours, clashes, || trapped(board, &col, &bits)) else {
            continue;
        };
        if !f.push(step) {
            return;
        }
    }
}

/// Every network of two symbols or more with three candidates or more, as its two colours,
/// each sorted, the colour holding the first candidate first (whatever order the graph has).
fn networks(board: &Board, graph: Graph) -> impl Iterator<Item = [Vec<Candidate>; 2]> {
    let n = board.geometry().symbol_count();
    colour_parts_with(graph.nodes.len(), |u| graph.neighbours(u), 3)
        .into_iter()
        .flatten()
        .filter_map(move |part| {
            let part: Vec<(usize, u8)> =
                part.into_iter().map(|(i, k)| (graph.nodes[i], k)).collect();
            if part.len() < 3 || part.iter().all(|&(u, _)| u % n == part[0].0 % n) {
                return None;
            }
            let mut colours: [Vec<Candidate>; 2] = [0, 1].map(|k| {
                let mut v: Vec<Candidate> = part
                    .iter()
                    .filter(|p| p.1 == k)
                    .map(|&(u, _)| Candidate::at(u / n, (u % n) as u8))
                    .collect();
                v.sort_unstable();
                v
            });
            if colours[1].first() < colours[0].first() {
                colours.swap(0, 1);
            }
            Some(colours)
        })
}

/// A network's step: a contradiction when one colour clashes, else what both colours remove
/// (`trapped`); none when both clash, which happens only on a broken board.
fn network_step(
    colours: [Vec<Candidate>; 2],
    clashes: [Option<MedusaClash>; 2],
    trapped: impl FnOnce() -> Vec<Candidate>,
) -> Option<Step> {
    Some(match clashes {
        [Some(_), Some(_)] => return None,
        [Some(why), None] => contradiction(colours, 0, why),
        [None, Some(why)] => contradiction(colours, 1, why),
        [None, None] => Step::eliminating(
            trapped(),
            Deduction::Medusa {
                colours,
                clash: None,
            },
        ),
    })
}

/// The empty cells as bits over cells, from [`symbol_bits`]: those where no symbol is placed.
fn empty_cells(board: &Board, bits: &[u64]) -> Vec<u64> {
    let w = board.tables().peer_words;
    let cells = board.geometry().cell_count();
    let mut out: Vec<u64> = (0..w)
        .map(|i| !bits.chunks(2 * w).fold(0, |m, b| m | b[w + i]))
        .collect();
    if cells % 64 != 0 {
        out[w - 1] &= (1u64 << (cells % 64)) - 1;
    }
    out
}

/// 3D Medusa with the clashes and traps found by scanning every pair and every cell: the
/// oracle [`find`] is checked against.
#[cfg(test)]
fn find_reference(board: &Board, f: &mut Finder) {
    let mut bits = Vec::new();
    symbol_bits(board, &mut bits);
    for colours in networks(board, graph_reference(board, &bits)) {
        let col = colouring(board, &colours);
        let clashes = [0, 1].map(|k| clash_scan(board, &col, &colours, k));
        let Some(step) = network_step(colours, clashes, || trapped_scan(board, &col)) else {
            continue;
        };
        if !f.push(step) {
            return;
        }
    }
}

/// The bit sets of one network.
fn colouring(board: &Board, colours: &[Vec<Candidate>; 2]) -> Colouring {
    let g = board.geometry();
    let t = board.tables();
    let (words, symbols) = (t.peer_words, g.symbol_count());
    let mut col = Colouring {
        words,
        symbols,
        has: vec![0; 2 * symbols * words],
        seen: vec![0; 2 * symbols * words],
        in_cell: vec![0; 2 * words],
    };
    for (k, cs) in colours.iter().enumerate() {
        for cand in cs {
            let (c, x) = (cand.cell_index(), cand.symbol_index() as usize);
            let at = (k * symbols + x) * words;
            col.has[at + c / 64] |= 1 << (c % 64);
            col.in_cell[k * words + c / 64] |= 1 << (c % 64);
            for (s, p) in col.seen[at..at + words]
                .iter_mut()
                .zip(&t.peer_bits[c * words..(c + 1) * words])
            {
                *s |= p;
            }
        }
    }
    col
}

/// Why colour `k` cannot be true, if it cannot: two of its candidates in one cell or on one
/// symbol in sight (the first such pair in the colour's order), else the first cell it would
/// empty. `(bits, empty)` are the board's [`symbol_bits`] and [`empty_cells`].
///
/// The pair is the one a scan of every two candidates meets first: the first candidate with
/// any partner has its partners all after it (a partner before it would have one itself), so
/// that candidate and its first partner after it.
fn clash(
    board: &Board,
    col: &Colouring,
    colours: &[Vec<Candidate>; 2],
    k: usize,
    (bits, empty): (&[u64], &[u64]),
) -> Option<MedusaClash> {
    let cs = &colours[k];
    let (w, n) = (col.words, col.symbols);
    let peers = &board.tables().peer_bits;
    // The colour is sorted by cell: two of it in one cell are next to each other.
    let partnered = |i: usize| {
        let a = cs[i];
        let (c, x) = (a.cell_index(), a.symbol_index() as usize);
        (i > 0 && cs[i - 1].cell == a.cell)
            || cs.get(i + 1).is_some_and(|b| b.cell == a.cell)
            || col.has[(k * n + x) * w..][..w]
                .iter()
                .zip(&peers[c * w..][..w])
                .any(|(h, p)| h & p != 0)
    };
    if let Some(i) = (0..cs.len()).find(|&i| partnered(i)) {
        let a = cs[i];
        for b in &cs[i + 1..] {
            if a.cell == b.cell {
                return Some(MedusaClash::Cell { cell: a.cell });
            }
            if a.symbol == b.symbol && board.sees(a.cell_index(), b.cell_index()) {
                return Some(MedusaClash::Sight {
                    cells: [a.cell, b.cell],
                    symbol: a.symbol,
                });
            }
        }
    }
    // A cell without a candidate of colour k, every candidate of which colour k removes (has
    // in the other colour or sees in this one): the empty cells where no candidate survives.
    for i in 0..w {
        let alive = (0..n).fold(0, |m, x| {
            let killed = col.has[((1 - k) * n + x) * w + i] | col.seen[(k * n + x) * w + i];
            m | bits[2 * x * w + i] & !killed
        });
        let m = empty[i] & !col.in_cell[k * w + i] & !alive;
        if m != 0 {
            return Some(MedusaClash::Emptied {
                cell: CellId::new(i * 64 + m.trailing_zeros() as usize),
            });
        }
    }
    None
}

/// The uncoloured candidates each colour would remove, in cell order: per symbol, its places
/// (from the board's [`symbol_bits`]) in neither colour that both colours kill.
fn trapped(board: &Board, col: &Colouring, bits: &[u64]) -> Vec<Candidate> {
    let (w, n) = (col.words, col.symbols);
    let mut hit = vec![0u64; n * w];
    let mut any = vec![0u64; w];
    for x in 0..n {
        for i in 0..w {
            let (a, b) = (x * w + i, (n + x) * w + i);
            let coloured = col.has[a] | col.has[b];
            let killed = (col.seen[a] | col.in_cell[i]) & (col.seen[b] | col.in_cell[w + i]);
            hit[a] = bits[2 * x * w + i] & !coloured & killed;
            any[i] |= hit[a];
        }
    }
    let mut out = Vec::new();
    for (i, &m) in any.iter().enumerate() {
        let mut m = m;
        while m != 0 {
            let c = i * 64 + m.trailing_zeros() as usize;
            m &= m - 1;
            for x in board.candidates(c).iter() {
                if hit[x as usize * w + i] >> (c % 64) & 1 == 1 {
                    out.push(Candidate::at(c, x));
                }
            }
        }
    }
    out
}

/// Why colour `k` cannot be true, if it cannot, by scanning every two of its candidates and
/// every cell (the oracle of [`clash`]).
#[cfg(test)]
fn clash_scan(
    board: &Board,
    col: &Colouring,
    colours: &[Vec<Candidate>; 2],
    k: usize,
) -> Option<MedusaClash> {
    let cs = &colours[k];
    for (i, a) in cs.iter().enumerate() {
        for b in &cs[i + 1..] {
            if a.cell == b.cell {
                return Some(MedusaClash::Cell { cell: a.cell });
            }
            if a.symbol == b.symbol && board.sees(a.cell_index(), b.cell_index()) {
                return Some(MedusaClash::Sight {
                    cells: [a.cell, b.cell],
                    symbol: a.symbol,
                });
            }
        }
    }
    // A cell without a candidate of colour k, every candidate of which colour k removes.
    let g = board.geometry();
    (0..g.cell_count())
        .find(|&c| {
            board.value(c).is_none()
                && !col.in_cell(k, c)
                && board.candidates(c).iter().all(|x| {
                    let x = x as usize;
                    col.has(1 - k, x, c) || col.seen(k, x, c)
                })
        })
        .map(|c| MedusaClash::Emptied {
            cell: CellId::new(c),
        })
}

/// The step of a false colour `k`: its candidates go; the other colour comes first.
fn contradiction(colours: [Vec<Candidate>; 2], k: usize, why: MedusaClash) -> Step {
    let [a, b] = colours;
    let (false_colour, true_colour) = if k == 0 { (a, b) } else { (b, a) };
    Step::eliminating(
        false_colour.clone(),
        Deduction::Medusa {
            colours: [false_colour, true_colour],
            clash: Some(why),
        },
    )
}

/// The uncoloured candidates each colour would remove, cell by cell (the oracle of
/// [`trapped`]).
#[cfg(test)]
fn trapped_scan(board: &Board, col: &Colouring) -> Vec<Candidate> {
    let g = board.geometry();
    let mut out = Vec::new();
    for c in (0..g.cell_count()).filter(|&c| board.value(c).is_none()) {
        for x in board.candidates(c).iter() {
            let xs = x as usize;
            if !col.has(0, xs, c)
                && !col.has(1, xs, c)
                && col.kills(0, c, xs)
                && col.kills(1, c, xs)
            {
                out.push(Candidate::at(c, x));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::catalogue::Technique;
    use crate::reason::test_util::*;

    fn steps(b: &Board) -> Vec<Step> {
        let mut f = Finder::new(100);
        find(b, &mut f);
        assert!(f.steps.iter().all(|s| s.technique() == Technique::Medusa3d));
        f.steps
    }

    /// r1c1 {1,2}; 2 in column 1 only at r1c1 and r8c1; r8c1 {2,5}; 5 in row 8 only at r8c1
    /// and r8c6; r8c6 {1,5}. Colours: {r1c1 1, r8c1 2, r8c6 5} and {r1c1 2, r8c1 5, r8c6 1}.
    fn board() -> (std::sync::Arc<crate::Geometry>, Board) {
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        b.set_candidates(cell(&g, 1, 1), set(&[1, 2]));
        confine(&mut b, "column 1", 2, &[(1, 1), (8, 1)]);
        b.set_candidates(cell(&g, 8, 1), set(&[2, 5]));
        confine(&mut b, "row 8", 5, &[(8, 1), (8, 6)]);
        b.set_candidates(cell(&g, 8, 6), set(&[1, 5]));
        (g, b)
    }

    /// The search finds what the reference (every pair, every cell scanned) finds, in order,
    /// on boards along logical solves, each also thinned by a fixed pseudo-random run of
    /// eliminations (more bivalue cells and strong links, so more networks and clashes).
    #[test]
    fn matches_reference() {
        let (mut found, mut clashes) = (0, 0);
        let seed = 0x853c_49e6_748f_ea9bu64;
        along_thinned_solves(
            &HARD_PAIR,
            seed,
            4,
            |r| 6 + r * 6,
            |thin, _| {
                let mut bits = Vec::new();
                symbol_bits(thin, &mut bits);
                let mut all = Vec::new();
                all_conjugate_pairs(thin, &mut all);
                let span = bits.len() / all.len();
                for (x, pairs) in all.iter().enumerate() {
                    let mut one = Vec::new();
                    conjugate_pairs(thin, &bits[x * span..(x + 1) * span], &mut one);
                    assert_eq!(pairs, &one);
                }
                let (new, old) = (graph(thin), graph_reference(thin, &bits));
                assert_eq!(
                    (new.nodes, new.start, new.to),
                    (old.nodes, old.start, old.to)
                );
                for limit in [1, 1000] {
                    let (mut new, mut old) = (Finder::new(limit), Finder::new(limit));
                    find(thin, &mut new);
                    find_reference(thin, &mut old);
                    assert_eq!(format!("{:?}", new.steps), format!("{:?}", old.steps));
                    found += new.steps.len();
                    clashes += new
                        .steps
                        .iter()
                        .filter(|s| matches!(s.deduction, Deduction::Medusa { clash: Some(_), .. }))
                        .count();
                }
            },
        );
        assert!(found > 100 && clashes > 20, "{found} {clashes}");
    }

    #[test]
    fn trap_across_symbols() {
        // The first colour puts 1 in r1c1, the second in r8c6: r1c6 sees both.
        let (g, b) = board();
        let s = steps(&b);
        assert_eq!(s.len(), 1, "{s:?}");
        assert_eq!(s[0].eliminations, elims(&g, "r1c6<>1"));
        let [a, b2] = [
            vec![cand(&g, 1, 1, 1), cand(&g, 8, 1, 2), cand(&g, 8, 6, 5)],
            vec![cand(&g, 1, 1, 2), cand(&g, 8, 1, 5), cand(&g, 8, 6, 1)],
        ];
        assert_eq!(
            s[0].deduction,
            Deduction::Medusa {
                colours: [a, b2],
                clash: None
            }
        );
    }

    #[test]
    fn colour_twice_in_sight_is_false() {
        // With 1 in column 6 only at r1c6 and r8c6, r1c6 takes the first colour, which then
        // has 1 twice in row 1: it is false.
        let (g, mut b) = board();
        confine(&mut b, "column 6", 1, &[(1, 6), (8, 6)]);
        let s = steps(&b);
        assert_eq!(s.len(), 1, "{s:?}");
        assert_eq!(
            s[0].eliminations,
            elims(&g, "r1c1<>1 r1c6<>1 r8c1<>2 r8c6<>5")
        );
        let Deduction::Medusa {
            clash: Some(clash), ..
        } = &s[0].deduction
        else {
            panic!("{s:?}")
        };
        assert_eq!(
            *clash,
            MedusaClash::Sight {
                cells: [cell_id(&g, 1, 1), cell_id(&g, 1, 6)],
                symbol: symbol(1)
            }
        );
    }

    #[test]
    fn colour_emptying_a_cell_is_false() {
        // r1c6 {1,5} sees the first colour's 1 (r1c1, row 1) and 5 (r8c6, column 6): were
        // that colour true, r1c6 would have no candidate left.
        let (g, mut b) = board();
        b.set_candidates(cell(&g, 1, 6), set(&[1, 5]));
        let s = steps(&b);
        assert_eq!(s.len(), 1, "{s:?}");
        assert_eq!(s[0].eliminations, elims(&g, "r1c1<>1 r8c1<>2 r8c6<>5"));
        assert!(
            matches!(
                s[0].deduction,
                Deduction::Medusa {
                    clash: Some(MedusaClash::Emptied { cell }),
                    ..
                } if cell == cell_id(&g, 1, 6)
            ),
            "{s:?}"
        );
    }
}
