//! Drawing as SVG.

use super::{Handle, Problem};
use shapedoku::render::{self, RenderOptions};
use shapedoku::{Grid, Solver};

impl Handle {
    /// The puzzle as SVG; with `solution`, the solution drawn in (the known one, else the first
    /// the solver finds).
    pub fn render_svg(
        &self,
        solution: bool,
        cell_size: Option<u32>,
        title: Option<String>,
    ) -> Result<String, Problem> {
        let grid = if solution {
            match &self.solution {
                Some(s) => Some(s.clone()),
                None if self.puzzle.clashes().is_empty() => {
                    Solver::new(&self.puzzle).solve().map(Grid::into_indices)
                }
                None => None,
            }
            .map(Some)
            .ok_or_else(|| Problem::Unsolvable("the puzzle has no solution to draw".into()))?
        } else {
            None
        };
        let defaults = RenderOptions::default();
        let opts = RenderOptions {
            solution: grid.as_deref(),
            cell_size: cell_size.unwrap_or(defaults.cell_size),
            title,
            ..defaults
        };
        Ok(render::svg(&self.puzzle, &opts))
    }
}
