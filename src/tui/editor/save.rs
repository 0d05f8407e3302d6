//! Saving a puzzle file atomically (issue 7, deliverable 4: "a temporary file then rename;
//! never a half-written file").
//!
//! The text goes to a temporary file in the target's own directory (so the rename never
//! crosses file systems), which is flushed to disk (`fsync`) and then renamed over the
//! target; rename replaces a file in one step, so a reader sees the old file or the new
//! one, never a part. On any error the temporary file is removed and the target is left as
//! it was; the message names the path and the operating system's error. The temporary name
//! is `.NAME.tmp-PID`: hidden, not a `*.toml` file (the explorer's picker does not list it),
//! and one that a crashed earlier save of the same process id left behind is simply
//! truncated and reused.
//!
//! [`target_path`] turns what the user typed into a path: a bare name goes to the puzzle
//! directory, `.toml` is added when missing, and a bundled puzzle's name is refused (loading
//! by name opens the bundled puzzle first, so the file would be shadowed).

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::puzzle::find_bundled;

/// The temporary file a save of `path` writes first.
pub fn temp_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or("puzzle".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.tmp-{}", std::process::id()))
}

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
    let temp = temp_path(path);
    let written = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .open(&temp)
        .and_then(|mut file| {
            write(&mut file, text.as_bytes())?;
            file.sync_all()
        });
    if let Err(e) = written {
        let _ = fs::remove_file(&temp);
        return Err(format!(
            "cannot write {}: {e}; {} is unchanged",
            temp.display(),
            path.display()
        ));
    }
    if let Err(e) = fs::rename(&temp, path) {
        let _ = fs::remove_file(&temp);
        return Err(format!(
            "cannot save {}: {e}; the file is unchanged",
            path.display()
        ));
    }
    // The rename itself reaches the disk with the directory; not every system can open a
    // directory to sync it, and the file is saved either way.
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
        && let Ok(d) = File::open(dir)
    {
        let _ = d.sync_all();
    }
    Ok(())
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

    #[test]
    fn the_temporary_file_is_hidden_next_to_the_target() {
        let t = temp_path(Path::new("/a/b/p.toml"));
        assert_eq!(t.parent(), Some(Path::new("/a/b")));
        let name = t.file_name().unwrap().to_string_lossy().into_owned();
        assert!(name.starts_with(".p.toml.tmp-") && !name.ends_with(".toml"));
    }
}
