//! Errors of the model: what makes a geometry or a puzzle invalid.
//!
//! ```
//! use shapedoku::{ModelError, Symbols};
//! assert!(matches!(Symbols::new("1123".chars()), Err(ModelError::DuplicateSymbol('1'))));
//! ```

use crate::pos::Pos;

/// A geometry or puzzle that breaks a rule of the model. Each names what is wrong and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ModelError {
    /// The alphabet is empty or too large.
    #[error("an alphabet needs 1 to 64 symbols, this one has {0}")]
    SymbolCount(usize),
    /// Explicit values do not match the symbols one to one.
    #[error("{symbols} symbols but {values} values: give one value per symbol")]
    SymbolValues {
        /// Number of symbols.
        symbols: usize,
        /// Number of values.
        values: usize,
    },
    /// A character appears twice in the alphabet.
    #[error("symbol `{0}` appears twice in the alphabet")]
    DuplicateSymbol(char),
    /// `.` and whitespace mean "empty" and cannot be symbols.
    #[error("`{0}` cannot be a symbol: `.` and whitespace mean an empty cell")]
    ReservedSymbol(char),
    /// A character that does not show as itself: a control or format character (such as a
    /// right-to-left override or a zero-width space), a combining mark, a private-use,
    /// unassigned or blank character. Named by its code point, never printed.
    #[error("U+{code:04X} ({what}) cannot be a symbol: it does not show as a character of its own", code = u32::from(*.0), what = .1)]
    InvisibleSymbol(char, &'static str),
    /// A grid's size or box shape is unusable.
    #[error("grid {grid}: {reason}")]
    BadGrid {
        /// 1-based grid number.
        grid: usize,
        /// What is wrong.
        reason: String,
    },
    /// A shape names a position where there is no cell.
    #[error(
        "shape `{shape}`: {pos} is not a cell of this geometry (it lies outside every grid and every declared cell)"
    )]
    NoSuchCell {
        /// Shape name.
        shape: String,
        /// The position.
        pos: Pos,
    },
    /// A shape lists the same cell twice.
    #[error("shape `{shape}` lists {pos} twice")]
    RepeatedCell {
        /// Shape name.
        shape: String,
        /// The repeated position.
        pos: Pos,
    },
    /// A shape has no cells.
    #[error("shape `{shape}` has no cells")]
    EmptyShape {
        /// Shape name.
        shape: String,
    },
    /// A no-repeat shape has more cells than there are symbols, so it can never be filled.
    #[error(
        "shape `{shape}` has {cells} cells but there are only {symbols} symbols, so it cannot be filled without a repeat"
    )]
    ShapeTooLarge {
        /// Shape name.
        shape: String,
        /// Its size.
        cells: usize,
        /// The alphabet size.
        symbols: usize,
    },
    /// A sum shape's total cannot be reached by any assignment of values.
    #[error("cage `{shape}`: no {cells} {kind} can add up to {total}")]
    ImpossibleSum {
        /// Shape name.
        shape: String,
        /// Its size.
        cells: usize,
        /// "distinct symbols" or "symbols".
        kind: &'static str,
        /// The total.
        total: i64,
    },
    /// The geometry is larger than a cap of [`crate::limits::Limits`].
    #[error("the geometry has {found} {what}, more than the limit of {limit}")]
    TooLarge {
        /// What is counted: `cells`, `canvas positions`, `shapes` or `shape cells`.
        what: &'static str,
        /// How many there are (cells shared by grids counted once per grid).
        found: u64,
        /// The cap.
        limit: u64,
    },
    /// The geometry has no cells at all.
    #[error("the geometry has no cells: add a [[grid]] or a `cells` list")]
    NoCells,
    /// Givens of the wrong length.
    #[error("givens have {found} symbols but {expected}")]
    GivensLength {
        /// Found length.
        found: usize,
        /// What was expected, in words.
        expected: String,
    },
    /// A given that is not a symbol.
    #[error(
        "given `{ch}` at {pos} is not a symbol of this puzzle (symbols are `{symbols}`; `.` is empty)"
    )]
    UnknownSymbol {
        /// The character.
        ch: char,
        /// Where.
        pos: Pos,
        /// The alphabet.
        symbols: String,
    },
    /// A cell id that is not a cell of the geometry.
    #[error("cell {cell} does not exist: the geometry has {cells} cells")]
    NoSuchCellId {
        /// The cell index asked for.
        cell: usize,
        /// Cells of the geometry.
        cells: usize,
    },
    /// A symbol index that is not in the alphabet.
    #[error("symbol {symbol} at {pos} does not exist: the alphabet has {symbols} symbols")]
    NoSuchSymbol {
        /// Where it was put.
        pos: Pos,
        /// The symbol index.
        symbol: usize,
        /// Symbols in the alphabet.
        symbols: usize,
    },
    /// Two grid-givens disagree on a shared cell.
    #[error("givens disagree at {pos}: `{a}` in one grid, `{b}` in another")]
    GivensDisagree {
        /// The shared cell.
        pos: Pos,
        /// One value.
        a: char,
        /// The other.
        b: char,
    },
    /// A cell's starting candidates are empty.
    #[error("{pos} has no candidate")]
    NoCandidates {
        /// The cell.
        pos: Pos,
    },
    /// A cell's starting candidates name a symbol index outside the alphabet.
    #[error("the candidates of {pos} hold symbol {symbol}, but the alphabet has {symbols} symbols")]
    CandidateNotSymbol {
        /// The cell.
        pos: Pos,
        /// The first symbol index out of range.
        symbol: usize,
        /// Symbols in the alphabet.
        symbols: usize,
    },
    /// A given cell's starting candidates leave out its given.
    #[error("{pos} is given as `{given}`, which its candidates `{candidates}` leave out")]
    CandidatesExcludeGiven {
        /// The cell.
        pos: Pos,
        /// The given.
        given: char,
        /// The candidates, as symbols.
        candidates: String,
    },
    /// Givens already break a no-repeat shape.
    #[error("givens break shape `{shape}`: `{symbol}` at both {a} and {b}")]
    GivensClash {
        /// Shape name.
        shape: String,
        /// The repeated symbol.
        symbol: char,
        /// First cell.
        a: Pos,
        /// Second cell.
        b: Pos,
    },
}
