//! The position editor and the game against an engine, the explorer's two modal screens
//! (issue 7, deliverable 4). `ctrl-e` ([`Action::EditPosition`]) opens the editor on the
//! selected node's position (the puzzle's own when nothing is selected), `P`
//! ([`Action::PlayEngine`]) a game from it ([`super::play`]); while one is open it takes
//! every key (ctrl-c still quits) and the screen is its own ([`super::ui::editor`]).
//!
//! The editor's keys: arrows or `hjkl` move the cursor; stone games `x` / `o` put a black /
//! white stone, space or `.` empties the point; Czech checkers space cycles a dark square
//! through empty, white man, white king, black man, black king (`x X o O` set one
//! directly); Gobblet `1`-`4` choose a size, `x` / `o` put a piece of that size on top
//! (from the reserve), space or `.` takes the top piece back; `t` the side to move, `r` the
//! expected result, `d` whom a draw counts for, `f` m,n,k's free setup, `c` checks
//! legality, `s` saves (file name, then title; ctrl-u clears a prompt), `P` plays from the position, esc leaves
//! (asking again when there are unsaved changes). The model ([`setup`]) keeps legality in
//! the puzzle loader; saving is atomic ([`save`]).

pub mod save;
pub mod setup;

use std::path::PathBuf;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::game::Player;
use crate::games::dama::Piece;
use crate::puzzle::{ExpectedResult, Position};
use crate::search::Algorithm;

use super::app::{App, NODE_LIMITS, algorithm_cycle, runs_on_checkers, runs_on_trees};
use super::keymap::{Action, Key};
use super::play::{PLAY_NODES, Play, replay};
use setup::{Board, Setup, StoneKind};

/// The modal screen open over the explorer.
pub enum Modal {
    Edit(Editor),
    /// A game, and the editor it was started from (esc goes back there).
    Play(Box<Play>, Option<Editor>),
}

impl Modal {
    /// Lets the engine's answer in; true when the screen changed.
    pub fn tick(&mut self) -> bool {
        match self {
            Modal::Edit(_) => false,
            Modal::Play(play, _) => play.poll(),
        }
    }
}

/// A question the editor is asking on its prompt line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prompt {
    /// The file name (typed text).
    Name(String),
    /// The title, for the file at `path`.
    Title { path: PathBuf, text: String },
    /// `path` exists: overwrite it?
    Overwrite { path: PathBuf, title: String },
    /// Unsaved changes: leave anyway?
    Leave,
}

/// What the editor asks of the explorer after a key.
#[derive(Clone, Debug)]
pub enum EditorExit {
    Stay,
    Leave,
    Play(Box<Position>),
}

/// The editor's state.
pub struct Editor {
    pub setup: Setup,
    /// `(x, y)`, `y = 0` the bottom row.
    pub cursor: (usize, usize),
    /// Gobblet: the size `x` / `o` put down.
    pub size: u8,
    /// Changed since the start or the last save.
    pub dirty: bool,
    pub prompt: Option<Prompt>,
    pub message: Option<String>,
    /// Legality as of the last change: `Ok` or the loader's reason.
    pub legality: Result<(), String>,
    /// Where bare file names are saved.
    pub dir: PathBuf,
    /// The title offered when saving.
    pub title: String,
    /// The file saved to in this session (saving there again needs no confirmation).
    pub saved: Option<PathBuf>,
    /// The expected result is the puzzle's, not yet touched.
    inherited_result: bool,
}

impl Editor {
    /// An editor on `setup`; bare file names go to `dir`.
    pub fn new(setup: Setup, title: String, dir: PathBuf) -> Editor {
        let (c, r) = setup.size();
        let mut editor = Editor {
            setup,
            cursor: (c / 2, r / 2),
            size: 1,
            dirty: false,
            prompt: None,
            message: None,
            legality: Ok(()),
            dir,
            title,
            saved: None,
            inherited_result: true,
        };
        editor.refresh();
        editor
    }

    fn refresh(&mut self) {
        self.legality = self.setup.check().map(drop);
    }

    /// Applies an edit; a refused one leaves its reason on the message line.
    fn edit(&mut self, result: Result<(), String>) {
        match result {
            Ok(()) => {
                self.dirty = true;
                self.refresh();
            }
            Err(e) => self.message = Some(e),
        }
    }

    /// Applies an edit of the position (board or side to move): the expected result taken
    /// over from the puzzle is about the old position, so it is dropped (a saved file must
    /// not claim an answer nobody gave for it); one set with `r` stays.
    fn edit_position(&mut self, result: Result<(), String>) {
        if result.is_ok() && self.inherited_result {
            self.inherited_result = false;
            if let Some(r) = self.setup.goal.result.take() {
                self.message = Some(format!(
                    "the position changed: the puzzle's expected result ({r}) is dropped; r \
                     sets one"
                ));
            }
        }
        let note = self.message.take();
        self.edit(result);
        if self.message.is_none() {
            self.message = note;
        }
    }

