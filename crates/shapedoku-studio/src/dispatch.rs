//! A request's work as data: which endpoint, and the JSON body it was sent. The server hands a
//! [`Job`] to a worker (a thread of its own or a worker process, see [`crate::workers`]), which
//! turns it into an [`Answer`] with [`answer`]: the body read again, the engine called, the
//! result written as JSON. Jobs and answers are plain data so that they can cross a process
//! boundary.

use crate::api::{ApiError, GenerateRequest, PuzzleRequest};
use crate::engine::{self, Budget};
use crate::setting::{EditRequest, ExportRequest, ImportRequest, PrintRequest};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// The endpoints whose work runs on a worker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Endpoint {
    /// `POST /api/check`.
    Check,
    /// `POST /api/count`.
    Count,
    /// `POST /api/solve`.
    Solve,
    /// `POST /api/render`.
    Render,
    /// `POST /api/hint`.
    Hint,
    /// `POST /api/steps`.
    Steps,
    /// `POST /api/rate`.
    Rate,
    /// `POST /api/generate`.
    Generate,
    /// `POST /api/edit`: a drawing tool's change to the file.
    Edit,
    /// `POST /api/layout`: the cells, grids and shapes the page draws on.
    Layout,
    /// `POST /api/candidates`: the true candidates and a suggested given.
    Candidates,
    /// `POST /api/import`: an f-puzzles or SudokuPad link as a puzzle file.
    Import,
    /// `POST /api/export`: the file as an f-puzzles or SudokuPad link.
    Export,
    /// `POST /api/print`: puzzle files as a PDF, a page each or a booklet.
    Print,
    /// A worker that panics: only in the crate's own test build, to show a panic costs one
    /// request and not the server.
    #[cfg(test)]
    TestPanic,
    /// A worker whose stack overflows (which aborts its process): only in the crate's own
    /// test build, to show that a worker process dying costs one request and not the server.
    #[cfg(test)]
    TestOverflow,
    /// A worker that ignores its budget and sleeps for an hour: only in the crate's own test
    /// build, to show that a late worker process is killed and its place freed.
    #[cfg(test)]
    TestHang,
}

/// One request's work.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Job {
    /// What to do.
    pub endpoint: Endpoint,
    /// The request's JSON body, as sent (already checked to parse by the server).
    pub body: String,
    /// The folder of the file given on the command line: variant files there may be named by
    /// their plain file name (see [`crate::engine::folder`]). None: built-ins only.
    #[serde(default)]
    pub folder: Option<std::path::PathBuf>,
}

/// A worker's answer: the HTTP status and the JSON body.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answer {
    /// HTTP status.
    pub status: u16,
    /// The JSON text of the body.
    pub body: String,
}

impl Answer {
    fn ok<T: Serialize>(value: &T) -> Self {
        match serde_json::to_string(value) {
            Ok(body) => Answer { status: 200, body },
            Err(e) => Self::error(&ApiError::internal(format!("cannot write the answer: {e}"))),
        }
    }

    /// An error as an answer.
    pub fn error(e: &ApiError) -> Self {
        Answer {
            status: e.status,
            // An ApiError is strings and numbers: writing it cannot fail.
            body: serde_json::to_string(e).unwrap_or_else(|_| "{}".to_string()),
        }
    }
}

/// Reads a request body; JSON that does not fit the request type is a 400.
pub fn parse<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|e| ApiError::bad_request(format!("request body: {e}")))
}

fn reply<T: Serialize>(r: Result<T, ApiError>) -> Answer {
    match r {
        Ok(v) => Answer::ok(&v),
        Err(e) => Answer::error(&e),
    }
}

/// Does a job's work under its budget, with the job's folder the one variants may be read from.
pub fn answer(job: &Job, budget: &Budget) -> Answer {
    engine::folder::scoped(job.folder.clone(), || work(job, budget))
}

