//! The f-puzzles keys that become engine rules with keys of their own (arrows, lines read with
//! care, outside clues, indexers, clones, quadruples), one [`crate::import::fpuzzles::Map::Custom`]
//! function each. The kropki dots and the cell rules, whose keys are read together, are in
//! `fpuzzles/marks.rs`.

use crate::import::ImportError;
use crate::import::draft::{Draft, Rc, Region, RuleDraft, SYMBOLS, cell_list};
use crate::import::fpuzzles::cells::{cells_of, lines, list, rc_list, value_text};
use crate::load::toml_string;
use serde_json::Value;

pub(in crate::import) use crate::import::fpuzzles::marks::{cell_rules, dots};

pub(in crate::import) fn rule(
    kind: &str,
    origin: String,
    cells: Vec<Rc>,
    keys: Vec<(String, String)>,
) -> RuleDraft {
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

/// The region of a cell: its box unless the grid lists regions; `None` for a cell in none.
pub(in crate::import) fn region_of(d: &Draft, (r, c): Rc) -> Option<i64> {
    if d.regions.is_empty() {
        let (h, w) = crate::import::draft::box_shape(d.size);
        return Some(i64::from(((r - 1) / h) * h + (c - 1) / w));
    }
    d.regions[((r - 1) * d.size + (c - 1)) as usize]
}

/// `{lines, cells}`: each line an arrow from the circle (or pill) `cells`. f-puzzles starts
/// each line on the circle and sums the line from its second cell on; the pill's digits are
/// read in the order its cells are written. An entry without lines has nothing to sum and is
/// only drawn.
pub(in crate::import) fn arrows(v: &Value, key: &str, d: &mut Draft) -> Result<(), ImportError> {
    for (i, item) in list(key, v)?.iter().enumerate() {
        let circle = cells_of(key, i, item, d.size)?;
        let shafts = match item.get("lines") {
            None | Some(Value::Null) => Vec::new(),
            Some(_) => lines(key, i, item, d.size)?,
        };
        if shafts.iter().all(|l| l.len() < 2) {
            d.left_out.push(format!(
                "`{key}` {} ({}): a circle without an arrow",
                i + 1,
                cell_list(&circle)
            ));
            continue;
        }
        for line in shafts {
            let shaft: Vec<Rc> = line.into_iter().skip(1).collect();
            if shaft.is_empty() || shaft.iter().any(|c| circle.contains(c)) {
                return Err(ImportError::key(
                    key,
                    format!(
                        "`{key}` {} ({}) has a line that does not leave its circle",
                        i + 1,
                        cell_list(&circle)
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

/// Whispers: neighbours differ by at least `value`, or without one by half the size rounded
/// up (German whispers: 5 on a 9x9, the engine's default). The constraint plug-in writes
/// Dutch whispers as whispers of one less.
pub(in crate::import) fn whispers(v: &Value, key: &str, d: &mut Draft) -> Result<(), ImportError> {
    for (i, item) in list(key, v)?.iter().enumerate() {
        let least = match value_text(item) {
            None => i64::from(d.size.div_ceil(2)),
            Some(t) => t.parse::<i64>().ok().filter(|&x| x >= 0).ok_or_else(|| {
                ImportError::key(
                    key,
                    format!(
                        "`{key}` {} has the difference `{t}`, not a whole number",
                        i + 1
                    ),
                )
            })?,
        };
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
    Ok(())
}

/// Region-sum lines: f-puzzles splits a line where it passes into another region, and sums
/// nothing in a cell that is in no region; the engine makes such a cell a run of its own, so
/// that case is refused.
pub(in crate::import) fn region_sum(
    v: &Value,
    key: &str,
    d: &mut Draft,
) -> Result<(), ImportError> {
    for (i, item) in list(key, v)?.iter().enumerate() {
        for line in lines(key, i, item, d.size)? {
            if let Some(&(r, c)) = line.iter().find(|&&rc| region_of(d, rc).is_none()) {
                return Err(ImportError::key(
                    key,
                    format!(
                        "`{key}` {} crosses r{r}c{c}, which is in no region: f-puzzles sums no run there and the engine has no such line",
                        i + 1
                    ),
                ));
            }
            d.rules.push(rule(
                "region-sum",
                format!("`{key}` {}", i + 1),
                line,
                Vec::new(),
            ));
        }
    }
    Ok(())
}

/// Between lines: f-puzzles checks only an entry's first line (its ends are the circles); an
/// entry with more lines would read differently elsewhere, so it is refused.
pub(in crate::import) fn between(v: &Value, key: &str, d: &mut Draft) -> Result<(), ImportError> {
    for (i, item) in list(key, v)?.iter().enumerate() {
        let ls = lines(key, i, item, d.size)?;
        if ls.len() != 1 {
            return Err(ImportError::key(
                key,
                format!(
                    "`{key}` {} has {} lines: f-puzzles reads only the first, other readers every one",
                    i + 1,
                    ls.len()
                ),
            ));
        }
        for line in ls {
            d.rules.push(rule(
                "between",
                format!("`{key}` {}", i + 1),
                line,
                Vec::new(),
            ));
        }
    }
    Ok(())
}

/// Entropic lines: three classes of values. On a size that is not a multiple of 3, f-puzzles
/// makes the middle class a different size from the outer ones; the engine splits only in
/// equal thirds, so such a size is refused.
pub(in crate::import) fn entropic(v: &Value, key: &str, d: &mut Draft) -> Result<(), ImportError> {
    if d.size % 3 != 0 && !list(key, v)?.is_empty() {
        return Err(ImportError::key(
            key,
            format!(
                "`{key}` on a {0}x{0} grid: its classes of values are not equal thirds, which the engine's entropic line needs",
                d.size
            ),
        ));
    }
    for (i, item) in list(key, v)?.iter().enumerate() {
        for line in lines(key, i, item, d.size)? {
            d.rules.push(rule(
                "entropic",
                format!("`{key}` {}", i + 1),
                line,
                Vec::new(),
            ));
        }
    }
    Ok(())
}

/// Disjoint groups: the k-th cell (row by row) of each region, for every k. On the standard
/// boxes that is the engine's `disjoint-groups`; on other regions the groups are written out
/// as shapes.
pub(in crate::import) fn disjoint_groups(
    v: &Value,
    key: &str,
    d: &mut Draft,
) -> Result<(), ImportError> {
    if !crate::import::fpuzzles::cells::flag(key, v)? {
        return Ok(());
    }
    let n = d.size;
    let cells: Vec<Rc> = (1..=n).flat_map(|r| (1..=n).map(move |c| (r, c))).collect();
    let standard = d.regions.is_empty() && crate::import::draft::box_shape(n).0 > 1;
    if standard {
        d.rules.push(rule(
            "disjoint-groups",
            format!("`{key}`"),
            Vec::new(),
            Vec::new(),
        ));
        return Ok(());
    }
    let mut seen: Vec<(i64, usize)> = Vec::new();
    let mut groups: Vec<Vec<Rc>> = Vec::new();
    for rc in cells {
        let Some(reg) = region_of(d, rc) else {
            return Err(ImportError::key(
                key,
                format!(
                    "`{key}` with r{}c{} in no region: its groups are not defined",
                    rc.0, rc.1
                ),
            ));
        };
        let k = match seen.iter_mut().find(|s| s.0 == reg) {
            Some(s) => {
                s.1 += 1;
                s.1 - 1
            }
            None => {
                seen.push((reg, 1));
                0
            }
        };
        if groups.len() <= k {
            groups.resize(k + 1, Vec::new());
        }
        groups[k].push(rc);
    }
    for (k, cells) in groups.into_iter().enumerate() {
        d.extra_regions.push(Region {
            cells,
            origin: format!("`{key}`: disjoint group {}", k + 1),
        });
    }
    d.readings.push(format!(
        "`{key}`: on regions that are not the standard boxes, each disjoint group (the k-th cell of every region, row by row) is written as a no-repeat shape"
    ));
    Ok(())
}

/// `{cells, values}`: the values that must appear among the cells, a value listed twice
/// at least twice (as the solver f-puzzles uses counts them).
pub(in crate::import) fn quadruple(v: &Value, key: &str, d: &mut Draft) -> Result<(), ImportError> {
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
        if values.is_empty() {
            d.left_out.push(format!(
                "`{key}` {} ({}): a quadruple circle without values",
                i + 1,
                cell_list(&cells)
            ));
            continue;
        }
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

/// `{cell, direction, value}`: the clue sits outside the grid, `R0C1` above r1c1. f-puzzles
/// sums a diagonal only when the clue has a value; without one it is a drawing.
pub(in crate::import) fn little_killer(
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
        let Some(text) = value_text(item) else {
            d.left_out.push(format!(
                "{place} (R{}C{}): an arrow without a total",
                at.0, at.1
            ));
            continue;
        };
        let total = text.parse::<i64>().map_err(|_| {
            ImportError::key(key, format!("{place}: `{text}` is not a whole number"))
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
/// column from there. A clue without a value is only a mark and is left out, said so.
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
            d.left_out.push(format!(
                "{place} (R{}C{}): a clue without a number",
                at.0, at.1
            ));
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
pub(in crate::import) fn sandwich(v: &Value, key: &str, d: &mut Draft) -> Result<(), ImportError> {
    outside_clue("sandwich", "total", v, key, d)
}

/// `xsum`: see [`outside_clue`].
pub(in crate::import) fn x_sum(v: &Value, key: &str, d: &mut Draft) -> Result<(), ImportError> {
    outside_clue("x-sum", "total", v, key, d)
}

/// `skyscraper`: see [`outside_clue`].
pub(in crate::import) fn skyscraper(
    v: &Value,
    key: &str,
    d: &mut Draft,
) -> Result<(), ImportError> {
    outside_clue("skyscraper", "count", v, key, d)
}

/// A clue cell in row or column 0, which `parse_rc` does not take.
fn outside(s: &str, size: u32) -> Option<Rc> {
    let u = s.trim().to_ascii_uppercase();
    let (r, c) = u.strip_prefix('R')?.split_once('C')?;
    let (r, c) = (r.parse::<u32>().ok()?, c.parse::<u32>().ok()?);
    (r <= size + 1 && c <= size + 1).then_some((r, c))
}

/// `{cells}` of an indexer: every listed cell indexes its row, column or box. The plug-in
/// writes all of one kind as one entry or several; they are one rule here.
fn indexer(v: &Value, key: &str, along: &str, d: &mut Draft) -> Result<(), ImportError> {
    let mut cells = Vec::new();
    for (i, item) in list(key, v)?.iter().enumerate() {
        for c in cells_of(key, i, item, d.size)? {
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
    }
    if !cells.is_empty() {
        let keys = vec![("indexes".into(), toml_string(along))];
        d.rules
            .push(rule("indexing", format!("`{key}`"), cells, keys));
    }
    Ok(())
}

/// `rowindexer`: a cell in row R holding V says that row V of its column holds R.
pub(in crate::import) fn row_indexer(
    v: &Value,
    key: &str,
    d: &mut Draft,
) -> Result<(), ImportError> {
    indexer(v, key, "row", d)
}

/// `columnindexer`: a cell in column C holding V says that column V of its row holds C.
pub(in crate::import) fn column_indexer(
    v: &Value,
    key: &str,
    d: &mut Draft,
) -> Result<(), ImportError> {
    indexer(v, key, "column", d)
}

/// `boxindexer`: a cell at position P of its box holding V says that the box's V-th cell
/// holds P.
pub(in crate::import) fn box_indexer(
    v: &Value,
    key: &str,
    d: &mut Draft,
) -> Result<(), ImportError> {
    indexer(v, key, "box", d)
}

/// `{cells, cloneCells}`: the second list copies the first, cell by cell; a cell cloned onto
/// itself says nothing and is left out.
pub(in crate::import) fn clone(v: &Value, key: &str, d: &mut Draft) -> Result<(), ImportError> {
    for (i, item) in list(key, v)?.iter().enumerate() {
        let cells = cells_of(key, i, item, d.size)?;
        let copy = rc_list(key, i, item.get("cloneCells"), d.size)?;
        if copy.len() != cells.len() {
            return Err(ImportError::key(
                key,
                format!(
                    "`{key}` {} has {} cells and {} clone cells",
                    i + 1,
                    cells.len(),
                    copy.len()
                ),
            ));
        }
        let (cells, copy): (Vec<Rc>, Vec<Rc>) =
            cells.into_iter().zip(copy).filter(|(a, b)| a != b).unzip();
        if cells.is_empty() {
            continue;
        }
        let keys = vec![("copy".into(), cells_key(&copy))];
        d.rules
            .push(rule("clone", format!("`{key}` {}", i + 1), cells, keys));
    }
    Ok(())
}
