//! The puzzles compiled into the binary (`puzzles/*.toml`), so that
//! `plyscope solve tictactoe` works from any directory. The order of [`bundled`] is the
//! order of `plyscope list`: by game, then from small to large.

use super::{Puzzle, PuzzleError};

/// A puzzle file compiled into the binary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BundledPuzzle {
    /// The file stem, used on the command line.
    pub name: &'static str,
    /// The file's text.
    pub text: &'static str,
}

impl BundledPuzzle {
    /// Where the file lives in the source tree (the origin in messages).
    pub fn path(&self) -> String {
        format!("puzzles/{}.toml", self.name)
    }

    /// Parses and validates the puzzle; its name is the bundled name.
    pub fn load(&self) -> Result<Puzzle, PuzzleError> {
        let mut puzzle = super::parse(self.text, &self.path())?;
        puzzle.name = self.name.to_string();
        Ok(puzzle)
    }
}

macro_rules! bundle {
    ($($name:literal),* $(,)?) => {
        [$(BundledPuzzle {
            name: $name,
            text: include_str!(concat!("../../puzzles/", $name, ".toml")),
        }),*]
    };
}

static BUNDLED: [BundledPuzzle; 38] = bundle![
    "tictactoe",
    "tictactoe-win",
    "tictactoe-loss",
    "tictactoe-fork",
    "mnk-4x4-k3",
    "mnk-4x4-k4",
    "mnk-4x4-k4-corners",
    "mnk-5x5-k4",
    "mnk-6x5-k4",
    "mnk-7x7-k4",
    "mnk-7x7-k4-lambda2",
    "atarigo-4x4",
    "atarigo-5x5",
    "atarigo-6x6-crosscut",
    "atarigo-ladder",
    "hex-3x3",
    "hex-4x4",
    "hex-4x4-white-b3",
    "hex-4x4-must-play",
    "hex-5x5",
    "hex-6x6",
    "hex-7x7",
    "tree-abc",
    "tree-abc-best-first",
    "tree-abc-worst-first",
    "tree-004-fig-6-20",
    "tree-004-fig-6-23",
    "tree-004-fig-6-24",
    "tree-001-fig-15-16",
    "dama-001-example-3-2",
    "dama-two-kings-vs-one",
    "dama-king-vs-two-men",
    "dama-men-race",
    "gobblet-win-in-3",
    "gobblet-win-in-5",
    "gobblet-win-in-7",
    "gobblers-win-in-5",
    "gobblers-win-in-7",
];

/// Every bundled puzzle, in `plyscope list` order.
pub fn bundled() -> &'static [BundledPuzzle] {
    &BUNDLED
}

/// The bundled puzzle called `name`.
pub fn find_bundled(name: &str) -> Option<&'static BundledPuzzle> {
    BUNDLED.iter().find(|p| p.name == name)
}
