//! Times the solver on the real puzzles of the repository's import corpora (nobody here wrote
//! them): `tests/data/fpuzzles/corpus.jsonl` and `tests/data/sudokupad/challenge100.tsv` (see
//! their READMEs). Each puzzle the importer reads is counted to 2 under a budget (best of 3
//! runs, CPU time of the thread; one run when the first takes over 100 ms), and printed with
//! its rule kinds, time, guesses and verdict; then the median and worst time per rule kind.
//!
//! `cargo run --release -p shapedoku --example corpusbench [KIND...]` keeps the puzzles with
//! any of the kinds named (`renban`, `skyscraper`, ... as printed; `cage` for sum shapes).
//! `CORPUSBENCH_ID=a,b` keeps only the puzzles whose id contains `a` or `b`.

use cpu_time::ThreadTime;
use shapedoku::solver::Budget;
use shapedoku::{Puzzle, Rule, Solver, import};
use std::collections::BTreeMap;
use std::time::Duration;

fn main() {
    let only: Vec<String> = std::env::args().skip(1).collect();
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data");
    let mut puzzles: Vec<(String, String)> = Vec::new();
    let fp = std::fs::read_to_string(format!("{root}/fpuzzles/corpus.jsonl")).unwrap_or_default();
    for line in fp.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).expect("corpus line");
        let id = v["id"].as_str().unwrap_or("?").to_string();
        puzzles.push((id, v["payload"].as_str().unwrap_or("").to_string()));
    }
    let sp =
        std::fs::read_to_string(format!("{root}/sudokupad/challenge100.tsv")).unwrap_or_default();
    for line in sp
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() == 6 {
            puzzles.push((f[0].to_string(), f[5].to_string()));
        }
    }
    let mut per_kind: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    println!(
        "{:<28} {:>10} {:>9}  {:<10} kinds",
        "id", "ms", "guesses", "verdict"
    );
    for (id, payload) in &puzzles {
        if let Ok(want) = std::env::var("CORPUSBENCH_ID") {
            if !want.split(',').any(|w| id.contains(w)) {
                continue;
            }
        }
        let Ok(imported) = import::import(payload) else {
            continue;
        };
        let p = &imported.loaded.puzzle;
        let kinds = kinds(p);
        if !only.is_empty() && !kinds.iter().any(|k| only.contains(k)) {
            continue;
        }
        let (ms, guesses, verdict) = time(p);
        println!(
            "{:<28} {:>10.3} {:>9}  {:<10} {}",
            id,
            ms,
            guesses,
            verdict,
            kinds.join(" ")
        );
        for k in kinds {
            per_kind.entry(k).or_default().push(ms);
        }
    }
    println!(
        "\n{:<16} {:>7} {:>10} {:>10}",
        "kind", "puzzles", "median_ms", "worst_ms"
    );
    for (k, mut ms) in per_kind {
        ms.sort_by(f64::total_cmp);
        let median = ms[ms.len() / 2];
        let worst = ms[ms.len() - 1];
        println!("{k:<16} {:>7} {median:>10.3} {worst:>10.3}", ms.len());
    }
}

/// The rule kinds of a puzzle, by the name of their `RuleKind` variant in kebab case, and
/// `cage` when it has sum shapes.
fn kinds(p: &Puzzle) -> Vec<String> {
    let g = p.geometry();
    let mut out: Vec<String> = g
        .constraints()
        .iter()
        .map(|c| {
            let debug = format!("{:?}", c.kind);
            let name = debug
                .split([' ', '{', '('])
                .next()
                .unwrap_or("")
                .to_string();
            kebab(&name)
        })
        .collect();
    if g.shapes()
        .iter()
        .any(|s| matches!(s.rule, Rule::Sum { .. }))
    {
        out.push("cage".into());
    }
    out.sort();
    out.dedup();
    out
}

fn kebab(name: &str) -> String {
    let mut out = String::new();
    for (i, ch) in name.chars().enumerate() {
        if ch.is_uppercase() && i > 0 {
            out.push('-');
        }
        out.push(ch.to_ascii_lowercase());
    }
    out
}

/// CPU milliseconds of this thread to count to 2 (best of 3, or one run past 100 ms), the
/// guesses and the verdict.
fn time(p: &Puzzle) -> (f64, u64, String) {
    let mut best = f64::MAX;
    let mut out = (0, String::new());
    for _ in 0..3 {
        // Each count has its own 20 s deadline, and as many guesses as it takes on a 9x9.
        let budget = Budget::default()
            .with_guesses(2_000_000)
            .with_conflicts(2_000_000)
            .with_timeout(Duration::from_secs(20));
        let t = ThreadTime::now();
        let c = Solver::new(p).count_with(2, &budget);
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        best = best.min(ms);
        out = (c.stats.guesses, format!("{:?}", c.verdict()));
        if ms > 100.0 {
            break;
        }
    }
    (best, out.0, out.1)
}
