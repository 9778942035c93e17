//! What each rule beyond shapes means, stated once ([`Constraint::laws`]): pairs of cells under
//! a [`PairLaw`], single cells under a [`CellLaw`], a weighted sum, an automaton over the cells
//! in order, a table of allowed value tuples, or a rule with a check of its own
//! ([`Laws::Native`]). [`Constraint::holds`] (and
//! so the reference solver and `Puzzle::verify`), the solver's propagators and the clause back
//! end all read this, so a rule's meaning cannot drift between them; the match in
//! [`Constraint::laws`] is exhaustive, so a new kind does not compile until it says what it
//! means.

use super::local::{orthogonal_neighbours, unmarked_pairs};
use super::{Constraint, PairLaw, RuleKind};
use crate::automaton::Automaton;
use crate::{CellId, Geometry};

/// What a rule requires, in one of a few forms the engine reads generically.
///
/// ```
/// use shapedoku::constraint::{CellLaw, Constraint, Laws, RuleKind};
/// use shapedoku::{builtin, CellId};
/// let g = builtin::geometry("classic").unwrap();
/// let odd = Constraint::new("odd", RuleKind::Odd { cells: vec![CellId::new(0)] });
/// assert!(matches!(odd.laws(&g), Laws::Cells { law: CellLaw::Odd, .. }));
/// let arrow = Constraint::new("a", RuleKind::Arrow {
///     cells: vec![CellId::new(0), CellId::new(1), CellId::new(2)],
///     circle: 1,
/// });
/// // The circle against the body: 1·c0 - c1 - c2 = 0.
/// let Laws::Linear { terms, total } = arrow.laws(&g) else { unreachable!() };
/// assert_eq!(terms.iter().map(|t| t.1).collect::<Vec<_>>(), [1, -1, -1]);
/// assert_eq!(total, 0);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Laws<'a> {
    /// Each pair of cells meets its law (chess moves, nonconsecutive, thermometer steps, marks,
    /// minimum and maximum cells against each neighbour, whispers, palindromes, clones,
    /// disjoint groups). Pairs with the same law come together, so a caller can build one
    /// table per run of them; a line's steps come in order along the line.
    Pairs(Vec<(CellId, CellId, PairLaw)>),
    /// Each cell's value meets the law on its own (odd, even).
    Cells {
        /// The cells.
        cells: &'a [CellId],
        /// What each value must be.
        law: CellLaw,
    },
    /// `Σ weight · value = total` over distinct cells (little killers; arrows, the circle's
    /// cells weighted as digits against the body's -1; double arrows).
    Linear {
        /// Each cell with its weight.
        terms: Vec<(CellId, i64)>,
        /// The total.
        total: i64,
    },
    /// The values along the cells, in order, spell a word the automaton accepts; around a
    /// loop (`closed`) the first cell is read again at the end (`sequence`).
    Automaton {
        /// The cells in order.
        cells: &'a [CellId],
        /// The allowed words.
        automaton: &'a Automaton,
        /// Whether the cells form a loop.
        closed: bool,
    },
    /// The values of the cells, in order, are one of the `allowed` tuples (`relation`).
    Tuples {
        /// The cells in order.
        cells: &'a [CellId],
        /// The allowed value tuples, one value per cell.
        allowed: &'a [Vec<i64>],
    },
    /// A rule none of the forms above states (renban, between, region sum, entropic and
    /// modular lines, zippers, quadruples, outside clues, indexing): it has its own check
    /// (`constraint/native.rs`) and its own propagator.
    Native,
}

/// What a rule requires of one cell's value.
///
/// ```
/// use shapedoku::constraint::CellLaw;
/// assert!(CellLaw::Odd.allows(-3) && !CellLaw::Odd.allows(4));
/// assert!(CellLaw::Even.allows(0) && !CellLaw::Even.allows(7));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub enum CellLaw {
    /// An odd value.
    Odd,
    /// An even value.
    Even,
}

impl CellLaw {
    /// Whether a cell may hold this value.
    #[inline]
    pub fn allows(self, value: i64) -> bool {
        match self {
            CellLaw::Odd => value.rem_euclid(2) == 1,
            CellLaw::Even => value.rem_euclid(2) == 0,
        }
    }

