//! Duals: two instances of a single-symbol pattern that share their core, so one look finds
//! both, reported as one step with both eliminations (as HoDoKu does):
//!
//! - dual 2-string kite: two kites on one symbol joined in one box through the same two
//!   cells, each the row end of one kite and the column end of the other;
//! - dual empty rectangle: two empty rectangles on one symbol in one box with the same strong
//!   link.
//!
//! The searches wrap the plain ones (simple chains, found here as `chains::find_simple` finds
//! them, and `empty_rectangle::find`) and pair their steps, so every geometry where those hold
//! has its duals too. The dual goes just before its first instance, so the solver takes it
//! where it would have taken that instance.
//!
//! Both plain searches are one-symbol searches, asked again after every step of a solve while
//! most steps change a few symbols: a [`Memo`] on the board skips the symbols where they found
//! nothing at the same places.

use super::empty_rectangle;
use crate::reason::board::Board;
use crate::reason::colouring::simple::symbol_bits;
use crate::reason::finder::Finder;
use crate::reason::step::{Candidate, Deduction, SimpleChainKind, Step};
use crate::symbols::SymbolSet;
use crate::{ShapeKind, Symbol};

/// What the simple chain and empty rectangle searches found nothing at on a board's line of
/// play: per search and symbol, the symbol's words of [`symbol_bits`] (its places, and the
/// cells where it is placed) then; and the simple chain search's buffers.
///
/// Why it is exact: both searches read, for a symbol `x`, only `x`'s places and placements
/// (their strong links are houses where `x` is not placed and has two places, their weak links
/// and eliminations are peers holding `x`) and the board's fixed tables, so on equal words they
/// find the same, here nothing. The simple chains come symbol by symbol; the empty rectangles
/// come box by box, but each step is on one symbol and a symbol's steps read nothing of the
/// others. So leaving out a symbol that gives nothing leaves every other step, and the order of
/// all of them, as it was.
#[derive(Default)]
pub(crate) struct Memo {
    /// The words of the board searched now ([`symbol_bits`]), kept to spare an allocation.
    now: Vec<u64>,
    /// Per search and symbol, its words when it gave nothing.
    keys: Vec<u64>,
    /// Per search and symbol, whether `keys` holds such words.
    known: Vec<bool>,
    /// The simple chain search's buffers.
    chains: Chains,
}

/// The searches [`Memo`] keeps apart.
#[derive(Clone, Copy)]
enum Family {
    SimpleChains = 0,
    EmptyRectangles = 1,
}

/// How many [`Family`] values there are.
const FAMILIES: usize = 2;

impl Memo {
    /// Reads the board's words into `now`; returns the words per symbol.
    fn read(&mut self, board: &Board) -> usize {
        let n = board.geometry().symbol_count();
        symbol_bits(board, &mut self.now);
        if self.known.len() != FAMILIES * n || self.keys.len() != FAMILIES * self.now.len() {
            self.known = vec![false; FAMILIES * n];
            self.keys = vec![0; FAMILIES * self.now.len()];
        }
        self.now.len() / n.max(1)
    }

    /// Whether `family` found nothing on symbol `x` at its words in `now`.
    fn nothing(&self, family: Family, x: usize, span: usize) -> bool {
        let slot = family as usize * (self.known.len() / FAMILIES) + x;
        self.known[slot] && self.keys[slot * span..][..span] == self.now[x * span..][..span]
    }

    /// Records whether a complete search of `family` on symbol `x` at its words in `now` found
    /// nothing.
    fn record(&mut self, family: Family, x: usize, span: usize, nothing: bool) {
        let slot = family as usize * (self.known.len() / FAMILIES) + x;
        self.known[slot] = nothing;
        self.keys[slot * span..][..span].copy_from_slice(&self.now[x * span..][..span]);
    }

    /// The simple chains, symbol by symbol, leaving out the symbols known to give none.
    fn simple_chains(&mut self, board: &Board, f: &mut Finder) {
        let span = self.read(board);
        for x in 0..self.known.len() / FAMILIES {
            if self.nothing(Family::SimpleChains, x, span) {
                continue;
            }
            let before = f.steps.len();
            let key = &self.now[x * span..][..span];
            if !self.chains.on_symbol(board, key, x as u8, f) {
                // Cut short: nothing is known of this symbol.
                return;
            }
            let nothing = f.steps.len() == before;
            self.record(Family::SimpleChains, x, span, nothing);
        }
    }
}

