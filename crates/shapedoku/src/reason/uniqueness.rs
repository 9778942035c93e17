//! Uniqueness: unique rectangles (types 1 to 4, hidden rectangle) and BUG+1. They rest on the
//! puzzle having one solution, so they run only on a board marked
//! [`Board::is_known_unique`].
//!
//! A rectangle is four empty cells a, b, c, d with sides a–b, c–d, a–c, b–d: every shape that
//! holds one of them holds exactly one side (two cells) and is a plain no-repeat shape, and
//! the geometry has no rules beyond shapes. Were the four to end up holding only x and y,
//! swapping x and y among them would keep every shape valid (each holds one x and one y of
//! them) and give a second solution. Rows, columns and boxes make the classic rectangle over
//! two rows, two columns and two boxes; a rectangle over four boxes, or one a diagonal or a
//! cage crosses, is refused, since a swap there breaks a shape.
//!
//! BUG+1 needs every shape to be a house (each symbol exactly once) and no other rules: then
//! a grave (two candidates per cell, two places per symbol and house) has an even number of
//! solutions, every constraint being "exactly one of two".

use super::{Board, Candidate, Deduction, Finder, RectangleKind, Step};
use crate::geometry::Rule;
use crate::symbols::SymbolSet;
use crate::{CellId, ShapeId, Symbol};

/// The four corners, in the order of [`Deduction::UniqueRectangle`]: sides a–b, c–d, a–c, b–d.
type Corners = [usize; 4];

/// Which of the corners a shape may hold together (as bits over the corner indices): a side.
const SIDES: [u8; 4] = [0b0011, 0b1100, 0b0101, 0b1010];

/// Whether a swap of two symbols among the corners keeps every shape holding them valid.
fn symmetric(board: &Board, r: &Corners) -> bool {
    let g = board.geometry();
    for &c in r {
        for &s in g.shapes_of(c) {
            let shape = g.shape(s as usize);
            if shape.rule != Rule::NoRepeat {
                return false;
            }
            let mut held = 0u8;
            for (i, &k) in r.iter().enumerate() {
                if shape.cells.contains(&k) {
                    held |= 1 << i;
                }
            }
            if !SIDES.contains(&held) {
                return false;
            }
        }
    }
    true
}

/// Every rectangle of empty cells whose four corners share two or more candidates, with the
/// candidates they share; each once (a is the least corner, b < c).
fn rectangles(board: &Board) -> Vec<(Corners, SymbolSet)> {
    let g = board.geometry();
    let t = board.tables();
    let words = g.cell_count().div_ceil(64);
    let peers = |c: usize| &t.peer_bits[c * words..(c + 1) * words];
    let open = |c: usize| board.value(c).is_none() && board.candidates(c).len() >= 2;
    let mut out = Vec::new();
    for a in (0..g.cell_count()).filter(|&a| open(a)) {
        let ca = board.candidates(a);
        let near: Vec<usize> = g
            .peers(a)
            .iter()
            .map(|&p| p as usize)
            .filter(|&p| p > a && open(p) && board.candidates(p).intersect(ca).len() >= 2)
            .collect();
        for (i, &b) in near.iter().enumerate() {
            let cb = ca.intersect(board.candidates(b));
            for &c in &near[i + 1..] {
                let cc = cb.intersect(board.candidates(c));
                if cc.len() < 2 || g.are_peers(b, c) {
                    continue;
                }
                // d sees b and c and not a.
                let (pa, pb, pc) = (peers(a), peers(b), peers(c));
                for w in 0..words {
                    let mut bits = pb[w] & pc[w] & !pa[w];
                    while bits != 0 {
                        let d = w * 64 + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        if d <= a || d == a || !open(d) {
                            continue;
                        }
                        let common = cc.intersect(board.candidates(d));
                        if common.len() >= 2 && symmetric(board, &[a, b, c, d]) {
                            out.push(([a, b, c, d], common));
                        }
                    }
                }
            }
        }
    }
    out
}

/// The corners as a side of two and the opposite side: (a,b | c,d), (c,d | a,b), (a,c | b,d),
/// (b,d | a,c).
const SPLITS: [[usize; 4]; 4] = [[0, 1, 2, 3], [2, 3, 0, 1], [0, 2, 1, 3], [1, 3, 0, 2]];

