//! Killer cages for the generator: a random partition of the solution into connected cages of
//! distinct values, and, for a cages-only Killer, refinement of the cages until the solution is
//! unique (a cage whose cells differ between two solutions is split so that one of its parts
//! adds up differently in the second solution).

use super::{Budgets, Cage, GenerateError, Options, Target, remove_givens, shuffle};
use crate::geometry::{Geometry, Rule, Shape, ShapeKind};
use crate::pos::Pos;
use crate::puzzle::Puzzle;
use crate::solver::{Solver, Verdict};
use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::Arc;

/// Cage settings for a Killer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KillerOptions {
    /// Smallest cage, 1 to `max_cage`. Default 1.
    pub min_cage: usize,
    /// Largest cage, at least `min_cage`; capped at the symbol count and at 8. Default 5.
    pub max_cage: usize,
    /// Cages-only Killer: how many cage splits to try on one grid before a fresh grid is
    /// tried. Each split is followed by one uniqueness check. Default 100.
    pub refinements: usize,
}

impl Default for KillerOptions {
    fn default() -> Self {
        KillerOptions {
            min_cage: 1,
            max_cage: 5,
            refinements: 100,
        }
    }
}

/// Largest cage size allowed (cuts enumerate the bipartitions of up to two cages).
const MAX_CAGE: usize = 8;

impl KillerOptions {
    /// The size cages aim for at least: 2 when the range allows, so singletons stay rare.
    fn soft_min(&self) -> usize {
        self.min_cage.max(2).min(self.max_cage)
    }

    /// These options for an alphabet of `symbols`: the largest size is capped at the symbol
    /// count (cages hold distinct values) and at 12; fails when the range is empty.
    pub(super) fn fitted(&self, symbols: usize) -> Result<KillerOptions, GenerateError> {
        let top = symbols.min(MAX_CAGE);
        let max_cage = self.max_cage.min(top);
        if self.min_cage == 0 || self.min_cage > max_cage {
            return Err(GenerateError::Killer(format!(
                "cage sizes {}..{} are out of range: need 1 <= min <= max, and min <= {top}",
                self.min_cage, self.max_cage
            )));
        }
        Ok(KillerOptions {
            max_cage,
            ..self.clone()
        })
    }
}

/// Orthogonal neighbours of each cell on the canvas.
fn adjacency(g: &Geometry) -> Vec<Vec<usize>> {
    (0..g.cell_count())
        .map(|c| {
            let p = g.pos(c);
            let around = [
                (p.row.wrapping_sub(1), p.col),
                (p.row + 1, p.col),
                (p.row, p.col.wrapping_sub(1)),
                (p.row, p.col + 1),
            ];
            around
                .iter()
                .filter_map(|&(r, c)| g.cell_at(Pos::new(r, c)))
                .collect()
        })
        .collect()
}

/// Random connected cages with distinct values, sizes within the options. `None` when repeated
/// tries all leave a cage below the minimum size.
fn partition(
    adj: &[Vec<usize>],
    solution: &[u8],
    k: &KillerOptions,
    rng: &mut Xoshiro256PlusPlus,
) -> Option<Vec<Vec<usize>>> {
    let nc = solution.len();
    for _ in 0..100 {
        let mut owner = vec![usize::MAX; nc];
        let mut cages: Vec<Vec<usize>> = Vec::new();
        let mut order: Vec<usize> = (0..nc).collect();
        shuffle(&mut order, rng);
        let mut cand = Vec::new();
        for &s in &order {
            if owner[s] != usize::MAX {
                continue;
            }
            // Singletons are givens in disguise: aim for two cells or more even when one is
            // allowed, leaving singletons only where a cell is boxed in.
            let want = rng.random_range(k.soft_min()..=k.max_cage);
            let id = cages.len();
            let mut cage = vec![s];
            owner[s] = id;
            let mut used = 1u64 << solution[s];
            while cage.len() < want {
                cand.clear();
                for &c in &cage {
                    for &d in &adj[c] {
                        if owner[d] == usize::MAX
                            && used & (1u64 << solution[d]) == 0
                            && !cand.contains(&d)
                        {
                            cand.push(d);
                        }
                    }
                }
                if cand.is_empty() {
                    break;
                }
                let d = cand[rng.random_range(0..cand.len())];
                owner[d] = id;
                used |= 1u64 << solution[d];
                cage.push(d);
            }
            cages.push(cage);
        }
        merge_small(&mut cages, &mut owner, adj, solution, k, rng);
        if cages.iter().all(|c| c.len() >= k.min_cage) {
            for c in &mut cages {
                c.sort_unstable();
            }
            cages.sort_unstable_by_key(|c| c[0]);
            return Some(cages);
        }
    }
    None
}

