//! Rules beyond shapes: the relations and line rules of variant Sudoku (anti-knight, a
//! thermometer, ...), held by a [`Geometry`] next to its shapes. A shape's rule (no-repeat,
//! sum) is about a set of cells; these are about pairs of cells or cells in order, so they are
//! kept apart: every engine stage that only knows shapes still sees a sound subset of the
//! puzzle's rules, and the stages that know these (the solver, the oracle, `verify`) check them.
//!
//! ```
//! use shapedoku::constraint::{Constraint, RuleKind};
//! use shapedoku::{builtin, CellId};
//! let g = builtin::geometry("4x4").unwrap();
//! let thermo = Constraint::new("thermo", RuleKind::Thermo { cells: vec![CellId::new(0), CellId::new(1)] });
//! // 1 then 2 along the thermometer is fine; 2 then 1 is not.
//! assert!(thermo.holds(&g, &|c| [Some(0u8), Some(1)].get(c.index()).copied().flatten()));
//! assert!(!thermo.holds(&g, &|c| [Some(1u8), Some(0)].get(c.index()).copied().flatten()));
//! ```

pub mod chaos;
mod composite;
pub(crate) mod global_rules;
mod hidden_skyscraper;
mod laws;
pub(crate) mod line_rules;
mod local;
mod native;
pub(crate) mod outside;
mod pair_law;
pub(crate) mod set_rules;
pub(crate) mod sum_line;

pub use laws::{CellLaw, Laws};
pub(crate) use local::orthogonal_neighbours;
pub use local::{Mark, Relation};
pub use pair_law::PairLaw;

use crate::{CellId, Geometry, Pos, Symbol};

/// One extra rule of a puzzle, with the name explanations and messages use.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Constraint {
    /// Its name: `thermo 1`, `anti-knight`, or the `name` written in the file.
    pub name: String,
    /// What it requires.
    pub kind: RuleKind,
}

