//! `shapedoku import`: an f-puzzles or SudokuPad puzzle as a commented puzzle file.

use crate::args::{ImportArgs, output_file};
use crate::input;
use crate::{Failure, Io, exit};

/// Runs `import`.
pub fn run(a: &ImportArgs, io: &mut Io<'_>) -> anyhow::Result<i32> {
    let output = output_file(&a.output);
    if let Some(out) = output {
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
    match output {
        Some(path) => std::fs::write(path, &imported.toml)
            .map_err(|e| Failure(format!("error: cannot write {}: {e}\n", path.display())))?,
        None => io.stdout.write_all(imported.toml.as_bytes())?,
    }
    if let Some(path) = output {
        let shown = path.display();
        writeln!(
            io.stderr,
            "wrote {shown}: {} ({} givens)",
            imported.loaded.geometry.name(),
            imported.loaded.puzzle.given_count()
        )?;
    }
    Ok(exit::OK)
}
