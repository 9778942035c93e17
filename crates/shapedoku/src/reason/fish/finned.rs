//! Finned and sashimi fish (X-wing, swordfish, jellyfish) over the rows and columns of each
//! grid. Take k rows as the base and k columns as the cover (or the other way round): the base
//! places outside the cover are the fins. If no fin holds the symbol the base is a fish and
//! the cover loses the symbol outside the base; if a fin holds it, every cell seeing that fin
//! loses it. So the cover's cells outside the base that see every fin lose it, whatever the
//! fins see them through (a box, a jigsaw region, a diagonal). Sashimi: some base row has a
//! single place inside the cover, so without the fins it would not even be a fish.
//!
//! The search works on bitmasks over a grid's column numbers: a base is grown row by row while
//! the columns its places touch stay within k + 2 (fins that see a common cell lie in few
//! columns), and only then are covers chosen among those columns.

use crate::reason::board::Board;
use crate::reason::finder::Finder;
use crate::reason::step::{Candidate, Deduction, Step};
use crate::{CellId, ShapeId, ShapeKind, Symbol};
use std::sync::Mutex;

/// Extra columns the fins may take beyond the k covers. A target sees every fin and lies in a
/// cover column, so with boxes the fins share the target's box, whose other columns are two.
const FIN_COLUMNS: u32 = 2;

/// Whether `k` base lines whose places lie in the columns `union` can make a finned fish: at
/// least two lines, and more columns than lines but no more than the fins may add.
fn can_be_finned(k: usize, union: u64) -> bool {
    let width = union.count_ones() as usize;
    k >= 2 && width > k && width <= k + FIN_COLUMNS as usize
}

/// One grid's lines of one kind and the crossing lines, by number.
pub(crate) struct Lines {
    /// The base lines' shape ids, by number - 1.
    pub(crate) base: Vec<Option<usize>>,
    /// The cover lines' shape ids, by number - 1.
    pub(crate) cover: Vec<Option<usize>>,
    /// Each cell's cover line number - 1 (`u8::MAX`: none).
    pub(crate) cover_of: Vec<u8>,
    /// Each cell's base line number - 1 (`u8::MAX`: none).
    pub(crate) base_of: Vec<u8>,
}

/// The grids' (rows, columns) pairs, each way round where the base lines are houses.
pub(crate) fn line_sets(board: &Board) -> Vec<Lines> {
    let g = board.geometry();
    let mut grids: Vec<Option<usize>> = g.shapes().iter().map(|s| s.grid).collect();
    grids.sort_unstable();
    grids.dedup();
    let mut out = Vec::new();
    for grid in grids {
        let by_number = |kind: ShapeKind| {
            let mut v: Vec<Option<usize>> = Vec::new();
            for (i, s) in g.shapes().iter().enumerate() {
                if s.kind == kind && s.grid == grid && s.number > 0 {
                    let n = s.number as usize - 1;
                    if v.len() <= n {
                        v.resize(n + 1, None);
                    }
                    v[n] = Some(i);
                }
            }
            v
        };
        let (rows, cols) = (by_number(ShapeKind::Row), by_number(ShapeKind::Column));
        if rows.is_empty() || cols.is_empty() || cols.len() > 64 || rows.len() > 64 {
            continue;
        }
        let numbers = |lines: &[Option<usize>]| {
            let mut of = vec![u8::MAX; g.cell_count()];
            for (j, s) in lines.iter().enumerate() {
                for &c in s.iter().flat_map(|&s| &g.shape(s).cells) {
                    of[c] = j as u8;
                }
            }
            of
        };
        // A base line must hold the symbol (a house); a cover line need only not repeat it. A
        // row of 7 cells with the digits 1 to 9 (a rectangle's short lines, a 7x7 with nine
        // digits) may miss the symbol, so it is never a base.
        let houses = |lines: &[Option<usize>]| {
            (lines.iter()).all(|s| s.is_some_and(|s| g.houses().contains(&s)))
        };
        if houses(&rows) {
            out.push(Lines {
                base: rows.clone(),
                cover_of: numbers(&cols),
                base_of: numbers(&rows),
                cover: cols.clone(),
            });
        }
        if houses(&cols) {
            out.push(Lines {
                cover_of: numbers(&rows),
                base_of: numbers(&cols),
                base: cols,
                cover: rows,
            });
        }
    }
    out
}

