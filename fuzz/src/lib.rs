//! The bodies of the fuzz targets: each takes any bytes and panics only on a bug. `cargo fuzz`
//! runs them under libFuzzer (nightly); the workspace's tests run them on stable over every
//! file in `corpus/` and `regressions/`, so they always compile and every crash found stays
//! fixed.

use shapedoku::limits::{self, Limits};
use shapedoku::load::{BuiltinsOnly, Loader};
use shapedoku::{Geometry, Puzzle, builtin};
use std::sync::{Arc, OnceLock};

/// Caps for fuzzing: smaller than the defaults, so that no input makes one run slow and the
/// fuzzer keeps its pace; the logic checked is the same.
pub const LIMITS: Limits = Limits {
    max_input_bytes: 1 << 20,
    max_line_bytes: 1 << 12,
    max_cells: 1 << 12,
    max_canvas_area: 1 << 16,
    max_shapes: 1 << 12,
    max_shape_cells: 1 << 14,
    max_toml_items: 1 << 16,
    max_diagnostics: 100,
};

/// A TOML file: the loader returns a result or diagnostics that point inside the file, and a
/// file without problems has a geometry and a puzzle. Base variants are built-ins only, so no
/// input makes the fuzzer read files.
pub fn load_toml(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let a = Loader::new()
        .limits(LIMITS)
        .resolver(&BuiltinsOnly)
        .analyze_str("fuzz.toml", text, None);
    for d in &a.diagnostics {
        if let Some(s) = &d.span {
            assert!(s.start <= s.end && s.end <= d.source.text.len(), "{d:?}");
        }
        let _ = d.to_string();
        let _ = d.line_col();
    }
    if a.diagnostics.is_empty() {
        let (Some(g), Some(p)) = (&a.geometry, &a.puzzle) else {
            panic!("a clean file with nothing built");
        };
        assert_eq!(p.givens().len(), g.cell_count());
        if let Some(s) = &a.solution {
            assert!(
                p.verify(s).is_ok(),
                "a stated solution that does not verify"
            );
        }
    }
}

/// Geometries puzzle lines are read for: one grid, several grids, cages, gaps, 16 symbols.
fn geometries() -> &'static [Arc<Geometry>] {
    static G: OnceLock<Vec<Arc<Geometry>>> = OnceLock::new();
    G.get_or_init(|| {
        [
            "classic", "samurai", "4x4", "killer", "tredoku", "jigsaw", "16x16",
        ]
        .iter()
        .filter_map(|n| builtin::geometry(n))
        .collect()
    })
}

/// A puzzle line (the first byte picks the geometry): read, it has a given per cell and reads
/// back from its own line the same.
pub fn puzzle_line(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let gs = geometries();
    let g = &gs[pick as usize % gs.len()];
    let text = String::from_utf8_lossy(rest);
    if let Ok(p) = Puzzle::from_line(g.clone(), &text) {
        assert_eq!(p.givens().len(), g.cell_count());
        let again = Puzzle::from_line(g.clone(), &p.to_line()).expect("a puzzle's own line");
        assert_eq!(again.givens(), p.givens());
        let _ = p.clashes();
    }
}

/// Batch input: lines are numbered one by one, none longer than the cap is returned, and each
/// line read is a puzzle or an error.
pub fn batch_lines(data: &[u8]) {
    let classic = &geometries()[0];
    let mut last = 0;
    for line in limits::lines(data, LIMITS.max_line_bytes) {
        let (n, l) = line.expect("reading from memory cannot fail");
        assert_eq!(n, last + 1);
        last = n;
        if let Ok(l) = l {
            assert!(l.len() as u64 <= LIMITS.max_line_bytes);
            assert!(!l.contains('\n'));
            let _ = Puzzle::from_line(classic.clone(), l.trim());
        }
    }
    let newlines = data.iter().filter(|&&b| b == b'\n').count();
    let unterminated = usize::from(data.last().is_some_and(|&b| b != b'\n'));
    assert_eq!(last, newlines + unterminated);
}

/// Alphabets a regular expression is compiled over (the first byte picks one): digits, a
/// 16-symbol hex alphabet, symbols that are regex operators themselves, and 64 symbols.
fn alphabets() -> &'static [shapedoku::Symbols] {
    static A: OnceLock<Vec<shapedoku::Symbols>> = OnceLock::new();
    A.get_or_init(|| {
        [
            "123456789",
            "0123456789ABCDEF",
            "*+?|()[]{}^-\\",
            "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@$",
        ]
        .iter()
        .map(|s| shapedoku::Symbols::new(s.chars()).expect("a valid alphabet"))
        .collect()
    })
}

/// A `sequence` rule's regular expression (the first byte picks the alphabet): an automaton
/// within the state cap, or an error whose place lies on character boundaries inside the
/// expression. Any length, nesting or run of operators: the stack and memory stay bounded.
pub fn regex(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(pattern) = std::str::from_utf8(rest) else {
        return;
    };
    let symbols = &alphabets()[pick as usize % alphabets().len()];
    match shapedoku::automaton::regex::compile(pattern, symbols) {
        Ok(a) => assert!(a.states().len() <= shapedoku::automaton::MAX_STATES),
        Err(e) => {
            assert!(e.at.start <= e.at.end && e.at.end <= pattern.len(), "{e:?}");
            assert!(pattern.is_char_boundary(e.at.start) && pattern.is_char_boundary(e.at.end));
            assert!(!e.message.is_empty());
        }
    }
}

/// Checks an import's result: a puzzle file that loads (the importer loads it back itself),
/// one given per cell, or an error with a message.
fn imported(r: Result<shapedoku::import::Imported, shapedoku::import::ImportError>) {
    match r {
        Ok(i) => {
            let (g, p) = (&i.loaded.geometry, &i.loaded.puzzle);
            assert_eq!(p.givens().len(), g.cell_count());
            assert!(!i.toml.is_empty());
        }
        Err(e) => assert!(!e.message.is_empty()),
    }
}

/// f-puzzles or SudokuPad JSON as text (plain JSON, or SudokuPad's zipped form): a puzzle or
/// an error, within bounded memory (items are counted before parsing).
pub fn import_json(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    imported(shapedoku::import::import(text));
    // The same text as a SudokuPad payload that was never compressed.
    imported(shapedoku::import::import(&format!("scl{text}")));
}

/// LZ-string's base64 alphabet: a byte outside it is read as one of its characters, so any
/// input is a payload that reaches the decompressor (which caps its output while decoding),
/// and a real payload in the corpus reads as itself.
const LZ_ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// An LZ-compressed payload, as the body of an f-puzzles link, an `fpuzzles` and an `scl`
/// SudokuPad link (the first byte picks the form): a puzzle or an error, in bounded memory.
pub fn import_lz(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let body: String = rest
        .iter()
        .map(|&b| match LZ_ALPHABET.contains(&b) {
            true => b as char,
            false => LZ_ALPHABET[b as usize % 64] as char,
        })
        .collect();
    let link = match pick % 4 {
        0 => format!("https://www.f-puzzles.com/?load={body}"),
        1 => format!("https://sudokupad.app/fpuzzles{body}"),
        2 => format!("https://sudokupad.app/scl{body}"),
        _ => format!("ctc{body}"),
    };
    imported(shapedoku::import::import(&link));
}
