//! Reading what a command works on: a TOML puzzle file, or lines of puzzles for a variant.
//! Every read is bounded (`--max-input`, and a cap per puzzle line), so no input, however
//! large or endless, makes a command hold more than the caps.

use crate::args::InputArgs;
use crate::report::render_load_error;
use crate::{Failure, Io};
use shapedoku::candidates::{self, CandidateGrid};
use shapedoku::limits::{self, LineError};
use shapedoku::load::{Loaded, Loader};
use shapedoku::reason::Board;
use shapedoku::{Geometry, Limits, Puzzle, SymbolSet};
use std::io::{BufRead, BufReader, Cursor, Read};
use std::path::Path;
use std::sync::Arc;

/// What was read.
#[derive(Debug)]
pub enum Input {
    /// One TOML puzzle (or variant) file.
    File {
        /// Name to show (the path, or `-`).
        name: String,
        /// The loaded file.
        loaded: Box<Loaded>,
    },
    /// Puzzle lines for one variant, with their 1-based line numbers.
    Lines {
        /// The variant's geometry.
        geometry: Arc<Geometry>,
        /// (line number, text) of each non-blank, non-comment line; a line that could not be
        /// read (too long, not UTF-8) is an error in its place.
        lines: Vec<(usize, Result<String, LineError>)>,
        /// How to name the input in labels when several inputs are read (`None` for one).
        name: Option<String>,
    },
}

/// A position to work on: a puzzle, and the candidates of its cells when it was written as a
/// candidate grid (they stand for eliminations already made).
#[derive(Debug, Clone)]
pub struct Position {
    /// The puzzle (a candidate grid's cells with one candidate are its givens).
    pub puzzle: Puzzle,
    /// Every cell's candidates, for a candidate grid.
    pub candidates: Option<Vec<SymbolSet>>,
}

impl std::ops::Deref for Position {
    type Target = Puzzle;
    fn deref(&self) -> &Puzzle {
        &self.puzzle
    }
}

impl Position {
    /// The reasoner's board: the candidate grid's, or the puzzle's (reusing a template's
    /// per-geometry tables when it fits).
    pub fn board(&self, template: Option<&Board>) -> Board {
        if let Some(cands) = &self.candidates {
            return Board::from_candidates(&CandidateGrid {
                puzzle: self.puzzle.clone(),
                candidates: cands.clone(),
            });
        }
        match template {
            Some(t) if Arc::ptr_eq(t.geometry(), self.puzzle.geometry()) => {
                t.with_puzzle(&self.puzzle)
            }
            _ => Board::new(&self.puzzle),
        }
    }

    /// The first cell whose written candidates rule out `solution`'s value, as a message.
    pub fn rules_out(&self, solution: &[u8]) -> Option<String> {
        let cands = self.candidates.as_ref()?;
        let g = self.puzzle.geometry();
        let c = (0..cands.len()).find(|&c| !cands[c].contains(solution[c]))?;
        Some(format!(
            "the candidates of {} rule out {}, its value in the solution",
            g.pos(c),
            g.symbols().char(solution[c])
        ))
    }
}

