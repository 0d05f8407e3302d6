//! The lessons compiled into the binary (`lessons/*.toml`), so that `plyscope lesson NAME`
//! works from any directory. The order of [`bundled`] is the order of `plyscope lesson`:
//! from minimax to alpha-beta's refinements, then the other engineers' searches.

use super::{Lesson, LessonError};

/// A lesson file compiled into the binary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BundledLesson {
    /// The file stem, used on the command line.
    pub name: &'static str,
    /// The file's text.
    pub text: &'static str,
}

impl BundledLesson {
    /// Where the file lives in the source tree (the origin in messages).
    pub fn path(&self) -> String {
        format!("lessons/{}.toml", self.name)
    }

    /// Parses and validates the lesson; its name is the bundled name.
    pub fn load(&self) -> Result<Lesson, LessonError> {
        let mut lesson = super::parse(self.text, &self.path(), false)?;
        lesson.name = self.name.to_string();
        Ok(lesson)
    }
}

macro_rules! bundle {
    ($($name:literal),* $(,)?) => {
        [$(BundledLesson {
            name: $name,
            text: include_str!(concat!("../../lessons/", $name, ".toml")),
        }),*]
    };
}

static BUNDLED: [BundledLesson; 10] = bundle![
    "minimax-wdl",
    "alphabeta-cutoffs",
    "three-twelve-eight",
    "fail-hard-soft",
    "move-ordering",
    "dama-depth-3",
    "pns-small-tree",
    "lambda1-ladder",
    "lambda2-threat",
    "hex-virtual-connections",
];

/// Every bundled lesson, in `plyscope lesson` order.
pub fn bundled() -> &'static [BundledLesson] {
    &BUNDLED
}

/// The bundled lesson called `name`.
pub fn find_bundled(name: &str) -> Option<&'static BundledLesson> {
    BUNDLED.iter().find(|l| l.name == name)
}
