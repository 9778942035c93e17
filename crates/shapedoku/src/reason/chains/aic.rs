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

use crate::Geometry;
use crate::reason::board::Board;
use crate::reason::finder::Finder;
use crate::reason::step::{Candidate, Deduction, Step};

/// Which links a chain family may use.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
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
    shift: u32,
    /// Most house strong links a node can have: the most houses holding one cell (two houses
    /// giving the same partner give one link).
    slots: usize,
    /// Per node, its house strong links (filled by [`Graph::link`]).
    strong_len: Vec<u8>,
    /// Per node, `slots` entries: the first `strong_len` are its house strong-link partners,
    /// in increasing order.
    strong_to: Vec<u32>,
    /// Words per cell bitset.
    words: usize,
    /// Peers of each cell as bitsets (`words` words per cell), so "sees both ends" is an AND.
    peer_bits: &'a [u64],
    /// Empty cells holding each symbol, as bitsets.
    cand_bits: Vec<u64>,
    /// Cells where each symbol is placed, as bitsets (with `cand_bits`, all a one-symbol
    /// search reads of the board: see [`Memo`]).
    placed_bits: Vec<u64>,
    /// Per symbol, the cells whose candidate a weak link may reach ([`Graph::set_live`]).
    live_bits: Vec<u64>,
    /// Per symbol, the cells whose candidate has a house strong link ([`Graph::link`]).
    linked_bits: Vec<u64>,
    /// Per symbol, the bivalue cells holding it.
    pair_bits: Vec<u64>,
    s: Scratch,
}

/// The search buffers of a [`Graph`], reused across starts, and across searches through the
/// board's [`Memo`] (no allocation per search; a state's stamp is its last search's epoch,
/// and epochs keep counting, so a stamp left by an earlier search never matches).
#[derive(Default)]
pub(crate) struct Scratch {
    states: States,
    epoch: u32,
    /// The graph's own tables, kept between searches for their allocations only (a graph
    /// fills them afresh): candidate, placed, live, linked and bivalue bits.
    bits: [Vec<u64>; 5],
    strong_len: Vec<u8>,
    strong_to: Vec<u32>,
}

/// Per search state: its stamp, parent and depth; and the breadth-first queue.
#[derive(Default)]
struct States {
    stamp: Vec<u32>,
    parent: Vec<u32>,
    depth: Vec<u8>,
    queue: Vec<u32>,
}

impl Scratch {
    /// Buffers for `states` states: these, when they fit.
    fn fit(mut self, states: usize) -> Self {
        if self.states.stamp.len() != states {
            self.states = States {
                stamp: vec![0; states],
                parent: vec![0; states],
                depth: vec![0; states],
                queue: Vec::with_capacity(states),
            };
            self.epoch = 0;
        }
        self
    }
}

/// `v` emptied and filled with `len` zeros (keeping its allocation).
fn zeroed<T: Copy + Default>(mut v: Vec<T>, len: usize) -> Vec<T> {
    v.clear();
    v.resize(len, T::default());
    v
}

/// What earlier one-symbol searches (simple chains, X-chains) on a board's line of play found
/// nothing at: per family and symbol, the symbol's empty cells holding it and cells where it is
/// placed, and the most links looked at.
///
/// Why it is exact: a search from a start on symbol `s` in [`Mode::X`] reads only `s`'s
/// candidates and placements (its strong links are the houses where `s` has two places and is
/// not placed, its weak links and conclusions are peers holding `s`), so on equal such bits
/// it goes the same way. A breadth-first search that proves nothing up to some number of
/// links proves nothing up to fewer, so the memo answers for any search no deeper than the
/// one recorded. A symbol found to give nothing leaves the run's state (the chains found, the
/// length looked for) as it was, so skipping it leaves every later symbol's search unchanged.
#[derive(Default)]
pub(crate) struct Memo {
    /// Words per cell bitset.
    words: usize,
    /// Per family and symbol, `2 * words` words: candidate bits, then placed bits.
    keys: Vec<u64>,
    /// Per family and symbol, the links looked at when it found nothing (0: unknown).
    depth: Vec<u8>,
    /// The search buffers of the last search, for the next.
    scratch: Scratch,
    /// The XY-chain search's key when it last found nothing (see [`Memo::xy_nothing`]): per
    /// cell its candidates if bivalue, else 0; then the candidate bits of every symbol.
    xy_key: Vec<u64>,
    /// The links that search looked at (0: none known).
    xy_depth: u8,
}

