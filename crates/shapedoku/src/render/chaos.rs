//! A chaos construction's regions on the page: the region borders the setter drew (`different`
//! pairs of neighbours) always, and, when the page shows a solution, the borders between the
//! regions of a partition that fits it (found by [`crate::constraint::chaos::regions`]).

use super::Edge;
use crate::constraint::{RuleKind, chaos};
use crate::{CellId, Geometry};

/// Makes thick the edges of `es` between cells in different regions: those of a given border,
/// and with `solution`, those between the regions found for it. Nothing without a chaos rule.
pub(super) fn thicken(g: &Geometry, solution: Option<&[u8]>, es: &mut [Edge]) {
    let Some(rule) = g
        .constraints()
        .iter()
        .find(|c| matches!(c.kind, RuleKind::Chaos { .. }))
    else {
        return;
    };
    let RuleKind::Chaos { different, .. } = &rule.kind else {
        return;
    };
    let labels = solution
        .filter(|s| s.len() == g.cell_count())
        .and_then(|s| chaos::regions(g, &rule.kind, &|c: CellId| s.get(c.index()).copied()));
    let apart = |x: usize, y: usize| {
        labels.as_ref().is_some_and(|l| l[x] != l[y])
            || different
                .iter()
                .any(|grp| grp.contains(&CellId::new(x)) && grp.contains(&CellId::new(y)))
    };
    for e in es.iter_mut().filter(|e| !e.thick) {
        let (a, b) = e.sides();
        if let (Some(x), Some(y)) = (g.cell_at(a), g.cell_at(b)) {
            e.thick = apart(x, y);
        }
    }
}
