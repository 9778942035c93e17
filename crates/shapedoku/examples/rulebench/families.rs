//! The rules of each family that hold in a solution, on a classic 9x9.

use crate::solutions::{shuffle, solution, solution_of};
use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;
use shapedoku::automaton::{Automaton, Transition, regex};
use shapedoku::constraint::{Constraint, Mark, Relation, RuleKind};
use shapedoku::{CellId, Geometry, Rule, Shape, ShapeKind, Symbol, Symbols};
use std::sync::Arc;

/// Every family, in the order docs/format.md lists the rules.
pub const ALL: [&str; 44] = [
    "anti-knight",
    "anti-king",
    "nonconsecutive",
    "anti-taxicab",
    "dutch-flatmates",
    "global-entropy",
    "global-modular",
    "miracle",
    "disjoint-groups",
    "thermo",
    "slow-thermo",
    "kropki",
    "xv",
    "difference",
    "odd-even",
    "min-max",
    "quadruple",
    "cage-no-total",
    "sum-repeats",
    "little-killer",
    "arrow",
    "double-arrow",
    "renban",
    "whispers",
    "palindrome",
    "between",
    "region-sum",
    "entropic",
    "modular",
    "zipper",
    "sum-line",
    "rellik",
    "lockout",
    "clone",
    "sequence",
    "regex",
    "sandwich",
    "x-sum",
    "skyscraper",
    "indexing",
    "relation",
    "counting-circles",
    "equal-sum",
    "count-distinct",
];

/// A geometry with rules of `family`, a solution it has and how many rules were added.
pub fn build(
    family: &str,
    classic: &Geometry,
    rng: &mut Xoshiro256PlusPlus,
) -> (Geometry, Vec<u8>, usize) {
    if let Some(rules) = fixed(family) {
        let n = rules.len();
        let g = Arc::new(with(classic, rules));
        let sol = solution_of(&g, rng);
        return (Arc::unwrap_or_clone(g), sol, n);
    }
    let sol = solution(rng);
    if let Some(shapes) = cages(family, &sol, rng) {
        let n = shapes.len();
        let g = classic.with_shapes(shapes).expect("cages on classic cells");
        return (g, sol, n);
    }
    let rules = match family {
        "kropki" | "xv" | "difference" => vec![marks(family, &sol, rng)],
        "odd-even" | "min-max" | "quadruple" => cell_rules(family, &sol, rng),
        "sandwich" | "x-sum" | "skyscraper" => outside(family, &sol),
        _ => lines(family, classic, &sol, rng),
    };
    let n = rules.len();
    (with(classic, rules), sol, n)
}

fn with(classic: &Geometry, rules: Vec<Constraint>) -> Geometry {
    classic
        .clone()
        .with_constraints(rules)
        .expect("rules on classic cells")
}

pub fn cell(r: u32, c: u32) -> CellId {
    CellId::new(((r - 1) * 9 + c - 1) as usize)
}

pub fn row(r: u32) -> Vec<CellId> {
    (1..=9).map(|c| cell(r, c)).collect()
}

pub fn col(c: u32) -> Vec<CellId> {
    (1..=9).map(|r| cell(r, c)).collect()
}

