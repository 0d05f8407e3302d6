//! The explorer on a Czech checkers puzzle: the seed 001 example 3.2 stand-in opens with its
//! own algorithm (fail-hard alpha-beta to depth 3), the board shows the checkers diagram,
//! and stepping to the end of the recorded search works and shows the principal move.

use std::sync::mpsc::channel;

use ratatui::Terminal;
use ratatui::backend::TestBackend;

use plyscope::puzzle;
use plyscope::run::registry::{self, Family};
use plyscope::search::Algorithm;
use plyscope::theme::{ColorLevel, GlyphSet, Theme};
use plyscope::tui::app::App;
use plyscope::tui::keymap::{Action, Keymap};
use plyscope::tui::ui;

fn screen(app: &App, width: u16, height: u16) -> String {
    let theme = Theme::bundled("default", ColorLevel::Ansi16, GlyphSet::Unicode).unwrap();
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| ui::render(f, app, &theme)).unwrap();
    let buffer = terminal.backend().buffer().clone();
    let mut out = String::new();
    for y in 0..buffer.area.height {
        for x in 0..buffer.area.width {
            out.push_str(buffer[(x, y)].symbol());
        }
        out.push('\n');
    }
    out
}

#[test]
fn a_checkers_search_opens_renders_and_steps_to_its_end() {
    let (tx, rx) = channel();
    let p = puzzle::load("dama-001-example-3-2").unwrap();
    let mut app = App::new(p, None, 2_000_000, Keymap::bundled().unwrap(), tx);
    app.wait_for_search(&rx);
    let first = screen(&app, 120, 40);
    assert!(first.contains("a b c d e f g h"), "{first}");
    assert!(
        first.contains(". . x . . . x ."),
        "the black men on c5 and g5:\n{first}"
    );
    app.update(Action::StepEnd);
    let last = screen(&app, 120, 40);
    assert!(
        last.contains("e3-d4"),
        "the best move shows at the end:\n{last}"
    );
}

#[test]
fn the_algorithm_key_offers_checkers_only_the_alpha_beta_family() {
    let (tx, rx) = channel();
    let p = puzzle::load("dama-two-kings-vs-one").unwrap();
    let mut app = App::new(p, None, 20_000, Keymap::bundled().unwrap(), tx);
    app.wait_for_search(&rx);
    let mut seen = Vec::new();
    let mut skipped_message = false;
    for _ in 0..12 {
        app.update(Action::CycleAlgorithm);
        skipped_message |= app
            .message
            .as_deref()
            .is_some_and(|m| m.contains("repetition draws"));
        app.wait_for_search(&rx);
        let algorithm = app.spec.config.algorithm;
        assert_eq!(
            registry::info(algorithm).family,
            Family::AlphaBeta,
            "{}",
            algorithm.name()
        );
        seen.push(algorithm);
    }
    assert!(seen.contains(&Algorithm::Minimax) && seen.contains(&Algorithm::AlphaBeta));
    assert!(skipped_message, "the skip is explained");
}
