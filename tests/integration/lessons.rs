//! Guided lessons (issue 6, deliverable 4; "Tests that must exist": lessons render and step
//! to their end without error, snapshots of key frames). Every bundled lesson is played to
//! its end and back: each step must resolve, land on the kind of event its `expect` names,
//! and going back must give exactly the frames going forward gave. The numbers the lessons'
//! texts quote (node counts, values) are checked against the search. Bad lesson files give
//! messages naming the file, the line and what was expected; the lesson keys are sent as a
//! terminal would send them.

use std::sync::mpsc::{Receiver, channel};

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::helpers::explorer::{open_lesson, screen, settle};
use plyscope::lesson::{self, Lesson};
use plyscope::search::Value;
use plyscope::tui::app::App;
use plyscope::tui::app::lesson as mode;
use plyscope::tui::app::lesson::check;
use plyscope::tui::keymap::Keymap;
use plyscope::tui::worker::Msg;

fn open_bundled(name: &str) -> (App, Receiver<Msg>) {
    open_lesson(lesson::load(name).unwrap())
}

/// Where the script is: position, replay step, selection (by its moves from the root: a
/// generated child not searched yet gets its id when a pane first asks for it, so the same
/// leaf may have another id after another replay).
fn frame(app: &App) -> (usize, usize, Option<Vec<String>>) {
    let at = app.lesson.as_ref().map_or(usize::MAX, |s| s.at);
    let selected = app.selected.map(|n| app.session.detail(n).path);
    (at, app.session.step(), selected)
}

fn error_of(app: &App) -> Option<String> {
    app.lesson
        .as_ref()
        .and_then(|s| s.error.as_ref())
        .map(|e| e.to_string())
}

/// Sends a key through the bundled keymap, as the terminal loop does.
fn key(app: &mut App, rx: &Receiver<Msg>, code: KeyCode, modifiers: KeyModifiers) {
    let event = KeyEvent::new(code, modifiers);
    let action = app
        .keymap
        .action(&event)
        .unwrap_or_else(|| panic!("{code:?} is bound"));
    app.update(action);
    settle(app, rx);
}

fn tab(app: &mut App, rx: &Receiver<Msg>) {
    key(app, rx, KeyCode::Tab, KeyModifiers::NONE);
}

fn back_tab(app: &mut App, rx: &Receiver<Msg>) {
    key(app, rx, KeyCode::BackTab, KeyModifiers::SHIFT);
}

/// Goes to position `k` of the open lesson (as tab / shift-tab would) and settles.
fn go(app: &mut App, rx: &Receiver<Msg>, k: usize) {
    if let Err(e) = mode::go(app, k) {
        panic!("{e}");
    }
    settle(app, rx);
}

/// The root's node count and value at the step (the node pane's "nodes ... in its subtree").
fn root_nodes_and_value(app: &App) -> (u32, Option<Value>) {
    let root = *app.session.roots().last().expect("a root");
    let d = app.session.detail(root);
    (d.subtree_nodes, d.value)
}

