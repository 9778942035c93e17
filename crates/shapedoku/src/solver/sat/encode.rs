//! Clauses for cells and no-repeat shapes, in three encodings (see [`super::Encoding`]).
//!
//! One variable per remaining candidate (cell, symbol); a solved cell has none (its literal is
//! the constant "true" where a clause needs it). Every cell holds exactly one candidate. A
//! no-repeat shape holds each symbol at most once; a house (a shape with N cells) exactly once.

use super::Encoding;
use super::backend::{Backend, Lit};
use super::prepare::{Prepared, bits};
use std::collections::HashMap;

/// Groups up to this size get pairwise at-most-one clauses; larger ones a sequential counter,
/// whose clauses grow linearly instead of quadratically.
const PAIRWISE_MAX: usize = 6;

/// At most this many partitions of one house into segments (a box has two: by rows and by
/// columns).
const MAX_PARTITIONS: usize = 3;

/// Writes clauses into an engine and counts them.
pub(super) struct Encoder<'e, 'a> {
    pub(super) sat: &'e mut (dyn Backend + 'a),
    pub(super) n: usize,
    pub(super) cands: Vec<u64>,
    /// `x[c * n + s]`: the variable of candidate s of an unsolved cell c.
    x: Vec<Option<Lit>>,
    truth: Option<Lit>,
    pub(super) clauses: u64,
    pub(super) vars: u64,
}

