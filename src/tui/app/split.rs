//! The split view: the same puzzle under a second algorithm, side
//! by side with the first, each with its own record, replay cursor, selection and expanded
//! set, so two searches can be stepped through independently or together.
//!
//! The second search is a whole [`App`] of its own (its model is the explorer's model), on
//! its own channel, so its messages never mix with the first's; [`tick`] takes them. The
//! first search stays the [`App`] the explorer always had, which owns the split.
//!
//! Keys: `C` opens the split with the algorithm after the first one's in the `a` cycle
//! (skipping those the puzzle cannot run, as `a` does) and closes it again; `A` opens a
//! picker of the algorithms the puzzle can run ([`pick_entries`]) and opens (or replaces)
//! the split with the one chosen; `F` moves the
//! focus (the keys act on the focused search); `B` turns "together" on and off: while it is
//! on, the stepping keys (one event, node, cutoff, the start and the end, play) move both
//! records, each by its own events, and a header says when one has ended. The help, the
//! picker, the redraw and quit belong to the explorer; the limits key (`m`) changes both
//! searches' limits, so they stay comparable.

use std::sync::mpsc::{self, Receiver};

use crate::search::Algorithm;

use super::{App, NODE_LIMITS};
use crate::run::registry;
use crate::run::spec::SearchSpec;
use crate::tui::keymap::Action;
use crate::tui::worker::Msg;

/// Which search the keys act on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    /// The explorer's own search (the left or top pane).
    First,
    /// The split's second search.
    Second,
}

/// The second search of the split view and how the keys reach it.
pub struct Split {
    /// The second search, with its own replay cursor, selection and expanded set.
    pub pane: App,
    rx: Receiver<Msg>,
    pub focus: Focus,
    /// True when the stepping keys move both searches.
    pub together: bool,
}

impl Split {
    /// Starts `algorithm` on `app`'s puzzle with `app`'s record budget and node limit;
    /// focus on the first search, stepping together.
    pub fn open(app: &App, algorithm: Algorithm) -> Split {
        let (tx, rx) = mpsc::channel();
        let mut spec = SearchSpec::for_puzzle(&app.puzzle, Some(algorithm), app.spec.record)
            .with_settings(&app.settings);
        if let Some(nodes) = NODE_LIMITS[app.node_limit] {
            spec.limits.nodes = Some(nodes);
        }
        let mut pane = App::with_spec(
            app.puzzle.clone(),
            Some(algorithm),
            spec,
            app.keymap.clone(),
            tx,
        );
        pane.node_limit = app.node_limit;
        pane.settings = app.settings;
        pane.session.set_view(app.session.view());
        Split {
            pane,
            rx,
            focus: Focus::First,
            together: true,
        }
    }

    /// The split over `pane`, a second search already recorded (a saved run's): no
    /// messages will come.
    pub fn over(pane: App, focus: Focus, together: bool) -> Split {
        let (_tx, rx) = mpsc::channel();
        Split {
            pane,
            rx,
            focus,
            together,
        }
    }

    /// Takes the second search's messages; true when any changed the screen.
    fn receive(&mut self) -> bool {
        let mut changed = false;
        while let Ok(msg) = self.rx.try_recv() {
            changed |= self.pane.receive(msg);
        }
        changed
    }

    /// Waits (tests) until the second search is over.
    pub fn wait_for_search(&mut self) {
        self.pane.wait_for_search(&self.rx);
    }
}

impl Drop for Split {
    fn drop(&mut self) {
        self.pane.session.cancel();
    }
}

/// Opens the split with `algorithm` as the second search (replacing an open one).
pub fn open_with(app: &mut App, algorithm: Algorithm) {
    app.split = Some(Box::new(Split::open(app, algorithm)));
}

/// The stepping keys that "together" sends to both searches.
pub fn steps_together(action: Action) -> bool {
    matches!(
        action,
        Action::StepForward
            | Action::StepBack
            | Action::StepNextNode
            | Action::StepPreviousNode
            | Action::StepNextCutoff
            | Action::StepPreviousCutoff
            | Action::StepStart
            | Action::StepEnd
            | Action::PlayPause
            | Action::Faster
            | Action::Slower
    )
}

/// The keys of the explorer itself, never of one search.
/// The editor, play and the lesson script belong to the explorer, not to one search: they
/// act on the first search (the editor and play open over the whole screen).
fn explorer_wide(action: Action) -> bool {
    matches!(
        action,
        Action::Quit
            | Action::QuitNow
            | Action::Close
            | Action::ToggleHelp
            | Action::ToggleLegend
            | Action::OpenPicker
            | Action::OpenLessons
            | Action::Redraw
            | Action::EditPosition
            | Action::PlayEngine
            | Action::LessonNext
            | Action::LessonPrevious
    )
}

