//! `shapedoku completions` and `shapedoku man`, both generated from the one CLI definition.

use crate::args::Cli;
use crate::{Io, exit};
use clap::CommandFactory;

/// Prints completions for a shell.
pub fn completions(shell: clap_complete::Shell, io: &mut Io<'_>) -> anyhow::Result<i32> {
    let mut cmd = Cli::command();
    clap_complete::generate(shell, &mut cmd, "shapedoku", io.stdout);
    Ok(exit::OK)
}

/// Prints the man page.
pub fn man(io: &mut Io<'_>) -> anyhow::Result<i32> {
    clap_mangen::Man::new(Cli::command()).render(io.stdout)?;
    Ok(exit::OK)
}
