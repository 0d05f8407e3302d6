//! Proof-number trees that show the tree (issue 16, points 1 and 5): every child an
//! expansion generated has a row with its numbers as of the step (new leaves dimmed and
//! selectable), the tree pane's title says what the numbers are, the node pane and the Why
//! block write the parent's rule out with its numbers, and the Why block's fixes (the
//! root's leave, the deciding child always listed, how children start, which legal moves
//! an expansion left out). The searches are the real engines run by the explorer's worker
//! on bundled puzzles, as `plyscope explore NAME --algo ALGO` runs them.

use std::sync::mpsc::channel;

use crate::helpers::explorer::{open, screen};
use plyscope::search::Algorithm;
use plyscope::search::proof::{PN_INFINITY, ProofNumbers};
use plyscope::trace::store::NodeId;
use plyscope::tui::app::App;
use plyscope::tui::keymap::{Action, Keymap};
use plyscope::view::proof::backup;

/// The root's children as the tree lists them: (label, numbers, new leaf).
fn root_children(app: &App) -> Vec<(String, Option<ProofNumbers>, bool)> {
    let root = app.session.roots()[0];
    app.session
        .children(root)
        .into_iter()
        .map(|c| {
            let r = app.session.row(c);
            let p = r.proof.expect("a proof row");
            (r.label, p.numbers, p.new_leaf)
        })
        .collect()
}

#[test]
fn pns_first_expansion_shows_both_children_at_80x24_and_120x40() {
    let (mut app, _rx) = open("tree-004-fig-6-20", Some(Algorithm::Pns));
    app.update(Action::StepNextExpansion);
    let kids = root_children(&app);
    assert_eq!(
        kids,
        vec![
            ("n2".to_string(), Some(ProofNumbers::new(3, 1)), true),
            ("n3".to_string(), Some(ProofNumbers::new(3, 1)), true),
        ]
    );
    insta::assert_snapshot!("proof_tree_pns_first_expansion_80x24", screen(&app, 80, 24));
    insta::assert_snapshot!(
        "proof_tree_pns_first_expansion_120x40",
        screen(&app, 120, 40)
    );
    // After the backup (the four steps) the root shows [3, 2] over both children,
    // and the rule is written out in the node pane and the Why block.
    for _ in 0..4 {
        app.update(Action::StepBack);
    }
    for _ in 0..4 {
        app.update(Action::StepForward);
    }
    let text = screen(&app, 120, 40);
    assert!(text.contains("root [3, 2]"), "{text}");
    assert!(text.contains("n2 [3, 1] new leaf"), "{text}");
    assert!(text.contains("n3 [3, 1] new leaf"), "{text}");
    let root = app.session.roots()[0];
    let detail = app.session.detail(root).proof.unwrap();
    assert_eq!(
        detail.rule,
        vec!["OR node: pn = min(3, 3) = 3, dn = 1 + 1 = 2".to_string()]
    );
}

#[test]
fn new_leaves_are_selectable_with_their_numbers_and_board() {
    let (mut app, _rx) = open("tree-004-fig-6-20", Some(Algorithm::Pns));
    app.update(Action::StepNextExpansion);
    app.selected = app.session.roots().first().copied();
    // `l` (first child) selects n2, which the search has not entered yet.
    app.update(Action::FirstChild);
    assert_eq!(app.message, None);
    let n2 = app.selected.expect("a selection");
    let row = app.session.row(n2);
    assert_eq!(row.label, "n2");
    let detail = app.session.detail(n2);
    assert_eq!(detail.path, vec!["n2".to_string()]);
    let p = detail.proof.expect("a proof detail");
    assert!(p.new_leaf);
    assert_eq!(p.numbers, Some(ProofNumbers::new(3, 1)));
    assert!(p.role.starts_with("AND"), "{}", p.role);
    assert!(p.source.contains("not searched yet"), "{}", p.source);
    // The sibling and the parent are reachable from it; no jump panics on it.
    app.update(Action::NextSibling);
    assert_eq!(app.session.row(app.selected.unwrap()).label, "n3");
    app.update(Action::Parent);
    assert_eq!(app.selected, app.session.roots().first().copied());
    app.update(Action::FirstChild);
    for action in [
        Action::JumpLargest,
        Action::JumpNextProof,
        Action::Expand,
        Action::ExpandAll,
        Action::Collapse,
        Action::ToggleValues,
    ] {
        app.update(action);
        let _ = screen(&app, 80, 24);
    }
}

