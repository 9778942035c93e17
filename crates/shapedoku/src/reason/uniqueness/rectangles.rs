//! Uniqueness: unique rectangles (types 1 to 6, hidden rectangle), avoidable rectangles (in
//! `avoidable`) and BUG+1 (in `bug`). They rest on the puzzle having one solution, so they
//! run only on a board marked [`Board::is_known_unique`].
//!
//! A rectangle is four empty cells a, b, c, d with sides a–b, c–d, a–c, b–d: every shape that
//! holds one of them holds exactly one side (two cells) and is a plain no-repeat shape, and
//! the geometry has no rules beyond shapes. Were the four to end up holding only x and y,
//! swapping x and y among them would keep every shape valid (each holds one x and one y of
//! them) and give a second solution. Rows, columns and boxes make the classic rectangle over
//! two rows, two columns and two boxes; a rectangle over four boxes, or one a diagonal or a
//! cage crosses, is refused, since a swap there breaks a shape.

use super::rectangle::{Corners, SIDE_PAIRS, cells_in, closing, step, symmetric};
use crate::CellId;
use crate::geometry::Rule;
use crate::reason::board::Board;
use crate::reason::finder::Finder;
use crate::reason::step::{Candidate, RectangleKind};
use crate::symbols::SymbolSet;

/// Bivalue empty cells.
fn bivalue(board: &Board) -> Vec<usize> {
    (0..board.geometry().cell_count())
        .filter(|&c| board.value(c).is_none() && board.candidates(c).len() == 2)
        .collect()
}

/// Whether an empty cell holds x or y (a corner that holds neither cannot be in a pattern).
fn touches(board: &Board, c: usize, pair: SymbolSet) -> bool {
    board.value(c).is_none() && !board.candidates(c).intersect(pair).is_empty()
}

/// Rectangles with a floor: corners [p, n1, n2, q] where p and n1 (a side, p < n1) hold only
/// the pair, and the roof n2 (beside p), q (beside n1) holds x or y in each cell.
fn floored(board: &Board, cells: &[usize]) -> Vec<(Corners, [u8; 2])> {
    let g = board.geometry();
    let mut out = Vec::new();
    // The peers of p holding x or y, in peer order: the roof cells, found once per p rather
    // than once per floor.
    let mut roofs: Vec<usize> = Vec::new();
    for &p in cells {
        let pair = board.candidates(p);
        let xy = [pair.first().unwrap_or(0), pair.iter().last().unwrap_or(0)];
        roofs.clear();
        for &n1 in g.peers(p) {
            let n1 = n1 as usize;
            if n1 < p || board.value(n1).is_some() || board.candidates(n1) != pair {
                continue;
            }
            if roofs.is_empty() {
                roofs.extend(
                    g.peers(p)
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| touches(board, c, pair)),
                );
            }
            for &n2 in &roofs {
                if n2 == n1 || board.sees(n1, n2) {
                    continue;
                }
                for q in closing(board, p, n1, n2) {
                    let r = [p, n1, n2, q];
                    if touches(board, q, pair) && symmetric(board, &r) {
                        out.push((r, xy));
                    }
                }
            }
        }
    }
    out
}

/// Rectangles for types 5 and 6, each once: corners [p, n1, n2, q] as in [`floored`], p
/// holding only the pair and every corner empty and holding x or y. A corner that lost x or y
/// still makes the pattern if it ends up the other one: a solution with every corner x or y
/// has a twin, whatever the candidates say. Only the rectangles the types can use are built:
/// n1 and n2 with one same extra symbol and q with no other (type 5), or q holding only the
/// pair too (type 6).
fn anchored(board: &Board, cells: &[usize]) -> Vec<(Corners, [u8; 2])> {
    let g = board.geometry();
    let mut out: Vec<(Corners, [u8; 2])> = Vec::new();
    let mut seen: Vec<[usize; 4]> = Vec::new();
    let mut add = |r: Corners, xy: [u8; 2], out: &mut Vec<(Corners, [u8; 2])>| {
        let mut key = r;
        key.sort_unstable();
        if !seen.contains(&key) && symmetric(board, &r) {
            seen.push(key);
            out.push((r, xy));
        }
    };
    for &p in cells {
        let pair = board.candidates(p);
        let xy = [pair.first().unwrap_or(0), pair.iter().last().unwrap_or(0)];
        let extra = |c: usize| board.candidates(c).minus(pair);
        let holds = |c: usize| touches(board, c, pair);
        for &n1 in g.peers(p) {
            let n1 = n1 as usize;
            if !holds(n1) || extra(n1).len() != 1 {
                continue;
            }
            for &n2 in g.peers(p) {
                let n2 = n2 as usize;
                if n2 <= n1 || !holds(n2) || extra(n2) != extra(n1) || board.sees(n1, n2) {
                    continue;
                }
                for q in closing(board, p, n1, n2) {
                    if holds(q) && extra(q).minus(extra(n1)).is_empty() {
                        add([p, n1, n2, q], xy, &mut out);
                    }
                }
            }
        }
        for &q in cells {
            if q <= p || board.candidates(q) != pair || board.sees(p, q) {
                continue;
            }
            let common: Vec<usize> = g
                .peers(p)
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| board.sees(c, q) && holds(c))
                .collect();
            for (i, &n1) in common.iter().enumerate() {
                for &n2 in &common[i + 1..] {
                    if !board.sees(n1, n2) {
                        add([p, n1, n2, q], xy, &mut out);
                    }
                }
            }
        }
    }
    out
}