/// The families whose rules do not depend on the solution (most grids break them, so the
/// solution is found under them).
fn fixed(family: &str) -> Option<Vec<Constraint>> {
    let one = |name: &str, kind| vec![Constraint::new(name, kind)];
    Some(match family {
        "anti-knight" => one(family, RuleKind::AntiKnight),
        "anti-king" => one(family, RuleKind::AntiKing),
        "nonconsecutive" => one(family, RuleKind::Nonconsecutive),
        "anti-taxicab" => one(family, RuleKind::AntiTaxicab),
        "dutch-flatmates" => one(family, RuleKind::DutchFlatmates),
        "global-entropy" => one(family, RuleKind::GlobalEntropy),
        "global-modular" => one(family, RuleKind::GlobalModular),
        "miracle" => [
            RuleKind::AntiKnight,
            RuleKind::AntiKing,
            RuleKind::Nonconsecutive,
        ]
        .into_iter()
        .enumerate()
        .map(|(i, k)| Constraint::new(&format!("miracle {i}"), k))
        .collect(),
        "disjoint-groups" => {
            let groups = (0..9)
                .map(|k| {
                    (0..9)
                        .map(|b| cell(b / 3 * 3 + k / 3 + 1, b % 3 * 3 + k % 3 + 1))
                        .collect()
                })
                .collect();
            one(family, RuleKind::DisjointGroups { groups })
        }
        "indexing" => {
            let (cells, lines) = (1..=9).map(|r| (cell(r, 1), row(r))).unzip();
            let (cells2, lines2) = (1..=9).map(|c| (cell(1, c), col(c))).unzip();
            vec![
                Constraint::new("column 1 indexing", RuleKind::Indexing { cells, lines }),
                Constraint::new(
                    "row 1 indexing",
                    RuleKind::Indexing {
                        cells: cells2,
                        lines: lines2,
                    },
                ),
            ]
        }
        _ => return None,
    })
}

/// Cages without a total, or sums with repeats allowed, on random lines of the solution.
fn cages(family: &str, sol: &[u8], rng: &mut Xoshiro256PlusPlus) -> Option<Vec<Shape>> {
    let distinct = match family {
        "cage-no-total" => true,
        "sum-repeats" => false,
        _ => return None,
    };
    let mut used = [false; 81];
    let mut out = Vec::new();
    while out.len() < 10 {
        let len = rng.random_range(2..=5);
        let line = walk(rng, len, |_, _| true);
        let values: Vec<u8> = line.iter().map(|c| sol[c.index()]).collect();
        let repeats = (1..values.len()).any(|i| values[..i].contains(&values[i]));
        if line.iter().any(|c| used[c.index()]) || distinct && repeats {
            continue;
        }
        for c in &line {
            used[c.index()] = true;
        }
        let total = values.iter().map(|&v| i64::from(v) + 1).sum();
        out.push(Shape {
            name: format!("{family} {}", out.len() + 1),
            kind: ShapeKind::Cage,
            grid: None,
            number: 0,
            cells: line.iter().map(|c| c.index()).collect(),
            rule: if distinct {
                Rule::NoRepeat
            } else {
                Rule::Sum {
                    total,
                    distinct: false,
                }
            },
        });
    }
    Some(out)
}

/// Every mark the solution has on orthogonal neighbours (kropki dots, X and V, each with the
/// negative constraint), or a few difference dots without one.
pub fn marks(family: &str, sol: &[u8], rng: &mut Xoshiro256PlusPlus) -> Constraint {
    let value = |c: CellId| i64::from(sol[c.index()]) + 1;
    let mut pairs = Vec::new();
    for r in 1..=9 {
        for c in 1..=9 {
            if c < 9 {
                pairs.push([cell(r, c), cell(r, c + 1)]);
            }
            if r < 9 {
                pairs.push([cell(r, c), cell(r + 1, c)]);
            }
        }
    }
    let negative = match family {
        "kropki" => vec![Relation::Difference(1), Relation::Ratio(2)],
        "xv" => vec![Relation::Sum(5), Relation::Sum(10)],
        _ => {
            shuffle(&mut pairs, rng);
            pairs.truncate(15);
            Vec::new()
        }
    };
    let marks = pairs
        .into_iter()
        .filter_map(|cells| {
            let (a, b) = (value(cells[0]), value(cells[1]));
            let relation = match family {
                "difference" => Relation::Difference((a - b).abs()),
                _ => *negative.iter().find(|r| r.holds(a, b))?,
            };
            Some(Mark { cells, relation })
        })
        .collect();
    Constraint::new(family, RuleKind::Marks { marks, negative })
}

