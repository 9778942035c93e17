//! The basic techniques: singles, shape overlaps (locked candidates), locked pairs and triples,
//! naked and hidden subsets.

pub(crate) mod locked_subsets;
pub mod overlap;
pub mod singles;
pub mod subsets;
pub(crate) mod words;