/// The corners (by index) holding more than the pair, as bits.
fn with_extras(board: &Board, r: &Corners, pair: SymbolSet) -> u8 {
    (0..4)
        .filter(|&i| !board.candidates(r[i]).minus(pair).is_empty())
        .fold(0, |m, i| m | 1 << i)
}

/// Opposite corners: a–d and b–c.
const DIAGONALS: [u8; 2] = [0b1001, 0b0110];

/// Type 5: two opposite corners, or three, hold more than the pair, all of it one extra
/// symbol z: one of them is z (else the pattern), so cells seeing all of them lose it.
fn type5(board: &Board, r: &Corners, xy: [u8; 2], f: &mut Finder) -> bool {
    let pair = SymbolSet::single(xy[0]).with(xy[1]);
    let extras = with_extras(board, r, pair);
    if !(extras.count_ones() >= 3 || DIAGONALS.contains(&extras)) {
        return true;
    }
    let cells: Vec<usize> = (0..4)
        .filter(|&i| extras >> i & 1 == 1)
        .map(|i| r[i])
        .collect();
    let extra = cells
        .iter()
        .fold(SymbolSet::EMPTY, |u, &c| u.union(board.candidates(c)))
        .minus(pair);
    let Some(z) = extra.single_value() else {
        return true;
    };
    let mut elims = seeing_all(board, &cells, z);
    elims.retain(|e| !r.contains(&e.cell_index()));
    f.push(step(r, RectangleKind::Type5, xy, elims, Vec::new(), None))
}

/// Type 6: two opposite corners hold only the pair. Were one of the other two x, the
/// bivalue corners (each seeing it) would be y, so the last corner, seeing both, could not be
/// y; a strong link on x along a side through it makes it x: the pattern. So a corner with
/// more loses x when a side through the opposite one is a strong link on x.
fn type6(board: &Board, r: &Corners, xy: [u8; 2], f: &mut Finder) -> bool {
    let pair = SymbolSet::single(xy[0]).with(xy[1]);
    let extras = with_extras(board, r, pair);
    if !DIAGONALS.contains(&extras) {
        return true;
    }
    let (e1, e2) = if extras == DIAGONALS[0] {
        (0, 3)
    } else {
        (1, 2)
    };
    for (x, y) in [(xy[0], xy[1]), (xy[1], xy[0])] {
        let strong_through = |i: usize| {
            SIDE_PAIRS
                .iter()
                .filter(|&&(u, v)| u == i || v == i)
                .any(|&(u, v)| locked(board, r[u], r[v], x).is_some())
        };
        let elims: Vec<Candidate> = [(e1, e2), (e2, e1)]
            .iter()
            .filter(|&&(e, other)| board.candidates(r[e]).contains(x) && strong_through(other))
            .map(|&(e, _)| Candidate::at(r[e], x))
            .collect();
        if !f.push(step(
            r,
            RectangleKind::Type6,
            [x, y],
            elims,
            Vec::new(),
            None,
        )) {
            return false;
        }
    }
    true
}

