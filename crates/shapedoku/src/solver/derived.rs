//! Sums derived from the puzzle's structure before search: innies and outies (the "45 rule"
//! of Killer solvers, for any alphabet and house size).
//!
//! A house holds each symbol exactly once, so its values add up to the sum of every symbol's
//! value (45 on 1-9), and a union of `k` pairwise disjoint houses to `k` times that. Lay over
//! such a union the sums with a fixed total whose cells lie mostly inside it (Killer cages and
//! `cage` rules with a total; each cell in at most one of them): the cells of
//! the union they leave uncovered (the *innies*) and the cells they have outside it (the
//! *outies*) then satisfy
//!
//! ```text
//! Σ outies − Σ innies = Σ totals of the sums laid over − k × (sum of the symbols' values)
//! ```
//!
//! which is added to the search as one more sum ([`SumFacts`] of origin
//! [`SumOrigin::Derived`]), propagated by the sum engine like a cage: a few cells with a known
//! total, or two sides whose sums differ by a known amount.
//!
//! **When it is sound.** Each house is a no-repeat shape with as many cells as the alphabet
//! has symbols, so its values are the alphabet, each once, whatever the givens or the
//! narrowed candidates; the houses of a union share no cell; each sum laid over has a fixed
//! total over cells it names once, and the sums laid over share no cell. Nothing else is
//! assumed: not 1..9, not 45, not a square grid. Cages with repeats still add up to their
//! totals, so they count too.
//!
//! **Which unions.** Every house alone; and, per family of houses (one grid's rows, its
//! columns, its boxes, its regions: shapes of one kind and grid, by number), the first `i` and
//! the last `i` members for `i` from 2 to one less than the family, while they stay disjoint:
//! bands and stacks of rows, columns and boxes, as the Interactive Sudoku Solver's optimiser
//! (`_makeInnieOutieSumHandlers` and `_makeHiddenCageHandlers` in js/solver/optimizer.js at
//! e373f98) takes them. A sum is laid over a union when more than half of its cells lie
//! inside.
//!
//! **Per house** (off, [`REACH`]): the unions and pieces of the Interactive Sudoku Solver's
//! `_makeHiddenCageHandlers`: the house with the sums wholly inside it (their complement in
//! the house); with those and one sum sticking out of it by a single cell (that cell against
//! the rest of the house, whether or not more than half the sum lies inside); and with every
//! sum it meets (the cells sticking out, and any it leaves uncovered). Each is the same
//! identity over one house with another choice of disjoint pieces, so just as sound.
//!
//! **Which derived sums are kept**: at most [`MAX_CELLS`] cells (4; fewer than the alphabet
//! has symbols), not more than two innies and more than two outies at once (as that
//! optimiser), none equal to a sum the puzzle states, each once. The optimiser keeps sums of
//! up to 6 cells, and of any size up to the alphabet's over cells no sum covers; measured
//! here, the search pays more per node for those than they save in guesses.
//!
//! Geometries without sums derive nothing (a classic grid does no work here); the clause back
//! end and the reasoner do not see derived sums (the reasoner has its own innies, and every
//! derived sum carries a [`Derivation`] its words can name).

use super::sum_facts::{SumFacts, SumOrigin, SumSide};
use crate::Geometry;
use crate::constraint::RuleKind;
use crate::geometry::{Rule, ShapeKind};
use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;

/// The most cells a derived sum may have: a longer one costs the search more per node than it
/// saves in guesses.
///
/// Measured on the generated killers (`issbench`, docs/performance.md, "Innies and outies
/// derived before search"), one build with the bound read from the environment for the trial
/// only: medians 17.0 ms without derived sums, 16.9 at 2 cells, 18.2 at 3, 10.3 at 4, 16.2
/// at 5 (and in another run 23.3 without, 17.2 at 8, 12.8 at 4). The Interactive Sudoku
/// Solver's optimiser keeps up to 6, and more over cells no sum covers.
pub(crate) const MAX_CELLS: usize = 4;

/// Whether a solver derives sums before search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DerivedSums {
    /// Derive them (the default).
    On,
    /// Derive none (for tests comparing the two).
    #[cfg(test)]
    Off,
    /// Derive them as far as [`WIDE`] reaches (for tests of the derivations [`REACH`] leaves
    /// out).
    #[cfg(test)]
    Wide,
    /// Derive them as far as [`WIDE`] reaches, with every derived total off by this much: a
    /// planted fault the tests must catch.
    #[cfg(test)]
    Skewed(i64),
}

