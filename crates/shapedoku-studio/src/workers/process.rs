//! Worker processes: the server's pool of them, and the worker's own loop ([`worker_main`]).
//!
//! The protocol is JSON, one message a line. A worker greets first (`{"hello":{"protocol":1}}`);
//! the server skips whatever comes before the greeting, so a program that prints something of
//! its own first (a test harness does) still works. The server then sends a job (the endpoint, the
//! request's body, its guess limit, its time limit and the time already used) and, should a
//! newer request replace it, a cancellation with the job's id. The worker answers each job with
//! its id, the HTTP status and the JSON body. A worker does one job at a time; it ends when its
//! input closes (the server is gone).
//!
//! A worker that ends without answering (a stack overflow aborts it) costs the request a 500
//! that says so; one that is late is killed. Either way it is not used again, and the next job
//! starts a new one.

use super::{Broke, JOB_STACK, WorkerCommand, run_caught};
use crate::api::ApiError;
use crate::dispatch::{Answer, Job};
use crate::engine::Budget;
use serde::{Deserialize, Serialize};
use std::io::{BufRead, Write};
use std::process::Stdio;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};
use tokio::time::Instant;

/// The protocol's version, in the greeting.
const PROTOCOL: u32 = 1;
/// Lines a worker may print before its greeting.
const MAX_PREAMBLE: usize = 64;
/// How often a running job's cancellation flag is looked at.
const CANCEL_POLL: Duration = Duration::from_millis(20);

/// A worker's job under way: its id and its cancellation flag.
type Running = Mutex<Option<(u64, Arc<AtomicBool>)>>;

/// From the server to a worker.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum ToWorker {
    /// Work on this.
    Job {
        id: u64,
        job: Job,
        guess_limit: u64,
        /// The request's whole time limit, microseconds.
        time_limit_us: u64,
        /// The time it has used so far (waiting its turn), microseconds.
        used_us: u64,
    },
    /// Stop the job with this id (a newer request replaced it, or its client went away).
    Cancel { id: u64 },
}

/// From a worker to the server.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum FromWorker {
    /// Ready for work.
    Hello { protocol: u32 },
    /// The answer to the job with this id.
    Answer { id: u64, answer: Answer },
}

fn micros(d: Duration) -> u64 {
    u64::try_from(d.as_micros()).unwrap_or(u64::MAX)
}

/// The server's worker processes: the idle ones, kept for the next job.
#[derive(Debug)]
pub(crate) struct Pool {
    command: WorkerCommand,
    idle: Mutex<Vec<Worker>>,
    next: AtomicU64,
}

/// A running worker process, killed when dropped.
#[derive(Debug)]
struct Worker {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

async fn send(input: &mut ChildStdin, msg: &ToWorker) -> std::io::Result<()> {
    let mut line = serde_json::to_vec(msg).map_err(std::io::Error::other)?;
    line.push(b'\n');
    input.write_all(&line).await?;
    input.flush().await
}

impl Worker {
    /// Starts a worker and waits for its greeting (until `until`).
    async fn start(cmd: &WorkerCommand, until: Instant) -> Result<Worker, Broke> {
        let failed = |why: String| {
            Broke::Failed(format!(
                "cannot start a worker process ({}): {why}",
                cmd.program.display()
            ))
        };
        let mut child = Command::new(&cmd.program)
            .args(&cmd.args)
            .envs(cmd.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| failed(e.to_string()))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(failed("no pipes to it".into()));
        };
        let mut w = Worker {
            child,
            input,
            output: BufReader::new(output),
        };
        let mut line = Vec::new();
        for _ in 0..MAX_PREAMBLE {
            line.clear();
            let n = tokio::time::timeout_at(until, w.output.read_until(b'\n', &mut line))
                .await
                .map_err(|_| Broke::Late)?
                .map_err(|e| failed(e.to_string()))?;
            if n == 0 {
                return Err(failed("it ended before it was ready".into()));
            }
            // The greeting may follow text without a line break of its own (a test harness
            // names the test it runs that way).
            let from = line.iter().position(|&b| b == b'{').unwrap_or(line.len());
            match serde_json::from_slice::<FromWorker>(&line[from..]) {
                Ok(FromWorker::Hello { protocol }) if protocol == PROTOCOL => return Ok(w),
                Ok(FromWorker::Hello { protocol }) => {
                    return Err(failed(format!(
                        "it speaks protocol {protocol}, not {PROTOCOL}"
                    )));
                }
                _ => continue,
            }
        }
        Err(failed("it did not greet".into()))
    }

    /// Whether it is still running (an idle worker may have been killed from outside).
    fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

impl Pool {
    pub fn new(command: WorkerCommand) -> Self {
        Pool {
            command,
            idle: Mutex::new(Vec::new()),
            next: AtomicU64::new(1),
        }
    }

    fn take_idle(&self) -> Option<Worker> {
        let mut idle = self.idle.lock().unwrap_or_else(|e| e.into_inner());
        while let Some(mut w) = idle.pop() {
            if w.alive() {
                return Some(w);
            }
        }
        None
    }

    fn put_back(&self, w: Worker) {
        self.idle.lock().unwrap_or_else(|e| e.into_inner()).push(w);
    }

