//! The registry: which propagator enforces each shape's rule and each rule beyond shapes. A
//! rule beyond shapes stated by its laws ([`Constraint::laws`]) is propagated from them; one
//! with laws of its own is a new file with its propagator plus one arm here. The matches are
//! exhaustive, so a rule added to the model without one does not compile.

use super::propagator::{Domains, Propagator, Removal, Values};
use super::relation::law_network;
use super::sum::SumRule;
use super::sum_facts::{self, SumFacts, SumOrigin};
use super::thermo::Thermo;
use super::tuples::Tuples;
// Marks between neighbours and rules on single cells.
use super::cell_rules::{AllDifferent, Allowed, Extremum, Quadruple};
use super::{
    between::Between, class_windows::ClassWindows, linear::Linear, outside, pair_chain::PairChain,
    renban::Renban, sequence::Sequence, zipper::Zipper,
};
use super::{
    circles::Circles, flatmates::Flatmates, lockout::Lockout, lunchbox::Lunchbox, rellik::Rellik,
    rooms::Room, squares::Squares,
};
use crate::CellId;
use crate::constraint::{Constraint, Laws, PairLaw, RuleKind, global_rules, line_rules};
use crate::{Geometry, Rule};

/// The propagator for a shape's rule, or `None` when the house path covers it: a no-repeat
/// shape is enforced through its cells' peers (naked singles) and, when it is a house, the
/// hidden-single scan; neither needs a propagator of its own.
pub(super) fn propagator(index: usize, g: &Geometry) -> Option<Box<dyn Propagator>> {
    let shape = g.shape(index);
    match shape.rule {
        Rule::NoRepeat => None,
        // A cage without repeats is a no-repeat shape, so its cells are peers: one group.
        Rule::Sum { total, .. } => {
            let cells: Vec<u32> = shape.cells.iter().map(|&c| c as u32).collect();
            let facts = SumFacts::total(SumOrigin::Shape(index as u32), &cells, total);
            Some(SumRule::compile(facts, g))
        }
    }
}

/// The pairs of cells a rule beyond shapes only forbids to hold the same symbol, when that is
/// all its laws say (anti-knight, anti-king, disjoint groups): the solver makes them peers
/// instead of running the rule's propagator.
pub(super) fn peer_pairs(laws: &Laws<'_>) -> Option<Vec<(u32, u32)>> {
    match laws {
        Laws::Pairs(pairs) if pairs.iter().all(|p| p.2 == PairLaw::Different) => Some(
            (pairs.iter())
                .map(|&(a, b, _)| (a.index() as u32, b.index() as u32))
                .collect(),
        ),
        _ => None,
    }
}

/// The propagator of a rule beyond shapes (see [`crate::constraint`]). The rules whose
/// [`Constraint::laws`] state them are propagated from those laws: by the generic propagator
/// of each form (pairs as a network of tables, cells as a mask, a linear sum, an automaton),
/// or by a faster one fitted to their pairs (a thermometer's chain, a minimum cell's
/// neighbours, a line's few pairs). The rules with laws of their own ([`Laws::Native`]) have a
/// propagator each. The match is exhaustive, so a new kind does not compile until it chooses.
pub(super) fn constraint(c: &Constraint, g: &Geometry, values: &Values) -> Box<dyn Propagator> {
    compile(c, g, &c.laws(g), values)
}

