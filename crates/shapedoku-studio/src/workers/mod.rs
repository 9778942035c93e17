//! Where a request's work runs, so that no request takes the server down.
//!
//! Two failures end a thread's work without an answer: a panic, and a stack overflow. A panic
//! unwinds and is caught (`run_caught`): the request answers 500 and the worker goes on. A
//! stack overflow cannot be caught: Rust aborts the whole process. So the work runs either
//!
//! - on a thread of its own with a [`JOB_STACK`] stack ([`Workers::Threads`], the default of
//!   the library's [`crate::Config`]): a panic costs one request; an overflow would still end
//!   the process, and only the stack size and the library's own depth bounds stand in its way;
//! - or in worker processes ([`Workers::Processes`], what `shapedoku studio` uses): each job
//!   runs in a child process (on a thread with the same stack), so a crash of any kind ends that
//!   child only. The server answers that request with a 500, starts a fresh worker for the next
//!   one and goes on. A worker that runs past its request's deadline is killed, so its CPU is
//!   given back at once (a thread can only be asked to stop).
//!
//! The worker processes' protocol, and their side of it ([`worker_main`]), are in `process.rs`.

mod process;

pub use process::worker_main;

use crate::dispatch::{self, Answer, Job};
use crate::engine::Budget;
use std::ffi::OsString;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use tokio::sync::{OwnedSemaphorePermit, oneshot};
use tokio::time::Instant;

/// The stack of every thread that runs a request's work: 64 MiB of address space, of which the
/// system commits only the pages a deep recursion touches. Requests are capped at 512 KiB, so
/// no nesting in one is deeper than about half a million levels; the deepest walk measured over
/// such a body (a regex of one symbol and 520,000 stacked `?`, before the library bounded it)
/// needed 16 to 24 MiB in a release build, so 64 MiB holds it with room to spare.
pub const JOB_STACK: usize = 64 << 20;

/// Where requests' work runs.
#[derive(Debug, Clone, Default)]
pub enum Workers {
    /// On a new thread of this process for each request, with a [`JOB_STACK`] stack. A panic
    /// answers 500; a stack overflow would end the process.
    #[default]
    Threads,
    /// In worker processes started with this command, one job at a time each, at most as many
    /// as requests are worked on at once. A crash answers 500 and ends only its worker.
    Processes(WorkerCommand),
}

/// How to start a worker process: a program that runs [`worker_main`].
#[derive(Debug, Clone)]
pub struct WorkerCommand {
    /// The program.
    pub program: PathBuf,
    /// Its arguments.
    pub args: Vec<OsString>,
    /// Environment variables set for it (beside the server's own).
    pub env: Vec<(OsString, OsString)>,
}

impl WorkerCommand {
    /// This very program, run with `args`: the command line passes its own hidden
    /// `studio-worker` subcommand.
    pub fn current_exe<I: IntoIterator<Item = S>, S: Into<OsString>>(
        args: I,
    ) -> std::io::Result<Self> {
        Ok(WorkerCommand {
            program: std::env::current_exe()?,
            args: args.into_iter().map(Into::into).collect(),
            env: Vec::new(),
        })
    }
}

/// Why a job gave no answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Broke {
    /// Its deadline (with the grace) passed first.
    Late,
    /// It failed: a panic, or a worker process that ended or could not be started.
    Failed(String),
}

/// Runs jobs where [`Workers`] says.
#[derive(Debug)]
pub(crate) enum Executor {
    Threads,
    Processes(process::Pool),
}

impl Executor {
    pub fn new(workers: &Workers) -> Self {
        match workers {
            Workers::Threads => Executor::Threads,
            Workers::Processes(cmd) => Executor::Processes(process::Pool::new(cmd.clone())),
        }
    }

    /// Runs `job` under `budget`, holding `permit` (a place among the jobs worked on at once)
    /// for as long as the work goes on; gives up at `until`.
    pub async fn run(
        &self,
        job: Job,
        budget: Budget,
        permit: OwnedSemaphorePermit,
        until: Instant,
    ) -> Result<Answer, Broke> {
        match self {
            Executor::Threads => on_thread(job, budget, permit, until).await,
            Executor::Processes(pool) => {
                // The worker is killed if it is late, so the place is free when this returns.
                let _permit = permit;
                pool.run(job, &budget, until).await
            }
        }
    }
}

/// Runs a job on a new thread with a [`JOB_STACK`] stack. A thread that is late keeps its
/// place until it stops: it was told to (by the budget's deadline) but cannot be killed.
async fn on_thread(
    job: Job,
    budget: Budget,
    permit: OwnedSemaphorePermit,
    until: Instant,
) -> Result<Answer, Broke> {
    let (tx, rx) = oneshot::channel();
    std::thread::Builder::new()
        .name("studio-job".into())
        .stack_size(JOB_STACK)
        .spawn(move || {
            let _permit = permit;
            // The request may have gone away meanwhile: nobody to tell then.
            let _ = tx.send(run_caught(&job, &budget));
        })
        .map_err(|e| Broke::Failed(format!("cannot start a thread for the request: {e}")))?;
    match tokio::time::timeout_at(until, rx).await {
        Ok(Ok(answer)) => answer.map_err(Broke::Failed),
        Ok(Err(_)) => Err(Broke::Failed(
            "the request's thread ended without answering".into(),
        )),
        Err(_) => Err(Broke::Late),
    }
}

/// Does a job's work, catching a panic: `Err` says what the panic said.
pub(crate) fn run_caught(job: &Job, budget: &Budget) -> Result<Answer, String> {
    catch_unwind(AssertUnwindSafe(|| dispatch::answer(job, budget))).map_err(|payload| {
        let said = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "no message".to_string());
        // A short error: the message's first line, cut to a sentence's length.
        let said: String = said
            .lines()
            .next()
            .unwrap_or("")
            .chars()
            .take(200)
            .collect();
        format!(
            "the request failed inside the studio (a bug: please report it): it panicked: {said}"
        )
    })
}

#[cfg(test)]
mod tests;
