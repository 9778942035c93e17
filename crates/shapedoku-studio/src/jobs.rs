//! Running the engine's work off the async threads, in parallel, each request under its
//! budget, and with the newest request on a channel cancelling the one before it.
//!
//! A job runs on a worker (a thread or a process of its own, see [`crate::workers`]), at most
//! `max_jobs` at once (a semaphore); the rest wait, and a wait counts against their deadline. A
//! search checks its budget as it goes, an explanation between steps, a generation between
//! attempts; should one step run past the deadline, the request still answers at the deadline
//! plus a short grace, and the job is told to stop (a worker process is killed).

use crate::api::Stop;
use crate::dispatch::{Answer, Job};
use crate::engine::Budget;
use crate::workers::{Broke, Executor, Workers};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Semaphore;

/// How long past its deadline a request may take before it answers without its job.
const GRACE: Duration = Duration::from_millis(500);
/// Longest channel name kept.
const MAX_CHANNEL: usize = 64;

/// Why a job gave no answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failed {
    /// A limit or a cancellation stopped it before it could answer.
    Stopped(Stop),
    /// It failed (a bug): it panicked, or its worker process ended. Says how.
    Broke(String),
}

/// The shared state of running jobs.
#[derive(Debug)]
pub struct Jobs {
    permits: Arc<Semaphore>,
    executor: Executor,
    channels: Mutex<HashMap<String, (u64, Arc<AtomicBool>)>>,
    next: AtomicU64,
}

/// Cancels a job when its request goes away (the handler's future is dropped) and removes the
/// job from its channel when done.
struct Ticket<'a> {
    jobs: &'a Jobs,
    channel: Option<(String, u64)>,
    cancel: Arc<AtomicBool>,
}

impl Drop for Ticket<'_> {
    fn drop(&mut self) {
        // After the job has answered this changes nothing; before, it stops the job.
        self.cancel.store(true, Ordering::Relaxed);
        if let Some((name, id)) = &self.channel {
            let mut map = self.jobs.channels.lock().unwrap_or_else(|e| e.into_inner());
            if map.get(name).is_some_and(|(i, _)| i == id) {
                map.remove(name);
            }
        }
    }
}

impl Jobs {
    /// Room for `max_jobs` jobs at once, run where `workers` says.
    pub fn new(max_jobs: usize, workers: &Workers) -> Self {
        Jobs {
            permits: Arc::new(Semaphore::new(max_jobs.max(1))),
            executor: Executor::new(workers),
            channels: Mutex::new(HashMap::new()),
            next: AtomicU64::new(1),
        }
    }

    /// Registers a job on a channel, cancelling the job already there.
    fn ticket(&self, channel: Option<&str>, cancel: Arc<AtomicBool>) -> Ticket<'_> {
        let channel = channel.map(|c| {
            let name: String = c.chars().take(MAX_CHANNEL).collect();
            let id = self.next.fetch_add(1, Ordering::Relaxed);
            let mut map = self.channels.lock().unwrap_or_else(|e| e.into_inner());
            if let Some((_, old)) = map.insert(name.clone(), (id, cancel.clone())) {
                old.store(true, Ordering::Relaxed);
            }
            (name, id)
        });
        Ticket {
            jobs: self,
            channel,
            cancel,
        }
    }

    /// Runs `job` under `budget` on a worker; `Err` when the job could not start or answer in
    /// time, was cancelled while waiting to start, or failed.
    pub async fn run(
        &self,
        channel: Option<&str>,
        budget: Budget,
        job: Job,
    ) -> Result<Answer, Failed> {
        let _ticket = self.ticket(channel, budget.cancel.clone());
        let deadline = tokio::time::Instant::from_std(budget.deadline);
        let permit = tokio::time::timeout_at(deadline, self.permits.clone().acquire_owned())
            .await
            .map_err(|_| Failed::Stopped(Stop::TimeLimit))?
            .map_err(|_| Failed::Stopped(Stop::Cancelled))?;
        budget.check().map_err(Failed::Stopped)?;
        let cancel = budget.cancel.clone();
        match self
            .executor
            .run(job, budget, permit, deadline + GRACE)
            .await
        {
            Ok(answer) => Ok(answer),
            Err(Broke::Late) if cancel.load(Ordering::Relaxed) => {
                Err(Failed::Stopped(Stop::Cancelled))
            }
            Err(Broke::Late) => Err(Failed::Stopped(Stop::TimeLimit)),
            Err(Broke::Failed(why)) => Err(Failed::Broke(why)),
        }
    }
}
