//! Compares the clause-learning back end's engines and encodings on puzzle files, one table row
//! per puzzle and configuration: encoding, engine, CPU time, conflicts, clauses, verdict.
//!
//! ```text
//! cargo run --release --example satbench -- [OPTIONS] PATH...
//! cargo run --release --features cadical --example satbench -- --engine all PATH...
//! ```
//!
//! PATH is a corpus JSON file (the `variant-holdout/1` format of the shared variant puzzles), a
//! folder of them, or a TOML puzzle file. Options:
//!
//! - `--engine batsat|cadical|all` (default batsat), `--encoding pairwise|ladder|segments|all`
//!   (default pairwise), `--sums combinations|diagram|all` (default combinations);
//! - `--conflicts N`: conflict budget per run; `--timeout S`: deadline per run in seconds;
//! - `--solver`: also time the counting solver (`Solver::count(2)`, with `--guesses N` as its
//!   guess limit) as the baseline row;
//! - `--logic S`: before encoding, narrow the candidates with the step-by-step reasoner (every
//!   technique but the uniqueness ones, for at most S seconds, its time shown in the encoding
//!   column), to see what stronger propagation before the hand-over saves the clause solver;
//! - `--narrow MODE`: before encoding, narrow the candidates with the native search's reasoning
//!   at its root instead (`search.rs`; MODE as for `--search`, for example `lpP3` for probing
//!   every candidate under singles, locked candidates and pairs);
//! - `--search MODE` (with `--nodes N`, default 1,000,000): also run the native search without
//!   learning (`search.rs`) as a row, MODE being letters: `l` locked candidates, `p` pairs, `P`
//!   probing bivalue cells, `P2` also keeping what both values imply, `P3` probing every
//!   candidate; singles always.
//!
//! Times are the thread's CPU time (from `/proc/thread-self/schedstat`, which advances in
//! scheduler ticks, so it is coarse below ~20 ms; wall time elsewhere) and wall time.
//! Each row checks every reported solution against the puzzle and, for corpus files, that the
//! stored solution is among them.

use serde_json::Value;
use shapedoku::pos::parse_cell_list;
use shapedoku::solver::sat::{self, Budget, Encoding, Engine, Options, Problem, SumEncoding};
use shapedoku::{GeometryBuilder, Pos, Puzzle, Rule, ShapeKind, Solver, Symbols, reason};
use std::path::{Path, PathBuf};

mod search;
use std::sync::Arc;
use std::time::{Duration, Instant};

struct Args {
    engines: Vec<Engine>,
    encodings: Vec<Encoding>,
    sums: Vec<SumEncoding>,
    conflicts: Option<u64>,
    timeout: Option<f64>,
    solver: bool,
    guesses: Option<u64>,
    logic: Option<f64>,
    narrow: Option<String>,
    search: Option<String>,
    nodes: u64,
    paths: Vec<PathBuf>,
}

