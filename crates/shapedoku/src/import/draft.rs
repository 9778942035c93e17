//! What an import found, in the engine's terms, before it is written: the grid, givens,
//! regions, cages, rules and metadata, plus what was left out and why. [`Draft::to_toml`]
//! writes it as a commented puzzle file; the caller loads that file back to check it.

use crate::load::toml_string;
use std::fmt::Write;

/// A cell as (row, column), 1-based.
pub(super) type Rc = (u32, u32);

/// The symbols of an imported puzzle of size N: the first N of these, valued 1 to N as
/// f-puzzles and SudokuPad value them.
pub(super) const SYMBOLS: &str = "123456789ABCDEFG";

/// The largest grid the importers take (f-puzzles' largest).
pub(super) const MAX_SIZE: u32 = 16;

/// A Killer cage.
#[derive(Debug, Clone)]
pub(super) struct Cage {
    pub cells: Vec<Rc>,
    pub sum: i64,
    /// Where it came from, for the comment beside it (`killercage 3`).
    pub origin: String,
}

/// An extra no-repeat region.
#[derive(Debug, Clone)]
pub(super) struct Region {
    pub cells: Vec<Rc>,
    pub origin: String,
}

/// A `[[rule]]`: its type, its cells in order (none for a global rule), and any further keys
/// as written in TOML.
#[derive(Debug, Clone)]
pub(super) struct RuleDraft {
    pub kind: String,
    pub cells: Vec<Rc>,
    pub keys: Vec<(String, String)>,
    pub origin: String,
}

/// An imported puzzle.
#[derive(Debug, Clone, Default)]
pub(super) struct Draft {
    pub size: u32,
    /// Value (1..=size) per cell, row by row.
    pub givens: Vec<Option<u32>>,
    /// Region number per cell, row by row (`None`: the cell is in no region); empty for the
    /// standard boxes.
    pub regions: Vec<Option<i64>>,
    /// The ↘ diagonal (top left to bottom right) and the ↗ one.
    pub diagonals: [bool; 2],
    pub cages: Vec<Cage>,
    /// Killer cages without a total: no repeats, no sum.
    pub plain_cages: Vec<Region>,
    pub extra_regions: Vec<Region>,
    /// Cells whose candidates the puzzle narrows (f-puzzles' given pencil marks), with the
    /// values each may hold.
    pub candidates: Vec<(Rc, Vec<u32>)>,
    pub rules: Vec<RuleDraft>,
    pub title: Option<String>,
    pub author: Option<String>,
    pub rules_text: Option<String>,
    /// Value per cell, row by row, when the source gives a complete solution.
    pub solution: Option<Vec<u32>>,
    /// What was not imported (cosmetic elements), one line each.
    pub left_out: Vec<String>,
    /// How ambiguous elements were read, one line each.
    pub readings: Vec<String>,
}

/// The box shape f-puzzles and SudokuPad give a grid of `size`: as square as divides it, the
/// taller side no longer than the wider (6 → 2 rows by 3 columns).
pub(super) fn box_shape(size: u32) -> (u32, u32) {
    let mut h = (f64::from(size)).sqrt().floor() as u32;
    while h > 1 && size % h != 0 {
        h -= 1;
    }
    let h = h.max(1);
    (h, size / h)
}

/// `r3c7 r3c8 ...`.
pub(super) fn cell_list(cells: &[Rc]) -> String {
    let v: Vec<String> = cells.iter().map(|&(r, c)| format!("r{r}c{c}")).collect();
    v.join(" ")
}

impl Draft {
    /// A blank draft of a size-by-size grid.
    pub(super) fn new(size: u32) -> Draft {
        let n = (size * size) as usize;
        Draft {
            size,
            givens: vec![None; n],
            ..Draft::default()
        }
    }

