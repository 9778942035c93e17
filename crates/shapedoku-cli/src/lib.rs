//! The `shapedoku` command line as a library: `main.rs` calls [`main_with`], tests call
//! [`run_in_memory`]. Argument parsing lives in [`args`], exit codes in [`exit`].

pub mod args;
pub mod cmd;
pub mod exit;
pub mod input;
pub mod progress;
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
    /// Whether to show progress: stderr is a terminal and `--quiet` was not given.
    pub progress: bool,
    /// Whether stdin is a terminal (reading it then says so on stderr, or a command given no
    /// file would seem to hang).
    pub stdin_is_terminal: bool,
    /// The caps on input and geometry size (`--max-input` sets the input cap).
    pub limits: shapedoku::Limits,
    /// What each search may spend (`--limit`, `--timeout`).
    pub search: SearchLimits,
}

/// What each search may spend, from `--limit` and `--timeout` (`None`: no limit). Each puzzle
/// gets its own budget, so one hard line of a batch does not starve the others.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SearchLimits {
    /// Guesses of the search, and conflicts of the clause back end.
    pub guesses: Option<u64>,
    /// Time for one puzzle.
    pub timeout: Option<std::time::Duration>,
}

impl SearchLimits {
    /// The defaults of `--limit` and `--timeout`: any input is answered in seconds.
    pub const DEFAULT: SearchLimits = SearchLimits {
        guesses: Some(200_000),
        timeout: Some(std::time::Duration::from_secs(Self::TIMEOUT_SECS as u64)),
    };
    /// The default of `--timeout`, in seconds.
    pub const TIMEOUT_SECS: f64 = 10.0;
    /// The default of `--timeout` for `generate`, per puzzle: a minimal 25x25, the largest
    /// built-in, takes about 40 seconds of CPU, and several times that on a busy machine.
    pub const GENERATE_TIMEOUT_SECS: f64 = 300.0;

    /// The limits set by the command line's values (0 for none).
    pub fn from_args(limit: u64, timeout_secs: f64) -> SearchLimits {
        SearchLimits {
            guesses: (limit > 0).then_some(limit),
            timeout: (timeout_secs > 0.0).then(|| std::time::Duration::from_secs_f64(timeout_secs)),
        }
    }

    /// A budget for one puzzle, its clock starting now.
    pub fn budget(&self) -> shapedoku::solver::Budget {
        let mut b = shapedoku::solver::Budget::default();
        if let Some(n) = self.guesses {
            b = b.with_guesses(n).with_conflicts(n);
        }
        if let Some(t) = self.timeout {
            b = b.with_timeout(t);
        }
        b
    }
}

/// What to say when a limit stopped a search: which limit, and the option that raises it.
pub fn undecided(stop: shapedoku::solver::Stop) -> String {
    use shapedoku::solver::Stop;
    let option = match stop {
        Stop::Guesses { .. } | Stop::Conflicts { .. } => "; raise it with --limit",
        Stop::Deadline => "; raise it with --timeout",
        Stop::Cancelled => "",
    };
    format!("undecided: {stop}{option}")
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

/// A file that did not load: its problems, rendered for people and kept as data for JSON.
#[derive(Debug)]
pub struct LoadFailure {
    /// The problems as shown on stderr.
    pub text: String,
    /// The problems as data (file, line, column, message, help).
    pub diagnostics: Vec<shapedoku::load::Diagnostic>,
}

impl From<shapedoku::load::LoadError> for LoadFailure {
    fn from(e: shapedoku::load::LoadError) -> Self {
        LoadFailure {
            text: report::render_load_error(&e),
            diagnostics: e.diagnostics,
        }
    }
}

impl std::fmt::Display for LoadFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}
impl std::error::Error for LoadFailure {}

