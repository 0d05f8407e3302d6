//! The shape of a search, measured from its events: how deep it went and how many distinct
//! positions it touched. `plyscope compare` reports both beside the
//! node counts, so that two algorithms are compared by the tree they built as well as by
//! the effort.
//!
//! [`Shape`] is an [`Observer`] of every game. It never stops a search, so the result and
//! the node counts are those of an unobserved run; only the time grows by a hash-set insert
//! per position entered.
//!
//! - Depth is counted in plies from the root. The alpha-beta family reports the ply on
//!   entry; the proof-number family enters one node per move (the root without one); the
//!   lambda engines enter search calls (no move) and attack and defence moves (one ply each),
//!   so their depth is the number of moves open on the path. Lambda-df-pn's threat checks
//!   nest inside its proof-number nodes: one stack of open nodes serves both.
//! - Positions are told apart by [`Game::key`] (the Zobrist key with the side to move), so
//!   a position reached by two move orders counts once.

use rustc_hash::FxHashSet;
use std::ops::ControlFlow;

use crate::game::Game;
use crate::games::any::AnyGame;
use crate::search::Window;
use crate::search::observer::{
    GO, LambdaNode, LambdaNodeKind, LambdaVerdict, NoTrace, Observer, PnNodeView,
};
use crate::search::zone::ZoneScheme;

/// An observer of every game a puzzle can hold: what [`super::solve_puzzle_observed`] needs
/// to pass it to whichever game the puzzle picks.
pub trait ObserveAnyGame {
    /// This observer, as the observer of a `G`.
    fn for_game<G: AnyGame>(&mut self) -> &mut impl Observer<G>;
}

impl ObserveAnyGame for NoTrace {
    fn for_game<G: AnyGame>(&mut self) -> &mut impl Observer<G> {
        self
    }
}

impl ObserveAnyGame for Shape {
    fn for_game<G: AnyGame>(&mut self) -> &mut impl Observer<G> {
        self
    }
}

/// Maximum depth and distinct positions of a search (see the module documentation).
#[derive(Clone, Debug, Default)]
pub struct Shape {
    /// The deepest ply entered.
    pub max_depth: usize,
    /// Lambda and proof-number engines: for every open node, whether a move led to it;
    /// `plies` of them did.
    open: Vec<bool>,
    plies: usize,
    keys: FxHashSet<u64>,
}

impl Shape {
    /// A fresh measurement.
    pub fn new() -> Shape {
        Shape::default()
    }

    /// Distinct positions entered.
    pub fn positions(&self) -> u64 {
        self.keys.len() as u64
    }

    fn reached<G: Game>(&mut self, game: &G, ply: usize) {
        self.max_depth = self.max_depth.max(ply);
        self.keys.insert(game.key());
    }

    fn open_node<G: Game>(&mut self, game: &G, is_move: bool) {
        self.open.push(is_move);
        if is_move {
            self.plies += 1;
        }
        self.reached(game, self.plies);
    }

    fn close_node(&mut self) {
        if self.open.pop() == Some(true) {
            self.plies -= 1;
        }
    }
}

impl<G: Game> Observer<G> for Shape {
    fn enter(
        &mut self,
        game: &G,
        _mv: Option<G::Move>,
        ply: usize,
        _depth: u32,
        _window: Window,
    ) -> ControlFlow<()> {
        self.reached(game, ply);
        GO
    }

    fn lambda_enter(&mut self, game: &G, node: LambdaNode<G::Move>) -> ControlFlow<()> {
        self.open_node(game, !matches!(node.kind, LambdaNodeKind::Search(_)));
        GO
    }

    fn lambda_leave(
        &mut self,
        _verdict: LambdaVerdict,
        _zone: Option<&ZoneScheme>,
    ) -> ControlFlow<()> {
        self.close_node();
        GO
    }

    fn pn_enter(&mut self, game: &G, mv: Option<G::Move>, _node: PnNodeView) -> ControlFlow<()> {
        self.open_node(game, mv.is_some());
        GO
    }

    fn pn_leave(&mut self, _node: PnNodeView) -> ControlFlow<()> {
        self.close_node();
        GO
    }
}
