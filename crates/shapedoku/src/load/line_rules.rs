//! Stage 3 for the sum, line and copy rules (little killer to `sequence`): their own keys read
//! into a [`RuleKind`] once the geometry is built, with the checks each needs (a clue outside
//! the grid whose diagonal enters it, an arrow's circle next to its body, a clone's copy of the
//! same shape, an automaton whose states exist, values for rules that do arithmetic). Every
//! problem points at the key or the table concerned.

use super::definition::{Field, RuleDef};
use super::source::{Diagnostic, Text};
use super::state::RuleIn;
use crate::automaton::{Automaton, MAX_STATES, Transition, regex};
use crate::constraint::RuleKind;
use crate::{CellId, Geometry, Pos};
use std::ops::Range;

/// The rule `r` (one of the kinds above, whose `cells` are `cells`, already checked), or
/// `None` with its problems in `diags`.
pub(super) fn compile(
    r: &RuleIn,
    g: &Geometry,
    cells: Vec<CellId>,
    diags: &mut Vec<Diagnostic>,
) -> Option<RuleKind> {
    let c = Ctx { r, g, diags };
    c.compile(cells)
}

/// The most cells of a sum line around a loop: the solver reads it from each cell in turn,
/// one alternative of an `any` each.
const MAX_LOOP: usize = 64;

struct Ctx<'a> {
    r: &'a RuleIn,
    g: &'a Geometry,
    diags: &'a mut Vec<Diagnostic>,
}

