//! The drawings f-puzzles' editor adds beside the constraints its newer tools write (renban,
//! whispers, slow thermometers, indexers, X-sums, ...), each marked with `fromConstraint`: a
//! reader that knows the constraint drops them (f-puzzles with its solver plugin, shapedoku's
//! importer lists them as drawn only), and one that does not (SudokuPad, whose f-puzzles reader
//! draws only the older constraints) still shows the rule. Colours and widths are the editor's.

use super::payload::Payload;
use serde_json::json;

/// How the editor draws a line constraint.
#[derive(Debug, Clone, Copy)]
pub(super) struct Style {
    /// The constraint's name in the editor, written as `fromConstraint`.
    pub name: &'static str,
    /// The line's colour.
    pub colour: &'static str,
    /// The line's width, in cells.
    pub width: f64,
    /// Circles at the ends: none, the first cell (a bulb), or both ends.
    pub ends: Ends,
}

/// Which ends of a line get a circle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Ends {
    None,
    Bulb,
    Both,
}

const fn style(name: &'static str, colour: &'static str, width: f64, ends: Ends) -> Style {
    Style {
        name,
        colour,
        width,
        ends,
    }
}

pub(super) const RENBAN: Style = style("Renban", "#F067F0", 0.25, Ends::None);
pub(super) const GERMAN_WHISPERS: Style = style("German Whispers", "#67F067", 0.1875, Ends::None);
pub(super) const DUTCH_WHISPERS: Style = style("Dutch Whispers", "#FF9A00", 0.1875, Ends::None);
pub(super) const ENTROPIC: Style = style("Entropic Line", "#FFCCAA", 0.15625, Ends::None);
pub(super) const MODULAR: Style = style("Modular Line", "#33BBBB", 0.15625, Ends::None);
pub(super) const REGION_SUM: Style = style("Region Sum Line", "#2ECBFF", 0.15625, Ends::None);
pub(super) const DOUBLE_ARROW: Style = style("Double Arrow", "#C54B8B", 0.15, Ends::Both);
pub(super) const ZIPPER: Style = style("Zipper Line", "#cdb1ec", 0.15625, Ends::None);
pub(super) const SLOW_THERMO: Style = style("Slow Thermometer", "#6495ED", 0.3, Ends::Bulb);

/// The drawing of one line constraint: the line, and its circles.
pub(super) fn line(p: &mut Payload, s: Style, cells: &[String]) {
    p.push(
        "line",
        json!({"lines": [cells], "outlineC": s.colour, "width": s.width, "fromConstraint": s.name}),
    );
    let (Some(first), Some(last)) = (cells.first(), cells.last()) else {
        return;
    };
    let size = if s.ends == Ends::Bulb { 0.8 } else { 0.85 };
    let ends: &[&String] = match s.ends {
        Ends::None => &[],
        Ends::Bulb => &[first],
        Ends::Both => &[first, last],
    };
    for cell in ends {
        p.push(
            "circle",
            json!({"cells": [cell], "baseC": s.colour, "outlineC": s.colour,
                   "width": size, "height": size, "fromConstraint": s.name}),
        );
    }
}

/// The drawing of indexing cells: a cage around them in the indexer's colour.
pub(super) fn indexer(p: &mut Payload, name: &'static str, colour: &str, cells: &[String]) {
    p.push(
        "cage",
        json!({"cells": cells, "outlineC": colour, "fontC": "#000000", "fromConstraint": name}),
    );
}

/// The drawing of a clue outside the grid: its symbol, and its number over it.
pub(super) fn outside(p: &mut Payload, name: &'static str, symbol: &str, cell: &str, value: &str) {
    p.push(
        "text",
        json!({"cells": [cell], "value": symbol, "fontC": "#000000", "size": 1.2, "fromConstraint": name}),
    );
    p.push(
        "text",
        json!({"cells": [cell], "value": value, "fontC": "#000000", "size": 0.7, "fromConstraint": name}),
    );
}
