//! From a parsed expression to an [`Automaton`]: the position (Glushkov) automaton, which has
//! no empty moves and one state per symbol written; then, when it is small enough to build,
//! the minimal deterministic automaton; the smaller of the two is kept. Both are trimmed to
//! the states that lie on some accepted word.

use super::{MAX_DFA_STATES, Node};
use crate::Symbols;
use crate::automaton::{Automaton, MAX_STATES, Transition};
use std::collections::HashMap;

/// The most edge visits the subset construction may make before it gives up (and the
/// position automaton is used as it is).
const MAX_WORK: u64 = 50_000_000;

/// An automaton over symbol indices whose edges carry sets of symbols.
#[derive(Debug, Clone)]
struct Nfa {
    states: usize,
    start: usize,
    accepting: Vec<bool>,
    /// `(from, to, symbols)`.
    edges: Vec<(usize, usize, u64)>,
}

/// A set of positions or states, one bit each.
type Bits = Vec<u64>;

fn bit(b: &Bits, i: usize) -> bool {
    b[i / 64] >> (i % 64) & 1 == 1
}

fn set(b: &mut Bits, i: usize) {
    b[i / 64] |= 1 << (i % 64);
}

fn union(into: &mut Bits, from: &Bits) {
    into.iter_mut().zip(from).for_each(|(a, b)| *a |= b);
}

fn ones(b: &Bits) -> impl Iterator<Item = usize> + '_ {
    (0..b.len() * 64).filter(|&i| bit(b, i))
}

/// The automaton of `node` over `symbols`, or what stops it.
pub(super) fn automaton(node: &Node, symbols: &Symbols) -> Result<Automaton, String> {
    let node = node.expand();
    let nfa = trim(&glushkov(&node));
    if !nfa.accepting.iter().any(|&a| a) {
        return Err("the expression matches no sequence of symbols".into());
    }
    let dfa = determinise(&nfa, symbols.len()).map(|d| minimise(&d));
    let smallest = match &dfa {
        Some(d) if d.states <= nfa.states => d,
        _ => &nfa,
    };
    if smallest.states > MAX_STATES {
        let dfa = match &dfa {
            Some(d) => format!("{} as a deterministic automaton", d.states),
            None => format!("over {MAX_DFA_STATES} as a deterministic automaton"),
        };
        return Err(format!(
            "the expression needs more than {MAX_STATES} states ({} as a position automaton, {dfa})",
            nfa.states
        ));
    }
    to_automaton(smallest, symbols)
}

/// What the position automaton needs of each subexpression.
struct Facts {
    nullable: bool,
    first: Bits,
    last: Bits,
}

struct Positions {
    words: usize,
    masks: Vec<u64>,
    follow: Vec<Bits>,
}

fn count_positions(node: &Node) -> usize {
    match node {
        Node::Empty | Node::Repeat(..) => 0,
        Node::Class(_) => 1,
        Node::Concat(ns) | Node::Alt(ns) => ns.iter().map(count_positions).sum(),
        Node::Star(n) | Node::Plus(n) | Node::Opt(n) => count_positions(n),
    }
}

/// The position automaton of an expression without counted repetitions: state 0 is the start,
/// state `p + 1` the `p`-th symbol (or class) written.
fn glushkov(node: &Node) -> Nfa {
    let n = count_positions(node);
    let words = n.div_ceil(64).max(1);
    let mut pos = Positions {
        words,
        masks: Vec::with_capacity(n),
        follow: Vec::with_capacity(n),
    };
    let f = facts(node, &mut pos);
    let mut edges: Vec<(usize, usize, u64)> =
        ones(&f.first).map(|p| (0, p + 1, pos.masks[p])).collect();
    for (q, follow) in pos.follow.iter().enumerate() {
        edges.extend(ones(follow).map(|p| (q + 1, p + 1, pos.masks[p])));
    }
    let mut accepting = vec![false; n + 1];
    accepting[0] = f.nullable;
    for p in ones(&f.last) {
        accepting[p + 1] = true;
    }
    Nfa {
        states: n + 1,
        start: 0,
        accepting,
        edges,
    }
}

