//! Saved runs (issue 20): `w` in the explorer writes the recorded run, and `explore --open`
//! shows it again without searching, at the same step with the same panes: the screens of
//! the reopened explorer are the saved explorer's, character for character. Damaged,
//! truncated, foreign and newer files are refused with a message naming the file and what is
//! wrong; a newer minor version with fields this build does not know opens.

use std::sync::mpsc::channel;

use crate::helpers::explorer::{open, open_puzzle, untrimmed_screen};
use plyscope::puzzle;
use plyscope::run::saved;
use plyscope::search::Algorithm;
use plyscope::tui::Reopened;
use plyscope::tui::app::App;
use plyscope::tui::keymap::{Action, Keymap};

/// Saves `app`'s run with `w` into a fresh directory; returns the file.
fn save(app: &mut App, dir: &tempfile::TempDir) -> std::path::PathBuf {
    app.class.dir = dir.path().to_path_buf();
    app.update(Action::SaveRun);
    let message = app.message.clone().unwrap_or_default();
    assert!(message.starts_with("saved "), "{message}");
    // In the current directory, as the explorer saves, the line fits 80 columns.
    let here = message.replace(&format!("{}/", dir.path().display()), "");
    assert!(
        here.chars().count() <= 80,
        "the status line shows it whole: {here}"
    );
    // The status line names the file whole: the one written.
    let named = &message["saved ".len()..message.find(".plyrun").expect("the file's name") + 7];
    let file = std::path::PathBuf::from(named);
    assert_eq!(file.parent(), Some(dir.path()), "{message}");
    assert!(file.is_file(), "{message}");
    file
}

fn reopen(path: &std::path::Path) -> App {
    let run = saved::read(path).unwrap();
    let reopened = Reopened::load(&run).unwrap();
    let (tx, _rx) = channel();
    let mut app = App::from_reopened(reopened, Keymap::bundled().unwrap(), tx);
    app.progress.nodes_per_second = 0.0;
    app
}

/// Everything but the status line's progress (a reopened run has no running search's
/// progress to show: its summary line says the result).
fn without_progress(screen: &str) -> Vec<String> {
    screen.lines().map(str::to_string).collect()
}

