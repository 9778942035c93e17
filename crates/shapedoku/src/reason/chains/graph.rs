//! The link graph of grouped chains and nice loops, built once per candidate state with every
//! link listed (and kept in the board's memo for the other searches on that state), and a
//! breadth-first search over it.
//!
//! A node is a candidate (a symbol in a cell) or a *group node*: a symbol's places in a house
//! that also lie in another no-repeat shape (a box and a line on a classic grid, but any two
//! shapes meeting in two or more cells), read as "one of these cells holds the symbol". Links:
//! - strong ("at least one is true"): two disjoint nodes on one symbol that together are all of
//!   its places in a house (two cells, a cell and a group, two groups), or the two candidates
//!   of a bivalue cell;
//! - weak ("not both"): two disjoint nodes on one symbol every cell of which sees every cell of
//!   the other, or two candidates of one cell.
//!
//! The plain chains of `chains` work on candidates only and find their links on the fly; here
//! the links between candidates are found the same way (bitsets of peers), and the strong links
//! and the links of groups, which are irregular, are listed once for the searches from every
//! start to read.

use crate::reason::board::Board;
use crate::symbols::SymbolSet;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex, OnceLock};

/// The link graph (see the module documentation) of the board it is read with. Nodes
/// `0..singles` are candidates, the rest group nodes.
pub(crate) struct ChainGraph<'a> {
    board: &'a Board,
    links: Arc<Links>,
}

impl std::ops::Deref for ChainGraph<'_> {
    type Target = Links;
    fn deref(&self) -> &Links {
        &self.links
    }
}

/// The nodes and listed links of a board's graph: what depends on its candidates only, so that
/// the searches on one candidate state share it (see [`Memo`]).
pub(crate) struct Links {
    /// Words per cell bitset.
    words: usize,
    /// Number of symbols.
    symbols: usize,
    /// Number of candidate nodes (they come first).
    pub(crate) singles: usize,
    sym: Vec<u8>,
    cell_start: Vec<u32>,
    cell_list: Vec<u32>,
    /// The node's cells as a bitset (`words` per node).
    own: Vec<u64>,
    /// The cells seeing every cell of the node (`words` per node).
    seen: Vec<u64>,
    /// Empty cells holding each symbol, as bitsets.
    cand_bits: Vec<u64>,
    /// Candidate node of `cell * symbols + symbol`, or `u32::MAX`.
    single_of: Vec<u32>,
    /// Links as adjacency lists; an entry is `node << 1 | in_cell`.
    strong_start: Vec<u32>,
    strong_to: Vec<u32>,
    /// The strong links as node numbers, by node: `[in a house, any]`, each a start per
    /// node (`len() + 1`) and the targets, in the order of `strong_to`. The searches read
    /// every strong link of a node they reach, once per start, so they read them straight
    /// instead of skipping flagged entries.
    strong_lists: [(Vec<u32>, Vec<u32>); 2],
    weak_start: Vec<u32>,
    weak_to: Vec<u32>,
    /// The listed weak links to nodes with a strong link `[in a house, any]`, as node
    /// numbers, which the searches leaving out dead ends read (see
    /// [`ChainGraph::for_each_link`]): a start per node (`len() + 1`) and the targets. Made
    /// on first use, as a graph serves searches that need one, the other or neither.
    live_weak_lists: [OnceLock<(Vec<u32>, Vec<u32>)>; 2],
    /// The nodes with a strong link, as bits over nodes: `[house links only, any]`.
    strong_nodes: [Vec<u64>; 2],
    /// The cells whose candidate of each symbol has a strong link, as bitsets per symbol:
    /// `[house links only, any]`.
    strong_cells: [Vec<u64>; 2],
}

/// How many candidate states a [`Memo`] remembers, and how many nodes their graphs may have
/// in all (so that on a large geometry it keeps fewer).
const MEMO_STATES: usize = 64;
const MEMO_NODES: usize = 1 << 15;

/// The grouped graphs of the last candidate states of a line of play, each with its state
/// (placed values and candidates). A graph is a function of the state alone, so one read back
/// for an equal state is the graph a new build would give, and the searches find the same.
/// The solver builds one where the grouped chains search, and the nice loops on the same
/// state, there or in the rating's replay of the steps, read it back. Unlike the fish memos,
/// copies of a board share it (the replay starts from a copy of the board the solve started
/// from); boards made for another puzzle start their own.
#[derive(Default)]
pub(crate) struct Memo(Mutex<Remembered>);