/// Merges cages below the (soft) minimum into a neighbouring cage when the result fits.
fn merge_small(
    cages: &mut Vec<Vec<usize>>,
    owner: &mut [usize],
    adj: &[Vec<usize>],
    solution: &[u8],
    k: &KillerOptions,
    rng: &mut Xoshiro256PlusPlus,
) {
    let mask = |c: &[usize]| c.iter().fold(0u64, |m, &x| m | 1u64 << solution[x]);
    loop {
        let mut changed = false;
        for i in 0..cages.len() {
            if cages[i].is_empty() || cages[i].len() >= k.soft_min() {
                continue;
            }
            let mi = mask(&cages[i]);
            let mut options: Vec<usize> = Vec::new();
            for &c in &cages[i] {
                for &d in &adj[c] {
                    let j = owner[d];
                    if j != i
                        && !options.contains(&j)
                        && cages[j].len() + cages[i].len() <= k.max_cage
                        && mask(&cages[j]) & mi == 0
                    {
                        options.push(j);
                    }
                }
            }
            if options.is_empty() {
                continue;
            }
            let j = options[rng.random_range(0..options.len())];
            let moved = std::mem::take(&mut cages[i]);
            for &c in &moved {
                owner[c] = j;
            }
            cages[j].extend(moved);
            changed = true;
        }
        if !changed {
            break;
        }
    }
    cages.retain(|c| !c.is_empty());
}

/// The geometry with the cages as sum shapes, and the cages with their totals.
fn build(
    base: &Geometry,
    cages: &[Vec<usize>],
    solution: &[u8],
) -> Result<(Arc<Geometry>, Vec<Cage>), GenerateError> {
    let sym = base.symbols();
    let mut list: Vec<Cage> = cages
        .iter()
        .map(|c| {
            let mut cells = c.clone();
            cells.sort_unstable();
            let sum = cells.iter().map(|&x| sym.value(solution[x])).sum();
            Cage { cells, sum }
        })
        .collect();
    list.sort_unstable_by_key(|c| c.cells[0]);
    let shapes = list.iter().enumerate().map(|(i, c)| Shape {
        name: format!("cage {} at {}", c.sum, base.pos(c.cells[0])),
        kind: ShapeKind::Cage,
        grid: None,
        number: i as u32 + 1,
        cells: c.cells.clone(),
        rule: Rule::Sum {
            total: c.sum,
            distinct: true,
        },
    });
    let g = base.with_shapes(shapes).map_err(GenerateError::Model)?;
    Ok((Arc::new(g), list))
}

/// Whether `cells` is connected through `adj`.
fn connected(cells: &[usize], adj: &[Vec<usize>]) -> bool {
    let Some(&first) = cells.first() else {
        return true;
    };
    let mut reached = vec![first];
    let mut i = 0;
    while i < reached.len() {
        for &d in &adj[reached[i]] {
            if cells.contains(&d) && !reached.contains(&d) {
                reached.push(d);
            }
        }
        i += 1;
    }
    reached.len() == cells.len()
}

/// Largest union of two cages that [`best_cut`] enumerates.
const MAX_CUT: usize = 16;

