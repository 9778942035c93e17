//! WXYZ-wing, by peers so it works on any geometry: a pivot and three wings it sees, four
//! cells holding four symbols between them. A symbol is *restricted* when all its places among
//! the four see one another, so it fills at most one of them. When every symbol but z is
//! restricted, the three others fill at most three of the four cells, so z fills one: every
//! cell seeing all the places of z among the four loses it. (XY- and XYZ-wings are the same
//! argument on three cells; they are found, and named, before this.)

use super::xy::{any_common_target, common_targets};
use crate::reason::board::Board;
use crate::reason::finder::Finder;
use crate::reason::step::{CellCandidates, Deduction, Step};
use crate::symbols::SymbolSet;
use crate::{CellId, Symbol};

/// The symbols two of the cells share when the two do not see each other: a symbol is
/// unrestricted exactly when two of its places among the four are such a pair, so the union
/// of these over the pairs is the set of unrestricted symbols, and it only grows as cells
/// join.
fn apart(board: &Board, a: usize, b: usize) -> SymbolSet {
    if board.sees(a, b) {
        SymbolSet::default()
    } else {
        board.candidates(a).intersect(board.candidates(b))
    }
}

/// Whether `s` holds more than `n` symbols, by clearing its lowest `n` bits: the build has no
/// population-count instruction, and this runs for every triple of wings.
#[inline]
fn more_than(s: SymbolSet, n: u32) -> bool {
    let mut x = s.0;
    for _ in 0..n {
        x &= x.wrapping_sub(1);
    }
    x != 0
}

/// A wing candidate of a pivot: its cell, candidates, and the symbols it shares with the pivot
/// out of its sight ([`apart`]), read once per pivot instead of once per triple.
#[derive(Clone, Copy)]
struct Wing {
    cell: usize,
    cands: SymbolSet,
    apart: SymbolSet,
}

/// What earlier WXYZ-wing searches on a board's line of play found no wing triple around.
///
/// Why it is exact: around a pivot, which triples pass (before any target is looked at) depends
/// only on the values and candidates of the pivot and its peers, the wings being peers, with
/// the board's fixed sight. A pivot with no passing triple gives no step; while none of those
/// cells changes, it has none still and is skipped, which leaves every other pivot's steps,
/// and their order, as they were.
#[derive(Default)]
pub(crate) struct Memo {
    /// Each cell's value and candidates at the last search.
    last: Vec<(Option<u8>, SymbolSet)>,
    /// Per cell, the search (numbered by `clock`) that first saw its present state.
    changed: Vec<u32>,
    /// Per pivot, the search that found no triple around it, or 0.
    empty: Vec<u32>,
    /// The number of the present search.
    clock: u32,
}

impl Memo {
    /// Numbers a new search on `board` and notes the cells changed since the last one.
    fn start(&mut self, board: &Board) {
        let n = board.geometry().cell_count();
        let state = |c: usize| (board.value(c), board.candidates(c));
        if self.last.len() != n {
            self.last = (0..n).map(state).collect();
            self.changed = vec![0; n];
            self.empty = vec![0; n];
            self.clock = 0;
        }
        self.clock += 1;
        for (c, last) in self.last.iter_mut().enumerate() {
            let now = state(c);
            if *last != now {
                *last = now;
                self.changed[c] = self.clock;
            }
        }
    }

    /// Whether `pivot` had no triple at a search since which neither it nor a peer changed.
    fn skips(&self, board: &Board, pivot: usize) -> bool {
        let at = self.empty[pivot];
        at != 0
            && self.changed[pivot] <= at
            && board
                .geometry()
                .peers(pivot)
                .iter()
                .all(|&p| self.changed[p as usize] <= at)
    }
}

