//! Kraken fish (HoDoKu's types 1 and 2): a finned fish whose fins see nothing to remove, helped
//! by chains. In a finned fish either some fin holds the symbol or the base places fill the
//! cover, one in each cover house.
//!
//! - Type 1: a cover cell outside the base loses the symbol if the fish holds; if every fin,
//!   assumed true, leads by a chain to that candidate being false, it goes.
//! - Type 2: in one cover house, one of its base places or one of the fins is true; a candidate
//!   (of any symbol) that a chain from each of them makes false goes. A cover house with no
//!   place off the base is left out: its places alone make that argument, a forcing chain.
//!
//! The fish are the rows against the columns of each grid (as in `finned_fish`), up to size 4
//! with one or two fins; the chains are the alternating chains of `chain_graph` (house and cell
//! links, group nodes), each from its start assumed true. HoDoKu leaves kraken fish out of its
//! default solve; the solver tries them after the finned Franken fish, where they seldom run.

use super::finned::{Lines, line_sets};
use crate::reason::board::Board;
use crate::reason::chains::graph::{Bfs, ChainGraph};
use crate::reason::chains::grouped::chain_nodes;
use crate::reason::finder::Finder;
use crate::reason::step::{Candidate, Deduction, Step};
use crate::{CellId, ShapeId, Symbol};

/// The most base lines of a fish.
const MAX_SIZE: usize = 4;
/// The most fins.
const MAX_FINS: usize = 2;
/// The longest chain, in links.
const MAX_LINKS: usize = 12;

/// What each candidate, assumed true, makes false: worked out once per start, on demand.
struct Implications<'a> {
    graph: ChainGraph<'a>,
    bfs: Bfs,
    /// Per candidate node, the candidate nodes it makes false (bits over candidate nodes).
    off: Vec<Option<Vec<u64>>>,
}

impl<'a> Implications<'a> {
    fn new(board: &'a Board) -> Self {
        let graph = ChainGraph::new(board);
        let bfs = Bfs::new(graph.len());
        let off = vec![None; graph.singles];
        Implications { graph, bfs, off }
    }

    /// The candidate nodes that `x` (a candidate node), assumed true, makes false.
    fn off(&mut self, x: u32) -> &[u64] {
        if self.off[x as usize].is_none() {
            let g = &self.graph;
            let mut bits = vec![0u64; g.singles.div_ceil(64)];
            self.bfs.explore(g, x, false, true, false, MAX_LINKS);
            for &st in &self.bfs.queue {
                // Reached by a weak link: the node is false, and with a group each of its cells.
                if st % 2 == 1 {
                    continue;
                }
                let m = st / 2;
                let v = g.symbol(m);
                for &c in g.cells(m) {
                    if let Some(y) = g.single(c as usize, v) {
                        bits[y as usize / 64] |= 1 << (y % 64);
                    }
                }
            }
            self.off[x as usize] = Some(bits);
        }
        self.off[x as usize].as_deref().expect("just set")
    }

    /// The chain from `x` (true) to `y` (false), if the shortest one reads as a chain. A group
    /// node that makes `y` false ends the chain at the group, which holds `y`'s cell.
    fn chain(&mut self, x: u32, y: u32) -> Option<Vec<crate::reason::step::ChainNode>> {
        let g = &self.graph;
        self.bfs.explore(g, x, false, true, false, MAX_LINKS);
        let (yc, yv) = (g.cells(y)[0], g.symbol(y));
        let q = &self.bfs.queue;
        // The candidate itself if reached, else a group holding it.
        let end = q.iter().copied().find(|&st| st == y * 2).or_else(|| {
            q.iter()
                .copied()
                .find(|&st| st % 2 == 0 && g.symbol(st / 2) == yv && g.cells(st / 2).contains(&yc))
        })?;
        let nodes = self.bfs.path(g, end)?;
        Some(chain_nodes(g, &nodes))
    }
}

/// A base line with places: its shape, its number, its places' cover numbers as a mask, and
/// its places (cover number, cell).
type BaseLine = (usize, u8, u64, Vec<(u32, usize)>);

/// The search's state for one line set and symbol.
struct Fish<'s> {
    v: u8,
    lines: &'s Lines,
    /// Base lines with two to six places.
    bases: Vec<BaseLine>,
}

/// What the search over every fish shares: the board, where steps go, the chains' implications
/// (built on the first fish that needs them) and the candidates already reported.
struct Search<'b, 'f> {
    board: &'b Board,
    f: &'f mut Finder,
    imp: Option<Implications<'b>>,
    seen: Vec<Candidate>,
}

