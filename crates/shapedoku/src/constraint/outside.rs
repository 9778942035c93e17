//! What the outside clues ([`RuleKind::Sandwich`], [`RuleKind::XSum`],
//! [`RuleKind::Skyscraper`]) and [`RuleKind::Indexing`] require, checked on values placed so
//! far, and each clue as a layered automaton over its line ([`Layers`]): the states a reader
//! of the line can be in after each cell. The solver prunes with it (a value stays when some
//! path through the layers uses it) and the loader asks it whether any values reach the clue.
//!
//! The direct checks here and the automaton are written separately on purpose: the oracle
//! uses the checks, the solver the automaton, and the property tests compare the two.

use super::RuleKind;
use crate::{CellId, Geometry};
use std::collections::HashMap;

/// A transition that leads nowhere: the value cannot be read in that state.
pub(crate) const DEAD: u32 = u32::MAX;

/// Whether the filled cells (`value(cell)` is a cell's value) break the rule nowhere; `true`
/// for the kinds this file does not know. Exact once every cell of the rule is filled.
pub(super) fn holds(kind: &RuleKind, g: &Geometry, value: &dyn Fn(CellId) -> Option<i64>) -> bool {
    match kind {
        RuleKind::Indexing { cells, lines } => indexing_holds(cells, lines, value),
        RuleKind::XSum { cells, total, .. } => {
            let Some(x) = cells.first().and_then(|&c| value(c)) else {
                return true;
            };
            if x < 1 || x > cells.len() as i64 {
                return false;
            }
            let first: Option<Vec<i64>> = cells[..x as usize].iter().map(|&c| value(c)).collect();
            first.is_none_or(|v| v.iter().sum::<i64>() == *total)
        }
        RuleKind::NumberedRoom {
            cells, value: clue, ..
        } => {
            let Some(n) = cells.first().and_then(|&c| value(c)) else {
                return true;
            };
            n >= 1
                && n <= cells.len() as i64
                && value(cells[n as usize - 1]).is_none_or(|v| v == *clue)
        }
        RuleKind::Sandwich { cells, .. } | RuleKind::Skyscraper { cells, .. } => {
            let Some(line) = cells
                .iter()
                .map(|&c| value(c))
                .collect::<Option<Vec<i64>>>()
            else {
                return true;
            };
            line_holds(kind, g.symbols().values(), &line)
        }
        _ => true,
    }
}

/// Whether a filled line (the values of a clue's cells) meets the clue; `values` are the
/// alphabet's.
pub(crate) fn line_holds(kind: &RuleKind, values: &[i64], line: &[i64]) -> bool {
    match kind {
        RuleKind::XSum { total, .. } => {
            let x = line.first().copied().unwrap_or(0);
            x >= 1 && x <= line.len() as i64 && line[..x as usize].iter().sum::<i64>() == *total
        }
        RuleKind::Sandwich { total, .. } => {
            let (Some(&lo), Some(&hi)) = (values.iter().min(), values.iter().max()) else {
                return false;
            };
            let at = |x: i64| {
                let mut p = line.iter().enumerate().filter(|e| *e.1 == x).map(|e| e.0);
                match (p.next(), p.next()) {
                    (Some(i), None) => Some(i),
                    _ => None,
                }
            };
            let (Some(a), Some(b)) = (at(lo), at(hi)) else {
                return false;
            };
            lo != hi && line[a.min(b) + 1..a.max(b)].iter().sum::<i64>() == *total
        }
        RuleKind::Skyscraper { count, .. } => {
            let mut best: Option<i64> = None;
            let mut seen = 0;
            for &v in line {
                if best.is_none_or(|b| v > b) {
                    best = Some(v);
                    seen += 1;
                }
            }
            seen == *count
        }
        _ => true,
    }
}

fn indexing_holds(
    cells: &[CellId],
    lines: &[Vec<CellId>],
    value: &dyn Fn(CellId) -> Option<i64>,
) -> bool {
    cells.iter().zip(lines).all(|(&c, line)| {
        let Some(k) = value(c) else { return true };
        let Some(p) = line.iter().position(|&x| x == c) else {
            return false;
        };
        if k < 1 || k > line.len() as i64 {
            return false;
        }
        value(line[k as usize - 1]).is_none_or(|t| t == p as i64 + 1)
    })
}

/// A clue compiled to layers: `next[i][q * symbols + s]` is the state of layer `i + 1` that
/// symbol `s` leads to from state `q` of layer `i`, or [`DEAD`]. Layer 0 has the one start
/// state; every state of the last layer accepts, and every state left has a way on to it.
#[derive(Debug, Clone)]
pub(crate) struct Layers {
    /// The number of states of each layer, `cells + 1` of them.
    pub sizes: Vec<usize>,
    /// The moves out of each layer but the last.
    pub next: Vec<Vec<u32>>,
    /// The number of symbols.
    pub symbols: usize,
}