fn facts(node: &Node, pos: &mut Positions) -> Facts {
    let empty = |pos: &Positions| Facts {
        nullable: true,
        first: vec![0; pos.words],
        last: vec![0; pos.words],
    };
    match node {
        Node::Empty | Node::Repeat(..) => empty(pos),
        Node::Class(mask) => {
            let p = pos.masks.len();
            pos.masks.push(*mask);
            pos.follow.push(vec![0; pos.words]);
            let mut one = vec![0; pos.words];
            set(&mut one, p);
            Facts {
                nullable: false,
                first: one.clone(),
                last: one,
            }
        }
        Node::Concat(ns) => ns.iter().fold(empty(pos), |a, n| {
            let b = facts(n, pos);
            for p in ones(&a.last) {
                union(&mut pos.follow[p], &b.first);
            }
            let mut first = a.first;
            if a.nullable {
                union(&mut first, &b.first);
            }
            let mut last = b.last;
            if b.nullable {
                union(&mut last, &a.last);
            }
            Facts {
                nullable: a.nullable && b.nullable,
                first,
                last,
            }
        }),
        Node::Alt(ns) => {
            let mut out = empty(pos);
            out.nullable = false;
            for n in ns {
                let f = facts(n, pos);
                out.nullable |= f.nullable;
                union(&mut out.first, &f.first);
                union(&mut out.last, &f.last);
            }
            out
        }
        Node::Star(n) | Node::Plus(n) | Node::Opt(n) => {
            let mut f = facts(n, pos);
            if !matches!(node, Node::Opt(_)) {
                for p in ones(&f.last) {
                    union(&mut pos.follow[p], &f.first);
                }
            }
            f.nullable |= !matches!(node, Node::Plus(_));
            f
        }
    }
}

/// The states reachable from `from` along `edges` (each `(from, to)`).
fn reach(states: usize, from: &[usize], edges: &[(usize, usize)]) -> Vec<bool> {
    let mut seen = vec![false; states];
    let mut stack = from.to_vec();
    from.iter().for_each(|&s| seen[s] = true);
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); states];
    for &(a, b) in edges {
        out[a].push(b);
    }
    while let Some(s) = stack.pop() {
        for &t in &out[s] {
            if !seen[t] {
                seen[t] = true;
                stack.push(t);
            }
        }
    }
    seen
}

/// The same automaton with only the start and the states on some accepted word, renumbered.
fn trim(a: &Nfa) -> Nfa {
    let live: Vec<(usize, usize)> = a
        .edges
        .iter()
        .filter(|e| e.2 != 0)
        .map(|e| (e.0, e.1))
        .collect();
    let forward = reach(a.states, &[a.start], &live);
    let accepting: Vec<usize> = (0..a.states).filter(|&s| a.accepting[s]).collect();
    let back: Vec<(usize, usize)> = live.iter().map(|&(x, y)| (y, x)).collect();
    let backward = reach(a.states, &accepting, &back);
    let keep: Vec<bool> = (0..a.states)
        .map(|s| s == a.start || (forward[s] && backward[s]))
        .collect();
    let mut index = vec![usize::MAX; a.states];
    let mut n = 0;
    for s in (0..a.states).filter(|&s| keep[s]) {
        index[s] = n;
        n += 1;
    }
    Nfa {
        states: n,
        start: index[a.start],
        accepting: (0..a.states)
            .filter(|&s| keep[s])
            .map(|s| a.accepting[s] && backward[s])
            .collect(),
        edges: a
            .edges
            .iter()
            .filter(|e| e.2 != 0 && keep[e.0] && keep[e.1] && backward[e.1])
            .map(|&(x, y, m)| (index[x], index[y], m))
            .collect(),
    }
}

/// A deterministic automaton: `delta[q][s]` is where symbol `s` leads from state `q`.
struct Dfa {
    start: usize,
    accepting: Vec<bool>,
    delta: Vec<Vec<Option<usize>>>,
}

