//! Candidate grids: a position written as the candidates of every cell, the way HoDoKu, Sudoku
//! Explainer and technique libraries exchange positions. Three forms are read and written:
//!
//! - [`GridForm::Line`]: one character per cell and symbol (729 for a 9x9), the symbol itself
//!   where it is a candidate and `.` (or `0`) where it is not;
//! - [`GridForm::Tokens`]: one whitespace-separated token per cell, its candidates (`1249`);
//! - [`GridForm::Table`]: the tokens in rows, framed with `.---.`, `:---+---:`, `'---'` and
//!   `|` as HoDoKu and Sudoku Explainer print them (any frame of `.-+=:'*|` is read).
//!
//! A cell with one candidate is a placed value, as in those programs; it becomes a given of the
//! [`CandidateGrid::puzzle`]. Errors name the line and column.
//!
//! ```
//! use shapedoku::{builtin, candidates::{self, GridForm}};
//! let g = builtin::geometry("4x4").unwrap();
//! let grid = candidates::parse(g.clone(), "1 2 34 34  34 34 1 2  2 1 34 34  34 34 2 1").unwrap();
//! assert_eq!(grid.puzzle.to_line(), "12....12 21....21".replace(' ', ""));
//! assert_eq!(candidates::write(&g, &grid.candidates, GridForm::Tokens).unwrap().lines().next(),
//!     Some("1  2  34 34"));
//! ```

use crate::{Geometry, Puzzle, ShapeKind, SymbolSet};
use std::fmt;
use std::sync::Arc;

/// A position read from a candidate grid.
#[derive(Debug, Clone)]
pub struct CandidateGrid {
    /// The cells with one candidate, as givens.
    pub puzzle: Puzzle,
    /// Every cell's candidates, in cell order (a placed cell holds its value alone).
    pub candidates: Vec<SymbolSet>,
}

/// The written forms of a candidate grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GridForm {
    /// One character per cell and symbol, on one line.
    Line,
    /// One token of candidates per cell, a row of the grid per line.
    Tokens,
    /// The tokens framed by box borders.
    Table,
    /// A puzzle file's `[candidates]` table, one `r1c3 = "34"` line per cell that is not open
    /// to every symbol: any geometry, read back by loading the file (see `docs/format.md`).
    Toml,
}

/// A candidate grid that could not be read, with where (1-based line and column, counted in
/// characters).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GridError {
    /// Line of the problem.
    pub line: usize,
    /// Column of the problem.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for GridError {}

/// Characters that only frame a table.
const FRAME: &[char] = &['.', '-', '+', '=', ':', '\'', '*', '|'];

/// Whether `text` is meant as a candidate grid for `g` rather than a line of givens: one line of
/// exactly cells × symbols characters, or more whitespace-separated tokens than one, or a frame.
pub fn looks_like(g: &Geometry, text: &str) -> bool {
    let t = text.trim();
    let dense = t.chars().filter(|c| !c.is_whitespace()).count();
    let tokens = t.split_whitespace().count();
    (tokens == 1 && dense == g.cell_count() * g.symbol_count() && g.symbol_count() > 1)
        || (tokens > 1 && tokens == g.cell_count())
        || t.lines().any(is_frame_line)
        || t.contains('|')
}

/// A line holding only frame characters (and at least one dash).
fn is_frame_line(l: &str) -> bool {
    let l = l.trim();
    l.contains('-') && l.chars().all(|c| FRAME.contains(&c) || c.is_whitespace())
}

/// Reads a candidate grid in any of the three forms.
pub fn parse(g: Arc<Geometry>, text: &str) -> Result<CandidateGrid, GridError> {
    let tokens = tokens(text);
    let n = g.symbol_count();
    let sets = if tokens.len() == 1 && tokens[0].2.chars().count() == g.cell_count() * n {
        parse_line(&g, &tokens[0])?
    } else {
        parse_tokens(&g, &tokens, text)?
    };
    let givens = sets.iter().map(|s| s.single_value()).collect();
    let puzzle = Puzzle::new(g, givens).map_err(|e| GridError {
        line: 1,
        column: 1,
        message: e.to_string(),
    })?;
    Ok(CandidateGrid {
        puzzle,
        candidates: sets,
    })
}

/// The tokens of a text with their line and column: runs of characters other than whitespace,
/// `|`, and whole frame lines.
fn tokens(text: &str) -> Vec<(usize, usize, String)> {
    let mut out = Vec::new();
    for (ln, line) in text.lines().enumerate() {
        if is_frame_line(line) {
            continue;
        }
        let mut cur: Option<(usize, String)> = None;
        for (col, ch) in line.chars().enumerate() {
            if ch.is_whitespace() || ch == '|' {
                if let Some((c0, t)) = cur.take() {
                    out.push((ln + 1, c0 + 1, t));
                }
            } else {
                cur.get_or_insert_with(|| (col, String::new())).1.push(ch);
            }
        }
        if let Some((c0, t)) = cur {
            out.push((ln + 1, c0 + 1, t));
        }
    }
    out
}

