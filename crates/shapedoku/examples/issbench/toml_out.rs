//! A generated classic-grid puzzle as a puzzle file (docs/format.md), for the rule kinds the
//! generated families use. Loading the file back gives the same puzzle (`generate` checks it).

use shapedoku::constraint::{Relation, RuleKind};
use shapedoku::{CellId, Puzzle};
use std::fmt::Write;

/// The puzzle file: the header comment, the classic variant, givens, the solution (when there
/// is one), cages and rules.
pub fn puzzle_file(header: &str, p: &Puzzle, solution: Option<&[u8]>) -> String {
    let g = p.geometry();
    let mut out = String::new();
    for line in header.lines() {
        writeln!(out, "# {line}").expect("a string");
    }
    out.push_str("variant = \"classic\"\n");
    let grid = |v: &dyn Fn(usize) -> char| {
        let rows: Vec<String> = (0..9)
            .map(|r| (0..9).map(|c| v(r * 9 + c)).collect())
            .collect();
        format!("\"\"\"\n{}\n\"\"\"", rows.join("\n"))
    };
    let digit = |s: u8| char::from(b'1' + s);
    let givens = grid(&|c| p.givens()[c].map_or('.', digit));
    writeln!(out, "givens = {givens}").expect("a string");
    if let Some(sol) = solution {
        writeln!(out, "solution = {}", grid(&|c| digit(sol[c]))).expect("a string");
    }
    for s in g.shapes() {
        if let Some(total) = s.sum() {
            let cells: Vec<CellId> = s.cells.iter().map(|&c| CellId::new(c)).collect();
            write!(
                out,
                "\n[[cage]]\nsum = {total}\ncells = \"{}\"\n",
                list(&cells)
            )
            .expect("a string");
            if !s.is_no_repeat() {
                out.push_str("repeats = true\n");
            }
        }
    }
    for c in g.constraints() {
        out.push_str("\n[[rule]]\n");
        let line = |kind: &str, cells: &[CellId]| {
            format!("type = \"{kind}\"\ncells = \"{}\"\n", list(cells))
        };
        let text = match &c.kind {
            RuleKind::Nonconsecutive => "type = \"nonconsecutive\"\n".to_string(),
            RuleKind::Thermo { cells } => line("thermo", cells),
            RuleKind::Renban { cells } => line("renban", cells),
            RuleKind::Zipper { cells } => line("zipper", cells),
            RuleKind::RegionSum { cells } => line("region-sum", cells),
            RuleKind::Whispers { cells, difference } => {
                format!("{}difference = {difference}\n", line("whispers", cells))
            }
            RuleKind::Arrow { cells, circle } => format!(
                "type = \"arrow\"\ncircle = \"{}\"\ncells = \"{}\"\n",
                list(&cells[..*circle]),
                list(&cells[*circle..])
            ),
            RuleKind::LittleKiller {
                total,
                clue,
                direction,
                ..
            } => {
                let dir = match direction {
                    (1, 1) => "down-right",
                    (1, -1) => "down-left",
                    (-1, 1) => "up-right",
                    _ => "up-left",
                };
                format!(
                    "type = \"little-killer\"\nat = [{}, {}]\ndirection = \"{dir}\"\ntotal = {total}\n",
                    clue.0, clue.1
                )
            }
            RuleKind::Sandwich { total, clue, .. } => {
                format!(
                    "type = \"sandwich\"\nat = [{}, {}]\ntotal = {total}\n",
                    clue.0, clue.1
                )
            }
            RuleKind::Skyscraper { count, clue, .. } => {
                format!(
                    "type = \"skyscraper\"\nat = [{}, {}]\ncount = {count}\n",
                    clue.0, clue.1
                )
            }
            RuleKind::Marks { marks, negative } => {
                let of = |r: Relation| -> Vec<String> {
                    marks
                        .iter()
                        .filter(|m| m.relation == r)
                        .map(|m| format!("\"{}\"", list(&m.cells)))
                        .collect()
                };
                format!(
                    "type = \"kropki\"\nwhite = [{}]\nblack = [{}]\nnegative = {}\n",
                    of(Relation::Difference(1)).join(", "),
                    of(Relation::Ratio(2)).join(", "),
                    !negative.is_empty()
                )
            }
            other => panic!("no puzzle-file form written for {other:?}"),
        };
        out.push_str(&text);
    }
    out
}

/// Cells as a cell list, `r1c1 r1c2`.
fn list(cells: &[CellId]) -> String {
    let v: Vec<String> = cells
        .iter()
        .map(|c| format!("r{}c{}", c.index() / 9 + 1, c.index() % 9 + 1))
        .collect();
    v.join(" ")
}