    /// The symbols (bit `s` for symbol `s`) whose value `values[s]` the law allows.
    pub fn mask(self, values: &[i64]) -> u64 {
        (values.iter().enumerate())
            .filter(|&(_, &v)| self.allows(v))
            .fold(0u64, |m, (s, _)| m | 1 << s)
    }
}

/// Consecutive cells of a line, in order.
fn steps(cells: &[CellId]) -> impl Iterator<Item = (CellId, CellId)> + '_ {
    cells.windows(2).map(|w| (w[0], w[1]))
}

impl Constraint {
    /// What the rule means (see [`Laws`]). Every reader of a rule's meaning reads this: the
    /// check of placed values ([`Constraint::holds`]), the solver's propagators and the clause
    /// back end.
    pub fn laws(&self, g: &Geometry) -> Laws<'_> {
        let with = |pairs: Vec<(CellId, CellId)>, law: PairLaw| {
            Laws::Pairs(
                pairs
                    .into_iter()
                    .map(|(a, b)| (a, b, law.clone()))
                    .collect(),
            )
        };
        let line = |pairs: &mut dyn Iterator<Item = (CellId, CellId)>, law: PairLaw| {
            Laws::Pairs(pairs.map(|(a, b)| (a, b, law.clone())).collect())
        };
        match &self.kind {
            RuleKind::AntiKnight | RuleKind::AntiKing | RuleKind::DisjointGroups { .. } => {
                with(self.pairs(g), PairLaw::Different)
            }
            RuleKind::Nonconsecutive => with(self.pairs(g), PairLaw::NotConsecutive),
            RuleKind::AntiTaxicab => Laws::Pairs(taxicab_pairs(g)),
            RuleKind::Thermo { cells } => line(&mut steps(cells), PairLaw::Below),
            RuleKind::SlowThermo { cells } => line(&mut steps(cells), PairLaw::AtMost),
            RuleKind::Marks { marks, negative } => {
                let mut out: Vec<_> = (marks.iter())
                    .map(|m| (m.cells[0], m.cells[1], PairLaw::Mark(m.relation)))
                    .collect();
                if !negative.is_empty() {
                    let law = PairLaw::NoneOf(negative.clone());
                    out.extend(
                        unmarked_pairs(g, marks)
                            .into_iter()
                            .map(|(a, b)| (a, b, law.clone())),
                    );
                }
                Laws::Pairs(out)
            }
            RuleKind::Minimum { cells } | RuleKind::Maximum { cells } => {
                let law = match self.kind {
                    RuleKind::Minimum { .. } => PairLaw::Below,
                    _ => PairLaw::Above,
                };
                let mut around = cells
                    .iter()
                    .flat_map(|&a| orthogonal_neighbours(g, a).into_iter().map(move |b| (a, b)));
                line(&mut around, law)
            }
            RuleKind::Whispers { cells, difference } => {
                line(&mut steps(cells), PairLaw::Apart(*difference))
            }
            RuleKind::Palindrome { cells } => {
                let n = cells.len();
                line(
                    &mut (0..n / 2).map(|i| (cells[i], cells[n - 1 - i])),
                    PairLaw::Equal,
                )
            }
            RuleKind::Clone { cells, half } => {
                let half = (*half).min(cells.len() / 2);
                line(
                    &mut (0..half).map(|i| (cells[i], cells[half + i])),
                    PairLaw::Equal,
                )
            }
            RuleKind::Odd { cells } => Laws::Cells {
                cells,
                law: CellLaw::Odd,
            },
            RuleKind::Even { cells } => Laws::Cells {
                cells,
                law: CellLaw::Even,
            },
            RuleKind::LittleKiller { cells, total, .. } => Laws::Linear {
                terms: cells.iter().map(|&c| (c, 1)).collect(),
                total: *total,
            },
            RuleKind::Arrow { cells, circle } => Laws::Linear {
                terms: arrow_terms(cells, *circle),
                total: 0,
            },
            RuleKind::DoubleArrow { cells } => Laws::Linear {
                terms: double_arrow_terms(cells),
                total: 0,
            },
            RuleKind::Sequence {
                cells,
                automaton,
                closed,
            } => Laws::Automaton {
                cells,
                automaton,
                closed: *closed,
            },
            RuleKind::Relation { cells, allowed } => Laws::Tuples { cells, allowed },
            RuleKind::SumLine {
                cells,
                automaton,
                closed: false,
                ..
            }
            | RuleKind::HiddenSkyscraper {
                cells, automaton, ..
            } => Laws::Automaton {
                cells,
                automaton,
                closed: false,
            },
            // Around a loop the runs may start anywhere: read from each cell in turn.
            RuleKind::SumLine { closed: true, .. }
            | RuleKind::Quadruple { .. }
            | RuleKind::Renban { .. }
            | RuleKind::Between { .. }
            | RuleKind::RegionSum { .. }
            | RuleKind::Entropic { .. }
            | RuleKind::Modular { .. }
            | RuleKind::Zipper { .. }
            | RuleKind::Sandwich { .. }
            | RuleKind::XSum { .. }
            | RuleKind::Skyscraper { .. }
            | RuleKind::Indexing { .. }
            | RuleKind::Rellik { .. }
            | RuleKind::Cage { .. }
            | RuleKind::Lunchbox { .. }
            | RuleKind::Lockout { .. }
            | RuleKind::DutchFlatmates
            | RuleKind::GlobalEntropy
            | RuleKind::GlobalModular
            | RuleKind::NumberedRoom { .. }
            | RuleKind::CountingCircles { .. }
            | RuleKind::SameValues { .. }
            | RuleKind::EqualSum { .. }
            | RuleKind::CountDistinct { .. }
            | RuleKind::Chaos { .. }
            | RuleKind::ChaosArrow { .. }
            | RuleKind::ChaosCount { .. }
            | RuleKind::CountRegions { .. }
            | RuleKind::Any { .. }
            | RuleKind::All { .. } => Laws::Native,
        }
    }

    /// Each pair of cells the rule relates, with the law their values must meet, for the rules
    /// whose [`Constraint::laws`] are [`Laws::Pairs`]: chess moves, nonconsecutive,
    /// thermometers (each step), marks and their negative constraint, minimum and maximum
    /// cells (each against each neighbour), whispers, palindromes, clones and disjoint groups.
    /// `None` for every other rule.
    ///
    /// ```
    /// use shapedoku::constraint::{Constraint, PairLaw, RuleKind};
    /// use shapedoku::{builtin, CellId};
    /// let g = builtin::geometry("4x4").unwrap();
    /// let line = vec![CellId::new(0), CellId::new(1), CellId::new(2)];
    /// let thermo = Constraint::new("t", RuleKind::Thermo { cells: line.clone() });
    /// assert_eq!(thermo.pair_laws(&g).unwrap(), [
    ///     (CellId::new(0), CellId::new(1), PairLaw::Below),
    ///     (CellId::new(1), CellId::new(2), PairLaw::Below),
    /// ]);
    /// assert!(Constraint::new("r", RuleKind::Renban { cells: line }).pair_laws(&g).is_none());
    /// ```
    pub fn pair_laws(&self, g: &Geometry) -> Option<Vec<(CellId, CellId, PairLaw)>> {
        match self.laws(g) {
            Laws::Pairs(p) => Some(p),
            _ => None,
        }
    }
}