impl Layers {
    /// Whether some values along the line (each cell any symbol) meet the clue.
    pub(crate) fn reachable(&self) -> bool {
        self.sizes.last().is_some_and(|&n| n > 0)
    }
}

/// What a reader of the line remembers: a phase and two numbers whose meaning depends on the
/// clue (a running sum, a count, the highest value so far).
type Key = (u8, i64, i64);

/// Whether the cells hold every value of the alphabet once: they are as many as the
/// symbols and lie in one no-repeat shape. The solver's automaton then also knows the line is
/// a permutation, which prunes far more.
pub(crate) fn full_house(g: &Geometry, cells: &[CellId]) -> bool {
    let Some(first) = cells.first() else {
        return false;
    };
    cells.len() == g.symbols().len()
        && g.shapes_of(first.index()).iter().any(|&s| {
            let shape = g.shape(s as usize);
            shape.rule == crate::Rule::NoRepeat
                && cells.iter().all(|c| shape.cells.contains(&c.index()))
        })
}

/// The clue of an outside rule as layers over its line; `None` for other kinds, and for a
/// clue whose automaton would grow beyond `max_states` states in a layer (the caller falls
/// back to a weaker check). With `house` the line is known to hold each value once (see
/// [`full_house`]): the automaton then drops the states no permutation can be in.
pub(crate) fn layers(
    kind: &RuleKind,
    values: &[i64],
    house: bool,
    max_states: usize,
) -> Option<Layers> {
    let n = match kind {
        RuleKind::Sandwich { cells, .. }
        | RuleKind::XSum { cells, .. }
        | RuleKind::Skyscraper { cells, .. } => cells.len(),
        _ => return None,
    };
    let lo = values.iter().copied().min()?;
    let hi = values.iter().copied().max()?;
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    // With no negative values a running sum past the total can be dropped at once.
    let prune = lo >= 0;
    let fits = |i: usize, k: Key| -> bool { !house || permutation_fits(kind, &sorted, n, i, k) };
    let step = |i: usize, k: Key, v: i64| -> Option<Key> {
        let next = match kind {
            RuleKind::Sandwich { total, .. } => sandwich_step(k, v, lo, hi, *total, prune),
            RuleKind::XSum { total, .. } => xsum_step(k, v, n as i64, *total, prune),
            RuleKind::Skyscraper { count, .. } => {
                let seen = k.0 == 0 || v > k.1;
                let c = k.2 + i64::from(seen);
                (c <= *count).then_some((1, if seen { v } else { k.1 }, c))
            }
            _ => None,
        }?;
        fits(i + 1, next).then_some(next)
    };
    let accepts = |k: Key| match kind {
        RuleKind::Sandwich { .. } => k.0 == 2,
        RuleKind::XSum { .. } => k.0 == 2,
        RuleKind::Skyscraper { count, .. } => k.2 == *count && (!house || k.1 == hi),
        _ => false,
    };
    build(n, values, max_states, step, accepts)
}

/// Whether a state after reading `i` cells of a permutation of `sorted` can occur: a
/// skyscraper's highest value so far is at least the i-th smallest value (the i cells are
/// distinct and none above it); an X-sum's cells still to add can reach what is left of the
/// total with distinct values.
fn permutation_fits(kind: &RuleKind, sorted: &[i64], n: usize, i: usize, k: Key) -> bool {
    match kind {
        RuleKind::Skyscraper { .. } => i == 0 || k.1 >= sorted[i - 1],
        RuleKind::Sandwich { total, .. } if k.0 == 1 => {
            // The k cells between so far hold distinct middle values, and what is left of the
            // total is a sum of other middle values.
            let middle = &sorted[1..n.max(2) - 1];
            let inside = (k.2 >> 1) as usize;
            inside <= middle.len()
                && k.1 >= middle[..inside].iter().sum::<i64>()
                && k.1 <= middle[middle.len() - inside..].iter().sum::<i64>()
                && total - k.1 <= middle[inside..].iter().sum::<i64>()
        }
        RuleKind::XSum { total, .. } if k.0 == 1 => {
            let r = k.1 as usize;
            let left = total - k.2;
            r <= n
                && left >= sorted[..r].iter().sum::<i64>()
                && left <= sorted[n - r..].iter().sum::<i64>()
        }
        _ => true,
    }
}