/// Applies a key's action with the split in mind: the split's own keys, then the focused
/// search (or both, for the stepping keys together and the limits).
pub fn update(app: &mut App, action: Action) {
    if action == Action::ToggleSplit {
        toggle(app);
        return;
    }
    if action == Action::PickSplit {
        open_picker(app);
        return;
    }
    let Some(mut split) = app.split.take() else {
        match action {
            Action::SwitchPane | Action::ToggleTogether => {
                app.message = Some(format!(
                    "{} belongs to the split view ({} opens it)",
                    key_of(app, action),
                    key_of(app, Action::ToggleSplit)
                ));
            }
            _ => app.update_main(action),
        }
        return;
    };
    match action {
        Action::SwitchPane => {
            split.focus = match split.focus {
                Focus::First => Focus::Second,
                Focus::Second => Focus::First,
            };
            let (focused, name) = match split.focus {
                Focus::First => (&mut *app, "first"),
                Focus::Second => (&mut split.pane, "second"),
            };
            let algorithm = focused.spec.config.algorithm;
            focused.message = Some(format!("focus: the {name} search ({algorithm})"));
        }
        Action::ToggleTogether => {
            split.together = !split.together;
            let note = if split.together {
                "stepping keys move both searches"
            } else {
                "stepping keys move the focused search only"
            };
            focused_mut(app, &mut split).message = Some(note.to_string());
        }
        Action::PlayPause if split.together => {
            let play = !(app.playing || split.pane.playing);
            app.playing = play;
            split.pane.playing = play;
        }
        Action::ChangeLimits => {
            app.update_main(action);
            split.pane.update(action);
        }
        // One view for both searches, so their values compare.
        Action::ToggleView => {
            app.update_main(action);
            split.pane.session.set_view(app.session.view());
        }
        // One chart pane for both searches: the first search keeps its state.
        Action::ToggleChart | Action::NextChart => {
            let titles: Vec<String> = super::chart::split_charts(app, &split.pane)
                .iter()
                .map(|c| c.title())
                .collect();
            super::chart::update_with(app, action, &titles);
            if split.focus == Focus::Second {
                split.pane.message = app.message.take();
            }
        }
        _ if split.together && steps_together(action) => {
            app.update_main(action);
            split.pane.update(action);
        }
        _ if explorer_wide(action) => app.update_main(action),
        _ => match split.focus {
            Focus::First => app.update_main(action),
            Focus::Second => split.pane.update(action),
        },
    }
    app.split = Some(split);
}

fn focused_mut<'a>(app: &'a mut App, split: &'a mut Split) -> &'a mut App {
    match split.focus {
        Focus::First => app,
        Focus::Second => &mut split.pane,
    }
}

/// The search the keys act on.
pub fn focused<'a>(app: &'a App, split: &'a Split) -> &'a App {
    match split.focus {
        Focus::First => app,
        Focus::Second => &split.pane,
    }
}

fn key_of(app: &App, action: Action) -> String {
    app.keymap
        .keys(action)
        .first()
        .map_or(action.name().to_string(), |k| k.to_string())
}

/// `C`: closes the split, or opens it with the next algorithm the puzzle can run.
fn toggle(app: &mut App) {
    if app.split.take().is_some() {
        app.message = Some("split view closed".to_string());
        return;
    }
    let first = app.spec.config.algorithm;
    let (second, skipped) = registry::next_applicable_counted(&app.puzzle, first);
    open_with(app, second);
    let mut note = format!(
        "split: {first} | {second}; {} focus, {} together",
        key_of(app, Action::SwitchPane),
        key_of(app, Action::ToggleTogether)
    );
    if let Some(skipped) = skipped {
        note.push_str(&format!(" ({skipped})"));
    }
    app.message = Some(note);
}

/// The algorithms the split's picker lists: every one the puzzle can run
/// ([`registry::applicable`]), with its one-line summary.
pub fn pick_entries(app: &App) -> Vec<(Algorithm, &'static str)> {
    registry::applicable(&app.puzzle.position)
        .into_iter()
        .map(|a| (a, registry::info(a).summary))
        .collect()
}

