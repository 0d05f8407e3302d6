//! The position editor and play against an engine (issue 7, deliverable 4 and "Tests that
//! must exist": "Editor: save/load round-trip; illegal setups refused with a message; an
//! interrupted save leaves the old file intact").
//!
//! Round trips go through real files and `puzzle::load`; every legality rule the editor
//! reports has one setup here that breaks it; the interrupted save is simulated with a
//! writer that fails half-way, a stale temporary file and a target that cannot be replaced;
//! a key-driven session runs the editor inside the explorer's `App` (one insta snapshot of
//! the screen) and saves through its prompts; a short game checks that the engine answers
//! and an illegal move is refused. Everything is small: the suite takes well under a
//! second of search.

use std::fs;
use std::io::{self, Write};
use std::sync::mpsc::channel;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::helpers::binary::scratch;
use crate::helpers::explorer;
use plyscope::game::Player;
use plyscope::games::dama::{Dama, Piece};
use plyscope::games::gobblet::{Gobblet, Variant};
use plyscope::puzzle::{self, Position};
use plyscope::tui::app::App;
use plyscope::tui::editor::Modal;
use plyscope::tui::editor::save::{save_atomic, save_atomic_with};
use plyscope::tui::editor::setup::{Board, Setup, StoneKind};
use plyscope::tui::keymap::Keymap;

/// Saves `setup` under `dir`, loads the file, and checks that it is the same position.
fn round_trip(setup: &Setup, position: &Position, dir: &std::path::Path, file: &str) {
    let path = dir.join(file);
    save_atomic(&path, &setup.to_toml("round trip")).unwrap();
    let loaded = puzzle::load(path.to_str().unwrap())
        .unwrap_or_else(|e| panic!("{file} does not load: {e}\n{}", setup.to_toml("t")));
    assert_eq!(loaded.position.game_name(), position.game_name(), "{file}");
    assert_eq!(loaded.position.key(), position.key(), "{file}");
    assert_eq!(loaded.position.to_move(), position.to_move(), "{file}");
    assert_eq!(loaded.position.diagram(), position.diagram(), "{file}");
    assert_eq!(loaded.title, "round trip");
    // And the editor reads the loaded position back into the same setup.
    let mut again = Setup::from_position(&loaded.position).unwrap();
    again.goal = setup.goal;
    again.algorithm = setup.algorithm;
    again.limits = setup.limits;
    assert_eq!(&again, setup, "{file}");
}

#[test]
fn every_game_saves_and_loads_back_the_same_position() {
    let dir = scratch("editor-round-trip");
    let mut games = Vec::new();
    for b in puzzle::bundled() {
        let p = b.load().unwrap();
        if matches!(p.position, Position::Tree(_)) {
            continue;
        }
        let setup = Setup::from_puzzle(&p, &p.position, true).unwrap();
        round_trip(&setup, &p.position, &dir, &format!("{}.toml", b.name));
        // Goal, algorithm and limits survive too.
        let loaded = puzzle::load(dir.join(format!("{}.toml", b.name)).to_str().unwrap()).unwrap();
        assert_eq!(loaded.algorithm, p.algorithm, "{}", b.name);
        assert_eq!(loaded.limits, p.limits, "{}", b.name);
        assert_eq!(loaded.draw_counts_for_attacker, p.draw_counts_for_attacker);
        assert_eq!(
            loaded.expect.and_then(|e| e.result),
            p.expect.and_then(|e| e.result),
            "{}",
            b.name
        );
        games.push(p.position.game_name());
    }
    for game in ["mnk", "atarigo", "hex", "dama", "gobblet"] {
        assert!(games.contains(&game), "no bundled {game} puzzle was saved");
    }
    // Positions the bundled puzzles do not have: edited ones, and both Gobblet variants.
    let mut s = Setup::from_position(&puzzle::load("hex-3x3").unwrap().position).unwrap();
    s.set_stone(1, 1, Some(Player::Black)).unwrap();
    s.to_move = Player::White;
    let edited = s.check().unwrap();
    round_trip(&s, &edited.position, &dir, "hex-edited.toml");
    for variant in [Variant::Gobblet, Variant::Gobblers] {
        let start = Position::Gobblet(Gobblet::new(variant));
        let mut s = Setup::from_position(&start).unwrap();
        s.gobble(0, 0, Player::Black, 1).unwrap();
        s.gobble(0, 0, Player::White, variant.sizes()).unwrap();
        s.gobble(1, 1, Player::Black, 3).unwrap();
        s.to_move = Player::White;
        match s.check() {
            Ok(p) => round_trip(&s, &p.position, &dir, &format!("{}.toml", variant.name())),
            // 4x4: a size-1 piece comes out of a set only after its larger pieces.
            Err(e) => {
                assert_eq!(variant, Variant::Gobblet);
                assert!(e.contains("pieces of size 1"), "{e}");
                s.gobble(2, 2, Player::Black, 2).unwrap();
                s.gobble(3, 3, Player::Black, 4).unwrap();
                let p = s.check().unwrap();
                round_trip(&s, &p.position, &dir, "gobblet.toml");
            }
        }
    }
    let _ = fs::remove_dir_all(&dir);
}

