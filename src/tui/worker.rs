//! The search worker (design.md section 1, "the log grows while the engine runs"): runs
//! `search::solve` with a [`Recorder`] on its own thread and hands the explorer a
//! game-erased [`Session`] over the growing trace.
//!
//! The dispatch on [`Position`] happens once, in [`start`]; everything below is monomorphic
//! per game ([`GameSession`]). Progress (nodes, nodes/s, depth, best move so far) is sent a
//! few times a second on the same channel as the input events ([`Msg`]), so the explorer
//! waits on one receiver. Lambda and dual-lambda searches are recorded the same way; what
//! the views show of them is [`lambda`]'s. Proof-number searches (issue 5) run
//! `search::proof::proof_search` with the puzzle's draw rule; what the views show of them
//! is [`proof`]'s. Cancelling is [`Session::cancel`], which asks the recorder to break at
//! the next node (`LiveTrace::request_stop`).

pub mod explain;
pub mod heuristics;
pub mod lambda;
pub mod proof;

use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::KeyEvent;

use crate::game::{Game, MoveList, Player, Point, StoneGame};
use crate::games::atarigo::AtariGo;
use crate::games::dama::{Dama, DamaMove};
use crate::games::hex::Hex;
use crate::games::mnk::Mnk;
use crate::games::tree::TreeGame;
use crate::lesson::Landed;
use crate::puzzle::{Position, Puzzle};
use crate::search::config::MoveOrdering;
use crate::search::observer::{LambdaNodeKind, LambdaVerdict};
use crate::search::{self, Algorithm, Bound, Limits, SearchConfig, SearchGame, Value, Window};
use crate::trace::live::LiveTrace;
use crate::trace::recorder::{RecordConfig, Recorder};
use crate::trace::replay::{NodeStatus, PnMark, Replay, TtLookup, pn_mark_at};
use crate::trace::store::{EventKind, NodeId, NodeKind, Trace};

use lambda::{LambdaDetail, LambdaRow, RootMark, ZoneView};
use proof::{ProofDetail, ProofMark, ProofRow};

/// How often progress is sent while a search runs.
pub const PROGRESS_INTERVAL: Duration = Duration::from_millis(250);

/// Everything the explorer's loop waits for, on one channel.
#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    /// A key press.
    Key(KeyEvent),
    /// The terminal changed size.
    Resize,
    /// Reading the terminal failed: the explorer cannot take keys any more and stops.
    InputLost(String),
    /// The running search's progress.
    Progress(Progress),
    /// The search with this id is over.
    Done { id: u64, summary: String },
}

/// A snapshot of a running search.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Progress {
    /// The search this belongs to (a restarted search gets a new id).
    pub id: u64,
    /// Nodes searched so far: those recorded, plus an estimate for the part of the search
    /// past the record budget (see `estimated`).
    pub nodes: u64,
    /// True when `nodes` includes an estimate: the record is full and the engine goes on
    /// unrecorded, so its nodes are the unrecorded events times the record's nodes per event.
    pub estimated: bool,
    /// Nodes per second since the start.
    pub nodes_per_second: f64,
    /// The iteration depth announced last, if any.
    pub depth: Option<u32>,
    /// The best root move so far, in the game's notation.
    pub best_move: Option<String>,
}

/// What a mark on the board means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MarkKind {
    /// A child's value.
    Value,
    /// A point of a relevance zone, with its order.
    Zone(u8),
    /// A root move's result (thesis 000 figures 5.1-5.3).
    Root(RootMark),
    /// A child's proof or disproof number (proof-number searches).
    Proof(ProofMark),
    /// A move's history score as a heat digit 1-9 (the history-heuristic heat map).
    History(u8),
}

/// A mark drawn on an empty point of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardMark {
    pub point: Point,
    pub text: String,
    pub kind: MarkKind,
}

/// What the board pane is asked to draw besides the position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoardOptions {
    /// Draw the overlays (children's values; for lambda searches the zone or the root
    /// marks).
    pub values: bool,
    /// Which zone, and which of its orders.
    pub zone: ZoneView,
    /// Proof-number searches: the children's disproof numbers instead of their proof
    /// numbers.
    pub show_dn: bool,
    /// Alpha-beta family: the history-heuristic heat map instead of the children's values.
    pub history: bool,
}

/// What the board pane draws for a node.
#[derive(Clone, Debug, PartialEq)]
pub enum BoardView {
    /// A board of stones; `hex` draws it as a slanted rhombus.
    Stones {
        columns: usize,
        rows: usize,
        hex: bool,
        /// Index = x + y * columns, y = 0 the bottom row.
        cells: Vec<Option<Player>>,
        /// The stone played last to reach the node.
        last_move: Option<Point>,
        /// Marks on empty points: children's values, zone orders or root marks.
        overlay: Vec<BoardMark>,
        /// One line under the board that says what the marks are.
        legend: Option<String>,
    },
    /// A text diagram (a literal tree: its path and subtree).
    Text(String),
}

/// One row of the tree pane.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeRow {
    pub id: NodeId,
    /// Plies from the root.
    pub ply: usize,
    /// The move that reached it (`root` for a root).
    pub label: String,
    pub status: NodeStatus,
    pub has_children: bool,
    /// The value so far or final (from the side to move's view), with its bound.
    pub value: Option<(Value, Bound)>,
    pub cutoff: bool,
    pub tt_hit: bool,
    /// The parent's best child so far.
    pub best: bool,
    /// Lambda nodes: level and verdict (the label then names the move or the LAMBDA call).
    pub lambda: Option<LambdaRow>,
    /// Proof nodes: `[pn, dn]`, solved or not, on the current descent.
    pub proof: Option<ProofRow>,
    /// Alpha-beta nodes: the window at entry (the lessons' `(alpha, value, beta)` rows).
    pub window: Option<Window>,
}

/// A marker that [`Session::find_node`] looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    /// The node's search ended in a cutoff.
    Cutoff,
    /// A table entry decided the node.
    TtHit,
    /// A proof: a win of the attacker (lambda searches).
    Proof,
    /// The first move of an ATTACK at a new level (lambda searches).
    LevelChange,
}