#[test]
fn every_bundled_lesson_plays_to_its_end_and_back_exactly() {
    let names: Vec<&str> = Lesson::bundled().iter().map(|b| b.name).collect();
    for required in [
        "minimax-wdl",
        "alphabeta-cutoffs",
        "three-twelve-eight",
        "fail-hard-soft",
        "move-ordering",
        "dama-depth-3",
        "transposition-table",
        "iterative-deepening",
        "null-move",
        "killers-history",
        "pn2",
        "dfpn-thresholds",
        "dual-lambda",
        "lambda-dfpn",
    ] {
        assert!(names.contains(&required), "{required} is bundled");
    }
    for b in Lesson::bundled() {
        let (mut app, rx) = open_lesson(b.load().unwrap_or_else(|e| panic!("{e}")));
        let n = app.lesson.as_ref().unwrap().steps();
        assert!(n > 0, "{}: steps", b.name);
        let mut forward = vec![frame(&app)];
        for k in 1..=n + 1 {
            // At 80x24 a long text pages: tab shows the rest before it moves on.
            let mut presses = 0;
            while app.lesson.as_ref().unwrap().at == k - 1 {
                let _ = screen(&app, 80, 24);
                tab(&mut app, &rx);
                presses += 1;
                assert!(presses <= 5, "{}: step {k} is reached", b.name);
            }
            assert_eq!(error_of(&app), None, "{}: step {k}", b.name);
            if k <= n {
                let state = app.lesson.as_ref().unwrap();
                if let Some(expect) = state.lesson.steps[k - 1].expect {
                    assert!(
                        state.landed.is_some_and(|l| l.is(expect)),
                        "{}: step {k} lands on {expect:?}",
                        b.name
                    );
                }
                // Something in the tree is selected, and the frame renders.
                assert!(
                    app.selected.is_some(),
                    "{}: step {k} selects a node",
                    b.name
                );
            }
            forward.push(frame(&app));
        }
        assert!(app.lesson.as_ref().unwrap().complete());
        assert!(screen(&app, 100, 30).contains("lesson complete"));
        // One more tab stays at the end and says so.
        let _ = screen(&app, 100, 30);
        tab(&mut app, &rx);
        assert_eq!(frame(&app), forward[n + 1]);
        assert!(app.message.as_deref().unwrap_or("").contains("complete"));
        for k in (0..=n).rev() {
            back_tab(&mut app, &rx);
            assert_eq!(error_of(&app), None, "{}: back to {k}", b.name);
            assert_eq!(frame(&app), forward[k], "{}: back to {k} is exact", b.name);
        }
        back_tab(&mut app, &rx);
        assert_eq!(frame(&app), forward[0]);
        assert_eq!(app.message.as_deref(), Some("at the lesson's start"));
    }
}

#[test]
fn a_student_can_wander_and_tab_resumes_the_script() {
    let (mut app, rx) = open_bundled("three-twelve-eight");
    tab(&mut app, &rx);
    let step_one = frame(&app);
    // Wander: step forward twice with the explorer's keys, walk to the parent.
    key(&mut app, &rx, KeyCode::Char(' '), KeyModifiers::NONE);
    key(&mut app, &rx, KeyCode::Char(' '), KeyModifiers::NONE);
    key(&mut app, &rx, KeyCode::Char('h'), KeyModifiers::NONE);
    assert_ne!(frame(&app), step_one);
    // Tab goes on with step 2 as if nothing happened; shift-tab is step 1 again.
    tab(&mut app, &rx);
    let (at, step, _) = frame(&app);
    assert_eq!(at, 2);
    back_tab(&mut app, &rx);
    assert_eq!(frame(&app), step_one);
    go(&mut app, &rx, 2);
    assert_eq!(app.session.step(), step);
    // A student who switched the algorithm gets the lesson's search back.
    key(&mut app, &rx, KeyCode::Char('a'), KeyModifiers::NONE);
    assert_ne!(app.spec.config.algorithm.name(), "alphabeta");
    back_tab(&mut app, &rx);
    assert_eq!(app.spec.config.algorithm.name(), "alphabeta");
    assert_eq!(frame(&app), step_one);
}

#[test]
fn the_numbers_in_the_texts_are_what_the_search_shows() {
    // move-ordering: 11, 9 and 13 nodes, value 3 each time.
    let (mut app, rx) = open_bundled("move-ordering");
    let mut counts = Vec::new();
    for k in 1..=3 {
        go(&mut app, &rx, k);
        let (nodes, value) = root_nodes_and_value(&app);
        assert_eq!(value, Some(Value(3)));
        let text = &app.lesson.as_ref().unwrap().lesson.steps[k - 1].text;
        assert!(
            text.contains(&format!("{nodes} nodes")),
            "step {k}: {nodes} nodes"
        );
        counts.push(nodes);
    }
    assert_eq!(counts, [11, 9, 13]);

    for (name, step, nodes, value) in [
        ("three-twelve-eight", 4, 11, 3),
        ("alphabeta-cutoffs", 5, 6, 20),
        ("fail-hard-soft", 2, 11, 3),
        ("fail-hard-soft", 4, 11, 3),
        ("minimax-wdl", 4, 24, 0),
        ("dama-depth-3", 4, 88, plyscope::search::WIN - 3),
    ] {
        let (mut app, rx) = open_bundled(name);
        go(&mut app, &rx, step);
        assert_eq!(
            root_nodes_and_value(&app),
            (nodes, Some(Value(value))),
            "{name} step {step}"
        );
        let text = &app.lesson.as_ref().unwrap().lesson.steps[step - 1].text;
        assert!(
            text.contains(&format!("{nodes} nodes")),
            "{name} step {step}"
        );
    }

    // fail-hard-soft: c's bound (MAX's view) is 3 under fail-hard, 2 under fail-soft.
    let (mut app, rx) = open_bundled("fail-hard-soft");
    for (k, bound) in [(1, 3), (3, 2)] {
        go(&mut app, &rx, k);
        let root = *app.session.roots().last().unwrap();
        let c = app.session.children(root)[1];
        let row = app.session.row(c);
        assert_eq!(row.label, "c");
        assert_eq!(row.value.map(|v| v.0), Some(Value(bound)), "step {k}");
    }
}

