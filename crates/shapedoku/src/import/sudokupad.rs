//! SudokuPad's own puzzle JSON (`scl` payloads) → [`Draft`].
//!
//! The format describes a drawing rather than rules: cells with givens, regions, cages, and
//! lines, arrows, underlays and overlays placed in cell units. What it states is imported:
//! the grid, givens, regions, Killer cages with totals, metadata (title, author, rules,
//! solution, anti-knight and anti-king). Two drawings are read as rules because SudokuPad
//! draws those rules that way, and each reading is listed in the output: a straight line from
//! corner to corner is a diagonal, and a line starting at a round bulb is a thermometer.
//! Everything else drawn is listed as left out, since its meaning lives in the rules text.

use super::ImportError;
use super::draft::{Cage, Draft, MAX_SIZE, Rc, RuleDraft, cell_list};
use super::fpuzzles::{meta_line, set_meta};
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
];

/// Imports a SudokuPad puzzle.
pub(super) fn import(v: &Value) -> Result<Draft, ImportError> {
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
        cages(c, &mut d)?;
    }
    let mut underlays: Vec<&Value> = items(obj.get("underlays"));
    for (i, line) in items(obj.get("lines")).into_iter().enumerate() {
        line_element(i, line, &mut underlays, &mut d);
    }
    for (key, list) in [
        ("arrows", items(obj.get("arrows"))),
        ("overlays", items(obj.get("overlays"))),
        ("underlays", underlays),
    ] {
        for (i, item) in list.into_iter().enumerate() {
            d.left_out.push(format!(
                "{} {} ({})",
                singular(key),
                i + 1,
                cell_list(&touched(item, d.size))
            ));
        }
    }
    Ok(d)
}

fn singular(key: &str) -> &str {
    key.strip_suffix('s').unwrap_or(key)
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
        Value::String(s) => return super::fpuzzles_cells::parse_rc(s, size),
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

fn cages(v: &Value, d: &mut Draft) -> Result<(), ImportError> {
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
        if let Some((name, text)) = meta_line(&value) {
            if !set_meta(d, name, text)? {
                d.left_out.push(format!("{what}: the metadata `{name}`"));
            }
            continue;
        }
        if !has_cells {
            continue;
        }
        let cells = cell_array("cages", &what, cage.get("cells"), d.size)?;
        // The cells of no region, which regions already say.
        if cage.get("hidden").and_then(Value::as_bool) == Some(true) {
            continue;
        }
        let place = format!("{what} ({})", cell_list(&cells));
        let total = cage
            .get("sum")
            .and_then(Value::as_i64)
            .or_else(|| value.parse().ok());
        if cage.get("unique").and_then(Value::as_bool) == Some(false)
            || cage.get("style").is_some_and(|s| s != "killer")
        {
            d.left_out.push(place);
            continue;
        }
        match total {
            Some(sum) => d.cages.push(Cage {
                cells,
                sum,
                origin: what,
            }),
            None if value.is_empty() => {
                return Err(ImportError::key(
                    "cages",
                    format!(
                        "{place} has no total: a cage without a total (or an extra region drawn as one) is not supported yet"
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

/// A point `[y, x]` in cell units.
fn point(v: &Value) -> Option<(f64, f64)> {
    let a = v.as_array().filter(|a| a.len() == 2)?;
    Some((a[0].as_f64()?, a[1].as_f64()?))
}

/// The cells an element touches: its way points' or centre's cells.
fn touched(item: &Value, size: u32) -> Vec<Rc> {
    let mut pts: Vec<(f64, f64)> = items(item.get("wayPoints"))
        .into_iter()
        .filter_map(point)
        .collect();
    pts.extend(item.get("center").and_then(point));
    let mut out: Vec<Rc> = Vec::new();
    for (y, x) in pts {
        let rc = (y.floor() as i64 + 1, x.floor() as i64 + 1);
        let inside = |v: i64| (1..=i64::from(size)).contains(&v);
        if inside(rc.0) && inside(rc.1) && !out.contains(&(rc.0 as u32, rc.1 as u32)) {
            out.push((rc.0 as u32, rc.1 as u32));
        }
    }
    out
}

/// A line: a diagonal, a thermometer (with the bulb it starts at taken from `underlays`), or
/// drawn only.
fn line_element(i: usize, line: &Value, underlays: &mut Vec<&Value>, d: &mut Draft) {
    let pts: Vec<(f64, f64)> = items(line.get("wayPoints"))
        .into_iter()
        .filter_map(point)
        .collect();
    let n = f64::from(d.size);
    let what = format!("line {}", i + 1);
    if let [a, b] = pts[..] {
        let is = |p: (f64, f64), q: (f64, f64)| (a == p && b == q) || (a == q && b == p);
        for (k, from, to, name) in [(0, (0.0, 0.0), (n, n), "↘"), (1, (0.0, n), (n, 0.0), "↗")]
        {
            if is(from, to) {
                d.diagonals[k] = true;
                d.readings.push(format!(
                    "{what}, from corner to corner: the {name} diagonal, no repeats along it"
                ));
                return;
            }
        }
    }
    let bulb = pts.first().and_then(|&p| {
        underlays.iter().position(|u| {
            let round = u.get("rounded").and_then(Value::as_bool) == Some(true);
            let big = ["width", "height"]
                .iter()
                .all(|k| u.get(*k).and_then(Value::as_f64).is_some_and(|x| x >= 0.5));
            round && big && u.get("center").and_then(point) == Some(p)
        })
    });
    match (bulb, path_cells(&pts, d.size)) {
        (Some(b), Some(cells)) if cells.len() >= 2 => {
            underlays.remove(b);
            d.readings.push(format!(
                "{what}, starting at a round bulb: a thermometer ({})",
                cell_list(&cells)
            ));
            d.rules.push(RuleDraft {
                kind: "thermo".into(),
                cells,
                keys: Vec::new(),
                origin: what,
            });
        }
        _ => d
            .left_out
            .push(format!("{what} ({})", cell_list(&touched(line, d.size)))),
    }
}

/// The cells a path through cell centres visits, in order, filling in the cells a straight
/// (orthogonal or diagonal) segment passes; `None` when a point is not a cell centre or a
/// segment is not straight.
fn path_cells(pts: &[(f64, f64)], size: u32) -> Option<Vec<Rc>> {
    let mut cells: Vec<(i64, i64)> = Vec::new();
    for &(y, x) in pts {
        let (r, c) = (y - 0.5, x - 0.5);
        if r.fract() != 0.0
            || c.fract() != 0.0
            || r < 0.0
            || c < 0.0
            || r >= f64::from(size)
            || c >= f64::from(size)
        {
            return None;
        }
        let next = (r as i64 + 1, c as i64 + 1);
        if let Some(&(pr, pc)) = cells.last() {
            let (dr, dc) = (next.0 - pr, next.1 - pc);
            if dr != 0 && dc != 0 && dr.abs() != dc.abs() {
                return None;
            }
            let steps = dr.abs().max(dc.abs());
            for k in 1..steps {
                cells.push((pr + dr.signum() * k, pc + dc.signum() * k));
            }
        }
        cells.push(next);
    }
    Some(
        cells
            .into_iter()
            .map(|(r, c)| (r as u32, c as u32))
            .collect(),
    )
}