/// The side pane's facts about a node as of the step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeDetail {
    pub path: Vec<String>,
    pub ply: usize,
    pub depth: u32,
    pub to_move: Player,
    pub status: NodeStatus,
    pub window: Option<Window>,
    pub value: Option<Value>,
    pub bound: Option<Bound>,
    /// "value 70 >= beta 70: 2 moves skipped (c3 d4)".
    pub cutoff: Option<String>,
    pub tt: Option<String>,
    pub iteration: u32,
    pub subtree_nodes: u32,
    /// Lambda nodes: attacker, level, threat answered, zones, table, verdict.
    pub lambda: Option<LambdaDetail>,
    /// Proof nodes: numbers, thresholds, the frames of the current descent.
    pub proof: Option<ProofDetail>,
    /// Alpha-beta nodes: null move, forward pruning, killers and the move order before
    /// and after sorting, in words ([`heuristics::node_lines`]).
    pub heuristics: Vec<heuristics::Line>,
}

/// A game-erased view of one recorded search and its replay cursor.
pub trait Session: Send {
    /// Events recorded so far.
    fn len(&self) -> usize;
    /// True when no event is recorded yet.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// True once the search is over and fully recorded.
    fn finished(&self) -> bool;
    /// Events the engine made after the record budget ran out.
    fn unrecorded(&self) -> u64;
    /// The replay step.
    fn step(&self) -> usize;
    /// The tree as of the step: nodes entered and the deepest ply among them (the split
    /// view's headers, issue 7).
    fn tree_so_far(&self) -> (usize, usize);
    /// One event forward; false at the end of the record.
    fn forward(&mut self) -> bool;
    /// One event back; false at step 0.
    fn back(&mut self) -> bool;
    /// Moves to `step` (clamped to the record).
    fn seek(&mut self, step: usize);
    /// Moves right after the next (or previous) event of `kind`; false when there is none.
    fn seek_kind(&mut self, kind: EventKind, forward: bool) -> bool;
    /// Lambda searches: moves right after the next (or previous) leave of a node that ended
    /// a loop early (a winning attack move, a refuting defence) and returns that node; `None`
    /// (and no move) when there is none.
    fn seek_lambda_cutoff(&mut self, forward: bool) -> Option<NodeId>;
    /// Proof-number searches: steps to right after the next (or previous) expansion, proof
    /// or threshold change; returns the node it happened to.
    fn seek_pn(&mut self, mark: PnMark, forward: bool) -> Option<NodeId>;
    /// True when the recorded search is of the proof-number family.
    fn is_proof(&self) -> bool;
    /// The node the search is in at the step.
    fn current(&self) -> Option<NodeId>;
    /// Roots entered by the step (one per iteration).
    fn roots(&self) -> Vec<NodeId>;
    /// A node's parent.
    fn parent(&self, node: NodeId) -> Option<NodeId>;
    /// Children entered by the step, in search order.
    fn children(&self, node: NodeId) -> Vec<NodeId>;
    /// The principal variation below `node` as of the step.
    fn principal_variation(&self, node: NodeId) -> Vec<NodeId>;
    /// The child with the largest subtree so far.
    fn largest_child(&self, node: NodeId) -> Option<NodeId>;
    /// The first node after `from` (before it when `forward` is false; from the start or
    /// the end when `from` is `None`), in entry order and entered by the step, that shows
    /// `marker`.
    fn find_node(&self, from: Option<NodeId>, forward: bool, marker: Marker) -> Option<NodeId>;
    /// The tree pane's row for a node.
    fn row(&self, node: NodeId) -> NodeRow;
    /// The side pane's facts for a node.
    fn detail(&self, node: NodeId) -> NodeDetail;
    /// The board at a node (`None`: the puzzle's position) with the overlays `options` ask
    /// for: the children's values; for lambda nodes the zone of the chosen side, or at a
    /// root search each root move's level.
    fn board(&self, node: Option<NodeId>, options: BoardOptions) -> BoardView;
    /// Lambda searches: each root attack move's mark as of the step (thesis 000 figures
    /// 5.1-5.3), with its point (`None` for games without points).
    fn root_marks(&self) -> Vec<(Option<Point>, RootMark)>;
    /// The iterations of iterative deepening entered by the step.
    fn iterations(&self) -> Vec<heuristics::IterationRow>;
    /// The history table as of the step, highest score first, in the game's notation
    /// (`None` when the search ran with the history heuristic off).
    fn history(&self) -> Option<Vec<(String, u64)>>;
    /// The moves from the root to `node`, in the game's notation, each formatted in the
    /// position where it is played (the editor and play mode rebuild the node's position
    /// from them). Empty for an unknown node.
    fn line_moves(&self, node: NodeId) -> Vec<String>;
    /// The last event that happened at the step, in plain language ([`explain`]); `None`
    /// at step 0.
    fn explain(&self) -> Option<explain::Explanation>;
    /// Steps to right after the next (or previous) event worth explaining
    /// ([`explain::worth`]); false, and no move, when there is none.
    fn seek_explained(&mut self, forward: bool) -> bool;
    /// Asks the engine to stop.
    fn cancel(&self);
    /// Lessons: the kinds of the recorded event `index` (0-based: the replay is at step
    /// `index + 1` after it) and its node; `None` past the record.
    fn landed(&self, index: usize) -> Option<(Landed, Option<NodeId>)>;
}

/// Which search to run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchSpec {
    pub config: SearchConfig,
    pub limits: Limits,
    /// The record budget in events (`--record`).
    pub record: u64,
    /// Lambda searches: classify every root move (thesis 000 figures 5.1-5.3,
    /// `search::lambda::analyse_root`) instead of searching for one win.
    pub root_analysis: bool,
    /// Proof-number searches: a draw reaches the goal (the puzzle's `draw = "attacker"`);
    /// otherwise a draw disproves it.
    pub draw_for_attacker: bool,
}

impl SearchSpec {
    /// The search a puzzle asks for: `algorithm` (else the puzzle's own, else `id`), the
    /// puzzle's limits; a literal tree is searched in textbook form (no table, generator
    /// order) so the screen matches the seeds' figures.
    pub fn for_puzzle(puzzle: &Puzzle, algorithm: Option<Algorithm>, record: u64) -> SearchSpec {
        let algorithm = algorithm
            .or(puzzle.algorithm)
            .unwrap_or(Algorithm::IterativeDeepening);
        let mut config = match puzzle.position {
            Position::Tree(_) => SearchConfig::plain(algorithm),
            _ => SearchConfig::for_algorithm(algorithm),
        };
        // Lambda searches: the puzzle's maximum level (the level keys override it).
        if let Some(level) = puzzle.limits.max_level {
            config.lambda.max_level = level.clamp(1, u8::MAX as u32) as u8;
        }
        SearchSpec {
            config,
            limits: puzzle.limits.search_limits(),
            record,
            root_analysis: false,
            draw_for_attacker: puzzle.draw_counts_for_attacker,
        }
    }
}

