//! Why a rule step removes candidates, as public data: the solver's reasons
//! (`solver::why::Why`, stated by each rule's propagator) in the reasoner's typed ids, so a
//! step names the cells and values its elimination rests on. The rule itself is the step's
//! [`Deduction::RuleElimination`](crate::reason::Deduction::RuleElimination)'s `rule`; a reason
//! does not repeat it. Words are in `words.rs`, one match over every variant.

use crate::reason::catalogue::Technique;
use crate::solver::why::Why;
use crate::{CellId, ShapeId, Symbol, SymbolSet};

/// The reason a rule gives for removing candidates (see `docs/techniques.md`, rule steps).
/// "The line" is the rule's cells in their order.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub enum RuleReason {
    /// The rule as a whole allows nothing else, for a reason its propagation does not spell
    /// out.
    Whole,
    /// Each removed value allows no candidate of `partner`, the cell the rule pairs it with
    /// (a kropki or XV neighbour, a whisper neighbour, a palindrome's or clone's twin, a
    /// knight's move away under anti-knight).
    Partner {
        /// The partner cell.
        partner: CellId,
    },
    /// Whispers: no symbol is far enough from the removed values (5 on German whispers).
    NoPartnerValue,
    /// Whispers: the two neighbours `left` and `right` see each other, and each removed value
    /// would need the same single value in both.
    SamePartner {
        /// The neighbour before the cell.
        left: CellId,
        /// The neighbour after it.
        right: CellId,
    },
    /// Every pair the rule allows in the cells `pair` holds `value` in one of them; the cell
    /// sees both.
    PairNeeds {
        /// The value needed.
        value: SymbolSet,
        /// The two cells.
        pair: [CellId; 2],
    },
    /// The cells `cells`, at places of the line that share one class of values, would need
    /// more different values of the class `class` than their candidates offer.
    ClassShort {
        /// The class ruled out.
        class: SymbolSet,
        /// The cells that cannot all take it.
        cells: Vec<CellId>,
    },
    /// Entropic and modular lines: the classes left at each place along the line mod 3
    /// (bit `k` for class `k`); the cell is at `position` and its removed values are of a
    /// class not left there.
    LineClasses {
        /// The classes left per place mod 3.
        classes: [u8; 3],
        /// The cell's place mod 3.
        position: u8,
    },
    /// Renban (and disjoint groups): the line's (group's) values differ and `cell` already
    /// holds the removed value.
    LineRepeat {
        /// The cell holding the value.
        cell: CellId,
    },
    /// Renban: the runs of consecutive values that still fit, by their smallest value; the
    /// removed values lie in none.
    RenbanRuns {
        /// The smallest values of the runs left.
        runs: SymbolSet,
    },
    /// Renban: every run left contains `value`, so one of `holders` holds it.
    RenbanNeeds {
        /// The value needed.
        value: SymbolSet,
        /// The smallest values of the runs left.
        runs: SymbolSet,
        /// The line's cells that can hold it.
        holders: Vec<CellId>,
    },
    /// Renban: with the removed value here, the other cells cannot hold the rest of any run
    /// left.
    RenbanNoRoom {
        /// The smallest values of the runs left.
        runs: SymbolSet,
    },
    /// Between line: the removed values are not strictly between any two candidates of the
    /// ends `ends`.
    BetweenRange {
        /// The two ends.
        ends: [CellId; 2],
    },
    /// Between line: with the removed value at this end, no candidate of the end `other`
    /// leaves the middle cells room.
    BetweenEnd {
        /// The other end.
        other: CellId,
    },
    /// An automaton rule (`sequence`): no state reachable before the cell leads, on a
    /// removed value, to a state from which the rest of the line can be read.
    SequenceStates {
        /// The states reachable before the cell, bit `q` for state `q`.
        before: u64,
        /// The states from which the rest can be accepted.
        after: u64,
        /// Every state's name, by number, when the rule names its states; empty otherwise
        /// (the states are then called `q0`, `q1`, ...).
        names: Vec<String>,
    },
    /// A sum's cells `group` (one cell, or cells that see each other) can take only the value
    /// sets `combos`, and none puts a removed value in the cell.
    SumCombinations {
        /// The group's cells.
        group: Vec<CellId>,
        /// The totals the sum can still reach.
        targets: Vec<i64>,
        /// The value sets left to the group.
        combos: Vec<SymbolSet>,
    },
    /// Every combination left to a sum's cells `group` contains `needed`, and all of its
    /// `holders` lie in `house`: no other cell of the house holds it.
    SumNeeds {
        /// The group's cells.
        group: Vec<CellId>,
        /// The value every combination needs.
        needed: Symbol,
        /// The group's cells that can hold it.
        holders: Vec<CellId>,
        /// The house holding them all.
        house: ShapeId,
    },
    /// A sum's other terms leave the cell only values (times its coefficient) from `low` to
    /// `high`.
    SumBounds {
        /// The least value allowed.
        low: i64,
        /// The greatest value allowed.
        high: i64,
    },
    /// Thermometer: the cell's values must exceed (a slow thermometer: reach) the least
    /// candidate of `previous`, the cell before it, so nothing below `floor` is left.
    ThermoFloor {
        /// The cell before on the thermometer.
        previous: CellId,
        /// The least value allowed.
        floor: i64,
    },
    /// Thermometer: the cell's values must stay below (a slow thermometer: at most) the
    /// greatest candidate of `next`, the cell after it, so nothing above `ceiling` is left.
    ThermoCeiling {
        /// The cell after on the thermometer.
        next: CellId,
        /// The greatest value allowed.
        ceiling: i64,
    },
    /// A `relation` rule: of its allowed rows, `fitting` still fit every cell's candidates, and
    /// none of them puts a removed value in this cell.
    RelationTuples {
        /// How many allowed rows still fit.
        fitting: usize,
    },
    /// The rule allows only `allowed` in the cell (odd, even, the symbols filling a
    /// quadruple).
    CellAllows {
        /// The symbols allowed.
        allowed: SymbolSet,
    },
    /// Minimum and maximum cells: the cell's value must be less than `other`'s, whose
    /// greatest candidate is `than`.
    Below {
        /// The cell it must stay below.
        other: CellId,
        /// The greatest value `other` can take.
        than: i64,
    },
    /// Minimum and maximum cells: the cell's value must be greater than `other`'s, whose
    /// least candidate is `than`.
    Above {
        /// The cell it must stay above.
        other: CellId,
        /// The least value `other` can take.
        than: i64,
    },
    /// The rule's cells must hold `value` `times` times (a quadruple), and only `holders`
    /// can: with as many holders as times each holds it; a cell that sees every holder
    /// cannot.
    Needs {
        /// The symbol needed.
        value: Symbol,
        /// How many times.
        times: u32,
        /// The rule's cells that can hold it.
        holders: Vec<CellId>,
    },
    /// A disjoint group holds every symbol once, and the cell is the group's last place for
    /// the value it keeps.
    LastPlace {
        /// The group's cells.
        group: Vec<CellId>,
    },
    /// A sum line: the sums the open run can have before the cell, plus a removed value,
    /// reach none from which the rest of the line splits into runs of the total.
    RunSums {
        /// The open run's possible sums before the cell, bit `s` for the sum `s`.
        before: u64,
        /// The sums after the cell from which the rest can be finished.
        after: u64,
    },
    /// Sandwich on a line holding each value once: the crusts can only be placed as in
    /// `spans` (their two cells, the crusts they hold, the set between that adds up to the
    /// clue), and none puts a removed value in the cell.
    SandwichSpans {
        /// The placements left.
        spans: Vec<ClueSpan>,
    },
    /// X-sum on a line holding each value once: the first X cells can only be as in `spans`
    /// (the first cell holding X, the X-th cell, the set of the cells after the first), and
    /// none puts a removed value in the cell.
    XSumSpans {
        /// The placements left.
        spans: Vec<ClueSpan>,
    },
    /// Sandwich, X-sum or skyscraper: with a removed value in the cell, the line could only
    /// give the totals or counts `numbers` (none at all when empty), never the clue's `clue`.
    ClueNumbers {
        /// What the line could give instead.
        numbers: Vec<i64>,
        /// The clue's number.
        clue: i64,
    },
    /// Rellik cage: the cage's solved cells `solved` already make, with one or more of their
    /// values, the total less each removed value (none: each removed value is the total, or
    /// not positive).
    RellikSums {
        /// The cells that force the cage's values: solved, a naked subset, a house's places.
        solved: Vec<CellId>,
    },
    /// Lockout line: no pair of values the ends can hold, far enough apart, leaves the removed
    /// values outside the range they lock (or, for an end, leaves every cell between a value
    /// outside it).
    LockoutRange {
        /// The line's two ends.
        ends: [CellId; 2],
    },
    /// Dutch flatmates: neither the cell above can hold the smallest value nor the cell below
    /// the largest, so the cell cannot hold the middle value.
    FlatmateNone,
    /// Dutch flatmates: `middle` holds the middle value and the cell is its only flatmate left.
    FlatmateNeeded {
        /// The cell holding the middle value.
        middle: CellId,
    },
    /// Global entropy or modular: no way of covering the three classes in the 2x2 `square`
    /// gives the cell the removed values' class.
    SquareClasses {
        /// The square's cells.
        square: [CellId; 4],
    },
    /// Numbered room: the cell each removed value N names cannot hold the clue's value.
    RoomNoClue,
    /// A chaos construction's region clue reads between `lo` and `hi`: its own cell, at most
    /// the cells it names and a region's size, and 2 or more when it reads every orthogonal
    /// neighbour.
    ChaosClueRange {
        /// The least reading.
        lo: i64,
        /// The greatest reading.
        hi: i64,
    },
    /// Count-distinct: the counted cells hold at least `lo` and at most `hi` different
    /// values, and the control cell's removed values lie outside.
    CountDistinctRange {
        /// The least count.
        lo: i64,
        /// The greatest count.
        hi: i64,
    },
    /// Count-distinct over regions: the counted cells lie in at least `lo` and at most `hi`
    /// different regions, and the control cell's removed values lie outside.
    CountRegionsRange {
        /// The least count.
        lo: i64,
        /// The greatest count.
        hi: i64,
    },
    /// Count-distinct: a removed value would give the counted cells more than `most`
    /// different values, the control cell's greatest value.
    CountDistinctMost {
        /// The control cell's greatest value.
        most: i64,
    },
    /// Count-distinct: with a removed value the counted cells could not reach `least`
    /// different values, the control cell's least value.
    CountDistinctLeast {
        /// The control cell's least value.
        least: i64,
    },
    /// Numbered room: every value the first cell `first` can hold names this cell.
    RoomTarget {
        /// The first cell from the clue.
        first: CellId,
    },
    /// Counting circles: a circled N needs exactly N circles holding N, and `holders` already
    /// are N of them, or are the only N that can be.
    CircleCount {
        /// The circles holding or able to hold the value.
        holders: Vec<CellId>,
    },
    /// Counting circles: the circled values, each held as often as itself, fill all
    /// `circles` circles, and no set of values that can uses the removed ones.
    CircleSets {
        /// How many circles the rule has.
        circles: u32,
    },
    /// Counting circles: the value must be held in as many circles as itself, at most one
    /// per house of a family splitting the circles, and only that many of its houses can:
    /// `house` holds it in one of its circles.
    CircleHouses {
        /// The house.
        house: ShapeId,
    },
    /// Lunchbox: its smallest and largest values can only be placed as in `spans` (their two
    /// cells, the values they hold, the set between that adds up to the total), and none puts
    /// a removed value in the cell.
    LunchboxSpans {
        /// The placements left.
        spans: Vec<ClueSpan>,
    },
    /// Same-value sets: every set holds the same symbols, and the sets of `cells` have no
    /// place for a removed one.
    SameValuesAbsent {
        /// The cells of the sets that cannot hold a removed symbol.
        cells: Vec<CellId>,
    },
    /// Same-value sets: every set holds the symbol exactly `count` times, since the set of
    /// `held` has it solved `count` times and the set of `places` has only `count` places
    /// for it.
    SameValuesCount {
        /// How often every set holds the symbol.
        count: u32,
        /// The cells of a set with `count` cells solved to the symbol.
        held: Vec<CellId>,
        /// The cells of a set with only `count` places for it.
        places: Vec<CellId>,
    },
    /// Thermometers: the cell must exceed `below`, cells that thermometers put below it
    /// (directly or through other cells), which all hold different values (they see each
    /// other, or one lies below another); so many different values reach at least
    /// `greatest`, and the cell is above it.
    OrderFloor {
        /// The cells below, all holding different values.
        below: Vec<CellId>,
        /// The least value the greatest of them can take.
        greatest: i64,
    },
    /// Thermometers: the cell must stay below `above`, cells that thermometers put above it,
    /// which all hold different values; so many different values reach down to at most
    /// `least`, and the cell is below it.
    OrderCeiling {
        /// The cells above, all holding different values.
        above: Vec<CellId>,
        /// The greatest value the least of them can take.
        least: i64,
    },
    /// A rule composed of rules (`any`): the alternatives `refuted` can no longer hold, and
    /// none of the others leaves the removed values in the cell.
    Alternatives {
        /// The names of the alternatives that cannot hold, in the rule's order.
        refuted: Vec<String>,
    },
    /// A loop that splits into runs (a sum-line loop): no run can start at the cells
    /// `refuted` any more, and no way left of cutting the loop into runs leaves the removed
    /// values in the cell.
    LoopCuts {
        /// The cells no run can start at any more, in the loop's order.
        refuted: Vec<CellId>,
    },
}

