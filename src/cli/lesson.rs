//! `plyscope lesson`: without a name, lists the bundled lessons in teaching order (name,
//! title, the algorithms each teaches, the lessons it requires, source); with a
//! bundled name or a lesson file, loads it (every file error before the terminal is
//! touched, as `explore` does) and opens the explorer in lesson mode. With `--check`, plays
//! every step headless with the lesson checker (`tui::app::lesson::check`, the rules in
//! `docs/lessons.md`) at 80x24, 120x40 and 240x120 (or the sizes `--size` names) and prints
//! each step's result: exit 0 when every step agrees with the
//! screen, 1 otherwise.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Args;

use plyscope::lesson::{self, Lesson};
use plyscope::theme::ColorChoice;
use plyscope::trace::recorder::RecordConfig;
use plyscope::tui::{self, ExploreOptions};

#[derive(Args, Debug)]
pub struct LessonArgs {
    /// A bundled lesson name or a path to a lesson file; none: list the lessons.
    #[arg(value_name = "LESSON")]
    pub lesson: Option<String>,
    /// Check the lesson instead of opening it: play every step headless and hold its text
    /// against the screen; prints one line a step, exit 1 when one fails.
    #[arg(long)]
    pub check: bool,
    /// With --check: check at this screen size only (WxH, such as 80x24; repeat for
    /// several). Default: 80x24, 120x40 and 240x120.
    #[arg(long, value_name = "WxH", value_parser = parse_size, requires = "check")]
    pub size: Vec<(u16, u16)>,
    /// A bundled theme name (default, light, mono, high-contrast) or a theme file.
    #[arg(long, value_name = "T")]
    pub theme: Option<String>,
    /// Draw with ASCII only: no box drawing, no ambiguous-width glyphs.
    #[arg(long)]
    pub ascii: bool,
    /// Colours: auto (from the terminal and NO_COLOR), 16, 256, truecolor or never.
    #[arg(long, value_name = "WHEN", default_value = "auto")]
    pub color: ColorChoice,
    /// Quiz: hide the answer (the result, the best-move marks, the root's value) until the
    /// search is stepped to its end; ! shows it at once.
    #[arg(long)]
    pub quiz: bool,
    /// How the alpha-beta family's values are shown, over the lesson's own `view`: max
    /// (from MAX's side; the default on literal trees) or negamax (the side to move's).
    #[arg(long, value_name = "VIEW", value_parser = super::explore::parse_view)]
    pub view: Option<plyscope::view::max_view::ValueView>,
}

pub fn run(args: &LessonArgs) -> anyhow::Result<ExitCode> {
    let Some(name) = &args.lesson else {
        if args.check {
            anyhow::bail!(
                "--check needs a lesson: plyscope lesson --check FILE (or a bundled name)"
            );
        }
        return list();
    };
    let mut lesson = lesson::load(name)?;
    lesson.view = args.view.or(lesson.view);
    if args.check {
        return check(lesson, &args.size);
    }
    let (theme, keymap) =
        super::explore::theme_and_keymap(args.theme.clone(), args.color, args.ascii)?;
    tui::run(ExploreOptions {
        // A lesson's steps set their own search settings, which its text is checked against.
        settings: Default::default(),
        puzzle: lesson.setup.puzzle.clone(),
        algorithm: Some(lesson.setup.algorithm),
        compare: None,
        record: RecordConfig::DEFAULT_BUDGET,
        theme,
        keymap,
        reopened: None,
        lesson: Some(lesson),
        quiz: args.quiz,
        view: None,
    })?;
    Ok(ExitCode::SUCCESS)
}

/// `--size WxH`.
fn parse_size(text: &str) -> Result<(u16, u16), String> {
    tui::app::lesson::check::parse_size(text)
}

/// `--check`: the checker's report, one line a step and a summary, at `sizes` (none: the
/// checker's default sizes).
fn check(lesson: Lesson, sizes: &[(u16, u16)]) -> anyhow::Result<ExitCode> {
    use tui::app::lesson::check;
    let report = if sizes.is_empty() {
        check::check(lesson)
    } else {
        check::check_at(lesson, sizes)
    };
    let mut out = io::stdout().lock();
    writeln!(out, "{report}")?;
    Ok(if report.passed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn list() -> anyhow::Result<ExitCode> {
    let lessons = Lesson::bundled()
        .iter()
        .map(|b| b.load())
        .collect::<Result<Vec<Lesson>, _>>()?;
    let order: Vec<(&str, &[String])> = lessons
        .iter()
        .map(|l| (l.name.as_str(), l.requires.as_slice()))
        .collect();
    lesson::check_order(&order)?;
    io::stdout()
        .lock()
        .write_all(lesson::listing(&lessons).as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