/// Hidden rectangles: corners [p, n1, n2, q] where p holds only {x, y} and x has only two
/// places, q and n1, in a house, and q and n2 in another (n1 < n2); with the symbols [x, y].
fn hidden_rectangles(board: &Board, cells: &[usize]) -> Vec<(Corners, [u8; 2])> {
    let g = board.geometry();
    let mut out = Vec::new();
    if cells.is_empty() {
        return out;
    }
    let links = &Links::new(board);
    let (t, w) = (board.tables(), links.words);
    for &p in cells {
        let pair = board.candidates(p);
        for x in pair.iter() {
            let y = pair.without(x).first().unwrap_or(x);
            // The other end of every strong link on x, from a cell.
            let ends = |c: usize| {
                g.shapes_of(c)
                    .iter()
                    .filter_map(move |&s| links.end(s as usize, c, x))
            };
            // The peers of p (in peer order, as the geometry lists them sorted) with a strong
            // link on x: any other has no end to follow.
            let linked = &links.linked[x as usize * w..][..w];
            let peers = &t.peer_bits[p * w..][..w];
            for n1 in cells_in(w, |i| peers[i] & linked[i]) {
                for q in ends(n1) {
                    if q == p || board.sees(p, q) || !board.candidates(q).contains(y) {
                        continue;
                    }
                    for n2 in ends(q) {
                        if n2 <= n1 || !board.sees(p, n2) || board.sees(n1, n2) {
                            continue;
                        }
                        let r = [p, n1, n2, q];
                        if symmetric(board, &r) {
                            out.push((r, [x, y]));
                        }
                    }
                }
            }
        }
    }
    out
}

/// Every house's places for every symbol, up to two, found once per search: [`strong_end`]
/// as a table lookup, for the hidden rectangles' inner loops.
struct Links {
    n: usize,
    /// Per shape and symbol: how many places (3 for more, or placed, or not a house), and the
    /// first two.
    places: Vec<(u8, u32, u32)>,
    /// Words per cell bitset.
    words: usize,
    /// Per symbol, the cells that are one of two places left in a house: those where
    /// [`Links::end`] finds an end for a cell holding the symbol.
    linked: Vec<u64>,
}

impl Links {
    fn new(board: &Board) -> Links {
        let g = board.geometry();
        let n = g.symbol_count();
        let mut places = vec![(3u8, 0u32, 0u32); g.shapes().len() * n];
        let words = g.cell_count().div_ceil(64);
        let mut linked = vec![0u64; n * words];
        for (s, shape) in g.shapes().iter().enumerate() {
            if shape.rule != Rule::NoRepeat || shape.cells.len() != n {
                continue;
            }
            let row = &mut places[s * n..(s + 1) * n];
            row.iter_mut().for_each(|e| *e = (0, 0, 0));
            for &k in &shape.cells {
                if let Some(v) = board.value(k) {
                    row[v as usize].0 = 3;
                    continue;
                }
                for v in board.candidates(k).iter() {
                    let e = &mut row[v as usize];
                    match e.0 {
                        0 => *e = (1, k as u32, 0),
                        1 => *e = (2, e.1, k as u32),
                        _ => e.0 = 3,
                    }
                }
            }
            for (v, &(count, a, b)) in row.iter().enumerate() {
                if count == 2 {
                    for c in [a as usize, b as usize] {
                        linked[v * words + c / 64] |= 1 << (c % 64);
                    }
                }
            }
        }
        Links {
            n,
            places,
            words,
            linked,
        }
    }

    /// [`strong_end`]`(board, s, c, v)`.
    fn end(&self, s: usize, c: usize, v: u8) -> Option<usize> {
        let (count, a, b) = self.places[s * self.n + v as usize];
        let (a, b) = (a as usize, b as usize);
        match count {
            1 if a != c => Some(a),
            2 if a == c => Some(b),
            2 if b == c => Some(a),
            _ => None,
        }
    }
}

/// In house `s` (a no-repeat shape holding every symbol) where `v` has exactly two places,
/// one of them `c`: the other.
fn strong_end(board: &Board, s: usize, c: usize, v: u8) -> Option<usize> {
    let g = board.geometry();
    let shape = g.shape(s);
    if shape.rule != Rule::NoRepeat || shape.cells.len() != g.symbol_count() {
        return None;
    }
    let mut other = None;
    for &k in &shape.cells {
        if board.value(k) == Some(v) {
            return None;
        }
        if k != c && board.value(k).is_none() && board.candidates(k).contains(v) {
            if other.is_some() {
                return None;
            }
            other = Some(k);
        }
    }
    other
}

