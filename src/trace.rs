//! Recording and replaying a search: the [`recorder`] is an observer that turns an engine's
//! events into a [`store::Trace`] (the node arena and the event log), which the explorer
//! reads while it grows ([`live`]) and steps through forwards and backwards ([`replay`]).
//!
//! The observer interface itself (the `Observer` trait, `NoTrace`, `GO` and the views the
//! engines emit through it) lives in the search layer, [`crate::search::observer`]: trace
//! builds on search, never the other way round.

pub mod codec;
pub mod live;
pub mod recorder;
pub mod replay;
pub mod store;
