//! Puzzles: a geometry plus givens. Reading and writing givens, and checking solutions.
//!
//! ```
//! use shapedoku::{builtin, Puzzle};
//! let g = builtin::geometry("4x4").unwrap();
//! let p = Puzzle::from_line(g, "1...  ..2.  .3..  ...4").unwrap();
//! assert_eq!(p.given_count(), 4);
//! assert_eq!(p.to_line(), "1.....2..3.....4");
//! ```

use crate::error::ModelError;
use crate::geometry::{Geometry, Rule, ShapeKind};
use crate::pos::Pos;
use crate::{CellId, Symbol, SymbolSet};
use std::sync::Arc;

/// A geometry with givens: `givens[cell]` is the symbol index given there, if any. A puzzle
/// may also narrow the starting candidates of some cells (see [`Puzzle::set_candidates`]):
/// they are part of the puzzle, so the solver, the reasoner and every check respect them.
#[derive(Debug, Clone)]
pub struct Puzzle {
    geometry: Arc<Geometry>,
    givens: Vec<Option<u8>>,
    /// Each cell's starting candidates, when some cell's are narrowed (`None`: every cell
    /// may hold every symbol).
    candidates: Option<Vec<SymbolSet>>,
}

/// A broken rule in a proposed solution or in givens.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Violation {
    /// A rule beyond shapes (a thermometer, anti-knight, ...) is broken.
    #[error("the rule `{rule}` is broken")]
    Rule {
        /// The rule's name.
        rule: String,
    },
    /// The grid has the wrong number of cells.
    #[error("the grid has {found} cells, the geometry {expected}")]
    Size {
        /// Cells in the grid.
        found: usize,
        /// Cells in the geometry.
        expected: usize,
    },
    /// A cell holds something that is not a symbol index.
    #[error("{pos} holds no valid symbol")]
    BadSymbol {
        /// Where.
        pos: Pos,
    },
    /// A cell disagrees with its given.
    #[error("{pos} is given as `{given}` but holds `{found}`")]
    Given {
        /// Where.
        pos: Pos,
        /// The given.
        given: char,
        /// What the grid holds.
        found: char,
    },
    /// A cell holds a symbol its starting candidates leave out.
    #[error("{pos} holds `{found}`, which its candidates `{candidates}` leave out")]
    Candidates {
        /// Where.
        pos: Pos,
        /// What the grid holds.
        found: char,
        /// The cell's starting candidates.
        candidates: String,
    },
    /// A symbol repeats in a no-repeat shape.
    #[error("`{symbol}` repeats in {shape} at {a} and {b}")]
    Repeat {
        /// Shape label.
        shape: String,
        /// The symbol.
        symbol: char,
        /// First cell.
        a: Pos,
        /// Second cell.
        b: Pos,
    },
    /// A sum shape does not add up.
    #[error("{shape} adds up to {found}, not {total}")]
    Sum {
        /// Shape label.
        shape: String,
        /// Required total.
        total: i64,
        /// Actual sum.
        found: i64,
    },
}

impl Puzzle {
    /// A puzzle from per-cell givens (`None` = empty). Fails on a wrong length or a bad symbol index.
    pub fn new(geometry: Arc<Geometry>, givens: Vec<Option<u8>>) -> Result<Self, ModelError> {
        if givens.len() != geometry.cell_count() {
            return Err(ModelError::GivensLength {
                found: givens.len(),
                expected: format!("the geometry has {} cells", geometry.cell_count()),
            });
        }
        let n = geometry.symbol_count();
        if let Some((c, s)) = givens
            .iter()
            .enumerate()
            .find_map(|(c, g)| g.filter(|&s| s as usize >= n).map(|s| (c, s)))
        {
            return Err(ModelError::NoSuchSymbol {
                pos: geometry.pos(c),
                symbol: s as usize,
                symbols: n,
            });
        }
        Ok(Puzzle {
            geometry,
            givens,
            candidates: None,
        })
    }

