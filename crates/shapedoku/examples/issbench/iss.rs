//! A puzzle as the Interactive Sudoku Solver's constraint string (`.Type~arg~cell~...`, its
//! public text format: `js/sudoku_constraint.js` in its repository documents each type), for
//! the puzzles both engines can hold: one square grid of N x N cells (N up to 16) whose rows and
//! columns are no-repeat shapes, values 1..N, and rules ISS has a type for. Each of our rules
//! maps to ISS's type of the same meaning; a rule without one (clones, indexing, sequences,
//! minimum/maximum cells, marks other than kropki and XV) makes the whole puzzle an error, never
//! a puzzle with the rule dropped.
//!
//! ISS numbers rows and columns from 1 in base 17 (`R1C1` .. `RgCg`), and values from 1.

use shapedoku::constraint::{Relation, RuleKind};
use shapedoku::{Puzzle, ShapeKind};
use std::collections::BTreeSet;

/// The constraint string of `p`, or why ISS cannot hold it.
pub fn constraint_string(p: &Puzzle) -> Result<String, String> {
    let g = p.geometry();
    let n = g.symbol_count();
    if !(2..=16).contains(&n) || g.cell_count() != n * n {
        return Err(format!(
            "{} cells and {n} symbols: not an N x N grid ISS takes",
            g.cell_count()
        ));
    }
    if p.narrowed().is_some() {
        return Err("narrowed candidates".into());
    }
    // Grid position (0-based row, column) of each cell; every cell inside rows and columns 1..N.
    let rc: Vec<(usize, usize)> = (0..g.cell_count())
        .map(|c| (g.pos(c).row as usize - 1, g.pos(c).col as usize - 1))
        .collect();
    if rc.iter().any(|&(r, c)| r >= n || c >= n) {
        return Err("cells outside one N x N grid at r1c1".into());
    }
    let id = |c: usize| format!("R{}C{}", base17(rc[c].0 + 1), base17(rc[c].1 + 1));
    let ids = |cells: &[usize]| cells.iter().map(|&c| id(c)).collect::<Vec<_>>().join("~");
    let at = |r: usize, c: usize| -> usize {
        (0..g.cell_count())
            .find(|&x| rc[x] == (r, c))
            .expect("every position has a cell")
    };
    let plain_values = g
        .symbols()
        .values()
        .iter()
        .enumerate()
        .all(|(i, &v)| v == i as i64 + 1);
    let mut out = String::new();
    if n != 9 {
        out.push_str(&format!(".Shape~{n}x{n}"));
    }

    // No-repeat shapes: rows and columns are ISS's own; boxes too when all of ISS's are there.
    let set = |cells: &[usize]| cells.iter().copied().collect::<BTreeSet<usize>>();
    let mut houses: Vec<BTreeSet<usize>> = Vec::new();
    let mut cells_of: Vec<Vec<usize>> = Vec::new();
    for s in g.shapes() {
        if s.sum().is_none() && s.is_no_repeat() {
            let k = set(&s.cells);
            if !houses.contains(&k) {
                houses.push(k);
                cells_of.push(s.cells.clone());
            }
        } else if s.sum().is_some() && !plain_values {
            return Err("sums over values other than 1..N".into());
        }
    }
    let rows: Vec<BTreeSet<usize>> = (0..n).map(|r| (0..n).map(|c| at(r, c)).collect()).collect();
    let cols: Vec<BTreeSet<usize>> = (0..n).map(|c| (0..n).map(|r| at(r, c)).collect()).collect();
    for line in rows.iter().chain(&cols) {
        let Some(i) = houses.iter().position(|h| h == line) else {
            return Err("a row or column that is not a no-repeat shape".into());
        };
        houses.remove(i);
        cells_of.remove(i);
    }
    // The grid's regions as our rules see them (a region-sum line's runs): its boxes, or its
    // regions when it has none (`constraint/line_rules.rs`). ISS reads the same from its boxes,
    // or its jigsaw when it has no boxes, so they are written as exactly one of those: a
    // region equal to a row or a column is still a jigsaw piece there.
    let has_boxes = g.shapes().iter().any(|s| s.kind == ShapeKind::Box);
    let want = if has_boxes {
        ShapeKind::Box
    } else {
        ShapeKind::Region
    };
    let regions: Vec<BTreeSet<usize>> = g
        .shapes()
        .iter()
        .filter(|s| s.kind == want && s.sum().is_none() && s.is_no_repeat())
        .map(|s| set(&s.cells))
        .collect();
    let mut owner = vec![usize::MAX; n * n];
    for (k, r) in regions.iter().enumerate() {
        for &c in r {
            let (row, col) = rc[c];
            owner[row * n + col] = if owner[row * n + col] == usize::MAX {
                k
            } else {
                usize::MAX - 1
            };
        }
    }
    let partition =
        regions.len() == n && regions.iter().all(|r| r.len() == n) && owner.iter().all(|&o| o < n);
    let iss_box_sets: Vec<BTreeSet<usize>> = iss_boxes(n)
        .map(|(h, w)| {
            let mut out = Vec::new();
            for br in (0..n).step_by(h) {
                for bc in (0..n).step_by(w) {
                    let cells = (0..h).flat_map(|r| (0..w).map(move |c| (br + r, bc + c)));
                    out.push(cells.map(|(r, c)| at(r, c)).collect::<BTreeSet<usize>>());
                }
            }
            out
        })
        .unwrap_or_default();
    let standard =
        partition && !iss_box_sets.is_empty() && iss_box_sets.iter().all(|b| regions.contains(b));
    if !standard {
        out.push_str(".NoBoxes");
        if partition {
            let layout: String = owner
                .iter()
                .map(|&o| char::from_digit(o as u32, 36).expect("under 36"))
                .collect();
            out.push_str(&format!(".Jigsaw~{layout}"));
        } else if g
            .constraints()
            .iter()
            .any(|c| matches!(c.kind, RuleKind::RegionSum { .. }))
        {
            return Err("region-sum lines on regions that do not split the grid".into());
        }
    }
    if partition {
        for r in &regions {
            if let Some(i) = houses.iter().position(|h| h == r) {
                houses.remove(i);
                cells_of.remove(i);
            }
        }
    }
    // Diagonals and windows, ISS's own where they match; anything else an AllDifferent.
    let main: BTreeSet<usize> = (0..n).map(|i| at(i, i)).collect();
    let anti: BTreeSet<usize> = (0..n).map(|i| at(n - 1 - i, i)).collect();
    for (d, arg) in [(main, -1), (anti, 1)] {
        if let Some(i) = houses.iter().position(|h| *h == d) {
            out.push_str(&format!(".Diagonal~{arg}"));
            houses.remove(i);
            cells_of.remove(i);
        }
    }
    if n == 9 {
        let windows: Vec<BTreeSet<usize>> = [(1, 1), (1, 5), (5, 1), (5, 5)]
            .iter()
            .map(|&(r0, c0)| {
                (0..3)
                    .flat_map(|r| (0..3).map(move |c| (r0 + r, c0 + c)))
                    .map(|(r, c)| at(r, c))
                    .collect()
            })
            .collect();
        if windows.iter().all(|w| houses.contains(w)) {
            out.push_str(".Windoku");
            for w in &windows {
                let i = houses.iter().position(|h| h == w).expect("present");
                houses.remove(i);
                cells_of.remove(i);
            }
        }
    }
    for cells in &cells_of {
        out.push_str(&format!(".AllDifferent~{}", ids(cells)));
    }
    for s in g.shapes() {
        if let Some(total) = s.sum() {
            let kind = if s.is_no_repeat() { "Cage" } else { "Sum" };
            out.push_str(&format!(".{kind}~{total}~{}", ids(&s.cells)));
        }
    }

    // Rules beyond shapes.
    let mut candidates: Vec<Option<Vec<i64>>> = vec![None; g.cell_count()];
    for c in g.constraints() {
        let needs_values = !matches!(c.kind, RuleKind::AntiKnight | RuleKind::AntiKing);
        if needs_values && !plain_values {
            return Err(format!("rule `{}` over values other than 1..N", c.name));
        }
        let cells = |v: &[shapedoku::CellId]| v.iter().map(|c| c.index()).collect::<Vec<_>>();
        match &c.kind {
            RuleKind::AntiKnight => out.push_str(".AntiKnight"),
            RuleKind::AntiKing => out.push_str(".AntiKing"),
            RuleKind::Nonconsecutive => out.push_str(".AntiConsecutive"),
            RuleKind::Thermo { cells: v } => line(&mut out, "Thermo", &ids(&cells(v))),
            RuleKind::Renban { cells: v } => line(&mut out, "Renban", &ids(&cells(v))),
            RuleKind::Palindrome { cells: v } => line(&mut out, "Palindrome", &ids(&cells(v))),
            RuleKind::Between { cells: v } => line(&mut out, "Between", &ids(&cells(v))),
            RuleKind::RegionSum { cells: v } => line(&mut out, "RegionSumLine", &ids(&cells(v))),
            RuleKind::Entropic { cells: v } => line(&mut out, "Entropic", &ids(&cells(v))),
            RuleKind::Modular { cells: v } => line(&mut out, "Modular~3", &ids(&cells(v))),
            RuleKind::Zipper { cells: v } => line(&mut out, "Zipper", &ids(&cells(v))),
            RuleKind::DoubleArrow { cells: v } => line(&mut out, "DoubleArrow", &ids(&cells(v))),
            RuleKind::Whispers {
                cells: v,
                difference,
            } => line(&mut out, &format!("Whisper~{difference}"), &ids(&cells(v))),
            RuleKind::Arrow {
                cells: v,
                circle: 1,
            } => line(&mut out, "Arrow", &ids(&cells(v))),
            RuleKind::LittleKiller {
                cells: v, total, ..
            } => {
                let first =
                    little_killer_id(n, &cells(v).iter().map(|&c| rc[c]).collect::<Vec<_>>())
                        .ok_or("a little killer ISS does not have")?;
                out.push_str(&format!(
                    ".LittleKiller~{total}~R{}C{}",
                    base17(first.0 + 1),
                    base17(first.1 + 1)
                ));
            }
            RuleKind::Sandwich {
                cells: v, total, ..
            } => {
                let (name, _) = full_line(n, &cells(v).iter().map(|&c| rc[c]).collect::<Vec<_>>())
                    .ok_or("a sandwich clue off a full row or column")?;
                out.push_str(&format!(".Sandwich~{total}~{name}"));
            }
            RuleKind::Skyscraper {
                cells: v,
                count: value,
                ..
            }
            | RuleKind::XSum {
                cells: v,
                total: value,
                ..
            } => {
                let kind = if matches!(c.kind, RuleKind::Skyscraper { .. }) {
                    "Skyscraper"
                } else {
                    "XSum"
                };
                let (name, forward) =
                    full_line(n, &cells(v).iter().map(|&c| rc[c]).collect::<Vec<_>>())
                        .ok_or("an outside clue off a full row or column")?;
                if forward {
                    out.push_str(&format!(".{kind}~{name}~{value}~"));
                } else {
                    out.push_str(&format!(".{kind}~{name}~~{value}"));
                }
            }
            RuleKind::Marks { marks, negative } => {
                for m in marks {
                    let kind = match m.relation {
                        Relation::Difference(1) => "WhiteDot",
                        Relation::Ratio(2) => "BlackDot",
                        Relation::Sum(10) => "X",
                        Relation::Sum(5) => "V",
                        r => return Err(format!("a {} mark", r.label())),
                    };
                    line(
                        &mut out,
                        kind,
                        &ids(&[m.cells[0].index(), m.cells[1].index()]),
                    );
                }
                let mut neg = negative.clone();
                neg.sort_by_key(|r| r.label());
                match neg.as_slice() {
                    [] => {}
                    [Relation::Ratio(2), Relation::Difference(1)] => out.push_str(".StrictKropki"),
                    [Relation::Sum(10), Relation::Sum(5)] => out.push_str(".StrictXV"),
                    _ => return Err("a negative constraint ISS does not have".into()),
                }
            }
            RuleKind::Odd { cells: v } | RuleKind::Even { cells: v } => {
                let odd = matches!(c.kind, RuleKind::Odd { .. });
                for x in cells(v) {
                    let allowed: Vec<i64> =
                        (1..=n as i64).filter(|k| (k % 2 == 1) == odd).collect();
                    candidates[x] = Some(allowed);
                }
            }
            RuleKind::Quadruple { cells: v, symbols } => {
                let top = cells(v).iter().map(|&c| rc[c]).min().expect("four cells");
                let vals: Vec<String> = symbols
                    .iter()
                    .map(|s| (s.index() + 1).to_string())
                    .collect();
                out.push_str(&format!(
                    ".Quad~R{}C{}~{}",
                    base17(top.0 + 1),
                    base17(top.1 + 1),
                    vals.join("~")
                ));
            }
            RuleKind::DisjointGroups { .. } if n == 9 => out.push_str(".DisjointSets"),
            _ => return Err(format!("rule `{}` has no ISS type here", c.name)),
        }
    }
    let mut given = Vec::new();
    for (c, v) in p.givens().iter().enumerate() {
        let allowed = match (v, &candidates[c]) {
            (Some(v), Some(a)) if !a.contains(&(i64::from(*v) + 1)) => vec![],
            (Some(v), _) => vec![i64::from(*v) + 1],
            (None, Some(a)) => a.clone(),
            (None, None) => continue,
        };
        if allowed.is_empty() {
            return Err("a given outside its cell's rule".into());
        }
        let vals: Vec<String> = allowed.iter().map(i64::to_string).collect();
        given.push(format!("{}_{}", id(c), vals.join("_")));
    }
    if !given.is_empty() {
        out.push_str(&format!(".~{}", given.join("~")));
    }
    Ok(out)
}

