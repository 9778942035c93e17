//! The f-puzzles keys whose meanings depend on each other, read together: the kropki dots
//! with their negative constraints, and the odd, even, minimum and maximum cells.
//!
//! **Dots.** A `difference` dot's cells differ by its `value` (1 without one), a `ratio` dot's
//! are in its ratio (2 without one), an XV mark's add up to 10 (`X`) or 5 (`V`).
//! `nonconsecutive` is not a rule of its own in f-puzzles: it is the negative constraint of
//! the white dots, and f-puzzles (like the solver it uses) exempts every pair that carries a
//! dot of either colour. `negative: ["ratio"]` forbids, between pairs without a dot of either
//! colour, every ratio the black dots use (2 when there are none); `negative: ["xv"]` forbids
//! sums of 10 and 5 between pairs without an X or V. The engine's negative constraint exempts
//! the pairs its rule marks, so a negative constraint is written on a rule holding every dot
//! it must exempt; where that rule would forbid more than f-puzzles does, the puzzle is
//! refused.
//!
//! **Cells.** A minimum cell is below its orthogonal neighbours that are not minimum cells
//! (two touching minimum cells are not compared); a maximum cell likewise above.

use crate::import::ImportError;
use crate::import::draft::{Draft, Rc, RuleDraft, cell_list};
use crate::import::fpuzzles::cells::{cells_of, list, rc_list, value_text};
use crate::import::fpuzzles::rules::rule;
use crate::load::toml_string;
use serde_json::{Map as Object, Value};

/// A dot: its two cells, its value if written.
type Dot = ([Rc; 2], Option<i64>);

/// The dots of `key`, each two orthogonally adjacent cells.
fn read_dots(obj: &Object<String, Value>, key: &str, size: u32) -> Result<Vec<Dot>, ImportError> {
    let Some(v) = obj.get(key) else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for (i, item) in list(key, v)?.iter().enumerate() {
        let cells = cells_of(key, i, item, size)?;
        let pair = match cells[..] {
            [a, b] if a.0.abs_diff(b.0) + a.1.abs_diff(b.1) == 1 => [a, b],
            _ => {
                return Err(ImportError::key(
                    key,
                    format!(
                        "`{key}` {} ({}) is not two orthogonally adjacent cells",
                        i + 1,
                        cell_list(&cells)
                    ),
                ));
            }
        };
        let value = match value_text(item) {
            None => None,
            Some(t) => Some(t.parse::<i64>().ok().filter(|&x| x > 0).ok_or_else(|| {
                ImportError::key(
                    key,
                    format!(
                        "`{key}` {} has the value `{t}`, which is not a positive whole number",
                        i + 1
                    ),
                )
            })?),
        };
        out.push((pair, value));
    }
    Ok(out)
}

fn pairs_key(dots: &[&Dot]) -> String {
    let v: Vec<String> = dots
        .iter()
        .map(|(p, _)| toml_string(&cell_list(p)))
        .collect();
    format!("[{}]", v.join(", "))
}

/// One rule per distinct value, the rule's default when none is written, with `negative`
/// added to the default value's rule.
fn by_value(d: &mut Draft, kind: &str, key: &str, dots: &[Dot], default: i64, negative: bool) {
    let mut values: Vec<i64> = dots.iter().map(|x| x.1.unwrap_or(default)).collect();
    values.sort_unstable();
    values.dedup();
    if negative && !values.contains(&default) {
        values.push(default);
    }
    for value in values {
        let of: Vec<&Dot> = (dots.iter())
            .filter(|x| x.1.unwrap_or(default) == value)
            .collect();
        let mut keys = vec![("pairs".to_string(), pairs_key(&of))];
        if value != default {
            keys.push(("value".into(), value.to_string()));
        }
        if negative {
            keys.push(("negative".into(), "true".into()));
        }
        d.rules
            .push(rule(kind, format!("`{key}`"), Vec::new(), keys));
    }
}

