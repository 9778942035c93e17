//! The "45 rule" generalised: innies and outies over a union of houses.
//!
//! Every house holds each symbol once, so a union of `k` disjoint houses adds up to `k` times the
//! sum of all symbol values (45 per house in a classic grid). Subtracting the sum cages lying
//! wholly inside the union leaves the *innies*, whose total is then known; when the cages that
//! touch the union cover it completely, the cells they have outside it (the *outies*) have a known
//! total too. A few cells with a known total, some of them peers, rarely admit every candidate:
//! candidates no assignment can use are eliminated.
//!
//! Unions are single houses, then pairs, then triples of pairwise disjoint houses (rows, columns,
//! boxes, regions of any geometry), so the simplest explanation comes first.

use crate::cellset::CellSet;
use crate::geometry::Rule;
use crate::reason::board::Board;
use crate::reason::finder::Finder;
use crate::reason::step::{Candidate, Deduction, Step};
use crate::symbols::SymbolSet;
use crate::{CellId, ShapeId};

/// Most empty cells in a remainder that is analysed.
const MAX_REMAINDER: usize = 5;
/// Triples of houses are tried only when there are at most this many houses (a classic killer
/// has 27; a Samurai 135 would give ~400k triples).
const MAX_HOUSES_FOR_TRIPLES: usize = 60;

struct Cage {
    id: usize,
    set: CellSet,
    total: i64,
}

/// Finds innie and outie steps.
pub(crate) fn find(board: &Board, f: &mut Finder) {
    let g = board.geometry();
    let nc = g.cell_count();
    let cages: Vec<Cage> = (0..g.shapes().len())
        .filter_map(|id| match g.shape(id).rule {
            Rule::Sum { total, .. } => Some(Cage {
                id,
                set: g.shape_set(id),
                total,
            }),
            Rule::NoRepeat => None,
        })
        .collect();
    if cages.is_empty() {
        return;
    }
    let houses = g.houses();
    let sets: Vec<CellSet> = houses.iter().map(|&h| g.shape_set(h)).collect();
    let house_sum: i64 = g.symbols().values().iter().sum();
    let nh = houses.len();
    let mut ctx = Ctx {
        board,
        cages: &cages,
        house_sum,
        nc,
        scratch: Vec::new(),
    };
    for i in 0..nh {
        if !ctx.union(&[houses[i]], &sets[i], f) {
            return;
        }
    }
    for i in 0..nh {
        for j in i + 1..nh {
            if sets[i].intersects(&sets[j]) {
                continue;
            }
            let u = sets[i].union(&sets[j]);
            if !ctx.union(&[houses[i], houses[j]], &u, f) {
                return;
            }
        }
    }
    if nh > MAX_HOUSES_FOR_TRIPLES {
        return;
    }
    for i in 0..nh {
        for j in i + 1..nh {
            if sets[i].intersects(&sets[j]) {
                continue;
            }
            let u2 = sets[i].union(&sets[j]);
            for k in j + 1..nh {
                if sets[k].intersects(&u2) {
                    continue;
                }
                let u = u2.union(&sets[k]);
                if !ctx.union(&[houses[i], houses[j], houses[k]], &u, f) {
                    return;
                }
            }
        }
    }
}

struct Ctx<'a> {
    board: &'a Board,
    cages: &'a [Cage],
    house_sum: i64,
    nc: usize,
    scratch: Vec<SymbolSet>,
}

