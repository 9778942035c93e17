//! The f-puzzles JSON of a puzzle: `size`, the `grid` (givens and regions), the solution, the
//! title, author and rules text, the shapes (diagonals, extra regions, killer cages) and the
//! rules (`rules.rs`). Both targets carry this payload.

use super::layout::{self, Layout, names};
use super::payload::Payload;
use super::{Meta, Refused, Target, rules, rules_text};
use crate::{CellId, Geometry, Puzzle, Rule, ShapeKind};
use serde_json::{Map, Value, json};

/// A payload and what the reader should know about it.
#[derive(Debug)]
pub(super) struct Built {
    pub json: Value,
    pub notes: Vec<String>,
}

/// The puzzle as f-puzzles JSON, or every part of it the format cannot hold.
pub(super) fn payload(
    puzzle: &Puzzle,
    solution: Option<&[u8]>,
    meta: &Meta,
    target: Target,
) -> Result<Built, Vec<Refused>> {
    let g = puzzle.geometry();
    let layout = Layout::of(g)?;
    let mut refused = Vec::new();
    let mut notes = Vec::new();
    if let Err(r) = layout::symbols(g, layout.n, &mut notes) {
        refused.push(r);
    }
    if puzzle.narrowed().is_some() {
        refused.push(Refused::new(
            "the starting candidates",
            "the file narrows some cells' candidates (`candidates`), which neither app keeps as part of the puzzle",
        ));
    }
    let mut p = Payload::default();
    p.set("size", json!(layout.n));
    p.set("grid", grid(g, &layout, puzzle.givens()));
    shapes(g, &layout, &mut p, &mut refused);
    rules::write(g, &layout, &mut p, &mut refused);
    if !refused.is_empty() {
        return Err(refused);
    }
    match solution {
        Some(_) if target == Target::SudokuPad && layout.n > 9 => notes.push(format!(
            "the solution is left out: SudokuPad reads it as one character per cell, which values above 9 do not fit on a {0}x{0} grid",
            layout.n
        )),
        Some(sol) if sol.len() == g.cell_count() => {
            let values: Vec<Value> = cells_in_order(g, &layout)
                .into_iter()
                .map(|c| json!(u32::from(sol[c]) + 1))
                .collect();
            p.set("solution", Value::Array(values));
        }
        _ if target == Target::SudokuPad => notes.push(
            "no solution is known, so SudokuPad cannot check answers (give the file a `solution`, or export with --solve)"
                .to_string(),
        ),
        _ => {}
    }
    fn text(s: &Option<String>) -> Option<&str> {
        s.as_deref().map(str::trim).filter(|s| !s.is_empty())
    }
    if let Some(t) = text(&meta.title) {
        p.set("title", json!(t));
    }
    if let Some(a) = text(&meta.author) {
        p.set("author", json!(a));
    }
    let rules = match text(&meta.rules) {
        Some(r) => r.to_string(),
        None => {
            notes.push("the rules text is written from the rules exported".to_string());
            rules_text::write(&p, layout.n)
        }
    };
    p.set("ruleset", json!(rules));
    Ok(Built {
        json: p.into_json(),
        notes,
    })
}

/// The grid's cells row by row, as f-puzzles lists them.
pub(super) fn cells_in_order(g: &Geometry, layout: &Layout) -> Vec<usize> {
    let n = i64::from(layout.n);
    (1..=n)
        .flat_map(|r| (1..=n).map(move |c| (r, c)))
        .filter_map(|(r, c)| layout.cell(g, r, c).map(CellId::index))
        .collect()
}

/// `grid`: N rows of N cells, each `{}` or a given `{value, given: true}`, with its `region`
/// (a number, or `null` for none) when the regions are not f-puzzles' default boxes.
fn grid(g: &Geometry, layout: &Layout, givens: &[Option<u8>]) -> Value {
    let n = layout.n as usize;
    let explicit = !layout.default_regions(g);
    let order = cells_in_order(g, layout);
    let rows: Vec<Value> = order
        .chunks(n)
        .map(|row| {
            let cells: Vec<Value> = row
                .iter()
                .map(|&c| {
                    let mut cell = Map::new();
                    if let Some(s) = givens[c] {
                        cell.insert("value".into(), json!(u32::from(s) + 1));
                        cell.insert("given".into(), json!(true));
                    }
                    if explicit {
                        cell.insert("region".into(), json!(layout.region_of[c]));
                    }
                    Value::Object(cell)
                })
                .collect();
            Value::Array(cells)
        })
        .collect();
    Value::Array(rows)
}

/// Which main diagonal a set of cells is: `diagonal-` (↘) or `diagonal+` (↗).
fn diagonal_key(g: &Geometry, layout: &Layout, cells: &[usize]) -> Option<&'static str> {
    let n = layout.n;
    if cells.len() != n as usize {
        return None;
    }
    let rcs: Vec<(u32, u32)> = cells
        .iter()
        .map(|&c| layout.rc(g, CellId::new(c)))
        .collect();
    if rcs.iter().all(|&(r, c)| r == c) {
        Some("diagonal-")
    } else if rcs.iter().all(|&(r, c)| r + c == n + 1) {
        Some("diagonal+")
    } else {
        None
    }
}

/// The shapes beyond rows, columns and the partition: diagonals, extra regions, killer cages.
/// Rows and columns are made by the grid alone (a shape written by hand is a box, a region or
/// an extra shape), and a shape whose cells are a region of the partition says nothing more.
fn shapes(g: &Geometry, layout: &Layout, p: &mut Payload, refused: &mut Vec<Refused>) {
    for s in g.shapes() {
        match (s.kind, s.rule) {
            (ShapeKind::Row | ShapeKind::Column, _) => {}
            (_, Rule::NoRepeat) if layout::in_partition(layout, &s.cells) => {}
            (_, Rule::Sum { total, distinct }) => {
                if distinct {
                    p.push(
                        "killercage",
                        json!({"cells": names(g, layout, &s.cells), "value": total.to_string()}),
                    );
                } else {
                    refused.push(Refused::new(
                        format!("`{}`", s.name),
                        "its digits may repeat (`repeats = true`); f-puzzles' killer cages never repeat a digit",
                    ));
                }
            }
            (ShapeKind::Cage, Rule::NoRepeat) => {
                // A killer cage without a total: its digits only may not repeat.
                p.push("killercage", json!({"cells": names(g, layout, &s.cells)}));
            }
            (_, Rule::NoRepeat) => match diagonal_key(g, layout, &s.cells) {
                Some(key) => p.set(key, json!(true)),
                None => p.push("extraregion", json!({"cells": names(g, layout, &s.cells)})),
            },
        }
    }
}
