//! Forcing chains by contradiction: assume a candidate is true, let naked and hidden singles run;
//! if they end in a contradiction (a cell with no candidate, or a house with no place for a
//! symbol), the candidate is false.
//!
//! This is the last logical technique before a guess. Unlike a guess it proves what it removes:
//! the step lists the assumption, every placement the singles forced, in order, and the
//! contradiction. Candidates of bivalue cells are tried first, then cells with few candidates, and
//! among the contradictions found the one reached in the fewest placements is reported.

use crate::reason::board::Board;
use crate::reason::finder::Finder;
use crate::reason::step::{Broken, Candidate, Deduction, Step};
use crate::symbols::SymbolSet;

/// Passes by the most forced placements a chain may take: short chains are found (and
/// explained) first and cost less; chains beyond the last bound are not reported.
const BOUNDS: [usize; 4] = [2, 6, 15, 40];

/// Work lists for [`propagate`], reused across assumptions, and the scratch board it plays on.
///
/// Which houses are looked at for hidden singles: a placement touches every house through
/// the placed cell's peers, but a house can only gain a hidden single or lose every place for
/// a symbol where one of its cells lost a candidate, that is a house of the placed cell or of
/// a peer that held the placed symbol. Only those are marked (with the houses that already
/// held such a find on the board before the assumption, `ready`, marked whenever touched). A
/// house touched but not marked is unchanged since it last yielded nothing, so looking at it
/// would place nothing and find no contradiction; since the marked houses are still looked at
/// lowest first, the placements, their order and the contradiction stay those of looking at
/// every touched house.
///
/// Which cells are looked at for naked singles: after each placement, the placed cell's peers,
/// in order, placements first in, first out. A look at a peer does something only when the
/// peer is empty with at most one candidate left (`critical`), so the peers of a placement are
/// walked as bits of that set, read afresh after every placement the walk makes: the same
/// cells are placed, in the same order, as by looking at every peer.
struct Work {
    /// Houses that may hold a hidden single, as bits over house indices, so the first one (in
    /// house order) is found a word at a time.
    dirty: Vec<u64>,
    /// Houses holding a hidden single or missing a symbol on the board before any assumption.
    ready: Vec<u64>,
    /// The houses of each cell, as bits over house indices (`house_words` words per cell).
    own: Vec<u64>,
    /// Cells placed whose peers are still to be looked at, first in, first out.
    placed: Vec<usize>,
    implied: Vec<(usize, u8)>,
    capped: bool,
    /// The scratch board: values and candidates, as [`Board`] keeps them.
    values: Vec<Option<u8>>,
    cands: Vec<SymbolSet>,
    /// Empty cells with at most one candidate, as bits over cells (`peer_words` words).
    critical: Vec<u64>,
    /// `critical` on the board before any assumption.
    critical0: Vec<u64>,
    /// Per house and symbol (`symbols` per house), the empty cells of the house holding the
    /// symbol, and per house the symbols placed in it, kept as cells are placed: a look at a
    /// house reads them instead of its cells, and finds what [`scan`] finds.
    count: Vec<u8>,
    placed_in: Vec<SymbolSet>,
    /// Per house, the symbols whose `count` is 0 and those whose `count` is 1, kept as the
    /// counts drop: a look is two set differences instead of a pass over the counts.
    none: Vec<SymbolSet>,
    one: Vec<SymbolSet>,
    /// `count`, `placed_in`, `none` and `one` on the board before any assumption.
    count0: Vec<u8>,
    placed_in0: Vec<SymbolSet>,
    none0: Vec<SymbolSet>,
    one0: Vec<SymbolSet>,
    /// Per symbol, the empty cells holding it, as bits over cells (`peer_words` words per
    /// symbol): a placement finds the peers that lose its symbol a word at a time instead of
    /// reading every peer's candidates; and that on the board before any assumption.
    holding: Vec<u64>,
    holding0: Vec<u64>,
}