impl Ctx<'_> {
    /// Tries innies and outies of one union; returns whether to go on.
    fn union(&mut self, hs: &[usize], u: &CellSet, f: &mut Finder) -> bool {
        let mut inside = CellSet::new(self.nc);
        let mut touching = inside.clone();
        let mut in_ids = Vec::new();
        let mut touch_ids = Vec::new();
        let mut in_total = 0;
        let mut touch_total = 0;
        // Sum shapes may overlap (a little-killer line across cages): only disjoint ones may be
        // added up, so each list takes a shape only if it shares no cell with those taken.
        for c in self.cages {
            if !c.set.intersects(u) {
                continue;
            }
            if !c.set.intersects(&touching) {
                touching.union_with(&c.set);
                touch_ids.push(c.id);
                touch_total += c.total;
            }
            if c.set.is_subset(u) && !c.set.intersects(&inside) {
                inside.union_with(&c.set);
                in_ids.push(c.id);
                in_total += c.total;
            }
        }
        if in_ids.is_empty() && touch_ids.is_empty() {
            return true;
        }
        let whole = hs.len() as i64 * self.house_sum;
        // Innies: the union minus the cages inside it.
        if !in_ids.is_empty() {
            let rem = u.difference(&inside);
            if !self.remainder(hs, &in_ids, &rem, whole - in_total, f) {
                return false;
            }
        }
        // Outies: the touching cages cover the union; their cells outside it are known in total.
        if touch_ids.iter().any(|id| !in_ids.contains(id)) && u.is_subset(&touching) {
            let rem = touching.difference(u);
            if !self.remainder(hs, &touch_ids, &rem, touch_total - whole, f) {
                return false;
            }
        }
        true
    }

    fn remainder(
        &mut self,
        hs: &[usize],
        cage_ids: &[usize],
        rem: &CellSet,
        total: i64,
        f: &mut Finder,
    ) -> bool {
        let b = self.board;
        let syms = b.geometry().symbols();
        let mut cells = Vec::new();
        let mut rest = total;
        for c in rem.iter() {
            match b.value(c) {
                Some(v) => rest -= syms.value(v),
                None => {
                    if cells.len() == MAX_REMAINDER {
                        return true;
                    }
                    cells.push(c);
                }
            }
        }
        if cells.is_empty() {
            return true;
        }
        self.scratch.clear();
        self.scratch.resize(cells.len(), SymbolSet::EMPTY);
        let mut vals = Vec::with_capacity(cells.len());
        let mut support = std::mem::take(&mut self.scratch);
        // Suffix bounds of what the remaining cells can add up to, to prune the search.
        let mut bounds = vec![(0i64, 0i64); cells.len() + 1];
        for (i, &c) in cells.iter().enumerate().rev() {
            if b.candidates(c).is_empty() {
                return true; // a broken board: nothing to conclude here
            }
            let vs = b.candidates(c).iter().map(|v| syms.value(v));
            let (lo, hi) = vs.fold((i64::MAX, i64::MIN), |(lo, hi), x| (lo.min(x), hi.max(x)));
            bounds[i] = (bounds[i + 1].0 + lo, bounds[i + 1].1 + hi);
        }
        assign(b, &cells, &bounds, 0, rest, &mut vals, &mut support);
        let mut elim = Vec::new();
        for (i, &c) in cells.iter().enumerate() {
            for v in b.candidates(c).minus(support[i]).iter() {
                elim.push(Candidate::at(c, v));
            }
        }
        self.scratch = support;
        if elim.is_empty() {
            return true;
        }
        let ids = |s: &[usize]| s.iter().copied().map(ShapeId::new).collect();
        f.push(Step::eliminating(
            elim,
            Deduction::Innies {
                houses: ids(hs),
                cages: ids(cage_ids),
                cells: cells.into_iter().map(CellId::new).collect(),
                total: rest,
            },
        ))
    }
}

