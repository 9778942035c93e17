//! The kernel's data: the masks compiled once per geometry ([`Masks`]) and the state a search
//! copies per guess ([`Board`]).

use crate::Geometry;

/// A set of cells: bit `c % 64` of word `c / 64` is cell `c`.
pub(super) type Bits<const W: usize> = [u64; W];

/// The word and bit of a cell.
#[inline(always)]
pub(super) fn word_bit(c: usize) -> (usize, u64) {
    (c >> 6, 1u64 << (c & 63))
}

/// The cells of a set, lowest first.
#[inline(always)]
pub(super) fn for_each_cell<const W: usize>(bits: &Bits<W>, mut f: impl FnMut(usize)) {
    for (i, &w) in bits.iter().enumerate() {
        let mut x = w;
        while x != 0 {
            f(i * 64 + x.trailing_zeros() as usize);
            x &= x - 1;
        }
    }
}

/// Two houses that share cells: when a symbol's places in one lie in the shared cells, it
/// leaves the other's cells outside them.
#[derive(Debug)]
pub(super) struct HousePair<const W: usize> {
    /// The two houses, as a mask over the houses.
    pub(super) both: u64,
    /// The first house's cells outside the second.
    pub(super) a_only: Bits<W>,
    /// The second house's cells outside the first.
    pub(super) b_only: Bits<W>,
    /// The houses holding a cell of `a_only`: where clearing it takes places.
    pub(super) a_houses: u64,
    /// The houses holding a cell of `b_only`.
    pub(super) b_houses: u64,
}

/// One geometry's rules as cell sets: what a placement clears and where hidden singles are.
#[derive(Debug)]
pub(super) struct Masks<const W: usize> {
    /// Symbols in the alphabet.
    pub(super) symbols: usize,
    /// Cells in the grid.
    pub(super) cells: usize,
    /// Each cell's peers (never the cell itself): every no-repeat shape through it, and the
    /// cells that peer rules beyond shapes (anti-knight, ...) relate to it.
    pub(super) peers: Vec<Bits<W>>,
    /// Each house (a no-repeat shape of exactly one cell per symbol), where every symbol
    /// must appear once.
    pub(super) houses: Vec<Bits<W>>,
    /// For each cell, the houses holding it, as a mask over `houses`.
    pub(super) cell_houses: Vec<u64>,
    /// For each cell, the houses holding one of its peers: where a placement there can take
    /// places from its symbol.
    pub(super) peer_houses: Vec<u64>,
    /// Pairs of houses sharing two or more cells, for locked candidates.
    pub(super) pairs: Vec<HousePair<W>>,
    /// For each house, the pairs holding it as a mask over `pairs`, when there are at most
    /// 64 pairs (empty otherwise): locked candidates then visit only the pairs that can have
    /// changed instead of testing each one, a branch that mispredicted often.
    pub(super) house_pairs: Vec<u64>,
    /// Every house, as a mask.
    pub(super) all_houses: u64,
    /// Every cell.
    pub(super) all_cells: Bits<W>,
}

impl<const W: usize> Masks<W> {
    /// The masks of `g` with the extra peer pairs, or `None` when it does not fit: more cells
    /// than `64 * W`, more than 64 houses or more than 64 symbols.
    pub(super) fn new(g: &Geometry, extra: &[(u32, u32)]) -> Option<Masks<W>> {
        let (cells, symbols) = (g.cell_count(), g.symbol_count());
        let houses = g.houses();
        if cells > 64 * W || houses.len() > 64 || symbols > 64 || symbols == 0 {
            return None;
        }
        let set = |it: &mut dyn Iterator<Item = usize>| {
            let mut b = [0u64; W];
            for c in it {
                let (w, bit) = word_bit(c);
                b[w] |= bit;
            }
            b
        };
        let mut peers: Vec<Bits<W>> = (0..cells)
            .map(|c| set(&mut g.peers(c).iter().map(|&p| p as usize)))
            .collect();
        for &(a, b) in extra {
            let (a, b) = (a as usize, b as usize);
            if a != b && a < cells && b < cells {
                let (wa, ba) = word_bit(a);
                let (wb, bb) = word_bit(b);
                peers[a][wb] |= bb;
                peers[b][wa] |= ba;
            }
        }
        let house_masks: Vec<Bits<W>> = houses
            .iter()
            .map(|&h| set(&mut g.shapes()[h].cells.iter().copied()))
            .collect();
        let mut cell_houses = vec![0u64; cells];
        for (h, m) in house_masks.iter().enumerate() {
            for_each_cell(m, |c| cell_houses[c] |= 1 << h);
        }
        let peer_houses = peers
            .iter()
            .map(|p| {
                let mut hs = 0u64;
                for_each_cell(p, |c| hs |= cell_houses[c]);
                hs
            })
            .collect();
        let tables = g.tables();
        let pairs = tables
            .house_pairs
            .iter()
            .map(|p| {
                let (a, b) = (&house_masks[p.a as usize], &house_masks[p.b as usize]);
                let a_only = std::array::from_fn(|i| a[i] & !b[i]);
                let b_only = std::array::from_fn(|i| b[i] & !a[i]);
                let houses_of = |cells: &Bits<W>| {
                    let mut hs = 0u64;
                    for_each_cell(cells, |c| hs |= cell_houses[c]);
                    hs
                };
                HousePair {
                    both: 1 << p.a | 1 << p.b,
                    a_houses: houses_of(&a_only),
                    b_houses: houses_of(&b_only),
                    a_only,
                    b_only,
                }
            })
            .collect::<Vec<HousePair<W>>>();
        let mut house_pairs = Vec::new();
        if pairs.len() <= 64 {
            house_pairs = vec![0u64; houses.len()];
            for (i, p) in pairs.iter().enumerate() {
                let mut both = p.both;
                while both != 0 {
                    house_pairs[both.trailing_zeros() as usize] |= 1 << i;
                    both &= both - 1;
                }
            }
        }
        Some(Masks {
            symbols,
            pairs,
            house_pairs,
            cells,
            peers,
            all_houses: if houses.len() == 64 {
                u64::MAX
            } else {
                (1u64 << houses.len()) - 1
            },
            houses: house_masks,
            cell_houses,
            peer_houses,
            all_cells: set(&mut (0..cells)),
        })
    }
}

