//! Count-distinct over the regions of a chaos construction: the control cell's value is how
//! many different regions the counted cells lie in (the Interactive Sudoku Solver's
//! `CountDistinct` over its region cells, github.com/sigh/Interactive-Sudoku-Solver). The
//! regions are the chaos construction's labels (`solver/chaos.rs`, the label of cell `c` is
//! variable `base + c`), so this is the count of different values of the counted cells'
//! labels, and it reads them as `count_distinct.rs` reads digits:
//!
//! - **Greatest**: the labels already fixed plus a largest matching of the other counted cells
//!   to labels not fixed; never more than the cells counted less the pairs forced to share a
//!   region (a counted cell all of whose orthogonal neighbours are counted shares its region,
//!   of two cells or more, with one of them: with those cells' neighbourhoods disjoint, each is
//!   one region fewer), nor more than the regions.
//! - **Least**, a sound bound: the fixed labels plus open cells that can have none of them and
//!   no label in common with each other; or cells known to lie in pairwise different regions
//!   (a `different` group of the construction; cells holding the same digit, since a region
//!   holds each digit once) plus the fixed labels none of them can have.
//!
//! The control cell keeps the counts between them ([`Why::CountRegionsRange`]); a label that
//! would push the least count past the control's largest value, or after which no matching
//! reaches its least, leaves the counted cell. The reasoner's board has no labels: there the
//! rule bounds the control cell by the digits alone (cells with the same digit, the regions,
//! the forced pairs). Everything per call is on the stack.

use super::count_distinct::{counts_between, drop_alone, greatest, least, solved_symbols};
use super::propagator::{Domains, Narrowed, Propagator, Values, Why};
use crate::Geometry;
use crate::constraint::chaos::Layout;
use crate::constraint::{Constraint, RuleKind};

/// The most counted cells (a rule with more is not well formed, and never holds).
const MAX_COUNTED: usize = crate::constraint::COUNTED_MAX_CELLS;

/// The propagator of a region count; one that never holds when the geometry has no chaos
/// construction (the loader refuses such a rule).
pub(super) fn compile(c: &Constraint, g: &Geometry, values: &Values) -> Box<dyn Propagator> {
    let chaos = g
        .constraints()
        .iter()
        .find(|c| matches!(c.kind, RuleKind::Chaos { .. }))
        .and_then(|ch| Layout::new(g, &ch.kind));
    match (chaos, &c.kind) {
        (
            Some(layout),
            RuleKind::CountRegions {
                cells,
                counts_itself,
            },
        ) if !cells.is_empty() && cells.len() <= MAX_COUNTED => {
            let ids: Vec<u32> = cells.iter().map(|c| c.index() as u32).collect();
            Box::new(CountRegions::new(&ids, *counts_itself, &layout, values))
        }
        _ => Box::new(super::linear::Linear::new(Vec::new(), 1)),
    }
}

/// A compiled count of regions.
#[derive(Debug, Clone)]
pub(crate) struct CountRegions {
    /// The control cell.
    control: u32,
    /// The counted cells (the control among them when it counts itself), each once.
    counted: Vec<u32>,
    /// The first label variable.
    base: u32,
    /// Cells in the grid (labels run from `base` to `base + cells`).
    cells: usize,
    /// Each symbol's value.
    values: Vec<i64>,
    /// Counted cells known to lie in pairwise different regions (`different` groups), as bits
    /// by position in `counted` (two or more).
    apart: Vec<u64>,
    /// The greatest count the layout allows: the counted cells less the forced pairs, at
    /// most the regions.
    cap: u32,
}

impl CountRegions {
    /// `cells` is the control cell, then the other counted cells; the control is counted too
    /// when it `counts_itself`.
    pub(crate) fn new(
        cells: &[u32],
        counts_itself: bool,
        layout: &Layout,
        values: &Values,
    ) -> CountRegions {
        let control = cells[0];
        let counted: Vec<u32> = if counts_itself {
            cells.to_vec()
        } else {
            cells[1..].to_vec()
        };
        let pos = |c: u32| counted.iter().position(|&x| x == c);
        let mut apart: Vec<u64> = Vec::new();
        // Each `different` pair whose cells are both counted: pairs are enough, as the
        // groups were split into pairs; gathering them back into groups would only be faster.
        for &(a, b) in &layout.different {
            if let (Some(i), Some(j)) = (pos(a), pos(b)) {
                apart.push(1 << i | 1 << j);
            }
        }
        apart.sort_unstable();
        apart.dedup();
        CountRegions {
            control,
            base: layout.order.len() as u32,
            cells: layout.order.len(),
            values: values.all().to_vec(),
            apart,
            cap: (counted.len() as u32 - forced_pairs(layout, &counted)).min(layout.count as u32),
            counted,
        }
    }

    /// The symbols of the control cell whose values lie from `lo` to `hi`.
    fn counts_between(&self, lo: u32, hi: u32) -> u64 {
        counts_between(&self.values, lo, hi)
    }

    /// The sets of counted cells that hold one digit (two or more each), into `out`, with
    /// the `different` groups; how many.
    fn cliques(&self, d: &Domains<'_>, out: &mut [u64; 2 * MAX_COUNTED]) -> usize {
        let mut by_digit = [0u64; 64];
        for (i, &c) in self.counted.iter().enumerate() {
            let x = d.get(c);
            if x.count_ones() == 1 {
                by_digit[x.trailing_zeros() as usize] |= 1 << i;
            }
        }
        let mut n = 0;
        for q in by_digit.into_iter().chain(self.apart.iter().copied()) {
            if q.count_ones() >= 2 && n < out.len() {
                out[n] = q;
                n += 1;
            }
        }
        n
    }