/// What a [`Memo`] holds.
#[derive(Default)]
struct Remembered {
    states: VecDeque<MemoEntry>,
    /// The cells each house shares with another no-repeat shape, as bitsets, each distinct
    /// set once ([`overlap_sets`]): a function of the geometry alone, which the boards sharing
    /// a memo share (they are copies of one board).
    overlaps: Option<Vec<u64>>,
    /// Per symbol, its places (bitsets of `cand_bits`' words) when a grouped X-chain search
    /// last found nothing on it, then the most links it looked at (see `grouped_chains`).
    x_keys: Vec<u64>,
    x_depth: Vec<u8>,
}

/// One remembered state and its graph.
struct MemoEntry {
    values: Vec<Option<u8>>,
    cands: Vec<SymbolSet>,
    links: Arc<Links>,
}

/// Copies of a board share it (see [`Memo`]).
impl crate::reason::memo::Memory for Memo {
    const SHARED: bool = true;
}

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Memo")
    }
}

impl<'a> ChainGraph<'a> {
    /// The graph of a board, with group nodes, from the board's memo when its state was seen.
    pub(crate) fn new(board: &'a Board) -> Self {
        let (values, cands) = (board.values(), board.candidate_grid());
        let mut guard = board
            .memo::<Memo>()
            .0
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        let Remembered {
            states: memo,
            overlaps,
            ..
        } = &mut *guard;
        let links = match memo.iter().find(|e| e.cands == cands && e.values == values) {
            Some(e) => e.links.clone(),
            None => {
                let sets = overlaps.get_or_insert_with(|| overlap_sets(board));
                let links = Arc::new(Links::new(board, sets));
                let mut nodes: usize = memo.iter().map(|e| e.links.len()).sum();
                while memo.len() >= MEMO_STATES
                    || (nodes + links.len() > MEMO_NODES && !memo.is_empty())
                {
                    nodes -= memo.pop_front().map_or(0, |e| e.links.len());
                }
                memo.push_back(MemoEntry {
                    values: values.to_vec(),
                    cands: cands.to_vec(),
                    links: links.clone(),
                });
                links
            }
        };
        ChainGraph { board, links }
    }
}

/// The cells each house shares with another no-repeat shape (two or more, see
/// [`Links::add_groups`]), as bitsets over cells, each distinct set once: a box and a line
/// give the same set from either side.
fn overlap_sets(b: &Board) -> Vec<u64> {
    let g = b.geometry();
    let words = g.cell_count().div_ceil(64);
    let mut sets: Vec<u64> = Vec::new();
    let mut one = vec![0u64; words];
    for o in &b.tables().overlaps {
        one.fill(0);
        for (i, &c) in g.shape(o.source).cells.iter().enumerate().take(64) {
            if o.inside >> i & 1 == 1 {
                one[c / 64] |= 1 << (c % 64);
            }
        }
        if !sets.chunks_exact(words).any(|s| s == one) {
            sets.extend_from_slice(&one);
        }
    }
    sets
}

impl Links {
    /// The graph of a board, its group nodes from the board's [`overlap_sets`].
    fn new(board: &Board, overlaps: &[u64]) -> Self {
        let g = board.geometry();
        let (nc, n) = (g.cell_count(), g.symbol_count());
        let words = nc.div_ceil(64);
        let mut gr = Links {
            words,
            symbols: n,
            singles: 0,
            sym: Vec::new(),
            cell_start: vec![0],
            cell_list: Vec::new(),
            own: Vec::new(),
            seen: Vec::new(),
            cand_bits: vec![0u64; n * words],
            single_of: vec![u32::MAX; nc * n],
            strong_start: Vec::new(),
            strong_to: Vec::new(),
            strong_lists: Default::default(),
            weak_start: Vec::new(),
            weak_to: Vec::new(),
            live_weak_lists: Default::default(),
            strong_nodes: [Vec::new(), Vec::new()],
            strong_cells: [vec![0u64; n * words], vec![0u64; n * words]],
        };
        // A candidate's node is its cell, and the cells seeing it are its cell's peers: the
        // candidates are listed straight (as `add_groups` lists groups), the lists sized once.
        let empty = (0..nc).filter(|&c| board.value(c).is_none());
        let singles = empty
            .clone()
            .map(|c| board.candidates(c).len() as usize)
            .sum();
        gr.reserve_nodes(singles, singles);
        let peers = &board.tables().peer_bits;
        for c in empty {
            for v in board.candidates(c).iter() {
                gr.cand_bits[v as usize * words + c / 64] |= 1 << (c % 64);
                gr.single_of[c * n + v as usize] = gr.sym.len() as u32;
                gr.sym.push(v);
                gr.cell_list.push(c as u32);
                gr.cell_start.push(gr.cell_list.len() as u32);
                let at = gr.own.len();
                gr.own.resize(at + words, 0);
                gr.own[at + c / 64] |= 1 << (c % 64);
                gr.seen.extend_from_slice(&peers[c * words..][..words]);
            }
        }
        gr.singles = gr.sym.len();
        gr.add_groups(board, overlaps);
        gr.link(board);
        gr
    }

