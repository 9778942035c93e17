//! Importing puzzles from f-puzzles and SudokuPad: a link, its payload or the decoded JSON in,
//! a commented puzzle file out, checked by loading it back.
//!
//! - **f-puzzles**: `https://www.f-puzzles.com/?load=N4Ig...`, the payload after `load=`
//!   (LZ-string in base64), or the JSON it decodes to. Also inside SudokuPad links as
//!   `fpuzzles...` or `fpuz...`.
//! - **SudokuPad**: `https://sudokupad.app/scl...` (or `ctc...`), or the payload: SudokuPad's
//!   own puzzle JSON, zipped and compressed the same way. Short puzzle ids name a puzzle
//!   stored on SudokuPad's server; nothing here reads the network, so they are refused with
//!   a hint.
//!
//! Each f-puzzles key is mapped by one entry of a table, and a key without an entry is an
//! error that names it: a constraint the engine does not know is never dropped. Elements that
//! are only drawn (lines, circles, text, coloured cells, cages without a rule) and that no
//! drawing convention reads with the rules text are listed in
//! [`Imported::left_out`] and in the file's header comment. A stated solution is loaded with
//! the puzzle and must meet every rule read, so a misreading is refused rather than solved.
//! See `docs/import-export.md` for what each format maps to.
//!
//! ```
//! use shapedoku::import;
//! let json = r#"{"size": 4, "title": "Tiny", "grid": [
//!   [{"value": 1, "given": true}, {}, {}, {}], [{}, {}, {}, {}],
//!   [{}, {}, {}, {}], [{}, {}, {}, {"value": 4, "given": true}]],
//!   "antiking": true}"#;
//! let imported = import::import(json).unwrap();
//! assert!(imported.toml.contains("type = \"anti-king\""));
//! assert_eq!(imported.loaded.puzzle.given_count(), 2);
//! let err = import::import(r#"{"size": 4, "grid": [[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]], "zipper": []}"#).unwrap_err();
//! assert_eq!(err.key.as_deref(), Some("zipper"));
//! ```

mod draft;
mod fpuzzles;
mod lz;
mod meta;
mod sudokupad;
mod zipped;

#[cfg(test)]
mod decode_tests;
#[cfg(test)]
mod rule_tests;
#[cfg(test)]
mod tests;

use crate::load::{self, BuiltinsOnly, Loaded};
use serde_json::Value;

/// The most characters a payload may decompress to: far beyond any real puzzle.
const MAX_TEXT: usize = 8 << 20;

/// Where an imported puzzle came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "lowercase")
)]
pub enum Format {
    /// f-puzzles JSON (from an f-puzzles link, or an `fpuz` SudokuPad link).
    FPuzzles,
    /// SudokuPad's own puzzle JSON (an `scl` link).
    SudokuPad,
}

impl Format {
    /// The format's name, as people write it.
    pub fn name(self) -> &'static str {
        match self {
            Format::FPuzzles => "f-puzzles",
            Format::SudokuPad => "SudokuPad",
        }
    }
}

/// An imported puzzle.
#[derive(Debug, Clone)]
pub struct Imported {
    /// The format read.
    pub format: Format,
    /// The puzzle file, with the title, author, rules text and what was left out in its
    /// header comment.
    pub toml: String,
    /// The file loaded back.
    pub loaded: Loaded,
    /// Elements not imported because they are only drawn (their meaning lives in the rules
    /// text), one line each naming the element and its cells.
    pub left_out: Vec<String>,
    /// Drawn elements read as rules (a SudokuPad line from a bulb read as a thermometer),
    /// one line each, to check against the rules text.
    pub readings: Vec<String>,
}

/// Why a puzzle could not be imported.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ImportError {
    /// What went wrong, naming the element and its cells when there is one.
    pub message: String,
    /// The key of the element refused (`killercage`, `renban`), if the error is about one.
    pub key: Option<String>,
}

impl ImportError {
    fn new(message: impl Into<String>) -> ImportError {
        ImportError {
            message: message.into(),
            key: None,
        }
    }
    fn key(key: &str, message: impl Into<String>) -> ImportError {
        ImportError {
            message: message.into(),
            key: Some(key.to_string()),
        }
    }
}

/// Imports a puzzle from a link, a payload or JSON (see the module documentation).
pub fn import(input: &str) -> Result<Imported, ImportError> {
    let (format, json) = decode(input)?;
    let draft = match format {
        Format::FPuzzles => fpuzzles::import(&json)?,
        Format::SudokuPad => sudokupad::import(&json)?,
    };
    let toml = draft.to_toml(format.name()).map_err(ImportError::new)?;
    let loaded = load::load_with("imported.toml", &toml, None, &BuiltinsOnly).map_err(|e| {
        // Every problem, each with the element it was read from: a stated solution that
        // breaks what was read names each rule it breaks, which is how a misreading shows.
        let all: Vec<String> = (e.diagnostics.iter())
            .map(|d| {
                let table = d
                    .line_col()
                    .and_then(|(line, _)| {
                        toml.lines()
                            .take(line)
                            .filter(|l| l.starts_with("[["))
                            .last()
                            .and_then(|l| l.split_once('#'))
                            .map(|(_, origin)| format!(" (in {})", origin.trim()))
                    })
                    .unwrap_or_default();
                format!("{}{table}", d.message)
            })
            .collect();
        // A stated solution that breaks what was read points at the reading (or at the
        // setter's solution), not at a file the user wrote: it is reported against the
        // `solution` key so callers can tell it from a puzzle that cannot be built.
        if (e.diagnostics.iter()).all(|d| d.message.starts_with("the solution is wrong")) {
            return ImportError::key(
                "solution",
                format!(
                    "the setter's solution breaks what was read, so the drawing or the rules text means something else here: {}",
                    all.join("; ")
                ),
            );
        }
        ImportError::new(format!(
            "the imported puzzle is not valid: {}",
            all.join("; ")
        ))
    })?;
    Ok(Imported {
        format,
        toml,
        loaded,
        left_out: draft.left_out,
        readings: draft.readings,
    })
}

