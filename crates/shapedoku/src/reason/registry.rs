//! The registry: every search, in the order the logical solver tries them, with the
//! techniques each can find. It is the one place that knows every technique family's searches;
//! the families know nothing of it. There are two orders ([`Order`]): shapedoku's own, which
//! the Sudoku Explainer estimate was fitted on, and HoDoKu's default step configuration.

use super::board::Board;
use super::catalogue::Technique;
use super::finder::{FindFn, Finder};
use super::{als, basics, chains, colouring, fish, last_resort, rules, uniqueness, wings};

/// One search of the [`registry`]: a function and the techniques its steps can be (a family
/// found in one pass, such as finned fish of every size, is one search).
#[derive(Debug, Clone, Copy)]
pub struct Search {
    /// The techniques of the steps it finds.
    pub techniques: &'static [Technique],
    /// The search.
    pub find: FindFn,
    /// How many instances the solver looks at before choosing the one that eliminates most
    /// (1: the first found is taken, for singles, whose steps are all worth one placement, and
    /// for the chain searches, where looking further costs more than the choice gains).
    pub choose_among: usize,
}

/// The order the logical solver tries the techniques in (docs/techniques.md lists both).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Order {
    /// shapedoku's order, which the Sudoku Explainer estimate was fitted on: HoDoKu's for
    /// most techniques, but hidden pairs before naked triples, the WXYZ-wing after the
    /// XYZ-wing, the unique rectangles and BUG+1 after the wings, 3D Medusa after the
    /// colourings, Franken fish with the basic fish of their size, the almost locked sets
    /// after the grouped chains and the finned Franken and mutant fish after the forcing
    /// chains.
    #[default]
    Default,
    /// HoDoKu's default step configuration ([`HODOKU_ORDER`]): its techniques in its order,
    /// then those its default solve leaves out or does not have, before the guess.
    Hodoku,
}

impl Order {
    /// Every order.
    pub const ALL: [Order; 2] = [Order::Default, Order::Hodoku];
    /// The order's name: `default`, `hodoku`.
    pub fn name(self) -> &'static str {
        match self {
            Order::Default => "default",
            Order::Hodoku => "hodoku",
        }
    }
    /// The order with this name.
    pub fn from_name(name: &str) -> Option<Order> {
        Order::ALL.into_iter().find(|o| o.name() == name)
    }
}

/// How many instances of a cheap technique the solver compares: enough to hold every
/// instance on a 9x9 board in practice, bounded so a big geometry cannot make it quadratic.
const CHOOSE_AMONG: usize = 64;

/// Every search, simplest first, in the default order. The logical solver runs them in this
/// order and applies a step of the first search that finds one. Singles go as in HoDoKu's
/// default order: full house, naked single, hidden single; subsets go by size, pairs before
/// triples.
pub fn registry() -> &'static [Search] {
    registry_in(Order::Default)
}

/// Every search, in `order`.
pub fn registry_in(order: Order) -> &'static [Search] {
    match order {
        Order::Default => DEFAULT,
        Order::Hodoku => HODOKU,
    }
}

/// A search whose instances the solver compares ([`CHOOSE_AMONG`] of them).
const fn s(techniques: &'static [Technique], find: FindFn) -> Search {
    Search {
        techniques,
        find,
        choose_among: CHOOSE_AMONG,
    }
}

/// A search whose first instance the solver takes.
const fn first(techniques: &'static [Technique], find: FindFn) -> Search {
    Search {
        techniques,
        find,
        choose_among: 1,
    }
}

use Technique as T;

