//! Sum cages: the analysis of a cage's surviving combinations, and combination elimination.
//!
//! A cage's surviving combinations are the sets of distinct symbols that add up to its total
//! *and* can be assigned to its cells within their current candidates (an exact matching test,
//! not just "every symbol is somewhere in the cage"). A candidate that no surviving assignment
//! uses is eliminated (cage combination). The analysis also serves cage overlap
//! (`cage_overlap.rs`).

use crate::ShapeId;
use crate::geometry::Rule;
use crate::reason::board::Board;
use crate::reason::finder::Finder;
use crate::reason::step::{Candidate, Deduction, Step};
use crate::symbols::SymbolSet;

/// Largest number of empty cells in a cage that is analysed (the matching test is 2^k).
const MAX_CAGE_CELLS: usize = 12;

/// The result of analysing one cage on the current candidates.
pub(crate) struct CageFit {
    /// Empty cells of the cage, in shape order.
    pub cells: Vec<usize>,
    /// Symbols already placed in the cage.
    pub placed: SymbolSet,
    /// Surviving combinations of the empty cells' symbols.
    pub combos: Vec<SymbolSet>,
    /// For each empty cell, the candidates some surviving assignment uses.
    pub support: Vec<SymbolSet>,
}

/// Analyses a distinct-symbol sum shape. `need` restricts to combinations containing those
/// symbols. `None` when the shape is not a distinct sum, is full, or is too large to analyse.
pub(crate) fn analyse(board: &Board, shape: usize, need: SymbolSet) -> Option<CageFit> {
    let g = board.geometry();
    let s = g.shape(shape);
    let Rule::Sum {
        total,
        distinct: true,
    } = s.rule
    else {
        return None;
    };
    let syms = g.symbols();
    let mut cells = Vec::with_capacity(s.cells.len());
    let mut placed = SymbolSet::EMPTY;
    let mut rest = total;
    for &c in &s.cells {
        match board.value(c) {
            Some(v) => {
                placed = placed.with(v);
                rest -= syms.value(v);
            }
            None => cells.push(c),
        }
    }
    if cells.is_empty() || cells.len() > MAX_CAGE_CELLS {
        return None;
    }
    let need = need.minus(placed);
    let mut avail = SymbolSet::EMPTY;
    for &c in &cells {
        avail = avail.union(board.candidates(c));
    }
    avail = avail.minus(placed);
    let pool: Vec<u8> = avail.iter().collect();
    let values: Vec<i64> = pool.iter().map(|&v| syms.value(v)).collect();
    let positive = values.iter().all(|&v| v > 0);
    let mut fit = CageFit {
        support: vec![SymbolSet::EMPTY; cells.len()],
        cells,
        placed,
        combos: Vec::new(),
    };
    let mut pick = Vec::with_capacity(fit.cells.len());
    let mut dp = DpBuf::default();
    combos_rec(
        board,
        &pool,
        &values,
        positive,
        0,
        fit.cells.len(),
        rest,
        need,
        &mut pick,
        &mut fit,
        &mut dp,
    );
    Some(fit)
}

#[derive(Default)]
struct DpBuf {
    fwd: Vec<bool>,
    bwd: Vec<bool>,
}

#[allow(clippy::too_many_arguments)]
fn combos_rec(
    board: &Board,
    pool: &[u8],
    values: &[i64],
    positive: bool,
    start: usize,
    k: usize,
    rest: i64,
    need: SymbolSet,
    pick: &mut Vec<u8>,
    fit: &mut CageFit,
    dp: &mut DpBuf,
) {
    if pick.len() == k {
        if rest == 0 {
            let combo: SymbolSet = pick.iter().copied().collect();
            if need.is_subset(combo) && matching(board, pick, fit, dp) {
                fit.combos.push(combo);
            }
        }
        return;
    }
    if positive && rest <= 0 {
        return;
    }
    for i in start..pool.len() {
        if pool.len() - i < k - pick.len() {
            break;
        }
        pick.push(pool[i]);
        combos_rec(
            board,
            pool,
            values,
            positive,
            i + 1,
            k,
            rest - values[i],
            need,
            pick,
            fit,
            dp,
        );
        pick.pop();
    }
}

