//! Helpers shared by integration tests.

pub mod pn_engines;