#[test]
fn snapshot_alphabeta_cutoffs_first_step_and_cutoff() {
    let (mut app, rx) = open_bundled("alphabeta-cutoffs");
    insta::assert_snapshot!("lesson_alphabeta_cutoffs_intro", screen(&app, 80, 24));
    // The intro pages at 80x24: tab shows the rest, then goes on.
    while app.lesson.as_ref().unwrap().at == 0 {
        tab(&mut app, &rx);
        let _ = screen(&app, 80, 24);
    }
    insta::assert_snapshot!("lesson_alphabeta_cutoffs_step_1", screen(&app, 100, 30));
    // Step 1's text pages at 100x30: tab shows the rest, then goes on.
    while app.lesson.as_ref().unwrap().at == 1 {
        tab(&mut app, &rx);
        let _ = screen(&app, 100, 30);
    }
    let s = screen(&app, 100, 30);
    assert!(s.contains("Lesson: step 2/5"), "{s}");
    insta::assert_snapshot!("lesson_alphabeta_cutoffs_alpha_cutoff", s);
}

#[test]
fn snapshot_dama_depth_3_triples() {
    let (mut app, rx) = open_bundled("dama-depth-3");
    go(&mut app, &rx, 3);
    let s = screen(&app, 120, 40);
    // Every row of the tree carries (alpha, value, beta).
    assert!(s.contains("a1-b2 (-inf, "), "{s}");
    insta::assert_snapshot!("lesson_dama_depth_3_cutoff", s);
    go(&mut app, &rx, 4);
    let (_, value) = root_nodes_and_value(&app);
    assert_eq!(value.map(|v| v.to_string()), Some("win@3".to_string()));
    assert!(app.summary.as_deref().unwrap_or("").contains("best e3-d4"));
}

#[test]
fn a_text_longer_than_the_pane_pages_with_tab() {
    // At 80x24 a lesson's text has the whole left column (issue 16, point 6): the intro
    // reads whole, so the pager is shown with an intro three times as long.
    let (app, _rx) = open_bundled("dama-depth-3");
    assert!(!screen(&app, 80, 24).contains("tab: more"));
    let mut long = lesson::load("dama-depth-3").unwrap();
    long.intro = format!("{0}\n\n{0}\n\n{0}", long.intro);
    let (mut app, rx) = open_lesson(long);
    let first = screen(&app, 80, 24);
    assert!(first.contains("tab: more"), "{first}");
    insta::assert_snapshot!("lesson_dama_depth_3_intro_80x24", first);
    tab(&mut app, &rx);
    let state = app.lesson.as_ref().unwrap();
    assert_eq!(state.at, 0, "the first tab pages");
    assert!(state.scroll > 0);
    let second = screen(&app, 80, 24);
    assert_ne!(first, second);
    // shift-tab pages back; then tab, tab reach step 1.
    back_tab(&mut app, &rx);
    assert_eq!(app.lesson.as_ref().unwrap().scroll, 0);
    assert_eq!(screen(&app, 80, 24), first);
    while app.lesson.as_ref().unwrap().at == 0 {
        tab(&mut app, &rx);
        let _ = screen(&app, 80, 24);
    }
    assert_eq!(app.lesson.as_ref().unwrap().at, 1);
    assert_eq!(app.lesson.as_ref().unwrap().scroll, 0);
}

