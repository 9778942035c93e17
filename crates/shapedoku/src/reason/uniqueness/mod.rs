//! Uniqueness (on puzzles known to have one solution): unique rectangles of types 1 to 6,
//! hidden and avoidable rectangles, and BUG+1.

pub(crate) mod avoidable;
pub(crate) mod bug;
pub(crate) mod rectangle;
pub(crate) mod rectangles;
pub(crate) mod words;