    /// Room in the node lists for `nodes` more nodes holding `cells` cells in all, so that
    /// listing them grows each list once.
    fn reserve_nodes(&mut self, nodes: usize, cells: usize) {
        let w = self.words;
        self.sym.reserve(nodes);
        self.cell_start.reserve(nodes);
        self.cell_list.reserve(cells);
        self.own.reserve(nodes * w);
        self.seen.reserve(nodes * w);
    }

    /// Group nodes: for every house and other no-repeat shape sharing two or more cells, each
    /// symbol's places in the house that lie in the shape, when there are two or more; by
    /// symbol, then by their cells' bits (word by word), each once. `sets` are the shared
    /// cells ([`overlap_sets`]): a set given twice would give the same groups, so the groups
    /// are those of every house and shape.
    ///
    /// The groups are found first, all symbols, into one buffer, so that the node lists grow
    /// once; a group's cells are its bits in order, and the cells seeing it the peers common
    /// to them.
    fn add_groups(&mut self, b: &Board, sets: &[u64]) {
        let w = self.words;
        // One symbol's places in each set, `w` words per set, and the sets with two or more.
        let mut bits = vec![0u64; sets.len()];
        let mut keys: Vec<u32> = Vec::with_capacity(sets.len() / w.max(1));
        // The groups of every symbol, `w` words each, and their symbols.
        let mut found: Vec<u64> = Vec::new();
        let mut found_sym: Vec<u8> = Vec::new();
        for v in 0..self.symbols {
            keys.clear();
            let cand = &self.cand_bits[v * w..][..w];
            let pairs = sets.chunks_exact(w).zip(bits.chunks_exact_mut(w));
            for (k, (set, out)) in pairs.enumerate() {
                let mut places = 0;
                for i in 0..w {
                    out[i] = set[i] & cand[i];
                    places += out[i].count_ones();
                }
                if places >= 2 {
                    keys.push(k as u32);
                }
            }
            let slice = |k: u32| &bits[k as usize * w..][..w];
            keys.sort_unstable_by(|&x, &y| slice(x).cmp(slice(y)));
            keys.dedup_by(|x, y| slice(*x) == slice(*y));
            for &k in &keys {
                found.extend_from_slice(slice(k));
                found_sym.push(v as u8);
            }
        }
        let groups = found_sym.len();
        let cells: usize = found.iter().map(|m| m.count_ones() as usize).sum();
        self.reserve_nodes(groups, cells);
        let peers = &b.tables().peer_bits;
        for (own, &v) in found.chunks_exact(w).zip(&found_sym) {
            self.sym.push(v);
            self.own.extend_from_slice(own);
            let at = self.seen.len();
            self.seen.resize(at + w, !0);
            for (i, &m) in own.iter().enumerate() {
                let mut m = m;
                while m != 0 {
                    let c = i * 64 + m.trailing_zeros() as usize;
                    m &= m - 1;
                    self.cell_list.push(c as u32);
                    for j in 0..w {
                        self.seen[at + j] &= peers[c * w + j];
                    }
                }
            }
            self.cell_start.push(self.cell_list.len() as u32);
        }
    }

    fn has(&self, cell: usize, v: u8) -> bool {
        self.cand_bits[v as usize * self.words + cell / 64] >> (cell % 64) & 1 == 1
    }

