//! The heuristic searches made visible (issue 6, item 3): the iterations list of iterative
//! deepening, the null-move probe with its R, forward pruning's dropped moves, the killers,
//! the history heat map (trees: a list) and the move order before and after sorting, each in
//! words in the side pane. The model is driven with actions as a user's keys would and the
//! screen drawn with ratatui's `TestBackend`; key frames are insta snapshots.

use std::sync::mpsc::{Receiver, channel};

use crate::helpers::explorer::{screen, settle, type_keys};
use plyscope::puzzle;
use plyscope::run::spec::SearchSpec;
use plyscope::search::{Algorithm, Limits};
use plyscope::trace::store::EventKind;
use plyscope::tui::app::App;
use plyscope::tui::keymap::{Action, Keymap};
use plyscope::tui::worker::Msg;
use plyscope::view::session::{BoardOptions, BoardView, MarkKind};

/// Opens a bundled puzzle under iterative deepening to `depth` plies, with the null move and
/// forward pruning (keep `keep` percent) as asked.
fn open(name: &str, depth: u32, null_move: bool, keep: Option<u8>) -> (App, Receiver<Msg>) {
    let (tx, rx) = channel();
    let p = puzzle::load(name).unwrap();
    let mut spec = SearchSpec::for_puzzle(&p, Some(Algorithm::IterativeDeepening), 2_000_000);
    spec.config.null_move = null_move;
    spec.config.forward_prune_keep_percent = keep;
    spec.limits = Limits {
        max_depth: Some(depth),
        ..Limits::default()
    };
    let mut app = App::with_spec(
        p,
        Some(Algorithm::IterativeDeepening),
        spec,
        Keymap::bundled().unwrap(),
        tx,
    );
    settle(&mut app, &rx);
    (app, rx)
}

/// The side pane's heuristic line `label` of the selected node.
fn line(app: &App, label: &str) -> Option<String> {
    let node = app.selected?;
    app.session
        .detail(node)
        .heuristics
        .into_iter()
        .find(|(l, _)| *l == label)
        .map(|(_, t)| t)
}

#[test]
fn iterations_list_depth_order_values_best_and_nodes() {
    let (mut app, _rx) = open("mnk-4x4-k3", 4, false, None);
    app.update(Action::StepEnd);
    let rows = app.session.iterations();
    assert!(rows.len() >= 2, "{rows:?}");
    for (i, r) in rows.iter().enumerate() {
        assert_eq!(r.depth, i as u32 + 1, "iterations are depth 1, 2, 3, ...");
        assert!(r.finished && r.nodes > 0 && r.value.is_some(), "{r:?}");
        assert!(
            !r.order.is_empty() && r.values.len() <= r.order.len(),
            "{r:?}"
        );
        // The root moves are searched in the order announced.
        for ((m, _), o) in r.values.iter().zip(&r.order) {
            assert_eq!(m, o);
        }
        assert!(r.best.is_some());
    }
    // Each iteration after the first searches the previous one's best move first.
    for w in rows.windows(2) {
        assert_eq!(w[1].order.first(), w[0].best.as_ref(), "{:?}", w[1]);
    }
    // The root's own side-pane line names its order by the last iteration's values.
    app.selected = Some(rows[1].root);
    let searched = line(&app, "searched").expect("the root of depth 2 is sorted");
    assert!(
        searched.starts_with("root: by the last iteration's values")
            && searched.contains("(was #1 "),
        "{searched}"
    );
    // The iterations view lists them and marks the selected iteration.
    type_keys(&mut app, "D");
    assert!(app.show_iterations);
    let text = screen(&app, 120, 40);
    assert!(
        text.contains("Iterations") && text.contains(">depth 2:"),
        "{text}"
    );
    // i / I step the selection through the iterations.
    type_keys(&mut app, "i");
    assert_eq!(app.selected, Some(rows[2].root));
    let text = screen(&app, 120, 40);
    assert!(text.contains(">depth 3:"), "{text}");
    insta::assert_snapshot!("mnk_4x4_k3_iterations_120x40", text);
    type_keys(&mut app, "D");
    assert!(!app.show_iterations);
}

