//! Rules on single cells and their neighbours: odd and even cells (a fixed mask), minimum and
//! maximum cells (bounds against each orthogonal neighbour), quadruples (symbols that must
//! appear among a few cells) and disjoint groups (no-repeat groups, like extra houses).

use super::propagator::{Contradiction, Domains, Narrowed, Propagator};

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
            changed |= d.keep(c, self.mask)?;
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
                let keep = if self.below {
                    Self::filter(d, d.get(*c), |v| v < hi_n)
                } else {
                    Self::filter(d, d.get(*c), |v| v > lo_n)
                };
                changed |= d.keep(*c, keep)?;
                let (lo_c, hi_c) = d.values().min_max(d.get(*c));
                let keep = if self.below {
                    Self::filter(d, d.get(n), |v| v > lo_c)
                } else {
                    Self::filter(d, d.get(n), |v| v < hi_c)
                };
                changed |= d.keep(n, keep)?;
            }
        }
        Ok(changed)
    }
}

/// Symbols that must appear among a few cells, some perhaps more than once.
#[derive(Debug, Clone)]
pub(super) struct Quadruple {
    cells: Vec<u32>,
    /// Each required symbol (as a bit) with how many times it must appear.
    need: Vec<(u64, usize)>,
    /// Every required symbol.
    required: u64,
    /// Whether the required symbols fill every cell, so no other symbol may go there.
    full: bool,
}

impl Quadruple {
    pub(super) fn new(cells: Vec<u32>, symbols: &[u8]) -> Quadruple {
        let mut need: Vec<(u64, usize)> = Vec::new();
        for &s in symbols {
            let bit = 1u64 << s;
            match need.iter_mut().find(|(b, _)| *b == bit) {
                Some((_, k)) => *k += 1,
                None => need.push((bit, 1)),
            }
        }
        Quadruple {
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
                changed |= d.keep(c, self.required)?;
            }
        }
        for &(bit, k) in &self.need {
            let can: Vec<u32> = self
                .cells
                .iter()
                .copied()
                .filter(|&c| d.get(c) & bit != 0)
                .collect();
            if can.len() < k {
                return Err(Contradiction);
            }
            if can.len() == k {
                for c in can {
                    changed |= d.keep(c, bit)?;
                }
            }
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
                if x & (x - 1) != 0 {
                    changed |= d.keep(c, !solved)?;
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
                    changed |= d.keep(c, bit)?;
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

    #[test]
    fn a_quadruple_places_a_symbol_with_as_many_places_as_it_needs() {
        let values = Values::new(&[1, 2, 3, 4]);
        let q = Quadruple::new(vec![0, 1, 2, 3], &[0, 0]);
        let (mut cells, mut queue) = (vec![0b0001, 0b1110, 0b0011, 0b1100], Vec::new());
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(q.propagate(&mut d), Ok(true));
        assert_eq!(cells[2], 0b0001);
        let q = Quadruple::new(vec![0, 1], &[2]);
        let (mut cells, mut queue) = (vec![0b0011, 0b0011], Vec::new());
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(q.propagate(&mut d), Err(Contradiction));
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