/// [`constraint`] from the rule's laws, stated once by the caller (the solver states every
/// rule's laws once and reads them for peers, propagators and the clause back end).
pub(super) fn compile(
    c: &Constraint,
    g: &Geometry,
    laws: &Laws<'_>,
    values: &Values,
) -> Box<dyn Propagator> {
    let line = |cells: &[crate::CellId]| cells.iter().map(|c| c.index() as u32).collect();
    if !c.well_formed() {
        // A rule built by hand without the parts its kind needs never holds (see `holds`).
        return never();
    }
    match &c.kind {
        // Stated by their laws, propagated by the generic propagator of the laws' form.
        RuleKind::AntiKnight
        | RuleKind::AntiKing
        | RuleKind::Nonconsecutive
        | RuleKind::AntiTaxicab
        | RuleKind::Marks { .. }
        | RuleKind::Odd { .. }
        | RuleKind::Even { .. }
        | RuleKind::Sequence { .. }
        | RuleKind::HiddenSkyscraper { .. }
        | RuleKind::Relation { .. } => by_laws(laws, values),
        // Stated by their laws as an automaton (the open run's sums), propagated by the
        // sequence passes, which word their removals as sums.
        RuleKind::SumLine {
            cells,
            automaton,
            closed: false,
            ..
        } => Box::new(Sequence::sum_line(&ids(cells), automaton, values)),
        // Around a loop: the line read from each cell in turn, one of which splits into runs
        // (`solver/composite.rs` narrows each and keeps what some reading allows).
        RuleKind::SumLine {
            cells,
            automaton,
            closed: true,
            ..
        } => {
            let lines: Vec<Vec<CellId>> = crate::constraint::sum_line::rotations(cells).collect();
            Box::new(super::composite::AnyOf::loop_cuts(
                ids(cells),
                (lines.iter())
                    .map(|l| -> Box<dyn Propagator> {
                        Box::new(Sequence::sum_line(&ids(l), automaton, values))
                    })
                    .collect(),
                lines.iter().map(|l| l[0].index() as u32).collect(),
            ))
        }
        // Stated by their laws, propagated by a propagator fitted to their pairs.
        RuleKind::Whispers { cells, .. } => {
            let law = pairs(laws).first().map_or(PairLaw::Equal, |l| l.2.clone());
            Box::new(PairChain::line(line(cells), values, &law, g))
        }
        RuleKind::Palindrome { .. } | RuleKind::Clone { .. } => {
            let laws = pairs(laws);
            let pairs = laws.iter().map(|&(a, b, _)| (a, b)).collect();
            let law = laws.first().map_or(PairLaw::Equal, |l| l.2.clone());
            Box::new(PairChain::new(pairs, values, &law))
        }
        RuleKind::Thermo { .. } | RuleKind::SlowThermo { .. } => thermo(&pairs(laws), g),
        RuleKind::Minimum { .. } | RuleKind::Maximum { .. } => extremum(&pairs(laws)),
        // Different symbols in each group: peers in the search (`peer_pairs`); this serves
        // the reasoner, which also places a symbol with one place left in a full group.
        RuleKind::DisjointGroups { groups } => {
            let all = crate::SymbolSet::full(values.all().len()).0;
            Box::new(AllDifferent::new(
                groups.iter().map(|g| ids(g)).collect(),
                all,
            ))
        }
        // Stated by their laws as a linear sum (little killers, arrows, double arrows) or
        // native (region sums, equal sums), propagated by the sum engine, which reads the sides of the
        // equation the laws sum to zero.
        RuleKind::LittleKiller { .. }
        | RuleKind::Arrow { .. }
        | RuleKind::DoubleArrow { .. }
        | RuleKind::RegionSum { .. }
        | RuleKind::EqualSum { .. } => match sum_facts::of_rule(&c.kind, g, SumOrigin::Rule) {
            Some(facts) => SumRule::compile(facts, g),
            None => never(),
        },
        // Laws of their own: one file per propagation technique.
        RuleKind::Quadruple { cells, symbols } => {
            let symbols: Vec<u8> = symbols.iter().map(|s| s.index() as u8).collect();
            Box::new(Quadruple::new(ids(cells), &symbols, g))
        }
        RuleKind::Renban { cells } => Box::new(Renban::new(line(cells), values, g)),
        RuleKind::Between { cells } => Box::new(Between::new(line(cells), values, g)),
        RuleKind::Entropic { cells } | RuleKind::Modular { cells } => {
            // The loader refuses an entropic line on an alphabet it cannot split in thirds; on
            // a geometry built by hand such a line never holds (see `holds`).
            match line_rules::classes(&c.kind, values.all()) {
                Some(classes) => Box::new(ClassWindows::new(line(cells), &classes, g)),
                None => never(),
            }
        }
        RuleKind::Zipper { cells } => Box::new(Zipper::new(line(cells), values)),
        // Outside clues and indexing.
        RuleKind::Sandwich { cells, .. }
        | RuleKind::XSum { cells, .. }
        | RuleKind::Skyscraper { cells, .. } => outside_clue(&c.kind, cells, g, values),
        RuleKind::Indexing { cells, lines } => {
            let lines: Vec<Vec<u32>> = lines.iter().map(|l| ids(l)).collect();
            Box::new(outside::Indexing::new(&ids(cells), &lines, values))
        }
        RuleKind::Rellik { cells, total } => Box::new(Rellik::new(ids(cells), *total, values, g)),
        RuleKind::Lunchbox { cells, total } => Box::new(Lunchbox::new(ids(cells), *total, values)),
        // A cage as a rule: different symbols (as a disjoint group's), and the sum engine for
        // its total.
        RuleKind::Cage { cells, total } => {
            let all = crate::SymbolSet::full(values.all().len()).0;
            let distinct: Box<dyn Propagator> = Box::new(AllDifferent::new(vec![ids(cells)], all));
            match total {
                Some(t) => Box::new(super::composite::AllOf::new(vec![
                    distinct,
                    SumRule::compile(SumFacts::total(SumOrigin::Rule, &ids(cells), *t), g),
                ])),
                None => distinct,
            }
        }
        RuleKind::Lockout { cells, difference } => {
            Box::new(Lockout::new(&ids(cells), *difference, values))
        }
        RuleKind::DutchFlatmates => flatmates(g, values),
        RuleKind::GlobalEntropy | RuleKind::GlobalModular => {
            match global_rules::square_classes(&c.kind, values.all()) {
                Some(classes) => {
                    let squares = global_rules::squares(g)
                        .into_iter()
                        .map(|s| s.map(|c| c.index() as u32));
                    Box::new(Squares::new(squares.collect(), &classes))
                }
                None => never(),
            }
        }
        RuleKind::NumberedRoom { cells, value, .. } => {
            Box::new(Room::new(ids(cells), *value, values))
        }
        RuleKind::CountingCircles { cells } => Box::new(Circles::new(ids(cells), values, g)),
        RuleKind::SameValues { cells, size } => {
            Box::new(super::same_values::SameValues::new(ids(cells), *size))
        }
        RuleKind::CountDistinct {
            cells,
            counts_itself,
        } => Box::new(super::count_distinct::CountDistinct::new(
            &ids(cells),
            *counts_itself,
            values,
            g,
        )),
        // Region labels as variables beyond the cells (`solver/chaos.rs`).
        RuleKind::Chaos { .. } => super::chaos::compile(c, g),
        // Region clues, over the same labels (`solver/chaos_clues.rs`).
        RuleKind::ChaosArrow { .. } | RuleKind::ChaosCount { .. } => {
            super::chaos_clues::compile(c, g, values)
        }
        // Counts of different regions, over the same labels (`solver/count_regions.rs`).
        RuleKind::CountRegions { .. } => super::count_regions::compile(c, g, values),
        // Rules composed of rules (`solver/composite.rs`): each part compiled as itself.
        RuleKind::Any { cells, rules } => Box::new(super::composite::AnyOf::new(
            ids(cells),
            rules.iter().map(|r| constraint(r, g, values)).collect(),
            rules.iter().map(|r| r.name.clone()).collect(),
        )),
        RuleKind::All { rules, .. } => Box::new(super::composite::AllOf::new(
            rules.iter().map(|r| constraint(r, g, values)).collect(),
        )),
    }
}

