//! One sample step of each deduction of a family: wings of many cells, Sue de Coq and almost locked sets, constructed by hand on the
//! classic grid.

use super::*;

pub(super) fn steps(g: &Geometry) -> Vec<Step> {
    let c = |r, k| cell_id(g, r, k);
    let als = |cells: Vec<_>, syms: &[u8], shape: &str| Als {
        shape: shape_id(g, shape),
        cells,
        symbols: set(syms),
    };
    vec![
        elim(
            g,
            &[(1, 2, 4)],
            Deduction::WxyzWing {
                pivot: CellCandidates {
                    cell: c(1, 1),
                    symbols: set(&[1, 2, 3, 4]),
                },
                wings: vec![
                    CellCandidates {
                        cell: c(1, 5),
                        symbols: set(&[1, 4]),
                    },
                    CellCandidates {
                        cell: c(2, 2),
                        symbols: set(&[2, 4]),
                    },
                    CellCandidates {
                        cell: c(3, 3),
                        symbols: set(&[3, 4]),
                    },
                ],
                symbol: symbol(4),
            },
        ),
        elim(
            g,
            &[(1, 9, 1)],
            Deduction::SueDeCoq {
                shapes: [shape_id(g, "row 1"), shape_id(g, "box 1")],
                core: vec![c(1, 1), c(1, 2)],
                core_symbols: set(&[1, 2, 3, 4]),
                sides: [vec![c(1, 7)], vec![c(2, 1)]],
                side_symbols: [set(&[1, 2]), set(&[3, 4])],
            },
        ),
        elim(
            g,
            &[(1, 9, 2)],
            Deduction::AlsXz {
                sets: [
                    als(vec![c(1, 1)], &[1, 2], "row 1"),
                    als(vec![c(5, 1), c(6, 1)], &[1, 2, 3], "column 1"),
                ],
                restricted: vec![symbol(1)],
            },
        ),
        elim(
            g,
            &[(1, 9, 2)],
            Deduction::AlsXyWing {
                sets: [
                    als(vec![c(1, 1)], &[1, 2], "row 1"),
                    als(vec![c(5, 9)], &[2, 3], "column 9"),
                    als(vec![c(5, 1)], &[1, 3], "row 5"),
                ],
                restricted: [set(&[1]), set(&[3])],
            },
        ),
        elim(
            g,
            &[(1, 2, 1)],
            Deduction::AlsChain {
                sets: vec![
                    als(vec![c(1, 1)], &[1, 2], "row 1"),
                    als(vec![c(1, 5)], &[2, 3], "row 1"),
                    als(vec![c(5, 5)], &[3, 4], "column 5"),
                    als(vec![c(5, 2)], &[1, 4], "row 5"),
                ],
                restricted: vec![set(&[2]), set(&[3]), set(&[4])],
            },
        ),
        elim(
            g,
            &[(2, 1, 3)],
            Deduction::DeathBlossom {
                stem: CellCandidates {
                    cell: c(5, 5),
                    symbols: set(&[1, 2]),
                },
                petals: vec![
                    als(vec![c(5, 1)], &[1, 3], "row 5"),
                    als(vec![c(1, 5), c(2, 5)], &[2, 3, 4], "column 5"),
                ],
            },
        ),
    ]
}