    /// Lists every link (see the module documentation).
    fn link(&mut self, b: &Board) {
        let count = self.sym.len();
        let n = self.symbols;
        // Group nodes are made in order of symbol (see `add_groups`): the groups of `v` are
        // `group_start[v]..group_start[v + 1]`.
        let mut group_start = vec![self.singles as u32; n + 1];
        for x in self.singles..count {
            group_start[self.sym[x] as usize + 1] = x as u32 + 1;
        }
        for v in 0..n {
            group_start[v + 1] = group_start[v + 1].max(group_start[v]);
        }
        let mut strong = self.house_links(b);
        let weak = self.group_links(&group_start);
        // A bivalue cell's two candidates are strongly linked.
        for x in 0..self.singles as u32 {
            let c = self.cell_list[self.cell_start[x as usize] as usize] as usize;
            let cands = b.candidates(c);
            if cands.len() == 2 {
                let v = self.sym[x as usize];
                let u = cands.without(v).first().unwrap_or(v);
                strong.push((x << 1, self.single_of[c * n + u as usize] << 1 | 1));
            }
        }
        (self.strong_start, self.strong_to) = adjacency(count, strong);
        (self.weak_start, self.weak_to) = adjacency(count, weak);
        self.mark_strong();
        self.list_strong();
    }

    /// Fills [`Links::strong_lists`] from the flagged lists.
    fn list_strong(&mut self) {
        let (start, to) = (&self.strong_start, &self.strong_to);
        let mut house = (
            Vec::with_capacity(start.len()),
            Vec::with_capacity(to.len()),
        );
        house.0.push(0);
        for x in 0..start.len() - 1 {
            let list = &to[start[x] as usize..start[x + 1] as usize];
            let in_house = list.iter().filter(|&&e| e & 1 == 0);
            house.1.extend(in_house.map(|&e| e >> 1));
            house.0.push(house.1.len() as u32);
        }
        let any = (start.clone(), to.iter().map(|&e| e >> 1).collect());
        self.strong_lists = [house, any];
    }

    /// The strong links by node, in a house only (`kind` 0) or of any kind
    /// ([`Links::strong_lists`]).
    fn strong_list(&self, kind: usize) -> (&[u32], &[u32]) {
        let (start, to) = &self.strong_lists[kind];
        (start, to)
    }

    /// The weak links to or from a group, by groups `group_start` per symbol.
    ///
    /// Weak links between candidates are found on the fly (a bitset of peers); the ones to
    /// or from a group are listed. A candidate sees every cell of a group exactly when its
    /// cell lies in the group's `seen`, so both directions are read from the groups; each
    /// node's list is still in the order of a pass node by node (candidates, then groups,
    /// each ascending), since `adjacency` keeps the order links are made in.
    fn group_links(&self, group_start: &[u32]) -> Vec<(u32, u32)> {
        let count = self.sym.len();
        let (w, n) = (self.words, self.symbols);
        // Sized once: two entries per candidate seeing a group, at most one per pair of
        // groups of a symbol.
        let most: usize = (self.singles..count)
            .map(|y| {
                let v = self.sym[y] as usize;
                let seen = &self.seen[y * w..][..w];
                let cands: u32 = (0..w)
                    .map(|i| (seen[i] & self.cand_bits[v * w + i]).count_ones())
                    .sum();
                2 * cands as usize + (group_start[v + 1] - group_start[v]) as usize
            })
            .sum();
        let mut weak: Vec<(u32, u32)> = Vec::with_capacity(most);
        for y in self.singles as u32..count as u32 {
            let v = self.sym[y as usize] as usize;
            let seen = &self.seen[y as usize * w..][..w];
            for (i, &s) in seen.iter().enumerate() {
                let mut m = s & self.cand_bits[v * w + i];
                while m != 0 {
                    let c = i * 64 + m.trailing_zeros() as usize;
                    m &= m - 1;
                    let x = self.single_of[c * n + v];
                    weak.push((y << 1, x << 1));
                    weak.push((x << 1, y << 1));
                }
            }
            for z in group_start[v]..group_start[v + 1] {
                let o = &self.own[z as usize * w..][..w];
                if z != y && (0..w).all(|i| o[i] & !seen[i] == 0) {
                    weak.push((y << 1, z << 1));
                }
            }
        }
        weak
    }

