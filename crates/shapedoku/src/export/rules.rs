//! Each `[[rule]]` as the f-puzzles constraint of the same meaning, or a refusal that says why
//! there is none. The meanings are the format's (f-puzzles and the solver it uses, whose
//! reader of the JSON is the reference): an arrow's line starts in its circle, a little
//! killer's clue sits outside the grid and its diagonal starts next to it, a minimum cell is
//! compared only with neighbours that are not minimum cells themselves, and so on. The marks
//! between cells and `nonconsecutive` are written together (`marks.rs`): their negative
//! constraints are one family in f-puzzles.

use super::Refused;
use super::drawings::{self, Style};
use super::layout::{Layout, names};
use super::marks::Marks;
use super::payload::Payload;
use crate::constraint::{RuleKind, line_rules};
use crate::{CellId, Geometry};
use serde_json::{Value, json};

/// The outside clues, and how the editor draws the ones SudokuPad does not.
#[derive(Clone, Copy)]
enum Outside {
    Sandwich,
    XSum,
    Skyscraper,
}

/// Writes every rule of `g`, refusing those f-puzzles cannot hold.
pub(super) fn write(g: &Geometry, layout: &Layout, p: &mut Payload, refused: &mut Vec<Refused>) {
    let mut marks = Marks::default();
    let mut minima: Vec<(usize, &str)> = Vec::new();
    let mut maxima: Vec<(usize, &str)> = Vec::new();
    // Arrows from the same circle are one f-puzzles arrow with several lines.
    let mut arrows: Vec<(Vec<usize>, Vec<Vec<String>>)> = Vec::new();
    let wraps = g.grids().first().is_some_and(|s| s.wrap);
    for c in g.constraints() {
        let name = format!("`{}`", c.name);
        let refuse =
            |refused: &mut Vec<Refused>, why: String| refused.push(Refused::new(&name, why));
        let line = |cells: &[CellId]| -> Vec<String> {
            cells.iter().map(|&x| layout.name(g, x)).collect()
        };
        match &c.kind {
            RuleKind::AntiKnight | RuleKind::AntiKing if wraps => refuse(
                refused,
                "the grid is a torus, so its chess moves wrap around the edges; f-puzzles' do not"
                    .into(),
            ),
            RuleKind::AntiKnight => p.set("antiknight", json!(true)),
            RuleKind::AntiKing => p.set("antiking", json!(true)),
            RuleKind::Nonconsecutive | RuleKind::Marks { .. } => marks.add(c),
            RuleKind::Thermo { cells } => p.push("thermometer", json!({"lines": [line(cells)]})),
            RuleKind::SlowThermo { cells } => {
                lines(p, "slowthermometer", &line(cells), Some(drawings::SLOW_THERMO));
            }
            RuleKind::Odd { cells } | RuleKind::Even { cells } => {
                let key = if matches!(c.kind, RuleKind::Odd { .. }) {
                    "odd"
                } else {
                    "even"
                };
                for &x in cells {
                    p.push(key, json!({"cell": layout.name(g, x)}));
                }
            }
            RuleKind::Minimum { cells } | RuleKind::Maximum { cells } => {
                let (key, list) = if matches!(c.kind, RuleKind::Minimum { .. }) {
                    ("minimum", &mut minima)
                } else {
                    ("maximum", &mut maxima)
                };
                for &x in cells {
                    p.push(key, json!({"cell": layout.name(g, x)}));
                    list.push((x.index(), c.name.as_str()));
                }
            }
            RuleKind::Quadruple { cells, symbols } => match corner(g, layout, cells) {
                Some(cells) => {
                    let mut values: Vec<u32> =
                        symbols.iter().map(|s| s.index() as u32 + 1).collect();
                    values.sort_unstable();
                    p.push("quadruple", json!({"cells": cells, "values": values}));
                }
                None => refuse(
                    refused,
                    "its cells are not the 2x2 around a corner, where f-puzzles puts a quadruple's circle".into(),
                ),
            },
            RuleKind::DisjointGroups { groups } => match disjoint_groups_match(layout, groups) {
                true => p.set("disjointgroups", json!(true)),
                false => refuse(
                    refused,
                    "its groups are not the cells at the same place of each region, read row by row, which is what f-puzzles' disjoint groups are".into(),
                ),
            },
            RuleKind::LittleKiller {
                cells,
                total,
                clue,
                direction,
            } => match little_killer(g, layout, cells, *total, *clue, *direction) {
                Ok(entry) => p.push("littlekillersum", entry),
                Err(why) => refuse(refused, why),
            },
            RuleKind::Arrow { cells, circle } => {
                let (pill, shaft) = cells.split_at(*circle);
                let start = pill.iter().find(|&&o| touches(g, o, shaft[0]));
                match start {
                    Some(&o) => {
                        let mut l = vec![layout.name(g, o)];
                        l.extend(line(shaft));
                        let key: Vec<usize> = pill.iter().map(|x| x.index()).collect();
                        match arrows.iter_mut().find(|a| a.0 == key) {
                            Some(a) => a.1.push(l),
                            None => arrows.push((key, vec![l])),
                        }
                    }
                    None => refuse(
                        refused,
                        "its line does not start next to its circle, and f-puzzles' arrows are drawn from the circle".into(),
                    ),
                }
            }
            RuleKind::DoubleArrow { cells } => {
                lines(p, "doublearrow", &line(cells), Some(drawings::DOUBLE_ARROW));
            }
            RuleKind::Renban { cells } => lines(p, "renban", &line(cells), Some(drawings::RENBAN)),
            RuleKind::Whispers { cells, difference } => {
                let german = i64::from(layout.n.div_ceil(2));
                let style = match *difference {
                    d if d == german => Some(drawings::GERMAN_WHISPERS),
                    d if d == german - 1 && d >= 1 => Some(drawings::DUTCH_WHISPERS),
                    _ => None,
                };
                match style {
                    Some(s) => {
                        p.push(
                            "whispers",
                            json!({"lines": [line(cells)], "value": difference.to_string()}),
                        );
                        drawings::line(p, s, &line(cells));
                    }
                    None => refuse(
                        refused,
                        format!(
                            "its neighbours differ by at least {difference}; f-puzzles' whispers are German (at least {german} on a {0}x{0} grid) or Dutch (at least {1})",
                            layout.n,
                            german - 1
                        ),
                    ),
                }
            }
            RuleKind::Palindrome { cells } => lines(p, "palindrome", &line(cells), None),
            RuleKind::Between { cells } => lines(p, "betweenline", &line(cells), None),
            RuleKind::RegionSum { cells } => match region_runs_match(g, layout, cells) {
                true => lines(p, "regionsumline", &line(cells), Some(drawings::REGION_SUM)),
                false => refuse(
                    refused,
                    "it splits into runs by boxes other than f-puzzles' regions (or crosses a cell in no region), so f-puzzles would add it up differently".into(),
                ),
            },
            RuleKind::Entropic { cells } => {
                lines(p, "entropicline", &line(cells), Some(drawings::ENTROPIC));
            }
            RuleKind::Modular { cells } => {
                lines(p, "modularline", &line(cells), Some(drawings::MODULAR));
            }
            RuleKind::Zipper { cells } => {
                lines(p, "zipperline", &line(cells), Some(drawings::ZIPPER));
            }
            RuleKind::Clone { cells, half } => {
                let (a, b) = cells.split_at(*half);
                p.push("clone", json!({"cells": line(a), "cloneCells": line(b)}));
            }
            // Sets of one cell are cells that all hold the same symbol: clones of the first.
            RuleKind::SameValues { cells, size: 1 } => {
                for &b in &cells[1..] {
                    p.push("clone", json!({"cells": line(&cells[..1]), "cloneCells": line(&[b])}));
                }
            }
            RuleKind::SameValues { .. } => refuse(
                refused,
                format!(
                    "{}: sets of several cells holding the same values in any order; f-puzzles' clones copy cell for cell",
                    c.name
                ),
            ),
            RuleKind::Sandwich { cells, total, clue } => {
                outside(g, layout, p, refused, &name, Outside::Sandwich, cells, *total, *clue);
            }
            RuleKind::XSum { cells, total, clue } => {
                outside(g, layout, p, refused, &name, Outside::XSum, cells, *total, *clue);
            }
            RuleKind::Skyscraper { cells, count, clue } => {
                outside(g, layout, p, refused, &name, Outside::Skyscraper, cells, *count, *clue);
            }
            RuleKind::Indexing { cells, lines } => indexing(g, layout, p, refused, &name, cells, lines),
            RuleKind::Sequence { .. } => refuse(
                refused,
                "a `sequence` rule (an automaton over a line): neither f-puzzles nor SudokuPad has a constraint for it".into(),
            ),
            RuleKind::SumLine { .. } => refuse(
                refused,
                "a sum line: neither f-puzzles nor SudokuPad has a constraint for it".into(),
            ),
            RuleKind::AntiTaxicab => refuse(
                refused,
                "neither f-puzzles nor SudokuPad has an anti-taxicab constraint".into(),
            ),
            RuleKind::Cage { cells, total } => {
                let mut cage = json!({"cells": line(cells)});
                if let Some(t) = total {
                    cage["value"] = json!(t.to_string());
                }
                p.push("killercage", cage);
            }
            RuleKind::Rellik { .. }
            | RuleKind::Lunchbox { .. }
            | RuleKind::Lockout { .. }
            | RuleKind::DutchFlatmates
            | RuleKind::GlobalEntropy
            | RuleKind::GlobalModular
            | RuleKind::NumberedRoom { .. }
            | RuleKind::HiddenSkyscraper { .. }
            | RuleKind::CountingCircles { .. } => refuse(
                refused,
                format!(
                    "{}: f-puzzles has no such constraint, and SudokuPad draws it only as lines and text it cannot check",
                    c.name
                ),
            ),
            RuleKind::EqualSum { .. } => refuse(
                refused,
                "equal sums over sets of cells: neither f-puzzles nor SudokuPad has such a constraint (sets that are a line's runs through its boxes are a `region-sum` line, which exports)".into(),
            ),
            RuleKind::CountDistinct { .. } => refuse(
                refused,
                "a count of different values: neither f-puzzles nor SudokuPad has such a constraint".into(),
            ),
            RuleKind::Relation { .. } => refuse(
                refused,
                "a `relation` rule (a table of allowed values): neither f-puzzles nor SudokuPad has a constraint for it".into(),
            ),
            RuleKind::Any { .. } | RuleKind::All { .. } => refuse(
                refused,
                "a rule composed of rules (`any`, `all`): neither f-puzzles nor SudokuPad has a constraint for it".into(),
            ),
            RuleKind::Chaos { .. } => refuse(
                refused,
                "a chaos construction (regions found by the solver): neither f-puzzles nor SudokuPad checks one".into(),
            ),
            RuleKind::CountRegions { .. } => refuse(
                refused,
                format!(
                    "{}: a count of different regions of a chaos construction, which neither f-puzzles nor SudokuPad checks",
                    c.name
                ),
            ),
            RuleKind::ChaosArrow { .. } | RuleKind::ChaosCount { .. } => refuse(
                refused,
                format!(
                    "{}: a clue about the regions of a chaos construction, which neither f-puzzles nor SudokuPad checks",
                    c.name
                ),
            ),
        }
    }
    for (circle, lines) in arrows {
        p.push(
            "arrow",
            json!({"cells": names(g, layout, &circle), "lines": lines}),
        );
    }
    adjacent_extremes(g, &minima, "minimum", refused);
    adjacent_extremes(g, &maxima, "maximum", refused);
    marks.finish(g, layout, p, refused);
}

