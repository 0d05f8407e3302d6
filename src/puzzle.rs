//! Puzzle files: the TOML schema ([`schema`]), board diagrams, validation into a
//! position with messages that name file, line and column, and the bundled puzzles.
//!
//! A puzzle is a position, a goal and its answer. The format, field by field:
//!
//! | field | meaning |
//! |---|---|
//! | `title` | required, free text |
//! | `game` | required: `mnk`, `atarigo`, `hex`, `tree`, `dama` or `gobblet` |
//! | `variant`, `evaluation` | gobblet only: `"gobblet"` (4x4, default) or `"gobblers"` (3x3); the
//! evaluation `"feature"` (default) or `"pattern"`. Its `board` is a diagram of stacks (`X4`,
//! `O1X3` bottom to top, `.` empty, squares separated by spaces), `size` optional (4 or 3),
//! `to_move` default black (`X`), reserves follow from the board (see `puzzle/gobblet.rs`) |
//! | `size` | stone games: `[columns, rows]`, or `n` for an n x n board. m,n,k 1..19 each; AtariGo
//! 2..19 each; Hex square, 1..13 |
//! | `k`, `exact_k` | m,n,k only: k from 3 to 6 and at most max(columns, rows); `exact_k = true`
//! makes overlines not win |
//! | `to_move` | `"black"` or `"white"` (also the diagram letters `"X"`/`"B"`, `"O"`/`"W"`);
//! optional: by default black when both sides have as many stones, white when black has one more. A
//! tree always starts with black (the root player) |
//! | `board` | a diagram: first line the top row; `X`/`B` black, `O`/`W` white, `.` empty; spaces
//! between cells optional. Czech checkers (`dama`, always 8x8, `size` optional): `x` black man, `X`
//! black king, `o` white man, `O` white king, `.` any empty square; `to_move` defaults to white |
//! | `black`, `white` | instead of `board`: lists of coordinates (`["c3", "d4"]`). Neither: an
//! empty board |
//! | `free_setup` | m,n,k only, default false: the stone counts need not come from alternate play
//! (a goal puzzle such as Thomsen's 4x4 with three black stones and Black to move) |
//! | `tree` | game = "tree" only: a literal tree, `"(a (b 3 12 8) (c 2 4 6) (d 14 5 2))"` |
//! | `algorithm` | optional: what the explorer opens with; any name of [`Algorithm::ALL`] |
//! | `draw` | optional: `"defender"` (default) or `"attacker"`: whom a draw counts for in goal
//! searches |
//! | `[limits]` | optional `max_depth`, `max_level`, `nodes`, `time` (seconds) |
//! | `[expect]` | `result` (`win`, `loss`, `draw` for the side to move), `plies` (game length under
//! best play from this position), `winning_moves` (the full set of winning first moves), `value`
//! (trees with numeric leaves; then `result` may be left out), `lambda_level`, `source` |
//!
//! Coordinates: columns a, b, c... from the left, rows 1, 2, 3... from the bottom. Files are
//! strict: an unknown field, a value out of range, a board row of the wrong length, an
//! impossible position (from the games' `with_stones`) all give a [`PuzzleError`] naming the
//! file, line and column and what was expected. Nothing in here panics on any input.
//!
//! Bundled puzzles (`puzzles/*.toml`) are compiled in with `include_str!`, so the binary
//! works from any directory; [`load`] tries a bundled name first, then a file path. A file
//! path may also name an SGF game record (Go read as AtariGo, Hex), read by `puzzle/sgf.rs`.

mod bundled;
mod dama;
mod diagram;
mod gobblet;
mod schema;
mod sgf;
pub(crate) mod source;
mod validate;

use std::fmt;
use std::time::Duration;

use crate::search::{Algorithm, Limits, Verdict};

pub use crate::games::any::{GameKind, Position};
pub use bundled::{BundledPuzzle, bundled, find_bundled};

/// A validated puzzle.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// The bundled puzzle's name, or the path the file was read from.
    pub name: String,
    /// `title` from the file.
    pub title: String,
    /// The start position.
    pub position: Position,
    /// The algorithm the explorer opens with, if the file names one.
    pub algorithm: Option<Algorithm>,
    /// Default limits for the explorer and `solve`.
    pub limits: PuzzleLimits,
    /// The expected answer, if the file gives one.
    pub expect: Option<Expect>,
    /// True when a draw counts as a success for the attacker (`draw = "attacker"`); by
    /// default a draw is a failure of the attacker (a disproof in proof-number searches).
    pub draw_counts_for_attacker: bool,
}

/// `[limits]` of a puzzle; `None` means no limit given.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PuzzleLimits {
    pub max_depth: Option<u32>,
    pub max_level: Option<u32>,
    pub nodes: Option<u64>,
    /// Seconds; finite and positive.
    pub time: Option<f64>,
}