/// Which derivations run, and the most cells a derived sum they make may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Reach {
    /// Whether each house also derives the sums of the Interactive Sudoku Solver's
    /// `_makeHiddenCageHandlers` (js/solver/optimizer.js at e373f98): the complement in the
    /// house of the sums wholly inside it; for each sum sticking out of it by one cell, that
    /// cell against the rest of the house; and the cells sticking out of it of every sum it
    /// meets (all of them once they cover it).
    pub(crate) per_house: bool,
    /// The most cells a derived sum may have.
    pub(crate) max_cells: usize,
}

/// What the solver derives: innies and outies of houses, bands and stacks, up to
/// [`MAX_CELLS`]. The derivations per house are sound and tested (at [`WIDE`]) but off:
/// measured on the generated killers and sum lines (docs/performance.md, "Derivations per
/// house, measured"), at 4 cells they barely change the search and cost a little, and at 6
/// they cut the guesses 1.3 to 4 times but the sum engine's listing of the 5- and 6-cell sums
/// at every node costs as much again (the killers' median 1.9 times slower, the sum lines'
/// 1.3 times faster). Turn them on here when the listing gets cheaper.
pub(crate) const REACH: Reach = Reach {
    per_house: false,
    max_cells: MAX_CELLS,
};

/// Every derivation, sums of up to six cells (the Interactive Sudoku Solver's bound): what the
/// tests check for soundness.
#[cfg(test)]
pub(crate) const WIDE: Reach = Reach {
    per_house: true,
    max_cells: 6,
};

/// How a derived sum follows from the puzzle: the houses, the sums laid over them, and the
/// cells left over on each side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Derivation {
    /// The houses (shape indices), pairwise disjoint, whose union the sum is about.
    pub(crate) houses: Vec<u32>,
    /// What one house adds up to: every symbol's value once.
    pub(crate) house_total: i64,
    /// The sums laid over the union, each with its total.
    pub(crate) pieces: Vec<(Piece, i64)>,
    /// The union's cells no piece covers (solver indices, sorted).
    pub(crate) innies: Vec<u32>,
    /// The pieces' cells outside the union (solver indices, sorted).
    pub(crate) outies: Vec<u32>,
}

/// A sum with a fixed total laid over a union of houses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Piece {
    /// A sum shape (a Killer cage), by shape index.
    Shape(u32),
    /// A rule beyond shapes with a total (a `cage` rule), by its index in the geometry's
    /// constraints.
    Rule(u32),
}

impl Derivation {
    /// The union's total: `k` houses times one house's.
    pub(crate) fn union_total(&self) -> Option<i64> {
        (self.houses.len() as i64).checked_mul(self.house_total)
    }

    /// The pieces' totals added up.
    pub(crate) fn pieces_total(&self) -> Option<i64> {
        (self.pieces.iter()).try_fold(0i64, |a, &(_, t)| a.checked_add(t))
    }

    /// `Σ outies − Σ innies`: the pieces' totals less the union's.
    pub(crate) fn difference(&self) -> Option<i64> {
        self.pieces_total()?.checked_sub(self.union_total()?)
    }
}

/// A sum with a fixed total, its cells sorted.
struct Source {
    piece: Piece,
    cells: Vec<u32>,
    total: i64,
}