fn work(job: &Job, budget: &Budget) -> Answer {
    #[cfg(test)]
    if let Some(answer) = test_fault(job) {
        return answer;
    }
    let body = job.body.as_bytes();
    let puzzle = || parse::<PuzzleRequest>(body);
    match job.endpoint {
        Endpoint::Check => reply(puzzle().map(|r| engine::check(&r))),
        Endpoint::Count => reply(puzzle().and_then(|r| engine::count(&r, budget))),
        Endpoint::Solve => reply(puzzle().and_then(|r| engine::solve(&r, budget))),
        Endpoint::Render => reply(puzzle().and_then(|r| engine::render(&r, budget))),
        Endpoint::Hint => reply(puzzle().and_then(|r| engine::hint(&r, budget))),
        Endpoint::Steps => reply(puzzle().and_then(|r| engine::steps(&r, budget))),
        Endpoint::Rate => reply(puzzle().and_then(|r| engine::rate(&r, budget))),
        Endpoint::Generate => {
            reply(parse::<GenerateRequest>(body).and_then(|r| engine::generate(&r, budget)))
        }
        Endpoint::Edit => reply(parse::<EditRequest>(body).and_then(|r| engine::edit(&r))),
        Endpoint::Layout => reply(puzzle().and_then(|r| engine::layout(&r))),
        Endpoint::Candidates => reply(puzzle().and_then(|r| engine::candidates(&r, budget))),
        Endpoint::Import => reply(parse::<ImportRequest>(body).and_then(|r| engine::import(&r))),
        Endpoint::Export => reply(parse::<ExportRequest>(body).and_then(|r| engine::export(&r))),
        Endpoint::Print => {
            reply(parse::<PrintRequest>(body).and_then(|r| engine::print(&r, budget)))
        }
        #[cfg(test)]
        Endpoint::TestPanic => panic!("a panic provoked by a test"),
        #[cfg(test)]
        Endpoint::TestOverflow => reply(Ok(overflow(0))),
        #[cfg(test)]
        Endpoint::TestHang => {
            std::thread::sleep(std::time::Duration::from_secs(3600));
            reply(Ok(()))
        }
    }
}

/// Marks that make any endpoint's job fail inside its worker, in the crate's own test build
/// only: a body that holds one (in a comment of its TOML, say) panics, overflows its stack or
/// hangs instead of doing its work. They show that every endpoint's work runs where a failure
/// costs that request alone, not only that of the endpoints made to fail. This one panics.
#[cfg(test)]
pub const FAULT_PANIC: &str = "SHAPEDOKU_TEST_FAULT_PANIC";
/// Overflow the stack (which aborts the process: worker processes only); see [`FAULT_PANIC`].
#[cfg(test)]
pub const FAULT_OVERFLOW: &str = "SHAPEDOKU_TEST_FAULT_OVERFLOW";
/// Sleep for an hour, ignoring the budget; see [`FAULT_PANIC`].
#[cfg(test)]
pub const FAULT_HANG: &str = "SHAPEDOKU_TEST_FAULT_HANG";

#[cfg(test)]
fn test_fault(job: &Job) -> Option<Answer> {
    if job.body.contains(FAULT_PANIC) {
        panic!("a panic provoked by a test in {:?}", job.endpoint);
    }
    if job.body.contains(FAULT_OVERFLOW) {
        return Some(reply(Ok(overflow(0))));
    }
    if job.body.contains(FAULT_HANG) {
        std::thread::sleep(std::time::Duration::from_secs(3600));
        return Some(reply(Ok(())));
    }
    None
}

/// Recurses until the stack runs out: each frame keeps a buffer the optimiser cannot remove,
/// and the recursion has an exit it never takes.
#[cfg(test)]
fn overflow(depth: u64) -> u64 {
    let frame = std::hint::black_box([depth; 128]);
    if std::hint::black_box(depth) == u64::MAX {
        return frame[0];
    }
    overflow(depth + 1).wrapping_add(frame[127])
}
