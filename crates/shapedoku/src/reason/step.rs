//! Steps as data: what a technique concluded ([`Step::placements`], [`Step::eliminations`]) and
//! the [`Deduction`] that justifies it, with exactly the cells, shapes and symbols that explain it.
//! A step's [`Technique`] (and so its name, weight and level in the catalogue) follows from its
//! deduction. Text, compact and JSON renderings are made from this by [`super::explain`]; no
//! words are stored here.

use super::catalogue::Technique;
pub use super::chains::dynamic::{DynamicBranch, DynamicLink, DynamicSource, DynamicWhy};
pub use super::rules::reasons::{ChainEnd, ClueSpan, RuleLink, RuleReason, RuleRef};
use crate::{CellId, Geometry, ShapeId, ShapeKind, Symbol, SymbolSet};

/// A candidate: a symbol in a cell (a placement or an elimination, or a node of a chain).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Candidate {
    /// The cell.
    pub cell: CellId,
    /// The symbol.
    pub symbol: Symbol,
}

impl Candidate {
    /// The candidate `symbol` in `cell`.
    pub fn new(cell: CellId, symbol: Symbol) -> Self {
        Candidate { cell, symbol }
    }
    /// From the raw indices the techniques work with.
    pub(crate) fn at(cell: usize, symbol: u8) -> Self {
        Candidate::new(CellId::new(cell), Symbol::new(symbol as usize))
    }
    /// The cell's index.
    pub(crate) fn cell_index(self) -> usize {
        self.cell.index()
    }
    /// The symbol's index.
    pub(crate) fn symbol_index(self) -> u8 {
        self.symbol.index() as u8
    }
}

/// One step of a logical solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// Values placed.
    pub placements: Vec<Candidate>,
    /// Candidates removed.
    pub eliminations: Vec<Candidate>,
    /// Why.
    pub deduction: Deduction,
}

impl Step {
    /// A step that places one value.
    pub fn placing(placement: Candidate, deduction: Deduction) -> Step {
        Step {
            placements: vec![placement],
            eliminations: Vec::new(),
            deduction,
        }
    }
    /// A step that removes candidates.
    pub fn eliminating(eliminations: Vec<Candidate>, deduction: Deduction) -> Step {
        Step {
            placements: Vec::new(),
            eliminations,
            deduction,
        }
    }
    /// The technique, from the deduction.
    pub fn technique(&self) -> Technique {
        self.deduction.technique()
    }
    /// Whether the step changes nothing (techniques never report such steps).
    pub fn is_empty(&self) -> bool {
        self.placements.is_empty() && self.eliminations.is_empty()
    }
    /// The first of the step's placements that `solution` (a symbol index per cell) does not
    /// have, or else the first of its eliminations that removes the solution's own value; `None`
    /// when the step keeps the solution. This is how a step is checked against a known (a
    /// setter's, a planted) solution: a sound step keeps every solution of the puzzle.
    ///
    /// ```
    /// use shapedoku::reason::{Candidate, Deduction, Step};
    /// use shapedoku::{CellId, ShapeId, Symbol};
    ///
    /// // A 2x2 Latin square: r1c1 = 1, r1c2 = 2, r2c1 = 2, r2c2 = 1 (symbol indices 0 and 1).
    /// let solution = [0, 1, 1, 0];
    /// let at = |cell, symbol| Candidate::new(CellId::new(cell), Symbol::new(symbol));
    /// let full = |c| Step::placing(c, Deduction::FullHouse { house: ShapeId::new(0) });
    /// assert_eq!(full(at(1, 1)).breaks(&solution), None);
    /// assert_eq!(full(at(1, 0)).breaks(&solution), Some(at(1, 0)));
    /// ```
    pub fn breaks(&self, solution: &[u8]) -> Option<Candidate> {
        let value = |c: &Candidate| usize::from(solution[c.cell.index()]);
        let placed = self
            .placements
            .iter()
            .find(|c| value(c) != c.symbol.index());
        placed
            .or_else(|| {
                self.eliminations
                    .iter()
                    .find(|c| value(c) == c.symbol.index())
            })
            .copied()
    }
}