/// Starts the search of `puzzle` on its own thread; progress and the end go to `tx`
/// tagged with `id`.
pub fn start(puzzle: &Puzzle, spec: SearchSpec, id: u64, tx: Sender<Msg>) -> Box<dyn Session> {
    match &puzzle.position {
        Position::Mnk(g) => GameSession::start(g.clone(), spec, id, tx),
        Position::AtariGo(g) => GameSession::start(g.clone(), spec, id, tx),
        Position::Hex(g) => GameSession::start(g.clone(), spec, id, tx),
        Position::Tree(g) => GameSession::start(g.clone(), spec, id, tx),
        Position::Dama(g) => GameSession::start(g.clone(), spec, id, tx),
        Position::Gobblet(g) => GameSession::start(g.clone(), spec, id, tx),
    }
}

/// What a game adds to [`SearchGame`] for the board pane.
pub trait BoardGame: SearchGame {
    /// The board of this position; `last` is the move that reached it.
    /// `overlay` holds marks on moves' points, `legend` says what they are.
    fn board_view(
        &self,
        last: Option<Self::Move>,
        overlay: Vec<(Self::Move, String, MarkKind)>,
        legend: Option<String>,
    ) -> BoardView;

    /// The move that plays on point `p` (zones are per point), if the game has points.
    fn point_move(&self, p: Point) -> Option<Self::Move>;
}

fn stone_view<G: StoneGame>(
    game: &G,
    hex: bool,
    last: Option<Point>,
    overlay: Vec<(Point, String, MarkKind)>,
    legend: Option<String>,
) -> BoardView {
    BoardView::Stones {
        columns: game.columns(),
        rows: game.rows(),
        hex,
        cells: (0..game.num_points() as Point)
            .map(|p| game.stone(p))
            .collect(),
        last_move: last,
        overlay: overlay
            .into_iter()
            .map(|(point, text, kind)| BoardMark { point, text, kind })
            .collect(),
        legend,
    }
}

impl BoardGame for Mnk {
    fn point_move(&self, p: Point) -> Option<Point> {
        Some(p)
    }

    fn board_view(
        &self,
        last: Option<Point>,
        overlay: Vec<(Point, String, MarkKind)>,
        legend: Option<String>,
    ) -> BoardView {
        stone_view(self, false, last, overlay, legend)
    }
}

impl BoardGame for AtariGo {
    fn point_move(&self, p: Point) -> Option<Point> {
        Some(p)
    }

    fn board_view(
        &self,
        last: Option<Point>,
        overlay: Vec<(Point, String, MarkKind)>,
        legend: Option<String>,
    ) -> BoardView {
        stone_view(self, false, last, overlay, legend)
    }
}

impl BoardGame for Hex {
    fn point_move(&self, p: Point) -> Option<Point> {
        Some(p)
    }

    fn board_view(
        &self,
        last: Option<Point>,
        overlay: Vec<(Point, String, MarkKind)>,
        legend: Option<String>,
    ) -> BoardView {
        stone_view(self, true, last, overlay, legend)
    }
}

impl BoardGame for TreeGame {
    fn point_move(&self, _p: Point) -> Option<u16> {
        None
    }

    fn board_view(
        &self,
        _last: Option<u16>,
        _overlay: Vec<(u16, String, MarkKind)>,
        _legend: Option<String>,
    ) -> BoardView {
        BoardView::Text(self.diagram())
    }
}

/// Czech checkers is drawn as its text diagram (pieces `x`/`X`, `o`/`O`), like a tree; the
/// move that reached the node is named under it.
impl BoardGame for Dama {
    fn point_move(&self, _p: Point) -> Option<DamaMove> {
        None
    }

    fn board_view(
        &self,
        last: Option<DamaMove>,
        _overlay: Vec<(DamaMove, String, MarkKind)>,
        _legend: Option<String>,
    ) -> BoardView {
        text_with_last_move(self, last)
    }
}

/// Gobblet's board is a text grid of stacks (`X4`, `O1X3`: bottom to top), its reserves and
/// the side to move; the move that reached the node is named under it.
impl BoardGame for crate::games::gobblet::Gobblet {
    fn point_move(&self, _p: Point) -> Option<Self::Move> {
        None
    }

    fn board_view(
        &self,
        last: Option<Self::Move>,
        _overlay: Vec<(Self::Move, String, MarkKind)>,
        _legend: Option<String>,
    ) -> BoardView {
        text_with_last_move(self, last)
    }
}

/// The game's text diagram with the move that reached the node named under it (games whose
/// pieces move: no point overlay).
fn text_with_last_move<G: Game>(game: &G, last: Option<G::Move>) -> BoardView {
    let mut text = game.diagram();
    if let Some(m) = last {
        text.push_str(&format!("last move: {}\n", game.format_move(m)));
    }
    BoardView::Text(text)
}

/// The monomorphic session of one game.
pub struct GameSession<G: BoardGame> {
    root: G,
    live: Arc<LiveTrace<G::Move>>,
    replay: Replay,
    /// The move ordering the search ran with (the killer and history views follow it).
    ordering: MoveOrdering,
    /// The killer and history tables as of the step (board, history list) and as of the
    /// selected node's ordering (side pane), kept between frames.
    step_tables: Mutex<heuristics::TableCache<G::Move>>,
    node_tables: Mutex<heuristics::TableCache<G::Move>>,
}

