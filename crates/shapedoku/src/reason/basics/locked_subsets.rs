//! Locked pairs and triples: a naked pair or triple lying where a house meets another no-repeat
//! shape. Its cells hold its symbols in both shapes at once, so both lose them everywhere else.
//! It is *locked* (HoDoKu's name, and its earlier place in the order) when that removes
//! candidates outside the overlap in both shapes, that is more than either shape's naked subset
//! would; otherwise the naked subset of the one shape says it all. The classic case is a box and
//! a row or column; a jigsaw region and a line, a window and a line, a box and a diagonal, or a
//! house and a distinct cage work the same way. The pairs of shapes are the shape-overlap pairs
//! compiled once per geometry.
//!
//! The search allocates nothing until it finds a step.

use crate::reason::board::Board;
use crate::reason::finder::Finder;
use crate::reason::step::{Candidate, Deduction, Step};
use crate::symbols::SymbolSet;
use crate::{CellId, Geometry, ShapeId, ShapeKind};

/// Locked pairs.
pub fn locked_pairs(board: &Board, f: &mut Finder) {
    find(board, f, 2);
}

/// Locked triples.
pub fn locked_triples(board: &Board, f: &mut Finder) {
    find(board, f, 3);
}

/// Boxes and regions first, as the overlap pairs are ordered: a house pair is searched once,
/// from its first house in that order.
fn rank(g: &Geometry, s: usize) -> (u8, usize) {
    match g.shape(s).kind {
        ShapeKind::Box | ShapeKind::Region => (0, s),
        _ => (1, s),
    }
}

fn find(board: &Board, f: &mut Finder, k: usize) {
    let g = board.geometry();
    let t = board.tables();
    let is_house = |s: usize| {
        let shape = g.shape(s);
        shape.cells.len() == g.symbol_count() && shape.is_no_repeat()
    };
    // The empty cells of the overlap holding 2..=k candidates.
    let mut small = [0usize; 64];
    for pair in &t.overlaps {
        let (a, b) = (pair.source, pair.target);
        if is_house(b) && rank(g, b) < rank(g, a) {
            continue;
        }
        let a_cells = &g.shape(a).cells;
        let mut n = 0;
        let mut m = pair.inside;
        while m != 0 {
            let c = a_cells[m.trailing_zeros() as usize];
            m &= m - 1;
            let len = board.candidates(c).len() as usize;
            if board.value(c).is_none() && (2..=k).contains(&len) {
                small[n] = c;
                n += 1;
            }
        }
        if n < k {
            continue;
        }
        let go = each_subset(board, &small[..n], k, &mut |cells, symbols| {
            let hits = |c: &usize| {
                board.value(*c).is_none() && !board.candidates(*c).intersect(symbols).is_empty()
            };
            // Outside the overlap, in each shape.
            let in_a = (0..a_cells.len())
                .filter(|&i| pair.inside >> i & 1 == 0)
                .any(|i| hits(&a_cells[i]));
            if !in_a || !pair.outside.iter().any(hits) {
                return true;
            }
            f.push(step(board, a, b, cells, symbols))
        });
        if !go {
            return;
        }
    }
}

/// Calls `visit` with every k-subset (k = 2 or 3) of `cells` whose candidates together are k
/// symbols, and those symbols, in the order of trying every k-subset, until it returns false;
/// returns false when stopped. A pair with more than three symbols is not extended to a
/// triple: the triple would have more too.
fn each_subset(
    board: &Board,
    cells: &[usize],
    k: usize,
    visit: &mut dyn FnMut(&[usize], SymbolSet) -> bool,
) -> bool {
    let n = cells.len();
    let cands = |i: usize| board.candidates(cells[i]);
    for i in 0..n {
        for j in i + 1..n {
            let two = cands(i).union(cands(j));
            if k == 2 {
                if two.len() == 2 && !visit(&[cells[i], cells[j]], two) {
                    return false;
                }
                continue;
            }
            if two.len() > 3 {
                continue;
            }
            for l in j + 1..n {
                let three = two.union(cands(l));
                if three.len() == 3 && !visit(&[cells[i], cells[j], cells[l]], three) {
                    return false;
                }
            }
        }
    }
    true
}

