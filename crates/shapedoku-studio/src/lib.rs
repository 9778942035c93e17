//! The shapedoku studio: a local web page for writing, checking, solving and generating Sudoku
//! variants, served by the binary itself (`shapedoku studio [FILE]`).
//!
//! [`router`] is the whole server as an axum router (the page's files are embedded, nothing is
//! fetched from elsewhere); [`serve`] runs it on a listener. The JSON API is documented in
//! docs/studio.md; its types are in [`api`]. Every call into the library goes through
//! [`engine`], and every request runs under a [`engine::Budget`]: a guess limit, a deadline and
//! a cancellation flag.
//!
//! ```no_run
//! let config = shapedoku_studio::Config::default();
//! let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
//! shapedoku_studio::serve_blocking(config, listener).unwrap();
//! ```

pub mod api;
mod assets;
mod dispatch;
pub mod engine;
mod jobs;
mod routes;
mod server;
pub mod setting;
pub mod workers;

pub use workers::{WorkerCommand, Workers, worker_main};

use std::net::TcpListener;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// What the server allows.
#[derive(Debug, Clone)]
pub struct Config {
    /// The file given on the command line: the page loads it and may save to it. The studio
    /// writes no other file.
    pub file: Option<PathBuf>,
    /// Guesses allowed to each search (a request may ask for fewer).
    pub guess_limit: u64,
    /// Wall-clock time allowed to a request (a request may ask for less).
    pub time_limit: Duration,
    /// Wall-clock time allowed to a `generate` request.
    pub generate_time_limit: Duration,
    /// The largest request body, in bytes.
    pub body_limit: usize,
    /// The most bytes read from the command line's file, the same cap as the command line's
    /// own reads, so a huge or endless file is an error rather than memory without end.
    pub max_input_bytes: u64,
    /// Requests worked on at once; more wait their turn (within their time limit).
    pub max_jobs: usize,
    /// Answer only requests addressed to a loopback name (`localhost`, `127.0.0.1`, `[::1]`),
    /// which stops other web pages reaching the studio through DNS rebinding. On while the
    /// server listens on loopback.
    pub loopback_hosts_only: bool,
    /// Where requests' work runs: threads of the server's own (the default), or worker
    /// processes, which a crash (a stack overflow aborts a process) cannot take the server down
    /// with. `shapedoku studio` uses worker processes.
    pub workers: Workers,
    /// The longest a client may take to send a request's head, and again its body; an idle
    /// connection is closed after it too. A half-sent request is not waited on for longer.
    pub read_timeout: Duration,
    /// The longest a client may leave an answer unread before its connection is closed.
    pub write_timeout: Duration,
    /// Connections served at once; a connection beyond them is answered 503 and closed.
    pub max_connections: usize,
}

impl Default for Config {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Config {
            file: None,
            guess_limit: 200_000,
            time_limit: Duration::from_secs(10),
            generate_time_limit: Duration::from_secs(30),
            body_limit: 512 * 1024,
            max_input_bytes: shapedoku::Limits::DEFAULT.max_input_bytes,
            max_jobs: (2 * cores).max(2),
            loopback_hosts_only: true,
            workers: Workers::Threads,
            read_timeout: Duration::from_secs(10),
            write_timeout: Duration::from_secs(10),
            max_connections: 64,
        }
    }
}

/// The server's shared state.
#[derive(Debug)]
struct State {
    config: Config,
    jobs: jobs::Jobs,
}

/// The studio as a router: the page, its files and the JSON API.
pub fn router(config: Config) -> axum::Router {
    let jobs = jobs::Jobs::new(config.max_jobs, &config.workers);
    routes::router(Arc::new(State { config, jobs }))
}

/// Serves the studio on a listener until the process ends, under the config's connection
/// limits (read and write timeouts, at most `max_connections` at once).
pub async fn serve(config: Config, listener: tokio::net::TcpListener) -> std::io::Result<()> {
    let limits = server::Limits::of(&config);
    server::serve(listener, router(config), limits).await
}

/// Serves the studio on a bound standard listener, on a runtime of its own, until the process
/// ends: what the command line calls.
pub fn serve_blocking(config: Config, listener: TcpListener) -> std::io::Result<()> {
    listener.set_nonblocking(true)?;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    rt.block_on(async move {
        let listener = tokio::net::TcpListener::from_std(listener)?;
        serve(config, listener).await
    })
}