/// The families [`Memo`] keeps apart (their bounds differ).
const FAMILIES: usize = 2;

impl Memo {
    fn slot(&mut self, words: usize, symbols: usize, family: usize, s: usize) -> usize {
        if self.words != words || self.depth.len() != FAMILIES * symbols {
            self.words = words;
            self.depth = vec![0; FAMILIES * symbols];
            self.keys = vec![0; FAMILIES * symbols * 2 * words];
        }
        family * symbols + s
    }

    /// Whether symbol `s` is known to give no chain of up to `depth` links in the graph.
    fn nothing(&mut self, gr: &Graph, family: usize, s: usize, depth: usize) -> bool {
        let (w, n) = (gr.words, gr.cand_bits.len() / gr.words.max(1));
        let i = self.slot(w, n, family, s);
        let key = &self.keys[i * 2 * w..][..2 * w];
        self.depth[i] as usize >= depth
            && key[..w] == gr.cand_bits[s * w..][..w]
            && key[w..] == gr.placed_bits[s * w..][..w]
    }

    /// Whether the XY-chain search is known to give nothing of up to `depth` links in the
    /// graph: the bivalue cells and their pairs are as when it last gave nothing, and every
    /// symbol's candidates are a subset of what they were then.
    ///
    /// Why it is exact: in [`Mode::Xy`] the starts are the bivalue cells' candidates, a strong
    /// link is a bivalue cell's other candidate and a weak link goes to the peers that are
    /// bivalue with the same symbol, so the nodes, links and breadth-first order (hence every
    /// path, and whether it is a lasso) depend only on the bivalue cells and their pairs. The
    /// one other thing read, a conclusion, is the set of cells holding the ends' symbol that
    /// see both ends: with fewer candidates it is a subset of what it was. A search that gave
    /// nothing had, at every chain end it met, an empty conclusion or a lasso; so it has the
    /// same now, and finds nothing again (no early stop differs, none having happened).
    fn xy_nothing(&self, gr: &Graph, depth: usize) -> bool {
        let nc = gr.board.geometry().cell_count();
        let key = &self.xy_key;
        self.xy_depth as usize >= depth
            && key.len() == nc + gr.cand_bits.len()
            && (0..nc).all(|c| key[c] == xy_pair(gr, c))
            && key[nc..]
                .iter()
                .zip(&gr.cand_bits)
                .all(|(&then, &now)| now & !then == 0)
    }

    /// Records that the XY-chain search gave nothing up to `depth` links in the graph.
    fn xy_record(&mut self, gr: &Graph, depth: usize) {
        let nc = gr.board.geometry().cell_count();
        self.xy_key.clear();
        self.xy_key.extend((0..nc).map(|c| xy_pair(gr, c)));
        self.xy_key.extend_from_slice(&gr.cand_bits);
        self.xy_depth = depth as u8;
    }

    /// Records that symbol `s` gave nothing up to `depth` links in the graph.
    fn record(&mut self, gr: &Graph, family: usize, s: usize, depth: usize) {
        let (w, n) = (gr.words, gr.cand_bits.len() / gr.words.max(1));
        let i = self.slot(w, n, family, s);
        let key = &mut self.keys[i * 2 * w..][..2 * w];
        key[..w].copy_from_slice(&gr.cand_bits[s * w..][..w]);
        key[w..].copy_from_slice(&gr.placed_bits[s * w..][..w]);
        self.depth[i] = depth as u8;
    }
}

/// A cell's candidates if it is bivalue, else 0 (the XY-chain memo's key).
fn xy_pair(gr: &Graph, c: usize) -> u64 {
    if gr.bivalue(c) {
        gr.board.candidates(c).0
    } else {
        0
    }
}

