//! Avoidable rectangles: unique rectangles whose corners are partly solved already. A value
//! placed while solving (not a given) could as well be swapped as a candidate could: were the
//! four corners of a rectangle ([`super::rectangle`]'s, with its geometry guard) to end up as
//! x, y on one diagonal each and none of them is a given, swapping x and y would give a second
//! solution. So on a puzzle known to be unique:
//!
//! - type 1: three corners are solved, x on the one opposite the empty corner and y on the
//!   other two: the empty corner is not x;
//! - type 2: two corners of a side are solved, x and y; each of the two empty corners holds the
//!   value that would complete the pattern and one same extra symbol z, and nothing else: one
//!   of them is z, so cells seeing both lose z.
//!
//! A board made from a candidate grid counts every placed value as a given, so it finds none.

use super::rectangle::{Corners, closing, step, symmetric};
use crate::reason::board::Board;
use crate::reason::finder::Finder;
use crate::reason::step::{Candidate, RectangleKind};

/// The value a corner would hold in the pattern: that of a solved corner on its diagonal (a–d
/// and b–c are the diagonals of corners [a, b, c, d]).
fn diagonal_value(board: &Board, r: &Corners, i: usize) -> Option<u8> {
    board.value(r[i]).or_else(|| board.value(r[3 - i]))
}

/// Avoidable rectangles of type 1, then type 2; false when the finder is full.
pub(super) fn find(board: &Board, f: &mut Finder) -> bool {
    let rects = rectangles(board);
    for r in &rects {
        if !type1(board, r, f) {
            return false;
        }
    }
    for r in &rects {
        if !type2(board, r, f) {
            return false;
        }
    }
    true
}

/// Rectangles [s1, s2, n, q] with a side s1–s2 solved (not given) with two values, at least
/// one empty corner, every corner empty or solved but not given, and the values along each
/// diagonal able to match; each rectangle once. Every avoidable rectangle of either type has
/// such a side.
fn rectangles(board: &Board) -> Vec<Corners> {
    let g = board.geometry();
    let free = |c: usize| !board.is_given(c) && board.value(c).is_some();
    // Empty and holding v, or solved with v (not given).
    let can_be = |c: usize, v: u8| match board.value(c) {
        None => board.candidates(c).contains(v),
        Some(w) => w == v && !board.is_given(c),
    };
    let mut out: Vec<Corners> = Vec::new();
    for s1 in (0..g.cell_count()).filter(|&c| free(c)) {
        let v1 = board.value(s1).unwrap_or(0);
        for &s2 in g.peers(s1) {
            let s2 = s2 as usize;
            let Some(v2) = board.value(s2) else { continue };
            if s2 <= s1 || v2 == v1 || board.is_given(s2) {
                continue;
            }
            for &n in g.peers(s1) {
                let n = n as usize;
                if n == s2 || !can_be(n, v2) || board.sees(n, s2) {
                    continue;
                }
                for q in closing(board, s1, s2, n) {
                    let r = [s1, s2, n, q];
                    let empty = board.value(n).is_none() || board.value(q).is_none();
                    if empty && can_be(q, v1) && fits(board, &r) && symmetric(board, &r) {
                        let mut key = r;
                        key.sort_unstable();
                        if !out.iter().any(|o| {
                            let mut k = *o;
                            k.sort_unstable();
                            k == key
                        }) {
                            out.push(r);
                        }
                    }
                }
            }
        }
    }
    out
}

/// Whether the solved corners could be half of a deadly pattern: two or three of them, one
/// value per diagonal, the two different, and every empty corner still holding its diagonal's.
fn fits(board: &Board, r: &Corners) -> bool {
    let solved = r.iter().filter(|&&c| board.value(c).is_some()).count();
    if !(2..=3).contains(&solved) {
        return false;
    }
    let mut vals = [None; 2];
    for (d, val) in vals.iter_mut().enumerate() {
        let (a, b) = (board.value(r[d]), board.value(r[3 - d]));
        if a.is_some() && b.is_some() && a != b {
            return false;
        }
        *val = a.or(b);
    }
    let [Some(x), Some(y)] = vals else {
        return false;
    };
    x != y
        && (0..4).all(|i| {
            board.value(r[i]).is_some()
                || diagonal_value(board, r, i).is_some_and(|v| board.candidates(r[i]).contains(v))
        })
}

