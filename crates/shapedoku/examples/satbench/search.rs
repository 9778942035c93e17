//! A native backtracking search for grids of any size whose shapes are all houses (no-repeat
//! shapes with one cell per symbol, at most 64 symbols): singles, optionally locked candidates,
//! naked and hidden pairs, and failed-literal probing at every node, branching on the cell with
//! the fewest candidates or the house-symbol with the fewest places. It exists to measure
//! whether such a search could replace the clause solver on large grids (see
//! docs/performance.md); it does not learn from failures.

use shapedoku::Puzzle;

const OPEN: u8 = u8::MAX;

/// Which reasoning runs at every node, parsed from letters: `l` locked candidates, `p` naked and
/// hidden pairs, `P` probing bivalue cells (`P2`: also keep what both values imply, `P3`: probe
/// every candidate of every cell).
#[derive(Clone, Copy, Debug)]
pub struct Mode {
    locked: bool,
    pairs: bool,
    probe: u8,
}

impl Mode {
    /// Parses the letters described on [`Mode`].
    pub fn parse(s: &str) -> Mode {
        let probe = ["P3", "P2", "P"]
            .iter()
            .position(|p| s.contains(p))
            .map_or(0, |i| 3 - i as u8);
        Mode {
            locked: s.contains('l'),
            pairs: s.contains('p'),
            probe,
        }
    }
    /// Whether the mode probes at all.
    pub fn probes(self) -> bool {
        self.probe > 0
    }
}

/// The houses of a geometry and what the search derives from them.
pub struct Houses {
    full: u64,
    houses: Vec<Vec<usize>>,
    peers: Vec<Vec<usize>>,
    /// For two houses sharing two or more cells (but not all): the shared cells, the rest of
    /// the first, the rest of the second.
    overlaps: Vec<[Vec<usize>; 3]>,
}

impl Houses {
    /// The puzzle's houses, or `None` when a shape is not a house or the alphabet is over 64.
    pub fn of(puzzle: &Puzzle) -> Option<Houses> {
        let g = puzzle.geometry();
        let n = g.symbol_count();
        let houses: Vec<Vec<usize>> = g.shapes().iter().map(|s| s.cells.clone()).collect();
        let plain = g
            .shapes()
            .iter()
            .all(|s| s.rule == shapedoku::Rule::NoRepeat);
        if n > 64 || !plain || houses.iter().any(|h| h.len() != n) || !g.constraints().is_empty() {
            return None;
        }
        let mut peers = vec![Vec::new(); g.cell_count()];
        for h in &houses {
            for &a in h {
                peers[a].extend(h.iter().copied().filter(|&b| b != a));
            }
        }
        for p in &mut peers {
            p.sort_unstable();
            p.dedup();
        }
        let mut overlaps = Vec::new();
        for (i, a) in houses.iter().enumerate() {
            for b in &houses[i + 1..] {
                let shared: Vec<usize> = a.iter().copied().filter(|c| b.contains(c)).collect();
                if shared.len() >= 2 {
                    let rest = |h: &[usize]| -> Vec<usize> {
                        h.iter().copied().filter(|c| !shared.contains(c)).collect()
                    };
                    overlaps.push([shared.clone(), rest(a), rest(b)]);
                }
            }
        }
        let full = if n == 64 { u64::MAX } else { (1 << n) - 1 };
        Some(Houses {
            full,
            houses,
            peers,
            overlaps,
        })
    }
}

/// One node's candidates (bit `s` = symbol `s`) and placed symbols.
#[derive(Clone)]
pub struct State {
    cand: Vec<u64>,
    val: Vec<u8>,
}

impl State {
    /// The puzzle's givens as candidates.
    pub fn of(h: &Houses, puzzle: &Puzzle) -> State {
        let cand = puzzle
            .givens()
            .iter()
            .map(|g| g.map_or(h.full, |s| 1 << s))
            .collect();
        State {
            val: vec![OPEN; puzzle.givens().len()],
            cand,
        }
    }
    /// The candidates, one symbol mask per cell.
    pub fn candidates(&self) -> &[u64] {
        &self.cand
    }
    /// How many candidates are left in all.
    pub fn count(&self) -> u32 {
        self.cand.iter().map(|m| m.count_ones()).sum()
    }
}

/// The search and its counters.
pub struct Search<'a> {
    h: &'a Houses,
    mode: Mode,
    /// Nodes visited (one per propagation of a branch).
    pub nodes: u64,
    /// Propagations run by probing.
    pub probes: u64,
    /// Solutions found (up to the limit).
    pub solutions: Vec<Vec<u8>>,
    /// Set when the node budget ran out before the answer was known.
    pub undecided: bool,
    limit: usize,
    max_nodes: u64,
    stack: Vec<usize>,
}

