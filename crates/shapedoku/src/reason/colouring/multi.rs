//! Multi-colours: the strong-link networks of one symbol (as in simple colours, any geometry),
//! each split into two colours of which exactly one is true, taken two at a time. Where a
//! colour a of one network sees a colour b of another (a place of a shares a shape with a place
//! of b), a and b are not both true, so the other colour of one network or of the other is:
//!
//! - type 1: a cell seeing both those other colours loses the symbol (one step for the two
//!   networks, from every two colours that see each other);
//! - type 2: a colour seeing both colours of another network is false, so its places lose the
//!   symbol.

use super::simple::{Family, colour_parts, conjugate_graph};
use crate::reason::board::Board;
use crate::reason::finder::Finder;
use crate::reason::step::{Candidate, Deduction, Step};
use crate::{CellId, Symbol};

/// One network: each colour's places, as a list and as bits over cells, and the bits of the
/// cells seeing at least one of its places.
struct Network {
    cells: [Vec<usize>; 2],
    bits: [Vec<u64>; 2],
    seen: [Vec<u64>; 2],
}

fn meets(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).any(|(x, y)| x & y != 0)
}

/// The networks of strong links on a symbol with two places or more (`key` its words of
/// [`super::simple::symbol_bits`]).
fn networks(board: &Board, key: &[u64]) -> Vec<Network> {
    let g = board.geometry();
    let words = g.cell_count().div_ceil(64);
    let peers = &board.tables().peer_bits;
    let (nodes, adj) = conjugate_graph(board, key);
    let mut out = Vec::new();
    for part in colour_parts(&adj).into_iter().flatten() {
        let mut net = Network {
            cells: [Vec::new(), Vec::new()],
            bits: [vec![0; words], vec![0; words]],
            seen: [vec![0; words], vec![0; words]],
        };
        for &(i, k) in &part {
            let c = nodes[i];
            let k = k as usize;
            net.cells[k].push(c);
            net.bits[k][c / 64] |= 1 << (c % 64);
            for w in 0..words {
                net.seen[k][w] |= peers[c * words + w];
            }
        }
        out.push(net);
    }
    out
}

/// Multi-colours of both types on every symbol (type 1 first, as HoDoKu orders them).
pub(crate) fn find(board: &Board, f: &mut Finder) {
    board
        .memo::<crate::reason::memo::Memo<super::simple::Memo>>()
        .lock()
        .each_symbol(board, Family::Multi, f, on_symbol);
}

/// Multi-colours on symbol `x` (`key` its words); false when the finder is full.
fn on_symbol(board: &Board, key: &[u64], x: u8, f: &mut Finder) -> bool {
    let nets = networks(board, key);
    if nets.len() < 2 {
        return true;
    }
    for (i, a) in nets.iter().enumerate() {
        for (j, b) in nets.iter().enumerate() {
            if i != j && !pair(board, x, a, b, i < j, f) {
                return false;
            }
        }
    }
    true
}

/// The steps of networks `a` and `b`: type 1 once per unordered pair (`first`), with the
/// eliminations of every two colours that see each other (as HoDoKu gives them), then type 2
/// with a colour of `a` seeing both of `b`'s.
fn pair(board: &Board, x: u8, a: &Network, b: &Network, first: bool, f: &mut Finder) -> bool {
    let g = board.geometry();
    if first {
        let mut clash = None;
        let mut elims: Vec<Candidate> = Vec::new();
        for ka in 0..2 {
            for kb in 0..2 {
                if !meets(&a.seen[ka], &b.bits[kb]) {
                    continue;
                }
                clash.get_or_insert([ka, kb]);
                // One of a's other colour and b's other colour is true.
                let (oa, ob) = (&a.seen[1 - ka], &b.seen[1 - kb]);
                elims.extend(
                    (0..g.cell_count())
                        .filter(|&t| {
                            oa[t / 64] >> (t % 64) & 1 == 1
                                && ob[t / 64] >> (t % 64) & 1 == 1
                                && board.value(t).is_none()
                                && board.candidates(t).contains(x)
                        })
                        .map(|t| Candidate::at(t, x)),
                );
            }
        }
        if let Some(k) = clash {
            elims.sort_unstable();
            elims.dedup();
            if !f.push(step(x, a, b, k, false, elims)) {
                return false;
            }
        }
    }
    for ka in 0..2 {
        if meets(&a.seen[ka], &b.bits[0]) && meets(&a.seen[ka], &b.bits[1]) {
            let elims = a.cells[ka].iter().map(|&c| Candidate::at(c, x)).collect();
            if !f.push(step(x, a, b, [ka, 0], true, elims)) {
                return false;
            }
        }
    }
    true
}