    /// The region map for `[[grid]] regions`, or `None` when the regions are the standard
    /// boxes (or every cell is in its own... nothing: no regions at all is a map of `.`).
    fn region_map(&self) -> Result<Option<String>, String> {
        if self.regions.is_empty() {
            return Ok(None);
        }
        let (h, w) = box_shape(self.size);
        let n = self.size;
        let standard = (0..n * n).all(|i| {
            let (r, c) = (i / n, i % n);
            self.regions[i as usize] == Some(i64::from((r / h) * h + c / w))
        });
        if standard {
            return Ok(None);
        }
        const NAMES: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
        let mut seen: Vec<i64> = Vec::new();
        let mut map = String::new();
        for (i, reg) in self.regions.iter().enumerate() {
            if i > 0 && i % n as usize == 0 {
                map.push('\n');
            }
            match reg {
                None => map.push('.'),
                Some(r) => {
                    let k = match seen.iter().position(|x| x == r) {
                        Some(k) => k,
                        None => {
                            seen.push(*r);
                            seen.len() - 1
                        }
                    };
                    let ch = NAMES.chars().nth(k).ok_or_else(|| {
                        format!(
                            "the grid has {} regions, more than the 62 a file can name",
                            seen.len()
                        )
                    })?;
                    map.push(ch);
                }
            }
        }
        Ok(Some(map))
    }

    fn grid_text(&self, values: &[Option<u32>]) -> String {
        let n = self.size as usize;
        let mut s = String::new();
        for (i, v) in values.iter().enumerate() {
            if i > 0 && i % n == 0 {
                s.push('\n');
            }
            s.push(match v {
                Some(v) => SYMBOLS.chars().nth(*v as usize - 1).unwrap_or('?'),
                None => '.',
            });
        }
        s
    }

    /// The draft as a commented puzzle file; `source` names the format in the header.
    pub(super) fn to_toml(&self, source: &str) -> Result<String, String> {
        let mut t = String::new();
        self.header(&mut t, source);
        let name = self.title.as_deref().unwrap_or("imported puzzle");
        let _ = writeln!(t, "name = {}", toml_string(name));
        if let Some(a) = &self.author {
            let _ = writeln!(t, "description = {}", toml_string(&format!("by {a}")));
        }
        let symbols: String = SYMBOLS.chars().take(self.size as usize).collect();
        let _ = writeln!(t, "symbols = {}", toml_string(&symbols));
        let _ = writeln!(
            t,
            "givens = \"\"\"\n{}\n\"\"\"",
            self.grid_text(&self.givens)
        );
        if !self.candidates.is_empty() {
            let cells: Vec<String> = (self.candidates.iter())
                .map(|((r, c), vals)| {
                    let set: String = (vals.iter())
                        .filter_map(|&v| SYMBOLS.chars().nth(v as usize - 1))
                        .collect();
                    format!("r{r}c{c} = {}", toml_string(&set))
                })
                .collect();
            let _ = writeln!(t, "candidates = {{ {} }}", cells.join(", "));
        }
        if let Some(sol) = &self.solution {
            let vals: Vec<Option<u32>> = sol.iter().map(|&v| Some(v)).collect();
            let _ = writeln!(t, "solution = \"\"\"\n{}\n\"\"\"", self.grid_text(&vals));
        }
        self.grid_table(&mut t)?;
        self.shape_tables(&mut t);
        Ok(t)
    }

    fn header(&self, t: &mut String, source: &str) {
        let _ = writeln!(t, "# Imported from {source} by `shapedoku import`.");
        if let Some(x) = &self.title {
            let _ = writeln!(t, "# Title: {}", one_line(x));
        }
        if let Some(x) = &self.author {
            let _ = writeln!(t, "# Author: {}", one_line(x));
        }
        if let Some(x) = &self.rules_text {
            let _ = writeln!(t, "# Rules:");
            for line in x.lines() {
                let _ = writeln!(t, "#   {}", line.trim_end());
            }
        }
        if !self.readings.is_empty() {
            let _ = writeln!(t, "#\n# Read as (check against the rules):");
            for r in &self.readings {
                let _ = writeln!(t, "#   - {}", one_line(r));
            }
        }
        if !self.left_out.is_empty() {
            let _ = writeln!(
                t,
                "#\n# Not imported: drawn only, their meaning lives in the rules text and nothing here checks it:"
            );
            for r in &self.left_out {
                let _ = writeln!(t, "#   - {}", one_line(r));
            }
        }
        t.push('\n');
    }

