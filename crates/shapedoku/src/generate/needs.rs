//! Practice puzzles: what it means for a puzzle to *need* a technique, and whether a technique
//! can occur on a geometry at all.
//!
//! A puzzle needs technique T when its logical solution (the step list [`reason::solve`] gives,
//! the one `solve --explain` prints) has at least one step of T and no step of larger weight in
//! the catalogue, a guess included. So T is its hardest technique, possibly alongside
//! techniques of the same weight (an X-wing and a Franken X-wing, a skyscraper and a
//! swordfish), and a learner solving it meets T without meeting anything harder.

use crate::reason::{self, LogicalRun, Technique};
use crate::{Geometry, Puzzle, ShapeKind};

/// Whether a logical solve needs `t`: it finished, used `t`, and used nothing heavier.
pub fn run_needs(run: &LogicalRun, t: Technique) -> bool {
    run.stopped.is_none()
        && run.steps.iter().any(|s| s.technique() == t)
        && run
            .steps
            .iter()
            .all(|s| s.technique().weight() <= t.weight())
}

/// Whether the puzzle's logical solution needs `t` (see the module's definition).
pub fn puzzle_needs(puzzle: &Puzzle, t: Technique) -> bool {
    run_needs(&reason::solve(puzzle), t)
}

/// Why `t` cannot occur in a puzzle on `g` (with random cages added when `killer`), if it
/// cannot: a technique on sum cages without cages, on rules the geometry lacks, uniqueness
/// techniques where they are off, row-and-column techniques without rows and columns.
pub fn unavailable(g: &Geometry, t: Technique, killer: bool) -> Option<String> {
    use Technique as T;
    let has = |k: ShapeKind| g.shapes().iter().any(|s| s.kind == k);
    let boxy = has(ShapeKind::Box) || has(ShapeKind::Region);
    let lines = has(ShapeKind::Row) && has(ShapeKind::Column);
    let rules = !g.constraints().is_empty();
    let cages = killer || g.shapes().iter().any(|s| s.sum().is_some());
    let all_houses = g.shapes().len() == g.houses().len()
        && g.shapes().iter().all(|s| s.rule == crate::Rule::NoRepeat);
    let why = match t {
        T::CageCombination | T::InniesOuties | T::CageOverlap if !cages => {
            "it works on sum cages and the geometry has none (add --killer)"
        }
        T::RuleElimination | T::RuleCombination | T::RuleSet if !rules => {
            "the geometry has no rules beyond shapes"
        }
        T::UniqueRectangle1
        | T::UniqueRectangle2
        | T::UniqueRectangle3
        | T::UniqueRectangle4
        | T::UniqueRectangle5
        | T::UniqueRectangle6
        | T::HiddenRectangle
        | T::AvoidableRectangle1
        | T::AvoidableRectangle2
            if rules || killer =>
        {
            "uniqueness techniques are off on geometries with rules or cages"
        }
        T::BugPlusOne if rules || killer || !all_houses => {
            "BUG+1 needs every shape to be a house and no other rules"
        }
        T::LockedCandidatesPointing
        | T::LockedCandidatesClaiming
        | T::LockedPair
        | T::LockedTriple
            if !(boxy && lines) =>
        {
            "locked candidates need boxes or regions and rows and columns"
        }
        T::XWing | T::Swordfish | T::Jellyfish | T::Skyscraper if !lines => {
            "it needs rows and columns"
        }
        T::FinnedXWing
        | T::SashimiXWing
        | T::FinnedSwordfish
        | T::SashimiSwordfish
        | T::FinnedJellyfish
        | T::SashimiJellyfish
            if !lines =>
        {
            "it needs rows and columns"
        }
        T::TwoStringKite | T::EmptyRectangle if !(boxy && lines) => {
            "it needs boxes or regions and rows and columns"
        }
        T::FrankenXWing | T::FrankenSwordfish | T::FrankenJellyfish
            if g.houses()
                .iter()
                .all(|&h| matches!(g.shape(h).kind, ShapeKind::Row | ShapeKind::Column)) =>
        {
            "it needs a house other than a row or column"
        }
        _ => return None,
    };
    Some(why.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unavailable_techniques_say_why() {
        let classic = crate::builtin::geometry("classic").unwrap();
        assert!(unavailable(&classic, Technique::XWing, false).is_none());
        assert!(unavailable(&classic, Technique::UniqueRectangle1, false).is_none());
        assert!(unavailable(&classic, Technique::CageCombination, false).is_some());
        assert!(unavailable(&classic, Technique::CageCombination, true).is_none());
        assert!(unavailable(&classic, Technique::RuleElimination, false).is_some());
        assert!(unavailable(&classic, Technique::BugPlusOne, true).is_some());
    }

    #[test]
    fn needs_is_used_and_nothing_heavier() {
        let g = crate::builtin::geometry("classic").unwrap();
        // Singles only: it needs a hidden single (the heaviest single) and not an X-wing.
        let p = Puzzle::from_line(
            g,
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        )
        .unwrap();
        let run = reason::solve(&p);
        let hardest = run
            .steps
            .iter()
            .map(|s| s.technique())
            .max_by_key(|t| t.weight())
            .unwrap();
        assert!(run_needs(&run, hardest));
        assert!(!run_needs(&run, Technique::XWing));
        assert!(!run_needs(&run, Technique::FullHouse) || hardest.weight() == 4);
    }
}
