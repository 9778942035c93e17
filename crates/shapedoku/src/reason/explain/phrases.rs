//! The phrasebook every family's words share: cells, symbols, shapes and lists as the text,
//! compact and teaching forms write them. Nothing here knows a technique.

use crate::reason::step::Candidate;
use crate::{CellId, Geometry, ShapeId, ShapeKind, Symbol, SymbolSet};
use std::collections::BTreeMap;

/// `r1c6`.
pub(crate) fn cell(g: &Geometry, c: CellId) -> String {
    g.pos(c.index()).to_string()
}

/// A symbol as its character: `5`, `F`.
pub(crate) fn sym(g: &Geometry, v: Symbol) -> char {
    g.symbols().char(v.index() as u8)
}

/// Symbols joined by `sep`: `1,2`, `12`, `1/2`.
pub(crate) fn syms(g: &Geometry, s: SymbolSet, sep: &str) -> String {
    s.iter()
        .map(|v| g.symbols().char(v).to_string())
        .collect::<Vec<_>>()
        .join(sep)
}

/// Each cell's name.
pub(crate) fn cells(g: &Geometry, cs: &[CellId]) -> Vec<String> {
    cs.iter().map(|&c| cell(g, c)).collect()
}

/// Each symbol's character, as strings for a list.
pub(crate) fn symbol_list(g: &Geometry, s: SymbolSet) -> Vec<String> {
    s.iter().map(|v| g.symbols().char(v).to_string()).collect()
}

/// `{1,2}`.
pub(crate) fn set(g: &Geometry, s: SymbolSet) -> String {
    format!("{{{}}}", syms(g, s, ","))
}

/// `r1c1 {1,2}`: a cell with its candidates.
pub(crate) fn marked(g: &Geometry, c: CellId, s: SymbolSet) -> String {
    format!("{} {}", cell(g, c), set(g, s))
}

/// `5 in r1c1` for each candidate.
pub(crate) fn candidates(g: &Geometry, list: &[Candidate]) -> Vec<String> {
    list.iter()
        .map(|c| format!("{} in {}", sym(g, c.symbol), cell(g, c.cell)))
        .collect()
}

/// `1 in r1c1, 2 in r8c1 and 5 in r8c6`.
pub(crate) fn candidates_said(g: &Geometry, list: &[Candidate]) -> String {
    and_list(&candidates(g, list))
}

/// `a`, `a and b`, `a, b and c`.
pub(crate) fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [a] => a.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// `a`, `a or b`, `a, b or c`.
pub(crate) fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [a] => a.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// `a 5`, `an 8`, `an F`: the article a symbol takes when read aloud.
pub(crate) fn article(v: char) -> String {
    let vowel_sound = matches!(
        v.to_ascii_uppercase(),
        '8' | 'A' | 'E' | 'F' | 'H' | 'I' | 'L' | 'M' | 'N' | 'O' | 'R' | 'S' | 'X'
    );
    format!("{} {v}", if vowel_sound { "an" } else { "a" })
}

/// `two`, `three`, `four`: sizes read better in words.
pub(crate) fn count(n: usize) -> String {
    match n {
        2 => "two".into(),
        3 => "three".into(),
        4 => "four".into(),
        _ => n.to_string(),
    }
}

fn plural(kind: ShapeKind) -> Option<&'static str> {
    Some(match kind {
        ShapeKind::Row => "rows",
        ShapeKind::Column => "columns",
        ShapeKind::Box => "boxes",
        ShapeKind::Region => "regions",
        _ => return None,
    })
}

/// A shape's label: `row 1`, `box 5`, `cage 10 at r1c1`.
pub(crate) fn label(g: &Geometry, s: ShapeId) -> String {
    g.shape_label(s.index())
}