/// A base line's places for the symbol, as a mask over cover numbers, with the cells.
struct BaseLine {
    shape: usize,
    /// Its number - 1 among the base lines.
    number: u8,
    mask: u64,
    /// Whether its places changed since the last search that found nothing.
    fresh: bool,
    /// (cover number, cell) per place.
    places: Vec<(u32, usize)>,
}

/// Per grid's line set and symbol, the symbol's places (as masks per base line) when a search
/// on them last found nothing. The solver asks again after every step, when most symbols are
/// unchanged: their searches are skipped, and the others look only at bases with a line whose
/// places changed since (see [`fresh_lines`]). Never changes what is found.
#[derive(Default)]
pub(crate) struct Memo(Mutex<MemoState>);

/// The memo's keys, and the line sets (found from the geometry once per board, not per step).
#[derive(Default)]
struct MemoState {
    sets: Option<Vec<Lines>>,
    /// Per line set, whether every cell of a cover line lies in a base line, so that the key
    /// holds every place the search looks at (see [`fresh_lines`]).
    whole: Vec<bool>,
    /// Per line set on a board of at most 128 cells, its base and cover lines' cells as bits
    /// by number (empty on larger boards).
    cells: Vec<[Vec<u128>; 2]>,
    /// On a board of at most 128 cells, every cell's peers as bits (empty on larger boards).
    peers: Vec<u128>,
    keys: Vec<Vec<u64>>,
}

/// A copy starts empty: boards are cloned to try assumptions, and an empty memo is always
/// right, just slower.
/// A copy of the board starts it empty: boards are cloned to try assumptions, and an empty
/// memo is always right.
impl crate::reason::memo::Memory for Memo {}

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Memo")
    }
}

/// The places of `v` in every base line, as masks over cover numbers (all ones where placed),
/// into `out`: everything a finned fish on `v` in this line set depends on.
fn key(board: &Board, lines: &Lines, v: u8, out: &mut Vec<u64>) {
    let g = board.geometry();
    out.clear();
    out.extend(lines.base.iter().map(|b| match b {
        Some(b) => {
            let mut m = 0u64;
            for &c in &g.shape(*b).cells {
                match board.value(c) {
                    Some(x) if x == v => return u64::MAX,
                    Some(_) => {}
                    None => {
                        let j = lines.cover_of[c];
                        if j != u8::MAX && board.candidates(c).contains(v) {
                            m |= 1 << j;
                        }
                    }
                }
            }
            m
        }
        None => 0,
    }));
}

/// [`key`] on bitboards (a board of at most 128 cells): `base_cells` are the base lines' cells
/// by number, `places` the symbol's places and `placed` the cells where it is placed.
fn fast_key(lines: &Lines, base_cells: &[u128], places: u128, placed: u128, out: &mut Vec<u64>) {
    out.clear();
    out.extend(lines.base.iter().zip(base_cells).map(|(b, &cells)| {
        if b.is_none() {
            return 0;
        }
        if placed & cells != 0 {
            return u64::MAX;
        }
        let mut m = 0u64;
        let mut left = places & cells;
        while left != 0 {
            let j = lines.cover_of[left.trailing_zeros() as usize];
            if j != u8::MAX {
                m |= 1 << j;
            }
            left &= left - 1;
        }
        m
    }));
}

/// The base lines (bits by number) a finned fish found now must use, given the key `old` of
/// a search that found nothing (empty: none) and the key `new` of now: the lines whose
/// places changed, when no place was added since (a placed line counting as one without
/// places); all lines otherwise.
///
/// Why that is exact: take a fish found now whose base lines all kept their places. Its base,
/// fins and cover are the same at the old places; its targets are places now, so they were
/// places then (none added, and with `whole` every place a target can be is in the key), and
/// the cells seeing the fins are fixed by the geometry. So the old search would have found it
/// with at least these eliminations, and it found nothing.
fn fresh_lines(old: &[u64], new: &[u64], whole: bool) -> u64 {
    // A placed line's key is all ones; as a set of places it is empty.
    let places = |m: u64| if m == u64::MAX { 0 } else { m };
    if !whole
        || old.len() != new.len()
        || old
            .iter()
            .zip(new)
            .any(|(&o, &n)| places(n) & !places(o) != 0)
    {
        return u64::MAX;
    }
    old.iter()
        .zip(new)
        .enumerate()
        .filter(|(_, (o, n))| o != n)
        .fold(0, |a, (i, _)| a | 1 << i)
}

