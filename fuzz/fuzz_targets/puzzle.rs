//! Fuzzes a puzzle file (`plyscope solve FILE`) with the same call as
//! `tests/integration/fuzz_parsers.rs` (`tests/parsers/mod.rs`): no input may panic, and a refusal
//! must say why. libFuzzer's `-timeout` and `-rss_limit_mb` / `-malloc_limit_mb` catch hangs and
//! huge allocations.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/parsers/mod.rs"]
#[allow(dead_code)] // each target uses one of the shared parsers
mod parsers;

fuzz_target!(|data: &[u8]| {
    // Every parser reads text (the file readers refuse invalid UTF-8 before parsing).
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(message) = parsers::puzzle(text) {
        assert!(!message.trim().is_empty(), "a refusal without a message");
    }
});
