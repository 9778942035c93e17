//! Reading what a command works on: a TOML puzzle file, or lines of puzzles for a variant.
//! Every read is bounded (`--max-input`, and a cap per puzzle line), so no input, however
//! large or endless, makes a command hold more than the caps.

use crate::args::InputArgs;
use crate::report::render_load_error;
use crate::{Failure, Io};
use shapedoku::limits::{self, LineError};
use shapedoku::load::{Loaded, Loader};
use shapedoku::{Geometry, Limits, Puzzle};
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

impl Input {
    /// Every puzzle as (label, puzzle or error message), in input order.
    pub fn puzzles(&self) -> Vec<(String, Result<Puzzle, String>)> {
        match self {
            Input::File { name, loaded } => vec![(name.clone(), Ok(loaded.puzzle.clone()))],
            Input::Lines {
                geometry,
                lines,
                name,
            } => lines
                .iter()
                .map(|(n, l)| {
                    let label = match name {
                        Some(f) => format!("{f} line {n}"),
                        None => format!("line {n}"),
                    };
                    let puzzle = match l {
                        Ok(l) => Puzzle::from_line(geometry.clone(), l).map_err(|e| e.to_string()),
                        Err(e) => Err(e.to_string()),
                    };
                    let puzzle = puzzle.map_err(|e| format!("{label}: {e}"));
                    (label, puzzle)
                })
                .collect(),
        }
    }
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
            let text = limits::read_file(p, limits.max_input_bytes)
                .map_err(|e| read_error(&p.display().to_string(), &e))?;
            (
                p.display().to_string(),
                text,
                p.parent().map(Path::to_path_buf),
            )
        }
    };
    let is_toml = name.ends_with(".toml") || (!name.ends_with(".txt") && looks_like_toml(&text));
    if is_toml {
        if args.variant.is_some() {
            return Err(Failure(format!(
                "error: {name} is a TOML puzzle file, which names its own variant; drop --variant\n"
            ))
            .into());
        }
        let loaded = Loader::new()
            .limits(limits)
            .load_str(&name, &text, dir.as_deref())
            .map_err(|e| Failure(render_load_error(&e)))?;
        return Ok(Input::File {
            name,
            loaded: Box::new(loaded),
        });
    }
    let variant = args.variant.as_deref().unwrap_or("classic");
    let geometry = load_variant(variant, &limits)?.geometry;
    Ok(Input::Lines {
        geometry,
        lines: puzzle_lines(text.as_bytes(), limits.max_line_bytes)?,
        name: args.several.then_some(name),
    })
}

/// The puzzle lines of a batch: blank lines and `#` comments left out, each line at most
/// `max_line` bytes (a longer one is an error in its place, never held whole). Works on any
/// reader, so a batch can be streamed.
pub fn puzzle_lines(
    reader: impl std::io::BufRead,
    max_line: u64,
) -> anyhow::Result<Vec<(usize, Result<String, LineError>)>> {
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

fn read_stdin(io: &mut Io<'_>) -> anyhow::Result<String> {
    if io.stdin_is_terminal {
        // Without this a command given no file seems to hang.
        writeln!(
            io.stderr,
            "reading a puzzle file or puzzle lines from standard input; end with Ctrl-D (or give a FILE; see --help)"
        )?;
        io.stderr.flush()?;
    }
    limits::read_text(io.stdin, io.limits.max_input_bytes)
        .map_err(|e| read_error("standard input", &e).into())
}
