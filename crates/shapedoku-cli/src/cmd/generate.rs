//! `shapedoku generate`: puzzles with exactly one solution, K at a time in parallel, each
//! reproducible from the seed printed beside it.

use crate::args::{DifficultyArg, GenerateArgs, GenerateFormat, SymmetryArg, output_file};
use crate::input::load_variant;
use crate::{Failure, Io, exit};
use shapedoku::generate::{
    self, GenerateError, Generated, KillerOptions, Options, Symmetry, Target,
};
use shapedoku::reason::Technique;
use shapedoku::reason::rate::{self, Level};
use shapedoku::{Geometry, Puzzle, builtin};
use std::path::Path;
use std::sync::Arc;

fn symmetry(s: SymmetryArg) -> Symmetry {
    match s {
        SymmetryArg::None => Symmetry::None,
        SymmetryArg::Rotate180 => Symmetry::Rotate180,
        SymmetryArg::Mirror => Symmetry::MirrorLeftRight,
        SymmetryArg::MirrorTb => Symmetry::MirrorTopBottom,
    }
}

/// Reads `--cage-sizes`: `MIN-MAX` or one number.
fn cage_sizes(text: &str) -> Result<(usize, usize), Failure> {
    let bad = || {
        Failure(format!(
            "error: --cage-sizes `{text}`: write MIN-MAX, such as 2-5, or one size\n"
        ))
    };
    let (a, b) = text.split_once('-').unwrap_or((text, text));
    let a = a.trim().parse().map_err(|_| bad())?;
    let b = b.trim().parse().map_err(|_| bad())?;
    Ok((a, b))
}

/// Reads `--pattern`: fixed givens (symbols) and required cells (`*`), in cell order or as a
/// canvas picture.
fn pattern(g: &Arc<Geometry>, text: &str) -> Result<(Vec<Option<u8>>, Vec<usize>), Failure> {
    let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let plain: String = chars
        .iter()
        .map(|&c| if c == '*' { '.' } else { c })
        .collect();
    let p = Puzzle::from_line(g.clone(), &plain).map_err(|e| {
        Failure(format!(
            "error: --pattern: {e} (use `*` for a cell that must be a given)\n"
        ))
    })?;
    p.check_clashes()
        .map_err(|e| Failure(format!("error: --pattern: {e}\n")))?;
    let canvas = chars.len() != g.cell_count();
    let required = chars
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c == '*')
        .filter_map(|(i, _)| {
            if canvas {
                let cols = g.cols() as usize;
                g.cell_at(shapedoku::Pos::new(
                    (i / cols) as u32 + 1,
                    (i % cols) as u32 + 1,
                ))
            } else {
                Some(i)
            }
        })
        .collect();
    Ok((p.givens().to_vec(), required))
}

/// The exit code and message of a puzzle that could not be made: a limit of the generator
/// itself (attempts, refinements) is a negative answer (exit 1), `--timeout` is a search limit
/// (exit 3), anything else is about the request (exit 2).
fn failure(e: &GenerateError) -> (i32, String) {
    match e {
        GenerateError::Stopped { stop, .. } => (exit::LIMIT, crate::undecided(*stop)),
        GenerateError::TargetNotReached { .. }
        | GenerateError::KillerNotUnique { .. }
        | GenerateError::NoPartition { .. }
        | GenerateError::Rejected { .. }
        | GenerateError::NotNeeded { .. }
        | GenerateError::FillFailed { .. } => (exit::NEGATIVE, e.to_string()),
        _ => (exit::ERROR, e.to_string()),
    }
}

/// The technique `--needs` names, by its id; an unknown id lists the known ones.
fn technique(id: &str) -> Result<Technique, Failure> {
    Technique::from_id(id).ok_or_else(|| {
        let ids: Vec<&str> = Technique::all().iter().map(|t| t.id()).collect();
        Failure(format!(
            "error: --needs: unknown technique `{id}`\n  help: one of {}\n",
            ids.join(", ")
        ))
    })
}