/// The JSON line of a command that failed before answering: `status` `error`, the message, and
/// where the problem is (`file`, `line`, `column`, `help`, and every `problems` entry) when it is
/// in a file that did not load.
///
/// Fields are declared in alphabetical order so the line reads the same as the sorted map it
/// replaces. For a file that did not load, the place keys are always present (`null` when not
/// known), matching each entry of `problems`; for other errors they are left out. Hence the
/// nested options: the outer one says whether the key is written at all.
#[derive(Debug, serde::Serialize)]
pub struct ErrorJson<'a> {
    /// Column of the first problem.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<Option<usize>>,
    /// What went wrong, without the `error: ` prefix of the text form.
    pub error: String,
    /// The file of the first problem.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<&'a str>,
    /// How to fix the first problem.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub help: Option<Option<&'a str>>,
    /// The input the command was given (`-` for stdin).
    pub input: &'a str,
    /// Line of the first problem.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<Option<usize>>,
    /// Every problem of a file that did not load, as a JSON value so each entry's keys are
    /// sorted like the rest of the line (a diagnostic writes its own in reading order).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub problems: Option<serde_json::Value>,
    /// Always `error`.
    pub status: &'static str,
}

/// The [`ErrorJson`] line for `input` failing with `e`.
pub fn error_json<'a>(input: &'a str, e: &'a anyhow::Error) -> ErrorJson<'a> {
    let mut v = ErrorJson {
        column: None,
        error: String::new(),
        file: None,
        help: None,
        input,
        line: None,
        problems: None,
        status: "error",
    };
    match e.downcast_ref::<LoadFailure>() {
        Some(f) => {
            if let Some(d) = f.diagnostics.first() {
                let (line, column) = d.line_col().unzip();
                v.file = Some(&d.source.name);
                v.line = Some(line);
                v.column = Some(column);
                v.help = Some(d.help.as_deref());
                v.error.clone_from(&d.message);
            }
            v.problems = serde_json::to_value(&f.diagnostics).ok();
        }
        None => {
            let text = error_text(e);
            let text = text.trim_end();
            v.error = text.strip_prefix("error: ").unwrap_or(text).into();
        }
    }
    v
}

/// Runs the command line with the process's streams; returns the exit code.
pub fn main_with(args: Vec<OsString>) -> i32 {
    // `shapedoku studio-worker`, exactly so: a worker process the studio's server starts
    // itself (not a command for people, so not in the help). It reads standard input and
    // writes standard output from threads of its own, so it takes them before they are locked.
    if args.len() == 2 && args[1] == "studio-worker" {
        return cmd::studio::worker();
    }
    let stdin = std::io::stdin();
    let stdin_is_terminal = stdin.is_terminal();
    let mut stdin = stdin.lock();
    let stdout = std::io::stdout();
    let mut stdout = std::io::BufWriter::new(stdout.lock());
    let stderr = std::io::stderr();
    let progress = stderr.is_terminal();
    // Not locked for the whole run: the progress display's ticker thread writes to stderr too,
    // and would wait forever for a lock this thread held (each write locks for itself).
    let mut stderr = stderr;
    let mut io = Io {
        stdin: &mut stdin,
        stdout: &mut stdout,
        stderr: &mut stderr,
        progress,
        stdin_is_terminal,
        limits: shapedoku::Limits::DEFAULT,
        search: SearchLimits::DEFAULT,
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
            stdin_is_terminal: false,
            limits: shapedoku::Limits::DEFAULT,
            search: SearchLimits::DEFAULT,
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
    io.limits.max_input_bytes = cli.max_input;
    io.progress &= !cli.quiet;
    let default_timeout = match cli.command {
        args::Command::Generate(_) => SearchLimits::GENERATE_TIMEOUT_SECS,
        _ => SearchLimits::TIMEOUT_SECS,
    };
    io.search = SearchLimits::from_args(cli.limit, cli.timeout.unwrap_or(default_timeout));
    let result = cmd::dispatch(cli, io);
    let flushed = io.stdout.flush();
    match result.and_then(|code| flushed.map(|_| code).map_err(anyhow::Error::from)) {
        Ok(code) => code,
        Err(e) => {
            if is_broken_pipe(&e) {
                return exit::OK;
            }
            let _ = io.stderr.write_all(error_text(&e).as_bytes());
            let _ = io.stderr.flush();
            exit::ERROR
        }
    }
}

/// An error as shown on stderr.
pub(crate) fn error_text(e: &anyhow::Error) -> String {
    if let Some(f) = e.downcast_ref::<Failure>() {
        return f.0.clone();
    }
    if let Some(f) = e.downcast_ref::<LoadFailure>() {
        return f.text.clone();
    }
    format!("error: {e:#}\n")
}

pub(crate) fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