fn parse_args() -> Args {
    let mut a = Args {
        engines: vec![Engine::Batsat],
        encodings: vec![Encoding::Pairwise],
        sums: vec![SumEncoding::Combinations],
        conflicts: None,
        timeout: None,
        solver: false,
        guesses: None,
        logic: None,
        narrow: None,
        search: None,
        nodes: 1_000_000,
        paths: Vec::new(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = || it.next().unwrap_or_else(|| panic!("{arg} needs a value"));
        match arg.as_str() {
            "--engine" => {
                a.engines = match value().as_str() {
                    "batsat" => vec![Engine::Batsat],
                    "cadical" => vec![Engine::Cadical],
                    _ => vec![Engine::Batsat, Engine::Cadical],
                }
            }
            "--encoding" => {
                a.encodings = match value().as_str() {
                    "pairwise" => vec![Encoding::Pairwise],
                    "ladder" => vec![Encoding::Ladder],
                    "segments" => vec![Encoding::Segments],
                    _ => vec![Encoding::Pairwise, Encoding::Ladder, Encoding::Segments],
                }
            }
            "--sums" => {
                a.sums = match value().as_str() {
                    "combinations" => vec![SumEncoding::Combinations],
                    "diagram" => vec![SumEncoding::Diagram],
                    _ => vec![SumEncoding::Combinations, SumEncoding::Diagram],
                }
            }
            "--conflicts" => a.conflicts = value().parse().ok(),
            "--timeout" => a.timeout = value().parse().ok(),
            "--guesses" => a.guesses = value().parse().ok(),
            "--solver" => a.solver = true,
            "--logic" => a.logic = value().parse().ok(),
            "--narrow" => a.narrow = Some(value()),
            "--search" => a.search = Some(value()),
            "--nodes" => a.nodes = value().parse().expect("a node count"),
            _ => a.paths.push(PathBuf::from(arg)),
        }
    }
    a
}

fn main() {
    let args = parse_args();
    let mut files = Vec::new();
    for p in &args.paths {
        collect(p, &mut files);
    }
    println!(
        "| puzzle | encoding | sums | engine | CPU ms | wall ms | conflicts | vars | clauses | verdict | check |"
    );
    println!("|---|---|---|---|---:|---:|---:|---:|---:|---|---|");
    for f in &files {
        let (id, puzzle, solution) = match load(f) {
            Ok(x) => x,
            Err(e) => {
                eprintln!("{}: {e}", f.display());
                continue;
            }
        };
        if args.solver {
            solver_row(&args, &id, &puzzle, solution.as_deref());
        }
        if let Some(mode) = &args.search {
            search_row(&args, mode, &id, &puzzle, solution.as_deref());
        }
        let narrowed_root = match &args.narrow {
            Some(mode) => match narrow_natively(mode, &puzzle) {
                Some(p) => Some(p),
                None => continue,
            },
            None => None,
        };
        let problem = match (narrowed_root, args.logic) {
            (Some(p), _) => p,
            (None, None) => Problem::from_puzzle(&puzzle),
            (None, Some(s)) => match narrowed(&puzzle, s) {
                Some(p) => p,
                None => continue,
            },
        };
        let has_sums = !problem.sums.is_empty();
        for &encoding in &args.encodings {
            for &sums in &args.sums {
                if !has_sums && sums != args.sums[0] {
                    continue;
                }
                for &engine in &args.engines {
                    let options = Options {
                        engine,
                        encoding,
                        sums,
                    };
                    sat_row(&args, &id, &puzzle, solution.as_deref(), &problem, options);
                }
            }
        }
    }
}

fn sat_row(
    args: &Args,
    id: &str,
    puzzle: &Puzzle,
    solution: Option<&[u8]>,
    problem: &Problem,
    options: Options,
) {
    let budget = Budget {
        conflicts: args.conflicts,
        deadline: args
            .timeout
            .map(|s| Instant::now() + Duration::from_secs_f64(s)),
        cancel: None,
    };
    let (t, w) = (cpu_now(), Instant::now());
    let out = sat::count_with(problem, 2, &budget, options);
    let ms = (cpu_now() - t).as_secs_f64() * 1e3;
    let wall = w.elapsed().as_secs_f64() * 1e3;
    let sums = if problem.sums.is_empty() {
        "-".to_string()
    } else {
        format!("{:?}", options.sums)
    };
    match out {
        Ok(out) => {
            let grids: Vec<Vec<u8>> = out
                .solutions
                .iter()
                .map(|g| g.iter().map(|s| s.index() as u8).collect())
                .collect();
            println!(
                "| {id} | {:?} | {sums} | {:?} | {ms:.0} | {wall:.1} | {} ({} to first) | {} | {} | {:?} | {} |",
                options.encoding,
                options.engine,
                out.stats.conflicts,
                out.stats.first_conflicts,
                out.stats.variables,
                out.stats.clauses,
                out.verdict(),
                check(puzzle, &grids, solution)
            );
        }
        Err(e) => println!(
            "| {id} | {:?} | {sums} | {:?} | {ms:.0} | {wall:.1} | | | | error: {e} | |",
            options.encoding, options.engine
        ),
    }
}

/// The puzzle's candidates after the reasoner's steps within `seconds`, as a problem; `None`
/// (after a row saying so) when the geometry has rules the back end does not encode.
fn narrowed(puzzle: &Puzzle, seconds: f64) -> Option<Problem> {
    let (t, w) = (cpu_now(), Instant::now());
    let budget = shapedoku::solver::Budget::default()
        .with_deadline(Instant::now() + Duration::from_secs_f64(seconds));
    let run = reason::solve_board_within(reason::Board::new(puzzle), &budget);
    let cands: Vec<u64> = run.board.candidate_sets().iter().map(|s| s.0).collect();
    let left: u32 = cands.iter().map(|m| m.count_ones()).sum();
    println!(
        "| (reasoner: {} steps, {left} candidates left, {:?}) | | | | {:.0} | {:.1} | | | | | |",
        run.steps.len(),
        run.stopped,
        (cpu_now() - t).as_secs_f64() * 1e3,
        w.elapsed().as_secs_f64() * 1e3
    );
    Problem::for_geometry(puzzle.geometry(), &cands)
}

/// The puzzle's candidates after the native search's reasoning at its root, as a problem.
fn narrow_natively(mode: &str, puzzle: &Puzzle) -> Option<Problem> {
    let (t, w) = (cpu_now(), Instant::now());
    let houses = search::Houses::of(puzzle)?;
    let mut st = search::State::of(&houses, puzzle);
    let before = st.count();
    let parsed = search::Mode::parse(mode);
    let mut s = search::Search::new(&houses, parsed, 2, 0);
    let ok = s.propagate(&mut st) && (!parsed.probes() || s.probe(&mut st));
    println!(
        "| (native {mode}: {before} -> {} candidates, {} probes{}) | | | | {:.0} | {:.1} | | | | | |",
        st.count(),
        s.probes,
        if ok { "" } else { ", contradiction" },
        (cpu_now() - t).as_secs_f64() * 1e3,
        w.elapsed().as_secs_f64() * 1e3
    );
    Problem::for_geometry(puzzle.geometry(), st.candidates())
}

/// One row for the native search (no learning) from the givens.
fn search_row(args: &Args, mode: &str, id: &str, puzzle: &Puzzle, solution: Option<&[u8]>) {
    let Some(houses) = search::Houses::of(puzzle) else {
        println!("| {id} | (native search) | | | | | | | | not covered | |");
        return;
    };
    let (t, w) = (cpu_now(), Instant::now());
    let mut st = search::State::of(&houses, puzzle);
    let mut s = search::Search::new(&houses, search::Mode::parse(mode), 2, args.nodes);
    s.run(&mut st);
    let ms = (cpu_now() - t).as_secs_f64() * 1e3;
    let wall = w.elapsed().as_secs_f64() * 1e3;
    let verdict = match (s.undecided, s.solutions.len()) {
        (true, _) => "undecided",
        (false, 0) => "none",
        (false, 1) => "unique",
        _ => "several",
    };
    println!(
        "| {id} | (native {mode}) | | search | {ms:.0} | {wall:.1} | {} nodes, {} probes | | | {verdict} | {} |",
        s.nodes,
        s.probes,
        check(puzzle, &s.solutions, solution)
    );
}

fn solver_row(args: &Args, id: &str, puzzle: &Puzzle, solution: Option<&[u8]>) {
    let (t, w) = (cpu_now(), Instant::now());
    let mut budget = shapedoku::solver::Budget::default();
    if let Some(g) = args.guesses {
        budget = budget.with_guesses(g);
    }
    let c = Solver::new(puzzle).count_with(2, &budget);
    let grids: Vec<Vec<u8>> = c.solutions.iter().map(|g| g.to_vec()).collect();
    let ms = (cpu_now() - t).as_secs_f64() * 1e3;
    let wall = w.elapsed().as_secs_f64() * 1e3;
    println!(
        "| {id} | (solver) | | Solver::count | {ms:.0} | {wall:.1} | {} guesses | | | {:?} | {} |",
        c.stats.guesses,
        c.verdict(),
        check(puzzle, &grids, solution)
    );
}

/// "ok" when every grid satisfies the puzzle and the stored solution (if any) is among them.
fn check(puzzle: &Puzzle, grids: &[Vec<u8>], solution: Option<&[u8]>) -> &'static str {
    if grids.iter().any(|g| puzzle.verify(g).is_err()) {
        "WRONG"
    } else if solution.is_some_and(|s| !grids.is_empty() && !grids.iter().any(|g| g == s)) {
        "missed"
    } else {
        "ok"
    }
}