/// Every assignment of the cells (peers distinct) adding up to `rest`; marks used candidates.
/// Returns whether any assignment completed from this point.
fn assign(
    b: &Board,
    cells: &[usize],
    bounds: &[(i64, i64)],
    i: usize,
    rest: i64,
    vals: &mut Vec<u8>,
    support: &mut [SymbolSet],
) -> bool {
    let g = b.geometry();
    if i == cells.len() {
        if rest != 0 {
            return false;
        }
        for (k, &v) in vals.iter().enumerate() {
            support[k] = support[k].with(v);
        }
        return true;
    }
    if rest < bounds[i].0 || rest > bounds[i].1 {
        return false;
    }
    let mut any = false;
    'v: for v in b.candidates(cells[i]).iter() {
        for (k, &w) in vals.iter().enumerate() {
            if w == v && g.are_peers(cells[k], cells[i]) {
                continue 'v;
            }
        }
        vals.push(v);
        any |= assign(
            b,
            cells,
            bounds,
            i + 1,
            rest - g.symbols().value(v),
            vals,
            support,
        );
        vals.pop();
    }
    any
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::catalogue::Technique;
    use crate::reason::test_util::*;

    #[test]
    fn single_innie_of_a_row() {
        // Row 1: cages 10 (r1c1-3), 20 (r1c4-6), 9 (r1c7-8) leave r1c9 = 45-39 = 6.
        let (g, cages) = killer_4cells(
            &["r1c1 r1c2 r1c3", "r1c4 r1c5 r1c6", "r1c7 r1c8"],
            &[10, 20, 9],
        );
        let b = empty_board(&g);
        let mut f = Finder::new(1);
        find(&b, &mut f);
        let s = &f.steps[0];
        assert_eq!(s.technique(), Technique::InniesOuties);
        let want: Vec<Candidate> = (1..=9)
            .filter(|&d| d != 6)
            .map(|d| cand(&g, 1, 9, d))
            .collect();
        assert_eq!(s.eliminations, want);
        assert_eq!(
            s.deduction,
            Deduction::Innies {
                houses: vec![shape_id(&g, "row 1")],
                cages: cages.iter().copied().map(ShapeId::new).collect(),
                cells: vec![cell_id(&g, 1, 9)],
                total: 6
            }
        );
    }

    #[test]
    fn outie_of_a_box() {
        // Box 1 covered by cages 15 (r1c1 r1c2 r1c3), 15 (r2c1 r2c2 r2c3) and 20 (r3c1 r3c2 r3c3
        // r3c4): the outie r3c4 = 15+15+20-45 = 5. (Row 3's and row 1/2's own innies do not
        // exist, so the box is the first union giving it.)
        let (g, _) = killer_4cells(
            &["r1c1 r1c2 r1c3", "r2c1 r2c2 r2c3", "r3c1 r3c2 r3c3 r3c4"],
            &[15, 15, 20],
        );
        let b = empty_board(&g);
        let mut f = Finder::new(50);
        find(&b, &mut f);
        let c = cell_id(&g, 3, 4);
        let s = f
            .steps
            .iter()
            .find(|s| matches!(&s.deduction, Deduction::Innies { cells, .. } if cells == &vec![c]))
            .unwrap();
        assert_eq!(s.eliminations.len(), 8);
        assert!(
            s.eliminations
                .iter()
                .all(|e| e.cell == c && e.symbol != symbol(5))
        );
        assert!(
            matches!(&s.deduction, Deduction::Innies { houses, total: 5, .. } if houses == &vec![shape_id(&g, "box 1")])
        );
    }

    #[test]
    fn two_innies_restrict_by_sum() {
        // Row 1 minus cages 6 (r1c1-3) and 30 (r1c4-r1c7 four cells) leaves r1c8+r1c9 = 9.
        // With r1c8 in {1,2} and r1c9 in {3,7,8}: only 1+8, 2+7 survive, so r1c9<>3.
        let (g, _) = killer_4cells(&["r1c1 r1c2 r1c3", "r1c4 r1c5 r1c6 r1c7"], &[6, 30]);
        let mut b = empty_board(&g);
        b.set_candidates(cell(&g, 1, 8), set(&[1, 2]));
        b.set_candidates(cell(&g, 1, 9), set(&[3, 7, 8]));
        let mut f = Finder::new(1);
        find(&b, &mut f);
        assert_eq!(f.steps[0].eliminations, vec![cand(&g, 1, 9, 3)]);
    }

    #[test]
    fn overlapping_sum_shapes_are_not_added_twice() {
        // Cages 10 (r1c1-3), 20 (r1c4-6), 9 (r1c7-8) and a sum shape 3 over r1c1 r1c2 inside
        // the first: adding all four would claim r1c9 = 45-42 = 3. With disjoint shapes only,
        // r1c9 = 6 as before.
        let (g, _) = killer_4cells(
            &["r1c1 r1c2 r1c3", "r1c4 r1c5 r1c6", "r1c7 r1c8", "r1c1 r1c2"],
            &[10, 20, 9, 3],
        );
        let b = empty_board(&g);
        let mut f = Finder::new(1000);
        find(&b, &mut f);
        let c = cell_id(&g, 1, 9);
        for s in &f.steps {
            assert!(!s.eliminations.contains(&cand(&g, 1, 9, 6)), "{s:?}");
        }
        let s = f
            .steps
            .iter()
            .find(|s| s.eliminations.iter().any(|e| e.cell == c))
            .unwrap();
        assert!(
            matches!(&s.deduction, Deduction::Innies { total: 6, cells, .. } if cells == &vec![c])
        );
    }

    #[test]
    fn no_cages_no_steps() {
        let g = crate::builtin::geometry("classic").unwrap();
        let mut f = Finder::new(1);
        find(&empty_board(&g), &mut f);
        assert!(f.steps.is_empty());
    }
}
