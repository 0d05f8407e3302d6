//! The lesson file as written, before validation: strict tables (`deny_unknown_fields`), and
//! every value that may be wrong keeps its span so that [`super::validate`] can name the
//! line it is on.

use serde::Deserialize;
use toml::Spanned;

/// The top level of a lesson file: `[lesson]` and the `[[step]]` list.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawLesson {
    pub lesson: Spanned<RawHeader>,
    #[serde(default)]
    pub step: Vec<Spanned<RawStep>>,
}

/// `[lesson]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawHeader {
    pub title: Spanned<String>,
    pub source: Spanned<String>,
    pub puzzle: Spanned<String>,
    pub algorithm: Option<Spanned<String>>,
    pub fail: Option<Spanned<String>>,
    pub ordering: Option<Spanned<String>>,
    pub depth: Option<Spanned<i64>>,
    /// df-pn and lambda-df-pn: the 1+epsilon threshold trick (as `--epsilon`).
    pub epsilon: Option<Spanned<f64>>,
    /// The alpha-beta family: null-move pruning (Kotrč 7.1.2), a heuristic.
    pub null_move: Option<Spanned<bool>>,
    /// The alpha-beta family: the transposition table on (the default on games) or off.
    pub table: Option<Spanned<bool>>,
    /// The alpha-beta family's values from MAX's side (`max`, the default on literal trees)
    /// or the side to move's (`negamax`, the default on games).
    pub view: Option<Spanned<String>>,
    /// The bundled lessons to take before this one (the teaching order of `plyscope lesson`).
    pub requires: Option<Spanned<Vec<Spanned<String>>>>,
    pub intro: Spanned<String>,
    /// What to try once the lesson is over (an extension of the format; a default text
    /// otherwise).
    pub next: Option<Spanned<String>>,
}

/// One `[[step]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawStep {
    pub goto: Spanned<String>,
    pub text: Spanned<String>,
    pub search: Option<Spanned<RawSearch>>,
    pub expect: Option<Spanned<String>>,
    /// Mentions of the text the lesson checker does not hold against the screen (numbers
    /// about the future or about a source's figure), as the text writes them.
    pub offscreen: Option<Spanned<Vec<String>>>,
    /// Hex: which of the solver's knowledge the board shows at this step (`connections`,
    /// `pruned`, `off`), as the `Z` key would set it.
    pub marks: Option<Spanned<String>>,
    /// The pane line the step is about (`node:searched`): the pane scrolls to it.
    pub focus: Option<Spanned<String>>,
}

/// A step's `search = { ... }`: the lesson's settings with these changed.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawSearch {
    pub algorithm: Option<Spanned<String>>,
    pub fail: Option<Spanned<String>>,
    pub ordering: Option<Spanned<String>>,
    pub puzzle: Option<Spanned<String>>,
    pub depth: Option<Spanned<i64>>,
    pub epsilon: Option<Spanned<f64>>,
    pub null_move: Option<Spanned<bool>>,
    pub table: Option<Spanned<bool>>,
}
