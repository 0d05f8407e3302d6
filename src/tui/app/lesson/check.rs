//! The lesson checker: plays every step of a lesson headless, as the explorer in lesson mode
//! does, and draws the screen at each step at every size of [`SIZES`] (80x24, the SSH
//! default, 120x40 and 240x120) with the step's own text blanked (a text may not vouch for
//! itself). It reads what teaches on that screen, the panes and the Why block as far as they
//! are drawn, never the title or status lines ([`screen`]), and holds the step's text against
//! it with the rules of [`crate::lesson::check`]: a number, node, line or value the text names
//! must be on the screen without keys. `plyscope lesson --check FILE` prints its report;
//! `tests/integration/lessons.rs` runs it on every bundled lesson.
//!
//! A problem found at every size is a wrong text and is reported once; one found only at
//! some sizes names them ("step 2 at 80x24: ..."): the text is right but that screen does
//! not show what it names.
//!
//! A step whose goto or `expect` fails is broken: that is its one problem, and the steps
//! that replay it (up to the next step with its own `search`) are reported as following
//! it, without repeating its message.

use std::fmt;
use std::sync::mpsc::{Receiver, channel};

use ratatui::Terminal;
use ratatui::backend::TestBackend;

use crate::lesson::{Lesson, check};
use crate::theme::{ColorLevel, GlyphSet, Theme};
use crate::tui::app::App;
use crate::tui::keymap::Keymap;
use crate::tui::ui::{self, MIN_HEIGHT, MIN_WIDTH};
use crate::tui::worker::Msg;

use super::screen;

/// A screen's size: columns, rows.
pub type Size = (u16, u16);

/// The sizes the checker draws at by default: the minimum (an SSH terminal), a lecture
/// projector's and one large enough that no pane is cut.
pub const SIZES: [Size; 3] = [(80, 24), (120, 40), (240, 120)];

/// `80x24`.
pub fn size_name((w, h): Size) -> String {
    format!("{w}x{h}")
}

/// Parses `WxH` (such as `80x24`); the explorer's minimum is 80x24 and a side is at most 1000.
pub fn parse_size(text: &str) -> Result<Size, String> {
    let expected = || format!("'{text}': expected a size WxH such as 80x24");
    let (w, h) = text.trim().split_once(['x', 'X']).ok_or_else(expected)?;
    let w: u16 = w.trim().parse().map_err(|_| expected())?;
    let h: u16 = h.trim().parse().map_err(|_| expected())?;
    if w < MIN_WIDTH || h < MIN_HEIGHT || w > 1000 || h > 1000 {
        return Err(format!(
            "'{text}': the explorer draws from {MIN_WIDTH}x{MIN_HEIGHT} (and up to 1000x1000)"
        ));
    }
    Ok((w, h))
}

/// The record budget of a checked search (the explorer's default is larger; lessons' trees
/// are small).
const RECORD: u64 = 2_000_000;

/// What the checker found at one step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepReport {
    /// 1-based.
    pub step: usize,
    /// The line of its `[[step]]` header.
    pub line: usize,
    pub result: StepResult,
}

/// A step's verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepResult {
    /// Played, and its text agrees with the screen.
    Ok,
    /// Played, but these mentions disagree with the screen at some sizes.
    Contradicts(Vec<Problem>),
    /// Its goto or `expect` failed (the message).
    Broken(String),
    /// It replays step N, which is broken.
    Follows(usize),
}

/// One mention a screen does not agree with, and the sizes it fails at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// "the text says '164 nodes' but no line of the screen counts 164 nodes".
    pub text: String,
    pub sizes: Vec<Size>,
}

/// The checker's report on a lesson.
#[derive(Clone, Debug)]
pub struct Report {
    /// Where the lesson is, for messages.
    pub origin: String,
    /// The sizes it was checked at.
    pub sizes: Vec<Size>,
    pub steps: Vec<StepReport>,
}

impl Report {
    /// True when every step is [`StepResult::Ok`].
    pub fn passed(&self) -> bool {
        self.steps.iter().all(|s| s.result == StepResult::Ok)
    }

