//! Clauses for sum shapes (Killer cages), exact in both directions.
//!
//! - A cage of distinct symbols with few possible value sets is encoded by its combinations: one
//!   variable per set of symbols that fits the total and the cells' candidates, one variable per
//!   symbol "appears in the cage", and clauses tying them (a chosen set makes its symbols appear;
//!   a symbol appears only if a chosen set holds it; exactly one set is chosen). Unit
//!   propagation then removes every symbol no remaining combination holds, as a solver does
//!   with cage combinations.
//! - Any other sum (repeats allowed, or too many combinations) is a layered diagram of partial
//!   sums: variable `n(i, v)` says "the first i cells add up to v", for the v reachable from
//!   the start and still able to reach the total. Each candidate moves one layer to the next,
//!   forwards and backwards, and a candidate with no move is ruled out.

use super::SumEncoding;
use super::encode::Encoder;
use super::prepare::{Sum, bits};
use std::collections::BTreeMap;

/// A cage with more combinations than this is encoded as a diagram instead.
const MAX_COMBOS: usize = 2048;

/// Above this many diagram edges in one shape the encoding gives up (see [`TooLarge`]).
const MAX_EDGES: usize = 4_000_000;

/// A sum shape whose encoding would be too large.
#[derive(Debug)]
pub(super) struct TooLarge;

impl Encoder<'_, '_> {
    /// Encodes one sum shape.
    pub(super) fn sum(
        &mut self,
        sum: &Sum,
        values: &[i64],
        how: SumEncoding,
    ) -> Result<(), TooLarge> {
        if sum.distinct && how == SumEncoding::Combinations {
            if let Some(combos) = self.combinations(sum, values) {
                self.by_combinations(sum, &combos);
                return Ok(());
            }
        }
        self.by_diagram(sum, values)
    }

    /// The value sets (as symbol masks) of `sum.cells.len()` distinct candidates that add up to
    /// the total, contain every solved cell's symbol and use only the cells' candidates;
    /// `None` when there are more than [`MAX_COMBOS`].
    fn combinations(&self, sum: &Sum, values: &[i64]) -> Option<Vec<u64>> {
        let mut union = 0u64;
        let mut must = 0u64;
        for &c in &sum.cells {
            let m = self.cands[c as usize];
            union |= m;
            if m.count_ones() == 1 {
                must |= m;
            }
        }
        let pool: Vec<usize> = bits(union).collect();
        let mut out = Vec::new();
        let ok = subsets(&pool, values, sum.cells.len(), sum.total, 0, 0, &mut out);
        out.retain(|&m| m & must == must);
        ok.then_some(out)
    }

    fn by_combinations(&mut self, sum: &Sum, combos: &[u64]) {
        let n = self.n;
        // "Symbol s appears in the cage", for each symbol some cell may hold.
        let mut appears: Vec<Option<super::backend::Lit>> = vec![None; n];
        let mut lits = Vec::new();
        for (s, slot) in appears.iter_mut().enumerate() {
            lits.clear();
            lits.extend(sum.cells.iter().filter_map(|&c| self.lit(c as usize, s)));
            *slot = match lits.len() {
                0 => None,
                1 => Some(lits[0]),
                _ => {
                    let u = self.var();
                    for &l in &lits {
                        self.clause(&[!l, u]);
                    }
                    lits.push(!u);
                    self.clause(&lits);
                    Some(u)
                }
            };
        }
        let chosen: Vec<_> = combos.iter().map(|_| self.var()).collect();
        self.exactly_one(&chosen);
        for (&z, &m) in chosen.iter().zip(combos) {
            for s in bits(m) {
                let u = appears[s].expect("a combination only holds candidates of the cage");
                self.clause(&[!z, u]);
            }
        }
        for (s, u) in appears.iter().enumerate() {
            let Some(u) = *u else { continue };
            lits.clear();
            lits.push(!u);
            lits.extend(
                chosen
                    .iter()
                    .zip(combos)
                    .filter(|&(_, &m)| m & (1 << s) != 0)
                    .map(|(&z, _)| z),
            );
            self.clause(&lits);
        }
    }

    fn by_diagram(&mut self, sum: &Sum, values: &[i64]) -> Result<(), TooLarge> {
        let layers = reachable_layers(&sum.cells, &self.cands, values, sum.total);
        let edges: usize = sum
            .cells
            .iter()
            .zip(&layers)
            .map(|(&c, l)| l.len() * self.cands[c as usize].count_ones() as usize)
            .sum();
        if edges > MAX_EDGES {
            return Err(TooLarge);
        }
        if layers.iter().any(Vec::is_empty) {
            self.clause(&[]);
            return Ok(());
        }
        // A layer with one node is certain; only the others need variables.
        // Ordered maps: the clauses go out in the order of the layer's values, so the same
        // problem gives the engine the same clauses in the same order and the same work (a
        // hash map's order changes from map to map).
        let mut node: Vec<BTreeMap<i64, Option<super::backend::Lit>>> = Vec::new();
        for layer in &layers {
            let mut map = BTreeMap::new();
            let single = layer.len() == 1;
            let mut lits = Vec::new();
            for &v in layer {
                let l = if single { None } else { Some(self.var()) };
                lits.extend(l);
                map.insert(v, l);
            }
            if lits.len() > 1 {
                self.exactly_one(&lits);
            }
            node.push(map);
        }
        for (i, &c) in sum.cells.iter().enumerate() {
            self.diagram_step(&node[i], &node[i + 1], c as usize, values);
        }
        Ok(())
    }