impl<G: BoardGame> GameSession<G> {
    fn start(root: G, spec: SearchSpec, id: u64, tx: Sender<Msg>) -> Box<dyn Session> {
        let config = RecordConfig {
            budget: spec.record,
            ..RecordConfig::default()
        };
        let mut recorder: Recorder<G> = Recorder::new(config);
        let live = recorder.live();
        let mut game = root.clone();
        let search_config = spec.config;
        let limits = spec.limits;
        let analyse = spec.root_analysis && search_config.algorithm.is_threat_search();
        let draw_for_attacker = spec.draw_for_attacker;
        let engine = thread::spawn(move || {
            if analyse {
                return root_analysis(&mut game, &search_config, &limits, recorder);
            }
            if search_config.algorithm.is_proof_search() {
                return proof_run(
                    &mut game,
                    &search_config,
                    &limits,
                    draw_for_attacker,
                    recorder,
                );
            }
            let result = search::solve(&mut game, &search_config, &limits, &mut recorder);
            recorder.finish();
            let best = result.best_move.map(|m| game.format_move(m));
            let outcome = if search_config.algorithm.is_threat_search() {
                // A threat search proves a level, not a value.
                result.verdict.to_string()
            } else {
                format!("{} value {}", result.verdict.word(), result.value)
            };
            format!(
                "{}{}{}",
                outcome,
                best.map_or(String::new(), |m| format!(", best {m}")),
                if result.stopped { " (stopped)" } else { "" }
            )
        });
        let watched = Arc::clone(&live);
        let root_for_progress = root.clone();
        thread::spawn(move || {
            let started = Instant::now();
            let mut replay = Replay::new();
            let mut next = started + PROGRESS_INTERVAL;
            while !engine.is_finished() {
                // Short naps, so the end is reported at once; progress every interval.
                thread::sleep(Duration::from_millis(10));
                if Instant::now() < next {
                    continue;
                }
                next += PROGRESS_INTERVAL;
                let progress = progress_of(&root_for_progress, &watched, id, started, &mut replay);
                if tx.send(Msg::Progress(progress)).is_err() {
                    watched.request_stop();
                }
            }
            let summary = engine
                .join()
                .unwrap_or_else(|_| "the search panicked".to_string());
            let progress = progress_of(&root_for_progress, &watched, id, started, &mut replay);
            // The explorer may have quit already; nothing to do then.
            let _ = tx.send(Msg::Progress(progress));
            let _ = tx.send(Msg::Done { id, summary });
        });
        Box::new(GameSession {
            root,
            live,
            replay: Replay::new(),
            ordering: search_config.ordering,
            step_tables: Mutex::new(heuristics::TableCache::new(search_config.ordering)),
            node_tables: Mutex::new(heuristics::TableCache::new(search_config.ordering)),
        })
    }

    /// The moves from the root to `node`.
    fn line(trace: &Trace<G::Move>, node: NodeId) -> Vec<G::Move> {
        let mut moves = Vec::new();
        let mut id = Some(node);
        while let Some(n) = id {
            let tn = trace.node(n);
            if let Some(mv) = tn.mv() {
                moves.push(mv);
            }
            id = tn.parent();
        }
        moves.reverse();
        moves
    }

    /// The position at `node`, the game after each move of its line.
    fn position(&self, trace: &Trace<G::Move>, node: NodeId) -> (G, Vec<G::Move>) {
        let mut game = self.root.clone();
        let line = Self::line(trace, node);
        for &mv in &line {
            game.play(mv);
        }
        (game, line)
    }
}

impl<G: BoardGame> GameSession<G> {
    /// A session over a trace recorded elsewhere (tests, benches, a scripted search): the
    /// search "runs" nowhere, so `cancel` only raises the trace's stop flag.
    pub fn over(root: G, live: Arc<LiveTrace<G::Move>>) -> Box<dyn Session> {
        Self::over_with(root, live, SearchConfig::default().ordering)
    }

    /// As [`GameSession::over`], for a search that ran with the move ordering `ordering`.
    pub fn over_with(
        root: G,
        live: Arc<LiveTrace<G::Move>>,
        ordering: MoveOrdering,
    ) -> Box<dyn Session> {
        Box::new(GameSession {
            root,
            live,
            replay: Replay::new(),
            ordering,
            step_tables: Mutex::new(heuristics::TableCache::new(ordering)),
            node_tables: Mutex::new(heuristics::TableCache::new(ordering)),
        })
    }

    /// The generated moves of `game` and their 1-ply static values (mover's view).
    fn node_moves(game: &G) -> heuristics::NodeMoves<G::Move> {
        let mut game = game.clone();
        let mut list = MoveList::new();
        if game.outcome().is_none() {
            game.legal_moves(&mut list);
        }
        let generated: Vec<G::Move> = list.as_slice().to_vec();
        let eval = generated
            .iter()
            .map(|&m| {
                game.play(m);
                let child = match game.outcome() {
                    Some(o) => crate::search::minimax::outcome_value(o, game.to_move(), 1),
                    None => Value(game.evaluate()),
                };
                game.undo(m);
                (m, -child)
            })
            .collect();
        heuristics::NodeMoves { generated, eval }
    }

    /// A lambda node's overlay: at a root search, each root move's level (thesis 000
    /// figures 5.1-5.3); elsewhere the zone of `view.side` up to `view.orders`.
    fn lambda_overlay(
        &self,
        trace: &Trace<G::Move>,
        node: NodeId,
        view: ZoneView,
    ) -> (Vec<(G::Move, String, MarkKind)>, String) {
        let n = trace.node(node);
        if n.parent().is_none() {
            let marks = lambda::root_marks(trace, &self.replay)
                .into_iter()
                .map(|(mv, mark)| (mv, mark.text(), MarkKind::Root(mark)))
                .collect();
            let legend = "N wins at λN, ? tried, x loses";
            return (marks, legend.to_string());
        }
        let side = view.side.name();
        let Some(zone) = lambda::zone_of(trace, &self.replay, node, view.side) else {
            let why = match view.side {
                lambda::ZoneSide::Attack => "no ATTACK zone here yet (or zones are off)",
                lambda::ZoneSide::Defence => "no threat answered here yet (or zones are off)",
            };
            return (Vec::new(), format!("{side}: {why}"));
        };
        let owner = trace.node(zone.owner);
        let whose = match owner.mv() {
            Some(mv) => format!(" at {}", self.root.format_move(mv)),
            None => String::new(),
        };
        let orders = trace.zone(zone.id).unwrap_or(&[]);
        let marks = self.zone_marks(orders, view.orders.max());
        let procedure = match view.side {
            lambda::ZoneSide::Attack => "ATTACK",
            lambda::ZoneSide::Defence => "DEFEND",
        };
        let legend = format!(
            "{side}, {procedure} λ{}{whose}: {}",
            zone.level,
            view.orders.short()
        );
        (marks, legend)
    }

