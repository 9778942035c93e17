//! The tables about houses and overlapping shapes that the solver and the reasoner both use,
//! compiled once per geometry (on first use) and shared through [`Geometry`]: the houses and
//! their cells, the houses of each cell, the no-repeat shapes, and the pairs of shapes that
//! overlap in two or more cells (locked candidates in the solver, pointing and claiming in the
//! reasoner).

use super::Geometry;

/// Tables over a geometry's shapes, compiled once and shared by every solver and reasoning
/// board of the geometry (see the module documentation).
#[derive(Debug)]
pub(crate) struct ShapeTables {
    /// Shape ids of the houses (as [`Geometry::houses`]).
    pub(crate) houses: Vec<usize>,
    /// Shape ids of every no-repeat shape (houses, smaller shapes, distinct sum cages).
    pub(crate) no_repeat: Vec<usize>,
    /// Shape-overlap pairs: a house `source` and another no-repeat shape `target` sharing at
    /// least two cells, with `target` reaching outside `source`. Boxes and regions come first
    /// (pointing before claiming, as people look for them), then by source and target.
    pub(crate) overlaps: Vec<OverlapPair>,
    /// For each cell, the indices (into `houses`) of the houses holding it.
    pub(crate) cell_houses: Vec<Vec<u16>>,
    /// The cells of every house, house after house; every house has as many cells as there are
    /// symbols.
    pub(crate) house_cells: Vec<u32>,
    /// Pairs of houses (by index into `houses`, first < second) sharing two or more cells,
    /// each with its cells in `pair_cells`; in order of the first house, then the second.
    pub(crate) house_pairs: Vec<HousePair>,
    /// The cells of each house pair: the first house's cells outside the second, the second's
    /// outside the first, then the shared ones.
    pub(crate) pair_cells: Vec<u32>,
}

/// One shape-overlap pair (see [`ShapeTables::overlaps`]).
#[derive(Debug, Clone)]
pub(crate) struct OverlapPair {
    /// The house whose places for a symbol may be confined.
    pub(crate) source: usize,
    /// The shape they may be confined to.
    pub(crate) target: usize,
    /// The shared cells, as a mask over the positions of `source`'s cells.
    pub(crate) inside: u64,
    /// Cells of `target` outside `source` (where eliminations happen).
    pub(crate) outside: Vec<usize>,
}

/// Two overlapping houses, for locked candidates (see [`ShapeTables::house_pairs`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct HousePair {
    /// Where the pair's cells start in `pair_cells`.
    pub(crate) start: u32,
    /// Number of the first house's cells outside the second.
    pub(crate) a_only: u16,
    /// Number of the second house's cells outside the first.
    pub(crate) b_only: u16,
    /// Number of shared cells.
    pub(crate) shared: u16,
    /// The first house (index into `houses`).
    pub(crate) a: u32,
    /// The second house (index into `houses`).
    pub(crate) b: u32,
}

impl HousePair {
    /// The first house's own cells, the second house's own cells, and the shared cells.
    #[inline]
    pub(crate) fn cells<'a>(&self, pair_cells: &'a [u32]) -> (&'a [u32], &'a [u32], &'a [u32]) {
        let start = self.start as usize;
        let (na, nb, ni) = (
            self.a_only as usize,
            self.b_only as usize,
            self.shared as usize,
        );
        let cells = &pair_cells[start..start + na + nb + ni];
        let (a, rest) = cells.split_at(na);
        let (b, i) = rest.split_at(nb);
        (a, b, i)
    }
}

impl ShapeTables {
    /// Compiles the tables of a geometry.
    pub(super) fn new(g: &Geometry) -> ShapeTables {
        let houses = g.houses().to_vec();
        let no_repeat: Vec<usize> = (0..g.shapes().len())
            .filter(|&i| g.shape(i).is_no_repeat() && g.shape(i).cells.len() <= 64)
            .collect();
        let overlaps = overlaps(g, &houses, &no_repeat);
        let mut cell_houses = vec![Vec::new(); g.cell_count()];
        let mut house_cells = Vec::with_capacity(houses.len() * g.symbol_count());
        for (i, &h) in houses.iter().enumerate() {
            for &c in &g.shape(h).cells {
                cell_houses[c].push(i as u16);
                house_cells.push(c as u32);
            }
        }
        let (house_pairs, pair_cells) = house_pairs(g, &houses, &overlaps);
        ShapeTables {
            houses,
            no_repeat,
            overlaps,
            cell_houses,
            house_cells,
            house_pairs,
            pair_cells,
        }
    }
}

