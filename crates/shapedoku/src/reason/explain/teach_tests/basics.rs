//! One sample step of each deduction of a family: full houses, singles, subsets, overlaps and cages, constructed by hand on the
//! classic grid.

use super::*;

pub(super) fn steps(g: &Geometry) -> Vec<Step> {
    let c = |r, k| cell_id(g, r, k);
    vec![
        Step::placing(
            cand(g, 1, 9, 9),
            Deduction::FullHouse {
                house: shape_id(g, "row 1"),
            },
        ),
        Step::placing(
            cand(g, 4, 6, 7),
            Deduction::HiddenSingle {
                house: shape_id(g, "box 5"),
            },
        ),
        Step::placing(cand(g, 5, 5, 5), Deduction::NakedSingle),
        elim(
            g,
            &[(1, 2, 3)],
            Deduction::RuleElimination {
                rule: 0,
                cells: vec![],
                reason: RuleReason::Whole,
            },
        ),
        elim(
            g,
            &[(1, 4, 3)],
            Deduction::ShapeOverlap {
                symbol: symbol(3),
                source: shape_id(g, "box 1"),
                target: shape_id(g, "row 1"),
                kind: OverlapKind::Pointing,
            },
        ),
        elim(
            g,
            &[(1, 1, 9)],
            Deduction::CageCombination {
                cage: shape_id(g, "row 1"),
                combos: vec![set(&[1, 2, 7]), set(&[1, 3, 6])],
            },
        ),
        elim(
            g,
            &[(1, 9, 9)],
            Deduction::Innies {
                houses: rows(g, &["row 1"]),
                cages: vec![],
                cells: vec![c(1, 9)],
                total: 6,
            },
        ),
        elim(
            g,
            &[(1, 4, 5)],
            Deduction::CageOverlap {
                symbol: symbol(5),
                source: shape_id(g, "row 1"),
                target: shape_id(g, "box 1"),
            },
        ),
    ]
}
