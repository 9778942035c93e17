//! Chaos construction ([`RuleKind::Chaos`]): the regions are part of the solution. Every cell
//! of the grid lies in one region of orthogonally connected cells, as many as there are
//! symbols, and each region holds every symbol once; groups of cells may be known to share a
//! region (`same`) or to lie in different ones (`different`, a drawn border).
//!
//! A solution is a pair (values, partition). Regions carry no names, so a partition is written
//! with canonical labels: the region of the first cell in reading order is region 0, and each
//! next region is numbered by its first cell in reading order (`Layout::canonical`). The
//! solver counts pairs with those labels, so each pair once; this module checks a grid of values
//! by looking for a partition ([`regions`]), which is also how `render` draws the regions of a
//! solution.
//!
//! ```
//! use shapedoku::constraint::chaos;
//! use shapedoku::{load, CellId};
//! let l = load::load_str(
//!     "chaos",
//!     "symbols = \"1234\"\n[[grid]]\nsize = 4\n[[rule]]\ntype = \"chaos\"\n",
//!     None,
//! ).unwrap();
//! let g = l.puzzle.geometry();
//! // A Latin square whose 2x2 boxes would be regions: a partition exists.
//! let v = [0u8, 1, 2, 3, 2, 3, 0, 1, 1, 0, 3, 2, 3, 2, 1, 0];
//! let rule = &g.constraints()[0];
//! let labels = chaos::regions(g, &rule.kind, &|c: CellId| Some(v[c.index()])).unwrap();
//! assert_eq!(labels.len(), 16);
//! assert!(rule.holds(g, &|c: CellId| Some(v[c.index()])));
//! ```

use super::RuleKind;
use crate::{CellId, Geometry, Pos};

/// The cells of a chaos construction as a graph: reading order, orthogonal neighbours, the
/// region size and count, and the cells known to share or not share a region.
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    /// The cells in reading order (by row, then column).
    pub order: Vec<u32>,
    /// Each cell's orthogonal neighbours.
    pub neighbours: Vec<Vec<u32>>,
    /// Cells per region: the alphabet's size.
    pub size: usize,
    /// How many regions: cells / size.
    pub count: usize,
    /// Pairs of cells in the same region (consecutive cells of each `same` group).
    pub same: Vec<(u32, u32)>,
    /// Pairs of cells in different regions (every pair of each `different` group).
    pub different: Vec<(u32, u32)>,
    /// The region clues of the geometry (`chaos-arrow`, `chaos-count`).
    pub clues: Vec<Clue>,
    /// The geometry's counts of different regions (`count-distinct` with `counts =
    /// "regions"`): each control cell, and the cells it counts (itself among them when it
    /// counts itself).
    pub distinct: Vec<(u32, Vec<u32>)>,
    /// Each symbol's value, by symbol index (what a clue cell's symbol says).
    pub values: Vec<i64>,
}

/// A clue about the region of its cell, in cell indices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Clue {
    /// [`RuleKind::ChaosArrow`]: the region's run along each arm from the clue cell.
    Arrow {
        /// The clue cell.
        cell: u32,
        /// Each arm's cells, from the clue outwards.
        arms: Vec<Vec<u32>>,
    },
    /// [`RuleKind::ChaosCount`]: how many of `counted`, and the clue cell, share its region.
    Count {
        /// The clue cell.
        cell: u32,
        /// The counted cells besides the clue cell.
        counted: Vec<u32>,
    },
}

impl Clue {
    /// The clue of a region-clue rule; `None` for any other rule or one not well formed.
    pub(crate) fn of(kind: &RuleKind) -> Option<Clue> {
        let id = |c: &CellId| c.index() as u32;
        match kind {
            RuleKind::ChaosArrow { cells, arms }
                if !cells.is_empty() && cells.len() == 1 + arms.iter().sum::<usize>() =>
            {
                let mut rest = &cells[1..];
                let arms = arms
                    .iter()
                    .map(|&n| {
                        let (arm, next) = rest.split_at(n);
                        rest = next;
                        arm.iter().map(id).collect()
                    })
                    .collect();
                Some(Clue::Arrow {
                    cell: id(&cells[0]),
                    arms,
                })
            }
            RuleKind::ChaosCount { cells } if !cells.is_empty() => Some(Clue::Count {
                cell: id(&cells[0]),
                counted: cells[1..].iter().map(id).collect(),
            }),
            _ => None,
        }
    }

