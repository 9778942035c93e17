//! One sample step of each deduction of a family: templates, forcing chains, rule steps and guesses, constructed by hand on the
//! classic grid.

use super::*;

pub(super) fn steps(g: &Geometry) -> Vec<Step> {
    let c = |r, k| cell_id(g, r, k);
    vec![
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
    ]
}
