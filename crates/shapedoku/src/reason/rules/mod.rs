//! Rules beyond the houses: sum cages (combinations, cage overlaps, innies and outies) and the
//! eliminations of the other rule kinds (kropki, thermometers, anti-knight...).

pub(crate) mod cage_overlap;
pub(crate) mod cages;
pub(crate) mod elimination;
pub(crate) mod innies;
pub(crate) mod reasons;
pub(crate) mod words;