/// The simple chain search's buffers, reused across symbols and searches (no allocation per
/// search once they have grown).
#[derive(Default)]
struct Chains {
    /// The symbol's strong links both ways, (from, to) sorted: each cell's partners in order.
    links: Vec<(u32, u32)>,
    /// Cells reached by a strong link from the start (after one link or three), as bits.
    strong: Vec<u64>,
    /// Cells reached by a weak link (after two links), and the start, as bits.
    weak: Vec<u64>,
    /// The cells reached after two links, in the order reached, each with the cell before it.
    second: Vec<(u32, u32)>,
    /// The eliminations of each chain found so far on the symbol (each once).
    seen: Vec<Vec<usize>>,
}

impl Chains {
    /// The symbol's strong links into `links`: houses where it is not placed and has two
    /// places (`key`: its places, then its placements, as in [`symbol_bits`]).
    fn strong_links(&mut self, board: &Board, key: &[u64]) {
        let t = board.tables();
        let w = t.peer_words;
        let (places, placed) = key.split_at(w);
        self.links.clear();
        for i in 0..t.houses.len() {
            let hb = t.house_bits(i);
            let (mut count, mut ends, mut n) = (0, [0u32; 2], 0);
            for k in 0..w {
                if hb[k] & placed[k] != 0 {
                    count = 3;
                    break;
                }
                let mut m = hb[k] & places[k];
                while m != 0 && n < 3 {
                    if n < 2 {
                        ends[n] = (k * 64 + m.trailing_zeros() as usize) as u32;
                    }
                    n += 1;
                    m &= m - 1;
                }
                count = n;
                if n > 2 {
                    break;
                }
            }
            if count == 2 {
                self.links.push((ends[0], ends[1]));
                self.links.push((ends[1], ends[0]));
            }
        }
        self.links.sort_unstable();
        self.links.dedup();
    }

    /// The strong-link partners of `c`, in cell order.
    fn partners(links: &[(u32, u32)], c: u32) -> &[(u32, u32)] {
        let from = links.partition_point(|&(a, _)| a < c);
        let to = from + links[from..].partition_point(|&(a, _)| a == c);
        &links[from..to]
    }

    /// The simple chains on symbol `x` (`key` its words of [`symbol_bits`]), as
    /// `chains::find_simple` finds them: from each place in cell order with a strong link, a
    /// breadth-first walk of three links (strong, weak, strong), each cell met once per kind of
    /// arrival, a chain for each end reached that proves something, each elimination list
    /// once. False when the budget ran out (the chains found so far are pushed).
    fn on_symbol(&mut self, board: &Board, key: &[u64], x: u8, f: &mut Finder) -> bool {
        let t = board.tables();
        let w = t.peer_words;
        let places = &key[..w];
        let peers = |c: u32| &t.peer_bits[c as usize * w..][..w];
        let bit = |bits: &[u64], c: u32| bits[c as usize / 64] >> (c % 64) & 1 == 1;
        let set = |bits: &mut [u64], c: u32| bits[c as usize / 64] |= 1 << (c % 64);
        self.strong_links(board, key);
        self.seen.clear();
        let links = std::mem::take(&mut self.links);
        let mut go = true;
        let mut i = 0;
        while i < links.len() {
            let a = links[i].0;
            let first = Self::partners(&links, a);
            i += first.len();
            if f.out_of_budget() {
                go = false;
                break;
            }
            self.strong.clear();
            self.strong.resize(w, 0);
            self.weak.clear();
            self.weak.resize(w, 0);
            set(&mut self.weak, a);
            for &(_, b) in first {
                set(&mut self.strong, b);
            }
            self.second.clear();
            for &(_, b) in first {
                for (k, &p) in peers(b).iter().enumerate() {
                    let mut m = p & places[k];
                    while m != 0 {
                        let c = (k * 64 + m.trailing_zeros() as usize) as u32;
                        m &= m - 1;
                        if !bit(&self.weak, c) {
                            set(&mut self.weak, c);
                            self.second.push((c, b));
                        }
                    }
                }
            }
            for j in 0..self.second.len() {
                let (c, b) = self.second[j];
                for &(_, d) in Self::partners(&links, c) {
                    if bit(&self.strong, d) {
                        continue;
                    }
                    set(&mut self.strong, d);
                    if d == a {
                        continue;
                    }
                    if !self.chain(board, places, [a, b, c, d], x, f) {
                        go = false;
                        break;
                    }
                }
                if !go {
                    break;
                }
            }
            if !go {
                break;
            }
        }
        self.links = links;
        go
    }

