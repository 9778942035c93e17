//! `edit`: the drawing tools' changes to the file. The file stays the one truth: each change is
//! made to its text, keeping everything else as written (comments, order, layout).
//!
//! Tables (`[[rule]]`, `[[cage]]`, `[[shape]]`) are added, changed and removed through
//! `toml_edit`, which prints untouched parts byte for byte and puts a new table after the last
//! one of its kind. Givens and region maps are pictures the setter may have laid out by hand,
//! so one cell's character is replaced where it stands in the string.

use super::{DEFAULT_NAME, guard_variant};
use crate::api::ApiError;
use crate::setting::{Edit, EditRequest, EditResponse};
use shapedoku::pos::{parse_cell_list, parse_cell_ref};
use shapedoku::{Geometry, Pos, load};
use std::ops::Range;
use toml_edit::{Array, ArrayOfTables, DocumentMut, Item, Table, Value};

/// The order keys are written in a new table; keys not listed follow in alphabetical order.
const KEY_ORDER: &[&str] = &[
    "name",
    "type",
    "kind",
    "sum",
    "total",
    "count",
    "value",
    "difference",
    "circle",
    "cells",
    "copy",
    "at",
    "direction",
    "indexes",
    "symbols",
    "regex",
    "start",
    "accept",
    "states",
    "transitions",
    "loop",
    "repeats",
    "white",
    "black",
    "x",
    "v",
    "pairs",
    "negative",
];

/// Per-cell rules: a cell is added to or taken from their one list.
const CELL_RULES: &[&str] = &["odd", "even", "minimum", "maximum"];
/// Rules whose marks sit on edges, with their keys.
const MARK_RULES: &[(&str, &[&str])] = &[
    ("kropki", &["white", "black"]),
    ("xv", &["x", "v"]),
    ("difference", &["pairs"]),
    ("ratio", &["pairs"]),
];
/// The keys of a table that hold cells.
const CELL_KEYS: &[&str] = &["cells", "circle", "copy"];

/// `edit`: the file with one change made.
pub fn edit(req: &EditRequest) -> Result<EditResponse, ApiError> {
    let text = req.toml.as_str();
    let (toml, note) = match &req.edit {
        Edit::Add { array, table } => (add(text, array, table)?, None),
        Edit::ToggleMark {
            rule,
            key,
            pair,
            value,
        } => (toggle_mark(text, rule, key, pair, *value)?, None),
        Edit::ToggleCells { rule, cells } => (toggle_cells(text, rule, cells)?, None),
        Edit::Erase { cell, pair, at } => erase(text, cell.as_deref(), pair.as_ref(), *at)?,
        Edit::SetGivens { cells } => (set_givens(req, cells)?, None),
        Edit::PaintRegion { cells, region } => paint_region(req, cells, region)?,
    };
    Ok(EditResponse {
        changed: toml != req.toml,
        toml,
        note,
    })
}

fn bad(msg: impl Into<String>) -> ApiError {
    ApiError::bad_request(msg)
}

/// The file as an editable document; a file that is not TOML yet cannot be drawn on.
fn document(text: &str) -> Result<DocumentMut, ApiError> {
    text.parse::<DocumentMut>().map_err(|e| {
        ApiError::unprocessable(
            format!(
                "the file is not valid TOML, so the drawing cannot be written into it: fix the problem first ({})",
                e.message()
            ),
            vec![],
        )
    })
}

fn cell(name: &str) -> Result<Pos, ApiError> {
    match parse_cell_ref(name.trim()) {
        Ok(v) if v.len() == 1 => Ok(v[0]),
        _ => Err(bad(format!("`{name}` is not one cell (write r3c4)"))),
    }
}

fn cells(list: &[String]) -> Result<Vec<Pos>, ApiError> {
    list.iter().map(|c| cell(c)).collect()
}