impl<'e, 'a> Encoder<'e, 'a> {
    pub(super) fn new(sat: &'e mut (dyn Backend + 'a), n: usize, cands: &[u64]) -> Self {
        let mut e = Encoder {
            sat,
            n,
            cands: cands.to_vec(),
            x: vec![None; cands.len() * n],
            truth: None,
            clauses: 0,
            vars: 0,
        };
        for (c, &m) in cands.iter().enumerate() {
            if m.count_ones() > 1 {
                for s in bits(m) {
                    e.vars += 1;
                    e.x[c * n + s] = Some(e.sat.new_choice());
                }
            }
        }
        e
    }

    pub(super) fn var(&mut self) -> Lit {
        self.vars += 1;
        self.sat.new_var()
    }

    pub(super) fn clause(&mut self, lits: &[Lit]) {
        self.clauses += 1;
        self.sat.add_clause(lits);
    }

    /// The constant "true" (a variable fixed by a unit clause), made on first use.
    pub(super) fn truth(&mut self) -> Lit {
        if let Some(t) = self.truth {
            return t;
        }
        let t = self.var();
        self.clause(&[t]);
        self.truth = Some(t);
        t
    }

    /// The literal "cell c holds symbol s": `None` when s is not a candidate, the constant
    /// "true" when c is solved to s.
    pub(super) fn lit(&mut self, c: usize, s: usize) -> Option<Lit> {
        let m = self.cands[c];
        if m & (1 << s) == 0 {
            None
        } else if m.count_ones() == 1 {
            Some(self.truth())
        } else {
            self.x[c * self.n + s]
        }
    }

    /// The variable of an unsolved cell's candidate (`None` for solved cells and non-candidates).
    pub(super) fn free(&self, c: usize, s: usize) -> Option<Lit> {
        self.x[c * self.n + s]
    }

    /// Whether the last model puts symbol s in unsolved cell c.
    pub(super) fn sat_value(&self, c: usize, s: usize) -> bool {
        self.free(c, s).is_some_and(|l| self.sat.value(l))
    }

    /// At most one of `lits` is true.
    pub(super) fn at_most_one(&mut self, lits: &[Lit]) {
        if lits.len() <= PAIRWISE_MAX {
            for i in 0..lits.len() {
                for j in i + 1..lits.len() {
                    self.clause(&[!lits[i], !lits[j]]);
                }
            }
            return;
        }
        // Sequential counter: r_i means "one of lits[0..=i] is true".
        let mut prev = self.var();
        self.clause(&[!lits[0], prev]);
        for (i, &l) in lits.iter().enumerate().skip(1) {
            self.clause(&[!l, !prev]);
            if i + 1 < lits.len() {
                let r = self.var();
                self.clause(&[!l, r]);
                self.clause(&[!prev, r]);
                prev = r;
            }
        }
    }

    /// Pair rules as binary clauses: a candidate of the first cell excludes every candidate of
    /// the second that its row of the relation does not allow.
    pub(super) fn pair_rules(&mut self, pairs: &[(u32, u32, Vec<u64>)]) {
        for (a, b, allowed) in pairs {
            let (a, b) = (*a as usize, *b as usize);
            for s in bits(self.cands[a]) {
                let row = allowed.get(s).copied().unwrap_or(0);
                for t in bits(self.cands[b] & !row) {
                    if let (Some(x), Some(y)) = (self.lit(a, s), self.lit(b, t)) {
                        self.clause(&[!x, !y]);
                    }
                }
            }
        }
    }

    /// Exactly one of `lits` is true.
    pub(super) fn exactly_one(&mut self, lits: &[Lit]) {
        self.clause(lits);
        self.at_most_one(lits);
    }

    /// Every unsolved cell holds exactly one candidate.
    fn cells(&mut self, pairwise: bool) {
        let mut lits = Vec::new();
        for c in 0..self.cands.len() {
            lits.clear();
            lits.extend(bits(self.cands[c]).filter_map(|s| self.free(c, s)));
            if lits.is_empty() {
                continue;
            }
            if pairwise {
                self.clause(&lits);
                for i in 0..lits.len() {
                    for j in i + 1..lits.len() {
                        self.clause(&[!lits[i], !lits[j]]);
                    }
                }
            } else {
                self.exactly_one(&lits);
            }
        }
    }

    /// Every house holds every symbol it has not solved yet somewhere.
    fn house_symbols_somewhere(&mut self, p: &Prepared) {
        let mut lits = Vec::new();
        for &h in &p.houses {
            for s in 0..self.n {
                lits.clear();
                let mut solved = false;
                for &c in &p.shapes[h] {
                    solved |= self.cands[c as usize] == 1 << s;
                    lits.extend(self.free(c as usize, s));
                }
                if !solved {
                    self.clause(&lits);
                }
            }
        }
    }

    /// The no-repeat shapes and cells in the chosen encoding.
    pub(super) fn no_repeat(&mut self, p: &Prepared, encoding: Encoding) {
        match encoding {
            Encoding::Pairwise => {
                self.cells(true);
                self.peer_pairs(p);
                self.house_symbols_somewhere(p);
            }
            Encoding::Ladder => {
                self.cells(false);
                self.shape_symbols(p, |_| true);
                self.house_symbols_somewhere(p);
            }
            Encoding::Segments => {
                self.cells(false);
                let houses: Vec<bool> =
                    (0..p.shapes.len()).map(|i| p.houses.contains(&i)).collect();
                self.shape_symbols(p, |i| !houses[i]);
                self.segments(p);
            }
        }
    }

    /// Two peers never share a symbol: one binary clause per peer pair and common candidate.
    fn peer_pairs(&mut self, p: &Prepared) {
        let nc = self.cands.len();
        let mut peers: Vec<Vec<u32>> = vec![Vec::new(); nc];
        for shape in &p.shapes {
            for &a in shape {
                for &b in shape {
                    if a < b {
                        peers[a as usize].push(b);
                    }
                }
            }
        }
        for (a, list) in peers.iter_mut().enumerate() {
            list.sort_unstable();
            list.dedup();
            for &b in list.iter() {
                for s in bits(self.cands[a] & self.cands[b as usize]) {
                    if let (Some(x), Some(y)) = (self.free(a, s), self.free(b as usize, s)) {
                        self.clause(&[!x, !y]);
                    }
                }
            }
        }
    }

    /// Each symbol at most once in every selected shape.
    fn shape_symbols(&mut self, p: &Prepared, select: impl Fn(usize) -> bool) {
        let mut lits = Vec::new();
        for (i, shape) in p.shapes.iter().enumerate() {
            if !select(i) {
                continue;
            }
            for s in 0..self.n {
                lits.clear();
                lits.extend(shape.iter().filter_map(|&c| self.free(c as usize, s)));
                if lits.len() > 1 {
                    self.at_most_one(&lits);
                }
            }
        }
    }

    /// Houses as exactly-one over segment commanders (see [`house_partitions`]).
    fn segments(&mut self, p: &Prepared) {
        let (segments, partitions) = house_partitions(p);
        let n = self.n;
        // The commander of (segment, symbol): "the symbol lies in the segment".
        let mut commander: Vec<Option<Lit>> = vec![None; segments.len() * n];
        let mut lits = Vec::new();
        for (k, seg) in segments.iter().enumerate() {
            for s in 0..n {
                lits.clear();
                lits.extend(seg.iter().filter_map(|&c| self.free(c as usize, s)));
                commander[k * n + s] = match lits.len() {
                    0 => None,
                    1 => Some(lits[0]),
                    _ => {
                        let y = self.var();
                        for &l in &lits {
                            self.clause(&[!l, y]);
                        }
                        lits.push(!y);
                        self.clause(&lits);
                        lits.pop();
                        self.at_most_one(&lits);
                        Some(y)
                    }
                };
            }
        }
        for (h, parts) in &partitions {
            for s in 0..n {
                if p.shapes[*h]
                    .iter()
                    .any(|&c| self.cands[c as usize] == 1 << s)
                {
                    continue;
                }
                lits.clear();
                for part in parts {
                    match *part {
                        Part::Segment(k) => lits.extend(commander[k * n + s]),
                        Part::Cell(c) => lits.extend(self.free(c as usize, s)),
                    }
                }
                self.exactly_one(&lits);
            }
        }
    }
}

