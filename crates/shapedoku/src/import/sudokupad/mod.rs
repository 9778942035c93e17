//! SudokuPad's own puzzle JSON (`scl` payloads) → [`Draft`].
//!
//! The format describes a drawing rather than rules: cells with givens, regions, cages, and
//! lines, arrows, underlays and overlays placed in cell units. What it states is imported as
//! stated: the grid, givens, regions, Killer cages with totals, metadata (title, author,
//! rules, solution, anti-knight and anti-king, SudokuPad's `global` rules). The drawing is
//! read by the conventions of `sudokupad/read.rs`, with the rules text deciding where the
//! drawing alone does not, and each reading is listed in [`Draft::readings`]. An element no
//! convention reads makes the rules undetermined, and the import is refused naming it, rather
//! than solving a puzzle with a rule left out; only invisible elements (no fill, border or
//! text) are passed over, listed as drawn only.

pub(in crate::import) mod draw;
pub(in crate::import) mod read;
#[cfg(test)]
mod tests;
pub(in crate::import) mod text;

use crate::import::ImportError;
use crate::import::draft::{Cage, Draft, MAX_SIZE, Rc, Region, RuleDraft, cell_list};
use crate::import::meta::{meta_line, set_meta};
use crate::import::sudokupad::draw::elements;
use crate::import::sudokupad::text::RulesText;
use serde_json::Value;

/// The top-level keys read; anything else is refused by name.
const KEYS: &[&str] = &[
    "id",
    "cellSize",
    "cells",
    "regions",
    "cages",
    "lines",
    "arrows",
    "underlays",
    "overlays",
    "metadata",
    "metaData",
    "videos",
    "settings",
    "global",
];

/// How many undetermined elements an error names before "and N more".
const NAMED: usize = 8;

/// Imports a SudokuPad puzzle.
pub(in crate::import) fn import(v: &Value) -> Result<Draft, ImportError> {
    let obj = v
        .as_object()
        .ok_or_else(|| ImportError::new("a SudokuPad puzzle is a JSON object"))?;
    if let Some(k) = obj.keys().find(|k| !KEYS.contains(&k.as_str())) {
        return Err(ImportError::key(
            k,
            format!("the puzzle has `{k}`, which shapedoku does not support (yet)"),
        ));
    }
    let mut d = cells(obj.get("cells"))?;
    regions(obj.get("regions"), &mut d)?;
    for key in ["metadata", "metaData"] {
        if let Some(m) = obj.get(key) {
            metadata(key, m, &mut d)?;
        }
    }
    if let Some(c) = obj.get("cages") {
        cage_metadata(c, &mut d)?;
    }
    let text = RulesText::new(d.rules_text.as_deref());
    if let Some(set) = text.other_digit_set(d.size) {
        return Err(ImportError::key(
            "rules",
            format!(
                "the rules text states the digits {set}, but an imported {0}x{0} grid has the digits 1 to {0} (other digit sets are not supported yet)",
                d.size
            ),
        ));
    }
    if let Some(g) = obj.get("global") {
        global(g, &mut d)?;
    }
    text_globals(&text, &mut d);
    if let Some(c) = obj.get("cages") {
        cages(c, &text, &mut d)?;
    }
    let mut els = elements(obj);
    read::diagonals(&mut els, &mut d);
    read::thermometers(&mut els, &text, &mut d);
    read::arrows(&mut els, &mut d);
    read::little_killers(&mut els, &text, &mut d);
    read::kropki(&mut els, &text, &mut d);
    read::xv(&mut els, &text, &mut d)?;
    read::extremes(&mut els, &text, &mut d);
    read::parity(&mut els, &text, &mut d);
    read::lines(&mut els, &text, d.rules_text.is_some(), &mut d);
    read::outside_clues(&mut els, &text, &mut d);
    let mut undetermined = Vec::new();
    for e in els.iter().filter(|e| !e.used) {
        if e.visible() {
            undetermined.push(e.describe(d.size));
        } else {
            d.left_out
                .push(format!("{} (not visible)", e.describe(d.size)));
        }
    }
    if !undetermined.is_empty() {
        let more = undetermined.len().saturating_sub(NAMED);
        undetermined.truncate(NAMED);
        let mut list = undetermined.join("; ");
        if more > 0 {
            list += &format!("; and {more} more");
        }
        return Err(ImportError::key(
            "drawing",
            format!(
                "the rules cannot be determined: no SudokuPad drawing convention, with the rules text, reads {list}"
            ),
        ));
    }
    Ok(d)
}

fn items(v: Option<&Value>) -> Vec<&Value> {
    v.and_then(Value::as_array)
        .map(|a| a.iter().collect())
        .unwrap_or_default()
}