/// Sandwich: phase 0 before either extreme, 1 between them (`b` says which came first, `s`
/// the sum so far), 2 after both; each extreme exactly once.
fn sandwich_step(k: Key, v: i64, lo: i64, hi: i64, total: i64, prune: bool) -> Option<Key> {
    let extreme = v == lo || v == hi;
    match k.0 {
        0 if extreme => Some((1, 0, i64::from(v == hi))),
        0 => Some(k),
        1 if extreme => {
            let other = if k.2 & 1 == 1 { lo } else { hi };
            (v == other && k.1 == total).then_some((2, 0, 0))
        }
        1 => {
            // The low bit says which extreme came first, the rest how many cells lie between.
            let s = k.1 + v;
            (!prune || s <= total).then_some((1, s, k.2 + 2))
        }
        _ => (!extreme).then_some(k),
    }
}

/// X-sum: phase 0 at the first cell, 1 while `r` more cells of the first X are to come (sum
/// `s` so far), 2 once the first X cells added up to the total.
fn xsum_step(k: Key, v: i64, n: i64, total: i64, prune: bool) -> Option<Key> {
    let (r, s) = match k.0 {
        0 => {
            if v < 1 || v > n {
                return None;
            }
            (v - 1, v)
        }
        1 => (k.1 - 1, k.2 + v),
        _ => return Some(k),
    };
    if r == 0 {
        return (s == total).then_some((2, 0, 0));
    }
    (!prune || s <= total).then_some((1, r, s))
}

/// The numbers the clue's line could give (a sandwich's or X-sum's total, a skyscraper's
/// count) with the candidates `cands` (one symbol mask per cell, in the clue's order), read
/// by the clue's automaton with the number left free: what the reasoner names when the solver
/// removes a value because, with it, the line could give only other numbers. With `house` the
/// line holds each value once, and the states no permutation can be in are dropped as
/// [`layers`] drops them (those that do not depend on the number). Not for the search: it
/// allocates.
pub(crate) fn numbers(kind: &RuleKind, values: &[i64], house: bool, cands: &[u64]) -> Vec<i64> {
    use std::collections::BTreeSet;
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    let (Some(&lo), Some(&hi)) = (sorted.first(), sorted.last()) else {
        return Vec::new();
    };
    let n = cands.len();
    let middle = if sorted.len() >= 2 {
        &sorted[1..sorted.len() - 1]
    } else {
        &[][..]
    };
    let step = |k: Key, v: i64| -> Option<Key> {
        match kind {
            RuleKind::Sandwich { .. } => {
                let extreme = v == lo || v == hi;
                match k.0 {
                    0 if extreme => Some((1, 0, i64::from(v == hi))),
                    0 => Some(k),
                    1 if extreme => {
                        let other = if k.2 & 1 == 1 { lo } else { hi };
                        (v == other).then_some((2, k.1, 0))
                    }
                    1 => Some((1, k.1 + v, k.2 + 2)),
                    _ => (!extreme).then_some(k),
                }
            }
            RuleKind::XSum { .. } => {
                let (r, s) = match k.0 {
                    0 if v < 1 || v > n as i64 => return None,
                    0 => (v - 1, v),
                    1 => (k.1 - 1, k.2 + v),
                    _ => return Some(k),
                };
                Some(if r == 0 { (2, s, 0) } else { (1, r, s) })
            }
            RuleKind::Skyscraper { .. } => {
                let seen = k.0 == 0 || v > k.1;
                Some((1, if seen { v } else { k.1 }, k.2 + i64::from(seen)))
            }
            _ => None,
        }
    };
    // The permutation's bounds that hold whatever the number (see `permutation_fits`).
    let fits = |i: usize, k: Key| -> bool {
        if !house {
            return true;
        }
        match kind {
            RuleKind::Skyscraper { .. } => i == 0 || k.1 >= sorted[i - 1],
            RuleKind::Sandwich { .. } if k.0 == 1 => {
                let inside = (k.2 >> 1) as usize;
                inside <= middle.len()
                    && k.1 >= middle[..inside].iter().sum::<i64>()
                    && k.1 <= middle[middle.len() - inside..].iter().sum::<i64>()
            }
            _ => true,
        }
    };
    let mut layer: BTreeSet<Key> = BTreeSet::from([(0, 0, 0)]);
    for (i, &m) in cands.iter().enumerate() {
        let mut next = BTreeSet::new();
        for &k in &layer {
            for (s, &v) in values.iter().enumerate() {
                if m >> s & 1 == 1 {
                    if let Some(t) = step(k, v).filter(|&t| fits(i + 1, t)) {
                        next.insert(t);
                    }
                }
            }
        }
        layer = next;
    }
    let got: BTreeSet<i64> = layer
        .iter()
        .filter_map(|&k| match kind {
            RuleKind::Sandwich { .. } | RuleKind::XSum { .. } => (k.0 == 2).then_some(k.1),
            RuleKind::Skyscraper { .. } => (!house || k.1 == hi).then_some(k.2),
            _ => None,
        })
        .collect();
    got.into_iter().collect()
}