/// The sums derived from `g`'s houses and fixed-total sums (see the module documentation),
/// each with its cells sorted (the search's scope of the rule). Empty when `g` has no such sum
/// or no house.
pub(crate) fn sums(g: &Geometry, mode: DerivedSums) -> Vec<(Arc<SumFacts>, Vec<u32>)> {
    #[cfg(test)]
    let (reach, skew) = match mode {
        DerivedSums::On => (REACH, 0),
        DerivedSums::Off => return Vec::new(),
        DerivedSums::Wide => (WIDE, 0),
        DerivedSums::Skewed(k) => (WIDE, k),
    };
    #[cfg(not(test))]
    let (DerivedSums::On, reach) = (mode, REACH);
    let sources = sources(g);
    let houses = &g.tables().houses;
    if sources.is_empty() || houses.is_empty() {
        return Vec::new();
    }
    let Some(house_total) = (g.symbols().values().iter()).try_fold(0i64, |a, &v| a.checked_add(v))
    else {
        return Vec::new();
    };
    let nc = g.cell_count();
    let n = g.symbol_count();
    // The sums laid over unions: no two share a cell.
    let laid = disjoint(&sources, nc);
    let mut owner = vec![u32::MAX; nc];
    for (i, &s) in laid.iter().enumerate() {
        for &c in &sources[s].cells {
            owner[c as usize] = i as u32;
        }
    }
    let mut d = Deriver {
        max_cells: reach.max_cells,
        sources: &sources,
        laid: &laid,
        house_total,
        n,
        inside: vec![false; nc],
        in_piece: vec![false; nc],
        seen: HashSet::new(),
        stated: sources.iter().map(|s| s.cells.as_slice()).collect(),
        out: Vec::new(),
        #[cfg(test)]
        skew,
    };
    let cells_of = |union: &[u32]| -> Vec<u32> {
        (union.iter())
            .flat_map(|&h| g.shape(h as usize).cells.iter().map(|&c| c as u32))
            .collect()
    };
    let mut count = vec![0usize; laid.len()];
    for union in unions(g) {
        let cells = cells_of(&union);
        for &c in &cells {
            if owner[c as usize] != u32::MAX {
                count[owner[c as usize] as usize] += 1;
            }
        }
        // Pieces with more than half their cells inside, in the order laid.
        let pieces: Vec<usize> = (0..laid.len())
            .filter(|&i| 2 * count[i] > sources[laid[i]].cells.len())
            .collect();
        for &c in &cells {
            if owner[c as usize] != u32::MAX {
                count[owner[c as usize] as usize] = 0;
            }
        }
        d.consider(union, &cells, &pieces);
    }
    // Per house, the pieces of the Interactive Sudoku Solver's `_makeHiddenCageHandlers`: the
    // sums wholly inside (their complement in the house), those with each sum sticking out
    // by one cell (that cell against the rest of the house), and every sum the house meets
    // when together they cover it (the cells sticking out).
    for &h in houses.iter().filter(|_| reach.per_house) {
        let union = vec![h as u32];
        let cells = cells_of(&union);
        let mut touching: Vec<usize> = (cells.iter())
            .map(|&c| owner[c as usize])
            .filter(|&o| o != u32::MAX)
            .map(|o| o as usize)
            .collect();
        touching.sort_unstable();
        touching.dedup();
        if touching.is_empty() {
            continue;
        }
        for &c in &cells {
            d.inside[c as usize] = true;
        }
        let outside = |i: usize| {
            (sources[laid[i]].cells.iter())
                .filter(|&&c| !d.inside[c as usize])
                .count()
        };
        let sticking: Vec<(usize, usize)> = touching.iter().map(|&i| (i, outside(i))).collect();
        for &c in &cells {
            d.inside[c as usize] = false;
        }
        let within: Vec<usize> = (sticking.iter())
            .filter(|s| s.1 == 0)
            .map(|s| s.0)
            .collect();
        if !within.is_empty() {
            d.consider(union.clone(), &cells, &within);
        }
        for &(i, out) in &sticking {
            if out == 1 && sources[laid[i]].cells.len() > 1 {
                let mut pieces = within.clone();
                pieces.push(i);
                pieces.sort_unstable();
                d.consider(union.clone(), &cells, &pieces);
            }
        }
        d.consider(union, &cells, &touching);
    }
    d.out
}

/// What [`sums`] derives from, and what it has derived so far.
struct Deriver<'a> {
    /// The largest derived sum kept.
    max_cells: usize,
    sources: &'a [Source],
    /// The sums laid over unions (indices into `sources`): no two share a cell.
    laid: &'a [usize],
    house_total: i64,
    /// The alphabet's size.
    n: usize,
    /// Scratch marks, all false between calls.
    inside: Vec<bool>,
    in_piece: Vec<bool>,
    /// The (innies, outies) derived already.
    seen: HashSet<(Vec<u32>, Vec<u32>)>,
    /// Cells of the sums the puzzle states, to skip a derived sum that repeats one.
    stated: HashSet<&'a [u32]>,
    out: Vec<(Arc<SumFacts>, Vec<u32>)>,
    #[cfg(test)]
    skew: i64,
}

