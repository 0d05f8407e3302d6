//! Reading a text file a user names, within a size cap: a puzzle, a lesson, a
//! theme or keymap, a bench baseline or a proof file. The file is read through a reader
//! limited to one byte past the cap, so `plyscope solve /dev/zero` stops at the cap with a
//! message instead of growing until the system kills it, and nothing larger is ever
//! allocated.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

/// Puzzles, lessons, themes and keymaps: a few KB each; 1 MiB leaves room for comments.
pub const SMALL_FILE_CAP: u64 = 1 << 20;

/// Bench baselines: a few hundred rows of JSON.
pub const BASELINE_CAP: u64 = 64 << 20;

/// Proof tree files: the largest measured (Hex 5x5 from the rules, 17 M positions) is
/// 574 MB; 2 GiB keeps every one this machine can verify.
pub const PROOF_FILE_CAP: u64 = 2 << 30;

/// Reads the whole of `path` as UTF-8 text if it is at most `cap` bytes; `what` names the
/// kind of file in the message ("a puzzle file").
pub fn read_capped(path: impl AsRef<Path>, cap: u64, what: &str) -> io::Result<String> {
    let file = File::open(path.as_ref())?;
    let mut text = String::new();
    file.take(cap + 1).read_to_string(&mut text)?;
    if text.len() as u64 > cap {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "larger than {} bytes, which is more than {what} can be",
                cap
            ),
        ));
    }
    Ok(text)
}

/// Why a file could not be read or written, in words for the message that names the file:
/// the common cases spelled out, others as the system says them without its
/// "(os error N)" suffix.
pub fn io_reason(error: &io::Error) -> String {
    match error.kind() {
        io::ErrorKind::NotFound => "no such file".to_string(),
        io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        io::ErrorKind::IsADirectory => "it is a directory".to_string(),
        io::ErrorKind::InvalidData if error.get_ref().is_none() => {
            "it is not UTF-8 text".to_string()
        }
        _ => {
            let text = error.to_string();
            match text.rfind(" (os error ") {
                Some(at) if text.ends_with(')') => text[..at].to_string(),
                _ => text,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_are_words_without_the_os_error_code() {
        let dir = tempfile::tempdir().unwrap();
        let missing = read_capped(dir.path().join("none.toml"), 10, "x").unwrap_err();
        assert_eq!(io_reason(&missing), "no such file");
        let directory = read_capped(dir.path(), 10, "x").unwrap_err();
        assert_eq!(io_reason(&directory), "it is a directory");
        let binary = dir.path().join("b.toml");
        std::fs::write(&binary, [0xff, 0xfe, 0x00]).unwrap();
        let binary = read_capped(&binary, 10, "x").unwrap_err();
        assert_eq!(io_reason(&binary), "it is not UTF-8 text");
        let endless = read_capped("/dev/zero", 10, "a puzzle file").unwrap_err();
        assert_eq!(
            io_reason(&endless),
            "larger than 10 bytes, which is more than a puzzle file can be"
        );
        let other = io::Error::from_raw_os_error(28);
        assert_eq!(io_reason(&other), "No space left on device");
    }

    #[test]
    fn an_endless_file_stops_at_the_cap() {
        let e = read_capped("/dev/zero", 1000, "a puzzle file").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidData);
        assert_eq!(
            e.to_string(),
            "larger than 1000 bytes, which is more than a puzzle file can be"
        );
    }

    #[test]
    fn a_file_within_the_cap_reads_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.toml");
        std::fs::write(&path, "title = \"x\"\n").unwrap();
        assert_eq!(read_capped(&path, 12, "x").unwrap(), "title = \"x\"\n");
        assert!(read_capped(&path, 11, "x").is_err());
    }
}
