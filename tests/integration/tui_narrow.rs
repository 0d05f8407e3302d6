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

/// A lambda-1 ladder searched a little past its 9 plies: its line, with the threat checks
/// nested under the attack moves, is 12 levels deep or more.
const DEEP_PUZZLE: &str = "atarigo-ladder";
const DEEP_DEPTH: u32 = 13;

/// A run longer than its record: four in a row on the empty 4x4 board, a draw.
const LONG_PUZZLE: &str = "mnk-4x4-k4";
const LONG_ALGORITHM: Algorithm = Algorithm::IterativeDeepening;
const LONG_RECORD: u64 = 20_000;
const LONG_RESULT: &str = "value 0";

/// Levels from the root to `node`.
fn depth(app: &App, node: u32) -> usize {
    let mut depth = 0;
    let mut at = app.session.parent(node);
    while let Some(p) = at {
        depth += 1;
        at = app.session.parent(p);
    }
    depth
}

/// Selects the deepest node of the finished search (the first entered of the deepest), as
/// walking down to it would; returns its depth in levels of the tree.
fn select_deepest(app: &mut App) -> usize {
    type_keys(app, "G");
    let deepest = (0..app.session.node_count() as u32)
        .map(|id| (depth(app, id), std::cmp::Reverse(id)))
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
    assert!(depth >= 12, "the line is {depth} levels deep");
    let s = screen(&app, 80, 24);
    // The pane says the indentation is folded, and the selected row starts with its depth.
    assert!(s.contains("levels folded"), "{s}");
    let rows = tree_rows(&s);
    let selected = rows
        .iter()
        .find(|r| r.trim_start().starts_with(&format!("{depth}│")))
        .unwrap_or_else(|| panic!("a row at depth {depth} in\n{s}"));
    // Its move and verdict are on screen, not pushed off by 24 columns of indentation.
    let text_start = selected.find("│").unwrap();
    assert!(text_start < 16, "{selected}");
    insta::assert_snapshot!("lambda_12_ply_line_80x24", s);
    // --ascii: the bar is ASCII too.
    let a = ascii_screen(&app, 80, 24);
    assert!(a.is_ascii(), "{a}");
    assert!(a.contains(&format!("{depth}|")), "{a}");
}

/// A long run: a record cap below the search's size, a bookmark, play running.
#[test]
fn the_status_line_of_a_long_run_keeps_the_step_and_the_result_at_80x24() {
    let (tx, rx): (_, Receiver<Msg>) = channel();
    let p = puzzle::load(LONG_PUZZLE).unwrap();
    let mut app = App::new(
        p,
        Some(LONG_ALGORITHM),
        LONG_RECORD,
        Keymap::bundled().unwrap(),
        tx,
    );
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

/// The screen's title line, its first status line, and the tree pane's first row.
fn quiz_lines(app: &App) -> (String, String, String) {
    let s = screen(app, 80, 24);
    let lines: Vec<&str> = s.lines().collect();
    let root = lines[2].chars().skip(40).collect();
    (lines[0].to_string(), lines[22].to_string(), root)
}

#[test]
fn the_quiz_hides_the_answer_until_the_search_s_end() {
    let (mut app, _rx) = open("tree-abc", Some(Algorithm::AlphaBeta));
    app.quiz = true;
    let (title, status, _) = quiz_lines(&app);
    assert!(
        status.contains("answer hidden until the end (! reveals)"),
        "{status}"
    );
    assert!(title.contains("The textbook tree: ?"), "{title}");
    // One step before the end: the root's value and the best-move marks are still hidden
    // (reaching the end reveals the answer for good, so step there one step at a time).
    let last = app.session.len();
    while app.session.step() + 1 < last {
        type_keys(&mut app, " ");
    }
    assert!(app.answer_hidden());
    let (_, status, root) = quiz_lines(&app);
    assert!(!status.contains("value 3"), "{status}");
    assert!(!root.contains('3'), "{root}");
    let tree: String = screen(&app, 80, 24)
        .lines()
        .skip(2)
        .map(|l| l.chars().skip(40).collect::<String>())
        .collect();
    assert!(!tree.contains('★'), "{tree}");
    // The end shows them, and stepping back keeps them shown.
    type_keys(&mut app, "]");
    let (title, status, root) = quiz_lines(&app);
    assert!(status.contains("value 3"), "{status}");
    assert!(title.contains("The textbook tree: va"), "{title}");
    assert!(root.contains("=3"), "{root}");
    assert!(screen(&app, 80, 24).contains('★'));
    type_keys(&mut app, "g");
    assert!(!app.answer_hidden());
    // The quiz key hides it again, and shows it at once.
    type_keys(&mut app, "!");
    assert!(app.answer_hidden());
    assert!(quiz_lines(&app).1.contains("answer hidden"));
    type_keys(&mut app, "!");
    assert!(!app.answer_hidden());
    assert!(quiz_lines(&app).1.contains("value 3"));
}