/// Whether the combination can be assigned to the cells (one symbol each, within candidates);
/// adds every usable (cell, symbol) to `fit.support`. Forward and backward reachability over
/// subsets of the combination: cell i may take symbol j when the first i cells can take some
/// subset without j and the remaining cells the rest.
fn matching(board: &Board, combo: &[u8], fit: &mut CageFit, dp: &mut DpBuf) -> bool {
    let k = combo.len();
    let full = (1usize << k) - 1;
    let cand: Vec<u32> = fit
        .cells
        .iter()
        .map(|&c| {
            let cs = board.candidates(c);
            combo
                .iter()
                .enumerate()
                .filter(|&(_, &s)| cs.contains(s))
                .fold(0u32, |m, (j, _)| m | 1 << j)
        })
        .collect();
    dp.fwd.clear();
    dp.fwd.resize(full + 1, false);
    dp.bwd.clear();
    dp.bwd.resize(full + 1, false);
    dp.fwd[0] = true;
    dp.bwd[0] = true;
    for mask in 0..=full {
        let i = mask.count_ones() as usize;
        if i == k {
            continue;
        }
        if dp.fwd[mask] {
            let mut free = cand[i] as usize & !mask;
            while free != 0 {
                let b = free & free.wrapping_neg();
                dp.fwd[mask | b] = true;
                free &= free - 1;
            }
        }
        if dp.bwd[mask] {
            let mut free = cand[k - 1 - i] as usize & !mask;
            while free != 0 {
                let b = free & free.wrapping_neg();
                dp.bwd[mask | b] = true;
                free &= free - 1;
            }
        }
    }
    if !dp.fwd[full] {
        return false;
    }
    for mask in 0..full {
        if !dp.fwd[mask] {
            continue;
        }
        let i = mask.count_ones() as usize;
        let mut free = cand[i] as usize & !mask;
        while free != 0 {
            let b = free & free.wrapping_neg();
            if dp.bwd[full ^ mask ^ b] {
                fit.support[i] = fit.support[i].with(combo[b.trailing_zeros() as usize]);
            }
            free &= free - 1;
        }
    }
    true
}

/// Candidates no surviving assignment uses.
pub(crate) fn eliminations(board: &Board, fit: &CageFit) -> Vec<Candidate> {
    let mut out = Vec::new();
    for (i, &c) in fit.cells.iter().enumerate() {
        for v in board.candidates(c).minus(fit.support[i]).iter() {
            out.push(Candidate::at(c, v));
        }
    }
    out
}

fn full_combos(fit: &CageFit) -> Vec<SymbolSet> {
    fit.combos.iter().map(|c| c.union(fit.placed)).collect()
}

/// Combination elimination: candidates no surviving combination can use.
pub(crate) fn find_combinations(board: &Board, f: &mut Finder) {
    let g = board.geometry();
    for shape in 0..g.shapes().len() {
        let Some(fit) = analyse(board, shape, SymbolSet::EMPTY) else {
            continue;
        };
        let elim = eliminations(board, &fit);
        if elim.is_empty() {
            continue;
        }
        let step = Step::eliminating(
            elim,
            Deduction::CageCombination {
                cage: ShapeId::new(shape),
                combos: full_combos(&fit),
            },
        );
        if !f.push(step) {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::catalogue::Technique;
    use crate::reason::test_util::*;

    #[test]
    fn combination_uses_exact_matching() {
        // Cage 10 over r1c1 r1c2 r1c3 (distinct): combos 127 136 145 235. r1c1 and r1c2 hold
        // only {1,2}: then r1c3 must be 7 (1+2+7) and 3,4,5,6 go from r1c3.
        let (g, cage) = killer_4cells(&["r1c1 r1c2 r1c3"], &[10]);
        let mut b = empty_board(&g);
        b.set_candidates(cell(&g, 1, 1), set(&[1, 2]));
        b.set_candidates(cell(&g, 1, 2), set(&[1, 2]));
        b.set_candidates(cell(&g, 1, 3), set(&[3, 4, 5, 6, 7]));
        let mut f = Finder::new(10);
        find_combinations(&b, &mut f);
        assert_eq!(f.steps.len(), 1);
        let s = &f.steps[0];
        assert_eq!(s.technique(), Technique::CageCombination);
        assert_eq!(s.eliminations, elims(&g, "r1c3<>3 r1c3<>4 r1c3<>5 r1c3<>6"));
        assert_eq!(
            s.deduction,
            Deduction::CageCombination {
                cage: ShapeId::new(cage[0]),
                combos: vec![set(&[1, 2, 7])]
            }
        );
    }

    #[test]
    fn two_cell_cage_restricts_candidates() {
        // Cage 3 in two cells: only {1,2}.
        let (g, cage) = killer_4cells(&["r5c5 r5c6"], &[3]);
        let b = empty_board(&g);
        let mut f = Finder::new(10);
        find_combinations(&b, &mut f);
        assert_eq!(f.steps.len(), 1);
        assert_eq!(f.steps[0].eliminations.len(), 14);
        assert_eq!(
            f.steps[0].deduction,
            Deduction::CageCombination {
                cage: ShapeId::new(cage[0]),
                combos: vec![set(&[1, 2])]
            }
        );
        let mut b2 = b.clone();
        b2.apply(&f.steps[0]);
        let mut f = Finder::new(10);
        find_combinations(&b2, &mut f);
        assert!(f.steps.is_empty());
    }
}
