//! `shapedoku solve`: solutions and solution counts, for one puzzle file or a batch of lines.

use super::answer::{
    Probes, count, estimate_code, note_undecided, stated_solution_unique, verdict_code,
    write_result,
};
use crate::args::{Format, SolveArgs};
use crate::input::{self, Input, Opened};
use crate::{Io, exit};
use shapedoku::Solver;
use shapedoku::puzzle::{format_canvas, format_line};

/// Runs `solve`.
pub fn run(a: &SolveArgs, io: &mut Io<'_>) -> anyhow::Result<i32> {
    if let Some(style) = a.explain {
        return explain(a, super::hint::style(style), io);
    }
    let limit = a.count.unwrap_or(2).max(1) as usize;
    let estimate = a.estimate.then(|| Probes {
        probes: a.probes,
        seed: a.seed.unwrap_or_else(clock_seed),
    });
    if let (Some(e), None) = (estimate, a.seed) {
        // Batch lines have no room for it, and it is what reproduces the estimates.
        let seed = e.seed;
        writeln!(
            io.stderr,
            "estimate seed: {seed} (--seed {seed} reproduces it)"
        )?;
    }
    match input::open(&a.input, io)? {
        Opened::File { name, loaded } => {
            let p = &loaded.puzzle;
            let budget = io.search.budget();
            let c = count(p, limit, &budget);
            let e = estimate.and_then(|e| e.run(&mut Solver::new(p), &c, &budget));
            let code = exit::worst(verdict_code(a, &c), estimate_code(e.as_ref()));
            let (out, err) = (&mut *io.stdout, &mut *io.stderr);
            if a.format == Format::Json {
                note_undecided(err, &name, &c)?;
            }
            let stated_unique = stated_solution_unique(loaded.solution.is_some(), &c);
            if stated_unique == Some(false) {
                // The setter published one solution: several means the puzzle read is not
                // theirs (for a link, a rule, given or region the importer did not read).
                writeln!(
                    err,
                    "warning: {name}: the puzzle states one solution but has others, so what was read is probably incomplete: a rule stated only in the rules text or drawn in a way not read (see the notes of the import)"
                )?;
            }
            write_result(out, err, a, Some(p), &name, &c, (e.as_ref(), stated_unique))?;
            Ok(code)
        }
        Opened::Lines {
            geometry,
            source,
            name,
        } => super::stream::solve_lines(a, io, &geometry, source, name.as_deref(), limit, estimate),
    }
}

/// A seed from the clock, for runs that do not name one (they print it).
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
}

/// The JSON line of `solve --explain`: the puzzle's label, `solved` or `stuck`, every step's
/// view, the solution and the rating (as `rate` prints it).
#[derive(Debug, serde::Serialize)]
struct Explained<'a> {
    input: &'a str,
    status: &'static str,
    steps: Vec<shapedoku::reason::explain::StepView>,
    solution: Option<String>,
    rating: super::rate::Rated<'a>,
    /// The starting position as a candidate grid, with `--candidates`.
    #[serde(skip_serializing_if = "Option::is_none")]
    candidates: Option<String>,
}

/// `solve --explain`: a logical solve, step by step.
fn explain(
    a: &SolveArgs,
    style: shapedoku::reason::explain::Style,
    io: &mut Io<'_>,
) -> anyhow::Result<i32> {
    use shapedoku::reason::{self, explain, rate};
    let input = input::read(&a.input, io)?;
    let puzzles = input.puzzles();
    let single = matches!(input, Input::File { .. });
    // One board's per-geometry tables serve the whole batch.
    let template = puzzles
        .iter()
        .find_map(|(_, p)| p.as_ref().ok())
        .map(|p| reason::Board::new(&shapedoku::Puzzle::empty(p.geometry().clone())));
    let search = io.search;
    let results = super::batch(&puzzles, a.threads, io.progress, |(_, p)| {
        let p = p.as_ref().map_err(|e| super::Refusal::error(e))?;
        super::rate::reason_unique(template.as_ref(), p, &search.budget(), a.order.order())
    });
    let mut code = exit::OK;
    for (i, ((label, p), r)) in puzzles.iter().zip(&results).enumerate() {
        let (p, run) = match (p, r) {
            (Ok(p), Ok(run)) => (p, run),
            (_, Err(refusal)) => {
                code = exit::worst(code, refusal.code);
                super::rate::write_refusal(io, a.format, label, refusal)?;
                continue;
            }
            (Err(e), Ok(_)) => {
                code = exit::worst(code, exit::ERROR);
                writeln!(io.stderr, "{e}")?;
                continue;
            }
        };
        let g = p.geometry();
        let solved = run.board.is_solved();
        if !solved {
            code = exit::worst(code, exit::NEGATIVE);
        }
        let rating = rate::rate_run(g, run);
        let summary = if !solved {
            "stuck: no solution".to_string()
        } else if rating.guesses == 0 {
            format!(
                "solved by logic in {} steps ({})",
                run.steps.len(),
                super::rate::line(&rating)
            )
        } else {
            format!(
                "solved in {} steps with {} guesses ({})",
                run.steps.len(),
                rating.guesses,
                super::rate::line(&rating)
            )
        };
        let grid = a
            .grid
            .candidates
            .map(|f| super::candidate_grid(&run.start, f));
        match a.format {
            Format::Json => super::json_line(
                io,
                &Explained {
                    input: label,
                    status: if solved { "solved" } else { "stuck" },
                    steps: run.steps.iter().map(|s| explain::view(g, s)).collect(),
                    solution: solved.then(|| format_line(g, run.board.values())),
                    rating: super::rate::Rated::new(label, &rating),
                    candidates: grid,
                },
            )?,
            Format::Text => {
                if !single {
                    if i > 0 {
                        writeln!(io.stdout)?;
                    }
                    writeln!(io.stdout, "{label}:")?;
                }
                if let Some(grid) = grid {
                    write!(io.stdout, "{grid}")?;
                }
                for s in &run.steps {
                    writeln!(io.stdout, "{}", explain::render(g, s, style))?;
                }
                if single && solved {
                    write!(io.stdout, "{}", format_canvas(g, run.board.values()))?;
                }
                writeln!(io.stdout, "{summary}")?;
            }
        }
    }
    Ok(code)
}
