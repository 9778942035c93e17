//! Outside clues (sandwich, X-sum, skyscraper) and indexing.
//!
//! A clue is compiled once to the layered automaton of [`crate::constraint::outside::layers`]; each call
//! runs a forward pass (the states reachable before each cell with the candidates left) and a
//! backward pass (the states from which the rest of the line can still meet the clue). A
//! candidate stays when some reachable state reads it into a state that can still finish: on
//! the line alone this is exact, so every value a clue forbids given its line's candidates
//! goes in one call. A clue whose automaton would be too large falls back to checking solved
//! lines only. A sandwich or X-sum on a full row or column of a small alphabet runs the set
//! pass of `outside_sets.rs` instead of its automaton, and a skyscraper whose values rise with
//! the symbol index reads the same automaton as bit sets (`skyscraper.rs`).
//!
//! Indexing is an implication per indexing cell: holding k means the k-th cell of its line
//! holds the cell's position p. So k goes when that cell can no longer hold p, and once the
//! indexing cell is solved its target is narrowed to p.

use super::outside_sets::Sets;
use super::propagator::{Contradiction, Domains, Narrowed, Propagator, Values, Why};
use super::skyscraper::Sky;
use crate::constraint::RuleKind;
use crate::constraint::outside::{DEAD, Layers};

/// The most states a clue's automaton may have in one layer.
pub(super) const MAX_STATES: usize = 4096;

/// One outside clue.
#[derive(Debug, Clone)]
pub(super) struct Clue {
    cells: Vec<u32>,
    layers: Layers,
    /// Where each layer's states start in the passes' bit sets, in words.
    offset: Vec<usize>,
    /// A sandwich's or X-sum's placements and value sets, when the line holds each value
    /// once (`outside_sets.rs`): run instead of the automaton.
    sets: Option<Sets>,
    /// A skyscraper's automaton as bit sets (`skyscraper.rs`): run instead of `layers`, which
    /// are then left empty.
    sky: Option<Sky>,
    /// The clue itself, whether its line holds each value once, and the alphabet's values:
    /// read only to say why the automaton removes a value (the numbers the line could give
    /// with it).
    said: Option<Box<(RuleKind, bool, Vec<i64>)>>,
}

impl Clue {
    pub(super) fn new(cells: Vec<u32>, layers: Layers) -> Clue {
        let offset = offsets(&layers.sizes);
        Clue {
            cells,
            layers,
            offset,
            sets: None,
            sky: None,
            said: None,
        }
    }

    /// A skyscraper clue read by [`Sky`]'s bit sets, with no layers built.
    pub(super) fn sky(cells: Vec<u32>, sky: Sky, symbols: usize) -> Clue {
        let layers = Layers {
            sizes: Vec::new(),
            next: Vec::new(),
            symbols,
        };
        Clue {
            sky: Some(sky),
            ..Clue::new(cells, layers)
        }
    }

    /// The clue `kind` with the set reasoning of `outside_sets.rs` as well (when its line
    /// holds each value once, `house`, and the alphabet is small), and the reasons of its
    /// removals in numbers.
    pub(super) fn with_clue(mut self, kind: &RuleKind, values: &Values, house: bool) -> Clue {
        self.sets = Sets::new(kind, values, self.cells.len(), house);
        self.said = Some(Box::new((kind.clone(), house, values.all().to_vec())));
        self
    }

    /// Why the automaton removes `removed` from the cell at `place` of the line, the line's
    /// candidates being `line`: with any of them there, the line gives only the numbers
    /// listed, not the clue's. [`Why::Rule`] when that does not show it (the automaton also
    /// drops states by bounds that depend on the clue's number).
    fn why(&self, line: &[u64], place: usize, removed: u64) -> Why {
        let Some((kind, house, values)) = self.said.as_deref() else {
            return Why::Rule;
        };
        let mut cands = line.to_vec();
        let mut numbers = Vec::new();
        let mut m = removed;
        while m != 0 {
            cands[place] = m & m.wrapping_neg();
            m &= m - 1;
            numbers.extend(crate::constraint::outside::numbers(
                kind, values, *house, &cands,
            ));
        }
        numbers.sort_unstable();
        numbers.dedup();
        match crate::constraint::outside::clue_number(kind) {
            Some(clue) if !numbers.contains(&clue) => Why::ClueNumbers { numbers, clue },
            _ => Why::Rule,
        }
    }
}