fn line(out: &mut String, kind: &str, ids: &str) {
    out.push_str(&format!(".{kind}~{ids}"));
}

/// A number in base 17, as ISS writes row and column numbers.
fn base17(x: usize) -> char {
    char::from_digit(x as u32, 17).expect("at most 16")
}

/// ISS's box height and width for an N x N grid of N values (`CellGeometry.boxDimsForSize`):
/// the largest divisor pair with the smaller side at most sqrt(N), height first.
fn iss_boxes(n: usize) -> Option<(usize, usize)> {
    let mut small = (n as f64).sqrt().floor() as usize;
    while small >= 2 {
        if n % small == 0 {
            return Some((small, n / small));
        }
        small -= 1;
    }
    None
}

/// The row or column `cells` (0-based positions) fill, as ISS names it (`R3`, `C5`), and
/// whether they run forward (left to right, or top to bottom).
fn full_line(n: usize, cells: &[(usize, usize)]) -> Option<(String, bool)> {
    if cells.len() != n {
        return None;
    }
    let forward = cells.windows(2).all(|w| w[1].0 > w[0].0 || w[1].1 > w[0].1);
    if cells.iter().all(|p| p.0 == cells[0].0) {
        return Some((format!("R{}", base17(cells[0].0 + 1)), forward));
    }
    if cells.iter().all(|p| p.1 == cells[0].1) {
        return Some((format!("C{}", base17(cells[0].1 + 1)), forward));
    }
    None
}