impl PuzzleLimits {
    /// The search limits these give (`max_level` belongs to lambda searches and is not one).
    pub fn search_limits(&self) -> Limits {
        Limits {
            max_depth: self.max_depth,
            nodes: self.nodes,
            time: self.time.map(Duration::from_secs_f64),
        }
    }
}

/// The expected result for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExpectedResult {
    Win,
    Loss,
    Draw,
}

impl ExpectedResult {
    /// "win", "loss" or "draw", as in puzzle files and `Verdict::word`.
    pub fn word(self) -> &'static str {
        match self {
            ExpectedResult::Win => "win",
            ExpectedResult::Loss => "loss",
            ExpectedResult::Draw => "draw",
        }
    }

    /// Parses the word of a puzzle file.
    pub fn parse(word: &str) -> Option<ExpectedResult> {
        match word {
            "win" => Some(ExpectedResult::Win),
            "loss" => Some(ExpectedResult::Loss),
            "draw" => Some(ExpectedResult::Draw),
            _ => None,
        }
    }
}

impl fmt::Display for ExpectedResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// `[expect]`: the answer of a puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Expect {
    /// Win, loss or draw for the side to move. `None` only for a tree with numeric leaves
    /// whose answer is its `value`.
    pub result: Option<ExpectedResult>,
    /// Length of the game under best play, counted from the puzzle's position.
    pub plies: Option<usize>,
    /// The full set of winning first moves, in the file's order.
    pub winning_moves: Option<Vec<String>>,
    /// The root value of a tree with numeric leaves (root player's view).
    pub value: Option<i32>,
    /// The lambda level at which lambda search proves the result.
    pub lambda_level: Option<u32>,
    /// Where the answer comes from.
    pub source: Option<String>,
}

impl Expect {
    /// A one-line summary: "win in 15 plies", "draw", "value 3", "win (moves b3)".
    pub fn summary(&self) -> String {
        let mut parts = Vec::new();
        match (self.result, self.plies) {
            (Some(r), Some(p)) => parts.push(format!("{r} in {}", crate::search::plies(p as u64))),
            (Some(r), None) => parts.push(r.to_string()),
            (None, _) => {}
        }
        if let Some(v) = self.value {
            parts.push(format!("value {v}"));
        }
        if let Some(moves) = &self.winning_moves {
            parts.push(format!("winning moves {}", moves.join(" ")));
        }
        parts.join(", ")
    }

    /// What a solve's verdict gets wrong about this expectation, in words (`None`: it
    /// agrees): the result, the number of plies of a win or loss, and a tree's exact value.
    /// Winning moves are not checked here: that needs a search per root move.
    pub fn disagreement(&self, verdict: Verdict) -> Option<String> {
        if let Some(expected) = self.result {
            let agrees = matches!(
                (expected, verdict),
                (
                    ExpectedResult::Win,
                    Verdict::Win { .. } | Verdict::WinAtLevel { .. }
                ) | (
                    ExpectedResult::Loss,
                    Verdict::Loss { .. } | Verdict::LossAtLevel { .. }
                ) | (ExpectedResult::Draw, Verdict::Draw)
            );
            if !agrees {
                return Some(format!("expected {expected}, got {verdict}"));
            }
            if let (Some(plies), Some(got)) = (self.plies, verdict.plies())
                && plies != got
            {
                return Some(format!(
                    "expected {expected} in {}, got {verdict}",
                    crate::search::plies(plies as u64)
                ));
            }
        }
        match self.value {
            Some(expected) if verdict != Verdict::Exact(expected) => {
                Some(format!("expected exact value {expected}, got {verdict}"))
            }
            _ => None,
        }
    }
}

/// Why a puzzle could not be loaded: where (file, 1-based line and column) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleError {
    /// The file name (or bundled puzzle's path) the message is about.
    pub origin: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub message: String,
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(line), Some(column)) => {
                write!(f, "{}:{line}:{column}: {}", self.origin, self.message)
            }
            (Some(line), None) => write!(f, "{}:{line}: {}", self.origin, self.message),
            _ => write!(f, "{}: {}", self.origin, self.message),
        }
    }
}

impl std::error::Error for PuzzleError {}

/// Parses and validates the text of a puzzle file; `origin` names it in messages and becomes
/// the puzzle's name. An SGF game record (text that starts with `(`, or an `origin` ending in
/// `.sgf`) is read by `puzzle/sgf.rs`, anything else as a TOML puzzle.
pub fn parse(text: &str, origin: &str) -> Result<Puzzle, PuzzleError> {
    if is_sgf(text, origin) {
        sgf::parse(text, origin)
    } else {
        validate::parse(text, origin)
    }
}

/// Whether `text` read from `origin` is SGF rather than a TOML puzzle.
fn is_sgf(text: &str, origin: &str) -> bool {
    let named = std::path::Path::new(origin)
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf"));
    named || sgf::looks_like_sgf(text)
}

