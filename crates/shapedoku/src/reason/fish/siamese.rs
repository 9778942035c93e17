//! Siamese fish: two finned or sashimi fish on one symbol with the same base houses that differ
//! in their cover houses, so in which base places are fins, and remove different candidates.
//! HoDoKu shows such a pair as one step, here a [`Deduction::Dual`] of the two fish, with both
//! fish's eliminations; each fish justifies its own. The step keeps the first fish's technique
//! (a siamese finned swordfish is a finned swordfish; a finned fish comes before a sashimi one
//! of its size), as HoDoKu does, so it weighs the same.
//!
//! HoDoKu pairs fish of one technique only when its option for duals and siamese fish is on,
//! which its default solve leaves off: the search is registered just after the finned fish,
//! so the solver never takes a pair (it runs only where no finned fish was found, and then,
//! the finned fish's memo telling it nothing changed, costs next to nothing), and hints and
//! tools list them. Just after rather than last: the rating looks at every later search's
//! cheapest step, and a siamese search placed last would rerun the finned fish there.
//!
//! Only finned and sashimi fish over rows and columns are paired: HoDoKu's siamese Franken and
//! mutant fish need base houses that overlap (endo fins), which `finned_franken` does not
//! make, and rerunning that costly search here would slow the rating, which looks at every
//! later search's cheapest step.

use super::finned as finned_fish;
use crate::reason::board::Board;
use crate::reason::chains::dual;
use crate::reason::finder::Finder;
use crate::reason::step::{Deduction, Step};

/// Every pair of finned or sashimi fish sharing symbol and base whose first eliminations differ,
/// in the order the fish were found.
pub(crate) fn find(board: &Board, f: &mut Finder) {
    let fish = dual::all_of(board, f, finned_fish::find);
    pair(&fish, f);
}

/// The symbol and base houses of a finned fish step.
fn key(step: &Step) -> Option<(crate::Symbol, &[crate::ShapeId])> {
    match &step.deduction {
        Deduction::FinnedFish { symbol, base, .. } => Some((*symbol, base)),
        _ => None,
    }
}

/// Pushes the siamese pairs among `fish`; false when the finder is full.
fn pair(fish: &[Step], f: &mut Finder) -> bool {
    for (i, a) in fish.iter().enumerate() {
        let Some(ka) = key(a) else { continue };
        for b in &fish[i + 1..] {
            // The first elimination tells two fish apart, as in HoDoKu: the same fish found
            // twice, or one whose eliminations start alike, is no pair.
            if key(b) != Some(ka) || a.eliminations.first() == b.eliminations.first() {
                continue;
            }
            let mut elims = a.eliminations.clone();
            elims.extend(b.eliminations.iter().copied());
            elims.sort_unstable();
            elims.dedup();
            let parts = vec![a.deduction.clone(), b.deduction.clone()];
            if !f.push(Step::eliminating(elims, Deduction::Dual { parts })) {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::catalogue::Technique;
    use crate::reason::test_util::*;

    #[test]
    fn siamese_sashimi_x_wings() {
        // 1 in row 1 at c1 and c5, in row 2 at c1, c4 and c6. Covers c1+c4 leave the fins
        // r1c5 and r2c6 (box 2): r3c4 loses 1; covers c1+c5 leave r2c4 and r2c6: r3c5; covers
        // c1+c6 leave r1c5 and r2c4: r3c6. All three are sashimi (a row keeps one place in
        // the cover), so each two of them make a siamese step, as HoDoKu pairs them.
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        for (r, cols) in [(1, [1, 5].as_slice()), (2, &[1, 4, 6])] {
            for c in (1..=9).filter(|c| !cols.contains(c)) {
                b.eliminate(cell(&g, r, c), sym(1));
            }
        }
        let mut f = Finder::new(1000);
        find(&b, &mut f);
        let rows = vec![shape_id(&g, "row 1"), shape_id(&g, "row 2")];
        let basic_on_rows = |s: &&Step| match &s.deduction {
            Deduction::Dual { parts } => parts.iter().all(|p| {
                matches!(p, Deduction::FinnedFish { base, symbol: x, .. }
                    if *base == rows && *x == symbol(1))
            }),
            _ => false,
        };
        let got: Vec<&Step> = f.steps.iter().filter(basic_on_rows).collect();
        let want = ["r3c4<>1 r3c5<>1", "r3c4<>1 r3c6<>1", "r3c5<>1 r3c6<>1"];
        assert_eq!(got.len(), want.len(), "{got:?}");
        for (s, w) in got.iter().zip(want) {
            assert_eq!(s.eliminations, elims(&g, w));
            assert_eq!(s.technique(), Technique::SashimiXWing);
        }
        // Each part keeps its own cover: c1+c4 and c1+c5 for the first pair.
        let Deduction::Dual { parts } = &got[0].deduction else {
            unreachable!()
        };
        let covers: Vec<Vec<crate::ShapeId>> = parts
            .iter()
            .filter_map(|p| match p {
                Deduction::FinnedFish { cover, .. } => Some(cover.clone()),
                _ => None,
            })
            .collect();
        let col = |n: &str| shape_id(&g, n);
        assert_eq!(
            covers,
            [
                vec![col("column 1"), col("column 4")],
                vec![col("column 1"), col("column 5")]
            ]
        );
    }
}
