//! End-to-end tests live in `tests/tests/`; this crate holds only what several of them share.

use std::path::PathBuf;

/// The shared data folder (`../shared/data` beside the clone, or `$SHAPEDOKU_SHARED_DATA`) joined
/// with `rel`, when that exists. The repository's own tests pass without it: tests that read it
/// check what they can and say what they skipped.
pub fn shared_data(rel: &str) -> Option<PathBuf> {
    let candidates = [
        std::env::var_os("SHAPEDOKU_SHARED_DATA").map(PathBuf::from),
        Some(PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../shared/data"
        ))),
        // A worktree one level deeper than the main clone.
        Some(PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/data"
        ))),
    ];
    candidates
        .into_iter()
        .flatten()
        .map(|d| d.join(rel))
        .find(|p| p.exists())
}
