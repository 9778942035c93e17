//! Singles: full house (the last empty cell of a house), naked single (a cell with one
//! candidate), hidden single (a symbol with one place left in a house). Houses are any shapes
//! with as many cells as symbols, so these work on every geometry.
//!
//! ```
//! use shapedoku::{builtin, Puzzle, reason::{self, Board, Finder, Technique}};
//! let g = builtin::geometry("classic").unwrap();
//! let p = Puzzle::from_line(g, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").unwrap();
//! let mut f = Finder::new(1);
//! reason::basics::singles::hidden_single(&Board::new(&p), &mut f);
//! assert_eq!(f.steps[0].technique(), Technique::HiddenSingle);
//! assert_eq!(f.steps[0].placements.len(), 1);
//! ```

use crate::reason::board::Board;
use crate::reason::finder::Finder;
use crate::reason::step::{Candidate, Deduction, Step};
use crate::{ShapeId, ShapeKind};

/// Full house: a house with one empty cell gets the one symbol it lacks.
pub fn full_house(board: &Board, f: &mut Finder) {
    let t = board.tables();
    // The empty cells as bits: a house with other than one empty cell is passed over with a
    // few word operations, as nearly every house is, without reading its cells.
    let mut empties = [0u64; 4];
    let words = t.peer_words;
    let wide = words > empties.len();
    if !wide {
        for (c, v) in board.values().iter().enumerate() {
            if v.is_none() {
                empties[c / 64] |= 1 << (c % 64);
            }
        }
    }
    for (i, &h) in t.houses.iter().enumerate() {
        if !wide {
            // Exactly one empty cell: one word with a single bit, the others without any
            // (tested without counting bits, which costs a loop where no instruction does).
            let bits = t.house_bits(i);
            let (mut one, mut more) = (false, false);
            for w in 0..words {
                let x = bits[w] & empties[w];
                if x != 0 {
                    more |= one || x & (x - 1) != 0;
                    one = true;
                }
            }
            if !one || more {
                continue;
            }
        }
        let Some(step) = full_house_in(board, h) else {
            continue;
        };
        if !f.push(step) {
            return;
        }
    }
}

/// The full house of house `h`: its one empty cell gets the one symbol the house lacks; none
/// when the house has another number of empty cells, or (a contradictory board, left to the
/// caller) that symbol is not a candidate of the cell.
fn full_house_in(board: &Board, h: usize) -> Option<Step> {
    let mut empty = None;
    let mut count = 0;
    let mut placed = crate::SymbolSet::EMPTY;
    for &c in &board.geometry().shape(h).cells {
        match board.value(c) {
            Some(v) => placed = placed.with(v),
            None => {
                count += 1;
                empty = Some(c);
            }
        }
    }
    let (1, Some(c)) = (count, empty) else {
        return None;
    };
    let v = board
        .geometry()
        .symbols()
        .all()
        .minus(placed)
        .single_value()?;
    if !board.candidates(c).contains(v) {
        return None;
    }
    Some(Step::placing(
        Candidate::at(c, v),
        Deduction::FullHouse {
            house: ShapeId::new(h),
        },
    ))
}

/// Naked single: an empty cell with one candidate left.
pub fn naked_single(board: &Board, f: &mut Finder) {
    for c in 0..board.geometry().cell_count() {
        if board.value(c).is_some() {
            continue;
        }
        // One candidate: a set bit, and none left when it is cleared (a bit test where
        // `single_value` counts the bits, which costs a loop on every empty cell).
        let cs = board.candidates(c).0;
        if cs != 0 && cs & (cs - 1) == 0 {
            let v = cs.trailing_zeros() as u8;
            let step = Step::placing(Candidate::at(c, v), Deduction::NakedSingle);
            if !f.push(step) {
                return;
            }
        }
    }
}

/// Hidden single: a symbol not yet placed in a house with exactly one place left there.
/// Boxes and regions are searched first, as people scan them first.
pub fn hidden_single(board: &Board, f: &mut Finder) {
    let g = board.geometry();
    for h in boxes_first(board) {
        // One pass over the house's cells: the symbols seen in one empty cell only, and those
        // placed (what counting each symbol's places would tell, without the counts).
        let cells = &g.shape(h).cells;
        let (mut seen, mut once, mut placed) = (0u64, 0u64, 0u64);
        for &c in cells.iter().take(64) {
            match board.value(c) {
                Some(v) => placed |= 1 << v,
                None => {
                    let cs = board.candidates(c).0;
                    once = (once & !cs) | (cs & !seen);
                    seen |= cs;
                }
            }
        }
        for v in crate::SymbolSet(once & !placed).iter() {
            let Some(&c) = cells
                .iter()
                .take(64)
                .find(|&&c| board.value(c).is_none() && board.candidates(c).contains(v))
            else {
                continue;
            };
            if !push_hidden(f, h, Candidate::at(c, v)) {
                return;
            }
        }
    }
}

/// The houses, boxes and regions first (as people scan them first), each once.
fn boxes_first(board: &Board) -> impl Iterator<Item = usize> + '_ {
    let g = board.geometry();
    let boxy = move |h: usize| matches!(g.shape(h).kind, ShapeKind::Box | ShapeKind::Region);
    let houses = &board.tables().houses;
    let first = houses.iter().copied().filter(move |&h| boxy(h));
    first.chain(houses.iter().copied().filter(move |&h| !boxy(h)))
}