/// Where each layer's states start in a bit set over all layers (in words), and its length.
fn offsets(sizes: &[usize]) -> Vec<usize> {
    let mut offset = Vec::with_capacity(sizes.len() + 1);
    let mut at = 0;
    for &n in sizes {
        offset.push(at);
        at += n.div_ceil(64);
    }
    offset.push(at);
    offset
}

/// The most words of state bits kept on the stack; a larger clue uses the heap.
const STACK_WORDS: usize = 256;

impl Propagator for Clue {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        // With the sets, the automaton is not run: the set pass alone decides a solved line
        // (its cells between hold exactly one listed set, the crusts or X at their places),
        // and on the real sandwich-only link `fpuzzles/iss-1` the automaton was three
        // quarters of the time for a fifth fewer guesses (docs/performance.md).
        if let Some(sets) = &self.sets {
            return sets.propagate(&self.cells, d);
        }
        if let Some(sky) = &self.sky {
            return sky.propagate(&self.cells, d, |line, i, removed| {
                self.why(line, i, removed)
            });
        }
        let words = *self.offset.last().unwrap_or(&0);
        if words <= STACK_WORDS {
            let (mut fwd, mut back) = ([0u64; STACK_WORDS], [0u64; STACK_WORDS]);
            self.run(d, &mut fwd[..words], &mut back[..words])
        } else {
            let (mut fwd, mut back) = (vec![0u64; words], vec![0u64; words]);
            self.run(d, &mut fwd, &mut back)
        }
    }

    fn places_values_in_houses(&self) -> bool {
        self.said.as_deref().is_some_and(|s| s.1)
    }
}

impl Clue {
    /// The forward and the backward pass, with `fwd` and `back` zeroed bit sets over all
    /// layers.
    fn run(&self, d: &mut Domains<'_>, fwd: &mut [u64], back: &mut [u64]) -> Narrowed {
        let l = &self.layers;
        let n = self.cells.len();
        if !l.reachable() {
            return Err(Contradiction);
        }
        let ns = l.symbols;
        let off = &self.offset;
        fwd[0] = 1;
        for i in 0..n {
            let xs = d.get(self.cells[i]);
            let (here, rest) = fwd.split_at_mut(off[i + 1]);
            let (here, next) = (&here[off[i]..], &mut rest[..off[i + 2] - off[i + 1]]);
            let mut any = false;
            for (w, &word) in here.iter().enumerate() {
                let mut qs = word;
                while qs != 0 {
                    let q = w * 64 + qs.trailing_zeros() as usize;
                    qs &= qs - 1;
                    let row = &l.next[i][q * ns..(q + 1) * ns];
                    let mut m = xs;
                    while m != 0 {
                        let t = row[m.trailing_zeros() as usize];
                        m &= m - 1;
                        if t != DEAD {
                            next[t as usize >> 6] |= 1 << (t & 63);
                            any = true;
                        }
                    }
                }
            }
            if !any {
                return Err(Contradiction);
            }
        }
        // The line's candidates as the pass found them, kept only to say why (the reasoner).
        let line: Vec<u64> = match d.explaining_now() {
            true => self.cells.iter().map(|&c| d.get(c)).collect(),
            false => Vec::new(),
        };
        // Every state of the last layer accepts; going back, keep the states with a way on.
        back[off[n]..off[n + 1]].copy_from_slice(&fwd[off[n]..off[n + 1]]);
        let mut changed = false;
        for i in (0..n).rev() {
            let c = self.cells[i];
            let xs = d.get(c);
            let mut keep = 0u64;
            let (here, rest) = back.split_at_mut(off[i + 1]);
            let (here, next) = (&mut here[off[i]..], &rest[..off[i + 2] - off[i + 1]]);
            for (w, &word) in fwd[off[i]..off[i + 1]].iter().enumerate() {
                let mut qs = word;
                while qs != 0 {
                    let b = qs.trailing_zeros();
                    qs &= qs - 1;
                    let q = w * 64 + b as usize;
                    let row = &l.next[i][q * ns..(q + 1) * ns];
                    let mut m = xs;
                    while m != 0 {
                        let s = m.trailing_zeros() as usize;
                        m &= m - 1;
                        let t = row[s];
                        if t != DEAD && next[t as usize >> 6] >> (t & 63) & 1 == 1 {
                            keep |= 1 << s;
                            here[w] |= 1 << b;
                        }
                    }
                }
            }
            changed |= d.keep_because(c, keep, || self.why(&line, i, xs & !keep))?;
        }
        Ok(changed)
    }
}

