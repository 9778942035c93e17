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
use std::io::{BufReader, Cursor, Read, Take};
use std::path::Path;
use std::sync::Arc;

/// One line of a batch: its 1-based line number, and its text or why it cannot be read.
pub type PuzzleLine = (usize, Result<String, LineError>);

/// [`PuzzleLine`] with its text borrowed from the reader.
pub type BorrowedLine<'a> = (usize, Result<&'a str, LineError>);

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
        lines: Vec<PuzzleLine>,
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
/// Text whose first content line opens with `{` is JSON (TOML's top level never does), even
/// printed over many lines, some of which open with `[`.
pub fn looks_like_toml(text: &str) -> bool {
    if first_content_line(text).is_some_and(|l| l.starts_with('{')) {
        return false;
    }
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

/// Reads the input of a command: its one file (`-` or none for standard input), every puzzle
/// line held (see [`open`] for one line at a time).
pub fn read(args: &InputArgs, io: &mut Io<'_>) -> anyhow::Result<Input> {
    match open(args, io)? {
        Opened::File { name, loaded } => Ok(Input::File { name, loaded }),
        Opened::Lines {
            geometry,
            mut source,
            name,
        } => {
            let mut lines = Vec::new();
            while let Some(line) = source.next_line()? {
                lines.push(line);
            }
            Ok(Input::Lines {
                geometry,
                lines,
                name,
            })
        }
    }
}

/// An input as opened: a loaded TOML file, or puzzle lines still to be read.
#[derive(Debug)]
pub enum Opened<'a> {
    /// One TOML puzzle (or variant) file.
    File {
        /// Name to show (the path, or `-`).
        name: String,
        /// The loaded file.
        loaded: Box<Loaded>,
    },
    /// Puzzle lines for one variant, read one at a time.
    Lines {
        /// The variant's geometry.
        geometry: Arc<Geometry>,
        /// The lines.
        source: LineSource<'a>,
        /// How to name the input in labels when several inputs are read (`None` for one).
        name: Option<String>,
    },
}

/// Opens the input of a command: a TOML file is loaded whole, puzzle lines are left to be
/// read one at a time, so a batch can answer each line as it comes (a live filter on a pipe)
/// in memory that does not grow with the input.
pub fn open<'s>(args: &InputArgs, io: &mut Io<'s>) -> anyhow::Result<Opened<'s>> {
    let limits = io.limits;
    let (name, text, dir) = match args.files.first() {
        Some(p) if !p.exists() && shapedoku::import::looks_importable(&p.to_string_lossy()) => {
            let link = p.to_string_lossy();
            return imported(&short(&link), &link, args, io);
        }
        Some(p) if p != Path::new("-") => {
            let name = p.display().to_string();
            let file =
                limits::open(p, limits.max_input_bytes).map_err(|e| read_error(&name, &e))?;
            let kind = match p.extension().and_then(|e| e.to_str()) {
                Some("toml") => Some(true),
                Some("txt") => Some(false),
                _ => None,
            };
            let text = read_source(Box::new(file), kind, &limits, name.clone())
                .map_err(|e| read_error(&name, &e))?;
            (name, text, p.parent().map(Path::to_path_buf))
        }
        _ => {
            if io.stdin_is_terminal {
                // Without this a command given no file seems to hang.
                writeln!(
                    io.stderr,
                    "reading a puzzle file or puzzle lines from standard input; end with Ctrl-D (or give a FILE; see --help)"
                )?;
                io.stderr.flush()?;
            }
            // Standard input is read once; what is left in its place reads as empty (a
            // zero-sized value: leaking it allocates nothing).
            let stdin = std::mem::replace(&mut io.stdin, Box::leak(Box::new(std::io::empty())));
            let text = read_source(Box::new(stdin), None, &limits, STDIN.into())
                .map_err(|e| read_error(STDIN, &e))?;
            ("-".to_string(), text, None)
        }
    };
    let source = match text {
        Text::Lines(source) => source,
        // A link, or puzzle JSON (on one line or laid out over several, some starting with `[`).
        Text::Import(text) => return imported(&name, &text, args, io),
        Text::Toml(text) if text.trim_start().starts_with('{') => {
            return imported(&name, &text, args, io);
        }
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
            return Ok(Opened::File {
                name,
                loaded: Box::new(loaded),
            });
        }
    };
    let variant = args.variant.as_deref().unwrap_or("classic");
    let geometry = load_variant(variant, &limits)?.geometry;
    Ok(Opened::Lines {
        geometry,
        source,
        name: args.several.then_some(name),
    })
}

