//! The file format as data: one type per table, one field per key, each documented here and in
//! `docs/format.md`. This is the format's only description: the reader (`load/read.rs`) fills
//! these types, and the lists of known keys behind "unknown key, did you mean" come from them
//! ([`keys`]), so a key added here is read, suggested and documented in one place.
//!
//! A value the reader could not use (wrong type, out of range) is [`Field::Invalid`]: it has
//! been reported, and later stages skip what depends on it instead of guessing. The types also
//! deserialize with serde, for tools that want the data of a known-good file:
//!
//! ```
//! use shapedoku::load::definition::{keys, CageDef, FileDef};
//! let def: FileDef = toml::from_str("variant = \"classic\"\n[[cage]]\nsum = 3\ncells = \"r1c1 r1c2\"").unwrap();
//! assert_eq!(def.cage.items.len(), 1);
//! assert_eq!(def.variant.value().map(String::as_str), Some("classic"));
//! assert_eq!(keys::<CageDef>(), ["sum", "cells", "name", "repeats"]);
//! ```

use serde::de::{self, Deserialize, DeserializeOwned, Deserializer};
use std::fmt;
use std::ops::Range;
use toml::Spanned;

/// One variant or puzzle file. A variant file describes a geometry; a puzzle file names a
/// `variant` and adds givens and puzzle-specific shapes. Both use the same keys: a puzzle file
/// may also add grids or shapes to its variant.
#[derive(Debug, Clone, PartialEq, Default, serde::Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct FileDef {
    /// Name of the variant or puzzle. Default: the base variant's name, or the file stem.
    pub name: Field<String>,
    /// One-line description. Default: empty.
    pub description: Field<String>,
    /// Base variant: a built-in name (`classic`) or a path relative to this file. Default: none.
    pub variant: Field<String>,
    /// The alphabet in value order, one character per symbol, 1 to 64. Required unless a base
    /// variant gives it.
    pub symbols: Field<String>,
    /// Explicit symbol values for sum rules, one per symbol, each within ±[`MAX_VALUE`]
    /// (needs `symbols` in the same file). Default: 1..=N.
    pub values: Field<Vec<i64>>,
    /// Extra cells outside any grid (`r1c1 r2-3c4-6`), for layouts built from shapes alone.
    pub cells: Field<String>,
    /// Square grids placed on the canvas, each with its standard shapes.
    pub grid: Tables<GridDef>,
    /// Extra shapes by explicit cells.
    pub shape: Tables<ShapeDef>,
    /// Killer cages: sum shapes, no repeats unless `repeats = true`.
    pub cage: Tables<CageDef>,
    /// Rules beyond shapes: anti-knight, thermometers, ... (see [`RuleDef`]).
    pub rule: Tables<RuleDef>,
    /// Givens: one string in cell order (or a canvas picture), or one string per grid.
    pub givens: Field<GivensDef>,
    /// The known solution, same forms as `givens`, no blanks. Checked when present.
    pub solution: Field<GivensDef>,
    /// Starting candidates of some cells (see [`CandidatesDef`]). Default: every cell may
    /// hold every symbol.
    pub candidates: Field<CandidatesDef>,
}

/// A puzzle's `candidates`: `candidates = { r1c1 = "125", r4c7 = "39" }` (or a
/// `[candidates]` table). Each key is a cell reference (a rectangle such as `r1-2c1-3` names
/// each of its cells), each value those cells' candidates, one symbol per character
/// (whitespace ignored). The puzzle's own, like `givens`: not inherited from a variant.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CandidatesDef {
    /// Each entry as written: the cell reference and the symbols, with where each is.
    pub entries: Vec<(Spanned<String>, Spanned<String>)>,
}

impl<'de> Deserialize<'de> for CandidatesDef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        // Through serde the places are not known; the file reader keeps them.
        let map = std::collections::BTreeMap::<String, String>::deserialize(d)?;
        let entries = map
            .into_iter()
            .map(|(k, v)| (Spanned::new(0..0, k), Spanned::new(0..0, v)))
            .collect();
        Ok(CandidatesDef { entries })
    }
}

