//! The links of an ALS table made from those of the table before (see [`List::links_from`]),
//! and the packing of joined pairs into [`Links`].

use super::{FRESH, Links, List, disjoint, within};
use crate::symbols::SymbolSet;

impl Links {
    /// The links of `n` sets from their joined pairs `(a, b, symbols)` with `a < b`, in
    /// order of `a` then `b`, each pair once.
    pub(super) fn from_pairs(n: usize, pairs: &[(u32, u32, SymbolSet)]) -> Links {
        // Each set's count of links, at `degree[set + 1]`, then summed into starts.
        let mut degree = vec![0u32; n + 1];
        for &(a, b, _) in pairs {
            degree[a as usize + 1] += 1;
            degree[b as usize + 1] += 1;
        }
        for k in 1..degree.len() {
            degree[k] += degree[k - 1];
        }
        // Set `x` gets its links with smaller sets (pairs `(a, x)`, in order of `a`) before
        // those with larger ones (pairs `(x, b)`, later in the pairs' order, in order of `b`):
        // each list comes out in set order.
        let mut fill = degree.clone();
        let mut entries = vec![(0, SymbolSet::EMPTY); degree[n] as usize];
        for &(a, b, rcc) in pairs {
            let (a, b) = (a as usize, b as usize);
            entries[fill[a] as usize] = (b, rcc);
            fill[a] += 1;
            entries[fill[b] as usize] = (a, rcc);
            fill[b] += 1;
        }
        Links {
            start: degree,
            entries,
        }
    }
}

impl List {
    /// [`List::links`] of a list whose sets were copied, where `origin` says so, from a list
    /// of the same board at another state, whose links are `old`. Whether two disjoint sets
    /// are joined, and by which symbols, depends on their cells and those cells' candidates
    /// alone, which a copied set keeps: the links between copied sets are `old`'s,
    /// renumbered, and only the pairs with a set listed anew are searched, from that set's
    /// side (the test is symmetric: a place of `v` in one set sees every place of `v` in the
    /// other both ways round). [`List::live`] is made anew: it reads the board's places.
    pub(super) fn links_from(&mut self, old: &Links, origin: &[u32]) -> Links {
        let n = self.sets.len();
        let mut new_of = vec![FRESH; old.sets()];
        for (a, &o) in origin.iter().enumerate().filter(|&(_, &o)| o != FRESH) {
            new_of[o as usize] = a as u32;
        }
        // Copied sets keep their order, so their pairs come in order, and keep their
        // orientation.
        let mut copied: Vec<(u32, u32, SymbolSet)> = Vec::new();
        for (oa, &a) in new_of.iter().enumerate().filter(|&(_, &a)| a != FRESH) {
            for &(ob, rcc) in old.of(oa).iter().filter(|&&(ob, _)| ob > oa) {
                if new_of[ob] != FRESH {
                    copied.push((a, new_of[ob], rcc));
                }
            }
        }
        // The pairs with a fresh set, keyed `a << 32 | b` (`a < b`) for sorting.
        let mut fresh: Vec<(u64, SymbolSet)> = Vec::new();
        let (start, items) = self.by_first_place();
        let cells = self.words * 64;
        for a in (0..n).filter(|&a| origin[a] == FRESH) {
            let mine = self.cells(a);
            for v in self.sets[a].cands.iter() {
                let seen = self.seen(a, v);
                for (i, (&s, &p)) in seen.iter().zip(self.places(v)).enumerate() {
                    let mut m = s & p;
                    while m != 0 {
                        let k = v as usize * cells + i * 64 + m.trailing_zeros() as usize;
                        m &= m - 1;
                        for &b in &items[start[k] as usize..start[k + 1] as usize] {
                            let b = b as usize;
                            // Two fresh sets meet from the smaller one.
                            if b == a || (b < a && origin[b] == FRESH) {
                                continue;
                            }
                            if within(self.with(b, v), seen) && disjoint(self.cells(b), mine) {
                                let key = (a.min(b) as u64) << 32 | a.max(b) as u64;
                                fresh.push((key, SymbolSet(1 << v)));
                            }
                        }
                    }
                }
            }
        }
        fresh.sort_unstable_by_key(|&(key, _)| key);
        // A pair met through several symbols: one link with all of them.
        fresh.dedup_by(|next, kept| {
            let same = next.0 == kept.0;
            if same {
                kept.1 = kept.1.union(next.1);
            }
            same
        });
        // Both lists in order, with no pair in both: merged.
        let mut pairs = Vec::with_capacity(copied.len() + fresh.len());
        let mut fresh = fresh
            .iter()
            .map(|&(k, rcc)| ((k >> 32) as u32, k as u32, rcc));
        let mut next = fresh.next();
        for c in copied {
            while let Some(f) = next.filter(|f| (f.0, f.1) < (c.0, c.1)) {
                pairs.push(f);
                next = fresh.next();
            }
            pairs.push(c);
        }
        pairs.extend(next.into_iter().chain(fresh));
        self.live = (0..n)
            .map(|a| {
                let cands = self.sets[a].cands.iter();
                cands
                    .filter(|&v| !disjoint(self.seen(a, v), self.places(v)))
                    .fold(SymbolSet::EMPTY, |m, v| m.with(v))
            })
            .collect();
        Links::from_pairs(n, &pairs)
    }
}