/// A step serialises as its technique id, placements, eliminations and deduction.
#[cfg(feature = "serde")]
impl serde::Serialize for Step {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Step", 4)?;
        st.serialize_field("technique", &self.technique())?;
        st.serialize_field("placements", &self.placements)?;
        st.serialize_field("eliminations", &self.eliminations)?;
        st.serialize_field("deduction", &self.deduction)?;
        st.end()
    }
}

/// Why a step holds: one variant per technique (a family whose members differ only in size or
/// in the kinds of shapes involved is one variant; its [`Technique`] says which member).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "type", rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Deduction {
    /// The placement is the one symbol `house` lacks in its last empty cell.
    FullHouse {
        /// The house.
        house: ShapeId,
    },
    /// The placed symbol has no other place in `house`.
    HiddenSingle {
        /// The house.
        house: ShapeId,
    },
    /// The placed symbol is the cell's last candidate.
    NakedSingle,
    /// A rule beyond shapes, on its own, rules the eliminated candidates out: the rule's
    /// propagation on the candidates, as the solver runs it.
    RuleElimination {
        /// The rule's index in [`Geometry::constraints`].
        rule: usize,
        /// The part of the rule that does it (a mark's two cells, a minimum cell, ...); empty
        /// when it is the whole rule.
        cells: Vec<CellId>,
        /// Why the rule removes the candidates (every elimination of the step has this
        /// reason); it also sets the step's technique ([`RuleReason::technique`]).
        reason: RuleReason,
    },
    /// Every place for `symbol` in the house `source` lies inside `target`, so `target` loses
    /// it everywhere else.
    ShapeOverlap {
        /// The symbol.
        symbol: Symbol,
        /// The house whose places are confined.
        source: ShapeId,
        /// The shape that contains them all.
        target: ShapeId,
        /// Pointing, claiming or another pair of shapes.
        kind: OverlapKind,
    },
    /// `cells` of `shape` hold only `symbols` between them (as many as cells), so the shape's
    /// other cells lose those symbols. Two to four cells.
    NakedSubset {
        /// The no-repeat shape.
        shape: ShapeId,
        /// The subset's cells.
        cells: Vec<CellId>,
        /// Their symbols.
        symbols: SymbolSet,
    },
    /// `cells`, where the two `shapes` meet, hold only `symbols` between them (as many as
    /// cells), so both shapes' other cells lose those symbols, outside the overlap in each.
    /// Two or three cells.
    LockedSubset {
        /// The house and the other shape the cells lie in.
        shapes: [ShapeId; 2],
        /// The subset's cells.
        cells: Vec<CellId>,
        /// Their symbols.
        symbols: SymbolSet,
    },
    /// `symbols` have only `cells` as places in `house` (as many cells as symbols), so those
    /// cells lose every other candidate. Two to four symbols.
    HiddenSubset {
        /// The house.
        house: ShapeId,
        /// The cells the symbols are confined to.
        cells: Vec<CellId>,
        /// The symbols.
        symbols: SymbolSet,
    },
    /// Only `combos` (each the cage's whole set of symbols, placed ones included) still fit
    /// the sum cage `cage`.
    CageCombination {
        /// The cage.
        cage: ShapeId,
        /// The combinations that still fit.
        combos: Vec<SymbolSet>,
    },
    /// `houses` less the sum shapes `cages` leaves `cells` (inside the houses: innies; outside:
    /// outies), which must add up to `total` (values already placed there taken off).
    Innies {
        /// Disjoint houses whose union is used.
        houses: Vec<ShapeId>,
        /// The sum shapes subtracted (or added, for outies).
        cages: Vec<ShapeId>,
        /// The empty remainder cells.
        cells: Vec<CellId>,
        /// What they add up to.
        total: i64,
    },
    /// Forward: the cage `source` must hold `symbol` and all its places there lie in `target`.
    /// Reverse: every place for `symbol` in the house `source` lies in the cage `target`, so
    /// the cage's combinations without it die.
    CageOverlap {
        /// The symbol.
        symbol: Symbol,
        /// The cage (forward) or the house (reverse).
        source: ShapeId,
        /// The shape cleared (forward) or the cage (reverse).
        target: ShapeId,
    },
    /// Fish on `symbol`: its places in the `base` houses all lie in the `cover` houses (as many
    /// as the base, pairwise disjoint), so the cover loses it outside the base. Size 2 to 4.
    Fish {
        /// The symbol.
        symbol: Symbol,
        /// Base houses, in the order found.
        base: Vec<ShapeId>,
        /// Cover houses, in shape order.
        cover: Vec<ShapeId>,
        /// Rows and columns only, or other houses too.
        kind: FishKind,
    },
    /// Three links on one symbol: strong, weak, strong. One of the two ends is true.
    SimpleChain {
        /// Skyscraper, 2-string kite or turbot fish.
        kind: SimpleChainKind,
        /// The four nodes, end to end.
        nodes: Vec<Candidate>,
    },
    /// A bivalue `pivot` {x,y} sees bivalue `pincers` {x,z} and {y,z}: one pincer is `symbol`
    /// (z), so cells seeing both pincers lose it.
    XyWing {
        /// The pivot.
        pivot: CellId,
        /// The pincers.
        pincers: [CellId; 2],
        /// z.
        symbol: Symbol,
        /// The candidates of the pivot and of the two pincers (in `pincers` order) when the
        /// step was found, so the explanation can name them.
        candidates: [SymbolSet; 3],
    },
    /// A pivot {x,y,z} sees pincers {x,z} and {y,z}: `symbol` (z) goes from cells seeing all
    /// three.
    XyzWing {
        /// The pivot.
        pivot: CellId,
        /// The pincers.
        pincers: [CellId; 2],
        /// z.
        symbol: Symbol,
        /// The candidates of the pivot and of the two pincers (in `pincers` order) when the
        /// step was found, so the explanation can name them.
        candidates: [SymbolSet; 3],
    },
    /// Two bivalue cells `cells` holding the same `symbols` [x, y], not seeing each other, and
    /// a strong link on x in `house` whose ends `link` see one cell each (in order): one of the
    /// cells is y, so every cell seeing both loses y.
    WWing {
        /// The two bivalue cells.
        cells: [CellId; 2],
        /// The strong link's ends: the first sees `cells[0]`, the second `cells[1]`.
        link: [CellId; 2],
        /// The house of the strong link.
        house: ShapeId,
        /// x (the link's symbol) and y (the one eliminated).
        symbols: [Symbol; 2],
    },
    /// Finned or sashimi fish on `symbol`: the `base` houses' places lie in the `cover` houses
    /// except the `fins`. If no fin holds the symbol it is a fish and the cover loses it
    /// outside the base; if one does, a cell seeing every fin loses it: so the cover's cells
    /// outside the base that see every fin lose it. Sashimi when a base house has only one
    /// place inside the cover. Size 2 to 4.
    FinnedFish {
        /// The symbol.
        symbol: Symbol,
        /// Base houses, in shape order.
        base: Vec<ShapeId>,
        /// Cover houses, in shape order.
        cover: Vec<ShapeId>,
        /// The base places outside the cover.
        fins: Vec<CellId>,
        /// Whether a base house has a single place inside the cover.
        sashimi: bool,
    },
    /// Finned Franken or mutant fish on `symbol`: as [`Deduction::FinnedFish`], but the `base`
    /// and `cover` houses (pairwise disjoint on each side) may be of any kind. Franken when one
    /// side has no columns and the other no rows, mutant otherwise. The cover's cells outside
    /// the base that see every fin lose the symbol. Size 2 to 4.
    FinnedFrankenFish {
        /// The symbol.
        symbol: Symbol,
        /// Base houses, in shape order.
        base: Vec<ShapeId>,
        /// Cover houses, in shape order.
        cover: Vec<ShapeId>,
        /// The base places outside the cover.
        fins: Vec<CellId>,
        /// Mutant rather than Franken.
        mutant: bool,
    },
    /// Kraken fish on `symbol`: a finned fish (`base` rows or columns of a grid, `cover` the
    /// crossing lines, `fins` the base places outside the cover) whose fins see nothing to
    /// remove, helped by chains, each from its first node (assumed true) to the candidate
    /// removed (false). Type 1 (`house` none): the candidate is the symbol in a cover cell
    /// outside the base, which the fish would remove, and a chain starts at each fin. Type 2:
    /// one of `house`'s base places or a fin is true, and a chain starts at each of them.
    KrakenFish {
        /// The symbol.
        symbol: Symbol,
        /// Base houses, in shape order.
        base: Vec<ShapeId>,
        /// Cover houses, in shape order.
        cover: Vec<ShapeId>,
        /// The base places outside the cover.
        fins: Vec<CellId>,
        /// Type 2: the cover house whose base places and the fins each start a chain.
        house: Option<ShapeId>,
        /// The chains, one per start, each ending at (a group holding) the candidate removed.
        chains: Vec<Vec<ChainNode>>,
    },
    /// Empty rectangle: the places of `symbol` in the box `house` all lie in the two `lines`
    /// through it; the end `link[0]` of a strong link (in `link_house`) sees every place in
    /// the first line, so if the other end `link[1]` is false the box's symbol is in the
    /// second line: a cell seeing `link[1]` and every place of the box off the first line
    /// loses the symbol.
    EmptyRectangle {
        /// The symbol.
        symbol: Symbol,
        /// The box (or region).
        house: ShapeId,
        /// The line whose places the link's first end sees, then the other line.
        lines: [ShapeId; 2],
        /// The strong link's ends.
        link: [CellId; 2],
        /// The strong link's house.
        link_house: ShapeId,
    },
    /// Two instances of a single-symbol pattern sharing their core, taken as one step (a dual
    /// 2-string kite: two kites through the same two box cells; a dual empty rectangle: two
    /// empty rectangles in one box on one strong link; siamese fish: two finned or sashimi fish
    /// of one size with the same base houses). Each part justifies its own eliminations.
    Dual {
        /// The two instances, each a [`Deduction::SimpleChain`] 2-string kite, each a
        /// [`Deduction::EmptyRectangle`], or each a [`Deduction::FinnedFish`] (the first one's technique is the step's).
        parts: Vec<Deduction>,
    },
    /// Unique rectangle: four empty `cells` (`[a, b, c, d]`, with sides a–b, c–d, a–c, b–d,
    /// each side inside shapes that hold no other of the four) holding both `symbols`. Were
    /// they to hold only those two, swapping them would give a second solution; on a puzzle
    /// known to be unique one of the ways out must hold. `subset` and `house` say which
    /// (type 3's naked subset cells outside the rectangle, type 4's and hidden rectangle's
    /// strong-link house).
    UniqueRectangle {
        /// Which type.
        kind: RectangleKind,
        /// The four corners.
        cells: [CellId; 4],
        /// The pair that must not fill all four.
        symbols: [Symbol; 2],
        /// Type 3: the other cells of the naked subset (the extra candidates of the two roof
        /// cells count as one cell); empty otherwise.
        subset: Vec<CellId>,
        /// Type 3: the shape of the subset; type 4: the shape where the first symbol is
        /// locked into the two roof cells; none otherwise.
        house: Option<ShapeId>,
    },
    /// BUG+1: every empty cell but `cell` has two candidates and every symbol two places in
    /// every house, but for `symbol`, which has three in `cell`'s houses. Without `symbol`,
    /// `cell` would complete a pattern with no or two solutions, so on a puzzle known to be
    /// unique `cell` is `symbol`: it loses its other candidates.
    BugPlusOne {
        /// The cell with three candidates.
        cell: CellId,
        /// Its value.
        symbol: Symbol,
    },
    /// Bivalue cells holding the same two `symbols`, each seeing the next (`cells`, in
    /// breadth-first order from the first): they alternate, so a cell seeing two of them an odd
    /// number of links (three or more) apart loses both symbols.
    RemotePair {
        /// The pair.
        symbols: SymbolSet,
        /// The cells of the chain.
        cells: Vec<CellId>,
    },
    /// The places of `symbol` joined by strong links, split into two `colours` of which
    /// exactly one is true: a cell seeing both colours loses it (a trap), or, with `wrap`, two
    /// places of one colour share a house, so that colour is false.
    SimpleColours {
        /// The symbol.
        symbol: Symbol,
        /// The two colours' places.
        colours: [Vec<CellId>; 2],
        /// Whether a colour contradicts itself (wrap) rather than trapping outside cells.
        wrap: bool,
    },
    /// Multi-colours on `symbol`: two networks of strong links, each split into two colours
    /// of which exactly one is true, listed with the first colour of each being the one that
    /// sees the other network. Without `both_seen` (type 1) the two first colours see each
    /// other, so one of the second colours is true and a cell seeing both loses the symbol;
    /// with it (type 2) the first network's first colour sees both colours of the second, so
    /// it is false and its places lose the symbol.
    MultiColours {
        /// The symbol.
        symbol: Symbol,
        /// The two networks' colours.
        networks: [[Vec<CellId>; 2]; 2],
        /// Type 2 rather than type 1.
        both_seen: bool,
    },
    /// 3D Medusa: candidates joined by strong links (a house with two places for a symbol, a
    /// cell with two candidates) over two symbols or more, split into two `colours` of which
    /// exactly one is true. With a `clash` the first colour is false (it puts two of its
    /// candidates in one cell or one symbol twice in sight, or empties a cell) and its
    /// candidates go; without, every candidate that either colour, were it true, would remove
    /// goes.
    Medusa {
        /// The two colours' candidates (the false one first when there is a clash).
        colours: [Vec<Candidate>; 2],
        /// Why the first colour is false, if it is.
        clash: Option<MedusaClash>,
    },
    /// An X-chain: links on one symbol, strong first and alternating, five links or more.
    XChain {
        /// The nodes, end to end.
        nodes: Vec<Candidate>,
    },
    /// An XY-chain through bivalue cells: strong links inside cells, weak ones between them.
    XyChain {
        /// The nodes, end to end.
        nodes: Vec<Candidate>,
    },
    /// An alternating inference chain mixing house and cell links, strong first.
    Aic {
        /// The nodes, end to end.
        nodes: Vec<Candidate>,
    },
    /// A grouped X-chain: links on one symbol, strong first and alternating, with at least one
    /// group node (a symbol's places in one house that also lie in another).
    GroupedXChain {
        /// The nodes, end to end.
        nodes: Vec<ChainNode>,
    },
    /// A grouped alternating inference chain: house and cell links, strong first, with at
    /// least one group node.
    GroupedAic {
        /// The nodes, end to end.
        nodes: Vec<ChainNode>,
    },
    /// A nice loop through the candidate `nodes[0]` (a single cell).
    ///
    /// Continuous: the links alternate strong, weak, ... strong all the way round, the last
    /// node joined to the first by a weak link that is not listed; every weak link is then in
    /// fact strong, and whatever sees both of its ends goes.
    ///
    /// Discontinuous: the links alternate from `first_strong` and the last node lies in the
    /// first node's cell; where two strong links meet at the start its candidate is true (its
    /// cell loses every other), where two weak links meet it is false, and where a strong link
    /// leaves and a weak one comes back on another candidate of the cell, that one is false.
    NiceLoop {
        /// The nodes, from the start round the loop.
        nodes: Vec<ChainNode>,
        /// Whether the first link is strong.
        first_strong: bool,
        /// Continuous rather than discontinuous.
        continuous: bool,
    },
    // Wings over any number of cells, Sue de Coq and almost locked sets.
    /// A pivot seeing three wings: the four cells hold four symbols between them, and every
    /// symbol but `symbol` (z) has all its places among them in one another's sight, so z is in
    /// one of them and every cell seeing all of its places loses it.
    WxyzWing {
        /// The pivot, with its candidates.
        pivot: CellCandidates,
        /// The three wings, with their candidates.
        wings: Vec<CellCandidates>,
        /// z.
        symbol: Symbol,
    },
    /// Sue de Coq: `core` cells where the two `shapes` meet hold `core_symbols` (at least two
    /// more symbols than cells); `sides[i]` are cells of `shapes[i]` outside the other shape
    /// holding `side_symbols[i]`, the two sides sharing no symbol. Together the cells hold as
    /// many symbols as cells, each at most once, so each symbol is used up where it can go:
    /// the rest of `shapes[0]` loses the core's and first side's symbols that the second side
    /// lacks, and the other way round.
    SueDeCoq {
        /// The two houses (they share the core).
        shapes: [ShapeId; 2],
        /// The core cells.
        core: Vec<CellId>,
        /// The core's candidates.
        core_symbols: SymbolSet,
        /// Each shape's cells outside the other shape.
        sides: [Vec<CellId>; 2],
        /// Each side's candidates.
        side_symbols: [SymbolSet; 2],
    },
    /// ALS-XZ: two almost locked sets with a restricted common symbol (every place of it in
    /// one sees every place in the other), so it is in at most one of them and the other is a
    /// locked set. A symbol common to both goes from cells seeing all its places in both. With
    /// two restricted common symbols (doubly linked) both sets are locked: each loses its other
    /// symbols outside, and each restricted symbol goes from cells seeing all its places.
    AlsXz {
        /// The two sets.
        sets: [Als; 2],
        /// The restricted common symbols (one, or two when doubly linked).
        restricted: Vec<Symbol>,
    },
    /// ALS-XY-wing: almost locked sets A and B are each joined to the pivot set C by
    /// restricted common symbols (X with A, Y with B, two symbols or more between them). C
    /// holds one of them, so A or B is a locked set; a symbol of both A and B (not in X or Y)
    /// goes from cells seeing all its places in both.
    AlsXyWing {
        /// A, B and the pivot C.
        sets: [Als; 3],
        /// X (A–C) and Y (B–C): one symbol each, or two when doubly linked.
        restricted: [SymbolSet; 2],
    },
    /// ALS-XY-chain: almost locked sets, each joined to the next by restricted common symbols,
    /// consecutive links using different symbols. Were a symbol of both end sets (not used by
    /// the link at either end) in neither, the first set would be locked and push the links'
    /// symbols along to the last, which would then hold it: it is in one of the ends, and
    /// every cell seeing all its places in both loses it.
    AlsChain {
        /// The sets, four or more, in chain order.
        sets: Vec<Als>,
        /// For each link (between `sets[i]` and `sets[i + 1]`), the symbols it uses.
        restricted: Vec<SymbolSet>,
    },
    /// Death blossom: for each candidate of the stem cell a petal, an almost locked set whose
    /// places of that candidate all see the stem. Whichever the stem takes, that petal is
    /// locked and holds a symbol all petals share and the stem lacks, so every cell seeing
    /// all places of that symbol in every petal loses it.
    DeathBlossom {
        /// The stem with its candidates.
        stem: CellCandidates,
        /// One petal per stem candidate, in symbol order.
        petals: Vec<Als>,
    },
    /// Templates of `symbol`: its placements consistent with the candidates, one cell in every
    /// house and no two in one no-repeat shape. A cell in every template holds it
    /// (`placing`); a candidate in none is false.
    Template {
        /// The symbol.
        symbol: Symbol,
        /// How many templates it has.
        templates: usize,
        /// Whether the step places the symbol (Template Set) or removes it (Template Delete).
        placing: bool,
    },
    /// Placing `assumed` makes singles place `implied` (in order) until `broken` shows a
    /// contradiction, so `assumed` is false.
    ForcingChain {
        /// The candidate assumed true, then eliminated.
        assumed: Candidate,
        /// The placements singles then force, in order.
        implied: Vec<Candidate>,
        /// The contradiction.
        broken: Broken,
    },
    /// A forcing chain over rules: were `assumed` true, singles and the rules' own
    /// propagation would follow, link by link (`links`, each naming its reason), until `end`,
    /// a contradiction; so `assumed` is false.
    RuleForcingChain {
        /// The candidate assumed true, then eliminated.
        assumed: Candidate,
        /// What follows, in order.
        links: Vec<RuleLink>,
        /// The contradiction.
        end: ChainEnd,
    },
    /// No technique applies: `cell` (with candidates `options`) takes the value the solution
    /// has there.
    Guess {
        /// The cell.
        cell: CellId,
        /// Its candidates before the guess.
        options: SymbolSet,
    },
    /// A dynamic forcing chain: from each premise of `source` (a candidate true or false, the
    /// candidates of a cell, the places of a symbol in a house), links that each use what the
    /// links before them removed lead to the step's conclusion or to a contradiction, so the
    /// conclusion holds.
    DynamicForcingChain {
        /// What the branches start from.
        source: DynamicSource,
        /// One branch per premise, in the order of the premises.
        branches: Vec<DynamicBranch>,
    },
}

