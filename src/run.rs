//! The run layer: what to run, and running it. Every front end (the explorer, the command
//! line, export, lessons) asks this layer which algorithms apply to a puzzle
//! ([`registry`]), builds the spec of a search ([`spec`]), and runs it headless
//! ([`solve`], no trace at all; a root analysis split over machines by [`shard`]) or recorded on a
//! worker thread ([`worker`]). It imports the rules, the engines and the recorder below it and no
//! front end (tests/integration/architecture.rs).

pub mod aids;
pub mod observed;
pub mod progress;
pub mod registry;
pub mod saved;
pub mod shard;
pub mod solve;
pub mod spec;
pub mod stack;
pub mod worker;
