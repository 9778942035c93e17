//! Colouring: remote pairs, simple colours, multi-colours and 3D Medusa.

pub(crate) mod medusa;
pub(crate) mod multi;
pub(crate) mod simple;
pub(crate) mod words;
