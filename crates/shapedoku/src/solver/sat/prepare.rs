//! Checks a [`Problem`], puts its shapes in one form (sorted, duplicates dropped, distinct sums
//! counted as no-repeat shapes too), and narrows the candidates with singles so the encoding has
//! fewer variables.

use super::{Problem, SatError};

/// A sum shape with raw cell indices.
#[derive(Debug, Clone)]
pub(super) struct Sum {
    pub(super) cells: Vec<u32>,
    pub(super) total: i64,
    pub(super) distinct: bool,
    /// The cells split into groups that each lie in one no-repeat shape (so their symbols
    /// differ), in the order of their first cells; filled in for sums with repeats allowed.
    pub(super) groups: Vec<Vec<u32>>,
}

/// A checked problem, ready to encode.
#[derive(Debug, Clone)]
pub(super) struct Prepared {
    pub(super) cell_count: usize,
    pub(super) cands: Vec<u64>,
    /// No-repeat shapes, each sorted, no two equal.
    pub(super) shapes: Vec<Vec<u32>>,
    /// The shapes with N cells.
    pub(super) houses: Vec<usize>,
    pub(super) sums: Vec<Sum>,
    /// Pair rules: the two cells and, per symbol of the first, what the second may hold.
    pub(super) pairs: Vec<(u32, u32, Vec<u64>)>,
}

/// The checked problem, or `Ok(None)` when the candidates already contradict a shape.
pub(super) fn prepare(problem: &Problem) -> Result<Option<Prepared>, SatError> {
    let n = problem.values.len();
    if n == 0 || n > 64 {
        return Err(SatError::SymbolCount(n));
    }
    let nc = problem.candidates.len();
    let all = crate::SymbolSet::full(n).0;
    if let Some(c) = problem.candidates.iter().position(|m| m.0 & !all != 0) {
        return Err(SatError::CandidateOutOfRange {
            cell: crate::CellId::new(c),
        });
    }
    let mut shapes: Vec<Vec<u32>> = Vec::new();
    for (i, shape) in problem.no_repeat.iter().enumerate() {
        shapes.push(checked(shape, nc, Shape::NoRepeat(i))?);
    }
    let mut sums = Vec::new();
    for (i, s) in problem.sums.iter().enumerate() {
        let cells = checked(&s.cells, nc, Shape::Sum(i))?;
        if s.distinct {
            shapes.push(cells.clone());
        }
        // Keep the given order: it does not matter for the sum, and it keeps cells together.
        sums.push(Sum {
            cells: s.cells.iter().map(|c| c.index() as u32).collect(),
            total: s.total,
            distinct: s.distinct,
            groups: Vec::new(),
        });
    }
    shapes.sort();
    shapes.dedup();
    for sum in sums.iter_mut().filter(|s| !s.distinct) {
        sum.groups = distinct_groups(&sum.cells, &shapes);
    }
    let mut cands: Vec<u64> = problem.candidates.iter().map(|m| m.0).collect();
    let houses: Vec<usize> = (0..shapes.len())
        .filter(|&i| shapes[i].len() == n)
        .collect();
    if !singles(&mut cands, &shapes, &houses, all) {
        return Ok(None);
    }
    let mut pairs = Vec::with_capacity(problem.pairs.len());
    for (i, p) in problem.pairs.iter().enumerate() {
        if let Some(&cell) = p.cells.iter().find(|c| c.index() >= nc) {
            return Err(SatError::NoSuchCell {
                kind: "pair",
                shape: i,
                cell,
            });
        }
        let [a, b] = p.cells.map(|c| c.index() as u32);
        pairs.push((a, b, p.allowed.iter().map(|m| m.0).collect()));
    }
    Ok(Some(Prepared {
        cell_count: nc,
        cands,
        shapes,
        houses,
        sums,
        pairs,
    }))
}

/// `cells` split greedily into groups whose cells pairwise share a no-repeat shape (each cell
/// joins the first group it fits), in the order of their first cells.
fn distinct_groups(cells: &[u32], shapes: &[Vec<u32>]) -> Vec<Vec<u32>> {
    let share = |a: u32, b: u32| {
        (shapes.iter()).any(|sh| sh.binary_search(&a).is_ok() && sh.binary_search(&b).is_ok())
    };
    let mut groups: Vec<Vec<u32>> = Vec::new();
    for &c in cells {
        match groups.iter_mut().find(|g| g.iter().all(|&o| share(o, c))) {
            Some(g) => g.push(c),
            None => groups.push(vec![c]),
        }
    }
    groups
}

/// Which shape a problem is about, for errors.
#[derive(Debug, Clone, Copy)]
enum Shape {
    NoRepeat(usize),
    Sum(usize),
}

/// The shape's cells as sorted indices, checked: not empty, in range, none twice.
fn checked(cells: &[crate::CellId], nc: usize, which: Shape) -> Result<Vec<u32>, SatError> {
    let (kind, shape) = match which {
        Shape::NoRepeat(i) => ("no-repeat", i),
        Shape::Sum(i) => ("sum", i),
    };
    if cells.is_empty() {
        return Err(SatError::EmptyShape { kind, shape });
    }
    let mut out: Vec<u32> = Vec::with_capacity(cells.len());
    for &c in cells {
        if c.index() >= nc {
            return Err(SatError::NoSuchCell {
                kind,
                shape,
                cell: c,
            });
        }
        out.push(c.index() as u32);
    }
    out.sort_unstable();
    if let Some(w) = out.windows(2).find(|w| w[0] == w[1]) {
        return Err(SatError::RepeatedCell {
            kind,
            shape,
            cell: crate::CellId::new(w[0] as usize),
        });
    }
    Ok(out)
}

/// Naked singles over every no-repeat shape and hidden singles over houses, to a fixed point.
/// False on a contradiction: a cell without candidates, a symbol twice, a house missing a
/// symbol, or a shape with fewer symbols left than cells.
fn singles(cands: &mut [u64], shapes: &[Vec<u32>], houses: &[usize], all: u64) -> bool {
    let mut changed = true;
    while changed {
        changed = false;
        for shape in shapes {
            let (mut solved, mut union) = (0u64, 0u64);
            for &c in shape {
                let m = cands[c as usize];
                if m.count_ones() == 1 {
                    if solved & m != 0 {
                        return false;
                    }
                    solved |= m;
                }
                union |= m;
            }
            if (union.count_ones() as usize) < shape.len() {
                return false;
            }
            for &c in shape {
                let m = cands[c as usize];
                if m.count_ones() > 1 && m & solved != 0 {
                    let left = m & !solved;
                    if left == 0 {
                        return false;
                    }
                    cands[c as usize] = left;
                    changed = true;
                }
            }
        }
        for &h in houses {
            let (mut once, mut twice) = (0u64, 0u64);
            for &c in &shapes[h] {
                let m = cands[c as usize];
                twice |= once & m;
                once |= m;
            }
            if once != all {
                return false;
            }
            for s in bits(once & !twice) {
                let c = shapes[h]
                    .iter()
                    .find(|&&c| cands[c as usize] & (1 << s) != 0)
                    .expect("a symbol seen once has a cell");
                if cands[*c as usize] != 1 << s {
                    cands[*c as usize] = 1 << s;
                    changed = true;
                }
            }
        }
    }
    cands.iter().all(|&m| m != 0)
}

/// The set bits of a mask, lowest first.
pub(super) fn bits(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let s = m.trailing_zeros() as usize;
        m &= m - 1;
        Some(s)
    })
}
