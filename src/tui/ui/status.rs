//! The status lines: step i / n, the algorithm, the limits and the search's progress or result on
//! the first; the keys from the keymap's footer, or the note of the last action, on the second.
//! While a lambda search is shown the footer adds its keys (level, zone order, A/D zone), making
//! room at narrow widths by leaving out the picker and play keys first.
//!
//! The first line never loses the step or the result: when it is too wide it gives up, in
//! this order, the limits and the word "step", the play speed, the bookmark note, the long
//! form of the record-cap note, the algorithm, the search's progress details and the record
//! note; only then is the result cut, with the theme's ellipsis ([`Summary::fit`]). In a quiz
//! ([`App::answer_hidden`]) the result reads "answer hidden" until the search's end.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::theme::{Slot, Theme};
use unicode_width::UnicodeWidthStr;

use crate::tui::app::{App, SPEEDS};
use crate::tui::keymap::{Action, FooterItem};

use super::glyph_text;

/// What the first status line says, part by part, each with its shorter forms.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub step: usize,
    pub len: usize,
    /// The algorithm's name (lambda: with its maximum level).
    pub algorithm: String,
    /// The limits ("depth 7, 1000 nodes", or "no limits").
    pub limits: String,
    /// "playing x20" while play runs.
    pub playing: Option<String>,
    /// The bookmark note of the step ("mark 1/2").
    pub note: Option<String>,
    /// The record cap that ended the record: in full, and short.
    pub record: Option<(String, String)>,
    /// The result or the progress: in full, and short (progress without its details).
    pub result: (String, String),
}

/// How far a [`Summary`] is shortened: each level gives up one more part.
const LEVELS: usize = 7;

impl Summary {
    /// The line at shortening `level` (0: whole; [`LEVELS`]: shortest).
    pub fn at_level(&self, level: usize) -> String {
        let mut parts = Vec::new();
        parts.push(if level >= 1 {
            format!("{}/{}", self.step, self.len)
        } else {
            format!("step {}/{}", self.step, self.len)
        });
        if level < 5 {
            parts.push(self.algorithm.clone());
        }
        if level < 1 {
            parts.push(self.limits.clone());
        }
        if let Some(p) = self.playing.as_ref().filter(|_| level < 2) {
            parts.push(p.clone());
        }
        if let Some(n) = self.note.as_ref().filter(|_| level < 3) {
            parts.push(n.clone());
        }
        if let Some((long, short)) = &self.record {
            match level {
                0..4 => parts.push(long.clone()),
                4..7 => parts.push(short.clone()),
                _ => {}
            }
        }
        parts.push(if level < 6 {
            self.result.0.clone()
        } else {
            self.result.1.clone()
        });
        parts.join(" | ")
    }

    /// Every part in the theme's glyph set ([`glyph_text`]: `λ` is `L` with `--ascii`).
    pub fn in_glyphs(self, theme: &Theme) -> Summary {
        let g = |s: String| glyph_text(theme, &s);
        Summary {
            algorithm: g(self.algorithm),
            limits: g(self.limits),
            playing: self.playing.map(g),
            note: self.note.map(g),
            record: self.record.map(|(long, short)| (g(long), g(short))),
            result: (g(self.result.0), g(self.result.1)),
            ..self
        }
    }

    /// The line in at most `width` columns: the first level that fits; else the shortest,
    /// its result cut with `ellipsis` (the step and the result's first words stay).
    pub fn fit(&self, width: usize, ellipsis: &str) -> String {
        for level in 0..=LEVELS {
            let line = self.at_level(level);
            if line.width() <= width {
                return line;
            }
        }
        super::fitted::fit(&self.at_level(LEVELS), width, ellipsis)
    }
}

/// The first status line's text in at most `width` columns ([`Summary::fit`]).
pub fn summary_fitted(app: &App, width: usize, ellipsis: &str) -> String {
    summary(app).fit(width, ellipsis)
}

/// The first status line's text, whole.
pub fn summary_text(app: &App) -> String {
    summary(app).at_level(0)
}

