//! The registry: every search, in the order the logical solver tries them, with the
//! techniques each can find. It is the one place that knows every technique family's searches;
//! the families know nothing of it.

use super::catalogue::Technique;
use super::finder::FindFn;
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

/// How many instances of a cheap technique [`next_step`] compares: enough to hold every
/// instance on a 9x9 board in practice, bounded so a big geometry cannot make it quadratic.
const CHOOSE_AMONG: usize = 64;

/// Every search, simplest first. The logical solver runs them in this order and applies a step
/// of the first search that finds one. Singles go as in HoDoKu's default order: full house,
/// naked single, hidden single; subsets go by size, pairs before triples.
pub fn registry() -> &'static [Search] {
    use Technique as T;
    const fn s(techniques: &'static [Technique], find: FindFn) -> Search {
        Search {
            techniques,
            find,
            choose_among: CHOOSE_AMONG,
        }
    }
    const fn first(techniques: &'static [Technique], find: FindFn) -> Search {
        Search {
            techniques,
            find,
            choose_among: 1,
        }
    }
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
    const REGISTRY: &[Search] = &[
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
        s(&[T::InniesOuties], rules::innies::find),
        s(&[T::CageOverlap], rules::cage_overlap::find),
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
        first(&[T::Guess], last_resort::guess::find),
    ];
    REGISTRY
}