    /// The lines of the steps that are not ok.
    pub fn failures(&self) -> Vec<String> {
        self.steps
            .iter()
            .filter(|s| s.result != StepResult::Ok)
            .flat_map(|s| self.step_lines(s))
            .collect()
    }

    /// One line a step, `FILE:LINE: step K: ok`, or its problems: those found at every size
    /// on one line, those found at some sizes on a line naming them.
    pub fn lines(&self) -> Vec<String> {
        self.steps.iter().flat_map(|s| self.step_lines(s)).collect()
    }

    fn step_lines(&self, s: &StepReport) -> Vec<String> {
        let at = format!("{}:{}: step {}", self.origin, s.line, s.step);
        match &s.result {
            StepResult::Ok => vec![format!("{at}: ok")],
            StepResult::Contradicts(problems) => {
                // Groups of problems by the sizes they fail at, in the order first found.
                let mut groups: Vec<(&[Size], Vec<&str>)> = Vec::new();
                for p in problems {
                    match groups
                        .iter_mut()
                        .find(|(sizes, _)| *sizes == p.sizes.as_slice())
                    {
                        Some((_, texts)) => texts.push(&p.text),
                        None => groups.push((&p.sizes, vec![&p.text])),
                    }
                }
                groups
                    .into_iter()
                    .map(|(sizes, texts)| {
                        let everywhere = self.sizes.len() > 1 && sizes == self.sizes.as_slice();
                        if everywhere {
                            format!("{at}: {}", texts.join("; "))
                        } else {
                            format!("{at} at {}: {}", sizes_text(sizes), texts.join("; "))
                        }
                    })
                    .collect()
            }
            StepResult::Broken(m) => vec![format!("{at}: broken: {m}")],
            StepResult::Follows(k) => vec![format!(
                "{at}: not played: it follows step {k}, which is broken"
            )],
        }
    }
}

/// "80x24", "80x24 and 120x40", "80x24, 120x40 and 240x120".
fn sizes_text(sizes: &[Size]) -> String {
    let names: Vec<String> = sizes.iter().map(|&s| size_name(s)).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for l in self.lines() {
            writeln!(f, "{l}")?;
        }
        let bad = self
            .steps
            .iter()
            .filter(|s| s.result != StepResult::Ok)
            .count();
        write!(
            f,
            "{}: {} steps, {}",
            self.origin,
            self.steps.len(),
            if bad == 0 {
                "all agree with the screen".to_string()
            } else {
                format!("{bad} failed")
            }
        )
    }
}

/// Plays `lesson` headless and checks every step at every size of [`SIZES`].
pub fn check(lesson: Lesson) -> Report {
    check_at(lesson, &SIZES)
}

/// Plays `lesson` headless and checks every step at each of `sizes`.
pub fn check_at(lesson: Lesson, sizes: &[Size]) -> Report {
    let origin = lesson.origin.clone();
    let (tx, rx) = channel();
    let keymap = Keymap::bundled().expect("the bundled keymap loads (tests/keymap.rs)");
    let mut app = App::new(
        lesson.setup.puzzle.clone(),
        Some(lesson.setup.algorithm),
        RECORD,
        keymap,
        tx,
    );
    let steps = lesson.steps.clone();
    super::start(&mut app, lesson);
    settle(&mut app, &rx);
    let theme = Theme::bundled("default", ColorLevel::Ansi16, GlyphSet::Unicode)
        .expect("the bundled default theme loads");
    let mut broken: Option<usize> = None;
    let mut reports = Vec::with_capacity(steps.len());
    for step in &steps {
        let k = step.number;
        if step.search.is_some() {
            broken = None;
        }
        let played = super::go(&mut app, k);
        settle(&mut app, &rx);
        let result = match (played, broken) {
            (Err(_), Some(b)) => StepResult::Follows(b),
            (Err(e), None) => {
                broken = Some(k);
                StepResult::Broken(e.message)
            }
            (Ok(()), _) => {
                let mut problems: Vec<Problem> = Vec::new();
                for &size in sizes {
                    let text = without_text(&mut app, k, |app| screen(app, &theme, size));
                    let mut found = check::check_step(&step.text, &step.offscreen, &text);
                    if let Some(f) = &step.focus {
                        let label = check::normalize(f.label());
                        if !check::line_shown(&check::normalize(&text), &label) {
                            found.push(format!(
                                "focus = \"{f}\" but no pane line of the screen is labelled \
                                 {label}"
                            ));
                        }
                    }
                    for p in found {
                        match problems.iter_mut().find(|q| q.text == p) {
                            Some(q) if q.sizes.contains(&size) => {}
                            Some(q) => q.sizes.push(size),
                            None => problems.push(Problem {
                                text: p,
                                sizes: vec![size],
                            }),
                        }
                    }
                }
                if problems.is_empty() {
                    StepResult::Ok
                } else {
                    StepResult::Contradicts(problems)
                }
            }
        };
        reports.push(StepReport {
            step: k,
            line: step.line,
            result,
        });
    }
    Report {
        origin,
        sizes: sizes.to_vec(),
        steps: reports,
    }
}