impl Ctx<'_> {
    fn error(&mut self, span: Option<Range<usize>>, message: String, help: &str) {
        let span = span.unwrap_or_else(|| self.r.span.clone());
        let message = format!("{} `{}`: {message}", self.r.kind, self.r.name);
        let mut d = Diagnostic::new(&self.r.src, Some(span), message);
        if !help.is_empty() {
            d = d.help(help.to_string());
        }
        self.diags.push(d);
    }

    fn def(&self) -> &RuleDef {
        &self.r.def
    }

    fn compile(mut self, cells: Vec<CellId>) -> Option<RuleKind> {
        let kind = self.r.kind.as_str();
        let numeric = !matches!(kind, "palindrome" | "clone" | "sequence");
        if numeric && !self.has_values() {
            let symbols = self.g.symbols().as_string();
            self.error(
                None,
                format!("this rule adds or compares values, but the alphabet `{symbols}` has no `values`"),
                "give the symbols values, e.g. `values = [1, 2, 3, 4]`",
            );
            return None;
        }
        let min_len = match kind {
            "little-killer" | "clone" | "sequence" | "relation" | "arrow" | "sum-line" => 1,
            "lockout" => 2,
            "whispers" | "palindrome" | "zipper" | "renban" | "entropic" | "modular"
            | "region-sum" => 2,
            _ => 3,
        };
        if kind != "little-killer" && cells.len() < min_len {
            self.error(
                None,
                format!(
                    "the line has {} cells, fewer than the {min_len} it needs",
                    cells.len()
                ),
                "list more cells in `cells`",
            );
            return None;
        }
        match kind {
            "little-killer" => self.little_killer(),
            "arrow" => self.arrow(cells),
            "double-arrow" => Some(RuleKind::DoubleArrow { cells }),
            "renban" => self.renban(cells),
            "whispers" => self.whispers(cells),
            "palindrome" => Some(RuleKind::Palindrome { cells }),
            "between" => Some(RuleKind::Between { cells }),
            "region-sum" => Some(RuleKind::RegionSum { cells }),
            "entropic" => {
                let k = RuleKind::Entropic { cells };
                if crate::constraint::line_rules::classes(&k, self.g.symbols().values()).is_none() {
                    self.error(
                        None,
                        "the values must split in three equal thirds (low, middle, high), but their number is not a multiple of 3".into(),
                        "use an alphabet of 3, 6, 9, ... distinct values",
                    );
                    return None;
                }
                Some(k)
            }
            "modular" => Some(RuleKind::Modular { cells }),
            "zipper" => Some(RuleKind::Zipper { cells }),
            "clone" => self.clone_rule(cells),
            "sequence" => self.sequence(cells),
            "relation" => self.relation(cells),
            "sum-line" => self.sum_line(cells),
            "lockout" => self.lockout(cells),
            _ => None,
        }
    }

    /// Whether the symbols have values to do arithmetic with: written `values`, or digits.
    fn has_values(&self) -> bool {
        self.g.symbols().has_numeric_values()
    }

    /// The distinct values, sorted.
    fn values(&self) -> Vec<i64> {
        let mut v = self.g.symbols().values().to_vec();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// A sum line: `total` (default 10, a "10 line") between 1 and the automaton's bound, and
    /// no negative value, which would let a run's sum go down.
    fn sum_line(&mut self, cells: Vec<CellId>) -> Option<RuleKind> {
        let def = self.def().clone();
        if def.total.is_invalid() {
            return None;
        }
        let total = def.total.value().copied().unwrap_or(10);
        if self.values().first().is_some_and(|&v| v < 0) {
            self.error(
                None,
                "a sum line's runs add up values of 0 or more, but the alphabet has negative values".into(),
                "",
            );
            return None;
        }
        let closed = def.closed.value() == Some(&true);
        if closed {
            // The solver reads a loop from each of its cells in turn, one alternative each.
            if cells.len() > MAX_LOOP {
                self.error(
                    def.closed.span(),
                    format!(
                        "a sum line around a loop has at most {MAX_LOOP} cells, not {}",
                        cells.len()
                    ),
                    "",
                );
                return None;
            }
            let g = self.g;
            let pos = |c: &CellId| g.pos(c.index());
            if let (Some(first), Some(last)) = (cells.first(), cells.last()) {
                if cells.len() < 3 || !next_to(pos(last), pos(first)) {
                    self.error(
                        def.closed.span(),
                        format!(
                            "a loop closes from its last cell back to its first, and {} does not touch {}",
                            pos(last),
                            pos(first)
                        ),
                        "list the loop's cells in order round it, the last touching the first",
                    );
                    return None;
                }
            }
        }
        if cells.len() > crate::solver::sequence::MAX_LEN {
            self.error(
                None,
                format!(
                    "the line has {} cells; a sum line may have at most {}",
                    cells.len(),
                    crate::solver::sequence::MAX_LEN
                ),
                "",
            );
            return None;
        }
        let kind = match closed {
            true => RuleKind::sum_loop(cells, total),
            false => RuleKind::sum_line(cells, total),
        };
        if kind.is_none() {
            self.error(
                def.total.span(),
                format!(
                    "a sum line's total must lie between 1 and {}, not {total}",
                    crate::automaton::MAX_STATES
                ),
                "",
            );
        }
        kind
    }

    /// A lockout line: `difference` (default 4) at least 1, and some two values of the
    /// alphabet that far apart.
    fn lockout(&mut self, cells: Vec<CellId>) -> Option<RuleKind> {
        let def = self.def().clone();
        if def.difference.is_invalid() {
            return None;
        }
        let difference = def.difference.value().copied().unwrap_or(4);
        let v = self.values();
        if difference < 1 || v[v.len() - 1] - v[0] < difference {
            self.error(
                def.difference.span(),
                format!(
                    "the ends must differ by at least 1 and by no more than the alphabet's values do ({}), not {difference}",
                    v[v.len() - 1] - v[0]
                ),
                "",
            );
            return None;
        }
        Some(RuleKind::Lockout { cells, difference })
    }

    fn little_killer(&mut self) -> Option<RuleKind> {
        let def = self.def().clone();
        let (Some(&total), Some(at), Some(dir)) =
            (def.total.value(), def.at.value(), def.direction.value())
        else {
            if [
                def.total.is_invalid(),
                def.at.is_invalid(),
                def.direction.is_invalid(),
            ]
            .contains(&true)
            {
                return None;
            }
            self.error(
                None,
                "a little killer needs `total`, `at` and `direction`".into(),
                "e.g. `at = [0, 1]`, `direction = \"down-right\"`, `total = 25`",
            );
            return None;
        };
        let direction = match dir.as_str() {
            "down-right" => (1, 1),
            "down-left" => (1, -1),
            "up-right" => (-1, 1),
            "up-left" => (-1, -1),
            other => {
                self.error(
                    def.direction.span(),
                    format!("`{other}` is not a direction"),
                    "directions: down-right, down-left, up-right, up-left",
                );
                return None;
            }
        };
        let clue = Pos::new(at[0] as u32, at[1] as u32);
        if self.g.cell_at(clue).is_some() {
            self.error(
                def.at.span(),
                format!("the clue at {clue} is a cell; it belongs outside the grid"),
                "put the clue next to the grid, where the diagonal starts",
            );
            return None;
        }
        let mut cells = Vec::new();
        let mut p = (at[0], at[1]);
        loop {
            p = (p.0 + i64::from(direction.0), p.1 + i64::from(direction.1));
            let cell = u32::try_from(p.0)
                .ok()
                .zip(u32::try_from(p.1).ok())
                .and_then(|(r, c)| self.g.cell_at(Pos::new(r, c)));
            match cell {
                Some(c) => cells.push(CellId::new(c)),
                None => break,
            }
        }
        if cells.is_empty() {
            self.error(
                def.direction.span(),
                format!("the diagonal from {clue} going {dir} does not enter the grid"),
                "the first step from the clue must land on a cell",
            );
            return None;
        }
        let v = self.values();
        let n = cells.len() as i64;
        let (lo, hi) = (n * v[0], n * v[v.len() - 1]);
        if total < lo || total > hi {
            self.error(
                def.total.span(),
                format!(
                    "{n} cells cannot add up to {total}: their total lies between {lo} and {hi}"
                ),
                "",
            );
            return None;
        }
        Some(RuleKind::LittleKiller {
            cells,
            total,
            clue: (clue.row, clue.col),
            direction,
        })
    }

    fn arrow(&mut self, body: Vec<CellId>) -> Option<RuleKind> {
        let span = self.def().circle.span();
        if self.r.extra.is_empty() {
            if !self.def().circle.is_invalid() {
                self.error(
                    None,
                    "an arrow needs its `circle`".into(),
                    "e.g. `circle = \"r1c1\"`, or a pill `circle = \"r1c1 r1c2\"`",
                );
            }
            return None;
        }
        let k = self.r.extra.len();
        if k > 3 {
            self.error(
                span,
                format!("the circle has {k} cells; a pill has at most 3"),
                "",
            );
            return None;
        }
        let pill = self.cells_of(&self.r.extra)?;
        if k > 1 && !self.values().iter().all(|v| (0..=9).contains(v)) {
            self.error(
                span,
                "a pill reads its cells as the digits of a number, so values must be 0 to 9".into(),
                "",
            );
            return None;
        }
        let ps: Vec<Pos> = self.r.extra.iter().map(|e| e.1).collect();
        let joined = ps.windows(2).all(|w| next_to(w[0], w[1]));
        let first = self.r.cells[0].1;
        if !joined || !ps.iter().any(|&p| next_to(p, first)) {
            self.error(
                span,
                "the circle's cells must touch each other, and the arrow must start next to the circle".into(),
                "",
            );
            return None;
        }
        if pill.iter().any(|c| body.contains(c)) {
            self.error(
                span,
                "a cell is both in the circle and on the arrow".into(),
                "",
            );
            return None;
        }
        let mut cells = pill;
        cells.extend(body);
        Some(RuleKind::Arrow { cells, circle: k })
    }

    fn renban(&mut self, cells: Vec<CellId>) -> Option<RuleKind> {
        let v = self.values();
        let n = cells.len();
        let fits = v.windows(n).any(|w| w[n - 1] - w[0] == n as i64 - 1);
        if !fits {
            self.error(
                None,
                format!("the alphabet has no {n} consecutive values for the line's {n} cells"),
                "shorten the line",
            );
            return None;
        }
        Some(RuleKind::Renban { cells })
    }

    fn whispers(&mut self, cells: Vec<CellId>) -> Option<RuleKind> {
        if self.def().difference.is_invalid() {
            return None;
        }
        let difference = self.def().difference.value().copied().unwrap_or(5);
        let v = self.values();
        if v[v.len() - 1] - v[0] < difference {
            self.error(
                self.def().difference.span(),
                format!("no two values differ by {difference} or more"),
                "lower `difference`",
            );
            return None;
        }
        Some(RuleKind::Whispers { cells, difference })
    }

    fn clone_rule(&mut self, mut cells: Vec<CellId>) -> Option<RuleKind> {
        let span = self.def().copy.span();
        if self.r.extra.is_empty() {
            if !self.def().copy.is_invalid() {
                self.error(
                    None,
                    "a clone needs its `copy`".into(),
                    "e.g. `copy = \"r5c5 r5c6\"`",
                );
            }
            return None;
        }
        let copy = self.cells_of(&self.r.extra)?;
        let a: Vec<Pos> = self.r.cells.iter().map(|e| e.1).collect();
        let b: Vec<Pos> = self.r.extra.iter().map(|e| e.1).collect();
        let offset = |p: Pos, o: Pos| {
            (
                i64::from(p.row) - i64::from(o.row),
                i64::from(p.col) - i64::from(o.col),
            )
        };
        let same = a.len() == b.len()
            && a.iter()
                .zip(&b)
                .all(|(&p, &q)| offset(p, a[0]) == offset(q, b[0]));
        let mut distinct = copy.clone();
        distinct.sort_unstable();
        distinct.dedup();
        if !same || distinct.len() != copy.len() {
            self.error(
                span,
                "`copy` must list as many cells as `cells`, each once, in the same arrangement and order".into(),
                "write the copy's cells in the order of the original's",
            );
            return None;
        }
        let half = cells.len();
        cells.extend(copy);
        Some(RuleKind::Clone { cells, half })
    }

    /// The cells at these positions, each reported when it is not a cell.
    fn cells_of(&mut self, refs: &[(Range<usize>, Pos)]) -> Option<Vec<CellId>> {
        let mut out = Vec::new();
        for (span, p) in refs {
            match self.g.cell_at(*p) {
                Some(c) => out.push(CellId::new(c)),
                None => self.error(
                    Some(span.clone()),
                    format!("{p} is not a cell of the grid"),
                    "",
                ),
            }
        }
        (out.len() == refs.len()).then_some(out)
    }

    fn sequence(&mut self, cells: Vec<CellId>) -> Option<RuleKind> {
        let def = self.def().clone();
        let closed = def.closed.value().copied().unwrap_or(false);
        if cells.len() + usize::from(closed) > crate::solver::sequence::MAX_LEN {
            self.error(
                None,
                format!(
                    "a sequence reads at most {} cells",
                    crate::solver::sequence::MAX_LEN
                ),
                "",
            );
            return None;
        }
        let automaton = self.automaton(&def)?;
        Some(RuleKind::Sequence {
            cells,
            automaton,
            closed,
        })
    }

    fn automaton(&mut self, def: &RuleDef) -> Option<Automaton> {
        if def.regex.is_present() {
            return self.regex(def);
        }
        let (Field::Valid(start), Field::Valid(accept), Field::Valid(moves)) =
            (&def.start, &def.accept, &def.transitions)
        else {
            if [
                def.start.is_invalid(),
                def.accept.is_invalid(),
                def.transitions.is_invalid(),
            ]
            .contains(&true)
            {
                return None;
            }
            self.error(
                None,
                "a sequence needs a `regex`, or `start`, `accept` and `transitions`".into(),
                "e.g. `regex = \"1?2?3?4?5?6?7?8?9?\"`, or `start = \"s\"`, `accept = \"s\"`, `transitions = [\"s 1-9 s\"]`",
            );
            return None;
        };
        let mut states: Vec<String> = match def.states.value() {
            Some(s) => s.split_whitespace().map(String::from).collect(),
            None => Vec::new(),
        };
        let declared = def.states.is_present();
        let before = self.diags.len();
        let mut state = |name: &str, span: Range<usize>, this: &mut Self| -> usize {
            if let Some(i) = states.iter().position(|s| s == name) {
                return i;
            }
            if declared {
                this.error(
                    Some(span),
                    format!("`{name}` is not one of the `states`"),
                    "",
                );
            }
            states.push(name.to_string());
            states.len() - 1
        };
        let start_state = state(start.get_ref().trim(), start.span(), self);
        let accepting: Vec<usize> = accept
            .get_ref()
            .split_whitespace()
            .map(|a| state(a, accept.span(), self))
            .collect();
        let mut transitions = Vec::new();
        for m in moves.get_ref() {
            let parts: Vec<&str> = m.get_ref().split_whitespace().collect();
            let values = match parts.as_slice() {
                [_, v, _] => parse_values(v),
                _ => None,
            };
            let Some(values) = values else {
                self.error(
                    Some(m.span()),
                    format!("`{}` is not a move `FROM VALUES TO`", m.get_ref()),
                    "e.g. \"low 6-9 high\"; values as a list like 1-3,5 or * for any",
                );
                continue;
            };
            let from = state(parts[0], m.span(), self);
            let to = state(parts[2], m.span(), self);
            transitions.push(Transition::new(from, to, values));
        }
        if states.len() > MAX_STATES {
            self.error(
                moves.span().into(),
                format!(
                    "{} states; a sequence has at most {MAX_STATES}",
                    states.len()
                ),
                "",
            );
            return None;
        }
        if self.diags.len() > before {
            return None;
        }
        Automaton::new(states, start_state, accepting, transitions).ok()
    }
}