/// `A`: opens the picker of the split's second algorithm, on the open split's second
/// algorithm (else the one after the first's in the `a` cycle).
fn open_picker(app: &mut App) {
    let entries = pick_entries(app);
    let now = match &app.split {
        Some(split) => split.pane.spec.config.algorithm,
        None => registry::next_applicable(&app.puzzle, app.spec.config.algorithm).0,
    };
    let selected = entries.iter().position(|e| e.0 == now).unwrap_or(0);
    app.overlays.push(super::Overlay::SplitPicker { selected });
}

/// A key on the split's algorithm picker: move, choose (opens or replaces the split), close.
pub fn picker_key(app: &mut App, selected: usize, action: Action) {
    use super::{Overlay, PAGE};
    let last = pick_entries(app).len().saturating_sub(1);
    let set = |app: &mut App, selected: usize| {
        if let Some(top) = app.overlays.last_mut() {
            *top = Overlay::SplitPicker { selected };
        }
    };
    match action {
        Action::Down => set(app, (selected + 1).min(last)),
        Action::PageDown => set(app, (selected + PAGE).min(last)),
        Action::Up => set(app, selected.saturating_sub(1)),
        Action::PageUp => set(app, selected.saturating_sub(PAGE)),
        Action::Select => {
            app.overlays.pop();
            let Some(&(second, _)) = pick_entries(app).get(selected) else {
                return;
            };
            let first = app.spec.config.algorithm;
            open_with(app, second);
            app.message = Some(format!(
                "split: {first} | {second}; {} focus, {} together",
                key_of(app, Action::SwitchPane),
                key_of(app, Action::ToggleTogether)
            ));
        }
        Action::ToggleHelp => app.overlays.push(Overlay::Help { scroll: 0 }),
        Action::ToggleLegend => app.overlays.push(Overlay::Legend { scroll: 0 }),
        _ => {}
    }
}