    /// The points of `orders` up to `max` as marks (the digit of the order, `+` above 9).
    fn zone_marks(&self, orders: &[u8], max: u8) -> Vec<(G::Move, String, MarkKind)> {
        orders
            .iter()
            .enumerate()
            .filter(|&(_, &o)| o <= max)
            .filter_map(|(p, &o)| {
                let mv = self.root.point_move(p as Point)?;
                let text = if o <= 9 {
                    o.to_string()
                } else {
                    "+".to_string()
                };
                Some((mv, text, MarkKind::Zone(o)))
            })
            .collect()
    }
}

/// Runs a proof-number search for the goal "the side to move wins" (draws count as the
/// puzzle says) with the recorder, and says what it found.
fn proof_run<G: BoardGame>(
    game: &mut G,
    config: &SearchConfig,
    limits: &Limits,
    draw_for_attacker: bool,
    mut recorder: Recorder<G>,
) -> String {
    use crate::search::engine::proof_search;
    use crate::search::proof::{Goal, ProofVerdict};
    let goal = Goal {
        attacker: game.to_move(),
        draw_for_attacker,
    };
    let report = proof_search(
        game,
        config.algorithm,
        &config.proof,
        goal,
        limits,
        &mut recorder,
    );
    recorder.finish();
    let mut text = match (report.verdict, report.proof_size) {
        (ProofVerdict::Proven, Some(size)) => format!("proven (proof tree of {size} nodes)"),
        (ProofVerdict::Proven, None) => "proven".to_string(),
        (ProofVerdict::Disproven, _) => "disproven".to_string(),
        (ProofVerdict::Unknown, _) => "unknown".to_string(),
    };
    if let Some(level) = report.level {
        text.push_str(&format!(" at lambda level {level}"));
    }
    if let Some(m) = report.best_move {
        text.push_str(&format!(", best {}", game.format_move(m)));
    }
    text.push_str(&format!(", root {}", report.root));
    if report.stopped {
        text.push_str(" (stopped)");
    }
    text
}

/// Runs the root analysis of a lambda search (every root move classified) and says what
/// it found: "root analysis: c2 wins λ2, b1 ?, ...".
fn root_analysis<G: BoardGame>(
    game: &mut G,
    config: &SearchConfig,
    limits: &Limits,
    mut recorder: Recorder<G>,
) -> String {
    use crate::search::lambda::{LambdaConfig, RootMoveClass, analyse_root};
    let lambda = LambdaConfig {
        dual: config.algorithm == Algorithm::DualLambda,
        ..config.lambda
    };
    let analysis = analyse_root(game, &lambda, limits, &mut recorder);
    recorder.finish();
    let words: Vec<String> = analysis
        .moves
        .iter()
        .map(|m| {
            let mv = game.format_move(m.mv);
            match m.class {
                RootMoveClass::Wins { level } => format!("{mv} wins λ{level}"),
                RootMoveClass::SelfEndangering { level } => format!("{mv} loses (λ{level})"),
                RootMoveClass::NotProven => format!("{mv} ?"),
            }
        })
        .collect();
    format!(
        "root analysis: {}{}",
        if words.is_empty() {
            "no moves".to_string()
        } else {
            words.join(", ")
        },
        if analysis.stopped { " (stopped)" } else { "" }
    )
}

/// The progress as of now; `replay` follows the end of the record from call to call, so
/// each call only steps over what arrived since the last.
fn progress_of<G: Game>(
    root: &G,
    live: &LiveTrace<G::Move>,
    id: u64,
    started: Instant,
    replay: &mut Replay,
) -> Progress {
    let unrecorded = live.unrecorded();
    let trace = live.read();
    replay.seek(&trace, trace.len());
    let recorded = trace.node_count() as u64;
    let events = trace.len().max(1) as u64;
    let nodes = recorded + (unrecorded as u128 * recorded as u128 / events as u128) as u64;
    let seconds = started.elapsed().as_secs_f64().max(1e-9);
    // The latest root with a best child so far: an iteration that has not finished its
    // first move yet shows the previous iteration's choice.
    let roots: Vec<NodeId> = trace.roots().collect();
    let best_move = roots
        .iter()
        .rev()
        .find_map(|&r| replay.node(&trace, r).best_child)
        .or_else(|| {
            // Proof-number searches: a root child proven (the root is an OR node).
            roots.iter().rev().find_map(|&r| {
                replay.children(&trace, r).find(|&c| {
                    replay
                        .pn(&trace, c)
                        .and_then(|s| s.numbers)
                        .is_some_and(|n| n.is_proven())
                })
            })
        })
        .or_else(|| {
            // Lambda searches have no values: the first root attack move proven to win.
            roots.iter().rev().find_map(|&r| {
                replay.children(&trace, r).find(|&c| {
                    replay.lambda(&trace, c).is_some_and(|s| {
                        matches!(s.kind, LambdaNodeKind::Attack(_))
                            && matches!(s.verdict, Some(LambdaVerdict::Won { .. }))
                    })
                })
            })
        })
        .and_then(|child| trace.node(child).mv())
        .map(|m| root.format_move(m));
    Progress {
        id,
        nodes,
        estimated: unrecorded > 0,
        nodes_per_second: nodes as f64 / seconds,
        depth: replay.iteration(&trace),
        best_move,
    }
}

fn value_of<M: Copy>(state: &crate::trace::replay::NodeState<M>) -> Option<(Value, Bound)> {
    match (state.result, state.value_so_far) {
        (Some(r), _) => Some((r.value, r.bound)),
        (None, Some(v)) => Some((v, Bound::Lower)),
        (None, None) => None,
    }
}

impl<G: BoardGame> Session for GameSession<G> {
    fn len(&self) -> usize {
        self.live.read().len()
    }

    fn finished(&self) -> bool {
        self.live.is_finished()
    }

    fn unrecorded(&self) -> u64 {
        self.live.unrecorded()
    }

    fn step(&self) -> usize {
        self.replay.step()
    }

    fn tree_so_far(&self) -> (usize, usize) {
        let trace = self.live.read();
        // Nodes are numbered in entry order: those entered by the step come first.
        let entered = (self.replay.entered() as usize).min(trace.node_count());
        let deepest = trace.nodes()[..entered]
            .iter()
            .map(|n| n.ply())
            .max()
            .unwrap_or(0);
        (entered, deepest)
    }

    fn forward(&mut self) -> bool {
        let trace = self.live.read();
        self.replay.forward(&trace)
    }

    fn back(&mut self) -> bool {
        let trace = self.live.read();
        self.replay.back(&trace)
    }

    fn seek(&mut self, step: usize) {
        let trace = self.live.read();
        self.replay.seek(&trace, step.min(trace.len()));
    }