/// Odd and even cells, minimum and maximum cells, or quadruples, read off the solution.
fn cell_rules(family: &str, sol: &[u8], rng: &mut Xoshiro256PlusPlus) -> Vec<Constraint> {
    let value = |c: CellId| sol[c.index()] + 1;
    let mut all: Vec<CellId> = (0..81).map(CellId::new).collect();
    shuffle(&mut all, rng);
    match family {
        "odd-even" => {
            let (odd, even): (Vec<CellId>, Vec<CellId>) =
                all.into_iter().take(16).partition(|&c| value(c) % 2 == 1);
            vec![
                Constraint::new("odd", RuleKind::Odd { cells: odd }),
                Constraint::new("even", RuleKind::Even { cells: even }),
            ]
        }
        "min-max" => {
            let around = |c: CellId| {
                let (r, k) = ((c.index() / 9) as i32, (c.index() % 9) as i32);
                [(r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1)]
                    .into_iter()
                    .filter(|&(r, k)| (0..9).contains(&r) && (0..9).contains(&k))
                    .map(|(r, k)| value(CellId::new((r * 9 + k) as usize)))
                    .collect::<Vec<u8>>()
            };
            let minimum = all.iter().copied();
            let minimum = minimum.filter(|&c| around(c).iter().all(|&v| v > value(c)));
            let maximum = all.iter().copied();
            let maximum = maximum.filter(|&c| around(c).iter().all(|&v| v < value(c)));
            vec![
                Constraint::new(
                    "minimum",
                    RuleKind::Minimum {
                        cells: minimum.collect(),
                    },
                ),
                Constraint::new(
                    "maximum",
                    RuleKind::Maximum {
                        cells: maximum.collect(),
                    },
                ),
            ]
        }
        _ => (0..8)
            .map(|i| {
                let (r, c) = (rng.random_range(1..=8), rng.random_range(1..=8));
                let cells = vec![
                    cell(r, c),
                    cell(r, c + 1),
                    cell(r + 1, c),
                    cell(r + 1, c + 1),
                ];
                let mut symbols: Vec<Symbol> = cells
                    .iter()
                    .map(|c| Symbol::new(usize::from(sol[c.index()])))
                    .collect();
                shuffle(&mut symbols, rng);
                symbols.truncate(rng.random_range(2..=4));
                Constraint::new(
                    &format!("quadruple {i}"),
                    RuleKind::Quadruple { cells, symbols },
                )
            })
            .collect(),
    }
}

/// Every clue of the family read off the solution: sandwich from the left of each row and above
/// each column, X-sum and skyscraper from all four sides.
fn outside(family: &str, sol: &[u8]) -> Vec<Constraint> {
    let mut out = Vec::new();
    for i in 1..=9u32 {
        out.push(clue(family, (i, 0), row(i), sol));
        out.push(clue(family, (0, i), col(i), sol));
        if family != "sandwich" {
            let mut r = row(i);
            r.reverse();
            out.push(clue(family, (i, 10), r, sol));
            let mut c = col(i);
            c.reverse();
            out.push(clue(family, (10, i), c, sol));
        }
    }
    out
}

/// The clue at `at` reading the line `cells` (nearest first), its number read off `sol`.
pub fn clue(family: &str, at: (u32, u32), cells: Vec<CellId>, sol: &[u8]) -> Constraint {
    let v: Vec<i64> = cells
        .iter()
        .map(|c| i64::from(sol[c.index()]) + 1)
        .collect();
    let kind = match family {
        "sandwich" => {
            let a = v.iter().position(|&x| x == 1).expect("a 1");
            let b = v.iter().position(|&x| x == 9).expect("a 9");
            let total = v[a.min(b) + 1..a.max(b)].iter().sum();
            RuleKind::Sandwich {
                cells,
                total,
                clue: at,
            }
        }
        "x-sum" => {
            let total = v[..v[0] as usize].iter().sum();
            RuleKind::XSum {
                cells,
                total,
                clue: at,
            }
        }
        _ => {
            let (mut best, mut count) = (0, 0);
            for &x in &v {
                if x > best {
                    best = x;
                    count += 1;
                }
            }
            RuleKind::Skyscraper {
                cells,
                count,
                clue: at,
            }
        }
    };
    Constraint::new(&format!("{family} {at:?}"), kind)
}

