//! The catalogue: one row per technique with its stable id, its name, its rating weight, its
//! level and its value on Sudoku Explainer's scale. The rater and the renderers read this table;
//! nothing else knows a technique's name or weight. A technique is as fine as its rating: naked
//! pairs, triples and quads are three rows (HoDoKu scores them differently), skyscrapers and
//! 2-string kites two, though each family is found by one search.
//!
//! Ids are snake_case, stable, and what JSON output carries; names are HoDoKu's words where
//! HoDoKu has the technique. The whole table is in `docs/techniques.md`.
//!
//! ```
//! use shapedoku::reason::{Level, Technique};
//! let t = Technique::from_id("x_wing").unwrap();
//! assert_eq!(t, Technique::XWing);
//! assert_eq!((t.name(), t.weight(), t.level()), ("X-Wing", 140, Level::Hard));
//! assert!(Technique::all().iter().all(|t| Technique::from_id(t.id()) == Some(*t)));
//! ```

use std::fmt;

/// Difficulty levels, easiest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "lowercase")
)]
pub enum Level {
    /// Singles only.
    Easy,
    /// Shape overlaps, pairs, simple cage work.
    Medium,
    /// Triples, quads, fish, wings, innies and simple chains.
    Hard,
    /// Chains.
    Expert,
    /// Forcing chains, or a guess.
    Extreme,
}

impl Level {
    /// The level's name in lower case.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Extreme => "extreme",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a technique is valued on Sudoku Explainer's scale (1.0–11.9). Most techniques have one
/// value; Sudoku Explainer values a few by where or how long they are.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Se {
    /// One value.
    Fixed(f64),
    /// `boxed` when the house the step starts from ([`super::step::Deduction::house`]) is a box or a
    /// jigsaw region, `other` when it is anything else.
    ByHouse {
        /// In a box or region.
        boxed: f64,
        /// Elsewhere.
        other: f64,
    },
    /// `base + per × min(length, cap)`, the length being [`super::step::Deduction::length`].
    ByLength {
        /// The value of the shortest.
        base: f64,
        /// Added per unit of length.
        per: f64,
        /// Lengths beyond this add nothing more.
        cap: usize,
    },
    /// Not a logical step: the rating values guesses by how many a solve needed.
    Guess,
}

/// A family of techniques: the folder of the reasoner its searches and its words are in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Family {
    /// Singles, shape overlaps (locked candidates), locked and naked/hidden subsets.
    Basics,
    /// Sum cages and the rules beyond the houses.
    Rules,
    /// Fish of every kind.
    Fish,
    /// Simple chains, empty rectangles, X/XY-chains, AICs, nice loops, forcing chains.
    Chains,
    /// XY-, XYZ-, W- and WXYZ-wings.
    Wings,
    /// Almost locked sets and Sue de Coq.
    Als,
    /// Remote pairs, simple colours, multi-colours, 3D Medusa.
    Colouring,
    /// Unique, hidden and avoidable rectangles, BUG+1.
    Uniqueness,
    /// Templates and the guess.
    LastResort,
}

/// One row of the catalogue.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Entry {
    /// The technique.
    pub technique: Technique,
    /// Stable snake_case id (JSON output, command-line arguments, documentation).
    pub id: &'static str,
    /// Display name, in HoDoKu's words where HoDoKu has the technique.
    pub name: &'static str,
    /// The family it belongs to (the folder its search and its words are in).
    pub family: Family,
    /// Score a step adds to a rating (HoDoKu's weights for the classic techniques).
    pub weight: u64,
    /// The level of a puzzle whose hardest step this is.
    pub level: Level,
    /// Value on Sudoku Explainer's scale.
    pub se: Se,
}