impl Work {
    /// The work lists and scratch board for the forcing chains of `board`: each cell's houses,
    /// the houses that may already hold a hidden single or lack a symbol, and the counts.
    fn new(board: &Board) -> Work {
        let g = board.geometry();
        let t = board.tables();
        let n = g.symbol_count();
        let houses = g.houses().len();
        let mut critical0 = vec![0u64; t.peer_words];
        for c in 0..g.cell_count() {
            if board.value(c).is_none() && board.candidates(c).len() <= 1 {
                critical0[c / 64] |= 1 << (c % 64);
            }
        }
        let (count0, placed_in0) = Work::counts(board, t);
        let (mut none0, mut one0) = (
            vec![SymbolSet::EMPTY; houses],
            vec![SymbolSet::EMPTY; houses],
        );
        for (i, ks) in count0.chunks(n).enumerate() {
            for (v, &k) in ks.iter().enumerate() {
                match k {
                    0 => none0[i] = none0[i].with(v as u8),
                    1 => one0[i] = one0[i].with(v as u8),
                    _ => {}
                }
            }
        }
        let mut holding0 = vec![0u64; n * t.peer_words];
        for c in (0..g.cell_count()).filter(|&c| board.value(c).is_none()) {
            for v in board.candidates(c).iter() {
                holding0[v as usize * t.peer_words + c / 64] |= 1 << (c % 64);
            }
        }
        let mut w = Work {
            dirty: vec![0; houses.div_ceil(64)],
            ready: vec![0; houses.div_ceil(64)],
            own: vec![0; g.cell_count() * t.house_words],
            placed: Vec::new(),
            implied: Vec::new(),
            capped: false,
            values: board.values().to_vec(),
            cands: board.candidate_grid().to_vec(),
            critical: critical0.clone(),
            critical0,
            holding: holding0.clone(),
            holding0,
            count: count0.clone(),
            placed_in: placed_in0.clone(),
            count0,
            placed_in0,
            none: none0.clone(),
            one: one0.clone(),
            none0,
            one0,
        };
        for (c, hs) in t.cell_houses.iter().enumerate() {
            for &h in hs {
                w.own[c * t.house_words + h as usize / 64] |= 1 << (h % 64);
            }
        }
        for i in 0..houses {
            let (missing, hidden) = w.look(i);
            if !missing.is_empty() || !hidden.is_empty() {
                w.ready[i / 64] |= 1 << (i % 64);
            }
        }
        w
    }

    /// Starts the scratch board over from `board`.
    fn reset(&mut self, board: &Board) {
        self.values.clone_from_slice(board.values());
        self.cands.clone_from_slice(board.candidate_grid());
        self.critical.copy_from_slice(&self.critical0);
        self.holding.copy_from_slice(&self.holding0);
        self.count.copy_from_slice(&self.count0);
        self.placed_in.copy_from_slice(&self.placed_in0);
        self.none.copy_from_slice(&self.none0);
        self.one.copy_from_slice(&self.one0);
    }

    /// Takes one place for `v` from house `h` (see `count`, `none` and `one`).
    fn drop_place(&mut self, h: usize, n: usize, v: u8) {
        let k = &mut self.count[h * n + v as usize];
        *k -= 1;
        match *k {
            1 => self.one[h] = self.one[h].with(v),
            0 => {
                self.one[h] = self.one[h].without(v);
                self.none[h] = self.none[h].with(v);
            }
            _ => {}
        }
    }

    /// The counts of a board (see `count`).
    fn counts(board: &Board, t: &crate::reason::board::Tables) -> (Vec<u8>, Vec<SymbolSet>) {
        let n = board.geometry().symbol_count();
        let houses = t.houses.len();
        let (mut count, mut placed_in) = (vec![0u8; houses * n], vec![SymbolSet::EMPTY; houses]);
        for (i, cells) in t.house_cells.chunks(n).enumerate() {
            for &c in cells {
                match board.value(c as usize) {
                    Some(v) => placed_in[i] = placed_in[i].with(v),
                    None => {
                        for u in board.candidates(c as usize).iter() {
                            count[i * n + u as usize] += 1;
                        }
                    }
                }
            }
        }
        (count, placed_in)
    }

    /// What a look at house `i` finds, as [`scan`] of its cells on the scratch board would:
    /// the symbols neither placed nor with a place, and those not placed with one place.
    fn look(&self, i: usize) -> (SymbolSet, SymbolSet) {
        let placed = self.placed_in[i];
        (self.none[i].minus(placed), self.one[i].minus(placed))
    }

