//! The integration tests, one module per subject, in one test binary: each binary links the
//! whole library, so one binary instead of several saves most of the tests' build time.

mod common;

mod api;
mod export;
mod folder;
mod limits;
mod print;
mod setting;
