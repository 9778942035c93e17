//! What the rules on a set of cells with checks of their own require: rellik cages (no subset
//! of the values adds up to the total), counting circles (a circled N is one of exactly N
//! circled Ns) and same-value sets (every set holds the same multiset). Each check looks only at what is already decided, so it never fails while the
//! filled cells can still be completed, and is exact once every cell is filled.

use crate::CellId;

/// The largest total a rellik cage may have: the sums its cells can make are kept as the bits
/// of a `u128`.
pub(crate) const RELLIK_MAX_TOTAL: i64 = 127;

/// The sums (bit `s` for the sum `s`, up to [`RELLIK_MAX_TOTAL`]) that one or more of
/// `values` make, each value used at most once; values outside 1 to the limit are ignored.
///
/// Sums above the limit are dropped: a rellik total is at most the limit, and values are
/// positive, so a larger partial sum never comes back down to it.
pub(crate) fn subset_sums(values: impl IntoIterator<Item = i64>) -> u128 {
    let mut sums = 0u128;
    for v in values {
        if (1..=RELLIK_MAX_TOTAL).contains(&v) {
            sums |= (sums << v) | (1u128 << v);
        }
    }
    sums
}

/// A rellik cage: the filled cells hold different symbols and no one or more of their values
/// add up to `total`.
pub(super) fn rellik_holds(
    cells: &[CellId],
    total: i64,
    symbol: &dyn Fn(CellId) -> Option<u8>,
    value: &dyn Fn(CellId) -> Option<i64>,
) -> bool {
    if !filled_differ(cells, symbol) {
        return false;
    }
    let values: Vec<i64> = cells.iter().filter_map(|&c| value(c)).collect();
    if values.iter().any(|&v| v < 1) || !(1..=RELLIK_MAX_TOTAL).contains(&total) {
        return false;
    }
    subset_sums(values) >> total & 1 == 0
}

/// A killer cage as a rule: the filled cells hold different symbols and, once every cell is
/// filled, their values add up to `total` when it is given.
pub(super) fn cage_holds(
    cells: &[CellId],
    total: Option<i64>,
    symbol: &dyn Fn(CellId) -> Option<u8>,
    value: &dyn Fn(CellId) -> Option<i64>,
) -> bool {
    if !filled_differ(cells, symbol) {
        return false;
    }
    match (total, cells.iter().map(|&c| value(c)).sum::<Option<i64>>()) {
        (Some(t), Some(sum)) => sum == t,
        _ => true,
    }
}

/// A lunchbox: the filled cells hold different symbols and, once every cell is filled, the
/// values strictly between the smallest and the largest (by place along the cells) add up to
/// `total`.
pub(super) fn lunchbox_holds(
    cells: &[CellId],
    total: i64,
    symbol: &dyn Fn(CellId) -> Option<u8>,
    value: &dyn Fn(CellId) -> Option<i64>,
) -> bool {
    if !filled_differ(cells, symbol) {
        return false;
    }
    match cells
        .iter()
        .map(|&c| value(c))
        .collect::<Option<Vec<i64>>>()
    {
        Some(values) => lunchbox_sum(&values) == total,
        None => true,
    }
}

/// What a lunchbox's values, in order, add up to between the place of the smallest and the
/// place of the largest (the first of each when values tie).
pub(crate) fn lunchbox_sum(values: &[i64]) -> i64 {
    let place = |best: fn(&i64, &i64) -> bool| {
        (0..values.len()).fold(0, |b, i| if best(&values[i], &values[b]) { i } else { b })
    };
    let (lo, hi) = (place(i64::lt), place(i64::gt));
    let (a, b) = (lo.min(hi), lo.max(hi));
    values[(a + 1).min(b)..b].iter().sum()
}

/// Whether the filled cells of `cells` hold different symbols.
fn filled_differ(cells: &[CellId], symbol: &dyn Fn(CellId) -> Option<u8>) -> bool {
    let placed: Vec<u8> = cells.iter().filter_map(|&c| symbol(c)).collect();
    (0..placed.len()).all(|i| !placed[i + 1..].contains(&placed[i]))
}

/// Counting circles: no filled value is 0 or less, none is held by more circles than itself,
/// and a value held somewhere can still be held as often as itself by the empty circles.
pub(super) fn circles_hold(cells: &[CellId], value: &dyn Fn(CellId) -> Option<i64>) -> bool {
    let placed: Vec<i64> = cells.iter().filter_map(|&c| value(c)).collect();
    let empty = (cells.len() - placed.len()) as i64;
    let counts_fit = placed.iter().all(|&v| {
        let held = placed.iter().filter(|&&w| w == v).count() as i64;
        v >= 1 && held <= v && held + empty >= v
    });
    // The values held need as many circles as their sum; the empty ones must make it up.
    let mut distinct = placed.clone();
    distinct.sort_unstable();
    distinct.dedup();
    counts_fit && distinct.iter().sum::<i64>() <= cells.len() as i64
}

/// Same-value sets: the cells, `size` to a set, can still be completed so that every set holds
/// the same multiset of symbols. The multiset must hold each symbol at least as often as the
/// set holding it most often so far, and those counts must fit in `size` cells; that is also
/// enough, since a set's empty cells can take whatever it lacks.
pub(super) fn same_values_hold(
    cells: &[CellId],
    size: usize,
    symbol: &dyn Fn(CellId) -> Option<u8>,
) -> bool {
    let mut most = [0usize; 256];
    for set in cells.chunks(size.max(1)) {
        let mut count = [0usize; 256];
        for s in set.iter().filter_map(|&c| symbol(c)) {
            count[s as usize] += 1;
        }
        for (m, c) in most.iter_mut().zip(count) {
            *m = (*m).max(c);
        }
    }
    most.iter().sum::<usize>() <= size
}

/// Equal sums: every set whose cells are all filled adds up to the same total. A set with an
/// empty cell says nothing yet.
pub(super) fn equal_sums_hold(sets: &[Vec<CellId>], value: &dyn Fn(CellId) -> Option<i64>) -> bool {
    let mut sums = sets
        .iter()
        .filter_map(|s| s.iter().map(|&c| value(c)).sum::<Option<i64>>());
    match sums.next() {
        Some(first) => sums.all(|s| s == first),
        None => true,
    }
}

/// Count-distinct: once the control cell (`cells[0]`) is filled with k, the counted cells
/// (`cells[1..]`, and the control cell when it `counts_itself`) can still hold exactly k
/// different values: at least the ones already filled (and one, when none is), at most those
/// plus one per empty cell, and no more than the alphabet's different values.
pub(super) fn count_distinct_holds(
    g: &crate::Geometry,
    cells: &[CellId],
    counts_itself: bool,
    value: &dyn Fn(CellId) -> Option<i64>,
) -> bool {
    let Some(k) = cells.first().and_then(|&c| value(c)) else {
        return true;
    };
    let counted = if counts_itself { cells } else { &cells[1..] };
    let mut seen: Vec<i64> = counted.iter().filter_map(|&c| value(c)).collect();
    let empty = (counted.len() - seen.len()) as i64;
    seen.sort_unstable();
    seen.dedup();
    let mut alphabet = g.symbols().values().to_vec();
    alphabet.sort_unstable();
    alphabet.dedup();
    let filled = seen.len() as i64;
    let least = if filled == 0 { empty.min(1) } else { filled };
    let most = (filled + empty).min(alphabet.len() as i64);
    (least..=most).contains(&k)
}