    /// An empty puzzle (no givens).
    pub fn empty(geometry: Arc<Geometry>) -> Self {
        let n = geometry.cell_count();
        Puzzle {
            geometry,
            givens: vec![None; n],
            candidates: None,
        }
    }

    /// Reads givens written in cell order (row-major over the cells that exist), whitespace
    /// ignored; `.` is empty, and so is `0` when `0` is not a symbol.
    pub fn from_line(geometry: Arc<Geometry>, text: &str) -> Result<Self, ModelError> {
        let mut p = Puzzle::empty(geometry);
        p.read_line(text)?;
        Ok(p)
    }

    /// Replaces the givens with those of a puzzle line, as [`Puzzle::from_line`] reads it,
    /// reusing this puzzle's geometry and memory: a batch reads one line after another into
    /// one puzzle. On an error the givens are left empty.
    ///
    /// ```
    /// use shapedoku::{builtin, Puzzle};
    /// let mut p = Puzzle::empty(builtin::geometry("4x4").unwrap());
    /// p.read_line("1...  ..2.  .3..  ...4").unwrap();
    /// assert_eq!(p.to_line(), "1.....2..3.....4");
    /// assert!(p.read_line("1234").is_err());
    /// assert_eq!(p.given_count(), 0);
    /// ```
    pub fn read_line(&mut self, text: &str) -> Result<(), ModelError> {
        // A puzzle line has givens only: no cell's candidates carry over from the last one.
        self.candidates = None;
        let read = if text.is_ascii() {
            self.read_ascii(text.as_bytes())
        } else {
            self.read_chars(text)
        };
        if read.is_err() {
            self.givens.fill(None);
        }
        read
    }

    /// [`Puzzle::read_line`] on a line of ASCII characters: one table look-up per byte, no
    /// allocation (a batch reads hundreds of thousands of lines; this was a sixth of the time
    /// of each easy one).
    fn read_ascii(&mut self, text: &[u8]) -> Result<(), ModelError> {
        // The usual line, one byte per cell and nothing else, in one pass; any other byte
        // (a space, a character that is no symbol) takes the general path below.
        if text.len() == self.geometry.cell_count() {
            let symbols = self.geometry.symbols();
            let mut plain = true;
            for (&b, given) in text.iter().zip(self.givens.iter_mut()) {
                *given = symbols.index_of_byte(b);
                plain &= given.is_some() | (b == b'.') | (b == b'0');
            }
            if plain {
                return Ok(());
            }
        }
        // `char::is_whitespace` on ASCII (`u8::is_ascii_whitespace` leaves out the vertical tab).
        let space = |b: u8| matches!(b, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' ');
        let len = text.iter().filter(|&&b| !space(b)).count();
        if len != self.geometry.cell_count() {
            // A canvas picture, or a length error: the general reader says which.
            return self.read_chars(std::str::from_utf8(text).unwrap_or_default());
        }
        let g = &*self.geometry;
        let symbols = g.symbols();
        let cells = text.iter().copied().filter(|&b| !space(b));
        for (i, (b, given)) in cells.zip(self.givens.iter_mut()).enumerate() {
            *given = match symbols.index_of_byte(b) {
                Some(s) => Some(s),
                None => read_symbol(g, b as char, g.pos(i))?,
            };
        }
        Ok(())
    }