/// The cut of `cells` into two connected parts of distinct values and allowed sizes
/// (`max_part` caps each part) that does most against `other`: a part adding up differently
/// there, preferably with parts of two cells or more; then balanced parts. Random among ties.
/// `avoid` is a part that must not come out again (the cut being redone). Returns the parts
/// and whether the cut rules `other` out.
#[allow(clippy::too_many_arguments)]
fn best_cut(
    cells: &[usize],
    max_part: usize,
    avoid: Option<&[usize]>,
    adj: &[Vec<usize>],
    solution: &[u8],
    other: Option<&[u8]>,
    values: &[i64],
    k: &KillerOptions,
    rng: &mut Xoshiro256PlusPlus,
) -> Option<(Vec<usize>, Vec<usize>, bool)> {
    let n = cells.len();
    if !(2..=MAX_CUT).contains(&n) {
        return None;
    }
    let mut best_key = (false, false, 0usize);
    let mut best: Vec<u32> = Vec::new();
    let (mut p, mut q) = (Vec::with_capacity(n), Vec::with_capacity(n));
    let distinct = |part: &[usize]| {
        let mut m = 0u64;
        part.iter().all(|&c| {
            let b = 1u64 << solution[c];
            let fresh = m & b == 0;
            m |= b;
            fresh
        })
    };
    let sum =
        |part: &[usize], grid: &[u8]| part.iter().map(|&c| values[grid[c] as usize]).sum::<i64>();
    // Part P always holds the first cell, so each bipartition is seen once.
    for mask in (1u32..(1 << n) - 1).filter(|m| m & 1 == 1) {
        let small = (mask.count_ones() as usize).min(n - mask.count_ones() as usize);
        let large = n - small;
        if small < k.min_cage || large > max_part {
            continue;
        }
        p.clear();
        q.clear();
        for (i, &c) in cells.iter().enumerate() {
            if mask >> i & 1 == 1 {
                p.push(c)
            } else {
                q.push(c)
            }
        }
        if avoid.is_some_and(|a| {
            a.len() == p.len() && p.iter().all(|c| a.contains(c))
                || a.len() == q.len() && q.iter().all(|c| a.contains(c))
        }) {
            continue;
        }
        if !distinct(&p) || !distinct(&q) || !connected(&p, adj) || !connected(&q, adj) {
            continue;
        }
        let kills = other
            .is_some_and(|o| sum(&p, solution) != sum(&p, o) || sum(&q, solution) != sum(&q, o));
        let key = (kills && small >= k.soft_min(), kills, small);
        if best.is_empty() || key > best_key {
            best_key = key;
            best.clear();
        }
        if key == best_key {
            best.push(mask);
        }
    }
    if best.is_empty() {
        return None;
    }
    let mask = best[rng.random_range(0..best.len())];
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for (i, &c) in cells.iter().enumerate() {
        if mask >> i & 1 == 1 {
            a.push(c)
        } else {
            b.push(c)
        }
    }
    Some((a, b, best_key.1))
}

/// One refinement against a second solution `other` (or, with `None`, against a search that
/// ran out of guesses): split a cage, or failing that (cage sizes too tight to split) merge a
/// cage whose cells differ in `other` with a neighbour and cut the pair again so that `other`
/// is ruled out. False when neither is possible.
#[allow(clippy::too_many_arguments)]
fn refine(
    cages: &mut Vec<Vec<usize>>,
    adj: &[Vec<usize>],
    solution: &[u8],
    other: Option<&[u8]>,
    values: &[i64],
    k: &KillerOptions,
    rng: &mut Xoshiro256PlusPlus,
) -> bool {
    let mut order: Vec<usize> = match other {
        Some(o) => (0..cages.len())
            .filter(|&i| cages[i].iter().any(|&c| o[c] != solution[c]))
            .collect(),
        None => {
            let top = cages.iter().map(Vec::len).max().unwrap_or(0);
            (0..cages.len())
                .filter(|&i| cages[i].len() == top)
                .collect()
        }
    };
    shuffle(&mut order, rng);
    // A split adds a constraint; prefer one that rules the second solution out.
    let mut fallback = None;
    for &i in &order {
        if let Some((a, b, kills)) = best_cut(
            &cages[i], k.max_cage, None, adj, solution, other, values, k, rng,
        ) {
            if kills || other.is_none() {
                cages[i] = a;
                cages.push(b);
                return true;
            }
            fallback.get_or_insert((i, a, b));
        }
    }
    // Re-cut a differing cage together with a neighbour so that the second solution breaks.
    if let Some(o) = other {
        let mut owner = vec![usize::MAX; solution.len()];
        for (j, c) in cages.iter().enumerate() {
            for &x in c {
                owner[x] = j;
            }
        }
        for &i in &order {
            let mut next: Vec<usize> = cages[i]
                .iter()
                .flat_map(|&c| adj[c].iter().map(|&d| owner[d]))
                .filter(|&j| j != i)
                .collect();
            next.sort_unstable();
            next.dedup();
            shuffle(&mut next, rng);
            for j in next {
                let union: Vec<usize> = cages[i].iter().chain(&cages[j]).copied().collect();
                if let Some((a, b, true)) = best_cut(
                    &union,
                    k.max_cage,
                    Some(&cages[i]),
                    adj,
                    solution,
                    Some(o),
                    values,
                    k,
                    rng,
                ) {
                    cages[i] = a;
                    cages[j] = b;
                    return true;
                }
            }
        }
    }
    match fallback {
        Some((i, a, b)) => {
            cages[i] = a;
            cages.push(b);
            true
        }
        None => false,
    }
}

type Made = (Arc<Geometry>, Vec<Option<u8>>, Vec<Cage>);

/// Why a Killer attempt on one grid did not work out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Miss {
    /// No partition into cages of the allowed sizes was found.
    Partition,
    /// No cages-only Killer was proved unique within the refinement limit.
    NotUnique,
}

