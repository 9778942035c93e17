//! f-puzzles JSON → [`Draft`]. Every top-level key the f-puzzles editor (with the solver's
//! constraint plug-in) writes has one entry in [`KEYS`]: the rule it becomes, "drawn only",
//! an editor setting that is no rule, or a refusal saying why. A key that is not there is
//! refused by name, so nothing the engine does not understand is lost silently.
//!
//! Each meaning is taken from the format's readers, not from the key's name: f-puzzles' own
//! conflict checks and export code, and the f-puzzles reader and constraint classes of the
//! logical solver f-puzzles uses. The places where a name misleads are written next to their
//! entries (`nonconsecutive` is the negative constraint of the kropki dots, `minimum` cells are
//! compared only with neighbours that are not minimum cells, a between line is its first line,
//! ...). docs/import-export.md has the same table in words; a test keeps the two in step.
//!
//! Adding a rule is one entry: a line rule (`renban`, ...) is `Map::Lines("renban")`; a pair
//! or cell rule a [`Map::Custom`] function of a few lines pushing one [`RuleDraft`] per item,
//! its cells read by `cells_of` (`fpuzzles/cells.rs`).

pub(in crate::import) mod cells;
pub(in crate::import) mod drawn;
pub(in crate::import) mod marks;
pub(in crate::import) mod rules;
#[cfg(test)]
mod tests;

use crate::import::ImportError;
use crate::import::draft::parse_rc;
use crate::import::draft::{Cage, Draft, MAX_SIZE, Rc, Region, RuleDraft, cell_list};
use crate::import::fpuzzles::cells::{cells_of, flag, lines, list, value_text};
use crate::import::meta::{meta_line, set_meta, solution};
use serde_json::{Map as Object, Value};

/// How one top-level key is imported.
#[derive(Clone, Copy)]
pub(in crate::import) enum Map {
    /// Read before the table (`size`, `grid`).
    Skip,
    /// A setting of the editor or of its solver (conflict highlighting, disabled logic), which
    /// says nothing about the puzzle's solution.
    Setting,
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
    /// Killer cages: `{cells, value}`, without a value a cage with no total.
    Killer,
    /// Extra no-repeat regions: `{cells}`.
    ExtraRegion,
    /// Drawn only: lines, circles, text, ... whose meaning lives in the rules text.
    Cosmetic,
    /// `cage`: a drawn cage, or (SudokuPad's habit) metadata such as `title: ...`.
    Cage,
    /// Read together with the other keys of its group, once for the puzzle.
    Together(Group),
    /// A constraint the engine cannot state exactly: refused, with why.
    Refuse(&'static str),
    /// Anything else.
    Custom(fn(&Value, &str, &mut Draft) -> Result<(), ImportError>),
}

/// Keys whose meanings depend on each other.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(in crate::import) enum Group {
    /// The kropki dots, XV marks and their negative constraints (`difference`, `ratio`,
    /// `nonconsecutive`, `negative`, `xv`).
    Dots,
    /// Odd, even, minimum and maximum cells (a minimum cell is compared only with neighbours
    /// that are not minimum cells).
    Cells,
}

