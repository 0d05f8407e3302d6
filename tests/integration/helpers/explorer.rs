//! The explorer in a test: an `App` opened on a bundled puzzle with its search finished, its
//! screen drawn by ratatui's `TestBackend` and read back as text, keys typed through the
//! bundled keymap as the terminal loop sends them.

use std::sync::mpsc::{Receiver, channel};

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use plyscope::lesson::Lesson;
use plyscope::puzzle::{self, Puzzle};
use plyscope::search::Algorithm;
use plyscope::theme::{ColorLevel, GlyphSet, Theme};
use plyscope::tui::app::App;
use plyscope::tui::app::lesson as mode;
use plyscope::tui::keymap::Keymap;
use plyscope::tui::ui;
use plyscope::tui::worker::Msg;

/// The events the explorer records in these tests (the binary's own default).
pub const RECORD: u64 = 2_000_000;

/// Opens the bundled puzzle `name` under `algorithm` (the puzzle's own when `None`), as
/// `plyscope explore NAME` does, and settles it.
pub fn open(name: &str, algorithm: Option<Algorithm>) -> (App, Receiver<Msg>) {
    open_puzzle(puzzle::load(name).unwrap(), algorithm)
}

/// Opens `puzzle` under `algorithm` (the puzzle's own when `None`) and settles it.
pub fn open_puzzle(puzzle: Puzzle, algorithm: Option<Algorithm>) -> (App, Receiver<Msg>) {
    let (tx, rx) = channel();
    let mut app = App::new(puzzle, algorithm, RECORD, Keymap::bundled().unwrap(), tx);
    settle(&mut app, &rx);
    (app, rx)
}

/// Opens `lesson` in the explorer, as `plyscope lesson NAME` does, and settles it.
pub fn open_lesson(lesson: Lesson) -> (App, Receiver<Msg>) {
    let (tx, rx) = channel();
    let mut app = App::new(
        lesson.setup.puzzle.clone(),
        Some(lesson.setup.algorithm),
        RECORD,
        Keymap::bundled().unwrap(),
        tx,
    );
    mode::start(&mut app, lesson);
    settle(&mut app, &rx);
    (app, rx)
}

/// Waits for the search's end message, so the status line is final, and hides the machine's
/// speed: it must not show in snapshots.
pub fn settle(app: &mut App, rx: &Receiver<Msg>) {
    app.wait_for_search(rx);
    app.progress.nodes_per_second = 0.0;
}

/// The bundled theme `name` at 16 colours.
pub fn theme(name: &str, glyphs: GlyphSet) -> Theme {
    Theme::bundled(name, ColorLevel::Ansi16, glyphs).unwrap()
}

/// One frame of `app` at `width` x `height`.
pub fn draw(app: &App, theme: &Theme, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| ui::render(f, app, theme)).unwrap();
    terminal.backend().buffer().clone()
}

/// The text of a frame, a line a row, trailing spaces trimmed.
pub fn text(buffer: &Buffer) -> String {
    rows(buffer)
        .map(|line| line.trim_end().to_string() + "\n")
        .collect()
}

/// The text of a frame, a line a row, every column kept.
pub fn untrimmed_text(buffer: &Buffer) -> String {
    rows(buffer).map(|line| line + "\n").collect()
}

fn rows(buffer: &Buffer) -> impl Iterator<Item = String> + '_ {
    let area = buffer.area;
    (0..area.height).map(move |y| (0..area.width).map(|x| buffer[(x, y)].symbol()).collect())
}

/// The screen's text under `theme`.
pub fn screen_in(app: &App, theme: &Theme, width: u16, height: u16) -> String {
    text(&draw(app, theme, width, height))
}

/// The screen's text under the default theme's Unicode glyphs.
pub fn screen(app: &App, width: u16, height: u16) -> String {
    screen_in(app, &theme("default", GlyphSet::Unicode), width, height)
}

/// The screen's text under the default theme's ASCII glyphs.
pub fn ascii_screen(app: &App, width: u16, height: u16) -> String {
    screen_in(app, &theme("default", GlyphSet::Ascii), width, height)
}

/// The screen's text under the default theme's Unicode glyphs, trailing spaces kept.
pub fn untrimmed_screen(app: &App, width: u16, height: u16) -> String {
    let theme = theme("default", GlyphSet::Unicode);
    untrimmed_text(&draw(app, &theme, width, height))
}

/// Types `keys` (characters, one key each) through the bundled keymap, as the terminal loop
/// does.
pub fn type_keys(app: &mut App, keys: &str) {
    for c in keys.chars() {
        let event = KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE);
        let action = app
            .keymap
            .action(&event)
            .unwrap_or_else(|| panic!("{c:?} is bound"));
        app.update(action);
    }
}
