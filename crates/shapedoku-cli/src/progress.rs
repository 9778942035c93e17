//! Progress on the terminal for work that takes a while: a bar for a batch, a spinner with the
//! elapsed time for one long job (a 25x25 being generated, a booklet being rated). It is drawn
//! on stderr only when stderr is a terminal and `--quiet` is not given ([`crate::Io::progress`]),
//! and only once the work has run for [`after`] (a second by default), so a quick command
//! prints nothing and nothing ever reaches a pipe or a file.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::Duration;

/// How long work runs before its progress is shown: `SHAPEDOKU_PROGRESS_AFTER` seconds
/// (decimals allowed), else one second.
pub fn after() -> Duration {
    std::env::var("SHAPEDOKU_PROGRESS_AFTER")
        .ok()
        .and_then(|s| s.trim().parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s >= 0.0)
        .map_or(Duration::from_secs(1), Duration::from_secs_f64)
}

/// A progress display that appears after a moment and is cleared when dropped.
#[derive(Debug)]
pub struct Progress {
    bar: ProgressBar,
    /// Tells the thread waiting to show the display that the work is over.
    done: Option<mpsc::Sender<()>>,
    waiter: Option<JoinHandle<()>>,
}

impl Progress {
    /// A bar for `len` items called `unit` (`puzzles`); one item gets a spinner instead, as a
    /// bar from 0 to 1 says nothing while the item is worked on.
    pub fn bar(enabled: bool, len: u64, unit: &str) -> Progress {
        if len == 1 {
            return Progress::spinner(enabled, &format!("1 {}", unit.trim_end_matches('s')));
        }
        let template = format!("{{bar:40}} {{pos}}/{{len}} {unit}, {{elapsed}}, eta {{eta}}");
        Progress::start(enabled, Some(len), &template, "")
    }

    /// A spinner saying `message`, with the time elapsed.
    pub fn spinner(enabled: bool, message: &str) -> Progress {
        Progress::start(enabled, None, "{spinner} {msg}, {elapsed}", message)
    }

    fn start(enabled: bool, len: Option<u64>, template: &str, message: &str) -> Progress {
        let bar = ProgressBar::with_draw_target(len, ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar.set_message(message.to_string());
        if !enabled {
            return Progress {
                bar,
                done: None,
                waiter: None,
            };
        }
        let (done, wait) = mpsc::channel::<()>();
        let shown = bar.clone();
        let delay = after();
        let waiter = std::thread::spawn(move || {
            // Shown only if the work is still going when the delay is over.
            if let Err(mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(delay) {
                shown.set_draw_target(ProgressDrawTarget::stderr());
                shown.enable_steady_tick(Duration::from_millis(120));
            }
        });
        Progress {
            bar,
            done: Some(done),
            waiter: Some(waiter),
        }
    }

    /// One more item done.
    pub fn inc(&self) {
        self.bar.inc(1);
    }

    /// Changes the spinner's message.
    pub fn say(&self, message: &str) {
        self.bar.set_message(message.to_string());
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(done) = self.done.take() {
            let _ = done.send(());
        }
        if let Some(w) = self.waiter.take() {
            let _ = w.join();
        }
        self.bar.finish_and_clear();
    }
}
