//! Whether a geometry is what the f-puzzles format holds (one square grid of 1x1 to 16x16 with
//! rows and columns, its digits 1 to N), and the grid as the format writes it: cells as
//! `R3C7` from the grid's corner, and the grid's partition into regions (f-puzzles' boxes,
//! which the format's region numbers may redraw).

use super::Refused;
use crate::{CellId, Geometry, GridSpec, Pos};

/// The largest grid f-puzzles draws.
pub(super) const MAX_SIZE: u32 = 16;

/// The digits shapedoku's importer gives a grid of size N: the first N of these.
pub(super) const DIGITS: &str = "123456789ABCDEFG";

/// A single square grid as f-puzzles holds it.
#[derive(Debug, Clone)]
pub(super) struct Layout {
    /// The side, and the number of digits.
    pub n: u32,
    /// The canvas position of the grid's first cell.
    pub at: Pos,
    /// The region of each cell (index into `regions`), or `None` for a cell in no region.
    pub region_of: Vec<Option<usize>>,
    /// The partition's regions, each N cells in reading order: the grid's boxes, else the
    /// N-cell regions of its region map.
    pub regions: Vec<Vec<usize>>,
}

/// The box shape f-puzzles gives a grid of `n`: as square as divides it, the taller side no
/// longer than the wider (6 → 2 rows by 3 columns; a prime n → rows).
pub(super) fn default_boxes(n: u32) -> (u32, u32) {
    let mut h = f64::from(n).sqrt().floor() as u32;
    while h > 1 && n % h != 0 {
        h -= 1;
    }
    let h = h.max(1);
    (h, n / h)
}

impl Layout {
    /// The grid of `g`, or why f-puzzles cannot hold it (then nothing else is checked: the
    /// rest would be measured against a grid that is not there).
    pub(super) fn of(g: &Geometry) -> Result<Layout, Vec<Refused>> {
        if !g.faces().is_empty() {
            return Err(vec![Refused::new(
                "the layout",
                "its faces lie in space (a Tredoku); f-puzzles draws one flat square grid",
            )]);
        }
        let grid = match g.grids() {
            [one] => one,
            [] => {
                return Err(vec![Refused::new(
                    "the layout",
                    "it has no grid, only cells; f-puzzles holds one square grid",
                )]);
            }
            many => {
                return Err(vec![Refused::new(
                    "the layout",
                    format!(
                        "it has {} grids; f-puzzles holds one square grid",
                        many.len()
                    ),
                )]);
            }
        };
        let Some(n) = grid.side() else {
            return Err(vec![Refused::new(
                "the grid",
                format!(
                    "it is {}x{}; f-puzzles holds one square grid",
                    grid.height, grid.width
                ),
            )]);
        };
        let mut refused = Vec::new();
        if n > MAX_SIZE {
            refused.push(Refused::new(
                "the grid",
                format!("it is {n}x{n}; f-puzzles grids are 1x1 to {MAX_SIZE}x{MAX_SIZE}"),
            ));
        }
        if g.cell_count() != (n * n) as usize {
            let outside = g
                .cells()
                .iter()
                .find(|&&p| !grid.contains(p))
                .map_or(String::new(), |p| format!(" such as {p}"));
            refused.push(Refused::new(
                "the layout",
                format!("it has cells outside its grid{outside}; f-puzzles holds the grid alone"),
            ));
        }
        if !grid.rows || !grid.columns {
            refused.push(Refused::new(
                "the grid",
                "it has no rows or no columns as houses; in f-puzzles every row and column holds each digit once",
            ));
        }
        if !refused.is_empty() {
            return Err(refused);
        }
        let (region_of, regions) = partition(g, grid);
        Ok(Layout {
            n,
            at: grid.at,
            region_of,
            regions,
        })
    }

    /// A cell's row and column within the grid, from 1.
    pub(super) fn rc(&self, g: &Geometry, cell: CellId) -> (u32, u32) {
        let p = g.pos(cell.index());
        (p.row + 1 - self.at.row, p.col + 1 - self.at.col)
    }

    /// A cell as f-puzzles names it: `R3C7`.
    pub(super) fn name(&self, g: &Geometry, cell: CellId) -> String {
        let (r, c) = self.rc(g, cell);
        format!("R{r}C{c}")
    }

    /// A position of the canvas (a clue outside the grid) as f-puzzles names it, row or
    /// column 0 being just above or left of the grid; `None` when it is not in the ring of
    /// positions around the grid.
    pub(super) fn outside_name(&self, clue: (u32, u32)) -> Option<(i64, i64, String)> {
        let r = i64::from(clue.0) + 1 - i64::from(self.at.row);
        let c = i64::from(clue.1) + 1 - i64::from(self.at.col);
        let n = i64::from(self.n);
        let ring = |x: i64| (0..=n + 1).contains(&x);
        (ring(r) && ring(c)).then(|| (r, c, format!("R{r}C{c}")))
    }

