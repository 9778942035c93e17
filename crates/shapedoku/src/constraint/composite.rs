//! Rules composed of rules: `any` (at least one alternative holds) and `all` (every part
//! holds, a group taken as one alternative). Each part is an ordinary rule, checked,
//! propagated and drawn as its kind is; the composite only says how their verdicts combine.

use super::{Constraint, RuleKind};
use crate::{CellId, Geometry};

impl RuleKind {
    /// The cells a composite of `rules` covers: every cell a part names, each once, in the
    /// order first named; every cell of the geometry when a part is a relation over the whole
    /// grid (anti-knight, say), which names none.
    pub fn composite_cells(rules: &[Constraint], g: &Geometry) -> Vec<CellId> {
        let mut seen = vec![false; g.cell_count()];
        let mut out = Vec::new();
        for r in rules {
            // A composite's named cells are its own cells, its parts' union.
            let named = r.named_cells();
            let named = if named.is_empty() {
                (0..g.cell_count()).map(CellId::new).collect()
            } else {
                named
            };
            for c in named {
                if !std::mem::replace(&mut seen[c.index()], true) {
                    out.push(c);
                }
            }
        }
        out
    }
}

/// Whether a composite's parts, checked against the placed symbols, combine to "not broken":
/// for `any`, some part is not broken yet; for `all`, none is.
pub(super) fn holds(kind: &RuleKind, g: &Geometry, symbol: &dyn Fn(CellId) -> Option<u8>) -> bool {
    match kind {
        RuleKind::Any { rules, .. } => rules.iter().any(|r| r.holds(g, symbol)),
        RuleKind::All { rules, .. } => rules.iter().all(|r| r.holds(g, symbol)),
        _ => true,
    }
}