/// One placement of the cells that bound an outside clue's sum: a sandwich's two crusts, or
/// an X-sum's first cell and the X-th cell.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ClueSpan {
    /// The two bounding cells, read from the clue (an X-sum of 1: the first cell twice).
    pub ends: [CellId; 2],
    /// The symbols they hold there: the two crusts, or X.
    pub ends_hold: SymbolSet,
    /// The values of the cells between (an X-sum: after the first, up to the X-th).
    pub inside: SymbolSet,
}

impl RuleReason {
    /// The reason in the reasoner's ids.
    pub(crate) fn of(why: &Why) -> RuleReason {
        let cell = |c: &u32| CellId::new(*c as usize);
        let cells = |v: &[u32]| v.iter().map(cell).collect::<Vec<_>>();
        match why {
            Why::Rule => RuleReason::Whole,
            Why::Partner { partner } => RuleReason::Partner {
                partner: cell(partner),
            },
            Why::NoPartnerValue => RuleReason::NoPartnerValue,
            Why::SamePartner { left, right } => RuleReason::SamePartner {
                left: cell(left),
                right: cell(right),
            },
            Why::PairNeeds { value, pair } => RuleReason::PairNeeds {
                value: SymbolSet(*value),
                pair: [cell(&pair[0]), cell(&pair[1])],
            },
            Why::ClassShort { class, cells: cs } => RuleReason::ClassShort {
                class: SymbolSet(*class),
                cells: cells(cs),
            },
            Why::LineClasses { classes, position } => RuleReason::LineClasses {
                classes: *classes,
                position: *position,
            },
            Why::LineRepeat { cell: c } => RuleReason::LineRepeat { cell: cell(c) },
            Why::RenbanRuns { runs } => RuleReason::RenbanRuns {
                runs: SymbolSet(*runs),
            },
            Why::RenbanNeeds {
                value,
                runs,
                holders,
            } => RuleReason::RenbanNeeds {
                value: SymbolSet(*value),
                runs: SymbolSet(*runs),
                holders: cells(holders),
            },
            Why::RenbanNoRoom { runs } => RuleReason::RenbanNoRoom {
                runs: SymbolSet(*runs),
            },
            Why::BetweenRange { ends } => RuleReason::BetweenRange {
                ends: [cell(&ends[0]), cell(&ends[1])],
            },
            Why::BetweenEnd { other } => RuleReason::BetweenEnd { other: cell(other) },
            Why::SequenceStates {
                before,
                after,
                names,
            } => RuleReason::SequenceStates {
                before: *before,
                after: *after,
                names: names.as_deref().map(<[String]>::to_vec).unwrap_or_default(),
            },
            Why::SumCombinations {
                group,
                targets,
                combos,
                ..
            } => RuleReason::SumCombinations {
                group: cells(group),
                targets: targets.clone(),
                combos: combos.iter().map(|&m| SymbolSet(m)).collect(),
            },
            Why::SumNeeds {
                group,
                needed,
                holders,
                house,
                ..
            } => RuleReason::SumNeeds {
                group: cells(group),
                needed: Symbol::new(needed.trailing_zeros() as usize),
                holders: cells(holders),
                house: ShapeId::new(*house as usize),
            },
            Why::SumBounds { low, high, .. } => RuleReason::SumBounds {
                low: *low,
                high: *high,
            },
            Why::ThermoFloor { previous, floor } => RuleReason::ThermoFloor {
                previous: cell(previous),
                floor: *floor,
            },
            Why::ThermoCeiling { next, ceiling } => RuleReason::ThermoCeiling {
                next: cell(next),
                ceiling: *ceiling,
            },
            Why::RelationTuples { fitting } => RuleReason::RelationTuples {
                fitting: fitting.len(),
            },
            Why::CellAllows { allowed } => RuleReason::CellAllows {
                allowed: SymbolSet(*allowed),
            },
            Why::Below { other, than } => RuleReason::Below {
                other: cell(other),
                than: *than,
            },
            Why::Above { other, than } => RuleReason::Above {
                other: cell(other),
                than: *than,
            },
            Why::Needs {
                value,
                times,
                holders,
            } => RuleReason::Needs {
                value: Symbol::new(value.trailing_zeros() as usize),
                times: *times,
                holders: cells(holders),
            },
            Why::LastPlace { group } => RuleReason::LastPlace {
                group: cells(group),
            },
            Why::RunSums { before, after } => RuleReason::RunSums {
                before: *before,
                after: *after,
            },
            Why::SandwichSpans { spans } => RuleReason::SandwichSpans {
                spans: spans.iter().map(ClueSpan::of).collect(),
            },
            Why::XSumSpans { spans } => RuleReason::XSumSpans {
                spans: spans.iter().map(ClueSpan::of).collect(),
            },
            Why::ClueNumbers { numbers, clue } => RuleReason::ClueNumbers {
                numbers: numbers.clone(),
                clue: *clue,
            },
            Why::RellikSums { solved } => RuleReason::RellikSums {
                solved: cells(solved),
            },
            Why::SameValuesAbsent { cells: cs } => {
                RuleReason::SameValuesAbsent { cells: cells(cs) }
            }
            Why::SameValuesCount {
                count,
                held,
                places,
            } => RuleReason::SameValuesCount {
                count: *count,
                held: cells(held),
                places: cells(places),
            },
            Why::LockoutRange { ends } => RuleReason::LockoutRange {
                ends: ends.map(|c| cell(&c)),
            },
            Why::FlatmateNone => RuleReason::FlatmateNone,
            Why::FlatmateNeeded { middle } => RuleReason::FlatmateNeeded {
                middle: cell(middle),
            },
            Why::SquareClasses { square } => RuleReason::SquareClasses {
                square: square.map(|c| cell(&c)),
            },
            Why::RoomNoClue => RuleReason::RoomNoClue,
            Why::ChaosClueRange { lo, hi } => RuleReason::ChaosClueRange { lo: *lo, hi: *hi },
            Why::CountDistinctRange { lo, hi } => {
                RuleReason::CountDistinctRange { lo: *lo, hi: *hi }
            }
            Why::CountRegionsRange { lo, hi } => RuleReason::CountRegionsRange { lo: *lo, hi: *hi },
            Why::CountDistinctMost { most } => RuleReason::CountDistinctMost { most: *most },
            Why::CountDistinctLeast { least } => RuleReason::CountDistinctLeast { least: *least },
            Why::RoomTarget { first } => RuleReason::RoomTarget { first: cell(first) },
            Why::CircleCount { holders } => RuleReason::CircleCount {
                holders: cells(holders),
            },
            Why::CircleSets { circles } => RuleReason::CircleSets { circles: *circles },
            Why::CircleHouses { house } => RuleReason::CircleHouses {
                house: ShapeId::new(*house as usize),
            },
            Why::LunchboxSpans { spans } => RuleReason::LunchboxSpans {
                spans: spans.iter().map(ClueSpan::of).collect(),
            },
            Why::OrderFloor { below, greatest } => RuleReason::OrderFloor {
                below: cells(below),
                greatest: *greatest,
            },
            Why::OrderCeiling { above, least } => RuleReason::OrderCeiling {
                above: cells(above),
                least: *least,
            },
            Why::Alternatives { refuted, names } => RuleReason::Alternatives {
                refuted: (names.iter().enumerate())
                    .filter(|&(i, _)| refuted >> i & 1 == 1)
                    .map(|(_, n)| n.clone())
                    .collect(),
            },
            Why::LoopCuts { refuted, starts } => RuleReason::LoopCuts {
                refuted: (starts.iter().enumerate())
                    .filter(|&(i, _)| refuted >> i & 1 == 1)
                    .map(|(_, c)| cell(c))
                    .collect(),
            },
        }
    }

