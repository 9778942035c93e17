//! `shapedoku studio`: binds the address, says where the page is, and serves it.

use crate::args::StudioArgs;
use crate::{Failure, Io};
use std::net::{SocketAddr, TcpListener};

/// Runs `studio` until the process is stopped.
pub fn run(a: &StudioArgs, io: &mut Io<'_>) -> anyhow::Result<i32> {
    if let Some(f) = &a.file {
        let usable = match std::fs::metadata(f) {
            Ok(m) => m.is_file(),
            // A new file is created on the first save, in a folder that must exist.
            Err(_) => f
                .parent()
                .is_none_or(|d| d.as_os_str().is_empty() || d.is_dir()),
        };
        // The page reads the file under the same cap as every command; saying so now beats
        // a page that cannot load it.
        if usable && f.exists() {
            if let Err(e) = shapedoku::limits::open(f, io.limits.max_input_bytes) {
                return Err(Failure(format!("error: {}: {e}\n", f.display())).into());
            }
        }
        if !usable {
            return Err(Failure(format!(
                "error: {}: not a file, nor a new file in an existing folder\n",
                f.display()
            ))
            .into());
        }
    }
    let addr = SocketAddr::new(a.bind, a.port);
    let listener = TcpListener::bind(addr)
        .map_err(|e| Failure(format!("error: cannot listen on {addr}: {e}\n")))?;
    let bound = listener.local_addr()?;
    writeln!(io.stdout, "http://{bound}/")?;
    match &a.file {
        Some(f) if f.exists() => {
            writeln!(io.stdout, "editing {} (the page saves to it)", f.display())?
        }
        Some(f) => writeln!(
            io.stdout,
            "editing {} (created on the first save)",
            f.display()
        )?,
        None => writeln!(io.stdout, "no file: the page saves nothing")?,
    }
    if !a.bind.is_loopback() {
        writeln!(
            io.stdout,
            "listening on {}: other machines can use this studio",
            a.bind
        )?;
    }
    writeln!(io.stdout, "Ctrl-C stops the server.")?;
    io.stdout.flush()?;
    // Requests are worked on in child processes running this binary's `studio-worker`, so a
    // crash in one (a stack overflow aborts a process) costs that request, not the server.
    let workers = match shapedoku_studio::WorkerCommand::current_exe(["studio-worker"]) {
        Ok(cmd) => shapedoku_studio::Workers::Processes(cmd),
        Err(e) => {
            writeln!(
                io.stderr,
                "warning: cannot find this program's path ({e}): requests run in the server's own threads"
            )?;
            shapedoku_studio::Workers::Threads
        }
    };
    let config = shapedoku_studio::Config {
        file: a.file.clone(),
        loopback_hosts_only: a.bind.is_loopback(),
        max_input_bytes: io.limits.max_input_bytes,
        workers,
        ..shapedoku_studio::Config::default()
    };
    shapedoku_studio::serve_blocking(config, listener)?;
    Ok(crate::exit::OK)
}

/// Runs `studio-worker`: a worker process of the studio's server, until the server closes its
/// input. Exit code 0 then, 2 if the streams fail or carry something else.
pub fn worker() -> i32 {
    match shapedoku_studio::worker_main() {
        Ok(()) => crate::exit::OK,
        Err(e) => {
            eprintln!("error: {e}");
            crate::exit::ERROR
        }
    }
}
