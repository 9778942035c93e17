//! One module per subcommand; [`dispatch`] routes to them.

use crate::Io;
use crate::args::{Cli, Command};
use serde::Serialize;

pub mod bench;
pub mod check;
pub mod generate;
pub mod hint;
pub mod meta;
pub mod rate;
pub mod render;
pub mod solve;
pub mod studio;
pub mod variants;

/// Runs a parsed command line; returns the exit code.
pub fn dispatch(cli: Cli, io: &mut Io<'_>) -> anyhow::Result<i32> {
    match cli.command {
        Command::Solve(a) => solve::run(&a, io),
        Command::Generate(a) => generate::run(&a, io),
        Command::Hint(a) => hint::run(&a, io),
        Command::Rate(a) => rate::run(&a, io),
        Command::Variants(a) => variants::run(&a, io),
        Command::Render(a) => render::run(&a, io),
        Command::Bench(a) => bench::run(&a, io),
        Command::Check(a) => check::run(&a, io),
        Command::Studio(a) => studio::run(&a, io),
        Command::Completions { shell } => meta::completions(shell, io),
        Command::Man => meta::man(io),
    }
}

/// The JSON line of a puzzle that gave no answer: its label, why (`error` for input that cannot
/// be read, else a negative answer such as `unsolvable`) and the message.
#[derive(Debug, Serialize)]
pub struct Failed<'a> {
    /// The puzzle's label (`line 3`, a file name).
    pub input: &'a str,
    /// `error`, `unsolvable`, `stuck`.
    pub status: &'a str,
    /// The message.
    pub error: &'a str,
}

/// Writes one value as a JSON line.
pub fn json_line(io: &mut Io<'_>, value: &impl Serialize) -> anyhow::Result<()> {
    writeln!(io.stdout, "{}", serde_json::to_string(value)?)?;
    Ok(())
}

/// Runs `work` over items on `threads` worker threads (all cores when `None`), returning results
/// in input order, with a progress bar on stderr when it is a terminal and the batch is large.
pub fn batch<T: Sync, R: Send>(
    items: &[T],
    threads: Option<usize>,
    progress: bool,
    work: impl Fn(&T) -> R + Sync + Send,
) -> Vec<R> {
    use rayon::prelude::*;
    let bar = (progress && items.len() >= 200).then(|| {
        let b = indicatif::ProgressBar::new(items.len() as u64);
        b.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} puzzles, {per_sec}, eta {eta}",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        b
    });
    let run = || {
        items
            .par_iter()
            .map(|it| {
                let r = work(it);
                if let Some(b) = &bar {
                    b.inc(1);
                }
                r
            })
            .collect::<Vec<R>>()
    };
    let out = match threads {
        Some(n) => match rayon::ThreadPoolBuilder::new()
            .num_threads(n.max(1))
            .build()
        {
            Ok(pool) => pool.install(run),
            Err(_) => run(),
        },
        None => run(),
    };
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    out
}