/// A node of a grouped chain or a nice loop: `symbol` in one cell, or in a group of cells of
/// one house that also lie in another house, read as "one of them is `symbol`".
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ChainNode {
    /// The symbol.
    pub symbol: Symbol,
    /// The cell, or the group's cells in order.
    pub cells: Vec<CellId>,
}

impl ChainNode {
    /// Whether the node is a group of two or more cells.
    pub fn is_group(&self) -> bool {
        self.cells.len() > 1
    }
}

/// A cell named with its candidates, as wings are explained (`r1c1 {1,2,3}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CellCandidates {
    /// The cell.
    pub cell: CellId,
    /// Its candidates when the step was found.
    pub symbols: SymbolSet,
}

/// An almost locked set: `cells` of one no-repeat `shape` holding between them `symbols`, one
/// more symbol than cells (a bivalue cell is the smallest). Should it lose one symbol, the
/// cells hold exactly the others.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Als {
    /// A no-repeat shape holding every cell.
    pub shape: ShapeId,
    /// The cells, in index order.
    pub cells: Vec<CellId>,
    /// Their candidates.
    pub symbols: SymbolSet,
}

/// The contradiction a forcing chain ends in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "type", rename_all = "snake_case")
)]
pub enum Broken {
    /// A cell is left without candidates.
    Cell {
        /// The cell.
        cell: CellId,
    },
    /// A house has no place left for a symbol.
    House {
        /// The house.
        house: ShapeId,
        /// The symbol.
        symbol: Symbol,
    },
}

