//! The explorer's model and its update function: which puzzle and search, the replay cursor (inside
//! the [`Session`]), the selected node and expanded set of the tree, the overlay stack (help,
//! picker), play/pause with a speed, and flags. [`App::update`] applies one [`Action`]; nothing
//! here touches a terminal, so every key's effect is testable with a plain channel.
//!
//! Two kinds of movement: *stepping* moves the replay cursor through the event log (the
//! selection follows the node the search is in), *walking* moves the selection through the
//! tree as recorded by the current step (the step stays).
//!
//! Lambda searches add the maximum level (`>` / `<` search again one
//! level up or down), the root analysis switch, and the board's zone view (which orders,
//! A-zone or D-zone), which only changes what is drawn.
//!
//! Proof-number searches add steps to the next expansion (`e` / `E`),
//! proof (`n` / `N`: a node becoming proven or disproven) and df-pn threshold change
//! (`y` / `Y`), `)` / `(` to the solved nodes of the tree, and `d` to show the children's
//! disproof numbers on the board instead of their proof numbers. `a` cycles through the
//! proof family too (PNS and df-pn only on literal trees).

pub mod bookmarks;
pub mod chart;
pub mod class;
pub mod depth;
mod display;
pub mod keys;
pub mod lesson;
pub mod lesson_picker;
pub mod level;
mod overlays;
pub mod picker;
mod running;
pub mod saved_run;
pub mod split;
mod stepping;
pub mod text_scroll;
mod walk;

use std::path::PathBuf;
use std::sync::mpsc::Sender;

use rustc_hash::FxHashSet;

use crate::puzzle::{GameKind, Puzzle};
use crate::search::Algorithm;
use crate::trace::store::NodeId;

use super::keymap::{Action, Keymap};
use super::worker::{self, Msg};
use crate::run::progress::Progress;
use crate::run::spec::{SearchSpec, Settings};
use crate::view::lambda::ZoneView;
use crate::view::max_view::ValueView;
use crate::view::session::{HexOverlay, Session};
pub use picker::{PickerEntry, picker_entries, picker_error};
use split::Split;
pub use stepping::step_explained;

/// An overlay drawn over the main screen; the top one takes the keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// The key help, scrolled by `scroll` rows.
    Help { scroll: usize },
    /// The bundled-puzzle picker with the selected entry.
    Picker { selected: usize },
    /// The legend of the marks on the screen, scrolled by `scroll` rows.
    Legend { scroll: usize },
    /// The split view's algorithm picker ([`split::pick_entries`]) with the selected entry.
    SplitPicker { selected: usize },
    /// The bundled-lesson picker ([`lesson_picker`]) with the selected entry.
    Lessons { selected: usize },
}

/// Play speeds in events per tick (a tick is [`TICK_MS`] milliseconds).
pub const SPEEDS: [usize; 6] = [1, 2, 5, 20, 100, 1000];

/// Milliseconds between two play ticks.
pub const TICK_MS: u64 = 100;

/// Rows moved by page up / page down.
pub const PAGE: usize = 10;

/// The legend's scroll bound (the overlay clamps to the lines it drew).
pub const LEGEND_MAX_SCROLL: usize = 200;

/// The highest lambda level the level keys reach.
pub const MAX_LEVEL: u8 = 9;

/// Node limits that [`Action::ChangeLimits`] cycles through (`None`: the puzzle's own).
pub const NODE_LIMITS: [Option<u64>; 4] = [None, Some(1_000), Some(100_000), Some(10_000_000)];