/// Unique rectangles of every type and BUG+1, type by type (type 1 first). Nothing on a
/// board not known to be unique or on a geometry with rules beyond shapes.
pub(crate) fn find(board: &Board, f: &mut Finder) {
    if !board.is_known_unique() || !board.geometry().constraints().is_empty() {
        return;
    }
    let cells = bivalue(board);
    let rects = floored(board, &cells);
    type Finds = fn(&Board, &Corners, [u8; 2], &mut Finder) -> bool;
    let kinds: [Finds; 3] = [type2, type3, type4];
    // A type-1 rectangle has two floors: it is reported once.
    let mut seen: Vec<[usize; 4]> = Vec::new();
    for (r, xy) in &rects {
        let mut key = *r;
        key.sort_unstable();
        if seen.contains(&key) {
            continue;
        }
        let before = f.steps.len();
        if !type1(board, r, *xy, f) {
            return;
        }
        if f.steps.len() > before {
            seen.push(key);
        }
    }
    for find in kinds {
        for (r, xy) in &rects {
            if !find(board, r, *xy, f) {
                return;
            }
        }
    }
    let anchored = anchored(board, &cells);
    for find in [type5 as Finds, type6] {
        for (r, xy) in &anchored {
            if !find(board, r, *xy, f) {
                return;
            }
        }
    }
    for (r, xy) in hidden_rectangles(board, &cells) {
        if !hidden(board, &r, xy, f) {
            return;
        }
    }
    if !super::avoidable::find(board, f) {
        return;
    }
    super::bug::find(board, f);
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
    let elims = xy
        .iter()
        .filter(|&&v| board.candidates(d).contains(v))
        .map(|&v| Candidate::at(d, v))
        .collect();
    f.push(step(r, RectangleKind::Type1, xy, elims, Vec::new(), None))
}

/// The roof (the side opposite the floor) when both its cells hold more than the pair.
fn roofs(board: &Board, r: &Corners, xy: [u8; 2]) -> Option<[usize; 2]> {
    let pair = SymbolSet::single(xy[0]).with(xy[1]);
    let roof = [r[2], r[3]];
    roof.iter()
        .all(|&c| !board.candidates(c).minus(pair).is_empty())
        .then_some(roof)
}

/// Cells other than `skip` seeing every cell of `seen` and holding `v`.
fn seeing_all(board: &Board, seen: &[usize], v: u8) -> Vec<Candidate> {
    crate::reason::wings::xy::common_targets(board, seen, v)
}

