//! Marks between cells (kropki dots, difference and ratio dots, X and V) and `nonconsecutive`,
//! written as f-puzzles means them. The positive marks map one to one: `difference` dots
//! (value 1 unless written), `ratio` dots (2 unless written), `xv` letters (X = 10, V = 5).
//! The negative constraints are another matter. f-puzzles has three, and what they cover is
//! not what a shapedoku rule's `negative` covers:
//!
//! - `nonconsecutive`: neighbours with neither a difference nor a ratio dot between them do
//!   not differ by 1 (the negative constraint of the white dots);
//! - `negative: ["ratio"]`: neighbours with neither kind of dot are in none of the ratios the
//!   ratio dots use (2 when there are none);
//! - `negative: ["xv"]`: neighbours without an X or V add up to neither 10 nor 5.
//!
//! Rather than reason about which shapedoku rules these equal, the flags are chosen from the
//! rules and then checked: for every pair of neighbours, the value pairs shapedoku allows
//! (every mark and negative constraint on the pair, and `nonconsecutive`) must be the value
//! pairs f-puzzles allows with the marks and flags written. Anywhere they differ, the rules
//! are refused, with the pair and values that show it.

use super::Refused;
use super::layout::Layout;
use super::payload::Payload;
use crate::constraint::{Constraint, PairLaw, Relation, RuleKind};
use crate::{CellId, Geometry};
use serde_json::json;
use std::collections::HashMap;

/// The marks and `nonconsecutive` rules of a puzzle, gathered to be written together.
#[derive(Debug, Default)]
pub(super) struct Marks<'a> {
    rules: Vec<&'a Constraint>,
}

/// One f-puzzles mark family: the marks on each pair, and where each pair was first met.
#[derive(Debug, Default)]
struct Family {
    /// (the two cells as written, the mark's number), in the order met.
    marks: Vec<([CellId; 2], i64)>,
}

impl Family {
    fn on(&self, a: usize, b: usize) -> Option<i64> {
        self.marks
            .iter()
            .find(|(cells, _)| {
                let (x, y) = (cells[0].index(), cells[1].index());
                (x, y) == (a, b) || (y, x) == (a, b)
            })
            .map(|m| m.1)
    }
}

/// What f-puzzles would write for the marks.
#[derive(Debug, Default)]
struct Written {
    difference: Family,
    ratio: Family,
    xv: Family,
    nonconsecutive: bool,
    negative_ratio: bool,
    negative_xv: bool,
}

/// The marks of one pair of neighbours, as f-puzzles would hold them.
#[derive(Debug, Clone, Copy)]
struct OnPair {
    difference: Option<i64>,
    ratio: Option<i64>,
    xv: Option<i64>,
}

impl Written {
    /// The marks on the neighbours `a`, `b`.
    fn on(&self, a: usize, b: usize) -> OnPair {
        OnPair {
            difference: self.difference.on(a, b),
            ratio: self.ratio.on(a, b),
            xv: self.xv.on(a, b),
        }
    }

    /// The ratios the negative ratio forbids: those the ratio dots use, 2 when there are none.
    fn negated_ratios(&self) -> Vec<i64> {
        let mut used: Vec<i64> = self.ratio.marks.iter().map(|m| m.1).collect();
        used.sort_unstable();
        used.dedup();
        if used.is_empty() {
            used.push(2);
        }
        used
    }

    /// Whether f-puzzles allows the values `x` and `y` on neighbours with the marks `m`;
    /// `ratios` are [`Written::negated_ratios`].
    fn allows(&self, m: OnPair, ratios: &[i64], x: i64, y: i64) -> bool {
        let ratio = |k: i64| x * k == y || y * k == x;
        if m.difference.is_some_and(|d| (x - y).abs() != d) || m.ratio.is_some_and(|k| !ratio(k)) {
            return false;
        }
        if m.xv.is_some_and(|s| x + y != s) {
            return false;
        }
        let dotted = m.difference.is_some() || m.ratio.is_some();
        if !dotted && self.nonconsecutive && (x - y).abs() == 1 {
            return false;
        }
        if !dotted && self.negative_ratio && ratios.iter().any(|&k| ratio(k)) {
            return false;
        }
        !(m.xv.is_none() && self.negative_xv && (x + y == 10 || x + y == 5))
    }
}

impl<'a> Marks<'a> {
    /// Adds a `Marks` or `Nonconsecutive` rule.
    pub(super) fn add(&mut self, c: &'a Constraint) {
        self.rules.push(c);
    }

    /// Writes the marks and flags, or refuses the rules f-puzzles cannot say the same of.
    pub(super) fn finish(
        self,
        g: &Geometry,
        layout: &Layout,
        p: &mut Payload,
        refused: &mut Vec<Refused>,
    ) {
        if self.rules.is_empty() {
            return;
        }
        let mut w = Written::default();
        let before = refused.len();
        for c in &self.rules {
            match &c.kind {
                RuleKind::Nonconsecutive => w.nonconsecutive = true,
                RuleKind::Marks { marks, negative } => {
                    for m in marks {
                        add_mark(g, &mut w, c, m.cells, m.relation, refused);
                    }
                    for r in negative {
                        match r {
                            Relation::Difference(1) => w.nonconsecutive = true,
                            Relation::Ratio(_) => w.negative_ratio = true,
                            Relation::Sum(5 | 10) => w.negative_xv = true,
                            // Checked below: f-puzzles has no such negative constraint, so the
                            // check refuses it wherever an unmarked pair meets the relation.
                            _ => {}
                        }
                    }
                }
                _ => {}
            }
        }
        if refused.len() > before {
            return;
        }
        if let Some(why) = first_difference(g, layout, &self.rules, &w) {
            let negatives: Vec<String> = (self.rules.iter())
                .filter(|c| match &c.kind {
                    RuleKind::Marks { negative, .. } => !negative.is_empty(),
                    _ => true,
                })
                .map(|c| format!("`{}`", c.name))
                .collect();
            refused.push(Refused::new(
                negatives.join(" and "),
                format!(
                    "f-puzzles' negative constraints would mean something else: `nonconsecutive` and the negative ratio cover only neighbours with neither a white nor a black dot, and forbid every ratio the black dots use; the negative XV covers neighbours without an X or V. {why}"
                ),
            ));
            return;
        }
        write(g, layout, p, &w);
    }
}

