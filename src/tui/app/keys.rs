//! The front door of every key: ctrl-c quits whatever is open, the position editor or the
//! game against the engine takes every other key while one is open, the class files'
//! overwrite question takes the next key, and otherwise the keymap turns the key into an
//! [`Action`] for [`App::update`].

use ratatui::crossterm::event::KeyEvent;

use crate::tui::keymap::{Action, CTRL_C, Key};

use super::{App, class};

/// True when `event` is ctrl-c, which quits at once from any screen and cannot be rebound.
/// The one place that decides it: the terminal loop hands every key but ctrl-z to
/// [`App::key`].
pub fn quits_now(event: &KeyEvent) -> bool {
    Key::from_event(event) == Some(CTRL_C)
}

impl App {
    /// Handles a key press (the terminal loop calls this for every key but ctrl-z).
    pub fn key(&mut self, event: &KeyEvent) {
        if quits_now(event) {
            self.update(Action::QuitNow);
        } else if let Some(modal) = self.modal.take() {
            self.modal = self.modal_key(modal, event);
        } else if self.class.pending.is_some() {
            // The class files' overwrite question takes the next key.
            class::answer(self, event);
        } else if let Some(action) = self.keymap.action(event) {
            self.update(action);
        }
    }
}