/// Advances the second search's play and takes its messages; true when the screen changed.
pub fn tick(app: &mut App) -> bool {
    let overlays_open = !app.overlays.is_empty();
    let Some(split) = app.split.as_mut() else {
        return false;
    };
    let mut changed = split.receive();
    if !overlays_open {
        changed |= split.pane.tick_own();
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle;
    use crate::tui::keymap::Keymap;
    use std::sync::mpsc::{Receiver, channel};

    /// `first` on `name` with `second` beside it, both searches over.
    fn split(name: &str, first: Algorithm, second: Algorithm) -> (App, Receiver<Msg>) {
        let (tx, rx) = channel();
        let p = puzzle::load(name).unwrap();
        let mut app = App::new(p, Some(first), 2_000_000, Keymap::bundled().unwrap(), tx);
        app.wait_for_search(&rx);
        open_with(&mut app, second);
        app.split.as_mut().unwrap().wait_for_search();
        (app, rx)
    }

    fn steps(app: &App) -> (usize, usize) {
        let second = &app.split.as_ref().unwrap().pane;
        (app.session.step(), second.session.step())
    }

    #[test]
    fn together_moves_both_records_each_by_its_own_events() {
        let (mut app, _rx) = split("tree-abc", Algorithm::AlphaBeta, Algorithm::Minimax);
        assert!(app.split.as_ref().unwrap().together, "together by default");
        app.update(Action::StepForward);
        assert_eq!(steps(&app), (1, 1));
        // Alpha-beta's first cutoff; minimax has none and stays where it is.
        app.update(Action::StepNextCutoff);
        let (first, second) = steps(&app);
        assert!(first > 1 && app.session.row(app.selected.unwrap()).cutoff);
        assert_eq!(second, 1);
        let pane = &app.split.as_ref().unwrap().pane;
        assert_eq!(pane.message.as_deref(), Some("no later cutoff"));
        app.update(Action::StepEnd);
        let ends = (
            app.session.len(),
            app.split.as_ref().unwrap().pane.session.len(),
        );
        assert_eq!(steps(&app), ends);
        assert!(
            ends.0 < ends.1,
            "alpha-beta's record is the shorter: {ends:?}"
        );
        app.update(Action::StepStart);
        assert_eq!(steps(&app), (0, 0));
    }

    #[test]
    fn headers_show_the_tree_as_of_the_step_and_say_when_a_record_ended() {
        use crate::tui::ui::split::header_lines;
        let (mut app, _rx) = split("tree-abc", Algorithm::AlphaBeta, Algorithm::Minimax);
        app.update(Action::StepNextCutoff);
        let split = app.split.as_ref().unwrap();
        let [first, second, third] = header_lines(&split.pane, split, Focus::Second, false);
        assert_eq!(first, "  B minimax: exact value 3, best b");
        assert_eq!(second, "  step 0/30 | tree 0, depth 0");
        assert!(third.ends_with(" | no later cutoff"), "{third}");
        app.update(Action::StepEnd);
        let split = app.split.as_ref().unwrap();
        let [first, second, _] = header_lines(&app, split, Focus::First, true);
        assert!(first.starts_with("> A alphabeta"), "{first}");
        assert!(
            second.starts_with("  step 28/28, ended | tree "),
            "{second}"
        );
        // Minimax enters every node of the textbook tree: the root, 3 moves, 9 leaves.
        let [_, second, _] = header_lines(&split.pane, split, Focus::Second, true);
        assert_eq!(second, "  step 30/30, ended | tree 13, depth 2");
    }

    #[test]
    fn focus_and_independent_stepping_move_one_search_only() {
        let (mut app, _rx) = split("tree-abc", Algorithm::AlphaBeta, Algorithm::Minimax);
        app.update(Action::ToggleTogether);
        assert!(!app.split.as_ref().unwrap().together);
        app.update(Action::StepForward);
        app.update(Action::StepForward);
        assert_eq!(steps(&app), (2, 0));
        app.update(Action::SwitchPane);
        assert_eq!(app.split.as_ref().unwrap().focus, Focus::Second);
        assert_eq!(
            app.split.as_ref().unwrap().pane.message.as_deref(),
            Some("focus: the second search (minimax)")
        );
        for _ in 0..5 {
            app.update(Action::StepForward);
        }
        assert_eq!(steps(&app), (2, 5));
        // Walking the tree is the focused search's too.
        app.update(Action::StepEnd);
        app.update(Action::JumpPv);
        let pane = &app.split.as_ref().unwrap().pane;
        assert_eq!(pane.session.row(pane.selected.unwrap()).label, "b1");
        assert_eq!(app.session.step(), 2);
        // Play together: both start and stop at once.
        app.update(Action::ToggleTogether);
        app.update(Action::StepStart);
        app.update(Action::PlayPause);
        assert!(app.playing && app.split.as_ref().unwrap().pane.playing);
        assert!(app.tick());
        let (first, second) = steps(&app);
        assert_eq!(first, second, "the same speed: {first} {second}");
        assert!(first > 0);
        app.update(Action::PlayPause);
        assert!(!app.playing && !app.split.as_ref().unwrap().pane.playing);
        // Quit is the explorer's, whichever search has the focus.
        app.update(Action::Quit);
        assert!(app.quit);
    }

    #[test]
    fn c_opens_the_next_applicable_algorithm_and_closes_again() {
        let (tx, rx) = channel();
        let p = puzzle::load("tree-004-fig-6-20").unwrap();
        let mut app = App::new(
            p,
            Some(Algorithm::IterativeDeepening),
            2_000_000,
            Keymap::bundled().unwrap(),
            tx,
        );
        app.wait_for_search(&rx);
        app.update(Action::SwitchPane);
        assert!(app.message.as_deref().unwrap().contains("C opens it"));
        app.update(Action::ToggleSplit);
        let second = &app.split.as_ref().unwrap().pane;
        // After id the cycle reaches the threat searches, which a tree cannot run (its
        // win/draw/loss leaves do take the proof-number searches).
        assert_eq!(second.spec.config.algorithm, Algorithm::Pns);
        let note = app.message.clone().unwrap();
        assert!(
            note.starts_with("split: id | pns; F focus, B together"),
            "{note}"
        );
        assert!(note.ends_with("(2 skipped: no pass)"), "{note}");
        assert!(note.chars().count() <= 80, "{note}");
        app.update(Action::ToggleSplit);
        assert!(app.split.is_none());
        assert_eq!(app.message.as_deref(), Some("split view closed"));
        assert!(registry::check(&app.puzzle, Algorithm::DfPn).is_ok());
        assert!(registry::check(&app.puzzle, Algorithm::Lambda).is_err());
        // Another puzzle (the picker) closes the split: its second search was of the old one.
        app.update(Action::ToggleSplit);
        app.open(puzzle::load("tictactoe").unwrap());
        assert!(app.split.is_none());
        assert!(registry::check(&app.puzzle, Algorithm::Lambda).is_ok());
    }

    #[test]
    fn the_limits_key_changes_both_searches() {
        let (mut app, _rx) = split("tictactoe", Algorithm::DfPn, Algorithm::Pns);
        app.update(Action::ChangeLimits);
        let pane = &app.split.as_ref().unwrap().pane;
        assert_eq!(app.spec.limits.nodes, Some(1_000));
        assert_eq!(pane.spec.limits.nodes, Some(1_000));
        assert_eq!(pane.search_id, 2, "the second search started again");
    }
}
