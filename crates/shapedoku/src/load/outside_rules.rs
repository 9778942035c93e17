//! Stage 3 for the outside clues (`sandwich`, `x-sum`, `skyscraper`) and `indexing`: their
//! keys read into a [`RuleKind`] once the geometry is built, with the checks each needs (a
//! clue outside the grid whose row or column enters it, a clue some values can reach, an
//! indexing cell whose position is a value). Every problem points at the key or the table.

use super::source::Diagnostic;
use super::state::RuleIn;
use crate::constraint::outside::{DEAD, Layers};
use crate::constraint::{Constraint, RuleKind};
use crate::{CellId, Geometry, Pos, Rule, ShapeKind};
use std::collections::HashSet;
use std::ops::Range;

/// The types this file reads.
pub(super) fn handles(kind: &str) -> bool {
    matches!(
        kind,
        "sandwich" | "x-sum" | "skyscraper" | "indexing" | "numbered-room" | "hidden-skyscraper"
    )
}

/// The rule `r` (one of the types above; `cells` are an indexing rule's cells, already
/// checked), or `None` with its problems in `diags`.
pub(super) fn compile(
    r: &RuleIn,
    g: &Geometry,
    cells: Vec<CellId>,
    diags: &mut Vec<Diagnostic>,
) -> Option<Constraint> {
    let mut c = Ctx { r, g, diags };
    if !c.has_values() {
        let symbols = g.symbols().as_string();
        c.error(
            None,
            format!("this rule reads values, but the alphabet `{symbols}` has no `values`"),
            "give the symbols values, e.g. `values = [1, 2, 3, 4]`",
        );
        return None;
    }
    match r.kind.as_str() {
        "indexing" => c.indexing(cells),
        _ => c.clue(),
    }
}

struct Ctx<'a> {
    r: &'a RuleIn,
    g: &'a Geometry,
    diags: &'a mut Vec<Diagnostic>,
}