    /// The chain a = b - c = d on `x` (whose places are `places`), pushed if it proves
    /// something and its eliminations are new; false when the finder is full.
    fn chain(
        &mut self,
        board: &Board,
        places: &[u64],
        [a, b, c, d]: [u32; 4],
        x: u8,
        f: &mut Finder,
    ) -> bool {
        let t = board.tables();
        let w = t.peer_words;
        let (pa, pd) = (
            &t.peer_bits[a as usize * w..][..w],
            &t.peer_bits[d as usize * w..][..w],
        );
        if (0..w).all(|k| pa[k] & pd[k] & places[k] == 0) {
            return true;
        }
        let mut elim: Vec<usize> = Vec::new();
        for k in 0..w {
            let mut m = pa[k] & pd[k] & places[k];
            while m != 0 {
                elim.push(k * 64 + m.trailing_zeros() as usize);
                m &= m - 1;
            }
        }
        // A chain passing a cell twice does not read as one (`chains` drops it too).
        let distinct = a != c && b != d && a != d && b != c;
        if elim.is_empty() || !distinct || self.seen.contains(&elim) {
            return true;
        }
        let nodes: Vec<Candidate> = [a, b, c, d]
            .iter()
            .map(|&n| Candidate::at(n as usize, x))
            .collect();
        let eliminations = elim.iter().map(|&p| Candidate::at(p, x)).collect();
        self.seen.push(elim);
        let kind = SimpleChainKind::of(board.geometry(), &nodes);
        f.push(Step::eliminating(
            eliminations,
            Deduction::SimpleChain { kind, nodes },
        ))
    }
}

/// Every step of `find`, to the end (the caller's budget still applies).
pub(crate) fn all_of(
    board: &Board,
    f: &mut Finder,
    find: crate::reason::finder::FindFn,
) -> Vec<Step> {
    let mut inner = Finder::within(usize::MAX, f.budget());
    find(board, &mut inner);
    if let Some(why) = inner.stopped() {
        f.stop(why);
    }
    inner.steps
}

/// The simple chains, with every dual 2-string kite just before the first step that makes
/// one of its kites' eliminations (the chain search gives one chain per elimination, maybe
/// not the kite, so the duals are found here on their own).
pub(crate) fn find_simple_chains(board: &Board, f: &mut Finder) {
    let mut inner = Finder::within(usize::MAX, f.budget());
    board
        .memo::<crate::reason::memo::Memo<Memo>>()
        .lock()
        .simple_chains(board, &mut inner);
    if let Some(why) = inner.stopped() {
        f.stop(why);
    }
    let steps = inner.steps;
    // Each kite of a dual removes something, so some chain does: without one, no dual.
    if steps.is_empty() {
        return;
    }
    let mut duals: Vec<Option<(Step, [Vec<Candidate>; 2])>> =
        kite_duals(board).into_iter().map(Some).collect();
    for step in steps {
        for d in duals.iter_mut() {
            if d.as_ref()
                .is_some_and(|(_, e)| e.contains(&step.eliminations))
            {
                let (dual, _) = d.take().expect("checked");
                if !f.push(dual) {
                    return;
                }
            }
        }
        if !f.push(step) {
            return;
        }
    }
    for (dual, _) in duals.into_iter().flatten() {
        if !f.push(dual) {
            return;
        }
    }
}

/// The line of `kind` through `cell`, if it is a house.
fn line_through(board: &Board, cell: usize, kind: ShapeKind) -> Option<usize> {
    let g = board.geometry();
    g.shapes_of(cell)
        .iter()
        .map(|&s| s as usize)
        .find(|&s| g.shape(s).kind == kind && board.tables().houses.contains(&s))
}

