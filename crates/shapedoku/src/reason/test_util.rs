//! Helpers for the unit tests of the advanced techniques: positions built by hand.

use super::board::Board;
use super::step::Candidate;
use crate::geometry::{Geometry, GeometryBuilder, GridSpec, Rule, ShapeKind};
use crate::pos::{Pos, parse_cell_list};
use crate::puzzle::Puzzle;
use crate::symbols::{SymbolSet, Symbols};
use crate::{CellId, ShapeId, Symbol};
use std::sync::Arc;

/// Symbol index of a digit 1..9.
pub fn sym(d: u8) -> u8 {
    d - 1
}

/// The symbol of a digit 1..9.
pub fn symbol(d: u8) -> Symbol {
    Symbol::new(d as usize - 1)
}

/// A set of digits as symbol indices.
pub fn set(ds: &[u8]) -> SymbolSet {
    ds.iter().map(|&d| d - 1).collect()
}

/// The cell at r`r`c`c`.
pub fn cell(g: &Geometry, r: u32, c: u32) -> usize {
    g.cell_at(Pos::new(r, c)).unwrap()
}

/// The id of the cell at r`r`c`c`.
pub fn cell_id(g: &Geometry, r: u32, c: u32) -> CellId {
    CellId::new(cell(g, r, c))
}

/// Digit `d` in the cell at r`r`c`c`.
pub fn cand(g: &Geometry, r: u32, c: u32, d: u8) -> Candidate {
    Candidate::at(cell(g, r, c), sym(d))
}

/// The id of the shape with this name.
pub fn shape_id(g: &Geometry, name: &str) -> ShapeId {
    ShapeId::new(shape_named(g, name))
}

/// The index of the shape with this name.
pub fn shape_named(g: &Geometry, name: &str) -> usize {
    g.shapes().iter().position(|s| s.name == name).unwrap()
}

/// A classic 9x9 with these cages; returns the geometry and the cage shape ids.
pub fn killer_4cells(cages: &[&str], totals: &[i64]) -> (Arc<Geometry>, Vec<usize>) {
    let mut b = GeometryBuilder::new("killer", Symbols::new("123456789".chars()).unwrap());
    b.grid(GridSpec::square(Pos::new(1, 1), 9).with_boxes(3, 3));
    for (cells, &t) in cages.iter().zip(totals) {
        let cells = parse_cell_list(cells).unwrap();
        let name = format!("cage {t} at {}", cells[0]);
        b.shape(
            &name,
            ShapeKind::Cage,
            cells,
            Rule::Sum {
                total: t,
                distinct: true,
            },
        );
    }
    let g = Arc::new(b.build().unwrap());
    let ids = (0..g.shapes().len())
        .filter(|&s| g.shape(s).kind == ShapeKind::Cage)
        .collect();
    (g, ids)
}

/// A board with no givens.
pub fn empty_board(g: &Arc<Geometry>) -> Board {
    Board::new(&Puzzle::empty(g.clone()))
}

/// Parses `"r1c2<>5 r3c4<>6"` into candidates, sorted.
pub fn elims(g: &Geometry, text: &str) -> Vec<Candidate> {
    let mut v: Vec<Candidate> = text
        .split_whitespace()
        .map(|e| {
            let (p, d) = e.split_once("<>").unwrap();
            Candidate::at(
                g.cell_at(p.parse().unwrap()).unwrap(),
                d.parse::<u8>().unwrap() - 1,
            )
        })
        .collect();
    v.sort_unstable();
    v
}

/// Removes digit `d` from every cell of `shape` except those at `keep` (row, column), to leave
/// the digit's places a position needs.
pub fn confine(b: &mut Board, shape: &str, d: u8, keep: &[(u32, u32)]) {
    let g = b.geometry().clone();
    for &c in &g.shape(shape_named(&g, shape)).cells {
        let p = g.pos(c);
        if !keep.contains(&(p.row, p.col)) {
            b.eliminate(c, sym(d));
        }
    }
}

