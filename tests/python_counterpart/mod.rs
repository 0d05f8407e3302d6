//! The independent Python counterparts some tests drive (issue 20): `gomill` (a GTP
//! controller) and `sgfmill` (an SGF reader and writer), both from the package index.
//! `.ci/run` installs them under `CI=true`; elsewhere a test without them skips with a note,
//! while on CI a missing package fails the test, so a green CI run has really used them.

use std::process::Command;

/// The Python interpreter to run (`PYTHON`, else `python3`).
pub fn python() -> String {
    std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string())
}

/// True when `module` imports in [`python`]. When it does not: on CI (`CI=true`) this panics
/// with what to install; elsewhere it prints a note naming `test` and returns false.
pub fn python_module_or_skip(module: &str, test: &str) -> bool {
    let imports = Command::new(python())
        .args(["-c", &format!("import {module}")])
        .output()
        .is_ok_and(|o| o.status.success());
    if imports {
        return true;
    }
    if std::env::var("CI").as_deref() == Ok("true") {
        panic!(
            "the Python package {module} is missing on CI; `.ci/run` installs it \
             (python3 -m pip install {module})"
        );
    }
    eprintln!("note: the Python package {module} is not installed; skipping {test}");
    false
}
