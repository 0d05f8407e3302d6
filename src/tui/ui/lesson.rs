//! The lesson pane: "step k/n" in its title, the step's text wrapped to the pane, the keys;
//! the intro before the first step, "lesson complete" and what to try next after the last;
//! a broken step's error in the error style.
//!
//! It takes the upper part of the node pane's room ([`split`]): as many rows as its text
//! needs, leaving the node pane at least [`NODE_MIN`] rows. When the text does not fit (a
//! small terminal), the pane pages: it shows "tab: more" and `tab` scrolls the text before
//! it moves on to the next step ([`super::next`]); the pane records what it could show in
//! [`LessonState::view`], so the keys page by what the student saw.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::theme::{Slot, Theme};
use crate::tui::app::App;
use crate::tui::ui::pane;

use crate::tui::app::lesson::{LessonState, PaneView, has_focus};

/// What to try after a lesson that says nothing itself.
const DEFAULT_NEXT: &str = "Wander with the explorer's keys (? lists them), shift-tab to go \
                            back through the steps, `plyscope lesson` for the other lessons.";

/// Rows the node pane keeps under the lesson pane (borders included).
pub const NODE_MIN: u16 = 5;

/// Rows the node pane gets at a step with a `focus`: the line, the rows it wraps to and the
/// "… lines above" and "… more lines" rows around it.
pub const NODE_FOCUS: u16 = 8;

/// Splits the node pane's room: the lesson on top with the rows its text needs (at least
/// 5), the node pane under it with the rest (at least [`NODE_MIN`] when there is room, or
/// the rows of a `focus`; at the intro and the end, when no node is selected, the lesson may
/// take it all).
pub fn split(area: Rect, state: &LessonState, theme: &Theme) -> (Rect, Rect) {
    let width = area.width.saturating_sub(2);
    let needed = body(state, width, theme).len() as u16 + 1 + 2;
    // The intro and the end have no node to show: the lesson may take all the room.
    let keep = if state.at == 0 || state.complete() {
        0
    } else if has_focus(state) {
        NODE_FOCUS
    } else {
        NODE_MIN
    };
    let room = area.height.saturating_sub(keep).max(5.min(area.height));
    let lesson = needed.max(5).min(room);
    let [top, bottom] =
        Layout::vertical([Constraint::Length(lesson), Constraint::Min(0)]).areas(area);
    (top, bottom)
}

/// The pane's title: "Lesson: intro", "Lesson: step 2/5", "Lesson: complete".
pub fn title(state: &LessonState) -> String {
    let n = state.steps();
    if state.at == 0 {
        format!("Lesson: intro ({n} steps)")
    } else if state.complete() {
        "Lesson: complete".to_string()
    } else {
        format!("Lesson: step {}/{n}", state.at)
    }
}

/// `text` wrapped greedily at spaces to `width` columns (a longer word is cut); blank
/// lines are kept as paragraph breaks. textwrap does the breaking, set to plain first-fit
/// at ASCII spaces without hyphenation, which is what a pane of prose needs.
pub fn wrap(text: &str, width: u16) -> Vec<String> {
    let text = text.trim_end();
    if text.is_empty() {
        return Vec::new();
    }
    let options = textwrap::Options::new(usize::from(width).max(1))
        .break_words(true)
        .wrap_algorithm(textwrap::WrapAlgorithm::FirstFit)
        .word_separator(textwrap::WordSeparator::AsciiSpace)
        .word_splitter(textwrap::WordSplitter::NoHyphenation);
    textwrap::wrap(text, options)
        .into_iter()
        .map(|line| line.into_owned())
        .collect()
}

/// The pane's body (without the keys line), wrapped to `width`.
pub fn body<'a>(state: &'a LessonState, width: u16, theme: &Theme) -> Vec<Line<'a>> {
    let mut lines = Vec::new();
    let mut add = |text: &str, slot: Slot| {
        for l in wrap(text, width) {
            lines.push(Line::from(Span::styled(l, theme.style(slot))));
        }
    };
    if state.at == 0 {
        add(&state.lesson.title, Slot::Title);
        add(&state.lesson.intro, Slot::Text);
        add(&format!("source: {}", state.lesson.source), Slot::SideLabel);
    } else if state.complete() {
        add("lesson complete", Slot::Title);
        add(
            state.lesson.next.as_deref().unwrap_or(DEFAULT_NEXT),
            Slot::Text,
        );
    } else if let Some(step) = state.lesson.steps.get(state.at - 1) {
        add(&step.text, Slot::Text);
        // A step with its own search says which, so the student knows what runs.
        if let Some(setup) = &step.search {
            add(&format!("search: {}", setup.describe()), Slot::SideLabel);
        }
    }
    if let Some(e) = &state.error {
        add(&format!("broken lesson: {e}"), Slot::Error);
    }
    lines
}

/// Draws the pane for the app's lesson (nothing outside lesson mode).
pub fn render(frame: &mut Frame, area: Rect, app: &App, theme: &Theme) {
    let Some(state) = &app.lesson else {
        return;
    };
    let title = title(state);
    let block = pane(&title, theme, false);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    if inner.height == 0 {
        return;
    }
    let body = body(state, inner.width, theme);
    let visible = inner.height.saturating_sub(1).max(1) as usize;
    let total = body.len();
    let scroll = state.scroll.min(total.saturating_sub(1));
    state.view.set(PaneView { visible, total });
    let mut lines: Vec<Line> = body.into_iter().skip(scroll).take(visible).collect();
    let more = scroll + visible < total;
    let keys = if more {
        format!("tab: more ({}/{} lines)", scroll + visible, total)
    } else if state.complete() {
        "shift-tab: back".to_string()
    } else if state.at == 0 {
        "tab: first step".to_string()
    } else {
        "tab: next  shift-tab: back".to_string()
    };
    if inner.height > 1 {
        lines.push(Line::from(Span::styled(keys, theme.style(Slot::SideLabel))));
    }
    frame.render_widget(Paragraph::new(lines), inner);
}

#[cfg(test)]
mod tests {
    use super::*;
    use unicode_width::UnicodeWidthStr;

    #[test]
    fn wrapping_breaks_at_spaces_and_cuts_long_words() {
        assert_eq!(wrap("aa bb cc", 5), ["aa bb", "cc"]);
        assert_eq!(wrap("abcdefg h", 3), ["abc", "def", "g h"]);
        assert_eq!(wrap("one\n\ntwo", 10), ["one", "", "two"]);
        assert_eq!(wrap("", 10), Vec::<String>::new());
        for line in wrap("a long sentence with words of all sizes, commas", 7) {
            assert!(line.width() <= 7, "{line}");
        }
        // A double-width character in a one-column pane gets a line of its own (the
        // hand-written wrapper this replaced looped forever here).
        assert_eq!(wrap("界 a界", 1), ["界", "a", "界"]);
    }
}
