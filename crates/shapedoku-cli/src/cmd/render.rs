//! `shapedoku render`: draw a puzzle or a variant's empty grid as SVG, PNG or a printable PDF
//! page.

use crate::args::{InputArgs, PaperArg, RenderArgs, output_file};
use crate::input::{self, Input};
use crate::progress::Progress;
use crate::{Failure, Io, exit};
use shapedoku::render::{self, RenderOptions};
use shapedoku::{Puzzle, Solver, Verdict};
use std::path::Path;

/// What `render` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Svg,
    Png,
    Pdf,
}

/// The output kind: `--png`, `--pdf`, else the output file's extension, else SVG.
fn kind(a: &RenderArgs) -> Kind {
    let ext = a
        .output
        .as_deref()
        .and_then(Path::extension)
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match ext.as_deref() {
        _ if a.png => Kind::Png,
        _ if a.pdf => Kind::Pdf,
        Some("png") => Kind::Png,
        Some("pdf") => Kind::Pdf,
        _ => Kind::Svg,
    }
}

/// The error for an output kind this binary was built without: the exact command that builds
/// one with it from a checkout, and from crates.io.
pub fn missing_feature(feature: &str, what: &str) -> Failure {
    Failure(format!(
        "error: {what} output needs shapedoku built with the `{feature}` feature, which this \
         build left out; from a checkout: cargo install --path crates/shapedoku-cli --features \
         {feature} (or: cargo install shapedoku-cli --features {feature}); or write SVG, e.g. \
         -o out.svg\n"
    ))
}

/// Runs `render`.
pub fn run(a: &RenderArgs, io: &mut Io<'_>) -> anyhow::Result<i32> {
    let output = output_file(&a.output);
    let kind = kind(a);
    // Refuse before doing any work: the answer does not depend on the input.
    if kind == Kind::Png && !cfg!(feature = "png") {
        return Err(missing_feature("png", "PNG").into());
    }
    if kind == Kind::Pdf && !cfg!(feature = "pdf") {
        return Err(missing_feature("pdf", "PDF").into());
    }
    let (puzzle, known) = read_puzzle(a, io)?;
    let mut solution = None;
    if a.solution {
        solution = match known {
            Some(s) => Some(s),
            None => {
                let _shown = Progress::spinner(io.progress, "solving");
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
    let bytes = match kind {
        Kind::Png => png(&puzzle, &opts)?,
        Kind::Pdf => {
            let page = render::paper::page(&puzzle, &opts, paper(a.paper));
            pdf(&[page], a.title.as_deref())?
        }
        Kind::Svg => render::svg(&puzzle, &opts).into_bytes(),
    };
    match output {
        Some(path) => std::fs::write(path, &bytes)
            .map_err(|e| Failure(format!("error: cannot write {}: {e}\n", path.display())))?,
        None => io.stdout.write_all(&bytes)?,
    }
    Ok(code)
}

/// The library's paper for `--paper`.
pub fn paper(p: PaperArg) -> render::paper::Paper {
    match p {
        PaperArg::A4 => render::paper::Paper::A4,
        PaperArg::Letter => render::paper::Paper::LETTER,
    }
}

/// A PDF of SVG pages.
#[cfg(feature = "pdf")]
pub fn pdf(pages: &[String], title: Option<&str>) -> anyhow::Result<Vec<u8>> {
    render::pdf(pages, title).map_err(|e| Failure(format!("error: {e}\n")).into())
}

/// Never called: PDF output is refused before any work when the feature is off.
#[cfg(not(feature = "pdf"))]
pub fn pdf(_: &[String], _: Option<&str>) -> anyhow::Result<Vec<u8>> {
    Err(missing_feature("pdf", "PDF").into())
}

#[cfg(feature = "png")]
fn png(p: &Puzzle, opts: &RenderOptions<'_>) -> anyhow::Result<Vec<u8>> {
    render::png(p, opts).map_err(|e| Failure(format!("error: {e}\n")).into())
}

/// Never called: PNG output is refused before any work when the feature is off.
#[cfg(not(feature = "png"))]
fn png(_: &Puzzle, _: &RenderOptions<'_>) -> anyhow::Result<Vec<u8>> {
    Err(missing_feature("png", "PNG").into())
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