/// Whether `s` looks like something [`import`] reads (a link to f-puzzles or SudokuPad, a
/// prefixed payload, or JSON) rather than a file name. A bare f-puzzles payload without a
/// prefix is not recognised here; [`import`] still reads it.
pub fn looks_importable(s: &str) -> bool {
    let s = s.trim();
    let lower = s.to_ascii_lowercase();
    s.starts_with('{')
        || lower.contains("f-puzzles.com")
        || lower.contains("sudokupad")
        || lower.contains("crackingthecryptic.com")
        || ["scl", "ctc", "fpuz"]
            .iter()
            .any(|p| s.starts_with(p) && s.len() > 40)
}

/// `%2B` → `+`, and so on; invalid escapes are kept as written.
fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = b
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok());
        match (b[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(x)) => {
                out.push(x);
                i += 3;
            }
            (x, _) => {
                out.push(x);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The puzzle id or payload in a link: after `load=` or `puzzleid=`, else the link's path.
fn payload_of(s: &str) -> String {
    for key in ["load=", "puzzleid="] {
        if let Some((_, rest)) = s.split_once(key) {
            let end = rest.find(['&', '#']).unwrap_or(rest.len());
            return percent_decode(&rest[..end]);
        }
    }
    let Some((_, rest)) = s.split_once("://") else {
        // A payload copied out of a link may still be percent-encoded (`%2B` for `+`).
        return percent_decode(s);
    };
    let path = rest.split_once('/').map_or("", |p| p.1);
    let path = path.split(['?', '#']).next().unwrap_or("");
    let path = path.strip_prefix("sudoku/").unwrap_or(path);
    percent_decode(path)
}

fn decode(input: &str) -> Result<(Format, Value), ImportError> {
    let s = input.trim();
    if s.starts_with('{') {
        // Plain JSON first, then the zipped form, once the items are counted.
        let v: Value = zipped::parse(s)
            .map_err(|e| ImportError::new(format!("the JSON cannot be read: {e}")))?;
        return classify(v);
    }
    let id = payload_of(s);
    let id = id.trim();
    let (prefix, body) = ["fpuzzles", "fpuz", "scl", "ctc"]
        .iter()
        .find_map(|p| id.strip_prefix(p).map(|b| (*p, b)))
        .unwrap_or(("", id));
    let text = match lz::decompress_base64(body, MAX_TEXT) {
        Err(lz::Undecodable::TooLarge) => {
            return Err(ImportError::new(format!(
                "the payload decompresses to more than {MAX_TEXT} characters, far more than any puzzle needs"
            )));
        }
        t => t.ok(),
    };
    match (prefix, text) {
        ("scl" | "ctc", t) => {
            // A payload may also be zipped JSON that was never compressed.
            let t = t
                .filter(|t| t.starts_with('{'))
                .unwrap_or_else(|| body.to_string());
            let v = zipped::parse(&t).map_err(|e| {
                ImportError::new(format!("the SudokuPad payload cannot be read: {e}"))
            })?;
            Ok((Format::SudokuPad, v))
        }
        (_, Some(t)) if t.trim_start().starts_with('{') => {
            let v = zipped::check_items(&t)
                .and_then(|()| serde_json::from_str(&t).map_err(|e| e.to_string()))
                .map_err(|e| {
                    ImportError::new(format!(
                        "the payload decodes to JSON that cannot be read: {e}"
                    ))
                })?;
            if prefix.is_empty() {
                classify(v)
            } else {
                Ok((Format::FPuzzles, v))
            }
        }
        _ if id.len() < 40
            && !id.is_empty()
            && id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') =>
        {
            Err(ImportError::new(format!(
                "`{id}` looks like a short puzzle id, which names a puzzle stored online; shapedoku does not read the network: open the puzzle and copy its long link (with `scl`, `fpuz` or `load=`) instead"
            )))
        }
        _ => Err(ImportError::new(
            "this is not an f-puzzles or SudokuPad link, payload or JSON that can be read",
        )),
    }
}

/// f-puzzles JSON has `grid`; SudokuPad's has `cells`.
fn classify(v: Value) -> Result<(Format, Value), ImportError> {
    if v.get("grid").is_some() {
        Ok((Format::FPuzzles, v))
    } else if v.get("cells").is_some() {
        Ok((Format::SudokuPad, v))
    } else {
        Err(ImportError::new(
            "the JSON is neither an f-puzzles puzzle (it has no `grid`) nor a SudokuPad puzzle (no `cells`)",
        ))
    }
}
