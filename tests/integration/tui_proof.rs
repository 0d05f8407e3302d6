//! The explorer's proof-number views (issue 5, item 6): snapshots of a PNS screen and a
//! df-pn screen at 80x24 and 120x40, and interaction tests (keys -> state) for the jumps to
//! the next expansion, proof and threshold change, the pn/dn board toggle and stepping back.
//! The searches are the plain PNS and df-pn of `common/pn_engines.rs` on the bundled
//! "tictactoe-fork" (Black wins with c1), recorded by the real recorder and shown through a
//! session over the recorded trace, as the worker shows a running search.

use std::sync::mpsc::Receiver;

use crate::helpers::explorer::{open_puzzle, screen, type_keys};
use crate::helpers::pn_engines;
use plyscope::games::mnk::Mnk;
use plyscope::puzzle::{self, Position};
use plyscope::run::progress::Progress;
use plyscope::search::Algorithm;
use plyscope::trace::recorder::Recorder;
use plyscope::tui::app::App;
use plyscope::tui::worker::Msg;
use plyscope::view::game_session::GameSession;
use plyscope::view::session::{BoardView, MarkKind};

fn position(name: &str) -> Mnk {
    let Position::Mnk(g) = puzzle::load(name).unwrap().position else {
        panic!("an m,n,k puzzle");
    };
    g
}

/// The explorer on tictactoe-fork, showing a recorded `dfpn` (else PNS) search from step 0.
fn open(dfpn: bool) -> (App, Receiver<Msg>) {
    open_recorded("tictactoe-fork", dfpn)
}

/// The explorer on the puzzle `name`, showing a recorded `dfpn` (else PNS) search from step
/// 0.
fn open_recorded(name: &str, dfpn: bool) -> (App, Receiver<Msg>) {
    let p = puzzle::load(name).unwrap();
    let algorithm = if dfpn {
        Algorithm::DfPn
    } else {
        Algorithm::Pns
    };
    let (mut app, rx) = open_puzzle(p, Some(algorithm));
    let mut g = position(name);
    let mut r: Recorder<Mnk> = Recorder::default();
    let live = r.live();
    let root = if dfpn {
        pn_engines::dfpn(&mut g, &mut r)
    } else {
        pn_engines::pns(&mut g, 100_000, &mut r)
    };
    assert!(root.is_solved(), "{name} is solved: {root}");
    drop(r);
    app.session = GameSession::over(position(name), live);
    let word = if root.is_proven() {
        "proven"
    } else {
        "disproven"
    };
    app.summary = Some(format!("{word}, root {root}"));
    app.progress = Progress::default();
    app.selected = None;
    assert!(app.is_proof());
    (app, rx)
}

fn overlay(app: &App) -> Vec<(u16, String, MarkKind)> {
    match app.session.board(app.selected, app.board_options()) {
        BoardView::Stones { overlay, .. } => overlay
            .into_iter()
            .map(|m| (m.point, m.text, m.kind))
            .collect(),
        BoardView::Text(_) => Vec::new(),
    }
}

#[test]
fn pns_screen_snapshots() {
    // Tic-tac-toe from the empty board (a draw: the goal "X wins" is disproven).
    let (mut app, _rx) = open_recorded("tictactoe", false);
    // The 40th expansion: PNS's descent to its most-proving node, numbers as of the step.
    type_keys(&mut app, &"e".repeat(40));
    insta::assert_snapshot!("pns_fortieth_expansion_80x24", screen(&app, 80, 24));
    insta::assert_snapshot!("pns_fortieth_expansion_120x40", screen(&app, 120, 40));
}

#[test]
fn dfpn_screen_snapshots() {
    // Tic-tac-toe from the empty board (a draw: the goal "X wins" is disproven).
    let (mut app, _rx) = open_recorded("tictactoe", true);
    // The twelfth threshold change: df-pn re-enters a child with new thresholds; the side
    // pane lists every frame of the path with its thresholds.
    type_keys(&mut app, "yyyyyyyyyyyy");
    insta::assert_snapshot!("dfpn_twelfth_threshold_change_80x24", screen(&app, 80, 24));
    insta::assert_snapshot!(
        "dfpn_twelfth_threshold_change_120x40",
        screen(&app, 120, 40)
    );
}

