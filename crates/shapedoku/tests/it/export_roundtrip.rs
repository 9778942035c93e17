//! Round trips through the setters' formats: a puzzle file is exported as a link, the link is
//! imported (a puzzle file again), that file exported and imported once more, and every step
//! must keep the same rules (compared by meaning: the value pairs each pair of cells allows,
//! the shapes, the other rules cell by cell), the same givens, the same stated solution and
//! the same solutions. The puzzles are random, built around a planted solution with rules of
//! every kind the exporter writes, each planted so the solution keeps it.
//!
//! The exporter and the importer were written apart, each from the format's readers, so the
//! round trip checks one against the other on every kind: a key either reads differently
//! (`nonconsecutive` as the white dots' negative constraint, a whispers line's `value`, a
//! killer cage without a total, ...) breaks it.

use crate::common;

use common::{cells, walk};
use proptest::prelude::*;
use rand::Rng;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use shapedoku::constraint::{Constraint, RuleKind};
use shapedoku::export::{self, Meta, Target};
use shapedoku::load::{Loaded, load_str};
use shapedoku::solver::Budget;
use shapedoku::{CellId, Geometry, Solver, Verdict};
use std::collections::{BTreeMap, BTreeSet};

type Rng64 = Xoshiro256PlusPlus;

/// A grid to build on: its top-level keys, its tables, its size, and whether it has boxes or
/// regions (a region-sum line needs them).
const BASES: [(&str, &str, u32, bool); 5] = [
    ("variant = \"4x4\"\n", "", 4, true),
    ("variant = \"6x6\"\n", "", 6, true),
    ("variant = \"classic\"\n", "", 9, true),
    // The docs' 6x6 jigsaw: f-puzzles numbers its regions cell by cell.
    (
        "symbols = \"123456\"\n",
        "[[grid]]\nsize = 6\nregions = \"AAABBBACABBBACCCDDECDDDFECEDFFEEEFFF\"\n",
        6,
        true,
    ),
    // No boxes: every cell is in no f-puzzles region.
    ("symbols = \"123456\"\n", "[[grid]]\nsize = 6\n", 6, false),
];

/// The kinds of rule planted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Thermo,
    SlowThermo,
    Kropki,
    KropkiNegative,
    RatioNegative,
    Difference,
    DifferenceNegative,
    Xv,
    XvNegative,
    Odd,
    Even,
    Minimum,
    Maximum,
    Quadruple,
    Arrow,
    DoubleArrow,
    Renban,
    Whispers,
    DutchWhispers,
    Palindrome,
    Between,
    RegionSum,
    Entropic,
    Modular,
    Zipper,
    Clone,
    Sandwich,
    XSum,
    Skyscraper,
    LittleKiller,
    Cage,
    CageWithoutTotal,
    ExtraRegion,
}

const LOCAL: [Kind; 33] = [
    Kind::Thermo,
    Kind::SlowThermo,
    Kind::Kropki,
    Kind::KropkiNegative,
    Kind::RatioNegative,
    Kind::Difference,
    Kind::DifferenceNegative,
    Kind::Xv,
    Kind::XvNegative,
    Kind::Odd,
    Kind::Even,
    Kind::Minimum,
    Kind::Maximum,
    Kind::Quadruple,
    Kind::Arrow,
    Kind::DoubleArrow,
    Kind::Renban,
    Kind::Whispers,
    Kind::DutchWhispers,
    Kind::Palindrome,
    Kind::Between,
    Kind::RegionSum,
    Kind::Entropic,
    Kind::Modular,
    Kind::Zipper,
    Kind::Clone,
    Kind::Sandwich,
    Kind::XSum,
    Kind::Skyscraper,
    Kind::LittleKiller,
    Kind::Cage,
    Kind::CageWithoutTotal,
    Kind::ExtraRegion,
];

