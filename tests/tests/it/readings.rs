//! Readings from the rules text (`tests/data/readings/`, see its README): corpus puzzles whose
//! drawn circles and dots mean what only their rules text says, written as puzzle files by
//! hand. Each must have one solution, the setter's as the corpus row publishes it, so a
//! reading that leaves a rule out (several solutions) or gets one wrong (none, or another) fails.

use shapedoku::load::load_str;
use shapedoku::solver::Budget;
use shapedoku::{Solver, Verdict};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data");

/// The published solution of the SudokuPad corpus row `id`.
fn published(id: &str) -> String {
    let tsv = std::fs::read_to_string(format!("{DATA}/sudokupad/challenge100.tsv"))
        .expect("the SudokuPad corpus");
    tsv.lines()
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .find(|f| f.len() == 6 && f[0] == id)
        .map(|f| f[4].to_string())
        .unwrap_or_else(|| panic!("{id}: no row in the corpus"))
}

#[test]
fn readings_from_the_rules_text_have_the_published_solution_only() {
    let mut files: Vec<_> = std::fs::read_dir(format!("{DATA}/readings"))
        .expect("tests/data/readings")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    assert!(files.len() >= 3, "the readings: {files:?}");
    for path in files {
        let id = path.file_stem().and_then(|s| s.to_str()).expect("a name");
        let text = std::fs::read_to_string(&path).expect("a reading");
        let loaded = load_str(id, &text, None).unwrap_or_else(|e| panic!("{id}: {e}"));
        let puzzle = &loaded.puzzle;
        let g = puzzle.geometry();
        let want: Vec<u8> = published(id)
            .chars()
            .map(|c| g.symbols().index_of(c).expect("a symbol"))
            .collect();
        puzzle
            .verify(&want)
            .unwrap_or_else(|e| panic!("{id}: the published solution breaks a rule: {e}"));
        let count = Solver::new(puzzle).count_with(2, &Budget::default());
        assert_eq!(count.verdict(), Verdict::Unique, "{id}");
        assert_eq!(
            count.solutions.first().map(|s| s.to_vec()),
            Some(want),
            "{id}: the one solution is not the published one"
        );
    }
}
