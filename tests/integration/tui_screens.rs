//! Snapshots of the explorer's screens (issue 3, "Tests that must exist"): ratatui's
//! `TestBackend` draws the model; insta keeps the text of each screen in
//! `tests/integration/snapshots/`. Styles are asserted separately on key cells, per theme, and the
//! interaction tests drive the model with actions as a user's keys would.

use std::sync::mpsc::Receiver;

use ratatui::buffer::Buffer;
use ratatui::style::Color;

use crate::helpers::explorer::{draw, open, open_puzzle, screen_in, text, theme, type_keys};
use plyscope::puzzle;
use plyscope::theme::{ColorLevel, GlyphSet, Slot, Theme};
use plyscope::tui::app::App;
use plyscope::tui::keymap::{Action, Keymap};
use plyscope::tui::worker::Msg;

fn unicode() -> Theme {
    theme("default", GlyphSet::Unicode)
}

fn press(app: &mut App, actions: &[Action]) {
    for &a in actions {
        app.update(a);
    }
}

/// (puzzle, keys, expected lines on the 80x24 screen).
#[test]
fn keys_drive_the_screen() {
    let cases: &[(&str, &str, &[&str])] = &[
        // n: the first cutoff; c's window and the two leaves it skips.
        (
            "tree-abc",
            "n",
            &["alpha     3", "skipped (c2 c3)", "step 16/28"],
        ),
        // n then N: back to where no cutoff has happened.
        ("tree-abc", "nN", &["no earlier cutoff"]),
        // G: the end; v: the principal variation's leaf; h: its parent b.
        (
            "tree-abc",
            "Gvh",
            &["path      b", "value     3 (exact, final)"],
        ),
        // ] three times: the root and b entered, b's first leaf entered.
        ("tree-abc", "]]]", &["step 3/28", "path: a > b"]),
        // ? opens the help over the screen.
        (
            "tictactoe",
            "?",
            &["Keys (q closes)", "select the row above"],
        ),
        // G v on tic-tac-toe: a full board at the end of the principal variation.
        ("tictactoe", "Gv", &["3 O X(X)", "2 X X O", "1 O O X"]),
    ];
    for &(name, keys, expected) in cases {
        let (mut app, _rx) = open(name, None);
        type_keys(&mut app, keys);
        let s = screen_in(&app, &unicode(), 80, 24);
        for wanted in expected {
            assert!(
                s.contains(wanted),
                "{name} after {keys:?}: missing {wanted:?} in\n{s}"
            );
        }
    }
}

#[test]
fn main_screen_at_80x24_and_120x40() {
    let (mut app, _rx) = open("tree-abc", None);
    press(&mut app, &[Action::StepNextCutoff]);
    insta::assert_snapshot!(
        "tree_abc_first_cutoff_80x24",
        screen_in(&app, &unicode(), 80, 24)
    );
    insta::assert_snapshot!(
        "tree_abc_first_cutoff_120x40",
        screen_in(&app, &unicode(), 120, 40)
    );
}

#[test]
fn stone_boards_at_80x24() {
    let (mut app, _rx) = open("tictactoe", None);
    press(&mut app, &[Action::StepEnd, Action::JumpPv]);
    insta::assert_snapshot!(
        "tictactoe_end_pv_80x24",
        screen_in(&app, &unicode(), 80, 24)
    );
    insta::assert_snapshot!(
        "tictactoe_end_pv_120x40",
        screen_in(&app, &unicode(), 120, 40)
    );
    let (mut app, _rx) = open("hex-3x3", None);
    press(&mut app, &[Action::StepEnd, Action::JumpPv, Action::Parent]);
    insta::assert_snapshot!("hex_3x3_pv_80x24", screen_in(&app, &unicode(), 80, 24));
}

#[test]
fn too_small_screen() {
    let (app, _rx) = open("tree-abc", None);
    let s = screen_in(&app, &unicode(), 60, 20);
    assert!(
        s.contains("terminal too small: need 80x24, have 60x20"),
        "{s}"
    );
    insta::assert_snapshot!("too_small_60x20", s);
}