/// Rules over the whole grid, planted by solving with them.
const GLOBAL: [&str; 6] = [
    "[[rule]]\ntype = \"anti-knight\"\n",
    "[[rule]]\ntype = \"anti-king\"\n",
    "[[rule]]\ntype = \"nonconsecutive\"\n",
    "[[rule]]\ntype = \"disjoint-groups\"\n",
    "[[shape]]\nname = \"d1\"\ncells = \"DOWN\"\n[[shape]]\nname = \"d2\"\ncells = \"UP\"\n",
    "[[rule]]\ntype = \"indexing\"\ncells = \"COLUMN1\"\n",
];

impl Kind {
    /// The f-puzzles key a rule of this kind is written under.
    fn key(self) -> &'static str {
        match self {
            Kind::Thermo => "thermometer",
            Kind::SlowThermo => "slowthermometer",
            Kind::Kropki | Kind::Difference => "difference",
            Kind::KropkiNegative | Kind::DifferenceNegative => "nonconsecutive",
            Kind::RatioNegative => "negative",
            Kind::Xv => "xv",
            Kind::XvNegative => "negative",
            Kind::Odd => "odd",
            Kind::Even => "even",
            Kind::Minimum => "minimum",
            Kind::Maximum => "maximum",
            Kind::Quadruple => "quadruple",
            Kind::Arrow => "arrow",
            Kind::DoubleArrow => "doublearrow",
            Kind::Renban => "renban",
            Kind::Whispers | Kind::DutchWhispers => "whispers",
            Kind::Palindrome => "palindrome",
            Kind::Between => "betweenline",
            Kind::RegionSum => "regionsumline",
            Kind::Entropic => "entropicline",
            Kind::Modular => "modularline",
            Kind::Zipper => "zipperline",
            Kind::Clone => "clone",
            Kind::Sandwich => "sandwichsum",
            Kind::XSum => "xsum",
            Kind::Skyscraper => "skyscraper",
            Kind::LittleKiller => "littlekillersum",
            Kind::Cage | Kind::CageWithoutTotal => "killercage",
            Kind::ExtraRegion => "extraregion",
        }
    }

    /// The marks of two kinds of dot mean something else together in f-puzzles (its negative
    /// constraints exempt dotted pairs of either kind), so a puzzle has one of these at most.
    fn dots(self) -> bool {
        matches!(
            self,
            Kind::Kropki
                | Kind::KropkiNegative
                | Kind::RatioNegative
                | Kind::Difference
                | Kind::DifferenceNegative
        )
    }
}

/// A planted puzzle: its file, its solution, and the kinds of rule it was given.
struct Planted {
    text: String,
    kinds: Vec<Kind>,
}

/// A cell's value in the planted solution (values are 1..N: the symbols' indices plus one).
fn val(sol: &[u8], c: usize) -> i64 {
    i64::from(sol[c]) + 1
}

fn pos(g: &Geometry, c: usize) -> (u32, u32) {
    let p = g.pos(c);
    (p.row, p.col)
}

fn name(g: &Geometry, c: usize) -> String {
    g.pos(c).to_string()
}

fn pair(g: &Geometry, a: usize, b: usize) -> String {
    format!("\"{} {}\"", name(g, a), name(g, b))
}

/// Every pair of orthogonal neighbours, lower cell first.
fn neighbours(g: &Geometry, n: u32) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for r in 1..=n {
        for c in 1..=n {
            let at = |r: u32, c: u32| g.cell_at(shapedoku::Pos::new(r, c));
            let a = at(r, c).unwrap();
            for b in [at(r, c + 1), at(r + 1, c)].into_iter().flatten() {
                out.push((a, b));
            }
        }
    }
    out
}

/// Whether the rule holds on the planted solution.
fn holds(g: &Geometry, sol: &[u8], kind: RuleKind) -> bool {
    Constraint::new("t", kind).holds(g, &|c: CellId| sol.get(c.index()).copied())
}