fn stones(name: &str) -> Setup {
    Setup::from_position(&puzzle::load(name).unwrap().position).unwrap()
}

fn refused(setup: &Setup, expected: &str) {
    let e = setup.check().unwrap_err();
    assert!(e.contains(expected), "expected \"{expected}\" in \"{e}\"");
}

#[test]
fn atarigo_refuses_chains_without_liberties_and_wrong_counts() {
    let mut s = stones("atarigo-4x4");
    s.set_stone(0, 0, Some(Player::White)).unwrap();
    s.set_stone(1, 0, Some(Player::Black)).unwrap();
    s.set_stone(0, 1, Some(Player::Black)).unwrap();
    s.to_move = Player::White;
    // White's a1 should have been captured already.
    refused(&s, "the white chain at a1 has no liberties");
    s.set_stone(0, 0, None).unwrap();
    s.to_move = Player::Black;
    refused(
        &s,
        "with black to move black and white must have as many stones",
    );
}

#[test]
fn hex_and_mnk_refuse_impossible_counts_and_finished_games() {
    let mut hex = stones("hex-3x3");
    hex.set_stone(0, 0, Some(Player::Black)).unwrap();
    refused(&hex, "with black to move");
    for y in 1..3 {
        hex.set_stone(0, y, Some(Player::Black)).unwrap();
    }
    hex.set_stone(2, 0, Some(Player::White)).unwrap();
    hex.set_stone(2, 1, Some(Player::White)).unwrap();
    hex.to_move = Player::White;
    refused(&hex, "the position is already over: black has won");

    let mut mnk = stones("tictactoe");
    mnk.set_stone(0, 0, Some(Player::Black)).unwrap();
    mnk.set_stone(1, 0, Some(Player::Black)).unwrap();
    refused(&mnk, "impossible stone counts");
    // m,n,k's free setup lifts the count rule (Thomsen's goal puzzles), not the end.
    if let Board::Stones {
        kind: StoneKind::Mnk { free_setup, .. },
        ..
    } = &mut mnk.board
    {
        *free_setup = true;
    }
    mnk.check().unwrap();
    mnk.set_stone(2, 0, Some(Player::Black)).unwrap();
    refused(&mnk, "the position is already over: black has 3 in a row");
}

#[test]
fn checkers_refuse_men_on_their_last_row_too_many_pieces_and_light_squares() {
    let mut s = Setup::from_position(&Position::Dama(Dama::new())).unwrap();
    // b8 is dark and White's last row.
    s.set_piece(1, 7, Some(Piece::Man(Player::White))).unwrap();
    refused(&s, "a white man on b8, its last row");
    s.set_piece(1, 7, Some(Piece::King(Player::White))).unwrap();
    refused(&s, "white has 13 pieces; a side has at most 12");
    s.set_piece(1, 7, None).unwrap();
    s.check().unwrap();
    let e = s
        .set_piece(0, 1, Some(Piece::Man(Player::Black)))
        .unwrap_err();
    assert!(e.starts_with("a2 is a light square"), "{e}");
}

#[test]
fn gobblet_refuses_missing_pieces_small_covers_and_broken_sets() {
    let mut s = Setup::from_position(&Position::Gobblet(Gobblet::new(Variant::Gobblet))).unwrap();
    for x in 0..3 {
        s.gobble(x, 0, Player::Black, 4).unwrap();
    }
    let e = s.gobble(3, 0, Player::Black, 4).unwrap_err();
    assert_eq!(e, "X has no piece of size 4 left: all 3 are on the board");
    assert_eq!(s.gobblet_reserve(Player::Black).unwrap()[4], 0);
    let e = s.gobble(0, 0, Player::White, 4).unwrap_err();
    assert!(
        e.starts_with("a piece of size 4 cannot cover one of size 4"),
        "{e}"
    );
    s.remove_top(0, 0).unwrap();
    assert_eq!(s.gobblet_reserve(Player::Black).unwrap()[4], 1);
    // A size-2 piece while every set still has its size 3 on top.
    s.gobble(0, 1, Player::Black, 2).unwrap();
    s.to_move = Player::White;
    refused(&s, "X has 1 pieces of size 2 but only 0 of size 3");
}

