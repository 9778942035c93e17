//! Helpers several end-to-end test files share: the reproducer copies under `tests/data/repro/`,
//! scratch files under the target's temporary folder, and a command run that must end quickly.
//! The test binary declares it once (`mod common;` in main.rs); each module uses only part of it.
#![allow(dead_code)]

use shapedoku_cli::run_in_memory;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The path of a reproducer copied under `tests/data/repro/`.
pub fn repro(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data/repro")
        .join(name)
        .display()
        .to_string()
}

/// Writes `text` to `name` in a folder `dir` of the target's temporary folder (one folder per
/// test file, so files of two test binaries running at once never collide).
pub fn temp_file(dir: &str, name: &str, text: impl AsRef<[u8]>) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(dir);
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

/// Runs a command in memory and checks it ended within seconds: the inputs these tests feed
/// used to run for minutes or exhaust memory. Returns (exit code, stdout, stderr).
pub fn quick(args: &[&str], stdin: &str) -> (i32, String, String) {
    let t = Instant::now();
    let out = run_in_memory(args, stdin);
    assert!(
        t.elapsed() < Duration::from_secs(10),
        "{args:?} took {:?}",
        t.elapsed()
    );
    out
}