    fn seek_kind(&mut self, kind: EventKind, forward: bool) -> bool {
        let trace = self.live.read();
        let target = if forward {
            self.replay.next_step(&trace, kind)
        } else {
            self.replay.prev_step(&trace, kind)
        };
        match target {
            Some(step) => {
                self.replay.seek(&trace, step);
                true
            }
            None => false,
        }
    }

    fn seek_lambda_cutoff(&mut self, forward: bool) -> Option<NodeId> {
        let trace = self.live.read();
        let step = self.replay.step();
        let found = if forward {
            (step..trace.len()).find(|&e| lambda::leave_is_cutoff(&trace, e))
        } else {
            // The one before the last that happened, as `prev_step` does.
            (0..step.saturating_sub(1))
                .rev()
                .find(|&e| lambda::leave_is_cutoff(&trace, e))
        };
        let e = found?;
        self.replay.seek(&trace, e + 1);
        trace.events()[e].node()
    }

    fn seek_pn(&mut self, mark: PnMark, forward: bool) -> Option<NodeId> {
        let trace = self.live.read();
        let step = self.replay.step();
        let found = if forward {
            (step..trace.len()).find(|&e| pn_mark_at(&trace, e, mark))
        } else {
            (0..step.saturating_sub(1))
                .rev()
                .find(|&e| pn_mark_at(&trace, e, mark))
        };
        let e = found?;
        self.replay.seek(&trace, e + 1);
        trace.events()[e].node()
    }

    fn is_proof(&self) -> bool {
        let trace = self.live.read();
        trace.node_count() > 0 && trace.node(0).kind().is_proof()
    }

    fn current(&self) -> Option<NodeId> {
        self.replay.current()
    }

    fn roots(&self) -> Vec<NodeId> {
        let trace = self.live.read();
        let entered = self.replay.entered();
        trace.roots().take_while(|&r| r < entered).collect()
    }

    fn parent(&self, node: NodeId) -> Option<NodeId> {
        self.live.read().node(node).parent()
    }

    fn children(&self, node: NodeId) -> Vec<NodeId> {
        let trace = self.live.read();
        self.replay.children(&trace, node).collect()
    }

    fn principal_variation(&self, node: NodeId) -> Vec<NodeId> {
        let trace = self.live.read();
        if (node as usize) < trace.node_count() && trace.node(node).kind().is_lambda() {
            // Lambda nodes have no values: the proof's main line instead.
            return lambda::proof_line(&trace, &self.replay, node);
        }
        if (node as usize) < trace.node_count() && trace.node(node).kind().is_proof() {
            // Proof nodes: the current descent below the node (the most-proving path).
            let path = self.replay.path(&trace);
            return match path.iter().position(|&n| n == node) {
                Some(i) => path[i + 1..].to_vec(),
                None => Vec::new(),
            };
        }
        self.replay.principal_variation(node)
    }

    fn largest_child(&self, node: NodeId) -> Option<NodeId> {
        let trace = self.live.read();
        self.replay.largest_child(&trace, node)
    }

    fn find_node(&self, from: Option<NodeId>, forward: bool, marker: Marker) -> Option<NodeId> {
        let trace = self.live.read();
        let entered = self.replay.entered();
        let replay = &self.replay;
        let shows = |id: NodeId| {
            if trace.node(id).kind().is_proof() {
                return marker == Marker::Proof && proof::is_solved(&trace, replay, id);
            }
            if trace.node(id).kind().is_lambda() {
                return match marker {
                    Marker::Cutoff => lambda::is_cutoff(&trace, replay, id),
                    Marker::TtHit => lambda::row(&trace, replay, id).is_some_and(|r| r.tt_hit),
                    Marker::Proof => lambda::is_proof(&trace, replay, id),
                    Marker::LevelChange => lambda::is_level_change(&trace, id),
                };
            }
            let state = replay.node(&trace, id);
            match marker {
                Marker::Cutoff => state.cutoff.is_some(),
                Marker::TtHit => matches!(state.tt, Some(TtLookup::Hit(e)) if e.cutoff),
                Marker::Proof | Marker::LevelChange => false,
            }
        };
        // Ids follow entry order, and the nodes entered by the step are exactly 0..entered.
        if forward {
            let start = from.map_or(0, |f| f + 1);
            (start..entered).find(|&id| shows(id))
        } else {
            let end = from.unwrap_or(entered).min(entered);
            (0..end).rev().find(|&id| shows(id))
        }
    }

    fn row(&self, node: NodeId) -> NodeRow {
        let trace = self.live.read();
        let tn = trace.node(node);
        let state = self.replay.node(&trace, node);
        let lambda = lambda::row(&trace, &self.replay, node);
        let label = match (tn.mv(), self.replay.lambda(&trace, node)) {
            (_, Some(l)) => lambda::label(&l, |m| self.root.format_move(m)),
            (None, _) if tn.kind().is_proof() => "root".to_string(),
            (None, _) if tn.kind() == NodeKind::NullMove => "null move (pass)".to_string(),
            (None, _) if tn.iteration() > 0 => format!("root, iteration {}", tn.iteration()),
            (None, _) => "root".to_string(),
            (Some(mv), _) => {
                let (parent_game, _) = match tn.parent() {
                    Some(p) => self.position(&trace, p),
                    None => (self.root.clone(), Vec::new()),
                };
                parent_game.format_move(mv)
            }
        };
        let best = tn
            .parent()
            .is_some_and(|p| self.replay.node(&trace, p).best_child == Some(node));
        NodeRow {
            id: node,
            ply: tn.ply(),
            label,
            status: state.status,
            has_children: self.replay.children(&trace, node).next().is_some(),
            value: value_of(&state),
            cutoff: state.cutoff.is_some(),
            tt_hit: matches!(state.tt, Some(TtLookup::Hit(e)) if e.cutoff)
                || lambda.as_ref().is_some_and(|l| l.tt_hit),
            best,
            lambda,
            proof: proof::row(&trace, &self.replay, node),
            window: state.window,
        }
    }