/// The subset construction over `symbols` symbols, or `None` past [`MAX_DFA_STATES`] states
/// or [`MAX_WORK`] steps. The empty set is left out: a missing move rejects.
fn determinise(a: &Nfa, symbols: usize) -> Option<Dfa> {
    let words = a.states.div_ceil(64);
    let mut out: Vec<Vec<(usize, u64)>> = vec![Vec::new(); a.states];
    for &(x, y, m) in &a.edges {
        out[x].push((y, m));
    }
    let mut first = vec![0; words];
    set(&mut first, a.start);
    let mut index: HashMap<Bits, usize> = HashMap::from([(first.clone(), 0)]);
    let mut sets = vec![first];
    let mut dfa = Dfa {
        start: 0,
        accepting: Vec::new(),
        delta: Vec::new(),
    };
    let mut work = 0u64;
    let mut i = 0;
    while i < sets.len() {
        let mut next = vec![vec![0u64; words]; symbols];
        for q in ones(&sets[i]) {
            for &(to, mask) in &out[q] {
                work += u64::from(mask.count_ones());
                (0..symbols)
                    .filter(|&s| mask >> s & 1 == 1)
                    .for_each(|s| set(&mut next[s], to));
            }
        }
        if work > MAX_WORK {
            return None;
        }
        dfa.accepting.push(ones(&sets[i]).any(|q| a.accepting[q]));
        let mut row = Vec::with_capacity(symbols);
        for n in next {
            if n.iter().all(|&w| w == 0) {
                row.push(None);
                continue;
            }
            let k = sets.len();
            let id = *index.entry(n.clone()).or_insert(k);
            if id == k {
                if k == MAX_DFA_STATES {
                    return None;
                }
                sets.push(n);
            }
            row.push(Some(id));
        }
        dfa.delta.push(row);
        i += 1;
    }
    Some(dfa)
}

/// The minimal automaton of `d` (Moore's partition refinement), as an [`Nfa`] with one edge
/// per pair of states.
fn minimise(d: &Dfa) -> Nfa {
    let n = d.accepting.len();
    let mut class: Vec<usize> = d.accepting.iter().map(|&a| usize::from(a)).collect();
    let mut count = class
        .iter()
        .copied()
        .collect::<std::collections::HashSet<_>>()
        .len();
    loop {
        let mut ids: HashMap<(usize, Vec<Option<usize>>), usize> = HashMap::new();
        let next: Vec<usize> = (0..n)
            .map(|q| {
                let sig = d.delta[q].iter().map(|t| t.map(|t| class[t])).collect();
                let k = ids.len();
                *ids.entry((class[q], sig)).or_insert(k)
            })
            .collect();
        let done = ids.len() == count;
        count = ids.len();
        class = next;
        if done {
            break;
        }
    }
    let mut edges: HashMap<(usize, usize), u64> = HashMap::new();
    let mut accepting = vec![false; count];
    for q in 0..n {
        accepting[class[q]] |= d.accepting[q];
        for (s, t) in d.delta[q].iter().enumerate() {
            if let Some(t) = t {
                *edges.entry((class[q], class[*t])).or_default() |= 1 << s;
            }
        }
    }
    let mut edges: Vec<(usize, usize, u64)> =
        edges.into_iter().map(|((a, b), m)| (a, b, m)).collect();
    edges.sort_unstable();
    Nfa {
        states: count,
        start: class[d.start],
        accepting,
        edges,
    }
}

/// The automaton over values: each edge's symbols become the values they have.
fn to_automaton(a: &Nfa, symbols: &Symbols) -> Result<Automaton, String> {
    let mut transitions = Vec::with_capacity(a.edges.len());
    for &(from, to, mask) in &a.edges {
        transitions.push(Transition::new(from, to, value_ranges(mask, symbols)?));
    }
    let names = (0..a.states).map(|s| format!("q{s}")).collect();
    let accepting = (0..a.states).filter(|&s| a.accepting[s]).collect();
    Automaton::new(names, a.start, accepting, transitions).map_err(|e| e.to_string())
}

/// The values of the symbols in `mask`, as sorted inclusive ranges; an error when a symbol
/// outside it has one of those values, since the automaton reads values, not symbols.
fn value_ranges(mask: u64, symbols: &Symbols) -> Result<Vec<(i64, i64)>, String> {
    let inside = |s: usize| mask >> s & 1 == 1;
    let mut values: Vec<i64> = (0..symbols.len())
        .filter(|&s| inside(s))
        .map(|s| symbols.values()[s])
        .collect();
    values.sort_unstable();
    values.dedup();
    for s in (0..symbols.len()).filter(|&s| !inside(s)) {
        let v = symbols.values()[s];
        if values.binary_search(&v).is_ok() {
            let twin = (0..symbols.len()).find(|&t| inside(t) && symbols.values()[t] == v);
            let twin = twin.map_or('?', |t| symbols.chars()[t]);
            return Err(format!(
                "symbols `{twin}` and `{}` have the same value {v}, so a sequence cannot tell them apart",
                symbols.chars()[s]
            ));
        }
    }
    let mut ranges: Vec<(i64, i64)> = Vec::new();
    for v in values {
        match ranges.last_mut() {
            Some(r) if r.1.checked_add(1) == Some(v) => r.1 = v,
            _ => ranges.push((v, v)),
        }
    }
    Ok(ranges)
}