/// WXYZ-wings: for each pivot, its wing triples in peer order, as [`find_reference`] takes
/// them. A first wing that already leaves two unrestricted symbols with the pivot is passed
/// over whole: the unrestricted symbols only grow as wings join, so every triple through it
/// has two or more. Pivots [`Memo`] knows to have no triple are skipped.
pub(crate) fn find(board: &Board, f: &mut Finder) {
    let g = board.geometry();
    let fits = |c: usize| {
        let s = board.candidates(c);
        board.value(c).is_none() && more_than(s, 1) && !more_than(s, 4)
    };
    let mut memo = board.memo::<crate::reason::memo::Memo<Memo>>().lock();
    memo.start(board);
    let mut wings: Vec<Wing> = Vec::new();
    for pivot in 0..g.cell_count() {
        if !fits(pivot) || memo.skips(board, pivot) {
            continue;
        }
        let pc = board.candidates(pivot);
        wings.clear();
        wings.extend(
            g.peers(pivot)
                .iter()
                .map(|&p| p as usize)
                .filter(|&p| fits(p) && !more_than(board.candidates(p).union(pc), 4))
                .map(|p| Wing {
                    cell: p,
                    cands: board.candidates(p),
                    apart: apart(board, pivot, p),
                }),
        );
        let mut passed = false;
        for (i, a) in wings.iter().enumerate() {
            if more_than(a.apart, 1) {
                continue;
            }
            let ua = pc.union(a.cands);
            for (j, b) in wings.iter().enumerate().skip(i + 1) {
                let ub = ua.union(b.cands);
                if more_than(ub, 4) {
                    continue;
                }
                let bad_b = a.apart.union(b.apart).union(apart(board, a.cell, b.cell));
                // A second unrestricted symbol stays whatever the third wing is.
                if more_than(bad_b, 1) {
                    continue;
                }
                for c in &wings[j + 1..] {
                    let union = ub.union(c.cands);
                    if !more_than(union, 3) || more_than(union, 4) {
                        continue;
                    }
                    let bad = bad_b
                        .union(c.apart)
                        .union(apart(board, a.cell, c.cell))
                        .union(apart(board, b.cell, c.cell));
                    if bad.is_empty() || more_than(bad, 1) {
                        continue;
                    }
                    passed = true;
                    let z = bad.0.trailing_zeros() as u8;
                    if !wing(board, f, [pivot, a.cell, b.cell, c.cell], z) {
                        return;
                    }
                }
            }
        }
        memo.empty[pivot] = if passed { 0 } else { memo.clock };
    }
}

/// The step of pivot and wings `cells` on the one unrestricted symbol `z`, if it eliminates;
/// false when the finder is full.
fn wing(board: &Board, f: &mut Finder, cells: [usize; 4], z: u8) -> bool {
    let (mut held, mut n) = ([0usize; 4], 0);
    for &x in cells.iter().filter(|&&x| board.candidates(x).contains(z)) {
        held[n] = x;
        n += 1;
    }
    let seen = &held[..n];
    if !any_common_target(board, seen, z, &cells) {
        return true;
    }
    let mut elim = common_targets(board, seen, z);
    elim.retain(|e| !cells.contains(&e.cell_index()));
    if elim.is_empty() {
        return true;
    }
    let named = |x: usize| CellCandidates {
        cell: CellId::new(x),
        symbols: board.candidates(x),
    };
    let [pivot, a, b, c] = cells;
    let step = Step::eliminating(
        elim,
        Deduction::WxyzWing {
            pivot: named(pivot),
            wings: vec![named(a), named(b), named(c)],
            symbol: Symbol::new(z as usize),
        },
    );
    f.push(step)
}