/// A line constraint `{lines: [cells]}`, with the editor's drawing of it when the constraint
/// is one SudokuPad does not draw.
fn lines(p: &mut Payload, key: &str, cells: &[String], drawing: Option<Style>) {
    p.push(key, json!({"lines": [cells]}));
    if let Some(s) = drawing {
        drawings::line(p, s, cells);
    }
}

/// Whether two cells touch (a king's move).
fn touches(g: &Geometry, a: CellId, b: CellId) -> bool {
    let (p, q) = (g.pos(a.index()), g.pos(b.index()));
    p != q && p.row.abs_diff(q.row) <= 1 && p.col.abs_diff(q.col) <= 1
}

/// The four cells of a 2x2 block in reading order, named, or `None` when the cells are not one.
fn corner(g: &Geometry, layout: &Layout, cells: &[CellId]) -> Option<Vec<String>> {
    let mut rcs: Vec<(u32, u32)> = cells.iter().map(|&c| layout.rc(g, c)).collect();
    rcs.sort_unstable();
    let &[(r, c), ..] = rcs.as_slice() else {
        return None;
    };
    (rcs == [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)])
        .then(|| rcs.iter().map(|(r, c)| format!("R{r}C{c}")).collect())
}

/// Whether the engine's disjoint groups are f-puzzles': the k-th cell, row by row, of every
/// region of a partition covering the grid.
fn disjoint_groups_match(layout: &Layout, groups: &[Vec<CellId>]) -> bool {
    let n = layout.n as usize;
    if layout.regions.len() != n || layout.region_of.iter().any(Option::is_none) {
        return false;
    }
    let mut theirs: Vec<Vec<usize>> = (0..n)
        .map(|k| {
            let mut g: Vec<usize> = layout.regions.iter().map(|r| r[k]).collect();
            g.sort_unstable();
            g
        })
        .collect();
    let mut ours: Vec<Vec<usize>> = groups
        .iter()
        .map(|grp| {
            let mut g: Vec<usize> = grp.iter().map(|c| c.index()).collect();
            g.sort_unstable();
            g
        })
        .collect();
    theirs.sort_unstable();
    ours.sort_unstable();
    ours == theirs
}

