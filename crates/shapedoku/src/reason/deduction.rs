//! What a [`Deduction`] says of itself: the catalogue technique it is an instance of, and the
//! house, shapes and cells it rests on (for highlighting and explanations). The data itself is
//! in `step.rs`.

use super::catalogue::Technique;
use super::step::{
    ChainNode, Deduction, FishKind, OverlapKind, RectangleKind, RuleLink, SimpleChainKind,
};
use crate::{CellId, ShapeId};

/// A subset's technique by its size.
fn by_size(n: usize, [pair, triple, quad]: [Technique; 3]) -> Technique {
    match n {
        0..=2 => pair,
        3 => triple,
        _ => quad,
    }
}

impl Deduction {
    /// The technique this deduction is an instance of.
    pub fn technique(&self) -> Technique {
        use Technique as T;
        match self {
            Deduction::FullHouse { .. } => T::FullHouse,
            Deduction::HiddenSingle { .. } => T::HiddenSingle,
            Deduction::NakedSingle => T::NakedSingle,
            Deduction::RuleElimination { reason, .. } => reason.technique(),
            Deduction::ShapeOverlap { kind, .. } => match kind {
                OverlapKind::Pointing => T::LockedCandidatesPointing,
                OverlapKind::Claiming => T::LockedCandidatesClaiming,
                OverlapKind::Other => T::ShapeOverlap,
            },
            Deduction::NakedSubset { cells, .. } => {
                by_size(cells.len(), [T::NakedPair, T::NakedTriple, T::NakedQuad])
            }
            Deduction::HiddenSubset { cells, .. } => {
                by_size(cells.len(), [T::HiddenPair, T::HiddenTriple, T::HiddenQuad])
            }
            Deduction::LockedSubset { cells, .. } => by_size(
                cells.len(),
                [T::LockedPair, T::LockedTriple, T::LockedTriple],
            ),
            Deduction::CageCombination { .. } => T::CageCombination,
            Deduction::Innies { .. } => T::InniesOuties,
            Deduction::CageOverlap { .. } => T::CageOverlap,
            Deduction::Fish { base, kind, .. } => match kind {
                FishKind::Basic => by_size(base.len(), [T::XWing, T::Swordfish, T::Jellyfish]),
                FishKind::Franken => by_size(
                    base.len(),
                    [T::FrankenXWing, T::FrankenSwordfish, T::FrankenJellyfish],
                ),
            },
            Deduction::SimpleChain { kind, .. } => match kind {
                SimpleChainKind::Skyscraper => T::Skyscraper,
                SimpleChainKind::TwoStringKite => T::TwoStringKite,
                SimpleChainKind::TurbotFish => T::TurbotFish,
            },
            Deduction::FinnedFish {
                base,
                sashimi: false,
                ..
            } => by_size(
                base.len(),
                [T::FinnedXWing, T::FinnedSwordfish, T::FinnedJellyfish],
            ),
            Deduction::FinnedFish {
                base,
                sashimi: true,
                ..
            } => by_size(
                base.len(),
                [T::SashimiXWing, T::SashimiSwordfish, T::SashimiJellyfish],
            ),
            Deduction::FinnedFrankenFish {
                base,
                mutant: false,
                ..
            } => by_size(
                base.len(),
                [
                    T::FinnedFrankenXWing,
                    T::FinnedFrankenSwordfish,
                    T::FinnedFrankenJellyfish,
                ],
            ),
            Deduction::FinnedFrankenFish {
                base, mutant: true, ..
            } => by_size(
                base.len(),
                [
                    T::FinnedMutantXWing,
                    T::FinnedMutantSwordfish,
                    T::FinnedMutantJellyfish,
                ],
            ),
            Deduction::EmptyRectangle { .. } => T::EmptyRectangle,
            Deduction::KrakenFish { house: None, .. } => T::KrakenFishType1,
            Deduction::KrakenFish { house: Some(_), .. } => T::KrakenFishType2,
            Deduction::Dual { parts } => match parts.first().map(Deduction::technique) {
                Some(T::EmptyRectangle) => T::DualEmptyRectangle,
                Some(T::TwoStringKite) | None => T::DualTwoStringKite,
                // Siamese fish keep their fish's technique, as in HoDoKu.
                Some(fish) => fish,
            },
            Deduction::UniqueRectangle { kind, .. } => match kind {
                RectangleKind::Type1 => T::UniqueRectangle1,
                RectangleKind::Type2 => T::UniqueRectangle2,
                RectangleKind::Type3 => T::UniqueRectangle3,
                RectangleKind::Type4 => T::UniqueRectangle4,
                RectangleKind::Hidden => T::HiddenRectangle,
                RectangleKind::Type5 => T::UniqueRectangle5,
                RectangleKind::Type6 => T::UniqueRectangle6,
                RectangleKind::Avoidable1 => T::AvoidableRectangle1,
                RectangleKind::Avoidable2 => T::AvoidableRectangle2,
            },
            Deduction::BugPlusOne { .. } => T::BugPlusOne,
            Deduction::XyWing { .. } => T::XyWing,
            Deduction::XyzWing { .. } => T::XyzWing,
            Deduction::WWing { .. } => T::WWing,
            Deduction::RemotePair { .. } => T::RemotePair,
            Deduction::SimpleColours { wrap: false, .. } => T::SimpleColorsTrap,
            Deduction::SimpleColours { wrap: true, .. } => T::SimpleColorsWrap,
            Deduction::MultiColours {
                both_seen: false, ..
            } => T::MultiColors1,
            Deduction::MultiColours {
                both_seen: true, ..
            } => T::MultiColors2,
            Deduction::Medusa { .. } => T::Medusa3d,
            Deduction::XChain { .. } => T::XChain,
            Deduction::XyChain { .. } => T::XyChain,
            Deduction::Aic { .. } => T::Aic,
            Deduction::GroupedXChain { .. } => T::GroupedXChain,
            Deduction::GroupedAic { .. } => T::GroupedAic,
            Deduction::NiceLoop {
                nodes, continuous, ..
            } => match (*continuous, nodes.iter().any(ChainNode::is_group)) {
                (true, false) => T::ContinuousNiceLoop,
                (false, false) => T::DiscontinuousNiceLoop,
                (true, true) => T::GroupedContinuousNiceLoop,
                (false, true) => T::GroupedDiscontinuousNiceLoop,
            },
            Deduction::WxyzWing { .. } => T::WxyzWing,
            Deduction::SueDeCoq { .. } => T::SueDeCoq,
            Deduction::AlsXz { .. } => T::AlsXz,
            Deduction::AlsXyWing { .. } => T::AlsXyWing,
            Deduction::AlsChain { .. } => T::AlsXyChain,
            Deduction::DeathBlossom { .. } => T::DeathBlossom,
            Deduction::Template { placing: true, .. } => T::TemplateSet,
            Deduction::Template { placing: false, .. } => T::TemplateDelete,
            Deduction::ForcingChain { .. } => T::ForcingChain,
            Deduction::RuleForcingChain { links, .. } if links.iter().any(RuleLink::is_nested) => {
                T::NestedRuleForcingChain
            }
            Deduction::RuleForcingChain { .. } => T::RuleForcingChain,
            Deduction::Guess { .. } => T::Guess,
            Deduction::DynamicForcingChain { .. } => T::DynamicForcingChain,
        }
    }

