//! Thermometers: values increase along a line from the bulb, strictly (a thermometer) or not
//! (a slow thermometer). A forward pass raises each cell's floor above the one before, a
//! backward pass lowers each ceiling below the one after; on a chain the two passes leave only
//! candidates some increasing sequence uses.
//!
//! Thermometers that meet (a bulb under two tips, two thermometers through one cell, or cells
//! of different thermometers in one house) order more cells than each line alone: a cell above
//! several cells that hold different values (they see each other, or one lies below another on
//! a thermometer) is above the greatest of them, and k different values reach at least the
//! k-th smallest value their cells can hold. [`order_sets`] finds those cells once, over every
//! strict thermometer of the geometry; the propagator counts them ([`Why::OrderFloor`],
//! [`Why::OrderCeiling`]).

use super::propagator::{Contradiction, Domains, Narrowed, Propagator};
use super::why::Why;
use crate::Geometry;
use crate::constraint::RuleKind;
use std::collections::BTreeMap;

/// The most cells followed below or above one cell when the order sets are built: a bound on
/// the compile time of a geometry with very many joined thermometers.
const MAX_REACH: usize = 24;

/// One thermometer.
#[derive(Debug, Clone)]
pub(super) struct Thermo {
    cells: Vec<u32>,
    /// Whether each value must exceed the one before (false: at least equal it).
    strict: bool,
    /// Per cell of the line (in order), cells that must hold smaller values and all hold
    /// different ones ([`order_sets`]); empty where they say nothing the line does not.
    below: Vec<Vec<u32>>,
    /// The same for cells that must hold greater values.
    above: Vec<Vec<u32>>,
    /// Whether any cell has cells below or above to count.
    counts: bool,
}

impl Thermo {
    pub(super) fn new(cells: Vec<u32>, strict: bool) -> Thermo {
        let n = cells.len();
        Thermo {
            cells,
            strict,
            below: vec![Vec::new(); n],
            above: vec![Vec::new(); n],
            counts: false,
        }
    }

    /// The thermometer with the cells other thermometers of `g` put below and above its
    /// cells (see [`order_sets`]); a slow thermometer counts none.
    pub(super) fn ordered(cells: Vec<u32>, strict: bool, g: &Geometry) -> Thermo {
        let mut t = Thermo::new(cells, strict);
        if strict {
            (t.below, t.above) = order_sets(&t.cells, g);
            t.counts = t.below.iter().chain(&t.above).any(|s| !s.is_empty());
        }
        t
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
        if !self.counts {
            return Ok(changed);
        }
        for (i, &c) in self.cells.iter().enumerate() {
            if !self.below[i].is_empty() {
                let greatest = kth_value(d, &self.below[i], false)?;
                let keep = Self::filter(d, d.get(c), |v| v > greatest);
                changed |= d.keep_because(c, keep, || Why::OrderFloor {
                    below: self.below[i].clone(),
                    greatest,
                })?;
            }
            if !self.above[i].is_empty() {
                let least = kth_value(d, &self.above[i], true)?;
                let keep = Self::filter(d, d.get(c), |v| v < least);
                changed |= d.keep_because(c, keep, || Why::OrderCeiling {
                    above: self.above[i].clone(),
                    least,
                })?;
            }
        }
        Ok(changed)
    }
}

/// Cells that hold different values, as many as `cells`: the least value the greatest of them
/// can take (the k-th smallest value among their candidates, k their number), or with
/// `from_top` the greatest value the least of them can take. A contradiction when their
/// candidates hold fewer symbols than they are cells.
fn kth_value(d: &Domains<'_>, cells: &[u32], from_top: bool) -> Result<i64, Contradiction> {
    let union = cells.iter().fold(0u64, |m, &c| m | d.get(c));
    let k = cells.len();
    if (union.count_ones() as usize) < k {
        return Err(Contradiction);
    }
    // The symbols' values in order, on the stack (no allocation while searching).
    let mut vals = [0i64; 64];
    let mut n = 0;
    let mut m = union;
    while m != 0 {
        vals[n] = d.values().of_bit(m & m.wrapping_neg());
        m &= m - 1;
        n += 1;
    }
    let vals = &mut vals[..n];
    vals.sort_unstable();
    Ok(if from_top { vals[n - k] } else { vals[k - 1] })
}