fn step(
    r: &Corners,
    kind: RectangleKind,
    [x, y]: [u8; 2],
    elims: Vec<Candidate>,
    subset: Vec<CellId>,
    house: Option<usize>,
) -> Step {
    Step::eliminating(
        elims,
        Deduction::UniqueRectangle {
            kind,
            cells: r.map(CellId::new),
            symbols: [Symbol::new(x as usize), Symbol::new(y as usize)],
            subset,
            house: house.map(ShapeId::new),
        },
    )
}

/// Unique rectangles of every type and BUG+1, type by type (type 1 first). Nothing on a
/// board not known to be unique or on a geometry with rules beyond shapes.
pub(crate) fn find(board: &Board, f: &mut Finder) {
    if !board.is_known_unique() || !board.geometry().constraints().is_empty() {
        return;
    }
    let rects = rectangles(board);
    let pairs: Vec<(Corners, [u8; 2])> = rects
        .iter()
        .flat_map(|&(r, common)| {
            let s: Vec<u8> = common.iter().collect();
            let mut v = Vec::new();
            for (i, &x) in s.iter().enumerate() {
                for &y in &s[i + 1..] {
                    // Some corner must hold only the pair, or no type applies.
                    let xy = SymbolSet::single(x).with(y);
                    if r.iter().any(|&c| board.candidates(c) == xy) {
                        v.push((r, [x, y]));
                    }
                }
            }
            v
        })
        .collect();
    type Finds = fn(&Board, &Corners, [u8; 2], &mut Finder) -> bool;
    let kinds: [Finds; 5] = [type1, type2, type3, type4, hidden];
    for find in kinds {
        for (r, xy) in &pairs {
            if !find(board, r, *xy, f) {
                return;
            }
        }
    }
    bug_plus_one(board, f);
}

fn only_pair(board: &Board, c: usize, [x, y]: [u8; 2]) -> bool {
    board.candidates(c) == SymbolSet::single(x).with(y)
}

/// Type 1: three corners hold only x and y; the fourth loses both.
fn type1(board: &Board, r: &Corners, xy: [u8; 2], f: &mut Finder) -> bool {
    let extra: Vec<usize> = r
        .iter()
        .copied()
        .filter(|&c| !only_pair(board, c, xy))
        .collect();
    let [d] = extra[..] else { return true };
    let elims = xy.iter().map(|&v| Candidate::at(d, v)).collect();
    f.push(step(r, RectangleKind::Type1, xy, elims, Vec::new(), None))
}

/// The splits of the corners into a side holding only the pair (floor) and the other side
/// (roof) holding more in both cells.
fn floors(board: &Board, r: &Corners, xy: [u8; 2]) -> Vec<([usize; 2], [usize; 2])> {
    SPLITS
        .iter()
        .map(|s| ([r[s[0]], r[s[1]]], [r[s[2]], r[s[3]]]))
        .filter(|(fl, rf)| {
            fl.iter().all(|&c| only_pair(board, c, xy))
                && rf.iter().all(|&c| !only_pair(board, c, xy))
        })
        .collect()
}

/// Cells other than `skip` seeing every cell of `seen` and holding `v`.
fn seeing_all(board: &Board, seen: &[usize], v: u8) -> Vec<Candidate> {
    super::wings::common_targets(board, seen, v)
}

/// Type 2: the roof cells hold one extra symbol z, the same: one of them is z.
fn type2(board: &Board, r: &Corners, xy: [u8; 2], f: &mut Finder) -> bool {
    let pair = SymbolSet::single(xy[0]).with(xy[1]);
    for (_, roof) in floors(board, r, xy) {
        let extra = board
            .candidates(roof[0])
            .union(board.candidates(roof[1]))
            .minus(pair);
        let Some(z) = extra.single_value() else {
            continue;
        };
        let mut elims = seeing_all(board, &roof, z);
        elims.retain(|e| !r.contains(&e.cell_index()));
        if !f.push(step(r, RectangleKind::Type2, xy, elims, Vec::new(), None)) {
            return false;
        }
    }
    true
}