/// A link as a label: its start, shortened.
fn short(link: &str) -> String {
    let link = link.trim();
    match link.char_indices().nth(48) {
        Some((i, _)) => format!("{}...", &link[..i]),
        None => link.to_string(),
    }
}

/// An imported puzzle as the input of a command.
fn imported<'s>(
    name: &str,
    text: &str,
    args: &InputArgs,
    io: &mut Io<'_>,
) -> anyhow::Result<Opened<'s>> {
    if args.variant.is_some() {
        return Err(Failure(format!(
            "error: {name} is an f-puzzles or SudokuPad puzzle, which has its own grid; drop --variant\n"
        ))
        .into());
    }
    let got = import(name, text, io)?;
    Ok(Opened::File {
        name: name.to_string(),
        loaded: Box::new(got.loaded),
    })
}

/// Imports an f-puzzles or SudokuPad puzzle, saying on stderr what was read as a rule and
/// what was left out as drawn only.
pub fn import(
    name: &str,
    text: &str,
    io: &mut Io<'_>,
) -> anyhow::Result<shapedoku::import::Imported> {
    let got = shapedoku::import::import(text)
        .map_err(|e| Failure(format!("error: {name}: cannot import: {e}\n")))?;
    for r in &got.readings {
        writeln!(io.stderr, "note: {name}: read as a rule: {r}")?;
    }
    for x in &got.left_out {
        writeln!(
            io.stderr,
            "note: {name}: not imported, drawn only (its meaning is in the rules text): {x}"
        )?;
    }
    Ok(got)
}

/// The text `import` reads: the file `s` if it exists, else `s` itself when it looks like a
/// link or payload.
pub fn link_or_file(s: &str, limits: &Limits) -> anyhow::Result<(String, String)> {
    let p = Path::new(s);
    if p.exists() {
        let text = limits::read_file(p, limits.max_input_bytes).map_err(|e| read_error(s, &e))?;
        return Ok((s.to_string(), text));
    }
    if shapedoku::import::looks_importable(s) || s.len() > 40 {
        return Ok((short(s), s.to_string()));
    }
    Err(Failure(format!(
        "error: cannot read {s}: no such file, and not an f-puzzles or SudokuPad link\n"
    ))
    .into())
}

/// All of standard input, up to the input cap.
pub fn read_all_stdin(io: &mut Io<'_>) -> anyhow::Result<String> {
    if io.stdin_is_terminal {
        writeln!(
            io.stderr,
            "reading a link or puzzle JSON from standard input; end with Ctrl-D"
        )?;
    }
    let cap = io.limits.max_input_bytes;
    limits::read_text(&mut *io.stdin, cap).map_err(|e| read_error("standard input", &e).into())
}

/// How standard input is named in errors.
const STDIN: &str = "standard input";

/// An input as read: a TOML file's text, or puzzle lines still to be read.
enum Text<'a> {
    Toml(String),
    /// An f-puzzles or SudokuPad link or puzzle JSON, read whole: its first line says so.
    Import(String),
    Lines(LineSource<'a>),
}

/// How much of an input is looked at to tell a TOML file from puzzle lines.
const PEEK: usize = 64 << 10;

/// The reader under a [`LineSource`]: what was looked at first, then the rest, stopping one
/// byte past the input cap.
type Stream<'a> = std::io::Chain<Cursor<Vec<u8>>, BufReader<Take<Box<dyn Read + 'a>>>>;

