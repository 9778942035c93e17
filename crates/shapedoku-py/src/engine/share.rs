//! True candidates, and links to and from the setters' apps.

use super::{Handle, Origin, Problem, load_text};
use serde::Serialize;
use shapedoku::Solver;
use shapedoku::solver::Budget;

/// The true candidates of a puzzle: per cell, the symbols some solution puts there.
#[derive(Debug, Clone, Serialize)]
pub struct CandidatesOut {
    /// The cells' names, in cell order.
    pub cells: Vec<String>,
    /// Per cell, the symbols found in a solution.
    pub possible: Vec<String>,
    /// Per cell, symbols neither found nor ruled out before a limit stopped the search.
    pub undecided: Vec<String>,
    /// Whether every candidate is decided (no limit or solution cap stopped the search).
    pub complete: bool,
    /// Solutions found on the way.
    pub solutions_found: usize,
    /// Whether the solution cap stopped the search.
    pub capped: bool,
}

impl Handle {
    /// The true candidates, as `shapedoku candidates` finds them: at most `max_solutions`
    /// solutions are enumerated, each search under `guesses` (`None`: unlimited).
    pub fn candidates(&self, max_solutions: usize, guesses: Option<u64>) -> CandidatesOut {
        let g = self.g();
        let sym = g.symbols();
        let budget = Budget {
            guesses,
            ..Budget::default()
        };
        let tc = Solver::new(&self.puzzle).true_candidates(max_solutions, &budget);
        let text = |s: &shapedoku::SymbolSet| s.iter().map(|v| sym.char(v)).collect::<String>();
        CandidatesOut {
            cells: (0..g.cell_count()).map(|c| g.pos(c).to_string()).collect(),
            possible: tc.possible.iter().map(text).collect(),
            undecided: tc.undecided.iter().map(text).collect(),
            complete: tc.is_complete(),
            solutions_found: tc.solutions.len(),
            capped: tc.capped,
        }
    }

    /// The puzzle as an f-puzzles (`fpuzzles`) or SudokuPad (`sudokupad`) link, as
    /// `shapedoku export` writes it: the title, author and rules text of the file's header and
    /// the known solution go with it. What the app cannot hold is an `Argument` problem naming
    /// each part.
    pub fn export(&self, target: &str) -> Result<ExportOut, Problem> {
        let (target, id) = match target {
            "fpuzzles" | "f-puzzles" => (shapedoku::export::Target::FPuzzles, "fpuzzles"),
            "sudokupad" => (shapedoku::export::Target::SudokuPad, "sudokupad"),
            t => {
                return Err(Problem::Argument(format!(
                    "unknown export target `{t}`: use fpuzzles or sudokupad"
                )));
            }
        };
        let meta = match &self.origin {
            Origin::Source { text, .. } => shapedoku::export::Meta::from_file(text, self.g()),
            Origin::Variant(_) => shapedoku::export::Meta::from_geometry(self.g()),
        };
        let out = shapedoku::export::export(&self.puzzle, self.solution.as_deref(), &meta, target)
            .map_err(|e| Problem::Argument(format!("cannot export: {e}")))?;
        Ok(ExportOut {
            link: out.link,
            target: id.to_string(),
            with_solution: self.solution.is_some(),
            notes: out.notes,
        })
    }
}

/// A puzzle exported as a link.
#[derive(Debug, Clone, Serialize)]
pub struct ExportOut {
    /// The link.
    pub link: String,
    /// `fpuzzles` or `sudokupad`.
    pub target: String,
    /// Whether the puzzle's solution is in the link (SudokuPad then checks answers).
    pub with_solution: bool,
    /// What the reader should know about the link.
    pub notes: Vec<String>,
}

/// What an imported link brought besides the puzzle.
#[derive(Debug, Clone, Serialize)]
pub struct ImportOut {
    /// `f-puzzles` or `SudokuPad`: the format read.
    pub format: String,
    /// Elements only drawn, not rules, left out of the file (listed in its header too).
    pub left_out: Vec<String>,
    /// Elements read as rules that the reader should check against the rules text.
    pub readings: Vec<String>,
}

/// An f-puzzles or SudokuPad link (or its payload or JSON) as a puzzle: the commented file
/// `shapedoku import` writes, loaded. A link that cannot be imported is an `Argument` problem
/// saying why.
pub fn import_link(link: &str) -> Result<(Handle, ImportOut), Problem> {
    let imported = shapedoku::import::import(link)
        .map_err(|e| Problem::Argument(format!("cannot import: {e}")))?;
    let handle = load_text("<imported>", &imported.toml, None)?;
    Ok((
        handle,
        ImportOut {
            format: imported.format.name().to_string(),
            left_out: imported.left_out,
            readings: imported.readings,
        },
    ))
}
