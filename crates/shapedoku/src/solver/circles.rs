//! Counting circles: a circle holding N is one of exactly N circles holding N. Per value, the
//! circles holding it and those that can bound its count: once N hold it the others cannot,
//! and when exactly N can and one does, all N do ([`Why::CircleCount`]). Across values, the
//! values held, each as often as itself, fill every circle: a value that is in no set of
//! usable values adding up to the number of circles (with every value already held in the
//! set) is removed from every circle ([`Why::CircleSets`]), found by sums from both ends of
//! the list of values. A family of houses splitting the circles between them (a grid's rows,
//! say) bounds how many circles can hold a value, one per house; a value that must be held
//! and has only as many houses as itself goes in a circle of each ([`Why::CircleHouses`]).
//! The loader refuses two symbols of one value, so a symbol is a value
//! here. Nothing is allocated per call unless the reasoner asks for the reasons.

use super::propagator::{Contradiction, Domains, Narrowed, Propagator, Values, Why};
use crate::{Geometry, ShapeKind};

/// The most circles one rule may have: the sums are kept as the bits of a `u128`.
pub(crate) const MAX_CIRCLES: usize = 127;

/// A compiled set of counting circles.
#[derive(Debug, Clone)]
pub(super) struct Circles {
    cells: Vec<u32>,
    values: Vec<i64>,
    /// Families of houses (the rows of a grid, its columns, its boxes) that split the circles
    /// between them, none shared: a value is in at most one circle of each house.
    families: Vec<Vec<House>>,
}

/// One house of a family: its shape, its circles, its other cells.
#[derive(Debug, Clone)]
struct House {
    shape: u32,
    circles: Vec<u32>,
    others: Vec<u32>,
}

impl Circles {
    pub(super) fn new(cells: Vec<u32>, values: &Values, g: &Geometry) -> Circles {
        let mut families = Vec::new();
        for kind in [
            ShapeKind::Row,
            ShapeKind::Column,
            ShapeKind::Box,
            ShapeKind::Region,
        ] {
            // The grid a house came from, if any (a single-grid variant's houses name none).
            let grids = (g.houses().iter()).map(|&h| g.shape(h).grid);
            let mut grids: Vec<Option<usize>> = grids.collect();
            grids.sort_unstable();
            grids.dedup();
            for grid in grids {
                let family: Vec<House> = (g.houses().iter())
                    .map(|&h| (h, g.shape(h)))
                    .filter(|(_, s)| s.kind == kind && s.grid == grid)
                    .map(|(h, s)| {
                        let (circles, others) =
                            (s.cells.iter().map(|&c| c as u32)).partition(|c| cells.contains(c));
                        House {
                            shape: h as u32,
                            circles,
                            others,
                        }
                    })
                    .filter(|h| !h.circles.is_empty())
                    .collect();
                // Only a family covering every circle exactly once bounds the counts.
                let covered: usize = family.iter().map(|h| h.circles.len()).sum();
                let mut all: Vec<u32> = family.iter().flat_map(|h| h.circles.clone()).collect();
                all.sort_unstable();
                all.dedup();
                if covered == cells.len() && all.len() == cells.len() {
                    families.push(family);
                }
            }
        }
        Circles {
            cells,
            values: values.all().to_vec(),
            families,
        }
    }
}

