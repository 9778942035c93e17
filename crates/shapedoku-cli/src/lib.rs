//! The `shapedoku` command line as a library: `main.rs` calls [`main_with`], tests call
//! [`run_in_memory`]. Argument parsing lives in [`args`], exit codes in [`exit`].

pub mod args;
pub mod cmd;
pub mod exit;
pub mod input;
pub mod report;

use clap::Parser;
use std::ffi::OsString;
use std::io::{BufRead, IsTerminal, Write};

/// The streams a command talks to.
pub struct Io<'a> {
    /// Standard input.
    pub stdin: &'a mut dyn BufRead,
    /// Standard output.
    pub stdout: &'a mut dyn Write,
    /// Standard error.
    pub stderr: &'a mut dyn Write,
    /// Whether stderr is a terminal (progress bars are shown only then).
    pub progress: bool,
}

impl std::fmt::Debug for Io<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Io")
            .field("progress", &self.progress)
            .finish()
    }
}

/// An error that ends a command with exit code 2 and a message already fit for people.
#[derive(Debug)]
pub struct Failure(pub String);

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}
impl std::error::Error for Failure {}

/// Runs the command line with the process's streams; returns the exit code.
pub fn main_with(args: Vec<OsString>) -> i32 {
    let stdin = std::io::stdin();
    let mut stdin = stdin.lock();
    let stdout = std::io::stdout();
    let mut stdout = std::io::BufWriter::new(stdout.lock());
    let stderr = std::io::stderr();
    let progress = stderr.is_terminal();
    let mut stderr = stderr.lock();
    let mut io = Io {
        stdin: &mut stdin,
        stdout: &mut stdout,
        stderr: &mut stderr,
        progress,
    };
    run(args, &mut io)
}

/// Runs the command line on in-memory streams: (exit code, stdout, stderr). For tests.
pub fn run_in_memory(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut input = std::io::Cursor::new(stdin.as_bytes().to_vec());
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut argv: Vec<OsString> = vec!["shapedoku".into()];
    argv.extend(args.iter().map(OsString::from));
    let code = {
        let mut io = Io {
            stdin: &mut input,
            stdout: &mut out,
            stderr: &mut err,
            progress: false,
        };
        run(argv, &mut io)
    };
    (
        code,
        String::from_utf8_lossy(&out).into_owned(),
        String::from_utf8_lossy(&err).into_owned(),
    )
}

/// Parses arguments and runs the command.
pub fn run(args: Vec<OsString>, io: &mut Io<'_>) -> i32 {
    let cli = match args::Cli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() {
                exit::ERROR
            } else {
                exit::OK
            };
            let text = e.render().to_string();
            let _ = if e.use_stderr() {
                io.stderr.write_all(text.as_bytes())
            } else {
                io.stdout.write_all(text.as_bytes())
            };
            let _ = io.stdout.flush();
            return code;
        }
    };
    let result = cmd::dispatch(cli, io);
    let flushed = io.stdout.flush();
    match result.and_then(|code| flushed.map(|_| code).map_err(anyhow::Error::from)) {
        Ok(code) => code,
        Err(e) => {
            if is_broken_pipe(&e) {
                return exit::OK;
            }
            let text = match e.downcast_ref::<Failure>() {
                Some(f) => f.0.clone(),
                None => format!("error: {e:#}\n"),
            };
            let _ = io.stderr.write_all(text.as_bytes());
            let _ = io.stderr.flush();
            exit::ERROR
        }
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
