//! What a puzzle is: its variant, givens, size and text forms.

use super::{Handle, Origin};
use shapedoku::Geometry;
use shapedoku::puzzle::{format_canvas, format_line};
use std::sync::Arc;

impl Handle {
    pub(super) fn g(&self) -> &Arc<Geometry> {
        self.puzzle.geometry()
    }
    /// The variant's name.
    pub fn variant(&self) -> String {
        self.g().name().to_string()
    }
    /// The givens as one line in cell order, `.` for empty.
    pub fn line(&self) -> String {
        self.puzzle.to_line()
    }
    /// The known solution (from the file, or the generator), as a line.
    pub fn solution(&self) -> Option<String> {
        self.solution.as_deref().map(|s| self.grid_line(s))
    }
    /// The symbols, in value order.
    pub fn symbols(&self) -> String {
        self.g().symbols().as_string()
    }
    /// Cell names (`r3c7`) in cell order: the order of every line.
    pub fn cell_names(&self) -> Vec<String> {
        self.g().cells().iter().map(ToString::to_string).collect()
    }
    /// How many cells are given.
    pub fn given_count(&self) -> usize {
        self.puzzle.given_count()
    }
    /// The givens drawn on the canvas as text.
    pub fn canvas(&self) -> String {
        format_canvas(self.g(), self.puzzle.givens())
    }
    fn grid_line(&self, grid: &[u8]) -> String {
        let values: Vec<Option<u8>> = grid.iter().map(|&v| Some(v)).collect();
        format_line(self.g(), &values)
    }

    /// A TOML file that loads back to this puzzle: the text it was read from, or the variant,
    /// givens and known solution.
    pub fn to_toml(&self) -> String {
        match &self.origin {
            Origin::Source { text, .. } => text.clone(),
            Origin::Variant(key) => {
                let mut out = format!(
                    "variant = {}\ngivens = {}\n",
                    shapedoku::load::toml_string(key),
                    shapedoku::load::toml_string(&self.line())
                );
                if let Some(s) = self.solution() {
                    out.push_str(&format!(
                        "solution = {}\n",
                        shapedoku::load::toml_string(&s)
                    ));
                }
                out
            }
        }
    }

    /// (name, TOML text, base directory): enough to load the same puzzle in another process.
    pub fn state(&self) -> (String, String, Option<String>) {
        match &self.origin {
            Origin::Source {
                name,
                text,
                base_dir,
            } => (
                name.clone(),
                text.clone(),
                base_dir.as_ref().map(|d| d.display().to_string()),
            ),
            Origin::Variant(_) => ("<puzzle>".into(), self.to_toml(), None),
        }
    }
}
