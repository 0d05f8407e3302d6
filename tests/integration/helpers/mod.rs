//! What the integration tests share, each thing once: the explorer opened on a puzzle and its
//! screen as text, the binary and scratch directories, random positions, an exhaustive
//! alpha-beta answer, the naive rule sets, the small proof-number searches, the tmux session
//! and the Python counterparts.

pub mod binary;
pub mod explorer;
pub mod games;
pub mod naive;
// Shared with the cargo-fuzz targets (`fuzz/fuzz_targets/*.rs`), which include it by path.
#[path = "../../parsers/mod.rs"]
pub mod parsers;
pub mod pn_engines;
pub mod positions;
pub mod python_counterpart;
pub mod sgf;
pub mod solvers;
pub mod table_check;
pub mod tmux_session;