/// Dutch flatmates: each cell with the cells above and below it, and the symbols of the
/// middle, smallest and largest values; a rule that never holds on an alphabet without a
/// middle value (the loader refuses it).
fn flatmates(g: &Geometry, values: &Values) -> Box<dyn Propagator> {
    let Some((lo, mid, hi)) = global_rules::middle_and_ends(values.all()) else {
        return never();
    };
    let worth = |x: i64| {
        (values.all().iter().enumerate())
            .filter(|&(_, &v)| v == x)
            .fold(0u64, |m, (s, _)| m | 1 << s)
    };
    let none = |c: Option<CellId>| c.map_or(u32::MAX, |c| c.index() as u32);
    let places = (global_rules::flatmates(g).into_iter())
        .map(|(c, above, below)| [c.index() as u32, none(above), none(below)])
        .collect();
    Box::new(Flatmates::new(places, worth(mid), worth(lo), worth(hi)))
}

/// The generic propagator of a rule's laws: pairs as a network of tables built from their
/// [`PairLaw`]s, cells as the mask of values their [`crate::constraint::CellLaw`] allows, a
/// linear sum, an automaton read forwards and backwards. A native rule has no laws to read
/// and gets its own propagator in [`constraint`], never this.
fn by_laws(laws: &Laws<'_>, values: &Values) -> Box<dyn Propagator> {
    match laws {
        Laws::Pairs(_) => Box::new(law_network(&pairs(laws), values)),
        Laws::Cells { cells, law } => Box::new(Allowed::new(ids(cells), law.mask(values.all()))),
        Laws::Linear { terms, total } => Box::new(Linear::new(
            (terms.iter())
                .map(|&(c, k)| (c.index() as u32, k))
                .collect(),
            *total,
        )),
        Laws::Automaton {
            cells,
            automaton,
            closed,
        } => Box::new(Sequence::new(&ids(cells), *closed, automaton, values)),
        Laws::Tuples { cells, allowed } => Box::new(Tuples::new(ids(cells), allowed, values.all())),
        Laws::Native => never(),
    }
}