/// The pairs of anti-taxicab: for each positive value N a symbol has, each pair of cells N
/// steps apart in taxicab distance (rows plus columns on the canvas), lower cell first, under
/// [`PairLaw::NotBoth`]`(N)`; the pairs of one N together.
fn taxicab_pairs(g: &Geometry) -> Vec<(CellId, CellId, PairLaw)> {
    let mut distances: Vec<i64> = (g.symbols().values().iter().copied())
        .filter(|&v| v > 0)
        .collect();
    distances.sort_unstable();
    distances.dedup();
    let mut out = Vec::new();
    for n in distances {
        for (a, &p) in g.cells().iter().enumerate() {
            for (b, &q) in g.cells().iter().enumerate().skip(a + 1) {
                let d = i64::from(p.row.abs_diff(q.row)) + i64::from(p.col.abs_diff(q.col));
                if d == n {
                    out.push((CellId::new(a), CellId::new(b), PairLaw::NotBoth(n)));
                }
            }
        }
    }
    out
}

/// An arrow as a linear sum: the circle's cells weighted as digits (the last one 1, the one
/// before 10, ...) against the body's cells, each -1.
fn arrow_terms(cells: &[CellId], circle: usize) -> Vec<(CellId, i64)> {
    (cells.iter().enumerate())
        .map(|(i, &c)| {
            let k = match circle.checked_sub(1 + i) {
                Some(p) => 10i64.saturating_pow(p as u32),
                None => -1,
            };
            (c, k)
        })
        .collect()
}

