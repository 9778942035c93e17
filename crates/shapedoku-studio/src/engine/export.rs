//! Exporting the edited file as a link setters' apps open: f-puzzles or SudokuPad, through the
//! library's `export`, which refuses by name what the target cannot hold.

use super::{DEFAULT_NAME, diagnostic_view, guard_variant};
use crate::api::{self, ApiError};
use crate::setting::{ExportRequest, ExportResponse, ExportTarget};
use shapedoku::export::{self, Meta, Target};

/// `export`: the file's puzzle (or, for a variant file, its empty grid) as a link, with the
/// title, author and rules text of the file's header and its stated solution when it has one.
/// A file with problems is a 422 with the problems; so is a puzzle the target cannot hold, with
/// every part it cannot hold named.
pub fn export(req: &ExportRequest) -> Result<ExportResponse, ApiError> {
    let name = req
        .name
        .clone()
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| DEFAULT_NAME.to_string());
    guard_variant(&name, &req.toml).map_err(|d| {
        ApiError::unprocessable("the file names a variant that is not built in", vec![*d])
    })?;
    let a = super::folder::analyze(&name, &req.toml);
    let problems: Vec<api::Diagnostic> = a.diagnostics.iter().map(diagnostic_view).collect();
    let (Some(geometry), true) = (a.geometry, problems.is_empty()) else {
        return Err(ApiError::unprocessable(
            "cannot export: the file has problems",
            problems,
        ));
    };
    let puzzle = a
        .puzzle
        .unwrap_or_else(|| shapedoku::Puzzle::empty(geometry.clone()));
    let target = match req.target {
        ExportTarget::Fpuzzles => Target::FPuzzles,
        ExportTarget::Sudokupad => Target::SudokuPad,
    };
    let meta = Meta::from_file(&req.toml, &geometry);
    let solution = a.solution.as_deref();
    let out = export::export(&puzzle, solution, &meta, target)
        .map_err(|e| ApiError::unprocessable(format!("cannot export: {e}"), vec![]))?;
    Ok(ExportResponse {
        link: out.link,
        target: target.name().to_string(),
        with_solution: solution.is_some(),
        notes: out.notes,
    })
}