/// A rule that never holds: an empty sum that must reach 1 fails at once.
fn never() -> Box<dyn Propagator> {
    Box::new(Linear::new(Vec::new(), 1))
}

/// The pairs of pair laws, as the solver's cell indices; none for another form.
fn pairs(laws: &Laws<'_>) -> Vec<(u32, u32, PairLaw)> {
    match laws {
        Laws::Pairs(p) => (p.iter())
            .map(|(a, b, law)| (a.index() as u32, b.index() as u32, law.clone()))
            .collect(),
        _ => Vec::new(),
    }
}

fn ids(cells: &[CellId]) -> Vec<u32> {
    cells.iter().map(|c| c.index() as u32).collect()
}

/// A thermometer from its steps, a chain of [`PairLaw::Below`] (or, slow, [`PairLaw::AtMost`])
/// pairs along the line: its cells in order, with the cells the geometry's other strict
/// thermometers order with them ([`Thermo::ordered`]).
fn thermo(steps: &[(u32, u32, PairLaw)], g: &Geometry) -> Box<dyn Propagator> {
    let strict = steps.first().is_none_or(|s| s.2 == PairLaw::Below);
    let cells = (steps.first().map(|s| s.0).into_iter())
        .chain(steps.iter().map(|s| s.1))
        .collect();
    Box::new(Thermo::ordered(cells, strict, g))
}

/// Minimum (or maximum) cells from their pairs, each cell below ([`PairLaw::Below`]) or above
/// each of its neighbours in turn: the cells with their neighbours.
fn extremum(pairs: &[(u32, u32, PairLaw)]) -> Box<dyn Propagator> {
    let below = pairs.first().is_none_or(|p| p.2 == PairLaw::Below);
    let mut around: Vec<(u32, Vec<u32>)> = Vec::new();
    for &(a, b, _) in pairs {
        match around.last_mut() {
            Some((c, n)) if *c == a => n.push(b),
            _ => around.push((a, vec![b])),
        }
    }
    Box::new(Extremum::new(around, below))
}

/// One pass of a rule's propagator over `cells` (one candidate mask per cell, bit `s` for
/// symbol `s`): `Some(true)` when it removed something, `Some(false)` when not, `None` when the
/// rule cannot be met. The reasoner uses [`explain_rule`], which also says why.
#[cfg(test)]
pub(crate) fn narrow_by_rule(c: &Constraint, g: &Geometry, cells: &mut [u64]) -> Option<bool> {
    if cells.len() != g.cell_count() {
        return None;
    }
    let values = Values::new(g.symbols().values());
    let p = constraint(c, g, &values);
    let mut queue = Vec::new();
    let mut d = Domains::new(cells, &mut queue, &values);
    p.propagate(&mut d).ok()
}

/// One pass of a rule's propagator over `cells` (one candidate mask per cell), recording every
/// removal with the reason its propagator states: what the reasoner words as the rule's steps.
/// `None` when the rule cannot be met (then `cells` may be partly narrowed).
pub(crate) fn explain_rule(
    c: &Constraint,
    g: &Geometry,
    cells: &mut [u64],
) -> Option<Vec<Removal>> {
    if cells.len() != g.cell_count() {
        return None;
    }
    let values = Values::new(g.symbols().values());
    let p = constraint(c, g, &values);
    let (mut queue, mut removals) = (Vec::new(), Vec::new());
    let mut d = Domains::explaining(cells, &mut queue, &values, &mut removals);
    p.propagate(&mut d).ok()?;
    Some(removals)
}