fn names(list: &[Pos]) -> String {
    list.iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The cells a table's key lists (empty when it lists none or cannot be read).
fn listed(t: &Table, key: &str) -> Vec<Pos> {
    t.get(key)
        .and_then(|i| i.as_str())
        .and_then(|s| parse_cell_list(s).ok())
        .unwrap_or_default()
}

/// Replaces a string value, keeping the spaces and comments around it.
fn set_str(item: &mut Item, text: &str) {
    match item.as_value_mut() {
        Some(v) => {
            let decor = v.decor().clone();
            *v = Value::from(text);
            *v.decor_mut() = decor;
        }
        None => *item = toml_edit::value(text),
    }
}

fn json_value(key: &str, v: &serde_json::Value) -> Result<Value, ApiError> {
    use serde_json::Value as J;
    Ok(match v {
        J::String(s) => Value::from(s.as_str()),
        J::Bool(b) => Value::from(*b),
        J::Number(n) => match n.as_i64() {
            Some(i) => Value::from(i),
            None => return Err(bad(format!("`{key}`: {n} is not an integer"))),
        },
        J::Array(items) => {
            let mut a = Array::new();
            for x in items {
                a.push(json_value(key, x)?);
            }
            Value::Array(a)
        }
        _ => {
            return Err(bad(format!(
                "`{key}`: give a string, an integer, a boolean or an array"
            )));
        }
    })
}

/// The array of tables `name`, made when missing.
fn tables<'d>(doc: &'d mut DocumentMut, name: &str) -> Result<&'d mut ArrayOfTables, ApiError> {
    let item = doc
        .entry(name)
        .or_insert(Item::ArrayOfTables(ArrayOfTables::new()));
    item.as_array_of_tables_mut().ok_or_else(|| {
        bad(format!(
            "`{name}` in this file is not a list of [[{name}]] tables"
        ))
    })
}

/// The tables of `name` when there are any.
fn tables_mut<'d>(doc: &'d mut DocumentMut, name: &str) -> Option<&'d mut ArrayOfTables> {
    doc.get_mut(name).and_then(|i| i.as_array_of_tables_mut())
}

/// Drops an empty array of tables, so no stray key is left.
fn tidy(doc: &mut DocumentMut, name: &str) {
    if tables_mut(doc, name).is_some_and(|a| a.is_empty()) {
        doc.remove(name);
    }
}

fn table_of(map: &serde_json::Map<String, serde_json::Value>) -> Result<Table, ApiError> {
    let mut keys: Vec<&String> = map.keys().collect();
    keys.sort_by_key(|k| {
        (
            KEY_ORDER.iter().position(|o| o == k).unwrap_or(usize::MAX),
            *k,
        )
    });
    let mut t = Table::new();
    for k in keys {
        t.insert(k, Item::Value(json_value(k, &map[k])?));
    }
    Ok(t)
}

fn add(
    text: &str,
    array: &str,
    table: &serde_json::Map<String, serde_json::Value>,
) -> Result<String, ApiError> {
    if !["rule", "cage", "shape"].contains(&array) {
        return Err(bad(format!(
            "array `{array}`: drawings add `rule`, `cage` or `shape` tables"
        )));
    }
    if table.is_empty() {
        return Err(bad("an empty table"));
    }
    let mut doc = document(text)?;
    let t = table_of(table)?;
    tables(&mut doc, array)?.push(t);
    Ok(doc.to_string())
}

fn is_type(t: &Table, ty: &str) -> bool {
    t.get("type").and_then(|i| i.as_str()) == Some(ty)
}

fn same_pair(text: &str, a: Pos, b: Pos) -> bool {
    match parse_cell_list(text) {
        Ok(v) if v.len() == 2 => (v[0] == a && v[1] == b) || (v[0] == b && v[1] == a),
        _ => false,
    }
}

/// Takes the pair out of every mark key of the table; whether it was there.
fn remove_pair(t: &mut Table, keys: &[&str], a: Pos, b: Pos) -> bool {
    let mut found = false;
    for key in keys {
        let Some(arr) = t.get_mut(key).and_then(|i| i.as_array_mut()) else {
            continue;
        };
        let before = arr.len();
        arr.retain(|v| !v.as_str().is_some_and(|s| same_pair(s, a, b)));
        found |= arr.len() != before;
        // The first mark gone, the new first keeps the space that followed a comma.
        if let Some(first) = arr.get_mut(0) {
            let prefix = first
                .decor()
                .prefix()
                .and_then(|p| p.as_str())
                .unwrap_or("");
            if !prefix.contains('\n') && !prefix.is_empty() {
                first.decor_mut().set_prefix("");
            }
        }
        if arr.is_empty() {
            t.remove(key);
        }
    }
    found
}