    /// Kills the idle workers without taking them out of the pool, as something outside
    /// might.
    #[cfg(test)]
    pub fn kill_idle(&self) -> usize {
        let mut idle = self.idle.lock().unwrap_or_else(|e| e.into_inner());
        for w in idle.iter_mut() {
            let _ = w.child.start_kill();
        }
        idle.len()
    }

    /// Runs a job on an idle worker, or a new one. Dropping the future (the request went away)
    /// drops the worker, which kills it.
    pub async fn run(&self, job: Job, budget: &Budget, until: Instant) -> Result<Answer, Broke> {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let msg = ToWorker::Job {
            id,
            job,
            guess_limit: budget.guess_limit,
            time_limit_us: micros(budget.time_limit),
            used_us: micros(budget.used()),
        };
        // An idle worker may have ended since it was last used (killed from outside): then the
        // job goes to a new one.
        let mut idle = self.take_idle();
        if let Some(w) = &mut idle {
            if send(&mut w.input, &msg).await.is_err() {
                idle = None;
            }
        }
        let mut w = match idle {
            Some(w) => w,
            None => {
                let mut w = Worker::start(&self.command, until).await?;
                if let Err(e) = send(&mut w.input, &msg).await {
                    return Err(Broke::Failed(format!(
                        "cannot give the request to its worker process: {e}"
                    )));
                }
                w
            }
        };
        let mut line = Vec::new();
        let mut cancel_sent = false;
        let mut poll = tokio::time::interval(CANCEL_POLL);
        let read = {
            let reading = w.output.read_until(b'\n', &mut line);
            tokio::pin!(reading);
            loop {
                tokio::select! {
                    r = &mut reading => break r,
                    _ = poll.tick(), if !cancel_sent => {
                        if budget.cancel.load(Ordering::Relaxed) {
                            cancel_sent = true;
                            // A worker that cannot be told is late soon, and killed then.
                            let _ = send(&mut w.input, &ToWorker::Cancel { id }).await;
                        }
                    }
                    // Dropping `w` on the way out kills the late worker.
                    _ = tokio::time::sleep_until(until) => return Err(Broke::Late),
                }
            }
        };
        match read {
            Ok(n) if n > 0 => match serde_json::from_slice::<FromWorker>(&line) {
                Ok(FromWorker::Answer { id: got, answer }) if got == id => {
                    self.put_back(w);
                    Ok(answer)
                }
                _ => Err(Broke::Failed(
                    "the request's worker process answered out of turn".into(),
                )),
            },
            // End of its output: the worker has ended. Say how.
            _ => {
                let how = match tokio::time::timeout(Duration::from_secs(1), w.child.wait()).await {
                    Ok(Ok(status)) => status.to_string(),
                    _ => "its output closed".to_string(),
                };
                Err(Broke::Failed(format!(
                    "the request's worker process ended without answering ({how}): a crash inside the studio, such as a stack overflow (a bug: please report it); the server goes on"
                )))
            }
        }
    }
}

fn write_line(out: &Mutex<std::io::Stdout>, msg: &FromWorker) -> std::io::Result<()> {
    let mut line = serde_json::to_vec(msg).map_err(std::io::Error::other)?;
    line.push(b'\n');
    let mut out = out.lock().unwrap_or_else(|e| e.into_inner());
    out.write_all(&line)?;
    out.flush()
}

/// A worker process's loop: greets on standard output, then reads jobs from standard input and
/// answers each on standard output, until its input closes. Each job runs on a thread with a
/// [`JOB_STACK`] stack; a panic answers 500 and the worker goes on. When the input closes, the
/// job under way is finished and answered first. `shapedoku studio-worker` runs this; nothing
/// else should.
pub fn worker_main() -> std::io::Result<()> {
    let out = Arc::new(Mutex::new(std::io::stdout()));
    write_line(&out, &FromWorker::Hello { protocol: PROTOCOL })?;
    let current: Arc<Running> = Arc::default();
    let mut running = None;
    for line in std::io::stdin().lock().lines() {
        let line = line?;
        let msg: ToWorker = serde_json::from_str(&line).map_err(|e| {
            std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("studio worker: not a message from the server: {e}"),
            )
        })?;
        match msg {
            ToWorker::Job {
                id,
                job,
                guess_limit,
                time_limit_us,
                used_us,
            } => {
                let budget = Budget::resumed(
                    guess_limit,
                    Duration::from_micros(time_limit_us),
                    Duration::from_micros(used_us),
                );
                *current.lock().unwrap_or_else(|e| e.into_inner()) =
                    Some((id, budget.cancel.clone()));
                let out = out.clone();
                running = Some(
                    std::thread::Builder::new()
                        .name("studio-job".into())
                        .stack_size(JOB_STACK)
                        .spawn(move || {
                            let answer = run_caught(&job, &budget)
                                .unwrap_or_else(|panic| Answer::error(&ApiError::internal(panic)));
                            // Should the server be gone, so is the one to tell.
                            let _ = write_line(&out, &FromWorker::Answer { id, answer });
                        })?,
                );
            }
            ToWorker::Cancel { id } => {
                if let Some((running, flag)) = &*current.lock().unwrap_or_else(|e| e.into_inner()) {
                    if *running == id {
                        flag.store(true, Ordering::Relaxed);
                    }
                }
            }
        }
    }
    // The input is closed: the job under way (bounded by its deadline) still answers.
    if let Some(job) = running {
        let _ = job.join();
    }
    Ok(())
}
