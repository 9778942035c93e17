//! `shapedoku export`: a puzzle as an f-puzzles or SudokuPad link.

use crate::args::{ExportArgs, ExportTarget, Format};
use crate::input::{self, Input};
use crate::{Failure, Io, LoadFailure, exit};
use shapedoku::Puzzle;
use shapedoku::export::{self, Exported, Meta, Target};
use shapedoku::load::Loader;
use std::path::Path;

/// The library's target for the command line's.
pub fn target(t: ExportTarget) -> Target {
    match t {
        ExportTarget::Fpuzzles => Target::FPuzzles,
        ExportTarget::Sudokupad => Target::SudokuPad,
    }
}

/// One puzzle of the input: its label, and the puzzle with its stated solution and title, or
/// why it cannot be read.
type Item = (String, Result<(Puzzle, Option<Vec<u8>>, Meta), String>);

/// Runs `export`.
pub fn run(a: &ExportArgs, io: &mut Io<'_>) -> anyhow::Result<i32> {
    if a.input.files.len() > 1 {
        return Err(Failure(
            "error: export reads one input; give one FILE or LINK (a file of puzzle lines gives one link per line)\n".into(),
        )
        .into());
    }
    let to_file = a.output.as_deref().filter(|p| *p != Path::new("-"));
    if let Some(out) = to_file {
        if out.exists() && !a.force {
            return Err(Failure(format!(
                "error: {} exists; pass --force to overwrite it\n",
                out.display()
            ))
            .into());
        }
    }
    let items = read(a, io)?;
    let target = target(a.to);
    let mut out = String::new();
    let mut code = exit::OK;
    for (label, item) in items {
        let (c, line) = match item {
            Ok((puzzle, stated, meta)) => one(a, io, &label, &puzzle, stated, &meta, target)?,
            Err(message) => {
                writeln!(io.stderr, "error: {message}")?;
                (
                    exit::ERROR,
                    failed(a.format, &label, "error", &message, None),
                )
            }
        };
        code = exit::worst(code, c);
        out.push_str(&line);
    }
    match to_file {
        Some(path) => std::fs::write(path, out)
            .map_err(|e| Failure(format!("error: cannot write {}: {e}\n", path.display())))?,
        None => io.stdout.write_all(out.as_bytes())?,
    }
    Ok(code)
}

/// Exports one puzzle: its exit code and its output line.
#[allow(clippy::too_many_arguments)]
fn one(
    a: &ExportArgs,
    io: &mut Io<'_>,
    label: &str,
    puzzle: &Puzzle,
    stated: Option<Vec<u8>>,
    meta: &Meta,
    target: Target,
) -> anyhow::Result<(i32, String)> {
    let solution = match stated {
        Some(s) => Some(s),
        None if a.solve => match super::prove_unique(puzzle, &io.search.budget()) {
            Ok(grid) => Some(grid.into_indices()),
            Err(r) => {
                writeln!(io.stderr, "error: {label}: {}; not exported", r.message)?;
                return Ok((r.code, failed(a.format, label, r.status, &r.message, None)));
            }
        },
        None => None,
    };
    match export::export(puzzle, solution.as_deref(), meta, target) {
        Ok(e) => {
            for n in &e.notes {
                writeln!(io.stderr, "note: {label}: {n}")?;
            }
            Ok((exit::OK, written(a.format, label, &e)?))
        }
        Err(e) => {
            writeln!(io.stderr, "error: {label}: {e}")?;
            let message = e.to_string();
            Ok((
                exit::ERROR,
                failed(a.format, label, "error", &message, Some(&e.refused)),
            ))
        }
    }
}

/// The output of an exported puzzle: its link, or its JSON line.
fn written(format: Format, label: &str, e: &Exported) -> anyhow::Result<String> {
    Ok(match format {
        Format::Text => format!("{}\n", e.link),
        Format::Json => {
            let v = serde_json::json!({
                "input": label,
                "status": "ok",
                "target": e.target,
                "link": e.link,
                "payload": serde_json::from_str::<serde_json::Value>(&e.json)?,
                "notes": e.notes,
            });
            format!("{v}\n")
        }
    })
}

/// The output of a puzzle not exported: `error` in its place (so lines stay aligned with the
/// input), or its JSON line naming each part refused.
fn failed(
    format: Format,
    label: &str,
    status: &str,
    message: &str,
    refused: Option<&[export::Refused]>,
) -> String {
    match format {
        Format::Text => "error\n".to_string(),
        Format::Json => {
            let mut v = serde_json::json!({"input": label, "status": status, "error": message});
            if let Some(r) = refused {
                v["refused"] = serde_json::to_value(r).unwrap_or_default();
            }
            format!("{v}\n")
        }
    }
}

/// The puzzles of the input: a TOML puzzle file (its title, author and rules text from the
/// header `shapedoku import` writes), an f-puzzles or SudokuPad link or JSON, or puzzle lines
/// of `--variant`.
fn read(a: &ExportArgs, io: &mut Io<'_>) -> anyhow::Result<Vec<Item>> {
    let (name, text) = match a.input.files.first() {
        Some(p) if p != Path::new("-") => input::link_or_file(&p.to_string_lossy(), &io.limits)?,
        _ => ("-".to_string(), input::read_all_stdin(io)?),
    };
    // As `solve` tells them apart: TOML first, since a puzzle file may quote its source link
    // in a comment; then a link or JSON on the first line.
    let is_toml = input::looks_like_toml(&text);
    let importable = !is_toml && input::first_line_is_importable(&text);
    if a.input.variant.is_some() && (importable || is_toml) {
        return Err(Failure(format!(
            "error: {name} is a puzzle file or link, which has its own grid; drop --variant (it is for puzzle lines)\n"
        ))
        .into());
    }
    if a.input.variant.is_none() && importable {
        let got = input::import(&name, &text, io)?;
        let meta = Meta::from_file(&got.toml, &got.loaded.geometry);
        let l = got.loaded;
        return Ok(vec![(name, Ok((l.puzzle, l.solution, meta)))]);
    }
    if a.input.variant.is_none() && is_toml {
        let dir = Path::new(&name).parent().filter(|_| name != "-");
        let l = Loader::new()
            .limits(io.limits)
            .load_str(&name, &text, dir)
            .map_err(LoadFailure::from)?;
        let meta = Meta::from_file(&text, &l.geometry);
        return Ok(vec![(name, Ok((l.puzzle, l.solution, meta)))]);
    }
    let variant = a.input.variant.as_deref().unwrap_or("classic");
    let geometry = input::load_variant(variant, &io.limits)?.geometry;
    let meta = Meta::from_geometry(&geometry);
    let lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| (i + 1, Ok(l.to_string())))
        .collect();
    let lines = Input::Lines {
        geometry,
        lines,
        name: None,
    };
    Ok(lines
        .puzzles()
        .into_iter()
        .map(|(label, p)| (label, p.map(|p| (p.puzzle, None, meta.clone()))))
        .collect())
}