fn has_marks(t: &Table, keys: &[&str]) -> bool {
    keys.iter().any(|k| t.contains_key(k))
}

fn toggle_mark(
    text: &str,
    rule: &str,
    key: &str,
    pair: &[String; 2],
    value: Option<i64>,
) -> Result<String, ApiError> {
    let Some((_, keys)) = MARK_RULES.iter().find(|(r, _)| *r == rule) else {
        return Err(bad(format!(
            "rule `{rule}`: marks are kropki, xv, difference or ratio"
        )));
    };
    if !keys.contains(&key) {
        return Err(bad(format!(
            "a `{rule}` rule has no `{key}` marks (it has {})",
            keys.join(", ")
        )));
    }
    let (a, b) = (cell(&pair[0])?, cell(&pair[1])?);
    if a.row.abs_diff(b.row) + a.col.abs_diff(b.col) != 1 {
        return Err(bad(format!(
            "{a} and {b} are not side by side: a mark sits on the edge between two neighbours"
        )));
    }
    let default_value = match rule {
        "difference" => Some(1),
        "ratio" => Some(2),
        _ => None,
    };
    let wanted = value.or(default_value);
    let matches = |t: &Table| {
        is_type(t, rule)
            && (default_value.is_none()
                || t.get("value")
                    .and_then(|v| v.as_integer())
                    .or(default_value)
                    == wanted)
    };
    let mut doc = document(text)?;
    if let Some(rules) = tables_mut(&mut doc, "rule") {
        // The same mark again takes it away.
        for i in 0..rules.len() {
            let t = rules.get_mut(i).expect("index in range");
            if matches(t) && t.get(key).is_some() && remove_pair(t, &[key], a, b) {
                if !has_marks(t, keys) {
                    rules.remove(i);
                }
                tidy(&mut doc, "rule");
                return Ok(doc.to_string());
            }
        }
        let first = rules.iter().position(matches);
        if let Some(i) = first {
            let t = rules.get_mut(i).expect("index in range");
            let item = t
                .entry(key)
                .or_insert(Item::Value(Value::Array(Array::new())));
            let arr = item
                .as_array_mut()
                .ok_or_else(|| bad(format!("`{key}` of the `{rule}` rule is not an array")))?;
            arr.push(format!("{a} {b}"));
            return Ok(doc.to_string());
        }
    }
    let mut t = Table::new();
    t.insert("type", toml_edit::value(rule));
    if let (Some(v), true) = (value, value != default_value) {
        t.insert("value", toml_edit::value(v));
    }
    let mut arr = Array::new();
    arr.push(format!("{a} {b}"));
    t.insert(key, toml_edit::value(arr));
    tables(&mut doc, "rule")?.push(t);
    Ok(doc.to_string())
}

fn toggle_cells(text: &str, rule: &str, list: &[String]) -> Result<String, ApiError> {
    if !CELL_RULES.contains(&rule) {
        return Err(bad(format!(
            "rule `{rule}`: cell marks are {}",
            CELL_RULES.join(", ")
        )));
    }
    let want = cells(list)?;
    if want.is_empty() {
        return Err(bad("no cells"));
    }
    let mut doc = document(text)?;
    let first = tables_mut(&mut doc, "rule").and_then(|r| r.iter().position(|t| is_type(t, rule)));
    if let Some(i) = first {
        {
            let rules = tables_mut(&mut doc, "rule").expect("found above");
            let t = rules.get_mut(i).expect("index in range");
            let mut have = listed(t, "cells");
            if want.iter().all(|p| have.contains(p)) {
                have.retain(|p| !want.contains(p));
            } else {
                have.extend(
                    want.iter()
                        .filter(|p| !have.contains(p))
                        .collect::<Vec<_>>(),
                );
            }
            if have.is_empty() {
                rules.remove(i);
            } else {
                set_str(&mut t["cells"], &names(&have));
            }
            tidy(&mut doc, "rule");
            return Ok(doc.to_string());
        }
    }
    let mut t = Table::new();
    t.insert("type", toml_edit::value(rule));
    t.insert("cells", toml_edit::value(names(&want)));
    tables(&mut doc, "rule")?.push(t);
    Ok(doc.to_string())
}