    /// The cell at a grid row and column (from 1), if inside.
    pub(super) fn cell(&self, g: &Geometry, r: i64, c: i64) -> Option<CellId> {
        let n = i64::from(self.n);
        if !(1..=n).contains(&r) || !(1..=n).contains(&c) {
            return None;
        }
        let p = Pos::new(self.at.row + r as u32 - 1, self.at.col + c as u32 - 1);
        g.cell_at(p).map(CellId::new)
    }

    /// Whether the partition is f-puzzles' default boxes for the size, so no cell needs a
    /// `region` of its own.
    pub(super) fn default_regions(&self, g: &Geometry) -> bool {
        let (h, w) = default_boxes(self.n);
        let box_of = |c: usize| {
            let (r, col) = self.rc(g, CellId::new(c));
            (r - 1) / h * h + (col - 1) / w
        };
        // N regions of N cells, each inside one default box, are the default boxes.
        self.regions.len() == self.n as usize
            && self.region_of.iter().all(Option::is_some)
            && self
                .regions
                .iter()
                .all(|reg| reg.iter().all(|&c| box_of(c) == box_of(reg[0])))
    }
}

/// The grid's regions as f-puzzles' partition: its boxes, or else the regions of its region
/// map that hold N cells (a smaller region of the map is an extra region; see `fpuzzles.rs`).
/// Read off the grid's description, since a shape of kind `box` may also be written by hand.
fn partition(g: &Geometry, grid: &GridSpec) -> (Vec<Option<usize>>, Vec<Vec<usize>>) {
    let width = grid.width;
    let cell = |r: u32, c: u32| g.cell_at(Pos::new(grid.at.row + r, grid.at.col + c));
    let mut groups: Vec<(char, Vec<usize>)> = Vec::new();
    for r in 0..grid.height {
        for c in 0..width {
            let Some(x) = cell(r, c) else { continue };
            let key = match (grid.boxes, &grid.regions) {
                (Some((h, w)), _) => char::from_u32(r / h * (width / w) + c / w).unwrap_or('.'),
                (None, Some(map)) => map.get((r * width + c) as usize).copied().unwrap_or('.'),
                (None, None) => '.',
            };
            if key == '.' && grid.boxes.is_none() {
                continue;
            }
            match groups.iter_mut().find(|gr| gr.0 == key) {
                Some(gr) => gr.1.push(x),
                None => groups.push((key, vec![x])),
            }
        }
    }
    let mut region_of = vec![None; g.cell_count()];
    let mut regions = Vec::new();
    for (_, cells) in groups.into_iter().filter(|gr| gr.1.len() == width as usize) {
        for &c in &cells {
            region_of[c] = Some(regions.len());
        }
        regions.push(cells);
    }
    (region_of, regions)
}

/// Whether a shape's cells are one of the partition's regions, so it needs no entry of its own.
pub(super) fn in_partition(layout: &Layout, cells: &[usize]) -> bool {
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    layout.regions.contains(&sorted)
}

/// Checks the symbols: N of them, valued 1 to N in order, as f-puzzles' digits are. Other
/// characters are written as those digits, and a note says so.
pub(super) fn symbols(g: &Geometry, n: u32, notes: &mut Vec<String>) -> Result<(), Refused> {
    let sy = g.symbols();
    if sy.len() != n as usize {
        return Err(Refused::new(
            "the symbols",
            format!(
                "there are {} symbols on a {n}x{n} grid; f-puzzles places the digits 1 to {n}",
                sy.len()
            ),
        ));
    }
    let wanted: Vec<i64> = (1..=i64::from(n)).collect();
    if sy.values() != wanted.as_slice() {
        let values: Vec<String> = sy.values().iter().map(i64::to_string).collect();
        return Err(Refused::new(
            "the symbols",
            format!(
                "their values are {}; f-puzzles' digits are 1 to {n}, and the rules that add or compare values would change meaning",
                values.join(", ")
            ),
        ));
    }
    let digits: String = DIGITS.chars().take(n as usize).collect();
    if sy.as_string() != digits {
        notes.push(format!(
            "the symbols {} are written as f-puzzles' digits 1 to {n}, in order",
            sy.as_string()
        ));
    }
    Ok(())
}

/// The cells of a list as f-puzzles names them.
pub(super) fn names(g: &Geometry, layout: &Layout, cells: &[usize]) -> Vec<String> {
    cells
        .iter()
        .map(|&c| layout.name(g, CellId::new(c)))
        .collect()
}
