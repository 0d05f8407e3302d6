//! The terminal explorer: keys map to actions through the
//! keymap ([`keymap`]), the model ([`app`]) applies them, the views ([`ui`]) render the
//! model with a theme, and the search runs on its own thread ([`worker`]). Lambda and
//! dual-lambda searches are recorded and shown the same way, with their
//! own tree labels, side pane, zone overlay and root levels ([`crate::view::lambda`]).
//!
//! This module owns the terminal: raw mode and the
//! alternate screen on entry, restored on every way out, including a panic on any thread (a
//! process-wide panic hook restores first, then prints the panic, and the loop stops at its
//! next turn); colour output forced on, because the theme applies `NO_COLOR`; no mouse
//! capture; a buffered stdout and synchronized output around each frame;
//! a frame only when something changed; one channel carries keys, resizes and search
//! progress, read with a non-zero timeout; only key presses act; Ctrl-C always quits.

pub mod app;
pub mod editor;
pub mod keymap;
pub mod play;
pub mod ui;
pub mod worker;
pub mod write_error;

use std::io::{self, BufWriter, IsTerminal, Stdout, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{self, Event, KeyEventKind};
use ratatui::crossterm::style::force_color_output;
use ratatui::crossterm::terminal::{
    BeginSynchronizedUpdate, EndSynchronizedUpdate, EnterAlternateScreen, LeaveAlternateScreen,
    disable_raw_mode, enable_raw_mode,
};
use ratatui::crossterm::{cursor, execute};
use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGTSTP};
use signal_hook::iterator::Signals;
use signal_hook::low_level;

use crate::puzzle::Puzzle;
use crate::search::Algorithm;
use crate::theme::Theme;

use app::{App, TICK_MS, lesson, split};
use keymap::{CTRL_Z, Key, Keymap};
use worker::Msg;

/// How long the input thread waits for an event before it checks whether to stop.
const INPUT_POLL: Duration = Duration::from_millis(100);

/// Set by the panic hook: the loop stops at its next turn.
static PANICKED: AtomicBool = AtomicBool::new(false);

type Term = Terminal<CrosstermBackend<BufWriter<Stdout>>>;

/// A saved run decoded for the explorer (`explore --open`).
pub use app::saved_run::Reopened;

/// What the explorer opens with.
pub struct ExploreOptions {
    pub puzzle: Puzzle,
    pub algorithm: Option<Algorithm>,
    /// A second algorithm to open side by side in the split view ([`split`]).
    pub compare: Option<Algorithm>,
    /// The record budget in events.
    pub record: u64,
    /// The command line's settings (`--ordering`) over the puzzle's defaults.
    pub settings: crate::run::spec::Settings,
    pub theme: Theme,
    pub keymap: Keymap,
    /// Lesson mode: play this lesson's script (its search replaces the puzzle's).
    pub lesson: Option<crate::lesson::Lesson>,
    /// A saved run to show instead of searching (`explore --open`; `puzzle` is its puzzle).
    pub reopened: Option<app::saved_run::Reopened>,
    /// Quiz: hide the answer until the search is stepped to its end (`--quiz`).
    pub quiz: bool,
    /// `--view`: how the alpha-beta family's values are shown (`None`: the puzzle's
    /// default, MAX's on a literal tree; a lesson's own `view` wins).
    pub view: Option<crate::view::max_view::ValueView>,
}

/// Leaves raw mode and the alternate screen; safe to call twice.
fn restore() {
    let mut out = io::stdout();
    let _ = execute!(
        out,
        EndSynchronizedUpdate,
        LeaveAlternateScreen,
        cursor::Show
    );
    let _ = disable_raw_mode();
    let _ = out.flush();
}

fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        PANICKED.store(true, Ordering::SeqCst);
        previous(info);
        eprintln!(
            "plyscope {}: this is a bug; please report it to the project's issue tracker with \
             the message above and the command you ran",
            env!("CARGO_PKG_VERSION")
        );
    }));
}

/// The signals that end the explorer: each restores the terminal (leaves the alternate
/// screen and raw mode, shows the cursor) before the process exits as the signal asks
/// (status 128 + its number). In raw mode ctrl-c is a key, not SIGINT; a SIGINT sent by
/// `kill` is handled here too. A dropped SSH connection sends SIGHUP. Watched with
/// signal-hook on a thread of its own (its handler only wakes that thread).
const ENDING_SIGNALS: [i32; 4] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT];

fn watch_signals() -> io::Result<()> {
    let mut signals = Signals::new(ENDING_SIGNALS)?;
    thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            restore();
            std::process::exit(128 + signal);
        }
    });
    Ok(())
}

/// ctrl-z: leaves the screen and stops the process as a shell expects (SIGTSTP); on `fg`
/// the terminal is taken again and the whole screen redrawn. In raw mode the terminal sends
/// ctrl-z as a key rather than stopping the process itself.
fn suspend(terminal: &mut Term) -> io::Result<()> {
    restore();
    low_level::raise(SIGTSTP)?;
    // Continued.
    enable_raw_mode()?;
    execute!(terminal.backend_mut(), EnterAlternateScreen, cursor::Hide)?;
    terminal.clear()
}

