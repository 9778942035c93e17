//! The SudokuPad link: the f-puzzles payload after `https://sudokupad.app/fpuzzles`, the form
//! SudokuPad itself uses for puzzles made in f-puzzles.
//!
//! On opening it, SudokuPad turns the payload into its own drawing: givens, regions (a cell
//! with `region: null` in none), killer cages with and without totals, extra regions,
//! diagonals, thermometers, arrows, palindromes, between lines, kropki dots, X and V, odd and
//! even cells, minimum and maximum cells, quadruples, clones, little killer and sandwich
//! clues, and the editor's drawings of everything newer (`drawings.rs`); it takes the title,
//! author and rules text, records anti-knight, anti-king, disjoint groups and the negative
//! constraints as rules of the puzzle, and keeps `solution` to check the finished grid with. The payload
//! is written as f-puzzles writes its links, LZ-string in base64 without escaping: SudokuPad
//! reads it as is (and repairs the `//` some address bars make of `/`).

/// The link for a payload.
pub(super) fn link(payload: &str) -> String {
    format!("https://sudokupad.app/fpuzzles{payload}")
}
