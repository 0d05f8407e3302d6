//! The binary under test and the files a test gives it.

use std::path::PathBuf;

use assert_cmd::Command;

/// The `plyscope` binary this test run built.
pub fn plyscope() -> Command {
    Command::cargo_bin("plyscope").expect("the binary is built")
}

/// A fresh, empty directory of one test's own under the system's temporary directory, named
/// after `name` and never shared with another test running at the same time (all the tests
/// are threads of one process). It is left behind for a failing test's files to be read.
pub fn scratch(name: &str) -> PathBuf {
    tempfile::Builder::new()
        .prefix(&format!("plyscope-{name}-"))
        .tempdir()
        .expect("a temporary directory")
        .keep()
}
