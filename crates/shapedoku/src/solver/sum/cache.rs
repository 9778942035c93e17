//! The search's memory of listings: what a listing pass did to a sum's open cells, keyed by
//! the sum, which of its cells are open, the sides' constants with the placed cells folded
//! in, and the open cells' candidates. A search comes back to the same few open cells of a sum
//! with the same candidates and the same remaining total often (the same cells placed
//! otherwise, or the same position reached along another branch), and the listing is most of
//! a sum's cost; the Interactive Sudoku Solver keeps such tables per sum handler too.
//!
//! The table is fixed in size and direct-mapped (a new entry replaces the one in its slot),
//! allocated once per thread on first use: nothing is allocated in the search, memory is
//! bounded, and since an entry is found only under its whole key, a hit returns exactly what
//! the listing returns on those candidates, so results never depend on what the table holds.

/// The most open cells a key holds.
pub(super) const OPEN_MAX: usize = 8;
/// The most words a key has: the sum's number, its open cells' positions, one constant per
/// side, one candidate mask per open cell.
pub(super) const KEY_WORDS: usize = 12;
/// The table's slots (a power of two): about 1 MB per thread.
const SLOTS: usize = 1 << 12;

/// What the listing concluded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Outcome {
    /// No combination is left.
    Contradiction,
    /// The listing did not run (too few open cells left once the placed values were taken
    /// out, or sums too wide): the pass over all cells decides.
    Plain,
    /// The open cells keep `keep`, and their groups need `needed`.
    Listed,
}

/// The words of one slot: the key, its length and the outcome, then per open cell what it
/// keeps and what its group needs.
const LEN: usize = KEY_WORDS;
const KEEP: usize = LEN + 1;
const NEEDED: usize = KEEP + OPEN_MAX;
const ENTRY_WORDS: usize = NEEDED + OPEN_MAX;

/// What the table held under a key.
#[derive(Debug, Clone, Copy)]
pub(super) struct Entry {
    pub(super) outcome: Outcome,
    /// Per open cell, in order: the candidates it keeps, and what its group needs.
    pub(super) keep: [u64; OPEN_MAX],
    pub(super) needed: [u64; OPEN_MAX],
}

/// The table, with the key of the current call being built.
#[derive(Debug, Default)]
pub(super) struct Cache {
    /// The slots, [`ENTRY_WORDS`] words each, allocated zeroed (an allocation the system
    /// hands over untouched, so a thread pays only for the slots it uses).
    slots: Vec<u64>,
    /// Each slot's key's hash (0 for an empty slot): a lookup that misses reads only this
    /// word, not the slot's lines.
    tags: Vec<u64>,
    key: [u64; KEY_WORDS],
    len: usize,
    /// Lookups answered and not, for measuring.
    pub(super) hits: u64,
    pub(super) misses: u64,
}

impl Cache {
    /// Starts a key.
    pub(super) fn start(&mut self) {
        self.len = 0;
    }

    /// Adds a word to the key; `false` when it does not fit (the call is not cached then).
    #[inline]
    pub(super) fn push(&mut self, w: u64) -> bool {
        if self.len == KEY_WORDS {
            return false;
        }
        self.key[self.len] = w;
        self.len += 1;
        true
    }

    /// The current key's hash (never 0) and slot; the table allocated on first use.
    fn slot(&mut self) -> (u64, usize) {
        if self.tags.is_empty() {
            self.slots = vec![0; SLOTS * ENTRY_WORDS];
            self.tags = vec![0; SLOTS];
        }
        let mut h = 0u64;
        for &w in &self.key[..self.len] {
            h = (h.rotate_left(5) ^ w).wrapping_mul(0x517c_c1b7_2722_0a95);
        }
        let h = h | 1;
        (h, (h >> 40) as usize & (SLOTS - 1))
    }

    /// The entry under the current key, if the table holds it.
    pub(super) fn get(&mut self) -> Option<Entry> {
        let (h, i) = self.slot();
        if self.tags[i] == h {
            let e = &self.slots[i * ENTRY_WORDS..(i + 1) * ENTRY_WORDS];
            if e[LEN] & 0xff == self.len as u64 && e[..self.len] == self.key[..self.len] {
                self.hits += 1;
                let outcome = match e[LEN] >> 8 {
                    0 => Outcome::Contradiction,
                    1 => Outcome::Plain,
                    _ => Outcome::Listed,
                };
                let mut out = Entry {
                    outcome,
                    keep: [0; OPEN_MAX],
                    needed: [0; OPEN_MAX],
                };
                out.keep.copy_from_slice(&e[KEEP..NEEDED]);
                out.needed.copy_from_slice(&e[NEEDED..]);
                return Some(out);
            }
        }
        self.misses += 1;
        None
    }

    /// Stores what the listing did under the current key (`keep` and `needed` per open cell).
    pub(super) fn put(&mut self, outcome: Outcome, keep: &[u64], needed: &[u64]) {
        let (h, i) = self.slot();
        self.tags[i] = h;
        let e = &mut self.slots[i * ENTRY_WORDS..(i + 1) * ENTRY_WORDS];
        e[..self.len].copy_from_slice(&self.key[..self.len]);
        e[LEN] = self.len as u64 | (outcome as u64) << 8;
        e[KEEP..KEEP + keep.len()].copy_from_slice(keep);
        e[NEEDED..NEEDED + needed.len()].copy_from_slice(needed);
    }
}