/// The cell ISS names a little killer's diagonal by: ISS lists every diagonal of two or more
/// cells once, from the left side down-right, the right side up-left, the top down-left and the
/// bottom up-right (`LittleKiller.cellMap`), keyed by its first cell; a diagonal is the same
/// clue whichever end it is read from.
fn little_killer_id(n: usize, cells: &[(usize, usize)]) -> Option<(usize, usize)> {
    let want: BTreeSet<(usize, usize)> = cells.iter().copied().collect();
    let n = n as i64;
    let mut starts = Vec::new();
    starts.extend((0..n - 1).map(|r| (r, 0, 1, 1)));
    starts.extend((1..n - 1).map(|r| (r, n - 1, -1, -1)));
    starts.extend((1..n).map(|c| (0, c, 1, -1)));
    starts.extend((1..n - 1).map(|c| (n - 1, c, -1, 1)));
    let mut seen = BTreeSet::new();
    for (r0, c0, dr, dc) in starts {
        let (mut r, mut c) = (r0, c0);
        let mut diag = BTreeSet::new();
        while (0..n).contains(&r) && (0..n).contains(&c) {
            diag.insert((r as usize, c as usize));
            r += dr;
            c += dc;
        }
        if diag.len() <= 1 || !seen.insert(diag.clone()) {
            continue;
        }
        if diag == want {
            return Some((r0 as usize, c0 as usize));
        }
    }
    None
}