    fn detail(&self, node: NodeId) -> NodeDetail {
        let trace = self.live.read();
        let tn = trace.node(node);
        let state = self.replay.node(&trace, node);
        let (_, line) = self.position(&trace, node);
        let mut game = self.root.clone();
        let mut path = Vec::with_capacity(line.len());
        for &mv in &line {
            path.push(game.format_move(mv));
            game.play(mv);
        }
        let cutoff = state.cutoff.map(|c| {
            let skipped = trace.moves(c.skipped);
            let names: Vec<String> = skipped.iter().map(|&m| game.format_move(m)).collect();
            let mut text = format!(
                "value {} >= beta {}: {} move{} skipped",
                c.value,
                c.window.beta,
                skipped.len(),
                if skipped.len() == 1 { "" } else { "s" }
            );
            if !names.is_empty() {
                text.push_str(&format!(" ({})", names.join(" ")));
            }
            text
        });
        let tt = state.tt.map(|t| match t {
            TtLookup::Miss => "miss".to_string(),
            TtLookup::Hit(e) => format!(
                "hit: {} {} depth {}{}",
                bound_word(e.bound),
                e.value,
                if e.depth == u32::MAX {
                    "solved".to_string()
                } else {
                    e.depth.to_string()
                },
                if e.cutoff { ", decided the node" } else { "" }
            ),
        });
        let value = value_of(&state);
        NodeDetail {
            path,
            ply: tn.ply(),
            depth: tn.depth(),
            to_move: tn.to_move(),
            status: state.status,
            window: state.window,
            value: value.map(|v| v.0),
            bound: state.result.map(|r| r.bound),
            cutoff,
            tt,
            iteration: tn.iteration(),
            subtree_nodes: state.subtree_nodes,
            lambda: lambda::detail(&trace, &self.replay, node, |m| self.root.format_move(m)),
            proof: proof::detail(&trace, &self.replay, node, |id, m| {
                let parent = trace.node(id).parent();
                let (game, _) = match parent {
                    Some(p) => self.position(&trace, p),
                    None => (self.root.clone(), Vec::new()),
                };
                game.format_move(m)
            }),
            // Lambda and proof nodes have views of their own.
            heuristics: if tn.kind().is_lambda() || tn.kind().is_proof() {
                Vec::new()
            } else {
                heuristics::node_lines(
                    &trace,
                    &self.replay,
                    node,
                    self.ordering,
                    &mut self.node_tables.lock().unwrap_or_else(|e| e.into_inner()),
                    &Self::node_moves(&game),
                    |m| game.format_move(m),
                )
            },
        }
    }

    fn line_moves(&self, node: NodeId) -> Vec<String> {
        let trace = self.live.read();
        if node as usize >= trace.node_count() {
            return Vec::new();
        }
        let mut game = self.root.clone();
        let line = Self::line(&trace, node);
        let mut out = Vec::with_capacity(line.len());
        for &mv in &line {
            out.push(game.format_move(mv));
            game.play(mv);
        }
        out
    }

    fn board(&self, node: Option<NodeId>, options: BoardOptions) -> BoardView {
        let trace = self.live.read();
        let Some(node) = node.filter(|&n| (n as usize) < trace.node_count()) else {
            return self.root.board_view(None, Vec::new(), None);
        };
        let (game, line) = self.position(&trace, node);
        let last = line.last().copied();
        // The heat map shows whether or not the values are on (`H` asked for it).
        let kind = trace.node(node).kind();
        if options.history && !kind.is_lambda() && !kind.is_proof() {
            let mut cache = self.step_tables.lock().unwrap_or_else(|e| e.into_inner());
            let tables = cache.at(&trace, self.replay.step());
            let max = tables.max_history();
            let overlay = tables
                .history
                .iter()
                .map(|&(mv, h)| {
                    let d = heuristics::heat(h, max);
                    (mv, d.to_string(), MarkKind::History(d))
                })
                .collect();
            let killers: Vec<String> = tables
                .killers_at(trace.node(node).ply())
                .iter()
                .flatten()
                .map(|&m| game.format_move(m))
                .collect();
            let legend = format!(
                "history 1-9 (9 = {max}); killers {}",
                if killers.is_empty() {
                    "none".to_string()
                } else {
                    killers.join(" ")
                }
            );
            return game.board_view(last, overlay, Some(legend));
        }
        if !options.values {
            return game.board_view(last, Vec::new(), None);
        }
        if trace.node(node).kind().is_lambda() {
            let (overlay, legend) = self.lambda_overlay(&trace, node, options.zone);
            return game.board_view(last, overlay, Some(legend));
        }
        if trace.node(node).kind().is_proof() {
            let overlay: Vec<_> = proof::child_marks(&trace, &self.replay, node, options.show_dn)
                .into_iter()
                .map(|(mv, text, mark)| (mv, text, MarkKind::Proof(mark)))
                .collect();
            let legend = if overlay.is_empty() {
                "not expanded yet".to_string()
            } else if options.show_dn {
                "children's dn (d: pn)".to_string()
            } else {
                "children's pn (d: dn)".to_string()
            };
            return game.board_view(last, overlay, Some(legend));
        }
        let overlay = self
            .replay
            .children(&trace, node)
            .filter_map(|c| {
                let mv = trace.node(c).mv()?;
                let state = self.replay.node(&trace, c);
                // The child's value is from the opponent's view: negate it.
                let (v, _) = value_of(&state)?;
                Some((mv, (-v).to_string(), MarkKind::Value))
            })
            .collect();
        game.board_view(last, overlay, None)
    }

    fn root_marks(&self) -> Vec<(Option<Point>, RootMark)> {
        let trace = self.live.read();
        lambda::root_marks(&trace, &self.replay)
            .into_iter()
            .map(|(mv, mark)| (crate::search::LambdaGame::move_point(&self.root, mv), mark))
            .collect()
    }

    fn iterations(&self) -> Vec<heuristics::IterationRow> {
        let trace = self.live.read();
        heuristics::iterations(&trace, &self.replay, |m| self.root.format_move(m))
    }

    fn history(&self) -> Option<Vec<(String, u64)>> {
        if !self.ordering.history {
            return None;
        }
        let trace = self.live.read();
        let mut cache = self.step_tables.lock().unwrap_or_else(|e| e.into_inner());
        let tables = cache.at(&trace, self.replay.step());
        let mut list: Vec<(String, u64)> = tables
            .history
            .iter()
            .map(|&(m, h)| (self.root.format_move(m), h))
            .collect();
        list.sort_by_key(|e| std::cmp::Reverse(e.1));
        Some(list)
    }

    fn landed(&self, index: usize) -> Option<(Landed, Option<NodeId>)> {
        let trace = self.live.read();
        let node = trace.events().get(index)?.node();
        Some((super::lesson::landing::landed(&trace, index), node))
    }