/// Type 1: the one empty corner loses the value of the corner opposite it.
fn type1(board: &Board, r: &Corners, f: &mut Finder) -> bool {
    let empty: Vec<usize> = (0..4).filter(|&i| board.value(r[i]).is_none()).collect();
    let [i] = empty[..] else { return true };
    // A corner beside the empty one (not on its diagonal) holds y.
    let beside = if i == 0 || i == 3 { 1 } else { 0 };
    let (Some(x), Some(y)) = (diagonal_value(board, r, i), board.value(r[beside])) else {
        return true;
    };
    f.push(step(
        r,
        RectangleKind::Avoidable1,
        [x, y],
        vec![Candidate::at(r[i], x)],
        Vec::new(),
        None,
    ))
}

/// Type 2: the two empty corners (a side) hold their pattern values and one same extra z.
fn type2(board: &Board, r: &Corners, f: &mut Finder) -> bool {
    let empty: Vec<usize> = (0..4).filter(|&i| board.value(r[i]).is_none()).collect();
    let [i, j] = empty[..] else { return true };
    if i + j == 3 {
        return true;
    }
    let (Some(vi), Some(vj)) = (diagonal_value(board, r, i), diagonal_value(board, r, j)) else {
        return true;
    };
    let extra_i = board.candidates(r[i]).without(vi);
    let extra_j = board.candidates(r[j]).without(vj);
    let Some(z) = extra_i.union(extra_j).single_value() else {
        return true;
    };
    if !(extra_i.contains(z) && extra_j.contains(z)) {
        return true;
    }
    let mut elims = crate::reason::wings::xy::common_targets(board, &[r[i], r[j]], z);
    elims.retain(|e| !r.contains(&e.cell_index()));
    f.push(step(
        r,
        RectangleKind::Avoidable2,
        [vi, vj],
        elims,
        Vec::new(),
        None,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::catalogue::Technique;
    use crate::reason::step::Deduction;
    use crate::reason::test_util::*;
    use crate::{Puzzle, builtin};

    fn steps(b: &Board, t: Technique) -> Vec<crate::reason::step::Step> {
        let mut f = Finder::new(100);
        find(b, &mut f);
        f.steps.into_iter().filter(|s| s.technique() == t).collect()
    }

    #[test]
    fn type_1_needs_placed_values_not_givens() {
        let g = builtin::geometry("classic").unwrap();
        let p = Puzzle::empty(g.clone());
        let mut b = Board::new(&p);
        b.set_known_unique(true);
        // r1c1 = 5, r1c4 = 6, r2c1 = 6 placed while solving: r2c4 is not 5.
        b.place(cell(&g, 1, 1), sym(5));
        b.place(cell(&g, 1, 4), sym(6));
        b.place(cell(&g, 2, 1), sym(6));
        let s = steps(&b, Technique::AvoidableRectangle1);
        assert_eq!(s.len(), 1, "{s:?}");
        assert_eq!(s[0].eliminations, elims(&g, "r2c4<>5"));
        assert_eq!(
            s[0].deduction,
            Deduction::UniqueRectangle {
                kind: RectangleKind::Avoidable1,
                cells: [
                    cell_id(&g, 1, 1),
                    cell_id(&g, 1, 4),
                    cell_id(&g, 2, 1),
                    cell_id(&g, 2, 4)
                ],
                symbols: [symbol(5), symbol(6)],
                subset: Vec::new(),
                house: None,
            }
        );
        // The same values as givens: nothing.
        let mut line = ".".repeat(81).into_bytes();
        for (r, c, d) in [(1, 1, b'5'), (1, 4, b'6'), (2, 1, b'6')] {
            line[(r - 1) * 9 + c - 1] = d;
        }
        let p = Puzzle::from_line(g.clone(), std::str::from_utf8(&line).unwrap()).unwrap();
        let mut b = Board::new(&p);
        b.set_known_unique(true);
        assert!(steps(&b, Technique::AvoidableRectangle1).is_empty());
    }

    #[test]
    fn type_2() {
        let g = builtin::geometry("classic").unwrap();
        let mut b = Board::new(&Puzzle::empty(g.clone()));
        b.set_known_unique(true);
        // r1c1 = 5 and r1c4 = 6 placed; r3c1 {6,9} and r3c4 {5,9}: one is 9.
        b.place(cell(&g, 1, 1), sym(5));
        b.place(cell(&g, 1, 4), sym(6));
        b.set_candidates(cell(&g, 3, 1), set(&[6, 9]));
        b.set_candidates(cell(&g, 3, 4), set(&[5, 9]));
        let s = steps(&b, Technique::AvoidableRectangle2);
        assert_eq!(s.len(), 1, "{s:?}");
        assert_eq!(
            s[0].eliminations,
            elims(
                &g,
                "r3c2<>9 r3c3<>9 r3c5<>9 r3c6<>9 r3c7<>9 r3c8<>9 r3c9<>9"
            )
        );
    }
}
