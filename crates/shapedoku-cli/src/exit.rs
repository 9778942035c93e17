//! Exit codes, documented in one place: this module, whose texts `--help` shows, README.md and
//! docs/cli.md repeat.

/// Success: solved, clean, written.
pub const OK: i32 = 0;
/// A negative answer: no solution, not unique when uniqueness was required (or, for `rate`,
/// `hint` and `--explain`, which need a unique solution), or a batch in which some puzzle had
/// such an answer. For `generate`: some puzzle could not be generated within its limits.
pub const NEGATIVE: i32 = 1;
/// An error: bad input, bad usage, unreadable file; for `check`, a file with a problem.
pub const ERROR: i32 = 2;
/// Undecided: a search limit (`--limit`, `--timeout`) stopped a search before it answered.
pub const LIMIT: i32 = 3;

/// The worse of two exit codes, for a batch: an error outranks a limit, which outranks a
/// negative answer, which outranks success.
pub fn worst(a: i32, b: i32) -> i32 {
    let rank = |c: i32| match c {
        OK => 0,
        NEGATIVE => 1,
        LIMIT => 2,
        _ => 3,
    };
    if rank(b) > rank(a) { b } else { a }
}

/// The text shown at the end of `--help` of the commands that search.
pub const HELP: &str = "\
Exit codes:
  0  success (solved, unique when asked, file clean)
  1  negative answer (no solution; not unique with --unique, or for rate, hint and --explain)
  2  error (bad input or usage); a broken pipe exits 0
  3  undecided: a search limit (--limit, --timeout) was reached before an answer";

/// The text shown at the end of `check --help`.
pub const CHECK_HELP: &str = "\
Problems are printed on stderr, one block per problem with the offending source line; a summary
of each file goes to stdout (or one JSON object per file with --format json).

Exit codes:
  0  every file is clean
  2  some file has a problem (every file is still checked), or bad usage
  A search stopped by --limit or --timeout is \"undecided\", which is not a problem.";

/// The text shown at the end of `generate --help`.
pub const GENERATE_HELP: &str = "\
Exit codes:
  0  every puzzle was generated
  1  some puzzle could not be generated within its limits (the others are still written)
  2  error (bad input or usage); a broken pipe exits 0
  3  some puzzle was stopped by --timeout before it was finished (the others are still written)";

/// The text shown at the end of `export --help`.
pub const EXPORT_HELP: &str = "\
Exit codes:
  0  every link was written
  1  with --solve: some puzzle has no solution or several (it is not exported)
  2  error: bad input or usage, or a puzzle the app cannot hold (each part refused is named)
  3  with --solve: a search limit (--limit, --timeout) was reached before an answer";

/// The text shown at the end of `booklet --help`.
pub const BOOKLET_HELP: &str = "\
Each puzzle is proved unique and rated (level and score, as `rate` gives them). A puzzle with no
solution or several is still printed, with that as its note and no solution at the back.

Exit codes:
  0  the booklet was written and every puzzle is unique
  1  the booklet was written; some puzzle has no solution or several
  2  error (bad input or usage); a line that is not a puzzle is left out and the rest written
  3  the booklet was written; a limit (--limit, --timeout) stopped some puzzle's search";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_outranks_a_limit_which_outranks_a_negative_answer() {
        assert_eq!(worst(OK, NEGATIVE), NEGATIVE);
        assert_eq!(worst(LIMIT, NEGATIVE), LIMIT);
        assert_eq!(worst(LIMIT, ERROR), ERROR);
        assert_eq!(worst(ERROR, LIMIT), ERROR);
        assert_eq!(worst(NEGATIVE, OK), NEGATIVE);
    }
}