    /// [`Puzzle::read_line`] on any line: one character per cell, or per canvas position.
    fn read_chars(&mut self, text: &str) -> Result<(), ModelError> {
        let geometry = &*self.geometry;
        let nc = geometry.cell_count();
        let canvas = (u64::from(geometry.rows()) * u64::from(geometry.cols())) as usize;
        // Counted before anything is collected: a line of the wrong length costs no memory.
        let len = text.chars().filter(|c| !c.is_whitespace()).count();
        if len != nc && len != canvas {
            let expected = if canvas == nc {
                format!("the puzzle has {nc} cells")
            } else {
                format!(
                    "the puzzle has {nc} cells (or {canvas} for a canvas picture with `#` where there is no cell)"
                )
            };
            return Err(ModelError::GivensLength {
                found: len,
                expected,
            });
        }
        if len == nc {
            let cells = text.chars().filter(|c| !c.is_whitespace());
            for (i, (ch, given)) in cells.zip(self.givens.iter_mut()).enumerate() {
                *given = read_symbol(geometry, ch, geometry.pos(i))?;
            }
            return Ok(());
        }
        let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        // A canvas picture (the length was checked): one character per canvas position;
        // positions without a cell must hold a blank marker.
        let mut out = vec![None; nc];
        for (i, &ch) in chars.iter().enumerate() {
            let p = Pos::new(
                i as u32 / geometry.cols() + 1,
                i as u32 % geometry.cols() + 1,
            );
            match geometry.cell_at(p) {
                Some(c) => out[c] = read_symbol(geometry, ch, p)?,
                None if ch == '.' || ch == '#' || ch == '0' => {}
                None => {
                    return Err(ModelError::UnknownSymbol {
                        ch,
                        pos: p,
                        symbols: "(no cell here: write `#` or `.`)".into(),
                    });
                }
            }
        }
        self.givens = out;
        Ok(())
    }