/// Type 3: the roof cells' extra symbols, as one cell, make a naked subset with one to three
/// other cells of a shape holding both roof cells.
fn type3(board: &Board, r: &Corners, xy: [u8; 2], f: &mut Finder) -> bool {
    let g = board.geometry();
    let pair = SymbolSet::single(xy[0]).with(xy[1]);
    for (_, roof) in floors(board, r, xy) {
        let extra = board
            .candidates(roof[0])
            .union(board.candidates(roof[1]))
            .minus(pair);
        if extra.len() < 2 {
            continue;
        }
        for &s in g.shapes_of(roof[0]) {
            let shape = g.shape(s as usize);
            if !shape.cells.contains(&roof[1]) {
                continue;
            }
            let others: Vec<usize> = shape
                .cells
                .iter()
                .copied()
                .filter(|&c| {
                    !roof.contains(&c)
                        && board.value(c).is_none()
                        && board.candidates(c).union(extra).len() <= 4
                })
                .collect();
            let mut chosen = Vec::new();
            if !subsets(
                board,
                r,
                xy,
                s as usize,
                &roof,
                extra,
                &others,
                0,
                &mut chosen,
                f,
            ) {
                return false;
            }
        }
    }
    true
}

/// Grows the type-3 subset from `others[from..]`; emits where the symbols number the cells
/// (the roof counting as one).
#[allow(clippy::too_many_arguments)]
fn subsets(
    board: &Board,
    r: &Corners,
    xy: [u8; 2],
    shape: usize,
    roof: &[usize; 2],
    symbols: SymbolSet,
    others: &[usize],
    from: usize,
    chosen: &mut Vec<usize>,
    f: &mut Finder,
) -> bool {
    if !chosen.is_empty() && symbols.len() as usize == chosen.len() + 1 {
        let g = board.geometry();
        let mut elims = Vec::new();
        for &c in &g.shape(shape).cells {
            if roof.contains(&c) || chosen.contains(&c) || board.value(c).is_some() {
                continue;
            }
            elims.extend(
                board
                    .candidates(c)
                    .intersect(symbols)
                    .iter()
                    .map(|v| Candidate::at(c, v)),
            );
        }
        return f.push(step(
            r,
            RectangleKind::Type3,
            xy,
            elims,
            chosen.iter().map(|&c| CellId::new(c)).collect(),
            Some(shape),
        ));
    }
    if chosen.len() == 3 {
        return true;
    }
    for i in from..others.len() {
        let s = symbols.union(board.candidates(others[i]));
        if s.len() > 4 {
            continue;
        }
        chosen.push(others[i]);
        let go = subsets(board, r, xy, shape, roof, s, others, i + 1, chosen, f);
        chosen.pop();
        if !go {
            return false;
        }
    }
    true
}

/// The shapes holding both cells where `v` has no other place.
fn locked(board: &Board, a: usize, b: usize, v: u8) -> Option<usize> {
    let g = board.geometry();
    g.shapes_of(a).iter().map(|&s| s as usize).find(|&s| {
        let cells = &g.shape(s).cells;
        cells.contains(&b)
            && cells.iter().all(|&c| {
                c == a || c == b || !board.candidates(c).contains(v) || board.value(c).is_some()
            })
    })
}

/// Type 4: x is locked into the roof cells in a shape, so they lose y.
fn type4(board: &Board, r: &Corners, xy: [u8; 2], f: &mut Finder) -> bool {
    for (_, roof) in floors(board, r, xy) {
        for (x, y) in [(xy[0], xy[1]), (xy[1], xy[0])] {
            let Some(h) = locked(board, roof[0], roof[1], x) else {
                continue;
            };
            let elims = roof.iter().map(|&c| Candidate::at(c, y)).collect();
            if !f.push(step(
                r,
                RectangleKind::Type4,
                [x, y],
                elims,
                Vec::new(),
                Some(h),
            )) {
                return false;
            }
        }
    }
    true
}

/// Hidden rectangle: a corner holds only x and y, and x is locked into both sides through the
/// opposite corner, which then loses y (were it y, its neighbours would be x, the first
/// corner y: the deadly pattern).
fn hidden(board: &Board, r: &Corners, xy: [u8; 2], f: &mut Finder) -> bool {
    // Corner i, its opposite and its two neighbours.
    const AROUND: [[usize; 4]; 4] = [[0, 3, 1, 2], [1, 2, 0, 3], [2, 1, 0, 3], [3, 0, 1, 2]];
    for [p, q, n1, n2] in AROUND {
        if !only_pair(board, r[p], xy) || only_pair(board, r[q], xy) {
            continue;
        }
        for (x, y) in [(xy[0], xy[1]), (xy[1], xy[0])] {
            if locked(board, r[q], r[n1], x).is_none() || locked(board, r[q], r[n2], x).is_none() {
                continue;
            }
            if !f.push(step(
                r,
                RectangleKind::Hidden,
                [x, y],
                vec![Candidate::at(r[q], y)],
                Vec::new(),
                None,
            )) {
                return false;
            }
        }
    }
    true
}

