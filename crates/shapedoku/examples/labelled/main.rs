//! Variant puzzles with their publisher's difficulty label, against `shapedoku rate`.
//! docs/techniques.md, "Levels measured", has the figures and the commands;
//! tests/data/labels/README.md the sources and the sample rule.
//!
//! ```text
//! usage: labelled sample ANDOKU_PUZZLES_DIR EVERY > tests/data/labels/andoku.txt
//!        labelled convert SOURCE OUT_DIR [EVERY]
//!        shapedoku rate -j1 --format json OUT_DIR/*.toml > ratings.jsonl
//!        labelled report ratings.jsonl
//! ```
//!
//! - `sample`: every EVERY-th puzzle (the 1st, the EVERY+1-th, ...) of each of Andoku's asset
//!   files, one line each: the file's stem, the puzzle's number in it (from 1), the line as
//!   the app ships it.
//! - `convert`: writes one puzzle file per puzzle (with EVERY, only the puzzles numbered 1,
//!   EVERY+1, ... in their file or folder), named `PUBLISHER-KIND-LEVEL-NUMBER.toml`
//!   (`LEVEL` the label's rank, from 1 = the publisher's easiest). SOURCE is Andoku's
//!   `assets/puzzles` folder (every `.adk` file), a sample file as `sample` writes, or SudoQ's
//!   `assets/sudokus` folder (the 9x9 variants: X, hyper and the three jigsaw layouts, with
//!   their published solutions).
//! - `report`: per publisher and kind, the level distribution per label, the puzzles solved
//!   without a guess, the median score, and Spearman's correlation of the score and of the
//!   level with the label's rank; as Markdown tables.

mod andoku;
mod report;
mod sudoq;

use std::path::{Path, PathBuf};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage =
        "usage: labelled sample DIR EVERY | convert SOURCE OUT_DIR [EVERY] | report RATINGS.jsonl";
    let every = |a: Option<&String>| match a.map(|a| a.parse::<usize>()) {
        None => Ok(1),
        Some(Ok(k)) if k > 0 => Ok(k),
        _ => Err(format!("EVERY must be a positive integer, not {a:?}")),
    };
    let result = match (args.first().map(String::as_str), args.len()) {
        (Some("sample"), 3) => every(args.get(2)).and_then(|k| sample(Path::new(&args[1]), k)),
        (Some("convert"), 3 | 4) => {
            every(args.get(3)).and_then(|k| convert(Path::new(&args[1]), Path::new(&args[2]), k))
        }
        (Some("report"), 2) => report::run(Path::new(&args[1])),
        _ => Err(usage.to_string()),
    };
    if let Err(e) = result {
        eprintln!("labelled: {e}");
        std::process::exit(2);
    }
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Andoku's asset files in `dir` (`*.adk`), sorted by name.
fn adk_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "adk"))
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(format!("{}: no .adk files", dir.display()));
    }
    Ok(files)
}

/// The puzzle lines of an Andoku asset file (comments and blank lines skipped), numbered from 1.
fn adk_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .enumerate()
        .map(|(i, l)| (i + 1, l))
}

fn sample(dir: &Path, every: usize) -> Result<(), String> {
    for path in adk_files(dir)? {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        andoku::file_label(&stem).ok_or_else(|| format!("{}: not T_E_L", path.display()))?;
        for (n, line) in adk_lines(&read(&path)?) {
            if (n - 1) % every == 0 {
                println!("{stem} {n} {line}");
            }
        }
    }
    Ok(())
}

/// Every Andoku puzzle of `source` (a folder of `.adk` files or a sample file) as
/// (file stem, number, line).
fn andoku_puzzles(source: &Path) -> Result<Vec<(String, usize, String)>, String> {
    let mut out = Vec::new();
    if source.is_dir() {
        for path in adk_files(source)? {
            let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
            for (n, line) in adk_lines(&read(&path)?) {
                out.push((stem.clone(), n, line.to_string()));
            }
        }
    } else {
        for (i, l) in read(source)?.lines().enumerate() {
            let mut f = l.split_whitespace();
            let (Some(stem), Some(n), Some(line), None) = (f.next(), f.next(), f.next(), f.next())
            else {
                return Err(format!(
                    "{}:{}: not `STEM NUMBER LINE`",
                    source.display(),
                    i + 1
                ));
            };
            let n = n
                .parse()
                .map_err(|_| format!("{}:{}: bad number {n:?}", source.display(), i + 1))?;
            out.push((stem.to_string(), n, line.to_string()));
        }
    }
    Ok(out)
}

fn convert(source: &Path, out: &Path, every: usize) -> Result<(), String> {
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let files: Vec<(String, String)> =
        if source.join("sudokus.xml").exists() || source.join("Xsudoku").is_dir() {
            sudoq::puzzles(source, every)?
        } else {
            let mut files = Vec::new();
            for (stem, n, line) in andoku_puzzles(source)? {
                if (n - 1) % every != 0 {
                    continue;
                }
                let (level, kind) = andoku::file_label(&stem)
                    .ok_or_else(|| format!("{stem}: not an Andoku file name T_E_L"))?;
                let name = format!("andoku-{kind}-{level}-{n:03}");
                let text = andoku::to_toml(&name, &line).map_err(|e| format!("{stem} {n}: {e}"))?;
                files.push((name, text));
            }
            files
        };
    for (name, text) in &files {
        let path = out.join(format!("{name}.toml"));
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    eprintln!("{} puzzle files written to {}", files.len(), out.display());
    Ok(())
}
