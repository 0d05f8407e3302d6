//! plyscope: a terminal explorer and solver for game-tree search.
//!
//! The crate is layered; each layer imports only the ones below it (ARCHITECTURE.md is the
//! map; tests/integration/architecture.rs and ../shared/tools/circles.py keep it true):
//!
//! - Rules: [`game`] (the rules-only [`game::Game`] trait, players, outcomes, stack move
//!   lists, [`game::StoneGame`]), [`games`] (m,n,k, AtariGo, Hex, Gobblet, Czech checkers,
//!   literal textbook trees) and [`zobrist`] (the fixed random stream of every game's keys).
//! - Search: [`search`], values, windows, limits and every engine (the alpha-beta family,
//!   threat searches, the proof-number family), with [`search::observer`], the interface
//!   through which engines report their work (`NoTrace` compiles away in headless solving).
//! - Trace: [`trace`], the recorder that turns observed events into a replayable trace (an
//!   arena tree and an event log) and the replay cursor over it.
//! - Puzzles: [`puzzle`], the TOML puzzle format, validated with messages that name file,
//!   line and column, and the bundled puzzles.
//! - Run and views: [`run`], what to run and running it (the registry of algorithms x games,
//!   the spec of a search, headless solving, the recorded run on a worker thread); [`view`],
//!   what a recorded search shows as of a step (rows, details, board overlays, the narration
//!   of each step), per algorithm family.
//! - Front ends: [`tui`] (the terminal explorer), [`export`] (DOT, JSON, SGF), [`lesson`]
//!   (guided lessons), [`verify`] (the independent proof checker) and the binary's command
//!   line; [`proof_tree`] extracts proof trees for `solve --verify` and export; [`theme`]
//!   holds the explorer's colours and glyphs; [`atomic_file`] writes every file plyscope
//!   saves through a temporary file and a rename (editor puzzles, exports, bench baselines),
//!   and [`text_file`] reads every file a user names within a size cap.
#![forbid(unsafe_code)]

pub mod atomic_file;
pub mod export;
pub mod game;
pub mod games;
pub mod gtp;
pub mod lesson;
pub mod proof_tree;
pub mod puzzle;
pub mod run;
pub mod search;
pub mod text_file;
pub mod theme;
pub mod trace;
pub mod tui;
pub mod verify;
pub mod view;
pub mod zobrist;