impl Broken {
    /// The cell with this index has no candidate left.
    pub(crate) fn cell(cell: usize) -> Self {
        Broken::Cell {
            cell: CellId::new(cell),
        }
    }
    /// The house with this shape index has no place left for the symbol.
    pub(crate) fn house(house: usize, symbol: u8) -> Self {
        Broken::House {
            house: ShapeId::new(house),
            symbol: Symbol::new(symbol as usize),
        }
    }
}

/// Why a colour of a [`Deduction::Medusa`] network is false.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "type", rename_all = "snake_case")
)]
pub enum MedusaClash {
    /// Two of its candidates lie in one cell.
    Cell {
        /// The cell.
        cell: CellId,
    },
    /// It holds `symbol` in two cells that see each other.
    Sight {
        /// The two cells.
        cells: [CellId; 2],
        /// The symbol.
        symbol: Symbol,
    },
    /// It would remove every candidate of `cell`, which holds none of its candidates.
    Emptied {
        /// The cell.
        cell: CellId,
    },
}

/// Which locked-candidates technique a shape overlap is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum OverlapKind {
    /// From a box or region into a row or column.
    Pointing,
    /// From a row or column into a box or region.
    Claiming,
    /// Any other pair of shapes.
    Other,
}

impl OverlapKind {
    /// The kind of an overlap from `source` into `target`, by their shapes' kinds.
    pub fn of(g: &Geometry, source: ShapeId, target: ShapeId) -> OverlapKind {
        let (s, t) = (kind(g, source), kind(g, target));
        if is_boxy(s) && is_line(t) {
            OverlapKind::Pointing
        } else if is_line(s) && is_boxy(t) {
            OverlapKind::Claiming
        } else {
            OverlapKind::Other
        }
    }
}

