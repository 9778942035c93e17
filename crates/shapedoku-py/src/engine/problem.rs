//! What went wrong, as the Python exception it becomes.

use serde::Serialize;
use shapedoku::load::LoadError;

/// What went wrong, sorted by the Python exception it becomes.
#[derive(Debug)]
pub enum Problem {
    /// A file or TOML text that does not load: every diagnostic, in file order.
    Load(Vec<Diag>),
    /// Givens that do not fit the variant; `column` is 1-based in the text given, when a
    /// character is to blame.
    Puzzle {
        /// What is wrong.
        message: String,
        /// Where in the line.
        column: Option<usize>,
    },
    /// The puzzle has no solution, and the request needs one.
    Unsolvable(String),
    /// The generator could not make what was asked.
    Generate(String),
    /// An argument the caller can fix (an unknown symmetry or level, say).
    Argument(String),
    /// A file that cannot be read.
    Io(std::io::Error),
}

/// One problem in a file, with its place.
#[derive(Debug, Clone, Serialize)]
pub struct Diag {
    /// The file (a path, `builtin:NAME`, or the name given to TOML text).
    pub file: String,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// 1-based column in characters, when known.
    pub column: Option<usize>,
    /// What is wrong.
    pub message: String,
    /// How to fix it, when there is something useful to say.
    pub help: Option<String>,
    /// The whole diagnostic as the command line prints its first line.
    pub text: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Problem::Load(diags) => {
                let lines: Vec<&str> = diags.iter().map(|d| d.text.as_str()).collect();
                f.write_str(&lines.join("\n"))
            }
            Problem::Puzzle { message, column } => match column {
                Some(c) => write!(f, "column {c}: {message}"),
                None => f.write_str(message),
            },
            Problem::Unsolvable(m) | Problem::Generate(m) | Problem::Argument(m) => f.write_str(m),
            Problem::Io(e) => write!(f, "{e}"),
        }
    }
}

impl From<LoadError> for Problem {
    fn from(e: LoadError) -> Self {
        Problem::Load(
            e.diagnostics
                .iter()
                .map(|d| {
                    let lc = d.line_col();
                    Diag {
                        file: d.source.name.clone(),
                        line: lc.map(|p| p.0),
                        column: lc.map(|p| p.1),
                        message: d.message.clone(),
                        help: d.help.clone(),
                        text: d.to_string(),
                    }
                })
                .collect(),
        )
    }
}