    /// Places `v` at `c` on the scratch board as [`Board::place`] does for every cell a
    /// propagation reads (the empty ones: a placed peer keeps its candidates here), marks the
    /// houses where a cell lost a candidate (see [`Work`]) and the peers left with at most
    /// one candidate, and queues the cell for a look at its peers.
    fn place(&mut self, g: &crate::Geometry, t: &crate::reason::board::Tables, c: usize, v: u8) {
        let w = t.house_words;
        let pw = t.peer_words;
        let near = &t.peer_houses[c * w..(c + 1) * w];
        for (i, &m) in near.iter().enumerate() {
            self.dirty[i] |= m & (self.ready[i] | self.own[c * w + i]);
        }
        // `c` is empty (every caller places on an empty cell): it leaves the counts of its
        // candidates in its houses, but for `v`'s, which a look no longer reads (it leaves
        // out the symbols placed in the house).
        let n = g.symbol_count();
        let old = self.cands[c];
        for &h in &t.cell_houses[c] {
            let h = h as usize;
            for u in old.without(v).iter() {
                self.drop_place(h, n, u);
            }
            self.placed_in[h] = self.placed_in[h].with(v);
        }
        for u in old.iter() {
            self.holding[u as usize * pw + c / 64] &= !(1 << (c % 64));
        }
        self.values[c] = Some(v);
        self.cands[c] = SymbolSet::single(v);
        self.critical[c / 64] &= !(1 << (c % 64));
        // The empty peers holding `v` lose it (in any order: each one's changes are unions
        // and decrements).
        for i in 0..pw {
            let peers = t.peer_bits[c * pw + i];
            let mut m = peers & self.holding[v as usize * pw + i];
            self.holding[v as usize * pw + i] &= !peers;
            while m != 0 {
                let p = i * 64 + m.trailing_zeros() as usize;
                m &= m - 1;
                let cs = self.cands[p];
                self.cands[p] = cs.without(v);
                for (j, &m) in near.iter().enumerate() {
                    self.dirty[j] |= m & self.own[p * w + j];
                }
                for &h in &t.cell_houses[p] {
                    self.drop_place(h as usize, n, v);
                }
                // At most two candidates before losing `v` (which it holds, so `cs` is not
                // empty): two bits cleared leave none (a bit test, not a count of bits).
                let rest = cs.0 & (cs.0 - 1);
                if rest & rest.wrapping_sub(1) == 0 {
                    self.critical[p / 64] |= 1 << (p % 64);
                }
            }
        }
        self.placed.push(c);
    }

    /// Looks at the peers of the placed cells, in order (see [`Work`]): `Err` with a cell left
    /// without a candidate, or `Ok(false)` when the bound stopped it.
    fn naked(
        &mut self,
        g: &crate::Geometry,
        t: &crate::reason::board::Tables,
        bound: usize,
    ) -> Result<bool, Broken> {
        let pw = t.peer_words;
        let mut head = 0;
        while head < self.placed.len() {
            let q = self.placed[head];
            head += 1;
            for i in 0..pw {
                let mut rest = t.peer_bits[q * pw + i];
                loop {
                    let m = rest & self.critical[i];
                    if m == 0 {
                        break;
                    }
                    let bit = m.trailing_zeros();
                    rest &= !(u64::MAX >> (63 - bit));
                    let p = i * 64 + bit as usize;
                    let Some(v) = self.cands[p].single_value() else {
                        return Err(Broken::cell(p));
                    };
                    if self.implied.len() == bound {
                        self.capped = true;
                        return Ok(false);
                    }
                    self.place(g, t, p, v);
                    self.implied.push((p, v));
                }
            }
        }
        self.placed.clear();
        Ok(true)
    }
}

