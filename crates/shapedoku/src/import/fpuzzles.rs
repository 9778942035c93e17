//! f-puzzles JSON → [`Draft`]. Each top-level key is imported by its entry in [`KEYS`]; a key
//! that is not there is refused by name, so nothing the engine does not understand is lost
//! silently. Adding a rule is one entry: a line rule (`renban`, ...) is
//! `("renban", Map::Lines("renban"))`; a pair or cell rule (`difference`, `odd`) a
//! [`Map::Custom`] function of a few lines pushing one [`RuleDraft`] per item, its cells read
//! by `cells_of` (`fpuzzles_cells.rs`).

use super::ImportError;
use super::draft::{Cage, Draft, MAX_SIZE, Rc, Region, RuleDraft, cell_list};
use super::fpuzzles_cells::{cells_of, lines, list, parse_rc, rc_list};
use serde_json::{Map as Object, Value};

/// How one top-level key is imported.
#[derive(Clone, Copy)]
pub(super) enum Map {
    /// Read elsewhere (`size`, `grid`), or about the editor rather than the puzzle.
    Skip,
    /// `title`, `author`, `ruleset`.
    Title,
    Author,
    Rules,
    /// The solution, a list of values row by row.
    Solution,
    /// A boolean for the ↘ (0) or ↗ (1) diagonal.
    Diagonal(usize),
    /// A boolean that turns on a global `[[rule]]` of this type.
    Global(&'static str),
    /// A list of `{lines: [[cells]]}`: one `[[rule]]` of this type per line, in order.
    Lines(&'static str),
    /// A list of `{cell}` (or `{cells}`): one `[[rule]]` of this type per element, on its cells.
    Cells(&'static str),
    /// Killer cages: `{cells, value}`.
    Killer,
    /// Extra no-repeat regions: `{cells}`.
    ExtraRegion,
    /// Drawn only: lines, circles, text, ... whose meaning lives in the rules text.
    Cosmetic,
    /// `cage`: a drawn cage, or (SudokuPad's habit) metadata such as `title: ...`.
    Cage,
    /// Anything else.
    Custom(fn(&Value, &str, &mut Draft) -> Result<(), ImportError>),
}

/// Every top-level key the importer knows.
pub(super) const KEYS: &[(&str, Map)] = &[
    ("size", Map::Skip),
    ("grid", Map::Skip),
    ("disabledlogic", Map::Skip),
    ("truecandidatesoptions", Map::Skip),
    ("title", Map::Title),
    ("author", Map::Author),
    ("ruleset", Map::Rules),
    ("solution", Map::Solution),
    ("diagonal-", Map::Diagonal(0)),
    ("diagonal+", Map::Diagonal(1)),
    ("antiknight", Map::Global("anti-knight")),
    ("antiking", Map::Global("anti-king")),
    ("nonconsecutive", Map::Global("nonconsecutive")),
    ("disjointgroups", Map::Global("disjoint-groups")),
    ("thermometer", Map::Lines("thermo")),
    ("renban", Map::Lines("renban")),
    ("whispers", Map::Custom(super::fpuzzles_rules::whispers)),
    ("palindrome", Map::Lines("palindrome")),
    ("betweenline", Map::Lines("between")),
    ("arrow", Map::Custom(super::fpuzzles_rules::arrows)),
    ("odd", Map::Cells("odd")),
    ("even", Map::Cells("even")),
    ("minimum", Map::Cells("minimum")),
    ("maximum", Map::Cells("maximum")),
    ("difference", Map::Custom(super::fpuzzles_rules::difference)),
    ("ratio", Map::Custom(super::fpuzzles_rules::ratio)),
    ("xv", Map::Custom(super::fpuzzles_rules::xv)),
    ("quadruple", Map::Custom(super::fpuzzles_rules::quadruple)),
    (
        "littlekiller",
        Map::Custom(super::fpuzzles_rules::little_killer),
    ),
    ("clone", Map::Custom(super::fpuzzles_rules::clone)),
    ("sandwichsum", Map::Custom(super::fpuzzles_rules::sandwich)),
    ("xsum", Map::Custom(super::fpuzzles_rules::x_sum)),
    ("skyscraper", Map::Custom(super::fpuzzles_rules::skyscraper)),
    ("killercage", Map::Killer),
    ("extraregion", Map::ExtraRegion),
    ("cage", Map::Cage),
    ("line", Map::Cosmetic),
    ("circle", Map::Cosmetic),
    ("rectangle", Map::Cosmetic),
    ("text", Map::Cosmetic),
    // After `difference`, `ratio` and `xv`: it turns on the negative constraint of their rules.
    ("negative", Map::Custom(super::fpuzzles_rules::negative)),
];

/// The keys of a cell of `grid` and whether they matter: a given's value, its region, and
/// colours and pencil marks, which do not.
const CELL_KEYS: &[&str] = &[
    "value",
    "given",
    "region",
    "c",
    "cArray",
    "highlight",
    "centerPencilMarks",
    "cornerPencilMarks",
    "givenPencilMarks",
    "candidates",
];

/// Imports an f-puzzles puzzle.
pub(super) fn import(v: &Value) -> Result<Draft, ImportError> {
    let obj = v
        .as_object()
        .ok_or_else(|| ImportError::new("an f-puzzles puzzle is a JSON object"))?;
    let size = obj
        .get("size")
        .and_then(Value::as_u64)
        .filter(|&s| (1..=u64::from(MAX_SIZE)).contains(&s))
        .ok_or_else(|| ImportError::new(format!("`size` must be a number from 1 to {MAX_SIZE}")))?
        as u32;
    let mut d = Draft::new(size);
    grid(obj, &mut d)?;
    // Every unknown key is named at once, before any work on the known ones.
    let unknown: Vec<&String> = obj
        .keys()
        .filter(|k| !KEYS.iter().any(|e| e.0 == k.as_str()))
        .collect();
    if let Some(first) = unknown.first() {
        let names: Vec<String> = unknown.iter().map(|k| format!("`{k}`")).collect();
        return Err(ImportError::key(
            first.as_str(),
            format!(
                "the puzzle uses {} {}, which shapedoku does not support (yet)",
                if unknown.len() == 1 {
                    "the constraint"
                } else {
                    "the constraints"
                },
                names.join(", ")
            ),
        ));
    }
    for (key, map) in KEYS {
        if let Some(value) = obj.get(*key) {
            apply(*map, key, value, &mut d)?;
        }
    }
    Ok(d)
}

fn apply(map: Map, key: &str, v: &Value, d: &mut Draft) -> Result<(), ImportError> {
    let text = || {
        v.as_str()
            .map(str::to_string)
            .filter(|s| !s.trim().is_empty())
    };
    match map {
        Map::Skip => {}
        Map::Title => d.title = text(),
        Map::Author => d.author = text(),
        Map::Rules => d.rules_text = text(),
        Map::Solution => solution(v, d)?,
        Map::Diagonal(i) => d.diagonals[i] |= flag(key, v)?,
        Map::Global(kind) => {
            if flag(key, v)? {
                d.rules.push(RuleDraft {
                    kind: kind.into(),
                    cells: Vec::new(),
                    keys: Vec::new(),
                    origin: format!("`{key}`"),
                });
            }
        }
        Map::Lines(kind) => {
            for (i, item) in list(key, v)?.iter().enumerate() {
                for line in lines(key, i, item, d.size)? {
                    d.rules.push(RuleDraft {
                        kind: kind.into(),
                        origin: format!("`{key}` {}", i + 1),
                        cells: line,
                        keys: Vec::new(),
                    });
                }
            }
        }
        Map::Cells(kind) => {
            for (i, item) in list(key, v)?.iter().enumerate() {
                let cells = match item.get("cell") {
                    Some(c) => rc_list(key, i, Some(&Value::Array(vec![c.clone()])), d.size)?,
                    None => cells_of(key, i, item, d.size)?,
                };
                d.rules.push(RuleDraft {
                    kind: kind.into(),
                    origin: format!("`{key}` {}", i + 1),
                    cells,
                    keys: Vec::new(),
                });
            }
        }
        Map::Killer => killers(key, v, d)?,
        Map::ExtraRegion => {
            for (i, item) in list(key, v)?.iter().enumerate() {
                let cells = cells_of(key, i, item, d.size)?;
                d.extra_regions.push(Region {
                    cells,
                    origin: format!("`{key}` {}", i + 1),
                });
            }
        }
        Map::Cosmetic => cosmetic(key, v, d)?,
        Map::Cage => cages(key, v, d)?,
        Map::Custom(f) => f(v, key, d)?,
    }
    Ok(())
}

fn flag(key: &str, v: &Value) -> Result<bool, ImportError> {
    v.as_bool()
        .ok_or_else(|| ImportError::key(key, format!("`{key}` must be true or false")))
}

fn killers(key: &str, v: &Value, d: &mut Draft) -> Result<(), ImportError> {
    for (i, item) in list(key, v)?.iter().enumerate() {
        let cells = cells_of(key, i, item, d.size)?;
        let value = match item.get("value") {
            Some(Value::String(s)) => s.trim().to_string(),
            Some(Value::Number(n)) => n.to_string(),
            _ => String::new(),
        };
        let place = format!("`{key}` {} ({})", i + 1, cell_list(&cells));
        if value.is_empty() {
            return Err(ImportError::key(
                key,
                format!("{place} has no total: a cage without a total is not supported yet"),
            ));
        }
        let sum = value.parse::<i64>().map_err(|_| {
            ImportError::key(
                key,
                format!("{place} has the total `{value}`, which is not a whole number"),
            )
        })?;
        d.cages.push(Cage {
            cells,
            sum,
            origin: format!("`{key}` {}", i + 1),
        });
    }
    Ok(())
}

/// Where a drawn element is, for the list of what was left out.
fn describe(key: &str, i: usize, item: &Value, size: u32) -> String {
    let mut cells: Vec<Rc> = Vec::new();
    for k in ["cells", "cell"] {
        match item.get(k) {
            Some(Value::Array(a)) => cells.extend(
                a.iter()
                    .filter_map(|x| x.as_str())
                    .filter_map(|s| parse_rc(s, size)),
            ),
            Some(Value::String(s)) => cells.extend(parse_rc(s, size)),
            _ => {}
        }
    }
    if let Some(Value::Array(ls)) = item.get("lines") {
        for l in ls.iter().filter_map(Value::as_array) {
            cells.extend(
                l.iter()
                    .filter_map(|x| x.as_str())
                    .filter_map(|s| parse_rc(s, size)),
            );
        }
    }
    let text = item
        .get("value")
        .and_then(|x| {
            x.as_str()
                .map(str::to_string)
                .or_else(|| x.as_number().map(|n| n.to_string()))
        })
        .filter(|s| !s.is_empty())
        .map(|s| format!(" reading `{s}`"))
        .unwrap_or_default();
    format!("`{key}` {} ({}){text}", i + 1, cell_list(&cells))
}

fn cosmetic(key: &str, v: &Value, d: &mut Draft) -> Result<(), ImportError> {
    for (i, item) in list(key, v)?.iter().enumerate() {
        d.left_out.push(describe(key, i, item, d.size));
    }
    Ok(())
}

/// A metadata line as SudokuPad writes it, `title: ...`: the name and the value.
pub(super) fn meta_line(s: &str) -> Option<(&str, &str)> {
    let (k, v) = s.split_once(':')?;
    (!k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric())).then_some((k, v.trim()))
}

/// Sets a metadata field from a `name: value` line; false when the name is not one kept.
pub(super) fn set_meta(d: &mut Draft, name: &str, value: &str) -> Result<bool, ImportError> {
    let v = Some(value.to_string()).filter(|s| !s.is_empty());
    match name {
        "title" => d.title = d.title.take().or(v),
        "author" => d.author = d.author.take().or(v),
        "rules" => d.rules_text = d.rules_text.take().or(v),
        "solution" if d.solution.is_none() => solution(&Value::String(value.into()), d)?,
        "solution" => {}
        _ => return Ok(false),
    }
    Ok(true)
}

fn cages(key: &str, v: &Value, d: &mut Draft) -> Result<(), ImportError> {
    for (i, item) in list(key, v)?.iter().enumerate() {
        let value = item.get("value").and_then(Value::as_str).unwrap_or("");
        if let Some((name, text)) = meta_line(value) {
            if set_meta(d, name, text)? {
                continue;
            }
            d.left_out
                .push(format!("`{key}` {}: the metadata `{name}`", i + 1));
            continue;
        }
        d.left_out.push(describe(key, i, item, d.size));
    }
    Ok(())
}

/// A solution: a list of values row by row, or a string of digits. An incomplete one (blanks,
/// zeros) is left out, said so.
pub(super) fn solution(v: &Value, d: &mut Draft) -> Result<(), ImportError> {
    let n = (d.size * d.size) as usize;
    let values: Vec<Option<u32>> = match v {
        Value::Array(a) => a.iter().map(|x| x.as_u64().map(|x| x as u32)).collect(),
        Value::String(s) if s.contains(',') => {
            s.split(',').map(|x| x.trim().parse().ok()).collect()
        }
        Value::String(s) => s.chars().map(|c| c.to_digit(10)).collect(),
        _ => {
            return Err(ImportError::key(
                "solution",
                "`solution` must be a list of values",
            ));
        }
    };
    let ok = values.len() == n
        && values
            .iter()
            .all(|x| x.is_some_and(|x| (1..=d.size).contains(&x)));
    if ok {
        d.solution = Some(values.into_iter().flatten().collect());
    } else if values.iter().any(|x| x.is_some_and(|x| x > 0)) {
        d.left_out.push(format!(
            "the solution: it is incomplete or not {n} values from 1 to {}",
            d.size
        ));
    }
    Ok(())
}

/// Givens and regions from `grid`, a size-by-size list of cell objects.
fn grid(obj: &Object<String, Value>, d: &mut Draft) -> Result<(), ImportError> {
    let n = d.size as usize;
    let bad = || ImportError::key("grid", format!("`grid` must be {n} rows of {n} cells"));
    let rows = obj.get("grid").and_then(Value::as_array).ok_or_else(bad)?;
    if rows.len() != n {
        return Err(bad());
    }
    let (h, w) = super::draft::box_shape(d.size);
    let mut regions = Vec::with_capacity(n * n);
    let mut coloured = Vec::new();
    let mut explicit_region = false;
    for (r, row) in rows.iter().enumerate() {
        let row = row.as_array().filter(|x| x.len() == n).ok_or_else(bad)?;
        for (c, cell) in row.iter().enumerate() {
            let rc = (r as u32 + 1, c as u32 + 1);
            let place = format!("r{}c{}", rc.0, rc.1);
            let cell = cell.as_object().ok_or_else(bad)?;
            if let Some(k) = cell.keys().find(|k| !CELL_KEYS.contains(&k.as_str())) {
                return Err(ImportError::key(
                    k,
                    format!(
                        "the cell {place} of `grid` has `{k}`, which shapedoku does not support (yet)"
                    ),
                ));
            }
            if cell.get("given").and_then(Value::as_bool) == Some(true) {
                let v = cell
                    .get("value")
                    .and_then(Value::as_u64)
                    .filter(|&v| (1..=n as u64).contains(&v));
                let v = v.ok_or_else(|| {
                    ImportError::key(
                        "grid",
                        format!("the given at {place} is not a value from 1 to {n}"),
                    )
                })?;
                d.givens[r * n + c] = Some(v as u32);
            }
            let default = Some(((r as u32 / h) * h + c as u32 / w) as i64);
            regions.push(match cell.get("region") {
                None => default,
                Some(Value::Null) => None,
                Some(x) => {
                    explicit_region = true;
                    Some(x.as_i64().ok_or_else(|| {
                        ImportError::key("grid", format!("the region of {place} is not a number"))
                    })?)
                }
            });
            if ["c", "cArray", "highlight"]
                .iter()
                .any(|k| cell.get(*k).is_some_and(|x| !x.is_null()))
            {
                coloured.push(rc);
            }
        }
    }
    if explicit_region || regions.iter().any(Option::is_none) {
        d.regions = regions;
    }
    if !coloured.is_empty() {
        d.left_out.push(format!(
            "{} coloured cells ({})",
            coloured.len(),
            cell_list(&coloured)
        ));
    }
    Ok(())
}