/// The puzzle lines of a batch, one at a time: blank lines and `#` comments left out, each
/// line at most the line cap (a longer one is an error in its place, never held whole), and
/// no line past the input cap.
pub struct LineSource<'a> {
    lines: limits::Lines<Stream<'a>>,
    cap: u64,
    name: String,
}

impl std::fmt::Debug for LineSource<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LineSource")
            .field("name", &self.name)
            .finish()
    }
}

impl LineSource<'_> {
    /// The next puzzle line as (1-based line number, text or why it cannot be read); `None`
    /// at the end. An input larger than the cap is an error once the line that crosses the
    /// cap is reached: the lines before it are answered.
    pub fn next_line(&mut self) -> Result<Option<PuzzleLine>, Failure> {
        Ok(self.next_str()?.map(|(n, l)| (n, l.map(str::to_string))))
    }

    /// [`LineSource::next_line`] without allocating: the text is borrowed until the next read.
    pub fn next_str(&mut self) -> Result<Option<BorrowedLine<'_>>, Failure> {
        while let Some(line) = self.lines.advance() {
            let (n, read) = line.map_err(|e| read_error(&self.name, &e))?;
            if self.consumed() > self.cap {
                return Err(read_error(&self.name, &limits::too_large(self.cap)));
            }
            if let Err(e) = read {
                return Ok(Some((n, Err(e))));
            }
            let t = self.lines.current().trim();
            if !t.is_empty() && !t.starts_with('#') {
                return Ok(Some((n, Ok(self.lines.current().trim()))));
            }
        }
        Ok(None)
    }

    /// Bytes of the input taken by the lines read so far.
    fn consumed(&self) -> u64 {
        let (head, rest) = self.lines.get_ref().get_ref();
        let unread_head = head.get_ref().len() as u64 - head.position();
        // Every byte pulled from the input went through the cap's counter, the first ones
        // (looked at to tell TOML from lines) included.
        let pulled = self.cap.saturating_add(1) - rest.get_ref().limit();
        pulled.saturating_sub(unread_head + rest.buffer().len() as u64)
    }

    /// Whether the next read may wait for more input (nothing is held that was not yet
    /// read): the moment to flush answers, so a batch on a pipe is a live filter.
    pub fn may_wait(&self) -> bool {
        let (head, rest) = self.lines.get_ref().get_ref();
        head.position() >= head.get_ref().len() as u64 && rest.buffer().is_empty()
    }
}

/// The first line that is neither blank nor a comment, trimmed.
/// Whether the first line that is neither blank nor a comment is an f-puzzles or SudokuPad link
/// or puzzle JSON. Only that line counts: a TOML file may quote a link in a comment (its
/// source), and is still a TOML file.
pub fn first_line_is_importable(text: &str) -> bool {
    first_content_line(text).is_some_and(shapedoku::import::looks_importable)
}

fn first_content_line(text: &str) -> Option<&str> {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
}

/// Whether the bytes seen so far hold a complete line that is neither blank nor a comment.
fn has_content_line(head: &[u8]) -> bool {
    let Some(end) = head.iter().rposition(|&b| b == b'\n') else {
        return false;
    };
    head[..end].split(|&b| b == b'\n').any(|l| {
        let l = String::from_utf8_lossy(l);
        let l = l.trim();
        !l.is_empty() && !l.starts_with('#')
    })
}