/// The other place of `x` in `house` when `cell` is one of exactly two.
fn partner(board: &Board, house: usize, x: u8, cell: usize) -> Option<usize> {
    let m = board.place_mask(house, x);
    if m.count_ones() != 2 || board.has_placed(house, x) {
        return None;
    }
    let cs = &board.geometry().shape(house).cells;
    let (a, b) = (
        cs[m.trailing_zeros() as usize],
        cs[63 - m.leading_zeros() as usize],
    );
    (a == cell || b == cell).then_some(if a == cell { b } else { a })
}

/// The kite `a = b - c = d` on `x`: a strong link in the line of `k1` through b, the box link
/// b–c, and a strong link in the line of `k2` through c; with its eliminations (cells seeing
/// both ends), if it is a 2-string kite that removes something.
fn kite(
    board: &Board,
    x: u8,
    [b, c]: [usize; 2],
    [k1, k2]: [ShapeKind; 2],
) -> Option<(Vec<Candidate>, Deduction)> {
    let g = board.geometry();
    let a = partner(board, line_through(board, b, k1)?, x, b)?;
    let d = partner(board, line_through(board, c, k2)?, x, c)?;
    let nodes = [a, b, c, d].map(|n| Candidate::at(n, x));
    if a == c || d == b || SimpleChainKind::of(g, &nodes) != SimpleChainKind::TwoStringKite {
        return None;
    }
    let elims: Vec<Candidate> = (0..g.cell_count())
        .filter(|&t| {
            t != a
                && t != d
                && board.value(t).is_none()
                && board.candidates(t).contains(x)
                && board.sees(t, a)
                && board.sees(t, d)
        })
        .map(|t| Candidate::at(t, x))
        .collect();
    (!elims.is_empty()).then(|| {
        let kind = SimpleChainKind::TwoStringKite;
        let nodes = nodes.to_vec();
        (elims, Deduction::SimpleChain { kind, nodes })
    })
}

/// Every dual 2-string kite: two places b and c of a symbol in a box, on no common line, each
/// with a strong link in its row and in its column, leaving the box: the kites row(b) – box –
/// column(c) and row(c) – box – column(b) both remove something (and not the same). With each
/// kite's eliminations.
fn kite_duals(board: &Board) -> Vec<(Step, [Vec<Candidate>; 2])> {
    let g = board.geometry();
    let (row, col) = (ShapeKind::Row, ShapeKind::Column);
    let mut out = Vec::new();
    for &bx in &board.tables().houses {
        if g.shape(bx).kind != ShapeKind::Box {
            continue;
        }
        for x in 0..g.symbol_count() as u8 {
            let m = board.place_mask(bx, x);
            if m.count_ones() < 2 || board.has_placed(bx, x) {
                continue;
            }
            let cells = &g.shape(bx).cells;
            let places: Vec<usize> = (0..64)
                .filter(|i| m >> i & 1 == 1)
                .map(|i| cells[i])
                .collect();
            for (i, &b) in places.iter().enumerate() {
                for &c in &places[i + 1..] {
                    let one = kite(board, x, [b, c], [row, col]);
                    let two = one
                        .as_ref()
                        .and_then(|_| kite(board, x, [c, b], [row, col]));
                    if let (Some((e1, d1)), Some((e2, d2))) = (one, two) {
                        if e1 != e2 {
                            let mut all: Vec<Candidate> = e1.iter().chain(&e2).copied().collect();
                            all.sort_unstable();
                            all.dedup();
                            let parts = vec![d1, d2];
                            let dual = Step::eliminating(all, Deduction::Dual { parts });
                            out.push((dual, [e1, e2]));
                        }
                    }
                }
            }
        }
    }
    out
}