    /// The geometry.
    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }
    /// Givens per cell.
    pub fn givens(&self) -> &[Option<u8>] {
        &self.givens
    }
    /// The given of one cell (`None` when empty), or `None` for a cell not in the geometry.
    pub fn given(&self, cell: CellId) -> Option<Symbol> {
        self.givens
            .get(cell.index())
            .copied()
            .flatten()
            .map(|s| Symbol::new(s as usize))
    }
    /// Sets or clears one given. Fails, changing nothing, for a cell not in the geometry or a
    /// symbol not in its alphabet, so a puzzle's givens are always valid (and
    /// [`Puzzle::to_line`] can always write them).
    ///
    /// ```
    /// use shapedoku::{builtin, CellId, ModelError, Puzzle, Symbol};
    /// let mut p = Puzzle::empty(builtin::geometry("4x4").unwrap());
    /// assert!(p.set_given(CellId::new(0), Some(Symbol::new(3))).is_ok());
    /// assert!(matches!(p.set_given(CellId::new(0), Some(Symbol::new(50))),
    ///     Err(ModelError::NoSuchSymbol { symbol: 50, .. })));
    /// assert!(matches!(p.set_given(CellId::new(16), None), Err(ModelError::NoSuchCellId { .. })));
    /// assert_eq!(p.to_line(), "4...............");
    /// ```
    pub fn set_given(&mut self, cell: CellId, value: Option<Symbol>) -> Result<(), ModelError> {
        let g = &self.geometry;
        let Some(&pos) = g.cells().get(cell.index()) else {
            return Err(ModelError::NoSuchCellId {
                cell: cell.index(),
                cells: g.cell_count(),
            });
        };
        if let Some(s) = value.filter(|s| s.index() >= g.symbol_count()) {
            return Err(ModelError::NoSuchSymbol {
                pos,
                symbol: s.index(),
                symbols: g.symbol_count(),
            });
        }
        // In range: the alphabet has at most 64 symbols.
        self.givens[cell.index()] = value.map(|s| s.index() as u8);
        Ok(())
    }
    /// Narrows the starting candidates of one cell to `set` (a puzzle file's `candidates`):
    /// every solution puts one of them there. Fails, changing nothing, for a cell not in the
    /// geometry, an empty set, a symbol outside the alphabet, or a given cell whose given
    /// `set` leaves out. Setting the full alphabet lifts the cell's narrowing.
    ///
    /// ```
    /// use shapedoku::{builtin, CellId, ModelError, Puzzle, Solver, SymbolSet};
    /// let mut p = Puzzle::from_line(builtin::geometry("4x4").unwrap(), "12.. .... .... ....").unwrap();
    /// // r2c1 is 3 or 4; only 3 is allowed now.
    /// p.set_candidates(CellId::new(4), SymbolSet::single(2)).unwrap();
    /// assert_eq!(p.candidates(CellId::new(4)), SymbolSet::single(2));
    /// assert_eq!(p.candidates(CellId::new(0)), SymbolSet::single(0)); // the given alone
    /// assert!(Solver::new(&p).count(100).solutions.iter().all(|s| s[4] == 2));
    /// assert!(matches!(p.set_candidates(CellId::new(1), SymbolSet::single(0)),
    ///     Err(ModelError::CandidatesExcludeGiven { .. })));
    /// assert!(matches!(p.set_candidates(CellId::new(5), SymbolSet::EMPTY),
    ///     Err(ModelError::NoCandidates { .. })));
    /// ```
    pub fn set_candidates(&mut self, cell: CellId, set: SymbolSet) -> Result<(), ModelError> {
        let g = &self.geometry;
        let Some(&pos) = g.cells().get(cell.index()) else {
            return Err(ModelError::NoSuchCellId {
                cell: cell.index(),
                cells: g.cell_count(),
            });
        };
        let all = g.symbols().all();
        if let Some(symbol) = set.minus(all).first() {
            return Err(ModelError::CandidateNotSymbol {
                pos,
                symbol: symbol as usize,
                symbols: g.symbol_count(),
            });
        }
        if set.is_empty() {
            return Err(ModelError::NoCandidates { pos });
        }
        if let Some(v) = self.givens[cell.index()].filter(|&v| !set.contains(v)) {
            return Err(ModelError::CandidatesExcludeGiven {
                pos,
                given: g.symbols().char(v),
                candidates: g.symbols().write_set(set),
            });
        }
        let n = g.cell_count();
        self.candidates.get_or_insert_with(|| vec![all; n])[cell.index()] = set;
        if self
            .candidates
            .as_ref()
            .is_some_and(|c| c.iter().all(|&s| s == all))
        {
            self.candidates = None;
        }
        Ok(())
    }

    /// The starting candidates of a cell: its given alone, the set the puzzle narrows it to,
    /// or the whole alphabet (the empty set for a cell not in the geometry).
    pub fn candidates(&self, cell: CellId) -> SymbolSet {
        let c = cell.index();
        if c >= self.givens.len() {
            return SymbolSet::EMPTY;
        }
        match (self.givens[c], &self.candidates) {
            (Some(v), _) => SymbolSet::single(v),
            (None, Some(cands)) => cands[c],
            (None, None) => self.geometry.symbols().all(),
        }
    }

    /// Every cell's narrowed starting candidates in cell order (the whole alphabet where a
    /// cell is not narrowed; givens are not folded in), or `None` when no cell is narrowed.
    pub fn narrowed(&self) -> Option<&[SymbolSet]> {
        self.candidates.as_deref()
    }

    /// The first cell where `grid` (a symbol index per cell) leaves the starting candidates,
    /// if any.
    fn outside_candidates(&self, grid: &[u8]) -> Option<usize> {
        let cands = self.candidates.as_ref()?;
        (0..grid.len().min(cands.len())).find(|&c| !cands[c].contains(grid[c]))
    }

    /// Number of givens.
    pub fn given_count(&self) -> usize {
        self.givens.iter().filter(|g| g.is_some()).count()
    }
    /// The givens as one line in cell order, `.` for empty.
    pub fn to_line(&self) -> String {
        format_line(&self.geometry, &self.givens)
    }

    /// Pairs of givens that already break a no-repeat shape: (shape id, cell a, cell b).
    pub fn clashes(&self) -> Vec<(usize, usize, usize)> {
        let mut out = Vec::new();
        self.each_clash(|clash| {
            out.push(clash);
            true
        });
        out
    }

    /// Calls `f` with each clash in the order of [`Puzzle::clashes`] while it returns true.
    /// Nothing is allocated: a batch checks every line that has no solution.
    fn each_clash(&self, mut f: impl FnMut((usize, usize, usize)) -> bool) {
        for (si, s) in self.geometry.shapes().iter().enumerate() {
            if !s.is_no_repeat() {
                continue;
            }
            // Symbol indices are below 64 (the alphabet's limit). Without branches first:
            // whether the values are random, givens mostly do not clash.
            let (mut seen, mut twice) = (0u64, 0u64);
            for &c in &s.cells {
                let bit = self.givens[c].map_or(0, |v| 1u64 << v);
                twice |= seen & bit;
                seen |= bit;
            }
            if twice == 0 {
                continue;
            }
            let mut seen = 0u64;
            for &c in &s.cells {
                let Some(v) = self.givens[c] else { continue };
                let bit = 1u64 << v;
                if seen & bit == 0 {
                    seen |= bit;
                    continue;
                }
                let first = s.cells.iter().copied().find(|&a| self.givens[a] == Some(v));
                if !f((si, first.unwrap_or(c), c)) {
                    return;
                }
            }
        }
    }

    /// The first clash as an error, if any.
    pub fn check_clashes(&self) -> Result<(), ModelError> {
        let mut first = None;
        self.each_clash(|clash| {
            first = Some(clash);
            false
        });
        match first {
            None => Ok(()),
            Some((s, a, b)) => Err(ModelError::GivensClash {
                shape: self.geometry.shape_label(s),
                symbol: self.geometry.symbols().char(self.givens[a].unwrap_or(0)),
                a: self.geometry.pos(a),
                b: self.geometry.pos(b),
            }),
        }
    }

    /// Checks that a full grid (symbol index per cell) agrees with the givens and satisfies
    /// every shape.
    pub fn verify(&self, grid: &[u8]) -> Result<(), Violation> {
        let g = &self.geometry;
        if grid.len() != g.cell_count() {
            return Err(Violation::Size {
                found: grid.len(),
                expected: g.cell_count(),
            });
        }
        let sym = g.symbols();
        for (c, &v) in grid.iter().enumerate() {
            if v as usize >= sym.len() {
                return Err(Violation::BadSymbol { pos: g.pos(c) });
            }
            if let Some(gv) = self.givens[c] {
                if gv != v {
                    return Err(Violation::Given {
                        pos: g.pos(c),
                        given: sym.char(gv),
                        found: sym.char(v),
                    });
                }
            }
        }
        if let Some(c) = self.outside_candidates(grid) {
            let cands = self.candidates(CellId::new(c));
            return Err(Violation::Candidates {
                pos: g.pos(c),
                found: sym.char(grid[c]),
                candidates: sym.write_set(cands),
            });
        }
        verify_shapes(g, grid)
    }
}