/// WXYZ-wings as first written (every triple of wings, the sight tests redone per triple): the
/// oracle [`find`] is checked against.
#[cfg(test)]
fn find_reference(board: &Board, f: &mut Finder) {
    let g = board.geometry();
    let fits = |c: usize| board.value(c).is_none() && (2..=4).contains(&board.candidates(c).len());
    let mut wings: Vec<usize> = Vec::new();
    for pivot in 0..g.cell_count() {
        if !fits(pivot) {
            continue;
        }
        let pc = board.candidates(pivot);
        wings.clear();
        wings.extend(
            g.peers(pivot)
                .iter()
                .map(|&p| p as usize)
                .filter(|&p| fits(p) && board.candidates(p).union(pc).len() <= 4),
        );
        for (i, &a) in wings.iter().enumerate() {
            let ua = pc.union(board.candidates(a));
            let bad_a = apart(board, pivot, a);
            for (j, &b) in wings.iter().enumerate().skip(i + 1) {
                let ub = ua.union(board.candidates(b));
                if ub.len() > 4 {
                    continue;
                }
                let bad_b = bad_a
                    .union(apart(board, pivot, b))
                    .union(apart(board, a, b));
                // A second unrestricted symbol stays whatever the third wing is.
                if bad_b.len() > 1 {
                    continue;
                }
                for &c in &wings[j + 1..] {
                    let union = ub.union(board.candidates(c));
                    if union.len() != 4 {
                        continue;
                    }
                    let bad = bad_b
                        .union(apart(board, pivot, c))
                        .union(apart(board, a, c))
                        .union(apart(board, b, c));
                    let Some(z) = bad.single_value() else {
                        continue;
                    };
                    let cells = [pivot, a, b, c];
                    let (mut held, mut n) = ([0usize; 4], 0);
                    for &x in cells.iter().filter(|&&x| board.candidates(x).contains(z)) {
                        held[n] = x;
                        n += 1;
                    }
                    let seen = &held[..n];
                    if !any_common_target(board, seen, z, &cells) {
                        continue;
                    }
                    let mut elim = common_targets(board, seen, z);
                    elim.retain(|e| !cells.contains(&e.cell_index()));
                    if elim.is_empty() {
                        continue;
                    }
                    let named = |x: usize| CellCandidates {
                        cell: CellId::new(x),
                        symbols: board.candidates(x),
                    };
                    let step = Step::eliminating(
                        elim,
                        Deduction::WxyzWing {
                            pivot: named(pivot),
                            wings: vec![named(a), named(b), named(c)],
                            symbol: Symbol::new(z as usize),
                        },
                    );
                    if !f.push(step) {
                        return;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::test_util::*;

    /// The search finds what the reference finds, in order, on boards along logical solves,
    /// each also thinned by a fixed pseudo-random run of eliminations (which makes many more
    /// cells of two to four candidates).
    #[test]
    fn matches_reference() {
        let mut found = 0;
        let seed = 0x2545_f491_4f6c_dd1du64;
        along_thinned_solves(
            &HARD_PAIR,
            seed,
            4,
            |r| 8 + r * 8,
            |thin, _| {
                for limit in [1, 1000] {
                    let (mut new, mut old) = (Finder::new(limit), Finder::new(limit));
                    find(thin, &mut new);
                    find_reference(thin, &mut old);
                    assert_eq!(format!("{:?}", new.steps), format!("{:?}", old.steps));
                    found += new.steps.len();
                }
            },
        );
        assert!(found > 50, "{found}");
    }

    /// A search with the memo warm along a line of play (a logical solve, thinned a little
    /// at each step) finds what a search on a fresh copy of the board finds.
    #[test]
    fn memo_matches_fresh_board() {
        let g = crate::builtin::geometry("classic").unwrap();
        let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
        let (mut found, mut skipped) = (0, 0);
        for line in HARD_PAIR {
            let p = crate::Puzzle::from_line(g.clone(), line).unwrap();
            let mut b = Board::new(&p);
            loop {
                for limit in [1, 1000] {
                    let (mut warm, mut fresh) = (Finder::new(limit), Finder::new(limit));
                    find(&b, &mut warm);
                    find(&b.clone(), &mut fresh);
                    assert_eq!(format!("{:?}", warm.steps), format!("{:?}", fresh.steps));
                    found += warm.steps.len();
                }
                let memo = b.memo::<crate::reason::memo::Memo<Memo>>().lock();
                skipped += (0..81).filter(|&c| memo.skips(&b, c)).count();
                drop(memo);
                for _ in 0..3 {
                    let c = rng.below(81);
                    if b.candidates(c).len() > 2 {
                        b.eliminate(c, rng.below(9) as u8);
                    }
                }
                let Some(step) = crate::reason::solve::next_step(&b) else {
                    break;
                };
                b.apply(&step);
            }
        }
        assert!(found > 20 && skipped > 500, "{found} {skipped}");
    }

    #[test]
    fn wxyz_wing_constructed() {
        // Pivot r1c1 {1,2,3,4}; wings r1c5 {1,4} (row 1), r2c2 {2,4} and r3c3 {3,4} (box 1).
        // 1, 2 and 3 each have all their places in sight of one another; 4 does not (r1c5 and
        // r2c2 are not peers), so 4 is in one of the cells: r1c2 and r1c3 (row 1 and box 1)
        // see all four places of 4 and lose it.
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        b.set_candidates(cell(&g, 1, 1), set(&[1, 2, 3, 4]));
        b.set_candidates(cell(&g, 1, 5), set(&[1, 4]));
        b.set_candidates(cell(&g, 2, 2), set(&[2, 4]));
        b.set_candidates(cell(&g, 3, 3), set(&[3, 4]));
        let mut f = Finder::new(10);
        find(&b, &mut f);
        assert_eq!(f.steps.len(), 1, "{:?}", f.steps);
        let s = &f.steps[0];
        assert_eq!(s.eliminations, elims(&g, "r1c2<>4 r1c3<>4"));
        let named = |r, c, ds: &[u8]| CellCandidates {
            cell: cell_id(&g, r, c),
            symbols: set(ds),
        };
        assert_eq!(
            s.deduction,
            Deduction::WxyzWing {
                pivot: named(1, 1, &[1, 2, 3, 4]),
                wings: vec![
                    named(1, 5, &[1, 4]),
                    named(2, 2, &[2, 4]),
                    named(3, 3, &[3, 4])
                ],
                symbol: symbol(4),
            }
        );
    }

    #[test]
    fn two_unrestricted_symbols_give_nothing() {
        // Pivot r1c1 {1,2,3,4}, wings r1c5 {1,4}, r2c2 {2,3}, r5c1 {3,4}: 3 (r2c2, r5c1) and
        // 4 (r1c5, r5c1) both have places out of each other's sight.
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        b.set_candidates(cell(&g, 1, 1), set(&[1, 2, 3, 4]));
        b.set_candidates(cell(&g, 1, 5), set(&[1, 4]));
        b.set_candidates(cell(&g, 2, 2), set(&[2, 3]));
        b.set_candidates(cell(&g, 5, 1), set(&[3, 4]));
        let mut f = Finder::new(10);
        find(&b, &mut f);
        assert!(f.steps.is_empty(), "{:?}", f.steps);
    }
}