/// A `[[grid]]` table.
#[derive(Debug, Clone, PartialEq, Default, serde::Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct GridDef {
    /// Name used in explanations (`row 4 of the top-left grid`). Default: `grid K`.
    pub name: Field<String>,
    /// Top-left cell as `[row, col]`, 1-based. Default `[1, 1]`.
    pub at: Field<[u32; 2]>,
    /// Rows and columns: `size = 9` is 9 x 9 cells, `size = [6, 8]` is 6 rows of 8 cells.
    /// Required, each 1 to [`MAX_CANVAS`].
    #[serde(deserialize_with = "square_or_rectangle")]
    pub size: Field<[u32; 2]>,
    /// Box height and width, `[3, 3]` or `[2, 3]`; they must divide the grid's height and
    /// width. Default: no boxes.
    #[serde(rename = "box")]
    pub boxes: Field<[u32; 2]>,
    /// Both main diagonals are no-repeat shapes. Default false.
    pub diagonals: Field<bool>,
    /// One no-repeat shape per row. Default true.
    pub rows: Field<bool>,
    /// One no-repeat shape per column. Default true.
    pub columns: Field<bool>,
    /// Region map: one character per cell, row by row (whitespace ignored); each character is
    /// one no-repeat region, `.` is none. Default: no regions.
    pub regions: Field<String>,
    /// The grid is a torus: chess moves (anti-knight, anti-king) wrap around its edges.
    /// Default false.
    pub wrap: Field<bool>,
}

/// A grid's `size` as written: one side (`9`), or rows and columns (`[6, 8]`).
fn square_or_rectangle<'de, D: Deserializer<'de>>(d: D) -> Result<Field<[u32; 2]>, D::Error> {
    #[derive(serde::Deserialize)]
    #[serde(untagged)]
    enum Size {
        Square(u32),
        Rectangle([u32; 2]),
    }
    let size = Spanned::<Size>::deserialize(d)?;
    Ok(Field::Valid(size).map(|s| match s {
        Size::Square(n) => [n, n],
        Size::Rectangle(rc) => rc,
    }))
}

/// A `[[shape]]` table.
#[derive(Debug, Clone, PartialEq, Default, serde::Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ShapeDef {
    /// Name used in explanations. Default: `shape K`.
    pub name: Field<String>,
    /// Cells: `r1c1 r1c2` or rectangles `r2-4c2-4`. Required.
    pub cells: Field<String>,
    /// Makes this a sum shape with this total, within ±[`MAX_VALUE`]. Default: a no-repeat
    /// shape.
    pub sum: Field<i64>,
    /// With `sum`: allow repeated symbols. Default false.
    pub repeats: Field<bool>,
    /// What the shape is, for drawing and naming (not with `sum`). Default `"extra"`, or a cage
    /// for a shape with `sum`. The rule is the same.
    pub kind: Field<KindDef>,
    /// For a layout drawn in 3-D (Tredoku): the plane this face lies in, `"top"`, `"front"`
    /// (or `"left"`) or `"side"` (or `"right"`). Needs `origin`; the shape's cells must fill a
    /// rectangle. Default: the shape is not a face.
    pub plane: Field<String>,
    /// With `plane`: where in space (`[x, y, z]`, x right, y away from the viewer, z up) the
    /// outer corner of the face's first row and column lies.
    pub origin: Field<Vec<i64>>,
}

impl ShapeDef {
    /// The shape's name: its `name`, or `shape K` for the `index`-th (0-based) `[[shape]]` of
    /// its file.
    pub fn name_or_default(&self, index: usize) -> String {
        self.name
            .value()
            .cloned()
            .unwrap_or_else(|| format!("shape {}", index + 1))
    }
}

