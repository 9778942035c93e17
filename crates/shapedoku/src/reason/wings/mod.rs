//! Wings: XY-, XYZ-, W- and WXYZ-wings.

pub(crate) mod w_wing;
pub(crate) mod words;
pub(crate) mod wxyz;
pub(crate) mod xy;