/// Where a table stands in the file, for "the last one drawn": new tables count as last.
fn place_of(t: &Table) -> isize {
    t.position().unwrap_or(isize::MAX)
}

fn erase(
    text: &str,
    cell_name: Option<&str>,
    pair: Option<&[String; 2]>,
    at: Option<[i64; 2]>,
) -> Result<(String, Option<String>), ApiError> {
    let mut doc = document(text)?;
    let nothing = |doc: &DocumentMut| (doc.to_string(), Some("nothing drawn there".to_string()));
    match (cell_name, pair, at) {
        (None, None, Some([r, c])) => {
            let Some(rules) = tables_mut(&mut doc, "rule") else {
                return Ok(nothing(&doc));
            };
            let before = rules.len();
            rules.retain(|t| {
                let here = t
                    .get("at")
                    .and_then(|i| i.as_array())
                    .map(|a| a.iter().map(|v| v.as_integer()).collect::<Vec<_>>());
                here != Some(vec![Some(r), Some(c)])
            });
            if rules.len() == before {
                return Ok(nothing(&doc));
            }
            tidy(&mut doc, "rule");
        }
        (None, Some(pair), None) => {
            let (a, b) = (cell(&pair[0])?, cell(&pair[1])?);
            let Some(rules) = tables_mut(&mut doc, "rule") else {
                return Ok(nothing(&doc));
            };
            let mut found = false;
            let mut i = 0;
            while i < rules.len() {
                let t = rules.get_mut(i).expect("index in range");
                let keys = MARK_RULES
                    .iter()
                    .find(|(r, _)| is_type(t, r))
                    .map(|(_, k)| *k);
                if let Some(keys) = keys {
                    if remove_pair(t, keys, a, b) {
                        found = true;
                        if !has_marks(t, keys) {
                            rules.remove(i);
                            continue;
                        }
                    }
                }
                i += 1;
            }
            if !found {
                return Ok(nothing(&doc));
            }
            tidy(&mut doc, "rule");
        }
        (Some(name), None, None) => {
            let p = cell(name)?;
            // The last table drawn over the cell, over rules, cages and shapes.
            let mut best: Option<(isize, &str, usize)> = None;
            for array in ["rule", "cage", "shape"] {
                let Some(list) = tables_mut(&mut doc, array) else {
                    continue;
                };
                for (i, t) in list.iter().enumerate() {
                    let hit = CELL_KEYS.iter().any(|k| listed(t, k).contains(&p));
                    if hit && best.is_none_or(|(at, _, _)| place_of(t) >= at) {
                        best = Some((place_of(t), array, i));
                    }
                }
            }
            let Some((_, array, i)) = best else {
                return Ok(nothing(&doc));
            };
            let list = tables_mut(&mut doc, array).expect("found above");
            let t = list.get_mut(i).expect("found above");
            let per_cell = CELL_RULES.iter().any(|r| is_type(t, r));
            let left: Vec<Pos> = listed(t, "cells").into_iter().filter(|&q| q != p).collect();
            if per_cell && !left.is_empty() {
                set_str(&mut t["cells"], &names(&left));
            } else {
                list.remove(i);
                tidy(&mut doc, array);
            }
        }
        _ => return Err(bad("erase takes one of `cell`, `pair` and `at`")),
    }
    Ok((doc.to_string(), None))
}