/// Whether a fish is a basic or a Franken one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum FishKind {
    /// Rows and columns only.
    Basic,
    /// Some base or cover house is not a row or column.
    Franken,
}

impl FishKind {
    /// The kind of a fish with these base and cover houses.
    pub fn of(g: &Geometry, base: &[ShapeId], cover: &[ShapeId]) -> FishKind {
        if base.iter().chain(cover).all(|&s| is_line(kind(g, s))) {
            FishKind::Basic
        } else {
            FishKind::Franken
        }
    }
}

/// Which way out of a deadly rectangle a [`Deduction::UniqueRectangle`] takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum RectangleKind {
    /// Three corners hold only the pair: the fourth loses both.
    Type1,
    /// Two corners of a side hold only the pair, the other two one extra symbol: one of them
    /// holds it, so cells seeing both lose it.
    Type2,
    /// Two corners of a side hold only the pair; the other two's extra symbols, taken as one
    /// cell, form a naked subset with other cells of a shape.
    Type3,
    /// Two corners of a side hold only the pair; the first symbol is locked into the other
    /// two in a shape, so they lose the second.
    Type4,
    /// A corner holds only the pair and the first symbol is locked into the two sides through
    /// the opposite corner, which loses the second.
    Hidden,
    /// Two opposite corners or three hold one same extra symbol and nothing else beyond the
    /// pair: one of them holds it, so cells seeing all of them lose it.
    Type5,
    /// Two opposite corners hold only the pair; the first symbol has a strong link on a side
    /// through each of the other two, which therefore lose it.
    Type6,
    /// Avoidable rectangle: three corners hold values placed while solving (no givens), the
    /// first symbol on the corner opposite the empty one and the second on the other two: the
    /// empty corner loses the first.
    Avoidable1,
    /// Avoidable rectangle: two corners of a side hold values placed while solving; each of the
    /// other two holds the value that would complete the pattern and one same extra symbol,
    /// which cells seeing both lose.
    Avoidable2,
}