/// The four ways a clue's row or column can run from it, by name.
const DIRECTIONS: [(&str, (i64, i64)); 4] = [
    ("down", (1, 0)),
    ("up", (-1, 0)),
    ("right", (0, 1)),
    ("left", (0, -1)),
];

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

    /// Whether the symbols have values to do arithmetic with: written `values`, or digits.
    fn has_values(&self) -> bool {
        self.g.symbols().has_numeric_values()
    }

    fn cell(&self, p: (i64, i64)) -> Option<usize> {
        let (r, c) = (u32::try_from(p.0).ok()?, u32::try_from(p.1).ok()?);
        self.g.cell_at(Pos::new(r, c))
    }

    /// The clue's number: `count` for a skyscraper, `total` for the others.
    fn number(&mut self) -> Option<(i64, Option<Range<usize>>)> {
        let def = &self.r.def;
        let (field, key, eg) = match self.r.kind.as_str() {
            "skyscraper" => (&def.count, "count", "count = 3"),
            "numbered-room" | "hidden-skyscraper" => (&def.value, "value", "value = 7"),
            _ => (&def.total, "total", "total = 15"),
        };
        if let Some(&n) = field.value() {
            return Some((n, field.span()));
        }
        if !field.is_invalid() {
            let kind = self.r.kind.clone();
            self.error(
                None,
                format!("a `{kind}` clue needs `{key}` and `at`"),
                &format!("e.g. `at = [0, 3]`, `{eg}`"),
            );
        }
        None
    }

    fn clue(&mut self) -> Option<Constraint> {
        let (number, number_span) = self.number()?;
        let def = self.r.def.clone();
        let Some(at) = def.at.value() else {
            if !def.at.is_invalid() {
                self.error(
                    None,
                    "the clue needs `at`, where it is written outside the grid".into(),
                    "e.g. `at = [0, 3]` above column 3, `at = [3, 0]` left of row 3",
                );
            }
            return None;
        };
        let &[row, col] = at.as_slice() else {
            self.error(def.at.span(), "`at` is `[row, col]`".into(), "");
            return None;
        };
        let clue = Pos::new(row.max(0) as u32, col.max(0) as u32);
        if row < 0 || col < 0 || self.cell((row, col)).is_some() {
            self.error(
                def.at.span(),
                format!("the clue at [{row}, {col}] must lie outside the cells"),
                "put the clue next to the grid, just before the row or column it reads",
            );
            return None;
        }
        let (name, step) = self.direction((row, col))?;
        let mut cells = Vec::new();
        let mut p = (row + step.0, col + step.1);
        while let Some(c) = self.cell(p) {
            cells.push(CellId::new(c));
            p = (p.0 + step.0, p.1 + step.1);
        }
        if self.r.kind == "numbered-room" {
            return self.numbered_room(cells, number, number_span, (clue.row, clue.col), name);
        }
        if self.r.kind == "hidden-skyscraper" {
            return self.hidden_skyscraper(cells, number, number_span, (clue.row, clue.col), name);
        }
        let kind = match self.r.kind.as_str() {
            "sandwich" => {
                let (lo, hi) = self.extremes();
                if lo == hi {
                    self.error(None, "a sandwich needs at least two values".into(), "");
                    return None;
                }
                RuleKind::Sandwich {
                    cells,
                    total: number,
                    clue: (clue.row, clue.col),
                }
            }
            "x-sum" => RuleKind::XSum {
                cells,
                total: number,
                clue: (clue.row, clue.col),
            },
            _ => RuleKind::Skyscraper {
                cells,
                count: number,
                clue: (clue.row, clue.col),
            },
        };
        // One alternative of an `any` may well be one that never holds.
        if !self.r.alternative && !self.reachable(&kind) {
            let key = if self.r.kind == "skyscraper" {
                "count"
            } else {
                "total"
            };
            let help = self.reachable_help(&kind);
            self.error(
                number_span,
                format!("no values along the {name} line from the clue give {key} {number}"),
                &help,
            );
            return None;
        }
        Some(self.named(kind, number, name))
    }

    /// The clue as a rule, with its `name`, or one saying its type, number and where it reads
    /// (`skyscraper 3 above c4`, `dir` the way it reads).
    fn named(&self, kind: RuleKind, number: i64, dir: &str) -> Constraint {
        let name = match self.r.def.name.value() {
            Some(n) => n.clone(),
            None => default_name(&self.r.kind, number, &kind, self.g, dir),
        };
        Constraint::new(&name, kind)
    }

    /// A hidden skyscraper: `value` must be a value of the alphabet (whether some cell can
    /// hide behind it is for the solver to find out).
    fn hidden_skyscraper(
        &mut self,
        cells: Vec<CellId>,
        value: i64,
        span: Option<Range<usize>>,
        clue: (u32, u32),
        dir: &str,
    ) -> Option<Constraint> {
        let values = self.g.symbols().values().to_vec();
        if !values.contains(&value) {
            self.error(
                span,
                format!("the first hidden cell cannot hold {value}, which no symbol is worth"),
                "the value must be one of the alphabet's",
            );
            return None;
        }
        let Some(kind) = RuleKind::hidden_skyscraper(cells, value, clue, &values) else {
            self.error(
                None,
                "the alphabet has too many distinct values for a hidden skyscraper clue".into(),
                "at most 62 distinct values",
            );
            return None;
        };
        Some(self.named(kind, value, dir))
    }

    /// A numbered room: some value N of the alphabet between 1 and the line's length must
    /// be able to name a cell that holds `value` (N = 1 only when `value` is 1), and `value`
    /// must be a value of the alphabet.
    fn numbered_room(
        &mut self,
        cells: Vec<CellId>,
        value: i64,
        span: Option<Range<usize>>,
        clue: (u32, u32),
        dir: &str,
    ) -> Option<Constraint> {
        let values = self.g.symbols().values();
        let len = cells.len() as i64;
        let names = values
            .iter()
            .any(|&n| (2..=len).contains(&n) || n == 1 && value == 1);
        if !values.contains(&value) || !names {
            self.error(
                span,
                format!("no values along the {dir} line from the clue can put {value} in the cell the first one names"),
                "the value must be one of the alphabet's, and some value from 1 to the line's length must name a cell",
            );
            return None;
        }
        let kind = RuleKind::NumberedRoom { cells, value, clue };
        Some(self.named(kind, value, dir))
    }

    /// The alphabet's smallest and largest value.
    fn extremes(&self) -> (i64, i64) {
        let v = self.g.symbols().values();
        let lo = v.iter().copied().min().unwrap_or(0);
        (lo, v.iter().copied().max().unwrap_or(lo))
    }

    /// Which way the clue's line runs: `direction`, or the one way from the clue into a cell.
    fn direction(&mut self, at: (i64, i64)) -> Option<(&'static str, (i64, i64))> {
        let def = self.r.def.clone();
        if let Some(d) = def.direction.value() {
            let found = DIRECTIONS.iter().find(|x| x.0 == d).copied();
            let Some((name, step)) = found else {
                self.error(
                    def.direction.span(),
                    format!("`{d}` is not a direction"),
                    "directions: down, up, right, left",
                );
                return None;
            };
            if self.cell((at.0 + step.0, at.1 + step.1)).is_none() {
                self.error(
                    def.direction.span(),
                    format!("going {name} from the clue does not enter the grid"),
                    "the first step from the clue must land on a cell",
                );
                return None;
            }
            return Some((name, step));
        }
        if def.direction.is_invalid() {
            return None;
        }
        let ways: Vec<(&str, (i64, i64))> = DIRECTIONS
            .iter()
            .copied()
            .filter(|(_, s)| self.cell((at.0 + s.0, at.1 + s.1)).is_some())
            .collect();
        match ways.as_slice() {
            [one] => Some(*one),
            [] => {
                self.error(
                    def.at.span(),
                    "the clue is not next to any cell".into(),
                    "put it just above, below, left or right of the grid",
                );
                None
            }
            _ => {
                self.error(
                    def.at.span(),
                    "the clue is next to cells on several sides".into(),
                    "say which way it reads with `direction` (down, up, right, left)",
                );
                None
            }
        }
    }

    /// Whether some values along the line meet the clue: distinct values when the line lies
    /// in one no-repeat shape.
    fn reachable(&self, kind: &RuleKind) -> bool {
        let values = self.g.symbols().values();
        let Some(l) = crate::constraint::outside::layers(kind, values, false, 4096) else {
            // Too large to decide here: the solver finds out.
            return true;
        };
        if !l.reachable() {
            return false;
        }
        if !in_one_house(self.g, kind_cells(kind)) {
            return true;
        }
        let mut failed = HashSet::new();
        let mut budget = 1usize << 20;
        distinct_path(&l, 0, 0, 0, &mut failed, &mut budget)
    }

    /// The clue numbers the line can meet, for the help of an unreachable clue.
    fn reachable_help(&self, kind: &RuleKind) -> String {
        let n = kind_cells(kind).len() as i64;
        let (lo, hi) = self.extremes();
        let range = match kind {
            RuleKind::Skyscraper { .. } => 0..=n,
            _ => (n * lo.min(0))..=(n * hi.max(0)),
        };
        if range.clone().count() > 2000 {
            return String::new();
        }
        let ok: Vec<i64> = range
            .filter(|&t| self.reachable(&with_number(kind, t)))
            .collect();
        match ok.is_empty() {
            true => "no clue can be met on this line".into(),
            false => format!("clues this line can meet: {}", ranges(&ok)),
        }
    }

    fn indexing(&mut self, cells: Vec<CellId>) -> Option<Constraint> {
        let def = self.r.def.clone();
        let pos: Vec<Pos> = cells.iter().map(|c| self.g.pos(c.index())).collect();
        let along = match def.indexes.value() {
            Some(s) => s.clone(),
            None if def.indexes.is_invalid() => return None,
            None if pos.len() > 1 && pos.iter().all(|p| p.col == pos[0].col) => "column".into(),
            None if pos.len() > 1 && pos.iter().all(|p| p.row == pos[0].row) => "row".into(),
            None => {
                self.error(
                    None,
                    "say what the cells index with `indexes`".into(),
                    "`indexes = \"column\"` (a column of the cell's row), \"row\" or \"box\"",
                );
                return None;
            }
        };
        let shape = match along.as_str() {
            "column" => ShapeKind::Row,
            "row" => ShapeKind::Column,
            "box" => ShapeKind::Box,
            other => {
                self.error(
                    def.indexes.span(),
                    format!("`{other}` is not what a cell can index"),
                    "`indexes` is \"column\", \"row\" or \"box\"",
                );
                return None;
            }
        };
        let mut lines = Vec::with_capacity(cells.len());
        for (i, &c) in cells.iter().enumerate() {
            let span = Some(self.r.cells[i].0.clone());
            let Some(line) = line_of(self.g, c, shape) else {
                let p = pos[i];
                self.error(span, format!("{p} is in no {shape:?}").to_lowercase(), "");
                return None;
            };
            let at = line.iter().position(|&x| x == c).unwrap_or(0) as i64 + 1;
            if !self.g.symbols().values().contains(&at) {
                let p = pos[i];
                self.error(
                    span,
                    format!(
                        "{p} is at position {at} of its line, but no symbol has the value {at}"
                    ),
                    "indexing needs the values 1 to the line's length",
                );
                return None;
            }
            lines.push(line);
        }
        let name = def
            .name
            .value()
            .cloned()
            .unwrap_or_else(|| self.r.name.clone());
        Some(Constraint::new(&name, RuleKind::Indexing { cells, lines }))
    }
}