fn cells(v: Option<&Value>) -> Result<Draft, ImportError> {
    let rows = v.and_then(Value::as_array).filter(|r| !r.is_empty());
    let rows = rows.ok_or_else(|| ImportError::key("cells", "the puzzle has no `cells`"))?;
    let n = rows.len();
    if n > MAX_SIZE as usize {
        return Err(ImportError::key(
            "cells",
            format!("the grid has {n} rows; at most {MAX_SIZE} are supported"),
        ));
    }
    let mut d = Draft::new(n as u32);
    for (r, row) in rows.iter().enumerate() {
        let row = row.as_array().filter(|x| x.len() == n).ok_or_else(|| {
            ImportError::key(
                "cells",
                format!(
                    "the grid is not square: row {} does not have {n} cells",
                    r + 1
                ),
            )
        })?;
        for (c, cell) in row.iter().enumerate() {
            let value = match cell.get("value") {
                None | Some(Value::Null) => continue,
                Some(Value::String(s)) if s.is_empty() => continue,
                Some(Value::Number(x)) => x.as_u64(),
                Some(Value::String(s)) => s.trim().parse().ok(),
                Some(_) => None,
            };
            let v = value
                .filter(|&v| (1..=n as u64).contains(&v))
                .ok_or_else(|| {
                    ImportError::key(
                        "cells",
                        format!(
                            "the given at r{}c{} is not a value from 1 to {n}",
                            r + 1,
                            c + 1
                        ),
                    )
                })?;
            d.givens[r * n + c] = Some(v as u32);
        }
    }
    Ok(d)
}

/// A cell written `[row, col]` (0-based), as SudokuPad does, or `r1c1`.
fn cell(v: &Value, size: u32) -> Option<Rc> {
    let rc = match v {
        Value::Array(a) if a.len() == 2 => (a[0].as_f64()?, a[1].as_f64()?),
        Value::String(s) => return crate::import::draft::parse_rc(s, size),
        _ => return None,
    };
    let ok = |x: f64| x.fract() == 0.0 && (0.0..f64::from(size)).contains(&x);
    (ok(rc.0) && ok(rc.1)).then(|| (rc.0 as u32 + 1, rc.1 as u32 + 1))
}

fn cell_array(key: &str, what: &str, v: Option<&Value>, size: u32) -> Result<Vec<Rc>, ImportError> {
    let bad = || {
        ImportError::key(
            key,
            format!("{what}: its cells must be [row, column] pairs inside the {size}x{size} grid"),
        )
    };
    let a = v.and_then(Value::as_array).ok_or_else(bad)?;
    a.iter().map(|x| cell(x, size).ok_or_else(bad)).collect()
}

fn regions(v: Option<&Value>, d: &mut Draft) -> Result<(), ImportError> {
    let n = d.size as usize;
    // Without `regions` the grid has none.
    d.regions = vec![None; n * n];
    for (i, region) in items(v).into_iter().enumerate() {
        for (r, c) in cell_array(
            "regions",
            &format!("region {}", i + 1),
            Some(region),
            d.size,
        )? {
            d.regions[(r as usize - 1) * n + c as usize - 1] = Some(i as i64);
        }
    }
    Ok(())
}