impl<'b> Search<'b, '_> {
    /// The implications, worked out on first use: most boards have no fish that needs them.
    fn imp(&mut self) -> &mut Implications<'b> {
        let board = self.board;
        self.imp.get_or_insert_with(|| Implications::new(board))
    }
}

/// One finned fish: its chosen base lines (indices into `Fish::bases`), its cover numbers as a
/// mask, and its fins.
struct Shape<'a> {
    chosen: &'a [usize],
    cover: u64,
    fins: &'a [usize],
}

/// Kraken fish of types 1 and 2, smallest first, one elimination per step.
pub(crate) fn find(board: &Board, f: &mut Finder) {
    let sets = line_sets(board);
    let mut s = Search {
        board,
        f,
        imp: None,
        seen: Vec::new(),
    };
    for k in 2..=MAX_SIZE {
        for lines in &sets {
            for v in 0..board.geometry().symbol_count() as u8 {
                if s.f.out_of_budget() {
                    return;
                }
                let fish = Fish::new(board, lines, v);
                let mut chosen = Vec::with_capacity(k);
                if !fish.bases(&mut s, k, 0, 0, &mut chosen) {
                    return;
                }
            }
        }
    }
}

impl<'s> Fish<'s> {
    fn new(board: &Board, lines: &'s Lines, v: u8) -> Self {
        let g = board.geometry();
        let mut bases = Vec::new();
        for (number, b) in lines.base.iter().enumerate() {
            let Some(b) = *b else { continue };
            if board.has_placed(b, v) {
                continue;
            }
            let places: Vec<(u32, usize)> = g
                .shape(b)
                .cells
                .iter()
                .filter(|&&c| board.value(c).is_none() && board.candidates(c).contains(v))
                .filter(|&&c| lines.cover_of[c] != u8::MAX)
                .map(|&c| (u32::from(lines.cover_of[c]), c))
                .collect();
            let mask = places.iter().fold(0u64, |m, &(j, _)| m | 1 << j);
            if (2..=(MAX_SIZE + MAX_FINS) as u32).contains(&mask.count_ones()) {
                bases.push((b, number as u8, mask, places));
            }
        }
        Fish { v, lines, bases }
    }

    /// Chooses `k` base lines from `from` on whose columns stay within k + 2; returns false
    /// when the finder is full.
    fn bases(
        &self,
        s: &mut Search,
        k: usize,
        from: usize,
        union: u64,
        chosen: &mut Vec<usize>,
    ) -> bool {
        if chosen.len() == k {
            return self.covers(s, chosen, union);
        }
        for i in from..self.bases.len() {
            let u = union | self.bases[i].2;
            if u.count_ones() as usize > k + MAX_FINS {
                continue;
            }
            chosen.push(i);
            let go = self.bases(s, k, i + 1, u, chosen);
            chosen.pop();
            if !go {
                return false;
            }
        }
        true
    }

    /// Every cover of k columns among `union`'s leaving one or two fins and removing nothing
    /// as a finned fish: its kraken eliminations.
    fn covers(&self, s: &mut Search, chosen: &[usize], union: u64) -> bool {
        let k = chosen.len();
        let cols: Vec<u32> = (0..64).filter(|j| union >> j & 1 == 1).collect();
        for sel in 0u32..1 << cols.len() {
            if sel.count_ones() as usize != k {
                continue;
            }
            let cover = cols
                .iter()
                .enumerate()
                .filter(|(i, _)| sel >> i & 1 == 1)
                .fold(0u64, |m, (_, &j)| m | 1 << j);
            if chosen.iter().any(|&b| self.bases[b].2 & cover == 0) {
                continue;
            }
            let fins: Vec<usize> = chosen
                .iter()
                .flat_map(|&b| &self.bases[b].3)
                .filter(|(j, _)| cover >> j & 1 == 0)
                .map(|&(_, c)| c)
                .collect();
            if fins.is_empty() || fins.len() > MAX_FINS {
                continue;
            }
            let shape = Shape {
                chosen,
                cover,
                fins: &fins,
            };
            let go = self.kraken(s, &shape);
            if !go {
                return false;
            }
        }
        true
    }

    /// The cover lines' cells holding the symbol, split into base places and the rest.
    fn cover_cells(&self, board: &Board, j: u32, rows: &[u8]) -> (Vec<usize>, Vec<usize>) {
        let g = board.geometry();
        let col = self.lines.cover[j as usize].expect("a cover line");
        g.shape(col)
            .cells
            .iter()
            .copied()
            .filter(|&c| board.value(c).is_none() && board.candidates(c).contains(self.v))
            .partition(|&c| rows.contains(&self.lines.base_of[c]))
    }

