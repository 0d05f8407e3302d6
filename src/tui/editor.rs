//! The position editor and the game against an engine, the explorer's two modal screens
//! `ctrl-e` ([`crate::tui::keymap::Action::EditPosition`]) opens
//! the editor on the selected node's position (the puzzle's own when nothing is selected),
//! `P` ([`crate::tui::keymap::Action::PlayEngine`]) a game from it ([`super::play`]); while
//! one is open it takes every key (ctrl-c still quits: `src/tui/app/keys.rs`) and the screen
//! is its own ([`super::ui::editor`]).
//!
//! The editor's keys: arrows or `hjkl` move the cursor; stone games `x` / `o` put a black /
//! white stone, space or `.` empties the point; Czech checkers space cycles a dark square
//! through empty, white man, white king, black man, black king (`x X o O` set one
//! directly); Gobblet `1`-`4` choose a size, `x` / `o` put a piece of that size on top
//! (from the reserve), space or `.` takes the top piece back; `t` the side to move, `r` the
//! expected result, `d` whom a draw counts for, `f` m,n,k's free setup, `c` checks
//! legality, `s` saves (file name, then title: the first character typed replaces the offered
//! text, backspace edits it instead; ctrl-u clears a prompt), `P` plays from the
//! position, esc leaves (asking again when there are unsaved changes). The model
//! ([`setup`]) keeps legality in the puzzle loader; saving is atomic ([`save`]).

mod explorer;
pub mod save;
pub mod setup;

use std::path::PathBuf;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::game::Player;
use crate::games::dama::Piece;
use crate::puzzle::{ExpectedResult, Position};

use super::play::Play;
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
    /// The prompt still holds the text it was offered with: a typed character replaces
    /// it (as a selected field does), backspace starts editing it.
    pub prompt_fresh: bool,
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
            prompt_fresh: false,
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
        self.prompt_fresh = true;
    }

    fn prompt_key(&mut self, prompt: Prompt, event: &KeyEvent) -> EditorExit {
        // An offered name or title is replaced by the first character typed.
        let replace = std::mem::take(&mut self.prompt_fresh)
            && matches!(event.code, KeyCode::Char(_))
            && !event.modifiers.contains(KeyModifiers::CONTROL);
        let prompt = match prompt {
            Prompt::Name(_) if replace => Prompt::Name(String::new()),
            Prompt::Title { path, .. } if replace => Prompt::Title {
                path,
                text: String::new(),
            },
            other => other,
        };
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
                        });
                        self.prompt_fresh = true;
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
pub(crate) enum Line {
    Typing(String),
    Done(String),
    Cancelled,
}

pub(crate) fn edit_line(mut text: String, event: &KeyEvent) -> Line {
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
