//! Rules beyond shapes as the back end's input, read from their laws
//! ([`Constraint::laws`]): pair laws become [`PairRule`]s (binary clauses: chess moves and
//! disjoint groups, nonconsecutive, marks and their negative constraint, each step of a
//! thermometer, a minimum or maximum cell against each neighbour, whispers, palindromes,
//! clones), cell laws (odd, even) narrow candidates, and a linear sum of unit weights (a
//! little killer) is a sum with repeats. Other sums (arrows, double arrows), automata and
//! native rules are not encoded, and a geometry with any of them stays with the search.
//! [`encodable`] and [`add`] read the same [`encoding`], so a rule cannot be counted as taken
//! without its clauses.

use super::{PairRule, Problem, SumShape};
use crate::constraint::{CellLaw, Constraint, Laws, PairLaw};
use crate::{CellId, Geometry, SymbolSet};

/// What the back end makes of a rule's laws, or `None` when it does not encode them.
enum Encoding<'a> {
    Pairs(&'a [(CellId, CellId, PairLaw)]),
    Cells(&'a [CellId], CellLaw),
    Sum(SumShape),
}

fn encoding<'a>(laws: &'a Laws<'_>) -> Option<Encoding<'a>> {
    match laws {
        Laws::Pairs(p) => Some(Encoding::Pairs(p)),
        Laws::Cells { cells, law } => Some(Encoding::Cells(cells, *law)),
        Laws::Linear { terms, total } if terms.iter().all(|t| t.1 == 1) => {
            Some(Encoding::Sum(SumShape {
                cells: terms.iter().map(|t| t.0).collect(),
                total: *total,
                distinct: false,
            }))
        }
        Laws::Linear { .. } | Laws::Automaton { .. } | Laws::Tuples { .. } | Laws::Native => None,
    }
}

/// Whether [`add`] takes the rule.
pub(super) fn encodable(laws: &Laws<'_>) -> bool {
    encoding(laws).is_some()
}

/// Adds the rule to the problem (its pairs, sums or narrower candidates); nothing for a rule
/// [`encodable`] refuses.
pub(super) fn add(c: &Constraint, g: &Geometry, p: &mut Problem) {
    match encoding(&c.laws(g)) {
        Some(Encoding::Pairs(laws)) => {
            // One table per run of pairs under the same law (the laws come grouped).
            for run in laws.chunk_by(|x, y| x.2 == y.2) {
                let law = &run[0].2;
                relate(p, run.iter().map(|&(a, b, _)| (a, b)), law);
            }
        }
        Some(Encoding::Cells(cells, law)) => {
            let keep = law.mask(&p.values);
            for c in cells {
                if let Some(m) = p.candidates.get_mut(c.index()) {
                    m.0 &= keep;
                }
            }
        }
        Some(Encoding::Sum(sum)) => p.sums.push(sum),
        None => {}
    }
}

/// One law on the symbols of each pair's cells.
fn relate(p: &mut Problem, pairs: impl Iterator<Item = (CellId, CellId)>, law: &PairLaw) {
    let v = &p.values;
    let n = v.len() as u8;
    let table: Vec<SymbolSet> = (0..n)
        .map(|x| (0..n).filter(|&y| law.allows(v, x, y)).collect())
        .collect();
    p.pairs.extend(pairs.map(|(a, b)| PairRule {
        cells: [a, b],
        allowed: table.clone(),
    }));
}
