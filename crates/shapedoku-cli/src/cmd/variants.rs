//! `shapedoku variants`: list built-ins, print one's TOML, start a new variant file.

use crate::args::{VariantsAction, VariantsArgs};
use crate::report::render_load_error;
use crate::{Failure, Io, exit};
use shapedoku::Pos;
use shapedoku::builtin;
use shapedoku::load;
use std::path::{Path, PathBuf};

/// Runs `variants`.
pub fn run(a: &VariantsArgs, io: &mut Io<'_>) -> anyhow::Result<i32> {
    match &a.action {
        None | Some(VariantsAction::List) => {
            for name in builtin::names() {
                let desc = shapedoku::load::load_builtin(name)
                    .map(|l| l.geometry.description().to_string())
                    .unwrap_or_default();
                writeln!(io.stdout, "{name:<12} {desc}")?;
            }
            Ok(exit::OK)
        }
        Some(VariantsAction::Show { name }) => match builtin::source(name) {
            Some(text) => {
                io.stdout.write_all(text.as_bytes())?;
                Ok(exit::OK)
            }
            None => Err(Failure(format!(
                "error: `{name}` is not a built-in variant (built-ins: {})\n",
                builtin::names().join(", ")
            ))
            .into()),
        },
        Some(VariantsAction::New {
            name,
            from,
            output,
            force,
        }) => new_variant(io, name, from, output.as_deref(), *force),
    }
}

fn new_variant(
    io: &mut Io<'_>,
    name: &str,
    from: &str,
    output: Option<&Path>,
    force: bool,
) -> anyhow::Result<i32> {
    if name.trim().is_empty() || name.contains(['"', '\\', '\n']) {
        return Err(Failure(format!(
            "error: `{name}` cannot be a variant name: use letters, digits, `-` or spaces\n"
        ))
        .into());
    }
    let (base_text, base_name) = match builtin::source(from) {
        Some(t) => (t.to_string(), format!("the built-in `{from}`")),
        None if Path::new(from).is_file() => (
            std::fs::read_to_string(from)
                .map_err(|e| Failure(format!("error: cannot read {from}: {e}\n")))?,
            format!("`{from}`"),
        ),
        None => {
            return Err(Failure(format!(
                "error: `{from}` is neither a built-in variant nor a file (built-ins: {})\n",
                builtin::names().join(", ")
            ))
            .into());
        }
    };
    let base = load::load_str(from, &base_text, Path::new(from).parent())
        .map_err(|e| Failure(render_load_error(&e)))?;
    let path: PathBuf =
        output.map_or_else(|| PathBuf::from(format!("{name}.toml")), Path::to_path_buf);
    let text = starting_file(name, &base_name, &base_text, &base.geometry);
    // The starting file must itself be clean: check it before writing.
    if let Err(e) = load::load_str(&path.display().to_string(), &text, Path::new(from).parent()) {
        return Err(Failure(format!(
            "error: the starting file made from {base_name} does not load:\n{}",
            render_load_error(&e)
        ))
        .into());
    }
    if path == Path::new("-") {
        io.stdout.write_all(text.as_bytes())?;
        return Ok(exit::OK);
    }
    if path.exists() && !force {
        return Err(Failure(format!(
            "error: {} already exists; pass --force to overwrite it\n",
            path.display()
        ))
        .into());
    }
    std::fs::write(&path, &text)
        .map_err(|e| Failure(format!("error: cannot write {}: {e}\n", path.display())))?;
    writeln!(
        io.stdout,
        "wrote {} (from {base_name}); check it with `shapedoku check {}`",
        path.display(),
        path.display()
    )?;
    Ok(exit::OK)
}