fn clock_seed() -> u64 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    // Keep seeds short enough to type: 10 to 12 digits.
    (t.as_nanos() as u64) % 1_000_000_000_000
}

/// The `--difficulty` level a puzzle must rate at, if any.
fn wanted_level(a: &GenerateArgs) -> Option<Level> {
    a.difficulty.map(|d| match d {
        DifficultyArg::Easy => Level::Easy,
        DifficultyArg::Medium => Level::Medium,
        DifficultyArg::Hard => Level::Hard,
        DifficultyArg::Expert => Level::Expert,
        DifficultyArg::Extreme => Level::Extreme,
    })
}

/// The options every puzzle of the run shares (each then gets its own seed and clock).
fn options<'a>(
    a: &GenerateArgs,
    io: &Io<'_>,
    geometry: &Arc<Geometry>,
    accept: Option<&'a (dyn Fn(&Puzzle) -> bool + Sync)>,
    needs: Option<Technique>,
) -> Result<Options<'a>, Failure> {
    let target = match (a.givens, a.minimal, a.killer) {
        (Some(n), _, _) => Target::Givens(n),
        (None, true, _) | (None, false, false) => Target::Minimal,
        (None, false, true) => Target::Givens(0),
    };
    let killer = if a.killer {
        let (min_cage, max_cage) = cage_sizes(&a.cage_sizes)?;
        let k = KillerOptions {
            min_cage,
            max_cage,
            ..KillerOptions::default()
        };
        Some(k)
    } else {
        None
    };
    let (fixed, required) = match &a.pattern {
        Some(p) => pattern(geometry, p)?,
        None => (Vec::new(), Vec::new()),
    };
    Ok(Options {
        accept,
        seed: a.seed.unwrap_or_else(clock_seed),
        target,
        symmetry: symmetry(a.symmetry),
        fixed,
        required,
        killer,
        // A technique to drill can be rare: with `--needs` the search goes on until
        // `--timeout` unless the attempts are capped.
        attempts: a
            .attempts
            .unwrap_or(if needs.is_some() { usize::MAX } else { 50 }),
        needs,
        // `--limit` caps every search; the checks keep their own, lower, default so that
        // generation stays fast (a check stopped by it keeps its given: still unique).
        guess_limit: match (Options::default().guess_limit, io.search.guesses) {
            (Some(d), Some(l)) => Some(d.min(l)),
            (d, None) => d,
            (None, l) => l,
        },
        ..Options::default()
    })
}

/// Problems with the request itself, reported once before any work.
fn check_request(a: &GenerateArgs, base: &Options<'_>, geometry: &Geometry) -> Result<(), Failure> {
    base.symmetry
        .orbits(geometry)
        .map_err(|e| Failure(format!("error: {e}\n")))?;
    if let Some(t) = base.needs {
        if let Some(why) = generate::needs::unavailable(geometry, t, a.killer) {
            return Err(Failure(format!(
                "error: --needs: {} cannot occur on this geometry: {why}\n",
                t.id()
            )));
        }
    }
    Ok(())
}

