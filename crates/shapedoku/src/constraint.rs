//! Rules beyond shapes: the relations and line rules of variant Sudoku (anti-knight, a
//! thermometer, ...), held by a [`Geometry`] next to its shapes. A shape's rule (no-repeat,
//! sum) is about a set of cells; these are about pairs of cells or cells in order, so they are
//! kept apart: every engine stage that only knows shapes still sees a sound subset of the
//! puzzle's rules, and the stages that know these (the solver, the oracle, `verify`) check them.
//!
//! ```
//! use shapedoku::constraint::{Constraint, RuleKind};
//! use shapedoku::{builtin, CellId};
//! let g = builtin::geometry("4x4").unwrap();
//! let thermo = Constraint::new("thermo", RuleKind::Thermo { cells: vec![CellId::new(0), CellId::new(1)] });
//! // 1 then 2 along the thermometer is fine; 2 then 1 is not.
//! assert!(thermo.holds(&g, &|c| [Some(0u8), Some(1)].get(c.index()).copied().flatten()));
//! assert!(!thermo.holds(&g, &|c| [Some(1u8), Some(0)].get(c.index()).copied().flatten()));
//! ```

use crate::{CellId, Geometry, Pos};

/// One extra rule of a puzzle, with the name explanations and messages use.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Constraint {
    /// Its name: `thermo 1`, `anti-knight`, or the `name` written in the file.
    pub name: String,
    /// What it requires.
    pub kind: RuleKind,
}

/// What an extra rule requires. Values are the symbols' values (`values` in the file).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub enum RuleKind {
    /// Two cells a chess knight's move apart never hold the same symbol.
    AntiKnight,
    /// Two cells a chess king's move apart (diagonal neighbours included) never hold the same
    /// symbol.
    AntiKing,
    /// Orthogonal neighbours never hold values that differ by exactly 1.
    Nonconsecutive,
    /// Values strictly increase along the cells from the bulb (the first cell).
    Thermo {
        /// The cells from the bulb on, each next to the one before.
        cells: Vec<CellId>,
    },
    /// Values never decrease along the cells from the bulb (the first cell).
    SlowThermo {
        /// The cells from the bulb on, each next to the one before.
        cells: Vec<CellId>,
    },
}

impl Constraint {
    /// A rule with this name.
    pub fn new(name: &str, kind: RuleKind) -> Constraint {
        Constraint {
            name: name.to_string(),
            kind,
        }
    }

    /// The pairs of cells the rule relates, for the pair rules (anti-knight, anti-king,
    /// nonconsecutive): each unordered pair once, lower cell first. Empty for line rules.
    pub fn pairs(&self, g: &Geometry) -> Vec<(CellId, CellId)> {
        let steps: &[(i64, i64)] = match self.kind {
            RuleKind::AntiKnight => &[(1, -2), (1, 2), (2, -1), (2, 1)],
            RuleKind::AntiKing => &[(0, 1), (1, -1), (1, 0), (1, 1)],
            RuleKind::Nonconsecutive => &[(0, 1), (1, 0)],
            RuleKind::Thermo { .. } | RuleKind::SlowThermo { .. } => &[],
        };
        let mut out = Vec::new();
        for (a, &p) in g.cells().iter().enumerate() {
            for &(dr, dc) in steps {
                let (r, c) = (i64::from(p.row) + dr, i64::from(p.col) + dc);
                let (Ok(r), Ok(c)) = (u32::try_from(r), u32::try_from(c)) else {
                    continue;
                };
                if let Some(b) = g.cell_at(Pos::new(r, c)) {
                    out.push((CellId::new(a), CellId::new(b)));
                }
            }
        }
        out
    }

    /// Whether the values placed so far (`value(cell)` is a cell's symbol, `None` when empty)
    /// break the rule nowhere: every relation between two filled cells holds. With every cell
    /// filled this is whether the rule holds.
    pub fn holds(&self, g: &Geometry, value: &dyn Fn(CellId) -> Option<u8>) -> bool {
        let v = |c: CellId| value(c).map(|s| g.symbols().value(s));
        match &self.kind {
            RuleKind::AntiKnight | RuleKind::AntiKing => self
                .pairs(g)
                .iter()
                .all(|&(a, b)| value(a).is_none() || value(a) != value(b)),
            RuleKind::Nonconsecutive => self.pairs(g).iter().all(|&(a, b)| match (v(a), v(b)) {
                (Some(x), Some(y)) => (x - y).abs() != 1,
                _ => true,
            }),
            RuleKind::Thermo { cells } | RuleKind::SlowThermo { cells } => {
                let strict = matches!(self.kind, RuleKind::Thermo { .. });
                // Filled cells along the line must increase, by at least one step per cell
                // between them when strict, whatever the empty ones hold.
                let mut last: Option<(usize, i64)> = None;
                for (i, &c) in cells.iter().enumerate() {
                    let Some(x) = v(c) else { continue };
                    if let Some((j, y)) = last {
                        if x < y || strict && x - y < (i - j) as i64 {
                            return false;
                        }
                    }
                    last = Some((i, x));
                }
                true
            }
        }
    }
}

impl Constraint {
    /// The cells a line rule lists, in order; empty for the global relations.
    pub fn cells(&self) -> &[CellId] {
        match &self.kind {
            RuleKind::Thermo { cells } | RuleKind::SlowThermo { cells } => cells,
            RuleKind::AntiKnight | RuleKind::AntiKing | RuleKind::Nonconsecutive => &[],
        }
    }
}