/// The first status line's parts for `app`.
pub fn summary(app: &App) -> Summary {
    let limits = &app.spec.limits;
    let mut parts = Vec::new();
    if let Some(d) = limits.max_depth {
        parts.push(format!("depth {d}"));
    }
    if let Some(n) = limits.nodes {
        parts.push(format!("{n} nodes"));
    }
    if let Some(t) = limits.time {
        parts.push(format!("{}s", t.as_secs_f64()));
    }
    let limits = if parts.is_empty() {
        "no limits".to_string()
    } else {
        parts.join(", ")
    };
    let algorithm = if app.is_lambda() {
        // The level keys change it: the status line shows it.
        let level = app.spec.config.lambda.max_level;
        format!(
            "{} max λ{level}{}",
            app.spec.config.algorithm.name(),
            if app.spec.root_analysis {
                ", root analysis"
            } else {
                ""
            }
        )
    } else {
        app.spec.config.algorithm.name().to_string()
    };
    let record = app
        .session
        .record_cap(app.spec.record)
        .map(|cap| (cap.message(), cap.short()));
    Summary {
        step: app.session.step(),
        len: app.session.len(),
        algorithm,
        limits,
        playing: app
            .playing
            .then(|| format!("playing x{}", SPEEDS[app.speed])),
        note: app.bookmarks.note(app.session.step()),
        record,
        result: result(app),
    }
}

/// The result once the search is over (hidden in a quiz), else its progress: in full and
/// short.
fn result(app: &App) -> (String, String) {
    let hidden = app.answer_hidden();
    match &app.summary {
        Some(_) if hidden => {
            let text = format!("answer hidden until the end ({})", quiz_key(app));
            (text, "answer hidden".to_string())
        }
        Some(s) => (s.clone(), s.clone()),
        None => {
            let p = &app.progress;
            let nodes = format!("{}{}", if p.estimated { "~" } else { "" }, p.nodes);
            let mut text = format!("searching: {nodes} nodes, {:.0}/s", p.nodes_per_second);
            if let Some(d) = p.depth {
                text.push_str(&format!(", depth {d}"));
            }
            if let Some(m) = p.best_move.as_ref().filter(|_| !hidden) {
                text.push_str(&format!(", best {m}"));
            }
            (text, format!("running, {nodes} nodes"))
        }
    }
}

/// "Q reveals": the quiz key as the keymap binds it.
fn quiz_key(app: &App) -> String {
    match app.keymap.keys(Action::ToggleQuiz).first() {
        Some(key) => format!("{key} reveals"),
        None => "step to the end".to_string(),
    }
}

/// Draws the two lines.
pub fn render(frame: &mut Frame, area: Rect, app: &App, theme: &Theme) {
    let bar = theme.style(Slot::StatusBar);
    let first = summary(app)
        .in_glyphs(theme)
        .fit(area.width as usize, theme.glyphs().ellipsis.as_str());
    let first = Line::from(Span::styled(first, bar));
    let second = match &app.message {
        // A note wider than the screen ends in the ellipsis instead of at the edge.
        Some(m) => Line::from(Span::styled(
            super::fitted::fit(
                &glyph_text(theme, m),
                area.width as usize,
                theme.glyphs().ellipsis.as_str(),
            ),
            theme.style(Slot::Warning),
        )),
        None => {
            let mut spans = Vec::new();
            for item in footer_items(app, area.width as usize) {
                spans.push(Span::styled(item.key.clone(), theme.style(Slot::StatusKey)));
                spans.push(Span::styled(
                    format!(" {}  ", glyph_text(theme, item.label)),
                    bar,
                ));
            }
            Line::from(spans)
        }
    };
    frame.render_widget(Paragraph::new(vec![first, second]).style(bar), area);
}