#[test]
fn a_saved_run_reopens_at_the_same_step_with_the_same_panes() {
    for (puzzle, keys) in [
        // Alpha-beta, values on the board off, a cutoff selected.
        ("tictactoe-fork", vec![Action::StepForward; 5]),
        // df-pn on Hex 4x4: proof numbers, thresholds, the dn view.
        (
            "hex-4x4",
            vec![
                Action::StepNextExpansion,
                Action::StepNextExpansion,
                Action::ToggleValues,
            ],
        ),
        // Lambda search with zones.
        (
            "atarigo-ladder",
            vec![
                Action::StepNextLevel,
                Action::StepForward,
                Action::CycleZoneOrder,
            ],
        ),
        // The chart pane, on its second chart.
        (
            "tictactoe",
            vec![
                Action::StepNextCutoff,
                Action::ToggleChart,
                Action::NextChart,
            ],
        ),
        // The split view: a second search, the focus on it, stepping apart.
        (
            "tictactoe-fork",
            vec![
                Action::ToggleSplit,
                Action::StepForward,
                Action::SwitchPane,
                Action::ToggleTogether,
                Action::StepForward,
                Action::StepForward,
            ],
        ),
    ] {
        let (mut app, _rx) = open(puzzle, None);
        for &k in &keys {
            app.update(k);
            // A split's second search runs on its own thread: let it finish first.
            let started = std::time::Instant::now();
            while app
                .split
                .as_ref()
                .is_some_and(|s| !s.pane.session.finished())
            {
                assert!(started.elapsed().as_secs() < 60, "the second search ends");
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            app.tick();
        }
        app.update(Action::ToggleBookmark);
        app.message = None;
        if let Some(split) = app.split.as_mut() {
            split.pane.message = None;
        }
        let dir = tempfile::tempdir().unwrap();
        let before: Vec<(u16, u16, String)> = [(80, 24), (120, 40)]
            .into_iter()
            .map(|(w, h)| (w, h, untrimmed_screen(&app, w, h)))
            .collect();
        let step = app.session.step();
        let path = save(&mut app, &dir);
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        // Named after every search the file holds: a split's after both.
        let first = app.spec.config.algorithm.name();
        let expected = match app.split.as_ref().map(|s| &s.pane) {
            None => format!("{puzzle}-{first}-step{step}.plyrun"),
            Some(pane) => format!(
                "{puzzle}-{first}-vs-{}-step{step}-and-{}.plyrun",
                pane.spec.config.algorithm.name(),
                pane.session.step()
            ),
        };
        assert_eq!(name, expected);
        // The status line now says where it went; the reopened explorer has none of that.
        app.message = None;
        if let Some(split) = app.split.as_mut() {
            split.pane.message = None;
        }
        let mut back = reopen(&path);
        assert_eq!(back.session.step(), step, "{puzzle}");
        assert!(back.session.finished());
        for (w, h, screen_before) in &before {
            assert_eq!(
                without_progress(&untrimmed_screen(&back, *w, *h)),
                without_progress(screen_before),
                "{puzzle} at {w}x{h}"
            );
        }
        // The record is whole: stepping to the end gives the saved run's end.
        back.update(Action::StepEnd);
        app.update(Action::StepEnd);
        assert_eq!(
            untrimmed_screen(&back, 120, 40),
            untrimmed_screen(&app, 120, 40),
            "{puzzle} at the end"
        );
        // And saving the reopened run writes the same record again.
        let again = save(&mut back, &dir);
        let a = saved::read(&path).unwrap();
        let b = saved::read(&again).unwrap();
        assert_eq!(a.header.body.fnv1a64, b.header.body.fnv1a64, "{puzzle}");
    }
}

/// A split run's file holds both searches and is named after both, first then second, as
/// the headers show them (it was named after the first alone).
#[test]
fn a_split_run_is_named_after_both_searches() {
    let p = puzzle::load("tictactoe").unwrap();
    let (mut app, _rx) = open_puzzle(p, Some(Algorithm::DfPn));
    plyscope::tui::app::split::open_with(&mut app, Algorithm::AlphaBeta);
    app.split.as_mut().unwrap().wait_for_search();
    for _ in 0..12 {
        app.update(Action::StepForward);
    }
    let dir = tempfile::tempdir().unwrap();
    let path = save(&mut app, &dir);
    assert_eq!(
        path.file_name().unwrap().to_string_lossy(),
        "tictactoe-dfpn-vs-alphabeta-step12.plyrun"
    );
    // Both searches are in it.
    let run = saved::read(&path).unwrap();
    let second = run
        .header
        .second
        .as_ref()
        .expect("the second search is saved");
    assert_eq!(second.algorithm, "alphabeta");
    // Stepping the second search alone: the name gives both steps.
    app.update(Action::SwitchPane);
    app.update(Action::ToggleTogether);
    app.update(Action::StepForward);
    let path = save(&mut app, &dir);
    assert_eq!(
        path.file_name().unwrap().to_string_lossy(),
        "tictactoe-dfpn-vs-alphabeta-step12-and-13.plyrun"
    );
    // A long pair of names still shows the file's whole name on an 80-column status line.
    plyscope::tui::app::split::open_with(&mut app, Algorithm::LambdaDfPn);
    app.split.as_mut().unwrap().wait_for_search();
    let path = save(&mut app, &dir);
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        name.starts_with("tictactoe-dfpn-vs-lambda-dfpn-step12"),
        "{name}"
    );
}

/// The version field this build writes.
fn current() -> String {
    format!("\"version\":\"{}.{}\"", saved::MAJOR, saved::MINOR)
}