#[test]
fn help_and_picker_overlays() {
    let (mut app, _rx) = open("tree-abc", None);
    press(&mut app, &[Action::ToggleHelp]);
    insta::assert_snapshot!("help_80x24", screen_in(&app, &unicode(), 80, 24));
    insta::assert_snapshot!("help_120x40", screen_in(&app, &unicode(), 120, 40));
    press(&mut app, &[Action::Quit, Action::OpenPicker]);
    insta::assert_snapshot!("picker_80x24", screen_in(&app, &unicode(), 80, 24));
    insta::assert_snapshot!("picker_120x40", screen_in(&app, &unicode(), 120, 40));
}

/// A broken SGF file in the picker's directory: its error names the file by its name, not
/// the absolute path the picker loads it from (which pushed the reason past the edge of an
/// 80-column status line), and the whole reason is readable at 80x24, wrapped under the
/// list while the file is selected; enter leaves the picker open on it.
#[test]
fn a_broken_sgf_in_the_picker_shows_its_whole_reason_at_80x24() {
    let dir = tempfile::Builder::new()
        .prefix("a-rather-long-directory-name-for-puzzle-files-")
        .tempdir()
        .unwrap();
    // A move off the 4x4 board: one of the longest SGF messages.
    std::fs::write(dir.path().join("broken.sgf"), "(;GM[11]SZ[4];B[b2];W[z9])").unwrap();
    let (mut app, _rx) = open("tree-abc", None);
    app.puzzle_dir = Some(dir.path().to_path_buf());
    press(&mut app, &[Action::OpenPicker]);
    let last = app.picker.len() - 1;
    assert_eq!(app.picker[last].name, "broken.sgf");
    for _ in 0..=last {
        press(&mut app, &[Action::Down]);
    }
    let reason = "broken.sgf: node 3: W[z9]: 'z9' is off the board; columns are a..d, rows \
                  1..4 (HexGui and Benzene name cells so: a letter and a number, c3)";
    let shown = |app: &App| {
        let s = screen_in(app, &unicode(), 80, 24);
        // The picker's rows, inside its borders, joined as one text.
        let inside: Vec<String> = s
            .lines()
            .map(|l| {
                let cells: Vec<char> = l.chars().collect();
                let row: String = cells.iter().skip(5).take(70).collect();
                row.trim().to_string()
            })
            .collect();
        (s, inside.join(" "))
    };
    let (s, joined) = shown(&app);
    assert!(joined.contains(reason), "{s}");
    assert!(!s.contains(".tmp") && !s.contains("/tmp"), "{s}");
    press(&mut app, &[Action::Select]);
    let message = app.message.clone().unwrap_or_default();
    assert_eq!(message, reason);
    let (s, joined) = shown(&app);
    assert!(joined.contains(reason), "the picker stays open on it: {s}");
    assert!(
        s.lines()
            .any(|l| l.starts_with("broken.sgf: node 3: W[z9]")),
        "the status line starts with the file's name: {s}"
    );
    // A file that loads still opens and closes the picker.
    std::fs::write(
        dir.path().join("good.toml"),
        "title = \"mine\"\ngame = \"tree\"\ntree = \"(r 1 2)\"\n",
    )
    .unwrap();
    press(&mut app, &[Action::Quit, Action::OpenPicker]);
    let good = app
        .picker
        .iter()
        .position(|e| e.name == "good.toml")
        .unwrap();
    assert!(app.picker[good].problem.is_none());
    for _ in 0..app.picker.len() {
        press(&mut app, &[Action::Up]);
    }
    for _ in 0..good {
        press(&mut app, &[Action::Down]);
    }
    press(&mut app, &[Action::Select]);
    assert!(app.overlays.is_empty());
    assert_eq!(app.puzzle.title, "mine");
}

#[test]
fn ascii_mode_draws_no_wide_or_box_glyphs() {
    let (mut app, _rx) = open("tree-abc", None);
    press(&mut app, &[Action::StepNextCutoff]);
    let s = screen_in(&app, &theme("default", GlyphSet::Ascii), 80, 24);
    assert!(s.is_ascii(), "{s}");
    insta::assert_snapshot!("tree_abc_first_cutoff_ascii_80x24", s);
}

/// `--ascii` covers the proof-number screens too: a disproven root reads `[inf, 0]`, never
/// the ambiguous-width `∞` (newcomer review).
#[test]
fn ascii_mode_writes_infinity_as_inf() {
    let (mut app, _rx) = open_lambda("tree-004-fig-6-20", plyscope::search::Algorithm::Pns);
    press(&mut app, &[Action::StepEnd]);
    let s = screen_in(&app, &theme("default", GlyphSet::Ascii), 80, 24);
    assert!(s.is_ascii(), "{s}");
    assert!(s.contains("[inf, 0]"), "{s}");
}

