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

macro_rules! builtins {
    ($($name:literal),* $(,)?) => {
        /// Every built-in file: (name, TOML text), in listing order.
        pub const BUILTINS: &[(&str, &str)] = &[
            $(($name, include_str!(concat!("../../../variants/", $name, ".toml"))),)*
        ];
    };
}

builtins![
    "classic",
    "x-diagonal",
    "windoku",
    "jigsaw",
    "toroidal",
    "killer",
    "samurai",
    "tredoku",
    "4x4",
    "6x6",
    "16x16",
    "25x25",
    "letters",
];

/// Names of the built-ins, in listing order.
pub fn names() -> Vec<&'static str> {
    BUILTINS.iter().map(|(n, _)| *n).collect()
}

/// The TOML text of a built-in.
pub fn source(name: &str) -> Option<&'static str> {
    BUILTINS.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// The compiled geometry of a built-in (for a built-in puzzle such as `killer`, its geometry
/// including cages). `None` for an unknown name.
pub fn geometry(name: &str) -> Option<Arc<Geometry>> {
    source(name)?;
    load::load_builtin(name).ok().map(|l| l.geometry)
}