const OVERLAPS: &[Technique] = &[
    T::LockedCandidatesPointing,
    T::LockedCandidatesClaiming,
    T::ShapeOverlap,
];
// Fish go by size, as subsets do: a size that finds something spares the larger ones,
// and the solver chooses among the first technique found, of the smallest size, anyway.
const X_WINGS: &[Technique] = &[T::XWing, T::FrankenXWing];
const SWORDFISH: &[Technique] = &[T::Swordfish, T::FrankenSwordfish];
const JELLYFISH: &[Technique] = &[T::Jellyfish, T::FrankenJellyfish];
const SIMPLE_CHAINS: &[Technique] = &[
    T::Skyscraper,
    T::TwoStringKite,
    T::DualTwoStringKite,
    T::TurbotFish,
];
const COLOURS: &[Technique] = &[T::SimpleColorsTrap, T::SimpleColorsWrap];
const MULTI_COLOURS: &[Technique] = &[T::MultiColors1, T::MultiColors2];
const UNIQUENESS: &[Technique] = &[
    T::UniqueRectangle1,
    T::UniqueRectangle2,
    T::UniqueRectangle3,
    T::UniqueRectangle4,
    T::UniqueRectangle5,
    T::UniqueRectangle6,
    T::HiddenRectangle,
    T::AvoidableRectangle1,
    T::AvoidableRectangle2,
    T::BugPlusOne,
];
const FINNED_FISH: &[Technique] = &[
    T::FinnedXWing,
    T::SashimiXWing,
    T::FinnedSwordfish,
    T::SashimiSwordfish,
    T::FinnedJellyfish,
    T::SashimiJellyfish,
];
const FINNED_FRANKEN: &[Technique] = &[
    T::FinnedFrankenXWing,
    T::FinnedFrankenSwordfish,
    T::FinnedFrankenJellyfish,
    T::FinnedMutantXWing,
    T::FinnedMutantSwordfish,
    T::FinnedMutantJellyfish,
];
const GROUPED_CHAINS: &[Technique] = &[T::GroupedXChain, T::GroupedAic];
const NICE_LOOPS: &[Technique] = &[
    T::ContinuousNiceLoop,
    T::DiscontinuousNiceLoop,
    T::GroupedContinuousNiceLoop,
    T::GroupedDiscontinuousNiceLoop,
];

const DEFAULT: &[Search] = &[
    first(&[T::FullHouse], basics::singles::full_house),
    first(&[T::NakedSingle], basics::singles::naked_single),
    first(&[T::HiddenSingle], basics::singles::hidden_single),
    s(&[T::RuleElimination], rules::elimination::find),
    s(&[T::LockedPair], basics::locked_subsets::locked_pairs),
    s(&[T::LockedTriple], basics::locked_subsets::locked_triples),
    s(OVERLAPS, basics::overlap::find),
    s(&[T::NakedPair], basics::subsets::naked_pairs),
    s(&[T::HiddenPair], basics::subsets::hidden_pairs),
    s(&[T::NakedTriple], basics::subsets::naked_triples),
    s(&[T::HiddenTriple], basics::subsets::hidden_triples),
    s(&[T::NakedQuad], basics::subsets::naked_quads),
    s(&[T::HiddenQuad], basics::subsets::hidden_quads),
    s(&[T::CageCombination], rules::cages::find_combinations),
    s(&[T::RuleCombination], rules::elimination::find_combinations),
    s(&[T::InniesOuties], rules::innies::find),
    s(&[T::CageOverlap], rules::cage_overlap::find),
    s(&[T::RuleSet], rules::elimination::find_sets),
    s(X_WINGS, fish::basic::find_x_wings),
    s(SWORDFISH, fish::basic::find_swordfish),
    s(JELLYFISH, fish::basic::find_jellyfish),
    s(&[T::RemotePair], colouring::simple::find_remote_pairs),
    s(SIMPLE_CHAINS, chains::dual::find_simple_chains),
    s(
        &[T::EmptyRectangle, T::DualEmptyRectangle],
        chains::dual::find_empty_rectangles,
    ),
    s(&[T::WWing], wings::w_wing::find),
    s(&[T::XyWing], wings::xy::find_xy),
    s(&[T::XyzWing], wings::xy::find_xyz),
    s(&[T::WxyzWing], wings::wxyz::find),
    s(UNIQUENESS, uniqueness::rectangles::find),
    s(FINNED_FISH, fish::finned::find),
    // Pairs of the finned fish: runs only where they found none, so finds none (see the
    // module); for hints and tools.
    s(FINNED_FISH, fish::siamese::find),
    s(COLOURS, colouring::simple::find_simple_colours),
    s(MULTI_COLOURS, colouring::multi::find),
    s(&[T::Medusa3d], colouring::medusa::find),
    s(&[T::SueDeCoq], als::sue_de_coq::find),
    first(&[T::XChain], chains::aic::find_x),
    first(&[T::XyChain], chains::aic::find_xy),
    first(&[T::Aic], chains::aic::find_aic),
    s(GROUPED_CHAINS, chains::grouped::find),
    s(&[T::AlsXz], als::xz::find),
    s(&[T::AlsXyWing], als::xy_wing::find),
    s(&[T::AlsXyChain], als::xy_chain::find),
    s(&[T::DeathBlossom], als::death_blossom::find),
    first(&[T::ForcingChain], chains::forcing::find),
    // On setters' puzzles the rules carry the logic: before the costly searches that only
    // stand in for a guess (and nothing on a classic grid).
    first(&[T::RuleForcingChain], chains::rule_forcing::find),
    s(NICE_LOOPS, chains::nice_loops::find),
    s(FINNED_FRANKEN, fish::franken::find),
    first(
        &[T::KrakenFishType1, T::KrakenFishType2],
        fish::kraken::find,
    ),
    s(
        &[T::TemplateSet, T::TemplateDelete],
        last_resort::templates::find,
    ),
    // Where only a guess is left: chains over rules with inner chains (nothing on a classic
    // grid), then Sudoku Explainer's dynamic forcing chains.
    first(
        &[T::NestedRuleForcingChain],
        chains::rule_forcing::find_nested,
    ),
    first(&[T::DynamicForcingChain], chains::dynamic::find),
    first(&[T::Guess], last_resort::guess::find),
];