    fn explain(&self) -> Option<explain::Explanation> {
        let trace = self.live.read();
        let name = |at: NodeId, mv: G::Move| {
            let (game, _) = self.position(&trace, at);
            game.format_move(mv)
        };
        explain::explain(&trace, &self.replay, &name)
    }

    fn seek_explained(&mut self, forward: bool) -> bool {
        let trace = self.live.read();
        let start = self.replay.step();
        loop {
            let moved = if forward {
                self.replay.forward(&trace)
            } else {
                self.replay.back(&trace)
            };
            if !moved {
                self.replay.seek(&trace, start);
                return false;
            }
            if explain::worth(&trace, &self.replay) {
                return true;
            }
        }
    }

    fn cancel(&self) {
        self.live.request_stop();
    }
}

/// "exact", "lower", "upper".
pub fn bound_word(bound: Bound) -> &'static str {
    match bound {
        Bound::Exact => "exact",
        Bound::Lower => "lower",
        Bound::Upper => "upper",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::channel;

    fn run_to_end(name: &str) -> (Box<dyn Session>, Vec<Msg>) {
        let puzzle = crate::puzzle::load(name).unwrap();
        let (tx, rx) = channel();
        let spec = SearchSpec::for_puzzle(&puzzle, None, RecordConfig::DEFAULT_BUDGET);
        let session = start(&puzzle, spec, 7, tx);
        let mut msgs = Vec::new();
        for msg in rx.iter() {
            let done = matches!(msg, Msg::Done { .. });
            msgs.push(msg);
            if done {
                break;
            }
        }
        (session, msgs)
    }

    #[test]
    fn textbook_tree_records_and_reports() {
        let (mut session, msgs) = run_to_end("tree-abc");
        assert!(session.finished());
        let Some(Msg::Done { id, summary }) = msgs.last() else {
            panic!("no Done message: {msgs:?}");
        };
        assert_eq!(*id, 7);
        assert!(summary.contains("value 3"), "{summary}");
        let Some(Msg::Progress(p)) = msgs.iter().rev().nth(1) else {
            panic!("no final progress: {msgs:?}");
        };
        // a, b, c, d and the leaves searched: 3 under b, 1 under c, 3 under d.
        assert_eq!(p.nodes, 11);
        assert_eq!(p.best_move.as_deref(), Some("b"));

        assert!(session.seek_kind(EventKind::Cutoff, true));
        let node = session.current().unwrap();
        let detail = session.detail(node);
        assert_eq!(detail.path, vec!["c".to_string()]);
        assert_eq!(
            detail.cutoff.as_deref(),
            Some("value -2 >= beta -3: 2 moves skipped (c2 c3)")
        );
    }

    #[test]
    fn a_lambda_search_reports_its_level_and_winning_move() {
        let mut puzzle = crate::puzzle::load("mnk-4x4-k4-corners").unwrap();
        // Thomsen's figure: depth 7, level 2 (pinned here, whatever the file's defaults).
        puzzle.limits.max_depth = Some(7);
        puzzle.limits.max_level = Some(2);
        let (tx, rx) = channel();
        let spec = SearchSpec::for_puzzle(&puzzle, Some(Algorithm::Lambda), 100_000);
        assert_eq!(spec.config.lambda.max_level, 2, "the puzzle's [limits]");
        let _session = start(&puzzle, spec, 5, tx);
        let msgs: Vec<Msg> = rx
            .iter()
            .take_while(|m| !matches!(m, Msg::Done { .. }))
            .collect();
        let Some(Msg::Progress(last)) = msgs.last() else {
            panic!("no progress: {msgs:?}");
        };
        assert_eq!(last.best_move.as_deref(), Some("c2"));
        assert!(last.nodes > 0);
    }

    #[test]
    fn board_of_a_stone_game_follows_the_line() {
        let (mut session, _) = run_to_end("tictactoe");
        session.seek(session.len());
        let root = session.roots()[0];
        let child = session.children(root)[0];
        match session.board(Some(child), BoardOptions::default()) {
            BoardView::Stones {
                cells, last_move, ..
            } => {
                let last = last_move.expect("a move reached the child") as usize;
                assert_eq!(cells.iter().filter(|c| c.is_some()).count(), 1);
                assert_eq!(cells[last], Some(Player::Black));
            }
            other => panic!("expected stones, got {other:?}"),
        }
    }

    #[test]
    fn progress_arrives_a_few_times_a_second_while_searching() {
        let puzzle = crate::puzzle::load("mnk-7x7-k4").unwrap();
        let (tx, rx) = channel();
        let mut spec = SearchSpec::for_puzzle(&puzzle, Some(Algorithm::IterativeDeepening), 50_000);
        spec.limits = Limits {
            time: Some(Duration::from_millis(1200)),
            ..Limits::default()
        };
        let _session = start(&puzzle, spec, 3, tx);
        let mut progress = Vec::new();
        for msg in rx.iter() {
            match msg {
                Msg::Progress(p) => progress.push(p),
                Msg::Done { id, .. } => {
                    assert_eq!(id, 3);
                    break;
                }
                other => panic!("unexpected {other:?}"),
            }
        }
        // 1.2 s at one report per 250 ms, plus the final one.
        assert!(progress.len() >= 3, "{} reports", progress.len());
        assert!(progress.iter().all(|p| p.id == 3));
        assert!(progress.windows(2).all(|w| w[0].nodes <= w[1].nodes));
        let last = progress.last().unwrap();
        assert!(last.estimated, "a 50,000-event record fills in 1.2 s");
        assert!(last.depth.is_some() && last.best_move.is_some(), "{last:?}");
    }

    #[test]
    fn cancel_stops_a_long_search() {
        let puzzle = crate::puzzle::load("mnk-7x7-k4").unwrap();
        let (tx, rx) = channel();
        let mut spec = SearchSpec::for_puzzle(&puzzle, Some(Algorithm::IterativeDeepening), 10_000);
        spec.limits = Limits::default();
        let session = start(&puzzle, spec, 1, tx);
        session.cancel();
        let done = rx
            .iter()
            .find(|m| matches!(m, Msg::Done { .. }))
            .expect("the search ends");
        let Msg::Done { summary, .. } = done else {
            unreachable!()
        };
        assert!(summary.contains("stopped"), "{summary}");
        assert!(session.finished());
    }
}
