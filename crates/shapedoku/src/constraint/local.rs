//! The rules that look at a cell and its orthogonal neighbours: marks on the edge between two
//! cells (kropki dots, XV letters, difference and ratio dots, with the optional negative
//! constraint), odd and even cells, minimum and maximum cells, quadruples and disjoint groups.
//! Their meanings are stated in `laws.rs` (pairs, cells) and `native.rs` (quadruples); the
//! solver's propagators live in the solver.

use super::{Constraint, RuleKind};
use crate::{CellId, Geometry, Pos};

/// What a mark between two cells says about their values `a` and `b`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum Relation {
    /// `|a - b| = N` (a kropki white dot is `Difference(1)`).
    Difference(i64),
    /// One is N times the other (a kropki black dot is `Ratio(2)`).
    Ratio(i64),
    /// `a + b = N` (an X is `Sum(10)`, a V `Sum(5)`).
    Sum(i64),
}

impl Relation {
    /// Whether values `a` and `b` meet the relation (it is symmetric).
    pub fn holds(self, a: i64, b: i64) -> bool {
        match self {
            Relation::Difference(n) => a.checked_sub(b).map(i64::abs) == Some(n),
            Relation::Ratio(n) => a.checked_mul(n) == Some(b) || b.checked_mul(n) == Some(a),
            Relation::Sum(n) => a.checked_add(b) == Some(n),
        }
    }

    /// How setters name the mark: `white`, `black`, `X`, `V`, or `difference 3`.
    pub fn label(self) -> String {
        match self {
            Relation::Difference(1) => "white".to_string(),
            Relation::Ratio(2) => "black".to_string(),
            Relation::Sum(10) => "X".to_string(),
            Relation::Sum(5) => "V".to_string(),
            Relation::Difference(n) => format!("difference {n}"),
            Relation::Ratio(n) => format!("ratio {n}"),
            Relation::Sum(n) => format!("sum {n}"),
        }
    }
}

/// A mark on the edge between two orthogonally adjacent cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Mark {
    /// The two cells, in the order written.
    pub cells: [CellId; 2],
    /// What their values meet.
    pub relation: Relation,
}

/// Every orthogonally adjacent pair of cells, lower cell first, each once.
pub(crate) fn orthogonal_pairs(g: &Geometry) -> Vec<(CellId, CellId)> {
    let mut out = Vec::new();
    for (a, &p) in g.cells().iter().enumerate() {
        for q in [Pos::new(p.row, p.col + 1), Pos::new(p.row + 1, p.col)] {
            if let Some(b) = g.cell_at(q) {
                out.push((CellId::new(a), CellId::new(b)));
            }
        }
    }
    out
}

/// The orthogonal neighbours of a cell.
pub(crate) fn orthogonal_neighbours(g: &Geometry, c: CellId) -> Vec<CellId> {
    let Some(p) = g.cell_pos(c) else {
        return Vec::new();
    };
    let mut around = vec![Pos::new(p.row + 1, p.col), Pos::new(p.row, p.col + 1)];
    if p.row > 0 {
        around.push(Pos::new(p.row - 1, p.col));
    }
    if p.col > 0 {
        around.push(Pos::new(p.row, p.col - 1));
    }
    around
        .into_iter()
        .filter_map(|q| g.cell_at(q).map(CellId::new))
        .collect()
}

/// The pairs an unmarked-pair (negative) constraint covers: every orthogonally adjacent pair
/// without a mark, lower cell first.
pub(crate) fn unmarked_pairs(g: &Geometry, marks: &[Mark]) -> Vec<(CellId, CellId)> {
    let marked: std::collections::HashSet<(CellId, CellId)> = marks
        .iter()
        .map(|m| {
            let [a, b] = m.cells;
            (a.min(b), a.max(b))
        })
        .collect();
    orthogonal_pairs(g)
        .into_iter()
        .filter(|p| !marked.contains(p))
        .collect()
}

impl Constraint {
    /// The pairs of [`Constraint::pairs`] for the local rules: each mark's pair, and each pair
    /// of cells within a disjoint group.
    pub(super) fn local_pairs(&self, _g: &Geometry) -> Vec<(CellId, CellId)> {
        match &self.kind {
            RuleKind::Marks { marks, .. } => marks
                .iter()
                .map(|m| (m.cells[0].min(m.cells[1]), m.cells[0].max(m.cells[1])))
                .collect(),
            RuleKind::DisjointGroups { groups } => groups
                .iter()
                .flat_map(|grp| {
                    grp.iter().enumerate().flat_map(move |(i, &a)| {
                        grp[i + 1..].iter().map(move |&b| (a.min(b), a.max(b)))
                    })
                })
                .collect(),
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relations_are_symmetric_and_exact() {
        assert!(Relation::Difference(1).holds(4, 5) && Relation::Difference(1).holds(5, 4));
        assert!(!Relation::Difference(1).holds(4, 6));
        assert!(Relation::Ratio(2).holds(3, 6) && Relation::Ratio(2).holds(6, 3));
        assert!(!Relation::Ratio(2).holds(3, 5));
        assert!(Relation::Sum(10).holds(3, 7) && !Relation::Sum(5).holds(3, 3));
        assert!(!Relation::Ratio(2).holds(i64::MAX, 1));
    }
}