impl Deriver<'_> {
    /// Derives the sum of the houses `union` (pairwise disjoint, their cells `cells`) with
    /// `pieces` (indices into `laid`, sorted) laid over them, if it is kept.
    fn consider(&mut self, union: Vec<u32>, cells: &[u32], pieces: &[usize]) {
        let (sources, laid) = (self.sources, self.laid);
        for &c in cells {
            self.inside[c as usize] = true;
        }
        for &i in pieces {
            for &c in &sources[laid[i]].cells {
                self.in_piece[c as usize] = true;
            }
        }
        let mut innies: Vec<u32> = (cells.iter())
            .copied()
            .filter(|&c| !self.in_piece[c as usize])
            .collect();
        let mut outies: Vec<u32> = (pieces.iter())
            .flat_map(|&i| sources[laid[i]].cells.iter().copied())
            .filter(|&c| !self.inside[c as usize])
            .collect();
        for &c in cells {
            self.inside[c as usize] = false;
        }
        for &i in pieces {
            for &c in &sources[laid[i]].cells {
                self.in_piece[c as usize] = false;
            }
        }
        innies.sort_unstable();
        outies.sort_unstable();
        let (a, b) = (innies.len(), outies.len());
        if pieces.is_empty()
            || a + b == 0
            || a + b >= self.n
            || a + b > self.max_cells
            || (a > 2 && b > 2)
            || (a == 0 && self.stated.contains(outies.as_slice()))
            || (b == 0 && self.stated.contains(innies.as_slice()))
            || !self.seen.insert((innies.clone(), outies.clone()))
        {
            return;
        }
        let derivation = Derivation {
            houses: union,
            house_total: self.house_total,
            pieces: (pieces.iter())
                .map(|&i| (sources[laid[i]].piece, sources[laid[i]].total))
                .collect(),
            innies,
            outies,
        };
        let Some(diff) = derivation.difference() else {
            return;
        };
        #[cfg(test)]
        let diff = diff + self.skew;
        let mut scope: Vec<u32> = (derivation.innies.iter())
            .chain(&derivation.outies)
            .copied()
            .collect();
        scope.sort_unstable();
        self.out.push((facts(Arc::new(derivation), diff), scope));
    }
}

/// The sum a derivation states, `Σ outies − Σ innies = diff`: a total over one side when the
/// other is empty, else two sides whose sums are equal once the difference is added to the
/// smaller (the sum engine takes positive coefficients only).
fn facts(d: Arc<Derivation>, diff: i64) -> Arc<SumFacts> {
    let origin = SumOrigin::Derived(d.clone());
    let side = |cells: &[u32], constant: i64| SumSide {
        constant,
        ..SumSide::plain(cells)
    };
    if d.innies.is_empty() {
        return SumFacts::total(origin, &d.outies, diff);
    }
    if d.outies.is_empty() {
        return SumFacts::total(origin, &d.innies, -diff);
    }
    // Σ outies + max(0, −diff) = Σ innies + max(0, diff).
    let sides = vec![
        side(&d.outies, (-diff).max(0)),
        side(&d.innies, diff.max(0)),
    ];
    SumFacts::equal(origin, sides)
}

/// Every sum with a fixed total over cells it names once and unit weights that is laid over
/// houses: sum shapes and `cage` rules with a total. Little killers would be sound too (a
/// diagonal mostly inside a band of boxes), but measured they cost more than they save
/// (docs/performance.md, "Innies and outies derived before search"): their derived sums are
/// innies of four cells no cage covers, run at every node.
fn sources(g: &Geometry) -> Vec<Source> {
    let mut out = Vec::new();
    let mut push = |piece, cells: Vec<u32>, total| {
        let mut sorted = cells;
        sorted.sort_unstable();
        let n = sorted.len();
        sorted.dedup();
        if n > 0 && sorted.len() == n {
            out.push(Source {
                piece,
                cells: sorted,
                total,
            });
        }
    };
    for (i, s) in g.shapes().iter().enumerate() {
        if let Rule::Sum { total, .. } = s.rule {
            push(
                Piece::Shape(i as u32),
                s.cells.iter().map(|&c| c as u32).collect(),
                total,
            );
        }
    }
    for (i, c) in g.constraints().iter().enumerate() {
        if !c.well_formed() {
            continue;
        }
        if let RuleKind::Cage {
            cells,
            total: Some(t),
        } = &c.kind
        {
            let ids = cells.iter().map(|c| c.index() as u32).collect();
            push(Piece::Rule(i as u32), ids, *t);
        }
    }
    out
}

