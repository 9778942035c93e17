//! Andoku's puzzle lines as shapedoku puzzle files.
//!
//! Andoku (an Android Sudoku app, GPL-3.0) ships its puzzles in `assets/puzzles/T_E_L.adk`: `T` the
//! layout (`standard` boxes or `squiggly` regions), `E` the extra regions (`n` none, `x`
//! diagonals, `h` hyper windows, `p` percent, `c` colour groups) and `L` the app's level, 1 to 5
//! (its `Difficulty` enum: easy, medium, challenging, hard, fiendish). Each puzzle is one line,
//! `CLUES|AREAS|EXTRA`: 81 clues (`.` blank, `1`-`9`), 81 area codes (empty: 3x3 boxes) and the
//! extra regions' letter (empty: none), read as the app's `PuzzleDecoder` and `ExtraRegions` do.
//! Shared by the `labelled` example and the tests (`tests/tests/it/labelled.rs`).

/// The app's level names, in its order (level `k` of a file name is `LEVELS[k - 1]`).
pub const LEVELS: [&str; 5] = ["easy", "medium", "challenging", "hard", "fiendish"];

/// The extra regions of the four 3x3 windows' kind, as 0-based (row, col) top-left corners.
const HYPER: [(usize, usize); 4] = [(1, 1), (5, 1), (1, 5), (5, 5)];
/// Percent: the top-left and bottom-right windows (the ↗ diagonal comes with them).
const PERCENT: [(usize, usize); 2] = [(1, 1), (5, 5)];

fn cell(r: usize, c: usize) -> String {
    format!("r{}c{}", r + 1, c + 1)
}

fn window(r0: usize, c0: usize) -> String {
    format!("r{}-{}c{}-{}", r0 + 1, r0 + 3, c0 + 1, c0 + 3)
}

/// The puzzle file (TOML) of one Andoku line, named `name`. Errors name what is wrong.
pub fn to_toml(name: &str, line: &str) -> Result<String, String> {
    let mut parts = line.trim().split('|');
    let clues = parts.next().unwrap_or("");
    let areas = parts.next().unwrap_or("");
    let extra = parts.next().unwrap_or("");
    if parts.next().is_some() {
        return Err("more than three `|`-separated parts".into());
    }
    if clues.len() != 81 || !clues.chars().all(|c| c == '.' || ('1'..='9').contains(&c)) {
        return Err(format!("clues are not 81 of `.1-9`: {clues:?}"));
    }
    if !(areas.is_empty() || areas.len() == 81 && areas.chars().all(|c| ('1'..='9').contains(&c))) {
        return Err(format!("areas are not empty nor 81 of `1-9`: {areas:?}"));
    }
    let mut out = format!("name = {name:?}\nsymbols = \"123456789\"\ngivens = \"{clues}\"\n");
    out.push_str("\n[[grid]]\nsize = 9\n");
    if areas.is_empty() {
        out.push_str("box = [3, 3]\n");
    } else {
        out.push_str("regions = \"\"\"\n");
        for row in areas.as_bytes().chunks(9) {
            out.push_str(std::str::from_utf8(row).expect("ASCII checked above"));
            out.push('\n');
        }
        out.push_str("\"\"\"\n");
    }
    let mut shapes: Vec<(String, String)> = Vec::new();
    match extra.to_ascii_uppercase().as_str() {
        "" => {}
        "X" => out.push_str("diagonals = true\n"),
        "H" => {
            for (k, &(r, c)) in HYPER.iter().enumerate() {
                shapes.push((format!("window {}", k + 1), window(r, c)));
            }
        }
        "P" => {
            let (a, b) = (PERCENT[0], PERCENT[1]);
            shapes.push(("window 1".into(), window(a.0, a.1)));
            let diag: Vec<String> = (0..9).map(|i| cell(i, 8 - i)).collect();
            shapes.push(("percent diagonal".into(), diag.join(" ")));
            shapes.push(("window 2".into(), window(b.0, b.1)));
        }
        "C" => {
            // Colour k: the cell at the same place (k / 3, k % 3) in each of the nine boxes.
            for k in 0..9 {
                let cells: Vec<String> = (0..9)
                    .map(|b| cell(b / 3 * 3 + k / 3, b % 3 * 3 + k % 3))
                    .collect();
                shapes.push((format!("colour {}", k + 1), cells.join(" ")));
            }
        }
        other => return Err(format!("unknown extra regions {other:?}")),
    }
    for (n, cells) in shapes {
        out.push_str(&format!("\n[[shape]]\nname = {n:?}\ncells = {cells:?}\n"));
    }
    Ok(out)
}

/// The level (1 to 5) and kind (`standard_x`, ...) of an asset file's stem `T_E_L`.
pub fn file_label(stem: &str) -> Option<(usize, &str)> {
    let (kind, level) = stem.rsplit_once('_')?;
    let level: usize = level.parse().ok()?;
    (1..=LEVELS.len()).contains(&level).then_some((level, kind))
}
