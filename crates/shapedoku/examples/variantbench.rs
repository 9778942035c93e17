//! How many published variant puzzles the reasoner solves without a guess, per rule family.
//!
//! Reads the real puzzles of the repository's corpora, each with its setter's published
//! solution (sources in their READMEs): `tests/data/fpuzzles/corpus.jsonl` (f-puzzles
//! payloads) and `tests/data/sudokupad/challenge100.tsv` (SudokuPad links). Each puzzle is
//! imported (puzzles the importer refuses are counted apart), or read from
//! `tests/data/readings/ID.toml` where the puzzle's rules live only in its rules text (see that
//! folder's README), its solution checked against the reading, then solved step by step as
//! `shapedoku rate` does, within a time limit per puzzle. Every step before the first guess is checked against the published solution: a step that
//! removes the solution's value or places another is unsound, and the run fails.
//!
//! A puzzle belongs to every family it uses (a killer with a thermometer counts under both);
//! puzzles with no rule beyond rows, columns and boxes are `classic`. Per family it prints the
//! puzzles, those solved without a guess, those solved only with guesses, those the time ran
//! out on, and the hardest step any of them needed; then the totals over distinct puzzles.
//!
//! `cargo run --release -p shapedoku --example variantbench [SECONDS_PER_PUZZLE] [--list]
//! [--only=ID,ID]` (default 20 s; `--list` also prints one line per puzzle; `--only` keeps the
//! puzzles whose id contains one of the strings).
//!
//! The limit is CPU time, the process's own (the bench is single-threaded but for the thread
//! that watches the clock, which sleeps): on a shared machine the wall clock would count the
//! other programs' work and stop puzzles that a quiet machine solves.

use cpu_time::ProcessTime;
use shapedoku::constraint::{Relation, RuleKind};
use shapedoku::geometry::ShapeKind;
use shapedoku::load::load_str;
use shapedoku::reason::{self, Board, Technique};
use shapedoku::solver::Budget;
use shapedoku::{Geometry, Puzzle, Solver, Verdict, import};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// One published puzzle: where it comes from, its payload and its solution.
struct Case {
    id: String,
    payload: String,
    solution: String,
    /// The puzzle written from its rules text (`tests/data/readings/ID.toml`), read in place
    /// of the payload: its circles or dots mean what only the text says.
    reading: Option<String>,
}

/// What the reasoner made of one puzzle.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Outcome {
    /// Solved, no guess.
    Logic,
    /// Solved, with guesses.
    Guessed,
    /// The time limit ran out.
    Stopped,
    /// No step found before the end (cannot happen while the guess is in the registry).
    Stuck,
}

#[derive(Default)]
struct Tally {
    puzzles: usize,
    logic: usize,
    guessed: usize,
    stopped: usize,
    /// Puzzles whose reading has more than one solution (a rule the importer leaves out, or
    /// one it reads otherwise than the setter meant): no sound logic solves them, so they
    /// guess whatever the reasoner can do.
    several: usize,
    hardest: Option<Technique>,
}

impl Tally {
    fn add(&mut self, o: Outcome, several: bool, hardest: Option<Technique>) {
        self.puzzles += 1;
        self.several += usize::from(several);
        match o {
            Outcome::Logic => self.logic += 1,
            Outcome::Guessed => self.guessed += 1,
            Outcome::Stopped | Outcome::Stuck => self.stopped += 1,
        }
        // The hardest step of the puzzles solved without a guess: what logic needed.
        if o == Outcome::Logic
            && let Some(h) = hardest
            && self.hardest.is_none_or(|b| h.weight() > b.weight())
        {
            self.hardest = Some(h);
        }
    }
}

