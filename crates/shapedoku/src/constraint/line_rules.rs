//! What the line rules with checks of their own require (renban, between, region sum,
//! entropic, modular, zipper), checked on values placed so far, and the facts about a line that
//! the solver and the checker share (a region-sum line's runs per box, the entropic and modular
//! classes). Little killers, arrows and double arrows are linear laws, whispers, palindromes
//! and clones pair laws, sequences automata (`laws.rs`).
//!
//! A check on a partly filled grid must never fail while the filled cells can still be
//! completed: each one only looks at what is already decided (a run of three filled cells, a
//! full arrow), and is exact once every cell is filled.

use super::RuleKind;
use crate::{CellId, Geometry, ShapeKind};
use std::ops::Range;

/// Whether the filled cells (`value(cell)` is a cell's value) break the rule nowhere; `true`
/// for the kinds this file does not know (`native.rs` sends it only its own).
pub(super) fn holds(kind: &RuleKind, g: &Geometry, value: &dyn Fn(CellId) -> Option<i64>) -> bool {
    let vals = |cells: &[CellId]| -> Option<Vec<i64>> { cells.iter().map(|&c| value(c)).collect() };
    match kind {
        RuleKind::Renban { cells } => {
            let mut v: Vec<i64> = cells.iter().filter_map(|&c| value(c)).collect();
            v.sort_unstable();
            let distinct = v.windows(2).all(|w| w[0] != w[1]);
            distinct && v.last().is_none_or(|hi| hi - v[0] < cells.len() as i64)
        }
        RuleKind::Between { cells } => between_holds(cells, value),
        RuleKind::RegionSum { cells } => {
            let sums: Vec<i64> = segments(g, cells)
                .into_iter()
                .filter_map(|r| vals(&cells[r]).map(|v| v.iter().sum()))
                .collect();
            sums.windows(2).all(|w| w[0] == w[1])
        }
        RuleKind::Entropic { cells } | RuleKind::Modular { cells } => {
            let Some(class) = classes(kind, g.symbols().values()) else {
                return false;
            };
            let class_of = |c: CellId| -> Option<u8> {
                let v = value(c)?;
                let s = g.symbols().values().iter().position(|&x| x == v)?;
                Some(class[s])
            };
            cells.windows(cells.len().min(3)).all(|w| {
                let cl: Option<Vec<u8>> = w.iter().map(|&c| class_of(c)).collect();
                cl.is_none_or(|cl| (0..cl.len()).all(|i| !cl[i + 1..].contains(&cl[i])))
            })
        }
        RuleKind::Zipper { cells } => zipper_holds(cells, value),
        RuleKind::Lockout { cells, difference } => lockout_holds(cells, *difference, value),
        _ => true,
    }
}

fn between_holds(cells: &[CellId], value: &dyn Fn(CellId) -> Option<i64>) -> bool {
    let n = cells.len();
    let (Some(a), Some(b)) = (value(cells[0]), value(cells[n - 1])) else {
        return true;
    };
    let (lo, hi) = (a.min(b), a.max(b));
    cells[1..n - 1]
        .iter()
        .all(|&c| value(c).is_none_or(|v| lo < v && v < hi))
}

/// A lockout line: once both ends are filled they differ by at least `difference` and no
/// filled cell between them lies from the lower end to the higher one.
fn lockout_holds(cells: &[CellId], difference: i64, value: &dyn Fn(CellId) -> Option<i64>) -> bool {
    let n = cells.len();
    let (Some(a), Some(b)) = (value(cells[0]), value(cells[n - 1])) else {
        return true;
    };
    let (lo, hi) = (a.min(b), a.max(b));
    hi - lo >= difference
        && cells[1..n - 1]
            .iter()
            .all(|&c| value(c).is_none_or(|v| v < lo || v > hi))
}

fn zipper_holds(cells: &[CellId], value: &dyn Fn(CellId) -> Option<i64>) -> bool {
    let n = cells.len();
    let mut target = if n % 2 == 1 {
        value(cells[n / 2])
    } else {
        None
    };
    for i in 0..n / 2 {
        if let (Some(a), Some(b)) = (value(cells[i]), value(cells[n - 1 - i])) {
            match target {
                Some(t) if t != a + b => return false,
                _ => target = Some(a + b),
            }
        }
    }
    true
}

/// The runs of a line's cells inside one box, as index ranges into `cells`: the line passes
/// a new box (or re-enters one) where a run ends. The boxes are the geometry's boxes, or its
/// regions when it has no boxes; a cell in neither is a run of its own.
pub(crate) fn segments(g: &Geometry, cells: &[CellId]) -> Vec<Range<usize>> {
    let has_boxes = g.shapes().iter().any(|s| s.kind == ShapeKind::Box);
    let want = if has_boxes {
        ShapeKind::Box
    } else {
        ShapeKind::Region
    };
    let box_of = |c: CellId| {
        g.shapes_of(c.index())
            .iter()
            .copied()
            .find(|&s| g.shape(s as usize).kind == want)
    };
    let mut out: Vec<Range<usize>> = Vec::new();
    for (i, &c) in cells.iter().enumerate() {
        let b = box_of(c);
        match out.last_mut() {
            Some(r) if b.is_some() && box_of(cells[r.start]) == b => r.end = i + 1,
            _ => out.push(i..i + 1),
        }
    }
    out
}

/// The class (0, 1 or 2) of each symbol's value for an entropic line (the sorted distinct
/// values split in thirds) or a modular line (the remainder mod 3); `None` for an entropic
/// line when the number of distinct values is not a multiple of 3, or another kind.
pub(crate) fn classes(kind: &RuleKind, values: &[i64]) -> Option<Vec<u8>> {
    match kind {
        RuleKind::Modular { .. } => Some(values.iter().map(|v| v.rem_euclid(3) as u8).collect()),
        RuleKind::Entropic { .. } => {
            let mut sorted = values.to_vec();
            sorted.sort_unstable();
            sorted.dedup();
            let n = sorted.len();
            if n % 3 != 0 || n == 0 {
                return None;
            }
            Some(
                values
                    .iter()
                    .map(|v| (sorted.binary_search(v).unwrap_or(0) * 3 / n) as u8)
                    .collect(),
            )
        }
        _ => None,
    }
}
