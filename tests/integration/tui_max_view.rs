//! The MAX/MIN view (values, windows and cutoffs from MAX's side, as lectures draw them), the
//! skipped moves drawn under a cutoff, and board values that are bounds drawn as bounds.

use crate::helpers::explorer::{ascii_screen, open, open_lesson, screen, type_keys};
use plyscope::lesson;
use plyscope::search::Algorithm;
use plyscope::tui::keymap::Action;
use plyscope::view::max_view::ValueView;

/// tree-abc opens in the MAX view: at c's cutoff every number is MAX's and the cutoff is
/// named and tested as the lecture does (a MIN node: value <= alpha).
#[test]
fn the_textbook_tree_opens_in_the_max_view() {
    let (mut app, _rx) = open("tree-abc", None);
    assert_eq!(app.session.view(), ValueView::Max);
    app.update(Action::StepNextCutoff);
    let s = screen(&app, 80, 24);
    for wanted in [
        "Tree: MAX ▲ MIN ▽",
        "▽ b =3 ★",
        "▽ c ≤2 ✕",
        "▲ c1 =2 ★",
        "alpha     3",
        "beta      +inf",
        "alpha cutoff: 2 <= alpha 3",
        "MIN; values for MAX",
    ] {
        assert!(s.contains(wanted), "missing {wanted:?} in\n{s}");
    }
    assert!(!s.contains("-3"), "a negamax number in the MAX view:\n{s}");
    insta::assert_snapshot!("tree_abc_max_view_first_cutoff_80x24", s);
}

/// The cut node's skipped moves are dimmed rows under it, after its searched child; the
/// ASCII form writes `x` for the cross.
#[test]
fn skipped_moves_are_drawn_under_their_parent() {
    let (mut app, _rx) = open("tree-abc", None);
    app.update(Action::StepNextCutoff);
    let s = screen(&app, 80, 24);
    let rows: Vec<&str> = s.lines().collect();
    let c1 = rows
        .iter()
        .position(|l| l.contains("c1 =2"))
        .expect("c1's row");
    assert!(rows[c1 + 1].contains("c2 ✕ skipped"), "{s}");
    assert!(rows[c1 + 2].contains("c3 ✕ skipped"), "{s}");
    let a = ascii_screen(&app, 80, 24);
    assert!(a.is_ascii(), "{a}");
    assert!(a.contains("c2 x skipped"), "{a}");
    assert!(a.contains("Tree: MAX ^ MIN v"), "{a}");
    insta::assert_snapshot!("tree_abc_skipped_rows_ascii_80x24", a);
}

/// Skipped rows are not nodes: walking down from c1 goes on to the next node, d.
#[test]
fn the_selection_passes_over_skipped_rows() {
    let (mut app, _rx) = open("tree-abc", None);
    app.update(Action::StepEnd);
    // From the root, down walks the rows that are nodes; none is a skipped move.
    let mut labels = Vec::new();
    app.selected = app.session.roots().first().copied();
    app.update(Action::ExpandAll);
    for _ in 0..12 {
        let node = app.selected.expect("a selection");
        labels.push(app.session.row(node).label);
        app.update(Action::Down);
    }
    assert!(labels.iter().all(|l| !l.contains("skipped")), "{labels:?}");
    let c1 = labels.iter().position(|l| l == "c1").expect("c1 walked");
    assert_eq!(labels[c1 + 1], "d", "{labels:?}");
}

/// `~` switches to negamax (the engine's numbers, the sign flipping each ply) and back.
#[test]
fn the_view_key_toggles_and_negamax_comes_back() {
    let (mut app, _rx) = open("tree-abc", None);
    app.update(Action::StepNextCutoff);
    let max = screen(&app, 80, 24);
    type_keys(&mut app, "~");
    assert_eq!(app.session.view(), ValueView::Negamax);
    let s = screen(&app, 80, 24);
    for wanted in [
        "▾ c ≥-2 ✕",
        "beta      -3",
        "alpha cutoff: value -2 >=",
        "negamax view",
    ] {
        assert!(s.contains(wanted), "missing {wanted:?} in\n{s}");
    }
    assert!(!s.contains('▽'), "{s}");
    type_keys(&mut app, "~");
    assert_eq!(app.session.view(), ValueView::Max);
    app.message = None;
    let back = screen(&app, 80, 24);
    // The same screen as before, but for the status line's note.
    let body = |s: &str| s.lines().take(20).collect::<Vec<_>>().join("\n");
    assert_eq!(body(&back), body(&max));
}

/// Games open in negamax; the key still switches them to MAX's side.
#[test]
fn games_open_in_negamax() {
    let (mut app, _rx) = open("tictactoe", Some(Algorithm::AlphaBeta));
    assert_eq!(app.session.view(), ValueView::Negamax);
    app.update(Action::ToggleView);
    assert_eq!(app.session.view(), ValueView::Max);
}

/// Tic-tac-toe's alpha-beta: at the root one child is exact and the others failed (upper
/// bounds for the mover): the board draws them `≤0`, not `0`.
#[test]
fn board_values_that_are_bounds_are_drawn_as_bounds() {
    let (mut app, _rx) = open("tictactoe", Some(Algorithm::AlphaBeta));
    app.update(Action::StepEnd);
    app.selected = app.session.roots().last().copied();
    let s = screen(&app, 120, 40);
    let bounds = s.matches("≤0").count();
    assert!(bounds >= 1, "no bound on the board:\n{s}");
    let board = app.session.board(app.selected, app.board_options());
    let plyscope::view::session::BoardView::Stones { overlay, .. } = board else {
        panic!("tic-tac-toe draws stones");
    };
    let exact = overlay.iter().filter(|m| !m.text.starts_with('≤')).count();
    assert_eq!(overlay.len(), 9, "{overlay:?}");
    assert_eq!(exact, 1, "{overlay:?}");
}

/// A lesson's `view` wins over the tree's default; an unknown view is refused in words.
#[test]
fn a_lessons_view_field() {
    let toml = |view: &str| {
        format!(
            "[lesson]\ntitle = \"t\"\nsource = \"s\"\npuzzle = \"tree-abc\"\n\
             algorithm = \"alphabeta\"\nview = \"{view}\"\nintro = \"i\"\n\n\
             [[step]]\ngoto = \"next-cutoff\"\nexpect = \"cutoff\"\ntext = \"c is cut.\"\n"
        )
    };
    let l = lesson::parse(&toml("negamax"), "t.toml", false).unwrap();
    assert_eq!(l.view, Some(ValueView::Negamax));
    let (app, _rx) = open_lesson(l);
    assert_eq!(app.session.view(), ValueView::Negamax);
    let bad = lesson::parse(&toml("min"), "t.toml", false)
        .unwrap_err()
        .to_string();
    assert!(bad.contains("unknown view 'min'"), "{bad}");
}
