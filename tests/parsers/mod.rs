//! The parsers a user feeds, each as `fn(&str) -> Result<(), String>` (the error's message):
//! shared by the proptest run (`tests/integration/fuzz_parsers.rs`) and the cargo-fuzz targets
//! (`fuzz/fuzz_targets/*.rs`, which include this file by path), so both fuzz exactly the
//! same calls. Nothing here depends on a fuzzing crate.

use std::sync::OnceLock;

use plyscope::lesson;
use plyscope::puzzle;
use plyscope::theme::ThemeSpec;
use plyscope::tui::keymap::Keymap;
use plyscope::verify;

/// A puzzle file (`plyscope solve FILE`).
pub fn puzzle(s: &str) -> Result<(), String> {
    puzzle::parse(s, "fuzz.toml")
        .map(drop)
        .map_err(|e| e.to_string())
}

/// A theme file (`--theme FILE`).
pub fn theme(s: &str) -> Result<(), String> {
    ThemeSpec::parse("fuzz.toml", s)
        .map(drop)
        .map_err(|e| e.to_string())
}

/// The bundled keymap, which a user file overrides.
pub fn bundled_keymap() -> &'static Keymap {
    static KEYMAP: OnceLock<Keymap> = OnceLock::new();
    KEYMAP.get_or_init(|| Keymap::bundled().expect("the bundled keymap loads"))
}

/// A keymap file over the bundled keymap.
pub fn keymap(s: &str) -> Result<(), String> {
    bundled_keymap()
        .with_overrides("fuzz.toml", s)
        .map(drop)
        .map_err(|e| e.to_string())
}

/// A lesson file (`plyscope lesson FILE`).
pub fn lesson(s: &str) -> Result<(), String> {
    lesson::parse(s, "fuzz.toml", false)
        .map(drop)
        .map_err(|e| e.to_string())
}

/// A proof tree file (`plyscope verify FILE`).
pub fn proof(s: &str) -> Result<(), String> {
    verify::verify_text(s).map(drop).map_err(|e| e.to_string())
}