/// The step, its networks' colours ordered so the first colour of each is the one that sees
/// the other network.
fn step(
    x: u8,
    a: &Network,
    b: &Network,
    [ka, kb]: [usize; 2],
    both_seen: bool,
    mut eliminations: Vec<Candidate>,
) -> Step {
    eliminations.sort_unstable();
    let ids = |cs: &[usize]| -> Vec<CellId> {
        let mut v: Vec<CellId> = cs.iter().map(|&c| CellId::new(c)).collect();
        v.sort_unstable();
        v
    };
    Step::eliminating(
        eliminations,
        Deduction::MultiColours {
            symbol: Symbol::new(x as usize),
            networks: [
                [ids(&a.cells[ka]), ids(&a.cells[1 - ka])],
                [ids(&b.cells[kb]), ids(&b.cells[1 - kb])],
            ],
            both_seen,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::catalogue::Technique;
    use crate::reason::test_util::*;

    /// An empty classic board where 5 is left, in row 1, only in r1c1 and r1c5.
    fn board() -> (std::sync::Arc<crate::Geometry>, Board) {
        let g = crate::builtin::geometry("classic").unwrap();
        let mut b = empty_board(&g);
        for c in [2, 3, 4, 6, 7, 8, 9] {
            b.eliminate(cell(&g, 1, c), sym(5));
        }
        (g, b)
    }

    fn steps(b: &Board, t: Technique) -> Vec<Step> {
        let mut f = Finder::new(100);
        find(b, &mut f);
        f.steps.into_iter().filter(|s| s.technique() == t).collect()
    }

    #[test]
    fn type_1() {
        // Networks {r1c1 | r1c5} (row 1) and {r2c2 | r8c2} (column 2). r1c1 sees r2c2 in box
        // 1, so r1c5 or r8c2 is 5: r8c5, seeing both, loses it.
        let (g, mut b) = board();
        for r in [1, 3, 4, 5, 6, 7, 9] {
            b.eliminate(cell(&g, r, 2), sym(5));
        }
        let s = steps(&b, Technique::MultiColors1);
        assert_eq!(s.len(), 1, "{s:?}");
        assert_eq!(s[0].eliminations, elims(&g, "r8c5<>5"));
        assert_eq!(
            s[0].deduction,
            Deduction::MultiColours {
                symbol: symbol(5),
                networks: [
                    [vec![cell_id(&g, 1, 1)], vec![cell_id(&g, 1, 5)]],
                    [vec![cell_id(&g, 2, 2)], vec![cell_id(&g, 8, 2)]],
                ],
                both_seen: false,
            }
        );
        assert!(steps(&b, Technique::MultiColors2).is_empty());
    }

    #[test]
    fn type_2() {
        // Networks {r1c1 | r1c5} (row 1) and {r2c1 | r2c3} (row 2): r1c1 sees both colours
        // of the second, so it is not 5.
        let (g, mut b) = board();
        for c in [2, 4, 5, 6, 7, 8, 9] {
            b.eliminate(cell(&g, 2, c), sym(5));
        }
        let s = steps(&b, Technique::MultiColors2);
        assert_eq!(s.len(), 1, "{s:?}");
        assert_eq!(s[0].eliminations, elims(&g, "r1c1<>5"));
        // r1c1 also sees r2c3 (so r1c5 or r2c1 is 5) and r2c1 (so r1c5 or r2c3 is): type 1
        // finds r1c1 seeing both pairs too, as HoDoKu writes it.
        let s = steps(&b, Technique::MultiColors1);
        assert_eq!(s.len(), 1, "{s:?}");
        assert_eq!(s[0].eliminations, elims(&g, "r1c1<>5"));
    }
}
