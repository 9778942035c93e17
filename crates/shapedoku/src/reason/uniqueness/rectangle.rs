//! The rectangle shared by the uniqueness techniques (unique rectangles in `uniqueness`,
//! avoidable rectangles in `avoidable`): its corners, the test that a swap of two symbols among
//! them keeps every shape valid, the cells that close one, and the step that reports one.

use crate::geometry::Rule;
use crate::reason::board::Board;
use crate::reason::step::{Candidate, Deduction, RectangleKind, Step};
use crate::{CellId, ShapeId, Symbol};

/// The four corners, in the order of [`Deduction::UniqueRectangle`]: sides a–b, c–d, a–c, b–d.
pub(super) type Corners = [usize; 4];

/// Which of the corners a shape may hold together (as bits over the corner indices): a side.
const SIDES: [u8; 4] = [0b0011, 0b1100, 0b0101, 0b1010];

/// The sides as pairs of corner indices.
pub(super) const SIDE_PAIRS: [(usize, usize); 4] = [(0, 1), (2, 3), (0, 2), (1, 3)];

/// Whether a swap of two symbols among the corners keeps every shape holding them valid.
pub(super) fn symmetric(board: &Board, r: &Corners) -> bool {
    let g = board.geometry();
    for &c in r {
        for &s in g.shapes_of(c) {
            let shape = g.shape(s as usize);
            if shape.rule != Rule::NoRepeat {
                return false;
            }
            let mut held = 0u8;
            for (i, &k) in r.iter().enumerate() {
                if shape.cells.contains(&k) {
                    held |= 1 << i;
                }
            }
            if !SIDES.contains(&held) {
                return false;
            }
        }
    }
    true
}

/// The cells q that close a rectangle p, n1, n2, q (q sees n1 and n2, not p), in cell order.
/// An iterator, not a list: it runs for every pair of sides the searches try.
pub(super) fn closing(
    board: &Board,
    p: usize,
    n1: usize,
    n2: usize,
) -> impl Iterator<Item = usize> + '_ {
    let t = board.tables();
    let words = board.geometry().cell_count().div_ceil(64);
    let peers = move |c: usize| &t.peer_bits[c * words..(c + 1) * words];
    cells_in(words, move |w| peers(n1)[w] & peers(n2)[w] & !peers(p)[w]).filter(move |&q| q != p)
}

/// The cells of a cell bitset given word by word (`word(i)` for the `words` words), in cell
/// order.
pub(super) fn cells_in(words: usize, word: impl Fn(usize) -> u64) -> impl Iterator<Item = usize> {
    (0..words).flat_map(move |i| {
        let mut m = word(i);
        std::iter::from_fn(move || {
            (m != 0).then(|| {
                let c = i * 64 + m.trailing_zeros() as usize;
                m &= m - 1;
                c
            })
        })
    })
}

/// A unique or avoidable rectangle step of `kind` over the corners `r` and the pair x, y.
pub(super) fn step(
    r: &Corners,
    kind: RectangleKind,
    [x, y]: [u8; 2],
    elims: Vec<Candidate>,
    subset: Vec<CellId>,
    house: Option<usize>,
) -> Step {
    Step::eliminating(
        elims,
        Deduction::UniqueRectangle {
            kind,
            cells: r.map(CellId::new),
            symbols: [Symbol::new(x as usize), Symbol::new(y as usize)],
            subset,
            house: house.map(ShapeId::new),
        },
    )
}