const HEADER: &str = "\
# Top-level keys come first, above any [[...]] header (keys after a header belong to it):
#   name, description  what listings and explanations call this variant
#   symbols            the alphabet, one character each (\"123456789\", \"ABCDEFGHI\", \"0123456789ABCDEF\")
#   values             optional: a number per symbol for sums (default 1, 2, 3, ...)
#   cells              optional: cells outside every grid (\"r1c1 r2-3c4-6\")
#   givens, solution   optional: an example puzzle and its full solution
# [[grid]]  a square of cells placed on the canvas, with its rows and columns:
#   at = [row, col] (default [1, 1]), size = 9, box = [3, 3] (or [2, 3]; omit for none),
#   diagonals = true, regions = \"\"\"one letter per cell\"\"\", rows = false, columns = false
# [[shape]] any extra group of cells: no repeats, or a sum with `sum = 15`
#   name = \"window 1\", cells = \"r2-4c2-4\" (cells as r3c7, rectangles as r1-3c4-6)
# [[cage]]  a Killer cage: sum = 15, cells = \"r1c1 r1c2\" (no repeats unless repeats = true)
";

/// The text of a new variant file: a header, the base's keys (its example puzzle left out),
/// and commented templates for the keys people add most.
fn starting_file(name: &str, base_name: &str, base: &str, g: &shapedoku::Geometry) -> String {
    let mut body = base.to_string();
    let spans = load::top_level_spans(base);
    // Replace or drop keys from the end backwards so earlier offsets stay valid.
    let mut edits: Vec<(std::ops::Range<usize>, String)> = Vec::new();
    for (key, range) in &spans {
        match key.as_str() {
            "name" => edits.push((range.clone(), format!("name = \"{name}\""))),
            "description" => edits.push((
                range.clone(),
                format!("description = \"A new variant based on {}\"", g.name()),
            )),
            "givens" | "solution" => edits.push((whole_lines(base, range), String::new())),
            _ => {}
        }
    }
    if !spans.iter().any(|(k, _)| k == "name") {
        edits.push((0..0, format!("name = \"{name}\"\n")));
    }
    edits.sort_by_key(|e| std::cmp::Reverse(e.0.start));
    for (r, t) in edits {
        body.replace_range(r, &t);
    }
    // The example puzzle template goes with the top-level keys, before the first table.
    let first_table = body
        .match_indices("[[")
        .map(|(i, _)| i)
        .find(|&i| i == 0 || body.as_bytes()[i - 1] == b'\n');
    let mut picture = String::new();
    for r in 1..=g.rows() {
        picture.push_str("# ");
        for c in 1..=g.cols() {
            picture.push(if g.cell_at(Pos::new(r, c)).is_some() {
                '.'
            } else {
                '#'
            });
        }
        picture.push('\n');
    }
    let template = format!(
        "\n# An example puzzle: one symbol per cell, row by row, `.` for an empty cell{}.\n# givens = \"\"\"\n{picture}# \"\"\"\n\n",
        if g.is_single_grid() {
            ""
        } else {
            ", `#` where the canvas has no cell"
        }
    );
    match first_table {
        Some(i) => body.insert_str(i, &template),
        None => body.push_str(&template),
    }
    while body.contains("\n\n\n") {
        body = body.replace("\n\n\n", "\n\n");
    }
    let mut out = format!("# {name}: a new shapedoku variant, started from {base_name}.\n");
    out.push_str(&format!("# Check it with `shapedoku check {name}.toml`; every key is described in docs/format.md.\n#\n"));
    out.push_str(HEADER);
    out.push('\n');
    out.push_str(body.trim_start_matches('\n'));
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(
        "\n# More shapes: uncomment and edit. A no-repeat shape with as many cells as symbols is a house.\n\
         # [[shape]]\n# name = \"my shape\"\n# cells = \"r1c1 r2c2 r3c3\"\n",
    );
    out
}

/// The range widened to whole lines, final newline included.
fn whole_lines(text: &str, r: &std::ops::Range<usize>) -> std::ops::Range<usize> {
    let start = text[..r.start].rfind('\n').map_or(0, |i| i + 1);
    let end = text[r.end..]
        .find('\n')
        .map_or(text.len(), |i| r.end + i + 1);
    start..end
}