impl Input {
    /// Every puzzle as (label, position or error message), in input order. Puzzle lines may be
    /// candidate grids (the 729-character or 81-token form, one per line); a file whose lines
    /// are rows of a grid (framed, or tokens of candidates) is one candidate grid.
    pub fn puzzles(&self) -> Vec<(String, Result<Position, String>)> {
        match self {
            Input::File { name, loaded } => vec![(
                name.clone(),
                Ok(Position {
                    puzzle: loaded.puzzle.clone(),
                    candidates: None,
                }),
            )],
            Input::Lines {
                geometry,
                lines,
                name,
            } => {
                let label = |n: usize| match name {
                    Some(f) => format!("{f} line {n}"),
                    None => format!("line {n}"),
                };
                // A grid's error names its own line and column.
                let grid_error = |e: candidates::GridError| match name {
                    Some(f) => format!("{f} {e}"),
                    None => e.to_string(),
                };
                if let Some(text) = grid_rows(geometry, lines) {
                    let (first, last) = (lines[0].0, lines[lines.len() - 1].0);
                    let label = match name {
                        Some(f) => format!("{f} lines {first}-{last}"),
                        None => format!("lines {first}-{last}"),
                    };
                    let pos = read_grid(geometry, &text, 0).map_err(grid_error);
                    return vec![(label, pos)];
                }
                lines
                    .iter()
                    .map(|(n, l)| {
                        let pos = match l {
                            Ok(l) if candidates::looks_like(geometry, l) => {
                                read_grid(geometry, l, n - 1).map_err(grid_error)
                            }
                            Ok(l) => {
                                read_line(geometry, l).map_err(|e| format!("{}: {e}", label(*n)))
                            }
                            Err(e) => Err(format!("{}: {e}", label(*n))),
                        };
                        (label(*n), pos)
                    })
                    .collect()
            }
        }
    }
}

/// A puzzle line of givens.
fn read_line(geometry: &Arc<Geometry>, l: &str) -> Result<Position, String> {
    let p = Puzzle::from_line(geometry.clone(), l).map_err(|e| e.to_string())?;
    // Clashing givens are an error in a TOML file; the same givens as a line get the same
    // answer.
    p.check_clashes().map_err(|clash| clash.to_string())?;
    Ok(Position {
        puzzle: p,
        candidates: None,
    })
}

/// A candidate grid whose first line is line `offset + 1` of the input.
fn read_grid(
    geometry: &Arc<Geometry>,
    text: &str,
    offset: usize,
) -> Result<Position, candidates::GridError> {
    let grid = candidates::parse(geometry.clone(), text).map_err(|mut e| {
        e.line += offset;
        e
    })?;
    let at = |message: String| candidates::GridError {
        line: offset + 1,
        column: 1,
        message,
    };
    grid.puzzle
        .check_clashes()
        .map_err(|clash| at(clash.to_string()))?;
    Ok(Position {
        puzzle: grid.puzzle,
        candidates: Some(grid.candidates),
    })
}

/// When the lines are the rows of one candidate grid (a frame or `|` on some line, or a line of
/// as many candidate tokens as the grid has columns, not all of them full rows of givens), the
/// text, with blank lines where comments were so that line numbers hold.
fn grid_rows(g: &Geometry, lines: &[(usize, Result<String, LineError>)]) -> Option<String> {
    let is_symbols = |t: &str| t.chars().all(|ch| g.symbols().index_of(ch).is_some());
    let row_like = |l: &str| {
        let toks: Vec<&str> = l.split_whitespace().collect();
        l.contains('|')
            || (l.contains('-') && l.chars().all(|c| ".-+=:'*| ".contains(c)))
            || (toks.len() == g.cols() as usize
                && toks.len() < g.cell_count()
                && toks.iter().all(|t| is_symbols(t))
                && toks.iter().any(|t| t.chars().count() != toks.len()))
    };
    if !lines
        .iter()
        .any(|(_, l)| l.as_ref().is_ok_and(|l| row_like(l)))
    {
        return None;
    }
    let mut text = String::new();
    let mut at = 1;
    for (n, l) in lines {
        while at < *n {
            text.push('\n');
            at += 1;
        }
        text += l.as_deref().unwrap_or("");
        text.push('\n');
        at += 1;
    }
    Some(text)
}

/// Whether text looks like TOML (a `key = value` line or a `[table]`) rather than puzzle lines.
fn looks_like_toml(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .any(|l| {
            l.starts_with('[')
                || l.split_once('=').is_some_and(|(k, _)| {
                    let k = k.trim();
                    !k.is_empty()
                        && k.chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '"')
                })
        })
}

/// The help for an input over `--max-input`.
const RAISE: &str = "raise the cap with --max-input (for example --max-input 256M; 0 for none)";

