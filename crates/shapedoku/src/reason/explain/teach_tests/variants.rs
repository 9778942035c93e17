//! Steps of the finer techniques that differ from a sample only in size or kind.

use super::*;

/// Steps of the finer techniques that differ from a sample only in size or kind.
pub(super) fn steps(g: &Geometry) -> Vec<Step> {
    let c = |r, k| cell_id(g, r, k);
    let mut out = Vec::new();
    for (n, kind) in [(3, OverlapKind::Claiming), (2, OverlapKind::Other)] {
        let (source, target) = if n == 3 {
            ("row 1", "box 1")
        } else {
            ("box 1", "box 2")
        };
        out.push(elim(
            g,
            &[(2, 1, 4)],
            Deduction::ShapeOverlap {
                symbol: symbol(4),
                source: shape_id(g, source),
                target: shape_id(g, target),
                kind,
            },
        ));
    }
    for n in 2..=4 {
        let cs: Vec<_> = (1..=n).map(|k| c(1, k)).collect();
        let syms: Vec<u8> = (1..=n as u8).collect();
        out.push(elim(
            g,
            &[(1, 9, 1)],
            Deduction::NakedSubset {
                shape: shape_id(g, "row 1"),
                cells: cs.clone(),
                symbols: set(&syms),
            },
        ));
        out.push(elim(
            g,
            &[(1, 1, 9)],
            Deduction::HiddenSubset {
                house: shape_id(g, "row 1"),
                cells: cs,
                symbols: set(&syms),
            },
        ));
        let base: Vec<String> = (1..=n).map(|k| format!("row {k}")).collect();
        let cover: Vec<String> = (1..=n).map(|k| format!("column {k}")).collect();
        let (base, cover) = (
            base.iter().map(|s| shape_id(g, s)).collect::<Vec<_>>(),
            cover.iter().map(|s| shape_id(g, s)).collect::<Vec<_>>(),
        );
        for kind in [FishKind::Basic, FishKind::Franken] {
            out.push(elim(
                g,
                &[(9, 1, 5)],
                Deduction::Fish {
                    symbol: symbol(5),
                    base: base.clone(),
                    cover: cover.clone(),
                    kind,
                },
            ));
        }
        for sashimi in [false, true] {
            out.push(elim(
                g,
                &[(9, 1, 5)],
                Deduction::FinnedFish {
                    symbol: symbol(5),
                    base: base.clone(),
                    cover: cover.clone(),
                    fins: vec![c(1, 8)],
                    sashimi,
                },
            ));
        }
    }
    for (kind, nodes) in [
        (
            SimpleChainKind::Skyscraper,
            [(1, 1), (5, 1), (5, 7), (2, 7)],
        ),
        (
            SimpleChainKind::TwoStringKite,
            [(1, 4), (1, 2), (2, 1), (7, 1)],
        ),
        (
            SimpleChainKind::TurbotFish,
            [(1, 1), (2, 2), (2, 7), (8, 7)],
        ),
    ] {
        out.push(elim(
            g,
            &[(9, 9, 1)],
            Deduction::SimpleChain {
                kind,
                nodes: nodes.iter().map(|&(r, k)| cand(g, r, k, 1)).collect(),
            },
        ));
    }
    for (kind, subset) in [
        (RectangleKind::Type1, vec![]),
        (RectangleKind::Type2, vec![]),
        (RectangleKind::Type3, vec![c(2, 7)]),
        (RectangleKind::Type4, vec![]),
        (RectangleKind::Hidden, vec![]),
        (RectangleKind::Type5, vec![]),
        (RectangleKind::Type6, vec![]),
        (RectangleKind::Avoidable1, vec![]),
        (RectangleKind::Avoidable2, vec![]),
    ] {
        out.push(elim(
            g,
            &[(2, 4, 7)],
            Deduction::UniqueRectangle {
                kind,
                cells: [c(1, 1), c(1, 4), c(2, 1), c(2, 4)],
                symbols: [symbol(4), symbol(7)],
                subset,
                house: Some(shape_id(g, "row 2")),
            },
        ));
    }
    for both_seen in [false, true] {
        out.push(elim(
            g,
            &[(9, 9, 5)],
            Deduction::MultiColours {
                symbol: symbol(5),
                networks: [
                    [vec![c(1, 1)], vec![c(1, 5)]],
                    [vec![c(6, 5)], vec![c(6, 1), c(9, 1)]],
                ],
                both_seen,
            },
        ));
    }
    let kite = |ns: [(u32, u32); 4]| Deduction::SimpleChain {
        kind: SimpleChainKind::TwoStringKite,
        nodes: ns.iter().map(|&(r, k)| cand(g, r, k, 1)).collect(),
    };
    out.push(elim(
        g,
        &[(4, 9, 1), (6, 8, 1)],
        Deduction::Dual {
            parts: vec![
                kite([(1, 8), (1, 3), (3, 1), (6, 1)]),
                kite([(3, 9), (3, 1), (1, 3), (4, 3)]),
            ],
        },
    ));
    let er = |link: [(u32, u32); 2], lines: [&str; 2]| Deduction::EmptyRectangle {
        symbol: symbol(1),
        house: shape_id(g, "box 5"),
        lines: [shape_id(g, lines[0]), shape_id(g, lines[1])],
        link: [c(link[0].0, link[0].1), c(link[1].0, link[1].1)],
        link_house: shape_id(g, "row 2"),
    };
    out.push(elim(
        g,
        &[(2, 5, 1), (8, 6, 1)],
        Deduction::Dual {
            parts: vec![
                er([(2, 4), (2, 8)], ["column 4", "row 5"]),
                er([(2, 8), (2, 4)], ["column 8", "row 5"]),
            ],
        },
    ));
    for n in 2..=4 {
        for mutant in [false, true] {
            let mut base = rows(g, &["row 1", "box 9", "row 4", "row 5"]);
            base.truncate(n);
            let mut cover = rows(g, &["column 8", "box 1", "column 4", "column 5"]);
            cover.truncate(n);
            if mutant {
                cover[0] = shape_id(g, "row 7");
            }
            out.push(elim(
                g,
                &[(2, 8, 7)],
                Deduction::FinnedFrankenFish {
                    symbol: symbol(7),
                    base,
                    cover,
                    fins: vec![c(1, 9)],
                    mutant,
                },
            ));
        }
    }
    // Kraken fish: the X-wing on 1 in rows 1 and 5 with the fin r5c9, type 1 and type 2.
    let one = |r, k| ChainNode {
        symbol: symbol(1),
        cells: vec![c(r, k)],
    };
    for house in [None, Some(shape_id(g, "column 5"))] {
        out.push(elim(
            g,
            &[(7, 5, 1)],
            Deduction::KrakenFish {
                symbol: symbol(1),
                base: vec![shape_id(g, "row 1"), shape_id(g, "row 5")],
                cover: vec![shape_id(g, "column 1"), shape_id(g, "column 5")],
                fins: vec![c(5, 9)],
                house,
                chains: vec![vec![one(5, 9), one(9, 9), one(9, 4), one(7, 5)]],
            },
        ));
    }
    let a = vec![cand(g, 1, 1, 1), cand(g, 8, 1, 2), cand(g, 8, 6, 5)];
    let b = vec![cand(g, 1, 1, 2), cand(g, 8, 1, 5), cand(g, 8, 6, 1)];
    out.push(elim(
        g,
        &[(1, 6, 1)],
        Deduction::Medusa {
            colours: [a.clone(), b.clone()],
            clash: None,
        },
    ));
    out.push(Step::eliminating(
        a.clone(),
        Deduction::Medusa {
            colours: [a, b],
            clash: Some(MedusaClash::Sight {
                cells: [c(1, 1), c(1, 6)],
                symbol: symbol(1),
            }),
        },
    ));
    for (cs, syms) in [
        (vec![c(1, 1), c(1, 2)], vec![2, 5]),
        (vec![c(1, 1), c(1, 2), c(1, 3)], vec![2, 5, 8]),
    ] {
        out.push(elim(
            g,
            &[(1, 9, 2)],
            Deduction::LockedSubset {
                shapes: [shape_id(g, "row 1"), shape_id(g, "box 1")],
                cells: cs,
                symbols: set(&syms),
            },
        ));
    }
    for wrap in [false, true] {
        out.push(elim(
            g,
            &[(9, 9, 5)],
            Deduction::SimpleColours {
                symbol: symbol(5),
                colours: [vec![c(1, 1), c(6, 5)], vec![c(1, 5), c(6, 1)]],
                wrap,
            },
        ));
    }
    out
}
