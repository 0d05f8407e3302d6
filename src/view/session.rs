//! The game-erased view of one recorded search and its replay cursor ([`Session`]), and what
//! it hands the panes: tree rows ([`NodeRow`]), the node pane's facts ([`NodeDetail`]) and
//! the board with its overlays ([`BoardView`]). The explorer draws these; the tests and
//! lessons read them. [`crate::view::game_session::GameSession`] is the one implementation,
//! monomorphic per game.

use crate::game::{Player, Point};
use crate::search::{Bound, Value, Window};
use crate::trace::replay::{NodeStatus, PnMark};
use crate::trace::store::{EventKind, NodeId};

use super::charts::{Chart, ChartKind};
use super::explain;
use super::heuristics;
use super::lambda::{LambdaDetail, LambdaRow, RootMark, ZoneView};
use super::landing::Landed;
use super::max_view::{Side, ValueView};
use super::proof::{ProofDetail, ProofMark, ProofRow};

/// What a mark on the board means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MarkKind {
    /// A child's value.
    Value,
    /// A point of a relevance zone, with its order.
    Zone(u8),
    /// A root move's result (Suda, figures 5.1-5.3).
    Root(RootMark),
    /// A child's proof or disproof number (proof-number searches).
    Proof(ProofMark),
    /// A move's history score as a heat digit 1-9 (the history-heuristic heat map).
    History(u8),
    /// Hex: a cell of an edge connection's carrier, by its owner (`None`: both players').
    Connection(Option<Player>),
    /// Hex: a move the solver leaves out (its letter says why).
    Pruned,
}

/// Which of the Hex solver's read-out the board shows (the `cycle_knowledge` key): off,
/// each player's edge connection, or the pruned moves with their reasons.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum HexOverlay {
    #[default]
    Off,
    Connections,
    Pruned,
}

impl HexOverlay {
    /// Every view with its name (a lesson step's `marks`).
    pub const NAMED: [(&'static str, HexOverlay); 3] = [
        ("off", HexOverlay::Off),
        ("connections", HexOverlay::Connections),
        ("pruned", HexOverlay::Pruned),
    ];

    /// The view called `name` (`off`, `connections`, `pruned`).
    pub fn parse(name: &str) -> Option<HexOverlay> {
        Self::NAMED
            .iter()
            .find(|(n, _)| *n == name.trim())
            .map(|&(_, v)| v)
    }

    /// The next view in the cycle off -> connections -> pruned -> off.
    pub fn next(self) -> HexOverlay {
        match self {
            HexOverlay::Off => HexOverlay::Connections,
            HexOverlay::Connections => HexOverlay::Pruned,
            HexOverlay::Pruned => HexOverlay::Off,
        }
    }
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
    /// Hex: the solver's knowledge of the position instead of any other overlay.
    pub knowledge: HexOverlay,
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
    /// The value so far or final, with its bound: from the side to move's view, or in the
    /// MAX view ([`Session::set_view`]) from MAX's.
    pub value: Option<(Value, Bound)>,
    pub cutoff: bool,
    pub tt_hit: bool,
    /// The parent's best child so far.
    pub best: bool,
    /// Lambda nodes: level and verdict (the label then names the move or the LAMBDA call).
    pub lambda: Option<LambdaRow>,
    /// Proof nodes: `[pn, dn]`, solved or not, on the current descent.
    pub proof: Option<ProofRow>,
    /// Alpha-beta nodes: the window at entry (the lessons' `(alpha, value, beta)` rows), in
    /// the session's view.
    pub window: Option<Window>,
    /// Alpha-beta nodes in the MAX view: whether MAX or MIN moves there (`None` in the
    /// negamax view and for the other families).
    pub side: Option<Side>,
    /// The moves a cutoff here skipped, named (empty without a cutoff): the tree draws them
    /// as dimmed rows under the node.
    pub skipped: Vec<String>,
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
    /// Alpha-beta nodes in the MAX view: MAX or MIN moves here.
    pub side: Option<Side>,
    pub status: NodeStatus,
    /// The window, value and bound in the session's view ([`Session::set_view`]).
    pub window: Option<Window>,
    pub value: Option<Value>,
    pub bound: Option<Bound>,
    /// "beta cutoff: 70 >= beta 70: 2 moves skipped (c3 d4)".
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
    /// Shows the alpha-beta family's values, bounds, windows and cutoffs in `view` from
    /// now on: rows, details, the board's marks and the explanations ([`super::max_view`]).
    fn set_view(&mut self, view: ValueView);
    /// The view set by [`Session::set_view`] (negamax until then).
    fn view(&self) -> ValueView;
    /// Events the engine made after the record budget ran out.
    fn unrecorded(&self) -> u64;
    /// The limit that ended the record under the event budget `budget` (`None`: the record
    /// holds the whole search so far).
    fn record_cap(&self, budget: u64) -> Option<crate::trace::recorder::budget::RecordCap>;
    /// Nodes recorded (the arena's size, every step included).
    fn node_count(&self) -> usize;
    /// The recorded search as it stands, encoded for a saved run
    /// ([`crate::trace::codec::encode`]).
    fn encode_trace(&self) -> Vec<u8>;
    /// The replay step.
    fn step(&self) -> usize;
    /// The tree as of the step: nodes entered and the deepest ply among them (the split
    /// view's headers).
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
    /// The root whose main line `v` walks and the tree draws in the main-line style: the
    /// latest root (alpha-beta's last iteration, a threat search's last level), but in a
    /// proof-number search its proof root. lambda-df-pn asks its lambda engine about
    /// positions of its real-game stage, and those calls, recorded without a parent, are
    /// roots too, entered after the proof root (the last of them made `v` on a proven
    /// lambda-df-pn run say it ended unsolved).
    fn main_root(&self) -> Option<NodeId> {
        let roots = self.roots();
        roots
            .iter()
            .copied()
            .find(|&r| self.row(r).proof.is_some())
            .or(roots.last().copied())
    }
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
    /// True when the game reads out its solver's knowledge of a position (Hex: edge
    /// connections and pruned moves, [`BoardOptions::knowledge`]).
    fn has_knowledge(&self) -> bool;
    /// Lambda searches: each root attack move's mark as of the step (Suda, figures 5.1-5.3), with
    /// its point (`None` for games without points).
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
    /// The charts of this search for the chart pane ([`super::charts`]): the root's numbers
    /// or window, nodes searched, nodes and cutoffs per ply, table hits where a table is used.
    fn chart_kinds(&self) -> Vec<ChartKind>;
    /// The chart `kind` as of the step, its lines sampled at no more than `points + 1`
    /// steps.
    fn chart(&self, kind: ChartKind, points: usize) -> Chart;
    /// Lessons: the kinds of the recorded event `index` (0-based: the replay is at step
    /// `index + 1` after it) and its node; `None` past the record.
    fn landed(&self, index: usize) -> Option<(Landed, Option<NodeId>)>;
}
