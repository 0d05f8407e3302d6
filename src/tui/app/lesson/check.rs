//! The lesson checker: plays every step of a lesson headless,
//! as the explorer in lesson mode does, draws the screen at each step on a large
//! `TestBackend` (so no pane cuts a line) with the step's own text blanked (a text may not
//! vouch for itself), adds the Why block's full text, and holds the
//! step's text against it with the rules of [`crate::lesson::check`]. `plyscope lesson
//! --check FILE` prints its report; `tests/integration/lessons.rs` runs it on every bundled lesson.
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
use crate::tui::ui;
use crate::tui::worker::Msg;

/// The size the checker draws at: wide and tall enough that no lesson's pane is cut.
pub const SCREEN: (u16, u16) = (240, 120);

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
    /// Played, but these mentions disagree with the screen.
    Contradicts(Vec<String>),
    /// Its goto or `expect` failed (the message).
    Broken(String),
    /// It replays step N, which is broken.
    Follows(usize),
}

/// The checker's report on a lesson.
#[derive(Clone, Debug)]
pub struct Report {
    /// Where the lesson is, for messages.
    pub origin: String,
    pub steps: Vec<StepReport>,
}

impl Report {
    /// True when every step is [`StepResult::Ok`].
    pub fn passed(&self) -> bool {
        self.steps.iter().all(|s| s.result == StepResult::Ok)
    }

    /// The lines of the steps that are not ok.
    pub fn failures(&self) -> Vec<String> {
        self.lines()
            .into_iter()
            .zip(&self.steps)
            .filter(|(_, s)| s.result != StepResult::Ok)
            .map(|(l, _)| l)
            .collect()
    }

    /// One line a step: `FILE:LINE: step K: ok`, or its problems.
    pub fn lines(&self) -> Vec<String> {
        self.steps
            .iter()
            .map(|s| {
                let at = format!("{}:{}: step {}", self.origin, s.line, s.step);
                match &s.result {
                    StepResult::Ok => format!("{at}: ok"),
                    StepResult::Contradicts(p) => format!("{at}: {}", p.join("; ")),
                    StepResult::Broken(m) => format!("{at}: broken: {m}"),
                    StepResult::Follows(k) => {
                        format!("{at}: not played: it follows step {k}, which is broken")
                    }
                }
            })
            .collect()
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

/// Plays `lesson` headless and checks every step.
pub fn check(lesson: Lesson) -> Report {
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
                let problems = check::check_step(
                    &step.text,
                    &step.offscreen,
                    &without_text(&mut app, k, |app| screen(app, &theme)),
                );
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

/// The screen at [`SCREEN`]'s size as text, then the Why block's full text.
pub fn screen(app: &App, theme: &Theme) -> String {
    let (width, height) = SCREEN;
    let mut out = String::new();
    if let Ok(mut terminal) = Terminal::new(TestBackend::new(width, height))
        && terminal.draw(|f| ui::render(f, app, theme)).is_ok()
    {
        let buffer = terminal.backend().buffer();
        for y in 0..height {
            let mut line = String::new();
            for x in 0..width {
                line.push_str(buffer[(x, y)].symbol());
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    if let Some(x) = app.session.explain() {
        out.push_str(&x.headline);
        out.push('\n');
        for l in &x.lines {
            out.push_str(l);
            out.push('\n');
        }
    }
    out
}
