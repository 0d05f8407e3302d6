//! The explorer in lesson mode: plays a [`Lesson`]'s script on the
//! app. `tab` goes to the next step, `shift-tab` to the previous one; every other key keeps
//! working, so a student can wander, and `tab` resumes the script where it was.
//!
//! A position of the script is replayed exactly, never patched up from where the student
//! left the explorer: position `k` runs step `k`'s search (restarting it only when its
//! settings differ from the running search's, [`crate::lesson::Lesson::setup_at`]), rewinds
//! the replay to the start and plays the gotos of the steps from the last one with a
//! `search` up to `k` ([`crate::lesson::Lesson::replay_from`]). Going back is the same
//! replay to `k - 1`, so both directions land on the same frames. A goto that needs more of
//! the record than the worker has recorded waits for it to grow (the search runs on its own
//! thread; lessons' searches are small) and fails only once the search is over: then the
//! step is broken, and the pane says which and why (the tests play every bundled lesson).
//!
//! A step's `marks` sets the board's Hex knowledge view (the `Z` key's) for its position,
//! and the intro shows none.
//!
//! Position 0 shows the intro; `n + 1`, after the last step, "lesson complete" and what to
//! try next.

use std::cell::Cell;
use std::thread;
use std::time::{Duration, Instant};

use crate::lesson::{Goto, Lesson, LessonError, Setup};
use crate::puzzle::GameKind;
use crate::trace::store::NodeId;
use crate::view::landing::{Landed, Landing};
use crate::view::max_view::ValueView;
use crate::view::session::HexOverlay;

use super::App;
use crate::run::spec::SearchSpec;

pub mod check;
pub mod screen;

/// Longest a step waits for the search to record far enough before it gives up.
pub const WAIT: Duration = Duration::from_secs(60);

/// The lesson being played and where in it the explorer is.
#[derive(Clone, Debug)]
pub struct LessonState {
    pub lesson: Lesson,
    /// 0: the intro; 1 to n: step k; n + 1: complete.
    pub at: usize,
    /// Why the position could not be played (a broken step).
    pub error: Option<LessonError>,
    /// What the last step played landed on (for the pane and the tests).
    pub landed: Option<Landed>,
    /// The first line of the text shown (the pane pages when the text does not fit).
    pub scroll: usize,
    /// What the pane showed last: `tab` pages by it.
    pub view: Cell<PaneView>,
    /// The replay step and selection the last position played landed on: the step's
    /// `focus` holds while the explorer shows them.
    pub shown: (usize, Option<NodeId>),
}

/// How much of the lesson text the pane could show when it was drawn last.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PaneView {
    /// Lines of text the pane has room for.
    pub visible: usize,
    /// Lines of text there are.
    pub total: usize,
}

impl LessonState {
    /// The number of steps.
    pub fn steps(&self) -> usize {
        self.lesson.steps.len()
    }

    /// True after the last step.
    pub fn complete(&self) -> bool {
        self.at > self.steps()
    }
}

/// The search a setup asks for, with the explorer's record budget.
pub fn spec_for(setup: &Setup, record: u64) -> SearchSpec {
    let mut spec = SearchSpec::for_puzzle(&setup.puzzle, Some(setup.algorithm), record);
    if let Some(ordering) = setup.ordering {
        spec.config.ordering = ordering;
    }
    if let Some(depth) = setup.depth {
        spec.limits.max_depth = Some(depth);
    }
    if let Some(epsilon) = setup.epsilon {
        spec.config.proof.epsilon = epsilon;
    }
    if setup.null_move {
        spec.config.null_move = true;
    }
    match setup.table {
        Some(false) => spec.config.tt_mb = 0,
        Some(true) if spec.config.tt_mb == 0 => {
            spec.config.tt_mb = crate::search::config::SearchConfig::default().tt_mb;
        }
        _ => {}
    }
    spec
}

/// Opens `lesson` on the app: its search, the intro, the `(alpha, value, beta)` rows.
pub fn start(app: &mut App, lesson: Lesson) {
    // The lesson's view, else MAX's on a literal tree (its steps' searches keep it).
    app.session.set_view(lesson.view.unwrap_or_else(|| {
        ValueView::default_for(lesson.setup.puzzle.position.kind() == GameKind::Tree)
    }));
    app.lesson = Some(LessonState {
        lesson,
        at: 0,
        error: None,
        landed: None,
        scroll: 0,
        view: Cell::new(PaneView::default()),
        shown: (0, None),
    });
    app.show_window = true;
    // Position 0 plays no goto: it cannot fail.
    let _ = go(app, 0);
}