#[test]
fn snapshot_move_ordering_counts() {
    let (mut app, rx) = open_bundled("move-ordering");
    go(&mut app, &rx, 2);
    insta::assert_snapshot!("lesson_move_ordering_best_first", screen(&app, 100, 30));
}

/// A step's `marks` turns the Hex knowledge marks on for its position only: the intro and
/// a step without `marks` show none, a step with them the `Z` key's view and its legend,
/// the same going back as going forward.
#[test]
fn hex_virtual_connections_steps_turn_the_knowledge_marks_on() {
    use plyscope::view::session::HexOverlay;
    let (mut app, rx) = open_bundled("hex-virtual-connections");
    assert_eq!(app.knowledge, HexOverlay::Off);
    assert!(!screen(&app, 80, 24).contains("Black semi"));
    go(&mut app, &rx, 1);
    assert_eq!(app.knowledge, HexOverlay::Connections);
    let s = screen(&app, 80, 24);
    assert!(s.contains("Black semi b3, White none"), "{s}");
    go(&mut app, &rx, 3);
    assert_eq!(app.knowledge, HexOverlay::Pruned);
    let s = screen(&app, 80, 24);
    insta::assert_snapshot!("lesson_hex_virtual_connections_step_3_80x24", s.clone());
    assert!(s.contains("c captured, v vulnerable: 11 cells"), "{s}");
    go(&mut app, &rx, 5);
    let s = screen(&app, 80, 24);
    assert!(s.contains("Black full, White none"), "{s}");
    go(&mut app, &rx, 0);
    assert_eq!(app.knowledge, HexOverlay::Off);
}

#[test]
fn the_command_lists_the_lessons_in_teaching_order_and_names_a_bad_one() {
    let out = assert_cmd::Command::cargo_bin("plyscope")
        .unwrap()
        .arg("lesson")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    // The whole listing: the order, each lesson's algorithms, prerequisites and source.
    insta::assert_snapshot!("lesson_listing", text);
    assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
    // One numbered line a lesson, in the bundled order, with what it requires under it.
    let numbered: Vec<&str> = text
        .lines()
        .filter(|l| {
            l.trim_start()
                .split_once(". ")
                .is_some_and(|(n, _)| n.parse::<usize>().is_ok())
        })
        .collect();
    assert_eq!(numbered.len(), Lesson::bundled().len(), "{text}");
    for (i, (line, b)) in numbered.iter().zip(Lesson::bundled()).enumerate() {
        assert!(
            line.trim_start()
                .starts_with(&format!("{}. {}: ", i + 1, b.name)),
            "{line}"
        );
        let lesson = b.load().unwrap();
        let requires = if lesson.requires.is_empty() {
            "nothing".to_string()
        } else {
            lesson.requires.join(", ")
        };
        let block: String = text
            .split(*line)
            .nth(1)
            .unwrap()
            .split("source:")
            .next()
            .unwrap()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            block.contains(&format!("requires {requires}")),
            "{}: {block}",
            b.name
        );
    }
    let out = assert_cmd::Command::cargo_bin("plyscope")
        .unwrap()
        .args(["lesson", "no-such-lesson"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("no-such-lesson: no bundled lesson has this name"),
        "{err}"
    );
}

/// Issue 20, point 5: the intro and every step of every bundled lesson read whole at 80x24:
/// the lesson pane pages with tab (at most five pages), no line is wider than the screen.
#[test]
fn every_bundled_lesson_reads_whole_at_80x24() {
    for b in Lesson::bundled() {
        let lesson = b.load().unwrap_or_else(|e| panic!("{e}"));
        let texts: Vec<String> = std::iter::once(lesson.intro.clone())
            .chain(lesson.steps.iter().map(|s| s.text.clone()))
            .collect();
        let (mut app, rx) = open_lesson(lesson);
        for (k, text) in texts.iter().enumerate() {
            go(&mut app, &rx, k);
            let mut seen = String::new();
            let mut pages = 0;
            loop {
                let s = screen(&app, 80, 24);
                assert!(
                    s.lines().all(|l| l.chars().count() <= 80),
                    "{} at {k}:\n{s}",
                    b.name
                );
                seen.push_str(&s);
                if !s.contains("tab: more") {
                    break;
                }
                mode::next(&mut app);
                pages += 1;
                assert!(pages < 5, "{} at {k}: more than five pages:\n{s}", b.name);
            }
            for word in text.split_whitespace() {
                assert!(
                    seen.contains(word),
                    "{} at {k}: {word:?} is not on the 80x24 screens:\n{seen}",
                    b.name
                );
            }
        }
    }
}