fn saved_file() -> (tempfile::TempDir, std::path::PathBuf, Vec<u8>) {
    let (mut app, _rx) = open("tictactoe-fork", None);
    app.update(Action::StepForward);
    let dir = tempfile::tempdir().unwrap();
    let path = save(&mut app, &dir);
    let bytes = std::fs::read(&path).unwrap();
    (dir, path, bytes)
}

fn error_of(bytes: &[u8], dir: &tempfile::TempDir) -> String {
    let path = dir.path().join("damaged.plyrun");
    std::fs::write(&path, bytes).unwrap();
    match saved::read(&path) {
        Err(e) => e.to_string(),
        Ok(run) => match Reopened::load(&run) {
            Err(e) => e.to_string(),
            Ok(_) => "opened".to_string(),
        },
    }
}

#[test]
fn damaged_and_foreign_files_are_refused_with_what_is_wrong() {
    let (dir, _path, bytes) = saved_file();
    let newline = bytes.iter().position(|&b| b == b'\n').unwrap();
    let file = dir.path().join("damaged.plyrun").display().to_string();
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (
            bytes[..bytes.len() - 3].to_vec(),
            "the file is truncated at byte ",
        ),
        (
            bytes[..newline / 2].to_vec(),
            "the file is truncated inside its header",
        ),
        ([&bytes[..], b"xx"].concat(), "the file is corrupted: "),
        (
            {
                let mut b = bytes.clone();
                let last = b.len() - 1;
                b[last] ^= 0x55;
                b
            },
            "the checksum of its puzzle, settings and recorded search does not match",
        ),
        (
            b"hello\nworld".to_vec(),
            "not a saved run: it does not start with the run header (a line of JSON beginning \
             {\"format\":\"plyscope-run\"); its first line is \"hello\"",
        ),
        (
            b"{\"format\":\"plyscope-trace\"}\n".to_vec(),
            "not a saved run: \"format\" is \"plyscope-trace\"",
        ),
        (
            String::from_utf8_lossy(&bytes)
                .replacen(&current(), "\"version\":\"2.0\"", 1)
                .into_bytes(),
            "written by a newer plyscope (run format 2.0)",
        ),
        (Vec::new(), "not a saved run: the file is empty"),
    ];
    for (damaged, expected) in cases {
        let message = error_of(&damaged, &dir);
        assert!(message.starts_with(&file), "{message}");
        assert!(
            message.contains(expected),
            "expected '{expected}' in: {message}"
        );
        assert_in_words(&message);
    }
}

/// A refusal says what is wrong in the file's terms, not in a parser's: no serde_json or
/// postcard message (they name Rust types, "line 1 column 1" of a binary body, the
/// encoding's varints and buffers).
fn assert_in_words(message: &str) {
    for internal in [
        "expected value",
        "expected ident",
        "at line",
        "line 1 column",
        "invalid type",
        "missing field",
        "unknown variant",
        "struct",
        "Hit the end",
        "buffer",
        "varint",
        "EOF",
    ] {
        assert!(
            !message.contains(internal),
            "'{internal}' is a library's wording: {message}"
        );
    }
}