impl Ctx<'_> {
    /// A relation: its `allowed` rows, each one value set per cell (a value, a range, `*`),
    /// spelt out into the tuples of the alphabet's values they cover. A row of the wrong
    /// length, an unreadable value or one no symbol has is an error at the row.
    fn relation(&mut self, cells: Vec<CellId>) -> Option<RuleKind> {
        use crate::constraint::{RELATION_MAX_CELLS, RELATION_MAX_TUPLES};
        let def = self.def().clone();
        if cells.len() > RELATION_MAX_CELLS {
            self.error(
                None,
                format!(
                    "a relation relates at most {RELATION_MAX_CELLS} cells, and this one lists {}",
                    cells.len()
                ),
                "split it into relations over fewer cells",
            );
            return None;
        }
        let rows = match &def.allowed {
            Field::Valid(rows) => rows.get_ref().clone(),
            Field::Invalid => return None,
            Field::Absent => {
                self.error(
                    None,
                    "a relation needs `allowed`, the value tuples its cells may hold".into(),
                    "e.g. `allowed = [\"1 2\", \"2 4\", \"3 6\"]`: one value (or a range like 1-3, or *) per cell, in the order of `cells`",
                );
                return None;
            }
        };
        let values = self.values();
        let before = self.diags.len();
        let mut allowed: Vec<Vec<i64>> = Vec::new();
        for row in &rows {
            let parts: Vec<&str> = row.get_ref().split_whitespace().collect();
            if parts.len() != cells.len() {
                self.error(
                    Some(row.span()),
                    format!(
                        "`{}` has {} values for {} cells",
                        row.get_ref(),
                        parts.len(),
                        cells.len()
                    ),
                    "write one value, range or * per cell, separated by spaces",
                );
                continue;
            }
            let mut sets: Vec<Vec<i64>> = Vec::with_capacity(parts.len());
            for p in &parts {
                let Some(ranges) = parse_values(p) else {
                    self.error(
                        Some(row.span()),
                        format!("`{p}` is not a value, a list like 1-3,5, or *"),
                        "",
                    );
                    break;
                };
                let set: Vec<i64> = (values.iter().copied())
                    .filter(|v| ranges.iter().any(|&(a, b)| a <= *v && *v <= b))
                    .collect();
                if set.is_empty() {
                    self.error(
                        Some(row.span()),
                        format!("`{p}` names no value of the alphabet"),
                        "",
                    );
                    break;
                }
                sets.push(set);
            }
            if sets.len() != parts.len() {
                continue;
            }
            let spelt = sets.iter().try_fold(1usize, |n, s| n.checked_mul(s.len()));
            if spelt.is_none_or(|n| allowed.len().saturating_add(n) > RELATION_MAX_TUPLES) {
                self.error(
                    Some(row.span()),
                    format!("the relation allows more than {RELATION_MAX_TUPLES} tuples of values"),
                    "relate fewer cells, or narrow the ranges",
                );
                return None;
            }
            // The product of the sets, first cell slowest.
            let mut tuples: Vec<Vec<i64>> = vec![Vec::new()];
            for set in &sets {
                tuples = (tuples.iter())
                    .flat_map(|t| set.iter().map(move |&v| [t.as_slice(), &[v]].concat()))
                    .collect();
            }
            allowed.extend(tuples);
        }
        if self.diags.len() > before {
            return None;
        }
        allowed.sort_unstable();
        allowed.dedup();
        if allowed.is_empty() {
            self.error(
                None,
                "`allowed` lists no tuple, so the rule can never hold".into(),
                "",
            );
            return None;
        }
        Some(RuleKind::Relation { cells, allowed })
    }

    /// A sequence written as a regular expression; the automaton's own keys may not be given
    /// with it.
    fn regex(&mut self, def: &RuleDef) -> Option<Automaton> {
        let others = [
            ("states", def.states.span()),
            ("start", def.start.span()),
            ("accept", def.accept.span()),
            ("transitions", def.transitions.span()),
        ];
        if let Some((key, span)) = others.into_iter().find(|(_, s)| s.is_some()) {
            self.error(
                span,
                format!("`{key}` describes an automaton, but the rule already has a `regex`"),
                "give either `regex` or `start`, `accept` and `transitions`",
            );
            return None;
        }
        let pattern = def.regex.valid()?;
        match regex::compile(pattern.get_ref(), self.g.symbols()) {
            Ok(a) => Some(a),
            Err(e) => {
                let text = Text::new(&self.r.src.text, pattern.span(), pattern.get_ref());
                let span = text.at(e.at.start, e.at.len().max(1));
                self.error(
                    Some(span),
                    format!("bad `regex`: {}", e.message),
                    "symbols, `|`, `( )`, `*`, `+`, `?`, `{m,n}`, `.` and classes like `[1-5]` or `[^9]`",
                );
                None
            }
        }
    }
}