    /// Clauses between two layers through cell `c`: forward and backward moves, and each node
    /// needs a candidate that moves on from it (and one that leads into it).
    fn diagram_step(
        &mut self,
        from: &BTreeMap<i64, Option<super::backend::Lit>>,
        to: &BTreeMap<i64, Option<super::backend::Lit>>,
        c: usize,
        values: &[i64],
    ) {
        let syms: Vec<usize> = bits(self.cands[c]).collect();
        let mut support = Vec::new();
        for (&v, &a) in from {
            support.clear();
            for &s in &syms {
                let x = self.lit(c, s).expect("a candidate");
                match to.get(&(v + values[s])) {
                    Some(&b) => {
                        support.push(x);
                        // a ∧ x → b, with a certain node dropping out of the clause.
                        if let Some(b) = b {
                            let mut cl = vec![!x, b];
                            cl.extend(a.map(|a| !a));
                            self.clause(&cl);
                        }
                    }
                    None => {
                        let mut cl = vec![!x];
                        cl.extend(a.map(|a| !a));
                        self.clause(&cl);
                    }
                }
            }
            if let Some(a) = a {
                support.push(!a);
            }
            self.clause(&support);
        }
        for (&w, &b) in to {
            support.clear();
            for &s in &syms {
                let x = self.lit(c, s).expect("a candidate");
                match from.get(&(w - values[s])) {
                    Some(&a) => {
                        support.push(x);
                        if let Some(a) = a {
                            let mut cl = vec![!x, a];
                            cl.extend(b.map(|b| !b));
                            self.clause(&cl);
                        }
                    }
                    None => {
                        let mut cl = vec![!x];
                        cl.extend(b.map(|b| !b));
                        self.clause(&cl);
                    }
                }
            }
            if let Some(b) = b {
                support.push(!b);
            }
            self.clause(&support);
        }
    }
}

/// The partial sums after each prefix of `cells` (layer 0 is {0}, the last is {total}) that are
/// reachable from the start and can still reach the total; a layer is empty when none is.
fn reachable_layers(cells: &[u32], cands: &[u64], values: &[i64], total: i64) -> Vec<Vec<i64>> {
    let k = cells.len();
    let mut fwd: Vec<Vec<i64>> = vec![vec![0]];
    for &c in cells {
        let mut next: Vec<i64> = fwd
            .last()
            .expect("layer 0")
            .iter()
            .flat_map(|&v| bits(cands[c as usize]).map(move |s| v + values[s]))
            .collect();
        next.sort_unstable();
        next.dedup();
        fwd.push(next);
    }
    let mut layers = vec![Vec::new(); k + 1];
    layers[k] = fwd[k].iter().copied().filter(|&v| v == total).collect();
    for i in (0..k).rev() {
        let c = cells[i] as usize;
        let after = &layers[i + 1];
        layers[i] = fwd[i]
            .iter()
            .copied()
            .filter(|&v| bits(cands[c]).any(|s| after.binary_search(&(v + values[s])).is_ok()))
            .collect();
    }
    layers
}

/// Appends to `out` every set of `k` symbols from `pool[start..]` whose values add up to
/// `total` (as masks, with `mask` already chosen); false once there are more than
/// [`MAX_COMBOS`].
fn subsets(
    pool: &[usize],
    values: &[i64],
    k: usize,
    total: i64,
    start: usize,
    mask: u64,
    out: &mut Vec<u64>,
) -> bool {
    if k == 0 {
        if total == 0 {
            out.push(mask);
        }
        return out.len() <= MAX_COMBOS;
    }
    // Bounds: the k smallest and k largest remaining values must bracket the total.
    let rest: Vec<i64> = pool[start..].iter().map(|&s| values[s]).collect();
    if rest.len() < k {
        return true;
    }
    let mut sorted = rest.clone();
    sorted.sort_unstable();
    let lo: i64 = sorted[..k].iter().sum();
    let hi: i64 = sorted[sorted.len() - k..].iter().sum();
    if total < lo || total > hi {
        return true;
    }
    for i in start..pool.len() {
        let s = pool[i];
        if !subsets(
            pool,
            values,
            k - 1,
            total - values[s],
            i + 1,
            mask | 1 << s,
            out,
        ) {
            return false;
        }
    }
    true
}