/// A greedy choice of sums no two of which share a cell, those overlapping fewest others
/// first (as the Interactive Sudoku Solver's `_findNonOverlappingSubset`); indices into
/// `sources`, in their order.
fn disjoint(sources: &[Source], nc: usize) -> Vec<usize> {
    let mut holders: Vec<Vec<usize>> = vec![Vec::new(); nc];
    for (i, s) in sources.iter().enumerate() {
        for &c in &s.cells {
            holders[c as usize].push(i);
        }
    }
    let overlaps = |i: usize| -> usize {
        let mut others: Vec<usize> = (sources[i].cells.iter())
            .flat_map(|&c| holders[c as usize].iter().copied())
            .filter(|&j| j != i)
            .collect();
        others.sort_unstable();
        others.dedup();
        others.len()
    };
    let mut order: Vec<(usize, usize)> = (0..sources.len()).map(|i| (overlaps(i), i)).collect();
    order.sort_unstable();
    let mut taken = vec![false; nc];
    let mut out = Vec::new();
    for (_, i) in order {
        if sources[i].cells.iter().any(|&c| taken[c as usize]) {
            continue;
        }
        for &c in &sources[i].cells {
            taken[c as usize] = true;
        }
        out.push(i);
    }
    out.sort_unstable();
    out
}