    /// The house the step starts from, for ratings that depend on its kind: a single's house,
    /// an overlap's source.
    pub fn house(&self) -> Option<ShapeId> {
        match self {
            Deduction::FullHouse { house } | Deduction::HiddenSingle { house } => Some(*house),
            Deduction::ShapeOverlap { source, .. } => Some(*source),
            _ => None,
        }
    }

    /// The step's length, for ratings that depend on it: the placements a forcing chain forces,
    /// the links of a chain; 0 for other techniques.
    pub fn length(&self) -> usize {
        match self {
            Deduction::ForcingChain { implied, .. } => implied.len(),
            Deduction::RuleForcingChain { links, .. } => links.iter().map(RuleLink::length).sum(),
            // Every link of every branch but the premises.
            Deduction::DynamicForcingChain { branches, .. } => branches
                .iter()
                .map(|b| b.links.len().saturating_sub(1))
                .sum(),
            Deduction::SimpleChain { nodes, .. }
            | Deduction::XChain { nodes }
            | Deduction::XyChain { nodes }
            | Deduction::Aic { nodes } => nodes.len().saturating_sub(1),
            Deduction::GroupedXChain { nodes } | Deduction::GroupedAic { nodes } => {
                nodes.len().saturating_sub(1)
            }
            // A continuous loop's closing link is not among its nodes.
            Deduction::NiceLoop {
                nodes, continuous, ..
            } => nodes.len().saturating_sub(usize::from(!*continuous)),
            // The longest of its chains.
            Deduction::KrakenFish { chains, .. } => chains
                .iter()
                .map(|c| c.len().saturating_sub(1))
                .max()
                .unwrap_or(0),
            _ => 0,
        }
    }

    /// The shapes the deduction names, in the order it names them.
    pub fn shapes(&self) -> Vec<ShapeId> {
        match self {
            Deduction::FullHouse { house } | Deduction::HiddenSingle { house } => vec![*house],
            Deduction::ShapeOverlap { source, target, .. }
            | Deduction::CageOverlap { source, target, .. } => vec![*source, *target],
            Deduction::NakedSubset { shape, .. } => vec![*shape],
            Deduction::HiddenSubset { house, .. } => vec![*house],
            Deduction::LockedSubset { shapes, .. } => shapes.to_vec(),
            Deduction::CageCombination { cage, .. } => vec![*cage],
            Deduction::Fish { base, cover, .. } => base.iter().chain(cover).copied().collect(),
            Deduction::Innies { houses, cages, .. } => {
                houses.iter().chain(cages).copied().collect()
            }
            Deduction::WWing { house, .. } => vec![*house],
            Deduction::SueDeCoq { shapes, .. } => shapes.to_vec(),
            Deduction::AlsXz { sets, .. } => sets.iter().map(|a| a.shape).collect(),
            Deduction::AlsXyWing { sets, .. } => sets.iter().map(|a| a.shape).collect(),
            Deduction::AlsChain { sets, .. } => sets.iter().map(|a| a.shape).collect(),
            Deduction::DeathBlossom { petals, .. } => petals.iter().map(|a| a.shape).collect(),
            Deduction::FinnedFish { base, cover, .. }
            | Deduction::FinnedFrankenFish { base, cover, .. }
            | Deduction::KrakenFish { base, cover, .. } => {
                base.iter().chain(cover).copied().collect()
            }
            Deduction::Dual { parts } => parts.iter().flat_map(Deduction::shapes).collect(),
            Deduction::EmptyRectangle {
                house,
                lines,
                link_house,
                ..
            } => vec![*house, lines[0], lines[1], *link_house],
            Deduction::UniqueRectangle { house, .. } => house.iter().copied().collect(),
            _ => Vec::new(),
        }
    }