/// Runs `f` with step `k`'s text blanked in the lesson pane: the text may not vouch for
/// itself, only the rest of the screen counts.
fn without_text<T>(app: &mut App, k: usize, f: impl FnOnce(&App) -> T) -> T {
    let text = app
        .lesson
        .as_mut()
        .and_then(|s| s.lesson.steps.get_mut(k - 1))
        .map(|s| std::mem::take(&mut s.text));
    let out = f(app);
    if let Some(text) = text
        && let Some(s) = app
            .lesson
            .as_mut()
            .and_then(|s| s.lesson.steps.get_mut(k - 1))
    {
        s.text = text;
    }
    out
}

/// Waits until the search is over, so the screen is final.
fn settle(app: &mut App, rx: &Receiver<Msg>) {
    app.wait_for_search(rx);
}

/// What teaches on the screen drawn at `size`: the panes' titles and rows and the Why
/// block as far as it is drawn, not the title and status lines ([`screen::teaching_text`]).
pub fn screen(app: &App, theme: &Theme, (width, height): Size) -> String {
    let Ok(mut terminal) = Terminal::new(TestBackend::new(width, height));
    if terminal.draw(|f| ui::render(f, app, theme)).is_err() {
        return String::new();
    }
    screen::teaching_text(terminal.backend().buffer(), app, theme)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_and_read_as_the_messages_write_them() {
        assert_eq!(parse_size("80x24"), Ok((80, 24)));
        assert_eq!(parse_size(" 120X40 "), Ok((120, 40)));
        assert!(
            parse_size("80")
                .unwrap_err()
                .contains("expected a size WxH")
        );
        assert!(parse_size("79x24").unwrap_err().contains("from 80x24"));
        assert!(parse_size("80x-2").is_err());
        assert_eq!(sizes_text(&[(80, 24)]), "80x24");
        assert_eq!(sizes_text(&[(80, 24), (120, 40)]), "80x24 and 120x40");
        assert_eq!(sizes_text(&SIZES), "80x24, 120x40 and 240x120");
    }

    #[test]
    fn a_problem_at_every_size_names_none_and_one_at_some_names_them() {
        let problem = |text: &str, sizes: &[Size]| Problem {
            text: text.to_string(),
            sizes: sizes.to_vec(),
        };
        let report = Report {
            origin: "l.toml".to_string(),
            sizes: SIZES.to_vec(),
            steps: vec![StepReport {
                step: 2,
                line: 9,
                result: StepResult::Contradicts(vec![
                    problem("wrong", &SIZES),
                    problem("hidden", &[(80, 24)]),
                    problem("also hidden", &[(80, 24)]),
                ]),
            }],
        };
        assert_eq!(
            report.failures(),
            [
                "l.toml:9: step 2: wrong",
                "l.toml:9: step 2 at 80x24: hidden; also hidden"
            ]
        );
        // Checked at one size, a problem names it.
        let one = Report {
            sizes: vec![(80, 24)],
            steps: vec![StepReport {
                step: 1,
                line: 3,
                result: StepResult::Contradicts(vec![problem("x", &[(80, 24)])]),
            }],
            ..report
        };
        assert_eq!(one.failures(), ["l.toml:3: step 1 at 80x24: x"]);
    }
}