/// Classic puzzles whose logical solves meet finned and sashimi fish of every size on the way
/// (public puzzles from the unbiased benchmark list: finned swordfish, sashimi X-wing,
/// Franken swordfish, finned jellyfish, sashimi swordfish), and one of our generator's.
pub const FISHY: &[&str] = &[
    "...........6.754..8....69..5.....19....8.27...9......24.7.3......1..8.3..2..57...",
    ".2.....85.5....1...89.....6.6...1.54..146.9.7....75...3....6.7.6..5....9.4...3...",
    "..3..4....56..7..8....3....2...894..5..7..9.2.64..1.8...2.7.......4.8..98..1...2.",
    "12...6...45..9..7..8.3.....3.......459.....2....6.2..52..8...3...8.3.9.....5..8.2",
    "..3..584...67..3......4...55...1.....9.2.......1....826....2...9...842.6...5...18",
    "....5.....5.71...3.8.3.4...9.......4..8..951..3...7.2..41..27.........856.....1..",
];

/// Two hard classic puzzles (forcing chains and beyond) whose logical solves pass through
/// many positions for the advanced searches, for tests that compare a search with its oracle.
pub const HARD_PAIR: [&str; 2] = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "...........6.754..8....69..5.....19....8.27...9......24.7.3......1..8.3..2..57...",
];

/// A fixed xorshift generator, so tests that thin boards at random are the same every run.
pub struct XorShift(pub u64);

impl XorShift {
    /// The next number below `m`.
    pub fn below(&mut self, m: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % m as u64) as usize
    }
}

/// Visits every position along the logical solves of the classic puzzles `lines`, each
/// `rounds` times: as it is, then after each further seeded run of `eliminations(round)` tries
/// at removing a random candidate from a random cell (only where two or more stay). Thinning
/// makes many more small cells and odd patterns than solves reach, for tests that compare a
/// search with its oracle; `visit` gets the board and the round.
pub fn along_thinned_solves(
    lines: &[&str],
    seed: u64,
    rounds: usize,
    eliminations: impl Fn(usize) -> usize,
    mut visit: impl FnMut(&Board, usize),
) {
    let g = crate::builtin::geometry("classic").unwrap();
    let mut rng = XorShift(seed);
    for line in lines {
        let p = Puzzle::from_line(g.clone(), line).unwrap();
        let mut b = Board::new(&p);
        while let Some(step) = super::next_step(&b) {
            let mut thin = b.clone();
            for round in 0..rounds {
                visit(&thin, round);
                for _ in 0..eliminations(round) {
                    let c = rng.below(81);
                    if thin.candidates(c).len() > 2 {
                        thin.eliminate(c, rng.below(9) as u8);
                    }
                }
            }
            b.apply(&step);
        }
    }
}

/// Checks, at every point of the logical solve of the classic puzzle `line`, that each of
/// `finds` with room for one step gives the first step it gives with room for many (searches
/// that stop early once one step is enough must not change which step comes first), and that
/// the solve ends solved. Returns how many steps were found with room for one.
pub fn room_for_one_gives_the_first(line: &str, finds: &[super::FindFn]) -> usize {
    let g = crate::builtin::geometry("classic").unwrap();
    let mut b = Board::new(&Puzzle::from_line(g, line).unwrap());
    let mut found = 0;
    while let Some(step) = super::next_step(&b) {
        for find in finds {
            let (mut one, mut many) = (
                super::finder::Finder::new(1),
                super::finder::Finder::new(1000),
            );
            find(&b, &mut one);
            find(&b, &mut many);
            assert_eq!(
                format!("{:?}", one.steps.first()),
                format!("{:?}", many.steps.first())
            );
            found += one.steps.len();
        }
        b.apply(&step);
    }
    assert!(b.is_solved(), "{line}");
    found
}