/// Pushes the hidden single `placement` of house `h`, unless another house already gave the
/// same placement; whether the finder wants more.
fn push_hidden(f: &mut Finder, h: usize, placement: Candidate) -> bool {
    if f.steps.iter().any(|s| s.placements[0] == placement) {
        return true;
    }
    f.push(Step::placing(
        placement,
        Deduction::HiddenSingle {
            house: ShapeId::new(h),
        },
    ))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::reason::test_util::{FISHY, HARD_PAIR, XorShift, empty_board};

    /// Positions to compare a search with its oracle on: every point of the logical solves of
    /// hard classic puzzles, each also thinned at random, and boards of other geometries
    /// filled and thinned at random (houses of every kind, some left with one empty cell,
    /// some contradictory).
    pub(crate) fn positions() -> Vec<Board> {
        let mut rng = XorShift(0x5eed_1e55);
        let mut out = Vec::new();
        let classic = crate::builtin::geometry("classic").unwrap();
        for line in HARD_PAIR.iter().chain(FISHY) {
            let p = crate::Puzzle::from_line(classic.clone(), line).unwrap();
            let mut b = Board::new(&p);
            while !b.is_solved() {
                out.push(b.clone());
                let mut thin = b.clone();
                thin_out(&mut thin, &mut rng, 12);
                out.push(thin);
                let Some(step) = crate::reason::solve::next_step(&b) else {
                    break;
                };
                b.apply(&step);
            }
        }
        for name in ["x-diagonal", "jigsaw", "samurai", "16x16"] {
            let g = crate::builtin::geometry(name).unwrap();
            let mut b = empty_board(&g);
            for _ in 0..g.cell_count() {
                let c = rng.below(g.cell_count());
                if let (None, Some(v)) = (b.value(c), b.candidates(c).first()) {
                    let k = rng.below(b.candidates(c).len() as usize);
                    b.place(c, b.candidates(c).iter().nth(k).unwrap_or(v));
                }
                thin_out(&mut b, &mut rng, 3);
                out.push(b.clone());
            }
        }
        out
    }

    /// Removes `k` candidates picked at random (where they are left).
    fn thin_out(b: &mut Board, rng: &mut XorShift, k: usize) {
        let g = b.geometry().clone();
        for _ in 0..k {
            let c = rng.below(g.cell_count());
            b.eliminate(c, rng.below(g.symbol_count()) as u8);
        }
    }

    /// The searches before the bit tricks (which houses to read, by counting bits; the
    /// reading of one house and the step pushed are shared with the searches): the
    /// references the faster ones must match step for step.
    fn full_house_before(board: &Board, f: &mut Finder) {
        let t = board.tables();
        let mut empties = [0u64; 4];
        let words = t.peer_words;
        let wide = words > empties.len();
        if !wide {
            for (c, v) in board.values().iter().enumerate() {
                if v.is_none() {
                    empties[c / 64] |= 1 << (c % 64);
                }
            }
        }
        for (i, &h) in t.houses.iter().enumerate() {
            if !wide {
                let bits = t.house_bits(i);
                let n: u32 = (0..words)
                    .map(|w| (bits[w] & empties[w]).count_ones())
                    .sum();
                if n != 1 {
                    continue;
                }
            }
            let Some(step) = full_house_in(board, h) else {
                continue;
            };
            if !f.push(step) {
                return;
            }
        }
    }

    fn hidden_single_before(board: &Board, f: &mut Finder) {
        let g = board.geometry();
        let n = g.symbol_count();
        let mut masks = [0u64; 64];
        for h in boxes_first(board) {
            let placed = board.place_masks(h, &mut masks);
            for v in 0..n as u8 {
                let m = masks[v as usize];
                if placed.contains(v) || m.count_ones() != 1 {
                    continue;
                }
                let placement = Candidate::at(g.shape(h).cells[m.trailing_zeros() as usize], v);
                if !push_hidden(f, h, placement) {
                    return;
                }
            }
        }
    }

    /// Whether `new` and `old` find the same steps, in order, on every position, with room
    /// for one step and for many; returns how many steps they found.
    pub(crate) fn same_steps(
        new: crate::reason::finder::FindFn,
        old: crate::reason::finder::FindFn,
    ) -> usize {
        let mut found = 0;
        for b in positions() {
            for limit in [1, 1000] {
                let (mut a, mut o) = (Finder::new(limit), Finder::new(limit));
                new(&b, &mut a);
                old(&b, &mut o);
                assert_eq!(format!("{:?}", a.steps), format!("{:?}", o.steps));
                found += a.steps.len();
            }
        }
        found
    }

    #[test]
    fn full_house_matches_the_one_before() {
        let found = same_steps(full_house, full_house_before);
        assert!(found > 500, "{found}");
    }

    #[test]
    fn hidden_single_matches_the_one_before() {
        let found = same_steps(hidden_single, hidden_single_before);
        assert!(found > 1000, "{found}");
    }
}