/// A little killer: f-puzzles puts the clue in the ring around the grid and reads the
/// diagonal from the next cell on to the grid's edge, repeats allowed; a clue of 0 or less is
/// read as no clue.
fn little_killer(
    g: &Geometry,
    layout: &Layout,
    cells: &[CellId],
    total: i64,
    clue: (u32, u32),
    (dr, dc): (i32, i32),
) -> Result<Value, String> {
    let direction = match (dr, dc) {
        (1, 1) => "DR",
        (1, -1) => "DL",
        (-1, 1) => "UR",
        (-1, -1) => "UL",
        _ => return Err("its direction is not diagonal".into()),
    };
    let not_next = || {
        "its clue is not next to the grid, where f-puzzles writes little killer clues".to_string()
    };
    let (r, c, cell) = layout.outside_name(clue).ok_or_else(not_next)?;
    let mut theirs = Vec::new();
    let (mut r, mut c) = (r + i64::from(dr), c + i64::from(dc));
    while let Some(x) = layout.cell(g, r, c) {
        theirs.push(x);
        (r, c) = (r + i64::from(dr), c + i64::from(dc));
    }
    if theirs != cells {
        return Err(not_next());
    }
    if total <= 0 {
        return Err(format!(
            "its total is {total}; f-puzzles reads a little killer clue of 0 or less as no clue"
        ));
    }
    Ok(json!({
        "cell": cell,
        "cells": cells.iter().map(|&x| layout.name(g, x)).collect::<Vec<_>>(),
        "direction": direction,
        "value": total.to_string(),
    }))
}

