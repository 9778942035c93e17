//! Reading what a command works on: a TOML puzzle file, or lines of puzzles for a variant.

use crate::args::InputArgs;
use crate::report::render_load_error;
use crate::{Failure, Io};
use shapedoku::load::{self, Loaded};
use shapedoku::{Geometry, Puzzle};
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
        /// (line number, text) of each non-blank, non-comment line.
        lines: Vec<(usize, String)>,
    },
}

impl Input {
    /// Every puzzle as (label, puzzle or error message), in input order.
    pub fn puzzles(&self) -> Vec<(String, Result<Puzzle, String>)> {
        match self {
            Input::File { name, loaded } => vec![(name.clone(), Ok(loaded.puzzle.clone()))],
            Input::Lines { geometry, lines } => lines
                .iter()
                .map(|(n, l)| {
                    (
                        format!("line {n}"),
                        Puzzle::from_line(geometry.clone(), l)
                            .map_err(|e| format!("line {n}: {e}")),
                    )
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

/// Loads a variant given by `--variant` (built-in name or path), as a failure fit for people.
pub fn load_variant(name: &str) -> Result<Loaded, Failure> {
    load::load_variant(name).map_err(|e| Failure(render_load_error(&e)))
}

/// Reads the input of a command.
pub fn read(args: &InputArgs, io: &mut Io<'_>) -> anyhow::Result<Input> {
    let (name, text, dir) = match args.file.as_deref() {
        None => ("-".to_string(), read_stdin(io)?, None),
        Some(p) if p == Path::new("-") => ("-".to_string(), read_stdin(io)?, None),
        Some(p) => {
            let text = std::fs::read_to_string(p)
                .map_err(|e| Failure(format!("error: cannot read {}: {e}\n", p.display())))?;
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
        let loaded = load::load_str(&name, &text, dir.as_deref())
            .map_err(|e| Failure(render_load_error(&e)))?;
        return Ok(Input::File {
            name,
            loaded: Box::new(loaded),
        });
    }
    let variant = args.variant.as_deref().unwrap_or("classic");
    let geometry = load_variant(variant)?.geometry;
    let lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .map(|(i, l)| (i, l.to_string()))
        .collect();
    Ok(Input::Lines { geometry, lines })
}

fn read_stdin(io: &mut Io<'_>) -> anyhow::Result<String> {
    let mut s = String::new();
    io.stdin
        .read_to_string(&mut s)
        .map_err(|e| Failure(format!("error: cannot read standard input: {e}\n")))?;
    Ok(s)
}