#[test]
fn null_move_and_forward_pruning_are_explained_where_they_happened() {
    let (mut app, _rx) = open("mnk-5x5-k4", 4, true, Some(50));
    app.update(Action::StepStart);
    assert!(app.session.seek_kind(EventKind::NullMove, true));
    app.selected = app.session.current();
    let text = line(&app, "null move").expect("the node of the probe explains it");
    assert!(
        text.starts_with("R=2: the opponent passes; a reduced search of depth")
            && text.contains("beta"),
        "{text}"
    );
    assert!(
        text.contains(">= beta") == text.contains("cutoff (heuristic)"),
        "{text}"
    );
    let node = app.selected.unwrap();
    // The probe itself is a child of the node, and says what it is.
    let probe = app
        .session
        .children(node)
        .into_iter()
        .find(|&c| app.session.row(c).label == "null move (pass)")
        .expect("the probe is listed under its node");
    app.selected = Some(probe);
    let probe_line = line(&app, "null move").expect("the probe's own line");
    assert!(probe_line.starts_with("a probe: the side to move before passed"));

    assert!(app.session.seek_kind(EventKind::ForwardPruned, true));
    app.selected = app.session.current();
    let text = line(&app, "pruned").expect("the node of the pruning explains it");
    assert!(
        text.starts_with("forward pruning keeps the first")
            && text.contains("the value proves nothing"),
        "{text}"
    );
    let searched = line(&app, "searched").expect("the order before pruning");
    assert!(line(&app, "generated").is_some());
    assert!(
        searched.contains('('),
        "every move has its reason: {searched}"
    );
    insta::assert_snapshot!("mnk_5x5_k4_forward_pruned_120x40", screen(&app, 120, 40));
}

#[test]
fn history_heat_map_on_the_board_and_killers_in_the_legend() {
    let (mut app, _rx) = open("mnk-4x4-k3", 3, false, None);
    app.update(Action::StepEnd);
    app.selected = app.session.roots().last().copied();
    type_keys(&mut app, "H");
    assert!(app.show_history);
    let history = app.session.history().expect("the history heuristic is on");
    assert!(!history.is_empty(), "cutoffs fed the history table");
    assert!(
        history.windows(2).all(|w| w[0].1 >= w[1].1),
        "highest first"
    );
    let view = app.session.board(
        app.selected,
        // The heat map does not need the values overlay on.
        BoardOptions {
            values: false,
            history: true,
            ..BoardOptions::default()
        },
    );
    let BoardView::Stones {
        overlay, legend, ..
    } = view
    else {
        panic!("a stone board");
    };
    let heats: Vec<u8> = overlay
        .iter()
        .filter_map(|m| match m.kind {
            MarkKind::History(d) => Some(d),
            _ => None,
        })
        .collect();
    assert_eq!(heats.len(), history.len(), "one mark per move with a score");
    assert!(heats.contains(&9) && heats.iter().all(|&d| (1..=9).contains(&d)));
    let legend = legend.unwrap();
    assert!(
        legend.starts_with(&format!(
            "history 1-9 (9 = {})",
            plyscope::view::heuristics::history_text(history[0].1)
        )),
        "{legend}"
    );
    let text = screen(&app, 120, 40);
    assert!(
        text.contains("history") && text.contains(&history[0].0),
        "{text}"
    );
    insta::assert_snapshot!("mnk_4x4_k3_history_120x40", text);
}

#[test]
fn trees_list_the_history_in_the_side_pane() {
    // A literal tree is searched in textbook form: the history heuristic is off, and the
    // pane says so.
    let (mut app, _rx) = open("tree-004-fig-6-23", 9, false, None);
    app.update(Action::StepEnd);
    app.selected = app.session.roots().last().copied();
    type_keys(&mut app, "H");
    assert_eq!(app.session.history(), None);
    let text = screen(&app, 120, 40);
    assert!(text.contains("off in this search"), "{text}");
    // With the ordering on, the tree's moves are listed with their scores.
    let (tx, rx) = channel();
    let p = puzzle::load("tree-004-fig-6-23").unwrap();
    let mut spec = SearchSpec::for_puzzle(&p, Some(Algorithm::IterativeDeepening), 2_000_000);
    spec.config.ordering = plyscope::search::config::MoveOrdering::ALL;
    let mut app = App::with_spec(
        p,
        Some(Algorithm::IterativeDeepening),
        spec,
        Keymap::bundled().unwrap(),
        tx,
    );
    app.wait_for_search(&rx);
    app.update(Action::StepEnd);
    app.selected = app.session.roots().last().copied();
    type_keys(&mut app, "H");
    let history = app.session.history().unwrap();
    assert!(!history.is_empty());
    let text = screen(&app, 120, 40);
    assert!(
        text.contains(&format!("{} {}", history[0].0, history[0].1)),
        "{text}"
    );
}

#[test]
fn heuristic_keys_belong_to_the_alpha_beta_family() {
    let (mut app, _rx) = open("mnk-4x4-k3", 2, false, None);
    app.spec.config.algorithm = Algorithm::Lambda;
    type_keys(&mut app, "H");
    assert!(!app.show_history);
    assert!(
        app.message
            .as_deref()
            .unwrap()
            .contains("alpha-beta family")
    );
}
