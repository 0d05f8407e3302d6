//! What the integration tests share: random positions, the naive rule sets, the small
//! proof-number searches, the SGF reader, the tmux session and the Python counterparts.

pub mod naive;
// Shared with the cargo-fuzz targets (`fuzz/fuzz_targets/*.rs`), which include it by path.
#[path = "../../parsers/mod.rs"]
pub mod parsers;
pub mod pn_engines;
pub mod positions;
pub mod python_counterpart;
pub mod sgf;
pub mod table_check;
pub mod tmux_session;
