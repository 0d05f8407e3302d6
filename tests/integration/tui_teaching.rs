//! Issue 16 ("Teaching that tells the truth and explains itself"), the explorer's part:
//! the legend of the marks (point 4), lessons laid out for 80x24 (point 6), help that is
//! never cut at 80 columns and says which keys move the selection and which move the search,
//! the step to the next lambda-level change (point 7), and the split view's Why block,
//! algorithm picker and "uses" line (point 8). Screens are drawn with ratatui's TestBackend
//! and kept as insta snapshots in `tests/integration/snapshots/`.

use crate::helpers::explorer::{ascii_screen, open, open_lesson, screen, type_keys};
use plyscope::lesson;
use plyscope::search::Algorithm;
use plyscope::tui::app::{App, Overlay};
use plyscope::tui::keymap::Action;
use plyscope::tui::ui;

/// The text of an overlay over all its pages: scrolls down until the screen stops
/// changing, keeping each new screen's inner lines, and joins everything with the
/// overlay's frame and the line breaks taken out (so wrapped sentences read whole).
fn all_pages(app: &mut App, width: u16, height: u16) -> String {
    let mut pages = Vec::new();
    let mut last = String::new();
    for _ in 0..40 {
        let s = screen(app, width, height);
        if s == last {
            break;
        }
        pages.push(s.clone());
        last = s;
        for _ in 0..(height as usize - 4) {
            app.update(Action::Down);
        }
    }
    // The overlay's inside: columns 3 to 76, rows 2 to height - 3 (the overlay is the
    // screen less two columns and one row on each side, with its border).
    pages
        .iter()
        .flat_map(|p| {
            p.lines()
                .skip(2)
                .take(height as usize - 4)
                .map(|l| {
                    l.chars()
                        .skip(3)
                        .take(width as usize - 6)
                        .collect::<String>()
                })
                .collect::<Vec<_>>()
        })
        .collect::<Vec<_>>()
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn legend_at_80x24_and_120x40_explains_the_marks_of_the_search_shown() {
    let (mut app, _rx) = open("tree-abc", Some(Algorithm::AlphaBeta));
    type_keys(&mut app, "#");
    assert_eq!(app.overlays.last(), Some(&Overlay::Legend { scroll: 0 }));
    insta::assert_snapshot!("legend_tree_abc_alphabeta_80x24", screen(&app, 80, 24));
    insta::assert_snapshot!("legend_tree_abc_alphabeta_120x40", screen(&app, 120, 40));
    let text = all_pages(&mut app, 80, 24);
    for needle in [
        "a beta cutoff: MAX found value ≥ beta; an alpha cutoff: MIN found value ≤ alpha",
        "win@3 loss@2",
        "(255 left)",
        "the node's search ended in a cutoff",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
    // `#` again closes it.
    type_keys(&mut app, "#");
    assert!(app.overlays.is_empty());

    // df-pn on Hex: proof numbers, thresholds, frames, the children's numbers on the board.
    let (mut app, _rx) = open("hex-3x3", Some(Algorithm::DfPn));
    type_keys(&mut app, "#");
    insta::assert_snapshot!("legend_hex_3x3_dfpn_80x24", screen(&app, 80, 24));
    let text = all_pages(&mut app, 80, 24);
    for needle in [
        "smallest pn at OR nodes",
        "smallest dn at AND nodes",
        "thresholds",
        "descent, frames",
        "children 3, expanded 1x",
        "the child there has pn 3",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
    assert!(
        !text.contains("win@3"),
        "no alpha-beta marks for df-pn:\n{text}"
    );

    // Lambda: levels, zone sizes and orders, the root marks.
    let (mut app, _rx) = open("mnk-7x7-k4-lambda2", Some(Algorithm::Lambda));
    type_keys(&mut app, "#");
    insta::assert_snapshot!("legend_mnk_lambda_120x40", screen(&app, 120, 40));
    let text = all_pages(&mut app, 80, 24);
    for needle in [
        "X1-3: 2 2 10 all 10",
        "re-search λ2",
        "An order-3 point can lie far from the fight",
        "N wins at λN",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
}

#[test]
fn legend_in_ascii_draws_ascii_glyphs() {
    let (mut app, _rx) = open("tree-abc", Some(Algorithm::AlphaBeta));
    type_keys(&mut app, "#");
    let s = ascii_screen(&app, 80, 24);
    let odd: String = s.chars().filter(|c| !c.is_ascii()).collect();
    assert!(odd.is_empty(), "not ASCII: {odd:?} in\n{s}");
    assert!(s.contains(">3") && s.contains("(alpha, beta)"), "{s}");
}

#[test]
fn help_at_80_columns_cuts_no_line_and_groups_selection_and_search_keys() {
    let (mut app, _rx) = open("tree-abc", None);
    type_keys(&mut app, "?");
    insta::assert_snapshot!("help_tree_abc_80x24", screen(&app, 80, 24));
    let text = all_pages(&mut app, 80, 24);
    for row in app.keymap.help_rows() {
        let description = row
            .description
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            text.contains(&description),
            "{} is cut or missing: {description:?} in\n{text}",
            row.action
        );
    }
    for needle in [
        "Move the selection in the tree",
        "Jump the selection in the tree",
        "Move through the search",
        "#, f2 opens the legend",
        "lambda: forward to the next event where the lambda level changes",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
}

/// The words of `text` in order, each somewhere in `screen` (a wrapped text keeps its words
/// whole: the panes wrap at spaces).
fn all_words_shown(text: &str, screen: &str) -> Result<(), String> {
    for word in text.split_whitespace() {
        if !screen.contains(word) {
            return Err(format!("{word:?} is not on the screen"));
        }
    }
    Ok(())
}

#[test]
fn a_lesson_step_reads_whole_at_80x24_with_its_node_in_view() {
    for (name, steps) in [
        ("alphabeta-cutoffs", 2),
        ("lambda2-threat", 1),
        ("lambda1-ladder", 1),
    ] {
        let (mut app, rx) = open_lesson(lesson::load(name).unwrap());
        for _ in 0..steps {
            app.update(Action::LessonNext);
        }
        app.wait_for_search(&rx);
        app.progress.nodes_per_second = 0.0;
        let state = app.lesson.as_ref().unwrap();
        assert!(state.error.is_none(), "{name}: {:?}", state.error);
        let step_text = state.lesson.steps[state.at - 1].text.clone();
        let s = screen(&app, 80, 24);
        insta::assert_snapshot!(format!("lesson_{name}_step_{steps}_80x24"), s.clone());
        // On a game the board stays on screen (the text names its points: "the white stone
        // on c3"), and a long step may then page: tab shows the rest before the next step.
        let game = !name.starts_with("alphabeta");
        if game {
            assert!(
                s.contains("┌Board"),
                "{name}: the board is not on screen:\n{s}"
            );
        }
        let mut seen = s.clone();
        if s.contains("tab: more") {
            assert!(
                game,
                "{name}: only a board may push the text to a second page:\n{s}"
            );
            app.update(Action::LessonNext);
            seen.push_str(&screen(&app, 80, 24));
        }
        if let Err(e) = all_words_shown(&step_text, &seen) {
            panic!("{name} step {steps}: {e}\n{seen}");
        }
        let node = app.selected.expect("the step selects a node");
        let label = app.session.row(node).label;
        let in_tree = s
            .lines()
            .any(|l| l.chars().skip(40).collect::<String>().contains(&label));
        assert!(
            in_tree,
            "{name}: the selected node {label} is not in the tree pane:\n{s}"
        );
        // The status line stays on the screen, cut with an ellipsis if it must be.
        let status = s.lines().nth(22).unwrap();
        assert!(status.chars().count() <= 80, "{status}");
    }
}

#[test]
fn the_level_key_steps_the_search_to_the_next_lambda_level_change() {
    let (mut app, _rx) = open("mnk-7x7-k4-lambda2", Some(Algorithm::Lambda));
    type_keys(&mut app, "u");
    let first = app.session.step();
    assert!(first > 0, "{:?}", app.message);
    let (landed, node) = app.session.landed(first - 1).unwrap();
    assert!(landed.is(plyscope::view::landing::Landing::Level));
    assert_eq!(app.selected, node);
    type_keys(&mut app, "u");
    let second = app.session.step();
    assert!(second > first, "{:?}", app.message);
    type_keys(&mut app, "U");
    assert_eq!(app.session.step(), first);
    // Not a lambda search: it says so.
    let (mut app, _rx) = open("tree-abc", Some(Algorithm::AlphaBeta));
    type_keys(&mut app, "u");
    assert_eq!(app.session.step(), 0);
    assert!(
        app.message.as_deref().unwrap_or("").contains("lambda"),
        "{:?}",
        app.message
    );
}

#[test]
fn split_picker_lists_applicable_algorithms_and_the_split_explains_its_focus() {
    let (mut app, _rx) = open("hex-3x3", Some(Algorithm::DfPn));
    type_keys(&mut app, "A");
    let Some(&Overlay::SplitPicker { selected }) = app.overlays.last() else {
        panic!("A opens the split's picker: {:?}", app.overlays);
    };
    let s = screen(&app, 80, 24);
    for a in plyscope::run::registry::applicable(&app.puzzle.position) {
        assert!(s.contains(a.name()), "{} is not listed:\n{s}", a.name());
    }
    // Walk to pns and choose it.
    let entries = plyscope::tui::app::split::pick_entries(&app);
    let pns = entries
        .iter()
        .position(|e| e.0 == Algorithm::Pns)
        .expect("pns runs on Hex");
    let moves = pns as isize - selected as isize;
    for _ in 0..moves.unsigned_abs() {
        app.update(if moves > 0 { Action::Down } else { Action::Up });
    }
    app.update(Action::Select);
    let split = app.split.as_mut().expect("the split opened");
    assert_eq!(split.pane.spec.config.algorithm, Algorithm::Pns);
    split.wait_for_search();
    split.pane.progress.nodes_per_second = 0.0;
    type_keys(&mut app, "n");
    let s = screen(&app, 120, 40);
    insta::assert_snapshot!("split_hex_3x3_dfpn_pns_why_120x40", s.clone());
    assert!(
        s.contains("Why: event"),
        "the focused search's Why block:\n{s}"
    );
    assert!(
        s.contains("uses: table, symmetry"),
        "df-pn's knowledge:\n{s}"
    );
    assert!(s.contains("uses: no table"), "PNS's knowledge:\n{s}");
    let s = screen(&app, 80, 24);
    insta::assert_snapshot!("split_hex_3x3_dfpn_pns_why_80x24", s.clone());
    assert!(s.contains("Why: event"), "{s}");
}

/// Issue 16, point 5: a test that skipped no move is not a cutoff (Kühr, example 3.2),
/// so the step key to the next cutoff stops once on the 3-12-8 tree, at c (its 4 and 6
/// skipped), and not at d, whose last leaf 2 ends the loop with nothing left to skip.
#[test]
fn the_next_cutoff_key_stops_only_where_moves_were_skipped() {
    let (mut app, _rx) = open("tree-abc", Some(Algorithm::AlphaBeta));
    app.update(Action::StepNextCutoff);
    let node = app.selected.expect("the cutoff's node is selected");
    assert_eq!(app.session.detail(node).path, vec!["c".to_string()]);
    let at_c = app.session.step();
    app.update(Action::StepNextCutoff);
    assert_eq!(app.session.step(), at_c, "no second cutoff to step to");
    assert_eq!(app.message.as_deref(), Some("no later cutoff"));
    app.update(Action::StepEnd);
    app.update(Action::StepPreviousCutoff);
    assert_eq!(
        app.session.step(),
        at_c,
        "back from the end lands on c's cutoff too"
    );
}

/// `x` (and `t`, `i`) move the selection, not the replay, and the status line says so and
/// names the key that steps the search instead.
#[test]
fn the_jump_keys_say_they_move_the_selection_not_the_replay() {
    let (mut app, _rx) = open("tree-abc", Some(Algorithm::AlphaBeta));
    app.update(Action::StepEnd);
    let end = app.session.step();
    app.update(Action::StepStart);
    app.update(Action::StepEnd);
    app.update(Action::JumpNextCutoff);
    let node = app.selected.expect("the cutoff's node is selected");
    assert_eq!(app.session.detail(node).path, vec!["c".to_string()]);
    assert_eq!(app.session.step(), end, "the replay did not move");
    assert_eq!(
        app.message.as_deref(),
        Some(format!("selected c (a cutoff); the replay stays at step {end}; n steps it").as_str())
    );
    let (mut app, _rx) = open("tictactoe", Some(Algorithm::IterativeDeepening));
    app.update(Action::StepEnd);
    let end = app.session.step();
    app.update(Action::StepStart);
    app.update(Action::StepEnd);
    app.update(Action::JumpPreviousIteration);
    let message = app.message.clone().unwrap_or_default();
    assert!(
        message.contains("(an iteration's root); the replay stays at step"),
        "{message}"
    );
    assert_eq!(app.session.step(), end);
}

/// The footer names what `n` does for the search shown: the next cutoff in alpha-beta, the
/// next proof in a proof-number search (which has no cutoffs).
#[test]
fn the_footer_says_next_proof_in_a_proof_number_search() {
    let labels = |app: &App| -> Vec<&'static str> {
        ui::status::footer_items(app, 200)
            .into_iter()
            .map(|i| i.label)
            .collect()
    };
    let (app, _rx) = open("tree-004-fig-6-20", Some(Algorithm::Pns));
    assert!(labels(&app).contains(&"next proof"), "{:?}", labels(&app));
    assert!(!labels(&app).contains(&"next cutoff"));
    let (app, _rx) = open("tree-abc", Some(Algorithm::AlphaBeta));
    assert!(labels(&app).contains(&"next cutoff"), "{:?}", labels(&app));
}

/// Moving the selection by hand never folds the tree under it (newcomer review): after four
/// steps of PNS the root shows its two new leaves, and Down selects n2 with the root still
/// open; in alpha-beta, up from the cutoff node c to b keeps c's searched child on screen,
/// and going to the parent keeps the parent's children shown.
#[test]
fn moving_the_selection_keeps_the_rows_on_screen() {
    let (mut app, _rx) = open("tree-004-fig-6-20", Some(Algorithm::Pns));
    for _ in 0..4 {
        app.update(Action::StepForward);
    }
    let rows_before = app.visible_rows(100).len();
    assert_eq!(rows_before, 3, "root and its two new leaves");
    app.update(Action::Down);
    let selected = app.selected.unwrap();
    assert_eq!(app.session.detail(selected).path, vec!["n2".to_string()]);
    assert_eq!(app.visible_rows(100).len(), 3, "the root stays open");
    app.update(Action::Parent);
    assert_eq!(
        app.visible_rows(100).len(),
        3,
        "the parent keeps its children shown"
    );

    let (mut app, _rx) = open("tree-abc", Some(Algorithm::AlphaBeta));
    app.update(Action::StepNextCutoff);
    let rows = app.visible_rows(100).len();
    app.update(Action::Up);
    assert_eq!(
        app.visible_rows(100).len(),
        rows,
        "c stays open when b is selected"
    );
    app.update(Action::Parent);
    assert_eq!(app.visible_rows(100).len(), rows, "the root stays open");
}