    /// How hard the reason is to see, as a catalogue row: one pair law, one bound or a
    /// repeat is a [`Technique::RuleElimination`]; a list of combinations or runs left is a
    /// [`Technique::RuleCombination`]; a value the cells must hold somewhere, or cells short of
    /// room (a set argument), is a [`Technique::RuleSet`].
    pub fn technique(&self) -> Technique {
        match self {
            RuleReason::Whole
            | RuleReason::Partner { .. }
            | RuleReason::NoPartnerValue
            | RuleReason::LineRepeat { .. }
            | RuleReason::BetweenRange { .. }
            | RuleReason::SumBounds { .. }
            | RuleReason::ThermoFloor { .. }
            | RuleReason::ThermoCeiling { .. }
            | RuleReason::CellAllows { .. }
            | RuleReason::Below { .. }
            | RuleReason::Above { .. }
            | RuleReason::LastPlace { .. }
            | RuleReason::ClueNumbers { .. }
            | RuleReason::RellikSums { .. }
            | RuleReason::LockoutRange { .. }
            | RuleReason::FlatmateNone
            | RuleReason::FlatmateNeeded { .. }
            | RuleReason::RoomNoClue
            | RuleReason::ChaosClueRange { .. }
            | RuleReason::CountDistinctRange { .. }
            | RuleReason::CountRegionsRange { .. }
            | RuleReason::RoomTarget { .. }
            | RuleReason::CircleCount { .. }
            | RuleReason::SameValuesAbsent { .. } => Technique::RuleElimination,
            RuleReason::SamePartner { .. }
            | RuleReason::LineClasses { .. }
            | RuleReason::RenbanRuns { .. }
            | RuleReason::SequenceStates { .. }
            | RuleReason::RunSums { .. }
            | RuleReason::SumCombinations { .. }
            | RuleReason::RelationTuples { .. }
            | RuleReason::SandwichSpans { .. }
            | RuleReason::XSumSpans { .. }
            | RuleReason::SquareClasses { .. }
            | RuleReason::CircleSets { .. }
            | RuleReason::CircleHouses { .. }
            | RuleReason::LunchboxSpans { .. }
            | RuleReason::OrderFloor { .. }
            | RuleReason::OrderCeiling { .. }
            | RuleReason::Alternatives { .. }
            | RuleReason::LoopCuts { .. } => Technique::RuleCombination,
            RuleReason::PairNeeds { .. }
            | RuleReason::ClassShort { .. }
            | RuleReason::RenbanNeeds { .. }
            | RuleReason::RenbanNoRoom { .. }
            | RuleReason::BetweenEnd { .. }
            | RuleReason::SumNeeds { .. }
            | RuleReason::Needs { .. }
            | RuleReason::CountDistinctMost { .. }
            | RuleReason::CountDistinctLeast { .. }
            | RuleReason::SameValuesCount { .. } => Technique::RuleSet,
        }
    }