/// Every (house, other no-repeat shape) pair sharing two or more cells where the shape reaches
/// outside the house, found through the shapes of each house's cells rather than by comparing
/// every pair.
fn overlaps(g: &Geometry, houses: &[usize], no_repeat: &[usize]) -> Vec<OverlapPair> {
    let mut wanted = vec![false; g.shapes().len()];
    for &s in no_repeat {
        wanted[s] = true;
    }
    let mut shared = vec![0usize; g.shapes().len()];
    let mut touched = Vec::new();
    let mut in_a = vec![false; g.cell_count()];
    let mut in_b = vec![false; g.cell_count()];
    let mut out = Vec::new();
    for &a in houses {
        let a_cells = &g.shape(a).cells;
        for &c in a_cells {
            in_a[c] = true;
            for &s in g.shapes_of(c) {
                let s = s as usize;
                if s != a && wanted[s] {
                    if shared[s] == 0 {
                        touched.push(s);
                    }
                    shared[s] += 1;
                }
            }
        }
        for &b in &touched {
            let b_cells = &g.shape(b).cells;
            // One shared cell is a hidden single's business; a shape inside the house gives
            // nothing.
            if shared[b] < 2 || shared[b] == b_cells.len() {
                continue;
            }
            for &c in b_cells {
                in_b[c] = true;
            }
            let inside = a_cells
                .iter()
                .enumerate()
                .filter(|(_, c)| in_b[**c])
                .fold(0u64, |m, (i, _)| m | 1 << i);
            for &c in b_cells {
                in_b[c] = false;
            }
            let mut outside = Vec::with_capacity(b_cells.len() - shared[b]);
            outside.extend(b_cells.iter().copied().filter(|&c| !in_a[c]));
            out.push(OverlapPair {
                source: a,
                target: b,
                inside,
                outside,
            });
        }
        for &b in &touched {
            shared[b] = 0;
        }
        touched.clear();
        for &c in a_cells {
            in_a[c] = false;
        }
    }
    let rank = |s: usize| match g.shape(s).kind {
        crate::ShapeKind::Box | crate::ShapeKind::Region => 0,
        _ => 1,
    };
    out.sort_by_key(|p| (rank(p.source), p.source, p.target));
    out
}

/// The house-to-house overlaps as pairs for locked candidates, each pair once (first house
/// before the second), with the cells laid out flat.
fn house_pairs(
    g: &Geometry,
    houses: &[usize],
    overlaps: &[OverlapPair],
) -> (Vec<HousePair>, Vec<u32>) {
    let mut index = vec![u32::MAX; g.shapes().len()];
    for (k, &h) in houses.iter().enumerate() {
        index[h] = k as u32;
    }
    let mut found: Vec<(u32, u32, &OverlapPair)> = overlaps
        .iter()
        .map(|p| (index[p.source], index[p.target], p))
        .filter(|&(a, b, _)| b != u32::MAX && a < b)
        .collect();
    found.sort_unstable_by_key(|&(a, b, _)| (a, b));
    let mut pairs = Vec::with_capacity(found.len());
    // Each pair lays out its source house and the target's cells outside it.
    let mut cells = Vec::with_capacity(found.len() * 2 * g.symbol_count());
    for (a, b, p) in found {
        let source = &g.shape(p.source).cells;
        let start = cells.len() as u32;
        let is_inside = |i: usize| p.inside >> i & 1 == 1;
        cells.extend(
            (0..source.len())
                .filter(|&i| !is_inside(i))
                .map(|i| source[i] as u32),
        );
        cells.extend(p.outside.iter().map(|&c| c as u32));
        cells.extend(
            (0..source.len())
                .filter(|&i| is_inside(i))
                .map(|i| source[i] as u32),
        );
        let shared = p.inside.count_ones() as u16;
        pairs.push(HousePair {
            start,
            a_only: (source.len() - shared as usize) as u16,
            b_only: p.outside.len() as u16,
            shared,
            a,
            b,
        });
    }
    (pairs, cells)
}

#[cfg(test)]
mod tests {
    use crate::builtin;

    #[test]
    fn classic_box_line_pairs() {
        let g = builtin::geometry("classic").unwrap();
        let t = g.tables();
        // Each box overlaps 3 rows and 3 columns in three cells: 9 * 6 pairs, both ways round
        // for the reasoner, once for the solver.
        assert_eq!(t.overlaps.len(), 2 * 9 * 6);
        assert_eq!(t.house_pairs.len(), 9 * 6);
        for p in &t.house_pairs {
            let (a, b, i) = p.cells(&t.pair_cells);
            assert_eq!((a.len(), b.len(), i.len()), (6, 6, 3));
            assert!(p.a < p.b);
        }
        assert!(t.cell_houses.iter().all(|h| h.len() == 3));
        assert_eq!(t.house_cells.len(), 27 * 9);
    }

    #[test]
    fn one_compilation_per_geometry() {
        let g = builtin::geometry("samurai").unwrap();
        assert!(std::ptr::eq(g.tables().as_ref(), g.tables().as_ref()));
    }
}
