//! Class material, bookmarks and the depth key (issue 16, point 9; issue 17 for the files):
//! the explorer writes the tree as of the current step (`S`), asks before writing over a
//! file, says why when it cannot write and keeps running; `M` marks steps and `'` / `"`
//! go back to them; `#` sets the depth limit and searches again. The editor: a typed title
//! replaces the offered one, AtariGo's stone-count rule is explained, and a save into a
//! directory it cannot write says so and keeps the editor open with the position.

use std::fs;
use std::path::{Path, PathBuf};

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::helpers::binary::scratch;
use crate::helpers::explorer::{open, open_puzzle};
use plyscope::puzzle;
use plyscope::tui::app::App;
use plyscope::tui::editor::Modal;
use plyscope::tui::editor::setup::ATARIGO_COUNTS;
use plyscope::tui::keymap::Action;
use plyscope::tui::ui::status::summary_text;

fn key(c: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)
}

fn press(app: &mut App, code: KeyCode) {
    app.key(&KeyEvent::new(code, KeyModifiers::NONE));
}

fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        app.key(&key(c));
    }
}

/// The node ids of a DOT file's boxes (`  n4 [label=...`).
fn dot_nodes(text: &str) -> Vec<u32> {
    text.lines()
        .filter_map(|l| {
            let rest = l.trim_start().strip_prefix('n')?;
            let (id, _) = rest.split_once(" [label=")?;
            id.parse().ok()
        })
        .collect()
}

/// A directory this process cannot create files in: a read-only temporary directory, or
/// when running as root (who writes anywhere) `/sys`, whose file system refuses new files.
fn unwritable(test: &str) -> (PathBuf, Option<PathBuf>) {
    let dir = scratch(&format!("class-{test}"));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&dir, fs::Permissions::from_mode(0o555)).unwrap();
        let probe = dir.join("probe");
        if fs::write(&probe, "x").is_err() {
            return (dir.clone(), Some(dir));
        }
        let _ = fs::remove_file(&probe);
        fs::set_permissions(&dir, fs::Permissions::from_mode(0o755)).unwrap();
    }
    let _ = fs::remove_dir_all(&dir);
    (PathBuf::from("/sys"), None)
}