/// Whether a region-sum line splits into the same runs by f-puzzles' regions as by the
/// engine's boxes, and crosses no cell outside every region.
fn region_runs_match(g: &Geometry, layout: &Layout, cells: &[CellId]) -> bool {
    let mut theirs: Vec<std::ops::Range<usize>> = Vec::new();
    for (i, c) in cells.iter().enumerate() {
        let Some(reg) = layout.region_of[c.index()] else {
            return false;
        };
        match theirs.last_mut() {
            Some(run) if layout.region_of[cells[run.start].index()] == Some(reg) => run.end = i + 1,
            _ => theirs.push(i..i + 1),
        }
    }
    theirs == line_rules::segments(g, cells)
}

/// A sandwich, X-sum or skyscraper clue: `{cell, value}` with the clue in the ring around
/// the grid; f-puzzles reads its row or column from that side.
#[allow(clippy::too_many_arguments)]
fn outside(
    g: &Geometry,
    layout: &Layout,
    p: &mut Payload,
    refused: &mut Vec<Refused>,
    name: &str,
    kind: Outside,
    cells: &[CellId],
    number: i64,
    clue: (u32, u32),
) {
    let n = i64::from(layout.n);
    let read = layout.outside_name(clue).and_then(|(r, c, cell)| {
        let line: Vec<(i64, i64)> = match (r, c) {
            (0, c) if (1..=n).contains(&c) => (1..=n).map(|i| (i, c)).collect(),
            (r, c) if r == n + 1 && (1..=n).contains(&c) => (1..=n).rev().map(|i| (i, c)).collect(),
            (r, 0) if (1..=n).contains(&r) => (1..=n).map(|i| (r, i)).collect(),
            (r, c) if c == n + 1 && (1..=n).contains(&r) => (1..=n).rev().map(|i| (r, i)).collect(),
            _ => return None,
        };
        let theirs: Vec<CellId> = line
            .into_iter()
            .filter_map(|(r, c)| layout.cell(g, r, c))
            .collect();
        (theirs == cells).then_some(cell)
    });
    let Some(cell) = read else {
        refused.push(Refused::new(
            name,
            "its clue is not beside a row or column it reads whole, which is where f-puzzles puts such clues",
        ));
        return;
    };
    let value = number.to_string();
    match kind {
        Outside::Sandwich => p.push("sandwichsum", json!({"cell": cell, "value": value})),
        Outside::XSum => {
            p.push("xsum", json!({"cell": cell, "value": value}));
            drawings::outside(p, "X Sum", "\u{25EF}", &cell, &value);
        }
        Outside::Skyscraper => {
            p.push("skyscraper", json!({"cell": cell, "value": value}));
            drawings::outside(p, "Skyscraper", "\u{25AF}", &cell, &value);
        }
    }
}

