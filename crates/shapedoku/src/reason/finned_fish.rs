//! Finned and sashimi fish (X-wing, swordfish, jellyfish) over the rows and columns of each
//! grid. Take k rows as the base and k columns as the cover (or the other way round): the base
//! places outside the cover are the fins. If no fin holds the symbol the base is a fish and
//! the cover loses the symbol outside the base; if a fin holds it, every cell seeing that fin
//! loses it. So the cover's cells outside the base that see every fin lose it, whatever the
//! fins see them through (a box, a jigsaw region, a diagonal). Sashimi: some base row has a
//! single place inside the cover, so without the fins it would not even be a fish.
//!
//! The search works on bitmasks over a grid's column numbers: a base is grown row by row while
//! the columns its places touch stay within k + 3 (fins that see a common cell lie in few
//! columns), and only then are covers chosen among those columns.

use super::{Board, Candidate, Deduction, Finder, Step};
use crate::{CellId, ShapeId, ShapeKind, Symbol};

/// Extra columns the fins may take beyond the k covers.
const FIN_COLUMNS: u32 = 3;

/// One grid's lines of one kind and the crossing lines, by number.
struct Lines {
    /// The base lines' shape ids, by number - 1.
    base: Vec<Option<usize>>,
    /// The cover lines' shape ids, by number - 1.
    cover: Vec<Option<usize>>,
    /// Each cell's cover line number - 1 (`u8::MAX`: none).
    cover_of: Vec<u8>,
}

/// The grids' (rows, columns) pairs, each way round.
fn line_sets(board: &Board) -> Vec<Lines> {
    let g = board.geometry();
    let mut grids: Vec<Option<usize>> = g.shapes().iter().map(|s| s.grid).collect();
    grids.sort_unstable();
    grids.dedup();
    let mut out = Vec::new();
    for grid in grids {
        let by_number = |kind: ShapeKind| {
            let mut v: Vec<Option<usize>> = Vec::new();
            for (i, s) in g.shapes().iter().enumerate() {
                if s.kind == kind && s.grid == grid && s.number > 0 {
                    let n = s.number as usize - 1;
                    if v.len() <= n {
                        v.resize(n + 1, None);
                    }
                    v[n] = Some(i);
                }
            }
            v
        };
        let (rows, cols) = (by_number(ShapeKind::Row), by_number(ShapeKind::Column));
        if rows.is_empty() || cols.is_empty() || cols.len() > 64 || rows.len() > 64 {
            continue;
        }
        let numbers = |lines: &[Option<usize>]| {
            let mut of = vec![u8::MAX; g.cell_count()];
            for (j, s) in lines.iter().enumerate() {
                for &c in s.iter().flat_map(|&s| &g.shape(s).cells) {
                    of[c] = j as u8;
                }
            }
            of
        };
        out.push(Lines {
            base: rows.clone(),
            cover_of: numbers(&cols),
            cover: cols.clone(),
        });
        out.push(Lines {
            cover_of: numbers(&rows),
            base: cols,
            cover: rows,
        });
    }
    out
}

/// A base line's places for the symbol, as a mask over cover numbers, with the cells.
struct BaseLine {
    shape: usize,
    mask: u64,
    /// (cover number, cell) per place.
    places: Vec<(u32, usize)>,
}

/// Finned and sashimi fish, size 2 to 4; per size, finned before sashimi.
pub(crate) fn find(board: &Board, f: &mut Finder) {
    let sets = line_sets(board);
    let n = board.geometry().symbol_count() as u8;
    for k in 2..=4 {
        let mut found: [Vec<Step>; 2] = [Vec::new(), Vec::new()];
        for lines in &sets {
            for v in 0..n {
                search(board, lines, v, k, &mut found);
            }
        }
        let [finned, sashimi] = found;
        for s in finned.into_iter().chain(sashimi) {
            if !f.push(s) {
                return;
            }
        }
    }
}

fn search(board: &Board, lines: &Lines, v: u8, k: usize, found: &mut [Vec<Step>; 2]) {
    let g = board.geometry();
    let mut bases = Vec::new();
    for &b in lines.base.iter().flatten() {
        if board.has_placed(b, v) {
            continue;
        }
        let mut mask = 0u64;
        let mut places = Vec::new();
        for &c in &g.shape(b).cells {
            if board.value(c).is_some() || !board.candidates(c).contains(v) {
                continue;
            }
            let j = lines.cover_of[c];
            if j == u8::MAX {
                continue;
            }
            mask |= 1 << j;
            places.push((j as u32, c));
        }
        if (2..=k as u32 + FIN_COLUMNS).contains(&mask.count_ones()) {
            bases.push(BaseLine {
                shape: b,
                mask,
                places,
            });
        }
    }
    if bases.len() < k {
        return;
    }
    let mut chosen = Vec::with_capacity(k);
    grow(board, lines, v, k, &bases, 0, 0, &mut chosen, found);
}

/// Adds base lines from `bases[from..]` while their columns stay within k + 3.
#[allow(clippy::too_many_arguments)]
fn grow(
    board: &Board,
    lines: &Lines,
    v: u8,
    k: usize,
    bases: &[BaseLine],
    from: usize,
    union: u64,
    chosen: &mut Vec<usize>,
    found: &mut [Vec<Step>; 2],
) {
    if chosen.len() == k {
        if union.count_ones() as usize > k {
            covers(board, lines, v, k, bases, chosen, union, found);
        }
        return;
    }
    for i in from..bases.len() {
        let u = union | bases[i].mask;
        if u.count_ones() > k as u32 + FIN_COLUMNS {
            continue;
        }
        chosen.push(i);
        grow(board, lines, v, k, bases, i + 1, u, chosen, found);
        chosen.pop();
    }
}

