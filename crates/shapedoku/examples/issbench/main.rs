//! Hard rule puzzles per family, timed on this solver and on the Interactive Sudoku Solver
//! (ISS) in one session. docs/performance.md, "Side by side with the Interactive Sudoku
//! Solver", has the figures and the commands; tests/data/issbench/README.md how the puzzles
//! were made. Too slow for the tests: it is built with the examples and run by hand.
//!
//! ```text
//! usage: issbench generate DIR [PER_FAMILY [FAMILY...]]
//!        issbench run [--iss FILE] [--limit SECONDS] PATH... > OURS.tsv
//!        node examples/issbench/iss_driver.mjs ISS_CHECKOUT FILE [--limit SECONDS] > ISS.tsv
//!        issbench table OURS.tsv ISS.tsv
//! ```
//!
//! - `generate`: builds the generated families' puzzles (rules of one family that hold in a
//!   random solution, givens added until unique, then givens and rules removed while it stays
//!   unique) and writes each as a puzzle file, `DIR/FAMILY/NN.toml`; the zero-solution family
//!   is derived from the first two of each (one given added that no solution has). Seeds are
//!   fixed; puzzles already written are kept, so a stopped run resumes.
//! - `run`: times this solver on every puzzle under the paths (folders of puzzle files, or of
//!   the variant corpus's JSON; the family is the folder's name): building the solver and
//!   counting to 2, CPU time of its thread, best of 3 when under a second, cancelled past
//!   `--limit` seconds of CPU (default 10). One row per puzzle: family, name, verdict,
//!   milliseconds, guesses, first solution (values, comma-separated). With `--iss FILE`, also
//!   writes each puzzle as "family, name, ISS constraint string" (`iss.rs`) for the driver.
//! - `iss_driver.mjs` (Node, next to this file): loads ISS's solver from a checkout and prints
//!   the same rows for ISS (its header says how it times).
//! - `table`: per family, the median times, their ratio (ISS's over ours: 1 or more means
//!   this solver is faster), the puzzles undecided at 1 s and at the limit, and whether the
//!   answers agree (the verdict, and the solution when unique); disagreements are listed.

// Shared with rulebench; not every builder is used here.
#[allow(dead_code)]
#[path = "../rulebench/families.rs"]
mod families;
mod generate;
mod iss;
#[allow(dead_code)]
#[path = "../rulebench/solutions.rs"]
mod solutions;
mod table;
mod toml_out;
#[path = "../common/variants.rs"]
mod variants;

use cpu_time::ThreadTime;
use shapedoku::solver::{Budget, Count};
use shapedoku::{Puzzle, Solver, Verdict};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: issbench generate DIR [PER_FAMILY [FAMILY...]] | run [--iss FILE] [--limit S] PATH... | table OURS ISS";
    match args.first().map(String::as_str) {
        Some("generate") if args.len() >= 2 => {
            let per = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(8);
            generate::all(Path::new(&args[1]), per, args.get(3..).unwrap_or_default());
        }
        Some("run") => run(&args[1..]),
        Some("table") if args.len() == 3 => table::print(Path::new(&args[1]), Path::new(&args[2])),
        Some("-h" | "--help") => println!("{usage}"),
        _ => {
            eprintln!("{usage}");
            std::process::exit(2);
        }
    }
}

/// One benchmark puzzle: its family (the folder it lies in), its name, the puzzle and the
/// solution its source states, if any.
struct Entry {
    family: String,
    name: String,
    puzzle: Puzzle,
    stated: Option<Vec<u8>>,
}

fn run(args: &[String]) {
    let mut iss_out = None;
    let mut limit = 10.0;
    let mut paths = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--iss" => iss_out = it.next().map(PathBuf::from),
            "--limit" => limit = it.next().and_then(|s| s.parse().ok()).unwrap_or(limit),
            _ => paths.push(PathBuf::from(a)),
        }
    }
    let entries: Vec<Entry> = paths.iter().flat_map(|p| collect(p)).collect();
    let mut iss_file = iss_out.map(|p| std::fs::File::create(p).expect("the ISS file"));
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for e in &entries {
        if let Some(f) = &mut iss_file {
            match iss::constraint_string(&e.puzzle) {
                Ok(s) => writeln!(f, "{}\t{}\t{s}", e.family, e.name).expect("write"),
                Err(why) => eprintln!("{}/{}: not written for ISS: {why}", e.family, e.name),
            }
        }
        let (verdict, ms, guesses, first) = time(&e.puzzle, limit);
        if let (Some(s), Some(first)) = (&e.stated, &first) {
            if verdict == Verdict::Unique && s != first {
                eprintln!(
                    "{}/{}: the solution differs from the stated one",
                    e.family, e.name
                );
            }
        }
        if let Some(g) = &first {
            assert!(
                e.puzzle.verify(g).is_ok(),
                "{}/{}: a wrong solution",
                e.family,
                e.name
            );
        }
        let values = first
            .map(|g| table::values(e.puzzle.geometry(), &g))
            .unwrap_or_default();
        writeln!(
            out,
            "{}\t{}\t{}\t{ms:.3}\t{guesses}\t{values}",
            e.family,
            e.name,
            table::verdict_name(verdict)
        )
        .expect("write");
        out.flush().expect("flush");
    }
}