/// Rules of a line family that hold in `sol`, on random lines no earlier rule uses.
fn lines(family: &str, g: &Geometry, sol: &[u8], rng: &mut Xoshiro256PlusPlus) -> Vec<Constraint> {
    let want = match family {
        "little-killer" => 6,
        "clone" => 3,
        _ => 8,
    };
    lines_of(family, g, sol, rng, want, 2..=7, 20_000)
}

/// Up to `want` rules of a line family that hold in `sol`, on random lines of `lens` cells
/// (fewer when a walk gets stuck) that no earlier rule uses, in at most `tries` walks.
pub fn lines_of(
    family: &str,
    g: &Geometry,
    sol: &[u8],
    rng: &mut Xoshiro256PlusPlus,
    want: usize,
    lens: std::ops::RangeInclusive<usize>,
    tries: usize,
) -> Vec<Constraint> {
    // Thermometers climb the solution, so that random lines hold often enough.
    let step: fn(u8, u8) -> bool = match family {
        "thermo" | "regex" | "relation" => |a, b| b > a,
        "slow-thermo" => |a, b| b >= a,
        _ => |_, _| true,
    };
    let mut used = [false; 81];
    let mut out = Vec::new();
    for _ in 0..tries {
        if out.len() == want {
            break;
        }
        let len = rng.random_range(lens.clone());
        let line = walk(rng, len, |a, b| step(sol[a.index()], sol[b.index()]));
        let Some(kind) = line_kind(family, &line, rng) else {
            continue;
        };
        let c = Constraint::new(&format!("{family} {}", out.len() + 1), kind);
        if c.cells().iter().any(|x| used[x.index()]) {
            continue;
        }
        if c.holds(g, &|x| Some(sol[x.index()])) {
            for x in c.cells() {
                used[x.index()] = true;
            }
            out.push(c);
        }
    }
    out
}

fn line_kind(family: &str, line: &[CellId], rng: &mut Xoshiro256PlusPlus) -> Option<RuleKind> {
    let cells = line.to_vec();
    Some(match family {
        "thermo" => RuleKind::Thermo { cells },
        "slow-thermo" => RuleKind::SlowThermo { cells },
        "little-killer" => little_killer(rng)?,
        "arrow" => RuleKind::Arrow { cells, circle: 1 },
        "double-arrow" => RuleKind::DoubleArrow { cells },
        "renban" => RuleKind::Renban { cells },
        // 10 lines, the setters' usual total: random lines where the runs fit are kept.
        "sum-line" => RuleKind::sum_line(cells, 10)?,
        // Cages of random totals and lockout lines of the usual difference: those the
        // solution keeps are kept.
        "rellik" => RuleKind::Rellik {
            cells,
            total: rng.random_range(3..=20),
        },
        "lockout" => RuleKind::Lockout {
            cells,
            difference: 4,
        },
        // A random line cut in two (sets kept when the halves add up alike), and a line's
        // first cell counting the others (kept when its digit is their count).
        "equal-sum" if cells.len() >= 2 => {
            let k = rng.random_range(1..cells.len());
            RuleKind::EqualSum {
                sets: vec![cells[..k].to_vec(), cells[k..].to_vec()],
                cells,
            }
        }
        "equal-sum" => return None,
        "count-distinct" => RuleKind::CountDistinct {
            cells,
            counts_itself: false,
        },
        // Circles on a random line's cells: kept when the counts work out.
        "counting-circles" => RuleKind::CountingCircles { cells },
        "whispers" => RuleKind::Whispers {
            cells,
            difference: 5,
        },
        "palindrome" => RuleKind::Palindrome { cells },
        "between" => RuleKind::Between { cells },
        "region-sum" => RuleKind::RegionSum { cells },
        "entropic" => RuleKind::Entropic { cells },
        "modular" => RuleKind::Modular { cells },
        "zipper" => RuleKind::Zipper { cells },
        "clone" => clone(cells, rng)?,
        // A thermometer written as a table: every rising tuple of its length.
        "relation" => RuleKind::Relation {
            allowed: rising(cells.len()),
            cells,
        },
        // A thermometer written as data: the values rise along the line.
        "regex" => RuleKind::Sequence {
            cells,
            automaton: regex::compile(
                "1?2?3?4?5?6?7?8?9?",
                &Symbols::new("123456789".chars()).expect("digits"),
            )
            .expect("a valid expression"),
            closed: false,
        },
        _ => RuleKind::Sequence {
            cells,
            automaton: alternating(),
            closed: false,
        },
    })
}