/// The `kind` of a `[[shape]]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum KindDef {
    /// Thick borders, like a grid's boxes.
    Box,
    /// A jigsaw-style piece: shaded, thick borders.
    Region,
    /// Shaded, like a window.
    Extra,
}

impl KindDef {
    /// Every kind, with its name in the file.
    pub const ALL: [(&'static str, KindDef); 3] = [
        ("box", KindDef::Box),
        ("region", KindDef::Region),
        ("extra", KindDef::Extra),
    ];
}

/// A `[[cage]]` table (Killer).
#[derive(Debug, Clone, PartialEq, Default, serde::Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CageDef {
    /// The total of the cage's values, within ±[`MAX_VALUE`]. Default: none, a cage whose
    /// cells only may not repeat.
    pub sum: Field<i64>,
    /// Cells: `r1c1 r1c2 r2c1`. Required.
    pub cells: Field<String>,
    /// Name used in explanations. Default: `cage SUM at FIRST-CELL`.
    pub name: Field<String>,
    /// Allow repeated symbols. Default false.
    pub repeats: Field<bool>,
}

impl CageDef {
    /// The cage's name: its `name`, or `cage SUM at FIRST-CELL`, or (without readable cells or
    /// sum) `cage #N` for the `number`-th (1-based) `[[cage]]` of its file: a bare number would
    /// read as the cage's sum.
    pub fn name_or_default(&self, number: usize) -> String {
        if let Some(n) = self.name.value() {
            return n.clone();
        }
        let first = self
            .cells
            .value()
            .and_then(|s| s.split([' ', ',', '\t', '\n']).find(|x| !x.is_empty()));
        match (self.sum.value(), first) {
            (Some(total), Some(f)) => format!("cage {total} at {f}"),
            _ => format!("cage #{number}"),
        }
    }
}

