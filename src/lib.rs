//! plyscope: a terminal explorer and solver for game-tree search.
//!
//! The crate is layered (design.md section 1); each layer imports only the ones above it:
//!
//! - [`game`]: the rules-only [`game::Game`] trait, players, outcomes, stack move lists, and
//!   the [`game::StoneGame`] extension for games whose moves put stones on points.
//! - [`games`]: the games themselves: m,n,k (tic-tac-toe to Gomoku), AtariGo, Hex, and
//!   literal textbook trees.
//! - [`zobrist`]: the fixed random stream every game draws its Zobrist keys from.
//! - [`search`]: values, windows, limits and the engines of the alpha-beta family
//!   (minimax, fail-hard and fail-soft alpha-beta, iterative deepening, transposition table,
//!   move ordering, null move and forward pruning as labelled heuristics).
//! - [`trace`]: the observer hook through which engines report their work; `NoTrace`
//!   compiles away in headless solving.
//! - [`puzzle`]: the TOML puzzle format, its validation into a position with messages that
//!   name file, line and column, and the bundled puzzles compiled into the binary.
//! - [`solve`]: runs a puzzle with an algorithm, monomorphic per game, for the CLI and tests.
//! - [`theme`]: semantic style slots from `themes/*.toml` (bundled) or the user's file, fitted
//!   to the terminal's colour level (`--color`, `NO_COLOR`), and the Unicode and ASCII glyph
//!   sets (`--ascii`).
//! - [`export`]: a recorded search written as DOT (the annotated tree) or JSON (the trace's
//!   events), for `plyscope export`.
//! - [`tui`]: the terminal explorer; so far its keymap (actions, key parsing, the default
//!   bindings as data, user overrides, help rows generated from the bindings).
//! - [`atomic_file`]: writing a file through a temporary file and a rename, for every file
//!   plyscope saves (puzzles from the editor, exports, bench baselines).
#![forbid(unsafe_code)]

pub mod atomic_file;
pub mod export;
pub mod game;
pub mod games;
pub mod lesson;
pub mod proof_tree;
pub mod puzzle;
pub mod search;
pub mod solve;
pub mod theme;
pub mod trace;
pub mod tui;
pub mod verify;
pub mod zobrist;