/// One Killer attempt on a solution grid: cages, then givens down to the target. `Ok(Err(_))`
/// when this grid did not work out (no partition, or no unique cages-only Killer within the
/// refinement limit).
#[allow(clippy::too_many_arguments)]
pub(super) fn make(
    geometry: &Arc<Geometry>,
    solution: &[u8],
    fixed: &[Option<u8>],
    orbits: &[Vec<usize>],
    locked: &[bool],
    opts: &Options<'_>,
    budgets: &Budgets,
    k: &KillerOptions,
    rng: &mut Xoshiro256PlusPlus,
) -> Result<Result<Made, Miss>, GenerateError> {
    let adj = adjacency(geometry);
    let Some(mut cages) = partition(&adj, solution, k, rng) else {
        return Ok(Err(Miss::Partition));
    };
    let locked_count = locked.iter().filter(|&&l| l).count();
    let cages_only = matches!(opts.target, Target::Givens(n) if n <= locked_count);
    if !cages_only {
        let (kg, list) = build(geometry, &cages, solution)?;
        let mut solver = Solver::for_geometry(kg.clone());
        let givens = remove_givens(
            &mut solver,
            solution,
            orbits,
            locked,
            opts.target,
            budgets,
            rng,
        );
        return Ok(Ok((kg, givens, list)));
    }
    // Cages only: the givens are what the pattern keeps.
    let givens: Vec<Option<u8>> = (0..solution.len())
        .map(|c| {
            if locked[c] {
                Some(solution[c])
            } else {
                fixed[c]
            }
        })
        .collect();
    let values = geometry.symbols().values();
    let mut limit = budgets.check;
    for _ in 0..=k.refinements {
        let (kg, list) = build(geometry, &cages, solution)?;
        let puzzle = Puzzle::new(kg.clone(), givens.clone()).map_err(GenerateError::Model)?;
        let count = Solver::new(&puzzle).count_with(2, &budgets.check_budget(limit));
        let other = match count.verdict() {
            Verdict::Unique => return Ok(Ok((kg, givens, list))),
            Verdict::Several => count
                .solutions
                .iter()
                .find(|s| s.as_indices() != solution)
                .cloned(),
            // Undecided: the cages say too little for the search; any split adds information.
            _ => None,
        };
        let done = refine(&mut cages, &adj, solution, other.as_deref(), values, k, rng);
        if !done {
            // Cages too tight to split and no second solution to aim at: search harder (up
            // to the escalation ceiling), one refinement step per try.
            match limit {
                Some(l) if other.is_none() && l < budgets.killer_ceiling => {
                    limit = Some(l.saturating_mul(4));
                }
                _ => return Ok(Err(Miss::NotUnique)),
            }
        }
    }
    Ok(Err(Miss::NotUnique))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtin;
    use rand::SeedableRng;

    #[test]
    fn partition_makes_connected_distinct_cages_in_range() {
        let g = builtin::geometry("classic").unwrap();
        let sol = Solver::for_geometry(g.clone()).random_solution(4).unwrap();
        let adj = adjacency(&g);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        for k in [
            KillerOptions::default(),
            KillerOptions {
                min_cage: 2,
                max_cage: 4,
                refinements: 0,
            },
        ] {
            let cages = partition(&adj, &sol, &k, &mut rng).unwrap();
            let mut seen = vec![0; 81];
            for c in &cages {
                assert!((k.min_cage..=k.max_cage).contains(&c.len()), "{c:?}");
                assert!(connected(c, &adj));
                let mut vals: Vec<u8> = c.iter().map(|&x| sol[x]).collect();
                vals.sort_unstable();
                vals.dedup();
                assert_eq!(vals.len(), c.len());
                for &x in c {
                    seen[x] += 1;
                }
            }
            assert!(seen.iter().all(|&s| s == 1));
            let (kg, list) = build(&g, &cages, &sol).unwrap();
            assert_eq!(kg.shapes().len(), g.shapes().len() + list.len());
            assert!(crate::puzzle::verify_shapes(&kg, &sol).is_ok());
        }
    }

    #[test]
    fn sizes_are_fitted_or_refused() {
        let k = |min_cage, max_cage| KillerOptions {
            min_cage,
            max_cage,
            refinements: 1,
        };
        assert!(k(3, 2).fitted(9).is_err());
        assert!(k(5, 6).fitted(4).is_err());
        assert!(k(0, 6).fitted(4).is_err());
        assert_eq!(KillerOptions::default().fitted(4).unwrap().max_cage, 4);
        assert_eq!(
            KillerOptions::default().fitted(9).unwrap(),
            KillerOptions::default()
        );
    }
}
