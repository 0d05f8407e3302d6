//! The puzzle picker (`o`): the bundled puzzles, then the puzzle files and SGF records of a
//! directory; enter opens the selected one, or shows why it does not load.

use std::path::{Path, PathBuf};

use crate::puzzle::{self, Puzzle};

use super::{App, Overlay};

/// An entry of the puzzle picker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PickerEntry {
    /// The bundled name, or the file's name.
    pub name: String,
    /// Game, size and expected result; for a file that does not load, why (after "does not
    /// load:", without the file's name, which the name column shows).
    pub detail: String,
    /// What `puzzle::load` opens: the bundled name or the file's path.
    pub location: String,
    /// For an entry that does not load, the whole error, the file named by `name` (not by
    /// its absolute path, which pushed the reason past the edge of an 80-column screen):
    /// the picker draws it wrapped under the list while the entry is selected.
    pub problem: Option<String>,
}

/// `error` about the picker entry `name`: the file named by its name in the picker's
/// directory rather than by the path it was loaded from.
pub fn picker_error(name: &str, error: puzzle::PuzzleError) -> String {
    puzzle::PuzzleError {
        origin: name.to_string(),
        ..error
    }
    .to_string()
}

/// The bundled puzzles, then the `*.toml` and `*.sgf` files of `dir` in name order.
pub fn picker_entries(dir: Option<&Path>) -> Vec<PickerEntry> {
    let entry = |name: String, location: String, loaded: Result<Puzzle, puzzle::PuzzleError>| {
        let (detail, problem) = match loaded {
            Ok(p) => (
                format!(
                    "{:<14} {}",
                    p.position.description(),
                    p.expect.as_ref().map_or("-".to_string(), |e| e.summary())
                ),
                None,
            ),
            Err(e) => {
                let at = match (e.line, e.column) {
                    (Some(line), Some(column)) => format!("line {line}, column {column}: "),
                    (Some(line), None) => format!("line {line}: "),
                    _ => String::new(),
                };
                (
                    format!("does not load: {at}{}", e.message),
                    Some(picker_error(&name, e)),
                )
            }
        };
        PickerEntry {
            name,
            detail,
            location,
            problem,
        }
    };
    let mut entries: Vec<PickerEntry> = puzzle::bundled()
        .iter()
        .map(|b| entry(b.name.to_string(), b.name.to_string(), b.load()))
        .collect();
    let mut files: Vec<PathBuf> = dir
        .and_then(|d| std::fs::read_dir(d).ok())
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        // Puzzle files and SGF game records (Go read as AtariGo, Hex): `puzzle::load` reads both.
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "toml" || x == "sgf"))
        .collect();
    files.sort();
    for path in files {
        let location = path.display().to_string();
        let name = path
            .file_name()
            .map_or(location.clone(), |n| n.to_string_lossy().into_owned());
        let loaded = puzzle::load(&location);
        entries.push(entry(name, location, loaded));
    }
    entries
}

impl App {
    /// Opens the picker on the puzzle shown.
    pub(super) fn open_picker(&mut self) {
        self.picker = picker_entries(self.puzzle_dir.as_deref());
        let selected = self
            .picker
            .iter()
            .position(|e| e.name == self.puzzle.name)
            .unwrap_or(0);
        self.overlays.push(Overlay::Picker { selected });
    }

    /// Enter in the picker: opens the entry `selected`.
    pub(super) fn pick(&mut self, selected: usize) {
        let loaded = self
            .picker
            .get(selected)
            .map(|e| (e.name.clone(), puzzle::load(&e.location)));
        match loaded {
            Some((_, Ok(p))) => {
                self.overlays.pop();
                self.open(p);
            }
            // The picker stays open on the file, its reason drawn whole under the
            // list; the status line names the file by its name, not its path.
            Some((name, Err(e))) => {
                let error = picker_error(&name, e);
                if let Some(entry) = self.picker.get_mut(selected) {
                    entry.problem = Some(error.clone());
                }
                self.message = Some(error);
            }
            None => {
                self.overlays.pop();
            }
        }
    }
}
