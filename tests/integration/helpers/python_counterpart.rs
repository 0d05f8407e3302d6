//! The independent Python counterparts some tests drive (issue 20): `gomill` (a GTP
//! controller) and `sgfmill` (an SGF reader and writer), both from the package index.
//! `.ci/run` installs them under `CI=true`; elsewhere a test without them skips with a note,
//! while on CI a missing package fails the test, so a green CI run has really used them.

// Each test binary that includes this module uses some of its helpers.
#![allow(dead_code)]

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

/// The interpreter gomill runs on: `GOMILL_PYTHON` (set by `.ci/run`), else the first Python
/// 2.7 found (`python2.7`, `python2`, pyenv's `versions/2.7*`). gomill's last release on the
/// package index, 0.8.3, is written for Python 2 only.
pub fn gomill_python() -> Option<String> {
    if let Ok(python) = std::env::var("GOMILL_PYTHON") {
        return Some(python);
    }
    let pyenv_root = std::env::var("PYENV_ROOT")
        .unwrap_or_else(|_| format!("{}/.pyenv", std::env::var("HOME").unwrap_or_default()));
    let mut candidates = vec!["python2.7".to_string(), "python2".to_string()];
    if let Ok(entries) = std::fs::read_dir(format!("{pyenv_root}/versions")) {
        let mut found: Vec<String> = entries
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().starts_with("2.7"))
            .map(|e| format!("{}/bin/python", e.path().display()))
            .collect();
        found.sort();
        candidates.extend(found);
    }
    candidates.into_iter().find(|python| {
        Command::new(python)
            .args(["-c", "import sys; sys.exit(sys.version_info[0] != 2)"])
            .output()
            .is_ok_and(|o| o.status.success())
    })
}

/// The interpreter with gomill's GTP controller, or `None` (with a note; a panic on CI) when
/// there is none: see [`python_module_or_skip`].
pub fn gomill_or_skip(test: &str) -> Option<String> {
    let found = gomill_python().filter(|python| {
        Command::new(python)
            .args(["-c", "import gomill.gtp_games"])
            .output()
            .is_ok_and(|o| o.status.success())
    });
    if found.is_none() {
        if std::env::var("CI").as_deref() == Ok("true") {
            panic!(
                "gomill (on Python 2.7) is missing on CI; `.ci/run` installs it \
                 (python2.7 -m pip install gomill)"
            );
        }
        eprintln!("note: gomill on Python 2.7 is not installed; skipping {test}");
    }
    found
}