/// Every top-level key, what it is imported as, and that meaning in words (the table of
/// docs/import-export.md).
pub(in crate::import) const KEYS: &[(&str, Map, &str)] = &[
    (
        "size",
        Map::Skip,
        "the grid's side, 1 to 16: `symbols` (`1`-`9`, then `A`-`G`)",
    ),
    (
        "grid",
        Map::Skip,
        "givens (`given: true` with a `value`), regions (`region`, `null` for none), given pencil marks (`candidates`); read cell by cell below",
    ),
    ("title", Map::Title, "`name` and the header"),
    ("author", Map::Author, "`description` and the header"),
    ("ruleset", Map::Rules, "the header"),
    (
        "solution",
        Map::Solution,
        "`solution` (checked against every rule when loaded)",
    ),
    (
        "successMessage",
        Map::Setting,
        "setting: the message shown when solved",
    ),
    (
        "highlightConflicts",
        Map::Setting,
        "setting: the editor's conflict highlighting",
    ),
    (
        "disabledlogic",
        Map::Setting,
        "setting: logic the solver plug-in may not use",
    ),
    (
        "truecandidatesoptions",
        Map::Setting,
        "setting: how the solver plug-in shows true candidates",
    ),
    (
        "fogofwar",
        Map::Setting,
        "setting: cells hidden until revealed (display only; the rules are the other keys)",
    ),
    (
        "foglight",
        Map::Setting,
        "setting: cells lit in a fog of war (display only)",
    ),
    (
        "diagonal-",
        Map::Diagonal(0),
        "the ↘ diagonal (r1c1 to rNcN) is a no-repeat shape",
    ),
    (
        "diagonal+",
        Map::Diagonal(1),
        "the ↗ diagonal (rNc1 to r1cN) is a no-repeat shape",
    ),
    ("antiknight", Map::Global("anti-knight"), "`anti-knight`"),
    ("antiking", Map::Global("anti-king"), "`anti-king`"),
    (
        "disjointgroups",
        Map::Custom(rules::disjoint_groups),
        "`disjoint-groups` on standard boxes; with other regions, one no-repeat `[[shape]]` per group: the k-th cell (row by row) of every region",
    ),
    (
        "thermometer",
        Map::Lines("thermo"),
        "one `thermo` per line (an entry's lines are branches from one bulb)",
    ),
    (
        "slowthermometer",
        Map::Lines("slow-thermo"),
        "one `slow-thermo` per line: values never fall, repeats allowed",
    ),
    (
        "palindrome",
        Map::Lines("palindrome"),
        "one `palindrome` per line",
    ),
    ("renban", Map::Lines("renban"), "one `renban` per line"),
    (
        "whispers",
        Map::Custom(rules::whispers),
        "one `whispers` per line; `value` is the least difference, without one half the size rounded up (German whispers: 5 on 9x9)",
    ),
    (
        "regionsumline",
        Map::Custom(rules::region_sum),
        "one `region-sum` per line (runs per region, a re-entered region starts a new run); refused when the line crosses a cell in no region",
    ),
    (
        "betweenline",
        Map::Custom(rules::between),
        "`between` on the entry's first line, as f-puzzles reads it; refused when an entry has several lines",
    ),
    (
        "entropicline",
        Map::Custom(rules::entropic),
        "one `entropic` per line; refused unless the size is a multiple of 3 (f-puzzles then makes the middle class a different size)",
    ),
    (
        "modularline",
        Map::Lines("modular"),
        "one `modular` per line",
    ),
    ("zipperline", Map::Lines("zipper"), "one `zipper` per line"),
    (
        "doublearrow",
        Map::Lines("double-arrow"),
        "one `double-arrow` per line",
    ),
    (
        "nabner",
        Map::Refuse(
            "no two cells of a Nabner line hold equal or consecutive values, and the engine has no such rule",
        ),
        "refused: no rule for Nabner lines",
    ),
    (
        "lockout",
        Map::Refuse("the engine has no rule for lockout lines"),
        "refused: no rule for lockout lines",
    ),
    (
        "arrow",
        Map::Custom(rules::arrows),
        "one `arrow` per line: `circle` the entry's `cells` (a pill read in the order written), `cells` the line after its first cell; an entry without lines is drawn only",
    ),
    (
        "killercage",
        Map::Killer,
        "`[[cage]]` with `sum`; without a `value`, a `[[cage]]` with no total (no repeats)",
    ),
    ("extraregion", Map::ExtraRegion, "`[[shape]]` (no repeats)"),
    (
        "littlekillersum",
        Map::Custom(rules::little_killer),
        "`little-killer`: `at` the clue cell (row or column 0 or N+1), `direction`, `total`; without a value drawn only",
    ),
    (
        "sandwichsum",
        Map::Custom(rules::sandwich),
        "`sandwich` with `at` and `total`; without a value drawn only",
    ),
    (
        "xsum",
        Map::Custom(rules::x_sum),
        "`x-sum` with `at` and `total`; without a value drawn only",
    ),
    (
        "skyscraper",
        Map::Custom(rules::skyscraper),
        "`skyscraper` with `at` and `count`; without a value drawn only",
    ),
    (
        "odd",
        Map::Together(Group::Cells),
        "`odd` on the cells (also old files' `parity` of a grid cell)",
    ),
    (
        "even",
        Map::Together(Group::Cells),
        "`even` on the cells (also old files' `parity`)",
    ),
    (
        "minimum",
        Map::Together(Group::Cells),
        "`minimum` on the cells: each is below its orthogonal neighbours that are not minimum cells; where two minimum cells touch, each other neighbour is a 2-cell `thermo` from it (listed under \"read as\")",
    ),
    (
        "maximum",
        Map::Together(Group::Cells),
        "`maximum` likewise, above its neighbours that are not maximum cells",
    ),
    (
        "rowindexer",
        Map::Custom(rules::row_indexer),
        "`indexing` with `indexes = \"row\"`: a cell in row R holding V says that row V of its column holds R",
    ),
    (
        "columnindexer",
        Map::Custom(rules::column_indexer),
        "`indexing` with `indexes = \"column\"`",
    ),
    (
        "boxindexer",
        Map::Custom(rules::box_indexer),
        "`indexing` with `indexes = \"box\"` (standard boxes)",
    ),
    (
        "difference",
        Map::Together(Group::Dots),
        "white dots: `difference` pairs per `value` (default 1), or a `kropki` rule with `nonconsecutive`/`negative` (below)",
    ),
    (
        "ratio",
        Map::Together(Group::Dots),
        "black dots: `ratio` pairs per `value` (default 2), or a `kropki` rule (below)",
    ),
    (
        "nonconsecutive",
        Map::Together(Group::Dots),
        "the negative constraint of the white dots: orthogonal neighbours with no difference or ratio dot between them are not consecutive (`nonconsecutive` without dots, else `negative` on the dots' rule)",
    ),
    (
        "negative",
        Map::Together(Group::Dots),
        "`ratio`: neighbours with no difference or ratio dot are in none of the dots' ratios (2 without dots); `xv`: neighbours without an X or V add up to neither 10 nor 5",
    ),
    (
        "xv",
        Map::Together(Group::Dots),
        "`xv` with the `x` (`value` \"X\") and `v` (\"V\") marks; a mark without a value is drawn only",
    ),
    (
        "clone",
        Map::Custom(rules::clone),
        "`clone`: `cells`, and `cloneCells` as `copy` (a cell cloned onto itself is left out)",
    ),
    (
        "quadruple",
        Map::Custom(rules::quadruple),
        "`quadruple` with its `values` as `symbols` (a value listed twice appears twice)",
    ),
    (
        "cage",
        Map::Cage,
        "drawn only; a `title:`/`author:`/`rules:`/`solution:` line in one is that metadata",
    ),
    (
        "line",
        Map::Cosmetic,
        "drawn; read as a rule by SudokuPad's drawing conventions when the rules text says which (below), else drawn only",
    ),
    (
        "circle",
        Map::Cosmetic,
        "drawn; read as a rule by SudokuPad's drawing conventions when the rules text says which (below), else drawn only",
    ),
    (
        "rectangle",
        Map::Cosmetic,
        "drawn; read as a rule by SudokuPad's drawing conventions when the rules text says which (below), else drawn only",
    ),
    (
        "text",
        Map::Cosmetic,
        "drawn; read as a rule by SudokuPad's drawing conventions when the rules text says which (below), else drawn only",
    ),
];