const HEADER: &str = "[lesson]\ntitle = \"t\"\nsource = \"s\"\npuzzle = \"tree-abc\"\n\
                      intro = \"i\"\n";

#[test]
fn bad_lesson_files_name_the_file_line_and_what_was_expected() {
    let dir = std::env::temp_dir().join(format!("plyscope-lessons-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    };
    let path = write(
        "goto.toml",
        &format!("{HEADER}\n[[step]]\ngoto = \"next-cutof\"\ntext = \"x\"\n"),
    );
    let e = lesson::load(&path).unwrap_err().to_string();
    assert_eq!(
        e,
        format!(
            "{path}:8: step 1: unknown goto 'next-cutof'; expected start, end, next-event, \
             next-node, next-cutoff, next-proof, next-expansion, next-threshold, next-level, \
             next-tt-hit, next-iteration, next-null-move, next-null-cut, event:N or node:a>b>c"
        )
    );
    let path = write(
        "text.toml",
        &format!("{HEADER}\n[[step]]\ngoto = \"end\"\n"),
    );
    let e = lesson::load(&path).unwrap_err().to_string();
    assert!(
        e.starts_with(&format!("{path}:7")) && e.contains("missing field `text`"),
        "{e}"
    );
    let path = write("puzzle.toml", &HEADER.replace("tree-abc", "tree-xyz"));
    let e = lesson::load(&path).unwrap_err().to_string();
    assert!(
        e.starts_with(&format!(
            "{path}:4: puzzle 'tree-xyz' is neither a bundled puzzle"
        )),
        "{e}"
    );
    // A puzzle file next to the lesson is found by its relative path.
    std::fs::write(
        dir.join("mine.toml"),
        "title = \"mine\"\ngame = \"tree\"\ntree = \"(a 1 (b 2 3))\"\n",
    )
    .unwrap();
    let path = write(
        "relative.toml",
        &format!(
            "{}\n[[step]]\ngoto = \"end\"\ntext = \"x\"\n",
            HEADER.replace("tree-abc", "mine.toml")
        ),
    );
    assert_eq!(lesson::load(&path).unwrap().setup.puzzle.title, "mine");
    let e = lesson::load("no-such-lesson").unwrap_err().to_string();
    assert!(e.contains("no bundled lesson has this name"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The proof-number and lambda gotos land on their marks (the other searches' lessons use
/// them).
#[test]
fn proof_number_and_lambda_gotos_land_on_their_marks() {
    let lesson = |puzzle: &str, algorithm: &str, steps: &[(&str, &str)]| {
        let mut text = format!(
            "[lesson]\ntitle = \"t\"\nsource = \"s\"\npuzzle = \"{puzzle}\"\n\
             algorithm = \"{algorithm}\"\nintro = \"i\"\n"
        );
        for (goto, expect) in steps {
            text.push_str(&format!(
                "[[step]]\ngoto = \"{goto}\"\ntext = \"x\"\nexpect = \"{expect}\"\n"
            ));
        }
        lesson::parse(&text, "t.toml", false).unwrap()
    };
    for l in [
        lesson(
            "tree-004-fig-6-20",
            "pns",
            &[
                ("next-expansion", "expansion"),
                ("next-proof", "proof"),
                ("end", "event"),
            ],
        ),
        lesson(
            "tictactoe",
            "dfpn",
            &[("next-threshold", "threshold"), ("next-proof", "proof")],
        ),
        lesson(
            "mnk-4x4-k3",
            "lambda",
            &[("next-level", "level"), ("next-proof", "proof")],
        ),
    ] {
        let n = l.steps.len();
        let (mut app, rx) = open_lesson(l);
        go(&mut app, &rx, n);
    }
}

#[test]
fn a_stale_script_fails_naming_the_step_and_the_reason() {
    // Figure 6.23 has one cutoff: a second next-cutoff cannot be reached.
    let text = "[lesson]\ntitle = \"t\"\nsource = \"s\"\npuzzle = \"tree-004-fig-6-23\"\n\
                algorithm = \"alphabeta\"\nintro = \"i\"\n\n\
                [[step]]\ngoto = \"next-cutoff\"\ntext = \"x\"\n\n\
                [[step]]\ngoto = \"next-cutoff\"\ntext = \"y\"\n\n\
                [[step]]\ngoto = \"node:n2>n9\"\ntext = \"z\"\nsearch = {}\n\n\
                [[step]]\ngoto = \"start\"\ntext = \"w\"\nexpect = \"cutoff\"\nsearch = {}\n";
    let (mut app, rx) = open_lesson(lesson::parse(text, "stale.toml", false).unwrap());
    go(&mut app, &rx, 1);
    let e = mode::go(&mut app, 2).unwrap_err().to_string();
    assert!(
        e.starts_with("stale.toml:12: step 2: next-cutoff: no later cutoff in the search"),
        "{e}"
    );
    // The pane says so too.
    assert!(screen(&app, 100, 30).contains("broken lesson"));
    let e = mode::go(&mut app, 3).unwrap_err().to_string();
    assert!(
        e.starts_with("stale.toml:16: step 3: node:n2>n9: the search never enters"),
        "{e}"
    );
    let e = mode::go(&mut app, 4).unwrap_err().to_string();
    assert_eq!(
        e,
        "stale.toml:21: step 4: expected to land on a cutoff event (start), landed on no \
         event (the start)"
    );
}

/// Every bundled lesson's texts agree with the screens they are shown beside, at 80x24,
/// 120x40 and 240x120 (the checker's rules: `docs/lessons.md`). pns-small-tree has its own
/// test below.
#[test]
fn every_bundled_lesson_agrees_with_its_screens() {
    let mut failures = Vec::new();
    for b in Lesson::bundled()
        .iter()
        .filter(|b| b.name != "pns-small-tree")
    {
        let report = check::check(b.load().unwrap_or_else(|e| panic!("{e}")));
        assert_eq!(report.steps.len(), b.load().unwrap().steps.len());
        failures.extend(report.failures());
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn pns_small_tree_agrees_with_its_screens() {
    let report = check::check(lesson::load("pns-small-tree").unwrap());
    assert!(report.passed(), "\n{}", report.failures().join("\n"));
}

/// A lesson on figure 6.24 with one step at its cutoff, saying `text`.
fn figure_6_24(text: &str) -> Lesson {
    let toml = format!(
        "[lesson]\ntitle = \"t\"\nsource = \"s\"\npuzzle = \"tree-004-fig-6-24\"\n\
         algorithm = \"alphabeta\"\nintro = \"i\"\n\n\
         [[step]]\ngoto = \"next-cutoff\"\nexpect = \"cutoff\"\ntext = \"\"\"{text}\"\"\"\n"
    );
    lesson::parse(&toml, "t.toml", false).unwrap()
}

#[test]
fn a_text_naming_the_other_cutoff_than_the_screen_fails() {
    // n5 is MAX's node (A moves there): the Why block says beta cutoff.
    let right = check::check(figure_6_24("n5 is cut: a beta cutoff, 25 >= beta 20."));
    assert!(right.passed(), "{}", right);
    let wrong = check::check(figure_6_24("n5 is cut: an alpha cutoff, 25 >= beta 20."));
    assert_eq!(
        wrong.failures(),
        [
            "t.toml:8: step 1: the text says 'alpha cutoff' but the screen (Why block, node \
          pane, rows) does not say alpha cutoff"
        ]
    );
}

#[test]
fn a_text_with_a_wrong_number_fails() {
    let wrong = check::check(figure_6_24(
        "n5 was entered with the window (-inf, 21) and 25 >= beta 21.",
    ));
    let f = wrong.failures();
    assert_eq!(f.len(), 1, "{f:?}");
    assert!(
        f[0].starts_with("t.toml:8: step 1: the text says '(-inf, 21)' but no window or triple")
            && f[0].contains(
                "the text says 'beta 21' but no window, triple or line of the screen has beta 21"
            ),
        "{f:?}"
    );
    // Listed in `offscreen`, the same numbers are not held against the screen.
    let toml = "[lesson]\ntitle = \"t\"\nsource = \"s\"\npuzzle = \"tree-004-fig-6-24\"\n\
                algorithm = \"alphabeta\"\nintro = \"i\"\n\n\
                [[step]]\ngoto = \"next-cutoff\"\ntext = \"it will become (-inf, 21)\"\n\
                offscreen = [\"(-inf, 21)\"]\n";
    assert!(check::check(lesson::parse(toml, "t.toml", false).unwrap()).passed());
    // A stale `offscreen` is an error when the lesson loads.
    let e = lesson::parse(
        &toml.replace("[\"(-inf, 21)\"]", "[\"(-inf, 22)\"]"),
        "t.toml",
        false,
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.starts_with(
            "t.toml:11: step 1: offscreen lists '(-inf, 22)', which the text does not \
                       mention; its mentions are: '(-inf, 21)'"
        ),
        "{e}"
    );
}

#[test]
fn a_broken_step_is_reported_once() {
    // Figure 6.23 has one cutoff: step 2 cannot be reached, and step 3 replays it.
    let text = "[lesson]\ntitle = \"t\"\nsource = \"s\"\npuzzle = \"tree-004-fig-6-23\"\n\
                algorithm = \"alphabeta\"\nintro = \"i\"\n\n\
                [[step]]\ngoto = \"next-cutoff\"\ntext = \"x\"\n\n\
                [[step]]\ngoto = \"next-cutoff\"\ntext = \"y\"\n\n\
                [[step]]\ngoto = \"end\"\ntext = \"z\"\n\n\
                [[step]]\ngoto = \"end\"\ntext = \"w\"\nsearch = {}\n";
    let l = lesson::parse(text, "stale.toml", false).unwrap();
    let report = check::check(l.clone());
    use check::StepResult;
    let results: Vec<&StepResult> = report.steps.iter().map(|s| &s.result).collect();
    assert_eq!(results[0], &StepResult::Ok);
    assert!(
        matches!(results[1], StepResult::Broken(m) if m.starts_with("next-cutoff: no later cutoff"))
    );
    assert_eq!(results[2], &StepResult::Follows(2));
    // Step 4 restarts its search: it plays again.
    assert_eq!(results[3], &StepResult::Ok);
    let printed = report.to_string();
    assert_eq!(printed.matches("no later cutoff").count(), 1, "{printed}");
    assert!(
        printed.contains("stale.toml:16: step 3: not played: it follows step 2, which is broken"),
        "{printed}"
    );
    // The explorer's pane says the same: step 3 names step 2 without repeating its reason.
    let (mut app, rx) = open_lesson(l);
    let e = mode::go(&mut app, 3).unwrap_err().to_string();
    settle(&mut app, &rx);
    assert_eq!(
        e,
        "stale.toml:16: step 3: not played: it follows step 2, which is broken"
    );
}

/// The lesson picker (issue 16, point 10) opens a bundled lesson from inside the explorer.
#[test]
fn the_lesson_picker_opens_a_lesson() {
    let (tx, rx) = channel();
    let puzzle = plyscope::puzzle::find_bundled("tree-abc")
        .unwrap()
        .load()
        .unwrap();
    let mut app = App::new(puzzle, None, 2_000_000, Keymap::bundled().unwrap(), tx);
    settle(&mut app, &rx);
    key(&mut app, &rx, KeyCode::Char('R'), KeyModifiers::SHIFT);
    let s = screen(&app, 100, 30);
    assert!(s.contains("Lessons (enter opens, q closes)"), "{s}");
    assert!(
        s.contains("> minimax-wdl") && s.contains("Alpha and beta cutoffs"),
        "{s}"
    );
    key(&mut app, &rx, KeyCode::Down, KeyModifiers::NONE);
    key(&mut app, &rx, KeyCode::Enter, KeyModifiers::NONE);
    let state = app.lesson.as_ref().expect("a lesson is open");
    assert_eq!(state.lesson.name, "alphabeta-cutoffs");
    assert_eq!(state.at, 0);
    assert_eq!(app.puzzle.name, "tree-004-fig-6-23");
    assert!(screen(&app, 100, 30).contains("Lesson: intro (5 steps)"));
}