/// An I/O error for people, with how to raise the cap when it is the cause.
pub fn read_error(what: &str, e: &std::io::Error) -> Failure {
    if limits::is_too_large(e) {
        Failure(format!("error: cannot read {what}: {e}\n  help: {RAISE}\n"))
    } else {
        Failure(format!("error: cannot read {what}: {e}\n"))
    }
}

/// Loads a variant given by `--variant` (built-in name or path), as a failure fit for people.
pub fn load_variant(name: &str, limits: &Limits) -> Result<Loaded, Failure> {
    Loader::new()
        .limits(*limits)
        .load_variant(name)
        .map_err(|e| Failure(render_load_error(&e)))
}

/// Reads the input of a command: its one file (`-` or none for standard input).
pub fn read(args: &InputArgs, io: &mut Io<'_>) -> anyhow::Result<Input> {
    let limits = io.limits;
    let (name, text, dir) = match args.files.first() {
        None => ("-".to_string(), read_stdin(io)?, None),
        Some(p) if p == Path::new("-") => ("-".to_string(), read_stdin(io)?, None),
        Some(p) => {
            let name = p.display().to_string();
            let file =
                limits::open(p, limits.max_input_bytes).map_err(|e| read_error(&name, &e))?;
            let kind = match p.extension().and_then(|e| e.to_str()) {
                Some("toml") => Some(true),
                Some("txt") => Some(false),
                _ => None,
            };
            let text = read_source(file, kind, &limits).map_err(|e| read_error(&name, &e))?;
            (name, text, p.parent().map(Path::to_path_buf))
        }
    };
    let lines = match text {
        Text::Lines(lines) => lines,
        Text::Toml(text) => {
            if args.variant.is_some() {
                return Err(Failure(format!(
                    "error: {name} is a TOML puzzle file, which names its own variant; drop --variant\n"
                ))
                .into());
            }
            let loaded = Loader::new()
                .limits(limits)
                .load_str(&name, &text, dir.as_deref())
                .map_err(crate::LoadFailure::from)?;
            return Ok(Input::File {
                name,
                loaded: Box::new(loaded),
            });
        }
    };
    let variant = args.variant.as_deref().unwrap_or("classic");
    let geometry = load_variant(variant, &limits)?.geometry;
    Ok(Input::Lines {
        geometry,
        lines,
        name: args.several.then_some(name),
    })
}

/// An input as read: a TOML file's text, or puzzle lines.
enum Text {
    Toml(String),
    Lines(Vec<(usize, Result<String, LineError>)>),
}

/// How much of an input is looked at to tell a TOML file from puzzle lines.
const PEEK: u64 = 64 << 10;

/// Reads an input up to the input cap: as TOML when `toml` says so or, when it is `None`, when
/// its first [`PEEK`] bytes look like TOML; as puzzle lines otherwise, line by line, so that no
/// line longer than the line cap is held, whatever the input cap.
fn read_source(r: impl Read, toml: Option<bool>, limits: &Limits) -> std::io::Result<Text> {
    let cap = limits.max_input_bytes;
    let mut r = BufReader::new(r.take(cap.saturating_add(1)));
    let mut head = Vec::new();
    if toml.is_none() {
        (&mut r).take(PEEK).read_to_end(&mut head)?;
    }
    let is_toml = toml.unwrap_or_else(|| looks_like_toml(&String::from_utf8_lossy(&head)));
    if is_toml {
        // The peek may already hold the byte past the cap.
        if head.len() as u64 > cap {
            return Err(limits::too_large(cap));
        }
        let rest =
            limits::read_text(&mut r, cap.saturating_sub(head.len() as u64)).map_err(|e| {
                if limits::is_too_large(&e) {
                    limits::too_large(cap)
                } else {
                    e
                }
            })?;
        let head = String::from_utf8(head).map_err(|_| limits::not_utf8())?;
        return Ok(Text::Toml(head + &rest));
    }
    let lines = puzzle_lines(Cursor::new(head).chain(&mut r), limits.max_line_bytes)?;
    // The reader stops one byte past the cap: all of it read means the input is larger.
    if r.get_ref().limit() == 0 {
        return Err(limits::too_large(cap));
    }
    Ok(Text::Lines(lines))
}