/// The keys of a cell of `grid`: a given's value, its region, given pencil marks, old files'
/// `parity` and `extreme` (odd/even and minimum/maximum cells), and colours, pencil marks and
/// the solver's candidates, which are progress or drawing rather than puzzle.
const CELL_KEYS: &[&str] = &[
    "value",
    "given",
    "region",
    "givenPencilMarks",
    "parity",
    "extreme",
    "c",
    "cArray",
    "highlight",
    "centerPencilMarks",
    "cornerPencilMarks",
    "candidates",
];

/// Imports an f-puzzles puzzle.
pub(in crate::import) fn import(v: &Value) -> Result<Draft, ImportError> {
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
    // Every unknown or refused key is named at once, before any work on the known ones.
    let refused: Vec<String> = obj
        .keys()
        .filter_map(|k| match KEYS.iter().find(|e| e.0 == k.as_str()) {
            None => Some(format!("`{k}` (an unknown key)")),
            Some((_, Map::Refuse(why), _)) => Some(format!("`{k}` ({why})")),
            _ => None,
        })
        .collect();
    if let Some(first) = obj.keys().find(|k| {
        KEYS.iter()
            .find(|e| e.0 == k.as_str())
            .is_none_or(|e| matches!(e.1, Map::Refuse(_)))
    }) {
        return Err(ImportError::key(
            first,
            format!(
                "the puzzle uses {}, which shapedoku cannot read exactly: {}",
                if refused.len() == 1 {
                    "a constraint"
                } else {
                    "constraints"
                },
                refused.join(", ")
            ),
        ));
    }
    let old_cells = grid(obj, &mut d)?;
    for (key, map, _) in KEYS {
        if let Some(value) = obj.get(*key) {
            apply(*map, key, value, &mut d)?;
        }
    }
    // Each group once, after the keys read alone (old files write odd, even, minimum and
    // maximum cells in the grid only).
    let uses = |g: Group| {
        KEYS.iter()
            .any(|(k, m, _)| matches!(m, Map::Together(x) if *x == g) && obj.contains_key(*k))
    };
    if uses(Group::Dots) {
        rules::dots(obj, &mut d)?;
    }
    if uses(Group::Cells) || !old_cells.is_empty() {
        rules::cell_rules(obj, &old_cells, &mut d)?;
    }
    // After the keys, so a rule stated both by a key and in the rules text is read once.
    drawn::read(obj, &mut d)?;
    Ok(d)
}