/// A `[[rule]]` table: one rule beyond shapes.
#[derive(Debug, Clone, PartialEq, Default, serde::Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RuleDef {
    /// Which rule, one of [`RuleDef::TYPES`]. Required.
    #[serde(rename = "type")]
    pub kind: Field<String>,
    /// The cells of a line rule, bulb first: `r1c1 r1c2 r1c3`. Required for line rules, not
    /// allowed for the global relations.
    pub cells: Field<String>,
    /// Name used in explanations. Default: the type and the number of the table (`thermo 2`),
    /// or the type alone for a global relation.
    pub name: Field<String>,
    // Marks between neighbours and rules on single cells.
    /// Kropki white dots (`kropki`): pairs of orthogonally adjacent cells, `["r1c1 r1c2"]`.
    pub white: Field<Vec<Spanned<String>>>,
    /// Kropki black dots (`kropki`), written like `white`.
    pub black: Field<Vec<Spanned<String>>>,
    /// X marks, a sum of 10 (`xv`), written like `white`.
    pub x: Field<Vec<Spanned<String>>>,
    /// V marks, a sum of 5 (`xv`), written like `white`.
    pub v: Field<Vec<Spanned<String>>>,
    /// The marked pairs of a `difference` or `ratio` rule, written like `white`.
    pub pairs: Field<Vec<Spanned<String>>>,
    /// The N of a `difference` (default 1) or `ratio` (default 2) rule; the value a
    /// `numbered-room` clue puts in the N-th cell; the value of a `hidden-skyscraper` clue's
    /// first hidden cell.
    pub value: Field<i64>,
    /// The negative constraint: no unmarked neighbours meet the rule's relations. Default false.
    pub negative: Field<bool>,
    /// The symbols a `quadruple` requires, one character each: `"139"`.
    pub symbols: Field<String>,
    // Keys of the sum, line and copy rules.
    /// A little killer's total; a rellik cage's total, which no subset of its values reaches; a
    /// lunchbox's total, of the values between its smallest and largest; a `cage` rule's sum.
    pub total: Field<i64>,
    /// Where a little killer's clue is written, `[row, col]`, outside the cells.
    pub at: Field<Vec<i64>>,
    /// Which way a little killer's diagonal runs from its clue: `down-right`, `down-left`,
    /// `up-right` or `up-left`.
    pub direction: Field<String>,
    /// An arrow's circle: one cell, or a pill of 2-3 cells read as a number.
    pub circle: Field<String>,
    /// German whispers: the least difference between neighbours. Default 5. A lockout line:
    /// the least difference between its ends. Default 4.
    pub difference: Field<i64>,
    /// A clone's copy: cells in the same arrangement as `cells`, in matching order.
    pub copy: Field<String>,
    /// A sequence rule's cells form a loop: the first cell is read again at the end.
    #[serde(rename = "loop")]
    pub closed: Field<bool>,
    /// A sequence rule's states, by name, separated by spaces. Default: the states the
    /// transitions name.
    pub states: Field<String>,
    /// A sequence rule's start state.
    pub start: Field<String>,
    /// A sequence rule's accepting states, separated by spaces.
    pub accept: Field<String>,
    /// A sequence rule's moves, each `FROM VALUES TO` (`"low 6-9 high"`); VALUES is a
    /// comma-separated list of values and ranges (`1-3,5`) or `*` for any value.
    pub transitions: Field<Vec<Spanned<String>>>,
    /// A sequence rule's allowed words as a regular expression over the symbols, instead of
    /// `start`, `accept` and `transitions`: `"1?2?3?4?5?6?7?8?9?"`.
    pub regex: Field<String>,
    /// A relation's allowed value tuples, one string each with one value, range (`1-3`) or
    /// `*` per cell: `["1 2", "2 4"]`.
    pub allowed: Field<Vec<Spanned<String>>>,
    // Keys of the outside clues and indexing (`total` and `at` above serve them too).
    /// A skyscraper clue: how many cells are visible from it.
    pub count: Field<i64>,
    /// What an indexing cell's value names: `column` (a column of its row), `row` (a row of
    /// its column) or `box` (a cell of its box). Default: `column` when the cells share a
    /// column, `row` when they share a row.
    pub indexes: Field<String>,
    // Keys of a chaos construction.
    /// Groups of cells in one region (`chaos`), each string a group: `["r1c1 r1c2 r2c2"]`.
    pub same: Field<Vec<Spanned<String>>>,
    /// Groups of cells in pairwise different regions (`chaos`), such as the two cells on
    /// either side of a drawn region border: `["r1c1 r1c2"]`.
    pub different: Field<Vec<Spanned<String>>>,
    /// The sets of a `same-values` or `equal-sum` rule, each string a set of cells:
    /// `["r1c1 r2c3", "r4c5 r6c7"]`.
    pub sets: Field<Vec<Spanned<String>>>,
    /// The arms of a `chaos-arrow` rule whose `cells` is the clue cell alone, each string one
    /// arm's cells from the clue outwards: `["r2c5 r3c5", "r1c4 r1c3"]`.
    pub arms: Field<Vec<Spanned<String>>>,
    /// What a `count-distinct` rule counts: `values` (the default) or `regions`, the regions
    /// of a chaos construction the counted cells lie in.
    pub counts: Field<String>,
    // Keys of the rules composed of rules.
    /// The rules an `any` (at least one holds) or `all` (every one holds) rule combines,
    /// written `[[rule.of]]` after the `[[rule]]` line, each a rule table of its own.
    pub of: Tables<RuleDef>,
}

