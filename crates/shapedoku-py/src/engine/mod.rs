//! The seam between the Python binding and the shapedoku library: **every call into the library
//! is in this folder**. It takes and returns plain Rust data (strings, numbers, and `Serialize`
//! records that `lib.rs` turns into Python objects generically, with pythonize), so when the
//! library's API changes (typed ids, a per-call search budget, steps as typed data), this folder is
//! the one to adapt; `lib.rs` and the Python package do not name a library type.

use shapedoku::Puzzle;
use std::path::PathBuf;

mod batch;
mod count;
mod draw;
mod generating;
mod loading;
mod problem;
mod puzzle;
mod reasoning;
mod share;

pub use batch::{count_many, rate_many};
pub use generating::{GenerateRequest, generate, symmetry_names};
pub use loading::{builtin_names, from_line, load_builtin, load_path, load_text};
pub use problem::Problem;
pub use share::import_link;

/// A puzzle and what it takes to write it back as a file.
#[derive(Debug, Clone)]
pub struct Handle {
    puzzle: Puzzle,
    solution: Option<Vec<u8>>,
    origin: Origin,
}

#[derive(Debug, Clone)]
enum Origin {
    /// Read from TOML text: that text describes this very puzzle (puzzles are immutable here).
    Source {
        name: String,
        text: String,
        base_dir: Option<PathBuf>,
    },
    /// Givens on a variant named by a built-in name or an absolute path.
    Variant(String),
}

/// Enum variant names as Python sees them: `NoSolution` → `no_solution`. The library's
/// `Debug` names are its stable identifiers until it serialises them itself.
fn snake(name: impl std::fmt::Debug) -> String {
    let mut out = String::new();
    for (i, ch) in format!("{name:?}").chars().enumerate() {
        if ch.is_ascii_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.push(ch.to_ascii_lowercase());
        } else {
            out.push(ch);
        }
    }
    out
}