/// Checks every shape of a geometry against a full grid.
pub fn verify_shapes(g: &Geometry, grid: &[u8]) -> Result<(), Violation> {
    let sym = g.symbols();
    for (si, s) in g.shapes().iter().enumerate() {
        if s.is_no_repeat() {
            let mut first = [usize::MAX; 64];
            for &c in &s.cells {
                let v = grid[c] as usize;
                if first[v] != usize::MAX {
                    return Err(Violation::Repeat {
                        shape: g.shape_label(si),
                        symbol: sym.char(grid[c]),
                        a: g.pos(first[v]),
                        b: g.pos(c),
                    });
                }
                first[v] = c;
            }
        }
        if let Rule::Sum { total, .. } = s.rule {
            let found: i64 = s.cells.iter().map(|&c| sym.value(grid[c])).sum();
            if found != total {
                return Err(Violation::Sum {
                    shape: g.shape_label(si),
                    total,
                    found,
                });
            }
        }
    }
    let value = |c: crate::CellId| grid.get(c.index()).copied();
    match g.constraints().iter().find(|r| !r.holds(g, &value)) {
        Some(r) => Err(Violation::Rule {
            rule: r.name.clone(),
        }),
        None => Ok(()),
    }
}

fn read_symbol(g: &Geometry, ch: char, pos: Pos) -> Result<Option<u8>, ModelError> {
    if let Some(i) = g.symbols().index_of(ch) {
        return Ok(Some(i));
    }
    if ch == '.' || ch == '0' {
        return Ok(None);
    }
    Err(ModelError::UnknownSymbol {
        ch,
        pos,
        symbols: g.symbols().as_string(),
    })
}