    /// Type 1, then type 2 eliminations of one finned fish, if its fins see no target.
    fn kraken(&self, s: &mut Search, shape: &Shape) -> bool {
        let Shape {
            chosen,
            cover,
            fins,
        } = *shape;
        let board = s.board;
        let t = board.tables();
        let rows: Vec<u8> = chosen.iter().map(|&b| self.bases[b].1).collect();
        let covers: Vec<u32> = (0..64).filter(|j| cover >> j & 1 == 1).collect();
        let split: Vec<(Vec<usize>, Vec<usize>)> = covers
            .iter()
            .map(|&j| self.cover_cells(board, j, &rows))
            .collect();
        // A finned fish would remove these: `finned_fish` reports it.
        let targets: Vec<usize> = split.iter().flat_map(|p| p.1.iter().copied()).collect();
        if targets.iter().any(|&c| fins.iter().all(|&x| t.sees(c, x))) {
            return true;
        }
        let node =
            |imp: &Implications, c: usize, v: u8| imp.graph.single(c, v).expect("a candidate");
        let fin_nodes: Vec<u32> = fins.iter().map(|&c| node(s.imp(), c, self.v)).collect();
        // Type 1.
        for &c in &targets {
            let y = node(s.imp(), c, self.v);
            if fin_nodes.iter().all(|&x| bit(s.imp().off(x), y))
                && !self.push(s, shape, None, &fin_nodes, y)
            {
                return false;
            }
        }
        // Type 2.
        for (&j, (base_places, rest)) in covers.iter().zip(&split) {
            if rest.is_empty() {
                continue;
            }
            let imp = s.imp();
            let starts: Vec<u32> = base_places
                .iter()
                .map(|&c| node(imp, c, self.v))
                .chain(fin_nodes.iter().copied())
                .collect();
            let mut all = imp.off(starts[0]).to_vec();
            for &x in &starts[1..] {
                for (a, b) in all.iter_mut().zip(imp.off(x)) {
                    *a &= b;
                }
            }
            let ys: Vec<u32> = (0..imp.graph.singles as u32)
                .filter(|&y| bit(&all, y))
                .collect();
            let house = self.lines.cover[j as usize].map(ShapeId::new);
            for y in ys {
                if !self.push(s, shape, house, &starts, y) {
                    return false;
                }
            }
        }
        true
    }

    /// The step removing `y`, with a chain from each start, unless `y` was reported already or
    /// a chain does not read as one; false when the finder is full.
    fn push(
        &self,
        s: &mut Search,
        shape: &Shape,
        house: Option<ShapeId>,
        starts: &[u32],
        y: u32,
    ) -> bool {
        let Shape {
            chosen,
            cover,
            fins,
        } = *shape;
        let g = &s.imp().graph;
        let gone = Candidate::at(g.cells(y)[0] as usize, g.symbol(y));
        if s.seen.contains(&gone) {
            return true;
        }
        let mut chains = Vec::with_capacity(starts.len());
        for &x in starts {
            match s.imp().chain(x, y) {
                Some(c) => chains.push(c),
                None => return true,
            }
        }
        s.seen.push(gone);
        let mut base: Vec<ShapeId> = chosen
            .iter()
            .map(|&b| ShapeId::new(self.bases[b].0))
            .collect();
        base.sort_unstable();
        let cover: Vec<ShapeId> = (0..64)
            .filter(|j| cover >> j & 1 == 1)
            .filter_map(|j| self.lines.cover[j])
            .map(ShapeId::new)
            .collect();
        let mut fins: Vec<CellId> = fins.iter().map(|&c| CellId::new(c)).collect();
        fins.sort_unstable();
        s.f.push(Step::eliminating(
            vec![gone],
            Deduction::KrakenFish {
                symbol: Symbol::new(self.v as usize),
                base,
                cover,
                fins,
                house,
                chains,
            },
        ))
    }
}

