//! The teaching style: every technique of the catalogue has a why-text, made from the step's
//! own cells, shapes and symbols; exact texts for a few constructed steps.

use super::{Style, render, teach, why};
use crate::reason::catalogue::Technique;
use crate::reason::step::{
    Als, Broken, CellCandidates, ChainNode, Deduction, FishKind, MedusaClash, OverlapKind,
    RectangleKind, RuleReason, SimpleChainKind, Step,
};
use crate::reason::step::{ChainEnd, RuleLink, RuleRef};
use crate::reason::step::{DynamicBranch, DynamicLink, DynamicSource, DynamicWhy};
use crate::reason::test_util::{cand, cell_id, set, shape_id, symbol};
use crate::{Geometry, ShapeId};

fn elim(g: &Geometry, list: &[(u32, u32, u8)], d: Deduction) -> Step {
    Step::eliminating(list.iter().map(|&(r, c, v)| cand(g, r, c, v)).collect(), d)
}

fn rows(g: &Geometry, names: &[&str]) -> Vec<ShapeId> {
    names.iter().map(|n| shape_id(g, n)).collect()
}

/// Steps of the finer techniques that differ from a sample only in size or kind.
fn variants(g: &Geometry) -> Vec<Step> {
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

/// One step of every other deduction, constructed by hand on the classic grid.
fn samples(g: &Geometry) -> Vec<Step> {
    let c = |r, k| cell_id(g, r, k);
    let node = |v: u8, cells: &[(u32, u32)]| ChainNode {
        symbol: symbol(v),
        cells: cells.iter().map(|&(r, k)| c(r, k)).collect(),
    };
    let als = |cells: Vec<_>, syms: &[u8], shape: &str| Als {
        shape: shape_id(g, shape),
        cells,
        symbols: set(syms),
    };
    let mut out = variants(g);
    out.extend([
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
        Step {
            placements: vec![cand(g, 1, 1, 1)],
            eliminations: Vec::new(),
            deduction: Deduction::Template {
                symbol: symbol(1),
                templates: 12,
                placing: true,
            },
        },
        elim(
            g,
            &[(2, 1, 1), (3, 1, 1)],
            Deduction::Template {
                symbol: symbol(1),
                templates: 12,
                placing: false,
            },
        ),
        elim(
            g,
            &[(1, 1, 1)],
            Deduction::ForcingChain {
                assumed: cand(g, 1, 1, 1),
                implied: vec![cand(g, 1, 2, 3)],
                broken: Broken::Cell { cell: c(1, 3) },
            },
        ),
        elim(
            g,
            &[(1, 3, 2)],
            Deduction::RuleElimination {
                rule: 0,
                cells: vec![],
                reason: RuleReason::SumCombinations {
                    group: vec![c(1, 1), c(1, 2), c(1, 3)],
                    targets: vec![6],
                    combos: vec![set(&[1, 2, 3])],
                },
            },
        ),
        elim(
            g,
            &[(2, 3, 5)],
            Deduction::RuleElimination {
                rule: 0,
                cells: vec![],
                reason: RuleReason::SumNeeds {
                    group: vec![c(2, 1), c(2, 2)],
                    needed: symbol(5),
                    holders: vec![c(2, 1), c(2, 2)],
                    house: shape_id(g, "row 2"),
                },
            },
        ),
        elim(
            g,
            &[(1, 1, 1)],
            Deduction::RuleForcingChain {
                assumed: cand(g, 1, 1, 1),
                links: vec![
                    RuleLink::Rule {
                        rule: RuleRef::Rule(0),
                        eliminations: vec![cand(g, 1, 2, 2)],
                        reason: RuleReason::Partner { partner: c(1, 1) },
                    },
                    RuleLink::NakedSingle {
                        cell: c(1, 2),
                        symbol: symbol(3),
                    },
                ],
                end: ChainEnd::Broken(Broken::Cell { cell: c(1, 3) }),
            },
        ),
        // The same chain with an inner chain where the rules come to rest.
        elim(
            g,
            &[(1, 1, 1)],
            Deduction::RuleForcingChain {
                assumed: cand(g, 1, 1, 1),
                links: vec![
                    RuleLink::Nested {
                        assumed: cand(g, 1, 2, 2),
                        links: vec![RuleLink::NakedSingle {
                            cell: c(1, 2),
                            symbol: symbol(3),
                        }],
                        end: ChainEnd::Broken(Broken::Cell { cell: c(1, 4) }),
                    },
                    RuleLink::NakedSingle {
                        cell: c(1, 2),
                        symbol: symbol(3),
                    },
                ],
                end: ChainEnd::Broken(Broken::Cell { cell: c(1, 3) }),
            },
        ),
        Step::placing(
            cand(g, 1, 1, 1),
            Deduction::DynamicForcingChain {
                source: DynamicSource::Contradiction,
                branches: vec![DynamicBranch {
                    links: vec![
                        DynamicLink {
                            candidate: cand(g, 1, 1, 1),
                            on: false,
                            why: DynamicWhy::Assumed,
                        },
                        DynamicLink {
                            candidate: cand(g, 1, 1, 2),
                            on: true,
                            why: DynamicWhy::NakedSingle,
                        },
                        DynamicLink {
                            candidate: cand(g, 1, 2, 2),
                            on: false,
                            why: DynamicWhy::Excluded {
                                by: cand(g, 1, 1, 2),
                            },
                        },
                    ],
                    broken: Some(Broken::Cell { cell: c(1, 2) }),
                }],
            },
        ),
        Step::placing(
            cand(g, 2, 5, 1),
            Deduction::Guess {
                cell: c(2, 5),
                options: set(&[1, 4]),
            },
        ),
    ]);
    out
}

#[test]
fn every_technique_has_a_why_text_naming_its_step() {
    let g = crate::builtin::geometry("classic").unwrap();
    let steps = samples(&g);
    for &t in Technique::all() {
        assert!(
            steps.iter().any(|s| s.technique() == t),
            "no teaching sample for {}",
            t.id()
        );
    }
    for s in &steps {
        let w = why(&g, s);
        assert!(
            w.ends_with('.') && w.len() > 60,
            "{}: {w}",
            s.technique().id()
        );
        // The why-text speaks of this step, not of the technique in general: it names a cell
        // the step rests on or changes.
        let named = s
            .deduction
            .cells()
            .into_iter()
            .chain(s.placements.iter().chain(&s.eliminations).map(|c| c.cell))
            .any(|c| w.contains(&super::phrases::cell(&g, c)));
        let shapes = s
            .deduction
            .shapes()
            .into_iter()
            .any(|h| w.contains(&g.shape_label(h.index())));
        assert!(named || shapes, "{}: {w}", s.technique().id());
        assert_eq!(
            render(&g, s, Style::Teach),
            format!("{}. Why: {w}", super::text(&g, s))
        );
    }
}

#[test]
fn x_wing_why_text() {
    let g = crate::builtin::geometry("classic").unwrap();
    let s = elim(
        &g,
        &[(6, 6, 3), (7, 6, 3), (9, 6, 3)],
        Deduction::Fish {
            symbol: symbol(3),
            base: rows(&g, &["row 5", "row 8"]),
            cover: rows(&g, &["column 6", "column 8"]),
            kind: FishKind::Basic,
        },
    );
    assert_eq!(
        teach(&g, &s),
        "r6c6, r7c6, r9c6 ≠ 3: X-wing on 3 in rows 5 and 8, columns 6 and 8. Why: Candidate 3 \
         must go once in each of row 5 and row 8, and all its places there lie in column 6 and \
         column 8; whichever way round, these two 3s are all the 3s those two houses can hold \
         (one each), so no other cell of column 6 or column 8 can be 3 (the X-wing)."
    );
}

#[test]
fn wing_and_pair_why_texts_name_candidates() {
    let g = crate::builtin::geometry("classic").unwrap();
    let steps = samples(&g);
    let find = |t: Technique| steps.iter().find(|s| s.technique() == t).unwrap();
    assert_eq!(
        teach(&g, find(Technique::XyWing)),
        "r1c3 ≠ 3: XY-Wing with pivot r1c1 {1,2} and pincers r1c5 {1,3} and r2c2 {2,3}: one of \
         them is 3, which every cell seeing all of them loses. Why: The pivot r1c1 {1,2} is 1 or \
         2: if 1, the pincer r1c5 {1,3} (which sees it) is left with 3; if 2, the pincer r2c2 \
         {2,3} is. Either way one pincer is 3, so a cell seeing both pincers cannot be 3."
    );
    assert_eq!(
        why(&g, find(Technique::NakedPair)),
        "The 2 cells r1c1 and r1c2 have only the 2 candidates 1 and 2 between them, so they take \
         exactly these symbols, one each; any other cell of row 1 that took one of them would \
         leave one of the 2 cells empty, so none can."
    );
    assert_eq!(
        why(&g, find(Technique::WWing)),
        "Row 9 has its 1 at r9c1 or r9c5. If at r9c1, r1c1 (which sees it) cannot be 1 and holds \
         2; if at r9c5, r5c5 holds 2. Either way r1c1 or r5c5 is 2, so a cell seeing both cannot \
         be 2."
    );
}

#[test]
fn why_texts_name_the_shapes_of_other_geometries() {
    // A jigsaw's regions and a Samurai's grids are named as the text form names them.
    for name in ["jigsaw", "samurai"] {
        let g = crate::builtin::geometry(name).unwrap();
        let house = ShapeId::new(
            g.shapes()
                .iter()
                .position(|s| s.kind != crate::ShapeKind::Row && s.kind != crate::ShapeKind::Column)
                .unwrap(),
        );
        let first = g.shape(house.index()).cells[0];
        let s = Step::placing(
            crate::reason::step::Candidate::at(first, 0),
            Deduction::HiddenSingle { house },
        );
        let w = why(&g, &s);
        // The sentence starts with the shape's label, capitalised.
        let label = g.shape_label(house.index());
        assert!(w.to_lowercase().starts_with(&label.to_lowercase()), "{w}");
        assert!(w.starts_with(char::is_uppercase), "{w}");
        assert!(
            w.contains(&super::phrases::cell(&g, crate::CellId::new(first))),
            "{w}"
        );
    }
}

#[test]
fn why_texts_read_symbols_aloud() {
    let g = crate::builtin::geometry("classic").unwrap();
    let single = |v: u8| {
        why(
            &g,
            &Step::placing(
                cand(&g, 4, 6, v),
                Deduction::HiddenSingle {
                    house: shape_id(&g, "box 5"),
                },
            ),
        )
    };
    assert!(
        single(8).starts_with("Box 5 must hold an 8 somewhere"),
        "{}",
        single(8)
    );
    assert!(
        single(7).starts_with("Box 5 must hold a 7 somewhere"),
        "{}",
        single(7)
    );
}

#[test]
fn every_technique_is_written_by_its_family() {
    // The forms find a step's words through the family the catalogue gives its technique; a
    // deduction its family's words have no arm for would fall back to the technique's name.
    let g = crate::builtin::geometry("classic").unwrap();
    for s in samples(&g).iter().chain(&variants(&g)) {
        if matches!(s.deduction, Deduction::Dual { .. }) {
            continue;
        }
        let t = s.technique().id();
        assert!(super::families::reason(&g, s).is_some(), "text: {t}");
        assert!(
            super::families::compact(&g, &s.deduction).is_some(),
            "compact: {t}"
        );
        assert!(super::families::why(&g, s).is_some(), "why: {t}");
    }
}
