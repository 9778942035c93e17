//! Uniqueness in words: unique, hidden and avoidable rectangles and BUG+1, each with the second
//! solution it avoids. The searches hold no words; these are the text, compact and teaching
//! forms of their deductions (see `explain`).

use crate::reason::explain::phrases::{
    and_list, candidates, cell, cells, compress_cells, label, sym,
};
use crate::reason::step::{Deduction, RectangleKind, Step};
use crate::{CellId, Geometry, ShapeId, Symbol};

/// The reason part of the text form.
pub(crate) fn reason(g: &Geometry, step: &Step) -> Option<String> {
    Some(match &step.deduction {
        Deduction::UniqueRectangle {
            kind,
            cells: cs,
            symbols,
            subset,
            house,
        } => rectangle(g, step, *kind, cs, *symbols, subset, *house),
        Deduction::BugPlusOne { cell: c, symbol } => format!(
            "BUG+1: every other empty cell has two candidates and every symbol two places per house but {v}, which has three in the houses of {}; without {v} there the puzzle would have no solution or two",
            cell(g, *c),
            v = sym(g, *symbol),
        ),
        _ => return None,
    })
}

/// What the compact form names between the technique and the results.
pub(crate) fn compact(g: &Geometry, d: &Deduction) -> Option<Option<String>> {
    Some(Some(match d {
        Deduction::UniqueRectangle {
            cells,
            symbols: [x, y],
            ..
        } => format!(
            "{}/{} in {}",
            sym(g, *x),
            sym(g, *y),
            compress_cells(g, cells)
        ),
        Deduction::BugPlusOne { .. } => return Some(None),
        _ => return None,
    }))
}

/// Why the step holds (the teaching form).
pub(crate) fn why(g: &Geometry, step: &Step) -> Option<String> {
    Some(match &step.deduction {
        Deduction::UniqueRectangle {
            kind,
            cells: cs,
            symbols,
            subset,
            house,
        } => rectangle_why(g, step, *kind, cs, *symbols, subset, *house),
        Deduction::BugPlusOne { cell: c, symbol } => format!(
            "Were {c} not {v}, every empty cell would hold exactly two candidates and every symbol would have exactly two places in each house; such a position (a bivalue universal grave) has no solution or at least two, and this puzzle has exactly one, so {c} must be {v}.",
            c = cell(g, *c),
            v = sym(g, *symbol)
        ),
        _ => return None,
    })
}

/// `unique rectangle type 1 on 4/7 at r1c1, r1c4, r3c1 and r3c4: ...`: the corners, the pair
/// and the way out that avoids a second solution.
fn rectangle(
    g: &Geometry,
    step: &Step,
    kind: RectangleKind,
    cs: &[CellId; 4],
    [x, y]: [Symbol; 2],
    subset: &[CellId],
    house: Option<ShapeId>,
) -> String {
    let (x, y) = (sym(g, x), sym(g, y));
    let head = |name: &str| {
        format!(
            "{name} on {x}/{y} at {}: were they to hold only {x} and {y}, swapping them would give a second solution",
            and_list(&cells(g, cs))
        )
    };
    let shape = house.map_or_else(String::new, |h| label(g, h));
    match kind {
        RectangleKind::Type1 => format!(
            "{}, so the corner with more candidates is neither",
            head("unique rectangle type 1")
        ),
        RectangleKind::Type2 => format!(
            "{}, so one of the two corners with more candidates holds its extra symbol, which every cell seeing both loses",
            head("unique rectangle type 2")
        ),
        RectangleKind::Type3 => format!(
            "{}, so the extra symbols of the two corners with more act as one cell, a naked subset with {} in {shape}",
            head("unique rectangle type 3"),
            and_list(&cells(g, subset))
        ),
        RectangleKind::Type4 => format!(
            "{}, so one of the two corners with more is {y}; {x} must go in one of them ({shape} has no other place for it), so they are not {y}",
            head("unique rectangle type 4")
        ),
        RectangleKind::Hidden => format!(
            "{}; {x} has only two places in each side through the corner opposite the bivalue one, so were that corner {y} the rest would follow into the pattern",
            head("hidden rectangle")
        ),
        RectangleKind::Type5 => format!(
            "{}, so one of the corners with more candidates holds their one extra symbol, which every cell seeing them all loses",
            head("unique rectangle type 5")
        ),
        RectangleKind::Type6 => format!(
            "{}; {}",
            head("unique rectangle type 6"),
            type6(g, step, cs, x, y)
        ),
        RectangleKind::Avoidable1 => format!(
            "{} (none of them is a given), so the empty corner is not {x}",
            head("avoidable rectangle type 1")
        ),
        RectangleKind::Avoidable2 => format!(
            "{} (none of them is a given), so one of the two empty corners holds their one extra symbol, which every cell seeing both loses",
            head("avoidable rectangle type 2")
        ),
    }
}