    /// Marks the nodes and cells with a strong link ([`Links::strong_nodes`],
    /// [`Links::strong_cells`]).
    fn mark_strong(&mut self) {
        let count = self.sym.len();
        let w = self.words;
        self.strong_nodes = [
            vec![0u64; count.div_ceil(64)],
            vec![0u64; count.div_ceil(64)],
        ];
        for x in 0..count {
            let to =
                &self.strong_to[self.strong_start[x] as usize..self.strong_start[x + 1] as usize];
            for (k, any) in [false, true].into_iter().enumerate() {
                if to.iter().any(|&e| any || e & 1 == 0) {
                    self.strong_nodes[k][x / 64] |= 1 << (x % 64);
                    if x < self.singles {
                        let c = self.cell_list[self.cell_start[x] as usize] as usize;
                        let v = self.sym[x] as usize;
                        self.strong_cells[k][v * w + c / 64] |= 1 << (c % 64);
                    }
                }
            }
        }
    }

    /// The weak links to nodes with a strong link (in a house when `kind` is 0, else of any
    /// kind, in-cell links then included), as node numbers, by node
    /// ([`Links::live_weak_lists`]): for each node, in the order
    /// [`ChainGraph::for_each_link`] gives them, the listed ones, then for a candidate its
    /// peers' and then (`kind` 1) its cell's. A search reads each node's links once per
    /// start, so one list read straight serves better than bits read anew.
    fn live_weak(&self, b: &Board, kind: usize) -> &(Vec<u32>, Vec<u32>) {
        self.live_weak_lists[kind].get_or_init(|| {
            let live = &self.strong_nodes[kind];
            let alive = |y: u32| live[y as usize / 64] >> (y % 64) & 1 == 1;
            let (start, to) = (&self.weak_start, &self.weak_to);
            let (w, n) = (self.words, self.symbols);
            let mut out_start = Vec::with_capacity(start.len());
            let mut out_to = Vec::with_capacity(to.len() + 8 * self.singles);
            out_start.push(0);
            for x in 0..self.len() {
                for &e in &to[start[x] as usize..start[x + 1] as usize] {
                    if alive(e >> 1) {
                        out_to.push(e >> 1);
                    }
                }
                if x < self.singles {
                    let v = self.sym[x] as usize;
                    let seen = &self.seen[x * w..][..w];
                    let cand = &self.strong_cells[kind][v * w..][..w];
                    for i in 0..w {
                        let mut m = seen[i] & cand[i];
                        while m != 0 {
                            let c = i * 64 + m.trailing_zeros() as usize;
                            m &= m - 1;
                            out_to.push(self.single_of[c * n + v]);
                        }
                    }
                    if kind == 1 {
                        let c = self.cell_list[self.cell_start[x] as usize] as usize;
                        for u in b.candidates(c).without(v as u8).iter() {
                            let y = self.single_of[c * n + u as usize];
                            if alive(y) {
                                out_to.push(y);
                            }
                        }
                    }
                }
                out_start.push(out_to.len() as u32);
            }
            (out_start, out_to)
        })
    }