/// A random line of 2 to `max` touching cells.
fn line(rng: &mut Rng64, n: u32, max: usize) -> Vec<(u32, u32)> {
    let start = (rng.random_range(1..=n), rng.random_range(1..=n));
    let len = rng.random_range(1..max);
    let turns: Vec<u8> = (0..len).map(|_| rng.random_range(0..8)).collect();
    walk(n, start, &turns)
}

fn ids(g: &Geometry, l: &[(u32, u32)]) -> Vec<CellId> {
    l.iter()
        .map(|&(r, c)| CellId::new(g.cell_at(shapedoku::Pos::new(r, c)).unwrap()))
        .collect()
}

/// A line rule of `kind` that holds on the solution, found among random lines.
fn planted_line(g: &Geometry, sol: &[u8], n: u32, rng: &mut Rng64, kind: Kind) -> Option<String> {
    for _ in 0..400 {
        let l = line(rng, n, if kind == Kind::Arrow { 5 } else { 6 });
        if l.len() < 2 {
            continue;
        }
        let cells_of = ids(g, &l);
        let half = n.div_ceil(2) as i64;
        let (rule, text) = match kind {
            Kind::Thermo => (
                RuleKind::Thermo { cells: cells_of },
                "type = \"thermo\"".to_string(),
            ),
            Kind::SlowThermo => (
                RuleKind::SlowThermo { cells: cells_of },
                "type = \"slow-thermo\"".into(),
            ),
            Kind::DoubleArrow if l.len() >= 3 => (
                RuleKind::DoubleArrow { cells: cells_of },
                "type = \"double-arrow\"".into(),
            ),
            Kind::Renban => (
                RuleKind::Renban { cells: cells_of },
                "type = \"renban\"".into(),
            ),
            // German whispers: the engine's default difference is 5, f-puzzles' half the size.
            Kind::Whispers => (
                RuleKind::Whispers {
                    cells: cells_of,
                    difference: half,
                },
                format!("type = \"whispers\"\ndifference = {half}"),
            ),
            Kind::DutchWhispers if half > 1 => (
                RuleKind::Whispers {
                    cells: cells_of,
                    difference: half - 1,
                },
                format!("type = \"whispers\"\ndifference = {}", half - 1),
            ),
            Kind::Palindrome => (
                RuleKind::Palindrome { cells: cells_of },
                "type = \"palindrome\"".into(),
            ),
            Kind::Between if l.len() >= 3 => (
                RuleKind::Between { cells: cells_of },
                "type = \"between\"".into(),
            ),
            Kind::RegionSum => (
                RuleKind::RegionSum { cells: cells_of },
                "type = \"region-sum\"".into(),
            ),
            Kind::Entropic if n % 3 == 0 => (
                RuleKind::Entropic { cells: cells_of },
                "type = \"entropic\"".into(),
            ),
            Kind::Modular => (
                RuleKind::Modular { cells: cells_of },
                "type = \"modular\"".into(),
            ),
            Kind::Zipper => (
                RuleKind::Zipper { cells: cells_of },
                "type = \"zipper\"".into(),
            ),
            Kind::Arrow => {
                // A circle of one cell, the rest the arrow (pills need values 0-9 only: n <= 9).
                let c0 = cells_of[0].index();
                let shaft: i64 = cells_of[1..].iter().map(|c| val(sol, c.index())).sum();
                if shaft != val(sol, c0) {
                    continue;
                }
                let text = format!(
                    "type = \"arrow\"\ncircle = \"{}\"\ncells = \"{}\"",
                    name(g, c0),
                    cells(&l[1..])
                );
                return Some(text);
            }
            _ => return None,
        };
        if holds(g, sol, rule) {
            return Some(format!("{text}\ncells = \"{}\"", cells(&l)));
        }
    }
    None
}

/// The marks of the solution's pairs meeting `rel`, all of them when the rule is negative
/// (the negative constraint needs every such pair marked), else a random part.
fn marked(
    g: &Geometry,
    sol: &[u8],
    n: u32,
    rng: &mut Rng64,
    all: bool,
    rel: impl Fn(i64, i64) -> bool,
) -> Vec<String> {
    neighbours(g, n)
        .into_iter()
        .filter(|&(a, b)| rel(val(sol, a), val(sol, b)))
        .filter(|_| all || rng.random_bool(0.5))
        .map(|(a, b)| pair(g, a, b))
        .collect()
}

