//! Why a rule removed candidates, as data. A propagator states the reason of each removal
//! through [`Domains::keep_because`](super::propagator::Domains::keep_because); the search never
//! builds it (no sink), the reasoner records it and words it (`reason/`), so a rule's
//! deductions are written once and serve both.
//!
//! A variant carries exactly what explains the removal (the cells it rests on, the values or
//! combinations involved), in the solver's own indices (cells as `u32`, symbols as candidate
//! masks: bit `s` is symbol `s`); no prose here. The rule itself (its kind, its cells in
//! order, a whisper's difference, a clue's number) is known to whoever asked for the reasons,
//! so a variant does not repeat it. "The line" below is the rule's cells in their order.
//! A propagator that does not state a reason removes for [`Why::Rule`].

use std::sync::Arc;

pub(crate) use super::sum_facts::SumFacts;

/// One removal with its reason: the candidates `removed` (a mask, bit `s` for symbol `s`) from
/// `cell`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Removal {
    /// The cell narrowed.
    pub(crate) cell: u32,
    /// The candidates it lost.
    pub(crate) removed: u64,
    /// Why.
    pub(crate) why: Why,
}

/// The reason for a removal.
// The fields are read where the reasons are worded (the reasoner), which does not exist for
// every variant yet; the tests compare whole removals.
#[allow(dead_code)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub(crate) enum Why {
    /// The rule as a whole allows nothing else in the cell, for a reason its propagator does
    /// not spell out.
    Rule,

    // Pair rules along a line: whispers, palindromes, clones.
    /// Each removed value allows no candidate of `partner`, the cell's partner under the rule
    /// (a neighbour along a whisper line; the cell a palindrome or a clone says is equal; the
    /// other cell of a pair law: a kropki dot, an XV letter, a difference or ratio mark, a
    /// nonconsecutive, anti-knight or anti-king pair, a negative constraint's unmarked pair):
    /// none of `partner`'s candidates is at least the difference away (whispers), the same
    /// value (palindrome, clone) or meets the pair's law with it.
    Partner {
        /// The partner cell.
        partner: u32,
    },
    /// Whispers: no value of the alphabet is at least the difference away from the removed
    /// values (5 on German whispers over 1-9), whatever the neighbours hold.
    NoPartnerValue,
    /// Whispers: the cell's two neighbours on the line, `left` and `right`, see each other
    /// (they share a house, so they hold different values), and for each removed value the
    /// candidates of the two that it allows are one and the same single value (on German
    /// whispers a 4 needs a 9 on both sides).
    SamePartner {
        /// The neighbour before the cell on the line.
        left: u32,
        /// The neighbour after it.
        right: u32,
    },
    /// Every pair of candidates the rule still allows in the two cells `pair` (neighbours on a
    /// whisper line) holds `value` in one of them, so one of the two holds it; the cell,
    /// which sees both, cannot.
    PairNeeds {
        /// The value needed, as the symbols worth it.
        value: u64,
        /// The two cells.
        pair: [u32; 2],
    },
    /// Cells at places along the line that must all hold values of one class (every second
    /// cell of a whisper line whose values split into a low and a high side with every
    /// neighbour pair one of each; every third cell of an entropic or modular line) cannot
    /// hold the class `class` (its symbols): the cells `cells`, which see each other (or are
    /// one cell), would need as many different values of it as they are, and their candidates
    /// have fewer. So every cell at their places holds another class, and the removed values
    /// are of `class`.
    ClassShort {
        /// The symbols of the class ruled out.
        class: u64,
        /// The cells that cannot all take it.
        cells: Vec<u32>,
    },
    /// Entropic and modular lines: cells three apart hold the same class and any three in a
    /// row one of each. `classes[p]` are the classes (bit `k` for class `k`: low, middle,
    /// high, or remainder 0, 1, 2) the cells at places `p`, `p + 3`, ... can still take, each
    /// fitting some order of the three classes with the other two places; the cell is at a
    /// place `position` mod 3 and the removed values are of classes outside
    /// `classes[position]`.
    LineClasses {
        /// The classes left at each place mod 3.
        classes: [u8; 3],
        /// The cell's place along the line, mod 3.
        position: u8,
    },

    // Renban.
    /// Renban (and disjoint groups): the line's (the group's) values are different and
    /// `cell`, on the line (in the group), holds the removed value.
    LineRepeat {
        /// The cell of the line holding the value.
        cell: u32,
    },
    /// Renban: the line holds a run of as many consecutive values as it has cells, in any
    /// order. `runs` are the runs that still fit (every cell of the line has a candidate in
    /// the run and every value of the run a cell that can hold it), as the symbols worth the
    /// run's smallest value; the removed values lie in none of them.
    RenbanRuns {
        /// The runs left, by their smallest value's symbols.
        runs: u64,
    },
    /// Renban: every run left (`runs`, as in [`Why::RenbanRuns`]) contains `value`, so the
    /// line holds it, in one of `holders`, its cells that can still hold it. With one holder,
    /// the value is placed there (the holder's other candidates are removed); a cell off the
    /// line that sees every holder loses the value.
    RenbanNeeds {
        /// The value every run left needs, as the symbols worth it.
        value: u64,
        /// The runs left.
        runs: u64,
        /// The line's cells that can hold the value.
        holders: Vec<u32>,
    },
    /// Renban: with the removed value in the cell, the line's other cells cannot hold the
    /// rest of any run left (`runs`, as in [`Why::RenbanRuns`]) each once: some values of it
    /// would need more cells than can take them.
    RenbanNoRoom {
        /// The runs left.
        runs: u64,
    },

    // Between lines.
    /// Between line with ends `ends`: the removed values of a middle cell are not strictly
    /// between any two candidates the ends still hold.
    BetweenRange {
        /// The line's two ends.
        ends: [u32; 2],
    },
    /// Between line: with the removed value at this end, no candidate of the other end
    /// `other` leaves the middle room: some middle cell has no candidate strictly between the
    /// two, or some middle cells that see each other (a group in one house) need more
    /// different values between them than their candidates offer.
    BetweenEnd {
        /// The other end.
        other: u32,
    },

    // Sequence rules.
    /// `sequence` rule: a reader of the line can be in the automaton's states `before` when
    /// it reaches the cell (from the candidates of the cells before it), and from the states
    /// `after` the rest of the line can still be read to acceptance; each removed value leads
    /// from no state of `before` to a state of `after`.
    SequenceStates {
        /// The states reachable before the cell, bit `q` for state `q`.
        before: u64,
        /// The states from which the rest of the line can be accepted.
        after: u64,
        /// The states' names, when the rule names them (a `sequence` rule's `states`, a
        /// hidden skyscraper's highest values); `None` for numbered states.
        names: Option<Arc<[String]>>,
    },
    /// Sum combinations: the cells `group` of the sum `sum` can take only the value sets
    /// `combos`, and none of them puts the removed candidates in this cell.
    ///
    /// A group is a set of the sum's cells on one side with one coefficient that all see each
    /// other (a cage's cells, a little killer's cells inside one box: their values differ), or
    /// a single cell. Each combination is a set of distinct values (a candidate mask) that the
    /// group's cells can hold one each, within their candidates, and that adds up to one of
    /// `group_sums`; a single cell's combinations are its values left, one bit each.
    SumCombinations {
        /// The sum (its cells, coefficients, total and origin).
        sum: Arc<SumFacts>,
        /// The group's cells (one cell, or cells that see each other).
        group: Vec<u32>,
        /// The values every side of the sum can still add up to: the total when it is fixed,
        /// otherwise the common values left (a circle's, a region-sum line's runs').
        targets: Vec<i64>,
        /// The sums of the group's values (before its coefficient) that leave the rest of its
        /// side able to reach one of `targets`, in increasing order.
        group_sums: Vec<i64>,
        /// The value sets the group can still take (candidate masks), in increasing order.
        combos: Vec<u64>,
    },
    /// A needed value: every combination left to the cells `group` of the sum `sum` contains
    /// the value `needed` (one candidate bit), and the cells of the group that can hold it,
    /// `holders`, all lie in the house `house`; so no other cell of that house holds it.
    SumNeeds {
        /// The sum.
        sum: Arc<SumFacts>,
        /// The group's cells, as in [`Why::SumCombinations`].
        group: Vec<u32>,
        /// The value every combination of the group contains (one candidate bit).
        needed: u64,
        /// The group's cells that can still hold it.
        holders: Vec<u32>,
        /// The house holding all of them (a shape index of the geometry).
        house: u32,
    },
    /// Sum bounds: the cell's value, times its coefficient in the sum `sum`, must lie between
    /// `low` and `high`, because the other terms of its side can add up only to values between
    /// the side's target range less those (the search falls back to bounds when a sum's values
    /// span too wide a range to list its combinations).
    SumBounds {
        /// The sum.
        sum: Arc<SumFacts>,
        /// The least value the cell may hold.
        low: i64,
        /// The greatest value the cell may hold.
        high: i64,
    },

    // Relations.
    /// `relation` rule: of its allowed tuples, those at `fitting` (their places in the
    /// rule's list) still fit every cell's candidates, and none of them puts a removed value
    /// in this cell.
    RelationTuples {
        /// The places of the tuples that still fit.
        fitting: Vec<u32>,
    },
    // Thermometers (added after the sums: variants are only ever appended).
    /// Thermometer: the cell's value must exceed (on a slow thermometer: at least equal) the
    /// value of `previous`, the cell before it, whose least candidate leaves nothing below
    /// `floor`; the removed values are below it.
    ThermoFloor {
        /// The cell before on the thermometer.
        previous: u32,
        /// The least value left.
        floor: i64,
    },
    /// Thermometer: the cell's value must stay below (on a slow thermometer: at most) the
    /// value of `next`, the cell after it, whose greatest candidate leaves nothing above
    /// `ceiling`; the removed values are above it.
    ThermoCeiling {
        /// The cell after on the thermometer.
        next: u32,
        /// The greatest value left.
        ceiling: i64,
    },
    // Cell rules (appended: variants are only ever added at the end).
    /// The rule allows only the values `allowed` (a candidate mask) in the cell: an odd or
    /// even cell, a cell law, the symbols that fill a quadruple's cells.
    CellAllows {
        /// The symbols allowed.
        allowed: u64,
    },
    /// The cell's value must be less than that of `other` (a minimum cell below its
    /// neighbour, a neighbour below a maximum cell), whose greatest candidate is worth `than`;
    /// the removed values are at least `than`.
    Below {
        /// The cell it must stay below.
        other: u32,
        /// The greatest value `other` can take.
        than: i64,
    },
    /// The cell's value must be greater than that of `other` (a neighbour above a minimum
    /// cell, a maximum cell above its neighbour), whose least candidate is worth `than`; the
    /// removed values are at most `than`.
    Above {
        /// The cell it must stay above.
        other: u32,
        /// The least value `other` can take.
        than: i64,
    },
    /// The rule's cells must hold `value` (one candidate bit) `times` times (a quadruple's
    /// symbol), and only `holders` can: with as many holders as times, each holds it (its
    /// other candidates are removed); a cell off the rule that sees every holder cannot.
    Needs {
        /// The symbol needed.
        value: u64,
        /// How many times.
        times: u32,
        /// The rule's cells that can still hold it.
        holders: Vec<u32>,
    },
    /// A group whose values all differ and hold every symbol (a disjoint group): the cell is
    /// the group's last place for the value kept.
    LastPlace {
        /// The group's cells.
        group: Vec<u32>,
    },
    /// Sum line: the sums the open run can have before the cell (`before`, bit `s` for the
    /// sum `s`), plus a removed value, reach no sum (`after`) from which the rest of the line
    /// still splits into runs of the total.
    RunSums {
        /// The open run's possible sums before the cell.
        before: u64,
        /// The open run's sums after the cell from which the rest can be finished.
        after: u64,
    },
    // Outside clues (appended after the thermometers and relations).
    /// Sandwich on a line holding each value once: the crusts (the alphabet's least and
    /// greatest values) can only be placed as in `spans`, each a pair of cells with the
    /// crusts they can hold (`ends_hold`) and a set of distinct middle values for the cells
    /// between that adds up to the clue, fits their candidates and leaves the cells outside
    /// values they can hold. No span puts a removed value in the cell: a crust value where no
    /// span has an end, a value between the crusts that no set of a span over the cell holds,
    /// or a value outside the crusts that every span leaving the cell outside puts between.
    SandwichSpans {
        /// The placements left.
        spans: Vec<Span>,
    },
    /// X-sum on a line holding each value once: the first cell and the first X cells can
    /// only be as in `spans`, each the first cell holding X (`ends_hold`), the X-th cell, and
    /// a set of distinct values for the X - 1 cells after the first that adds up to the clue
    /// less X and leaves the cells after the X-th values they can hold. No span puts a removed
    /// value in the cell.
    XSumSpans {
        /// The placements left.
        spans: Vec<Span>,
    },
    /// Sandwich, X-sum or skyscraper: with any removed value in the cell, and the line's
    /// other cells holding their candidates (each value once when the line is a row or
    /// column), the line could only give the totals or counts `numbers` (none: no total or
    /// count at all), never the clue's `clue`.
    ClueNumbers {
        /// What the line could give instead, in increasing order.
        numbers: Vec<i64>,
        /// The clue's number.
        clue: i64,
    },
    /// Rellik cage: the values the cage must hold (its solved cells', a naked subset's inside
    /// it, a house's only places; `solved` are those cells) already make, with one or more of them, the total
    /// less each removed value, so the removed value would complete the total.
    RellikSums {
        /// The cells that force the cage's values: solved, a naked subset, a house's places.
        solved: Vec<u32>,
    },
    /// Lockout line: no pair of values the ends `ends` can still hold, at least the
    /// difference apart, leaves the removed value outside the range they lock (for a cell
    /// between them), or leaves every cell between them a value outside it (for an end).
    LockoutRange {
        /// The line's two ends.
        ends: [u32; 2],
    },
    /// A chaos construction's region clue reads its own cell and at most the cells it names,
    /// never more than a region's size (`hi`), and at least `lo` (2 when every orthogonal
    /// neighbour is read, since a region of two or more cells reaches one of them): the removed
    /// values lie outside.
    ChaosClueRange {
        /// The least reading.
        lo: i64,
        /// The greatest reading.
        hi: i64,
    },
    /// Count-distinct: the counted cells can hold at least `lo` and at most `hi` different
    /// values, so the control cell's removed values are outside that range.
    CountDistinctRange {
        /// The least count (a sound bound).
        lo: i64,
        /// The greatest count.
        hi: i64,
    },
    /// Count-distinct over a chaos construction's regions: the counted cells lie in at least
    /// `lo` and at most `hi` different regions, so the control cell's removed values are
    /// outside that range.
    CountRegionsRange {
        /// The least count.
        lo: i64,
        /// The greatest count.
        hi: i64,
    },
    /// Count-distinct: with a removed value in the cell, the counted cells would hold more
    /// different values than `most`, the control cell's greatest value.
    CountDistinctMost {
        /// The control cell's greatest value.
        most: i64,
    },
    /// Count-distinct: with a removed value in the cell, the counted cells could not hold
    /// `least` different values, the control cell's least value.
    CountDistinctLeast {
        /// The control cell's least value.
        least: i64,
    },
    /// Dutch flatmates: the cell above cannot hold the smallest value nor the cell below the
    /// largest, so the cell cannot hold the middle value.
    FlatmateNone,
    /// Dutch flatmates: `middle` holds the middle value and the cell is the only one of its
    /// two flatmates left (above it the smallest value, below it the largest).
    FlatmateNeeded {
        /// The cell holding the middle value.
        middle: u32,
    },
    /// Global entropy or modular: the 2x2 square `square` must hold every class, and no way
    /// of giving each of its cells a class its candidates allow that covers all three gives
    /// the cell the removed values' class.
    SquareClasses {
        /// The square's cells: top-left, top-right, bottom-left, bottom-right.
        square: [u32; 4],
    },
    /// Numbered room: the cell each removed value N names (the N-th from the clue) cannot
    /// hold the clue's value (or N is beyond the line).
    RoomNoClue,
    /// Numbered room: every value the first cell `first` can still hold names this cell, so
    /// it holds the clue's value.
    RoomTarget {
        /// The first cell from the clue.
        first: u32,
    },
    /// Counting circles: a circled N needs exactly N circles holding N, and `holders` are
    /// the circles that hold it (already N of them) or the only ones that can (exactly N).
    CircleCount {
        /// The circles holding or able to hold the value.
        holders: Vec<u32>,
    },
    /// Counting circles: the values the circles hold, each as often as itself, must fill
    /// every circle (`circles` of them), and no set of values that can does uses the
    /// removed values.
    CircleSets {
        /// How many circles the rule has.
        circles: u32,
    },
    /// Counting circles: the value must be held, in as many circles as itself, and only that
    /// many houses of a family (rows, columns, boxes) splitting the circles have a circle
    /// that can hold it, at most one each; so `house` holds it in one of its circles.
    CircleHouses {
        /// The house (a shape index of the geometry).
        house: u32,
    },
    /// Lunchbox: its smallest and largest values (the crusts) can only be placed as in
    /// `spans`, each a pair of cells with the crusts they can hold (`ends_hold`) and a set of
    /// distinct values between the crusts' values, for the cells between them, that adds up to
    /// the total, fits their candidates and leaves each cell outside a value between the
    /// crusts' values. No span puts a removed value in the cell.
    LunchboxSpans {
        /// The placements left.
        spans: Vec<Span>,
    },
    /// Same-value sets: every set holds the same symbols, and some set, whose cells are
    /// `cells` (of every such set), has no cell that can hold a removed symbol.
    SameValuesAbsent {
        /// The cells of the sets that cannot hold a removed symbol.
        cells: Vec<u32>,
    },
    /// Same-value sets: every set holds the symbol as often, and that is exactly `count`
    /// times: the set of `held` has `count` cells solved to it, the set of `places` only
    /// `count` cells that can hold it. So a set with `count` cells solved to it holds it
    /// nowhere else, and a set with `count` places holds it in all of them.
    SameValuesCount {
        /// How often every set holds the symbol.
        count: u32,
        /// The cells of a set with `count` cells solved to the symbol.
        held: Vec<u32>,
        /// The cells of a set with only `count` places for it.
        places: Vec<u32>,
    },
    // Thermometers that meet (appended after the lunchboxes).
    /// Thermometers: the cell's value must exceed those of `below`, cells that strict
    /// thermometers put below it (directly or through other cells), and those all hold
    /// different values (they see each other, or one lies below another): so many different
    /// values reach at least `greatest` (the k-th smallest value their candidates hold, k
    /// their number), and the removed values are at most it.
    OrderFloor {
        /// The cells below, all holding different values.
        below: Vec<u32>,
        /// The least value the greatest of them can take.
        greatest: i64,
    },
    /// Thermometers: the cell's value must stay below those of `above`, cells that strict
    /// thermometers put above it, which all hold different values: so many different values
    /// reach down to at most `least`, and the removed values are at least it.
    OrderCeiling {
        /// The cells above, all holding different values.
        above: Vec<u32>,
        /// The greatest value the least of them can take.
        least: i64,
    },
    /// A composite rule (`any`): no alternative that can still hold leaves the removed
    /// values in the cell. `refuted` has bit i set when alternative i (from 0) cannot hold
    /// with the candidates left.
    Alternatives {
        /// The alternatives that cannot hold, as bits.
        refuted: u64,
        /// Every alternative's name, in order.
        names: Arc<[String]>,
    },
    /// A loop that splits into runs (a sum-line loop), read from each cell a run can start
    /// at: no reading still possible leaves the removed values in the cell. `refuted` has bit
    /// i set when no run can start at `starts[i]` any more.
    LoopCuts {
        /// The readings that cannot hold, as bits.
        refuted: u64,
        /// The cell each reading starts at, as solver indices, in order.
        starts: Arc<[u32]>,
    },
}

/// One placement of the cells that bound an outside clue's sum (see [`Why::SandwichSpans`]):
/// the two bounding cells (the same cell twice for an X-sum of 1), the symbols they can hold
/// there, and the values of the cells between.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Span {
    /// The first and the last cell of the placement, in the order read from the clue.
    pub(crate) ends: [u32; 2],
    /// The symbols the bounding cells hold (a mask): a sandwich's crusts, an X-sum's X.
    pub(crate) ends_hold: u64,
    /// The set of values between (a mask).
    pub(crate) inside: u64,
}