/// The first cutoff of the textbook tree: at c (a MIN node, drawn from MAX's side) the first
/// leaf's 2 already makes c no better for the root than b's 3, so c's other two leaves are
/// skipped, and drawn dimmed under c.
#[test]
fn first_cutoff_shows_window_and_skipped_leaves() {
    let (mut app, _rx) = open("tree-abc", None);
    press(&mut app, &[Action::StepNextCutoff]);
    let s = screen_in(&app, &unicode(), 80, 24);
    for wanted in [
        "path      c",
        "alpha     3",
        "beta      +inf",
        "alpha cutoff: value 2 <=",
        "skipped (c2 c3)",
        "▽ c ≤2 ✕",
        "c1 =2 ★",
        "c2 ✕ skipped",
    ] {
        assert!(s.contains(wanted), "missing {wanted:?} in\n{s}");
    }
}

#[test]
fn stepping_back_restores_the_previous_screen_exactly() {
    let (mut app, _rx) = open("tree-abc", None);
    press(
        &mut app,
        &[
            Action::StepForward,
            Action::StepForward,
            Action::StepForward,
        ],
    );
    let theme = unicode();
    for _ in 0..20 {
        let before = draw(&app, &theme, 80, 24);
        press(&mut app, &[Action::StepForward]);
        press(&mut app, &[Action::StepBack]);
        assert_eq!(draw(&app, &theme, 80, 24), before);
        press(&mut app, &[Action::StepForward]);
    }
}

#[test]
fn walking_to_a_leaf_shows_its_board() {
    let (mut app, _rx) = open("tree-abc", None);
    press(&mut app, &[Action::StepEnd, Action::JumpPv]);
    let s = screen_in(&app, &unicode(), 80, 24);
    assert!(s.contains("path: a > b > b1"), "{s}");
    let (mut app, _rx) = open("tictactoe", None);
    press(&mut app, &[Action::StepEnd, Action::JumpPv]);
    let s = screen_in(&app, &unicode(), 80, 24);
    let line = app.session.detail(app.selected.unwrap()).path;
    assert_eq!(line.len(), 9, "a drawn game of tic-tac-toe fills the board");
    let board: String = s.lines().skip(3).take(3).map(|l| &l[..20]).collect();
    assert_eq!(board.matches(['X', 'O']).count(), 9, "{s}");
}

fn find(buffer: &Buffer, needle: &str) -> (u16, u16) {
    let area = buffer.area;
    for y in 0..area.height {
        let row: String = (0..area.width).map(|x| buffer[(x, y)].symbol()).collect();
        if let Some(i) = row.find(needle) {
            let x = row[..i].chars().count() as u16;
            return (x, y);
        }
    }
    panic!("{needle:?} not on screen:\n{}", text(buffer));
}

#[test]
fn key_cells_take_their_theme_styles() {
    let (mut app, _rx) = open("tree-abc", None);
    press(&mut app, &[Action::StepNextCutoff]);
    for name in ["default", "light", "mono", "high-contrast"] {
        let theme = theme(name, GlyphSet::Unicode);
        let buffer = draw(&app, &theme, 80, 24);
        let (x, y) = find(&buffer, "plyscope");
        assert_eq!(
            buffer[(x, y)].style(),
            theme.style(Slot::Title).patch(buffer[(x, y)].style()),
            "{name}"
        );
        assert_eq!(
            buffer[(x, y)].fg,
            theme.style(Slot::Title).fg.unwrap_or(Color::Reset),
            "{name}"
        );
        // The cutoff marker and the selected row.
        let (x, y) = find(&buffer, "✕");
        assert_eq!(
            buffer[(x, y)].fg,
            theme.style(Slot::TreeSelected).fg.unwrap_or(Color::Reset),
            "{name}: the cutoff node is selected"
        );
        let selected = theme.style(Slot::TreeSelected);
        assert!(
            buffer[(x, y)].modifier.contains(selected.add_modifier),
            "{name}"
        );
        let (x, y) = find(&buffer, "alpha cutoff: value 2 <=");
        assert_eq!(
            buffer[(x, y)].fg,
            theme.style(Slot::SideReason).fg.unwrap_or(Color::Reset),
            "{name}"
        );
    }
    let never = Theme::bundled("default", ColorLevel::Never, GlyphSet::Unicode).unwrap();
    let buffer = draw(&app, &never, 80, 24);
    let (x, y) = find(&buffer, "✕");
    assert_eq!(buffer[(x, y)].fg, Color::Reset, "no colour at level never");
    assert!(
        buffer[(x, y)]
            .modifier
            .contains(never.style(Slot::TreeSelected).add_modifier),
        "modifiers stay when colour is off"
    );
}