/// A house (its shape index) split into parts.
type Partition = (usize, Vec<Part>);

/// One part of a house's partition: a segment (its intersection with another house) or a
/// single cell.
#[derive(Debug, Clone, Copy)]
enum Part {
    Segment(usize),
    Cell(u32),
}

/// Segments (intersections of two houses with at least two cells) and, per house, one or more
/// partitions of its cells into segments and single cells. A row splits into its box segments;
/// a box into its row segments and, again, into its column segments. Writing "exactly one per
/// house and symbol" over each partition's commanders makes unit propagation do locked
/// candidates (pointing and claiming) by itself, with fewer clauses than pairwise peers.
fn house_partitions(p: &Prepared) -> (Vec<Vec<u32>>, Vec<Partition>) {
    let nc = p.cell_count;
    let mut houses_of: Vec<Vec<usize>> = vec![Vec::new(); nc];
    for &h in &p.houses {
        for &c in &p.shapes[h] {
            houses_of[c as usize].push(h);
        }
    }
    let mut ids: HashMap<Vec<u32>, usize> = HashMap::new();
    let mut segments: Vec<Vec<u32>> = Vec::new();
    let mut partitions = Vec::new();
    for &h in &p.houses {
        let cells = &p.shapes[h];
        // Intersections with every other house, largest first.
        let mut others: Vec<usize> = cells
            .iter()
            .flat_map(|&c| houses_of[c as usize].iter().copied())
            .filter(|&k| k != h)
            .collect();
        others.sort_unstable();
        others.dedup();
        let mut mine: Vec<usize> = Vec::new();
        for k in others {
            let shared: Vec<u32> = cells
                .iter()
                .copied()
                .filter(|c| houses_of[*c as usize].contains(&k))
                .collect();
            if shared.len() >= 2 && shared.len() < cells.len() {
                let next = segments.len();
                let id = *ids.entry(shared.clone()).or_insert(next);
                if id == next {
                    segments.push(shared);
                }
                if !mine.contains(&id) {
                    mine.push(id);
                }
            }
        }
        mine.sort_by_key(|&k| std::cmp::Reverse(segments[k].len()));
        let mut used = vec![false; mine.len()];
        let mut count = 0;
        loop {
            let parts = if mine.is_empty() && count == 0 {
                cells.iter().map(|&c| Part::Cell(c)).collect()
            } else {
                let Some(first) = used.iter().position(|u| !u) else {
                    break;
                };
                one_partition(cells, &mine, &segments, &mut used, first)
            };
            partitions.push((h, parts));
            count += 1;
            if count >= MAX_PARTITIONS || mine.is_empty() {
                break;
            }
        }
    }
    (segments, partitions)
}

/// A partition of `cells` starting from segment `mine[first]`, then other unused segments, then
/// used ones, each disjoint from those taken; the cells left over are single parts.
fn one_partition(
    cells: &[u32],
    mine: &[usize],
    segments: &[Vec<u32>],
    used: &mut [bool],
    first: usize,
) -> Vec<Part> {
    let mut taken: Vec<u32> = Vec::new();
    let mut parts = Vec::new();
    let order = std::iter::once(first)
        .chain((0..mine.len()).filter(|&i| !used[i]))
        .chain((0..mine.len()).filter(|&i| used[i]));
    let mut picked = Vec::new();
    for i in order {
        let seg = &segments[mine[i]];
        if picked.contains(&i) || seg.iter().any(|c| taken.contains(c)) {
            continue;
        }
        taken.extend_from_slice(seg);
        parts.push(Part::Segment(mine[i]));
        picked.push(i);
    }
    for i in picked {
        used[i] = true;
    }
    parts.extend(
        cells
            .iter()
            .filter(|c| !taken.contains(c))
            .map(|&c| Part::Cell(c)),
    );
    parts
}
