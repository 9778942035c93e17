//! Steps as data: what a technique concluded and everything needed to explain why. Text, compact
//! and JSON renderings are produced from this by [`super::explain`], never stored here.

use crate::symbols::SymbolSet;

/// The techniques, in the order the logical solver tries them (simplest first).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Technique {
    /// The last empty cell of a house.
    FullHouse,
    /// A cell with one candidate left.
    NakedSingle,
    /// A symbol with one place left in a house.
    HiddenSingle,
    /// Locked candidates generalised: all places of a symbol in one shape lie inside another.
    ShapeOverlap,
    /// Naked pair, triple or quad (size in the detail).
    NakedSubset,
    /// Hidden pair, triple or quad.
    HiddenSubset,
    /// Sum cage: only combinations that fit the candidates survive.
    CageCombination,
    /// Sum cage: the 45 rule (innies and outies) over a union of houses.
    Innies,
    /// Sum cage: a symbol a cage must contain, all of whose places in the cage lie in a house
    /// (or the reverse).
    CageOverlap,
    /// X-wing, swordfish, jellyfish over any disjoint houses.
    Fish,
    /// Two strong links joined by a weak one (skyscraper, 2-string kite, turbot fish).
    SimpleChain,
    /// XY-wing.
    XyWing,
    /// XYZ-wing.
    XyzWing,
    /// X-chain: alternating strong and weak links on one symbol.
    XChain,
    /// XY-chain: a chain through bivalue cells.
    XyChain,
    /// Alternating inference chain.
    Aic,
    /// Forcing chain by contradiction: assuming a candidate, singles lead to a contradiction.
    ForcingChain,
    /// A guess, when nothing else applies; stated plainly.
    Guess,
}

/// Why a step holds: the shapes, cells and symbols that justify it, by technique family.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Detail {
    /// Full house, naked or hidden single. `shape` is the house for full house and hidden single.
    Single {
        /// The house (not for a naked single).
        shape: Option<usize>,
    },
    /// Every place for `symbol` in `source` lies inside `target`, so it goes from the rest of
    /// `target`.
    Overlap {
        /// The symbol.
        symbol: u8,
        /// The house whose places are confined.
        source: usize,
        /// The shape that contains them all.
        target: usize,
    },
    /// Naked or hidden subset in a shape.
    Subset {
        /// The shape.
        shape: usize,
        /// The subset's cells.
        cells: Vec<usize>,
        /// The subset's symbols.
        symbols: SymbolSet,
    },
    /// Fish on one symbol: base houses, cover houses.
    Fish {
        /// The symbol.
        symbol: u8,
        /// Base shapes (the symbol's places there are all inside the cover).
        base: Vec<usize>,
        /// Cover shapes.
        cover: Vec<usize>,
    },
    /// XY-wing, XYZ-wing: a pivot and pincers; `symbol` is eliminated from cells seeing all.
    Wing {
        /// The pivot cell.
        pivot: usize,
        /// The pincer cells.
        pincers: Vec<usize>,
        /// The eliminated symbol.
        symbol: u8,
    },
    /// A chain of (cell, symbol) nodes; `strong[i]` tells whether the link from node i to
    /// node i+1 is strong.
    Chain {
        /// The nodes.
        nodes: Vec<(usize, u8)>,
        /// Link kinds between consecutive nodes.
        strong: Vec<bool>,
    },
    /// A sum cage's surviving combinations.
    Cage {
        /// The cage.
        shape: usize,
        /// Combinations that still fit.
        combos: Vec<SymbolSet>,
    },
    /// Innies/outies: `houses` minus `cages` leaves `cells`, which must add up to `total`.
    Innies {
        /// Houses whose union is used.
        houses: Vec<usize>,
        /// Cages inside that union.
        cages: Vec<usize>,
        /// The remaining cells.
        cells: Vec<usize>,
        /// Their total.
        total: i64,
    },
    /// Forcing chain: placing `assumed` makes singles place `implied` (in order) until `broken`
    /// shows a contradiction, so the assumed candidate is false.
    Forcing {
        /// The candidate assumed true, then eliminated: (cell, symbol).
        assumed: (usize, u8),
        /// The placements singles then force, in order: (cell, symbol).
        implied: Vec<(usize, u8)>,
        /// The contradiction.
        broken: Broken,
    },
    /// A guess: `cell` takes `symbol` (the value the search finds there), then logic goes on.
    Guess {
        /// The cell.
        cell: usize,
        /// Its candidates before the guess.
        options: SymbolSet,
    },
}

/// One step of a logical solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// Values placed: (cell, symbol).
    pub placements: Vec<(usize, u8)>,
    /// Candidates removed: (cell, symbol).
    pub eliminations: Vec<(usize, u8)>,
    /// Why.
    pub detail: Detail,
}

impl Step {
    /// Whether the step changes nothing (techniques never report such steps).
    pub fn is_empty(&self) -> bool {
        self.placements.is_empty() && self.eliminations.is_empty()
    }
}

/// The contradiction a forcing chain ends in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Broken {
    /// A cell is left without candidates.
    Cell(usize),
    /// A house has no place left for a symbol: (house, symbol).
    House(usize, u8),
}
