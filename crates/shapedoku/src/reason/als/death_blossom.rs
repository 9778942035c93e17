//! Death blossom over almost locked sets of any no-repeat shapes (see `als_xz` for the terms):
//! a stem cell and, for each of its candidates s, a petal: an almost locked set outside the
//! stem holding s, every place of which sees the stem. The petals hold a symbol z the stem
//! lacks. Whichever symbol s the stem takes, s's petal loses it and is locked, so it holds z:
//! z is in one of the petals, and every cell seeing all places of z in every petal loses it.
//! The argument looks at one petal at a time, so petals may share cells (HoDoKu allows it as
//! an option; its regression library has rows of both kinds).
//!
//! The petals are chosen for the stem's candidates in order, each choice narrowing the symbols
//! all petals share and the cells seeing all their places; a choice that leaves no such cell
//! holding such a symbol is not followed. [`MAX_NODES`]
//! bounds the search on large geometries.

use super::sets::{List, Table, table, tidy};
use crate::CellId;
use crate::reason::board::Board;
use crate::reason::finder::Finder;
use crate::reason::step::{Candidate, CellCandidates, Deduction, Step};
use crate::symbols::SymbolSet;

/// The most petal choices the search tries on one board.
const MAX_NODES: usize = 30_000;

/// Death blossoms.
pub(crate) fn find(board: &Board, f: &mut Finder) {
    search(board, &table(board), f, MAX_NODES);
}

/// The search over one stem: the petals chosen so far.
struct Blossom<'a> {
    board: &'a Board,
    list: &'a List,
    stem: usize,
    /// The stem's candidates, in order.
    symbols: Vec<u8>,
    /// For each of `symbols`, the sets that can be its petal.
    options: Vec<&'a [u32]>,
    petals: Vec<usize>,
    nodes: usize,
    /// The most petal choices tried on the board ([`MAX_NODES`]; a parameter for the test of
    /// the bound).
    limit: usize,
    steps: Vec<Step>,
    /// Words per cell bitset.
    words: usize,
    /// What the petals chosen leave, one level per petal chosen (`levels[k]` after `k`), all
    /// allocated once for the board.
    levels: Vec<Alive>,
}

/// For each stem cell and symbol (key `cell * top + symbol`), the sets holding the symbol whose
/// places of it all see the cell, which holds it: `items[start[k]..start[k + 1]]`, in set order.
/// The (key, set) pairs are listed once and sorted by key with a counting sort, which keeps
/// set order within a key.
fn petal_index(list: &List, n: usize, top: usize) -> (Vec<u32>, Vec<u32>) {
    let mut pairs: Vec<(u32, u32)> = Vec::new();
    for (a, set) in list.sets.iter().enumerate() {
        for v in set.cands.iter() {
            let held = list.places(v);
            for (i, (&w, &p)) in list.seen(a, v).iter().zip(held).enumerate() {
                let mut m = w & p;
                while m != 0 {
                    let k = (i * 64 + m.trailing_zeros() as usize) * top + v as usize;
                    m &= m - 1;
                    pairs.push((k as u32, a as u32));
                }
            }
        }
    }
    let mut start = vec![0u32; n * top + 1];
    for &(k, _) in &pairs {
        start[k as usize + 1] += 1;
    }
    for k in 1..start.len() {
        start[k] += start[k - 1];
    }
    let mut fill = start.clone();
    let mut items = vec![0u32; pairs.len()];
    for &(k, a) in &pairs {
        items[fill[k as usize] as usize] = a;
        fill[k as usize] += 1;
    }
    (start, items)
}