/// The puzzle lines of a batch: blank lines and `#` comments left out, each line at most
/// `max_line` bytes (a longer one is an error in its place, never held whole). Works on any
/// reader, so a batch can be streamed.
pub fn puzzle_lines(
    reader: impl BufRead,
    max_line: u64,
) -> std::io::Result<Vec<(usize, Result<String, LineError>)>> {
    let mut out = Vec::new();
    for line in limits::lines(reader, max_line) {
        let (n, l) = line?;
        match l {
            Ok(l) => {
                let t = l.trim();
                if !t.is_empty() && !t.starts_with('#') {
                    out.push((n, Ok(t.to_string())));
                }
            }
            Err(e) => out.push((n, Err(e))),
        }
    }
    Ok(out)
}

fn read_stdin(io: &mut Io<'_>) -> anyhow::Result<Text> {
    if io.stdin_is_terminal {
        // Without this a command given no file seems to hang.
        writeln!(
            io.stderr,
            "reading a puzzle file or puzzle lines from standard input; end with Ctrl-D (or give a FILE; see --help)"
        )?;
        io.stderr.flush()?;
    }
    let limits = io.limits;
    read_source(&mut *io.stdin, None, &limits).map_err(|e| read_error("standard input", &e).into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(t: Text) -> Vec<(usize, Result<String, LineError>)> {
        match t {
            Text::Lines(l) => l,
            Text::Toml(_) => panic!("read as TOML"),
        }
    }

    #[test]
    fn a_line_without_end_is_never_held_whatever_the_input_cap() {
        // 256 MiB without a line break, then a puzzle line, with no input cap at all.
        let endless = std::io::repeat(b'1').take(256 << 20);
        let input = endless.chain("\n1234341221434321\n".as_bytes());
        let caps = Limits {
            max_line_bytes: 1 << 20,
            ..Limits::NONE
        };
        let t = std::time::Instant::now();
        let got = lines(read_source(input, None, &caps).unwrap());
        assert!(t.elapsed() < std::time::Duration::from_secs(10));
        assert_eq!(
            got,
            [
                (1, Err(LineError::TooLong { limit: 1 << 20 })),
                (2, Ok("1234341221434321".to_string()))
            ]
        );
    }

    #[test]
    fn the_input_cap_holds_for_lines_and_toml_alike() {
        let caps = Limits {
            max_input_bytes: 100,
            ..Limits::DEFAULT
        };
        let text = "1234341221434321\n".repeat(5);
        assert_eq!(
            lines(read_source(text.as_bytes(), None, &caps).unwrap()).len(),
            5
        );
        let e = read_source(text.repeat(2).as_bytes(), None, &caps)
            .err()
            .unwrap();
        assert!(limits::is_too_large(&e), "{e}");
        let toml = format!("variant = \"4x4\"\n#{}\n", "x".repeat(100));
        let e = read_source(toml.as_bytes(), None, &caps).err().unwrap();
        assert_eq!(
            e.to_string(),
            "the input is larger than 100 bytes, the most that is read"
        );
        assert!(matches!(
            read_source(&toml.as_bytes()[..90], None, &caps).unwrap(),
            Text::Toml(_)
        ));
        // A TOML key past what is looked at is puzzle lines; `.toml` decides without looking.
        let late = format!("{}variant = \"4x4\"\n", "# a comment\n".repeat(10_000));
        assert!(matches!(
            read_source(late.as_bytes(), None, &Limits::DEFAULT).unwrap(),
            Text::Lines(_)
        ));
        assert!(matches!(
            read_source(late.as_bytes(), Some(true), &Limits::DEFAULT).unwrap(),
            Text::Toml(_)
        ));
    }
}
