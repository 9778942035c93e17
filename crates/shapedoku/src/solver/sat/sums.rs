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
//! - A sum with repeats whose cells fall into groups that must differ (a little killer's cells
//!   in one box, see [`super::prepare::Sum::groups`]) is the same diagram over its groups: a
//!   group of several cells moves by the total of the symbol set it takes, chosen as a cage's
//!   combinations are, so propagation also uses that the group's cells differ.

use super::SumEncoding;
use super::backend::Lit;
use super::encode::Encoder;
use super::prepare::{Sum, bits};
use std::collections::BTreeMap;

/// A cage with more combinations than this is encoded as a diagram instead.
const MAX_COMBOS: usize = 2048;

/// Above this many diagram edges in one shape the encoding gives up (see [`TooLarge`]).
const MAX_EDGES: usize = 4_000_000;

/// Whether a sum with repeats is a diagram over its single cells, blind to its cells that
/// differ: unless its largest group of cells that must differ holds more than half its cells
/// (see [`Encoder::sum`]).
pub(super) fn by_cells(sum: &Sum) -> bool {
    let largest = sum.groups.iter().map(Vec::len).max().unwrap_or(0);
    !sum.distinct && (largest <= 1 || 2 * largest <= sum.cells.len())
}

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
        // As the search's sums list combinations (`solver::sum::lists`): when the largest
        // group holds more than half the cells. Measured (issbench, conflicts and CPU time):
        // sums with repeats along lines whose runs of 4 to 6 cells stay in one box took 2 to
        // 7 times fewer conflicts and about half the time; little killers on 9-cell diagonals
        // (groups of 3 per box) a quarter fewer conflicts but 1.2 to 1.5 times the time, the
        // 84 sets of each group costing more per conflict than they save.
        if !sum.distinct && how == SumEncoding::Combinations && !by_cells(sum) {
            if let Some(options) = self.group_options(sum, values) {
                return self.diagram(&options, sum.total);
            }
        }
        let options: Vec<Vec<(i64, Lit)>> = (sum.cells.iter())
            .map(|&c| self.cell_options(c as usize, values))
            .collect();
        self.diagram(&options, sum.total)
    }

    /// A cell's moves through a diagram: each candidate's value, with its literal.
    fn cell_options(&mut self, c: usize, values: &[i64]) -> Vec<(i64, Lit)> {
        let m = self.cands[c];
        bits(m)
            .map(|s| (values[s], self.lit(c, s).expect("a candidate")))
            .collect()
    }

    /// The moves of each of the sum's groups (see [`super::prepare::Sum::groups`]): a cell
    /// alone moves by its value; a group of cells that must differ moves by the total of the
    /// set of symbols it takes, one variable per set, tied to the cells as a cage's
    /// combinations are. Unit propagation then knows what a little killer's cells in one box
    /// cannot repeat, which a diagram over single cells does not. `None` when a group has
    /// more than [`MAX_COMBOS`] sets.
    fn group_options(&mut self, sum: &Sum, values: &[i64]) -> Option<Vec<Vec<(i64, Lit)>>> {
        let mut sets = Vec::with_capacity(sum.groups.len());
        for group in &sum.groups {
            sets.push(if group.len() > 1 {
                Some(self.value_sets(group)?)
            } else {
                None
            });
        }
        let mut options = Vec::with_capacity(sum.groups.len());
        for (group, sets) in sum.groups.iter().zip(sets) {
            options.push(match sets {
                None => self.cell_options(group[0] as usize, values),
                Some(sets) => {
                    let chosen = self.choose_set(group, &sets);
                    (sets.iter().zip(chosen))
                        .map(|(&m, z)| (bits(m).map(|s| values[s]).sum(), z))
                        .collect()
                }
            });
        }
        Some(options)
    }

    /// The sets of `cells.len()` symbols of the cells' candidates that give every cell a
    /// candidate and hold every solved cell's symbol; `None` past [`MAX_COMBOS`].
    fn value_sets(&self, cells: &[u32]) -> Option<Vec<u64>> {
        let masks: Vec<u64> = cells.iter().map(|&c| self.cands[c as usize]).collect();
        let union = masks.iter().fold(0, |a, &m| a | m);
        let must = (masks.iter().filter(|m| m.count_ones() == 1)).fold(0, |a, &m| a | m);
        let pool: Vec<usize> = bits(union).collect();
        let mut out = Vec::new();
        if !k_subsets(&pool, cells.len(), 0, 0, &mut out) {
            return None;
        }
        out.retain(|&set| set & must == must && masks.iter().all(|&m| m & set != 0));
        Some(out)
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
        self.choose_set(&sum.cells, combos);
    }

    /// Exactly one of `combos` (symbol sets) is the set `cells` hold: a variable per set,
    /// returned in their order, and one per symbol "appears in the cells" tying them to the
    /// candidates. Exact when the cells' symbols differ and each set has as many symbols as
    /// there are cells.
    fn choose_set(&mut self, cells: &[u32], combos: &[u64]) -> Vec<Lit> {
        let n = self.n;
        // "Symbol s appears in the cage", for each symbol some cell may hold.
        let mut appears: Vec<Option<Lit>> = vec![None; n];
        let mut lits = Vec::new();
        for (s, slot) in appears.iter_mut().enumerate() {
            lits.clear();
            lits.extend(cells.iter().filter_map(|&c| self.lit(c as usize, s)));
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
        chosen
    }

    /// A layered diagram of partial sums over `options` (per step, the values it may add,
    /// exactly one of whose literals holds), ending at `total`.
    fn diagram(&mut self, options: &[Vec<(i64, Lit)>], total: i64) -> Result<(), TooLarge> {
        let layers = reachable_layers(options, total);
        let edges: usize = (options.iter().zip(&layers))
            .map(|(o, l)| l.len() * o.len())
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
        let mut node: Vec<BTreeMap<i64, Option<Lit>>> = Vec::new();
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
        for (i, opts) in options.iter().enumerate() {
            self.diagram_step(&node[i], &node[i + 1], opts);
        }
        Ok(())
    }

    /// Clauses between two layers through one step's options: forward and backward moves,
    /// and each node needs an option that moves on from it (and one that leads into it).
    fn diagram_step(
        &mut self,
        from: &BTreeMap<i64, Option<Lit>>,
        to: &BTreeMap<i64, Option<Lit>>,
        opts: &[(i64, Lit)],
    ) {
        let mut support = Vec::new();
        for (&v, &a) in from {
            support.clear();
            for &(value, x) in opts {
                match to.get(&(v + value)) {
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
            for &(value, x) in opts {
                match from.get(&(w - value)) {
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

/// The partial sums after each prefix of the steps (layer 0 is {0}, the last is {total}) that
/// are reachable from the start and can still reach the total; a layer is empty when none is.
fn reachable_layers(options: &[Vec<(i64, Lit)>], total: i64) -> Vec<Vec<i64>> {
    let k = options.len();
    let mut fwd: Vec<Vec<i64>> = vec![vec![0]];
    for opts in options {
        let mut next: Vec<i64> = fwd
            .last()
            .expect("layer 0")
            .iter()
            .flat_map(|&v| opts.iter().map(move |o| v + o.0))
            .collect();
        next.sort_unstable();
        next.dedup();
        fwd.push(next);
    }
    let mut layers = vec![Vec::new(); k + 1];
    layers[k] = fwd[k].iter().copied().filter(|&v| v == total).collect();
    for i in (0..k).rev() {
        let after = &layers[i + 1];
        layers[i] = fwd[i]
            .iter()
            .copied()
            .filter(|&v| (options[i].iter()).any(|o| after.binary_search(&(v + o.0)).is_ok()))
            .collect();
    }
    layers
}

/// Appends to `out` every set of `k` symbols from `pool[start..]` (as masks, with `mask`
/// already chosen); false once there are more than [`MAX_COMBOS`].
fn k_subsets(pool: &[usize], k: usize, start: usize, mask: u64, out: &mut Vec<u64>) -> bool {
    if k == 0 {
        out.push(mask);
        return out.len() <= MAX_COMBOS;
    }
    for i in start..pool.len().saturating_sub(k - 1) {
        if !k_subsets(pool, k - 1, i + 1, mask | 1 << pool[i], out) {
            return false;
        }
    }
    true
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
