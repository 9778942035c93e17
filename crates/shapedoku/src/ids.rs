//! Typed ids, so a cell, a shape and a symbol can never be mixed up: [`CellId`] (a cell of one
//! geometry, in cell order), [`ShapeId`] (a shape of one geometry, in shape order) and
//! [`Symbol`] (a symbol of one alphabet, by its position in it, 0-based).
//!
//! An id is only meaningful for the geometry (or alphabet) it came from; functions that take an
//! id from outside check it and return an error for one that is out of range.
//!
//! ```
//! use shapedoku::{CellId, ShapeId, Symbol};
//! let c = CellId::new(40);
//! assert_eq!(c.index(), 40);
//! assert_eq!(Symbol::new(4).index(), 4);
//! assert!(ShapeId::new(3) < ShapeId::new(5));
//! ```

use std::fmt;

macro_rules! id {
    ($(#[$doc:meta])* $name:ident($inner:ty), $what:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize), serde(transparent))]
        pub struct $name($inner);

        impl $name {
            #[doc = concat!("The ", $what, " with this 0-based index.")]
            ///
            /// # Panics
            /// When the index does not fit the id's integer type (never for a valid geometry).
            #[inline]
            pub fn new(index: usize) -> Self {
                match <$inner>::try_from(index) {
                    Ok(i) => $name(i),
                    Err(_) => panic!(concat!($what, " index {} out of range"), index),
                }
            }
            #[doc = concat!("The 0-based index of this ", $what, ".")]
            #[inline]
            pub const fn index(self) -> usize {
                self.0 as usize
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!(stringify!($name), "({})"), self.0)
            }
        }

        impl From<$name> for usize {
            fn from(id: $name) -> usize {
                id.index()
            }
        }
    };
}

id!(
    /// A cell of one geometry: its index in cell order (row-major over the canvas).
    CellId(u32),
    "cell"
);
id!(
    /// A shape of one geometry: its index in the geometry's shape list.
    ShapeId(u32),
    "shape"
);
id!(
    /// A symbol of one alphabet, by its 0-based position in it (the first symbol is 0). Its
    /// character and value come from the alphabet ([`crate::Symbols`]).
    Symbol(u8),
    "symbol"
);