    /// The clue cell.
    pub(crate) fn cell(&self) -> u32 {
        match self {
            Clue::Arrow { cell, .. } | Clue::Count { cell, .. } => *cell,
        }
    }

    /// What the clue reads when `inside(c)` says whether cell `c` lies in the clue cell's
    /// region: the run along the arms (the clue cell once) or the count (the clue cell too).
    pub(crate) fn reading(&self, inside: impl Fn(u32) -> bool) -> i64 {
        match self {
            Clue::Arrow { arms, .. } => {
                1 + arms
                    .iter()
                    .map(|arm| arm.iter().take_while(|&&c| inside(c)).count() as i64)
                    .sum::<i64>()
            }
            Clue::Count { counted, .. } => {
                1 + counted.iter().filter(|&&c| inside(c)).count() as i64
            }
        }
    }
}

impl Layout {
    /// The layout of a chaos rule on `g`; `None` when the cells cannot be split into regions of
    /// the alphabet's size (their number is not a multiple of it, or there would be more than
    /// 64 regions) or the rule is not a chaos rule.
    pub(crate) fn new(g: &Geometry, kind: &RuleKind) -> Option<Layout> {
        let RuleKind::Chaos { same, different } = kind else {
            return None;
        };
        let n = g.cell_count();
        let size = g.symbol_count();
        if size == 0 || n % size != 0 || n / size > 64 || n == 0 {
            return None;
        }
        let mut order: Vec<u32> = (0..n as u32).collect();
        order.sort_by_key(|&c| {
            let p = g.pos(c as usize);
            (p.row, p.col)
        });
        let neighbours = (0..n)
            .map(|c| {
                let p = g.pos(c);
                let mut out = Vec::new();
                for (dr, dc) in [(-1i64, 0i64), (0, -1), (0, 1), (1, 0)] {
                    let (r, k) = (i64::from(p.row) + dr, i64::from(p.col) + dc);
                    if let (Ok(r), Ok(k)) = (u32::try_from(r), u32::try_from(k)) {
                        if let Some(b) = g.cell_at(Pos::new(r, k)) {
                            out.push(b as u32);
                        }
                    }
                }
                out
            })
            .collect();
        let id = |c: &CellId| c.index() as u32;
        let same = same
            .iter()
            .flat_map(|grp| grp.windows(2).map(|w| (id(&w[0]), id(&w[1]))))
            .collect();
        let different = different
            .iter()
            .flat_map(|grp| {
                grp.iter()
                    .enumerate()
                    .flat_map(move |(i, a)| grp[i + 1..].iter().map(move |b| (id(a), id(b))))
            })
            .filter(|(a, b)| a != b)
            .collect();
        let clues = g
            .constraints()
            .iter()
            .filter_map(|c| Clue::of(&c.kind))
            .collect();
        let distinct = g
            .constraints()
            .iter()
            .filter_map(|c| match &c.kind {
                RuleKind::CountRegions {
                    cells,
                    counts_itself,
                } if !cells.is_empty() => {
                    let skip = usize::from(!*counts_itself);
                    Some((id(&cells[0]), cells[skip..].iter().map(id).collect()))
                }
                _ => None,
            })
            .collect();
        Some(Layout {
            distinct,
            order,
            neighbours,
            size,
            count: n / size,
            same,
            different,
            clues,
            values: g.symbols().values().to_vec(),
        })
    }