/// Whether every cell of a cover line of `lines` lies in a base line.
fn is_whole(lines: &Lines) -> bool {
    lines
        .cover_of
        .iter()
        .zip(&lines.base_of)
        .all(|(&c, &b)| c == u8::MAX || b != u8::MAX)
}

/// Finned and sashimi fish, size 2 to 4; per size, finned before sashimi.
pub(crate) fn find(board: &Board, f: &mut Finder) {
    find_in(board, f, board.geometry().cell_count() <= 128);
}

/// [`find`], with the targets tested on bitboards when `small` (the board has at most 128
/// cells), or cell by cell.
fn find_in(board: &Board, f: &mut Finder, small: bool) {
    let n = board.geometry().symbol_count();
    let mut memo = board
        .memo::<Memo>()
        .0
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    let MemoState {
        sets,
        whole,
        cells,
        peers,
        keys,
    } = &mut *memo;
    let sets = sets.get_or_insert_with(|| {
        let sets = line_sets(board);
        *whole = sets.iter().map(is_whole).collect();
        let g = board.geometry();
        if g.cell_count() <= 128 {
            *cells = sets.iter().map(line_cells).collect();
            let words = g.cell_count().div_ceil(64);
            let t = board.tables();
            *peers = (0..g.cell_count())
                .map(|c| {
                    let p = &t.peer_bits[c * words..(c + 1) * words];
                    p.iter().rev().fold(0, |a, &w| a << 64 | u128::from(w))
                })
                .collect();
        }
        sets
    });
    // Every symbol's places as bits over the cells, for the bitboard test of the targets.
    // And where each symbol is placed, for the keys.
    let mut places = vec![0u128; if small { n } else { 0 }];
    let mut placed = vec![0u128; if small { n } else { 0 }];
    if small {
        for c in 0..board.geometry().cell_count() {
            match board.value(c) {
                Some(x) => placed[x as usize] |= 1 << c,
                None => {
                    for x in board.candidates(c).iter() {
                        places[x as usize] |= 1 << c;
                    }
                }
            }
        }
    }
    keys.resize_with(sets.len() * n, Vec::new);
    let mut found: [[Vec<Step>; 2]; 3] = Default::default();
    let mut key_buf = Vec::new();
    let mut bases = Vec::new();
    for (i, lines) in sets.iter().enumerate() {
        for v in 0..n as u8 {
            if small {
                fast_key(
                    lines,
                    &cells[i][0],
                    places[v as usize],
                    placed[v as usize],
                    &mut key_buf,
                );
            } else {
                key(board, lines, v, &mut key_buf);
            }
            let slot = &mut keys[i * n + v as usize];
            if *slot == key_buf {
                continue;
            }
            let before: usize = found.iter().flatten().map(Vec::len).sum();
            let fresh = fresh_lines(slot, &key_buf, whole[i]);
            let fast = small.then(|| Fast {
                base_cells: &cells[i][0],
                cover_cells: &cells[i][1],
                places: places[v as usize],
                peers,
            });
            search(
                board, lines, v, &key_buf, fresh, fast, true, &mut bases, &mut found,
            );
            let after: usize = found.iter().flatten().map(Vec::len).sum();
            // Remember only a search that found nothing; an empty key never matches one.
            if after == before {
                slot.clone_from(&key_buf);
            } else {
                slot.clear();
            }
        }
    }
    for s in found.into_iter().flatten().flatten() {
        if !f.push(s) {
            return;
        }
    }
}

/// The cells of each base line and each cover line of a line set, as bits by number.
fn line_cells(lines: &Lines) -> [Vec<u128>; 2] {
    let by = |of: &[u8], count: usize| {
        let mut out = vec![0u128; count];
        for (c, &j) in of.iter().enumerate() {
            if j != u8::MAX {
                out[j as usize] |= 1 << c;
            }
        }
        out
    };
    [
        by(&lines.base_of, lines.base.len()),
        by(&lines.cover_of, lines.cover.len()),
    ]
}