/// Type 2: the roof cells hold one extra symbol z, the same: one of them is z.
fn type2(board: &Board, r: &Corners, xy: [u8; 2], f: &mut Finder) -> bool {
    let pair = SymbolSet::single(xy[0]).with(xy[1]);
    let Some(roof) = roofs(board, r, xy) else {
        return true;
    };
    {
        let extra = board
            .candidates(roof[0])
            .union(board.candidates(roof[1]))
            .minus(pair);
        let Some(z) = extra.single_value() else {
            return true;
        };
        if !roof.iter().all(|&c| board.candidates(c).contains(z)) {
            return true;
        }
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
    let Some(roof) = roofs(board, r, xy) else {
        return true;
    };
    {
        let extra = board
            .candidates(roof[0])
            .union(board.candidates(roof[1]))
            .minus(pair);
        if extra.len() < 2 {
            return true;
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
        // Every shape holding the roof and the subset's cells loses the symbols (a subset in a
        // box and a line clears both), each cell once.
        let g = board.geometry();
        let mut cells: Vec<usize> = g
            .shapes_of(roof[0])
            .iter()
            .map(|&t| &g.shape(t as usize).cells)
            .filter(|cs| cs.contains(&roof[1]) && chosen.iter().all(|c| cs.contains(c)))
            .flatten()
            .copied()
            .collect();
        cells.sort_unstable();
        cells.dedup();
        let mut elims = Vec::new();
        for c in cells {
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

/// A house holding both cells where `v` has no other place.
fn locked(board: &Board, a: usize, b: usize, v: u8) -> Option<usize> {
    let g = board.geometry();
    g.shapes_of(a)
        .iter()
        .map(|&s| s as usize)
        .find(|&s| g.shape(s).cells.contains(&b) && strong_end(board, s, a, v) == Some(b))
}

/// Type 4: x is locked into the roof cells in a shape, so they lose y.
fn type4(board: &Board, r: &Corners, xy: [u8; 2], f: &mut Finder) -> bool {
    let Some(roof) = roofs(board, r, xy) else {
        return true;
    };
    {
        for (x, y) in [(xy[0], xy[1]), (xy[1], xy[0])] {
            let Some(h) = locked(board, roof[0], roof[1], x) else {
                continue;
            };
            let elims = roof
                .iter()
                .filter(|&&c| board.candidates(c).contains(y))
                .map(|&c| Candidate::at(c, y))
                .collect();
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

/// Hidden rectangle (found by [`hidden_rectangles`], corners [p, n1, n2, q], symbols [x, y]):
/// were q y, the strong links would make n1 and n2 x, so p y: the deadly pattern. q loses y.
fn hidden(_board: &Board, r: &Corners, xy: [u8; 2], f: &mut Finder) -> bool {
    f.push(step(
        r,
        RectangleKind::Hidden,
        xy,
        vec![Candidate::at(r[3], xy[1])],
        Vec::new(),
        None,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::catalogue::Technique;
    use crate::reason::step::{Deduction, Step};
    use crate::reason::test_util::*;
    use crate::reason::tests::x_sudoku;

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
    fn type_5_on_a_diagonal() {
        let g = crate::builtin::geometry("classic").unwrap();
        // r1c1 and r2c4 hold 4, 7 and 9: one of them is 9, so the cells seeing both (r1c5,
        // r1c6, r2c2 and r2c3) lose 9.
        let b = board(
            &g,
            &[
                (1, 1, &[4, 7, 9]),
                (1, 4, &[4, 7]),
                (2, 1, &[4, 7]),
                (2, 4, &[4, 7, 9]),
            ],
        );
        let s = steps(&b, Technique::UniqueRectangle5);
        assert_eq!(s.len(), 1, "{s:?}");
        assert_eq!(
            s[0].eliminations,
            elims(&g, "r1c5<>9 r1c6<>9 r2c2<>9 r2c3<>9")
        );
    }

    #[test]
    fn type_6() {
        let g = crate::builtin::geometry("classic").unwrap();
        // r1c4 and r2c1 hold only 4 and 7; 4 has no place in rows 1, 2 and columns 1, 4 but
        // the corners: were r1c1 4, r2c4 would be 4 too, the pattern. Both lose 4.
        let mut b = board(
            &g,
            &[
                (1, 1, &[4, 7, 1]),
                (1, 4, &[4, 7]),
                (2, 1, &[4, 7]),
                (2, 4, &[4, 7, 2]),
            ],
        );
        for k in [2, 3, 5, 6, 7, 8, 9] {
            b.eliminate(cell(&g, 1, k), sym(4));
            b.eliminate(cell(&g, 2, k), sym(4));
        }
        for k in 3..=9 {
            b.eliminate(cell(&g, k, 1), sym(4));
            b.eliminate(cell(&g, k, 4), sym(4));
        }
        let s = steps(&b, Technique::UniqueRectangle6);
        assert_eq!(s.len(), 1, "{s:?}");
        assert_eq!(s[0].eliminations, elims(&g, "r1c1<>4 r2c4<>4"));
        assert_eq!(
            s[0].deduction,
            Deduction::UniqueRectangle {
                kind: RectangleKind::Type6,
                cells: [
                    cell_id(&g, 1, 4),
                    cell_id(&g, 1, 1),
                    cell_id(&g, 2, 4),
                    cell_id(&g, 2, 1)
                ],
                symbols: [symbol(4), symbol(7)],
                subset: Vec::new(),
                house: None,
            }
        );
        let text = crate::reason::explain::text(&g, &s[0]);
        assert!(
            text.contains("r1c4 and r2c1 hold only 4 and 7, and a side through each of r1c1 and r2c4 has no other place for 4"),
            "{text}"
        );
    }

    #[test]
    fn type_6_with_one_link() {
        let g = crate::builtin::geometry("classic").unwrap();
        // As above, but 4 is locked into the rectangle in row 2 alone: the link r2c1-r2c4 goes
        // through r2c4, so only the corner opposite it, r1c1, loses 4 (were r1c1 4, r1c4 and
        // r2c1 would be 7 and the link would make r2c4 4). Nothing goes through r1c1, so r2c4
        // keeps its 4; the words must say so.
        let mut b = board(
            &g,
            &[
                (1, 1, &[4, 7, 1]),
                (1, 4, &[4, 7]),
                (2, 1, &[4, 7]),
                (2, 4, &[4, 7, 2]),
            ],
        );
        for k in [2, 3, 5, 6, 7, 8, 9] {
            b.eliminate(cell(&g, 2, k), sym(4));
        }
        let s = steps(&b, Technique::UniqueRectangle6);
        assert_eq!(s.len(), 1, "{s:?}");
        assert_eq!(s[0].eliminations, elims(&g, "r1c1<>4"));
        let text = crate::reason::explain::text(&g, &s[0]);
        assert!(
            text.ends_with("r1c4 and r2c1 hold only 4 and 7, and a side through r2c4 has no other place for 4: were r1c1 4, r1c4 and r2c1 (which see it) would be 7 and r2c4 (which sees both) 4, the pattern, so r1c1 is not 4"),
            "{text}"
        );
        let why = crate::reason::explain::teach(&g, &s[0]);
        assert!(
            why.contains("and a side through r2c4 has no other place for 4"),
            "{why}"
        );
    }
}