impl RuleDef {
    /// Every `type`, and whether it takes `cells` (a line rule) or not (a global relation).
    pub const TYPES: [(&'static str, bool); 53] = [
        ("anti-knight", false),
        ("anti-king", false),
        ("nonconsecutive", false),
        ("anti-taxicab", false),
        ("thermo", true),
        ("slow-thermo", true),
        // Marks between neighbours and rules on single cells.
        ("kropki", false),
        ("xv", false),
        ("difference", false),
        ("ratio", false),
        ("disjoint-groups", false),
        ("odd", true),
        ("even", true),
        ("minimum", true),
        ("maximum", true),
        ("quadruple", true),
        // Sum, line and copy rules (a little killer's cells follow from its clue).
        ("little-killer", false),
        ("arrow", true),
        ("double-arrow", true),
        ("renban", true),
        ("whispers", true),
        ("palindrome", true),
        ("between", true),
        ("region-sum", true),
        ("entropic", true),
        ("modular", true),
        ("zipper", true),
        ("clone", true),
        ("sequence", true),
        ("relation", true),
        ("sum-line", true),
        ("rellik", true),
        ("cage", true),
        ("lunchbox", true),
        ("lockout", true),
        ("counting-circles", true),
        ("dutch-flatmates", false),
        ("global-entropy", false),
        ("global-modular", false),
        // Sets of cells, listed in `sets`.
        ("same-values", false),
        ("equal-sum", false),
        // A control cell, then the cells it counts.
        ("count-distinct", true),
        // Outside clues (their cells follow from the clue) and indexing.
        ("sandwich", false),
        ("x-sum", false),
        ("skyscraper", false),
        ("indexing", true),
        ("numbered-room", false),
        ("hidden-skyscraper", false),
        // Chaos construction: the regions are part of the solution.
        ("chaos", false),
        // Clues about its regions: the clue cell first, then the cells it reads.
        ("chaos-arrow", true),
        ("chaos-count", true),
        // Rules composed of rules (their cells are their parts').
        ("any", false),
        ("all", false),
    ];
}

/// Givens or a solution.
#[derive(Debug, Clone, PartialEq)]
pub enum GivensDef {
    /// One string over all cells in row-major order, or over the whole canvas with `#` where
    /// there is no cell. Whitespace is ignored.
    All(String),
    /// One string per grid, in grid order, each size*size characters; shared cells must agree.
    PerGrid(Vec<Spanned<String>>),
}

/// The largest row or column a cell may have. Keeps the canvas lookup table bounded.
pub const MAX_CANVAS: u32 = 1024;
/// The largest magnitude of a symbol value or a cage total.
pub const MAX_VALUE: i64 = 1_000_000_000;

/// One key's value as read.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Field<T> {
    /// The key is not there: the default applies.
    #[default]
    Absent,
    /// The key is there but its value could not be used. It has been reported; later stages
    /// use the default, or skip what cannot do without the value.
    Invalid,
    /// The value and where it is written.
    Valid(Spanned<T>),
}

impl<T> Field<T> {
    /// The value with its place, when it could be read.
    pub fn valid(&self) -> Option<&Spanned<T>> {
        match self {
            Field::Valid(v) => Some(v),
            _ => None,
        }
    }
    /// The value, when it could be read.
    pub fn value(&self) -> Option<&T> {
        self.valid().map(Spanned::get_ref)
    }
    /// Where the value is written, when it could be read.
    pub fn span(&self) -> Option<Range<usize>> {
        self.valid().map(Spanned::span)
    }
    /// Whether the key is there at all, readable or not.
    pub fn is_present(&self) -> bool {
        !matches!(self, Field::Absent)
    }
    /// Whether the key is there but could not be read.
    pub fn is_invalid(&self) -> bool {
        matches!(self, Field::Invalid)
    }
    /// The same field with its value converted.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Field<U> {
        match self {
            Field::Absent => Field::Absent,
            Field::Invalid => Field::Invalid,
            Field::Valid(v) => {
                let span = v.span();
                Field::Valid(Spanned::new(span, f(v.into_inner())))
            }
        }
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Field<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Spanned::<T>::deserialize(d).map(Field::Valid)
    }
}

