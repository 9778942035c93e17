//! How each rule beyond shapes is drawn, chosen in one place: [`drawing`] maps every rule kind
//! to a [`Drawing`] in the layer it belongs to, by an exhaustive match, so a new kind does not
//! compile until it says how it is drawn (or that it is not: a relation over the whole grid).
//! Each layer's module draws its own [`Drawing`]s, again by exhaustive matches.

use crate::constraint::{Constraint, Mark, RuleKind};
use crate::{CellId, Geometry, Symbol};

/// A rule as the page draws it, by layer.
#[derive(Debug, Clone, Copy)]
pub(super) enum Drawing<'a> {
    /// Nothing to draw: a relation over the whole grid (anti-knight, anti-king,
    /// nonconsecutive, anti-taxicab, disjoint groups).
    Nothing,
    /// Under the grid lines (`rules.rs`).
    Under(Under<'a>),
    /// Over the grid lines (`rules.rs`).
    Over(Over<'a>),
    /// Lines through the cells, circles, arrows, shaded cells (`lines.rs`).
    Line(Line<'a>),
    /// Clues outside the cells and tinted cells (`outside.rs`).
    Outside(Outside<'a>),
}

/// Drawn under the grid lines.
#[derive(Debug, Clone, Copy)]
pub(super) enum Under<'a> {
    /// A grey bulb and a thick line; a slow one dashed.
    Thermo { cells: &'a [CellId], slow: bool },
    /// Grey circles (odd cells).
    Circles(&'a [CellId]),
    /// Grey squares (even cells).
    Squares(&'a [CellId]),
    /// Chevrons by each side, pointing to the smaller cell (minimum or maximum cells).
    Chevrons { cells: &'a [CellId], min: bool },
    /// A dashed frame inside each cell (the cells of a relation).
    Framed(&'a [CellId]),
    /// A dashed frame inside each cell with a total, if any, in the first cell's corner (a
    /// rellik cage, a cage as a rule); `class` names it in the page.
    FramedTotal {
        cells: &'a [CellId],
        total: Option<i64>,
        class: &'static str,
    },
    /// A dashed frame inside each cell with its set's number (1 for the first `size` cells,
    /// 2 for the next, ...) in the corner (same-value sets).
    Sets { cells: &'a [CellId], size: usize },
    /// A dashed frame inside each cell of the sets, with the numbers of the sets holding it
    /// in the corner (equal sums: the sets numbered 1, 2, ... in order).
    EqualSums(&'a [Vec<CellId>]),
    /// A ring in each cell (counting circles).
    Rings(&'a [CellId]),
    /// A rounded square in the control cell (the first) and, unless they are the cells
    /// around it, a dashed frame in each counted cell (count-distinct).
    CountDistinct(&'a [CellId]),
    /// The same, the control cell's square dashed (count-distinct over a chaos
    /// construction's regions).
    CountRegions(&'a [CellId]),
    /// A square ring in the first cell and, unless they are the cells around it, a dashed
    /// frame in each of the others (a chaos construction's count clue).
    RegionCount(&'a [CellId]),
}

/// Drawn over the grid lines.
#[derive(Debug, Clone, Copy)]
pub(super) enum Over<'a> {
    /// Dots and letters on edges.
    Marks(&'a [Mark]),
    /// A circle where the cells meet, with the symbols.
    Quadruple {
        cells: &'a [CellId],
        symbols: &'a [Symbol],
    },
}

/// Drawn through the cells.
#[derive(Debug, Clone, Copy)]
pub(super) enum Line<'a> {
    /// A thick coloured line through the centres.
    Coloured {
        cells: &'a [CellId],
        colour: &'static str,
    },
    /// A thinner line, closed around a loop (a sequence).
    Thin {
        cells: &'a [CellId],
        colour: &'static str,
        closed: bool,
    },
    /// A thin line with a number in its first cell's corner (a sum line's total), closed
    /// around a loop.
    Labelled {
        cells: &'a [CellId],
        colour: &'static str,
        label: i64,
        closed: bool,
    },
    /// A thin line with a circle at each end (between).
    Between(&'a [CellId]),
    /// A line between two circles at its ends (double arrow).
    DoubleArrow(&'a [CellId]),
    /// A thin line with a diamond at each end (lockout).
    Lockout(&'a [CellId]),
    /// A circle or pill and a line ending in an arrowhead.
    Arrow { cells: &'a [CellId], circle: usize },
    /// Shaded cells (clones).
    Shaded(&'a [CellId]),
    /// A circle in the first cell and an arrowhead at its edge towards the first cell of
    /// each arm (a chaos construction's arrow clue; `arms` are the arms' lengths, the cells
    /// after the first in order).
    RegionArrows {
        cells: &'a [CellId],
        arms: &'a [usize],
    },
    /// A total outside the grid with a small arrow along its diagonal.
    LittleKiller {
        cells: &'a [CellId],
        total: i64,
        clue: (u32, u32),
        direction: (i32, i32),
    },
}

/// Clues outside the cells, and marked cells for rules read from outside.
#[derive(Debug, Clone, Copy)]
pub(super) enum Outside<'a> {
    /// A number in the margin next to the row or column it reads (`class` names the clue).
    Number {
        cells: &'a [CellId],
        number: i64,
        clue: (u32, u32),
        class: &'static str,
    },
    /// Tinted cells (indexing).
    Tinted(&'a [CellId]),
}

/// How a rule is drawn.
pub(super) fn drawing(c: &Constraint) -> Drawing<'_> {
    let coloured = |cells, colour| Drawing::Line(Line::Coloured { cells, colour });
    match &c.kind {
        RuleKind::AntiKnight
        | RuleKind::AntiKing
        | RuleKind::Nonconsecutive
        | RuleKind::AntiTaxicab
        | RuleKind::DutchFlatmates
        | RuleKind::GlobalEntropy
        | RuleKind::GlobalModular
        | RuleKind::DisjointGroups { .. } => Drawing::Nothing,
        // The regions are drawn from the solution, when the page shows one (`mod.rs`).
        RuleKind::Chaos { .. } => Drawing::Nothing,
        RuleKind::Thermo { cells } => Drawing::Under(Under::Thermo { cells, slow: false }),
        RuleKind::SlowThermo { cells } => Drawing::Under(Under::Thermo { cells, slow: true }),
        RuleKind::Odd { cells } => Drawing::Under(Under::Circles(cells)),
        RuleKind::Even { cells } => Drawing::Under(Under::Squares(cells)),
        RuleKind::Minimum { cells } => Drawing::Under(Under::Chevrons { cells, min: true }),
        RuleKind::Maximum { cells } => Drawing::Under(Under::Chevrons { cells, min: false }),
        RuleKind::Marks { marks, .. } => Drawing::Over(Over::Marks(marks)),
        RuleKind::Quadruple { cells, symbols } => Drawing::Over(Over::Quadruple { cells, symbols }),
        // The conventional colours, not themable.
        RuleKind::Renban { cells } => coloured(cells, "#c36ef0"),
        RuleKind::Whispers { cells, .. } => coloured(cells, "#4cc24c"),
        RuleKind::Palindrome { cells } => coloured(cells, "#a8a8a8"),
        RuleKind::RegionSum { cells } => coloured(cells, "#4a8cf0"),
        RuleKind::Entropic { cells } => coloured(cells, "#f59a2c"),
        RuleKind::Modular { cells } => coloured(cells, "#2cb5b0"),
        RuleKind::Zipper { cells } => coloured(cells, "#e07ab8"),
        RuleKind::Sequence { cells, closed, .. } => Drawing::Line(Line::Thin {
            cells,
            colour: "#a0764a",
            closed: *closed,
        }),
        RuleKind::Between { cells } => Drawing::Line(Line::Between(cells)),
        RuleKind::DoubleArrow { cells } => Drawing::Line(Line::DoubleArrow(cells)),
        RuleKind::Arrow { cells, circle } => Drawing::Line(Line::Arrow {
            cells,
            circle: *circle,
        }),
        RuleKind::Clone { cells, .. } => Drawing::Line(Line::Shaded(cells)),
        // Region clues, drawn where they are read; the regions they read are drawn from the
        // solution, when the page shows one (`chaos.rs`).
        RuleKind::ChaosArrow { cells, arms } => Drawing::Line(Line::RegionArrows { cells, arms }),
        RuleKind::ChaosCount { cells } => Drawing::Under(Under::RegionCount(cells)),
        RuleKind::SameValues { cells, size } => Drawing::Under(Under::Sets { cells, size: *size }),
        RuleKind::EqualSum { sets, .. } => Drawing::Under(Under::EqualSums(sets)),
        RuleKind::CountDistinct { cells, .. } => Drawing::Under(Under::CountDistinct(cells)),
        RuleKind::CountRegions { cells, .. } => Drawing::Under(Under::CountRegions(cells)),
        RuleKind::LittleKiller {
            cells,
            total,
            clue,
            direction,
        } => Drawing::Line(Line::LittleKiller {
            cells,
            total: *total,
            clue: *clue,
            direction: *direction,
        }),
        RuleKind::Sandwich { cells, total, clue } => number(cells, *total, *clue, "sandwich"),
        RuleKind::XSum { cells, total, clue } => number(cells, *total, *clue, "x-sum"),
        RuleKind::Skyscraper { cells, count, clue } => number(cells, *count, *clue, "skyscraper"),
        RuleKind::HiddenSkyscraper {
            cells, value, clue, ..
        } => number(cells, *value, *clue, "hidden-skyscraper"),
        RuleKind::Indexing { cells, .. } => Drawing::Outside(Outside::Tinted(cells)),
        RuleKind::Relation { cells, .. } => Drawing::Under(Under::Framed(cells)),
        RuleKind::SumLine {
            cells,
            total,
            closed,
            ..
        } => Drawing::Line(Line::Labelled {
            cells,
            colour: "#64c864",
            label: *total,
            closed: *closed,
        }),
        RuleKind::Rellik { cells, total } => Drawing::Under(Under::FramedTotal {
            cells,
            total: Some(*total),
            class: "rellik",
        }),
        RuleKind::Cage { cells, total } => Drawing::Under(Under::FramedTotal {
            cells,
            total: *total,
            class: "cage-rule",
        }),
        RuleKind::Lunchbox { cells, total } => Drawing::Line(Line::Labelled {
            cells,
            colour: "#b48c50",
            label: *total,
            closed: false,
        }),
        RuleKind::Lockout { cells, .. } => Drawing::Line(Line::Lockout(cells)),
        RuleKind::NumberedRoom { cells, value, clue } => {
            number(cells, *value, *clue, "numbered-room")
        }
        RuleKind::CountingCircles { cells } => Drawing::Under(Under::Rings(cells)),
        // A composite is drawn as its parts, each as its kind is ([`drawn`]).
        RuleKind::Any { .. } | RuleKind::All { .. } => Drawing::Nothing,
    }
}

/// The rules to draw: every rule of the geometry, a composite (`any`, `all`) replaced by its
/// parts, so each alternative shows as its kind does.
pub(super) fn drawn(g: &Geometry) -> Vec<&Constraint> {
    fn add<'a>(c: &'a Constraint, out: &mut Vec<&'a Constraint>) {
        match &c.kind {
            RuleKind::Any { rules, .. } | RuleKind::All { rules, .. } => {
                rules.iter().for_each(|r| add(r, out));
            }
            _ => out.push(c),
        }
    }
    let mut out = Vec::new();
    g.constraints().iter().for_each(|c| add(c, &mut out));
    out
}

fn number<'a>(
    cells: &'a [CellId],
    number: i64,
    clue: (u32, u32),
    class: &'static str,
) -> Drawing<'a> {
    Drawing::Outside(Outside::Number {
        cells,
        number,
        clue,
        class,
    })
}

/// A clue written outside the cells, with the cells it reads (nearest the clue first): a
/// little killer's total or an outside number, with its class and number.
pub(super) struct Clue<'a> {
    pub cells: &'a [CellId],
    pub clue: (u32, u32),
    pub number: i64,
    pub class: &'static str,
}

impl<'a> Drawing<'a> {
    /// The clue this drawing writes outside the cells, if it writes one.
    pub(super) fn outside_clue(&self) -> Option<Clue<'a>> {
        match *self {
            Drawing::Line(Line::LittleKiller {
                cells, total, clue, ..
            }) => Some(Clue {
                cells,
                clue,
                number: total,
                class: "little-killer",
            }),
            Drawing::Outside(Outside::Number {
                cells,
                number,
                clue,
                class,
            }) => Some(Clue {
                cells,
                clue,
                number,
                class,
            }),
            Drawing::Nothing
            | Drawing::Under(_)
            | Drawing::Over(_)
            | Drawing::Line(_)
            | Drawing::Outside(Outside::Tinted(_)) => None,
        }
    }
}