/// Declares [`Technique`] and [`CATALOGUE`] from one list, so the enum and the table cannot
/// disagree in order or length.
macro_rules! catalogue {
    ($( $(#[$doc:meta])* $variant:ident = $id:literal, $name:literal, $family:ident, $weight:literal, $level:ident, $se:expr; )*) => {
        /// A technique: one row of the [`CATALOGUE`], in the order the logical solver tries them
        /// (simplest first).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Technique {
            $( $(#[$doc])* $variant, )*
        }

        /// Every technique's row, in [`Technique`] order.
        pub const CATALOGUE: &[Entry] = &[
            $( Entry {
                technique: Technique::$variant,
                id: $id,
                name: $name,
                family: Family::$family,
                weight: $weight,
                level: Level::$level,
                se: $se,
            }, )*
        ];

        const ALL: &[Technique] = &[ $( Technique::$variant, )* ];
    };
}

catalogue! {
    /// The last empty cell of a house.
    FullHouse = "full_house", "Full House", Basics, 4, Easy, Se::Fixed(1.0);
    /// A cell with one candidate left.
    NakedSingle = "naked_single", "Naked Single", Basics, 4, Easy, Se::Fixed(2.3);
    /// A symbol with one place left in a house.
    HiddenSingle = "hidden_single", "Hidden Single", Basics, 14, Easy,
        Se::ByHouse { boxed: 1.2, other: 1.5 };
    /// A rule beyond shapes (a kropki dot, a thermometer, anti-knight...) rules candidates out.
    RuleElimination = "rule_elimination", "Rule Elimination", Rules, 20, Easy, Se::Fixed(2.0);
    /// A naked pair where a house meets another shape, removing candidates outside the overlap
    /// in both. Sudoku Explainer sees a naked pair.
    LockedPair = "locked_pair", "Locked Pair", Basics, 40, Medium, Se::Fixed(3.0);
    /// A naked triple where a house meets another shape, removing candidates outside the
    /// overlap in both. Sudoku Explainer sees a naked triple.
    LockedTriple = "locked_triple", "Locked Triple", Basics, 60, Medium, Se::Fixed(3.6);
    /// A box (or jigsaw region) whose places for a symbol all lie in one row or column.
    LockedCandidatesPointing = "locked_candidates_pointing",
        "Locked Candidates Type 1 (Pointing)", Basics, 50, Medium, Se::Fixed(2.6);
    /// A row or column whose places for a symbol all lie in one box (or jigsaw region).
    LockedCandidatesClaiming = "locked_candidates_claiming",
        "Locked Candidates Type 2 (Claiming)", Basics, 50, Medium, Se::Fixed(2.8);
    /// Locked candidates between any other two shapes (a diagonal, a window, a cage...).
    ShapeOverlap = "shape_overlap", "Shape Overlap", Basics, 50, Medium,
        Se::ByHouse { boxed: 2.6, other: 2.8 };
    /// Two cells of a shape holding only two symbols between them.
    NakedPair = "naked_pair", "Naked Pair", Basics, 60, Medium, Se::Fixed(3.0);
    /// Two symbols of a house with only two places between them.
    HiddenPair = "hidden_pair", "Hidden Pair", Basics, 70, Medium, Se::Fixed(3.4);
    /// Three cells holding only three symbols.
    NakedTriple = "naked_triple", "Naked Triple", Basics, 80, Hard, Se::Fixed(3.6);
    /// Three symbols with only three places.
    HiddenTriple = "hidden_triple", "Hidden Triple", Basics, 100, Hard, Se::Fixed(4.0);
    /// Four cells holding only four symbols.
    NakedQuad = "naked_quad", "Naked Quadruple", Basics, 120, Hard, Se::Fixed(5.0);
    /// Four symbols with only four places.
    HiddenQuad = "hidden_quad", "Hidden Quadruple", Basics, 150, Hard, Se::Fixed(5.4);
    /// Sum cage: only combinations that fit the candidates survive.
    CageCombination = "cage_combination", "Cage Combination", Rules, 40, Medium, Se::Fixed(2.8);
    /// A rule's sum, run or line: only the combinations (sets of values, runs, classes) that
    /// fit the candidates survive.
    RuleCombination = "rule_combination", "Rule Combination", Rules, 40, Medium, Se::Fixed(2.8);
    /// Sum cage: the 45 rule (innies and outies) over a union of houses.
    InniesOuties = "innies_outies", "Innies/Outies", Rules, 80, Hard, Se::Fixed(2.8);
    /// Sum cage: a symbol a cage must hold, confined to a shape (or a house's symbol confined
    /// to a cage).
    CageOverlap = "cage_overlap", "Cage Overlap", Rules, 50, Medium, Se::Fixed(2.8);
    /// A rule's set argument: a value its cells must hold somewhere (every combination or run
    /// left needs it, every pair allowed holds it), or cells that lack the room their values
    /// need.
    RuleSet = "rule_set", "Rule Set Argument", Rules, 80, Hard, Se::Fixed(2.8);
    /// Fish of size 2 over rows and columns.
    XWing = "x_wing", "X-Wing", Fish, 140, Hard, Se::Fixed(3.2);
    /// Fish of size 3 over rows and columns.
    Swordfish = "swordfish", "Swordfish", Fish, 150, Hard, Se::Fixed(3.8);
    /// Fish of size 4 over rows and columns.
    Jellyfish = "jellyfish", "Jellyfish", Fish, 160, Hard, Se::Fixed(5.2);
    /// Fish of size 2 with another kind of house (box, region, diagonal...) in it.
    FrankenXWing = "franken_x_wing", "Franken X-Wing", Fish, 140, Hard, Se::Fixed(3.2);
    /// Fish of size 3 with another kind of house in it.
    FrankenSwordfish = "franken_swordfish", "Franken Swordfish", Fish, 150, Hard, Se::Fixed(3.8);
    /// Fish of size 4 with another kind of house in it.
    FrankenJellyfish = "franken_jellyfish", "Franken Jellyfish", Fish, 160, Hard, Se::Fixed(5.2);
    /// Bivalue cells with the same pair, each seeing the next: ends an odd number of links
    /// apart see both symbols. Sudoku Explainer finds it as a chain.
    RemotePair = "remote_pair", "Remote Pair", Colouring, 110, Hard, Se::Fixed(6.6);
    // The simple chains and the empty rectangle take Sukaku Explainer's values (skyscraper 4.0,
    // kite 4.1, turbot fish and empty rectangle 4.2): it is Sudoku Explainer's maintained
    // successor, and it rated the published ratings the estimate is checked on. Sudoku
    // Explainer 1.2 found them as chains (6.6), which put puzzles of SE 4.0-4.3 at 5.4-6.6.
    /// Simple chain whose two strong links lie in parallel lines.
    Skyscraper = "skyscraper", "Skyscraper", Chains, 150, Hard, Se::Fixed(4.0);
    /// Simple chain with a strong link in a row and one in a column, joined in a box.
    TwoStringKite = "two_string_kite", "2-String Kite", Chains, 150, Hard, Se::Fixed(4.1);
    /// Two 2-string kites through the same two box cells, each the row end of one and the
    /// column end of the other: one step with both eliminations.
    DualTwoStringKite = "dual_two_string_kite", "Dual 2-String Kite", Chains, 150, Hard, Se::Fixed(4.1);
    /// Any other simple chain (three links on one symbol).
    TurbotFish = "turbot_fish", "Turbot Fish", Chains, 150, Hard, Se::Fixed(4.2);
    /// Two bivalue cells with the same pair joined by a strong link on one of its symbols.
    /// Sudoku Explainer finds it as a chain.
    WWing = "w_wing", "W-Wing", Wings, 150, Hard, Se::Fixed(6.6);
    /// XY-wing.
    XyWing = "xy_wing", "XY-Wing", Wings, 160, Hard, Se::Fixed(4.2);
    /// XYZ-wing.
    XyzWing = "xyz_wing", "XYZ-Wing", Wings, 180, Hard, Se::Fixed(4.4);
    /// WXYZ-wing: a pivot and three wings, four symbols, one of them not restricted. Sudoku
    /// Explainer 1.2 has none; its value is calibrated on published ratings.
    WxyzWing = "wxyz_wing", "WXYZ-Wing", Wings, 200, Hard, Se::Fixed(5.5);
    // Finned fish, empty rectangle, uniqueness. Sudoku Explainer has no finned fish and finds
    // them as chains, so they take its chain values; the empty rectangle is Sukaku Explainer's
    // turbot fish (see the simple chains); unique rectangles and BUG are its own.
    /// Finned fish of size 2 (fins see the eliminations).
    FinnedXWing = "finned_x_wing", "Finned X-Wing", Fish, 130, Hard, Se::Fixed(6.6);
    /// Finned fish of size 2 with a base house of a single place in the cover.
    SashimiXWing = "sashimi_x_wing", "Sashimi X-Wing", Fish, 150, Hard, Se::Fixed(6.6);
    /// Finned fish of size 3.
    FinnedSwordfish = "finned_swordfish", "Finned Swordfish", Fish, 200, Expert, Se::Fixed(6.7);
    /// Sashimi fish of size 3.
    SashimiSwordfish = "sashimi_swordfish", "Sashimi Swordfish", Fish, 240, Expert, Se::Fixed(6.7);
    /// Finned fish of size 4.
    FinnedJellyfish = "finned_jellyfish", "Finned Jellyfish", Fish, 250, Expert, Se::Fixed(6.8);
    /// Sashimi fish of size 4.
    SashimiJellyfish = "sashimi_jellyfish", "Sashimi Jellyfish", Fish, 260, Expert, Se::Fixed(6.8);
    /// A box whose places for a symbol lie in one row and one column, with a strong link.
    EmptyRectangle = "empty_rectangle", "Empty Rectangle", Chains, 120, Hard, Se::Fixed(4.2);
    /// Two empty rectangles in one box on one strong link: one step with both eliminations.
    DualEmptyRectangle = "dual_empty_rectangle", "Dual Empty Rectangle", Chains, 120, Hard,
        Se::Fixed(4.2);
    /// Unique rectangle with one corner holding more than the pair.
    UniqueRectangle1 = "unique_rectangle_1", "Uniqueness Test 1", Uniqueness, 100, Hard, Se::Fixed(4.5);
    /// Unique rectangle whose two extra corners share one extra symbol.
    UniqueRectangle2 = "unique_rectangle_2", "Uniqueness Test 2", Uniqueness, 100, Hard, Se::Fixed(4.6);
    /// Unique rectangle whose extra symbols make a naked subset.
    UniqueRectangle3 = "unique_rectangle_3", "Uniqueness Test 3", Uniqueness, 100, Hard, Se::Fixed(4.8);
    /// Unique rectangle with a symbol locked into its two extra corners.
    UniqueRectangle4 = "unique_rectangle_4", "Uniqueness Test 4", Uniqueness, 100, Hard, Se::Fixed(4.6);
    /// Unique rectangle whose two opposite corners, or three, share one extra symbol.
    UniqueRectangle5 = "unique_rectangle_5", "Uniqueness Test 5", Uniqueness, 100, Hard, Se::Fixed(4.6);
    /// Unique rectangle with two opposite bivalue corners and strong links on its sides.
    UniqueRectangle6 = "unique_rectangle_6", "Uniqueness Test 6", Uniqueness, 100, Hard, Se::Fixed(4.6);
    /// Unique rectangle by strong links through the corner opposite a bivalue one.
    HiddenRectangle = "hidden_rectangle", "Hidden Rectangle", Uniqueness, 100, Hard, Se::Fixed(4.7);
    /// Avoidable rectangle: three corners solved (none a given), the fourth loses the value
    /// that would make the pattern. Sudoku Explainer does not tell givens from placed values;
    /// the value is that of the unique rectangle of the same shape.
    AvoidableRectangle1 = "avoidable_rectangle_1", "Avoidable Rectangle Type 1", Uniqueness, 100, Hard,
        Se::Fixed(4.5);
    /// Avoidable rectangle: two corners of a side solved, the other two sharing an extra
    /// symbol.
    AvoidableRectangle2 = "avoidable_rectangle_2", "Avoidable Rectangle Type 2", Uniqueness, 100, Hard,
        Se::Fixed(4.6);
    /// Bivalue universal grave plus one cell.
    BugPlusOne = "bug_plus_one", "Bivalue Universal Grave + 1", Uniqueness, 100, Hard, Se::Fixed(5.6);
    /// Simple colours, trap: a cell sees both colours of a symbol's strong-link network.
    SimpleColorsTrap = "simple_colors_trap", "Simple Colors Trap", Colouring, 150, Hard, Se::Fixed(6.6);
    /// Simple colours, wrap: one colour puts the symbol twice in a house.
    SimpleColorsWrap = "simple_colors_wrap", "Simple Colors Wrap", Colouring, 150, Hard, Se::Fixed(6.6);
    /// Multi-colours, type 1: colours of two strong-link networks see each other, so cells
    /// seeing both other colours lose the symbol. Sudoku Explainer finds it as a chain.
    MultiColors1 = "multi_colors_1", "Multi Colors 1", Colouring, 200, Hard, Se::Fixed(6.6);
    /// Multi-colours, type 2: a colour sees both colours of another network, so it is false.
    MultiColors2 = "multi_colors_2", "Multi Colors 2", Colouring, 200, Hard, Se::Fixed(6.6);
    /// 3D Medusa: colouring of candidates over strong links in houses and bivalue cells, two
    /// symbols or more. Neither HoDoKu nor Sudoku Explainer has it; Sudoku Explainer finds
    /// these as chains.
    Medusa3d = "medusa_3d", "3D Medusa", Colouring, 220, Hard, Se::Fixed(6.8);
    /// Sue de Coq: where two houses meet, cells with two or more extra symbols, matched by
    /// cells of each house outside the other. Sudoku Explainer has no such rule; its value is
    /// calibrated on published ratings.
    SueDeCoq = "sue_de_coq", "Sue de Coq", Als, 250, Hard, Se::Fixed(6.3);
    /// X-chain: alternating strong and weak links on one symbol, five links or more.
    XChain = "x_chain", "X-Chain", Chains, 260, Expert, Se::Fixed(6.6);
    /// XY-chain: a chain through bivalue cells.
    XyChain = "xy_chain", "XY-Chain", Chains, 260, Expert, Se::Fixed(6.8);
    /// Alternating inference chain. Sudoku Explainer rates chains more the longer they are.
    Aic = "aic", "AIC", Chains, 280, Expert, Se::ByLength { base: 6.8, per: 0.05, cap: 8 };
    // Grouped chains come here, as in HoDoKu's order.
    /// X-chain through group nodes (a symbol's places in one house that lie in another).
    /// Sudoku Explainer has no group nodes and finds these as forcing chains.
    GroupedXChain = "grouped_x_chain", "Grouped X-Chain", Chains, 280, Expert,
        Se::ByLength { base: 7.5, per: 0.05, cap: 8 };
    /// Alternating inference chain through group nodes.
    GroupedAic = "grouped_aic", "Grouped AIC", Chains, 300, Expert,
        Se::ByLength { base: 7.5, per: 0.05, cap: 8 };
    /// ALS-XZ: two almost locked sets joined by a restricted common symbol (singly or doubly
    /// linked). Sudoku Explainer has no almost locked sets; it finds these as forcing chains.
    AlsXz = "als_xz", "ALS-XZ", Als, 300, Expert, Se::Fixed(7.9);
    /// ALS-XY-wing: two almost locked sets each joined to a pivot set by a restricted common
    /// symbol.
    AlsXyWing = "als_xy_wing", "ALS-XY-Wing", Als, 320, Expert, Se::Fixed(8.0);
    /// ALS-XY-chain: four or more almost locked sets, each joined to the next by a restricted
    /// common symbol.
    AlsXyChain = "als_xy_chain", "ALS-XY-Chain", Als, 340, Expert, Se::Fixed(8.1);
    /// Death blossom: a stem cell whose every candidate is a restricted common symbol of a
    /// petal almost locked set.
    DeathBlossom = "death_blossom", "Death Blossom", Als, 360, Expert, Se::Fixed(8.2);
    /// Forcing chain by contradiction: assuming a candidate, singles lead to a contradiction.
    /// Sudoku Explainer values these from 7.5 up, more for longer chains.
    ForcingChain = "forcing_chain", "Forcing Chain", Chains, 500, Extreme,
        Se::ByLength { base: 7.5, per: 0.05, cap: 20 };
    /// Forcing chain over rules: assuming a candidate, singles and the rules' own propagation
    /// lead to a contradiction. Tried after the forcing chain of singles; rated above every
    /// chain, below the guess.
    RuleForcingChain = "rule_forcing_chain", "Rule Forcing Chain", Rules, 700, Extreme,
        Se::ByLength { base: 7.5, per: 0.05, cap: 20 };
    // Nice loops: what one of up to twelve links concludes, an AIC (plain or grouped) of up to
    // eleven also concludes, but for two strong links meeting at the start; the solver tries
    // them last, where they cost nothing, and they remain for hints and tools.
    /// Continuous nice loop: an alternating loop, every weak link of which becomes strong.
    /// Sudoku Explainer sees a chain.
    ContinuousNiceLoop = "continuous_nice_loop", "Continuous Nice Loop", Chains, 280, Expert,
        Se::ByLength { base: 6.8, per: 0.05, cap: 8 };
    /// Discontinuous nice loop: a loop whose links meet twice strong or twice weak at its start,
    /// or come back weakly on another candidate of its cell.
    DiscontinuousNiceLoop = "discontinuous_nice_loop", "Discontinuous Nice Loop", Chains, 280, Expert,
        Se::ByLength { base: 6.8, per: 0.05, cap: 8 };
    /// Continuous nice loop through group nodes.
    GroupedContinuousNiceLoop = "grouped_continuous_nice_loop", "Grouped Continuous Nice Loop", Chains,
        300, Expert, Se::ByLength { base: 7.5, per: 0.05, cap: 8 };
    /// Discontinuous nice loop through group nodes.
    GroupedDiscontinuousNiceLoop = "grouped_discontinuous_nice_loop",
        "Grouped Discontinuous Nice Loop", Chains, 300, Expert,
        Se::ByLength { base: 7.5, per: 0.05, cap: 8 };
    // Finned Franken and mutant fish: HoDoKu tries finned Franken X-wings and swordfish after
    // the almost locked sets and leaves the rest out of its default solve; the search over
    // every base of up to four houses is costly, so the solver tries them here. HoDoKu's
    // weights. Sudoku Explainer has no such fish and would need forcing chains or nets, which
    // the solver reaches first: they take the top of the forcing chains' range, as templates.
    /// Finned fish of size 2 over any houses, one side without columns, the other without
    /// rows.
    FinnedFrankenXWing = "finned_franken_x_wing", "Finned Franken X-Wing", Fish, 390, Expert,
        Se::Fixed(8.5);
    /// Finned Franken fish of size 3.
    FinnedFrankenSwordfish = "finned_franken_swordfish", "Finned Franken Swordfish", Fish, 410,
        Expert, Se::Fixed(8.5);
    /// Finned Franken fish of size 4.
    FinnedFrankenJellyfish = "finned_franken_jellyfish", "Finned Franken Jellyfish", Fish, 430,
        Expert, Se::Fixed(8.5);
    /// Finned fish of size 2 over any houses, neither Franken nor rows against columns.
    FinnedMutantXWing = "finned_mutant_x_wing", "Finned Mutant X-Wing", Fish, 470, Extreme,
        Se::Fixed(8.5);
    /// Finned mutant fish of size 3.
    FinnedMutantSwordfish = "finned_mutant_swordfish", "Finned Mutant Swordfish", Fish, 470, Extreme,
        Se::Fixed(8.5);
    /// Finned mutant fish of size 4.
    FinnedMutantJellyfish = "finned_mutant_jellyfish", "Finned Mutant Jellyfish", Fish, 470, Extreme,
        Se::Fixed(8.5);
    // Kraken fish: HoDoKu leaves them out of its default solve; here they come after the
    // finned Franken fish, where the solver seldom gets. HoDoKu's weight. Sudoku Explainer has
    // none and would need forcing chains: like the finned Franken fish they take the top of the
    // forcing chains' range, which also keeps them from lowering a rating's cheapest step
    // (valued by chain length from 7.5 they undercut the ALS steps of 196 of 1,482 rated
    // puzzles, most of which moved away from Sudoku Explainer's value).
    /// Kraken fish type 1: a finned fish whose every fin leads by a chain to the candidate the
    /// fish would remove being false.
    KrakenFishType1 = "kraken_fish_type_1", "Kraken Fish Type 1", Fish, 500, Extreme, Se::Fixed(8.5);
    /// Kraken fish type 2: chains from every base place of a cover house and every fin to one
    /// candidate being false.
    KrakenFishType2 = "kraken_fish_type_2", "Kraken Fish Type 2", Fish, 500, Extreme, Se::Fixed(8.5);
    /// Template Set: a cell every placement of a symbol consistent with the candidates uses.
    /// Tried after forcing chains (HoDoKu leaves templates out of its default solve).
    TemplateSet = "template_set", "Template Set", LastResort, 600, Extreme, Se::Fixed(8.5);
    /// Template Delete: a candidate no placement of its symbol consistent with the candidates
    /// uses.
    TemplateDelete = "template_delete", "Template Delete", LastResort, 600, Extreme, Se::Fixed(8.5);
    /// Dynamic forcing chain: a candidate true or false, the candidates of a cell or the places
    /// of a symbol in a house followed through singles and the candidates each link removes,
    /// to a contradiction or to one conclusion every premise reaches. Sudoku Explainer's
    /// dynamic forcing chains, valued from 8.5 up by length; tried where only a guess is left.
    DynamicForcingChain = "dynamic_forcing_chain", "Dynamic Forcing Chain", Chains, 800, Extreme,
        Se::ByLength { base: 8.5, per: 0.02, cap: 25 };
    /// A guess, when nothing else applies; stated plainly.
    Guess = "guess", "Guess", LastResort, 1000, Extreme, Se::Guess;
    // Appended after the guess: rows are only ever added at the end.
    /// Nested forcing chain over rules: a forcing chain over rules that, where singles, the
    /// rules and locked places come to rest, removes a candidate of a cell with two left by an
    /// inner chain of its own ending in a contradiction, and goes on. Tried where only a guess
    /// is left (before Sudoku Explainer's dynamic forcing chains); Sudoku Explainer values its
    /// nested forcing chains from 9.0 up.
    NestedRuleForcingChain = "nested_rule_forcing_chain", "Nested Rule Forcing Chain", Rules, 900,
        Extreme, Se::ByLength { base: 9.0, per: 0.02, cap: 40 };
}

impl Technique {
    /// The technique's row of the catalogue.
    pub fn entry(self) -> &'static Entry {
        &CATALOGUE[self as usize]
    }
    /// Stable snake_case id (`hidden_single`, `x_wing`).
    pub fn id(self) -> &'static str {
        self.entry().id
    }
    /// Display name (`Hidden Single`, `X-Wing`).
    pub fn name(self) -> &'static str {
        self.entry().name
    }
    /// Rating weight.
    pub fn weight(self) -> u64 {
        self.entry().weight
    }
    /// Level.
    pub fn level(self) -> Level {
        self.entry().level
    }
    /// The family it belongs to.
    pub fn family(self) -> Family {
        self.entry().family
    }
    /// The technique with this id.
    pub fn from_id(id: &str) -> Option<Technique> {
        CATALOGUE.iter().find(|e| e.id == id).map(|e| e.technique)
    }
    /// Every technique, in catalogue order.
    pub fn all() -> &'static [Technique] {
        ALL
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A technique serialises as its id.
#[cfg(feature = "serde")]
impl serde::Serialize for Technique {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_in_enum_order_with_unique_snake_case_ids() {
        for (i, e) in CATALOGUE.iter().enumerate() {
            assert_eq!(e.technique as usize, i, "{}", e.id);
            // snake_case: lower-case words of letters and digits, joined by single underscores.
            assert!(
                e.id.split('_').all(|w| !w.is_empty()
                    && w.chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())),
                "{}",
                e.id
            );
            assert_eq!(Technique::from_id(e.id), Some(e.technique));
            assert!(
                CATALOGUE[..i]
                    .iter()
                    .all(|o| o.id != e.id && o.name != e.name)
            );
        }
        assert_eq!(Technique::all().len(), CATALOGUE.len());
        assert_eq!(Technique::from_id("X-Wing"), None);
    }
}
