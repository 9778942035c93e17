//! Almost locked sets: the table of sets and their links, ALS-XZ, ALS-XY-wing, ALS-XY-chain,
//! death blossom, and Sue de Coq.

pub(crate) mod death_blossom;
pub(crate) mod sets;
pub(crate) mod sue_de_coq;
pub(crate) mod words;
pub(crate) mod xy_chain;
pub(crate) mod xy_wing;
pub(crate) mod xz;