/// The explorer draws on a terminal: without one (a pipe, a cron job, `ssh host cmd`
/// without -t) it says so and names the headless commands, and writes nothing to stdout.
fn check_terminal() -> anyhow::Result<()> {
    if io::stdin().is_terminal() && io::stdout().is_terminal() {
        return Ok(());
    }
    anyhow::bail!(
        "the explorer needs a terminal (standard input and output are not both one; over ssh, \
         use ssh -t); without one, `plyscope solve PUZZLE` solves a puzzle and `plyscope \
         export PUZZLE --format json` writes its search"
    )
}

fn setup() -> io::Result<Term> {
    install_panic_hook();
    // crossterm drops every attribute, bold and reverse included, when NO_COLOR is set;
    // the theme layer implements NO_COLOR itself (colours reset, modifiers kept), so
    // crossterm must always write what the theme says, whatever the environment
    // claims about colour.
    force_color_output(true);
    enable_raw_mode()?;
    let mut out = BufWriter::new(io::stdout());
    execute!(out, EnterAlternateScreen, cursor::Hide)?;
    Terminal::new(CrosstermBackend::new(out))
}

/// Runs the explorer until the user quits.
pub fn run(options: ExploreOptions) -> anyhow::Result<()> {
    check_terminal()?;
    watch_signals()?;
    let mut terminal = match setup() {
        Ok(t) => t,
        Err(e) => {
            restore();
            return Err(e.into());
        }
    };
    let result = event_loop(&mut terminal, options);
    restore();
    if PANICKED.load(Ordering::SeqCst) {
        anyhow::bail!("the explorer stopped after a panic (see above)");
    }
    result
}

fn spawn_input(tx: Sender<Msg>) {
    thread::spawn(move || {
        loop {
            let msg = match event::poll(INPUT_POLL).and_then(|ready| {
                if ready {
                    event::read().map(Some)
                } else {
                    Ok(None)
                }
            }) {
                Ok(Some(Event::Key(key))) if key.kind == KeyEventKind::Press => Msg::Key(key),
                Ok(Some(Event::Resize(..))) => Msg::Resize,
                Ok(_) => continue,
                Err(e) => {
                    let _ = tx.send(Msg::InputLost(e.to_string()));
                    break;
                }
            };
            if tx.send(msg).is_err() {
                break;
            }
        }
    });
}

fn draw(terminal: &mut Term, app: &App, theme: &Theme) -> io::Result<()> {
    execute!(terminal.backend_mut(), BeginSynchronizedUpdate)?;
    terminal.draw(|frame| ui::render(frame, app, theme))?;
    execute!(terminal.backend_mut(), EndSynchronizedUpdate)?;
    terminal.backend_mut().flush()
}

fn event_loop(terminal: &mut Term, options: ExploreOptions) -> anyhow::Result<()> {
    let (tx, rx) = mpsc::channel();
    spawn_input(tx.clone());
    let theme = options.theme;
    let mut app = match options.reopened {
        Some(run) => App::from_reopened(run, options.keymap, tx),
        None => {
            let spec = crate::run::spec::SearchSpec::for_puzzle(
                &options.puzzle,
                options.algorithm,
                options.record,
            )
            .with_settings(&options.settings);
            let mut app =
                App::with_spec(options.puzzle, options.algorithm, spec, options.keymap, tx);
            app.settings = options.settings;
            app
        }
    };
    app.puzzle_dir = std::env::current_dir().ok();
    if let Some(view) = options.view {
        app.session.set_view(view);
    }
    if let Some(second) = options.compare {
        split::open_with(&mut app, second);
    }
    if let Some(lesson) = options.lesson {
        lesson::start(&mut app, lesson);
    }
    app.quiz = options.quiz;
    let tick = Duration::from_millis(TICK_MS);
    let mut next_tick = Instant::now() + tick;
    let mut dirty = true;
    let mut seen_len = usize::MAX;
    loop {
        if PANICKED.load(Ordering::SeqCst) {
            return Ok(());
        }
        if app.redraw {
            terminal.clear()?;
            app.redraw = false;
            dirty = true;
        }
        if dirty {
            draw(terminal, &app, &theme)?;
            dirty = false;
        }
        let timeout = next_tick.saturating_duration_since(Instant::now());
        match rx.recv_timeout(timeout.max(Duration::from_millis(1))) {
            Ok(Msg::Key(key)) => {
                if Key::from_event(&key) == Some(CTRL_Z) {
                    suspend(terminal)?;
                } else {
                    // Ctrl-c, the open editor / game's own key, or the keymap's action.
                    app.key(&key);
                }
                dirty = true;
            }
            Ok(Msg::InputLost(reason)) => {
                app.session.cancel();
                anyhow::bail!("cannot read the terminal: {reason}");
            }
            Ok(msg) => dirty |= app.receive(msg),
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return Ok(()),
        }
        if Instant::now() >= next_tick {
            next_tick = Instant::now() + tick;
            dirty |= app.tick();
            // The record grows while the engine runs: the status line's step count too.
            let len = app.session.len();
            if len != seen_len {
                seen_len = len;
                dirty = true;
            }
        }
        if app.quit {
            app.session.cancel();
            return Ok(());
        }
    }
}
