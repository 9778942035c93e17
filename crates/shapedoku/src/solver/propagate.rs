//! The fixed-point loop: the house path first (naked and hidden singles, to a fixed point), then
//! naked pairs and locked candidates, then every rule's propagator; whenever a later stage
//! narrows something, the loop starts again from the cheap house path.

use super::derived::{self, DerivedSums};
use super::houses::{clear_peers, hidden_singles};
use super::locked::locked_candidates;
use super::naked_pairs::naked_pairs;
use super::peers::Peers;
use super::propagator::{Conflict, Domains, Propagator, Values};
use super::rules;
use super::sum::SumRule;
use crate::Geometry;
use crate::constraint::Laws;
use crate::geometry::ShapeTables;
use std::sync::Arc;

/// The compiled rules of one geometry and the state the loop keeps between calls.
#[derive(Debug, Clone)]
pub(super) struct Propagation {
    geometry: Arc<Geometry>,
    tables: Arc<ShapeTables>,
    /// Every candidate: the full alphabet as a mask.
    pub(super) all: u64,
    values: Values,
    /// One propagator per shape whose rule the house path does not cover, in shape order.
    propagators: Arc<[Box<dyn Propagator>]>,
    /// Where each propagator's memory starts in `memo` (one more entry than propagators).
    memo_at: Arc<[usize]>,
    /// The propagators' memories (`Propagator::propagate_memo`): caches, kept across nodes.
    memo: Vec<u64>,
    /// The peers with those rules beyond shapes add (anti-knight, ...), when they add some.
    peers: Option<Arc<Peers>>,
    /// Whether locked candidates run (they pay on grids with overlapping houses).
    locked: bool,
    /// Whether naked pairs run.
    naked_pairs: bool,
    /// Per house, whether it had an unsolved cell at the last hidden-single scan.
    house_open: Vec<bool>,
    /// Cells solved but not yet cleared from their peers.
    queue: Vec<u32>,
    /// The puzzle's narrowed starting candidates per cell, when it narrows some.
    pub(super) narrowed: Option<Vec<u64>>,
    /// The cells each propagator's rule names, propagator after propagator (`scope_at` says
    /// where each starts); empty for rules over the whole grid (nonconsecutive, ...).
    scopes: Arc<[u32]>,
    scope_at: Arc<[usize]>,
    /// Where the last failed run met its contradiction.
    pub(super) conflict: Conflict,
    /// Whether some rule places values in houses
    /// ([`Propagator::places_values_in_houses`]): the search then also branches on a value's
    /// two places in a house.
    pub(super) place_branching: bool,
    /// The starting candidates of the variables after the cells (a chaos construction's
    /// region labels, `chaos.rs`); empty for every other geometry.
    extra: Arc<[u64]>,
}

impl Propagation {
    /// The propagation of a geometry, stating its rules' laws (tests build it alone).
    #[cfg(test)]
    pub(super) fn new(geometry: Arc<Geometry>) -> Propagation {
        let laws: Vec<Laws<'_>> = (geometry.constraints().iter())
            .map(|c| c.laws(&geometry))
            .collect();
        Propagation::with_laws(geometry.clone(), &laws, DerivedSums::On)
    }

