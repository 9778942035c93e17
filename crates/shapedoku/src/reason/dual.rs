//! Duals: two instances of a single-symbol pattern that share their core, so one look finds
//! both, reported as one step with both eliminations (as HoDoKu does):
//!
//! - dual 2-string kite: two kites on one symbol joined in one box through the same two
//!   cells, each the row end of one kite and the column end of the other;
//! - dual empty rectangle: two empty rectangles on one symbol in one box with the same strong
//!   link.
//!
//! The searches wrap the plain ones (`chains::find_simple`, `empty_rectangle::find`) and pair
//! their steps, so every geometry where those hold has its duals too. The dual goes just
//! before its first instance, so the solver takes it where it would have taken that instance.

use super::{Board, Candidate, Deduction, Finder, SimpleChainKind, Step, chains, empty_rectangle};
use crate::{ShapeKind, Symbol};

/// Every step of `find`, to the end (the caller's budget still applies).
pub(crate) fn all_of(board: &Board, f: &mut Finder, find: super::FindFn) -> Vec<Step> {
    let mut inner = Finder::within(usize::MAX, f.budget());
    find(board, &mut inner);
    if let Some(why) = inner.stopped() {
        f.stop(why);
    }
    inner.steps
}

/// The simple chains, with every dual 2-string kite just before the first step that makes
/// one of its kites' eliminations (the chain search gives one chain per elimination, maybe
/// not the kite, so the duals are found here on their own).
pub(crate) fn find_simple_chains(board: &Board, f: &mut Finder) {
    let steps = all_of(board, f, chains::find_simple);
    // Each kite of a dual removes something, so some chain does: without one, no dual.
    if steps.is_empty() {
        return;
    }
    let mut duals: Vec<Option<(Step, [Vec<Candidate>; 2])>> =
        kite_duals(board).into_iter().map(Some).collect();
    for step in steps {
        for d in duals.iter_mut() {
            if d.as_ref()
                .is_some_and(|(_, e)| e.contains(&step.eliminations))
            {
                let (dual, _) = d.take().expect("checked");
                if !f.push(dual) {
                    return;
                }
            }
        }
        if !f.push(step) {
            return;
        }
    }
    for (dual, _) in duals.into_iter().flatten() {
        if !f.push(dual) {
            return;
        }
    }
}

/// The line of `kind` through `cell`, if it is a house.
fn line_through(board: &Board, cell: usize, kind: ShapeKind) -> Option<usize> {
    let g = board.geometry();
    g.shapes_of(cell)
        .iter()
        .map(|&s| s as usize)
        .find(|&s| g.shape(s).kind == kind && board.tables().houses.contains(&s))
}

/// The other place of `x` in `house` when `cell` is one of exactly two.
fn partner(board: &Board, house: usize, x: u8, cell: usize) -> Option<usize> {
    let m = board.place_mask(house, x);
    if m.count_ones() != 2 || board.has_placed(house, x) {
        return None;
    }
    let cs = &board.geometry().shape(house).cells;
    let (a, b) = (
        cs[m.trailing_zeros() as usize],
        cs[63 - m.leading_zeros() as usize],
    );
    (a == cell || b == cell).then_some(if a == cell { b } else { a })
}

/// The kite `a = b - c = d` on `x`: a strong link in the line of `k1` through b, the box link
/// b–c, and a strong link in the line of `k2` through c; with its eliminations (cells seeing
/// both ends), if it is a 2-string kite that removes something.
fn kite(
    board: &Board,
    x: u8,
    [b, c]: [usize; 2],
    [k1, k2]: [ShapeKind; 2],
) -> Option<(Vec<Candidate>, Deduction)> {
    let g = board.geometry();
    let a = partner(board, line_through(board, b, k1)?, x, b)?;
    let d = partner(board, line_through(board, c, k2)?, x, c)?;
    let nodes = [a, b, c, d].map(|n| Candidate::at(n, x));
    if a == c || d == b || SimpleChainKind::of(g, &nodes) != SimpleChainKind::TwoStringKite {
        return None;
    }
    let elims: Vec<Candidate> = (0..g.cell_count())
        .filter(|&t| {
            t != a
                && t != d
                && board.value(t).is_none()
                && board.candidates(t).contains(x)
                && board.sees(t, a)
                && board.sees(t, d)
        })
        .map(|t| Candidate::at(t, x))
        .collect();
    (!elims.is_empty()).then(|| {
        let kind = SimpleChainKind::TwoStringKite;
        let nodes = nodes.to_vec();
        (elims, Deduction::SimpleChain { kind, nodes })
    })
}

/// Every dual 2-string kite: two places b and c of a symbol in a box, on no common line, each
/// with a strong link in its row and in its column, leaving the box: the kites row(b) – box –
/// column(c) and row(c) – box – column(b) both remove something (and not the same). With each
/// kite's eliminations.
fn kite_duals(board: &Board) -> Vec<(Step, [Vec<Candidate>; 2])> {
    let g = board.geometry();
    let (row, col) = (ShapeKind::Row, ShapeKind::Column);
    let mut out = Vec::new();
    for &bx in &board.tables().houses {
        if g.shape(bx).kind != ShapeKind::Box {
            continue;
        }
        for x in 0..g.symbol_count() as u8 {
            let m = board.place_mask(bx, x);
            if m.count_ones() < 2 || board.has_placed(bx, x) {
                continue;
            }
            let cells = &g.shape(bx).cells;
            let places: Vec<usize> = (0..64)
                .filter(|i| m >> i & 1 == 1)
                .map(|i| cells[i])
                .collect();
            for (i, &b) in places.iter().enumerate() {
                for &c in &places[i + 1..] {
                    let one = kite(board, x, [b, c], [row, col]);
                    let two = one
                        .as_ref()
                        .and_then(|_| kite(board, x, [c, b], [row, col]));
                    if let (Some((e1, d1)), Some((e2, d2))) = (one, two) {
                        if e1 != e2 {
                            let mut all: Vec<Candidate> = e1.iter().chain(&e2).copied().collect();
                            all.sort_unstable();
                            all.dedup();
                            let parts = vec![d1, d2];
                            let dual = Step::eliminating(all, Deduction::Dual { parts });
                            out.push((dual, [e1, e2]));
                        }
                    }
                }
            }
        }
    }
    out
}

