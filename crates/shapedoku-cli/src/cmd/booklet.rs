//! `shapedoku booklet`: puzzles printed as a PDF booklet, several to a page, each with its
//! number, title (the variant) and difficulty, the solutions at the back.
//!
//! Each puzzle is proved unique and rated, as `rate` does, on all cores. A puzzle that is not
//! unique, or whose search or rating a limit stopped, is still printed (with what is wrong as
//! its note and no solution) and the exit code says so; a line that is not a puzzle is reported and left
//! out. The booklet is written in every case but bad usage.

use super::Refusal;
use crate::args::{BookletArgs, InputArgs};
use crate::input::{self, Position};
use crate::progress::Progress;
use crate::{Failure, Io, exit};
use shapedoku::Puzzle;
use shapedoku::reason::{Board, Order};
use shapedoku::render::paper::{self, BookletOptions, Entry};

/// What the booklet says of one puzzle: its difficulty and solution, or why it has none.
struct Known {
    note: String,
    solution: Option<Vec<u8>>,
    refusal: Option<Refusal>,
}

/// Proves one puzzle unique and rates it, as `rate` does; the solution is the logical solve's
/// last board (a unique puzzle's solve always ends solved).
fn study(template: Option<&Board>, p: &Position, search: &crate::SearchLimits) -> Known {
    match super::rate::reason_unique(template, p, &search.budget(), Order::Default) {
        Ok(run) => {
            let rating = shapedoku::reason::rate::rate_run(p.geometry(), &run);
            let solution = run.board.values().iter().map(|v| v.unwrap_or(0)).collect();
            Known {
                note: format!("{}, score {}", rating.level, rating.score),
                solution: Some(solution),
                refusal: None,
            }
        }
        Err(r) => refused(r),
    }
}

fn refused(r: Refusal) -> Known {
    let note = match r.status {
        "unsolvable" => "no solution",
        "not_unique" => "several solutions",
        "error" => "breaks a rule",
        _ => "undecided",
    };
    Known {
        note: note.into(),
        solution: None,
        refusal: Some(r),
    }
}

/// Runs `booklet`.
pub fn run(a: &BookletArgs, io: &mut Io<'_>) -> anyhow::Result<i32> {
    if !cfg!(feature = "pdf") {
        return Err(super::render::missing_feature("pdf", "PDF").into());
    }
    let mut code = exit::OK;
    // (label, position) of every puzzle read, in order; bad lines are reported and skipped.
    let mut puzzles: Vec<(String, Position)> = Vec::new();
    let files: Vec<Option<std::path::PathBuf>> = match a.input.files.as_slice() {
        [] => vec![None],
        fs => fs.iter().cloned().map(Some).collect(),
    };
    for f in &files {
        let args = InputArgs {
            variant: a.input.variant.clone(),
            files: f.iter().cloned().collect(),
            several: files.len() > 1,
        };
        let read = match input::read(&args, io) {
            Ok(r) => r,
            Err(e) if crate::is_broken_pipe(&e) => return Err(e),
            Err(e) => {
                io.stderr.write_all(crate::error_text(&e).as_bytes())?;
                code = exit::ERROR;
                continue;
            }
        };
        for (label, p) in read.puzzles() {
            match p {
                Ok(p) => puzzles.push((label, p)),
                Err(e) => {
                    writeln!(io.stderr, "error: {e}")?;
                    code = exit::ERROR;
                }
            }
        }
    }
    if puzzles.is_empty() {
        return Err(Failure("error: no puzzle to print\n".into()).into());
    }
    let template = Board::new(&Puzzle::empty(puzzles[0].1.geometry().clone()));
    let search = io.search;
    let known = super::batch(&puzzles, a.threads, io.progress, |(_, p)| {
        study(Some(&template), p, &search)
    });
    for ((label, _), k) in puzzles.iter().zip(&known) {
        if let Some(r) = &k.refusal {
            writeln!(io.stderr, "{label}: {}", r.message)?;
            code = exit::worst(code, r.code);
        }
    }
    let entries: Vec<Entry<'_>> = puzzles
        .iter()
        .zip(&known)
        .map(|((_, p), k)| Entry {
            puzzle: &p.puzzle,
            title: p.geometry().name().to_string(),
            note: Some(k.note.clone()),
            solution: k.solution.as_deref(),
        })
        .collect();
    let opts = BookletOptions {
        paper: super::render::paper(a.paper),
        per_page: a.per_page as usize,
        solutions_per_page: a.solutions_per_page as usize,
        solutions: !a.no_solutions,
        title: a.title.clone(),
        ..BookletOptions::default()
    };
    let bytes = {
        let _shown = Progress::spinner(io.progress, "writing the PDF");
        let pages = paper::booklet(&entries, &opts);
        super::render::pdf(&pages, a.title.as_deref())?
    };
    match &a.output {
        Some(path) if path != std::path::Path::new("-") => std::fs::write(path, &bytes)
            .map_err(|e| Failure(format!("error: cannot write {}: {e}\n", path.display())))?,
        _ => io.stdout.write_all(&bytes)?,
    }
    Ok(code)
}