/// The explorer's state.
pub struct App {
    pub puzzle: Puzzle,
    /// The puzzle's text when it has no file to read again (a saved run's puzzle), for
    /// saving the run ([`saved_run`]).
    pub puzzle_source: Option<String>,
    /// The algorithm asked for on the command line (`None`: the puzzle's own).
    pub algorithm: Option<Algorithm>,
    pub spec: SearchSpec,
    /// Index into [`NODE_LIMITS`].
    pub node_limit: usize,
    pub session: Box<dyn Session>,
    /// Id of the running search; messages of older searches are ignored.
    pub search_id: u64,
    pub progress: Progress,
    /// The search's result once it is over.
    pub summary: Option<String>,
    pub selected: Option<NodeId>,
    /// True while the selection follows the node the search is in at the step.
    pub follow: bool,
    pub expanded: FxHashSet<NodeId>,
    pub overlays: Vec<Overlay>,
    pub playing: bool,
    /// Index into [`SPEEDS`].
    pub speed: usize,
    /// Draw the selected node's children's values on the board (lambda searches: the zone
    /// or the root moves' levels).
    pub show_values: bool,
    /// Which zone the board draws at lambda nodes, and up to which order.
    pub zone: ZoneView,
    /// Proof-number searches: the board shows the children's disproof numbers instead of
    /// their proof numbers.
    pub show_dn: bool,
    /// Alpha-beta family: the board shows the history-heuristic heat map (and the side pane
    /// the history list and the killers) instead of the children's values.
    pub show_history: bool,
    /// Hex: the board shows the solver's knowledge of the selected node's position (each
    /// player's edge connection, or the pruned moves) instead of any other overlay.
    pub knowledge: HexOverlay,
    /// Alpha-beta family: the side pane lists the iterations of iterative deepening instead
    /// of the selected node.
    pub show_iterations: bool,
    /// Lambda searches: the maximum level set with the level keys (`None`: the puzzle's, or
    /// the engine's default).
    pub max_level: Option<u8>,
    /// Lambda searches: run the root analysis instead of the search for one win.
    pub root_analysis: bool,
    pub quit: bool,
    /// Set by [`Action::Redraw`]; the terminal loop clears the screen and resets it.
    pub redraw: bool,
    /// A one-line note for the status line (an action that did nothing says why).
    pub message: Option<String>,
    pub keymap: Keymap,
    /// A directory whose `*.toml` puzzle files the picker lists after the bundled ones
    /// (`None`: bundled only).
    pub puzzle_dir: Option<PathBuf>,
    /// The picker's entries, read when it opens.
    pub picker: Vec<PickerEntry>,
    /// The split view's second search (`C`): see [`split`].
    pub split: Option<Box<Split>>,
    /// Lesson mode: the lesson and the step shown (`tab` / `shift-tab`, [`lesson`]).
    pub lesson: Option<lesson::LessonState>,
    /// Tree rows show each node's `(alpha, value, beta)` (lesson mode turns it on).
    pub show_window: bool,
    /// The position editor or a game against the engine, when one is open (it takes the
    /// keys: [`super::editor`]).
    pub modal: Option<super::editor::Modal>,
    /// Class material (`S`): where it goes, a pending overwrite question ([`class`]).
    pub class: class::ClassExport,
    /// Bookmarked steps (`M`, `'`, `"`; [`bookmarks`]).
    pub bookmarks: bookmarks::Bookmarks,
    /// The depth limit set with `@` (`None`: the puzzle's; [`depth`]).
    pub depth_limit: Option<u32>,
    /// The command line's settings (`--ordering`), kept over every restart and the split.
    pub settings: Settings,
    /// How far the node pane and the Why block are scrolled (`}` / `{`; [`text_scroll`]).
    pub text_scroll: text_scroll::TextScroll,
    /// The chart pane ([`chart`]): hidden, or shown from the i-th chart.
    pub chart: chart::ChartState,
    /// Quiz: the answer (the result, the best-move marks, the root's value, the title's
    /// result) is hidden until the search is stepped to its end ([`App::answer_hidden`]).
    pub quiz: bool,
    tx: Sender<Msg>,
}

impl App {
    /// Opens `puzzle` and starts its search; progress arrives on `tx`.
    pub fn new(
        puzzle: Puzzle,
        algorithm: Option<Algorithm>,
        record: u64,
        keymap: Keymap,
        tx: Sender<Msg>,
    ) -> App {
        let spec = SearchSpec::for_puzzle(&puzzle, algorithm, record);
        App::with_spec(puzzle, algorithm, spec, keymap, tx)
    }

    /// Opens `puzzle` with a search of its own (benches and tests set limits this way).
    pub fn with_spec(
        puzzle: Puzzle,
        algorithm: Option<Algorithm>,
        spec: SearchSpec,
        keymap: Keymap,
        tx: Sender<Msg>,
    ) -> App {
        let session = worker::start(&puzzle, spec, 1, tx.clone());
        App::over_session(puzzle, algorithm, spec, session, keymap, tx)
    }

    /// Opens `puzzle` over `session`, a search already started (or a saved record).
    pub fn over_session(
        puzzle: Puzzle,
        algorithm: Option<Algorithm>,
        spec: SearchSpec,
        session: Box<dyn Session>,
        keymap: Keymap,
        tx: Sender<Msg>,
    ) -> App {
        let mut session = session;
        session.set_view(ValueView::default_for(
            puzzle.position.kind() == GameKind::Tree,
        ));
        App {
            puzzle,
            puzzle_source: None,
            algorithm,
            spec,
            node_limit: 0,
            session,
            search_id: 1,
            progress: Progress::default(),
            summary: None,
            selected: None,
            follow: true,
            expanded: FxHashSet::default(),
            overlays: Vec::new(),
            playing: false,
            speed: 2,
            show_values: true,
            show_dn: false,
            show_history: false,
            knowledge: HexOverlay::Off,
            show_iterations: false,
            zone: ZoneView::default(),
            max_level: None,
            root_analysis: false,
            quit: false,
            redraw: false,
            message: None,
            keymap,
            puzzle_dir: None,
            picker: Vec::new(),
            split: None,
            lesson: None,
            show_window: false,
            modal: None,
            class: class::ClassExport::default(),
            bookmarks: bookmarks::Bookmarks::default(),
            depth_limit: None,
            settings: Settings::default(),
            text_scroll: text_scroll::TextScroll::default(),
            chart: None,
            quiz: false,
            tx,
        }
    }

    /// Takes a message from the worker; true when the screen changed.
    pub fn receive(&mut self, msg: Msg) -> bool {
        match msg {
            Msg::Progress(p) if p.id == self.search_id => {
                self.progress = p;
                true
            }
            Msg::Done { id, summary } if id == self.search_id => {
                self.summary = Some(summary);
                true
            }
            Msg::Resize => true,
            _ => false,
        }
    }

