//! Corpus test: the 100 real SudokuPad puzzles of `tests/data/sudokupad/challenge100.tsv` (see
//! its README), each imported from its payload, the setter's solution checked against every
//! rule read, then solved and compared with the setter's solution.
//!
//! Every puzzle ends in one of: solved (unique, and the setter's solution), refused by the
//! importer (the reason's first words are tallied), the setter's solution breaking a rule read
//! (a misreading the importer let through), several solutions (rules in the text that no
//! drawing carries), undecided within the guess budget, or wrong (a unique solution that is not
//! the setter's, or none at all). Wrong and misread must be 0. The table prints with
//! `cargo test -p shapedoku-tests --test sudokupad_corpus -- --nocapture`.

use shapedoku::import::{self, Format, Imported};
use shapedoku::solver::Budget;
use shapedoku::{CellId, Solver, Verdict};
use std::collections::BTreeMap;

/// Enough for every puzzle the importer reads to decide quickly in a debug build.
const GUESS_LIMIT: u64 = 200_000;

struct Row {
    id: String,
    title: String,
    solution: String,
    payload: String,
}

fn corpus() -> Vec<Row> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/sudokupad/challenge100.tsv"
    );
    let text = std::fs::read_to_string(path).expect("the corpus file");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 6, "{l}");
            Row {
                id: f[0].into(),
                title: f[2].into(),
                solution: f[4].into(),
                payload: f[5].into(),
            }
        })
        .collect()
}

/// The setter's solution as symbol indices, or why it cannot be one.
fn solution_grid(got: &Imported, digits: &str) -> Result<Vec<u8>, String> {
    let g = &got.loaded.geometry;
    let grid: Option<Vec<u8>> = digits.chars().map(|c| g.symbols().index_of(c)).collect();
    match grid {
        Some(v) if v.len() == g.cell_count() => Ok(v),
        _ => Err("the setter's solution does not fit the grid read".into()),
    }
}

/// The first rule or shape the setter's solution breaks, named.
fn broken(got: &Imported, grid: &[u8]) -> Option<String> {
    let g = &got.loaded.geometry;
    if let Err(v) = got.loaded.puzzle.verify(grid) {
        return Some(v.to_string());
    }
    g.constraints()
        .iter()
        .find(|c| !c.holds(g, &|cell: CellId| Some(grid[cell.index()])))
        .map(|c| format!("breaks {}", c.name))
}

#[derive(Default)]
struct Table {
    solved: Vec<String>,
    refused: BTreeMap<String, Vec<String>>,
    misread: Vec<String>,
    fpuzzles_misread: Vec<String>,
    several: Vec<String>,
    undecided: Vec<String>,
    wrong: Vec<String>,
}

/// The kind of refusal: the message up to its first colon or parenthesis, so puzzles refused
/// for the same reason count together.
fn reason(message: &str) -> String {
    let end = message.find([':', '(']).unwrap_or(message.len());
    message[..end].trim().to_string()
}

#[test]
fn real_sudokupad_puzzles_are_solved_or_refused_never_wrong() {
    let rows = corpus();
    assert_eq!(rows.len(), 100);
    let mut t = Table::default();
    for row in &rows {
        let name = format!("{} {}", row.id, row.title);
        let got = match import::import(&row.payload) {
            Ok(got) => got,
            Err(e) => {
                t.refused
                    .entry(reason(&e.message))
                    .or_default()
                    .push(format!("{name}: {e}"));
                continue;
            }
        };
        let grid = match solution_grid(&got, &row.solution) {
            Ok(g) => g,
            Err(e) => {
                t.misread.push(format!("{name}: {e}"));
                continue;
            }
        };
        if let Some(why) = broken(&got, &grid) {
            let line = format!("{name}: the setter's solution {why}");
            match got.format {
                // The SudokuPad importer checks the solution itself, so this is a bug.
                Format::SudokuPad => t.misread.push(format!("{line}\n{}", got.toml)),
                // f-puzzles payloads (`fpuz`) go through the f-puzzles importer, whose
                // check of a stated solution against every rule is its own.
                Format::FPuzzles => t.fpuzzles_misread.push(line),
            }
            continue;
        }
        let budget = Budget::unlimited().with_guesses(GUESS_LIMIT);
        let count = Solver::new(&got.loaded.puzzle).count_with(2, &budget);
        match count.verdict() {
            Verdict::Unique if count.solutions[0].as_indices() == grid.as_slice() => {
                t.solved.push(name)
            }
            Verdict::Several => t.several.push(name),
            Verdict::Undecided | Verdict::AtLeastOne => t.undecided.push(name),
            v => t.wrong.push(format!("{name}: {v:?}")),
        }
    }
    println!("SudokuPad corpus, {} puzzles:", rows.len());
    println!(
        "  solved (unique, the setter's solution): {}",
        t.solved.len()
    );
    let refused: usize = t.refused.values().map(Vec::len).sum();
    println!("  refused: {refused}");
    for (why, list) in &t.refused {
        println!("    {:3}  {why}", list.len());
        for x in list {
            println!("           - {}", x.lines().next().unwrap_or(""));
        }
    }
    println!(
        "  several solutions (rules only in the text): {}",
        t.several.len()
    );
    for x in &t.several {
        println!("           - {x}");
    }
    println!(
        "  undecided within {GUESS_LIMIT} guesses: {}",
        t.undecided.len()
    );
    for x in &t.undecided {
        println!("           - {x}");
    }
    println!(
        "  setter's solution breaks a rule read: {} SudokuPad, {} f-puzzles payloads",
        t.misread.len(),
        t.fpuzzles_misread.len()
    );
    for x in &t.fpuzzles_misread {
        println!("           - {x}");
    }
    println!("  wrong: {}", t.wrong.len());
    assert!(t.misread.is_empty(), "misread:\n{}", t.misread.join("\n\n"));
    assert!(t.wrong.is_empty(), "wrong:\n{}", t.wrong.join("\n"));
}

/// Links whose rules the setter drew as f-puzzles cosmetics (lines, circles) and stated in the
/// rules text, or stated in the text alone (anti-knight), which used to be read with several
/// solutions: each must now read as exactly the setter's published solution, proved unique.
#[test]
fn links_with_rules_in_drawings_and_text_read_with_their_published_solution() {
    let fixed = [
        // f-puzzles `line`s: grey slow thermometers from grey circles, green German whispers.
        "fpuzzle708593231d1413d3631774cf9d4735b7",
        // Lavender f-puzzles `line`s named zipper lines by the text.
        "fpuzzle156dec954708b0efc0594aa17eb797b8",
        // "Digits separated by a knight's move may not repeat", without the `antiknight` key.
        "fpuzzle2aa567b91ab54585d756858c655758fb",
    ];
    let rows = corpus();
    for id in fixed {
        let row = rows
            .iter()
            .find(|r| r.id == id)
            .expect("the corpus has the puzzle");
        let got = import::import(&row.payload).unwrap_or_else(|e| panic!("{id}: {e}"));
        let grid = solution_grid(&got, &row.solution).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(broken(&got, &grid), None, "{id}");
        let budget = Budget::unlimited().with_guesses(GUESS_LIMIT);
        let count = Solver::new(&got.loaded.puzzle).count_with(2, &budget);
        assert_eq!(count.verdict(), Verdict::Unique, "{id}:\n{}", got.toml);
        assert_eq!(count.solutions[0].as_indices(), grid.as_slice(), "{id}");
    }
}