/// Files one mark under its f-puzzles family, refusing one the format has no mark for, or a
/// second, different mark of the same family on a pair.
fn add_mark(
    g: &Geometry,
    w: &mut Written,
    c: &Constraint,
    cells: [CellId; 2],
    rel: Relation,
    refused: &mut Vec<Refused>,
) {
    let pair = format!("{} {}", g.pos(cells[0].index()), g.pos(cells[1].index()));
    let (family, number, label) = match rel {
        Relation::Difference(d) if d >= 1 => (&mut w.difference, d, "difference"),
        Relation::Ratio(k) if k >= 1 => (&mut w.ratio, k, "ratio"),
        Relation::Sum(s @ (5 | 10)) => (&mut w.xv, s, "X or V"),
        Relation::Sum(s) => {
            refused.push(Refused::new(
                format!("`{}`", c.name),
                format!("the mark on {pair} says the two add up to {s}; f-puzzles' sum marks are X (10) and V (5)"),
            ));
            return;
        }
        other => {
            refused.push(Refused::new(
                format!("`{}`", c.name),
                format!(
                    "the mark on {pair} ({}) has no f-puzzles dot",
                    other.label()
                ),
            ));
            return;
        }
    };
    match family.on(cells[0].index(), cells[1].index()) {
        Some(x) if x == number => {}
        Some(x) => refused.push(Refused::new(
            format!("`{}`", c.name),
            format!("{pair} carries two {label} marks ({x} and {number}); f-puzzles holds one of a kind per pair"),
        )),
        None => family.marks.push((cells, number)),
    }
}

/// Where f-puzzles, with the marks and flags of `w`, would allow other values than the rules
/// do: the first pair of neighbours that shows it, said in words.
fn first_difference(
    g: &Geometry,
    layout: &Layout,
    rules: &[&Constraint],
    w: &Written,
) -> Option<String> {
    // The laws of the rules on each pair, oriented from the lower cell.
    let mut laws: HashMap<(usize, usize), Vec<(bool, PairLaw)>> = HashMap::new();
    for c in rules {
        for (a, b, law) in c.pair_laws(g).unwrap_or_default() {
            let (a, b) = (a.index(), b.index());
            laws.entry((a.min(b), a.max(b)))
                .or_default()
                .push((a > b, law));
        }
    }
    let values = g.symbols().values();
    let n = layout.n as usize;
    let ratios = w.negated_ratios();
    for a in 0..g.cell_count() {
        let (r, c) = layout.rc(g, CellId::new(a));
        let right = layout.cell(g, i64::from(r), i64::from(c) + 1);
        let below = layout.cell(g, i64::from(r) + 1, i64::from(c));
        for b in [right, below].into_iter().flatten().map(CellId::index) {
            let ours = laws.get(&(a, b)).map_or(&[][..], Vec::as_slice);
            let marks = w.on(a, b);
            for x in 0..n as u8 {
                for y in (0..n as u8).filter(|&y| y != x) {
                    let shapedoku = ours.iter().all(|(flip, law)| match flip {
                        false => law.allows(values, x, y),
                        true => law.allows(values, y, x),
                    });
                    let (vx, vy) = (values[x as usize], values[y as usize]);
                    if shapedoku != w.allows(marks, &ratios, vx, vy) {
                        let (yes, no) = if shapedoku {
                            ("shapedoku allows", "f-puzzles would not")
                        } else {
                            ("f-puzzles would allow", "shapedoku does not")
                        };
                        return Some(format!(
                            "At {} = {vx} and {} = {vy} {yes} what {no}.",
                            g.pos(a),
                            g.pos(b)
                        ));
                    }
                }
            }
        }
    }
    None
}

/// Writes the marks as f-puzzles does: the default number of a dot left out.
fn write(g: &Geometry, layout: &Layout, p: &mut Payload, w: &Written) {
    let cells = |c: &[CellId; 2]| [layout.name(g, c[0]), layout.name(g, c[1])];
    for (c, d) in &w.difference.marks {
        let entry = match d {
            1 => json!({"cells": cells(c)}),
            d => json!({"cells": cells(c), "value": d.to_string()}),
        };
        p.push("difference", entry);
    }
    for (c, k) in &w.ratio.marks {
        let entry = match k {
            2 => json!({"cells": cells(c)}),
            k => json!({"cells": cells(c), "value": k.to_string()}),
        };
        p.push("ratio", entry);
    }
    for (c, s) in &w.xv.marks {
        let letter = if *s == 10 { "X" } else { "V" };
        p.push("xv", json!({"cells": cells(c), "value": letter}));
    }
    if w.nonconsecutive {
        p.set("nonconsecutive", json!(true));
    }
    for (on, key) in [(w.negative_ratio, "ratio"), (w.negative_xv, "xv")] {
        if on {
            p.push("negative", json!(key));
            // f-puzzles writes the list of a negated constraint even when it has no marks.
            if !p.has(key) {
                p.set(key, json!([]));
            }
        }
    }
}