/// The name people give a simple chain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum SimpleChainKind {
    /// Both strong links in rows, or both in columns.
    Skyscraper,
    /// One strong link in a row, the other in a column, joined in a box.
    TwoStringKite,
    /// Anything else (a box, a diagonal, a jigsaw region among the links).
    TurbotFish,
}

impl SimpleChainKind {
    /// The kind of a simple chain through these four nodes. A link's shape is the line both
    /// its cells share, else any shape they share.
    pub fn of(g: &Geometry, nodes: &[Candidate]) -> SimpleChainKind {
        let link = |a: Candidate, b: Candidate| {
            let (a, b) = (a.cell.index(), b.cell.index());
            let kinds: Vec<ShapeKind> = g
                .shapes_of(a)
                .iter()
                .map(|&s| g.shape(s as usize))
                .filter(|s| s.cells.contains(&b))
                .map(|s| s.kind)
                .collect();
            [ShapeKind::Row, ShapeKind::Column]
                .into_iter()
                .find(|k| kinds.contains(k))
                .or_else(|| kinds.first().copied())
        };
        let [a, b, c, d] = nodes else {
            return SimpleChainKind::TurbotFish;
        };
        let (s1, w, s2) = (link(*a, *b), link(*b, *c), link(*c, *d));
        use ShapeKind::{Box, Column, Row};
        match (s1, s2) {
            (Some(Row), Some(Row)) | (Some(Column), Some(Column)) => SimpleChainKind::Skyscraper,
            (Some(Row), Some(Column)) | (Some(Column), Some(Row)) if w == Some(Box) => {
                SimpleChainKind::TwoStringKite
            }
            _ => SimpleChainKind::TurbotFish,
        }
    }
}

fn kind(g: &Geometry, s: ShapeId) -> ShapeKind {
    g.shape(s.index()).kind
}

fn is_boxy(k: ShapeKind) -> bool {
    matches!(k, ShapeKind::Box | ShapeKind::Region)
}

fn is_line(k: ShapeKind) -> bool {
    matches!(k, ShapeKind::Row | ShapeKind::Column)
}