/// What an extra rule requires. Values are the symbols' values (`values` in the file).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub enum RuleKind {
    /// Two cells a chess knight's move apart never hold the same symbol.
    AntiKnight,
    /// Two cells a chess king's move apart (diagonal neighbours included) never hold the same
    /// symbol.
    AntiKing,
    /// Orthogonal neighbours never hold values that differ by exactly 1.
    Nonconsecutive,
    /// Values strictly increase along the cells from the bulb (the first cell).
    Thermo {
        /// The cells from the bulb on, each next to the one before.
        cells: Vec<CellId>,
    },
    /// Values never decrease along the cells from the bulb (the first cell).
    SlowThermo {
        /// The cells from the bulb on, each next to the one before.
        cells: Vec<CellId>,
    },
    // Marks between neighbours and rules on single cells (see `local.rs`).
    /// Marks on the edges between orthogonally adjacent cells (kropki dots, XV letters,
    /// difference and ratio dots): each marked pair meets its mark's relation.
    Marks {
        /// Every mark.
        marks: Vec<Mark>,
        /// The negative constraint: every orthogonally adjacent pair without a mark of this rule
        /// meets none of these relations. Empty when the rule has none.
        negative: Vec<Relation>,
    },
    /// Each listed cell holds an odd value.
    Odd {
        /// The cells.
        cells: Vec<CellId>,
    },
    /// Each listed cell holds an even value.
    Even {
        /// The cells.
        cells: Vec<CellId>,
    },
    /// Each listed cell's value is below those of all its orthogonal neighbours.
    Minimum {
        /// The cells.
        cells: Vec<CellId>,
    },
    /// Each listed cell's value is above those of all its orthogonal neighbours.
    Maximum {
        /// The cells.
        cells: Vec<CellId>,
    },
    /// Each listed symbol appears among the cells (the 2x2 around a corner); a symbol listed
    /// twice appears at least twice.
    Quadruple {
        /// The cells.
        cells: Vec<CellId>,
        /// The symbols that must appear, repeats meaning "at least that many times".
        symbols: Vec<Symbol>,
    },
    /// No symbol twice in any group (cells at the same place in each box).
    DisjointGroups {
        /// The groups.
        groups: Vec<Vec<CellId>>,
    },
    // Sum, line and copy rules (see `constraint/line_rules.rs` for what each checks).
    /// Values along a diagonal add up to `total`; repeats allowed. The clue sits outside the
    /// grid at `clue`, and the cells run from it in `direction` (row step, column step).
    LittleKiller {
        /// The diagonal's cells, nearest the clue first.
        cells: Vec<CellId>,
        /// Their total.
        total: i64,
        /// Where the clue is written, (row, column) as in [`Pos`]: a position outside the
        /// cells (row or column 0 is just above or left of the first).
        clue: (u32, u32),
        /// Each step along the diagonal: (+1 or -1 rows, +1 or -1 columns).
        direction: (i32, i32),
    },
    /// The first `circle` cells (a circle, or a pill of 2-3 cells read as a number, first cell
    /// the leading digit) equal the sum of the rest, the arrow's body, in order from the circle.
    Arrow {
        /// The circle's cells, then the arrow's.
        cells: Vec<CellId>,
        /// How many of `cells` form the circle or pill.
        circle: usize,
    },
    /// The two end cells add up to the sum of the cells between them.
    DoubleArrow {
        /// The line, one end to the other.
        cells: Vec<CellId>,
    },
    /// The values along the line are distinct and consecutive, in any order.
    Renban {
        /// The line's cells.
        cells: Vec<CellId>,
    },
    /// Neighbours along the line differ by at least `difference` (German whispers: 5).
    Whispers {
        /// The line's cells in order.
        cells: Vec<CellId>,
        /// The least difference between neighbours.
        difference: i64,
    },
    /// The line reads the same from both ends.
    Palindrome {
        /// The line's cells in order.
        cells: Vec<CellId>,
    },
    /// Every cell strictly between the two ends holds a value strictly between theirs.
    Between {
        /// The line, one end to the other.
        cells: Vec<CellId>,
    },
    /// Each run of the line inside one box adds up to the same total.
    RegionSum {
        /// The line's cells in order.
        cells: Vec<CellId>,
    },
    /// Any three cells in a row along the line hold one low (1-3), one middle (4-6) and one
    /// high (7-9) value: the sorted values split in thirds.
    Entropic {
        /// The line's cells in order.
        cells: Vec<CellId>,
    },
    /// Any three cells in a row along the line hold values of different remainders mod 3.
    Modular {
        /// The line's cells in order.
        cells: Vec<CellId>,
    },
    /// Cells the same distance from the middle add up to the same total: the middle cell's
    /// value on a line of odd length.
    Zipper {
        /// The line's cells in order.
        cells: Vec<CellId>,
    },
    /// The cells `cells[half..]` hold the same symbols as `cells[..half]`, cell by cell.
    Clone {
        /// The first shape's cells, then the copy's, in matching order.
        cells: Vec<CellId>,
        /// How many cells each shape has.
        half: usize,
    },
    /// The cells split into sets of `size` cells, one after another (`cells[..size]`, then
    /// `cells[size..2 * size]`, ...), and every set holds the same symbols as often each: the
    /// same multiset, in any arrangement (a general clone).
    SameValues {
        /// The sets' cells, one set after another.
        cells: Vec<CellId>,
        /// How many cells each set has.
        size: usize,
    },
    /// Equal sums: every set's values add up to the same total, which the puzzle does not
    /// give (a magic square's rows, columns and diagonals; cages marked alike). A region-sum
    /// line is the case whose sets are a line's runs through its boxes. Sets may share cells.
    EqualSum {
        /// Every cell of the sets, each once, in the order first named.
        cells: Vec<CellId>,
        /// The sets, each a list of different cells.
        sets: Vec<Vec<CellId>>,
    },
    /// Count-distinct: the control cell's value is how many different values the counted
    /// cells hold between them (the NValue constraint).
    CountDistinct {
        /// The control cell, then the other counted cells, each once.
        cells: Vec<CellId>,
        /// Whether the control cell is counted too (its own value is one of those counted).
        counts_itself: bool,
    },
    // Outside clues and indexing (see `constraint/outside.rs`).
    /// A sandwich clue: exactly one cell of the line holds the alphabet's smallest value and
    /// one its largest (1 and 9 on a classic grid), and the values strictly between those two
    /// cells add up to `total`. The clue sits outside the grid at `clue`.
    Sandwich {
        /// The row or column, nearest the clue first.
        cells: Vec<CellId>,
        /// The sum between the smallest and the largest value.
        total: i64,
        /// Where the clue is written, (row, column) as in [`Pos`], outside the cells.
        clue: (u32, u32),
    },
    /// An X-sum clue: the first X cells from the clue add up to `total`, where X is the value
    /// of the first cell (so it must lie between 1 and the line's length).
    XSum {
        /// The row or column, nearest the clue first.
        cells: Vec<CellId>,
        /// The sum of the first X cells.
        total: i64,
        /// Where the clue is written, (row, column) as in [`Pos`], outside the cells.
        clue: (u32, u32),
    },
    /// A skyscraper clue: seen from the clue, `count` cells are visible, a cell being visible
    /// when its value is greater than every value before it.
    Skyscraper {
        /// The row or column, nearest the clue first.
        cells: Vec<CellId>,
        /// How many cells are visible.
        count: i64,
        /// Where the clue is written, (row, column) as in [`Pos`], outside the cells.
        clue: (u32, u32),
    },
    /// A hidden skyscraper clue: seen from the clue, a cell is hidden when a cell before it
    /// is at least as high, and the first hidden cell holds `value`.
    HiddenSkyscraper {
        /// The row or column, nearest the clue first.
        cells: Vec<CellId>,
        /// The value of the first hidden cell.
        value: i64,
        /// Where the clue is written, (row, column) as in [`Pos`], outside the cells.
        clue: (u32, u32),
        /// The rule as an automaton over the values, built by
        /// [`RuleKind::hidden_skyscraper`].
        automaton: crate::automaton::Automaton,
    },
    /// Indexing: the indexing cell `cells[i]` stands at position p (from 1) of its line
    /// `lines[i]` (its row for a column indexer); when it holds the value k, the k-th cell of
    /// that line holds the value p. So k lies between 1 and the line's length.
    Indexing {
        /// The indexing cells.
        cells: Vec<CellId>,
        /// For each indexing cell, the cells it indexes in order, itself among them.
        lines: Vec<Vec<CellId>>,
    },
    /// The values along the cells, in order, spell a word the automaton accepts; around a
    /// loop (`closed`), the first cell is read again at the end.
    Sequence {
        /// The cells in order.
        cells: Vec<CellId>,
        /// The allowed sequences.
        automaton: crate::automaton::Automaton,
        /// Whether the cells form a loop.
        closed: bool,
    },
    /// The values of the cells, in order, are one of the `allowed` tuples (a `relation`: a
    /// rule written as data).
    Relation {
        /// The cells in order.
        cells: Vec<CellId>,
        /// The allowed value tuples, one value per cell, sorted, each once.
        allowed: Vec<Vec<i64>>,
    },
    /// Anti-taxicab: a cell holding the value N has no cell holding N at a taxicab distance
    /// of exactly N (N steps up, down, left or right in all, counted on the canvas).
    AntiTaxicab,
    /// A sum line: the line splits into runs of consecutive cells, each adding up to
    /// `total` (a "10 line" when `total` is 10). Values must not be negative. Around a loop
    /// (`closed`) the last cell is followed by the first, and a run may wrap past it: the
    /// line read from some cell (a run's first) splits into such runs.
    SumLine {
        /// The line's cells in order.
        cells: Vec<CellId>,
        /// Each run's total.
        total: i64,
        /// The runs as an automaton over the values (its states the sum of the open run),
        /// built from `total` by [`RuleKind::sum_line`].
        automaton: crate::automaton::Automaton,
        /// Whether the line is a loop.
        closed: bool,
    },
    /// A rellik cage: the cells hold different symbols, and no one or more of their values
    /// add up to `total` (a killer cage turned round).
    Rellik {
        /// The cage's cells.
        cells: Vec<CellId>,
        /// The total no subset of the values may reach.
        total: i64,
    },
    /// A killer cage as a rule, so that an `any` can hold it: the cells hold different
    /// symbols and, when `total` is given, their values add up to it. A cage of the puzzle
    /// itself is a sum shape (`[[cage]]`); this is the same rule where a shape cannot go.
    Cage {
        /// The cage's cells.
        cells: Vec<CellId>,
        /// What the values add up to, if the cage has a total.
        total: Option<i64>,
    },
    /// A lunchbox: the cells, read in order, hold different symbols, and the values of the
    /// cells strictly between the one holding the smallest value and the one holding the
    /// largest add up to `total` (0 when the two are next to each other). A sandwich whose
    /// crusts are the line's own extremes, not the alphabet's.
    Lunchbox {
        /// The cells, in the order "between" is read.
        cells: Vec<CellId>,
        /// What the cells between the smallest and the largest value add up to.
        total: i64,
    },
    /// A lockout line: the two ends' values differ by at least `difference`, and every cell
    /// between them holds a value below the lower end or above the higher one (never between
    /// them, nor equal to either).
    Lockout {
        /// The line, one end to the other.
        cells: Vec<CellId>,
        /// The least difference between the ends (4 in the usual rule).
        difference: i64,
    },
    /// Dutch flatmates: every cell holding the alphabet's middle value (5 on 1-9) has the
    /// smallest value (1) in the cell directly above it or the largest (9) directly below it,
    /// on the canvas. The alphabet has an odd number of distinct values.
    DutchFlatmates,
    /// Global entropy: every 2x2 square of cells holds a low, a middle and a high value (the
    /// sorted distinct values split in thirds: 1-3, 4-6, 7-9).
    GlobalEntropy,
    /// Global modular: every 2x2 square of cells holds a value of each remainder mod 3.
    GlobalModular,
    /// A numbered room clue: the first cell from the clue holds N (between 1 and the line's
    /// length), and the N-th cell from the clue holds `value`.
    NumberedRoom {
        /// The row or column, nearest the clue first.
        cells: Vec<CellId>,
        /// The value the N-th cell holds.
        value: i64,
        /// Where the clue is written, (row, column) as in [`Pos`], outside the cells.
        clue: (u32, u32),
    },
    /// Counting circles: a circle holding the value N is one of exactly N circles holding N
    /// (so every circled value is positive).
    CountingCircles {
        /// The circled cells.
        cells: Vec<CellId>,
    },
    /// Chaos construction: the regions are part of the solution. Every cell of the grid lies
    /// in exactly one region, a set of orthogonally connected cells as many as there are
    /// symbols, holding each symbol once (see `constraint/chaos.rs`).
    Chaos {
        /// Groups of cells known to share a region (a cage drawn inside one region, say).
        same: Vec<Vec<CellId>>,
        /// Groups of cells known to lie in pairwise different regions (a drawn region border
        /// is a pair of neighbours).
        different: Vec<Vec<CellId>>,
    },
    /// A chaos construction's arrow clue: the clue cell's value is how many cells its region
    /// has along the arms from it, counting the clue cell once and each arm's cells from the
    /// clue outwards up to the first cell of another region (see `constraint/chaos.rs`).
    ChaosArrow {
        /// The clue cell, then each arm's cells in order from the clue outwards.
        cells: Vec<CellId>,
        /// How many cells each arm has, in the order they follow the clue in `cells`.
        arms: Vec<usize>,
    },
    /// Count-distinct over the regions of a chaos construction: the control cell's value is
    /// how many different regions the counted cells lie in (see `constraint/chaos.rs`).
    CountRegions {
        /// The control cell, then the other counted cells, each once.
        cells: Vec<CellId>,
        /// Whether the control cell is counted too (its own region is one of those counted).
        counts_itself: bool,
    },
    /// A chaos construction's count clue: the clue cell's value is how many of the counted
    /// cells, and the clue cell itself, lie in the clue cell's region (see
    /// `constraint/chaos.rs`).
    ChaosCount {
        /// The clue cell, then the counted cells.
        cells: Vec<CellId>,
    },
    // Rules composed of rules (see `constraint/composite.rs`).
    /// At least one of `rules` holds (a setter's "either ... or": a clue that is a numbered
    /// room or an X-sum, an arrow read from either end).
    Any {
        /// Every cell the rules name, each once, in the order first named.
        cells: Vec<CellId>,
        /// The alternatives.
        rules: Vec<Constraint>,
    },
    /// Every one of `rules` holds: a group of rules taken as one alternative of an
    /// [`RuleKind::Any`].
    All {
        /// Every cell the rules name, each once, in the order first named.
        cells: Vec<CellId>,
        /// The rules.
        rules: Vec<Constraint>,
    },
}