/// The manual's keys table is the keymap's help, so it cannot drift from the bindings.
#[test]
fn the_manual_s_keys_table_matches_the_keymap() {
    let mut table = String::from("| Keys | Action |\n| --- | --- |\n");
    for row in Keymap::bundled().unwrap().help_rows() {
        let keys: Vec<String> = row.keys.split(", ").map(|k| format!("`{k}`")).collect();
        table.push_str(&format!("| {} | {} |\n", keys.join(" "), row.description));
    }
    let manual =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/explore.md")).unwrap();
    assert!(
        manual.contains(&table),
        "docs/explore.md should contain:\n{table}"
    );
}

/// Opens a bundled puzzle under a lambda algorithm; Thomsen's corners get his figure's
/// depth and level (7 and 2) pinned, so the snapshots do not follow the file's defaults.
fn open_lambda(name: &str, algorithm: plyscope::search::Algorithm) -> (App, Receiver<Msg>) {
    let mut p = puzzle::load(name).unwrap();
    if name == "mnk-4x4-k4-corners" {
        p.limits.max_depth = Some(7);
        p.limits.max_level = Some(2);
    }
    let (app, rx) = open_puzzle(p, Some(algorithm));
    (app, rx)
}

/// Steps node by node until the node the search is in is a `role` ("defence move", ...).
fn step_to_first(app: &mut App, role: &str) {
    loop {
        press(app, &[Action::StepNextNode]);
        let node = app.selected.expect("a node is entered");
        if app
            .session
            .detail(node)
            .lambda
            .is_some_and(|l| l.role == role)
        {
            return;
        }
    }
}

/// Thomsen's corners (a lambda-2 win in 7 plies) searched by lambda search: part-way
/// through, the first defence move with the D-zone it was chosen from (orders up to 2); at
/// the end, the root's level labels on the board (Suda, figures 5.1-5.3).
#[test]
fn lambda_screens_at_80x24_and_120x40() {
    use plyscope::search::Algorithm;
    let (mut app, _rx) = open_lambda("mnk-4x4-k4-corners", Algorithm::Lambda);
    step_to_first(&mut app, "defence move");
    type_keys(&mut app, "d");
    let s = screen_in(&app, &unicode(), 80, 24);
    for wanted in [
        "D-zone, DEFEND λ1 at ",
        "node      defence move",
        "threat    ",
        "threat λ0? yes: λ0 threat",
    ] {
        assert!(s.contains(wanted), "missing {wanted:?} in\n{s}");
    }
    insta::assert_snapshot!("lambda_corners_first_defence_80x24", s);
    type_keys(&mut app, "dzz");
    let s = screen_in(&app, &unicode(), 120, 40);
    assert!(s.contains("A-zone, ATTACK λ1: X≤2"), "{s}");
    insta::assert_snapshot!("lambda_corners_first_defence_a_zone_120x40", s);

    type_keys(&mut app, "G");
    app.selected = app.session.roots().first().copied();
    let s = screen_in(&app, &unicode(), 120, 40);
    for wanted in [
        "N wins at λN, ? tried, x loses",
        "verdict   WIN λ2",
        "c2 λ2 WIN λ2",
    ] {
        assert!(s.contains(wanted), "missing {wanted:?} in\n{s}");
    }
    insta::assert_snapshot!("lambda_corners_root_levels_120x40", s);
    // The footer adds the lambda keys; at 80 columns the picker's and play's make room.
    assert!(
        s.contains("n next cutoff  > λ level  z zone  d A/D  p play"),
        "{s}"
    );
    let narrow = screen_in(&app, &unicode(), 80, 24);
    let footer = narrow.lines().last().unwrap();
    assert!(
        footer.contains("> λ level  z zone  d A/D") && footer.ends_with("q quit"),
        "{footer}"
    );
    assert!(!footer.contains("puzzles"), "{footer}");
    insta::assert_snapshot!(
        "lambda_corners_root_levels_80x24",
        screen_in(&app, &unicode(), 80, 24)
    );
    // --ascii: no λ, no ≤.
    let ascii = screen_in(&app, &theme("default", GlyphSet::Ascii), 80, 24);
    assert!(ascii.is_ascii(), "{ascii}");
    assert!(ascii.contains("L2 search (Black) WIN L2"), "{ascii}");
}

