//! Templates: for a symbol, a template is a set of cells it could occupy in a solution, one
//! cell in every house and no two cells in one no-repeat shape, each cell holding the symbol
//! or still having it as a candidate. The symbol's cells in the solution are one of its
//! templates, so a cell in every template holds it (Template Set) and a candidate in no
//! template is false (Template Delete). As HoDoKu does, the templates of a symbol that use a
//! cell every template of another symbol uses are dropped (two symbols cannot share a cell),
//! until none is.
//!
//! The templates are listed house by house over houses that split the grid (rows on most
//! geometries; found greedily in house order), so a geometry whose houses do not split its
//! cells (a Samurai, whose grids overlap) has none. The listing is bounded: a symbol with more
//! than [`MAX_TEMPLATES`] templates, or whose listing takes more than [`MAX_NODES`] choices, is
//! left out (an empty 9x9 has 46,656 per symbol, within the bound; a 16x16 has far more until
//! it fills up).

use crate::Symbol;
use crate::reason::board::Board;
use crate::reason::finder::Finder;
use crate::reason::step::{Candidate, Deduction, Step};

/// The most templates kept per symbol.
const MAX_TEMPLATES: usize = 10_000;
/// The most cell choices made listing one symbol's templates.
const MAX_NODES: usize = 100_000;

/// Template sets and deletes.
pub(crate) fn find(board: &Board, f: &mut Finder) {
    let Some(rows) = partition(board) else {
        return;
    };
    let g = board.geometry();
    let words = g.cell_count().div_ceil(64);
    let mut lists: Vec<Option<Vec<u64>>> = Vec::new();
    for v in 0..g.symbol_count() as u8 {
        if f.out_of_budget() {
            return;
        }
        let list = List::new(board, &rows, words, v);
        if list.as_ref().is_some_and(|t| t.is_empty()) {
            // No template: the position has no solution, and no step is right to give.
            return;
        }
        lists.push(list);
    }
    let must = refine(&mut lists, words);
    let mut steps = Vec::new();
    for (v, list) in lists.iter().enumerate() {
        let Some(list) = list else { continue };
        let v = v as u8;
        let count = list.len() / words;
        let placing: Vec<Candidate> = cells(&must[v as usize])
            .filter(|&c| board.value(c).is_none())
            .map(|c| Candidate::at(c, v))
            .collect();
        if !placing.is_empty() {
            steps.push(Step {
                placements: placing,
                eliminations: Vec::new(),
                deduction: template(v, count, true),
            });
        }
        let any = union(list, words);
        let gone: Vec<Candidate> = (0..g.cell_count())
            .filter(|&c| {
                board.value(c).is_none()
                    && board.candidates(c).contains(v)
                    && any[c / 64] >> (c % 64) & 1 == 0
            })
            .map(|c| Candidate::at(c, v))
            .collect();
        if !gone.is_empty() {
            steps.push(Step::eliminating(gone, template(v, count, false)));
        }
    }
    // Sets before deletes (HoDoKu's order), each by symbol.
    steps.sort_by_key(|s| s.placements.is_empty());
    for step in steps {
        if !f.push(step) {
            return;
        }
    }
}

fn template(v: u8, templates: usize, placing: bool) -> Deduction {
    Deduction::Template {
        symbol: Symbol::new(v as usize),
        templates,
        placing,
    }
}

/// Houses that split the cells, in house order, or `None` when the houses do not.
fn partition(board: &Board) -> Option<Vec<usize>> {
    let g = board.geometry();
    let mut covered = vec![false; g.cell_count()];
    let mut rows = Vec::new();
    for &h in &board.tables().houses {
        let cells = &g.shape(h).cells;
        if cells.iter().all(|&c| !covered[c]) {
            cells.iter().for_each(|&c| covered[c] = true);
            rows.push(h);
        }
    }
    (!rows.is_empty() && covered.iter().all(|&c| c)).then_some(rows)
}

/// The templates of one symbol, `words` words each, one after the other.
struct List;

impl List {
    /// Lists the templates of `v`, or `None` past the bounds.
    #[allow(clippy::new_ret_no_self)]
    fn new(board: &Board, rows: &[usize], words: usize, v: u8) -> Option<Vec<u64>> {
        let g = board.geometry();
        let options: Vec<Vec<usize>> = rows
            .iter()
            .map(|&h| {
                g.shape(h)
                    .cells
                    .iter()
                    .copied()
                    .filter(|&c| {
                        board.value(c) == Some(v)
                            || board.value(c).is_none() && board.candidates(c).contains(v)
                    })
                    .collect()
            })
            .collect();
        let houses: Vec<Vec<u64>> = board
            .tables()
            .houses
            .iter()
            .map(|&h| mask(&g.shape(h).cells, words))
            .collect();
        let mut walk = Walk {
            peers: &board.tables().peer_bits,
            words,
            options: &options,
            houses: &houses,
            picked: vec![0; words],
            blocked: vec![0; words * (rows.len() + 1)],
            out: Vec::new(),
            nodes: 0,
        };
        walk.go(0).then_some(walk.out)
    }
}