/// The thread's CPU time.
fn cpu_now() -> Duration {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .map(Duration::from_nanos)
        .unwrap_or_else(|| START.get_or_init(Instant::now).elapsed())
}

fn collect(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .expect("readable folder")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() || p.extension().is_some_and(|x| x == "json") {
                collect(&p, out);
            }
        }
    } else {
        out.push(path.to_path_buf());
    }
}

type Loaded = (String, Puzzle, Option<Vec<u8>>);

fn load(path: &Path) -> Result<Loaded, String> {
    if path.extension().is_some_and(|x| x == "json") {
        return load_json(path);
    }
    let l = shapedoku::load::load_path(path).map_err(|e| e.to_string())?;
    let id = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    Ok((id, l.puzzle, l.solution))
}

fn strings(v: &Value, key: &str) -> Result<Vec<String>, String> {
    v[key]
        .as_array()
        .ok_or(format!("no `{key}`"))?
        .iter()
        .map(|s| s.as_str().map(str::to_string).ok_or(format!("bad `{key}`")))
        .collect()
}

fn cells(s: &Value) -> Result<Vec<Pos>, String> {
    let mut out = Vec::new();
    for c in s["cells"].as_array().ok_or("no cells")? {
        out.extend(parse_cell_list(c.as_str().ok_or("bad cell")?).map_err(|e| e.to_string())?);
    }
    Ok(out)
}