/// A line set's cells and a symbol's places as bits, on a board of at most 128 cells: the
/// targets of a cover are then a few word operations.
#[derive(Clone, Copy)]
struct Fast<'a> {
    base_cells: &'a [u128],
    cover_cells: &'a [u128],
    places: u128,
    /// Every cell's peers.
    peers: &'a [u128],
}

/// The positions of the bits set in `m`, lowest first.
fn bits(mut m: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let j = m.trailing_zeros();
            m &= m - 1;
            j
        })
    })
}

/// Where a fish on the symbol could eliminate: per cover line, the base lines (by number) of
/// its places, and the cover lines with a place in no base line. A cover line none of whose
/// places lies off the chosen base lines has nothing to lose.
struct Targets {
    rows: [u64; 64],
    loose: u64,
}

impl Targets {
    fn new(board: &Board, lines: &Lines, v: u8) -> Targets {
        let g = board.geometry();
        let mut t = Targets {
            rows: [0; 64],
            loose: 0,
        };
        for (j, col) in lines.cover.iter().enumerate() {
            let Some(col) = col else { continue };
            for &c in &g.shape(*col).cells {
                if board.value(c).is_none() && board.candidates(c).contains(v) {
                    match lines.base_of[c] {
                        u8::MAX => t.loose |= 1 << j,
                        r => t.rows[j] |= 1 << r,
                    }
                }
            }
        }
        t
    }

    /// [`Targets::new`] from the symbol's places as bits.
    fn from_bits(lines: &Lines, fast: &Fast) -> Targets {
        let mut t = Targets {
            rows: [0; 64],
            loose: 0,
        };
        for (j, &cells) in fast.cover_cells.iter().enumerate() {
            let mut left = fast.places & cells;
            while left != 0 {
                match lines.base_of[left.trailing_zeros() as usize] {
                    u8::MAX => t.loose |= 1 << j,
                    r => t.rows[j] |= 1 << r,
                }
                left &= left - 1;
            }
        }
        t
    }

    /// The lines of `union` with a place off the base lines `rows`.
    fn within(&self, union: u64, rows: u64) -> u64 {
        bits(union)
            .filter(|&j| self.rows[j as usize] & !rows != 0 || self.loose >> j & 1 == 1)
            .fold(0, |a, j| a | 1 << j)
    }
}

/// The most base lines of a fish.
const MAX_SIZE: usize = 4;

/// Fish of every size on `v` in one line set, with a base line in `fresh` (bits by number):
/// the base lines are walked once, in order, and the bases of each size are met in the order
/// a walk for that size alone would meet them (so the steps come out as a search per size
/// would find them).
#[allow(clippy::too_many_arguments)]
fn search(
    board: &Board,
    lines: &Lines,
    v: u8,
    key: &[u64],
    fresh: u64,
    fast: Option<Fast>,
    probe: bool,
    bases: &mut Vec<BaseLine>,
    found: &mut [[Vec<Step>; 2]; 3],
) {
    let g = board.geometry();
    bases.clear();
    for (number, (&b, &mask)) in lines.base.iter().zip(key).enumerate() {
        let Some(b) = b else { continue };
        // All ones: placed in this line.
        if mask == u64::MAX || !(2..=MAX_SIZE as u32 + FIN_COLUMNS).contains(&mask.count_ones()) {
            continue;
        }
        // The order of the places does not matter: fins are sorted, targets are masks.
        let places = match &fast {
            Some(fast) => {
                let mut left = fast.places & fast.base_cells[number];
                std::iter::from_fn(|| {
                    (left != 0).then(|| {
                        let c = left.trailing_zeros() as usize;
                        left &= left - 1;
                        c
                    })
                })
                .filter(|&c| lines.cover_of[c] != u8::MAX)
                .map(|c| (u32::from(lines.cover_of[c]), c))
                .collect()
            }
            None => g
                .shape(b)
                .cells
                .iter()
                .filter(|&&c| {
                    board.value(c).is_none()
                        && board.candidates(c).contains(v)
                        && lines.cover_of[c] != u8::MAX
                })
                .map(|&c| (u32::from(lines.cover_of[c]), c))
                .collect(),
        };
        bases.push(BaseLine {
            shape: b,
            number: number as u8,
            mask,
            fresh: fresh >> number & 1 == 1,
            places,
        });
    }
    let Some(last_fresh) = bases.iter().rposition(|b| b.fresh) else {
        return;
    };
    if bases.len() < 2 {
        return;
    }
    let mut chosen = Vec::with_capacity(MAX_SIZE);
    let mut scratch = Vec::new();
    let targets = match &fast {
        Some(fast) => Targets::from_bits(lines, fast),
        None => Targets::new(board, lines, v),
    };
    let walk = Walk {
        board,
        lines,
        v,
        targets: &targets,
        bases,
        last_fresh,
        fast,
    };
    // With some lines unchanged, most searches find nothing, and a walk from each fresh line
    // meets far fewer sets than the ordered walk, which must pass through every set of
    // unchanged lines before the last fresh one; it runs only when the probe finds a fish.
    if probe && bases.iter().any(|b| !b.fresh) && !walk.any(&mut chosen, &mut scratch) {
        return;
    }
    chosen.clear();
    walk.grow(0, 0, false, &mut chosen, &mut scratch, found);
}

