//! The f-puzzles keys that become engine rules with keys of their own (arrows, dots, little
//! killers, ...), one [`super::fpuzzles::Map::Custom`] function each.

use super::ImportError;
use super::draft::{Draft, Rc, RuleDraft, SYMBOLS, cell_list};
use super::fpuzzles_cells::{cells_of, lines, list, rc_list};
use crate::load::toml_string;
use serde_json::Value;

fn rule(kind: &str, origin: String, cells: Vec<Rc>, keys: Vec<(String, String)>) -> RuleDraft {
    RuleDraft {
        kind: kind.into(),
        cells,
        keys,
        origin,
    }
}

fn cells_key(cells: &[Rc]) -> String {
    toml_string(&cell_list(cells))
}

/// An element's `value` as text: f-puzzles writes numbers as strings or numbers.
fn value_text(item: &Value) -> Option<String> {
    match item.get("value") {
        Some(Value::String(s)) if !s.trim().is_empty() => Some(s.trim().to_string()),
        Some(Value::Number(n)) => Some(n.to_string()),
        _ => None,
    }
}

/// `{lines, cells}`: each line an arrow from the circle `cells`. f-puzzles starts each line on
/// the circle, which the engine's arrow does not include.
pub(super) fn arrows(v: &Value, key: &str, d: &mut Draft) -> Result<(), ImportError> {
    for (i, item) in list(key, v)?.iter().enumerate() {
        let circle = cells_of(key, i, item, d.size)?;
        for line in lines(key, i, item, d.size)? {
            let shaft: Vec<Rc> = line
                .into_iter()
                .skip_while(|c| circle.contains(c))
                .collect();
            if shaft.is_empty() {
                return Err(ImportError::key(
                    key,
                    format!(
                        "`{key}` {} has a line with no cells outside its circle",
                        i + 1
                    ),
                ));
            }
            let keys = vec![("circle".into(), cells_key(&circle))];
            d.rules
                .push(rule("arrow", format!("`{key}` {}", i + 1), shaft, keys));
        }
    }
    Ok(())
}

/// German whispers: neighbours differ by at least half the alphabet, rounded up (5 on a 9x9,
/// the engine's default, which is written out on other sizes).
pub(super) fn whispers(v: &Value, key: &str, d: &mut Draft) -> Result<(), ImportError> {
    let least = d.size.div_ceil(2);
    for (i, item) in list(key, v)?.iter().enumerate() {
        for line in lines(key, i, item, d.size)? {
            let keys = if least == 5 {
                Vec::new()
            } else {
                vec![("difference".to_string(), least.to_string())]
            };
            d.rules
                .push(rule("whispers", format!("`{key}` {}", i + 1), line, keys));
        }
    }
    if least != 5 && !list(key, v)?.is_empty() {
        d.readings.push(format!(
            "`{key}`: on a {0}x{0} grid, neighbours differ by at least {least}",
            d.size
        ));
    }
    Ok(())
}

/// Dots `{cells: [a, b], value?}`, one `[[rule]]` of `kind` per distinct value (the rule's
/// default when none is written) listing its pairs.
fn dots(v: &Value, key: &str, kind: &str, d: &mut Draft) -> Result<(), ImportError> {
    let mut groups: Vec<(Option<i64>, Vec<String>)> = Vec::new();
    for (i, item) in list(key, v)?.iter().enumerate() {
        let cells = cells_of(key, i, item, d.size)?;
        if cells.len() != 2 {
            return Err(ImportError::key(
                key,
                format!("`{key}` {} ({}) is not two cells", i + 1, cell_list(&cells)),
            ));
        }
        let value = match value_text(item) {
            None => None,
            Some(t) => Some(t.parse::<i64>().map_err(|_| {
                ImportError::key(
                    key,
                    format!(
                        "`{key}` {} has the value `{t}`, which is not a whole number",
                        i + 1
                    ),
                )
            })?),
        };
        let pair = toml_string(&cell_list(&cells));
        match groups.iter_mut().find(|g| g.0 == value) {
            Some(g) => g.1.push(pair),
            None => groups.push((value, vec![pair])),
        }
    }
    for (value, pairs) in groups {
        let mut keys = vec![("pairs".into(), format!("[{}]", pairs.join(", ")))];
        if let Some(x) = value {
            keys.push(("value".into(), x.to_string()));
        }
        d.rules
            .push(rule(kind, format!("`{key}`"), Vec::new(), keys));
    }
    Ok(())
}

