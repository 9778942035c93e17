//! Loading a puzzle: TOML files and text, built-in variants, line formats.

use super::{Handle, Origin, Problem};
use shapedoku::load::{self};
use shapedoku::{Geometry, ModelError, Pos, Puzzle, builtin};
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

/// The built-in variants, in listing order.
pub fn builtin_names() -> Vec<String> {
    builtin::names().into_iter().map(String::from).collect()
}

pub(super) fn handle(loaded: load::Loaded, origin: Origin) -> Handle {
    Handle {
        puzzle: loaded.puzzle,
        solution: loaded.solution,
        origin,
    }
}

/// Loads TOML text; `name` names it in messages, `base_dir` resolves a relative `variant`.
pub fn load_text(name: &str, text: &str, base_dir: Option<&Path>) -> Result<Handle, Problem> {
    let loaded = load::load_str(name, text, base_dir)?;
    Ok(handle(
        loaded,
        Origin::Source {
            name: name.into(),
            text: text.into(),
            base_dir: base_dir.map(Path::to_path_buf),
        },
    ))
}

/// Loads a puzzle or variant file.
pub fn load_path(path: &Path) -> Result<Handle, Problem> {
    let text = std::fs::read_to_string(path).map_err(Problem::Io)?;
    load_text(&path.display().to_string(), &text, path.parent())
}

/// A built-in variant (with its example givens, if it has any) or built-in puzzle.
pub fn load_builtin(name: &str) -> Result<Handle, Problem> {
    let loaded = load::load_builtin(name)?;
    let text = builtin::source(name).unwrap_or_default();
    Ok(handle(
        loaded,
        Origin::Source {
            name: format!("builtin:{name}"),
            text: text.into(),
            base_dir: None,
        },
    ))
}

/// A variant by built-in name or path, as (geometry, the name a puzzle file writes for it).
/// Built-ins are compiled once per process: batches and `from_line` loops ask for them often.
pub(super) fn variant(name_or_path: &str) -> Result<(Arc<Geometry>, String), Problem> {
    static CACHE: OnceLock<Mutex<HashMap<String, Arc<Geometry>>>> = OnceLock::new();
    let is_builtin = builtin::source(name_or_path).is_some();
    let cache = CACHE.get_or_init(Default::default);
    if is_builtin {
        if let Some(g) = cache.lock().ok().and_then(|c| c.get(name_or_path).cloned()) {
            return Ok((g, name_or_path.into()));
        }
    }
    let geometry = load::load_variant(name_or_path)?.geometry;
    let key = if is_builtin {
        if let Ok(mut c) = cache.lock() {
            c.insert(name_or_path.into(), geometry.clone());
        }
        name_or_path.to_string()
    } else {
        std::fs::canonicalize(name_or_path)
            .map_or_else(|_| name_or_path.to_string(), |p| p.display().to_string())
    };
    Ok((geometry, key))
}

/// The 1-based column of the character for `pos` in `text` (cell order or canvas picture,
/// whitespace ignored), so an error can point at it.
fn column_of(g: &Geometry, text: &str, pos: Pos) -> Option<usize> {
    let cells: Vec<usize> = text
        .char_indices()
        .filter(|(_, c)| !c.is_whitespace())
        .map(|(i, _)| i)
        .collect();
    let index = if cells.len() == g.cell_count() {
        g.cell_at(pos)?
    } else {
        ((pos.row - 1) * g.cols() + (pos.col - 1)) as usize
    };
    let byte = *cells.get(index)?;
    Some(text[..byte].chars().count() + 1)
}

fn puzzle_problem(g: &Geometry, text: &str, e: &ModelError) -> Problem {
    let at = match e {
        ModelError::UnknownSymbol { pos, .. } | ModelError::GivensDisagree { pos, .. } => {
            Some(*pos)
        }
        ModelError::GivensClash { b, .. } => Some(*b),
        _ => None,
    };
    Problem::Puzzle {
        message: e.to_string(),
        column: at.and_then(|p| column_of(g, text, p)),
    }
}

pub(super) fn read_line(g: &Arc<Geometry>, line: &str) -> Result<Puzzle, Problem> {
    Puzzle::from_line(g.clone(), line).map_err(|e| puzzle_problem(g, line, &e))
}

/// A puzzle from one line of givens on a variant (built-in name or path).
pub fn from_line(line: &str, variant_name: &str) -> Result<Handle, Problem> {
    let (g, key) = variant(variant_name)?;
    Ok(Handle {
        puzzle: read_line(&g, line)?,
        solution: None,
        origin: Origin::Variant(key),
    })
}
