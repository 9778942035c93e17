//! `shapedoku import`: an f-puzzles or SudokuPad puzzle as a commented puzzle file.

use crate::args::ImportArgs;
use crate::input;
use crate::{Failure, Io, exit};
use std::path::Path;

/// Runs `import`.
pub fn run(a: &ImportArgs, io: &mut Io<'_>) -> anyhow::Result<i32> {
    if let Some(out) = &a.output {
        if out.exists() && !a.force {
            return Err(Failure(format!(
                "error: {} exists; pass --force to overwrite it\n",
                out.display()
            ))
            .into());
        }
    }
    let (name, text) = match a.input.as_deref() {
        None | Some("-") => ("-".to_string(), input::read_all_stdin(io)?),
        Some(s) => input::link_or_file(s, &io.limits)?,
    };
    let imported = input::import(&name, &text, io)?;
    match &a.output {
        Some(path) => std::fs::write(path, &imported.toml)
            .map_err(|e| Failure(format!("error: cannot write {}: {e}\n", path.display())))?,
        None => io.stdout.write_all(imported.toml.as_bytes())?,
    }
    if let Some(path) = &a.output {
        let shown = Path::new(path).display();
        writeln!(
            io.stderr,
            "wrote {shown}: {} ({} givens)",
            imported.loaded.geometry.name(),
            imported.loaded.puzzle.given_count()
        )?;
    }
    Ok(exit::OK)
}
