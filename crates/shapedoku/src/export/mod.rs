//! Exporting a puzzle as a link setters' apps open: f-puzzles (`https://f-puzzles.com/?load=`
//! and the puzzle's JSON, compressed with LZ-string in base64) and SudokuPad, which opens the
//! same payload at `https://sudokupad.app/fpuzzles...`.
//!
//! Every rule is written with its exact meaning in the f-puzzles format, as the format's
//! readers take it (f-puzzles itself, and the logical solver f-puzzles uses), not by the names
//! of its keys: f-puzzles' `nonconsecutive` is the negative constraint of the white dots, for
//! example, so a shapedoku `nonconsecutive` rule is written as it only when the two mean the
//! same on this puzzle. What the format cannot hold (several grids, faces in space, an
//! alphabet other than 1 to N, a `sequence` rule, a rule whose meaning would change) is
//! refused by name: [`ExportError`] lists every refusal at once.
//!
//! Why SudokuPad gets an f-puzzles payload rather than its own `scl` format: `scl` holds
//! drawings, not rules (a thermometer is a grey line and a bulb), so the rules would survive
//! only as pictures and words; the f-puzzles payload holds the rules themselves, SudokuPad
//! draws them on opening it, keeps the solution to check answers with, and the link still
//! reads back exactly. For the rules SudokuPad's f-puzzles reader does not draw (renban,
//! whispers, ... ) the payload also carries the drawings f-puzzles' own editor adds for them
//! (`drawings.rs`). See `docs/import-export.md`.
//!
//! ```
//! use shapedoku::{export, load};
//! let l = load::load_str("p.toml", r#"
//! variant = "4x4"
//! name = "Tiny thermo"
//! givens = "1... .... .... ...."
//! [[rule]]
//! type = "thermo"
//! cells = "r2c1 r2c2"
//! "#, None).unwrap();
//! let meta = export::Meta::from_geometry(&l.geometry);
//! let out = export::export(&l.puzzle, None, &meta, export::Target::FPuzzles).unwrap();
//! assert!(out.link.starts_with("https://f-puzzles.com/?load="));
//! assert!(out.json.contains(r#""thermometer":[{"lines":[["R2C1","R2C2"]]}]"#));
//! // The link reads back as the same puzzle.
//! let back = shapedoku::import::import(&out.link).unwrap();
//! assert!(back.toml.contains("type = \"thermo\""));
//!
//! // A rule the format has no constraint for is refused by name.
//! let l = load::load_str("p.toml", r#"
//! variant = "4x4"
//! [[rule]]
//! type = "sequence"
//! name = "steps"
//! cells = "r1c1 r1c2"
//! regex = "12|34"
//! "#, None).unwrap();
//! let err = export::export(&l.puzzle, None, &meta, export::Target::SudokuPad).unwrap_err();
//! assert_eq!(err.refused[0].what, "`steps`");
//! ```

mod drawings;
mod fpuzzles;
mod layout;
mod marks;
mod payload;
mod rules;
mod rules_text;
mod sudokupad;

#[cfg(test)]
mod tests;

use crate::{Geometry, Puzzle};

/// The app a link is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "lowercase")
)]
pub enum Target {
    /// f-puzzles: `https://f-puzzles.com/?load=PAYLOAD`.
    FPuzzles,
    /// SudokuPad: `https://sudokupad.app/fpuzzlesPAYLOAD`, the same payload.
    SudokuPad,
}

impl Target {
    /// The app's name, as people write it.
    pub fn name(self) -> &'static str {
        match self {
            Target::FPuzzles => "f-puzzles",
            Target::SudokuPad => "SudokuPad",
        }
    }
}

/// What a puzzle is called and what its rules say, for the app to show.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Meta {
    /// The title.
    pub title: Option<String>,
    /// The author.
    pub author: Option<String>,
    /// The rules text; when `None`, one is written from the rules exported.
    pub rules: Option<String>,
}

impl Meta {
    /// The title and author a geometry carries: its name, and its description when that reads
    /// `by NAME` (as `shapedoku import` writes it).
    pub fn from_geometry(g: &Geometry) -> Meta {
        let title = Some(g.name().trim().to_string()).filter(|t| !t.is_empty());
        let author = g
            .description()
            .trim()
            .strip_prefix("by ")
            .map(|a| a.trim().to_string())
            .filter(|a| !a.is_empty());
        Meta {
            title,
            author,
            rules: None,
        }
    }