/// The root labels are drawn in the lambda styles, the zone digits in the zone styles.
#[test]
fn lambda_marks_take_their_theme_styles() {
    use plyscope::search::Algorithm;
    let (mut app, _rx) = open_lambda("mnk-4x4-k4-corners", Algorithm::Lambda);
    type_keys(&mut app, "G");
    app.selected = app.session.roots().first().copied();
    let theme = unicode();
    let buffer = draw(&app, &theme, 80, 24);
    // Row 2 of the board: "2 · ? 2 ?" (c2 wins at level 2).
    let (x, y) = find(&buffer, "2 · ? 2 ?");
    assert_eq!(buffer[(x + 6, y)].symbol(), "2");
    assert_eq!(
        buffer[(x + 6, y)].fg,
        theme.style(Slot::LambdaWin).fg.unwrap_or(Color::Reset)
    );
    assert_eq!(
        buffer[(x + 4, y)].fg,
        theme.style(Slot::LambdaTried).fg.unwrap_or(Color::Reset)
    );
}

/// `first` on `name` with `second` in the split view, both searches over, their speeds
/// hidden.
fn open_split(
    name: &str,
    first: plyscope::search::Algorithm,
    second: plyscope::search::Algorithm,
) -> (App, Receiver<Msg>) {
    let p = puzzle::load(name).unwrap();
    let (mut app, rx) = open_puzzle(p, Some(first));
    plyscope::tui::app::split::open_with(&mut app, second);
    let split = app.split.as_mut().unwrap();
    split.wait_for_search();
    split.pane.progress.nodes_per_second = 0.0;
    (app, rx)
}

/// Issue 7, "Compare: snapshot of the split view": stepping together to the first cutoff
/// (proof-number searches: the first proof), then the focus on the second search.
#[test]
fn split_view_side_by_side_at_120x30_and_80x24() {
    use plyscope::search::Algorithm;
    let (mut app, _rx) = open_split("tree-abc", Algorithm::AlphaBeta, Algorithm::Minimax);
    type_keys(&mut app, "n");
    insta::assert_snapshot!(
        "split_tree_abc_alphabeta_minimax_120x30",
        screen_in(&app, &unicode(), 120, 30)
    );
    insta::assert_snapshot!(
        "split_tree_abc_alphabeta_minimax_80x24",
        screen_in(&app, &unicode(), 80, 24)
    );
    let (mut app, _rx) = open_split("tictactoe", Algorithm::DfPn, Algorithm::Pns);
    type_keys(&mut app, "n");
    insta::assert_snapshot!(
        "split_tictactoe_dfpn_pns_120x30",
        screen_in(&app, &unicode(), 120, 30)
    );
    // F: the board, the node pane and the status lines follow the focus; B: each alone.
    let before = (
        app.session.step(),
        app.split.as_ref().unwrap().pane.session.step(),
    );
    type_keys(&mut app, "FB]]");
    let s = screen_in(&app, &unicode(), 80, 24);
    insta::assert_snapshot!("split_tictactoe_dfpn_pns_focus_80x24", s);
    let after = (
        app.session.step(),
        app.split.as_ref().unwrap().pane.session.step(),
    );
    assert_eq!(
        after,
        (before.0, before.1 + 2),
        "only the focused search moved"
    );
    assert!(s.contains("▶ B pns"), "{s}");
    // Tiny terminals get the usual message, never a panic.
    let s = screen_in(&app, &unicode(), 60, 20);
    assert!(s.contains("terminal too small"), "{s}");
    // ASCII glyphs mark the focus with '>'.
    let s = screen_in(&app, &theme("default", GlyphSet::Ascii), 100, 30);
    assert!(s.contains("> B pns"), "{s}");
}