/// What a walk over base lines reads: the board, the line set, the symbol's targets and base
/// lines, and the index of the last fresh one.
struct Walk<'a> {
    board: &'a Board,
    lines: &'a Lines,
    v: u8,
    targets: &'a Targets,
    bases: &'a [BaseLine],
    last_fresh: usize,
    fast: Option<Fast<'a>>,
}

impl Walk<'_> {
    /// Whether [`Walk::grow`] would push anything. It meets the same sets of lines: grow tries
    /// every set of 2 to [`MAX_SIZE`] lines with a fresh one and columns numbering at most
    /// `MAX_SIZE + FIN_COLUMNS` (a prefix of a set is never wider than the set, so its cut
    /// drops no such set), and [`covers`] on each; here each such set is met once, from its
    /// first fresh line, and [`covers`] does not depend on the order of the lines.
    fn any(&self, chosen: &mut Vec<usize>, common: &mut Vec<u64>) -> bool {
        for (first, line) in self.bases.iter().enumerate() {
            if !line.fresh {
                continue;
            }
            chosen.clear();
            chosen.push(first);
            if self.probe(first, 0, line.mask, chosen, common) {
                return true;
            }
        }
        false
    }

    /// [`Walk::any`] from the lines in `chosen` (`first` its first fresh line), adding lines
    /// from `bases[from..]` other than fresh ones before `first`.
    fn probe(
        &self,
        first: usize,
        from: usize,
        union: u64,
        chosen: &mut Vec<usize>,
        common: &mut Vec<u64>,
    ) -> bool {
        let k = chosen.len();
        if can_be_finned(k, union)
            && covers(
                self.board,
                self.lines,
                self.v,
                self.targets,
                k,
                self.bases,
                chosen,
                union,
                common,
                self.fast.as_ref(),
                None,
            )
        {
            return true;
        }
        if k == MAX_SIZE {
            return false;
        }
        for (i, line) in self.bases.iter().enumerate().skip(from) {
            if i == first || (i < first && line.fresh) {
                continue;
            }
            let u = union | line.mask;
            if u.count_ones() > MAX_SIZE as u32 + FIN_COLUMNS {
                continue;
            }
            chosen.push(i);
            let hit = self.probe(first, i + 1, u, chosen, common);
            chosen.pop();
            if hit {
                return true;
            }
        }
        false
    }

    /// Adds base lines from `bases[from..]` while their columns stay within the largest size
    /// plus 2; every set of k >= 2 lines so chosen whose columns number k + 1 to k + 2, with
    /// a fresh line (`has_fresh`: one among those chosen so far), is tried as the base of a
    /// fish of size k.
    fn grow(
        &self,
        from: usize,
        union: u64,
        has_fresh: bool,
        chosen: &mut Vec<usize>,
        common: &mut Vec<u64>,
        found: &mut [[Vec<Step>; 2]; 3],
    ) {
        let k = chosen.len();
        if has_fresh && can_be_finned(k, union) {
            covers(
                self.board,
                self.lines,
                self.v,
                self.targets,
                k,
                self.bases,
                chosen,
                union,
                common,
                self.fast.as_ref(),
                Some(&mut found[k - 2]),
            );
        }
        if k == MAX_SIZE {
            return;
        }
        for (i, line) in self.bases.iter().enumerate().skip(from) {
            // Past the last fresh line, a set without one stays without one.
            if !has_fresh && i > self.last_fresh {
                return;
            }
            let u = union | line.mask;
            // A walk for the largest size alone keeps a prefix this wide, so this one must too.
            if u.count_ones() > MAX_SIZE as u32 + FIN_COLUMNS {
                continue;
            }
            chosen.push(i);
            self.grow(i + 1, u, has_fresh || line.fresh, chosen, common, found);
            chosen.pop();
        }
    }
}