/// Places the assumption `v` at `start`, then singles (only around what changed) until none
/// is left, a contradiction appears, or more than `bound` placements were needed, on the
/// scratch board of `w` (reset from the board first). Placements go to `w.implied`.
/// `w.capped` says whether it stopped at the bound (else a larger bound would end the same
/// way).
fn propagate(
    board: &Board,
    (g, t): (&crate::Geometry, &crate::reason::board::Tables),
    (start, assumed): (usize, u8),
    w: &mut Work,
    bound: usize,
) -> Option<Broken> {
    w.reset(board);
    w.capped = false;
    w.placed.clear();
    w.implied.clear();
    w.dirty.iter_mut().for_each(|d| *d = 0);
    w.place(g, t, start, assumed);
    loop {
        match w.naked(g, t, bound) {
            Err(broken) => return Some(broken),
            Ok(false) => return None,
            Ok(true) => {}
        }
        // Nothing left to look at: no contradiction.
        let (word, bits) = w.dirty.iter_mut().enumerate().find(|(_, d)| **d != 0)?;
        let i = word * 64 + bits.trailing_zeros() as usize;
        *bits &= *bits - 1;
        let (missing, hidden) = w.look(i);
        if let Some(v) = missing.first() {
            return Some(Broken::house(g.houses()[i], v));
        }
        let pw = t.peer_words;
        let house = &t.house_bits[i * pw..(i + 1) * pw];
        for v in hidden.iter() {
            // The one empty cell of the house holding v (a placement above may have taken
            // it): `holding` over the house's cells has at most that one bit, so its lowest
            // bit is the cell a walk of the house would find.
            let holders = &w.holding[v as usize * pw..(v as usize + 1) * pw];
            let Some(c) = (0..pw).find_map(|j| {
                let m = holders[j] & house[j];
                (m != 0).then(|| j * 64 + m.trailing_zeros() as usize)
            }) else {
                continue;
            };
            if w.implied.len() == bound {
                w.capped = true;
                return None;
            }
            w.place(g, t, c, v);
            w.implied.push((c, v));
        }
    }
}

/// What a propagation run ahead of its pass (during the first) said of an assumption.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ahead {
    /// Not run ahead (or nothing more to know).
    Unknown,
    /// A contradiction after this many placements: a step of the first pass whose bound
    /// allows them.
    Breaks(u8),
    /// Stopped at this bound: no pass up to it finds a step here.
    Capped(u8),
}

