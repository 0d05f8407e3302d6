//! Saving a puzzle file atomically (a temporary file then rename;
//! never a half-written file), through [`crate::atomic_file`]: a hidden temporary file in
//! the target's directory, flushed to disk, then renamed over the target, so a reader sees
//! the old file or the new one, never a part. On any error the temporary file is removed
//! and the target is left as it was; the message names the path and the operating system's
//! error.
//!
//! [`target_path`] turns what the user typed into a path: a bare name goes to the puzzle
//! directory, `.toml` is added when missing, and a bundled puzzle's name is refused (loading
//! by name opens the bundled puzzle first, so the file would be shadowed).

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::atomic_file;
use crate::puzzle::find_bundled;
use crate::tui::write_error::describe;

/// Writes `text` to `path` atomically.
pub fn save_atomic(path: &Path, text: &str) -> Result<(), String> {
    save_atomic_with(path, text, |file, bytes| file.write_all(bytes))
}

/// [`save_atomic`] with the writing step given: tests pass a writer that fails half-way.
pub fn save_atomic_with(
    path: &Path,
    text: &str,
    write: impl FnOnce(&mut File, &[u8]) -> io::Result<()>,
) -> Result<(), String> {
    let unchanged = |what: &Path, e: io::Error| {
        format!(
            "cannot write {}: {}; {} is unchanged",
            what.display(),
            describe(&e),
            path.display()
        )
    };
    let mut temp = atomic_file::temporary_for(path).map_err(|e| unchanged(path, e))?;
    // Dropping `temp` on an error removes it.
    write(temp.as_file_mut(), text.as_bytes()).map_err(|e| unchanged(temp.path(), e))?;
    atomic_file::commit(temp, path).map_err(|e| {
        format!(
            "cannot save {}: {}; the file is unchanged",
            path.display(),
            describe(&e)
        )
    })
}

/// Where a save named `typed` goes: in `dir` unless it names a directory itself, with
/// `.toml` added when missing. Refuses an empty name and a bundled puzzle's name.
pub fn target_path(dir: &Path, typed: &str) -> Result<PathBuf, String> {
    let typed = typed.trim();
    if typed.is_empty() {
        return Err("the file name is empty".into());
    }
    let mut path = PathBuf::from(typed);
    if path.extension().is_none_or(|e| e != "toml") {
        path = PathBuf::from(format!("{typed}.toml"));
    }
    if path.components().count() == 1 {
        path = dir.join(path);
    }
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    if stem.is_empty() || stem.starts_with('.') {
        return Err(format!("\"{typed}\" is not a file name for a puzzle"));
    }
    if find_bundled(&stem).is_some() {
        return Err(format!(
            "\"{stem}\" is the name of a bundled puzzle, which loading by name would open \
             instead; choose another name"
        ));
    }
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_become_toml_paths_in_the_directory() {
        let dir = Path::new("/tmp/puzzles");
        assert_eq!(
            target_path(dir, "mine").unwrap(),
            PathBuf::from("/tmp/puzzles/mine.toml")
        );
        assert_eq!(
            target_path(dir, " mine.toml ").unwrap(),
            PathBuf::from("/tmp/puzzles/mine.toml")
        );
        assert_eq!(
            target_path(dir, "sub/x").unwrap(),
            PathBuf::from("sub/x.toml")
        );
        assert!(target_path(dir, "").unwrap_err().contains("empty"));
        let e = target_path(dir, "tictactoe").unwrap_err();
        assert!(e.contains("bundled puzzle"), "{e}");
    }
}
