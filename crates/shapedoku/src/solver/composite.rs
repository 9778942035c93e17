//! Rules composed of rules (`constraint/composite.rs`). `all` runs each part in turn. `any`
//! is propagated by constructive disjunction: each alternative narrows a copy of the
//! candidates as if it alone held ([`Domains::trial`]); one that meets a contradiction cannot
//! hold, and a cell keeps only what some alternative left it. When every alternative fails the
//! rule does. The reasons name the alternatives ruled out ([`Why::Alternatives`]; for a loop
//! read from each of its cells, the cells its runs can no longer start at, [`Why::LoopCuts`]).

use super::propagator::{Contradiction, Domains, Narrowed, Propagator, Why};
use std::cell::RefCell;
use std::sync::Arc;

/// At least one of `parts` holds.
#[derive(Debug)]
pub(crate) struct AnyOf {
    /// Every cell the alternatives name (the rule's cells), as solver indices.
    cells: Vec<u32>,
    /// One propagator per alternative, at most 64 (the loader's limit).
    parts: Vec<Box<dyn Propagator>>,
    /// What the alternatives are, for the reasons.
    said: Said,
}

/// What an [`AnyOf`]'s alternatives are, so its reasons can say so in the rule's own words.
#[derive(Debug)]
enum Said {
    /// Alternatives a setter wrote (`any`), by name.
    Named(Arc<[String]>),
    /// The readings of a loop that splits into runs, by the cell each starts at (a sum-line
    /// loop: one reading per cell a run can begin at).
    LoopCuts(Arc<[u32]>),
}

/// Every one of `parts` holds.
#[derive(Debug)]
pub(crate) struct AllOf {
    parts: Vec<Box<dyn Propagator>>,
}

impl AnyOf {
    pub(crate) fn new(
        cells: Vec<u32>,
        parts: Vec<Box<dyn Propagator>>,
        names: Vec<String>,
    ) -> AnyOf {
        debug_assert!(!parts.is_empty() && parts.len() <= 64 && names.len() == parts.len());
        AnyOf {
            cells,
            parts,
            said: Said::Named(names.into()),
        }
    }

    /// A loop read from each of `starts` in turn (`parts[i]` reads it from `starts[i]`), one of
    /// which splits it into runs.
    pub(crate) fn loop_cuts(
        cells: Vec<u32>,
        parts: Vec<Box<dyn Propagator>>,
        starts: Vec<u32>,
    ) -> AnyOf {
        debug_assert!(!parts.is_empty() && parts.len() <= 64 && starts.len() == parts.len());
        AnyOf {
            cells,
            parts,
            said: Said::LoopCuts(starts.into()),
        }
    }
}

impl AllOf {
    pub(crate) fn new(parts: Vec<Box<dyn Propagator>>) -> AllOf {
        AllOf { parts }
    }
}

/// Buffers a trial copies the candidates into, kept per thread so the search allocates them
/// once: a set is taken out while in use, so a composite inside an alternative gets its own.
#[derive(Default)]
struct Scratch {
    cells: Vec<u64>,
    queue: Vec<u32>,
    union: Vec<u64>,
}

thread_local! {
    static POOL: RefCell<Vec<Scratch>> = const { RefCell::new(Vec::new()) };
}

fn with_scratch<R>(f: impl FnOnce(&mut Scratch) -> R) -> R {
    let mut s = POOL.with(|p| p.borrow_mut().pop()).unwrap_or_default();
    let out = f(&mut s);
    POOL.with(|p| p.borrow_mut().push(s));
    out
}

impl Propagator for AnyOf {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        with_scratch(|s| {
            s.union.clear();
            s.union.resize(self.cells.len(), 0);
            let mut refuted = 0u64;
            for (i, part) in self.parts.iter().enumerate() {
                match d.trial(&mut s.cells, &mut s.queue, part.as_ref()) {
                    Err(Contradiction) => refuted |= 1 << i,
                    Ok(()) => {
                        for (u, &c) in s.union.iter_mut().zip(&self.cells) {
                            *u |= s.cells[c as usize];
                        }
                    }
                }
            }
            if refuted.count_ones() as usize == self.parts.len() {
                return Err(Contradiction);
            }
            let mut changed = false;
            for (&c, &keep) in self.cells.iter().zip(&s.union) {
                changed |= d.keep_because(c, keep, || match &self.said {
                    Said::Named(names) => Why::Alternatives {
                        refuted,
                        names: names.clone(),
                    },
                    Said::LoopCuts(starts) => Why::LoopCuts {
                        refuted,
                        starts: starts.clone(),
                    },
                })?;
            }
            Ok(changed)
        })
    }
}

impl Propagator for AllOf {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        let mut changed = false;
        for part in &self.parts {
            changed |= part.propagate(d)?;
        }
        Ok(changed)
    }
}
