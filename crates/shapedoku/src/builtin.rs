//! Built-in variants, embedded from `variants/` so they work from any directory.
//!
//! ```
//! use shapedoku::builtin;
//! assert!(builtin::names().contains(&"classic"));
//! let g = builtin::geometry("classic").unwrap();
//! assert_eq!(g.cell_count(), 81);
//! ```

use crate::geometry::Geometry;
use crate::load;
use std::sync::Arc;

pub use crate::embedded::{BUILTINS, names, source};

/// The compiled geometry of a built-in (for a built-in puzzle such as `killer`, its geometry
/// including cages). `None` for an unknown name.
pub fn geometry(name: &str) -> Option<Arc<Geometry>> {
    source(name)?;
    load::load_builtin(name).ok().map(|l| l.geometry)
}