/// For each cell of `line` (a strict thermometer of `g`), the cells every strict thermometer
/// of `g` puts below it (directly or through other cells) that all hold different values, and
/// the same above it: the largest such group found greedily, kept when it has two cells or
/// more and some cell off the line before (after) it, where the line's own passes say less.
/// Two cells hold different values when they are peers or one lies below the other.
pub(super) fn order_sets(line: &[u32], g: &Geometry) -> (Vec<Vec<u32>>, Vec<Vec<u32>>) {
    let none = || (vec![Vec::new(); line.len()], vec![Vec::new(); line.len()]);
    // Only a cell shared with another thermometer leads off the line: without one, every
    // cell below or above lies on it, and its own passes say all (the common case, checked
    // cheaply).
    let thermos = || {
        g.constraints().iter().filter_map(|c| match &c.kind {
            RuleKind::Thermo { cells } => Some(cells),
            _ => None,
        })
    };
    let on_line = |cells: &Vec<crate::CellId>| {
        (cells.iter())
            .filter(|c| line.contains(&(c.index() as u32)))
            .count()
    };
    if !thermos().any(|cells| on_line(cells) > 0 && on_line(cells) < cells.len()) {
        return none();
    }
    let mut down: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    let mut up: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    for c in g.constraints() {
        if let RuleKind::Thermo { cells } = &c.kind {
            for w in cells.windows(2) {
                let (a, b) = (w[0].index() as u32, w[1].index() as u32);
                down.entry(b).or_default().push(a);
                up.entry(a).or_default().push(b);
            }
        }
    }
    let reach = |from: u32, edges: &BTreeMap<u32, Vec<u32>>| {
        let mut seen: Vec<u32> = Vec::new();
        let mut todo = vec![from];
        while let Some(x) = todo.pop() {
            for &y in edges.get(&x).map_or(&[][..], |v| &v[..]) {
                if y != from && !seen.contains(&y) && seen.len() < MAX_REACH {
                    seen.push(y);
                    todo.push(y);
                }
            }
        }
        seen
    };
    let group = |i: usize, edges: &BTreeMap<u32, Vec<u32>>, own: &[u32]| {
        let mut near = reach(line[i], edges);
        if near.len() < 2 {
            return Vec::new();
        }
        near.sort_unstable();
        let reaches: Vec<Vec<u32>> = near.iter().map(|&x| reach(x, edges)).collect();
        let differ = |a: usize, b: usize| {
            g.are_peers(near[a] as usize, near[b] as usize)
                || reaches[a].contains(&near[b])
                || reaches[b].contains(&near[a])
        };
        // Greedy: the cells that differ from the most others first.
        let mut order: Vec<usize> = (0..near.len()).collect();
        let degree = |a: usize| (0..near.len()).filter(|&b| b != a && differ(a, b)).count();
        order.sort_by_key(|&a| (std::cmp::Reverse(degree(a)), near[a]));
        let mut chosen: Vec<usize> = Vec::new();
        for a in order {
            if chosen.iter().all(|&b| differ(a, b)) {
                chosen.push(a);
            }
        }
        let mut cells: Vec<u32> = chosen.iter().map(|&a| near[a]).collect();
        cells.sort_unstable();
        if cells.len() < 2 || cells.iter().all(|c| own.contains(c)) {
            return Vec::new();
        }
        cells
    };
    let below = (0..line.len())
        .map(|i| group(i, &down, &line[..i]))
        .collect();
    let above = (0..line.len())
        .map(|i| group(i, &up, &line[i + 1..]))
        .collect();
    (below, above)
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

    /// Classic 9x9 with these strict thermometers (cells by index, bulb first).
    fn with_thermos(lines: &[&[usize]]) -> Geometry {
        use crate::CellId;
        use crate::constraint::Constraint;
        let g = crate::builtin::geometry("classic").unwrap();
        let rules = lines.iter().map(|l| {
            let cells = l.iter().map(|&c| CellId::new(c)).collect();
            Constraint::new("t", RuleKind::Thermo { cells })
        });
        std::sync::Arc::unwrap_or_clone(g)
            .with_constraints(rules)
            .unwrap()
    }

    #[test]
    fn a_bulb_under_two_tips_in_one_row_stays_two_below_the_greater() {
        // r3c5 (22) is the bulb of two thermometers whose tips r2c4 (12), r2c5 (13) share
        // row 2: they differ, so one is at least r3c5 + 2, and r3c5 is at most 7.
        let g = with_thermos(&[&[22, 12], &[22, 13]]);
        let values = Values::new(&(1..=9).collect::<Vec<i64>>());
        let t = Thermo::ordered(vec![22, 12], true, &g);
        assert_eq!(t.above[0], vec![12, 13]);
        assert!(t.below.iter().all(Vec::is_empty), "one cell below each tip");
        let (mut cells, mut queue) = (vec![0x1ff; 81], Vec::new());
        let mut sink = Vec::new();
        let mut d = Domains::explaining(&mut cells, &mut queue, &values, &mut sink);
        assert_eq!(t.propagate(&mut d), Ok(true));
        assert_eq!(cells[22], 0x7f, "1 to 7");
        let why = Why::OrderCeiling {
            above: vec![12, 13],
            least: 8,
        };
        assert!(
            sink.iter().any(|r| r.cell == 22 && r.why == why),
            "{sink:?}"
        );
        // With the tips at most 5 and 6, the bulb is at most 4.
        cells = vec![0x1ff; 81];
        cells[12] = 0b1_1111;
        cells[13] = 0b11_1111;
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(t.propagate(&mut d), Ok(true));
        assert_eq!(cells[22], 0b1111);
    }

    #[test]
    fn a_tip_over_bulbs_in_one_box_and_through_another_thermometer_counts_them() {
        // r1c1 (0) and r2c2 (10) share box 1, both below r1c3 (2); r1c2 (1) lies below r1c1
        // on a thermometer of its own: three different values below r1c3, which is at least 4.
        let g = with_thermos(&[&[0, 2], &[10, 2], &[1, 0]]);
        let values = Values::new(&(1..=9).collect::<Vec<i64>>());
        let t = Thermo::ordered(vec![0, 2], true, &g);
        assert_eq!(t.below[1], vec![0, 1, 10]);
        let (mut cells, mut queue) = (vec![0x1ff; 81], Vec::new());
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(t.propagate(&mut d), Ok(true));
        assert_eq!(cells[2], 0x1ff & !0b111, "4 to 9");
        // Two symbols for three cells that must differ: no way to meet the rule.
        cells = vec![0x1ff; 81];
        for c in [0, 1, 10] {
            cells[c] = 0b11;
        }
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(t.propagate(&mut d), Err(Contradiction));
    }

    #[test]
    fn a_slow_thermometer_and_a_single_line_count_nothing_more() {
        let g = with_thermos(&[&[0, 1, 2]]);
        let t = Thermo::ordered(vec![0, 1, 2], true, &g);
        assert!(t.below.iter().chain(&t.above).all(Vec::is_empty));
        let slow = Thermo::ordered(vec![22, 12], false, &with_thermos(&[&[22, 13]]));
        assert!(slow.below.iter().chain(&slow.above).all(Vec::is_empty));
    }

    /// Soundness against every way of filling the cells: on random small thermometer graphs
    /// over a few cells of the classic grid, every value the propagator keeps out of a cell is
    /// one no assignment meeting every thermometer (and the peers' differences) gives it.
    #[test]
    fn order_counting_never_removes_a_value_some_assignment_uses() {
        let values = Values::new(&(1..=9).collect::<Vec<i64>>());
        // r1c1, r1c2, r2c1, r2c2 (box 1: all peers), r1c4 and r2c4.
        let pool = [0usize, 1, 9, 10, 3, 12];
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        for _ in 0..60 {
            let mut lines: Vec<Vec<usize>> = Vec::new();
            for _ in 0..3 {
                let a = pool[next(pool.len())];
                let b = pool[next(pool.len())];
                // Edges from lower to higher pool position: no cycles.
                let (pa, pb) = (
                    pool.iter().position(|&x| x == a),
                    pool.iter().position(|&x| x == b),
                );
                if pa < pb {
                    lines.push(vec![a, b]);
                } else if pb < pa {
                    lines.push(vec![b, a]);
                }
            }
            if lines.is_empty() {
                continue;
            }
            let refs: Vec<&[usize]> = lines.iter().map(|l| &l[..]).collect();
            let g = with_thermos(&refs);
            // Every assignment of 1..=4 to the pool's cells meeting the rules: what each keeps.
            let mut possible = [0u64; 81];
            let mut vals = [0usize; 6];
            'all: for code in 0..4usize.pow(6) {
                let mut x = code;
                for v in vals.iter_mut() {
                    *v = x % 4;
                    x /= 4;
                }
                for i in 0..6 {
                    for j in i + 1..6 {
                        if g.are_peers(pool[i], pool[j]) && vals[i] == vals[j] {
                            continue 'all;
                        }
                    }
                }
                let at = |c: usize| vals[pool.iter().position(|&p| p == c).unwrap()];
                if lines.iter().any(|l| at(l[0]) >= at(l[1])) {
                    continue;
                }
                for (i, &c) in pool.iter().enumerate() {
                    possible[c] |= 1 << vals[i];
                }
            }
            for l in &lines {
                let t = Thermo::ordered(l.iter().map(|&c| c as u32).collect(), true, &g);
                let (mut cells, mut queue) = (vec![0x1ff; 81], Vec::new());
                for &c in &pool {
                    cells[c] = 0b1111;
                }
                let mut d = Domains::new(&mut cells, &mut queue, &values);
                let any = possible.iter().any(|&m| m != 0);
                match t.propagate(&mut d) {
                    Err(_) => assert!(
                        !any,
                        "{lines:?}: a contradiction where some assignment fits"
                    ),
                    Ok(_) => {
                        for &c in &pool {
                            if any {
                                assert_eq!(
                                    cells[c] & possible[c],
                                    possible[c],
                                    "{lines:?} cell {c}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}
