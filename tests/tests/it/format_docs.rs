//! docs/format.md stays true: every ```toml block loads (or is a marked fragment that is valid
//! TOML, or a marked error that fails at the stated place), the tutorial blocks are the files in
//! docs/tutorial/, and every tutorial puzzle has exactly one solution, the stated one.
//!
//! Markers, on the line before a block: `<!-- fragment -->`, `<!-- file: tutorial/x.toml -->`,
//! `<!-- error: LINE:COL -->`.

use shapedoku::check::{CheckOptions, check_str};
use shapedoku::load::{analyze_str, load_path, load_str};
use shapedoku::{Solver, Verdict};
use std::path::PathBuf;

fn docs() -> PathBuf {
    [env!("CARGO_MANIFEST_DIR"), "..", "docs"].iter().collect()
}

/// (1-based line of the opening fence, marker on the line before if any, block text).
fn toml_blocks(md: &str) -> Vec<(usize, Option<String>, String)> {
    let lines: Vec<&str> = md.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim_end() == "```toml" {
            let marker = (i > 0)
                .then(|| lines[i - 1].trim())
                .filter(|l| l.starts_with("<!--") && l.ends_with("-->"))
                .map(|l| {
                    l.trim_start_matches("<!--")
                        .trim_end_matches("-->")
                        .trim()
                        .to_string()
                });
            let start = i + 1;
            let mut end = start;
            while end < lines.len() && lines[end].trim_end() != "```" {
                end += 1;
            }
            assert!(
                end < lines.len(),
                "unclosed ```toml block at line {}",
                i + 1
            );
            let mut text = lines[start..end].join("\n");
            text.push('\n');
            out.push((i + 1, marker, text));
            i = end;
        }
        i += 1;
    }
    out
}

#[test]
fn every_toml_block_in_format_md_loads() {
    let md = std::fs::read_to_string(docs().join("format.md")).unwrap();
    let blocks = toml_blocks(&md);
    assert!(blocks.len() >= 12, "found only {} blocks", blocks.len());
    let mut failures = Vec::new();
    for (line, marker, text) in &blocks {
        let name = format!("format.md:{line}");
        match marker.as_deref() {
            Some("fragment") => {
                let a = analyze_str(&name, text, Some(&docs()));
                if let Some(d) = a
                    .diagnostics
                    .iter()
                    .find(|d| d.message.starts_with("TOML syntax"))
                {
                    failures.push(format!("{name}: fragment is not valid TOML: {d}"));
                }
            }
            Some(m) if m.starts_with("file:") => {
                let path = docs().join(m["file:".len()..].trim());
                let file = std::fs::read_to_string(&path).unwrap_or_default();
                if &file != text {
                    failures.push(format!("{name}: block differs from {}", path.display()));
                }
                if let Err(e) = load_path(&path) {
                    failures.push(format!("{name}: {e}"));
                }
            }
            Some(m) if m.starts_with("error:") => {
                let (l, c) = m["error:".len()..].trim().split_once(':').unwrap();
                let want = (l.parse::<usize>().unwrap(), c.parse::<usize>().unwrap());
                let a = analyze_str(&name, text, Some(&docs()));
                if !a.diagnostics.iter().any(|d| d.line_col() == Some(want)) {
                    failures.push(format!(
                        "{name}: expected a problem at {want:?}, got {:?}",
                        a.diagnostics
                    ));
                }
            }
            Some(m) => failures.push(format!("{name}: unknown marker `{m}`")),
            None => {
                // A whole file: it loads, and `check` finds nothing wrong (the puzzle has a
                // solution, the variant can be filled).
                if let Err(e) = load_str(&name, text, Some(&docs())) {
                    failures.push(format!("{name}: {e}"));
                    continue;
                }
                let r = check_str(&name, text, Some(&docs()), &CheckOptions::default());
                for d in &r.diagnostics {
                    failures.push(format!("{name}: {d}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_error_example_reports_what_the_tutorial_shows() {
    let md = std::fs::read_to_string(docs().join("format.md")).unwrap();
    let (_, _, text) = toml_blocks(&md)
        .into_iter()
        .find(|(_, m, _)| m.as_deref().is_some_and(|m| m.starts_with("error:")))
        .unwrap();
    let a = analyze_str("broken-twodoku.toml", &text, None);
    let shown: Vec<String> = a
        .diagnostics
        .iter()
        .map(|d| {
            format!(
                "error: × {}",
                d.to_string().split(" (help:").next().unwrap()
            )
        })
        .collect();
    for s in &shown {
        assert!(md.contains(s.as_str()), "format.md does not show `{s}`");
    }
    assert_eq!(shown.len(), 3, "{shown:?}");
}

fn tutorial_files() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(docs().join("tutorial"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    v.sort();
    v
}

#[test]
fn tutorial_puzzles_solve_uniquely_to_their_stated_solution() {
    let files = tutorial_files();
    let puzzles: Vec<&PathBuf> = files
        .iter()
        .filter(|p| p.to_string_lossy().ends_with("-puzzle.toml"))
        .collect();
    assert!(puzzles.len() >= 2, "{files:?}");
    for f in &files {
        let l = load_path(f).unwrap_or_else(|e| panic!("{e}"));
        if !puzzles.contains(&f) {
            assert!(!l.is_puzzle, "{}", f.display());
            continue;
        }
        let count = Solver::new(&l.puzzle).count(2);
        assert_eq!(count.verdict(), Verdict::Unique, "{}", f.display());
        assert_eq!(
            Some(count.solutions[0].as_indices()),
            l.solution.as_deref(),
            "{}",
            f.display()
        );
        assert!(l.puzzle.verify(&count.solutions[0]).is_ok());
    }
}

#[test]
fn check_passes_on_the_tutorial_files() {
    let files = tutorial_files();
    let mut args = vec!["check".to_string()];
    args.extend(files.iter().map(|p| p.display().to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, out, err) = shapedoku_cli::run_in_memory(&args, "");
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("unique solution"), "{out}");
}

/// The `[[rule]]` type table of docs/format.md lists every rule type the loader knows, and no
/// other: a new rule kind is not done until it is documented.
#[test]
fn the_rule_table_lists_every_rule_type() {
    use shapedoku::load::definition::RuleDef;
    let md = std::fs::read_to_string(docs().join("format.md")).unwrap();
    let start = md
        .find("| `type` | `cells` | meaning |")
        .expect("the rule table");
    let rows: Vec<String> = md[start..]
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .filter_map(|l| l.split('`').nth(1).map(String::from))
        .collect();
    let types: Vec<String> = RuleDef::TYPES.iter().map(|t| t.0.to_string()).collect();
    for t in &types {
        assert!(
            rows.contains(t),
            "docs/format.md has no row for rule type `{t}`"
        );
    }
    for r in &rows {
        assert!(
            types.contains(r),
            "docs/format.md documents `{r}`, which is no rule type"
        );
    }
}