impl Propagator for Circles {
    // One index runs through the counts, the sums from both ends and the symbols' values.
    #[allow(clippy::needless_range_loop)]
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        let n = self.values.len().min(64);
        let circles = self.cells.len() as i64;
        let (mut fixed, mut can) = ([0i64; 64], [0i64; 64]);
        for &c in &self.cells {
            let x = d.get(c);
            let mut m = x;
            while m != 0 {
                let s = m.trailing_zeros() as usize;
                m &= m - 1;
                can[s] += 1;
                if x.count_ones() == 1 {
                    fixed[s] += 1;
                }
            }
        }
        // The most circles each value can be in: at most one per house of a family, in the
        // houses that have a circle able to hold it.
        let mut most = can;
        for family in &self.families {
            let mut room = [0i64; 64];
            for h in family {
                let mut m = h.circles.iter().fold(0u64, |m, &c| m | d.get(c));
                while m != 0 {
                    room[m.trailing_zeros() as usize] += 1;
                    m &= m - 1;
                }
            }
            for s in 0..n {
                most[s] = most[s].min(room[s]);
            }
        }
        // The values that can be held as often as themselves, and those that must be.
        let usable = |s: usize| {
            let v = self.values[s];
            v >= 1 && most[s] >= v && fixed[s] <= v
        };
        for s in 0..n {
            if fixed[s] > 0 && !usable(s) {
                return Err(Contradiction);
            }
        }
        // Sums of sets of the usable values, required ones always in: from the front
        // (`before[i]`: of values 0..i) and from the back (`after[i]`: of values i..n).
        let bit = |v: i64| {
            if (0..=MAX_CIRCLES as i64).contains(&v) {
                1u128 << v
            } else {
                0
            }
        };
        let step = |sums: u128, s: usize| {
            let v = self.values[s];
            let with = if usable(s) && v <= MAX_CIRCLES as i64 {
                sums << v
            } else {
                0
            };
            if fixed[s] > 0 { with } else { sums | with }
        };
        let mut before = [0u128; 65];
        before[0] = 1;
        for s in 0..n {
            before[s + 1] = step(before[s], s);
        }
        if before[n] & bit(circles) == 0 {
            return Err(Contradiction);
        }
        let mut after = [0u128; 65];
        after[n] = 1;
        for s in (0..n).rev() {
            after[s] = step(after[s + 1], s);
        }
        // Symbol `s` is in some set when a front sum and a back sum add up to the circles
        // less its value.
        let mut in_some = 0u64;
        let mut in_all = 0u64;
        for s in 0..n {
            let v = self.values[s];
            if usable(s) && meet(before[s], after[s + 1], circles - v) {
                in_some |= 1 << s;
            }
            if fixed[s] > 0 || !meet(before[s], after[s + 1], circles) {
                in_all |= 1 << s;
            }
        }
        let mut changed = false;
        for &c in &self.cells {
            let circles = circles as u32;
            changed |= d.keep_because(c, in_some, || Why::CircleSets { circles })?;
        }
        // A value that must be held, in as many circles as a family has houses able to hold
        // it: each of those houses holds it in a circle, so in none of its other cells, and in
        // its one circle when only one can.
        for s in 0..n {
            let v = self.values[s];
            if v < 1 || in_all >> s & 1 == 0 {
                continue;
            }
            for family in &self.families {
                let able = |h: &House| h.circles.iter().any(|&c| d.get(c) >> s & 1 == 1);
                if family.iter().filter(|h| able(h)).count() as i64 != v {
                    continue;
                }
                for h in family {
                    let places = h.circles.iter().filter(|&&c| d.get(c) >> s & 1 == 1);
                    let (count, first) = (places.clone().count(), places.copied().next());
                    if count == 0 {
                        continue;
                    }
                    let house = h.shape;
                    for &c in &h.others {
                        changed |=
                            d.keep_because(c, !(1u64 << s), || Why::CircleHouses { house })?;
                    }
                    if let (1, Some(c)) = (count, first) {
                        changed |= d.keep_because(c, 1u64 << s, || Why::CircleHouses { house })?;
                    }
                }
            }
        }
        for s in 0..n {
            let v = self.values[s];
            let (held, able) = (fixed[s], can[s]);
            let all_of_them = held == v || (able == v && in_all >> s & 1 == 1);
            if v < 1 || !all_of_them || held == able {
                continue;
            }
            // Either the N circles holding the value, or the only N that can.
            for &c in &self.cells {
                let x = d.get(c);
                if x >> s & 1 == 0 {
                    continue;
                }
                if held == v && x.count_ones() == 1 {
                    continue;
                }
                let mask = if held == v { !(1u64 << s) } else { 1u64 << s };
                let cells = &self.cells;
                let holders = move |d: &Domains<'_>| -> Vec<u32> {
                    (cells.iter().copied())
                        .filter(|&o| {
                            let y = d.get(o);
                            y >> s & 1 == 1 && (held != v || y.count_ones() == 1)
                        })
                        .collect()
                };
                let list = if d.explaining_now() {
                    holders(d)
                } else {
                    Vec::new()
                };
                changed |= d.keep_because(c, mask, || Why::CircleCount { holders: list })?;
            }
        }
        Ok(changed)
    }
}

/// Whether some bit `a` of `front` and `b` of `back` have `a + b = target`.
fn meet(front: u128, back: u128, target: i64) -> bool {
    if !(0..=MAX_CIRCLES as i64).contains(&target) {
        return false;
    }
    (0..=target).any(|a| front >> a & 1 == 1 && back >> (target - a) & 1 == 1)
}