fn search(board: &Board, table: &Table, f: &mut Finder, limit: usize) {
    let list = &table.list;
    let n = board.geometry().cell_count();
    let top = board.geometry().symbol_count();
    let words = n.div_ceil(64);
    let (start, items) = petal_index(list, n, top);
    let petals = |k: usize| &items[start[k] as usize..start[k + 1] as usize];
    // One search state for all stems, its buffers reused; its count of petal choices runs on
    // from stem to stem.
    let mut b = Blossom {
        board,
        list,
        stem: 0,
        symbols: Vec::new(),
        options: Vec::new(),
        petals: Vec::new(),
        nodes: 0,
        limit,
        steps: Vec::new(),
        words,
        levels: (0..=top)
            .map(|_| Alive {
                syms: SymbolSet::EMPTY,
                bits: vec![0; top * words],
            })
            .collect(),
    };
    for stem in 0..n {
        if board.value(stem).is_some() || f.out_of_budget() || b.nodes > limit {
            continue;
        }
        let stem_symbols = board.candidates(stem);
        b.symbols.clear();
        b.symbols.extend(stem_symbols.iter());
        b.options.clear();
        b.options
            .extend(b.symbols.iter().map(|&s| petals(stem * top + s as usize)));
        if b.symbols.len() < 2 || b.options.iter().any(|o| o.is_empty()) {
            continue;
        }
        b.stem = stem;
        let alive = &mut b.levels[0];
        alive.syms = SymbolSet::EMPTY;
        for z in (0..top as u8).filter(|&z| !stem_symbols.contains(z)) {
            let m = list.places(z);
            if m.iter().any(|&w| w != 0) {
                alive.syms = alive.syms.with(z);
                alive.bits[z as usize * words..][..words].copy_from_slice(m);
            }
        }
        b.grow(0);
    }
    let mut steps = b.steps;
    // Most eliminations first, so the solver's choice among the first found is the best one.
    steps.sort_by_key(|s| std::cmp::Reverse(s.eliminations.len()));
    for step in steps {
        if !f.push(step) {
            return;
        }
    }
}

/// The symbols the petals chosen so far all hold (and the stem lacks) with, for each, the
/// cells that still could lose it: they hold it and see all its places in every chosen petal.
/// The cells of symbol `z` are `bits[z * words..][..words]`, meaningful for `z` in `syms`
/// (never empty there).
struct Alive {
    syms: SymbolSet,
    bits: Vec<u64>,
}

impl Blossom<'_> {
    /// Chooses a petal for the next stem symbol after `k` chosen; `levels[k]` is what the
    /// chosen ones leave.
    fn grow(&mut self, k: usize) {
        if k == self.symbols.len() {
            self.record(k);
            return;
        }
        let (list, w) = (self.list, self.words);
        for i in 0..self.options[k].len() {
            self.nodes += 1;
            if self.nodes > self.limit {
                break;
            }
            let a = self.options[k][i] as usize;
            let (done, rest) = self.levels.split_at_mut(k + 1);
            let (alive, next) = (&done[k], &mut rest[0]);
            // Only symbols the petal holds stay; each, where it still has cells (none for a
            // symbol the petal lacks in `live`: the cells kept are places of the symbol).
            let mut syms = SymbolSet::EMPTY;
            for z in alive.syms.intersect(list.live(a)).iter() {
                let at = z as usize * w;
                let mut any = 0;
                let cells = next.bits[at..at + w]
                    .iter_mut()
                    .zip(&alive.bits[at..at + w]);
                for ((out, &x), &y) in cells.zip(list.seen(a, z)) {
                    *out = x & y;
                    any |= *out;
                }
                if any != 0 {
                    syms = syms.with(z);
                }
            }
            next.syms = syms;
            if syms.is_empty() {
                continue;
            }
            self.petals.push(a);
            self.grow(k + 1);
            self.petals.pop();
        }
    }

    /// Records the blossom's eliminations: what `levels[k]` leaves.
    fn record(&mut self, k: usize) {
        let alive = &self.levels[k];
        let mut elim = Vec::new();
        for z in alive.syms.iter() {
            let m = &alive.bits[z as usize * self.words..][..self.words];
            for (i, &w) in m.iter().enumerate() {
                let mut w = w;
                while w != 0 {
                    elim.push(Candidate::at(i * 64 + w.trailing_zeros() as usize, z));
                    w &= w - 1;
                }
            }
        }
        self.steps.push(Step::eliminating(
            tidy(elim),
            Deduction::DeathBlossom {
                stem: CellCandidates {
                    cell: CellId::new(self.stem),
                    symbols: self.board.candidates(self.stem),
                },
                petals: self.petals.iter().map(|&a| self.list.named(a)).collect(),
            },
        ));
    }
}

/// The search as it was before its levels were bitsets by symbol (symbol lists built
/// per choice): the oracle of the test that the change finds the same blossoms.
#[cfg(test)]
mod oracle {
    use super::*;