    /// Tries each label of `tried(x)` alone in each open counted cell (`doms` their labels,
    /// kept up to date) and removes those with which the labels `fail`.
    fn drop_labels(
        &self,
        d: &mut Domains<'_>,
        doms: &mut [u64],
        tried: impl Fn(u64) -> u64,
        fail: impl Fn(&[u64]) -> bool,
    ) -> Narrowed {
        drop_alone(
            d,
            doms,
            |i| self.base + self.counted[i],
            tried,
            fail,
            |d, var, keep| d.keep_aux(var, keep),
        )
    }
}

/// How many counted cells, their closed neighbourhoods pairwise disjoint, have every
/// orthogonal neighbour counted: each shares its region (two cells or more, connected) with
/// one of those neighbours, so the counted cells lie in at least that many regions fewer than
/// there are of them.
fn forced_pairs(layout: &Layout, counted: &[u32]) -> u32 {
    if layout.size < 2 {
        return 0;
    }
    let mut used: Vec<u32> = Vec::new();
    let mut pairs = 0;
    for &c in counted {
        let around = &layout.neighbours[c as usize];
        let enclosed = !around.is_empty() && around.iter().all(|n| counted.contains(n));
        if enclosed && !used.contains(&c) && !around.iter().any(|n| used.contains(n)) {
            pairs += 1;
            used.push(c);
            used.extend(around);
        }
    }
    pairs
}

impl Propagator for CountRegions {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        let m = self.counted.len().min(MAX_COUNTED);
        let mut cliques = [0u64; 2 * MAX_COUNTED];
        let k = self.cliques(d, &mut cliques);
        let cliques = &cliques[..k];
        // The reasoner's board has no labels: the digits' cliques and the cap are all it has.
        if d.len() < self.base as usize + self.cells {
            let lo = cliques.iter().map(|q| q.count_ones()).max().unwrap_or(1);
            let hi = self.cap;
            return d.keep_because(self.control, self.counts_between(lo, hi), || {
                Why::CountRegionsRange {
                    lo: i64::from(lo),
                    hi: i64::from(hi),
                }
            });
        }
        let mut doms = [0u64; MAX_COUNTED];
        for (x, &c) in doms.iter_mut().zip(&self.counted[..m]) {
            *x = d.get(self.base + c);
        }
        let doms = &mut doms[..m];
        let (lo, hi) = (least(doms, cliques), greatest(doms).min(self.cap));
        let mut changed = d.keep_because(self.control, self.counts_between(lo, hi), || {
            Why::CountRegionsRange {
                lo: i64::from(lo),
                hi: i64::from(hi),
            }
        })?;
        let (want_lo, want_hi) = d.values().min_max(d.get(self.control));
        let solved = solved_symbols(doms);
        // Too many: a label that makes the least count exceed the control's greatest value.
        if want_hi <= i64::from(lo) + 1 {
            changed |= self.drop_labels(
                d,
                doms,
                |x| x & !solved,
                |doms| i64::from(least(doms, cliques)) > want_hi,
            )?;
        }
        // Too few: the control needs the greatest count, and a label after which no matching
        // reaches it leaves the cell.
        if want_lo >= i64::from(hi) {
            changed |=
                self.drop_labels(d, doms, |x| x, |doms| i64::from(greatest(doms)) < want_lo)?;
        }
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::forced_pairs;
    use crate::constraint::RuleKind;
    use crate::constraint::chaos::Layout;

    /// The layout of an empty 9x9 chaos construction (regions of nine cells).
    fn layout() -> Layout {
        let text = "symbols = \"123456789\"\n\n[[grid]]\nsize = 9\n\n[[rule]]\ntype = \"chaos\"\n";
        let l = crate::load::load_str("chaos", text, None).unwrap();
        let g = l.puzzle.geometry();
        let chaos = (g.constraints().iter())
            .find(|c| matches!(c.kind, RuleKind::Chaos { .. }))
            .unwrap();
        Layout::new(g, &chaos.kind).unwrap()
    }

    /// Cell index of `rRcC` (1-based) on the 9x9.
    fn at(r: u32, c: u32) -> u32 {
        (r - 1) * 9 + (c - 1)
    }

    /// The cap on the count below the regions: on a 9x9 a count of nine cells is not capped
    /// by the nine regions, so only the forced pairs can bring it under nine (on the 4x4 of
    /// the property test the regions' count hides it). A 3x3 counts at most 8 regions (its
    /// middle cell's region takes one of its neighbours); two such blocks apart lose one each;
    /// a row has no enclosed cell; two enclosed cells whose neighbourhoods meet count once.
    #[test]
    fn enclosed_counted_cells_share_a_region_with_a_neighbour() {
        let l = layout();
        let block = |r0: u32, c0: u32| -> Vec<u32> {
            (r0..r0 + 3)
                .flat_map(|r| (c0..c0 + 3).map(move |c| at(r, c)))
                .collect()
        };
        assert_eq!(forced_pairs(&l, &block(4, 4)), 1);
        let two: Vec<u32> = block(1, 1).into_iter().chain(block(5, 5)).collect();
        assert_eq!(forced_pairs(&l, &two), 2);
        let row: Vec<u32> = (1..=9).map(|c| at(5, c)).collect();
        assert_eq!(forced_pairs(&l, &row), 0);
        // r5c4 and r5c5 both enclosed by the 3x4 block r4-6c3-6, their neighbourhoods
        // overlapping: one region fewer, not two.
        let wide: Vec<u32> = (4..=6)
            .flat_map(|r| (3..=6).map(move |c| at(r, c)))
            .collect();
        assert_eq!(forced_pairs(&l, &wide), 1);
        // A corner cell is enclosed by its two neighbours.
        assert_eq!(forced_pairs(&l, &[at(1, 1), at(1, 2), at(2, 1)]), 1);
    }
}