/// The cells of the row, column or box of `c` (the first such shape), in reading order.
fn line_of(g: &Geometry, c: CellId, kind: ShapeKind) -> Option<Vec<CellId>> {
    let s = g
        .shapes_of(c.index())
        .iter()
        .map(|&s| g.shape(s as usize))
        .find(|s| s.kind == kind)?;
    let mut cells: Vec<CellId> = s.cells.iter().map(|&x| CellId::new(x)).collect();
    cells.sort_by_key(|&x| {
        let p = g.pos(x.index());
        (p.row, p.col)
    });
    Some(cells)
}

fn kind_cells(kind: &RuleKind) -> &[CellId] {
    match kind {
        RuleKind::Sandwich { cells, .. }
        | RuleKind::XSum { cells, .. }
        | RuleKind::Skyscraper { cells, .. }
        | RuleKind::HiddenSkyscraper { cells, .. }
        | RuleKind::NumberedRoom { cells, .. } => cells,
        _ => &[],
    }
}

fn with_number(kind: &RuleKind, n: i64) -> RuleKind {
    let mut k = kind.clone();
    match &mut k {
        RuleKind::Sandwich { total, .. } | RuleKind::XSum { total, .. } => *total = n,
        RuleKind::Skyscraper { count, .. } => *count = n,
        _ => {}
    }
    k
}

