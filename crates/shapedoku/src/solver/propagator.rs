//! The interface between the solver and a shape's rule: a [`Propagator`] narrows the candidates
//! of its cells through [`Domains`], and reports a [`Contradiction`] when a cell has none left.
//! The module documentation of [`crate::solver`] says how the loop runs them and how to add a
//! rule.

use std::fmt;

pub(crate) use super::why::{Removal, Why};

/// A rule cannot be met with the candidates left: the search backtracks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Contradiction;

/// What a narrowing did: `Ok(true)` when some candidate went, `Ok(false)` when nothing changed.
pub(crate) type Narrowed = Result<bool, Contradiction>;

/// One compiled rule instance (a sum cage, say): it reads the candidates of its cells and
/// removes those its rule excludes.
///
/// A propagator is compiled once per solver and immutable afterwards: everything that changes
/// during a search is in the candidates, so backtracking restores it for free and a propagator
/// never needs to undo anything. It must be *sound* (never remove a candidate some solution
/// uses), *monotone* (fewer candidates in, no more out) and must detect a violated rule once
/// all its cells are solved; it need not find everything its rule implies, the search does the
/// rest.
pub(crate) trait Propagator: fmt::Debug + Send + Sync {
    /// Narrows the candidates to what the rule allows.
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed;

    /// How many words of memory the solver keeps for this propagator between calls (see
    /// [`Propagator::propagate_memo`]); none for most.
    fn memo_words(&self) -> usize {
        0
    }

    /// Narrows as [`Propagator::propagate`] does, with `memo`: [`Propagator::memo_words`] words
    /// the solver running it keeps for it, all zero at first. The propagator may keep there
    /// what makes a later call cheaper, such as the candidates of its cells when it last had
    /// nothing to remove (a search comes back to the same candidates often). Whatever it
    /// keeps must be a cache, true of any later call with the same candidates, since one
    /// memory serves every search node: backtracking does not restore it.
    fn propagate_memo(&self, d: &mut Domains<'_>, memo: &mut [u64]) -> Narrowed {
        let _ = memo;
        self.propagate(d)
    }

    /// Whether the rule reasons about where each value of a house goes (an outside clue on a
    /// full row or column: the crusts' places, the tallest building's), so that the search
    /// does well to branch on the places a value has left in a house (see
    /// `Search::choose`); false for most.
    fn places_values_in_houses(&self) -> bool {
        false
    }
}

/// The candidates of every cell as a propagator sees them, with the symbols' values. Changes go
/// through [`Domains::keep`] (or [`Domains::keep_because`]), which also tells the house rules
/// about newly solved cells.
///
/// The same propagator serves the search and the reasoner. The search runs it without a sink
/// and the reasons are never built; the reasoner ([`explain_rule`](super::rules::explain_rule))
/// runs it with one, and every removal is recorded with its [`Why`], so each deduction a rule
/// makes is written once.
#[derive(Debug)]
pub(crate) struct Domains<'a> {
    cells: &'a mut [u64],
    queue: &'a mut Vec<u32>,
    values: &'a Values,
    /// Where removals and their reasons go when the reasoner asks; `None` in the search.
    sink: Option<&'a mut Vec<Removal>>,
}

