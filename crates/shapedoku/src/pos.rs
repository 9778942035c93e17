//! Cell positions on the 2-D canvas, written `r3c7` (1-based).
//!
//! ```
//! use shapedoku::Pos;
//! let p: Pos = "r3c7".parse().unwrap();
//! assert_eq!((p.row, p.col), (3, 7));
//! assert_eq!(p.to_string(), "r3c7");
//! // Lists accept single cells and rectangles (`r1-2c1-3` is six cells).
//! assert_eq!(shapedoku::pos::parse_cell_list("r1c1 r1-2c2-3").unwrap().len(), 5);
//! ```

use std::fmt;
use std::str::FromStr;

/// A position on the canvas: row and column, both 1-based.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Pos {
    /// Row, 1-based, top to bottom.
    pub row: u32,
    /// Column, 1-based, left to right.
    pub col: u32,
}

impl Pos {
    /// A position from row and column (1-based).
    pub const fn new(row: u32, col: u32) -> Self {
        Pos { row, col }
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row, self.col)
    }
}

/// Why a cell reference could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{text}` is not a cell reference: {reason} (write cells as r3c7, or a rectangle as r1-3c4-6)"
)]
pub struct PosError {
    /// The offending text.
    pub text: String,
    /// What is wrong with it.
    pub reason: &'static str,
    /// Byte offset of the offending reference inside the list it came from.
    pub offset: usize,
}

fn parse_range(s: &str) -> Option<(u32, u32)> {
    match s.split_once('-') {
        Some((a, b)) => {
            let (a, b) = (a.parse::<u32>().ok()?, b.parse::<u32>().ok()?);
            (a >= 1 && b >= a).then_some((a, b))
        }
        None => {
            let a = s.parse::<u32>().ok()?;
            (a >= 1).then_some((a, a))
        }
    }
}

/// Parses one reference, `r3c7` or a rectangle `r1-3c4-6`, into its positions (row-major).
pub fn parse_cell_ref(text: &str) -> Result<Vec<Pos>, PosError> {
    let err = |reason| PosError {
        text: text.to_string(),
        reason,
        offset: 0,
    };
    let lower = text.to_ascii_lowercase();
    let rest = lower
        .strip_prefix('r')
        .ok_or_else(|| err("it must start with `r`"))?;
    let (r, c) = rest
        .split_once('c')
        .ok_or_else(|| err("it needs a `c` before the column"))?;
    let (r0, r1) = parse_range(r)
        .ok_or_else(|| err("the row must be a number from 1, or a range like 1-3"))?;
    let (c0, c1) = parse_range(c)
        .ok_or_else(|| err("the column must be a number from 1, or a range like 4-6"))?;
    if (r1 - r0 + 1) as u64 * (c1 - c0 + 1) as u64 > 1 << 16 {
        return Err(err("the rectangle is too large"));
    }
    Ok((r0..=r1)
        .flat_map(|r| (c0..=c1).map(move |c| Pos::new(r, c)))
        .collect())
}

/// Parses a whitespace- or comma-separated list of references (see [`parse_cell_ref`]).
/// Errors carry the byte offset of the bad reference within `text`.
pub fn parse_cell_list(text: &str) -> Result<Vec<Pos>, PosError> {
    let mut out = Vec::new();
    let mut start = None;
    let bytes: Vec<(usize, char)> = text.char_indices().chain([(text.len(), ' ')]).collect();
    for &(i, ch) in &bytes {
        let sep = ch.is_whitespace() || ch == ',';
        match (sep, start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                let item = &text[s..i];
                out.extend(parse_cell_ref(item).map_err(|mut e| {
                    e.offset = s;
                    e
                })?);
                start = None;
            }
            _ => {}
        }
    }
    Ok(out)
}

impl FromStr for Pos {
    type Err = PosError;
    fn from_str(s: &str) -> Result<Self, PosError> {
        let v = parse_cell_ref(s.trim())?;
        if v.len() != 1 {
            return Err(PosError {
                text: s.to_string(),
                reason: "expected one cell, not a rectangle",
                offset: 0,
            });
        }
        Ok(v[0])
    }
}
