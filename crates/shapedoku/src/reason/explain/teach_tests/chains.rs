//! One sample step of each deduction of a family: wings, chains and loops, constructed by hand on the
//! classic grid.

use super::*;

pub(super) fn steps(g: &Geometry) -> Vec<Step> {
    let c = |r, k| cell_id(g, r, k);
    let node = |v: u8, cells: &[(u32, u32)]| ChainNode {
        symbol: symbol(v),
        cells: cells.iter().map(|&(r, k)| c(r, k)).collect(),
    };
    vec![
        elim(
            g,
            &[(1, 3, 3)],
            Deduction::XyWing {
                pivot: c(1, 1),
                pincers: [c(1, 5), c(2, 2)],
                symbol: symbol(3),
                candidates: [set(&[1, 2]), set(&[1, 3]), set(&[2, 3])],
            },
        ),
        elim(
            g,
            &[(1, 3, 3)],
            Deduction::XyzWing {
                pivot: c(1, 1),
                pincers: [c(1, 2), c(1, 7)],
                symbol: symbol(3),
                candidates: [set(&[1, 2, 3]), set(&[1, 3]), set(&[2, 3])],
            },
        ),
        elim(
            g,
            &[(1, 5, 2)],
            Deduction::WWing {
                cells: [c(1, 1), c(5, 5)],
                link: [c(9, 1), c(9, 5)],
                house: shape_id(g, "row 9"),
                symbols: [symbol(1), symbol(2)],
            },
        ),
        elim(
            g,
            &[(1, 5, 3)],
            Deduction::EmptyRectangle {
                symbol: symbol(3),
                house: shape_id(g, "box 5"),
                lines: [shape_id(g, "row 5"), shape_id(g, "column 5")],
                link: [c(5, 8), c(1, 8)],
                link_house: shape_id(g, "column 8"),
            },
        ),
        elim(
            g,
            &[(7, 3, 6)],
            Deduction::BugPlusOne {
                cell: c(7, 3),
                symbol: symbol(3),
            },
        ),
        elim(
            g,
            &[(2, 2, 1)],
            Deduction::RemotePair {
                symbols: set(&[1, 2]),
                cells: vec![c(1, 1), c(1, 5), c(2, 6), c(2, 3)],
            },
        ),
        elim(
            g,
            &[(2, 9, 1)],
            Deduction::XChain {
                nodes: [(1, 1), (7, 1), (7, 4), (2, 4), (2, 6), (8, 6)]
                    .iter()
                    .map(|&(r, k)| cand(g, r, k, 1))
                    .collect(),
            },
        ),
        elim(
            g,
            &[(1, 9, 3)],
            Deduction::XyChain {
                nodes: vec![
                    cand(g, 1, 1, 3),
                    cand(g, 1, 1, 4),
                    cand(g, 1, 5, 4),
                    cand(g, 1, 5, 3),
                ],
            },
        ),
        elim(
            g,
            &[(1, 9, 3)],
            Deduction::Aic {
                nodes: vec![
                    cand(g, 1, 1, 3),
                    cand(g, 1, 1, 4),
                    cand(g, 1, 5, 4),
                    cand(g, 1, 5, 3),
                ],
            },
        ),
        elim(
            g,
            &[(6, 1, 1)],
            Deduction::GroupedXChain {
                nodes: vec![
                    node(1, &[(1, 1)]),
                    node(1, &[(1, 7), (1, 8)]),
                    node(1, &[(2, 9)]),
                    node(1, &[(6, 9)]),
                ],
            },
        ),
        elim(
            g,
            &[(6, 1, 2)],
            Deduction::GroupedAic {
                nodes: vec![
                    node(1, &[(6, 1)]),
                    node(2, &[(6, 1)]),
                    node(2, &[(1, 7), (1, 8)]),
                    node(2, &[(2, 9)]),
                    node(2, &[(6, 9)]),
                ],
            },
        ),
        elim(
            g,
            &[(1, 5, 1), (2, 5, 3)],
            Deduction::NiceLoop {
                nodes: vec![
                    node(1, &[(1, 1)]),
                    node(1, &[(1, 9)]),
                    node(2, &[(1, 9)]),
                    node(2, &[(2, 9)]),
                    node(3, &[(2, 9)]),
                    node(3, &[(2, 1)]),
                ],
                first_strong: true,
                continuous: true,
            },
        ),
        elim(
            g,
            &[(1, 1, 2)],
            Deduction::NiceLoop {
                nodes: vec![
                    node(1, &[(1, 1)]),
                    node(1, &[(1, 9)]),
                    node(2, &[(1, 9)]),
                    node(2, &[(1, 1)]),
                ],
                first_strong: true,
                continuous: false,
            },
        ),
        elim(
            g,
            &[(1, 1, 1)],
            Deduction::NiceLoop {
                nodes: vec![
                    node(1, &[(1, 1)]),
                    node(1, &[(1, 7), (1, 8)]),
                    node(1, &[(2, 9)]),
                    node(1, &[(6, 9)]),
                    node(1, &[(1, 9)]),
                    node(1, &[(1, 1)]),
                ],
                first_strong: false,
                continuous: false,
            },
        ),
        elim(
            g,
            &[(1, 5, 1)],
            Deduction::NiceLoop {
                nodes: vec![
                    node(1, &[(1, 1)]),
                    node(1, &[(1, 7), (1, 8)]),
                    node(2, &[(2, 9)]),
                    node(2, &[(2, 1)]),
                ],
                first_strong: true,
                continuous: true,
            },
        ),
        elim(
            g,
            &[(1, 1, 3)],
            Deduction::NiceLoop {
                nodes: vec![
                    node(1, &[(1, 1)]),
                    node(1, &[(1, 7), (1, 8)]),
                    node(1, &[(2, 9)]),
                    node(1, &[(1, 1)]),
                ],
                first_strong: true,
                continuous: false,
            },
        ),
    ]
}