/// The techniques in the order of HoDoKu's default step configuration (`Options.java`,
/// `DEFAULT_SOLVER_STEPS`, sorted by each step's index), the steps its default solve uses;
/// then, after its forcing chains, those it leaves out by default (death blossom, Franken
/// jellyfish and the larger finned Franken and mutant fish, kraken fish, templates, duals and
/// siamese fish) or does not have (WXYZ-wing, 3D Medusa), before the guess (HoDoKu's brute
/// force). HoDoKu knows only rows, columns and boxes: the rule, cage and shape-overlap
/// techniques keep their places of the default order. Under [`Order::Hodoku`] the solver's
/// step is of the first technique of this list that has one.
pub const HODOKU_ORDER: &[Technique] = &[
    T::FullHouse,                // 100
    T::NakedSingle,              // 200
    T::HiddenSingle,             // 300
    T::RuleElimination,          // (no rules in HoDoKu)
    T::LockedPair,               // 1000
    T::LockedTriple,             // 1100
    T::LockedCandidatesPointing, // 1200
    T::LockedCandidatesClaiming, // 1210
    T::ShapeOverlap,             // (no other shapes in HoDoKu)
    T::NakedPair,                // 1300
    T::NakedTriple,              // 1400
    T::HiddenPair,               // 1500
    T::HiddenTriple,             // 1600
    T::NakedQuad,                // 2000
    T::HiddenQuad,               // 2100
    T::CageCombination,          // (no cages in HoDoKu)
    T::RuleCombination,
    T::InniesOuties,
    T::CageOverlap,
    T::RuleSet,
    T::XWing,               // 2200
    T::Swordfish,           // 2300
    T::Jellyfish,           // 2400
    T::RemotePair,          // 2800
    T::BugPlusOne,          // 2900
    T::Skyscraper,          // 3000
    T::TwoStringKite,       // 3100
    T::TurbotFish,          // 3120
    T::EmptyRectangle,      // 3170
    T::WWing,               // 3200
    T::XyWing,              // 3300
    T::XyzWing,             // 3400
    T::UniqueRectangle1,    // 3500
    T::UniqueRectangle2,    // 3600
    T::UniqueRectangle3,    // 3700
    T::UniqueRectangle4,    // 3800
    T::UniqueRectangle5,    // 3900
    T::UniqueRectangle6,    // 4000
    T::HiddenRectangle,     // 4010
    T::AvoidableRectangle1, // 4020
    T::AvoidableRectangle2, // 4030
    T::FinnedXWing,         // 4100
    T::SashimiXWing,        // 4200
    T::FinnedSwordfish,     // 4300
    T::SashimiSwordfish,    // 4400
    T::FinnedJellyfish,     // 4500
    T::SashimiJellyfish,    // 4600
    T::SueDeCoq,            // 5300
    T::SimpleColorsTrap,    // 5330 (one step type for trap and wrap)
    T::SimpleColorsWrap,
    T::MultiColors1, // 5360 (one step type for both)
    T::MultiColors2,
    T::XChain,  // 5400
    T::XyChain, // 5500
    T::Aic,     // 5600 (nice loops and AICs: one step type)
    T::ContinuousNiceLoop,
    T::DiscontinuousNiceLoop,
    T::GroupedXChain, // 5650 (grouped nice loops and AICs)
    T::GroupedAic,
    T::GroupedContinuousNiceLoop,
    T::GroupedDiscontinuousNiceLoop,
    T::AlsXz,                  // 5700
    T::AlsXyWing,              // 5800
    T::AlsXyChain,             // 5900
    T::FrankenXWing,           // 6100
    T::FrankenSwordfish,       // 6200
    T::FinnedFrankenXWing,     // 6700
    T::FinnedFrankenSwordfish, // 6800
    T::ForcingChain,           // 8500
    T::RuleForcingChain,       // (no rules in HoDoKu)
    // Not in HoDoKu's default solve, or not in HoDoKu:
    T::DualTwoStringKite,
    T::DualEmptyRectangle,
    T::WxyzWing,
    T::FrankenJellyfish, // 6300, off by default
    T::Medusa3d,
    T::DeathBlossom,           // 6000, off by default
    T::FinnedFrankenJellyfish, // 6900, off by default
    T::FinnedMutantXWing,      // 7900, off by default
    T::FinnedMutantSwordfish,
    T::FinnedMutantJellyfish,
    T::KrakenFishType1, // 8450, off by default
    T::KrakenFishType2,
    T::TemplateSet, // 8700, off by default
    T::TemplateDelete,
    T::NestedRuleForcingChain, // (no rules in HoDoKu)
    T::DynamicForcingChain,    // (HoDoKu's forcing nets, off by default)
    T::Guess,                  // 8900 (brute force)
];