    /// Relabels a partition (any region number per cell) canonically: regions numbered 0, 1,
    /// ... in the reading order of their first cells.
    pub(crate) fn canonical(&self, labels: &[u8]) -> Vec<u8> {
        let mut map = [u8::MAX; 256];
        let mut next = 0u8;
        let mut out = vec![0; labels.len()];
        for &c in &self.order {
            let l = labels[c as usize] as usize;
            if map[l] == u8::MAX {
                map[l] = next;
                next = next.wrapping_add(1);
            }
            out[c as usize] = map[l];
        }
        out
    }
}

/// What a search for a partition found.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Found {
    /// A partition, as canonical labels by cell.
    Yes(Vec<u8>),
    /// None exists.
    No,
    /// The search ran out of nodes.
    Undecided,
}

/// Nodes the search for a partition may visit (each a cell added to or left out of a region).
const PARTITION_NODES: u64 = 2_000_000;

/// A partition of the cells of `g` into regions that fits the placed symbols (no symbol twice
/// in a region), the rule's `same` and `different` groups and the geometry's region clues, as canonical region labels by
/// cell; `None` when there is none, or none was found within the search's bound (two million
/// steps, far more than a filled grid takes).
pub fn regions(
    g: &Geometry,
    kind: &RuleKind,
    symbol: &dyn Fn(CellId) -> Option<u8>,
) -> Option<Vec<u8>> {
    let layout = Layout::new(g, kind)?;
    match find(&layout, symbol) {
        Found::Yes(l) => Some(l),
        Found::No | Found::Undecided => None,
    }
}

/// [`super::Constraint::holds`] for a chaos rule: whether some partition fits the placed
/// symbols. While cells are empty, a search that runs out of steps counts as "may still hold".
pub(super) fn holds(kind: &RuleKind, g: &Geometry, symbol: &dyn Fn(CellId) -> Option<u8>) -> bool {
    let Some(layout) = Layout::new(g, kind) else {
        return false;
    };
    match find(&layout, symbol) {
        Found::Yes(_) => true,
        Found::No => false,
        Found::Undecided => (0..g.cell_count()).any(|c| symbol(CellId::new(c)).is_none()),
    }
}

/// The partition search: the first cell without a region (reading order) starts the next region,
/// which grows through connected cells without a region, each connected set once (a cell is
/// either added, or left out for this region for good); a region closes when it has `size`
/// cells, fits the groups, and leaves every open area a multiple of `size` cells.
fn find(l: &Layout, symbol: &dyn Fn(CellId) -> Option<u8>) -> Found {
    let n = l.order.len();
    let sym: Vec<Option<u8>> = (0..n).map(|c| symbol(CellId::new(c))).collect();
    let mut s = Partition {
        l,
        sym,
        label: vec![u8::MAX; n],
        nodes: 0,
        out_of_nodes: false,
    };
    if s.next_region(0) {
        return Found::Yes(l.canonical(&s.label));
    }
    if s.out_of_nodes {
        Found::Undecided
    } else {
        Found::No
    }
}

struct Partition<'a> {
    l: &'a Layout,
    sym: Vec<Option<u8>>,
    /// Region by cell, `u8::MAX` for none yet.
    label: Vec<u8>,
    nodes: u64,
    out_of_nodes: bool,
}