    /// The cells the reason rests on (to highlight), besides the rule's own.
    pub fn cells(&self) -> Vec<CellId> {
        match self {
            RuleReason::Whole
            | RuleReason::NoPartnerValue
            | RuleReason::LineClasses { .. }
            | RuleReason::RenbanRuns { .. }
            | RuleReason::RenbanNoRoom { .. }
            | RuleReason::SequenceStates { .. }
            | RuleReason::RunSums { .. }
            | RuleReason::SumBounds { .. }
            | RuleReason::RelationTuples { .. }
            | RuleReason::CellAllows { .. }
            | RuleReason::LastPlace { .. }
            | RuleReason::ClueNumbers { .. }
            | RuleReason::FlatmateNone
            | RuleReason::RoomNoClue
            | RuleReason::ChaosClueRange { .. }
            | RuleReason::CountDistinctRange { .. }
            | RuleReason::CountRegionsRange { .. }
            | RuleReason::CountDistinctMost { .. }
            | RuleReason::CountDistinctLeast { .. }
            | RuleReason::CircleSets { .. }
            | RuleReason::CircleHouses { .. }
            | RuleReason::Alternatives { .. } => Vec::new(),
            RuleReason::LoopCuts { refuted } => refuted.clone(),
            RuleReason::FlatmateNeeded { middle: c } | RuleReason::RoomTarget { first: c } => {
                vec![*c]
            }
            RuleReason::LockoutRange { ends } => ends.to_vec(),
            RuleReason::SquareClasses { square } => square.to_vec(),
            RuleReason::RellikSums { solved: cs }
            | RuleReason::CircleCount { holders: cs }
            | RuleReason::SameValuesAbsent { cells: cs } => cs.clone(),
            RuleReason::SameValuesCount { held, places, .. } => {
                let mut cs: Vec<CellId> = held.iter().chain(places).copied().collect();
                cs.sort_unstable();
                cs.dedup();
                cs
            }
            RuleReason::Partner { partner: c }
            | RuleReason::LineRepeat { cell: c }
            | RuleReason::BetweenEnd { other: c }
            | RuleReason::ThermoFloor { previous: c, .. }
            | RuleReason::ThermoCeiling { next: c, .. }
            | RuleReason::Below { other: c, .. }
            | RuleReason::Above { other: c, .. } => vec![*c],
            RuleReason::SamePartner { left, right } => vec![*left, *right],
            RuleReason::PairNeeds { pair, .. } => pair.to_vec(),
            RuleReason::BetweenRange { ends } => ends.to_vec(),
            RuleReason::ClassShort { cells, .. } => cells.clone(),
            RuleReason::RenbanNeeds { holders, .. }
            | RuleReason::SumNeeds { holders, .. }
            | RuleReason::Needs { holders, .. } => holders.clone(),
            RuleReason::SumCombinations { group, .. } => group.clone(),
            RuleReason::OrderFloor { below: cs, .. }
            | RuleReason::OrderCeiling { above: cs, .. } => cs.clone(),
            RuleReason::SandwichSpans { spans }
            | RuleReason::XSumSpans { spans }
            | RuleReason::LunchboxSpans { spans } => {
                let mut ends: Vec<CellId> = spans.iter().flat_map(|s| s.ends).collect();
                ends.sort_unstable();
                ends.dedup();
                ends
            }
        }
    }
}

