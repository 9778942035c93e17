//! What the global rules with checks of their own require: Dutch flatmates (a middle value
//! has the smallest above it or the largest below it) and global entropy and modular (every
//! 2x2 square holds each class of values), with the places they read, which the checker and
//! the solver share. Each check looks only at what is already decided, and is exact once
//! every cell is filled.

use super::{RuleKind, line_rules};
use crate::{CellId, Geometry, Pos};

/// Each cell with the cell directly above it and the one directly below it on the canvas,
/// where there is one.
pub(crate) fn flatmates(g: &Geometry) -> Vec<(CellId, Option<CellId>, Option<CellId>)> {
    (g.cells().iter().enumerate())
        .map(|(i, p)| {
            let above = p
                .row
                .checked_sub(1)
                .and_then(|r| g.cell_at(Pos::new(r, p.col)));
            let below = g.cell_at(Pos::new(p.row + 1, p.col));
            (
                CellId::new(i),
                above.map(CellId::new),
                below.map(CellId::new),
            )
        })
        .collect()
}

/// The smallest, middle and largest of the alphabet's distinct values, or `None` when their
/// number is even (no middle value).
pub(crate) fn middle_and_ends(values: &[i64]) -> Option<(i64, i64, i64)> {
    let mut v = values.to_vec();
    v.sort_unstable();
    v.dedup();
    (v.len() % 2 == 1).then(|| (v[0], v[v.len() / 2], v[v.len() - 1]))
}

/// Dutch flatmates: no filled middle value has both its places decided against it (the cell
/// above filled with another value than the smallest, or absent; the cell below likewise for
/// the largest).
pub(super) fn flatmates_hold(g: &Geometry, value: &dyn Fn(CellId) -> Option<i64>) -> bool {
    let Some((lo, mid, hi)) = middle_and_ends(g.symbols().values()) else {
        return false;
    };
    flatmates(g).into_iter().all(|(c, above, below)| {
        if value(c) != Some(mid) {
            return true;
        }
        let may =
            |n: Option<CellId>, want: i64| n.is_some_and(|n| value(n).is_none_or(|v| v == want));
        may(above, lo) || may(below, hi)
    })
}

/// Every 2x2 square of cells on the canvas (its top-left, top-right, bottom-left and
/// bottom-right cells), all four present.
pub(crate) fn squares(g: &Geometry) -> Vec<[CellId; 4]> {
    (g.cells().iter())
        .filter_map(|p| {
            let at =
                |dr: u32, dc: u32| g.cell_at(Pos::new(p.row + dr, p.col + dc)).map(CellId::new);
            Some([at(0, 0)?, at(0, 1)?, at(1, 0)?, at(1, 1)?])
        })
        .collect()
}

/// The class (0, 1 or 2) of each symbol's value: the thirds of the sorted distinct values for
/// global entropy, the remainder mod 3 for global modular; `None` when the values do not split
/// in thirds, or for another kind.
pub(crate) fn square_classes(kind: &RuleKind, values: &[i64]) -> Option<Vec<u8>> {
    let line = match kind {
        RuleKind::GlobalEntropy => RuleKind::Entropic { cells: Vec::new() },
        RuleKind::GlobalModular => RuleKind::Modular { cells: Vec::new() },
        _ => return None,
    };
    line_rules::classes(&line, values)
}

/// Global entropy or modular: in every square the classes still missing are no more than its
/// empty cells.
pub(super) fn squares_hold(
    kind: &RuleKind,
    g: &Geometry,
    value: &dyn Fn(CellId) -> Option<i64>,
) -> bool {
    let values = g.symbols().values();
    let Some(class) = square_classes(kind, values) else {
        return false;
    };
    squares(g).into_iter().all(|sq| {
        let (mut seen, mut empty) = (0u8, 0);
        for c in sq {
            match value(c).and_then(|v| values.iter().position(|&x| x == v)) {
                Some(s) => seen |= 1 << class[s],
                None => empty += 1,
            }
        }
        3 - seen.count_ones() <= empty
    })
}