/// The most cells a `relation` may list: the solver keeps each cell's support on the stack.
pub(crate) const RELATION_MAX_CELLS: usize = 8;

/// The most sets a `same-values` rule may have: its propagator keeps each set's candidates
/// on the stack, and its reasons name sets by bits.
pub(crate) const SAME_VALUES_MAX_SETS: usize = 64;

/// The most cells a `count-distinct` rule may count, and the most sets an `equal-sum` rule may
/// have: the count's propagator keeps its cells' candidates on the stack and names them by bits.
pub(crate) const COUNTED_MAX_CELLS: usize = 64;

/// The most tuples a `relation` may allow once its value ranges are spelt out.
pub(crate) const RELATION_MAX_TUPLES: usize = 4096;

impl Constraint {
    /// A rule with this name.
    pub fn new(name: &str, kind: RuleKind) -> Constraint {
        Constraint {
            name: name.to_string(),
            kind,
        }
    }

    /// The pairs of cells the rule relates, for the pair rules (anti-knight, anti-king,
    /// nonconsecutive): each unordered pair once, lower cell first. Empty for line rules.
    /// Chess moves also wrap around the edges of a grid marked as a torus
    /// ([`crate::GridSpec::wrap`]); orthogonal neighbours (nonconsecutive) do not.
    pub fn pairs(&self, g: &Geometry) -> Vec<(CellId, CellId)> {
        let steps: &[(i64, i64)] = match self.kind {
            RuleKind::AntiKnight => &[(1, -2), (1, 2), (2, -1), (2, 1)],
            RuleKind::AntiKing => &[(0, 1), (1, -1), (1, 0), (1, 1)],
            RuleKind::Nonconsecutive => &[(0, 1), (1, 0)],
            RuleKind::Thermo { .. } | RuleKind::SlowThermo { .. } | RuleKind::AntiTaxicab => &[],
            _ => return self.local_pairs(g),
        };
        let chess = matches!(self.kind, RuleKind::AntiKnight | RuleKind::AntiKing);
        let tori: Vec<&crate::GridSpec> = g.grids().iter().filter(|s| chess && s.wrap).collect();
        let mut out = Vec::new();
        for (a, &p) in g.cells().iter().enumerate() {
            for &(dr, dc) in steps {
                let (r, c) = (i64::from(p.row) + dr, i64::from(p.col) + dc);
                if let (Ok(r), Ok(c)) = (u32::try_from(r), u32::try_from(c)) {
                    if let Some(b) = g.cell_at(Pos::new(r, c)) {
                        out.push((a, b));
                    }
                }
                for t in tori.iter().filter(|t| t.contains(p)) {
                    let (h, w, at) = (i64::from(t.height), i64::from(t.width), t.at);
                    let r = (r - i64::from(at.row)).rem_euclid(h) + i64::from(at.row);
                    let c = (c - i64::from(at.col)).rem_euclid(w) + i64::from(at.col);
                    if let Some(b) = g.cell_at(Pos::new(r as u32, c as u32)) {
                        out.push((a, b));
                    }
                }
            }
        }
        if !tori.is_empty() {
            // Around a small torus two moves may join the same pair, or a cell to itself.
            out = out
                .into_iter()
                .filter(|(a, b)| a != b)
                .map(|(a, b)| (a.min(b), a.max(b)))
                .collect();
            out.sort_unstable();
            out.dedup();
        }
        out.into_iter()
            .map(|(a, b)| (CellId::new(a), CellId::new(b)))
            .collect()
    }

