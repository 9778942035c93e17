//! Fish: basic and Franken fish of every size, finned and sashimi fish, siamese pairs of
//! them, finned Franken and mutant fish, and kraken fish (finned fish helped by chains).

pub mod basic;
pub(crate) mod finned;
pub(crate) mod franken;
pub(crate) mod kraken;
pub(crate) mod siamese;
pub(crate) mod words;