/// Every choice of k cover columns among `union`'s, and the step it makes if any. Fins,
/// their common peers and the targets are worked out on bitmasks; a step is built only where
/// it eliminates something.
#[allow(clippy::too_many_arguments)]
fn covers(
    board: &Board,
    lines: &Lines,
    v: u8,
    targets: &Targets,
    k: usize,
    bases: &[BaseLine],
    chosen: &[usize],
    union: u64,
    common: &mut Vec<u64>,
    fast: Option<&Fast>,
    mut found: Option<&mut [Vec<Step>; 2]>,
) -> bool {
    let rows = chosen.iter().fold(0u64, |a, &b| a | 1 << bases[b].number);
    let target_lines = targets.within(union, rows);
    if target_lines == 0 {
        return false;
    }
    // The union's columns by position.
    let mut cols = [0u32; 64];
    // Each column's position in the union.
    let mut pos = [0u8; 64];
    let mut m = 0u32;
    for j in bits(union) {
        cols[m as usize] = j;
        pos[j as usize] = m as u8;
        m += 1;
    }
    // On bitboards, per column of the union (by position): its cells, and the cells seeing
    // every chosen place in it (the fins it holds when left out of the cover); and the places
    // off the base lines. The union is at most MAX_SIZE + FIN_COLUMNS columns wide.
    let mut col_cells = [0u128; MAX_SIZE + FIN_COLUMNS as usize];
    let mut col_peers = [!0u128; MAX_SIZE + FIN_COLUMNS as usize];
    let mut off_base = 0u128;
    if let Some(fast) = fast {
        let rows = chosen
            .iter()
            .map(|&b| fast.base_cells[bases[b].number as usize]);
        off_base = fast.places & !rows.fold(0, |a, m| a | m);
        for (i, &j) in cols[..m as usize].iter().enumerate() {
            col_cells[i] = fast.cover_cells[j as usize];
        }
        // Every chosen place lies in a column of the union (its line's mask is part of it).
        for &b in chosen {
            for &(j, c) in &bases[b].places {
                col_peers[pos[j as usize] as usize] &= fast.peers[c];
            }
        }
    }
    // The columns left out of the cover hold the fins: m - k of them, one or two. They are
    // walked in decreasing order as bits over the positions, so the covers (their
    // complements) come in increasing order, the order of a walk over the k-subsets.
    let all = (1u32 << m) - 1;
    // The cells of every column of the union, to take the fins' columns out of.
    let union_cells = col_cells[..m as usize].iter().fold(0u128, |a, &c| a | c);
    // Each base line's places as bits over the positions: one with none in the cover (all
    // in the fins' columns) cannot be a base of it.
    let mut line_pos = [0u32; MAX_SIZE];
    for (lp, &b) in line_pos.iter_mut().zip(chosen) {
        *lp = (0..m)
            .filter(|&i| bases[b].mask >> cols[i as usize] & 1 == 1)
            .fold(0, |a, i| a | 1 << i);
    }
    let line_pos = &line_pos[..chosen.len()];
    let mut pushed = false;
    for fins_at in fin_sets(m, k) {
        let chosen_cols = all & !fins_at;
        let cover: u64 = bits(u64::from(chosen_cols)).fold(0, |a, i| a | 1 << cols[i as usize]);
        // Every base line keeps a place in the cover.
        if cover & target_lines == 0 || line_pos.iter().any(|&p| p & chosen_cols == 0) {
            continue;
        }
        let mut elims = Vec::new();
        if fast.is_some() {
            // The places in the cover off the base lines that see every fin.
            let mut hit = off_base & union_cells;
            for i in bits(u64::from(fins_at)) {
                hit &= col_peers[i as usize] & !col_cells[i as usize];
            }
            while hit != 0 {
                elims.push(Candidate::at(hit.trailing_zeros() as usize, v));
                hit &= hit - 1;
            }
        } else {
            general_targets(board, lines, v, bases, chosen, cover, common, &mut elims);
        }
        if elims.is_empty() {
            continue;
        }
        let Some(found) = found.as_deref_mut() else {
            return true;
        };
        elims.sort_unstable();
        let sashimi = chosen
            .iter()
            .any(|&b| (bases[b].mask & cover).count_ones() == 1);
        let mut base: Vec<ShapeId> = chosen
            .iter()
            .map(|&b| ShapeId::new(bases[b].shape))
            .collect();
        base.sort_unstable();
        let cover_ids: Vec<ShapeId> = (0..64)
            .filter(|j| cover >> j & 1 == 1)
            .filter_map(|j| lines.cover[j])
            .map(ShapeId::new)
            .collect();
        let mut fins: Vec<CellId> = chosen
            .iter()
            .flat_map(|&b| bases[b].places.iter())
            .filter(|(j, _)| cover >> j & 1 == 0)
            .map(|&(_, c)| CellId::new(c))
            .collect();
        fins.sort_unstable();
        found[usize::from(sashimi)].push(Step::eliminating(
            elims,
            Deduction::FinnedFish {
                symbol: Symbol::new(v as usize),
                base,
                cover: cover_ids,
                fins,
                sashimi,
            },
        ));
        pushed = true;
    }
    pushed
}

