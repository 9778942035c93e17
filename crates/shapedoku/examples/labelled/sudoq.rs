//! SudoQ's bundled puzzles as shapedoku puzzle files.
//!
//! SudoQ (an Android Sudoku app, GPL-3.0) ships `assets/sudokus/TYPE/TYPE.xml` (the type: every
//! house as a `constraint` listing its cells, `type` 0 rows and columns, 1 blocks, 2 extra
//! houses) and `assets/sudokus/TYPE/LEVEL/sudoku_N.xml` (one puzzle: per cell a `fieldmap` with
//! its `solution`, 0-based, and `editable="false"` for a given), LEVEL one of the app's
//! `easy`, `medium`, `difficult`, `infernal`. Only the 9x9 types are read here.

use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};
use std::path::Path;

/// The app's levels, easiest first.
pub const LEVELS: [&str; 4] = ["easy", "medium", "difficult", "infernal"];
/// The 9x9 types read, with the kind name used in file names.
pub const TYPES: [(&str, &str); 6] = [
    ("standard9x9", "classic"),
    ("Xsudoku", "x"),
    ("HyperSudoku", "hyper"),
    ("squigglya", "jigsaw_a"),
    ("squigglyb", "jigsaw_b"),
    ("stairstep", "jigsaw_stairstep"),
];

fn attr(e: &BytesStart, key: &str) -> Result<String, String> {
    let a = e
        .try_get_attribute(key)
        .map_err(|x| x.to_string())?
        .ok_or_else(|| {
            format!(
                "<{}> has no {key}",
                String::from_utf8_lossy(e.name().as_ref())
            )
        })?;
    String::from_utf8(a.value.into_owned()).map_err(|x| x.to_string())
}

fn num(e: &BytesStart, key: &str) -> Result<usize, String> {
    let v = attr(e, key)?;
    v.parse()
        .map_err(|_| format!("{key}={v:?} is not a number"))
}

/// Calls `f` with every start or empty tag of `text`, in order (end tags as `None`).
fn tags(
    text: &str,
    mut f: impl FnMut(Option<&BytesStart>) -> Result<(), String>,
) -> Result<(), String> {
    let mut reader = Reader::from_str(text);
    loop {
        match reader.read_event().map_err(|e| e.to_string())? {
            Event::Start(e) | Event::Empty(e) => f(Some(&e))?,
            Event::End(_) => f(None)?,
            Event::Eof => return Ok(()),
            _ => {}
        }
    }
}

/// A house of the type file: its name, its `type` and its cells as 0-based (row, col).
type House = (String, usize, Vec<(usize, usize)>);

fn houses(text: &str) -> Result<Vec<House>, String> {
    let mut out: Vec<House> = Vec::new();
    let mut open = false;
    tags(text, |e| {
        match e {
            Some(e) if e.name().as_ref() == b"constraint" => {
                out.push((attr(e, "name")?, num(e, "type")?, Vec::new()));
                open = true;
            }
            Some(e) if e.name().as_ref() == b"position" && open => {
                let cell = (num(e, "y")?, num(e, "x")?);
                out.last_mut().unwrap().2.push(cell);
            }
            None => {}
            _ => {}
        }
        Ok(())
    })?;
    Ok(out)
}