/// A double arrow as a linear sum: its two ends (the circles) against the cells between them.
fn double_arrow_terms(cells: &[CellId]) -> Vec<(CellId, i64)> {
    let n = cells.len();
    (cells.iter().enumerate())
        .map(|(i, &c)| (c, if i == 0 || i + 1 == n { 1 } else { -1 }))
        .collect()
}

impl Laws<'_> {
    /// Whether the values placed so far (`value(cell)` is a cell's value, `None` when empty)
    /// break the laws nowhere; exact once every cell is filled. `symbol(cell)` is the cell's
    /// symbol, which [`PairLaw::Different`] compares. `true` for [`Laws::Native`], which the
    /// rule checks itself.
    pub(super) fn hold(
        &self,
        g: &Geometry,
        symbol: &dyn Fn(CellId) -> Option<u8>,
        value: &dyn Fn(CellId) -> Option<i64>,
    ) -> bool {
        match self {
            Laws::Pairs(pairs) => {
                let values = g.symbols().values();
                let each = pairs
                    .iter()
                    .all(|(a, b, law)| match (symbol(*a), symbol(*b)) {
                        (Some(x), Some(y)) => law.allows(values, x, y),
                        _ => true,
                    });
                each && chain_room(pairs, value)
            }
            Laws::Cells { cells, law } => cells
                .iter()
                .all(|&c| value(c).is_none_or(|v| law.allows(v))),
            Laws::Linear { terms, total } => {
                let mut sum = 0i64;
                for &(c, k) in terms {
                    let Some(v) = value(c) else { return true };
                    sum = sum.saturating_add(k.saturating_mul(v));
                }
                sum == *total
            }
            Laws::Automaton {
                cells,
                automaton,
                closed,
            } => {
                let mut word: Vec<Option<i64>> = cells.iter().map(|&c| value(c)).collect();
                if *closed {
                    word.push(word[0]);
                }
                automaton.can_complete(&word, 0, g.symbols().values())
            }
            // Some allowed tuple agrees with every filled cell.
            Laws::Tuples { cells, allowed } => allowed.iter().any(|t| {
                t.len() == cells.len()
                    && (cells.iter().zip(t)).all(|(&c, &x)| value(c).is_none_or(|v| v == x))
            }),
            Laws::Native => true,
        }
    }
}

/// Whether filled cells with empty ones between them leave room along each chain of order
/// steps ([`PairLaw::Below`], [`PairLaw::AtMost`]: a thermometer's): values never fall, and
/// strictly rising ones need one more per step. What the steps imply on a partly filled line,
/// so a check of placed values fails as soon as the line cannot be completed. A chain is a run
/// of pairs each starting where the one before ended.
fn chain_room(pairs: &[(CellId, CellId, PairLaw)], value: &dyn Fn(CellId) -> Option<i64>) -> bool {
    // The strict steps from the chain's start to here, and the last filled cell's (steps, value).
    let mut steps = 0i64;
    let mut last: Option<(i64, i64)> = None;
    for (k, (a, b, law)) in pairs.iter().enumerate() {
        let strict = match law {
            PairLaw::Below => 1,
            PairLaw::AtMost => 0,
            _ => {
                last = None;
                continue;
            }
        };
        let chained = k > 0
            && pairs[k - 1].1 == *a
            && matches!(pairs[k - 1].2, PairLaw::Below | PairLaw::AtMost);
        if !chained {
            steps = 0;
            last = value(*a).map(|x| (0, x));
        }
        steps += strict;
        if let Some(x) = value(*b) {
            if let Some((s, y)) = last {
                if x.saturating_sub(y) < steps - s {
                    return false;
                }
            }
            last = Some((steps, x));
        }
    }
    true
}
