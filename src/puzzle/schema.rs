//! The puzzle file as written, before validation: a puzzle is parsed
//! into an unvalidated setup, then validated into a position.
//!
//! Every table is strict (`deny_unknown_fields`), and every field whose value may be wrong
//! keeps its span so that [`super::validate`] can name the line and column. Numbers whose range
//! depends on the game (`size`, `k`) are read wide and range-checked there with messages that
//! say what was expected.

use serde::Deserialize;
use toml::Spanned;

/// The top level of a puzzle file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawPuzzle {
    pub title: Spanned<String>,
    pub game: Spanned<String>,
    /// `[columns, rows]` or `n` for an n x n board.
    pub size: Option<Spanned<toml::Value>>,
    pub k: Option<Spanned<i64>>,
    pub exact_k: Option<Spanned<bool>>,
    pub to_move: Option<Spanned<String>>,
    pub board: Option<Spanned<String>>,
    pub black: Option<Spanned<Vec<Spanned<String>>>>,
    pub white: Option<Spanned<Vec<Spanned<String>>>>,
    pub tree: Option<Spanned<String>>,
    /// Gobblet only: "gobblet" (4x4, default) or "gobblers" (3x3).
    pub variant: Option<Spanned<String>>,
    /// Gobblet only: the static evaluation, "feature" (default) or "pattern".
    pub evaluation: Option<Spanned<String>>,
    pub free_setup: Option<Spanned<bool>>,
    pub algorithm: Option<Spanned<String>>,
    pub draw: Option<Spanned<String>>,
    pub limits: Option<RawLimits>,
    pub expect: Option<Spanned<RawExpect>>,
}

/// `[limits]`: defaults for the explorer and `solve`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawLimits {
    pub max_depth: Option<Spanned<u32>>,
    pub max_level: Option<u32>,
    pub nodes: Option<u64>,
    pub time: Option<Spanned<f64>>,
}

/// `[expect]`: the answer, so that every puzzle is a regression test.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawExpect {
    pub result: Option<Spanned<String>>,
    pub plies: Option<usize>,
    pub winning_moves: Option<Spanned<Vec<Spanned<String>>>>,
    pub value: Option<Spanned<i32>>,
    pub lambda_level: Option<u32>,
    pub source: Option<String>,
}