/// The characters of a string value as written in the text, each with its byte offset, when
/// they are the value's own characters (no escapes); whitespace left out, as the loader does.
fn literal_chars(text: &str, span: Range<usize>) -> Option<Vec<(usize, char)>> {
    let raw = text.get(span.clone())?;
    let quote = if raw.starts_with("\"\"\"") || raw.starts_with("'''") {
        3
    } else if raw.starts_with('"') || raw.starts_with('\'') {
        1
    } else {
        return None;
    };
    let inner = raw.get(quote..raw.len().checked_sub(quote)?)?;
    if raw.starts_with('"') && inner.contains('\\') {
        return None;
    }
    Some(
        inner
            .char_indices()
            .filter(|(_, c)| !c.is_whitespace())
            .map(|(i, c)| (span.start + quote + i, c))
            .collect(),
    )
}

/// Replaces single characters of the text at byte offsets.
fn splice(text: &str, mut edits: Vec<(usize, char, char)>) -> String {
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    edits.dedup_by_key(|e| e.0);
    let mut out = text.to_string();
    for (at, old, new) in edits {
        out.replace_range(at..at + old.len_utf8(), new.encode_utf8(&mut [0; 4]));
    }
    out
}

/// The geometry the file describes (with built-in variants only), for edits that need to know
/// where cells are.
fn geometry_of(req: &EditRequest) -> Result<std::sync::Arc<Geometry>, ApiError> {
    let name = req.name.clone().unwrap_or_else(|| DEFAULT_NAME.to_string());
    guard_variant(&name, &req.toml).map_err(|d| {
        ApiError::unprocessable("the file names a variant that is not built in", vec![*d])
    })?;
    super::folder::analyze(&name, &req.toml)
        .geometry
        .ok_or_else(|| {
            ApiError::unprocessable(
                "the file describes no cells yet: fix its grid first",
                vec![],
            )
        })
}

/// A character that can stand in a string as it is written.
fn plain(ch: char) -> Result<char, ApiError> {
    if ch.is_whitespace() || matches!(ch, '"' | '\'' | '\\') {
        Err(bad(format!(
            "`{ch}` cannot be written into the string in place; edit the file by hand"
        )))
    } else {
        Ok(ch)
    }
}

fn one_char(s: &str, what: &str) -> Result<char, ApiError> {
    let mut it = s.chars();
    match (it.next(), it.next()) {
        (Some(c), None) => plain(c),
        _ => Err(bad(format!("{what}: one character, not `{s}`"))),
    }
}

