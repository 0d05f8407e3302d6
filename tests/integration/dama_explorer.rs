//! The explorer on a Czech checkers puzzle: Kühr's example 3.2 stand-in opens with its
//! own algorithm (fail-hard alpha-beta to depth 3), the board shows the checkers diagram,
//! and stepping to the end of the recorded search works and shows the principal move.

use std::sync::mpsc::channel;

use crate::helpers::explorer::{open_puzzle, untrimmed_screen};
use plyscope::puzzle;
use plyscope::run::registry::{self, Family};
use plyscope::search::Algorithm;
use plyscope::tui::app::App;
use plyscope::tui::keymap::{Action, Keymap};

#[test]
fn a_checkers_search_opens_renders_and_steps_to_its_end() {
    let p = puzzle::load("dama-001-example-3-2").unwrap();
    let (mut app, _rx) = open_puzzle(p, None);
    let first = untrimmed_screen(&app, 120, 40);
    assert!(first.contains("a b c d e f g h"), "{first}");
    assert!(
        first.contains(". . x . . . x ."),
        "the black men on c5 and g5:\n{first}"
    );
    app.update(Action::StepEnd);
    let last = untrimmed_screen(&app, 120, 40);
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