/// Finds forcing-chain eliminations, shortest chains first.
///
/// The first pass propagates each assumption to the third bound rather than the first, and
/// keeps what it learns for the later passes, which so run again only the steps they report:
/// most assumptions the first pass does not settle go on to the later passes, which would
/// otherwise replay their first placements. This is exact because a propagation to a bound
/// is the start of one to a larger bound (the same placements, in the same order, until the
/// smaller bound stops it): one that breaks after `k` placements is a step of the first pass
/// whose bound is at least `k`, with the same placements and contradiction; one that ends
/// before its bound without breaking ends the same way at every bound; and one that reaches
/// its bound is a step of no pass up to that bound.
///
/// Once the first pass knows as many steps of the passes up to the third as the finder has
/// room for, it runs the assumptions after them to the second bound only, and once it knows
/// as many up to the second, to the first: should the passes before the one those steps
/// belong to find nothing, that pass pushes the steps known (they come first in its order)
/// and stops there before reaching the others, and should one of them find a step there is
/// no later pass. An assumption so run is left `Unknown` or `Capped` at its bound unless
/// settled, and a later pass runs it in full.
///
/// An assumption that ends without a contradiction before its bound ("settles") settles
/// every placement `b` it implied, so they are marked without being propagated.
/// Let `A` settle, with placements `P_A` (the assumption and what it implied) and final
/// scratch board `S_A`. Claim: the propagation of `b` in `P_A` places only cells of `P_A`,
/// with the same values, and meets no contradiction. By induction over `b`'s placements:
/// while `b`'s placements are in `P_A`, its eliminations (the peers of a placement losing
/// its value, the placed cell its others) are among `A`'s, so every empty cell keeps at least
/// its candidates of `S_A`. A cell `b` looks at is a peer of a placement of `b`, so of `A`;
/// `A` looked at it after that placement and after every later loss of a candidate (each
/// comes from a placement of a peer, whose peers are looked at), so in `S_A` it is placed or
/// holds two candidates or more: with one candidate left under `b` it is placed in `P_A`
/// with that candidate, and it is never left empty. A house `b` looks at is marked through a
/// placement of `b`, so of `A`, near it; `A` looked at it after that and after every later
/// loss of a place in it, so in `S_A` each symbol is placed in it or has two places: a
/// symbol with one place under `b` (not placed, since `b`'s placements are `A`'s) holds it
/// at that place in `P_A`, and no symbol is left without a place. So `b` implies at most
/// `|P_A| - 1` placements, `A`'s count, which the bound allowed: `b` settles too, at every
/// bound.
pub(crate) fn find(board: &Board, f: &mut Finder) {
    let g = board.geometry();
    let mut cells: Vec<usize> = (0..g.cell_count())
        .filter(|&c| board.value(c).is_none())
        .collect();
    cells.sort_by_key(|&c| (board.candidates(c).len(), c));
    let t = board.tables();
    let mut w = Work::new(board);
    let n = g.symbol_count();
    // A candidate proved false in an earlier pass is not tried again (a flag per candidate,
    // not a list searched each time, which was quadratic on large boards).
    let mut done = vec![false; g.cell_count() * n];
    let mut found = false;
    // Assumptions whose singles ran out before the bound: a larger bound ends the same way.
    let mut settled = vec![false; g.cell_count() * n];
    let mut ahead = vec![Ahead::Unknown; g.cell_count() * n];
    // Steps of the passes up to the third and up to the second the first pass knows of, and
    // how many the finder can take.
    let (mut known, mut known_second) = (0, 0);
    let room = f.room();
    for (pass, bound) in BOUNDS.into_iter().enumerate() {
        for &c in &cells {
            // Each assumption propagates over the whole board: on a large one the pass can
            // outlive the caller's deadline unless it looks at the clock between cells.
            if f.out_of_budget() {
                return;
            }
            for v in board.candidates(c).iter() {
                let a = c * n + v as usize;
                if done[a] || settled[a] {
                    continue;
                }
                let run_to = match ahead[a] {
                    Ahead::Breaks(k) if k as usize > bound => continue,
                    Ahead::Capped(r) if r as usize >= bound => continue,
                    _ if pass > 0 => bound,
                    _ if known < room => BOUNDS[2],
                    _ if known_second < room => BOUNDS[1],
                    _ => bound,
                };
                let broken = propagate(board, (g, t), (c, v), &mut w, run_to);
                let broken = match broken {
                    None if !w.capped => {
                        // Every placement the singles made settles too, so none of them
                        // is propagated again (see [`find`]).
                        settled[a] = true;
                        for &(p, u) in &w.implied {
                            settled[p * n + u as usize] = true;
                        }
                        continue;
                    }
                    None => {
                        if run_to > bound {
                            ahead[a] = Ahead::Capped(run_to as u8);
                        }
                        continue;
                    }
                    Some(_) if w.implied.len() > bound => {
                        ahead[a] = Ahead::Breaks(w.implied.len() as u8);
                        known += 1;
                        known_second += usize::from(w.implied.len() <= BOUNDS[1]);
                        continue;
                    }
                    Some(broken) => broken,
                };
                done[a] = true;
                found = true;
                let assumed = Candidate::at(c, v);
                let step = Step::eliminating(
                    vec![assumed],
                    Deduction::ForcingChain {
                        assumed,
                        implied: w
                            .implied
                            .iter()
                            .map(|&(c, v)| Candidate::at(c, v))
                            .collect(),
                        broken,
                    },
                );
                if !f.push(step) {
                    return;
                }
            }
        }
        if found {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::catalogue::Technique;
    use crate::reason::explain;
    use crate::reason::test_util::*;

    /// The propagation as it was before the scratch board, word for word: the reference the
    /// faster one must match placement for placement.
    mod before {
        use super::super::{Board, Broken, Candidate, Deduction, Finder, Step};
        use crate::symbols::SymbolSet;

        pub(super) struct Work {
            pub(super) dirty: Vec<u64>,
            pub(super) ready: Vec<u64>,
            pub(super) own: Vec<u64>,
            pub(super) cells: Vec<usize>,
            pub(super) implied: Vec<(usize, u8)>,
            pub(super) capped: bool,
        }

        pub(super) fn scan(b: &Board, cells: &[u32]) -> (SymbolSet, SymbolSet) {
            let mut seen = SymbolSet::EMPTY;
            let mut once = SymbolSet::EMPTY;
            let mut placed = SymbolSet::EMPTY;
            for &c in cells {
                let c = c as usize;
                let cs = match b.value(c) {
                    Some(v) => {
                        placed = placed.with(v);
                        SymbolSet::single(v)
                    }
                    None => b.candidates(c),
                };
                once = once.minus(cs.intersect(seen)).union(cs.minus(seen));
                seen = seen.union(cs);
            }
            (b.geometry().symbols().all().minus(seen), once.minus(placed))
        }

        impl Work {
            fn touched(
                &mut self,
                g: &crate::Geometry,
                t: &crate::reason::board::Tables,
                b: &Board,
                c: usize,
                v: u8,
            ) {
                let peers = g.peers(c);
                self.cells.extend(peers.iter().map(|&p| p as usize));
                let w = t.house_words;
                let near = &t.peer_houses[c * w..(c + 1) * w];
                let own = &self.own[c * w..(c + 1) * w];
                for i in 0..w {
                    self.dirty[i] |= near[i] & (self.ready[i] | own[i]);
                }
                for &p in peers {
                    let p = p as usize;
                    if b.value(p).is_none() && b.candidates(p).contains(v) {
                        let own = &self.own[p * w..(p + 1) * w];
                        for i in 0..w {
                            self.dirty[i] |= near[i] & own[i];
                        }
                    }
                }
            }
        }

        /// The search before the first pass ran ahead, word for word: the reference the faster
        /// one must match step for step.
        pub(super) fn find(board: &Board, f: &mut Finder) {
            let g = board.geometry();
            let mut cells: Vec<usize> = (0..g.cell_count())
                .filter(|&c| board.value(c).is_none())
                .collect();
            cells.sort_by_key(|&c| (board.candidates(c).len(), c));
            let t = board.tables();
            let mut w = super::super::Work::new(board);
            let n = g.symbol_count();
            // A candidate proved false in an earlier pass is not tried again (a flag per candidate,
            // not a list searched each time, which was quadratic on large boards).
            let mut done = vec![false; g.cell_count() * n];
            let mut found = false;
            // Assumptions whose singles ran out before the bound: a larger bound ends the same way.
            let mut settled = vec![false; g.cell_count() * n];
            for bound in super::super::BOUNDS {
                for &c in &cells {
                    // Each assumption propagates over the whole board: on a large one the pass can
                    // outlive the caller's deadline unless it looks at the clock between cells.
                    if f.out_of_budget() {
                        return;
                    }
                    for v in board.candidates(c).iter() {
                        if done[c * n + v as usize] || settled[c * n + v as usize] {
                            continue;
                        }
                        let Some(broken) =
                            super::super::propagate(board, (g, t), (c, v), &mut w, bound)
                        else {
                            if !w.capped {
                                settled[c * n + v as usize] = true;
                            }
                            continue;
                        };
                        done[c * n + v as usize] = true;
                        found = true;
                        let assumed = Candidate::at(c, v);
                        let step = Step::eliminating(
                            vec![assumed],
                            Deduction::ForcingChain {
                                assumed,
                                implied: w
                                    .implied
                                    .iter()
                                    .map(|&(c, v)| Candidate::at(c, v))
                                    .collect(),
                                broken,
                            },
                        );
                        if !f.push(step) {
                            return;
                        }
                    }
                }
                if found {
                    return;
                }
            }
        }

        pub(super) fn propagate(
            b: &mut Board,
            (g, t): (&crate::Geometry, &crate::reason::board::Tables),
            (start, assumed): (usize, u8),
            w: &mut Work,
            bound: usize,
        ) -> Option<Broken> {
            w.capped = false;
            let n = g.symbol_count();
            w.cells.clear();
            w.implied.clear();
            w.dirty.iter_mut().for_each(|d| *d = 0);
            w.touched(g, t, b, start, assumed);
            b.place(start, assumed);
            loop {
                // First in, first out: cells are examined in the order the placements touched them.
                let mut head = 0;
                while head < w.cells.len() {
                    let p = w.cells[head];
                    head += 1;
                    if b.value(p).is_some() {
                        continue;
                    }
                    let cs = b.candidates(p);
                    if cs.is_empty() {
                        return Some(Broken::cell(p));
                    }
                    if let Some(v) = cs.single_value() {
                        if w.implied.len() == bound {
                            w.capped = true;
                            return None;
                        }
                        w.touched(g, t, b, p, v);
                        b.place(p, v);
                        w.implied.push((p, v));
                    }
                }
                w.cells.clear();
                // Nothing left to look at: no contradiction.
                let (word, bits) = w.dirty.iter_mut().enumerate().find(|(_, d)| **d != 0)?;
                let i = word * 64 + bits.trailing_zeros() as usize;
                *bits &= *bits - 1;
                let cells = &t.house_cells[i * n..(i + 1) * n];
                let (missing, hidden) = scan(b, cells);
                if let Some(v) = missing.first() {
                    return Some(Broken::house(g.houses()[i], v));
                }
                for v in hidden.iter() {
                    // The one cell of the house holding v (a placement above may have taken it).
                    let Some(c) = cells
                        .iter()
                        .map(|&c| c as usize)
                        .find(|&c| b.value(c).is_none() && b.candidates(c).contains(v))
                    else {
                        continue;
                    };
                    if w.implied.len() == bound {
                        w.capped = true;
                        return None;
                    }
                    w.touched(g, t, b, c, v);
                    b.place(c, v);
                    w.implied.push((c, v));
                }
            }
        }
    }

    /// The propagation gives the placements, in order, the contradiction and the stop at the
    /// bound the propagation before it gave, for every assumption at every bound, at every
    /// point of logical solves (with and without houses already holding a hidden single).
    #[test]
    fn propagation_matches_the_one_before() {
        let g = crate::builtin::geometry("classic").unwrap();
        let mut compared = 0;
        for line in [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "...........6.754..8....69..5.....19....8.27...9......24.7.3......1..8.3..2..57...",
        ] {
            let p = crate::Puzzle::from_line(g.clone(), line).unwrap();
            let mut b = Board::new(&p);
            while !b.is_solved() {
                compare_all(&b, &mut compared);
                let step = crate::reason::solve::next_step(&b).unwrap();
                b.apply(&step);
            }
        }
        assert!(compared > 10_000, "{compared}");
    }

    /// The search finds the steps, in order, the search before the first pass ran ahead
    /// found, with room for one step and for many, at every point of logical solves.
    #[test]
    fn search_matches_the_one_before() {
        let g = crate::builtin::geometry("classic").unwrap();
        let mut found = 0;
        for line in [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "...........6.754..8....69..5.....19....8.27...9......24.7.3......1..8.3..2..57...",
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        ] {
            let p = crate::Puzzle::from_line(g.clone(), line).unwrap();
            let mut b = Board::new(&p);
            while !b.is_solved() {
                for limit in [1, 1000] {
                    let (mut new, mut old) = (Finder::new(limit), Finder::new(limit));
                    find(&b, &mut new);
                    before::find(&b, &mut old);
                    assert_eq!(format!("{:?}", new.steps), format!("{:?}", old.steps));
                    found += new.steps.len();
                }
                let step = crate::reason::solve::next_step(&b).unwrap();
                b.apply(&step);
            }
        }
        assert!(found > 1000, "{found}");
    }

    /// An assumption that settles settles every placement it implied, at the tightest bound
    /// (`find` marks them settled unpropagated), placing only what it placed, at every point
    /// of logical solves, as they are and thinned at random.
    #[test]
    fn what_a_settled_assumption_implies_settles() {
        let mut checked = 0;
        along_thinned_solves(
            &HARD_PAIR,
            11,
            2,
            |_| 30,
            |board, _| {
                let (g, t) = (board.geometry(), board.tables());
                let (mut w, mut w2) = (Work::new(board), Work::new(board));
                for c in (0..g.cell_count()).filter(|&c| board.value(c).is_none()) {
                    for v in board.candidates(c).iter() {
                        let bound = BOUNDS[BOUNDS.len() - 1];
                        if propagate(board, (g, t), (c, v), &mut w, bound).is_some() || w.capped {
                            continue;
                        }
                        let tight = w.implied.len();
                        for &(p, u) in &w.implied {
                            let got = propagate(board, (g, t), (p, u), &mut w2, tight);
                            assert_eq!(got, None, "{c} {v} -> {p} {u}");
                            assert!(!w2.capped, "{c} {v} -> {p} {u}");
                            assert!(
                                w2.implied
                                    .iter()
                                    .all(|x| *x == (c, v) || w.implied.contains(x))
                            );
                            checked += 1;
                        }
                    }
                }
            },
        );
        assert!(checked > 10_000, "{checked}");
    }

    fn compare_all(board: &Board, compared: &mut usize) {
        let g = board.geometry();
        let t = board.tables();
        let n = g.symbol_count();
        let mut new = Work::new(board);
        new.dirty = new.ready.clone();
        // The counts read what a look at each house's cells reads.
        for i in 0..g.houses().len() {
            let cells = &t.house_cells[i * n..(i + 1) * n];
            assert_eq!(new.look(i), before::scan(board, cells), "house {i}");
        }
        let mut old = before::Work {
            dirty: new.ready.clone(),
            ready: new.ready.clone(),
            own: new.own.clone(),
            cells: Vec::new(),
            implied: Vec::new(),
            capped: false,
        };
        let mut b = board.clone();
        for bound in BOUNDS {
            for c in (0..g.cell_count()).filter(|&c| board.value(c).is_none()) {
                for v in board.candidates(c).iter() {
                    let got = propagate(board, (g, t), (c, v), &mut new, bound);
                    b.copy_from(board);
                    let want = before::propagate(&mut b, (g, t), (c, v), &mut old, bound);
                    assert_eq!(got, want, "{c} {v} {bound}");
                    assert_eq!(new.implied, old.implied, "{c} {v} {bound}");
                    assert_eq!(new.capped, old.capped, "{c} {v} {bound}");
                    // The sets kept as cells were placed say what a look at the cells says.
                    for i in 0..g.houses().len() {
                        let cells = &t.house_cells[i * n..(i + 1) * n];
                        assert_eq!(new.look(i), before::scan(&b, cells), "{c} {v} {i}");
                    }
                    *compared += 1;
                }
            }
        }
    }

    #[test]
    fn contradiction_in_a_row() {
        // r1c1 {1,2}, r1c2 {1,3}, r1c3 {1,3}: assuming r1c1 = 1 leaves r1c2 = 3 and then r1c3
        // with nothing. That is the first step (bivalue cells first, shortest chains first);
        // others follow (a 1 or 3 elsewhere in row 1 or box 1, a 2 elsewhere in column 1...).
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        b.set_candidates(cell(&g, 1, 1), set(&[1, 2]));
        b.set_candidates(cell(&g, 1, 2), set(&[1, 3]));
        b.set_candidates(cell(&g, 1, 3), set(&[1, 3]));
        let mut f = Finder::new(100);
        find(&b, &mut f);
        assert!(f.steps.len() > 1);
        let s = &f.steps[0];
        assert_eq!(s.technique(), Technique::ForcingChain);
        assert_eq!(s.eliminations, vec![cand(&g, 1, 1, 1)]);
        assert_eq!(
            s.deduction,
            Deduction::ForcingChain {
                assumed: cand(&g, 1, 1, 1),
                implied: vec![cand(&g, 1, 2, 3)],
                broken: Broken::Cell {
                    cell: cell_id(&g, 1, 3)
                },
            }
        );
        assert_eq!(
            explain::compact(&g, s),
            "Forcing Chain: r1c1=1 -> r1c2=3 -> r1c3 empty => r1c1<>1"
        );
        assert_eq!(
            explain::text(&g, s),
            "r1c1 ≠ 1: forcing chain, if r1c1 were 1, singles would give r1c2 = 3, and r1c3 would \
             have no candidate left"
        );
        // r1c1 = 2 breaks nothing, so 2 never leaves r1c1.
        assert!(
            f.steps
                .iter()
                .all(|s| s.eliminations != vec![cand(&g, 1, 1, 2)])
        );
    }

    #[test]
    fn contradiction_in_a_house() {
        // Row 1 has 9 only at r1c9; assuming r2c9 = 9 (column 9) leaves row 1 without a 9.
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        for c in 1..=8 {
            b.eliminate(cell(&g, 1, c), sym(9));
        }
        let mut f = Finder::new(100);
        find(&b, &mut f);
        let s = f
            .steps
            .iter()
            .find(|s| s.eliminations == vec![cand(&g, 2, 9, 9)])
            .expect("r2c9<>9");
        let Deduction::ForcingChain {
            implied, broken, ..
        } = &s.deduction
        else {
            panic!()
        };
        assert!(implied.is_empty());
        assert_eq!(
            *broken,
            Broken::House {
                house: shape_id(&g, "row 1"),
                symbol: symbol(9)
            }
        );
        assert_eq!(
            explain::compact(&g, s),
            "Forcing Chain: r2c9=9 -> no 9 in row 1 => r2c9<>9"
        );
    }
}