/// Runs `find` to the end and offers `f` the steps of the first technique of `rank` it found,
/// none of another: a search that finds several of HoDoKu's step types in one pass, made to
/// give them in HoDoKu's order (whose solver looks for one type at a time).
fn ranked(board: &Board, f: &mut Finder, find: FindFn, rank: &[Technique]) {
    let mut all = Finder::within(usize::MAX, f.budget());
    find(board, &mut all);
    if let Some(why) = all.stopped() {
        f.stop(why);
    }
    let Some(&t) = rank
        .iter()
        .find(|&&t| all.steps.iter().any(|s| s.technique() == t))
    else {
        return;
    };
    for step in all.steps.into_iter().filter(|s| s.technique() == t) {
        if !f.push(step) {
            break;
        }
    }
}

/// Runs `find` to the end and offers `f` the steps of the techniques in `keep`, in the order
/// found: one pass of a search that finds techniques HoDoKu tries at different points.
fn only(board: &Board, f: &mut Finder, find: FindFn, keep: &[Technique]) {
    let mut all = Finder::within(usize::MAX, f.budget());
    find(board, &mut all);
    if let Some(why) = all.stopped() {
        f.stop(why);
    }
    for step in all
        .steps
        .into_iter()
        .filter(|s| keep.contains(&s.technique()))
    {
        if !f.push(step) {
            break;
        }
    }
}

/// The searches of [`Order::Hodoku`] that split or rank one of the default searches.
mod hodoku {
    use super::*;

