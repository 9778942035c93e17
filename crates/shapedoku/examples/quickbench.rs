//! A quick timing tool for the counting solver, without the bench harness:
//!
//! - `quickbench FILE.txt ...`: classic puzzles, one per line, counted to 2; prints puzzles/s.
//! - `quickbench DIR|FILE.json ...`: variant puzzles in the corpus JSON format
//!   (`../shared/data/variants/`), each counted to 2 and timed; prints the slowest.
//!
//! Run with `cargo run --release --example quickbench -- PATH...`.
use serde_json::Value;
use shapedoku::pos::parse_cell_list;
use shapedoku::solver::Budget;
use shapedoku::{GeometryBuilder, Pos, Puzzle, Rule, ShapeKind, Solver, Symbols, builtin};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

fn main() {
    let mut json = Vec::new();
    let limit: Option<u64> = std::env::var("GUESS_LIMIT")
        .ok()
        .and_then(|s| s.parse().ok());
    for arg in std::env::args().skip(1) {
        let p = PathBuf::from(&arg);
        if p.is_dir() {
            collect(&p, &mut json);
        } else if p.extension().is_some_and(|x| x == "json") {
            json.push(p);
        } else {
            lines(&arg);
        }
    }
    if !json.is_empty() {
        corpus(&json, limit);
    }
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|x| x == "json") {
            out.push(p);
        }
    }
}

fn lines(path: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    let g = builtin::geometry("classic").unwrap();
    let mut solver = Solver::for_geometry(g.clone());
    let puzzles: Vec<Vec<Option<u8>>> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| Puzzle::from_line(g.clone(), l).unwrap().givens().to_vec())
        .collect();
    let t = Instant::now();
    let (mut unique, mut guesses) = (0, 0);
    for p in &puzzles {
        solver.set_givens(p).unwrap();
        let c = solver.count(2);
        guesses += c.stats.guesses;
        if c.solutions.len() == 1 {
            unique += 1;
        }
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "{path}: {} puzzles, {unique} unique, {:.0}/s, {:.1} guesses/puzzle",
        puzzles.len(),
        puzzles.len() as f64 / s,
        guesses as f64 / puzzles.len() as f64
    );
}

fn corpus(files: &[PathBuf], limit: Option<u64>) {
    let mut times = Vec::new();
    for f in files {
        let (id, puzzle, solution) = load_json(f);
        let t = Instant::now();
        let budget = Budget {
            guesses: limit,
            conflicts: limit,
            ..Budget::default()
        };
        let c = Solver::new(&puzzle).count_with(2, &budget);
        let s = t.elapsed().as_secs_f64();
        let ok = c.solutions.iter().all(|x| puzzle.verify(x).is_ok())
            && c.solutions.iter().any(|g| *g == solution);
        times.push((
            s,
            id,
            format!("{:?}/{}", c.verdict(), c.solutions.len()),
            c.stats.guesses,
            ok,
        ));
    }
    let total: f64 = times.iter().map(|t| t.0).sum();
    times.sort_by(|a, b| b.0.total_cmp(&a.0));
    println!("{} puzzles in {total:.3} s; slowest:", times.len());
    for (s, id, v, g, ok) in times.iter().take(15) {
        println!(
            "  {:>9.3} ms  {v:<10} {g:>9} guesses  {}  {id}",
            s * 1e3,
            if *ok { "ok" } else { "WRONG" }
        );
    }
}

fn strings(v: &Value, key: &str) -> Vec<String> {
    v[key]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

fn load_json(path: &Path) -> (String, Puzzle, Vec<u8>) {
    let v: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let symbols = Symbols::new(v["symbols"].as_str().unwrap().chars()).unwrap();
    let givens = strings(&v, "givens");
    let solution = strings(&v, "solution");
    let mut b = GeometryBuilder::new("corpus", symbols.clone());
    for (r, row) in givens.iter().enumerate() {
        b.cells(
            row.chars()
                .enumerate()
                .filter(|x| x.1 != '#')
                .map(|(c, _)| Pos::new(r as u32 + 1, c as u32 + 1)),
        );
    }
    let cells = |s: &Value| -> Vec<Pos> {
        s["cells"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|c| parse_cell_list(c.as_str().unwrap()).unwrap())
            .collect()
    };
    for r in v["regions"].as_array().unwrap() {
        b.shape(
            r["name"].as_str().unwrap_or("region"),
            ShapeKind::Region,
            cells(r),
            Rule::NoRepeat,
        );
    }
    for c in v
        .get("cages")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let total = c["sum"].as_i64().unwrap();
        b.shape(
            "cage",
            ShapeKind::Cage,
            cells(c),
            Rule::Sum {
                total,
                distinct: true,
            },
        );
    }
    let g = Arc::new(b.build().unwrap());
    let mut given = vec![None; g.cell_count()];
    let mut sol = vec![0; g.cell_count()];
    for (r, (gr, sr)) in givens.iter().zip(&solution).enumerate() {
        for (c, (gc, sc)) in gr.chars().zip(sr.chars()).enumerate() {
            if let Some(cell) = g.cell_at(Pos::new(r as u32 + 1, c as u32 + 1)) {
                given[cell] = (gc != '.').then(|| symbols.index_of(gc).unwrap());
                sol[cell] = symbols.index_of(sc).unwrap();
            }
        }
    }
    (
        v["id"].as_str().unwrap().to_string(),
        Puzzle::new(g, given).unwrap(),
        sol,
    )
}