/// A chain found, before it becomes a step.
struct Found {
    nodes: Vec<(usize, u8)>,
    elim: Vec<(usize, u8)>,
}

impl<'a> Graph<'a> {
    #[cfg(test)]
    fn new(board: &'a Board) -> Self {
        let mut gr = Graph::with_scratch(board, Scratch::default());
        gr.link(board.geometry().symbols().all());
        gr
    }

    /// The graph of a board without its house strong links (see [`Graph::link`]), searching
    /// with `scratch`'s buffers when they fit.
    fn with_scratch(board: &'a Board, mut scratch: Scratch) -> Self {
        let g = board.geometry();
        let n = g.symbol_count();
        // Nodes are `cell << shift | symbol`, so splitting one is a shift, not a division.
        let shift = (n.max(2) - 1).ilog2() + 1;
        let nodes = g.cell_count() << shift;
        let nc = g.cell_count();
        let words = nc.div_ceil(64);
        let peer_bits = &board.tables().peer_bits;
        let slots = board.tables().cell_houses.iter().map(Vec::len).max();
        let slots = slots.unwrap_or(0);
        let [cand, placed, live, linked, pair] = std::mem::take(&mut scratch.bits);
        let mut cand_bits = zeroed(cand, n * words);
        let mut placed_bits = zeroed(placed, n * words);
        let mut pair_bits = zeroed(pair, n * words);
        for c in 0..nc {
            let bit = 1 << (c % 64);
            match board.value(c) {
                Some(v) => placed_bits[v as usize * words + c / 64] |= bit,
                None => {
                    let cands = board.candidates(c);
                    for v in cands.iter() {
                        cand_bits[v as usize * words + c / 64] |= bit;
                        if cands.len() == 2 {
                            pair_bits[v as usize * words + c / 64] |= bit;
                        }
                    }
                }
            }
        }
        let mut live_bits = live;
        live_bits.clone_from(&cand_bits);
        let mut strong_to = std::mem::take(&mut scratch.strong_to);
        if strong_to.len() != nodes * slots {
            // Read only up to each node's `strong_len`, so never cleared.
            strong_to = vec![0; nodes * slots];
        }
        Graph {
            board,
            shift,
            slots,
            strong_len: zeroed(std::mem::take(&mut scratch.strong_len), nodes),
            strong_to,
            words,
            peer_bits,
            live_bits,
            linked_bits: zeroed(linked, n * words),
            pair_bits,
            cand_bits,
            placed_bits,
            s: scratch.fit(nodes * 2),
        }
    }

    /// The graph's buffers, for the next search.
    fn finish(self) -> Scratch {
        let mut s = self.s;
        s.bits = [
            self.cand_bits,
            self.placed_bits,
            self.live_bits,
            self.linked_bits,
            self.pair_bits,
        ];
        s.strong_len = self.strong_len;
        s.strong_to = self.strong_to;
        s
    }

    /// Adds the house strong links (conjugate pairs) of `symbols`. A search reads the house
    /// links of its own symbol's nodes only in [`Mode::X`], and none in [`Mode::Xy`], so the
    /// links of symbols it does not search change nothing it finds.
    fn link(&mut self, symbols: crate::SymbolSet) {
        if symbols.is_empty() {
            return;
        }
        let board = self.board;
        let g = board.geometry();
        let n = g.symbol_count();
        let shift = self.shift;
        // One pass over each house: count the places of every symbol, remembering the first two.
        let mut count = vec![0u8; n];
        let mut two = vec![[0usize; 2]; n];
        for &h in g.houses() {
            count.iter_mut().for_each(|x| *x = 0);
            for &c in &g.shape(h).cells {
                match board.value(c) {
                    Some(v) => count[v as usize] = 3,
                    None => {
                        for v in board.candidates(c).intersect(symbols).iter() {
                            let k = &mut count[v as usize];
                            if *k < 2 {
                                two[v as usize][*k as usize] = c;
                            }
                            *k = k.saturating_add(1);
                        }
                    }
                }
            }
            for v in 0..n {
                if count[v] == 2 {
                    let (a, b) = (
                        ((two[v][0] << shift) | v) as u32,
                        ((two[v][1] << shift) | v) as u32,
                    );
                    self.add_link(a, b);
                    self.add_link(b, a);
                }
            }
        }
    }

