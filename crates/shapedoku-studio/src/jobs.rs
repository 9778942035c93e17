//! Running the engine's work off the async threads, in parallel, each request under its
//! budget, and with the newest request on a channel cancelling the one before it.
//!
//! A job runs on tokio's blocking pool, at most `max_jobs` at once (a semaphore); the rest wait,
//! and a wait counts against their deadline. A search checks its budget as it goes, an
//! explanation between steps, a generation between attempts; should one step run past the deadline,
//! the request still answers at the deadline plus a short grace, and the job is told to stop.

use crate::api::Stop;
use crate::engine::Budget;
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
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failed {
    /// A limit or a cancellation stopped it before it could answer.
    Stopped(Stop),
    /// It panicked (a bug).
    Panicked,
}

/// The shared state of running jobs.
#[derive(Debug)]
pub struct Jobs {
    permits: Arc<Semaphore>,
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
    /// Room for `max_jobs` jobs at once.
    pub fn new(max_jobs: usize) -> Self {
        Jobs {
            permits: Arc::new(Semaphore::new(max_jobs.max(1))),
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

    /// Runs `work` under `budget` on the blocking pool; `Err` when the job could not start or
    /// answer in time, was cancelled while waiting to start, or panicked.
    pub async fn run<T, F>(
        &self,
        channel: Option<&str>,
        budget: Budget,
        work: F,
    ) -> Result<T, Failed>
    where
        T: Send + 'static,
        F: FnOnce(&Budget) -> T + Send + 'static,
    {
        let _ticket = self.ticket(channel, budget.cancel.clone());
        let deadline = tokio::time::Instant::from_std(budget.deadline);
        let permit = tokio::time::timeout_at(deadline, self.permits.clone().acquire_owned())
            .await
            .map_err(|_| Failed::Stopped(Stop::TimeLimit))?
            .map_err(|_| Failed::Stopped(Stop::Cancelled))?;
        budget.check().map_err(Failed::Stopped)?;
        let job = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work(&budget)
        });
        match tokio::time::timeout_at(deadline + GRACE, job).await {
            Ok(Ok(value)) => Ok(value),
            // A panic in the engine is a bug; the request fails rather than the server.
            Ok(Err(_)) => Err(Failed::Panicked),
            Err(_) => Err(Failed::Stopped(Stop::TimeLimit)),
        }
    }
}