/// The dots, the XV marks and their negative constraints (see the module documentation).
pub(in crate::import) fn dots(
    obj: &Object<String, Value>,
    d: &mut Draft,
) -> Result<(), ImportError> {
    let white = read_dots(obj, "difference", d.size)?;
    let black = read_dots(obj, "ratio", d.size)?;
    let nonconsecutive = match obj.get("nonconsecutive") {
        Some(v) => crate::import::fpuzzles::cells::flag("nonconsecutive", v)?,
        None => false,
    };
    let mut negative_ratio = false;
    let mut negative_xv = false;
    if let Some(v) = obj.get("negative") {
        for name in list("negative", v)? {
            match name.as_str() {
                Some("ratio") => negative_ratio = true,
                Some("xv") => negative_xv = true,
                _ => {
                    return Err(ImportError::key(
                        "negative",
                        format!(
                            "the negative constraint {name} is not one f-puzzles has (it has `ratio` and `xv`; the white dots' is `nonconsecutive`)"
                        ),
                    ));
                }
            }
        }
    }
    let plain =
        white.iter().all(|x| x.1.unwrap_or(1) == 1) && black.iter().all(|x| x.1.unwrap_or(2) == 2);
    let refuse = |why: &str| {
        Err(ImportError::key(
            if nonconsecutive {
                "nonconsecutive"
            } else {
                "negative"
            },
            format!("the puzzle's kropki dots cannot be read exactly: {why}"),
        ))
    };
    match (nonconsecutive, negative_ratio) {
        (false, false) => {
            by_value(d, "difference", "difference", &white, 1, false);
            by_value(d, "ratio", "ratio", &black, 2, false);
        }
        _ if !plain => {
            return refuse(
                "with a negative constraint, dots with values other than 1 (white) and 2 (black) would need the engine to exempt pairs it does not mark",
            );
        }
        (true, true) => kropki(d, &white, &black, "true"),
        (true, false) if black.is_empty() => {
            if white.is_empty() {
                d.rules.push(rule(
                    "nonconsecutive",
                    "`nonconsecutive`".into(),
                    Vec::new(),
                    Vec::new(),
                ));
            } else {
                by_value(d, "difference", "nonconsecutive", &white, 1, true);
            }
        }
        (false, true) if white.is_empty() => by_value(d, "ratio", "negative", &black, 2, true),
        (true, false) => {
            return refuse(
                "`nonconsecutive` exempts pairs with a black dot, and the engine has no white-only negative constraint on a rule that holds black dots",
            );
        }
        (false, true) => {
            return refuse(
                "the negative ratio constraint exempts pairs with a white dot, and the engine has no black-only negative constraint on a rule that holds white dots",
            );
        }
    }
    xv(obj, d, negative_xv)
}

/// White and black dots of the default values in one `kropki` rule.
fn kropki(d: &mut Draft, white: &[Dot], black: &[Dot], negative: &str) {
    let mut keys = Vec::new();
    for (name, dots) in [("white", white), ("black", black)] {
        let all: Vec<&Dot> = dots.iter().collect();
        keys.push((name.to_string(), pairs_key(&all)));
    }
    keys.push(("negative".into(), negative.into()));
    d.rules.push(rule(
        "kropki",
        "`difference`, `ratio`, `nonconsecutive`, `negative`".into(),
        Vec::new(),
        keys,
    ));
}

/// `{cells: [a, b], value: "X" | "V"}`. f-puzzles reads any value but `X` as a V and the
/// solver reads `x` as an X, so only the two letters it writes are taken. A mark without a
/// value sums nothing but still exempts its pair from the negative constraint in f-puzzles
/// (not in the solver), so it is drawn only, unless the negative constraint is on.
fn xv(obj: &Object<String, Value>, d: &mut Draft, negative: bool) -> Result<(), ImportError> {
    let key = "xv";
    let items = match obj.get(key) {
        Some(v) => list(key, v)?.clone(),
        None => Vec::new(),
    };
    let (mut x, mut five) = (Vec::new(), Vec::new());
    for (i, item) in items.iter().enumerate() {
        let cells = rc_list(key, i, item.get("cells"), d.size)?;
        let adjacent = matches!(cells[..], [a, b] if a.0.abs_diff(b.0) + a.1.abs_diff(b.1) == 1);
        let pair = toml_string(&cell_list(&cells));
        match value_text(item).as_deref() {
            Some("X") if adjacent => x.push(pair),
            Some("V") if adjacent => five.push(pair),
            None if adjacent && !negative => d.left_out.push(format!(
                "`{key}` {} ({}): a mark without a letter",
                i + 1,
                cell_list(&cells)
            )),
            None if adjacent => {
                return Err(ImportError::key(
                    key,
                    format!(
                        "`{key}` {} ({}) has no letter while the negative XV constraint is on: readers disagree whether it exempts its pair",
                        i + 1,
                        cell_list(&cells)
                    ),
                ));
            }
            _ => {
                return Err(ImportError::key(
                    key,
                    format!(
                        "`{key}` {} must be two orthogonally adjacent cells marked `X` or `V`",
                        i + 1
                    ),
                ));
            }
        }
    }
    let mut keys = Vec::new();
    for (name, marks) in [("x", x), ("v", five)] {
        if !marks.is_empty() || negative {
            keys.push((name.to_string(), format!("[{}]", marks.join(", "))));
        }
    }
    if negative {
        keys.push(("negative".into(), "true".into()));
    }
    if !keys.is_empty() {
        d.rules.push(RuleDraft {
            kind: "xv".into(),
            cells: Vec::new(),
            keys,
            origin: if negative { "`xv`, `negative`" } else { "`xv`" }.into(),
        });
    }
    Ok(())
}