impl Partition<'_> {
    /// Labels every cell from region `k` on; true when it succeeds (labels kept).
    fn next_region(&mut self, k: u8) -> bool {
        let Some(&root) = self
            .l
            .order
            .iter()
            .find(|&&c| self.label[c as usize] == u8::MAX)
        else {
            return true;
        };
        let mut region = vec![root];
        let mut used = self.sym[root as usize].map_or(0u64, |s| 1u64 << s);
        self.label[root as usize] = k;
        let mut frontier: Vec<u32> = Vec::new();
        let mut banned: Vec<u32> = Vec::new();
        self.add_frontier(root, &mut frontier, &banned);
        let ok = self.grow(k, &mut region, &mut used, &mut frontier, &mut banned);
        if !ok {
            self.label[root as usize] = u8::MAX;
        }
        ok
    }

    fn add_frontier(&self, c: u32, frontier: &mut Vec<u32>, banned: &[u32]) {
        for &b in &self.l.neighbours[c as usize] {
            if self.label[b as usize] == u8::MAX && !frontier.contains(&b) && !banned.contains(&b) {
                frontier.push(b);
            }
        }
    }

    fn grow(
        &mut self,
        k: u8,
        region: &mut Vec<u32>,
        used: &mut u64,
        frontier: &mut Vec<u32>,
        banned: &mut Vec<u32>,
    ) -> bool {
        self.nodes += 1;
        if self.nodes > PARTITION_NODES {
            self.out_of_nodes = true;
            return false;
        }
        if region.len() == self.l.size {
            return self.close(k) && self.next_region(k + 1);
        }
        let Some(v) = frontier.pop() else {
            return false;
        };
        // Add v.
        let bit = self.sym[v as usize].map_or(0, |s| 1u64 << s);
        if *used & bit == 0 && self.may_join(v, k) {
            let saved = frontier.clone();
            self.label[v as usize] = k;
            region.push(v);
            *used |= bit;
            self.add_frontier(v, frontier, banned);
            if self.grow(k, region, used, frontier, banned) {
                return true;
            }
            *used &= !bit;
            region.pop();
            self.label[v as usize] = u8::MAX;
            *frontier = saved;
        }
        if self.out_of_nodes {
            frontier.push(v);
            return false;
        }
        // Leave v out of this region.
        banned.push(v);
        let ok = self.grow(k, region, used, frontier, banned);
        banned.pop();
        frontier.push(v);
        ok
    }

    /// Whether `v` may join region `k`: no cell of a `different` pair with it is in `k`.
    fn may_join(&self, v: u32, k: u8) -> bool {
        self.l.different.iter().all(|&(a, b)| {
            let other = if a == v {
                b
            } else if b == v {
                a
            } else {
                return true;
            };
            self.label[other as usize] != k
        })
    }

    /// Whether region `k`, now full, fits the `same` pairs and the clues in it (a clue reads
    /// only its own region) and leaves every area of cells without a region a multiple of the
    /// region size.
    fn close(&self, k: u8) -> bool {
        let same_ok = self.l.same.iter().all(|&(a, b)| {
            let (x, y) = (self.label[a as usize], self.label[b as usize]);
            (x == k) == (y == k)
        });
        if !same_ok {
            return false;
        }
        let clues_ok = self.l.clues.iter().all(|clue| {
            let cell = clue.cell() as usize;
            match self.sym[cell] {
                Some(s) if self.label[cell] == k => {
                    let value = self.l.values.get(usize::from(s)).copied();
                    value == Some(clue.reading(|c| self.label[c as usize] == k))
                }
                _ => true,
            }
        });
        if !clues_ok {
            return false;
        }
        // Counts of regions: the regions found so far among the counted cells can only grow,
        // by at most one per counted cell still without a region.
        let distinct_ok = self.l.distinct.iter().all(|(control, counted)| {
            let Some(s) = self.sym[*control as usize] else {
                return true;
            };
            let Some(&value) = self.l.values.get(usize::from(s)) else {
                return false;
            };
            let (mut seen, mut open) = (0u64, 0i64);
            for &c in counted {
                match self.label[c as usize] {
                    u8::MAX => open += 1,
                    l => seen |= 1u64 << l,
                }
            }
            let found = i64::from(seen.count_ones());
            found <= value && value <= found + open
        });
        if !distinct_ok {
            return false;
        }
        let n = self.label.len();
        let mut seen = vec![false; n];
        let mut stack = Vec::new();
        for start in 0..n {
            if seen[start] || self.label[start] != u8::MAX {
                continue;
            }
            seen[start] = true;
            stack.push(start as u32);
            let mut area = 0;
            while let Some(c) = stack.pop() {
                area += 1;
                for &b in &self.l.neighbours[c as usize] {
                    if !seen[b as usize] && self.label[b as usize] == u8::MAX {
                        seen[b as usize] = true;
                        stack.push(b);
                    }
                }
            }
            if area % self.l.size != 0 {
                return false;
            }
        }
        true
    }
}
