//! Generating puzzles.

use super::loading::variant;
use super::{Handle, Origin, Problem, load_text};
use shapedoku::generate::{self, KillerOptions, Options, Symmetry, Target};
use shapedoku::load::{self};
use shapedoku::reason::rate;
use shapedoku::{Geometry, Pos, Puzzle};
use std::sync::Arc;

const SYMMETRIES: [Symmetry; 4] = [
    Symmetry::None,
    Symmetry::Rotate180,
    Symmetry::MirrorLeftRight,
    Symmetry::MirrorTopBottom,
];
const LEVELS: [rate::Level; 5] = [
    rate::Level::Easy,
    rate::Level::Medium,
    rate::Level::Hard,
    rate::Level::Expert,
    rate::Level::Extreme,
];

/// The names `generate` accepts for a symmetry, as the command line writes them.
pub fn symmetry_names() -> Vec<&'static str> {
    SYMMETRIES.iter().map(|s| s.name()).collect()
}

/// What to generate.
#[derive(Debug, Clone)]
pub struct GenerateRequest {
    /// Built-in name or path.
    pub variant: String,
    /// The seed: the same seed and request give the same puzzle.
    pub seed: u64,
    /// A symmetry name (see [`symmetry_names`]).
    pub symmetry: String,
    /// A level name to accept only puzzles of that level.
    pub difficulty: Option<String>,
    /// How many givens to leave (`None`: as few as possible).
    pub givens: Option<usize>,
    /// Fresh grids to try before giving up (`None`: the library's default).
    pub attempts: Option<usize>,
    /// Make a Killer: random cages (distinct values, given sums) over the solution, as
    /// `generate --killer` does; the sizes of the cages as (smallest, largest).
    pub killer: Option<(usize, usize)>,
    /// A starting pattern in cell order or as a canvas picture (whitespace ignored): a symbol
    /// is a given fixed at that value, `*` a cell that must be a given, `.` a free cell
    /// (`generate --pattern`).
    pub pattern: Option<String>,
}

/// Reads a starting pattern: fixed givens (symbols) and required cells (`*`), as
/// `generate --pattern` does.
fn pattern(g: &Arc<Geometry>, text: &str) -> Result<(Vec<Option<u8>>, Vec<usize>), Problem> {
    let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let plain: String = chars
        .iter()
        .map(|&c| if c == '*' { '.' } else { c })
        .collect();
    let p = Puzzle::from_line(g.clone(), &plain).map_err(|e| Problem::Puzzle {
        message: format!("pattern: {e} (use `*` for a cell that must be a given)"),
        column: None,
    })?;
    p.check_clashes().map_err(|e| Problem::Puzzle {
        message: format!("pattern: {e}"),
        column: None,
    })?;
    let canvas = chars.len() != g.cell_count();
    let cols = g.cols() as usize;
    let required = chars
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c == '*')
        .filter_map(|(i, _)| {
            if canvas {
                g.cell_at(Pos::new((i / cols) as u32 + 1, (i % cols) as u32 + 1))
            } else {
                Some(i)
            }
        })
        .collect();
    Ok((p.givens().to_vec(), required))
}

/// Generates a puzzle with exactly one solution.
pub fn generate(req: &GenerateRequest) -> Result<Handle, Problem> {
    let (g, key) = variant(&req.variant)?;
    let symmetry = *SYMMETRIES
        .iter()
        .find(|s| s.name() == req.symmetry)
        .ok_or_else(|| {
            Problem::Argument(format!(
                "unknown symmetry `{}`: use one of {}",
                req.symmetry,
                symmetry_names().join(", ")
            ))
        })?;
    let wanted = match &req.difficulty {
        None => None,
        Some(d) => Some(*LEVELS.iter().find(|l| l.name() == d).ok_or_else(|| {
            let names: Vec<_> = LEVELS.iter().map(|l| l.name()).collect();
            Problem::Argument(format!(
                "unknown difficulty `{d}`: use one of {}",
                names.join(", ")
            ))
        })?),
    };
    let filter = move |p: &Puzzle| wanted.is_none_or(|w| rate::rate(p).level == w);
    let (fixed, required) = match &req.pattern {
        Some(p) => pattern(&g, p)?,
        None => (Vec::new(), Vec::new()),
    };
    let killer = req.killer.map(|(min_cage, max_cage)| KillerOptions {
        min_cage,
        max_cage,
        ..KillerOptions::default()
    });
    // As `generate --killer`: without a given count, a Killer keeps no givens (cages only).
    let target = match (req.givens, killer.is_some()) {
        (Some(n), _) => Target::Givens(n),
        (None, false) => Target::Minimal,
        (None, true) => Target::Givens(0),
    };
    let defaults = Options::default();
    let opts = Options {
        seed: req.seed,
        target,
        symmetry,
        fixed,
        required,
        killer,
        attempts: req.attempts.unwrap_or(defaults.attempts),
        accept: wanted.map(|_| &filter as &(dyn Fn(&Puzzle) -> bool + Sync)),
        ..defaults
    };
    let out = generate::generate(g, &opts).map_err(|e| match e {
        generate::GenerateError::Symmetry { .. }
        | generate::GenerateError::Pattern(_)
        | generate::GenerateError::PatternClash(_)
        | generate::GenerateError::Killer(_) => Problem::Argument(e.to_string()),
        e => Problem::Generate(e.to_string()),
    })?;
    if out.cages.is_empty() {
        return Ok(Handle {
            puzzle: out.puzzle,
            solution: Some(out.solution.into_indices()),
            origin: Origin::Variant(key),
        });
    }
    // Generated cages are not part of the variant: the puzzle is the file that adds them,
    // loaded back, so counting, rating, drawing and `to_toml` all see the cages.
    let geo = out.puzzle.geometry();
    let names = |cells: &[usize]| {
        cells
            .iter()
            .map(|&c| geo.pos(c).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut text = format!(
        "# Generated by shapedoku (Python): seed {}, {} cages.\nvariant = {}\ngivens = {}\nsolution = {}\n",
        out.seed,
        out.cages.len(),
        load::toml_string(&key),
        load::toml_string(&out.puzzle.to_line()),
        load::toml_string(&out.solution.to_line()),
    );
    for cage in &out.cages {
        text.push_str(&format!(
            "\n[[cage]]\nsum = {}\ncells = {}\n",
            cage.sum,
            load::toml_string(&names(&cage.cells))
        ));
    }
    load_text("<generated>", &text, None)
}