fn main() {
    let mut seconds = 20u64;
    let mut list = false;
    let mut only: Vec<String> = Vec::new();
    for a in std::env::args().skip(1) {
        if a == "--list" {
            list = true;
        } else if let Some(ids) = a.strip_prefix("--only=") {
            only = ids.split(',').map(str::to_string).collect();
        } else if let Ok(s) = a.parse() {
            seconds = s;
        }
    }
    let mut cases = corpus();
    if !only.is_empty() {
        cases.retain(|c| only.iter().any(|o| c.id.contains(o.as_str())));
    }
    let mut families: BTreeMap<String, Tally> = BTreeMap::new();
    let mut total = Tally::default();
    let mut refused = 0;
    let mut misread = 0;
    let mut unsound = 0;
    let mut from_text = 0;
    for case in &cases {
        let loaded = match &case.reading {
            Some(text) => {
                from_text += 1;
                load_str(&case.id, text, None).map_err(|e| e.to_string())
            }
            None => import::import(&case.payload)
                .map(|got| got.loaded)
                .map_err(|e| e.to_string()),
        };
        let Ok(loaded) = loaded else {
            refused += 1;
            continue;
        };
        let puzzle = &loaded.puzzle;
        let g = puzzle.geometry();
        let Some(sol) = solution(g, &case.solution) else {
            misread += 1;
            continue;
        };
        if puzzle.verify(&sol).is_err() {
            misread += 1;
            continue;
        }
        let start = ProcessTime::now();
        let (outcome, several, hardest, bad, steps, stuck) =
            run(puzzle, &sol, Duration::from_secs(seconds));
        unsound += bad;
        let fams = family_names(g);
        if list {
            println!(
                "# {:<28} {:<8}{}{} steps {:>4}  hardest {:<28} {:>6.1}s  {}{}",
                case.id,
                match outcome {
                    Outcome::Logic => "logic",
                    Outcome::Guessed => "guessed",
                    Outcome::Stopped => "stopped",
                    Outcome::Stuck => "stuck",
                },
                if several {
                    " (several solutions as read)"
                } else {
                    ""
                },
                if case.reading.is_some() {
                    " (read from its rules text)"
                } else {
                    ""
                },
                steps,
                hardest.map_or("-", |t| t.name()),
                start.elapsed().as_secs_f64(),
                fams.iter().cloned().collect::<Vec<_>>().join(","),
                stuck.map_or(String::new(), |s| format!(
                    "  first guess: step {}, {} empty cells, {} candidates, {} guesses",
                    s.step, s.empty, s.candidates, s.guesses
                ))
            );
        }
        for f in fams {
            families
                .entry(f)
                .or_default()
                .add(outcome, several, hardest);
        }
        total.add(outcome, several, hardest);
    }
    println!(
        "{:<22} {:>7} {:>8} {:>8} {:>8} {:>8}  hardest step without a guess",
        "family", "puzzles", "no guess", "guessed", "timeout", "several"
    );
    for (name, t) in families.iter().chain([(&"all".to_string(), &total)]) {
        println!(
            "{name:<22} {:>7} {:>8} {:>8} {:>8} {:>8}  {}",
            t.puzzles,
            t.logic,
            t.guessed,
            t.stopped,
            t.several,
            t.hardest.map_or("-", |h| h.name())
        );
    }
    println!(
        "{} puzzles read of {} ({} from their rules text): {} refused by the importer, {} whose solution does not fit the reading; {:.1} % solved without a guess; of the {} whose reading has one solution, {:.1} %; {} unsound steps",
        total.puzzles,
        cases.len(),
        from_text,
        refused,
        misread,
        100.0 * total.logic as f64 / total.puzzles.max(1) as f64,
        total.puzzles - total.several,
        100.0 * total.logic as f64 / (total.puzzles - total.several).max(1) as f64,
        unsound
    );
    if unsound > 0 {
        std::process::exit(1);
    }
}

/// What [`run`] found: the outcome, whether the reading has several solutions, the hardest
/// step, the count of unsound steps and of steps, and where the first guess was taken.
type Run = (
    Outcome,
    bool,
    Option<Technique>,
    usize,
    usize,
    Option<Stuck>,
);

/// Where logic stopped: the first guess of a run, to look at what a solver would use there.
#[derive(Clone, Copy)]
struct Stuck {
    /// The guess's place among the steps (from 1).
    step: usize,
    /// The empty cells on the board the guess was taken on.
    empty: usize,
    /// Their candidates.
    candidates: usize,
    /// The guesses of the whole run.
    guesses: usize,
}

