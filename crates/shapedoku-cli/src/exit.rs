//! Exit codes, documented in one place (also in README.md and `--help`).

/// Success: solved, clean, written.
pub const OK: i32 = 0;
/// A negative answer: no solution, not unique when uniqueness was required, or a batch in
/// which some puzzle had no solution.
pub const NEGATIVE: i32 = 1;
/// An error: bad input, bad usage, unreadable file.
pub const ERROR: i32 = 2;

/// The text shown at the end of `--help`.
pub const HELP: &str = "\
Exit codes:
  0  success (solved, unique when asked, file clean)
  1  negative answer (no solution, or not unique with --unique)
  2  error (bad input or usage); a broken pipe exits 0";
