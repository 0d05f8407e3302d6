//! How the explorer reaches the editor and the game: `ctrl-e` and `P` open them on the
//! selected node's position (rebuilt from its line of moves), and while one is open
//! [`App::key`] hands it every key but ctrl-c. Also the game screen's keys: arrows or `hjkl` and enter
//! on a stone board, `:` to type a move, `u` undo, `s` swap sides, `a` the engine's
//! algorithm, `m` its node limit, esc to leave.

use std::path::PathBuf;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::puzzle::Position;
use crate::run::registry;
use crate::search::Algorithm;
use crate::tui::app::{App, NODE_LIMITS};
use crate::tui::play::{PLAY_NODES, Play, replay};

use super::setup::Setup;
use super::{Editor, EditorExit, Line, Modal, edit_line};

/// The algorithms an engine can play `position` with, in registry order.
fn engines_for(position: &Position) -> Vec<Algorithm> {
    registry::applicable(position)
}

/// Handles a key of the game screen; true when the game is left.
fn play_key(play: &mut Play, event: &KeyEvent) -> bool {
    play.message = None;
    if let Some(text) = play.input.take() {
        match edit_line(text, event) {
            Line::Typing(t) => play.input = Some(t),
            Line::Cancelled => {}
            Line::Done(t) => play.user_move(&t),
        }
        return false;
    }
    let (x, y) = play.cursor;
    let (columns, rows) = play.position.board_size().unwrap_or((1, 1));
    let ch = match event.code {
        KeyCode::Char(c) if !event.modifiers.contains(KeyModifiers::CONTROL) => Some(c),
        _ => None,
    };
    let cursor = play.has_cursor();
    match (event.code, ch) {
        (KeyCode::Esc, _) | (_, Some('q')) => return true,
        (KeyCode::Left, _) | (_, Some('h')) if cursor => play.cursor.0 = x.saturating_sub(1),
        (KeyCode::Right, _) | (_, Some('l')) if cursor => play.cursor.0 = (x + 1).min(columns - 1),
        (KeyCode::Up, _) | (_, Some('k')) if cursor => play.cursor.1 = (y + 1).min(rows - 1),
        (KeyCode::Down, _) | (_, Some('j')) if cursor => play.cursor.1 = y.saturating_sub(1),
        (KeyCode::Enter, _) => match play.cursor_move() {
            Some(mv) => play.user_move(&mv),
            None => play.input = Some(String::new()),
        },
        (_, Some(':')) => play.input = Some(String::new()),
        (_, Some('u')) => play.undo(),
        (_, Some('s')) => play.swap_sides(),
        (_, Some('a')) => {
            let engines = engines_for(&play.start);
            let at = engines.iter().position(|&a| a == play.algorithm);
            play.algorithm = engines[at.map_or(0, |i| (i + 1) % engines.len())];
            play.message = Some(format!("engine: {}", play.engine_text()));
        }
        (_, Some('m')) => {
            let at = PLAY_NODES.iter().position(|&n| n == play.nodes);
            play.nodes = PLAY_NODES[at.map_or(0, |i| (i + 1) % PLAY_NODES.len())];
            play.message = Some(format!("engine: {}", play.engine_text()));
        }
        _ => {}
    }
    false
}

impl App {
    /// Hands `event` to the open modal screen (from [`App::key`]); the modal still open
    /// after it.
    pub(crate) fn modal_key(&mut self, modal: Modal, event: &KeyEvent) -> Option<Modal> {
        match modal {
            Modal::Edit(mut editor) => match editor.key(event) {
                EditorExit::Stay => Some(Modal::Edit(editor)),
                EditorExit::Leave => None,
                EditorExit::Play(position) => {
                    let mut play = self.new_play(*position);
                    play.begin();
                    Some(Modal::Play(Box::new(play), Some(editor)))
                }
            },
            Modal::Play(mut play, editor) => {
                if play_key(&mut play, event) {
                    editor.map(Modal::Edit)
                } else {
                    Some(Modal::Play(play, editor))
                }
            }
        }
    }

    /// The selected node's position, rebuilt from its moves, and whether it is the root;
    /// the puzzle's position when nothing is selected (or, with a note, when a move of the
    /// line does not replay, such as a lambda search's pass).
    pub fn selected_position(&self) -> (Position, bool, Option<String>) {
        let root = &self.puzzle.position;
        let Some(node) = self.selected else {
            return (root.clone(), true, None);
        };
        let line = self.session.line_moves(node);
        match replay(root, &line) {
            Ok(p) => (p, line.is_empty(), None),
            Err(e) => (
                root.clone(),
                true,
                Some(format!(
                    "the selected node's line does not replay ({e}); the puzzle's position \
                     instead"
                )),
            ),
        }
    }

    /// Opens the editor on the selected node's position (action `edit_position`).
    pub fn open_editor(&mut self) {
        let (position, at_root, note) = self.selected_position();
        match Setup::from_puzzle(&self.puzzle, &position, at_root) {
            Ok(setup) => {
                let dir = self
                    .puzzle_dir
                    .clone()
                    .or_else(|| std::env::current_dir().ok())
                    .unwrap_or_else(|| PathBuf::from("."));
                let title = if at_root {
                    self.puzzle.title.clone()
                } else {
                    format!("{} (edited)", self.puzzle.title)
                };
                let mut editor = Editor::new(setup, title, dir);
                editor.message = note;
                self.modal = Some(Modal::Edit(editor));
            }
            Err(e) => self.message = Some(e),
        }
    }

    /// Starts a game against the engine from the selected node (action `play_engine`).
    pub fn open_play(&mut self) {
        let (position, _, note) = self.selected_position();
        let mut play = self.new_play(position);
        if note.is_some() {
            play.message = note;
        }
        play.begin();
        self.modal = Some(Modal::Play(Box::new(play), None));
    }

    /// A game from `position` with the explorer's algorithm (when it can play this game)
    /// and node limit (100 000 nodes when the explorer has none).
    fn new_play(&self, position: Position) -> Play {
        let engines = engines_for(&position);
        let current = self.spec.config.algorithm;
        let algorithm = if engines.contains(&current) {
            current
        } else {
            Algorithm::IterativeDeepening
        };
        let nodes = NODE_LIMITS[self.node_limit].unwrap_or(PLAY_NODES[2]);
        Play::new(position, algorithm, nodes)
    }
}