/// The sets of fin columns of a base spanning `m` columns with `k` cover columns: the
/// (m - k)-subsets of the m positions as bits, in decreasing order (so their complements, the
/// covers, increase). m - k is 1 or 2 (the walk keeps the union k + 1 to k + 2 wide).
fn fin_sets(m: u32, k: usize) -> impl Iterator<Item = u32> {
    let d = m as usize - k;
    debug_assert!((1..=FIN_COLUMNS as usize).contains(&d));
    (0..m).rev().flat_map(move |a| {
        let lower = if d == 1 { 0..1 } else { 0..a };
        lower
            .rev()
            .map(move |b| if d == 1 { 1 << a } else { 1 << a | 1 << b })
    })
}

/// The targets of a finned fish, cell by cell (boards of more than 128 cells, and the tests'
/// oracle for the bitboard test): the places in the cover lines off the base lines that see
/// every fin, into `elims`.
#[allow(clippy::too_many_arguments)]
fn general_targets(
    board: &Board,
    lines: &Lines,
    v: u8,
    bases: &[BaseLine],
    chosen: &[usize],
    cover: u64,
    common: &mut Vec<u64>,
    elims: &mut Vec<Candidate>,
) {
    let g = board.geometry();
    let t = board.tables();
    let words = g.cell_count().div_ceil(64);
    let peers = |c: usize| &t.peer_bits[c * words..(c + 1) * words];
    // The cells seeing every fin.
    common.clear();
    common.resize(words, !0);
    for &b in chosen {
        for &(j, c) in &bases[b].places {
            if cover >> j & 1 == 0 {
                for (w, p) in common.iter_mut().zip(peers(c)) {
                    *w &= p;
                }
            }
        }
    }
    if common.iter().all(|&w| w == 0) {
        return;
    }
    let in_base = |c: usize| chosen.iter().any(|&b| lines.base_of[c] == bases[b].number);
    for j in bits(cover) {
        let Some(col) = lines.cover[j as usize] else {
            continue;
        };
        for &c in &g.shape(col).cells {
            if common[c / 64] >> (c % 64) & 1 == 1
                && board.value(c).is_none()
                && board.candidates(c).contains(v)
                && !in_base(c)
            {
                elims.push(Candidate::at(c, v));
            }
        }
    }
}

#[cfg(test)]
#[path = "finned_tests.rs"]
mod tests;