/// Satisfies the writer of a save half-way, then fails.
fn half_then_fail(file: &mut fs::File, bytes: &[u8]) -> io::Result<()> {
    file.write_all(&bytes[..bytes.len() / 2])?;
    Err(io::Error::other("disk full (simulated)"))
}

/// The names in `dir`, sorted: a save leaves no temporary file behind.
fn names(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn an_interrupted_save_leaves_the_old_file_intact() {
    let dir = scratch("editor-interrupted");
    let path = dir.join("mine.toml");
    let old = puzzle::bundled()[0].text;
    fs::write(&path, old).unwrap();
    let setup = stones("hex-3x3");
    let e = save_atomic_with(&path, &setup.to_toml("new"), half_then_fail).unwrap_err();
    assert!(e.contains("disk full (simulated)"), "{e}");
    assert!(e.contains(&path.display().to_string()), "{e}");
    assert_eq!(fs::read_to_string(&path).unwrap(), old);
    assert_eq!(names(&dir), ["mine.toml"], "the temporary file is removed");

    // A temporary file a killed save left behind neither blocks a save nor is touched.
    let left = dir.join(".mine.toml.abcdef.tmp");
    fs::write(&left, "half a puzz").unwrap();
    save_atomic(&path, &setup.to_toml("new")).unwrap();
    assert_eq!(names(&dir), [".mine.toml.abcdef.tmp", "mine.toml"]);
    assert_eq!(puzzle::load(path.to_str().unwrap()).unwrap().title, "new");
    fs::remove_file(&left).unwrap();

    // A target that cannot be replaced (a directory): named in the message, untouched.
    let blocked = dir.join("blocked.toml");
    fs::create_dir(&blocked).unwrap();
    fs::write(blocked.join("inside"), "x").unwrap();
    let e = save_atomic(&blocked, "title = \"t\"\n").unwrap_err();
    assert!(
        e.starts_with(&format!("cannot save {}", blocked.display())),
        "{e}"
    );
    assert!(blocked.join("inside").exists());
    assert_eq!(names(&dir), ["blocked.toml", "mine.toml"]);
    // A directory that does not exist: the temporary file cannot even be made.
    let nowhere = dir.join("no-such-dir").join("p.toml");
    let e = save_atomic(&nowhere, "x").unwrap_err();
    assert!(
        e.contains("no-such-dir") && e.contains("is unchanged"),
        "{e}"
    );
    let _ = fs::remove_dir_all(&dir);
}

fn key(c: char) -> KeyEvent {
    let modifiers = if c.is_ascii_uppercase() {
        KeyModifiers::SHIFT
    } else {
        KeyModifiers::NONE
    };
    KeyEvent::new(KeyCode::Char(c), modifiers)
}

fn press(app: &mut App, code: KeyCode) {
    app.key(&KeyEvent::new(code, KeyModifiers::NONE));
}

fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        app.key(&key(c));
    }
}

/// The editor's screen at 100x26.
fn screen(app: &App) -> String {
    explorer::screen(app, 100, 26)
}

fn open(name: &str) -> App {
    let (tx, _rx) = channel();
    let p = puzzle::load(name).unwrap();
    App::new(p, None, 10_000, Keymap::bundled().unwrap(), tx)
}

