//! BUG+1 (bivalue universal grave plus one). It rests on the puzzle having one solution, so
//! the unique-rectangle search (`rectangles.rs`) calls it last, on a board marked
//! [`Board::is_known_unique`] and a geometry without rules beyond shapes.
//!
//! BUG+1 needs every shape to be a house (each symbol exactly once) and no other rules: then
//! a grave (two candidates per cell, two places per symbol and house) has an even number of
//! solutions, every constraint being "exactly one of two".

use crate::geometry::Rule;
use crate::reason::board::Board;
use crate::reason::finder::Finder;
use crate::reason::step::{Candidate, Deduction, Step};
use crate::{CellId, Symbol};

/// BUG+1: every empty cell bivalue but one with three candidates, and every symbol with two
/// places in every house but one symbol with three in that cell's houses.
pub(crate) fn find(board: &Board, f: &mut Finder) {
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
    use crate::reason::catalogue::Technique;
    use crate::reason::test_util::*;

    fn steps(b: &Board, t: Technique) -> Vec<Step> {
        let mut f = Finder::new(100);
        find(b, &mut f);
        f.steps.into_iter().filter(|s| s.technique() == t).collect()
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