/// The one-line form: for cell `i`, characters `i × n .. (i + 1) × n`, the `k`th being symbol
/// `k` or a blank.
fn parse_line(
    g: &Geometry,
    (line, col, t): &(usize, usize, String),
) -> Result<Vec<SymbolSet>, GridError> {
    let n = g.symbol_count();
    let chars: Vec<char> = t.chars().collect();
    let mut sets = Vec::with_capacity(g.cell_count());
    for (c, chunk) in chars.chunks(n).enumerate() {
        let mut s = SymbolSet::EMPTY;
        for (k, &ch) in chunk.iter().enumerate() {
            let at = || GridError {
                line: *line,
                column: col + c * n + k,
                message: String::new(),
            };
            match g.symbols().index_of(ch) {
                Some(v) if v as usize == k => s = s.with(v),
                _ if ch == '.' || ch == '0' => {}
                _ => {
                    return Err(GridError {
                        message: format!(
                            "`{ch}` in place {} of {}'s {n}: write `{}` there, or `.` when it is not a candidate",
                            k + 1,
                            g.pos(c),
                            g.symbols().char(k as u8)
                        ),
                        ..at()
                    });
                }
            }
        }
        sets.push(nonempty(g, s, c, *line, col + c * n)?);
    }
    Ok(sets)
}

/// A cell's candidates must not be empty.
fn nonempty(
    g: &Geometry,
    s: SymbolSet,
    c: usize,
    line: usize,
    column: usize,
) -> Result<SymbolSet, GridError> {
    if s.is_empty() {
        return Err(GridError {
            line,
            column,
            message: format!("{} has no candidate", g.pos(c)),
        });
    }
    Ok(s)
}

/// The token forms (bare or framed): one token of candidates per cell.
fn parse_tokens(
    g: &Geometry,
    tokens: &[(usize, usize, String)],
    text: &str,
) -> Result<Vec<SymbolSet>, GridError> {
    let nc = g.cell_count();
    if tokens.len() != nc {
        let (line, column) = match tokens.get(nc) {
            Some(&(l, c, _)) => (l, c),
            None => {
                let last = text.lines().count().max(1);
                (
                    last,
                    text.lines().last().map_or(0, |l| l.chars().count()) + 1,
                )
            }
        };
        return Err(GridError {
            line,
            column,
            message: format!(
                "{} cells written, the grid has {nc} (one token of candidates per cell, such as `1249`)",
                tokens.len()
            ),
        });
    }
    let mut sets = Vec::with_capacity(nc);
    for (c, (line, col, t)) in tokens.iter().enumerate() {
        let mut s = SymbolSet::EMPTY;
        for (k, ch) in t.chars().enumerate() {
            let message = match g.symbols().index_of(ch) {
                Some(v) if !s.contains(v) => {
                    s = s.with(v);
                    continue;
                }
                Some(_) => format!("`{ch}` twice in the candidates of {}", g.pos(c)),
                None => format!(
                    "`{ch}` is not a symbol of this grid (symbols: {}) in the candidates of {}",
                    g.symbols().as_string(),
                    g.pos(c)
                ),
            };
            return Err(GridError {
                line: *line,
                column: col + k,
                message,
            });
        }
        sets.push(nonempty(g, s, c, *line, *col)?);
    }
    Ok(sets)
}

/// Writes candidates (one set per cell, a placed cell holding its value alone) in a form. Fails
/// with a message when the form cannot hold the grid: a wrong number of sets, or a table or
/// token rows for a geometry that is not one rectangular grid.
pub fn write(g: &Geometry, cells: &[SymbolSet], form: GridForm) -> Result<String, String> {
    if cells.len() != g.cell_count() {
        return Err(format!(
            "{} cells given, the grid has {}",
            cells.len(),
            g.cell_count()
        ));
    }
    let syms = g.symbols();
    let token = |s: SymbolSet| s.iter().map(|v| syms.char(v)).collect::<String>();
    if form == GridForm::Toml {
        let mut out = String::from("[candidates]\n");
        for (c, &s) in cells.iter().enumerate() {
            if s != syms.all() {
                out += &format!("{} = {}\n", g.pos(c), crate::load::toml_string(&token(s)));
            }
        }
        return Ok(out);
    }
    if form == GridForm::Line {
        let mut out = String::with_capacity(cells.len() * syms.len() + 1);
        for &s in cells {
            for k in 0..syms.len() as u8 {
                out.push(if s.contains(k) { syms.char(k) } else { '.' });
            }
        }
        return Ok(out + "\n");
    }
    let (rows, cols) = (g.rows() as usize, g.cols() as usize);
    if rows * cols != g.cell_count() {
        return Err("only a rectangular grid is written as rows; use the line or toml form".into());
    }
    let width = cells.iter().map(|&s| s.len() as usize).max().unwrap_or(1);
    let (bh, bw) = box_size(g).unwrap_or((rows, cols));
    let framed = form == GridForm::Table;
    let rule = |l: char, m: char, r: char| {
        let seg = "-".repeat((width + 1) * bw + 1);
        let mut s = String::from(l);
        for b in 0..cols / bw {
            s += &seg;
            s.push(if b + 1 == cols / bw { r } else { m });
        }
        s + "\n"
    };
    let mut out = String::new();
    for r in 0..rows {
        if framed {
            out += &match r {
                0 => rule('.', '.', '.'),
                _ if r % bh == 0 => rule(':', '+', ':'),
                _ => String::new(),
            };
        }
        let mut line = String::new();
        for c in 0..cols {
            let cell = g
                .cell_at(crate::Pos::new(r as u32 + 1, c as u32 + 1))
                .unwrap_or(0);
            if framed && c % bw == 0 {
                line += "| ";
            }
            line += &format!("{:<w$} ", token(cells[cell]), w = width);
        }
        if framed {
            line.push('|');
        }
        out += line.trim_end();
        out.push('\n');
    }
    if framed {
        out += &rule('\'', '\'', '\'');
    }
    Ok(out)
}