    /// The propagation of a geometry, with the laws of the geometry's rules already stated, one per
    /// rule in order (`Constraint::laws`): the solver states them once and hands them to
    /// every stage that reads them. With `derive` on, the sums that follow from the houses
    /// and the sums laid over them (`derived.rs`) come after the rules' propagators.
    pub(super) fn with_laws(
        geometry: Arc<Geometry>,
        laws: &[Laws<'_>],
        derive: DerivedSums,
    ) -> Propagation {
        let g = &geometry;
        let n = g.symbol_count();
        let tables = g.tables().clone();
        let values = Values::new(g.symbols().values());
        let mut propagators: Vec<Box<dyn Propagator>> = (0..g.shapes().len())
            .filter_map(|s| rules::propagator(s, g))
            .collect();
        // The same order as the propagators: sum shapes, then the rules beyond shapes.
        let mut scopes: Vec<Vec<u32>> = (0..g.shapes().len())
            .filter(|&s| g.shape(s).sum().is_some())
            .map(|s| g.shape(s).cells.iter().map(|&c| c as u32).collect())
            .collect();
        let mut extra_peers = Vec::new();
        for (c, laws) in g.constraints().iter().zip(laws) {
            match rules::peer_pairs(laws) {
                Some(pairs) => extra_peers.extend(pairs),
                None => {
                    propagators.push(rules::compile(c, g, laws, &values));
                    let mut cells: Vec<u32> =
                        c.named_cells().iter().map(|c| c.index() as u32).collect();
                    cells.sort_unstable();
                    cells.dedup();
                    scopes.push(cells);
                }
            }
        }
        for (facts, scope) in derived::sums(g, derive) {
            propagators.push(SumRule::compile(facts, g));
            scopes.push(scope);
        }
        debug_assert_eq!(scopes.len(), propagators.len());
        let mut scope_at = vec![0];
        for s in &scopes {
            scope_at.push(scope_at.last().copied().unwrap_or(0) + s.len());
        }
        let peers = (!extra_peers.is_empty()).then(|| Arc::new(Peers::new(g, &extra_peers)));
        let mut memo_at = vec![0];
        for p in &propagators {
            memo_at.push(memo_at.last().copied().unwrap_or(0) + p.memo_words());
        }
        let place_branching = propagators.iter().any(|p| p.places_values_in_houses());
        Propagation {
            locked: !tables.house_pairs.is_empty(),
            // Cells with two candidates are common on large grids; on 9x9 the scan rarely pays.
            naked_pairs: n > 9,
            house_open: vec![true; tables.houses.len()],
            all: crate::SymbolSet::full(n).0,
            propagators: propagators.into(),
            memo: vec![0; memo_at.last().copied().unwrap_or(0)],
            memo_at: memo_at.into(),
            peers,
            queue: Vec::with_capacity(g.cell_count() * 2),
            narrowed: None,
            scopes: scopes.concat().into(),
            scope_at: scope_at.into(),
            conflict: Conflict::Rule(u32::MAX),
            place_branching,
            extra: super::chaos::extra_vars(g).into(),
            values,
            tables,
            geometry,
        }
    }

    /// How many variables a search keeps: the cells, then the extra ones (region labels).
    pub(super) fn vars(&self) -> usize {
        self.geometry.cell_count() + self.extra.len()
    }

    /// Whether every rule is a no-repeat shape or a pair of peers: no propagator beyond
    /// singles, naked pairs and locked candidates.
    pub(super) fn only_no_repeat(&self) -> bool {
        self.propagators.is_empty()
    }

    /// The geometry compiled.
    pub(super) fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    /// Fills `cur` with the givens (every other cell gets every symbol, or its narrowed
    /// candidates) and queues them; false when two givens contradict at once, a given is not
    /// a symbol, or a given lies outside its cell's candidates.
    pub(super) fn load_givens(&mut self, givens: &[Option<u8>], cur: &mut [u64]) -> bool {
        self.queue.clear();
        let nc = cur.len() - self.extra.len();
        cur[nc..].copy_from_slice(&self.extra);
        let cur = &mut cur[..nc];
        match &self.narrowed {
            Some(n) => {
                cur.copy_from_slice(n);
                // A cell narrowed to one symbol is solved from the start.
                let single = |c: usize| cur[c] & cur[c].wrapping_sub(1) == 0;
                if cur.contains(&0) {
                    return false;
                }
                self.queue
                    .extend((0..cur.len()).filter(|&c| single(c)).map(|c| c as u32));
            }
            None => cur.fill(self.all),
        }
        for (c, given) in givens.iter().enumerate() {
            if let Some(v) = *given {
                let b = 1u64.checked_shl(v.into()).unwrap_or(0);
                if cur[c] & b == 0 {
                    return false;
                }
                cur[c] = b;
                self.queue.push(c as u32);
            }
        }
        if self.all == 1 {
            self.queue.extend(0..cur.len() as u32);
        }
        true
    }

    /// How many propagators (rules beyond houses) there are.
    pub(super) fn rule_count(&self) -> usize {
        self.propagators.len()
    }

    /// The cells propagator `i`'s rule names (empty for rules over the whole grid and for
    /// `u32::MAX`, the house steps).
    pub(super) fn scope(&self, i: u32) -> &[u32] {
        match self.scope_at.get(i as usize..i as usize + 2) {
            Some(&[a, b]) => &self.scopes[a..b],
            _ => &[],
        }
    }

    /// The cells of every house, house after house.
    pub(super) fn house_cells(&self) -> &[u32] {
        &self.tables.house_cells
    }

    /// The candidates after propagating the givens (no guess, no probing), or `None` on a
    /// contradiction.
    pub(super) fn root_candidates(&mut self, givens: &[Option<u8>]) -> Option<Vec<u64>> {
        let mut cur = vec![0; self.vars()];
        (self.load_givens(givens, &mut cur) && self.run(&mut cur)).then_some(cur)
    }

    /// Makes `cell` the only queued cell (it was just narrowed to one candidate), or clears the
    /// queue when it still has several.
    #[inline]
    pub(super) fn restart_from(&mut self, cell: u32, cur: &[u64]) {
        self.queue.clear();
        let x = cur[cell as usize];
        // A variable beyond the cells (a region label) is no house's business.
        if x & (x - 1) == 0 && (cell as usize) < cur.len() - self.extra.len() {
            self.queue.push(cell);
        }
    }

    /// Runs all propagation to a fixed point; false on a contradiction, whose place is then
    /// in [`Propagation::conflict`].
    pub(super) fn run(&mut self, cur: &mut [u64]) -> bool {
        match self.fixed_point(cur) {
            Ok(()) => true,
            Err(c) => {
                self.conflict = c;
                false
            }
        }
    }

    fn fixed_point(&mut self, cur: &mut [u64]) -> Result<(), Conflict> {
        let all = self.all;
        let g = &*self.geometry;
        let t = &*self.tables;
        let house_step = Conflict::Rule(u32::MAX);
        loop {
            match &self.peers {
                Some(p) => clear_peers(&**p, cur, &mut self.queue)?,
                None => clear_peers(g, cur, &mut self.queue)?,
            }
            let any_open = hidden_singles(
                &t.house_cells,
                all,
                cur,
                &mut self.queue,
                &mut self.house_open,
            )?;
            if !self.queue.is_empty() {
                continue;
            }
            // Pairs and locked candidates only concern houses: nothing to do once all are solved.
            if self.naked_pairs && any_open {
                let hl = all.count_ones() as usize;
                match naked_pairs(&t.house_cells, hl, cur, &mut self.queue) {
                    Err(_) => return Err(house_step),
                    Ok(true) => continue,
                    Ok(false) => {}
                }
            }
            if self.locked && any_open {
                match locked_candidates(t, &self.house_open, cur, &mut self.queue) {
                    Err(_) => return Err(house_step),
                    Ok(true) => continue,
                    Ok(false) => {}
                }
            }
            if self.propagators.is_empty() {
                return Ok(());
            }
            let mut d = Domains::new(cur, &mut self.queue, &self.values);
            let mut changed = false;
            for (i, (p, at)) in self
                .propagators
                .iter()
                .zip(self.memo_at.windows(2))
                .enumerate()
            {
                match p.propagate_memo(&mut d, &mut self.memo[at[0]..at[1]]) {
                    Err(_) => return Err(Conflict::Rule(i as u32)),
                    Ok(c) => changed |= c,
                }
            }
            // Narrowed cells may make singles or hidden singles: go round again.
            if !changed {
                return Ok(());
            }
        }
    }
}
