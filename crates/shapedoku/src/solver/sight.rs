//! What a line's cells see of the houses, compiled once per line so a line rule can use the
//! houses' "each symbol once": which cells of the line are peers of each other, the groups of
//! its cells that share a no-repeat shape (they hold different symbols), and the cells off the
//! line or on it that see every cell of some set of its cells (a value the line must place in one of
//! those cells cannot go there).
//!
//! Only the geometry's peers count (its no-repeat shapes): rules such as anti-knight are left
//! out, which is sound (fewer peers, fewer deductions). Lines of more than [`MAX_LINE`] cells
//! get no sight: their rules reason without the houses.

use crate::{Geometry, Rule};

/// The longest line that gets sight: positions on the line are bits of a `u64`.
pub(super) const MAX_LINE: usize = 64;

/// The most words of the bitset over the cells around a line that [`Sight::seen_by_all`]
/// fills on the stack (4,096 cells).
pub(super) const MAX_WORDS: usize = 64;

/// How the cells of one line see each other and the cells around it.
#[derive(Debug, Clone, Default)]
pub(super) struct Sight {
    /// `pairs[i]`: bit `j` set when cells `i` and `j` of the line are peers.
    pairs: Vec<u64>,
    /// For each no-repeat shape holding two or more cells of the line, those cells as a mask
    /// of line positions (each mask once).
    groups: Vec<u64>,
    /// The cells that are a peer of some cell of the line (on it or off it), sorted.
    around: Vec<u32>,
    /// Words per line cell in `masks`.
    words: usize,
    /// Per line cell, a bitset over `around`: the cells around it sees.
    masks: Vec<u64>,
}

impl Sight {
    /// The sight of the line `cells` (distinct cells of `g`).
    pub(super) fn new(g: &Geometry, cells: &[u32]) -> Sight {
        let n = cells.len();
        if n > MAX_LINE || cells.iter().any(|&c| c as usize >= g.cell_count()) {
            return Sight::default();
        }
        let pairs = (0..n)
            .map(|i| {
                (0..n)
                    .filter(|&j| j != i && g.are_peers(cells[i] as usize, cells[j] as usize))
                    .fold(0u64, |m, j| m | 1 << j)
            })
            .collect();
        let mut groups: Vec<u64> = Vec::new();
        let mut shapes: Vec<u32> = cells
            .iter()
            .flat_map(|&c| g.shapes_of(c as usize).iter().copied())
            .collect();
        shapes.sort_unstable();
        shapes.dedup();
        for s in shapes {
            let shape = &g.shapes()[s as usize];
            if shape.rule != Rule::NoRepeat {
                continue;
            }
            let m = (0..n)
                .filter(|&i| shape.cells.contains(&(cells[i] as usize)))
                .fold(0u64, |m, i| m | 1 << i);
            if m.count_ones() >= 2 && !groups.contains(&m) {
                groups.push(m);
            }
        }
        let mut around: Vec<u32> = cells
            .iter()
            .flat_map(|&c| g.peers(c as usize).iter().copied())
            .collect();
        around.sort_unstable();
        around.dedup();
        let words = around.len().div_ceil(64);
        let mut masks = vec![0u64; n * words];
        for (i, &c) in cells.iter().enumerate() {
            for &p in g.peers(c as usize) {
                if let Ok(k) = around.binary_search(&p) {
                    masks[i * words + k / 64] |= 1 << (k % 64);
                }
            }
        }
        Sight {
            pairs,
            groups,
            around,
            words,
            masks,
        }
    }

    /// Whether cells `i` and `j` of the line are peers.
    #[inline]
    pub(super) fn sees(&self, i: usize, j: usize) -> bool {
        self.pairs.get(i).is_some_and(|m| m >> j & 1 == 1)
    }

    /// The groups of line positions that share a no-repeat shape.
    #[inline]
    pub(super) fn groups(&self) -> &[u64] {
        &self.groups
    }

    /// Calls `f` with each cell that sees every line cell of `holders` (a non-empty mask of
    /// line positions; a cell is not its own peer, so never a holder), stopping at the first
    /// error. Nothing is allocated:
    /// the intersection is built on the stack (a line whose surroundings need more than
    /// [`MAX_WORDS`] words is skipped).
    #[inline]
    pub(super) fn seen_by_all<E>(
        &self,
        holders: u64,
        mut f: impl FnMut(u32) -> Result<bool, E>,
    ) -> Result<bool, E> {
        let w = self.words;
        if holders == 0 || w == 0 || w > MAX_WORDS || self.masks.is_empty() {
            return Ok(false);
        }
        let mut acc = [u64::MAX; MAX_WORDS];
        let mut h = holders;
        while h != 0 {
            let i = h.trailing_zeros() as usize;
            h &= h - 1;
            let row = &self.masks[i * w..(i + 1) * w];
            let mut any = 0;
            for (a, &m) in acc[..w].iter_mut().zip(row) {
                *a &= m;
                any |= *a;
            }
            if any == 0 {
                return Ok(false);
            }
        }
        let mut changed = false;
        for (k, &word) in acc[..w].iter().enumerate() {
            let mut m = word;
            while m != 0 {
                let b = m.trailing_zeros() as usize;
                m &= m - 1;
                changed |= f(self.around[k * 64 + b])?;
            }
        }
        Ok(changed)
    }
}

/// The first of `groups` (masks of line places whose cells see each other) whose cells'
/// candidates (`get(place)`) hold fewer symbols of `class` than the group has cells: they
/// cannot all hold values of that class.
#[inline]
pub(super) fn short_group(groups: &[u64], class: u64, get: impl Fn(usize) -> u64) -> Option<u64> {
    groups.iter().copied().find(|&group| {
        let mut m = group;
        let mut union = 0u64;
        while m != 0 {
            union |= get(m.trailing_zeros() as usize);
            m &= m - 1;
        }
        (union & class).count_ones() < group.count_ones()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pair_in_one_box_sees_the_rest_of_the_box_and_its_row() {
        let g = crate::builtin::geometry("classic").unwrap();
        // r1c1 r1c2: row 1 and box 1.
        let s = Sight::new(&g, &[0, 1]);
        assert!(s.sees(0, 1) && s.sees(1, 0));
        assert_eq!(s.groups(), &[0b11]);
        let mut seen = Vec::new();
        s.seen_by_all(0b11, |c| {
            seen.push(c);
            Ok::<bool, ()>(false)
        })
        .unwrap();
        // Row 1's other 7 cells and box 1's other 4 (r2c1..r3c3 minus none on row 1).
        let want: Vec<u32> = (2..9).chain([9, 10, 11, 18, 19, 20]).collect();
        seen.sort_unstable();
        assert_eq!(seen, want);
        // r1c1 alone sees 20 cells, one of them the other cell of the line.
        let mut seen = Vec::new();
        s.seen_by_all(0b01, |c| {
            seen.push(c);
            Ok::<bool, ()>(false)
        })
        .unwrap();
        assert_eq!(seen.len(), 20);
        assert!(seen.contains(&1) && !seen.contains(&0));
    }
}