/// The CPU milliseconds to build a solver and count to 2 (best of 3 while under a second), the
/// verdict, the guesses and the first solution (symbol indices). A count is cancelled once its
/// thread has used `limit` seconds of CPU.
fn time(p: &Puzzle, limit: f64) -> (Verdict, f64, u64, Option<Vec<u8>>) {
    let mut best: Option<(Verdict, f64, u64, Option<Vec<u8>>)> = None;
    for _ in 0..3 {
        let (c, ms) = count_within(p, limit);
        let first = c.solutions.first().map(|g| g.as_indices().to_vec());
        let v = c.verdict();
        if best.as_ref().is_none_or(|b| ms < b.1) {
            best = Some((v, ms, c.stats.guesses, first));
        }
        if ms > 1000.0 || v == Verdict::Undecided {
            break;
        }
    }
    best.expect("one run")
}

/// Counts to 2 on a thread of its own, timed by that thread's CPU clock, while this thread
/// watches the same clock (through /proc) and cancels the count past `limit` seconds: a CPU
/// limit, as the Node driver has, so a loaded machine does not cut counts short.
fn count_within(p: &Puzzle, limit: f64) -> (Count, f64) {
    let cancel = Arc::new(AtomicBool::new(false));
    let budget = Budget::default().with_cancel(cancel.clone());
    std::thread::scope(|s| {
        let (tx, rx) = std::sync::mpsc::channel();
        let worker = s.spawn(move || {
            let me = std::fs::read_link("/proc/thread-self").expect("Linux /proc");
            tx.send(Path::new("/proc").join(me).join("schedstat"))
                .expect("the watcher");
            let t = ThreadTime::now();
            let c = Solver::new(p).count_with(2, &budget);
            (c, t.elapsed().as_secs_f64() * 1000.0)
        });
        let stat = rx.recv().expect("the worker's clock");
        let ran = || -> f64 {
            let text = std::fs::read_to_string(&stat).unwrap_or_default();
            let ns: f64 = text
                .split(' ')
                .next()
                .and_then(|x| x.parse().ok())
                .unwrap_or(0.0);
            ns / 1e9
        };
        while !worker.is_finished() {
            std::thread::sleep(Duration::from_millis(5));
            if ran() > limit {
                cancel.store(true, Ordering::Relaxed);
            }
        }
        worker.join().expect("the count")
    })
}

/// Every puzzle under `path`: puzzle files (`.toml`, family = the folder's name) and corpus JSON
/// files (family = the folder's name), in name order.
fn collect(path: &Path) -> Vec<Entry> {
    let mut files = Vec::new();
    walk(path, &mut files);
    files.sort();
    let mut links = Vec::new();
    for f in &files {
        match f.extension().and_then(|x| x.to_str()) {
            Some("jsonl") => links.extend(fpuzzles_links(f)),
            Some("tsv") => links.extend(sudokupad_links(f)),
            _ => {}
        }
    }
    let mut entries: Vec<Entry> = files
        .into_iter()
        .filter_map(|f| {
            let family = f.parent()?.file_name()?.to_string_lossy().into_owned();
            let name = f.file_stem()?.to_string_lossy().into_owned();
            let (puzzle, stated) = match f.extension()?.to_str()? {
                "toml" => {
                    let loaded = shapedoku::load::load_path(&f)
                        .unwrap_or_else(|e| panic!("{}: {e:?}", f.display()));
                    let stated = loaded.solution;
                    (loaded.puzzle, stated)
                }
                "json" => {
                    let (_, p, s) = variants::load_json(&f);
                    (p, Some(s))
                }
                _ => return None,
            };
            Some(Entry {
                family,
                name,
                puzzle,
                stated,
            })
        })
        .collect();
    entries.extend(links);
    entries
}

/// The puzzles of a corpus of real links (`tests/data/fpuzzles/corpus.jsonl`: one JSON object
/// a line with `id`, `payload`, `solution`), family "fpuzzles"; a link the importer refuses is
/// reported and left out.
fn fpuzzles_links(path: &Path) -> Vec<Entry> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .filter_map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).ok()?;
            let id = v["id"].as_str()?;
            link_entry(
                "fpuzzles",
                id,
                v["payload"].as_str()?,
                v["solution"].as_str(),
            )
        })
        .collect()
}

/// The puzzles of `tests/data/sudokupad/challenge100.tsv` (id, source, title, author,
/// solution, payload), family "sudokupad".
fn sudokupad_links(path: &Path) -> Vec<Entry> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            link_entry("sudokupad", f.first()?, f.get(5)?, f.get(4).copied())
        })
        .collect()
}

fn link_entry(family: &str, id: &str, payload: &str, solution: Option<&str>) -> Option<Entry> {
    match shapedoku::import::import(payload) {
        Ok(i) => Some(Entry {
            family: family.to_string(),
            name: id.to_string(),
            stated: solution.and_then(|s| stated_solution(s, i.loaded.puzzle.geometry())),
            puzzle: i.loaded.puzzle,
        }),
        Err(e) => {
            eprintln!("{family}/{id}: not imported: {}", e.message);
            None
        }
    }
}

/// A published solution (digits, or values separated by commas) as symbol indices in cell
/// order, when it has one symbol per cell.
fn stated_solution(s: &str, g: &shapedoku::Geometry) -> Option<Vec<u8>> {
    let values: Vec<i64> = if s.contains(',') {
        s.split(',')
            .map(|x| x.trim().parse().ok())
            .collect::<Option<_>>()?
    } else {
        s.chars()
            .map(|c| c.to_digit(36).map(i64::from))
            .collect::<Option<_>>()?
    };
    let symbols = g.symbols().values();
    let out: Option<Vec<u8>> = values
        .iter()
        .map(|v| symbols.iter().position(|x| x == v).map(|i| i as u8))
        .collect();
    out.filter(|o| o.len() == g.cell_count())
}

fn walk(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        for e in std::fs::read_dir(path).expect("a readable folder") {
            walk(&e.expect("an entry").path(), out);
        }
    } else {
        out.push(path.to_path_buf());
    }
}
