//! The TOML file format as data: what serde reads before anything is checked or compiled.
//! Every key is documented in `docs/format.md`; unknown keys are errors.
//!
//! ```
//! use shapedoku::definition::FileDef;
//! let def: FileDef = toml::from_str("variant = \"classic\"\n[[cage]]\nsum = 3\ncells = \"r1c1 r1c2\"").unwrap();
//! assert_eq!(def.cage.len(), 1);
//! ```

use serde::Deserialize;
use toml::Spanned;

/// Keys a file may have at the top level (before the first `[[...]]` header).
pub const FILE_KEYS: &[&str] = &[
    "name",
    "description",
    "variant",
    "symbols",
    "values",
    "cells",
    "grid",
    "shape",
    "cage",
    "givens",
    "solution",
];
/// Keys of a `[[grid]]` table.
pub const GRID_KEYS: &[&str] = &[
    "name",
    "at",
    "size",
    "box",
    "diagonals",
    "rows",
    "columns",
    "regions",
];
/// Keys of a `[[shape]]` table.
pub const SHAPE_KEYS: &[&str] = &["name", "cells", "sum", "repeats", "kind"];
/// Keys of a `[[cage]]` table.
pub const CAGE_KEYS: &[&str] = &["sum", "cells", "name", "repeats"];

/// One variant or puzzle file. A variant file describes a geometry; a puzzle file names a
/// `variant` and adds givens and puzzle-specific shapes. Both use the same keys: a puzzle file
/// may also add grids or shapes to its variant.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileDef {
    /// Name of the variant or puzzle. Default: the base variant's name, or the file stem.
    pub name: Option<Spanned<String>>,
    /// One-line description. Default: empty.
    pub description: Option<String>,
    /// Base variant: a built-in name (`classic`) or a path relative to this file. Default: none.
    pub variant: Option<Spanned<String>>,
    /// The alphabet in value order, one character per symbol, 1 to 64. Required unless a base
    /// variant gives it.
    pub symbols: Option<Spanned<String>>,
    /// Explicit symbol values for sum rules, one per symbol. Default: 1..=N.
    pub values: Option<Spanned<Vec<i64>>>,
    /// Extra cells outside any grid (`r1c1 r2-3c4-6`), for layouts built from shapes alone.
    pub cells: Option<Spanned<String>>,
    /// Square grids placed on the canvas, each with its standard shapes.
    #[serde(default)]
    pub grid: Vec<Spanned<GridDef>>,
    /// Extra shapes by explicit cells.
    #[serde(default)]
    pub shape: Vec<Spanned<ShapeDef>>,
    /// Killer cages: sum shapes, no repeats unless `repeats = true`.
    #[serde(default)]
    pub cage: Vec<Spanned<CageDef>>,
    /// Givens: one string in cell order (or a canvas picture), or one string per grid.
    pub givens: Option<Spanned<GivensDef>>,
    /// The known solution, same forms as `givens`, no blanks. Checked when present.
    pub solution: Option<Spanned<GivensDef>>,
}

/// Givens or a solution.
#[derive(Debug, Deserialize, Clone)]
#[serde(untagged)]
pub enum GivensDef {
    /// One string over all cells in row-major order, or over the whole canvas with `#` where
    /// there is no cell. Whitespace is ignored.
    All(String),
    /// One string per grid, in grid order, each size*size characters; shared cells must agree.
    PerGrid(Vec<String>),
}

fn yes() -> bool {
    true
}
fn origin() -> [u32; 2] {
    [1, 1]
}

/// A `[[grid]]` table.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GridDef {
    /// Name used in explanations (`row 4 of the top-left grid`). Default: `grid K`.
    pub name: Option<String>,
    /// Top-left cell as `[row, col]`, 1-based. Default `[1, 1]`.
    #[serde(default = "origin")]
    pub at: [u32; 2],
    /// Side length: `size` x `size` cells. Required, 1 to 1024.
    pub size: u32,
    /// Box height and width, `[3, 3]` or `[2, 3]`. Default: no boxes.
    #[serde(rename = "box")]
    pub boxes: Option<[u32; 2]>,
    /// Both main diagonals are no-repeat shapes. Default false.
    #[serde(default)]
    pub diagonals: bool,
    /// One no-repeat shape per row. Default true.
    #[serde(default = "yes")]
    pub rows: bool,
    /// One no-repeat shape per column. Default true.
    #[serde(default = "yes")]
    pub columns: bool,
    /// Region map: one character per cell, row by row (whitespace ignored); each character is
    /// one no-repeat region, `.` is none. Default: no regions.
    pub regions: Option<Spanned<String>>,
}

/// A `[[shape]]` table.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShapeDef {
    /// Name used in explanations. Default: `shape K`.
    pub name: Option<String>,
    /// Cells: `r1c1 r1c2` or rectangles `r2-4c2-4`.
    pub cells: Spanned<String>,
    /// Makes this a sum shape with this total. Default: a no-repeat shape.
    pub sum: Option<i64>,
    /// With `sum`: allow repeated symbols. Default false.
    #[serde(default)]
    pub repeats: bool,
    /// What the shape is, for drawing and naming: `"box"` (thick borders, like a grid's boxes),
    /// `"region"` (a jigsaw-style piece: shaded, thick borders) or `"extra"` (shaded, like a
    /// window). Default `"extra"`, or a cage for a shape with `sum`. The rule is the same.
    pub kind: Option<String>,
}

/// A `[[cage]]` table (Killer).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CageDef {
    /// The total of the cage's values.
    pub sum: i64,
    /// Cells: `r1c1 r1c2 r2c1`.
    pub cells: Spanned<String>,
    /// Name used in explanations. Default: `cage SUM at FIRST-CELL`.
    pub name: Option<String>,
    /// Allow repeated symbols. Default false.
    #[serde(default)]
    pub repeats: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The key lists drive the loader's unknown-key check; serde's structs drive this doc's
    /// types. A file using every listed key must deserialize, so the two cannot drift apart.
    #[test]
    fn key_lists_match_the_serde_structs() {
        let mut text = String::new();
        let sample = |k: &str| match k {
            "at" | "box" => "[1, 1]",
            "values" => "[1, 2]",
            "size" | "sum" => "2",
            "diagonals" | "rows" | "columns" | "repeats" => "false",
            "grid" | "shape" | "cage" => "",
            _ => "\"r1c1\"",
        };
        for k in FILE_KEYS
            .iter()
            .filter(|k| !["grid", "shape", "cage"].contains(k))
        {
            text.push_str(&format!("{k} = {}\n", sample(k)));
        }
        for (table, keys) in [
            ("grid", GRID_KEYS),
            ("shape", SHAPE_KEYS),
            ("cage", CAGE_KEYS),
        ] {
            text.push_str(&format!("[[{table}]]\n"));
            for k in keys {
                text.push_str(&format!("{k} = {}\n", sample(k)));
            }
        }
        let def: FileDef = toml::from_str(&text).unwrap();
        assert_eq!((def.grid.len(), def.shape.len(), def.cage.len()), (1, 1, 1));
        // And a key not in the lists is refused by serde too.
        assert!(toml::from_str::<FileDef>("[[grid]]\nsize = 4\nsizes = 4\n").is_err());
    }
}
