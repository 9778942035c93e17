//! One module per subcommand; [`dispatch`] routes to them.

use crate::args::{Cli, Command, Format, InputArgs};
use crate::{Io, exit};
use serde::Serialize;

mod answer;
pub mod bench;
pub mod booklet;
pub mod candidates;
pub mod check;
pub mod export;
pub mod generate;
pub mod hint;
pub mod import;
pub mod meta;
pub mod rate;
pub mod render;
pub mod solve;
pub mod stream;
pub mod studio;
pub mod variants;

/// Runs a parsed command line; returns the exit code.
pub fn dispatch(cli: Cli, io: &mut Io<'_>) -> anyhow::Result<i32> {
    match cli.command {
        Command::Solve(a) => per_file(
            &a,
            |a| &mut a.input,
            a.format == Format::Text,
            io,
            solve::run,
        ),
        Command::Generate(a) => generate::run(&a, io),
        Command::Hint(a) => per_file(
            &a,
            |a| &mut a.input,
            a.format == Format::Text,
            io,
            hint::run,
        ),
        Command::Rate(a) => per_file(
            &a,
            |a| &mut a.input,
            a.format == Format::Text,
            io,
            rate::run,
        ),
        Command::Variants(a) => variants::run(&a, io),
        Command::Render(a) => render::run(&a, io),
        Command::Booklet(a) => booklet::run(&a, io),
        Command::Bench(a) => bench::run(&a, io),
        Command::Import(a) => import::run(&a, io),
        Command::Export(a) => export::run(&a, io),
        Command::Candidates(a) => candidates::run(&a, io),
        Command::Check(a) => check::run(&a, io),
        Command::Studio(a) => studio::run(&a, io),
        Command::Completions { shell } => meta::completions(shell, io),
        Command::Man => meta::man(io),
    }
}

/// The JSON line of a puzzle that gave no answer: its label, why (`error` for input that cannot
/// be read, else a negative answer such as `unsolvable`) and the message.
#[derive(Debug, Serialize)]
pub struct Failed<'a> {
    /// The puzzle's label (`line 3`, a file name).
    pub input: &'a str,
    /// `error`, `unsolvable`, `stuck`.
    pub status: &'a str,
    /// The message.
    pub error: &'a str,
}

/// Why a puzzle is not rated, hinted or explained: it has no solution, several, or a limit
/// stopped the search that would have told.
#[derive(Debug, Clone)]
pub struct Refusal {
    /// `unsolvable`, `not_unique` or `undecided` (the JSON `status`).
    pub status: &'static str,
    /// What to print: `no solution`, `not unique: ...`, `undecided: ...`.
    pub message: String,
    /// The exit code it earns.
    pub code: i32,
}

impl Refusal {
    /// The refusal for input that cannot be read (its message names the line).
    pub fn error(message: &str) -> Refusal {
        Refusal {
            status: "error",
            message: message.to_string(),
            code: exit::ERROR,
        }
    }
    /// The refusal for a search stopped by a limit.
    pub fn undecided(why: shapedoku::solver::Stop) -> Refusal {
        Refusal {
            status: "undecided",
            message: crate::undecided(why),
            code: exit::LIMIT,
        }
    }
}

/// Proves, within `budget`, that a puzzle has exactly one solution, as rating, hinting and
/// explaining need: a rating of a puzzle with several solutions rates the guesses, not the
/// puzzle, and a hint on one with none leads nowhere.
pub fn prove_unique(
    p: &shapedoku::Puzzle,
    budget: &shapedoku::solver::Budget,
) -> Result<shapedoku::Grid, Refusal> {
    let negative = |message: String, status| Refusal {
        status,
        message,
        code: exit::NEGATIVE,
    };
    if let Some(e) = p.check_clashes().err() {
        return Err(negative(format!("no solution: {e}"), "unsolvable"));
    }
    let mut count = shapedoku::Solver::new(p).count_with(2, budget);
    match count.verdict() {
        shapedoku::Verdict::Unique => Ok(count.solutions.swap_remove(0)),
        shapedoku::Verdict::NoSolution => Err(negative("no solution".into(), "unsolvable")),
        shapedoku::Verdict::Several | shapedoku::Verdict::AtLeastOne => Err(negative(
            "not unique: the puzzle has several solutions".into(),
            "not_unique",
        )),
        shapedoku::Verdict::Undecided => Err(Refusal::undecided(
            count.stopped.unwrap_or(shapedoku::solver::Stop::Deadline),
        )),
    }
}