/// The cells of `key` (`{cell}` each, or `{cells}`), and old files' cells of that kind.
fn cells_of_kind(
    obj: &Object<String, Value>,
    key: &str,
    old: &[(&'static str, Rc)],
    size: u32,
) -> Result<Vec<Rc>, ImportError> {
    let mut out: Vec<Rc> = Vec::new();
    if let Some(v) = obj.get(key) {
        for (i, item) in list(key, v)?.iter().enumerate() {
            let cells = match item.get("cell") {
                Some(c) => rc_list(key, i, Some(&Value::Array(vec![c.clone()])), size)?,
                None => cells_of(key, i, item, size)?,
            };
            out.extend(cells);
        }
    }
    out.extend(old.iter().filter(|o| o.0 == key).map(|o| o.1));
    let mut seen = Vec::with_capacity(out.len());
    out.retain(|c| {
        let fresh = !seen.contains(c);
        seen.push(*c);
        fresh
    });
    Ok(out)
}

/// Odd, even, minimum and maximum cells (see the module documentation).
pub(in crate::import) fn cell_rules(
    obj: &Object<String, Value>,
    old: &[(&'static str, Rc)],
    d: &mut Draft,
) -> Result<(), ImportError> {
    for kind in ["odd", "even"] {
        let cells = cells_of_kind(obj, kind, old, d.size)?;
        if !cells.is_empty() {
            d.rules
                .push(rule(kind, format!("`{kind}`"), cells, Vec::new()));
        }
    }
    for kind in ["minimum", "maximum"] {
        let cells = cells_of_kind(obj, kind, old, d.size)?;
        let n = d.size;
        let around = |(r, c): Rc| {
            [
                (r.wrapping_sub(1), c),
                (r + 1, c),
                (r, c.wrapping_sub(1)),
                (r, c + 1),
            ]
            .into_iter()
            .filter(move |&(r, c)| (1..=n).contains(&r) && (1..=n).contains(&c))
        };
        let (touching, alone): (Vec<Rc>, Vec<Rc>) = cells
            .iter()
            .partition(|&&c| around(c).any(|x| cells.contains(&x)));
        if !alone.is_empty() {
            d.rules
                .push(rule(kind, format!("`{kind}`"), alone, Vec::new()));
        }
        for &c in &touching {
            for x in around(c).filter(|x| !cells.contains(x)) {
                let line = if kind == "minimum" {
                    vec![c, x]
                } else {
                    vec![x, c]
                };
                d.rules.push(rule(
                    "thermo",
                    format!("`{kind}` r{}c{} against r{}c{}", c.0, c.1, x.0, x.1),
                    line,
                    Vec::new(),
                ));
            }
        }
        if !touching.is_empty() {
            d.readings.push(format!(
                "`{kind}` ({}): these cells touch another {kind} cell, which f-puzzles does not compare them with; each is compared with its other neighbours by a 2-cell thermometer ({})",
                cell_list(&touching),
                if kind == "minimum" { "from the cell" } else { "to the cell" }
            ));
        }
    }
    Ok(())
}
