//! Relations on listed pairs of cells, propagated to the line's fixed point: German whispers
//! (neighbours along the line), palindromes and clones (cells that must be equal).
//!
//! Every pair is kept arc consistent: each value of a cell keeps a candidate of its partner
//! that the law allows ([`Why::Partner`]). Along a whisper line one pass forward and one back
//! reach that fixed point (a path is a tree); matched pairs are revised until nothing changes.
//! Whispers also use what the rule means as a whole, with the houses:
//!
//! - a value no value of the alphabet is far enough from (5 on German whispers) goes at once
//!   ([`Why::NoPartnerValue`]);
//! - a cell whose two neighbours see each other needs two different partners, so a value whose
//!   only partner there is one and the same value goes (a 4 between two cells of one box)
//!   ([`Why::SamePartner`]);
//! - a value every allowed pair of two neighbours uses is on one of them: cells that see both
//!   lose it ([`Why::PairNeeds`]);
//! - when the values split into two sides with every allowed pair one of each (low 1-4 and
//!   high 6-9 on German whispers), the line alternates, so every second cell is on one side;
//!   such cells in one house need different values of their side, and a side too small for
//!   them is the other one's ([`Why::ClassShort`]).

use super::propagator::{Domains, Narrowed, Propagator, Values, Why, support};
use super::relation::law_rows;
use super::sight::{Sight, short_group};
use crate::Geometry;
use crate::constraint::PairLaw;

/// Pairs and the relation's tables, and for a line (whispers) what the line adds.
#[derive(Debug, Clone)]
pub(super) struct PairChain {
    pairs: Vec<(u32, u32)>,
    /// `forward[s]`: what the second cell may hold when the first holds symbol `s`.
    forward: Vec<u64>,
    /// `backward[t]`: what the first cell may hold when the second holds symbol `t`.
    backward: Vec<u64>,
    /// Set when the pairs are the steps of a line (`line[i]`, `line[i + 1]`).
    line: Option<Line>,
}

/// What a whisper line adds to its pairs.
#[derive(Debug, Clone)]
struct Line {
    cells: Vec<u32>,
    /// The symbols no symbol is a partner of.
    lonely: u64,
    /// The places `i` whose neighbours `i - 1` and `i + 1` see each other.
    between_peers: Vec<usize>,
    sight: Sight,
    /// The two sides when the values split so (see the module documentation).
    sides: Option<[u64; 2]>,
    /// Groups of every second cell inside one house: (their parity, the cells as a mask of
    /// places).
    side_groups: Vec<(u8, u64)>,
}

impl PairChain {
    /// One law on every pair (its tables built from [`PairLaw::allows`]).
    pub(super) fn new(pairs: Vec<(u32, u32)>, values: &Values, law: &PairLaw) -> PairChain {
        let (forward, backward) = law_rows(values, law);
        PairChain {
            pairs,
            forward,
            backward,
            line: None,
        }
    }

    /// A whisper line (or any law between neighbours along `cells`), with the houses of `g`.
    pub(super) fn line(cells: Vec<u32>, values: &Values, law: &PairLaw, g: &Geometry) -> Self {
        let pairs = cells.windows(2).map(|w| (w[0], w[1])).collect();
        let mut chain = PairChain::new(pairs, values, law);
        let all = crate::SymbolSet::full(values.all().len()).0;
        let lonely = (0..values.all().len())
            .filter(|&s| chain.forward[s] == 0 && chain.backward[s] == 0)
            .fold(0u64, |m, s| m | 1 << s);
        let sight = Sight::new(g, &cells);
        let n = cells.len();
        let between_peers = (1..n.saturating_sub(1))
            .filter(|&i| sight.sees(i - 1, i + 1))
            .collect();
        let sides = two_sides(&chain.forward, all & !lonely);
        let mut side_groups = Vec::new();
        if sides.is_some() {
            for &group in sight.groups() {
                for parity in 0..2u8 {
                    let m = group & places(n, 2, parity);
                    if m.count_ones() >= 2 && !side_groups.contains(&(parity, m)) {
                        side_groups.push((parity, m));
                    }
                }
            }
        }
        chain.line = Some(Line {
            cells,
            lonely,
            between_peers,
            sight,
            sides,
            side_groups,
        });
        chain
    }

    /// Arc consistency on every pair, by revising them until nothing changes.
    fn pairs_to_fixed_point(&self, d: &mut Domains<'_>) -> Narrowed {
        let mut changed = false;
        loop {
            let mut again = false;
            for &(a, b) in &self.pairs {
                again |= d.keep_because(b, support(&self.forward, d.get(a)), || Why::Partner {
                    partner: a,
                })?;
                again |= d.keep_because(a, support(&self.backward, d.get(b)), || Why::Partner {
                    partner: b,
                })?;
            }
            if !again {
                return Ok(changed);
            }
            changed = true;
        }
    }

    /// Arc consistency along a line: one pass forward, one back.
    fn sweep(&self, cells: &[u32], d: &mut Domains<'_>) -> Narrowed {
        let mut changed = false;
        for w in cells.windows(2) {
            let (a, b) = (w[0], w[1]);
            let keep = support(&self.forward, d.get(a));
            changed |= d.keep_because(b, keep, || Why::Partner { partner: a })?;
        }
        for w in cells.windows(2).rev() {
            let (a, b) = (w[0], w[1]);
            let keep = support(&self.backward, d.get(b));
            changed |= d.keep_because(a, keep, || Why::Partner { partner: b })?;
        }
        Ok(changed)
    }

