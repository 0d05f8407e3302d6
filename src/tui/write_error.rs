//! A failed write in words a user can act on: the explorer's writes
//! (the editor's save, the class material of `S`) name what went wrong before the
//! operating system's own words: "the disk is full (No space left on device (os error
//! 28))". The explorer keeps running either way; the callers say what was kept.

use std::io;

/// `e` with a plain-words reason first where one is known.
pub fn describe(e: &io::Error) -> String {
    let hint = match e.kind() {
        io::ErrorKind::StorageFull => "the disk is full",
        io::ErrorKind::ReadOnlyFilesystem => "the file system is read-only",
        io::ErrorKind::PermissionDenied => "the directory is not writable",
        io::ErrorKind::NotFound => "the directory does not exist",
        _ => return e.to_string(),
    };
    format!("{hint} ({e})")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_say_what_to_do_before_the_systems_words() {
        let full = io::Error::from_raw_os_error(28);
        assert_eq!(full.kind(), io::ErrorKind::StorageFull);
        assert!(describe(&full).starts_with("the disk is full ("));
        let denied = io::Error::from(io::ErrorKind::PermissionDenied);
        assert!(describe(&denied).starts_with("the directory is not writable"));
        let other = io::Error::other("odd");
        assert_eq!(describe(&other), "odd");
    }
}