/// An outside clue read along `cells`: a layered automaton when its states stay bounded, else
/// a check once the line is solved.
fn outside_clue(
    kind: &RuleKind,
    cells: &[CellId],
    g: &Geometry,
    values: &Values,
) -> Box<dyn Propagator> {
    let house = crate::constraint::outside::full_house(g, cells);
    // Skyscrapers read their automaton as bit sets when the alphabet allows (skyscraper.rs):
    // the same removals at a fraction of the cost, and no layers to build.
    if let RuleKind::Skyscraper { count, .. } = kind {
        if let Some(sky) = super::skyscraper::Sky::new(*count, cells.len(), values, house) {
            let clue = outside::Clue::sky(ids(cells), sky, values.all().len());
            return Box::new(clue.with_clue(kind, values, house));
        }
    }
    match crate::constraint::outside::layers(kind, values.all(), house, outside::MAX_STATES) {
        Some(l) => Box::new(outside::Clue::new(ids(cells), l).with_clue(kind, values, house)),
        None => Box::new(outside::SolvedCheck::new(ids(cells), kind.clone(), values)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// A classic grid with one rule of many kinds.
    const RULES: &str = r#"
variant = "classic"

[[rule]]
type = "thermo"
cells = "r1c1 r2c2 r3c3 r4c4"

[[rule]]
type = "kropki"
white = ["r1c1 r1c2", "r1c2 r1c3"]
black = ["r2c2 r2c3"]
negative = true

[[rule]]
type = "little-killer"
at = [0, 1]
direction = "down-right"
total = 45

[[rule]]
type = "arrow"
circle = "r3c5 r3c6"
cells = "r4c6 r5c7 r6c7"

[[rule]]
type = "whispers"
cells = "r2c1 r2c2 r2c3 r2c4"

[[rule]]
type = "renban"
cells = "r7c1 r7c2 r7c3 r8c3"

[[rule]]
type = "sandwich"
at = [0, 3]
total = 15

[[rule]]
type = "skyscraper"
at = [10, 5]
count = 3

[[rule]]
type = "relation"
cells = "r9c1 r9c2 r8c1"
allowed = ["1-3 4-6 7-9", "7-9 1-3 4-6", "5 5 5"]

[[rule]]
type = "sum-line"
cells = "r7c5 r7c6 r7c7 r8c7 r9c7"

[[rule]]
type = "anti-taxicab"

[[rule]]
type = "rellik"
total = 10
cells = "r4c1 r5c1 r5c2"

[[rule]]
type = "lockout"
cells = "r6c2 r6c3 r6c4 r5c4"

[[rule]]
type = "dutch-flatmates"

[[rule]]
type = "global-entropy"

[[rule]]
type = "global-modular"

[[rule]]
type = "numbered-room"
at = [0, 9]
value = 4

[[rule]]
type = "counting-circles"
cells = "r8c5 r8c6 r8c7 r9c5 r9c6"
"#;

    /// Recording reasons changes nothing: a rule's explained pass removes exactly what its
    /// plain pass removes (and fails where it fails), on boards of random candidates.
    #[test]
    fn explaining_a_rule_removes_what_the_plain_pass_removes() {
        let loaded = crate::load::load_str("rules.toml", RULES, None).unwrap();
        let g = &loaded.geometry;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let full = crate::SymbolSet::full(g.symbol_count()).0;
        let mut explained = 0;
        for round in 0..400 {
            // Denser boards early, sparser ones later, so both quiet and busy passes occur.
            let keep = 0.55 + 0.4 * f64::from(round % 10) / 10.0;
            let board: Vec<u64> = (0..g.cell_count())
                .map(|_| {
                    let m = (0..g.symbol_count())
                        .filter(|_| rng.random_bool(keep))
                        .fold(0u64, |m, s| m | 1 << s);
                    if m == 0 { full } else { m }
                })
                .collect();
            for c in g.constraints() {
                let mut plain = board.clone();
                let narrowed = narrow_by_rule(c, g, &mut plain);
                let mut traced = board.clone();
                let removals = explain_rule(c, g, &mut traced);
                assert_eq!(narrowed.is_none(), removals.is_none(), "{}", c.name);
                let Some(removals) = removals else { continue };
                assert_eq!(plain, traced, "{}", c.name);
                let mut gone = vec![0u64; g.cell_count()];
                for r in &removals {
                    assert_ne!(r.removed, 0);
                    gone[r.cell as usize] |= r.removed;
                }
                for (i, (&b, &p)) in board.iter().zip(&plain).enumerate() {
                    assert_eq!(gone[i], b & !p, "{} at cell {i}", c.name);
                }
                explained += removals.len();
            }
        }
        assert!(
            explained > 100,
            "the boards exercised too few removals: {explained}"
        );
    }
}