/// The state of a search node: for each symbol the cells where it can still go, the cells not
/// yet placed, and for each symbol the houses it is not yet placed in.
///
/// A placed cell keeps its bit in its own symbol's set only, so the places of a symbol in a
/// house it is placed in are that one cell.
#[derive(Debug, Clone)]
pub(super) struct Board<const W: usize> {
    /// One set per symbol, then the unplaced cells (index `symbols`): copied per guess as one
    /// slice.
    pub(super) places: Vec<Bits<W>>,
    /// Per symbol, the houses it is not placed in yet.
    pub(super) open_houses: Vec<u64>,
    /// Symbols whose places changed since their houses were last scanned for hidden singles.
    pub(super) dirty: u64,
    /// Per symbol, houses where it lost places by more than a placement in them (its own
    /// placement's peers, locked candidates) since it was last scanned.
    pub(super) touched: Vec<u64>,
    /// The houses of the cells placed since the last hidden-singles pass began: a placement
    /// takes its cell from the other symbols, so only these houses need a new look for them.
    pub(super) recent: u64,
    /// Symbols whose places changed since their house pairs were last scanned for locked
    /// candidates.
    pub(super) lock_dirty: u64,
    /// Per symbol, the houses where it lost places since its pairs were last scanned: only
    /// pairs with one of them can have become locked.
    pub(super) lock_houses: Vec<u64>,
}

impl<const W: usize> Board<W> {
    pub(super) fn new(m: &Masks<W>) -> Board<W> {
        Board {
            places: vec![[0; W]; m.symbols + 1],
            open_houses: vec![0; m.symbols],
            dirty: 0,
            touched: vec![0; m.symbols],
            recent: 0,
            lock_dirty: 0,
            lock_houses: vec![0; m.symbols],
        }
    }

    /// Every symbol everywhere, nothing placed.
    pub(super) fn reset(&mut self, m: &Masks<W>) {
        self.places.fill(m.all_cells);
        self.open_houses.fill(m.all_houses);
        self.touched.fill(m.all_houses);
        self.lock_houses.fill(m.all_houses);
        self.recent = 0;
        self.dirty = all_symbols(m.symbols);
        self.lock_dirty = self.dirty;
    }

    /// The unplaced cells.
    #[inline(always)]
    pub(super) fn open(&self) -> &Bits<W> {
        &self.places[self.places.len() - 1]
    }

    /// Whether symbol `s` can still go in cell `c`.
    #[inline(always)]
    pub(super) fn has(&self, s: usize, c: usize) -> bool {
        let (w, b) = word_bit(c);
        self.places[s][w] & b != 0
    }

    /// Places `s` in `c` (which must still allow it): `s` leaves the cell's peers, every
    /// other symbol leaves the cell, and the cell's houses close for `s`.
    #[inline(always)]
    pub(super) fn place(&mut self, m: &Masks<W>, c: usize, s: usize) {
        self.place_as::<false>(m, c, s);
    }

    /// [`Board::place`] for a cell whose only candidate is `s` (a naked single): no other
    /// symbol's set holds it, so the pass over every symbol's set is skipped.
    #[inline(always)]
    pub(super) fn place_single(&mut self, m: &Masks<W>, c: usize, s: usize) {
        self.place_as::<true>(m, c, s);
    }

    #[inline(always)]
    fn place_as<const SINGLE: bool>(&mut self, m: &Masks<W>, c: usize, s: usize) {
        let (w, b) = word_bit(c);
        let peers = &m.peers[c];
        let mine = &mut self.places[s];
        for i in 0..W {
            mine[i] &= !peers[i];
        }
        self.touched[s] |= m.peer_houses[c];
        let n = m.symbols;
        let mut dirty = self.dirty | 1 << s;
        if !SINGLE {
            let at = c & 63;
            for (t, set) in self.places[..n].iter_mut().enumerate() {
                let x = set[w];
                dirty |= (x >> at & 1) << t;
                set[w] = x & !b;
            }
        }
        let houses = m.cell_houses[c];
        self.recent |= houses;
        self.places[s][w] |= b;
        self.places[n][w] &= !b;
        self.open_houses[s] &= !houses;
        self.dirty = dirty;
    }

    /// Records that a settled board lost `s` from `c` and nothing else: only `c`'s houses
    /// need a new look, and only for `s`.
    #[inline(always)]
    pub(super) fn taken_out(&mut self, m: &Masks<W>, c: usize, s: usize) {
        self.dirty = 1 << s;
        self.touched.fill(0);
        self.touched[s] = m.cell_houses[c];
        self.recent = 0;
    }

    /// The symbol placed in or left for `c` (the lowest, when several are left).
    #[inline(always)]
    pub(super) fn first_symbol(&self, m: &Masks<W>, c: usize) -> Option<usize> {
        (0..m.symbols).find(|&s| self.has(s, c))
    }
}

/// The mask of the first `n` symbols.
pub(super) fn all_symbols(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}