/// Whether all the cells lie in one no-repeat shape with a symbol per cell at most.
fn in_one_house(g: &Geometry, cells: &[CellId]) -> bool {
    let Some(first) = cells.first() else {
        return false;
    };
    g.symbols().len() <= 64
        && g.shapes_of(first.index()).iter().any(|&s| {
            let shape = g.shape(s as usize);
            shape.rule == Rule::NoRepeat && cells.iter().all(|c| shape.cells.contains(&c.index()))
        })
}

/// Whether some path from state `q` of layer `i` to the end uses no symbol twice (`used` the
/// symbols so far); gives up (saying yes) when the budget runs out.
fn distinct_path(
    l: &Layers,
    i: usize,
    q: u32,
    used: u64,
    failed: &mut HashSet<(usize, u32, u64)>,
    budget: &mut usize,
) -> bool {
    if i == l.next.len() {
        return true;
    }
    if *budget == 0 {
        return true;
    }
    *budget -= 1;
    if failed.contains(&(i, q, used)) {
        return false;
    }
    for s in 0..l.symbols {
        let t = l.next[i][q as usize * l.symbols + s];
        if t != DEAD
            && used >> s & 1 == 0
            && distinct_path(l, i + 1, t, used | 1 << s, failed, budget)
        {
            return true;
        }
    }
    failed.insert((i, q, used));
    false
}

/// `0, 2-35` for a sorted list of numbers.
fn ranges(v: &[i64]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < v.len() {
        let mut j = i;
        while j + 1 < v.len() && v[j + 1] == v[j] + 1 {
            j += 1;
        }
        out.push(match j > i {
            true => format!("{}-{}", v[i], v[j]),
            false => v[i].to_string(),
        });
        i = j + 1;
    }
    out.join(", ")
}

/// `sandwich 15 above c3`, `skyscraper 2 right of r4`: what setters say.
fn default_name(kind: &str, n: i64, rule: &RuleKind, g: &Geometry, dir: &str) -> String {
    let first = kind_cells(rule).first().map(|c| g.pos(c.index()));
    let Some(p) = first else {
        return format!("{kind} {n}");
    };
    match dir {
        "down" => format!("{kind} {n} above c{}", p.col),
        "up" => format!("{kind} {n} below c{}", p.col),
        "right" => format!("{kind} {n} left of r{}", p.row),
        _ => format!("{kind} {n} right of r{}", p.row),
    }
}
