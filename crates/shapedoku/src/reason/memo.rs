//! What searches remember on a board's line of play, so that the next search looks only where
//! something changed.
//!
//! The solver asks every search again after each step, and most steps change a few places of a
//! few symbols. A fish on a symbol depends only on that symbol's places, house by house (or
//! line by line), and it can only be lost, never made, by removing places from houses that are
//! not in its base: its base places stay the same and its cover can only lose eliminations.
//! So once a complete search found nothing at some places, a later search on a subset of those
//! places can find only fish with a base house whose places changed since; the searches
//! skip every branch without one, and find exactly what a full search finds, in the same order.
//!
//! A board holds its searches' memos in [`Memos`], one per type, made on first use: a search
//! declares its memo type in its own file and reads it with [`super::board::Board::memo`], so
//! the board knows no technique.

use std::any::Any;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

/// State a search keeps on a board between calls. A copy starts empty: boards are cloned to
/// try assumptions, and an empty memo is always right, just slower.
#[derive(Default)]
pub(crate) struct Memo<T>(Mutex<T>);

impl<T> Memo<T> {
    /// The state (a search that panicked mid-update leaves a state that is still a valid memo
    /// or an empty one, so a poisoned lock is taken as it is).
    pub(crate) fn lock(&self) -> MutexGuard<'_, T> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl<T: Default + Send + 'static> Memory for Memo<T> {}

/// A type a board can hold in its [`Memos`].
pub(crate) trait Memory: Default + Send + Sync + 'static {
    /// Whether copies of a board share this memo with the original (and with one another),
    /// rather than each starting empty, which is always right. Memos made for another puzzle
    /// ([`super::board::Board::with_puzzle`]) start their own either way.
    const SHARED: bool = false;
}

/// One slot of a [`Store`]: any [`Memory`], as a trait object.
trait Slot: Send + Sync {
    fn as_any(&self) -> &dyn Any;
}

impl<T: Memory> Slot for T {
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// More memo types than any board needs (a dozen searches keep one).
const SLOTS: usize = 32;

/// Memos, at most one of each type, each made on first use. The slots fill in order, so a
/// type is either in a slot before the first empty one or nowhere; reading one is a walk over
/// the filled slots, without a lock.
struct Store {
    slots: [OnceLock<Box<dyn Slot>>; SLOTS],
}

impl Default for Store {
    fn default() -> Self {
        Store {
            slots: [const { OnceLock::new() }; SLOTS],
        }
    }
}

impl Store {
    fn get<T: Memory>(&self) -> &T {
        for slot in &self.slots {
            let held = slot.get_or_init(|| Box::new(T::default()));
            if let Some(memo) = held.as_any().downcast_ref::<T>() {
                return memo;
            }
        }
        panic!("more than {SLOTS} memo types on a board")
    }
}

/// A board's memos: its own, which a copy of the board starts empty, and those its copies
/// share ([`Memory::SHARED`]).
#[derive(Default)]
pub(crate) struct Memos {
    own: Store,
    shared: Arc<Store>,
}

impl Memos {
    /// The memo of type `T`, made empty if there is none yet.
    ///
    /// # Panics
    /// When more than [`SLOTS`] memo types are in use: a limit of the code, not of the input,
    /// which the first test to run the searches would meet.
    pub(crate) fn get<T: Memory>(&self) -> &T {
        if T::SHARED {
            self.shared.get()
        } else {
            self.own.get()
        }
    }
}

impl Clone for Memos {
    fn clone(&self) -> Self {
        Memos {
            own: Store::default(),
            shared: self.shared.clone(),
        }
    }
}

impl std::fmt::Debug for Memos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Memos")
    }
}