/// A clue whose automaton is too large to build: its line is checked once every cell is
/// solved, by the same direct check the oracle uses.
#[derive(Debug)]
pub(super) struct SolvedCheck {
    cells: Vec<u32>,
    kind: crate::constraint::RuleKind,
    values: Vec<i64>,
}

impl SolvedCheck {
    pub(super) fn new(cells: Vec<u32>, kind: crate::constraint::RuleKind, values: &Values) -> Self {
        SolvedCheck {
            cells,
            kind,
            values: values.all().to_vec(),
        }
    }
}

impl Propagator for SolvedCheck {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        let mut line = Vec::with_capacity(self.cells.len());
        for &c in &self.cells {
            let x = d.get(c);
            if x & (x - 1) != 0 {
                return Ok(false);
            }
            line.push(d.values().of_bit(x));
        }
        match crate::constraint::outside::line_holds(&self.kind, &self.values, &line) {
            true => Ok(false),
            false => Err(Contradiction),
        }
    }
}

/// Indexing cells, each with the target cell of each of its symbols (`None` when the symbol's
/// value is no position of its line) and the symbols worth its own position.
#[derive(Debug, Clone)]
pub(super) struct Indexing {
    indexers: Vec<Indexer>,
}

#[derive(Debug, Clone)]
struct Indexer {
    cell: u32,
    target: Vec<Option<u32>>,
    own: u64,
}

impl Indexing {
    pub(super) fn new(cells: &[u32], lines: &[Vec<u32>], values: &Values) -> Indexing {
        let indexers = cells
            .iter()
            .zip(lines)
            .map(|(&cell, line)| {
                let p = line
                    .iter()
                    .position(|&x| x == cell)
                    .map_or(0, |p| p as i64 + 1);
                let target = (values.all().iter())
                    .map(|&k| (k >= 1 && k <= line.len() as i64).then(|| line[k as usize - 1]))
                    .collect();
                let own = (values.all().iter().enumerate())
                    .filter(|&(_, &v)| v == p)
                    .fold(0u64, |m, (s, _)| m | 1 << s);
                Indexer { cell, target, own }
            })
            .collect();
        Indexing { indexers }
    }
}

impl Propagator for Indexing {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        let mut changed = false;
        for ix in &self.indexers {
            let xs = d.get(ix.cell);
            let mut keep = 0u64;
            let mut m = xs;
            while m != 0 {
                let s = m.trailing_zeros() as usize;
                m &= m - 1;
                match ix.target[s] {
                    // The cell indexing itself holds its own position.
                    Some(t) if t == ix.cell => keep |= (1 << s) & ix.own,
                    Some(t) if d.get(t) & ix.own != 0 => keep |= 1 << s,
                    _ => {}
                }
            }
            changed |= d.keep(ix.cell, keep)?;
            if keep & (keep - 1) == 0 {
                if let Some(t) = ix.target[keep.trailing_zeros() as usize] {
                    changed |= d.keep(t, ix.own)?;
                }
            }
        }
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CellId;
    use crate::constraint::RuleKind;

    #[test]
    fn a_skyscraper_of_one_on_a_permutation_puts_the_highest_value_first() {
        let values = Values::new(&[1, 2, 3, 4]);
        let cells: Vec<CellId> = (0..4).map(CellId::new).collect();
        let kind = RuleKind::Skyscraper {
            cells,
            count: 1,
            clue: (0, 1),
        };
        let l = crate::constraint::outside::layers(&kind, values.all(), true, MAX_STATES).unwrap();
        let clue = Clue::new(vec![0, 1, 2, 3], l);
        let (mut cells, mut queue) = (vec![0b1111; 4], Vec::new());
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(clue.propagate(&mut d), Ok(true));
        assert_eq!(cells[0], 0b1000);
    }

    #[test]
    fn an_indexer_follows_its_target() {
        let values = Values::new(&[1, 2, 3]);
        // Cell 0 indexes the line 0, 1, 2: holding k puts 1 in the k-th cell.
        let ix = Indexing::new(&[0], &[vec![0, 1, 2]], &values);
        let (mut cells, mut queue) = (vec![0b111, 0b110, 0b111], Vec::new());
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(ix.propagate(&mut d), Ok(true));
        // Cell 1 cannot hold 1, so cell 0 is not 2.
        assert_eq!(cells[0], 0b101);
    }
}