/// Values as written in a move: `*`, or a comma-separated list of values and ranges (`1-3`,
/// `-2..2`, `5`).
fn parse_values(text: &str) -> Option<Vec<(i64, i64)>> {
    if text == "*" {
        return Some(vec![(i64::MIN, i64::MAX)]);
    }
    text.split(',')
        .map(|item| {
            let (a, b) = match item.split_once("..") {
                Some(ab) => ab,
                None => match item[1.min(item.len())..].find('-') {
                    Some(i) => (&item[..i + 1], &item[i + 2..]),
                    None => (item, item),
                },
            };
            let (a, b) = (a.parse::<i64>().ok()?, b.parse::<i64>().ok()?);
            (a <= b).then_some((a, b))
        })
        .collect()
}

/// Whether two cells touch, orthogonally or diagonally.
pub(super) fn next_to(a: Pos, b: Pos) -> bool {
    a != b && a.row.abs_diff(b.row) <= 1 && a.col.abs_diff(b.col) <= 1
}

#[cfg(test)]
mod tests {
    use super::parse_values;

    #[test]
    fn move_values_read_lists_and_ranges() {
        assert_eq!(parse_values("1-3,5"), Some(vec![(1, 3), (5, 5)]));
        assert_eq!(parse_values("-2..2"), Some(vec![(-2, 2)]));
        assert_eq!(parse_values("-4"), Some(vec![(-4, -4)]));
        assert_eq!(parse_values("3-1"), None);
        assert_eq!(parse_values("x"), None);
    }
}