    /// Whether the values placed so far (`value(cell)` is a cell's symbol, `None` when empty)
    /// break the rule nowhere: what its [`Constraint::laws`] state, or its own check for a
    /// [`Laws::Native`] rule. With every cell filled this is whether the rule holds.
    pub fn holds(&self, g: &Geometry, value: &dyn Fn(CellId) -> Option<u8>) -> bool {
        if !self.well_formed() {
            return false;
        }
        let v = |c: CellId| value(c).map(|s| g.symbols().value(s));
        match self.laws(g) {
            Laws::Native => native::holds(&self.kind, g, value, &v),
            laws => laws.hold(g, value, &v),
        }
    }
}

impl Constraint {
    /// The cells a rule lists, in order (a line's, a cell rule's); empty for the global
    /// relations and for marks and groups, whose cells [`Constraint::named_cells`] gives.
    pub fn cells(&self) -> &[CellId] {
        match &self.kind {
            RuleKind::AntiKnight
            | RuleKind::AntiKing
            | RuleKind::Nonconsecutive
            | RuleKind::AntiTaxicab
            | RuleKind::DutchFlatmates
            | RuleKind::GlobalEntropy
            | RuleKind::GlobalModular
            | RuleKind::Chaos { .. }
            | RuleKind::Marks { .. }
            | RuleKind::DisjointGroups { .. } => &[],
            RuleKind::Thermo { cells }
            | RuleKind::SlowThermo { cells }
            | RuleKind::Odd { cells }
            | RuleKind::Even { cells }
            | RuleKind::Minimum { cells }
            | RuleKind::Maximum { cells }
            | RuleKind::Quadruple { cells, .. }
            | RuleKind::LittleKiller { cells, .. }
            | RuleKind::Arrow { cells, .. }
            | RuleKind::DoubleArrow { cells }
            | RuleKind::Renban { cells }
            | RuleKind::Whispers { cells, .. }
            | RuleKind::Palindrome { cells }
            | RuleKind::Between { cells }
            | RuleKind::RegionSum { cells }
            | RuleKind::Entropic { cells }
            | RuleKind::Modular { cells }
            | RuleKind::Zipper { cells }
            | RuleKind::Clone { cells, .. }
            | RuleKind::SameValues { cells, .. }
            | RuleKind::EqualSum { cells, .. }
            | RuleKind::CountDistinct { cells, .. }
            | RuleKind::Sequence { cells, .. }
            | RuleKind::Relation { cells, .. }
            | RuleKind::SumLine { cells, .. }
            | RuleKind::Sandwich { cells, .. }
            | RuleKind::XSum { cells, .. }
            | RuleKind::Skyscraper { cells, .. }
            | RuleKind::HiddenSkyscraper { cells, .. }
            | RuleKind::Indexing { cells, .. }
            | RuleKind::Rellik { cells, .. }
            | RuleKind::Cage { cells, .. }
            | RuleKind::Lunchbox { cells, .. }
            | RuleKind::Lockout { cells, .. }
            | RuleKind::NumberedRoom { cells, .. }
            | RuleKind::CountingCircles { cells }
            | RuleKind::ChaosArrow { cells, .. }
            | RuleKind::ChaosCount { cells }
            | RuleKind::CountRegions { cells, .. }
            | RuleKind::Any { cells, .. }
            | RuleKind::All { cells, .. } => cells,
        }
    }

    /// Every cell the rule names (a line's cells, both cells of each mark, every group's
    /// cells), each once per mention; empty for the relations over the whole grid.
    pub fn named_cells(&self) -> Vec<CellId> {
        match &self.kind {
            RuleKind::Marks { marks, .. } => marks.iter().flat_map(|m| m.cells).collect(),
            RuleKind::DisjointGroups { groups } => groups.concat(),
            RuleKind::EqualSum { sets, .. } => sets.concat(),
            RuleKind::Indexing { cells, lines } => cells
                .iter()
                .chain(lines.iter().flatten())
                .copied()
                .collect(),
            _ => self.cells().to_vec(),
        }
    }
}