/// [`prove_unique`] for a position, which also fails when a candidate grid's candidates rule
/// out the solution (the reasoner would then work from a false premise).
pub fn prove_position(
    p: &crate::input::Position,
    budget: &shapedoku::solver::Budget,
) -> Result<(), Refusal> {
    let solution = prove_unique(p, budget)?;
    match p.rules_out(solution.as_indices()) {
        Some(why) => Err(Refusal::error(&why)),
        None => Ok(()),
    }
}

/// A board's candidates in the form `--candidates` asks for (or why the form cannot hold them).
pub fn candidate_grid(
    board: &shapedoku::reason::Board,
    form: crate::args::CandidateForm,
) -> String {
    use crate::args::CandidateForm as F;
    use shapedoku::candidates::{GridForm, write};
    let form = match form {
        F::Table => GridForm::Table,
        F::Tokens => GridForm::Tokens,
        F::Line => GridForm::Line,
        F::Toml => GridForm::Toml,
    };
    write(board.geometry(), &board.candidate_sets(), form)
        .unwrap_or_else(|why| format!("(no candidate grid: {why})\n"))
}

/// Writes one value as a JSON line.
pub fn json_line(io: &mut Io<'_>, value: &impl Serialize) -> anyhow::Result<()> {
    writeln!(io.stdout, "{}", serde_json::to_string(value)?)?;
    Ok(())
}

/// Runs a command on each of its input files in turn, the command seeing one file at a time.
/// With several files, text output has a `FILE:` line before each file's answers and labels
/// name the file; a file that cannot be read or loaded is reported and the others still run.
/// The exit code is the worst of the files'.
pub fn per_file<A: Clone>(
    a: &A,
    input: fn(&mut A) -> &mut InputArgs,
    text: bool,
    io: &mut Io<'_>,
    run: fn(&A, &mut Io<'_>) -> anyhow::Result<i32>,
) -> anyhow::Result<i32> {
    let mut one = a.clone();
    let files = std::mem::take(&mut input(&mut one).files);
    if files.len() <= 1 {
        let name = files
            .first()
            .map_or("-".into(), |f| f.display().to_string());
        input(&mut one).files = files;
        return match run(&one, io) {
            // With JSON asked for, a file that cannot be read is a JSON line too, so a
            // program reading the output always gets one object per input.
            Err(e) if !text && !crate::is_broken_pipe(&e) => {
                io.stderr.write_all(crate::error_text(&e).as_bytes())?;
                json_line(io, &crate::error_json(&name, &e))?;
                Ok(exit::ERROR)
            }
            r => r,
        };
    }
    let mut code = exit::OK;
    for f in files {
        let name = f.display().to_string();
        if text {
            writeln!(io.stdout, "{}:", f.display())?;
        }
        let args = input(&mut one);
        args.files = vec![f];
        args.several = true;
        match run(&one, io) {
            Ok(c) => code = exit::worst(code, c),
            Err(e) if crate::is_broken_pipe(&e) => return Err(e),
            Err(e) => {
                io.stderr.write_all(crate::error_text(&e).as_bytes())?;
                if !text {
                    json_line(io, &crate::error_json(&name, &e))?;
                }
                code = exit::ERROR;
            }
        }
    }
    Ok(code)
}

/// Runs `work` over items on `threads` worker threads (all cores when `None`), returning results
/// in input order, with progress on stderr when it is a terminal and the work takes more than a
/// moment (a bar for many items, a spinner for one).
pub fn batch<T: Sync, R: Send>(
    items: &[T],
    threads: Option<usize>,
    progress: bool,
    work: impl Fn(&T) -> R + Sync + Send,
) -> Vec<R> {
    use rayon::prelude::*;
    let bar = crate::progress::Progress::bar(progress, items.len() as u64, "puzzles");
    let run = || {
        items
            .par_iter()
            .map(|it| {
                let r = work(it);
                bar.inc();
                r
            })
            .collect::<Vec<R>>()
    };
    match threads {
        Some(n) => match rayon::ThreadPoolBuilder::new()
            .num_threads(n.max(1))
            .build()
        {
            Ok(pool) => pool.install(run),
            Err(_) => run(),
        },
        None => run(),
    }
}