/// The empty rectangles, each with a dual preceded by the dual: a later one in the same box
/// on the same symbol, with the same two lines the other way round (the first line of each
/// is the one its link's end sees) and other eliminations.
pub(crate) fn find_empty_rectangles(board: &Board, f: &mut Finder) {
    let steps = empty_rectangles(board, f);
    let key = |s: &Step| match &s.deduction {
        Deduction::EmptyRectangle {
            symbol,
            house,
            lines,
            ..
        } => Some((*symbol, *house, *lines)),
        _ => None,
    };
    let mut paired = vec![false; steps.len()];
    for (i, step) in steps.iter().enumerate() {
        if let (Some((x, bx, [l1, l2])), false) = (key(step), paired[i]) {
            let want: Option<(Symbol, _, _)> = Some((x, bx, [l2, l1]));
            let j = (i + 1..steps.len()).find(|&j| {
                !paired[j] && key(&steps[j]) == want && steps[j].eliminations != step.eliminations
            });
            if let Some(j) = j {
                paired[j] = true;
                if !f.push(merge(step, &steps[j])) {
                    return;
                }
            }
        }
        if !f.push(step.clone()) {
            return;
        }
    }
}

/// The plain empty rectangles, leaving out the symbols known to give none.
fn empty_rectangles(board: &Board, f: &mut Finder) -> Vec<Step> {
    let mut memo = board.memo::<crate::reason::memo::Memo<Memo>>().lock();
    let span = memo.read(board);
    let n = memo.known.len() / FAMILIES;
    let todo = (0..n)
        .filter(|&x| !memo.nothing(Family::EmptyRectangles, x, span))
        .fold(SymbolSet::EMPTY, |s, x| s.with(x as u8));
    if todo.is_empty() {
        return Vec::new();
    }
    let mut inner = Finder::within(usize::MAX, f.budget());
    empty_rectangle::find_symbols(board, &mut inner, todo);
    if let Some(why) = inner.stopped() {
        f.stop(why);
        return inner.steps;
    }
    let mut found = SymbolSet::EMPTY;
    for s in &inner.steps {
        if let Deduction::EmptyRectangle { symbol, .. } = &s.deduction {
            found = found.with(symbol.index() as u8);
        }
    }
    for x in todo.iter() {
        memo.record(
            Family::EmptyRectangles,
            x as usize,
            span,
            !found.contains(x),
        );
    }
    inner.steps
}