fn list(marks: &[String]) -> String {
    format!("[{}]", marks.join(", "))
}

/// A rule of `kind` that holds on the solution, as a `[[rule]]` (or `[[cage]]`, `[[shape]]`)
/// table; `None` when none was found.
fn plant(g: &Geometry, sol: &[u8], n: u32, rng: &mut Rng64, kind: Kind) -> Option<String> {
    let white = |a: i64, b: i64| (a - b).abs() == 1;
    let black = |a: i64, b: i64| a == 2 * b || b == 2 * a;
    let cells_where = |p: &dyn Fn(usize) -> bool| -> Vec<usize> {
        (0..g.cell_count()).filter(|&c| p(c)).collect()
    };
    let rule = |body: String| Some(format!("[[rule]]\n{body}\n"));
    match kind {
        Kind::Kropki | Kind::KropkiNegative => {
            let all = kind == Kind::KropkiNegative;
            let w = marked(g, sol, n, rng, all, white);
            let b = marked(g, sol, n, rng, all, black);
            if w.is_empty() && b.is_empty() && !all {
                return None;
            }
            rule(format!(
                "type = \"kropki\"\nwhite = {}\nblack = {}\nnegative = {all}",
                list(&w),
                list(&b)
            ))
        }
        Kind::RatioNegative => rule(format!(
            "type = \"ratio\"\npairs = {}\nnegative = true",
            list(&marked(g, sol, n, rng, true, black))
        )),
        Kind::Difference | Kind::DifferenceNegative => {
            let all = kind == Kind::DifferenceNegative;
            // f-puzzles negates only the white dots' difference of 1.
            let d = if all { 1 } else { rng.random_range(1..=3) };
            let m = marked(g, sol, n, rng, all, |a, b| (a - b).abs() == d);
            if m.is_empty() && !all {
                return None;
            }
            rule(format!(
                "type = \"difference\"\nvalue = {d}\npairs = {}\nnegative = {all}",
                list(&m)
            ))
        }
        Kind::Xv | Kind::XvNegative => {
            let all = kind == Kind::XvNegative;
            let x = marked(g, sol, n, rng, all, |a, b| a + b == 10);
            let v = marked(g, sol, n, rng, all, |a, b| a + b == 5);
            if x.is_empty() && v.is_empty() && !all {
                return None;
            }
            rule(format!(
                "type = \"xv\"\nx = {}\nv = {}\nnegative = {all}",
                list(&x),
                list(&v)
            ))
        }
        Kind::Odd | Kind::Even => {
            let odd = kind == Kind::Odd;
            let pick: Vec<usize> = cells_where(&|c| (val(sol, c) % 2 == 1) == odd)
                .into_iter()
                .filter(|_| rng.random_bool(0.2))
                .collect();
            let key = if odd { "odd" } else { "even" };
            let t: String = (pick.iter())
                .map(|&c| format!("[[rule]]\ntype = \"{key}\"\ncells = \"{}\"\n", name(g, c)))
                .collect();
            (!t.is_empty()).then_some(t)
        }
        Kind::Minimum | Kind::Maximum => {
            let low = kind == Kind::Minimum;
            let extreme = |c: usize| {
                let (r, col) = pos(g, c);
                let around = [
                    (r + 1, col),
                    (r, col + 1),
                    (r.wrapping_sub(1), col),
                    (r, col.wrapping_sub(1)),
                ];
                around
                    .iter()
                    .all(|&(r, cc)| match g.cell_at(shapedoku::Pos::new(r, cc)) {
                        Some(o) => (val(sol, c) < val(sol, o)) == low,
                        None => true,
                    })
            };
            let pick: Vec<usize> = cells_where(&extreme)
                .into_iter()
                .filter(|_| rng.random_bool(0.5))
                .collect();
            let names: Vec<String> = pick.iter().map(|&c| name(g, c)).collect();
            (!names.is_empty()).then(|| {
                format!(
                    "[[rule]]\ntype = \"{}\"\ncells = \"{}\"\n",
                    if low { "minimum" } else { "maximum" },
                    names.join(" ")
                )
            })
        }
        Kind::Quadruple => {
            let (r, c) = (rng.random_range(1..n), rng.random_range(1..n));
            let block = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)];
            let mut vals: Vec<u8> = ids(g, &block).iter().map(|x| sol[x.index()]).collect();
            let keep = rng.random_range(1..=4);
            vals.truncate(keep);
            let symbols: String = vals.iter().map(|&s| g.symbols().char(s)).collect();
            rule(format!(
                "type = \"quadruple\"\ncells = \"{}\"\nsymbols = \"{symbols}\"",
                cells(&block)
            ))
        }
        Kind::Clone => {
            for _ in 0..200 {
                let (a, b) = (
                    rng.random_range(0..g.cell_count()),
                    rng.random_range(0..g.cell_count()),
                );
                if a != b && sol[a] == sol[b] {
                    return rule(format!(
                        "type = \"clone\"\ncells = \"{}\"\ncopy = \"{}\"",
                        name(g, a),
                        name(g, b)
                    ));
                }
            }
            None
        }
        Kind::Sandwich | Kind::XSum | Kind::Skyscraper => {
            let i = rng.random_range(1..=n);
            let (at, line): ((u32, u32), Vec<(u32, u32)>) = match rng.random_range(0..4) {
                0 => ((0, i), (1..=n).map(|r| (r, i)).collect()),
                1 => ((n + 1, i), (1..=n).rev().map(|r| (r, i)).collect()),
                2 => ((i, 0), (1..=n).map(|c| (i, c)).collect()),
                _ => ((i, n + 1), (1..=n).rev().map(|c| (i, c)).collect()),
            };
            let v: Vec<i64> = ids(g, &line).iter().map(|x| val(sol, x.index())).collect();
            let at = format!("at = [{}, {}]", at.0, at.1);
            let body = match kind {
                Kind::Sandwich => {
                    let lo = v.iter().position(|&x| x == 1)?;
                    let hi = v.iter().position(|&x| x == i64::from(n))?;
                    let sum: i64 = v[lo.min(hi) + 1..lo.max(hi)].iter().sum();
                    format!("type = \"sandwich\"\n{at}\ntotal = {sum}")
                }
                Kind::XSum => {
                    let x = v[0] as usize;
                    format!(
                        "type = \"x-sum\"\n{at}\ntotal = {}",
                        v[..x].iter().sum::<i64>()
                    )
                }
                _ => {
                    let (mut best, mut count) = (0, 0);
                    for &x in &v {
                        if x > best {
                            (best, count) = (x, count + 1);
                        }
                    }
                    format!("type = \"skyscraper\"\n{at}\ncount = {count}")
                }
            };
            rule(body)
        }
        Kind::LittleKiller => {
            let (dr, dc): (i64, i64) = [(1, 1), (1, -1), (-1, 1), (-1, -1)][rng.random_range(0..4)];
            let (dir, n) = (
                match (dr, dc) {
                    (1, 1) => "down-right",
                    (1, -1) => "down-left",
                    (-1, 1) => "up-right",
                    _ => "up-left",
                },
                i64::from(n),
            );
            // A clue on the side the diagonal enters from, then the cells to the far edge.
            let k = rng.random_range(1..=n);
            let (r0, c0) = if rng.random_bool(0.5) {
                (if dr == 1 { 0 } else { n + 1 }, k)
            } else {
                (k, if dc == 1 { 0 } else { n + 1 })
            };
            let (mut r, mut c, mut total, mut len) = (r0 + dr, c0 + dc, 0, 0);
            while (1..=n).contains(&r) && (1..=n).contains(&c) {
                let x = g.cell_at(shapedoku::Pos::new(r as u32, c as u32))?;
                total += val(sol, x);
                len += 1;
                (r, c) = (r + dr, c + dc);
            }
            (len > 0).then(|| {
                format!(
                    "[[rule]]\ntype = \"little-killer\"\nat = [{r0}, {c0}]\ndirection = \"{dir}\"\ntotal = {total}\n"
                )
            })
        }
        Kind::Cage | Kind::CageWithoutTotal | Kind::ExtraRegion => {
            // Touching cells of distinct values (any cells for an extra region).
            let mut set = vec![rng.random_range(0..g.cell_count())];
            let want = rng.random_range(2..=4.min(n as usize));
            for _ in 0..50 {
                if set.len() == want {
                    break;
                }
                let c = rng.random_range(0..g.cell_count());
                let (r, cc) = pos(g, c);
                let touching = kind == Kind::ExtraRegion
                    || set.iter().any(|&o| {
                        let (r2, c2) = pos(g, o);
                        r.abs_diff(r2) + cc.abs_diff(c2) == 1
                    });
                if touching && !set.iter().any(|&o| sol[o] == sol[c]) {
                    set.push(c);
                }
            }
            let names: Vec<String> = set.iter().map(|&c| name(g, c)).collect();
            let sum: i64 = set.iter().map(|&c| val(sol, c)).sum();
            Some(match kind {
                Kind::Cage => format!("[[cage]]\nsum = {sum}\ncells = \"{}\"\n", names.join(" ")),
                Kind::CageWithoutTotal => format!("[[cage]]\ncells = \"{}\"\n", names.join(" ")),
                _ => format!("[[shape]]\ncells = \"{}\"\n", names.join(" ")),
            })
        }
        _ => planted_line(g, sol, n, rng, kind).map(|t| format!("[[rule]]\n{t}\n")),
    }
}