/// Indexing cells by what they index: a cell indexing its row is a column indexer (its value
/// names a column), one indexing its column a row indexer, one indexing its region (row by
/// row) a box indexer.
fn indexing(
    g: &Geometry,
    layout: &Layout,
    p: &mut Payload,
    refused: &mut Vec<Refused>,
    name: &str,
    cells: &[CellId],
    lines: &[Vec<CellId>],
) {
    const KINDS: [(&str, &str, &str); 3] = [
        ("rowindexer", "Row Indexer", "#7CC77C"),
        ("columnindexer", "Column Indexer", "#C77C7C"),
        ("boxindexer", "Box Indexer", "#7C7CC7"),
    ];
    let n = i64::from(layout.n);
    let mut found: [Vec<String>; 3] = Default::default();
    for (&cell, line) in cells.iter().zip(lines) {
        let (r, c) = layout.rc(g, cell);
        let (r, c) = (i64::from(r), i64::from(c));
        let row: Vec<CellId> = (1..=n).filter_map(|k| layout.cell(g, r, k)).collect();
        let column: Vec<CellId> = (1..=n).filter_map(|k| layout.cell(g, k, c)).collect();
        let region: Option<Vec<CellId>> = layout.region_of[cell.index()]
            .map(|i| layout.regions[i].iter().map(|&x| CellId::new(x)).collect());
        let kind = if *line == column {
            0
        } else if *line == row {
            1
        } else if region.as_ref() == Some(line) {
            2
        } else {
            refused.push(Refused::new(
                name,
                format!(
                    "{} indexes cells other than its row, its column or its region read row by row, which are what f-puzzles' indexers index",
                    g.pos(cell.index())
                ),
            ));
            return;
        };
        found[kind].push(layout.name(g, cell));
    }
    for ((key, drawing, colour), cells) in KINDS.iter().zip(found) {
        if !cells.is_empty() {
            drawings::indexer(p, drawing, colour, &cells);
            p.push(key, json!({ "cells": cells }));
        }
    }
}

/// Refuses minimum (maximum) cells next to each other: shapedoku compares each with all its
/// neighbours, so two such cells side by side cannot both hold, while f-puzzles compares a
/// minimum cell only with neighbours that are not minimum cells.
fn adjacent_extremes(
    g: &Geometry,
    cells: &[(usize, &str)],
    kind: &str,
    refused: &mut Vec<Refused>,
) {
    for (i, &(a, name_a)) in cells.iter().enumerate() {
        for &(b, name_b) in &cells[i + 1..] {
            let (p, q) = (g.pos(a), g.pos(b));
            if p.row.abs_diff(q.row) + p.col.abs_diff(q.col) == 1 {
                let what = if name_a == name_b {
                    format!("`{name_a}`")
                } else {
                    format!("`{name_a}` and `{name_b}`")
                };
                refused.push(Refused::new(
                    what,
                    format!(
                        "the {kind} cells {p} and {q} are neighbours: shapedoku compares them with each other (so they cannot both hold), f-puzzles compares a {kind} cell only with neighbours that are not {kind} cells"
                    ),
                ));
            }
        }
    }
}