/// Other files than saved runs, and saved runs damaged in their header or body: each
/// refused with what is wrong with that file (it said "the first line is not its JSON
/// header (expected value at line 1 column 1)", serde's words, for a text file).
#[test]
fn files_that_are_no_saved_run_are_refused_in_words() {
    let (dir, _path, bytes) = saved_file();
    let newline = bytes.iter().position(|&b| b == b'\n').unwrap();
    let header: serde_json::Value = serde_json::from_slice(&bytes[..newline]).unwrap();
    let body = &bytes[newline + 1..];
    // The file with `header` changed by `edit`, its checksum made to match again.
    let with_header = |edit: &dyn Fn(&mut serde_json::Value)| -> Vec<u8> {
        let mut h = header.clone();
        edit(&mut h);
        let mut line = serde_json::to_string(&h).unwrap().into_bytes();
        line.push(b'\n');
        line.extend_from_slice(body);
        line
    };
    let readme =
        std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).expect("the README");
    let puzzle = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/puzzles/tictactoe.toml"
    ))
    .expect("a puzzle file");
    let truncated = format!(
        "the file is truncated at byte {}: 10 of the recorded search's {} bytes are there",
        newline + 1 + 10,
        body.len()
    );
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (
            readme,
            "not a saved run: it does not start with the run header (a line of JSON beginning \
             {\"format\":\"plyscope-run\"); its first line is \"# plyscope\"",
        ),
        (
            puzzle,
            "not a saved run: it does not start with the run header",
        ),
        (
            vec![0x7f, b'E', b'L', b'F', 2, 1, 1, 0, 0, 0, b'\n', 0xff, 0xfe],
            "not a saved run: it does not start with the run header (a line of JSON beginning \
             {\"format\":\"plyscope-run\"); its first line is not text",
        ),
        (
            vec![0xff, 0xd8, 0xff, 0xe0, 0, 0x10],
            "its first line is not text",
        ),
        (
            b"[1, 2, 3]\n".to_vec(),
            "not a saved run: it does not start with the run header",
        ),
        (b"\n\n".to_vec(), "its first line is empty"),
        (
            b"{\"a\": 1}\n".to_vec(),
            "not a saved run: \"format\" is missing, expected \"plyscope-run\"",
        ),
        (
            b"{\"format\": 3}\n".to_vec(),
            "not a saved run: \"format\" is 3, expected \"plyscope-run\"",
        ),
        (
            b"{\"format\":\"plyscope-run\",\"version\":1.1}\n".to_vec(),
            "unknown run format version 1.1 (not in quotes); expected \"1.x\"",
        ),
        (
            [&bytes[..40], b"}}\n"].concat(),
            "the header is damaged: its line is not valid JSON from column",
        ),
        (
            with_header(&|h| {
                h.as_object_mut().unwrap().remove("spec");
            }),
            "the header is damaged: it has no \"spec\" (the search's settings as this \
             plyscope writes them)",
        ),
        (
            with_header(&|h| h["events"] = "many".into()),
            "the header is damaged: its \"events\" is not the number of recorded events",
        ),
        (
            with_header(&|h| h["spec"]["config"]["algorithm"] = "quantum".into()),
            "the header is damaged: its \"spec\" is not the search's settings as this \
             plyscope writes them",
        ),
        (
            with_header(&|h| h["body"] = serde_json::json!({"bytes": "all"})),
            "the header is damaged: its \"body\" is not the recorded search's length and \
             checksum",
        ),
        (bytes[..newline + 1 + 10].to_vec(), &truncated),
        (
            b"{\"format\":\"plys".to_vec(),
            "the file is truncated inside its header",
        ),
    ];
    let file = dir.path().join("damaged.plyrun").display().to_string();
    for (damaged, expected) in cases {
        let message = error_of(&damaged, &dir);
        assert!(message.starts_with(&format!("{file}: ")), "{message}");
        assert!(
            message.contains(expected),
            "expected '{expected}' in: {message}"
        );
        assert_in_words(&message);
    }
    // A body whose checksum matches but whose bytes are no recorded search (a file made by
    // hand, or by another program): the decoder's fault in words.
    let parsed: saved::Header = serde_json::from_value(header.clone()).unwrap();
    // The file with `body` after the header, its size and checksum made to match.
    let forge = |body: &[u8]| -> Vec<u8> {
        let mut header = header.clone();
        header["body"]["bytes"] = body.len().into();
        header["body"]["fnv1a64"] = format!(
            "{:016x}",
            saved::fnv1a64(&[
                parsed.puzzle_name.as_bytes(),
                b"\n",
                parsed.puzzle.as_bytes(),
                serde_json::to_string(&parsed.spec).unwrap().as_bytes(),
                b"",
                body,
            ])
        )
        .into();
        let mut forged = serde_json::to_string(&header).unwrap().into_bytes();
        forged.push(b'\n');
        forged.extend_from_slice(body);
        forged
    };
    let message = error_of(&forge(&[0xffu8; 64]), &dir);
    assert!(
        message.contains(
            "the recorded search does not decode: its bytes hold a value no \
             recorded search has"
        ),
        "{message}"
    );
    assert_in_words(&message);
    let message = error_of(&forge(&[0u8; 1]), &dir);
    assert!(
        message.contains("the recorded search does not decode: its 1 bytes end before"),
        "{message}"
    );
    assert_in_words(&message);
}

