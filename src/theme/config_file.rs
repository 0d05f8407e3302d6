//! User configuration files (`theme.toml`, `keymap.toml`): where they live, how they are read,
//! and errors that point into them.
//!
//! Keymaps and themes are data with built-in defaults, overridable by user files, and bad files get
//! a message naming file, line and column and what was expected. Files are read as spanned TOML
//! ([`toml::de::DeTable`]) and walked by hand, so every message is ours ("unknown slot
//! 'tree.cutof'; did you mean 'tree.cutoff'?") and points at the exact key or value, rather than
//! serde's generic "unknown field".
//!
//! The user's files live in the XDG configuration directory (`$XDG_CONFIG_HOME/plyscope`,
//! else `~/.config/plyscope`), found through `etcetera`'s XDG strategy on every platform.

use std::ops::Range;
use std::path::{Path, PathBuf};

use etcetera::BaseStrategy;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// A configuration file could not be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// The file could not be read at all.
    #[error("{file}: cannot read the file: {reason}")]
    Read {
        /// The file as the user named it.
        file: String,
        /// What the operating system said.
        reason: String,
    },
    /// The file was read but something in it is wrong.
    #[error("{file}:{line}:{column}: {message}")]
    Invalid {
        /// The file as the user named it (bundled files are named `themes/NAME.toml`).
        file: String,
        /// 1-based line of the offending text.
        line: usize,
        /// 1-based column (in characters) of the offending text.
        column: usize,
        /// What is wrong and what was expected, in plain English.
        message: String,
    },
    /// A name that is neither a bundled theme nor a file, and similar mistakes on the command
    /// line: the message says it all.
    #[error("{0}")]
    Usage(String),
}

impl ConfigError {
    /// The plain message without file and position (for tests and for callers that show the
    /// location separately).
    pub fn message(&self) -> &str {
        match self {
            ConfigError::Read { reason, .. } => reason,
            ConfigError::Invalid { message, .. } => message,
            ConfigError::Usage(message) => message,
        }
    }
}

/// The text of one configuration file and its name, for locating errors.
#[derive(Clone, Copy, Debug)]
pub struct Source<'a> {
    /// The file as the user named it.
    pub file: &'a str,
    /// Its whole text.
    pub text: &'a str,
}

impl<'a> Source<'a> {
    /// An error at byte `offset` of the text.
    pub fn error_at(&self, offset: usize, message: impl Into<String>) -> ConfigError {
        let (line, column) = line_column(self.text, offset);
        ConfigError::Invalid {
            file: self.file.to_string(),
            line,
            column,
            message: message.into(),
        }
    }

    /// An error at the start of `span`.
    pub fn error(&self, span: Range<usize>, message: impl Into<String>) -> ConfigError {
        self.error_at(span.start, message)
    }

    /// Parses the text as a TOML document; syntax errors keep toml's message and position.
    pub fn parse(&self) -> Result<DeTable<'a>, ConfigError> {
        match DeTable::parse(self.text) {
            Ok(table) => Ok(table.into_inner()),
            Err(e) => {
                let offset = e.span().map_or(0, |s| s.start);
                Err(self.error_at(offset, e.message().trim_end().to_string()))
            }
        }
    }
}

/// 1-based line and character column of byte `offset` in `text` (clamped to the text).
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    (line, column)
}

/// The entries of a table in the order they appear in the file (the parsed table is sorted by
/// key), so the first problem a user sees is the first one in the file.
pub fn entries_in_file_order<'t, 'i>(
    table: &'t DeTable<'i>,
) -> Vec<(
    &'t Spanned<toml::de::DeString<'i>>,
    &'t Spanned<DeValue<'i>>,
)> {
    let mut entries: Vec<_> = table.iter().collect();
    entries.sort_by_key(|(k, _)| k.span().start);
    entries
}

