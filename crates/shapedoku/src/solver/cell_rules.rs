//! Rules on single cells and their neighbours: odd and even cells (a fixed mask), minimum and
//! maximum cells (bounds against each orthogonal neighbour), quadruples (symbols that must
//! appear among a few cells) and disjoint groups (no-repeat groups, like extra houses).

use super::propagator::{Contradiction, Domains, Narrowed, Propagator};
use super::sight::Sight;
use super::why::Why;
use crate::Geometry;

/// Cells that may only hold the symbols of a mask (odd, even).
#[derive(Debug, Clone)]
pub(super) struct Allowed {
    cells: Vec<u32>,
    mask: u64,
}

impl Allowed {
    pub(super) fn new(cells: Vec<u32>, mask: u64) -> Allowed {
        Allowed { cells, mask }
    }
}

impl Propagator for Allowed {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        let mut changed = false;
        for &c in &self.cells {
            changed |= d.keep_because(c, self.mask, || Why::CellAllows { allowed: self.mask })?;
        }
        Ok(changed)
    }
}

/// Cells whose value is below (minimum) or above (maximum) each orthogonal neighbour's.
#[derive(Debug, Clone)]
pub(super) struct Extremum {
    /// Each cell with its neighbours.
    cells: Vec<(u32, Vec<u32>)>,
    /// True for minimum cells.
    below: bool,
}

impl Extremum {
    pub(super) fn new(cells: Vec<(u32, Vec<u32>)>, below: bool) -> Extremum {
        Extremum { cells, below }
    }

    /// The candidates of `x` whose value passes `ok`.
    fn filter(d: &Domains<'_>, x: u64, ok: impl Fn(i64) -> bool) -> u64 {
        let (mut m, mut out) = (x, 0);
        while m != 0 {
            let b = m & m.wrapping_neg();
            m ^= b;
            if ok(d.values().of_bit(b)) {
                out |= b;
            }
        }
        out
    }
}

impl Propagator for Extremum {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        let mut changed = false;
        for (c, around) in &self.cells {
            for &n in around {
                // The cell is below its neighbour: under the neighbour's largest value, and the
                // neighbour over the cell's smallest (mirrored for a maximum).
                let (lo_n, hi_n) = d.values().min_max(d.get(n));
                let (keep, why) = if self.below {
                    let keep = Self::filter(d, d.get(*c), |v| v < hi_n);
                    (
                        keep,
                        Why::Below {
                            other: n,
                            than: hi_n,
                        },
                    )
                } else {
                    let keep = Self::filter(d, d.get(*c), |v| v > lo_n);
                    (
                        keep,
                        Why::Above {
                            other: n,
                            than: lo_n,
                        },
                    )
                };
                changed |= d.keep_because(*c, keep, || why)?;
                let (lo_c, hi_c) = d.values().min_max(d.get(*c));
                let (keep, why) = if self.below {
                    let keep = Self::filter(d, d.get(n), |v| v > lo_c);
                    (
                        keep,
                        Why::Above {
                            other: *c,
                            than: lo_c,
                        },
                    )
                } else {
                    let keep = Self::filter(d, d.get(n), |v| v < hi_c);
                    (
                        keep,
                        Why::Below {
                            other: *c,
                            than: hi_c,
                        },
                    )
                };
                changed |= d.keep_because(n, keep, || why)?;
            }
        }
        Ok(changed)
    }
}

/// Symbols that must appear among a few cells, some perhaps more than once.
#[derive(Debug, Clone)]
pub(super) struct Quadruple {
    cells: Vec<u32>,
    /// How the cells see each other and the cells around them: a cell that sees every cell
    /// that can hold a required symbol cannot hold it (the quadruple's 2x2 lies in a box, so
    /// a symbol it needs leaves the rest of the box).
    sight: Sight,
    /// Each required symbol (as a bit) with how many times it must appear.
    need: Vec<(u64, usize)>,
    /// Every required symbol.
    required: u64,
    /// Whether the required symbols fill every cell, so no other symbol may go there.
    full: bool,
}

impl Quadruple {
    pub(super) fn new(cells: Vec<u32>, symbols: &[u8], g: &Geometry) -> Quadruple {
        let mut need: Vec<(u64, usize)> = Vec::new();
        for &s in symbols {
            let bit = 1u64 << s;
            match need.iter_mut().find(|(b, _)| *b == bit) {
                Some((_, k)) => *k += 1,
                None => need.push((bit, 1)),
            }
        }
        Quadruple {
            sight: Sight::new(g, &cells),
            full: symbols.len() >= cells.len(),
            required: need.iter().fold(0, |m, (b, _)| m | b),
            cells,
            need,
        }
    }
}

impl Propagator for Quadruple {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        let mut changed = false;
        if self.full {
            for &c in &self.cells {
                changed |= d.keep_because(c, self.required, || Why::CellAllows {
                    allowed: self.required,
                })?;
            }
        }
        for &(bit, k) in &self.need {
            // The cells that can hold the symbol, as positions (a quadruple has a handful).
            let mut holders = 0u64;
            for (i, &c) in self.cells.iter().enumerate().take(64) {
                if d.get(c) & bit != 0 {
                    holders |= 1 << i;
                }
            }
            let why = || Why::Needs {
                value: bit,
                times: k as u32,
                holders: (0..self.cells.len().min(64))
                    .filter(|&i| holders >> i & 1 == 1)
                    .map(|i| self.cells[i])
                    .collect(),
            };
            let count = holders.count_ones() as usize;
            if count < k {
                return Err(Contradiction);
            }
            if count == k {
                for (i, &c) in self.cells.iter().enumerate().take(64) {
                    if holders >> i & 1 == 1 {
                        changed |= d.keep_because(c, bit, why)?;
                    }
                }
            }
            // At least one holder holds it: a cell that sees them all cannot.
            changed |= self
                .sight
                .seen_by_all(holders, |x| d.keep_because(x, !bit, why))?;
        }
        Ok(changed)
    }
}

