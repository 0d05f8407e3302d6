//! The one [`Session`]: a recorded search of one game ([`GameSession`]) over its live trace,
//! with a replay cursor; every pane's question is answered from the trace as of the step
//! (the family views [`super::heuristics`], [`super::proof`], [`super::lambda`] and the
//! narration [`super::explain`] do the per-family work).

use std::sync::{Arc, Mutex};

use crate::game::{MoveList, Point};
use crate::search::config::MoveOrdering;
use crate::search::{Algorithm, Bound, SearchConfig, Value};
use crate::trace::live::LiveTrace;
use crate::trace::replay::{PnMark, Replay, TtLookup, pn_mark_at};
use crate::trace::store::{Event, EventKind, NodeId, NodeKind, Trace};

use super::board::BoardGame;
use super::charts;
use super::explain::alphabeta::CutoffKind;
use super::lambda::{self, RootMark, ZoneView};
use super::landing::{self, Landed};
use super::max_view::{self, Side, ValueView};
use super::names::Names;
use super::new_leaves::{NewLeaves, is_new_leaf};
use super::proof;
use super::session::*;
use super::{bound_word, explain, heuristics};

mod new_leaf_rows;
mod proof_lines;

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
    /// Ids of the generated children of proof nodes not entered yet (their tree rows).
    leaves: Mutex<NewLeaves<G::Move>>,
    /// The search prunes with the game's solver knowledge (df-pn: Hex's connections,
    /// must-play region and inferior cells), so its proof nodes say what it knew.
    knowledge_pruning: bool,
    /// The algorithm that ran (the children note says what it leaves out).
    algorithm: Algorithm,
    /// The chart pane's series, scanned once per event ([`charts::ChartIndex`]).
    charts: Mutex<charts::ChartIndex>,
    /// Negamax or MAX's view of the alpha-beta family's values ([`Session::set_view`]).
    view: ValueView,
}