    /// The strong links in houses: two disjoint nodes of a symbol that are all its places in a
    /// house, both ways, house by house and symbol by symbol.
    ///
    /// Each node inside the house is read as a mask over the house's cells (its places are
    /// within the symbol's places there, `p`), and its partner is the node whose mask is
    /// `p`'s rest: at most one, nodes of a symbol being distinct sets. So the pairs, looked
    /// for from each node among those after it, are those of the test of every pair (the
    /// tests' oracle), in the same order.
    fn house_links(&self, b: &Board) -> Vec<(u32, u32)> {
        let t = b.tables();
        let w = self.words;
        let count = self.sym.len();
        // The groups inside each house, by house, in node order (so by symbol): a group lies
        // in a house of its first cell or in none.
        let mut in_house: Vec<(u32, u32)> = Vec::new();
        for y in self.singles as u32..count as u32 {
            let o = &self.own[y as usize * w..][..w];
            for &i in &t.cell_houses[self.cells(y)[0] as usize] {
                let hb = t.house_bits(i as usize);
                if (0..w).all(|k| o[k] & !hb[k] == 0) {
                    in_house.push((u32::from(i) << 1, y));
                }
            }
        }
        let (house_start, house_groups) = adjacency(t.houses.len(), in_house);
        let mut strong: Vec<(u32, u32)> = Vec::new();
        // The nodes of a symbol inside the house, and their masks over the house's cells.
        let mut inside: Vec<(u32, u64)> = Vec::new();
        let n = self.symbols;
        // Per symbol, its places in the house, as a mask over the house's cells; and each
        // cell's place in the house.
        let mut places = vec![0u64; n];
        let mut local = vec![0u8; b.geometry().cell_count()];
        for (h, cells) in t.house_cells.chunks(n).enumerate() {
            let groups = &house_groups[house_start[h] as usize..house_start[h + 1] as usize];
            places.fill(0);
            for (i, &c) in cells.iter().enumerate() {
                local[c as usize] = i as u8;
                if b.value(c as usize).is_none() {
                    for v in b.candidates(c as usize).iter() {
                        places[v as usize] |= 1 << i;
                    }
                }
            }
            let mut next = 0;
            for (v, &p) in places.iter().enumerate() {
                let first = next;
                while next < groups.len() && self.sym[groups[next] as usize] as usize == v {
                    next += 1;
                }
                if p.count_ones() < 2 {
                    continue;
                }
                inside.clear();
                let mut m = p;
                while m != 0 {
                    let i = m.trailing_zeros();
                    m &= m - 1;
                    let c = cells[i as usize] as usize;
                    inside.push((self.single_of[c * n + v], 1 << i));
                }
                for &y in &groups[first..next] {
                    let cells = self.cells(y).iter();
                    inside.push((y, cells.fold(0, |a, &c| a | 1 << local[c as usize])));
                }
                for (i, &(x, m)) in inside.iter().enumerate() {
                    if let Some(&(y, _)) = inside[i + 1..].iter().find(|e| e.1 == p ^ m) {
                        strong.push((x << 1, y << 1));
                        strong.push((y << 1, x << 1));
                    }
                }
            }
        }
        strong
    }

    fn disjoint(&self, x: u32, y: u32) -> bool {
        let w = self.words;
        let (a, b) = (
            &self.own[x as usize * w..][..w],
            &self.own[y as usize * w..][..w],
        );
        (0..w).all(|i| a[i] & b[i] == 0)
    }

    /// Number of nodes.
    pub(crate) fn len(&self) -> usize {
        self.sym.len()
    }

    /// The node's symbol.
    pub(crate) fn symbol(&self, x: u32) -> u8 {
        self.sym[x as usize]
    }

    /// The node's cells.
    pub(crate) fn cells(&self, x: u32) -> &[u32] {
        &self.cell_list
            [self.cell_start[x as usize] as usize..self.cell_start[x as usize + 1] as usize]
    }

    /// Whether the node is a group of cells.
    pub(crate) fn is_group(&self, x: u32) -> bool {
        x as usize >= self.singles
    }

    /// The candidate node of `symbol` in `cell`, if it is a candidate there.
    pub(crate) fn single(&self, cell: usize, symbol: u8) -> Option<u32> {
        Some(self.single_of[cell * self.symbols + symbol as usize]).filter(|&x| x != u32::MAX)
    }
}