/// The Hex solver's knowledge on the board (`Z`). df-pn on Hex 4x4 decides the root at
/// once: Black to move holds a semi connection (H-search), so the connections view shows its
/// key `B` and carrier `b` (and White's), and the node pane says Black wins by the key. On
/// Hex 5x5 an expansion inside a must-play region prunes moves: the pruned view marks each
/// with its reason letter, and the node pane and the Why block count them. Then off again;
/// other games say `Z` is Hex's.
#[test]
fn hex_solver_knowledge_on_the_board_at_80x24() {
    use plyscope::game::Player;
    use plyscope::search::Algorithm;
    use plyscope::view::session::{BoardView, HexOverlay, MarkKind};
    let marks = |app: &App| match app.session.board(app.selected, app.board_options()) {
        BoardView::Stones { overlay, .. } => overlay,
        BoardView::Text(_) => Vec::new(),
    };
    let (mut app, _rx) = open_lambda("hex-4x4", Algorithm::DfPn);
    press(&mut app, &[Action::StepEnd]);
    app.selected = Some(app.session.roots()[0]);
    type_keys(&mut app, "Z");
    assert_eq!(app.knowledge, HexOverlay::Connections);
    let s = screen_in(&app, &unicode(), 80, 24);
    insta::assert_snapshot!("hex_4x4_dfpn_knowledge_connections_80x24", s);
    assert!(s.contains("b/w connection, B/W semi key"), "{s}");
    assert!(
        s.contains("solver    Black to move holds a semi") && s.contains("Black wins by b3"),
        "the node pane says it: {s}"
    );
    let m = marks(&app);
    assert!(
        m.iter()
            .any(|m| m.text == "B" && m.kind == MarkKind::Connection(Some(Player::Black))),
        "{m:?}"
    );
    assert!(
        m.iter()
            .any(|m| m.text == "W" && m.kind == MarkKind::Connection(Some(Player::White))),
        "{m:?}"
    );
    assert!(
        m.iter()
            .any(|m| m.text == "+" && m.kind == MarkKind::Connection(None)),
        "both carriers hold a1: {m:?}"
    );

    // Black's a4 leaves neither side a semi connection: df-pn expands, and White's moves
    // outside the must-play region of Black's connections are pruned.
    let p = puzzle::parse(
        "title = \"Hex 4x4 after a4\"\ngame = \"hex\"\nsize = [4, 4]\n\
         to_move = \"white\"\nblack = [\"a4\"]\nwhite = []\n",
        "test",
    )
    .unwrap();
    let (mut app, _rx) = open_puzzle(p, Some(Algorithm::DfPn));
    type_keys(&mut app, "ZZ");
    assert_eq!(app.knowledge, HexOverlay::Pruned);
    let mut pruned_line = None;
    for _ in 0..200 {
        press(&mut app, &[Action::StepNextExpansion]);
        let why = app.session.explain().unwrap();
        pruned_line = why.lines.into_iter().find(|l| l.contains(" pruned: "));
        if pruned_line.is_some() {
            break;
        }
    }
    let pruned_line = pruned_line.expect("an expansion that prunes moves");
    let node = app.session.explain().unwrap().node.unwrap();
    app.selected = Some(node);
    let p = app.session.detail(node).proof.unwrap();
    assert!(p.solver.contains(&pruned_line), "{:?}", p.solver);
    let n: usize = pruned_line.split(' ').next().unwrap().parse().unwrap();
    let m = marks(&app);
    assert_eq!(m.len(), n, "{pruned_line}: {m:?}");
    assert!(
        m.iter()
            .all(|m| m.kind == MarkKind::Pruned && "mdcv".contains(m.text.as_str())),
        "{m:?}"
    );
    let s = screen_in(&app, &theme("default", GlyphSet::Ascii), 80, 24);
    insta::assert_snapshot!("hex_4x4_a4_dfpn_knowledge_pruned_ascii_80x24", s);
    assert!(s.contains("m outside must-play, d dead"), "{s}");
    type_keys(&mut app, "Z");
    assert_eq!(app.knowledge, HexOverlay::Off);
    assert!(!screen_in(&app, &unicode(), 80, 24).contains("m outside must-play"));

    let (mut app, _rx) = open("tictactoe", None);
    type_keys(&mut app, "Z");
    assert_eq!(app.knowledge, HexOverlay::Off);
    let s = screen_in(&app, &unicode(), 80, 24);
    assert!(s.contains("belong to Hex"), "{s}");
}