/// Checks, at every recorded step, that every expanded node the tree shows off the current
/// descent has the numbers its rule gives over the children the tree shows for it (the
/// nodes on the descent are being walked through or backed up: their numbers catch up when
/// the backup reaches them), and at every iteration's start every node does. Returns the
/// number of (step, node) checks made.
fn rule_holds_at_every_step(name: &str, algorithm: Algorithm) -> usize {
    let (mut app, _rx) = open(name, Some(algorithm));
    let len = app.session.len();
    let mut checks = 0;
    for step in 0..=len {
        app.session.seek(step);
        let path: Vec<NodeId> = {
            let mut p = Vec::new();
            let mut n = app.session.current();
            while let Some(id) = n {
                p.push(id);
                n = app.session.parent(id);
            }
            p
        };
        let mut stack = app.session.roots();
        while let Some(id) = stack.pop() {
            let kids = app.session.children(id);
            stack.extend(kids.iter().copied());
            let row = app.session.row(id);
            let Some(p) = row.proof else { continue };
            if kids.is_empty() || path.contains(&id) {
                continue;
            }
            let numbers: Vec<ProofNumbers> = kids
                .iter()
                .map(|&c| {
                    app.session
                        .row(c)
                        .proof
                        .and_then(|k| k.numbers)
                        .unwrap_or_else(|| {
                            panic!("{name} {algorithm:?} step {step}: child {c} without numbers")
                        })
                })
                .collect();
            let want = backup(p.or_node, &numbers);
            assert_eq!(
                p.numbers,
                Some(want),
                "{name} {algorithm:?} step {step}: {} {} over {numbers:?}",
                row.label,
                if p.or_node { "OR" } else { "AND" }
            );
            checks += 1;
        }
    }
    checks
}

#[test]
fn shown_numbers_add_up_by_the_rule_at_every_step_of_pns_and_pn2() {
    let mut total = 0;
    for name in ["tree-004-fig-6-20", "tictactoe-fork", "hex-3x3"] {
        for algorithm in [Algorithm::Pns, Algorithm::Pn2] {
            let checks = rule_holds_at_every_step(name, algorithm);
            assert!(checks > 0, "{name} {algorithm:?}: nothing checked");
            total += checks;
        }
    }
    assert!(total > 100, "{total} checks");
}

#[test]
fn the_rule_handles_infinity_and_zero() {
    let p = ProofNumbers::PROVEN;
    let d = ProofNumbers::DISPROVEN;
    let u = ProofNumbers::new(2, 3);
    assert_eq!(backup(true, &[u, p]), ProofNumbers::new(0, PN_INFINITY));
    assert_eq!(backup(true, &[d, d]), d);
    assert_eq!(backup(false, &[u, d]), ProofNumbers::new(PN_INFINITY, 0));
    assert_eq!(backup(false, &[p, p]), p);
    assert_eq!(backup(false, &[u, p]), ProofNumbers::new(2, 3));
    assert_eq!(backup(true, &[]), d);
    assert_eq!(backup(false, &[]), p);
    assert_eq!(
        plyscope::view::proof::rule_lines(
            false,
            Some(ProofNumbers::new(PN_INFINITY, 0)),
            &[("a".to_string(), u), ("b".to_string(), d)]
        ),
        vec!["AND node: pn = 2 + ∞ = ∞, dn = min(3, 0) = 0".to_string()]
    );
}

#[test]
fn dfpn_hex_screen_says_what_the_rows_show() {
    // Hex 6x6: 4x4 and 5x5 are decided at the root by H-search since issue 18.
    let (mut app, _rx) = open("hex-6x6", Some(Algorithm::DfPn));
    app.update(Action::StepNextExpansion);
    app.update(Action::StepNextExpansion);
    insta::assert_snapshot!("proof_tree_dfpn_hex6_80x24", screen(&app, 80, 24));
    insta::assert_snapshot!("proof_tree_dfpn_hex6_120x40", screen(&app, 120, 40));
    let text = screen(&app, 120, 40);
    assert!(text.contains("Tree [pn, dn] now; stored: table entry"));
}