/// The height and width of the boxes when every box is the same rectangle tiling the grid.
fn box_size(g: &Geometry) -> Option<(usize, usize)> {
    let first = g.shapes().iter().find(|s| s.kind == ShapeKind::Box)?;
    let ps: Vec<crate::Pos> = first.cells.iter().map(|&c| g.pos(c)).collect();
    let h = ps.iter().map(|p| p.row).max()? - ps.iter().map(|p| p.row).min()? + 1;
    let w = ps.iter().map(|p| p.col).max()? - ps.iter().map(|p| p.col).min()? + 1;
    let (h, w) = (h as usize, w as usize);
    (h * w == first.cells.len() && g.rows() as usize % h == 0 && g.cols() as usize % w == 0)
        .then_some((h, w))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtin;

    const TABLE: &str = "\
.----------------.----------------.----------------.
| 5    3    12   | 26   7    1248 | 1489 1249 248  |
| 6    127  247  | 1    9    5    | 3478 234  2478 |
| 12   9    8    | 23   34   1234 | 1345 6    247  |
:----------------+----------------+----------------:
| 8    125  1259 | 579  6    147  | 4579 2459 3    |
| 4    25   269  | 8    5    3    | 79   259  1    |
| 7    15   1359 | 59   2    149  | 4589 4589 6    |
:----------------+----------------+----------------:
| 139  6    1349 | 3579 35   3789 | 2    8    4579 |
| 23   278  237  | 4    1    9    | 6    37   5    |
| 134  1245 12345| 2356 8    26   | 1    7    9    |
'----------------'----------------'----------------'
";

    #[test]
    fn the_three_forms_read_and_write_alike() {
        let g = builtin::geometry("classic").unwrap();
        let grid = parse(g.clone(), TABLE).unwrap();
        assert_eq!(grid.candidates[2], SymbolSet::EMPTY.with(0).with(1));
        assert_eq!(grid.puzzle.givens()[0], Some(4));
        assert_eq!(grid.puzzle.givens()[2], None);
        for form in [GridForm::Line, GridForm::Tokens, GridForm::Table] {
            let text = write(&g, &grid.candidates, form).unwrap();
            assert!(looks_like(&g, &text), "{form:?}");
            let back = parse(g.clone(), &text).unwrap();
            assert_eq!(back.candidates, grid.candidates, "{form:?}\n{text}");
        }
        let line = write(&g, &grid.candidates, GridForm::Line).unwrap();
        assert_eq!(line.trim().len(), 729);
        assert!(line.starts_with("....5....")); // r1c1 = 5
        assert!(!looks_like(
            &g,
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
        ));
    }

    #[test]
    fn errors_say_where() {
        let g = builtin::geometry("classic").unwrap();
        let bad = TABLE.replace("| 6    127", "| 6    1x7");
        let e = parse(g.clone(), &bad).unwrap_err();
        assert_eq!((e.line, e.column), (3, 9), "{e}");
        assert!(e.message.contains("`x`"), "{e}");
        let short = TABLE.replace("| 4    25   269  |", "| 4    25   |");
        let e = parse(g.clone(), &short).unwrap_err();
        assert!(e.message.contains("80 cells written"), "{e}");
        let twice = TABLE.replace("1248 |", "1228 |");
        assert!(
            parse(g.clone(), &twice)
                .unwrap_err()
                .message
                .contains("twice")
        );
        let mut line = write(
            &g,
            &parse(g.clone(), TABLE).unwrap().candidates,
            GridForm::Line,
        )
        .unwrap();
        line.replace_range(10..11, "7"); // cell 2's second place holds 7
        let e = parse(g.clone(), &line).unwrap_err();
        assert_eq!((e.line, e.column), (1, 11), "{e}");
        let empty = ".".repeat(729);
        assert!(
            parse(g, &empty)
                .unwrap_err()
                .message
                .contains("no candidate")
        );
    }
}