    /// Handles one key.
    pub fn key(&mut self, event: &KeyEvent) -> EditorExit {
        self.message = None;
        if let Some(prompt) = self.prompt.take() {
            return self.prompt_key(prompt, event);
        }
        let (x, y) = self.cursor;
        let (columns, rows) = self.setup.size();
        let ch = match event.code {
            KeyCode::Char(c) => Some(c),
            _ => None,
        };
        if event.modifiers.contains(KeyModifiers::CONTROL) {
            if ch == Some('s') {
                self.start_save();
            }
            return EditorExit::Stay;
        }
        match (event.code, ch) {
            (KeyCode::Left, _) | (_, Some('h')) => self.cursor.0 = x.saturating_sub(1),
            (KeyCode::Right, _) | (_, Some('l')) => self.cursor.0 = (x + 1).min(columns - 1),
            (KeyCode::Up, _) | (_, Some('k')) => self.cursor.1 = (y + 1).min(rows - 1),
            (KeyCode::Down, _) | (_, Some('j')) => self.cursor.1 = y.saturating_sub(1),
            (KeyCode::Esc, _) => {
                if self.dirty {
                    self.prompt = Some(Prompt::Leave);
                } else {
                    return EditorExit::Leave;
                }
            }
            (KeyCode::Delete | KeyCode::Backspace, _) | (_, Some('.')) => {
                let r = self.setup.clear(x, y);
                self.edit_position(r);
            }
            (KeyCode::Enter, _) | (_, Some(' ')) => {
                let r = match self.setup.board {
                    Board::Dama { .. } => self.setup.cycle_piece(x, y),
                    _ => self.setup.clear(x, y),
                };
                self.edit_position(r);
            }
            (_, Some(c @ ('x' | 'o' | 'b' | 'w' | 'X' | 'O'))) => self.put(c),
            (_, Some(c @ '1'..='4')) => match self.setup.board {
                Board::Gobblet { variant, .. } => {
                    let size = c as u8 - b'0';
                    if size <= variant.sizes() {
                        self.size = size;
                    } else {
                        self.message = Some(format!("sizes are 1 to {}", variant.sizes()));
                    }
                }
                _ => self.message = Some("sizes are for Gobblet".into()),
            },
            (_, Some('t')) => {
                self.setup.to_move = self.setup.to_move.opponent();
                self.edit_position(Ok(()));
            }
            (_, Some('r')) => {
                self.setup.goal.result = match self.setup.goal.result {
                    None => Some(ExpectedResult::Win),
                    Some(ExpectedResult::Win) => Some(ExpectedResult::Loss),
                    Some(ExpectedResult::Loss) => Some(ExpectedResult::Draw),
                    Some(ExpectedResult::Draw) => None,
                };
                self.inherited_result = false;
                self.edit(Ok(()));
            }
            (_, Some('d')) => {
                self.setup.goal.draw_for_attacker = !self.setup.goal.draw_for_attacker;
                self.edit(Ok(()));
            }
            (_, Some('f')) => {
                if let Board::Stones {
                    kind: StoneKind::Mnk { free_setup, .. },
                    ..
                } = &mut self.setup.board
                {
                    *free_setup = !*free_setup;
                    self.edit_position(Ok(()));
                } else {
                    self.message = Some("free setup is an m,n,k setting".into());
                }
            }
            (_, Some('c')) => {
                self.refresh();
                self.message = Some(match &self.legality {
                    Ok(()) => "legal: the puzzle loader accepts this position".into(),
                    Err(e) => format!("not legal: {e}"),
                });
            }
            (_, Some('s')) => self.start_save(),
            (_, Some('P')) => match self.setup.check() {
                Ok(p) => return EditorExit::Play(Box::new(p.position)),
                Err(e) => self.message = Some(format!("cannot play from here: {e}")),
            },
            _ => {}
        }
        EditorExit::Stay
    }

    /// `x`/`b` black, `o`/`w` white (checkers: `X`/`O` kings).
    fn put(&mut self, c: char) {
        let player = if matches!(c, 'x' | 'b' | 'X') {
            Player::Black
        } else {
            Player::White
        };
        let (x, y) = self.cursor;
        let r = match self.setup.board {
            Board::Stones { .. } => self.setup.set_stone(x, y, Some(player)),
            Board::Dama { .. } => {
                let piece = if c.is_ascii_uppercase() {
                    Piece::King(player)
                } else {
                    Piece::Man(player)
                };
                self.setup.set_piece(x, y, Some(piece))
            }
            Board::Gobblet { .. } => self.setup.gobble(x, y, player, self.size),
        };
        self.edit_position(r);
    }

