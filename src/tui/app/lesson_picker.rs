//! The lesson picker: a key in the explorer (`R` or `f3`, action
//! `open_lessons`) lists the bundled lessons with their titles in the puzzle picker's widget
//! ([`crate::tui::ui::picker`]); `enter` opens the chosen one in lesson mode
//! ([`super::lesson::start`]), as `plyscope lesson NAME` would, `q` or `esc` closes it.

use crate::lesson::Lesson;
use crate::tui::keymap::Action;

use super::{App, Overlay, PAGE, PickerEntry};

/// The picker's title.
pub const TITLE: &str = "Lessons (enter opens, q closes)";

/// The bundled lessons, in `plyscope lesson` order: the name, then the title and source.
pub fn entries() -> Vec<PickerEntry> {
    Lesson::bundled()
        .iter()
        .map(|b| {
            let (detail, problem) = match b.load() {
                Ok(l) => (l.title, None),
                Err(e) => (e.to_string(), Some(e.to_string())),
            };
            PickerEntry {
                name: b.name.to_string(),
                detail,
                location: b.name.to_string(),
                problem,
            }
        })
        .collect()
}

/// Opens the picker, on the lesson being played if there is one.
pub fn open(app: &mut App) {
    app.picker = entries();
    let current = app.lesson.as_ref().map(|s| s.lesson.name.clone());
    let selected = app
        .picker
        .iter()
        .position(|e| Some(&e.name) == current.as_ref())
        .unwrap_or(0);
    app.overlays.push(Overlay::Lessons { selected });
}

/// A key while the picker is on top: moves, opens the chosen lesson, or is ignored.
pub fn update(app: &mut App, selected: usize, action: Action) {
    let last = app.picker.len().saturating_sub(1);
    let set = |app: &mut App, selected: usize| {
        if let Some(top) = app.overlays.last_mut() {
            *top = Overlay::Lessons { selected };
        }
    };
    match action {
        Action::Down => set(app, (selected + 1).min(last)),
        Action::PageDown => set(app, (selected + PAGE).min(last)),
        Action::Up => set(app, selected.saturating_sub(1)),
        Action::PageUp => set(app, selected.saturating_sub(PAGE)),
        Action::Select => {
            app.overlays.pop();
            let Some(entry) = app.picker.get(selected) else {
                return;
            };
            match crate::lesson::load(&entry.location) {
                Ok(lesson) => super::lesson::start(app, lesson),
                Err(e) => app.message = Some(e.to_string()),
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bundled_lesson_is_listed_with_its_title() {
        let e = entries();
        assert_eq!(e.len(), Lesson::bundled().len());
        assert_eq!(e[1].name, "alphabeta-cutoffs");
        assert_eq!(e[1].detail, "Alpha and beta cutoffs");
    }
}