/// A corpus puzzle (see the shared variant folder's README for the format).
fn load_json(path: &Path) -> Result<Loaded, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let v: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let symbols = Symbols::new(v["symbols"].as_str().ok_or("no symbols")?.chars())
        .map_err(|e| e.to_string())?;
    let givens = strings(&v, "givens")?;
    let solution = strings(&v, "solution")?;
    let mut b = GeometryBuilder::new("corpus", symbols.clone());
    for (r, row) in givens.iter().enumerate() {
        b.cells(
            row.chars()
                .enumerate()
                .filter(|x| x.1 != '#')
                .map(|(c, _)| Pos::new(r as u32 + 1, c as u32 + 1)),
        );
    }
    for r in v["regions"].as_array().ok_or("no regions")? {
        let name = r["name"].as_str().unwrap_or("region");
        b.shape(name, ShapeKind::Region, cells(r)?, Rule::NoRepeat);
    }
    for c in v
        .get("cages")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let total = c["sum"].as_i64().ok_or("cage without sum")?;
        let rule = Rule::Sum {
            total,
            distinct: true,
        };
        b.shape("cage", ShapeKind::Cage, cells(c)?, rule);
    }
    let g = Arc::new(b.build().map_err(|e| e.to_string())?);
    let mut given = vec![None; g.cell_count()];
    let mut sol = vec![0; g.cell_count()];
    for (r, (gr, sr)) in givens.iter().zip(&solution).enumerate() {
        for (c, (gc, sc)) in gr.chars().zip(sr.chars()).enumerate() {
            if let Some(cell) = g.cell_at(Pos::new(r as u32 + 1, c as u32 + 1)) {
                given[cell] = (gc != '.').then(|| symbols.index_of(gc)).flatten();
                sol[cell] = symbols.index_of(sc).ok_or("bad solution symbol")?;
            }
        }
    }
    let id = v["id"].as_str().unwrap_or("?").to_string();
    let puzzle = Puzzle::new(g, given).map_err(|e| e.to_string())?;
    Ok((id, puzzle, Some(sol)))
}