    /// What the line and its houses add to the pairs (see the module documentation).
    fn line_rules(&self, l: &Line, d: &mut Domains<'_>) -> Narrowed {
        let cells = &l.cells;
        let mut changed = false;
        // A value whose partners on both sides are one and the same value, when the two
        // neighbours see each other.
        for &i in &l.between_peers {
            let (left, c, right) = (cells[i - 1], cells[i], cells[i + 1]);
            let (dl, dr) = (d.get(left), d.get(right));
            let mut xs = d.get(c);
            let mut keep = xs;
            while xs != 0 {
                let s = xs.trailing_zeros() as usize;
                xs &= xs - 1;
                let a = dl & self.backward[s];
                let b = dr & self.forward[s];
                if a == b && a & a.wrapping_sub(1) == 0 {
                    keep &= !(1 << s);
                }
            }
            changed |= d.keep_because(c, keep, || Why::SamePartner { left, right })?;
        }
        // A value every allowed pair of two neighbours holds is on one of them.
        for i in 0..cells.len().saturating_sub(1) {
            let (a, b) = (cells[i], cells[i + 1]);
            let (da, db) = (d.get(a), d.get(b));
            let mut both = da & db;
            if da & (da - 1) == 0 || db & (db - 1) == 0 {
                continue;
            }
            while both != 0 {
                let v = both & both.wrapping_neg();
                both ^= v;
                if support(&self.forward, da & !v) & db == v {
                    changed |= l.sight.seen_by_all(1 << i | 1 << (i + 1), |x| {
                        d.keep_because(x, !v, || Why::PairNeeds {
                            value: v,
                            pair: [a, b],
                        })
                    })?;
                }
            }
        }
        // Every second cell on one side: a side too small for such cells in one house.
        if let Some(sides) = l.sides {
            for &(parity, group) in &l.side_groups {
                for &side in &sides {
                    let Some(short) = short_group(&[group], side, |p| d.get(cells[p])) else {
                        continue;
                    };
                    let mut m = places(cells.len(), 2, parity);
                    while m != 0 {
                        let p = m.trailing_zeros() as usize;
                        m &= m - 1;
                        changed |= d.keep_because(cells[p], !side, || Why::ClassShort {
                            class: side,
                            cells: positions(short).map(|q| cells[q]).collect(),
                        })?;
                    }
                }
            }
        }
        Ok(changed)
    }
}

/// The places `i` of a line of `n` cells (at most 64) with `i % step == first`, as a mask.
pub(super) fn places(n: usize, step: usize, first: u8) -> u64 {
    (usize::from(first)..n.min(64))
        .step_by(step)
        .fold(0u64, |m, i| m | 1 << i)
}

/// The bits set in `m`, lowest first.
pub(super) fn positions(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            i
        })
    })
}

/// The two sides of the symbols `within` when the pairs the rows allow always join one symbol
/// of each and every symbol is linked to every other through them; `None` otherwise.
fn two_sides(rows: &[u64], within: u64) -> Option<[u64; 2]> {
    if within == 0 {
        return None;
    }
    let first = within.trailing_zeros() as usize;
    let mut side = [1u64 << first, 0];
    let mut todo = vec![(first, 0usize)];
    while let Some((s, k)) = todo.pop() {
        let mut next = rows[s] & within;
        while next != 0 {
            let t = next.trailing_zeros() as usize;
            next &= next - 1;
            let bit = 1u64 << t;
            if side[k] & bit != 0 {
                return None; // two symbols of one side allowed together
            }
            if side[1 - k] & bit == 0 {
                side[1 - k] |= bit;
                todo.push((t, 1 - k));
            }
        }
    }
    (side[0] | side[1] == within && side[1] != 0).then_some(side)
}

impl Propagator for PairChain {
    fn propagate(&self, d: &mut Domains<'_>) -> Narrowed {
        let Some(l) = &self.line else {
            return self.pairs_to_fixed_point(d);
        };
        let mut changed = false;
        if l.lonely != 0 {
            for &c in &l.cells {
                changed |= d.keep_because(c, !l.lonely, || Why::NoPartnerValue)?;
            }
        }
        loop {
            changed |= self.sweep(&l.cells, d)?;
            if !self.line_rules(l, d)? {
                return Ok(changed);
            }
            changed = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whispers_remove_five_at_once() {
        let values = Values::new(&(1..=9).collect::<Vec<i64>>());
        let w = PairChain::new(vec![(0, 1)], &values, &PairLaw::Apart(5));
        let (mut cells, mut queue) = (vec![0x1ff, 0x1ff], Vec::new());
        let mut d = Domains::new(&mut cells, &mut queue, &values);
        assert_eq!(w.propagate(&mut d), Ok(true));
        assert_eq!(cells, vec![0x1ff & !(1 << 4); 2]);
    }

    #[test]
    fn german_whispers_split_into_low_and_high() {
        let values = Values::new(&(1..=9).collect::<Vec<i64>>());
        let (fwd, _) = law_rows(&values, &PairLaw::Apart(5));
        assert_eq!(
            two_sides(&fwd, 0x1ff & !(1 << 4)),
            Some([0b1111, 0b1_1110_0000])
        );
        // Difference 4: 1, 5 and 9 are pairwise far enough apart, so no two sides.
        let (fwd, _) = law_rows(&values, &PairLaw::Apart(4));
        assert_eq!(two_sides(&fwd, 0x1ff), None);
    }
}