fn rectangle_why(
    g: &Geometry,
    step: &Step,
    kind: RectangleKind,
    cs: &[CellId; 4],
    [x, y]: [Symbol; 2],
    subset: &[CellId],
    house: Option<ShapeId>,
) -> String {
    let (x, y) = (sym(g, x), sym(g, y));
    let head = format!(
        "If {} ended up holding only {x} and {y}, the two could be swapped in all four corners and the puzzle would have a second solution; a proper puzzle has one",
        and_list(&cells(g, cs))
    );
    let shape = house.map_or_else(String::new, |h| label(g, h));
    let gone = and_list(&candidates(g, &step.eliminations));
    let tail = match kind {
        RectangleKind::Type1 => {
            "so the one corner with more candidates must take one of its others".to_string()
        }
        RectangleKind::Type2 => format!(
            "so one of the two corners with an extra candidate holds it, and {gone} (which see both) cannot be true"
        ),
        RectangleKind::Type3 => format!(
            "so the extra candidates of the two corners act as one cell, which makes a naked subset with {} in {shape}: {gone} go",
            and_list(&cells(g, subset))
        ),
        RectangleKind::Type4 => format!(
            "so the two corners with extras cannot both be {x}/{y}; {x} must go in one of them ({shape} has no other place for it), so neither can be {y}"
        ),
        RectangleKind::Type5 => format!(
            "so one of the corners with the extra candidate holds it, and {gone} (which see all of them) cannot be true"
        ),
        RectangleKind::Type6 => format!("and {}", type6(g, step, cs, x, y)),
        RectangleKind::Avoidable1 | RectangleKind::Avoidable2 => format!(
            "and since its filled corners were placed while solving, not given, the swap would give a second solution there too; the open corners must not complete the pattern, so {gone} go"
        ),
        RectangleKind::Hidden => format!(
            "and {x} has only two places in each side through the corner opposite the bivalue one; were that corner {y}, those links would fill the rectangle with {x} and {y}, so it is not {y}"
        ),
    };
    format!("{head}, {tail}.")
}

/// Type 6 in words: what it uses. A corner with more candidates loses x when a side through
/// the corner opposite it is a strong link on x (one link per corner that loses x, so most
/// steps rest on one link, not on x locked into the rectangle as HoDoKu's type 6 asks).
/// Corners `cs[i]` and `cs[3 - i]` are opposite; the eliminations name the corners that lose x.
fn type6(g: &Geometry, step: &Step, cs: &[CellId; 4], x: char, y: char) -> String {
    let lose: Vec<usize> = (0..4)
        .filter(|&i| step.eliminations.iter().any(|e| e.cell == cs[i]))
        .collect();
    let pair = |i: usize| {
        let (a, b) = if i == 0 || i == 3 { (1, 2) } else { (0, 3) };
        and_list(&cells(g, &[cs[a], cs[b]]))
    };
    match lose[..] {
        [e] => {
            let o = cell(g, cs[3 - e]);
            format!(
                "{b} hold only {x} and {y}, and a side through {o} has no other place for {x}: were {e} {x}, {b} (which see it) would be {y} and {o} (which sees both) {x}, the pattern, so {e} is not {x}",
                b = pair(e),
                e = cell(g, cs[e]),
            )
        }
        [e1, e2] => format!(
            "{b} hold only {x} and {y}, and a side through each of {c1} and {c2} has no other place for {x}: were either {x}, {b} would be {y} and the other {x}, the pattern, so neither is {x}",
            b = pair(e1),
            c1 = cell(g, cs[e1]),
            c2 = cell(g, cs[e2]),
        ),
        _ => format!(
            "were a corner with more candidates {x}, the rest would follow into the pattern"
        ),
    }
}