    /// The cells the deduction rests on (subset cells, wing cells, chain cells), in order.
    pub fn cells(&self) -> Vec<CellId> {
        match self {
            Deduction::NakedSubset { cells, .. }
            | Deduction::HiddenSubset { cells, .. }
            | Deduction::LockedSubset { cells, .. }
            | Deduction::Innies { cells, .. } => cells.clone(),
            Deduction::XyWing { pivot, pincers, .. }
            | Deduction::XyzWing { pivot, pincers, .. } => {
                std::iter::once(*pivot).chain(*pincers).collect()
            }
            Deduction::SimpleChain { nodes, .. }
            | Deduction::XChain { nodes }
            | Deduction::XyChain { nodes }
            | Deduction::Aic { nodes } => nodes.iter().map(|n| n.cell).collect(),
            Deduction::GroupedXChain { nodes }
            | Deduction::GroupedAic { nodes }
            | Deduction::NiceLoop { nodes, .. } => {
                nodes.iter().flat_map(|n| n.cells.iter().copied()).collect()
            }
            Deduction::Guess { cell, .. } => vec![*cell],
            Deduction::DynamicForcingChain { branches, .. } => {
                let mut v: Vec<CellId> = branches
                    .iter()
                    .flat_map(|b| b.links.iter().map(|l| l.candidate.cell))
                    .collect();
                let mut seen = std::collections::HashSet::new();
                v.retain(|c| seen.insert(*c));
                v
            }
            Deduction::RuleForcingChain { assumed, links, .. } => {
                let mut v = vec![assumed.cell];
                for l in links {
                    match l {
                        RuleLink::NakedSingle { cell, .. }
                        | RuleLink::HiddenSingle { cell, .. } => v.push(*cell),
                        RuleLink::Rule { reason, .. } => v.extend(reason.cells()),
                        RuleLink::Locked { .. } => {}
                        RuleLink::Nested { assumed, .. } => v.push(assumed.cell),
                    }
                }
                let mut seen = std::collections::HashSet::new();
                v.retain(|c| seen.insert(*c));
                v
            }
            Deduction::RuleElimination { cells, reason, .. } => {
                let mut v = cells.clone();
                v.extend(reason.cells().into_iter().filter(|c| !cells.contains(c)));
                v
            }
            Deduction::WWing { cells, link, .. } => cells.iter().chain(link).copied().collect(),
            Deduction::RemotePair { cells, .. } => cells.clone(),
            Deduction::SimpleColours { colours, .. } => colours.concat(),
            Deduction::MultiColours { networks, .. } => networks.concat().concat(),
            Deduction::Medusa { colours, .. } => {
                let mut v: Vec<CellId> = colours.concat().iter().map(|c| c.cell).collect();
                v.sort_unstable();
                v.dedup();
                v
            }
            Deduction::WxyzWing { pivot, wings, .. } => std::iter::once(pivot)
                .chain(wings)
                .map(|w| w.cell)
                .collect(),
            Deduction::SueDeCoq { core, sides, .. } => core
                .iter()
                .chain(&sides[0])
                .chain(&sides[1])
                .copied()
                .collect(),
            Deduction::AlsXz { sets, .. } => sets.iter().flat_map(|a| a.cells.clone()).collect(),
            Deduction::AlsXyWing { sets, .. } => {
                sets.iter().flat_map(|a| a.cells.clone()).collect()
            }
            Deduction::AlsChain { sets, .. } => sets.iter().flat_map(|a| a.cells.clone()).collect(),
            Deduction::DeathBlossom { stem, petals } => std::iter::once(stem.cell)
                .chain(petals.iter().flat_map(|a| a.cells.clone()))
                .collect(),
            Deduction::FinnedFish { fins, .. }
            | Deduction::FinnedFrankenFish { fins, .. }
            | Deduction::KrakenFish { fins, .. } => fins.clone(),
            Deduction::EmptyRectangle { link, .. } => link.to_vec(),
            Deduction::Dual { parts } => parts.iter().flat_map(Deduction::cells).collect(),
            Deduction::UniqueRectangle { cells, subset, .. } => {
                cells.iter().chain(subset).copied().collect()
            }
            Deduction::BugPlusOne { cell, .. } => vec![*cell],
            _ => Vec::new(),
        }
    }
}