/// The puzzle file of one SudoQ puzzle on a type's houses.
fn to_toml(name: &str, houses: &[House], puzzle: &str) -> Result<String, String> {
    let mut givens = [['.'; 9]; 9];
    let mut solution = [['?'; 9]; 9];
    let mut cell: Option<(bool, usize)> = None;
    tags(puzzle, |e| {
        match e {
            Some(e) if e.name().as_ref() == b"fieldmap" => {
                let given = attr(e, "editable")? == "false";
                cell = Some((given, num(e, "solution")?));
            }
            Some(e) if e.name().as_ref() == b"position" => {
                let (given, v) = cell.take().ok_or("a position outside a fieldmap")?;
                let (r, c) = (num(e, "y")?, num(e, "x")?);
                if r >= 9 || c >= 9 || v >= 9 {
                    return Err(format!("cell ({r}, {c}) value {v} out of range"));
                }
                let s = char::from(b'1' + v as u8);
                solution[r][c] = s;
                if given {
                    givens[r][c] = s;
                }
            }
            _ => {}
        }
        Ok(())
    })?;
    if solution.iter().flatten().any(|&s| s == '?') {
        return Err("a cell without a solution".into());
    }
    let rows = |g: &[[char; 9]; 9]| -> String {
        g.iter()
            .map(|r| r.iter().collect::<String>() + "\n")
            .collect()
    };
    let mut out = format!(
        "name = {name:?}\nsymbols = \"123456789\"\ngivens = \"\"\"\n{}\"\"\"\nsolution = \"\"\"\n{}\"\"\"\n",
        rows(&givens),
        rows(&solution)
    );
    // Rows and columns (type 0) must be the grid's own; blocks (type 1) make the region map;
    // extra houses (type 2) become shapes.
    let mut map = [['.'; 9]; 9];
    let mut extras = Vec::new();
    let (mut lines, mut blocks) = (0, 0);
    for (hname, kind, cells) in houses {
        if cells.len() != 9 {
            return Err(format!("{hname}: {} cells", cells.len()));
        }
        match kind {
            0 => {
                let row = cells.iter().all(|c| c.0 == cells[0].0);
                let col = cells.iter().all(|c| c.1 == cells[0].1);
                if !(row || col) {
                    return Err(format!("{hname}: neither a row nor a column"));
                }
                lines += 1;
            }
            1 => {
                let ch = char::from(b'A' + blocks as u8);
                for &(r, c) in cells {
                    if map[r][c] != '.' {
                        return Err(format!("{hname}: r{}c{} in two blocks", r + 1, c + 1));
                    }
                    map[r][c] = ch;
                }
                blocks += 1;
            }
            2 => {
                let list: Vec<String> = cells
                    .iter()
                    .map(|(r, c)| format!("r{}c{}", r + 1, c + 1))
                    .collect();
                extras.push((hname.clone(), list.join(" ")));
            }
            k => return Err(format!("{hname}: unknown constraint type {k}")),
        }
    }
    if lines != 18 || blocks != 9 {
        return Err(format!("{lines} rows and columns, {blocks} blocks"));
    }
    // Blocks that are the 3x3 boxes are written as boxes, as one would write the puzzle.
    let boxes = (0..81).all(|i| {
        let (r, c) = (i / 9, i % 9);
        map[r][c] == map[r / 3 * 3][c / 3 * 3]
    });
    if boxes {
        out.push_str("\n[[grid]]\nsize = 9\nbox = [3, 3]\n");
    } else {
        out.push_str(&format!(
            "\n[[grid]]\nsize = 9\nregions = \"\"\"\n{}\"\"\"\n",
            rows(&map)
        ));
    }
    for (n, cells) in extras {
        out.push_str(&format!("\n[[shape]]\nname = {n:?}\ncells = {cells:?}\n"));
    }
    Ok(out)
}

/// Every puzzle of the 9x9 types under SudoQ's `assets/sudokus` folder, as (name, TOML), the
/// name `sudoq-KIND-LEVEL-NUMBER` with LEVEL the label's rank from 1; with `every` above 1 only
/// the puzzles numbered 1, `every` + 1, ...
pub fn puzzles(dir: &Path, every: usize) -> Result<Vec<(String, String)>, String> {
    let read = |p: &Path| std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()));
    let mut out = Vec::new();
    for (ty, kind) in TYPES {
        let houses = houses(&read(&dir.join(ty).join(format!("{ty}.xml")))?)
            .map_err(|e| format!("{ty}.xml: {e}"))?;
        for (l, level) in LEVELS.iter().enumerate() {
            let folder = dir.join(ty).join(level);
            let mut numbers: Vec<usize> = std::fs::read_dir(&folder)
                .map_err(|e| format!("{}: {e}", folder.display()))?
                .filter_map(|e| {
                    let n = e.ok()?.file_name().into_string().ok()?;
                    n.strip_prefix("sudoku_")?
                        .strip_suffix(".xml")?
                        .parse()
                        .ok()
                })
                .collect();
            numbers.retain(|n| n % every == 1 % every);
            numbers.sort_unstable();
            for n in numbers {
                let path = folder.join(format!("sudoku_{n}.xml"));
                let name = format!("sudoq-{kind}-{}-{n:03}", l + 1);
                let text = to_toml(&name, &houses, &read(&path)?)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                out.push((name, text));
            }
        }
    }
    Ok(out)
}
