//! Running the search: starting it, starting it again with other settings (algorithm,
//! node limit, lambda level, root analysis), cancelling it, and playing the record at a
//! speed.

use crate::puzzle::{GameKind, Puzzle};
use crate::run::progress::Progress;
use crate::run::registry;
use crate::run::spec::SearchSpec;
use crate::search::Algorithm;
use crate::view::max_view::ValueView;

use super::{App, MAX_LEVEL, NODE_LIMITS, SPEEDS, worker};

impl App {
    /// Restarts the search with the current algorithm and limits.
    pub(crate) fn restart(&mut self) {
        self.session.cancel();
        let mut spec = SearchSpec::for_puzzle(&self.puzzle, self.algorithm, self.spec.record)
            .with_settings(&self.settings);
        if let Some(nodes) = NODE_LIMITS[self.node_limit] {
            spec.limits.nodes = Some(nodes);
        }
        if let Some(level) = self.max_level {
            spec.config.lambda.max_level = level;
        }
        if let Some(depth) = self.depth_limit {
            spec.limits.max_depth = Some(depth);
        }
        spec.root_analysis = self.root_analysis;
        self.run_spec(spec);
    }

    /// Runs `spec` on `puzzle` (lesson mode: a step's own search settings), as a restart.
    pub fn start_search(&mut self, puzzle: Puzzle, algorithm: Option<Algorithm>, spec: SearchSpec) {
        self.session.cancel();
        self.puzzle = puzzle;
        self.algorithm = algorithm;
        self.node_limit = 0;
        self.max_level = None;
        self.depth_limit = None;
        self.root_analysis = false;
        self.run_spec(spec);
    }

    /// Starts `spec` on the current puzzle as a new search (the running one is cancelled
    /// by the callers) and resets what belonged to the old record.
    pub(super) fn run_spec(&mut self, spec: SearchSpec) {
        self.spec = spec;
        self.search_id += 1;
        // The new search keeps the view the old one was shown in.
        let view = self.session.view();
        self.session = worker::start(&self.puzzle, spec, self.search_id, self.tx.clone());
        self.session.set_view(view);
        self.progress = Progress::default();
        self.summary = None;
        self.selected = None;
        self.follow = true;
        self.expanded.clear();
        self.playing = false;
        self.bookmarks.clear();
    }

    /// Opens another puzzle with its own algorithm.
    pub fn open(&mut self, puzzle: Puzzle) {
        self.split = None;
        self.puzzle = puzzle;
        self.puzzle_source = None;
        self.algorithm = None;
        self.node_limit = 0;
        self.max_level = None;
        self.depth_limit = None;
        self.root_analysis = false;
        self.restart();
        self.session.set_view(ValueView::default_for(
            self.puzzle.position.kind() == GameKind::Tree,
        ));
    }

    /// Starts or stops playing the record.
    pub(super) fn play_pause(&mut self) {
        self.playing = !self.playing;
    }

    /// Plays more events per tick.
    pub(super) fn faster(&mut self) {
        self.speed = (self.speed + 1).min(SPEEDS.len() - 1);
    }

    /// Plays fewer events per tick.
    pub(super) fn slower(&mut self) {
        self.speed = self.speed.saturating_sub(1);
    }

    /// The level keys: one level up or down (at least 1) and search again.
    pub(super) fn change_level(&mut self, up: bool) {
        if !self.is_lambda() {
            self.message = Some("levels belong to lambda searches (a: algorithm)".to_string());
            return;
        }
        let now = self.spec.config.lambda.max_level;
        let level = if up {
            now.saturating_add(1).min(MAX_LEVEL)
        } else {
            now.saturating_sub(1).max(1)
        };
        if level == now {
            self.message = Some(format!("the maximum level stays λ{now}"));
            return;
        }
        self.max_level = Some(level);
        self.restart();
        self.message = Some(format!("maximum level λ{level}: searching again"));
    }

    /// Lambda searches: the root analysis (every root move classified) or the search for one
    /// win, searched again.
    pub(super) fn toggle_root_analysis(&mut self) {
        if !self.is_lambda() {
            self.message =
                Some("root analysis belongs to lambda searches (a: algorithm)".to_string());
            return;
        }
        self.root_analysis = !self.root_analysis;
        self.restart();
        self.message = Some(
            if self.root_analysis {
                "root analysis: every root move classified"
            } else {
                "search for a win"
            }
            .to_string(),
        );
    }

    /// `a`: the next algorithm that applies to the puzzle, searched again.
    pub(super) fn cycle_algorithm(&mut self) {
        let (next, skipped) = registry::next_applicable(&self.puzzle, self.spec.config.algorithm);
        self.algorithm = Some(next);
        self.restart();
        self.message = skipped;
    }

    /// `m`: the next node limit of [`NODE_LIMITS`], searched again.
    pub(super) fn change_limits(&mut self) {
        self.node_limit = (self.node_limit + 1) % NODE_LIMITS.len();
        self.restart();
    }

    /// Stops the running search (its record so far stays).
    pub(super) fn cancel_search(&mut self) {
        if self.session.finished() {
            self.message = Some("the search is over already".to_string());
        } else {
            self.session.cancel();
        }
    }
}