/// `tab`: the rest of the text when the pane could not show all of it, else the next step.
pub fn next(app: &mut App) {
    if let Some(s) = &mut app.lesson {
        let view = s.view.get();
        if view.visible > 0 && s.scroll + view.visible < view.total {
            s.scroll += view.visible;
            return;
        }
    }
    match &app.lesson {
        None => app.message = Some(NOT_A_LESSON.to_string()),
        Some(s) if s.complete() => {
            app.message = Some("the lesson is complete; shift-tab goes back".to_string())
        }
        Some(s) => {
            let k = s.at + 1;
            let _ = go(app, k);
        }
    }
}

/// `shift-tab`: back a page of text when the pane is scrolled, else the previous step.
pub fn previous(app: &mut App) {
    if let Some(s) = &mut app.lesson
        && s.scroll > 0
    {
        s.scroll = s.scroll.saturating_sub(s.view.get().visible.max(1));
        return;
    }
    match &app.lesson {
        None => app.message = Some(NOT_A_LESSON.to_string()),
        Some(s) if s.at == 0 => app.message = Some("at the lesson's start".to_string()),
        Some(s) => {
            let k = s.at - 1;
            let _ = go(app, k);
        }
    }
}

const NOT_A_LESSON: &str = "tab and shift-tab step through lessons: `plyscope lesson` lists them";

/// Plays the script to position `k` (see the module doc); the error is also kept in the
/// state for the pane.
pub fn go(app: &mut App, k: usize) -> Result<(), LessonError> {
    let Some(mut state) = app.lesson.take() else {
        return Ok(());
    };
    let result = play(app, &state.lesson, k);
    state.at = k.min(state.steps() + 1);
    state.landed = result.as_ref().ok().copied().flatten();
    state.error = result.as_ref().err().cloned();
    state.scroll = 0;
    state.shown = (app.session.step(), app.selected);
    app.lesson = Some(state);
    result.map(drop)
}

/// The node pane line the lesson's step is about (its `focus`), while the explorer shows
/// what the step landed on; `None` once the student wanders or outside a step.
pub fn focus(app: &App) -> Option<&str> {
    let s = app.lesson.as_ref()?;
    if s.error.is_some() || s.shown != (app.session.step(), app.selected) {
        return None;
    }
    s.at.checked_sub(1)
        .and_then(|i| s.lesson.steps.get(i))?
        .focus
        .as_ref()
        .map(|f| f.label())
}

/// True at a step with a `focus` (the layout gives the node pane room for it).
pub fn has_focus(state: &LessonState) -> bool {
    state.error.is_none()
        && state
            .at
            .checked_sub(1)
            .and_then(|i| state.lesson.steps.get(i))
            .is_some_and(|s| s.focus.is_some())
}

/// Plays position `k` of `lesson`; returns what the last goto landed on.
fn play(app: &mut App, lesson: &Lesson, k: usize) -> Result<Option<Landed>, LessonError> {
    let last = k.min(lesson.steps.len());
    let setup = lesson.setup_at(last);
    let spec = spec_for(setup, app.spec.record);
    if app.spec != spec || app.puzzle.name != setup.puzzle.name {
        app.start_search(setup.puzzle.clone(), Some(setup.algorithm), spec);
    }
    app.session.seek(0);
    app.selected = None;
    app.follow = true;
    app.playing = false;
    // Hex: the step's knowledge marks (the `Z` key's view); the intro shows none.
    app.knowledge = last
        .checked_sub(1)
        .map_or(HexOverlay::Off, |i| lesson.steps[i].marks);
    let mut landed = None;
    // Position 0 (the intro) plays no step: `replay_from` is at least 1.
    for s in lesson.replay_from(last)..=last {
        landed = match play_step(app, lesson, s) {
            Ok(landed) => landed,
            // A broken step is reported once, at itself: a later step that replays it says
            // only that it follows it.
            Err(_) if s < last => {
                return Err(lesson.step_error(
                    last,
                    format!("not played: it follows step {s}, which is broken"),
                ));
            }
            Err(e) => return Err(e),
        };
    }
    Ok(landed)
}

/// Plays step `s`'s goto from where the replay is and checks its `expect`.
fn play_step(app: &mut App, lesson: &Lesson, s: usize) -> Result<Option<Landed>, LessonError> {
    let step = &lesson.steps[s - 1];
    let landed = play_goto(app, &step.goto).map_err(|m| lesson.step_error(s, m))?;
    if let Some(expect) = step.expect {
        let got = landed.unwrap_or_default();
        if !got.is(expect) {
            return Err(lesson.step_error(
                s,
                format!(
                    "expected to land on {} event ({}), landed on {}",
                    article(expect),
                    step.goto,
                    got.names()
                ),
            ));
        }
    }
    Ok(landed)
}