/// BUG+1: every empty cell bivalue but one with three candidates, and every symbol with two
/// places in every house but one symbol with three in that cell's houses.
fn bug_plus_one(board: &Board, f: &mut Finder) {
    let g = board.geometry();
    let t = board.tables();
    let all_houses =
        g.shapes().len() == t.houses.len() && g.shapes().iter().all(|s| s.rule == Rule::NoRepeat);
    if !all_houses {
        return;
    }
    let mut plus = None;
    for c in (0..g.cell_count()).filter(|&c| board.value(c).is_none()) {
        match board.candidates(c).len() {
            2 => {}
            3 if plus.is_none() => plus = Some(c),
            _ => return,
        }
    }
    let Some(cell) = plus else { return };
    let mut symbol = None;
    for &h in &t.houses {
        let has_cell = g.shape(h).cells.contains(&cell);
        for v in g.symbols().all().iter() {
            if board.has_placed(h, v) {
                continue;
            }
            match board.place_mask(h, v).count_ones() {
                2 => {}
                3 if has_cell && board.candidates(cell).contains(v) => {
                    if symbol.is_some_and(|s| s != v) {
                        return;
                    }
                    symbol = Some(v);
                }
                _ => return,
            }
        }
    }
    let Some(v) = symbol else { return };
    // Without v the cell's houses must be left with two places for it, as in a grave.
    let three = g
        .shapes_of(cell)
        .iter()
        .all(|&h| board.place_mask(h as usize, v).count_ones() == 3);
    if !three {
        return;
    }
    // Written as HoDoKu writes it: the cell loses its other candidates.
    let others = board.candidates(cell).without(v);
    f.push(Step::eliminating(
        others.iter().map(|o| Candidate::at(cell, o)).collect(),
        Deduction::BugPlusOne {
            cell: CellId::new(cell),
            symbol: Symbol::new(v as usize),
        },
    ));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Puzzle;
    use crate::reason::test_util::*;
    use crate::reason::{Technique, tests::x_sudoku};

    /// Rows 1 and 2, columns 1 and 4: boxes 1 and 2 hold a side each.
    fn corners(g: &crate::Geometry) -> [CellId; 4] {
        [
            cell_id(g, 1, 1),
            cell_id(g, 1, 4),
            cell_id(g, 2, 1),
            cell_id(g, 2, 4),
        ]
    }

    fn board(g: &std::sync::Arc<crate::Geometry>, cands: &[(u32, u32, &[u8])]) -> Board {
        let mut b = empty_board(g);
        for &(r, c, ds) in cands {
            b.set_candidates(cell(g, r, c), set(ds));
        }
        b.set_known_unique(true);
        b
    }

    fn steps(b: &Board, t: Technique) -> Vec<Step> {
        let mut f = Finder::new(100);
        find(b, &mut f);
        f.steps.into_iter().filter(|s| s.technique() == t).collect()
    }

    #[test]
    fn type_1_and_its_refusals() {
        let g = crate::builtin::geometry("classic").unwrap();
        let cands: &[(u32, u32, &[u8])] = &[
            (1, 1, &[4, 7]),
            (1, 4, &[4, 7]),
            (2, 1, &[4, 7]),
            (2, 4, &[4, 7, 9]),
        ];
        let mut b = board(&g, cands);
        let s = steps(&b, Technique::UniqueRectangle1);
        assert_eq!(s.len(), 1, "{s:?}");
        assert_eq!(s[0].eliminations, elims(&g, "r2c4<>4 r2c4<>7"));
        assert_eq!(
            s[0].deduction,
            Deduction::UniqueRectangle {
                kind: RectangleKind::Type1,
                cells: corners(&g),
                symbols: [symbol(4), symbol(7)],
                subset: Vec::new(),
                house: None,
            }
        );
        // Not known to be unique: nothing.
        b.set_known_unique(false);
        assert!(steps(&b, Technique::UniqueRectangle1).is_empty());
        // A diagonal through r1c1 alone breaks the swap.
        assert!(steps(&board(&x_sudoku(), cands), Technique::UniqueRectangle1).is_empty());
        // Four boxes (rows 1 and 4) break it too.
        let four: &[(u32, u32, &[u8])] = &[
            (1, 1, &[4, 7]),
            (1, 4, &[4, 7]),
            (4, 1, &[4, 7]),
            (4, 4, &[4, 7, 9]),
        ];
        assert!(steps(&board(&g, four), Technique::UniqueRectangle1).is_empty());
    }

    #[test]
    fn type_2() {
        let g = crate::builtin::geometry("classic").unwrap();
        let b = board(
            &g,
            &[
                (1, 1, &[4, 7]),
                (1, 4, &[4, 7]),
                (2, 1, &[4, 7, 9]),
                (2, 4, &[4, 7, 9]),
            ],
        );
        let s = steps(&b, Technique::UniqueRectangle2);
        assert_eq!(s.len(), 1, "{s:?}");
        assert_eq!(
            s[0].eliminations,
            elims(
                &g,
                "r2c2<>9 r2c3<>9 r2c5<>9 r2c6<>9 r2c7<>9 r2c8<>9 r2c9<>9"
            )
        );
    }

    #[test]
    fn type_3() {
        let g = crate::builtin::geometry("classic").unwrap();
        let b = board(
            &g,
            &[
                (1, 1, &[4, 7]),
                (1, 4, &[4, 7]),
                (2, 1, &[4, 7, 1]),
                (2, 4, &[4, 7, 2]),
                (2, 7, &[1, 2]),
            ],
        );
        let s = steps(&b, Technique::UniqueRectangle3);
        assert_eq!(s.len(), 1, "{s:?}");
        assert_eq!(
            s[0].eliminations,
            elims(
                &g,
                "r2c2<>1 r2c2<>2 r2c3<>1 r2c3<>2 r2c5<>1 r2c5<>2 r2c6<>1 r2c6<>2 \
                 r2c8<>1 r2c8<>2 r2c9<>1 r2c9<>2"
            )
        );
        let Deduction::UniqueRectangle { subset, house, .. } = &s[0].deduction else {
            panic!()
        };
        assert_eq!(subset, &[cell_id(&g, 2, 7)]);
        assert_eq!(*house, Some(shape_id(&g, "row 2")));
    }

    #[test]
    fn type_4_and_hidden() {
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = board(
            &g,
            &[
                (1, 1, &[4, 7]),
                (1, 4, &[4, 7]),
                (2, 1, &[4, 7, 1, 2]),
                (2, 4, &[4, 7, 1, 2]),
            ],
        );
        for c in [2, 3, 5, 6, 7, 8, 9] {
            b.eliminate(cell(&g, 2, c), sym(4));
        }
        let s = steps(&b, Technique::UniqueRectangle4);
        assert_eq!(s.len(), 1, "{s:?}");
        assert_eq!(s[0].eliminations, elims(&g, "r2c1<>7 r2c4<>7"));

        // Hidden: r1c1 holds only 4 and 7; 4 is locked into row 2 and column 4 through r2c4.
        let mut b = board(&g, &[(1, 1, &[4, 7])]);
        for c in [2, 3, 5, 6, 7, 8, 9] {
            b.eliminate(cell(&g, 2, c), sym(4));
        }
        for r in 3..=9 {
            b.eliminate(cell(&g, r, 4), sym(4));
        }
        let s = steps(&b, Technique::HiddenRectangle);
        assert_eq!(s.len(), 1, "{s:?}");
        assert_eq!(s[0].eliminations, elims(&g, "r2c4<>7"));
    }

    #[test]
    fn bug_plus_one() {
        // A grave but for r7c3 {3,6,9}, where 9 has three places in row 7, column 3 and box 7.
        let g = crate::builtin::geometry("classic").unwrap();
        let p = Puzzle::from_line(
            g.clone(),
            ".9.613.84...2571393.18492..9685714234379268151..384......192..8..943567151.768..2",
        )
        .unwrap();
        let mut b = Board::new(&p);
        b.set_known_unique(true);
        let s = steps(&b, Technique::BugPlusOne);
        assert_eq!(s.len(), 1, "{s:?}");
        assert_eq!(s[0].eliminations, elims(&g, "r7c3<>3 r7c3<>6"));
    }
}