impl<'a> Domains<'a> {
    pub(super) fn new(cells: &'a mut [u64], queue: &'a mut Vec<u32>, values: &'a Values) -> Self {
        Domains {
            cells,
            queue,
            values,
            sink: None,
        }
    }
    /// Domains that record every removal with its reason in `sink` (the reasoner's view).
    pub(super) fn explaining(
        cells: &'a mut [u64],
        queue: &'a mut Vec<u32>,
        values: &'a Values,
        sink: &'a mut Vec<Removal>,
    ) -> Self {
        Domains {
            cells,
            queue,
            values,
            sink: Some(sink),
        }
    }
    /// Whether removals are being recorded with their reasons: a propagator may skip work
    /// that only serves explanations (naming the combinations left, say) when they are not.
    #[inline(always)]
    #[allow(dead_code)]
    pub(crate) fn explaining_now(&self) -> bool {
        self.sink.is_some()
    }
    /// The candidates of a cell: bit `s` is symbol `s`.
    #[inline(always)]
    pub(crate) fn get(&self, cell: u32) -> u64 {
        self.cells[cell as usize]
    }
    /// Keeps only the candidates of `cell` in `keep` (see [`keep_only`]), for a reason the
    /// propagator does not state ([`Why::Rule`]: "the rule allows nothing else here").
    #[inline(always)]
    pub(crate) fn keep(&mut self, cell: u32, keep: u64) -> Narrowed {
        self.keep_because(cell, keep, || Why::Rule)
    }
    /// Keeps only the candidates of `cell` in `keep`, because of `why`: the reason is built
    /// only when the reasoner records removals and something is removed, so the search pays
    /// one test of the sink per removal and nothing else.
    #[inline(always)]
    pub(crate) fn keep_because(
        &mut self,
        cell: u32,
        keep: u64,
        why: impl FnOnce() -> Why,
    ) -> Narrowed {
        let x = self.cells[cell as usize];
        if x & keep == x {
            return Ok(false);
        }
        // Cold: only the reasoner passes a sink, and only a removal reaches here.
        if let Some(sink) = self.sink.as_deref_mut() {
            sink.push(Removal {
                cell,
                removed: x & !keep,
                why: why(),
            });
        }
        keep_only(self.cells, self.queue, cell, keep)
    }
    /// How many variables there are: the cells, then any a rule keeps beyond them (a chaos
    /// construction's region labels, see `solver/chaos.rs`); the reasoner's board has cells only.
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.cells.len()
    }
    /// Keeps only the candidates of `var`, a variable beyond the cells (a region label): like
    /// [`Domains::keep`], but a variable solved here is not queued for the house rules, which
    /// know only cells.
    #[inline(always)]
    pub(crate) fn keep_aux(&mut self, var: u32, keep: u64) -> Narrowed {
        let x = self.cells[var as usize];
        let y = x & keep;
        if y == x {
            return Ok(false);
        }
        if y == 0 {
            return Err(Contradiction);
        }
        self.cells[var as usize] = y;
        Ok(true)
    }
    /// Runs `narrow` on a copy of these candidates, `scratch` (refilled here), until it
    /// removes nothing more: what the candidates would become if only that rule held, with no
    /// reasons recorded. A composite rule (`solver/composite.rs`) asks it of each alternative.
    pub(crate) fn trial(
        &self,
        scratch: &mut Vec<u64>,
        queue: &mut Vec<u32>,
        narrow: &dyn Propagator,
    ) -> Result<(), Contradiction> {
        scratch.clear();
        scratch.extend_from_slice(self.cells);
        queue.clear();
        let mut d = Domains::new(scratch, queue, self.values);
        // Each round removes a candidate or stops, so this ends.
        while narrow.propagate(&mut d)? {}
        Ok(())
    }
    /// The symbols' values (borrowed for as long as the domains, so a reason built while a
    /// cell is narrowed can read them).
    #[inline(always)]
    pub(crate) fn values(&self) -> &'a Values {
        self.values
    }
}

/// Narrows cell `c` to the candidates in `keep`, queueing it when it becomes a single (so the
/// house rules remove its symbol from its peers). A contradiction when nothing is left,
/// otherwise whether anything changed.
#[inline(always)]
pub(crate) fn keep_only(cur: &mut [u64], queue: &mut Vec<u32>, c: u32, keep: u64) -> Narrowed {
    let x = cur[c as usize];
    let y = x & keep;
    if y == x {
        return Ok(false);
    }
    if y == 0 {
        return Err(Contradiction);
    }
    cur[c as usize] = y;
    if y & (y - 1) == 0 {
        queue.push(c);
    }
    Ok(true)
}

/// The symbols' values (symbol `s` is worth `value(s)`), for rules that compare or add them.
#[derive(Debug, Clone)]
pub(crate) struct Values {
    values: Vec<i64>,
    /// Whether values never decrease with the symbol index, so a candidate mask's lowest and
    /// highest bits are its smallest and largest values.
    monotonic: bool,
}

impl Values {
    pub(crate) fn new(values: &[i64]) -> Values {
        Values {
            values: values.to_vec(),
            monotonic: values.windows(2).all(|w| w[0] <= w[1]),
        }
    }
    /// Every symbol's value, by symbol index.
    pub(crate) fn all(&self) -> &[i64] {
        &self.values
    }
    /// The value of the symbol with candidate bit `bit` (a single bit).
    #[inline]
    pub(crate) fn of_bit(&self, bit: u64) -> i64 {
        self.values[bit.trailing_zeros() as usize]
    }
    /// The smallest and largest value among the candidates in `x` (not empty).
    #[inline]
    pub(crate) fn min_max(&self, x: u64) -> (i64, i64) {
        if self.monotonic {
            (
                self.values[x.trailing_zeros() as usize],
                self.values[63 - x.leading_zeros() as usize],
            )
        } else {
            let mut m = x;
            let (mut lo, mut hi) = (i64::MAX, i64::MIN);
            while m != 0 {
                let v = self.values[m.trailing_zeros() as usize];
                m &= m - 1;
                lo = lo.min(v);
                hi = hi.max(v);
            }
            (lo, hi)
        }
    }
}

/// The union of `row[s]` over the candidates `s` in `x`: the values a pair relation (given as
/// one allowed-partner mask per value) still allows beside a cell holding `x`.
#[inline]
pub(super) fn support(row: &[u64], mut x: u64) -> u64 {
    let mut out = 0;
    while x != 0 {
        out |= row[x.trailing_zeros() as usize];
        x &= x - 1;
    }
    out
}

/// Where the last failed `Propagation::run` (propagate.rs) met its contradiction: what conflict-weighted
/// branching (see `search.rs`) blames.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Conflict {
    /// A cell (the second) lost its last candidate to a solved peer (the first).
    Peers(u32, u32),
    /// A house (its index in the house table) has no place left for some symbol.
    House(u32),
    /// A rule's propagator failed, or a pair or locked-candidate step inside houses; the
    /// index is the propagator's (`Propagation::scope`), `u32::MAX` for the house steps.
    Rule(u32),
}