fn article(l: Landing) -> String {
    let name = l.name();
    if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
        format!("an {name}")
    } else {
        format!("a {name}")
    }
}

/// Waits until the record is longer than `seen` events or the search is over.
fn wait_for_growth(app: &App, seen: usize) -> Result<(), String> {
    let deadline = Instant::now() + WAIT;
    while app.session.len() <= seen && !app.session.finished() {
        if Instant::now() >= deadline {
            return Err(format!(
                "the search recorded nothing new for {} s",
                WAIT.as_secs()
            ));
        }
        thread::sleep(Duration::from_millis(2));
    }
    Ok(())
}

/// Selects `node` (else the node the search is in), following the search when it is that.
fn select(app: &mut App, node: Option<NodeId>) {
    let current = app.session.current();
    app.selected = node.or(current);
    app.follow = app.selected == current;
}

/// What the event before the replay's step was.
fn landed_at_step(app: &App) -> Option<Landed> {
    let step = app.session.step();
    step.checked_sub(1)
        .and_then(|e| app.session.landed(e))
        .map(|(l, _)| l)
}

fn play_goto(app: &mut App, goto: &Goto) -> Result<Option<Landed>, String> {
    match goto {
        Goto::Start => {
            app.session.seek(0);
            Ok(None)
        }
        Goto::End => {
            while !app.session.finished() {
                wait_for_growth(app, app.session.len())?;
            }
            let end = app.session.len();
            app.session.seek(end);
            select(app, None);
            if app.selected.is_none() {
                app.selected = app.session.roots().last().copied();
            }
            Ok(landed_at_step(app))
        }
        Goto::Event(n) => {
            while app.session.len() < *n && !app.session.finished() {
                wait_for_growth(app, app.session.len())?;
            }
            let len = app.session.len();
            if *n > len {
                return Err(format!("{goto}: the search recorded only {len} events"));
            }
            app.session.seek(*n);
            let node = n.checked_sub(1).and_then(|e| app.session.landed(e)?.1);
            select(app, node);
            Ok(landed_at_step(app))
        }
        Goto::Next(kind) => loop {
            let e = app.session.step();
            if !app.session.forward() {
                if app.session.finished() && app.session.step() >= app.session.len() {
                    return Err(format!(
                        "{goto}: no later {} in the search ({} events recorded)",
                        kind.name(),
                        app.session.len()
                    ));
                }
                wait_for_growth(app, e)?;
                continue;
            }
            if let Some((l, node)) = app.session.landed(e)
                && l.is(*kind)
            {
                select(app, node);
                return Ok(Some(l));
            }
        },
        Goto::Node(path) => {
            if let Some(node) = entered_node(app, path) {
                select(app, Some(node));
                app.follow = false;
                return Ok(landed_at_step(app));
            }
            loop {
                let e = app.session.step();
                if !app.session.forward() {
                    if app.session.finished() && app.session.step() >= app.session.len() {
                        return Err(format!(
                            "{goto}: the search never enters a node by the moves {}",
                            path.join(" > ")
                        ));
                    }
                    wait_for_growth(app, e)?;
                    continue;
                }
                if let Some((l, Some(node))) = app.session.landed(e)
                    && l.is(Landing::Enter)
                    && matches_path(app, node, path)
                {
                    select(app, Some(node));
                    return Ok(Some(l));
                }
            }
        }
    }
}

/// True when the moves from the root to `node` are `path`.
fn matches_path(app: &App, node: NodeId, path: &[String]) -> bool {
    let mut id = Some(node);
    for name in path.iter().rev() {
        let Some(n) = id else {
            return false;
        };
        if app.session.row(n).label != *name {
            return false;
        }
        id = app.session.parent(n);
    }
    // The path must start at a root.
    id.is_some_and(|r| app.session.parent(r).is_none())
}

/// The node reached by `path` among those entered by the step, in the latest iteration.
fn entered_node(app: &App, path: &[String]) -> Option<NodeId> {
    let root = app.session.roots().last().copied()?;
    let mut node = root;
    for name in path {
        node = app
            .session
            .children(node)
            .into_iter()
            .find(|&c| app.session.row(c).label == *name)?;
    }
    Some(node)
}