impl ClueSpan {
    fn of(s: &crate::solver::why::Span) -> ClueSpan {
        ClueSpan {
            ends: s.ends.map(|c| CellId::new(c as usize)),
            ends_hold: SymbolSet(s.ends_hold),
            inside: SymbolSet(s.inside),
        }
    }
}

/// The rule a link of a [`Deduction::RuleForcingChain`](crate::reason::Deduction::RuleForcingChain)
/// rests on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum RuleRef {
    /// The rule at this index of [`Geometry::constraints`](crate::Geometry::constraints).
    Rule(usize),
    /// A sum shape (a Killer cage).
    Cage(ShapeId),
}

/// A link of a forcing chain over rules: what follows, given the assumption and the links
/// before it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum RuleLink {
    /// `symbol` is the last candidate of `cell`.
    NakedSingle {
        /// The cell placed.
        cell: CellId,
        /// Its value.
        symbol: Symbol,
    },
    /// `cell` is the last place for `symbol` in `house`.
    HiddenSingle {
        /// The cell placed.
        cell: CellId,
        /// Its value.
        symbol: Symbol,
        /// The house.
        house: ShapeId,
    },
    /// The rule removes `eliminations` for `reason`.
    Rule {
        /// The rule.
        rule: RuleRef,
        /// The candidates it removes.
        eliminations: Vec<crate::reason::Candidate>,
        /// Why.
        reason: RuleReason,
    },
    /// Every place left for `symbol` in `house` sees the cells of `eliminations`, which lose
    /// it (pointing and claiming, for any house).
    Locked {
        /// The house.
        house: ShapeId,
        /// The symbol.
        symbol: Symbol,
        /// The candidates removed.
        eliminations: Vec<crate::reason::Candidate>,
    },
    /// An inner chain (of a nested forcing chain over rules): with the links before, were
    /// `assumed` true (one end of a strong link: its cell had two candidates left, or its
    /// symbol two places in a house), `links` would follow until `end`, a contradiction; so
    /// `assumed` is false and the link's other end holds.
    Nested {
        /// The candidate the inner chain assumes, then removes.
        assumed: crate::reason::Candidate,
        /// The inner chain's links (none of them nested).
        links: Vec<RuleLink>,
        /// Its contradiction.
        end: ChainEnd,
    },
}

impl RuleLink {
    /// Whether the link is an inner chain.
    pub fn is_nested(&self) -> bool {
        matches!(self, RuleLink::Nested { .. })
    }

    /// The links it stands for: one, or an inner chain's and its own.
    pub fn length(&self) -> usize {
        match self {
            RuleLink::Nested { links, .. } => 1 + links.iter().map(RuleLink::length).sum::<usize>(),
            _ => 1,
        }
    }
}

/// How a forcing chain over rules ends.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum ChainEnd {
    /// A cell without candidates or a house without a place for a symbol.
    Broken(crate::reason::Broken),
    /// A rule that can no longer be met.
    Rule(RuleRef),
}
