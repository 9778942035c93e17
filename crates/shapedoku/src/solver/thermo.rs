//! Thermometers: values increase along a line from the bulb, strictly (a thermometer) or not
//! (a slow thermometer). A forward pass raises each cell's floor above the one before, a
//! backward pass lowers each ceiling below the one after; on a chain the two passes leave only
//! candidates some increasing sequence uses.

use super::propagator::{Contradiction, Domains, Narrowed, Propagator};
use super::why::Why;

/// One thermometer.
#[derive(Debug, Clone)]
pub(super) struct Thermo {
    cells: Vec<u32>,
    /// Whether each value must exceed the one before (false: at least equal it).
    strict: bool,
}

impl Thermo {
    pub(super) fn new(cells: Vec<u32>, strict: bool) -> Thermo {
        Thermo { cells, strict }
    }

    /// The candidates of `x` whose value `v` passes `ok(v)`.
    fn filter(d: &Domains<'_>, x: u64, ok: impl Fn(i64) -> bool) -> u64 {
        let mut m = x;
        let mut out = 0;
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

impl Propagator for Thermo {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        let mut changed = false;
        let step = i64::from(self.strict);
        let mut floor = i64::MIN;
        // The cell before: what the floor comes from, named when a removal is explained.
        let mut before = u32::MAX;
        for &c in &self.cells {
            let keep = Self::filter(d, d.get(c), |v| v >= floor);
            changed |= d.keep_because(c, keep, || Why::ThermoFloor {
                previous: before,
                floor,
            })?;
            floor = d.values().min_max(d.get(c)).0.saturating_add(step);
            before = c;
        }
        let mut ceiling = i64::MAX;
        let mut after = u32::MAX;
        for &c in self.cells.iter().rev() {
            let keep = Self::filter(d, d.get(c), |v| v <= ceiling);
            changed |= d.keep_because(c, keep, || Why::ThermoCeiling {
                next: after,
                ceiling,
            })?;
            after = c;
            let x = d.get(c);
            if x == 0 {
                return Err(Contradiction);
            }
            ceiling = d.values().min_max(x).1.saturating_sub(step);
        }
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::propagator::Values;

    #[test]
    fn a_thermometer_of_three_on_four_symbols_leaves_two_per_cell() {
        let values = Values::new(&[1, 2, 3, 4]);
        let t = Thermo::new(vec![0, 1, 2], true);
        let (mut cells, mut queue) = (vec![0xf; 3], Vec::new());
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(t.propagate(&mut d), Ok(true));
        assert_eq!(cells, vec![0b0011, 0b0110, 0b1100]);
        let slow = Thermo::new(vec![0, 1, 2], false);
        let (mut cells, mut queue) = (vec![0b1000, 0xf, 0b0001], Vec::new());
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(slow.propagate(&mut d), Err(Contradiction));
    }
}
