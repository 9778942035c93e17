//! ALS-XY-wing over almost locked sets of any no-repeat shapes: sets A and B are each joined to
//! a pivot set C by restricted common symbols, X with A and Y with B, two symbols or more
//! between them (see `als_xz` for the terms). C lacks at most one of its symbols, so it holds
//! one of X with A lacking it, and A is locked, or one of Y, and B is. Either way a symbol z of
//! both A and B (not in X or Y) is in A or in B, and every cell seeing all its places in both
//! loses it.

use super::sets::{Table, table, tidy};
use crate::reason::board::Board;
use crate::reason::finder::Finder;
use crate::reason::step::{Deduction, Step};

/// ALS-XY-wings.
pub(crate) fn find(board: &Board, f: &mut Finder) {
    search(&table(board), f);
}

fn search(table: &Table, f: &mut Finder) {
    let list = &table.list;
    for c in 0..table.links.sets() {
        let joined = table.links.of(c);
        if f.out_of_budget() {
            return;
        }
        for (i, &(a, x)) in joined.iter().enumerate() {
            for &(b, y) in &joined[i + 1..] {
                // C must hold one of the links' symbols whichever it lacks: one symbol alone
                // on both sides does not do.
                let both = x.union(y).0;
                if both & both.wrapping_sub(1) == 0 {
                    continue;
                }
                // Symbols of both sets (not of the links) that some cell could lose: a
                // symbol either set lacks in `live` gives no elimination.
                let zs = list.live(a).intersect(list.live(b)).minus(x.union(y));
                // Most pairs eliminate nothing: test that before building anything.
                if !zs.iter().any(|z| list.hits(a, b, z)) || list.overlap(a, b) {
                    continue;
                }
                let mut elim = Vec::new();
                for z in zs.iter() {
                    list.targets(&[a, b], z, &mut elim);
                }
                if elim.is_empty() {
                    continue;
                }
                let step = Step::eliminating(
                    tidy(elim),
                    Deduction::AlsXyWing {
                        sets: [list.named(a), list.named(b), list.named(c)],
                        restricted: [x, y],
                    },
                );
                if !f.push(step) {
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::test_util::*;

    #[test]
    fn als_xy_wing_constructed() {
        // Pivot C = r5c5 {1,2}; A = r5c1 {1,4} (row 5, restricted 1); B = r1c5 {2,3}, r2c5
        // {3,4} (column 5, restricted 2). C is 1 or 2, so A or B is locked and holds 4: cells
        // seeing r5c1 and r2c5 lose 4, which is r2c1 (column 1, row 2) alone.
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        b.set_candidates(cell(&g, 5, 5), set(&[1, 2]));
        b.set_candidates(cell(&g, 5, 1), set(&[1, 4]));
        b.set_candidates(cell(&g, 1, 5), set(&[2, 3]));
        b.set_candidates(cell(&g, 2, 5), set(&[3, 4]));
        let mut f = Finder::new(1000);
        search(&Table::new(&b), &mut f);
        let step = f
            .steps
            .iter()
            .find(|s| {
                matches!(&s.deduction, Deduction::AlsXyWing { sets, restricted }
                    if sets[0].cells == [cell_id(&g, 5, 1)]
                        && sets[1].cells == [cell_id(&g, 1, 5), cell_id(&g, 2, 5)]
                        && sets[2].cells == [cell_id(&g, 5, 5)]
                        && restricted == &[set(&[1]), set(&[2])])
            })
            .expect("the ALS-XY-wing is found");
        assert_eq!(step.eliminations, elims(&g, "r2c1<>4"));
    }
}