fn metadata(key: &str, v: &Value, d: &mut Draft) -> Result<(), ImportError> {
    let Some(m) = v.as_object() else {
        return Ok(());
    };
    for (name, value) in m {
        let text = match value {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        if set_meta(d, name, &text)? {
            continue;
        }
        if name == "bgimage" && !text.trim().is_empty() {
            return Err(ImportError::key(
                "bgimage",
                "the rules cannot be determined: the puzzle draws part of itself in a background image, which cannot be read",
            ));
        }
        let global = match name.as_str() {
            "antiknight" => Some("anti-knight"),
            "antiking" => Some("anti-king"),
            _ => None,
        };
        match global {
            Some(kind) if value.as_bool() == Some(true) => d.rules.push(RuleDraft {
                kind: kind.into(),
                cells: Vec::new(),
                keys: Vec::new(),
                origin: format!("`{key}` `{name}`"),
            }),
            Some(_) => {}
            None => d.left_out.push(format!("the metadata `{name}`")),
        }
    }
    Ok(())
}

/// SudokuPad's habit of writing metadata as cages without cells: `title: ...`.
fn cage_metadata(v: &Value, d: &mut Draft) -> Result<(), ImportError> {
    for (i, cage) in items(Some(v)).into_iter().enumerate() {
        if let Some(Value::String(s)) = cage.get("value") {
            if let Some((name, text)) = meta_line(s.trim()) {
                if !set_meta(d, name, text)? {
                    d.left_out
                        .push(format!("cage {}: the metadata `{name}`", i + 1));
                }
            }
        }
    }
    Ok(())
}

/// `global`: the rules SudokuPad's f-puzzles conversion lists by name.
fn global(v: &Value, d: &mut Draft) -> Result<(), ImportError> {
    for name in items(Some(v)) {
        let Some(name) = name.as_str() else { continue };
        let kind = match name {
            "antiknight" => "anti-knight",
            "antiking" => "anti-king",
            "nonconsecutive" => "nonconsecutive",
            "disjoint" => "disjoint-groups",
            _ => {
                return Err(ImportError::key(
                    "global",
                    format!(
                        "the puzzle has the global rule `{name}`, which shapedoku does not support (yet)"
                    ),
                ));
            }
        };
        if !d.rules.iter().any(|r| r.kind == kind && r.cells.is_empty()) {
            d.rules.push(RuleDraft {
                kind: kind.into(),
                cells: Vec::new(),
                keys: Vec::new(),
                origin: format!("`global` `{name}`"),
            });
        }
    }
    Ok(())
}

/// Anti-knight and anti-king named in the rules text ("cells a knight's move apart cannot
/// contain the same digit"), which setters often state without the metadata flag.
pub(in crate::import) fn text_globals(text: &RulesText, d: &mut Draft) {
    let forbids =
        "cannot|can't|may not|must not|not contain the same|not be the same|never|no two|anti-";
    for (piece, kind, name) in [
        ("knight", "anti-knight", "knight"),
        (
            "king's|king move|kings move|antiking|anti-king",
            "anti-king",
            "king",
        ),
    ] {
        let named = text.says(&[piece, "move|anti-"]) && text.says(&[piece, forbids]);
        if named && !d.rules.iter().any(|r| r.kind == kind) {
            d.readings.push(format!(
                "the rules text: {kind}, equal digits are never a chess {name}'s move apart"
            ));
            d.rules.push(RuleDraft {
                kind: kind.into(),
                cells: Vec::new(),
                keys: Vec::new(),
                origin: "the rules text".into(),
            });
        }
    }
}

/// Cages: a Killer cage with its total; a cage without one is a region without repeats when
/// the rules text says digits do not repeat in cages. A text that lets digits repeat in cages
/// is refused, since a cage here never holds a repeat.
fn cages(v: &Value, text: &RulesText, d: &mut Draft) -> Result<(), ImportError> {
    let disjoint = d.rules.iter().any(|r| r.kind == "disjoint-groups");
    for (i, cage) in items(Some(v)).into_iter().enumerate() {
        let what = format!("cage {}", i + 1);
        let has_cells = cage
            .get("cells")
            .and_then(Value::as_array)
            .is_some_and(|a| !a.is_empty());
        let value = match cage.get("value") {
            Some(Value::String(s)) => s.trim().to_string(),
            Some(Value::Number(x)) => x.to_string(),
            _ => String::new(),
        };
        if meta_line(&value).is_some() || !has_cells {
            continue;
        }
        let cells = cell_array("cages", &what, cage.get("cells"), d.size)?;
        // The cells of no region, which regions already say; the groups of a `global`
        // disjoint rule, which that rule says.
        let is_disjoint = cage.get("type").and_then(Value::as_str) == Some("disjoint");
        if cage.get("hidden").and_then(Value::as_bool) == Some(true) || (disjoint && is_disjoint) {
            continue;
        }
        let place = format!("{what} ({})", cell_list(&cells));
        let total = cage
            .get("sum")
            .and_then(Value::as_i64)
            .or_else(|| value.parse().ok());
        if cage.get("style").and_then(Value::as_str) == Some("extraregion") {
            d.extra_regions.push(Region {
                cells,
                origin: what,
            });
            continue;
        }
        if cage.get("unique").and_then(Value::as_bool) == Some(false)
            || cage
                .get("style")
                .is_some_and(|s| !s.is_null() && s != "killer")
        {
            return Err(ImportError::key(
                "cages",
                format!(
                    "a cage drawn in another style than a Killer cage, whose rule cannot be determined: {place}"
                ),
            ));
        }
        if text.cages_may_repeat() {
            return Err(ImportError::key(
                "cages",
                format!(
                    "the rules text lets digits repeat in cages, and an imported cage never holds a repeat ({place})"
                ),
            ));
        }
        match total {
            Some(sum) => d.cages.push(Cage {
                cells,
                sum,
                origin: what,
            }),
            None if value.is_empty() && text.cages_no_repeat() => {
                d.readings.push(format!(
                    "{place}, without a total: digits do not repeat in it (the rules text says so)"
                ));
                d.extra_regions.push(Region {
                    cells,
                    origin: what,
                });
            }
            None if value.is_empty() => {
                return Err(ImportError::key(
                    "cages",
                    format!(
                        "a cage without a total, whose meaning the rules text does not give: {place} has no total"
                    ),
                ));
            }
            None => {
                return Err(ImportError::key(
                    "cages",
                    format!("{place} has the total `{value}`, which is not a whole number"),
                ));
            }
        }
    }
    Ok(())
}