fn cleanup(dir: Option<PathBuf>) {
    #[cfg(unix)]
    if let Some(d) = &dir {
        use std::os::unix::fs::PermissionsExt;
        let _ = fs::set_permissions(d, fs::Permissions::from_mode(0o755));
    }
    if let Some(d) = dir {
        let _ = fs::remove_dir_all(d);
    }
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn the_export_key_writes_the_tree_as_of_the_step_and_the_settings() {
    let dir = scratch("class-export");
    let (mut app, _rx) = open("tree-abc", None);
    app.class.dir = dir.clone();
    for _ in 0..3 {
        app.update(Action::StepForward);
    }
    let entered = app.session.tree_so_far().0;
    type_text(&mut app, "S");
    let message = app.message.clone().unwrap();
    assert!(
        message.starts_with("wrote tree-abc-step3.dot and tree-abc-step3.txt in "),
        "{message}"
    );
    assert_eq!(names(&dir), ["tree-abc-step3.dot", "tree-abc-step3.txt"]);
    let dot = fs::read_to_string(dir.join("tree-abc-step3.dot")).unwrap();
    // Exactly the nodes entered by step 3, numbered as `plyscope export` numbers them.
    let nodes = dot_nodes(&dot);
    assert_eq!(nodes.len(), entered, "{dot}");
    assert_eq!(nodes, (0..entered as u32).collect::<Vec<_>>(), "{dot}");
    assert!(dot.contains("// step 3 of "), "{dot}");
    assert!(dot.contains("// algorithm: alphabeta"), "{dot}");
    let text = fs::read_to_string(dir.join("tree-abc-step3.txt")).unwrap();
    assert!(text.contains("== Why =="), "{text}");
    assert!(text.contains("== Tree as of step 3"), "{text}");
    assert!(text.contains("move ordering: "), "{text}");
    // Further on, b's leaves are named as in the explorer: b1 b2 b3.
    for _ in 0..9 {
        app.update(Action::StepForward);
    }
    let step = app.session.step();
    app.update(Action::ExportClass);
    let later = fs::read_to_string(dir.join(format!("tree-abc-step{step}.dot"))).unwrap();
    assert!(later.contains("label=\"b1\\n"), "{later}");
    assert_eq!(dot_nodes(&later).len(), app.session.tree_so_far().0);
    let _ = fs::remove_dir_all(&dir);
}

/// Class material speaks the family shown: df-pn's thresholds, its own move order and its
/// table, never alpha-beta's killers or windows; infinity is `inf`, never 4294967295.
#[test]
fn df_pn_class_material_names_thresholds_not_killers() {
    let dir = scratch("class-dfpn");
    let (mut app, _rx) = open("tictactoe", Some(plyscope::search::Algorithm::DfPn));
    app.class.dir = dir.clone();
    for _ in 0..40 {
        app.update(Action::StepForward);
    }
    let step = app.session.step();
    app.update(Action::ExportClass);
    let text = fs::read_to_string(dir.join(format!("tictactoe-step{step}.txt"))).unwrap();
    let dot = fs::read_to_string(dir.join(format!("tictactoe-step{step}.dot"))).unwrap();
    for file in [&text, &dot] {
        assert!(
            file.contains("move ordering: static rank"),
            "df-pn's own order:\n{file}"
        );
        assert!(file.contains("th_pn, th_dn"), "its thresholds:\n{file}");
        assert!(
            file.contains("thresholds ["),
            "the descent's thresholds:\n{file}"
        );
        for wrong in ["killers", "history", "4294967295", "(-inf", "∞"] {
            assert!(
                !file.contains(wrong),
                "{wrong} in df-pn's material:\n{file}"
            );
        }
    }
    // Alpha-beta's material names its orderer; its full window reads (-inf, inf).
    let (mut app, _rx) = open("tree-abc", None);
    app.class.dir = dir.clone();
    app.update(Action::StepForward);
    app.update(Action::ExportClass);
    let text = fs::read_to_string(dir.join("tree-abc-step1.txt")).unwrap();
    assert!(text.contains("(-inf, inf)"), "{text}");
    assert!(!text.contains("+inf") && !text.contains("th_pn"), "{text}");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn the_export_key_asks_before_writing_over_a_file() {
    let dir = scratch("class-overwrite");
    let (mut app, _rx) = open("tree-abc", None);
    app.class.dir = dir.clone();
    app.update(Action::StepForward);
    let dot = dir.join("tree-abc-step1.dot");
    fs::write(&dot, "a teacher's own notes").unwrap();
    type_text(&mut app, "S");
    let message = app.message.clone().unwrap();
    assert!(
        message.contains("tree-abc-step1.dot exists: overwrite? (y: yes"),
        "{message}"
    );
    // Any key but y: nothing written, and the key does nothing else.
    let step = app.session.step();
    type_text(&mut app, " ");
    assert_eq!(app.session.step(), step);
    assert_eq!(fs::read_to_string(&dot).unwrap(), "a teacher's own notes");
    assert!(!dir.join("tree-abc-step1.txt").exists());
    assert!(app.message.as_deref().unwrap().contains("not written"));
    // y writes both.
    type_text(&mut app, "Sy");
    assert!(fs::read_to_string(&dot).unwrap().starts_with("// plyscope"));
    assert!(dir.join("tree-abc-step1.txt").exists());
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn an_unwritable_directory_is_named_and_the_explorer_goes_on() {
    let (dir, owned) = unwritable("readonly");
    let (mut app, _rx) = open("tree-abc", None);
    app.class.dir = dir.clone();
    app.update(Action::StepForward);
    app.update(Action::ExportClass);
    let message = app.message.clone().unwrap();
    assert!(
        message.starts_with(&format!(
            "cannot write {}",
            dir.join("tree-abc-step1.dot").display()
        )),
        "{message}"
    );
    assert!(
        message.contains("nothing written; the explorer goes on"),
        "{message}"
    );
    assert!(!app.quit);
    app.update(Action::StepForward);
    assert_eq!(app.session.step(), 2);
    if owned.is_some() {
        assert!(names(&dir).is_empty());
    }
    cleanup(owned);
}

#[test]
fn bookmarks_mark_steps_and_jump_between_them() {
    let (mut app, _rx) = open("tree-abc", None);
    type_text(&mut app, "'");
    assert_eq!(
        app.message.as_deref(),
        Some("no bookmarks yet (M marks the current step)")
    );
    for _ in 0..2 {
        app.update(Action::StepForward);
    }
    type_text(&mut app, "M");
    assert!(
        summary_text(&app).contains("| mark 1/1"),
        "{}",
        summary_text(&app)
    );
    for _ in 0..5 {
        app.update(Action::StepForward);
    }
    type_text(&mut app, "M");
    assert_eq!(
        app.message.as_deref(),
        Some("step 7 bookmarked; marks at steps 2, 7")
    );
    app.update(Action::StepStart);
    assert!(summary_text(&app).contains("| 2 marks"));
    type_text(&mut app, "'");
    assert_eq!(app.session.step(), 2);
    type_text(&mut app, "'");
    assert_eq!(app.session.step(), 7);
    assert!(summary_text(&app).contains("| mark 2/2"));
    type_text(&mut app, "'");
    assert_eq!(app.session.step(), 2, "wraps to the first");
    type_text(&mut app, "\"");
    assert_eq!(app.session.step(), 7, "wraps to the last");
    // Unmarking, and a new search forgets the marks of the old record.
    type_text(&mut app, "M");
    assert_eq!(app.bookmarks.steps(), vec![2]);
    app.update(Action::CycleAlgorithm);
    assert!(app.bookmarks.steps().is_empty());
}

#[test]
fn the_depth_key_sets_the_limit_searches_again_and_shows_it() {
    let p = puzzle::load("tictactoe").unwrap();
    let (mut app, rx) = open_puzzle(p, None);
    assert_eq!(app.spec.limits.max_depth, None);
    type_text(&mut app, "@");
    assert_eq!(app.depth_limit, Some(1));
    assert_eq!(app.spec.limits.max_depth, Some(1));
    assert_eq!(
        app.message.as_deref(),
        Some("depth limit 1: searching again")
    );
    app.wait_for_search(&rx);
    assert!(
        summary_text(&app).contains("| depth 1"),
        "{}",
        summary_text(&app)
    );
    app.update(Action::StepEnd);
    let (nodes, deepest) = app.session.tree_so_far();
    assert_eq!(deepest, 1, "a depth-1 search goes one ply deep");
    assert!(nodes <= 1 + 9 * 2, "{nodes} nodes");
    type_text(&mut app, "@@");
    assert_eq!(app.spec.limits.max_depth, Some(3));
    app.wait_for_search(&rx);
    // Back to the puzzle's own (none) after the last.
    for _ in 3..8 {
        type_text(&mut app, "@");
    }
    assert_eq!(app.depth_limit, None);
    assert_eq!(app.spec.limits.max_depth, None);
    assert!(!summary_text(&app).contains("depth "));
}

fn editor_message(app: &App) -> String {
    let Some(Modal::Edit(editor)) = &app.modal else {
        panic!("the editor is open")
    };
    editor.message.clone().unwrap_or_default()
}

#[test]
fn a_typed_title_replaces_the_offered_one() {
    let dir = scratch("class-title");
    let (mut app, _rx) = open("tictactoe", None);
    app.puzzle_dir = Some(dir.clone());
    app.key(&KeyEvent::new(KeyCode::Char('e'), KeyModifiers::CONTROL));
    // The name: typing replaces "my-puzzle.toml"; the title: typing replaces the puzzle's.
    type_text(&mut app, "xlos");
    type_text(&mut app, "centre");
    press(&mut app, KeyCode::Enter);
    type_text(&mut app, "Centre opening");
    press(&mut app, KeyCode::Enter);
    let saved = dir.join("centre.toml");
    let loaded = puzzle::load(saved.to_str().unwrap()).unwrap();
    assert_eq!(loaded.title, "Centre opening");
    // Backspace edits the offered text instead: the title keeps its start.
    type_text(&mut app, "s");
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Backspace);
    type_text(&mut app, "G");
    press(&mut app, KeyCode::Enter);
    let loaded = puzzle::load(saved.to_str().unwrap()).unwrap();
    assert_eq!(loaded.title, "Centre openinG");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn atarigo_stone_counts_are_explained_in_the_editor() {
    let (mut app, _rx) = open("atarigo-4x4", None);
    app.key(&KeyEvent::new(KeyCode::Char('e'), KeyModifiers::CONTROL));
    // One more black stone with black to move: a count no alternate play reaches.
    type_text(&mut app, "hhjjx");
    type_text(&mut app, "c");
    let message = editor_message(&app);
    assert!(message.starts_with("not legal: "), "{message}");
    assert!(message.contains(ATARIGO_COUNTS), "{message}");
    // t gives white the move, which those counts allow.
    type_text(&mut app, "tc");
    let message = editor_message(&app);
    assert_eq!(
        message, "legal: the puzzle loader accepts this position",
        "{message}"
    );
}

#[test]
fn an_editor_save_into_an_unwritable_directory_keeps_the_editor_and_the_position() {
    let (dir, owned) = unwritable("editor-readonly");
    let (mut app, _rx) = open("tictactoe", None);
    app.puzzle_dir = Some(dir.clone());
    app.key(&KeyEvent::new(KeyCode::Char('e'), KeyModifiers::CONTROL));
    type_text(&mut app, "xlos");
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Enter);
    let message = editor_message(&app);
    assert!(message.starts_with("cannot write "), "{message}");
    assert!(message.contains("is unchanged"), "{message}");
    let Some(Modal::Edit(editor)) = &app.modal else {
        panic!("the editor stays open")
    };
    assert!(editor.dirty, "the change is not lost");
    assert!(!app.quit);
    cleanup(owned);
}