/// The number an outside clue states: a sandwich's or X-sum's total, a skyscraper's count.
pub(crate) fn clue_number(kind: &RuleKind) -> Option<i64> {
    match kind {
        RuleKind::Sandwich { total, .. } | RuleKind::XSum { total, .. } => Some(*total),
        RuleKind::Skyscraper { count, .. } => Some(*count),
        _ => None,
    }
}

/// Explores the states layer by layer from the start, then drops the states of the last layer
/// that do not accept and, going back, every state with no way on.
fn build(
    n: usize,
    values: &[i64],
    max_states: usize,
    step: impl Fn(usize, Key, i64) -> Option<Key>,
    accepts: impl Fn(Key) -> bool,
) -> Option<Layers> {
    let ns = values.len();
    let mut layer: Vec<Key> = vec![(0, 0, 0)];
    let mut next: Vec<Vec<u32>> = Vec::with_capacity(n);
    let mut keys: Vec<Vec<Key>> = Vec::with_capacity(n + 1);
    for i in 0..n {
        let mut index: HashMap<Key, u32> = HashMap::new();
        let mut out: Vec<Key> = Vec::new();
        let mut moves = vec![DEAD; layer.len() * ns];
        for (q, &k) in layer.iter().enumerate() {
            for (s, &v) in values.iter().enumerate() {
                let Some(t) = step(i, k, v) else { continue };
                let id = *index.entry(t).or_insert_with(|| {
                    out.push(t);
                    (out.len() - 1) as u32
                });
                moves[q * ns + s] = id;
            }
        }
        if out.len() > max_states {
            return None;
        }
        keys.push(std::mem::replace(&mut layer, out));
        next.push(moves);
    }
    let mut alive: Vec<bool> = layer.iter().map(|&k| accepts(k)).collect();
    keys.push(layer);
    for i in (0..n).rev() {
        let moves = &mut next[i];
        for t in moves.iter_mut() {
            if *t != DEAD && !alive[*t as usize] {
                *t = DEAD;
            }
        }
        alive = (0..keys[i].len())
            .map(|q| moves[q * ns..(q + 1) * ns].iter().any(|&t| t != DEAD))
            .collect();
    }
    let start_alive = alive.first().copied().unwrap_or(false);
    let mut sizes: Vec<usize> = keys.iter().map(Vec::len).collect();
    if !start_alive {
        // Nothing reaches the clue: an empty last layer says so.
        if let Some(last) = sizes.last_mut() {
            *last = 0;
        }
    }
    Some(Layers {
        sizes,
        next,
        symbols: ns,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(n: usize) -> Vec<CellId> {
        (0..n).map(CellId::new).collect()
    }

    /// Every word over `values` of length `n` the layers accept, by walking them.
    fn accepted(l: &Layers, word: &[usize]) -> bool {
        let mut q = 0u32;
        for (i, &s) in word.iter().enumerate() {
            q = l.next[i][q as usize * l.symbols + s];
            if q == DEAD {
                return false;
            }
        }
        l.reachable()
    }

    #[test]
    fn layers_accept_exactly_what_the_checks_accept() {
        let values = [1i64, 2, 3, 4];
        let kinds = |n: usize, t: i64| {
            vec![
                RuleKind::Sandwich {
                    cells: line(n),
                    total: t,
                    clue: (0, 1),
                },
                RuleKind::XSum {
                    cells: line(n),
                    total: t,
                    clue: (0, 1),
                },
                RuleKind::Skyscraper {
                    cells: line(n),
                    count: t,
                    clue: (0, 1),
                },
            ]
        };
        for n in 1..=4usize {
            for t in 0..=12 {
                for kind in kinds(n, t) {
                    let l = layers(&kind, &values, false, 10_000).unwrap();
                    let mut any = false;
                    for code in 0..4usize.pow(n as u32) {
                        let word: Vec<usize> =
                            (0..n).map(|i| code / 4usize.pow(i as u32) % 4).collect();
                        let vals: Vec<i64> = word.iter().map(|&s| values[s]).collect();
                        let direct = line_holds(&kind, &values, &vals);
                        assert_eq!(accepted(&l, &word), direct, "{kind:?} {vals:?}");
                        any |= direct;
                    }
                    assert_eq!(l.reachable(), any, "{kind:?}");
                }
            }
        }
    }
}