/// Whether bit `y` is set.
fn bit(bits: &[u64], y: u32) -> bool {
    bits[y as usize / 64] >> (y % 64) & 1 == 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::catalogue::Technique;
    use crate::reason::step::ChainNode;
    use crate::reason::test_util::*;

    #[test]
    fn kraken_fish_type_1() {
        // 1 in row 1 at c1 and c5, in row 5 at c1, c5 and the fin r5c9, which sees no cell of
        // columns 1 and 5 outside the base. Row 9 holds 1 only at c4 and c9. Were the fin 1,
        // r9c9 would not be, so r9c4 would, and r7c5 (box 8) would not; were it not, the
        // X-wing would clear column 5. Either way r7c5 loses 1.
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        for (r, cols) in [(1, [1, 5].as_slice()), (5, &[1, 5, 9]), (9, &[4, 9])] {
            for c in (1..=9).filter(|c| !cols.contains(c)) {
                b.eliminate(cell(&g, r, c), sym(1));
            }
        }
        let mut f = Finder::new(1000);
        find(&b, &mut f);
        let s = f
            .steps
            .iter()
            .find(|s| s.eliminations == elims(&g, "r7c5<>1"))
            .expect("r7c5<>1");
        assert_eq!(s.technique(), Technique::KrakenFishType1);
        let node = |r, c| ChainNode {
            symbol: symbol(1),
            cells: vec![cell_id(&g, r, c)],
        };
        assert_eq!(
            s.deduction,
            Deduction::KrakenFish {
                symbol: symbol(1),
                base: vec![shape_id(&g, "row 1"), shape_id(&g, "row 5")],
                cover: vec![shape_id(&g, "column 1"), shape_id(&g, "column 5")],
                fins: vec![cell_id(&g, 5, 9)],
                house: None,
                chains: vec![vec![node(5, 9), node(9, 9), node(9, 4), node(7, 5)]],
            }
        );
        assert_eq!(
            crate::reason::explain::compact(&g, s),
            "Kraken Fish Type 1: 1 r15 c15 fr5c9: (1)r5c9-(1)r9c9=(1)r9c4-(1)r7c5 => r7c5<>1"
        );
        // r8c5, in box 8 too, goes the same way.
        assert!(
            f.steps
                .iter()
                .any(|s| s.eliminations == elims(&g, "r8c5<>1"))
        );
    }

    #[test]
    fn kraken_fish_type_2() {
        // The finned X-wing of the type 1 test (rows 1 and 5 on columns 1 and 5, fin r5c9).
        // Column 1 takes its 1 at r1c1 or r5c1 unless the fin holds it. Row 2 holds 1 only at
        // c3 and c9, column 3 only at r2 and r4, so box 7 only in columns 1 and 2. r1c1 sees
        // r3c2; r5c1 clears r7-9c1, so column 2 holds box 7's 1 and r3c2 does not; the fin
        // clears r2c9, so r2c3 holds 1 and r3c2 does not. So r3c2 loses 1: it is in no cover
        // column, where type 1 removes.
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        confine(&mut b, "row 1", 1, &[(1, 1), (1, 5)]);
        confine(&mut b, "row 5", 1, &[(5, 1), (5, 5), (5, 9)]);
        confine(&mut b, "row 2", 1, &[(2, 3), (2, 9)]);
        confine(&mut b, "column 3", 1, &[(2, 3), (4, 3)]);
        let mut f = Finder::new(1000);
        find(&b, &mut f);
        let s = f
            .steps
            .iter()
            .find(|s| s.eliminations == elims(&g, "r3c2<>1"))
            .expect("r3c2<>1");
        assert_eq!(s.technique(), Technique::KrakenFishType2);
        let node = |cells: &[(u32, u32)]| ChainNode {
            symbol: symbol(1),
            cells: cells.iter().map(|&(r, c)| cell_id(&g, r, c)).collect(),
        };
        let (r3c2, r789) = (node(&[(3, 2)]), |c| node(&[(7, c), (8, c), (9, c)]));
        assert_eq!(
            s.deduction,
            Deduction::KrakenFish {
                symbol: symbol(1),
                base: vec![shape_id(&g, "row 1"), shape_id(&g, "row 5")],
                cover: vec![shape_id(&g, "column 1"), shape_id(&g, "column 5")],
                fins: vec![cell_id(&g, 5, 9)],
                house: Some(shape_id(&g, "column 1")),
                chains: vec![
                    vec![node(&[(1, 1)]), r3c2.clone()],
                    vec![node(&[(5, 1)]), r789(1), r789(2), r3c2.clone()],
                    vec![node(&[(5, 9)]), node(&[(2, 9)]), node(&[(2, 3)]), r3c2],
                ],
            }
        );
        assert_eq!(
            crate::reason::explain::compact(&g, s),
            "Kraken Fish Type 2: 1 r15 c15 fr5c9: (1)r1c1-(1)r3c2 | \
             (1)r5c1-(1)r789c1=(1)r789c2-(1)r3c2 | (1)r5c9-(1)r2c9=(1)r2c3-(1)r3c2 => r3c2<>1"
        );
        // Type 1 removes only from the cover columns, here from column 1 r3c1, which r2c3
        // (true when the fin is) sees.
        assert!(
            f.steps
                .iter()
                .any(|s| s.technique() == Technique::KrakenFishType1
                    && s.eliminations == elims(&g, "r3c1<>1"))
        );
    }
}