fn set_givens(req: &EditRequest, list: &[(String, String)]) -> Result<String, ApiError> {
    let text = req.toml.as_str();
    let g = geometry_of(req)?;
    let sym = g.symbols();
    let mut want: Vec<(usize, Pos, char)> = Vec::new();
    for (name, s) in list {
        let p = cell(name)?;
        let c = g
            .cell_at(p)
            .ok_or_else(|| bad(format!("{p} is not a cell of this puzzle")))?;
        let ch = one_char(s, &format!("the given at {p}"))?;
        if ch != '.' && sym.index_of(ch).is_none() {
            return Err(bad(format!(
                "`{ch}` is not one of the symbols {}",
                sym.as_string()
            )));
        }
        want.push((c, p, ch));
    }
    let doc = toml_edit::Document::parse(text).map_err(|e| {
        ApiError::unprocessable(
            format!(
                "the file is not valid TOML, so givens cannot be written into it: fix the problem first ({})",
                e.message()
            ),
            vec![],
        )
    })?;
    let Some(item) = doc.get("givens") else {
        // No givens yet: a picture of the canvas, added after the other top-level keys.
        let mut values = vec![None; g.cell_count()];
        for &(c, _, ch) in &want {
            values[c] = sym.index_of(ch);
        }
        let block = format!(
            "givens = \"\"\"\n{}\"\"\"\n",
            super::generate::layout(&g, &values)
        );
        let at = load::top_level_spans(text)
            .last()
            .map(|(_, r)| r.end)
            .map(|end| end + text[end..].find('\n').map_or(text.len() - end, |n| n + 1));
        let mut out = text.to_string();
        match at {
            Some(at) => {
                let sep = if out[..at].ends_with('\n') { "" } else { "\n" };
                out.insert_str(at, &format!("{sep}{block}"));
            }
            None => {
                let head = out
                    .lines()
                    .take_while(|l| l.trim_start().starts_with('#'))
                    .map(|l| l.len() + 1)
                    .sum::<usize>()
                    .min(out.len());
                out.insert_str(head, &block);
            }
        }
        return Ok(out);
    };
    let unreadable = || {
        ApiError::unprocessable(
            "the givens are written in a way the page cannot edit in place (escapes, or a length that is neither the cells nor the canvas): edit them in the file",
            vec![],
        )
    };
    let mut edits = Vec::new();
    match item.as_value() {
        Some(Value::String(s)) => {
            let chars = s
                .span()
                .and_then(|sp| literal_chars(text, sp))
                .ok_or_else(unreadable)?;
            let canvas = (g.rows() * g.cols()) as usize;
            for &(c, p, ch) in &want {
                let slot = if chars.len() == g.cell_count() {
                    c
                } else if chars.len() == canvas {
                    ((p.row - 1) * g.cols() + (p.col - 1)) as usize
                } else {
                    return Err(unreadable());
                };
                let (at, old) = chars[slot];
                edits.push((at, old, ch));
            }
        }
        Some(Value::Array(arr)) => {
            if arr.len() != g.grids().len() {
                return Err(unreadable());
            }
            for &(_, p, ch) in &want {
                for (grid, v) in g.grids().iter().zip(arr.iter()) {
                    if !grid.contains(p) {
                        continue;
                    }
                    let chars = v
                        .span()
                        .and_then(|sp| literal_chars(text, sp))
                        .filter(|cs| cs.len() == grid.cell_count())
                        .ok_or_else(unreadable)?;
                    let slot =
                        ((p.row - grid.at.row) * grid.width + (p.col - grid.at.col)) as usize;
                    let (at, old) = chars[slot];
                    edits.push((at, old, ch));
                }
            }
        }
        _ => return Err(unreadable()),
    }
    Ok(splice(text, edits))
}

/// A `[[grid]]` table of the file: where it is and how large.
fn grid_place(t: &Table) -> Option<(Pos, u32)> {
    let size = t.get("size")?.as_integer()? as u32;
    let at = match t.get("at").and_then(|i| i.as_array()) {
        Some(a) => Pos::new(
            a.get(0)?.as_integer()? as u32,
            a.get(1)?.as_integer()? as u32,
        ),
        None => Pos::new(1, 1),
    };
    Some((at, size))
}

fn in_grid((at, size): (Pos, u32), p: Pos) -> bool {
    p.row >= at.row && p.col >= at.col && p.row < at.row + size && p.col < at.col + size
}