/// Solves `puzzle` step by step within `limit` of CPU time, checking each step against `sol`.
fn run(puzzle: &Puzzle, sol: &[u8], limit: Duration) -> Run {
    let cancel = Arc::new(AtomicBool::new(false));
    let done = Arc::new(AtomicBool::new(false));
    let watcher = {
        let (cancel, done) = (cancel.clone(), done.clone());
        let start = ProcessTime::now();
        std::thread::spawn(move || {
            while !done.load(Ordering::Relaxed) {
                if start.elapsed() >= limit {
                    cancel.store(true, Ordering::Relaxed);
                    return;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        })
    };
    let result = run_until(puzzle, sol, &Budget::default().with_cancel(cancel));
    done.store(true, Ordering::Relaxed);
    watcher.join().expect("the clock watcher");
    result
}

/// [`run`] within `budget`.
fn run_until(puzzle: &Puzzle, sol: &[u8], budget: &Budget) -> Run {
    let mut board = Board::new(puzzle);
    let verdict = Solver::new(puzzle).count_with(2, budget).verdict();
    let unique = verdict == Verdict::Unique;
    board.set_known_unique(unique);
    let run = reason::solve_board_within(board, budget);
    let mut bad = 0;
    let mut hardest: Option<Technique> = None;
    let mut guessed = false;
    let mut stuck: Option<Stuck> = None;
    let mut at = Board::new(puzzle);
    for (i, s) in run.steps.iter().enumerate() {
        let wrong = s.breaks(sol).is_some();
        let t = s.technique();
        // A guess may be wrong by design, and the steps after it rest on it: only the steps
        // before the first guess must agree with the solution.
        guessed |= t == Technique::Guess;
        if t == Technique::Guess {
            match &mut stuck {
                Some(s) => s.guesses += 1,
                None => {
                    let empty: Vec<usize> = (0..at.geometry().cell_count())
                        .filter(|&c| at.value(c).is_none())
                        .collect();
                    stuck = Some(Stuck {
                        step: i + 1,
                        empty: empty.len(),
                        candidates: empty.iter().map(|&c| at.candidates(c).len() as usize).sum(),
                        guesses: 1,
                    });
                }
            }
        }
        if !guessed {
            at.apply(s);
        }
        if wrong && !guessed {
            bad += 1;
            eprintln!("unsound step: {:?}", s.deduction);
        }
        if hardest.is_none_or(|h| t.weight() > h.weight()) {
            hardest = Some(t);
        }
    }
    let outcome = if run.board.is_solved() {
        if guessed {
            Outcome::Guessed
        } else {
            Outcome::Logic
        }
    } else if run.stopped.is_some() {
        Outcome::Stopped
    } else {
        Outcome::Stuck
    };
    let several = verdict == Verdict::Several;
    (outcome, several, hardest, bad, run.steps.len(), stuck)
}

/// The rule families a puzzle uses, as setters name them.
fn family_names(g: &Geometry) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for c in g.constraints() {
        match &c.kind {
            RuleKind::Marks { marks, negative } => {
                for m in marks {
                    out.insert(mark_family(m.relation).to_string());
                }
                if !negative.is_empty() {
                    out.insert("negative constraint".to_string());
                }
            }
            k => {
                let debug = format!("{k:?}");
                let name: String = debug
                    .chars()
                    .take_while(char::is_ascii_alphanumeric)
                    .collect();
                out.insert(name.to_lowercase());
            }
        }
    }
    for s in g.shapes() {
        let name = match s.kind {
            ShapeKind::Cage => "killer cage",
            ShapeKind::Diagonal | ShapeKind::AntiDiagonal => "diagonal",
            ShapeKind::Region => "irregular regions",
            ShapeKind::Extra => "extra region",
            _ => continue,
        };
        out.insert(name.to_string());
    }
    if out.is_empty() {
        out.insert("classic".to_string());
    }
    out
}

fn mark_family(r: Relation) -> &'static str {
    match r {
        Relation::Difference(1) => "kropki white",
        Relation::Ratio(2) => "kropki black",
        Relation::Sum(5) | Relation::Sum(10) => "xv",
        Relation::Difference(_) => "difference dot",
        Relation::Ratio(_) => "ratio dot",
        Relation::Sum(_) => "sum dot",
    }
}

/// The published solution as symbol indices: digits (base 36) row by row, or values
/// separated by commas.
fn solution(g: &Geometry, s: &str) -> Option<Vec<u8>> {
    let v: Option<Vec<u8>> = if s.contains(',') {
        s.split(',')
            .map(|x| x.trim().parse::<u8>().ok()?.checked_sub(1))
            .collect()
    } else {
        s.chars().map(|c| g.symbols().index_of(c)).collect()
    };
    v.filter(|v| v.len() == g.cell_count())
}

/// Every puzzle of the two corpora.
fn corpus() -> Vec<Case> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data");
    let mut out = Vec::new();
    let fp = std::fs::read_to_string(format!("{root}/fpuzzles/corpus.jsonl"))
        .expect("tests/data/fpuzzles/corpus.jsonl");
    for line in fp.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let text = |k: &str| v[k].as_str().unwrap_or_default().to_string();
        out.push(Case {
            reading: reading(root, &text("id")),
            id: format!("fpuzzles:{}", text("id")),
            payload: text("payload"),
            solution: text("solution"),
        });
    }
    let sp = std::fs::read_to_string(format!("{root}/sudokupad/challenge100.tsv"))
        .expect("tests/data/sudokupad/challenge100.tsv");
    for line in sp
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() == 6 {
            out.push(Case {
                reading: reading(root, f[0]),
                id: format!("sudokupad:{}", f[0]),
                payload: f[5].to_string(),
                solution: f[4].to_string(),
            });
        }
    }
    out
}

/// The reading from the rules text of the corpus row `id`, if `tests/data/readings` has one
/// (see its README).
fn reading(root: &str, id: &str) -> Option<String> {
    std::fs::read_to_string(format!("{root}/readings/{id}.toml")).ok()
}