#[test]
fn e_steps_to_expansions_and_back() {
    let (mut app, _rx) = open(false);
    type_keys(&mut app, "e");
    let first = app.session.step();
    let node = app.selected.expect("the expanded node is selected");
    let detail = app.session.detail(node).proof.expect("a proof node");
    assert_eq!(detail.expansions, 1);
    assert!(detail.children > 0);
    assert_eq!(
        overlay(&app).len(),
        detail.children,
        "one board mark per child"
    );
    type_keys(&mut app, "e");
    assert!(app.session.step() > first);
    type_keys(&mut app, "E");
    assert_eq!(
        app.session.step(),
        first,
        "E goes back to the previous expansion"
    );
    type_keys(&mut app, "E");
    assert_eq!(app.message.as_deref(), Some("no earlier expansion"));
}

#[test]
fn n_steps_to_proofs_and_w_finds_solved_nodes() {
    let (mut app, _rx) = open(false);
    type_keys(&mut app, "n");
    let node = app.selected.unwrap();
    let row = app.session.row(node).proof.unwrap();
    assert!(
        row.solved.is_some(),
        "the node just became proven or disproven"
    );
    assert!(row.numbers.unwrap().is_solved());
    // At the end, the root is proven and ) walks the solved nodes in the tree.
    type_keys(&mut app, "G");
    let root = app.session.roots()[0];
    assert_eq!(app.session.row(root).proof.unwrap().solved, Some("PROVEN"));
    app.selected = Some(root);
    type_keys(&mut app, ")");
    let solved = app.selected.unwrap();
    assert_ne!(solved, root);
    assert!(app.session.row(solved).proof.unwrap().solved.is_some());
}

#[test]
fn y_steps_to_threshold_changes_in_dfpn_only() {
    let (mut app, _rx) = open(true);
    type_keys(&mut app, "y");
    let node = app.selected.unwrap();
    let detail = app.session.detail(node).proof.unwrap();
    let now = detail.thresholds.expect("df-pn frames have thresholds");
    // Stepping back one event shows the node's thresholds before the change.
    app.session.back();
    let before = app.session.detail(node).proof.unwrap().thresholds;
    assert_ne!(before, Some(now));
    // Every frame on the path has thresholds.
    assert!(detail.frames.iter().all(|f| f.thresholds.is_some()));
    assert_eq!(detail.frames[0].label, "root");

    let (mut app, _rx) = open(false);
    type_keys(&mut app, "y");
    assert_eq!(app.message.as_deref(), Some("no later threshold change"));
}

#[test]
fn d_switches_the_board_between_pn_and_dn() {
    let (mut app, _rx) = open(false);
    type_keys(&mut app, "e");
    let pn = overlay(&app);
    type_keys(&mut app, "d");
    assert!(app.show_dn);
    assert_eq!(
        app.message.as_deref(),
        Some("board: children's disproof numbers")
    );
    let dn = overlay(&app);
    assert_eq!(pn.len(), dn.len());
    for ((p, pn_text, _), (q, dn_text, _)) in pn.iter().zip(&dn) {
        assert_eq!(p, q);
        // Unexpanded children of a fresh expansion are [1, 1] or solved: 0 / ∞.
        assert!(["1", "0", "∞"].contains(&pn_text.as_str()), "{pn_text}");
        assert!(["1", "0", "∞"].contains(&dn_text.as_str()), "{dn_text}");
    }
    type_keys(&mut app, "d");
    assert_eq!(overlay(&app), pn);
}

#[test]
fn stepping_back_restores_the_numbers_shown() {
    let (mut app, _rx) = open(false);
    type_keys(&mut app, "eeee");
    let step = app.session.step();
    let before = rows(&app);
    type_keys(&mut app, "ee");
    assert_ne!(rows(&app), before);
    app.session.seek(step);
    assert_eq!(rows(&app), before);
    for _ in 0..5 {
        app.session.forward();
    }
    for _ in 0..5 {
        app.session.back();
    }
    assert_eq!(rows(&app), before);
}

/// Every node in the tree as of the step with its numbers, solved word and place on the
/// descent.
fn rows(app: &App) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = app.session.roots();
    while let Some(id) = stack.pop() {
        let r = app.session.row(id);
        let p = r.proof.expect("a proof node");
        out.push(format!(
            "{id} {} {:?} {:?} {}",
            r.label, p.numbers, p.solved, p.on_path
        ));
        stack.extend(app.session.children(id));
    }
    out
}