fn paint_region(
    req: &EditRequest,
    list: &[String],
    region: &str,
) -> Result<(String, Option<String>), ApiError> {
    let text = req.toml.as_str();
    let ch = one_char(region, "the region")?;
    if ch == '#' {
        return Err(bad("`#` cannot name a region"));
    }
    let want = cells(list)?;
    if want.is_empty() {
        return Err(bad("no cells"));
    }
    let mut doc = document(text)?;
    let grids: Vec<Option<(Pos, u32)>> = match tables_mut(&mut doc, "grid") {
        Some(g) => g.iter().map(grid_place).collect(),
        None => Vec::new(),
    };
    if grids.is_empty() {
        return paint_pieces(doc, &want, ch);
    }
    // The file's own grids: each cell's character in its grid's region map.
    let mut by_grid: Vec<Vec<Pos>> = vec![Vec::new(); grids.len()];
    for &p in &want {
        let i = grids
            .iter()
            .position(|g| g.is_some_and(|g| in_grid(g, p)))
            .ok_or_else(|| bad(format!("{p} is in no [[grid]] of this file")))?;
        by_grid[i].push(p);
    }
    let parsed = toml_edit::Document::parse(text).map_err(|e| bad(e.message().to_string()))?;
    let grid_tables = parsed["grid"]
        .as_array_of_tables()
        .expect("read above as an array of tables");
    let mut edits = Vec::new();
    let mut new_maps = Vec::new();
    for (i, cells) in by_grid.iter().enumerate() {
        if cells.is_empty() {
            continue;
        }
        let (at, size) = grids[i].expect("a grid holding a cell has a place");
        let slot = |p: Pos| ((p.row - at.row) * size + (p.col - at.col)) as usize;
        let t = grid_tables.get(i).expect("same tables");
        match t.get("regions") {
            Some(item) => {
                let chars = item
                    .span()
                    .and_then(|sp| literal_chars(text, sp))
                    .filter(|cs| cs.len() == (size * size) as usize)
                    .ok_or_else(|| {
                        ApiError::unprocessable(
                            "this grid's `regions` map is written in a way the page cannot edit in place: edit it in the file",
                            vec![],
                        )
                    })?;
                for &p in cells {
                    let (at, old) = chars[slot(p)];
                    edits.push((at, old, ch));
                }
            }
            None => {
                let mut map = vec!['.'; (size * size) as usize];
                for &p in cells {
                    map[slot(p)] = ch;
                }
                new_maps.push((i, size, map));
            }
        }
    }
    if new_maps.is_empty() {
        return Ok((splice(text, edits), None));
    }
    // Only grids without a map get one; those edits and splices never meet in one grid.
    let mut note = None;
    let list = tables_mut(&mut doc, "grid").expect("read above");
    for (i, size, map) in new_maps {
        let rows: String = map
            .chunks(size as usize)
            .map(|r| r.iter().collect::<String>() + "\n")
            .collect();
        let snippet = format!("regions = \"\"\"\n{rows}\"\"\"\n");
        let value = snippet
            .parse::<DocumentMut>()
            .expect("a region map parses")
            .remove("regions")
            .expect("just written");
        let t = list.get_mut(i).expect("same tables");
        if t.remove("box").is_some() {
            note = Some(
                "the grid's boxes were taken out: its painted regions take their place".to_string(),
            );
        }
        t.insert("regions", value);
    }
    Ok((doc.to_string(), note))
}

/// Regions on a grid the file does not define (a built-in's): `[[shape]]`s of kind `region`
/// named `piece X`; a cell painted moves out of the piece it was in.
fn paint_pieces(
    mut doc: DocumentMut,
    want: &[Pos],
    ch: char,
) -> Result<(String, Option<String>), ApiError> {
    let name = format!("piece {ch}");
    let mut target = None;
    if let Some(shapes) = tables_mut(&mut doc, "shape") {
        let mut i = 0;
        while i < shapes.len() {
            let t = shapes.get_mut(i).expect("index in range");
            let piece = t.get("kind").and_then(|k| k.as_str()) == Some("region")
                && t.get("name")
                    .and_then(|n| n.as_str())
                    .is_some_and(|n| n.starts_with("piece "));
            if !piece {
                i += 1;
                continue;
            }
            if t.get("name").and_then(|n| n.as_str()) == Some(name.as_str()) && ch != '.' {
                target = Some(i);
            }
            let have = listed(t, "cells");
            let left: Vec<Pos> = have.iter().copied().filter(|p| !want.contains(p)).collect();
            if left.is_empty() && target != Some(i) {
                shapes.remove(i);
                continue;
            }
            if left.len() != have.len() {
                set_str(&mut t["cells"], &names(&left));
            }
            i += 1;
        }
    }
    if ch != '.' {
        match target {
            Some(i) => {
                let t = tables_mut(&mut doc, "shape")
                    .and_then(|s| s.get_mut(i))
                    .expect("found above");
                let mut have = listed(t, "cells");
                have.extend_from_slice(want);
                set_str(&mut t["cells"], &names(&have));
            }
            None => {
                let mut t = Table::new();
                t.insert("name", toml_edit::value(name));
                t.insert("kind", toml_edit::value("region"));
                t.insert("cells", toml_edit::value(names(want)));
                tables(&mut doc, "shape")?.push(t);
            }
        }
    }
    tidy(&mut doc, "shape");
    Ok((doc.to_string(), None))
}