/// White kropki dots: `difference` (1 unless a value is written).
pub(super) fn difference(v: &Value, key: &str, d: &mut Draft) -> Result<(), ImportError> {
    dots(v, key, "difference", d)
}

/// Black kropki dots: `ratio` (2 unless a value is written).
pub(super) fn ratio(v: &Value, key: &str, d: &mut Draft) -> Result<(), ImportError> {
    dots(v, key, "ratio", d)
}

/// `{cells: [a, b], value: "X" | "V"}`.
pub(super) fn xv(v: &Value, key: &str, d: &mut Draft) -> Result<(), ImportError> {
    let (mut x, mut five) = (Vec::new(), Vec::new());
    for (i, item) in list(key, v)?.iter().enumerate() {
        let cells = cells_of(key, i, item, d.size)?;
        let pair = toml_string(&cell_list(&cells));
        match value_text(item).map(|t| t.to_ascii_uppercase()).as_deref() {
            Some("X") if cells.len() == 2 => x.push(pair),
            Some("V") if cells.len() == 2 => five.push(pair),
            _ => {
                return Err(ImportError::key(
                    key,
                    format!("`{key}` {} must be two cells marked `X` or `V`", i + 1),
                ));
            }
        }
    }
    let mut keys = Vec::new();
    for (name, marks) in [("x", x), ("v", five)] {
        if !marks.is_empty() {
            keys.push((name.to_string(), format!("[{}]", marks.join(", "))));
        }
    }
    if !keys.is_empty() {
        d.rules
            .push(rule("xv", format!("`{key}`"), Vec::new(), keys));
    }
    Ok(())
}

/// `negative`: the f-puzzles constraints (`ratio`, `difference`, `xv`) whose absent marks are
/// a rule too. It turns on `negative` in the rule of the default value (1 apart, ratio 2,
/// X and V), adding that rule without marks when the puzzle has none.
pub(super) fn negative(v: &Value, key: &str, d: &mut Draft) -> Result<(), ImportError> {
    for name in list(key, v)? {
        let kind = match name.as_str() {
            Some("difference") => "difference",
            Some("ratio") => "ratio",
            Some("xv") => "xv",
            _ => {
                return Err(ImportError::key(
                    key,
                    format!(
                        "the puzzle uses the negative constraint {name}, which shapedoku does not support (yet)"
                    ),
                ));
            }
        };
        let default = |r: &RuleDraft| r.kind == kind && !r.keys.iter().any(|k| k.0 == "value");
        if !d.rules.iter().any(default) {
            let marks = if kind == "xv" { "x" } else { "pairs" };
            let keys = vec![(marks.to_string(), "[]".to_string())];
            d.rules
                .push(rule(kind, format!("`{key}` {kind}"), Vec::new(), keys));
        }
        if let Some(r) = d.rules.iter_mut().find(|r| default(r)) {
            r.keys.push(("negative".into(), "true".into()));
        }
    }
    Ok(())
}

/// `{cells, values}`: the values that must appear among the cells.
pub(super) fn quadruple(v: &Value, key: &str, d: &mut Draft) -> Result<(), ImportError> {
    for (i, item) in list(key, v)?.iter().enumerate() {
        let cells = cells_of(key, i, item, d.size)?;
        let bad = || {
            ImportError::key(
                key,
                format!(
                    "`{key}` {}: its values must be a list of values from 1 to {}",
                    i + 1,
                    d.size
                ),
            )
        };
        let values = item
            .get("values")
            .and_then(Value::as_array)
            .ok_or_else(bad)?;
        let mut symbols = String::new();
        for x in values {
            let n = x
                .as_u64()
                .or_else(|| x.as_str().and_then(|s| s.trim().parse().ok()))
                .filter(|n| (1..=u64::from(d.size)).contains(n))
                .ok_or_else(bad)?;
            symbols.extend(SYMBOLS.chars().nth(n as usize - 1));
        }
        let keys = vec![("symbols".into(), toml_string(&symbols))];
        d.rules
            .push(rule("quadruple", format!("`{key}` {}", i + 1), cells, keys));
    }
    Ok(())
}