    /// The search over one stem: the petals chosen so far.
    struct Blossom<'a> {
        board: &'a Board,
        list: &'a List,
        stem: usize,
        /// The stem's candidates, in order.
        symbols: Vec<u8>,
        /// For each of `symbols`, the sets that can be its petal.
        options: Vec<&'a [u32]>,
        petals: Vec<usize>,
        nodes: usize,
        limit: usize,
        steps: Vec<Step>,
        /// Words per cell bitset.
        words: usize,
        /// Buffers for [`Alive`], reused from choice to choice and from stem to stem instead of
        /// allocated for each.
        spare: Vec<Alive>,
    }

    pub(super) fn search(board: &Board, table: &Table, f: &mut Finder, limit: usize) {
        let list = &table.list;
        let n = board.geometry().cell_count();
        let top = board.geometry().symbol_count();
        let words = n.div_ceil(64);
        // For each cell and symbol (key `cell * top + symbol`), the sets holding the symbol whose
        // places of it all see the cell, which holds it: `items[start[k]..start[k + 1]]`, in set
        // order (counted, then filled, so that no key needs a list of its own).
        let mut start = vec![0u32; n * top + 1];
        let mut items: Vec<u32> = Vec::new();
        for fill in [false, true] {
            for (a, set) in list.sets.iter().enumerate() {
                for v in set.cands.iter() {
                    let held = list.places(v);
                    for (i, (&w, &p)) in list.seen(a, v).iter().zip(held).enumerate() {
                        let mut m = w & p;
                        while m != 0 {
                            let k = (i * 64 + m.trailing_zeros() as usize) * top + v as usize;
                            m &= m - 1;
                            if fill {
                                items[start[k] as usize] = a as u32;
                                start[k] += 1;
                            } else {
                                start[k + 1] += 1;
                            }
                        }
                    }
                }
            }
            if !fill {
                for k in 1..start.len() {
                    start[k] += start[k - 1];
                }
                items.resize(start[n * top] as usize, 0);
            } else {
                // Filling moved each key's start to the next key's: shift them back.
                start.copy_within(0..n * top, 1);
                start[0] = 0;
            }
        }
        let petals = |k: usize| &items[start[k] as usize..start[k + 1] as usize];
        // One search state for all stems, its buffers reused; its count of petal choices runs on
        // from stem to stem.
        let mut b = Blossom {
            board,
            list,
            stem: 0,
            symbols: Vec::new(),
            options: Vec::new(),
            petals: Vec::new(),
            nodes: 0,
            limit,
            steps: Vec::new(),
            words,
            spare: Vec::new(),
        };
        let mut alive = Alive::default();
        for stem in 0..n {
            if board.value(stem).is_some() || f.out_of_budget() || b.nodes > limit {
                continue;
            }
            let stem_symbols = board.candidates(stem);
            b.symbols.clear();
            b.symbols.extend(stem_symbols.iter());
            b.options.clear();
            b.options
                .extend(b.symbols.iter().map(|&s| petals(stem * top + s as usize)));
            if b.symbols.len() < 2 || b.options.iter().any(|o| o.is_empty()) {
                continue;
            }
            b.stem = stem;
            alive.syms.clear();
            alive.bits.clear();
            for z in (0..top as u8).filter(|&z| !stem_symbols.contains(z)) {
                let m = list.places(z);
                if m.iter().any(|&w| w != 0) {
                    alive.syms.push(z);
                    alive.bits.extend_from_slice(m);
                }
            }
            b.grow(&alive);
        }
        let mut steps = b.steps;
        // Most eliminations first, so the solver's choice among the first found is the best one.
        steps.sort_by_key(|s| std::cmp::Reverse(s.eliminations.len()));
        for step in steps {
            if !f.push(step) {
                return;
            }
        }
    }

    /// For each symbol the petals chosen so far all hold (and the stem lacks), the cells that
    /// still could lose it: they hold it and see all its places in every chosen petal. The cells of
    /// `syms[k]` are `bits[k * words..][..words]`.
    #[derive(Default)]
    struct Alive {
        syms: Vec<u8>,
        bits: Vec<u64>,
    }

    impl Blossom<'_> {
        /// Chooses a petal for the next stem symbol; `alive` is what the chosen ones leave.
        fn grow(&mut self, alive: &Alive) {
            let k = self.petals.len();
            if k == self.symbols.len() {
                self.record(alive);
                return;
            }
            let (list, w) = (self.list, self.words);
            let mut next = self.spare.pop().unwrap_or_default();
            for i in 0..self.options[k].len() {
                self.nodes += 1;
                if self.nodes > self.limit {
                    break;
                }
                let a = self.options[k][i] as usize;
                let cands = list.sets[a].cands;
                next.syms.clear();
                next.bits.clear();
                for (j, &z) in alive.syms.iter().enumerate() {
                    if !cands.contains(z) {
                        continue;
                    }
                    let at = next.bits.len();
                    let m = &alive.bits[j * w..][..w];
                    next.bits
                        .extend(m.iter().zip(list.seen(a, z)).map(|(x, y)| x & y));
                    if next.bits[at..].iter().any(|&x| x != 0) {
                        next.syms.push(z);
                    } else {
                        next.bits.truncate(at);
                    }
                }
                if next.syms.is_empty() {
                    continue;
                }
                self.petals.push(a);
                self.grow(&next);
                self.petals.pop();
            }
            self.spare.push(next);
        }

        /// Records the blossom's eliminations.
        fn record(&mut self, alive: &Alive) {
            let mut elim = Vec::new();
            for (k, &z) in alive.syms.iter().enumerate() {
                let m = &alive.bits[k * self.words..][..self.words];
                for (i, &w) in m.iter().enumerate() {
                    let mut w = w;
                    while w != 0 {
                        elim.push(Candidate::at(i * 64 + w.trailing_zeros() as usize, z));
                        w &= w - 1;
                    }
                }
            }
            self.steps.push(Step::eliminating(
                tidy(elim),
                Deduction::DeathBlossom {
                    stem: CellCandidates {
                        cell: CellId::new(self.stem),
                        symbols: self.board.candidates(self.stem),
                    },
                    petals: self.petals.iter().map(|&a| self.list.named(a)).collect(),
                },
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::test_util::*;

    #[test]
    fn death_blossom_constructed() {
        // Stem r5c5 {1,2}. Petal for 1: r5c1 {1,3} (row 5); petal for 2: r1c5 {2,4}, r2c5
        // {3,4} (column 5). Whichever the stem is, one petal is locked and holds 3: r5c1 or
        // r2c5 is 3, so r2c1 (column 1 and row 2) loses it.
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        b.set_candidates(cell(&g, 5, 5), set(&[1, 2]));
        b.set_candidates(cell(&g, 5, 1), set(&[1, 3]));
        b.set_candidates(cell(&g, 1, 5), set(&[2, 4]));
        b.set_candidates(cell(&g, 2, 5), set(&[3, 4]));
        let mut f = Finder::new(1000);
        search(&b, &Table::new(&b), &mut f, MAX_NODES);
        let step = f
            .steps
            .iter()
            .find(|s| {
                matches!(&s.deduction, Deduction::DeathBlossom { stem, petals }
                    if stem.cell == cell_id(&g, 5, 5)
                        && petals.len() == 2
                        && petals[0].cells == [cell_id(&g, 5, 1)]
                        && petals[1].cells == [cell_id(&g, 1, 5), cell_id(&g, 2, 5)])
            })
            .expect("the death blossom is found");
        assert_eq!(step.eliminations, elims(&g, "r2c1<>3"));
    }

    /// Keeping what the chosen petals leave as bitsets by symbol changes nothing, the bound
    /// on petal choices included: along logical solves of hard puzzles, each position also
    /// thinned by a seeded run of eliminations, with bounds that stop the search part way
    /// and the production one, the blossoms found are the oracle's, in its order.
    #[test]
    fn levels_match_oracle() {
        let (mut positions, mut found) = (0, 0);
        along_thinned_solves(
            &HARD_PAIR,
            0x2545_f491_4f6c_dd1d,
            3,
            |r| 5 + r * 9,
            |b, _| {
                let table = Table::new(b);
                for limit in [0, 1, 40, 700, MAX_NODES] {
                    let (mut new, mut old) = (Finder::new(1000), Finder::new(1000));
                    search(b, &table, &mut new, limit);
                    oracle::search(b, &table, &mut old, limit);
                    assert_eq!(format!("{:?}", new.steps), format!("{:?}", old.steps));
                    found += new.steps.len();
                }
                positions += 1;
            },
        );
        assert!(positions > 100 && found > 20, "{positions} {found}");
    }
}