/// Groups in which no symbol repeats: a solved cell's symbol leaves the rest of its group, and
/// a group with as many cells as symbols places a symbol with one place left.
#[derive(Debug, Clone)]
pub(super) struct AllDifferent {
    groups: Vec<Vec<u32>>,
    all: u64,
}

impl AllDifferent {
    pub(super) fn new(groups: Vec<Vec<u32>>, all: u64) -> AllDifferent {
        AllDifferent { groups, all }
    }
}

impl Propagator for AllDifferent {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        let mut changed = false;
        for grp in &self.groups {
            let mut solved = 0u64;
            for &c in grp {
                let x = d.get(c);
                if x & (x - 1) == 0 {
                    if solved & x != 0 {
                        return Err(Contradiction);
                    }
                    solved |= x;
                }
            }
            let (mut once, mut twice) = (0u64, 0u64);
            for &c in grp {
                let x = d.get(c);
                if x & (x - 1) != 0 && x & solved != 0 {
                    // Each solved symbol it loses, with the cell of the group holding it.
                    let mut gone = x & solved;
                    while gone != 0 {
                        let bit = gone & gone.wrapping_neg();
                        gone ^= bit;
                        let holder = grp.iter().copied().find(|&o| d.get(o) == bit);
                        let why = || match holder {
                            Some(cell) => Why::LineRepeat { cell },
                            None => Why::Rule,
                        };
                        changed |= d.keep_because(c, !bit, why)?;
                    }
                }
                let x = d.get(c);
                twice |= once & x;
                once |= x;
            }
            if grp.len() as u32 != self.all.count_ones() {
                continue;
            }
            if once != self.all {
                return Err(Contradiction);
            }
            let mut hidden = once & !twice & !solved;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden ^= bit;
                if let Some(&c) = grp.iter().find(|&&c| d.get(c) & bit != 0) {
                    changed |= d.keep_because(c, bit, || Why::LastPlace { group: grp.clone() })?;
                }
            }
        }
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::propagator::Values;

    #[test]
    fn a_minimum_cell_stays_below_its_neighbours_largest_value() {
        let values = Values::new(&[1, 2, 3, 4]);
        let m = Extremum::new(vec![(0, vec![1, 2])], true);
        let (mut cells, mut queue) = (vec![0xf, 0b0110, 0xf], Vec::new());
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(m.propagate(&mut d), Ok(true));
        // Below 3 (the first neighbour's largest): 1 or 2; the neighbours above 1.
        assert_eq!(cells, vec![0b0011, 0b0110, 0b1110]);
    }

    /// The classic grid's cells, each with `fill`, and these cells set.
    fn grid(fill: u64, set: &[(usize, u64)]) -> Vec<u64> {
        let mut cells = vec![fill; 81];
        for &(c, m) in set {
            cells[c] = m;
        }
        cells
    }

    #[test]
    fn a_quadruple_places_a_symbol_with_as_many_places_as_it_needs() {
        let g = crate::builtin::geometry("classic").unwrap();
        let values = Values::new(&[1, 2, 3, 4]);
        // r1c1 r1c2 r2c1 r2c2 need 1 twice: r1c1 holds one, r2c1 is the only other place.
        let q = Quadruple::new(vec![0, 1, 9, 10], &[0, 0], &g);
        let mut cells = grid(0xf, &[(0, 0b0001), (1, 0b1110), (9, 0b0011), (10, 0b1100)]);
        let mut queue = Vec::new();
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(q.propagate(&mut d), Ok(true));
        assert_eq!(cells[9], 0b0001);
        let q = Quadruple::new(vec![0, 1], &[2], &g);
        let mut cells = grid(0xf, &[(0, 0b0011), (1, 0b0011)]);
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(q.propagate(&mut d), Err(Contradiction));
    }

    #[test]
    fn a_symbol_a_quadruple_needs_leaves_the_cells_that_see_all_its_places() {
        let g = crate::builtin::geometry("classic").unwrap();
        let values = Values::new(&[1, 2, 3, 4]);
        // The 2x2 at r1c1 needs a 1, which only r1c1 and r1c2 can hold: the rest of row 1
        // and of box 1 lose it; column 1 below the box (r4c1) keeps it.
        let q = Quadruple::new(vec![0, 1, 9, 10], &[0], &g);
        let mut cells = grid(0xf, &[(9, 0b1110), (10, 0b1110)]);
        let (mut queue, mut sink) = (Vec::new(), Vec::new());
        let mut d = Domains::explaining(&mut cells, &mut queue, &values, &mut sink);
        assert_eq!(q.propagate(&mut d), Ok(true));
        for c in [2, 5, 8, 18, 20] {
            assert_eq!(cells[c], 0b1110, "cell {c}");
        }
        assert_eq!(cells[27], 0xf);
        assert!(sink.iter().all(|r| r.why
            == Why::Needs {
                value: 1,
                times: 1,
                holders: vec![0, 1],
            }));
    }

    #[test]
    fn a_group_clears_solved_symbols_and_places_hidden_singles() {
        let values = Values::new(&[1, 2, 3]);
        let g = AllDifferent::new(vec![vec![0, 1, 2]], 0b111);
        let (mut cells, mut queue) = (vec![0b001, 0b011, 0b111], Vec::new());
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(g.propagate(&mut d), Ok(true));
        assert_eq!(cells, vec![0b001, 0b010, 0b100]);
    }
}
