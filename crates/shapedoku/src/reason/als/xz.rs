//! ALS-XZ over almost locked sets of any no-repeat shapes. Two disjoint sets A and B share a
//! *restricted common* symbol x when every place of x in A sees every place of x in B: x is
//! then in at most one of them, so the other has lost a symbol and is a locked set. Any other
//! symbol z of both is therefore in A or in B, and a cell seeing all places of z in both loses
//! it. With two restricted common symbols (doubly linked) neither set can hold both, so both
//! are locked: each loses its other symbols outside it, and each restricted symbol goes from
//! cells seeing all its places in the two sets.

use super::sets::{Table, table, tidy};
use crate::Symbol;
use crate::reason::board::Board;
use crate::reason::finder::Finder;
use crate::reason::step::{Deduction, Step};

/// ALS-XZ steps, singly and doubly linked.
pub(crate) fn find(board: &Board, f: &mut Finder) {
    search(&table(board), f);
}

fn search(table: &Table, f: &mut Finder) {
    let list = &table.list;
    for a in 0..table.links.sets() {
        let joined = table.links.of(a);
        if f.out_of_budget() {
            return;
        }
        for &(b, restricted) in joined.iter().filter(|&&(b, _)| b > a) {
            let common = list.sets[a].cands.intersect(list.sets[b].cands);
            if common.len() < 2 {
                continue;
            }
            let mut two = [0u8; 2];
            let mut count = 0;
            for (slot, x) in two.iter_mut().zip(restricted.iter()) {
                *slot = x;
                count += 1;
            }
            let rcc = &two[..count];
            let mut elim = Vec::new();
            match *rcc {
                [] => continue,
                // Most singly linked pairs eliminate nothing: tested before building anything.
                // (A symbol either set lacks in `live` gives no elimination.)
                [x] if !common
                    .without(x)
                    .intersect(list.live(a))
                    .intersect(list.live(b))
                    .iter()
                    .any(|z| list.hits(a, b, z)) =>
                {
                    continue;
                }
                [x] => {
                    for z in common.without(x).iter() {
                        list.targets(&[a, b], z, &mut elim);
                    }
                }
                _ => {
                    for &x in rcc {
                        list.targets(&[a, b], x, &mut elim);
                    }
                    for s in [a, b] {
                        for z in list.sets[s].cands.iter().filter(|z| !rcc.contains(z)) {
                            list.targets(&[s], z, &mut elim);
                        }
                    }
                }
            }
            if elim.is_empty() {
                continue;
            }
            let step = Step::eliminating(
                tidy(elim),
                Deduction::AlsXz {
                    sets: [list.named(a), list.named(b)],
                    restricted: rcc.iter().map(|&x| Symbol::new(x as usize)).collect(),
                },
            );
            if !f.push(step) {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::test_util::*;

    #[test]
    fn als_xz_singly_linked() {
        // A = r1c1 {1,2} (a bivalue cell) and B = r1c4 {1,3}, r2c4 {2,3}. 1 is restricted
        // (r1c1 and r1c4 share row 1); 2 is not (r1c1 and r2c4 are not peers). So 2 is in A or
        // in B, and the cells seeing r1c1 and r2c4 lose it: r1c5, r1c6 (row 1 and box 2) and
        // r2c1, r2c2, r2c3 (box 1 and row 2).
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        b.set_candidates(cell(&g, 1, 1), set(&[1, 2]));
        b.set_candidates(cell(&g, 1, 4), set(&[1, 3]));
        b.set_candidates(cell(&g, 2, 4), set(&[2, 3]));
        let mut f = Finder::new(100);
        search(&Table::new(&b), &mut f);
        let step = f
            .steps
            .iter()
            .find(|s| {
                matches!(&s.deduction, Deduction::AlsXz { sets, restricted }
                    if sets[0].cells == [cell_id(&g, 1, 1)]
                        && sets[1].cells == [cell_id(&g, 1, 4), cell_id(&g, 2, 4)]
                        && sets[1].symbols == set(&[1, 2, 3])
                        && restricted == &[symbol(1)])
            })
            .expect("the ALS-XZ is found");
        assert_eq!(
            step.eliminations,
            elims(&g, "r1c5<>2 r1c6<>2 r2c1<>2 r2c2<>2 r2c3<>2")
        );
    }

    #[test]
    fn als_xz_doubly_linked() {
        // A = r1c1 {1,2} and B = r1c4 {1,3}, r1c5 {2,3}: 1 and 2 are both restricted (row 1),
        // so both sets are locked. 1 goes from cells seeing r1c1 and r1c4, 2 from cells seeing
        // r1c1 and r1c5 (the rest of row 1), and 3, B's other symbol, from cells seeing r1c4
        // and r1c5 (the rest of row 1 and of box 2).
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        b.set_candidates(cell(&g, 1, 1), set(&[1, 2]));
        b.set_candidates(cell(&g, 1, 4), set(&[1, 3]));
        b.set_candidates(cell(&g, 1, 5), set(&[2, 3]));
        let mut f = Finder::new(100);
        search(&Table::new(&b), &mut f);
        let step = f
            .steps
            .iter()
            .find(|s| {
                matches!(&s.deduction, Deduction::AlsXz { sets, restricted }
                    if sets[0].cells == [cell_id(&g, 1, 1)]
                        && sets[1].cells == [cell_id(&g, 1, 4), cell_id(&g, 1, 5)]
                        && restricted == &[symbol(1), symbol(2)])
            })
            .expect("the doubly linked ALS-XZ is found");
        let mut want = String::new();
        for c in [2, 3, 6, 7, 8, 9] {
            want.push_str(&format!("r1c{c}<>1 r1c{c}<>2 r1c{c}<>3 "));
        }
        for r in 2..=3 {
            for c in 4..=6 {
                want.push_str(&format!("r{r}c{c}<>3 "));
            }
        }
        assert_eq!(step.eliminations, elims(&g, &want));
    }
}
