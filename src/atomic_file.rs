//! Writing a file atomically: the contents go to a temporary file in the target's own
//! directory (so the rename never crosses file systems), which is flushed to disk and then
//! renamed over the target. A reader sees the old file or the new one, never a part, and
//! an error or a panic before the rename leaves the target as it was.
//!
//! `tempfile` makes the temporary file: a fresh random name created exclusively (two
//! processes saving the same path never share one), removed when dropped, so every error
//! path and unwinding panic cleans up; [`commit`] adds what it leaves to the caller, the
//! flush before the rename and the directory's after it. The name is `.NAME.XXXXXX.tmp`:
//! hidden and not a `*.toml` or `*.json` file, so the explorer's puzzle picker does not list
//! one that a killed process left behind.

use std::fs::File;
use std::io;
use std::path::Path;

pub use tempfile::NamedTempFile;

/// A new temporary file next to `path`, to write `path`'s new contents to. On Unix it gets
/// the permissions a new file gets (0666 less the umask), like the file it replaces would,
/// rather than `tempfile`'s private 0600.
pub fn temporary_for(path: &Path) -> io::Result<NamedTempFile> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy());
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    builder.tempfile_in(dir)
}

/// Flushes `temp` to disk and renames it over `path`. On error the temporary file is
/// removed and `path` is unchanged.
pub fn commit(temp: NamedTempFile, path: &Path) -> io::Result<()> {
    temp.as_file().sync_all()?;
    temp.persist(path).map_err(|e| e.error)?;
    // The rename itself reaches the disk with the directory; not every system can open a
    // directory to sync it, and the file is saved either way.
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
        && let Ok(d) = File::open(dir)
    {
        let _ = d.sync_all();
    }
    Ok(())
}

/// The system's own words for `error`, without the error code and without the temporary
/// file's path that `tempfile` adds (a caller names the file it was saving):
/// "No such file or directory", "Permission denied".
pub fn system_words(error: &io::Error) -> String {
    let text = error.to_string();
    let cut = [" (os error ", " at path "]
        .iter()
        .filter_map(|tail| text.find(tail))
        .min()
        .unwrap_or(text.len());
    text[..cut].to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;
    use std::io::Write;

    fn scratch(tag: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("plyscope-atomic-{tag}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn the_temporary_file_is_hidden_next_to_the_target() {
        let dir = scratch("name");
        let target = dir.join("p.toml");
        let temp = temporary_for(&target).unwrap();
        assert_eq!(temp.path().parent(), Some(dir.as_path()));
        let name = temp
            .path()
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        assert!(
            name.starts_with(".p.toml.") && name.ends_with(".tmp"),
            "{name}"
        );
        drop(temp);
        assert!(names(&dir).is_empty(), "dropped without a commit: removed");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn commit_replaces_the_target_and_leaves_nothing_else() {
        let dir = scratch("commit");
        let target = dir.join("p.toml");
        fs::write(&target, "old").unwrap();
        let mut temp = temporary_for(&target).unwrap();
        temp.write_all(b"new").unwrap();
        assert_eq!(fs::read_to_string(&target).unwrap(), "old");
        commit(temp, &target).unwrap();
        assert_eq!(fs::read_to_string(&target).unwrap(), "new");
        assert_eq!(names(&dir), ["p.toml"]);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_systems_words_leave_out_the_code_and_the_temporary_path() {
        let dir = scratch("words");
        let missing = dir.join("missing").join("p.toml");
        let e = temporary_for(&missing).unwrap_err();
        assert_eq!(system_words(&e), "No such file or directory");
        let other = io::Error::other("odd");
        assert_eq!(system_words(&other), "odd");
        let _ = fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn a_new_file_is_not_private() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("mode");
        let target = dir.join("p.toml");
        commit(temporary_for(&target).unwrap(), &target).unwrap();
        let mode = fs::metadata(&target).unwrap().permissions().mode() & 0o777;
        let plain = dir.join("plain");
        fs::write(&plain, "").unwrap();
        let expected = fs::metadata(&plain).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, expected, "the mode File::create gives");
        let _ = fs::remove_dir_all(&dir);
    }
}