/// A TOML type name for messages ("a string", "a table").
pub fn type_phrase(value: &DeValue<'_>) -> &'static str {
    match value {
        DeValue::String(_) => "a string",
        DeValue::Integer(_) => "an integer",
        DeValue::Float(_) => "a float",
        DeValue::Boolean(_) => "a boolean",
        DeValue::Datetime(_) => "a date",
        DeValue::Array(_) => "a list",
        DeValue::Table(_) => "a table",
    }
}

/// `"; did you mean 'X'?"` when one of `candidates` is a likely misspelling of `word`, else
/// an empty string. Distance is strsim's optimal string alignment: insertions, deletions,
/// substitutions and swaps of neighbours ("blod" is one edit from "bold").
pub fn did_you_mean<'c>(word: &str, candidates: impl IntoIterator<Item = &'c str>) -> String {
    let limit = (word.chars().count() / 3).max(1);
    candidates
        .into_iter()
        .map(|c| (strsim::osa_distance(word, c), c))
        .filter(|&(d, _)| d <= limit)
        .min_by_key(|&(d, _)| d)
        .map_or_else(String::new, |(_, c)| format!("; did you mean '{c}'?"))
}

/// `a, b, c or d` for messages.
pub fn one_of(items: &[&str], last_word: &str) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} {last_word} {last}", init.join(", ")),
    }
}

/// plyscope's directory in the user's XDG configuration directory, if a home directory is
/// known.
pub fn user_config_dir() -> Option<PathBuf> {
    etcetera::base_strategy::Xdg::new()
        .ok()
        .map(|xdg| xdg.config_dir().join("plyscope"))
}

/// Reads `path` if it exists: `Ok(None)` when there is no such file (user files are
/// optional), an error naming the file when it exists but cannot be read.
pub fn read_optional(path: &Path) -> Result<Option<String>, ConfigError> {
    match crate::text_file::read_capped(path, crate::text_file::SMALL_FILE_CAP, "a config file") {
        Ok(text) => Ok(Some(text)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(read_error(path, &e)),
    }
}

/// Reads `path`, which must exist.
pub fn read(path: &Path) -> Result<String, ConfigError> {
    crate::text_file::read_capped(path, crate::text_file::SMALL_FILE_CAP, "a config file")
        .map_err(|e| read_error(path, &e))
}

fn read_error(path: &Path, e: &std::io::Error) -> ConfigError {
    ConfigError::Read {
        file: path.display().to_string(),
        reason: crate::text_file::io_reason(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_are_one_based_and_count_characters() {
        let text = "a = 1\nbé = 2\n";
        assert_eq!(line_column(text, 0), (1, 1));
        assert_eq!(line_column(text, 4), (1, 5));
        assert_eq!(line_column(text, 6), (2, 1));
        // 'é' is two bytes: the '=' after it (byte 10) is the fourth character of line 2.
        assert_eq!(line_column(text, 10), (2, 4));
        assert_eq!(line_column(text, 999), (3, 1));
    }

    #[test]
    fn suggestions_only_for_near_misses() {
        let names = ["tree.cutoff", "tree.tt_hit", "board.black"];
        assert_eq!(
            did_you_mean("tree.cutof", names),
            "; did you mean 'tree.cutoff'?"
        );
        assert_eq!(did_you_mean("window", names), "");
        // A swap of neighbours is one edit.
        assert_eq!(
            did_you_mean("blod", ["bold", "dim"]),
            "; did you mean 'bold'?"
        );
    }

    #[test]
    fn lists_read_as_english() {
        assert_eq!(one_of(&["a"], "or"), "a");
        assert_eq!(one_of(&["a", "b", "c"], "or"), "a, b or c");
    }

    #[test]
    fn syntax_errors_keep_their_position() {
        let source = Source {
            file: "x.toml",
            text: "a = 1\nb = = 2\n",
        };
        let err = source.parse().unwrap_err();
        match err {
            ConfigError::Invalid { line, file, .. } => {
                assert_eq!(line, 2);
                assert_eq!(file, "x.toml");
            }
            other => panic!("expected an invalid-file error, got {other:?}"),
        }
    }

    #[test]
    fn a_missing_optional_file_is_not_an_error() {
        let path = Path::new("tests/fixtures/no-such-file.toml");
        assert_eq!(read_optional(path), Ok(None));
        assert_eq!(
            read(path).unwrap_err().to_string(),
            "tests/fixtures/no-such-file.toml: cannot read the file: no such file"
        );
    }
}