/// A random puzzle: a base grid, maybe a rule over the whole grid, one to four planted
/// rules, a share of the solution as givens, and the solution stated.
fn planted(seed: u64) -> Planted {
    let mut rng = Rng64::seed_from_u64(seed);
    let (top, tables, n, partitioned) = BASES[rng.random_range(0..BASES.len())];
    let diag = |up: bool| -> String {
        let l: Vec<(u32, u32)> = (1..=n)
            .map(|i| if up { (n + 1 - i, i) } else { (i, i) })
            .collect();
        cells(&l)
    };
    let col1: Vec<(u32, u32)> = (1..=n).map(|r| (r, 1)).collect();
    let head = format!("{top}name = \"random {seed}\"\ndescription = \"by the tests\"\n");
    let blank = load(&format!("{head}{tables}"));
    let mut extra = String::new();
    if rng.random_bool(0.4) {
        extra += &GLOBAL[rng.random_range(0..GLOBAL.len())]
            .replace("DOWN", &diag(false))
            .replace("UP", &diag(true))
            .replace("COLUMN1", &cells(&col1));
    }
    // The planted solution, from the grid with its global rule (dropped when it has none).
    let solution = |extra: &str| -> Option<Vec<u8>> {
        let l = load_str("b.toml", &format!("{head}{tables}{extra}"), None).ok()?;
        let budget = Budget::default().with_guesses(20_000);
        let mut found = Solver::new(&l.puzzle).random_solution_with(seed, &budget);
        found.solutions.pop().map(|g| g.into_indices())
    };
    let sol = match solution(&extra) {
        Some(s) => s,
        None => {
            extra.clear();
            solution("").expect("a blank grid has a solution")
        }
    };
    let g = &blank.geometry;
    let mut kinds: Vec<Kind> = Vec::new();
    let want = rng.random_range(1..=4);
    let mut tries = 0;
    while kinds.len() < want && tries < 40 {
        tries += 1;
        let k = LOCAL[rng.random_range(0..LOCAL.len())];
        if kinds.contains(&k) {
            continue;
        }
        // One family of dots, and `nonconsecutive` only without dots (f-puzzles' negative
        // constraints exempt every dotted pair); the exporter refuses the rest.
        if k.dots() && (kinds.iter().any(|o| o.dots()) || extra.contains("nonconsecutive")) {
            continue;
        }
        // f-puzzles adds a region-sum line up by its regions; a cell in none has no total.
        if k == Kind::RegionSum && !partitioned {
            continue;
        }
        if let Some(t) = plant(g, &sol, n, &mut rng, k) {
            kinds.push(k);
            extra += &t;
        }
    }
    let givens: String = (0..g.cell_count())
        .map(|c| {
            if rng.random_bool(0.45) {
                g.symbols().char(sol[c])
            } else {
                '.'
            }
        })
        .collect();
    let stated: String = sol.iter().map(|&s| g.symbols().char(s)).collect();
    let text = format!("{head}givens = \"{givens}\"\nsolution = \"{stated}\"\n{tables}{extra}");
    Planted { text, kinds }
}

