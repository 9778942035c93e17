//! `shapedoku render`: draw a puzzle or a variant's empty grid as SVG (PNG with the `png`
//! feature).

use crate::args::{InputArgs, RenderArgs, output_file};
use crate::input::{self, Input};
use crate::{Failure, Io, exit};
use shapedoku::render::{self, RenderOptions};
use shapedoku::{Puzzle, Solver, Verdict};
use std::path::Path;

/// Runs `render`.
pub fn run(a: &RenderArgs, io: &mut Io<'_>) -> anyhow::Result<i32> {
    let output = output_file(&a.output);
    let want_png = a.png
        || output
            .and_then(Path::extension)
            .is_some_and(|e| e.eq_ignore_ascii_case("png"));
    // Refuse before doing any work: the answer does not depend on the input.
    if want_png && !cfg!(feature = "png") {
        return Err(Failure(
            "error: PNG output needs shapedoku built with the `png` feature \
             (cargo install shapedoku-cli --features png); write SVG instead, e.g. -o out.svg\n"
                .into(),
        )
        .into());
    }
    let (puzzle, known) = read_puzzle(a, io)?;
    let mut solution = None;
    if a.solution {
        solution = match known {
            Some(s) => Some(s),
            None => {
                let count = puzzle
                    .clashes()
                    .is_empty()
                    .then(|| Solver::new(&puzzle).count_with(2, &io.search.budget()));
                match count {
                    Some(c) if c.solutions.is_empty() && c.stopped.is_some() => {
                        let why = c.stopped.map(crate::undecided).unwrap_or_default();
                        writeln!(io.stderr, "error: no solution to draw: {why}")?;
                        return Ok(exit::LIMIT);
                    }
                    Some(c) if !c.solutions.is_empty() => {
                        if c.verdict() == Verdict::Several {
                            writeln!(
                                io.stderr,
                                "note: the puzzle has several solutions; drawing the first one found"
                            )?;
                        }
                        c.solutions
                            .into_iter()
                            .next()
                            .map(shapedoku::Grid::into_indices)
                    }
                    _ => {
                        writeln!(io.stderr, "error: the puzzle has no solution to draw")?;
                        return Ok(exit::NEGATIVE);
                    }
                }
            }
        };
    }
    // A drawing whose true candidates were left undecided is written, but exits as
    // `candidates` does: 3 when a limit stopped the search, 1 when there is no solution.
    let mut code = exit::OK;
    let candidates = match a.candidates {
        true => {
            let tc = super::candidates::compute(&puzzle, 1000, io);
            code = super::candidates::status(&tc).1;
            if tc.capped {
                writeln!(
                    io.stderr,
                    "note: solution cap of 1000 reached; some true candidates may be missing"
                )?;
            } else if let Some(stop) = tc.stopped {
                writeln!(
                    io.stderr,
                    "note: {}; some true candidates may be missing",
                    crate::undecided(stop)
                )?;
            } else if tc.solutions.is_empty() {
                writeln!(
                    io.stderr,
                    "note: the puzzle has no solution, so no cell has a candidate"
                )?;
            }
            Some(tc.possible)
        }
        false => None,
    };
    let opts = RenderOptions {
        solution: solution.as_deref(),
        candidates: candidates.as_deref(),
        cell_size: a.cell_size,
        title: a.title.clone(),
        ..RenderOptions::default()
    };
    let bytes = if want_png {
        png(&puzzle, &opts)?
    } else {
        render::svg(&puzzle, &opts).into_bytes()
    };
    match output {
        Some(path) => std::fs::write(path, &bytes)
            .map_err(|e| Failure(format!("error: cannot write {}: {e}\n", path.display())))?,
        None => io.stdout.write_all(&bytes)?,
    }
    Ok(code)
}

#[cfg(feature = "png")]
fn png(p: &Puzzle, opts: &RenderOptions<'_>) -> anyhow::Result<Vec<u8>> {
    render::png(p, opts).map_err(|e| Failure(format!("error: {e}\n")).into())
}

#[cfg(not(feature = "png"))]
fn png(_: &Puzzle, _: &RenderOptions<'_>) -> anyhow::Result<Vec<u8>> {
    unreachable!("PNG output is refused before rendering when the feature is off")
}

/// The puzzle to draw and the solution its file gives, if any.
fn read_puzzle(a: &RenderArgs, io: &mut Io<'_>) -> anyhow::Result<(Puzzle, Option<Vec<u8>>)> {
    if a.file.is_none() {
        let Some(v) = &a.variant else {
            return Err(Failure(
                "error: render needs a FILE (puzzle or variant TOML), or --variant NAME for an empty grid\n".into(),
            )
            .into());
        };
        let loaded = input::load_variant(v, &io.limits)?;
        return Ok((loaded.puzzle, loaded.solution));
    }
    let args = InputArgs {
        variant: a.variant.clone(),
        files: a.file.iter().cloned().collect(),
        several: false,
    };
    match input::read(&args, io)? {
        Input::File { loaded, .. } => Ok((loaded.puzzle, loaded.solution)),
        Input::Lines {
            geometry, lines, ..
        } => match lines.as_slice() {
            [(n, line)] => line
                .as_ref()
                .map_err(ToString::to_string)
                .and_then(|l| Puzzle::from_line(geometry, l).map_err(|e| e.to_string()))
                .map(|p| (p, None))
                .map_err(|e| Failure(format!("error: line {n}: {e}\n")).into()),
            _ => Err(Failure(format!(
                "error: render draws one puzzle, and the input has {} puzzle lines\n",
                lines.len()
            ))
            .into()),
        },
    }
}