/// Every strictly rising tuple of `len` digits, in order.
fn rising(len: usize) -> Vec<Vec<i64>> {
    let mut out: Vec<Vec<i64>> = vec![Vec::new()];
    for _ in 0..len {
        out = (out.iter())
            .flat_map(|t| {
                let from = t.last().map_or(1, |&v| v + 1);
                (from..=9).map(move |v| [t.as_slice(), &[v]].concat())
            })
            .collect();
    }
    out
}

/// A clue above the grid or left of it, pointing down-right or down-left, with a random total:
/// the caller keeps the ones that hold.
fn little_killer(rng: &mut Xoshiro256PlusPlus) -> Option<RuleKind> {
    let k = rng.random_range(1..=9u32);
    let (clue, dir) = match rng.random_range(0..3) {
        0 => ((0, k), (1, 1)),
        1 => ((0, k), (1, -1)),
        _ => ((k, 0), (1, 1)),
    };
    let mut cells = Vec::new();
    let (mut r, mut c) = (clue.0 as i32 + dir.0, clue.1 as i32 + dir.1);
    while (1..=9).contains(&r) && (1..=9).contains(&c) {
        cells.push(CellId::new(((r - 1) * 9 + c - 1) as usize));
        r += dir.0;
        c += dir.1;
    }
    if cells.len() < 3 {
        return None;
    }
    let total = rng.random_range(cells.len() as i64..=9 * cells.len() as i64);
    Some(RuleKind::LittleKiller {
        cells,
        total,
        clue,
        direction: dir,
    })
}

/// The line and its copy: the same cells moved by a random offset.
fn clone(cells: Vec<CellId>, rng: &mut Xoshiro256PlusPlus) -> Option<RuleKind> {
    let (dr, dc) = (rng.random_range(-8..=8i32), rng.random_range(-8..=8i32));
    let mut all = cells.clone();
    for c in &cells {
        let (r, k) = ((c.index() / 9) as i32 + dr, (c.index() % 9) as i32 + dc);
        if !(0..9).contains(&r) || !(0..9).contains(&k) || (dr, dc) == (0, 0) {
            return None;
        }
        all.push(CellId::new((r * 9 + k) as usize));
    }
    Some(RuleKind::Clone {
        cells: all,
        half: cells.len(),
    })
}

/// Values alternating low (1-4) and high (6-9), a line type written as data.
fn alternating() -> Automaton {
    Automaton::new(
        vec!["s".into(), "low".into(), "high".into()],
        0,
        vec![1, 2],
        vec![
            Transition::new(0, 1, vec![(1, 4)]),
            Transition::new(0, 2, vec![(6, 9)]),
            Transition::new(1, 2, vec![(6, 9)]),
            Transition::new(2, 1, vec![(1, 4)]),
        ],
    )
    .expect("a valid automaton")
}

/// A random line of up to `len` cells, each touching the one before (diagonals too) and
/// accepted by `step` from the one before.
pub fn walk(
    rng: &mut Xoshiro256PlusPlus,
    len: usize,
    step: impl Fn(CellId, CellId) -> bool,
) -> Vec<CellId> {
    let mut line = vec![cell(rng.random_range(1..=9), rng.random_range(1..=9))];
    let mut tries = 0;
    while line.len() < len && tries < 50 {
        tries += 1;
        let p = line[line.len() - 1].index() as i32;
        let (r, c) = (
            p / 9 + rng.random_range(-1..=1),
            p % 9 + rng.random_range(-1..=1),
        );
        if !(0..9).contains(&r) || !(0..9).contains(&c) {
            continue;
        }
        let q = CellId::new((r * 9 + c) as usize);
        if line.contains(&q) || !step(line[line.len() - 1], q) {
            if rng.random_bool(0.2) {
                break;
            }
            continue;
        }
        line.push(q);
    }
    line
}