/// Runs `generate`.
pub fn run(a: &GenerateArgs, io: &mut Io<'_>) -> anyhow::Result<i32> {
    let loaded = load_variant(&a.variant, &io.limits)?;
    let geometry = loaded.geometry;
    let wanted = wanted_level(a);
    let needs = a.needs.as_deref().map(technique).transpose()?;
    let level_filter = move |p: &Puzzle| wanted.is_none_or(|w| rate::rate(p).level == w);
    let accept = wanted.map(|_| &level_filter as &(dyn Fn(&Puzzle) -> bool + Sync));
    let base = options(a, io, &geometry, accept, needs)?;
    check_request(a, &base, &geometry)?;
    if let Some(t) = link_target(a.format) {
        // Refused before any work: a variant the app cannot hold gives no link at all.
        shapedoku::export::check(&geometry, t)
            .map_err(|e| Failure(format!("error: --format: {e}\n")))?;
    }
    if a.count == 0 {
        return Ok(exit::OK);
    }
    if let Some(dir) = output_file(&a.output) {
        std::fs::create_dir_all(dir)
            .map_err(|e| Failure(format!("error: cannot create {}: {e}\n", dir.display())))?;
    }
    let indices: Vec<u64> = (0..a.count as u64).collect();
    let timeout = io.search.timeout;
    let results = super::batch(&indices, a.threads, io.progress, |&i| {
        // Each puzzle's clock starts when its work does, as each puzzle's search does in
        // `solve`: the puzzles made within it are written whatever happens to the others.
        let opts = Options {
            seed: generate::derive_seed(base.seed, i),
            deadline: timeout.map(|t| std::time::Instant::now() + t),
            ..base.clone()
        };
        generate::generate(geometry.clone(), &opts)
    });
    let variant = variant_key(&a.variant);
    let mut code = exit::OK;
    for (i, r) in results.iter().enumerate() {
        match r {
            Ok(g) => {
                if let Err(message) = write_puzzle(a, io, (&variant, base.seed), i, g)? {
                    writeln!(
                        io.stderr,
                        "error: puzzle {} (seed {}): {message}",
                        i + 1,
                        g.seed
                    )?;
                    code = exit::worst(code, exit::ERROR);
                }
            }
            Err(e) => {
                let seed = generate::derive_seed(base.seed, i as u64);
                let (c, mut message) = failure(e);
                if let (Some(t), GenerateError::Stopped { attempt, .. }) = (needs, e) {
                    message.push_str(&format!(
                        " (no puzzle needing {} among the {} tried)",
                        t.id(),
                        attempt - 1
                    ));
                }
                writeln!(
                    io.stderr,
                    "error: puzzle {} (seed {seed}): {message}",
                    i + 1
                )?;
                code = exit::worst(code, c);
            }
        }
    }
    Ok(code)
}

/// The app `--format` writes links for, if it does.
fn link_target(f: GenerateFormat) -> Option<shapedoku::export::Target> {
    match f {
        GenerateFormat::Fpuzzles => Some(shapedoku::export::Target::FPuzzles),
        GenerateFormat::Sudokupad => Some(shapedoku::export::Target::SudokuPad),
        GenerateFormat::Text | GenerateFormat::Toml | GenerateFormat::Json => None,
    }
}

/// Writes puzzle `i` to its file under `--output`, or to standard output; `Err` with the
/// message when it cannot be written as a link.
fn write_puzzle(
    a: &GenerateArgs,
    io: &mut Io<'_>,
    (variant, run_seed): (&str, u64),
    i: usize,
    g: &Generated,
) -> anyhow::Result<Result<(), String>> {
    let text = match render(a, variant, run_seed, i, g) {
        Ok(text) => text,
        Err(message) => return Ok(Err(message)),
    };
    match output_file(&a.output) {
        Some(dir) => {
            let ext = match a.format {
                GenerateFormat::Text | GenerateFormat::Fpuzzles | GenerateFormat::Sudokupad => {
                    "txt"
                }
                GenerateFormat::Toml => "toml",
                GenerateFormat::Json => "json",
            };
            let width = a.count.to_string().len().max(3);
            let path = dir.join(format!("puzzle-{:0width$}.{ext}", i + 1));
            std::fs::write(&path, text)
                .map_err(|e| Failure(format!("error: cannot write {}: {e}\n", path.display())))?;
        }
        None => {
            if a.format == GenerateFormat::Toml && i > 0 {
                writeln!(io.stdout)?;
            }
            io.stdout.write_all(text.as_bytes())?;
        }
    }
    Ok(Ok(()))
}

/// A generated puzzle as a link, with its solution, titled by its variant and seed.
fn link(variant: &str, g: &Generated, t: shapedoku::export::Target) -> Result<String, String> {
    let name = Path::new(variant)
        .file_stem()
        .map_or(variant.into(), |s| s.to_string_lossy());
    let meta = shapedoku::export::Meta {
        title: Some(format!("{name}, seed {}", g.seed)),
        author: Some("shapedoku".into()),
        rules: None,
    };
    let solution = g.solution.as_indices();
    shapedoku::export::export(&g.puzzle, Some(solution), &meta, t)
        .map(|e| format!("{}\n", e.link))
        .map_err(|e| e.to_string())
}

