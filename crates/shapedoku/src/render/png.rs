//! Rasterising the SVG with resvg (the `png` feature).

use super::RenderOptions;
use crate::puzzle::Puzzle;

/// Why a PNG could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot make a PNG: {0}")]
pub struct PngError(pub String);

/// Draws a puzzle as PNG bytes: the [`super::svg`] drawing rasterised at one pixel per SVG unit
/// (so `cell_size` is the cell side in pixels), text set in the system's fonts.
pub fn png(puzzle: &Puzzle, opts: &RenderOptions<'_>) -> Result<Vec<u8>, PngError> {
    use resvg::{tiny_skia, usvg};
    let svg = super::svg(puzzle, opts);
    let mut o = usvg::Options::default();
    o.fontdb_mut().load_system_fonts();
    let tree = usvg::Tree::from_str(&svg, &o).map_err(|e| PngError(e.to_string()))?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).ok_or_else(|| {
        PngError(format!(
            "the drawing is too large ({}x{} px)",
            size.width(),
            size.height()
        ))
    })?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| PngError(e.to_string()))
}
