//! Views of a recorded search: what the explorer's panes, the lessons and export show of a
//! trace as of a replay step, game-erased ([`session::Session`]) and without a terminal
//! (nothing here imports ratatui). One file per algorithm family for its rows, details and
//! overlays ([`heuristics`] for alpha-beta's ordering, null move and tables, [`proof`] for
//! the proof-number family, [`lambda`] for threat searches), and the narration of each step
//! ([`explain`]) beside them. [`landing`] classifies events for the lessons' `expect`.
//!
//! This layer reads the trace (below it) and knows no front end; the run layer beside it
//! starts the recorded searches whose traces it reads.

pub mod board;
pub mod board_text;
pub mod charts;
pub mod explain;
pub mod game_session;
pub mod goal;
pub mod heuristics;
pub mod hex_overlay;
pub mod lambda;
pub mod landing;
pub mod legend;
pub mod max_view;
pub mod names;
pub mod new_leaves;
pub mod proof;
pub mod session;
pub mod step_tree;

use crate::search::Bound;

/// "exact", "lower", "upper".
pub fn bound_word(bound: Bound) -> &'static str {
    match bound {
        Bound::Exact => "exact",
        Bound::Lower => "lower",
        Bound::Upper => "upper",
    }
}