/// The node pane of a df-pn node on Hex at 80x24 (issue 18 point 6, newcomer review): the
/// solver's lines leave the carriers to the board's `Z` marks and the children row follows
/// them, so the connection, the pruned moves by reason and the children's count all read
/// whole; the children note does not count the pruned moves a second time. A node the
/// mover's key decides says so instead of counting moves pruned that were never generated.
#[test]
fn hex_node_pane_reads_whole_at_80x24() {
    use plyscope::search::Algorithm;
    let (mut app, _rx) = open_lambda("hex-4x4-must-play", Algorithm::DfPn);
    for _ in 0..3 {
        press(&mut app, &[Action::StepForward]);
    }
    let s = screen_in(&app, &unicode(), 80, 24);
    insta::assert_snapshot!("hex_4x4_must_play_dfpn_root_expanded_80x24", s.clone());
    let node: String = s
        .lines()
        .skip_while(|l| !l.starts_with("┌Node"))
        .skip(1)
        .take_while(|l| !l.starts_with("└"))
        .map(|l| format!("{} ", l.split('│').nth(1).unwrap_or("").trim_end()))
        .collect();
    for whole in [
        "solver    Black holds a semi connection, key b3: White to move must break it",
        "solver    11 moves pruned: 8 outside must-play, 3 captured by Black",
        "children  2 of 13 legal, expanded 1x",
    ] {
        let words: Vec<&str> = whole.split_whitespace().collect();
        let shown: Vec<&str> = node.split_whitespace().collect();
        assert!(
            shown.windows(words.len()).any(|w| w == words.as_slice()),
            "{whole:?} not whole in the node pane:\n{s}"
        );
    }
    assert_eq!(node.matches("pruned").count(), 1, "{node}");

    let (mut app, _rx) = open_lambda("hex-4x4", Algorithm::DfPn);
    press(&mut app, &[Action::StepEnd]);
    app.selected = Some(app.session.roots()[0]);
    let s = screen_in(&app, &unicode(), 80, 24);
    assert!(
        s.contains("decided by the connection") && !s.contains("moves pruned"),
        "{s}"
    );
    // No expansion explains it, so the Why block of its events names the connection.
    let why = app.session.explain().unwrap().lines;
    assert!(
        why.iter().any(
            |l| l.starts_with("Black to move holds a semi connection, key b3 (carrier")
                && l.ends_with("Black wins by b3")
        ),
        "{why:?}"
    );
    assert!(
        why.iter()
            .any(|l| l == "decided by the connection before any move was generated"),
        "{why:?}"
    );
}

/// Hex 6x6 with df-pn at step 11 at 120x40: the children's two-digit proof numbers keep the
/// stones and values under their column letters (the row read `1 (O )1  19`), and the
/// connections legend, wider than the board pane, wraps instead of being cut.
#[test]
fn hex_6x6_board_overlay_and_legend_at_120x40() {
    use plyscope::search::Algorithm;
    let (mut app, _rx) = open_lambda("hex-6x6", Algorithm::DfPn);
    for _ in 0..11 {
        press(&mut app, &[Action::StepForward]);
    }
    let s = screen_in(&app, &unicode(), 120, 40);
    assert!(s.contains("·  ·  1 (O) 1 19"), "{s}");
    insta::assert_snapshot!("hex_6x6_dfpn_step_11_values_120x40", s);
    type_keys(&mut app, "Z");
    let s = screen_in(&app, &unicode(), 120, 40);
    insta::assert_snapshot!("hex_6x6_dfpn_step_11_connections_120x40", s.clone());
    // The child decided at once is named with its cause (issue 18, newcomer review: the
    // line listed every cause that could decide a child).
    let why = app.session.explain().unwrap().lines;
    assert!(
        why.iter()
            .any(|l| l == "e3 decided at once by Black's full connection"),
        "{why:?}"
    );
    let board: String = s
        .lines()
        .map(|l| l.split('│').nth(1).unwrap_or("").trim_end())
        .collect::<Vec<_>>()
        .join("\n");
    // Broken between the legend's entries, not inside one ("+/*" / "both").
    assert!(
        board.contains("b/w connection, B/W semi key,\n+/* both"),
        "{board}"
    );
    assert!(board.contains("Black none, White semi b5"), "{board}");
    // The pruned cells' legend (issue 18, newcomer review) read "pruned: m outside
    // must-play, d" / "dead," / "c captured, v vulnerable: 23 cells" in the 34 columns.
    type_keys(&mut app, "Z");
    let s = screen_in(&app, &unicode(), 120, 40);
    let board: String = s
        .lines()
        .map(|l| l.split('│').nth(1).unwrap_or("").trim_end())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        board.contains("pruned: m outside must-play,\nd dead, c captured,\nv vulnerable: "),
        "{board}"
    );
}

