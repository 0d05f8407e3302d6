//! The explorer at 80x24 under strain: a deep lambda line in the 38-column tree pane (the
//! indentation above the selection folds to a depth number), the status line of a long run
//! whose record hit its cap (the step and the result stay, the cap is named), and the quiz
//! switch (the answer hidden until the search's end).

use std::sync::mpsc::{Receiver, channel};

use crate::helpers::explorer::{ascii_screen, open, open_puzzle, screen, settle, type_keys};
use plyscope::puzzle;
use plyscope::search::Algorithm;
use plyscope::tui::app::App;
use plyscope::tui::keymap::Keymap;
use plyscope::tui::worker::Msg;

/// Selects the deepest node of the finished search (the first entered of the deepest), as
/// walking down to it would; returns its depth in plies.
fn select_deepest(app: &mut App) -> usize {
    type_keys(app, "G");
    let deepest = (0..app.session.node_count() as u32)
        .map(|id| (app.session.row(id).ply, std::cmp::Reverse(id)))
        .max()
        .map(|(ply, std::cmp::Reverse(id))| (id, ply))
        .expect("the search entered nodes");
    app.selected = Some(deepest.0);
    app.follow = false;
    deepest.1
}

/// The tree pane's rows: the right half of the screen between its borders.
fn tree_rows(screen: &str) -> Vec<String> {
    screen
        .lines()
        .skip(2)
        .take(14)
        .map(|l| l.chars().skip(41).collect::<String>())
        .collect()
}

#[test]
fn a_deep_lambda_line_stays_readable_in_a_narrow_tree_pane() {
    let mut p = puzzle::load(DEEP_PUZZLE).unwrap();
    p.limits.max_depth = Some(DEEP_DEPTH);
    let (mut app, _rx) = open_puzzle(p, Some(Algorithm::Lambda));
    let depth = select_deepest(&mut app);
    assert_eq!(depth, 12, "the line is 12 plies deep");
    let s = screen(&app, 80, 24);
    // The pane says the indentation is folded, and the selected row starts with its depth.
    assert!(s.contains("levels folded"), "{s}");
    let rows = tree_rows(&s);
    let selected = rows
        .iter()
        .find(|r| r.trim_start().starts_with("12│"))
        .unwrap_or_else(|| panic!("a row at depth 12 in\n{s}"));
    // Its move and verdict are on screen, not pushed off by 24 columns of indentation.
    let text_start = selected.find("│").unwrap();
    assert!(text_start < 16, "{selected}");
    insta::assert_snapshot!("lambda_12_ply_line_80x24", s);
    // --ascii: the bar is ASCII too.
    let a = ascii_screen(&app, 80, 24);
    assert!(a.is_ascii(), "{a}");
    assert!(a.contains("12|"), "{a}");
    // At 120 columns the same line fits with less folding, never more.
    let wide = screen(&app, 120, 40);
    assert!(wide.contains("12"), "{wide}");
}

/// A long run: a record cap below the search's size, a bookmark, play running.
#[test]
fn the_status_line_of_a_long_run_keeps_the_step_and_the_result_at_80x24() {
    let (tx, rx): (_, Receiver<Msg>) = channel();
    let p = puzzle::load(LONG_PUZZLE).unwrap();
    let mut app = App::new(p, Some(LONG_ALGORITHM), LONG_RECORD, Keymap::bundled().unwrap(), tx);
    settle(&mut app, &rx);
    type_keys(&mut app, "G");
    let len = app.session.len();
    type_keys(&mut app, "M");
    app.playing = true;
    let s = screen(&app, 80, 24);
    let status = s.lines().nth(22).unwrap();
    assert!(status.starts_with(&format!("{len}/{len} | ")), "{status}");
    assert!(status.contains(LONG_RESULT), "{status}");
    // The cap is named even when the line is short of room.
    assert!(status.contains("record cap"), "{status}");
    insta::assert_snapshot!("status_long_run_80x24", s);
    // With room, the note says which limit and how to raise it.
    let wide = screen(&app, 200, 40);
    let status = wide.lines().nth(38).unwrap();
    assert!(
        status.contains(&format!(
            "record cap {} events reached; --record N to raise it",
            plyscope::trace::recorder::budget::thousands(LONG_RECORD)
        )),
        "{status}"
    );
}

#[test]
fn the_quiz_hides_the_answer_until_the_search_s_end() {
    let (mut app, _rx) = open("tree-abc", Some(Algorithm::AlphaBeta));
    app.quiz = true;
    let s = screen(&app, 80, 24);
    assert!(s.contains("answer hidden until the end (Q reveals)"), "{s}");
    assert!(s.contains("The textbook tree: ?"), "{s}");
    assert!(!s.contains("value 3"), "{s}");
    // One step before the end: the root's value and the best-move marks are still hidden.
    type_keys(&mut app, "G[");
    assert!(app.answer_hidden());
    let s = screen(&app, 80, 24);
    assert!(!s.contains('★'), "{s}");
    assert!(!s.contains("value 3"), "{s}");
    let root_row = s.lines().nth(2).unwrap();
    assert!(!root_row.contains("=3"), "{root_row}");
    // The end shows them, and stepping back keeps them shown.
    type_keys(&mut app, "]");
    let s = screen(&app, 80, 24);
    assert!(s.contains("value 3"), "{s}");
    assert!(s.contains('★'), "{s}");
    assert!(s.contains("The textbook tree: value 3"), "{s}");
    type_keys(&mut app, "g");
    assert!(!app.answer_hidden());
    // Q hides it again, and shows it at once.
    type_keys(&mut app, "Q");
    assert!(app.answer_hidden());
    assert!(screen(&app, 80, 24).contains("answer hidden"));
    type_keys(&mut app, "Q");
    assert!(!app.answer_hidden());
    assert!(screen(&app, 80, 24).contains("value 3"));
}