/// The unions of houses derivations are tried on (shape indices): each house alone, then per
/// family of one kind and grid, its first and last `i` members by number (2 ≤ i < members),
/// while they stay pairwise disjoint.
fn unions(g: &Geometry) -> Vec<Vec<u32>> {
    let houses = &g.tables().houses;
    let mut out: Vec<Vec<u32>> = houses.iter().map(|&h| vec![h as u32]).collect();
    let mut families: BTreeMap<(usize, u8), Vec<(u32, u32)>> = BTreeMap::new();
    for &h in houses {
        let s = g.shape(h);
        let kind = match s.kind {
            ShapeKind::Row => 0,
            ShapeKind::Column => 1,
            ShapeKind::Box => 2,
            ShapeKind::Region => 3,
            _ => continue,
        };
        if let (Some(grid), true) = (s.grid, s.number > 0) {
            families
                .entry((grid, kind))
                .or_default()
                .push((s.number, h as u32));
        }
    }
    let nc = g.cell_count();
    let mut used = vec![false; nc];
    for members in families.values_mut() {
        members.sort_unstable();
        let ids: Vec<u32> = members.iter().map(|m| m.1).collect();
        let m = ids.len();
        for from_end in [false, true] {
            used.fill(false);
            let mut union = Vec::new();
            for k in 0..m.saturating_sub(1) {
                let h = if from_end { ids[m - 1 - k] } else { ids[k] };
                let cells = &g.shape(h as usize).cells;
                if cells.iter().any(|&c| used[c]) {
                    break;
                }
                for &c in cells {
                    used[c] = true;
                }
                union.push(h);
                if union.len() >= 2 {
                    let mut sorted = union.clone();
                    sorted.sort_unstable();
                    out.push(sorted);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{Budget, Solver, oracle};
    use crate::{Puzzle, load};
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    fn loaded(text: &str) -> load::Loaded {
        load::load_str("t", text, None).unwrap()
    }

    /// A classic Killer whose row 1 is covered by cages but for r1c1: the row's 45 less the
    /// cages' 44 puts 1 there; and box 1, covered but for r1c1 and r3c1 by cages of which one
    /// sticks out by r1c4.
    #[test]
    fn an_innie_of_a_row_and_an_outie_of_a_box_are_derived_with_their_totals() {
        let text = "variant = \"classic\"\n\
            [[cage]]\nsum = 17\ncells = \"r1c2 r1c3 r1c4\"\n\
            [[cage]]\nsum = 27\ncells = \"r1c5 r1c6 r1c7 r1c8 r1c9\"\n\
            [[cage]]\nsum = 15\ncells = \"r2c1 r2c2 r2c3\"\n\
            [[cage]]\nsum = 17\ncells = \"r3c2 r3c3\"\n";
        let l = loaded(text);
        let sums = sums(&l.geometry, DerivedSums::On);
        let innie = (sums.iter())
            .find_map(|(f, _)| match &f.origin {
                SumOrigin::Derived(d) if d.innies == [0] && d.outies.is_empty() => {
                    Some((d.clone(), f.total))
                }
                _ => None,
            })
            .expect("r1c1's innie");
        assert_eq!(innie.1, Some(45 - 17 - 27));
        assert_eq!(innie.0.house_total, 45);
        assert_eq!(
            (innie.0.union_total(), innie.0.pieces_total()),
            (Some(45), Some(44))
        );
        // Box 1: the three cages add up to 49, 4 more than the box, so r1c4 (the cage's cell
        // outside) is 4 more than r1c1 + r3c1 (the box's cells no cage covers).
        let outie = sums.iter().find_map(|(f, scope)| match &f.origin {
            SumOrigin::Derived(d) if d.outies == [3] => Some((d.clone(), f.clone(), scope)),
            _ => None,
        });
        let (d, f, scope) = outie.expect("r1c4 as an outie of box 1");
        assert_eq!(d.innies, [0, 18]);
        assert_eq!(d.difference(), Some(17 + 15 + 17 - 45));
        assert_eq!(scope, &[0, 3, 18]);
        // Σ outies = Σ innies + 4.
        assert_eq!(f.total, None);
        assert_eq!(
            f.sides.iter().map(|s| s.constant).collect::<Vec<_>>(),
            [0, 4]
        );
        // The solver places the innie before any guess.
        let p = Puzzle::from_line(l.geometry.clone(), &".".repeat(81)).unwrap();
        let mut s = Solver::new(&p);
        let root = s.engine.root_candidates(&s.givens.clone()).unwrap();
        assert_eq!(root[0], 1, "r1c1 is 1");
        let mut off = Solver::new_with(&p, DerivedSums::Off);
        let root = off.engine.root_candidates(&off.givens.clone()).unwrap();
        assert_ne!(
            root[0], 1,
            "without derived sums the cages alone do not place it"
        );
    }

    /// The derivations per house of the Interactive Sudoku Solver's hidden cages, on box 1 of
    /// a classic Killer: cage A fills its top two rows; B and C each put one cell in its third
    /// row and one below; D one cell there and two to the right. Laid by "more than half
    /// inside", only A counts (r3c1 + r3c2 + r3c3 = 45 − A); with B sticking out by one cell,
    /// r4c1 = r3c2 + r3c3 + (A + B − 45); with every cage the box meets, which cover it, the
    /// cells sticking out add up to A + B + C + D − 45.
    #[test]
    fn a_box_derives_its_one_cell_outies_and_the_cells_its_cages_stick_out_by() {
        let text = "variant = \"classic\"\n\
            [[cage]]\nsum = 21\ncells = \"r1c1 r1c2 r1c3 r2c1 r2c2 r2c3\"\n\
            [[cage]]\nsum = 10\ncells = \"r3c1 r4c1\"\n\
            [[cage]]\nsum = 11\ncells = \"r3c2 r4c2\"\n\
            [[cage]]\nsum = 20\ncells = \"r3c3 r3c4 r3c5\"\n";
        let l = loaded(text);
        let sums = sums(&l.geometry, DerivedSums::Wide);
        let find = |innies: &[u32], outies: &[u32]| {
            (sums.iter())
                .find_map(|(f, scope)| match &f.origin {
                    SumOrigin::Derived(d) if d.innies == innies && d.outies == outies => {
                        Some((d.clone(), f.clone(), scope.clone()))
                    }
                    _ => None,
                })
                .unwrap_or_else(|| panic!("no derived sum over {innies:?} and {outies:?}"))
        };
        let (r3c1, r3c2, r3c3, r3c4, r3c5, r4c1, r4c2) = (18, 19, 20, 21, 22, 27, 28);
        let (d, f, _) = find(&[r3c1, r3c2, r3c3], &[]);
        assert_eq!((d.houses.len(), f.total), (1, Some(45 - 21)));
        // B sticks out of box 1 by r4c1.
        let (d, f, scope) = find(&[r3c2, r3c3], &[r4c1]);
        assert_eq!(d.pieces.iter().map(|p| p.1).collect::<Vec<_>>(), [21, 10]);
        assert_eq!(d.difference(), Some(21 + 10 - 45));
        assert_eq!(scope, [r3c2, r3c3, r4c1]);
        // Σ outies + 14 = Σ innies.
        assert_eq!(
            f.sides.iter().map(|s| s.constant).collect::<Vec<_>>(),
            [14, 0]
        );
        // Every cage box 1 meets: the cells outside add up to 62 − 45.
        let (d, f, _) = find(&[], &[r3c4, r3c5, r4c1, r4c2]);
        assert_eq!((d.pieces.len(), f.total), (4, Some(21 + 10 + 11 + 20 - 45)));
    }

    /// A row whose cages wholly inside leave four cells, while another cage has more than half
    /// its cells in the row and one outside: besides the innies and outie of the row, the four
    /// cells the inside cages leave (the cage's complement in its house).
    #[test]
    fn a_house_derives_the_complement_of_the_cages_inside_it() {
        let text = "variant = \"classic\"\n\
            [[cage]]\nsum = 15\ncells = \"r1c1 r1c2 r1c3 r1c4 r1c5\"\n\
            [[cage]]\nsum = 20\ncells = \"r1c6 r1c7 r2c7\"\n";
        let l = loaded(text);
        let sums = sums(&l.geometry, DerivedSums::Wide);
        let has = |innies: &[u32], outies: &[u32], total: Option<i64>| {
            (sums.iter()).any(|(f, _)| {
                matches!(&f.origin, SumOrigin::Derived(d)
                    if d.innies == innies && d.outies == outies && f.total == total)
            })
        };
        // The row less both cages: r2c7 = r1c8 + r1c9 + (35 − 45).
        assert!(has(&[7, 8], &[15], None));
        // The row less the cage inside it: r1c6..r1c9 add up to 30.
        assert!(has(&[5, 6, 7, 8], &[], Some(30)));
    }

    #[test]
    fn a_grid_without_sums_derives_nothing() {
        for name in ["classic", "jigsaw", "samurai", "16x16"] {
            let g = crate::builtin::geometry(name).unwrap();
            assert!(sums(&g, DerivedSums::On).is_empty(), "{name}");
        }
    }

    /// Random Killer puzzles around a planted solution, on alphabets whose values are not
    /// 1..n: 4x4 worth 0, 1, 5, 9 and 6x6 worth 0, 2, 3, 7, 8, 13, cages (some with repeats)
    /// over most cells, a few givens. `None` when every case's solutions (up to 40) are the
    /// same with this mode, without derived sums and by the reference solver, the planted one
    /// among them; else the first case that differs. Puzzles deriving no sum are skipped;
    /// `tally` counts those deriving some, those the reference decided and were compared, and
    /// those with a sum laid over a house though half its cells or more lie outside (the
    /// derivations per house: one cell sticking out, every cage the house meets).
    fn compare(mode: DerivedSums, cases: u64, tally: &mut [usize; 3]) -> Option<String> {
        const VARIANTS: [&str; 2] = [
            "name = \"a\"\nsymbols = \"ABCD\"\nvalues = [0, 1, 5, 9]\n[[grid]]\nsize = 4\nbox = [2, 2]\n",
            "name = \"b\"\nsymbols = \"ABCDEF\"\nvalues = [0, 2, 3, 7, 8, 13]\n[[grid]]\nsize = 6\nbox = [2, 3]\n",
        ];
        for seed in 0..cases {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let base = VARIANTS[(seed % 2) as usize];
            let g = loaded(base).geometry;
            let n = g.symbol_count() as u32;
            let values = g.symbols().values().to_vec();
            let sol = Solver::for_geometry(g.clone())
                .random_solution_with(seed, &Budget::default())
                .solutions[0]
                .as_indices()
                .to_vec();
            let at = |r: u32, c: u32| (r * n + c) as usize;
            let mut owner = vec![usize::MAX; (n * n) as usize];
            let mut text = String::new();
            let mut cages = 0;
            for start in 0..(n * n) as usize {
                if owner[start] != usize::MAX || rng.random_bool(0.15) {
                    continue;
                }
                let repeats = rng.random_bool(0.2);
                let size = rng.random_range(1..=4);
                let mut cage = vec![start];
                owner[start] = cages;
                while cage.len() < size {
                    let from = cage[rng.random_range(0..cage.len())] as u32;
                    let (r, c) = (from / n, from % n);
                    let next = [(0i32, 1i32), (1, 0), (0, -1), (-1, 0)][rng.random_range(0..4)];
                    let (nr, ncol) = (r as i32 + next.0, c as i32 + next.1);
                    if nr < 0 || ncol < 0 || nr >= n as i32 || ncol >= n as i32 {
                        break;
                    }
                    let cell = at(nr as u32, ncol as u32);
                    let clash = cage.iter().any(|&o| sol[o] == sol[cell]);
                    if owner[cell] != usize::MAX || (clash && !repeats) {
                        break;
                    }
                    owner[cell] = cages;
                    cage.push(cell);
                }
                let total: i64 = cage.iter().map(|&c| values[sol[c] as usize]).sum();
                let names: Vec<String> = (cage.iter())
                    .map(|&c| format!("r{}c{}", c as u32 / n + 1, c as u32 % n + 1))
                    .collect();
                text.push_str(&format!(
                    "[[cage]]\nsum = {total}\ncells = \"{}\"\nrepeats = {repeats}\n",
                    names.join(" ")
                ));
                cages += 1;
            }
            let letters: Vec<char> = g.symbols().chars().to_vec();
            let givens: String = (0..(n * n) as usize)
                .map(|c| {
                    if rng.random_bool(0.15) {
                        letters[sol[c] as usize]
                    } else {
                        '.'
                    }
                })
                .collect();
            let text = format!("givens = \"{givens}\"\n{base}{text}");
            let l = loaded(&text);
            if sums(&l.geometry, mode).is_empty() {
                continue;
            }
            tally[0] += 1;
            tally[2] += usize::from(has_piece_mostly_outside(&l.geometry, mode));
            let Some(mut want) = oracle::solutions_within(&l.puzzle, 40, 3_000_000) else {
                continue;
            };
            want.sort();
            tally[1] += 1;
            let found = |m: DerivedSums| {
                let mut v: Vec<Vec<u8>> = (Solver::new_with(&l.puzzle, m).count(40).solutions)
                    .iter()
                    .map(|s| s.as_indices().to_vec())
                    .collect();
                v.sort();
                v
            };
            let (on, off) = (found(mode), found(DerivedSums::Off));
            if on != want || off != want || !on.contains(&sol) {
                return Some(format!(
                    "seed {seed}: {} solutions with this mode, {} without derived sums, {} by the oracle\n{text}",
                    on.len(),
                    off.len(),
                    want.len()
                ));
            }
        }
        None
    }

    /// Whether some sum derived for `g` lays over its houses a piece with half its cells or
    /// more outside them.
    fn has_piece_mostly_outside(g: &Geometry, mode: DerivedSums) -> bool {
        sums(g, mode).iter().any(|(f, _)| {
            let SumOrigin::Derived(d) = &f.origin else {
                return false;
            };
            let inside: HashSet<usize> = (d.houses.iter())
                .flat_map(|&h| g.shape(h as usize).cells.iter().copied())
                .collect();
            d.pieces.iter().any(|&(p, _)| {
                let cells: Vec<usize> = match p {
                    Piece::Shape(s) => g.shape(s as usize).cells.clone(),
                    Piece::Rule(i) => (g.constraints()[i as usize].named_cells().iter())
                        .map(|c| c.index())
                        .collect(),
                };
                2 * cells.iter().filter(|c| inside.contains(c)).count() <= cells.len()
            })
        })
    }

    #[test]
    fn derived_sums_keep_every_solution_of_random_killers() {
        let mut tally = [0; 3];
        if let Some(bad) = compare(DerivedSums::On, 120, &mut tally) {
            panic!("{bad}");
        }
        // Most puzzles derive sums, and the reference decides most of those.
        assert!(
            tally[0] > 90 && tally[1] > 60,
            "derived in, compared: {tally:?} of 120"
        );
    }

    /// As above, with every derivation and sums of up to six cells: the derivations per house
    /// (one cell sticking out, every sum a house meets) in many of the puzzles.
    #[test]
    fn wide_derived_sums_keep_every_solution_of_random_killers() {
        let mut tally = [0; 3];
        if let Some(bad) = compare(DerivedSums::Wide, 120, &mut tally) {
            panic!("{bad}");
        }
        assert!(
            tally[0] > 90 && tally[1] > 60 && tally[2] > 30,
            "derived in, compared, laid mostly outside: {tally:?} of 120"
        );
    }

    /// The planted fault: every derived total off by one. The comparison above must notice.
    #[test]
    fn a_wrong_derived_total_is_caught() {
        assert!(compare(DerivedSums::Skewed(1), 120, &mut [0; 3]).is_some());
    }
}