/// An array of tables (`[[grid]]`), as read.
#[derive(Debug, Clone, PartialEq)]
pub struct Tables<T> {
    /// Whether the file has the key at all.
    pub present: bool,
    /// Whether some of it is not a table (reported and left out of `items`).
    pub malformed: bool,
    /// Each table in file order; [`Field::Invalid`] for one that cannot be used (a shape whose
    /// `sum` or `kind` is wrong, a cage without a readable `sum`), so numbering stays right.
    pub items: Vec<Field<T>>,
}

impl<T> Default for Tables<T> {
    fn default() -> Self {
        Tables {
            present: false,
            malformed: false,
            items: Vec::new(),
        }
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Tables<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let items = Vec::<Field<T>>::deserialize(d)?;
        Ok(Tables {
            present: true,
            malformed: false,
            items,
        })
    }
}

impl<'de> Deserialize<'de> for GivensDef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> de::Visitor<'de> for V {
            type Value = GivensDef;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string, or an array of one string per grid")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<GivensDef, E> {
                Ok(GivensDef::All(s.to_string()))
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<GivensDef, A::Error> {
                let mut list = Vec::new();
                while let Some(s) = seq.next_element::<Spanned<String>>()? {
                    list.push(s);
                }
                Ok(GivensDef::PerGrid(list))
            }
        }
        d.deserialize_any(V)
    }
}

/// The keys of a table type, in declaration order and as written in files (`box`, not
/// `boxes`): the names serde's derive hands to the deserializer. Empty for a type that is not
/// a struct.
pub fn keys<T: DeserializeOwned>() -> &'static [&'static str] {
    match T::deserialize(KeyProbe) {
        Err(Keys(k)) => k,
        Ok(_) => &[],
    }
}

/// A deserializer that stops at the first struct and reports its field names.
struct KeyProbe;

#[derive(Debug)]
struct Keys(&'static [&'static str]);

impl fmt::Display for Keys {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "keys {:?}", self.0)
    }
}
impl std::error::Error for Keys {}
impl de::Error for Keys {
    fn custom<M: fmt::Display>(_: M) -> Self {
        Keys(&[])
    }
}

impl<'de> Deserializer<'de> for KeyProbe {
    type Error = Keys;
    fn deserialize_any<V: de::Visitor<'de>>(self, _: V) -> Result<V::Value, Keys> {
        Err(Keys(&[]))
    }
    fn deserialize_struct<V: de::Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Keys> {
        Err(Keys(fields))
    }
    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier
        ignored_any
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_come_from_the_types_in_file_order() {
        assert_eq!(
            keys::<FileDef>(),
            [
                "name",
                "description",
                "variant",
                "symbols",
                "values",
                "cells",
                "grid",
                "shape",
                "cage",
                "rule",
                "givens",
                "solution",
                "candidates"
            ]
        );
        assert_eq!(
            keys::<GridDef>(),
            [
                "name",
                "at",
                "size",
                "box",
                "diagonals",
                "rows",
                "columns",
                "regions",
                "wrap"
            ]
        );
        assert_eq!(
            keys::<ShapeDef>(),
            ["name", "cells", "sum", "repeats", "kind", "plane", "origin"]
        );
        assert!(keys::<GivensDef>().is_empty());
    }

    #[test]
    fn serde_reads_every_form() {
        let def: FileDef = toml::from_str(
            "givens = [\"1...\", \"..2.\"]\nsolution = \"12\"\n[[grid]]\nsize = 2\nbox = [1, 2]\n[[shape]]\ncells = \"r1c1\"\nkind = \"box\"\n",
        )
        .unwrap();
        let Some(GivensDef::PerGrid(list)) = def.givens.value() else {
            panic!("{def:?}");
        };
        assert_eq!(list[1].get_ref(), "..2.");
        assert_eq!(
            def.grid.items[0].value().unwrap().boxes.value(),
            Some(&[1, 2])
        );
        assert_eq!(
            def.shape.items[0].value().unwrap().kind.value(),
            Some(&KindDef::Box)
        );
        assert!(toml::from_str::<FileDef>("[[grid]]\nsize = 4\nsizes = 4\n").is_err());
    }
}