    /// Advances play by one tick; true when the step moved.
    pub fn tick(&mut self) -> bool {
        if let Some(modal) = &mut self.modal {
            return modal.tick();
        }
        let split_changed = split::tick(self);
        let moved = self.tick_own() || split_changed;
        self.reveal_at_end();
        moved
    }

    /// Advances this search's play by one tick (not the split's second search).
    pub(crate) fn tick_own(&mut self) -> bool {
        if !self.playing || !self.overlays.is_empty() {
            return false;
        }
        let mut moved = false;
        for _ in 0..SPEEDS[self.speed] {
            if !self.session.forward() {
                if self.session.finished() {
                    self.playing = false;
                }
                break;
            }
            moved = true;
        }
        if moved {
            self.after_step();
        }
        moved
    }

    pub(crate) fn after_step(&mut self) {
        self.follow = true;
        if let Some(current) = self.session.current() {
            self.selected = Some(current);
        }
    }

    /// Applies one action: the top overlay takes it ([`overlays`]), else the split view
    /// routes it to the pane with the focus ([`split::update`], then [`App::update_main`]).
    pub fn update(&mut self, action: Action) {
        self.message = None;
        match (self.overlays.last().copied(), action) {
            (_, Action::QuitNow) => self.quit = true,
            (Some(top), action) => self.overlay_update(top, action),
            // A saved run holds both searches of a split, whichever has the focus.
            (None, Action::SaveRun) => saved_run::save(self),
            (None, action) => split::update(self, action),
        }
        self.reveal_at_end();
    }

    /// Applies an action to this search's view (the split routes to it, see [`split`]): one
    /// named call per action, the method in the room of its concern: walking the tree
    /// ([`walk`]), stepping the record ([`stepping`]), what the board and side pane draw
    /// ([`display`]), running the search ([`running`]), the overlays ([`overlays`],
    /// [`picker`]) and the other rooms of this folder.
    pub(crate) fn update_main(&mut self, action: Action) {
        // Any other key starts the text panes from the top again ([`text_scroll`]).
        if !matches!(action, Action::ScrollTextDown | Action::ScrollTextUp) {
            self.text_scroll.reset();
        }
        match action {
            Action::Up => self.move_selection(-1),
            Action::Down => self.move_selection(1),
            Action::PageUp => self.move_selection(-(PAGE as isize)),
            Action::PageDown => self.move_selection(PAGE as isize),
            Action::Parent => self.select_parent(),
            Action::FirstChild => self.select_first_child(),
            Action::NextSibling => self.select_next_sibling(),
            Action::PreviousSibling => self.select_previous_sibling(),
            Action::Expand => self.expand(),
            Action::Collapse => self.collapse(),
            Action::ExpandAll => self.expand_all(),
            Action::Select => self.toggle_expanded(),
            Action::JumpPv => self.jump_pv(),
            Action::JumpLargest => self.jump_largest(),
            Action::JumpNextCutoff => self.jump_cutoff(true),
            Action::JumpPreviousCutoff => self.jump_cutoff(false),
            Action::JumpNextTtHit => self.jump_tt_hit(true),
            Action::JumpPreviousTtHit => self.jump_tt_hit(false),
            Action::JumpNextIteration => self.jump_iteration(true),
            Action::JumpPreviousIteration => self.jump_iteration(false),
            Action::JumpNextProof => self.jump_proof(true),
            Action::JumpPreviousProof => self.jump_proof(false),
            Action::StepForward => self.step_forward(),
            Action::StepBack => self.step_back(),
            Action::StepNextNode => self.step_node(true),
            Action::StepPreviousNode => self.step_node(false),
            Action::StepNextCutoff => self.step_cutoff(true),
            Action::StepPreviousCutoff => self.step_cutoff(false),
            Action::StepNextExpansion => self.step_expansion(true),
            Action::StepPreviousExpansion => self.step_expansion(false),
            Action::StepNextThreshold => self.step_threshold(true),
            Action::StepPreviousThreshold => self.step_threshold(false),
            Action::StepNextExplained => step_explained(self, true),
            Action::StepPreviousExplained => step_explained(self, false),
            Action::StepNextLevel => level::step(self, true),
            Action::StepPreviousLevel => level::step(self, false),
            Action::StepStart => self.step_start(),
            Action::StepEnd => self.step_end(),
            Action::ToggleBookmark => bookmarks::toggle(self),
            Action::NextBookmark => bookmarks::jump(self, true),
            Action::PreviousBookmark => bookmarks::jump(self, false),
            Action::CycleDepthLimit => depth::cycle(self),
            Action::ExportClass => class::export(self),
            Action::SaveRun => saved_run::save(self),
            Action::PlayPause => self.play_pause(),
            Action::Faster => self.faster(),
            Action::Slower => self.slower(),
            Action::ToggleValues => self.toggle_values(),
            Action::ToggleQuiz => self.toggle_quiz(),
            Action::LevelUp => self.change_level(true),
            Action::LevelDown => self.change_level(false),
            Action::ToggleRootAnalysis => self.toggle_root_analysis(),
            Action::SwitchZone => self.switch_zone(),
            Action::CycleZoneOrder => self.cycle_zone_order(),
            Action::ToggleHistory => self.toggle_history(),
            Action::ToggleIterations => self.toggle_iterations(),
            Action::ToggleView => self.toggle_view(),
            Action::CycleKnowledge => self.cycle_knowledge(),
            Action::ToggleHelp => self.open_help(),
            Action::ToggleLegend => self.open_legend(),
            Action::Redraw => self.redraw = true,
            Action::ScrollTextDown => self.scroll_text(true),
            Action::ScrollTextUp => self.scroll_text(false),
            Action::OpenPicker => self.open_picker(),
            Action::OpenLessons => lesson_picker::open(self),
            Action::CycleAlgorithm => self.cycle_algorithm(),
            // [`split::update`] takes these before they reach a pane.
            Action::ToggleSplit
            | Action::PickSplit
            | Action::SwitchPane
            | Action::ToggleTogether => {}
            Action::ChangeLimits => self.change_limits(),
            Action::CancelSearch => self.cancel_search(),
            Action::ToggleChart | Action::NextChart => chart::update(self, action),
            Action::LessonNext => lesson::next(self),
            Action::LessonPrevious => lesson::previous(self),
            Action::EditPosition => self.open_editor(),
            Action::PlayEngine => self.open_play(),
            Action::Close => {}
            Action::Quit | Action::QuitNow => self.quit = true,
        }
    }

