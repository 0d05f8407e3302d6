//! The overlays over the main screen (help, legend, puzzle picker, the split view's and
//! the lessons' pickers): the top one takes the keys, scrolls or picks, and esc or `q`
//! closes it. The help and the legend open over any screen.

use super::{App, LEGEND_MAX_SCROLL, Overlay, PAGE, lesson_picker, split};
use crate::tui::keymap::Action;

impl App {
    /// Applies `action` to the overlay `top`, the one drawn over the others.
    pub(super) fn overlay_update(&mut self, top: Overlay, action: Action) {
        match (top, action) {
            (_, Action::Quit | Action::Close) => {
                self.overlays.pop();
            }
            (Overlay::Help { .. }, Action::ToggleHelp) => {
                self.overlays.pop();
            }
            (Overlay::Help { scroll }, Action::Down | Action::PageDown) => {
                let by = if action == Action::Down { 1 } else { PAGE };
                // Rows wrap at narrow widths: the overlay clamps to what it drew.
                let max = self.keymap.help_rows().len() * 2;
                self.set_top(Overlay::Help {
                    scroll: (scroll + by).min(max),
                });
            }
            (Overlay::Help { scroll }, Action::Up | Action::PageUp) => {
                let by = if action == Action::Up { 1 } else { PAGE };
                self.set_top(Overlay::Help {
                    scroll: scroll.saturating_sub(by),
                });
            }
            (Overlay::Picker { selected }, Action::Down | Action::PageDown) => {
                let by = if action == Action::Down { 1 } else { PAGE };
                let last = self.picker.len().saturating_sub(1);
                self.set_top(Overlay::Picker {
                    selected: (selected + by).min(last),
                });
            }
            (Overlay::Picker { selected }, Action::Up | Action::PageUp) => {
                let by = if action == Action::Up { 1 } else { PAGE };
                self.set_top(Overlay::Picker {
                    selected: selected.saturating_sub(by),
                });
            }
            (Overlay::Picker { selected }, Action::Select) => self.pick(selected),
            (Overlay::Legend { .. }, Action::ToggleLegend) => {
                self.overlays.pop();
            }
            (Overlay::Legend { scroll }, Action::Down | Action::PageDown) => {
                let by = if action == Action::Down { 1 } else { PAGE };
                // The overlay clamps to the lines it drew at the screen's width.
                self.set_top(Overlay::Legend {
                    scroll: (scroll + by).min(LEGEND_MAX_SCROLL),
                });
            }
            (Overlay::Legend { scroll }, Action::Up | Action::PageUp) => {
                let by = if action == Action::Up { 1 } else { PAGE };
                self.set_top(Overlay::Legend {
                    scroll: scroll.saturating_sub(by),
                });
            }
            (Overlay::SplitPicker { selected }, _) => {
                split::picker_key(self, selected, action);
            }
            (Overlay::Lessons { selected }, action) if action != Action::ToggleHelp => {
                lesson_picker::update(self, selected, action)
            }
            (_, Action::ToggleHelp) => self.open_help(),
            (_, Action::ToggleLegend) => self.open_legend(),
            (_, _) => {}
        }
    }

    /// Opens the key help over the screen.
    pub(super) fn open_help(&mut self) {
        self.overlays.push(Overlay::Help { scroll: 0 });
    }

    /// Opens the legend of the marks over the screen.
    pub(super) fn open_legend(&mut self) {
        self.overlays.push(Overlay::Legend { scroll: 0 });
    }

    /// Replaces the top overlay (a scroll or a selection moved).
    pub(super) fn set_top(&mut self, overlay: Overlay) {
        if let Some(top) = self.overlays.last_mut() {
            *top = overlay;
        }
    }
}