/// Every `NAME [pn, dn]` a text names, as (name, numbers text).
fn named_numbers(text: &str) -> Vec<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut out = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let Some(first) = w.strip_prefix('[') else {
            continue;
        };
        let (Some(name), Some(second)) = (i.checked_sub(1).map(|j| words[j]), words.get(i + 1))
        else {
            continue;
        };
        let name = name.trim_start_matches('(');
        if !name.chars().all(|c| c.is_ascii_alphanumeric()) || !second.contains(']') {
            continue;
        }
        let second = &second[..second.find(']').unwrap() + 1];
        out.push(format!("{name} [{first} {second}"));
    }
    out
}

#[test]
fn pns_lesson_names_only_numbers_on_screen() {
    use plyscope::tui::app::lesson as mode;
    let (tx, rx) = channel();
    let lesson = plyscope::lesson::load("pns-small-tree").unwrap();
    let mut app = App::new(
        lesson.setup.puzzle.clone(),
        Some(lesson.setup.algorithm),
        2_000_000,
        Keymap::bundled().unwrap(),
        tx,
    );
    mode::start(&mut app, lesson);
    app.wait_for_search(&rx);
    let steps = app.lesson.as_ref().unwrap().steps();
    let mut named = 0;
    for k in 1..=steps {
        mode::go(&mut app, k).unwrap_or_else(|e| panic!("{e}"));
        app.wait_for_search(&rx);
        let text = app.lesson.as_ref().unwrap().lesson.steps[k - 1]
            .text
            .clone();
        // On screen: the tree's rows and the Why block.
        let mut shown: Vec<String> = app
            .visible_rows(200)
            .into_iter()
            .filter_map(|(id, _)| {
                let r = app.session.row(id);
                r.proof.map(|p| {
                    format!(
                        "{} {}",
                        r.label,
                        plyscope::view::proof::numbers_text(p.numbers)
                    )
                })
            })
            .collect();
        if let Some(x) = app.session.explain() {
            shown.push(x.headline.clone());
            shown.extend(x.lines.iter().cloned());
        }
        let screen_text = shown.join("\n");
        for n in named_numbers(&text) {
            assert!(
                screen_text.contains(&n),
                "step {k}: the text names {n:?}, the screen shows:\n{screen_text}"
            );
            named += 1;
        }
        // The rules the text writes out are the Why block's.
        for rule in [
            "pn = min(3, 3) = 3, dn = 1 + 1 = 2",
            "pn = 1 + 1 + 1 = 3",
            "pn = 0 + 1 + 1 = 2, dn = min(∞, 2, 3) = 2",
            "pn = 0 + 0 + 1 = 1",
        ] {
            if text.contains(rule) {
                assert!(
                    screen_text.contains(rule),
                    "step {k}: {rule:?} not in\n{screen_text}"
                );
            }
        }
    }
    assert!(named >= 10, "{named} numbers named");
}

#[test]
fn dfpn_hex6_expansion_says_which_moves_it_left_out() {
    // Hex 6x6: on 5x5 the root is decided by Black's semi connection (issue 18).
    let (mut app, _rx) = open("hex-6x6", Some(Algorithm::DfPn));
    app.update(Action::StepNextExpansion);
    let x = app.session.explain().expect("an explanation");
    assert_eq!(x.headline, "expand the root: 17 children");
    // The mirror images are the note's; the two moves the inferior-cell analysis prunes are
    // counted, with their pattern, by the solver's own line (not a second time here).
    let note = "17 of 36 legal moves: 17 mirror images under the 180° turn";
    assert!(x.lines.iter().any(|l| l == note), "{:?}", x.lines);
    assert!(
        x.lines
            .iter()
            .any(|l| l == "2 moves pruned: 1 vulnerable to a2, 1 vulnerable to f5"),
        "{:?}",
        x.lines
    );
    let root = app.session.roots()[0];
    let p = app.session.detail(root).proof.unwrap();
    assert_eq!(p.children_note.as_deref(), Some(note));
    // The 17 children are all rows, new leaves with the numbers the Why block lists: an
    // AND child starts at [k, 1], k the size of White's must-play region after the move.
    let kids = root_children(&app);
    assert_eq!(kids.len(), 17);
    assert!(kids.iter().all(|k| k.2));
    assert!(kids.contains(&("c3".to_string(), Some(ProofNumbers::new(4, 1)), true)));
}
