//! Chains: simple chains (skyscraper, 2-string kite, turbot fish) and their duals, empty
//! rectangles, X-chains, XY-chains and AICs, grouped chains over the chain graph, nice loops
//! and forcing chains.

pub(crate) mod aic;
pub(crate) mod dual;
pub(crate) mod dynamic;
mod dynamic_words;
pub(crate) mod empty_rectangle;
pub(crate) mod forcing;
pub(crate) mod graph;
pub(crate) mod grouped;
pub(crate) mod nice_loops;
pub(crate) mod rule_forcing;
pub(crate) mod words;