/// The step: every other cell of either shape loses the subset's symbols.
fn step(board: &Board, a: usize, b: usize, cells: &[usize], symbols: SymbolSet) -> Step {
    let g = board.geometry();
    let mut eliminations = Vec::new();
    for &s in &[a, b] {
        for &c in &g.shape(s).cells {
            if board.value(c).is_some() || cells.contains(&c) {
                continue;
            }
            for v in board.candidates(c).intersect(symbols).iter() {
                eliminations.push(Candidate::at(c, v));
            }
        }
    }
    eliminations.sort_unstable();
    eliminations.dedup();
    let mut cells: Vec<CellId> = cells.iter().map(|&c| CellId::new(c)).collect();
    cells.sort_unstable();
    Step::eliminating(
        eliminations,
        Deduction::LockedSubset {
            shapes: [ShapeId::new(a), ShapeId::new(b)],
            cells,
            symbols,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::explain;
    use crate::reason::test_util::*;

    #[test]
    fn locked_pair_in_box_and_row() {
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        // r1c1 and r1c2 hold only 1 and 2: both row 1 and box 1 lose them.
        b.set_candidates(cell(&g, 1, 1), set(&[1, 2]));
        b.set_candidates(cell(&g, 1, 2), set(&[1, 2]));
        for (r, c) in [(1, 3), (1, 5), (2, 2), (3, 3)] {
            b.set_candidates(cell(&g, r, c), set(&[1, 2, 5]));
        }
        for (r, c) in [(1, 4), (1, 6), (1, 7), (1, 8), (1, 9)] {
            b.set_candidates(cell(&g, r, c), set(&[3, 4, 5]));
        }
        for (r, c) in [(2, 1), (2, 3), (3, 1), (3, 2)] {
            b.set_candidates(cell(&g, r, c), set(&[6, 7, 8]));
        }
        let mut f = Finder::new(10);
        locked_pairs(&b, &mut f);
        assert_eq!(f.steps.len(), 1, "{:?}", f.steps);
        let s = &f.steps[0];
        assert_eq!(
            s.eliminations,
            elims(
                &g,
                "r1c3<>1 r1c3<>2 r1c5<>1 r1c5<>2 r2c2<>1 r2c2<>2 r3c3<>1 r3c3<>2"
            )
        );
        assert_eq!(
            s.deduction,
            Deduction::LockedSubset {
                shapes: [shape_id(&g, "box 1"), shape_id(&g, "row 1")],
                cells: vec![cell_id(&g, 1, 1), cell_id(&g, 1, 2)],
                symbols: set(&[1, 2]),
            }
        );
        assert_eq!(
            s.technique(),
            crate::reason::catalogue::Technique::LockedPair
        );
        assert_eq!(
            explain::text(&g, s),
            "r1c3, r1c5, r2c2, r3c3 ≠ 1, 2: locked pair 1,2: r1c1 and r1c2 hold only 1 and 2 between them in box 1 and row 1"
        );
        assert_eq!(
            explain::compact(&g, s),
            "Locked Pair: 1,2 in r1c12 => r1c5,r13c3,r2c2<>1, r1c5,r13c3,r2c2<>2"
        );
        // Nothing outside box 1: only a naked pair, not locked.
        b.set_candidates(cell(&g, 1, 5), set(&[3, 4, 5]));
        let mut f = Finder::new(10);
        locked_pairs(&b, &mut f);
        assert!(f.steps.is_empty(), "{:?}", f.steps);
    }

    #[test]
    fn locked_triple_on_a_jigsaw_region() {
        let g = crate::reason::tests::jigsaw();
        let region = g
            .shapes()
            .iter()
            .position(|s| s.kind == ShapeKind::Region && s.cells.contains(&cell(&g, 1, 1)))
            .unwrap();
        let mut b = empty_board(&g);
        // Three cells where row 1 meets the region of r1c1, holding 1, 2, 3 between them.
        let row: Vec<usize> = (1..=9)
            .map(|c| cell(&g, 1, c))
            .filter(|c| g.shape(region).cells.contains(c))
            .take(3)
            .collect();
        assert_eq!(row.len(), 3);
        b.set_candidates(row[0], set(&[1, 2]));
        b.set_candidates(row[1], set(&[2, 3]));
        b.set_candidates(row[2], set(&[1, 3]));
        let mut f = Finder::new(100);
        locked_triples(&b, &mut f);
        let s = f
            .steps
            .iter()
            .find(|s| {
                matches!(&s.deduction, Deduction::LockedSubset { cells, .. }
                    if cells.iter().map(|c| c.index()).eq(row.iter().copied()))
            })
            .expect("the locked triple");
        assert_eq!(
            s.technique(),
            crate::reason::catalogue::Technique::LockedTriple
        );
        let mut want: Vec<Candidate> = Vec::new();
        for c in (1..=9)
            .map(|c| cell(&g, 1, c))
            .chain(g.shape(region).cells.iter().copied())
        {
            if !row.contains(&c) {
                want.extend([1, 2, 3].map(|d| Candidate::at(c, sym(d))));
            }
        }
        want.sort_unstable();
        want.dedup();
        assert_eq!(s.eliminations, want);
    }

    #[test]
    fn subsets_cut_at_the_pair_are_those_of_trying_every_one() {
        // Row 1's cells with pseudo-random two or three candidates out of four (so many
        // pairs and triples are tight); each_subset against the k-subsets that are.
        let g = crate::builtin::geometry("classic").unwrap();
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut found = 0;
        for _ in 0..200 {
            let mut b = empty_board(&g);
            let cells: Vec<usize> = (1..=9).map(|c| cell(&g, 1, c)).collect();
            for &c in &cells {
                let s = loop {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    let s = crate::SymbolSet(x & 0xf);
                    if (2..=3).contains(&s.len()) {
                        break s;
                    }
                };
                b.set_candidates(c, s);
            }
            for k in [2, 3] {
                let mut want = Vec::new();
                for bits in 0u32..1 << cells.len() {
                    let pick: Vec<usize> = (0..cells.len())
                        .filter(|i| bits >> i & 1 == 1)
                        .map(|i| cells[i])
                        .collect();
                    let u = pick
                        .iter()
                        .fold(SymbolSet::EMPTY, |u, &c| u.union(b.candidates(c)));
                    if pick.len() == k && u.len() as usize == k {
                        want.push((pick, u));
                    }
                }
                want.sort();
                let mut got = Vec::new();
                assert!(each_subset(&b, &cells, k, &mut |p, u| {
                    got.push((p.to_vec(), u));
                    true
                }));
                assert_eq!(got, want);
                found += got.len();
            }
        }
        assert!(found > 100, "{found}");
    }
}
