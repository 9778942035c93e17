//! `shapedoku check`: every problem in each file, then what the file describes.

use crate::args::{CheckArgs, Format};
use crate::report::render_diagnostics;
use crate::{Io, exit};
use shapedoku::Verdict;
use shapedoku::check::{CheckOptions, CheckReport, Facts, check_path, check_str};

/// Runs `check`.
pub fn run(a: &CheckArgs, io: &mut Io<'_>) -> anyhow::Result<i32> {
    let opts = CheckOptions {
        limit: a.count as usize,
        guess_limit: io.search.guesses.unwrap_or(u64::MAX),
        timeout: io.search.timeout,
        solve: !a.no_solve,
        require_unique: a.unique,
        limits: io.limits,
    };
    let (mut clean, mut problems) = (0usize, 0usize);
    for f in &a.files {
        let r = if f.as_os_str() == "-" {
            let text = shapedoku::limits::read_text(io.stdin, io.limits.max_input_bytes)
                .map_err(|e| crate::input::read_error("standard input", &e))?;
            check_str("-", &text, None, &opts)
        } else {
            check_path(f, &opts)
        };
        if r.is_clean() {
            clean += 1;
        }
        problems += r.problem_count();
        match a.format {
            Format::Text => write_text(io, &r)?,
            // Through a `Value`, whose keys are sorted, so the output keeps one key order.
            Format::Json => writeln!(io.stdout, "{}", serde_json::to_value(&r)?)?,
        }
    }
    if a.format == Format::Text && a.files.len() > 1 {
        let bad = a.files.len() - clean;
        writeln!(
            io.stdout,
            "checked {} files: {clean} clean, {bad} with problems ({problems} problem{})",
            a.files.len(),
            if problems == 1 { "" } else { "s" }
        )?;
    }
    Ok(if clean == a.files.len() {
        exit::OK
    } else {
        exit::ERROR
    })
}

fn write_text(io: &mut Io<'_>, r: &CheckReport) -> anyhow::Result<()> {
    for text in render_diagnostics(&r.diagnostics) {
        io.stderr.write_all(text.as_bytes())?;
        writeln!(io.stderr)?;
    }
    match (r.problem_count(), r.omitted) {
        (0, _) => writeln!(io.stdout, "{}: ok", r.file)?,
        (1, _) => writeln!(io.stdout, "{}: 1 problem", r.file)?,
        (n, 0) => writeln!(io.stdout, "{}: {n} problems", r.file)?,
        (n, _) => writeln!(
            io.stdout,
            "{}: {n} problems (the first {} listed)",
            r.file,
            r.diagnostics.len() - 1
        )?,
    }
    if let Some(f) = &r.facts {
        for line in describe(f) {
            writeln!(io.stdout, "  {line}")?;
        }
    }
    Ok(())
}

fn plural(n: usize, one: &str) -> String {
    match (n, one) {
        (1, _) => format!("1 {one}"),
        (_, "box") => format!("{n} boxes"),
        (_, "extra") => format!("{n} extra"),
        _ => format!("{n} {one}s"),
    }
}

/// The facts as lines of text.
fn describe(f: &Facts) -> Vec<String> {
    let mut out = Vec::new();
    let what = if f.is_puzzle { "puzzle" } else { "variant" };
    out.push(format!(
        "{what} `{}`: {} on a {}x{} canvas, {}, symbols {}{}",
        f.name,
        plural(f.cells, "cell"),
        f.canvas.0,
        f.canvas.1,
        plural(f.grids, "grid"),
        f.symbols,
        if f.custom_values {
            " (custom values)"
        } else {
            ""
        }
    ));
    let kinds: Vec<String> = f.by_kind.iter().map(|(k, n)| plural(*n, k)).collect();
    out.push(format!(
        "{}: {}; {}",
        plural(f.shapes, "shape"),
        kinds.join(", "),
        plural(f.houses, "house")
    ));
    let mut last = match f.givens {
        None => String::from("givens not read"),
        Some(0) if !f.is_puzzle => String::from("no givens"),
        Some(n) => plural(n, "given"),
    };
    if f.stated_solution {
        last.push_str(", stated solution correct");
    }
    if let Some(s) = &f.search {
        let what = match s.verdict {
            Verdict::NoSolution => "no solution".to_string(),
            Verdict::Unique => "unique solution".to_string(),
            Verdict::Several if s.exact => format!("{} solutions", s.found),
            Verdict::Several => format!("several solutions (at least {})", s.found),
            Verdict::AtLeastOne if f.is_puzzle => "a solution (uniqueness not checked)".to_string(),
            Verdict::AtLeastOne => "can be filled".to_string(),
            Verdict::Undecided => "undecided (the guess limit stopped the search)".to_string(),
        };
        last.push_str(&format!(
            "; {what} ({} nodes, {} guesses)",
            s.nodes, s.guesses
        ));
        if s.matches_solution == Some(true) {
            last.push_str("; matches the stated solution");
        }
    }
    out.push(last);
    out
}
