//! The sides of a sum: the sums each side's parts can make (bit sets, forward part by part),
//! the values every side can reach, and what each part may add (backward).

use super::scratch::Scratch;
use super::{Shape, bits};
use crate::solver::propagator::Contradiction;

impl Shape<'_> {
    /// The values the sides can share (`target`, from `t_lo`), and for each item the sums it
    /// may add (`allowed`): those the rest of its side can complete to a shared value.
    pub(super) fn sides_pass(
        &self,
        s: &mut Scratch,
        w: usize,
        t_lo: i64,
        t_hi: i64,
    ) -> Result<(), Contradiction> {
        let ni = s.items.len();
        for v in [&mut s.sets, &mut s.fwd, &mut s.allowed] {
            v.clear();
            v.resize(ni * w, 0);
        }
        // What each item can add, from its least.
        for (ii, it) in s.items.iter().enumerate() {
            let set = &mut s.sets[ii * w..(ii + 1) * w];
            if it.group {
                let run = &s.runs[it.at as usize];
                let lv = run.levels as usize + self.group_len(run.group);
                for idx in s.levels[lv] as usize..s.levels[lv + 1] as usize {
                    bits::add(set, (it.coef * s.sums[idx] - it.lo) as usize);
                }
            } else {
                let mut x = self.masks[it.at as usize];
                while x != 0 {
                    let b = x & x.wrapping_neg();
                    x ^= b;
                    bits::add(set, (it.coef * self.values.of_bit(b) - it.lo) as usize);
                }
            }
        }
        // Forward per side, and the values every side can reach.
        let tw = bits::words_for((t_hi - t_lo) as usize);
        s.target.clear();
        s.target.resize(tw, 0);
        s.back.clear();
        s.back.resize(w, 0);
        s.next.clear();
        s.next.resize(w.max(tw), 0);
        for (si, &(_, _, constant)) in self.sides.iter().enumerate() {
            let (i0, i1) = (s.side_items[si], s.side_items[si + 1]);
            s.back.fill(0);
            bits::add(&mut s.back, 0);
            for ii in i0..i1 {
                s.fwd[ii * w..(ii + 1) * w].copy_from_slice(&s.back);
                let next = &mut s.next[..w];
                next.fill(0);
                for x in bits::members(&s.sets[ii * w..(ii + 1) * w]) {
                    bits::or_shl(next, &s.fwd[ii * w..(ii + 1) * w], x);
                }
                s.back.copy_from_slice(next);
            }
            // The side's sums, seen from `t_lo`.
            let base = constant + s.items[i0..i1].iter().map(|it| it.lo).sum::<i64>();
            let seen = &mut s.next[..tw];
            seen.fill(0);
            bits::or_shr(seen, &s.back, (t_lo - base) as usize);
            if si == 0 {
                s.target.copy_from_slice(seen);
            } else {
                for (t, &x) in s.target.iter_mut().zip(seen.iter()) {
                    *t &= x;
                }
            }
        }
        // Only values within `t_lo..=t_hi`.
        let top = (t_hi - t_lo) as usize;
        for (i, t) in s.target.iter_mut().enumerate() {
            let from = i * 64;
            if from > top {
                *t = 0;
            } else if top - from < 63 {
                *t &= (1u64 << (top - from + 1)) - 1;
            }
        }
        if bits::is_empty(&s.target) {
            return Err(Contradiction);
        }
        // Backward per side: what each item may add.
        for (si, &(_, _, constant)) in self.sides.iter().enumerate() {
            let (i0, i1) = (s.side_items[si], s.side_items[si + 1]);
            let base = constant + s.items[i0..i1].iter().map(|it| it.lo).sum::<i64>();
            s.back.fill(0);
            bits::or_shl(&mut s.back, &s.target, (t_lo - base) as usize);
            for ii in (i0..i1).rev() {
                let next = &mut s.next[..w];
                next.fill(0);
                let (fwd, back) = (&s.fwd[ii * w..(ii + 1) * w], &s.back);
                let allowed = &mut s.allowed[ii * w..(ii + 1) * w];
                for x in bits::members(&s.sets[ii * w..(ii + 1) * w]) {
                    if bits::meets_shl(fwd, x, back) {
                        bits::add(allowed, x);
                        bits::or_shr(next, back, x);
                    }
                }
                if bits::is_empty(allowed) {
                    return Err(Contradiction);
                }
                for (nx, &f) in next.iter_mut().zip(fwd) {
                    *nx &= f;
                }
                s.back.copy_from_slice(next);
            }
        }
        Ok(())
    }

    pub(super) fn group_len(&self, gi: u32) -> usize {
        let gr = &self.groups[gi as usize];
        (gr.end - gr.start) as usize
    }
}