fn apply(map: Map, key: &str, v: &Value, d: &mut Draft) -> Result<(), ImportError> {
    let text = || {
        v.as_str()
            .map(str::to_string)
            .filter(|s| !s.trim().is_empty())
    };
    match map {
        Map::Skip | Map::Setting | Map::Together(_) | Map::Refuse(_) | Map::Cosmetic => {}
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
        Map::Cage => cages(key, v, d)?,
        Map::Custom(f) => f(v, key, d)?,
    }
    Ok(())
}

fn killers(key: &str, v: &Value, d: &mut Draft) -> Result<(), ImportError> {
    for (i, item) in list(key, v)?.iter().enumerate() {
        let cells = cells_of(key, i, item, d.size)?;
        let origin = format!("`{key}` {}", i + 1);
        // f-puzzles checks a cage's total only when it has one; its cells never repeat.
        let Some(value) = value_text(item) else {
            d.plain_cages.push(Region { cells, origin });
            continue;
        };
        let sum = value.parse::<i64>().map_err(|_| {
            ImportError::key(
                key,
                format!(
                    "`{key}` {} ({}) has the total `{value}`, which is not a whole number",
                    i + 1,
                    cell_list(&cells)
                ),
            )
        })?;
        d.cages.push(Cage { cells, sum, origin });
    }
    Ok(())
}