/// Every choice of k cover columns among `union`'s, and the step it makes if any.
#[allow(clippy::too_many_arguments)]
fn covers(
    board: &Board,
    lines: &Lines,
    v: u8,
    k: usize,
    bases: &[BaseLine],
    chosen: &[usize],
    union: u64,
    found: &mut [Vec<Step>; 2],
) {
    let g = board.geometry();
    let cols: Vec<u32> = (0..64).filter(|j| union >> j & 1 == 1).collect();
    let m = cols.len();
    // Subsets of size k of `cols`, as index masks.
    for sel in 0u32..(1 << m) {
        if sel.count_ones() as usize != k {
            continue;
        }
        let cover: u64 = (0..m)
            .filter(|i| sel >> i & 1 == 1)
            .fold(0, |a, i| a | 1 << cols[i]);
        // Every base line keeps a place in the cover, and some place is a fin.
        if chosen.iter().any(|&b| bases[b].mask & cover == 0) {
            continue;
        }
        let fins: Vec<usize> = chosen
            .iter()
            .flat_map(|&b| bases[b].places.iter())
            .filter(|(j, _)| cover >> j & 1 == 0)
            .map(|&(_, c)| c)
            .collect();
        if fins.is_empty() {
            continue;
        }
        let base_shapes: Vec<usize> = chosen.iter().map(|&b| bases[b].shape).collect();
        let mut elims = Vec::new();
        for j in (0..64).filter(|j| cover >> j & 1 == 1) {
            let Some(col) = lines.cover[j] else { continue };
            for &c in &g.shape(col).cells {
                if board.value(c).is_some()
                    || !board.candidates(c).contains(v)
                    || base_shapes.iter().any(|&b| g.shape(b).cells.contains(&c))
                    || !fins.iter().all(|&fin| g.are_peers(fin, c))
                {
                    continue;
                }
                elims.push(Candidate::at(c, v));
            }
        }
        if elims.is_empty() {
            continue;
        }
        elims.sort_unstable();
        let sashimi = chosen
            .iter()
            .any(|&b| (bases[b].mask & cover).count_ones() == 1);
        let mut base: Vec<ShapeId> = base_shapes.into_iter().map(ShapeId::new).collect();
        base.sort_unstable();
        let cover: Vec<ShapeId> = (0..64)
            .filter(|j| cover >> j & 1 == 1)
            .filter_map(|j| lines.cover[j])
            .map(ShapeId::new)
            .collect();
        let mut fins: Vec<CellId> = fins.into_iter().map(CellId::new).collect();
        fins.sort_unstable();
        found[usize::from(sashimi)].push(Step::eliminating(
            elims,
            Deduction::FinnedFish {
                symbol: Symbol::new(v as usize),
                base,
                cover,
                fins,
                sashimi,
            },
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::test_util::*;

    /// Keeps 1 in row `r` only at columns `cols`.
    fn keep(b: &mut Board, g: &crate::Geometry, r: u32, cols: &[u32]) {
        for c in 1..=9 {
            if !cols.contains(&c) {
                b.eliminate(cell(g, r, c), sym(1));
            }
        }
    }

    fn fish_on_rows_1_and_5(b: &Board) -> Vec<Step> {
        let g = b.geometry();
        let mut f = Finder::new(1000);
        find(b, &mut f);
        let rows = vec![shape_id(g, "row 1"), shape_id(g, "row 5")];
        f.steps
            .into_iter()
            .filter(|s| matches!(&s.deduction, Deduction::FinnedFish { base, .. } if *base == rows))
            .collect()
    }

    #[test]
    fn finned_x_wing() {
        // 1 in row 1 at c1 and c5, in row 5 at c1, c5 and the fin r5c6: column 5 loses 1 where
        // it sees the fin (box 5).
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        keep(&mut b, &g, 1, &[1, 5]);
        keep(&mut b, &g, 5, &[1, 5, 6]);
        let s = fish_on_rows_1_and_5(&b);
        assert_eq!(s.len(), 1, "{s:?}");
        assert_eq!(s[0].eliminations, elims(&g, "r4c5<>1 r6c5<>1"));
        assert_eq!(
            s[0].deduction,
            Deduction::FinnedFish {
                symbol: symbol(1),
                base: vec![shape_id(&g, "row 1"), shape_id(&g, "row 5")],
                cover: vec![shape_id(&g, "column 1"), shape_id(&g, "column 5")],
                fins: vec![cell_id(&g, 5, 6)],
                sashimi: false,
            }
        );
        assert_eq!(s[0].technique(), crate::reason::Technique::FinnedXWing);
    }

    #[test]
    fn sashimi_x_wing() {
        // Row 5 has 1 at c1 and the fin r5c6 only: inside the cover (c1, c5) a single place.
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        keep(&mut b, &g, 1, &[1, 5]);
        keep(&mut b, &g, 5, &[1, 6]);
        let s = fish_on_rows_1_and_5(&b);
        let s: Vec<&Step> = s
            .iter()
            .filter(|s| matches!(&s.deduction, Deduction::FinnedFish { cover, .. } if cover[1] == shape_id(&g, "column 5")))
            .collect();
        assert_eq!(s.len(), 1, "{s:?}");
        assert_eq!(s[0].eliminations, elims(&g, "r4c5<>1 r6c5<>1"));
        assert_eq!(s[0].technique(), crate::reason::Technique::SashimiXWing);
    }
}