    /// True when the search shown is of the proof-number family (by the algorithm asked
    /// for, or by the record: a session over a recorded trace).
    pub fn is_proof(&self) -> bool {
        self.spec.config.algorithm.is_proof_search() || self.session.is_proof()
    }

    /// True when the running search is lambda or dual-lambda.
    pub fn is_lambda(&self) -> bool {
        self.spec.config.algorithm.is_threat_search()
    }

    /// Waits (tests and benches) until the search is over and its record is
    /// complete, taking the worker's messages.
    pub fn wait_for_search(&mut self, rx: &std::sync::mpsc::Receiver<Msg>) {
        while self.summary.is_none() {
            match rx.recv() {
                Ok(msg) => {
                    self.receive(msg);
                }
                Err(_) => break,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle;
    use std::sync::mpsc::{Receiver, channel};

    fn open(name: &str) -> (App, Receiver<Msg>) {
        let (tx, rx) = channel();
        let p = puzzle::load(name).unwrap();
        let mut app = App::new(p, None, 2_000_000, Keymap::bundled().unwrap(), tx);
        app.wait_for_search(&rx);
        (app, rx)
    }

    #[test]
    fn stepping_selects_the_node_the_search_is_in_and_back_undoes_it() {
        let (mut app, _rx) = open("tree-abc");
        assert_eq!(app.session.step(), 0);
        app.update(Action::StepNextCutoff);
        let cut = app.selected.unwrap();
        assert!(app.session.row(cut).cutoff);
        assert_eq!(app.session.row(cut).label, "c");
        let step = app.session.step();
        app.update(Action::StepForward);
        app.update(Action::StepBack);
        assert_eq!(app.session.step(), step);
        assert_eq!(app.selected, Some(cut));
    }

    /// `v` at the end of a df-pn run: with no descent under way
    /// it walks the solved line (hex-6x6: the proving move d3, then down the proof), and a
    /// second `v` says it is already at the line's end.
    /// `v` at the end of df-pn on hex-4x4: H-search decides the
    /// root (Black's semi connection, key b3) before any move is generated, so there is no
    /// child to walk to; `v` said "the run ended unsolved", and now says what decided it.
    #[test]
    fn v_on_a_root_decided_by_a_connection_names_it() {
        let (mut app, _rx) = open_with("hex-4x4", Algorithm::DfPn);
        app.update(Action::StepEnd);
        let root = app.session.roots().last().copied();
        app.selected = root;
        app.message = None;
        app.update(Action::JumpPv);
        assert_eq!(app.selected, root);
        assert_eq!(
            app.message.as_deref(),
            Some("v: root decided by Black's semi connection (key b3): nothing below was searched")
        );
    }

    #[test]
    fn v_at_the_end_of_a_proof_run_walks_the_proof_line() {
        let (mut app, _rx) = open("hex-6x6");
        app.update(Action::StepEnd);
        let root = app.session.roots().last().copied();
        app.selected = root;
        app.update(Action::JumpPv);
        let end = app.selected.expect("a selection");
        assert_ne!(app.selected, root, "v leaves the root of a solved proof");
        let line = app.session.principal_variation(root.unwrap());
        assert_eq!(line.last(), Some(&end));
        assert_eq!(
            app.session.row(line[0]).label,
            "d3",
            "the proving move first"
        );
        for &n in &line {
            let proof = app.session.row(n).proof.expect("a proof row");
            assert!(
                proof.numbers.is_some_and(|p| p.is_proven()),
                "every node proven"
            );
        }
        app.message = None;
        app.update(Action::JumpPv);
        assert_eq!(app.selected, Some(end));
        let message = app.message.clone().unwrap_or_default();
        assert!(
            message.starts_with("v: already at the end of the proof's main line (root d3 "),
            "{message}"
        );
    }

    /// lambda-df-pn asks its lambda engine about positions after the proof too, and those
    /// calls are parentless roots: `v` took the last of them for the search's root and, at
    /// the end of a proven run, said "the run ended unsolved". It walks the proof root's
    /// main line instead, into the LAMBDA call that proved its last node.
    #[test]
    fn v_walks_a_lambda_dfpn_proof_even_one_proven_at_level_0() {
        // Black captures c3 at once: proven at lambda level 0, by the root's λ0 search.
        let p = puzzle::parse(
            "title = \"capture at once\"\ngame = \"atarigo\"\nsize = [5, 5]\n\
             to_move = \"black\"\nboard = \"\"\"\n. . . . .\n. X . . O\nX O . . .\n\
             . X . . .\n. . . . O\n\"\"\"\n",
            "capture.toml",
        )
        .unwrap();
        let (tx, rx) = channel();
        let mut app = App::new(
            p,
            Some(Algorithm::LambdaDfPn),
            2_000_000,
            Keymap::bundled().unwrap(),
            tx,
        );
        app.wait_for_search(&rx);
        let summary = app.summary.clone().unwrap_or_default();
        assert!(summary.contains("at lambda level 0"), "{summary}");
        app.update(Action::StepEnd);
        assert!(
            app.session.roots().len() > 1,
            "the lambda calls are roots too"
        );
        let root = app.session.main_root().unwrap();
        assert!(app.session.row(root).proof.is_some(), "the proof root");
        app.update(Action::JumpPv);
        let end = app.selected.unwrap();
        assert_eq!(app.session.parent(end), Some(root));
        let row = app.session.row(end);
        assert!(row.label.starts_with("λ0 search"), "{}", row.label);
        assert!(
            row.lambda.unwrap().verdict.unwrap().0.starts_with("WIN"),
            "the call that proved the root"
        );
        app.update(Action::JumpPv);
        assert_eq!(app.selected, Some(end));
        let message = app.message.clone().unwrap_or_default();
        assert_eq!(
            message,
            "v: already at the end of the proof's main line (root λ0 search (Black))"
        );

        // The ladder, proven by the real-game stage: the main line runs down the proof
        // tree to the re-search that won.
        let (mut app, _rx) = open_with("atarigo-ladder", Algorithm::LambdaDfPn);
        app.update(Action::StepEnd);
        app.update(Action::JumpPv);
        let end = app.selected.unwrap();
        let path = app.session.detail(end).path;
        assert_eq!(path.first().map(String::as_str), Some("d3"), "{path:?}");
        assert!(
            app.session.row(end).label.starts_with("re-search λ0"),
            "{}",
            app.session.row(end).label
        );
        app.update(Action::JumpPv);
        let message = app.message.clone().unwrap_or_default();
        assert!(
            message.starts_with("v: already at the end of the proof's main line (root d3 "),
            "{message}"
        );
    }

    #[test]
    fn walking_the_tree() {
        let (mut app, _rx) = open("tree-abc");
        app.update(Action::StepEnd);
        app.update(Action::JumpPv);
        let leaf = app.selected.unwrap();
        assert_eq!(app.session.row(leaf).label, "b1");
        app.update(Action::Parent);
        assert_eq!(app.session.row(app.selected.unwrap()).label, "b");
        app.update(Action::NextSibling);
        assert_eq!(app.session.row(app.selected.unwrap()).label, "c");
        app.update(Action::FirstChild);
        assert_eq!(app.session.row(app.selected.unwrap()).label, "c1");
        app.update(Action::Up);
        assert_eq!(app.session.row(app.selected.unwrap()).label, "c");
        app.update(Action::Down);
        app.update(Action::Down);
        assert_eq!(app.session.row(app.selected.unwrap()).label, "d");
        app.update(Action::Parent);
        app.update(Action::Parent);
        assert_eq!(app.message.as_deref(), Some("the root has no parent"));
    }

    #[test]
    fn jumps_to_cutoffs_in_entry_order() {
        let (mut app, _rx) = open("tree-abc");
        app.update(Action::StepEnd);
        app.update(Action::StepStart);
        app.update(Action::JumpNextCutoff);
        assert_eq!(app.message.as_deref(), Some("no later cutoff at this step"));
        app.update(Action::StepEnd);
        app.selected = None;
        app.update(Action::JumpNextCutoff);
        assert_eq!(app.session.row(app.selected.unwrap()).label, "c");
        // d reaches beta at its last leaf with nothing left to skip: not a cutoff,
        // so c is the tree's only one, as in the textbook.
        app.update(Action::JumpNextCutoff);
        assert_eq!(app.session.row(app.selected.unwrap()).label, "c");
        app.update(Action::JumpPreviousCutoff);
        assert_eq!(app.session.row(app.selected.unwrap()).label, "c");
        app.update(Action::JumpNextTtHit);
        assert_eq!(
            app.message.as_deref(),
            Some("no later table hit at this step")
        );
    }

    #[test]
    fn quit_closes_overlays_first() {
        let (mut app, _rx) = open("tree-abc");
        app.update(Action::OpenPicker);
        app.update(Action::ToggleHelp);
        assert_eq!(app.overlays.len(), 2);
        app.update(Action::Quit);
        app.update(Action::Quit);
        assert!(app.overlays.is_empty());
        assert!(!app.quit);
        app.update(Action::Quit);
        assert!(app.quit);
    }

    #[test]
    fn picker_opens_another_puzzle() {
        let (mut app, rx) = open("tree-abc");
        app.update(Action::OpenPicker);
        let Some(&Overlay::Picker { selected }) = app.overlays.last() else {
            panic!("picker not open");
        };
        assert_eq!(app.picker[selected].name, "tree-abc");
        // The next entry is another small textbook tree (the ones above are large boards
        // whose searches run for minutes).
        app.update(Action::Down);
        app.update(Action::Select);
        assert!(app.overlays.is_empty());
        assert_eq!(app.puzzle.name, puzzle::bundled()[selected + 1].name);
        assert!(app.puzzle.name.starts_with("tree-"), "{}", app.puzzle.name);
        assert_eq!(app.search_id, 2);
        app.wait_for_search(&rx);
        assert!(app.session.finished());
    }

    #[test]
    fn picker_lists_puzzle_files_after_the_bundled_ones() {
        let dir = std::env::temp_dir().join(format!("plyscope-picker-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let tree = "title = \"mine\"\ngame = \"tree\"\ntree = \"(r 1 2)\"\n";
        std::fs::write(dir.join("mine.toml"), tree).unwrap();
        std::fs::write(dir.join("broken.toml"), "game = 3\n").unwrap();
        std::fs::write(dir.join("notes.txt"), "not a puzzle").unwrap();
        // An SGF game record opens too (Go read as AtariGo).
        std::fs::write(dir.join("z-game.sgf"), "(;GM[1]SZ[5]AB[cc]AW[dd])").unwrap();
        let entries = picker_entries(Some(&dir));
        let bundled = puzzle::bundled().len();
        assert_eq!(entries.len(), bundled + 3);
        assert_eq!(entries[bundled + 2].name, "z-game.sgf");
        assert!(
            entries[bundled + 2].detail.starts_with("atarigo 5x5"),
            "{:?}",
            entries[bundled + 2]
        );
        assert_eq!(entries[bundled].name, "broken.toml");
        // The row says why after the name; the whole error names the file by its name, not
        // by the directory's absolute path.
        assert!(
            entries[bundled].detail.starts_with("does not load: line 1"),
            "{:?}",
            entries[bundled]
        );
        let problem = entries[bundled].problem.as_deref().unwrap_or_default();
        assert!(problem.starts_with("broken.toml:1:"), "{problem}");
        assert!(!problem.contains(&dir.display().to_string()), "{problem}");
        assert_eq!(entries[bundled + 1].name, "mine.toml");
        assert!(
            entries[bundled + 1].detail.starts_with("tree"),
            "{:?}",
            entries[bundled + 1]
        );

        let (mut app, rx) = open("tree-abc");
        app.puzzle_dir = Some(dir.clone());
        app.update(Action::OpenPicker);
        app.update(Action::StepEnd); // ignored while the picker is open
        for _ in 0..bundled + 3 {
            app.update(Action::Up);
        }
        for _ in 0..bundled + 1 {
            app.update(Action::Down);
        }
        app.update(Action::Select);
        assert_eq!(app.puzzle.title, "mine");
        app.wait_for_search(&rx);
        assert!(
            app.summary.as_deref().unwrap_or("").contains("value 2"),
            "{:?}",
            app.summary
        );
        app.update(Action::OpenPicker);
        for _ in 0..bundled + 3 {
            app.update(Action::Up);
        }
        for _ in 0..bundled + 2 {
            app.update(Action::Down);
        }
        app.update(Action::Select);
        assert_eq!(
            app.puzzle.title,
            "SGF position (Go read as AtariGo: the first capture wins)"
        );
        app.wait_for_search(&rx);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Opens a bundled puzzle; Thomsen's corners get their depth and level pinned (7 and
    /// 2, his figure's), so the tests do not follow the bundled file's defaults.
    fn open_with(name: &str, algorithm: Algorithm) -> (App, Receiver<Msg>) {
        let (tx, rx) = channel();
        let mut p = puzzle::load(name).unwrap();
        if name == "mnk-4x4-k4-corners" {
            p.limits.max_depth = Some(7);
            p.limits.max_level = Some(2);
        }
        let mut app = App::new(
            p,
            Some(algorithm),
            2_000_000,
            Keymap::bundled().unwrap(),
            tx,
        );
        app.wait_for_search(&rx);
        (app, rx)
    }

    #[test]
    fn level_keys_restart_the_lambda_search_one_level_up_or_down() {
        let (mut app, rx) = open_with("mnk-4x4-k4-corners", Algorithm::Lambda);
        assert_eq!(app.spec.config.lambda.max_level, 2, "the puzzle's level");
        assert_eq!(
            app.summary.as_deref(),
            Some("win at lambda level 2, best c2")
        );
        app.update(Action::LevelUp);
        assert_eq!((app.search_id, app.spec.config.lambda.max_level), (2, 3));
        assert_eq!(app.session.step(), 0, "a new search, a new record");
        assert_eq!(
            app.message.as_deref(),
            Some("maximum level λ3: searching again")
        );
        app.wait_for_search(&rx);
        app.update(Action::LevelDown);
        app.update(Action::LevelDown);
        assert_eq!((app.search_id, app.spec.config.lambda.max_level), (4, 1));
        app.wait_for_search(&rx);
        assert_eq!(
            app.summary.as_deref(),
            Some("unknown within limits"),
            "no lambda-1 win"
        );
        app.update(Action::LevelDown);
        assert_eq!(app.search_id, 4, "level 1 is the floor");
        assert_eq!(app.message.as_deref(), Some("the maximum level stays λ1"));
    }

    #[test]
    fn root_analysis_classifies_every_root_move() {
        use crate::view::lambda::RootMark;
        let (mut app, rx) = open_with("mnk-4x4-k4-corners", Algorithm::Lambda);
        app.update(Action::ToggleRootAnalysis);
        assert!(app.root_analysis && app.spec.root_analysis);
        assert_eq!(app.search_id, 2);
        app.wait_for_search(&rx);
        let summary = app.summary.clone().unwrap();
        assert!(summary.starts_with("root analysis: "), "{summary}");
        // Thomsen's corners: of the eight winning moves of the puzzle's [expect], two win
        // at level 2 within the depth of 7; the others are not proven at levels <= 2.
        let wins: Vec<&str> = summary
            .trim_start_matches("root analysis: ")
            .split(", ")
            .filter(|w| w.ends_with("wins λ2"))
            .map(|w| w.split(' ').next().unwrap())
            .collect();
        let mut wins = wins;
        wins.sort();
        assert_eq!(wins, ["b3", "c2"]);
        assert!(summary.contains("b1 ?"), "{summary}");
        // The board's root marks say the same.
        app.update(Action::StepEnd);
        let marks = app.session.root_marks();
        assert_eq!(
            marks
                .iter()
                .filter(|(_, m)| *m == RootMark::Wins(2))
                .count(),
            2
        );
        assert_eq!(marks.len(), 13, "every empty point is a root move");
        app.update(Action::ToggleRootAnalysis);
        assert!(!app.spec.root_analysis);
    }

    #[test]
    fn zone_keys_cycle_the_orders_and_switch_the_side() {
        use crate::view::lambda::{ZoneOrders, ZoneSide};
        let (mut app, _rx) = open_with("mnk-4x4-k4-corners", Algorithm::Lambda);
        assert_eq!(app.zone.orders, ZoneOrders::All);
        app.update(Action::CycleZoneOrder);
        assert_eq!(app.zone.orders, ZoneOrders::One);
        app.update(Action::CycleZoneOrder);
        app.update(Action::CycleZoneOrder);
        assert_eq!(app.zone.orders, ZoneOrders::UpToThree);
        assert_eq!(app.message.as_deref(), Some("zone: orders <=3"));
        assert_eq!(app.zone.side, ZoneSide::Attack);
        app.update(Action::SwitchZone);
        assert_eq!(app.zone.side, ZoneSide::Defence);
        assert_eq!(app.message.as_deref(), Some("zone: D-zone"));
        app.update(Action::SwitchZone);
        assert_eq!(app.zone.side, ZoneSide::Attack);
        // Alpha-beta has no zones: the keys say so and change nothing.
        let (mut app, _rx) = open("tree-abc");
        app.update(Action::SwitchZone);
        assert_eq!(app.zone.side, ZoneSide::Attack);
        assert!(app.message.as_deref().unwrap().contains("lambda"));
        app.update(Action::LevelUp);
        assert_eq!(app.search_id, 1);
    }

    #[test]
    fn algorithm_cycle_reaches_lambda_for_stones_and_skips_it_for_trees() {
        let (mut app, rx) = open_with("mnk-4x4-k4-corners", Algorithm::IterativeDeepening);
        for expected in [
            Algorithm::Lambda,
            Algorithm::DualLambda,
            Algorithm::Pns,
            Algorithm::Pn2,
            Algorithm::DfPn,
            Algorithm::LambdaDfPn,
            Algorithm::Minimax,
        ] {
            app.update(Action::CycleAlgorithm);
            assert_eq!(app.spec.config.algorithm, expected);
            assert_eq!(app.is_proof(), expected.is_proof_search());
            app.session.cancel();
            app.wait_for_search(&rx);
        }

        // A tree of win/draw/loss leaves takes the proof-number searches but no threat search.
        let (mut app, rx) = open_with("tree-004-fig-6-20", Algorithm::IterativeDeepening);
        for (expected, message) in [
            (Algorithm::Pns, "skipped lambda dual-lambda (no pass)"),
            (Algorithm::Pn2, ""),
            (Algorithm::DfPn, ""),
            (Algorithm::Minimax, "skipped lambda-dfpn (no pass)"),
        ] {
            app.update(Action::CycleAlgorithm);
            assert_eq!(app.spec.config.algorithm, expected);
            assert_eq!(
                app.message.as_deref(),
                (!message.is_empty()).then_some(message)
            );
            app.wait_for_search(&rx);
        }
    }

    #[test]
    fn the_worker_runs_every_proof_number_engine_with_the_recorder() {
        for algorithm in Algorithm::PROOF_FAMILY {
            let (mut app, rx) = open_with("tictactoe-fork", algorithm);
            app.wait_for_search(&rx);
            let summary = app.summary.clone().unwrap();
            assert!(summary.starts_with("proven"), "{algorithm}: {summary}");
            assert!(summary.contains("best c1"), "{algorithm}: {summary}");
            assert!(app.is_proof());
            app.update(Action::StepEnd);
            let root = app.session.roots()[0];
            let row = app.session.row(root).proof.expect("a proof root");
            assert_eq!(row.solved, Some("PROVEN"), "{algorithm}");
            // The first expansion is the root's (or, for lambda-df-pn, after its threat
            // checks): the board shows its children's numbers.
            app.update(Action::StepStart);
            app.update(Action::StepNextExpansion);
            let node = app.selected.unwrap();
            assert!(app.session.detail(node).proof.unwrap().children > 0);
        }
        // A draw disproves the goal unless the puzzle says a draw is the attacker's.
        let (tx, rx) = channel();
        let mut p = puzzle::load("tictactoe").unwrap();
        p.draw_counts_for_attacker = true;
        let mut app = App::new(
            p,
            Some(Algorithm::DfPn),
            2_000_000,
            Keymap::bundled().unwrap(),
            tx,
        );
        app.wait_for_search(&rx);
        assert!(app.summary.as_deref().unwrap().starts_with("proven"));
        let (mut app, rx) = open_with("tictactoe", Algorithm::DfPn);
        app.wait_for_search(&rx);
        assert!(app.summary.as_deref().unwrap().starts_with("disproven"));
    }

    #[test]
    fn lambda_jumps_find_proofs_cutoffs_and_level_changes() {
        let (mut app, _rx) = open_with("mnk-4x4-k4-corners", Algorithm::Lambda);
        app.update(Action::StepEnd);
        // v: the end of the proof's main line, through attack, defence and re-search.
        app.update(Action::JumpPv);
        let end = app.selected.unwrap();
        let path = app.session.detail(end).path;
        assert_eq!(path.first().map(String::as_str), Some("c2"), "{path:?}");
        assert!(path.len() >= 3, "{path:?}");
        app.selected = None;
        app.update(Action::JumpNextProof);
        let proof = app.selected.expect("a proof");
        let row = app.session.row(proof);
        assert!(
            row.lambda.unwrap().verdict.unwrap().0.starts_with("WIN"),
            "{}",
            row.label
        );
        app.selected = None;
        app.update(Action::JumpNextIteration);
        let first = app.selected.expect("the first attack move of level 1");
        app.update(Action::JumpNextIteration);
        let second = app.selected.expect("the first attack move of level 2");
        assert!(second > first);
        let detail = app.session.detail(second).lambda.unwrap();
        assert_eq!(detail.role, "attack move");
        app.selected = None;
        app.update(Action::JumpNextCutoff);
        assert!(app.selected.is_some());
        // n steps to the first cutoff: the search leaves a winning attack or a refuting
        // defence there.
        app.update(Action::StepStart);
        app.update(Action::StepNextCutoff);
        let step = app.session.step();
        assert!(step > 0);
        let node = app.selected.unwrap();
        let words = app.session.row(node).lambda.unwrap().verdict.unwrap().0;
        assert!(words == "refutes" || words.starts_with("WIN"), "{words}");
        app.update(Action::StepNextCutoff);
        assert!(app.session.step() > step);
        app.update(Action::StepPreviousCutoff);
        assert_eq!(app.session.step(), step);
    }

    #[test]
    fn play_advances_by_the_speed() {
        let (mut app, _rx) = open("tree-abc");
        app.update(Action::PlayPause);
        app.speed = 1;
        assert!(app.tick());
        assert_eq!(app.session.step(), SPEEDS[1]);
        app.update(Action::PlayPause);
        assert!(!app.tick());
    }

    /// `;` and `:` step to the next and previous event worth explaining
    /// ([`crate::view::explain::worth`]) and select its node.
    #[test]
    fn the_key_jumps_to_the_next_event_worth_explaining() {
        use crate::tui::keymap::Keymap;
        use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
        let (tx, rx) = std::sync::mpsc::channel();
        let p = crate::puzzle::load("tree-abc").unwrap();
        let keymap = Keymap::bundled().unwrap();
        let mut app = App::new(p, None, 2_000_000, keymap.clone(), tx);
        app.wait_for_search(&rx);
        let press = |c| keymap.action(&KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
        let next = press(';').expect("; is bound");
        let previous = press(':').expect(": is bound");
        app.update(next);
        assert_eq!(app.session.step(), 16, "right after the first cutoff");
        let x = app.session.explain().unwrap();
        assert!(
            x.headline.starts_with("alpha cutoff: 2 <= alpha 3"),
            "{}",
            x.headline
        );
        assert_eq!(app.selected, x.node);
        app.update(next);
        assert_eq!(app.session.step(), 26);
        app.update(previous);
        assert_eq!(app.session.step(), 16);
        app.update(previous);
        assert_eq!(app.session.step(), 16, "no earlier one: the step stays");
        assert_eq!(
            app.message.as_deref(),
            Some("no earlier event worth explaining")
        );
        app.update(next);
        app.update(next);
        assert_eq!(app.session.step(), 28, "the root's result");
        app.update(next);
        assert_eq!(
            app.message.as_deref(),
            Some("no later event worth explaining")
        );
    }
}
