//! Cross-technique tests: soundness over generated puzzles, determinism, other geometries.