    pub(super) const LOCKED_CANDIDATES: &[Technique] = &[
        T::LockedCandidatesPointing,
        T::LockedCandidatesClaiming,
        T::ShapeOverlap,
    ];
    pub(super) fn locked_candidates(b: &Board, f: &mut Finder) {
        ranked(b, f, basics::overlap::find, LOCKED_CANDIDATES);
    }
    pub(super) fn x_wing(b: &Board, f: &mut Finder) {
        only(b, f, fish::basic::find_x_wings, &[T::XWing]);
    }
    pub(super) fn swordfish(b: &Board, f: &mut Finder) {
        only(b, f, fish::basic::find_swordfish, &[T::Swordfish]);
    }
    pub(super) fn jellyfish(b: &Board, f: &mut Finder) {
        only(b, f, fish::basic::find_jellyfish, &[T::Jellyfish]);
    }
    pub(super) fn franken_x_wing(b: &Board, f: &mut Finder) {
        only(b, f, fish::basic::find_x_wings, &[T::FrankenXWing]);
    }
    pub(super) fn franken_swordfish(b: &Board, f: &mut Finder) {
        only(b, f, fish::basic::find_swordfish, &[T::FrankenSwordfish]);
    }
    pub(super) fn franken_jellyfish(b: &Board, f: &mut Finder) {
        only(b, f, fish::basic::find_jellyfish, &[T::FrankenJellyfish]);
    }
    pub(super) const SIMPLE: &[Technique] = &[T::Skyscraper, T::TwoStringKite, T::TurbotFish];
    pub(super) fn simple_chains(b: &Board, f: &mut Finder) {
        ranked(b, f, chains::dual::find_simple_chains, SIMPLE);
    }
    pub(super) fn empty_rectangles(b: &Board, f: &mut Finder) {
        only(
            b,
            f,
            chains::dual::find_empty_rectangles,
            &[T::EmptyRectangle],
        );
    }
    pub(super) fn dual_kites(b: &Board, f: &mut Finder) {
        only(
            b,
            f,
            chains::dual::find_simple_chains,
            &[T::DualTwoStringKite],
        );
    }
    pub(super) fn dual_empty_rectangles(b: &Board, f: &mut Finder) {
        only(
            b,
            f,
            chains::dual::find_empty_rectangles,
            &[T::DualEmptyRectangle],
        );
    }
    pub(super) const RECTANGLES: &[Technique] = &[
        T::UniqueRectangle1,
        T::UniqueRectangle2,
        T::UniqueRectangle3,
        T::UniqueRectangle4,
        T::UniqueRectangle5,
        T::UniqueRectangle6,
        T::HiddenRectangle,
        T::AvoidableRectangle1,
        T::AvoidableRectangle2,
    ];
    pub(super) fn rectangles(b: &Board, f: &mut Finder) {
        ranked(b, f, uniqueness::rectangles::find, RECTANGLES);
    }
    pub(super) fn finned_fish(b: &Board, f: &mut Finder) {
        ranked(b, f, fish::finned::find, FINNED_FISH);
    }
    pub(super) const LOOPS: &[Technique] = &[T::ContinuousNiceLoop, T::DiscontinuousNiceLoop];
    pub(super) fn nice_loops(b: &Board, f: &mut Finder) {
        only(b, f, chains::nice_loops::find, LOOPS);
    }
    pub(super) const GROUPED_LOOPS: &[Technique] = &[
        T::GroupedContinuousNiceLoop,
        T::GroupedDiscontinuousNiceLoop,
    ];
    pub(super) fn grouped_nice_loops(b: &Board, f: &mut Finder) {
        only(b, f, chains::nice_loops::find, GROUPED_LOOPS);
    }
    pub(super) const FINNED_FRANKEN: &[Technique] =
        &[T::FinnedFrankenXWing, T::FinnedFrankenSwordfish];
    pub(super) fn finned_franken(b: &Board, f: &mut Finder) {
        ranked(b, f, fish::franken::find, FINNED_FRANKEN);
    }
    pub(super) const FINNED_MUTANT: &[Technique] = &[
        T::FinnedFrankenJellyfish,
        T::FinnedMutantXWing,
        T::FinnedMutantSwordfish,
        T::FinnedMutantJellyfish,
    ];
    pub(super) fn finned_mutant(b: &Board, f: &mut Finder) {
        ranked(b, f, fish::franken::find, FINNED_MUTANT);
    }
}