    fn grid_table(&self, t: &mut String) -> Result<(), String> {
        let _ = writeln!(t, "\n[[grid]]\nsize = {}", self.size);
        match self.region_map()? {
            Some(map) => {
                let _ = writeln!(t, "regions = \"\"\"\n{map}\n\"\"\"");
            }
            None => {
                let (h, w) = box_shape(self.size);
                // A box one row high is a row: no boxes then, as f-puzzles draws none.
                if h > 1 {
                    let _ = writeln!(t, "box = [{h}, {w}]");
                }
            }
        }
        if self.diagonals == [true, true] {
            let _ = writeln!(t, "diagonals = true");
        }
        Ok(())
    }

    fn shape_tables(&self, t: &mut String) {
        let n = self.size;
        let diagonal = |down: bool| -> Vec<Rc> {
            (1..=n)
                .map(|i| if down { (i, i) } else { (n + 1 - i, i) })
                .collect()
        };
        if self.diagonals != [true, true] {
            for (on, name, down) in [
                (self.diagonals[0], "diagonal ↘", true),
                (self.diagonals[1], "diagonal ↗", false),
            ] {
                if on {
                    let _ = writeln!(
                        t,
                        "\n[[shape]]\nname = {}\ncells = {}",
                        toml_string(name),
                        toml_string(&cell_list(&diagonal(down)))
                    );
                }
            }
        }
        for r in &self.extra_regions {
            let _ = writeln!(
                t,
                "\n[[shape]]   # {}\ncells = {}",
                one_line(&r.origin),
                toml_string(&cell_list(&r.cells))
            );
        }
        for c in &self.plain_cages {
            let _ = writeln!(
                t,
                "\n[[cage]]   # {}\ncells = {}",
                one_line(&c.origin),
                toml_string(&cell_list(&c.cells))
            );
        }
        for c in &self.cages {
            let _ = writeln!(
                t,
                "\n[[cage]]   # {}\nsum = {}\ncells = {}",
                one_line(&c.origin),
                c.sum,
                toml_string(&cell_list(&c.cells))
            );
        }
        for r in &self.rules {
            let _ = writeln!(
                t,
                "\n[[rule]]   # {}\ntype = {}",
                one_line(&r.origin),
                toml_string(&r.kind)
            );
            if !r.cells.is_empty() {
                let _ = writeln!(t, "cells = {}", toml_string(&cell_list(&r.cells)));
            }
            for (k, v) in &r.keys {
                let _ = writeln!(t, "{k} = {v}");
            }
        }
    }
}

/// Text for a one-line comment: line breaks become spaces.
fn one_line(s: &str) -> String {
    s.split(['\n', '\r'])
        .map(str::trim)
        .filter(|x| !x.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// `R3C7` → (3, 7), within a grid of `size`: f-puzzles' cell references, which SudokuPad's
/// JSON uses too.
pub(in crate::import) fn parse_rc(s: &str, size: u32) -> Option<Rc> {
    let u = s.trim().to_ascii_uppercase();
    let (r, c) = u.strip_prefix('R')?.split_once('C')?;
    let (r, c) = (r.parse::<u32>().ok()?, c.parse::<u32>().ok()?);
    ((1..=size).contains(&r) && (1..=size).contains(&c)).then_some((r, c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn box_shapes_follow_f_puzzles() {
        assert_eq!(box_shape(9), (3, 3));
        assert_eq!(box_shape(6), (2, 3));
        assert_eq!(box_shape(8), (2, 4));
        assert_eq!(box_shape(12), (3, 4));
        assert_eq!(box_shape(16), (4, 4));
        assert_eq!(box_shape(5), (1, 5));
        assert_eq!(box_shape(10), (2, 5));
    }
}