    /// Adds `b` to `a`'s house strong links unless there (a row and a box may both give it),
    /// keeping them in increasing order: the links a sorted, deduplicated table of all pairs
    /// gives, in its order.
    fn add_link(&mut self, a: u32, b: u32) {
        let (a, slots) = (a as usize, self.slots);
        let k = self.strong_len[a] as usize;
        let row = &mut self.strong_to[a * slots..(a + 1) * slots];
        if row[..k].contains(&b) {
            return;
        }
        // Distinct partners come from distinct houses of a's cell: `k < slots`.
        let mut i = k;
        while i > 0 && row[i - 1] > b {
            row[i] = row[i - 1];
            i -= 1;
        }
        row[i] = b;
        self.strong_len[a] += 1;
        let (c, v) = self.cell_sym(a as u32);
        self.linked_bits[v as usize * self.words + c / 64] |= 1 << (c % 64);
    }

    /// Sets the candidates a weak link may reach in `mode` (after [`Graph::link`]): in
    /// [`Mode::Xy`] the bivalue cells' (the mode's rule); in the others, unless `dead_ends`,
    /// those with a strong link of the mode.
    ///
    /// Why leaving out the rest changes nothing: a state reached by a weak link must leave by
    /// a strong one, so a node without one is a dead end, the parent of no state; and it is
    /// never a chain's end, ends being reached by a strong link (odd lengths, `min` being
    /// odd). Every other state is reached at the same depth, from the same parent, in the
    /// same order, so the chains found are the same.
    fn set_live(&mut self, mode: Mode, dead_ends: bool) {
        if mode != Mode::Xy && dead_ends {
            self.live_bits.copy_from_slice(&self.cand_bits);
            return;
        }
        let (linked, pair) = (&self.linked_bits, &self.pair_bits);
        for (i, live) in self.live_bits.iter_mut().enumerate() {
            *live = match mode {
                Mode::X(_) => linked[i],
                Mode::Xy => pair[i],
                Mode::Aic => linked[i] | pair[i],
            };
        }
    }

    fn node(&self, cell: usize, sym: u8) -> u32 {
        ((cell << self.shift) | sym as usize) as u32
    }

    fn cell_sym(&self, node: u32) -> (usize, u8) {
        (
            (node >> self.shift) as usize,
            (node & ((1 << self.shift) - 1)) as u8,
        )
    }

    fn bivalue(&self, cell: usize) -> bool {
        self.board.value(cell).is_none() && self.board.candidates(cell).len() == 2
    }

    fn has_house_link(&self, node: u32) -> bool {
        self.strong_len[node as usize] > 0
    }

    /// `node`'s house strong-link partners.
    fn house_links(&self, node: u32) -> &[u32] {
        let k = self.strong_len[node as usize] as usize;
        &self.strong_to[node as usize * self.slots..][..k]
    }

    /// Whether [`Graph::conclusions`] of a chain from `start` to `end` is not empty (what
    /// most chain ends are asked, without building the list).
    fn concludes(&self, start: u32, end: u32, mode: Mode) -> bool {
        let (ca, sa) = self.cell_sym(start);
        let (cb, sb) = self.cell_sym(end);
        let b = self.board;
        if sa == sb && ca != cb {
            let w = self.words;
            let cand = &self.cand_bits[sa as usize * w..][..w];
            (0..w).any(|i| self.peer_bits[ca * w + i] & self.peer_bits[cb * w + i] & cand[i] != 0)
        } else if mode == Mode::Aic && sa != sb {
            if ca == cb {
                !b.candidates(ca).without(sa).without(sb).is_empty()
            } else {
                b.sees(ca, cb) && (b.candidates(ca).contains(sb) || b.candidates(cb).contains(sa))
            }
        } else {
            false
        }
    }

