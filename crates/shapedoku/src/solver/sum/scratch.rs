//! The working space of a sum's call, kept per thread so that calls allocate nothing once it
//! has grown to the largest sum: the scratch space of a pass, the sum as the pass sees it (its
//! open cells, the placed ones folded into the sides' constants), and the search's memory of
//! listings (`cache.rs`).

use super::Group;
use super::cache::Cache;
use std::cell::RefCell;

thread_local! {
    pub(super) static WORK: RefCell<Work> = RefCell::new(Work::default());
}

/// Everything a thread keeps for the sums' calls.
#[derive(Debug, Default)]
pub(super) struct Work {
    pub(super) s: Scratch,
    pub(super) view: View,
    pub(super) cache: Cache,
}

/// The sum a pass reasons over, when it is not the compiled sum itself: its open cells, group
/// after group, each with its candidates less the values placed in its group, and each side's
/// constant plus what its placed cells add. Also the candidates of the compiled sum's cells
/// when the pass runs over all of them.
#[derive(Debug, Default)]
pub(super) struct View {
    pub(super) cells: Vec<u32>,
    pub(super) masks: Vec<u64>,
    pub(super) groups: Vec<Group>,
    /// Each group's index among the compiled sum's groups.
    pub(super) orig: Vec<u32>,
    pub(super) sides: Vec<(u32, u32, i64)>,
    /// Per open cell, what its group's combinations all need.
    pub(super) needed: Vec<u64>,
}

/// The working space of one call, kept per thread so that calls allocate nothing once it has
/// grown to the largest sum.
#[derive(Debug, Default)]
pub(super) struct Scratch {
    /// Each cell's least and greatest value, by position in `SumRule::cells`.
    pub(super) lo: Vec<i64>,
    pub(super) hi: Vec<i64>,
    /// Each side's least and greatest sum (with its constant).
    pub(super) side_lo: Vec<i64>,
    pub(super) side_hi: Vec<i64>,
    /// The parts of the sides, side after side.
    pub(super) items: Vec<Item>,
    /// Where each side's items start (one more entry than sides).
    pub(super) side_items: Vec<usize>,
    /// Per item, `w` words each: the sums it can add (from its least), the sums of the items
    /// before it on its side (from their least), the sums it may add.
    pub(super) sets: Vec<u64>,
    pub(super) fwd: Vec<u64>,
    pub(super) allowed: Vec<u64>,
    /// The values the sides can share (from `t_lo`), and two working sets.
    pub(super) target: Vec<u64>,
    pub(super) back: Vec<u64>,
    pub(super) next: Vec<u64>,
    /// The groups' value sets, level after level: a mask over the group's values and its sum.
    pub(super) states: Vec<u16>,
    pub(super) sums: Vec<i64>,
    pub(super) levels: Vec<u32>,
    /// Marks over masks: `stamp[m] == mark` when set in the current pass.
    pub(super) stamp: Vec<u32>,
    pub(super) mark: u32,
    /// Per group run: the symbol of each mask bit, and each cell's candidates as a mask.
    pub(super) ubits: Vec<u8>,
    pub(super) xs: Vec<u16>,
    pub(super) vals: Vec<i64>,
    pub(super) runs: Vec<Run>,
    /// Bounds of the rest of a group's cells, by position from the end.
    pub(super) suf_lo: Vec<i64>,
    pub(super) suf_hi: Vec<i64>,
    /// Per cell (by position), what the combinations allow, and per group what they all need.
    pub(super) keep: Vec<u64>,
    /// The cheap pass's bounds of each group, by group index.
    pub(super) quick: Vec<Quick>,
}

/// The bounds of one group's sum in the cheap pass (values before the coefficient).
#[derive(Debug, Clone, Copy)]
pub(super) struct Quick {
    /// The least and greatest the group adds: for a distinct group, its `k` smallest and
    /// largest values, else its cells' bounds.
    pub(super) lo: i64,
    pub(super) hi: i64,
    /// For a distinct group: the `k - 1` smallest and largest values, the least and greatest
    /// the rest of the group adds when a cell takes a value outside `low` or `high`.
    pub(super) lo_less: i64,
    pub(super) hi_less: i64,
    /// The candidate bits of the `k` smallest and `k` largest values.
    pub(super) low: u64,
    pub(super) high: u64,
}

/// One part of a side: a cell, or a distinct group whose combinations were listed.
#[derive(Debug, Clone, Copy)]
pub(super) struct Item {
    /// The cell's position in `SumRule::cells`, or the run's index.
    pub(super) at: u32,
    pub(super) group: bool,
    pub(super) coef: i64,
    /// The least and greatest it adds (coefficient applied).
    pub(super) lo: i64,
    pub(super) hi: i64,
}

/// The listed value sets of one distinct group.
#[derive(Debug, Clone, Copy)]
pub(super) struct Run {
    pub(super) group: u32,
    /// Where its levels start in `Scratch::levels` (k + 2 entries: each level's start, then
    /// the end of the last).
    pub(super) levels: u32,
    /// Where its symbols start in `Scratch::ubits` and `vals`, how many there are, and where
    /// its cells' masks start in `xs`.
    pub(super) ubits: u32,
    pub(super) nbits: u8,
    pub(super) xs: u32,
    /// What the group still needs and may hold, after the backward pass (candidate masks).
    pub(super) needed: u64,
}

impl Scratch {
    /// A fresh mark for `stamp` over masks of `bits` bits.
    pub(super) fn fresh(&mut self, bits: usize) -> u32 {
        if self.stamp.len() < 1 << bits {
            self.stamp.resize(1 << bits, 0);
        }
        if self.mark == u32::MAX {
            self.stamp.fill(0);
            self.mark = 0;
        }
        self.mark += 1;
        self.mark
    }
}