#[test]
fn a_newer_minor_version_with_unknown_fields_opens() {
    let (dir, _path, bytes) = saved_file();
    let newer = String::from_utf8_lossy(&bytes[..bytes.iter().position(|&b| b == b'\n').unwrap()])
        .replacen(
            &current(),
            "\"version\":\"1.9\",\"made_with\":{\"future\":[1,2,3]}",
            1,
        )
        .replacen("\"view\":{", "\"view\":{\"chart\":\"pn\",", 1);
    let body = &bytes[bytes.iter().position(|&b| b == b'\n').unwrap()..];
    let mut file = newer.into_bytes();
    file.extend_from_slice(body);
    assert_eq!(error_of(&file, &dir), "opened");
}

#[test]
fn a_record_for_another_game_is_refused() {
    let (dir, _path, bytes) = saved_file();
    // The header's puzzle swapped for a textbook tree: the record no longer fits its game
    // or its puzzle.
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let newline = text.find('\n').unwrap();
    let mut header: serde_json::Value = serde_json::from_str(&text[..newline]).unwrap();
    header["puzzle"] = serde_json::Value::String(
        plyscope::puzzle::bundled()
            .iter()
            .find(|b| b.name == "dama-opening")
            .map(|b| b.text.to_string())
            .unwrap_or_else(|| "title = \"t\"\ngame = \"tree\"\ntree = \"(a 1 2)\"\n".to_string()),
    );
    let mut file = serde_json::to_string(&header).unwrap().into_bytes();
    file.extend_from_slice(&bytes[newline..]);
    let message = error_of(&file, &dir);
    assert!(message.contains("the checksum of its puzzle"), "{message}");
}

/// A selected new leaf (a child df-pn generated but has not entered) comes back selected:
/// its id is handed out as the tree lists it, so the file says where the row stands (it
/// was dropped, and the reopened explorer had no selection).
#[test]
fn a_selected_new_leaf_comes_back_selected() {
    let p = puzzle::load("tictactoe").unwrap();
    let (mut app, _rx) = open_puzzle(p, Algorithm::parse("dfpn"));
    for _ in 0..50 {
        app.update(Action::StepForward);
    }
    app.update(Action::Down);
    app.update(Action::Down);
    app.tick();
    app.message = None;
    let before = untrimmed_screen(&app, 120, 40);
    assert!(before.contains("new leaf"), "{before}");
    let selected = app.selected.expect("a row is selected");
    assert!(selected >= 1 << 31, "a new leaf's id: {selected:#x}");
    let dir = tempfile::tempdir().unwrap();
    let path = save(&mut app, &dir);
    app.message = None;
    let back = reopen(&path);
    assert!(back.selected.is_some(), "the new leaf is selected again");
    for (w, h) in [(80, 24), (120, 40)] {
        assert_eq!(
            untrimmed_screen(&back, w, h),
            untrimmed_screen(&app, w, h),
            "at {w}x{h}"
        );
    }
}

/// A save that cannot be written names the file it tried, whole, and the system's words
/// (it said "cannot save the run: cannot write the run: no such file").
#[test]
fn a_failed_save_names_the_file_and_the_systems_words() {
    let (mut app, _rx) = open("tictactoe", None);
    app.update(Action::StepForward);
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing");
    app.class.dir = missing.clone();
    app.update(Action::SaveRun);
    let message = app.message.clone().unwrap_or_default();
    let step = app.session.step();
    let algorithm = app.spec.config.algorithm.name();
    assert_eq!(
        message,
        format!(
            "cannot save the run to {}/tictactoe-{algorithm}-step{step}.plyrun: \
             No such file or directory",
            missing.display()
        )
    );
}