/// `{cell, direction, value}`: the clue sits outside the grid, `R0C1` above r1c1.
pub(super) fn little_killer(v: &Value, key: &str, d: &mut Draft) -> Result<(), ImportError> {
    for (i, item) in list(key, v)?.iter().enumerate() {
        let place = format!("`{key}` {}", i + 1);
        let at = item
            .get("cell")
            .and_then(Value::as_str)
            .and_then(|s| outside(s, d.size))
            .ok_or_else(|| {
                ImportError::key(key, format!("{place} has no clue cell such as \"R0C1\""))
            })?;
        let direction = match item.get("direction").and_then(Value::as_str) {
            Some("DR") => "down-right",
            Some("DL") => "down-left",
            Some("UR") => "up-right",
            Some("UL") => "up-left",
            _ => {
                return Err(ImportError::key(
                    key,
                    format!("{place} has no direction `DR`, `DL`, `UR` or `UL`"),
                ));
            }
        };
        let total = value_text(item)
            .and_then(|t| t.parse::<i64>().ok())
            .ok_or_else(|| {
                ImportError::key(
                    key,
                    format!(
                        "{place} has no total: a little killer without one is not supported yet"
                    ),
                )
            })?;
        let keys = vec![
            ("at".into(), format!("[{}, {}]", at.0, at.1)),
            ("direction".into(), toml_string(direction)),
            ("total".into(), total.to_string()),
        ];
        d.rules.push(rule("little-killer", place, Vec::new(), keys));
    }
    Ok(())
}

/// `{cell, value}` of a sandwich, X-sum or skyscraper clue: `cell` sits outside the grid
/// (`R0C3` above column 3, `R3C10` right of row 3 on a 9x9), and the clue reads the row or
/// column from there. A clue without a value is only a mark and is left out.
fn outside_clue(
    kind: &str,
    number_key: &str,
    v: &Value,
    key: &str,
    d: &mut Draft,
) -> Result<(), ImportError> {
    for (i, item) in list(key, v)?.iter().enumerate() {
        let place = format!("`{key}` {}", i + 1);
        let at = item
            .get("cell")
            .and_then(Value::as_str)
            .and_then(|s| outside(s, d.size))
            .ok_or_else(|| {
                ImportError::key(key, format!("{place} has no clue cell such as \"R0C1\""))
            })?;
        let Some(text) = value_text(item) else {
            continue;
        };
        let n = text.parse::<i64>().map_err(|_| {
            ImportError::key(key, format!("{place}: `{text}` is not a whole number"))
        })?;
        let keys = vec![
            ("at".into(), format!("[{}, {}]", at.0, at.1)),
            (number_key.into(), n.to_string()),
        ];
        d.rules.push(rule(kind, place, Vec::new(), keys));
    }
    Ok(())
}

/// `sandwichsum`: see [`outside_clue`].
pub(super) fn sandwich(v: &Value, key: &str, d: &mut Draft) -> Result<(), ImportError> {
    outside_clue("sandwich", "total", v, key, d)
}

/// `xsum`: see [`outside_clue`].
pub(super) fn x_sum(v: &Value, key: &str, d: &mut Draft) -> Result<(), ImportError> {
    outside_clue("x-sum", "total", v, key, d)
}

/// `skyscraper`: see [`outside_clue`].
pub(super) fn skyscraper(v: &Value, key: &str, d: &mut Draft) -> Result<(), ImportError> {
    outside_clue("skyscraper", "count", v, key, d)
}

/// A clue cell in row or column 0, which `parse_rc` does not take.
fn outside(s: &str, size: u32) -> Option<Rc> {
    let u = s.trim().to_ascii_uppercase();
    let (r, c) = u.strip_prefix('R')?.split_once('C')?;
    let (r, c) = (r.parse::<u32>().ok()?, c.parse::<u32>().ok()?);
    (r <= size + 1 && c <= size + 1).then_some((r, c))
}

/// `{cells, cloneCells}`: the second list copies the first.
pub(super) fn clone(v: &Value, key: &str, d: &mut Draft) -> Result<(), ImportError> {
    for (i, item) in list(key, v)?.iter().enumerate() {
        let cells = cells_of(key, i, item, d.size)?;
        let copy = rc_list(key, i, item.get("cloneCells"), d.size)?;
        let keys = vec![("copy".into(), cells_key(&copy))];
        d.rules
            .push(rule("clone", format!("`{key}` {}", i + 1), cells, keys));
    }
    Ok(())
}