impl<G: BoardGame> GameSession<G> {
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
        Self::over_with(root, live, SearchConfig::default())
    }

    /// As [`GameSession::over`], for a search that ran with `config` (its move ordering for
    /// the killer and history views; df-pn's proof nodes say what the solver knew).
    pub fn over_with(
        root: G,
        live: Arc<LiveTrace<G::Move>>,
        config: SearchConfig,
    ) -> Box<dyn Session> {
        let ordering = config.ordering;
        Box::new(GameSession {
            knowledge_pruning: config.algorithm == Algorithm::DfPn,
            algorithm: config.algorithm,
            root,
            live,
            replay: Replay::new(),
            ordering,
            step_tables: Mutex::new(heuristics::TableCache::new(ordering)),
            node_tables: Mutex::new(heuristics::TableCache::new(ordering)),
            leaves: Mutex::new(NewLeaves::default()),
            charts: Mutex::new(charts::ChartIndex::new()),
            view: ValueView::Negamax,
        })
    }

    /// In the MAX view, who moves at an alpha-beta node: MAX when it is the root's side
    /// (`None` in the negamax view and at proof and lambda nodes, which it leaves alone).
    fn side(&self, trace: &Trace<G::Move>, node: NodeId) -> Option<Side> {
        let tn = trace.node(node);
        if !self.view.is_max() || tn.kind().is_proof() || tn.kind().is_lambda() {
            return None;
        }
        let mut root = node;
        while let Some(p) = trace.node(root).parent() {
            root = p;
        }
        Some(Side::of(tn.to_move() == trace.node(root).to_move()))
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

    /// A lambda node's overlay: at a root search, each root move's level (Suda
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

    fn set_view(&mut self, view: ValueView) {
        self.view = view;
    }

    fn view(&self) -> ValueView {
        self.view
    }

    fn finished(&self) -> bool {
        self.live.is_finished()
    }

    fn unrecorded(&self) -> u64 {
        self.live.unrecorded()
    }

    fn record_cap(&self, budget: u64) -> Option<crate::trace::recorder::budget::RecordCap> {
        crate::trace::recorder::budget::RecordCap::of(&self.live.read(), budget)
    }

    fn node_count(&self) -> usize {
        self.live.read().node_count()
    }

    fn encode_trace(&self) -> Vec<u8> {
        crate::trace::codec::encode(&*self.live.read())
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
        if let Some((parent, _)) = self.new_leaf(node) {
            return Some(parent);
        }
        self.live.read().node(node).parent()
    }

    fn children(&self, node: NodeId) -> Vec<NodeId> {
        if is_new_leaf(node) {
            return Vec::new();
        }
        let trace = self.live.read();
        if (node as usize) < trace.node_count() && trace.node(node).kind().is_proof() {
            return self.proof_children(&trace, node);
        }
        self.replay.children(&trace, node).collect()
    }

    fn principal_variation(&self, node: NodeId) -> Vec<NodeId> {
        if is_new_leaf(node) {
            return Vec::new();
        }
        let trace = self.live.read();
        if (node as usize) < trace.node_count() && trace.node(node).kind().is_lambda() {
            // Lambda nodes have no values: the proof's main line instead.
            return lambda::proof_line(&trace, &self.replay, node);
        }
        if (node as usize) < trace.node_count() && trace.node(node).kind().is_proof() {
            // Proof nodes: the current descent below the node (the most-proving path);
            // when none is under way (the run is over, or PNS is between walks) and the
            // node is solved, the solved line below it.
            let path = self.replay.path(&trace);
            if path.is_empty() {
                drop(trace);
                return self.solved_line(node);
            }
            return match path.iter().position(|&n| n == node) {
                Some(i) => path[i + 1..].to_vec(),
                None => Vec::new(),
            };
        }
        self.replay.principal_variation(node)
    }

    fn largest_child(&self, node: NodeId) -> Option<NodeId> {
        if is_new_leaf(node) {
            return None;
        }
        let trace = self.live.read();
        self.replay.largest_child(&trace, node)
    }

    fn find_node(&self, from: Option<NodeId>, forward: bool, marker: Marker) -> Option<NodeId> {
        // From a new leaf: from its parent (ids follow entry order; the leaf has none).
        let from = from.map(|f| self.new_leaf(f).map_or(f, |(p, _)| p));
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
                Marker::Cutoff => state.cutoff.is_some_and(|c| !c.skipped.is_empty()),
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
        if let Some((parent, mv)) = self.new_leaf(node) {
            return self.new_leaf_row(&trace, node, parent, mv);
        }
        let tn = trace.node(node);
        let state = self.replay.node(&trace, node);
        let lambda = lambda::row(&trace, &self.replay, node);
        let label = match (tn.mv(), self.replay.lambda(&trace, node)) {
            (_, Some(l)) => lambda::label(&l, |m| self.root.format_move(m)),
            (None, _) if tn.kind().is_proof() => "root".to_string(),
            (None, _) if tn.kind() == NodeKind::NullMove => "null move (pass)".to_string(),
            (None, _) if tn.iteration() > 0 => format!("root, iteration {}", tn.iteration()),
            (None, _) => "root".to_string(),
            (Some(_), _) => Names::new(&self.root, &trace)
                .node_move(node)
                .unwrap_or_default(),
        };
        let best = tn
            .parent()
            .is_some_and(|p| self.replay.node(&trace, p).best_child == Some(node));
        let side = self.side(&trace, node);
        let skipped = match state.cutoff {
            Some(c) if !c.skipped.is_empty() => {
                let names = Names::new(&self.root, &trace);
                trace
                    .moves(c.skipped)
                    .iter()
                    .map(|&m| names.at(node, m))
                    .collect()
            }
            _ => Vec::new(),
        };
        let in_view = |(v, b): (Value, Bound)| match side {
            Some(s) => (max_view::value(v, s), max_view::bound(b, s)),
            None => (v, b),
        };
        NodeRow {
            id: node,
            ply: tn.ply(),
            label,
            status: state.status,
            has_children: self.replay.children(&trace, node).next().is_some()
                || (tn.kind().is_proof()
                    && self
                        .replay
                        .pn(&trace, node)
                        .and_then(|s| s.expansion)
                        .is_some_and(|(moves, _)| !moves.is_empty())),
            value: value_of(&state).map(in_view),
            // A test that skipped nothing is not a cutoff (Kühr, example 3.2).
            cutoff: state.cutoff.is_some_and(|c| !c.skipped.is_empty()),
            tt_hit: matches!(state.tt, Some(TtLookup::Hit(e)) if e.cutoff)
                || lambda.as_ref().is_some_and(|l| l.tt_hit),
            best,
            lambda,
            proof: proof::row(&trace, &self.replay, node),
            window: match side {
                Some(s) => state.window.map(|w| max_view::window(w, s)),
                None => state.window,
            },
            side,
            skipped,
        }
    }

    fn detail(&self, node: NodeId) -> NodeDetail {
        let trace = self.live.read();
        if let Some((parent, mv)) = self.new_leaf(node) {
            return self.new_leaf_detail(&trace, parent, mv);
        }
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
            if skipped.is_empty() {
                let test = match self.side(&trace, node) {
                    Some(side) => max_view::cutoff_test(c.value, c.window, side),
                    None => format!("{} >= beta {}", c.value, c.window.beta),
                };
                return format!("none: value {test}, but no moves were left to skip");
            }
            let mut root = node;
            while let Some(p) = trace.node(root).parent() {
                root = p;
            }
            let kind = CutoffKind::at(tn.to_move() == trace.node(root).to_move());
            let test = match self.side(&trace, node) {
                Some(side) => max_view::cutoff_test(c.value, c.window, side),
                None => format!("{} >= beta {}", c.value, c.window.beta),
            };
            let mut text = format!(
                "{}: value {test}: {} move{} skipped",
                kind.name(),
                skipped.len(),
                if skipped.len() == 1 { "" } else { "s" }
            );
            if !names.is_empty() {
                text.push_str(&format!(" ({})", names.join(" ")));
            }
            text
        });
        let side = self.side(&trace, node);
        let tt = state.tt.map(|t| match t {
            TtLookup::Miss => "miss".to_string(),
            TtLookup::Hit(e) => format!(
                "hit: {} {} depth {}{}",
                bound_word(side.map_or(e.bound, |s| max_view::bound(e.bound, s))),
                side.map_or(e.value, |s| max_view::value(e.value, s)),
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
            side,
            status: state.status,
            window: match side {
                Some(s) => state.window.map(|w| max_view::window(w, s)),
                None => state.window,
            },
            value: match side {
                Some(s) => value.map(|v| max_view::value(v.0, s)),
                None => value.map(|v| v.0),
            },
            bound: match side {
                Some(s) => state.result.map(|r| max_view::bound(r.bound, s)),
                None => state.result.map(|r| r.bound),
            },
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
            })
            .map(|mut p| {
                p.rule = proof::rule_lines(
                    self.replay.pn(&trace, node).is_none_or(|s| s.or_node),
                    p.numbers,
                    &self
                        .replay
                        .pn_children(&trace, node)
                        .into_iter()
                        .map(|(m, n, _)| (game.format_move(m), n))
                        .collect::<Vec<_>>(),
                );
                let listed: Vec<G::Move> = self
                    .replay
                    .pn_children(&trace, node)
                    .into_iter()
                    .map(|(m, _, _)| m)
                    .collect();
                if !listed.is_empty() {
                    p.children_note = proof::children_note(
                        &game,
                        &listed,
                        self.knowledge_pruning && game.knowledge_prunes(),
                        self.algorithm,
                    );
                }
                if self.knowledge_pruning {
                    p.solver = game.knowledge_lines(false);
                    p.decided_by = game.knowledge_verdict();
                }
                p
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
        if let Some((parent, mv)) = self.new_leaf(node) {
            let (_, line) = self.leaf_position(&trace, parent, mv);
            let mut game = self.root.clone();
            return line
                .iter()
                .map(|&m| {
                    let name = game.format_move(m);
                    game.play(m);
                    name
                })
                .collect();
        }
        if node as usize >= trace.node_count() {
            return Vec::new();
        }
        Names::new(&self.root, &trace).line(node)
    }

    fn board(&self, node: Option<NodeId>, options: BoardOptions) -> BoardView {
        let trace = self.live.read();
        if let Some((parent, mv)) = node.and_then(|n| self.new_leaf(n)) {
            let (game, _) = self.leaf_position(&trace, parent, mv);
            if let Some((overlay, legend)) = game.knowledge_overlay(options.knowledge) {
                return game.board_view(Some(mv), overlay, legend);
            }
            let legend = options
                .values
                .then(|| "a new leaf: not searched yet".to_string());
            return game.board_view(Some(mv), Vec::new(), legend);
        }
        let Some(node) = node.filter(|&n| (n as usize) < trace.node_count()) else {
            let (overlay, legend) = self
                .root
                .knowledge_overlay(options.knowledge)
                .unwrap_or_default();
            return self.root.board_view(None, overlay, legend);
        };
        let (game, line) = self.position(&trace, node);
        let last = line.last().copied();
        // The solver's knowledge (Hex) replaces every other overlay while it is on.
        if let Some((overlay, legend)) = game.knowledge_overlay(options.knowledge) {
            return game.board_view(last, overlay, legend);
        }
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
                "history 1-9 (9 = {}); killers {}",
                heuristics::history_text(max),
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
                // The child's value is from the opponent's view: negated, or turned to
                // MAX's; a bound is drawn as one (`≤0`).
                let (v, b) = value_of(&state)?;
                let open = state.result.is_none();
                let side = self.side(&trace, c).unwrap_or(Side::Min);
                let text = max_view::child_mark(v, b, open, side, self.view);
                Some((mv, text, MarkKind::Value))
            })
            .collect();
        let legend = self
            .view
            .is_max()
            .then(|| "children's values for MAX (≤ ≥: bounds)".to_string());
        game.board_view(last, overlay, legend)
    }

    fn has_knowledge(&self) -> bool {
        G::HAS_KNOWLEDGE
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

    fn chart_kinds(&self) -> Vec<charts::ChartKind> {
        let trace = self.live.read();
        let mut index = self.charts.lock().unwrap_or_else(|e| e.into_inner());
        index.scan(&trace);
        charts::ChartKind::for_search(
            self.algorithm.is_proof_search(),
            Algorithm::ALPHA_BETA_FAMILY.contains(&self.algorithm),
            index.has_table(),
        )
    }

    fn chart(&self, kind: charts::ChartKind, points: usize) -> charts::Chart {
        let trace = self.live.read();
        let mut index = self.charts.lock().unwrap_or_else(|e| e.into_inner());
        let entered = self.replay.entered() as usize;
        index.chart(&trace, self.replay.step(), entered, kind, points)
    }

    fn landed(&self, index: usize) -> Option<(Landed, Option<NodeId>)> {
        let trace = self.live.read();
        let node = trace.events().get(index)?.node();
        Some((landing::landed(&trace, index), node))
    }

    fn explain(&self) -> Option<explain::Explanation> {
        let trace = self.live.read();
        let names = Names::new(&self.root, &trace);
        let name = |at: NodeId, mv: G::Move| names.at(at, mv);
        let mut x = explain::explain_in(&trace, &self.replay, &name, self.view)?;
        // An expansion that lists fewer children than the position has legal moves says
        // which were left out and why, from the game (the trace records only the list).
        if let Some(&Event::PnExpand {
            node,
            moves,
            numbers,
            ..
        }) = trace.events().get(x.event)
        {
            let (game, _) = self.position(&trace, node);
            // The children decided at once, named with their cause where the position
            // tells it (a game end; Hex: the opponent's full connection).
            let listed = trace.moves(moves);
            let kids: Vec<Option<(String, String)>> = listed
                .iter()
                .zip(trace.pn_numbers(numbers, listed.len()))
                .filter(|(_, n)| n.is_solved())
                .map(|(&mv, _)| {
                    let mut child = game.clone();
                    child.play(mv);
                    let cause = if child.outcome().is_some() {
                        Some("by a game end".to_string())
                    } else if self.knowledge_pruning {
                        child.knowledge_loss()
                    } else {
                        None
                    };
                    cause.map(|c| (names.at(node, mv), c))
                })
                .collect();
            if !kids.is_empty() {
                let generic = explain::decided_at_once(&vec![None; kids.len()]);
                if let Some(line) = x.lines.iter_mut().find(|l| **l == generic) {
                    *line = explain::decided_at_once(&kids);
                }
            }
            let mut at = 1.min(x.lines.len());
            if let Some(note) = proof::children_note(
                &game,
                trace.moves(moves),
                self.knowledge_pruning && game.knowledge_prunes(),
                self.algorithm,
            ) {
                x.lines.insert(at, note);
                at += 1;
            }
            // What the solver knew here (Hex: the connections, the moves pruned and why).
            if self.knowledge_pruning {
                for line in game.knowledge_lines(true).into_iter().rev() {
                    x.lines.insert(at, line);
                }
            }
        } else if self.knowledge_pruning
            && let Some(node) = x.node
            && (node as usize) < trace.node_count()
            && trace.node(node).kind().is_proof()
            && self.replay.pn_children(&trace, node).is_empty()
        {
            // A node the solver's knowledge closes before any move is generated (Hex: the
            // mover's semi connection, the opponent's full one) has no expansion to explain
            // it: its events name the connection that decides it.
            let (game, _) = self.position(&trace, node);
            if game.knowledge_decides() {
                x.lines.extend(game.knowledge_lines(true));
            }
        }
        Some(x)
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