/// The empty rectangles, each with a dual preceded by the dual: a later one in the same box
/// on the same symbol, with the same two lines the other way round (the first line of each
/// is the one its link's end sees) and other eliminations.
pub(crate) fn find_empty_rectangles(board: &Board, f: &mut Finder) {
    let steps = all_of(board, f, empty_rectangle::find);
    let key = |s: &Step| match &s.deduction {
        Deduction::EmptyRectangle {
            symbol,
            house,
            lines,
            ..
        } => Some((*symbol, *house, *lines)),
        _ => None,
    };
    let mut paired = vec![false; steps.len()];
    for (i, step) in steps.iter().enumerate() {
        if let (Some((x, bx, [l1, l2])), false) = (key(step), paired[i]) {
            let want: Option<(Symbol, _, _)> = Some((x, bx, [l2, l1]));
            let j = (i + 1..steps.len()).find(|&j| {
                !paired[j] && key(&steps[j]) == want && steps[j].eliminations != step.eliminations
            });
            if let Some(j) = j {
                paired[j] = true;
                if !f.push(merge(step, &steps[j])) {
                    return;
                }
            }
        }
        if !f.push(step.clone()) {
            return;
        }
    }
}

/// One step with both steps' eliminations and both deductions.
fn merge(a: &Step, b: &Step) -> Step {
    let mut eliminations = a.eliminations.clone();
    eliminations.extend(b.eliminations.iter().copied());
    eliminations.sort_unstable();
    eliminations.dedup();
    Step::eliminating(
        eliminations,
        Deduction::Dual {
            parts: vec![a.deduction.clone(), b.deduction.clone()],
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::Technique;
    use crate::reason::test_util::*;

    #[test]
    fn dual_kite_is_one_step() {
        // 1 in row 1 only at r1c3 and r1c8, in row 3 only at r3c1 and r3c9, in column 1 only at
        // r3c1 and r6c1, in column 3 only at r1c3 and r4c3. Kites through r1c3 and r3c1 in box
        // 1: row 1 with column 1 (r6c8 sees r1c8 and r6c1) and row 3 with column 3 (r4c9 sees
        // r3c9 and r4c3).
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        confine(&mut b, "row 1", 1, &[(1, 3), (1, 8)]);
        confine(&mut b, "row 3", 1, &[(3, 1), (3, 9)]);
        confine(&mut b, "column 1", 1, &[(3, 1), (6, 1)]);
        confine(&mut b, "column 3", 1, &[(1, 3), (4, 3)]);
        let mut f = Finder::new(100);
        find_simple_chains(&b, &mut f);
        let duals: Vec<&Step> = f
            .steps
            .iter()
            .filter(|s| s.technique() == Technique::DualTwoStringKite)
            .collect();
        assert_eq!(duals.len(), 1, "{:?}", f.steps);
        assert_eq!(duals[0].eliminations, elims(&g, "r4c9<>1 r6c8<>1"));
        let Deduction::Dual { parts } = &duals[0].deduction else {
            panic!()
        };
        assert!(
            parts
                .iter()
                .all(|p| p.technique() == Technique::TwoStringKite)
        );
        // The dual comes before the two kites, which are listed on their own too.
        let at = |t: Technique| f.steps.iter().position(|s| s.technique() == t);
        assert!(at(Technique::DualTwoStringKite) < at(Technique::TwoStringKite));
        let kites: Vec<&Step> = f
            .steps
            .iter()
            .filter(|s| s.technique() == Technique::TwoStringKite)
            .collect();
        assert_eq!(kites.len(), 2, "{:?}", f.steps);
    }

    #[test]
    fn dual_empty_rectangle_is_one_step() {
        // 1 in box 6 only on row 4 and column 9 (r4c7, r4c8, r5c9, r6c9); in column 1 only at
        // r3c1 and r4c1; in row 3 only at r3c1 and r3c9. Were r3c1 not 1, r4c1 would be, so
        // box 6's 1 would be in column 9 and r3c9 would not be 1; and r3c1 sees r3c9 in row 3:
        // r3c9 loses 1. The other way round, through row 3, r4c1 loses it.
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        confine(&mut b, "box 6", 1, &[(4, 7), (4, 8), (5, 9), (6, 9)]);
        confine(&mut b, "column 1", 1, &[(3, 1), (4, 1)]);
        confine(&mut b, "row 3", 1, &[(3, 1), (3, 9)]);
        let mut f = Finder::new(100);
        find_empty_rectangles(&b, &mut f);
        let duals: Vec<&Step> = f
            .steps
            .iter()
            .filter(|s| s.technique() == Technique::DualEmptyRectangle)
            .collect();
        assert_eq!(duals.len(), 1, "{:?}", f.steps);
        assert_eq!(duals[0].eliminations, elims(&g, "r3c9<>1 r4c1<>1"));
        assert_eq!(f.steps[0].technique(), Technique::DualEmptyRectangle);
    }
}