    /// Eliminations proved by "start or end is true".
    fn conclusions(&self, start: u32, end: u32, mode: Mode) -> Vec<(usize, u8)> {
        let (ca, sa) = self.cell_sym(start);
        let (cb, sb) = self.cell_sym(end);
        let b = self.board;
        let mut out = Vec::new();
        if sa == sb && ca != cb {
            // Empty cells with the symbol that see both ends, word by word.
            let w = self.words;
            for i in 0..w {
                let mut m = self.peer_bits[ca * w + i]
                    & self.peer_bits[cb * w + i]
                    & self.cand_bits[sa as usize * w + i];
                while m != 0 {
                    let p = i * 64 + m.trailing_zeros() as usize;
                    m &= m - 1;
                    out.push((p, sa));
                }
            }
        } else if mode == Mode::Aic && sa != sb {
            if ca == cb {
                for w in b.candidates(ca).without(sa).without(sb).iter() {
                    out.push((ca, w));
                }
            } else if b.sees(ca, cb) {
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

    /// Breadth-first search from `start` (first link strong) for chains of `min`, `min + 2`, ...
    /// up to `max` links that prove something; appends them to `found` with their length, by
    /// length. The order in which a breadth-first search meets the states of a depth does not
    /// depend on how deep it goes, so each length's chains are those (and in the order) a search
    /// bounded at that length finds.
    /// With `first`, it returns at the first chain found (the shortest, and the first of its
    /// length).
    ///
    /// A state is a node and whether the link out of it is strong (even) or weak (odd). The
    /// links out of a state are followed as they are met, in the order the tests' oracle
    /// (which lists them first) takes them: strong, the house links in increasing order then
    /// the bivalue cell's; weak, the peers in cell order then the cell's other candidates.
    fn bfs(
        &mut self,
        start: u32,
        mode: Mode,
        (min, max): (usize, usize),
        first: bool,
        found: &mut Vec<(usize, Found)>,
    ) {
        if self.s.epoch == u32::MAX {
            self.s.states.stamp.fill(0);
            self.s.epoch = 0;
        }
        self.s.epoch += 1;
        let epoch = self.s.epoch;
        // Out of the graph while the graph is read (a few words moved, not the scratch).
        let mut s = std::mem::take(&mut self.s.states);
        let gr = &*self;
        let s0 = start * 2;
        s.stamp[s0 as usize] = epoch;
        s.depth[s0 as usize] = 0;
        s.queue.clear();
        s.queue.push(s0);
        let w = gr.words;
        let mut head = 0;
        'states: while head < s.queue.len() {
            let st = s.queue[head];
            head += 1;
            let d = s.depth[st as usize] as usize;
            if d >= max {
                // Depths along the queue never decrease: so are all the states left.
                break;
            }
            let node = st / 2;
            let (c, v) = gr.cell_sym(node);
            let want_strong = st % 2 == 0;
            let len = d + 1;
            let proves = len >= min && (len - min) % 2 == 0;
            let parity = u32::from(want_strong);
            // Reaches `m`'s state unless met before; true when the search is to stop. A macro,
            // not a closure, so that it is inlined at each of its four uses.
            macro_rules! reach {
                ($m:expr) => {{
                    let m: u32 = $m;
                    let ns = m * 2 + parity;
                    if s.stamp[ns as usize] == epoch {
                        false
                    } else {
                        s.stamp[ns as usize] = epoch;
                        s.depth[ns as usize] = len as u8;
                        s.parent[ns as usize] = st;
                        s.queue.push(ns);
                        if proves
                            && m != start
                            && gr.concludes(start, m, mode)
                            && let Some(nodes) = gr.path(&s.parent, ns, s0)
                        {
                            let elim = gr.conclusions(start, m, mode);
                            found.push((len, Found { nodes, elim }));
                            first
                        } else {
                            false
                        }
                    }
                }};
            }
            let cands = gr.board.candidates(c);
            if want_strong {
                if matches!(mode, Mode::X(_) | Mode::Aic) {
                    for &m in gr.house_links(node) {
                        if reach!(m) {
                            break 'states;
                        }
                    }
                }
                if matches!(mode, Mode::Xy | Mode::Aic) && gr.bivalue(c) {
                    let u = cands.without(v).first().unwrap_or(v);
                    if reach!(gr.node(c, u)) {
                        break 'states;
                    }
                }
            } else {
                let live = &gr.live_bits[v as usize * w..][..w];
                let cand = &gr.cand_bits[v as usize * w..][..w];
                let peers = &gr.peer_bits[c * w..][..w];
                for i in 0..w {
                    let mut m = peers[i] & cand[i] & live[i];
                    while m != 0 {
                        let p = i * 64 + m.trailing_zeros() as usize;
                        m &= m - 1;
                        if reach!(gr.node(p, v)) {
                            break 'states;
                        }
                    }
                }
                if mode == Mode::Aic {
                    for u in cands.without(v).iter() {
                        if gr.live_bits[u as usize * w + c / 64] >> (c % 64) & 1 == 1
                            && reach!(gr.node(c, u))
                        {
                            break 'states;
                        }
                    }
                }
            }
        }
        self.s.states = s;
    }

    /// The chain's nodes from start to `end` (following `parent`), or `None` if it passes a
    /// candidate twice (a lasso is still sound, but does not read as a chain).
    fn path(&self, parent: &[u32], end: u32, s0: u32) -> Option<Vec<(usize, u8)>> {
        let mut states = vec![end];
        let mut st = end;
        while st != s0 {
            st = parent[st as usize];
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
/// Makes a family's deduction from a chain's nodes.
type MakeFn = fn(&Geometry, Vec<Candidate>) -> Deduction;

/// Runs the searches of one family, shortest chains first: all chains of 3 links (or `min`),
/// then 5, ... up to `max`, stopping after the first length that proves anything (or as soon as
/// the finder is full). One search from each start serves every length: once some start has
/// proved something at a length, later starts search no deeper, and the chains are then given
/// by length, and within a length in the order of their starts, as a pass per length would.
/// When the finder has room for one step only, that step is the first chain of the shortest
/// length: each search stops at its first chain, and once one is found, later starts look only
/// for shorter ones.
fn run(board: &Board, f: &mut Finder, make: MakeFn, modes: &[Mode], bounds: (usize, usize)) {
    run_linking(board, f, make, modes, bounds, false);
}

/// [`run`], with the house links of every symbol and every dead end searched when `plain`
/// (the tests' oracle for linking only the symbols searched and for [`Graph::set_live`]).
fn run_linking(
    board: &Board,
    f: &mut Finder,
    make: MakeFn,
    modes: &[Mode],
    (min, max): (usize, usize),
    plain: bool,
) {
    // The one-symbol families (simple chains, longer X-chains) are told apart by their bounds.
    let family = match modes.first() {
        Some(Mode::X(_)) => Some(usize::from(min > 3)),
        _ => None,
    };
    let one = f.room() <= 1;
    let mut memo = board.memo::<crate::reason::memo::Memo<Memo>>().lock();
    let mut gr = Graph::with_scratch(board, std::mem::take(&mut memo.scratch));
    // House links only for the symbols searched: in one-symbol modes those the memo does not
    // answer for at the longest length (the memo also answers for every shorter one, so the
    // loop below skips at least these), in the XY mode none (it reads no house links).
    let mut links = crate::SymbolSet::default();
    for &mode in modes {
        match mode {
            Mode::X(s) => {
                if family.is_none_or(|fam| !memo.nothing(&gr, fam, s as usize, max)) {
                    links = links.with(s);
                }
            }
            Mode::Xy => {}
            Mode::Aic => links = board.geometry().symbols().all(),
        }
    }
    if plain {
        links = board.geometry().symbols().all();
    }
    let xy = modes == [Mode::Xy];
    if xy && memo.xy_nothing(&gr, max) {
        memo.scratch = gr.finish();
        return;
    }
    if family.is_some() && links.is_empty() {
        // Every symbol is known to give nothing: so does the run.
        memo.scratch = gr.finish();
        return;
    }
    gr.link(links);
    if let Some(&mode) = modes.first() {
        gr.set_live(mode, plain);
    }
    let (shift, nc) = (gr.shift, board.geometry().cell_count());
    let mut found: Vec<(usize, Found)> = Vec::new();
    let mut cap = max;
    'starts: for &mode in modes {
        // One symbol: only its nodes.
        let (first, symbols) = match mode {
            Mode::X(s) => (s as usize, crate::SymbolSet::single(s)),
            _ => (0, board.geometry().symbols().all()),
        };
        // The length looked for from this mode's starts until one proves something.
        let looked = if one && !found.is_empty() {
            cap - 2
        } else {
            cap
        };
        if let Some(fam) = family
            && memo.nothing(&gr, fam, first, looked)
        {
            continue;
        }
        let found_before = found.len();
        // The candidates of the mode's symbols, in node order.
        let starts = (0..nc).filter(|&c| board.value(c).is_none()).flat_map(|c| {
            let here = board.candidates(c).intersect(symbols).iter();
            here.map(move |v| (c, ((c << shift) | v as usize) as u32))
        });
        for (c, start) in starts {
            // A search from each start covers the graph: on a large board the pass can outlive
            // the caller's deadline unless it looks at the clock between starts.
            if f.out_of_budget() {
                break 'starts;
            }
            let ok = match mode {
                Mode::X(_) => gr.has_house_link(start),
                Mode::Xy => gr.bivalue(c),
                Mode::Aic => gr.has_house_link(start) || gr.bivalue(c),
            };
            if !ok {
                continue;
            }
            let before = found.len();
            // A chain of the length found from a later start would come after the one found.
            let depth = if one && !found.is_empty() {
                cap - 2
            } else {
                cap
            };
            gr.bfs(start, mode, (min, depth), one, &mut found);
            if let Some(&(len, _)) = found.get(before) {
                cap = cap.min(len);
                if one && cap < min + 2 {
                    break 'starts;
                }
            }
        }
        if let Some(fam) = family
            && found.len() == found_before
        {
            memo.record(&gr, fam, first, looked);
        }
        if xy && found.is_empty() {
            memo.xy_record(&gr, looked);
        }
    }
    memo.scratch = gr.finish();
    drop(memo);
    // Stable: within a length, starts stay in order.
    found.sort_by_key(|&(len, _)| len);
    let mut seen: Vec<Vec<(usize, u8)>> = Vec::new();
    // Each conclusion once (a chain and its reverse prove the same).
    for (len, fd) in found {
        if len > cap {
            break;
        }
        if seen.contains(&fd.elim) {
            continue;
        }
        let eliminations = fd.elim.iter().map(|&(c, v)| Candidate::at(c, v)).collect();
        let nodes = fd.nodes.iter().map(|&(c, v)| Candidate::at(c, v)).collect();
        let step = Step::eliminating(eliminations, make(board.geometry(), nodes));
        seen.push(fd.elim);
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

/// Simple chains: three links on one symbol (skyscraper, 2-string kite, turbot fish). The
/// solver's search is `dual::find_simple_chains`, which finds these with a per-symbol memo;
/// this one is its test oracle.
#[cfg(test)]
pub(crate) fn find_simple(board: &Board, f: &mut Finder) {
    let make: MakeFn = |g, nodes| Deduction::SimpleChain {
        kind: crate::reason::step::SimpleChainKind::of(g, &nodes),
        nodes,
    };
    run(board, f, make, &x_modes(board), (3, 3));
}

/// X-chains of five or more links (three-link ones are simple chains).
pub(crate) fn find_x(board: &Board, f: &mut Finder) {
    let make: MakeFn = |_, nodes| Deduction::XChain { nodes };
    run(board, f, make, &x_modes(board), (5, MAX_X));
}

/// XY-chains through bivalue cells (at least three cells).
pub(crate) fn find_xy(board: &Board, f: &mut Finder) {
    let make: MakeFn = |_, nodes| Deduction::XyChain { nodes };
    run(board, f, make, &[Mode::Xy], (5, MAX_XY));
}

/// Alternating inference chains mixing house and cell links.
pub(crate) fn find_aic(board: &Board, f: &mut Finder) {
    let make: MakeFn = |_, nodes| Deduction::Aic { nodes };
    run(board, f, make, &[Mode::Aic], (3, MAX_AIC));
}

#[cfg(test)]
#[path = "aic_tests.rs"]
mod tests;