/// Reads an input up to the input cap: as TOML when `toml` says so or, when it is `None`, when
/// what is looked at first (up to [`PEEK`] bytes, as far as has arrived once a puzzle line is
/// complete, so a pipe fed line by line is not waited on) looks like TOML; as puzzle lines
/// otherwise, left to be read line by line.
fn read_source<'a>(
    r: Box<dyn Read + 'a>,
    toml: Option<bool>,
    limits: &Limits,
    name: String,
) -> std::io::Result<Text<'a>> {
    let cap = limits.max_input_bytes;
    let mut r = BufReader::with_capacity(PEEK, r.take(cap.saturating_add(1)));
    let mut head = Vec::new();
    // A `.txt` file is looked at too: its first line may be a link rather than a puzzle.
    if toml != Some(true) {
        let mut chunk = vec![0; PEEK];
        while head.len() < PEEK {
            let n = match r.read(&mut chunk[..PEEK - head.len()]) {
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            head.extend_from_slice(&chunk[..n]);
            if n == 0 || has_content_line(&head) {
                break;
            }
        }
    }
    let (is_toml, is_import) = {
        let peeked = String::from_utf8_lossy(&head);
        let is_toml = toml.unwrap_or_else(|| looks_like_toml(&peeked));
        (is_toml, !is_toml && first_line_is_importable(&peeked))
    };
    if is_toml || is_import {
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
        let text = String::from_utf8(head).map_err(|_| limits::not_utf8())? + &rest;
        return Ok(if is_import {
            Text::Import(text)
        } else {
            Text::Toml(text)
        });
    }
    Ok(Text::Lines(LineSource {
        lines: limits::lines(Cursor::new(head).chain(r), limits.max_line_bytes),
        cap,
        name,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(t: Text<'_>) -> Vec<(usize, Result<String, LineError>)> {
        match t {
            Text::Lines(mut source) => {
                let mut out = Vec::new();
                while let Some(l) = source.next_line().unwrap() {
                    out.push(l);
                }
                out
            }
            Text::Toml(_) | Text::Import(_) => panic!("not read as lines"),
        }
    }

    fn source<'a>(
        r: impl Read + 'a,
        toml: Option<bool>,
        caps: &Limits,
    ) -> std::io::Result<Text<'a>> {
        read_source(Box::new(r), toml, caps, "test".into())
    }

    /// A pipe that hands out one line, then fails the test if it is read again.
    struct OneLine(Option<&'static [u8]>);
    impl Read for OneLine {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let line = self
                .0
                .take()
                .expect("read past the first line before answering it");
            buf[..line.len()].copy_from_slice(line);
            Ok(line.len())
        }
    }

    #[test]
    fn the_first_line_of_a_pipe_is_had_without_waiting_for_more() {
        let mut got = match source(OneLine(Some(b"1234341221434321\n")), None, &Limits::DEFAULT) {
            Ok(Text::Lines(s)) => s,
            _ => panic!("not read as lines"),
        };
        assert_eq!(
            got.next_line().unwrap(),
            Some((1, Ok("1234341221434321".to_string())))
        );
        assert!(got.may_wait());
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
        let got = lines(source(input, None, &caps).unwrap());
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
            lines(source(text.as_bytes(), None, &caps).unwrap()).len(),
            5
        );
        // Lines are answered up to the one that crosses the cap, which is the error.
        let twice = text.repeat(2);
        let Text::Lines(mut over) = source(twice.as_bytes(), None, &caps).unwrap() else {
            panic!("read as TOML");
        };
        let mut read = 0;
        let e = loop {
            match over.next_line() {
                Ok(Some(_)) => read += 1,
                Ok(None) => panic!("the cap was not noticed"),
                Err(e) => break e,
            }
        };
        assert_eq!(read, 5, "five lines of 17 bytes fit in 100");
        assert!(
            e.0.contains("the input is larger than 100 bytes"),
            "{}",
            e.0
        );
        let toml = format!("variant = \"4x4\"\n#{}\n", "x".repeat(100));
        let e = source(toml.as_bytes(), None, &caps).err().unwrap();
        assert_eq!(
            e.to_string(),
            "the input is larger than 100 bytes, the most that is read"
        );
        assert!(matches!(
            source(&toml.as_bytes()[..90], None, &caps).unwrap(),
            Text::Toml(_)
        ));
        // A TOML key past what is looked at is puzzle lines; `.toml` decides without looking.
        let late = format!("{}variant = \"4x4\"\n", "# a comment\n".repeat(10_000));
        assert!(matches!(
            source(late.as_bytes(), None, &Limits::DEFAULT).unwrap(),
            Text::Lines(_)
        ));
        assert!(matches!(
            source(late.as_bytes(), Some(true), &Limits::DEFAULT).unwrap(),
            Text::Toml(_)
        ));
    }
}