/// The footer's items: the keymap's footer ("next cutoff" reads "next proof" in a
/// proof-number search), with the lambda keys after "next cutoff" while a lambda search is
/// shown; items the width cannot hold are left out, the picker's and
/// play's first.
pub fn footer_items(app: &App, width: usize) -> Vec<FooterItem> {
    let mut items = app.keymap.footer();
    // In a proof-number search the same key steps to the next proof (there are no cutoffs).
    if app.is_proof() {
        for item in items
            .iter_mut()
            .filter(|i| i.action == Action::StepNextCutoff)
        {
            item.label = "next proof";
        }
    }
    if app.is_lambda() {
        let extras = [
            (Action::LevelUp, "λ level"),
            (Action::CycleZoneOrder, "zone"),
            (Action::SwitchZone, "A/D"),
        ];
        let at = items
            .iter()
            .position(|i| i.action == Action::StepNextCutoff)
            .map_or(items.len(), |i| i + 1);
        let extras: Vec<FooterItem> = extras
            .into_iter()
            .filter_map(|(action, label)| {
                let key = app.keymap.keys(action).first()?;
                Some(FooterItem {
                    action,
                    key: key.to_string(),
                    label,
                })
            })
            .collect();
        items.splice(at..at, extras);
    }
    let used = |items: &[FooterItem]| -> usize {
        items
            .iter()
            .map(|i| i.key.width() + 1 + i.label.width() + 2)
            .sum::<usize>()
            .saturating_sub(2)
    };
    for droppable in [Action::OpenPicker, Action::PlayPause] {
        if used(&items) <= width {
            break;
        }
        items.retain(|i| i.action != droppable);
    }
    items
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A long run: every part present, the result and the step long enough to crowd 80
    /// columns.
    fn long_run() -> Summary {
        Summary {
            step: 1_234_567,
            len: 2_000_000,
            algorithm: "lambda-dfpn max λ2, root analysis".to_string(),
            limits: "depth 13, 10000000 nodes".to_string(),
            playing: Some("playing x1000".to_string()),
            note: Some("mark 2/3".to_string()),
            record: Some((
                "record cap 2,000,000 events reached; --record N to raise it".to_string(),
                "record cap 2,000,000".to_string(),
            )),
            result: (
                "win at lambda level 2, best c2".to_string(),
                "win at lambda level 2, best c2".to_string(),
            ),
        }
    }

    #[test]
    fn the_whole_line_when_it_fits() {
        let s = long_run();
        let whole = s.at_level(0);
        assert_eq!(s.fit(whole.width(), "…"), whole);
        assert!(
            whole.starts_with("step 1234567/2000000 | lambda-dfpn"),
            "{whole}"
        );
        assert!(whole.contains("| depth 13, 10000000 nodes |"), "{whole}");
    }

    #[test]
    fn parts_drop_in_order_and_the_step_and_result_stay() {
        let s = long_run();
        // What each level has given up, in the order the module documents.
        let gone = [
            "depth 13",
            "playing x1000",
            "mark 2/3",
            "events reached",
            "lambda-dfpn",
            "record cap",
        ];
        let mut previous = s.at_level(0);
        for level in 1..=LEVELS {
            let line = s.at_level(level);
            assert!(line.width() <= previous.width(), "level {level}: {line}");
            assert!(line.starts_with("1234567/2000000 | "), "{line}");
            assert!(line.ends_with("win at lambda level 2, best c2"), "{line}");
            previous = line;
        }
        // Each part is gone at its level and was there one level before.
        let levels = [1, 2, 3, 4, 5, 7];
        for (needle, level) in gone.iter().zip(levels) {
            assert!(
                s.at_level(level - 1).contains(needle),
                "{needle} at {level}"
            );
            assert!(!s.at_level(level).contains(needle), "{needle} at {level}");
        }
        // At 80 columns the step, the record cap's short note and the result stay.
        let line = s.fit(80, "…");
        assert_eq!(
            line,
            "1234567/2000000 | record cap 2,000,000 | win at lambda level 2, best c2"
        );
    }

    #[test]
    fn progress_loses_its_details_before_the_result_is_cut() {
        let mut s = long_run();
        s.result = (
            "searching: ~123456789 nodes, 2345678/s, depth 12, best c2".to_string(),
            "running, ~123456789 nodes".to_string(),
        );
        let line = s.fit(70, "…");
        assert_eq!(
            line,
            "1234567/2000000 | record cap 2,000,000 | running, ~123456789 nodes"
        );
        let line = s.fit(60, "…");
        assert_eq!(line, "1234567/2000000 | running, ~123456789 nodes");
    }

    #[test]
    fn a_result_wider_than_the_screen_is_cut_after_its_first_words() {
        let mut s = long_run();
        let long = "win at lambda level 2, best c2 (root analysis: ".to_string() + &"x".repeat(80);
        s.result = (long.clone(), long);
        let line = s.fit(40, "…");
        assert_eq!(line.width(), 40);
        assert!(
            line.starts_with("1234567/2000000 | win at lambda"),
            "{line}"
        );
        assert!(line.ends_with('…'), "{line}");
    }
}