/// What a TOML puzzle file writes as `variant`: the built-in name, or the variant file's
/// absolute path so the puzzle file loads from anywhere.
fn variant_key(v: &str) -> String {
    if builtin::source(v).is_some() {
        return v.to_string();
    }
    std::fs::canonicalize(Path::new(v)).map_or_else(|_| v.to_string(), |p| p.display().to_string())
}

/// One puzzle of `generate --format json`: the library's serialisation of it and the run's
/// settings.
#[derive(serde::Serialize)]
struct Json<'a> {
    variant: &'a str,
    run_seed: u64,
    index: usize,
    symmetry: &'static str,
    #[serde(flatten)]
    generated: &'a Generated,
}

/// The text of one puzzle in `--format`; `Err` with the message when it cannot be a link.
fn render(
    a: &GenerateArgs,
    variant: &str,
    run_seed: u64,
    i: usize,
    g: &Generated,
) -> Result<String, String> {
    let geo = g.puzzle.geometry();
    let givens = g.puzzle.to_line();
    let solution = g.solution.to_line();
    let cells = |c: &generate::Cage| {
        c.cells
            .iter()
            .map(|&x| geo.pos(x).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    // Every cage of the puzzle, the variant's (a Killer variant) and the generated ones alike:
    // without them the givens alone say nothing of the puzzle.
    let all_cages: Vec<(i64, String)> = geo
        .shapes()
        .iter()
        .filter_map(|s| {
            let cells = s.cells.iter().map(|&x| geo.pos(x).to_string());
            s.sum().map(|t| (t, cells.collect::<Vec<_>>().join(" ")))
        })
        .collect();
    let about = format!(
        "seed {} (run seed {run_seed}, puzzle {} of {}), {} givens{}",
        g.seed,
        i + 1,
        a.count,
        g.puzzle.given_count(),
        match (all_cages.len(), g.cages.len()) {
            (0, _) => String::new(),
            (n, 0) => format!(", {n} cages (the variant's)"),
            (n, k) if n == k => format!(", {n} cages"),
            (n, k) => format!(", {n} cages ({k} generated)"),
        }
    );
    match a.format {
        GenerateFormat::Text => {
            let mut out = format!("# {about}\n");
            for (sum, cells) in &all_cages {
                out.push_str(&format!("# cage {sum} {cells}\n"));
            }
            if !g.cages.is_empty() {
                out.push_str("# generated cages are not part of the variant: --format toml writes a file that keeps them\n");
            }
            out.push_str(&givens);
            out.push('\n');
            Ok(out)
        }
        GenerateFormat::Toml => {
            let mut out = format!("# Generated by shapedoku: {about}.\n");
            out.push_str(&format!(
                "variant = {}\n",
                shapedoku::load::toml_string(variant)
            ));
            out.push_str(&format!(
                "givens = {}\n",
                shapedoku::load::toml_string(&givens)
            ));
            out.push_str(&format!(
                "solution = {}\n",
                shapedoku::load::toml_string(&solution)
            ));
            for c in &g.cages {
                out.push_str(&format!(
                    "\n[[cage]]\nsum = {}\ncells = {}\n",
                    c.sum,
                    shapedoku::load::toml_string(&cells(c))
                ));
            }
            Ok(out)
        }
        GenerateFormat::Fpuzzles => link(variant, g, shapedoku::export::Target::FPuzzles),
        GenerateFormat::Sudokupad => link(variant, g, shapedoku::export::Target::SudokuPad),
        GenerateFormat::Json => {
            // The library's serialisation of the puzzle, with where it came from; through a
            // JSON value, whose keys are sorted, as every other object printed.
            let obj = serde_json::to_value(Json {
                variant,
                run_seed,
                index: i + 1,
                symmetry: symmetry(a.symmetry).name(),
                generated: g,
            })
            .expect("a generated puzzle serialises");
            Ok(format!("{obj}\n"))
        }
    }
}