/// Loads a bundled puzzle by name, or else the puzzle file (TOML or SGF) at that path.
pub fn load(name_or_path: &str) -> Result<Puzzle, PuzzleError> {
    if let Some(puzzle) = find_bundled(name_or_path) {
        return puzzle.load();
    }
    match crate::text_file::read_capped(
        name_or_path,
        crate::text_file::SMALL_FILE_CAP,
        "a puzzle file",
    ) {
        Ok(text) => parse(&text, name_or_path),
        Err(error) => {
            let looks_like_a_name = !name_or_path.contains(['/', '\\', '.']);
            let message = if error.kind() == std::io::ErrorKind::NotFound && looks_like_a_name {
                "no bundled puzzle has this name and there is no such file; `plyscope list` \
                 shows the bundled puzzles"
                    .to_string()
            } else {
                format!(
                    "cannot read the puzzle file: {}",
                    crate::text_file::io_reason(&error)
                )
            };
            Err(PuzzleError {
                origin: name_or_path.to_string(),
                line: None,
                column: None,
                message,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_display_as_file_line_column() {
        let mut e = PuzzleError {
            origin: "p.toml".into(),
            line: Some(3),
            column: Some(7),
            message: "oops".into(),
        };
        assert_eq!(e.to_string(), "p.toml:3:7: oops");
        e.column = None;
        assert_eq!(e.to_string(), "p.toml:3: oops");
        e.line = None;
        assert_eq!(e.to_string(), "p.toml: oops");
    }

    #[test]
    fn missing_names_and_files_are_explained() {
        let e = load("no-such-puzzle").unwrap_err();
        assert_eq!(
            e.to_string(),
            "no-such-puzzle: no bundled puzzle has this name and there is no such file; \
             `plyscope list` shows the bundled puzzles"
        );
        let e = load("/nonexistent/dir/p.toml").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("/nonexistent/dir/p.toml: cannot read the puzzle file: "),
            "{e}"
        );
    }

    #[test]
    fn limits_convert_to_search_limits() {
        let limits = PuzzleLimits {
            max_depth: Some(15),
            max_level: Some(3),
            nodes: Some(1000),
            time: Some(2.5),
        };
        let s = limits.search_limits();
        assert_eq!(s.max_depth, Some(15));
        assert_eq!(s.nodes, Some(1000));
        assert_eq!(s.time, Some(Duration::from_millis(2500)));
    }

    #[test]
    fn expectations_summarise_in_one_line() {
        let e = Expect {
            result: Some(ExpectedResult::Win),
            plies: Some(15),
            winning_moves: Some(vec!["b3".into()]),
            value: None,
            lambda_level: None,
            source: None,
        };
        assert_eq!(e.summary(), "win in 15 plies, winning moves b3");
        let t = Expect {
            result: None,
            plies: None,
            winning_moves: None,
            value: Some(3),
            lambda_level: None,
            source: None,
        };
        assert_eq!(t.summary(), "value 3");
    }

    #[test]
    fn solves_are_compared_with_expectations() {
        let win15 = Expect {
            result: Some(ExpectedResult::Win),
            plies: Some(15),
            winning_moves: None,
            value: None,
            lambda_level: None,
            source: None,
        };
        assert_eq!(win15.disagreement(Verdict::Win { plies: 15 }), None);
        // A threat search proves the win, not its length: no plies to compare. (The lambda
        // level is compared by the solve command, only at the puzzle's own depth.)
        assert_eq!(win15.disagreement(Verdict::WinAtLevel { level: 3 }), None);
        assert!(
            win15
                .disagreement(Verdict::LossAtLevel { level: 3 })
                .is_some()
        );
        assert_eq!(
            win15.disagreement(Verdict::Win { plies: 17 }).unwrap(),
            "expected win in 15 plies, got win in 17 plies"
        );
        assert_eq!(
            win15.disagreement(Verdict::Unknown).unwrap(),
            "expected win, got unknown within limits"
        );
        let value3 = Expect {
            result: None,
            value: Some(3),
            ..win15.clone()
        };
        assert_eq!(value3.disagreement(Verdict::Exact(3)), None);
        assert_eq!(
            value3.disagreement(Verdict::Exact(4)).unwrap(),
            "expected exact value 3, got exact value 4"
        );
        assert_eq!(
            value3.disagreement(Verdict::Unknown).unwrap(),
            "expected exact value 3, got unknown within limits"
        );
        let draw = Expect {
            result: Some(ExpectedResult::Draw),
            plies: None,
            ..win15
        };
        assert_eq!(draw.disagreement(Verdict::Draw), None);
        assert_eq!(
            draw.disagreement(Verdict::Loss { plies: 2 }).unwrap(),
            "expected draw, got loss in 2 plies"
        );
    }
}