    fn start_save(&mut self) {
        self.refresh();
        if let Err(e) = &self.legality {
            self.message = Some(format!("cannot save: {e}"));
            return;
        }
        let name = self
            .saved
            .as_ref()
            .and_then(|p| p.file_name())
            .map_or("my-puzzle.toml".to_string(), |n| {
                n.to_string_lossy().into_owned()
            });
        self.prompt = Some(Prompt::Name(name));
    }

    fn prompt_key(&mut self, prompt: Prompt, event: &KeyEvent) -> EditorExit {
        match prompt {
            Prompt::Leave => {
                return match event.code {
                    KeyCode::Esc | KeyCode::Char('y') => EditorExit::Leave,
                    KeyCode::Char('s') => {
                        self.start_save();
                        EditorExit::Stay
                    }
                    _ => EditorExit::Stay,
                };
            }
            Prompt::Overwrite { path, title } => {
                if event.code == KeyCode::Char('y') {
                    self.save(path, &title);
                } else {
                    self.message = Some("not saved".into());
                }
                return EditorExit::Stay;
            }
            Prompt::Name(text) => match edit_line(text, event) {
                Line::Typing(text) => self.prompt = Some(Prompt::Name(text)),
                Line::Cancelled => self.message = Some("not saved".into()),
                Line::Done(text) => match save::target_path(&self.dir, &text) {
                    Ok(path) => {
                        self.prompt = Some(Prompt::Title {
                            path,
                            text: self.title.clone(),
                        })
                    }
                    Err(e) => {
                        self.message = Some(e);
                        self.prompt = Some(Prompt::Name(text));
                    }
                },
            },
            Prompt::Title { path, text } => match edit_line(text, event) {
                Line::Typing(text) => self.prompt = Some(Prompt::Title { path, text }),
                Line::Cancelled => self.message = Some("not saved".into()),
                Line::Done(text) if text.trim().is_empty() => {
                    self.message = Some("the title is empty; a puzzle needs one".into());
                    self.prompt = Some(Prompt::Title { path, text });
                }
                Line::Done(title) => {
                    if path.exists() && self.saved.as_ref() != Some(&path) {
                        self.prompt = Some(Prompt::Overwrite { path, title });
                    } else {
                        self.save(path, &title);
                    }
                }
            },
        }
        EditorExit::Stay
    }

    /// Writes the puzzle file (atomically) after checking that it loads back.
    pub fn save(&mut self, path: PathBuf, title: &str) {
        let text = self.setup.to_toml(title.trim());
        if let Err(e) = crate::puzzle::parse(&text, &path.display().to_string()) {
            self.message = Some(format!("not saved: {e}"));
            return;
        }
        match save::save_atomic(&path, &text) {
            Ok(()) => {
                self.message = Some(format!("saved {}", path.display()));
                self.title = title.trim().to_string();
                self.saved = Some(path);
                self.dirty = false;
            }
            Err(e) => self.message = Some(e),
        }
    }
}

/// A line being typed after a key.
enum Line {
    Typing(String),
    Done(String),
    Cancelled,
}

fn edit_line(mut text: String, event: &KeyEvent) -> Line {
    match event.code {
        KeyCode::Enter => Line::Done(text),
        KeyCode::Esc => Line::Cancelled,
        KeyCode::Backspace => {
            text.pop();
            Line::Typing(text)
        }
        KeyCode::Char('u') if event.modifiers.contains(KeyModifiers::CONTROL) => {
            Line::Typing(String::new())
        }
        KeyCode::Char(c) if !event.modifiers.contains(KeyModifiers::CONTROL) => {
            text.push(c);
            Line::Typing(text)
        }
        _ => Line::Typing(text),
    }
}

/// The algorithms an engine can play `position` with, in the explorer's cycle order.
fn engines_for(position: &Position) -> Vec<Algorithm> {
    algorithm_cycle()
        .into_iter()
        .filter(|&a| match position {
            Position::Tree(_) => runs_on_trees(a),
            Position::Dama(_) | Position::Gobblet(_) => runs_on_checkers(a),
            _ => true,
        })
        .collect()
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
    /// Handles a key press: the open modal screen takes it, else the keymap's action (the
    /// terminal loop calls this; ctrl-c is handled before).
    pub fn key(&mut self, event: &KeyEvent) {
        let Some(modal) = self.modal.take() else {
            if Key::from_event(event) == Some(super::keymap::CTRL_C) {
                self.update(Action::QuitNow);
            } else if let Some(action) = self.keymap.action(event) {
                self.update(action);
            }
            return;
        };
        self.modal = match modal {
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
        };
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