/// Where a drawn element is, for the list of what was left out.
pub(in crate::import) fn describe(key: &str, i: usize, item: &Value, size: u32) -> String {
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
    let text = value_text(item)
        .map(|s| format!(" reading `{s}`"))
        .unwrap_or_default();
    // The constraint plug-in adds a drawing of each constraint it knows for players without
    // it; the constraint itself is read from its own key.
    let copy = item
        .get("fromConstraint")
        .and_then(Value::as_str)
        .map(|c| format!(", a drawing of {c}"))
        .unwrap_or_default();
    format!("`{key}` {} ({}){text}{copy}", i + 1, cell_list(&cells))
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

/// Givens, regions and given pencil marks from `grid`, a size-by-size list of cell objects;
/// returns old files' odd, even, minimum and maximum cells (`parity`, `extreme`).
fn grid(
    obj: &Object<String, Value>,
    d: &mut Draft,
) -> Result<Vec<(&'static str, Rc)>, ImportError> {
    let n = d.size as usize;
    let bad = || ImportError::key("grid", format!("`grid` must be {n} rows of {n} cells"));
    let rows = obj.get("grid").and_then(Value::as_array).ok_or_else(bad)?;
    if rows.len() != n {
        return Err(bad());
    }
    let (h, w) = crate::import::draft::box_shape(d.size);
    let mut regions = Vec::with_capacity(n * n);
    let mut coloured = Vec::new();
    let mut explicit_region = false;
    let mut old_cells = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let row = row.as_array().filter(|x| x.len() == n).ok_or_else(bad)?;
        for (c, cell) in row.iter().enumerate() {
            let rc = (r as u32 + 1, c as u32 + 1);
            let place = format!("r{}c{}", rc.0, rc.1);
            let cell = cell.as_object().ok_or_else(bad)?;
            if let Some(k) = cell.keys().find(|k| !CELL_KEYS.contains(&k.as_str())) {
                return Err(ImportError::key(
                    k,
                    format!("the cell {place} of `grid` has `{k}`, which shapedoku does not know"),
                ));
            }
            let value_of = |x: &Value| {
                x.as_u64()
                    .or_else(|| x.as_str().and_then(|s| s.trim().parse().ok()))
                    .filter(|&v| (1..=n as u64).contains(&v))
            };
            if cell.get("given").and_then(Value::as_bool) == Some(true) {
                let v = cell.get("value").and_then(value_of).ok_or_else(|| {
                    ImportError::key(
                        "grid",
                        format!("the given at {place} is not a value from 1 to {n}"),
                    )
                })?;
                d.givens[r * n + c] = Some(v as u32);
            } else if let Some(Value::Array(marks)) = cell.get("givenPencilMarks") {
                // Pencil marks the setter gives narrow the cell's candidates.
                let vals: Option<Vec<u32>> = marks
                    .iter()
                    .map(|x| value_of(x).map(|v| v as u32))
                    .collect();
                let mut vals = vals.filter(|v| !v.is_empty()).ok_or_else(|| {
                    ImportError::key(
                        "grid",
                        format!("the given pencil marks of {place} are not values from 1 to {n}"),
                    )
                })?;
                vals.sort_unstable();
                vals.dedup();
                d.candidates.push((rc, vals));
            }
            for (k, names) in [
                ("parity", [("Odd", "odd"), ("Even", "even")]),
                ("extreme", [("Minimum", "minimum"), ("Maximum", "maximum")]),
            ] {
                let Some(x) = cell.get(k).filter(|x| !x.is_null()) else {
                    continue;
                };
                let kind = names.iter().find(|(name, _)| x.as_str() == Some(*name));
                let Some(&(_, kind)) = kind else {
                    return Err(ImportError::key(
                        k,
                        format!(
                            "the cell {place} of `grid` has the {k} {x}, which is none of {}",
                            names.map(|n| n.0).join(", ")
                        ),
                    ));
                };
                old_cells.push((kind, rc));
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
    Ok(old_cells)
}