/// The listing's state: the cells picked so far and the cells they block, per depth.
struct Walk<'a> {
    peers: &'a [u64],
    words: usize,
    options: &'a [Vec<usize>],
    houses: &'a [Vec<u64>],
    picked: Vec<u64>,
    /// For each depth, the cells seen by (or equal to) the cells picked before it.
    blocked: Vec<u64>,
    out: Vec<u64>,
    nodes: usize,
}

impl Walk<'_> {
    /// Picks a cell of house `k` and goes on; false once past the bounds.
    fn go(&mut self, k: usize) -> bool {
        let w = self.words;
        if k == self.options.len() {
            // Houses beyond the split ones (columns, boxes, diagonals) need one cell each too.
            let whole = self
                .houses
                .iter()
                .all(|h| h.iter().zip(&self.picked).any(|(a, b)| a & b != 0));
            if whole {
                self.out.extend_from_slice(&self.picked);
            }
            return self.out.len() / w <= MAX_TEMPLATES;
        }
        for &c in &self.options[k] {
            if self.blocked[k * w + c / 64] >> (c % 64) & 1 != 0 {
                continue;
            }
            self.nodes += 1;
            if self.nodes > MAX_NODES {
                return false;
            }
            for i in 0..w {
                self.blocked[(k + 1) * w + i] = self.blocked[k * w + i] | self.peers[c * w + i];
            }
            self.blocked[(k + 1) * w + c / 64] |= 1 << (c % 64);
            self.picked[c / 64] |= 1 << (c % 64);
            let more = self.go(k + 1);
            self.picked[c / 64] &= !(1 << (c % 64));
            if !more {
                return false;
            }
        }
        true
    }
}

fn mask(cells: &[usize], words: usize) -> Vec<u64> {
    let mut m = vec![0; words];
    for &c in cells {
        m[c / 64] |= 1 << (c % 64);
    }
    m
}

/// Drops, until none is left to drop, the templates of a symbol that use a cell every
/// template of another symbol uses; returns the cells each symbol's templates all use.
fn refine(lists: &mut [Option<Vec<u64>>], words: usize) -> Vec<Vec<u64>> {
    let common = |list: &Option<Vec<u64>>| match list {
        Some(t) if !t.is_empty() => t.chunks(words).fold(vec![u64::MAX; words], |m, t| {
            m.iter().zip(t).map(|(a, b)| a & b).collect()
        }),
        _ => vec![0; words],
    };
    let mut must: Vec<Vec<u64>> = lists.iter().map(common).collect();
    loop {
        let mut dropped = false;
        for j in 0..lists.len() {
            let Some(list) = &mut lists[j] else { continue };
            let others: Vec<u64> = (0..words)
                .map(|i| {
                    (0..must.len())
                        .filter(|&k| k != j)
                        .fold(0, |m, k| m | must[k][i])
                })
                .collect();
            let before = list.len();
            let kept: Vec<u64> = list
                .chunks(words)
                .filter(|t| t.iter().zip(&others).all(|(a, b)| a & b == 0))
                .flatten()
                .copied()
                .collect();
            if kept.len() != before && !kept.is_empty() {
                *list = kept;
                must[j] = common(&lists[j]);
                dropped = true;
            }
        }
        if !dropped {
            return must;
        }
    }
}

/// The cells some template of the list uses.
fn union(list: &[u64], words: usize) -> Vec<u64> {
    list.chunks(words).fold(vec![0; words], |m, t| {
        m.iter().zip(t).map(|(a, b)| a | b).collect()
    })
}

/// The cells of a bitset.
fn cells(bits: &[u64]) -> impl Iterator<Item = usize> + '_ {
    bits.iter().enumerate().flat_map(|(i, &w)| {
        (0..64)
            .filter(move |b| w >> b & 1 != 0)
            .map(move |b| i * 64 + b)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::test_util::*;

    #[test]
    fn template_set_and_delete_constructed() {
        // 1 is left in row 1 only at r1c1, so every template of 1 uses r1c1 (Template Set) and
        // none uses another cell of column 1 or box 1 (Template Delete).
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        for c in 2..=9 {
            b.eliminate(cell(&g, 1, c), sym(1));
        }
        let mut f = Finder::new(100);
        find(&b, &mut f);
        let set = f
            .steps
            .iter()
            .find(|s| matches!(s.deduction, Deduction::Template { placing: true, .. }))
            .expect("a template set");
        assert_eq!(set.placements, vec![cand(&g, 1, 1, 1)]);
        let delete = f
            .steps
            .iter()
            .find(|s| matches!(s.deduction, Deduction::Template { placing: false, symbol, .. } if symbol == crate::Symbol::new(0)))
            .expect("a template delete");
        let mut want = String::new();
        for r in 2..=9 {
            want.push_str(&format!("r{r}c1<>1 "));
        }
        for (r, c) in [(2, 2), (2, 3), (3, 2), (3, 3)] {
            want.push_str(&format!("r{r}c{c}<>1 "));
        }
        assert_eq!(delete.eliminations, elims(&g, &want));
    }
}