/// One step with both steps' eliminations and both deductions.
fn merge(a: &Step, b: &Step) -> Step {
    let mut eliminations = a.eliminations.clone();
    eliminations.extend(b.eliminations.iter().copied());
    eliminations.sort_unstable();
    eliminations.dedup();
    Step::eliminating(
        eliminations,
        Deduction::Dual {
            parts: vec![a.deduction.clone(), b.deduction.clone()],
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::catalogue::Technique;
    use crate::reason::chains::aic;
    use crate::reason::test_util::*;

    /// How many symbols the memo would skip on `b` now, over both searches.
    fn skipped(b: &Board) -> usize {
        let mut memo = b.memo::<crate::reason::memo::Memo<Memo>>().lock();
        let span = memo.read(b);
        let n = memo.known.len() / FAMILIES;
        [Family::SimpleChains, Family::EmptyRectangles]
            .iter()
            .map(|&fam| (0..n).filter(|&x| memo.nothing(fam, x, span)).count())
            .sum()
    }

    /// The simple chains found here are those `chains::find_simple` finds, in order, on boards
    /// along logical solves, each also thinned by a fixed pseudo-random run of eliminations; and
    /// the memo changes nothing: both searches give on a board whose memo is warm from earlier
    /// states (the solve's, and the thinning's) what they give on a fresh copy, with room for
    /// one step and for many, while the memo does skip symbols.
    #[test]
    fn matches_oracle_and_memo_changes_nothing() {
        let g = crate::builtin::geometry("classic").unwrap();
        let mut rng = XorShift(0x9e37_79b9_7f4a_7c15u64);
        let (mut found, mut skips) = (0, 0);
        for line in HARD_PAIR.iter().chain(FISHY) {
            let p = crate::Puzzle::from_line(g.clone(), line).unwrap();
            let mut b = Board::new(&p);
            let mut thin = b.clone();
            while let Some(step) = crate::reason::solve::next_step(&b) {
                for round in 0..3 {
                    let board = if round == 0 { &b } else { &thin };
                    let fresh = board.clone();
                    let mut cold = Finder::new(1000);
                    Memo::default().simple_chains(&fresh, &mut cold);
                    let mut oracle = Finder::new(1000);
                    aic::find_simple(&fresh, &mut oracle);
                    assert_eq!(format!("{:?}", cold.steps), format!("{:?}", oracle.steps));
                    skips += skipped(board);
                    for limit in [1, 1000] {
                        for find in [find_simple_chains, find_empty_rectangles] {
                            let (mut warm, mut cold) = (Finder::new(limit), Finder::new(limit));
                            find(board, &mut warm);
                            find(&fresh, &mut cold);
                            assert_eq!(format!("{:?}", warm.steps), format!("{:?}", cold.steps));
                            found += warm.steps.len();
                        }
                    }
                    for _ in 0..6 {
                        let c = rng.below(81);
                        if thin.candidates(c).len() > 2 {
                            thin.eliminate(c, rng.below(9) as u8);
                        }
                    }
                }
                b.apply(&step);
                thin.copy_from(&b);
            }
        }
        assert!(found > 200 && skips > 1000, "{found} {skips}");
    }

    #[test]
    fn dual_kite_is_one_step() {
        // 1 in row 1 only at r1c3 and r1c8, in row 3 only at r3c1 and r3c9, in column 1 only at
        // r3c1 and r6c1, in column 3 only at r1c3 and r4c3. Kites through r1c3 and r3c1 in box
        // 1: row 1 with column 1 (r6c8 sees r1c8 and r6c1) and row 3 with column 3 (r4c9 sees
        // r3c9 and r4c3).
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        confine(&mut b, "row 1", 1, &[(1, 3), (1, 8)]);
        confine(&mut b, "row 3", 1, &[(3, 1), (3, 9)]);
        confine(&mut b, "column 1", 1, &[(3, 1), (6, 1)]);
        confine(&mut b, "column 3", 1, &[(1, 3), (4, 3)]);
        let mut f = Finder::new(100);
        find_simple_chains(&b, &mut f);
        let duals: Vec<&Step> = f
            .steps
            .iter()
            .filter(|s| s.technique() == Technique::DualTwoStringKite)
            .collect();
        assert_eq!(duals.len(), 1, "{:?}", f.steps);
        assert_eq!(duals[0].eliminations, elims(&g, "r4c9<>1 r6c8<>1"));
        let Deduction::Dual { parts } = &duals[0].deduction else {
            panic!()
        };
        assert!(
            parts
                .iter()
                .all(|p| p.technique() == Technique::TwoStringKite)
        );
        // The dual comes before the two kites, which are listed on their own too.
        let at = |t: Technique| f.steps.iter().position(|s| s.technique() == t);
        assert!(at(Technique::DualTwoStringKite) < at(Technique::TwoStringKite));
        let kites: Vec<&Step> = f
            .steps
            .iter()
            .filter(|s| s.technique() == Technique::TwoStringKite)
            .collect();
        assert_eq!(kites.len(), 2, "{:?}", f.steps);
    }

    #[test]
    fn dual_empty_rectangle_is_one_step() {
        // 1 in box 6 only on row 4 and column 9 (r4c7, r4c8, r5c9, r6c9); in column 1 only at
        // r3c1 and r4c1; in row 3 only at r3c1 and r3c9. Were r3c1 not 1, r4c1 would be, so
        // box 6's 1 would be in column 9 and r3c9 would not be 1; and r3c1 sees r3c9 in row 3:
        // r3c9 loses 1. The other way round, through row 3, r4c1 loses it.
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        confine(&mut b, "box 6", 1, &[(4, 7), (4, 8), (5, 9), (6, 9)]);
        confine(&mut b, "column 1", 1, &[(3, 1), (4, 1)]);
        confine(&mut b, "row 3", 1, &[(3, 1), (3, 9)]);
        let mut f = Finder::new(100);
        find_empty_rectangles(&b, &mut f);
        let duals: Vec<&Step> = f
            .steps
            .iter()
            .filter(|s| s.technique() == Technique::DualEmptyRectangle)
            .collect();
        assert_eq!(duals.len(), 1, "{:?}", f.steps);
        assert_eq!(duals[0].eliminations, elims(&g, "r3c9<>1 r4c1<>1"));
        assert_eq!(f.steps[0].technique(), Technique::DualEmptyRectangle);
    }
}