    /// [`Meta::from_geometry`], with the title, author and rules text of the header comment
    /// `shapedoku import` writes (`# Title: ...`, `# Author: ...`, `# Rules:` and its indented
    /// lines) where the file `text` has one.
    pub fn from_file(text: &str, g: &Geometry) -> Meta {
        let mut meta = Meta::from_geometry(g);
        let header = text.lines().take_while(|l| l.trim_start().starts_with('#'));
        let mut rules: Option<Vec<&str>> = None;
        for line in header {
            let body = line.trim_start().trim_start_matches('#');
            if let Some(lines) = rules.as_mut() {
                match body.strip_prefix("   ") {
                    Some(l) => {
                        lines.push(l.trim_end());
                        continue;
                    }
                    None => {
                        meta.rules = Some(lines.join("\n")).filter(|r| !r.trim().is_empty());
                        rules = None;
                    }
                }
            }
            let body = body.trim();
            if let Some(t) = body.strip_prefix("Title:") {
                meta.title = Some(t.trim().to_string());
            } else if let Some(a) = body.strip_prefix("Author:") {
                meta.author = Some(a.trim().to_string());
            } else if body == "Rules:" {
                rules = Some(Vec::new());
            }
        }
        if let Some(lines) = rules {
            meta.rules = Some(lines.join("\n")).filter(|r| !r.trim().is_empty());
        }
        meta
    }
}

/// A puzzle as a link.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Exported {
    /// The app it is for.
    pub target: Target,
    /// The link.
    pub link: String,
    /// The f-puzzles JSON the link carries.
    pub json: String,
    /// That JSON compressed (LZ-string, base64): what follows `?load=` or `fpuzzles`.
    pub payload: String,
    /// What the reader should know about the link: symbols written as other digits, a
    /// solution left out, a rules text written for the puzzle.
    pub notes: Vec<String>,
}

/// One thing the target cannot hold.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Refused {
    /// What is refused: a rule or shape by its name in backquotes (`` `thermo 2` ``), or a part
    /// of the puzzle (`the grid`, `the symbols`).
    pub what: String,
    /// Why the target cannot hold it.
    pub why: String,
}

impl Refused {
    fn new(what: impl Into<String>, why: impl Into<String>) -> Refused {
        Refused {
            what: what.into(),
            why: why.into(),
        }
    }
}

/// Why a puzzle cannot be exported: every part the target cannot hold.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ExportError {
    /// The app the link was for.
    pub target: Target,
    /// What it cannot hold, in the order of the puzzle.
    pub refused: Vec<Refused>,
}

impl std::fmt::Display for ExportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} cannot hold this puzzle:", self.target.name())?;
        for r in &self.refused {
            write!(f, "\n  - {}: {}", r.what, r.why)?;
        }
        Ok(())
    }
}

impl std::error::Error for ExportError {}

/// The puzzle (its geometry, rules and givens) as a link for `target`, with `solution` (a
/// symbol index per cell, as [`crate::load::Loaded::solution`] holds it) when known, so that
/// SudokuPad checks answers.
pub fn export(
    puzzle: &Puzzle,
    solution: Option<&[u8]>,
    meta: &Meta,
    target: Target,
) -> Result<Exported, ExportError> {
    let built = fpuzzles::payload(puzzle, solution, meta, target)
        .map_err(|refused| ExportError { target, refused })?;
    let json = built.json.to_string();
    let payload = lz_str::compress_to_base64(json.as_str());
    let link = match target {
        Target::FPuzzles => format!("https://f-puzzles.com/?load={payload}"),
        Target::SudokuPad => sudokupad::link(&payload),
    };
    Ok(Exported {
        target,
        link,
        json,
        payload,
        notes: built.notes,
    })
}

/// Whether puzzles of geometry `g` can be exported for `target` at all (its grid, symbols,
/// shapes and rules), before any givens: `generate` asks this once before making puzzles.
pub fn check(g: &std::sync::Arc<Geometry>, target: Target) -> Result<(), ExportError> {
    let blank = Puzzle::empty(g.clone());
    export(&blank, None, &Meta::default(), target).map(|_| ())
}