const HODOKU: &[Search] = &[
    first(&[T::FullHouse], basics::singles::full_house),
    first(&[T::NakedSingle], basics::singles::naked_single),
    first(&[T::HiddenSingle], basics::singles::hidden_single),
    s(&[T::RuleElimination], rules::elimination::find),
    s(&[T::LockedPair], basics::locked_subsets::locked_pairs),
    s(&[T::LockedTriple], basics::locked_subsets::locked_triples),
    s(hodoku::LOCKED_CANDIDATES, hodoku::locked_candidates),
    s(&[T::NakedPair], basics::subsets::naked_pairs),
    s(&[T::NakedTriple], basics::subsets::naked_triples),
    s(&[T::HiddenPair], basics::subsets::hidden_pairs),
    s(&[T::HiddenTriple], basics::subsets::hidden_triples),
    s(&[T::NakedQuad], basics::subsets::naked_quads),
    s(&[T::HiddenQuad], basics::subsets::hidden_quads),
    s(&[T::CageCombination], rules::cages::find_combinations),
    s(&[T::RuleCombination], rules::elimination::find_combinations),
    s(&[T::InniesOuties], rules::innies::find),
    s(&[T::CageOverlap], rules::cage_overlap::find),
    s(&[T::RuleSet], rules::elimination::find_sets),
    s(&[T::XWing], hodoku::x_wing),
    s(&[T::Swordfish], hodoku::swordfish),
    s(&[T::Jellyfish], hodoku::jellyfish),
    s(&[T::RemotePair], colouring::simple::find_remote_pairs),
    s(&[T::BugPlusOne], uniqueness::bug::find),
    s(hodoku::SIMPLE, hodoku::simple_chains),
    s(&[T::EmptyRectangle], hodoku::empty_rectangles),
    s(&[T::WWing], wings::w_wing::find),
    s(&[T::XyWing], wings::xy::find_xy),
    s(&[T::XyzWing], wings::xy::find_xyz),
    s(hodoku::RECTANGLES, hodoku::rectangles),
    s(FINNED_FISH, hodoku::finned_fish),
    s(&[T::SueDeCoq], als::sue_de_coq::find),
    s(COLOURS, colouring::simple::find_simple_colours),
    s(MULTI_COLOURS, colouring::multi::find),
    first(&[T::XChain], chains::aic::find_x),
    first(&[T::XyChain], chains::aic::find_xy),
    first(&[T::Aic], chains::aic::find_aic),
    s(hodoku::LOOPS, hodoku::nice_loops),
    s(GROUPED_CHAINS, chains::grouped::find),
    s(hodoku::GROUPED_LOOPS, hodoku::grouped_nice_loops),
    s(&[T::AlsXz], als::xz::find),
    s(&[T::AlsXyWing], als::xy_wing::find),
    s(&[T::AlsXyChain], als::xy_chain::find),
    s(&[T::FrankenXWing], hodoku::franken_x_wing),
    s(&[T::FrankenSwordfish], hodoku::franken_swordfish),
    s(hodoku::FINNED_FRANKEN, hodoku::finned_franken),
    first(&[T::ForcingChain], chains::forcing::find),
    // On setters' puzzles the rules carry the logic: before the costly searches that only
    // stand in for a guess (and nothing on a classic grid).
    first(&[T::RuleForcingChain], chains::rule_forcing::find),
    // HoDoKu's default solve goes no further (but for forcing nets and brute force).
    s(&[T::DualTwoStringKite], hodoku::dual_kites),
    s(&[T::DualEmptyRectangle], hodoku::dual_empty_rectangles),
    s(&[T::WxyzWing], wings::wxyz::find),
    s(&[T::FrankenJellyfish], hodoku::franken_jellyfish),
    s(FINNED_FISH, fish::siamese::find),
    s(&[T::Medusa3d], colouring::medusa::find),
    s(&[T::DeathBlossom], als::death_blossom::find),
    s(hodoku::FINNED_MUTANT, hodoku::finned_mutant),
    first(
        &[T::KrakenFishType1, T::KrakenFishType2],
        fish::kraken::find,
    ),
    s(
        &[T::TemplateSet, T::TemplateDelete],
        last_resort::templates::find,
    ),
    // Where only a guess is left: chains over rules with inner chains (nothing on a classic
    // grid), then Sudoku Explainer's dynamic forcing chains.
    first(
        &[T::NestedRuleForcingChain],
        chains::rule_forcing::find_nested,
    ),
    first(&[T::DynamicForcingChain], chains::dynamic::find),
    first(&[T::Guess], last_resort::guess::find),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_technique_in_every_order() {
        for order in Order::ALL {
            for &t in Technique::all() {
                assert!(
                    registry_in(order).iter().any(|s| s.techniques.contains(&t)),
                    "{} has no search in the {} order",
                    t.id(),
                    order.name()
                );
            }
        }
        let mut listed = HODOKU_ORDER.to_vec();
        listed.sort();
        listed.dedup();
        assert_eq!(listed.len(), HODOKU_ORDER.len(), "a technique listed twice");
        assert_eq!(
            listed,
            Technique::all(),
            "a technique missing from HODOKU_ORDER"
        );
    }

    #[test]
    fn hodoku_searches_come_in_the_listed_order() {
        // Each search's techniques, where they first appear, follow HODOKU_ORDER: a search
        // never offers a technique the list puts before one an earlier search offers.
        let rank = |t: &Technique| HODOKU_ORDER.iter().position(|x| x == t).unwrap();
        let mut last = 0;
        for search in HODOKU {
            let first_new = search.techniques.iter().map(rank).min().unwrap();
            if search.techniques.iter().all(|t| rank(t) >= last) {
                last = last.max(first_new);
            } else {
                // Only the siamese fish repeat techniques found earlier (the finned fish).
                assert!(search.techniques == FINNED_FISH, "{:?}", search.techniques);
            }
        }
    }
}