impl<'a> Search<'a> {
    /// A search over these houses, stopping at `limit` solutions or after `max_nodes` nodes.
    pub fn new(h: &'a Houses, mode: Mode, limit: usize, max_nodes: u64) -> Search<'a> {
        Search {
            h,
            mode,
            nodes: 0,
            probes: 0,
            solutions: Vec::new(),
            undecided: false,
            limit,
            max_nodes,
            stack: Vec::new(),
        }
    }

    /// Removes `m` from cell `c`; `None` on an empty cell, else whether anything changed.
    fn elim(&mut self, st: &mut State, c: usize, m: u64) -> Option<bool> {
        let old = st.cand[c];
        if old & m == 0 {
            return Some(false);
        }
        let new = old & !m;
        st.cand[c] = new;
        if new == 0 {
            return None;
        }
        if new.is_power_of_two() {
            self.stack.push(c);
        }
        Some(true)
    }

    /// Places every single on the stack, clearing its symbol from its peers.
    fn place_singles(&mut self, st: &mut State) -> bool {
        while let Some(c) = self.stack.pop() {
            if st.val[c] != OPEN {
                continue;
            }
            let bit = st.cand[c];
            st.val[c] = bit.trailing_zeros() as u8;
            for i in 0..self.h.peers[c].len() {
                if self.elim(st, self.h.peers[c][i], bit).is_none() {
                    return false;
                }
            }
        }
        true
    }

    /// Hidden singles; `None` on a symbol without a place, else whether anything was placed.
    fn hidden_singles(&mut self, st: &mut State) -> Option<bool> {
        let mut progress = false;
        for h in &self.h.houses {
            let (mut once, mut twice) = (0u64, 0u64);
            for &c in h {
                twice |= once & st.cand[c];
                once |= st.cand[c];
            }
            if once != self.h.full {
                return None;
            }
            let mut single = once & !twice;
            while single != 0 {
                let b = single & single.wrapping_neg();
                single ^= b;
                let c = *h.iter().find(|&&c| st.cand[c] & b != 0)?;
                if st.val[c] == OPEN {
                    st.cand[c] = b;
                    self.stack.push(c);
                    progress = true;
                }
            }
        }
        Some(progress)
    }

    /// Locked candidates over every overlap of two houses.
    fn locked(&mut self, st: &mut State) -> Option<bool> {
        let h = self.h;
        let mut progress = false;
        for [shared, a, b] in &h.overlaps {
            let union = |cells: &Vec<usize>| cells.iter().fold(0, |m, &c| m | st.cand[c]);
            let (ms, ma, mb) = (union(shared), union(a), union(b));
            for (only, rest) in [(ms & !ma & mb, b), (ms & !mb & ma, a)] {
                if only != 0 {
                    for &c in rest {
                        progress |= self.elim(st, c, only)?;
                    }
                }
            }
        }
        Some(progress)
    }

    /// Naked pairs and hidden pairs in every house.
    fn pairs(&mut self, st: &mut State) -> Option<bool> {
        let h = self.h;
        let mut progress = false;
        for house in &h.houses {
            for (x, &c1) in house.iter().enumerate() {
                let m = st.cand[c1];
                if m.count_ones() != 2 {
                    continue;
                }
                for &c2 in &house[x + 1..] {
                    if st.cand[c2] != m {
                        continue;
                    }
                    for &c in house.iter().filter(|&&c| c != c1 && c != c2) {
                        progress |= self.elim(st, c, m)?;
                    }
                }
            }
            let mut places = [0u64; 64];
            for (k, &c) in house.iter().enumerate().filter(|x| st.val[*x.1] == OPEN) {
                let mut m = st.cand[c];
                while m != 0 {
                    places[m.trailing_zeros() as usize] |= 1 << k;
                    m &= m - 1;
                }
            }
            for d1 in 0..64 {
                if places[d1].count_ones() != 2 {
                    continue;
                }
                for d2 in (d1 + 1..64).filter(|&d2| places[d2] == places[d1]) {
                    let keep = (1u64 << d1) | (1u64 << d2);
                    let mut p = places[d1];
                    while p != 0 {
                        progress |= self.elim(st, house[p.trailing_zeros() as usize], !keep)?;
                        p &= p - 1;
                    }
                }
            }
        }
        Some(progress)
    }

    /// Runs the mode's reasoning to a fixed point; false on a contradiction.
    pub fn propagate(&mut self, st: &mut State) -> bool {
        self.stack.clear();
        for c in 0..st.cand.len() {
            if st.val[c] == OPEN && st.cand[c].count_ones() <= 1 {
                if st.cand[c] == 0 {
                    return false;
                }
                self.stack.push(c);
            }
        }
        loop {
            if !self.place_singles(st) {
                return false;
            }
            let step = match self.hidden_singles(st) {
                Some(false) if self.mode.locked => match self.locked(st) {
                    Some(false) if self.mode.pairs => self.pairs(st),
                    x => x,
                },
                Some(false) if self.mode.pairs => self.pairs(st),
                x => x,
            };
            match step {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }
}

impl Search<'_> {
    /// The node after setting cell `c` to the symbols of `m`, propagated; `None` on failure.
    fn try_set(&mut self, st: &State, c: usize, m: u64) -> Option<State> {
        let mut child = st.clone();
        child.cand[c] = m;
        self.probes += 1;
        self.propagate(&mut child).then_some(child)
    }

    /// Failed-literal probing to a fixed point; false on a contradiction.
    pub fn probe(&mut self, st: &mut State) -> bool {
        loop {
            let mut changed = false;
            for c in 0..st.cand.len() {
                let m = st.cand[c];
                if st.val[c] != OPEN || (self.mode.probe < 3 && m.count_ones() != 2) {
                    continue;
                }
                // Each value of the cell in turn; a value that fails is removed. With `P2`,
                // what every surviving value implies holds at this node too.
                let mut union: Option<State> = None;
                let mut rest = m;
                while rest != 0 {
                    let b = rest & rest.wrapping_neg();
                    rest ^= b;
                    match self.try_set(st, c, b) {
                        None => {
                            st.cand[c] &= !b;
                            changed = true;
                        }
                        Some(child) => match &mut union {
                            None => union = Some(child),
                            Some(u) => {
                                for (x, y) in u.cand.iter_mut().zip(&child.cand) {
                                    *x |= y;
                                }
                            }
                        },
                    }
                }
                if let (Some(u), true) = (union, self.mode.probe >= 2) {
                    for (x, y) in st.cand.iter_mut().zip(&u.cand) {
                        changed |= *x & !y != 0;
                        *x &= y;
                    }
                }
                if changed && !self.propagate(st) {
                    return false;
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// The branch: a cell and its candidates, or a house-symbol's places as (cell, symbol)s,
    /// whichever has fewer choices; `None` when every cell is placed.
    fn branch(&self, st: &State) -> Option<Vec<(usize, u64)>> {
        let cell = (0..st.cand.len())
            .filter(|&c| st.val[c] == OPEN)
            .min_by_key(|&c| st.cand[c].count_ones())?;
        let mut best = st.cand[cell].count_ones() as usize;
        let mut choice: Vec<(usize, u64)> = Vec::new();
        for house in &self.h.houses {
            if best <= 2 {
                break;
            }
            let mut places = [0u8; 64];
            let mut placed = 0u64;
            for &c in house {
                if st.val[c] != OPEN {
                    placed |= 1 << st.val[c];
                    continue;
                }
                let mut m = st.cand[c];
                while m != 0 {
                    places[m.trailing_zeros() as usize] += 1;
                    m &= m - 1;
                }
            }
            let mut open = self.h.full & !placed;
            while open != 0 {
                let d = open.trailing_zeros() as usize;
                open &= open - 1;
                if (places[d] as usize) < best {
                    best = places[d] as usize;
                    let b = 1u64 << d;
                    let cells = house
                        .iter()
                        .filter(|&&c| st.val[c] == OPEN && st.cand[c] & b != 0);
                    choice = cells.map(|&c| (c, b)).collect();
                }
            }
        }
        if choice.is_empty() {
            let mut m = st.cand[cell];
            while m != 0 {
                choice.push((cell, m & m.wrapping_neg()));
                m &= m - 1;
            }
        }
        Some(choice)
    }

    /// Counts solutions below this node, up to the limit.
    pub fn run(&mut self, st: &mut State) {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            self.undecided = true;
            return;
        }
        if !self.propagate(st) || (self.mode.probes() && !self.probe(st)) {
            return;
        }
        let Some(choice) = self.branch(st) else {
            self.solutions.push(st.val.clone());
            return;
        };
        for (c, b) in choice {
            let mut child = st.clone();
            child.cand[c] = b;
            self.run(&mut child);
            if self.undecided || self.solutions.len() >= self.limit {
                return;
            }
            // Later branches of a house-symbol know it is not here.
            st.cand[c] &= !b;
        }
    }
}