#[test]
fn a_key_driven_editor_session_checks_and_saves() {
    let dir = scratch("editor-session");
    let mut app = open("tictactoe");
    app.puzzle_dir = Some(dir.clone());
    app.key(&KeyEvent::new(KeyCode::Char('e'), KeyModifiers::CONTROL));
    assert!(matches!(app.modal, Some(Modal::Edit(_))));
    // The cursor starts on b2: black there (the puzzle's expected draw is about the empty
    // board, so it is dropped), white on a1, then the expected result: win.
    type_text(&mut app, "x");
    let Some(Modal::Edit(editor)) = &app.modal else {
        panic!("the editor is open")
    };
    assert_eq!(editor.setup.goal.result, None);
    assert!(
        editor
            .message
            .as_deref()
            .unwrap()
            .contains("(draw) is dropped")
    );
    press(&mut app, KeyCode::Left);
    press(&mut app, KeyCode::Down);
    type_text(&mut app, "o");
    type_text(&mut app, "r");
    insta::assert_snapshot!("editor_tictactoe_100x26", screen(&app));
    // Black to move with one stone each is legal; a second black stone with black to
    // move is not, and saving is refused with the reason.
    type_text(&mut app, "lx");
    type_text(&mut app, "s");
    let Some(Modal::Edit(editor)) = &app.modal else {
        panic!("the editor is open")
    };
    let message = editor.message.clone().unwrap();
    assert!(
        message.starts_with("cannot save: impossible stone counts"),
        "{message}"
    );
    assert!(editor.prompt.is_none());
    type_text(&mut app, ".");
    type_text(&mut app, "s");
    // The prompts: a file name (replacing the offered one), then the title.
    for _ in 0.."my-puzzle.toml".len() {
        press(&mut app, KeyCode::Backspace);
    }
    type_text(&mut app, "corner");
    press(&mut app, KeyCode::Enter);
    app.key(&KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL));
    type_text(&mut app, "Centre and corner");
    press(&mut app, KeyCode::Enter);
    let saved = dir.join("corner.toml");
    let loaded = puzzle::load(saved.to_str().unwrap()).unwrap();
    assert_eq!(loaded.title, "Centre and corner");
    assert_eq!(loaded.position.to_move(), Player::Black);
    assert_eq!(
        loaded.expect.and_then(|e| e.result),
        Some(puzzle::ExpectedResult::Win)
    );
    let Some(Modal::Edit(editor)) = &app.modal else {
        panic!("the editor is open")
    };
    assert!(!editor.dirty);
    assert_eq!(
        loaded.position.key(),
        editor.setup.check().unwrap().position.key()
    );
    // Unchanged since the save: esc leaves at once.
    press(&mut app, KeyCode::Esc);
    assert!(app.modal.is_none());
    // Changed: esc asks first.
    app.key(&KeyEvent::new(KeyCode::Char('e'), KeyModifiers::CONTROL));
    type_text(&mut app, "t");
    press(&mut app, KeyCode::Esc);
    assert!(app.modal.is_some());
    press(&mut app, KeyCode::Esc);
    assert!(app.modal.is_none());
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn trees_are_not_editable_and_say_so() {
    let mut app = open("tree-abc");
    app.key(&KeyEvent::new(KeyCode::Char('e'), KeyModifiers::CONTROL));
    assert!(app.modal.is_none());
    assert!(app.message.as_deref().unwrap().contains("not editable"));
}

fn wait_for_engine(app: &mut App) {
    for _ in 0..2_000 {
        match &app.modal {
            Some(Modal::Play(p, _)) if p.is_thinking() => {
                app.tick();
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            _ => return,
        }
    }
    panic!("the engine did not answer in 10 s");
}

#[test]
fn a_short_game_against_the_engine() {
    let mut app = open("tictactoe");
    app.key(&key('P'));
    // The cursor starts on b2; enter plays it, the engine answers on its thread.
    press(&mut app, KeyCode::Enter);
    wait_for_engine(&mut app);
    let Some(Modal::Play(play, _)) = &app.modal else {
        panic!("the game is open")
    };
    assert_eq!(play.moves.len(), 2, "{:?}", play.message);
    assert_eq!(play.moves[0], "b2");
    assert!(
        play.message
            .as_deref()
            .unwrap()
            .starts_with("engine played")
    );
    // b2 again is refused; so is a typed move that is not one.
    press(&mut app, KeyCode::Enter);
    type_text(&mut app, ":z9");
    press(&mut app, KeyCode::Enter);
    let Some(Modal::Play(play, _)) = &app.modal else {
        panic!("the game is open")
    };
    assert_eq!(play.moves.len(), 2);
    let message = play.message.as_deref().unwrap();
    assert!(message.starts_with("\"z9\" is refused"), "{message}");
    // Undo goes back to the user's turn at the start; esc leaves.
    type_text(&mut app, "u");
    let Some(Modal::Play(play, _)) = &app.modal else {
        panic!("the game is open")
    };
    assert!(play.moves.is_empty());
    press(&mut app, KeyCode::Esc);
    assert!(app.modal.is_none());
}

#[test]
fn checkers_are_played_by_typing_moves() {
    let mut app = open("dama-two-kings-vs-one");
    app.key(&key('P'));
    let (first, human) = {
        let Some(Modal::Play(play, _)) = &app.modal else {
            panic!("the game is open")
        };
        let moves = plyscope::tui::play::legal_moves(&play.position);
        (moves[0].clone(), play.human)
    };
    press(&mut app, KeyCode::Enter);
    type_text(&mut app, &first);
    press(&mut app, KeyCode::Enter);
    wait_for_engine(&mut app);
    let Some(Modal::Play(play, _)) = &app.modal else {
        panic!("the game is open")
    };
    assert_eq!(play.moves[0], first);
    assert!(play.over().is_some() || play.position.to_move() == human);
}