/// Names a group of shapes: `rows 5 and 8` when they are numbered shapes of one kind and grid,
/// else their labels one by one.
pub fn shapes_label(g: &Geometry, ids: &[ShapeId]) -> String {
    if let Some(&first) = ids.first() {
        let s0 = g.shape(first.index());
        let same = ids.iter().all(|&i| {
            let s = g.shape(i.index());
            s.kind == s0.kind && s.grid == s0.grid && s.number > 0
        });
        if let (true, Some(p), true) = (same, plural(s0.kind), ids.len() > 1) {
            let nums: Vec<String> = ids
                .iter()
                .map(|&i| g.shape(i.index()).number.to_string())
                .collect();
            let first_label = label(g, first);
            let suffix = &first_label[s0.name.len().min(first_label.len())..];
            if s0.kind != ShapeKind::Region {
                return format!("{p} {}{suffix}", and_list(&nums));
            }
        }
    }
    and_list(&ids.iter().map(|&i| label(g, i)).collect::<Vec<_>>())
}

/// Groups candidates by symbol, ordered by each group's first cell.
pub(crate) fn by_symbol(list: &[Candidate]) -> Vec<(Symbol, Vec<CellId>)> {
    let mut groups: Vec<(Symbol, Vec<CellId>)> = Vec::new();
    let mut sorted = list.to_vec();
    sorted.sort_unstable();
    for e in sorted {
        match groups.iter_mut().find(|(x, _)| *x == e.symbol) {
            Some((_, cells)) => cells.push(e.cell),
            None => groups.push((e.symbol, vec![e.cell])),
        }
    }
    groups
}

/// Numbers run together when all are single digits (`58`), else joined by commas (`2,11`).
pub(crate) fn digits(nums: &[u32]) -> String {
    if nums.iter().all(|&n| n < 10) {
        nums.iter().map(u32::to_string).collect()
    } else {
        nums.iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// Cells in HoDoKu's compressed form: `r679c6`, `r4c48`, groups joined by commas.
pub fn compress_cells(g: &Geometry, cells: &[CellId]) -> String {
    let mut by_col: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    for &c in cells {
        let p = g.pos(c.index());
        by_col.entry(p.col).or_default().push(p.row);
    }
    let mut groups: Vec<(Vec<u32>, Vec<u32>)> = Vec::new();
    for (col, mut rows) in by_col {
        rows.sort_unstable();
        rows.dedup();
        match groups.iter_mut().find(|(r, _)| *r == rows) {
            Some((_, cols)) => cols.push(col),
            None => groups.push((rows, vec![col])),
        }
    }
    groups.sort();
    groups
        .iter()
        .map(|(r, c)| format!("r{}c{}", digits(r), digits(c)))
        .collect::<Vec<_>>()
        .join(",")
}

/// A numbered row, column or box of a single grid, as its letter and number (`r`, 4).
fn numbered(g: &Geometry, id: ShapeId) -> Option<(char, u32)> {
    let s = g.shape(id.index());
    let letter = match s.kind {
        ShapeKind::Row => 'r',
        ShapeKind::Column => 'c',
        ShapeKind::Box => 'b',
        _ => return None,
    };
    (s.grid.is_none() && s.number > 0).then_some((letter, s.number))
}

/// A shape's short name: `r4`, `c6`, `b5` on a single grid; else its label.
pub(crate) fn short(g: &Geometry, id: ShapeId) -> String {
    match numbered(g, id) {
        Some((letter, n)) => format!("{letter}{n}"),
        None => g.shape_label(id.index()),
    }
}

/// Shapes in compact form: `r58` when all are numbered of one kind, else short names joined.
pub(crate) fn shorts(g: &Geometry, ids: &[ShapeId]) -> String {
    let numbered: Option<Vec<(char, u32)>> = ids.iter().map(|&i| numbered(g, i)).collect();
    match numbered.as_deref() {
        Some(all @ [(letter, _), ..]) if all.iter().all(|(l, _)| l == letter) => {
            let nums: Vec<u32> = all.iter().map(|&(_, n)| n).collect();
            format!("{letter}{}", digits(&nums))
        }
        _ => ids
            .iter()
            .map(|&i| short(g, i))
            .collect::<Vec<_>>()
            .join(","),
    }
}