/// Issue 18, newcomer review: on hex-6x6's node d3 d4 e3 (White to move has lost to Black's
/// full connection) the pruned view (`Z Z`) marked every empty cell `m` "outside
/// must-play" and its legend said the opponent's semi connections survive them. df-pn
/// generates no move there: no cell is marked and the legend names the connection.
#[test]
fn hex_6x6_node_decided_by_a_full_connection_prunes_nothing() {
    use plyscope::search::Algorithm;
    use plyscope::view::session::{BoardView, HexOverlay};
    let (mut app, _rx) = open_lambda("hex-6x6", Algorithm::DfPn);
    press(&mut app, &[Action::StepEnd]);
    let root = app.session.roots()[0];
    let line = app.session.principal_variation(root);
    let labels: Vec<String> = line.iter().map(|&n| app.session.row(n).label).collect();
    assert_eq!(labels, ["d3", "d4", "e3"]);
    app.selected = line.last().copied();
    type_keys(&mut app, "ZZ");
    assert_eq!(app.knowledge, HexOverlay::Pruned);
    match app.session.board(app.selected, app.board_options()) {
        BoardView::Stones { overlay, .. } => assert!(overlay.is_empty(), "{overlay:?}"),
        BoardView::Text(_) => panic!("Hex has a board"),
    }
    for (width, height, name) in [
        (80, 24, "hex_6x6_dfpn_d3_d4_e3_pruned_80x24"),
        (120, 40, "hex_6x6_dfpn_d3_d4_e3_pruned_120x40"),
    ] {
        let s = screen_in(&app, &unicode(), width, height);
        insta::assert_snapshot!(name, s.clone());
        assert!(!s.contains("outside must-play"), "{s}");
        assert!(
            s.contains("pruned: none, no move") && s.contains("decided by Black's full"),
            "{s}"
        );
    }
}

/// Issue 18, newcomer review: at 80x24 the node pane and the Why block of hex-6x6 df-pn at
/// step 11 end in "… N more lines" and only `S` showed the rest. The markers name the key
/// that scrolls (`}`), `}` scrolls both panes to their ends (the first row counts the lines
/// above and names `{`), `{` comes back, and moving the step starts from the top again.
#[test]
fn hex_6x6_text_panes_scroll_to_their_last_lines_at_80x24() {
    use plyscope::search::Algorithm;
    let (mut app, _rx) = open_lambda("hex-6x6", Algorithm::DfPn);
    for _ in 0..11 {
        press(&mut app, &[Action::StepForward]);
    }
    // The panes, without the last row (the footer or a message).
    let panes = |app: &App| {
        let s = screen_in(app, &unicode(), 80, 24);
        let rows: Vec<&str> = s.lines().collect();
        rows[..rows.len() - 1].join("\n")
    };
    let top = panes(&app);
    assert!(top.contains("more lines (} scrolls)"), "{top}");
    assert!(!top.contains("above"), "{top}");
    for _ in 0..20 {
        type_keys(&mut app, "}");
    }
    let end = screen_in(&app, &unicode(), 80, 24);
    insta::assert_snapshot!("hex_6x6_dfpn_step_11_scrolled_80x24", end.clone());
    assert!(end.contains("lines above ({ back)"), "{end}");
    assert!(
        !end.contains("more lines"),
        "both panes at their ends: {end}"
    );
    // The node pane's last row is its last line: the descent's frames.
    assert!(end.contains(">d4"), "{end}");
    for _ in 0..20 {
        type_keys(&mut app, "{");
    }
    assert_eq!(panes(&app), top);
    type_keys(&mut app, "}");
    assert!(panes(&app).contains("above"));
    press(&mut app, &[Action::StepForward, Action::StepBack]);
    assert_eq!(panes(&app), top, "a new step starts at the top");
}