fn load(text: &str) -> Loaded {
    load_str("p.toml", text, None).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// What a puzzle means, compared across the round trip: its shapes (cells, sum, no-repeat),
/// for every pair of cells some rule relates the value pairs allowed, and its other rules
/// cell by cell.
#[derive(Debug, PartialEq, Eq)]
struct Meaning {
    /// Each shape's cells (sorted), total and whether it forbids repeats.
    shapes: BTreeSet<(Vec<Rc>, Option<i64>, bool)>,
    /// For each pair of cells some rule relates, which value pairs (row by row) are allowed.
    pairs: BTreeMap<(Rc, Rc), Vec<bool>>,
    /// The other rules, one entry per cell for odd and even cells.
    others: BTreeSet<String>,
}

/// A cell as (row, column).
type Rc = (u32, u32);

fn meaning(g: &Geometry) -> Meaning {
    let shapes = g
        .shapes()
        .iter()
        .map(|s| {
            let mut cells: Vec<(u32, u32)> = s.cells.iter().map(|&c| pos(g, c)).collect();
            cells.sort_unstable();
            (cells, s.sum(), s.is_no_repeat())
        })
        .collect();
    let n = g.symbols().len();
    let values = g.symbols().values();
    let mut pairs: BTreeMap<(Rc, Rc), Vec<bool>> = BTreeMap::new();
    let mut others = BTreeSet::new();
    for c in g.constraints() {
        if let Some(laws) = c.pair_laws(g) {
            for (a, b, law) in laws {
                let (pa, pb) = (pos(g, a.index()), pos(g, b.index()));
                let flip = pa > pb;
                let table = pairs
                    .entry((pa.min(pb), pa.max(pb)))
                    .or_insert_with(|| vec![true; n * n]);
                for x in 0..n {
                    for y in 0..n {
                        let (s, t) = if flip { (y, x) } else { (x, y) };
                        table[x * n + y] &= law.allows(values, s as u8, t as u8);
                    }
                }
            }
            continue;
        }
        let at = |cells: &[CellId]| -> Vec<(u32, u32)> {
            cells.iter().map(|c| pos(g, c.index())).collect()
        };
        match &c.kind {
            RuleKind::Odd { cells } | RuleKind::Even { cells } => {
                let odd = matches!(c.kind, RuleKind::Odd { .. });
                for p in at(cells) {
                    others.insert(format!("odd={odd} {p:?}"));
                }
            }
            RuleKind::Quadruple { cells, symbols } => {
                let mut cells = at(cells);
                cells.sort_unstable();
                let mut s: Vec<usize> = symbols.iter().map(|s| s.index()).collect();
                s.sort_unstable();
                others.insert(format!("quadruple {cells:?} {s:?}"));
            }
            other => {
                others.insert(format!("{other:?}"));
            }
        }
    }
    pairs.retain(|_, t| t.iter().any(|&ok| !ok));
    Meaning {
        shapes,
        pairs,
        others,
    }
}

/// What the solver proves of a puzzle: its verdict, and its solution when unique.
fn solutions(l: &Loaded) -> (Verdict, Option<Vec<u8>>) {
    let budget = Budget::default().with_guesses(50_000);
    let count = Solver::new(&l.puzzle).count_with(2, &budget);
    let v = count.verdict();
    (
        v,
        (v == Verdict::Unique).then(|| count.solutions[0].as_indices().to_vec()),
    )
}

/// Exports a loaded file (its header read as `shapedoku export` reads it) and imports the link.
fn through(text: &str, l: &Loaded, target: Target) -> shapedoku::import::Imported {
    let meta = Meta::from_file(text, &l.geometry);
    let e = export::export(&l.puzzle, l.solution.as_deref(), &meta, target)
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    shapedoku::import::import(&e.link).unwrap_or_else(|e| panic!("{e}\n{}\n{text}", e))
}

proptest! {
    // A fixed seed: the same cases on every run.
    #![proptest_config(ProptestConfig {
        cases: 64,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0xe4_9021),
        ..ProptestConfig::default()
    })]

    #[test]
    fn round_trips_keep_the_rules_and_the_solutions(seed in any::<u64>()) {
        let p = planted(seed);
        let orig = load(&p.text);
        let target = if seed % 2 == 0 { Target::FPuzzles } else { Target::SudokuPad };
        let first = through(&p.text, &orig, target);
        let want = meaning(&orig.geometry);
        let context = format!("kinds {:?}\n{}\n-> {}", p.kinds, p.text, first.toml);
        prop_assert_eq!(&meaning(&first.loaded.geometry), &want, "{}", context);
        prop_assert_eq!(first.loaded.puzzle.givens(), orig.puzzle.givens());
        prop_assert_eq!(&first.loaded.solution, &orig.solution);
        // Import -> TOML -> export -> import.
        let second = through(&first.toml, &first.loaded, target);
        prop_assert_eq!(&meaning(&second.loaded.geometry), &want, "{}", context);
        prop_assert_eq!(second.loaded.puzzle.givens(), orig.puzzle.givens());
        prop_assert_eq!(&second.loaded.solution, &orig.solution);
        prop_assert_eq!(
            Meta::from_file(&second.toml, &second.loaded.geometry),
            Meta::from_file(&first.toml, &first.loaded.geometry)
        );
        // The planted solution holds, so a unique solution is it.
        let before = solutions(&orig);
        prop_assert!(before.1.is_none() || before.1 == orig.solution);
        prop_assert_eq!(solutions(&first.loaded), before.clone(), "{}", context);
        prop_assert_eq!(solutions(&second.loaded), before, "{}", context);
    }

    #[test]
    fn every_kind_exports_with_its_key(seed in any::<u64>()) {
        let p = planted(seed);
        let l = load(&p.text);
        let meta = Meta::from_file(&p.text, &l.geometry);
        let e = export::export(&l.puzzle, l.solution.as_deref(), &meta, Target::FPuzzles)
            .unwrap_or_else(|e| panic!("{e}\n{}", p.text));
        let v: serde_json::Value = serde_json::from_str(&e.json).unwrap();
        for k in &p.kinds {
            prop_assert!(v.get(k.key()).is_some(), "no `{}` for {:?} in {}\n{}", k.key(), k, e.json, p.text);
        }
        let stated: Vec<u64> = l.solution.as_ref().unwrap().iter().map(|&s| u64::from(s) + 1).collect();
        prop_assert_eq!(v["solution"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap()).collect::<Vec<_>>(), stated);
    }
}

#[test]
fn the_planted_puzzles_cover_every_kind() {
    // The property tests above only mean something if the generator plants every kind.
    let mut seen: BTreeSet<String> = BTreeSet::new();
    for seed in 0..400 {
        for k in planted(seed).kinds {
            seen.insert(format!("{k:?}"));
        }
    }
    let all: BTreeSet<String> = LOCAL.iter().map(|k| format!("{k:?}")).collect();
    assert_eq!(seen, all);
}
