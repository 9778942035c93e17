//! What the single-symbol searches (fish, finned fish) proved absent on a board's line of
//! play, so that the next search looks only where something changed.
//!
//! The solver asks every search again after each step, and most steps change a few places of a
//! few symbols. A fish on a symbol depends only on that symbol's places, house by house (or
//! line by line), and it can only be lost, never made, by removing places from houses that are
//! not in its base: its base places stay the same and its cover can only lose eliminations.
//! So once a complete search found nothing at some places, a later search on a subset of those
//! places can find only fish with a base house whose places changed since; the searches
//! skip every branch without one, and find exactly what a full search finds, in the same order.

use std::sync::{Mutex, MutexGuard};

/// State a search keeps on a board between calls. A copy starts empty: boards are cloned to
/// try assumptions, and an empty memo is always right, just slower.
#[derive(Default)]
pub(crate) struct Memo<T>(Mutex<T>);

impl<T: Default> Clone for Memo<T> {
    fn clone(&self) -> Self {
        Memo::default()
    }
}

impl<T> std::fmt::Debug for Memo<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Memo")
    }
}

impl<T> Memo<T> {
    /// The state (a search that panicked mid-update leaves a state that is still a valid memo
    /// or an empty one, so a poisoned lock is taken as it is).
    pub(crate) fn lock(&self) -> MutexGuard<'_, T> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}