impl ChainGraph<'_> {
    /// Per symbol, the most links up to which a grouped X-chain search found nothing on the
    /// symbol's places as they are now (0: none known). See `grouped_chains` for why a
    /// symbol's X-chains depend on its places alone.
    pub(crate) fn x_nothing(&self) -> Vec<u8> {
        let m = self
            .board
            .memo::<Memo>()
            .0
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        let (w, n) = (self.words, self.symbols);
        (0..n)
            .map(|v| {
                let known = m.x_depth.len() == n
                    && m.x_keys.len() == n * w
                    && m.x_keys[v * w..][..w] == self.cand_bits[v * w..][..w];
                if known { m.x_depth[v] } else { 0 }
            })
            .collect()
    }

    /// Records, per symbol, the most links up to which a grouped X-chain search found nothing
    /// on its places as they are now (0: nothing to record; an earlier record stays).
    pub(crate) fn record_x_nothing(&self, depth: &[u8]) {
        let mut m = self
            .board
            .memo::<Memo>()
            .0
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        let (w, n) = (self.words, self.symbols);
        if m.x_depth.len() != n || m.x_keys.len() != n * w {
            m.x_depth = vec![0; n];
            m.x_keys = vec![0; n * w];
        }
        for (v, &d) in depth.iter().enumerate().filter(|x| *x.1 > 0) {
            m.x_keys[v * w..][..w].copy_from_slice(&self.cand_bits[v * w..][..w]);
            m.x_depth[v] = d;
        }
    }

    /// The candidates of a cell.
    pub(crate) fn board_candidates(&self, cell: usize) -> impl Iterator<Item = u8> {
        self.board.candidates(cell).iter()
    }

    /// Whether `x` and `y` are weakly linked (by house, or in a cell when `cell_links`).
    pub(crate) fn weak_linked(&self, x: u32, y: u32, cell_links: bool) -> bool {
        if self.is_group(x) || self.is_group(y) {
            return self.listed(x, false).any(|z| z >> 1 == y);
        }
        let (cx, cy) = (self.cells(x)[0] as usize, self.cells(y)[0] as usize);
        if self.sym[x as usize] == self.sym[y as usize] {
            cx != cy && self.board.tables().sees(cx, cy)
        } else {
            cell_links && cx == cy
        }
    }

    /// The nodes weakly linked to `x` (by house or in a cell), as bits over nodes into `out`
    /// (resized to fit): for a candidate `x`, those of which
    /// [`ChainGraph::weak_linked`]`(y, x, true)` holds, weak links being both ways.
    pub(crate) fn weak_nodes(&self, x: u32, out: &mut Vec<u64>) {
        out.clear();
        out.resize(self.len().div_ceil(64), 0);
        self.for_each_link(x, false, true, false, |y| {
            out[y as usize / 64] |= 1 << (y % 64)
        });
    }

    /// Whether the node has a strong link (by house, or in a cell when `cell_links`).
    pub(crate) fn has_strong(&self, x: u32, cell_links: bool) -> bool {
        self.strong_nodes[usize::from(cell_links)][x as usize / 64] >> (x % 64) & 1 == 1
    }

    /// The listed links of `x` (`node << 1 | in_cell`): every strong link, and the weak links
    /// to or from a group.
    fn listed(&self, x: u32, strong: bool) -> impl Iterator<Item = u32> + '_ {
        let (start, to) = if strong {
            (&self.strong_start, &self.strong_to)
        } else {
            (&self.weak_start, &self.weak_to)
        };
        to[start[x as usize] as usize..start[x as usize + 1] as usize]
            .iter()
            .copied()
    }

    /// Calls `f` for each strong or weak link of `x`, with or without the links inside cells,
    /// in the order of the lists, then of cells, then of symbols. With `live`, a weak link only
    /// to a node with a strong link of that kind (see [`Bfs::explore`]); the order of the rest
    /// is kept.
    ///
    /// With `live`, the weak links come from [`Links::live_weak`], where the dead ends are
    /// left out already (the test compares this with the way first written, which skips
    /// them as it reads the full lists and the bits of peers).
    fn for_each_link(
        &self,
        x: u32,
        strong: bool,
        cell_links: bool,
        live: bool,
        mut f: impl FnMut(u32),
    ) {
        let kind = usize::from(cell_links);
        if strong {
            let (start, to) = self.strong_list(kind);
            for &y in &to[start[x as usize] as usize..start[x as usize + 1] as usize] {
                f(y);
            }
        } else if live {
            let (start, to) = self.live_weak(self.board, kind);
            for &y in &to[start[x as usize] as usize..start[x as usize + 1] as usize] {
                f(y);
            }
            return;
        } else {
            // Weak links listed carry no in-cell flag, and all count without `live`.
            for e in self.listed(x, false) {
                f(e >> 1);
            }
        }
        if strong || self.is_group(x) {
            return;
        }
        let (w, n) = (self.words, self.symbols);
        let v = self.sym[x as usize] as usize;
        let seen = &self.seen[x as usize * w..][..w];
        let cand = &self.cand_bits[v * w..][..w];
        for i in 0..w {
            let mut m = seen[i] & cand[i];
            while m != 0 {
                let c = i * 64 + m.trailing_zeros() as usize;
                m &= m - 1;
                f(self.single_of[c * n + v]);
            }
        }
        if cell_links {
            let c = self.cells(x)[0] as usize;
            for u in self.board.candidates(c).without(v as u8).iter() {
                f(self.single_of[c * n + u as usize]);
            }
        }
    }

    /// The candidates that are false if `x` is true: `x`'s symbol in every cell seeing all of
    /// `x`'s cells, and, for a candidate, the other candidates of its cell. As a bitset over
    /// cells, for symbol `v`.
    fn kills(&self, x: u32, v: u8, out: &mut [u64]) {
        let w = self.words;
        out.fill(0);
        if self.sym[x as usize] == v {
            let seen = &self.seen[x as usize * w..][..w];
            for i in 0..w {
                out[i] = seen[i] & self.cand_bits[v as usize * w + i];
            }
        } else if !self.is_group(x) {
            let c = self.cells(x)[0] as usize;
            if self.has(c, v) {
                out[c / 64] |= 1 << (c % 64);
            }
        }
    }

    /// Whether [`ChainGraph::killed_by_both`] is not empty, without building it: the searches
    /// ask this of every end they reach, and few ends eliminate anything. Word by word, it is
    /// [`ChainGraph::kills`] of both ends intersected, symbol by symbol, read in closed form:
    /// - two candidates in one cell kill its other candidates, and nothing else in common
    ///   (neither kills the other's symbol in the cell, a cell not being its own peer);
    /// - ends on one symbol kill its candidates seeing both;
    /// - ends on two symbols kill one's symbol only in the other's cell, when that end is a
    ///   candidate seeing it.
    pub(crate) fn kills_any(&self, x: u32, y: u32) -> bool {
        let w = self.words;
        let (cx, cy) = (self.cells(x)[0] as usize, self.cells(y)[0] as usize);
        let (gx, gy) = (self.is_group(x), self.is_group(y));
        let (sx, sy) = (self.sym[x as usize], self.sym[y as usize]);
        let (seen_x, seen_y) = (
            &self.seen[x as usize * w..][..w],
            &self.seen[y as usize * w..][..w],
        );
        if !gx && !gy && cx == cy {
            return !self.board.candidates(cx).without(sx).without(sy).is_empty();
        }
        if sx == sy {
            let cand = &self.cand_bits[sx as usize * w..][..w];
            return (0..w).any(|i| seen_x[i] & seen_y[i] & cand[i] != 0);
        }
        let bit = |s: &[u64], c: usize| s[c / 64] >> (c % 64) & 1 == 1;
        (!gy && self.has(cy, sx) && bit(seen_x, cy)) || (!gx && self.has(cx, sy) && bit(seen_y, cx))
    }

    /// The candidates false whether `x` or `y` is true (so false when one of them must be):
    /// `(cell, symbol)`, sorted.
    pub(crate) fn killed_by_both(&self, x: u32, y: u32) -> Vec<(usize, u8)> {
        let mut syms = vec![self.sym[x as usize], self.sym[y as usize]];
        let (cx, cy) = (self.cells(x), self.cells(y));
        if !self.is_group(x) && !self.is_group(y) && cx[0] == cy[0] {
            syms = self.board.candidates(cx[0] as usize).iter().collect();
        }
        syms.sort_unstable();
        syms.dedup();
        let w = self.words;
        let (mut a, mut b) = (vec![0u64; w], vec![0u64; w]);
        let mut out = Vec::new();
        for v in syms {
            self.kills(x, v, &mut a);
            self.kills(y, v, &mut b);
            for i in 0..w {
                let mut m = a[i] & b[i];
                while m != 0 {
                    out.push((i * 64 + m.trailing_zeros() as usize, v));
                    m &= m - 1;
                }
            }
        }
        out.sort_unstable();
        out
    }

    /// Whether two nodes on one symbol share a cell (a chain through both would be a lasso).
    pub(crate) fn clash(&self, x: u32, y: u32) -> bool {
        x == y || (self.sym[x as usize] == self.sym[y as usize] && !self.disjoint(x, y))
    }
}

/// Adjacency lists (start offsets and targets) from a list of directed links, by counting:
/// the lists keep the order the links were made in (a link listed twice, as a pair strong in
/// two houses, only costs the search a look).
fn adjacency(count: usize, links: Vec<(u32, u32)>) -> (Vec<u32>, Vec<u32>) {
    let mut start = vec![0u32; count + 1];
    for &(a, _) in &links {
        start[(a >> 1) as usize + 1] += 1;
    }
    for i in 0..count {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut to = vec![0u32; links.len()];
    for (a, b) in links {
        let k = &mut fill[(a >> 1) as usize];
        to[*k as usize] = b;
        *k += 1;
    }
    (start, to)
}

#[path = "bfs.rs"]
mod bfs;
pub(crate) use bfs::Bfs;

#[cfg(test)]
#[path = "graph_tests.rs"]
mod tests;