/// Writes per-cell values as one line in cell order, `.` for empty and `?` for an index that is
/// not a symbol of the alphabet (so a bad value shows instead of panicking).
pub fn format_line(g: &Geometry, values: &[Option<u8>]) -> String {
    let chars = g.symbols().chars();
    values
        .iter()
        .map(|v| v.map_or('.', |s| chars.get(s as usize).copied().unwrap_or('?')))
        .collect()
}

/// Draws per-cell values on the canvas as text: one line per canvas row, symbols separated by
/// spaces, `.` for an empty cell, blank where there is no cell. A single grid with boxes gets
/// box borders (`|` and `-+-`); a single grid with a region map instead (jigsaw, toroidal) gets
/// the regions' borders (`|`, `-` and `+` in place of the spaces); a canvas of several grids
/// (Samurai) or of explicit boxes
/// (Tredoku) gets a wider gap between box columns and a blank line between box rows, since
/// border lines would cross the gaps between grids.
///
/// ```
/// use shapedoku::{builtin, puzzle::format_canvas};
/// let g = builtin::geometry("samurai").unwrap();
/// let text = format_canvas(&g, &vec![None; g.cell_count()]);
/// assert_eq!(text.lines().count(), 21 + 6); // 21 canvas rows, a gap after every 3 but the last
/// assert!(text.starts_with(". . .  . . .  . . .         . . .  . . .  . . .\n"));
///
/// let g = builtin::geometry("jigsaw").unwrap();
/// let text = format_canvas(&g, &vec![None; g.cell_count()]);
/// assert!(text.starts_with(". . .|.|. . . . .\n")); // regions AAA, B, CCCCC
/// ```
pub fn format_canvas(g: &Geometry, values: &[Option<u8>]) -> String {
    let boxes = if g.is_single_grid() {
        g.grids()[0].boxes
    } else {
        None
    };
    if boxes.is_none() {
        if let Some(map) = region_map(g) {
            return format_regions(g, &map, values);
        }
    }
    let mut out = String::new();
    let blocks = if boxes.is_none() {
        canvas_blocks(g)
    } else {
        None
    };
    for r in 1..=g.rows() {
        if let Some((h, w)) = boxes {
            if r > 1 && (r - 1) % h == 0 {
                let seg = "-".repeat((w * 2 - 1) as usize);
                let line = vec![seg; (g.cols() / w) as usize].join("-+-");
                out.push_str(&line);
                out.push('\n');
            }
        }
        if let Some((h, _)) = blocks {
            if r > 1 && (r - 1) % h == 0 {
                out.push('\n');
            }
        }
        let mut line = String::new();
        for c in 1..=g.cols() {
            if c > 1 {
                if let Some((_, w)) = boxes {
                    if (c - 1) % w == 0 {
                        line.push_str(" |");
                    }
                }
                if let Some((_, w)) = blocks {
                    if (c - 1) % w == 0 {
                        line.push(' ');
                    }
                }
                line.push(' ');
            }
            match g.cell_at(Pos::new(r, c)) {
                Some(cell) => line.push(values[cell].map_or('.', |s| g.symbols().char(s))),
                None => line.push(' '),
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// For a single grid without boxes but with a region map (jigsaw, toroidal): the region of each
/// cell (its shape id, or `usize::MAX` for none), in cell order.
fn region_map(g: &Geometry) -> Option<Vec<usize>> {
    if !g.is_single_grid() || g.grids()[0].regions.is_none() {
        return None;
    }
    let mut map = vec![usize::MAX; g.cell_count()];
    for (id, s) in g.shapes().iter().enumerate() {
        if s.kind == ShapeKind::Region {
            for &c in &s.cells {
                map[c] = id;
            }
        }
    }
    Some(map)
}

/// Draws a single grid with region borders: `|` between cells of different regions in a row,
/// `-` between rows, `+` where borders meet.
fn format_regions(g: &Geometry, map: &[usize], values: &[Option<u8>]) -> String {
    let (n, m) = (g.rows(), g.cols());
    let reg = |r: u32, c: u32| {
        map[g
            .cell_at(Pos::new(r, c))
            .expect("a single grid has every cell")]
    };
    let mut out = String::new();
    for r in 1..=n {
        let mut line = String::new();
        for c in 1..=m {
            let cell = g
                .cell_at(Pos::new(r, c))
                .expect("a single grid has every cell");
            line.push(values[cell].map_or('.', |s| g.symbols().char(s)));
            if c < m {
                line.push(if reg(r, c) != reg(r, c + 1) { '|' } else { ' ' });
            }
        }
        out.push_str(&line);
        out.push('\n');
        if r == n {
            break;
        }
        let mut border = String::new();
        for c in 1..=m {
            border.push(if reg(r, c) != reg(r + 1, c) { '-' } else { ' ' });
            if c < m {
                let up = reg(r, c) != reg(r, c + 1);
                let down = reg(r + 1, c) != reg(r + 1, c + 1);
                let left = reg(r, c) != reg(r + 1, c);
                let right = reg(r, c + 1) != reg(r + 1, c + 1);
                border.push(match (up || down, left || right) {
                    (true, true) => '+',
                    (true, false) => '|',
                    (false, true) => '-',
                    (false, false) => ' ',
                });
            }
        }
        let border = border.trim_end();
        if !border.is_empty() {
            out.push_str(border);
            out.push('\n');
        }
    }
    out
}

/// The box size (height, width) shared by every box of a canvas that is not one plain grid, when
/// all boxes line up on one lattice from r1c1: every grid has the same boxes at aligned offsets,
/// or, without grids, every N-cell rectangle among the shapes has the same size and alignment.
fn canvas_blocks(g: &Geometry) -> Option<(u32, u32)> {
    let aligned = |at: Pos, (h, w): (u32, u32)| (at.row - 1) % h == 0 && (at.col - 1) % w == 0;
    if !g.grids().is_empty() {
        let first = g.grids()[0].boxes?;
        let all = g
            .grids()
            .iter()
            .all(|gr| gr.boxes == Some(first) && aligned(gr.at, first));
        return all.then_some(first);
    }
    let n = g.symbol_count();
    let mut found: Option<(u32, u32)> = None;
    for s in g.shapes() {
        if s.cells.len() != n {
            continue;
        }
        let pos: Vec<Pos> = s.cells.iter().map(|&c| g.pos(c)).collect();
        let top = pos.iter().map(|p| p.row).min()?;
        let left = pos.iter().map(|p| p.col).min()?;
        let h = pos.iter().map(|p| p.row).max()? - top + 1;
        let w = pos.iter().map(|p| p.col).max()? - left + 1;
        // Only solid rectangles at least 2 wide and tall are boxes; lines are not.
        if (h * w) as usize != n || h < 2 || w < 2 {
            continue;
        }
        if !aligned(Pos::new(top, left), (h, w)) || found.is_some_and(|f| f != (h, w)) {
            return None;
        }
        found = Some((h, w));
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtin;

    #[test]
    fn bad_givens_are_refused_and_lines_always_write() {
        let g = builtin::geometry("classic").unwrap();
        let mut p = Puzzle::empty(g.clone());
        let before = p.to_line();
        assert!(matches!(
            p.set_given(CellId::new(0), Some(Symbol::new(50))),
            Err(ModelError::NoSuchSymbol { symbol: 50, .. })
        ));
        assert!(matches!(
            p.set_given(CellId::new(81), Some(Symbol::new(0))),
            Err(ModelError::NoSuchCellId {
                cell: 81,
                cells: 81
            })
        ));
        assert_eq!(p.to_line(), before);
        assert!(matches!(
            Puzzle::new(g.clone(), vec![Some(9); 81]),
            Err(ModelError::NoSuchSymbol { symbol: 9, .. })
        ));
        // The free writer shows a value outside the alphabet instead of panicking.
        assert_eq!(format_line(&g, &[Some(0), None, Some(200)]), "1.?");
    }
}
