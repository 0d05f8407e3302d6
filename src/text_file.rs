//! Reading a text file a user names, within a size cap (issue 17): a puzzle, a lesson, a
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

#[cfg(test)]
mod tests {
    use super::*;

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
